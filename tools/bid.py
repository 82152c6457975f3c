"""Try the robots' bidding system on a hand, or bid a whole deal, from the command line (for rule authors).

    python tools/bid.py "AK5.KQ4.J876.A54"                        # the opening call, its meaning
    python tools/bid.py "Q762.AJ53.43.K76" --auction "1NT P"        # responder's call after 1NT (pass)
    python tools/bid.py --deal "N:AK5.KQ4.J876.A54 QJ4.J976.Q3.J983 T962.A832.K4.762 873.T5.AT952.KQT"
    python tools/bid.py --deal ... --dealer E --vul NS --system sayc --simulate

With a hand, it prints the system's call, the explanation an opponent would get, and every other call the
rules allow (the candidates simulation may weigh). With a deal, four robots bid it and every call is printed
with its explanation. The auction is written from the dealer, passes included.
"""

from __future__ import annotations

import argparse
import random

from tenace import CardSet, Deal, Seat
from tenace.board import Vulnerability
from tenace.calls import parse_call
from tenace.robots.bidding import table_context
from tenace.robots.simulation import Settings, choose
from tenace.system.bidding.calls import call_of, code, finished
from tenace.system.bidding.engine import HandInfo, candidates, decide
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
    system = builtin(args.system)
    dealer = Seat.from_str(args.dealer)
    vul = Vulnerability.from_str(args.vul)
    calls = [parse_call(c) for c in args.auction.split()]
    if args.deal:
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
        return
    if not args.hand:
        parser.error("give a hand or --deal")
    hand = CardSet.from_pbn(args.hand)
    ctx = table_context(system, dealer, calls, vul)
    info = HandInfo.of(hand)
    choice = decide(ctx, info)
    print(f"{call_of(choice.call)}: {describe(ctx.meaning(choice.call))}")  # noqa: T201
    print(f"  rule {choice.rule.where} [{choice.rule.label}]")  # noqa: T201
    for other in candidates(ctx, info, options=True):
        flags = " judge" * other.rule.judge + " option" * other.rule.option
        print(f"  also {call_of(other.call)} ({other.rule.where} {other.rule.label}{flags})")  # noqa: T201


if __name__ == "__main__":
    main()
