"""Deals: four hands that partition the pack (Law 1), and PBN deal strings."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from tenace.cards import CardSet
from tenace.errors import InvalidDealError, NotationError
from tenace.seats import SEATS, Seat

_FULL_BITS: Final = (1 << 52) - 1


class DealProblem(enum.Enum):
    """What can be wrong with four hands, for lenient readers that report instead of raising."""

    SHORT_HAND = "a hand has fewer than 13 cards"
    LONG_HAND = "a hand has more than 13 cards"
    CARD_IN_TWO_HANDS = "a card is in two hands"
    MISSING_CARDS = "some cards are in no hand"
    UNKNOWN_HAND = "a hand is not known"


def deal_problems(
    hands: Mapping[Seat, CardSet | None] | tuple[CardSet | None, ...],
) -> list[tuple[DealProblem, str]]:
    """Everything that stops four hands (North, East, South, West) from being a valid deal, each with a
    message naming the seat or cards. ``None`` stands for a hand that is not known."""
    seq = tuple(hands[s] for s in SEATS) if isinstance(hands, Mapping) else tuple(hands)
    problems: list[tuple[DealProblem, str]] = []
    seen = 0
    for seat, hand in zip(SEATS, seq, strict=True):
        if hand is None:
            problems.append((DealProblem.UNKNOWN_HAND, f"{seat.name.title()}'s hand is not known"))
            continue
        n = len(hand)
        if n < 13:
            problems.append((DealProblem.SHORT_HAND, f"{seat.name.title()} has {n} cards, not 13"))
        elif n > 13:
            problems.append((DealProblem.LONG_HAND, f"{seat.name.title()} has {n} cards, not 13"))
        twice = seen & hand.bits
        if twice:
            cards = " ".join(str(c) for c in CardSet.from_bits(twice))
            problems.append((DealProblem.CARD_IN_TWO_HANDS, f"{cards} also in {seat.name.title()}'s hand"))
        seen |= hand.bits
    missing = _FULL_BITS & ~seen
    if missing and None not in seq:
        cards = " ".join(str(c) for c in CardSet.from_bits(missing))
        problems.append((DealProblem.MISSING_CARDS, f"{cards} in no hand"))
    return problems


def _parse_pbn_hands(text: str) -> tuple[CardSet | None, ...]:
    """Parse ``"N:hand hand hand hand"``; ``"-"`` stands for an unknown hand. Returns N, E, S, W."""
    body = text.strip()
    if len(body) < 2 or body[1] != ":":
        raise NotationError(f"a PBN deal starts with the first seat and a colon, e.g. 'N:...', got {text!r}")
    first = Seat.from_str(body[0])
    parts = body[2:].split()
    if len(parts) != 4:
        raise NotationError(f"a PBN deal has four hands, got {len(parts)} in {text!r}")
    hands: list[CardSet | None] = [None] * 4
    for i, part in enumerate(parts):
        hands[first.rotate(i).index] = None if part == "-" else CardSet.from_pbn(part)
    return tuple(hands)


@dataclass(frozen=True, slots=True)
class Deal:
    """Four 13-card hands that partition the pack (Law 1), indexed by seat. Immutable and hashable.

    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> deal[Seat.NORTH].hcp, deal[Seat.WEST].shape
    (37, (1, 4, 4, 4))
    >>> Deal.from_pbn(deal.to_pbn(Seat.WEST)) == deal
    True

    :raises InvalidDealError: if the hands do not partition the pack, with every problem named.
    """

    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    """North, East, South, West."""

    def __post_init__(self) -> None:
        if not isinstance(self.hands, tuple):  # keep the value hashable when given a list
            object.__setattr__(self, "hands", tuple(self.hands))
        if len(self.hands) != 4:
            raise InvalidDealError(f"a deal has four hands, got {len(self.hands)}")
        problems = deal_problems(self.hands)
        if problems:
            raise InvalidDealError("not a valid deal (Law 1): " + "; ".join(msg for _, msg in problems))

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, CardSet]) -> Deal:
        n, e, s, w = (hands[seat] for seat in SEATS)
        return cls((n, e, s, w))

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal string: the first seat, a colon and four hands clockwise from it.

        :raises NotationError: on bad syntax; :raises InvalidDealError: if it is not a full deal.
        """
        hands = _parse_pbn_hands(text)
        known = [h for h in hands if h is not None]
        if len(known) == 3:  # PBN allows the fourth hand to be left out: it is the rest of the pack
            rest = CardSet.full()
            for h in known:
                rest = rest - h
            hands = tuple(rest if h is None else h for h in hands)
        if any(h is None for h in hands):
            raise InvalidDealError(f"deal {text!r} has unknown hands; use PartialDeal.from_pbn")
        n, e, s, w = (h for h in hands if h is not None)
        return cls((n, e, s, w))

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN deal string, hands clockwise from ``first``."""
        return f"{first.value}:" + " ".join(self.hands[first.rotate(i).index].to_pbn() for i in range(4))

    def __getitem__(self, seat: Seat) -> CardSet:
        return self.hands[seat.index]

    def __iter__(self) -> Iterator[tuple[Seat, CardSet]]:
        return iter(zip(SEATS, self.hands, strict=True))

    def holder(self, card: object) -> Seat:
        """The seat whose hand holds ``card``."""
        for seat, hand in zip(SEATS, self.hands, strict=True):
            if card in hand:
                return seat
        raise KeyError(card)

    def __str__(self) -> str:
        return self.to_pbn()

    def __format__(self, spec: str) -> str:
        if spec == "u":
            return " / ".join(f"{seat.value}: {hand.unicode()}" for seat, hand in self)
        if spec == "":
            return str(self)
        raise ValueError(f"unknown format spec {spec!r} for Deal (use '' or 'u')")

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"


@dataclass(frozen=True, slots=True)
class PartialDeal:
    """Hands that may be unknown (``None``) or incomplete, as PBN files sometimes hold. Never raises on
    construction; :meth:`problems` says what keeps it from being a :class:`Deal`."""

    hands: tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None]

    @classmethod
    def from_pbn(cls, text: str) -> PartialDeal:
        """Parse a PBN deal string where any hand may be ``-``. :raises NotationError: on bad syntax."""
        n, e, s, w = _parse_pbn_hands(text)
        return cls((n, e, s, w))

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        def one(hand: CardSet | None) -> str:
            return "-" if hand is None else hand.to_pbn()

        return f"{first.value}:" + " ".join(one(self.hands[first.rotate(i).index]) for i in range(4))

    def __getitem__(self, seat: Seat) -> CardSet | None:
        return self.hands[seat.index]

    def problems(self) -> list[tuple[DealProblem, str]]:
        return deal_problems(self.hands)

    def complete(self) -> Deal:
        """The :class:`Deal`, filling in one unknown hand with the rest of the pack if needed.

        :raises InvalidDealError: if that does not give a valid deal.
        """
        return Deal.from_pbn(self.to_pbn())
