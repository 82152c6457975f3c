"""Suits, ranks, cards and immutable sets of cards (Law 1: the pack)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final

from tenace.errors import NotationError


class Suit(enum.Enum):
    """A suit. Members compare in rank order, clubs lowest (Law 1A)."""

    # members are singletons equal only to themselves, so hashing by identity is correct, and much cheaper
    # than Enum's hash of the name (a Python call): these are dictionary keys everywhere
    __hash__ = object.__hash__

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        """0 for clubs up to 3 for spades."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``"♠"``."""
        return _SYMBOLS[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] < _SUIT_INDEX[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] <= _SUIT_INDEX[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] > _SUIT_INDEX[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] >= _SUIT_INDEX[other]

    def __str__(self) -> str:
        return self.value

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Parse a suit letter or symbol (``"S"``, ``"s"``, ``"♠"``, ``"♤"``)."""
        suit = _SUIT_BY_CHAR.get(text.strip().upper())
        if suit is None:
            raise NotationError(f"unknown suit {text!r} (expected S, H, D, C or a suit symbol)")
        return suit


class Rank(enum.IntEnum):
    """A card's rank, 2 to 14 (ace high, Law 1A). No member is 0, so ranks are never falsy."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One character: ``"A"``, ``"K"``, ``"Q"``, ``"J"``, ``"T"``, ``"9"`` ... ``"2"``."""
        return _RANK_LETTERS[self - 2]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def from_str(cls, text: str) -> Rank:
        """Parse ``"A"``, ``"t"``, ``"T"`` or ``"10"``."""
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in _RANK_LETTERS:
            return cls(_RANK_LETTERS.index(key) + 2)
        raise NotationError(f"unknown rank {text!r} (expected A K Q J T 9 ... 2, or 10)")


SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""Suits from lowest to highest."""
SUITS_DISPLAY: Final[tuple[Suit, ...]] = tuple(reversed(SUITS))
"""Suits in the order hands are written: spades, hearts, diamonds, clubs."""
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
_RANK_LETTERS: Final = "23456789TJQKA"
_SUIT_INDEX: Final[dict[Suit, int]] = {suit: i for i, suit in enumerate(SUITS)}
_RANK_OFFSET: Final[dict[Rank, int]] = {rank: int(rank) - 2 for rank in RANKS}
_SYMBOLS: Final[dict[Suit, str]] = {
    Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣",
}
_SUIT_BY_CHAR: Final[dict[str, Suit]] = {
    **{s.value: s for s in SUITS},
    **{sym: s for s, sym in _SYMBOLS.items()},
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}


class Card:
    """One of the 52 cards. Immutable and interned: ``Card(Suit.SPADES, Rank.ACE) is Card.from_str("SA")``.

    >>> Card.from_str("S10")
    Card.from_str('ST')
    >>> str(Card.from_str("ah")), Card.from_str("AH").unicode()
    ('HA', '♥A')
    >>> Card.from_str("SA") > Card.from_str("SK") > Card.from_str("HA")
    True
    """

    __slots__ = ("suit", "rank", "index")
    suit: Suit
    rank: Rank
    index: int
    """0..51: ``suit.index * 13 + rank - 2`` (clubs 2 is 0, spades ace is 51)."""

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        try:
            return _DECK[_SUIT_INDEX[suit] * 13 + _RANK_OFFSET[rank]]
        except (KeyError, TypeError):  # not a Suit, or a rank outside 2..14 (which would alias another card)
            raise ValueError(f"not a card: suit {suit!r}, rank {rank!r}") from None

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", _SUIT_INDEX[suit] * 13 + int(rank) - 2)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index`` (0..51)."""
        if not 0 <= index < 52:
            raise ValueError(f"card index must be 0..51, got {index}")
        return _DECK[index]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse suit-then-rank or rank-then-suit, letters or symbols: ``"SA"``, ``"S10"``, ``"ST"``,
        ``"AS"``, ``"10s"``, ``"♠A"``.

        :raises NotationError: if the text is not a card.
        """
        key = text.strip().upper()
        if len(key) >= 2:
            head, tail = key[0], key[1:]
            if head in _SUIT_BY_CHAR and (tail == "10" or (len(tail) == 1 and tail in _RANK_LETTERS)):
                return cls(_SUIT_BY_CHAR[head], Rank.from_str(tail))
            head, tail = key[:-1], key[-1]
            if tail in _SUIT_BY_CHAR and (head == "10" or (len(head) == 1 and head in _RANK_LETTERS)):
                return cls(_SUIT_BY_CHAR[tail], Rank.from_str(head))
        raise NotationError(f"not a card: {text!r} (expected e.g. SA, HT, D10, C2)")

    def unicode(self) -> str:
        """Render with a suit symbol: ``"♠A"``."""
        return self.suit.symbol + self.rank.letter

    def __str__(self) -> str:
        return self.suit.value + self.rank.letter

    def __format__(self, spec: str) -> str:
        """``format(card, "u")`` renders with a suit symbol; the empty spec gives ``str(card)``."""
        if spec == "u":
            return self.unicode()
        if spec == "":
            return str(self)
        raise ValueError(f"unknown format spec {spec!r} for Card (use '' or 'u')")

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


_DECK: Final[tuple[Card, ...]] = tuple(Card._make(suit, rank) for suit in SUITS for rank in RANKS)
DECK: Final[tuple[Card, ...]] = _DECK
"""All 52 cards, clubs 2 first, spades ace last (by :attr:`Card.index`)."""

_HCP: Final[dict[int, int]] = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_SUIT_MASK: Final = (1 << 13) - 1
_FULL: Final = (1 << 52) - 1


class CardSet:
    """An immutable set of cards backed by a 52-bit integer; a hand is a ``CardSet``.

    Iteration runs in the order hands are written: spades to clubs, high to low.

    >>> hand = CardSet.from_pbn("AKQ2.JT9.8765.43")
    >>> len(hand), hand.hcp, hand.shape
    (13, 10, (4, 3, 4, 2))
    >>> hand
    CardSet.from_pbn('AKQ2.JT9.8765.43')
    >>> Card.from_str("SK") in hand, str(hand.suit(Suit.HEARTS))
    (True, '.JT9..')
    """

    __slots__ = ("bits",)
    bits: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        bits = 0
        for card in cards:
            try:
                bits |= 1 << card.index
            except (AttributeError, TypeError):
                raise TypeError(f"a CardSet holds Card objects, got {card!r}") from None
        object.__setattr__(self, "bits", bits)

    @classmethod
    def from_bits(cls, bits: int) -> CardSet:
        if not 0 <= bits <= _FULL:
            raise ValueError(f"card set bits out of range: {bits:#x}")
        new = object.__new__(cls)
        object.__setattr__(new, "bits", bits)
        return new

    @classmethod
    def full(cls) -> CardSet:
        """The whole pack."""
        return cls.from_bits(_FULL)

    @classmethod
    def from_pbn(cls, text: str) -> CardSet:
        """Parse a PBN hand: four suits spades first, separated by dots, ``"AKQ.JT9.8765.432"``.

        :raises NotationError: on a bad rank, a repeated card or the wrong number of suits.
        """
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise NotationError(f"a PBN hand has four suits separated by dots, got {text!r}")
        bits = 0
        for suit, holding in zip(SUITS_DISPLAY, parts, strict=True):
            base = _SUIT_INDEX[suit] * 13
            i = 0
            upper = holding.upper()
            while i < len(upper):
                if upper.startswith("10", i):
                    rank, i = Rank.TEN, i + 2
                else:
                    ch = upper[i]
                    if ch not in _RANK_LETTERS:
                        raise NotationError(
                            f"bad rank {holding[i]!r} in {suit.name.lower()} of hand {text!r}"
                        )
                    rank, i = Rank(_RANK_LETTERS.index(ch) + 2), i + 1
                bit = 1 << (base + rank - 2)
                if bits & bit:
                    raise NotationError(f"card {suit.value}{rank.letter} appears twice in hand {text!r}")
                bits |= bit
        return cls.from_bits(bits)

    def to_pbn(self) -> str:
        """The PBN hand string (spades first)."""
        return ".".join(self._holding(suit) for suit in SUITS_DISPLAY)

    def _holding(self, suit: Suit) -> str:
        field = (self.bits >> (_SUIT_INDEX[suit] * 13)) & _SUIT_MASK
        return "".join(_RANK_LETTERS[r] for r in range(12, -1, -1) if field >> r & 1)

    def unicode(self) -> str:
        """Render with suit symbols: ``"♠AKQ ♥JT9 ♦8765 ♣432"`` (a void shows as ``—``)."""
        return " ".join(suit.symbol + (self._holding(suit) or "—") for suit in SUITS_DISPLAY)

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        shift = _SUIT_INDEX[suit] * 13
        return CardSet.from_bits(self.bits & (_SUIT_MASK << shift))

    def count(self, suit: Suit) -> int:
        """How many cards of ``suit``."""
        return ((self.bits >> (_SUIT_INDEX[suit] * 13)) & _SUIT_MASK).bit_count()

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths, spades first."""
        b = self.bits
        return (
            (b >> 39 & _SUIT_MASK).bit_count(),
            (b >> 26 & _SUIT_MASK).bit_count(),
            (b >> 13 & _SUIT_MASK).bit_count(),
            (b & _SUIT_MASK).bit_count(),
        )

    @property
    def hcp(self) -> int:
        """High-card points, 4-3-2-1."""
        return sum(_HCP.get(card.rank, 0) for card in self if card.rank >= Rank.JACK)

    def __iter__(self) -> Iterator[Card]:
        bits = self.bits
        while bits:
            top = bits.bit_length() - 1
            yield _DECK[top]
            bits ^= 1 << top

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __bool__(self) -> bool:
        return self.bits != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.bits >> card.index & 1)

    def __or__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_bits(self.bits | other.bits)

    def __and__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_bits(self.bits & other.bits)

    def __sub__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_bits(self.bits & ~other.bits)

    def __xor__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_bits(self.bits ^ other.bits)

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet.from_bits(self.bits | 1 << card.index)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``; :class:`KeyError` if it is not there."""
        if not self.bits >> card.index & 1:
            raise KeyError(card)
        return CardSet.from_bits(self.bits & ~(1 << card.index))

    def isdisjoint(self, other: CardSet) -> bool:
        return not self.bits & other.bits

    def issubset(self, other: CardSet) -> bool:
        return not self.bits & ~other.bits

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_bits, (self.bits,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash(("CardSet", self.bits))

    def __str__(self) -> str:
        return self.to_pbn()

    def __format__(self, spec: str) -> str:
        if spec == "u":
            return self.unicode()
        if spec == "":
            return str(self)
        raise ValueError(f"unknown format spec {spec!r} for CardSet (use '' or 'u')")

    def __repr__(self) -> str:
        return f"CardSet.from_pbn({self.to_pbn()!r})"
