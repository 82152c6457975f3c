"""Textbook cases for the direct-seat defence over one of a suit (issue 11, defA10).

* a weak jump overcall holds exactly six cards; with seven, the double jump to the three level (the level
  of the preempt follows the length of the suit) (``parts/defence.rules``, ``[1x]``);
* a 10-count with a singleton or void in their suit, three or more cards in each other suit and seven losers
  or fewer doubles for takeout, as a minimum opening would (``parts/defence.rules``, ``[1x]``);
* over a strong 2C, a natural two-level overcall needs a good six-card suit: with five the opponents, who
  hold most of the strength, double for penalty (``parts/defence.rules``, ``[2C]``).

The hands were built for the situations or come from the development boards of ``bench_strength.py`` (seed
22). The dealer is North (the opener); East acts directly.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

LENGTH = ("ACBL SAYC System Booklet, weak jump overcalls and preempts: the level follows the length of the "
          "suit, a six-card suit jumps to the two level and a seven-card suit to the three level: ")
LIGHT_DOUBLE = ("Mike Lawrence, The Complete Book on Takeout Doubles (shortness in the opener's suit lets "
                "the doubler hold a little less), with Ron Klinger's losing trick count (seven losers are a "
                "minimum opening): ")
STRONG_2C = ("Eddie Kantar, Modern Bridge Defense, over a strong 2C: the opponents hold the balance of "
             "power, so an overcall is mainly a lead director and a nuisance and needs a good long suit: ")

CASES = [
    # six spades, 6 HCP, not vulnerable: the weak jump overcall
    Case(LENGTH + "six cards jump to 2S", "KQT974.832.73.54", "1C", "2S", ("weak jump overcall", "six")),
    # seven spades: the double jump, not 2S
    Case(LENGTH + "seven cards jump to 3S", "KQT9742.83.73.54", "1C", "3S", ("preempt",)),
    # seven hearts over 1D, vulnerable, a good suit: 3H
    Case(LENGTH + "seven good hearts, vulnerable", "83.AQJ9752.74.52", "1D", "3H", ("preempt",), vul="EW"),
    # six good hearts vulnerable: still 2H
    Case(LENGTH + "six good hearts, vulnerable", "83.AQJ975.742.52", "1D", "2H", ("weak jump overcall",),
         vul="EW"),
    # 10 HCP 4-1-4-4, a singleton heart, seven losers: double
    Case(LIGHT_DOUBLE + "10 HCP, seven losers, short in hearts", "AQ42.7.KJ95.8632", "1H", "X", ("takeout",)),
    Case(LIGHT_DOUBLE + "the same over 1S, vulnerable", "7.AQ42.KJ95.8632", "1S", "X", ("takeout",),
         vul="EW"),
    # 10 HCP with a wasted singleton queen in their suit: eight losers, pass
    Case(LIGHT_DOUBLE + "eight losers pass", "JT42.Q.QJ95.KJ32", "1H", "P", ()),
    # three cards in their suit: no light double
    Case(LIGHT_DOUBLE + "three hearts pass", "AQ42.763.KJ95.86", "1H", "P", ()),
    # 9 HCP, five good hearts (seed 22 board 478): 2H was doubled and passed out; now a pass
    Case(STRONG_2C + "five good hearts pass", "4.KQJ65.Q987.JT9", "2C", "P", ()),
    # six good hearts: the overcall
    Case(STRONG_2C + "six good hearts overcall", "4.KQJ652.Q98.JT9", "2C", "2H", ("overcall",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
