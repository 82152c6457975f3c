"""Deals per second: Tenace's dealing paths next to endplay's dealer, in one run.

Run: ``.venv/bin/python benchmarks/bench_dealing.py [--count 20000] [--skip-endplay]``

Measured paths:
* deal_from_index / deal_to_index: the deal-number bijection alone;
* secure: ``deal_boards`` (``secrets.randbelow`` + ``deal_from_index`` + ``Board``);
* verifiable: ``verifiable_boards`` (HMAC-SHA256 stream + rejection sampling + ``deal_from_index``);
* seeded: ``random_deal(random.Random)``; constrained: ``DealConstraints`` with no conditions and with a
  15-17 balanced North (4-3-3-3, 4-4-3-2 or 5-3-3-2);
* endplay.dealer.generate_deals with no constraint and with the same 15-17 balanced constraint.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tenace import CardSet, Seat
from tenace.dealing import (
    DEAL_COUNT,
    DealConstraints,
    HandConditions,
    SessionKey,
    deal_boards,
    deal_from_index,
    deal_to_index,
    random_deal,
    verifiable_boards,
)

BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}
ENDPLAY_BALANCED = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"


def _is_balanced(hand: CardSet) -> bool:
    return tuple(sorted(hand.shape, reverse=True)) in BALANCED


REPEAT = 3


def measure(name: str, count: int, run: Callable[[int], object]) -> float:
    """Call ``run(count)`` a few times; print the best rate in deals per second and microseconds per deal
    (the best of several runs is the least disturbed by other work on the machine)."""
    elapsed = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        run(count)
        elapsed = min(elapsed, time.perf_counter() - start)
    rate = count / elapsed
    print(f"{name:<52} {rate:>12,.0f} /s {1e6 * elapsed / count:>10.1f} µs")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="deals per unconstrained measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best is shown")
    parser.add_argument("--skip-endplay", action="store_true", help="do not measure endplay")
    args = parser.parse_args()
    global REPEAT
    REPEAT = max(1, args.repeat)
    n: int = args.count
    constrained_n = max(50, n // 20)

    rng = random.Random(1)
    indices = [rng.randrange(DEAL_COUNT) for _ in range(n)]
    deals = [deal_from_index(i) for i in indices]
    key = SessionKey.generate()
    balanced = HandConditions(hcp=(15, 17), spades=(2, 5), hearts=(2, 5), diamonds=(2, 5), clubs=(2, 5),
                              accept=_is_balanced)

    for _ in range(REPEAT):  # warm up (caches, CPU clock) before the first measurement
        [deal_to_index(deal_from_index(i)) for i in indices[:2000]]
    print(f"{'path':<52} {'deals/second':>15} {'per deal':>13}")
    measure("deal_from_index (index -> deal)", n, lambda k: [deal_from_index(i) for i in indices[:k]])
    measure("deal_to_index (deal -> index)", n, lambda k: [deal_to_index(d) for d in deals[:k]])
    measure("secure: deal_boards (secrets)", n, lambda k: deal_boards(k))
    measure("verifiable: verifiable_boards (HMAC-SHA256)", n,
            lambda k: verifiable_boards(key, k, public_data="benchmark"))
    measure("seeded: random_deal(random.Random)", n, lambda k: [random_deal(rng) for _ in range(k)])
    measure("constrained: no conditions", n, lambda k: DealConstraints().deals(k, rng))
    measure("constrained: North 15-17 balanced", constrained_n,
            lambda k: DealConstraints(conditions={Seat.NORTH: balanced}).deals(k, rng))

    if args.skip_endplay:
        return
    try:
        from endplay.dealer import generate_deals
    except ImportError:
        print("endplay is not installed: skipped")
        return
    list(generate_deals(produce=100, seed=2))  # warm-up (imports, numpy)
    measure("endplay.dealer.generate_deals: no constraint", n,
            lambda k: list(generate_deals(produce=k, seed=3)))
    measure("endplay.dealer.generate_deals: North 15-17 balanced", constrained_n,
            lambda k: list(generate_deals(ENDPLAY_BALANCED, produce=k, seed=4)))


if __name__ == "__main__":
    main()
