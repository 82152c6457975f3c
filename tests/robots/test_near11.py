"""Textbook cases for the robots' bidding, round near11 (issue 11): thresholds found by the --near audit.

* over our strong 2C, their unusual 2NT (both minors) gets the agreements the card already has over a suit
  overcall (``Interference over 2C``): a double is for penalty with four cards to an honour in one of their
  minors, a bid is a positive answer, a pass waits; opener, after partner's pass, bids 3NT with both minors
  stopped, a five-card major, else doubles, and never passes below game (before, responder bid 3NT with any
  3 HCP and opener passed 2NT out with a 2C opening: ``parts/twos-and-preempts.rules``);
* the sacrifice at the same level as their game "at any vulnerability" (ten trumps, ten tricks) holds at
  the four level only: 5S over their 5C contracts for eleven tricks with ten trumps, so it is a sacrifice
  a level higher like any other, not vulnerable or with shape (``competition.py``).

Hands come from the development boards of ``bench_strength.py`` (seeds 21-29) or were built for the
situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

OVER_2C = ("Interference over a strong 2C (the card's convention, as taught for a suit overcall: double for "
           "penalty, a bid is a positive answer, a pass waits and forces opener to act): ")
FIVE_LEVEL = ("The law of total tricks (Larry Cohen, To Bid or Not to Bid): with ten trumps contract for ten "
              "tricks; 'the five level belongs to the opponents': ")

CASES = [
    # 5 HCP, four diamonds to the queen (seed 21 board 292): 3NT on nothing was the fallback
    Case(OVER_2C + "double with four cards to an honour in their minor", "J7.Q962.QT65.T32", "2C 2NT", "X",
         ("penalty",)),
    # 1 HCP, no honour in a minor (seed 22 board 460): pass, waiting
    Case(OVER_2C + "a bust passes", "T732.92.97.JT642", "2C 2NT", "P", ("no positive answer",)),
    # a good five-card major and 8+: the positive answer, one level up
    Case(OVER_2C + "a positive answer in a good major", "AQJ75.K32.32.432", "2C 2NT", "3S", ("positive",)),
    # opener after partner's waiting pass: never pass 2NT out
    Case(OVER_2C + "opener with both minors stopped bids 3NT", "AKQJ.AK2.AK3.K32", "2C 2NT P P", "3NT",
         ("stopper in ♣", "stopper in ♦")),
    Case(OVER_2C + "opener with a five-card major bids it", "AKQJ5.AKQ2.A3.K2", "2C 2NT P P", "3S", ("5+♠",)),
    Case(OVER_2C + "opener with no stopper in diamonds doubles", "AKQ2.AKQJ.3.AK32", "2C 2NT P P", "X",
         ("strong hand",)),
    # responder leaves the double in with length in a minor, else names his major
    Case(OVER_2C + "responder defends with five clubs", "T732.92.97.JT642", "2C 2NT P P X P", "P",
         ("penalties",)),
    Case(OVER_2C + "responder with a four-card major bids it", "Q732.J92.972.J64", "2C 2NT P P X P", "3S",
         ("4+♠",)),
    # 14 HCP opener, 3-5-3-2, both vulnerable (seed 21 board 957): 5H doubled went four down; their 5C
    # goes one down
    Case(FIVE_LEVEL + "no 5H over their 5C with a flat hand, vulnerable", "T53.AKT63.QJ2.A2", "1H X 4H 5C",
         "P", (), vul="Both"),
    # the same hand not vulnerable: a sacrifice a level higher, as over their four-level game
    Case(FIVE_LEVEL + "not vulnerable the sacrifice stands", "T53.AKT63.QJ2.A2", "1H X 4H 5C", "5H",
         ("big fit",)),
    # the same level as their game at the four level stays: 4S over their 4H, vulnerable, ten trumps
    Case(FIVE_LEVEL + "4S over their 4H stays at any vulnerability", "AQJ8765.3.K54.J3", "1S X 2S 4H",
         "4S", ("big fit",), vul="Both"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
