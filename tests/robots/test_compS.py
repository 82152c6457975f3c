"""Textbook cases for control bids once the opponents have overcalled (issue 11, helper compS).

Until now control bids (cue bids showing an ace, a king, a singleton or a void on the way to a slam) were
switched off for the whole auction as soon as an opponent had called anything but pass. After 1S (2H) 3H,
the cue raise (a limit raise or better), opener with slam interest could only bid game or gamble on 4NT,
and the file's game rule came first anyway. Once the opponents pass, the room below game is ours again: a
new suit at the four level agrees the major and shows a control, exactly as after an uncontested limit
raise, and their suit is one more suit to show a control in.

Two answers were also wrong. The cue raiser's HCP are open (it promises support points, 10 or more, with no
upper limit), so "the upper half of his range" was any hand with 3 HCP: every cue raiser showed a control
back. He now cooperates with the "or better" part, 13+ support points (game-forcing values of his own), or
as before with 31 support points together. And the cue raise, bid in their suit, counted as a suit of ours,
so RKCB never asked for a control in the suit they overcalled: with two quick losers there the cue raiser
now shows his own control instead of asking.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

KANTAR = ("Eddie Kantar, Roman Keycard Blackwood: The Final Word (before asking for keycards, each side suit "
          "needs a first- or second-round control: the suit the opponents bid most of all), ")
CONTROL = ("Standard slam bidding (e.g. Kantar, Slam Bidding; Root, Commonsense Bidding): once a major is "
           "agreed and the opponents pass, a new suit at the four level below game is a control bid showing "
           "slam interest, the cheapest control first; their suit is a suit like any other, ")
ROOT = ("William Root, Commonsense Bidding (the cue-bid raise is a limit raise or better: opener with a "
        "plain game hand just bids game), ")

CASES = [
    # 1S (2H) 3H: 18 HCP and a singleton heart opposite a limit raise or better, 20 support points: too
    # much for a plain 4S; 4C shows the club control and slam interest
    Case(CONTROL + "1S (2H) 3H P: 4C with 18 HCP and a singleton", "AKJ96.4.AQ5.KJ82", "1S 2H 3H P", "4C",
         ("control bid", "slam interest", "♣")),
    # no club control: the cheapest control is 4D, denying one in clubs
    Case(CONTROL + "1S (2H) 3H P: 4D, skipping clubs", "AKJ96.4.AQ5.QJ82", "1S 2H 3H P", "4D",
         ("control bid", "no control of ♣")),
    # 18 HCP but no shortness (19 support points, 27 together): game, as before
    Case(ROOT + "1S (2H) 3H P: 4S with 18 HCP and no shortness", "AKJ96.K4.A95.QJ8", "1S 2H 3H P", "4S",
         ("game values",)),
    # the two-level cue raise: 1H (1S) 2S, a six-card suit and a singleton spade, 4C
    Case(CONTROL + "1H (1S) 2S P: 4C with six hearts and a singleton", "4.AKQ962.AQ5.K82", "1H 1S 2S P",
         "4C", ("control bid", "♣")),
    # the cue raiser answers: 13 HCP, game-forcing values of his own, shows his diamond control; with no
    # heart control he cannot ask for keycards (two heart losers may be off)
    Case(CONTROL + "1S (2H) 3H P 4C P: 4D with game-forcing values", "Q83.Q54.AQ74.K53", "1S 2H 3H P 4C P",
         "4D", ("control bid", "♦")),
    # a minimum cue raise (10 HCP) signs off in game
    Case(CONTROL + "1S (2H) 3H P 4C P: 4S with a minimum", "Q83.Q54.KJ74.Q53", "1S 2H 3H P 4C P", "4S",
         ("game values",)),
    # after a fit found over their overcall: 1C P 1H (2D) 3H (the jump raise, 16-18), responder's 4C shows
    # the club control and slam interest (before, he could only bid 4H)
    Case(CONTROL + "1C P 1H (2D) 3H P: 4C with 13 HCP and the ace of clubs", "AK7.Q9764.9543.A",
         "1C P 1H 2D 3H P", "4C", ("control bid", "slam interest", "♣")),
    # and opener shows his king of their suit back (the upper half of his jump raise)
    Case(CONTROL + "1C P 1H (2D) 3H P 4C P: 4D, a control in their suit", "J4.AKJ3.K6.Q9872",
         "1C P 1H 2D 3H P 4C P", "4D", ("control bid", "♦")),
    # 15 HCP with the ace of their suit: every side suit is controlled, so he asks
    Case(KANTAR + "1S (2H) 3H P 4C P: 4NT with the ace of their suit", "Q83.A54.AQ74.K53",
         "1S 2H 3H P 4C P", "4NT", ("keycard",)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_comp_s(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AKJ96.4.AQ5.KJ82": 18, "AKJ96.4.AQ5.QJ82": 17, "AKJ96.K4.A95.QJ8": 18, "4.AKQ962.AQ5.K82": 18,
              "Q83.Q54.AQ74.K53": 13, "Q83.Q54.KJ74.Q53": 10, "Q83.A54.AQ74.K53": 15,
              "AK7.Q9764.9543.A": 13, "J4.AKJ3.K6.Q9872": 14}
    for pbn, hcp in counts.items():
        assert CardSet.from_pbn(pbn).hcp == hcp, pbn


def test_a_control_bid_showing_26_points_then_their_bid_leaves_a_valid_game_rule() -> None:
    # seed 67 board 803: (2D) X (3D) 3S (P) 4C (4D): the doubler's control bid showed 26+ points, so the
    # support-point game over it asked for 'sp S -1+', which is no range (the robot raised an error)
    case = Case("regression: a very strong partner, their bid over his control bid", "T862.8643.5.8632",
                "2D X 3D 3S P 4C 4D", "4S", dealer="S", vul="EW")
    check(case)
