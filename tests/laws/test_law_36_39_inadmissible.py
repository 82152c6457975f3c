"""Laws 36-39: inadmissible doubles and redoubles, calls by a player required to pass, calls after the final
pass."""

from __future__ import annotations

import pytest

from tenace import Contract, parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import (
    CallMade,
    CardPlayed,
    DirectorCalled,
    Duration,
    Elected,
    LawRef,
    LeadRestriction,
    MustPass,
    Phase,
    Reject,
    Table,
)
from tenace.laws.log import dumps, loads
from tenace.scoring.points import score

from ._helpers import E, N, S, W, calls, standing, table


def test_36a_lho_calls_over_an_inadmissible_double_both_calls_are_cancelled() -> None:
    """North opens, South doubles his partner's bid (not allowed by Law 19A1); West calls before anyone draws
    attention, and North too. When attention is drawn, still in the auction, the double and every call after
    it are cancelled and the auction goes back to South as if nothing had happened (no rectification)."""
    t = calls(table(), "N:1C E:P S:X W:1H N:P")
    assert standing(t) == "N:1C E:P S:X W:1H N:P" and t.turn is E and t.open_irregularity is None
    t = t.apply(DirectorCalled(E))
    assert standing(t) == "N:1C E:P" and t.turn is S
    assert t.constraints == ()
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [
        (S, "X", LawRef(36, "A")), (W, "1H", LawRef(36, "A")), (N, "P", LawRef(36, "A"))
    ]
    assert all(w.offending_side is S.side for w in t.withdrawn)  # Law 16C: West's 1H is authorised to E-W
    assert not t.unauthorised(E) and len(t.unauthorised(N)) == 3
    t = calls(t, "S:1H W:P N:P E:P")
    assert str(t.contract) == "1HS"


def _redoubled_unnoticed(script: str = "N:1C E:P S:XX W:P N:P E:P") -> Table:
    """South redoubles his partner's undoubled 1C (not allowed by Law 19B1) and nobody notices: the auction
    ends with it in the record."""
    return calls(table(), script)


def test_36c_an_inadmissible_redouble_nobody_noticed_stays_in_the_auction_and_counts_for_nothing() -> None:
    """Law 36C: the redouble is kept in the auction as it was made (the record, the PBN auction), but the
    final contract is 1C undoubled; found only after the opening lead, it changes nothing but the score,
    which is that of 1C undoubled."""
    t = _redoubled_unnoticed()
    assert standing(t) == "N:1C E:P S:XX W:P N:P E:P"
    assert t.calls[2].inadmissible and t.phase is Phase.CLARIFICATION
    undoubled = Contract.from_str("1C", declarer=N)
    assert t.contract == undoubled  # as if the redouble had not been made
    t = t.apply(CardPlayed(E, min(t.legal_cards())))  # the opening lead is faced: Law 36A is over
    assert t.phase is Phase.PLAY
    with pytest.raises(ImpossibleActionError, match="irregularity"):
        t.apply(DirectorCalled(W))
    assert standing(t) == "N:1C E:P S:XX W:P N:P E:P"
    while t.phase is Phase.PLAY:
        t = t.apply(CardPlayed(t.play.turn, min(t.legal_cards())))  # type: ignore[union-attr]
    tricks = t.declarer_tricks
    assert tricks is not None
    assert t.score_ns() == score(undoubled, tricks, vulnerable=False)
    assert score(Contract.from_str("1CXX", declarer=N), tricks, vulnerable=False) != t.score_ns()
    assert Table.replay(t.board, t.record, t.regulations) == t and loads(dumps(t)) == t


def test_36a_attention_drawn_in_the_clarification_period_reopens_the_auction() -> None:
    """The auction period lasts until the opening lead is faced (Law 17D): attention drawn to the unnoticed
    redouble after the final pass but before the lead cancels it and the three passes (Law 36A); South calls
    again, with no Law 26B restriction and nobody silenced."""
    t = _redoubled_unnoticed()
    assert t.phase is Phase.CLARIFICATION
    t = t.apply(DirectorCalled(E))
    assert t.phase is Phase.AUCTION and t.turn is S and t.contract is None
    assert standing(t) == "N:1C E:P" and t.constraints == ()
    t = calls(t, "S:1NT W:P N:P E:P")
    assert str(t.contract) == "1NTS"


def test_36c_an_unnoticed_inadmissible_double_does_not_stop_a_pass_out() -> None:
    """East doubles with no bid before him (Law 19A: nothing to double) and South, his LHO, passes over it;
    then West and North pass: four passes besides the double, so the board is passed out (Law 22B) with the
    double kept in the auction; as if it had not been made (Law 36C)."""
    t = calls(table(), "N:P E:X S:P W:P N:P")
    assert standing(t) == "N:P E:X S:P W:P N:P" and t.phase is Phase.ENDED
    assert t.contract is None and t.score_ns() == 0


def test_36_the_auction_after_an_unnoticed_redouble_goes_on_as_if_it_had_not_been_made() -> None:
    """After South's unnoticed redouble of the undoubled 1C, West may still double 1C (Law 19A), and the
    contract is then doubled, not redoubled: the inadmissible redouble counts for nothing (Law 36C)."""
    t = calls(table(), "N:1C E:P S:XX W:X N:P E:P S:P")
    assert standing(t) == "N:1C E:P S:XX W:X N:P E:P S:P"
    assert str(t.contract) == "1CXN"


def test_36a_an_inadmissible_double_out_of_rotation_cancelled_by_lhos_call() -> None:
    """South doubles his partner's 1C at East's turn (out of rotation and not allowed by Law 19A1); West, the
    offender's LHO, calls before anyone draws attention. Law 36A (not 29A: such a double is never accepted):
    both calls are cancelled and the auction goes back to East, whose turn it was; no Law 26B restriction."""
    t = calls(table(), "N:1C S:X")
    assert t.open_irregularity is not None
    t = calls(t, "W:P")
    assert standing(t) == "N:1C" and t.turn is E and t.open_irregularity is None
    assert t.constraints == ()
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [
        (S, "X", LawRef(36, "A")), (W, "P", LawRef(36, "A"))
    ]
    assert [w.offending_side for w in t.withdrawn] == [S.side, S.side]  # West's pass is authorised to E-W
    t = calls(t, "E:P S:1H W:P N:P E:P")
    assert str(t.contract) == "1HS"


def test_36b_inadmissible_double_cancelled_offender_substitutes_partner_passes_throughout() -> None:
    """South doubles his partner's 1C (inadmissible, Law 35A) and West draws attention before calling.
    Law 36B1: the double is cancelled; Law 36B2: South, still in turn, substitutes a legal call and North
    must pass whenever his turn comes; Law 36B3: the 26B lead restriction is available to the opponents."""
    t = calls(table(), "N:1C E:P S:X").apply(DirectorCalled(W))
    assert t.turn is S and standing(t) == "N:1C E:P"
    assert MustPass(N, Duration.REST_OF_AUCTION, LawRef(36, "B2")) in t.constraints
    assert LeadRestriction(N, S, LawRef(26, "B")) in t.constraints
    t = calls(t, "S:1H W:P N:P E:P")
    assert str(t.contract) == "1HS"


def test_36_redouble_without_a_double_is_inadmissible() -> None:
    """A redouble of an undoubled bid is not permitted by Law 19B1: inadmissible (Law 35A), under Law 36."""
    t = calls(table(), "N:1C E:P S:XX")
    assert t.open_irregularity is not None and t.open_irregularity.law == LawRef(36)


def _east_must_pass() -> object:
    """East passes at North's turn (North is East's RHO): cancelled, East must pass at his next turn
    (Law 30A)."""
    t = calls(table(), "E:P").apply(DirectorCalled(S))
    return t.apply(Elected(S, Reject(LawRef(29, "B"))))


def test_37b_call_by_a_player_required_to_pass_is_cancelled_and_both_must_pass() -> None:
    """East must pass (30A) but bids 1S (inadmissible, Law 35B); South draws attention. Law 37B1: the 1S is
    cancelled; Law 37B2: a pass is substituted and East and West must pass for the rest of the auction."""
    t = calls(_east_must_pass(), "N:1C E:1S").apply(DirectorCalled(S))  # type: ignore[arg-type]
    assert standing(t) == "N:1C E:P" and t.turn is S
    assert MustPass(E, Duration.REST_OF_AUCTION, LawRef(37, "B2")) in t.constraints
    assert MustPass(W, Duration.REST_OF_AUCTION, LawRef(37, "B2")) in t.constraints


def test_37a_lho_calls_before_rectification_and_the_inadmissible_bid_stands() -> None:
    t = calls(_east_must_pass(), "N:1C E:1S S:2H")  # type: ignore[arg-type]
    assert standing(t) == "N:1C E:1S S:2H" and t.open_irregularity is None


def test_28a_call_at_rhos_turn_when_rho_must_pass_is_in_rotation() -> None:
    """East must pass at his next turn; South calls at East's turn: East is deemed to have passed."""
    t = calls(_east_must_pass(), "N:1C S:1H")  # type: ignore[arg-type]
    assert standing(t) == "N:1C E:P S:1H" and t.open_irregularity is None and t.turn is W


def test_39a_call_after_the_final_pass_is_cancelled_and_39c_brings_lead_restrictions() -> None:
    """After 1H P P P, East (a future defender) bids 2S, inadmissible (Law 35D): the bid is cancelled
    (Law 39A), and declarer may restrict West's lead (Laws 39C, 26B)."""
    t = calls(table(), "N:1H E:P S:P W:P")
    t = t.apply(CallMade(E, parse_call("2S")))
    assert standing(t) == "N:1H E:P S:P W:P" and str(t.contract) == "1HN"
    assert LeadRestriction(W, E, LawRef(39, "C")) in t.constraints
    assert [str(w.call) for w in t.withdrawn] == ["2S"]


def test_39b_pass_after_the_final_pass_has_no_rectification() -> None:
    t = calls(table(), "N:1H E:P S:P W:P").apply(CallMade(N, parse_call("P")))
    assert t.constraints == () and t.phase is Phase.CLARIFICATION


def test_39b_offenders_lho_calls_after_the_infraction_and_the_lead_restriction_lapses() -> None:
    """East, a future defender, bids 2S after the final pass, and South, his LHO, calls over it before anyone
    rectifies: both calls are cancelled and East's bid brings no lead restriction (Law 39B)."""
    t = calls(table(), "N:1H E:P S:P W:P")
    t = t.apply(CallMade(E, parse_call("2S"))).apply(CallMade(S, parse_call("P")))
    assert standing(t) == "N:1H E:P S:P W:P" and str(t.contract) == "1HN"
    assert not any(isinstance(c, LeadRestriction) for c in t.constraints)
    assert [str(w.call) for w in t.withdrawn] == ["2S", "P"]


def test_39c_a_call_by_someone_else_than_offenders_lho_leaves_the_restriction() -> None:
    t = calls(table(), "N:1H E:P S:P W:P")
    t = t.apply(CallMade(E, parse_call("2S"))).apply(CallMade(N, parse_call("P")))
    assert LeadRestriction(W, E, LawRef(39, "C")) in t.constraints
