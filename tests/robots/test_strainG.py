"""Textbook cases: the game strain after opener rebids his major in a 2/1 game force (issue 11, strainG).

After 1M-2x-2M (two over one, forcing to game) opener's rebid of his major shows six cards unless he had
nothing else to bid. Two-over-one practice treats a doubleton as enough support for a rebid suit: six
opposite two is an eight-card fit, and game in the major is preferred to 3NT. Before, the rules bid 3NT
with two cards (the principles recognise a fit only with three). On the development deals, over the 76
boards of 1M-2x-2M where responder held two cards, four of the major by opener scored 214 IMPs more than
3NT by responder double dummy (40 over the 39 boards where 3NT was bid at once). Game at once is the
weakest way there (the principle of fast arrival): the 2/1 card now writes 4M with two or more cards and
12-15 HCP, so that opener counts a minimum opposite when judging a slam. With more, responder bids as
before: keycards or a control bid with a three-card fit, notrump or slam by count with two cards. With a
singleton responder still looks for notrump; with six hearts of his own after 1S-2H-2S he shows them again;
a passed hand's 2C (Drury) is not a two over one and keeps its own game judgement; the SAYC card keeps its
own block. Later (slamF) the fast arrival was narrowed to a minimum two over one, 12-14 HCP: with 15 or more
and two or more cards responder raises slowly to 3M, forcing, and opener's control bid or keycard ask
judges the slam (the cases below with 15 and 17 HCP now say so).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

TWO_OVER_ONE = ("Two-over-one texts, e.g. Max Hardy, Two-Over-One Game Force (opener's rebid of his major "
                "after a two-over-one shows six cards as a rule, and responder's doubleton is adequate "
                "support: raise to game with no slam interest), ")

CASES = [
    # 15 HCP 2-3-2-6: doubleton queen in spades, the major rather than 3NT; more than a minimum two over
    # one, so the slow raise (slamF)
    Case(TWO_OVER_ONE + "1S-2C-2S: 3S with two spades and 15 HCP", "Q5.K84.A2.KQJ962", "1S P 2C P 2S P",
         "3S", ("raise", "15+ HCP")),
    # 13 HCP 2-2-5-4: two small hearts are support too
    Case(TWO_OVER_ONE + "1H-2D-2H: 4H with two hearts and 13 HCP", "QJ.85.AKT86.QJ72", "1H P 2D P 2H P",
         "4H", ("game",)),
    # 14 HCP 3-2-3-5: 1H-2C-2H, the same with a balanced hand and every side suit held
    Case(TWO_OVER_ONE + "1H-2C-2H: 4H with two hearts and 14 HCP", "KQ4.72.AJ3.KJT82", "1H P 2C P 2H P",
         "4H", ("game",)),
    # 15 HCP 3-3-3-4: three-card support, more than the fast arrival's 12-14: the slow raise (slamF)
    Case(TWO_OVER_ONE + "1S-2C-2S: 3S with three spades and 15 HCP", "K53.Q84.K52.AQJ6", "1S P 2C P 2S P",
         "3S", ("raise", "15+ HCP")),
    # the guards: 17 HCP 2-3-3-5 is more than the fast-arrival game shows: the slow raise (slamF; 3NT before)
    Case(TWO_OVER_ONE + "1S-2C-2S: no 4S with two spades and 17 HCP", "J3.AQ6.KJ7.AQ952", "1S P 2C P 2S P",
         "3S", ("raise",)),
    # 15 HCP 1-4-3-5: a singleton spade is no support: notrump is still sought
    Case(TWO_OVER_ONE + "1S-2C-2S: no 4S with a singleton spade", "5.KQ84.AQ2.KJ962", "1S P 2C P 2S P",
         "2NT", ("notrump",)),
    # 17 HCP 3-3-3-4 with slam interest: not the weakest game; the slow raise, and opener's control bid or
    # keycard ask follows (slamF; a control bid at once before)
    Case(TWO_OVER_ONE + "1S-2C-2S: the slow raise with three spades and 17 HCP", "K53.AQ4.J52.AQJ9",
         "1S P 2C P 2S P", "3S", ("raise",)),
    # 12 HCP 2-7-3-1 after 1S-2H-2S: seven hearts of his own are shown again, not the doubleton spade
    Case(TWO_OVER_ONE + "1S-2H-2S: 4H with seven good hearts, not 4S", "T5.AKQ9864.J72.Q", "1S P 2H P 2S P",
         "4H", ("♥",)),
    # a passed hand's 2C is Drury, not a two over one: 10 HCP 4-4-3-2 vulnerable still raises to game on
    # the principles (the new block names 4S only for an unpassed responder)
    Case("Drury (a passed hand's 2C shows a fit; after opener's 2M the passed hand judges game), "
         "1S-2C(Drury)-2S: 4S vulnerable with four spades and 10 HCP", "8754.AK94.K98.92",
         "P P 1S P 2C P 2S P", "4S", ("3+♠",), vul="All"),
    # opener, 14 HCP 6-2-3-2: responder's game denied slam interest: pass
    Case(TWO_OVER_ONE + "1S-2C-2S-4S: opener passes with a minimum", "AKJ952.K3.QJ4.82",
         "1S P 2C P 2S P 4S P", "P", ()),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_strain_after_rebid_major(case: Case) -> None:
    check(case)


def test_sayc_keeps_its_own_rebid_block() -> None:
    """SAYC writes its own continuations after 1M-2x-2M (2M not forcing there): the 2/1 generator rule does
    not reach it, so a balanced doubleton hand with the unbid suits stopped bids 3NT as its booklet says."""
    check(Case("ACBL SAYC System Booklet (after 1M-2x-2M, 3NT with the unbid suits stopped), ",
               "Q5.K84.A2.KQJ962", "1S P 2C P 2S P", "3NT", ("notrump",), system="sayc"))
