"""Responder's answer to opener's jump rebid (1x-1y-3x): the thresholds measured, and left as they were
(issue 11, helper invU).

Opener's jump rebid of his suit (1H-1S-3H, 1D-1S-3D) shows a six-card suit and a medium hand: 14+ HCP and
17+ points counting length. The book has responder pass with 6-7 and bid game with 8 or more, and the rules
do so after a 1NT response (1D-1NT-3D, 1S-1NT-3S); after a new suit at the one level they ask for 9 HCP
and pass with 8. Both ways of bidding game with 8 there were measured head to head against main, rules
only, on the development seeds (12-13, 21-48, 50; 21,800 deals) and the held-out seeds (65-69, 73-75):
- 8 HCP bids game after any jump rebid (4M with two trumps or six of his own, else 3NT): -8 IMPs on
  development (25 boards changed). Over the 4M raise, opener's keycard ask (he reads the raise as 7+ HCP
  with no upper limit, and on main it gains +23 over six boards where responder holds 10-14) went past game
  and failed on five boards (-37).
- 8 HCP bids 3NT after a minor jump rebid only: +32 on development (15 boards), -6 held out (3
  boards). Not kept.
The cases below are the ones both the book and the measurement support.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GRANT = ("Audrey Grant, Bidding in the 21st Century (opener's invitational jump rebid of a six-card suit: "
         "responder passes with a minimum and bids game with more), ")
SAYC = ("ACBL SAYC System Booklet (opener's jump rebid of his suit is invitational, not forcing; responder "
        "passes with a minimum response), ")

CASES = [
    # 7 HCP 5-3-2-3 after a diamond jump rebid: pass, a minimum response
    Case(GRANT + "1D-1S-3D: pass with 7 HCP", "KJ742.J53.Q8.874", "1D P 1S P 3D P", "P"),
    Case(SAYC + "1D-1S-3D: pass with 7 HCP", "KJ742.J53.Q8.874", "1D P 1S P 3D P", "P", system="sayc"),
    # 7 HCP 5-2-3-3 after a heart jump rebid: pass
    Case(GRANT + "1H-1S-3H: pass with 7 HCP", "KJ742.Q5.J83.874", "1H P 1S P 3H P", "P"),
    # 9 HCP 5-2-3-3 after a heart jump rebid: 4H with two hearts (an eight-card fit)
    Case(GRANT + "1H-1S-3H: 4H with 9 HCP and two hearts", "KJ742.Q5.J83.Q74", "1H P 1S P 3H P", "4H",
         ("game",)),
    Case(SAYC + "1H-1S-3H: 4H with 9 HCP and two hearts", "KJ742.Q5.J83.Q74", "1H P 1S P 3H P", "4H",
         ("game",), system="sayc"),
    # 9 HCP 5-3-2-3 after a diamond jump rebid: 3NT
    Case(GRANT + "1D-1S-3D: 3NT with 9 HCP", "KJ742.Q53.J8.Q74", "1D P 1S P 3D P", "3NT", ("game",)),
    # 8 HCP 3-3-2-5 after 1D-1NT-3D: 3NT (the 1NT response is limited to 6-10, so 8 is its upper half)
    Case(GRANT + "1D-1NT-3D: 3NT with 8 HCP", "Q83.K74.Q8.J8742", "1D P 1NT P 3D P", "3NT", ("game",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.system} {c.id}")
def test_invU(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"KJ742.J53.Q8.874": (7, (5, 3, 2, 3)), "KJ742.Q5.J83.874": (7, (5, 2, 3, 3)),
              "KJ742.Q5.J83.Q74": (9, (5, 2, 3, 3)), "KJ742.Q53.J8.Q74": (9, (5, 3, 2, 3)),
              "Q83.K74.Q8.J8742": (8, (3, 3, 2, 5))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
