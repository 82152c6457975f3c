"""Textbook cases for major fits and suit lengths in constructive auctions (issue 11, helper fit7).

1. After opener's reverse (1C-1H-2D), responder with a six-card major and game values rebids it (3H,
   game forcing) before bidding 3NT: opener's reverse does not deny a doubleton, and 6-2 is an eight-card
   fit (slam6 found 1C-1H-2D-3NT with 6-5 in the majors). A five-card suit with the unbid suit stopped still
   bids 3NT.
2. Opener's 2NT rebid (18-19) and responder's new major at the three level (1m-1H-2NT-3S, 1D-1S-2NT-3H):
   a raise with four, and with three cards in responder's first major game in it rather than 3NT when
   that major holds five (1D-1S-2NT-3H-3NT with 5-5, found by slam6). After 1m-1H-2NT-3S responder may
   hold four of each (opener's 2NT can hide four spades), so three hearts bid 3NT.
3. Responder's six-card major after opener's one-level new suit (1C-1H-1S): with game values, game in it
   rather than 3NT (slam6: 1C-1H-1S-3NT with six hearts and a singleton spade).
4. The raise of a two-over-one minor (1D-2C-3C) shows club support; its meaning used to join a two-card
   "preference" and a "longest suit" catch-all, so that partner read no clubs at all and never saw the fit.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import meaning_of
from tenace.system.bidding.systems import builtin

from .textbook._harness import Case, check

REVERSE = ("Max Hardy, Two-Over-One Game Force (after opener's reverse responder's rebid of his own suit "
           "at the three level is game forcing and shows six), ")
ROOT = ("William Root, Commonsense Bidding (after opener's 2NT rebid a new suit by responder looks for a "
        "major fit: opener raises with four, or supports responder's first suit with three), ")
ROBSON = ("Andrew Robson and Oliver Segal, Partnership Bidding at Bridge (advancer's new suit after an "
          "overcall is forcing; the overcaller raises it with three cards), ")
GOREN = ("Charles Goren, Point Count Bidding (a six-card major and game values opposite an opening: game "
         "in the major), ")

CASES = [
    # 10 HCP 5-6-1-1
    Case(REVERSE + "1C-1H-2D: 3H with six hearts and five spades", "KQ952.AJ8742.5.3", "1C P 1H P 2D P",
         "3H", ("game forcing",)),
    # 11 HCP 3-5-2-3, a spade stopper: 3NT
    Case(REVERSE + "1C-1H-2D: 3NT with five hearts and spades stopped", "KQ9.AJ874.75.J32",
         "1C P 1H P 2D P", "3NT"),
    # 18 HCP 2-3-3-5, three hearts: opener's 2NT may hide four spades here, so responder's 3S may come from
    # four of each major, and three hearts would be a four-three fit: 3NT (a review of seed 37 board 146,
    # 4H on 4-3 one down where 3NT made)
    Case(ROOT + "1C-1H-2NT-3S: 3NT with three hearts, responder may hold only four", "A4.KJ5.KQ7.AJ863",
         "1C P 1H P 2NT P 3S P", "3NT"),
    # 19 HCP 4-3-3-3, four spades
    Case(ROOT + "1C-1H-2NT-3S: 4S with four spades", "AJ54.KJ5.KQ7.AJ8", "1C P 1H P 2NT P 3S P", "4S"),
    # 18 HCP 2-2-4-5: neither major
    Case(ROOT + "1C-1H-2NT-3S: 3NT with two cards in each major", "A4.KJ.KQ75.AJ863",
         "1C P 1H P 2NT P 3S P", "3NT"),
    # 18 HCP 3-2-4-4, three spades
    Case(ROOT + "1D-1S-2NT-3H: 4S with three spades", "A42.KJ.KQ75.AJ86", "1D P 1S P 2NT P 3H P", "4S",
         ("3+♠",)),
    # 14 HCP 1-6-3-3
    Case(GOREN + "1C-1H-1S: 4H with six hearts and 14 HCP", "6.AQJ953.KQ7.Q86", "1C P 1H P 1S P", "4H",
         ("6+♥",)),
    # 14 HCP 1-5-3-4, five hearts: not game in hearts; since gamesU the fourth suit first (opener may hold
    # three hearts, and shows them before notrump), where 3NT was bid at once before
    Case(GOREN + "1C-1H-1S: no 4H with five hearts (the fourth suit)", "6.AQJ95.KQ7.Q864", "1C P 1H P 1S P",
         "2D"),
    # 15 HCP 3-2-3-5, their weak 2D, my 3C overcall, partner's forcing 3S: three spades raise to game
    # (a review of a seed-37 board: with the two-card preference gone, nothing but a non-forcing 4C was left)
    Case(ROBSON + "2D-3C-P-3S: raise with three trumps, not a non-forcing rebid", "Q32.KQ.J65.AKT74",
         "2D 3C P 3S P", "4S", ("support",), dealer="W"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_fit7(case: Case) -> None:
    check(case)


@pytest.mark.parametrize(("auction", "suit", "least"), [
    ("1D P 2C P 3C", 0, 4),   # the raise of a two-over-one 2C: four clubs
    ("1D P 2C P 2D P 3D", 1, 3),  # responder's raise of opener's rebid suit
    # responder's slow raise of opener's rebid major (15+, slamF): two cards or more, as for the fast 4M
    # (opposite a rebid six-card suit a doubleton is support: Hardy, Two-Over-One Game Force)
    ("1S P 2C P 2S P 3S", 3, 2),
    ("1H P 2D P 2H P 3H", 2, 2),
])
def test_raises_show_their_length(auction: str, suit: int, least: int) -> None:
    """Hardy, Two-Over-One Game Force: 1D-2C-3C raises clubs (four cards), so partner knows the fit."""
    calls = [parse_call(c) for c in auction.split()]
    meaning = meaning_of(calls, len(calls) - 1, builtin("two-over-one"), dealer=Seat.NORTH,
                         vulnerability="None")
    assert meaning.facts.lengths[suit][0] >= least


def test_the_noted_counts() -> None:
    counts = {"KQ952.AJ8742.5.3": (10, (5, 6, 1, 1)), "KQ9.AJ874.75.J32": (11, (3, 5, 2, 3)),
              "A4.KJ5.KQ7.AJ863": (18, (2, 3, 3, 5)), "AJ54.KJ5.KQ7.AJ8": (19, (4, 3, 3, 3)),
              "A4.KJ.KQ75.AJ863": (18, (2, 2, 4, 5)), "A42.KJ.KQ75.AJ86": (18, (3, 2, 4, 4)),
              "6.AQJ953.KQ7.Q86": (14, (1, 6, 3, 3)), "6.AQJ95.KQ7.Q864": (14, (1, 5, 3, 4)),
              "Q32.KQ.J65.AKT74": (15, (3, 2, 3, 5))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
