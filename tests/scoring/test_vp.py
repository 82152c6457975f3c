"""Victory-point scales: the WBF 2013 continuous scale's shape, and discrete scales loaded as data.

The published numbers themselves are checked in tests/oracles/test_vp_scales.py.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenace.errors import NotationError
from tenace.scoring.vp import DiscreteVPScale, VPBand, VPScale, WBFContinuousScale, wbf_vps

BOARDS = range(1, 65)
_R = ((math.sqrt(5) - 1) / 2) ** 3


def _plainly_rounded(boards: int, margin: int) -> int:
    """The WBF formula rounded to hundredths with no correction, in floating point (not Decimal)."""
    blitz = 15 * math.sqrt(boards)
    return min(2000, math.floor(1000 + 1000 * (1 - _R ** (margin / blitz)) / (1 - _R) + 0.5))


def _hundredths(table: tuple[Decimal, ...]) -> list[int]:
    return [int(v * 100) for v in table]


@pytest.mark.parametrize("boards", BOARDS)
def test_wbf_table_runs_from_a_draw_to_20_with_non_increasing_steps(boards: int) -> None:
    table = _hundredths(WBFContinuousScale(boards).table)
    assert table[0] == 1000
    assert table[-1] == 2000
    assert table.count(2000) == 1
    steps = [b - a for a, b in zip(table, table[1:], strict=False)]
    assert all(step > 0 for step in steps)
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:], strict=False)), steps


@pytest.mark.parametrize("boards", BOARDS)
def test_wbf_table_is_the_least_concave_table_above_the_rounded_formula(boards: int) -> None:
    """Never below the plainly rounded formula, and no value could be lowered by 0.01 without either going
    below it or making some IMP worth more than the IMP before it."""
    table = _hundredths(WBFContinuousScale(boards).table)
    raw = [_plainly_rounded(boards, margin) for margin in range(len(table))]
    assert all(t >= r for t, r in zip(table, raw, strict=True))
    assert max(t - r for t, r in zip(table, raw, strict=True)) <= 5
    for i in range(1, len(table) - 1):
        if table[i] > raw[i]:
            left, right = table[i] - table[i - 1], table[i + 1] - table[i]
            assert left - right < 2, (boards, i)


@pytest.mark.parametrize("boards", BOARDS)
def test_wbf_blitz_is_about_15_times_the_square_root_of_the_boards(boards: int) -> None:
    scale = WBFContinuousScale(boards)
    x = 15 * math.sqrt(boards)
    assert math.floor(x) <= scale.blitz <= math.ceil(x)
    assert scale.winner_vps(scale.blitz) == Decimal("20.00")
    assert scale.winner_vps(scale.blitz - 1) < Decimal("20.00")


@given(st.integers(1, 100), st.integers(-400, 400))
def test_wbf_vps_always_share_20_and_swap_with_the_margin_sign(boards: int, margin: int) -> None:
    scale = WBFContinuousScale(boards)
    mine, theirs = scale.vps(margin)
    assert mine + theirs == Decimal("20.00")
    assert scale.vps(-margin) == (theirs, mine)
    assert mine.as_tuple().exponent == -2  # printed with two decimals
    assert (mine > theirs) == (margin > 0)
    assert wbf_vps(margin, boards) == (mine, theirs)


@given(st.integers(1, 100), st.integers(0, 400))
def test_wbf_more_imps_never_earn_fewer_vps(boards: int, margin: int) -> None:
    scale = WBFContinuousScale(boards)
    assert scale.winner_vps(margin + 1) >= scale.winner_vps(margin)


def test_wbf_longer_matches_need_bigger_margins() -> None:
    assert WBFContinuousScale(8).winner_vps(10) > WBFContinuousScale(16).winner_vps(10)
    assert WBFContinuousScale(16).winner_vps(10) > WBFContinuousScale(32).winner_vps(10)


def test_wbf_margins_past_the_blitz_earn_20_to_0() -> None:
    assert WBFContinuousScale(28).vps(1000) == (Decimal("20.00"), Decimal("0.00"))
    assert WBFContinuousScale(28).vps(-1000) == (Decimal("0.00"), Decimal("20.00"))


@pytest.mark.parametrize("margin", [Fraction(1, 2), 2.0, True, "3"])
def test_wbf_rejects_margins_that_are_not_whole_numbers(margin: object) -> None:
    with pytest.raises(ValueError, match="whole IMP margin"):
        WBFContinuousScale(28).vps(margin)  # type: ignore[arg-type]


@pytest.mark.parametrize("boards", [0, -4, 2.5, True])
def test_wbf_rejects_a_bad_number_of_boards(boards: object) -> None:
    with pytest.raises(ValueError, match="number of boards"):
        WBFContinuousScale(boards)  # type: ignore[arg-type]


def test_wbf_winner_vps_rejects_a_negative_margin() -> None:
    with pytest.raises(ValueError, match="winning margin"):
        WBFContinuousScale(28).winner_vps(-3)


# --- Discrete scales ----------------------------------------------------------------------------------------

TINY = DiscreteVPScale.from_rows([(0, 0, 10, 10), (1, 3, 11, 9), (4, 7, 12, 8), (8, None, 13, 7)], "tiny")


def test_discrete_scale_looks_up_the_band_of_the_margin() -> None:
    assert TINY.vps(0) == (Decimal(10), Decimal(10))
    assert TINY.vps(1) == TINY.vps(3) == (Decimal(11), Decimal(9))
    assert TINY.vps(-4) == (Decimal(8), Decimal(12))
    assert TINY.vps(7) == (Decimal(12), Decimal(8))
    assert TINY.vps(8) == TINY.vps(500) == (Decimal(13), Decimal(7))


def test_both_kinds_of_scale_satisfy_the_vp_scale_protocol() -> None:
    scales: list[VPScale] = [TINY, WBFContinuousScale(12)]
    assert [s.vps(0)[0] + s.vps(0)[1] for s in scales] == [Decimal(20), Decimal(20)]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "no bands"),
        ([(1, None, 20, 0)], "must start at a margin of 0"),
        ([(0, 2, 10, 10), (4, None, 12, 8)], "starts at 4, expected 3"),
        ([(0, 2, 10, 10), (2, None, 12, 8)], "starts at 2, expected 3"),
        ([(0, 2, 10, 10), (3, 5, 12, 8)], "must be open-ended"),
        ([(0, None, 10, 10), (1, None, 12, 8)], "only the last band may be open"),
        ([(0, 0, 10, 10), (1, None, 12, 9)], "shares 21 VPs, not 20"),
        ([(0, 0, 10, 10), (1, 3, 12, 8), (4, None, 11, 9)], "fewer VPs than band 2"),
        ([(0, 0, 9, 11), (1, None, 12, 8)], "fewer VPs than the loser"),
        ([(0, 0, 10, 10), (5, 1, 12, 8), (2, None, 13, 7)], "runs backwards"),
    ],
)
def test_discrete_scale_rejects_bands_that_do_not_form_a_scale(
    rows: list[tuple[int, int | None, int, int]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        DiscreteVPScale.from_rows(rows)


def test_discrete_scale_from_csv_selects_rows_and_reports_bad_lines() -> None:
    text = "scale,imp_low,imp_high,vp_winner,vp_loser\nA,0,0,5,5\nA,1,,6,4\nB,0,,3,3\nB,x,,1,1\n"
    assert DiscreteVPScale.from_csv(text, where={"scale": "A"}).vps(-2) == (Decimal(4), Decimal(6))
    with pytest.raises(NotationError, match=r"scales\.csv:5: bad VP scale row"):
        DiscreteVPScale.from_csv(text, where={"scale": "B"}, source="scales.csv")
    with pytest.raises(NotationError, match="no VP scale rows match"):
        DiscreteVPScale.from_csv(text, where={"scale": "C"})
    with pytest.raises(NotationError, match="lacks the column"):
        DiscreteVPScale.from_csv(text, where={"boards": "6-8"})
    with pytest.raises(NotationError, match="must start at a margin of 0"):
        DiscreteVPScale.from_csv("imp_low,imp_high,vp_winner,vp_loser\n1,,20,0\n")


def test_vp_band_membership() -> None:
    band = VPBand(3, 5, Decimal(12), Decimal(8))
    assert 3 in band and 5 in band and 6 not in band and 2 not in band
    assert 10**6 in VPBand(36, None, Decimal(20), Decimal(0))
