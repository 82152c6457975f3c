"""Textbook cases for minor-suit slams the auction never found (issue 11, helper minorX).

The census of this round (rules only, development deals): with a minor-suit fit of nine cards, or eight with a
six-card suit, twelve tricks in the minor came in on 63% of the deals with 28-29 HCP together but only on 22%
of those where the two hands held 8 controls (ace two, king one) or fewer, and on 65-94% with 9 or more; a
void or singleton did the same work at 26-27 HCP (65% against 31%). Most of the slams missed followed a
natural 3NT by a balanced hand: 1m-3NT, 1m-1M-2m-3NT, 1NT-3NT.

After 1m-3NT (13-17, balanced, no four-card major: seven or more cards in the minors) an opener with 14+ HCP,
five or more cards of his minor and a singleton or void jumps to six of the minor, to play: his shortness
counts as well as his high cards (Goren), and partner's 13-17 make 27 or more together with a fit. With a
balanced or semi-balanced hand he stays with the count in notrump (pass, or 6NT by count with 18+).

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GOREN = ("Charles Goren, Point Count Bidding in Contract Bridge (in a suit contract a singleton or void "
         "counts with the high cards; a long trump suit makes slam with less than 6NT needs), ")

CASES = [
    # 14 HCP, five clubs and a singleton opposite 13-17 balanced: six clubs
    Case(GOREN + "1C-3NT: 6C with 14 HCP, five clubs and a singleton", "J.AQT4.K75.A9654", "1C P 3NT P", "6C",
         ("slam",)),
    # 15 HCP, six diamonds and a singleton: six diamonds
    Case(GOREN + "1D-3NT: 6D with 15 HCP, six diamonds and a singleton", "7.AK4.AKJ752.T98", "1D P 3NT P",
         "6D", ("slam",)),
    # 17 HCP 4-3-1-5 (slamU's case: 6NT wants 32 together from an unbalanced hand): six clubs
    Case(GOREN + "1C-3NT: 6C with 17 HCP, five clubs and a singleton", "AQ75.KQ4.8.AQ963", "1C P 3NT P",
         "6C", ("slam",)),
    # 13 HCP with a singleton: not enough, pass
    Case(GOREN + "1C-3NT: pass with 13 HCP and a singleton", "QJ93.A.KQ5.J7543", "1C P 3NT P", "P"),
    # 14 HCP, balanced: pass
    Case(GOREN + "1C-3NT: pass with 14 HCP balanced", "A976.AQ3.A8.7632", "1C P 3NT P", "P"),
    # four-four-four-one, the minor only four cards: pass
    Case(GOREN + "1D-3NT: pass with 4-4-4-1 and 15 HCP", "KJ42.2.AQ73.KQ74", "1D P 3NT P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_minor_x(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"J.AQT4.K75.A9654": (14, (1, 4, 3, 5)), "7.AK4.AKJ752.T98": (15, (1, 3, 6, 3)),
              "QJ93.A.KQ5.J7543": (13, (4, 1, 3, 5)), "A976.AQ3.A8.7632": (14, (4, 3, 2, 4)),
              "KJ42.2.AQ73.KQ74": (15, (4, 1, 4, 4)), "AQ75.KQ4.8.AQ963": (17, (4, 3, 1, 5))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
