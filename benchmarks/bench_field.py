"""A big matchpoint field, Tenace against NumPy on the same data, side by side in one run (issue 16, item 4).

Run: ``nice .venv/bin/python benchmarks/bench_field.py [--pairs 10000] [--boards 24] [--seed 16]
[--rounds 3] [--only field]``

``--only field`` (or ``law77``, ``matchpoints``, ``lines``) times only those rows; with ``PYTHONPATH`` set to
another checkout's ``src``, alternating runs compare two versions of the code on the same field.

The field: ``--pairs`` pairs (half North-South, half East-West, Mitchell-like, so every board is played at
``pairs / 2`` tables), ``--boards`` boards, one session, compared across the field. Every board has a few
likely contracts (part-scores, games, slams, some doubled, now and then passed out) and trick counts around
them, so ties are as common as on real travellers. About 0.2 % of the results are missing (Neuberg factoring
runs), 0.2 % are artificial adjusted scores (average-plus / average-minus, with the Law 12C2(c) session
rule), and every third board has one weighted assigned score (Law 12C1(c)).

Each measurement times Tenace and then NumPy computing the same thing, ``--rounds`` times; the ratio printed
is the median of the rounds' ratios (each round's pair ran under the same machine load), the times the best:

* **Law 77**: every result's North-South score. Tenace: :meth:`Result.ns_score` per result, and
  :func:`tenace.scoring.points.score` given the contract, tricks and vulnerability. NumPy: a gather from a
  Law 77 table indexed by (denomination, doubling, vulnerability, level, tricks), built once before timing.
* **matchpoints**: from the North-South scores to ranked totals. Tenace:
  :func:`tenace.scoring.matchpoints.score_event` (Law 78A units, Neuberg, artificial scores with the session
  rule, scaled totals, pairs sorted by percentage). NumPy: one sort of (board, score) keys, ``searchsorted``
  for the units, float Neuberg, ``bincount`` totals and a ``lexsort`` ranking.
* **field**: the whole path from entered results to the published rankings. Tenace:
  :func:`tenace.tournament.scoring.score_event` (Law 77, matchpoints, Neuberg, travellers, totals, NS and
  EW rankings with shared places). NumPy: the two above together. The travellers' lines are made when
  first read (:attr:`~tenace.tournament.standings.Traveller.lines`), so the next row reads them all:
* **field, every traveller line read**: the same, then every line of every traveller read, as publishing
  all the travellers does.
* **lines only**: only building the :class:`~tenace.tournament.standings.TravellerLine` objects of every
  traveller (one per result, no scoring, with ``new_traveller_line`` as the scorer makes them), against the
  same NumPy run: what reading every line adds to the field.

NumPy is a reference here, not a dependency of Tenace: it works in floats, and a check at the end prints the
largest difference between its percentages and Tenace's exact ones (it should be about 1e-12) and how many
places agree.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from tenace.board import vulnerability_for
from tenace.calls import Denomination
from tenace.contract import Contract, Doubling
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.scoring.matchpoints import Entry, TableResult
from tenace.scoring.matchpoints import score_event as mp_score_event
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.tournament.model import Conditions, Event, EventKind, Participant, Result
from tenace.tournament.scoring import score_event
from tenace.tournament.standings import TravellerLine, new_traveller_line

DENOMS = list(Denomination)
DOUBLINGS = list(Doubling)
DECLARERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def board_outcomes(rng: random.Random) -> list[tuple[int, int, int, int, int]]:
    """A board's likely results: (level, denomination index, doubling index, declarer index, tricks); level 0
    is passed out."""
    side = rng.randrange(2)
    level = rng.choice((1, 2, 2, 3, 3, 4, 4, 4, 5, 6))
    denom = rng.randrange(5)
    outcomes = []
    for _ in range(rng.randint(4, 9)):
        lv = max(1, min(7, level + rng.choice((-1, 0, 0, 0, 1))))
        dn = denom if rng.random() < 0.7 else rng.randrange(5)
        dbl = 0 if rng.random() < 0.85 else rng.choice((1, 1, 2))
        decl = rng.choice((0, 2)) if rng.random() < 0.9 else rng.choice((1, 3))
        decl = (decl + side) % 4
        tricks = max(0, min(13, lv + 6 + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))))
        outcomes.append((lv, dn, dbl, decl, tricks))
    if rng.random() < 0.1:
        outcomes.append((0, 0, 0, 0, 0))
    return outcomes


class Field:
    """The same field as Tenace objects and as NumPy arrays."""

    def __init__(self, pairs: int, boards: int, seed: int) -> None:
        rng = random.Random(seed)
        self.tables = tables = pairs // 2
        self.boards = boards
        self.results: list[Result] = []
        names = ("board", "ns", "ew", "kind", "level", "denom", "dbl", "decl", "tricks")
        cols: dict[str, list[int]] = {k: [] for k in names}
        self.weighted: list[tuple[int, tuple[tuple[int, Fraction], ...]]] = []  # (line, NS-score components)
        artificial = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
        for board in range(1, boards + 1):
            outcomes = board_outcomes(rng)
            weights = [rng.random() for _ in outcomes]
            weighted_table = rng.randrange(tables) if board % 3 == 0 else -1
            for table in range(tables):
                ew = (table + board) % tables
                roll = rng.random()
                if roll < 0.002:
                    continue  # missing: the board is Neuberg-factored
                kind = 0
                level = denom = dbl = decl = tricks = 0
                adjusted: Any = None
                if roll < 0.004:
                    kind, adjusted = 1, artificial
                elif table == weighted_table:
                    a, b = rng.sample(range(-3, 4), 2)
                    comps = ((rng.choice((-100, 100, 420, 620)) + 10 * a, Fraction(2, 3)),
                             (rng.choice((-200, 140, 450, -50)) + 10 * b, Fraction(1, 3)))
                    kind, adjusted = 2, AssignedAdjustedScore.balancing(WeightedScore.of(*comps))
                    self.weighted.append((len(cols["board"]), comps))
                else:
                    level, denom, dbl, decl, tricks = rng.choices(outcomes, weights)[0]
                contract = (Contract(level, DENOMS[denom], DECLARERS[decl], DOUBLINGS[dbl])
                            if level and kind == 0 else None)
                self.results.append(Result(board, 1, table + 1, f"{table + 1}NS", f"{ew + 1}EW",
                                           contract, tricks if kind == 0 else None, adjusted=adjusted))
                for key, value in zip(cols, (board - 1, table, ew, kind, level, denom, dbl, decl, tricks),
                                      strict=True):
                    cols[key].append(value)
        self.a = {k: np.array(v, dtype=np.int64) for k, v in cols.items()}
        pairs_ = [f"{t + 1}NS" for t in range(tables)] + [f"{t + 1}EW" for t in range(tables)]
        self.event = Event("field", EventKind.PAIRS, Conditions(), tuple(Participant(n, n) for n in pairs_))
        # NumPy's Law 77 table, from Tenace's scorer (once, not timed): [denom, dbl, vul, level, tricks]
        law77 = np.zeros((5, 3, 2, 8, 14), dtype=np.int64)
        for d in range(5):
            for x in range(3):
                for v in range(2):
                    for lv in range(1, 8):
                        for t in range(14):
                            contract = Contract(lv, DENOMS[d], Seat.NORTH, DOUBLINGS[x])
                            law77[d, x, v, lv, t] = score(contract, t, vulnerable=bool(v))
        self.law77 = law77
        self.vul = np.array([[vulnerability_for(b).is_vulnerable(s) for s in (Seat.NORTH, Seat.EAST)]
                             for b in range(1, boards + 1)], dtype=np.int64)

    def table_results(self, scores: list[Entry]) -> dict[int, list[TableResult]]:
        out: dict[int, list[TableResult]] = {}
        for result, entry in zip(self.results, scores, strict=True):
            out.setdefault(result.board, []).append(TableResult(result.ns, result.ew, entry))
        return out


def numpy_law77(f: Field) -> np.ndarray:
    a = f.a
    decl_ns = (a["decl"] % 2) == 0
    vul = np.where(decl_ns, f.vul[a["board"], 0], f.vul[a["board"], 1])
    points = f.law77[a["denom"], a["dbl"], vul, a["level"], a["tricks"]]
    signed: np.ndarray = np.where(decl_ns, points, -points)
    return signed


def numpy_matchpoints(f: Field, ns_score: np.ndarray) -> dict[str, Any]:
    """Units, Neuberg, artificial scores with the session rule, scaled totals and rankings, in floats."""
    a = f.a
    board, kind = a["board"], a["kind"]
    boards, tables = f.boards, f.tables
    plain = kind == 0
    lines = np.bincount(board, minlength=boards)
    n_plain = np.bincount(board[plain], minlength=boards)
    comparable = n_plain + np.bincount(board[kind == 2], minlength=boards)
    full = int(lines.max())
    top = 2 * (full - 1)
    # Law 78A units among the plain scores of each board: one sort of (board, score) keys
    key = board * 32768 + ns_score + 16384
    pkey = key[plain]
    ordered = np.sort(pkey)
    left = np.searchsorted(ordered, pkey, "left")
    right = np.searchsorted(ordered, pkey, "right")
    start = np.searchsorted(ordered, board[plain] * 32768, "left")
    ns_units = np.zeros(len(board))
    ew_units = np.zeros(len(board))
    ns_units[plain] = 2 * (left - start) + (right - left) - 1
    ew_units[plain] = 2 * (n_plain[board[plain]] - 1) - ns_units[plain]
    # weighted assigned scores (one per board at most): they and every plain line of the board meet
    for line, comps in f.weighted:
        b = board[line]
        on_board = plain & (board == b)
        x = ns_score[on_board]
        own = 0.0
        for s, w in comps:
            wf = float(w)
            ns_units[on_board] += wf * (2 * (x > s) + (x == s))
            ew_units[on_board] += wf * (2 * (x < s) + (x == s))
            own += wf * (2 * np.count_nonzero(x < s) + np.count_nonzero(x == s))
        ns_units[line] = own
        ew_units[line] = 2 * (comparable[b] - 1) - own
    n = comparable[board].astype(float)
    factored = (kind != 1) & (n < full)
    ns_units[factored] = (ns_units[factored] + 1) * full / n[factored] - 1
    ew_units[factored] = (ew_units[factored] + 1) * full / n[factored] - 1
    art = kind == 1
    ns_units[art] = 0.6 * top
    ew_units[art] = 0.4 * top
    ns, ew = a["ns"], a["ew"]
    boards_ns = np.bincount(ns, minlength=tables)
    boards_ew = np.bincount(ew, minlength=tables)
    # Law 12C2(c): each side of an artificial score against its percentage on its other boards
    keep = ~art
    sess_ns = (np.bincount(ns[keep], ns_units[keep], tables) * 100
               / np.maximum(np.bincount(ns[keep], minlength=tables) * top, 1))
    sess_ew = (np.bincount(ew[keep], ew_units[keep], tables) * 100
               / np.maximum(np.bincount(ew[keep], minlength=tables) * top, 1))
    ns_units[art] = np.maximum(60.0, sess_ns[ns[art]]) * top / 100
    ew_units[art] = np.minimum(40.0, sess_ew[ew[art]]) * top / 100
    out: dict[str, Any] = {}
    expected = max(int(boards_ns.max()), int(boards_ew.max()))
    for side, idx, count in (("NS", ns, boards_ns), ("EW", ew, boards_ew)):
        raw = np.bincount(idx, ns_units if side == "NS" else ew_units, tables)
        pct = raw * 100 / (count * top)
        total = raw * expected / count
        order = np.lexsort((np.arange(tables), -total))
        place = np.searchsorted(-total[order], -total[order], "left") + 1
        out[side + " pct"], out[side + " order"], out[side + " place"] = pct, order, place
    return out


def timed(rounds: int, work: Callable[[], object]) -> tuple[float, float, Any]:
    """The best wall time and the best CPU time (this process's) of ``rounds`` runs, and the value."""
    best, best_cpu, value = float("inf"), float("inf"), None
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        value = work()
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
    return best, best_cpu, value


def side_by_side(label: str, rounds: int, ours: Callable[[], object], theirs: Callable[[], object]
                 ) -> tuple[Any, Any]:
    """Each round times Tenace, then NumPy (best of 3) right after it, so both see the same machine load; the
    ratio printed is the median of the rounds' ratios, the times the best ones. The CPU ratio (process CPU
    time, which waiting for a core does not inflate) is the one to trust on a loaded machine: there a short
    NumPy run is more often lucky with its time slice than a long Python one."""
    ratios, cpu_ratios, best_ours, best_theirs = [], [], float("inf"), float("inf")
    for _ in range(rounds):
        t_ours, cpu_ours, ours_value = timed(1, ours)
        t_theirs, cpu_theirs, theirs_value = timed(3, theirs)
        ratios.append(t_ours / t_theirs)
        cpu_ratios.append(cpu_ours / max(cpu_theirs, 1e-6))
        best_ours, best_theirs = min(best_ours, t_ours), min(best_theirs, t_theirs)
    ratios.sort()
    cpu_ratios.sort()
    print(f"{label:<46} Tenace {best_ours * 1000:8.1f} ms   NumPy {best_theirs * 1000:6.1f} ms   "
          f"ratio {ratios[len(ratios) // 2]:6.1f}x   CPU time ratio {cpu_ratios[len(cpu_ratios) // 2]:6.1f}x",
          flush=True)
    return ours_value, theirs_value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=("law77", "matchpoints", "field", "lines"), action="append",
                        help="time only these rows (repeatable; default: all)")
    args = parser.parse_args()
    rows = set(args.only or ("law77", "matchpoints", "field", "lines"))
    f = Field(args.pairs, args.boards, args.seed)
    print(f"field: {args.pairs:,} pairs x {args.boards} boards, {len(f.results):,} results "
          f"({int((f.a['kind'] == 1).sum())} artificial, {len(f.weighted)} weighted)")

    def tenace_law77() -> list[Entry]:
        return [r.ns_score() for r in f.results]

    if "law77" in rows:
        entries, np_scores = side_by_side("Law 77 (Result.ns_score of every result)", args.rounds,
                                          tenace_law77, lambda: numpy_law77(f))
    else:
        entries, np_scores = tenace_law77(), numpy_law77(f)
    plain_mask = f.a["kind"] == 0
    assert [e for e, p in zip(entries, plain_mask, strict=True) if p] == np_scores[plain_mask].tolist()
    played = [(r.contract, r.tricks, r.board) for r in f.results
              if r.contract is not None and r.tricks is not None]
    vulnerable = {b: (bool(f.vul[b - 1, 0]), bool(f.vul[b - 1, 1])) for b in range(1, f.boards + 1)}
    law77_inputs = [(c, t, vulnerable[b][0 if c.declarer in (Seat.NORTH, Seat.SOUTH) else 1])
                    for c, t, b in played]

    def points_score() -> list[int]:
        return [score(c, t, vulnerable=v) for c, t, v in law77_inputs]

    if "law77" in rows:
        side_by_side("Law 77 (points.score, vulnerability given)", args.rounds, points_score,
                     lambda: numpy_law77(f))

    boards = f.table_results(entries)
    if "matchpoints" in rows:
        side_by_side("matchpoints (scoring.matchpoints.score_event)", args.rounds,
                     lambda: mp_score_event(boards), lambda: numpy_matchpoints(f, np_scores))
    if "field" in rows:
        scored, ref = side_by_side("whole field (tournament.scoring.score_event)", args.rounds,
                                   lambda: score_event(f.event, f.results),
                                   lambda: numpy_matchpoints(f, numpy_law77(f)))
    else:
        scored, ref = score_event(f.event, f.results), numpy_matchpoints(f, numpy_law77(f))

    def field_and_lines() -> int:
        return sum(len(traveller.lines) for traveller in score_event(f.event, f.results).travellers)

    if "lines" in rows:
        side_by_side("whole field, every traveller line read", args.rounds, field_and_lines,
                     lambda: numpy_matchpoints(f, numpy_law77(f)))

    # What the API's own objects cost, with no scoring at all: the published travellers hold one frozen
    # TravellerLine per result, made in pure Python; against the same NumPy computation of the whole field.
    lines = [line for traveller in scored.travellers for line in traveller.lines]

    def traveller_lines() -> list[TravellerLine]:  # as the columnar scorer makes them
        return [new_traveller_line(line.result, line.ns_score, line.ns_points, line.ew_points,
                                   line.ns_percentage, line.ew_percentage) for line in lines]

    if "lines" in rows:
        side_by_side("lines only (TravellerLine per result)", args.rounds, traveller_lines,
                     lambda: numpy_matchpoints(f, numpy_law77(f)))

    worst, agree, count = 0.0, 0, 0
    for ranking in scored.rankings:
        pct, place = ref[ranking.title + " pct"], ref[ranking.title + " place"]
        order = ref[ranking.title + " order"]
        np_place = dict(zip(order.tolist(), place.tolist(), strict=True))
        for s in ranking.standings:
            i = int(s.contestant[:-2]) - 1
            worst = max(worst, abs(float(s.percentage) - pct[i]))
            agree += np_place[i] == s.rank
            count += 1
    print(f"check: NumPy's percentages within {worst:.1e} of Tenace's exact ones; "
          f"places agree for {agree:,} of {count:,}")


if __name__ == "__main__":
    main()
