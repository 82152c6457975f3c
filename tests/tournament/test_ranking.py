"""Rankings: shared places, tie-breaks, deterministic order (tenace.tournament.ranking)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.tournament.model import TieBreak
from tenace.tournament.ranking import Entrant, natural_key, rank


def _entrants(totals: dict[str, int], won: dict[str, int] | None = None) -> list[Entrant]:
    return [Entrant(c, f"Pair {c}", 3, Fraction(t), boards_won=(won or {}).get(c, 0))
            for c, t in totals.items()]


def test_shared_places_skip_the_places_they_take() -> None:
    ranking = rank("Overall", _entrants({"1": 30, "2": 50, "3": 30, "4": 30, "10": 10}))
    assert [(s.place, s.contestant) for s in ranking.standings] == [
        ("1", "2"), ("2=", "1"), ("2=", "3"), ("2=", "4"), ("5", "10")]


def test_boards_won_breaks_a_tie_and_what_is_left_shares() -> None:
    entrants = _entrants({"1": 30, "2": 30, "3": 30, "4": 20}, won={"1": 4, "2": 6, "3": 4})
    ranking = rank("Overall", entrants, TieBreak.MORE_BOARDS_WON)
    assert [(s.place, s.contestant) for s in ranking.standings] == [
        ("1", "2"), ("2=", "1"), ("2=", "3"), ("4", "4")]


def test_head_to_head_puts_the_winner_of_the_meeting_first() -> None:
    met = {("1", "2"): Fraction(3), ("2", "1"): Fraction(-3)}
    ranking = rank("Overall", _entrants({"1": 30, "2": 30, "3": 40}), TieBreak.HEAD_TO_HEAD,
                   head_to_head=lambda a, b: met.get((a, b), Fraction(0)))
    assert [(s.place, s.contestant) for s in ranking.standings] == [("1", "3"), ("2", "1"), ("3", "2")]
    never_met = rank("Overall", _entrants({"1": 30, "2": 30}), TieBreak.HEAD_TO_HEAD,
                     head_to_head=lambda a, b: Fraction(0))
    assert [s.place for s in never_met.standings] == ["1=", "1="]


def test_bad_rankings_are_refused() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        rank("x", _entrants({"1": 1}) * 2)
    with pytest.raises(ValueError, match="head-to-head"):
        rank("x", _entrants({"1": 1}), TieBreak.HEAD_TO_HEAD)


def test_natural_order() -> None:
    assert sorted(["12EW", "3NS", "B", "10", "2"], key=natural_key) == ["2", "3NS", "10", "12EW", "B"]


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(1, 40).map(str), st.integers(-3, 3), min_size=1, max_size=12),
       st.randoms(use_true_random=False))
def test_ties_are_symmetric_and_the_order_does_not_depend_on_the_input(
    totals: dict[str, int], rng: random.Random
) -> None:
    entrants = _entrants(totals)
    shuffled = list(entrants)
    rng.shuffle(shuffled)
    ranking = rank("Overall", entrants)
    assert ranking == rank("Overall", shuffled)
    for s in ranking.standings:
        assert s.rank == 1 + sum(1 for t in totals.values() if t > totals[s.contestant])
        assert s.tied == (sum(1 for t in totals.values() if t == totals[s.contestant]) > 1)
