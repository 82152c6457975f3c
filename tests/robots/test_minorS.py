"""Textbook cases for a slam opposite partner's preempt in a minor (issue 11, helper minorS).

Over partner's three of a minor, the two-over-one card asked for keycards (4NT, RKCB 1430 in the minor) only
with three cards of the suit and 19+ HCP; other strong hands bid 3NT. The slams missed there came from
hands rich in aces and kings: a slam opposite a preempt rests on controls (ace 2, king 1; twelve in the
pack) more than on points, since the preempter brings a long suit and little outside it. The new rule asks
with 16+ HCP and seven or more controls and one or two cards of the minor (the answers then tell whether
the preempter's suit is solid enough). With six controls, or with a void in his suit, the hand still bids
as before.

Every hand's HCP, controls and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet
from tenace.system.bidding.hand import HandInfo

from .textbook._harness import Case, check

KANTAR = ("Eddie Kantar, Roman Keycard Blackwood (opposite a preempt, the strong hand asks for keycards once "
          "its own aces and kings cover the side suits), ")
ROOT = ("William Root, Commonsense Bidding (responding to a preempt: count tricks and controls, not points; "
        "the preempter has a long suit and little else), ")

CASES = [
    # 16 HCP, seven controls (three aces and a king), a singleton diamond: 4NT asks for keycards
    Case(KANTAR + "3D-?: 4NT with 16 HCP, seven controls and a singleton diamond", "AK86.AJ4.5.A9632", "3D P",
         "4NT", ("keycard",)),
    # the same in clubs, third seat
    Case(KANTAR + "3C-?: 4NT with 16 HCP, seven controls and a singleton club", "AK86.AJ4.A9632.5",
         "P P 3C P", "4NT", ("keycard",)),
    # six controls (the king of hearts for the ace): no ask, 3NT with the side suits stopped
    Case(ROOT + "3D-?: 3NT, not 4NT, with six controls", "AK86.KQ4.5.AJ632", "3D P", "3NT", ("game",)),
    # the preempter answers the ask in his minor: the ace and king of clubs are two keycards, no queen
    Case(KANTAR + "3C-4NT: 5H, two keycards without the queen", "84.952.7.AKT8652", "3C P 4NT P", "5H",
         ("two keycards",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_minor_s(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AK86.AJ4.5.A9632": (16, 7, (4, 3, 1, 5)), "AK86.AJ4.A9632.5": (16, 7, (4, 3, 5, 1)),
              "AK86.KQ4.5.AJ632": (17, 6, (4, 3, 1, 5)), "84.952.7.AKT8652": (7, 3, (2, 3, 1, 7))}
    for pbn, (hcp, controls, shape) in counts.items():
        hand = HandInfo.of(CardSet.from_pbn(pbn))
        assert hand.hcp == hcp, pbn
        assert hand.controls == controls, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
