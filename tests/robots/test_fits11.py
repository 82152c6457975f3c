"""Textbook cases for the overcalls over a one-level opening and their advances (issue 11, helper fits11).

1. The 1NT overcall opposite a passed partner (``[1x]`` after partner passed before the opening): the
   overcall shows 15-18 so that partner can judge game, but a passed partner holds at most a bad opening,
   so with 15-16 game is remote while the opponents, who hold the balance of the strength, can double
   1NT for penalty. Such a hand doubles for takeout when it has the shape (support for the unbid suits),
   overcalls a five-card major, or passes; 17-18 still overcall 1NT, and opposite an unpassed partner the
   range stays 15-18.
2. Balancing after ``[1x P 1NT P P]``: the opponents stopped in 1NT, a sign that they have no fit, after
   we passed the opening and partner passed 1NT. A two-level balance on a five-card suit meets the
   1NT bidder's length behind it and a partner with nothing to add; defending the misfit is the better
   bet, so only a six-card suit (or the takeout double with shortness in their suit) balances.
3. Stayman over the balancing 1NT (``[1x P P 1NT P 2C P ...]``, 11-14): the asker (11+ HCP) had no rebid
   rules, and with 11 HCP passed the answer, even the artificial 2D. He now invites with 11-13 (three of
   the major with a fit, else 2NT) and bids game with 14+; the balancer accepts with 13-14.
4. The passed advancer of that 1NT overcall (``[1x 1NT P]`` after he passed before the opening) faces
   17-18, so 8 HCP are game (3NT, or four of a major after Stayman or a transfer) where an unpassed
   advancer invites with 2NT; with 7 he passes (an invitation on 24-25 together lost on the development
   deals).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR = ("Eddie Kantar, Modern Bridge Defense (the 1NT overcall, 15-18 with a stopper, and the takeout "
          "double, opening values with support for the unbid suits), opposite a passed partner: ")

LAWRENCE = ("Mike Lawrence, The Complete Book on Balancing in Contract Bridge (when the opponents stop "
            "in 1NT they have not found a fit: defend a misfit rather than balance on a modest suit), ")

SAYC = ("ACBL SAYC System Booklet (Stayman: after the answer, responder invites with 2NT or three of the "
        "major with a fit, and bids game with game values), over a balancing 1NT of 11-14: ")

ADVANCE = ("Advancing a 1NT overcall as a 1NT opening (systems on: Stayman, transfers, 2NT inviting), "
           "opposite the 17-18 it shows when the advancer has passed: ")

CASES = [
    # 16 HCP 3-3-4-3, A-J-x in hearts, partner (North, dealer) passed: the takeout double, not 1NT
    Case(KANTAR + "P 1H: double with 15-16 and support for the unbid suits", "KQ4.AJ3.KJ82.Q93", "P 1H", "X",
         ("takeout",)),
    # the same hand when partner has not passed: the 1NT overcall, 15-18
    Case(KANTAR + "1H, partner unpassed: 1NT", "KQ4.AJ3.KJ82.Q93", "1H", "1NT", ("15-18", "stopper")),
    # 17 HCP 3-3-4-3: 1NT also opposite a passed partner, and it shows 17-18 there
    Case(KANTAR + "P 1H: 1NT with 17", "KQ4.AJ3.KJ82.QJ3", "P 1H", "1NT", ("17-18", "stopper")),
    # 16 HCP 4-2-3-4, K-J-x in diamonds, no takeout shape (a doubleton heart), partner passed: pass
    Case(KANTAR + "P P P 1D: pass without the shape for a double", "KQ73.A4.KJ5.QJ32", "P P P 1D", "P"),
    # 15 HCP 5-2-3-3, partner passed: the five-card major is overcalled
    Case(KANTAR + "P 1D: 1S with a five-card major", "KQ743.A4.KJ5.Q32", "P 1D", "1S", ("5+♠",)),
    # 11 HCP 3-2-3-5, a five-card club suit: pass 1NT out (before, 2C)
    Case(LAWRENCE + "1D P 1NT P P: pass with five clubs", "AT7.84.K62.AT742", "1D P 1NT P P", "P"),
    # 10 HCP 2-5-3-3, five good hearts over their 1S-1NT: pass
    Case(LAWRENCE + "1S P 1NT P P: pass with five hearts", "74.AQJ87.932.QJ3", "P P 1S P 1NT P P", "P",
         vul="EW"),
    # 10 HCP 2-6-2-3: a six-card suit still balances
    Case(LAWRENCE + "1S P 1NT P P: 2H with six hearts", "74.AQJ873.93.QJ3", "1S P 1NT P P", "2H", ("6+♥",)),
    # 12 HCP 4-4-1-4, short in their diamonds: the takeout double
    Case(LAWRENCE + "1D P 1NT P P: double with shortness in their suit", "KJ74.AQ83.5.Q972", "1D P 1NT P P",
         "X", ("takeout",)),
    # 11 HCP 4-4-3-2 after 1C P P 1NT P 2C P 2H P: the four-four fit, invite (before, pass)
    Case(SAYC + "2H answer: 3H invites with four hearts", "QJ84.K652.Q43.K7", "1C P P 1NT P 2C P 2H P", "3H",
         ("invit", "4+♥")),
    # 11 HCP 4-3-3-3 after the 2D answer: 2NT invites (before, pass, leaving partner in the artificial 2D)
    Case(SAYC + "2D answer: 2NT invites", "Q984.KJ5.K43.Q74", "1C P P 1NT P 2C P 2D P", "2NT", ("invit",)),
    # 14 HCP 4-4-3-2: game in the fit
    Case(SAYC + "2S answer: 4S with 14", "QJ84.K652.KQ3.K7", "1C P P 1NT P 2C P 2S P", "4S", ("game",)),
    # the balancer: 11 HCP declines the invitation, 13 HCP accepts it
    Case(SAYC + "3H invitation: 11 HCP declines", "K75.9843.A3.AT53", "1D P P 1NT P 2C P 2H P 3H P", "P"),
    Case(SAYC + "3H invitation: 13 HCP accepts", "K75.9843.AQ.AT53", "1D P P 1NT P 2C P 2H P 3H P", "4H"),
    # 8 HCP 3-3-4-3, a passed hand opposite the 17-18 overcall: 3NT; unpassed, the same hand invites
    Case(ADVANCE + "P 1H 1NT P: 3NT with 8 when passed", "Q95.K84.J732.Q62", "P 1H 1NT P", "3NT", ("game",)),
    Case(ADVANCE + "1H 1NT P: 2NT with 8 when not passed", "Q95.K84.J732.Q62", "1H 1NT P", "2NT", ("invit",)),
    # 7 HCP 3-3-4-3, passed: pass
    Case(ADVANCE + "P 1H 1NT P: pass with 7", "Q95.K84.J732.J62", "P 1H 1NT P", "P"),
    # 8 HCP 4-3-3-2 with four spades, passed, after Stayman found the fit: game
    Case(ADVANCE + "P 1H 1NT P 2C P 2S P: 4S with 8 when passed", "Q954.K84.J73.Q6", "P 1H 1NT P 2C P 2S P",
         "4S", ("game",)),
]


def test_hands_are_as_noted() -> None:
    assert CardSet.from_pbn("KQ4.AJ3.KJ82.Q93").hcp == 16
    assert CardSet.from_pbn("KQ4.AJ3.KJ82.QJ3").hcp == 17
    assert CardSet.from_pbn("KQ73.A4.KJ5.QJ32").hcp == 16
    assert CardSet.from_pbn("KQ743.A4.KJ5.Q32").hcp == 15
    assert CardSet.from_pbn("AT7.84.K62.AT742").hcp == 11
    assert CardSet.from_pbn("74.AQJ87.932.QJ3").hcp == 10
    assert CardSet.from_pbn("74.AQJ873.93.QJ3").hcp == 10
    assert CardSet.from_pbn("KJ74.AQ83.5.Q972").hcp == 12
    assert CardSet.from_pbn("QJ84.K652.Q43.K7").hcp == 11
    assert CardSet.from_pbn("Q984.KJ5.K43.Q74").hcp == 11
    assert CardSet.from_pbn("QJ84.K652.KQ3.K7").hcp == 14
    assert CardSet.from_pbn("K75.9843.A3.AT53").hcp == 11
    assert CardSet.from_pbn("K75.9843.AQ.AT53").hcp == 13
    assert CardSet.from_pbn("Q95.K84.J732.Q62").hcp == 8
    assert CardSet.from_pbn("Q95.K84.J732.J62").hcp == 7
    assert CardSet.from_pbn("Q954.K84.J73.Q6").hcp == 8


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
