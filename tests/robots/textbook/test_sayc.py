"""Textbook cases for the SAYC card (``sayc``): situations of the ACBL SAYC System Booklet, in our own words.

Every hand's HCP and shape were computed with ``CardSet.from_pbn(hand).hcp`` and ``.shape`` (written beside
it: HCP, then the lengths spades-hearts-diamonds-clubs). ``DIFFERS`` holds the cases where the 2/1 card
(``two-over-one``) makes another call with the same hand: each is asserted for both systems.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from ._harness import Case, check

SAYC = "ACBL SAYC System Booklet, "


def sayc(source: str, hand: str, auction: str, call: str, says: tuple[str, ...] = (), **kw: str) -> Case:
    return Case(SAYC + source, hand, auction, call, says, system="sayc", **kw)


OPENINGS = [
    sayc("general approach: 3NT opening, 25-27 balanced", "AKQ5.AKJ.KQ4.KJ3", "", "3NT",
         ("25-27",)),  # 26 4333
    sayc("general approach: notrump may hold a five-card major", "AQJ52.K3.KJ4.Q72", "", "1NT",
         ("15-17",)),  # 16 5233
    sayc("general approach: 2NT opening, 20-21", "AK5.KQ4.AJ76.QJ4", "", "2NT", ("20-21",)),  # 20 3343
    sayc("general approach: 1D with four-four in the minors", "K5.Q93.AJ84.Q872", "", "1D"),  # 12 2344
    sayc("general approach: 1C with three-three in the minors", "AK52.K32.Q84.J72", "", "1C"),  # 13 4333
    sayc("strong 2C: an unbalanced hand with game in hand", "AKQJ84.AKQ3.A4.2", "", "2C",
         ("strong",)),  # 23 6421
    sayc("weak two-bids: a six-card suit", "KQJ952.73.84.T72", "", "2S", ("weak two",)),  # 6 6223
]

MAJOR_RESPONSES = [
    sayc("1H: a single raise, three trumps and 6-10", "K84.J72.Q84.9632", "1H P", "2H",
         ("single raise",)),  # 6 3334
    sayc("1H: the limit raise may hold three trumps", "KQ4.J72.A84.9632", "1H P", "3H",
         ("limit raise", "3+♥", "invitational")),  # 10 3334
    sayc("1H: limit raise with three trumps and a doubleton", "K4.J72.AQ84.9632", "1H P", "3H",
         ("limit raise",)),  # 10 2344
    sayc("1S: Jacoby 2NT, four trumps and game values", "K842.AJ72.Q84.K6", "1S P", "2NT",
         ("jacoby", "4+♠")),  # 13 4432
    sayc("1S: 3NT shows 15-17 balanced with two cards in opener's suit", "KJ.Q84.AQ84.KJ63", "1S P", "3NT",
         ("15-17", "2♠")),  # 16 2344
    sayc("1S: 2H shows five hearts and 10+, forcing one round", "K4.AQJ72.984.963", "1S P", "2H",
         ("forcing one round", "5+♥")),  # 10 2533
    sayc("1S: a two-level minor needs 10 points, not game values", "K4.J72.A84.QJ963", "1S P", "2C",
         ("10 or more points", "forcing one round")),  # 11 2335
    sayc("1H: four clubs and four diamonds, the lower first", "K84.72.AQ84.Q963", "1H P", "2C"),  # 11 3244
    sayc("1H: a four-card spade suit at the one level", "9742.Q3.K84.A963", "1H P", "1S", ("4+♠",)),  # 9 4234
    sayc("1S: 1NT is 6-10 and not forcing", "J6.Q73.K842.Q763", "1S P", "1NT",
         ("6-10", "not forcing")),  # 8 2344
    sayc("1S: a strong jump shift, 17 or more", "A4.KQ2.84.AKQ963", "1S P", "3C",
         ("jump shift", "17+")),  # 18 2326
    sayc("1H: the jump to game is preemptive", "8.KJ742.KJ8632.4", "1H P", "4H",
         ("preemptive", "5+♥")),  # 8 1561
    sayc("a passed hand raises to three with a fit and 10-11 (no Drury)", "K84.72.AJ84.Q963", "P P 1S P",
         "3S",
         ("limit raise",)),  # 10 3244
]

OPENER_REBIDS = [
    sayc("after a two-over-one: a minimum balanced hand rebids 2NT", "AK762.K72.A84.63", "1S P 2C P", "2NT",
         ("balanced",)),  # 14 5332
    sayc("after a two-over-one: six spades and a minimum", "AK7642.K72.A84.3", "1S P 2C P", "2S"),  # 14 6331
    sayc("after a two-over-one: raise the minor with four", "AK762.72.QJ84.K3", "1S P 2D P", "3D",
         ("raise",)),  # 13 5242
    sayc("after 1S-2H: raise with three hearts", "AK762.K72.A8.J63", "1S P 2H P", "3H"),  # 15 5323
    sayc("after a two-over-one: a new suit forces", "K2.AK762.QJ84.63", "1H P 2C P", "2D",
         ("forcing",)),  # 13 2542
    sayc("after 1NT: pass a balanced minimum", "AK762.K72.Q84.63", "1S P 1NT P", "P"),  # 12 5332
    sayc("after 1NT: rebid a six-card suit", "A72.AK9762.84.63", "1H P 1NT P", "2H"),  # 11 3622
    sayc("after 1NT: show a second suit", "A7.AK962.84.Q863", "1H P 1NT P", "2C", ("4+♣",)),  # 13 2524
    sayc("Jacoby 2NT: a singleton is shown at the three level", "A7.AK962.8.Q8632", "1H P 2NT P", "3D",
         ("singleton",)),  # 13 2515
    sayc("Jacoby 2NT: 3NT is 15-17 without shortness", "AK762.K72.Q4.A63", "1S P 2NT P", "3NT",
         ("15-17",)),  # 16 5323
    sayc("Jacoby 2NT: four of the major is a minimum", "AK762.K72.Q84.63", "1S P 2NT P", "4S",
         ("minimum",)),  # 12 5332
    sayc("Jacoby 2NT: three of the major is 18 or more", "AK762.KQ2.A4.AJ3", "1S P 2NT P", "3S",
         ("18+",)),  # 21 5323
]

MINOR_RESPONSES = [
    sayc("1D: a single raise is 6-10 (no inverted minors)", "Q73.84.K8432.J63", "1D P", "2D",
         ("6-10", "not forcing")),  # 6 3253
    sayc("1C: a single raise with five clubs", "Q73.84.K84.KJ632", "1C P", "2C", ("single raise",)),  # 9 3235
    sayc("1C: the jump raise is a limit raise", "Q73.84.A84.KQ632", "1C P", "3C",
         ("limit raise", "10-12")),  # 11 3235
    sayc("1D: 2NT is 13-15, forcing to game", "KJ3.Q84.A843.K63", "1D P", "2NT",
         ("forces to game", "13+")),  # 13 3343
    sayc("1C: 3NT is 16-17 balanced", "KJ3.Q84.AQ3.KQ63", "1C P", "3NT", ("16-17",)),  # 17 3334
    sayc("1C: with four-four in the majors respond 1H", "K873.QJ74.843.K3", "1C P", "1H"),  # 9 4432
    sayc("1C: a strong jump shift", "AK873.AQJ4.84.K3", "1C P", "2S", ("jump shift",)),  # 17 5422
    sayc("1D: 2C is 10+, forcing one round", "K73.84.Q84.AQJ63", "1D P", "2C",
         ("forcing one round",)),  # 12 3235
    sayc("1D-2D: opener passes a minimum", "K73.AQ4.K843.J63", "1D P 2D P", "P"),  # 13 3343
    sayc("1C-3C: opener accepts with stoppers", "A73.AQ4.K84.J963", "1C P 3C P", "3NT"),  # 14 3334
    sayc("responder's rebid: no new minor forcing, 2NT invites", "KQ763.K4.Q84.J63", "1C P 1S P 1NT P",
         "2NT", ("invitational",)),  # 11 5233
    sayc("responder's rebid: the fourth suit forces one round", "KJ2.AQ874.J43.Q5", "1C P 1H P 1S P", "2D",
         ("fourth suit", "one round")),  # 13 3532
]

NOTRUMP = [
    sayc("1NT: Stayman with a four-card major", "KJ82.AQ874.3.Q53", "1NT P", "2C", ("stayman",)),  # 12 4513
    sayc("1NT: a Jacoby transfer to hearts", "82.KJ874.Q43.K53", "1NT P", "2D", ("transfer",)),  # 9 2533
    sayc("1NT-2C-2D: three of a major shows five cards, game forcing", "AK82.KQ874.3.Q53",
         "1NT P 2C P 2D P", "3H", ("five cards", "game forcing")),  # 14 4513
    sayc("1NT: 2S asks opener to bid 3C, a weak hand with a long minor", "2.Q7.J98642.J953", "1NT P", "2S",
         ("3C",)),  # 4 1264
    sayc("Gerber: 4S shows two aces", "AQJ.KQ74.K853.A3", "1NT P 4C P", "4S", ("gerber",)),  # 19 3442
    sayc("1NT overcalled: the cue bid is Stayman with game values", "K4.AJ74.Q853.K53", "1NT 2S", "3S",
         ("stayman",)),  # 13 2443
    sayc("1NT overcalled: two of a suit is to play", "KJ8742.84.Q83.53", "1NT 2H", "2S",
         ("to play",)),  # 6 6232
    sayc("1NT overcalled: 2NT is natural and invitational", "Q82.KJ4.J863.Q53", "1NT 2H", "2NT",
         ("invite",)),  # 9 3343
]

WEAK_TWOS = [
    sayc("weak twos: 2NT asks for a feature", "A5.Q7.KQ853.AK63", "2S P", "2NT", ("feature",)),  # 18 2254
    sayc("weak twos: a maximum shows an outside king", "Q7.KJ8762.84.K63", "2H P 2NT P", "3C",
         ("maximum", "king")),  # 9 2623
    sayc("weak twos: a maximum with the king of diamonds", "KQJ952.73.K84.72", "2S P 2NT P", "3D",
         ("feature",)),  # 9 6232
    sayc("weak twos: a minimum rebids the suit", "KQ7652.73.84.Q72", "2S P 2NT P", "3S",
         ("minimum",)),  # 7 6223
    sayc("weak twos: 3NT with a solid suit", "AKQ952.73.84.972", "2S P 2NT P", "3NT", ("solid",)),  # 9 6223
]

SLAM = [
    sayc("Blackwood asks for aces once a suit is agreed", "AK84.AQ72.KQ4.K6", "1S P 2NT P 4S P", "4NT",
         ("blackwood", "aces")),  # 21 4432
    sayc("Blackwood: 5D shows one ace", "AQJ62.K72.Q84.K3", "1S P 2NT P 4S P 4NT P", "5D",
         ("one ace",)),  # 15 5332
    sayc("Blackwood: with two aces missing, sign off", "AK84.AQ72.KQ4.K6", "1S P 2NT P 4S P 4NT P 5C P", "5S",
         ("two aces missing",)),  # 21 4432
    sayc("Blackwood: one ace missing, bid the small slam", "AK84.AQ72.KQ4.A6", "1S P 2NT P 4S P 4NT P 5D P",
         "6S", ("slam",)),  # 22 4432
]

COMPETITION = [
    sayc("negative doubles: 1H (2C), four spades", "KJ74.96.Q843.K62", "1H 2C", "X",
         ("negative double", "4+♠")),  # 9 4243
    sayc("negative doubles go through 2S", "Q62.KJ74.A843.62", "1D 2S", "X",
         ("negative double", "4+♥")),  # 10 3442
    sayc("above 2S a double is for penalty", "AQJ74.963.K84.62", "1C 3S", "X", ("penalty",)),  # 10 5332
    sayc("no support doubles: opener rebids 1NT", "KQ4.K72.Q84.KJ63", "1C P 1H 1S", "1NT",
         ("12-14",)),  # 14 3334
    sayc("defence to 1NT: 2C is natural", "K4.72.Q84.AKJ963", "1NT", "2C", ("overcall", "5+♣")),  # 13 2236
    sayc("defence to 1NT: no Landy, overcall the good suit", "AJ874.KQ962.8.53", "1NT", "2H",
         ("overcall",)),  # 10 5512
    sayc("Michaels: 2D over 1D shows both majors", "AQ874.KJ962.8.53", "1D", "2D", ("michaels",)),  # 10 5512
    sayc("unusual 2NT: the two lowest unbid suits", "8.3.KQ9742.QJ963", "1S", "2NT", ("unusual",)),  # 8 1165
    sayc("takeout double: short in their suit", "AQ74.K962.8.KJ53", "1D", "X", ("takeout",)),  # 13 4414
    sayc("weak jump overcalls", "KQJ874.83.82.Q62", "1C", "2S", ("weak jump overcall",)),  # 8 6223
    sayc("after a takeout double of a weak two: bid a suit, no Lebensohl", "J84.962.T873.Q53", "2H X P", "3D",
         ("natural",)),  # 3 3343
    sayc("after a takeout double of a weak two: 2NT is natural", "K84.Q62.A873.J53", "2S X P", "2NT",
         ("invitational",)),  # 10 3343
]

CASES = (OPENINGS + MAJOR_RESPONSES + OPENER_REBIDS + MINOR_RESPONSES + NOTRUMP + WEAK_TWOS + SLAM
         + COMPETITION)

TWO_OVER_ONE = "two-over-one"

# the same hands on the 2/1 card: (hand, auction, the 2/1 card's call)
DIFFERS = [
    ("AKQ5.AKJ.KQ4.KJ3", "", "2C"),                      # 25-27: 2C then 3NT
    ("KQ4.J72.A84.9632", "1H P", "2H"),                  # the limit raise needs four trumps
    ("K4.J72.AQ84.9632", "1H P", "1NT"),                 # 1NT forcing
    ("KJ.Q84.AQ84.KJ63", "1S P", "2D"),                  # a game-forcing two over one
    ("K4.AQJ72.984.963", "1S P", "1NT"),                 # not game values for 2H
    ("K4.J72.A84.QJ963", "1S P", "1NT"),                 # not game values for 2C
    ("A4.KQ2.84.AKQ963", "1S P", "2C"),                  # a two over one, game forcing
    ("K84.72.AJ84.Q963", "P P 1S P", "2C"),              # Drury
    ("AK762.K72.Q84.63", "1S P 1NT P", "2D"),            # 1NT forcing: opener bids
    ("AK762.K72.Q4.A63", "1S P 2NT P", "3S"),            # 3NT is 14-15 on the 2/1 card
    ("Q73.84.K8432.J63", "1D P", "3D"),                  # inverted minors: a weak jump raise
    ("Q73.84.A84.KQ632", "1C P", "2NT"),                 # 2NT 11-12
    ("KJ3.Q84.A843.K63", "1D P", "3NT"),                 # 3NT 13-15
    ("K73.84.Q84.AQJ63", "1D P", "2NT"),                 # 2C is game forcing
    ("K73.AQ4.K843.J63", "1D P 2D P", "2NT"),            # the inverted raise forces
    ("KQ763.K4.Q84.J63", "1C P 1S P 1NT P", "2D"),       # new minor forcing
    ("AK82.KQ874.3.Q53", "1NT P 2C P 2D P", "3S"),       # Smolen
    ("K4.AJ74.Q853.K53", "1NT 2S", "2NT"),               # Lebensohl
    ("Q7.KJ8762.84.K63", "2H P 2NT P", "3H"),            # Ogust: a maximum, a poor suit
    ("KQ7652.73.84.Q72", "2S P 2NT P", "3D"),            # Ogust: a minimum, a good suit
    ("AQJ62.K72.Q84.K3", "1S P 2NT P 4S P 4NT P", "5C"),  # RKCB 1430: two keycards
    ("KJ74.Q963.A84.62", "1D 3C", "X"),                  # negative doubles through 3S
    ("AQJ74.963.K84.62", "1C 3S", "3NT"),
    ("KQ4.K72.Q84.KJ63", "1C P 1H 1S", "X"),             # a support double
    ("K4.72.Q84.AKJ963", "1NT", "3C"),                   # 2C would be Landy
    ("AJ874.KQ962.8.53", "1NT", "2C"),                   # Landy
    ("J84.962.T873.Q53", "2H X P", "2NT"),               # Lebensohl after a double of a weak two
]

SAYC_ONLY = [
    sayc("a double of a three-level preempt is for penalty: pass without length in their suit",
         "KJ74.Q963.A84.62", "1D 3C", "P"),  # 10 4432
]


def _two_over_one(hand: str, auction: str, call: str) -> Case:
    return Case("Tenace 2/1 card, the same hand", hand, auction, call, system=TWO_OVER_ONE)


@pytest.mark.parametrize("case", CASES + SAYC_ONLY, ids=lambda c: c.id)
def test_sayc(case: Case) -> None:
    check(case)


@pytest.mark.parametrize("hand, auction, call", DIFFERS, ids=lambda v: str(v))
def test_two_over_one_differs(hand: str, auction: str, call: str) -> None:
    """The 2/1 card bids these hands otherwise; the SAYC card's call is a case of its own above."""
    sayc_call = next(c.call for c in CASES + SAYC_ONLY if (c.hand, c.auction) == (hand, auction))
    assert sayc_call != call
    check(_two_over_one(hand, auction, call))


def test_hands_are_hands() -> None:
    """Every hand has thirteen cards (their HCP and shape are written beside them)."""
    for case in CASES + SAYC_ONLY:
        assert len(CardSet.from_pbn(case.hand)) == 13, case.hand
    assert len(CASES) + len(SAYC_ONLY) >= 50
