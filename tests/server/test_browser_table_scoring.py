"""A face-to-face Mitchell scored from the tables in a real browser (Playwright driving Debian's Chromium)
against the real server (uvicorn in a thread, SQLite in a temporary folder):

* the Director logs in, creates a 4-table Mitchell of one board a round at ``/scoring`` and opens each
  table's link (the links his page shows with their QR codes);
* at every table two browser contexts hold the link: North's phone keys in the result and sends it, East's
  tablet shows the score (Law 77), East-West confirm it there (Law 79A) and see the traveller; between
  rounds both tell the players and boards where to go, as the movement says;
* at one table the answer to North's entry is lost on the way back, so the device sends it again with the
  same idempotency key; at another North's phone goes offline mid-round, keeps the entry and its
  confirmation and sends both when the connection is back;
* the Director corrects one result from his page (Law 79C, with the audit trail);
* the rankings on the Director's page equal matchpoints counted here from the results keyed in (Law 78A),
  and no result is stored twice.

Screenshots (phone 390x844 and tablet 768x1024 of the device, 1366x650 of the Director's page) are saved to
``$TENACE_ARTEFACTS`` (default: the test's ``tmp_path``).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")
app_module = pytest.importorskip("tenace.server.app")

import typer  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from tenace.board import vulnerability_for  # noqa: E402
from tenace.cards import Card  # noqa: E402
from tenace.cli import users  # noqa: E402
from tenace.contract import Contract  # noqa: E402
from tenace.scoring.points import score  # noqa: E402
from tenace.seats import Seat  # noqa: E402
from tenace.server.settings import Settings  # noqa: E402
from tenace.server.table_scoring import ScoringSession  # noqa: E402
from tenace.server.table_scoring_store import read_scoring  # noqa: E402
from tenace.store import Store  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .liveservers import in_thread  # noqa: E402

pytestmark = needs_chromium

TIMEOUT_MS = 30_000
DIRECTOR, PASSWORD = "dan", "correct horse battery"
AXE = next((p for p in (Path(os.environ.get("TENACE_AXE_CORE", "/nonexistent")),
                        Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js")
            if p.is_file()), None)
"""axe-core (npm), when it is installed: ``$TENACE_AXE_CORE`` or the repository's node_modules."""
PHONE, TABLET, LAPTOP = {"width": 390, "height": 844}, {"width": 768, "height": 1024}, \
    {"width": 1366, "height": 650}


@dataclasses.dataclass(frozen=True)
class Keyed:
    """One result as North keys it in: contract and tricks, or passed out."""

    level: int = 0
    strain: str = ""
    doubling: str = ""
    declarer: str = ""
    tricks: int = 0
    lead: str = ""

    @property
    def passed(self) -> bool:
        return self.level == 0

    def contract(self) -> Contract | None:
        return None if self.passed else Contract.from_str(f"{self.level}{self.strain}{self.doubling}"
                                                          f"{self.declarer}")

    def ns_score(self, board: int) -> int:
        """Law 77, counted here with tenace.scoring.points from the board's vulnerability (Law 2)."""
        contract = self.contract()
        if contract is None:
            return 0
        declarer = Seat.from_str(self.declarer)
        vulnerable = vulnerability_for(board).is_vulnerable(declarer)
        points = score(contract, self.tricks, vulnerable=vulnerable)
        return points if declarer in (Seat.NORTH, Seat.SOUTH) else -points


def _add_director(db: str) -> None:
    root = typer.Typer()
    users.register(root)

    @root.callback()
    def _root() -> None:
        """tenace"""

    answer = CliRunner().invoke(root, ["user", "add", DIRECTOR, "--role", "director", "--db", db],
                                input=PASSWORD + "\n")
    assert answer.exit_code == 0, answer.output


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    db = f"sqlite:///{tmp_path_factory.mktemp('f2f') / 'tenace.db'}"
    _add_director(db)
    wanted: dict[str, Any] = {"database_url": db, "robot_samples": 0}
    known = {f.name for f in dataclasses.fields(Settings)}
    app = app_module.create_app(Settings(**{k: v for k, v in wanted.items() if k in known}))
    with in_thread(app) as url:
        yield url, db


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


def _results(rng: random.Random) -> list[Keyed]:
    pool = [Keyed(4, "S", "", "N", 10), Keyed(3, "NT", "", "S", 9), Keyed(4, "H", "X", "E", 8),
            Keyed(2, "D", "", "W", 9), Keyed(), Keyed(1, "C", "XX", "N", 7), Keyed(5, "D", "", "E", 11)]
    return [dataclasses.replace(k, tricks=max(0, min(13, k.tricks + rng.choice((-1, 0, 0, 1)))))
            if not k.passed else k for k in rng.sample(pool * 2, 12)]


def _key_in(page: Page, keyed: Keyed, board: int) -> None:
    page.locator("#board-title").filter(has_text=f"Board {board}").wait_for(timeout=TIMEOUT_MS)
    if keyed.passed:
        page.locator("[data-action=passed]").click()
        return
    page.locator(f'[data-group=level][data-value="{keyed.level}"]').click()
    page.locator(f'[data-group=strain][data-value="{keyed.strain}"]').click()
    page.locator(f'[data-group=doubling][data-value="{keyed.doubling}"]').click()
    page.locator(f'[data-group=declarer][data-value="{keyed.declarer}"]').click()
    page.locator(f'[data-group=tricks][data-value="{keyed.tricks}"]').click()
    if keyed.lead:
        page.locator(f'[data-lead-suit="{keyed.lead[0]}"]').click()
        page.locator(f'[data-lead-rank="{keyed.lead[1:]}"]').click()
    page.locator("[data-action=show]").click()


def _shown_score(page: Page) -> int:
    big = page.locator("#big-score")
    big.wait_for(timeout=TIMEOUT_MS)
    return int(big.get_attribute("data-ns") or "x")


def _log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/director?lang=en")
    page.get_by_label("User name").fill(DIRECTOR)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def _enters(store: Store, event_id: int) -> dict[tuple[int, int, int], int]:
    counts: dict[tuple[int, int, int], int] = defaultdict(int)
    for change in store.history(event_id):
        if change.action == "enter":
            assert change.table is not None and change.round is not None and change.board is not None
            counts[(change.table, change.round, change.board)] += 1
    return counts


def _matchpoints(played: dict[tuple[int, int], tuple[str, str, int, int]]) -> dict[str, Fraction]:
    """Each pair's matchpoints counted here: on each board 2 for each score beaten in its direction and 1
    for each tie (Law 78A); every board is played the same number of times, so nothing is factored."""
    totals: dict[str, Fraction] = defaultdict(Fraction)
    by_board: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for ns, ew, board, ns_score in played.values():
        by_board[board].append((ns, ew, ns_score))
    for lines in by_board.values():
        for ns, ew, mine in lines:
            points = sum(2 if mine > other else 1 if mine == other else 0 for _, _, other in lines) - 1
            totals[ns] += points
            totals[ew] += 2 * (len(lines) - 1) - points
    return dict(totals)


def test_a_face_to_face_mitchell_is_scored_from_the_tables(
    served: tuple[str, str], browser: Browser, tmp_path: Path
) -> None:
    url, db = served
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    director_context = browser.new_context(viewport=LAPTOP)
    director = director_context.new_page()
    director.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(director, url)
    director.goto(f"{url}/scoring?lang=en")
    director.get_by_label("Event name").fill("Thursday face to face")
    director.get_by_label("Movement").select_option("mitchell")
    director.get_by_label("Tables").fill("4")
    director.get_by_label("Boards per round").fill("1")
    director.get_by_label("Pairs' names").fill("1NS: Ann & Bob\n1EW: Cy & Di")
    director.get_by_role("button", name="Create the session").click()
    director.locator("#tables .qr svg").first.wait_for(timeout=TIMEOUT_MS)
    session_id = director.url.rstrip("/").rsplit("/", 1)[1].split("?")[0]
    assert director.locator("#tables .qr svg").count() == 4
    links = {int(a.get_attribute("data-table") or 0): a.get_attribute("href") or ""
             for a in director.locator("#tables a[data-table]").all()}
    assert sorted(links) == [1, 2, 3, 4]

    store = Store.open(db)
    found = read_scoring(store.engine, session_id)
    assert found is not None
    session = ScoringSession.from_json(json.loads(found[0]))
    movement = store.event(session.event_id).sessions[0].movements[0]
    assert len(movement.rounds) == 3 and all(len(s.boards) == 1 for s in movement.seatings)

    contexts: list[BrowserContext] = []
    north: dict[int, Page] = {}
    east: dict[int, Page] = {}
    for table, link in links.items():
        for devices, viewport in ((north, PHONE), (east, TABLET)):
            context = browser.new_context(viewport=viewport)
            contexts.append(context)
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{url}{link}?lang=en")
            devices[table] = page

    rng = random.Random(2026)
    keyed = iter(_results(rng))
    played: dict[tuple[int, int], tuple[str, str, int, int]] = {}
    lost: list[int] = []

    def lose_the_first_answer(route: Route) -> None:
        if not lost:  # the server stores the entry, but its answer never reaches the device
            route.fetch()
            lost.append(1)
            route.abort()
        else:
            route.continue_()

    north[3].route("**/enter", lose_the_first_answer)
    for round_ in movement.rounds:
        for table in movement.tables:
            seating = movement.at(round_, table)
            board = seating.boards[0]
            result = next(keyed)
            deal = session.board(board).deal
            if (table, round_) == (1, 1) and not result.passed and deal is not None:
                contract = result.contract()
                assert contract is not None
                leader = contract.opening_leader
                result = dataclasses.replace(result, lead=str(min(deal[leader])))  # a card of the leader's
            nphone, etablet = north[table], east[table]
            if (table, round_) == (2, 2):  # North's phone loses the connection mid-round
                nphone.context.set_offline(True)
                _key_in(nphone, result, board)
                assert _shown_score(nphone) == result.ns_score(board)
                if (table, round_) == (2, 2):
                    nphone.screenshot(path=str(folder / "table-scoring-phone-confirm.png"))
                nphone.locator("[data-action=confirm]").click()  # East-West confirm on North's phone
                nphone.locator("#connection[data-state=offline]").wait_for(timeout=TIMEOUT_MS)
                assert "2 waiting" in nphone.locator("#connection").inner_text()
                nphone.locator("#queued-note").wait_for(timeout=TIMEOUT_MS)
                assert not [r for r in store.results(session.event_id) if (r.table, r.round) == (2, 2)]
                nphone.context.set_offline(False)
                nphone.locator("#connection[data-state=online]").wait_for(timeout=TIMEOUT_MS)
                nphone.locator("#traveller").wait_for(timeout=TIMEOUT_MS)
                nphone.locator("[data-action=next]").click()
            else:
                if (table, round_) == (1, 1):
                    nphone.locator("[data-group=level][data-value='4']").wait_for(timeout=TIMEOUT_MS)
                    nphone.screenshot(path=str(folder / "table-scoring-phone-entry.png"))
                _key_in(nphone, result, board)
                assert _shown_score(nphone) == result.ns_score(board)
                nphone.locator("[data-action=send-only]").click()
                nphone.locator("#waiting-note").wait_for(timeout=TIMEOUT_MS)
                # East-West's tablet shows what North sent, with the score, and they confirm it there
                etablet.locator("[data-action=confirm]").wait_for(timeout=TIMEOUT_MS)
                assert _shown_score(etablet) == result.ns_score(board)
                assert etablet.locator("[data-action=back]").count() == 0
                assert "null" not in etablet.locator("#screen").inner_text()  # parts left out stay out
                etablet.locator("[data-action=confirm]").click()
                etablet.locator("#traveller").wait_for(timeout=TIMEOUT_MS)
                if (table, round_) == (1, 3):
                    etablet.screenshot(path=str(folder / "table-scoring-tablet-traveller.png"))
                rows = etablet.locator("#traveller tbody tr").count()
                assert rows == sum(1 for (_, _, b, _) in played.values() if b == board) + 1
                etablet.locator("[data-action=next]").click()
            played[(table, round_)] = (seating.ns, seating.ew, board, result.ns_score(board))
        # every device tells the players and the boards where to go (Law 8A), as the movement says
        for table in movement.tables:
            seating = movement.at(round_, table)
            for page in (north[table], east[table]):
                moves = page.locator("#moves")
                moves.wait_for(timeout=TIMEOUT_MS)
                text = moves.inner_text()
                later = [s for s in movement.seatings if s.round == round_ + 1]
                if later:
                    ew_next = next(s for s in later if seating.ew in (s.ns, s.ew))
                    assert f"Pair {seating.ew} goes to table {ew_next.table}, East-West." in text
                    boards_next = next(s.table for s in later if s.boards == seating.boards)
                    assert f"Boards {seating.boards[0]} go to table {boards_next}." in text
                else:
                    assert "The session is over at this table" in text
                page.locator("[data-action=next-round]").click()
        if round_ == movement.rounds[0]:  # the Director's page, never reloaded, shows the round as it goes
            expect(director.locator('#progress .cell.confirmed[data-round="1"]')).to_have_count(
                4, timeout=TIMEOUT_MS)
            assert director.locator("#tables .qr svg").count() == 4  # the poll keeps the QR codes
    assert lost == [1]
    for table in movement.tables:
        north[table].locator("#over").wait_for(timeout=TIMEOUT_MS)

    # the Director corrects table 4's last result (Law 79C): 1 trick more for declarer's side
    last = movement.at(movement.rounds[-1], 4)
    ns, ew, board, _ = played[(4, last.round)]
    stored = next(r for r in store.results(session.event_id) if (r.table, r.round) == (4, last.round))
    right = Keyed(4, "S", "", "N", 11)
    director.goto(f"{url}/scoring/{session_id}?lang=en")
    director.set_viewport_size(LAPTOP)
    director.screenshot(path=str(folder / "table-scoring-director.png"), full_page=False)
    director.locator("#c-table").fill("4")
    director.locator("#c-round").fill(str(last.round))
    director.locator("#c-board").fill(str(board))
    director.locator("#c-result").fill("4S N 11")
    director.locator("#c-reason").fill("tricks miscounted")
    director.get_by_role("button", name="Correct the result").click()
    director.wait_for_load_state()
    versions = store.versions(session.event_id, 1, table=4, round=last.round, board=board)
    assert [v.version for v in versions] == [1, 2] and versions[0].result == stored
    assert versions[1].result.contract == right.contract() and versions[1].result.tricks == 11
    correction = store.history(session.event_id)[-1]
    assert (correction.action, correction.law, correction.by) == ("correct", "79C", DIRECTOR)
    played[(4, last.round)] = (ns, ew, board, right.ns_score(board))

    # no result stored twice; the store holds exactly what the tables keyed in (and the correction)
    assert set(_enters(store, session.event_id).values()) == {1}
    assert len(_enters(store, session.event_id)) == len(played) == 12
    in_store = {(r.table, r.round): r.ns_score() for r in store.results(session.event_id)}
    assert in_store == {slot: line[3] for slot, line in played.items()}
    assert all(s.confirmed_by for s in store.stored(session.event_id)
               if (s.result.table, s.result.round) != (4, last.round))

    # the rankings on the Director's page equal matchpoints counted here
    director.goto(f"{url}/scoring/{session_id}?lang=en")
    shown = {row.get_attribute("data-contestant"): Fraction(row.get_attribute("data-total") or "x")
             for row in director.locator("#rankings table.ranking tbody tr").all()}
    assert shown == _matchpoints(played)
    assert director.locator("#current-round").inner_text().startswith("Every table has finished")

    # the Director publishes; anyone reads the published rankings, equal to the same count
    director.get_by_role("button", name="Publish the results").click()
    director.wait_for_url("**/results/")
    reader = browser.new_context(viewport=PHONE)
    contexts.append(reader)
    published = reader.new_page()
    published.goto(f"{url}/scoring/{session_id}/results/")
    rows = published.locator("#rankings table.ranking tbody tr")
    rows.first.wait_for(timeout=TIMEOUT_MS)
    totals = {}
    for row in rows.all():
        cells = row.locator("td")
        totals[cells.nth(1).inner_text().strip()] = Fraction(cells.nth(3).get_attribute("title") or "x")
    assert totals == _matchpoints(played)
    assert len(store.publications(session.event_id)) == 1
    lead_line = next(s for s in store.stored(session.event_id) if (s.result.table, s.result.round) == (1, 1))
    if lead_line.result.contract is not None and session.board(lead_line.result.board).deal is not None:
        assert lead_line.result.lead is not None and isinstance(lead_line.result.lead, Card)
    for context in contexts:
        context.close()
    director_context.close()
    store.close()
    assert errors == []


def test_the_devices_score_is_law_77s_for_every_contract_and_result(
    served: tuple[str, str], browser: Browser
) -> None:
    """The score the device shows before the confirmation (static/scoring.js, which works offline too)
    equals tenace.scoring.points for every contract, doubling, vulnerability and number of tricks."""
    url, _ = served
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}/?lang=en")
    shown = page.evaluate("""async () => {
        const { score } = await import("/static/scoring.js");
        const out = {};
        for (const level of [1, 2, 3, 4, 5, 6, 7])
          for (const strain of ["C", "D", "H", "S", "NT"])
            for (const doubling of ["", "X", "XX"])
              for (const vul of [false, true])
                for (let tricks = 0; tricks <= 13; tricks++) {
                  const key = `${level}${strain}${doubling} ${vul} ${tricks}`;
                  out[key] = score(level, strain, doubling, vul, tricks);
                }
        return out;
    }""")
    context.close()
    expected = {}
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            for doubling in ("", "X", "XX"):
                contract = Contract.from_str(f"{level}{strain}{doubling}N")
                for vulnerable in (False, True):
                    for tricks in range(14):
                        key = f"{level}{strain}{doubling} {str(vulnerable).lower()} {tricks}"
                        expected[key] = score(contract, tricks, vulnerable=vulnerable)
    assert len(shown) == len(expected) == 2940
    assert shown == expected


@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (npm install axe-core or TENACE_AXE_CORE)")
def test_axe_finds_no_serious_violation_on_the_scoring_pages(
    served: tuple[str, str], browser: Browser
) -> None:
    """The Director's pages and the device (its entry and confirmation screens), in Polish, on a phone and a
    laptop."""
    assert AXE is not None
    url, _ = served
    errors: list[str] = []

    def check(page: Page, what: str) -> None:
        page.add_script_tag(content=AXE.read_text())
        found = page.evaluate("""async () => (await axe.run()).violations
            .filter(v => v.impact === "serious" || v.impact === "critical")
            .map(v => [v.id, v.nodes.map(n => n.html).slice(0, 3)])""")
        assert found == [], (what, found)

    director_context = browser.new_context(viewport=LAPTOP, bypass_csp=True)  # to add axe
    director = director_context.new_page()
    director.on("pageerror", lambda exc: errors.append(str(exc)))
    _log_in(director, url)
    director.goto(f"{url}/scoring?lang=pl")
    check(director, "sessions")
    director.locator("#f2f-tables").fill("3")
    director.locator("form.new-session button[type=submit]").click()
    director.locator("#tables .qr svg").first.wait_for(timeout=TIMEOUT_MS)
    check(director, "session")
    link = director.locator("#tables a[data-table]").first.get_attribute("href")
    for viewport in (PHONE, LAPTOP):
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{url}{link}?lang=pl")
        page.locator("[data-group=level]").first.wait_for(timeout=TIMEOUT_MS)
        page.locator('[data-group=level][data-value="3"]').click()
        check(page, f"entry {viewport}")
        page.locator('[data-group=strain][data-value="NT"]').click()
        page.locator('[data-group=declarer][data-value="S"]').click()
        page.locator('[data-group=tricks][data-value="9"]').click()
        page.locator("[data-action=show]").click()
        page.locator("#big-score").wait_for(timeout=TIMEOUT_MS)
        check(page, f"confirmation {viewport}")
        context.close()
    director_context.close()
    assert errors == []
