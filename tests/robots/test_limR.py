"""Textbook cases for answering a control bid after an uncontested limit raise (issue 11, helper limR).

The limit raise 1M-3M shows four trumps and 10+ support points with at most 11 HCP. What it showed is kept
as facts: support points from 10 (no upper bound) and HCP 0-11, the floor of 0 because the raise names no
HCP minimum. When partner then makes a control bid (1S-3S-4D: slam interest, a diamond control), the raiser
cooperates only with more than his raise showed, read as "the upper half of his range". From HCP 0-11 that
half began at 3 HCP, so every limit raiser, however minimum, showed a control back. A limit raise is a
three-point range, 10-12 support points: the raiser now cooperates with the top of it, 12 or more, and
signs off in game with less, and his answer's explanation says so.

The robots' own opener does not make this control bid (the file's "4M with 14+ points" after the limit
raise comes first); a partner who does, a human for one, now gets the textbook answer.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

ANSWER = ("Standard slam bidding (Kantar, Slam Bidding): partner of the control bidder cooperates with a "
          "control of his own only when his hand is better than what he has shown; a minimum signs off in "
          "game, ")

CASES = [
    # the raiser with a minimum (10 HCP, 4-3-3-3: 10 support points) signs off
    Case(ANSWER + "1S-3S-4D: 4S with a minimum limit raise", "Q763.K84.A52.JT4", "1S P 3S P 4D P", "4S",
         ("to play",)),
    # 10 HCP and a doubleton (11 support points) is still no maximum
    Case(ANSWER + "1S-3S-4D: 4S with 11 support points", "Q763.K8.A952.JT4", "1S P 3S P 4D P", "4S",
         ("to play",)),
    # a maximum (10 HCP and a singleton: the top of the range) shows his heart control
    Case(ANSWER + "1S-3S-4D: 4H with a maximum limit raise", "Q763.K.A9852.JT4", "1S P 3S P 4D P", "4H",
         ("control bid", "♥")),
    # hearts, 1H-3H-4C: 11 HCP and a doubleton (12 support points) shows the diamond ace
    Case(ANSWER + "1H-3H-4C: 4D with 11 HCP and a doubleton", "K75.KJ84.A962.T3", "1H P 3H P 4C P", "4D",
         ("control bid", "♦", "12+")),
    # the queen of spades instead of the king (10 HCP, 11 support points) signs off
    Case(ANSWER + "1H-3H-4C: 4H with 10 HCP and a doubleton", "Q75.KJ84.A962.T3", "1H P 3H P 4C P", "4H",
         ("to play",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_lim_r(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"Q763.K84.A52.JT4": 10, "Q763.K8.A952.JT4": 10, "Q763.K.A9852.JT4": 10,
              "K75.KJ84.A962.T3": 11, "Q75.KJ84.A962.T3": 10}
    for pbn, hcp in counts.items():
        assert CardSet.from_pbn(pbn).hcp == hcp, pbn
