"""Boards: number, dealer, vulnerability and deal (Law 2)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tenace.notation import board_vulnerability, side_is_vulnerable, vulnerability_value
from tenace.seats import SEATS, Seat, Side

if TYPE_CHECKING:  # only for annotations: a board's number, dealer and vulnerability need no deal
    from tenace.deal import Deal


class Vulnerability(enum.Enum):
    """Which sides are vulnerable (Law 2). Values are the PBN spellings."""

    # members are singletons equal only to themselves, so hashing by identity is correct, and much cheaper
    # than Enum's hash of the name (a Python call): these are dictionary keys everywhere
    __hash__ = object.__hash__

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, who: Side | Seat) -> bool:
        """Whether the side (or the seat's side) is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        return side_is_vulnerable(self.value, side.value)

    @classmethod
    def from_str(cls, text: str) -> Vulnerability:
        """Parse the usual spellings: ``None``/``Love``/``-``, ``NS``/``N-S``, ``EW``, ``All``/``Both``.

        >>> Vulnerability.from_str("Both")
        <Vulnerability.BOTH: 'All'>
        """
        return _BY_VALUE[vulnerability_value(text)]

    def __str__(self) -> str:
        return self.value


_BY_VALUE: Final[dict[str, Vulnerability]] = {v.value: v for v in Vulnerability}


def dealer_for(number: int) -> Seat:
    """The dealer of board ``number`` (Law 2): North on board 1, then clockwise.

    >>> [str(dealer_for(n)) for n in (1, 2, 3, 4, 5, 17, 32)]
    ['N', 'E', 'S', 'W', 'N', 'N', 'W']
    """
    if number < 1:
        raise ValueError(f"board numbers start at 1, got {number}")
    return SEATS[(number - 1) % 4]


def vulnerability_for(number: int) -> Vulnerability:
    """The vulnerability of board ``number`` (Law 2), repeating every 16 boards.

    >>> [str(vulnerability_for(n)) for n in (1, 2, 3, 4, 13, 16, 17, 20)]
    ['None', 'NS', 'EW', 'All', 'All', 'EW', 'None', 'All']
    """
    return _BY_VALUE[board_vulnerability(number)]


@dataclass(frozen=True, slots=True, init=False)
class Board:
    """A duplicate board (Law 2). Dealer and vulnerability follow the board number unless given, for a
    board marked otherwise. The deal may be unknown (a result without a hand record).

    >>> b = Board(19)
    >>> b.dealer, b.vulnerability
    (<Seat.SOUTH: 'S'>, <Vulnerability.EW: 'EW'>)
    >>> Board(19, dealer=Seat.NORTH).follows_law_2
    False
    """

    number: int
    deal: Deal | None
    dealer: Seat
    vulnerability: Vulnerability

    def __init__(
        self,
        number: int,
        deal: Deal | None = None,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
    ) -> None:
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise ValueError(f"board numbers start at 1, got {number!r}")
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "dealer", dealer_for(number) if dealer is None else dealer)
        object.__setattr__(
            self, "vulnerability", vulnerability_for(number) if vulnerability is None else vulnerability
        )

    @property
    def follows_law_2(self) -> bool:
        """Whether dealer and vulnerability are the ones Law 2 gives for this number."""
        return self.dealer is dealer_for(self.number) and self.vulnerability is vulnerability_for(self.number)

    def is_vulnerable(self, who: Side | Seat) -> bool:
        return self.vulnerability.is_vulnerable(who)
