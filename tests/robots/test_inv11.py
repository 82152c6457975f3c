"""Textbook cases for invitations in uncontested auctions (issue 11, helper inv11).

1. Responder's invitation after opener's second suit or rebid major: with three cards of opener's major
   (five cards promised by the opening, six by the rebid) and 10-12 HCP, responder invites in the major
   (1H-1S-2C-3H, 1H-1S-2H-3H) rather than with 2NT. Before, a stopper in the unbid suit sent the hand to
   2NT, and the known eight-card major fit was lost: on the development seeds the audit of main found 3H
   ahead of 2NT on 11 of those hands (+48 IMPs), e.g. seed 27 board 101 (2NT-3NT down, 4H made) and seed
   50 board 35. With a minor for opener's first suit or only two cards of his major, 2NT stays.
   Opener answers the invitation by the generated principle (accept with the upper half of his 12-18).
   Head to head against main (rules only): +58 IMPs on the 31 development seeds (21,100 deals, +0.0027 a
   board, s.e. 0.0011) and +35 IMPs on the held-out seeds 52-56 (5,000 deals, +0.0070, s.e. 0.0036).
2. Opener's answer to an invitation in a major with a fit (the ``principles`` generator): accept with
   the upper half of the range shown, and now also with six losers or fewer, whatever the HCP. A raise
   that invites holds about eight losers, so six opposite it make ten tricks, 24 - (6 + 8) (losing trick
   count). A minimum 6-1-4-2 with six losers passed 1S-1NT-2S-3S (seed 50 board 336: 4S made). Head to
   head against main, with case 1 and without it on the same deals: +83 IMPs on the development seeds
   (21,600 deals) and +16 on the held-out seeds 52-56 (5,000 deals).

Every hand's HCP, shape and losers were computed (CardSet.from_pbn(h).hcp, .shape, HandInfo.of(...).losers)
and are noted beside it.
"""

from __future__ import annotations

import pytest

from tenace import CardSet
from tenace.system.bidding.engine import HandInfo

from .textbook._harness import Case, check

GRANT = ("Audrey Grant, Bidding in the 21st Century (responder's second bid with invitational values, "
         "10-12: support opener's major at the three level when the fit is known, before notrump), ")
SAYC = ("ACBL SAYC System Booklet (responder's rebids: a jump preference to opener's first suit invites "
        "game), ")
ANSWER = ("Audrey Grant, Bidding in the 21st Century (opener accepts an invitation with the upper part "
          "of his range and declines with a minimum), ")
KLINGER = ("Ron Klinger, The Modern Losing Trick Count (tricks = 24 minus both hands' losers; an "
           "invitational raise holds about eight), ")

CASES = [
    # 10 HCP 4-3-2-4, the diamonds stopped: 3H, not 2NT
    Case(GRANT + "1H-1S-2C: 3H with three hearts and 10 HCP", "A874.984.K7.K974", "1H P 1S P 2C P", "3H",
         ("invitational", "3+♥")),
    Case(SAYC + "1H-1S-2C: 3H with three hearts and 10 HCP", "A874.984.K7.K974", "1H P 1S P 2C P", "3H",
         ("invitational", "3+♥"), system="sayc"),
    # 10 HCP 4-3-2-4, over opener's 2D: 3H
    Case(GRANT + "1H-1S-2D: 3H with three hearts and 10 HCP", "A874.Q84.K7.J974", "1H P 1S P 2D P", "3H",
         ("invitational",)),
    # 11 HCP 4-3-3-3 opposite a rebid six-card heart suit: the nine-card fit
    Case(GRANT + "1H-1S-2H: 3H with three hearts and 11 HCP", "A974.KJ8.QJ9.T52", "1H P 1S P 2H P", "3H",
         ("invitational", "3+♥")),
    # 11 HCP 4-2-3-4, two hearts only: 2NT with the diamonds stopped
    Case(GRANT + "1H-1S-2C: 2NT with two hearts and the diamonds stopped", "KQT5.95.AQ3.T652",
         "1H P 1S P 2C P", "2NT", ("notrump",)),
    # 10 HCP 4-3-3-3, three diamonds after a 1D opening (perhaps four cards): 2NT with the hearts stopped
    Case(GRANT + "1D-1S-2C: 2NT with three diamonds and the hearts stopped", "A874.K84.Q72.J94",
         "1D P 1S P 2C P", "2NT", ("notrump",)),
    # opener, 15 HCP 2-5-2-4: accepts
    Case(ANSWER + "1H-1S-2C-3H: 4H with 15 HCP", "K5.AQJ74.43.AJ84", "1H P 1S P 2C P 3H P", "4H"),
    # opener, 12 HCP 2-5-2-4, seven losers: declines
    Case(ANSWER + "1H-1S-2C-3H: pass with 12 HCP", "Q5.KJ974.K3.QJ84", "1H P 1S P 2C P 3H P", "P",
         ("declines",)),
    # opener, 11 HCP 6-1-4-2, six losers: game opposite the invitation
    Case(KLINGER + "1S-1NT-2S-3S: 4S with six losers and 11 HCP", "AKJ963.2.KT85.97", "1S P 1NT P 2S P 3S P",
         "4S", ("accept",)),
    Case(KLINGER + "1S-1NT-2S-3S: 4S with six losers and 11 HCP", "AKJ963.2.KT85.97", "1S P 1NT P 2S P 3S P",
         "4S", ("accept",), system="sayc"),
    # opener, 11 HCP 6-2-3-2, seven losers: declines
    Case(KLINGER + "1S-1NT-2S-3S: pass with seven losers and 11 HCP", "AQJ963.J2.KT8.97",
         "1S P 1NT P 2S P 3S P", "P", ("declines",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.system} {c.id}")
def test_inv11(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"A874.984.K7.K974": (10, (4, 3, 2, 4)), "A874.Q84.K7.J974": (10, (4, 3, 2, 4)),
              "A974.KJ8.QJ9.T52": (11, (4, 3, 3, 3)), "KQT5.95.AQ3.T652": (11, (4, 2, 3, 4)),
              "A874.K84.Q72.J94": (10, (4, 3, 3, 3)), "K5.AQJ74.43.AJ84": (15, (2, 5, 2, 4)),
              "Q5.KJ974.K3.QJ84": (12, (2, 5, 2, 4))}
    for hand, (hcp, shape) in counts.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape) == (hcp, shape), hand
    with_losers = {"AKJ963.2.KT85.97": (11, (6, 1, 4, 2), 6), "AQJ963.J2.KT8.97": (11, (6, 2, 3, 2), 7)}
    for hand, (hcp, shape, losers) in with_losers.items():
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, cards.shape, HandInfo.of(cards).losers) == (hcp, shape, losers), hand
    assert HandInfo.of(CardSet.from_pbn("Q5.KJ974.K3.QJ84")).losers == 7
