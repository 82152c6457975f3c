"""The protocol's newer parts: the claim, what was said and the duties of correction in the view; think times
kept in the store but never sent; changes of call, questions and explanations sent by clients."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tenace import Board, Card, Deal, Seat, parse_call
from tenace.formats.json import board_to_json
from tenace.laws import CallMade, CardPlayed, ClaimMade, Table
from tenace.laws.events import (
    CallChanged,
    ClaimAnswered,
    ExplanationGiven,
    LogicalAlternatives,
    Mistake,
    MistakeFound,
    QuestionAsked,
    Suggested,
    UIReason,
    UIReserved,
    UIRuling,
)
from tenace.laws.log import event_from_json
from tenace.laws.refs import DIRECTOR, Director, Policy, Regulations
from tenace.laws.table import Phase
from tenace.scoring.adjusted import AssignedAdjustedScore
from tenace.server.actors import ClubSlot, Hub, event_time
from tenace.server.app import create_app
from tenace.server.persistence import LiveStore
from tenace.server.protocol import ProtocolError, parse_action, to_event, view_message
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Movement,
    Participant,
    Result,
    Seating,
    Session,
)

from .privacy import Recorder

DEAL = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")
VIEWERS = (*Seat, None)


def _table() -> Table:
    return Table.new(Board(1, DEAL), Regulations(policy=Policy.ONLINE))


def _after_lead() -> Table:
    table = _table()
    for seat, call in ((Seat.NORTH, "1NT"), (Seat.EAST, "P"), (Seat.SOUTH, "3NT"), (Seat.WEST, "P"),
                       (Seat.NORTH, "P"), (Seat.EAST, "P")):
        table = table.apply(CallMade(seat, parse_call(call)))
    return table.apply(CardPlayed(Seat.EAST, Card.from_str("SQ")))


def test_every_viewer_reads_the_claim_statement_and_who_agreed() -> None:
    table = _after_lead().apply(ClaimMade(Seat.NORTH, 13, "top tricks, spades first"))
    for viewer in VIEWERS:
        claim = view_message(table, viewer)["view"]["claim"]
        assert claim["seat"] == "N" and claim["tricks"] == 13
        assert claim["statement"] == "top tricks, spades first"
        assert claim["agreed_by"] == [] and claim["objected"] is False
    table = table.apply(ClaimAnswered(Seat.EAST, True))
    assert view_message(table, Seat.WEST)["view"]["claim"]["agreed_by"] == ["E"]


def test_there_is_no_claim_in_the_view_before_anyone_claims() -> None:
    assert all(view_message(_after_lead(), viewer)["view"]["claim"] is None for viewer in VIEWERS)


def test_said_holds_what_each_viewer_heard_and_nothing_for_the_callers_partner() -> None:
    table = _table().apply(CallMade(Seat.NORTH, parse_call("1NT"), True, None))
    table = table.apply(QuestionAsked(Seat.EAST, 0)).apply(ExplanationGiven(Seat.NORTH, 0, "15-17"))
    east = view_message(table, Seat.EAST)["view"]["said"]
    assert [s["type"] for s in east] == ["Question", "Explanation"]
    assert east[0]["seat"] == "E" and east[0]["about"] == 0
    assert east[1]["text"] == "15-17" and east[1]["by"] == "N" and east[1]["call"] == "1NT"
    # the explanation goes to the opponents only (as behind screens, Law 20F): South hears none of it
    assert view_message(table, Seat.SOUTH)["view"]["said"] == []
    assert [s["text"] for s in view_message(table, Seat.WEST)["view"]["said"]] == ["15-17"]
    assert view_message(table, Seat.EAST)["view"]["duties"] == []


def test_duties_of_correction_go_only_to_their_owner_and_the_director() -> None:
    """N 1NT, E P, S 2D (a transfer) explained by North as natural; the Director finds the explanation
    mistaken (Law 75): North must correct it (20F4), South in due time (20F5); nobody else sees a duty."""
    deal = Deal.from_pbn("N:AK2.KQ3.A432.J32 QJT9.76.KQJ5.KQ7 43.AJ9854.76.854 8765.T2.T98.AT96")
    table = Table.new(Board(1, deal), Regulations(policy=Policy.LAWS))
    for seat, call in ((Seat.NORTH, "1NT"), (Seat.EAST, "P"), (Seat.SOUTH, "2D")):
        table = table.apply(CallMade(seat, parse_call(call)))
    table = table.apply(ExplanationGiven(Seat.NORTH, 2, "natural, diamonds"))
    table = table.apply(MistakeFound(2, Mistake.EXPLANATION))
    north = view_message(table, Seat.NORTH)["view"]["duties"]
    south = view_message(table, Seat.SOUTH)["view"]["duties"]
    assert [(d["seat"], d["call_index"], d["call"]) for d in north] == [("N", 2, "2D")]
    assert [d["seat"] for d in south] == ["S"] and south[0]["now"] is False  # not while the auction lasts
    assert view_message(table, Seat.EAST)["view"]["duties"] == []
    assert view_message(table, Seat.WEST)["view"]["duties"] == []
    assert view_message(table, None)["view"]["duties"] == []
    assert sorted(d["seat"] for d in view_message(table, DIRECTOR)["view"]["duties"]) == ["N", "S"]


# --- client messages ---------------------------------------------------------------------------------------


def test_the_new_client_messages_become_the_engines_events_with_the_sender_as_actor() -> None:
    table = _table().apply(CallMade(Seat.NORTH, parse_call("1NT")))
    change = parse_action({"v": 1, "type": "change-call", "call": "2NT", "unintended": True})
    assert to_event(change, Seat.NORTH, table) == CallChanged(Seat.NORTH, parse_call("2NT"), True)
    intended = parse_action({"v": 1, "type": "change-call", "call": "2C", "unintended": False})
    assert to_event(intended, Seat.NORTH, table) == CallChanged(Seat.NORTH, parse_call("2C"), False)
    question = parse_action({"v": 1, "type": "question", "about": 0})
    assert to_event(question, Seat.EAST, table) == QuestionAsked(Seat.EAST, 0)
    whole = parse_action({"v": 1, "type": "question"})
    assert to_event(whole, Seat.EAST, table) == QuestionAsked(Seat.EAST, None)
    explain = parse_action({"v": 1, "type": "explain", "call_index": 0, "text": "15-17"})
    assert to_event(explain, Seat.NORTH, table) == ExplanationGiven(Seat.NORTH, 0, "15-17")
    for action in (change, question, explain):
        with pytest.raises(ProtocolError) as caught:
            to_event(action, None, table)
        assert caught.value.code == "forbidden"


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ({"type": "change-call", "call": "9NT"}, "call:"),
        ({"type": "change-call", "call": "2NT", "unintended": "yes"}, "unintended:"),
        ({"type": "question", "about": -1}, "about:"),
        ({"type": "question", "about": "1NT"}, "about:"),
        ({"type": "explain", "text": "15-17"}, "call_index: missing"),
        ({"type": "explain", "call_index": 0}, "text: missing"),
        ({"type": "explain", "call_index": 0, "text": "  "}, "text:"),
        ({"type": "explain", "call_index": 0, "text": "x" * 2001}, "text:"),
    ],
)
def test_a_malformed_new_message_is_refused_naming_its_field(message: dict[str, Any], field: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_action({"v": 1, "id": "q", **message})
    assert str(caught.value).startswith(field) and caught.value.code == "bad-message"


DEAL_JSON = board_to_json(Board(1, DEAL))  # North deals (Law 2)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tenace.db'}"


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def client(db: str, recorder: Recorder) -> Iterator[TestClient]:
    settings = Settings(anonymous_tables=True, database_url=db, robot_samples=0)
    with TestClient(create_app(settings, observer=recorder)) as c:
        yield c


def _four_humans(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/tables", json={"humans": ["N", "E", "S", "W"], "board": DEAL_JSON})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _connect(client: TestClient, table: dict[str, Any], seat: str) -> Any:
    return client.websocket_connect(f"/ws/tables/{table['id']}?token={table['tokens'][seat]}")


def _next(ws: WebSocketTestSession, kind: str, seq: int | None = None) -> dict[str, Any]:
    """The next message of ``kind`` (for a view: the first at ``seq`` or later), skipping the others."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind and (seq is None or message.get("seq", 0) >= seq):
            return message
        assert message["type"] in ("view", "ack"), message


def _stored(db: str, table_id: str) -> tuple[dict[str, Any], ...]:
    with Store.open(db) as store:
        return LiveStore(store.engine).events(table_id, 1)


def test_question_and_explanation_over_the_websocket_reach_the_asker_and_not_the_callers_partner(
    client: TestClient, db: str
) -> None:
    table = _four_humans(client)
    with _connect(client, table, "N") as north, _connect(client, table, "E") as east, \
            _connect(client, table, "S") as south:
        north.send_json({"v": 1, "id": "c", "type": "call", "call": "1NT", "alert": True})
        assert _next(north, "ack")["seq"] == 1
        east.send_json({"v": 1, "id": "q", "type": "question", "about": 0})
        assert _next(east, "ack") == {"v": 1, "type": "ack", "ref": "q", "seq": 2}
        north.send_json({"v": 1, "id": "x", "type": "explain", "call_index": 0, "text": "15-17 balanced"})
        assert _next(north, "ack")["seq"] == 3
        said = _next(east, "view", 3)["view"]["said"]
        assert [(s["type"], s.get("seat"), s.get("by")) for s in said] == [("Question", "E", None),
                                                                            ("Explanation", None, "N")]
        assert said[1]["text"] == "15-17 balanced"
        assert _next(south, "view", 3)["view"]["said"] == []  # partner hears nothing of it (Law 20F)
        # refused: an explanation of a call that does not exist, by the caller's opponent
        east.send_json({"v": 1, "id": "bad", "type": "explain", "call_index": 5, "text": "?"})
        error = _next(east, "error")
        assert error["code"] == "illegal" and error["ref"] == "bad"
    stored = _stored(db, table["id"])
    assert [(e["type"], e.get("seat") or e.get("by")) for e in stored] == [
        ("CallMade", "N"), ("QuestionAsked", "E"), ("ExplanationGiven", "N")]  # the refusal changed nothing


def test_a_change_of_call_goes_to_the_director_and_a_refused_one_changes_nothing(
    client: TestClient, db: str
) -> None:
    table = _four_humans(client)
    with _connect(client, table, "N") as north, _connect(client, table, "S") as south:
        south.send_json({"v": 1, "id": "s", "type": "change-call", "call": "2NT"})
        assert _next(south, "error")["code"] == "illegal"  # South has made no call to change
        north.send_json({"v": 1, "id": "c", "type": "call", "call": "1NT"})
        assert _next(north, "ack")["seq"] == 1
        north.send_json({"v": 1, "id": "u", "type": "change-call", "call": "2NT", "unintended": True})
        assert _next(north, "ack")["seq"] == 2
        view = _next(north, "view", 2)["view"]
        assert view["pending"]["actor"] == "Director" and view["pending"]["law"] == "Law 25A2"
    stored = _stored(db, table["id"])
    assert event_from_json(stored[-1]) == CallChanged(Seat.NORTH, parse_call("2NT"), unintended=True)
    assert len(stored) == 2


# --- times ----------------------------------------------------------------------------------------------


def test_events_are_stored_with_their_times_which_come_back_after_a_restart_and_no_seat_is_sent_them(
    client: TestClient, db: str, recorder: Recorder
) -> None:
    start = dt.datetime.now(dt.UTC)
    table = _four_humans(client)
    with _connect(client, table, "N") as north, _connect(client, table, "E") as east:
        north.send_json({"v": 1, "id": "c", "type": "call", "call": "1NT"})
        assert _next(north, "ack")["seq"] == 1
        east.send_json({"v": 1, "id": "p", "type": "call", "call": "P"})
        assert _next(east, "ack")["seq"] == 2
        _next(north, "view", 2)
    end = dt.datetime.now(dt.UTC)
    stored = _stored(db, table["id"])
    times = [event_time(e) for e in stored]
    assert all(t is not None and start <= t <= end for t in times)
    assert times[0] <= times[1]  # type: ignore[operator]

    async def rebuilt() -> Table:
        with Store.open(db) as store:
            hub = Hub(LiveStore(store.engine))
            actor = await hub.get(table["id"])
            assert actor is not None
            rebuilt_table = actor.table
            await hub.close()
            return rebuilt_table

    assert asyncio.run(rebuilt()).times == tuple(times)
    # no message to anyone at the table carries a time: think times are the Director's evidence (Law 73D)
    sent = [m for _, viewer, m in recorder.messages if isinstance(viewer, Seat)]
    assert sent
    text = json.dumps(sent)
    assert '"at"' not in text and start.strftime("%Y-%m-%dT") not in text


# --- adjusted scores -------------------------------------------------------------------------------------


def test_a_club_tables_result_is_corrected_to_the_directors_adjusted_score(tmp_path: Path) -> None:
    """North passes slowly, South bids on, West reserves his rights (Law 16B2); after the play the Director
    assigns an adjusted score (Laws 16B3, 12C1): the result entered in the tournament store becomes it."""
    url = f"sqlite:///{tmp_path / 'club.db'}"
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    movement = Movement("1 table", (Seating(1, 1, "1", "2", (1,)),))
    pairs = (Participant("1", "Pair 1"), Participant("2", "Pair 2"))
    with Store.open(url) as store:
        event_id = store.create_event(Event("Club", EventKind.PAIRS, Conditions(), pairs,
                                            (Session(1, (movement,)),)))
    assigned = AssignedAdjustedScore.balancing(-140)

    async def play() -> tuple[Table, list[Result]]:
        with Store.open(url) as store:
            hub = Hub(LiveStore(store.engine), store=store)
            created = await hub.create_table(Seat, Board(1, deal), boards=1,
                                             club=ClubSlot(event_id, 1, 1, 1, "1", "2"))
            actor = hub.tables[created.id]
            mirror = Table.new(Board(1, deal), actor.table.regulations)

            async def send(viewer: Seat | Director, event: Any) -> None:
                nonlocal mirror
                mirror = mirror.apply(event)
                await actor.submit(viewer, event)

            for i, item in enumerate("N:1S E:2H S:2S W:3H N:P E:P S:3S W:P N:P E:P".split()):
                if i == 7:
                    await send(Seat.WEST, UIReserved(Seat.WEST, Seat.NORTH, UIReason.HESITATION))
                seat, call = item.split(":")
                await send(Seat.from_str(seat), CallMade(Seat.from_str(seat), parse_call(call)))
            while mirror.phase in (Phase.CLARIFICATION, Phase.PLAY):
                turn, contract = mirror.turn, mirror.contract
                assert isinstance(turn, Seat) and contract is not None
                sender = contract.declarer if turn is contract.dummy else turn
                await send(sender, CardPlayed(turn, min(mirror.legal_cards())))
            await hub.wait_idle(created.id)
            entered = list(store.results(event_id))
            await send(DIRECTOR, LogicalAlternatives((parse_call("P"),)))
            await send(DIRECTOR, Suggested(True))
            await send(DIRECTOR, UIRuling.assigned(assigned))
            await hub.wait_idle(created.id)
            assert actor.table.record == mirror.record  # every event stood
            await hub.close()
            return mirror, entered

    table, entered = asyncio.run(play())
    assert table.result_ns() == assigned and table.score_ns() is not None
    assert [r.adjusted for r in entered] == [None]  # entered at the end of the play: the table score
    assert entered[0].ns_score() == table.score_ns()
    with Store.open(url) as store:
        (result,) = store.results(event_id)
    assert result.adjusted == assigned and result.ns_score() == assigned
    assert result.contract is None and result.tricks is None  # an adjusted score replaces the result
