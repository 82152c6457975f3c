"""Textbook cases for our game bidding after a limit raise or better in competition (issue 11, compG).

* after partner's Jordan 2NT over their takeout double, or his cue bid of their overcall (a limit raise or
  better), opener with six losers bids game on playing strength, whatever his points
  (``parts/contested.rules``);
* after opener's minimum rebid of his major, responder with a maximum limit raise (12 support points) and
  four trumps, a nine-card fit, still bids game, and so does any cue raise with opening values counted in
  support points (13+) (``parts/contested.rules``).

Hands come from the development boards of ``bench_strength.py`` (the seed and board are named) or were built
for the situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

LTC = ("Ron Klinger, The Modern Losing Trick Count: a limit raise shows about eight losers; opener with six "
       "losers adds to fourteen, ten tricks, and bids game over it: ")
MAXIMUM = ("Larry Cohen, To Bid or Not to Bid (the law of total tricks), and the limit raise of 10-12 "
           "support points: with the top of the range and four trumps for opener's five, game is bid even "
           "when opener signs off: ")
OPENING = ("Marty Bergen, Points Schmoints: a cue raise is a limit raise or better; with opening values, "
           "counting shortness as support points, responder drives to game whatever opener rebids: ")

CASES = [
    # 11 HCP, 1-5-4-3, six losers (seed 13 board 132, West dealer): 3H was passed, 4H made
    Case(LTC + "over the cue raise of their overcall", "2.KQ852.K864.K98", "P 1H 1S 2S P", "4H", ("game",),
         dealer="W", vul="All"),
    # 10 HCP, 1-6-4-2, six losers (seed 21 board 619, South dealer): over Jordan 2NT
    Case(LTC + "over Jordan 2NT", "4.KJ8754.AQ85.T3", "1H X 2NT P", "4H", ("game",), dealer="S"),
    # 10 HCP, 6-0-3-4, six losers (seed 21 board 813): over the cue raise of a two-level overcall
    Case(LTC + "over the cue raise of a two-level overcall", "QJT642..AK9.J532", "1S 2H 3H P", "4S",
         ("game",), vul="All"),
    # 11 HCP, 3-5-1-4, eight losers and 12 points: the minimum rebid stays
    Case(LTC + "eight losers sign off", "A84.T7543.Q.AJ62", "1H X 2NT P", "3H", ("minimum",)),
    # 9 HCP, a singleton and four trumps, 12 support points (seed 21 board 619, South dealer): 4H made
    Case(MAXIMUM + "after Jordan 2NT and opener's 3H", "T965.AQT3.T.K952", "1H X 2NT P 3H P", "4H", ("game",),
         dealer="S"),
    # 12 HCP, four trumps and a singleton (seed 25 board 346, East dealer): after the cue raise of 2D
    Case(MAXIMUM + "after the cue raise and opener's 3H", "763.AK75.4.KQT54", "1H 2D 3D P 3H P", "4H",
         ("game",), dealer="E", vul="All"),
    # 11 HCP, three trumps and a singleton, 14 support points (seed 24 board 325): opening values, game
    Case(OPENING + "three trumps and 14 support points", "T.QT4.KQ74.A9543", "P 1H 1S 2S P 3H P", "4H",
         ("game",), vul="NS"),
    # 7 HCP and a singleton, 10 support points (seed 24 board 191): the minimum of the raise passes
    Case(MAXIMUM + "a minimum limit raise passes", "Q974.9.8642.AJ96", "1S X 2NT P 3S P", "P", ()),
    # 12 support points but three trumps (an eight-card fit): pass
    Case(MAXIMUM + "three trumps pass", "T96.AQT.32.KQ953", "1H 1S 2S P 3H P", "P", ()),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
