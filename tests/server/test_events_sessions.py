"""Every session of an event on the events pages (tenace.server.events): the Director adds a session with
the movement of the first, deals its own boards, enters and corrects results in it (the tables' devices of
that session enter theirs), chooses the session on the page; the rankings add the sessions' matchpoints,
counted here board by board in each session (Law 78A), and show each session's total; a session the event
does not have is refused naming the field; the publication waits for every session."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.store import Store
from tenace.tournament.entry import parse_entry
from tenace.tournament.model import Conditions, Event, EventKind, Method, Participant, Session

from .clients import fresh_server

POOL = ["4S N 10", "3NT S 9", "4H E 8", "2D W 9", "PASS", "1C N 7", "3NT N 10"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with fresh_server(tmp_path_factory.mktemp("sessions"), "pat") as c:
        yield c


def _store(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def _snapshot(client: TestClient, event_id: int) -> tuple[Any, ...]:
    store = _store(client)
    return store.event(event_id), store.stored(event_id), store.history(event_id)


def test_a_second_session_has_its_boards_results_and_rankings(client: TestClient) -> None:
    answer = client.post("/events", json={"name": "Two evenings", "kind": "pairs", "movement": "mitchell",
                                          "tables": 3, "boards_per_round": 1})
    assert answer.status_code == 201, answer.text
    event_id = answer.json()["id"]
    assert client.post(f"/events/{event_id}/boards", json={}).status_code == 200
    added = client.post(f"/events/{event_id}/session", json={})
    assert added.status_code == 200 and added.json() == {"session": 2}, added.text
    store = _store(client)
    event = store.event(event_id)
    assert [s.number for s in event.sessions] == [1, 2]
    assert event.sessions[1].movements == event.sessions[0].movements  # the same movement (Law 8A)
    # each session deals its own boards (Law 6)
    assert client.post(f"/events/{event_id}/boards", json={"session": 2}).status_code == 200
    one, two = (client.get(f"/api/events/{event_id}?session={n}").json() for n in (1, 2))
    assert one["scoring"] != two["scoring"] and one["sessions"] == [1, 2] and two["session"] == 2
    scoring = client.app.state.table_scoring  # type: ignore[attr-defined]
    deals_one, deals_two = (scoring.get(x["scoring"]).boards for x in (one, two))
    assert set(deals_one) == set(deals_two) and any(deals_one[n].deal != deals_two[n].deal for n in deals_one)

    # session 1 from the Director's slips; session 2 from its own tables' devices
    movement = event.sessions[0].movements[0]
    typed: dict[tuple[int, int, int, int], str] = {}
    for i, seating in enumerate(sorted(movement.seatings, key=lambda s: (s.round, s.table))):
        for board in seating.boards:
            text = POOL[(i + board) % len(POOL)]
            answer = client.post(f"/events/{event_id}/correct", json={
                "session": 1, "table": seating.table, "round": seating.round, "board": board, "result": text,
                "reason": "from the slips"})
            assert answer.status_code == 200, answer.text
            typed[(1, seating.table, seating.round, board)] = text
    progress = client.get(f"/api/scoring/{two['scoring']}/progress").json()
    links = {t["table"]: t["link"].replace("/scoring/", "/api/scoring/", 1) for t in progress["tables"]}
    for i, seating in enumerate(sorted(movement.seatings, key=lambda s: (s.round, s.table))):
        for board in seating.boards:
            text = POOL[(2 * i + board + 3) % len(POOL)]
            link = links[seating.table]
            key = f"s2-{seating.table}-{seating.round}-{board}"
            body = {"round": seating.round, "board": board, "text": text, "key": key}
            assert client.post(f"{link}/enter", json=body).status_code == 200
            assert client.post(f"{link}/confirm", json={"round": seating.round, "board": board,
                                                        "side": "EW"}).status_code == 200
            typed[(2, seating.table, seating.round, board)] = text
    assert len(store.results(event_id, 1)) == len(store.results(event_id, 2)) == len(movement.seatings)
    # a correction in session 2 changes session 2's slot only (Law 79C)
    first = min(movement.seatings, key=lambda s: (s.round, s.table))
    slot = (first.table, first.round, first.boards[0])
    answer = client.post(f"/events/{event_id}/correct", json={
        "session": 2, "table": slot[0], "round": slot[1], "board": slot[2], "result": "6NT N 13",
        "reason": "tricks"})
    assert answer.status_code == 200 and answer.json()["session"] == 2 and answer.json()["version"] == 2
    typed[(2, *slot)] = "6NT N 13"
    assert [r for r in store.results(event_id, 1) if (r.table, r.round, r.board) == slot][0].tricks != 13

    # matchpoints counted here, board by board within each session, added up over the sessions
    by_board: dict[tuple[int, int], list[tuple[str, str, int]]] = defaultdict(list)
    seat = {(s.table, s.round): s for s in movement.seatings}
    for (number, table, round_, board), text in typed.items():
        s = seat[(table, round_)]
        result = parse_entry(text, board=board, round=round_, table=table, ns=s.ns, ew=s.ew)
        by_board[(number, board)].append((s.ns, s.ew, int(result.ns_score())))  # type: ignore[arg-type]
    totals: dict[str, Fraction] = defaultdict(Fraction)
    per_session: dict[tuple[str, int], Fraction] = defaultdict(Fraction)
    for (number, _), lines in by_board.items():
        for ns, ew, mine in lines:
            mp = sum(2 if mine > other else 1 if mine == other else 0 for _, _, other in lines) - 1
            top = 2 * (len(lines) - 1)
            totals[ns] += mp
            totals[ew] += top - mp
            per_session[(ns, number)] += mp
            per_session[(ew, number)] += top - mp
    data = client.get(f"/api/events/{event_id}?session=2").json()
    shown = {s["contestant"]: Fraction(s["total"]) for r in data["rankings"] for s in r["standings"]}
    assert shown == totals
    assert {(r["table"], r["round"], r["board"]) for r in data["results"]} == {
        (t, r, b) for (n, t, r, b) in typed if n == 2}
    # the page of session 2: chosen in the list of sessions, each session's total in the ranking
    page = client.get(f"/events/{event_id}?session=2&lang=en").text
    assert f'href="/events/{event_id}?session=2" data-session="2" aria-current="page"' in page
    assert '<input type="hidden" name="session" value="2">' in page
    for (who, number), points in per_session.items():
        cell = f'data-session="{number}">{float(points):.2f}'.rstrip("0").rstrip(".")
        assert cell in page.split(f'data-contestant="{who}"', 1)[1].split("</tr>", 1)[0], (who, number)
    assert client.get(f"/events/{event_id}/cards?session=2").status_code == 200
    assert client.get(f"/events/{event_id}/hands?session=2").status_code == 200


def test_a_session_the_event_does_not_have_is_refused_and_nothing_changes(client: TestClient) -> None:
    event_id = client.post("/events", json={"name": "One evening", "kind": "pairs", "movement": "howell",
                                            "tables": 3, "boards_per_round": 1}).json()["id"]
    before = _snapshot(client, event_id)
    answer = client.post(f"/events/{event_id}/correct", json={"session": 3, "table": 1, "round": 1,
                                                               "board": 1, "result": "PASS", "reason": "x"})
    assert answer.status_code == 422 and answer.json()["field"] == "session"
    assert "session 3" in answer.json()["message"]
    assert _snapshot(client, event_id) == before
    assert client.get(f"/events/{event_id}?session=3").status_code == 404
    # a Swiss goes on by pairing rounds, not by adding sessions
    swiss = client.post("/events", json={"name": "Swiss", "kind": "teams", "movement": "swiss", "teams": 4,
                                         "boards_per_round": 1}).json()["id"]
    refused = client.post(f"/events/{swiss}/session", json={})
    assert refused.status_code == 409 and refused.json()["field"] == "session"


def test_publication_waits_for_every_session(client: TestClient) -> None:
    event_id = client.post("/events", json={"name": "Publish both", "kind": "pairs", "movement": "mitchell",
                                            "tables": 3, "boards_per_round": 1}).json()["id"]
    client.post(f"/events/{event_id}/session", json={})
    movement = _store(client).event(event_id).sessions[0].movements[0]
    for number in (1, 2):
        for s in movement.seatings:
            if number == 2 and (s.table, s.round) == (2, 2):
                continue
            for board in s.boards:
                assert client.post(f"/events/{event_id}/correct", json={
                    "session": number, "table": s.table, "round": s.round, "board": board,
                    "result": "3NT N 9", "reason": "slips"}).status_code == 200
    refused = client.post(f"/events/{event_id}/publish", json={})
    assert refused.status_code == 409 and "session 2" in refused.json()["message"]
    assert not _store(client).publications(event_id)
    last = movement.at(2, 2)
    assert client.post(f"/events/{event_id}/correct", json={
        "session": 2, "table": 2, "round": 2, "board": last.boards[0], "result": "PASS",
        "reason": "slips"}).status_code == 200
    assert client.post(f"/events/{event_id}/publish", json={}).status_code == 200
    assert len(_store(client).publications(event_id)) == 1


def test_an_event_with_a_carry_over_shows_it(client: TestClient) -> None:
    from tenace.server.club import make_movement

    movement = make_movement("mitchell", 3, 1, None)
    event = Event(name="Final", kind=EventKind.PAIRS, conditions=Conditions(method=Method.MATCHPOINTS),
                  participants=tuple(Participant(c, f"Pair {c}") for c in movement.contestants),
                  sessions=(Session(1, (movement,)),),
                  carry_over=((movement.contestants[0], Fraction(3, 2)),))
    event_id = _store(client).create_event(event, by="dan")
    page = client.get(f"/events/{event_id}?lang=en").text
    assert 'id="carry-over"' in page and f"{movement.contestants[0]}: 1.5" in page
    data = client.get(f"/api/events/{event_id}").json()
    assert data["carry_over"] == [{"contestant": movement.contestants[0], "points": "1.5"}]
