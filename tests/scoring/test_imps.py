"""Law 78B IMPs, team-match IMPs, Butler datums, cross-IMPs and Law 78C total points."""

from __future__ import annotations

import csv
import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenace.scoring.imps import (
    IMP_SCALE,
    MAX_IMPS,
    DatumRounding,
    TrimCount,
    TrimPercent,
    butler_datum,
    butler_imps,
    butler_mean,
    cross_imps,
    cross_imps_average,
    imps,
    imps_against,
    match_imps,
    round_datum,
    team_imps,
    total_points,
    total_points_match,
)

# Total-point scores are multiples of 10 between -7600 and +7600 (Law 77).
scores = st.integers(-760, 760).map(lambda tens: tens * 10)
score_lists = st.lists(scores, min_size=3, max_size=30)


# --- Law 78B scale ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def law78b_rows(oracles: Path) -> list[dict[str, str]]:
    with open(oracles / "scoring-tables" / "imp_scale_law78B_2017.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_78b_every_band_of_the_published_scale_gives_its_imps(law78b_rows: list[dict[str, str]]) -> None:
    assert len(law78b_rows) == 25
    for row in law78b_rows:
        low, expected = int(row["diff_low"]), int(row["imps"])
        high = int(row["diff_high"]) if row["diff_high"] else 7600
        for difference in range(low, high + 1, 10):  # scores are multiples of 10
            assert imps(difference) == expected, (difference, row)
            assert imps(-difference) == -expected, (difference, row)


def test_78b_scale_constant_matches_the_published_lower_bounds(law78b_rows: list[dict[str, str]]) -> None:
    assert IMP_SCALE == tuple(int(row["diff_low"]) for row in law78b_rows[1:])
    assert MAX_IMPS == int(law78b_rows[-1]["imps"]) == 24


def test_78b_bands_follow_each_other_in_steps_of_10(law78b_rows: list[dict[str, str]]) -> None:
    """Consecutive bands of the table leave no multiple of 10 out, so the scale above is complete."""
    for before, after in zip(law78b_rows, law78b_rows[1:], strict=False):
        assert int(after["diff_low"]) == int(before["diff_high"]) + 10
        assert int(after["imps"]) == int(before["imps"]) + 1


def test_78b_a_difference_between_bands_counts_in_the_lower_band() -> None:
    assert imps(15) == 0
    assert imps(19) == 0
    assert imps(425) == 9
    assert imps(Fraction(-499, 1)) == -10
    assert imps(Fraction(3999, 1)) == 23


@given(st.integers(-20000, 20000))
def test_78b_imps_are_odd_bounded_and_monotone(difference: int) -> None:
    assert imps(-difference) == -imps(difference)
    assert -MAX_IMPS <= imps(difference) <= MAX_IMPS
    assert imps(difference + 10) >= imps(difference)


@given(st.integers(-20000, 20000), st.fractions(min_value=0, max_value=1))
def test_78b_fractional_differences_use_the_band_of_their_whole_part(difference: int, part: Fraction) -> None:
    value = difference + part
    sign = 1 if value >= 0 else -1
    assert imps(value) == sign * imps(math.floor(abs(value)))


# --- Team match ---------------------------------------------------------------------------------------------


def test_team_imps_compares_the_two_rooms_from_the_open_room_ns_team() -> None:
    # Open room NS make 4S vulnerable (+620); closed room NS go one down in 4S (-100): the team sitting NS in
    # the open room (and EW in the closed room) gains 620 + 100 = 720 total points = 12 IMPs.
    assert team_imps(620, -100) == 12
    assert team_imps(-100, 620) == -12
    # Same contract and result in both rooms.
    assert team_imps(-420, -420) == 0
    # 3NT +600 against 3NT +630: 30 points = 1 IMP to the other team.
    assert team_imps(600, 630) == -1


def test_match_imps_adds_each_teams_gains_separately() -> None:
    boards = [(620, -100), (-50, 110), (400, 430), (-1430, -1430), (-800, 650)]
    # +12 home; -160 -> 4 away; -30 -> 1 away; 0; -1450 -> 16 away
    assert match_imps(boards) == (12, 21)
    assert total_points_match(boards) == 720 - 160 - 30 + 0 - 1450


@given(st.lists(st.tuples(scores, scores), max_size=20))
def test_match_imps_net_equals_the_sum_of_board_imps(boards: list[tuple[int, int]]) -> None:
    home, away = match_imps(boards)
    assert home >= 0 and away >= 0
    assert home - away == sum(team_imps(o, c) for o, c in boards)
    swapped = [(c, o) for o, c in boards]
    assert match_imps(swapped) == (away, home)
    assert total_points_match(swapped) == -total_points_match(boards)


def test_total_points_is_the_net_sum_of_the_scores() -> None:
    assert total_points([]) == 0
    assert total_points([420, -50, 170, -1100]) == -560


# --- Butler -------------------------------------------------------------------------------------------------


def test_butler_default_drops_one_top_and_one_bottom_and_rounds_to_10() -> None:
    board = [-140, -140, 50, 100, -420, -140, -140]
    # without -420 and 100: (-140 * 4 + 50) / 5 = -102
    assert butler_mean(board) == Fraction(-102)
    assert butler_datum(board) == -100
    assert butler_imps(board) == (-1, -1, 4, 5, -8, -1, -1)  # -420 is 320 below the datum: 8 IMPs


def test_butler_trim_by_count_can_be_asymmetric_or_none() -> None:
    board = [0, 10, 20, 30, 1000]
    assert butler_mean(board, trim=TrimCount(0, 0)) == Fraction(1060, 5)
    assert butler_mean(board, trim=TrimCount(1, 0)) == Fraction(60, 4)
    assert butler_mean(board, trim=TrimCount(2, 2)) == Fraction(20)
    assert butler_datum(board, trim=TrimCount(0, 0)) == 210


def test_butler_trim_by_percentage_rounds_the_count_down() -> None:
    board = list(range(0, 200, 10))  # 20 scores: 0, 10, ..., 190
    assert TrimPercent(10).dropped(20) == (2, 2)
    assert butler_mean(board, trim=TrimPercent(10)) == Fraction(sum(range(20, 180, 10)), 16)
    assert TrimPercent(10).dropped(19) == (1, 1)
    assert TrimPercent(0).dropped(100) == (0, 0)
    assert TrimPercent(Fraction(49, 1)).dropped(3) == (1, 1)


@pytest.mark.parametrize(
    ("mean", "away", "even"),
    [
        (Fraction(-285), -290, -280),
        (Fraction(285), 290, 280),
        (Fraction(275), 280, 280),
        (Fraction(-275), -280, -280),
        (Fraction(5), 10, 0),
        (Fraction(-5), -10, 0),
        (Fraction(15), 20, 20),
        (Fraction(-2855, 10), -290, -290),  # not a tie: -285.5 is nearer -290
        (Fraction(-2845, 10), -280, -280),
        (Fraction(-4275, 10), -430, -430),  # Compscore board 15 of butler_mitchell.xml
        (Fraction(0), 0, 0),
    ],
)
def test_datum_rounding_half_away_from_zero_and_half_even(mean: Fraction, away: int, even: int) -> None:
    assert round_datum(mean, DatumRounding.HALF_AWAY_FROM_ZERO) == away
    assert round_datum(mean, DatumRounding.HALF_EVEN) == even


ties = st.integers(-800, 800).map(lambda tens: Fraction(10 * tens + 5))  # means ending in exactly 5


@given(st.one_of(ties, st.fractions(min_value=-8000, max_value=8000, max_denominator=60)))
def test_datum_rounding_agrees_with_independent_definitions(mean: Fraction) -> None:
    """round() of a Fraction rounds halves to even; half away from zero is sign * floor(|x| + 1/2)."""
    assert round_datum(mean, DatumRounding.HALF_EVEN) == 10 * round(mean / 10)
    sign = 1 if mean >= 0 else -1
    away = sign * 10 * math.floor(abs(mean) / 10 + Fraction(1, 2))
    assert round_datum(mean, DatumRounding.HALF_AWAY_FROM_ZERO) == away


def test_datum_rounding_default_is_half_away_from_zero() -> None:
    assert round_datum(Fraction(-285)) == -290
    assert butler_datum([-300, -270], trim=TrimCount(0, 0)) == -290


def test_butler_rejects_empty_boards_and_trims_that_leave_nothing() -> None:
    with pytest.raises(ValueError, match="at least one score"):
        butler_datum([])
    with pytest.raises(ValueError, match="leaves nothing of 2 scores"):
        butler_datum([100, 200])
    with pytest.raises(ValueError, match="leaves nothing of 3 scores"):
        butler_datum([100, 200, 300], trim=TrimCount(2, 1))


@pytest.mark.parametrize("bad", [-1, 1.5, True, "1"])
def test_trim_count_rejects_anything_but_a_whole_number(bad: object) -> None:
    with pytest.raises(ValueError, match="TrimCount.top"):
        TrimCount(top=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 50, 75, 12.5, "10"])
def test_trim_percent_rejects_values_outside_0_to_under_50(bad: object) -> None:
    with pytest.raises(ValueError, match="TrimPercent.percent"):
        TrimPercent(bad)  # type: ignore[arg-type]


@given(score_lists, st.sampled_from(list(DatumRounding)))
def test_butler_datum_lies_between_the_kept_extremes(board: list[int], rounding: DatumRounding) -> None:
    datum = butler_datum(board, rounding=rounding)
    kept = sorted(board)[1:-1]
    assert datum % 10 == 0
    assert kept[0] - 5 <= datum <= kept[-1] + 5
    assert abs(datum - butler_mean(board)) <= 5


@given(score_lists, st.sampled_from(list(DatumRounding)))
def test_butler_treats_north_south_and_east_west_alike(board: list[int], rounding: DatumRounding) -> None:
    """East-West's scores are North-South's negated; their datum and IMPs are negated too."""
    negated = [-s for s in board]
    assert butler_datum(negated, rounding=rounding) == -butler_datum(board, rounding=rounding)
    assert butler_imps(negated, rounding=rounding) == tuple(-i for i in butler_imps(board, rounding=rounding))


@given(score_lists, st.permutations(range(30)))
def test_butler_does_not_depend_on_the_order_of_the_scores(board: list[int], order: list[int]) -> None:
    shuffled_index = [i for i in order if i < len(board)]
    shuffled = [board[i] for i in shuffled_index]
    assert butler_datum(shuffled) == butler_datum(board)
    assert butler_imps(shuffled) == tuple(butler_imps(board)[i] for i in shuffled_index)


def test_imps_against_a_datum_from_elsewhere() -> None:
    assert imps_against([420, -50, 170], 300) == (3, -8, -4)
    assert imps_against([], 300) == ()


# --- Cross-IMPs ---------------------------------------------------------------------------------------------


def test_cross_imps_worked_example() -> None:
    # 420 vs 420: 0, vs 170: 250 -> 6, vs -50: 470 -> 10            = 16
    # 170 vs 420 twice: -6 -6, vs -50: 220 -> 6                      = -6
    # -50 vs 420 twice: -10 -10, vs 170: -6                          = -26
    assert cross_imps([420, 420, 170, -50]) == (16, 16, -6, -26)
    assert cross_imps_average([420, 420, 170, -50]) == (
        Fraction(16, 3), Fraction(16, 3), Fraction(-2), Fraction(-26, 3)
    )


def test_cross_imps_of_a_single_score_is_zero_and_its_average_is_an_error() -> None:
    assert cross_imps([620]) == (0,)
    assert cross_imps([]) == ()
    with pytest.raises(ValueError, match="at least two scores"):
        cross_imps_average([620])


@given(score_lists)
def test_cross_imps_equal_a_plain_double_loop_and_sum_to_zero(board: list[int]) -> None:
    expected = tuple(sum(imps(a - b) for j, b in enumerate(board) if j != i) for i, a in enumerate(board))
    assert cross_imps(board) == expected
    assert sum(cross_imps(board)) == 0
    averages = cross_imps_average(board)
    assert all(isinstance(a, Fraction) for a in averages)
    assert [a * (len(board) - 1) for a in averages] == list(expected)
