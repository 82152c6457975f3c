"""A floor for mean |IMP| against par: what a partnership that sees both its own hands could reach (issue 11).

Run: ``TMPDIR=/tmp/ddcache .venv/bin/python benchmarks/bench_floor.py [--deals 300] [--seed 21] [--layouts 16]
[--json OUT]`` (``TMPDIR`` only so that the double-dummy tables of the real deals come from
``bench_strength``'s caches).

Par assumes that both sides know all 52 cards. A bidder who sees only his own side's cards cannot always
reach it, whatever his system: the right contract often hangs on how the opponents' 26 cards lie. This
benchmark measures that part of the deviation with an *open-hands partnership oracle*:

* on each deal of ``bench_strength.boards(N, seed)``, the side with more HCP (North-South on a tie) sees
  both its hands, and nothing of the opponents';
* it deals ``--layouts`` random layouts of the other 26 cards and solves each double dummy (batched through
  :func:`tenace.solver.dds.dd_tables`);
* in each denomination its declarer is the player of the side who takes more tricks on average over the
  layouts; the candidates are a pass and every contract from one to seven of each denomination by that
  declarer, undoubled;
* it picks the candidate with the highest mean IMPs, over the layouts, against the best score the side
  could make on that layout knowing all four hands (its best undoubled contract, or a pass: so every term
  is zero or negative, and the oracle minimises its expected IMP loss to a side that also sees the
  opponents' cards). Ties go to the higher mean score, then to the lower contract;
* the opponents pass throughout; the chosen contract is scored on the real deal with its double-dummy
  tricks and compared with the real deal's par (``bench_strength``'s ``par`` and ``imps``).

A second chooser on the same layouts (``par-chooser``) picks instead the candidate with the lowest mean
|IMP| against each layout's own par, which aims at the benchmark's figure itself (par may be the opponents'
contract or a sacrifice on some layouts).

The oracle is run twice: with random layouts (``open hands``) and with layouts in which each opponent has
exactly his real HCP and suit lengths (``known shape``, a stronger bound: rejection sampling on the HCP,
lengths dealt exactly). Next to each, on the same deals, the robots bidding by the rules alone
(``bench_strength.Robots(seed, simulate=False)``): their mean |IMP| against par on every deal and on the
deals where their auction is uncontested (one side made every non-pass call, or the deal was passed out),
with standard errors, and the paired difference robots minus oracle.

The oracle is not a bound in the strict sense: it passes for its opponents (it gains when par is their
contract or sacrifice and loses when it would have doubled them), and it aims at IMPs, not at par. It says
how much of the robots' deviation remains for a bidder with the best possible knowledge of his own side.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tenace import Board, CardSet, Deal
from tenace.analysis import DDTable
from tenace.calls import DENOMINATIONS, PASS, Call
from tenace.cards import Card, Suit
from tenace.contract import Contract
from tenace.scoring.imps import imps
from tenace.scoring.points import score
from tenace.seats import Seat, Side
from tenace.solver.dds import dd_tables, par

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_strength import (  # noqa: E402
    Robots,
    boards,
    cached_tables,
    contract_of,
    side_hcp,
    standard_error,
    table_score,
)


def oracle_side(deal: Deal) -> Side:
    """The side with more HCP (North-South on a tie)."""
    return Side.EW if side_hcp(deal, Side.EW) > side_hcp(deal, Side.NS) else Side.NS


def layouts(deal: Deal, side: Side, count: int, rng: random.Random, *,
            known_shape: bool = False) -> list[Deal]:
    """``count`` deals keeping ``side``'s two hands, the opponents' 26 cards dealt at random between them.

    With ``known_shape``, each opponent gets exactly his real suit lengths and HCP (the lengths dealt
    suit by suit, the HCP by rejection; after 20,000 rejections the lengths alone are kept)."""
    ours = side.seats
    first, second = side.opponents.seats
    unseen = list(deal[first] | deal[second])
    result: list[Deal] = []
    for _ in range(count):
        if not known_shape:
            rng.shuffle(unseen)
            one, two = CardSet(unseen[:13]), CardSet(unseen[13:])
        else:
            target = deal[first].hcp
            by_suit = {suit: [c for c in unseen if c.suit is suit] for suit in Suit}
            for _attempt in range(20_000):
                picked: list[Card] = []
                for suit, cards in by_suit.items():
                    picked.extend(rng.sample(cards, deal[first].count(suit)))
                one = CardSet(picked)
                if one.hcp == target:
                    break
            two = CardSet(c for c in unseen if c not in one)
        hands = {ours[0]: deal[ours[0]], ours[1]: deal[ours[1]], first: one, second: two}
        result.append(Deal.from_hands(hands))
    return result


@dataclass(frozen=True)
class Choice:
    contract: Contract | None
    expected: float
    """The chooser's objective for this contract (mean IMPs against the best, or minus mean |IMP| vs par)."""


def candidates(board: Board, side: Side,
               tables: Sequence[DDTable]) -> list[tuple[Contract | None, list[int]]]:
    """A pass and each contract of each denomination by the side's declarer who takes more tricks on average
    over ``tables``, with its score for ``side`` on each table (undoubled, double-dummy tricks)."""
    result: list[tuple[Contract | None, list[int]]] = [(None, [0] * len(tables))]
    ours = side.seats
    for denomination in DENOMINATIONS:
        declarer = max(ours, key=lambda seat: sum(t[seat, denomination] for t in tables))
        vulnerable = board.is_vulnerable(declarer)
        for level in range(1, 8):
            contract = Contract(level, denomination, declarer)
            result.append((contract, [score(contract, t[declarer, denomination], vulnerable=vulnerable)
                                      for t in tables]))
    return result


def best_scores(board: Board, side: Side, tables: Sequence[DDTable]) -> list[int]:
    """On each table, the best undoubled score ``side`` could make knowing all four hands (0: a pass)."""
    best = []
    for t in tables:
        top = 0
        for seat in side.seats:
            for denomination in DENOMINATIONS:
                tricks = t[seat, denomination]
                if tricks >= 7:
                    top = max(top, score(Contract(tricks - 6, denomination, seat), tricks,
                                         vulnerable=board.is_vulnerable(seat)))
        best.append(top)
    return best


def _pick(options: list[tuple[Contract | None, list[int], float]]) -> Choice:
    def key(item: tuple[Contract | None, list[int], float]) -> tuple[float, float, int]:
        contract, scores, value = item
        rank = -1 if contract is None else contract.bid.index
        return (value, statistics.mean(scores), -rank)
    contract, _scores, value = max(options, key=key)
    return Choice(contract, value)


def choose(board: Board, side: Side, tables: Sequence[DDTable]) -> Choice:
    """The contract with the highest mean IMPs, over ``tables``, against the side's best score on each."""
    best = best_scores(board, side, tables)
    options = [(contract, scores, statistics.mean(imps(s - b) for s, b in zip(scores, best, strict=True)))
               for contract, scores in candidates(board, side, tables)]
    return _pick(options)


def choose_by_par(board: Board, side: Side, tables: Sequence[DDTable]) -> Choice:
    """The contract with the lowest mean |IMP| against each table's own par (opponents passing)."""
    sign = 1 if side is Side.NS else -1
    pars = [sign * par(t, board.vulnerability, board.dealer).score_ns for t in tables]
    options = [(contract, scores,
                -statistics.mean(abs(imps(s - p)) for s, p in zip(scores, pars, strict=True)))
               for contract, scores in candidates(board, side, tables)]
    return _pick(options)


def uncontested(dealer: Seat, calls: Sequence[Call]) -> bool:
    """Whether at most one side made a call other than a pass."""
    sides = {dealer.rotate(i).side for i, call in enumerate(calls) if call != PASS}
    return len(sides) <= 1


@dataclass
class Column:
    """|IMP| against par of one bidder, board by board."""

    values: list[int] = field(default_factory=list)

    def figures(self, keep: Sequence[bool]) -> dict[str, float]:
        xs = [abs(v) for v, k in zip(self.values, keep, strict=True) if k]
        if not xs:
            return {"boards": 0}
        return {"boards": len(xs), "mean |IMP| vs par": round(statistics.mean(xs), 3),
                "s.e.": round(standard_error(xs), 3)}


def paired(a: Column, b: Column, keep: Sequence[bool]) -> dict[str, float]:
    diffs = [abs(x) - abs(y) for x, y, k in zip(a.values, b.values, keep, strict=True) if k]
    if not diffs:
        return {}
    return {"mean difference": round(statistics.mean(diffs), 3), "s.e.": round(standard_error(diffs), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--layouts", type=int, default=16, help="layouts of the opponents' cards per deal")
    parser.add_argument("--start", type=int, default=1, help="first board (to split a seed between runs)")
    parser.add_argument("--json", type=Path, help="write the figures and every board here (also as it goes)")
    args = parser.parse_args()

    deals = boards(args.deals, args.seed)
    real = cached_tables(deals, args.seed)
    robots = Robots(args.seed, simulate=False)
    rng = random.Random(1_000_003 * args.seed + args.layouts)
    names = ("robots", "open hands", "open hands, par-chooser", "known shape", "known shape, par-chooser")
    columns = {name: Column() for name in names}
    keep_all: list[bool] = []
    keep_quiet: list[bool] = []
    rows: list[dict[str, Any]] = []
    started = time.time()

    def report() -> dict[str, Any]:
        figures: dict[str, Any] = {"seed": args.seed, "layouts": args.layouts, "boards": len(keep_all)}
        for label, keep in (("all", keep_all), ("uncontested", keep_quiet)):
            part: dict[str, Any] = {name: column.figures(keep) for name, column in columns.items()}
            for name in names[1:]:
                part[f"robots minus {name}"] = paired(columns["robots"], columns[name], keep)
            figures[label] = part
        return figures

    chunk = max(1, 40 // args.layouts) if args.layouts < 40 else 1
    todo = [(b, t) for b, t in zip(deals, real, strict=True) if b.number >= args.start]
    for start in range(0, len(todo), chunk):
        group = todo[start:start + chunk]
        hands = [b.deal for b, _ in group if b.deal is not None]
        assert len(hands) == len(group)   # bench_strength's boards all carry their deal
        sides = [oracle_side(hand) for hand in hands]
        open_ = [layouts(hand, s, args.layouts, rng) for hand, s in zip(hands, sides, strict=True)]
        shaped = [layouts(hand, s, args.layouts, rng, known_shape=True)
                  for hand, s in zip(hands, sides, strict=True)]
        solved = dd_tables([d for ls in open_ + shaped for d in ls])
        k = args.layouts
        for i, ((board, dd), side) in enumerate(zip(group, sides, strict=True)):
            mine = solved[i * k:(i + 1) * k]
            known = solved[(len(group) + i) * k:(len(group) + i + 1) * k]
            par_ns = par(dd, board.vulnerability, board.dealer).score_ns
            calls, _said = robots.bid(board)
            picks = {"robots": contract_of(board.dealer, calls),
                     "open hands": choose(board, side, mine).contract,
                     "open hands, par-chooser": choose_by_par(board, side, mine).contract,
                     "known shape": choose(board, side, known).contract,
                     "known shape, par-chooser": choose_by_par(board, side, known).contract}
            row: dict[str, Any] = {"board": board.number, "side": side.name, "par": par_ns,
                                   "calls": " ".join(map(str, calls))}
            for name, contract in picks.items():
                value = imps(table_score(board, contract, dd) - par_ns)
                columns[name].values.append(value)
                row[name] = [str(contract) if contract else "pass", value]
            keep_all.append(True)
            keep_quiet.append(uncontested(board.dealer, calls))
            row["uncontested"] = keep_quiet[-1]
            rows.append(row)
        if len(rows) % 20 < chunk or start + chunk >= len(todo):
            now = report()
            line = ", ".join(f"{name} {now['all'][name].get('mean |IMP| vs par')}" for name in names)
            print(f"... {len(rows)} boards ({time.time() - started:.0f} s): {line}", file=sys.stderr,
                  flush=True)
            if args.json:
                args.json.write_text(json.dumps({"figures": now, "rows": rows}, indent=1))
    figures = report()
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps({"figures": figures, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
