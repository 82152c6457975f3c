"""Throughput of the scoring layer: Law 77 scores, Law 78B IMP conversions, Butler datums, cross-IMPs and
WBF VP look-ups.

Run on demand, not as a test:  .venv/bin/python benchmarks/bench_scoring.py [--repeat N]

Law 77 is also timed side by side with :func:`minimal_score`, the few lines of plain Python anyone would write
(identity tests, a tuple look-up and arithmetic, no checks), on the same inputs, and the ratio printed (issue
16 asks for 2x or less).
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Callable

from tenace.calls import Denomination
from tenace.contract import Contract, Doubling
from tenace.scoring.imps import butler_datum, butler_imps, cross_imps, imps
from tenace.scoring.points import score
from tenace.scoring.vp import WBFContinuousScale
from tenace.scoring.wbf_scale import wbf_hundredths
from tenace.seats import Seat

_CLUBS, _DIAMONDS, _NOTRUMP = Denomination.CLUBS, Denomination.DIAMONDS, Denomination.NOTRUMP
_UNDOUBLED, _DOUBLED = Doubling.UNDOUBLED, Doubling.DOUBLED
_DOUBLED_DOWN = (0, 100, 300, 500)  # not vulnerable, doubled: 1, 2 and 3 down; then 300 more each


def minimal_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """A minimal Law 77 scorer, the reference for Tenace's speed: no input checks, identity tests on the
    enum members (no Enum hashing or properties), a tuple look-up and arithmetic."""
    level = contract.level
    denomination = contract.denomination
    doubling = contract.doubling
    per_trick = 20 if denomination is _CLUBS or denomination is _DIAMONDS else 30
    mult = 1 if doubling is _UNDOUBLED else 2 if doubling is _DOUBLED else 4
    need = level + 6
    if tricks < need:
        down = need - tricks
        if mult == 1:
            return -down * (100 if vulnerable else 50)
        if vulnerable:
            penalty = 300 * down - 100
        else:
            penalty = _DOUBLED_DOWN[down] if down < 4 else 300 * down - 400
        return -penalty * (mult // 2)
    trick_score = (per_trick * level + (10 if denomination is _NOTRUMP else 0)) * mult
    points = trick_score + ((500 if vulnerable else 300) if trick_score >= 100 else 50)
    if level == 6:
        points += 750 if vulnerable else 500
    elif level == 7:
        points += 1500 if vulnerable else 1000
    over = tricks - need
    if mult == 1:
        return points + over * per_trick
    return points + 25 * mult + over * (200 if vulnerable else 100) * (mult // 2)


def _best(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def _rate(label: str, operations: int, run: Callable[[], object], repeat: int, unit: str) -> None:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    rate = operations / best
    print(f"{label:<44} {rate:>14,.0f} {unit}/s   ({operations:,} in {best * 1000:.1f} ms, best of {repeat})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per measurement (best is shown)")
    args = parser.parse_args()
    repeat: int = args.repeat
    rng = random.Random(2017)

    # Law 77: every contract (7 levels x 5 denominations x 3 doublings), both vulnerabilities, 0-13 tricks.
    cases = [
        (Contract(level, denom, Seat.NORTH, doubling), tricks, vul)
        for level, denom, doubling in itertools.product(range(1, 8), Denomination, Doubling)
        for vul in (False, True)
        for tricks in range(14)
    ]
    rounds = 20

    def law77() -> None:
        for _ in range(rounds):
            for contract, tricks, vul in cases:
                score(contract, tricks, vulnerable=vul)

    def minimal() -> None:
        for _ in range(rounds):
            for contract, tricks, vul in cases:
                minimal_score(contract, tricks, vul)

    assert all(score(c, t, vulnerable=v) == minimal_score(c, t, v) for c, t, v in cases)
    _rate("Law 77 scores (2940 cases x 20)", len(cases) * rounds, law77, repeat, "scores")
    _rate("minimal Law 77 scorer, same cases", len(cases) * rounds, minimal, repeat, "scores")
    ratios = sorted(_best(law77, 1) / _best(minimal, 1) for _ in range(repeat))
    print(f"{'Law 77: Tenace / minimal scorer':<44} {ratios[len(ratios) // 2]:>14.2f}x  (median of {repeat} "
          f"side-by-side pairs of runs)")

    differences = [rng.randrange(-760, 761) * 10 for _ in range(100_000)]

    def imp_conversions() -> None:
        for difference in differences:
            imps(difference)

    _rate("Law 78B IMP conversions", len(differences), imp_conversions, repeat, "conversions")

    for tables in (7, 13, 24):
        boards = [[rng.randrange(-150, 151) * 10 for _ in range(tables)] for _ in range(5_000)]

        def datums(boards: list[list[int]] = boards) -> None:
            for board in boards:
                butler_datum(board)

        def butler_boards(boards: list[list[int]] = boards) -> None:
            for board in boards:
                butler_imps(board)

        def cross(boards: list[list[int]] = boards) -> None:
            for board in boards:
                cross_imps(board)

        _rate(f"Butler datums, {tables} scores per board", len(boards), datums, repeat, "datums")
        _rate(f"Butler boards (datum + IMPs), {tables} scores", len(boards), butler_boards, repeat, "boards")
        _rate(f"cross-IMP boards, {tables} scores", len(boards), cross, repeat, "boards")

    def vp_tables() -> None:
        wbf_hundredths.cache_clear()
        for boards in range(1, 65):
            wbf_hundredths(boards)

    _rate("WBF VP tables built (1-64 boards, uncached)", 64, vp_tables, repeat, "tables")

    scale = WBFContinuousScale(28)
    margins = [rng.randrange(-120, 121) for _ in range(100_000)]

    def vp_lookups() -> None:
        for margin in margins:
            scale.vps(margin)

    _rate("WBF VP look-ups (28 boards, cached table)", len(margins), vp_lookups, repeat, "look-ups")


if __name__ == "__main__":
    main()
