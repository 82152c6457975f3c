"""Textbook cases for partner's penalty double in competition (issue 11, compO).

Over the opponents' last bid, the principles bid 3NT with game values and their suit stopped
(``generators.py``). When that last bid is partner's penalty double (their 1NT overcall doubled, their
runout or their suit doubled for penalty) and it stands, the same hand now passes: it holds the values
and the guard in their suit that make the penalty pay more than our game, and partner has already said
so. A takeout double is not left in this way; it still gets 3NT.

Hands come from the development boards of ``bench_strength.py`` (the seed and board are named). The dealer
and the vulnerability are named by each case.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

RESPECT = ("The standard rule for penalty doubles: partner has judged that they go down, and a balanced hand "
           "with game values and their suit guarded does not take the double out; the penalty scores more "
           "than our game: ")
TAKEOUT = ("The standard rule for takeout doubles: the double asks partner to bid, and without length in "
           "their suit he does, here 3NT on a long running suit: ")

CASES = [
    # 13 HCP (seed 29 board 335, South dealer, North-South vulnerable): 1C (1NT) X (P); 3NT
    # failed where 1NT doubled went down
    Case(RESPECT + "opener leaves in the double of their 1NT overcall", "AKQ9.98.KJ3.T542", "1C 1NT X P",
         "P", (), dealer="S", vul="NS"),
    # 13 HCP (seed 50 board 659, South dealer, East-West vulnerable): the same after a 1D opening
    Case(RESPECT + "a flat opener passes the double of 1NT", "K54.Q65.A975.A94", "1D 1NT X P", "P", (),
         dealer="S", vul="EW"),
    # 17 HCP (seed 29 board 611, South dealer, East-West vulnerable): partner doubled their 2H balance
    # over our passed-out 1NT
    Case(RESPECT + "the 1NT opener passes partner's double of their balance", "AKJ2.AJ4.AT63.T7",
         "P P 1NT P P 2H P P X P", "P", (), dealer="S", vul="EW"),
    # 17 HCP (seed 44 board 349, North dealer, all vulnerable): 2NT over their weak two, their 3S doubled
    Case(RESPECT + "the 2NT overcaller passes the double of their raise", "AJ4.Q65.AKQ.J982",
         "P 2H 2NT 3S X P", "P", (), dealer="N", vul="All"),
    # 9 HCP and seven diamonds (seed 13 board 570, East dealer, all vulnerable): partner's double of their
    # raised weak two is for takeout, so 3NT as before
    Case(TAKEOUT + "advancer with a running suit bids 3NT over a takeout double", "A3.T96.AJT6542.T",
         "2S P 3S X P", "3NT", ("game",), dealer="E", vul="All"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
