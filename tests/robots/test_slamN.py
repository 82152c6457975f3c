"""Textbook cases for minor-suit slams the robots missed opposite a notrump opening (issue 11, helper slamN).

Over 1NT (15-17) a responder with a six-card minor, no four-card major and 12-14 HCP bid 3NT and stopped
there. Opener's balanced hand holds at least two cards of every suit, so the minor is an eight-card fit or
better, and the long suit adds tricks the high-card count alone does not show: once the suit is set up, the
side has 27-31 HCP and a source of tricks, which is the classic picture of a minor-suit slam (a suit slam
needs fewer high cards than 6NT when a long trump suit provides the tricks). On the development deals, 13 of
16 such hands that stopped in 3NT had twelve tricks in the minor for one of the pair. Now responder jumps to
six of the minor, to play. With 11 HCP, a five-card minor, or a four-card major (Stayman first, then 3NT
without a fit) nothing changes: the same jump after Stayman found no fit won 2 and lost 2 of its 4
development boards.

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GOREN = ("Charles Goren, Point Count Bidding in Contract Bridge (a long suit counts for length as well "
         "as high cards; a suit slam with an assured eight-card fit needs less than 6NT), ")
SAYC = "ACBL SAYC booklet (over 1NT a four-card major goes through Stayman; 3NT is to play), "

CASES = [
    # 12 HCP with six diamonds and a singleton opposite 15-17: six diamonds
    Case(GOREN + "1NT: 6D with 12 HCP and six diamonds", "2.A43.KJT974.KJ2", "1NT P", "6D", ("slam",)),
    # 13 HCP with six clubs: six clubs
    Case(GOREN + "1NT: 6C with 13 HCP and six clubs", "K6.KT6.A2.QJT652", "1NT P", "6C", ("slam",)),
    # only 11 HCP: game
    Case(GOREN + "1NT: 3NT with 11 HCP and six clubs", "AQ.JT8.94.AT6543", "1NT P", "3NT"),
    # a five-card minor: game
    Case(GOREN + "1NT: 3NT with 13 HCP and five diamonds", "K7.Q85.AQJ95.J74", "1NT P", "3NT"),
    # a four-card major: Stayman first
    Case(SAYC + "1NT: 2C Stayman with four hearts and six clubs", "K7.AQ84.5.KJT874", "1NT P", "2C"),
    # 15 HCP on the SAYC card opposite 1NT: no jump to six (3NT, its own range 10-15)
    Case(SAYC + "1NT: 3NT with 15 HCP and six diamonds (SAYC)", "A7.K85.AQJ954.J4", "1NT P", "3NT",
         system="sayc"),
    # a four-card major goes through Stayman; no fit found, the slam is not bid at once (3NT)
    Case(SAYC + "1NT-2C-2D: 3NT with 13 HCP, four spades and six diamonds", "KQT3.K.K65432.QT",
         "1NT P 2C P 2D P", "3NT"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam_n(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"2.A43.KJT974.KJ2": (12, (1, 3, 6, 3)), "K6.KT6.A2.QJT652": (13, (2, 3, 2, 6)),
              "AQ.JT8.94.AT6543": (11, (2, 3, 2, 6)), "K7.Q85.AQJ95.J74": (13, (2, 3, 5, 3)),
              "K7.AQ84.5.KJT874": (13, (2, 4, 1, 6)), "A7.K85.AQJ954.J4": (15, (2, 3, 6, 2)),
              "KQT3.K.K65432.QT": (13, (4, 1, 6, 2))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn


# ------------------------------------------------------------------------------------------------------------
# Notrump slams by count over partner's game sign-off (a later slamN round).
#
# The robots bid 6NT by count (``_slam_first`` in the generators) when the hand and what partner has shown
# reach 31 HCP together with a semibalanced hand (32 with an unbalanced one, no void). Partner is counted at
# his minimum plus a quarter of his range (at most 3): right for an invitation or a forcing bid, whose holder
# may still hold the top of his range. A game bid that closes the auction is different: it says "no slam
# interest" (the principle of fast arrival, Hardy, Two-Over-One Game Force), so its holder is near the bottom
# of what it shows when the range it shows is open (13+, 8+), and the slam needs the values opposite that
# minimum (the quantitative count of the notrump books, e.g. Root, Commonsense Bidding: about 33 together for
# 6NT). A limited sign-off (1m-3NT, 13-17) is counted as before (test_slamU). Before, a 3NT sign-off shown as
# 13+ was counted as 16, so 16-17 HCP unbalanced openers bid 6NT on 29-30 together (1C-1D-1H-3NT-6NT,
# 1C-1H-1S-4H-6NT), and a jump-shifter with 21 opposite 3NT (8+) bid 6NT on 29.
#
# Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.

FAST = ("Fast arrival (Hardy, Two-Over-One Game Force: a game bid that closes the auction denies extra "
        "values; partner goes on only with slam values opposite its minimum), ")
QUANT = "Quantitative notrump (Root, Commonsense Bidding: 33 HCP together for 6NT, 31-32 to invite), "

SIGNOFF_CASES = [
    # 16 HCP 1-5-1-6 opposite 1D then a 3NT sign-off (13+, really 13-15): 29-31 together: pass
    Case(FAST + "1C-1D-1H-3NT: opener passes with 16 unbalanced", "Q.KT973.J.AKQJ64",
         "1C P 1D P 1H P 3NT P", "P", ()),
    # 17 HCP 4-1-3-5 opposite responder's 4H sign-off (13+): 30 together at most likely: pass
    Case(FAST + "1C-1H-1S-4H: opener passes with 17", "K743.8.KQ7.AKQ32", "1C P 1H P 1S P 4H P", "P", ()),
    # 21 HCP 4-1-5-3 after a jump shift: partner's 3NT (8+) signs off: 29 together: pass
    Case(FAST + "1D-1H-2S-3NT: the jump shifter passes with 21", "AJ76.A.AKJ53.A92",
         "1D P 1H P 2S P 3NT P", "P", ()),
    # 26 HCP 4-1-5-3: 34 together opposite the minimum: 6NT still
    Case(FAST + QUANT + "1D-1H-2S-3NT: 6NT with 26", "AKQ6.A.AKQJ5.K92", "1D P 1H P 2S P 3NT P", "6NT",
         ("slam",)),
    # an invitation is counted as before: 2NT (18-19) opposite 13 HCP 4-3-3-3 is 31-32: 6NT
    Case(QUANT + "1C-1S-2NT: responder's 6NT with 13 balanced", "AQ54.KJ3.Q32.J54", "1C P 1S P 2NT P", "6NT",
         ("slam",)),
]


@pytest.mark.parametrize("case", SIGNOFF_CASES, ids=[c.id for c in SIGNOFF_CASES])
def test_notrump_slam_over_signoff(case: Case) -> None:
    check(case)


def test_signoff_noted_counts() -> None:
    """The HCP and lengths noted beside the hands above."""
    for hand, hcp, shape in [("Q.KT973.J.AKQJ64", 16, (1, 5, 1, 6)), ("K743.8.KQ7.AKQ32", 17, (4, 1, 3, 5)),
                             ("AJ76.A.AKJ53.A92", 21, (4, 1, 5, 3)), ("AKQ6.A.AKQJ5.K92", 26, (4, 1, 5, 3)),
                             ("AQ54.KJ3.Q32.J54", 13, (4, 3, 3, 3))]:
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, tuple(cards.shape)) == (hcp, shape), hand
