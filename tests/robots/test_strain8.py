"""Textbook cases for the strain of game in uncontested auctions (issue 11, helper strain8).

1. Opener's jump shift after the 1NT response (1S-1NT-3H, game forcing, five spades and four or five hearts):
   responder shows a major fit before notrump. Four hearts raise hearts, three spades raise spades, and a
   doubleton spade gives preference (3S), after which opener with five-five plays 4S and with 5-4 and the
   minors stopped 3NT (seed 38: 1S-1NT-3H-3NT with 5-5 opposite 2-2 took eight tricks, 4S ten). Over a
   minor jump shift (1S-1NT-3C) the doubleton still bids 3NT.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import meaning_of
from tenace.system.bidding.systems import builtin

from .textbook._harness import Case, check

ROOT = ("William Root, Commonsense Bidding (after opener's jump shift responder shows support for a major "
        "first, and with a doubleton gives preference to opener's first suit), ")

CASES = [
    # 6 HCP 2-2-4-5: preference to spades
    Case(ROOT + "1S-1NT-3H: 3S with a doubleton spade", "52.54.J973.KQ642", "1S P 1NT P 3H P", "3S",
         ("preference",)),
    # 7 HCP 2-3-4-4, over a minor jump shift: no preference, 3NT
    Case(ROOT + "1S-1NT-3C: 3NT with a doubleton spade", "52.KJ4.J973.Q642", "1S P 1NT P 3C P", "3NT"),
    # 6 HCP 3-2-3-5: game in spades
    Case(ROOT + "1S-1NT-3H: 4S with three spades", "532.54.J97.KQ642", "1S P 1NT P 3H P", "4S", ("3+♠",)),
    # 6 HCP 1-4-4-4: game in hearts
    Case(ROOT + "1S-1NT-3H: 4H with four hearts", "5.5432.J973.KQ64", "1S P 1NT P 3H P", "4H", ("4+♥",)),
    # 18 HCP 5-5-1-2: five-five plays the major
    Case(ROOT + "1S-1NT-3H-3S: 4S with five-five", "KJT64.KQJ98.A.AT", "1S P 1NT P 3H P 3S P", "4S"),
    # 20 HCP 5-4-2-2, both minors stopped: 3NT
    Case(ROOT + "1S-1NT-3H-3S: 3NT with 5-4 and the minors stopped", "AKJ64.KQJ8.K2.K2",
         "1S P 1NT P 3H P 3S P", "3NT"),
    # 18 HCP 5-4-2-2, two small diamonds: 4S
    Case(ROOT + "1S-1NT-3H-3S: 4S with diamonds unstopped", "AKJ64.KQJ8.32.A2", "1S P 1NT P 3H P 3S P",
         "4S"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_strain8(case: Case) -> None:
    check(case)


def test_the_preference_shows_two_spades() -> None:
    """Root: the preference to opener's first suit after his jump shift promises two cards of it."""
    calls = [parse_call(c) for c in "1S P 1NT P 3H P 3S".split()]
    meaning = meaning_of(calls, len(calls) - 1, builtin("two-over-one"), dealer=Seat.NORTH,
                         vulnerability="None")
    assert meaning.facts.lengths[3][0] >= 2


def test_the_noted_counts() -> None:
    counts = {"52.KJ4.J973.Q642": (7, (2, 3, 4, 4)), "52.54.J973.KQ642": (6, (2, 2, 4, 5)),
              "532.54.J97.KQ642": (6, (3, 2, 3, 5)),
              "5.5432.J973.KQ64": (6, (1, 4, 4, 4)), "KJT64.KQJ98.A.AT": (18, (5, 5, 1, 2)),
              "AKJ64.KQJ8.K2.K2": (20, (5, 4, 2, 2)), "AKJ64.KQJ8.32.A2": (18, (5, 4, 2, 2))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
