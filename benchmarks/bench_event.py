"""Event speed: scoring a 10,000-pair x 24-board event, and importing 1,000 results through the store.

Run: ``.venv/bin/python benchmarks/bench_event.py [--pairs 10000] [--boards 24] [--per-round 2]
[--results 1000] [--seed 1]``

* ``score_event``: a Mitchell-like field of ``--pairs`` pairs at ``pairs / 2`` tables; North-South stay,
  East-West move one table a round, ``--per-round`` boards a round, every table plays every board (so each
  board has ``pairs / 2`` results and every pair ``--boards`` results). Results are seeded random contracts
  and tricks (:class:`~tenace.tournament.model.Result`, scored by Law 77 inside the scorer), with one
  artificial adjusted score (Law 12C2) per board so that the session rule and Neuberg factoring both run.
  Timed once (it is large); the time includes building the travellers, matchpointing (Law 78A), totals and
  both rankings.
* ``Store.enter_many``: ``--results`` results of a Mitchell session entered in one transaction into a fresh
  SQLite file (each checked against the movement, versioned and written to the audit trail), as ``tenace
  event import`` does; then the same number entered one call (one transaction) at a time, as table devices
  send them; then reading them back with ``Store.results``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award
from tenace.store import Store
from tenace.tournament.model import Conditions, Event, EventKind, Movement, Participant, Result, Seating
from tenace.tournament.movements.mitchell import mitchell
from tenace.tournament.scoring import score_event

_CONTRACTS = [Contract.from_str(text) for text in (
    "1NTN", "2SS", "3NTN", "4HS", "4SN", "3DE", "2HW", "4SE", "3NTW", "5CN", "6HS", "2CE", "1SW", "3HN",
)]


def random_result(rng: random.Random, board: int, round: int, table: int, ns: str, ew: str) -> Result:
    roll = rng.random()
    if roll < 0.02:
        return Result(board=board, round=round, table=table, ns=ns, ew=ew)  # passed out
    contract = rng.choice(_CONTRACTS)
    tricks = max(0, min(13, contract.tricks_needed + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))))
    return Result(board=board, round=round, table=table, ns=ns, ew=ew, contract=contract, tricks=tricks)


def big_field(pairs: int, boards: int, per_round: int, seed: int) -> tuple[Event, list[Result]]:
    tables = pairs // 2
    rounds = -(-boards // per_round)
    rng = random.Random(seed)
    results: list[Result] = []
    for r in range(rounds):
        board_numbers = range(r * per_round + 1, min(boards, (r + 1) * per_round) + 1)
        for t in range(tables):
            ns, ew = f"{t + 1}NS", f"{(t - r) % tables + 1}EW"
            for b in board_numbers:
                results.append(random_result(rng, b, r + 1, t + 1, ns, ew))
    # One artificial adjusted score per board (Law 12C2): the Law 12C2(c) session rule and Neuberg run.
    for b in range(1, boards + 1):
        i = next(i for i, res in enumerate(results) if res.board == b)
        old = results[i]
        results[i] = Result(board=b, round=old.round, table=old.table, ns=old.ns, ew=old.ew,
                            adjusted=ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS))
    participants = tuple(Participant(f"{t}{d}", f"Pair {t}{d}")
                         for t in range(1, tables + 1) for d in ("NS", "EW"))
    return Event("Benchmark", EventKind.PAIRS, Conditions(), participants), results


def session_results(movement: Movement, count: int, seed: int) -> list[Result]:
    rng = random.Random(seed)
    slots: list[tuple[Seating, int]] = [(s, b) for s in movement.seatings for b in s.boards]
    if len(slots) < count:
        raise SystemExit(f"the movement has only {len(slots)} slots, fewer than --results {count}")
    return [random_result(rng, b, s.round, s.table, s.ns, s.ew) for s, b in slots[:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--per-round", type=int, default=2)
    parser.add_argument("--results", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.perf_counter()
    event, results = big_field(args.pairs, args.boards, args.per_round, args.seed)
    built = time.perf_counter() - start
    print(f"built {len(results):,} results ({args.pairs:,} pairs x {args.boards} boards) in {built:.2f} s")
    start = time.perf_counter()
    scored = score_event(event, results)
    seconds = time.perf_counter() - start
    standings = sum(len(r.standings) for r in scored.rankings)
    print(f"{'score_event':<40} {seconds:8.2f} s  {len(results) / seconds:>10,.0f} results/s  "
          f"({standings:,} standings in {len(scored.rankings)} rankings)")

    # A Mitchell session big enough for --results slots (4 boards a round).
    tables = 3
    while tables * tables * 4 < args.results:
        tables += 2
    movement = mitchell(tables, boards_per_round=4)
    participants = tuple(Participant(p, f"Pair {p}") for p in movement.contestants)
    session = session_results(movement, args.results, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        for label, one_by_one in (("Store.enter_many (one transaction)", False),
                                  ("Store.enter (one transaction each)", True)):
            url = f"sqlite:///{Path(tmp) / f'bench-{one_by_one}.db'}"
            with Store.open(url) as store:
                event_id = store.create_event(Event("Import", EventKind.PAIRS, Conditions(), participants))
                store.set_movement(event_id, 1, movement)
                start = time.perf_counter()
                if one_by_one:
                    for r in session:
                        store.enter(event_id, 1, r, by="device")
                else:
                    store.enter_many(event_id, 1, session, by="import")
                seconds = time.perf_counter() - start
                print(f"{label:<40} {seconds:8.2f} s  {len(session) / seconds:>10,.0f} results/s  "
                      f"({tables}-table Mitchell)")
                start = time.perf_counter()
                back = store.results(event_id)
                seconds = time.perf_counter() - start
                assert len(back) == len(session)
                print(f"{'Store.results (read back)':<40} {seconds:8.2f} s  "
                      f"{len(back) / seconds:>10,.0f} results/s")


if __name__ == "__main__":
    main()
