"""Calling the Director for anything (Law 9, issue 12): a player says why (misinformation, unauthorised
information, a claim, anything else) and in his own words; the call reaches the Director's console with the
table's record and the evidence of the information layer; the Director's answer (a note, and once the board
has ended an adjusted score, Law 12C) reaches all four players. At a practice table with robots the call is
recorded and the players are told no Director is present. Refusals (a finished table, words too long) are
translated and change nothing. Also: reserving rights (Law 16B2), correcting an explanation (Law 20F4), and a
disputed claim's ruling told to everyone (Law 70)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace import Board, Deal, Seat
from tenace.formats.json import board_to_json
from tenace.laws.events import ClaimAnswered, Event, ExplanationCorrected, UIReason, UIReserved
from tenace.laws.table import Phase, TableView
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award
from tenace.server import actors
from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.pages import gettext_for
from tenace.server.protocol import MAX_DIRECTOR_TEXT, ProtocolError, parse_action
from tenace.server.settings import Settings

from .clients import hub, login, register, wait

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
EXPLAINED = "12-14 balanced"


class _Objecting(FallbackRobot):
    """The placeholder robot, except that it objects to every claim (so that it is disputed, Law 70)."""

    async def act(self, view: TableView) -> Event | None:
        if view.phase is Phase.CLAIM and view.turn is self.seat and view.pending is None:
            return ClaimAnswered(self.seat, False)
        return await super().act(view)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(anonymous_tables=True, database_url=f"sqlite:///{tmp_path / 't.db'}",
                              robot_samples=0), robots=_Objecting)
    with TestClient(app) as c:
        register(c.app)
        yield c


def _table(client: TestClient, humans: str, boards: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"humans": list(humans), "board": board_to_json(Board(1, DEAL))}
    if boards is not None:
        body["boards"] = boards
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _send(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message`` and return its acknowledgement or refusal."""
    ws.send_json({"v": 1, **message})
    while True:
        reply: dict[str, Any] = ws.receive_json()
        if reply["type"] in ("ack", "error") and reply.get("ref") == message["id"]:
            return reply


def _acked(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    reply = _send(ws, message)
    assert reply["type"] == "ack", reply
    return reply


def _latest(ws: Any, until: Any) -> dict[str, Any]:
    """Views until one satisfies ``until`` (the messages in between are read and dropped)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "view" and until(message):
            return message


class Four:
    """Four humans' sockets at one table (North, East, South, West), opened in ``lang``."""

    def __init__(self, client: TestClient, table: dict[str, Any], lang: str = "en") -> None:
        self.managers = {seat: client.websocket_connect(
            f"/ws/tables/{table['id']}?token={token}&lang={lang}") for seat, token in table["tokens"].items()}
        self.ws: dict[str, Any] = {}

    def __enter__(self) -> Four:
        for seat, manager in self.managers.items():
            self.ws[seat] = manager.__enter__()
            assert self.ws[seat].receive_json()["type"] == "view"
        return self

    def __exit__(self, *exc: object) -> None:
        for manager in self.managers.values():
            manager.__exit__(None, None, None)


def _auction(four: Four) -> None:
    """North opens 1NT, alerted and explained as 12-14 (he holds 37 points), and plays 3NT."""
    _acked(four.ws["N"], {"id": "n1", "type": "call", "call": "1NT", "alert": True, "explanation": EXPLAINED})
    for n, (seat, call) in enumerate((("E", "P"), ("S", "3NT"), ("W", "P"), ("N", "P"), ("E", "P"))):
        _acked(four.ws[seat], {"id": f"c{n}", "type": "call", "call": call})


def test_a_call_for_misinformation_reaches_the_console_and_the_directors_answers_reach_all_four(
    client: TestClient,
) -> None:
    table = _table(client, "NESW")
    actor = hub(client).tables[table["id"]]
    with Four(client, table) as four:
        _auction(four)
        seq = len(actor.table.record)
        words = "1NT was explained as 12-14; I would have doubled a weak notrump"
        acked = _acked(four.ws["W"], {"id": "td", "type": "director", "reason": "misinformation",
                                      "text": words})
        assert acked["seq"] == seq  # nothing irregular for the engine: the record is unchanged (Law 9B1)
        for seat, ws in four.ws.items():
            message = _latest(ws, lambda m: m.get("director_calls"))
            (call,) = message["director_calls"]
            assert (call["by"], call["reason"], call["status"]) == ("W", "misinformation", "open")
            assert call["law"] == "9"
            assert message["director_present"] is True
            # his words go to the Director only, and back to him; his partner and the opponents see the call
            assert call["text"] == (words if seat == "W" else None), seat

        # the console lists the call with the table's record and the evidence: the alert, its explanation
        login(client, "dan")
        calls = client.get("/api/director/calls").json()["calls"]
        (listed,) = [c for c in calls if c["table_id"] == table["id"]]
        assert listed["kind"] == "request" and listed["request"]["text"] == words
        assert listed["request"]["reason_text"] == "misinformation"
        opening = listed["evidence"]["auction"][0]
        assert (opening["seat"], opening["call"], opening["alert"], opening["explanation"]) == (
            "N", "1NT", True, EXPLAINED)
        assert len(listed["evidence"]["auction"]) == 6 and listed["ended"] is False
        assert [item["type"] for item in listed["record"]] == ["CallMade"] * 6
        console = client.get("/director?lang=en").text
        assert words in console and f'/requests/{listed["request"]["number"]}/answer' in console

        # an adjusted score comes only once the board has ended (Law 12); a note is an answer now
        number = listed["request"]["number"]
        url = f"/api/director/tables/{table['id']}/requests/{number}/answer"
        early = client.post(url, json={"note": "later", "score": "-300"})
        assert early.status_code == 409 and "ended" in early.json()["detail"]
        assert actor.requests[0].ruling is None
        assert client.post(url, json={"note": ""}).status_code == 422
        assert client.post(url, json={"note": "x", "score": "425"}).status_code == 422  # not a bridge score
        note = "Play on: I shall look at it when the board is over (Law 21B3)."
        assert client.post(url, json={"note": note}).status_code == 200
        for ws in four.ws.values():
            message = _latest(ws, lambda m: m["director_calls"][0]["status"] == "answered")
            assert message["director_calls"][0]["ruling"] == {"note": note, "adjusted": None, "law": None}
        assert client.post(url, json={"note": "again"}).status_code == 409  # answered already

        # the board is played out (a claim of every trick, agreed); West calls again, and the Director
        # assigns an adjusted score: North-South -100, as if East-West had doubled 1NT and beaten it
        _acked(four.ws["E"], {"id": "lead", "type": "card", "card": "ST"})
        _acked(four.ws["N"], {"id": "claim", "type": "claim", "tricks": 13, "statement": "all mine"})
        _acked(four.ws["E"], {"id": "e-ok", "type": "claim-answer", "accept": True})
        _acked(four.ws["W"], {"id": "w-ok", "type": "claim-answer", "accept": True})
        assert actor.table.phase is Phase.ENDED
        _acked(four.ws["W"], {"id": "td2", "type": "director", "reason": "misinformation", "text": "now"})
        calls = client.get("/api/director/calls").json()["calls"]
        (listed,) = [c for c in calls if c["table_id"] == table["id"]]
        assert listed["ended"] is True
        url = f"/api/director/tables/{table['id']}/requests/{listed['request']['number']}/answer"
        answered = client.post(url, json={"note": "Misinformation (Law 21B3): score adjusted.",
                                          "score": "-100"})
        assert answered.status_code == 200, answered.text
        expected = str(AssignedAdjustedScore.balancing(-100))
        assert answered.json()["adjusted"] == expected
        # the Laws engine records it (Law 12C): the board's result, kept with its events
        assert str(actor.table.result_ns()) == expected
        assert type(actor.table.record[-1]).__name__ == "ScoreAdjusted"
        for ws in four.ws.values():
            message = _latest(ws, lambda m: m["view"]["result"] is not None
                              and m["director_calls"][-1]["ruling"] is not None)
            assert message["view"]["result"] == {"adjusted": expected, "law": "12C1"}
            assert message["director_calls"][-1]["ruling"]["adjusted"] == expected
            assert message["view"]["score"] == actor.table.score_ns()  # the table's own score is still there
        # the live store says the board was adjusted (My boards shows "adjusted", not the table's score)
        wait(lambda: hub(client).live.history(table["id"])[-1].score_ns is None, "the adjusted board stored")
    assert table["id"] not in [c["table_id"] for c in client.get("/api/director/calls").json()["calls"]]


def test_at_a_practice_table_with_robots_the_call_is_recorded_and_no_director_is_promised(
    client: TestClient,
) -> None:
    table = _table(client, "S")
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['tokens']['S']}") as ws:
        first = ws.receive_json()
        assert first["director_present"] is False and first["director_calls"] == []
        _acked(ws, {"id": "td", "type": "director", "reason": "other", "text": "the robot was slow"})
        message = _latest(ws, lambda m: m.get("director_calls"))
        (call,) = message["director_calls"]
        assert (call["status"], call["director"], call["text"]) == ("recorded", False, "the robot was slow")
    login(client, "dan")
    assert table["id"] not in [c["table_id"] for c in client.get("/api/director/calls").json()["calls"]]


def test_refusals_are_translated_and_change_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(actors, "CALL_WINDOW", dt.timedelta(0))  # the table finishes when its board ends
    table = _table(client, "NESW", boards=1)
    actor = hub(client).tables[table["id"]]
    with Four(client, table, lang="pl") as four:
        west = four.ws["W"]
        too_long = _send(west, {"id": "long", "type": "director", "reason": "other",
                                "text": "x" * (MAX_DIRECTOR_TEXT + 1)})
        assert too_long["type"] == "error" and too_long["code"] == "too-long"
        polish = gettext_for("pl")("Your words to the Director are too long: at most {max} characters.")
        assert polish != "Your words to the Director are too long: at most {max} characters."
        assert too_long["message"] == polish.format(max=MAX_DIRECTOR_TEXT)
        bad = _send(west, {"id": "bad", "type": "director", "reason": "gossip"})
        assert bad["type"] == "error" and bad["code"] == "bad-message"
        assert actor.requests == [] and actor.table.record == ()
        monkeypatch.setattr(actors, "MAX_REQUESTS", 1)  # one call with a reason a board, then refused
        _acked(west, {"id": "one", "type": "director", "reason": "other", "text": "once"})
        again = _send(west, {"id": "two", "type": "director", "reason": "other", "text": "twice"})
        assert again["code"] == "too-many"
        refused = gettext_for("pl")("The Director has been called too many times on this board.")
        assert again["message"] == refused
        assert [r.text for r in actor.requests] == ["once"] and actor.table.record == ()
        _auction(four)
        _acked(four.ws["E"], {"id": "lead", "type": "card", "card": "ST"})
        _acked(four.ws["N"], {"id": "claim", "type": "claim", "tricks": 13})
        _acked(four.ws["E"], {"id": "e-ok", "type": "claim-answer", "accept": True})
        _acked(four.ws["W"], {"id": "w-ok", "type": "claim-answer", "accept": True})
        wait(lambda: actor._closed, "the one-board table to close")
        before = len(actor.table.record)
        finished = _send(west, {"id": "late", "type": "director", "reason": "claim"})
        assert finished["type"] == "error" and finished["code"] == "table-finished"
        assert finished["message"] == gettext_for("pl")(
            "This table has finished its boards: the Director can no longer be called from it.")
        assert [r.text for r in actor.requests] == ["once"] and len(actor.table.record) == before


def test_a_call_about_unauthorised_information_reserves_rights_in_the_record_and_everyone_hears_it(
    client: TestClient,
) -> None:
    table = _table(client, "NESW")
    actor = hub(client).tables[table["id"]]
    with Four(client, table) as four:
        _acked(four.ws["N"], {"id": "n1", "type": "call", "call": "1NT"})
        _acked(four.ws["E"], {"id": "e1", "type": "call", "call": "P"})
        _acked(four.ws["S"], {"id": "s1", "type": "call", "call": "3NT"})
        # West: North hesitated before... his partner South's 3NT came after a long think; about South
        _acked(four.ws["W"], {"id": "ui", "type": "director", "reason": "unauthorised-information",
                              "about": "S", "text": "long pause"})
        assert actor.table.record[-1] == UIReserved(Seat.WEST, Seat.SOUTH, UIReason.HESITATION)  # Law 16B2
        for ws in four.ws.values():
            message = _latest(ws, lambda m: m.get("reserved"))
            assert message["reserved"] == [{"by": "W", "about": "S", "reason": "hesitation", "law": "16B2",
                                            "ruled": False}]
            assert message["director_calls"][0]["recorded"] == "UIReserved"
        # reserving rights alone (Law 16B2), with no call: about partner is refused by the engine
        refused = _send(four.ws["W"], {"id": "own", "type": "reserve", "about": "E"})
        assert refused["type"] == "error"
        _acked(four.ws["W"], {"id": "rsv", "type": "reserve", "about": "N", "reason": "remark"})
        assert actor.table.record[-1] == UIReserved(Seat.WEST, Seat.NORTH, UIReason.REMARK)
        login(client, "dan")
        calls = client.get("/api/director/calls").json()["calls"]
        (listed,) = [c for c in calls if c["table_id"] == table["id"]]
        assert [r["about"] for r in listed["evidence"]["reserved"]] == ["S", "N"]
        # the console's record says it in the Director's language
        from tenace.server.club import record_item

        item = record_item(UIReserved(Seat.WEST, Seat.SOUTH), "pl")
        line = gettext_for("pl")("{seat} reserves the right to call the Director about {about} (Law 16B2)")
        assert line.format(seat=item["seat"], about=item["about"]) in client.get("/director?lang=pl").text
        # a call "about" partner reserves nothing: information from partner is no opponent's (Law 16B2)
        before = len(actor.table.record)
        _acked(four.ws["W"], {"id": "own-call", "type": "director", "reason": "unauthorised-information",
                              "about": "E"})
        assert len(actor.table.record) == before and actor.requests[-1].about is None


def test_a_player_corrects_his_own_explanation(client: TestClient) -> None:
    table = _table(client, "NESW")
    actor = hub(client).tables[table["id"]]
    with Four(client, table) as four:
        _acked(four.ws["N"], {"id": "n1", "type": "call", "call": "1NT", "alert": True,
                              "explanation": EXPLAINED})
        _acked(four.ws["N"], {"id": "fix", "type": "correct", "call_index": 0, "text": "20-22 balanced"})
        assert actor.table.record[-1] == ExplanationCorrected(Seat.NORTH, 0, "20-22 balanced")
        from tenace.server.club import record_item

        item = record_item(actor.table.record[-1], "sv")
        assert (item["seat"], item["index"], item["explanation"]) == ("Nord", 1, "20-22 balanced")
        # only the caller's side explains its calls: East cannot correct North's
        assert _send(four.ws["E"], {"id": "no", "type": "correct", "call_index": 0, "text": "?"})["type"] \
            == "error"


def test_a_disputed_claim_at_a_practice_table_is_ruled_and_everyone_is_told_the_ruling(
    client: TestClient,
) -> None:
    table = _table(client, "NS")
    actor = hub(client).tables[table["id"]]
    north = client.websocket_connect(f"/ws/tables/{table['id']}?token={table['tokens']['N']}")
    south = client.websocket_connect(f"/ws/tables/{table['id']}?token={table['tokens']['S']}")
    with north as n, south as s:
        n.receive_json()
        s.receive_json()
        _acked(n, {"id": "n1", "type": "call", "call": "1NT"})
        wait(lambda: actor.table.turn is Seat.SOUTH, "East's call")
        _acked(s, {"id": "s1", "type": "call", "call": "P"})
        wait(lambda: actor.table.play is not None and len(actor.table.play.cards) == 1, "East's lead")
        _acked(n, {"id": "claim", "type": "claim", "tricks": 13, "statement": "top tricks"})
        for ws in (n, s):
            message = _latest(ws, lambda m: m["view"]["phase"] == "ended")
            assert message["view"]["claim"]["objected"] is True
            assert message["claim_ruling"] == {"seat": "N", "tricks": 13, "claimed": 13, "law": "70",
                                               "by": "automatic"}


def test_the_protocol_reads_a_director_call_with_a_reason_and_refuses_bad_ones() -> None:
    action = parse_action({"v": 1, "id": "a", "type": "director", "reason": "claim", "text": "  odd  ",
                           "about": "e"})
    assert (action.reason, action.text, action.whom) == ("claim", "odd", Seat.EAST)
    assert parse_action({"v": 1, "type": "director"}).reason is None  # the plain call of Law 9B1
    for bad in ({"reason": "x"}, {"text": "words alone"}, {"reason": "other", "text": 3},
                {"reason": "other", "about": "Q"}):
        with pytest.raises(ProtocolError):
            parse_action({"v": 1, "type": "director", **bad})
    with pytest.raises(ProtocolError) as caught:
        parse_action({"v": 1, "type": "director", "reason": "other", "text": "x" * 2001})
    assert caught.value.code == "too-long"
    with pytest.raises(ProtocolError):
        parse_action({"v": 1, "type": "reserve"})  # about whom?
    with pytest.raises(ProtocolError):
        parse_action({"v": 1, "type": "correct", "call_index": 0, "text": " "})


def test_the_console_page_shows_a_call_and_its_answer_form(client: TestClient) -> None:
    table = _table(client, "NESW")
    with Four(client, table) as four:
        _acked(four.ws["S"], {"id": "td", "type": "director", "reason": "claim", "text": "<b>bold</b>"})
    login(client, "dan")
    page = client.get("/director?lang=sv").text
    assert "&lt;b&gt;bold&lt;/b&gt;" in page and "<b>bold</b>" not in page  # escaped
    assert gettext_for("sv")("a claim") in page


def test_at_a_club_table_the_adjusted_score_replaces_the_result_entered_and_the_session_notes_it(
    client: TestClient,
) -> None:
    """A 2-table Howell, the guest Sam South at table 1 with robots elsewhere: he plays his board out (his
    first legal call or card each turn), calls the Director about misinformation, and the Director's adjusted
    score replaces the result the table entered (Law 79C), in the store the session is scored from."""
    from urllib.parse import parse_qs, urlparse

    from tenace.server.protocol import legal_for
    from tenace.store import Store

    login(client, "dan")
    created = client.post("/club/sessions", json={
        "name": "Misinformation", "movement": "howell", "tables": 2, "boards_per_round": 1, "start": True,
        "seats": {"4": ["robot", "guest:Sam"]},
    }).json()
    (guest,) = created["guests"]
    target = urlparse(client.get(guest["url"], follow_redirects=False).headers["location"])
    table_id = target.path.rsplit("/", 1)[1]
    token = parse_qs(target.query)["token"][0]
    actor = hub(client).tables[table_id]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        ws.receive_json()
        for n in range(200):
            wait(lambda: actor.table.phase is Phase.ENDED or bool(legal_for(actor.table, Seat.SOUTH)),
                 "South's turn or the end")
            if actor.table.phase is Phase.ENDED:
                break
            choice = legal_for(actor.table, Seat.SOUTH)[0]
            kind = "call" if actor.table.phase is Phase.AUCTION else "card"
            _acked(ws, {"id": f"a{n}", "type": kind, kind: choice})
        wait(lambda: actor._closed, "the result entered")
        _acked(ws, {"id": "td", "type": "director", "reason": "misinformation", "text": "a wrong answer"})
        slot = actor.club
        assert slot is not None
        (call,) = [c for c in client.get("/api/director/calls").json()["calls"] if c["table_id"] == table_id]
        assert call["club"]["table"] == 1 and call["ended"] is True
        url = f"/api/director/tables/{table_id}/requests/{call['request']['number']}/answer"
        answered = client.post(url, json={"note": "Average plus to North-South.", "artificial": "A+/A-"})
        assert answered.status_code == 200, answered.text
        awarded = str(ArtificialAdjustedScore(Award("A+"), Award("A-")))  # average plus, average minus
        message = _latest(ws, lambda m: m["view"]["result"] is not None)
        assert message["view"]["result"] == {"adjusted": awarded, "law": "12C2"}

    def entered() -> Any:
        with Store.open(client.app.state.settings.database_url) as store:  # type: ignore[attr-defined]
            (result,) = [r for r in store.results(slot.event_id) if (r.table, r.round) == (1, 1)]
        return result

    # the table corrects the result it entered (Law 79C) once the engine has recorded the adjusted score
    wait(lambda: str(entered().adjusted) == awarded, "the corrected result in the store")
    assert entered().contract is None
    state = client.get(f"/club/sessions/{created['id']}/state").json()
    assert any("called the Director (misinformation, Law 9)" in line and awarded in line
               for line in state["history"])


def test_no_message_of_a_board_with_director_calls_leaks_a_card_or_a_players_words(tmp_path: Path) -> None:
    """The hand-privacy harness (tests/server/privacy.py) over a four-human board with Director calls, a
    reservation of rights, a correction, the Director's answers and a claim: no message holds a card its
    recipient may not see, and a caller's words reach nobody at the table but him."""
    from .privacy import Recorder, leaks

    recorder = Recorder()
    app = create_app(Settings(anonymous_tables=True, database_url=f"sqlite:///{tmp_path / 'p.db'}",
                              robot_samples=0), observer=recorder)
    words = "East hesitated before passing"
    with TestClient(app) as client:
        register(client.app)
        table = _table(client, "NESW")
        with Four(client, table) as four:
            _acked(four.ws["N"], {"id": "n1", "type": "call", "call": "1NT", "alert": True,
                                  "explanation": EXPLAINED})
            _acked(four.ws["N"], {"id": "fix", "type": "correct", "call_index": 0, "text": "strong"})
            for n, (seat, call) in enumerate((("E", "P"), ("S", "3NT"), ("W", "P"), ("N", "P"),
                                              ("E", "P"))):
                _acked(four.ws[seat], {"id": f"c{n}", "type": "call", "call": call})
            _acked(four.ws["S"], {"id": "ui", "type": "director", "reason": "unauthorised-information",
                                  "about": "E", "text": words})
            _acked(four.ws["W"], {"id": "rsv", "type": "reserve", "about": "N"})
            login(client, "dan")
            (listed,) = [c for c in client.get("/api/director/calls").json()["calls"]
                         if c["table_id"] == table["id"]]
            url = f"/api/director/tables/{table['id']}/requests/{listed['request']['number']}/answer"
            assert client.post(url, json={"note": "Noted."}).status_code == 200
            _acked(four.ws["E"], {"id": "lead", "type": "card", "card": "ST"})
            _acked(four.ws["N"], {"id": "claim", "type": "claim", "tricks": 13})
            _acked(four.ws["E"], {"id": "e-ok", "type": "claim-answer", "accept": True})
            _acked(four.ws["W"], {"id": "w-ok", "type": "claim-answer", "accept": True})
            _latest(four.ws["W"], lambda m: m["view"]["phase"] == "ended")
        assert leaks(recorder, hub(client).live) == []
    told = [(viewer, call["text"]) for _, viewer, message in recorder.messages if message["type"] == "view"
            for call in message.get("director_calls", [])]
    assert {viewer for viewer, text in told if text == words} == {Seat.SOUTH}
    assert {viewer for viewer, _ in told} >= {Seat.NORTH, Seat.EAST, Seat.WEST}  # who see the call itself
