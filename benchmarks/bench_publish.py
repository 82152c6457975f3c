"""Publishing speed: every form of ``tenace.tournament.publish`` on a large scored pairs event.

Run: ``.venv/bin/python benchmarks/bench_publish.py [--tables 15] [--boards 27] [--rounds 3]``

The event is one Mitchell field: ``--tables`` North-South pairs and as many East-West pairs, every board
played at every table (``tables * boards`` traveller lines), random contracts and results with a few
artificial adjusted scores, scored by ``tenace.tournament.scoring.score_event``; every board has a random
deal. Timings are the best of ``--rounds`` runs; the sizes are the output's length in characters.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tenace import DECK, CardSet, Deal
from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award
from tenace.tournament.model import Conditions, Event, EventKind, Participant, Result
from tenace.tournament.publish import rankings_csv, render_pages, results_json, travellers_csv
from tenace.tournament.publish.pbn import results_pbn
from tenace.tournament.publish.usebio import results_usebio
from tenace.tournament.scoring import score_event
from tenace.tournament.standings import EventResults

CONTRACTS = ("4SN", "3NTS", "4HE", "2DW", "1NTN", "5CE", "3SN", "6NTS", "2HE", "4SW", "3CN", "2SE")


def event_and_results(tables: int, boards: int) -> tuple[Event, EventResults, dict[int, Deal]]:
    rng = random.Random(1)
    participants = tuple(Participant(f"{n}{d}", f"Player {n}{d}a & Player {n}{d}b")
                         for n in range(1, tables + 1) for d in ("NS", "EW"))
    results = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            ew = (table + board) % tables + 1
            ns_id, ew_id = f"{table}NS", f"{ew}EW"
            if rng.random() < 0.01:
                award = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
                results.append(Result(board, board, table, ns_id, ew_id, adjusted=award))
                continue
            contract = Contract.from_str(rng.choice(CONTRACTS))
            tricks = max(0, min(13, contract.tricks_needed + rng.choice((-2, -1, 0, 0, 0, 1, 1, 2))))
            results.append(Result(board, board, table, ns_id, ew_id, contract, tricks))
    event = Event("Benchmark pairs", EventKind.PAIRS, Conditions(), participants)
    deals = {}
    for board in range(1, boards + 1):
        cards = list(DECK)
        rng.shuffle(cards)
        deals[board] = Deal.from_pbn("N:" + " ".join(CardSet(cards[13 * i: 13 * i + 13]).to_pbn()
                                                     for i in range(4)))
    return event, score_event(event, results), deals


def best(rounds: int, work: Callable[[], object]) -> tuple[float, object]:
    times = []
    out: object = None
    for _ in range(rounds):
        start = time.perf_counter()
        out = work()
        times.append(time.perf_counter() - start)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=27)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    event, results, deals = event_and_results(args.tables, args.boards)
    lines = sum(len(t.lines) for t in results.travellers)
    print(f"{args.tables} tables, {args.boards} boards, {lines} traveller lines")
    forms: list[tuple[str, Callable[[], object]]] = [
        ("HTML (index + hand records)", lambda: render_pages(event, results, boards=deals)),
        ("CSV rankings + travellers", lambda: rankings_csv(event, results) + travellers_csv(event, results)),
        ("JSON", lambda: results_json(event, results)),
        ("PBN", lambda: results_pbn(event, results, boards=deals)),
        ("USEBIO", lambda: results_usebio(event, results, boards=deals)),
    ]
    for name, work in forms:
        seconds, out = best(args.rounds, work)
        size = sum(len(v) for v in out.values()) if isinstance(out, dict) else len(str(out))
        print(f"{name:30s} {seconds * 1000:8.1f} ms  {size / 1000:8.1f} k chars")


if __name__ == "__main__":
    main()
