"""Textbook cases for the robots' competition over the opponents' game, tenth round (issue 11).

* over their game in hearts, with ten spades together and no more than half the strength, bid 4S at any
  vulnerability: the same level as their game, ten trumps for ten tricks by the law of total tricks
  (``competition``); before, only a side not vulnerable did;
* a level higher than their game (5H over 4S), vulnerable, only with a singleton or a void (shape takes
  tricks in the play, few in defence); with a flat hand pass; nine trumps are not enough for 4S.

Hands come from the development boards of ``bench_strength.py`` (seeds 22, 38 and 44) or were built for the
situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

TOTAL_TRICKS = ("Larry Cohen, To Bid or Not to Bid (the law of total tricks), competing over their game: "
                "with ten trumps together bid to the four level, whatever the vulnerability: ")
FIVE_LEVEL = ("Larry Cohen, To Bid or Not to Bid, the five level belongs to the opponents: vulnerable, a "
              "flat hand does not bid on over their game: ")
SHAPE = ("Larry Cohen, To Bid or Not to Bid, adjusting the law for shape: a singleton or a void adds tricks "
         "for the side that plays and takes them from the defence, so the sacrifice a level higher: ")

CASES = [
    # 6 HCP, five spades opposite partner's 1S overcall, both sides vulnerable: 4S
    Case(TOTAL_TRICKS + "ten spades, both vulnerable", "QT943.84.T75.A85", "1H 1S 4H", "4S",
         ("over their game", "sign-off"), dealer="E", vul="All"),
    # the same vulnerable against not
    Case(TOTAL_TRICKS + "ten spades, vulnerable against not", "QT943.84.T75.A85", "1H 1S 4H", "4S",
         ("over their game",), dealer="E", vul="NS"),
    # 6 HCP, five spades in the passout seat after raising partner's overcall (seed 22 board 375, South
    # dealer, both vulnerable): 4H made, 4S went one down
    Case(TOTAL_TRICKS + "in the passout seat", "KQJ92.T2.T87.863", "P 1H 1S 2S 3S 4H P P", "4S",
         ("over their game",), dealer="S", vul="All"),
    # 3 HCP, five spades opposite partner's Michaels cue bid (seed 44 board 317, both vulnerable): 4H
    # made, 4S made too
    Case(TOTAL_TRICKS + "opposite Michaels", "JT987.86.T2.Q942", "1H 2H 2S P 4H P P", "4S",
         ("over their game",), vul="All"),
    # four spades only (nine together): pass
    Case(TOTAL_TRICKS + "nine trumps are not enough", "QT94.843.T75.A85", "1H 1S 4H", "P", (), dealer="E",
         vul="All"),
    # five hearts opposite the 2H overcall, vulnerable against not, over their 4S: 5H is a level higher
    Case(FIVE_LEVEL + "pass", "T8.QJ943.T75.A85", "1S 2H 4S", "P", (), dealer="E", vul="NS"),
    # the same flat hand, both vulnerable: pass
    Case(FIVE_LEVEL + "both vulnerable, pass", "T8.QJ943.T75.A85", "1S 2H 4S", "P", (), dealer="E",
         vul="All"),
    # 6 HCP, 1-5-4-3, vulnerable against not: with the singleton, 5H
    Case(SHAPE + "vulnerable against not", "8.QJ943.T752.A85", "1S 2H 4S", "5H", ("over their game",),
         dealer="E", vul="NS"),
    # the same both vulnerable
    Case(SHAPE + "both vulnerable", "8.QJ943.T752.A85", "1S 2H 4S", "5H", ("over their game",), dealer="E",
         vul="All"),
    # 5 HCP, 0-6-4-3 opposite a weak two in hearts: ten trumps and a void, 5H over their 4S
    Case(SHAPE + "a void opposite a weak two", ".J9643.T752.K85", "2H 4S", "5H", ("over their game",),
         dealer="E", vul="All"),
    # the same not vulnerable against vulnerable: the sacrifice at the five level stays
    Case(FIVE_LEVEL + "favourable, 5H", "T8.QJ943.T75.A85", "1S 2H 4S", "5H", ("over their game",),
         dealer="E", vul="EW"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
