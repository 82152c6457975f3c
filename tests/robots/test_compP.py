"""Textbook cases for the robots' partscore battles, round compP (issue 11).

* They have found a fit and stopped at two of it, and we hold eight trumps (a suit partner bid that I
  support, or mine that he raised): not vulnerable, compete to three rather than sell out. By the law of
  total tricks the deal holds some sixteen tricks, so when their two makes ours goes one down at the three
  level: 50 or 100 against their 110 or more. Vulnerable (100 or 200), pass as before; at the four level
  (three over their three) the eight trumps are not enough either.

Hands come from the development boards of ``bench_strength.py`` (seeds 21, 22 and 43) or were built for the
situation.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

SIXTEEN = ("Larry Cohen, To Bid or Not to Bid (the law of total tricks): they have a fit at the two level "
           "and we hold eight trumps; not vulnerable, do not let them play there: ")
VULNERABLE = ("Larry Cohen, To Bid or Not to Bid: vulnerable, one down undoubled costs as much as their "
              "partscore; with eight trumps defend: ")
THREE_OVER_THREE = ("Larry Cohen, To Bid or Not to Bid: do not bid three over their three (here four over "
                    "three) with eight trumps: ")

CASES = [
    # 10 HCP, five clubs opposite partner's 1C (seed 22 board 80, West dealer, East-West vulnerable): they
    # bid and raised diamonds (2C, their cue raise, then 2D); 3C went one down undoubled, 2D made
    Case(SIXTEEN + "partner's clubs, favourable", "AK2.9754.9.QJ863", "P 1C 1D 1H 2C P 2D", "3C",
         ("support for partner's suit",), dealer="W", vul="EW"),
    Case(VULNERABLE + "the same hand vulnerable", "AK2.9754.9.QJ863", "P 1C 1D 1H 2C P 2D", "P", (),
         dealer="W", vul="All"),
    # 6 HCP, four hearts that partner raised (seed 21 board 648, West dealer, neither vulnerable): they
    # raised spades to 2S; 3H
    Case(SIXTEEN + "my hearts, raised by partner", "Q9.T932.7432.AT2", "P 1C P 1H 1S 2H 2S", "3H",
         ("natural",), dealer="W", vul="None"),
    Case(VULNERABLE + "my hearts, vulnerable", "Q9.T932.7432.AT2", "P 1C P 1H 1S 2H 2S", "P", (),
         dealer="W", vul="NS"),
    # 4 HCP, five diamonds opposite partner's 1D after passing it (seed 43 board 315, South dealer, neither
    # vulnerable): they balanced in hearts and raised; 3D
    Case(SIXTEEN + "a passed hand, partner's diamonds", "JT4.6.K9752.9842", "1D P P 1H P 2H", "3D",
         ("support for partner's suit",), dealer="S", vul="None"),
    # they competed to three of their suit: four of ours needs more than eight trumps
    Case(THREE_OVER_THREE + "pass", "Q9.T932.7432.AT2", "P 1C P 1H 1S 2H 3S", "P", (), dealer="W",
         vul="None"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
