"""Textbook cases for the responses to one of a minor, issue 11 (helper ours11).

Over 1C, an unpassed responder with a weak balanced hand (6-10 HCP), four diamonds and no four-card major
responds 1NT, not 1D. The notrump describes strength and shape in one call and takes the one level from
the opponents; 1D told opener nothing he needed (a diamond fit is rarely the right game) and left both majors
to them at the one level (audit of seeds 12-13, 21-48, 50: 1D one-over-one against 1NT, the balanced rows
with four diamonds). 1D stays with five diamonds, with an unbalanced hand, with a four-card major (bid first)
and for a passed hand (its 1D is not forcing). The 1NT keeps its meaning and explanation (6-10, or 11 with no
other call; no suit to show): a weak balanced four-card diamond suit is not one the system shows.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

WALSH = ("Walsh-style responses to 1C, as many two-over-one partnerships play them (a balanced 6-10 "
         "without a four-card major responds 1NT, four diamonds or not; 1D shows a longer suit, shape or "
         "more values): ")

CASES = [
    # 8 HCP 3-3-4-3: 1NT
    Case(WALSH + "1C-P: 1NT with 8 HCP and four diamonds, balanced", "K43.652.QJT4.Q72", "1C P", "1NT",
         ("6-11 HCP", "not forcing")),
    # 10 HCP 3-2-4-4: 1NT
    Case(WALSH + "1C-P: 1NT with 10 HCP, 3-2-4-4", "Q42.K4.AJ96.T962", "1C P", "1NT", ("not forcing",)),
    # 8 HCP 3-3-5-2: five diamonds, 1D
    Case(WALSH + "1C-P: 1D with five diamonds", "K43.652.QJT42.Q7", "1C P", "1D", ("4+♦",)),
    # 8 HCP 3-1-4-5: unbalanced, 1D
    Case(WALSH + "1C-P: 1D with a singleton", "K43.6.QJT4.Q7532", "1C P", "1D", ("4+♦",)),
    # 9 HCP 4-2-4-3: the major first
    Case(WALSH + "1C-P: 1S with four spades and four diamonds", "KJ43.65.QJT4.Q72", "1C P", "1S"),
    # 8 HCP 3-3-4-3, a passed hand: its 1D is natural and not forcing, so it stays
    Case(WALSH + "P-P-1C-P: a passed hand bids 1D", "K43.652.QJT4.Q72", "P P 1C P", "1D", ("not forcing",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_ours11(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"K43.652.QJT4.Q72": (8, (3, 3, 4, 3)), "Q42.K4.AJ96.T962": (10, (3, 2, 4, 4)),
              "K43.652.QJT42.Q7": (8, (3, 3, 5, 2)), "K43.6.QJT4.Q7532": (8, (3, 1, 4, 5)),
              "KJ43.65.QJT4.Q72": (9, (4, 2, 4, 3))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
