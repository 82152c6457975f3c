"""Textbook cases for the robots' balancing double after the opponents found a fit (issue 11, round balX).

* In the passout seat after they found a fit (a raise, a rebid of their suit, a transfer completed by the
  1NT opener), the double of any shape with a strong hand no longer comes with four or more of their
  trumps: partner, marked short in their suit, answers in his own at the three level, where the new
  penalty doubles punish him; the hand holding their trumps passes (``competition.py``).
* Advancing that balancing double of a transfer completion (1NT P 2H P 2S P P X P), five of their trumps
  pass for penalty whatever their quality (before: only a good five-card holding), instead of a forced
  three-level answer in a three-card suit.

Hands come from the boards of ``bench_strength.py`` (seed 76) or were built for the situation. The dealer
is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

BALANCE = ("Mike Lawrence, The Complete Book on Balancing, balancing after they have found a fit: the "
           "double asks partner to bid, so it wants shortness in their suit; with length in it, pass: ")
ADVANCE = ("Eddie Kantar, Modern Bridge Defense, advancing a takeout double: with length in their trump "
           "suit behind the declarer and no suit of your own, pass for penalty: ")

CASES = [
    # 16 HCP, 5-3-3-2 behind the 1NT opener (seed 76 board 205): the double, partner's 3H doubled, -500
    Case(BALANCE + "five of their trumps: pass", "A8654.K62.AT3.A2", "1NT P 2H P 2S P P", "P", (), vul="All"),
    # three of their trumps and the same strength: the strong double stays
    Case(BALANCE + "three of their trumps: double", "A86.K62.AT53.A52", "1NT P 2H P 2S P P", "X",
         ("takeout",), vul="All"),
    # 17 HCP, four of their spades after their rebid of them: pass
    Case(BALANCE + "four of their trumps after a rebid: pass", "KJ95.AQ4.K63.A72", "1S P 1NT P 2S P P", "P",
         ()),
    # three of their spades: double
    Case(BALANCE + "three of their trumps after a rebid: double", "K95.AQ4.K763.A72", "1S P 1NT P 2S P P",
         "X", ("takeout",)),
    # 6 HCP, five weak hearts (seed 76 board 451, South dealer): 3D was doubled, -1100
    Case(ADVANCE + "five weak trumps pass", "J4.Q9632.Q93.K76", "1NT P 2D P 2H P P X P", "P", ("penalt",),
         dealer="S", vul="EW"),
    # four of their trumps: answer in a suit
    Case(ADVANCE + "four trumps answer", "J4.Q963.Q932.K76", "1NT P 2D P 2H P P X P", "3D", ("3+♦",),
         dealer="S", vul="EW"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
