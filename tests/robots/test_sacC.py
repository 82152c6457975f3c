"""Textbook cases for the sacrifice at favourable vulnerability with nine trumps (issue 11, sacC).

Over the opponents' game in hearts, a hand that knows of nine spades between the partners, with no more than
half the strength, bids 4S when not vulnerable against vulnerable (``competition``). The law of total tricks
counts nine tricks for nine trumps: 4S goes about one down, 100 doubled (300 two down) against the 620 of
their vulnerable game. With ten trumps the same 4S was already bid at any vulnerability; with nine at equal
vulnerability or vulnerable against not, the hand passes as before.

Hands come from the development boards of ``bench_strength.py`` (the seed and board are named) or were built
for the situation.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

FAVOURABLE = ("Larry Cohen, To Bid or Not to Bid (the law of total tricks), competing over their game at "
              "favourable vulnerability: nine trumps are worth nine tricks, and one down doubled costs less "
              "than their vulnerable game, so bid four of our suit over their four: ")
EQUAL = ("Larry Cohen, To Bid or Not to Bid: without the favourable vulnerability, a trick short of the law "
         "costs about as much as their game, and the hand with nine trumps defends: ")

CASES = [
    # 6 HCP, four spades opposite partner's 1S overcall (seed 24 board 533, North dealer, NS vulnerable):
    # their 4H made, 4S doubled went one down
    Case(FAVOURABLE + "four trumps opposite the overcall", "9863.6.KJ987.Q54", "P P 1C P 1H 1S 4H", "4S",
         ("over their game", "sign-off"), vul="NS"),
    # 7 HCP, four spades and a flat hand opposite the 1S overcall, East dealer, EW vulnerable
    Case(FAVOURABLE + "a flat hand as well", "QT94.843.T75.A85", "1H 1S 4H", "4S", ("over their game",),
         dealer="E", vul="EW"),
    # three spades opposite a weak two (six), built: nine trumps, favourable
    Case(FAVOURABLE + "three trumps opposite a weak two", "J94.843.T752.A85", "2S 4H", "4S",
         ("over their game",), dealer="S", vul="EW"),
    # the first hand with neither side vulnerable: pass
    Case(EQUAL + "neither side vulnerable", "9863.6.KJ987.Q54", "P P 1C P 1H 1S 4H", "P", (), vul="None"),
    # the same hand, both vulnerable: pass
    Case(EQUAL + "both vulnerable", "9863.6.KJ987.Q54", "P P 1C P 1H 1S 4H", "P", (), vul="All"),
    # the flat hand vulnerable against not: pass
    Case(EQUAL + "vulnerable against not", "QT94.843.T75.A85", "1H 1S 4H", "P", (), dealer="E", vul="NS"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
