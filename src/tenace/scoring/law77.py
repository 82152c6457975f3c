"""Law 77 on plain numbers: the score of a deal from the contract's level, denomination and doubling,
declarer's side's vulnerability and the tricks it took.

The denomination is its letter (``"C"``, ``"D"``, ``"H"``, ``"S"`` or ``"NT"``, the values of
:class:`~tenace.calls.Denomination`) and the doubling its multiplier (1, 2 or 4, the values of
:class:`~tenace.contract.Doubling`). The module imports nothing, so that ``tenace score`` can answer without
building the core's types; :mod:`tenace.scoring.points` scores :class:`~tenace.contract.Contract` objects
with these same functions.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than this whole module
if TYPE_CHECKING:
    from typing import Final

GAME: Final = 100
"""Trick points that make a game (Law 77, premium points)."""

# Law 77's premiums for a contract made, (not vulnerable, vulnerable)
_GAME_BONUS: Final = (300, 500)
_PART_SCORE_BONUS: Final = 50
_SLAM_BONUS: Final[dict[int, tuple[int, int]]] = {6: (500, 750), 7: (1000, 1500)}
_NO_SLAM: Final = (0, 0)


def trick_score(level: int, denomination: str, multiplier: int) -> int:
    """Trick points for the odd tricks bid (Law 77): 20 per minor trick, 30 per major trick, 40 for the
    first notrump trick and 30 for each later one, times the doubling's multiplier.

    >>> trick_score(3, "NT", 1), trick_score(2, "H", 4), trick_score(5, "D", 2)
    (100, 240, 200)
    """
    if denomination == "NT":
        base = 40 + 30 * (level - 1)
    else:
        base = (20 if denomination in ("C", "D") else 30) * level
    return base * multiplier


def undertrick_score(down: int, multiplier: int, *, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks (Law 77).

    Undoubled: 50 each (100 vulnerable). Doubled, not vulnerable: 100 for the first, 200 for the second
    and third, 300 for the fourth and each later one; doubled, vulnerable: 200 for the first and 300 for
    each later one. Redoubled scores twice the doubled value.

    >>> undertrick_score(4, 2, vulnerable=False), undertrick_score(13, 4, vulnerable=True)
    (800, 7600)
    """
    if down <= 0:
        return 0
    if multiplier == 1:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (multiplier // 2)


def deal_score(level: int, denomination: str, multiplier: int, tricks: int, *, vulnerable: bool) -> int:
    """The score of a deal (Law 77) from declarer's side's point of view, when it took ``tricks`` tricks:
    negative when the contract fails.

    >>> deal_score(4, "S", 1, 11, vulnerable=True), deal_score(3, "NT", 2, 6, vulnerable=False)
    (650, -500)
    >>> deal_score(2, "S", 2, 8, vulnerable=True), deal_score(7, "NT", 4, 0, vulnerable=True)
    (670, -7600)
    """
    needed = 6 + level
    if tricks < needed:
        return -undertrick_score(needed - tricks, multiplier, vulnerable=vulnerable)
    points = trick_score(level, denomination, multiplier)
    column = 1 if vulnerable else 0
    points += _GAME_BONUS[column] if points >= GAME else _PART_SCORE_BONUS
    points += _SLAM_BONUS.get(level, _NO_SLAM)[column]
    overtricks = tricks - needed
    if multiplier == 1:
        points += overtricks * (20 if denomination in ("C", "D") else 30)
    else:
        points += 50 * (multiplier // 2)  # for making a doubled or redoubled contract
        points += overtricks * (200 if vulnerable else 100) * (multiplier // 2)
    return points
