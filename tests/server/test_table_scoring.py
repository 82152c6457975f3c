"""Face-to-face table scoring (tenace.server.table_scoring) through the real application and a TestClient: the
Director creates a session, each table's device enters and confirms its results with idempotency keys, bad
input is refused with a message naming table, round, board and field while nothing stored changes, the
Director sees progress, late tables and doubtful results and corrects a result with the audit trail."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tenace.calls import Denomination
from tenace.contract import Contract
from tenace.seats import Seat
from tenace.server.actors import FallbackRobot
from tenace.server.app import create_app
from tenace.server.settings import Settings
from tenace.server.table_scoring import Scoring, ScoringSession, table_token
from tenace.server.table_scoring_store import read_scoring
from tenace.solver import dds
from tenace.store import Store

from .clients import login, register, wait


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(anonymous_tables=True, database_url=f"sqlite:///{tmp_path / 'f2f.db'}",
                              robot_samples=0), robots=FallbackRobot)
    with TestClient(app) as c:
        register(c.app, "pat")
        yield c


def _store(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def _scoring(client: TestClient) -> Scoring:
    found: Scoring = client.app.state.table_scoring  # type: ignore[attr-defined]
    return found


def _create(client: TestClient, **fields: Any) -> dict[str, Any]:
    login(client, "dan")
    body = {"name": "Monday pairs", "movement": "mitchell", "tables": 3, "boards_per_round": 1, **fields}
    answer = client.post("/scoring/sessions", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    login(client, None)  # the devices are not logged in
    return created


def _api(link: str) -> str:
    return link.replace("/scoring/", "/api/scoring/", 1)


def _entry(round: int, board: int, key: str, **fields: Any) -> dict[str, Any]:
    base = {"round": round, "board": board, "key": key, "level": 3, "strain": "NT", "doubling": "",
            "declarer": "N", "tricks": 9, "lead": ""}
    return {**base, **fields}


def _history(client: TestClient, event_id: int) -> list[str]:
    return [c.action for c in _store(client).history(event_id)]


def test_only_a_director_creates_a_session_and_only_the_table_link_opens_a_device(client: TestClient) -> None:
    assert client.post("/scoring/sessions", json={"tables": 3}).status_code == 401
    login(client, "pat")
    assert client.post("/scoring/sessions", json={"tables": 3}).status_code == 403
    assert client.get("/scoring").status_code == 403
    created = _create(client)
    link = created["tables"]["1"]
    assert client.get(link).status_code == 200
    assert client.get(_api(link)).status_code == 200
    other = created["tables"]["2"].rsplit("/", 1)[1]
    assert client.get(link.rsplit("/", 1)[0] + "/" + other).status_code == 404  # table 2's key at table 1
    assert client.get(link[:-1] + ("A" if link[-1] != "A" else "B")).status_code == 404
    assert client.post(_api(link.rsplit("/", 1)[0] + "/nope") + "/enter",
                       json=_entry(1, 1, "k" * 12)).status_code == 404
    assert client.get(f"/api/scoring/{created['id']}/progress").status_code == 401


def test_the_table_keys_are_not_stored_and_differ_between_sessions(client: TestClient) -> None:
    one, two = _create(client), _create(client)
    keys = {link.rsplit("/", 1)[1] for c in (one, two) for link in c["tables"].values()}
    assert len(keys) == 6
    state, _ = read_scoring(_store(client).engine, one["id"])  # type: ignore[misc]
    assert not any(k in state for k in keys)
    session = ScoringSession.from_json(json.loads(state))
    secret = client.app.state.auth.settings.secret  # type: ignore[attr-defined]
    assert one["tables"]["2"].endswith("/" + table_token(secret, one["id"], session.nonce, 2))


def test_a_device_sees_its_rounds_pairs_boards_and_where_everyone_goes(client: TestClient) -> None:
    created = _create(client, names="1NS: Ann & Bob\n2EW: Cy & Di")
    state = client.get(_api(created["tables"]["1"])).json()
    movement = _store(client).event(created["event_id"]).sessions[0].movements[0]
    mine = sorted((s for s in movement.seatings if s.table == 1), key=lambda s: s.round)
    assert [r["round"] for r in state["rounds"]] == [s.round for s in mine]
    assert [[b["number"] for b in r["boards"]] for r in state["rounds"]] == [list(s.boards) for s in mine]
    assert state["rounds"][0]["ns"] == {"id": "1NS", "name": "Ann & Bob"}
    assert [r["ew"]["id"] for r in state["rounds"]] == [s.ew for s in mine]
    for r, seating in zip(state["rounds"][:-1], mine, strict=False):
        after = [s for s in movement.seatings if s.round == seating.round + 1]
        ew_next = next(s for s in after if seating.ew in (s.ns, s.ew))
        assert r["next"]["ew"] == {"table": ew_next.table, "seat": "EW"}
        boards_next = next(s.table for s in after if set(s.boards) == set(seating.boards))
        assert r["next"]["boards"] == boards_next
    assert state["rounds"][-1]["next"]["last"] is True
    board = state["rounds"][0]["boards"][0]
    assert (board["dealer"], board["vulnerability"]) == ("N", "None")  # board 1 (Law 2)


def test_in_a_howell_every_device_sends_each_pair_to_its_next_table_and_direction(client: TestClient) -> None:
    created = _create(client, movement="howell", tables=3, boards_per_round=2)
    movement = _store(client).event(created["event_id"]).sessions[0].movements[0]
    for table in movement.tables:
        state = client.get(_api(created["tables"][str(table)])).json()
        for shown in state["rounds"]:
            seating = movement.at(shown["round"], table)
            assert (shown["ns"]["id"], shown["ew"]["id"]) == (seating.ns, seating.ew)
            later = [s for s in movement.seatings if s.round > seating.round]
            if not later:
                assert shown["next"]["last"] is True
                continue
            following = [s for s in later if s.round == min(x.round for x in later)]
            for side, pair in (("ns", seating.ns), ("ew", seating.ew)):
                there = next((s for s in following if pair in (s.ns, s.ew)), None)
                expected = None if there is None else {"table": there.table,
                                                      "seat": "NS" if there.ns == pair else "EW"}
                assert shown["next"][side] == expected


def test_an_entry_sent_again_with_its_key_is_stored_once(client: TestClient) -> None:
    created = _create(client)
    api = _api(created["tables"]["1"])
    first = client.post(api + "/enter", json=_entry(1, 1, "device-key-0001"))
    again = client.post(api + "/enter", json=_entry(1, 1, "device-key-0001"))
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert first.json()["ns_score"] == 400  # 3NT by North, 9 tricks, not vulnerable (Law 77)
    confirm = {"round": 1, "board": 1, "side": "EW"}
    assert client.post(api + "/confirm", json=confirm).status_code == 200
    assert client.post(api + "/confirm", json=confirm).status_code == 200
    store = _store(client)
    assert len(store.versions(created["event_id"], 1, table=1, round=1, board=1)) == 1
    assert _history(client, created["event_id"]).count("enter") == 1
    assert _history(client, created["event_id"]).count("confirm") == 1
    assert store.stored(created["event_id"])[0].confirmed_by == "table 1 (East-West)"


def _refused(client: TestClient, url: str, body: dict[str, Any], status: int, field: str, where: str,
             event_id: int, lang: str = "en") -> str:
    before = _history(client, event_id), _store(client).results(event_id)
    answer = client.post(url + f"?lang={lang}", json=body)
    assert answer.status_code == status, answer.text
    data = answer.json()
    assert data["field"] == field, data
    assert data["message"].startswith(where), data["message"]
    assert (_history(client, event_id), _store(client).results(event_id)) == before  # nothing changed
    message: str = data["message"]
    return message


def test_bad_input_is_refused_naming_table_round_board_and_field(client: TestClient) -> None:
    created = _create(client)
    event_id = created["event_id"]
    api = _api(created["tables"]["1"])
    enter, confirm = api + "/enter", api + "/confirm"
    assert client.post(enter, json=_entry(1, 1, "stored-key-1")).status_code == 200
    movement = _store(client).event(event_id).sessions[0].movements[0]
    elsewhere = next(b for b in movement.boards if b not in movement.at(1, 1).boards)
    _refused(client, enter, _entry(1, elsewhere, "key-other-board"), 422, "board",
             f"Table 1, round 1, board {elsewhere}, board: board {elsewhere} is not played", event_id)
    _refused(client, enter, _entry(9, 1, "key-no-round"), 422, "round", "Table 1, round 9, board 1, round",
             event_id)
    _refused(client, enter, _entry(1, 1, "key-level", level=8), 422, "contract",
             "Table 1, round 1, board 1, contract: a contract's level is 1 to 7", event_id)
    _refused(client, enter, _entry(1, 1, "key-tricks", tricks=14), 422, "tricks",
             "Table 1, round 1, board 1, tricks", event_id)
    _refused(client, enter, _entry(1, 1, "key-declarer", declarer="Q"), 422, "declarer",
             "Table 1, round 1, board 1, declarer", event_id)
    _refused(client, enter, _entry(1, 1, "key-lead", lead="Z9"), 422, "lead",
             "Table 1, round 1, board 1, opening lead", event_id)
    _refused(client, enter, _entry(1, 1, "short"), 422, "key", "Table 1, round 1, board 1, entry key",
             event_id)
    different = _refused(client, enter, _entry(1, 1, "key-different", tricks=8), 409, "tricks",
                         "Table 1, round 1, board 1, tricks", event_id)
    assert "only the Director corrects it (Law 79C)" in different
    round2 = movement.at(2, 1)
    _refused(client, enter, _entry(2, round2.boards[0], "stored-key-1"), 409, "key",
             f"Table 1, round 2, board {round2.boards[0]}, entry key", event_id)
    _refused(client, confirm, {"round": 1, "board": 1, "side": "NS"}, 403, "side",
             "Table 1, round 1, board 1, side: North-South entered this result: East-West", event_id)
    _refused(client, confirm, {"round": 2, "board": round2.boards[0], "side": "EW"}, 409, "board",
             f"Table 1, round 2, board {round2.boards[0]}, board: no result", event_id)
    typed = client.post(api + "/preview", json={"round": 1, "board": 1, "text": "4H E -2"}).json()
    assert (typed["level"], typed["strain"], typed["declarer"], typed["tricks"], typed["ns_score"]) == \
        (4, "H", "E", 8, 100)
    _refused(client, api + "/preview", {"round": 1, "board": 1, "text": "4H 10"}, 422, "declarer",
             "Table 1, round 1, board 1, declarer: cannot read this result", event_id)


def test_refusals_are_translated(client: TestClient) -> None:
    created = _create(client)
    api = _api(created["tables"]["1"])
    message = _refused(client, api + "/confirm", {"round": 1, "board": 1, "side": "NS"}, 403, "side",
                       "Stół 1", created["event_id"], lang="pl")
    assert "79A" in message and "North-South entered" not in message


def test_a_lead_that_is_not_in_the_leaders_hand_is_refused(client: TestClient) -> None:
    created = _create(client)
    session = _scoring(client).get(created["id"])
    deal = session.board(1).deal
    assert deal is not None
    west_card = next(iter(deal[Seat.WEST]))  # declarer North: East leads (Law 41A)
    _refused(client, _api(created["tables"]["1"]) + "/enter",
             _entry(1, 1, "key-lead-hand", lead=str(west_card)),
             422, "lead", "Table 1, round 1, board 1, opening lead: the opening lead", created["event_id"])
    east_card = next(iter(deal[Seat.EAST]))
    answer = client.post(_api(created["tables"]["1"]) + "/enter",
                         json=_entry(1, 1, "key-lead-east", lead=str(east_card)))
    assert answer.status_code == 200 and answer.json()["lead"] == str(east_card)


def test_the_traveller_follows_the_confirmation_when_the_session_shows_them(client: TestClient) -> None:
    created = _create(client)
    movement = _store(client).event(created["event_id"]).sessions[0].movements[0]
    first = next(s for s in movement.seatings if 1 in s.boards)
    second = next(s for s in movement.seatings if 1 in s.boards and s is not first)
    api1, api2 = _api(created["tables"][str(first.table)]), _api(created["tables"][str(second.table)])
    assert client.post(api1 + "/enter", json=_entry(first.round, 1, "t-key-one")).status_code == 200
    done = client.post(api1 + "/confirm", json={"round": first.round, "board": 1, "side": "EW"}).json()
    assert [line["ns_score"] for line in done["traveller"]] == [400]
    second_entry = _entry(second.round, 1, "t-key-two", tricks=10)
    assert client.post(api2 + "/enter", json=second_entry).status_code == 200
    done = client.post(api2 + "/confirm", json={"round": second.round, "board": 1, "side": "EW"}).json()
    assert [(line["ns_score"], line["ns_points"], line["ew_points"]) for line in done["traveller"]] == \
        [(430, "2", "0"), (400, "0", "2")]  # two results: a top of 2 (Law 78A)
    hidden = _create(client, travellers=False)
    api = _api(hidden["tables"]["1"])
    client.post(api + "/enter", json=_entry(1, 1, "t-key-three"))
    confirmed = client.post(api + "/confirm", json={"round": 1, "board": 1, "side": "EW"}).json()
    assert confirmed["confirmed"] and "traveller" not in confirmed


def test_the_director_sees_progress_late_tables_and_doubtful_results_and_corrects(client: TestClient) -> None:
    created = _create(client)
    event_id = created["event_id"]
    session = _scoring(client).get(created["id"])
    deal = session.board(1).deal
    assert deal is not None
    api = _api(created["tables"]["1"])
    ns_hcp = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp
    weak, strong = ("N", "E") if ns_hcp <= 20 else ("E", "N")  # a slam needs 24 (SLAM_HCP): none here
    client.post(api + "/enter",
                json=_entry(1, 1, "doubt-key-1", level=6, strain="S", declarer=weak, tricks=10))
    client.post(api + "/confirm", json={"round": 1, "board": 1, "side": "EW"})
    login(client, "dan")
    progress = client.get(f"/api/scoring/{created['id']}/progress").json()
    wait(lambda: not client.get(f"/api/scoring/{created['id']}/progress").json()["dd_pending"],
         "the double-dummy table of board 1", timeout=120)  # solved in the background
    progress = client.get(f"/api/scoring/{created['id']}/progress").json()
    assert progress["round"] == 1
    rows = {t["table"]: t for t in progress["tables"]}
    assert rows[1]["rounds"][0]["boards"] == [{"board": 1, "state": "confirmed", "result": f"6♠ {weak} 10"}]
    assert rows[1]["round"] == 2 and rows[2]["round"] == 1
    assert rows[2]["late"] and rows[3]["late"] and not rows[1]["late"]
    side_hcp = min(ns_hcp, 40 - ns_hcp)
    doubtful = progress["doubtful"]
    assert doubtful and doubtful[0]["board"] == 1
    assert f"at the 6 level by a side holding {side_hcp} high-card points" in " ".join(doubtful[0]["why"])
    from tenace.solver import dds

    if dds.available():  # tricks far from double dummy
        best = dds.dd_tricks(deal, Contract(6, Denomination.SPADES, Seat.from_str(weak)))
        assert any("double dummy" in why for why in doubtful[0]["why"]) == (abs(10 - best) > 2)
    page = client.get(f"/scoring/{created['id']}")
    assert page.status_code == 200 and page.text.count("<svg") == 3  # a QR code a table
    answer = client.post(f"/scoring/{created['id']}/correct",
                         json={"table": 1, "round": 1, "board": 1, "result": f"4S {strong} =",
                               "reason": "the wrong declarer was keyed in"})
    assert answer.status_code == 200, answer.text
    versions = _store(client).versions(event_id, 1, table=1, round=1, board=1)
    assert [v.version for v in versions] == [1, 2]
    assert versions[1].result.contract == Contract.from_str(f"4S{strong}")
    change = _store(client).history(event_id)[-1]
    assert (change.action, change.law, change.reason, change.by) == \
        ("correct", "79C", "the wrong declarer was keyed in", "dan")
    refused = client.post(f"/scoring/{created['id']}/correct",
                          json={"table": 1, "round": 1, "board": 1, "result": "4S N =", "reason": ""})
    assert refused.status_code == 422 and refused.json()["field"] == "reason"
    device = client.get(api).json()  # the device sees the corrected result
    assert device["rounds"][0]["boards"][0]["result"]["declarer"] == strong


def test_the_results_are_published_once_every_table_has_finished(client: TestClient) -> None:
    created = _create(client)
    movement = _store(client).event(created["event_id"]).sessions[0].movements[0]
    login(client, "dan")
    early = client.post(f"/scoring/{created['id']}/publish", json={})
    assert early.status_code == 409 and "Law 16C" in early.json()["message"]
    assert client.get(f"/scoring/{created['id']}/results/").status_code == 404
    for seating in movement.seatings:
        api = _api(created["tables"][str(seating.table)])
        board = seating.boards[0]
        key = f"publish-{seating.table}-{seating.round}"
        entry = _entry(seating.round, board, key, tricks=7 + seating.table)
        assert client.post(api + "/enter", json=entry).is_success
        confirm = {"round": seating.round, "board": board, "side": "EW"}
        assert client.post(api + "/confirm", json=confirm).is_success
    answer = client.post(f"/scoring/{created['id']}/publish", json={})
    assert answer.status_code == 200, answer.text
    assert {"index.html", "hands.html", "results.json", "results.pbn"} <= set(answer.json()["files"])
    publications = _store(client).publications(created["event_id"])
    assert len(publications) == 1
    login(client, None)  # anyone reads them
    page = client.get(f"/scoring/{created['id']}/results/")
    assert page.status_code == 200 and "Ranking NS" in page.text
    # dated with the day the session was created, each board with its double-dummy par from the solver
    session = client.app.state.table_scoring.get(created["id"])  # type: ignore[attr-defined]
    assert f'<time id="date" datetime="{session.created[:10]}">' in page.text
    shown = {int(n): int(v) for n, v in re.findall(r'id="board-(\d+)" data-par-ns="(-?\d+)"', page.text)}
    assert shown and set(shown) <= set(session.boards)
    for number, score in shown.items():
        board = session.boards[number]
        assert score == dds.par(board.deal, board.vulnerability, board.dealer).score_ns
    assert client.get(f"/scoring/{created['id']}/results/results.json").json() == \
        json.loads(publications[0].document)


def test_a_restarted_server_keeps_the_sessions_links_and_results(client: TestClient) -> None:
    created = _create(client)
    api = _api(created["tables"]["2"])
    movement = _store(client).event(created["event_id"]).sessions[0].movements[0]
    board = movement.at(1, 2).boards[0]
    first = client.post(api + "/enter", json=_entry(1, board, "before-restart"))
    assert first.status_code == 200
    settings = client.app.state.settings  # type: ignore[attr-defined]
    with TestClient(create_app(settings, robots=FallbackRobot)) as again:
        state = again.get(api).json()  # the same link opens the same table (the secret is kept)
        assert state["rounds"][0]["boards"][0]["result"] == first.json()
        resent = again.post(api + "/enter", json=_entry(1, board, "before-restart"))
        assert resent.status_code == 200 and resent.json()["version"] == 1
        confirm = {"round": 1, "board": board, "side": "EW"}
        assert again.post(api + "/confirm", json=confirm).status_code == 200
    assert [c.action for c in _store(client).history(created["event_id"])].count("enter") == 1


def _pbn(boards: dict[int, str], *, dealer: str = "E", vulnerable: str = "All") -> str:
    """A dealing machine's file: each board with its deal, one dealer and vulnerability for all (not Law 2's,
    so that the test sees they are taken from the file)."""
    return "\n".join(f'[Board "{n}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vulnerable}"]\n[Deal "{deal}"]\n'
                     for n, deal in boards.items())


_DEALS = ["N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
          "N:T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ",
          "N:6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9"]


def test_a_session_takes_its_boards_from_a_pbn_file_dealt_beforehand(client: TestClient) -> None:
    """A club deals with a dealing machine: the session plays the file's deals, dealer and vulnerability
    (the hand records and the checks use them); nothing is dealt here."""
    from tenace import Deal, Seat
    from tenace.board import Vulnerability

    created = _create(client, boards_pbn=_pbn(dict(enumerate(_DEALS, 1))))
    session = _scoring(client).get(created["id"])
    assert sorted(session.boards) == [1, 2, 3]
    for number, deal in enumerate(_DEALS, 1):
        board = session.boards[number]
        assert board.deal == Deal.from_pbn(deal)
        assert (board.dealer, board.vulnerability) == (Seat.EAST, Vulnerability.BOTH)


@pytest.mark.parametrize(("boards", "says"), [
    ({1: _DEALS[0], 2: _DEALS[1]}, "boards: no board 3; the movement plays boards 1 to 3"),
    ({1: _DEALS[0], 2: "N:AKQ", 3: _DEALS[2]}, "boards:6: board 2 has no full deal"),
])
def test_a_pbn_file_that_lacks_a_board_is_refused_and_nothing_is_created(
    client: TestClient, boards: dict[int, str], says: str
) -> None:
    login(client, "dan")
    assert client.get("/scoring").status_code == 200  # the scoring part of the server is up
    before = len(_scoring(client).all())
    body = {"name": "Monday pairs", "movement": "mitchell", "tables": 3, "boards_per_round": 1,
            "boards_pbn": _pbn(boards)}
    answer = client.post("/scoring/sessions", json=body)
    assert answer.status_code == 422 and says in answer.json()["detail"]
    assert len(_scoring(client).all()) == before


def test_the_directors_form_uploads_the_boards_file(client: TestClient) -> None:
    """The session form sends the file as multipart/form-data; the session plays its deals."""
    import re as regex

    from tenace import Deal

    login(client, "dan")
    page = client.get("/scoring")
    token = regex.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None and 'enctype="multipart/form-data"' in page.text
    form = {"csrf_token": token.group(1), "name": "Club pairs", "movement": "mitchell", "tables": "3",
            "boards_per_round": "1", "deal": "no", "travellers": "yes"}
    files = {"boards_file": ("machine.pbn", _pbn(dict(enumerate(_DEALS, 1))).encode(), "text/plain")}
    answer = client.post("/scoring/sessions", data=form, files=files, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[-1]
    session = _scoring(client).get(session_id)
    assert [session.boards[n].deal for n in (1, 2, 3)] == [Deal.from_pbn(d) for d in _DEALS]
    bad = {"boards_file": ("machine.pbn", _pbn({1: _DEALS[0]}).encode(), "text/plain")}
    refused = client.post("/scoring/sessions", data=form, files=bad, follow_redirects=False)
    assert refused.status_code == 303 and "machine.pbn" in refused.headers["location"]


def test_a_movement_another_process_changes_is_seen_at_once(tmp_path: Path) -> None:
    """Two server processes on one database: one keeps the session's movement, the other replaces it (as a
    Swiss round paired or a session edited there would); the first serves the new movement at its next use,
    without a restart."""
    from tenace.tournament.movements.mitchell import mitchell

    with Store.open(f"sqlite:///{tmp_path / 'two.db'}") as store:
        here, there = Scoring(store, b"k" * 32), Scoring(store, b"k" * 32)
        before = mitchell(3, boards_per_round=2)
        session = here.create("Evening", "pairs", before, {}, director="dan", deal=False, travellers=True)
        assert here.movement(session) == there.movement(session) == before
        after = mitchell(4, boards_per_round=2)
        after = type(after)(before.name, after.seatings)  # the same movement's name: it replaces it
        store.set_movement(session.event_id, session.number, after, by="dan")
        assert here.movement(session) == after != before
        assert here.movement(session) is here.movement(session)  # kept while nothing changes
