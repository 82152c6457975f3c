"""Textbook cases: the 2/1 card's ``competition`` generator (tenace.system.bidding.competition).

Entering an auction the opponents have bid on while our side only passed (an overcall after they raised, a
takeout double of their two suits, balancing when they stop low in a fit and not when they are in a misfit),
not inviting after partner passed our partscore and they balanced (the law of total tricks decides), and the
sacrifice over their game at favourable vulnerability. Every hand was counted with ``CardSet.from_pbn`` (HCP
and shape in the comment). The dealer is North, so an auction ``1D P 3D`` is the left-hand opponent's 1D and
his partner's raise.
"""

from __future__ import annotations

import pytest

from ._harness import Case, check

LAWRENCE = "Mike Lawrence, The Complete Book on Overcalls in Contract Bridge, "
LAWRENCE_TO = "Mike Lawrence, The Complete Book on Takeout Doubles, "
LAWRENCE_BAL = "Mike Lawrence, The Complete Book on Balancing in Contract Bridge, "
COHEN = "Larry Cohen, To Bid or Not to Bid (the Law of total tricks), "

CASES = [
    # 17 HCP, seven solid hearts: after 1D and a raise, overcall at the three level
    Case(LAWRENCE + "a good suit still comes in after they raise", "K76.AKQJT93.T.A5", "1D P 3D", "3H",
         ("overcall", "♥")),
    # 14 HCP, six hearts to the king-jack, vulnerable: over the raised weak two
    Case(LAWRENCE + "over a raised weak two, a six-card suit and opening values", "A8.KJ8753.AJ8.J3",
         "2D P 3D", "3H", ("overcall",), vul="EW"),
    # 12 HCP, 1-4-4-4: they bid spades and clubs; the double shows the red suits
    Case(LAWRENCE_TO + "after opener and responder bid two suits, the double shows the other two",
         "5.AQ74.KJ83.Q972", "1S P 2C", "X", ("takeout", "12+")),
    # 9 HCP, 1-4-4-4 in the passout seat: they found a spade fit and stopped at two
    Case(LAWRENCE_BAL + "they found a fit and stopped at the two level: balance with shortness",
         "8.KJ74.Q983.KT52", "1D P 1S P 2S P P", "X", ("takeout", "9+")),
    # 9 HCP, five good spades in the passout seat after a raise to two
    Case(LAWRENCE_BAL + "balancing overcall after their raise to two", "KQJ94.52.K83.762",
         "1C P 1H P 2H P P", "2S", ("overcall", "5+♠")),
    # 10 HCP, 4-4-1-4: they are in a misfit (1S, 1NT, 2D): no light balance
    Case(LAWRENCE_BAL + "do not balance when they have not found a fit", "KJ84.Q974.5.QJ52",
         "1S P 1NT P 2D P P", "P", ("pass",)),
    # 13 HCP, the same shape: with full values the double is still right
    Case(LAWRENCE_BAL + "with opening values a takeout double of their misfit is still sound",
         "KJ84.Q974.5.AQJ2", "1S P 1NT P 2D P P", "X", ("takeout", "12+")),
    # opener, 14 HCP with four spades: 1C 1S 2S, partner passed, they balanced with a double
    Case(COHEN + "eight trumps: the two level; partner passed the raise, so pass the balancing double",
         "KQT4.8753.32.AKQ", "1C P 1S P 2S P P X", "P", ("pass",)),
    # opener, 14 HCP with six spades: nine trumps with partner's raise
    Case(COHEN + "nine trumps: compete to the three level over their balancing double",
         "AKJ976.K84.A5.82", "1S P 2S P P X", "3S", ("combined trumps",)),
    # 5 HCP, four spades opposite partner's weak two (six): ten trumps, they bid game
    Case(COHEN + "ten trumps at favourable vulnerability: bid on over their game", "Q874.5.K9632.T42",
         "2S 4H", "4S", ("bidding over their game",), vul="EW"),
    # the same hand at unfavourable vulnerability: 4S is at the level of their game, and one down doubled
    # (200) costs less than their game (420), ten tricks for ten trumps (round ten: the pass this case asked
    # for lost on the development seeds)
    Case(COHEN + "at unfavourable vulnerability ten trumps still bid at the level of their game",
         "Q874.5.K9632.T42", "2S 4H", "4S", ("bidding over their game",), vul="NS"),
    # three spades only (nine trumps) at unfavourable vulnerability: defend
    Case(COHEN + "at unfavourable vulnerability nine trumps defend", "Q87.54.K9632.T42", "2S 4H", "P",
         ("pass",), vul="NS"),
    # opener, 18 HCP 3-3-4-3: partner passed 1D and the fourth hand balanced 1S; the double shows the strong
    # hand, so that partner can bid a suit he was too weak to bid over 1D
    Case(LAWRENCE_BAL + "opener doubles the fourth hand's balancing overcall with 18 or more",
         "AK6.K85.K854.AJ2", "1D P P 1S", "X", ("takeout", "strong hand")),
    # 10 HCP, 4-4-2-3, no long suit and no shortness after 1D P 1H P 2D: pass
    Case(LAWRENCE + "no suit, no shortness: pass over their rebid", "KJ84.Q974.52.AJ2",
         "1D P 1H P 2D", "P", ("pass",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_competition(case: Case) -> None:
    check(case)
