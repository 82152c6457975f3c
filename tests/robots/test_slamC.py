"""Textbook cases for slams in contested auctions (issue 11, helper slamC).

Until now the robots never asked for keycards once an opponent had the last bid: the ``rkcb`` generator gave
up whenever the opponents had bid last, so a hand with slam values opposite a known fit went through the
cue raise or straight to game, and the auction mostly ended there. In the census of the development seeds
373 contested boards stopped in game with a slam making for our side. An overcall takes no slam away: with
the values for a slam opposite a known fit (the same count as without the overcall: 30+ support points
together, 12+ HCP, a control in each side suit), 4NT asks for keycards as usual. Only an artificial last
call by partner (a cue bid, a transfer) still stops the ask.

A double of 4NT takes no room either: the answers stand as over a pass. Before, the answerer passed it out
(4NT doubled as a contract).
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (interference below 4NT changes nothing: "
          "with a fit and slam values the keycard ask comes first), ")
KANTAR_X = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (a double of 4NT costs no room; the "
            "simplest agreement is to answer as if it had not been made), ")
ROOT = ("William Root, Commonsense Bidding (over an overcall, a limit raise or better in partner's major "
        "goes through the cue bid), ")

CASES = [
    # 1S (2H): 18 HCP, four spades and a singleton heart opposite an opening: 30+ support points together and
    # every side suit controlled, so ask for keycards now rather than cue-raise and hope partner moves
    Case(KANTAR + "1S (2H): 4NT with 18 HCP, four trumps and a singleton", "KQ84.5.AKQ6.KJ73", "1S 2H",
         "4NT", ("keycard",)),
    # the same shape with 14 HCP (29 together at most): no slam yet, the cue raise as before
    Case(ROOT + "1S (2H): the cue raise with 14 HCP and four trumps", "KQ84.5.AKJ6.J973", "1S 2H", "3H",
         ("cue bid",)),
    # 1S (2H) 4NT (X): two keycards without the queen of spades, 5H as over a pass (not a pass, which
    # would leave 4NT doubled as the contract)
    Case(KANTAR_X + "1S (2H) 4NT (X): 5H with two keycards", "AJ952.K43.J5.AQ4", "1S 2H 4NT X", "5H",
         ("two keycards",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam_c(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"KQ84.5.AKQ6.KJ73": (18, (4, 1, 4, 4)), "KQ84.5.AKJ6.J973": (14, (4, 1, 4, 4)),
              "AJ952.K43.J5.AQ4": (15, (5, 3, 2, 3))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
