"""Seconds to generate and validate movements: every Mitchell (3-20 tables, skip and relay), every Howell
(2-14 tables, first call builds the cached layout), the equivalence check on the largest published Howell,
and a Swiss pairing of a large field late in the event.

Run: ``.venv/bin/python benchmarks/bench_movements.py``
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from tenace.tournament.model import Movement, Seating
from tenace.tournament.movements import (
    EvenTables,
    Kind,
    equivalent,
    howell,
    load_thebridsk,
    mitchell,
    swiss_pairings,
    validate,
)

ORACLES = Path(__file__).resolve().parents[1].parent / "shared" / "oracles" / "movements-thebridsk"


def timed(label: str, fn: Callable[[], object]) -> None:
    start = time.perf_counter()
    fn()
    print(f"{label:<60} {time.perf_counter() - start:8.3f} s")


def all_mitchells() -> None:
    for tables in range(3, 21):
        for even in EvenTables:
            assert not [p for p in validate(mitchell(tables, even=even), kind=Kind.MITCHELL) if p.serious]


def all_howells() -> None:
    for tables in range(2, 15):
        assert not [p for p in validate(howell(tables), kind=Kind.HOWELL, complete=True) if p.serious]


def relabelled_equivalence() -> None:
    published = load_thebridsk(ORACLES / "Movement.Howell14T7B26.yaml")
    rng = random.Random(1)
    pairs = list(published.contestants)
    names = dict(zip(pairs, rng.sample(pairs, len(pairs)), strict=True))
    copy = Movement("copy", tuple(Seating(s.round, s.table, names[s.ns], names[s.ew], s.boards)
                                  for s in published.seatings))
    assert equivalent(published, copy)


def different_howells() -> None:
    published = load_thebridsk(ORACLES / "Movement.Howell14T7B26.yaml")
    assert not equivalent(published, howell(7), directions=False, rounds=False)


def late_swiss() -> None:
    teams = [f"T{i}" for i in range(60)]
    rng = random.Random(2)
    played: list[tuple[str, str]] = []
    for _ in range(12):
        order = rng.sample(teams, len(teams))
        played.extend(swiss_pairings(order, played).pairs)


if __name__ == "__main__":
    timed("Mitchell 3-20 tables, skip and relay, generate + validate", all_mitchells)
    timed("Howell 2-14 tables, first build + validate", all_howells)
    timed("Howell 2-14 tables, cached + validate", all_howells)
    timed("equivalent(): published 14-pair Howell v relabelled copy", relabelled_equivalence)
    timed("equivalent(rounds=False): published 14-pair Howell v ours (no)", different_howells)
    timed("Swiss: 60 teams, 12 rounds, random standings", late_swiss)
