"""Textbook cases for the advance of our two-suited entries where the system had none (issue 11).

The unusual 2NT is forcing: it names two suits and asks partner to choose one, however weak he is. The system
answered it directly over one of a suit and over 1NT, but not in the other auctions where it makes the bid:
over their strong 2C, in the passout seat over 1NT, over their raise (``1S P 2S 2NT``) and, doubled, after
their response (``1S P 1H 2NT X``). There the advancer passed (2NT doubled was the contract: -1100 to -2300 on
the development boards) or bid his own long suit as if 2NT were natural. Balancing Michaels over a major had
no answers either, and balancing Michaels over a minor and balancing Landy had none once doubled. Hands come
from the boards of ``bench_strength.py`` (seeds 12, 34 and 42) or were built for the situation. The dealer is
North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

UNUSUAL = ("Root and Pavlicek, Modern Bridge Conventions, the unusual notrump: it is forcing, and partner "
           "gives preference to the longer of the two suits shown, even with no values: ")
DOUBLED = ("Root and Pavlicek, Modern Bridge Conventions, the unusual notrump doubled: the double does not "
           "release partner, who still names a suit (a pass would leave 2NT doubled to play): ")
MICHAELS = ("Root and Pavlicek, Modern Bridge Conventions, the Michaels cue bid: over a major it shows the "
            "other major and a minor, and partner prefers the major with three cards: ")
LANDY = ("Root and Pavlicek, Modern Bridge Conventions, the Landy 2C over 1NT: it shows both majors, and "
         "partner picks one; doubled, 2C is no suit to play, so he still names his longer major: ")

CASES = [
    # seed 12 board 116, dealer West, all vulnerable: P P 2C 2NT X and the advancer passed, 2NT doubled -2300
    Case(DOUBLED + "over their strong 2C, the longer minor", "T94.J932.AQT2.92", "P P 2C 2NT X", "3D",
         ("preference between partner's suits",), dealer="W", vul="All"),
    # seed 34 board 527: a void in clubs, 2NT doubled -1400 before
    Case(DOUBLED + "a void in one minor", "QT95.K8763.QJ93.", "P P P 2C 2NT X", "3D", ("preference",),
         dealer="S", vul="NS"),
    # seed 42 board 256, dealer West: 2C 2NT X with a Yarborough, 2NT doubled -1400 before
    Case(DOUBLED + "no values at all", "J743.JT952.763.7", "2C 2NT X", "3D", ("preference",), dealer="W",
         vul="EW"),
    # their raise: the advancer bid his own spades (as if 2NT were natural) before
    Case(UNUSUAL + "over their raise, clubs with equal minors", "A8765.8632.43.32", "1S P 2S 2NT P", "3C",
         ("preference",)),
    Case(DOUBLED + "over their raise, the longer minor", "A876.86.Q432.932", "1S P 2S 2NT X", "3D",
         ("preference",)),
    # over 1C P 2C the 2NT shows diamonds and hearts: three of each, the major
    Case(UNUSUAL + "over their club raise, hearts", "A87.K86.Q43.9432", "1C P 2C 2NT X", "3H",
         ("preference",)),
    # in the passout seat over 1NT: both minors
    Case(UNUSUAL + "the passout seat over 1NT", "KJ8765.8632.43.3", "1NT P P 2NT P", "3D", ("preference",)),
    # after their response, doubled: the two unbid suits (diamonds and clubs over 1S P 1H)
    Case(DOUBLED + "after their response", "A8765.8632.43.32", "1S P 1H 2NT X", "3D", ("preference",)),
    # balancing Michaels over 1S shows hearts and a minor: three hearts prefer hearts at the three level
    Case(MICHAELS + "in the passout seat", "A87.8632.Q432.93", "1S P P 2S P", "3H", ("preference",)),
    # without three hearts: 2NT asks for the minor, and the Michaels bidder names it
    Case(MICHAELS + "two hearts ask for the minor", "A8765.86.432.932", "1S P P 2S P", "2NT", ("minor",)),
    Case(MICHAELS + "the minor named", "8.AJ765.KQ932.32", "1S P P 2S P 2NT P", "3D", ("minor",)),
    # balancing Michaels over a minor (both majors) doubled: a major at once, not 2C doubled
    Case(MICHAELS + "over a minor in the passout seat, doubled", "J876.T86.432.932", "1C P P 2C X", "2S",
         ("preference",)),
    # Landy in the passout seat doubled: the longer major, as over the direct Landy doubled
    Case(LANDY + "in the passout seat, doubled", "J876.T86.432.932", "1NT P P 2C X", "2S", ("preference",)),
    # the direct unusual 2NT was answered before, and still is
    Case(UNUSUAL + "the direct one, unchanged", "A8765.8632.43.32", "1S 2NT X", "3C", ("preference",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
