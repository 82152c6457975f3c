"""Law 21B: a call based on misinformation from an opponent may be changed, without other rectification, when
the Director judges the misinformation could well have influenced it, until the end of the auction period and
while partner has not called since (21B1(a)); LHO may then change a call he made over it (21B2)."""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CallMade, Elected, Kind, LawRef, Phase, Table, log
from tenace.laws.decisions import KeepCall, WithdrawCall
from tenace.laws.events import CallChanged, Misinformation, SimultaneousCalls

from ._helpers import E, N, S, W, calls, standing, table


def _transfer_auction() -> Table:
    """1NT, then South's 2D alerted and explained as natural when it was a transfer (the misinformation)."""
    t = calls(table(), "N:1NT E:P")
    return t.apply(CallMade(S, parse_call("2D"), alert=True, explanation="natural, to play"))


def test_21b1a_the_director_allows_a_change_after_misinformation_without_rectification() -> None:
    """West passed over 2D after being told it was natural; the Director finds that this could have influenced
    his pass, and West changes it to a double. No irregularity is recorded against West."""
    t = calls(_transfer_auction(), "W:P")
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X"), unintended=False))
    assert standing(t) == "N:1NT E:P S:2D W:X" and t.turn is N
    assert t.pending is None and t.open_irregularity is None and t.irregularities == ()
    assert t.constraints == ()
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [(W, "P", LawRef(21, "B1(a)"))]


def test_21b1a_16c_the_misinforming_side_is_the_offending_side() -> None:
    """West's withdrawn pass is authorised information for East-West and unauthorised for North-South, the
    side that misinformed (Law 16C)."""
    t = calls(_transfer_auction(), "W:P")
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X"), unintended=False))
    (withdrawn,) = t.withdrawn
    assert t.unauthorised(N) == (withdrawn,) and t.unauthorised(S) == (withdrawn,)
    assert t.unauthorised(E) == () and t.unauthorised(W) == ()


def test_21b2_lho_may_then_change_the_call_he_made_over_it() -> None:
    """North had already completed the transfer with 2H over West's pass: after West's change North may take
    2H back and call again; 16C applies with North-South as the offenders."""
    t = calls(_transfer_auction(), "W:P N:2H")
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X")))
    assert t.pending is not None and t.pending.actor is N
    assert t.pending.options == (KeepCall(LawRef(21, "B2")), WithdrawCall(LawRef(21, "B2")))
    t = t.apply(Elected(N, WithdrawCall(LawRef(21, "B2"))))
    assert standing(t) == "N:1NT E:P S:2D W:X" and t.turn is N
    north_call = t.withdrawn[-1]
    assert (north_call.seat, str(north_call.call), north_call.law) == (N, "2H", LawRef(21, "B2"))
    assert north_call.unauthorised_to(S) and not north_call.unauthorised_to(E)
    t = calls(t, "N:XX")
    assert standing(t) == "N:1NT E:P S:2D W:X N:XX"


def test_21b2_lho_may_keep_his_call() -> None:
    t = calls(_transfer_auction(), "W:P N:2H")
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X")))
    t = t.apply(Elected(N, KeepCall(LawRef(21, "B2"))))
    assert standing(t) == "N:1NT E:P S:2D W:X N:2H" and t.turn is E


def test_21b1a_without_the_directors_finding_an_intended_change_is_law_25b() -> None:
    t = calls(_transfer_auction(), "W:P").apply(CallChanged(W, parse_call("X"), unintended=False))
    assert t.open_irregularity is not None and t.open_irregularity.kind is Kind.CHANGE_OF_CALL


def test_21b1a_not_once_partner_has_called() -> None:
    """East's pass over 1NT cannot be changed once West, his partner, has called over it."""
    t = calls(_transfer_auction(), "W:P")
    with pytest.raises(ImpossibleActionError, match="partner has called"):
        t.apply(Misinformation(E))


def test_21b1a_the_finding_is_a_director_input() -> None:
    assert Misinformation(W).actor is DIRECTOR


def test_21b1a_change_in_the_clarification_period_reopens_the_auction() -> None:
    """After the final pass but before the opening lead, East learns that 2D was a transfer; the Director
    allows him to change his final pass, and the auction continues (21B1(a), Law 17D)."""
    t = calls(_transfer_auction(), "W:P N:2H E:P S:P W:P")
    assert t.phase is Phase.CLARIFICATION and str(t.contract) == "2HN"
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X")))
    assert t.phase is Phase.AUCTION and t.contract is None and t.turn is N
    t = calls(t, "N:P E:P S:P")
    assert str(t.contract) == "2HXN"
    assert Table.replay(t.board, t.record) == t


def test_21b_33_a_record_with_these_events_round_trips_through_the_json_log() -> None:
    """Misinformation findings, changes of call, LHO's elections and simultaneous calls are all kept by the
    lossless JSON log."""
    t = calls(_transfer_auction(), "W:P N:2H")
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X")))
    t = t.apply(Elected(N, WithdrawCall(LawRef(21, "B2"))))
    t = t.apply(SimultaneousCalls(CallMade(E, parse_call("P")), CallMade(N, parse_call("XX"))))
    assert standing(t) == "N:1NT E:P S:2D W:X N:XX E:P"
    assert log.loads(log.dumps(t)) == t
