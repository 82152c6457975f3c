"""Textbook cases for the fourth round of constructive tuning (issue 11): RKCB's sign-off in five when a keycard
and the trump queen are both missing (generators.py), responder's rebid of his own long suit when partner's
rebid leaves him without a fit (the principles in generators.py), the notrump slam ranges after an inverted
minor raise (cards/parts/core.rules); last, 3NT rather than four of opener's major with a flat hand and three
cards of it once he has shown a balanced hand in a game-forcing auction (the principles).

The inverted minor's ranges follow the card's rule for notrump slams (32 HCP together): after 1m-2m-2NT
(12-14) responder bids 6NT from 20 and invites with 18-19, opener accepting with 13-14 (the raise promised a
minor fit); after 1m-2m-2M (a stopper, any strength, 12 or more) responder invites with 17-19 and opener accepts
from 15.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from ._harness import Case, check

KANTAR = "Eddie Kantar, Roman Keycard Blackwood (missing a keycard and the trump queen, sign off in five), "
CARD = "Tenace 2/1 card (docs/bidding-system.md: notrump slam on 32 HCP together), "
SAYC = "ACBL SAYC booklet (responder's rebid of his own six-card suit is to play), "
KLINGER = "Ron Klinger, The Modern Losing Trick Count (six losers opposite an opening's seven make ten tricks), "

CASES = [
    # 18 HCP 4-2-4-3, four spades without the queen; partner shows two keycards without the queen: four of
    # the five keycards and no queen
    Case(KANTAR + "two keycards without the queen opposite two: 5S", "AJ76.A5.KQJ5.K32",
         "1H P 1S P 3S P 4NT P 5H P", "5S", ("to play",)),
    # the same with five spades (a nine-card fit): the queen matters less, six
    Case(KANTAR + "with a nine-card fit the slam is bid", "AJ765.A5.KQJ5.K3", "1H P 1S P 3S P 4NT P 5H P",
         "6S", ("slam",)),
    # two with the queen: six
    Case(KANTAR + "two keycards with the queen: 6S", "AJ76.A5.KQJ5.K32", "1H P 1S P 3S P 4NT P 5S P", "6S",
         ("slam",)),
    # 19 HCP, three keycards; partner shows one, then denies the queen (5S): pass
    Case(KANTAR + "one keycard missing and the queen denied: pass five", "AJ76.AK5.AQJ5.32",
         "1H P 1S P 3S P 4NT P 5C P 5D P 5S P", "P", ("to play",)),
    # 10 HCP 3-8-2-0, six losers: game opposite the opening
    Case(KLINGER + "1C-1H-(X)-2C: 4H with eight hearts and six losers", "KT5.AJ876542.Q5.",
         "1C P 1H X 2C P", "4H", ("game",)),
    # 6 HCP 2-6-3-2: rebid the hearts to play
    Case(SAYC + "1C-1H-(X)-2C: 2H with six hearts and 6 HCP", "85.KJ9854.Q52.74", "1C P 1H X 2C P", "2H",
         ("6+♥", "not forcing")),
    # 6 HCP 2-5-3-3: no long suit, pass
    Case(SAYC + "1C-1H-(X)-2C: pass with five hearts and 6 HCP", "853.KJ985.Q52.74", "1C P 1H X 2C P", "P", ()),
    # 18 HCP 3-2-5-3 opposite 12-14
    Case(CARD + "1D-2D-2NT: 4NT invites with 18 HCP", "AQ4.54.AKJT5.AT8", "1D P 2D P 2NT P", "4NT",
         ("quantitative", "18-19")),
    # 23 HCP 3-2-5-3
    Case(CARD + "1D-2D-2NT: 6NT with 23 HCP", "AQ4.K4.AKJT5.AQ8", "1D P 2D P 2NT P", "6NT", ("slam",)),
    # 13 HCP 4-2-4-3 accepts
    Case(CARD + "1D-2D-2NT-4NT: accept with 13 HCP", "K853.AQ.8762.KJ6", "1D P 2D P 2NT P 4NT P", "6NT",
         ("accepts",)),
    # 12 HCP declines
    Case(CARD + "1D-2D-2NT-4NT: decline with 12 HCP", "K853.KQ.8762.KJ6", "1D P 2D P 2NT P 4NT P", "P", ()),
    # 18 HCP 2-3-4-4 after opener's 2S (a stopper)
    Case(CARD + "1D-2D-2S: 4NT invites with 18 HCP", "AJ.AQ9.QJT6.AT98", "1D P 2D P 2S P", "4NT",
         ("quantitative", "17-19")),
    # 15 HCP 4-1-4-4 accepts
    Case(CARD + "1D-2D-2S-4NT: accept with 15 HCP", "KT54.K.K974.KQJ7", "1D P 2D P 2S P 4NT P", "6NT",
         ("accepts",)),
    # 12 HCP 3-3-3-4 after 1S-2C-2NT (balanced, five spades): 3NT, not 4S
    Case(CARD + "1S-2C-2NT: 3NT with three spades and a flat hand", "T96.Q73.AQ7.AT54", "1S P 2C P 2NT P",
         "3NT", ("game",)),
    # 13 HCP 3-4-1-5: the singleton is worth a ruff, 4S
    Case(CARD + "1S-2C-2NT: 4S with three spades and a singleton", "T96.KQ73.A.AT954", "1S P 2C P 2NT P",
         "4S", ("3+♠",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_constructive4(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    """The HCP the comments and sources rely on, computed from the hands."""
    counts = {c.hand: CardSet.from_pbn(c.hand).hcp for c in CASES}
    assert counts["AJ76.A5.KQJ5.K32"] == 18
    assert counts["KT5.AJ876542.Q5."] == 10
    assert counts["AQ4.54.AKJT5.AT8"] == 18
    assert counts["AQ4.K4.AKJT5.AQ8"] == 23
    assert counts["K853.AQ.8762.KJ6"] == 13
    assert counts["K853.KQ.8762.KJ6"] == 12
    assert counts["KT54.K.K974.KQJ7"] == 15
