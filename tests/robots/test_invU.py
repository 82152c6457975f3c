"""Textbook cases for responder's answer to opener's jump rebid in a major (issue 11, helper invU).

Opener's jump rebid of his suit (1H-1S-3H, 1D-1S-3D) shows a six-card suit and a medium hand: 17-18 points
counting length, by the rule that makes it (14+ HCP, 17+ points). Opposite it responder, who has shown 6 or
more HCP, bids game with 8 or more and passes with 6-7: 17-18 and 8 come to the 25-26 a game needs. With
two cards of opener's major (an eight-card fit) or six of his own major the game is four of it, else 3NT.
The rules asked for 9 HCP after a new suit at the one level, though the same jump after a 1NT response
(1S-1NT-3S) already went on with 8. Now both do. On the development seeds (12-13, 21-48 and 50, 21,800
deals, rules only) responder's pass with 8 HCP lost a making game on 7 of 10 boards after a major jump
rebid (game +47 IMPs against the pass) and 3NT would have gained on 8 of 15 after a minor one (+32).

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
    # 8 HCP 5-2-3-3, two hearts: game opposite the jump rebid
    Case(GRANT + "1H-1S-3H: 4H with 8 HCP and two hearts", "KJ742.Q5.Q83.874", "1H P 1S P 3H P", "4H",
         ("game",)),
    Case(SAYC + "1H-1S-3H: 4H with 8 HCP and two hearts", "KJ742.Q5.Q83.874", "1H P 1S P 3H P", "4H",
         ("game",), system="sayc"),
    # 8 HCP 2-4-4-3 after a spade jump rebid over 1NT: game, as it was
    Case(GRANT + "1S-1NT-3S: 4S with 8 HCP and two spades", "Q5.K874.J832.Q74", "1S P 1NT P 3S P", "4S",
         ("game",)),
    # 8 HCP 4-3-3-3 with three hearts, vulnerable or not
    Case(GRANT + "1H-1S-3H: 4H with 8 HCP and three hearts", "QJ74.K83.Q83.874", "1H P 1S P 3H P", "4H",
         ("game",), vul="Both"),
    # 7 HCP 5-2-3-3: pass, a minimum response
    Case(GRANT + "1H-1S-3H: pass with 7 HCP", "KJ742.Q5.J83.874", "1H P 1S P 3H P", "P"),
    Case(SAYC + "1H-1S-3H: pass with 7 HCP", "KJ742.Q5.J83.874", "1H P 1S P 3H P", "P", system="sayc"),
    # 8 HCP 5-1-3-4, a singleton heart: no fit, 3NT
    Case(GRANT + "1H-1S-3H: 3NT with 8 HCP and a singleton heart", "KJ742.5.Q83.Q874", "1H P 1S P 3H P",
         "3NT", ("game",)),
    # 8 HCP 5-3-2-3 after a diamond jump rebid: 3NT
    Case(GRANT + "1D-1S-3D: 3NT with 8 HCP", "KJ742.Q53.Q8.874", "1D P 1S P 3D P", "3NT", ("game",)),
    Case(SAYC + "1D-1S-3D: 3NT with 8 HCP", "KJ742.Q53.Q8.874", "1D P 1S P 3D P", "3NT", ("game",),
         system="sayc"),
    # 7 HCP 5-3-2-3 after a diamond jump rebid: pass
    Case(GRANT + "1D-1S-3D: pass with 7 HCP", "KJ742.J53.Q8.874", "1D P 1S P 3D P", "P"),
    # 8 HCP 1-6-3-3, six hearts of his own after a diamond jump rebid: 4H rather than 3NT
    Case(GRANT + "1D-1H-3D: 4H with 8 HCP and six hearts", "7.KQ9742.K83.874", "1D P 1H P 3D P", "4H",
         ("game",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.system} {c.id}")
def test_invU(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"KJ742.Q5.Q83.874": (8, (5, 2, 3, 3)), "Q5.K874.J832.Q74": (8, (2, 4, 4, 3)),
              "QJ74.K83.Q83.874": (8, (4, 3, 3, 3)), "KJ742.Q5.J83.874": (7, (5, 2, 3, 3)),
              "KJ742.5.Q83.Q874": (8, (5, 1, 3, 4)), "KJ742.Q53.Q8.874": (8, (5, 3, 2, 3)),
              "KJ742.J53.Q8.874": (7, (5, 3, 2, 3)), "7.KQ9742.K83.874": (8, (1, 6, 3, 3))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
