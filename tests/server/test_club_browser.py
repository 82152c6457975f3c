"""A club player's table page in a real browser (Playwright driving Debian's Chromium) against a real
``tenace serve`` process: when his last board is over the page shows his way on and the session's rankings,
no *Next board*, and the published results and hand records only once the Director has published them.

The tests wait on DOM states (``wait_for_function``), never on time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from server.liveservers import ServerProcess  # noqa: E402
from server.test_club_scaleout import _director_account, _login, _over_at, _play, _seat, _wait  # noqa: E402
from tenace.store import Store  # noqa: E402
from tenace.tournament.movements import howell  # noqa: E402

from .chromium import launch, needs_chromium  # noqa: E402

TIMEOUT_MS = 30_000

pytestmark = needs_chromium


@contextlib.contextmanager
def _browser() -> Iterator[Browser]:
    """Chromium, started after the guest's boards are played (Playwright's sync API keeps an event loop
    running in this thread, where the simulated player's own cannot run)."""
    with launch() as b:
        yield b


def _looked(page: Page) -> None:
    """Wait until the board is shown over and the page has asked the session what is published."""
    looked = ("() => { const box = document.getElementById('club');"
              " return box && !box.hidden && box.dataset.looked === 'true'; }")
    page.wait_for_function(looked, timeout=TIMEOUT_MS)


def _shown(page: Page, element: str) -> bool:
    return bool(page.evaluate(f"() => !document.getElementById({element!r}).closest('[hidden]')"))


def test_after_his_last_board_a_guest_finds_the_rankings_then_the_results_and_hand_records(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    Store.open(db).close()
    _director_account(db)
    server = ServerProcess(db, log=str(tmp_path / "server.log"))
    server.start()
    try:
        director = _login(server)
        created = director.post("/club/sessions", json={
            "name": "Browser night", "movement": "howell", "tables": 2, "boards_per_round": 1,
            "start": True, "seats": {"1": ["guest:Gus", "robot"]},
        }).json()
        (guest,) = created["guests"]
        for _ in howell(2, boards_per_round=1).rounds:  # the guest plays his boards (not in the browser)
            table_id, token = _seat(server, guest["url"])
            _play(server, table_id, token)
            _wait(director, created["id"], _over_at(table_id))
        _wait(director, created["id"], lambda s: s["status"] == "finished")

        with _browser() as browser:
            page = browser.new_page()
            page.goto(f"{server.http}/tables/{table_id}?token={token}")
            _looked(page)
            assert _shown(page, "club-page") and _shown(page, "club-next")
            assert not _shown(page, "next-board")  # a club table plays one board
            assert not _shown(page, "club-results") and not _shown(page, "club-hands")  # nothing published
            assert page.get_attribute("#club-next", "href") == guest["url"]

            assert director.post(f"/club/sessions/{created['id']}/publish", json={}).status_code == 200
            page.reload()
            _looked(page)
            assert _shown(page, "club-results") and _shown(page, "club-hands")
            page.click("#club-hands")
            page.wait_for_url(f"**/club/sessions/{created['id']}/results/hands.html", timeout=TIMEOUT_MS)
            assert "Browser night" in page.content()

            page.goto(f"{server.http}/tables/{table_id}?token={token}")
            _looked(page)
            page.click("#club-next")  # the seat link: the session is over, with the same links
            page.wait_for_selector("#hand-records", timeout=TIMEOUT_MS)
            page.click("text=Rankings")
            page.wait_for_selector("table.rankings", timeout=TIMEOUT_MS)
            page.close()
    finally:
        server.stop()
