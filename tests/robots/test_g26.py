"""Textbook cases for the doubler's answer to partner's game-forcing cue bid (issue 11, g26: 26+ below game).

Over partner's takeout double of a weak two in a major, the advancer with 13+ HCP cue-bids their suit
(``2S X P 3S``): forcing to game, asking for the other major, else notrump with their suit stopped. The card
named only those answers (and a five-card suit), so a doubler holding three cards in the other major, no
stopper and no five-card suit had no call and passed a game force in three of their suit (seed 43 board 775:
2S X P 3S P P P with 14 + 13 HCP). Now he still bids: the other major with three cards, else a minor.

The hand comes from the development boards of ``bench_strength.py`` (the seed and board are named) or was
built for the situation. The dealer is North.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

CUE = ("Ron Andersen, The Lebensohl Convention Complete: after a double of a weak two, advancer's cue bid of "
       "their suit forces to game and asks for the other major, then a stopper; ")

CASES = [
    # 13 HCP, three hearts, spades not stopped (the doubler of seed 43 board 775): the cue forces to game,
    # so the three-card major at the four level rather than a pass
    Case(CUE + "the other major with three cards", "J5.K82.AJ32.A975", "2S X P 3S P", "4H", ("natural",)),
    # two hearts, four cards in each minor: a minor at the four level, still forcing
    Case(CUE + "without three of the major, a minor", "J5.82.AJ32.AK97", "2S X P 3S P", "4D",
         ("natural", "forcing")),
    # the answers that were already there come first: four hearts ...
    Case(CUE + "four cards in the other major", "J5.KJ82.AJ3.A975", "2S X P 3S P", "4H", ("natural",)),
    # ... and 3NT with their suit stopped
    Case(CUE + "notrump with their suit stopped", "KJ5.K82.AJ3.Q975", "2S X P 3S P", "3NT", ("game",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
