"""Robot decisions per second: bidding (the system description, no solver) and card play (sampled layouts
solved double dummy), by the number of samples and the stage of the play.

Run: ``.venv/bin/python benchmarks/bench_robots.py [--boards 6] [--samples 0 5 20] [--seed 1]``

Four robots play ``--boards`` random deals through the Laws engine for each sample count; every robot
decision is timed from the view it is given to the event it returns. Card decisions are reported for the
first three tricks (full-size layouts, the slow part for the solver) and for the rest. As a check of the
play's quality, the mean of declarer's tricks minus the double-dummy tricks of the contract reached is
printed too (both sides are robots, so it measures declarer against defence, both sampling).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tenace import DECK, Board, CardSet, Deal
from tenace.laws import CallMade, CardPlayed, Table
from tenace.laws.events import ClaimRuled, Event
from tenace.laws.refs import DIRECTOR
from tenace.laws.table import Phase
from tenace.robots import Robot
from tenace.seats import SEATS
from tenace.solver.dds import dd_tricks, solve_position


def random_deal(rng: random.Random) -> Deal:
    cards = list(DECK)
    rng.shuffle(cards)
    return Deal.from_hands({seat: CardSet(cards[13 * i:13 * i + 13]) for i, seat in enumerate(SEATS)})


def run(boards: int, samples: int, seed: int) -> tuple[dict[str, list[float]], list[int]]:
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"call": [], "card, tricks 1-3": [], "card, tricks 4-13": []}
    versus_dd: list[int] = []
    for number in range(1, boards + 1):
        table = Table.new(Board(number, random_deal(rng)))
        robots = {seat: Robot(seat, samples=samples, seed=seed + number) for seat in SEATS}
        while table.phase is not Phase.ENDED:
            event: Event | None = None
            if table.turn is DIRECTOR and table.claim is not None and table.play is not None:
                solved = solve_position(table.play)
                mine = solved.max_tricks if solved.turn.side is table.claim.seat.side else (
                    solved.tricks_left - solved.max_tricks)
                event = ClaimRuled(mine)
            for seat in SEATS:
                view = table.view(seat)
                start = time.perf_counter()
                action = robots[seat].act(view)
                spent = time.perf_counter() - start
                if action is None:
                    continue
                if isinstance(action, CallMade):
                    times["call"].append(spent)
                elif isinstance(action, CardPlayed):
                    played = len(table.play.cards) if table.play is not None else 0
                    key = "card, tricks 1-3" if played < 12 else "card, tricks 4-13"
                    times[key].append(spent)
                event = event or action
            assert event is not None
            table = table.apply(event)
        if table.contract is not None and table.declarer_tricks is not None:
            versus_dd.append(table.declarer_tricks - dd_tricks(table.deal, table.contract))
    return times, versus_dd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=6)
    parser.add_argument("--samples", type=int, nargs="+", default=[0, 5, 20])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run(1, 1, args.seed)  # warm up: endplay's import, the DDS library
    for samples in args.samples:
        times, versus_dd = run(args.boards, samples, args.seed)
        for kind, spent in times.items():
            if not spent:
                continue
            rate, median, worst = len(spent) / sum(spent), statistics.median(spent) * 1000, max(spent) * 1000
            print(f"samples={samples:>3}  {kind:<18} {len(spent):>5} decisions  {rate:>9.1f} per second  "
                  f"median {median:8.2f} ms  worst {worst:8.1f} ms")
        if versus_dd:
            print(f"samples={samples:>3}  declarer's tricks minus double dummy: mean "
                  f"{statistics.mean(versus_dd):+.2f} over {len(versus_dd)} contracts")


if __name__ == "__main__":
    main()
