"""Textbook cases for competing after their takeout double of our response and after their one-level
overcall (issue 11, helper oursA10).

* 1x P 1y X XX (opener's support redouble): the advancer names a four-card unbid suit, and when he passes
  the doubler runs to his better unbid suit instead of defending their fit redoubled at the one level
  (``parts/defence.rules``; before, both passed and 1y XX was played with seven or more of their trumps);
* over a one-level overcall, five cards in their suit and 6-12 HCP pass (the trap pass): opener reopens
  with a double when short in their suit, and the pass converts it (``parts/contested.rules``; before,
  1NT or a negative double); four cards in their suit, or game values, bid as before;
* 1x X XX 1y P P (their run passed round to the redoubler): with no penalty double, stopper or support,
  a five-card suit is bid (forcing), else a penalty double on values (``parts/contested.rules``; before,
  a pass let them play undoubled at the one or two level after our side showed the balance of strength).

Hands were built for the situation. The dealer is East unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

REDOUBLE = ("Mike Lawrence, The Complete Book on Takeout Doubles, after a redouble of partner's takeout "
            "double: the advancer bids a four-card suit if he has one, and the doubler, left in, runs to his "
            "own best suit rather than defend a redoubled contract in which the opponents have a fit: ")

TRAP = ("Mike Lawrence, The Complete Guide to Negative Doubles, the trap pass: with length in the "
        "overcaller's suit and no game-forcing hand, responder passes and waits for opener's reopening "
        "double: ")

REDOUBLER = ("Max Hardy, Standard Bridge Bidding for the 21st Century, after responder's redouble: the "
             "partnership holds the balance of strength and does not let the opponents play undoubled; "
             "the redoubler doubles or bids when their run comes back to him: ")

CASES = [
    # 1C P 1H X XX: a weak advancer with four spades bids 1S (a pass used to leave 1H XX in)
    Case(REDOUBLE + "the advancer names his four-card major", "8642.Q73.J54.K32", "1C P 1H X XX", "1S",
         ("4+♠",)),
    # no four-card major: the four-card minor, at the two level
    Case(REDOUBLE + "the advancer names a four-card minor", "J64.973.J542.K32", "1C P 1H X XX", "2D",
         ("4+♦",)),
    # three-three in the unbid suits: no preference, the doubler decides
    Case(REDOUBLE + "no four-card suit: pass", "Q64.Q73.J54.K432", "1C P 1H X XX", "P", ("no suit",)),
    # the doubler, left in 1H XX, names his four spades
    Case(REDOUBLE + "the doubler runs to his four-card major", "K642.Q73.J4.KQ32", "1C P 1H X XX P P", "1S",
         ("natural",)),
    # the doubler of 1S with five diamonds runs to 2D
    Case(REDOUBLE + "the doubler runs to his five-card minor", "AK64.7.QJ543.K42", "1H P 1S X XX P P", "2D",
         ("natural",)),
    # 9 HCP, five hearts over 1H (West dealer): pass, not 1NT
    Case(TRAP + "five cards in their hearts", "Q.AJT83.T65.Q763", "P P 1D 1H", "P", ("trap",), dealer="W"),
    # five spades over 1S: pass, not 1NT
    Case(TRAP + "five cards in their spades", "KQT82.J3.Q54.T32", "1C 1S", "P", ("trap",)),
    # over 1H 1S: no heart support, five spades: pass
    Case(TRAP + "over a major opening", "AQ982.3.KJ54.T32", "1H 1S", "P", ("trap",)),
    # over 1C 1D: no four-card major, five diamonds: pass
    Case(TRAP + "over 1C 1D", "J4.T3.KQT85.A432", "1C 1D", "P", ("trap",)),
    # four cards in their suit: 1NT as before
    Case(TRAP + "four cards in their suit still bid 1NT", "J83.K865.93.KQ82", "1D 1H", "1NT", ("stopper",)),
    # game values: 3NT as before
    Case(TRAP + "game values bid game", "KQ4.AJ873.Q5.J32", "1C 1H", "3NT", ("stopper",)),
    # opener reopens with a double and the trap passer converts it
    Case(TRAP + "the pass of the reopening double", "Q.AJT83.T65.Q763", "P P 1D 1H P P X P", "P",
         ("penalt",), dealer="W"),
    # 12 HCP, three small spades, no five-card suit: double for values, not pass
    Case(REDOUBLER + "a double for values", "962.KT6.AK42.QT9", "P 1H X XX 1S P P", "X", ("penalty",),
         dealer="W"),
    # five spades after their 2C run: 2S, forcing
    Case(REDOUBLER + "a five-card suit", "AKT93.Q6.J732.94", "P P 1H X XX 2C P P", "2S", ("5+♠",),
         dealer="S"),
    # their suit stopped: 1NT as before
    Case(REDOUBLER + "a stopper bids notrump", "KJ2.T64.AK42.T98", "P 1H X XX 1S P P", "1NT", ("stopper",),
         dealer="W"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
