"""Debian's Chromium for the Playwright tests (launched by path: Playwright downloads no browser here)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (scripts/_system.sh installs it)"
)


@contextlib.contextmanager
def launch() -> Iterator[Browser]:
    """Chromium, headless, closed on leaving."""
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-dev-shm-usage", "--disable-extensions", "--no-first-run"],
        )
        try:
            yield browser
        finally:
            browser.close()
