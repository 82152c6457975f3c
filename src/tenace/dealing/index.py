"""Deal numbers: a bijection between the deals and the integers ``0 .. DEAL_COUNT - 1``.

The numbering follows the scheme Richard Pavlicek describes for his deal numbers (counted from 0 here): go
through the pack from the ace of spades down to the two of clubs and say, for each card, which seat holds it
(North, East, South, West). A deal is then a word of 52 seat letters with 13 of each, and its number is the
rank of that word in dictionary order among all such words (N < E < S < W). Ranking and unranking only need
multinomial coefficients: when ``m`` words remain with ``total`` cards still to place and seat ``k`` still
needs ``counts[k]`` of them, exactly ``m * counts[k] // total`` of the words put the next card in seat ``k``.

Deal 0 gives North all the spades, East the hearts, South the diamonds and West the clubs; the last deal
gives the spades to West, the hearts to South, the diamonds to East and the clubs to North.

>>> DEAL_COUNT
53644737765488792839237440000
>>> deal_from_index(0).to_pbn()
'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
>>> deal = deal_from_index(123_456_789_012_345_678_901_234_567)
>>> deal_to_index(deal)
123456789012345678901234567
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial
from typing import Final

from tenace.cards import CardSet
from tenace.deal import Deal

DEAL_COUNT: Final[int] = factorial(52) // factorial(13) ** 4
"""The number of different deals, 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000."""
_DEALING_ORDER: Final[tuple[int, ...]] = tuple(1 << i for i in range(51, -1, -1))
"""The bit of each card in dealing order: spade ace (card index 51) first, club two (index 0) last."""

def multinomial(sizes: Sequence[int]) -> int:
    """The number of ways to deal ``sum(sizes)`` distinct cards into hands of the given sizes.

    >>> multinomial((13, 13, 13, 13)) == DEAL_COUNT
    True
    >>> multinomial((2, 1))
    3
    """
    if any(n < 0 for n in sizes):
        raise ValueError(f"hand sizes must not be negative, got {tuple(sizes)}")
    result = factorial(sum(sizes))
    for n in sizes:
        result //= factorial(n)
    return result


def rank_assignment(owners: Sequence[int], sizes: Sequence[int]) -> int:
    """The rank, in dictionary order, of a word of hand numbers among all words with ``sizes[k]`` letters
    ``k``. ``owners[i]`` says which hand gets the ``i``-th card in dealing order.

    This is the general form behind :func:`deal_to_index` (which uses four hands of 13).

    >>> [rank_assignment(word, (2, 1)) for word in ([0, 0, 1], [0, 1, 0], [1, 0, 0])]
    [0, 1, 2]

    :raises ValueError: if the word does not have exactly ``sizes[k]`` cards in hand ``k``.
    """
    counts = list(sizes)
    total = sum(counts)
    if len(owners) != total:
        raise ValueError(f"expected {total} cards in dealing order, got {len(owners)}")
    remaining = multinomial(counts)
    rank = 0
    for k in owners:
        if not 0 <= k < len(counts) or counts[k] == 0:
            raise ValueError(f"hand {k} receives more than {sizes[k] if 0 <= k < len(sizes) else 0} cards")
        if k:
            # Words that put this card in an earlier hand come first: sum over j < k of m * c_j / total.
            rank += remaining * sum(counts[:k]) // total
        remaining = remaining * counts[k] // total
        counts[k] -= 1
        total -= 1
    return rank


def unrank_assignment(index: int, sizes: Sequence[int]) -> list[int]:
    """The word of hand numbers with rank ``index``: the inverse of :func:`rank_assignment`.

    >>> [unrank_assignment(i, (2, 1)) for i in range(3)]
    [[0, 0, 1], [0, 1, 0], [1, 0, 0]]

    :raises ValueError: if ``index`` is not in ``0 .. multinomial(sizes) - 1``.
    """
    counts = list(sizes)
    total = sum(counts)
    remaining = multinomial(counts)
    if not isinstance(index, int) or not 0 <= index < remaining:
        raise ValueError(f"index must be an integer in 0 .. {remaining - 1}, got {index!r}")
    hands = range(len(counts))
    owners: list[int] = []
    for _ in range(total):
        for k in hands:
            c = counts[k]
            if not c:
                continue
            part = remaining * c // total
            if index < part:
                owners.append(k)
                remaining = part
                counts[k] = c - 1
                break
            index -= part
        total -= 1
    return owners


def deal_to_index(deal: Deal) -> int:
    """The number of ``deal``, from 0 to ``DEAL_COUNT - 1``.

    >>> deal_to_index(Deal.from_pbn("N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."))
    53644737765488792839237439999
    """
    # rank_assignment for four hands of 13, unrolled (the hot path; the tests check the two agree).
    north, east, south = deal.hands[0].bits, deal.hands[1].bits, deal.hands[2].bits
    c0 = c1 = c2 = c3 = 13
    total = 52
    remaining = DEAL_COUNT
    rank = 0
    for bit in _DEALING_ORDER:
        if north & bit:
            remaining = remaining * c0 // total
            c0 -= 1
        elif east & bit:
            rank += remaining * c0 // total
            remaining = remaining * c1 // total
            c1 -= 1
        elif south & bit:
            rank += remaining * (c0 + c1) // total
            remaining = remaining * c2 // total
            c2 -= 1
        else:
            rank += remaining * (c0 + c1 + c2) // total
            remaining = remaining * c3 // total
            c3 -= 1
        total -= 1
    return rank


def deal_from_index(index: int) -> Deal:
    """The deal with number ``index``: the inverse of :func:`deal_to_index`.

    >>> deal_from_index(DEAL_COUNT - 1).to_pbn()
    'N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...'

    :raises ValueError: if ``index`` is not an integer in ``0 .. DEAL_COUNT - 1``.
    """
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < DEAL_COUNT:
        raise ValueError(f"a deal number is an integer in 0 .. {DEAL_COUNT - 1}, got {index!r}")
    # unrank_assignment for four hands of 13, unrolled. A seat with no room left has part == 0 and is
    # skipped by the comparisons, so no test for it is needed.
    c0 = c1 = c2 = c3 = 13
    b0 = b1 = b2 = b3 = 0
    total = 52
    remaining = DEAL_COUNT
    for bit in _DEALING_ORDER:
        part = remaining * c0 // total
        if index < part:
            b0 |= bit
            remaining = part
            c0 -= 1
        else:
            index -= part
            part = remaining * c1 // total
            if index < part:
                b1 |= bit
                remaining = part
                c1 -= 1
            else:
                index -= part
                part = remaining * c2 // total
                if index < part:
                    b2 |= bit
                    remaining = part
                    c2 -= 1
                else:
                    index -= part
                    b3 |= bit
                    remaining = remaining * c3 // total
                    c3 -= 1
        total -= 1
    return Deal((CardSet.from_bits(b0), CardSet.from_bits(b1), CardSet.from_bits(b2), CardSet.from_bits(b3)))
