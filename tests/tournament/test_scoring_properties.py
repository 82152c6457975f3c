"""Properties of score_event over random Mitchell events (hypothesis)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.tournament.model import Comparison, Conditions, Method, Result
from tenace.tournament.scoring import score_event
from tenace.tournament.standings import EventResults

from ._events import mitchell, pairs_event, random_results


@st.composite
def events(draw: st.DrawFn) -> tuple[int, list[Result]]:
    """A 3- or 5-table Mitchell with random results, some boards not played, some boards fouled."""
    tables = draw(st.sampled_from([3, 5]))
    seed = draw(st.integers(0, 10_000))
    results = random_results(mitchell(tables, 2), seed)
    rng = random.Random(seed)
    kept = [r for r in results if rng.random() > 0.1]
    out = []
    for r in kept:
        fouled = r.board % 4 == 0 and draw(st.booleans())
        out.append(Result(r.board, r.round, r.table, r.ns, r.ew, r.contract, r.tricks,
                          group=(1 + r.table % 2) if fouled else None))
    return tables, out


def _lines(scored: EventResults) -> dict[tuple[int, int, int], tuple[Fraction, Fraction]]:
    return {(line.result.board, line.result.round, line.result.table): (line.ns_points, line.ew_points)
            for t in scored.travellers for line in t.lines}


@settings(max_examples=40, deadline=None)
@given(events())
def test_matchpoints_on_a_board_sum_to_top_times_lines_over_two(case: tuple[int, list[Result]]) -> None:
    tables, results = case
    scored = score_event(pairs_event(mitchell(tables, 2)), results)
    for traveller in scored.travellers:
        assert traveller.top is not None
        half = Fraction(traveller.top * len(traveller.lines), 2)
        assert sum((line.ns_points for line in traveller.lines), Fraction(0)) == half
        assert sum((line.ew_points for line in traveller.lines), Fraction(0)) == half
        for line in traveller.lines:
            assert line.ns_points + line.ew_points == traveller.top


@settings(max_examples=30, deadline=None)
@given(events(), st.randoms(use_true_random=False), st.sampled_from(list(Method)[:4]))
def test_permuting_the_results_changes_nothing(
    case: tuple[int, list[Result]], rng: random.Random, method: Method
) -> None:
    tables, results = case
    event = pairs_event(mitchell(tables, 2), conditions=Conditions(method=method))
    shuffled = list(results)
    rng.shuffle(shuffled)
    one, two = score_event(event, results), score_event(event, shuffled)
    assert one.rankings == two.rankings
    assert _lines(one) == _lines(two)


@settings(max_examples=30, deadline=None)
@given(events())
def test_ranking_ties_are_symmetric(case: tuple[int, list[Result]]) -> None:
    tables, results = case
    scored = score_event(pairs_event(mitchell(tables, 2)), results)
    for ranking in scored.rankings:
        for s in ranking.standings:
            equal = [o for o in ranking.standings if o.total == s.total]
            assert all(o.rank == s.rank and o.tied == s.tied for o in equal)
            assert s.tied == (len(equal) > 1)
            assert s.rank == 1 + sum(1 for o in ranking.standings if o.total > s.total)


@settings(max_examples=20, deadline=None)
@given(events())
def test_one_section_compared_alone_is_the_same_as_the_field(case: tuple[int, list[Result]]) -> None:
    tables, results = case
    field = score_event(pairs_event(mitchell(tables, 2)), results)
    by_section = Conditions(comparison=Comparison.SECTION)
    section = score_event(pairs_event(mitchell(tables, 2), conditions=by_section), results)
    assert field.rankings == section.rankings
