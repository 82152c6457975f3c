"""Textbook cases for the gaps the strength benchmark found (issue 11): what the advance of a takeout double
shows, and doubles of artificial bids. The dealer is North unless a case says otherwise."""

from __future__ import annotations

import pytest

from ._harness import Case, check

LAWRENCE_TO = "Mike Lawrence, The Complete Book on Takeout Doubles, "
SAYC = "ACBL SAYC System Booklet (2017), "
BWS = "Bridge World Standard, doubles of artificial bids: "

ADVANCES = [
    # 0 HCP, 3-4-3-3: the four-card major; the card says three or more (the widest of the advance's rules)
    Case(LAWRENCE_TO + "the forced advance: a four-card major first", "964.7432.984.962", "1D X P", "1H",
         ("advance", "3+♥")),
    # 5 HCP, 3-3-3-4 over 1D: the longest suit, clubs at the two level, rather than a three-card major
    Case(LAWRENCE_TO + "the forced advance: the longest suit, even at the two level", "K96.Q74.J98.9632",
         "1D X P", "2C", ("advance", "3+♣")),
    # 5 HCP, 3-3-4-3 over 1C: the four-card diamond suit, not a three-card major
    Case(LAWRENCE_TO + "the forced advance: a four-card minor before a three-card major", "K96.Q74.J982.963",
         "1C X P", "1D", ("advance", "3+♦")),
    # 5 HCP, 3-3-4-3 over 1D: no four-card suit to bid but theirs, the cheapest three-card suit
    Case(LAWRENCE_TO + "the forced advance with four of their suit: a three-card suit", "K96.Q74.J982.963",
         "1D X P", "1S", ("advance", "3+♠")),
]

ARTIFICIAL = [
    # 4 HCP, five diamonds: partner doubled 1NT for penalty and the opener's partner transferred with 2D;
    # the 2D bid says nothing about diamonds, so a double of it cannot be for penalty of diamonds
    Case(BWS + "1NT X 2D (a transfer): no penalty double of the artificial bid", "964.74.KJ984.962",
         "1NT X 2D", "P"),
]

CASES = ADVANCES + ARTIFICIAL


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_judgement(case: Case) -> None:
    check(case)
