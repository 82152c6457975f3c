"""The replay viewer in Chromium: a board the robots played at a practice table, stepped through with the
keyboard; the double-dummy value shown under every legal card is the one the JSON (checked against the
solver in test_replay.py) gives, for declarer's side and for the side to play, the best cards are marked,
and the controls are on the screen at 1366×650, 1920×1080, 768×1024 and 390×844. Screenshots go to
``$TENACE_ARTEFACTS`` (or the test's temporary folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from fastapi.testclient import TestClient  # noqa: E402
from playwright.sync_api import Browser, Page, Route  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .test_replay import _app, needs_dds, robot_board  # noqa: E402

ORIGIN = "http://tenace.test"
AXE = next((p for p in (Path(os.environ.get("TENACE_AXE_CORE", "/nonexistent")),
                        Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js")
            if p.is_file()), None)
"""axe-core (npm), when it is installed: ``$TENACE_AXE_CORE`` or the repository's node_modules."""
TIMEOUT_MS = 15_000
VIEWPORTS = {"laptop": (1366, 650), "desktop": (1920, 1080), "tablet": (768, 1024), "phone": (390, 844)}

pytestmark = [needs_chromium, needs_dds]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, dict[str, Any]]]:
    """The server with one finished robot board: the client, the table's id and the replay's JSON."""
    with _app(f"sqlite:///{tmp_path_factory.mktemp('replay') / 'replay.db'}") as client:
        table_id, table = robot_board(client)
        while table.play is None:  # passed out: nothing to step through; the robots deal again
            table_id, table = robot_board(client)
        data = client.get(f"/api/replay/{table_id}/1").json()
        assert data["dd"] is not None
        yield client, table_id, data


def _artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path) / "replay"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _open(browser: Browser, client: TestClient, url: str, size: tuple[int, int], errors: list[str]) -> Page:
    def serve(route: Route) -> None:
        response = client.get(route.request.url[len(ORIGIN):])
        route.fulfill(status=response.status_code, body=response.content,
                      headers={"content-type": response.headers["content-type"]})

    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.route(f"{ORIGIN}/**", serve)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{ORIGIN}{url}")
    page.wait_for_selector("#replay[data-ready='true']", timeout=TIMEOUT_MS)
    return page


def _shown(page: Page) -> dict[str, Any]:
    """The hand on turn and the values shown under its legal cards, and the cards marked best."""
    shown: dict[str, Any] = page.evaluate("""() => {
        const turn = document.getElementById("replay").dataset.turn;
        const values = {}, best = [];
        for (const card of document.querySelectorAll(".rp-card.legal")) {
            values[card.dataset.card] = Number(card.querySelector(".rp-dd-value").textContent);
            if (card.classList.contains("best")) best.push(card.dataset.card);
            if (card.closest(".rp-hand").dataset.seat !== turn) values["wrong hand"] = 1;
        }
        return {turn, values, best, played: Number(document.getElementById("replay").dataset.played)};
    }""")
    return shown


def _check(page: Page, data: dict[str, Any], played: int) -> None:
    shown = _shown(page)
    assert shown["played"] == played
    position = data["dd"][played] if played < len(data["dd"]) else None
    if position is None:
        assert shown["values"] == {} and shown["turn"] == ""
        return
    mode = page.evaluate("() => document.querySelector('input[name=rp-dd-mode]:checked').value")
    assert shown["turn"] == position["turn"]
    assert shown["values"] == position["declarer" if mode == "declarer" else "tricks"]
    assert sorted(shown["best"]) == sorted(position["best"])


def test_stepping_through_a_board_shows_the_double_dummy_values_of_the_json(
    browser: Browser, served: tuple[TestClient, str, dict[str, Any]], tmp_path: Path,
) -> None:
    client, table_id, data = served
    errors: list[str] = []
    page = _open(browser, client, f"/replay/{table_id}/1?lang=en", VIEWPORTS["laptop"], errors)
    calls, cards = len(data["calls"]), len(data["cards"])
    assert page.locator("#rp-auction tbody td:not(:empty)").count() == 0  # step 0: nothing called yet
    page.locator("body").focus()
    for _ in range(calls):
        page.keyboard.press("ArrowRight")
    assert page.locator("#rp-auction tbody td:not(:empty)").count() == calls
    _check(page, data, 0)  # before the opening lead
    assert page.locator("#rp-dd-summary").inner_text() == (
        f"Declarer's side takes {data['dd'][0]['value']} tricks with best play from here.")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    _check(page, data, min(5, cards))
    assert page.locator("#rp-status").inner_text().startswith(f"Card {min(5, cards)} of {cards}")
    page.locator("input[name=rp-dd-mode][value=side]").check()  # the side to play's own tricks
    _check(page, data, min(5, cards))
    page.locator("body").focus()
    page.keyboard.press("ArrowDown")  # to the end of the trick
    _check(page, data, min(8, cards))
    if cards >= 8:
        winner = data["tricks"][1]["winner"]
        assert page.locator(".rp-played.winner").count() == 1
        assert page.locator(f"#rp-slot-{winner} .rp-played.winner").count() == 1
    page.keyboard.press("ArrowLeft")
    _check(page, data, min(7, cards))
    page.keyboard.press("ArrowUp")
    _check(page, data, 4 if cards >= 8 else 0)
    page.keyboard.press("End")
    _check(page, data, cards)
    page.keyboard.press("Home")
    assert page.locator("#replay").get_attribute("data-step") == "0"
    # the deal's double-dummy table, opened
    page.locator("#rp-deal-dd summary").click()
    rows = page.locator("#rp-deal-table tbody tr")
    assert rows.count() == 4
    for i, seat in enumerate("NESW"):
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert cells == [str(data["deal_dd"]["table"][seat][d]) for d in ("C", "D", "H", "S", "NT")]
    assert page.locator("#rp-par").inner_text().startswith("Par: ")
    page.locator("body").focus()
    # the cards played are gone from the hands as the play goes on
    page.keyboard.press("End")
    remaining = page.locator(".rp-card").count()
    assert remaining == 52 - cards
    page.context.close()
    assert errors == []


def test_the_replay_fits_every_screen(
    browser: Browser, served: tuple[TestClient, str, dict[str, Any]], tmp_path: Path,
) -> None:
    client, table_id, data = served
    errors: list[str] = []
    page = _open(browser, client, f"/replay/{table_id}/1?lang=en", VIEWPORTS["laptop"], errors)
    page.locator("body").focus()
    for _ in range(len(data["calls"]) + min(6, len(data["cards"]))):
        page.keyboard.press("ArrowRight")
    for name, (width, height) in VIEWPORTS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(_artefacts(tmp_path) / f"replay-{name}-{width}x{height}.png"))
        for selector in ("#rp-prev", "#rp-next", "#rp-start", "#rp-end", "#rp-hand-N", "#rp-trick",
                         "#rp-status"):
            box = page.locator(selector).bounding_box()
            assert box is not None, selector
            assert box["x"] >= 0 and box["y"] >= 0, (name, selector, box)
            assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, (
                name, selector, box)
        sideways = page.evaluate("() => document.documentElement.scrollWidth")
        assert sideways <= width, name
    page.context.close()
    assert errors == []


@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (npm install axe-core or TENACE_AXE_CORE)")
def test_axe_finds_no_serious_violation_in_the_replay(
    browser: Browser, served: tuple[TestClient, str, dict[str, Any]],
) -> None:
    client, table_id, data = served
    assert AXE is not None
    errors: list[str] = []
    for size in (VIEWPORTS["laptop"], VIEWPORTS["phone"]):
        page = _open(browser, client, f"/replay/{table_id}/1?lang=pl", size, errors)
        page.locator("body").focus()
        for steps in (0, len(data["calls"]), 6):  # the start, the opening lead, six cards on
            for _ in range(steps):
                page.keyboard.press("ArrowRight")
            page.add_script_tag(content=AXE.read_text())
            found = page.evaluate("""async () => (await axe.run()).violations
                .filter(v => v.impact === "serious" || v.impact === "critical")
                .map(v => [v.id, v.nodes.map(n => n.html).slice(0, 3)])""")
            assert found == [], (size, steps, found)
        page.context.close()
    assert errors == []
