"""Whole-event scoring speed: ``tenace.tournament.scoring.score_event`` on a large pairs event and a teams
league.

Run: ``.venv/bin/python benchmarks/bench_tournament_scoring.py [--tables 13] [--sections 4] [--sessions 2]
[--boards-per-round 2] [--teams 16] [--rounds 3]``

* pairs: ``--sections`` Mitchell sections of ``--tables`` tables (odd), every section playing the same boards,
  compared across the field, over ``--sessions`` sessions, with a few artificial scores (the Law 12C2(c)
  session rule runs), a fouled board and a few boards not played (Neuberg factoring and scaled totals).
  Timed for matchpoints and Butler.
* teams: a ``--teams`` round robin of 12-board matches (two rooms each), to VPs.

Timings are the best of ``--rounds`` runs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Result,
    Seating,
    Session,
)
from tenace.tournament.scoring import score_event

CONTRACTS = ("4SN", "3NTS", "4HE", "2DW", "1NTN", "5CE", "3SN", "6NTS", "2HE", "4SW", "3CN", "2SE")


def mitchell(tables: int, per_round: int, section: str, first_board: int) -> Movement:
    seatings = []
    for rnd in range(tables):
        for t in range(tables):
            start = first_board + ((t + rnd) % tables) * per_round
            ew = f"{(t - rnd) % tables + 1}EW{section}"
            seatings.append(Seating(rnd + 1, t + 1, f"{t + 1}NS{section}", ew,
                                    tuple(range(start, start + per_round))))
    return Movement(section, tuple(seatings))


def pairs_event(args: argparse.Namespace, method: Method) -> tuple[Event, list[Result]]:
    rng = random.Random(1)
    sessions = []
    results = []
    people: dict[str, Participant] = {}
    boards_per_session = args.tables * args.boards_per_round
    for number in range(1, args.sessions + 1):
        first = 1 + (number - 1) * boards_per_session
        movements = tuple(mitchell(args.tables, args.boards_per_round, chr(65 + s), first)
                          for s in range(args.sections))
        sessions.append(Session(number, movements))
        for movement in movements:
            for s in movement.seatings:
                for who in (s.ns, s.ew):
                    people.setdefault(who, Participant(who, who))
                for board in s.boards:
                    roll = rng.random()
                    if roll < 0.01:
                        continue  # not played
                    if roll < 0.02:
                        award = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
                        results.append(Result(board, s.round, s.table, s.ns, s.ew, adjusted=award,
                                              session=number))
                        continue
                    contract = Contract.from_str(rng.choice(CONTRACTS))
                    tricks = rng.randint(contract.level + 4, min(13, contract.level + 8))
                    group = 1 + s.table % 2 if board == first else None  # the first board is fouled
                    results.append(Result(board, s.round, s.table, s.ns, s.ew, contract, tricks, group=group,
                                          session=number))
    event = Event("bench", EventKind.PAIRS, Conditions(method=method), tuple(people.values()),
                  tuple(sessions))
    return event, results


def teams_event(teams: int) -> tuple[Event, list[Result]]:
    rng = random.Random(2)
    names = [f"T{i}" for i in range(1, teams + 1)]
    seatings = []
    results = []
    order = list(names)
    for rnd in range(1, teams):  # the circle method
        for i in range(teams // 2):
            home, away = order[i], order[-1 - i]
            boards = tuple(range(1, 13))
            open_s = Seating(rnd, 2 * i + 1, home, away, boards, room="open")
            closed_s = Seating(rnd, 2 * i + 2, away, home, boards, room="closed")
            seatings += [open_s, closed_s]
            for s in (open_s, closed_s):
                for board in boards:
                    contract = Contract.from_str(rng.choice(CONTRACTS))
                    tricks = rng.randint(contract.level + 4, min(13, contract.level + 8))
                    results.append(Result(board, rnd, s.table, s.ns, s.ew, contract, tricks))
        order = [order[0], order[-1], *order[1:-1]]
    event = Event("league", EventKind.TEAMS, Conditions(method=Method.TEAM_IMPS),
                  tuple(Participant(n, n) for n in names), (Session(1, (Movement("RR", tuple(seatings)),)),))
    return event, results


def best(rounds: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=13)
    parser.add_argument("--sections", type=int, default=4)
    parser.add_argument("--sessions", type=int, default=2)
    parser.add_argument("--boards-per-round", type=int, default=2)
    parser.add_argument("--teams", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for method in (Method.MATCHPOINTS, Method.BUTLER):
        event, results = pairs_event(args, method)
        seconds = best(args.rounds, lambda e=event, r=results: score_event(e, r))  # type: ignore[misc]
        print(f"pairs {method.value:12} {len(event.participants):5} pairs {len(results):6} results: "
              f"{seconds * 1000:8.1f} ms ({seconds / len(results) * 1e6:.1f} µs per result)")
    event, results = teams_event(args.teams)
    seconds = best(args.rounds, lambda: score_event(event, results))
    print(f"teams round robin     {args.teams:5} teams {len(results):6} results: {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
