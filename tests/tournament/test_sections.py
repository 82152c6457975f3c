"""A session of two sections playing the same boards: compared and ranked within each section or over the
whole field, as the Conditions say (Law 78D). Matchpoints are counted here by hand (Law 78A)."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

from tenace.contract import Contract
from tenace.tournament.model import (
    Comparison,
    Conditions,
    Event,
    EventKind,
    Participant,
    Result,
    Session,
)
from tenace.tournament.scoring import score_event

from ._events import CONTRACTS, brute_units, mitchell, score_of


def _event(comparison: Comparison) -> tuple[Event, list[Result]]:
    a = mitchell(3, 2, name="A", suffix="a")
    b = mitchell(3, 2, name="B", suffix="b")
    ids = [*a.contestants, *b.contestants]
    event = Event("Two sections", EventKind.PAIRS, Conditions(comparison=comparison),
                  tuple(Participant(i, f"Pair {i}") for i in ids), (Session(1, (a, b)),))
    rng = random.Random(8)
    results = []
    for movement in (a, b):
        for s in movement.seatings:
            for board in s.boards:
                contract = Contract.from_str(rng.choice(CONTRACTS))
                tricks = rng.randint(contract.level + 4, min(13, contract.level + 8))
                results.append(Result(board, s.round, s.table, s.ns, s.ew, contract, tricks))
    return event, results


def _units(results: list[Result], same_group: bool) -> dict[str, int]:
    """Matchpoint units per pair, every board compared in its section (``same_group``) or over the field."""
    totals: dict[str, int] = defaultdict(int)
    groups: dict[tuple[int, str], list[Result]] = defaultdict(list)
    for r in results:
        groups[(r.board, r.ns[-1] if same_group else "")].append(r)
    for lines in groups.values():
        scores = [score_of(r) for r in lines]
        for r, units in zip(lines, brute_units(scores), strict=True):
            totals[r.ns] += units
            totals[r.ew] += 2 * (len(lines) - 1) - units
    return totals


def test_section_comparison_ranks_each_section_on_its_own() -> None:
    event, results = _event(Comparison.SECTION)
    scored = score_event(event, results)
    assert [r.title for r in scored.rankings] == ["A NS", "A EW", "B NS", "B EW"]
    expected = _units(results, same_group=True)
    for ranking in scored.rankings:
        section = ranking.title[0].lower()
        direction = ranking.title[-2:]
        assert {s.contestant for s in ranking.standings} == {f"{t}{direction}{section}" for t in (1, 2, 3)}
        assert {s.contestant: s.total for s in ranking.standings} == {
            s.contestant: Fraction(expected[s.contestant]) for s in ranking.standings}
        totals = [s.total for s in ranking.standings]
        assert totals == sorted(totals, reverse=True)


def test_field_comparison_ranks_the_whole_field() -> None:
    event, results = _event(Comparison.FIELD)
    scored = score_event(event, results)
    assert [r.title for r in scored.rankings] == ["NS", "EW"]
    expected = _units(results, same_group=False)
    for ranking in scored.rankings:
        assert len(ranking.standings) == 6
        assert all(s.total == expected[s.contestant] for s in ranking.standings)
