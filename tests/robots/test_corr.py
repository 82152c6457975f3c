"""Textbook cases for correcting partner's 3NT to four of a major in competition (issue 11, corr).

When the opponents have bid and partner settles in 3NT, a hand that knows of an eight-card major fit, or holds
a six-card major it has bid, and has a singleton or a void removes to four of the major (``generators.py``,
``principles``): partner's 3NT was chosen for a stopper in their suit, while the short suit gives the trump
contract ruffs that notrump lacks. A hand without shortness, or without a known fit, passes as before.

The first four hands come from the development boards of ``bench_strength.py`` (seed and board named);
the others alter them by a card or two.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

CHOICE = ("the choice of games as standard texts teach it: with an eight-card major fit and a singleton or "
          "void, prefer four of the major to 3NT, the short suit supplying tricks by ruffing that notrump "
          "cannot take: ")
FLAT = ("the same principle: with no ruffing value (no singleton or void) the nine tricks of 3NT are easier "
        "than the ten of the major, and without a known fit there is nothing to correct to: ")

CASES = [
    # 9 HCP, three hearts for partner's opening, a singleton club (seed 24 board 944, West dealer): after
    # the support double and 2S, partner's 3NT; 4H made
    Case(CHOICE + "responder with three trumps and a singleton", "AK86.J74.JT974.2",
         "1H P 1S 2D X P 2S P 3NT P", "4H", ("game",), dealer="W", vul="EW"),
    # 9 HCP, four spades for partner's overcall and a singleton diamond (seed 25 board 124, West dealer):
    # the cue raise, partner's 3NT; 4S made
    Case(CHOICE + "the advancer's cue raise with four trumps", "AJT7.KJ9753.2.T2", "1D 1S 2D 3D P 3NT P",
         "4S", ("game",), dealer="W", vul="NS"),
    # opener with four hearts for partner's negative double and a singleton club (seed 28 board 921)
    Case(CHOICE + "opener with the negative doubler's four-four heart fit", "Q9875.K432.AQT.8",
         "1S 2C X P 2H P 3NT P", "4H", ("game",), vul="EW"),
    # opener with six hearts and a singleton diamond (seed 46 board 131, South dealer): partner's 3NT over
    # their jump overcall in diamonds; opener's own suit plays better than notrump
    Case(CHOICE + "opener's six-card suit and a singleton", "732.KQ5432.6.KQJ", "P 1H 3D 3NT P", "4H",
         ("game",), dealer="S", vul="EW"),
    # the same opener 3-6-2-2: pass
    Case(FLAT + "opener's six-card suit, no short suit", "732.KQ5432.65.KQ", "P 1H 3D 3NT P", "P", (),
         dealer="S", vul="EW"),
    # the first hand 4-3-4-2: no ruffing value, pass
    Case(FLAT + "three trumps and no short suit", "AK86.J74.JT97.42", "1H P 1S 2D X P 2S P 3NT P", "P", (),
         dealer="W", vul="EW"),
    # the third hand 5-4-2-2: pass
    Case(FLAT + "opener 5-4-2-2", "Q9875.K432.AQ.T8", "1S 2C X P 2H P 3NT P", "P", (), vul="EW"),
    # the first hand with two hearts: a singleton but no known fit, pass
    Case(FLAT + "a singleton without the fit", "AK862.J7.JT974.2", "1H P 1S 2D P P 2S P 3NT P", "P", (),
         dealer="W", vul="EW"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
