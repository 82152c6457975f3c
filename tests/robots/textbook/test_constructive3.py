"""Textbook cases for the third round of constructive tuning (issue 11): notrump slam ranges after the strong
2C (cards/parts/twos-and-preempts.rules) and the opener's jump shift over the forcing 1NT with two five-card suits and four losers
the answers to new minor forcing and responder's next call, the quantitative 4NT over opener's 1NT rebid
(cards/parts/core.rules), and the principles' acceptance of an invitation in a major (generators.py).

The strong 2C's notrump ranges follow the card's rule for notrump slams (32 HCP together, as opposite 1NT on
the 2/1 card; Goren's count asks 33): after 2C-2D-2NT (22-24) responder bids 6NT from 10 HCP and invites with
8-9; after 2C-2D-3NT (25+) 6NT from 7 and 4NT with 6; after 2C-2NT (8+) opener invites with 23-24 and bids
6NT from 25.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from ._harness import Case, check

CARD = "Tenace 2/1 card (docs/bidding-system.md: notrump slam on 32 HCP together), "
NMF = "Root & Pavlicek, Modern Bridge Conventions (new minor forcing), "
HARDY = "Max Hardy, Two-Over-One Game Force, "
KLINGER = "Ron Klinger, The Modern Losing Trick Count (a four-loser hand with a fit found is worth game), "

CASES = [
    # 10 HCP 3-3-4-3 opposite 22-24: 32-34 together
    Case(CARD + "after 2C-2D-2NT: 6NT with 10 HCP", "K87.QJ4.K975.J64", "2C P 2D P 2NT P", "6NT", ("slam",)),
    # 8 HCP 3-3-4-3: 30-32 together
    Case(CARD + "after 2C-2D-2NT: 4NT invites with 8 HCP", "K87.Q54.K975.964", "2C P 2D P 2NT P", "4NT",
         ("quantitative", "8-9")),
    # 7 HCP 3-3-4-3
    Case(CARD + "after 2C-2D-2NT: 3NT with 7 HCP", "K87.Q54.Q975.964", "2C P 2D P 2NT P", "3NT", ("game",)),
    # 10 HCP, five spades, after the transfer
    Case(CARD + "after 2C-2D-2NT and a transfer: 6NT with five spades and 10 HCP", "KQ874.Q64.K97.64",
         "2C P 2D P 2NT P 3H P 3S P", "6NT", ("slam",)),
    # 7 HCP 3-3-4-3 opposite 25+
    Case(CARD + "after 2C-2D-3NT: 6NT with 7 HCP", "Q87.Q54.K752.964", "2C P 2D P 3NT P", "6NT", ("slam",)),
    # 26 HCP 3-3-4-3: accepts responder's 4NT (6 HCP)
    Case(CARD + "after 2C-2D-3NT-4NT: accept with 26 HCP", "AK5.AQ4.KQJ5.AQJ", "2C P 2D P 3NT P 4NT P", "6NT",
         ("accepts",)),
    # 23 HCP 3-3-4-3 opposite the balanced positive (8+)
    Case(CARD + "after 2C-2NT: 4NT invites with 23 HCP", "AK5.AQ4.KQ75.AJ4", "2C P 2NT P", "4NT",
         ("quantitative", "23-24")),
    # 10 HCP 3-3-4-3 opposite opener's 3NT (22)
    Case(CARD + "after 2C-2NT-3NT: 6NT with 10 HCP", "K87.QJ4.K975.J64", "2C P 2NT P 3NT P", "6NT", ("slam",)),
    # 9 HCP accepts opener's 4NT (23-24)
    Case(CARD + "after 2C-2NT-4NT: accept with 9 HCP", "K87.QJ4.K975.964", "2C P 2NT P 4NT P", "6NT",
         ("accepts",)),
    # 17 HCP 5-5-2-1, four losers: opposite the forcing 1NT the jump shift forces to game
    Case(KLINGER + "1S-1NT: jump shift to 3H with 5-5 and four losers (17 HCP)", "AKJT9.KQ762.AT.7", "1S P 1NT P",
         "3H", ("jump shift",)),
    # 14 HCP 5-5-2-1, five losers: no jump shift
    Case(KLINGER + "1S-1NT: 2H, not a jump shift, with five losers (14 HCP)", "AKJT9.Q8762.A4.7", "1S P 1NT P",
         "2H", ()),
    # new minor forcing: 1C-1S-1NT-2D
    # 13 HCP 3-3-3-4: three spades first
    Case(NMF + "opener shows three-card support for responder's major", "Q62.A96.K84.KJ92",
         "1C P 1S P 1NT P 2D P", "2S", ("support",)),
    # 13 HCP 2-4-3-4: four hearts
    Case(NMF + "opener shows four hearts", "Q2.AK96.K84.J952", "1C P 1S P 1NT P 2D P", "2H", ("4+",)),
    # 13 HCP 2-3-3-5: neither, a minimum
    Case(NMF + "opener: 2NT, no fit and a minimum", "Q2.A96.K84.KJ952", "1C P 1S P 1NT P 2D P", "2NT", ()),
    # 14 HCP 2-3-3-5: neither, a maximum
    Case(NMF + "opener: 3NT, no fit and a maximum", "Q2.A96.KJ4.KJ952", "1C P 1S P 1NT P 2D P", "3NT", ()),
    # 14 HCP, six spades: game in the 6-2 fit
    Case(NMF + "responder with six spades goes to 4S over 3NT", "AQJ962.T87.4.AK9",
         "1C P 1S P 1NT P 2D P 3NT P", "4S", ("game",)),
    # 14 HCP, five spades: the fit found, game
    Case(NMF + "responder bids game once the fit is found", "AJT87.K62.QT2.A2", "1C P 1S P 1NT P 2D P 2S P",
         "4S", ("game",)),
    # 18 HCP 3-4-5-1 opposite opener's 1NT rebid (12-14): the quantitative 4NT needs no balanced hand
    Case(HARDY + "1C 1D 1NT: 4NT quantitative with 18 HCP and a singleton club", "KJ5.AQJT.AQJ54.7",
         "1C P 1D P 1NT P", "4NT", ("quantitative", "18-19")),
    # 13 HCP 3-3-2-5: five clubs make up for the missing point
    Case(HARDY + "1C 1D 1NT 4NT: 13 HCP and a five-card suit accept", "AT8.K75.62.KQJ43",
         "1C P 1D P 1NT P 4NT P", "6NT", ("accepts",)),
    # 14 HCP 1-1-5-6: partner's jump rebid invites in his six-card suit; a singleton and no heart stopper pass
    Case(HARDY + "1C 1S 2C 3S: with a singleton spade and no stopper, decline", "9.4.AK863.AK8432",
         "1C P 1S P 2C P 3S P", "P", ("declines",)),
]


def test_hands_are_as_described() -> None:
    assert CardSet.from_pbn("K87.QJ4.K975.J64").hcp == 10
    assert CardSet.from_pbn("K87.Q54.K975.964").hcp == 8
    assert CardSet.from_pbn("K87.Q54.Q975.964").hcp == 7
    assert CardSet.from_pbn("Q87.Q54.K752.964").hcp == 7
    assert CardSet.from_pbn("AK5.AQ4.KQJ5.AQJ").hcp == 26
    assert CardSet.from_pbn("AK5.AQ4.KQ75.AJ4").hcp == 23
    assert CardSet.from_pbn("AKJT9.KQ762.AT.7").hcp == 17
    assert CardSet.from_pbn("KQ874.Q64.K97.64").hcp == 10
    assert CardSet.from_pbn("AKJT9.Q8762.A4.7").hcp == 14
    assert [CardSet.from_pbn(h).hcp for h in ("Q62.A96.K84.KJ92", "Q2.AK96.K84.J952", "Q2.A96.K84.KJ952",
                                              "Q2.A96.KJ4.KJ952", "AQJ962.T87.4.AK9", "AJT87.K62.QT2.A2")] \
        == [13, 13, 13, 14, 14, 14]
    assert [CardSet.from_pbn(h).hcp for h in ("KJ5.AQJT.AQJ54.7", "AT8.K75.62.KQJ43", "9.4.AK863.AK8432")] \
        == [18, 13, 14]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_constructive3(case: Case) -> None:
    check(case)
