"""Textbook cases: the strong 2C, weak twos and preempts, with their continuations and interference.

Each case: a hand, the auction before the robot's turn (from the dealer, North), the call the book gives,
words the explanation must contain, and the source. The hands are written for these cases (HCP and shape in
the description, counted with code). Where the card chose among common agreements (the second negative,
interference over 2C, the ranges of Ogust), the case cites the convention as the card describes it and the
book it follows.
"""

from __future__ import annotations

import pytest

from ._harness import Case, check

SAYC = "ACBL SAYC System Booklet (2017), "
HARDY = "Max Hardy, Two-Over-One Game Force, "
ROOT = "Root & Pavlicek, Modern Bridge Conventions, "
COHEN = "Larry Cohen, To Bid or Not to Bid (the Law of Total Tricks), "
GRANT = "Audrey Grant, ACBL Bridge Series: Commonly Used Conventions, "
BERGEN = "Marty Bergen, Points Schmoints!, "

STRONG_2C = [
    # --- responses to 2C
    Case(SAYC + "strong 2C: 2D is the waiting answer with no positive (7 HCP, 4-4-3-2)",
         "J873.Q642.K54.J6", "2C P", "2D", ("waiting",)),
    Case(SAYC + "strong 2C: 2D waiting with nothing at all (0 HCP)", "8653.742.9653.82", "2C P", "2D",
         ("waiting",)),
    Case(HARDY + "the strong 2C: a positive in spades, a good five-card suit and 8+ (9 HCP, KQJ94)",
         "KQJ94.K73.864.52", "2C P", "2S", ("positive", "8+ HCP")),
    Case(HARDY + "the strong 2C: a positive in hearts (9 HCP, KQJ94)", "63.KQJ94.K73.852", "2C P", "2H",
         ("positive",)),
    Case(HARDY + "the strong 2C: a positive in clubs at the three level (11 HCP, AKJ754)",
         "63.852.K7.AKJ754", "2C P", "3C", ("positive",)),
    Case(HARDY + "the strong 2C: no positive with a poor suit; wait with 2D (9 HCP, J8742, 5-3-4-1)",
         "J8742.K73.Q643.K", "2C P", "2D", ("waiting",)),
    Case(HARDY + "the strong 2C: 2NT is the balanced positive (11 HCP, 3-3-4-3)", "K73.Q84.KJ64.Q52", "2C P",
         "2NT", ("positive", "balanced")),
    # --- opener's rebid after 2C-2D
    Case(SAYC + "2C then 2NT shows 22-24 balanced (23 HCP)", "AK5.KQ4.AQJ7.KJ4", "2C P 2D P", "2NT",
         ("22-24", "balanced")),
    Case(SAYC + "2C then 3NT shows 25-27 balanced (26 HCP; the card takes 28+ balanced hands here too)",
         "AKQ.KQ4.AK76.KQ4", "2C P 2D P", "3NT", ("25+", "balanced")),
    Case(HARDY + "the strong 2C: opener rebids his long major, forcing (24 HCP, six hearts)",
         "A4.AKQJ75.AK4.K5", "2C P 2D P", "2H", ("natural", "forcing")),
    Case(HARDY + "the strong 2C: with five-five in the majors bid spades first (22 HCP)",
         "AKQJ4.AKJ85.A5.4", "2C P 2D P", "2S", ("natural",)),
    Case(HARDY + "the strong 2C: a long minor at the three level, game forcing (24 HCP, six diamonds)",
         "A4.K5.AKQJ75.AK4", "2C P 2D P", "3D", ("natural", "game forcing")),
    # --- responder's second call
    Case(HARDY + "the strong 2C: the cheaper-minor second negative over 2H (1 HCP)", "J53.742.T963.852",
         "2C P 2D P 2H P", "3C", ("second negative", "0-3")),
    Case(HARDY + "the strong 2C: the second negative over 3C is 3D (1 HCP)", "J53.742.T963.852",
         "2C P 2D P 3C P", "3D", ("second negative",)),
    Case(HARDY + "the strong 2C: raise with three trumps and a king, leaving room for slam (4 HCP)",
         "J83.K74.T963.852", "2C P 2D P 2H P", "3H", ("raise",)),
    Case(HARDY + "the strong 2C: principle of fast arrival, support without an ace or king (6 HCP)",
         "Q8.QJ74.J963.852", "2C P 2D P 2H P", "4H", ("no ace or king",)),
    Case(HARDY + "the strong 2C: 2NT, no fit and no five-card suit, more than a bust (6 HCP)",
         "Q8.J762.K987.642", "2C P 2D P 2S P", "2NT", ("natural",)),
    Case(HARDY + "the strong 2C: a natural five-card suit at the second turn (6 HCP, five diamonds)",
         "Q8.J76.K9874.642", "2C P 2D P 2S P", "3D", ("natural",)),
    Case(HARDY + "the strong 2C: a new major at the second turn (6 HCP, five spades)", "QJ872.K6.9874.64",
         "2C P 2D P 2H P", "2S", ("natural", "5+")),
    # --- opener after a positive answer
    Case(HARDY + "the strong 2C: opener raises the positive suit at once to set trumps (26 HCP)",
         "AK5.AQ4.KQJ5.AK4", "2C P 2H P", "3H", ("raise",)),
    Case(HARDY + "the strong 2C: opener shows his own long suit over the positive (24 HCP)",
         "A7.AK4.AKQJ75.K5", "2C P 2S P", "3D", ("natural",)),
    Case(HARDY + "the strong 2C: over the balanced positive, 3NT with a balanced 22 (22 HCP)",
         "AK5.AQ4.KJ75.AJ4", "2C P 2NT P", "3NT", ("natural",)),
    # --- after the second negative
    Case(HARDY + "the strong 2C: after the second negative, game with a self-sufficient suit (21 HCP, "
         "AKQJT87)", "AKQJT87.AK4.A7.5", "2C P 2D P 2S P 3C P", "4S", ()),
    Case(HARDY + "the strong 2C: after the second negative, show the second suit (22 HCP, 5-5)",
         "AKQJ4.AKJ85.A5.4", "2C P 2D P 2S P 3C P", "3H", ("natural", "forcing")),
    Case(HARDY + "the strong 2C: opener's 3H after the second negative may be passed (0 HCP, a doubleton)",
         "853.74.T9632.852", "2C P 2D P 2H P 3C P 3H P", "P", ()),
    Case(HARDY + "the strong 2C: raise opener's rebid to game with three trumps (0 HCP)", "853.742.T963.852",
         "2C P 2D P 2H P 3C P 3H P", "4H", ()),
]

NOTRUMP_AFTER_2C = [
    # --- 2C-2D-2NT (22-24): the 2NT opening's structure one step higher
    Case(SAYC + "after 2C-2D-2NT, raise to 3NT with 3+ HCP (6 HCP, no major)", "Q87.J64.K9874.64",
         "2C P 2D P 2NT P", "3NT", ("to play",)),
    Case(SAYC + "after 2C-2D-2NT, pass with a bust (1 HCP)", "T87.864.9874.J64", "2C P 2D P 2NT P", "P", ()),
    Case(SAYC + "after 2C-2D-2NT, Stayman 3C with a four-card major (6 HCP)", "Q874.J64.K97.643",
         "2C P 2D P 2NT P", "3C", ("stayman",)),
    Case(SAYC + "after 2C-2D-2NT, a Jacoby transfer even with nothing (1 HCP, five spades)",
         "T8742.J64.974.64", "2C P 2D P 2NT P", "3H", ("transfer",)),
    Case(SAYC + "after 2C-2D-2NT and the transfer, pass with nothing (1 HCP)", "T8742.J64.974.64",
         "2C P 2D P 2NT P 3H P 3S P", "P", ()),
    Case(ROOT + "Jacoby transfers: 3NT after the transfer offers a choice of games (6 HCP, five spades)",
         "Q8742.J64.K97.64", "2C P 2D P 2NT P 3H P 3S P", "3NT", ("choice of games",)),
    Case(ROOT + "Texas: 4H with six spades and game values opposite 22-24 (6 HCP)", "Q87642.J64.K9.64",
         "2C P 2D P 2NT P", "4H", ("texas",)),
    Case(ROOT + "quantitative 4NT opposite 22-24 with 9 HCP", "K87.QJ4.K975.964", "2C P 2D P 2NT P", "4NT",
         ("quantitative",)),
    Case(ROOT + "6NT directly opposite 22-24 with 13 HCP", "A87.KJ4.K975.Q64", "2C P 2D P 2NT P", "6NT",
         ("slam",)),
    Case(SAYC + "after 2C-2D-2NT-3C, opener shows four spades (26 HCP)", "AK75.AQ4.KQJ.AK4",
         "2C P 2D P 2NT P 3C P", "3S", ("four spades",)),
    Case(SAYC + "after 2C-2D-2NT-3C, opener denies a major (26 HCP)", "AK5.AQ4.KQJ5.AK4",
         "2C P 2D P 2NT P 3C P", "3D", ("no four-card major",)),
    Case(ROOT + "quantitative 4NT over the 2C-2D-2NT rebid: accept with the top of the range (26 HCP)",
         "AK5.AQ4.KQJ5.AK4", "2C P 2D P 2NT P 4NT P", "6NT", ("accepts",)),
    Case(ROOT + "quantitative 4NT over the 2C-2D-2NT rebid: decline with a minimum (22 HCP)",
         "AK5.AQ4.KJ75.AJ4", "2C P 2D P 2NT P 4NT P", "P", ("declines",)),
    # --- 2C-2D-3NT (25-27)
    Case(SAYC + "after 2C-2D-3NT, Stayman at the four level (7 HCP, four hearts)", "875.QJ54.K97.J64",
         "2C P 2D P 3NT P", "4C", ("stayman",)),
    Case(SAYC + "after 2C-2D-3NT, transfer to the five-card major (3 HCP, five spades)", "Q8742.J64.974.64",
         "2C P 2D P 3NT P", "4H", ("transfer",)),
    Case(ROOT + "quantitative 4NT opposite 25-27 with 6 HCP", "Q87.QJ4.9752.J64", "2C P 2D P 3NT P", "4NT",
         ("quantitative",)),
    Case(SAYC + "after 2C-2D-3NT, pass with 3 HCP and no major", "J87.Q64.9752.864", "2C P 2D P 3NT P", "P",
         ()),
]

INTERFERENCE_2C = [
    Case(HARDY + "interference over 2C (the card's scheme): over their double, pass shows a bust (1 HCP)",
         "8653.742.J653.82", "2C X", "P", ("very weak",)),
    Case(HARDY + "interference over 2C (the card's scheme): over their double, 2D shows some values "
         "(6 HCP)", "K653.Q42.J653.82", "2C X", "2D", ("waiting", "4+ HCP")),
    Case(HARDY + "interference over 2C: double their overcall for penalty with a trump stack (5 HCP, KT94)",
         "KT94.Q42.8653.82", "2C 2S", "X", ("penalty",)),
    Case(HARDY + "interference over 2C: a suit bid over the overcall is a natural positive (12 HCP)",
         "KQJ94.Q73.864.A2", "2C 2H", "2S", ("positive",)),
    Case(HARDY + "interference over 2C: pass with no positive and no penalty double (6 HCP)",
         "J653.Q42.8653.K2", "2C 2H", "P", ("no positive",)),
    Case(HARDY + "interference over 2C: 2NT, a balanced positive with their suit stopped (10 HCP)",
         "K73.KJ8.Q642.J52", "2C 2H", "2NT", ("positive", "balanced")),
    Case(HARDY + "interference over 2C: opener reopens with 2NT, 22-24 and their suit stopped (23 HCP)",
         "AK5.AQ4.KQJ5.KJ4", "2C 2H P P", "2NT", ("22-24",)),
    Case(HARDY + "interference over 2C: opener reopens with 3NT, 25+ with their suit stopped (26 HCP)",
         "AK5.AQ4.KQJ5.AK4", "2C 2S P P", "3NT", ("balanced",)),
    Case(HARDY + "interference over 2C: opener reopens with his long suit (22 HCP, 5-5)", "AKQJ4.AKJ85.A5.4",
         "2C 3D P P", "3S", ("natural",)),
    Case(HARDY + "interference over 2C: 3NT over a three-level overcall with a stopper (23 HCP)",
         "KJ5.AK4.QJ5.AKQ4", "2C 3S P P", "3NT", ("balanced",)),
    Case(HARDY + "interference over 2C: opener doubles with a strong hand and no clear bid (23 HCP, 2 "
         "spades)", "J5.AK4.KQJ5.AKQ4", "2C 2S P P", "X", ("penalty",)),
    Case(HARDY + "interference over 2C: after opener's double, bid a long suit when short in theirs (3 HCP)",
         "874.Q9642.85.J95", "2C 2S P P X P", "3H", ("natural",)),
    Case(HARDY + "interference over 2C: after opener's double, pass for penalty with four trumps (4 HCP)",
         "Q874.J42.85.J952", "2C 2S P P X P", "P", ("penalties",)),
]

WEAK_TWOS = [
    # --- responses
    Case(COHEN + "raise partner's weak two to the three level with three trumps (9 trumps; 6 HCP)",
         "K82.Q73.8642.J95", "2S P", "3S", ("not an invitation",)),
    Case(COHEN + "raise a weak two to game with four trumps, to preempt (10 trumps; 6 HCP)",
         "7.Q873.K8642.J95", "2H P", "4H", ("raise to game",)),
    Case(SAYC + "weak two: raise to game with a fit and the values for it (13 HCP, four hearts)",
         "A7.K873.AJ42.J95", "2H P", "4H", ("raise to game",)),
    Case(ROOT + "Ogust: 2NT asks with game interest and support (17 HCP, three spades)",
         "K82.AQ3.KJ42.A95", "2S P", "2NT", ("ogust",)),
    Case(SAYC + "weak two: pass a misfit without the values for game (13 HCP, a singleton spade)",
         "7.K873.AQ42.KJ95", "2S P", "P", ()),
    Case(SAYC + "weak two: a new suit is forcing one round (17 HCP, AKJ96 spades over 2H)",
         "AKJ96.7.AQ42.K95", "2H P", "2S", ("forcing",)),
    Case(GRANT + "weak two: 3NT to play on a long running minor (14 HCP, AKQJ953 clubs)", "4.J86.K8.AKQJ953",
         "2S P", "3NT", ("to play",)),
    Case(SAYC + "weak two: 3NT to play with the side suits stopped (16 HCP, a singleton heart)",
         "AQ6.7.KQ42.AJ954", "2H P", "3NT", ("to play",)),
    Case(GRANT + "weak two in diamonds: 3NT with the other suits stopped and a diamond fit (16 HCP)",
         "AQ6.KJ7.K4.KT954", "2D P", "3NT", ("to play",)),
    Case(COHEN + "raise 2D to three with three trumps and a weak hand (6 HCP)", "K86.J73.Q42.9854", "2D P",
         "3D", ("not an invitation",)),
    Case(ROOT + "Ogust over 2D: ask with game interest and a suit unstopped (16 HCP, no heart stopper)",
         "AK86.873.Q4.AK95", "2D P", "2NT", ("ogust",)),
    # --- Ogust answers (3C min poor, 3D min good, 3H max poor, 3S max good, 3NT AKQ)
    Case(ROOT + "Ogust: 3C, minimum and a poor suit (5 HCP, Q98765)", "Q98765.K4.873.95", "2S P 2NT P",
         "3C", ("minimum", "poor suit")),
    Case(ROOT + "Ogust: 3D, minimum and a good suit (5 HCP, KQT854)", "KQT854.74.873.95", "2S P 2NT P", "3D",
         ("minimum", "good suit")),
    Case(ROOT + "Ogust: 3H, maximum and a poor suit (9 HCP, Q98765)", "74.Q98765.K73.A5", "2H P 2NT P", "3H",
         ("maximum", "poor suit")),
    Case(ROOT + "Ogust: 3S, maximum and a good suit (10 HCP, AQJ954)", "K4.AQJ954.873.95", "2H P 2NT P", "3S",
         ("maximum", "good suit")),
    Case(ROOT + "Ogust: 3NT, the ace, king and queen (9 HCP, AKQ954)", "AKQ954.74.873.95", "2S P 2NT P",
         "3NT", ("three top honours",)),
    Case(ROOT + "Ogust over 2D: 3C, minimum and a poor suit (5 HCP, Q98765)", "74.95.Q98765.K73",
         "2D P 2NT P", "3C", ("minimum",)),
    # --- responder after the Ogust answer
    Case(ROOT + "Ogust: sign off in 3S opposite a minimum with a poor suit (17 HCP)", "K82.AQ3.KJ42.A95",
         "2S P 2NT P 3C P", "3S", ("to play",)),
    Case(ROOT + "Ogust: bid game opposite a maximum with a good suit (17 HCP)", "K82.AQ3.KJ42.A95",
         "2S P 2NT P 3S P", "4S", ("game",)),
    Case(ROOT + "Ogust: game opposite a minimum with a good suit when holding support and 16+ (17 HCP)",
         "A82.K73.AQ42.KJ5", "2H P 2NT P 3D P", "4H", ("game",)),
    Case(ROOT + "Ogust: game opposite a maximum with a poor suit (17 HCP, three hearts)",
         "A8.K73.AQ42.KJ52", "2H P 2NT P 3H P", "4H", ("game",)),
    # --- opener after a new suit
    Case(SAYC + "weak two: raise partner's forcing new suit with three-card support (9 HCP)",
         "K72.AQ8654.873.9", "2H P 2S P", "3S", ("support",)),
    Case(SAYC + "weak two: with no fit and a minimum, rebid the suit (6 HCP)", "7.AQ8654.873.982",
         "2H P 2S P", "3H", ("no fit",)),
    Case(GRANT + "weak two: with no fit and a maximum, 2NT (10 HCP)", "7.AQ8654.K73.J82", "2H P 2S P", "2NT",
         ("maximum",)),
    Case(SAYC + "weak two: raise a forcing 3C with three-card support and a maximum (8 HCP)",
         "KQ8654.7.873.K82", "2S P 3C P", "4C", ("support",)),
    # --- interference
    Case(GRANT + "weak two doubled: redouble with a strong hand and no fit (17 HCP, a singleton heart)",
         "AKJ6.7.AQ42.K954", "2H X", "XX", ("strong",)),
    Case(COHEN + "weak two doubled: raise to the level of the fit all the same (6 HCP, three hearts)",
         "K82.Q73.8642.J95", "2H X", "3H", ("not an invitation",)),
    Case(COHEN + "weak two overcalled: jump to game with four trumps (10 trumps; 6 HCP)", "K873.7.J8642.Q95",
         "2S 3H", "4S", ("raise to game",)),
    Case(SAYC + "weak two overcalled: double for penalty with their suit and values (14 HCP, KJ94)",
         "A7.KJ94.A842.Q95", "2S 3H", "X", ("penalty",)),
    Case(COHEN + "weak two overcalled: raise to three with three trumps (3 HCP)", "873.Q73.8642.J95", "2H 2S",
         "3H", ("not an invitation",)),
]

PREEMPTS = [
    Case(COHEN + "raise a three-level preempt to game with three trumps (10 trumps; 6 HCP)",
         "K82.Q73.8642.J95", "3H P", "4H", ("raise to game",)),
    Case(BERGEN + "preempts: raise to game with a doubleton and the tricks for it (17 HCP)",
         "AK82.Q7.AK64.J95", "3H P", "4H", ("raise to game",)),
    Case(BERGEN + "preempts: raise to game with three trumps and a good hand (16 HCP)", "A82.7.AKJ4.KJ954",
         "3S P", "4S", ("raise to game",)),
    # gameC: with a singleton the seven-card preempt is an eight-card fit and the card raises to 4S
    # (tests/robots/test_gameC.py); the booklet's 3NT to play is shown with a void
    Case(SAYC + "preempts: 3NT to play with a void in partner's suit and the rest stopped (16 HCP)",
         ".A832.AKJ4.KJ954", "3S P", "3NT", ("to play",)),
    Case(SAYC + "preempts: a new suit below game is forcing (18 HCP, AKQT8 spades over 3H)",
         "AKQT8.7.AQ42.K95", "3H P", "3S", ("forcing",)),
    Case(GRANT + "preempts: 3NT over a minor preempt with a fit and stoppers (17 HCP)", "A82.KJ4.AQ42.K95",
         "3C P", "3NT", ("to play",)),
    Case(COHEN + "raise a minor preempt one level with three trumps (10 trumps; 6 HCP)", "K82.Q73.J64.9852",
         "3D P", "4D", ("not an invitation",)),
    Case(SAYC + "preempts: opener raises the forcing new suit with three-card support (10 HCP)",
         "K72.AQJ8654.73.9", "3H P 3S P", "4S", ("support",)),
    Case(SAYC + "preempts: opener rebids his suit without support (6 HCP)", "7.QJT8654.K73.82", "3H P 3S P",
         "4H", ("no fit",)),
    Case(BERGEN + "preempts: pass a misfit even with 11 HCP", "7.K873.AQJ4.J954", "3S P", "P", ()),
    Case(SAYC + "four-level preempt: pass without slam values (11 HCP)", "A7.K873.QJ84.J95", "4S P", "P", ()),
    Case(ROOT + "Roman Key Card Blackwood over partner's 4S with slam values (22 HCP)", "AK7.AK73.AQJ4.J5",
         "4S P", "4NT", ("keycards",)),
]

CASES = STRONG_2C + NOTRUMP_AFTER_2C + INTERFERENCE_2C + WEAK_TWOS + PREEMPTS


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_twos(case: Case) -> None:
    check(case)


def test_enough_cases() -> None:
    assert len(CASES) >= 60
