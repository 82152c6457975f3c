"""Textbook cases, second round of the competitive agreements (parts/defence.rules and the ``competition``
generator, tenace.system.bidding.competition).

Choosing a suit at once when the opponents double partner's two-suiter; balancing when they stop in the fit a
transfer found, and answering that double (never in their suit, a pass with their suit well held); the
overcaller who does not rebid a six-card suit alone at the three level; no game for the raiser after partner
passed the raise and they balanced; the strong takeout doubler who acts again when they bid on. Every hand was counted with ``CardSet.from_pbn`` (HCP and shape in the comment). The
dealer is North: an auction ``1NT 2NT X`` is North's 1NT, East's 2NT and South's double, West to call.
"""

from __future__ import annotations

import pytest

from ._harness import Case, check

HARDY = "Max Hardy, Competitive Bidding with Two-Suited Hands, "
LAWRENCE_BAL = "Mike Lawrence, The Complete Book on Balancing in Contract Bridge, "
LAWRENCE_TO = "Mike Lawrence, The Complete Book on Takeout Doubles, "
COHEN = "Larry Cohen, To Bid or Not to Bid (the Law of total tricks), "

CASES = [
    # 7 HCP, 5-5-2-1: partner's unusual 2NT over 1NT (the minors) is doubled; pick the longer minor now
    Case(HARDY + "the unusual notrump doubled: advancer names his better minor at once",
         "JT875.QJT98.K8.6", "1NT 2NT X", "3D", ("preference",)),
    # 7 HCP, 5-4-3-1: three diamonds and a singleton club
    Case(HARDY + "the unusual notrump doubled: three cards beat one", "JT875.QJ98.K86.6", "1NT 2NT X", "3D",
         ("preference",)),
    # 6 HCP, 2-4-4-3: partner's Michaels cue bid over 1C (both majors) is doubled; the longer major
    Case(HARDY + "Michaels doubled: advancer names his major", "Q5.J873.K876.J52", "1C 2C X", "2H",
         ("preference",)),
    # 15 HCP, 1-4-4-4 in the passout seat: 1NT and a transfer to spades, passed at the two level
    Case(LAWRENCE_BAL + "they found a fit through a transfer and stopped at two: balance with shortness",
         "8.KQT7.A752.AQT5", "1NT P 2H P 2S P P", "X", ("takeout", "9+")),
    # 6 HCP, 4-4-4-1: answering that double, never in their suit (spades, shown by the transfer)
    Case(LAWRENCE_TO + "answering a balancing double: the best unbid suit, not theirs",
         "T752.J963.KQ86.8", "1NT P 2H P 2S P P X P", "3H", ("natural",)),
    # 8 HCP, five spades to the king-queen-ten: their suit well held, pass the double for penalties
    Case(LAWRENCE_TO + "with length and strength in their suit, convert the double",
         "KQT95.J63.Q84.J5", "1NT P 2H P 2S P P X P", "P", ("penalties",)),
    # 13 HCP, six spades, vulnerable: overcalled 1S, partner silent, they compete to 3C
    Case(COHEN + "six trumps and a silent partner: no three-level rebid vulnerable",
         "875432.AQ6.K4.A4", "1C 1S 2H P 3C", "P", (), vul="EW"),
    # 11 HCP, seven spades: the seventh trump makes the three level safe
    Case(COHEN + "a seven-card suit competes to the three level", "AQ87543.Q6.K4.54", "1C 1S 2H P 3C", "3S",
         ("rebids the suit",), vul="EW"),
    # opener, 16 HCP with four spades: 1C 1S 2S, partner passed the raise and they balanced with 3D; partner
    # has no game interest and eight trumps do not compete at the three level
    Case(COHEN + "partner passed the raise: over their balancing bid no game, no three level with eight trumps",
         "KQT4.A53.32.AK72", "1C P 1S P 2S P P 3D", "P", ("pass",)),
    # 20 HCP, 4-6-0-3: doubled 1D, they bid 1S and 2D, partner silent: show the hearts now
    Case(LAWRENCE_TO + "the strong doubler shows his long suit when they bid on",
         "KQ96.AKJ987..AK3", "1D X 1S P 2D", "2H", ("too strong to overcall",)),
    # 17 HCP, 4-4-4-1: doubled 1C, they raised to 2C and partner passed: double again
    Case(LAWRENCE_TO + "the strong doubler doubles again with shortness in their suit",
         "AQ75.KQ84.AQ73.5", "1C X 2C P P", "X", ("takeout", "17+")),
    # 16 HCP, the same shape: no extra values, pass
    Case(LAWRENCE_TO + "a minimum doubler passes when partner has nothing to say",
         "AQ75.KJ84.AQ73.5", "1C X 2C P P", "P", ()),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_competition2(case: Case) -> None:
    check(case)
