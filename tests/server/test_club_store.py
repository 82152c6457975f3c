"""Where club sessions keep their state (tenace.server.club_store): compare-and-set writes, the sessions being
played, and the live table of a board found again by its place in the event (so that a process that stopped
between opening a table and writing the session down never opens the board twice)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import Engine

from tenace.board import Board
from tenace.deal import Deal
from tenace.server.club_store import (
    find_club_table,
    playing_ids,
    read_state,
    session_for_table,
    table_scores,
    write_state,
)
from tenace.server.persistence import LiveStore, NewTable, SeatRow
from tenace.store import Store
from tenace.tournament.model import Conditions, Event, EventKind

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.open("sqlite://") as store:
        yield store


@pytest.fixture
def engine(store: Store) -> Engine:
    return store.engine


@pytest.fixture
def new_event(store: Store) -> Callable[[], int]:
    def make() -> int:
        event_id: int = store.create_event(Event("Club", EventKind.PAIRS, Conditions(), ()))
        return event_id
    return make


def _club(event_id: int, round: int = 1, table: int = 2) -> dict[str, object]:
    return {"event_id": event_id, "session": 1, "table": table, "round": round, "ns": "4", "ew": "1"}


def _table(engine: Engine, table_id: str, club: dict[str, object] | None, board: int) -> None:
    seats = {s: SeatRow("robot") for s in "NESW"}
    LiveStore(engine).create_table(NewTable(table_id, seats, "online", None, 1, club), Board(board, DEAL))


def test_a_write_over_a_state_another_process_changed_is_refused_and_changes_nothing(
    engine: Engine, new_event: Callable[[], int]
) -> None:
    event_id = new_event()
    assert write_state(engine, "s", event_id, '{"round": 1}')
    assert write_state(engine, "s", event_id, '{"round": 2}', expected='{"round": 1}')
    assert not write_state(engine, "s", event_id, '{"round": 3}', expected='{"round": 1}')  # stale copy
    assert read_state(engine, "s") == '{"round": 2}'
    assert read_state(engine, "nobody") is None


def test_only_sessions_whose_status_is_playing_are_found_not_a_name_that_says_so(
    engine: Engine, new_event: Callable[[], int]
) -> None:
    event_id = new_event()
    for session_id, status, name in (("a", "playing", "x"), ("b", "finished", '"status": "playing"'),
                                     ("c", "between-rounds", "y")):
        state = json.dumps({"id": session_id, "status": status, "name": name})
        write_state(engine, session_id, event_id, state)
    assert playing_ids(engine) == ["a"]


def test_a_clubs_live_table_is_found_by_its_event_round_table_and_board_only(
    engine: Engine, new_event: Callable[[], int]
) -> None:
    event_id, other = new_event(), new_event()
    _table(engine, "t1", _club(event_id), board=3)
    _table(engine, "t2", _club(other), board=3)
    _table(engine, "t3", None, board=3)
    assert find_club_table(engine, _club(event_id), 3) == "t1"
    assert find_club_table(engine, _club(other), 3) == "t2"
    assert find_club_table(engine, _club(event_id), 4) is None
    assert find_club_table(engine, _club(event_id, round=2), 3) is None
    assert find_club_table(engine, _club(event_id, table=1), 3) is None


def test_table_scores_are_none_until_the_board_ends_and_the_table_leads_to_its_session(
    engine: Engine, new_event: Callable[[], int]
) -> None:
    event_id = new_event()
    _table(engine, "t1", _club(event_id), board=1)
    _table(engine, "t2", _club(event_id, table=1), board=1)
    LiveStore(engine).end_board("t2", 1, -50, "1NTS", 6)
    assert table_scores(engine, ["t1", "t2"]) == {"t1": None, "t2": -50}
    assert table_scores(engine, []) == {}
    write_state(engine, "s", event_id, "{}")
    assert session_for_table(engine, "t1") == "s"
    _table(engine, "solo", None, board=1)
    assert session_for_table(engine, "solo") is None
