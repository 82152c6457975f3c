"""Textbook cases for the gaps the strength benchmark found (issue 11): what the advance of a takeout double
shows, and doubles of artificial bids. The dealer is North unless a case says otherwise."""

from __future__ import annotations

import pytest

from ._harness import Case, check

LAWRENCE_TO = "Mike Lawrence, The Complete Book on Takeout Doubles, "
SAYC = "ACBL SAYC System Booklet (2017), "
BWS = "Bridge World Standard, doubles of artificial bids: "
LAWRENCE_BAL = "Mike Lawrence, The Complete Book on Balancing in Contract Bridge, "
NT_SLAM = "Notrump slam arithmetic (33 HCP for six, 37 for seven; 4NT and 5NT quantitative), over 2NT (20-21): "

ADVANCES = [
    # 0 HCP, 3-4-3-3: the four-card major; the card says three or more (the widest of the advance's rules)
    Case(LAWRENCE_TO + "the forced advance: a four-card major first", "964.7432.984.962", "1D X P", "1H",
         ("advance", "3+♥")),
    # 5 HCP, 3-3-3-4 over 1D: the longest suit, clubs at the two level, rather than a three-card major
    Case(LAWRENCE_TO + "the forced advance: the longest suit, even at the two level", "K96.Q74.J98.9632",
         "1D X P", "2C", ("advance", "3+♣")),
    # 5 HCP, 3-3-4-3 over 1C: the four-card diamond suit, not a three-card major
    Case(LAWRENCE_TO + "the forced advance: a four-card minor before a three-card major", "K96.Q74.J982.963",
         "1C X P", "1D", ("advance", "3+♦")),
    # 5 HCP, 3-3-4-3 over 1D: no four-card suit to bid but theirs, the cheapest three-card suit
    Case(LAWRENCE_TO + "the forced advance with four of their suit: a three-card suit", "K96.Q74.J982.963",
         "1D X P", "1S", ("advance", "3+♠")),
]

DOUBLER_IN_COMPETITION = [
    # 20 HCP, 1-4-5-3, four strong hearts: partner's forced 1H and their 2C; a strong hand does not sell out
    Case(LAWRENCE_TO + "1C X P 1H 2C: the doubler with four trumps and a strong hand jumps to 3H",
         "Q.AKQT.AJ953.A98", "1C X P 1H 2C", "3H", ("jump raise", "4+♥")),
    # 15 HCP and a singleton: 18 support points, a competitive raise to 2H
    Case(LAWRENCE_TO + "1C X P 1H 2C: the doubler with four trumps and some extras competes with 2H",
         "Q.AJ74.KJ95.A982", "1C X P 1H 2C", "2H", ("raise", "4+♥")),
]

OPENER_REOPENS = [
    # 19 HCP, 3-3-2-5 with A93 of hearts: too strong to sell out, too balanced for a double
    Case(LAWRENCE_BAL + "1C (1H) P (P): opener's reopening 1NT shows 18-19 balanced with a stopper",
         "AK9.A93.JT.AQJ73", "1C 1H P P", "1NT", ("18-19", "stopper")),
    # 5 HCP opposite 18-19: no game
    Case(LAWRENCE_BAL + "1C (1H) P (P) 1NT: responder passes with 5", "985.84.QJT4.Q652", "1C 1H P P 1NT P",
         "P"),
    # 7 HCP opposite 18-19: game
    Case(LAWRENCE_BAL + "1C (1H) P (P) 1NT: responder raises to game with 6 or more", "985.84.KQT4.Q652",
         "1C 1H P P 1NT P", "3NT", ("game",)),
]

NOTRUMP_SLAMS = [
    # 16 HCP, 4-3-3-3: no spade fit after Stayman; 36-37 together, invite the grand slam with 5NT
    Case(NT_SLAM + "2NT 3C 3D: 15-16 bids 5NT, quantitative", "KQ74.A84.KJ3.K62", "2NT P 3C P 3D P", "5NT",
         ("quantitative", "15-16")),
    # 18 HCP: at least 38 together
    Case(NT_SLAM + "2NT 3C 3D: 17 or more bids 7NT", "KQ74.AQ4.KJ3.K62", "2NT P 3C P 3D P", "7NT",
         ("grand slam", "17+")),
    # 17 HCP and four spades: the fit found, the grand slam in it
    Case(NT_SLAM + "2NT 3C 3S: a fit and 17 or more, 7S", "KQ74.AQ4.KJ3.Q62", "2NT P 3C P 3S P", "7S",
         ("grand slam", "4+♠")),
    # 20 HCP, a minimum 2NT: decline the grand slam invitation, 6NT
    Case(NT_SLAM + "2NT 3C 3D 5NT: the minimum declines with 6NT", "AK3.QJ2.AQ4.KJ94", "2NT P 3C P 3D P 5NT P",
         "6NT", ("declines",)),
    # 13 HCP and six hearts: slam opposite 20-21
    Case(NT_SLAM + "2NT 3D 3H: a six-card suit and 12 or more, six of it", "K4.AQJ974.K83.62", "2NT P 3D P 3H P",
         "6H", ("slam", "6+♥")),
]

HARDY = "Max Hardy, Two-Over-One Game Force, "
ROOT = "Root & Pavlicek, Modern Bridge Conventions, "

SLAM_TRIES = [
    # 19 HCP, 3-4-4-2: opposite 12-14, 31-33 together: invite with 4NT
    Case(HARDY + "1C 1D 1NT: responder's 4NT is quantitative with 18-19", "KJ5.AQJT.AQ54.Q2", "1C P 1D P 1NT P",
         "4NT", ("quantitative", "18-19")),
    # 21 HCP: 33 or more together, bid it
    Case(HARDY + "1C 1D 1NT: 6NT with 20-21", "KJ5.AQJT.AQ54.K2", "1C P 1D P 1NT P", "6NT", ("slam", "20-21")),
    # 14 HCP, the top of 12-14: accept
    Case(HARDY + "1C 1D 1NT 4NT: the maximum accepts", "AQ4.K32.Q92.QJ32", "1C P 1D P 1NT P 4NT P", "6NT",
         ("accepts",)),
    # 13 HCP, flat: decline
    Case(HARDY + "1C 1D 1NT 4NT: the minimum declines", "AQ4.K32.J92.QJ32", "1C P 1D P 1NT P 4NT P", "P",
         ("declines",)),
    # 13 HCP, four spades, no shortness: no slam opposite 14-15; opener's 3NT is not a place to play, 4S
    Case(ROOT + "Jacoby 2NT answered 3NT: responder places the contract in the major", "AKJ7.Q84.J94.Q92",
         "1S P 2NT P 3NT P", "4S", ("game",)),
    # 22 HCP and three keycards opposite an opening that showed the other two and the trump queen: no trick
    # is missing in trumps, and 34 or more together cover the side suits
    Case(ROOT + "RKCB 1430: all the keycards and the trump queen with 34 together, the grand slam",
         "AT96.KJ3.AJ.AKQ7", "1S P 4NT P 5S P", "7S", ("grand slam",), dealer="E"),
    # 19 HCP, the trump queen in hand, Jacoby 2NT (12+) showed the rest of the keycards
    Case(ROOT + "RKCB 1430 after Jacoby 2NT: the trump queen in hand and every keycard, 7S",
         "AQJ74.K.AT.AJT65", "1S P 2NT P 4NT P 5H P", "7S", ("grand slam", "queen"), dealer="S"),
    # 21 HCP, six hearts, five diamonds, two singletons: the positive raise makes slam likely, ask for keycards
    Case(ROOT + "2C 2NT 3H 4H: a shapely strong two asks for keycards", "K.AK9753.AK982.A",
         "2C P 2NT P 3H P 4H P", "4NT", ("keycard",)),
]

KANTAR = "Eddie Kantar, Slam Bidding Made Easier (control bids: the cheapest first- or second-round control), "

CONTROL_BIDS = [
    # 14 HCP and a singleton diamond opposite 15-17 with a four-four spade fit: slam interest; no heart
    # control for RKCB, so the cheapest control first, the club king
    Case(KANTAR + "1NT 2C 2S: a shapely responder with the fit makes a control bid instead of 4S",
         "AQT3.QJ9.7.KQ652", "1NT P 2C P 2S P", "4C", ("control bid", "control of ♣")),
    # opener's 15, the bottom of 15-17: nothing more than 1NT showed, 4S
    Case(KANTAR + "1NT 2C 2S 4C: opener with a minimum signs off in the major",
         "KJ94.AK5.QJ3.J42", "1NT P 2C P 2S P 4C P", "4S", ("game",)),
    # opener's 17 with the diamond king: his cheapest control
    Case(KANTAR + "1NT 2C 2S 4C: opener with a maximum shows his cheapest control",
         "KJ94.AK5.KJ3.Q42", "1NT P 2C P 2S P 4C P", "4D", ("control bid", "control of ♦")),
    # opener's 4H skipped diamonds but responder's singleton controls them, and 4H showed hearts: every
    # suit is controlled, ask for keycards
    Case(KANTAR + "1NT 2C 2S 4C 4H: every suit controlled between the two hands, RKCB",
         "AQT3.QJ9.7.KQ652", "1NT P 2C P 2S P 4C P 4H P", "4NT", ("keycard",)),
    # 9 HCP and a singleton opposite 20-21 with the spade fit: short of 6S on points, a control bid; skipping
    # 4C denies a club control
    Case(KANTAR + "2NT 3C 3S: a shapely 9-count makes a control bid instead of 4S",
         "AQT3.Q93.7.J8652", "2NT P 3C P 3S P", "4D", ("control bid", "no control of ♣")),
    # opener holds the clubs responder denied and the hearts: every suit is controlled, ask for keycards
    Case(KANTAR + "2NT 3C 3S 4D: the opener controls the suits partner skipped, RKCB",
         "KQ82.AJ5.AQ4.KQ3", "2NT P 3C P 3S P 4D P", "4NT", ("keycard",)),
    # 17 HCP opposite 14-15 and a nine-card fit: slam interest; the cheapest control, the club king
    Case(ROOT + "Jacoby 2NT answered 3NT: with slam interest responder makes a control bid",
         "AKJ7.KQ4.J94.K92", "1S P 2NT P 3NT P", "4C", ("control bid", "control of ♣")),
    # 17 HCP, the singleton king of diamonds, no club control: 4D, and skipping 4C denies a club control
    Case(HARDY + "Jacoby 2NT, opener's shortness: responder's control bid skips the suit he cannot control",
         "AJ954.AQJ8.K.Q92", "1S P 2NT P 3H P", "4D", ("control bid", "control of ♦", "no control of ♣")),
    # opener's 14 (the bottom of 14-15) with the heart king: nothing more than 3NT showed, back to 4S
    Case(ROOT + "a control bid answered: opener with nothing extra signs off in the major",
         "KQ875.K94.Q83.A2", "1S P 2NT P 3NT P 4C P", "4S", ("game",)),
    # opener's 15 with the heart king and no diamond control: his own cheapest control, 4H (4D skipped)
    Case(ROOT + "a control bid answered: opener with extras shows his cheapest control",
         "AQ875.K94.Q83.A2", "1S P 2NT P 3NT P 4C P", "4H", ("control bid", "no control of ♦")),
    # partner's 4H denied a diamond control and responder has none: two diamond losers are possible, 4S
    Case(ROOT + "after the control bids nobody controls diamonds: game, not slam",
         "AKJ7.KQ4.J94.K92", "1S P 2NT P 3NT P 4C P 4H P", "4S", ("game",)),
    # partner's 4D showed the diamond control responder lacked: every suit is controlled, ask for keycards
    Case(ROOT + "after the control bids every suit is controlled: RKCB",
         "AKJ7.KQ4.J94.K92", "1S P 2NT P 3NT P 4C P 4D P", "4NT", ("keycard",)),
]

KANTAR_RKCB = "Eddie Kantar, Roman Keycard Blackwood: The Final Word (with no suit agreed, partner's last bid suit is the key suit), "

MINOR_SLAMS = [
    # 17 HCP, three diamonds and a control in both unbid suits opposite a rebid minor: slam in diamonds is
    # near, ask for keycards with diamonds as the key suit rather than settle in 3NT
    Case(KANTAR_RKCB + "1D 1H 2D: responder with slam values and three-card support asks for keycards",
         "AJ8.AQJ73.J84.A8", "1D P 1H P 2D P", "4NT", ("keycard",)),
    # 16 HCP, three diamonds, and both unbid suits (hearts, clubs) controlled by ace-king: a point short of
    # 30 together, but a strong hand opposite a rebid minor asks all the same
    Case(KANTAR_RKCB + "1D 1S 2D: a 16-count with three-card support and every unbid suit controlled asks",
         "J8643.AK3.J43.AK", "1D P 1S P 2D P", "4NT", ("keycard",)),
    # 16 HCP and two small diamonds opposite an opening and a rebid of diamonds (six, as a rule): eight
    # cards together, both unbid suits controlled, ask
    Case(KANTAR_RKCB + "1D 1H 2D: 16 HCP and a doubleton opposite the opened and rebid minor asks",
         "KQ9.A7642.T8.AK7", "1D P 1H P 2D P", "4NT", ("keycard",)),
    # 19 HCP and two diamonds opposite responder's 3D rebid over 2NT, which goes past 3NT and so shows six
    # diamonds and slam interest (12+ HCP; helper over9): an eight-card fit and 31+ HCP, ask for keycards
    Case(KANTAR_RKCB + "1C 1D 2NT 3D: the rebid minor shows six and slam interest, keycards",
         "KT2.AQJ3.A3.A864", "1C P 1D P 2NT P 3D P", "4NT", ("keycards",)),
    # 16 HCP and AK5 of diamonds, but no control in clubs (J732): two club losers are possible, 3NT
    Case(KANTAR_RKCB + "1D 1S 2D: no control of the unbid clubs, game in notrump, not keycards",
         "AT86.A3.AK5.J732", "1D P 1S P 2D P", "3NT", ("game",)),
    # one keycard shown (5C) opposite four: one missing, the small slam in the key suit
    Case(KANTAR_RKCB + "1D 1H 2D 4NT 5C: one keycard missing, six of the minor",
         "AJ8.AQJ73.J84.A8", "1D P 1H P 2D P 4NT P 5C P", "6D"),
]

ARTIFICIAL = [
    # 4 HCP, five diamonds: partner doubled 1NT for penalty and the opener's partner transferred with 2D;
    # the 2D bid says nothing about diamonds, so a double of it cannot be for penalty of diamonds
    Case(BWS + "1NT X 2D (a transfer): no penalty double of the artificial bid", "964.74.KJ984.962",
         "1NT X 2D", "P"),
]

CASES = (ADVANCES + DOUBLER_IN_COMPETITION + OPENER_REOPENS + NOTRUMP_SLAMS + SLAM_TRIES
         + CONTROL_BIDS + MINOR_SLAMS + ARTIFICIAL)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_judgement(case: Case) -> None:
    check(case)
