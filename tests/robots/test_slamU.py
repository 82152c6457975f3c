"""Textbook cases for uncontested slams the robots missed by stopping in game (issue 11, helper slamU).

Slam in notrump by count (``_slam_first`` in the generators): once partner's bid has limited his hand, a
balanced or semibalanced hand bids 6NT when the two hands count 31 or more. Until now an unbalanced hand
(a singleton, a seven-card suit, 5-5, 6-4) never did, and so stopped in 3NT with 32 or more together. In
the census of the development seeds such hands stopped in 3NT on 31 or more HCP together (the hand that
knew the count being unbalanced) and slam made more often than not. The new rule: an unbalanced hand
without a void bids 6NT with a point more, 32 together. With a void it still does not (a whole suit may be
the opponents'), and with 31 it still stops in game.

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GOREN = ("Charles Goren, Point Count Bidding in Contract Bridge (33 points together for a small slam; an "
         "unbalanced hand counts its shape as well as its high cards), ")
ROOT = ("William Root, Commonsense Bidding (the hand that knows the combined values places the contract: "
        "once partner has limited his hand, the strong hand bids the slam itself), ")

CASES = [
    # 20 HCP 5-2-1-5 opposite 1D-1S-2D (opener counts about 12): 32 together, 6NT
    Case(ROOT + "1D-1S-2D: 6NT with 20 HCP and a singleton", "AKT85.A6.4.AKQ43", "1D P 1S P 2D P", "6NT",
         ("slam",)),
    # the same values with a void: game, not 6NT
    Case(GOREN + "1D-1S-2D: 3NT, not 6NT, with 20 HCP and a void", "AKT85.A64..AKQ43", "1D P 1S P 2D P",
         "3NT"),
    # 18 HCP 4-3-1-5 opposite 1C-3NT (13-17, counted as 14): 32 together, 6NT
    Case(GOREN + "1C-3NT: 6NT with 18 HCP and a singleton", "AQ75.KQ4.8.AKT63", "1C P 3NT P", "6NT",
         ("slam",)),
    # 17 HCP 4-4-1-4 opposite 1C-3NT: 31 together is not enough for an unbalanced hand, pass (with five
    # clubs, 4-3-1-5, the 2/1 card now bids six clubs: test_minorX.py)
    Case(GOREN + "1C-3NT: pass with 17 HCP and a singleton", "AQ75.KQ43.8.AQ96", "1C P 3NT P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam_u(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AKT85.A6.4.AKQ43": (20, (5, 2, 1, 5)), "AKT85.A64..AKQ43": (20, (5, 3, 0, 5)),
              "AQ75.KQ4.8.AKT63": (18, (4, 3, 1, 5)), "AQ75.KQ43.8.AQ96": (17, (4, 4, 1, 4))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
