"""Textbook cases for the slam decisions of the sixth round of tuning (issue 11), rules only.

(1) Over Jacoby 2NT the opener describes his hand first (a singleton or void at the three level, a good side
suit at the four level, or his strength by the level of his rebid in the major); he no longer jumps to RKCB
at once, before the raiser has heard anything about the opening. (2) RKCB with a suit nobody has shown a
control in: with 34 support points together the asker used to take the risk; not when partner's control bid
has denied a control in that suit and the asker has none there either (the defence may then cash two
tricks). (3) No slam by count over partner's sign-off in game in the agreed suit: his game (the fast arrival
of a two over one, five of a minor after a forcing raise) denies interest in slam, and RKCB, tried first,
could not ask (a control missing, or the five level already reached), so the hand passes. Not after our
strong 2C.

Every hand's HCP were computed (CardSet.from_pbn(h).hcp) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

FAST = "Max Hardy, Two-Over-One Game Force (fast arrival: the jump to game is the weakest call), "
HARDY = "Max Hardy, Two-Over-One Game Force (Jacoby 2NT: opener shows shortness first), "
GRANT = "Audrey Grant, Bidding in the 21st Century (the Jacoby 2NT rebids), "
KANTAR = "Eddie Kantar, Roman Keycard Blackwood: The Final Word (do not ask with an uncontrolled suit), "

CASES = [
    # 13 HCP 5-3-4-1: the singleton club is the first thing to tell, not 4NT
    Case(HARDY + "a singleton: show it at the three level", "AJ854.AJ2.KT92.3", "1S P 2NT P", "3C",
         ("singleton",)),
    # 18 HCP 6-3-2-2, no shortness: three of the major shows the extra values, not 4NT
    Case(GRANT + "no shortness and 16 or more: three of the major", "KQJ982.AJ6.87.AK", "1S P 2NT P", "3S",
         ("extra values",)),
    # 12 HCP 4-5-2-2 after opener's 3S: the cheapest control (hearts), denying clubs and diamonds
    Case(GRANT + "the raiser's control bid after opener's extra values", "A643.KT987.QJ.Q4",
         "1S P 2NT P 3S P", "4H", ("control", "no control")),
    # the same 18-count after partner's 4H denied controls in clubs and diamonds: no diamond control here
    # either (two small), so game, not RKCB on the point count
    Case(KANTAR + "partner denied a diamond control and I have none: sign off", "KQJ982.AJ6.87.AK",
         "1S P 2NT P 3S P 4H P", "4S", ("game",)),
    # 21 HCP with the king of diamonds (second-round control): every suit is covered, so RKCB
    Case(KANTAR + "with the missing control in hand, ask for keycards", "KQJ982.AJ6.K7.AK",
         "1S P 2NT P 3S P 4H P", "4NT", ("keycard",)),
    # a control-rich 18-count after the same auction: the aces of clubs and diamonds, so RKCB
    Case(KANTAR + "every side suit controlled between the hands: ask for keycards", "AQJ98.K6.A73.A72",
         "1S P 2NT P 3S P 4H P", "4NT", ("keycard",)),
    # 14 HCP 5-2-5-1 after 1S-2C-2D-4S: no heart control, so no RKCB; partner's fast 4S denies slam interest
    Case(FAST + "partner's jump to game in a two over one: pass, not six by count", "A9853.QJ.QJ872.A",
         "1S P 2C P 2D P 4S P", "P", ("to play",)),
    # the same with the king of hearts instead of the queen-jack: every side suit is controlled, so RKCB
    Case(KANTAR + "with every suit controlled, ask for keycards over partner's game", "A9853.K2.QJ872.A",
         "1S P 2C P 2D P 4S P", "4NT", ("keycard",)),
    # 14 HCP 5-1-5-2 after 1S-2D-3D-5D: partner's 5D is his weakest call and 4NT is past; pass
    Case(FAST + "five of the minor after a forcing raise: pass", "KT653.Q.QJT53.AQ", "1S P 2D P 3D P 5D P",
         "P", ("to play",), dealer="E"),
    # 15 HCP 4-5-3-1 after Smolen: opener's 4H only completes the transfer of the strain, his 15-17 was
    # known before, so it denies nothing; 15 + 3 for the singleton opposite at least 15 is slam by count
    # (RKCB cannot ask: no diamond control in hand)
    Case(KANTAR + "partner's game only completes Smolen: his range is known, bid the slam by count",
         "AKQ2.J9542.J52.A", "P 1NT P 2C P 2D P 3S P 4H P", "6H", ("slam",), dealer="E"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam6(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    """The HCP the comments rely on, computed from the hands."""
    counts = {c.hand: CardSet.from_pbn(c.hand).hcp for c in CASES}
    assert counts["AJ854.AJ2.KT92.3"] == 13
    assert counts["KQJ982.AJ6.87.AK"] == 18
    assert counts["A643.KT987.QJ.Q4"] == 12
    assert counts["KQJ982.AJ6.K7.AK"] == 21
    assert counts["AQJ98.K6.A73.A72"] == 18
    assert counts["A9853.QJ.QJ872.A"] == 14
    assert counts["A9853.K2.QJ872.A"] == 14
    assert counts["KT653.Q.QJT53.AQ"] == 14
    assert counts["AKQ2.J9542.J52.A"] == 15
