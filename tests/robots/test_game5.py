"""Textbook cases for the game decisions of uncontested auctions (issue 11, helper game5).

1. Opener's jump rebid of a six-card suit (``cards/parts/core.rules``, after a one-level response and after
   1NT) counts length: 17 or more total points (HCP plus one for each card beyond four in a suit) with 14+
   HCP, as the ACBL's medium range of 17-18 points does; it used to ask for 16 HCP, so 15 HCP and seven
   cards rebid the suit at the two level and game was missed (seed 13 board 487).
2. Responder with a good six-card major and game values, after opener's minimum rebid of his own suit
   (1C-1S-2C), bids four of the major before 3NT; a poor six-card suit with the unbid suits stopped still
   bids 3NT.
3. The principles' answer to an invitation (``generators.py``): vulnerable, one point less than the upper
   half of the range shown accepts, never the bottom of the range. At IMPs a vulnerable game that makes
   brings 10 IMPs over the partscore (620 against 170, Law 77's table) and one that fails costs 6 (-100
   against 140), so it pays from about 37.5 %; not vulnerable 6 IMPs against 5, about 45 %.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GRANT = ("Audrey Grant, ACBL Bridge Series, Bidding in the 21st Century (opener's medium hand, 17-18 points "
         "counting length, jumps in a six-card suit), ")
SAYC = "ACBL SAYC booklet (responder's jump to game in his own suit at his second turn is to play), "
IMPS = "IMP odds (Law 77 scores: a vulnerable game pays from about 37.5 %), "

CASES = [
    # 15 HCP 1-7-3-2: 18 total points, an invitational jump rebid
    Case(GRANT + "1H-1S: 3H with 15 HCP and seven hearts", "K.AKJ9742.T83.KJ", "1H P 1S P", "3H",
         ("jump rebid", "invitational")),
    # 14 HCP 7-0-2-4: 17 total points
    Case(GRANT + "1S-1NT: 3S with 14 HCP and seven spades", "AKQ9632..J2.A643", "1S P 1NT P", "3S",
         ("jump rebid", "invitational")),
    # 14 HCP 2-1-3-7: 17 total points
    Case(GRANT + "1C-1D: 3C with 14 HCP and seven clubs", "62.4.A73.AKQJT52", "1C P 1D P", "3C",
         ("jump rebid",)),
    # 14 HCP 3-6-2-2: 16 total points, a minimum rebid
    Case(GRANT + "1H-1S: 2H with 14 HCP and six hearts", "KT4.AK9763.T6.AT", "1H P 1S P", "2H",
         ("minimum",)),
    # 14 HCP 6-4-3-0, AK of spades: game in the major
    Case(SAYC + "1C-1S-2C: 4S with a good six-card suit", "AK9873.A763.K85.", "1C P 1S P 2C P", "4S",
         ("game",)),
    # 13 HCP 6-2-3-2
    Case(SAYC + "1D-1S-2D: 4S with a good six-card suit", "KQJ974.A5.K82.65", "1D P 1S P 2D P", "4S",
         ("game",)),
    # 17 HCP 6-2-3-2, a poor suit, hearts and diamonds stopped: 3NT (with three clubs, a nine-card fit on
    # about 29 together, the hand would ask for keycards in clubs: test_minorM)
    Case(SAYC + "1C-1S-2C: 3NT with a poor six-card suit", "J87653.AK.KQ4.A5", "1C P 1S P 2C P", "3NT",
         ("notrump",)),
]


def _accept(vul: str, call: str) -> Case:
    # 12 HCP 4-3-3-3 after 1C-1H-1S-3S (responder's raise invites game)
    return Case(IMPS + f"1C-1H-1S-3S ({vul} vulnerable): {call} with 12 HCP", "QT64.A98.T65.AQ7",
                "1C P 1H P 1S P 3S P", call, vul=vul)


CASES += [_accept("All", "4S"), _accept("None", "P")]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_game5(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"K.AKJ9742.T83.KJ": (15, (1, 7, 3, 2)), "AKQ9632..J2.A643": (14, (7, 0, 2, 4)),
              "62.4.A73.AKQJT52": (14, (2, 1, 3, 7)), "KT4.AK9763.T6.AT": (14, (3, 6, 2, 2)),
              "AK9873.A763.K85.": (14, (6, 4, 3, 0)), "KQJ974.A5.K82.65": (13, (6, 2, 3, 2)),
              "J87653.AK.KQ4.A5": (17, (6, 2, 3, 2)), "QT64.A98.T65.AQ7": (12, (4, 3, 3, 3))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
