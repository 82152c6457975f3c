"""Which of the robots' bidding rules lose IMPs, found in hindsight on many deals (issue 11).

Run: ``.venv/bin/python benchmarks/bench_audit.py --seeds 12-13,21-50 [--deals 1000] [--top 40]
[--rows OUT.json] [--near] [--jobs 2]``

The four robots bid each deal by the rules alone (as ``bench_strength.py --rules-only``). Then, at every
call of every auction, each other call the system's rules make with the caller's hand (the lower-priority
rules that also fit, and the ``option`` rules simulation may choose) is tried instead: the rest of the
auction is bid by the rules on the real hands, and the two final contracts are scored with their
double-dummy tricks, in IMPs for the caller's side. With ``--near``, every legal call the system gives a
meaning here (a rule of the auction makes it, whatever the hand) is tried as well: a rule the hand just
misses (one HCP short, a card too few) shows there.

Summed over all the deals where a rule chose the call, this is what changing that rule would have
gained on those deals, with the other players' rules as they are: the table lists, for each pair (the
rule that chose, the rule of the call tried), how often it came up, the IMPs in all, the mean and its
standard error, largest total gain first. ``--rows`` writes every trial that changed the score (seed,
board, auction, hand) to look at. The double-dummy tables are those ``bench_strength.py`` keeps in the
temporary folder (``tenace-strength-SEED.json``); deals without one are solved first.

Hindsight is not a strategy (the caller cannot see the deal), but a rule whose alternative wins on
average over hundreds of deals is one whose conditions are wrong for the hands it meets.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import boards, cached_tables, standard_error  # noqa: E402

from tenace.board import Board  # noqa: E402
from tenace.calls import Denomination  # noqa: E402
from tenace.robots.simulation import _MAX_CALLS, _contract, _score  # noqa: E402
from tenace.scoring.imps import imps  # noqa: E402
from tenace.seats import SEATS  # noqa: E402
from tenace.system.bidding.calls import PASS, call_of, finished  # noqa: E402
from tenace.system.bidding.engine import (  # noqa: E402
    Context,
    HandInfo,
    _suit_order,
    candidates,
    context,
    decide,
)
from tenace.system.bidding.rules import BiddingSystem, Rule  # noqa: E402
from tenace.system.bidding.systems import builtin  # noqa: E402

_DENOMINATIONS = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES,
                  Denomination.NOTRUMP)


def _name(rule: Rule) -> str:
    """A rule of a file by its place; a generated one (made for one auction) by its label, the kind of call
    and its conditions with the numbers left out, so that the same generated agreement groups together."""
    if rule.pattern is not None:
        return f"{rule.where} [{rule.pattern.text}] {rule.call.text}: {rule.label}"
    call = rule.call.text
    kind = call if call in ("P", "X", "XX") else f"{call[0]}{'NT' if call.endswith('NT') else 'suit'}"
    conditions = re.sub(r"\d+", "#", ", ".join(c.text for c in rule.conditions))
    return f"generated {kind}: {rule.label} ({conditions})"


def _finish(system: BiddingSystem, dealer: int, vul: tuple[bool, bool], calls: tuple[int, ...],
            hands: Sequence[HandInfo]) -> tuple[int, ...]:
    while not finished(calls) and len(calls) < _MAX_CALLS:
        turn = (dealer + len(calls)) % 4
        calls = (*calls, decide(context(system, dealer, vul, calls), hands[turn]).call)
    return calls if finished(calls) else (*calls, PASS, PASS, PASS)


def _near(ctx: Context, hand: HandInfo) -> dict[int, Rule]:
    """Every legal call a rule of this auction makes with some hand, with the first such rule."""
    order = _suit_order(hand)
    out: dict[int, Rule] = {}
    for rule, bindings, _env in ctx.entries:
        for call, _bound in rule.call.calls(bindings, order):
            if call in ctx.legal_calls and call not in out:
                out[call] = rule
    return out


Key = tuple[str, str, bool]
"""(the rule that chose, the rule of the call tried, whether the hand meets that rule)."""


def audit_board(system: BiddingSystem, board: Board, tricks: list[list[int]], near: bool,
                groups: dict[Key, list[int]]) -> list[dict[str, Any]]:
    """Every trial on one board, added to ``groups``; returned: the trials that changed the score."""
    dealer = board.dealer.index
    vul = (board.is_vulnerable(SEATS[0]), board.is_vulnerable(SEATS[1]))
    hands = [HandInfo.of(board.deal[seat]) for seat in SEATS]
    calls = _finish(system, dealer, vul, (), hands)

    def points(final: tuple[int, ...], side: int) -> int:
        result = _contract(dealer, final)
        if result is None:
            return 0
        return _score(result, tricks[result[2]][result[1]], side, vul)

    rows: list[dict[str, Any]] = []
    for i, made in enumerate(calls):
        turn = (dealer + i) % 4
        ctx = context(system, dealer, vul, calls[:i])
        default = decide(ctx, hands[turn])
        if default.call != made:  # the auction ran past _MAX_CALLS
            break
        base = points(calls, turn % 2)
        tried: dict[int, tuple[Rule, bool]] = {}
        for choice in candidates(ctx, hands[turn], options=True):
            if choice.call != made and choice.call not in tried:
                tried[choice.call] = (choice.rule, True)
        if near:
            for call, rule in _near(ctx, hands[turn]).items():
                if call != made and call not in tried:
                    tried[call] = (rule, False)
        chose = _name(default.rule)
        for call, (rule, fits) in tried.items():
            final = _finish(system, dealer, vul, (*calls[:i], call), hands)
            gain = imps(points(final, turn % 2) - base)
            name = _name(rule)
            groups[chose, name, fits].append(gain)
            if gain:
                rows.append({"board": board.number, "index": i, "seat": SEATS[turn].name[0],
                             "auction": " ".join(str(call_of(c)) for c in calls[:i]) or "-",
                             "hand": board.deal[SEATS[turn]].to_pbn(), "hcp": hands[turn].hcp,
                             "chose": str(call_of(made)), "rule": chose, "tried": str(call_of(call)),
                             "tried rule": name, "fits": fits,
                             "final": " ".join(str(call_of(c)) for c in calls[i:]),
                             "final tried": " ".join(str(call_of(c)) for c in final[i:]), "gain": gain})
    return rows


def cached_boards(seed: int, count: int) -> list[Board]:
    """The first boards of ``seed`` (at most ``count``) whose double-dummy table is already cached: a seed's
    first boards are the same whatever its count."""
    cache = Path(tempfile.gettempdir()) / f"tenace-strength-{seed}.json"
    known = json.loads(cache.read_text()) if cache.exists() else {}
    deals = boards(count, seed)
    return deals[:next((n for n, b in enumerate(deals) if b.deal.to_pbn() not in known), len(deals))]


def audit_seed(job: tuple[int, int, bool]) -> tuple[dict[Key, list[int]], list[dict[str, Any]], int]:
    """One seed's groups of gains, its trials that changed a score, and how many deals it had."""
    seed, count, near = job
    system = builtin()
    deals = cached_boards(seed, count) or boards(count, seed)
    groups: dict[Key, list[int]] = defaultdict(list)
    rows: list[dict[str, Any]] = []
    for board, dd in zip(deals, cached_tables(deals, seed), strict=True):
        tricks = [[dd[seat, d] for d in _DENOMINATIONS] for seat in SEATS]
        for row in audit_board(system, board, tricks, near, groups):
            row["seed"] = seed
            rows.append(row)
    return dict(groups), rows, len(deals)


def _seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def summarize(groups: dict[Key, list[int]], top: int, minimum: int) -> list[dict[str, Any]]:
    out = []
    for (rule, tried, fits), gains in groups.items():
        if len(gains) < minimum:
            continue
        mean = statistics.fmean(gains)
        error = standard_error(gains)
        out.append({"rule": rule, "tried": tried, "fits": fits, "n": len(gains), "imps": sum(gains),
                    "mean": round(mean, 3), "se": round(error, 3),
                    "won": sum(g > 0 for g in gains), "lost": sum(g < 0 for g in gains)})
    out.sort(key=lambda g: -g["imps"])
    return out[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="12-13", help="e.g. 12-13,21-50")
    parser.add_argument("--deals", type=int, default=1000,
                        help="deals a seed (fewer where its cache has fewer)")
    parser.add_argument("--near", action="store_true", help="also try every call the auction gives a meaning")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--minimum", type=int, default=10, help="pairs seen fewer times are not listed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rows", type=Path, help="write every trial that changed the score here")
    args = parser.parse_args()

    jobs = [(seed, args.deals, args.near) for seed in _seeds(args.seeds)]
    groups: dict[Key, list[int]] = defaultdict(list)
    rows: list[dict[str, Any]] = []
    deals = 0
    with Pool(args.jobs) as pool:
        for part, changed, count in pool.imap(audit_seed, jobs):
            for key, gains in part.items():
                groups[key].extend(gains)
            rows.extend(changed)
            deals += count
    trials = sum(len(g) for g in groups.values())
    print(f"{trials} trials on {deals} deals ({len(jobs)} seeds); {len(rows)} changed the score")
    for g in summarize(groups, args.top, args.minimum):
        print(f"{g['imps']:+6d} IMPs  n={g['n']:<5d} mean {g['mean']:+.2f} (se {g['se']:.2f}) "
              f"won {g['won']} lost {g['lost']} {'fits' if g['fits'] else 'near'}\n"
              f"    chose: {g['rule']}\n    tried: {g['tried']}")
    if args.rows:
        args.rows.write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
