"""The lobby's tables for friends and open tables, the names at the seats and the table's chat (issue 12,
item 6), against the real application (SQLite, TestClient): invitations per seat shown to the host only,
a seat kept for a friend waits for him, an open seat is taken from the lobby once, every seat shows its
player's name or "Robot", and the chat is bounded, rate-limited, sent as text, closed at a club table during
play (Law 73B) and to spectators while the players play (Law 76), with a translated refusal."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tenace.calls import parse_call
from tenace.laws.events import CallMade, CardPlayed
from tenace.laws.table import Table
from tenace.seats import Seat
from tenace.server.actors import ClubSlot, FallbackRobot, Hub
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.pages import CHAT_REFUSALS, gettext_for
from tenace.server.room import CHAT_RATE, MAX_CHAT_TEXT, MAX_NAME, clean_name
from tenace.server.security import Passwords
from tenace.server.settings import Settings

PASSWORD = "correct horse battery"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
INVITE = re.compile(r'id="invite-([nesw])" class="invite-link" readonly value="([^"]+)"')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'friends.db'}", robot_samples=0,
                              guests_may_watch=True),  # the spectators here are visitors
                     robots=FallbackRobot)
    with TestClient(app) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("pat", PASSWORD)
        yield c


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _csrf(client: TestClient) -> str:
    page = client.get("/?lang=en").text
    return html.unescape(CSRF.findall(page)[0])


def _start(client: TestClient, **seats: str) -> tuple[str, str, str]:
    """Start a table for friends from the lobby's form; (table id, South's token, the table page)."""
    data = {"csrf_token": _csrf(client), "name": "Sam"} | {f"seat_{k}": v for k, v in seats.items()}
    answer = client.post("/lobby/friends", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    where = urlsplit(answer.headers["location"])
    query = parse_qs(where.query)
    assert query.get("name", ["Sam"]) == ["Sam"]  # a logged-in player is named by his account instead
    table_id = where.path.rsplit("/", 1)[1]
    page = client.get(answer.headers["location"] + "&lang=en")
    assert page.status_code == 200
    return table_id, query["token"][0], page.text


def _until(ws: WebSocketTestSession, kind: str, limit: int = 50) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def _ws(client: TestClient, table_id: str, token: str | None = None, **query: str) -> Any:
    params = "&".join(f"{k}={v}" for k, v in
                      (({"token": token} if token else {}) | {"room": "1"} | query).items())
    return client.websocket_connect(f"/ws/tables/{table_id}" + (f"?{params}" if params else ""))


def test_the_host_gets_one_invitation_per_friends_seat_and_only_he_sees_them(client: TestClient) -> None:
    table_id, south, page = _start(client, n="friend", e="friend", w="robot")
    links = dict(INVITE.findall(page))
    assert set(links) == {"n", "e"}
    actor = _hub(client).tables[table_id]
    assert {s.value: row.kind for s, row in actor.seats.items()} == {"N": "human", "E": "human", "S": "human",
                                                                     "W": "robot"}
    # each link opens its own seat, and nothing else
    for letter, url in links.items():
        token = parse_qs(urlsplit(html.unescape(url)).query)["token"][0]
        assert actor.viewer_for_token(token) is Seat(letter.upper())
    # the friends' pages and a spectator's never show the invitations
    north = parse_qs(urlsplit(html.unescape(links["n"])).query)["token"][0]
    assert "invite-link" not in client.get(f"/tables/{table_id}?token={north}").text
    assert "invite-link" not in client.get(f"/tables/{table_id}").text
    # the friend arrives: his invitation is used, the host no longer sees it
    with _ws(client, table_id, north, name="Nora") as ws:
        players = _until(ws, "players")["players"]
        assert players["N"] == {"kind": "human", "name": "Nora", "here": True}
        assert players["W"] == {"kind": "robot"}
        assert players["E"] == {"kind": "human", "name": None, "here": False}
    again = client.get(f"/tables/{table_id}?token={south}").text
    assert set(dict(INVITE.findall(again))) == {"e"}


def test_a_seat_kept_for_a_friend_waits_for_him(client: TestClient) -> None:
    table_id, south, _ = _start(client, n="robot", e="friend", w="robot")
    actor = _hub(client).tables[table_id]
    with _ws(client, table_id, south) as ws:
        view = _until(ws, "view")["view"]
        client.portal.call(_hub(client).wait_idle, table_id)  # type: ignore[union-attr]
        # the robots act when it is their turn; East's turn waits for East (no robot takes his seat)
        assert view["dealer"] is not None
        assert actor.robot_to_act() is None
        assert Seat.EAST not in actor.robots


def test_the_host_gives_a_seat_nobody_came_to_to_a_robot_which_plays_it_and_keeps_it(
        client: TestClient, tmp_path: Path) -> None:
    table_id, south, page = _start(client, n="robot", e="friend", w="open")
    assert 'class="invite-robot" data-seat="E"' in page
    csrf = html.unescape(CSRF.findall(page)[0])
    actor = _hub(client).tables[table_id]
    client.portal.call(_hub(client).wait_idle, table_id)  # type: ignore[union-attr]
    assert actor.robot_to_act() is None  # the table waits for East

    def give(seat: str, token: str) -> Any:
        return client.post(f"/lobby/tables/{table_id}/robot", follow_redirects=False,
                           data={"csrf_token": csrf, "token": token, "seat": seat})

    east_link = dict(INVITE.findall(page))["e"]
    east = parse_qs(urlsplit(html.unescape(east_link)).query)["token"][0]
    refused = give("E", east)  # only the host decides
    assert refused.status_code == 403 and "Only the player who started this table" in refused.text
    assert give("S", south).status_code == 409  # his own seat is not kept for anyone
    answer = give("E", south)
    assert answer.status_code == 303 and south in answer.headers["location"]
    assert Seat.EAST in actor.robots and actor.seats[Seat.EAST].kind == "robot"
    client.portal.call(_hub(client).wait_idle, table_id)  # type: ignore[union-attr]
    assert any(getattr(e, "seat", None) is Seat.EAST for e in actor.table.record)  # East has called
    assert "invite-e" not in client.get(f"/tables/{table_id}?token={south}").text  # the invitation is gone
    with pytest.raises(LookupError):
        actor.viewer_for_token(east)  # the old link opens nothing now
    assert give("E", south).status_code == 409  # a robot plays it already
    # the open seat: given to a robot, it is no longer listed in the lobby
    assert give("W", south).status_code == 303
    assert client.get("/api/lobby/tables").json()["tables"] == []
    stored = _hub(client).live.load(table_id)
    assert stored is not None and {s: r.kind for s, r in stored.seats.items()} == {
        "N": "robot", "E": "robot", "S": "human", "W": "robot"}


def test_a_seat_is_not_given_to_a_robot_once_a_trick_is_quitted(client: TestClient) -> None:
    table_id, south, page = _start(client, n="robot", e="friend", w="robot")
    csrf = html.unescape(CSRF.findall(page)[0])
    actor = _hub(client).tables[table_id]
    client.portal.call(_hub(client).wait_idle, table_id)  # type: ignore[union-attr]
    played = Table.new(actor.table.board)  # the board as if East had come, called and played a trick
    for call in ("1NT", "P", "P", "P"):
        played = played.apply(CallMade(played.turn, parse_call(call)))  # type: ignore[arg-type]
    for _ in range(4):
        played = played.apply(CardPlayed(played.turn, min(played.legal_cards())))  # type: ignore[arg-type]
    assert played.play is not None and len(played.play.winners) == 1
    actor.table = played
    answer = client.post(f"/lobby/tables/{table_id}/robot", follow_redirects=False,
                         data={"csrf_token": csrf, "token": south, "seat": "E"})
    assert answer.status_code == 409 and "when the board is over" in answer.text  # Law 66: it saw no trick
    assert Seat.EAST not in actor.robots and actor.seats[Seat.EAST].kind == "human"


def test_an_open_seat_is_listed_and_taken_once(client: TestClient) -> None:
    table_id, _, _ = _start(client, n="open", e="robot", w="open")
    listed = client.get("/api/lobby/tables").json()["tables"]
    assert [(t["id"], t["free"]) for t in listed] == [(table_id, ["N", "W"])]
    lobby = client.get("/?lang=en").text
    assert f'formaction="/lobby/tables/{table_id}/sit"' in lobby and 'value="W"' in lobby

    token = _csrf(client)
    taken = client.post(f"/lobby/tables/{table_id}/sit",
                        data={"csrf_token": token, "seat": "W", "name": "Wes"}, follow_redirects=False)
    assert taken.status_code == 303
    code = parse_qs(urlsplit(taken.headers["location"]).query)["token"][0]
    assert _hub(client).tables[table_id].viewer_for_token(code) is Seat.WEST
    assert client.get("/api/lobby/tables").json()["tables"][0]["free"] == ["N"]

    again = client.post(f"/lobby/tables/{table_id}/sit", data={"csrf_token": token, "seat": "W"},
                        follow_redirects=False)
    assert again.status_code == 409
    assert html.escape(gettext_for("en")("This seat is no longer free: someone took it, or the table has "
                                         "closed."), quote=False) in again.text
    robot = client.post(f"/lobby/tables/{table_id}/sit", data={"csrf_token": token, "seat": "E"},
                        follow_redirects=False)
    assert robot.status_code == 409
    forged = client.post(f"/lobby/tables/{table_id}/sit", data={"csrf_token": "forged", "seat": "N"},
                         follow_redirects=False)
    assert forged.status_code == 403
    assert client.get("/api/lobby/tables").json()["tables"][0]["free"] == ["N"]


def test_a_bad_seat_choice_is_refused_with_a_translated_reason(client: TestClient) -> None:
    before = len(_hub(client).tables)
    data = {"csrf_token": _csrf(client), "seat_n": "dragon"}
    answer = client.post("/lobby/friends?lang=pl", data=data, follow_redirects=False)
    assert answer.status_code == 422
    reason = gettext_for("pl")("Choose a robot, a friend or anyone from the lobby for each seat.")
    assert html.escape(reason, quote=False) in answer.text
    assert len(_hub(client).tables) == before


def test_names_at_the_seats_come_from_the_login_or_the_lobby_and_are_cleaned(client: TestClient) -> None:
    login = client.get("/?lang=en").text
    client.post("/auth/login", data={"username": "pat", "password": PASSWORD, "next": "/",
                                     "csrf_token": html.unescape(CSRF.findall(login)[0])})
    table_id, south, _ = _start(client, n="friend", e="robot", w="robot")
    with _ws(client, table_id, south, name="Impostor") as ws:
        players = _until(ws, "players")["players"]
        assert players["S"]["name"] == "pat"  # logged in: his account's name, not the one typed
    shown = "<b>A B</b>"  # the right-to-left override becomes a space; cut at MAX_NAME characters
    assert clean_name("<b>A\u202eB</b>" + "x" * 40) == shown + "x" * (MAX_NAME - len(shown))
    assert clean_name(" \u0000 ") is None


def test_chat_reaches_everyone_as_text_bounded_and_rate_limited(client: TestClient) -> None:
    table_id, south, page = _start(client, n="friend", e="robot", w="robot")
    north = parse_qs(urlsplit(html.unescape(dict(INVITE.findall(page))["n"])).query)["token"][0]
    with _ws(client, table_id, south, name="Sam") as s_ws, _ws(client, table_id, north, name="Nora") as n_ws:
        _until(n_ws, "players")
        evil = "<img src=x onerror=alert(1)>"
        s_ws.send_json({"v": 1, "id": "c1", "type": "chat", "text": evil})
        line = _until(n_ws, "chat")["messages"][0]
        assert (line["from"], line["name"], line["text"]) == ("S", "Sam", evil)  # sent as text, never HTML
        assert _until(s_ws, "chat")["messages"][0]["text"] == evil

        s_ws.send_json({"v": 1, "id": "c2", "type": "chat", "text": "x" * (MAX_CHAT_TEXT + 1)})
        refused = _until(s_ws, "error")
        assert refused["code"] == "chat-too-long" and refused["ref"] == "c2"
        assert refused["message"] == CHAT_REFUSALS["chat-too-long"].format(max=MAX_CHAT_TEXT)

        for i in range(CHAT_RATE + 1):  # one more than a connection may send in the window
            n_ws.send_json({"v": 1, "id": f"n{i}", "type": "chat", "text": f"hello {i}"})
        codes = []
        for _ in range(60):
            message = n_ws.receive_json()
            if message["type"] == "error":
                codes.append(message["code"])
                break
        assert codes == ["chat-rate"]

    # a newcomer gets the chat so far
    with _ws(client, table_id) as spectator:
        history = _until(spectator, "chat")
        assert history["history"] is True and history["messages"][0]["text"] == evil


def test_a_client_that_does_not_ask_for_names_and_chat_gets_only_the_messages_it_knows(
    client: TestClient,
) -> None:
    table_id, south, page = _start(client, n="friend", e="robot", w="robot")
    north = parse_qs(urlsplit(html.unescape(dict(INVITE.findall(page))["n"])).query)["token"][0]
    with _ws(client, table_id, south, room="0") as old, _ws(client, table_id, north) as new:
        _until(new, "players")
        new.send_json({"v": 1, "id": "c1", "type": "chat", "text": "hello"})
        assert _until(new, "chat")["messages"][0]["text"] == "hello"
        old.send_json({"v": 1, "id": "r1", "type": "resync"})
        kinds = [old.receive_json()["type"] for _ in range(2)]
        assert kinds == ["view", "view"]  # its first view, then the resync's: nothing about names or chat


def test_spectators_do_not_write_to_players_during_play(client: TestClient) -> None:
    table_id, _, _ = _start(client, n="friend", e="robot", w="robot")
    with _ws(client, table_id, lang="sv") as ws:
        _until(ws, "players")
        ws.send_json({"v": 1, "id": "s1", "type": "chat", "text": "play the ace!"})
        refused = _until(ws, "error")
        assert refused["code"] == "chat-spectator"
        assert refused["message"] == gettext_for("sv")(CHAT_REFUSALS["chat-spectator"])
    assert not _hub(client).tables[table_id].room.lines


def test_a_club_tables_chat_is_off_during_play_by_default(client: TestClient) -> None:
    hub = _hub(client)
    created = client.portal.call(  # type: ignore[union-attr]
        lambda: hub.create_table(set(Seat), club=ClubSlot(1, 1, 1, 1, "1", "2")))
    with _ws(client, created.id, created.tokens[Seat.NORTH], lang="pl") as ws:
        players = _until(ws, "players")
        assert players["chat"] == {"in_play": False}
        ws.send_json({"v": 1, "id": "c1", "type": "chat", "text": "partner, lead a spade"})
        refused = _until(ws, "error")
        assert refused["code"] == "chat-off"
        assert refused["message"] == gettext_for("pl")(CHAT_REFUSALS["chat-off"])
        # nothing else changed: no message was kept, the table is where it was
        assert not hub.tables[created.id].room.lines
        assert len(hub.tables[created.id].table.record) == 0
        ws.send_json({"v": 1, "id": "c2", "type": "chat", "text": 12})
        assert _until(ws, "error")["code"] == "bad-message"


def test_names_and_chat_add_no_card_to_what_anyone_sees_over_robot_boards() -> None:
    """The hand-privacy harness (tests/server/privacy.py) over 20 robot boards watched by every kind of
    recipient asking for names and chat (``room``), with chat at every board: no view leaks a card, and no
    ``players`` or ``chat`` message holds a card at all (the texts typed here name none)."""
    import asyncio
    import random

    from tenace.laws.refs import DIRECTOR
    from tenace.seats import SEATS
    from tenace.server.actors import Connection
    from tenace.server.persistence import LiveStore
    from tenace.server.protocol import Action, cards_in

    from .privacy import Recorder, leaks
    from .robots import ClaimingRobot, memory_engine, play_out

    async def run() -> tuple[Recorder, LiveStore, int]:
        rng = random.Random(12)
        recorder = Recorder()
        live = LiveStore(memory_engine())
        hub = Hub(live, robots=lambda seat: ClaimingRobot(seat, random.Random(rng.random())),
                  observer=recorder)
        kept = 0
        for _ in range(4):
            created = await hub.create_table((), boards=5)
            actor = hub.tables[created.id]
            watchers = {viewer: Connection(viewer, name=f"watcher {i}", room=True)
                        for i, viewer in enumerate((None, DIRECTOR, *SEATS))}
            for connection in watchers.values():
                actor.join(connection)
            for board in range(1, 6):
                actor.chat(watchers[Seat.NORTH], Action("chat", text=f"board {board}: good luck"))
                # the spectator: refused while a board is played, else sent (or refused for his rate)
                actor.chat(watchers[None], Action("chat", text="well played"))
                await play_out(hub, actor, board)
                actor.chat(watchers[None], Action("chat", text="well played"))
            kept += len(actor.room.lines)
        await hub.close()
        return recorder, live, kept

    recorder, live, kept = asyncio.run(run())
    assert leaks(recorder, live) == []
    room = [m for _, _, m in recorder.messages if m["type"] in ("players", "chat")]
    chats = [m for m in room if m["type"] == "chat"]
    assert len(chats) == kept * 6 and kept >= 20  # each message kept went to each of the six watchers
    assert all(cards_in(m) == set() for m in room)
    refused = [m["code"] for _, _, m in recorder.messages if m["type"] == "error"]
    assert "chat-spectator" in refused and set(refused) <= {"chat-spectator", "chat-rate"}
