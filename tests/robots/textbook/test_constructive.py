"""Textbook cases for uncontested game and slam bidding (issue 11): responder's rebid after opener's jump
rebid of his minor, and control bids after opener's jump raise of responder's major. The dealer is North,
the robot South, unless a case says otherwise."""

from __future__ import annotations

import pytest

from ._harness import Case, check

JUMP_REBID = ("Responder's rebid after opener's jump rebid (16+, six cards; standard practice, e.g. ACBL SAYC "
              "booklet on opener's invitational jump rebid): ")
KANTAR = ("Eddie Kantar, Roman Keycard Blackwood: cue-bid (show a control) rather than ask for keycards while a "
          "side suit is unguarded; ")

AFTER_JUMP_REBID = [
    # 10 HCP and seven hearts: ten tricks in hearts opposite a long strong minor, not 3NT with a void hole
    Case(JUMP_REBID + "1D 1H 3D: a six-card major goes to game in it rather than 3NT", "5.AK87653.T.K872",
         "1D P 1H P 3D P", "4H", ("game", "6+♥")),
    # the same hand in the SAYC card (core rules shared)
    Case(JUMP_REBID + "1D 1H 3D in SAYC: a six-card major goes to game in it", "5.AK87653.T.K872",
         "1D P 1H P 3D P", "4H", ("game", "6+♥"), system="sayc"),
    # 10 HCP, five hearts only and stoppers: 3NT as before
    Case(JUMP_REBID + "1D 1H 3D: five hearts and game values, 3NT", "KT4.AJ987.J32.Q5", "1D P 1H P 3D P",
         "3NT", ("notrump",)),
    # opener's six-card major with two-card support comes first, even with six spades of one's own
    Case(JUMP_REBID + "1H 1S 3H: support for opener's major first", "AQ8643.J4.K52.Q7", "1H P 1S P 3H P",
         "4H", ("game",)),
]

CONTROLS_AFTER_JUMP_RAISE = [
    # 13 HCP, six hearts, a singleton diamond and two small clubs: 31 support points together; clubs
    # unguarded, so the cheapest control (diamonds), denying one in clubs
    Case(KANTAR + "1D 1H 3H: slam interest and clubs unguarded, the control bid 4D", "AK63.KQJT92.5.62",
         "1D P 1H P 3H P", "4D", ("control bid", "♦")),
    # SAYC keeps plain Blackwood: no control bids, the same hand accepts the invitation
    Case("ACBL SAYC booklet: 1D 1H 3H is invitational, game with values to accept", "AK63.KQJT92.5.62",
         "1D P 1H P 3H P", "4H", ("accepts",), system="sayc"),
    # the heart control after a spade fit: clubs and diamonds skipped, so not controlled
    Case(KANTAR + "1C 1S 3S: the cheapest control is in hearts, denying the minors", "AKQ83.AQ.8643.92",
         "1C P 1S P 3S P", "4H", ("control bid", "no control of ♣", "no control of ♦")),
    # every side suit controlled: ask for keycards at once
    Case(KANTAR + "1D 1H 3H: both unbid suits controlled, RKCB at once", "AK63.KQJT92.52.A2", "1D P 1H P 3H P",
         "4NT", ("keycard",)),
    # 11 HCP and a singleton: 28 support points together, short of slam interest; game
    Case(KANTAR + "1D 1H 3H: no slam interest, game", "A54.AKT972.6.973", "1D P 1H P 3H P", "4H",
         ("accepts",)),
    Case(KANTAR + "1C 1S 3S: 11 HCP and five trumps, game", "AQJ83.A7.8643.92", "1C P 1S P 3S P", "4S",
         ("accepts",)),
    # opener answers the control bid: with the club ace-king and the spade singleton he has both unbid suits
    # controlled and a maximum, so he asks for keycards
    Case(KANTAR + "1D 1H 3H 4D: opener with extras and clubs controlled asks for keycards",
         "5.8763.AQT84.AKJ", "1D P 1H P 3H P 4D P", "4NT", ("keycard",)),
    # opener without a club control (Q-x): game, whatever his strength
    Case(KANTAR + "1D 1H 3H 4D: opener with clubs unguarded signs off", "J2.KQ76.AKJ84.Q5",
         "1D P 1H P 3H P 4D P", "4H"),
    # a minimum jump raise (11 HCP and a singleton) signs off
    Case(KANTAR + "1D 1H 3H 4D: a minimum jump raise signs off", "5.K763.AQT84.Q54", "1D P 1H P 3H P 4D P",
         "4H"),
]

CASES = AFTER_JUMP_REBID + CONTROLS_AFTER_JUMP_RAISE


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_constructive(case: Case) -> None:
    check(case)
