"""*My boards* in Chromium: a logged-in player's list at 1366×650 and 390×844, a real table with headers, no
sideways scrolling, the first board's replay link on the screen and opening the replay. Screenshots go to
``$TENACE_ARTEFACTS`` (or the test's temporary folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from fastapi.testclient import TestClient  # noqa: E402
from playwright.sync_api import Browser, Route  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402
from .test_my_boards import _accounts, _boards, _login  # noqa: E402
from .test_replay import _app  # noqa: E402
from .test_replay import _wait as _until  # noqa: E402

ORIGIN = "http://tenace.test"
TIMEOUT_MS = 15_000
VIEWPORTS = {"laptop": (1366, 650), "phone": (390, 844)}

pytestmark = [needs_chromium]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch() as b:
        yield b


@pytest.fixture
def served(tmp_path: Path) -> Iterator[TestClient]:
    """The server, ann logged in with four boards the robots played at her table (she holds seat W)."""
    with _app(f"sqlite:///{tmp_path / 'boards.db'}") as client:
        _accounts(client)
        _login(client, "ann")
        user = client.app.state.auth.accounts.user("ann")  # type: ignore[attr-defined]
        table_id = client.post("/api/tables", json={"humans": [], "boards": 4}).json()["id"]
        client.app.state.hub.live.hold_seat(table_id, "W", user.id)  # type: ignore[attr-defined]
        _until(lambda: _boards(client)["total"] == 4, "four boards ended")
        yield client


def _artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TENACE_ARTEFACTS") or tmp_path) / "my-boards"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_my_boards_fit_the_laptop_and_the_phone(browser: Browser, served: TestClient, tmp_path: Path) -> None:
    client = served

    def serve(route: Route) -> None:
        response = client.get(route.request.url[len(ORIGIN):])
        route.fulfill(status=response.status_code, body=response.content,
                      headers={"content-type": response.headers["content-type"]})

    errors: list[str] = []
    for name, (width, height) in VIEWPORTS.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        context.route(f"{ORIGIN}/**", serve)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{ORIGIN}/me/boards?lang=en", timeout=TIMEOUT_MS)
        page.screenshot(path=str(_artefacts(tmp_path) / f"my-boards-{name}-{width}x{height}.png"))
        headers = page.locator("#my-boards-table thead th").all_text_contents()
        assert headers[:3] == ["Date", "Table", "Board"] and headers[-1] == "Replay"
        assert page.locator("#my-boards-table tbody tr").count() == 4
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, name
        link = page.locator("#my-boards-table tbody tr").first.get_by_role("link")
        box = link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height and box["x"] + box["width"] <= width, (
            name, box)
        assert link.text_content() is not None and link.text_content().startswith("Replay board")  # type: ignore[union-attr]
        link.click()
        page.wait_for_url("**/replay/**", timeout=TIMEOUT_MS)
        assert page.locator("#replay").count() == 1 and page.locator("#replay-refusal").count() == 0
        context.close()
    assert errors == []
