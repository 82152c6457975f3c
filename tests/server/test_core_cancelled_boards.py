"""A board whose result the Director cancels (Laws 12C2, 13-15) ends at a live table: the live store records
it as ended, every client's view shows the artificial adjusted score, and a club table enters that score in
the tournament store once the Director has awarded it (not the empty result of the cancelled board)."""

from __future__ import annotations

import asyncio
from fractions import Fraction
from pathlib import Path
from typing import Any

from tenace import Board, Deal, Seat, parse_call
from tenace.laws import CallMade, Elected, Table
from tenace.laws.decisions import ArtificialScores
from tenace.laws.events import WrongBoardDiscovered
from tenace.laws.refs import DIRECTOR, Director
from tenace.laws.table import Phase
from tenace.scoring.adjusted import Award
from tenace.server.actors import ClubSlot, Hub
from tenace.server.persistence import LiveStore
from tenace.server.protocol import view_message
from tenace.store import Store
from tenace.tournament.model import Conditions, Event, EventKind, Movement, Participant, Seating, Session

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _event(store: Store) -> int:
    movement = Movement("1 table", (Seating(1, 1, "1", "2", (1,)),))
    pairs = (Participant("1", "Pair 1"), Participant("2", "Pair 2"))
    return store.create_event(Event("Club", EventKind.PAIRS, Conditions(), pairs, (Session(1, (movement,)),)))


def test_a_board_played_before_is_cancelled_ends_and_its_artificial_score_is_entered(tmp_path: Path) -> None:
    """Law 15B1: the Director finds the pairs have played this board before; the result is cancelled and he
    awards average plus to North-South and average minus to East-West (Law 12C2(a))."""
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with Store.open(url) as store:
        event_id = _event(store)

    async def play() -> tuple[Table, list[Any], list[Any], dict[str, Any], Any]:
        with Store.open(url) as store:
            live = LiveStore(store.engine)
            hub = Hub(live, store=store)
            created = await hub.create_table(Seat, Board(1, DEAL), boards=1,
                                             club=ClubSlot(event_id, 1, 1, 1, "1", "2"))
            actor = hub.tables[created.id]

            async def send(viewer: Seat | Director, event: Any) -> None:
                await actor.submit(viewer, event)
                await hub.wait_idle(created.id)

            await send(Seat.NORTH, CallMade(Seat.NORTH, parse_call("1C")))
            await send(DIRECTOR, WrongBoardDiscovered(played_before=True))
            ended_at_discovery = list(store.results(event_id))
            stored_board = live.load(created.id).boards[-1]  # type: ignore[union-attr]
            # its only board has ended but the Director has still to award the score: a restart must bring
            # the table back, so it is not closed yet
            assert created.id in {t.id for t in live.load_open()}
            assert actor.table.phase is Phase.ENDED and actor.table.pending is not None
            (choice,) = [o for o in actor.table.pending.options
                         if isinstance(o, ArtificialScores) and (o.ns, o.ew) == (Award.AVERAGE_PLUS,
                                                                                 Award.AVERAGE_MINUS)]
            await send(DIRECTOR, Elected(DIRECTOR, choice))
            message = view_message(actor.table, Seat.EAST)
            table = actor.table
            assert created.id not in {t.id for t in live.load_open()}  # all decided: closed
            await hub.close()
            return table, ended_at_discovery, list(store.results(event_id)), message, stored_board

    table, before_award, after_award, message, stored_board = asyncio.run(play())
    assert stored_board.ended and stored_board.score_ns is None  # ended, with no score obtained at the table
    assert before_award == []  # nothing entered while the Director had not awarded the score
    (result,) = after_award
    assert result.adjusted == table.result_ns()
    assert result.adjusted is not None and result.adjusted.percentages() == (Fraction(60), Fraction(40))
    assert result.contract is None and result.tricks is None
    view = message["view"]
    assert view["phase"] == "ended" and view["score"] is None
    assert view["result"] == {"adjusted": str(result.adjusted), "law": "12C2"}


def test_a_board_played_to_its_end_has_no_adjusted_result_in_the_view(tmp_path: Path) -> None:
    """Passed out (Law 22B): the table's own score stands, so ``result`` is null and ``score`` is 0."""
    async def play() -> dict[str, Any]:
        with Store.open(f"sqlite:///{tmp_path / 'x.db'}") as store:
            hub = Hub(LiveStore(store.engine))
            created = await hub.create_table(Seat, Board(1, DEAL), boards=1)
            actor = hub.tables[created.id]
            for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
                await actor.submit(seat, CallMade(seat, parse_call("P")))
            await hub.wait_idle(created.id)
            message = view_message(actor.table, Seat.SOUTH)
            await hub.close()
            return message

    view = asyncio.run(play())["view"]
    assert view["phase"] == "ended" and view["score"] == 0 and view["result"] is None
