"""Textbook cases: known gaps from the audits, one by one (issue 11, fixG).

(1) A forced rebid of one's own suit shows length. In a forcing auction (partner's new suit in competition,
or a two over one) opener's rebid of his suit at the cheapest level promises five cards or more (six when
it is his first choice); a four-card rebid is no agreement of ours, and a catch-all "longest suit" rule that
allowed one joined the rebids' meaning down to "three or more clubs", so partner never counted the fit
(1C-(1S)-2D-(P)-3C, seed 21 board 853). The catch-all now repeats one's own suit only with five.

(3) Strong hands that passed in a live competitive auction because no rule fitted (an audit of the
development deals, rules only). A takeout doubler with 18-19, a five-four-two-two shape and their suit
stopped passed partner's forced one-level answer: 1NT now takes it. A doubler with 17+ and a five-card suit
passed when responder's new suit came round to him: he bids it. Opener with 18-19 balanced passed after
(X) P (1y): 1NT with their suit stopped, as after an overcall passed round.

(4) Their raise to three passed round to us with the balance of strength: in the pass-out seat, partner having
passed, a double with two or more of their trumps, 10+ HCP and 23+ known together is for penalty (beside the
short-suited takeout double of the same auction: the agreement is either, and partner defends unless he has a
long suit to bid).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

DOUBLER = ("The takeout doubler's later notrump or new suit shows a hand too strong for a direct overcall (a "
           "standard teaching point of takeout doubles; ACBL SAYC System Booklet), ")
OPENER = ("Opener's 1NT rebid in competition with a strong balanced hand and their suit stopped (18-19 when "
          "partner has shown nothing), ")
PENALTY = ("The weaker side's raise to the three level is doubled by the side with the balance of "
           "strength when no fit of its own is known (the defenders' side of the law of total tricks: Cohen, "
           "To Bid or Not to Bid), ")
REBID = ("Opener's rebid of his own suit shows extra length (ACBL SAYC System Booklet, opener's rebids; a "
         "standard teaching point), ")

CASES = [
    # 14 HCP 4-1-2-6: six clubs, no spade stopper: 3C, explained as five or more
    Case(REBID + "1C-(1S)-2D-(P): 3C with six clubs", "AK92.J.86.AQ9642", "P 1C 1S 2D P", "3C",
         ("5+♣",), vul="NS"),
    # partner, 16 HCP 2-3-5-3: three clubs opposite five or more is a fit; game in clubs with no spade stopper
    Case(REBID + "1C-(1S)-2D-(P)-3C-(P): 5C with three clubs and no spade stopper", "J3.QT9.AKQT7.KJ8",
         "P 1C 1S 2D P 3C P", "5C", ("game",), vul="NS"),
    # doubler, 19 HCP 2-5-2-4 after doubling 1H with five of them: 1NT, their suit stopped
    Case(DOUBLER + "(1H)-X-(P)-1S-(P): 1NT with 2-5-2-4 and 19", "84.AKT94.KQ.AKT4", "P 1H X P 1S P", "1NT",
         ("18-19 HCP", "stopper in ♥")),
    # doubler, 21 HCP 4-5-3-1 after (1C)-X-(2D)-P-(P): 2H, not a pass
    Case(DOUBLER + "(1C)-X-(2D)-P-(P): 2H with five hearts and 21", "AKQT.AKQ94.K42.8", "1C X 2D P P", "2H",
         ("5+♥",), dealer="E"),
    # opener, 18 HCP 3-4-3-3 after (X) P (1S): 1NT with the ace of spades
    Case(OPENER + "1C-(X)-P-(1S): 1NT with 18 balanced", "A85.AQ84.K96.AJ9", "P 1C X P 1S", "1NT",
         ("18-19 HCP", "stopper in ♠")),
    # opener, 14 HCP: a minimum passes, as before
    Case(OPENER + "1C-(X)-P-(1S): pass with 14", "A85.AQ84.K96.J92", "P 1C X P 1S", "P", ()),
    # responder, 11 HCP 2-4-3-4 after (P) 1D (1S) X (3S) P (P): two spades, 23+ together: double
    Case(PENALTY + "1D-(1S)-X-(3S)-P-(P): double with two spades and 11", "A4.QJ73.T87.KJ93",
         "P 1D 1S X 3S P P", "X", ("for penalty",), dealer="W"),
    # opener, 12 HCP 2-2-5-4: no long suit to run to; defends
    Case(PENALTY + "1D-(1S)-X-(3S)-P-(P)-X-(P): opener passes", "K2.64.QJ642.AQ42",
         "P 1D 1S X 3S P P X P", "P", (), dealer="W"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fixg(case: Case) -> None:
    check(case)


def test_noted_counts() -> None:
    """The HCP and lengths noted beside the hands above."""
    for hand, hcp, shape in [("AK92.J.86.AQ9642", 14, (4, 1, 2, 6)), ("J3.QT9.AKQT7.KJ8", 16, (2, 3, 5, 3)),
                             ("84.AKT94.KQ.AKT4", 19, (2, 5, 2, 4)), ("AKQT.AKQ94.K42.8", 21, (4, 5, 3, 1)),
                             ("A85.AQ84.K96.AJ9", 18, (3, 4, 3, 3)), ("A85.AQ84.K96.J92", 14, (3, 4, 3, 3)),
                             ("A4.QJ73.T87.KJ93", 11, (2, 4, 3, 4)), ("K2.64.QJ642.AQ42", 12, (2, 2, 5, 4))]:
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, tuple(cards.shape)) == (hcp, shape), hand
