"""Speed of the system-card functions (``tenace.system``): card lookups, explanation checks, a whole
board's review, JSON load and HTML rendering, on the sample natural card and on the card converted from the
robots' rules (``tenace.system.bidding.card.card_of``: several hundred agreements).

Run: ``.venv/bin/python benchmarks/bench_system.py [--boards 200] [--seed 1]``
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tenace import DECK, Auction, CardSet, Deal, Seat
from tenace.calls import parse_call
from tenace.record import AnnotatedCall, DealRecord
from tenace.robots import choose_call, explain_call
from tenace.system import AlertRegulations, check_explanation, dumps, loads, natural_card, review
from tenace.system.bidding.card import card_of
from tenace.system.bidding.systems import builtin
from tenace.system.render import render_html


def per_call(label: str, n: int, fn: Callable[[], object]) -> None:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<48} {1e6 * elapsed / n:10.1f} µs")


def robot_boards(count: int, seed: int) -> list[DealRecord]:
    rng = random.Random(seed)
    out = []
    for number in range(1, count + 1):
        cards = list(DECK)
        rng.shuffle(cards)
        deal = Deal.from_pbn("N:" + " ".join(CardSet(cards[13 * i: 13 * i + 13]).to_pbn() for i in range(4)))
        auction = Auction(Seat.NORTH)
        calls = []
        while not auction.is_complete:
            seat = auction.turn
            choice = choose_call(deal[seat], auction.dealer, seat, auction.calls)
            auction = auction.push(choice.call)
            calls.append(AnnotatedCall(choice.call, choice.alert, explain_call(list(auction.calls),
                                                                               len(auction.calls) - 1)))
        out.append(DealRecord(number=number, dealer=auction.dealer, deal=deal, calls=tuple(calls)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    natural = natural_card()
    start = time.perf_counter()
    robot = card_of(builtin())
    print(f"{'convert the robots rules to a card':<48} {1e3 * (time.perf_counter() - start):10.1f} ms"
          f"  ({len(robot.agreements)} agreements)")
    text = dumps(robot)
    per_call("load the robot card from JSON", 20, lambda: loads(text))
    per_call("render the natural card as HTML", 20, lambda: render_html(natural, AlertRegulations()))
    two_d = parse_call("2D")
    per_call("lookup 1NT P 2D, natural card", 2000, lambda: natural.meaning("1NT P", two_d))
    per_call("lookup 1NT P 2D, robot card", 2000, lambda: robot.meaning("1NT P", two_d))
    per_call("check a free-text explanation", 2000,
             lambda: check_explanation(natural, "1NT P", two_d, "transfer to hearts, 5+ hearts"))
    boards = robot_boards(args.boards, args.seed)
    regs = AlertRegulations()
    start = time.perf_counter()
    for board in boards:
        review(robot, board, regs)
    elapsed = time.perf_counter() - start
    calls = sum(len(b.calls or ()) for b in boards)
    print(f"{'review a robot-bid board (robot card)':<48} {1e3 * elapsed / len(boards):10.2f} ms"
          f"  ({calls / len(boards):.1f} calls a board)")


if __name__ == "__main__":
    main()
