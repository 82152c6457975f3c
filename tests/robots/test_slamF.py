"""Textbook cases for slams bid that fail (issue 11, helper slamF): 6NT with a major fit, and six after RKCB
missing a keycard and the trump queen in an eight-card fit.

Slam by count (``_slam_first`` in the generators) bid 6NT whatever fit the auction had found: 1C-1S-2S and
then 6NT with five spades, 1D-1H-4H and then 6NT with four hearts. In the census of the development seeds,
6NT by count was bid on 45 boards with an eight-card major fit between the hands: on none did it take more
tricks than six of the major, on 12 it took fewer (on 10 of them 6NT failed). Six of a major scores ten
points less than 6NT, never an IMP. The rule now: with an eight-card fit in a major one of the partners has
bid, the slam by count goes in the major. A long major never named (2NT and a six-card suit) keeps its own
route, a transfer first; with no known eight-card fit the count still bids 6NT.

After RKCB (1430), partner's 5H shows two keycards without the trump queen. With one keycard missing as
well, the asker stopped in five only when he held four trumps or fewer; five trumps opposite a raise on three
(an eight-card fit as well) went on to six, and failed on 7 of 8 such boards of the development seeds. The
sign-off now rests on the known fit: no more than eight cards together (his own length and what partner has
shown), five of the suit; with nine known, six.

A second round (29 November 2026): suit slams with a fit the robots stopped short of. In a two over one
the jump to game in opener's major is the weakest way there (the principle of fast arrival): it shows a
minimum, 12-14 HCP, and a responder with 15+ and support raises slowly (3M, forcing to game) after opener's
rebid of his major or a new suit (not a four-card fit in it), so that opener's control bid can start the
slam; opener, who now knows the fast game for a minimum, asks less often opposite it.

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

GOREN = ("Charles Goren, Point Count Bidding in Contract Bridge (33 points together for a small slam; with "
         "a trump fit the slam is played in the suit, notrump when no fit is found), ")
ROOT = ("William Root, Commonsense Bidding (look for a trump fit first: a suit contract takes a trick more "
        "than notrump as often as not), ")
KANTAR = ("Eddie Kantar, Roman Keycard Blackwood (missing a keycard and the trump queen, sign off in five: "
          "the slam needs both the queen and no other loser; a longer fit makes the queen less likely to be "
          "lost), ")
TEXAS = ("Root and Pavlicek, Modern Bridge Conventions, Texas transfers (over 2NT, four of the suit below "
         "a long major transfers to it, and slam is tried after), ")

CASES = [
    # 20 HCP 5-3-3-2 opposite 1C-1S-2S (a raise: three or more spades, about 12-15): 6S, not 6NT
    Case(ROOT + "1C-1S-2S: 6S with 20 HCP and five spades", "AKQ74.A85.Q96.AJ", "P 1C P 1S P 2S P", "6S",
         ("slam",), dealer="W"),
    # 15 HCP with four hearts opposite opener's jump to 4H (four-card support, 19+ points): 6H
    Case(GOREN + "1D-1H-4H: 6H with 15 HCP and four hearts", "QJ98.AJ75.KQ.Q64", "1D P 1H P 4H P", "6H",
         ("slam",)),
    # 15 HCP with two hearts opposite 1H-2D-3H (six good hearts, 15+ HCP): the fit is eight cards, 6H
    Case(ROOT + "1H-2D-3H: 6H with 15 HCP and a doubleton heart", "AQJ.AT.K842.J642", "1H P 2D P 3H P", "6H",
         ("slam",), dealer="W"),
    # the raise may hold three spades: with four of them no eight-card fit is known, so still 6NT
    Case(GOREN + "1C-1S-2S: 6NT with 20 HCP and four spades", "AKQ7.A854.Q96.AJ", "P 1C P 1S P 2S P", "6NT",
         ("slam",), dealer="W"),
    # a long major nobody has bid: the transfer first, not a jump to six at once
    Case(TEXAS + "2NT: 4H (Texas) with seven spades, not 6S", "AQ98532.A64.75.A", "2NT P", "4H",
         ("transfer",), dealer="E"),
    # five spades opposite a raise to 4S on three or more; 5H: two keycards, no queen; the diamond ace and
    # the spade queen are both missing, and the fit is eight cards: 5S
    Case(KANTAR + "1S-2C-2H-4S-4NT-5H: 5S with five spades", "AT642.AT654.KQ4.",
         "1S P 2C P 2H P 4S P 4NT P 5H P", "5S", dealer="S"),
    # the same after 1H-1S-2S (three or more spades) with five of them: 5S
    Case(KANTAR + "1H-1S-2S-4NT-5H: 5S with five spades and two keycards", "J9843.A72.AKJ3.Q",
         "1H P 1S P 2S P 4NT P 5H P", "5S"),
    # four spades opposite the 1S opening (five or more): nine trumps known, the slam is worth bidding: 6S
    Case(KANTAR + "1S-4NT-5H: 6S with four spades (nine together)", "KT75.KQ43.6.AK43", "1S P 4NT P 5H P",
         "6S"),
    # every keycard held (the ace of clubs too): the queen alone is not a reason to stop, 6S
    Case(KANTAR + "1H-1S-2S-4NT-5H: 6S with three keycards", "J9843.A72.AKJ3.A", "1H P 1S P 2S P 4NT P 5H P",
         "6S"),
]

HARDY = ("Max Hardy, Two-Over-One Game Force (in a game-forcing auction the jump to game is the weakest "
         "way there, fast arrival: a minimum; the slow raise shows more), ")
LAWRENCE = ("Mike Lawrence, Workbook on the Two Over One System (responder's 4M after opener's rebid is a "
            "minimum two over one; with extra values he raises below game), ")
CONTROLS = ("Eddie Kantar, Slam Bidding (once a major is agreed, a new suit below game is a control bid "
            "and a slam try), ")

FAST = [
    # 1S-2D-3C with three spades: 16 HCP raise slowly, 12 jump to game
    Case(HARDY + "1S-2D-3C: 3S with 16 HCP and three spades", "KQ4.A32.AQJ54.32", "1S P 2D P 3C P", "3S",
         ("raise", "15+")),
    Case(HARDY + "1S-2D-3C: 4S with 12 HCP and three spades", "K42.83.AQJ54.Q32", "1S P 2D P 3C P", "4S",
         ("game", "12-14")),
    # 1S-2C-2S (six spades as a rule): three spades and 15 HCP, 3S; 12, 4S
    Case(LAWRENCE + "1S-2C-2S: 3S with 15 HCP", "AJ5.K43.K83.AT65", "1S P 2C P 2S P", "3S", ("raise",)),
    Case(LAWRENCE + "1S-2C-2S: 4S with 12 HCP", "AJ5.Q43.K83.QT65", "1S P 2C P 2S P", "4S", ("game",)),
    # 1S-2D-2H: no four hearts, three spades
    Case(HARDY + "1S-2D-2H: 3S with 16 HCP and three spades", "Q73.K2.AQJ86.A54", "1S P 2D P 2H P", "3S",
         ("raise",)),
    Case(HARDY + "1S-2D-2H: 4S with 12 HCP and three spades", "Q73.82.AQJ86.K54", "1S P 2D P 2H P", "4S",
         ("game",)),
    # four cards of opener's second suit, a minor, take nothing from the major: the same fast game
    Case(HARDY + "1S-2D-3C: 4S with 13 HCP, three spades and four clubs", "K43.5.AQ872.KJ42",
         "1S P 2D P 3C P", "4S", ("game", "12-14")),
    # opposite the slow raise (15+) opener with a singleton and a control to show starts the slam try
    Case(CONTROLS + "1S-2D-3C-3S: 4C with 12 HCP, a club control", "AQ854.Q4.83.KJ95",
         "1S P 2D P 3C P 3S P", "4C", ("control",)),
]


@pytest.mark.parametrize("case", CASES + FAST, ids=lambda c: c.id)
def test_slam_f(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AKQ74.A85.Q96.AJ": (20, (5, 3, 3, 2)), "QJ98.AJ75.KQ.Q64": (15, (4, 4, 2, 3)),
              "AQJ.AT.K842.J642": (15, (3, 2, 4, 4)), "AKQ7.A854.Q96.AJ": (20, (4, 4, 3, 2)),
              "AQ98532.A64.75.A": (14, (7, 3, 2, 1)), "AT642.AT654.KQ4.": (13, (5, 5, 3, 0)),
              "J9843.A72.AKJ3.Q": (15, (5, 3, 4, 1)), "KT75.KQ43.6.AK43": (15, (4, 4, 1, 4)),
              "J9843.A72.AKJ3.A": (17, (5, 3, 4, 1)),
              "KQ4.A32.AQJ54.32": (16, (3, 3, 5, 2)), "K43.5.AQ872.KJ42": (13, (3, 1, 5, 4)),
              "K42.83.AQJ54.Q32": (12, (3, 2, 5, 3)),
              "AJ5.K43.K83.AT65": (15, (3, 3, 3, 4)), "AJ5.Q43.K83.QT65": (12, (3, 3, 3, 4)),
              "Q73.K2.AQJ86.A54": (16, (3, 2, 5, 3)), "Q73.82.AQJ86.K54": (12, (3, 2, 5, 3)),
              "AQ854.Q4.83.KJ95": (12, (5, 2, 2, 4))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
