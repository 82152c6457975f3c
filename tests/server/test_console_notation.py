"""The Director's console speaks bridge (issue 13, item 5): hands by seat with suit symbols, each suit high to
low; calls and contracts as bridge players write them (1♠, 3NT, 4♥X by N), never ``1SN`` or ``N: 1D, E: P``;
the auction as a grid (columns W N E S, the first call under the dealer); the tricks played with their cards
under the seats; for a disputed claim the tricks the claimer's side takes double dummy, as DDS itself gives
them; and after a ruling the console confirms what the table was sent.

The grids, hands and tricks are checked against what is built here from the deal and the record, not against
the code's own output."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace import Board, Deal, Seat
from tenace.calls import parse_call
from tenace.contract import Contract
from tenace.formats.json import board_to_json
from tenace.laws.events import CallMade, CardPlayed
from tenace.laws.table import Table
from tenace.server import notation
from tenace.server.app import create_app
from tenace.server.club import table_notation
from tenace.server.settings import Settings

from .clients import hub, login, register, wait

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
COLUMNS = "WNES"
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _expected_suits(deal: Deal, seat: Seat) -> list[str]:
    """``♠ A K Q J`` for each suit, spades first, built from the hand's PBN text (ranks high to low)."""
    parts = deal[seat].to_pbn().split(".")
    return [f"{SYMBOL[s]} " + (" ".join(r.replace("T", "10") for r in part) or "—")
            for s, part in zip("SHDC", parts, strict=True)]


def _grid(dealer: str, calls: list[str]) -> list[list[str | None]]:
    """The auction grid, worked out here: blank cells up to the dealer's column, then the calls in rows."""
    shown = {"P": "Pass", "X": "X", "XX": "XX"}
    cells: list[str | None] = [None] * COLUMNS.index(dealer)
    for call in calls:
        text = shown.get(call) or call[0] + (call[1:] if call[1:] == "NT" else SYMBOL[call[1]])
        cells.append(text)
    cells += [None] * (-len(cells) % 4)
    return [cells[i:i + 4] for i in range(0, len(cells), 4)]


@pytest.mark.parametrize(("number", "calls"), [
    (1, ["1D", "P", "1S", "X", "P", "2NT", "P", "3NT", "P", "P", "P"]),  # dealer North
    (2, ["P", "P", "1H", "1S", "4H", "4S", "5H", "X", "XX", "P", "P", "P"]),  # dealer East
    (4, ["2C", "P", "2D", "P", "7NT", "P", "P", "P"]),  # dealer West
])
def test_the_auction_grid_has_the_dealers_offset_and_the_usual_notation(number: int, calls: list[str]
                                                                        ) -> None:
    board = Board(number, DEAL)
    table = Table.new(board)
    seat = board.dealer
    for call in calls:
        table = table.apply(CallMade(seat, parse_call(call)))
        seat = seat.lho
    shown = table_notation(table)
    assert [c["seat"] for c in shown["columns"]] == list(COLUMNS)
    assert [[None if c is None else c["text"] for c in row] for row in shown["auction"]] == \
        _grid(board.dealer.value, calls)
    # a red bid is marked red, nothing else
    reds = {c["text"] for row in shown["auction"] for c in row if c and c["red"]}
    expected = _grid(board.dealer.value, calls)
    assert reds == {t for row in expected for t in row if t and len(t) > 1 and t[1] in "♥♦"}
    contract = table.contract
    assert contract is not None
    strain = contract.denomination.value
    bid = f"{contract.level}{'NT' if strain == 'NT' else SYMBOL[strain]}{contract.doubling}"
    assert shown["contract"] == f"{bid} by {contract.declarer.value}"
    assert not re.search(r"\b[1-7](NT|[SHDC])[NESW]\b", str(shown))  # never "1SN"


def test_contracts_and_calls_as_players_write_them_in_each_language() -> None:
    assert notation.contract_text(Contract.from_str("4HXN")) == "4♥X by N"
    assert notation.contract_text(Contract.from_str("3NTE")) == "3NT by E"
    assert notation.contract_text(Contract.from_str("6SXXW")) == "6♠XX by W"
    assert notation.contract_text(None) == "Passed out"
    assert notation.call_text(parse_call("3NT"), "pl") == "3BA"
    assert notation.call_text(parse_call("2NT"), "el") == "2ΧΑ"
    assert [notation.call_text(parse_call(c), "sv") for c in ("X", "XX", "1C")] == ["X", "XX", "1♣"]


def test_the_hands_are_by_seat_with_suit_symbols_high_to_low_and_the_cards_left_once_play_began() -> None:
    table = Table.new(Board(1, DEAL))
    for seat, call in zip(Seat, ("7NT", "P", "P", "P"), strict=True):
        table = table.apply(CallMade(seat, parse_call(call)))
    before = table_notation(table)
    assert [h["seat"] for h in before["hands"]] == ["N", "W", "E", "S"]
    for hand in before["hands"]:
        seat = Seat.from_str(hand["seat"])
        assert [f"{s['symbol']} {s['ranks']}" for s in hand["deal"]] == _expected_suits(DEAL, seat)
        assert [s["red"] for s in hand["deal"]] == [False, True, True, False]
        assert hand["left"] is None and hand["dealer"] == (seat is Seat.NORTH)
    # East leads and the first trick is played (each player his lowest legal card): the trick list
    played = []
    for _ in range(5):
        play = table.play
        assert play is not None
        card = min(play.legal_cards(), key=lambda c: (c.suit.value, c.rank.value))
        played.append((play.turn, card))
        table = table.apply(CardPlayed(play.turn, card))
    shown = table_notation(table)
    first, second = shown["tricks"]
    by_seat = {seat.value: card for seat, card in played[:4]}
    assert [None if c is None else c["text"] for c in first["cards"]] == \
        [SYMBOL[by_seat[s].suit.value] + by_seat[s].rank.letter.replace("T", "10") for s in COLUMNS]
    assert first["leader"] == "E" and [c["led"] for c in first["cards"] if c] == [s == "E" for s in COLUMNS]
    play = table.play
    assert play is not None and first["winner"] == play.tricks[0].winner(play.trump).value
    assert [c is not None for c in second["cards"]] == [s == first["winner"] for s in COLUMNS]
    for hand in shown["hands"]:  # the cards left: the deal less what that seat played
        seat = Seat.from_str(hand["seat"])
        gone = {card for who, card in played if who is seat}
        left = [c for c in DEAL[seat] if c not in gone]
        texts = [f"{s['symbol']} {s['ranks']}" for s in hand["left"]]
        for suit_text, suit in zip(texts, "SHDC", strict=True):
            ranks = [c.rank.letter.replace("T", "10") for c in left if c.suit.value == suit]
            assert suit_text == f"{SYMBOL[suit]} " + (" ".join(ranks) or "—")


# --- the console page, with a disputed claim at a table of four humans ------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(anonymous_tables=True, database_url=f"sqlite:///{tmp_path / 't.db'}",
                              robot_samples=0))
    with TestClient(app) as c:
        register(c.app)
        yield c


def _acked(ws: Any, message: dict[str, Any]) -> None:
    ws.send_json({"v": 1, **message})
    while True:
        reply: dict[str, Any] = ws.receive_json()
        if reply["type"] in ("ack", "error") and reply.get("ref") == message["id"]:
            assert reply["type"] == "ack", reply
            return


def test_the_console_shows_the_table_in_notation_the_claims_double_dummy_and_confirms_the_ruling(
    client: TestClient,
) -> None:
    from tenace.solver import dds

    deal = Deal.from_pbn("N:A2.KQJ4.QJ9.7642 KT9843.83.A5.AK3 Q5.AT976.K8732.8 J76.52.T64.QJT95")
    answer = client.post("/api/tables", json={"humans": list("NESW"),
                                              "board": board_to_json(Board(3, deal))})  # dealer South
    assert answer.status_code == 201, answer.text
    table = answer.json()
    actor = hub(client).tables[table["id"]]
    sockets = {seat: client.websocket_connect(f"/ws/tables/{table['id']}?token={token}")
               for seat, token in table["tokens"].items()}
    ws = {seat: manager.__enter__() for seat, manager in sockets.items()}
    try:
        calls = [("S", "1H"), ("W", "P"), ("N", "2D"), ("E", "2S"), ("S", "4H"), ("W", "P"), ("N", "P"),
                 ("E", "X"), ("S", "P"), ("W", "P"), ("N", "P")]
        for n, (seat, call) in enumerate(calls):
            _acked(ws[seat], {"id": f"c{n}", "type": "call", "call": call, "alert": call == "2D",
                              "explanation": "game force" if call == "2D" else None})
        for n in range(6):  # a trick and a half, each player his first legal card (declarer plays dummy's)
            t = actor.table
            play = t.play
            assert play is not None
            turn = play.turn
            hand_of = Seat.SOUTH if turn is Seat.NORTH else turn  # South declares, North is dummy
            card = next(iter(play.legal_cards()))
            _acked(ws[hand_of.value], {"id": f"p{n}", "type": "card", "card": str(card)})
        _acked(ws["S"], {"id": "claim", "type": "claim", "tricks": 12, "statement": "cross-ruff"})
        _acked(ws["W"], {"id": "no", "type": "claim-answer", "accept": False})
        wait(lambda: actor.table.claim is not None and actor.table.claim.objected, "the objection")
        login(client, "dan")
        page = client.get("/director?lang=en").text
        call = page.split('class="director-call', 1)[1].split("</article>", 1)[0]
        text = unescape(re.sub(r"<[^>]+>", " ", call))
        words = " ".join(text.split())

        assert "4♥X by S" in words and "4HXS" not in words and "S: 1H" not in words
        grid = call.split('class="auction-grid"', 1)[1].split("</table>", 1)[0]
        body = grid.split("<tbody>", 1)[1]
        rows = [[unescape(re.sub(r"<[^>]+>", "", cell)).strip()
                 for cell in re.findall(r"<td>(.*?)</td>", row)]
                for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
        expected = _grid("S", [c for _, c in calls])
        assert rows == [[c or "" if c != "2♦" else "2♦!" for c in row] for row in expected]  # 2♦ alerted
        for seat in Seat:
            assert " ".join(_expected_suits(deal, seat)) in words  # the deal, by seat
        tricks = call.split('class="trick-list"', 1)[1].split("</table>", 1)[0]
        assert tricks.count('<th scope="row">') == 2

        play = actor.table.play
        assert play is not None
        solved = dds.solve_position(play)  # asked here: what the side on turn takes, then for South's side
        on_turn_side = solved.turn.side is Seat.SOUTH.side
        expected_dd = solved.max_tricks if on_turn_side else solved.tricks_left - solved.max_tricks
        remaining = 13 - len(play.cards) // 4
        assert (f"Double dummy: the claimer's side takes {expected_dd} of the {remaining} remaining tricks "
                "(claimed: 12).") in words

        # the Director rules; the console confirms what the table was sent, and the table has it
        ruled = client.post(f"/api/director/tables/{table['id']}/rule", data={"tricks": str(expected_dd)},
                            follow_redirects=False)
        assert ruled.status_code in (303, 403), ruled.text
        if ruled.status_code == 403:  # a form needs the page's CSRF token: send it as the page does
            token = re.search(r'name="csrf_token" value="([^"]+)"', page)
            assert token is not None
            ruled = client.post(f"/api/director/tables/{table['id']}/rule",
                                data={"tricks": str(expected_dd), "csrf_token": token.group(1)},
                                follow_redirects=False)
        assert ruled.status_code == 303, ruled.text
        assert ruled.headers["location"].startswith(f"/director?sent={table['id']}&at=")
        confirmed = client.get(ruled.headers["location"] + "&lang=en").text
        box = confirmed.split('id="ruling-sent"', 1)[1].split("</div>", 1)[0]
        said = " ".join(unescape(re.sub(r"<[^>]+>", " ", box)).split())
        assert "Your ruling was sent to the table." in said and "Board 3" in said
        assert f"the Director awards {expected_dd} of the remaining tricks to the claimer's side" in said
        wait(lambda: actor.table.score_ns() is not None, "the board to be scored")
    finally:
        for manager in sockets.values():
            manager.__exit__(None, None, None)


def test_the_directors_answer_to_a_players_call_is_confirmed_with_his_note_and_the_adjusted_score(
    client: TestClient,
) -> None:
    """A player calls the Director after the board; the Director answers from the console's form with a
    note and an assigned score: the console confirms both, and the table has them."""
    answer = client.post("/api/tables", json={"humans": list("NESW"), "board": board_to_json(Board(1, DEAL))})
    table = answer.json()
    actor = hub(client).tables[table["id"]]
    sockets = {seat: client.websocket_connect(f"/ws/tables/{table['id']}?token={token}")
               for seat, token in table["tokens"].items()}
    ws = {seat: manager.__enter__() for seat, manager in sockets.items()}
    try:
        for n, (seat, call) in enumerate([("N", "7NT"), ("E", "P"), ("S", "P"), ("W", "P")]):
            _acked(ws[seat], {"id": f"c{n}", "type": "call", "call": call})
        _acked(ws["E"], {"id": "lead", "type": "card", "card": "ST"})
        _acked(ws["N"], {"id": "claim", "type": "claim", "tricks": 13, "statement": "all top"})
        _acked(ws["E"], {"id": "e", "type": "claim-answer", "accept": True})
        _acked(ws["W"], {"id": "w", "type": "claim-answer", "accept": True})
        _acked(ws["W"], {"id": "td", "type": "director", "reason": "other", "text": "the tempo"})
        (request,) = actor.requests
        login(client, "dan")
        page = client.get("/director?lang=en").text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert token is not None
        note = "No damage: the result stands, but a procedural warning (Law 90)."
        sent = client.post(f"/api/director/tables/{table['id']}/requests/{request.number}/answer",
                           data={"note": note, "score": "-1520", "csrf_token": token.group(1)},
                           follow_redirects=False)
        assert sent.status_code == 303, sent.text
        assert sent.headers["location"] == f"/director?sent={table['id']}&request={request.number}"
        confirmed = client.get(sent.headers["location"] + "&lang=en").text
        box = confirmed.split('id="ruling-sent"', 1)[1].split("</div>", 1)[0]
        said = " ".join(unescape(re.sub(r"<[^>]+>", " ", box)).split())
        assert "Your ruling was sent to the table." in said and f"“{note}”" in said
        assert actor.requests[0].ruling is not None
        assert f"Adjusted score: {actor.requests[0].ruling.adjusted} (Law 12C1)" in said
    finally:
        for manager in sockets.values():
            manager.__exit__(None, None, None)
