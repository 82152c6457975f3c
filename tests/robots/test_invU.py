"""Textbook cases for responder's answer to opener's jump rebid in a minor (issue 11, helper invU).

Opener's jump rebid of his suit (1D-1S-3D) shows a six-card suit and a medium hand: 17-18 points counting
length, by the rule that makes it (14+ HCP, 17+ points). Opposite it responder, who has shown 6 or more
HCP, bids game with 8 or more and passes with 6-7: 17-18 and 8 come to the 25-26 a game needs. After a
minor the game is 3NT. The rules asked for 9 HCP after a new suit at the one level, though the same jump
after a 1NT response (1D-1NT-3D, 1S-1NT-3S) already went on with 8; now a minor jump rebid does too. On the
development seeds (12-13, 21-48 and 50, 21,800 deals, rules only) responder's pass with 8 HCP after a minor
jump rebid missed a 3NT that made on 8 of 15 boards (+32 IMPs for 3NT against the pass).

After a major jump rebid (1H-1S-3H) an 8-count still passes. Game in a major with 8 (4H with two hearts, or
4S with six spades of his own) was measured as well: it changed 8 development boards for -38 IMPs, 37 of
them on five boards where opener's keycard ask over the raise (he reads it as 7+ HCP, with no upper limit)
went past game and failed.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GRANT = ("Audrey Grant, Bidding in the 21st Century (opener's invitational jump rebid of a six-card suit, "
         "17-18: responder passes with 6-7 and bids game with 8 or more), ")
SAYC = ("ACBL SAYC System Booklet (opener's jump rebid of his suit is invitational, not forcing; responder "
        "goes on with more than a minimum response), ")

CASES = [
    # 8 HCP 5-3-2-3 after a diamond jump rebid: 3NT
    Case(GRANT + "1D-1S-3D: 3NT with 8 HCP", "KJ742.Q53.Q8.874", "1D P 1S P 3D P", "3NT", ("game",)),
    Case(SAYC + "1D-1S-3D: 3NT with 8 HCP", "KJ742.Q53.Q8.874", "1D P 1S P 3D P", "3NT", ("game",),
         system="sayc"),
    # 8 HCP 3-4-4-2 after a club jump rebid: 3NT
    Case(GRANT + "1C-1H-3C: 3NT with 8 HCP", "Q83.KJ74.Q832.74", "1C P 1H P 3C P", "3NT", ("game",)),
    # 7 HCP 5-3-2-3 after a diamond jump rebid: pass, a minimum response
    Case(GRANT + "1D-1S-3D: pass with 7 HCP", "KJ742.J53.Q8.874", "1D P 1S P 3D P", "P"),
    Case(SAYC + "1D-1S-3D: pass with 7 HCP", "KJ742.J53.Q8.874", "1D P 1S P 3D P", "P", system="sayc"),
    # the same 8 HCP after 1NT, as before: 3NT
    Case(GRANT + "1D-1NT-3D: 3NT with 8 HCP", "Q83.K74.Q8.J8742", "1D P 1NT P 3D P", "3NT", ("game",)),
    # 8 HCP 5-2-3-3 after a heart jump rebid: pass (see the docstring)
    Case(GRANT + "1H-1S-3H: pass with 8 HCP", "KJ742.Q5.Q83.874", "1H P 1S P 3H P", "P"),
    # 9 HCP 5-2-3-3 after a heart jump rebid: 4H, as before
    Case(GRANT + "1H-1S-3H: 4H with 9 HCP and two hearts", "KJ742.Q5.J83.Q74", "1H P 1S P 3H P", "4H",
         ("game",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.system} {c.id}")
def test_invU(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"KJ742.Q53.Q8.874": (8, (5, 3, 2, 3)), "Q83.KJ74.Q832.74": (8, (3, 4, 4, 2)),
              "KJ742.J53.Q8.874": (7, (5, 3, 2, 3)), "Q83.K74.Q8.J8742": (8, (3, 3, 2, 5)),
              "KJ742.Q5.Q83.874": (8, (5, 2, 3, 3)), "KJ742.Q5.J83.Q74": (9, (5, 2, 3, 3))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
