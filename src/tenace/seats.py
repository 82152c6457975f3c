"""Seats and sides (Law 3: the compass directions North, East, South and West; Law 4: North-South and
East-West are the two sides)."""

from __future__ import annotations

import enum
from typing import Final

from tenace.errors import NotationError
from tenace.notation import seat_letter


class Side(enum.Enum):
    """A partnership."""

    # members are singletons equal only to themselves, so hashing by identity is correct, and much cheaper
    # than Enum's hash of the name (a Python call): these are dictionary keys everywhere
    __hash__ = object.__hash__

    NS = "NS"
    EW = "EW"

    @property
    def opponents(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    def __str__(self) -> str:
        return self.value

    @classmethod
    def from_str(cls, text: str) -> Side:
        """Parse ``"NS"``, ``"N-S"``, ``"EW"``, ``"E/W"`` (any case).

        >>> Side.from_str("n-s")
        <Side.NS: 'NS'>
        """
        key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise NotationError(f"unknown side {text!r} (expected NS or EW)")


class Seat(enum.Enum):
    """A compass seat, in clockwise rotation from North. Never falsy."""

    # members are singletons equal only to themselves, so hashing by identity is correct, and much cheaper
    # than Enum's hash of the name (a Python call): these are dictionary keys everywhere
    __hash__ = object.__hash__

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def index(self) -> int:
        """0 for North, 1 East, 2 South, 3 West."""
        return _INDEX[self]

    def rotate(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (negative: anticlockwise)."""
        return SEATS[(_INDEX[self] + steps) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat in rotation."""
        return self.rotate(1)

    @property
    def partner(self) -> Seat:
        return self.rotate(2)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat in rotation."""
        return self.rotate(3)

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    def __str__(self) -> str:
        return self.value

    @classmethod
    def from_str(cls, text: str) -> Seat:
        """Parse ``"N"`` or ``"North"`` (any case).

        >>> Seat.from_str("west")
        <Seat.WEST: 'W'>
        """
        return _BY_LETTER[seat_letter(text)]


SEATS: Final[tuple[Seat, ...]] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_INDEX: Final[dict[Seat, int]] = {seat: i for i, seat in enumerate(SEATS)}
_BY_LETTER: Final[dict[str, Seat]] = {seat.value: seat for seat in SEATS}
