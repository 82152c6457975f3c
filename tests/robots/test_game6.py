"""Textbook cases for games and partscores in uncontested auctions (issue 11, helper game6).

1. Drury: a passed hand's 2C over partner's major is artificial (it asks about the opening and shows a fit),
   and opener's rebids after it read it so (``[1M P 2C P]``: 4M with 14+). The 2/1 card also let a passed
   hand bid a natural 2C with six good clubs, so opener bid game in his major opposite a void (seed 23
   board 215, 4H two down where five of a minor made). A passed hand with long clubs now responds 1NT;
   a natural passed-hand two-level response stays for diamonds and hearts.
2. Responses to 1D in two over one: 2C promises game values (12+ HCP), 1NT 6-10, 2NT 11-12 balanced, so an
   11-count with six clubs and no major had no call and passed the opening (seed 23 board 368: 1D passed out
   with 29 HCP together). Now a semibalanced 11-12 invites with 2NT and any other 11 bids 1NT.
3. The losing trick count after a transfer: a seven-loser hand opposite a 1NT opening (about seven losers
   itself) makes ten tricks, 24 - (7 + 7), so a seven-card major bids game at once over the transfer's
   completion with 6-9 HCP (seed 23 board 330: 1NT-2D-2H passed with AKT9753 and seven losers). A six-card
   major with 8-9 HCP still invites, as the SAYC booklet has it (tests/robots/textbook/test_notrump.py).
4. Dummy points when raising opener's second suit: a singleton counts three, a doubleton one (support
   points), so 9 HCP with four trumps and a singleton (12 support points) invites with a jump raise
   (seed 23 board 54: 1C-1H-1S-2S, twelve tricks in spades). Twelve support points are asked, so that 10 HCP
   and a doubleton (11) still raise to two (seed 24 board 62: 4S one down).
5. Forcing to game with the opponents silent, 3NT names the unbid suits stopped (the ``principles`` generator
   asked stoppers only in the opponents' suits): 1H-2D-3D with three small spades bid 3NT and went down
   where five diamonds made (seed 23 board 72); with a minor fit and a suit unstopped, five of the minor.

Every hand's HCP, shape and losers were computed (CardSet.from_pbn(h).hcp, .shape, HandInfo.of(...).losers)
and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet
from tenace.system.bidding.engine import HandInfo

from .textbook._harness import Case, check

DRURY = ("Drury (ACBL convention descriptions: a passed hand's 2C response to a major opening is "
         "artificial and shows support with limit-raise values), ")
TWO_OVER_ONE = ("Max Hardy, Two-Over-One Game Force (1D-2C forces to game; the 2NT response to a minor "
                "invites with 11-12), ")
KLINGER = ("Ron Klinger, The Modern Losing Trick Count (tricks = 24 minus both hands' losers; a 15-17 "
           "notrump holds about seven), ")
HARDY_GF = ("Max Hardy, Two-Over-One Game Force (in a game-forcing auction 3NT shows the unbid suits "
            "stopped), ")
GOREN = "Charles Goren, Point Count Bidding (dummy points: void 5, singleton 3, doubleton 1 when raising), "

CASES = [
    # 9 HCP 2-0-5-6, a passed hand: not 2C, which is Drury
    Case(DRURY + "P-P-1H-P: 1NT with six clubs and a heart void", "53..KQ643.KJT875", "P P 1H P", "1NT",
         ("not forcing",)),
    # 9 HCP 2-4-4-3, a passed hand with four hearts: Drury
    Case(DRURY + "P-P-1H-P: 2C with four hearts and 9 HCP", "K7.Q853.J942.K53", "P P 1H P", "2C",
         ("drury",)),
    # 9 HCP 2-2-6-3, a passed hand with six good diamonds: the natural two-level response stays
    Case(DRURY + "P-P-1S-P: 2D with six good diamonds", "72.Q4.AQJ974.853", "P P 1S P", "2D"),
    # 11 HCP 2-2-3-6: too little for the game-forcing 2C
    Case(TWO_OVER_ONE + "1D-P: 2NT with 11 HCP and six clubs", "76.J3.T64.AKQJ75", "1D P", "2NT",
         ("invit",)),
    # 12 HCP 2-2-3-6: the two over one
    Case(TWO_OVER_ONE + "1D-P: 2C with 12 HCP and six clubs", "Q5.J3.K64.AQ9752", "1D P", "2C"),
    # 7 HCP 3-7-2-1, seven losers
    Case(KLINGER + "1NT-2D-2H: 4H with seven hearts and seven losers", "753.AKT9753.62.5", "1NT P 2D P 2H P",
         "4H", ("game",)),
    # 8 HCP 7-3-2-1, seven losers
    Case(KLINGER + "1NT-2H-2S: 4S with seven spades and seven losers", "AKJ9753.753.62.5", "1NT P 2H P 2S P",
         "4S", ("game",)),
    # 9 HCP 2-6-3-2, eight losers: still the invitation
    Case(KLINGER + "1NT-2D-2H: 3H with six hearts and eight losers", "75.AQ9753.J62.Q5", "1NT P 2D P 2H P",
         "3H", ("invit",)),
    # 9 HCP 4-5-1-3: 12 support points
    Case(GOREN + "1C-1H-1S: 3S with four spades and a singleton", "QT65.AQT73.8.J53", "1C P 1H P 1S P", "3S",
         ("invitational",)),
    # 10 HCP 4-4-3-2: 11 support points, the simple raise
    Case(GOREN + "1C-1H-1S: 2S with 10 HCP and one doubleton", "K762.AJ32.J94.J3", "1C P 1H P 1S P", "2S",
         ("raise",)),
    # 12 HCP 3-2-5-3, three small spades: no 3NT
    Case(HARDY_GF + "1H-2D-3D: 5D with the spades unstopped", "865.QJ.T9874.AKQ", "1H P 2D P 3D P", "5D",
         ("game",)),
    # 15 HCP 3-2-5-3, both black suits stopped: 3NT
    Case(HARDY_GF + "1H-2D-3D: 3NT with the black suits stopped", "K65.QJ.T9874.AKQ", "1H P 2D P 3D P",
         "3NT", ("game",)),
    # 9 HCP 4-4-3-2: 10 support points, the simple raise
    Case(GOREN + "1C-1H-1S: 2S with four spades and one doubleton", "QT65.AQT7.863.J5", "1C P 1H P 1S P",
         "2S", ("raise",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_game6(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"53..KQ643.KJT875": (9, (2, 0, 5, 6)), "K7.Q853.J942.K53": (9, (2, 4, 4, 3)),
              "72.Q4.AQJ974.853": (9, (2, 2, 6, 3)), "76.J3.T64.AKQJ75": (11, (2, 2, 3, 6)),
              "Q5.J3.K64.AQ9752": (12, (2, 2, 3, 6)), "QT65.AQT73.8.J53": (9, (4, 5, 1, 3)),
              "QT65.AQT7.863.J5": (9, (4, 4, 3, 2)),
              "K762.AJ32.J94.J3": (10, (4, 4, 3, 2)), "865.QJ.T9874.AKQ": (12, (3, 2, 5, 3)),
              "K65.QJ.T9874.AKQ": (15, (3, 2, 5, 3))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
    losers = {"753.AKT9753.62.5": 7, "AKJ9753.753.62.5": 7, "75.AQ9753.J62.Q5": 8}
    for hand, count in losers.items():
        assert HandInfo.of(CardSet.from_pbn(hand)).losers == count, hand
