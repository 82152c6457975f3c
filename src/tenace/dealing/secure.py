"""Random deals for play: every one of the 52!/(13!)^4 deals equally likely (Law 6).

Law 6A asks for a thorough shuffle and Law 6E4 lets the Director replace the shuffle and deal by another
method only if it gives the same wholly random expectations. A computer deal meets that if it draws from
all :data:`~tenace.dealing.index.DEAL_COUNT` deals with equal probability from an unpredictable source.
This module draws a deal number with :func:`secrets.randbelow` (the operating system's cryptographic random
source, no modulo bias) and turns it into a deal with :func:`~tenace.dealing.index.deal_from_index`.

There are deliberately no shape or strength filters here: a filtered set of deals would not have the same
random expectations as a shuffled pack, so it is not a lawful tournament deal (Law 6E4). For practice and
simulation see :mod:`tenace.dealing.constrained`; for deals that can be checked after the session see
:mod:`tenace.dealing.verifiable`.
"""

from __future__ import annotations

import random
import secrets

from tenace.board import Board
from tenace.deal import Deal
from tenace.dealing.index import DEAL_COUNT, deal_from_index


def random_index(rng: random.Random | None = None) -> int:
    """A deal number drawn uniformly from ``0 .. DEAL_COUNT - 1``.

    With no ``rng`` the number comes from :func:`secrets.randbelow` (for play). A seeded
    :class:`random.Random` gives a reproducible number instead, for tests and simulation only: its state can
    be recovered from its output, so it must never deal boards for a tournament.

    >>> 0 <= random_index() < DEAL_COUNT
    True
    >>> random_index(random.Random(7)) == random_index(random.Random(7))
    True
    """
    if rng is None:
        return secrets.randbelow(DEAL_COUNT)
    return rng.randrange(DEAL_COUNT)


def random_deal(rng: random.Random | None = None) -> Deal:
    """A deal drawn uniformly from all deals (Law 6): ``deal_from_index(random_index(rng))``.

    >>> deal = random_deal()
    >>> sorted(len(hand) for _, hand in deal)
    [13, 13, 13, 13]
    """
    return deal_from_index(random_index(rng))


def deal_boards(count: int, first: int = 1, *, rng: random.Random | None = None) -> list[Board]:
    """Deal a set of ``count`` boards numbered ``first, first + 1, ...`` for a session.

    Every deal is drawn independently and uniformly from all 52!/(13!)^4 deals with :mod:`secrets`; dealer
    and vulnerability follow the board number (Law 2). No deal is filtered or rejected for its shape or
    strength: Law 6E4 requires computer dealing to give the same wholly random expectations as shuffling
    and dealing at the table, so a tournament set must not be selected. ``rng`` is for reproducible tests
    only (see :func:`random_index`).

    >>> boards = deal_boards(4, first=5)
    >>> [(b.number, str(b.dealer), str(b.vulnerability)) for b in boards]
    [(5, 'N', 'NS'), (6, 'E', 'EW'), (7, 'S', 'All'), (8, 'W', 'None')]

    :raises ValueError: if ``count`` is negative or ``first`` is below 1.
    """
    if not isinstance(count, int) or count < 0:
        raise ValueError(f"the number of boards must be a non-negative integer, got {count!r}")
    if not isinstance(first, int) or first < 1:
        raise ValueError(f"board numbers start at 1, got first={first!r}")
    return [Board(number, random_deal(rng)) for number in range(first, first + count)]
