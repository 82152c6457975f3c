"""Shared pytest fixtures: where the oracle data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ORACLES = ROOT.parent / "shared" / "oracles"


@pytest.fixture(scope="session")
def oracles() -> Path:
    """The ../shared/oracles directory (real data written by other programs)."""
    if not ORACLES.is_dir():
        pytest.fail(f"oracle data not found at {ORACLES}; the project expects ../shared beside it")
    return ORACLES
