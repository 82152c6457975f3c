"""Law 7B: each player counts his cards face down before his first call; a wrong count then is a Law 13 or
Law 14 matter before any call has been made with the wrong hand."""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CallMade, Phase, Table
from tenace.laws.decisions import RestoreHands
from tenace.laws.events import CardsCounted, WrongCardCount
from tenace.laws.wrong_board import ruling

from ._helpers import E, N, S, calls, table


def test_7b2_thirteen_cards_counted_changes_nothing() -> None:
    t = table().apply(CardsCounted(N, 13)).apply(CardsCounted(E, 13))
    assert t.pending is None and t.turn is N and t.phase is Phase.AUCTION
    assert t.mishaps.counted == (N, E) and ruling(t).findings == ()


def test_7b2_cards_are_counted_before_the_players_first_call() -> None:
    t = calls(table(), "N:1C")
    with pytest.raises(ImpossibleActionError, match="Law 7B2"):
        t.apply(CardsCounted(N, 13))
    assert calls(t, "E:P").apply(CardsCounted(S, 13)).turn is S  # South has not called yet


def test_7b2_a_short_count_goes_to_the_director_under_law_14a_before_any_call() -> None:
    t = table().apply(CardsCounted(S, 12))
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.turn is DIRECTOR
    assert [str(o.law) for o in t.pending.options] == ["Law 14A1", "Law 14A2"]
    assert all(isinstance(o, RestoreHands) for o in t.pending.options)
    with pytest.raises(ImpossibleActionError, match="pending"):  # nobody calls until the Director has acted
        t.apply(CallMade(N, parse_call("1C")))


def test_7b2_a_long_count_before_any_call_is_law_13a() -> None:
    t = table().apply(CardsCounted(E, 14))
    assert t.pending is not None and str(t.pending.law) == "Law 13A"
    assert [str(o.law) for o in t.pending.options] == ["Law 13A1", "Law 13A2"]


@pytest.mark.parametrize("count", [-1, 53])
def test_7b2_a_count_no_hand_can_hold_is_refused(count: int) -> None:
    with pytest.raises(ImpossibleActionError):
        table().apply(CardsCounted(N, count))


def test_7b2_a_short_count_becomes_law_13_when_the_director_finds_another_hand_with_fourteen() -> None:
    """South counts 12 (a Law 14A case at first); the Director then finds East holds 14: the deal had a hand
    with more than 13, so Law 13A applies to both hands instead (the Law 13 route is not lost)."""
    t = table().apply(CardsCounted(S, 12))
    assert t.pending is not None and str(t.pending.law) == "Law 14A"
    t = t.apply(WrongCardCount(E, 14))
    assert t.pending is not None and str(t.pending.law) == "Law 13A"
    assert [str(o.law) for o in t.pending.options] == ["Law 13A1", "Law 13A2"]
    assert set(t.mishaps.wrong) == {E, S}
    assert [str(f.law) for f in ruling(t).findings] == ["Law 14A", "Law 13A"]
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_7b2_a_second_short_hand_found_keeps_law_14() -> None:
    t = table().apply(CardsCounted(S, 12)).apply(WrongCardCount(N, 12))
    assert t.pending is not None and str(t.pending.law) == "Law 14A"
    assert set(t.mishaps.wrong) == {N, S}
