"""The text forms the store writes parse back to the same values (tenace.store.codec)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.store.codec import (
    decode_adjustment,
    decode_boards,
    decode_conditions,
    encode_adjustment,
    encode_boards,
    encode_conditions,
)
from tenace.tournament.model import Conditions

from .events import unusual_conditions

percentages = st.fractions(min_value=0, max_value=100, max_denominator=8)
sides = st.one_of(st.sampled_from(list(Award)), percentages)
weights = st.lists(st.integers(1, 6), min_size=1, max_size=4).map(
    lambda parts: [Fraction(p, sum(parts)) for p in parts]
)


@st.composite
def weighted_scores(draw: st.DrawFn) -> WeightedScore:
    shares = draw(weights)
    scores = draw(
        st.lists(
            st.integers(-7600, 7600).map(lambda s: s - s % 10), min_size=len(shares), max_size=len(shares)
        )
    )
    return WeightedScore(tuple(zip(scores, shares, strict=True)))


@given(sides, sides)
def test_artificial_adjusted_scores_round_trip(ns: Award | Fraction, ew: Award | Fraction) -> None:
    score = ArtificialAdjustedScore(ns, ew)
    assert decode_adjustment(encode_adjustment(score)) == score


@given(weighted_scores(), weighted_scores())
def test_assigned_adjusted_scores_round_trip_weighted_and_non_balancing(
    ns: WeightedScore, ew: WeightedScore
) -> None:
    score = AssignedAdjustedScore(ns, ew)
    assert decode_adjustment(encode_adjustment(score)) == score


def test_an_explicit_sixty_percent_stays_distinct_from_average_plus() -> None:
    """The USEBIO code prints both as A6040; the store must not turn one into the other (Law 12C2)."""
    explicit = ArtificialAdjustedScore(Fraction(60), Fraction(40))
    awarded = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    assert str(explicit) == str(awarded)
    assert decode_adjustment(encode_adjustment(explicit)) == explicit
    assert decode_adjustment(encode_adjustment(awarded)) == awarded
    assert encode_adjustment(explicit) != encode_adjustment(awarded)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "artificial A+",
        "artificial A+ 101",
        "assigned 420@1/2 -50@1",
        "assigned x@1 1@1",
        "A6040",
        "artificial A+ A- extra",
    ],
)
def test_malformed_stored_adjustments_are_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a stored adjusted score"):
        decode_adjustment(text)


def test_the_unusual_conditions_differ_from_the_defaults_in_every_field() -> None:
    """Guards the round-trip test below: a new Conditions field must be given a non-default value there."""
    default, unusual = Conditions(), unusual_conditions()
    same = [
        f.name for f in dataclasses.fields(Conditions) if getattr(default, f.name) == getattr(unusual, f.name)
    ]
    assert same == []


@pytest.mark.parametrize("conditions", [Conditions(), unusual_conditions()], ids=["default", "unusual"])
def test_conditions_of_contest_round_trip(conditions: Conditions) -> None:
    assert decode_conditions(encode_conditions(conditions)) == conditions


def test_conditions_written_before_a_field_existed_read_back_with_its_default() -> None:
    assert decode_conditions('{"correction_period": [0, 600, 0]}') == Conditions(
        correction_period=dt.timedelta(minutes=10)
    )


def test_conditions_with_a_field_this_version_does_not_know_are_refused() -> None:
    with pytest.raises(ValueError, match="does not know"):
        decode_conditions('{"no_such_condition": 1}')


@given(st.lists(st.integers(1, 200), max_size=40).map(tuple))
def test_board_lists_round_trip(boards: tuple[int, ...]) -> None:
    assert decode_boards(encode_boards(boards)) == boards
