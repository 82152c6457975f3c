"""Textbook cases for our weak two in diamonds when they double (issue 11, helper w2a).

1. The jump to 4D over their takeout double of our weak 2D blocks with ten trumps (the weak two's six and
   four more: the law of total tricks says contract for ten tricks), but only with little defence. With
   11+ HCP, balanced and some high cards outside, responder has his share of the defence against their
   major-suit game; the four-level block then pushes them into a game that makes, or gets doubled.
   Such a hand raises to three (nine trumps, the three level) or passes. 4D keeps hands of 10 HCP or less.
2. The weak-two bidder does not bid again after partner's blocking raise: the raise is a sign-off, made by
   the partner who knows the preempt's hand within narrow limits and so has already judged how high to
   go (seed 28 board 159: 2D X 4D 4H, and opener's own 5D went down doubled; passing defends 4H).
3. The doubler's partner over their raise of the weak 2D to three had no rule and passed with five hearts
   (seed 31 board 311: 2D X 3D passed out, 4H made). As over their raise of a weak two in a major, he
   bids game in a major with five cards and some values, or four and 9+ HCP, names a four-card major at
   the three level with less, and doubles with values and no major.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

BERGEN = ("Marty Bergen, Points Schmoints! (the law of total tricks in preemptive raises: ten trumps for "
          "the four level, with a weak hand and little defence), ")
KLINGER = ("Ron Klinger, Guide to Better Duplicate Bridge (after preempting, leave the decisions to partner: "
           "the preempter does not bid again unless partner asks), ")
ROBSON = ("Robson and Segal, Partnership Bidding at Bridge (advancing a takeout double when they raise: bid "
          "the major at the level the values allow, double with values and no suit), ")

CASES = [
    # 11 HCP 3-3-4-3: defence outside, raise to three only
    Case(BERGEN + "2D-X: 3D, not 4D, with four diamonds and 11 HCP balanced", "K73.K74.Q863.K54", "P 2D X",
         "3D", ("block",), dealer="W"),
    # 12 HCP 3-2-4-4: the same
    Case(BERGEN + "2D-X: 3D, not 4D, with four diamonds and 12 HCP", "Q63.KJ.KJT2.QT75", "2D X", "3D",
         ("block",)),
    # 6 HCP 4-1-4-4: weak, ten trumps, the four-level block
    Case(BERGEN + "2D-X: 4D with four diamonds and 6 HCP", "AJ98.4.J942.8532", "2D X", "4D",
         ("block",)),
    # 8 HCP 3-3-6-1: the preempter, after partner's block and their game, passes
    Case(KLINGER + "2D-X-4D-4H: pass, not 5D", "AT9.T74.A97654.6", "P 2D X 4D 4H", "P", dealer="S",
         vul="NS"),
    # 9 HCP 3-2-6-2 not vulnerable: the same
    Case(KLINGER + "2D-X-4D-4S: pass, not 5D", "Q73.42.KQJ986.J4", "2D X 4D 4S", "P"),
    # 6 HCP 4-5-3-1: five hearts, game
    Case(ROBSON + "2D-X-3D: 4H with five hearts", "KJT3.JT862.J94.5", "2D X 3D", "4H", ("game",)),
    # 3 HCP 4-3-3-3: a four-card spade suit, at the three level
    Case(ROBSON + "2D-X-3D: 3S with four spades and 3 HCP", "8743.Q73.T92.J75", "2D X 3D", "3S",
         ("free bid",)),
    # 12 HCP 3-3-3-4, diamonds unstopped, no four-card major: the double
    Case(ROBSON + "2D-X-3D: double with values and no major", "K65.QJ4.954.AQ52", "2D X 3D", "X",
         ("values",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_w2a(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"K73.K74.Q863.K54": (11, (3, 3, 4, 3)), "Q63.KJ.KJT2.QT75": (12, (3, 2, 4, 4)),
              "AJ98.4.J942.8532": (6, (4, 1, 4, 4)), "AT9.T74.A97654.6": (8, (3, 3, 6, 1)),
              "Q73.42.KQJ986.J4": (9, (3, 2, 6, 2)), "KJT3.JT862.J94.5": (6, (4, 5, 3, 1)),
              "8743.Q73.T92.J75": (3, (4, 3, 3, 3)), "K65.QJ4.954.AQ52": (12, (3, 3, 3, 4))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
