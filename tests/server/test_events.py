"""The Director's events in the browser (tenace.server.events) through the real application and a TestClient:
every action (a new event of each kind, entries from a form and from CSV, boards dealt or read from PBN, a
correction, artificial, assigned, weighted and non-balancing adjusted scores, a fouled board, penalties, an
appeal and its decision, publication with the correction period) and every refusal, with the message naming
table, round, board and field (or file, line and field), and nothing stored changing."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.contract import Contract
from tenace.deal import Deal
from tenace.scoring.adjusted import Award
from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.settings import Settings
from tenace.store import Store
from tenace.tournament.model import Result

from .clients import login, register


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One application for the module (each test makes its own events in it)."""
    folder = tmp_path_factory.mktemp("events")
    app = create_app(Settings(anonymous_tables=True, database_url=f"sqlite:///{folder / 'ev.db'}",
                              robot_samples=0), robots=FallbackRobot)
    with TestClient(app) as c:
        register(c.app, "pat")
        login(c, "dan")  # once: the server limits the logins from one address
        yield c


@pytest.fixture
def client(served: TestClient) -> TestClient:
    return served


def _store(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def _new(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"name": "Monday pairs", "kind": "pairs", "movement": "mitchell", "tables": 3,
            "boards_per_round": 1, **fields}
    answer = client.post("/events", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _state(client: TestClient, event_id: int) -> dict[str, Any]:
    answer = client.get(f"/api/events/{event_id}")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def _snapshot(client: TestClient, event_id: int) -> tuple[Any, ...]:
    """Everything the store holds for the event (to check that a refusal changed nothing)."""
    store = _store(client)
    return (store.event(event_id), store.stored(event_id), store.history(event_id),
            store.penalties(event_id), store.appeals(event_id), store.publications(event_id))


def _refused(client: TestClient, event_id: int, path: str, body: dict[str, Any], *, status: int = 422,
             field: str, where: tuple[int | None, int | None, int | None] | None = None) -> str:
    before = _snapshot(client, event_id)
    answer = client.post(f"/events/{event_id}/{path}", json=body)
    assert answer.status_code == status, answer.text
    data = answer.json()
    assert data["field"] == field, data
    if where is not None:
        assert (data["table"], data["round"], data["board"]) == where, data
        for name, value in zip(("Table", "round", "board"), where, strict=True):
            if value is not None:
                assert f"{name} {value}" in data["message"], data["message"]
    assert _snapshot(client, event_id) == before
    message: str = data["message"]
    return message


def _seated(client: TestClient, event_id: int) -> dict[tuple[int, int], Any]:
    movement = _store(client).event(event_id).sessions[0].movements[0]
    return {(s.table, s.round): s for s in movement.seatings}


def test_only_a_director_sees_and_changes_events(client: TestClient) -> None:
    created = _new(client)
    for who, status in ((None, 401), ("pat", 403)):
        login(client, who)
        assert client.get("/events").status_code == status
        assert client.get(f"/events/{created['id']}").status_code == status
        assert client.get(f"/api/events/{created['id']}").status_code == status
        assert client.post("/events", json={"name": "x"}).status_code == status
        assert client.post(f"/events/{created['id']}/correct", json={}).status_code == status
        assert client.post(f"/events/{created['id']}/penalty", json={}).status_code == status
    login(client, "dan")
    assert client.get("/events").status_code == 200
    assert client.get("/events/999").status_code == 404


def test_a_form_post_without_the_csrf_token_is_refused(client: TestClient) -> None:
    created = _new(client)
    answer = client.post(f"/events/{created['id']}/penalty", data={"contestant": "1NS", "points": "1",
                                                                  "reason": "slow"})
    assert answer.status_code == 403
    assert _store(client).penalties(created["id"]) == ()


@pytest.mark.parametrize(("fields", "contestants", "tables"), [
    ({"movement": "mitchell", "tables": 3}, ["1EW", "1NS", "2EW", "2NS", "3EW", "3NS"], 3),
    ({"movement": "howell", "tables": 2}, ["1", "2", "3", "4"], 2),
    ({"kind": "individual", "movement": "individual", "players": 4, "method": "matchpoints"},
     ["1", "2", "3", "4"], 1),
    ({"kind": "teams", "movement": "round-robin", "teams": 3, "method": "team-imps"}, ["1", "2", "3"], 2),
    ({"kind": "teams", "movement": "swiss", "teams": 4}, ["1", "2", "3", "4"], 4),
    ({"kind": "teams", "movement": "knockout", "teams": 4, "rounds": 2}, ["1", "2", "3", "4"], 4),
])
def test_a_new_event_of_each_kind_gets_its_movement_and_numbered_entries(
        client: TestClient, fields: dict[str, Any], contestants: list[str], tables: int) -> None:
    created = _new(client, **fields)
    event = _store(client).event(created["id"])
    movement = event.sessions[0].movements[0]
    assert sorted(created["contestants"]) == sorted(contestants) == sorted(movement.contestants)
    assert len(movement.tables) == tables
    assert event.kind.value == fields.get("kind", "pairs")
    listed = client.get("/api/events").json()
    assert listed[0]["id"] == created["id"] and listed[0]["entries"] == len(contestants)
    page = client.get(f"/events/{created['id']}")
    assert page.status_code == 200 and "Monday pairs" in page.text


@pytest.mark.parametrize(("fields", "field"), [
    ({"name": ""}, "name"),
    ({"kind": "quartets"}, "kind"),
    ({"movement": "swiss"}, "movement"),
    ({"tables": 0}, "tables"),
    ({"tables": "many"}, "tables"),
    ({"boards_per_round": 99}, "boards_per_round"),
    ({"kind": "individual", "movement": "individual", "players": 5}, "players"),
    ({"kind": "teams", "movement": "knockout", "teams": 3}, "teams"),
    ({"method": "team-imps"}, "method"),
])
def test_a_bad_new_event_names_its_field_and_stores_nothing(client: TestClient, fields: dict[str, Any],
                                                           field: str) -> None:
    body = {"name": "Monday pairs", "kind": "pairs", "movement": "mitchell", "tables": 3, **fields}
    before = _store(client).events()
    answer = client.post("/events", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field
    assert _store(client).events() == before


def test_entries_from_a_form_and_from_csv_with_the_audit_trail(client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    answer = client.post(f"/events/{event_id}/entry", json={"id": "1NS", "name": "Ann & Bob",
                                                            "players": "Ann; Bob"})
    assert answer.status_code == 200 and answer.json()["changed"] == ["1NS"]
    text = "id,name,players\n2NS,Cy & Di,Cy;Di\n1EW,Ed & Flo,\n\n3EW,\"Gus, Hal\",Gus;Hal\n"
    answer = client.post(f"/events/{event_id}/entries", files={"file": ("pairs.csv", text, "text/csv")},
                         data={"csrf_token": _csrf(client, event_id)}, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"].endswith("?done=entries#entries")
    entries = {e["id"]: e for e in _state(client, event_id)["entries"]}
    assert entries["1NS"]["players"] == ["Ann", "Bob"] and entries["3EW"]["name"] == "Gus, Hal"
    assert entries["2EW"]["name"] == "Pair 2EW"
    lines = [c.reason for c in _store(client).history(event_id) if c.action == "participant"]
    assert lines == ["renamed 1NS Ann & Bob", "renamed 2NS Cy & Di", "renamed 1EW Ed & Flo",
                     "renamed 3EW Gus, Hal"]
    answer = client.post(f"/events/{event_id}/entries", json={"csv": text.replace("Cy & Di", "Cy & Dot")})
    assert answer.json() == {"entries": 3, "changed": ["2NS"]}


def _csrf(client: TestClient, event_id: int) -> str:
    import re

    page = client.get(f"/events/{event_id}").text
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found
    return found.group(1)


@pytest.mark.parametrize(("text", "line", "field"), [
    ("", 1, "entries"),
    ("number,who\n1NS,Ann\n", 1, "entries"),
    ("id,name\n", 2, "entries"),
    ("id,name\n1NS,Ann\n,Bob\n", 3, "id"),
    ("id,name\n1NS,Ann\n2NS,Bob\n1NS,Cy\n", 4, "id"),
    ("id,name\n1NS,Ann\n9NS,Bob\n", 3, "id"),
    ("id,name,phantom\n1NS,Ann,perhaps\n", 2, "phantom"),
    ("id,name\n1NS,Ann,Bob,extra\n", 2, "entries"),
])
def test_a_bad_csv_of_entries_names_its_line_and_field_and_stores_nothing(
        client: TestClient, text: str, line: int, field: str) -> None:
    created = _new(client)
    message = _refused(client, created["id"], "entries", {"csv": text} if text else {"csv": " "},
                       field=field)
    if text:
        assert f"entries:{line}: {field}" in message, message


def test_an_entry_the_movement_does_not_have_is_refused(client: TestClient) -> None:
    created = _new(client)
    message = _refused(client, created["id"], "entry", {"id": "7NS", "name": "Zed"}, field="id")
    assert "7NS" in message


def test_the_boards_are_dealt_or_read_from_pbn_and_printed(client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    assert client.get(f"/events/{event_id}/hands", follow_redirects=False).status_code == 303  # not dealt
    answer = client.post(f"/events/{event_id}/boards", json={})
    assert answer.status_code == 200 and answer.json() == {"boards": [1, 2, 3]}
    state = _state(client, event_id)
    assert state["dealt"] and state["boards"] == [1, 2, 3]
    hands = client.get(f"/events/{event_id}/hands")
    assert hands.status_code == 200
    assert all(f"Board {n}" in hands.text for n in (1, 2, 3))
    from tenace.solver import dds

    if dds.available():
        assert "Par" in hands.text or "par" in hands.text
    # a PBN file of boards replaces them while nothing is played
    pbn = "".join(f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                  f'[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n\n'
                  for n in (1, 2, 3))
    answer = client.post(f"/events/{event_id}/boards", json={"boards_pbn": pbn})
    assert answer.status_code == 200, answer.text
    session = client.app.state.events.session_of(event_id)  # type: ignore[attr-defined]
    assert session.boards[2].deal == Deal.from_pbn(
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    notes = [c.reason for c in _store(client).history(event_id) if c.action == "boards"]
    assert notes == ["boards 1-3 dealt (Law 6)", "boards 1-3 read from boards"]
    cards = client.get(f"/events/{event_id}/cards")
    assert cards.status_code == 200
    for (table, _), seating in _seated(client, event_id).items():
        assert f'data-table="{table}"' in cards.text and seating.ns in cards.text


def test_boards_missing_from_the_pbn_file_or_already_played_are_refused(client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    pbn = '[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
    message = _refused(client, event_id, "boards", {"boards_pbn": pbn}, field="boards")
    assert "no board 2, 3" in message
    client.post(f"/events/{event_id}/correct", json={"table": 1, "round": 1, "board": 1, "result": "PASS",
                                                     "reason": "late"})
    _refused(client, event_id, "boards", {}, status=409, field="boards")


def _everything(client: TestClient, event_id: int) -> dict[tuple[int, int, int], str]:
    """Every board of the 3-table Mitchell entered by the Director (a result entered late is a correction of
    an empty slot, Law 79C)."""
    pool = ["4S N 10", "3NT S 9", "4H E 8", "2D W 9", "PASS", "1C N 7"]
    typed = {}
    for i, ((table, round_), seating) in enumerate(sorted(_seated(client, event_id).items())):
        for board in seating.boards:
            text = pool[(i + board) % len(pool)]
            answer = client.post(f"/events/{event_id}/correct", json={
                "table": table, "round": round_, "board": board, "result": text, "reason": "from the slips"})
            assert answer.status_code == 200, answer.text
            typed[(table, round_, board)] = text
    return typed


def expected_totals(seated: dict[tuple[int, int], Any], typed: dict[tuple[int, int, int], str],
                    adjusted: tuple[int, int, int], ns_share: Fraction,
                    ew_share: Fraction) -> dict[str, Fraction]:
    """Each contestant's matchpoints counted here from the results typed (Law 78A): on each board 2 for each
    score beaten in the direction and 1 for each tie. One slot, ``adjusted``, has an artificial score giving
    North-South ``ns_share`` and East-West ``ew_share`` of the top (Law 12C2, with the session rule of
    12C2(c)); the other results of its
    board, one fewer than elsewhere, are factored up to the full top by Neuberg's formula,
    (mp + 1) * n / (n - 1) - 1."""
    from tenace.tournament.entry import parse_entry

    by_board: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for (table, round_, board), text in typed.items():
        if (table, round_, board) == adjusted:
            continue
        seating = seated[(table, round_)]
        result = parse_entry(text, board=board, round=round_, table=table, ns=seating.ns, ew=seating.ew)
        by_board[board].append((seating.ns, seating.ew, int(result.ns_score())))  # type: ignore[arg-type]
    played = max(len(x) for x in by_board.values())
    top = 2 * (played - 1)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for lines in by_board.values():
        for ns, ew, mine in lines:
            mp = Fraction(sum(2 if mine > other else 1 if mine == other else 0 for _, _, other in lines) - 1)
            if len(lines) < played:
                mp = (mp + 1) * Fraction(played, len(lines)) - 1
            totals[ns] += mp
            totals[ew] += top - mp
    # Law 12C2(c): a side not at fault (average-plus) whose score on its other boards of the session is
    # better keeps that percentage; a side at fault (average-minus) whose score is worse keeps that one
    seating = seated[adjusted[:2]]
    boards_of = defaultdict(int)
    for lines in by_board.values():
        for ns, ew, _ in lines:
            boards_of[ns] += 1
            boards_of[ew] += 1
    for who, share in ((seating.ns, ns_share), (seating.ew, ew_share)):
        own = totals[who] / (top * boards_of[who]) if boards_of[who] else share
        if share > Fraction(1, 2):
            share = max(share, own)
        elif share < Fraction(1, 2):
            share = min(share, own)
        totals[who] += share * top
    return dict(totals)


def test_corrections_adjusted_scores_fouled_boards_penalties_and_appeals(client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    typed = _everything(client, event_id)
    # a correction (Law 79C): a new version, the old one in the history
    answer = client.post(f"/events/{event_id}/correct", json={"table": 2, "round": 1, "board": 2,
                                                              "result": "3NT S 10", "reason": "tricks"})
    assert answer.status_code == 200 and answer.json()["version"] == 2
    typed[(2, 1, 2)] = "3NT S 10"
    # an artificial adjusted score (Law 12C2) and an assigned one (Law 12C1)
    answer = client.post(f"/events/{event_id}/adjust", json={"table": 1, "round": 1, "board": 1,
                                                             "artificial": "A60/40", "reason": "slow"})
    assert answer.status_code == 200 and answer.json()["law"] == "12C2"
    answer = client.post(f"/events/{event_id}/adjust", json={"table": 3, "round": 1, "board": 3,
                                                             "assigned": "420/-420", "reason": "MI"})
    assert answer.status_code == 200 and answer.json()["law"] == "12C1"
    results = {(r.table, r.round, r.board): r for r in _store(client).results(event_id)}
    assert results[(1, 1, 1)].adjusted is not None and results[(1, 1, 1)].adjusted.ns is Award.AVERAGE_PLUS
    assert str(results[(3, 1, 3)].adjusted) == "assigned 420 (1)"
    # weighted (12C1(c)) and non-balancing (12C1(e))
    answer = client.post(f"/events/{event_id}/adjust", json={"table": 1, "round": 2, "board": 2,
                                                             "assigned": "620@2/3,-100@1/3", "reason": "UI",
                                                             "law": "12C1(c)"})
    assert answer.status_code == 200, answer.text
    answer = client.post(f"/events/{event_id}/adjust", json={"table": 2, "round": 2, "board": 3,
                                                             "assigned": "420/50", "reason": "both at fault",
                                                             "law": "12C1(e)"})
    assert answer.status_code == 200, answer.text
    results = {(r.table, r.round, r.board): r for r in _store(client).results(event_id)}
    assert str(results[(1, 2, 2)].adjusted) == "assigned 620 (2/3), -100 (1/3)"
    assert not results[(2, 2, 3)].adjusted.is_balancing  # type: ignore[union-attr]
    # a fouled board (Law 87)
    answer = client.post(f"/events/{event_id}/foul", json={"table": 3, "round": 2, "board": 1, "group": 2,
                                                           "reason": "cards swapped"})
    assert answer.status_code == 200, answer.text
    results = {(r.table, r.round, r.board): r for r in _store(client).results(event_id)}
    assert results[(3, 2, 1)].group == 2
    # a penalty (Law 90), an appeal (Law 92) and its decision (Law 93)
    penalty = {"contestant": "2NS", "points": "1/2", "law": "90", "reason": "slow play"}
    assert client.post(f"/events/{event_id}/penalty", json=penalty).status_code == 200
    appeal = client.post(f"/events/{event_id}/appeal", json={"table": 2, "round": 3, "board": 1,
                                                             "appellants": "2NS", "concurring": True,
                                                             "reason": "the ruling on UI"})
    assert appeal.status_code == 200, appeal.text
    number = appeal.json()["appeal"]
    seating = _seated(client, event_id)[(2, 3)]
    assert seating.ns == "2NS"
    decided = client.post(f"/events/{event_id}/appeals/{number}/decide",
                          json={"decision": "score adjusted", "result": "4S N 9"})
    assert decided.status_code == 200, decided.text
    typed[(2, 3, 1)] = "4S N 9"
    state = _state(client, event_id)
    assert state["penalties"] == [{"contestant": "2NS", "points": "1/2", "law": "90", "reason": "slow play",
                                   "board": None}]
    assert state["appeals"][0]["decision"] == "score adjusted" and state["appeals"][0]["result"]
    # the audit trail has each with its Law
    laws = [(c.action, c.law) for c in _store(client).history(event_id) if c.law]
    for expected in (("correct", "12C2"), ("correct", "12C1"), ("correct", "12C1(c)"), ("correct", "12C1(e)"),
                     ("correct", "87"), ("penalise", "90"), ("appeal", "92"), ("decide", "93")):
        assert expected in laws, (expected, laws)
    history = client.get(f"/events/{event_id}/history")
    assert history.status_code == 200
    assert "slow play" in history.text and "cards swapped" in history.text and "12C1(e)" in history.text
    assert client.get(f"/events/{event_id}/history?format=json").json()[-1]["law"] == "93"


def test_the_rankings_equal_matchpoints_counted_here(client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    typed = _everything(client, event_id)
    client.post(f"/events/{event_id}/adjust", json={"table": 1, "round": 2, "board": 2,
                                                    "artificial": "A60/40", "reason": "slow"})
    expected = expected_totals(_seated(client, event_id), typed, (1, 2, 2), Fraction(3, 5),
                               Fraction(2, 5))
    got = {s["contestant"]: Fraction(s["total"]) for r in _state(client, event_id)["rankings"]
           for s in r["standings"]}
    assert got == expected


def test_publishing_starts_the_correction_period_and_shows_it(client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    client.post(f"/events/{event_id}/boards", json={})
    _everything(client, event_id)
    answer = client.post(f"/events/{event_id}/publish", json={})
    assert answer.status_code == 200, answer.text
    link = answer.json()["results"]
    assert client.get(link).status_code == 200
    state = _state(client, event_id)
    first = dt.datetime.fromisoformat(state["publications"][0]["at"])
    assert dt.datetime.fromisoformat(state["correction_period_ends"]) - first == dt.timedelta(minutes=30)
    assert state["correction_period_open"]
    page = client.get(f"/events/{event_id}").text
    assert "Corrections are open until" in page and "Version 1 published" in page
    # after the period, a correction needs the Tournament Organiser's approval (Law 79C2)
    store = _store(client)
    with store.engine.begin() as connection:
        from sqlalchemy import text

        connection.execute(text("UPDATE publications SET at = :at WHERE event_id = :event"),
                           {"at": dt.datetime.now(dt.UTC) - dt.timedelta(hours=2), "event": event_id})
    body = {"table": 1, "round": 1, "board": 1, "result": "7NT N 13", "reason": "late"}
    message = _refused(client, event_id, "correct", body, status=409, field="result", where=(1, 1, 1))
    assert "79C2" in message
    answer = client.post(f"/events/{event_id}/correct", json={**body, "approved_by": "the TO"})
    assert answer.status_code == 200, answer.text
    assert "The correction period ended" in client.get(f"/events/{event_id}").text


def test_an_unfinished_event_is_not_published(client: TestClient) -> None:
    created = _new(client)
    message = _refused(client, created["id"], "publish", {}, status=409, field="board", where=(1, 1, 1))
    assert "no result yet" in message


@pytest.mark.parametrize(("path", "body", "field", "where"), [
    ("correct", {"table": 9, "round": 1, "board": 1, "result": "PASS", "reason": "x"}, "table", (9, 1, 1)),
    ("correct", {"table": 1, "round": 9, "board": 1, "result": "PASS", "reason": "x"}, "round", (1, 9, 1)),
    ("correct", {"table": 1, "round": 1, "board": 3, "result": "PASS", "reason": "x"}, "board", (1, 1, 3)),
    ("correct", {"table": 1, "round": 1, "board": "one", "result": "PASS", "reason": "x"}, "board",
     (1, 1, None)),
    ("correct", {"table": 1, "round": 1, "board": 1, "result": "8S N 13", "reason": "x"}, "contract",
     (1, 1, 1)),
    ("correct", {"table": 1, "round": 1, "board": 1, "result": "4S N 14", "reason": "x"}, "tricks",
     (1, 1, 1)),
    ("correct", {"table": 1, "round": 1, "board": 1, "result": "4S N 10"}, "reason", (1, 1, 1)),
    ("adjust", {"table": 1, "round": 1, "board": 1, "reason": "x"}, "adjustment", (1, 1, 1)),
    ("adjust", {"table": 1, "round": 1, "board": 1, "artificial": "A60/40", "assigned": "420",
                "reason": "x"}, "adjustment", (1, 1, 1)),
    ("adjust", {"table": 1, "round": 1, "board": 1, "artificial": "A160/40", "reason": "x"}, "adjustment",
     (1, 1, 1)),
    ("adjust", {"table": 1, "round": 1, "board": 1, "assigned": "420@x", "reason": "x"}, "adjustment",
     (1, 1, 1)),
    ("adjust", {"table": 2, "round": 1, "board": 1, "artificial": "A60/40", "reason": "x"}, "board",
     (2, 1, 1)),
    ("foul", {"table": 1, "round": 1, "board": 1, "group": 2, "reason": "x"}, "board", (1, 1, 1)),
    ("foul", {"table": 1, "round": 1, "board": 1, "group": 0, "reason": "x"}, "group", (1, 1, 1)),
    ("penalty", {"contestant": "9NS", "points": "1", "reason": "x"}, "contestant", None),
    ("penalty", {"contestant": "1NS", "points": "lots", "reason": "x"}, "points", None),
    ("penalty", {"contestant": "1NS", "points": "1", "law": "12C", "reason": "x"}, "law", None),
    ("penalty", {"contestant": "1NS", "points": "1"}, "reason", None),
    ("appeal", {"table": 1, "round": 1, "board": 1, "appellants": "2NS", "reason": "x",
                "concurring": True}, "appellants", (1, 1, 1)),
    ("appeal", {"table": 1, "round": 1, "board": 1, "appellants": "1NS", "reason": "x",
                "concurring": False}, "concurring", (1, 1, 1)),
    ("appeal", {"table": 1, "round": 1, "board": 2, "appellants": "1NS", "reason": "x",
                "concurring": True}, "board", (1, 1, 2)),
    ("appeals/99/decide", {"decision": "upheld"}, "appeal", None),
])
def test_every_refusal_names_where_and_what_and_changes_nothing(
        client: TestClient, path: str, body: dict[str, Any], field: str,
        where: tuple[int | None, int | None, int | None] | None) -> None:
    created = _new(client)
    conflict = field == "concurring" or (path, field) == ("foul", "board")  # the store's state refuses it
    status = 404 if path.startswith("appeals/") else 409 if conflict else 422
    _refused(client, created["id"], path, body, status=status, field=field, where=where)


def test_an_appeal_decided_twice_differently_is_refused(client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    number = client.post(f"/events/{event_id}/appeal", json={
        "table": 1, "round": 1, "board": 1, "appellants": "1EW", "reason": "x", "concurring": True,
    }).json()["appeal"]
    upheld = client.post(f"/events/{event_id}/appeals/{number}/decide", json={"decision": "upheld"})
    assert upheld.status_code == 200
    _refused(client, event_id, f"appeals/{number}/decide", {"decision": "overturned", "result": "PASS"},
             status=409, field="decision", where=(1, 1, 1))
    _refused(client, event_id, f"appeals/{number}/decide", {"decision": "x", "result": "PASS",
                                                            "artificial": "A60/40"}, field="result")


def test_a_refusal_from_a_form_comes_back_to_the_page_with_the_message_in_its_language(
        client: TestClient) -> None:
    created = _new(client)
    event_id = created["id"]
    csrf = _csrf(client, event_id)
    answer = client.post(f"/events/{event_id}/correct?lang=pl", data={
        "csrf_token": csrf, "table": "1", "round": "1", "board": "3", "result": "PASS", "reason": "x"},
        follow_redirects=False)
    assert answer.status_code == 303
    assert "error=" in answer.headers["location"] and answer.headers["location"].endswith("#correct")
    page = client.get(answer.headers["location"]).text
    assert 'role="alert"' in page
    ok = client.post(f"/events/{event_id}/correct", data={
        "csrf_token": csrf, "table": "1", "round": "1", "board": "1", "result": "4S N 10", "reason": "slip"},
        follow_redirects=False)
    assert ok.status_code == 303 and "done=correct" in ok.headers["location"]
    assert [r.contract for r in _store(client).results(event_id)] == [Contract.from_str("4SN")]
    assert isinstance(_store(client).results(event_id)[0], Result)


def test_a_swiss_pairs_its_next_round_from_the_standings_once_the_round_is_complete(
        client: TestClient) -> None:
    created = _new(client, kind="teams", movement="swiss", teams=4, boards_per_round=1, method="team-imps")
    event_id = created["id"]
    client.post(f"/events/{event_id}/boards", json={})
    first = _store(client).event(event_id).sessions[0].movements[0]
    seating = sorted(first.seatings, key=lambda s: s.table)
    _refused(client, event_id, "swiss", {}, status=409, field="board", where=(1, 1, 1))
    # round 1: the home team of match 1 wins board 1 (4S made in one room, passed out in the other), the
    # teams of match 2 tie; round 2 puts the leader first, and pairs no two teams that have met
    texts = {1: "4S N 10", 2: "PASS", 3: "PASS", 4: "PASS"}
    for s in seating:
        for b in s.boards:
            slip = {"table": s.table, "round": 1, "board": b, "result": texts[s.table], "reason": "slip"}
            answer = client.post(f"/events/{event_id}/correct", json=slip)
            assert answer.status_code == 200, answer.text
    winner = seating[0].ns
    answer = client.post(f"/events/{event_id}/swiss", json={})
    assert answer.status_code == 200, answer.text
    paired = answer.json()
    assert paired["round"] == 2 and paired["bye"] is None
    played = {frozenset((s.ns, s.ew)) for s in first.seatings}
    assert all(frozenset(p) not in played for p in paired["pairs"])
    assert paired["pairs"][0][0] == winner  # the leader plays first, at table 1
    movement = _store(client).event(event_id).sessions[0].movements[0]
    assert movement.rounds == (1, 2) and movement.at(2, 1).boards == (2,)
    assert client.app.state.events.session_of(event_id).boards[2].deal is not None  # type: ignore[attr-defined]
    _refused(client, created["id"], "swiss", {}, status=409, field="board", where=(1, 2, 2))
    pairs = _new(client)
    _refused(client, pairs["id"], "swiss", {}, field="movement")
