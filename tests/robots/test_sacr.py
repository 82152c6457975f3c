"""Textbook cases for the sacrifice in a long suit of one's own (issue 11, sacr).

Over the opponents' game, a player who has bid a suit of his own (an opening, an overcall, a new suit; not a
preempt) and holds seven cards of it bids on at favourable vulnerability, at the same level or one higher
(``competition``): partner needs only two cards for nine trumps, the long suit takes tricks in the play and
few in defence, and two or three down doubled not vulnerable cost less than their vulnerable game. At equal
vulnerability, with six cards, or after a preempt (the preemptor has told his story) the hand passes as
before. The sacrifices on a fit partner has shown (ten trumps, or nine at favourable vulnerability at the
same level) are in test_sac10.py and test_sacC.py.

Hands come from the development boards of ``bench_strength.py`` (the seed and board are named; dealer and
vulnerability are the board's) or were built for the situation.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

FAVOURABLE = ("Larry Cohen, To Bid or Not to Bid, the sacrifice at favourable vulnerability: a long suit of "
              "one's own plays for many tricks and defends for few, and two or three down doubled not "
              "vulnerable cost less than their vulnerable game: ")
NOT_FAVOURABLE = ("Larry Cohen, To Bid or Not to Bid: without the favourable vulnerability the undertricks "
                  "cost as much as their game, and the five level belongs to the opponents: ")
PREEMPTOR = ("Marty Bergen, Better Bidding with Bergen (the preemptor does not bid again: his one bid told "
             "his story and partner decides): ")

CASES = [
    # 16 HCP, seven diamonds, overcalled 3D over their weak two (seed 23 board 592, West dealer, EW
    # vulnerable): their 4S made eleven tricks, 5S doubled went one down
    Case(FAVOURABLE + "the overcaller's seven-card suit", "J4.AJ7.AKQJ986.9", "2S 3D 4S P P", "5D",
         ("extra length", "7+♦", "sign-off"), dealer="W", vul="EW"),
    # 12 HCP, seven diamonds overcalled at the three level (seed 24 board 96, West dealer, EW vulnerable):
    # 4S made eleven tricks, 5D doubled went two down
    Case(FAVOURABLE + "over their raised suit", "Q6.T92.AQJ8542.K", "1S P 2S 3D 4S P P", "5D",
         ("extra length",), dealer="W", vul="EW"),
    # 13 HCP, seven spades, the opener who supported partner's clubs on the way (seed 28 board 131, South
    # dealer, EW vulnerable): their 4H made, 4S doubled made too; 4S is the same level
    Case(FAVOURABLE + "the opener's seven-card major at the same level", "AKJT654.5.92.QJ2",
         "1S X 2C 2H 3C 4H P P", "4S", ("sign-off",), dealer="S", vul="EW"),
    # the first hand with neither side vulnerable: pass
    Case(NOT_FAVOURABLE + "neither side vulnerable", "J4.AJ7.AKQJ986.9", "2S 3D 4S P P", "P", (), dealer="W",
         vul="None"),
    # the opener's hand, both vulnerable: pass
    Case(NOT_FAVOURABLE + "both vulnerable", "AKJT654.5.92.QJ2", "1S X 2C 2H 3C 4H P P", "P", (), dealer="S",
         vul="All"),
    # six diamonds only (built): pass
    Case(FAVOURABLE + "six cards are not enough", "J4.AJ75.AKQJ98.9", "2S 3D 4S P P", "P", (), dealer="W",
         vul="EW"),
    # a three-level preempt with seven diamonds (built), favourable: pass
    Case(PREEMPTOR + "after a preempt", "J4.A7.KQJT986.92", "3D 4S P P", "P", (), dealer="S", vul="EW"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
