"""Seconds per claim report from the adjudication aid (``tenace.laws.adjudication``), by the number of tricks
left, on endings reached by random play on random deals (a declarer's claim with nothing stated, the hardest
case for the search: every card is open).

Run: ``.venv/bin/python benchmarks/bench_claims.py [--tricks 5 6 7 8] [--positions 5] [--seed 1]
[--no-dds]``

With DDS (the default) the reading in the claimer's favour hands the positions after the stated line to DDS;
``--no-dds`` times the aid's own search alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tenace import DECK, CardSet, Contract, Deal, Play
from tenace.laws.adjudication import adjudicate_position


def ending(rng: random.Random, tricks: int) -> Play:
    cards = list(DECK)
    rng.shuffle(cards)
    deal = Deal.from_pbn("N:" + " ".join(CardSet(cards[13 * i: 13 * i + 13]).to_pbn() for i in range(4)))
    play = Play.for_contract(deal, Contract.from_str(rng.choice(["4SS", "3NTN", "5DE", "2HW"])))
    for _ in range(52 - 4 * tricks):
        play = play.push(rng.choice(sorted(play.legal_cards())))
    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", type=int, nargs="+", default=[5, 6, 7, 8])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-dds", action="store_true")
    args = parser.parse_args()
    for tricks in args.tricks:
        rng = random.Random(args.seed * 100 + tricks)
        times = []
        for _ in range(args.positions):
            play = ending(rng, tricks)
            start = time.perf_counter()
            adjudicate_position(play, play.declarer, "", with_double_dummy=not args.no_dds, max_tricks=13)
            times.append(time.perf_counter() - start)
        print(f"{tricks} tricks left: median {statistics.median(times):.3f} s, worst {max(times):.3f} s "
              f"per report ({args.positions} positions)")


if __name__ == "__main__":
    main()
