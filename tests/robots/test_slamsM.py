"""Textbook cases for slams the robots missed by stopping in game (issue 11, helper slamsM).

1. A long minor runs in notrump. When partner opened a minor and rebid it (six cards, as a rule), a
   balanced hand (two or more of it) counts his suit's length as tricks: 6NT is bid on about 29 HCP
   together rather than the 31-33 a notrump slam asks on high cards alone. The audit of the development
   seeds found responder's 3NT over 1m-1M-2m with 17-18 HCP lost 11-13 IMPs each time 6NT made (8 of 8
   trials); the 1m-1M-3m jump rebid (15-17) with 14 HCP is the same count.
2. Texas, then RKCB: after 1NT-4D-4H (or 1NT-4H-4S) a six-card major with a singleton or void, or a seventh
   card, is worth about three points more than its HCP once the fit is known, so 12-14 HCP opposite 15-17
   asks for keycards; a flat 6-3-2-2 with the same HCP still passes. Likewise with 8-10 opposite a 2NT
   opening.
3. Opposite opener's 2NT rebid (18-19 balanced, so two or more of responder's suit) a six-card major and 11+
   HCP make about 29 HCP together with an eight-card fit and the long suit's tricks: responder places the
   contract in six of the major rather than four (the audit: 9 of 11 such 6M trials won).

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR_NT = ("Eddie Kantar, Slam Bidding Made Easier (a notrump slam wants about 33 HCP together, fewer when "
             "one hand holds a long running suit: count its length as tricks), ")
KANTAR_TEXAS = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (after a Texas transfer is completed, "
                "4NT by responder is keycard for his major; shortness and length make a slam try of a "
                "modest hand), ")
ROOT = ("William Root, Commonsense Bidding (over opener's 2NT rebid showing 18-19 responder knows the "
        "combined values and places the contract; a six-card major opposite two or more is the trump suit), ")

CASES = [
    # 17 HCP 5-3-3-2 opposite 1D-1S-2D (six diamonds): 6NT
    Case(KANTAR_NT + "1D-1S-2D: 6NT with 17 HCP and a doubleton diamond", "AKQJ5.A82.K62.73",
         "1D P 1S P 2D P", "6NT", ("slam",)),
    # 17 HCP 4-4-3-2 opposite 1C-1H-2C (six clubs): 6NT
    Case(KANTAR_NT + "1C-1H-2C: 6NT with 17 HCP and a doubleton club", "A873.QT97.AKQ.Q4",
         "1C P 1H P 2C P", "6NT", ("slam",)),
    # 14 HCP 5-3-2-3 opposite the jump rebid 1D-1S-3D (15-17, six diamonds): 6NT
    Case(KANTAR_NT + "1D-1S-3D: 6NT with 14 HCP opposite the jump rebid", "AJ875.KQ6.A6.964",
         "1D P 1S P 3D P", "6NT", ("slam",)),
    # 16 HCP 4-2-3-4: 28 together, game only
    Case(KANTAR_NT + "1D-1S-2D: 3NT with 16 HCP", "AT86.A3.AK5.J732", "1D P 1S P 2D P", "3NT"),
    # 17 HCP 5-3-1-4, a singleton diamond: the long suit need not run, no 6NT
    Case(KANTAR_NT + "1D-1S-2D: no 6NT with a singleton in opener's suit", "AKJ52.AQ3.4.K852",
         "1D P 1S P 2D P", "3NT"),
    # 17 HCP 2-6-3-2, a six-card major of one's own: not balanced, so game (as before: 4H)
    Case(KANTAR_NT + "1C-1H-2C: no 6NT with a six-card major of one's own", "A5.AKQ976.J97.K3",
         "1C P 1H P 2C P", "4H"),
    # 12 HCP 2-7-1-3 after Texas: RKCB
    Case(KANTAR_TEXAS + "1NT-4D-4H: 4NT with 12 HCP, seven hearts and a singleton", "KJ.AJ98743.2.K85",
         "1NT P 4D P 4H P", "4NT", ("keycard",)),
    # 12 HCP 6-1-3-3 after Texas: RKCB
    Case(KANTAR_TEXAS + "1NT-4H-4S: 4NT with 12 HCP, six spades and a singleton", "AJ9643.9.KJ4.K76",
         "1NT P 4H P 4S P", "4NT", ("keycard",)),
    # 13 HCP 3-6-2-2 after Texas: flat, pass
    Case(KANTAR_TEXAS + "1NT-4D-4H: pass with 13 HCP and a flat 6-3-2-2", "K72.AJ9532.Q9.KT",
         "1NT P 4D P 4H P", "P"),
    # 9 HCP 7-4-2-0 opposite 2NT after Texas: RKCB
    Case(KANTAR_TEXAS + "2NT-4H-4S: 4NT with 9 HCP, seven spades and a void", "KQJ9763.KT74.T8.",
         "2NT P 4H P 4S P", "4NT", ("keycard",)),
    # 11 HCP 3-6-1-3 opposite 1D-1H-2NT: 6H
    Case(ROOT + "1D-1H-2NT: 6H with 11 HCP and six hearts", "KQ9.K98754.K.T92", "1D P 1H P 2NT P", "6H",
         ("slam",)),
    # 12 HCP 6-3-2-2 opposite 1H-1S-2NT: 6S
    Case(ROOT + "1H-1S-2NT: 6S with 12 HCP and six spades", "AJ8765.K64.A9.92", "1H P 1S P 2NT P", "6S",
         ("slam",)),
    # 10 HCP 2-6-2-3: game only
    Case(ROOT + "1D-1H-2NT: 4H with 10 HCP and six hearts", "T4.AQJ876.K9.982", "1D P 1H P 2NT P", "4H"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slams_m(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AKQJ5.A82.K62.73": (17, (5, 3, 3, 2)), "A873.QT97.AKQ.Q4": (17, (4, 4, 3, 2)),
              "AJ875.KQ6.A6.964": (14, (5, 3, 2, 3)), "AT86.A3.AK5.J732": (16, (4, 2, 3, 4)),
              "AKJ52.AQ3.4.K852": (17, (5, 3, 1, 4)),
              "A5.AKQ976.J97.K3": (17, (2, 6, 3, 2)), "KJ.AJ98743.2.K85": (12, (2, 7, 1, 3)),
              "AJ9643.9.KJ4.K76": (12, (6, 1, 3, 3)), "K72.AJ9532.Q9.KT": (13, (3, 6, 2, 2)),
              "KQJ9763.KT74.T8.": (9, (7, 4, 2, 0)),
              "KQ9.K98754.K.T92": (11, (3, 6, 1, 3)), "AJ8765.K64.A9.92": (12, (6, 3, 2, 2)),
              "T4.AQJ876.K9.982": (10, (2, 6, 2, 3))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
