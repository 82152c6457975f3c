"""Textbook cases for three gaps found on a fresh benchmark seed (25, 1,000 deals: a side with 26+ HCP and a
makeable game stopped below it on 2.2 % of the boards), rules only.

(1) After 1x-1y-1z, responder with 11-12 HCP, no fit for either of opener's suits and no stopper in the fourth
suit had no call at all (a pass): he invites with 2NT all the same. (2) After 1x-1y-1z-1NT, opener with extra
values had no call either: 3NT with 18 or more, 2NT with 16-17 (responder's 1NT showed 6-10). (3) Opener with
three four-card suits, 19 HCP and a singleton in responder's suit rebid two of his minor (a minimum): he
jump shifts, forcing to game, as with a five-card first suit.

Every hand's HCP were computed (CardSet.from_pbn(h).hcp) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GRANT = "Audrey Grant, Bidding in the 21st Century, "
BERGEN = "Marty Bergen, Points Schmoints!, "

CASES = [
    # 11 HCP 3-5-3-2, diamonds T-x-x: invite in notrump (seed 25 board 37 passed 1S and missed 4S)
    Case(GRANT + "responder's invitation after opener's second suit, no fit: 2NT", "KQ8.AT543.T42.Q3",
         "1C P 1H P 1S P", "2NT", ("invites",)),
    # the same with 9 HCP: 1NT
    Case(GRANT + "responder's minimum after opener's second suit: 1NT", "KQ8.JT543.T42.J3",
         "1C P 1H P 1S P", "1NT"),
    # 18 HCP 4-3-1-5 after responder's 1NT: game (seed 25 board 959 passed 1NT with 27 HCP together)
    Case(GRANT + "opener's 18 opposite responder's 1NT: 3NT", "AKT4.T97.K.AKJ74", "1C P 1H P 1S P 1NT P",
         "3NT", ("game",)),
    # 16 HCP: invite
    Case(GRANT + "opener's 16 opposite responder's 1NT: 2NT", "AKT4.K97.K.QJ974", "1C P 1H P 1S P 1NT P",
         "2NT", ("invites",)),
    # 12 HCP: pass
    Case(GRANT + "opener's minimum opposite responder's 1NT: pass", "AQT4.T97.K.QJ974",
         "1C P 1H P 1S P 1NT P", "P"),
    # 19 HCP 1-4-4-4 after 1D-1S: a jump shift (seed 25 board 835 rebid 2D and played there with 27 HCP)
    Case(BERGEN + "4-4-4-1 with 19 and a singleton in partner's suit: jump shift", "K.AK92.Q932.AKT6",
         "1D P 1S P", "3H", ("game forcing",)),
    # 14 HCP, the same shape: the second suit at the two level, no jump
    Case(BERGEN + "4-4-4-1 with a minimum: the new suit, no jump", "K.AK92.Q932.QT96", "1D P 1S P", "2C",
         ("new suit",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_rebids6(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    """The HCP the comments rely on, computed from the hands."""
    counts = {c.hand: CardSet.from_pbn(c.hand).hcp for c in CASES}
    assert counts["KQ8.AT543.T42.Q3"] == 11
    assert counts["KQ8.JT543.T42.J3"] == 7
    assert counts["AKT4.T97.K.AKJ74"] == 18
    assert counts["AKT4.K97.K.QJ974"] == 16
    assert counts["AQT4.T97.K.QJ974"] == 12
    assert counts["K.AK92.Q932.AKT6"] == 19
    assert counts["K.AK92.Q932.QT96"] == 14
