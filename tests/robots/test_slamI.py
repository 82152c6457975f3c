"""Textbook cases for major-suit slams found by exchanging information (issue 11, helper slamI): the slam try
after a super-accept of a Jacoby transfer.

Over 1NT, 2D/2H transfers and opener's jump to three of the major (the super-accept: four trumps and a
maximum, 16-17) shows a nine-card fit at once. Responder's only continuations used to be game or a pass, so
a slam try could start only with RKCB, which needs first- or second-round control of every suit neither
partner bid naturally, in responder's own hand: with nothing known about opener's controls, a hand holding
slam values but no control in one side suit signed off in game. Now, with 28 support points together (the
control bid's usual threshold), responder bids his cheapest control below game; opener, who has already
shown his maximum, shows his own cheapest control whenever he has one, and RKCB follows once every suit is
covered. Game stays the call with less. And when responder then signs off in game after opener's control
bid, he lacks a control he could not show: opener, holding a control of every suit responder has not
shown one in, asks for keycards (the count was responder's to judge; what is left is the keycards).

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

TRANSFERS = ("Root and Pavlicek, Modern Bridge Conventions, Jacoby transfers (after opener's "
             "super-acceptance responder signs off in game or makes a slam try with a new suit), ")
KANTAR = ("Eddie Kantar, Roman Keycard Blackwood (control bids first when a suit has no first- or "
          "second-round control: Blackwood cannot find it), ")

CASES = [
    # 14 HCP 5-2-2-4 after 1NT-2H-3S: no control of hearts, so RKCB is out; the club ace is the cheapest
    # control: 4C, a slam try (on the old rules, 4S)
    Case(TRANSFERS + "1NT-2H-3S: 4C, a control bid, with 14 HCP", "AK863.94.K5.A842", "1NT P 2H P 3S P", "4C",
         ("control",)),
    # the same over 2D-3H with hearts, 13 HCP 2-5-2-4 and no spade control: 4C, the club ace
    Case(TRANSFERS + "1NT-2D-3H: 4C, a control bid, with 13 HCP", "85.KQJ86.K2.A843", "1NT P 2D P 3H P", "4C",
         ("control",)),
    # 8 HCP: game, no slam try
    Case(TRANSFERS + "1NT-2H-3S: 4S with 8 HCP", "J9632.A7.K53.843", "1NT P 2H P 3S P", "4S", ("game",)),
    # 14 HCP, slam interest (28 together) but no ace, king or singleton outside hearts: no control to show
    # and no keycard ask, so game (before, no rule fitted and a general 3NT was bid over the nine-card fit)
    Case(TRANSFERS + "1NT-2D-3H: 4H with slam values but no side control", "QJ2.KQJ86.QJ2.Q2",
         "1NT P 2D P 3H P", "4H", ("game",)),
    # 3 HCP: pass the super-accept
    Case(TRANSFERS + "1NT-2H-3S: pass with 3 HCP", "J9632.Q7.853.843", "1NT P 2H P 3S P", "P"),
    # opener with 16 HCP and the diamond ace: after his super-accept the maximum is shown, so he shows the
    # control (on the old rules he signed off with the lower half of 16-17)
    Case(KANTAR + "1NT-2H-3S-4C: 4D, the diamond ace, with 16 HCP", "KJ74.AQ.A832.Q96",
         "1NT P 2H P 3S P 4C P", "4D", ("control",)),
    # no control of diamonds or hearts: back to 4S
    Case(KANTAR + "1NT-2H-3S-4C: 4S with no red control", "KJ74.Q5.QJ3.AKJ2", "1NT P 2H P 3S P 4C P", "4S"),
    # he showed clubs, I showed diamonds, and he signed off: he lacks the heart control, which I hold (the
    # king); no suit is left uncontrolled, so the keycards decide: 4NT
    Case(KANTAR + "1NT-2H-3S-4C-4D-4S: 4NT holding the heart king", "QJT2.KJ3.AJ9.KQ9",
         "1NT P 2H P 3S P 4C P 4D P 4S P", "4NT", ("keycards",)),
    # the same with no heart control: a suit may be lost at once, pass
    Case(KANTAR + "1NT-2H-3S-4C-4D-4S: pass with no heart control", "QJT2.QJ3.AJ9.AQ9",
         "1NT P 2H P 3S P 4C P 4D P 4S P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_slam_i(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AK863.94.K5.A842": (14, (5, 2, 2, 4)), "85.KQJ86.K2.A843": (13, (2, 5, 2, 4)),
              "J9632.A7.K53.843": (8, (5, 2, 3, 3)), "J9632.Q7.853.843": (3, (5, 2, 3, 3)),
              "KJ74.AQ.A832.Q96": (16, (4, 2, 4, 3)), "KJ74.Q5.QJ3.AKJ2": (17, (4, 2, 3, 4)),
              "QJT2.KJ3.AJ9.KQ9": (17, (4, 3, 3, 3)), "QJT2.QJ3.AJ9.AQ9": (17, (4, 3, 3, 3)),
              "QJ2.KQJ86.QJ2.Q2": (14, (3, 5, 3, 2))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
