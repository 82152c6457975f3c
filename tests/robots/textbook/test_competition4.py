"""Textbook cases, fourth round of the competitive agreements (parts/contested.rules, parts/defence.rules and
the competitive part of the ``principles`` generator).

Answering opener's reopening double by strength (the penalty pass, notrump with their suit stopped, a jump
with 9-11, the cue bid with game values and no stopper) and opener's continuations; balancing over a
three-level preempt (game in a good six-card major, a double with three of their suit and an opening);
the direct double of a preempt by a strong hand short in their suit; respecting partner's penalty double
below game; opener's strong double when they raise the overcall. Every hand was counted by hand and with
``CardSet.from_pbn`` (HCP and shape in the comment). The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from ._harness import Case, check

REOPEN = ("Mike Lawrence, The Complete Book on Balancing in Contract Bridge, answering opener's reopening "
          "double, ")
PREEMPT = "Mike Lawrence, The Complete Book on Balancing in Contract Bridge, balancing over a preempt, "
TAKEOUT = "Mike Lawrence, The Complete Book on Takeout Doubles, "
PENALTY = "Eddie Kantar, Modern Bridge Defense, the penalty double left in, "
OPENER_GAME = "Marty Bergen, Points Schmoints!, the long suit and the losing trick count, "
ADVANCE = "Mike Lawrence, The Complete Book on Overcalls in Contract Bridge, advancing when they raise, "
LANDY = "The Landy convention (ACBL Encyclopedia of Bridge), advancing when 2C is doubled, "

CASES = [
    # 12 HCP, 3-3-3-4 (East dealer): no club stopper, game values: the cue bid
    Case(REOPEN + "game values without a stopper: cue bid", "KJ4.AQ3.Q94.8642", "P 1D 2C P P X P", "3C",
         ("cue bid", "12+ HCP"), dealer="E"),
    # 10 HCP, 4-3-2-4: four spades and 9-11: the jump, invitational
    Case(REOPEN + "a jump in a four-card major with 9-11", "KQ73.K84.Q2.9654", "P 1D 2C P P X P", "3S",
         ("invitational", "9-11 HCP"), dealer="E"),
    # 10 HCP, 3-3-3-4 (seed 12 board 74): no major, no stopper: raise opener's suit to invite
    Case(REOPEN + "a raise of opener's suit with 9-11 invites", "J94.A62.KQ3.7432", "P 1D 2C P P X P", "3D",
         ("invitational",), dealer="E", vul="All"),
    # 10 HCP, 2-3-3-5: five clubs: pass, to defend 2C doubled
    Case(REOPEN + "length in their suit: pass for penalty", "K2.AQ3.J94.86432", "P 1D 2C P P X P", "P",
         ("penalties",), dealer="E"),
    # 13 HCP, 3-3-3-4 (East dealer): one-level overcall, game values, no diamond stopper: cue bid
    Case(REOPEN + "the cue bid at the two level", "A95.KJ3.862.KQ42", "P 1C 1D P P X P", "2D",
         ("cue bid",), dealer="E"),
    # 16 HCP, 4-4-4-1 opener after partner's cue bid: up the line, hearts first
    Case(REOPEN + "opener shows a four-card major up the line after the cue bid", "AKQ2.QT87.AJ84.9",
         "P 1D 2C P P X P 3C P", "3H", ("4+♥",), dealer="E"),
    # 12 HCP, 3-3-3-4 cue bidder: opener showed four hearts: game in the 4-3 fit
    Case(REOPEN + "the cue bidder places the game", "KJ4.AQ3.Q94.8642", "P 1D 2C P P X P 3C P 3H P", "4H",
         ("game",), dealer="E"),
    # 10 HCP, 1-6-4-2 opener (seed 14 board 342, rotated): partner's cue bid over the reopening double: the
    # six-card heart suit before notrump on a singleton ace
    Case(REOPEN + "opener rebids a six-card suit over the cue bid", "A.JT9864.AJT7.84", "1H 1S P P X P 2S P",
         "3H", ("rebids the suit",), vul="EW"),
    # 16 HCP opener, singleton club: partner's 3D invitation; no stopper for 3NT: hearts first, up the line
    Case(REOPEN + "opener shows a major over the invitation without a stopper", "AKQ2.QT87.AJ84.9",
         "P 1D 2C P P X P 3D P", "3H", ("4+♥",), dealer="E"),
    # 10 HCP, 3-3-3-4 (seed 12 board 74): opener showed four hearts: game in the 4-3 fit
    Case(REOPEN + "the inviter places the game in opener's major", "J94.A62.KQ3.7432",
         "P 1D 2C P P X P 3D P 3H P", "4H", ("game",), dealer="E", vul="All"),
    # 13 HCP opener, 4-3-4-2 with two small clubs: partner's 3D invitation: decline
    Case(REOPEN + "a minimum opener declines the invitation", "KQ82.K73.AJ84.92",
         "P 1D 2C P P X P 3D P", "P", ("declines",), dealer="E"),
    # 10 HCP, 3-6-2-2 (South dealer, seed 12 board 23): a good six-card heart suit in the passout seat
    Case(PREEMPT + "a good six-card major bids game in the passout seat", "KJ9.AQ8763.83.63", "3S P P", "4H",
         ("game",), dealer="S", vul="All"),
    # 15 HCP, 3-3-3-4 (South dealer, seed 12 board 747): an opening with three of their suit still doubles
    Case(PREEMPT + "a sound opening with three diamonds doubles in the passout seat", "AJ2.KQ7.J84.KJT8",
         "3D P P", "X", ("takeout",), dealer="S"),
    # 16 HCP, 2-2-4-5 (South dealer): strong, short in spades, a doubleton heart: double all the same
    Case(TAKEOUT + "a strong hand short in their suit doubles a preempt", "32.J4.AKJ6.AK854", "3S", "X",
         ("takeout",), dealer="S", vul="All"),
    # 12 HCP, 1-6-4-2 (South dealer, seed 12 board 751): partner doubled 2S for penalty; a singleton spade,
    # not a void: leave it in
    Case(PENALTY + "a six-card suit does not pull partner's penalty double", "A.T97643.KQ86.K7",
         "1C P 1S X 2S X P", "P", (), dealer="S", vul="NS"),
    # 19 HCP, 3-3-4-3 opener (North dealer, third seat): they raised the overcall: a
    # strong balanced opening doubles with three of their suit
    Case(TAKEOUT + "a strong opener doubles their raise of the overcall", "QJ6.Q53.AK96.AK7", "P P 1D 1H P 2H",
         "X", ("takeout",), vul="EW"),
    # 15 HCP, 2-7-3-1 opener: the negative double showed the minors, they jumped to 3S: seven solid hearts
    # and four losers bid game alone
    Case(OPENER_GAME + "a solid seven-card major bids game over their jump raise", "T5.AKQJT96.KQ4.5",
         "1H 1S X 3S", "4H", ("game",), vul="All"),
    # 3 HCP, 3-2-3-5 (West dealer, seed 13 board 887): Landy 2C doubled; five clubs are no reason to leave
    # the relay in: give preference to the longer major
    Case(LANDY + "2C doubled: preference, not a pass with five clubs", "Q63.T9.962.J9654", "1NT 2C X", "2S",
         ("preference",), dealer="W", vul="All"),
    # 11 HCP, 5-3-2-3 (East dealer, seed 13 board 234): partner balanced with 2H over their weak two: the
    # balancing overcall may be light, so raise to invite
    Case(PREEMPT + "a raise of partner's balancing overcall of a weak two invites", "QJ543.984.K2.AJ4",
         "2D P P 2H P", "3H", ("invitational",), dealer="E", vul="All"),
    # 12 HCP, 5-3-2-3 (East dealer, seed 13 board 894): partner overcalled 2D, they raised hearts: a free
    # bid of the five-card spade suit
    Case(ADVANCE + "a free bid over their raise of partner's two-level overcall", "K9874.962.K3.AQ9",
         "1H 2D 2H", "2S", ("free bid",), dealer="E"),
    # 8 HCP, 0-3-4-6 (West dealer, seed 13 board 988): partner overcalled 2H, they raised spades: with a
    # void in their suit and three hearts, game in partner's major (a cue bid would leave him no room)
    Case(ADVANCE + "game in partner's major over their raise", ".T63.QJT5.KQT963", "P 1S 2H 2S", "4H",
         ("game",), dealer="W", vul="NS"),
    # 8 HCP, 2-4-2-5 (North dealer, seed 13 board 159): partner doubled their weak two, they jumped to game,
    # partner doubled again: short in spades with four hearts, bid on
    Case(TAKEOUT + "the advancer bids on after partner's second double", "62.A983.A5.T9753",
         "P P 2S X 4S P P X P", "5H", ("4+♥",), dealer="N", vul="NS"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_competition4(case: Case) -> None:
    check(case)
