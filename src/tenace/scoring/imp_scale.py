"""The Law 78B IMP scale and the scores of a team match, in a module of their own that imports nothing
heavier than :mod:`bisect` (``tenace imps`` answers with it; :mod:`tenace.scoring.imps` re-exports it with
Butler, cross-IMPs and the datum's rounding)."""

from __future__ import annotations

from bisect import bisect_right

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than this whole module
if TYPE_CHECKING:
    from collections.abc import Iterable
    from fractions import Fraction
    from typing import Final

IMP_SCALE: Final[tuple[int, ...]] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)
"""The Law 78B scale as the smallest difference worth 1, 2, ..., 24 IMPs."""

MAX_IMPS: Final = len(IMP_SCALE)
"""The most IMPs one comparison can be worth (24, for a difference of 4000 or more)."""



def imps(difference: int | Fraction) -> int:
    """Convert a total-point difference into IMPs with the Law 78B scale; the sign is kept.

    Scores are multiples of 10, so the Law's bands (0-10, 20-40, 50-80, ...) leave gaps such as 15. A
    difference in a gap (possible only against an unrounded datum) counts in the lower band: each band runs up
    to the next band's lower bound.

    >>> imps(0), imps(10), imps(20), imps(420), imps(430), imps(-620), imps(4000), imps(7600)
    (0, 0, 1, 9, 10, -12, 24, 24)
    >>> from fractions import Fraction
    >>> imps(Fraction(35, 2))
    0
    """
    magnitude = -difference if difference < 0 else difference
    n = bisect_right(IMP_SCALE, magnitude // 1)  # the bounds are whole numbers, so the floor changes nothing
    return n if difference >= 0 else -n


def team_imps(open_ns: int, closed_ns: int) -> int:
    """IMPs on one board of a team match, won by the team sitting North-South in the open room (negative when
    the other team wins them), Law 78B.

    That team sits East-West in the closed room, so its total-point result is ``open_ns - closed_ns``.

    >>> team_imps(620, -100)   # 4S made in the open room; the closed-room NS went one down
    12
    >>> team_imps(-100, 620)
    -12
    >>> team_imps(420, 420)
    0
    """
    return imps(open_ns - closed_ns)


def match_imps(boards: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """The IMPs each team won in a match: ``(home, away)``, where each board is ``(open_ns, closed_ns)`` and
    the home team sits North-South in the open room.

    >>> match_imps([(620, -100), (-50, 110), (400, 430)])
    (12, 5)
    """
    home = away = 0
    for open_ns, closed_ns in boards:
        result = team_imps(open_ns, closed_ns)
        if result > 0:
            home += result
        else:
            away -= result
    return home, away
