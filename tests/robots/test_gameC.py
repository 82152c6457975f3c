"""Textbook cases: a seven-card major opposite a singleton is played in the major, not in 3NT (issue 11,
gameC).

The census of the uncontested games on the development deals (rules only) scored each 3NT our side bid
against four of a major double dummy. Over the 114 boards where 3NT was bid with eight or more cards of a
major between the hands, the major scored 207 IMPs more, but not where a call could see it: a bid six-card
major opposite partner's 3NT gained nothing (the boards with a bid seven-card major took it all, +62 over
21, less where partner held a void), and the 5-3 fits after 1NT, 2NT and 1M-2x-2NT lost in the major. The
gain sits with a seven-card suit opposite a singleton: the long suit runs as trumps, where in 3NT it needs
an entry it often lacks. Two auctions reach that 3NT by the rules:

* 1M-1NT-3M-3NT: responder's 3NT denies two cards of opener's major (with a doubleton, adequate support for
  a six-card suit, he raises), so opener with a seventh card takes out to 4M;
* 3M (seven cards)-3NT: responder with 15+ HCP and a singleton raises to 4M (an eight-card fit); 3NT is kept
  for a void.

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

SEVEN = ("A seven-card major opposite a singleton is an eight-card fit, played in the major (the eight-card "
         "fit rule: Root, Commonsense Bidding; Cohen, To Bid or Not to Bid, counts trumps the same way), ")

CASES = [
    # 17 HCP 7-2-2-2: responder's 3NT denies two spades, a seventh spade takes out to 4S
    Case(SEVEN + "1S-1NT-3S-3NT: 4S with seven spades", "AQJ9872.K4.A5.K3", "1S P 1NT P 3S P 3NT P", "4S",
         ("to play", "7+♠")),
    # 17 HCP 2-7-2-2: the same in hearts
    Case(SEVEN + "1H-1NT-3H-3NT: 4H with seven hearts", "K4.AKJ8743.A5.Q3", "1H P 1NT P 3H P 3NT P", "4H",
         ("to play", "7+♥")),
    # 17 HCP 6-2-3-2: six spades opposite at most one is no fit: pass, as before
    Case(SEVEN + "1S-1NT-3S-3NT: pass with six spades", "AQJ987.K4.A52.K3", "1S P 1NT P 3S P 3NT P", "P",
         ()),
    # 16 HCP 1-3-4-5 opposite a 3S preempt: game in spades with the singleton
    Case(SEVEN + "3S-4S with a singleton spade and 16 HCP", "5.AQ4.KJ95.AQ743", "3S P", "4S", ("game",)),
    # 16 HCP 1-3-4-5, the hand test_twos.py used to bid 3NT with: now 4S
    Case(SEVEN + "3S-4S with a singleton spade, the rest stopped", "7.A82.AKJ4.KJ954", "3S P", "4S",
         ("game",)),
    # 18 HCP 3-1-4-5 opposite 3H: the same in hearts
    Case(SEVEN + "3H-4H with a singleton heart and 18 HCP", "AQ4.5.KJ95.AQ743", "3H P", "4H", ("game",)),
    # 16 HCP 0-4-4-5: with a void the seven-card suit is no eight-card fit: 3NT with the side suits stopped
    Case(SEVEN + "3S-3NT with a void in spades", ".AQ84.KJ95.AQ743", "3S P", "3NT", ("0♠", "stopper")),
    # the SAYC card has its own block for the preempt: the same singleton raise
    Case(SEVEN + "SAYC, 3S-4S with a singleton spade", "5.AQ4.KJ95.AQ743", "3S P", "4S", ("game",),
         system="sayc"),
    Case(SEVEN + "SAYC, 1S-1NT-3S-3NT: 4S with seven spades", "AQJ9872.K4.A5.K3", "1S P 1NT P 3S P 3NT P",
         "4S", ("7+♠",), system="sayc"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_seven_card_major_opposite_a_singleton(case: Case) -> None:
    check(case)
