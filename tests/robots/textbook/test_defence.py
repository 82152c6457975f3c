"""Textbook cases: defensive bidding (the opponents opened).

Overcalls, takeout doubles, Michaels and the unusual 2NT, their advances and the rebids of the doubler and
the overcaller, balancing, defence to 1NT (Landy), to weak twos (Lebensohl after a double), to preempts and
to a strong 2C. Every hand was counted with ``CardSet.from_pbn`` (HCP and shape in the comment). The dealer
is North unless a case says otherwise, so an auction ``1H`` means the right-hand opponent opened 1H.
"""

from __future__ import annotations

import pytest

from ._harness import Case, check

SAYC = "ACBL SAYC System Booklet (2017), "
LAWRENCE = "Mike Lawrence, The Complete Book on Overcalls in Contract Bridge, "
LAWRENCE_TO = "Mike Lawrence, The Complete Book on Takeout Doubles, "
LAWRENCE_BAL = "Mike Lawrence, The Complete Book on Balancing in Contract Bridge, "
BERGEN = "Marty Bergen, Points Schmoints!, "
COHEN = "Larry Cohen, To Bid or Not to Bid (the Law of total tricks), "
ROOT = "Root & Pavlicek, Modern Bridge Conventions, "
GRANT = "Audrey Grant, ACBL Bridge Series: Competitive Bidding, "
SEAGRAM = "Seagram & Smith, 25 Bridge Conventions You Should Know, "

OVERCALLS = [
    # 10 HCP, 5-3-2-3
    Case(SAYC + "one-level overcall: five cards, 8-16", "AQJ87.K52.84.953", "1D", "1S", ("overcall", "5+♠")),
    # 9 HCP, a five-card suit headed by the ace-queen
    Case(SAYC + "one-level overcall at the bottom of the range", "AQT74.853.K62.74", "1C", "1S", ("overcall",)),
    # 14 HCP, six spades
    Case(LAWRENCE + "a strong one-suiter still overcalls at the one level", "AKJT74.5.KQ3.J82", "1H", "1S",
         ("overcall",)),
    # 12 HCP, 5-4 in the majors
    Case(LAWRENCE + "with a five-card major overcall rather than double", "AQJ75.KT74.3.Q82", "1D", "1S",
         ("overcall",)),
    # 13 HCP, six good diamonds
    Case(LAWRENCE + "two-level overcall: a good suit and opening values", "72.A4.KQJ985.K63", "1S", "2D",
         ("overcall",)),
    # 13 HCP, five good hearts
    Case(SAYC + "two-level overcall on a good five-card suit", "83.AKJ74.K52.Q63", "1S", "2H", ("overcall",)),
    # 10 HCP, a poor five-card suit
    Case(LAWRENCE + "no two-level overcall on a poor suit", "K72.A4.J8653.Q63", "1S", "P"),
    # 10 HCP, five cards in their suit
    Case(LAWRENCE_TO + "no takeout double with length in their suit: pass", "A3.KJT94.Q52.863", "1H", "P"),
    # 5 HCP, six spades
    Case(SAYC + "weak jump overcall: a six-card suit, weak", "KQT982.74.83.952", "1D", "2S",
         ("weak jump overcall", "6♠")),
    # 6 HCP, seven hearts
    Case(SAYC + "weak jump overcall at the three level over 1S", "5.KQJ9864.73.952", "1S", "3H",
         ("weak jump overcall",)),
    # 7 HCP, a poor six-card suit, vulnerable
    Case(LAWRENCE + "no vulnerable weak jump overcall on a poor suit", "QJ8642.74.A3.952", "1D", "P", vul="EW"),
    # 16 HCP, 3-3-4-3 with A-J-x in hearts
    Case(SAYC + "1NT overcall: 15-18 balanced with a stopper", "KQ4.AJ3.KJ82.Q93", "1H", "1NT",
         ("15-18", "stopper")),
    # 13 HCP, 4-1-4-4
    Case(SAYC + "takeout double: short in their suit, support for the others", "KJ84.5.AQ73.K952", "1H", "X",
         ("takeout",)),
    # 12 HCP, 4-4-2-3
    Case(LAWRENCE_TO + "takeout double of a minor with both majors", "AQ74.KJ83.62.Q75", "1D", "X",
         ("takeout",)),
    # 15 HCP, 3-3-4-3 without a heart stopper
    Case(LAWRENCE_TO + "balanced 15 without a stopper in their suit: double", "KQ4.763.AKJ2.Q73", "1H", "X"),
    # 19 HCP, six spades
    Case(SAYC + "too strong to overcall: double, then bid the suit", "AKQJ62.AQ4.K3.72", "1C", "X",
         ("strong hand",)),
    # 11 HCP, 5-5 in the majors
    Case(ROOT + "Michaels over a minor: both majors", "KQJ74.AJ983.5.62", "1C", "2C", ("Michaels", "5+♠", "5+♥")),
    # 8 HCP, spades and diamonds
    Case(ROOT + "Michaels over a major: the other major and a minor", "KQ964.3.QJ985.74", "1H", "2H",
         ("Michaels", "5+♠")),
    # 10 HCP, 5-5 in the minors
    Case(ROOT + "unusual 2NT over a major: both minors", "4.72.KJ985.AQ974", "1S", "2NT",
         ("unusual 2NT", "two lowest")),
    # 11 HCP, hearts and diamonds over 1C
    Case(ROOT + "unusual 2NT over 1C: diamonds and hearts", "6.KQJ75.AJT84.93", "1C", "2NT", ("5+♥", "5+♦")),
    # 12 HCP, 4-2-4-3 after 1C P 1H
    Case(LAWRENCE_TO + "double after their response: the two unbid suits", "KQ84.52.AJ73.Q62", "1C P 1H", "X",
         ("takeout",)),
]

ADVANCING_OVERCALLS = [
    # 7 HCP, three spades
    Case(SAYC + "advancing an overcall: a simple raise", "K83.742.A962.853", "1H 1S P", "2S", ("raise",)),
    # 10 HCP, three spades
    Case(BERGEN + "the cue-bid raise: support and 10 or more", "K83.74.AQ62.J853", "1H 1S P", "2H",
         ("cue bid",)),
    # 3 HCP, four spades
    Case(COHEN + "jump raise of an overcall is preemptive: nine trumps", "K853.7.T962.8532", "1H 1S P", "3S",
         ("preemptive",)),
    # 10 HCP, K-J-x in hearts, two spades
    Case(SAYC + "1NT advance: a stopper and no fit", "83.KJ4.A962.Q853", "1H 1S P", "1NT", ("notrump",)),
    # 10 HCP, five spades, two hearts
    Case(LAWRENCE + "a new suit in advance is natural and not forcing", "AQJ84.82.K73.963", "1C 1H P", "1S",
         ("natural",)),
    # 4 HCP, a singleton spade
    Case(LAWRENCE + "a weak misfit passes the overcall", "5.9763.QJ842.J63", "1H 1S P", "P"),
    # 7 HCP, four clubs (the hand had three clubs and four hearts, against its own note; with three trumps
    # and seven points the raise to three is now left out: see tests/robots/test_w2b.py)
    Case(SAYC + "raising a two-level overcall", "873.K74.A96.8532", "1S 2C P", "3C", ("raise",)),
    # 12 HCP, three spades, after a weak jump overcall
    Case(COHEN + "raise a weak jump overcall to the level of the fit", "K84.A93.K762.Q85", "1C 2S P", "3S"),
    # 9 HCP, four spades
    Case(COHEN + "ten trumps after a weak jump overcall: bid game", "Q984.A3.K762.852", "1C 2S P", "4S"),
    # 10 HCP, four hearts and five clubs
    Case(ROOT + "responsive double after they raise over partner's overcall", "5.KJ74.873.AQ962", "1D 1S 2D",
         "X", ("responsive",)),
    # 10 HCP, a 5-3-3-2 with a minimum overcall
    Case(LAWRENCE + "the overcaller with a minimum signs off after the cue bid", "KQJ84.A73.862.95",
         "1D 1S P 2D P", "2S", ("minimum",)),
    # 11 HCP, four diamonds: the cue bid over a two-level overcall is 2S
    Case(BERGEN + "the cue-bid raise of a two-level overcall", "83.KJ4.A962.K853", "1S 2D P", "2S",
         ("cue bid",)),
    # 15 HCP, six spades: 17 total points
    Case(LAWRENCE + "the overcaller bids game opposite a simple raise with extra values", "AKJ842.K73.A52.9",
         "1D 1S P 2S P", "4S"),
    # 9 HCP, five spades and a doubleton heart
    Case(COHEN + "they raise over partner's overcall: the cue bid still shows a good raise",
         "KJ984.Q3.K752.83", "1H 1S 2H", "3H", ("cue bid",)),
    # 3 HCP, six hearts: 1NT overcall doubled
    Case(BERGEN + "run from a doubled 1NT overcall with a long suit and nothing", "83.QJT653.3.T652",
         "1C 1NT X", "2H", ("to play",)),
    # 16 HCP, four spades: answering Stayman after the 1NT overcall of 1H
    Case(SAYC + "systems on: the overcaller answers Stayman", "KQ84.AJ3.KJ8.Q93", "1H 1NT P 2C P", "2S",
         ("four spades",)),
]

TAKEOUT_DOUBLES = [
    # 6 HCP, four spades
    Case(SAYC + "answering a takeout double: a four-card major", "Q963.J84.752.K63", "1D X P", "1S",
         ("advance",)),
    # 11 HCP, four spades
    Case(GRANT + "the jump answer: 9-11 points and four cards", "KQ73.Q84.752.A63", "1D X P", "2S",
         ("jump", "9-11")),
    # 13 HCP, 4-4 in the majors
    Case(GRANT + "the cue bid: game values, no clear game", "KQ73.AJ84.75.K63", "1D X P", "2D", ("cue bid",)),
    # 8 HCP, K-J-9 in hearts, no four-card major
    Case(SAYC + "1NT answer: 6-10 with a stopper", "J62.KJ9.Q973.J84", "1H X P", "1NT", ("notrump",)),
    # 12 HCP, K-Q-9 in hearts
    Case(GRANT + "2NT answer: invitational with a stopper", "Q62.KQ9.A973.J84", "1H X P", "2NT",
         ("invitational",)),
    # 10 HCP, six clubs to the Q-J-10
    Case(LAWRENCE_TO + "penalty pass: long strong trumps", "52.A4.K83.QJT987", "1C X P", "P", ("penalties",)),
    # 13 HCP, five spades and a singleton
    Case(GRANT + "game in a major after a takeout double", "KQJ84.A73.6.K953", "1D X P", "4S"),
    # 15 HCP, balanced with a club stopper
    Case(GRANT + "3NT answer: balanced, game values, a stopper", "K62.Q94.AQ7.KJ83", "1C X P", "3NT"),
    # 3 HCP, five diamonds
    Case(SAYC + "a minimum answer at the two level", "62.953.Q9742.J85", "1S X P", "2D", ("advance",)),
    # 6 HCP, four spades and five diamonds
    Case(LAWRENCE_TO + "answer in the major rather than the minor", "QT63.82.KJ742.63", "1C X P", "1S"),
    # 3 HCP, four spades, after the redouble
    Case(LAWRENCE_TO + "after a redouble bid a four-card suit", "J852.Q74.T63.952", "1D X XX", "1S"),
    # 6 HCP, five spades, after a raise
    Case(GRANT + "a free bid after their raise", "KJ974.83.Q52.963", "1C X 2C", "2S", ("free bid",)),
    # 10 HCP, 4-4 in the majors
    Case(ROOT + "responsive double after a raise of a minor: both majors", "KJ74.Q983.A52.63", "1C X 2C", "X",
         ("responsive", "4+♠", "4+♥")),
    # 10 HCP, 2-2-4-5
    Case(SEAGRAM + "responsive double after a raise of a major: the minors", "K4.83.QJ74.A9652", "1H X 2H", "X",
         ("responsive",)),
    # 18 HCP, balanced, K-J-x in diamonds
    Case(GRANT + "the doubler's 1NT rebid: 18-19 balanced", "AK3.Q42.KJ4.AJ52", "1D X P 1H P", "1NT",
         ("notrump hand", "18-19 HCP")),
    # 15 HCP and a singleton: 18 dummy points
    Case(GRANT + "the doubler raises one level with 17-18 dummy points", "AK52.KJ74.5.A982", "1D X P 1H P", "2H",
         ("raise",)),
    # 12 HCP and a singleton: a minimum double
    Case(GRANT + "the doubler passes a minimum answer with a minimum", "KJ84.AQ73.5.Q872", "1D X P 1S P", "P"),
    # 17 HCP, five hearts
    Case(GRANT + "double then a new suit: too strong to overcall", "A4.AKJ84.K52.Q52", "1C X P 1D P", "1H",
         ("too strong",)),
    # 6 HCP, five hearts: after their jump raise
    Case(COHEN + "after their preemptive raise, bid a five-card major at the three level", "KJ74.Q8632.52.83",
         "1D X 3D", "3H"),
    # 13 HCP, five spades: after their raise to game over a weak two
    Case(COHEN + "they raised the weak two to game: bid the five-card major", "AK983.Q42.K52.J4", "2H X 4H",
         "4S"),
    # 6 HCP, four spades: partner doubled their raise
    Case(LAWRENCE_TO + "answering a takeout double of their raise", "QJ74.983.K852.83", "1H P 2H X P", "2S"),
    # 7 HCP, four spades: partner doubled after their response
    Case(LAWRENCE_TO + "answering a double of two suits: the unbid major", "Q852.J74.KJ64.83", "1C P 1H X P",
         "1S"),
    # 13 HCP, 4-4 in the majors: the cue bid asks, the doubler shows a major up the line
    Case(GRANT + "after the cue bid the doubler bids four-card majors up the line", "KJ84.AQ73.5.K872",
         "1D X P 2D P", "2H"),
]

MICHAELS_AND_UNUSUAL = [
    # 6 HCP, three spades, four hearts
    Case(ROOT + "answering Michaels: the better major", "K83.9752.Q84.J63", "1C 2C P", "2H", ("preference",)),
    # 10 HCP, four hearts
    Case(ROOT + "answering Michaels: a jump invites", "A83.K752.Q84.J63", "1C 2C P", "3H", ("invitational",)),
    # 12 HCP, three spades
    Case(ROOT + "answering Michaels: game with a fit and values", "K83.A75.KQ84.963", "1C 2C P", "4S"),
    # 9 HCP, a singleton spade
    Case(ROOT + "Michaels over a major: 2NT asks for the minor", "3.K74.QJ842.K963", "1H 2H P", "2NT",
         ("minor",)),
    # 8 HCP: the Michaels bidder names his minor
    Case(ROOT + "the Michaels bidder shows his minor", "KQ964.3.QJ985.74", "1H 2H P 2NT P", "3D"),
    # 6 HCP, four clubs and three diamonds
    Case(ROOT + "answering the unusual 2NT: the longer minor", "K842.J3.Q74.9852", "1S 2NT P", "3C",
         ("preference",)),
    # 13 HCP, four clubs
    Case(ROOT + "answering the unusual 2NT: game in a minor", "AK3.Q742.K8.J963", "1H 2NT P", "5C"),
    # 9 HCP, three hearts and four diamonds after 1C 2NT
    Case(SEAGRAM + "answering the unusual 2NT over 1C: diamonds or hearts", "A83.Q74.K952.863", "1C 2NT P", "3D"),
    # 6 HCP, four hearts: they bid over partner's Michaels
    Case(COHEN + "compete over their bid after partner's Michaels", "K83.Q975.J842.63", "1C 2C 2D", "3H"),
]

BALANCING = [
    # 10 HCP, 3-2-4-4
    Case(LAWRENCE_BAL + "balancing double: lighter than in the direct seat", "KJ4.52.AT83.Q852", "1H P P", "X",
         ("takeout",)),
    # 13 HCP, balanced, A-J-x in hearts
    Case(LAWRENCE_BAL + "balancing 1NT: 11-14", "KJ4.AJ5.QT83.Q85", "1H P P", "1NT", ("11-14",)),
    # 7 HCP, five spades
    Case(LAWRENCE_BAL + "a light balancing overcall", "QJ974.52.K83.J52", "1H P P", "1S", ("overcall",)),
    # 12 HCP, six good spades
    Case(LAWRENCE_BAL + "a jump in the balancing seat is intermediate", "AQJ984.K4.Q73.52", "1C P P", "2S",
         ("intermediate",)),
    # 10 HCP, short hearts, after 1H P 2H P P
    Case(COHEN + "reopen when they stop at the two level with a fit", "KJ73.84.A963.Q52", "1H P 2H P P", "X",
         ("takeout",)),
    # 9 HCP, five diamonds, after 1H P 2H P P
    Case(COHEN + "reopen with a long suit when they have a fit", "84.93.KQJ75.K632", "1H P 2H P P", "3D"),
    # 8 HCP: advancing a balancing double
    Case(LAWRENCE_BAL + "advancing a balancing double: a simple answer", "KQ74.852.Q63.J82", "1D P P X P", "1S"),
    # 18 HCP, balanced with a diamond stopper
    Case(LAWRENCE_BAL + "15-18 balanced: double, then bid notrump", "AK3.Q42.KJ4.AJ52", "1D P P", "X"),
    # 13 HCP: accepting the invitation after the balancing 1NT
    Case(LAWRENCE_BAL + "the balancing 1NT accepts the invitation with a maximum", "J52.A74.KQ3.K852",
         "1C P P 1NT P 2NT P", "3NT", ("accepts",)),
    # 13 HCP, 4-2-3-4: reopening against a weak two
    Case(LAWRENCE_BAL + "reopening against a weak two with a double", "AQ84.52.K75.KJ93", "2H P P", "X",
         ("takeout",)),
    # 11 HCP, 4-5 in the majors
    Case(ROOT + "Landy also in the passout seat", "KQ94.AJ983.5.J42", "1NT P P", "2C", ("Landy",)),
]

NOTRUMP = [
    # 12 HCP, 4-5 in the majors
    Case(ROOT + "Landy: 2C shows both majors", "KQ84.AJ973.52.Q6", "1NT", "2C", ("Landy", "both majors")),
    # 19 HCP, balanced
    Case(ROOT + "over their 1NT a double is for penalty", "AKJ.KQ4.QJT.K872", "1NT", "X", ("penalty",)),
    # 10 HCP, six hearts
    Case(ROOT + "a natural two-level overcall of 1NT", "83.KQJ973.A52.64", "1NT", "2H", ("overcall",)),
    # 12 HCP, both minors
    Case(ROOT + "2NT over their 1NT: both minors", "5.72.KQJ85.AQ974", "1NT", "2NT", ("5+♣", "5+♦")),
    # 6 HCP, four hearts, three spades
    Case(ROOT + "answering Landy: the longer major", "J74.Q863.K952.83", "1NT 2C P", "2H"),
    # 8 HCP, three cards in each major
    Case(ROOT + "answering Landy: 2D asks for the longer major", "Q74.Q63.K952.J83", "1NT 2C P", "2D",
         ("longer major",)),
    # 13 HCP, four spades
    Case(ROOT + "answering Landy: game in a major", "KJ74.Q3.A952.K83", "1NT 2C P", "4S"),
    # 1 HCP, six hearts
    Case(ROOT + "after partner's penalty double, run with a long suit and nothing", "83.T98763.J52.64",
         "1NT X P", "2H"),
    # 6 HCP, balanced
    Case(ROOT + "after partner's penalty double, stay in with some values", "Q83.K763.J52.864", "1NT X P", "P"),
    # 9 HCP, four spades, after partner's 1NT overcall of 1H
    Case(SAYC + "systems on over a 1NT overcall: Stayman", "KJ84.852.Q74.K63", "1H 1NT P", "2C", ("Stayman",)),
    # 6 HCP, five hearts
    Case(SAYC + "systems on over a 1NT overcall: a Jacoby transfer", "83.KJ974.Q52.863", "1C 1NT P", "2D",
         ("transfer",)),
    # the 1NT overcaller completes the transfer
    Case(SAYC + "systems on: the overcaller completes the transfer", "KQ4.AJ3.KJ82.Q93", "1D 1NT P 2D P", "2H"),
]

WEAK_TWOS = [
    # 13 HCP, 4-1-4-4
    Case(SAYC + "takeout double of a weak two", "KJ84.5.AQ73.K952", "2H", "X", ("takeout",)),
    # 16 HCP, balanced, K-J-x in spades
    Case(SAYC + "2NT over a weak two: 15-18 with a stopper", "KJ4.AQ3.KJ82.Q93", "2S", "2NT", ("stopper",)),
    # 10 HCP, six spades
    Case(LAWRENCE + "a natural overcall of a weak two", "AQJ974.63.K52.73", "2H", "2S", ("overcall",)),
    # 13 HCP, hearts and clubs over 2S
    Case(ROOT + "Leaping Michaels: 4C over 2S shows clubs and hearts", "5.AQJ84.7.KQJ852", "2S", "4C",
         ("Leaping Michaels",)),
    # 21 HCP, K-Q-x in hearts
    Case(SAYC + "3NT over a weak two: to play", "AK4.KQ4.AQ73.K92", "2H", "3NT"),
    # 3 HCP: Lebensohl
    Case(SEAGRAM + "Lebensohl after a double of a weak two: a weak hand with diamonds", "J74.852.Q9743.62",
         "2H X P", "2NT", ("Lebensohl",)),
    # 4 HCP, four spades
    Case(SEAGRAM + "after a double of 2H, 2S shows a weak hand", "Q974.852.Q974.62", "2H X P", "2S"),
    # 9 HCP, five diamonds
    Case(SEAGRAM + "after a double of 2H, a direct 3D is constructive", "K74.852.AQ743.62", "2H X P", "3D",
         ("constructive",)),
    # 10 HCP, five spades
    Case(SEAGRAM + "after a double of 2H, game in spades", "KQJ74.85.A743.62", "2H X P", "4S"),
    # 12 HCP, K-J-x in spades
    Case(SEAGRAM + "after a double of 2S, 3NT with a stopper", "KJ4.Q52.KQ74.J62", "2S X P", "3NT"),
    # the doubler completes the Lebensohl relay
    Case(SEAGRAM + "the doubler bids 3C after partner's 2NT", "KJ84.5.AQ73.K952", "2H X P 2NT P", "3C",
         ("Lebensohl",)),
    # 3 HCP, five diamonds: sign off after the relay
    Case(SEAGRAM + "after the relay, the weak hand names its suit", "J74.852.Q9743.62", "2S X P 2NT P 3C P",
         "3D"),
    # 11 HCP, 5-5 in the majors over 2D
    Case(ROOT + "Leaping Michaels over 2D: 4D shows both majors", "KQJ84.AJ974.5.83", "2D", "4D",
         ("five-five", "majors")),
]

PREEMPTS = [
    # 16 HCP, a singleton heart
    Case(SAYC + "takeout double of a three-level preempt", "AQ84.5.KJ73.AQ52", "3H", "X", ("takeout",)),
    # 13 HCP, both minors
    Case(ROOT + "4NT over their 3S: both minors", "4.5.AQJ84.KQJ973", "3S", "4NT", ("minor",)),
    # 18 HCP, K-Q-x in diamonds
    Case(SAYC + "3NT over a three-level preempt: to play", "AK4.QJ3.KQ3.K862", "3D", "3NT"),
    # 13 HCP, six good spades
    Case(LAWRENCE + "a natural overcall of a three-level preempt", "AKJ974.Q5.K83.62", "3C", "3S", ("overcall",)),
    # 6 HCP, five spades
    Case(GRANT + "answering a double of 3H with a weak hand", "KJ974.863.Q52.73", "3H X P", "3S"),
    # 11 HCP, five spades
    Case(GRANT + "answering a double of 3H: game with values", "KJ974.863.A52.K3", "3H X P", "4S"),
    # 18 HCP, singleton heart
    Case(SAYC + "takeout double of a four-level preempt", "AKQ4.KQ3.5.KJ872", "4H", "X", ("takeout",)),
    # 15 HCP and a singleton: 18 dummy points
    Case(GRANT + "the doubler raises partner's answer to game with extra values", "AK52.KJ74.5.A982",
         "3D X P 3H P", "4H"),
]

STRONG_2C = [
    # 6 HCP, five good clubs
    Case(ROOT + "over a strong 2C, double shows clubs (a lead)", "852.73.864.KQJ94", "2C", "X", ("lead",)),
    # 7 HCP, six good spades
    Case(ROOT + "over a strong 2C, a natural overcall", "KQJ974.5.852.J63", "2C", "2S", ("overcall",)),
    # 6 HCP, K-Q-J in diamonds
    Case(ROOT + "over their 2C and the 2D answer, double shows diamonds", "75.963.KQJ84.852", "2C P 2D", "X",
         ("lead",)),
]

CASES = [*OVERCALLS, *ADVANCING_OVERCALLS, *TAKEOUT_DOUBLES, *MICHAELS_AND_UNUSUAL, *BALANCING, *NOTRUMP,
         *WEAK_TWOS, *PREEMPTS, *STRONG_2C]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_defence(case: Case) -> None:
    check(case)
