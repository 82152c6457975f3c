"""Textbook cases for the robots' competitive bidding, eighth round (issue 11).

* over their weak two or preempt, a six-card major with five losers bids game in it before 3NT on a single
  stopper in their suit (``parts/defence.rules``);
* answering Michaels over 1S (hearts and a minor), a weak hand with three hearts bids 3H, the cheapest
  level of partner's known suit (2H is insufficient; before, the fallback bid 3NT with no values), also
  when they double the cue bid (``parts/defence.rules``);
* over an overcall of partner's weak two, a doubleton is support: with five losers and 13+ HCP, game in
  his major (``parts/twos-and-preempts.rules``).

Hands come from the development boards of ``bench_strength.py`` (seeds 41 and 42) or were built for the
situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

PREEMPT_MAJOR = ("Eddie Kantar, Modern Bridge Defense, over a weak two or preempt: a long strong major "
                 "with game values is bid at game, not 3NT on one stopper: ")
MICHAELS = ("Eddie Kantar, Modern Bridge Defense, advancing a Michaels cue bid of 1S: with a weak hand and "
            "three hearts, bid hearts at the cheapest level: ")
WEAK_TWO = ("Ron Klinger, The Modern Losing Trick Count, responding to a weak two in competition: a "
            "doubleton is support for the six-card suit, and five losers opposite it make game: ")

CASES = [
    # 21 HCP, 6-2-3-2, four losers (seed 42 board 28, West dealer): 3NT on A7 went down, 4S made eleven
    Case(PREEMPT_MAJOR + "game in the six-card major", "AQJ842.A7.AK7.K7", "2H", "4S", ("6+♠",), dealer="W",
         vul="NS"),
    # 21 HCP, 4-2-4-3: no six-card major, 3NT stays
    Case(PREEMPT_MAJOR + "balanced, 3NT", "AQJ4.A7.AK73.K74", "2H", "3NT", ("stopper",), dealer="W"),
    # 17 HCP, 7-2-2-2 over a three-level preempt: 4S, not 3NT
    Case(PREEMPT_MAJOR + "the same over a preempt", "KQJ9842.A7.A7.K7", "3D", "4S", ("6+♠",), dealer="W"),
    # 7 HCP, 3-3-3-4 advancer (seed 41 board 297, North dealer): 3NT down three was the fallback
    Case(MICHAELS + "3H with three hearts", "J74.K83.Q43.J765", "P 1S 2S P", "3H", ("3+♥",), vul="EW"),
    Case(MICHAELS + "the same when they double the cue bid", "J74.K83.Q43.J765", "1S 2S X", "3H", ("3+♥",),
         dealer="E"),
    # two hearts: ask for the minor
    Case(MICHAELS + "with two hearts ask for the minor", "Q74.83.Q43.J7653", "1S 2S P", "2NT", ("minor",),
         dealer="E"),
    # 15 HCP, 2-4-6-1, five losers (seed 41 board 50, East dealer): 4S makes, the pass left it out
    Case(WEAK_TWO + "game with a doubleton and five losers", "AJ.QJ86.QJ7652.A", "P 2S 3C", "4S", ("game",),
         dealer="E", vul="NS"),
    # the same over a two-level overcall of a weak 2H
    Case(WEAK_TWO + "the same over 2S", "AJ.KQJ6.QJ7652.A", "2H 2S", "4H", ("game",), dealer="W"),
    # 13 HCP, seven losers: pass
    Case(WEAK_TWO + "seven losers pass", "KJ.Q986.Q765.AJ3", "P 2S 3C", "P", (), dealer="E"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
