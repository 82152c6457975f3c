"""Textbook cases for a minor-suit slam after opener rebids his minor (issue 11, helper minorM).

After 1m-1M-3m the opener holds six or more cards of his minor and 14+ HCP (about 16 on average). Before this
round the responder asked for keycards there only on the general count (support points 30+ with what the
opener showed, a control in every unbid suit), so with 12-14 HCP and a fit he bid 3NT, and the slam in the
minor was missed. Over all uncontested game contracts with a nine-card minor fit, twelve tricks in the minor
came in more often than not at 28 HCP together and in most deals at 29. The jump rebid and 12 HCP make about
28, so with three cards of the minor (a nine-card fit) and 12+ HCP the responder asks (4NT, RKCB 1430 in the
minor); with two cards (eight together) he asks with 13+. He needs two keycards himself (opposite 14+ HCP the
answers then seldom leave the side above five of the minor with two missing) but no control of the unbid
suits. After a minimum rebid (1m-1M-2m, or 1m-2m-3m) the opener holds 10-14 HCP: there three cards and 16+ HCP
(about 28 together) ask with a control of each unbid suit as before, but now with two keycards in clubs as in
diamonds (before, clubs wanted three); with less the responder bids as before.

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet
from tenace.system.bidding.hand import HandInfo

from .textbook._harness import Case, check

KANTAR = ("Eddie Kantar, Roman Keycard Blackwood (a minor agreed by a jump rebid and a fitting hand: ask for "
          "keycards before committing to 3NT), ")
GOREN = ("Charles Goren, Point Count Bidding (a long trump suit and a fit make slam with fewer than the 33 "
         "points a notrump slam needs), ")

CASES = [
    # three diamonds and 12 HCP opposite the jump rebid: a nine-card fit, about 28 HCP together
    Case(KANTAR + "1D-1H-3D-?: 4NT with three diamonds and 12 HCP", "A5.Q9864.K72.K43", "1D P 1H P 3D P",
         "4NT", ("keycard",)),
    # two diamonds and 14 HCP: an eight-card fit wants a point more than three cards do
    Case(GOREN + "1D-1H-3D-?: 4NT with two diamonds and 14 HCP", "AQJ3.J964.43.AQ8", "1D P 1H P 3D P",
         "4NT", ("keycard",)),
    # the same in clubs, with four of them and two keycards
    Case(KANTAR + "1C-1H-3C-?: 4NT with four clubs and 12 HCP", "A5.Q9864.K7.K432", "1C P 1H P 3C P",
         "4NT", ("keycard",)),
    # two clubs and 12 HCP: an eight-card fit on about 28 HCP is short of a slam, game in notrump
    Case(GOREN + "1C-1S-3C-?: 3NT with two clubs and 12 HCP", "A963.QT7.AQ85.T4", "1C P 1S P 3C P", "3NT",
         ("game",)),
    # after the minimum rebid, three clubs and 16 HCP: a nine-card fit on about 28 together; the ask no
    # longer waits for three keycards in clubs
    Case(KANTAR + "1C-1H-2C-?: 4NT with three clubs and 16 HCP", "KJ9.K763.AT4.AJ4", "1C P 1H P 2C P", "4NT",
         ("keycard",)),
    # 15 HCP and three diamonds opposite the minimum: 27 together, game in notrump
    Case(GOREN + "1D-1H-2D-?: 3NT with three diamonds and 15 HCP", "KJ9.K763.AJ4.QJ4", "1D P 1H P 2D P",
         "3NT", ("game",)),
    # after a minimum rebid (12-14 HCP) the same 12 HCP only invite
    Case(GOREN + "1D-1H-2D-?: 2NT, not a slam try, opposite the minimum rebid", "A5.Q9864.K72.K43",
         "1D P 1H P 2D P", "2NT", ("invite",)),
    # the opener answers the ask in his minor: the ace and king of diamonds, no queen
    Case(KANTAR + "1D-1H-3D-4NT: 5H, two keycards without the queen", "K7.Q2.AKJ865.KJ4",
         "1D P 1H P 3D P 4NT P", "5H", ("two keycards",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_minor_m(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"A5.Q9864.K72.K43": (12, (2, 5, 3, 3)), "AQJ3.J964.43.AQ8": (14, (4, 4, 2, 3)),
              "A5.Q9864.K7.K432": (12, (2, 5, 2, 4)), "A963.QT7.AQ85.T4": (12, (4, 3, 4, 2)),
              "K7.Q2.AKJ865.KJ4": (17, (2, 2, 6, 3)), "KJ9.K763.AT4.AJ4": (16, (3, 4, 3, 3)),
              "KJ9.K763.AJ4.QJ4": (15, (3, 4, 3, 3))}
    for pbn, (hcp, shape) in counts.items():
        hand = HandInfo.of(CardSet.from_pbn(pbn))
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
