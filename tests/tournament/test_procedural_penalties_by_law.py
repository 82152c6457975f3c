"""Clauses of Laws 7-71 whose only sanction is the Director's procedural penalty (Law 90): the penalty he
records for the event comes off the contestant's total, whatever infraction it was given for."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tenace.tournament.model import Penalty
from tenace.tournament.scoring import score_event

from ._events import mitchell, pairs_event, random_results

REASONS = {
    "11B": "Law 11B: a penalty although the right to rectification was forfeited",
    "15A4": "Law 15A4: called with the cards of another board",
    "20G1": "Law 20G1: a question asked only to help partner",
    "20G2": "Law 20G2: a question asked to draw a wrong answer",
    "40B3(b)": "Law 40B3(b): repeated failures to disclose agreements",
    "43B1": "Law 43B1: dummy broke a limitation of Law 43A",
}


@pytest.mark.parametrize("clause", sorted(REASONS))
def test_the_directors_procedural_penalty_for_the_clause_comes_off_the_total(clause: str) -> None:
    """Laws 11B, 15A4, 20G1, 20G2, 40B3(b) and 43B1 leave a procedural penalty (Law 90) to the Director:
    recorded for pair 2NS, it lowers that pair's total by exactly its points and nobody else's."""
    movement = mitchell(3, 2)
    results = random_results(movement, seed=91)
    plain = score_event(pairs_event(movement), results)
    penalty = Penalty("2NS", Fraction(1), "90", REASONS[clause])
    scored = score_event(pairs_event(movement), results, [penalty])
    assert scored.penalties == (penalty,)
    for ranking in plain.rankings:
        for before in ranking.standings:
            after = scored.standing(before.contestant)
            expected = before.total - (1 if before.contestant == "2NS" else 0)
            assert after.total == expected
