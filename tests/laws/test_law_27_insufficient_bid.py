"""Law 27: an insufficient bid, accepted or not, and how it is replaced."""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import (
    DIRECTOR,
    Accept,
    CallMade,
    Comparable,
    DirectorCalled,
    Duration,
    Elected,
    LawRef,
    LeadRestriction,
    MustPass,
    Phase,
    Policy,
    Reject,
)

from ._helpers import E, N, S, W, calls, standing, table


def test_27a1_lho_calling_accepts_the_insufficient_bid() -> None:
    """Offender's LHO may accept an insufficient bid, and does so by calling over it; sufficiency
    afterwards is measured against the accepted bid."""
    t = calls(table(), "N:1H E:1D S:1H")
    assert standing(t) == "N:1H E:1D S:1H"
    assert t.open_irregularity is None and t.irregularities[0].law == LawRef(27)
    t = calls(t, "W:P N:P E:P")
    assert t.contract is not None and str(t.contract) == "1HN"  # North named hearts first


def test_27a1_lho_accepts_after_the_director_explains() -> None:
    """Law 10C1: called, the Director states every option, here LHO's acceptance (27A1) or not (27B)."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    assert t.pending is not None and t.pending.actor is S
    assert t.pending.options == (Accept(LawRef(27, "A1")), Reject(LawRef(27, "B")))
    t = t.apply(Elected(S, Accept(LawRef(27, "A1"))))
    assert standing(t) == "N:1H E:1D" and t.turn is S and t.constraints == ()


def _rejected() -> object:
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    return t.apply(Elected(S, Reject(LawRef(27, "B"))))


def test_27b1a_lowest_sufficient_bid_in_the_same_denomination_has_no_rectification() -> None:
    """Replacing 1D with 2D (the lowest sufficient diamond bid) needs no further rectification, and the
    withdrawn bid is not unauthorised information (Law 16C does not apply)."""
    t = calls(_rejected(), "E:2D")  # type: ignore[arg-type]
    assert standing(t) == "N:1H E:2D" and t.constraints == () and t.withdrawn == ()
    assert t.pending is None and t.turn is S


def test_27b1b_comparable_call_judged_by_the_director_has_no_rectification() -> None:
    t = calls(_rejected(), "E:2C")  # type: ignore[arg-type]
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.pending.law == LawRef(23)
    t = t.apply(Elected(DIRECTOR, Comparable(True, LawRef(23, "A"))))
    assert standing(t) == "N:1H E:2C" and t.constraints == () and t.withdrawn == ()


def test_27b2_non_comparable_replacement_silences_partner_for_the_rest_of_the_auction() -> None:
    t = calls(_rejected(), "E:P")  # type: ignore[arg-type]
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    assert standing(t) == "N:1H E:P"
    assert MustPass(W, Duration.REST_OF_AUCTION, LawRef(27, "B2")) in t.constraints
    assert LeadRestriction(W, E, LawRef(26, "B")) in t.constraints
    assert [(w.seat, str(w.call)) for w in t.withdrawn] == [(E, "1D")]  # Law 16C
    t = calls(t, "S:2H W:P N:P E:P")
    assert str(t.contract) == "2HN"


def test_27b2_partner_bidding_while_required_to_pass_is_a_law_37_irregularity() -> None:
    t = calls(_rejected(), "E:P")  # type: ignore[arg-type]
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    t = calls(t, "S:P W:2S")
    assert t.open_irregularity is not None and t.open_irregularity.law == LawRef(37)


def test_27b3_a_double_that_is_not_comparable_is_cancelled_and_must_be_replaced() -> None:
    t = calls(_rejected(), "E:X")  # type: ignore[arg-type]
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B3"))))
    assert standing(t) == "N:1H" and t.turn is E
    assert [str(w.call) for w in t.withdrawn] == ["1D", "X"]
    with pytest.raises(ImpossibleActionError, match="27B3"):
        calls(t, "E:X")
    t = calls(t, "E:2D")
    assert standing(t) == "N:1H E:2D"
    assert MustPass(W, Duration.REST_OF_AUCTION, LawRef(27, "B3")) in t.constraints


def test_27b4_a_second_insufficient_bid_may_be_accepted_by_lho() -> None:
    t = calls(_rejected(), "E:1C S:P")  # type: ignore[arg-type]
    assert standing(t) == "N:1H E:1C S:P"


def test_27b4_a_second_insufficient_bid_not_accepted_is_ruled_as_27b3() -> None:
    t = calls(_rejected(), "E:1C").apply(DirectorCalled(S))  # type: ignore[arg-type]
    t = t.apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:2C")
    assert standing(t) == "N:1H E:2C"
    assert any(isinstance(c, MustPass) and c.seat is W for c in t.constraints)


def test_an_option_not_offered_is_refused_and_the_table_is_unchanged() -> None:
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    with pytest.raises(ImpossibleActionError, match="not offered"):
        t.apply(Elected(S, Accept(LawRef(29, "A"))))
    with pytest.raises(ImpossibleActionError, match="South's, not W"):
        t.apply(Elected(W, Accept(LawRef(27, "A1"))))
    assert len(t.record) == 3 and t.pending is not None


def test_online_policy_refuses_an_insufficient_bid() -> None:
    t = calls(table(policy=Policy.ONLINE), "N:1H")
    with pytest.raises(UnlawfulActionError, match="insufficient bid") as info:
        t.apply(CallMade(E, parse_call("1D")))
    assert info.value.irregularity is not None
    assert t.phase is Phase.AUCTION and standing(t) == "N:1H"


def test_nobody_but_lho_may_call_over_an_open_insufficient_bid() -> None:
    t = calls(table(), "N:1H E:1D")
    with pytest.raises(ImpossibleActionError, match="Director must be called"):
        t.apply(CallMade(N, parse_call("2H")))


def test_27a2_an_insufficient_bid_out_of_rotation_is_ruled_under_law_31() -> None:
    """Law 27A2: North opens 1H and West bids 1D at East's (his partner's) turn, insufficient and out of
    rotation. It is a call out of rotation, not a Law 27 case: North may accept it (29A) or not; refused, the
    auction reverts to East and West's later call is judged under Law 31B, with no 27B replacement."""
    t = calls(table(), "N:1H W:1D")
    assert t.open_irregularity is not None and t.open_irregularity.law == LawRef(29)
    t = t.apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.actor is N
    assert [o.law for o in t.pending.options] == [LawRef(29, "A"), LawRef(29, "B")]
    t = t.apply(Elected(N, Reject(LawRef(29, "B"))))
    assert standing(t) == "N:1H" and t.turn is E and t.constraints == ()
    t = calls(t, "E:P S:P W:2D")
    assert t.pending is not None and t.pending.actor is DIRECTOR
    assert Comparable(False, LawRef(31, "B")) in t.pending.options


def _replaced_early(replacement: str) -> object:
    """North 1H, East 1D (insufficient) and at once, before anyone calls the Director, East's replacement."""
    t = calls(table(), f"N:1H E:1D E:{replacement}")
    assert t.open_irregularity is not None and t.turn is E  # the replacement waits (Law 27C)
    return t.apply(DirectorCalled(S))


def test_27c_a_premature_replacement_judged_under_27b_when_lho_does_not_accept() -> None:
    """Law 27C: East replaces 1D by 2D before the Director ruled. South does not accept 1D: the 2D stands and
    is judged under 27B, here the lowest sufficient bid in diamonds (27B1(a)): no rectification."""
    t = _replaced_early("2D")
    assert t.pending is not None and t.pending.actor is S and "2D" in t.pending.explanation
    t = t.apply(Elected(S, Reject(LawRef(27, "B"))))
    assert standing(t) == "N:1H E:2D" and t.turn is S and t.constraints == () and t.pending is None


def test_27c_a_premature_replacement_not_the_lowest_silences_partner_as_27b2() -> None:
    """Law 27C with 27B2: East's early 3D is not the lowest sufficient diamond bid; the Director judges it not
    comparable (27B1(b) fails), so it stands and West must pass for the rest of the auction; the premature
    correction brings the lead restrictions of Law 26B as well (Law 9C)."""
    t = _replaced_early("3D").apply(Elected(S, Reject(LawRef(27, "B"))))
    assert t.pending is not None and t.pending.actor is DIRECTOR  # is 3D comparable to 1D?
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    assert standing(t) == "N:1H E:3D" and t.turn is S
    assert MustPass(W, Duration.REST_OF_AUCTION, LawRef(27, "B2")) in t.constraints
    assert LeadRestriction(W, E, LawRef(26, "B")) in t.constraints


def test_27c_lho_accepting_the_insufficient_bid_cancels_the_premature_replacement() -> None:
    """Law 27C: South accepts 1D (27A1): it stands and East's 2D is cancelled, its information unauthorised
    to West (Law 16C2)."""
    t = _replaced_early("2D").apply(Elected(S, Accept(LawRef(27, "A1"))))
    assert standing(t) == "N:1H E:1D" and t.turn is S
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [(E, "2D", LawRef(27, "C"))]
    assert t.withdrawn[0].unauthorised_to(W) and not t.withdrawn[0].unauthorised_to(N)


def test_27c_nobody_else_calls_before_the_director_rules_on_a_premature_replacement() -> None:
    t = calls(table(), "N:1H E:1D E:2D")
    with pytest.raises(ImpossibleActionError, match="27C"):
        calls(t, "S:P")
