"""Textbook cases: notrump slam ranges opposite 1NT on the two cards, and the other constructive changes of
the second round of tuning (cards/parts/notrump.rules, core.rules, and the ranges each system file defines).

SAYC keeps the booklet's ranges (4NT invites with 16-17, 6NT with 18-19: 33 HCP together for a small
slam). The 2/1 card bids slam on 32 together (4NT with 15-16, 6NT with 17-19, opener accepts with 16-17),
measured on the strength benchmark against double-dummy par (docs/bidding-system.md).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from ._harness import Case, check

SAYC = "ACBL SAYC System Booklet, "
CARD = "Tenace 2/1 card (docs/bidding-system.md: slam on 32 HCP together), "
GRANT = "Audrey Grant, Bidding in the 21st Century (ACBL Bridge Series), "
KLINGER = "Ron Klinger, The Modern Losing Trick Count (a fit and seven losers are worth an invitation), "

CASES = [
    # 15 HCP 3-3-4-3
    Case(CARD + "over 1NT: 4NT invites 6NT with 15-16", "K72.AQ3.KJ84.Q72", "1NT P", "4NT",
         ("quantitative", "15-16")),
    Case(SAYC + "over 1NT: 3NT with 10-15", "K72.AQ3.KJ84.Q72", "1NT P", "3NT", ("game",), system="sayc"),
    # 17 HCP 3-3-4-3
    Case(CARD + "over 1NT: 6NT with 17-19", "K72.AQ3.KJ84.KJ2", "1NT P", "6NT", ("slam", "17-19")),
    Case(SAYC + "over 1NT: 4NT quantitative with 16-17", "K72.AQ3.KJ84.KJ2", "1NT P", "4NT",
         ("quantitative", "16-17"), system="sayc"),
    # 16 HCP 4-3-3-3
    Case(CARD + "1NT-4NT: opener accepts with 16", "AQ72.K53.KJ4.K72", "1NT P 4NT P", "6NT", ("accepts",)),
    Case(SAYC + "1NT-4NT: opener declines with 16 and no five-card suit", "AQ72.K53.KJ4.K72", "1NT P 4NT P",
         "P", ("declines",), system="sayc"),
    # 15 HCP 4-3-3-3
    Case(CARD + "1NT-4NT: opener declines with a minimum", "AQ72.K53.QJ4.K72", "1NT P 4NT P", "P",
         ("declines",)),
    # 17 HCP 4-3-3-3, no fit after Stayman
    Case(CARD + "after Stayman finds no fit: 6NT with 17", "KQ72.AQ3.QJ8.K72", "1NT P 2C P 2D P", "6NT",
         ("slam",)),
    Case(SAYC + "after Stayman finds no fit: 4NT quantitative with 16-17", "KQ72.AQ3.QJ8.K72",
         "1NT P 2C P 2D P", "4NT", ("quantitative",), system="sayc"),
    # 16 HCP 4-3-3-3 after Stayman finds hearts (no fit: four spades)
    Case(CARD + "after Stayman, no fit: 4NT quantitative with 16", "KQ72.AQ3.KJ8.J72", "1NT P 2C P 2H P", "4NT",
         ("quantitative",)),
    # 9 HCP 2-4-2-5, seven losers: raise opener's second suit (a major) with four trumps
    Case(KLINGER + "1S-1NT-2H: a four-card raise with seven losers invites", "93.AQ63.85.K8532",
         "1S P 1NT P 2H P", "3H", ("invit",)),
    # 14 HCP 5-2-5-1: opener's rebid major shows six, so a doubleton is an eight-card fit
    Case(GRANT + "1H-1S-2H: game values and two hearts: 4H rather than 3NT", "AQ985.T3.KJ942.A",
         "1H P 1S P 2H P", "4H", ("game",)),
    Case(GRANT + "1H-1S-2H: game values and two hearts: 4H rather than 3NT (SAYC)", "AJ984.73.AQ3.Q32",
         "1H P 1S P 2H P", "4H", ("game",), system="sayc"),
    # 14 HCP 5-1-5-2: a singleton heart, no fit: 3NT
    Case(GRANT + "1H-1S-2H: game values and a singleton heart: 3NT", "AQ985.3.KJ942.A3", "1H P 1S P 2H P",
         "3NT", ("notrump",)),
    # 9 HCP 2-4-5-2, eight losers: not enough to invite with four trumps
    Case(KLINGER + "1S-1NT-2H: eight losers and four trumps pass", "93.KJ63.Q8532.Q5",
         "1S P 1NT P 2H P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam_notrump(case: Case) -> None:
    check(case)
