"""Textbook cases for the overcalls over a one-level opening and their advances (issue 11, helper fits11).

1. The 1NT overcall opposite a passed partner (``[1x]`` after partner passed before the opening): the
   overcall shows 15-18 so that partner can judge game, but a passed partner holds at most a bad opening,
   so with 15-16 game is remote while the opponents, who hold the balance of the strength, can double
   1NT for penalty. Such a hand doubles for takeout when it has the shape (support for the unbid suits),
   overcalls a five-card major, or passes; 17-18 still overcall 1NT, and opposite an unpassed partner the
   range stays 15-18.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR = ("Eddie Kantar, Modern Bridge Defense (the 1NT overcall, 15-18 with a stopper, and the takeout "
          "double, opening values with support for the unbid suits), opposite a passed partner: ")

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
]


def test_hands_are_as_noted() -> None:
    assert CardSet.from_pbn("KQ4.AJ3.KJ82.Q93").hcp == 16
    assert CardSet.from_pbn("KQ4.AJ3.KJ82.QJ3").hcp == 17
    assert CardSet.from_pbn("KQ73.A4.KJ5.QJ32").hcp == 16
    assert CardSet.from_pbn("KQ743.A4.KJ5.Q32").hcp == 15


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
