"""Matchpointing speed: one board of 10,000 results, and a 1,000-pair x 26-board event.

Run: ``.venv/bin/python benchmarks/bench_matchpoints.py [--results 10000] [--pairs 1000] [--boards 26]
[--seed 1] [--rounds 5]``

Scores are drawn with a fixed-seed generator from a spread of realistic results (part-scores, games, slams,
penalties), so ties are common, as on real travellers. Timings are the best of ``--rounds`` runs.

* ``matchpoint_units``: plain Law 78A units (one sort plus counts).
* ``score_board``: the same board through the full traveller scorer (exact Fractions per line), plain, and
  with a few artificial and weighted assigned scores mixed in (the general path; Neuberg over the reduced
  field).
* ``score_event``: every board of a Mitchell-like event where each of the 1,000 pairs (500 NS, 500 EW) plays
  every board, with a few artificial scores and a few boards missing a result (Neuberg factoring, the Law
  12C2(c) session rule and scaled totals all run).

A scaling check times ``matchpoint_units`` at 1,000, 10,000 and 100,000 results: O(n log n) shows as a time
per result that grows only slowly.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from fractions import Fraction

from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.scoring.matchpoints import Entry, TableResult, matchpoint_units, score_board, score_event

TYPICAL = [-1100, -800, -620, -500, -420, -300, -200, -170, -150, -140, -130, -120, -110, -100, -90, -50,
           50, 90, 100, 110, 120, 130, 140, 150, 170, 200, 300, 400, 420, 430, 450, 460, 620, 630, 650, 660,
           680, 690, 980, 1430, 1440]


def random_scores(rng: random.Random, count: int) -> list[int]:
    return [rng.choice(TYPICAL) for _ in range(count)]


def best_of(rounds: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def report(label: str, seconds: float, results: int) -> None:
    print(f"{label:<58} {seconds * 1000:9.1f} ms  {results / seconds:>12,.0f} results/s")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--results", type=int, default=10_000)
    parser.add_argument("--pairs", type=int, default=1_000)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    board = random_scores(rng, args.results)
    report(f"matchpoint_units, one board of {args.results:,}",
           best_of(args.rounds, lambda: matchpoint_units(board)), len(board))
    report(f"score_board, {args.results:,} plain results",
           best_of(args.rounds, lambda: score_board(board)), len(board))
    mixed: list[Entry] = list(board)
    for i in rng.sample(range(len(mixed)), 5):
        mixed[i] = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    for i in rng.sample(range(len(mixed)), 3):
        mixed[i] = AssignedAdjustedScore.balancing(WeightedScore.of((620, "2/3"), (-100, "1/3")))
    report(f"score_board, {args.results:,} with 5 artificial + 3 weighted",
           best_of(args.rounds, lambda: score_board(mixed)), len(mixed))

    tables = args.pairs // 2
    event: dict[int, list[TableResult]] = {}
    for number in range(1, args.boards + 1):
        lines: list[TableResult] = []
        for table in range(tables):
            ns, ew = f"{table + 1}NS", f"{(table + number) % tables + 1}EW"
            roll = rng.random()
            if roll < 0.002:
                continue  # a result missing: the board is Neuberg-factored
            result: Entry = (ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS) if roll < 0.004
                             else rng.choice(TYPICAL))
            lines.append(TableResult(ns, ew, result))
        event[number] = lines
    count = sum(len(lines) for lines in event.values())
    seconds = best_of(max(1, args.rounds // 2), lambda: score_event(event))
    report(f"score_event, {args.pairs:,} pairs x {args.boards} boards", seconds, count)
    print(f"{'':<58} {'':>12}  {args.boards / seconds:>12,.1f} boards/s")
    scored = score_event(event)
    best = scored.totals[0]
    print(f"  (check: {len(scored.totals)} pairs, field {scored.field}, best {best.pair} "
          f"{float(best.percentage):.2f} %, units sum exact: {isinstance(best.raw, Fraction)})")

    print("scaling of matchpoint_units (time per result):")
    for n in (1_000, 10_000, 100_000):
        scores = random_scores(rng, n)
        seconds = best_of(args.rounds, lambda scores=scores: matchpoint_units(scores))  # type: ignore[misc]
        print(f"  {n:>8,} results: {seconds * 1000:8.2f} ms, {seconds / n * 1e9:7.1f} ns/result")


if __name__ == "__main__":
    main()
