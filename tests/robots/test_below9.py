"""Textbook cases for 26+ HCP stopping below a makeable game in competition (issue 11, below9).

* over a one-level overcall of partner's 1C, responder with opening values, four clubs, no stopper in their
  suit and no suit of his own cue-bids their suit instead of passing (``parts/contested.rules``); after
  opener's minimum answer (2NT with their suit stopped, or three of the minor), responder bids 3NT with
  opening values when their suit is held;
* advancing a weak jump overcall with no fit but a long solid suit and four losers or fewer, advancer bids
  game in his own suit (``parts/defence.rules``).

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
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
