"""Law 38: a bid of more than seven (say 8C) is never played (38A); it is cancelled with every call made over
it (38B); a pass is substituted and both members of the offending side must pass for the rest of the auction
(38C); the Law 26B lead restrictions apply unless the offender's LHO had called over it (38D)."""

from __future__ import annotations

import pytest

from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import DirectorCalled, Duration, Kind, LawRef, LeadRestriction, MustPass, Policy, Table
from tenace.laws.events import BidAboveSeven
from tenace.laws.log import dumps, loads

from ._helpers import E, N, S, W, calls, standing, table


def test_38_a_bid_above_seven_waits_for_the_director_and_calls_go_on_meanwhile() -> None:
    t = calls(table(), "N:1S E:2H S:7S").apply(BidAboveSeven(W, "8h"))
    assert t.open_irregularity is not None and t.open_irregularity.kind is Kind.BID_ABOVE_SEVEN
    assert t.open_irregularity.law == LawRef(38) and t.turn is N
    t = calls(t, "N:P")
    assert standing(t) == "N:1S E:2H S:7S" and t.turn is E


def test_38b_38c_the_bid_and_the_calls_over_it_are_cancelled_a_pass_is_substituted_the_side_passes() -> None:
    """West bids 8H over 7S; North, his LHO, passes over it; then attention is drawn. Both calls go, West
    passes, and East and West must pass to the end; since West's LHO had called, no lead restriction (38D)."""
    # Law 35C: a bid above seven is inadmissible; Law 38B: it and North's pass over it are cancelled; Law 38C:
    # West's pass is substituted and East-West must pass to the end; Law 38A: 7S, not 8H, is the contract.
    t = calls(table(), "N:1S E:2H S:7S").apply(BidAboveSeven(W, "8H"))
    t = calls(t, "N:P").apply(DirectorCalled(E))
    assert standing(t) == "N:1S E:2H S:7S W:P" and t.turn is N and t.open_irregularity is None
    assert MustPass(W, Duration.REST_OF_AUCTION, LawRef(38, "C")) in t.constraints
    assert MustPass(E, Duration.REST_OF_AUCTION, LawRef(38, "C")) in t.constraints
    assert not any(isinstance(c, LeadRestriction) for c in t.constraints)  # 38D: West's LHO had called
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [(N, "P", LawRef(38, "B"))]
    t = calls(t, "N:P E:P")
    assert str(t.contract) == "7SN"  # 38A: no contract above seven; the last lawful bid stands


def test_38d_with_no_call_over_it_the_26b_lead_restriction_applies() -> None:
    t = calls(table(), "N:1S E:2H S:7S").apply(BidAboveSeven(W, "8H")).apply(DirectorCalled(N))
    assert LeadRestriction(E, W, LawRef(38, "D")) in t.constraints
    t = calls(t, "N:P E:P")
    assert str(t.contract) == "7SN" and t.pending is not None and t.pending.law == LawRef(26, "B")


def test_38_the_record_replays_and_round_trips_through_the_log() -> None:
    t = calls(table(), "N:1S E:2H S:7S").apply(BidAboveSeven(W, "9NT"))
    t = calls(t, "N:P").apply(DirectorCalled(E))
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert loads(dumps(t)) == t


def test_38_bad_input_is_refused_and_the_table_is_unchanged() -> None:
    with pytest.raises(ValueError, match="above seven"):
        BidAboveSeven(N, "7NT")
    t = calls(table(), "N:1S")
    with pytest.raises(ImpossibleActionError, match="East's turn"):
        t.apply(BidAboveSeven(S, "8C"))
    online = Table.new(table().board, table().regulations.__class__(policy=Policy.ONLINE))
    with pytest.raises(UnlawfulActionError, match="Law 38"):
        online.apply(BidAboveSeven(N, "8C"))
