"""Textbook cases for the robots' competitive bidding, sixth round (issue 11): a side holding the balance of
strength sells out to the opponents' raise, or a strong hand finds no call and passes.

* a double of a suit the opponents have bid and raised below game is for takeout: the hand short in their
  suit (a singleton, or a void with less) shows the balance of strength, and partner bids (3NT with their
  suit stopped and the values) or passes with length in their suit (``principles``);
* with a fit for partner's overcall or response and about 21 HCP together (10+ of them in hand) the
  three-level raise is made on values, not only on a ninth trump (``principles``);
* responder's 3NT over an overcall, with their suit stopped, has no upper limit: with 18 HCP it is not
  replaced by a pass (``parts/contested.rules``);
* the takeout doubler with a fit for partner's two-level minor and 20+ goes to game, and when opener bids a
  new suit over partner's forced answer he still raises with four trumps and 16+ support points; the
  balancing doubler raises over their rebid with three points less (``parts/defence.rules``);
* over a weak two or a preempt raised to four, a strong hand bids its five-card major or doubles with
  shortness, and partner takes out a double into a five-card major (``parts/defence.rules``); when they
  raise over partner's takeout double of the preempt, a four-card major with some values (8+ HCP) or any
  five-card major bids game, and over the doubler's second double a four-card major short in their suit
  bids on;
* responding to partner's weak two after an overcall, a good five-card suit and 15+ HCP is a new suit,
  forcing, as it is without the overcall (``parts/twos-and-preempts.rules``).

The hands come from the losing boards of ``bench_strength.py`` (seeds 21, 22 and 25) or were built for the
situation; HCP and shape are in the comments. The dealer is North unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

RAISED = ("Andrew Robson and Oliver Segal, Partnership Bidding at Bridge, the double of a suit the opponents "
          "have bid and raised is for takeout, ")
EITHER = ("In the pass-out seat over their raise to three, with partner passed, the double of the player who "
          "has already shown values is takeout or penalty (short in their suit, or two or more of their "
          "trumps with the balance of strength: the defenders' side of the law of total tricks, Cohen, To "
          "Bid or Not to Bid); partner defends unless he has a long suit to bid, ")
VALUES = ("Mike Lawrence, The Complete Book on Overcalls in Contract Bridge, advancing with a fit and values "
          "when the opener's partner has bid, ")
NOTRUMP = "Andrew Robson and Oliver Segal, Partnership Bidding at Bridge, responder's 3NT over an overcall, "
DOUBLER = "Mike Lawrence, The Complete Book on Takeout Doubles, the doubler's rebid with a big hand, "
PREEMPT = "Eddie Kantar, Modern Bridge Defense, the strong hand when they raise their preempt, "

WEAK_TWO = ("Ron Klinger, Guide to Better Duplicate Bridge, responding to a weak two after an overcall: a "
            "new suit by the strong hand stays forcing, ")

CASES = [
    # 16 HCP, 4-0-5-4 (seed 25 board 456, West dealer): the negative doubler with a void over their raise
    Case(RAISED + "the negative doubler short in their suit", "AJ62..AKJ84.KT93", "1C 1H X 3H P P", "X",
         ("takeout double", "or for penalty"), dealer="W"),
    # 12 HCP, 2-3-2-6 opener (the same board): since fixG the double in this seat is takeout or penalty
    # (two or more of their trumps, 23+ together), so KJ9 of hearts defends (before: 3NT)
    Case(EITHER + "opener defends with KJ9 of their suit", "Q3.KJ9.92.AJ8642", "1C 1H X 3H P P X P", "P",
         (), dealer="W"),
    # 12 HCP, 2-2-4-5 (seed 22 board 52): since fixG the negative doubler with a doubleton in their suit and
    # 23+ together doubles for penalty (before: a pass)
    Case(EITHER + "with two cards in their suit, for penalty (fixG)", "84.J4.K654.AKJ65", "1H 1S X 3S P P",
         "X", ("for penalty",)),
    # 17 HCP, 1-5-4-3 opener (seed 22 board 116, West dealer): partner's negative double, their raise:
    # double again with the singleton, not a pass
    Case(RAISED + "opener after the negative double", "K.AQT87.AKJ4.942", "P P P 1H 1S X 2S", "X",
         ("takeout double", "0-1♠"), dealer="W", vul="All"),
    # 16 HCP, 4-1-4-4: their raise over partner's 1NT (8-10), short of game values, opener short in
    # hearts doubles
    Case(RAISED + "opener over their raise after partner's 1NT", "AQ62.4.KJ54.AQ84", "1D 1H 1NT 3H", "X",
         ("takeout double",)),
    # 14 HCP, 3-3-4-3: a fit for partner's overcall and values: raise to the three level over their 2S
    Case(VALUES + "the three-card raise with values", "KQ5.J92.K642.A74", "1C 1H 2S", "3H", ("3+♥",)),
    # 8 HCP, 3-3-4-3 (seed 22 board 295 with less): only a competitive raise, and eight trumps: pass
    Case(VALUES + "not without the values", "Q75.J92.J642.A74", "1C 1H 2S", "P", ("pass",)),
    # 18 HCP, 3-2-4-4 (seed 22 board 405): their weak jump overcall, a spade stopper: 3NT, not a pass
    Case(NOTRUMP + "no upper limit", "AK5.87.KJ96.AQJ8", "1C 2S", "3NT", ("stopper",)),
    # 22 HCP, 1-2-4-6 (seed 21 board 158, East dealer): partner's 2C answer, a club fit: game
    Case(DOUBLER + "game in partner's minor", "3.A6.AKQ4.AKQ983", "1S X P 2C P", "5C", ("game",),
         dealer="E"),
    # 19 HCP, 5-3-2-3 (seed 21 board 172): their weak two in diamonds raised to four: 4S
    Case(PREEMPT + "a five-card major bids game", "KQ854.AQ8.A5.A97", "2D P 4D", "4S", ("5+♠",)),
    # 17 HCP, 4-2-1-6 (seed 21 board 470): their 3D preempt raised: double with the singleton
    Case(PREEMPT + "short in their suit, double", "A543.K8.J.AKQT85", "3D P 4D", "X", ("takeout double",)),
    # 23 HCP, 1-4-5-3 (seed 21 board 24): over 2S raised to game as well
    Case(PREEMPT + "over their major game", "A.KJT3.AKT93.AKJ", "2S P 4S", "X", ("takeout double",)),
    # 12 HCP, 4-3-3-3: a flat hand over their raise: pass
    Case(PREEMPT + "not with a flat minimum", "KQ85.AQ8.J52.J97", "2D P 4D", "P", ()),
    # 9 HCP, 4-4-3-2 (seed 25 board 272, West dealer): partner doubled the preempt, they raised to four:
    # four spades and some values, game (not a pass that leaves partner to double again)
    Case(PREEMPT + "advancing the takeout double over their raise", "KQT2.J973.QJ3.T6", "3D X 4D", "4S",
         ("4+♠",), dealer="W", vul="EW"),
    # 8 HCP, 1-2-5-5 (seed 26 board 319, South dealer): values and no major: the values double
    Case(PREEMPT + "values without a major double", "K.52.J7652.A9765", "P 3S X 4S", "X", ("values",),
         dealer="S", vul="NS"),
    # 5 HCP, 3-4-3-3: too little to bid game over their raise: pass
    Case(PREEMPT + "not with a bare four-card major", "QT2.J973.QJ3.T62", "3C X 4C", "P", ()),
    # 6 HCP, 4-3-2-4: the doubler doubled again over their raised weak two: four spades and two diamonds
    Case(PREEMPT + "the doubler doubles again, four spades bid", "QT82.J93.J8.K962", "2D X 4D P P X P", "4S",
         ("4+♠",)),
    # 18 HCP, 4-1-3-5 (seed 21 board 469): partner's forced 1S, opener's new 2H: the doubler still raises,
    # a jump with 21 support points
    Case(DOUBLER + "a raise over opener's new suit", "AKQ2.2.A85.AJT65", "P P 1D X P 1S 2H", "3S", ("4+♠",),
         vul="NS"),
    # 15 HCP, 4-2-3-4: 16 support points, the simple raise
    Case(DOUBLER + "the simple raise over opener's new suit", "AKQ2.72.A85.QT65", "P P 1D X P 1S 2H", "2S",
         ("4+♠",)),
    # 17 HCP, 4-0-4-5, the balancing doubler (seed 21 board 43, South dealer): partner's forced 1S, their
    # 2H: the jump raise with 22 support points, not a pass
    Case(DOUBLER + "the balancing doubler raises over their rebid", "AKQ9..AQ43.QT875", "1H P P X P 1S 2H",
         "3S", ("4+♠",), dealer="S"),
    # 12 HCP, 4-2-4-3: a minimum balancing double: pass
    Case(DOUBLER + "the minimum balancing doubler passes", "AKQ9.72.Q643.T87", "1H P P X P 1S 2H", "P", (),
         dealer="S"),
    # 16 HCP, 6-1-3-3 (seed 22 board 204, West dealer): partner's weak 2D, their 2H: the spades, forcing
    Case(WEAK_TWO + "a good major of responder's own", "AKQ762.J.752.AQ8", "2D 2H", "2S", ("forcing",),
         dealer="W", vul="NS"),
    # 17 HCP, 2-2-5-4 (seed 21 board 358, East dealer): partner's weak 2H, their 2S: the diamonds, forcing
    Case(WEAK_TWO + "a good minor of responder's own", "JT.A9.AKQT7.Q642", "2H 2S", "3D", ("forcing",),
         dealer="E", vul="EW"),
    # 11 HCP, the same shape: no game interest opposite a weak two: pass
    Case(WEAK_TWO + "not without game interest", "JT.A9.KQT87.Q642", "2H 2S", "P", (), dealer="E", vul="EW"),
    # 4 HCP, 5-2-3-3: partner doubled their raise: the five-card major is game
    Case(PREEMPT + "advancing with a five-card major", "J7632.84.965.K32", "2D P 4D X P", "4S", ("5+♠",)),
    # 4 HCP, 3-2-3-5: nothing to bid: pass, defending doubled
    Case(PREEMPT + "advancing with nothing to bid", "J72.84.965.K9832", "2S P 4S X P", "P", ("penalties",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
