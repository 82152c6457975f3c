"""Uncontested games that fail: the vulnerable light acceptance of a notrump invitation (issue 11, helper
failG).

Vulnerable, the principles accept partner's invitation one point lighter than the upper half of the range
the inviter's partner has shown (at IMPs a vulnerable game pays from about 37 %), never at its bottom. In
practice that is opener with 12 HCP accepting responder's invitational 2NT (1D-2NT, 1C-1H-1S-2NT,
1D-1H-2C-2NT). On the 21,800 development deals these light 3NT contracts failed 40 times in 56: with a
singleton or a void in the accepting hand 20 times in 25 (-50 IMPs against passing 2NT), with a
semibalanced hand 20 times in 31 (+30). The book's hand evaluation for notrump says the same: a singleton
adds nothing to a notrump contract (short-suit points count only with a trump fit), so an unbalanced
minimum is a minimum. The light acceptance now needs a semibalanced hand (no singleton or void); the normal
acceptance (the upper half of the range) is unchanged, and there singletons paid (+350 over 176 boards).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

BERGEN = ("Marty Bergen, Points Schmoints! (for notrump, count no points for short suits, so a minimum "
          "with a singleton stays a minimum), ")
IMPS = ("IMP tactics (a vulnerable game needs only about 37 %: with a balanced hand a borderline "
        "invitation is accepted), ")

CASES = [
    # 12 HCP 3-4-5-1 after 1D-2NT (invitational, 11-12), vulnerable: pass, the singleton is no asset in 3NT
    Case(BERGEN + "1D-2NT, vulnerable: pass with 12 HCP and a singleton", "A53.QT53.K8542.K", "1D P 2NT P",
         "P", ("declines",), vul="NS"),
    # 12 HCP 4-1-3-5 after 1C-1H-1S-2NT, vulnerable: pass
    Case(BERGEN + "1C-1H-1S-2NT, vulnerable: pass with 12 HCP and a singleton", "AK72.4.KJ4.JT765",
         "1C P 1H P 1S P 2NT P", "P", ("declines",), vul="NS"),
    # 12 HCP 3-1-5-4 after 1D-1H-2C-2NT, vulnerable: pass
    Case(BERGEN + "1D-1H-2C-2NT, vulnerable: pass with 12 HCP and a singleton", "764.5.AK962.AJ62",
         "1D P 1H P 2C P 2NT P", "P", ("declines",), vul="NS"),
    # 12 HCP 3-2-5-3 after 1D-2NT, vulnerable: 3NT, a balanced hand with a five-card suit
    Case(IMPS + "1D-2NT, vulnerable: 3NT with a balanced 12 HCP and five diamonds", "A75.82.KQJ85.QT9",
         "1D P 2NT P", "3NT", ("accepts",), vul="NS"),
    # 12 HCP 4-2-3-4 after 1C-1H-1S-2NT, vulnerable: 3NT
    Case(IMPS + "1C-1H-1S-2NT, vulnerable: 3NT with a balanced 12 HCP", "AK72.43.KJ4.JT76",
         "1C P 1H P 1S P 2NT P", "3NT", ("accepts",), vul="NS"),
    # the same balanced hand not vulnerable: pass (the light acceptance is for vulnerable games only)
    Case(IMPS[:-2] + "; not vulnerable a game needs about 45 %), 1D-2NT: pass with a balanced 12 HCP",
         "A75.82.KQJ85.QT9", "1D P 2NT P", "P", ("declines",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.system} {c.vul} {c.id}")
def test_failG(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"A53.QT53.K8542.K": (12, (3, 4, 5, 1)), "AK72.4.KJ4.JT765": (12, (4, 1, 3, 5)),
              "764.5.AK962.AJ62": (12, (3, 1, 5, 4)), "A75.82.KQJ85.QT9": (12, (3, 2, 5, 3)),
              "AK72.43.KJ4.JT76": (12, (4, 2, 3, 4))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
