"""Textbook cases for running from a penalty double of our 1NT overcall (issue 11, runX).

After 1x (1NT) X the advancer with a weak hand and a five-card suit bids it to play (as before). New: a
very weak hand (0-5) with two four-card suits outside theirs and none of five redoubles, SOS; the
overcaller answers with his cheapest four-card suit outside theirs, and the redoubler passes with three or
more cards in it or bids his next four-card suit up the line. A flat hand with nowhere to go passes. The
opener waits over the redouble, to double the suit they land in.

Hands come from the development boards of ``bench_strength.py`` (seed and board named where they do).
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

SOS = ("The common partnership agreement over a penalty double of partner's 1NT overcall: a weak hand with "
       "a five-card suit bids it, a weak hand with two four-card suits redoubles SOS for partner's cheapest "
       "four-card suit, pass is to play: ")

CASES = [
    # 3 HCP, four hearts and four clubs (seed 29 board 694): 1NT doubled went three down
    Case(SOS + "the advancer redoubles with two four-card suits", "963.J986.K9.8542", "1S 1NT X", "XX",
         ("SOS",), dealer="N", vul="EW"),
    Case(SOS + "the same in SAYC", "963.J986.K9.8542", "1S 1NT X", "XX", ("SOS",), dealer="N", vul="EW",
         system="sayc"),
    # the overcaller's answer (same board): clubs, his cheapest four-card suit
    Case(SOS + "the overcaller bids his cheapest four-card suit", "QT5.AQ.7543.AKT7", "1S 1NT X XX P",
         "2C", ("cheapest four-card",), dealer="N", vul="EW"),
    # 3 HCP, 4-4-1-4 (seed 29 board 335): partner answers diamonds, the redoubler bids his next suit up
    Case(SOS + "the redoubler corrects up the line to hearts", "T742.Q654.5.J863", "1C 1NT X XX P 2D P",
         "2H", (), dealer="N", vul="NS"),
    # 4 HCP, 4-2-3-4 (seed 38 board 90): three diamonds opposite partner's four, stay there
    Case(SOS + "the redoubler passes with three cards in partner's suit", "KT84.52.732.T863",
         "1H 1NT X XX P 2D P", "P", (), dealer="N", vul="All"),
    # a five-card suit still runs at once (seed 43 board 631)
    Case(SOS + "a weak five-card suit is bid to play", "52.J7543.JT64.T7", "P P 1C 1NT X", "2H", (),
         dealer="N", vul="All"),
    # 4-3-3-3 with 4 HCP (seed 21 board 911): no second suit, nowhere better, pass
    Case(SOS + "a flat hand with one four-card suit passes", "JT53.984.Q86.Q96", "1D 1NT X", "P", (),
         dealer="N", vul="NS"),
    # the opener over the SOS redouble waits to double their runout
    Case("The common agreement over an SOS redouble: the opening side waits to double the suit they run "
         "to: ", "AKJ74.K52.Q3.J92", "1S 1NT X XX", "P", ("waits",), dealer="N", vul="None"),
    # the doubler over their answer: four trumps to a top honour, double for penalty
    Case("The common agreement over an SOS redouble: the doubler doubles the suit they land in when he "
         "holds it: ", "J42.KQ5.K62.AJ96", "1S 1NT X XX P 2C", "X", ("penalty",), dealer="N", vul="None"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
