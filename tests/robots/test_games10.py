"""Textbook cases for game decisions in uncontested auctions (issue 11, helper games10).

1. The losing trick count after a single raise: 1M-2M shows about nine losers, so opener with five losers
   expects ten tricks, 24 - (5 + 9). With 17-18 points and a singleton or void (five losers or fewer as a
   rule) opener bids game at once; a semibalanced 17-18 still invites with 3M. Audit on the development
   seeds: 4M instead of 3M with 17-18 points gained 130 IMPs on the hands with a singleton or void and lost
   21 on the semibalanced ones.
2. Vulnerable at IMPs a game needs about 37 % to pay, not vulnerable about 45 %: responder accepts opener's
   3M game try with 7-8 support points (a raise of 6-10) when vulnerable, and opener accepts a limit raise
   with 12-13 points when vulnerable. The audit's gains for accepting were nearly all vulnerable (+74 against
   +15 for the game try, +59 against +13 for the limit raise).
3. Stayman with a four-four fit: the fit plays about a trick better than notrump, so nine HCP opposite a
   15-17 notrump bids game; eight still invite.
4. Where the written rules stop (the ``principles`` generator), a fit with 23-24 points together bids game
   when vulnerable, for the same reason as 2.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KLINGER = ("Ron Klinger, The Modern Losing Trick Count (tricks = 24 minus both hands' losers; a single raise "
           "holds about nine), ")
IMPS = ("Marty Bergen, Points Schmoints! (at IMPs, bid vulnerable games aggressively: the game bonus pays "
        "for a thin game), ")
STAYMAN = ("Audrey Grant, Bridge Basics 2: Competitive Bidding, notrump responses (a four-four major fit "
           "adds a trick over notrump; game with 9+ opposite 15-17), ")

CASES = [
    # 16 HCP 5-3-4-1, 17 points, a singleton club
    Case(KLINGER + "1S-2S: 4S with 17 points and a singleton", "AKJ85.A72.KJ43.7", "1S P 2S P", "4S",
         ("game",)),
    # 16 HCP 5-3-3-2, 17 points, semibalanced: the invitation
    Case(KLINGER + "1S-2S: 3S with 17 points and no shortness", "AKJ85.A72.KJ4.73", "1S P 2S P", "3S",
         ("invit",)),
    # 6 HCP 3-4-4-2, 7 support points, vulnerable: accept the game try
    Case(IMPS + "1H-2H-3H vulnerable: 4H with 7 support points", "K52.Q843.J742.63", "1H P 2H P 3H P", "4H",
         ("accept",), vul="Both"),
    # the same hand not vulnerable: decline
    Case(IMPS + "1H-2H-3H not vulnerable: pass with 7 support points", "K52.Q843.J742.63", "1H P 2H P 3H P",
         "P", ("decline",)),
    # 12 HCP 5-3-3-2, 13 points, vulnerable: accept the limit raise
    Case(IMPS + "1S-3S vulnerable: 4S with 13 points", "AQ875.K42.Q63.J5", "1S P 3S P", "4S", ("accept",),
         vul="Both"),
    # the same hand not vulnerable: decline
    Case(IMPS + "1S-3S not vulnerable: pass with 13 points", "AQ875.K42.Q63.J5", "1S P 3S P", "P",
         ("decline",)),
    # 9 HCP 3-4-4-2 with four hearts: game
    Case(STAYMAN + "1NT-2C-2H: 4H with 9 HCP and four hearts", "K52.QJ84.K763.85", "1NT P 2C P 2H P", "4H",
         ("game",)),
    # 8 HCP 3-4-4-2 with four hearts: the invitation
    Case(STAYMAN + "1NT-2C-2H: 3H with 8 HCP and four hearts", "K52.QJ84.Q763.85", "1NT P 2C P 2H P", "3H",
         ("invit",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_games10(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AKJ85.A72.KJ43.7": (16, (5, 3, 4, 1)), "AKJ85.A72.KJ4.73": (16, (5, 3, 3, 2)),
              "K52.Q843.J742.63": (6, (3, 4, 4, 2)), "AQ875.K42.Q63.J5": (12, (5, 3, 3, 2)),
              "K52.QJ84.K763.85": (9, (3, 4, 4, 2)), "K52.QJ84.Q763.85": (8, (3, 4, 4, 2))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
