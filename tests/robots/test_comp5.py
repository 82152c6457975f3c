"""Textbook cases for the robots' competitive bidding, fifth round (issue 11): where a side that has bid sells
out too cheaply or goes on too lightly once the opponents compete.

* the advancer of a takeout double whose forced answer may have been nothing accepts the doubler's
  invitational raise with about six points, counting a long suit, and passes with less (``principles``);
* an opener or overcaller with a two-suiter (a second five-card suit, five losers or fewer) names the second
  suit when they compete over partner's pass; with 17+ HCP he doubles first (``principles``);
* an opener with 18+ HCP doubles when they find a fit at the two level through a transfer;
* a strong doubler doubles again when they raise a preempt or a weak two in diamonds to game
  (``parts/defence.rules``);
* over partner's 1NT overcall and their new suit, a long suit to play, a double with values
  (``parts/defence.rules``);
* the sacrifice over their game with ten trumps also when neither side is vulnerable (``competition``);
* their sacrifice in the suit they overcalled is doubled for penalty although we cue-bid that suit on the
  way (``principles``: a suit they named first is theirs); over our game, a five-level bid of theirs is
  doubled with our share of the strength (20 together).

The hands come from the losing boards of ``bench_strength.py`` (seeds 12 and 13) or were built for the
situation; HCP and shape are in the comments. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

ADVANCE = "Mike Lawrence, The Complete Book on Takeout Doubles, advancing when the doubler raises, "
TWO_SUITER = "Marty Bergen, Points Schmoints!, 'six-five, come alive': the two-suiter bids again, "
STRONG = ("Mike Lawrence, The Complete Book on Balancing in Contract Bridge, the strong hand does not sell "
          "out, ")
PREEMPT = "Eddie Kantar, Modern Bridge Defense, the doubler's second double when they raise the preempt, "
SAC_DOUBLE = "Eddie Kantar, Modern Bridge Defense, doubling their sacrifice in the suit they overcalled, "
COHEN = "Larry Cohen, To Bid or Not to Bid: The Law of Total Tricks, the sacrifice over their game, "
NT_OVERCALL = "Eddie Kantar, Modern Bridge Defense, advancing the 1NT overcall when they bid a new suit, "

CASES = [
    # 5 HCP, 3-3-3-4 (seed 12 board 201): a forced 2C answer at the bottom of its range: decline 3C
    Case(ADVANCE + "a bare minimum declines", "652.Q82.987.KT96", "P P 1D X P 2C P 3C P", "P",
         ("declines",)),
    # 3 HCP, 4-1-5-3 (seed 12 board 300, West dealer): the balancing doubler's jump raise: still pass
    Case(ADVANCE + "a yarborough declines the jump raise", "T954.J.T8642.Q98", "1H P P X P 1S P 3S P", "P",
         ("declines",), dealer="W", vul="NS"),
    # 8 HCP, 4-2-5-2: the same auction with useful values: game
    Case(ADVANCE + "eight points accept the jump raise", "KT54.76.Q8642.K9", "1H P P X P 1S P 3S P", "4S",
         ("accepts",), dealer="W", vul="NS"),
    # 5 HCP and six hearts, 3-6-3-1 (seed 12 board 147, South dealer): six points with the long suit: game
    Case(ADVANCE + "a six-card suit counts", "AT9.J95432.742.2", "P 1C X P 1H 2C 3H P", "4H",
         ("accepts",), dealer="S", vul="NS"),
    # 14 HCP, 5-6-1-1 (seed 12 board 95, South dealer): opener names the spades over their raise
    Case(TWO_SUITER + "opener's second suit at the three level", "KJ985.KQJT43.9.A", "P 1H 2D P 3D", "3S",
         ("5+♠", "5+♥"), dealer="S"),
    # 12 HCP, 2-0-5-6 (seed 12 board 108, West dealer): the overcaller shows the diamonds over their 2H
    Case(TWO_SUITER + "the overcaller's second suit", "KQ..65432.AQJT65", "P 1H 2C P P 2H", "3D",
         ("5+♦",), dealer="W"),
    # 18 HCP, 5-1-5-2 (seed 13 board 621): with 17+ the double comes first (the new suit would lose a game)
    Case(TWO_SUITER + "a strong two-suiter doubles first", "AQJ82.K.AK953.JT", "1S P P 2H", "X",
         ("takeout double",)),
    # 12 HCP, 5-1-5-2 (seed 13 board 694, East dealer): over a Michaels cue bid nothing is said about it
    Case(TWO_SUITER + "not over a conventional bid", "AKQ52.4.QJT83.72", "1S P P 2S", "P", (), dealer="E"),
    # 18 HCP, 3-3-4-3 (seed 13 board 218, East dealer): they found a heart fit through a transfer
    Case(STRONG + "opener doubles their transfer fit", "QJ7.A87.AJ82.AQT", "P P 1D 1NT P 2D P 2H P P", "X",
         ("takeout double",), dealer="E"),
    # 19 HCP, 1-4-3-5 (seed 12 board 193): a singleton spade, they raised to 4S: double again
    Case(PREEMPT + "short in their suit: double again", "5.AQT8.AQ2.AK964", "P P 3S X 4S P P", "X",
         ("takeout double", "0-1♠")),
    # 22 HCP, 3-4-1-5: the same over their raise of a weak 2D
    Case(PREEMPT + "the weak two in diamonds raised", "KQ5.AKJ6.7.AKQ53", "2D X 4D P P", "X",
         ("takeout double", "0-1♦")),
    # 23 HCP, 5-3-2-3: a five-card major and a doubleton diamond: bid it
    Case(PREEMPT + "a strong five-card major bids", "AKQT9.AQ5.72.AK3", "2D X 4D P P", "4S", ("5+♠",)),
    # 7 HCP, 3-3-1-6 (seed 13 board 28, West dealer): six clubs, weak: 3C to play
    Case(NT_OVERCALL + "a long suit to play", "JT6.K94.4.KT8762", "1H 1NT 2S", "3C", ("to play",),
         dealer="W"),
    # 9 HCP, 3-3-4-3, no spade stopper: values, double
    Case(NT_OVERCALL + "values and no suit: double", "862.KJ7.Q974.QJ3", "1H 1NT 2S", "X", ("values",),
         dealer="W"),
    # 17 HCP, 2-5-3-3 overcaller: partner's double and two small spades: no four-card suit to bid, defend
    Case(NT_OVERCALL + "the overcaller leaves the double in", "Q5.A8653.AK7.A94", "1H 1NT 2S X P", "P",
         ("penalties",), dealer="W"),
    # 5 HCP, 4-1-5-3 opposite partner's weak two (six spades): ten trumps, neither side vulnerable: bid on
    Case(COHEN + "ten trumps, neither side vulnerable", "Q874.5.K9632.T42", "2S 4H", "4S",
         ("bidding over their game",)),
    # 5 HCP, 4-2-5-2 after partner's 1S and our raise (five and four): ten trumps again
    Case(COHEN + "ten trumps after a raise, neither side vulnerable", "QT87.52.KJ632.T4",
         "1S P 2S 3H 3S 4H", "4S", ("bidding over their game",)),
    # 14 HCP opener, 6-2-4-1 (seed 13 board 958, East dealer): partner cue-bid their clubs, they sacrifice
    # in clubs over our 4S: the suit is theirs, double
    Case(SAC_DOUBLE + "the declarer of the game doubles", "AQJT72.QJ.Q852.K", "P 1S 2C 3C P 4S P P 5C", "X",
         ("penalty",), dealer="E"),
    # 11 HCP, 3-5-4-1, the cue raiser in the passout seat: double as well
    Case(SAC_DOUBLE + "the cue raiser doubles in the passout seat", "K96.AT932.KJ76.T",
         "P 1S 2C 3C P 4S P P 5C P P", "X", ("penalty",), dealer="E"),
    # 14 HCP, 3-5-0-5 (seed 22 board 216, West dealer): partner's weak jump overcall, our 4S, their 5D
    # sacrifice: double, not pass it out
    Case(SAC_DOUBLE + "their sacrifice over our game is doubled", "J54.AK752..AK952", "1D 2S 3D 4S 5D P P",
         "X", ("penalty",), dealer="W"),
    # the same hand when both sides are vulnerable: 4S is at the level of their game, and one or two down
    # doubled (200, 500) costs less than their vulnerable game (620): ten trumps bid on (round ten: the pass
    # this case asked for lost on the development seeds, 4S over 4H at equal vulnerability)
    Case(COHEN + "both vulnerable, ten trumps at the level of their game bid on", "QT87.52.KJ632.T4",
         "1S P 2S 3H 3S 4H", "4S", ("bidding over their game",), vul="All"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
