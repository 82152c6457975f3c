"""Online IMP pairs and team matches in the club server (issue 13, item 3): robots play the whole session,
and the live rankings, the published results and the match's IMPs and victory points are checked against
an independent computation in this file: each stored result's score from the Law 77 table, the IMPs from
the WBF IMP scale read from the oracles (Law 78B), the Butler datum and the cross-IMP averages worked out
here, and the victory points from the WBF 2013 formula with its concavity correction, itself checked first
against a real 28-board event's printed VPs."""

from __future__ import annotations

import csv
import json
import math
import re
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from tenace.board import vulnerability_for
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.auth import Auth
from tenace.server.security import Passwords, Role
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.model import Result

PASSWORD = "correct horse battery"
ORACLES = Path(__file__).resolve().parents[2].parent / "shared" / "oracles"  # ../shared beside the repo
IMP_SCALE = ORACLES / "scoring-tables" / "imp_scale_law78B_2017.csv"
RUTER_MATCHES = ORACLES / "vp-scales" / "ruter_2022KM_A_teams_28board_matches.csv"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'club.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    app = create_app(Settings(anonymous_tables=True, database_url=db, robot_samples=0),
                     robots=FallbackRobot)  # fast robots
    with TestClient(app) as c:
        auth: Auth = c.app.state.auth  # type: ignore[attr-defined]
        auth.accounts.passwords = Passwords.fast_for_tests()
        auth.accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
        yield c


def _login(client: TestClient, username: str) -> None:
    answer = client.post("/auth/login", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 200, answer.text


def _wait_for(client: TestClient, session_id: str, status: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state: dict[str, Any] = client.get(f"/club/sessions/{session_id}/state").json()
        if state["status"] == status:
            return state
        assert time.monotonic() < deadline, f"the session is still {state['status']}: {state}"
        time.sleep(0.05)


# --- the independent computation ----------------------------------------------------------------------------


def _imp_table() -> list[tuple[int, int]]:
    """(lowest difference, IMPs) rows of the WBF scale, from the oracle's CSV."""
    with IMP_SCALE.open() as f:
        return [(int(row["diff_low"]), int(row["imps"])) for row in csv.DictReader(f)]


def _imps(difference: int) -> int:
    size = abs(difference)
    won = max(imps for low, imps in _imp_table() if size >= low)
    return won if difference >= 0 else -won


def _ns_score(result: Result) -> int:
    """North-South's score from the contract and tricks stored (Law 77), vulnerability by Law 2."""
    assert result.adjusted is None, f"{result.describe()}: the robots' session has no adjusted score"
    contract = result.contract
    if contract is None:
        return 0
    assert result.tricks is not None
    ns = contract.declarer in (Seat.NORTH, Seat.SOUTH)
    vulnerable = vulnerability_for(result.board).is_vulnerable(contract.declarer)
    points = score(contract, result.tricks, vulnerable=vulnerable)
    return points if ns else -points


def _datum(scores: Sequence[int], trim: bool = True, half_even: bool = False) -> int:
    """The Butler datum: the mean without one top and one bottom score (all the scores when that would
    leave none, or without ``trim``), to the nearest 10, halves away from zero (or to the even ten)."""
    kept = sorted(scores)[1:-1] if trim and len(scores) > 2 else list(scores)
    mean = Fraction(sum(kept), len(kept))
    tens = abs(mean) / 10
    whole = math.floor(tens + Fraction(1, 2))
    if half_even and tens - math.floor(tens) == Fraction(1, 2) and whole % 2:
        whole -= 1
    return 10 * whole if mean >= 0 else -10 * whole


def _pair_totals(results: Sequence[Result], method: str, trim: bool = True,
                 half_even: bool = False) -> dict[str, Fraction]:
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(result)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for lines in by_board.values():
        scores = [_ns_score(r) for r in lines]
        for i, result in enumerate(lines):
            if method == "butler":
                ns = Fraction(_imps(scores[i] - _datum(scores, trim, half_even)))
            else:  # cross-IMPs: the average of the IMPs against every other score
                others = scores[:i] + scores[i + 1:]
                ns = Fraction(sum(_imps(scores[i] - other) for other in others), len(others))
            totals[result.ns] += ns
            totals[result.ew] -= ns
    return dict(totals)


def _ranks(totals: dict[str, Fraction]) -> dict[str, int]:
    """Rank 1 for the highest total; equal totals share the better rank."""
    return {who: 1 + sum(other > total for other in totals.values()) for who, total in totals.items()}


def _wbf_vps(margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """The WBF 2013 continuous scale (20 VPs) in hundredths, with the published tables' correction that no
    IMP is worth more than the one before it; the winner's VPs first for a positive margin."""
    blitz = 15 * math.sqrt(boards)
    r = ((math.sqrt(5) - 1) / 2) ** 3
    size = int(blitz) + 2
    table = [min(2000, int(Decimal(1000 + 1000 * (1 - r ** (i / blitz)) / (1 - r)).quantize(
        Decimal(1), rounding=ROUND_HALF_UP))) for i in range(size)]
    table[-1] = 2000
    again = True
    while again:
        again = False
        for i in range(1, size - 1):
            while table[i + 1] - table[i] > table[i] - table[i - 1]:
                table[i] += 1
                again = True
    winner = Decimal(table[min(abs(margin), size - 1)]) / 100
    loser = Decimal(20) - winner
    return (winner, loser) if margin >= 0 else (loser, winner)


def test_the_vp_computation_of_this_file_gives_a_real_28_board_events_printed_vps() -> None:
    with RUTER_MATCHES.open() as f:
        rows = list(csv.DictReader(f))
    assert rows
    for row in rows:
        printed = (Decimal(row["vp_home"]), Decimal(row["vp_away"]))
        assert _wbf_vps(int(row["margin_home"]), 28) == printed, row


# --- IMP pairs ----------------------------------------------------------------------------------------------


def _fraction(text: str) -> Fraction:
    return Fraction(text)


@pytest.mark.parametrize(("movement", "scoring", "rule"), [
    ("howell", "butler", {}),
    ("howell", "butler", {"datum_trim": "0/0", "datum_rounding": "half-even"}),
    ("mitchell", "cross-imps", {}),
])
def test_an_imp_pairs_session_of_robots_finishes_with_the_imps_and_ranking_of_an_independent_computation(
    client: TestClient, db: str, movement: str, scoring: str, rule: dict[str, str]
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": f"IMP pairs ({scoring})", "movement": movement, "tables": 3, "boards_per_round": 1,
        "scoring": scoring, "start": True, **rule,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["kind"] == "pairs" and created["scoring"] == scoring
    _wait_for(client, created["id"], "finished")

    with Store.open(db) as store:
        event = store.event(created["event_id"])
        results = store.results(created["event_id"])
    assert event.conditions.method.value == scoring
    if rule:  # the event keeps the datum's rule the Director chose
        assert str(event.conditions.butler_trim) == "TrimCount(top=0, bottom=0)"
        assert event.conditions.datum_rounding.value == "half-even"
    boards = {r.board for r in results}
    assert all(sum(r.board == b for r in results) == 3 for b in boards)  # every board at three tables
    totals = _pair_totals(results, scoring, trim=not rule, half_even=bool(rule))
    assert any(totals.values()), totals  # the robots play at random: some pair won IMPs

    live = client.get(f"/club/sessions/{created['id']}/rankings").json()
    standings = [s for ranking in live["rankings"] for s in ranking["standings"]]
    assert {s["contestant"]: _fraction(s["total"]) for s in standings} == totals
    assert all(s["percentage"] is None for s in standings)  # IMPs, not percentages
    if movement == "mitchell":  # two fields, each ranked by itself
        assert [r["title"] for r in live["rankings"]] == ["NS", "EW"]
        for ranking in live["rankings"]:
            field = {s["contestant"]: totals[s["contestant"]] for s in ranking["standings"]}
            assert {s["contestant"]: s["rank"] for s in ranking["standings"]} == _ranks(field)
    else:
        assert {s["contestant"]: s["rank"] for s in standings} == _ranks(totals)

    page = client.get(f"/club/sessions/{created['id']}")
    assert page.status_code == 200 and f'data-scoring="{scoring}"' in page.text
    assert "<th>IMPs</th>" in page.text and "<th>%</th>" not in page.text

    published = client.post(f"/club/sessions/{created['id']}/publish", json={})
    assert published.status_code == 200, published.text
    document = json.loads(client.get(published.json()["files"]["results.json"]).text)
    assert document["event"]["method"] == scoring
    index = client.get(f"/club/sessions/{created['id']}/results/")
    assert index.status_code == 200
    assert ("Butler IMPs" if scoring == "butler" else "Cross-IMPs") in index.text


# --- a team match -------------------------------------------------------------------------------------------


def test_a_team_match_of_robots_finishes_with_the_imps_and_vps_of_an_independent_computation(
    client: TestClient, db: str
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Team match", "movement": "teams", "teams": 2, "boards_per_round": 6, "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["kind"] == "teams" and created["scoring"] == "team-imps"
    rooms = {t["room"]: (t["ns"], t["ew"]) for t in created["tables"]}
    assert rooms == {"open": ("1", "2"), "closed": ("2", "1")}  # team 1 North-South in the open room
    _wait_for(client, created["id"], "finished")

    with Store.open(db) as store:
        results = store.results(created["event_id"])
    # the same four boards in both rooms
    open_room = {r.board: _ns_score(r) for r in results if r.ns == "1"}
    closed_room = {r.board: _ns_score(r) for r in results if r.ns == "2"}
    assert sorted(open_room) == sorted(closed_room) == [1, 2, 3, 4, 5, 6] and len(results) == 12
    # the robots play cards at random: the rooms' scores differ somewhere, so the comparison is tested
    assert any(open_room[b] != closed_room[b] for b in open_room), (open_room, closed_room)
    margin = sum(_imps(open_room[b] - closed_room[b]) for b in open_room)  # team 1's IMPs less team 2's
    won_1 = sum(max(0, _imps(open_room[b] - closed_room[b])) for b in open_room)
    won_2 = sum(max(0, -_imps(open_room[b] - closed_room[b])) for b in open_room)
    assert won_1 - won_2 == margin
    vps = _wbf_vps(margin, 6)

    live = client.get(f"/club/sessions/{created['id']}/rankings").json()
    (match,) = live["matches"]
    assert (match["home"], match["away"], match["boards"]) == ("1", "2", 6)
    assert [_fraction(x) for x in match["imps"]] == [won_1, won_2]
    assert [_fraction(x) for x in match["vps"]] == [Fraction(v) for v in vps]
    standings = {s["contestant"]: s for ranking in live["rankings"] for s in ranking["standings"]}
    assert {c: _fraction(s["total"]) for c, s in standings.items()} == {"1": Fraction(vps[0]),
                                                                        "2": Fraction(vps[1])}
    assert {c: s["rank"] for c, s in standings.items()} == _ranks({"1": Fraction(vps[0]),
                                                                   "2": Fraction(vps[1])})

    page = client.get(f"/club/sessions/{created['id']}").text
    row = re.search(r'<tr data-home="1" data-away="2">.*?</tr>', page)
    assert row is not None
    assert f"{float(won_1):.2f} – {float(won_2):.2f}" in row.group(0)
    assert f"{vps[0]:.2f} – {vps[1]:.2f}" in row.group(0)

    published = client.post(f"/club/sessions/{created['id']}/publish", json={})
    assert published.status_code == 200, published.text
    document = json.loads(client.get(published.json()["files"]["results.json"]).text)
    assert (document["event"]["kind"], document["event"]["method"]) == ("teams", "team-imps")
    (published_match,) = document["matches"]
    assert [Fraction(v["exact"]) for v in published_match["vps"]] == [Fraction(v) for v in vps]
    assert [Fraction(v["exact"]) for v in published_match["imps"]] == [won_1, won_2]
    assert 'id="matches"' in client.get(f"/club/sessions/{created['id']}/results/").text


def test_a_team_match_seats_each_teams_second_pair_in_the_closed_room_and_hides_the_other_rooms_result(
    client: TestClient,
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Guests", "movement": "teams", "teams": 2, "boards_per_round": 1, "start": True,
        "seats": {"1": ["robot", "robot", "guest:Cleo", "robot"]},
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    (guest,) = created["guests"]
    assert (guest["pair"], guest["player"], guest["name"]) == ("1", 3, "Cleo")
    # team 1's third player: its closed-room pair's first player, East (team 1 sits East-West there)
    to_table = client.get(guest["url"], follow_redirects=False)
    assert to_table.status_code == 303, to_table.text
    target = urlparse(to_table.headers["location"])
    closed = next(t for t in created["tables"] if t["room"] == "closed")
    assert target.path == f"/tables/{closed['table_id']}"
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    token = parse_qs(target.query)["token"][0]
    assert auth.seat_tokens.verify(closed["table_id"], token).seat is Seat.EAST

    # the open room (robots only) finishes board 1; the closed room waits for Cleo: nobody but the
    # Director sees the open room's score while she has still to play the board (Law 16C)
    deadline = time.monotonic() + 60
    while True:
        state = client.get(f"/club/sessions/{created['id']}/state").json()  # the Director's
        open_room = next(t for t in state["tables"] if t["room"] == "open")
        if open_room["done"]:
            break
        assert time.monotonic() < deadline, state
        time.sleep(0.05)
    assert open_room["score_ns"] is not None
    client.cookies.clear()  # anyone but the Director
    public = client.get(f"/club/sessions/{created['id']}/state").json()
    assert all(t["score_ns"] is None for t in public["tables"])
    rankings = client.get(f"/club/sessions/{created['id']}/rankings").json()
    assert rankings["rounds"] == [] and rankings["matches"] == []
    assert "data-home" not in client.get(f"/club/sessions/{created['id']}").text


def test_bad_team_and_scoring_requests_name_the_field(client: TestClient) -> None:
    _login(client, "dan")
    cases = [
        ({"movement": "teams", "teams": 2, "seats": {"1": ["robot", "robot"]}}, "seats.1"),
        ({"movement": "teams", "teams": 2, "seats": {"3": ["robot"] * 4}}, "no team 3"),
        ({"movement": "teams", "teams": 2, "seating": "1: robot, robot"}, "seating, line 1"),
        ({"movement": "teams", "scoring": "butler"}, "scoring"),
        ({"movement": "howell", "scoring": "team-imps"}, "scoring"),
        ({"movement": "howell", "scoring": "rubber"}, "scoring"),
        ({"movement": "teams", "teams": 1}, "teams"),
        ({"movement": "swiss", "teams": 2}, "teams"),
        ({"movement": "howell", "scoring": "butler", "datum_trim": "one"}, "datum_trim"),
        ({"movement": "howell", "scoring": "butler", "datum_trim": "60%"}, "datum_trim"),
        ({"movement": "howell", "scoring": "butler", "datum_rounding": "up"}, "datum_rounding"),
        ({"movement": "howell", "datum_rounding": "half-even"}, "datum_rounding"),
    ]
    for body, named in cases:
        answer = client.post("/club/sessions", json=body)
        assert answer.status_code == 422, (body, answer.text)
        assert named in answer.json()["detail"], (body, answer.text)


def test_the_console_offers_team_and_imp_sessions_and_the_form_creates_one(client: TestClient) -> None:
    _login(client, "dan")
    page = client.get("/director").text
    assert '<option value="teams">' in page
    assert all(f'<option value="{s}">' in page for s in ("butler", "cross-imps", "team-imps"))
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert csrf is not None
    answer = client.post("/club/sessions", data={
        "csrf_token": csrf.group(1), "name": "Form teams", "movement": "teams", "scoring": "", "tables": "3",
        "teams": "3", "boards_per_round": "2", "seating": "2: guest:Al, guest:Bo, robot, robot",
    }, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    state = client.get(f"/club/sessions/{session_id}/state").json()
    assert state["kind"] == "teams" and state["rounds"] == 3  # a round robin of three teams
    page = client.get(f"/club/sessions/{session_id}").text
    assert "Team 2, Al" in page and "Team 2, Bo" in page


def test_a_team_player_may_not_watch_the_other_room_of_his_match_before_the_board_is_over_there(
    client: TestClient,
) -> None:
    import asyncio

    from tenace.server.security import SpectatorPolicy, spectator_refusal

    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    auth.accounts.register("ann", PASSWORD)
    auth.accounts.register("olaf", PASSWORD)
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Watching", "movement": "teams", "teams": 2, "boards_per_round": 1, "start": True,
        # ann plays in team 1's closed-room pair; a guest holds up the open room
        "seats": {"1": ["guest:Gus", "robot", "user:ann", "robot"]},
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    open_room = next(t for t in created["tables"] if t["room"] == "open")
    club = client.app.state.club  # type: ignore[attr-defined]
    found = asyncio.run(club.spectator_state(open_room["table_id"], SpectatorPolicy.LIVE))
    assert found is not None
    watched, state = found
    ann, olaf = auth.accounts.user("ann"), auth.accounts.user("olaf")
    assert ann is not None and olaf is not None
    # refused: the whole team counts as the match's players, in both rooms
    assert spectator_refusal(ann, watched, state) is not None
    assert spectator_refusal(olaf, watched, state) is None  # someone outside the match, under the live policy


def _match_vps(seating: Any, results: Sequence[Result]) -> tuple[Fraction, Fraction]:
    """The VPs of the match whose open-room seating is ``seating``: the open room (home North-South)
    against the closed room (away North-South), board by board."""
    home, away = seating.ns, seating.ew
    rooms = {(r.ns, r.board): _ns_score(r) for r in results if r.round == seating.round}
    margin = sum(_imps(rooms[(home, b)] - rooms[(away, b)]) for b in seating.boards)
    home_vps, away_vps = _wbf_vps(margin, len(seating.boards))
    return Fraction(home_vps), Fraction(away_vps)


def test_a_round_robin_of_three_teams_gives_each_a_bye_and_ranks_by_the_vps_of_its_two_matches(
    client: TestClient, db: str
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Round robin", "movement": "teams", "teams": 3, "boards_per_round": 2, "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["rounds"] == 3 and len(created["tables"]) == 2  # one match a round, one team sits out
    _wait_for(client, created["id"], "finished")
    with Store.open(db) as store:
        event = store.event(created["event_id"])
        results = store.results(created["event_id"])
    (movement,) = event.sessions[0].movements
    vps: dict[str, Fraction] = defaultdict(Fraction)
    for seating in (s for s in movement.seatings if s.room == "open"):
        home_vps, away_vps = _match_vps(seating, results)
        vps[seating.ns] += home_vps
        vps[seating.ew] += away_vps
    assert len(results) == 3 * 2 * 2  # three matches, two rooms, two boards
    live = client.get(f"/club/sessions/{created['id']}/rankings").json()
    standings = {s["contestant"]: s for ranking in live["rankings"] for s in ranking["standings"]}
    assert {c: _fraction(s["total"]) for c, s in standings.items()} == dict(vps)
    assert {c: s["rank"] for c, s in standings.items()} == _ranks(dict(vps))
    assert sorted((m["home"], m["away"]) for m in live["matches"]) == sorted(
        (s.ns, s.ew) for s in movement.seatings if s.room == "open")


# --- a Swiss of teams ---------------------------------------------------------------------------------------


def _swiss_pairs(order: list[str], met: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """Top down: the best team left meets the best one it has not met that lets the others be paired."""
    if not order:
        return []
    top, others = order[0], order[1:]
    for i, opponent in enumerate(others):
        if frozenset((top, opponent)) not in met:
            tail = _swiss_pairs(others[:i] + others[i + 1:], met)
            if tail is not None:
                return [(top, opponent), *tail]
    return None


def test_a_swiss_of_four_teams_pairs_each_round_from_the_standings_and_ranks_by_vps(
    client: TestClient, db: str
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Swiss", "movement": "swiss", "teams": 4, "boards_per_round": 2, "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["rounds"] == 3 and created["swiss"] is True
    assert {(t["ns"], t["ew"]) for t in created["tables"]} == {("1", "2"), ("2", "1"), ("3", "4"), ("4", "3")}
    # the boards of the rounds not paired yet are dealt, and secret (Law 16C) until they have been played
    session = client.app.state.club.get(created["id"])  # type: ignore[attr-defined]
    assert sorted(session.boards) == [1, 2, 3, 4, 5, 6] and {3, 4, 5, 6} <= session.boards_in_play()
    _wait_for(client, created["id"], "finished", timeout=240)

    with Store.open(db) as store:
        event = store.event(created["event_id"])
        results = store.results(created["event_id"])
    (movement,) = event.sessions[0].movements
    assert movement.rounds == (1, 2, 3)
    # each match's IMPs and VPs, worked out here: open room (home NS) against closed room (away NS)
    vps: dict[str, Fraction] = defaultdict(Fraction)
    met: set[frozenset[str]] = set()
    for round_ in movement.rounds:
        seated = [s for s in movement.seatings if s.round == round_ and s.room == "open"]
        if round_ > 1:  # the round's matches are the pairing of the standings after the rounds before
            order = sorted(["1", "2", "3", "4"], key=lambda t: (-vps[t], int(t)))
            assert sorted((s.ns, s.ew) for s in seated) == sorted(_swiss_pairs(order, met) or []), order
        for seating in seated:
            home_vps, away_vps = _match_vps(seating, results)
            vps[seating.ns] += home_vps
            vps[seating.ew] += away_vps
            met.add(frozenset((seating.ns, seating.ew)))
    assert len(met) == 6  # every team met every other once, never twice
    live = client.get(f"/club/sessions/{created['id']}/rankings").json()
    standings = {s["contestant"]: s for ranking in live["rankings"] for s in ranking["standings"]}
    assert {c: _fraction(s["total"]) for c, s in standings.items()} == dict(vps)
    assert {c: s["rank"] for c, s in standings.items()} == _ranks(dict(vps))
    assert len(live["matches"]) == 6


def test_a_team_player_whose_team_has_a_bye_gets_the_waiting_page(client: TestClient) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Bye", "movement": "teams", "teams": 3, "boards_per_round": 1, "start": True,
        "seats": {"1": ["guest:Gus", "robot", "robot", "robot"]},
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert all("1" not in (t["ns"], t["ew"]) for t in created["tables"])  # team 1 sits out round 1
    (guest,) = created["guests"]
    client.cookies.clear()
    page = client.get(guest["url"], follow_redirects=False)
    assert page.status_code == 200 and "Team 1: your next table opens" in page.text


def test_teams_named_by_the_director_are_ranked_under_their_names_and_bad_names_are_refused(
    client: TestClient, db: str
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Named", "movement": "teams", "teams": 2, "boards_per_round": 1,
        "names": {"1": "  The   Aces ", "2": "Kings"},
    })
    assert answer.status_code == 201, answer.text
    with Store.open(db) as store:
        event = store.event(answer.json()["event_id"])
    assert {p.id: p.name for p in event.participants} == {"1": "The Aces", "2": "Kings"}
    # the form: one name a line; a team not named keeps its players' names
    page = client.get("/director").text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert csrf is not None and 'name="names"' in page
    answer = client.post("/club/sessions", data={
        "csrf_token": csrf.group(1), "name": "Form names", "movement": "teams", "scoring": "", "tables": "2",
        "teams": "2", "boards_per_round": "1", "names": "2: Queens",
        "seating": "1: guest:Al, robot, robot, robot",
    }, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    with Store.open(db) as store:
        event_id = client.get(f"/club/sessions/{session_id}/state").json()["event_id"]
        names = {p.id: p.name for p in store.event(event_id).participants}
    assert names == {"1": "Al & Robot & Robot & Robot", "2": "Queens"}
    for names_given, field in (({"3": "Nobody"}, "the movement has no team 3"),
                               ({"1": ""}, "names.1: a name has 1 to 60 characters"),
                               ({"1": "x" * 61}, "names.1: a name has 1 to 60 characters"),
                               ("1 Aces", "names, line 1: expected 'NUMBER: NAME'")):
        answer = client.post("/club/sessions", json={"name": "Bad", "movement": "teams", "teams": 2,
                                                     "names": names_given})
        assert answer.status_code == 422 and field in answer.json()["detail"], answer.text


def test_a_knockout_match_in_two_segments_is_won_on_imps_and_carry_over_without_vps(
    client: TestClient, db: str
) -> None:
    _login(client, "dan")
    answer = client.post("/club/sessions", json={
        "name": "Knockout", "movement": "knockout", "rounds": 2, "boards_per_round": 3, "carry_over": "3.5",
        "start": True,
    })
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["kind"] == "teams" and created["knockout"] and created["rounds"] == 2
    _wait_for(client, created["id"], "finished")

    with Store.open(db) as store:
        event = store.event(created["event_id"])
        results = store.results(created["event_id"])
    assert event.conditions.knockout and event.carry_over == (("1", Fraction(7, 2)),)
    open_room = {r.board: _ns_score(r) for r in results if r.ns == "1"}
    closed_room = {r.board: _ns_score(r) for r in results if r.ns == "2"}
    assert sorted(open_room) == sorted(closed_room) == [1, 2, 3, 4, 5, 6]  # two segments of three boards
    swings = [_imps(open_room[b] - closed_room[b]) for b in open_room]
    won = {"1": Fraction(sum(max(0, s) for s in swings)) + Fraction(7, 2),
           "2": Fraction(sum(max(0, -s) for s in swings))}

    live = client.get(f"/club/sessions/{created['id']}/rankings").json()
    assert [m["vps"] for m in live["matches"]] == [None, None]  # one match a segment, no victory points
    standings = {s["contestant"]: s for ranking in live["rankings"] for s in ranking["standings"]}
    assert {c: _fraction(s["total"]) for c, s in standings.items()} == won
    assert {c: s["rank"] for c, s in standings.items()} == _ranks(won)
    page = client.get(f"/club/sessions/{created['id']}").text
    assert "<th>VPs</th>" not in page and "<th>Carry-over</th>" in page
    assert '<td class="carry-over">3.50' in page

    for body, field in (({"teams": 3}, "a knockout match is between 2 teams"),
                        ({"carry_over": "1.25"}, "carry_over: IMPs by halves"),
                        ({"carry_over": "lots"}, "carry_over: IMPs by halves")):
        refused = client.post("/club/sessions", json={"name": "Bad", "movement": "knockout", **body})
        assert refused.status_code == 422 and field in refused.json()["detail"], refused.text
