"""Textbook cases for openings, responses and rebids in uncontested auctions (issue 11, helper oursB10).

1. A passed hand's 1NT over a major is not forcing (the forcing notrump is an unpassed hand's call; a passed
   hand responds 1NT with 6-11 natural). Opener with a balanced minimum (5-3-3-2, 12-14) passes it instead of
   inventing a three-card minor, which pushed the side a level higher into 2m or a thin game (audit of seeds
   12-13, 21-48, 50: 2m three-card-minor against a pass, the rows where partner had passed). Opposite an
   unpassed hand the forcing notrump still gets the three-card minor.
2. The inverted minor raise starts at 11 HCP: with 10 HCP and no major the 1NT response (6-10) describes the
   hand. The inverted raise at 10 took balanced ten-counts through 2m-2NT-3m and on to a 3NT with too little
   (audit: inverted raise against 1NT, all the rows 10 HCP).
3. A passed hand's new suit over one of a minor is not forcing (it can hold no more than about 11), so a
   light third- or fourth-seat opening (11 HCP, balanced: no rebid fits, 1NT shows 12-14) passes it
   instead of rebidding a four-card minor at the two level (audit: opener's minimum rebid against a pass,
   all the rows a light balanced opening opposite a passed hand). After 1H-1S the spade response stays
   forcing (the major openings' card).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

HARDY_PASSED = ("Max Hardy, Two-Over-One Game Force (the 1NT response is forcing only from an unpassed hand; "
                "a passed hand's 1NT is natural and opener passes it with a balanced minimum), ")
HARDY_FORCING = ("Max Hardy, Two-Over-One Game Force (over the forcing notrump a balanced minimum rebids a "
                 "three-card minor), ")
SAYC_PASSED = ("ACBL SAYC booklet (a new suit by responder forces only when responder has not passed), ")
INVERTED = ("Inverted minor raises (the single raise is forcing and shows a limit raise or more, 11+ HCP; "
            "a balanced hand without a major and less responds 1NT), ")

CASES = [
    # 12 HCP 5-3-3-2, partner a passed hand: pass the natural 1NT
    Case(HARDY_PASSED + "P-P-1S-P-1NT: pass with a balanced minimum", "KQJ74.K85.Q63.J4", "P P 1S P 1NT P",
         "P"),
    # 12 HCP 5-2-3-3, fourth seat: pass
    Case(HARDY_PASSED + "P-P-P-1S-P-1NT: pass with a balanced minimum", "AJ974.92.K98.AT8",
         "P P P 1S P 1NT P", "P"),
    # the same hand in first seat: the 1NT forces, so a three-card minor
    Case(HARDY_FORCING + "1S-P-1NT: 2D with a balanced minimum", "KQJ74.K85.Q63.J4", "1S P 1NT P", "2D",
         ("three-card minor",)),
    Case(HARDY_FORCING + "1S-P-1NT: 2D with three diamonds and three clubs", "AJ974.92.K98.AT8", "1S P 1NT P",
         "2D"),
    # 10 HCP 3-2-4-4: 1NT, not the inverted raise
    Case(INVERTED + "1D-P: 1NT with 10 HCP and four diamonds", "K52.32.A976.QJ42", "1D P", "1NT"),
    Case(INVERTED + "1D-P: 1NT with 10 HCP, 3-2-4-4", "Q42.K4.AJ96.T962", "1D P", "1NT"),
    # 11 HCP 3-1-5-4 (unbalanced, so not the 2NT invitation): the inverted raise
    Case(INVERTED + "1D-P: 2D with 11 HCP and a singleton", "K52.3.A9763.KJ42", "1D P", "2D", ("forcing",)),
    # 8 HCP 4-3-2-4, a passed hand: 1S, not forcing
    Case(SAYC_PASSED + "P-P-1C-P: 1S from a passed hand", "KQ87.J64.Q9.8643", "P P 1C P", "1S",
         ("not forcing",)),
    # the same hand unpassed: forcing
    Case(SAYC_PASSED + "1C-P: 1S from an unpassed hand", "KQ87.J64.Q9.8643", "1C P", "1S", ("forcing",)),
    # 11 HCP 2-4-4-3, a light third-seat 1D: pass the passed hand's 1S
    Case(SAYC_PASSED + "P-P-1D-P-1S: pass with a light balanced opening", "KQ.KJ85.Q642.953", "P P 1D P 1S P",
         "P"),
    # 11 HCP 3-3-3-4, a light fourth-seat 1C: pass the passed hand's 1H
    Case(SAYC_PASSED + "P-P-P-1C-P-1H: pass with a light balanced opening", "Q32.A92.K52.Q865",
         "P P P 1C P 1H P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_oursB10(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"KQJ74.K85.Q63.J4": (12, (5, 3, 3, 2)), "AJ974.92.K98.AT8": (12, (5, 2, 3, 3)),
              "K52.32.A976.QJ42": (10, (3, 2, 4, 4)), "Q42.K4.AJ96.T962": (10, (3, 2, 4, 4)),
              "K52.3.A9763.KJ42": (11, (3, 1, 5, 4)),
              "KQ87.J64.Q9.8643": (8, (4, 3, 2, 4)), "KQ.KJ85.Q642.953": (11, (2, 4, 4, 3)),
              "Q32.A92.K52.Q865": (11, (3, 3, 3, 4))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
