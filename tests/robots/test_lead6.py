"""The opening-lead replay of ``benchmarks/bench_leads.py`` solves as many recorded layouts as the checkout's
robot would (issue 11): the effort's first batch, then more while the choice is open, or a fixed count."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tenace.cards import Card
from tenace.robots import play
from tenace.solver.dds import SolvedPosition

from ._benchmarks import BENCHMARKS, load


@pytest.fixture
def bench_leads() -> Any:
    return load("bench_leads")


def _layouts(position: Any, rows: list[dict[str, int]]) -> list[tuple[SolvedPosition, float]]:
    declarer = position.contract.declarer
    return [(SolvedPosition(declarer.lho, declarer, 0, 13,
                            tuple((Card.from_str(c), t) for c, t in row.items())), 1.0) for row in rows]


def test_the_replay_takes_the_layouts_the_robot_would_solve(bench_leads: Any,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    entry = json.loads((BENCHMARKS / "play-auctions-11.json").read_text())[0]
    _, _, position, _ = bench_leads._lead_position(entry)
    assert play.effort(position, 20) == (30, 30)   # the opening lead: 30, every time
    # two cards, each best on about half of 90 layouts: the choice stays open
    open_ = _layouts(position, [{"SA": 5 + i % 2, "H2": 6 - i % 2} for i in range(90)])
    assert len(bench_leads._taken(position, open_, None)) == 30
    assert len(bench_leads._taken(position, open_, 45)) == 45
    monkeypatch.setattr(play, "effort", lambda position, samples: (30, 60))
    assert len(bench_leads._taken(position, open_, None)) == 60   # more, a batch at a time, up to the most
    # one card best on every layout: the first batch settles it
    settled = _layouts(position, [{"SA": 6, "H2": 5 - i % 2} for i in range(90)])
    assert len(bench_leads._taken(position, settled, None)) == 30
