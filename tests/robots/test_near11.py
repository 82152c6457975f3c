"""Textbook cases for the robots' bidding, round near11 (issue 11): thresholds found by the --near audit.

* over our strong 2C, their unusual 2NT (both minors) gets the agreements the card already has over a suit
  overcall (``Interference over 2C``): a double is for penalty with four cards to an honour in one of their
  minors, a bid is a positive answer, a pass waits; opener, after partner's pass, bids 3NT with both minors
  stopped, a five-card major, else doubles, and never passes below game (before, responder bid 3NT with any
  3 HCP and opener passed 2NT out with a 2C opening: ``parts/twos-and-preempts.rules``);
* no "sacrifice" in a suit our side has already bid to game: their five-level bid over it is their
  sacrifice or a push, and eleven tricks with ten trumps is a level too high; the player who made the
  preemptive raise (1S-(X)-4S) does not bid again either (``competition.py``, the sacrifice).

Hands come from the development boards of ``bench_strength.py`` (seeds 21-29) or were built for the
situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

OVER_2C = ("Interference over a strong 2C (the card's convention, as taught for a suit overcall: double for "
           "penalty, a bid is a positive answer, a pass waits and forces opener to act): ")
FIVE_LEVEL = ("The maxim 'the five level belongs to the opponents', and the law of total tricks (Larry "
              "Cohen, To Bid or Not to Bid: ten trumps, ten tricks): over their five-level bid above our "
              "game, double or pass: ")
PREEMPTER = ("The bridge maxim 'the preempter does not bid again': a preemptive raise to game has described "
             "the hand, and over the opponents' five-level bid its partner is the captain: ")

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
    # 8 HCP, five spades (seed 25 board 611, South dealer): 5S went one down doubled; 5C doubled goes four
    # down vulnerable
    Case(PREEMPTER + "the raiser doubles with values, never 5S", "K8632.A743.J85.6", "P P 1S X 4S P P 5C",
         "X", ("penalty",), dealer="S", vul="EW"),
    # 6 HCP, five spades (seed 23 board 780, West dealer): pass, opener decides
    Case(PREEMPTER + "the weak raiser passes", "T8765.9865.AQ.T9", "P P 1S X 4S P P 5C", "P", (), dealer="W",
         vul="NS"),
    # ten trumps together and a void, not vulnerable: still partner's decision
    Case(PREEMPTER + "shape does not make him bid again", "Q8765.98652..T98", "1S X 4S P P 5C", "P", ()),
    # 17 HCP opener, 5-3-4-1, both vulnerable (seed 23 board 141, North dealer): 5S went one down doubled,
    # their 5C goes one down
    Case(FIVE_LEVEL + "opener does not bid 5S over their 5C", "AKQ82.AK4.J732.3", "P P 1S X 4S 5C", "P", (),
         vul="Both"),
    # 14 HCP opener, both vulnerable (seed 21 board 957): 5H doubled went four down
    Case(FIVE_LEVEL + "nor 5H over their 5C", "T53.AKT63.QJ2.A2", "1H X 4H 5C", "P", (), vul="Both"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
