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

A bid over 4NT at the five level took the answer away: the answerer doubled for penalty or passed as in any
competitive auction, and the asker, hearing no answer, mostly passed their save. Now the answers go by DOPI
(the double shows none or three keycards, the pass one or four, the next step two without the trump queen,
the step after it two with her), and the asker, with two keycards missing, defends their contract doubled.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (interference below 4NT changes nothing: "
          "with a fit and slam values the keycard ask comes first), ")
KANTAR_X = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (a double of 4NT costs no room; the "
            "simplest agreement is to answer as if it had not been made), ")
KANTAR_DOPI = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (DOPI over interference at the five "
               "level: double 0 or 3, pass 1 or 4, the next step 2 without the queen, the step after 2 with "
               "her), ")
ROOT = ("William Root, Commonsense Bidding (over an overcall, a limit raise or better in partner's major "
        "goes through the cue bid), ")

CASES = [
    # 1S (2H): 18 HCP, four spades and a singleton heart opposite an opening: 30+ support points together and
    # every side suit controlled, so ask for keycards now rather than cue-raise and hope partner moves
    Case(KANTAR + "1S (2H): 4NT with 18 HCP, four trumps and a singleton", "KQ84.5.AKQ6.KJ73", "1S 2H",
         "4NT", ("keycard",)),
    # the same shape with 14 HCP (29 together at most): no keycard ask yet. Since splinC the jump cue bid 4H
    # is a splinter (four trumps, 11-15, at most one heart), which shows this hand and lets opener judge
    # (before, the cue raise 3H)
    Case(ROOT + "1S (2H): no ask with 14 HCP, four trumps: the splinter", "KQ84.5.AKJ6.J973", "1S 2H", "4H",
         ("splinter",)),
    # 1S (2H) 4NT (X): two keycards without the queen of spades, 5H as over a pass (not a pass, which
    # would leave 4NT doubled as the contract)
    Case(KANTAR_X + "1S (2H) 4NT (X): 5H with two keycards", "AJ952.K43.J5.AQ4", "1S 2H 4NT X", "5H",
         ("two keycards",)),
    # 1S (2H) 4NT (5H): their save over the ask does not take the answer away (DOPI)
    Case(KANTAR_DOPI + "1S (2H) 4NT (5H): pass with one keycard", "A9752.K43.J5.Q54", "1S 2H 4NT 5H", "P",
         ("one or four keycards",)),
    Case(KANTAR_DOPI + "1S (2H) 4NT (5H): double with no keycard", "Q9752.K43.J5.Q54", "1S 2H 4NT 5H", "X",
         ("none or three keycards",)),
    Case(KANTAR_DOPI + "1S (2H) 4NT (5H): 5S, the next step, with two keycards and no queen",
         "A9752.K43.J5.A54", "1S 2H 4NT 5H", "5S", ("two keycards without the trump queen",)),
    Case(KANTAR_DOPI + "1S (2H) 4NT (5H): 5NT, the second step, with two keycards and the queen",
         "AQ952.K43.J5.A54", "1S 2H 4NT 5H", "5NT", ("two keycards with the trump queen",)),
    Case(KANTAR_DOPI + "1S (2C) 4NT (5D): 5H, the next step, with two keycards and no queen",
         "AJ952.K43.J5.AQ4", "1S 2C 4NT 5D", "5H", ("two keycards without the trump queen",)),
    # the asker: three keycards opposite partner's pass (one): one missing, the slam
    Case(KANTAR_DOPI + "1S (2H) 4NT (5H) P (P): 6S with three keycards opposite one", "AK84.5.AK86.KJ73",
         "1S 2H 4NT 5H P P", "6S", ("to play",)),
    # one keycard opposite partner's pass (one): two or more missing, so double their save
    Case(KANTAR_DOPI + "1S (2H) 4NT (5H) P (P): double with two keycards missing", "KQ84.5.AKQ6.KJ73",
         "1S 2H 4NT 5H P P", "X", ("for penalty",)),
    # three keycards opposite partner's double (none): leave the double in
    Case(KANTAR_DOPI + "1S (2H) 4NT (5H) X (P): pass, two keycards missing", "AK84.5.AK86.KJ73",
         "1S 2H 4NT 5H X P", "P", ("converts partner's double to penalties",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam_c(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"KQ84.5.AKQ6.KJ73": (18, (4, 1, 4, 4)), "KQ84.5.AKJ6.J973": (14, (4, 1, 4, 4)),
              "AJ952.K43.J5.AQ4": (15, (5, 3, 2, 3)), "A9752.K43.J5.Q54": (10, (5, 3, 2, 3)),
              "Q9752.K43.J5.Q54": (8, (5, 3, 2, 3)), "A9752.K43.J5.A54": (12, (5, 3, 2, 3)),
              "AQ952.K43.J5.A54": (14, (5, 3, 2, 3)), "AK84.5.AK86.KJ73": (18, (4, 1, 4, 4))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
