"""Textbook cases for the strain of game in uncontested auctions (issue 11, helper strain8).

1. A forced 3NT names the unbid suits as stopped. game6 made the semibalanced 3NT of a game-forcing auction
   ask for stoppers in the suits nobody bid; the same holds one round earlier, when partner's reverse or new
   suit forces one round. Without the stopper the hand looks for a fit or rebids its long suit
   (seed 39: 1D-1NT-2S-3NT with three small hearts, down where 5D made; 1H-1S-2H-3D-3NT with two small
   clubs, down where 3H was the limit).
2. Opener's jump shift after the 1NT response (1S-1NT-3H, game forcing, five spades and four or five hearts):
   responder shows a major fit before notrump. Four hearts raise hearts, three spades raise spades, and a
   doubleton spade gives preference (3S), after which opener with five-five plays 4S and with 5-4 and the
   minors stopped 3NT (seed 38: 1S-1NT-3H-3NT with 5-5 opposite 2-2 took eight tricks, 4S ten).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import meaning_of
from tenace.system.bidding.systems import builtin

from .textbook._harness import Case, check

HARDY = ("Max Hardy, Two-Over-One Game Force (after opener's reverse, responder's 3NT shows the unbid suit "
         "stopped; without it he supports opener's first suit), ")
GOREN = ("Charles Goren, Point Count Bidding (over responder's forcing new suit, opener without a stopper "
         "in the unbid suit rebids his six-card suit rather than bid notrump), ")
ROOT = ("William Root, Commonsense Bidding (after opener's jump shift responder shows support for a major "
        "first, and with a doubleton gives preference to opener's first suit), ")

CASES = [
    # 8 HCP 3-3-3-4, three small hearts: the diamond game
    Case(HARDY + "1D-1NT-2S: 5D, not 3NT, with hearts unstopped", "A97.743.964.AT87", "1D P 1NT P 2S P",
         "5D", ("3+♦",)),
    # 12 HCP 3-3-3-4, the heart ace: 3NT
    Case(HARDY + "1D-1NT-2S: 3NT with hearts stopped", "A97.A43.964.AT87", "1D P 1NT P 2S P", "3NT"),
    # 11 HCP 2-6-3-2, two small clubs: 3H
    Case(GOREN + "1H-1S-2H-3D: 3H with clubs unstopped", "A4.KT8762.AT4.43", "1H P 1S P 2H P 3D P", "3H"),
    # 11 HCP 2-6-3-2, the club ace: 3NT
    Case(GOREN + "1H-1S-2H-3D: 3NT with clubs stopped", "A4.KT8762.T43.A4", "1H P 1S P 2H P 3D P", "3NT"),
    # 6 HCP 2-2-4-5: preference to spades
    Case(ROOT + "1S-1NT-3H: 3S with a doubleton spade", "52.54.J973.KQ642", "1S P 1NT P 3H P", "3S",
         ("preference",)),
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
    counts = {"A97.743.964.AT87": (8, (3, 3, 3, 4)), "A97.A43.964.AT87": (12, (3, 3, 3, 4)),
              "A4.KT8762.AT4.43": (11, (2, 6, 3, 2)), "A4.KT8762.T43.A4": (11, (2, 6, 3, 2)),
              "52.54.J973.KQ642": (6, (2, 2, 4, 5)), "532.54.J97.KQ642": (6, (3, 2, 3, 5)),
              "5.5432.J973.KQ64": (6, (1, 4, 4, 4)), "KJT64.KQJ98.A.AT": (18, (5, 5, 1, 2)),
              "AKJ64.KQJ8.K2.K2": (20, (5, 4, 2, 2)), "AKJ64.KQJ8.32.A2": (18, (5, 4, 2, 2))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
