"""The WBF 2013 continuous victory-point scale (Law 78D leaves the scale to the conditions of contest), in a
module of its own that imports only :mod:`decimal` and :mod:`functools`: ``tenace vp`` answers with it, and
:class:`tenace.scoring.vp.WBFContinuousScale` is these functions behind a class (issue 16:
:mod:`tenace.scoring.vp` also imports ``csv``, ``dataclasses`` and ``typing``, which cost more than starting
Python).
"""

from __future__ import annotations

import decimal
import functools
from decimal import Decimal

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than this whole module
if TYPE_CHECKING:
    from typing import Final

WBF_TOTAL: Final = Decimal("20.00")
"""The VPs shared by the two teams of a match on the WBF 2013 scales."""


def check_margin(margin: int) -> None:
    """Refuse a margin that is not a whole number of IMPs (a bool is not one).

    :raises ValueError: for a fractional margin.
    """
    if not isinstance(margin, int) or isinstance(margin, bool):
        raise ValueError(
            f"a VP scale converts a whole IMP margin, got {margin!r}; round a fractional margin first as the "
            f"conditions of contest say"
        )


def check_boards(boards: int) -> None:
    """Refuse a number of boards that no match has.

    :raises ValueError: unless ``boards`` is a whole number of at least 1.
    """
    if not isinstance(boards, int) or isinstance(boards, bool) or boards < 1:
        raise ValueError(f"a VP scale needs a whole number of boards >= 1, got {boards!r}")


def hundredths(value: int) -> Decimal:
    """``value`` hundredths as a two-decimal :class:`~decimal.Decimal`: ``hundredths(1448)`` is ``14.48``."""
    return Decimal(value).scaleb(-2)


_PRECISION: Final = 50  # digits for the exponential; far more than the two decimals need


@functools.lru_cache(maxsize=256)
def wbf_hundredths(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for margins 0, 1, ... up to the first margin that earns all 20 VPs."""
    context = decimal.Context(prec=_PRECISION, rounding=decimal.ROUND_HALF_EVEN)
    tau = (context.sqrt(Decimal(5)) - 1) / 2  # the golden-ratio conjugate
    r = context.power(tau, 3)  # 0.2360679...
    blitz = 15 * context.sqrt(Decimal(boards))  # X = 15 * sqrt(N): the margin worth 20 VPs
    log_r = context.ln(r)
    size = int(blitz) + 2  # the last margin is past the blitz, so it is worth 20.00
    values: list[int] = []
    for margin in range(size):
        # V(I) = 10 + 10 * (1 - R^(I/X)) / (1 - R), in hundredths and capped at 20 VPs
        power = context.exp(context.multiply(Decimal(margin) / blitz, log_r))
        exact = 1000 + 1000 * (1 - power) / (1 - r)
        values.append(min(2000, int(exact.quantize(Decimal(1), rounding=decimal.ROUND_HALF_UP))))
    values[-1] = 2000
    # The published tables make every extra IMP worth no more than the one before (concavity): wherever a
    # step is larger than the step before it, the value in between goes up by 0.01, until no such place is
    # left. The result is the smallest concave table above the rounded values, whatever the order of the
    # fixes (the pointwise minimum of concave tables is concave).
    changed = True
    while changed:
        changed = False
        for i in range(1, size - 1):
            while values[i + 1] - values[i] > values[i] - values[i - 1]:
                values[i] += 1
                changed = True
    return tuple(values[:values.index(2000) + 1])  # rounding can reach 20.00 before the last margin


def winner_vps(margin: int, boards: int) -> Decimal:
    """The VPs of the team that won a match of ``boards`` boards by ``margin`` IMPs (``margin`` >= 0).

    >>> winner_vps(20, 14)
    Decimal('15.26')
    """
    check_margin(margin)
    if margin < 0:
        raise ValueError(f"a winning margin is >= 0, got {margin}")
    table = wbf_hundredths(boards)
    return hundredths(table[min(margin, len(table) - 1)])


def match_vps(margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """``(VPs of the team, VPs of its opponents)`` for the team's signed IMP margin over ``boards`` boards.

    >>> match_vps(23, 28), match_vps(-9, 28)
    ((Decimal('14.48'), Decimal('5.52')), (Decimal('8.02'), Decimal('11.98')))
    """
    check_margin(margin)
    won = winner_vps(abs(margin), boards)
    lost = WBF_TOTAL - won
    return (won, lost) if margin >= 0 else (lost, won)
