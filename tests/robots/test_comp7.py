"""Textbook cases for the robots' competitive bidding, seventh round (issue 11): strong hands that met no rule
in a contested auction and passed.

* the overcaller, when they jump to game over his overcall (1S-(2H)-4S), doubles with a singleton or void in
  their suit and 15+ HCP, or with any 18+; partner bids a five-card major of his own and otherwise passes
  for penalty (``parts/defence.rules``);
* the takeout doubler, when opener bids a new suit over partner's one-level answer, holding neither four
  trumps nor a singleton in the new suit: a five-card suit of his own, notrump with both their suits
  stopped, else a second double showing the strong hand (``parts/defence.rules``);
* an opener or overcaller whose partner passed, when they bid and raise to the three level, doubles for
  takeout with a singleton in their suit, four cards in the unbid major and 13+ HCP (``principles``);
* the reopening doubler of a weak two, when partner jumps in the other major (four cards, 9-12), bids game
  with 15+ HCP: the major with four trumps, 3NT with their suit stopped, else the major with three
  (``parts/defence.rules``);
* the negative doubler, over opener's cue bid of their suit (a strong hand without a stopper), bids 3NT
  with their suit stopped (``parts/contested.rules``);
* opener with four cards in the major partner's two-level negative double showed and five losers bids game
  in it (``parts/contested.rules``);
* opener after partner's preemptive jump raise in competition bids game with five losers or 19+ HCP; over
  an overcall of partner's 1NT response he shows four hearts as without it (``parts/contested.rules``);
* the balancing doubler, when they raise over partner's forced answer (which showed no length), bids a
  five-card suit of his own or doubles again with 18+ and two or fewer of their suit
  (``parts/defence.rules``);
* partner's balancing double of 1NT is for penalty, advanced as the direct one: a very weak hand with a
  five-card suit runs, anything else passes (``parts/defence.rules``);
* opener, after 1H-(2S)-3H (the simple raise pushed to the three level), bids game with the values of a game
  try (``parts/contested.rules``).

Hands come from the development boards of ``bench_strength.py`` (seed 31) or were built for the situation.
The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

GAME_RAISE = ("Mike Lawrence, The Complete Book on Overcalls in Contract Bridge, the overcaller when the "
              "opponents jump to game: ")
DOUBLER = "Mike Lawrence, The Complete Book on Takeout Doubles, the doubler's rebid with a big hand: "
RAISED = ("Marty Bergen, Points Schmoints, opener after a competitive raise to the three level (no room to "
          "invite): ")

TOTAL_TRICKS = ("Larry Cohen, To Bid or Not to Bid, competing when the opponents have bid and raised to "
                "the three level: ")

REOPENED = ("Ron Klinger, Guide to Better Duplicate Bridge, the reopening double of a weak two answered with "
            "a jump: ")

CUE_ASK = ("Marty Bergen, Negative Doubles, opener's cue bid after the negative double asks for a stopper "
           "in their suit: ")

LOSERS = ("Ron Klinger, The Modern Losing Trick Count, opener's rebid after a negative double with a fit "
          "for the major it showed: ")

PREEMPTIVE = ("Ron Klinger, The Modern Losing Trick Count, opener after partner's preemptive jump raise in "
              "competition: ")
BALANCING = ("Mike Lawrence, The Complete Book on Balancing, the balancing doubler when opener's side raises "
             "over the forced answer: ")
FORCING_NT = ("Max Hardy, Two-Over-One Game Force, opener's rebid when they overcall the forcing 1NT: ")

NT_DOUBLE = ("Eddie Kantar, Modern Bridge Defense, advancing a penalty double of 1NT in the passout seat: ")

CASES = [
    # 16 HCP, 0-6-3-4: a void in their suit, a strong overcall
    Case(GAME_RAISE + "double with a void and extra values", ".KQJ852.AQ4.K943", "1S 2H 4S P P", "X",
         ("takeout double", "15+ HCP")),
    Case(GAME_RAISE + "the same after a one-level overcall", ".KQJ852.AQ4.K943", "1S 1H 4S P P", "X",
         ("takeout double",)),
    # 14 HCP, 3-5-3-2: a sound overcall but three of their suit and no extras: defend
    Case(GAME_RAISE + "not with three of their suit and a minimum", "AK5.QJT82.K43.J2", "1S 2H 4S P P", "P",
         ("to play",)),
    # 5 HCP, 5-2-5-1: the advancer with a five-card major bids it over partner's double
    Case(GAME_RAISE + "the advancer takes out into his five-card major", "QJ743.T3.K6542.4",
         "1H 2C 4H P P X P", "4S", ("5+♠",)),
    # 2 HCP, 4-2-5-2: nothing to say, the double stands for penalty
    Case(GAME_RAISE + "the advancer passes without a major", "8743.T3.96542.74", "1S 2H 4S P P X P", "P",
         ("penalties",)),
    # 19 HCP, 3-3-3-4: both their suits stopped, 2NT (not a pass: the doubler has 19)
    Case(DOUBLER + "notrump with both their suits stopped", "AQ5.K42.AQ3.KJ42", "1D X P 1H 2C", "2NT",
         ("18-20 HCP",)),
    # 20 HCP, 5-2-2-4: a five-card suit of his own
    Case(DOUBLER + "a five-card suit of his own", "AQJ95.K2.K3.AKJ4", "1D X P 1H 2C", "2S",
         ("5+♠",)),
    # 20 HCP, 4-3-3-3: no stopper in opener's diamonds, three clubs: a second double
    Case(DOUBLER + "a second double with no stopper", "AKQ5.Q42.J32.AKJ", "1D X P 1H 2C", "X",
         ("takeout double",)),
    # 16 HCP, 4-4-2-3: four hearts, still the raise
    Case(DOUBLER + "the raise comes first with four trumps", "KQ74.AQJ3.K6.AQ2", "1D X P 1H 2C", "3H",
         ("4+♥",)),
    # 18 HCP, 3-5-3-2 opener (seed 31 board 191, South dealer): 4H makes, the pass left a game out
    Case(RAISED + "game with the values of a game try", "AK9.AT752.AJT.Q8", "P P 1H 2S 3H P", "4H",
         ("game",), dealer="S", vul="NS"),
    # 13 HCP, 2-5-3-3 minimum: pass
    Case(RAISED + "a minimum passes", "K9.AT752.AJT.Q82", "1H 2S 3H P", "P", ("to play",)),
    # 14 HCP, 1-4-7-1 overcaller (seed 31 board 36, West dealer): they bid and raised to 3S; a singleton
    # spade and four hearts double for takeout, and partner bids his five-card heart suit at game
    Case(TOTAL_TRICKS + "the overcaller doubles their raise", "2.AQT3.AKJT973.5", "P 2S 3D 3S P P", "X",
         ("takeout double",), dealer="W", vul="All"),
    Case(TOTAL_TRICKS + "partner takes out into hearts", "854.K8754.Q6.T86", "P 2S 3D 3S P P X P", "4H",
         ("3+♥",), dealer="W", vul="All"),
    # 14 HCP, 2-3-7-1: no four-card heart suit, no double
    Case(TOTAL_TRICKS + "not without the unbid major", "J2.AQT.AKJT973.5", "P 2S 3D 3S P P", "P",
         (), dealer="W", vul="All"),
    # 19 HCP, 3-4-4-2 doubler (seed 31 board 379, South dealer): partner's jump to 3S over the reopening
    # double shows 9-12 with four spades; AQ86 stops their hearts, 3NT makes ten tricks
    Case(REOPENED + "game with a direct doubler's accepting values", "KQ6.AQ86.AKJ4.64", "2H P P X P 3S P",
         "3NT", ("stopper",), dealer="S"),
    # 14 HCP, 3-4-4-2: not enough to accept
    Case(REOPENED + "a minimum doubler passes", "KQ6.A986.AJ54.64", "2H P P X P 3S P", "P", ("to play",),
         dealer="S"),
    # 17 HCP, 2-4-4-3 over their weak 2D: four hearts, game in the major
    Case(REOPENED + "game in the major with four trumps", "KQ.A986.AJ54.K64", "2D P P X P 3H P", "4H",
         ("♥",), dealer="S"),
    # 8 HCP, 2-4-4-3 negative doubler (seed 31 board 493): opener's cue bid asks for a stopper, K2 is one
    Case(CUE_ASK + "3NT with their suit stopped", "K2.QT83.KT94.T73", "1D 2S X P 3S P", "3NT",
         ("stopper",), vul="All"),
    # 8 HCP, 2-4-4-3 without a spade stopper: not 3NT
    Case(CUE_ASK + "no stopper, no 3NT", "72.QT83.KT94.KT3", "1D 2S X P 3S P", "4D", (), vul="All"),
    # 10 HCP, 5-6-2-0 opener, five losers (seed 31 board 327, South dealer): game in the spades partner's
    # negative double showed
    Case(LOSERS + "game on playing strength", "QJ874.AQJT75.54.", "1H 2D X P", "4S", ("4+♠",),
         dealer="S", vul="All"),
    # 15 HCP, 4-1-6-2, five losers
    Case(LOSERS + "the same after a minor opening", "AJ74.5.AQJ754.K2", "1D 2H X P", "4S", ("4+♠",)),
    # 14 HCP, 4-5-2-2, seven losers: the minimum answer
    Case(LOSERS + "not with seven losers", "KJ74.AQJ75.54.K2", "1H 2D X P", "2S", ("0-14 HCP",)),
    # 17 HCP, 3-5-1-4 opener, five losers (seed 32 board 268, West dealer): partner's preemptive 3H over
    # the double, 4H makes
    Case(PREEMPTIVE + "game over the preemptive raise", "K65.KQJ75.K.KQ96", "P 1H X 3H P", "4H", ("game",),
         dealer="W", vul="NS"),
    # 18 HCP, 2-5-4-2 opener, five losers (seed 32 board 459, South dealer)
    Case(PREEMPTIVE + "the same over an overcall", "AK.AQT72.AJ84.32", "1H 2C 3H P", "4H", ("game",),
         dealer="S"),
    # 15 HCP, 2-5-4-2, six losers: pass
    Case(PREEMPTIVE + "six losers pass", "AK.AQT72.J984.32", "1H 2C 3H P", "P", ("to play",), dealer="S"),
    # 19 HCP, 3-2-3-5 balancing doubler (seed 32 board 494, East dealer): partner's 1S showed no length, the
    # 19-count shows its clubs
    Case(BALANCING + "a five-card suit of his own", "K72.T4.AQ5.AKQJ7", "1H P P X P 1S 2H", "3C", ("5+♣",),
         dealer="E"),
    # 19 HCP, 3-2-4-4: no five-card suit, a second double
    Case(BALANCING + "a second double with the strong hand", "K72.T4.AQ52.AKQ7", "1H P P X P 1S 2H", "X",
         ("takeout double",), dealer="E"),
    # 16 HCP, 5-4-1-3 opener (seed 32 board 38, East dealer): hearts shown over the overcall of 1NT; with six
    # spades and four hearts a minimum rebids the spades, as 1S-1NT-2S does without the overcall
    Case(FORCING_NT + "opener shows his hearts", "AK865.K652.A.Q95", "1S P 1NT 2C", "2H", ("4+♥",),
         dealer="E", vul="EW"),
    Case(FORCING_NT + "six spades are rebid", "AQJ875.K973.KT.3", "1S P 1NT 2D", "2S", ("6+♠",)),
    # 3 HCP, 2-2-7-2: partner's balancing double of 1NT is for penalty; a long suit and nothing runs
    Case(NT_DOUBLE + "run with a long suit and nothing", "87.T3.QJ96542.74", "1NT P P X P", "2D", ("5+♦",)),
    # 7 HCP, 3-3-4-3: defend
    Case(NT_DOUBLE + "stay in with some values", "K87.QT3.J965.T74", "1NT P P X P", "P", ("to play",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
