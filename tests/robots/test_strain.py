"""Textbook cases for the choice of strain for game in uncontested auctions (issue 11, helper strain).

Responder's second major after opener's minor rebid: 1m-1S-2m, responder holds five spades and four hearts
with game values (13-17 HCP). Before, the rules bid 3NT at once and a four-four heart fit was lost: opener's
2m rebid does not deny four hearts, since 2H there would be a reverse (extra values). Standard texts have
responder bid the new suit, forcing, and opener raise it with four (1D-1S-2D-2H-4H), give delayed support
with three spades (3S, then 4S) and otherwise bid notrump or rebid his minor (the principles). After 1m-1H-2m
opener has denied four spades (he would have bid 1S), so responder's 2S is not used: 3NT stays. The same
2H with 11 or 12 HCP and an unbalanced hand (the principles' new suit, now written in the file since the
game-values rule names 2H) keeps its meaning: 11+ HCP, four hearts, forcing one round.
Opener with a four-card fit asks for keycards only with extra values (17 or more HCP; aces in the SAYC
card); with a minimum he bids game. When opener shows neither major (2NT, his minor again), responder with
game values bids 3NT rather than pass.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

NEW_SUIT = ("Audrey Grant, Bidding in the 21st Century (responder's rebid: a new suit by responder is "
            "forcing; with five spades and four hearts show the hearts before settling in notrump), ")
SAYC = ("ACBL SAYC System Booklet (responder's rebids: a new suit by responder is forcing for one round), ")
REVERSE = ("Standard opener's rebids (2H after 1D-1S would be a reverse, so 1D-1S-2D may hold four hearts; "
           "raise responder's hearts with four, show three-card support for his five-card spades), ")

CASES = [
    # 14 HCP 5-4-2-2: the hearts before 3NT, forcing
    Case(NEW_SUIT + "1D-1S-2D: 2H with five spades, four hearts and 14 HCP", "AQ964.KJ42.Q5.Q7",
         "1D P 1S P 2D P", "2H", ("new suit", "4+♥", "forcing")),
    Case(NEW_SUIT + "1C-1S-2C: 2H with five spades, four hearts and 14 HCP", "AQ964.KJ42.Q5.Q7",
         "1C P 1S P 2C P", "2H", ("new suit", "forcing")),
    Case(SAYC + "1D-1S-2D: 2H with five spades, four hearts and 14 HCP", "AQ964.KJ42.Q5.Q7",
         "1D P 1S P 2D P", "2H", ("new suit", "forcing"), system="sayc"),
    # 12 HCP 5-4-2-2: too strong to pass 2D, not balanced for 2NT: the same new suit, forcing one round
    Case(NEW_SUIT + "1D-1S-2D: 2H with five spades, four hearts and 12 HCP", "AQ964.KJ42.95.Q7",
         "1D P 1S P 2D P", "2H", ("new suit", "11+ HCP", "forcing")),
    # the guard: after 1D-1H-2D opener denied four spades, so the four-card spade suit is not shown
    Case(NEW_SUIT + "1D-1H-2D: 3NT with five hearts and four spades (opener denied four spades)",
         "KJ42.AQ964.Q5.Q7", "1D P 1H P 2D P", "3NT", ("notrump",)),
    # opener, 12 HCP 2-4-5-2: four hearts and a minimum, game at once
    Case(REVERSE + "1D-1S-2D-2H: 4H with four hearts and a minimum", "T5.A965.KJT63.A6",
         "1D P 1S P 2D P 2H P", "4H", ("4+♥",)),
    # opener, 17 HCP 1-4-5-3: four hearts and extra values, a keycard ask
    Case(REVERSE + "1D-1S-2D-2H: 4NT with four hearts and 17 HCP", "5.A965.AKJT6.KQ4", "1D P 1S P 2D P 2H P",
         "4NT", ("keycards",)),
    # opener, 14 HCP 3-2-6-2: three spades, delayed support
    Case(REVERSE + "1D-1S-2D-2H: 3S with three spades", "KT5.K9.KJT632.A4", "1D P 1S P 2D P 2H P", "3S",
         ("3+♠", "forcing")),
    # responder: the five-three spade fit found, game in it
    Case(NEW_SUIT + "1D-1S-2D-2H-3S: 4S", "AQ964.KJ42.Q5.Q7", "1D P 1S P 2D P 2H P 3S P", "4S", ("game",)),
    Case(SAYC + "1D-1S-2D-2H: 4H with four hearts and a minimum", "T5.A965.KJT63.A6", "1D P 1S P 2D P 2H P",
         "4H", ("4+♥",), system="sayc"),
    # responder, 16 and 15 HCP 5-4-3-1: opener denied both majors (3C, 2NT): the game values still bid
    # game, they do not pass a call that is only not forcing
    Case(NEW_SUIT + "1C-1S-2C-2H-3C: 3NT with 16 HCP", "KQT43.A963.AK5.8", "1C P 1S P 2C P 2H P 3C P", "3NT",
         ("notrump", "13+ HCP")),
    Case(NEW_SUIT + "1C-1S-2C-2H-2NT: 3NT with 15 HCP", "AKQT3.AQ92.954.6", "1C P 1S P 2C P 2H P 2NT P",
         "3NT", ("notrump", "13+ HCP")),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
