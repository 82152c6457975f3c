"""What a bidder counts in a hand: lengths, high-card points, shape, honours, stoppers, losers.

A :class:`HandInfo` is computed once per hand from its 52-bit :class:`~tenace.cards.CardSet` and then read by
every rule condition, so that testing a hundred rules against one hand costs little. Suits are indexed as
:attr:`tenace.cards.Suit.index` does: clubs 0, diamonds 1, hearts 2, spades 3.

>>> from tenace.cards import CardSet, Suit
>>> hand = HandInfo.of(CardSet.from_pbn("AKJ52.Q3.K84.T72"))
>>> hand.hcp, hand.lengths[Suit.SPADES.index], hand.balanced, hand.points
(13, 5, True, 14)
>>> hand.stopper(Suit.HEARTS.index), hand.stopper(Suit.DIAMONDS.index), hand.good_suit(Suit.SPADES.index)
(False, True, True)
>>> hand.losers
8
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from tenace.cards import CardSet

__all__ = ["HandInfo"]

_MASK = (1 << 13) - 1
_ACE, _KING, _QUEEN, _JACK, _TEN = 1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8
_BALANCED = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})
_SEMIBALANCED = _BALANCED | {(5, 4, 2, 2), (6, 3, 2, 2)}


def _suit_hcp(bits: int) -> int:
    return 4 * (bits >> 12 & 1) + 3 * (bits >> 11 & 1) + 2 * (bits >> 10 & 1) + (bits >> 9 & 1)


@dataclass(frozen=True, slots=True)
class HandInfo:
    """The counts of one 13-card hand (build it with :meth:`of`, which caches)."""

    cards: CardSet
    suits: tuple[int, int, int, int]
    """Each suit's cards as 13 rank bits (bit 12 = ace), clubs first."""
    lengths: tuple[int, int, int, int]
    """Each suit's length, clubs first."""
    hcp: int
    shape: tuple[int, ...]
    """The lengths from longest to shortest."""

    @staticmethod
    @functools.lru_cache(maxsize=65536)
    def of(cards: CardSet) -> HandInfo:
        bits = cards.bits
        suits = (bits & _MASK, bits >> 13 & _MASK, bits >> 26 & _MASK, bits >> 39 & _MASK)
        lengths = (suits[0].bit_count(), suits[1].bit_count(), suits[2].bit_count(), suits[3].bit_count())
        hcp = _suit_hcp(suits[0]) + _suit_hcp(suits[1]) + _suit_hcp(suits[2]) + _suit_hcp(suits[3])
        return HandInfo(cards, suits, lengths, hcp, tuple(sorted(lengths, reverse=True)))

    @property
    def balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
        return self.shape in _BALANCED

    @property
    def semibalanced(self) -> bool:
        """Balanced, or 5-4-2-2 or 6-3-2-2: no singleton or void."""
        return self.shape in _SEMIBALANCED

    @property
    def points(self) -> int:
        """High-card points plus one for each card beyond four in a suit (length points)."""
        return self.hcp + sum(n - 4 for n in self.lengths if n > 4)

    def support_points(self, trump: int) -> int:
        """High-card points plus shortness counted when raising ``trump``: a void 5, a singleton 3 and a
        doubleton 1, in the other suits."""
        extra = 0
        for i, n in enumerate(self.lengths):
            if i != trump and n < 3:
                extra += (5, 3, 1)[n]
        return self.hcp + extra

    @property
    def aces(self) -> int:
        return sum(s >> 12 & 1 for s in self.suits)

    @property
    def kings(self) -> int:
        return sum(s >> 11 & 1 for s in self.suits)

    @property
    def controls(self) -> int:
        """Aces count two, kings one."""
        return 2 * self.aces + self.kings

    def keycards(self, trump: int) -> int:
        """The four aces and the trump king (Roman Key Card Blackwood)."""
        return self.aces + (self.suits[trump] >> 11 & 1)

    def working_hcp(self, suit: int) -> int:
        """The HCP that count opposite partner's shortness in ``suit``: all of them but the king, queen and
        jack of that suit (an ace there still takes its trick; the lower honours are wasted)."""
        bits = self.suits[suit]
        return self.hcp - 3 * (bits >> 11 & 1) - 2 * (bits >> 10 & 1) - (bits >> 9 & 1)

    def has(self, suit: int, rank_bit: int) -> bool:
        return bool(self.suits[suit] & rank_bit)

    def stopper(self, suit: int) -> bool:
        """A stopper for notrump: the ace, the king with one more, the queen with two more or the jack with
        three more."""
        bits, n = self.suits[suit], self.lengths[suit]
        return bool(bits & _ACE or (bits & _KING and n >= 2) or (bits & _QUEEN and n >= 3)
                    or (bits & _JACK and n >= 4))

    def honours(self, suit: int, top: int = 3) -> int:
        """How many of the top ``top`` honours (ace first) the suit holds."""
        return (self.suits[suit] >> (13 - top)).bit_count()

    def good_suit(self, suit: int) -> bool:
        """Two of the three top honours, or three of the top five."""
        return self.honours(suit, 3) >= 2 or self.honours(suit, 5) >= 3

    def first_round_control(self, suit: int) -> bool:
        return bool(self.suits[suit] & _ACE) or self.lengths[suit] == 0

    def second_round_control(self, suit: int) -> bool:
        return bool(self.suits[suit] & _KING) or self.lengths[suit] <= 1

    @property
    def losers(self) -> int:
        """The losing trick count: in each suit, the ace, king and queen missing among its first three
        cards (at most the suit's length)."""
        total = 0
        for bits, n in zip(self.suits, self.lengths, strict=True):
            count = min(n, 3)
            held = (bits >> 10).bit_count() if n >= 3 else (bits >> 11).bit_count() if n == 2 else bits >> 12
            total += count - min(held, count)
        return total

    def longest(self, suit: int) -> bool:
        """Whether ``suit`` is as long as any other suit."""
        return self.lengths[suit] == self.shape[0]
