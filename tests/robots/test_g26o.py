"""Textbook cases: game reached in contested partscores when our side opened (issue 11, g26o).

A side with 26+ HCP that opened and met an overcall stopped below a makeable game on 78 of the 10,000
development deals (rules only; 56 of them scored less than the game). Two groups are fixed here:

* the cue-bid raise of opener's minor (a limit raise or better): opener with 18+ and no stopper in their suit
  bids the minor game at once (4m invites with 15-17, and responder accepts with 12+, or 11+ and a singleton
  in their suit); after opener's minimum 3m (no stopper) responder with opening values and a singleton or
  void in their suit bids 5m; after opener's minimum 2NT (stopper) responder's 12 with five of the minor is
  enough for 3NT;
* responder's own long suit after a free response in competition: a seven-card suit with four or five losers
  is game by the losing trick count (four of the major, five of the minor), and responder's invitational
  rebid of a six-card suit is a jump to the three level (the simple two-level rebid shows no extra);
* game values (25+ together) with no fit and their suit unstopped: a cue bid of their suit asks partner for a
  stopper (forcing) instead of passing below game, and partner with one bids 3NT.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

CUE = ("Cue-bid raise of opener's minor (a limit raise or better, ACBL SAYC booklet; with no stopper in "
       "their suit in either hand 3NT is out and the minor game the target, Root, 'Commonsense Bidding'), ")
LTC = ("Losing trick count (Klinger, 'The Modern Losing Trick Count': a seven-card suit with four losers "
       "opposite an opening, about seven losers, makes game), ")
ASK = ("Cue bid of their suit in a constructive auction asks for a stopper for 3NT (Root and Pavlicek, "
       "'Modern Bridge Conventions'; a pass would drop game values), ")
JUMP = ("Responder's jump rebid of his own suit (Root, 'Commonsense Bidding': six cards and invitational "
        "values; the simple rebid is weaker), ")

CASES = [
    # opener, 20 HCP 4-1-5-3, a singleton queen in their hearts (no stopper): 5D at once
    Case(CUE + "1D-(1H)-2H-(P): 5D with 20 HCP and no heart stopper", "AK76.Q.A9764.AK7", "1D 1H 2H P",
         "5D", ("game",)),
    # responder, 14 HCP 2-1-5-5: opener's 3D showed a minimum without a heart stopper; a singleton heart: 5D
    Case(CUE + "1D-(1H)-2H-(P)-3D-(P): 5D with 14 HCP and a singleton heart", "J7.4.AT985.AKQT3",
         "1D 1H 2H P 3D P", "5D", ("game",)),
    # responder, 13 HCP 3-2-4-4 with two small hearts: two fast losers in their suit, pass
    Case(CUE + "1D-(1H)-2H-(P)-3D-(P): pass with two small hearts", "KQ4.52.KJ83.A984", "1D 1H 2H P 3D P",
         "P", ()),
    # responder, 12 HCP 2-3-3-5 after opener's 2NT (12-14, a spade stopper): the fifth club makes 3NT
    Case(CUE + "1C-(1S)-2S-(P)-2NT-(P): 3NT with 12 HCP and five clubs", "A5.K53.T64.KQ874",
         "1C 1S 2S P 2NT P", "3NT", ("game",)),
    # responder, 12 HCP 3-3-4-3 over opener's 4D invitation (15-17, no stopper): accept
    Case(CUE + "1D-(1H)-2H-(P)-4D-(P): 5D with 12 HCP", "KJ3.Q52.QJ83.K54", "1D 1H 2H P 4D P", "5D",
         ("accept",)),
    # responder, 14 HCP 7-4-1-1 with four losers: 4S, not the 2S rebid opener passes
    Case(LTC + "1D-(1H)-1S-(P)-2D-(P): 4S with seven spades and four losers", "QJ98654.AKQJ.6.J",
         "1D 1H 1S P 2D P", "4S", ("game",)),
    # responder, 15 HCP 0-3-8-2 with four losers: 5D
    Case(LTC + "1C-(P)-1D-(1H)-1S-(P): 5D with eight diamonds and four losers", ".AK2.AJT96542.K9",
         "1C P 1D 1H 1S P", "5D", ("game",)),
    # responder, 15 HCP 2-4-5-2 after a free 2D: game values, no fit (opener's 3C shows five or more; with
    # three of them, J3.QT9.AKQT7.KJ8, 5C is the fit: test_fixG), no spade stopper: 3S asks, forcing
    Case(ASK + "1C-(1S)-2D-(P)-3C-(P): 3S with 15 HCP and J3 of spades", "J3.QT98.AKQT7.K8",
         "1C 1S 2D P 3C P", "3S", ("stopper", "forcing")),
    # opener, 14 HCP 4-1-2-6 with AK of spades answers 3NT
    Case(ASK + "1C-(1S)-2D-(P)-3C-(P)-3S-(P): 3NT with AK92 of spades", "AK92.J.86.AQ9642",
         "1C 1S 2D P 3C P 3S P", "3NT", ()),
    # responder, 6 HCP 4-1-4-4 without a spade stopper, forced by the ask: the cue bid showed no spades, so
    # no raise of it (before, 4S "support", -400 where 4D made: development seed 22 board 116); his
    # longest suits tie and the one they bid comes last, so 4D
    Case(ASK + "P-P-P-1H-(1S)-X-(2S)-X-(P)-3D-(P)-3S-(P): 4D, not a raise of the ask", "9874.2.T985.AQT5",
         "P P P 1H 1S X 2S X P 3D P 3S P", "4D", ("natural",), dealer="W"),
    # responder, 11 HCP 6-2-2-3 without a heart stopper (no 2NT): invitational, a jump to 3S
    Case(JUMP + "1D-(1H)-1S-(P)-2D-(P): 3S with six spades and 11 HCP", "KQJ854.32.Q2.K54",
         "1D 1H 1S P 2D P", "3S", ("invitational",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_contested_game(case: Case) -> None:
    check(case)


def test_noted_counts() -> None:
    """The HCP and lengths noted beside the hands above."""
    for hand, hcp, shape in [("AK76.Q.A9764.AK7", 20, (4, 1, 5, 3)), ("J7.4.AT985.AKQT3", 14, (2, 1, 5, 5)),
                             ("KQ4.52.KJ83.A984", 13, (3, 2, 4, 4)), ("A5.K53.T64.KQ874", 12, (2, 3, 3, 5)),
                             ("KJ3.Q52.QJ83.K54", 12, (3, 3, 4, 3)), ("QJ98654.AKQJ.6.J", 14, (7, 4, 1, 1)),
                             (".AK2.AJT96542.K9", 15, (0, 3, 8, 2)), ("J3.QT98.AKQT7.K8", 15, (2, 4, 5, 2)),
                             ("AK92.J.86.AQ9642", 14, (4, 1, 2, 6)), ("KQJ854.32.Q2.K54", 11, (6, 2, 2, 3)),
                             ("9874.2.T985.AQT5", 6, (4, 1, 4, 4))]:
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, tuple(cards.shape)) == (hcp, shape), hand
