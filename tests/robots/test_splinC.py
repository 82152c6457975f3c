"""Textbook cases for a splinter in the opponents' suit (issue 11, helper splinC).

After partner's one of a major and a simple overcall, responder's jump cue bid (1H (1S) 3S, 1M (2m) 4m, 1S
(2H) 4H) is a splinter: four or more trumps, 11-15 HCP and a singleton or void in their suit. A double jump in
a new suit below the major (1H (1S) 4C, 1S (2C) 4D) is a splinter there, as without the overcall. Tournament
players read a jump cue bid this way (it cannot be wanted as a natural bid or a plain raise: the simple cue
bid already shows a limit raise or better). Opener then judges as after an uncontested splinter: he counts his
HCP without the king, queen and jack of their suit, which face the shortness, asks for keycards with 13 or
more such working HCP, and otherwise signs off in game; the splinter bidder passes the sign-off.

On the old rules responder cue bid once (a limit raise or better) and the shortness was never shown; a jump
cue bid had no agreed meaning.

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

BERGEN = ("Marty Bergen, Points Schmoints! (a splinter raise shows four trumps, game values and a singleton "
          "or void; opposite it the king, queen and jack of that suit are wasted), ")
JUMP_CUE = ("the jump cue bid of the overcaller's suit as a splinter (shortness there, a fit for partner, "
            "game values: the tournament reading of a jump cue bid over an overcall), ")

CASES = [
    # 13 HCP, four hearts and a singleton spade over their 1S: 3S, the splinter (on the old rules, 2S)
    Case(JUMP_CUE + "1H (1S): 3S with four trumps and a singleton spade", "8.K976.AQ854.KJ2", "1H 1S", "3S",
         ("splinter", "0-1♠", "4+♥")),
    # 12 HCP, four spades and a singleton club over their 2C: 4C (on the old rules, 3C)
    Case(JUMP_CUE + "1S (2C): 4C with four trumps and a singleton club", "KJ76.A85.KJ832.8", "1S 2C", "4C",
         ("splinter", "0-1♣")),
    # 11 HCP and a singleton heart over their 2H: 4H, the splinter, not the cue raise 3H
    Case(JUMP_CUE + "1S (2H): 4H with four trumps and a singleton heart", "KJ76.8.A5.QJ7542", "1S 2H", "4H",
         ("splinter", "0-1♥")),
    # a double jump in a new suit over the overcall is a splinter as without it: 1S (2C) 4D with a
    # singleton diamond (on the old rules, 3C)
    Case(BERGEN + "1S (2C): 4D, a double jump, with a singleton diamond", "KJ76.A85.8.KJ832", "1S 2C", "4D",
         ("splinter", "0-1♦")),
    # 1H (1S) 4C: four hearts and a singleton club
    Case(BERGEN + "1H (1S): 4C, a double jump, with a singleton club", "Q8.K976.AQ854.2", "1H 1S", "4C",
         ("splinter", "0-1♣")),
    # 10 HCP is below a splinter's range: the cue raise (a limit raise or better) stays
    Case(JUMP_CUE + "1S (2D): 3D, the cue raise, with only 10 HCP", "KJ76.Q85.8.KJ832", "1S 2D", "3D",
         ("cue bid",)),
    # 17 HCP and three small spades opposite the spade shortness: every point works, 4NT
    Case(BERGEN + "1H (1S) 3S: 4NT with three small spades", "852.AKJ85.A3.KQ2", "1H 1S 3S P", "4NT",
         ("keycards", "besides the king, queen and jack")),
    # 15 HCP with the king and queen of spades: 10 working, game
    Case(BERGEN + "1H (1S) 3S: 4H with the spade king and queen", "KQ5.AQJ85.K73.72", "1H 1S 3S P", "4H",
         ("fewer than 13 HCP besides",)),
    # a minimum with two small clubs opposite the club splinter: 13 working, 4NT
    Case(BERGEN + "1S (2C) 4C: 4NT with a working minimum", "AQ854.KJ3.K72.85", "1S 2C 4C P", "4NT",
         ("keycards",)),
    # 16 HCP, but the king, queen and jack of diamonds face the singleton: 10 working, game
    Case(BERGEN + "1S (2D) 4D, doubled: 4S with KQJ of diamonds", "AQ854.K3.KQJ.J72", "1S 2D 4D X", "4S",
         ("sign-off",)),
    # opposite the diamond splinter a minimum with the diamond king: 10 working HCP, game
    Case(BERGEN + "1S (2C) 4D: 4S with the diamond king opposite", "AQ854.KJ3.K72.85", "1S 2C 4D P", "4S",
         ("fewer than 13 HCP besides",)),
    # the splinter bidder with a maximum passes opener's sign-off
    Case(BERGEN + "1H (1S) 3S 4H: pass with a maximum splinter", "8.KQ76.AQ854.KJ2", "1H 1S 3S P 4H P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_splin_c(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"8.K976.AQ854.KJ2": (13, (1, 4, 5, 3)), "KJ76.A85.KJ832.8": (12, (4, 3, 5, 1)),
              "KJ76.8.A5.QJ7542": (11, (4, 1, 2, 6)), "KJ76.Q85.8.KJ832": (10, (4, 3, 1, 5)),
              "852.AKJ85.A3.KQ2": (17, (3, 5, 2, 3)), "KQ5.AQJ85.K73.72": (15, (3, 5, 3, 2)),
              "AQ854.KJ3.K72.85": (13, (5, 3, 3, 2)), "AQ854.K3.KQJ.J72": (16, (5, 2, 3, 3)),
              "8.KQ76.AQ854.KJ2": (15, (1, 4, 5, 3)), "KJ76.A85.8.KJ832": (12, (4, 3, 1, 5)),
              "Q8.K976.AQ854.2": (11, (2, 4, 5, 1))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
