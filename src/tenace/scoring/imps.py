"""International matchpoints (Law 78B), Butler and cross-IMP scoring, and total points (Law 78C).

Every score here is a total-point score from one fixed side's point of view, normally North-South's (a
North-South minus is an East-West plus). Scores are integers; averages are exact :class:`~fractions.Fraction`
values, never floats.

* :func:`imps` converts a total-point difference with the Law 78B scale.
* :func:`team_imps` and :func:`match_imps` score a team match, where each board is compared between the open
  and the closed room.
* :func:`butler_datum`, :func:`imps_against` and :func:`butler_imps` score a board against a datum (Butler
  scoring). How many extreme scores the datum leaves out (:class:`TrimCount`, :class:`TrimPercent`) and how
  it is rounded (:class:`DatumRounding`) are conditions of contest, so they are explicit settings (Law 78D).
* :func:`cross_imps` and :func:`cross_imps_average` IMP each score against every other score.
* :func:`total_points` and :func:`total_points_match` implement Law 78C.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, TypeAlias

from tenace.scoring.imp_scale import IMP_SCALE as IMP_SCALE
from tenace.scoring.imp_scale import MAX_IMPS as MAX_IMPS
from tenace.scoring.imp_scale import imps as imps
from tenace.scoring.imp_scale import match_imps as match_imps
from tenace.scoring.imp_scale import team_imps as team_imps

Number: TypeAlias = int | Fraction

# --- Butler -------------------------------------------------------------------------------------------------


class DatumRounding(enum.Enum):
    """How a Butler datum is rounded to a multiple of 10 when the mean ends in exactly 5.

    Any other mean goes to the nearer multiple of 10. Both rules treat North-South and East-West alike: the
    datum of the negated scores is the negated datum.
    """

    HALF_AWAY_FROM_ZERO = "half-away-from-zero"
    """-285 becomes -290 and 285 becomes 290, as Compscore (Australia) and Ruter (Norway) do. The default."""

    HALF_EVEN = "half-even"
    """-285 becomes -280 and 275 becomes 280 (the nearest even multiple of 10): what ACBLscore does."""


def round_datum(mean: Number, rounding: DatumRounding = DatumRounding.HALF_AWAY_FROM_ZERO) -> int:
    """Round a mean score to the nearest multiple of 10, resolving a tie with ``rounding``.

    >>> round_datum(-427), round_datum(Fraction(-285)), round_datum(-285, DatumRounding.HALF_EVEN)
    (-430, -290, -280)
    >>> round_datum(Fraction(-4, 3))
    0
    """
    exact = Fraction(mean)
    return _round_to_ten(exact.numerator, exact.denominator, rounding)


def _round_to_ten(numerator: int, denominator: int, rounding: DatumRounding) -> int:
    """``numerator / denominator`` (denominator > 0) to the nearest multiple of 10, in integers only."""
    tens, rest = divmod(numerator, 10 * denominator)  # 0 <= rest < 10 * denominator
    twice, whole = 2 * rest, 10 * denominator
    if twice > whole:
        tens += 1
    elif twice == whole:  # exactly halfway
        if rounding is DatumRounding.HALF_EVEN:
            tens += tens % 2
        elif tens >= 0:  # a positive tie rounds up; a negative one keeps the floor, away from zero
            tens += 1
    return 10 * tens


@dataclass(frozen=True, slots=True)
class TrimCount:
    """Leave out a fixed number of the highest and lowest scores before averaging.

    ``TrimCount(1, 1)`` (drop one top and one bottom) is the default datum of Compscore and Ruter.
    """

    top: int = 1
    bottom: int = 1

    def __post_init__(self) -> None:
        for name, value in (("top", self.top), ("bottom", self.bottom)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"TrimCount.{name} must be a whole number >= 0, got {value!r}")

    def dropped(self, count: int) -> tuple[int, int]:
        """How many ``(top, bottom)`` scores are left out of ``count`` scores.

        >>> TrimCount(2, 1).dropped(10)
        (2, 1)
        """
        return self.top, self.bottom


@dataclass(frozen=True, slots=True)
class TrimPercent:
    """Leave out a percentage of the scores at each end, rounded down to a whole number of scores.

    >>> TrimPercent(10).dropped(24), TrimPercent(10).dropped(9), TrimPercent(Fraction(25, 2)).dropped(24)
    ((2, 2), (0, 0), (3, 3))
    """

    percent: Number

    def __post_init__(self) -> None:
        if not isinstance(self.percent, int | Fraction) or isinstance(self.percent, bool) or not (
            0 <= self.percent < 50
        ):
            raise ValueError(f"TrimPercent.percent must be at least 0 and under 50, got {self.percent!r}")

    def dropped(self, count: int) -> tuple[int, int]:
        """How many ``(top, bottom)`` scores are left out of ``count`` scores."""
        each = int(Fraction(count) * self.percent // 100)
        return each, each


Trim: TypeAlias = TrimCount | TrimPercent
"""How a Butler datum trims the extreme scores."""

DEFAULT_TRIM: Final = TrimCount(1, 1)
DEFAULT_ROUNDING: Final = DatumRounding.HALF_AWAY_FROM_ZERO


def butler_mean(scores: Sequence[int], *, trim: Trim = DEFAULT_TRIM) -> Fraction:
    """The exact mean of ``scores`` after the trimming, before any rounding.

    >>> butler_mean([620, 170, 140, -100, 650])
    Fraction(310, 1)
    >>> butler_mean([620, 170, 140, -100, 650], trim=TrimCount(0, 0))
    Fraction(296, 1)

    :raises ValueError: if there are no scores, or the trimming would leave none.
    """
    kept = _trimmed(scores, trim)
    return Fraction(sum(kept), len(kept))


def _trimmed(scores: Sequence[int], trim: Trim) -> list[int]:
    count = len(scores)
    if count == 0:
        raise ValueError("a Butler datum needs at least one score")
    top, bottom = trim.dropped(count)
    if top + bottom >= count:
        raise ValueError(
            f"trimming {top} top and {bottom} bottom scores leaves nothing of {count} scores {list(scores)}"
        )
    return sorted(scores)[bottom:count - top]


def butler_datum(
    scores: Sequence[int], *, trim: Trim = DEFAULT_TRIM, rounding: DatumRounding = DEFAULT_ROUNDING
) -> int:
    """The Butler datum of one board: the trimmed mean of all the scores, rounded to a multiple of 10.

    By default one top and one bottom score are left out and a tie rounds away from zero, as Compscore and
    Ruter do. Artificial adjusted scores (Law 12C2) are not results; leave them out of ``scores``.

    >>> butler_datum([420, 450, 420, -50, 170, 420, 140])       # (140 + 170 + 3 * 420) / 5 = 314
    310
    >>> butler_datum([-140, -140, 50, 100, -420, -140, -140])    # -510 / 5 = -102
    -100
    >>> butler_datum([-300, -270], trim=TrimCount(0, 0))     # a tie: -285 rounds away from zero...
    -290
    >>> butler_datum([-300, -270], trim=TrimCount(0, 0), rounding=DatumRounding.HALF_EVEN)  # ...or to even
    -280
    >>> butler_datum([420, -50])
    Traceback (most recent call last):
    ...
    ValueError: trimming 1 top and 1 bottom scores leaves nothing of 2 scores [420, -50]

    :raises ValueError: if there are no scores, or the trimming would leave none.
    """
    kept = _trimmed(scores, trim)
    return _round_to_ten(sum(kept), len(kept), rounding)


def imps_against(scores: Iterable[int], datum: Number) -> tuple[int, ...]:
    """Each score's IMPs against a datum (Law 78B), e.g. a Butler datum computed across several sections.

    >>> imps_against([420, -50, 170], 300)
    (3, -8, -4)
    """
    return tuple(imps(score - datum) for score in scores)


def butler_imps(
    scores: Sequence[int], *, trim: Trim = DEFAULT_TRIM, rounding: DatumRounding = DEFAULT_ROUNDING
) -> tuple[int, ...]:
    """Butler scoring of one board: each score's IMPs against :func:`butler_datum` of the same scores.

    >>> butler_imps([420, 450, 420, -50, 170, 420, 140])        # the datum is 310
    (3, 4, 3, -8, -4, 3, -5)
    """
    return imps_against(scores, butler_datum(scores, trim=trim, rounding=rounding))


# --- Cross-IMPs ---------------------------------------------------------------------------------------------


def cross_imps(scores: Sequence[int]) -> tuple[int, ...]:
    """Cross-IMP scoring of one board: each score IMPed against every other score, summed.

    The totals of a board always add up to zero.

    >>> cross_imps([420, 420, 170, -50])
    (16, 16, -6, -26)
    """
    tally = list(Counter(scores).items())
    totals = [0] * len(tally)
    for i, (value, count) in enumerate(tally):  # each pair of distinct values once: IMPs are antisymmetric
        for j in range(i + 1, len(tally)):
            other, other_count = tally[j]
            result = imps(value - other)
            totals[i] += result * other_count
            totals[j] -= result * count
    by_value = {value: total for (value, _), total in zip(tally, totals, strict=True)}
    return tuple(by_value[score] for score in scores)


def cross_imps_average(scores: Sequence[int]) -> tuple[Fraction, ...]:
    """:func:`cross_imps` divided by the number of comparisons each score had (one fewer than the scores).

    >>> [str(x) for x in cross_imps_average([420, 420, 170, -50])]
    ['16/3', '16/3', '-2', '-26/3']

    :raises ValueError: with fewer than two scores (there is nothing to compare).
    """
    if len(scores) < 2:
        raise ValueError(f"cross-IMP averages need at least two scores, got {list(scores)}")
    comparisons = len(scores) - 1
    return tuple(Fraction(total, comparisons) for total in cross_imps(scores))


# --- Total points (Law 78C) ---------------------------------------------------------------------------------


def total_points(scores: Iterable[int]) -> int:
    """Law 78C: a contestant's score is the net total of its scores on all the boards it played.

    >>> total_points([420, -50, 170, -1100])
    -560
    """
    return sum(scores, 0)


def total_points_match(boards: Iterable[tuple[int, int]]) -> int:
    """Law 78C for a team match: the net total points of the team sitting North-South in the open room, where
    each board is ``(open_ns, closed_ns)``. The other team's total is the negation.

    >>> total_points_match([(620, -100), (-50, 110), (400, 430)])
    530
    """
    return sum((open_ns - closed_ns for open_ns, closed_ns in boards), 0)
