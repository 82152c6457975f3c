"""Textbook cases for the penalty double of their unraised three-level partscore (issue 11, defX).

When our side has bid and the opponents compete to three of a suit they have not raised, a player with an
opening hand (12+ HCP), four or more of their trumps and about half the deck between the partners (18+ HCP
counted with partner's calls) doubles for penalty (``generators.py``, the principles). Without a fit shown
they hold eight trumps at most, so our four break badly for them; at the three level one down doubled beats
most of our partscores. With the balance of strength (22+ together) three trumps are enough. With fewer
trumps or points, at the two level (they can still run, and two doubled making is a game), or in a suit they
have raised (a fit: the double is for takeout), the hand passes as before.

Hands come from the development boards of ``bench_strength.py`` (the seed and board are named) or were built
for the situation. The dealer is named by each case.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

STACK = ("Larry Cohen, To Bid or Not to Bid (the law of total tricks): when the opponents compete without a "
         "fit and the trumps lie badly for them, defend and double; ")
BALANCE = ("Andrew Robson and Oliver Segal, Partnership Bidding at Bridge: when our side holds the balance "
           "of strength and they compete at the three level without a fit, their bid is doubled; ")
NOT = ("Larry Cohen, To Bid or Not to Bid: a penalty double of a partscore wants trump length, strength and "
       "a contract they cannot escape from; without them, let it play: ")

CASES = [
    # 17 HCP, five clubs (seed 29 board 270, East dealer): the 1NT opener over their balancing 3C after the
    # transfer to hearts; 3C doubled went down
    Case(STACK + "the notrump opener with five of their trumps", "AQ3.43.AK9.KJT87", "P 1NT P 2D P 2H P P 3C",
         "X", ("penalty",), dealer="E"),
    # 14 HCP, four clubs to the ace-queen (seed 22 board 289, North dealer): partner's weak 2D and their
    # balancing 3C
    Case(STACK + "partner's weak two and their balance at three", "AT73.AT862..AQT2", "2D P P 3C P P", "X",
         ("penalty",)),
    # 15 HCP, four spades (seed 24 board 194, East dealer, North-South vulnerable): their 3S over 2NT
    Case(STACK + "the notrump opener with four of their trumps", "J962.K2.AKQ8.Q82", "1NT P 2NT 3S", "X",
         ("penalty",), dealer="E", vul="NS"),
    # the first hand with a fourth heart for the fifth club: three trumps, pass
    Case(NOT + "three of their trumps pass", "AQ32.432.AK9.KJT", "P 1NT P 2D P 2H P P 3C", "P", (),
         dealer="E"),
    # the second hand without the heart ace: 10 HCP, pass
    Case(NOT + "four trumps without an opening hand pass", "AT73.T862..AQT2", "2D P P 3C P P", "P", ()),
    # the same strength and four hearts over their balancing 2H: at the two level, pass
    Case(NOT + "their two-level balance is not doubled", "AT73.AT86.2.AQT2", "2D P P 2H P P", "P", ()),
    # 8 HCP, three small hearts (seed 22 board 558, East dealer): responder's 2NT invitation and opener's
    # 15-17 make 23 or more; their 3H balance without a fit is doubled
    Case(BALANCE + "responder over their balance after the notrump invitation", "AJT7.T32.K962.82",
         "1NT P 2C P 2D P 2NT 3H P P", "X", ("penalty",), dealer="E"),
    # 12 HCP, three clubs to the ace-jack-ten (seed 21 board 919, South dealer, both vulnerable): the
    # takeout doubler over opener's rebid of his clubs at the three level, partner having advanced freely
    Case(BALANCE + "the takeout doubler over opener's three-level rebid", "8643.KJ85.QJ.AJT", "1C X 1S 2D 3C",
         "X", ("penalty",), dealer="S", vul="All"),
    # the responder's hand with two hearts: pass
    Case(NOT + "two of their trumps pass", "AJT7.T3.K9632.82", "1NT P 2C P 2D P 2NT 3H P P", "P", (),
         dealer="E"),
    # the doubler's hand without the club ace: 8 HCP, about 18 together, pass
    Case(NOT + "three trumps without the balance of strength pass", "8643.KJ85.QJ.JT9", "1C X 1S 2D 3C", "P",
         (), dealer="S", vul="All"),
    # opener with four spades after their raise to 3S: they have a fit, no penalty double
    Case(NOT + "a suit they have raised is not doubled for penalty", "AJ52.AKJ43.K2.32", "1H 1S 2H 3S", "P",
         ()),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
