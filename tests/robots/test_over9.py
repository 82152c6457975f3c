"""Textbook cases for games bid that fail in uncontested auctions (issue 11, helper over9).

1. Opener's jump rebid of 2NT (1m-1y-2NT, 18-19 balanced) and responder's long minor. A weak responding hand
   with five diamonds bid 3D (forcing) and opener then bid 3NT anyway; three such 3NTs failed on seeds 23, 24
   and 27 (1C-1D-2NT-3D-3NT with 6-8 HCP). Standard American practice: opposite 18-19 a responder with game
   values and no major to show bids 3NT at once (or passes 2NT with a bare minimum); a rebid of a minor at
   the three level bypasses 3NT, so it shows six cards and slam interest. Responder's five-card major keeps
   its forcing 3y rebid, which asks opener for three-card support (1C-1H-2NT-3H). Opener with 19 HCP and two
   diamonds opposite the six-card 3D asks for keycards (tests/robots/textbook/test_judgement.py).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import meaning_of
from tenace.system.bidding.systems import builtin

from .textbook._harness import Case, check

SA = ("Standard American (opener's 2NT rebid shows 18-19 balanced; responder with game values and no "
      "major to show bids 3NT; three of his minor goes past 3NT and shows a long suit with slam interest), ")

CASES = [
    # 8 HCP 2-2-5-4 (seed 23 board 262): 3NT, not 3D
    Case(SA + "1C-1D-2NT: 3NT with five diamonds and 8 HCP", "A5.QT.J6432.JT64", "1C P 1D P 2NT P", "3NT"),
    # 11 HCP 1-3-6-3: six diamonds, short of slam interest: 3NT
    Case(SA + "1C-1D-2NT: 3NT with six diamonds and 11 HCP", "8.T92.AKJ753.K98", "1C P 1D P 2NT P", "3NT"),
    # 12 HCP 2-3-6-2: six diamonds and slam interest: 3D, forcing
    Case(SA + "1C-1D-2NT: 3D with six diamonds and 12 HCP", "K8.J92.AKJ753.98", "1C P 1D P 2NT P", "3D",
         ("6+♦", "forcing")),
    # 9 HCP 2-5-3-3: a five-card major still rebids itself, asking for support
    Case(SA + "1C-1H-2NT: 3H with five hearts", "K8.KT976.J97.Q98", "1C P 1H P 2NT P", "3H", ("5+♥",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_over9(case: Case) -> None:
    check(case)


def test_the_minor_rebid_shows_six_cards_and_values() -> None:
    """The explanation of 1C-1D-2NT-3D promises what the rule asks: six diamonds and 12 HCP."""
    calls = [parse_call(c) for c in "1C P 1D P 2NT P 3D".split()]
    meaning = meaning_of(calls, len(calls) - 1, builtin("two-over-one"), dealer=Seat.NORTH,
                         vulnerability="None")
    assert meaning.facts.lengths[1][0] >= 6
    assert meaning.facts.hcp_min >= 12


def test_the_noted_counts() -> None:
    counts = {"A5.QT.J6432.JT64": (8, (2, 2, 5, 4)), "8.T92.AKJ753.K98": (11, (1, 3, 6, 3)),
              "K8.J92.AKJ753.98": (12, (2, 3, 6, 2)), "K8.KT976.J97.Q98": (9, (2, 5, 3, 3))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
