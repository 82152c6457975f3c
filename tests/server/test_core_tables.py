"""The server core over HTTP and the WebSocket (FastAPI's TestClient): a whole board with one human and three
robots, acknowledgements, refused actions, reconnecting, resync, a restart on the same database, the next
board, and results entered into the tournament store."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tenace import Board, Deal, Seat
from tenace.contract import Contract
from tenace.formats.json import board_to_json
from tenace.laws.log import event_from_json
from tenace.laws.refs import Policy, Regulations
from tenace.laws.table import Phase, Table
from tenace.scoring.points import score
from tenace.server.actors import ClubSlot, Hub, event_time
from tenace.server.app import create_app
from tenace.server.persistence import LiveStore
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.model import Conditions, Event, EventKind, Movement, Participant, Seating, Session

from .privacy import Recorder, leaks
from .robots import ClaimingRobot

DEAL = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")
BOARD = Board(1, DEAL)  # North deals (Law 2)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tenace.db'}"


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def client(db: str, recorder: Recorder) -> Iterator[TestClient]:
    settings = Settings(anonymous_tables=True, database_url=db, robot_samples=0,
                        guests_may_watch=True)  # the spectators here are visitors
    app = create_app(settings, observer=recorder)  # tenace.robots, fast
    with TestClient(app) as c:
        yield c


def _new_table(
    client: TestClient, humans: list[str], board: Board | None = BOARD, **extra: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {"humans": humans, **extra}
    if board is not None:
        body["board"] = board_to_json(board)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _connect(client: TestClient, table: dict[str, Any], seat: str | None) -> Any:
    query = f"?token={table['tokens'][seat]}" if seat is not None else ""
    return client.websocket_connect(f"/ws/tables/{table['id']}{query}")


def _next(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of ``kind``, skipping views (and acks) that come before it."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        assert message["v"] == 1
        if message["type"] == kind:
            return message
        assert message["type"] in ("view", "ack"), message


CLAIM = Phase.CLAIM.value


def _play_to_the_end(ws: WebSocketTestSession, view: dict[str, Any], acks: list[int]) -> dict[str, Any]:
    """Make the first legal call or card whenever it is the human's turn, and agree to a robot's claim (the
    robots claim only what every layout gives them), until the board ends."""
    n = 0
    while view["view"]["phase"] != "ended":
        legal = view["view"]["legal"]
        seen = view["view"]
        if seen["phase"] == CLAIM and seen["turn"] == seen["viewer"] and seen["pending"] is None:
            n += 1
            ws.send_json({"v": 1, "id": f"m{n}", "type": "claim-answer", "accept": True})
            ack = _next(ws, "ack")
            assert ack["ref"] == f"m{n}"
            acks.append(ack["seq"])
        elif legal:
            kind = "call" if view["view"]["phase"] == "auction period" else "card"
            n += 1
            ws.send_json({"v": 1, "id": f"m{n}", "type": kind, kind: legal[0]})
            ack = _next(ws, "ack")
            assert ack["ref"] == f"m{n}"
            acks.append(ack["seq"])
        view = _next(ws, "view")
    return view


def _stored(db: str, table_id: str) -> Table:
    with Store.open(db) as store:
        history = LiveStore(store.engine).history(table_id)
    board = history[-1]
    record = [event_from_json(e) for e in board.events]
    return Table.replay(board.board, record, Regulations(policy=Policy.ONLINE))


def test_a_human_plays_a_whole_board_with_three_robots_to_its_law_77_score(
    client: TestClient, db: str, recorder: Recorder
) -> None:
    table = _new_table(client, ["S"])
    assert set(table["tokens"]) == {"S"}
    with _connect(client, table, "S") as ws:
        first = _next(ws, "view")
        assert first["view"]["viewer"] == "S"
        assert first["view"]["hands"] == {"S": [str(c) for c in DEAL[Seat.SOUTH]]}
        acks: list[int] = []
        last = _play_to_the_end(ws, first, acks)
    stored = _stored(db, table["id"])
    assert last["seq"] == len(stored.record)
    assert acks == sorted(acks) and len(set(acks)) == len(acks) and acks[-1] <= last["seq"]
    contract = Contract.from_str(last["view"]["contract"])
    tricks = stored.declarer_tricks
    assert tricks is not None
    points = score(contract, tricks, vulnerable=False)  # board 1: nobody vulnerable (Law 2)
    assert last["view"]["score"] == (points if contract.declarer.value in "NS" else -points)
    assert sum(1 for t in last["view"]["tricks"] if t["winner"]) == 13
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["phase"] == "ended" and summary["scores"] == {"1": last["view"]["score"]}
    assert leaks(recorder, LiveStore(client.app.state.store.engine)) == []  # type: ignore[attr-defined]


def test_every_acknowledged_action_is_stored_before_the_ack(client: TestClient, db: str) -> None:
    table = _new_table(client, ["N", "E", "S", "W"])
    with _connect(client, table, "N") as ws:
        _next(ws, "view")
        call = {"type": "call", "call": "1NT", "alert": True, "explanation": "15-17"}
        ws.send_json({"v": 1, "id": "x", **call})
        ack = _next(ws, "ack")
        assert ack == {"v": 1, "type": "ack", "ref": "x", "seq": 1}
        with Store.open(db) as store:  # read by another connection while the server runs
            events = LiveStore(store.engine).events(table["id"], 1)
        assert [{k: v for k, v in e.items() if k != "at"} for e in events] == [
            {"type": "CallMade", "seat": "N", "call": "1NT", "alert": True, "explanation": "15-17"}]
        assert event_time(events[0]) is not None  # stored with its time (Law 73D)
        view = _next(ws, "view")
        assert view["seq"] == 1
        assert view["view"]["calls"] == [{"seat": "N", "call": "1NT", "alert": True, "explanation": "15-17"}]


@pytest.mark.parametrize(
    ("seat", "message", "code"),
    [
        ("E", {"type": "call", "call": "1S"}, "illegal"),  # out of turn: the screen prevents it online
        ("N", {"type": "card", "card": "SA"}, "illegal"),  # no card during the auction
        ("N", {"type": "call", "call": "8NT"}, "bad-message"),
        ("N", {"type": "elect", "option": 0}, "illegal"),  # no decision is pending
        ("N", {"type": "director"}, "no-irregularity"),  # Law 9B1: nothing for the Director to rectify
        ("N", {"type": "teleport"}, "bad-message"),
    ],
)
def test_a_refused_action_is_an_error_naming_it_and_changes_nothing(
    client: TestClient, db: str, seat: str, message: dict[str, Any], code: str
) -> None:
    table = _new_table(client, ["N", "E", "S", "W"])
    with _connect(client, table, seat) as ws:
        before = _next(ws, "view")
        ws.send_json({"v": 1, "id": "bad", **message})
        error = _next(ws, "error")
        assert error["code"] == code and error["ref"] == "bad" and error["message"]
        ws.send_json({"v": 1, "type": "resync", "seq": 0})
        after = _next(ws, "view")
    assert after == before
    assert _stored(db, table["id"]).record == ()


def test_a_message_of_another_protocol_version_is_refused(client: TestClient) -> None:
    table = _new_table(client, ["S"])
    with _connect(client, table, "S") as ws:
        _next(ws, "view")
        ws.send_json({"v": 2, "id": 7, "type": "director"})
        error = _next(ws, "error")
    assert error["code"] == "unsupported-version" and error["ref"] == "7"


def test_a_spectator_sees_no_hand_and_cannot_act(client: TestClient) -> None:
    table = _new_table(client, ["N", "E", "S", "W"])
    with _connect(client, table, None) as ws:
        view = _next(ws, "view")
        assert view["view"]["viewer"] is None and view["view"]["hands"] == {}
        ws.send_json({"v": 1, "id": "s", "type": "call", "call": "P"})
        assert _next(ws, "error")["code"] == "forbidden"


def test_a_wrong_token_is_refused(client: TestClient) -> None:
    table = _new_table(client, ["S"])
    with client.websocket_connect(f"/ws/tables/{table['id']}?token=nope") as ws:
        error = ws.receive_json()
    assert error["type"] == "error" and error["code"] == "unauthorized"
    with client.websocket_connect("/ws/tables/no-such-table") as ws:
        assert ws.receive_json()["code"] == "not-found"


def test_dummy_plays_no_card_and_declarer_plays_dummys(client: TestClient) -> None:
    table = _new_table(client, ["N", "E", "S", "W"])
    sockets = {s: _connect(client, table, s) for s in "NESW"}
    ws = {s: sockets[s].__enter__() for s in "NESW"}
    try:
        for s in "NESW":
            _next(ws[s], "view")
        for s, call in zip("NESW", ("3NT", "P", "P", "P"), strict=True):  # North declares, South is dummy
            ws[s].send_json({"v": 1, "id": s, "type": "call", "call": call})
            _next(ws[s], "ack")
        ws["E"].send_json({"v": 1, "id": "lead", "type": "card", "card": "D8"})
        _next(ws["E"], "ack")
        ws["S"].send_json({"v": 1, "id": "dummy", "type": "card", "card": "DA"})
        assert _next(ws["S"], "error")["code"] == "forbidden"
        view = _next(ws["N"], "view")
        while view["seq"] < 5:
            view = _next(ws["N"], "view")
        assert set(view["view"]["legal"]) == {"DA", "DK", "D2"}  # dummy follows suit, declarer names the card
        assert set(view["view"]["hands"]) == {"N", "S"}  # dummy faced after the opening lead (Law 41D)
        ws["N"].send_json({"v": 1, "id": "from-dummy", "type": "card", "card": "DK"})
        assert _next(ws["N"], "ack")["seq"] == 6
    finally:
        for s in "NESW":
            sockets[s].__exit__(None, None, None)


def test_reconnecting_and_resync_give_the_current_view(client: TestClient) -> None:
    table = _new_table(client, ["N", "E", "S", "W"])
    with _connect(client, table, "N") as ws:
        _next(ws, "view")
        ws.send_json({"v": 1, "id": "1", "type": "call", "call": "1C"})
        _next(ws, "ack")
        seen = _next(ws, "view")
    with _connect(client, table, "N") as ws:
        again = _next(ws, "view")
        assert again == seen and again["seq"] == 1
        ws.send_json({"v": 1, "id": "r", "type": "resync", "seq": 0})
        assert _next(ws, "view") == seen


def test_after_a_restart_the_table_is_rebuilt_from_its_events_and_continues(db: str) -> None:
    with TestClient(create_app(Settings(anonymous_tables=True, database_url=db, robot_samples=0))) as first:
        table = _new_table(first, ["S"])
        with _connect(first, table, "S") as ws:
            view = _next(ws, "view")
            while not view["view"]["legal"]:
                view = _next(ws, "view")
            ws.send_json({"v": 1, "id": "c", "type": "call", "call": view["view"]["legal"][0]})
            seq = _next(ws, "ack")["seq"]
            before = _next(ws, "view")
            while before["seq"] < seq:
                before = _next(ws, "view")
    # a new process on the same database
    with TestClient(create_app(Settings(anonymous_tables=True, database_url=db, robot_samples=0))) as second:
        summary = second.get(f"/api/tables/{table['id']}").json()
        assert summary["seq"] >= seq
        with _connect(second, table, "S") as ws:
            view = _next(ws, "view")
            assert view["seq"] >= seq
            assert view["view"]["calls"][: len(before["view"]["calls"])] == before["view"]["calls"]
            last = _play_to_the_end(ws, view, [])
    assert last["view"]["score"] is not None
    assert last["seq"] == len(_stored(db, table["id"]).record)


def test_next_board_starts_a_fresh_deal_with_the_next_number(client: TestClient) -> None:
    table = _new_table(client, ["S"], boards=2)
    with _connect(client, table, "S") as ws:
        view = _next(ws, "view")
        ws.send_json({"v": 1, "id": "early", "type": "next-board"})
        assert _next(ws, "error")["code"] == "illegal"  # the board has not ended
        ws.send_json({"v": 1, "type": "resync"})  # views that came before the error were skipped
        view = _play_to_the_end(ws, _next(ws, "view"), [])
        ws.send_json({"v": 1, "id": "n", "type": "next-board"})
        assert _next(ws, "ack") == {"v": 1, "type": "ack", "ref": "n", "seq": 0}
        second = _next(ws, "view")
        assert second["view"]["board"] == 2 and second["position"] == 2
        assert second["view"]["dealer"] == "E" and second["view"]["vulnerability"] == "NS"  # Law 2
        assert second["view"]["hands"]["S"] != view["view"]["hands"].get("S")
        _play_to_the_end(ws, second, [])
        ws.send_json({"v": 1, "id": "third", "type": "next-board"})
        assert "2 boards" in _next(ws, "error")["message"]
    scores = client.get(f"/api/tables/{table['id']}").json()["scores"]
    assert set(scores) == {"1", "2"}


def test_a_club_table_enters_its_result_into_the_tournament_store(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    movement = Movement("1 table", (Seating(1, 1, "1", "2", (1,)),))
    pairs = (Participant("1", "Pair 1"), Participant("2", "Pair 2"))
    with Store.open(url) as store:
        event = Event("Club", EventKind.PAIRS, Conditions(), pairs, (Session(1, (movement,)),))
        event_id = store.create_event(event)

    async def play() -> Table:
        with Store.open(url) as store:
            hub = Hub(LiveStore(store.engine), store=store,
                      robots=lambda seat: ClaimingRobot(seat, random.Random(5), claim_rate=0.0))
            created = await hub.create_table((), BOARD, boards=1, club=ClubSlot(event_id, 1, 1, 1, "1", "2"))
            actor = await hub.wait_idle(created.id)
            table = actor.table
            await hub.close()
            return table

    table = asyncio.run(play())
    with Store.open(url) as store:
        results = store.results(event_id)
    assert len(results) == 1
    result = results[0]
    assert (result.board, result.table, result.round, result.ns, result.ew) == (1, 1, 1, "1", "2")
    assert result.contract == table.contract and result.tricks == table.declarer_tricks
    assert result.ns_score() == table.score_ns()
    assert table.play is not None and result.lead == table.play.cards[0]


def test_the_api_gives_no_directors_token_but_the_hubs_director_sees_every_hand(client: TestClient) -> None:
    table = _new_table(client, ["N", "E", "S", "W"])
    assert set(table) == {"id", "tokens", "websocket"}
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    created = client.portal.call(hub.create_table, set(Seat))
    with client.websocket_connect(f"/ws/tables/{created.id}?token={created.director_token}") as ws:
        view = _next(ws, "view")["view"]
    assert view["viewer"] == "Director"
    assert {seat: len(cards) for seat, cards in view["hands"].items()} == {"N": 13, "E": 13, "S": 13, "W": 13}
