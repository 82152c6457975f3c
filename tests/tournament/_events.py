"""Small hand-made events for the scoring tests, and straightforward re-computations written without
tenace.scoring: a matchpointer that counts scores beaten and tied, Neuberg's formula, the Law 78B table, a
Butler datum and cross-IMPs by brute force."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from tenace.contract import Contract
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

CONTRACTS = ("4SN", "3NTS", "4HE", "2DW", "1NTN", "5CE", "3SN", "6NTS", "2HE", "4SW")


def mitchell(tables: int, boards_per_round: int, *, first_board: int = 1, name: str = "A",
             suffix: str = "") -> Movement:
    """A plain Mitchell for an odd number of tables: NS pairs stay (``"1NS"``), EW pairs move up a table and
    the boards down a table each round, so every EW pair meets every NS pair and every board set once."""
    seatings = []
    for rnd in range(tables):
        for t in range(tables):
            ew = (t - rnd) % tables
            board_set = (t + rnd) % tables
            start = first_board + board_set * boards_per_round
            seatings.append(Seating(rnd + 1, t + 1, f"{t + 1}NS{suffix}", f"{ew + 1}EW{suffix}",
                                    tuple(range(start, start + boards_per_round))))
    return Movement(name, tuple(seatings))


def participants(movement: Movement, *phantoms: str) -> tuple[Participant, ...]:
    return tuple(Participant(c, f"Pair {c}", phantom=c in phantoms) for c in movement.contestants)


def pairs_event(*movements: Movement, conditions: Conditions | None = None, phantoms: Sequence[str] = (),
                sessions: Sequence[tuple[Movement, ...]] | None = None,
                carry_over: tuple[tuple[str, Fraction], ...] = ()) -> Event:
    groups = list(sessions) if sessions is not None else [movements]
    seen: dict[str, Participant] = {}
    for group in groups:
        for movement in group:
            for p in participants(movement, *phantoms):
                seen.setdefault(p.id, p)
    return Event("Test pairs", EventKind.PAIRS, conditions or Conditions(), tuple(seen.values()),
                 tuple(Session(i + 1, tuple(group)) for i, group in enumerate(groups)), carry_over)


def random_results(
    movement: Movement, seed: int, *, session: int = 1, skip: Sequence[str] = ()
) -> list[Result]:
    """One random result for every board of every seating (none at a table where a ``skip`` pair sits)."""
    rng = random.Random(seed)
    out = []
    for s in movement.seatings:
        if s.ns in skip or s.ew in skip:
            continue
        for board in s.boards:
            contract = Contract.from_str(rng.choice(CONTRACTS))
            tricks = rng.randint(max(0, contract.level + 6 - 3), min(13, contract.level + 6 + 2))
            out.append(Result(board, s.round, s.table, s.ns, s.ew, contract, tricks, session=session))
    return out


def score_of(result: Result) -> int:
    score = result.ns_score()
    assert isinstance(score, int)
    return score


# --- brute force --------------------------------------------------------------------------------------------


def brute_units(scores: Sequence[int | Fraction]) -> list[int]:
    """North-South units: 2 for every other score beaten, 1 for every other score tied (Law 78A)."""
    return [sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(scores) if j != i)
            for i, s in enumerate(scores)]


def neuberg_formula(units: Fraction | int, results: int, field: int) -> Fraction:
    """The published Neuberg formula: ((units + 1) * field / results) - 1, with units counted as above."""
    return Fraction(units + 1) * field / results - 1


LAW_78B = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
           2250, 2500, 3000, 3500, 4000)


def law_imps(difference: Fraction | int) -> int:
    size = abs(difference)
    won = sum(1 for bound in LAW_78B if size >= bound)
    return won if difference >= 0 else -won


def brute_datum(scores: Sequence[int]) -> int:
    """Drop one top and one bottom, average, round to 10 (a tie away from zero)."""
    kept = sorted(scores)[1:-1]
    mean = Fraction(sum(kept), len(kept))
    tens = mean / 10
    whole = int(abs(tens))
    if abs(tens) - whole >= Fraction(1, 2):
        whole += 1
    return 10 * (whole if tens >= 0 else -whole)
