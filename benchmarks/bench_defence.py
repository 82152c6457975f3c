"""The defenders' leads to tricks 2-5, recorded once from a ``bench_play.py`` run and replayed: a rule that
chooses among the solved layouts, or weighs them by what the other players did, is measured on exactly the
same layouts in seconds (issue 11, item 3).

Run: ``.venv/bin/python benchmarks/bench_defence.py --record F --play RESULTS.jsonl --auctions A.json``
takes every lead of a defender to tricks 2-5 whose cards differ in value double dummy in a ``bench_play.py``
results file (``--out`` folder, ``<version>.jsonl``; the deals' auctions in ``A.json``), rebuilds the table
and the defender's memory to that point, deals :data:`LAYOUTS` layouts as the robot deals them (its
partner's signals read) and solves them. For each layout it also judges every earlier card with a choice
of declarer's side and of the defender's partner, the opening lead aside (double dummy in that layout: the
tricks it gave up; the opening lead would cost a full deal's solve per layout), and the actual position, so
that the choice is judged on the real deal. ``--replay F`` then takes each lead again as
:func:`tenace.robots.play.choose_card` would, on the recorded layouts (the first 20, then ten at a time to 40
while the choice is open, :func:`~tenace.robots.play.pick_card` of this checkout), with no weighing and with
each weighing given by ``--weigh`` (``decl=S``, ``partner=S``, comma separated: a layout is ``S`` times less
likely for each trick a card of that kind gave up in it), with all the layouts (``fixed=40``), and with a
number setting of :mod:`tenace.robots.play` (``play.NAME=VALUE``, e.g. ``play.OWN_SUIT=0.2``, or ``none``).
It prints misses (leads not DD-optimal) and tricks lost, each rule paired with the plain replay.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

LAYOUTS = 40
FIRST = 20
STEP = 10


def _table(entry: dict[str, Any], cards: Sequence[str]) -> tuple[Any, Any]:
    """The table after the auction and ``cards``, and the memory of the player on turn then."""
    from tenace import Board, Card, Deal, Seat, parse_call
    from tenace.laws import CallMade, CardPlayed, Table
    from tenace.robots.play import Memory

    table = Table.new(Board(entry["board"], Deal.from_pbn(entry["deal"])))
    for text in entry["calls"]:
        turn = table.turn
        assert isinstance(turn, Seat)
        table = table.apply(CallMade(turn, parse_call(text)))
    played = []
    for text in cards:
        played.append(table)
        assert table.play is not None
        table = table.apply(CardPlayed(table.play.turn, Card.from_str(text)))
    assert table.play is not None
    seat = table.play.turn
    memory = Memory()
    for before in [*played, table]:
        memory.observe(before.view(seat))
    return table, memory


def record(results: Path, auctions: Path, path: Path, seed: int) -> None:
    from tenace.play import Play
    from tenace.robots.play import _legal, _one_choice, _reading, position_from_view, sample_layouts
    from tenace.robots.signals import STANDARD
    from tenace.solver.dds import solve_position, solve_positions

    deals = {entry["board"]: entry for entry in json.loads(auctions.read_text())}
    out = []
    for line in results.read_text().splitlines():
        board = json.loads(line)
        entry = deals[board["board"]]
        for i, card in enumerate(board["cards"]):
            if card["declarer"] or card["place"] != 0 or not 2 <= card["trick"] <= 5 or card["values"] < 2:
                continue
            table, memory = _table(entry, [c["card"] for c in board["cards"][:i]])
            seat = table.play.turn
            view = table.view(seat)
            position = position_from_view(view, memory)
            start = time.process_time()
            rng = random.Random(hash((seed, entry["board"], i)) & 0xFFFFFFFF)
            layouts = sample_layouts(position, LAYOUTS, rng, _reading(position, seat, STANDARD))
            solved = solve_positions([play for play, _ in layouts])
            declarer = position.contract.declarer
            earlier: list[Play] = []
            keys: list[tuple[int, str, str]] = []
            for k, (play, _) in enumerate(layouts):
                state = Play(play.deal, play.trump, play.leader, (), play.leads)
                for j, played in enumerate(play.cards):
                    who = state.turn
                    kind = ("decl" if who.side is declarer.side else
                            "partner" if who is seat.partner and j > 0 else None)
                    if kind is not None and not _one_choice(state):
                        earlier.append(state)
                        keys.append((k, kind, str(played)))
                    state = state.push_unchecked(played)
            slips: list[dict[str, int]] = [{} for _ in layouts]
            for (k, kind, played_card), result in zip(keys, solve_positions(earlier), strict=True):
                values = {str(c): t for c, t in result.cards}
                slips[k][kind] = slips[k].get(kind, 0) + result.max_tricks - values[played_card]
            out.append({"board": entry["board"], "index": i, "trick": card["trick"], "card": card["card"],
                        "prefix": [c["card"] for c in board["cards"][:i]],
                        "legal": [str(c) for c in _legal(position, seat, view)],
                        "actual": {str(c): t for c, t in solve_position(table.play).cards},
                        "layouts": [[{str(c): t for c, t in r.cards}, w, slip]
                                    for r, (_, w), slip in zip(solved, layouts, slips, strict=True)],
                        "seconds": time.process_time() - start})
            print(f"board {entry['board']} trick {card['trick']}: {out[-1]['seconds']:.1f} s",
                  file=sys.stderr)
        path.write_text(json.dumps({"auctions": str(auctions), "leads": out}))


def _pick(entry: dict[str, Any], auction: dict[str, Any], weigh: dict[str, float]) -> str:
    from tenace import Card, CardSet
    from tenace.robots.play import _clear, _preference, _settled, pick_card, position_from_view
    from tenace.robots.signals import STANDARD
    from tenace.solver.dds import SolvedPosition

    table, memory = _table(auction, entry["prefix"])
    seat = table.play.turn
    position = position_from_view(table.view(seat), memory)
    declarer = position.contract.declarer
    solved: list[tuple[SolvedPosition, float]] = []
    for values, weight, slips in entry["layouts"]:
        for kind, slip in slips.items():
            if kind in weigh:
                weight *= weigh[kind] ** slip
        cards = tuple((Card.from_str(c), t) for c, t in values.items())
        solved.append((SolvedPosition(seat, declarer, 0, 13, cards), weight))
    fixed = int(weigh.get("fixed", 0))
    used = solved[:fixed] if fixed else solved[:FIRST]
    while not fixed and len(used) < len(solved) and not _settled(used) and not _clear(used):
        used = solved[:len(used) + STEP]
    legal = CardSet(Card.from_str(c) for c in entry["legal"])
    return str(pick_card(position, seat, legal, used, _preference(position, seat, STANDARD)))


def replay(path: Path, rules: Sequence[str]) -> None:
    data = json.loads(path.read_text())
    auctions = {entry["board"]: entry for entry in json.loads(Path(data["auctions"]).read_text())}
    leads = data["leads"]
    if len(leads) < 2:
        print(f"{len(leads)} leads: too few")
        return

    def lost(rule: dict[str, float]) -> list[int]:
        out = []
        for entry in leads:
            card = _pick(entry, auctions[entry["board"]], rule)
            out.append(max(entry["actual"].values()) - entry["actual"][card])
        return out

    base = lost({})
    n = len(base)
    missed = sum(1 for e in leads if e["actual"][e["card"]] < max(e["actual"].values()))
    print(f"{n} leads; recorded play: {missed} misses")
    import tenace.robots.play as play

    for name in ["", *rules]:
        items = [item.split("=") for item in name.split(",") if item]
        rule = {k: float(v) for k, v in items if not k.startswith("play.")}
        knobs = {k[5:]: None if v.lower() == "none" else float(v) for k, v in items if k.startswith("play.")}
        kept = {k: getattr(play, k) for k in knobs}
        for k, v in knobs.items():
            setattr(play, k, v if v is None else type(kept[k] or 0.0)(v))
        try:
            now = lost(rule) if items else base
        finally:
            for k, v in kept.items():
                setattr(play, k, v)
        diffs = [b - a for a, b in zip(base, now, strict=True)]
        mean = sum(diffs) / n
        se = (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
        print(f"{name or 'plain':28} misses {sum(1 for x in now if x):3d}  tricks lost {sum(now):3d}  "
              f"vs plain {sum(diffs):+d} ({sum(1 for d in diffs if d < 0)} better, "
              f"{sum(1 for d in diffs if d > 0)} worse; {mean:+.3f} ± {se:.3f} a lead)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", type=Path, help="solve the leads' layouts and write them here")
    parser.add_argument("--play", type=Path, help="a bench_play.py results file (<version>.jsonl)")
    parser.add_argument("--auctions", type=Path, help="the fixed auctions of that run")
    parser.add_argument("--seed", type=int, default=7, help="the layouts' random seed")
    parser.add_argument("--replay", type=Path, help="take the recorded leads again with this checkout's pick")
    parser.add_argument("--weigh", action="append", default=[],
                        help="decl=S,partner=S,fixed=N,play.NAME=V (repeat)")
    args = parser.parse_args()
    if args.record:
        if args.play is None or args.auctions is None:
            parser.error("--record needs --play and --auctions")
        record(args.play, args.auctions, args.record, args.seed)
    if args.replay:
        replay(args.replay, args.weigh)


if __name__ == "__main__":
    main()
