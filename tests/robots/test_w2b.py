"""Textbook cases for the advancer's free bids, short round w2b (issue 11), ``parts/defence.rules``.

* raising a two-level overcall (their suit above it, RHO passed) to the three level: with four trumps
  6-9 support points are enough, with only three the advancer needs 8-9 (nine tricks want nine trumps or
  extra values: the law of total tricks); a weaker three-card hand passes;
* after 1x, partner's one-level overcall and a new suit from responder, the advancer's 1NT (8-11, stoppers
  in both their suits) is not made with four or more cards in responder's suit: his side misfits, and we
  defend instead of playing an underweight notrump with their long suit against us.

Hands come from the development boards of ``bench_strength.py`` (audit rows) or were built for the
situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

RAISE = ("Larry Cohen, To Bid or Not to Bid (the law of total tricks), raising partner's two-level overcall: "
         "three trumps make eight, which is worth the two level; the three level needs a ninth trump or "
         "extra values: ")
MISFIT = ("Mike Lawrence, The Complete Book on Overcalls, advancing after responder bids a new suit: 1NT "
          "shows stoppers in their suits and a fair hand, but with length in responder's suit the "
          "advancer passes and defends: ")

CASES = [
    # 7 HCP, three trumps, no shortness (audit row: 3H went down, they went down in their partscore)
    Case(RAISE + "three trumps and seven points pass", "T53.JT8.AQT6.864", "1S 2H P", "P", ()),
    # 8 HCP, three trumps: the raise stays
    Case(RAISE + "three trumps and eight points raise", "J63.Q92.9532.KQ2", "1S 2H P", "3H", ("3+♥",)),
    # 7 HCP with four diamonds: the raise stays (nine trumps)
    Case(RAISE + "four trumps raise on less", "T53.864.AQ64.JT8", "1S 2D P", "3D", ("3+♦",)),
    # 10 HCP, four spades over 1C 1D 1S (audit row: 1NT went down, they had no fit in spades)
    Case(MISFIT + "four cards in responder's suit pass", "JT84.QJ43.A5.QT6", "P 1C 1D 1S", "P", (),
         dealer="E"),
    Case(MISFIT + "the same with five-card clubs", "A832.J97.5.KQ642", "P 1C 1D 1S", "P", (), dealer="E"),
    # three spades: 1NT stays, and says so
    Case(MISFIT + "three cards in responder's suit bid 1NT", "KJ4.Q93.74.KJ862", "1C 1D 1S", "1NT",
         ("8-11", "0-3♠")),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
