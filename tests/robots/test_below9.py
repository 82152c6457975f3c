"""Textbook cases for 26+ HCP stopping below a makeable game in competition (issue 11, below9).

* over a one-level overcall of partner's 1C, responder with opening values, four clubs, no stopper in their
  suit and no suit of his own cue-bids their suit instead of passing (``parts/contested.rules``); after
  opener's minimum answer (2NT with their suit stopped, or three of the minor), responder bids 3NT with
  opening values when their suit is held;
* advancing a weak jump overcall with no fit but a long solid suit and four losers or fewer, advancer bids
  game in his own suit (``parts/defence.rules``);
* over their four-level opening, the passout seat doubles for takeout with shortness and opening values, and
  the advancer of a takeout double of a four-level opening bids a spade game or five of a long minor when
  short in their suit, else passes for penalty (``parts/defence.rules``).

Hands come from the development boards of ``bench_strength.py`` (seeds 24 and 32) or were built for the
situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

CUE = ("Audrey Grant, The Club Series (SAYC), responding after an overcall: the cue bid of their suit shows "
       "support for opener's suit and a limit raise or better; with opening values it is the forcing bid "
       "when nothing natural fits: ")
AFTER_CUE = ("Audrey Grant, The Club Series (SAYC), after responder's cue raise: opener shows a minimum with "
             "2NT (their suit stopped) or three of his minor; responder with opening values goes to game: ")
ADVANCE_WJO = ("Eddie Kantar, Modern Bridge Defense, advancing a weak jump overcall: without a fit, a long "
               "self-sufficient suit with game values bids game in it: ")

FOUR_LEVEL = ("Eddie Kantar, Modern Bridge Defense, over their four-level preempt: the double is for takeout "
              "(a balancing double shows opening values and shortness); the advancer bids with shape and "
              "passes with a balanced hand: ")
BIG_DOUBLER = ("Mike Lawrence, The Complete Book on Takeout Doubles (the doubler's rebid with a very strong "
               "hand: partner's forced answer may be worthless, so game in notrump or a forcing cue bid), ")
CASES = [
    # 13 HCP, 3-2-4-4 (seed 24 board 219, South dealer): the pass sold out to 1H with 27 HCP together
    Case(CUE + "13 HCP, four clubs, no heart stopper", "QJ7.98.KJ95.AQT4", "1C 1H", "2H", ("cue bid",),
         dealer="S"),
    Case(CUE + "the same over 1S", "98.QJ7.KJ95.AQT4", "1C 1S", "2S", ("cue bid",), dealer="S"),
    # with a heart stopper: 3NT stays
    Case(CUE + "a stopper bids 3NT", "QJ7.K8.J952.AQT4", "1C 1H", "3NT", ("stopper",), dealer="S"),
    # 9 HCP, four clubs, no five-card suit: still a pass
    Case(CUE + "9 HCP passes", "QJ7.98.J952.AQT4", "1C 1H", "P", (), dealer="S"),
    # opener's 2NT (seed 24 board 219): responder 13 HCP, 3NT
    Case(AFTER_CUE + "3NT after opener's 2NT", "QJ7.98.KJ95.AQT4", "1C 1H 2H P 2NT P", "3NT", ("game",),
         dealer="S"),
    Case(AFTER_CUE + "10 HCP passes 2NT", "QJ7.98.KJ95.QT84", "1D 1H 2H P 2NT P", "P", (), dealer="S"),
    Case(AFTER_CUE + "3NT after 3C with their suit stopped", "QJ7.K98.K95.AT84", "1C 1S 2S P 3C P", "3NT",
         ("game",), dealer="S"),
    Case(AFTER_CUE + "no stopper, pass 3C", "987.K98.KQ5.AT84", "1C 1S 2S P 3C P", "P", (), dealer="S"),
    # 19 HCP, 0-5-7-1 (seed 32 board 428, West dealer): the pass of 2S missed 5D
    Case(ADVANCE_WJO + "5D with a solid seven-card suit", ".AKQ74.AKQJ864.2", "1C 2S P", "5D", ("game",),
         dealer="W", vul="NS"),
    Case(ADVANCE_WJO + "4H with six solid hearts", "2.AKQJ74.AKQ4.92", "1C 2S P", "4H", ("game",),
         dealer="W"),
    # five losers: pass
    Case(ADVANCE_WJO + "five losers pass", "2.AKQJ74.K854.92", "1C 2S P", "P", (), dealer="W"),
    # 15 HCP, 4-2-3-4 in the passout seat (seed 24 board 766, East dealer): the pass sold out to 4H
    Case(FOUR_LEVEL + "balancing double with opening values", "AQT8.T5.A76.KQ74", "4H P P", "X",
         ("takeout",), dealer="E"),
    # 10 HCP, 4-3-3-3 with three hearts: still a pass
    Case(FOUR_LEVEL + "three of their suit passes", "AQT8.T53.Q76.J74", "4H P P", "P", (), dealer="E"),
    # 13 HCP, 3-0-6-4 advancer (the same board): 5D, not a penalty pass with a void
    Case(FOUR_LEVEL + "five of a long minor with a void", "K72..KQT532.AJ65", "4H P P X P", "5D", ("game",),
         dealer="E"),
    Case(FOUR_LEVEL + "the same after a direct double", "K72..KQT532.AJ65", "4H X P", "5D", ("game",),
         dealer="E"),
    Case(FOUR_LEVEL + "four spades and a singleton", "K872.8.QT53.J765", "4H P P X P", "4S", ("game",),
         dealer="E"),
    Case(FOUR_LEVEL + "balanced: pass for penalty", "Q72.T8.QT53.J765", "4H P P X P", "P", ("penalt",),
         dealer="E"),
    # 23 HCP 4-3-3-3, three hearts, clubs stopped: game, not a pass of the forced 1H (he may hold nothing)
    Case(BIG_DOUBLER + "22+ balanced: 3NT over the one-level answer", "AKJ4.KQ3.AQ5.KJ7", "1C X P 1H P",
         "3NT", ("game",)),
    # 24 HCP 4-1-3-5, a singleton heart: the cue bid, forcing, before the clubs
    Case(BIG_DOUBLER + "22+ unbalanced: the cue bid of their suit", "AKQ5.2.AK3.AKJ76", "1D X P 1H P", "2D",
         ("game",)),
    # 21 HCP 4-3-3-3: still the 2NT of 20-21
    Case(BIG_DOUBLER + "20-21 balanced: 2NT", "AKJ4.KQ3.A75.KJ7", "1C X P 1H P", "2NT", ("20-21",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
