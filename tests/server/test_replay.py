"""The replay viewer (tenace.server.replay): a finished board played by robots at a practice table replayed
call by call and card by card, its double-dummy values equal to the solver's own for positions rebuilt here
from the table's record, and the refusals: a board still in play at its table or at another table of a club
session (409, translated), an unknown table or board (404)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace import Contract, Play
from tenace.laws.table import Table
from tenace.seats import Seat
from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.protocol import legal_for
from tenace.server.replay import dd_positions, replay_json
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings
from tenace.solver import dds

from .clients import PASSWORD
from .clients import ended as _ended
from .clients import hub as _hub
from .clients import login as _login
from .clients import wait as _wait

needs_dds = pytest.mark.skipif(not dds.available(), reason="the double-dummy solver (tenace[dds]) is missing")


def _app(db: str, **settings: Any) -> TestClient:
    app = create_app(Settings(database_url=db, robot_samples=0, anonymous_tables=True, **settings),
                     robots=FallbackRobot)
    return TestClient(app)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'replay.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with _app(db) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        auth.accounts.register("ann", PASSWORD)
        auth.accounts.register("carl", PASSWORD, frozenset({Role.SPECTATOR}))
        yield c


def robot_board(client: TestClient) -> tuple[str, Table]:
    """A practice table of four robots that plays one board to its end: its id and the finished table."""
    answer = client.post("/api/tables", json={"humans": [], "boards": 1})
    assert answer.status_code == 201, answer.text
    table_id: str = answer.json()["id"]
    _wait(lambda: _ended(client, table_id), "the robots to finish the board")
    return table_id, _hub(client).tables[table_id].table


def _play_out(client: TestClient, table_id: str, seat: Seat, timeout: float = 30.0) -> None:
    """Play ``seat`` to the end of its board with the placeholder robot's lawful calls and cards."""
    hub, portal = _hub(client), client.portal
    assert portal is not None
    deadline = time.monotonic() + timeout
    while True:
        actor = hub.tables[table_id]
        table = actor.table
        if table.score_ns() is not None:
            return
        assert time.monotonic() < deadline, f"the board at {table_id} did not end: {table.phase}"
        pending = table.pending
        if legal_for(table, seat) or (pending is not None and pending.actor is seat) or table.turn is seat:
            seq = len(table.record)
            event = portal.call(FallbackRobot(seat).act, table.view(seat))
            if event is not None:
                portal.call(actor.submit, seat, event)
                _wait(lambda a=actor, s=seq: len(a.table.record) != s or a.table.score_ns() is not None,
                      "the action to be applied", 10)
                continue
        time.sleep(0.01)


# ----------------------------------------------------------------------------------------------- the replay


@needs_dds
def test_a_robot_board_is_replayed_with_the_solvers_own_double_dummy_values(client: TestClient) -> None:
    table_id, table = robot_board(client)
    answer = client.get(f"/api/replay/{table_id}/1")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data == {**replay_json(table, table_id=table_id, position=1), "dd": data["dd"], "dd_error": None,
                    "previous": None, "next": None, "deal_dd": data["deal_dd"]}
    # the deal's double-dummy table and par, as the solver gives them
    tricks = dds.dd_table(table.deal)
    assert data["deal_dd"]["table"] == {seat.value: {d.value: n for s, d, n in tricks.items() if s is seat}
                                        for seat in Seat}
    found = dds.par(tricks, table.board.vulnerability, table.board.dealer)
    par = {"score_ns": found.score_ns, "contracts": [str(c) for c, _ in found.contracts]}
    assert data["deal_dd"]["par"] == par
    assert [c["call"] for c in data["calls"]] == [str(c.call.call) for c in table.calls]
    assert data["score_ns"] == table.score_ns() and data["board"] == 1 and data["dealer"] == "N"
    assert {seat: set(cards) for seat, cards in data["hands"].items()} == {
        seat.value: {str(c) for c in table.deal[seat]} for seat in Seat}
    play = table.play
    if play is None:  # passed out: nothing to solve
        assert data["cards"] == [] and data["dd"] is None
        return
    assert [c["card"] for c in data["cards"]] == [str(c) for c in play.cards]
    assert [t["winner"] for t in data["tricks"] if t["winner"]] == [w.value for w in play.winners]
    assert len(data["dd"]) == len(dd_positions(table)) == len(play.cards) + (0 if play.is_complete else 1)
    # the solver's own numbers, for positions rebuilt here from the contract and the cards played
    contract = Contract.from_str(data["contract"])
    for k in sorted({0, 1, 2, 3, 4, 13, 26, len(play.cards) - 1}):
        position = Play.for_contract(play.deal, contract, play.cards[:k], allow_revokes=True)
        solved = dds.solve_position(position)
        shown = data["dd"][k]
        assert shown["turn"] == solved.turn.value
        assert shown["tricks"] == {str(c): t for c, t in solved.cards}
        assert shown["declarer"] == {str(c): solved.declarer_total(c) for c, _ in solved.cards}
        assert shown["best"] == [str(c) for c in solved.best()] and shown["value"] == solved.declarer_value
    # the opening lead's position is the deal's DD value in the contract
    assert data["dd"][0]["value"] == dds.dd_tricks(play.deal, contract)
    # solved once: a second request is answered from the cache with the same values
    again = client.get(f"/api/replay/{table_id}/1").json()
    assert again["dd"] == data["dd"]
    page = client.get(f"/replay/{table_id}/1?lang=sv")
    assert page.status_code == 200 and "/static/replay.js" in page.text
    assert f"/api/replay/{table_id}/1?lang=sv" in page.text and "Nord" in page.text


@needs_dds
def test_a_board_ended_by_a_claim_is_replayed_to_the_claim_with_the_position_it_left(
    client: TestClient,
) -> None:
    from tenace import Board, Card, Deal, parse_call
    from tenace.formats.json import board_to_json
    from tenace.laws import CallMade, CardPlayed, ClaimAnswered, ClaimMade
    from tenace.laws.events import Event

    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    answer = client.post("/api/tables", json={"humans": ["N", "E", "S", "W"],
                                              "board": board_to_json(Board(1, deal))})
    table_id = answer.json()["id"]
    actor, portal = _hub(client).tables[table_id], client.portal
    assert portal is not None
    calls = zip(Seat, ("6NT", "P", "P", "P"), strict=True)
    actions: list[tuple[Seat, Event]] = [(seat, CallMade(seat, parse_call(call))) for seat, call in calls]
    actions += [(Seat.EAST, CardPlayed(Seat.EAST, Card.from_str("ST"))),
                (Seat.NORTH, CardPlayed(Seat.SOUTH, Card.from_str("S3"))),  # declarer plays dummy's cards
                (Seat.NORTH, ClaimMade(Seat.NORTH, 13, "all top tricks")),
                (Seat.EAST, ClaimAnswered(Seat.EAST, True)), (Seat.WEST, ClaimAnswered(Seat.WEST, True))]
    for seat, event in actions:
        seq = len(actor.table.record)
        portal.call(actor.submit, seat, event)
        _wait(lambda s=seq: len(actor.table.record) > s, f"{event} to be applied")
    data = client.get(f"/api/replay/{table_id}/1").json()
    assert data["claim"]["seat"] == "N" and data["claim"]["after"] == 2
    assert data["claim"]["agreed_by"] == ["E", "W"] and data["declarer_tricks"] == 13
    assert [c["card"] for c in data["cards"]] == ["ST", "S3"] and len(data["dd"]) == 3
    position = Play.for_contract(deal, Contract.from_str("6NTN"), [Card.from_str("ST"), Card.from_str("S3")])
    solved = dds.solve_position(position)
    assert data["dd"][2]["turn"] == "W" and data["dd"][2]["tricks"] == {str(c): t for c, t in solved.cards}
    assert data["dd"][2]["value"] == 13


def test_a_practice_tables_boards_link_to_each_other(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"humans": [], "boards": 2})
    table_id = answer.json()["id"]
    _wait(lambda: _hub(client).tables[table_id].position == 2 and _ended(client, table_id), "two boards")
    _wait(lambda: client.get(f"/api/replay/{table_id}/1").json()["next"] == 2, "board 2 stored as ended")
    first, second = (client.get(f"/api/replay/{table_id}/{p}").json() for p in (1, 2))
    assert (first["previous"], first["next"], second["previous"], second["next"]) == (None, 2, 1, None)
    assert (first["board"], second["board"], second["dealer"]) == (1, 2, "E")


def test_the_explanations_given_after_a_call_are_in_the_replay() -> None:
    """Once the board is over everyone may hear what was said about a call (Law 20F), corrections too."""
    from tenace import Board, Deal, parse_call
    from tenace.laws import CallMade, ExplanationCorrected, ExplanationGiven

    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = Table.new(Board(1, deal))
    table = table.apply(CallMade(Seat.NORTH, parse_call("2C"), alert=True, explanation="strong"))
    table = table.apply(ExplanationGiven(Seat.NORTH, 0, "22+ or any game force"))
    for seat, call in zip((Seat.EAST, Seat.SOUTH, Seat.WEST), ("P", "2D", "P"), strict=True):
        table = table.apply(CallMade(seat, parse_call(call)))
    table = table.apply(ExplanationCorrected(Seat.SOUTH, 2, "waiting, any hand"))
    calls = replay_json(table, table_id="t", position=1)["calls"]
    assert calls[0]["alert"] and calls[0]["explanation"] == "strong"
    assert calls[0]["said"] == [{"by": "N", "text": "22+ or any game force", "correction": None}]
    assert [(s["by"], s["text"], s["correction"] is not None) for s in calls[2]["said"]] == [
        ("S", "waiting, any hand", True)]


def test_a_board_is_solved_once_for_requests_at_the_same_time_and_one_going_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio
    import threading

    from tenace import Board, Card, Deal, parse_call
    from tenace.laws import CallMade, CardPlayed
    from tenace.server import replay

    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = Table.new(Board(1, deal))
    for seat, call in zip(Seat, ("7NT", "P", "P", "P"), strict=True):
        table = table.apply(CallMade(seat, parse_call(call)))
    table = table.apply(CardPlayed(Seat.EAST, Card.from_str("ST")))
    release = threading.Event()

    def slow(positions: list[Play]) -> list[dict[str, Any]]:
        release.wait(10)
        return [{"turn": p.turn.value} for p in positions]

    monkeypatch.setattr(replay, "dd_json", slow)

    async def scenario() -> None:
        cache = replay.ReplayCache(size=1)
        first = asyncio.create_task(cache.dd(("t", 1), table))
        second = asyncio.create_task(cache.dd(("t", 1), table))
        await asyncio.sleep(0.05)
        first.cancel()  # a request that goes away
        release.set()
        assert await second == [{"turn": "E"}, {"turn": "S"}]
        assert await cache.dd(("t", 1), table) == await second and cache.solved == 1
        await cache.dd(("t", 2), table)  # the cache keeps one board: the first is solved again
        await cache.dd(("t", 1), table)
        assert cache.solved == 3

    asyncio.run(scenario())


def test_the_view_of_an_ended_board_links_to_its_replay(client: TestClient) -> None:
    table_id, _ = robot_board(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = ws.receive_json()
    assert view["type"] == "view" and view["replay"] == f"/replay/{table_id}/1"


# ------------------------------------------------------------------------------------------------- refusals


def test_a_board_still_in_play_is_refused_and_unknown_tables_and_boards_are_not_found(
    client: TestClient,
) -> None:
    answer = client.post("/api/tables", json={"humans": ["S"]})
    table_id = answer.json()["id"]
    token = answer.json()["tokens"]["S"]
    for url in (f"/api/replay/{table_id}/1", f"/api/replay/{table_id}/1?token={token}"):
        refused = client.get(url)
        assert refused.status_code == 409
        assert refused.json()["detail"] == ("Board 1 is still being played at this table: its replay opens "
                                            "when it is over.")
    polish = client.get(f"/api/replay/{table_id}/1?lang=pl")
    assert polish.status_code == 409 and "Board 1" not in polish.json()["detail"]
    assert "1" in polish.json()["detail"]
    page = client.get(f"/replay/{table_id}/1?token={token}")
    assert page.status_code == 409 and "still being played at this table" in page.text
    assert "replay.js" not in page.text  # nothing of the board on the page
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert "replay" not in ws.receive_json()
    assert client.get("/api/replay/no-such-table/1").status_code == 404
    missing = client.get(f"/api/replay/{table_id}/2")
    assert missing.status_code == 404
    assert missing.json()["detail"] == f"Table {table_id} has played no board 2."
    assert client.get("/replay/no-such-table/1").status_code == 404


def test_a_practice_board_is_shown_only_to_its_players_where_the_server_admits_no_spectators(db: str) -> None:
    with _app(db, allow_spectators=False) as client:
        answer = client.post("/api/tables", json={"humans": ["S"], "boards": 1})
        table_id, token = answer.json()["id"], answer.json()["tokens"]["S"]
        _play_out(client, table_id, Seat.SOUTH)
        refused = client.get(f"/api/replay/{table_id}/1")
        assert refused.status_code == 403 and "players of this table" in refused.json()["detail"]
        assert client.get(f"/api/replay/{table_id}/1?token={token}").status_code == 200


def _session(client: TestClient) -> dict[int, dict[str, Any]]:
    """A 2-table Howell, one board a round: ann and a robot against robots at table 1, robots at table 2;
    the tables of round 1."""
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Replays", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "auto_advance": False, "seats": {"1": ["user:ann", "robot"]},
    })
    assert answer.status_code == 201, answer.text
    state = client.get(f"/club/sessions/{answer.json()['id']}/state").json()
    return {t["table"]: t for t in state["tables"]}


def test_a_club_board_stays_secret_until_every_table_has_finished_it(client: TestClient) -> None:
    tables = _session(client)
    robots_only, anns = tables[2]["table_id"], tables[1]["table_id"]
    _wait(lambda: _ended(client, robots_only), "the robots' table to finish board 1")
    assert not _ended(client, anns)
    for who in ("carl", "ann", None):
        _login(client, who)
        refused = client.get(f"/api/replay/{robots_only}/1")
        assert refused.status_code == 409, who
        assert "another table of this session" in refused.json()["detail"]
    _login(client, "dan")  # the Director sees every board that has ended
    assert client.get(f"/api/replay/{robots_only}/1").status_code == 200
    assert client.get(f"/api/replay/{anns}/1").status_code == 409  # not over at its own table
    _play_out(client, anns, Seat.NORTH if tables[1]["ns"] == "1" else Seat.EAST)
    _login(client, "ann")  # the session marks the board finished a moment after its table ends it
    _wait(lambda: client.get(f"/api/replay/{robots_only}/1").status_code == 200, "the board to be finished")
    for who in ("carl", "ann"):
        _login(client, who)
        assert client.get(f"/api/replay/{robots_only}/1").status_code == 200, who
        assert client.get(f"/api/replay/{anns}/1").status_code == 200, who
    _login(client, None)  # guests only where the event lets them watch
    guest = client.get(f"/api/replay/{anns}/1?lang=en")
    assert guest.status_code == 403 and guest.json()["detail"] == "Log in to see the boards of this event."
