"""DD tables per second: Tenace's adapter (``tenace.solver.dds.dd_tables``) next to endplay's own
``calc_all_tables`` on the same deals, in one run.

Run: ``.venv/bin/python benchmarks/bench_dd.py [--deals 80] [--rounds 2] [--seed 1]``

Both paths hand DDS the same batches (40 deals per ``CalcAllTables`` call: DDS's limit for full tables) and
use every core. The adapter's timing includes converting Tenace deals in and ``DDTable`` values out;
endplay's includes only the call on ``endplay.types.Deal`` objects built beforehand (their construction from
PBN is timed separately). The two are run alternately so that machine load falls on both alike, and the
results are checked to be identical. The adapter's conversion cost alone is timed too, since solver time
varies.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tenace import DECK, CardSet, Deal, Denomination, Seat
from tenace.analysis import DDTable
from tenace.solver import dds


def random_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = list(DECK)
        rng.shuffle(cards)
        n, e, s, w = (CardSet(cards[13 * i: 13 * i + 13]) for i in range(4))
        deals.append(Deal((n, e, s, w)))
    return deals


def run_tenace(deals: list[Deal]) -> tuple[float, list[DDTable]]:
    start = time.perf_counter()
    tables = dds.dd_tables(deals)
    return time.perf_counter() - start, tables


def run_endplay(deals: list[object]) -> tuple[float, list[object]]:
    from endplay.dds import calc_all_tables

    start = time.perf_counter()
    tables: list[object] = []
    for i in range(0, len(deals), dds.MAX_TABLES_PER_CALL):
        tables.extend(calc_all_tables(deals[i:i + dds.MAX_TABLES_PER_CALL]))
    return time.perf_counter() - start, tables


def conversion_seconds(deals: list[Deal], repeats: int = 20) -> float:
    """Time of the adapter's own work per run: filling DDS structs and reading tables back (no solving)."""
    backend = dds._dds()
    results = backend.ddTablesRes()
    start = time.perf_counter()
    for _ in range(repeats):
        for i in range(0, len(deals), dds.MAX_TABLES_PER_CALL):
            batch = deals[i:i + dds.MAX_TABLES_PER_CALL]
            structs = backend.ddTableDeals()
            structs.noOfTables = len(batch)
            for j, deal in enumerate(batch):
                dds._fill_hands(structs.ddTableDeal[j].cards, deal.hands)
            for j in range(len(batch)):
                dds._table_from_dds(results.results[j])
    return (time.perf_counter() - start) / repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=80)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    deals = random_deals(args.deals, args.seed)
    start = time.perf_counter()
    endplay_deals: list[object] = [EndplayDeal(deal.to_pbn()) for deal in deals]
    build = time.perf_counter() - start

    dds.dd_tables(deals[:2])  # load the library and warm DDS up outside the timings
    ours: list[float] = []
    theirs: list[float] = []
    tenace_tables: list[DDTable] = []
    endplay_tables: list[object] = []
    for _ in range(args.rounds):
        seconds, tenace_tables = run_tenace(deals)
        ours.append(seconds)
        seconds, endplay_tables = run_endplay(endplay_deals)
        theirs.append(seconds)

    players = {Seat.NORTH: Player.north, Seat.EAST: Player.east, Seat.SOUTH: Player.south,
               Seat.WEST: Player.west}
    denoms = {Denomination.CLUBS: Denom.clubs, Denomination.DIAMONDS: Denom.diamonds,
              Denomination.HEARTS: Denom.hearts, Denomination.SPADES: Denom.spades,
              Denomination.NOTRUMP: Denom.nt}
    for table, other in zip(tenace_tables, endplay_tables, strict=True):
        for seat, denomination, tricks in table.items():
            assert tricks == other[denoms[denomination], players[seat]]  # type: ignore[index]

    convert = conversion_seconds(deals)
    n = args.deals
    best_ours, best_theirs = min(ours), min(theirs)
    print(f"{n} random deals (seed {args.seed}), {args.rounds} alternating rounds; results identical")
    print(f"tenace dd_tables          {n / best_ours:8.2f} tables/s  (best {best_ours:.2f} s, "
          f"mean {statistics.mean(ours):.2f} s)")
    print(f"endplay calc_all_tables   {n / best_theirs:8.2f} tables/s  (best {best_theirs:.2f} s, "
          f"mean {statistics.mean(theirs):.2f} s)")
    print(f"overhead (best vs best)   {100 * (best_ours - best_theirs) / best_theirs:+8.1f} %")
    print(f"adapter conversion alone  {1000 * convert:8.2f} ms per run "
          f"({100 * convert / best_theirs:.2f} % of endplay's solving time)")
    print(f"endplay Deal construction {1000 * build:8.2f} ms for {n} deals (not in endplay's timing)")


if __name__ == "__main__":
    main()
