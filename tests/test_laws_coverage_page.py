"""docs/laws-coverage.md is generated from the code's Law citations and must be current."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_laws_coverage_page_is_current() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "laws_coverage.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_every_law_has_a_row() -> None:
    page = (ROOT / "docs" / "laws-coverage.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [int(r.split("|")[1]) for r in rows] == list(range(1, 94))
