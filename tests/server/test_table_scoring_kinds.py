"""The tables' devices (tenace.server.table_scoring) for face-to-face teams and individual events: an event
made at /events, every table's results entered from its device's link and confirmed by the other side, as a
device does (idempotency keys, a resend, bad input refused naming table, round, board and field, nothing
stored twice), and the IMPs, VPs and rankings compared with an independent computation here: the WBF IMP
scale read from the oracles (Law 78B), the WBF 2013 VP formula with its published correction, matchpoints
counted board by board (Law 78A)."""

from __future__ import annotations

import csv
import math
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.contract import Contract
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.store import Store
from tenace.tournament.model import Participant

from .clients import fresh_server

ORACLES = Path(__file__).resolve().parents[2].parent / "shared" / "oracles"  # ../shared beside the repo
IMP_SCALE = ORACLES / "scoring-tables" / "imp_scale_law78B_2017.csv"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with fresh_server(tmp_path_factory.mktemp("kinds"), "pat") as c:
        yield c


def _store(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def _event(client: TestClient, **fields: Any) -> tuple[int, str, dict[int, str]]:
    """A new event with its boards dealt: its number, its face-to-face session and each table's API link."""
    answer = client.post("/events", json=fields)
    assert answer.status_code == 201, answer.text
    event_id: int = answer.json()["id"]
    assert client.post(f"/events/{event_id}/boards", json={}).status_code == 200
    session: str = client.get(f"/api/events/{event_id}").json()["scoring"]
    progress = client.get(f"/api/scoring/{session}/progress").json()
    links = {t["table"]: t["link"].replace("/scoring/", "/api/scoring/", 1) for t in progress["tables"]}
    return event_id, session, links


CONTRACTS = ["3NT N", "4S S", "4H E", "2D W", "1NT N", "3C E", "6S N", "5DX W", "2HX S"]


def _random_entry(rng: random.Random, round: int, board: int) -> dict[str, Any]:
    if rng.random() < 0.05:
        return {"round": round, "board": board, "passed": True}
    bid, declarer = rng.choice(CONTRACTS).split()
    doubling = "X" if bid.endswith("X") else ""
    bid = bid.rstrip("X")
    level = int(bid[0])
    tricks = max(0, min(13, 6 + level + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
    return {"round": round, "board": board, "level": level, "strain": bid[1:], "doubling": doubling,
            "declarer": declarer, "tricks": tricks, "lead": ""}


def _play(client: TestClient, links: dict[int, str], rng: random.Random) -> dict[tuple[int, int, int],
                                                                                   dict[str, Any]]:
    """Every table enters every board of every round with a fresh key (North) and East-West confirm; the
    first entry is sent twice (its answer lost on the way back): the same answer, stored once."""
    entered: dict[tuple[int, int, int], dict[str, Any]] = {}
    for table, link in links.items():
        state = client.get(link).json()
        for round_state in state["rounds"]:
            for board in round_state["boards"]:
                body = {**_random_entry(rng, round_state["round"], board["number"]),
                        "key": f"dev-{table}-{round_state['round']}-{board['number']}-{rng.randrange(10**9)}"}
                answer = client.post(f"{link}/enter", json=body)
                assert answer.status_code == 200, answer.text
                if not entered:
                    again = client.post(f"{link}/enter", json=body)
                    assert again.status_code == 200 and again.json() == answer.json()
                confirmed = client.post(f"{link}/confirm", json={"round": round_state["round"],
                                                                 "board": board["number"], "side": "EW"})
                assert confirmed.status_code == 200, confirmed.text
                entered[(table, round_state["round"], board["number"])] = body
    return entered


def _imps(difference: int) -> int:
    with IMP_SCALE.open() as f:
        table = [(int(row["diff_low"]), int(row["imps"])) for row in csv.DictReader(f)]
    won = max(imps for low, imps in table if abs(difference) >= low)
    return won if difference >= 0 else -won


def _wbf_vps(margin: int, boards: int) -> tuple[Fraction, Fraction]:
    """The WBF 2013 continuous scale as its technical report describes it (oracles/vp-scales): hundredths of
    10 + 10 (1 - R^(I/X)) / (1 - R), R = tau^3, X = 15 sqrt(N), capped at 20, then raised by a hundredth
    wherever a step is larger than the one before it."""
    tau = (math.sqrt(5) - 1) / 2
    r, blitz = tau ** 3, 15 * math.sqrt(boards)
    size = int(blitz) + 2
    values = [min(2000, int(Decimal(1000 + 1000 * (1 - r ** (i / blitz)) / (1 - r)).quantize(
        Decimal(1), rounding=ROUND_HALF_UP))) for i in range(size)]
    values[-1] = 2000
    changed = True
    while changed:
        changed = False
        for i in range(1, size - 1):
            while values[i + 1] - values[i] > values[i] - values[i - 1]:
                values[i] += 1
                changed = True
    won = Fraction(values[min(abs(margin), size - 1)], 100)
    return (won, 20 - won) if margin >= 0 else (20 - won, won)


def _ns_score(client: TestClient, session: str, body: dict[str, Any]) -> int:
    """North-South's score of an entry (Law 77), with the vulnerability of the board as dealt."""
    if body.get("passed"):
        return 0
    scoring = client.app.state.table_scoring  # type: ignore[attr-defined]
    board = scoring.get(session).board(body["board"])
    contract = Contract.from_str(f"{body['level']}{body['strain']}{body['doubling']}{body['declarer']}")
    declarer = Seat.from_str(body["declarer"])
    points = score(contract, body["tricks"], vulnerable=board.vulnerability.is_vulnerable(declarer))
    return points if declarer in (Seat.NORTH, Seat.SOUTH) else -points


def test_a_team_round_robin_is_scored_from_both_rooms_devices_with_imps_and_vps(served: TestClient) -> None:
    client = served
    event_id, session, links = _event(client, name="Teams night", kind="teams", movement="round-robin",
                                      teams=4, boards_per_round=3)
    movement = _store(client).event(event_id).sessions[0].movements[0]
    seat = {(s.table, s.round): s for s in movement.seatings}
    state = client.get(links[1]).json()
    first = state["rounds"][0]
    # the device knows its room, the match and the other room's table, and where each team's pairs go
    assert state["kind"] == "teams" and first["room"] == seat[(1, 1)].room == "open"
    other = next(s for s in movement.seatings if s.round == 1 and s.table != 1
                 and {s.ns, s.ew} == {seat[(1, 1)].ns, seat[(1, 1)].ew})
    assert first["other_table"] == other.table and other.room == "closed"
    after = [s for s in movement.seatings if s.round == 2]
    assert first["next"]["ns"]["table"] == next(s.table for s in after if s.ns == first["ns"]["id"])
    assert first["next"]["ew"]["table"] == next(s.table for s in after if s.ew == first["ew"]["id"])
    assert {first["next"]["ns"]["seat"], first["next"]["ew"]["seat"]} == {"NS", "EW"}

    rng = random.Random(13)
    entered = _play(client, links, rng)
    stored = _store(client).stored(event_id)
    assert len(stored) == len(entered) == sum(len(s.boards) for s in movement.seatings)  # nothing twice
    # the IMPs of each match, board by board, and its VPs, counted here
    scores = {slot: _ns_score(client, session, body) for slot, body in entered.items()}
    expected: dict[tuple[int, frozenset[str]], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    vps: dict[str, Fraction] = defaultdict(Fraction)
    for s in movement.seatings:
        if s.room != "open":
            continue
        closed = next(c for c in movement.seatings if c.round == s.round and c.room == "closed"
                      and {c.ns, c.ew} == {s.ns, s.ew})
        margin = 0
        for board in s.boards:
            won = _imps(scores[(s.table, s.round, board)] - scores[(closed.table, s.round, board)])
            margin += won
            expected[(s.round, frozenset((s.ns, s.ew)))][s.ns] += max(won, 0)
            expected[(s.round, frozenset((s.ns, s.ew)))][s.ew] += max(-won, 0)
        home, away = _wbf_vps(margin, len(s.boards))
        vps[s.ns] += home
        vps[s.ew] += away
    data = client.get(f"/api/events/{event_id}").json()
    assert len(data["matches"]) == len(expected)
    for m in data["matches"]:
        imps = expected[(m["round"], frozenset((m["home"], m["away"])))]
        assert [Fraction(x) for x in m["imps"]] == [imps[m["home"]], imps[m["away"]]], m
    standings = data["rankings"][0]["standings"]
    assert {s["contestant"]: Fraction(s["total"]) for s in standings} == vps
    assert [s["contestant"] for s in standings] == sorted(vps, key=lambda t: (-vps[t], int(t)))
    # the event's page and the Director's scoring page show the matches' IMPs and VPs as they arrive
    page = client.get(f"/events/{event_id}").text
    assert 'id="matches"' in page and page.count("<tr data-round=") == len(expected)
    assert 'id="matches"' in client.get(f"/scoring/{session}").text
    # a confirmed board's traveller at the table: its own match's two rooms, with each side's IMPs
    table, round_, board = 1, 1, seat[(1, 1)].boards[0]
    line = client.get(links[table]).json()["rounds"][0]["boards"][0]
    assert {(x["table"], x["room"]) for x in line["traveller"]} == {(1, "open"), (other.table, "closed")}
    ours = next(x for x in line["traveller"] if x["table"] == table)
    won = _imps(scores[(table, round_, board)] - scores[(other.table, round_, board)])
    assert (Fraction(ours["ns_points"]), Fraction(ours["ew_points"])) == (won, -won)  # signed, per side


def test_a_team_devices_bad_input_is_named_and_changes_nothing(served: TestClient) -> None:
    client = served
    event_id, _, links = _event(client, name="Teams bad", kind="teams", movement="round-robin", teams=2,
                                boards_per_round=2)
    store = _store(client)
    movement = store.event(event_id).sessions[0].movements[0]
    seating = movement.at(1, 1)
    good = {"round": 1, "board": seating.boards[0], "key": "k-teams-0001", "level": 4, "strain": "S",
            "doubling": "", "declarer": "N", "tricks": 10}
    assert client.post(f"{links[1]}/enter", json=good).status_code == 200
    before = (store.stored(event_id), store.history(event_id))
    missing = max(movement.boards) + 1
    for body, status, field, board in (
        ({**good, "board": missing, "key": "k-teams-0002"}, 422, "board", missing),
        ({**good, "level": 8, "key": "k-teams-0003"}, 422, "contract", good["board"]),
        ({**good, "tricks": 14, "key": "k-teams-0004"}, 422, "tricks", good["board"]),
        ({**good, "tricks": 9, "key": "k-teams-0005"}, 409, "tricks", good["board"]),  # a different result
    ):
        answer = client.post(f"{links[1]}/enter", json=body)
        assert answer.status_code == status, answer.text
        data = answer.json()
        assert (data["field"], data["table"], data["round"], data["board"]) == (field, 1, 1, board), data
        assert data["message"].startswith(f"Table 1, round 1, board {board}")
    wrong = client.post(f"{links[1]}/confirm", json={"round": 1, "board": good["board"], "side": "NS"})
    assert wrong.status_code == 403 and wrong.json()["field"] == "side"
    assert (store.stored(event_id), store.history(event_id)) == before


def test_an_individual_is_scored_from_the_devices_with_each_players_seat(served: TestClient) -> None:
    client = served
    event_id, session, links = _event(client, name="Individual", kind="individual", movement="individual",
                                      players=8, boards_per_round=2)
    store = _store(client)
    movement = store.event(event_id).sessions[0].movements[0]
    seat = {(s.table, s.round): s for s in movement.seatings}
    state = client.get(links[2]).json()
    first = state["rounds"][0]
    assert state["kind"] == "individual"
    assert [(p["seat"], p["id"]) for p in first["players"]] == list(zip("NESW", seat[(2, 1)].players,
                                                                         strict=True))
    # nobody was named: the device shows the numbers alone, not "player 8 Player 8"
    assert [p["name"] for p in first["players"]] == ["", "", "", ""] and first["ns"]["name"] == ""
    north, east, south, _ = seat[(2, 1)].players  # type: ignore[misc]
    store.set_participants(event_id, [Participant(north, "Ann Smith"), Participant(south, "Bob Jones")])
    named = client.get(links[2]).json()["rounds"][0]
    assert [p["name"] for p in named["players"]] == ["Ann Smith", "", "Bob Jones", ""]
    assert (named["ns"]["name"], named["ew"]["name"]) == ("Ann Smith & Bob Jones", "")
    for p in first["next"]["players"]:  # every player's table and seat in the next round
        there = next(s for s in movement.seatings if s.round == 2 and p["id"] in (s.players or ()))
        assert (p["table"], p["seat"]) == (there.table, "NESW"[there.players.index(p["id"])])  # type: ignore[union-attr]

    rng = random.Random(7)
    entered = _play(client, links, rng)
    assert len(store.stored(event_id)) == len(entered) == sum(len(s.boards) for s in movement.seatings)
    # matchpoints counted here: each line scores 2 a line beaten in its direction, 1 a tie (Law 78A);
    # both players of a side score its matchpoints
    by_board: dict[int, list[tuple[tuple[str, ...], tuple[str, ...], int]]] = defaultdict(list)
    for (table, round_, board), body in entered.items():
        players = seat[(table, round_)].players
        assert players is not None
        by_board[board].append(((players[0], players[2]), (players[1], players[3]),
                                _ns_score(client, session, body)))
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for lines in by_board.values():
        for ns, ew, mine in lines:
            points = sum(2 if mine > other else 1 if mine == other else 0 for _, _, other in lines) - 1
            for who in ns:
                totals[who] += points
            for who in ew:
                totals[who] += 2 * (len(lines) - 1) - points
    standings = client.get(f"/api/events/{event_id}").json()["rankings"][0]["standings"]
    assert {s["contestant"]: Fraction(s["total"]) for s in standings} == totals
    # the device page names the four players' seats (the script's words are sent translated with it)
    page = client.get(links[1].replace("/api/scoring/", "/scoring/", 1)).text
    assert "{seat}: player {player}" in page
    assert re.search(r'"Player \{player\} goes to table \{table\}, \{seat\}\."', page)
