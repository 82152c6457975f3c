"""Textbook cases for opener's strong rebid after partner's response and their overcall (issue 11, we26).

After 1x-(P)-1M-(overcall) or 1C-(P)-1D-(overcall), a strong opening (18+ HCP) that has no fit for partner,
no stopper in their suit for notrump and no long suit to jump in had no call but a pass: partner (6+ HCP,
unlimited) then often passed the overcall out with a game on. The textbook answer is opener's cue bid in
their suit, forcing to game: it shows the values of a reverse or a jump shift and asks partner to describe
(a stopper for notrump first) (``parts/contested.rules``, section "Support doubles").

Over their Landy 2C (both majors) and partner's double of values, opener's penalty double of their major
now wants four trumps: they hold eight or more, and with three the defence is short of trump tricks while
the two hands hold a game (``parts/notrump.rules``).

Hands come from the development boards of ``bench_strength.py`` (seed 29) or were built for the situation.
The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

CUE = ("Mike Lawrence, Complete Book on Overcalls in Contract Bridge, opener's rebid when the fourth hand "
       "overcalls partner's response: a strong hand without a natural bid cue-bids their suit, forcing "
       "to game: ")

LANDY = ("Larry Cohen, To Bid or Not to Bid (the Law of total tricks), doubling their fit for penalty: "
         "against eight trumps or more the doubler wants trump length, four cards, not three: ")

CASES = [
    # 19 HCP, 2-2-5-4, no spade stopper (seed 29 board 220): the pass let 1S play with 3NT/5D on
    Case(CUE + "19 HCP, no stopper and no fit: the cue bid", "96.K6.AKQ82.AK95", "1D P 1H 1S", "2S",
         ("strong",)),
    # the same strength over a two-level overcall: the cue bid at the three level
    Case(CUE + "over a two-level overcall", "96.65.AKQ82.AKQ5", "1D P 1S 2H", "3H", ("strong",)),
    # responder bid diamonds over 1C: the cue bid again
    Case(CUE + "after 1C-1D", "83.AK4.AK9.KQJT5", "1C P 1D 1S", "2S", ("strong",)),
    # a minimum opening without a natural call still passes
    Case(CUE + "a minimum passes", "83.A94.AK9.QJT95", "1C P 1D 1S", "P", ()),
    # a stopper in their suit: not the cue bid (notrump or another natural call comes first)
    Case(CUE + "with a stopper, no cue bid", "AKQ4.K9.K872.AQ5", "1D P 1H 1S", "3NT", ()),
    # four-card support: the raise comes first
    Case(CUE + "support comes first", "96.KQ65.AKQ8.AK9", "1D P 1H 1S", "4H", ()),
    # 15 HCP, four hearts with two top honours: the penalty double
    Case(LANDY + "four trumps double", "AQT4.AQ52.K5.432", "1NT 2C X 2H", "X", ("penalty",)),
    # 15 HCP, three hearts (seed 28 board 564, West dealer): 2HX scored less than 3NT
    Case(LANDY + "three trumps bid the game", "KJ2.A93.AQ843.J6", "1NT 2C X 2H", "3NT", ("game",)),
    # partner passes the two-level major round to the doubler of values: with three trumps he doubles
    Case(LANDY + "partner doubles with three trumps", "KJ2.A93.AQ843.J6", "1NT 2C X 2H P P", "X",
         ("penalty",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
