"""Textbook cases for the robots' competitive bidding, eighth round (issue 11).

* advancing a balancing 1NT (11-14, ``parts/defence.rules``): the passout seat's notrump is about three
  points lighter than a strong notrump opening, so the advancer counts three more than he would opposite
  one. He invites with 11-12 (2NT, or Stayman and then 2NT or three of the major found), bids game with
  13+, and the balancing notrump accepts an invitation with 13-14.

Hands come from the development boards of ``bench_strength.py`` (seeds 41 and 42) or were built for the
situation. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

BALANCING_NT = ("Mike Lawrence, The Complete Book on Balancing, advancing the balancing 1NT (11-14): "
                "partner has three points less than a notrump opening, so add three to your own count: ")

CASES = [
    # 13 HCP, 4-4-2-3 advancer (seed 42 board 121): no major fit after Stayman, 13 opposite 11-14 is game;
    # 3NT makes, 2NT was passed
    Case(BALANCING_NT + "game with 13 after Stayman's denial", "AT73.T752.KQ.A97", "1H P P 1NT P 2C P 2D P",
         "3NT", ("13+ HCP",)),
    # 11 HCP, 3-4-2-4 (seed 41 board 10, East dealer): an invitation, not a pass at the two level
    Case(BALANCING_NT + "an invitation with 11 after Stayman's denial", "K98.AJT9.J5.Q972",
         "1D P P 1NT P 2C P 2D P", "2NT", ("11-12 HCP",), dealer="E", vul="All"),
    # 13 HCP, 3-3-4-3, no four-card major: game directly
    Case(BALANCING_NT + "game directly with 13", "KQ5.J72.AJ43.Q85", "1H P P 1NT P", "3NT", ("13+ HCP",)),
    # 11 HCP, 3-3-4-3: 2NT invites
    Case(BALANCING_NT + "2NT invites with 11", "A95.J72.KJ43.Q85", "1H P P 1NT P", "2NT", ("11-12 HCP",)),
    # 7 HCP: pass
    Case(BALANCING_NT + "a weak balanced hand passes", "975.J72.KJ43.Q85", "1H P P 1NT P", "P", ()),
    # 11 HCP with four hearts: three of the major found invites
    Case(BALANCING_NT + "three of the major with the fit and 11", "KJ5.QT72.K43.Q85",
         "1S P P 1NT P 2C P 2H P", "3H", ("invitational",)),
    # 13 HCP with four hearts: game in the major
    Case(BALANCING_NT + "game in the major with the fit and 13", "KJ5.QT72.K43.A85",
         "1S P P 1NT P 2C P 2H P", "4H", ("game",)),
    # the balancing notrump with 13 accepts the invitation in hearts
    Case(BALANCING_NT + "the balancing notrump accepts with 13", "AQ5.KJ63.J42.Q85",
         "1S P P 1NT P 2C P 2H P 3H P", "4H", ("accepts",)),
    # the balancing notrump with 11 declines
    Case(BALANCING_NT + "the balancing notrump declines with 11", "A95.KJ63.J42.Q85",
         "1S P P 1NT P 2C P 2H P 3H P", "P", ("declines",)),
    # 14 HCP and four spades: after 2H the 2NT invitation shows the spades Stayman asked about
    Case(BALANCING_NT + "game in spades after the notrump invitation", "AQ53.KJ63.KJ2.85",
         "1D P P 1NT P 2C P 2H P 2NT P", "4S", ("accepts",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
