"""Bid a whole deal with four robots, from the command line (for rule authors).

    python tools/bid.py --deal "N:AK5.KQ4.J876.A54 QJ4.J976.Q3.J983 T962.A832.K4.762 873.T5.AT952.KQT"
    python tools/bid.py --deal ... --dealer E --vul NS --system sayc --simulate

Every call is printed with its explanation. For one hand (the system's call, its explanation and alert, the
other calls the rules allow) use ``tenace card bid HAND --auction "1NT P" [--system NAME|FILE]``;
``python tools/bid.py HAND ...`` runs that command.
"""

from __future__ import annotations

import argparse
import random

from tenace import Deal, Seat
from tenace.board import Vulnerability
from tenace.calls import parse_call
from tenace.robots.bidding import table_context
from tenace.robots.simulation import Settings, choose
from tenace.system.bidding.calls import call_of, code, finished
from tenace.system.bidding.explain import describe
from tenace.system.bidding.systems import builtin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hand", nargs="?", help="a PBN hand, spades first: AK5.KQ4.J876.A54")
    parser.add_argument("--auction", default="", help="the calls so far, from the dealer")
    parser.add_argument("--deal", help="a PBN deal to bid with four robots")
    parser.add_argument("--dealer", default="N")
    parser.add_argument("--vul", default="None")
    parser.add_argument("--system", default="two-over-one")
    parser.add_argument("--simulate", action="store_true", help="let the robots simulate at choice points")
    args = parser.parse_args()
    if not args.deal:
        if not args.hand:
            parser.error("give a hand or --deal")
        from tenace.cli import app

        app(["card", "bid", args.hand, "--auction", args.auction, "--dealer", args.dealer, "--vul", args.vul,
             "--system", args.system])
        return
    system = builtin(args.system)
    dealer = Seat.from_str(args.dealer)
    vul = Vulnerability.from_str(args.vul)
    calls = [parse_call(c) for c in args.auction.split()]
    deal = Deal.from_pbn(args.deal)
    rng = random.Random(1)
    while not finished([code(c) for c in calls]):
        seat = Seat.from_str("NESW"[(dealer.index + len(calls)) % 4])
        ctx = table_context(system, dealer, calls, vul)
        settings = Settings() if args.simulate else Settings(samples=0)
        choice = choose(ctx, deal[seat], rng, settings)
        meaning = ctx.meaning(choice.call)
        print(f"{seat.value}  {str(call_of(choice.call)):>4}  {describe(meaning)}")  # noqa: T201
        calls.append(call_of(choice.call))


if __name__ == "__main__":
    main()
