"""A knockout of 4 teams on the events pages (tenace.server.events): the first stage's matches are scored
(IMPs without victory points, Law 78B), the winners, worked out here from the WBF IMP scale of the oracles,
are paired for the final as a new session, and the final's winner closes the bracket; a stage is not paired
while a match is unfinished."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.store import Store
from tenace.tournament.entry import parse_entry

from .clients import fresh_server
from .test_table_scoring_kinds import _imps

POOL = ["4S N 10", "4S N 9", "3NT S 9", "3NT S 8", "4H E 10", "2D W 9", "PASS", "6S N 12", "1C N 7"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with fresh_server(tmp_path_factory.mktemp("knockout"), "pat") as c:
        yield c


def _play(client: TestClient, event_id: int, number: int, rng: random.Random) -> list[str]:
    """Every board of session ``number`` entered by the Director; each match's winner worked out here (the
    results drawn again until no match is tied)."""
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    seatings = [s for m in next(x for x in store.event(event_id).sessions if x.number == number).movements
                for s in m.seatings]
    while True:
        typed = {(s.table, s.round, b): rng.choice(POOL) for s in seatings for b in s.boards}
        scores: dict[tuple[frozenset[str], int, str], int] = {}
        for s in seatings:
            for b in s.boards:
                result = parse_entry(typed[(s.table, s.round, b)], board=b, round=s.round, table=s.table,
                                     ns=s.ns, ew=s.ew)
                scores[(frozenset((s.ns, s.ew)), b, s.room or "")] = int(result.ns_score())  # type: ignore[arg-type]
        won: dict[frozenset[str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for s in seatings:
            if s.room != "open":
                continue
            for b in s.boards:
                teams = frozenset((s.ns, s.ew))
                imps = _imps(scores[(teams, b, "open")] - scores[(teams, b, "closed")])
                won[teams][s.ns] += imps
                won[teams][s.ew] -= imps
        if all(len(set(w.values())) == 2 for w in won.values()):
            break
    for (table, round_, board), text in typed.items():
        answer = client.post(f"/events/{event_id}/correct", json={
            "session": number, "table": table, "round": round_, "board": board, "result": text,
            "reason": "from the slips"})
        assert answer.status_code == 200, answer.text
    order = sorted(won, key=lambda t: min(s.table for s in seatings if frozenset((s.ns, s.ew)) == t))
    return [max(won[t], key=lambda team: won[t][team]) for t in order]


def test_the_winners_of_a_stage_meet_in_the_next_until_the_final(client: TestClient) -> None:
    answer = client.post("/events", json={"name": "Cup", "kind": "teams", "movement": "knockout", "teams": 4,
                                          "rounds": 1, "boards_per_round": 3})
    assert answer.status_code == 201, answer.text
    event_id = answer.json()["id"]
    refused = client.post(f"/events/{event_id}/knockout", json={})
    assert refused.status_code == 409 and refused.json()["field"] == "session", refused.text
    rng = random.Random(5)
    winners = _play(client, event_id, 1, rng)
    data: dict[str, Any] = client.get(f"/api/events/{event_id}").json()
    assert all(m["vps"] is None for m in data["matches"])  # a knockout: IMPs, no victory points
    assert [m["winner"] for m in data["bracket"][0]["matches"]] == winners
    final = client.post(f"/events/{event_id}/knockout", json={})
    assert final.status_code == 200, final.text
    assert final.json() == {"session": 2, "matches": [winners]}
    champion = _play(client, event_id, 2, rng)
    data = client.get(f"/api/events/{event_id}?session=2").json()
    assert [m["winner"] for m in data["bracket"][1]["matches"]] == champion
    over = client.post(f"/events/{event_id}/knockout", json={})
    assert over.status_code == 409 and f"team {champion[0]} wins" in over.json()["message"]
    page = client.get(f"/events/{event_id}?lang=en").text
    assert 'id="bracket"' in page and f'data-winner="{champion[0]}"' in page
