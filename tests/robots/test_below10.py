"""Textbook cases for uncontested auctions that stopped below game with 26+ HCP together (issue 11, helper
below10).

1. Opener's 18 HCP opposite a 1NT response to a minor (6-10): together 24-28, so opener invites with 2NT
   whatever his shape when he has no second suit to rebid. A 4-4-4-1 18-count is not balanced, so the
   2NT rebid (18-19 balanced) did not fit and the robot passed 1NT (seed 37 board 689, seed 44 board 45:
   1D-1NT passed out with 27 and 28 HCP together, 3NT made).
2. Responder's game values after opener's non-reverse new suit (1H-1S-2C): opener shows 12-18, so 13 or
   more opposite bids game. 3NT with the unbid suit stopped was capped at 17 HCP and a stronger hand had no
   call and passed the two-level rebid (seed 40 board 243 and seed 30 board 95: 2C played with 28 HCP).
   With four cards in opener's second suit the stronger hand is left to the game and slam bids in the fit.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

SAYC_REBID = ("ACBL SAYC booklet, opener's rebid after a 1NT response (6-10): with 18-19 invite with 2NT, "
              "game needs 26 together, ")
GOREN_GAME = ("Charles Goren, Point Count Bidding (an opening opposite an opening makes game: responder with "
              "13 or more never passes short of game), ")

CASES = [
    # 18 HCP 4-4-4-1: the 2NT invitation
    Case(SAYC_REBID + "1D-1NT: 2NT with 18 HCP and a singleton", "AQ72.KJ93.AKJ2.5", "1D P 1NT P", "2NT",
         ("18",)),
    # 14 HCP 4-4-4-1: still the pass
    Case(SAYC_REBID + "1D-1NT: pass with 14 HCP and a singleton", "AQ72.KJ93.KJ82.5", "1D P 1NT P", "P"),
    # 18 HCP 5-4-2-2, diamonds stopped
    Case(GOREN_GAME + "1H-1S-2C: 3NT with 18 HCP and diamonds stopped", "AKJ94.KQ93.A7.J2",
         "1H P 1S P 2C P", "3NT", ("game",)),
    # 13 HCP 5-2-3-3, diamonds stopped: the same call
    Case(GOREN_GAME + "1H-1S-2C: 3NT with 13 HCP and diamonds stopped", "AKJ94.72.KQ5.932",
         "1H P 1S P 2C P", "3NT", ("game",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_below10(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AQ72.KJ93.AKJ2.5": (18, (4, 4, 4, 1)), "AQ72.KJ93.KJ82.5": (14, (4, 4, 4, 1)),
              "AKJ94.KQ93.A7.J2": (18, (5, 4, 2, 2)), "AKJ94.72.KQ5.932": (13, (5, 2, 3, 3))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
