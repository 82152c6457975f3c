"""Textbook cases: opening bids (2/1 and SAYC agree on these)."""

from __future__ import annotations

import pytest

from ._harness import Case, check

SAYC = "ACBL SAYC System Booklet (2017), "

CASES = [
    Case(SAYC + "1NT opening: 15-17 balanced", "AK5.KQ4.J876.A54", "", "1NT", ("15-17",)),
    Case(SAYC + "1NT opening with a five-card major (5-3-3-2)", "AQJ52.K3.KJ4.Q72", "", "1NT"),
    Case(SAYC + "2NT opening: 20-21 balanced", "AK5.KQ4.AJ76.QJ4", "", "2NT", ("20-21",)),
    Case(SAYC + "one of a major: five cards, 12-21", "AQJ52.K3.K84.T72", "", "1S", ("5+♠",)),
    Case(SAYC + "with 5-5 in the majors open 1S", "AQJ52.KQ932.K8.2", "", "1S"),
    Case(SAYC + "with 4-4 in the minors open 1D", "K5.Q32.AJ84.K972", "", "1D"),
    Case(SAYC + "with 3-3 in the minors open 1C", "AK52.K32.Q84.J72", "", "1C"),
    Case(SAYC + "strong 2C: 22+ HCP", "AKQ8.AQ3.KJ4.AQ2", "", "2C", ("strong",)),
    Case(SAYC + "weak two: a good six-card suit, 5-10 HCP", "KQJ952.73.84.T72", "", "2S", ("weak two",)),
    Case(SAYC + "three-level preempt: seven cards, weak", "7.KQJ9852.84.T72", "", "3H", ("preemptive",)),
    Case(SAYC + "pass with 10 HCP and a balanced hand", "K52.Q93.K84.J972", "", "P"),
    Case("Rule of 20 (Root, Commonsense Bidding): 11 HCP with 5-4", "AQ852.KJ632.84.5", "", "1S"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_opening(case: Case) -> None:
    check(case)
