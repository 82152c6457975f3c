"""Head to head over many seeds: this version's robots against another git revision's, rules only (issue 11).

Run: ``.venv/bin/python benchmarks/bench_versus.py REV --seeds 52-61 [--deals 1000] [--show 10]``

The same deals as ``bench_strength.py`` (its seeds and board numbers), bid at two tables: this version
North-South and REV East-West, then the reverse; each board is scored with double-dummy tricks as a team
match, and the IMPs per board are printed seed by seed and in total with their standard error. Each
version also bids every deal at all four seats, and the acceptance figures of both (mean |IMP| against
par, makeable games and slams reached, games and slams that fail, 26+ HCP below a makeable game) are
printed side by side on the same deals. ``--show N`` lists the N largest swings with both auctions.

Only deals whose double-dummy table ``bench_strength.py`` has already cached (``tenace-strength-SEED.json``
in the temporary folder) are used, so nothing is solved here: a seed's first boards are the same whatever
its count. With the tables cached a run is quick (300 deals of `bench_strength.py --versus` took 3.8 s
on a quiet machine), so a change can be judged on 10,000 deals (standard error about 0.015 IMPs a
board) instead of 1,000 (0.045).

``--changed-only`` needs no cache: it bids each seed's ``--deals`` deals at the two tables only, and solves
double dummy just the boards whose two contracts differ (a few in a hundred; their tables join the cache),
leaving out the four-seat figures. On a machine that has solved nothing yet, 10,000 deals are judged in a
few minutes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_audit import _seeds, cached_boards  # noqa: E402
from bench_strength import (  # noqa: E402
    Bidding,
    OtherRevision,
    boards,
    cached_tables,
    contract_of,
    mixed_auction,
    standard_error,
    table_score,
)

from tenace.board import Board  # noqa: E402
from tenace.calls import Call  # noqa: E402
from tenace.robots.bidding import choose_call  # noqa: E402
from tenace.scoring.imps import imps  # noqa: E402
from tenace.seats import Seat  # noqa: E402

_FIGURES = ("mean |IMP| vs par", "makeable games reached %", "makeable slams reached %",
            "games bid that fail %", "slams bid that fail %",
            "26+ HCP below a makeable game, % of boards", "  of which scoring at least the game, % of boards",
            "passed out with 22+ HCP")


def ours(board: Board, seat: Seat, calls: tuple[Call, ...]) -> Call:
    """This version's call: the rules alone, as a robot that does not simulate makes it at a table."""
    return choose_call(board.deal[seat], board.dealer, seat, calls, vulnerability=board.vulnerability).call


def changed_swings(seed: int, count: int, other: Callable[[Board, Seat, tuple[Call, ...]], Call],
                   shown: list[tuple[int, int, int, str, str]] | None) -> list[int]:
    """The IMPs of each of ``seed``'s first ``count`` deals, this version North-South at table one and
    ``other`` at table two, solving only the boards whose two contracts differ (0 for the rest). With
    ``shown``, each board won or lost is added to it with both tables' auctions."""
    changed: list[tuple[Board, tuple[Call, ...], tuple[Call, ...]]] = []
    deals = boards(count, seed)
    for board in deals:
        one = mixed_auction(board, ours, other)
        two = mixed_auction(board, other, ours)
        if contract_of(board.dealer, one) != contract_of(board.dealer, two):
            changed.append((board, one, two))
    swings = [0] * (len(deals) - len(changed))
    for (board, one, two), dd in zip(changed, cached_tables([b for b, _, _ in changed], seed), strict=True):
        swings.append(imps(table_score(board, contract_of(board.dealer, one), dd)
                           - table_score(board, contract_of(board.dealer, two), dd)))
        if shown is not None and swings[-1]:
            shown.append((swings[-1], seed, board.number, " ".join(map(str, one)), " ".join(map(str, two))))
    return swings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the git revision to play against")
    parser.add_argument("--seeds", required=True, help="e.g. 52-61 or 12,21-30")
    parser.add_argument("--deals", type=int, default=1000, help="deals a seed, at most")
    parser.add_argument("--show", type=int, default=0, help="list the N largest swings")
    parser.add_argument("--changed-only", action="store_true",
                        help="solve only the boards whose two contracts differ (no cache needed), "
                             "without the four-seat figures")
    args = parser.parse_args()

    other = OtherRevision(args.revision)
    swings: list[int] = []
    mine_figures, their_figures = Bidding(), Bidding()
    shown: list[tuple[int, int, int, str, str]] = []
    try:
        for seed in _seeds(args.seeds):
            if args.changed_only:
                seed_swings = changed_swings(seed, args.deals, other.bidder, shown if args.show else None)
                swings += seed_swings
                print(f"seed {seed} ({len(seed_swings)} deals): {sum(seed_swings):+d} IMPs, "
                      f"{sum(1 for x in seed_swings if x)} boards changed", flush=True)
                continue
            deals = cached_boards(seed, args.deals)
            if not deals:
                print(f"seed {seed}: no cached double-dummy tables, skipped")
                continue
            seed_swings: list[int] = []
            for board, dd in zip(deals, cached_tables(deals, seed), strict=True):
                calls = mixed_auction(board, ours, ours)
                other_calls = mixed_auction(board, other.bidder, other.bidder)
                mine_figures.add(board, calls, dd)
                their_figures.add(board, other_calls, dd)
                one, two = (table_score(board, contract_of(board.dealer, mixed_auction(board, ns, ew)), dd)
                            for ns, ew in ((ours, other.bidder), (other.bidder, ours)))
                seed_swings.append(imps(one - two))
                if args.show and seed_swings[-1]:
                    shown.append((seed_swings[-1], seed, board.number, " ".join(map(str, calls)),
                                  " ".join(map(str, other_calls))))
            swings += seed_swings
            print(f"seed {seed} ({len(seed_swings)} deals): {sum(seed_swings):+d} IMPs, "
                  f"{statistics.mean(seed_swings):+.3f} a board "
                  f"(standard error {standard_error(seed_swings):.3f})", flush=True)
    finally:
        other.close()
    if not swings:
        return
    print(f"in all, {len(swings)} deals: {sum(swings):+d} IMPs, {statistics.mean(swings):+.4f} a board "
          f"(standard error {standard_error(swings):.4f})")
    if not args.changed_only:
        mine, theirs = mine_figures.summary(), their_figures.summary()
        print(f"{'':<46} {args.revision:>10} {'this':>10}")
        for key in _FIGURES:
            print(f"{key:<46} {theirs[key]:>10} {mine[key]:>10}")
    for gain, seed, number, calls, other_calls in sorted(shown, key=lambda row: -abs(row[0]))[:args.show]:
        # the auctions of each version's four seats, or (--changed-only) of the two tables
        this, that = ("this NS", f"{args.revision} NS") if args.changed_only else ("this", args.revision)
        print(f"{gain:+3d} seed {seed} board {number}\n    {this}: {calls}\n    {that}: {other_calls}")


if __name__ == "__main__":
    main()
