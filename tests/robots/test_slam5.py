"""Textbook cases for the slam decisions of the fifth round of tuning (issue 11), rules only.

(1) The slam by count in a fit (generators.py, the principles) stays as it was: requiring control of the
suits nobody bid was tried and dropped (it stopped as many making slams as failing ones); the cases below on
that auction pass either way. (2) Once the queen ask finds the trump queen with every keycard held,
the asker bids the grand slam on the same count as when the first answer shows the queen (34 HCP together,
partner counted as for ``sum``). (3) No notrump slam by count at once over partner's first bid when it
leaves his strength open by ten points or more (an opening of one of a suit, a two over one): the strong hand
describes itself first, and the slam is judged after partner's rebid; so that a strong balanced hand with no
four-card major over one of a minor always has a forcing bid (it used to pass with 18 HCP and 3-3-3-4), the
inverted raise (over 1C) or two over one (over 1D) shows four clubs with 18 or more.

Every hand's HCP were computed (CardSet.from_pbn(h).hcp) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR = "Eddie Kantar, Roman Keycard Blackwood: The Final Word, "
GRANT = "Audrey Grant, Bidding in the 21st Century (a strong responder bids a new suit first), "
ROOT = "William Root, How to Bid Slams (count your tricks and look for two quick losers first), "

CASES = [
    # opposite a strong 2C the count is enough: 9 HCP 4-5-2-2 without a diamond control, after 2C-2D-2H-3H-4H
    Case(ROOT + "opposite a strong 2C the slam by count needs no control of the unbid suits",
         "K964.87653.QT.A7", "2C P 2D P 2H P 3H P 4H P", "6H", ("slam",)),
    # the same with the king of spades (second-round control): keycards are asked
    Case(ROOT + "with control of the unbid suit the slam is explored", "K65.5.A762.AKQ82",
         "1C P 1H P 2C P 2D P", "4NT", ("keycards",)),
    # 24 HCP: after a positive 2H every keycard (four aces here, the king of trumps with partner) and the
    # queen found by the queen ask: the grand slam
    Case(KANTAR + "every keycard and the trump queen after the queen ask: seven", "AQ84.A95.AK.AK52",
         "2C P 2H P 3H P 4H P 4NT P 5C P 5D P 6H P", "7H", ("grand slam",), dealer="E"),
    # the same asker with a keycard missing (the ace of clubs gone): the small slam stands
    Case(KANTAR + "a keycard missing after the queen ask: pass the small slam", "AQ84.A95.AK.K652",
         "2C P 2H P 3H P 4H P 4NT P 5C P 5D P 6H P", "P", ("to play",), dealer="E"),
    # 19 HCP 4-4-3-2 opposite 1D (10-21): the four-card major first, not 6NT at once
    Case(GRANT + "19 HCP opposite one of a minor: a new suit first, not 6NT", "AQT8.Q843.AJ6.AQ", "1D P",
         "1H", ("new suit",)),
    # 17 HCP 5-4-2-2 opener after a two over one (12+): the second suit, not 6NT at once
    Case(GRANT + "opener's 17 opposite a two over one: the second suit, not 6NT", "AQ983.AJ43.A8.Q6",
         "1S P 2D P", "2H", ("new suit",)),
    # 18 and 20 HCP 3-3-3-4, no major and no diamonds to show: a forcing raise of clubs, never a pass
    Case(GRANT + "18 HCP, 3-3-3-4, over 1C: the forcing minor raise", "AK7.AQ7.J93.KJ94", "1C P", "2C",
         ("forcing",)),
    Case(GRANT + "20 HCP, 3-3-3-4, over 1D: two over one in clubs", "AK7.AQ7.T93.AK94", "1D P", "2C",
         ("two over one",)),
    # after 1C-2C-2NT (12-14) the 20-count bids the slam
    Case(GRANT + "after opener's 2NT limits him, 6NT with 20", "AK7.AQ7.T93.AK94", "1C P 2C P 2NT P", "6NT",
         ("slam",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam5(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    """The HCP the comments rely on, computed from the hands."""
    counts = {c.hand: CardSet.from_pbn(c.hand).hcp for c in CASES}
    assert counts["K65.5.A762.AKQ82"] == 16
    assert counts["AQ84.A95.AK.AK52"] == 24
    assert counts["AQ84.A95.AK.K652"] == 20
    assert counts["K964.87653.QT.A7"] == 9
    assert counts["AQT8.Q843.AJ6.AQ"] == 19
    assert counts["AQ983.AJ43.A8.Q6"] == 17
    assert counts["AK7.AQ7.J93.KJ94"] == 18
    assert counts["AK7.AQ7.T93.AK94"] == 20
