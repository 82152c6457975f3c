"""The robots' card play on fixed deals AND fixed auctions, one version against another (issue 11, item 3).

Run: ``.venv/bin/python benchmarks/bench_play.py --deals 200 --version c437ef9 --version . [--jobs 2]``

The auctions are bid once, by this checkout's robots, and kept in a file (``--auctions``; by default
``benchmarks/play-auctions-SEED.json`` when it exists, else one in the system's temporary folder): the
bidding may change from one commit to the next, the auctions of a run do not, so every version declares and
defends the same contracts. ``play-auctions-11.json`` holds seed 11's first 200 deals with a contract, bid
by the robots of late November 2026 (commit 2f0992c's system). Passed-out deals are
left out (deals are taken from the seed until ``--deals`` have a contract).

Each ``--version`` is a git revision (a commit, branch or tag of this repository; ``.`` is this checkout as
it is on disk), optionally followed by settings after commas:

* ``samples=N``: the robots' ``samples`` (20 by default);
* ``carding=none|standard|upside-down``: the defenders' signals (ignored by a version without signals);
* ``layouts=facts``: the auction read only through what it showed (HCP, lengths, balance), without
  replaying the calls (no denials); ``layouts=free``: the auction ignored when dealing layouts;
* ``budget=S``: the robots' time budget per card in seconds;
* ``line=on|off``: whether a defender leading to tricks 2-3 reads declarer's line (``READ_LINE`` in
  :mod:`tenace.robots.play`; ignored by a version without it);
* ``play.NAME=VALUE``: a number setting of :mod:`tenace.robots.play` (e.g. ``play.LATE_MOST=3``; ignored by a
  version without it).

e.g. ``--version .,carding=none``. Every version plays every deal in a subprocess of its own, with the
revision's code (a ``git worktree`` under the temporary folder), four robots of the same version at the
table, and every card a robot chooses among two or more legal cards is judged against the double-dummy
solution of the actual position. A version's results are written, board by board, to ``--out`` (a folder),
so a run can be stopped and resumed; ``--report`` prints the figures of the versions found there.

Figures, each with its standard error (clustered by deal: the cards of one deal are not independent):
declarer and defence DD-optimal %, opening leads DD-optimal % (DDOLAR), trick-1 third hand (the defenders'
card after dummy's at trick 1), defence in tricks 1-3 without the opening lead, tricks lost to double dummy
per deal, CPU per card (median, p95, p95 in tricks 1-3; DDS's threads counted). Beside each figure of the
second and later versions: the difference from the first version and its standard error, paired by deal
(the opening lead is the same decision for all versions, later cards follow from what was played).

Nothing here is a timed test: the numbers are for a human to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

# The player, run in a subprocess with the version's code on its path: one board a line in, one line out.
_PLAYER = r"""
import dataclasses, json, sys, time
from tenace import Board, Deal, Seat, parse_call
from tenace.laws import CallMade, CardPlayed, Table
from tenace.laws.events import ClaimRuled
from tenace.laws.refs import DIRECTOR
from tenace.laws.table import Phase
from tenace.robots import Robot
from tenace.seats import SEATS
from tenace.solver.dds import solve_position

settings = json.loads(sys.argv[1])
fields = {f.name for f in dataclasses.fields(Robot)}
kwargs = {"samples": int(settings.get("samples", 20))}
if "budget" in settings:
    kwargs["budget"] = float(settings["budget"])
if "carding" in fields and "carding" in settings:
    if settings["carding"] == "none":
        kwargs["carding"] = None
    else:
        from tenace.robots.signals import carding_of
        kwargs["carding"] = carding_of(settings["carding"])
if settings.get("layouts") in ("facts", "free"):
    import tenace.robots.layouts as layouts
    if settings["layouts"] == "facts":
        layouts.could_call = lambda ctx, hand, call: True
    else:
        layouts.auction_of = lambda ctx: {}
        import tenace.robots.play as play
        play.auction_of = layouts.auction_of
taken = sorted(kwargs)
if "line" in settings:
    import tenace.robots.play as play
    if hasattr(play, "READ_LINE"):
        play.READ_LINE = settings["line"] == "on"
        taken.append("line")
for key, value in settings.items():
    if key.startswith("play."):   # a module setting of tenace.robots.play, e.g. play.LATE_MOST=3
        import tenace.robots.play as play
        if hasattr(play, key[5:]):
            setattr(play, key[5:], type(getattr(play, key[5:]) or 0.0)(value))
            taken.append(key)
print(json.dumps({"ready": taken}), flush=True)
for line in sys.stdin:
    q = json.loads(line)
    board = Board(q["board"], Deal.from_pbn(q["deal"]))
    table = Table.new(board)
    for text in q["calls"]:
        table = table.apply(CallMade(table.turn, parse_call(text)))
    robots = {seat: Robot(seat, seed=q["seed"] + board.number, **kwargs) for seat in SEATS}
    cards = []
    while table.phase is not Phase.ENDED and len(cards) < q.get("cards", 52):
        event = None
        if table.turn is DIRECTOR and table.claim is not None and table.play is not None:
            solved = solve_position(table.play)
            mine = solved.max_tricks if solved.turn.side is table.claim.seat.side else (
                solved.tricks_left - solved.max_tricks)
            event = ClaimRuled(mine)
        for seat in SEATS:
            view = table.view(seat)
            start = time.process_time()
            action = robots[seat].act(view)
            spent = time.process_time() - start
            if action is None:
                continue
            if isinstance(action, CardPlayed) and table.play is not None and event is None:
                play, contract = table.play, table.contract
                values = dict(solve_position(play).cards)
                best = max(values.values())
                cards.append({"trick": len(play.winners) + 1, "place": len(play.current_trick.cards),
                              "declarer": action.seat.side is contract.declarer.side,
                              "choices": len(values), "values": len(set(values.values())),
                              "loss": best - values[action.card], "seconds": spent,
                              "card": str(action.card)})
            event = event or action
        table = table.apply(event)
    print(json.dumps({"board": board.number, "cards": cards, "tricks": table.declarer_tricks,
                      "complete": table.phase is Phase.ENDED}), flush=True)
"""


@dataclass(frozen=True, eq=False)
class Version:
    spec: str
    revision: str
    settings: dict[str, str]

    @classmethod
    def parse(cls, spec: str) -> Version:
        revision, *rest = spec.split(",")
        settings = dict(item.split("=", 1) for item in rest)
        return cls(spec, revision or ".", settings)

    @property
    def name(self) -> str:
        """The version as a file name."""
        text = "HERE" + self.spec[1:] if self.spec.startswith(".") else self.spec
        return text.replace("/", "_").replace(",", "+").replace("=", "-")


class Worktree:
    """A git worktree of ``revision`` under the temporary folder (``None``: this checkout)."""

    def __init__(self, revision: str) -> None:
        self._dir: tempfile.TemporaryDirectory[str] | None = None
        self.src = ROOT / "src"
        if revision != ".":
            self._dir = tempfile.TemporaryDirectory(prefix="tenace-play-")
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", self._dir.name, revision],
                           check=True, capture_output=True)
            self.src = Path(self._dir.name) / "src"

    def close(self) -> None:
        if self._dir is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", self._dir.name],
                           capture_output=True)
            self._dir.cleanup()


class Player:
    """One version's robots in a subprocess, with the code under ``src``."""

    def __init__(self, version: Version, src: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        self._proc = subprocess.Popen([sys.executable, "-c", _PLAYER, json.dumps(version.settings)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        assert self._proc.stdout is not None
        self.ready = json.loads(self._proc.stdout.readline())

    @property
    def stdout(self) -> Any:
        return self._proc.stdout

    def send(self, query: dict[str, Any]) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(query) + "\n")
        self._proc.stdin.flush()

    def receive(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError("the player stopped")
        result: dict[str, Any] = json.loads(line)
        return result

    def close(self) -> None:
        if self._proc.poll() is None:
            self._proc.kill()
        self._proc.wait()


def auctions(count: int, seed: int, path: Path) -> list[dict[str, Any]]:
    """The first ``count`` deals of ``seed`` with a contract, and their auctions (bid once, then read back
    from ``path``)."""
    known: list[dict[str, Any]] = json.loads(path.read_text()) if path.exists() else []
    if len(known) >= count:
        return known[:count]
    from bench_strength import random_deal

    from tenace import Board
    from tenace.auction import Auction
    from tenace.laws import CallMade, Table
    from tenace.laws.table import Phase
    from tenace.robots import Robot
    from tenace.robots.simulation import Settings
    from tenace.seats import SEATS, Seat

    rng = random.Random(seed)
    number = 0
    done = {entry["board"] for entry in known}
    while len(known) < count:
        number += 1
        board = Board(number, random_deal(rng))
        if number in done:
            continue
        table = Table.new(board)
        robots = {s: Robot(s, seed=seed + number, bidding=Settings(budget=None)) for s in SEATS}
        while table.phase is Phase.AUCTION:
            turn = table.turn
            assert isinstance(turn, Seat)
            event = robots[turn].act(table.view(turn))
            assert isinstance(event, CallMade)
            table = table.apply(event)
        calls = [str(c.call.call) for c in table.view(Seat.NORTH).calls]
        if Auction(board.dealer, tuple(c.call.call for c in table.view(Seat.NORTH).calls)).contract() is None:
            continue
        known.append({"board": number, "deal": board.deal.to_pbn(), "calls": calls})
        known.sort(key=lambda e: e["board"])
        path.write_text(json.dumps(known))
        print(f"bid board {number}: {' '.join(calls)}", file=sys.stderr)
    return known[:count]


def run(versions: Sequence[Version], deals: list[dict[str, Any]], seed: int, out: Path, jobs: int,
        cards: int = 52) -> None:
    """Play every deal with every version, ``jobs`` subprocesses at a time, the versions interleaved (so the
    machine's load weighs on them alike), the first ``cards`` cards of each (all: to the end); results
    appended to ``out/<version>.jsonl`` (a board played further before counts for fewer cards)."""
    out.mkdir(parents=True, exist_ok=True)
    todo: list[tuple[Version, dict[str, Any]]] = []
    for deal in deals:
        for version in versions:
            path = out / f"{version.name}.jsonl"
            done = {r["board"] for r in map(json.loads, path.read_text().splitlines())
                    if len(r["cards"]) >= cards or r.get("complete", True)} if path.exists() else set()
            if deal["board"] not in done:
                todo.append((version, deal))
    players: dict[Version, list[Player]] = {}
    wanted = [v for v in versions if any(v is w for w, _ in todo)]
    per = max(1, jobs // max(1, len(wanted)))
    busy: dict[int, tuple[Player, Version, float]] = {}
    trees: dict[str, Worktree] = {}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))   # stopped: the worktrees are removed all the same
    try:
        for version in wanted:
            if version.revision not in trees:
                trees[version.revision] = Worktree(version.revision)
            players[version] = [Player(version, trees[version.revision].src) for _ in range(per)]
            print(f"{version.spec}: robots take {players[version][0].ready['ready']}", file=sys.stderr)
        free = [(p, v) for v, ps in players.items() for p in ps]
        import selectors
        selector = selectors.DefaultSelector()
        queue = list(todo)
        while queue or busy:
            while queue and free and len(busy) < jobs:
                # the next board of a version that has a free player
                index = next((i for i, (v, _) in enumerate(queue) if any(fv is v for _, fv in free)), None)
                if index is None:
                    break
                version, deal = queue.pop(index)
                player = next(p for p, fv in free if fv is version)
                free.remove((player, version))
                player.send({**deal, "seed": seed, "cards": cards})
                selector.register(player.stdout, selectors.EVENT_READ, (player, version))
                busy[id(player)] = (player, version, time.time())
            for key, _ in selector.select():
                player, version = key.data
                selector.unregister(key.fileobj)
                result = player.receive()
                with (out / f"{version.name}.jsonl").open("a") as f:
                    f.write(json.dumps(result) + "\n")
                started = busy.pop(id(player))[2]
                print(f"{version.spec}: board {result['board']} in {time.time() - started:.1f} s",
                      file=sys.stderr)
                free.append((player, version))
    finally:
        for ps in players.values():
            for p in ps:
                p.close()
        for tree in trees.values():
            tree.close()


# --- figures ---------------------------------------------------------------------------------------------

def _groups(card: dict[str, Any]) -> list[str]:
    """The figures a judged card counts in."""
    if card["choices"] <= 1:
        return []
    out = ["declarer" if card["declarer"] else "defence"]
    if card["trick"] == 1 and card["place"] == 0:
        out.append("opening lead (DDOLAR)")
    if not card["declarer"] and card["trick"] == 1 and card["place"] == 2:
        out.append("trick 1 third hand")
    if not card["declarer"] and card["trick"] <= 3 and not (card["trick"] == 1 and card["place"] == 0):
        out.append("defence tricks 1-3 (no lead)")
    if not card["declarer"] and card["trick"] >= 4:
        out.append("defence tricks 4-13")
    if card["declarer"] and card["trick"] <= 3:
        out.append("declarer tricks 1-3")
    return out


GROUPS = ("declarer", "defence", "opening lead (DDOLAR)", "trick 1 third hand",
          "defence tricks 1-3 (no lead)", "defence tricks 4-13", "declarer tricks 1-3")


def load(out: Path, version: Version, cards: int = 52) -> dict[int, dict[str, Any]]:
    """A version's boards played (at least ``cards`` cards of each, or to the end), each cut to its first
    ``cards`` cards; the longest record of a board is kept."""
    path = out / f"{version.name}.jsonl"
    if not path.exists():
        return {}
    found: dict[int, dict[str, Any]] = {}
    for r in map(json.loads, path.read_text().splitlines()):
        if len(r["cards"]) >= cards or r.get("complete", True):
            if r["board"] not in found or len(r["cards"]) > len(found[r["board"]]["cards"]):
                found[r["board"]] = r
    return {n: {**r, "cards": r["cards"][:cards]} for n, r in found.items()}


def rates(boards: dict[int, dict[str, Any]]) -> dict[str, dict[int, tuple[int, int]]]:
    """For each figure, each board's (good cards, judged cards)."""
    out: dict[str, dict[int, tuple[int, int]]] = {g: {} for g in (*GROUPS, "tricks lost")}
    for number, board in boards.items():
        for group in GROUPS:
            out[group][number] = (0, 0)
        lost = 0
        for card in board["cards"]:
            for group in _groups(card):
                good, n = out[group][number]
                out[group][number] = (good + (card["loss"] == 0), n + 1)
            lost += card["loss"] if card["choices"] > 1 else 0
        out["tricks lost"][number] = (lost, 1)
    return out


def ratio(per: dict[int, tuple[int, int]], keys: Sequence[int]) -> tuple[float, list[float]]:
    """The ratio of sums over ``keys`` and each deal's linearized part of it (for clustered errors)."""
    good = sum(per[k][0] for k in keys)
    n = sum(per[k][1] for k in keys)
    r = good / n if n else 0.0
    return r, [(per[k][0] - r * per[k][1]) / n if n else 0.0 for k in keys]


def _se(parts: Sequence[float]) -> float:
    d = len(parts)
    return (d / (d - 1) * sum(x * x for x in parts)) ** 0.5 if d > 1 else 0.0


def _p95(xs: Sequence[float]) -> float:
    ordered = sorted(xs)
    return ordered[int(0.95 * (len(ordered) - 1))] if ordered else 0.0


def _times(boards: dict[int, dict[str, Any]], keys: Sequence[int], early: bool | None) -> list[float]:
    return [c["seconds"] for k in keys for c in boards[k]["cards"]
            if early is None or (c["trick"] <= 3) == early]


def _boot(boards: dict[int, dict[str, Any]], keys: Sequence[int], stat: Any, early: bool | None,
          other: dict[int, dict[str, Any]] | None = None, rounds: int = 200) -> tuple[float, float]:
    """A statistic of the times per card (and its difference from ``other``'s) with bootstrap errors over
    deals."""
    rng = random.Random(0)
    value = stat(_times(boards, keys, early))
    base = stat(_times(other, keys, early)) if other is not None else 0.0
    draws = []
    for _ in range(rounds):
        sample = [rng.choice(keys) for _ in keys]
        x = stat(_times(boards, sample, early))
        if other is not None:
            x -= stat(_times(other, sample, early))
        draws.append(x)
    return value - base, statistics.pstdev(draws) if draws else 0.0


def report(versions: Sequence[Version], out: Path, cards: int = 52) -> dict[str, Any]:
    loaded = {v: load(out, v, cards) for v in versions}
    keys = sorted(set.intersection(*(set(b) for b in loaded.values()))) if loaded else []
    print(f"{len(keys)} deals played by every version ({', '.join(v.spec for v in versions)})")
    figures: dict[str, Any] = {"deals": len(keys)}
    base = versions[0]
    base_rates = rates(loaded[base])
    header = f"{'':34}" + "".join(f"{v.spec[:26]:>28}" for v in versions)
    print(header)
    for group in (*GROUPS, "tricks lost"):
        scale = 1.0 if group == "tricks lost" else 100.0
        cells = []
        r0, parts0 = ratio(base_rates[group], keys)
        for v in versions:
            per = rates(loaded[v])[group]
            r, parts = ratio(per, keys)
            n = sum(per[k][1] for k in keys)
            if v is base:
                cell = f"{scale * r:6.2f} ±{scale * _se(parts):4.2f} ({n})"
            else:
                diff = _se([a - b for a, b in zip(parts, parts0, strict=True)])
                cell = f"{scale * r:6.2f} {scale * (r - r0):+5.2f}±{scale * diff:4.2f}"
            figures.setdefault(v.spec, {})[group] = round(scale * r, 3)
            cells.append(f"{cell:>28}")
        print(f"{group:34}" + "".join(cells))
    timings = (("card CPU median ms", statistics.median, None), ("card CPU p95 ms", _p95, None),
               ("tricks 1-3 CPU p95 ms", _p95, True), ("tricks 4-13 CPU p95 ms", _p95, False),
               ("card CPU max ms", max, None))
    for label, stat, early in timings:
        if not keys or not _times(loaded[base], keys, early):
            continue
        cells = []
        for v in versions:
            if v is base:
                value, err = _boot(loaded[v], keys, stat, early)
                cell = f"{1000 * value:8.0f} ±{1000 * err:4.0f}"
                figures[v.spec][label] = round(1000 * value, 1)
            else:
                value, _ = _boot(loaded[v], keys, stat, early, rounds=0)
                diff, err = _boot(loaded[v], keys, stat, early, loaded[base])
                err = err if keys else 0.0
                cell = f"{1000 * value:8.0f} {1000 * diff:+6.0f}±{1000 * err:4.0f}"
                figures[v.spec][label] = round(1000 * value, 1)
            cells.append(f"{cell:>28}")
        print(f"{label:34}" + "".join(cells))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals with a contract to play")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--version", action="append", default=[], help="REV[,key=value...] (repeat)")
    parser.add_argument("--auctions", type=Path, help="the fixed auctions (default: in the temporary folder)")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "tenace-bench-play")
    parser.add_argument("--jobs", type=int, default=2, help="subprocesses at a time (at least one a version)")
    parser.add_argument("--cards", type=int, default=52,
                        help="play and count only the first N cards of a board (1: the lead, 4: trick 1)")
    parser.add_argument("--report", action="store_true", help="only print the figures of the results kept")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    versions = [Version.parse(s) for s in args.version or ["."]]
    kept = ROOT / "benchmarks" / f"play-auctions-{args.seed}.json"
    path = args.auctions or (kept if kept.exists() else
                             Path(tempfile.gettempdir()) / f"tenace-play-auctions-{args.seed}.json")
    out = args.out / f"seed{args.seed}"
    if not args.report:
        run(versions, auctions(args.deals, args.seed, path), args.seed, out, args.jobs, args.cards)
    figures = report(versions, out, args.cards)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
