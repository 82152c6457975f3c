"""Textbook cases for the robots' defensive bidding after the opponents' opening, tenth round (issue 11).

* in the sandwich seat (``1x P 1y``, partner passed), five-five in the unbid suits bids the unusual 2NT
  (8-14 HCP), and a five-card major that can be shown at the one level is overcalled; the double keeps the
  hands with both unbid suits and no cheap five-card major (``parts/defence.rules``);
* the same seat has no natural 1NT any more: the opponents have bid two suits and partner passed, so a
  balanced 15-16 passes and 17 or more doubles;
* over their negative double (``1x 1y X``), advancer's 1NT needs a stopper in the suits the double showed
  as well as in opener's;
* raising a simple two-level overcall to three: with four trumps from 6 support points, with three trumps
  only from 7 (the law of total tricks: eight trumps are worth eight tricks, the ninth trick needs values).

Hands come from the development boards of ``bench_strength.py`` (seeds 23-26, 36, 41) or were built for
the situation. The dealer is East, so North calls (after ``1x P 1y`` North is in the sandwich seat).
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

SANDWICH = ("Mike Lawrence, The Complete Book on Overcalls in Contract Bridge, overcalling between two "
            "bidders: ")
NEGATIVE = ("Mike Lawrence, The Complete Book on Overcalls in Contract Bridge, advancing when they make a "
            "negative double: ")
TOTAL = "Larry Cohen, To Bid or Not to Bid (the Law of total tricks), raising partner's overcall: "

CASES = [
    # 11 HCP, 5-2-4-2 (seed 25 board 484): the double reached 3NT down, 1S bought it
    Case(SANDWICH + "a five-card major is overcalled, not doubled", "KQ973.QT.Q942.Q6", "1C P 1H", "1S",
         ("5+♠",), dealer="E"),
    # 13 HCP, seven spades and four diamonds (seed 41 board 276)
    Case(SANDWICH + "the same with a long major", "AKQT763.T6.KJ87.", "1C P 1H", "1S", ("5+♠",), dealer="E"),
    # 11 HCP, 5-1-4-3 (seed 41 board 207)
    Case(SANDWICH + "five spades and four diamonds", "QJT83.5.AJ97.K76", "1C P 1H", "1S", ("overcall",),
         dealer="E"),
    # 12 HCP, 4-4 in the unbid majors: the double still shows them
    Case(SANDWICH + "four-four in the unbid suits doubles", "KQ85.AJ97.3.Q532", "1C P 1D", "X", ("takeout",),
         dealer="E"),
    # 12 HCP, five-five in the unbid majors: the unusual 2NT shows both, before the one-level overcall
    Case(SANDWICH + "five-five in the unbid suits bids 2NT", "KQJ85.AQT84.3.52", "1C P 1D", "2NT", ("5+♥",),
         dealer="E"),
    # 15 HCP balanced (seed 24 board 538): 1NT went down, they play in a part score
    Case(SANDWICH + "a balanced 15 passes between two bidders", "AK5.A53.AT974.T7", "1D P 1H", "P",
         dealer="E"),
    # 18 HCP balanced (seed 36 board 225): double first
    Case(SANDWICH + "a balanced 18 doubles", "AJ86.KQ42.KT3.AJ", "1C P 1S", "X", ("takeout",), dealer="E"),
    # 10 HCP, 2-3-4-4 (seed 26 board 194): no heart stopper; the pass gained 6 IMPs double dummy
    Case(NEGATIVE + "no stopper in a suit the double showed: pass", "K9.J86.J862.AJ86", "1D 1S X", "P",
         dealer="E"),
    # 11 HCP, stoppers in diamonds, hearts and clubs: 1NT
    Case(NEGATIVE + "stoppers in all their suits: 1NT", "72.A83.J652.AQ95", "1D 1S X", "1NT",
         ("stopper in ♥♣",), dealer="E"),
    # 6 HCP, three small diamonds, 3-4-3-3 (seed 23 board 514): 3D was doubled
    Case(TOTAL + "three trumps and six points pass the two-level overcall", "953.8732.AT6.Q74", "1S 2D P",
         "P", dealer="E"),
    # 6 HCP but four diamonds: nine trumps, raise to three
    Case(TOTAL + "four trumps raise to three", "953.873.AT62.Q74", "1S 2D P", "3D", ("raise",), dealer="E"),
    # 8 HCP, three trumps: the values for the three level
    Case(TOTAL + "three trumps and eight points raise", "A32.952.J75.QJ52", "1H 2D P", "3D", ("raise",),
         dealer="E"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
