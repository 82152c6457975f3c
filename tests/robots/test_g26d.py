"""Textbook cases: game values in contested auctions the opponents opened (issue 11, g26d).

A side with 26+ HCP stopped below a makeable game on about 1.4 % of the development boards; when the
opponents had opened, most of those auctions had a strong hand on our side that met no rule and passed:
the takeout doubler after partner's forced answer at the three level (over a weak two or a preempt,
directly or in the passout seat), the doubler after a jump answer, a 1NT answer or a free bid over their
preemptive raise, and the partner of a balancing three-level overcall. Partner's answer to a takeout double
was forced and may be nothing, so the doubler with the values for game places the contract himself: 3NT
with their suit stopped, game in partner's major with support or in his own long major, game in partner's
minor with a fit (Marty Bergen and Larry Cohen on the law of total tricks and competitive judgement; Mike
Lawrence, The Complete Book on Balancing; William Root, Commonsense Bidding, on the doubler's rebids; the
cue bid of their preempt forces to game, so the doubler never passes it).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

DOUBLER = ("The takeout doubler's rebid after partner's forced answer (Root, Commonsense Bidding; Lawrence, "
           "The Complete Book on Balancing), ")

CASES = [
    # 20 HCP 4-2-3-4 with the ace of their suit: the reopening double of 2S, partner's 3C: 3NT
    Case(DOUBLER + "2S P P X P 3C P: 3NT with 20 and spades stopped", "AT96.K2.AKQ.A864",
         "2S P P X P 3C P", "3NT", ("18+", "stopper"), dealer="E"),
    # 21 HCP 3-4-2-4 after 2H P P X P 3D: 3NT with hearts stopped
    Case(DOUBLER + "2H P P X P 3D P: 3NT with 21 and hearts stopped", "Q84.AKJ4.AQ.AJ53",
         "2H P P X P 3D P", "3NT", ("stopper",), dealer="S"),
    # 19 HCP 7-4-1-1: the long major plays game, before 3NT on one heart stopper
    Case(DOUBLER + "2H P P X P 3D P: 4S with seven solid spades", "AKQJ876.QT54.A.K",
         "2H P P X P 3D P", "4S", ("5+♠",), dealer="S"),
    # 16 HCP 4-2-3-4: partner may hold nothing: pass
    Case(DOUBLER + "2S P P X P 3C P: a 16-count passes", "AT96.K2.KQ3.A864",
         "2S P P X P 3C P", "P", (), dealer="E"),
    # 21 HCP 3-3-5-2 after the reopening double of 3C and partner's 3S: game in the 5-3 fit (no club stopper)
    Case(DOUBLER + "3C P P X P 3S P: 4S with three spades and 21", "K84.AQJ.AKQ85.Q9",
         "3C P P X P 3S P", "4S", ("raise",), dealer="N"),
    # 19 HCP 3-3-2-5 after their raised weak two and partner's 3S: 3NT with KT of diamonds
    Case(DOUBLER + "2D P 3D X P 3S P: 3NT with 19 and diamonds stopped", "QT8.AK6.KT.AQJ73",
         "2D P 3D X P 3S P", "3NT", ("stopper",), dealer="W"),
    # 16 HCP 3-4-4-2 after partner's jump answer (9-11, four spades): 3NT with clubs stopped
    Case(DOUBLER + "1C X P 2S P: 3NT with 16 and three spades", "852.AK75.AQ94.K6",
         "1C X P 2S P", "3NT", ("stopper",), dealer="E"),
    # 19 HCP 5-4-2-2 after partner's 1NT answer (7-10, a club stopper): 3NT, not 2S
    Case(DOUBLER + "1C X P 1NT P: 3NT with 19", "AKQ52.A952.A5.Q8", "1C X P 1NT P", "3NT", ("18+",),
         dealer="N"),
    # 19 HCP 2-4-4-3 after their preemptive raise to 3S: a second takeout double
    Case(DOUBLER + "1S X 3S P P: double again with 19", "A6.K843.AQ63.AQ9", "1S X 3S P P", "X",
         ("takeout",), dealer="E"),
    # 19 HCP 3-3-5-2 after partner's free 3S over their jump raise: 3NT with hearts stopped
    Case(DOUBLER + "1H X 3H 3S P: 3NT with 19", "A85.AQJ.AQT43.Q5", "1H X 3H 3S P", "3NT", ("stopper",),
         dealer="S"),
    # 16 HCP 4-3-1-5: partner's cue bid of their preempt forces to game: 4S, never a pass
    Case("The cue bid of their preempt forces to game (Root, Commonsense Bidding), 3H X P 4H P: 4S with "
         "four spades", "KQ54.AK5.9.A7542", "3H X P 4H P", "4S", ("natural",), dealer="N"),
    # 12 HCP 4-3-4-2: partner's balancing 3C over 2S (11-16): 3NT with spades stopped
    Case("Advancing a balancing overcall (Lawrence, The Complete Book on Balancing), 2S P P 3C P: 3NT "
         "with 12 and spades stopped", "AK98.942.KJ92.J2", "2S P P 3C P", "3NT", ("stopper",), dealer="E"),
    # the SAYC card shares the defence: the first case
    Case("ACBL SAYC (the takeout doubler's strong rebid), 2S P P X P 3C P: 3NT", "AT96.K2.AKQ.A864",
         "2S P P X P 3C P", "3NT", ("stopper",), dealer="E", system="sayc"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_game_values_when_they_opened(case: Case) -> None:
    check(case)


def test_noted_counts() -> None:
    """The HCP and lengths noted beside the hands above."""
    for hand, hcp, shape in [("AT96.K2.AKQ.A864", 20, (4, 2, 3, 4)), ("Q84.AKJ4.AQ.AJ53", 21, (3, 4, 2, 4)),
                             ("AKQJ876.QT54.A.K", 19, (7, 4, 1, 1)), ("AT96.K2.KQ3.A864", 16, (4, 2, 3, 4)),
                             ("K84.AQJ.AKQ85.Q9", 21, (3, 3, 5, 2)), ("QT8.AK6.KT.AQJ73", 19, (3, 3, 2, 5)),
                             ("852.AK75.AQ94.K6", 16, (3, 4, 4, 2)), ("AKQ52.A952.A5.Q8", 19, (5, 4, 2, 2)),
                             ("A6.K843.AQ63.AQ9", 19, (2, 4, 4, 3)), ("A85.AQJ.AQT43.Q5", 19, (3, 3, 5, 2)),
                             ("KQ54.AK5.9.A7542", 16, (4, 3, 1, 5)), ("AK98.942.KJ92.J2", 12, (4, 3, 4, 2))]:
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, tuple(cards.shape)) == (hcp, shape), hand
