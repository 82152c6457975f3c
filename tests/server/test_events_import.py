"""Results from another program's file imported from the browser (tenace.server.events): the PBN and
USEBIO files an event's publication writes are uploaded to a new event with the same movement, which then
holds the same results; a file of an unknown kind, and one whose lines the movement cannot take, are
refused with every problem named by the file and line, and nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.store import Store

from .clients import fresh_server
from .test_events import _csrf

POOL = ["4S N 10", "3NT S 9", "4H E 8", "2D W 9", "PASS", "1C N 7", "3NT N 10", "5DX E 9"]
EVENT = {"kind": "pairs", "movement": "mitchell", "tables": 3, "boards_per_round": 2}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with fresh_server(tmp_path_factory.mktemp("imports"), "pat") as c:
        yield c


def _store(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def _slots(client: TestClient, event_id: int) -> dict[tuple[int, int, int], Any]:
    return {(r.table, r.round, r.board): (r.ns, r.ew, r.contract, r.tricks)
            for r in _store(client).results(event_id)}


@pytest.fixture(scope="module")
def published(client: TestClient) -> tuple[int, dict[str, str]]:
    """An event with every result, published: its number and the result files."""
    event_id = client.post("/events", json={"name": "Source", **EVENT}).json()["id"]
    movement = _store(client).event(event_id).sessions[0].movements[0]
    for i, s in enumerate(sorted(movement.seatings, key=lambda x: (x.round, x.table))):
        for board in s.boards:
            assert client.post(f"/events/{event_id}/correct", json={
                "table": s.table, "round": s.round, "board": board,
                "result": POOL[(i + 3 * board) % len(POOL)], "reason": "slips"}).status_code == 200
    assert client.post(f"/events/{event_id}/publish", json={}).status_code == 200
    scoring = client.app.state.table_scoring  # type: ignore[attr-defined]
    session = scoring.get(client.get(f"/api/events/{event_id}").json()["scoring"])
    return event_id, session.published


@pytest.mark.parametrize("name", ["results.pbn", "results.usebio.xml"])
def test_a_results_file_uploaded_fills_an_event_with_the_same_results(
        client: TestClient, published: tuple[int, dict[str, str]], name: str) -> None:
    source, files = published
    assert name in files
    target = client.post("/events", json={"name": f"Copy {name}", **EVENT}).json()["id"]
    token = _csrf(client, target)
    answer = client.post(f"/events/{target}/import", data={"session": "1", "csrf_token": token},
                         files={"file": (name, files[name].encode(), "text/plain")}, follow_redirects=False)
    # the form's post goes back to the page; the store then holds the same results as the source
    assert answer.status_code == 303 and "done=import" in answer.headers["location"], answer.text
    assert _slots(client, target) == _slots(client, source)
    again = client.post(f"/events/{target}/import", json={"text": files[name], "filename": name})
    # the same file again (a second press of the button) stores nothing twice
    assert again.status_code == 200, again.text
    stored = _store(client).stored(target)
    assert len(stored) == len(_slots(client, source)) and {s.version for s in stored} == {1}
    assert _slots(client, target) == _slots(client, source)


def test_a_bad_file_is_refused_naming_file_and_line_and_nothing_is_stored(
        client: TestClient, published: tuple[int, dict[str, str]]) -> None:
    _, files = published
    target = client.post("/events", json={"name": "Bad files", **EVENT}).json()["id"]
    before = _store(client).history(target)
    unknown = client.post(f"/events/{target}/import", json={"text": "board 1: 4S N =", "filename": "r.txt"})
    assert unknown.status_code == 422 and unknown.json()["field"] == "file"
    assert "r.txt" in unknown.json()["message"]
    # a ScoreTable row whose North-South pair is 9NS, a pair the movement does not have
    lines = files["results.pbn"].splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable")) + 1
    cells = lines[at].split()
    cells[2] = '"9NS"' if cells[2].startswith('"') else "9NS"
    lines[at] = " ".join(cells)
    bad = client.post(f"/events/{target}/import", json={"text": "\n".join(lines), "filename": "bad.pbn"})
    assert bad.status_code in (409, 422), bad.text
    message = bad.json()["message"]
    assert bad.json()["field"] == "file" and f"bad.pbn:{at + 1}" in message, message
    assert "nothing was imported" in message
    assert _store(client).results(target) == () and _store(client).history(target) == before
