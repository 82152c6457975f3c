"""Textbook cases for games bid in competition that go down (issue 11, failC).

Partner's weak two doubled: the raise to game with four trumps and no values is a preempt by the law of total
tricks (ten trumps, ten tricks). Not vulnerable it stays; vulnerable, the weak hand raises to three only
(``twos-and-preempts.rules``, [2M X]): two down doubled vulnerable costs 500, more than their game, and the
hand that holds the values for game goes through Ogust or holds 16+ for the direct raise.

Our opening doubled for takeout: responder redoubles with 10+ HCP, so his new suit at the one level shows
6-9 (``contested.rules``, [1m X] and [1M X]); it said 6+, and opener counted on 9 from it, enough for the
vulnerable game on 23 points with a flat minimum. Now opener raises once with a minimum and bids game with
the values for it.

Hands come from the development boards of ``bench_strength.py`` (the seed and board are named) or were built
for the situation. The dealer is named by each case.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

VULNERABLE = ("Larry Cohen, To Bid or Not to Bid (the law of total tricks), and the Rule of 2-3-4 for "
              "preemptive bids: vulnerable, a preemptive raise risks two down doubled, more than their game "
              "is worth, so partner's weak two doubled is raised only to the three level without values: ")
NONVUL = ("Larry Cohen, To Bid or Not to Bid: not vulnerable, raise partner's doubled weak two to the level "
          "of the fit, four with four trumps: ")
REDOUBLE = ("Audrey Grant, ACBL Bridge Series: Commonly Used Conventions (the redouble after a takeout "
            "double shows 10 or more HCP, so a new suit instead is weaker), ")
VALUES = ("ACBL SAYC System Booklet (2017), the raise of a weak two to game with a good hand: ")

CASES = [
    # 10 HCP, four hearts, both vulnerable (seed 24 board 500, West dealer): 4H doubled went three down
    Case(VULNERABLE + "four trumps and 10 HCP, both vulnerable", "KQ8.9543.KJ74.J8", "P P 2H X", "3H",
         ("block",), dealer="W", vul="All"),
    # 13 HCP but a flat hand, four spades, vulnerable against not (seed 47 board 121, North dealer): 4S
    # doubled went one down; 3S makes
    Case(VULNERABLE + "four trumps and a flat 13 HCP, vulnerable against not", "A742.AT.KT2.Q973", "P 2S X",
         "3S", ("block",), vul="EW"),
    # the first hand not vulnerable: the preemptive raise to game
    Case(NONVUL + "four trumps and 10 HCP, nobody vulnerable", "KQ8.9543.KJ74.J8", "P P 2H X", "4H",
         ("raise to game",), dealer="W"),
    # the second hand not vulnerable against vulnerable
    Case(NONVUL + "four trumps and a flat 13 HCP, favourable", "A742.AT.KT2.Q973", "P 2S X", "4S",
         ("raise to game",), vul="NS"),
    # vulnerable with 17 HCP and three trumps: game to make
    Case(VALUES + "three trumps and 17 HCP, vulnerable", "A82.K73.AQ42.KJ5", "2H X", "4H", ("raise to game",),
         vul="All"),
    # --- our opening doubled: the one-level new suit shows 6-9
    # 14 HCP, 4-2-4-3 and four spades, North-South vulnerable (seed 29 board 927, South dealer): 4S went one
    # down; the single raise is the book's minimum rebid
    Case(REDOUBLE + "opener raises the new suit once with a minimum", "QT86.AK.K752.Q75", "1D X 1S P", "2S",
         ("support",), dealer="S", vul="NS"),
    # 14 HCP, 4-3-3-3 (seed 27 board 31, South dealer): 4S went one down
    Case(REDOUBLE + "a flat minimum raises once", "AQT8.QT4.Q84.A64", "1C X 1S P", "2S", ("support",),
         dealer="S", vul="NS"),
    # responder's hand from that board: the new suit says 6-9
    Case(REDOUBLE + "the new suit over the double is 6-9", "7632.AJ.T52.QT73", "1C X", "1S",
         ("6-9", "forcing"), dealer="S", vul="NS"),
    # with the king of spades more, 10 HCP: redouble
    Case(REDOUBLE + "10 HCP redoubles", "K632.AJ.T52.QT73", "1C X", "XX", ("10+",), dealer="S", vul="NS"),
    # a strong opener bids game opposite the 6-9 new suit; counting 9 from it, he made a slam try (4H)
    Case(REDOUBLE + "opener with 19 HCP and four trumps bids game, no slam try", "AKQ6.A4.KQJ72.75",
         "1D X 1S P", "4S", ("game values",), dealer="S", vul="NS"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
