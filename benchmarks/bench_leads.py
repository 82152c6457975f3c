"""The robots' opening leads on fixed auctions, recorded once and replayed: a rule that chooses among the
solved layouts is measured on exactly the same layouts, in seconds (issue 11, item 3).

Run: ``.venv/bin/python benchmarks/bench_leads.py --seed 11 --deals 200 --record F`` solves each opening
lead's layouts as a robot at the table would (the same random stream as ``bench_play.py``'s robots, 20
samples, no budget: 30 layouts) and writes them, with the card led and the double-dummy value of every legal
card on the actual deal, to the JSON file ``F`` (a few seconds a lead); ``--replay F`` then takes each
lead again with :func:`tenace.robots.play.pick_card` as it is in this checkout, on the recorded layouts, and
prints DDOLAR (the opening leads that are DD-optimal) and tricks lost per lead, recorded and replayed, with
the difference's standard error paired by deal. Change how the card is picked among the layouts, replay, and
confirm on another seed's recording. A change in how the layouts are dealt needs a new recording.

``--record F --extra N`` also solves ``N`` more layouts of each lead from the same random stream, after the
robot's own; the replay then takes as many as this checkout's :func:`tenace.robots.play.effort` and stopping
rule would (so a change in the number of layouts at the lead is measured too), or the first ``--layouts K``.
The robot's own 30 layouts are one draw: disjoint windows of the extra layouts give others, and averaging
over them measures a rule with less noise than the one draw.

``--replay F [F ...] --windows K`` scores this checkout's pick on each disjoint window of ``K`` recorded
layouts of each lead (the robot's own first, then the extra ones), pooled over the files: DDOLAR and tricks
lost on the robot's own draw (binomial standard error over leads) and averaged over the windows (standard
error over leads of each lead's mean over its windows).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))


def _lead_position(entry: dict[str, Any]) -> tuple[Any, Any, Any, Any]:
    """The table after the auction, the leader, his position and the view he is shown."""
    from tenace import Board, Deal, Seat, parse_call
    from tenace.laws import CallMade, Table
    from tenace.robots.play import position_from_view

    table = Table.new(Board(entry["board"], Deal.from_pbn(entry["deal"])))
    for text in entry["calls"]:
        turn = table.turn
        assert isinstance(turn, Seat)
        table = table.apply(CallMade(turn, parse_call(text)))
    assert table.play is not None
    seat = table.play.turn
    view = table.view(seat)
    return table, seat, position_from_view(view), view


def record(deals: list[dict[str, Any]], seed: int, path: Path, extra: int = 0) -> None:
    from tenace.robots.play import (
        _legal,
        _preference,
        _reading,
        _solve_until_settled,
        pick_card,
        sample_layouts,
    )
    from tenace.robots.signals import STANDARD
    from tenace.solver.dds import solve_position, solve_positions

    out = []
    for entry in deals:
        table, seat, position, view = _lead_position(entry)
        number = entry["board"]
        rng = random.Random(hash((seed + number, number)) & 0xFFFFFFFF)   # as tenace.robots.Robot
        start = time.process_time()
        legal = _legal(position, seat, view)
        likelihood = _reading(position, seat, STANDARD)
        solved = _solve_until_settled(position, 20, rng, None, likelihood)
        card = pick_card(position, seat, legal, solved, _preference(position, seat, STANDARD))
        out.append({**entry, "card": str(card), "seconds": time.process_time() - start,
                    "layouts": [[{str(c): t for c, t in r.cards}, w] for r, w in solved],
                    "actual": {str(c): t for c, t in solve_position(table.play).cards}})
        if extra:   # more layouts from the same stream, after the robot's own
            more = sample_layouts(position, extra, rng, likelihood)
            out[-1]["extra"] = [[{str(c): t for c, t in r.cards}, w] for r, (_, w) in
                                zip(solve_positions([p for p, _ in more]), more, strict=True)]
        print(f"board {number}: {card} in {out[-1]['seconds']:.1f} s", file=sys.stderr)
        path.write_text(json.dumps(out))


def _taken(position: Any, solved: list[Any], layouts: int | None) -> list[Any]:
    """The recorded layouts a robot of this checkout solves: ``layouts`` if given, else as
    :func:`tenace.robots.play._solve_until_settled` goes, its first batch then more while the choice is open
    (as many as were recorded at most)."""
    from tenace.robots.play import _BATCH, _clear, _settled, effort

    if layouts is not None:
        return solved[:layouts]
    first, most = effort(position, 20)
    taken = solved[:first]
    step = max(_BATCH, first // 2)
    while len(taken) < min(most, len(solved)) and not _settled(taken) and not _clear(taken):
        taken = solved[:min(len(taken) + step, most)]
    return taken


def _mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` (two or more) and its standard error."""
    m = sum(xs) / len(xs)
    return m, (sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) ** 0.5


def replay(path: Path, layouts: int | None = None) -> None:
    from tenace.robots.play import _legal, _preference, pick_card
    from tenace.robots.signals import STANDARD

    pairs = []   # (recorded, replayed): (DD-optimal, tricks lost)
    changed = 0
    used = 0
    for entry in json.loads(path.read_text()):
        table, seat, position, view, recorded = _recorded(entry)
        solved = _taken(position, recorded, layouts)
        used += len(solved)
        card = str(pick_card(position, seat, _legal(position, seat, view), solved,
                             _preference(position, seat, STANDARD)))
        actual = entry["actual"]
        best = max(actual.values())
        changed += card != entry["card"]
        pairs.append(((actual[entry["card"]] == best, best - actual[entry["card"]]),
                      (actual[card] == best, best - actual[card])))
    n = len(pairs)
    if n < 2:
        print(f"{n} leads: too few")
        return

    print(f"{n} leads, {changed} changed, {used / n:.1f} layouts a lead")
    for i, (label, scale) in enumerate((("DDOLAR %", 100.0), ("tricks lost per lead", 1.0))):
        old, _ = _mean_se([scale * float(a[i]) for a, _ in pairs])
        new, _ = _mean_se([scale * float(b[i]) for _, b in pairs])
        diff, se = _mean_se([scale * (float(b[i]) - float(a[i])) for a, b in pairs])
        print(f"{label:22} recorded {old:7.3f}  replayed {new:7.3f}  {diff:+.3f} ± {se:.3f}")


def _recorded(entry: dict[str, Any]) -> tuple[Any, Any, Any, Any, list[Any]]:
    """The lead's table, seat, position and view, and its recorded layouts (the robot's own, then the
    extra ones) as solved positions with their weights."""
    from tenace import Card
    from tenace.solver.dds import SolvedPosition

    table, seat, position, view = _lead_position(entry)
    recorded = [(SolvedPosition(seat, table.contract.declarer, 0, 13,
                                tuple((Card.from_str(c), t) for c, t in values.items())), weight)
                for values, weight in entry["layouts"] + entry.get("extra", [])]
    return table, seat, position, view, recorded


def windows(entries: list[dict[str, Any]], size: int) -> dict[str, float]:
    """This checkout's opening lead on each disjoint window of ``size`` recorded layouts of each lead in
    ``entries``: DDOLAR (%) and tricks lost per lead on the first window (the robot's own draw, when ``size``
    is its count) with the binomial standard error, and averaged over every window of each lead with the
    standard error over leads (``n``: the leads; ``windows``: the windows a lead on average)."""
    from tenace.robots.play import _legal, _preference, pick_card
    from tenace.robots.signals import STANDARD

    first: list[tuple[float, float]] = []
    mean: list[tuple[float, float]] = []
    count = 0
    for entry in entries:
        _, seat, position, view, recorded = _recorded(entry)
        legal = _legal(position, seat, view)
        prefer = _preference(position, seat, STANDARD)
        actual = entry["actual"]
        best = max(actual.values())
        scores = []
        for start in range(0, len(recorded) - size + 1, size):
            card = str(pick_card(position, seat, legal, recorded[start:start + size], prefer))
            scores.append((100.0 * (actual[card] == best), float(best - actual[card])))
        if not scores:
            continue
        count += len(scores)
        first.append(scores[0])
        mean.append((sum(a for a, _ in scores) / len(scores), sum(b for _, b in scores) / len(scores)))
    n = len(first)
    out: dict[str, float] = {"n": float(n), "windows": count / n if n else 0.0}
    if n < 2:
        return out
    for name, rows in (("own", first), ("windows", mean)):
        for i, label in enumerate(("ddolar", "lost")):
            out[f"{name} {label}"], out[f"{name} {label} se"] = _mean_se([row[i] for row in rows])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals with a contract")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--auctions", type=Path, help="the fixed auctions (as in bench_play.py)")
    parser.add_argument("--record", type=Path, help="solve the leads' layouts and write them here")
    parser.add_argument("--replay", type=Path, nargs="+",
                        help="take the recorded leads again with this checkout's pick (several files: pooled "
                             "with --windows, one after the other otherwise)")
    parser.add_argument("--extra", type=int, default=0,
                        help="with --record: solve and keep this many more layouts of each lead")
    parser.add_argument("--layouts", type=int,
                        help="with --replay: pick among the first this many layouts (the extra ones after "
                             "the robot's own; default: as many as this checkout's robot would solve)")
    parser.add_argument("--windows", type=int, metavar="K",
                        help="with --replay: score the pick on each disjoint window of K recorded layouts")
    args = parser.parse_args()
    if args.record:
        from bench_play import auctions

        kept = ROOT / "benchmarks" / f"play-auctions-{args.seed}.json"
        path = args.auctions or (kept if kept.exists() else
                                 Path(tempfile.gettempdir()) / f"tenace-play-auctions-{args.seed}.json")
        record(auctions(args.deals, args.seed, path), args.seed, args.record, args.extra)
    if args.replay and args.windows:
        entries = [e for f in args.replay for e in json.loads(f.read_text())]
        got = windows(entries, args.windows)
        print(f"{got['n']:.0f} leads, {got['windows']:.2f} windows of {args.windows} layouts a lead")
        for name in ("own", "windows"):
            if f"{name} ddolar" in got:
                print(f"{name:8} DDOLAR {got[f'{name} ddolar']:6.2f} ± {got[f'{name} ddolar se']:.2f} %   "
                      f"tricks lost per lead {got[f'{name} lost']:.3f} ± {got[f'{name} lost se']:.3f}")
    elif args.replay:
        for path in args.replay:
            replay(path, args.layouts)


if __name__ == "__main__":
    main()
