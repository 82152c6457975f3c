"""Textbook cases for the robots' three-level overcalls after the opponents have invited game (issue 11).

When the opponents have shown an opening and an invitation (21 HCP or more between them by the minimums of
their calls: ``1NT P 2NT``, ``1D P 2NT``), a player who overcalls at the three level knows partner holds next
to nothing: the overcall can no longer be a sound competitive bid on a five-card suit, only an obstructive or
lead-directing one, and that needs a sixth card. With a five-card suit and values the book passes and defends
(the opponents' penalty double of an unraised three-level overcall otherwise collects 500-1100). Without such
strength shown, the five-card three-level overcall of the ``competition`` generator stays.

Hands come from the boards of ``bench_strength.py`` (seeds 32, 36 and 76) or were built for the situation.
The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

INVITED = ("Mike Lawrence, The Complete Book on Overcalls, overcalling after the opponents have invited "
           "game: partner is marked with almost nothing, so a three-level entry wants a long suit, not "
           "high cards; with a five-card suit and values, defend: ")
COMPETE = ("Mike Lawrence, The Complete Book on Overcalls, competing over a weak raise: with a good "
           "five-card suit and an opening hand, the three-level overcall is sound: ")

CASES = [
    # 16 HCP, 3-4-1-5 over 1NT P 2NT (seed 76 board 645): 3C was doubled, -1100
    Case(INVITED + "pass with a five-card suit", "KQJ.QJ32.Q.KQ762", "1NT P 2NT", "P", (), vul="NS"),
    # 14 HCP, 3-3-2-5 over Stayman and the 2NT invitation (seed 36 board 137): 3C doubled, -1400
    Case(INVITED + "the same after Stayman", "974.AKJ.96.AQ832", "1NT P 2C P 2H P 2NT", "P", (), vul="EW"),
    # 15 HCP, 2-2-4-5 over the invitational 1D P 2NT (seed 32 board 299): 3C doubled, -500
    Case(INVITED + "the same over an invitational 2NT response", "K3.T7.AJ86.AKT95", "1D P 2NT", "P", ()),
    # a sixth club: the overcall stays, and says six
    Case(INVITED + "a six-card suit still bids", "KQJ.QJ3.2.KQ7652", "1NT P 2NT", "3C", ("6+♣",)),
    # they have shown 16+ only (1H P 1S P 2S): the five-card overcall at the three level stays
    Case(COMPETE + "five cards over a weak raise", "Q3.K73.A42.AKJ85", "1H P 1S P 2S", "3C", ("5+♣",),
         dealer="W"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
