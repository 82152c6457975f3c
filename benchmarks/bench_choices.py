"""How well the robots' bidding simulation chooses, recorded once and replayed under many policies (issue 11).

Record: ``.venv/bin/python benchmarks/bench_choices.py record --seeds 21-24 --deals 250 --samples 64
--out /tmp/X.jsonl [--jobs 2]``

The four robots bid each deal by the rules alone (as ``bench_strength.py --rules-only``). At every choice
point of those auctions (the rule that chose is ``judge`` and another ``judge`` or ``option`` rule makes a
different call with the hand), every such call is simulated as the robot does it
(:func:`tenace.robots.simulation.simulate`), but on all ``--samples`` deals with no early stop, and each
call's score deal by deal is kept. Then each call's ACTUAL result: the rest of the auction bid by the rules
on the real hands, scored with the deal's double-dummy table (the tables ``bench_strength.py`` caches in the
temporary folder). One JSON line per choice point: seed, board, auction, hand, the calls (the system's
first) with their rules, whether :func:`~tenace.robots.simulation.weighed` weighs each, the scores, the
actual scores and the CPU seconds the simulation took.

Replay: ``.venv/bin/python benchmarks/bench_choices.py replay /tmp/X.jsonl [...]``

For each choice point, each selection policy (margin, standard errors, deals, which kinds are weighed,
sequential stop as the robot does it) picks a call from the recorded scores exactly as
:func:`~tenace.robots.simulation.select` would; its gain is the actual IMPs of that call against the
system's. Printed: per kind of choice (e.g. a bid against the system's pass, a slam move against a game),
how many points, how well simulation's estimate (the mean gain over the deals) predicts the actual gain
(correlation), what the current policy gains, what a perfect chooser would gain; then a grid of policies.
A seed's choice points are replayed in seconds, so policies are compared on the same points.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_audit import _finish, _name, _seeds, cached_boards  # noqa: E402
from bench_strength import cached_tables  # noqa: E402

from tenace.calls import Denomination  # noqa: E402
from tenace.robots.simulation import (  # noqa: E402
    _FOUR_NOTRUMP,
    _SIX_CLUBS,
    Settings,
    _contract,
    _estimate,
    _gains,
    _score,
    _settled,
    select,
    simulate,
    weighed,
)
from tenace.robots.simulation import options as simulation_options  # noqa: E402
from tenace.scoring.imps import imps  # noqa: E402
from tenace.seats import SEATS  # noqa: E402
from tenace.system.bidding.calls import DOUBLE, PASS, REDOUBLE, call_of  # noqa: E402
from tenace.system.bidding.engine import HandInfo, context  # noqa: E402
from tenace.system.bidding.generators import _GAME_LEVEL  # noqa: E402
from tenace.system.bidding.systems import builtin  # noqa: E402

_DENOMINATIONS = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES,
                  Denomination.NOTRUMP)


def record_seed(job: tuple[int, int, int, int, int, str]) -> int:
    """Record every choice point of boards ``start``..``stop`` of one seed into ``out`` (JSON lines, appended
    as they come, so a run cut short keeps what it did); returns how many."""
    seed, start, stop, count, samples, out = job
    system = builtin()
    deals = cached_boards(seed, count)[start:stop]
    settings = Settings(samples=samples, minimum=0)
    found = 0
    with open(out, "a") as sink:
        for board, dd in zip(deals, cached_tables(deals, seed), strict=True):
            tricks = [[dd[seat, d] for d in _DENOMINATIONS] for seat in SEATS]
            dealer = board.dealer.index
            vul = (board.is_vulnerable(SEATS[0]), board.is_vulnerable(SEATS[1]))
            hands = [HandInfo.of(board.deal[seat]) for seat in SEATS]
            calls = _finish(system, dealer, vul, (), hands)
            for i, made in enumerate(calls):
                turn = (dealer + i) % 4
                ctx = context(system, dealer, vul, calls[:i])
                # every call the judge and option rules allow, weighed or not (a policy may weigh any)
                options = simulation_options(ctx, hands[turn], weigh=_always)
                if options[0].call != made:
                    break
                if len(options) < 2:
                    continue
                codes = [o.call for o in options]
                rng = random.Random(f"{seed}/{board.number}/{i}")
                began = time.process_time()
                scores = simulate(ctx, hands[turn], codes, rng, settings, settle=False)
                cpu = time.process_time() - began
                actual = []
                for code in codes:
                    final = _finish(system, dealer, vul, (*calls[:i], code), hands)
                    result = _contract(dealer, final)
                    actual.append(0 if result is None else
                                  _score(result, tricks[result[2]][result[1]], turn % 2, vul))
                sink.write(json.dumps({
                    "seed": seed, "board": board.number, "index": i, "dealer": dealer,
                    "vul": [vul[turn % 2], vul[1 - turn % 2]],
                    "auction": " ".join(str(call_of(c)) for c in calls[:i]) or "-",
                    "hand": board.deal[SEATS[turn]].to_pbn(), "hcp": hands[turn].hcp,
                    "calls": codes, "names": [str(call_of(c)) for c in codes],
                    "rules": [_name(o.rule) for o in options],
                    "weighed": [True] + [weighed(codes[0], c) for c in codes[1:]],
                    "scores": scores, "actual": actual, "cpu": round(cpu, 4)}) + "\n")
                sink.flush()
                found += 1
    return found


def record(args: argparse.Namespace) -> None:
    jobs = []
    for start in range(args.first, args.deals, args.chunk):   # a run cut short has a share of every seed
        for seed in _seeds(args.seeds):
            jobs.append((seed, start, min(start + args.chunk, args.deals), args.deals, args.samples,
                         f"{args.out}.{seed}.{start}"))
    with Pool(args.jobs) as pool:
        total = sum(pool.imap_unordered(record_seed, jobs))
    print(f"{total} choice points recorded")


# ---- replay ---------------------------------------------------------------------------------------------

def _always(_default: int, _other: int) -> bool:
    return True


def _is_slam_move(code: int) -> bool:
    return code == _FOUR_NOTRUMP or code >= _SIX_CLUBS


def _is_game(code: int) -> bool:
    return code >= 3 and (code - 3) // 5 + 1 >= _GAME_LEVEL[(code - 3) % 5]


def kind(default: int, other: int) -> str:
    """A name for the kind of choice between the system's call and another."""
    if DOUBLE in (default, other) or REDOUBLE in (default, other):
        if PASS in (default, other):
            return "pass/double"
        return "double/bid"
    if _is_slam_move(default) and other < default:
        return "lower vs system slam move"
    if _is_slam_move(other):
        return "slam move vs system " + ("pass" if default == PASS else "bid")
    if default == PASS:
        return "bid vs system pass" + (" (game)" if _is_game(other) else "")
    if other == PASS:
        return "pass vs system bid" + (" (game)" if _is_game(default) else "")
    if _is_game(other) and not _is_game(default):
        return "game vs system partscore"
    if _is_game(default) and not _is_game(other):
        return "partscore vs system game"
    return "other bid vs bid"


Policy = Callable[[dict[str, Any]], int]
DEALT: dict[int, int] = {}
"""The deals the last policy replayed dealt at each point (by the point's id): its CPU, roughly."""


_DEFAULT = Settings()


def policy(samples: int = _DEFAULT.samples, minimum: int = _DEFAULT.minimum, margin: float = _DEFAULT.margin,
           confidence: float = _DEFAULT.confidence,
           settle: bool = True, weigh: Callable[[int, int], bool] = weighed,
           slam_margin: float | None = None, slam_confidence: float | None = None,
           scoring: str = "imps") -> Policy:
    """A selection rule over a recorded point: the robot's sequential test on the first deals (batches of
    eight), then :func:`select`. ``slam_margin``/``slam_confidence``: other thresholds for a call that is a
    slam move. With ``settle``, more ``samples`` means more deals only where the decision is close."""
    settings = Settings(samples=samples, minimum=minimum, margin=margin, confidence=confidence,
                        scoring=scoring)
    slam = Settings(samples=samples, minimum=minimum,
                    margin=margin if slam_margin is None else slam_margin,
                    confidence=confidence if slam_confidence is None else slam_confidence, scoring=scoring)
    same = slam == settings

    def choose(point: dict[str, Any]) -> int:
        calls: list[int] = point["calls"]
        keep = [0] + [i for i in range(1, len(calls)) if weigh(calls[0], calls[i])]
        if len(keep) < 2:
            return 0
        rows = [point["scores"][i] for i in keep]
        limit = min(samples, len(rows[0]))
        dealt = 0
        while dealt < limit:
            dealt = min(dealt + 8, limit)
            if settle and dealt >= minimum and _settled([r[:dealt] for r in rows], settings):
                break
        prefix = [r[:dealt] for r in rows]
        DEALT[id(point)] = dealt
        if same:   # the robot's own rule
            return keep[select([calls[i] for i in keep], prefix, settings)]
        if dealt < minimum:
            return 0
        best, value = 0, 0.0
        for j in range(1, len(keep)):
            s = slam if _is_slam_move(calls[keep[j]]) else settings
            mean, error = _estimate(_gains(prefix[j], prefix[0], scoring))
            if mean > s.margin and mean > s.confidence * error and mean > value:
                best, value = j, mean
        return keep[best]

    return choose


def actual_gain(point: dict[str, Any], i: int) -> int:
    return imps(point["actual"][i] - point["actual"][0])


def _corr(xs: Sequence[float], ys: Sequence[float]) -> float:
    if len(xs) < 3 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return math.nan
    return statistics.correlation(xs, ys)


def replay(args: argparse.Namespace) -> None:
    points: list[dict[str, Any]] = []
    for name in args.files:
        paths = [Path(name)] if Path(name).exists() else sorted(Path(name).parent.glob(Path(name).name + "*"))
        for path in paths:
            points.extend(json.loads(line) for line in path.read_text().splitlines() if line.strip())
    seeds = sorted({p["seed"] for p in points})
    print(f"{len(points)} choice points, seeds {seeds}, {min(len(p['scores'][0]) for p in points)} deals "
          f"recorded at least; CPU a point (all deals, all calls): median "
          f"{statistics.median(p['cpu'] for p in points):.2f} s")
    current = policy()
    old = policy(confidence=2.0)   # the alternative tried and dropped (see docs/robots.md)
    by_kind: dict[str, list[tuple[dict[str, Any], int]]] = defaultdict(list)
    for p in points:
        for i in range(1, len(p["calls"])):
            by_kind[kind(p["calls"][0], p["calls"][i])].append((p, i))
    print(f"\n{'kind':34s} {'n':>5s} {'corr32':>7s} {'corr64':>7s} {'taken':>5s} {'gain':>6s} "
          f"{'2 se':>5s} {'gain':>6s} {'perfect':>7s} {'actual mean':>11s}")
    for k, pairs in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        est32 = [statistics.fmean(_gains(p["scores"][i][:32], p["scores"][0][:32], "imps")) for p, i in pairs]
        est = [statistics.fmean(_gains(p["scores"][i], p["scores"][0], "imps")) for p, i in pairs]
        act = [actual_gain(p, i) for p, i in pairs]
        taken = [(p, i) for p, i in pairs if current(p) == i]
        gain = sum(actual_gain(p, i) for p, i in taken)
        before = [(p, i) for p, i in pairs if old(p) == i]
        perfect = sum(max(0, a) for a in act)
        print(f"{k:34s} {len(pairs):5d} {_corr(est32, act):7.2f} {_corr(est, act):7.2f} {len(taken):5d} "
              f"{gain:+6d} {len(before):5d} {sum(actual_gain(p, i) for p, i in before):+6d} {perfect:7d} "
              f"{statistics.fmean(act):+11.2f}")

    base = [actual_gain(p, current(p)) for p in points]

    def total(choose: Policy) -> tuple[int, int, int, float, float, float]:
        """IMPs in all, calls changed, changes that lost, the total's standard error, the standard error of
        its difference from the current policy's (the same points, so paired), and deals dealt a point."""
        DEALT.clear()
        picks = [choose(p) for p in points]
        gains = [actual_gain(p, i) for p, i in zip(points, picks, strict=True)]
        changed = sum(i != 0 for i in picks)
        diff = [g - b for g, b in zip(gains, base, strict=True)]
        root = len(gains) ** 0.5
        return sum(gains), changed, sum(g < 0 for g in gains), statistics.pstdev(gains) * root, \
            statistics.pstdev(diff) * root, sum(DEALT.values()) / len(points)

    def no_double_bid(a: int, b: int) -> bool:
        return not ((a >= 3 or b >= 3) and DOUBLE in (a, b))

    grid: dict[str, Policy] = {
        "current (the robots' defaults)": current,
        "2 se": old,
        "perfect": lambda p: max(range(len(p["calls"])), key=lambda i: actual_gain(p, i))}
    for samples in (16, 24, 32, 48, 64):
        grid[f"samples {samples}"] = policy(samples=samples)
    for margin in (0.0, 0.25, 0.5, 1.0, 1.5):
        for confidence in (0.0, 1.0, 1.5, 2.0, 2.5, 3.0):
            grid[f"margin {margin} se {confidence}"] = policy(margin=margin, confidence=confidence)
    for slam_margin in (0.0, 0.25, 1.0, 2.0):
        grid[f"slam margin {slam_margin}"] = policy(slam_margin=slam_margin)
    grid["slam margin 0.25 se 0.5"] = policy(slam_margin=0.25, slam_confidence=0.5)
    grid["weigh all"] = policy(weigh=_always)
    grid["weigh all but double/bid"] = policy(weigh=no_double_bid)
    for k in sorted(by_kind):
        def without(a: int, b: int, k: str = k) -> bool:
            return weighed(a, b) and kind(a, b) != k

        def adding(a: int, b: int, k: str = k) -> bool:
            return weighed(a, b) or kind(a, b) == k

        grid[f"weighed, not {k}"] = policy(weigh=without)
        grid[f"weighed + {k}"] = policy(weigh=adding)
    grid["no stop, 32"] = policy(settle=False)
    grid["no stop, 64"] = policy(samples=64, settle=False)
    grid["minimum 8"] = policy(minimum=8)
    for share in (0.05, 0.1, 0.2):
        grid[f"share of deals won {share}"] = policy(scoring="matchpoints", margin=share)
        grid[f"share won {share}, 2 se"] = policy(scoring="matchpoints", margin=share, confidence=2.0)
    for samples in (24, 48, 64):
        grid[f"samples {samples}, 2 se"] = policy(samples=samples, confidence=2.0)
    grid["minimum 8, 2 se"] = policy(minimum=8, confidence=2.0)
    grid["minimum 8, samples 48, 2 se"] = policy(minimum=8, samples=48, confidence=2.0)
    grid["weighed, not slam move vs pass, 2 se"] = policy(
        confidence=2.0, weigh=lambda a, b: weighed(a, b) and kind(a, b) != "slam move vs system pass")
    print(f"\n{'policy':40s} {'IMPs':>6s} {'se':>5s} {'changed':>7s} {'lost':>5s} {'vs current':>10s} "
          f"{'se':>4s} {'deals':>5s}")
    for name, choose in grid.items():
        s, changed, lost, se, dse, dealt = total(choose)
        print(f"{name:40s} {s:+6d} {se:5.0f} {changed:7d} {lost:5d} {s - sum(base):+10d} "
              f"{dse:4.0f} {dealt:5.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--seeds", default="21")
    rec.add_argument("--deals", type=int, default=250, help="the first N boards of each seed")
    rec.add_argument("--first", type=int, default=0, help="start at this board index")
    rec.add_argument("--chunk", type=int, default=50, help="boards a job")
    rec.add_argument("--samples", type=int, default=64)
    rec.add_argument("--jobs", type=int, default=2)
    rec.add_argument("--out", required=True)
    rep = sub.add_parser("replay")
    rep.add_argument("files", nargs="+", help="recorded files, or prefixes of them (OUT.seed.start)")
    args = parser.parse_args()
    record(args) if args.mode == "record" else replay(args)


if __name__ == "__main__":
    main()
