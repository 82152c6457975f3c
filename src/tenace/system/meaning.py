"""The meaning of a call under a partnership's agreements (Law 40A): structured enough to compare.

A :class:`Meaning` says what a call promises: a high-card point range, suit lengths, whether it is balanced,
forcing or not, artificial or natural, the convention it belongs to and free text. Every field may be left
unspecified (``None``): an unspecified field is never compared, so a card can be as precise as the
partnership's agreement and no more.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Final, TypeVar

from tenace.cards import CardSet, Suit
from tenace.errors import NotationError

#: Suits in the order a system card lists them: spades first.
T = TypeVar("T")

CARD_SUITS: Final[tuple[Suit, ...]] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_RANGE_RE: Final = re.compile(r"\s*(\d{1,2})?\s*(?:(\+)|(-)\s*(\d{1,2})?)?\s*")


class Forcing(enum.Enum):
    """How far a call forces partner. Only :attr:`FORCING` and :attr:`GAME_FORCING` are forcing."""

    SIGN_OFF = "sign-off"
    NON_FORCING = "non-forcing"
    INVITATIONAL = "invitational"
    FORCING = "forcing"
    """Forcing for one round."""
    GAME_FORCING = "game-forcing"

    @property
    def is_forcing(self) -> bool:
        return self in (Forcing.FORCING, Forcing.GAME_FORCING)

    def __str__(self) -> str:
        return self.value


def parse_range(text: str) -> tuple[int | None, int | None]:
    """A range as written on a card: ``"15-17"``, ``"5+"``, ``"-4"`` (at most 4), ``"6"`` (exactly 6) or
    ``""`` (unspecified).

    >>> parse_range("15-17"), parse_range("5+"), parse_range("-4"), parse_range("6"), parse_range("")
    ((15, 17), (5, None), (None, 4), (6, 6), (None, None))

    :raises NotationError: if the text is not a range or its minimum exceeds its maximum.
    """
    match = _RANGE_RE.fullmatch(text)
    if match is None:
        raise NotationError(f"not a range: {text!r} (expected e.g. 15-17, 5+, -4 or 6)")
    low_text, plus, dash, high_text = match.groups()
    low = int(low_text) if low_text is not None else None
    if plus:
        if low is None:
            raise NotationError(f"not a range: {text!r} (a '+' needs a minimum)")
        return low, None
    if dash:
        high = int(high_text) if high_text is not None else None
        if low is not None and high is not None and low > high:
            raise NotationError(f"range {text!r}: the minimum is above the maximum")
        return low, high
    return low, low


def format_range(low: int | None, high: int | None) -> str:
    """The inverse of :func:`parse_range`.

    >>> format_range(15, 17), format_range(5, None), format_range(None, 4), format_range(6, 6)
    ('15-17', '5+', '-4', '6')
    """
    if low is None and high is None:
        return ""
    if high is None:
        return f"{low}+"
    if low is None:
        return f"-{high}"
    return str(low) if low == high else f"{low}-{high}"


def _check_bounds(what: str, low: int | None, high: int | None, top: int) -> None:
    for value in (low, high):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise NotationError(f"{what}: {value!r} is not a whole number from 0 to {top}")
    if low is not None and high is not None and low > high:
        raise NotationError(f"{what}: the minimum {low} is above the maximum {high}")


@dataclass(frozen=True, slots=True)
class Length:
    """Promised length in one suit: ``min`` to ``max`` cards (either may be unspecified)."""

    suit: Suit
    min: int | None = None
    max: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise NotationError(f"not a suit: {self.suit!r}")
        _check_bounds(f"length in {self.suit.name.lower()}", self.min, self.max, 13)

    def allows(self, count: int) -> bool:
        """Whether holding ``count`` cards in the suit is within the promise."""
        return (self.min is None or count >= self.min) and (self.max is None or count <= self.max)

    def __str__(self) -> str:
        return f"{format_range(self.min, self.max)}{self.suit.symbol}"


def suit_lengths(**ranges: str) -> tuple[Length, ...]:
    """Lengths from ranges keyed by suit letter, spades first.

    >>> [str(x) for x in suit_lengths(H="4+", S="5+")]
    ['5+♠', '4+♥']
    """
    return _lengths(tuple(Length(Suit.from_str(key), *parse_range(value)) for key, value in ranges.items()))


def _lengths(items: tuple[Length, ...]) -> tuple[Length, ...]:
    seen: set[Suit] = set()
    for item in items:
        if not isinstance(item, Length):
            raise NotationError(f"not a Length: {item!r}")
        if item.suit in seen:
            raise NotationError(f"two lengths given for {item.suit.name.lower()}")
        seen.add(item.suit)
    order = {suit: i for i, suit in enumerate(CARD_SUITS)}
    return tuple(sorted((i for i in items if i.min is not None or i.max is not None),
                        key=lambda i: order[i.suit]))


def is_balanced(hand: CardSet) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2 (the usual definition; a card may say more in its text).

    >>> is_balanced(CardSet.from_pbn("AKQJ.AKQ.432.432")), is_balanced(CardSet.from_pbn("AKQJ2.AKQ2.43.43"))
    (True, False)
    """
    return tuple(sorted(hand.shape, reverse=True)) in ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a call shows under the agreements (Law 40A1): every field optional.

    ``lengths`` is a tuple of :class:`Length` (see :func:`suit_lengths`), kept spades first. ``alert`` is the
    partnership's own marking of a call as alertable (for example a natural call
    with an unexpected meaning) on top of what the regulations deduce; ``announce`` is the wording of an
    announcement when the regulations ask for one (default: the HCP range of a notrump opening, or the
    suit of a transfer).

    >>> m = Meaning("Strong notrump", hcp_min=15, hcp_max=17, balanced=True)
    >>> m.hcp, m.fits(CardSet.from_pbn("AKQ2.K32.Q32.J32"))
    ('15-17', ())
    >>> Meaning("Five-card major", lengths=suit_lengths(S="5+")).length(Suit.SPADES)
    Length(suit=<Suit.SPADES: 'S'>, min=5, max=None)
    """

    text: str = ""
    hcp_min: int | None = None
    hcp_max: int | None = None
    lengths: tuple[Length, ...] = field(default=())
    balanced: bool | None = None
    forcing: Forcing | None = None
    artificial: bool | None = None
    convention: str | None = None
    transfer: Suit | None = None
    """The suit a transfer asks partner to bid."""
    alert: bool = False
    announce: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise NotationError(f"a meaning's text must be a string, got {self.text!r}")
        _check_bounds("HCP", self.hcp_min, self.hcp_max, 40)
        object.__setattr__(self, "lengths", _lengths(tuple(self.lengths)))
        if self.forcing is not None and not isinstance(self.forcing, Forcing):
            object.__setattr__(self, "forcing", Forcing(self.forcing))
        if self.transfer is not None and not isinstance(self.transfer, Suit):
            object.__setattr__(self, "transfer", Suit.from_str(str(self.transfer)))

    @property
    def hcp(self) -> str:
        """The HCP range as written on a card (``""`` when unspecified)."""
        return format_range(self.hcp_min, self.hcp_max)

    def length(self, suit: Suit) -> Length | None:
        """The promised length in ``suit``, or ``None`` when the meaning says nothing about it."""
        for item in self.lengths:
            if item.suit is suit:
                return item
        return None

    def fits(self, hand: CardSet) -> tuple[tuple[str, str, str], ...]:
        """The facts of ``hand`` that contradict this meaning, as ``(field, promised, held)`` triples: empty
        when the hand fits. Only HCP, suit lengths and balance are facts of a hand; forcing and artificial are
        not."""
        out: list[tuple[str, str, str]] = []
        hcp = hand.hcp
        if (self.hcp_min is not None and hcp < self.hcp_min) or (
                self.hcp_max is not None and hcp > self.hcp_max):
            out.append(("hcp", self.hcp, str(hcp)))
        for item in self.lengths:
            count = hand.count(item.suit)
            if not item.allows(count):
                out.append((f"length.{item.suit.value}", str(item), f"{count}{item.suit.symbol}"))
        if self.balanced is not None and is_balanced(hand) != self.balanced:
            shape = "-".join(str(n) for n in hand.shape)
            out.append(("balanced", "balanced" if self.balanced else "unbalanced", shape))
        return tuple(out)

    def describe(self) -> str:
        """A one-line summary for a card or a Director's screen.

        >>> Meaning("Stayman", hcp_min=8, forcing=Forcing.FORCING, artificial=True).describe()
        'Stayman; 8+ HCP; forcing; artificial'
        """
        parts = [self.text] if self.text else []
        if self.hcp:
            parts.append(f"{self.hcp} HCP")
        parts.extend(str(item) for item in self.lengths)
        if self.balanced is not None:
            parts.append("balanced" if self.balanced else "unbalanced")
        if self.forcing is not None:
            parts.append(str(self.forcing))
        if self.artificial is not None:
            parts.append("artificial" if self.artificial else "natural")
        if self.transfer is not None:
            parts.append(f"transfer to {self.transfer.symbol}")
        if self.convention and self.convention.lower() not in self.text.lower():
            parts.append(self.convention)
        return "; ".join(parts)


def _union_bound(values: list[int | None], lowest: bool) -> int | None:
    if any(v is None for v in values):
        return None
    present = [v for v in values if v is not None]
    return min(present) if lowest else max(present)


def _same(values: list[T]) -> T | None:
    return values[0] if all(v == values[0] for v in values) else None


def union_meanings(meanings: list[Meaning] | tuple[Meaning, ...], text: str | None = None) -> Meaning:
    """One meaning covering every hand any of ``meanings`` allows: the widest HCP range, lengths only in
    suits every meaning constrains (the widest range), and balance, forcing and the other fields only where
    all agree. Used when one call has several agreed descriptions ("... ; or ...").

    >>> a = Meaning("a", 9, 11, suit_lengths(S="4+"))
    >>> m = union_meanings([a, Meaning("b", 0, 8, suit_lengths(S="5+"))])
    >>> m.text, m.hcp, [str(x) for x in m.lengths]
    ('a; or b', '0-11', ['4+♠'])
    """
    if not meanings:
        raise ValueError("union_meanings needs at least one meaning")
    first = meanings[0]
    if len(meanings) == 1 and text is None:
        return first
    lengths = []
    for suit in CARD_SUITS:
        each = [m.length(suit) for m in meanings]
        found = [item for item in each if item is not None]
        if len(found) == len(each):
            lengths.append(Length(suit, _union_bound([i.min for i in found], True),
                                  _union_bound([i.max for i in found], False)))
    joined = text if text is not None else "; or ".join(dict.fromkeys(m.text for m in meanings if m.text))
    return Meaning(
        text=joined,
        hcp_min=_union_bound([m.hcp_min for m in meanings], True),
        hcp_max=_union_bound([m.hcp_max for m in meanings], False),
        lengths=tuple(lengths),
        balanced=_same([m.balanced for m in meanings]),
        forcing=_same([m.forcing for m in meanings]),
        artificial=_same([m.artificial for m in meanings]),
        convention=_same([m.convention for m in meanings]),
        transfer=_same([m.transfer for m in meanings]),
        alert=any(m.alert for m in meanings),
        announce=_same([m.announce for m in meanings]),
    )
