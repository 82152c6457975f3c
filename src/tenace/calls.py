"""Denominations and calls: bids, pass, double and redouble (Law 18)."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Final, TypeAlias

from tenace.cards import Suit
from tenace.errors import NotationError


class Denomination(enum.Enum):
    """The denomination (strain) of a bid, ordered for bidding: clubs < diamonds < hearts < spades <
    notrump (Law 18E)."""

    # members are singletons equal only to themselves, so hashing by identity is correct, and much cheaper
    # than Enum's hash of the name (a Python call): these are dictionary keys everywhere
    __hash__ = object.__hash__

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def index(self) -> int:
        """0 for clubs up to 4 for notrump."""
        return _DENOM_INDEX[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for notrump."""
        return None if self is Denomination.NOTRUMP else Suit(self.value)

    @property
    def is_major(self) -> bool:
        return self in (Denomination.HEARTS, Denomination.SPADES)

    @property
    def is_minor(self) -> bool:
        return self in (Denomination.CLUBS, Denomination.DIAMONDS)

    @property
    def symbol(self) -> str:
        """``"♠"`` etc., or ``"NT"``."""
        suit = self.suit
        return "NT" if suit is None else suit.symbol

    @classmethod
    def from_suit(cls, suit: Suit) -> Denomination:
        return cls(suit.value)

    @classmethod
    def from_str(cls, text: str) -> Denomination:
        """Parse ``"S"``, ``"♠"``, ``"N"``, ``"NT"`` (any case)."""
        key = text.strip().upper()
        if key in ("N", "NT", "SA"):
            return cls.NOTRUMP
        try:
            return cls.from_suit(Suit.from_str(key))
        except NotationError:
            raise NotationError(f"unknown denomination {text!r} (expected C, D, H, S or NT)") from None

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Denomination):
            return NotImplemented
        return _DENOM_INDEX[self] < _DENOM_INDEX[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Denomination):
            return NotImplemented
        return _DENOM_INDEX[self] <= _DENOM_INDEX[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Denomination):
            return NotImplemented
        return _DENOM_INDEX[self] > _DENOM_INDEX[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Denomination):
            return NotImplemented
        return _DENOM_INDEX[self] >= _DENOM_INDEX[other]

    def __str__(self) -> str:
        return self.value


DENOMINATIONS: Final[tuple[Denomination, ...]] = tuple(Denomination)
_DENOM_INDEX: Final[dict[Denomination, int]] = {d: i for i, d in enumerate(DENOMINATIONS)}


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """A bid: a level 1-7 and a denomination (Law 18A). Bids order as they supersede one another (Law 18B),
    denominations ranking by Law 18E.

    >>> Bid(1, Denomination.NOTRUMP) > Bid(1, Denomination.SPADES)
    True
    >>> format(Bid(4, Denomination.HEARTS), "u")
    '4♥'
    """

    level: int
    denomination: Denomination

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or isinstance(self.level, bool) or not 1 <= self.level <= 7:
            raise NotationError(f"a bid's level is 1 to 7, got {self.level!r}")
        if not isinstance(self.denomination, Denomination):
            raise NotationError(f"not a denomination: {self.denomination!r}")

    @property
    def index(self) -> int:
        """0 for 1C up to 34 for 7NT."""
        return (self.level - 1) * 5 + _DENOM_INDEX[self.denomination]

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.value}"

    def __repr__(self) -> str:
        return f"Bid(level={self.level}, denomination=Denomination.{self.denomination.name})"

    def unicode(self) -> str:
        return f"{self.level}{self.denomination.symbol}"

    def __format__(self, spec: str) -> str:
        return _format_call(self, spec)


@dataclass(frozen=True, slots=True)
class Pass:
    """The call "pass"."""

    def __str__(self) -> str:
        return "P"

    def unicode(self) -> str:
        return "Pass"

    def __format__(self, spec: str) -> str:
        return _format_call(self, spec)


@dataclass(frozen=True, slots=True)
class Double:
    """The call "double" (Law 19A)."""

    def __str__(self) -> str:
        return "X"

    def unicode(self) -> str:
        return "X"

    def __format__(self, spec: str) -> str:
        return _format_call(self, spec)


@dataclass(frozen=True, slots=True)
class Redouble:
    """The call "redouble" (Law 19B)."""

    def __str__(self) -> str:
        return "XX"

    def unicode(self) -> str:
        return "XX"

    def __format__(self, spec: str) -> str:
        return _format_call(self, spec)


Call: TypeAlias = Bid | Pass | Double | Redouble


def _format_call(call: Call, spec: str) -> str:
    """``format(call, "u")`` renders with a suit symbol; the empty spec gives ``str(call)``."""
    if spec == "u":
        return call.unicode()
    if spec == "":
        return str(call)
    raise ValueError(f"unknown format spec {spec!r} for {type(call).__name__} (use '' or 'u')")


PASS: Final = Pass()
DOUBLE: Final = Double()
REDOUBLE: Final = Redouble()
ALL_BIDS: Final[tuple[Bid, ...]] = tuple(Bid(level, d) for level in range(1, 8) for d in DENOMINATIONS)
"""The 35 bids from 1C to 7NT in rank order."""

_BID_RE: Final = re.compile(r"([1-7])\s*(NT|N|SA|[CDHS♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_NON_BIDS: Final[dict[str, Call]] = {
    "P": PASS, "PASS": PASS, "PA": PASS,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE,
}


def parse_call(text: str) -> Call:
    """Parse a call in any common notation; :func:`str` gives the canonical one.

    >>> parse_call("1N")
    Bid(level=1, denomination=Denomination.NOTRUMP)
    >>> [str(parse_call(t)) for t in ("1nt", "Pass", "x", "Dbl", "XX", "7♠")]
    ['1NT', 'P', 'X', 'X', 'XX', '7S']

    :raises NotationError: if the text is not a call.
    """
    key = text.strip()
    call = _NON_BIDS.get(key.upper())
    if call is not None:
        return call
    match = _BID_RE.fullmatch(key)
    if match is None:
        raise NotationError(f"not a call: {text!r} (expected e.g. 1NT, 4S, P, X, XX)")
    return Bid(int(match.group(1)), Denomination.from_str(match.group(2)))
