"""Textbook cases for opener's splinter after a one-level major response (issue 11, helper splinO).

After 1x-1M (a one-level response in a major), opener's double jump in a new suit (1m-1H-3S; 1x-1M-4z in a
suit below the major) shows four trumps, a singleton or void in the suit bid and game values opposite a
minimum response: 15-19 HCP and 19+ support points. Responder, who alone can see whether his honours face
the shortness, judges the slam: he counts his HCP without the king, queen and jack of the splinter suit and
asks for keycards with ten or more such working HCP (opposite about 17, some 27 together); with fewer he
signs off in game, and opener passes.

On the old rules opener jumped to game (4M, sign-off) or, with 16+ and a singleton, bid 4NT himself at once,
never learning whether responder's values were wasted. The SAYC card plays no splinters and keeps 4M.

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet

from .textbook._harness import Case, check

ROOT = ("Root & Pavlicek, Modern Bridge Conventions (opener's double jump in a new suit after a one-level "
        "response is a splinter raise: four trumps, shortness, game values), ")
BERGEN = ("Marty Bergen, Points Schmoints! (opposite partner's splinter the king, queen and jack of the "
          "short suit are wasted, an ace is not: count the working points), ")
SAYC = "ACBL SAYC booklet (no splinters: opener's raise to game with four trumps and 19+ points), "

CASES = [
    # 17 HCP, four spades and a singleton heart: the splinter, not 4S
    Case(ROOT + "1D-1S: 4H, a splinter", "KQ85.7.AKJ85.A32", "1D P 1S P", "4H",
         ("splinter", "0-1♥")),
    # over 1H a double jump to 3S is the splinter: 18 HCP and a singleton spade (on the old rules, 4NT)
    Case(ROOT + "1C-1H: 3S, a splinter", "7.KQ85.AQ4.AK965", "1C P 1H P", "3S", ("splinter",)),
    # 1H-1S-4D: a singleton diamond, 18 HCP, four spades
    Case(ROOT + "1H-1S: 4D, a splinter", "AJ75.AKJ85.6.KQ3", "1H P 1S P", "4D", ("splinter",)),
    # 22 HCP are above the splinter's range: RKCB at once, as before
    Case(ROOT + "1C-1H: 4NT with 22 HCP and a singleton", "A.KQ85.AQ4.AK965", "1C P 1H P", "4NT",
         ("keycards",)),
    # responder: 11 HCP, three small hearts opposite the heart splinter, all working: 4NT
    Case(BERGEN + "1D-1S-4H: 4NT with 11 working HCP", "AQ974.852.Q3.K64", "1D P 1S P 4H P", "4NT",
         ("keycards", "besides the king, queen and jack")),
    # the same strength with the king and queen of hearts facing the singleton: 7 working, game
    Case(BERGEN + "1D-1S-4H: 4S with the heart king and queen", "AQ974.KQ2.83.J64", "1D P 1S P 4H P", "4S",
         ("fewer than 10 HCP besides",)),
    # 1C-1H-3S: 10 HCP, three small spades: 4NT
    Case(BERGEN + "1C-1H-3S: 4NT with 10 working HCP", "852.AJ74.K83.Q62", "1C P 1H P 3S P", "4NT",
         ("keycards",)),
    # a minimum response, 7 HCP: game
    Case(BERGEN + "1C-1H-3S: 4H with 7 HCP", "852.KJ74.Q83.J62", "1C P 1H P 3S P", "4H", ("sign-off",)),
    # the splinter bidder passes responder's sign-off
    Case(ROOT + "1D-1S-4H-4S: pass", "KQ85.7.AKJ85.A32", "1D P 1S P 4H P 4S P", "P"),
    # SAYC has no splinters: the raise to game
    Case(SAYC + "1D-1S: 4S", "KQ85.7.AKJ85.A32", "1D P 1S P", "4S", system="sayc"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_splin_o(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"KQ85.7.AKJ85.A32": (17, (4, 1, 5, 3)), "7.KQ85.AQ4.AK965": (18, (1, 4, 3, 5)),
              "AJ75.AKJ85.6.KQ3": (18, (4, 5, 1, 3)), "A.KQ85.AQ4.AK965": (22, (1, 4, 3, 5)),
              "AQ974.852.Q3.K64": (11, (5, 3, 2, 3)), "AQ974.KQ2.83.J64": (12, (5, 3, 2, 3)),
              "852.AJ74.K83.Q62": (10, (3, 4, 3, 3)), "852.KJ74.Q83.J62": (7, (3, 4, 3, 3))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn
