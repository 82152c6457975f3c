"""Textbook cases for slams the robots missed by stopping in game (issue 11, helper slamsM).

1. Texas, then RKCB: after 1NT-4D-4H (or 1NT-4H-4S) a six-card major with a singleton or void, or a seventh
   card, is worth about three points more than its HCP once the fit is known, so 12-14 HCP opposite 15-17
   asks for keycards; a flat 6-3-2-2 with the same HCP still passes. Likewise with 8-10 opposite a 2NT
   opening. (The audit of the development seeds: with a singleton or void, RKCB instead of the pass won in
   11 of the 13 trials that changed the score; with 6-3-2-2 it lost in 3 of 4.)
2. Opposite opener's 2NT rebid (18-19 balanced, so two or more of responder's suit) a six-card major and 11+
   HCP make about 29 HCP together with an eight-card fit and the long suit's tricks: responder places the
   contract in six of the major rather than four (the audit: six of the major instead of four won on all
   five such hands with 11+ HCP, and on four of six with less, which still bid game).

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR_TEXAS = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (after a Texas transfer is completed, "
                "4NT by responder is keycard for his major; shortness and length make a slam try of a "
                "modest hand), ")
ROOT = ("William Root, Commonsense Bidding (over opener's 2NT rebid showing 18-19 responder knows the "
        "combined values and places the contract; a six-card major opposite two or more is the trump suit), ")

CASES = [
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
    counts = {"KJ.AJ98743.2.K85": (12, (2, 7, 1, 3)),
              "AJ9643.9.KJ4.K76": (12, (6, 1, 3, 3)), "K72.AJ9532.Q9.KT": (13, (3, 6, 2, 2)),
              "KQJ9763.KT74.T8.": (9, (7, 4, 2, 0)),
              "KQ9.K98754.K.T92": (11, (3, 6, 1, 3)), "AJ8765.K64.A9.92": (12, (6, 3, 2, 2)),
              "T4.AQJ876.K9.982": (10, (2, 6, 2, 3))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
