"""Textbook cases for opener's strong rebid after partner's response and their overcall (issue 11, we26).

After 1x-(P)-1M-(1y), a strong opening (18+ HCP) with no fit for partner, no stopper in their suit for
notrump and no long suit to jump in had no call but a pass: partner (6+ HCP, unlimited) then often passed
the overcall out with a game on. The textbook answer is opener's cue bid in their suit, forcing to game:
it shows the values of a reverse or a jump shift and asks partner to describe (a stopper for notrump
first) (``parts/contested.rules``, section "Support doubles"). Over a two-level overcall, or after 1C-1D,
the generated stopper-asking cue bid already covered these hands, and the written rule stays out of its way.

Hands come from the development boards of ``bench_strength.py`` (seed 29) or were built for the situation.
The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

CUE = ("Mike Lawrence, Complete Book on Overcalls in Contract Bridge, opener's rebid when the fourth hand "
       "overcalls partner's response: a strong hand without a natural bid cue-bids their suit, forcing "
       "to game: ")

CASES = [
    # 19 HCP, 2-2-5-4, no spade stopper (seed 29 board 220, South dealer): the pass let 1S play with a
    # game on
    Case(CUE + "19 HCP, no stopper and no fit: the cue bid", "96.K6.AKQ82.AK95", "P P P 1D P 1H 1S", "2S",
         ("strong", "game forcing"), dealer="S", vul="NS"),
    # the same with 19 HCP and a singleton in partner's suit
    Case(CUE + "19 HCP, a singleton heart", "92.6.AKQ82.AKQJ5", "1D P 1H 1S", "2S", ("strong",)),
    # 18 HCP with four clubs: the natural new suit (up to 18) comes first
    Case(CUE + "18 HCP, the natural new suit first", "962.6.AKQ82.AKJ5", "1D P 1H 1S", "2C", ("4+♣",)),
    # the cue bid over a two-level overcall is the generated stopper ask (16+), not the written rule
    Case(CUE + "over a two-level overcall: the stopper ask", "96.65.AKQ82.AKQ5", "1D P 1S 2H", "3H",
         ("stopper",)),
    # a minimum opening without a natural call still passes
    Case(CUE + "a minimum passes", "962.Q6.AKJ82.K95", "1D P 1H 1S", "P", ()),
    # a stopper in their suit: not the cue bid (notrump comes first)
    Case(CUE + "with a stopper, no cue bid", "AKQ4.K9.K872.AQ5", "1D P 1H 1S", "3NT", ()),
    # four-card support: the raise comes first
    Case(CUE + "support comes first", "96.KQ65.AKQ8.AK9", "1D P 1H 1S", "4H", ()),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
