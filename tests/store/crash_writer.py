"""Entered results, acknowledged one by one: run as a script by test_crash.py, which kills it with SIGKILL.

    python crash_writer.py URL COUNT [EVENT]

Creates an event (or uses event number EVENT, made with :func:`crash_event`), prints ``event <id>``, then
enters COUNT results, printing ``ack <key>`` after each ``Store.enter`` has returned (its transaction
committed). test_concurrency.py runs two of them at once on one event.
"""

from __future__ import annotations

import sys

from tenace.contract import Contract
from tenace.store import Store
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Movement,
    Participant,
    Result,
    Seating,
    Session,
)

CONTRACTS = ("3NTN", "4SE", "2HXS", "6CW", "1NTXXN")


def movement(count: int) -> Movement:
    """Two pairs meeting at one table for ``count`` rounds of one board each."""
    return Movement("long", tuple(Seating(r, 1, "1", "2", (r,)) for r in range(1, count + 1)))


def expected_result(i: int) -> Result:
    """The ``i``-th result the writer enters (from 1)."""
    return Result(
        board=i, round=i, table=1, ns="1", ew="2", contract=Contract.from_str(CONTRACTS[i % 5]), tricks=i % 14
    )


def key(i: int) -> str:
    return f"crash-{i}"


def crash_event(count: int) -> Event:
    return Event(
        "crash test",
        EventKind.PAIRS,
        Conditions(),
        (Participant("1", "One"), Participant("2", "Two")),
        (Session(1, (movement(count),)),),
    )


def main(url: str, count: int, event: int | None) -> None:
    with Store.open(url) as store:
        event_id = store.create_event(crash_event(count)) if event is None else event
        sys.stdout.write(f"event {event_id}\n")
        sys.stdout.flush()
        for i in range(1, count + 1):
            store.enter(event_id, 1, expected_result(i), by="crash writer", key=key(i))
            sys.stdout.write(f"ack {key(i)}\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None)
