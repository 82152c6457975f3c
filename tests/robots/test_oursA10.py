"""Textbook cases for competing after their takeout double of our response and after their one-level
overcall (issue 11, helper oursA10).

* 1x P 1y X XX (opener's support redouble): the advancer names a four-card unbid suit, and when he passes
  the doubler runs to his better unbid suit instead of defending their fit redoubled at the one level
  (``parts/defence.rules``; before, both passed and 1y XX was played with seven or more of their trumps);

Hands were built for the situation. The dealer is East unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

REDOUBLE = ("Mike Lawrence, The Complete Book on Takeout Doubles, after a redouble of partner's takeout "
            "double: the advancer bids a four-card suit if he has one, and the doubler, left in, runs to his "
            "own best suit rather than defend a redoubled contract in which the opponents have a fit: ")

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
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
