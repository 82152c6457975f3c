"""Textbook cases, third round of the competitive agreements (parts/notrump.rules' doubled branches,
parts/contested.rules, parts/defence.rules and the competitive part of the ``principles`` generator).

Running from 1NT doubled for penalty (the redouble runout to a minor, transfers kept, a pass with values);
opener running from partner's notrump doubled after an overcall; the overcaller's game after a cue raise
when they compete; the advancer's free bid over their new suit at the two level; the strong takeout doubler
who still shows his suit or raises when they rebid over partner's two-level answer; the natural notrump
answer to a double naming the suit it stops. Every hand was counted with ``CardSet.from_pbn`` (HCP and shape
in the comment). The dealer is North unless a case says otherwise.

The runout scheme is the card's own (one of several in club use): over a penalty double of 1NT transfers
stay on, a weak hand with a minor redoubles (opener bids 2C, responder passes or bids 2D), a pass shows
values or no better place to play.
"""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.robots.bidding import explain_call

from ._harness import Case, check

RUNOUT = "Escaping from 1NT doubled (penalty double of a strong notrump, the redouble runout), "
LAWRENCE_TO = "Mike Lawrence, The Complete Book on Takeout Doubles, "
OPENER_RUN = "Opener's runout when partner's notrump over an overcall is doubled for penalty, "
CUE_RAISE = "The cue-bid raise of an overcall (ACBL SAYC booklet: a limit raise or better), "

CASES = [
    # 3 HCP, 2-4-3-4: partner's 1NT doubled; four clubs and four hearts: redouble, then pass 2C
    Case(RUNOUT + "a weak hand with a four-card minor and a four-card major runs",
         "84.7653.T62.QJ75", "1NT X", "XX", ("asks opener to bid 2C",)),
    # 16 HCP: partner's runout redouble: bid 2C whatever the clubs
    Case(RUNOUT + "opener completes the relay", "AK6.AJ73.62.AT85", "1NT X XX P", "2C", ("forced",)),
    # the same 3-count after 2C: clubs, pass
    Case(RUNOUT + "responder passes 2C with clubs", "84.7653.T62.QJ75", "1NT X XX P 2C P", "P", ("to play",)),
    # 3 HCP, 2-4-4-3: more diamonds than clubs, correct to 2D
    Case(RUNOUT + "responder corrects to 2D with the longer diamonds", "84.7653.QT62.J75", "1NT X XX P 2C P",
         "2D", ("to play",)),
    # 4 HCP, 2-3-4-4 (South dealer): 1NT doubled in the passout seat and passed back: run to a minor too
    Case(RUNOUT + "the runout also after a double in the passout seat", "53.JT8.T953.K864", "1NT P P X P P",
         "XX", ("asks opener to bid 2C",), dealer="S"),
    # 3 HCP, five hearts: transfers stay on over the double
    Case(RUNOUT + "a five-card major still transfers", "84.JT753.T62.Q75", "1NT X", "2D", ("transfer",)),
    # 10 HCP, balanced: values, defend 1NT doubled
    Case(RUNOUT + "with values responder passes, happy to defend", "KJ5.Q84.A953.T62", "1NT X", "P",
         ("values",)),
    # 1 HCP, 3-3-4-3: no second suit, a four-three fit at best: stay
    Case(RUNOUT + "a flat 4-3-3-3 has nowhere better to play", "T92.862.T973.J92", "1NT X", "P",
         ("nowhere better",)),
    # 7 HCP, 4-4-4-1: a weak hand with both majors: Stayman, passing any answer
    Case(RUNOUT + "4-4 in the majors uses Stayman", "QT64.J853.K962.4", "1NT X", "2C", ("stayman",)),
    # their side: the advancer with values waits for the runout and doubles it with the trumps
    Case(RUNOUT + "the doubler's partner waits over the runout redouble", "T762.K9.A9843.64", "1NT X XX",
         "P", ("waits",)),
    Case(RUNOUT + "and doubles the suit they run to with its trumps", "T762.K9.A9843.64",
         "1NT X XX P 2C P 2D", "X", ("penalty",)),
    # 11 HCP, 4-2-5-2 opener: 1D (1H) 1NT doubled; run to the four-card spade suit
    Case(OPENER_RUN + "opener runs from partner's 1NT doubled with a second suit", "KQ64.96.AQ876.T8",
         "1D 1H 1NT X", "2S", ("runs from partner's notrump",)),
    # 12 HCP, 3-3-4-3 opener: nowhere to run
    Case(OPENER_RUN + "a balanced opener stays in partner's 1NT doubled", "KQ6.963.AQ87.T85", "1D 1H 1NT X", "P",
         ("to play",)),
    # 13 HCP, 5-1-3-4 overcaller (West dealer): partner's cue raise (10+), they compete to 3D: game with
    # the singleton (16 support points opposite 10+)
    Case(CUE_RAISE + "opposite a cue raise a sound overcall with shortness bids game over their competition",
         "AQ965.K.J65.QJ96", "1D 1S X 2D 3D", "4S", ("game",), dealer="W"),
    # 6 HCP, 5-4 in the majors (East dealer): partner doubled 1H, they bid 2D: a free 2S
    Case(LAWRENCE_TO + "a five-card major bid freely over their two-level new suit", "KQJ63.T875.96.98",
         "1H X 2D", "2S", ("free bid",), dealer="E"),
    # 17 HCP, 1-5-4-3 (West dealer): partner answered 2D, they rebid 2S: show the five hearts
    Case(LAWRENCE_TO + "the strong doubler shows his five-card major when they rebid",
         "5.AQJ75.AT43.AQ2", "1S X P 2D 2S", "3H", ("too strong to overcall",), dealer="W"),
    # 13 HCP, 0-5-4-4 with a void in their suit (West dealer): partner answered 2C: raise
    Case(LAWRENCE_TO + "the doubler with a void in their suit raises partner's answer",
         ".AJ976.AT65.A875", "1S X P 2C 2S", "3C", ("raise",), dealer="W"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_competition3(case: Case) -> None:
    check(case)


def test_the_natural_notrump_answer_names_the_suit_it_stops() -> None:
    """They found spades by a transfer (no natural suit of theirs): answering partner's balancing double
    with 2NT shows a spade stopper, and the explanation never names an empty list of suits."""
    calls = [parse_call(c) for c in "1NT P 2H P 2S P P X P 2NT".split()]
    text = explain_call(calls, 9)
    assert "stopper in ♠" in text and "in ;" not in text, text
