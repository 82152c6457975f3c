"""Textbook cases for the direct-seat defence over one of a suit (issue 11, defA10).

* a weak jump overcall holds exactly six cards; with seven, the double jump to the three level (the level
  of the preempt follows the length of the suit) (``parts/defence.rules``, ``[1x]``).

The hands were built for the situations. The dealer is North (the opener); East acts directly.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

LENGTH = ("ACBL SAYC System Booklet, weak jump overcalls and preempts: the level follows the length of the "
          "suit, a six-card suit jumps to the two level and a seven-card suit to the three level: ")

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
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
