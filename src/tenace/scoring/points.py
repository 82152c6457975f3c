"""Law 77: the score of one deal, from declarer's side's point of view, for :class:`Contract` objects (the
arithmetic, on plain numbers, is in :mod:`tenace.scoring.law77`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tenace.calls import Denomination
from tenace.contract import Contract, Doubling
from tenace.scoring.law77 import deal_score, trick_score, undertrick_score
from tenace.seats import Seat


def trick_points(contract: Contract) -> int:
    """Trick points for the odd tricks bid (Law 77): 20 per minor trick, 30 per major trick, 40 for the
    first notrump trick and 30 for each later one, multiplied by the doubling.

    >>> trick_points(Contract.from_str("3NTS")), trick_points(Contract.from_str("2HXXE"))
    (100, 240)
    """
    return trick_score(contract.level, contract.denomination.value, contract.doubling.multiplier)


def undertrick_points(down: int, doubling: Doubling, *, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks (Law 77); see
    :func:`tenace.scoring.law77.undertrick_score`.

    >>> undertrick_points(4, Doubling.DOUBLED, vulnerable=False)
    800
    >>> undertrick_points(13, Doubling.REDOUBLED, vulnerable=True)
    7600
    """
    return undertrick_score(down, doubling.multiplier, vulnerable=vulnerable)


def _computed(contract: Contract, tricks: int, *, vulnerable: bool) -> int:
    """Law 77 worked out from the contract: what :data:`_ROWS` holds, and what :func:`score` falls back on."""
    return deal_score(contract.level, contract.denomination.value, contract.doubling.multiplier, tricks,
                      vulnerable=vulnerable)


# The Law 77 scores worked out once each, a row at a time as they are first needed (building all 210 rows
# at import cost as much as starting Python, for a command that scores one result): (level, denomination,
# doubling, vulnerable) -> the scores for 0 to 13 tricks. Both enums hash by identity (a C slot, no Python
# call), so the members themselves are the key.
_ROWS: Final[dict[tuple[int, Denomination, Doubling, bool], tuple[int, ...]]] = {}


def _row(contract: Contract, vulnerable: bool) -> tuple[int, ...]:
    """``contract``'s row of :data:`_ROWS` (its declarer does not matter), worked out and kept."""
    row = _ROWS[contract.level, contract.denomination, contract.doubling, vulnerable] = tuple(
        _computed(contract, tricks, vulnerable=vulnerable) for tricks in range(14))
    return row


def law77_rows() -> Mapping[tuple[int, Denomination, Doubling, bool], tuple[int, ...]]:
    """The table :func:`score` looks up, for a caller that scores many results in one loop: ``(level,
    denomination, doubling, vulnerable)`` (the members, which hash by identity) to the scores for 0 to 13
    tricks, from declarer's side.

    >>> law77_rows()[(4, Denomination.SPADES, Doubling.UNDOUBLED, True)][11]
    650
    """
    if len(_ROWS) < 7 * 5 * 3 * 2:
        for level in range(1, 8):
            for denomination in Denomination:
                for doubling in Doubling:
                    for vulnerable in (False, True):
                        _row(Contract(level, denomination, Seat.NORTH, doubling), vulnerable)
    return _ROWS


def score(contract: Contract | None, tricks: int, *, vulnerable: bool) -> int:
    """The score of a deal per Law 77, from the declaring side's point of view; a passed-out board
    (``contract`` is ``None``) scores zero.

    ``tricks`` is the number of tricks declarer's side took (0-13); ``vulnerable`` is declarer's side's
    vulnerability. The scores are looked up in a table worked out from the Law's rules, each row once.

    >>> score(Contract.from_str("4HS"), 11, vulnerable=True)
    650
    >>> score(Contract.from_str("3NTXS"), 6, vulnerable=False)
    -500
    >>> score(Contract.from_str("2SXN"), 8, vulnerable=True)
    670
    >>> score(Contract.from_str("7NTXXN"), 0, vulnerable=True)
    -7600

    :raises ValueError: if ``tricks`` is not 0-13.
    """
    if tricks.__class__ is not int or not 0 <= tricks <= 13:  # the common case in one test
        if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
            raise ValueError(f"tricks must be 0 to 13, got {tricks!r}")
    if contract is None:
        return 0
    row = _ROWS.get((contract.level, contract.denomination, contract.doubling, vulnerable))
    if row is None:
        if vulnerable is not True and vulnerable is not False:  # not a bool: work it out, keep nothing
            return _computed(contract, tricks, vulnerable=vulnerable)
        row = _row(contract, vulnerable)
    return row[tricks]
