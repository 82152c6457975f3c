"""Textbook cases: the 1NT (15-17) and 2NT (20-21) openings, their responses and continuations, and
interference over 1NT (cards/parts/notrump.rules).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are noted beside it.
"""

from __future__ import annotations

import pytest

from ._harness import Case, check

SAYC = "ACBL SAYC System Booklet, "
BERGEN = "Marty Bergen, Better Bidding with Bergen Vol. 1 (uncontested auctions), "
KEARSE = "Amalya Kearse, Bridge Conventions Complete, "
RP = "Root & Pavlicek, Modern Bridge Conventions, "
COHEN = "Larry Cohen (larryco.com), "
GRANT = "Audrey Grant, Commonly Used Conventions in the 21st Century (ACBL Bridge Series), "

RESPONSES = [
    # 10 HCP 4-4-2-3: both majors, game values
    Case(SAYC + "responses to 1NT: Stayman with a four-card major and 8+ HCP", "Q762.AJ53.43.K76", "1NT P", "2C",
         ("Stayman",)),
    # 11 HCP 4-3-3-3
    Case(SAYC + "responses to 1NT: Stayman with one four-card major", "KJ52.A73.Q84.J72", "1NT P", "2C",
         ("four-card major",)),
    # 6 HCP 4-4-4-1, singleton club
    Case(BERGEN + "garbage Stayman: 4-4-4-1 short in clubs, passes any answer", "K762.QJ53.8643.2", "1NT P",
         "2C", ("Stayman",)),
    # 6 HCP 2-5-3-3
    Case(SAYC + "responses to 1NT: Jacoby transfer with five hearts, any strength", "72.KJ852.Q43.872", "1NT P",
         "2D", ("transfer", "5+♥")),
    # 6 HCP 5-3-3-2
    Case(SAYC + "responses to 1NT: Jacoby transfer with five spades, weak", "KJ762.Q53.843.72", "1NT P", "2H",
         ("transfer", "5+♠")),
    # 13 HCP 5-3-3-2
    Case(SAYC + "responses to 1NT: transfer first with five spades and game values", "KJ762.Q53.A43.K2",
         "1NT P", "2H", ("transfer",)),
    # 7 HCP 5-5-1-2
    Case(COHEN + "five-five in the majors opposite 1NT: weak, transfer to spades", "KJ762.QJ753.4.72", "1NT P",
         "2H", ("transfer",)),
    # 8 HCP 5-5-1-2
    Case(COHEN + "five-five in the majors opposite 1NT: invitational, transfer to hearts first",
         "QJ762.KT753.4.Q2", "1NT P", "2D", ("transfer",)),
    # 8 HCP 5-4-2-2
    Case(SAYC + "responses to 1NT: Stayman with five spades and four hearts, invitational", "Q7652.AJ53.43.J7",
         "1NT P", "2C", ("Stayman",)),
    # 11 HCP 6-3-1-3
    Case(KEARSE + "Texas: six spades and game values, to play in four", "KJ7632.A53.4.K72", "1NT P", "4H",
         ("Texas", "6+♠")),
    # 12 HCP 1-6-3-3
    Case(KEARSE + "Texas: six hearts and game values", "4.AQJ742.K73.Q82", "1NT P", "4D", ("Texas", "6+♥")),
    # 6 HCP 2-2-3-6
    Case(SAYC + "responses to 1NT: 2S asks opener to bid 3C, a weak hand with long clubs", "72.53.Q84.KJ8742",
         "1NT P", "2S", ("3C",)),
    # 3 HCP 2-2-6-3
    Case(SAYC + "responses to 1NT: 2S then 3D, a weak hand with long diamonds", "72.53.J98742.Q84", "1NT P",
         "2S", ("weak",)),
    # 6 HCP 2-2-6-3, AQ at the head of six diamonds
    Case(SAYC + "responses to 1NT: 3D invitational to 3NT with a good six-card suit", "72.53.AQ8742.842",
         "1NT P", "3D", ("invitational",)),
    # 15 HCP 6-3-1-3
    Case(SAYC + "responses to 1NT: 3S shows a six-card suit and slam interest", "AKJ763.A53.4.K72", "1NT P",
         "3S", ("slam",)),
    # 9 HCP 3-3-3-4
    Case(SAYC + "responses to 1NT: 2NT invitational, 8-9 HCP", "K72.Q53.K84.J874", "1NT P", "2NT",
         ("invites", "8-9")),
    # 11 HCP 3-3-3-4
    Case(SAYC + "responses to 1NT: 3NT to play with 10-15 HCP", "K72.Q53.K84.QJ74", "1NT P", "3NT",
         ("to play",)),
    # 16 HCP 3-3-4-3
    Case(SAYC + "responses to 1NT: 4NT quantitative with 16-17", "AK2.Q53.KJ84.K74", "1NT P", "4NT",
         ("quantitative",)),
    # 19 HCP 3-3-4-3
    Case(SAYC + "responses to 1NT: 6NT with 18-19 balanced", "AK2.KQ3.KJ84.QJ4", "1NT P", "6NT", ("slam",)),
    # 20 HCP 3-3-4-3
    Case("Root & Pavlicek, Modern Bridge Conventions, quantitative 5NT: forces 6NT and invites 7NT",
         "AK2.KQ3.KQ84.QJ4", "1NT P", "5NT", ("quantitative",)),
    # 18 HCP 2-2-7-2
    Case(SAYC + "responses to 1NT: 4C Gerber with a long suit and slam values", "K2.A3.AQJ7642.A4", "1NT P",
         "4C", ("Gerber",)),
    # 0 HCP 4-3-4-2
    Case(SAYC + "responses to 1NT: pass with a weak balanced hand", "9762.853.8643.72", "1NT P", "P"),
]

STAYMAN = [
    # 16 HCP 3-3-3-4
    Case(SAYC + "Stayman: 2D denies a four-card major", "AQ5.K84.QJ3.A762", "1NT P 2C P", "2D",
         ("no four-card major",)),
    # 16 HCP 4-4-3-2
    Case(SAYC + "Stayman: with both majors opener bids 2H first", "AQ54.K842.QJ3.A7", "1NT P 2C P", "2H",
         ("four hearts",)),
    # 16 HCP 4-3-3-3
    Case(SAYC + "Stayman: 2S shows four spades, not four hearts", "AQ54.K84.QJ3.A72", "1NT P 2C P", "2S",
         ("four spades",)),
    # 6 HCP 4-4-4-1
    Case(BERGEN + "garbage Stayman: responder passes 2D", "K762.QJ53.8643.2", "1NT P 2C P 2D P", "P"),
    # 10 HCP 5-4-2-2
    Case(KEARSE + "Smolen: 3H shows four hearts and five spades, game forcing", "Q7652.AJ53.43.K7",
         "1NT P 2C P 2D P", "3H", ("Smolen",)),
    # 10 HCP 4-5-2-2
    Case(KEARSE + "Smolen: 3S shows four spades and five hearts, game forcing", "Q762.AJ532.43.K7",
         "1NT P 2C P 2D P", "3S", ("Smolen",)),
    # 8 HCP 5-4-2-2
    Case(SAYC + "Stayman: 2S over 2D shows five spades, invitational", "Q7652.AJ53.43.J7", "1NT P 2C P 2D P",
         "2S", ("invitational", "5♠")),
    # 8 HCP 4-5-2-2
    Case(SAYC + "Stayman: 2H over 2D shows five hearts, invitational", "Q762.AJ532.43.J7", "1NT P 2C P 2D P",
         "2H", ("invitational",)),
    # 10 HCP 4-4-2-3
    Case(SAYC + "Stayman: raise to game with a fit and game values", "Q762.AJ53.43.K76", "1NT P 2C P 2H P", "4H",
         ("game",)),
    # 8 HCP 4-4-2-3
    Case(SAYC + "Stayman: raise to three with a fit, invitational", "Q762.KJ53.43.Q76", "1NT P 2C P 2H P", "3H",
         ("invitational",)),
    # 10 HCP 4-3-2-4
    Case(SAYC + "Stayman: 3NT without a fit, game values", "Q762.AJ5.43.K765", "1NT P 2C P 2H P", "3NT"),
    # 8 HCP 4-3-2-4
    Case(SAYC + "Stayman: 2NT without a fit, invitational", "Q762.K95.J3.Q765", "1NT P 2C P 2H P", "2NT",
         ("invites",)),
    # 15 HCP 4-4-3-2
    Case(SAYC + "Stayman: after 2H-2NT, opener with four spades and a minimum bids 3S", "AQ54.K842.QJ3.K7",
         "1NT P 2C P 2H P 2NT P", "3S"),
    # 16 HCP 4-4-3-2
    Case(SAYC + "Stayman: after 2H-2NT, opener with four spades and a maximum bids 4S", "AQ54.K842.QJ3.A7",
         "1NT P 2C P 2H P 2NT P", "4S"),
    # 16 HCP 4-4-3-2
    Case(SAYC + "Stayman: after 2H-3NT, opener with four spades corrects to 4S", "AQ54.K842.QJ3.A7",
         "1NT P 2C P 2H P 3NT P", "4S"),
    # 15 HCP 3-3-4-3
    Case(KEARSE + "Smolen: opener with three spades bids 4S", "AQ5.K84.QJ32.K76", "1NT P 2C P 2D P 3H P", "4S"),
    # 16 HCP 2-3-4-4
    Case(KEARSE + "Smolen: opener with two spades bids 3NT", "Q5.AK4.QJ32.KJ76", "1NT P 2C P 2D P 3H P", "3NT"),
]

TRANSFERS = [
    # 15 HCP 3-3-4-3
    Case(SAYC + "Jacoby transfers: opener completes the transfer", "AQ5.K84.QJ32.K76", "1NT P 2D P", "2H",
         ("completes",)),
    # 17 HCP 4-4-3-2
    Case(SAYC + "Jacoby transfers: super-accept with 17 and four-card support", "AQ54.K842.KJ3.A7", "1NT P 2D P",
         "3H", ("super-accept",)),
    # 16 HCP 4-2-4-3, a doubleton
    Case(BERGEN + "Jacoby transfers: super-accept with a maximum, four trumps and a doubleton", "AQ54.K8.QJ32.A72",
         "1NT P 2H P", "3S", ("super-accept",)),
    # 10 HCP 5-3-3-2
    Case(SAYC + "after a transfer: 3NT offers a choice of games with five cards", "KJ762.Q53.A43.72",
         "1NT P 2H P 2S P", "3NT", ("choice",)),
    # 8 HCP 5-3-3-2
    Case(SAYC + "after a transfer: 2NT invitational with five cards", "KJ762.Q53.Q43.72", "1NT P 2H P 2S P",
         "2NT", ("invites",)),
    # 9 HCP 6-3-2-2
    Case(SAYC + "after a transfer: three of the major invitational with six", "KJ7632.Q53.K3.72",
         "1NT P 2H P 2S P", "3S", ("invitational",)),
    # 17 HCP 5-2-3-3
    Case(SAYC + "after a transfer: 4NT quantitative with five cards", "KQ762.A3.KQ4.K72", "1NT P 2H P 2S P",
         "4NT", ("quantitative",), system="sayc"),
    # 13 HCP 1-5-2-5
    Case(SAYC + "after a transfer: a new suit is natural and game forcing", "4.AQ753.K2.KJ652",
         "1NT P 2D P 2H P", "3C", ("forcing",)),
    # 10 HCP 5-5-1-2
    Case(COHEN + "five-five in the majors, game forcing: transfer to spades, then 3H", "KJ762.AQ753.4.72",
         "1NT P 2H P 2S P", "3H", ("five-five",)),
    # 8 HCP 5-5-1-2
    Case(COHEN + "five-five in the majors, invitational: transfer to hearts, then 2S", "QJ762.KT753.4.Q2",
         "1NT P 2D P 2H P", "2S", ("five-five", "invitational")),
    # 6 HCP 5-3-3-2
    Case(SAYC + "after a transfer: pass with a weak hand", "KJ762.Q53.843.72", "1NT P 2H P 2S P", "P"),
    # 16 HCP 3-3-3-4
    Case(SAYC + "after a transfer and 3NT: opener bids 4S with three spades", "AQ5.K84.QJ3.A762",
         "1NT P 2H P 2S P 3NT P", "4S"),
    # 16 HCP 2-3-4-4
    Case(SAYC + "after a transfer and 3NT: opener passes with two spades", "AQ.K84.QJ53.A762",
         "1NT P 2H P 2S P 3NT P", "P"),
    # 15 HCP 3-3-3-4
    Case(SAYC + "after a transfer and 2NT: a minimum with three trumps bids 3S", "AQ5.K84.QJ3.K762",
         "1NT P 2H P 2S P 2NT P", "3S"),
    # 16 HCP 3-3-3-4
    Case(SAYC + "after a transfer and 2NT: a maximum with three trumps bids 4S", "AQ5.K84.QJ3.A762",
         "1NT P 2H P 2S P 2NT P", "4S"),
    # 16 HCP 2-3-4-4
    Case(SAYC + "after a transfer and 2NT: a maximum with two trumps bids 3NT", "AQ.K84.QJ53.A762",
         "1NT P 2H P 2S P 2NT P", "3NT"),
    # 16 HCP 2-3-4-4
    Case(COHEN + "five-five in the majors, game forcing: opener with three hearts bids 4H", "AQ.K84.QJ53.A762",
         "1NT P 2H P 2S P 3H P", "4H"),
    # 15 HCP 3-3-4-3
    Case(SAYC + "2S over 1NT: opener must bid 3C", "AQ5.K84.QJ32.K76", "1NT P 2S P", "3C", ("relay",)),
    # 3 HCP 2-2-6-3
    Case(SAYC + "after 2S-3C: 3D is a sign-off with long diamonds", "72.53.J98742.Q84", "1NT P 2S P 3C P", "3D",
         ("sign-off",)),
    # 6 HCP 2-2-3-6
    Case(SAYC + "after 2S-3C: pass with long clubs", "72.53.Q84.KJ8742", "1NT P 2S P 3C P", "P"),
    # 15 HCP 3-3-3-4, the king of diamonds
    Case(SAYC + "1NT-3D: opener bids 3NT with a high diamond honour", "AQ5.K84.K32.QJ76", "1NT P 3D P", "3NT",
         ("accepts",)),
]

SLAM = [
    # 15 HCP 3-3-4-3
    Case(KEARSE + "Texas: opener completes the transfer", "AQ5.K84.QJ32.K76", "1NT P 4H P", "4S",
         ("Texas",)),
    # 11 HCP 6-3-1-3
    Case(KEARSE + "Texas: responder passes four of the major", "KJ7632.A53.4.K72", "1NT P 4H P 4S P", "P"),
    # 17 HCP 6-3-1-3
    Case(KEARSE + "Texas then 4NT asks for keycards", "AKJ763.AQ3.4.K72", "1NT P 4H P 4S P", "4NT",
         ("keycards",)),
    # 17 HCP 3-3-4-3
    Case(SAYC + "4NT quantitative: accept with a maximum", "AQ5.K84.AJ32.K76", "1NT P 4NT P", "6NT",
         ("accepts",)),
    # 15 HCP 3-3-4-3
    Case(SAYC + "4NT quantitative: pass with a minimum", "AQ5.K84.QJ32.K76", "1NT P 4NT P", "P",
         ("declines",)),
    # 17 HCP 3-3-4-3, two aces
    Case(SAYC + "Gerber: 4S shows two aces", "AQ5.K84.AJ32.K76", "1NT P 4C P", "4S", ("aces",)),
    # 15 HCP 3-3-4-3, one ace
    Case(SAYC + "Gerber: 4H shows one ace", "AQ5.K84.QJ32.K76", "1NT P 4C P", "4H", ("aces",)),
    # 18 HCP 2-2-7-2, three aces: opposite none, one is missing
    Case(KEARSE + "Gerber: with one ace missing bid the slam", "K2.A3.AQJ7642.A4", "1NT P 4C P 4D P", "6NT"),
]

TWO_NOTRUMP = [
    # 6 HCP 4-4-2-3
    Case(SAYC + "responses to 2NT: 3C Stayman", "Q762.J853.43.K76", "2NT P", "3C", ("Stayman",)),
    # 6 HCP 2-5-3-3
    Case(SAYC + "responses to 2NT: 3D transfer to hearts", "72.KJ852.Q43.872", "2NT P", "3D", ("transfer",)),
    # 9 HCP 3-3-3-4
    Case(SAYC + "responses to 2NT: 3NT to play", "K72.Q53.K84.J874", "2NT P", "3NT"),
    # 11 HCP 3-3-3-4
    Case(SAYC + "responses to 2NT: 4NT quantitative", "K72.Q53.K84.QJ74", "2NT P", "4NT", ("quantitative",)),
    # 7 HCP 6-3-1-3
    Case(KEARSE + "Texas over 2NT: six spades, game", "KJ7632.853.4.K72", "2NT P", "4H", ("Texas",)),
    # 20 HCP 3-3-4-3
    Case(SAYC + "2NT opening: opener completes the transfer", "AK5.KQ4.AJ76.QJ4", "2NT P 3D P", "3H"),
    # 21 HCP 4-3-3-3
    Case(SAYC + "2NT opening: Stayman answer 3S", "AKJ5.KQ4.AJ7.QJ4", "2NT P 3C P", "3S", ("four spades",)),
    # 6 HCP 5-4-2-2
    Case(KEARSE + "Smolen over 2NT: 3H shows four hearts and five spades", "Q7652.J853.43.K7",
         "2NT P 3C P 3D P", "3H", ("Smolen",)),
]

COMPETITION = [
    # 6 HCP 5-3-3-2
    Case(GRANT + "1NT doubled: systems on, a transfer still applies", "KJ762.Q53.843.72", "1NT X", "2H",
         ("transfer",)),
    # 10 HCP 4-4-2-3
    # (Grant redoubles here; this card's redouble is a runout to a minor, so values pass: test_competition3)
    Case(GRANT + "1NT doubled: values defend (the card passes, keeping the redouble for the runout)",
         "Q762.AJ53.43.K76", "1NT X", "P", ("values",)),
    # 10 HCP 4-4-2-3, no diamond stopper
    Case(RP + "Lebensohl: a direct cue bid is Stayman without a stopper", "Q762.AJ53.43.K76", "1NT 2D", "3D",
         ("Stayman", "no stopper")),
    # 6 HCP 2-2-3-6
    Case(RP + "Lebensohl: 2NT relay with a weak hand and long clubs", "Q7.53.832.KJ7642", "1NT 2H", "2NT",
         ("Lebensohl",)),
    # 6 HCP 2-2-3-6
    Case(RP + "Lebensohl: pass 3C to play", "Q7.53.832.KJ7642", "1NT 2H 2NT P 3C P", "P"),
    # 15 HCP 3-3-4-3
    Case(RP + "Lebensohl: opener bids 3C over 2NT", "AQ5.K84.QJ32.K76", "1NT 2H 2NT P", "3C", ("relay",)),
    # 4 HCP 6-2-3-2
    Case(RP + "Lebensohl: two of a new suit is to play", "KJ9762.53.843.72", "1NT 2H", "2S", ("to play",)),
    # 13 HCP 3-3-3-4, no heart stopper
    Case(RP + "Lebensohl, fast denies: a direct 3NT has no stopper", "K72.532.AQ4.KJ74", "1NT 2H", "3NT",
         ("no stopper",)),
    # 13 HCP 3-3-3-4, Qxx of hearts
    Case(RP + "Lebensohl, slow shows: 2NT first with a stopper", "K72.Q53.A84.KJ74", "1NT 2H", "2NT"),
    # 13 HCP 3-3-3-4
    Case(RP + "Lebensohl, slow shows: 3NT after the relay shows a stopper", "K72.Q53.A84.KJ74",
         "1NT 2H 2NT P 3C P", "3NT", ("a stopper",)),
    # 12 HCP 5-2-3-3
    Case(RP + "Lebensohl: a direct three-level suit forces to game", "KQ762.53.A84.K74", "1NT 2H", "3S",
         ("game forcing",)),
    # 15 HCP 3-3-4-3
    Case(COHEN + "a doubled transfer: complete with three-card support", "AQ5.K84.QJ32.K76", "1NT P 2D X", "2H",
         ("3+♥",)),
    # 15 HCP 4-2-4-3
    Case(COHEN + "a doubled transfer: pass with a doubleton", "AQ54.84.Q932.AK6", "1NT P 2D X", "P",
         ("two cards",)),
]

CASES = RESPONSES + STAYMAN + TRANSFERS + SLAM + TWO_NOTRUMP + COMPETITION


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_notrump(case: Case) -> None:
    check(case)


def test_enough_cases() -> None:
    assert len(CASES) >= 60
