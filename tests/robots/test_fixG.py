"""Textbook cases: known gaps from the audits, one by one (issue 11, fixG).

(1) A forced rebid of one's own suit shows length. In a forcing auction (partner's new suit in competition,
or a two over one) opener's rebid of his suit at the cheapest level promises five cards or more (six when
it is his first choice); a four-card rebid is no agreement of ours, and a catch-all "longest suit" rule that
allowed one joined the rebids' meaning down to "three or more clubs", so partner never counted the fit
(1C-(1S)-2D-(P)-3C, seed 21 board 853). The catch-all now repeats one's own suit only with five.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

REBID = ("Opener's rebid of his own suit shows extra length (ACBL SAYC System Booklet, opener's rebids; a "
         "standard teaching point), ")

CASES = [
    # 14 HCP 4-1-2-6: six clubs, no spade stopper: 3C, explained as five or more
    Case(REBID + "1C-(1S)-2D-(P): 3C with six clubs", "AK92.J.86.AQ9642", "P 1C 1S 2D P", "3C",
         ("5+♣",), vul="NS"),
    # partner, 16 HCP 2-3-5-3: three clubs opposite five or more is a fit; game in clubs with no spade stopper
    Case(REBID + "1C-(1S)-2D-(P)-3C-(P): 5C with three clubs and no spade stopper", "J3.QT9.AKQT7.KJ8",
         "P 1C 1S 2D P 3C P", "5C", ("game",), vul="NS"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fixg(case: Case) -> None:
    check(case)


def test_noted_counts() -> None:
    """The HCP and lengths noted beside the hands above."""
    for hand, hcp, shape in [("AK92.J.86.AQ9642", 14, (4, 1, 2, 6)), ("J3.QT9.AKQT7.KJ8", 16, (2, 3, 5, 3))]:
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, tuple(cards.shape)) == (hcp, shape), hand
