"""The big-field hot path of tournament scoring (issue 16): the Law 2 table and the paused collector."""

from __future__ import annotations

import gc

import pytest

from tenace.board import vulnerability_for
from tenace.contract import Contract
from tenace.seats import Seat
from tenace.tournament.model import Conditions, Event, EventKind, Participant, Result, law2_vulnerable
from tenace.tournament.scoring import score_event


def test_law2_table_matches_vulnerability_for() -> None:
    for board in range(1, 100):
        vul = vulnerability_for(board)
        assert law2_vulnerable(board) == (vul.is_vulnerable(Seat.NORTH), vul.is_vulnerable(Seat.EAST))
    with pytest.raises(ValueError, match="board numbers start at 1"):
        law2_vulnerable(0)


def _event() -> Event:
    return Event("e", EventKind.PAIRS, Conditions(), tuple(Participant(p, p) for p in ("1", "2", "3", "4")))


def _results(second_ns: str = "3") -> list[Result]:
    return [Result(1, 1, 1, "1", "2", Contract.from_str("4SN"), 10),
            Result(1, 1, 2, second_ns, "4", Contract.from_str("4SN"), 9)]


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_state_is_restored(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        if enabled:
            gc.enable()
        else:
            gc.disable()
        score_event(_event(), _results())
        assert gc.isenabled() is enabled
        with pytest.raises(ValueError, match="already has a result on board 1"):
            score_event(_event(), _results(second_ns="1"))
        assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_plain_scores_are_result_ns_score() -> None:
    results = [Result(b, 1, t, f"{t}", f"{t + 2}", Contract.from_str(c), tricks)
               for b in range(1, 18) for t, c, tricks in ((1, "3NTE", 8), (2, "2HXN", 9))]
    scored = score_event(_event(), results)
    lines = [line for traveller in scored.travellers for line in traveller.lines]
    assert [line.ns_score for line in lines] == [r.ns_score() for r in results]
