"""Textbook cases for the slam judged after a splinter (issue 11, helper splinS).

Over 1M, responder's double jump in a new suit (3S over 1H, 4C/4D/4H below the major) shows four or more
trumps, 11-15 HCP and a singleton or void in the suit bid. Opener, the only one who can see whether his
honours are wasted opposite the shortness, is the captain: he counts his HCP without the king, queen and
jack of the splinter suit (an ace there still takes a trick) and asks for keycards with 13 or more such
working HCP; with less, he signs off in game whatever his total. The splinter bidder, whose hand is
limited and described, passes the sign-off.

On the old rules opener counted support points together (an honour opposite the singleton in full), so a
minimum with the ideal three small cards opposite signed off and a 17-count with KQJ facing the singleton
asked for keycards; the splinter bidder asked over the sign-off with a maximum.

Every hand's HCP and shape are checked in ``test_the_noted_counts``.
"""

from __future__ import annotations

import pytest

from tenace import CardSet
from tenace.system.bidding.check import contradictions
from tenace.system.bidding.conditions import ConditionError, Facts, parse_condition
from tenace.system.bidding.hand import HandInfo

from .textbook._harness import Case, check

BERGEN = ("Marty Bergen, Points Schmoints! (opposite partner's splinter the king, queen and jack of the "
          "short suit are wasted, an ace is not: count the working points), ")
KANTAR = ("Eddie Kantar, Roman Keycard Blackwood (the ideal holding opposite a splinter is three or four "
          "small cards; with no wasted values opener takes control and asks), ")

CASES = [
    # 17 HCP, two small diamonds opposite the diamond splinter: every point works, 4NT
    Case(KANTAR + "1S-4D: 4NT with 17 working HCP", "AKJ85.KQ3.83.A72", "1S P 4D P", "4NT",
         ("keycards", "besides the king, queen and jack")),
    # a minimum, 13 HCP, with three small clubs opposite the club splinter: 13 working, 4NT (on the old
    # rules, 4S)
    Case(KANTAR + "1S-4C: 4NT with a working minimum", "AQ854.KJ3.K72.85", "1S P 4C P", "4NT", ("keycards",)),
    # the same with the diamond queen for the king: 12 working HCP, game
    Case(BERGEN + "1S-4C: 4S with 12 working HCP", "AQ854.KJ3.Q72.85", "1S P 4C P", "4S",
         ("fewer than 13 HCP besides",)),
    # 17 HCP, but the king, queen and jack of diamonds face the singleton: 11 working, game (on the old
    # rules, 4NT)
    Case(BERGEN + "1S-4D: 4S with 17 HCP, 6 of them wasted", "AQJ85.K3.KQJ.J72", "1S P 4D P", "4S",
         ("sign-off",)),
    # over 1H, 3S is the splinter: 17 HCP and three small spades, 4NT
    Case(KANTAR + "1H-3S: 4NT with three small spades", "852.AKJ85.A3.KQ2", "1H P 3S P", "4NT",
         ("keycards",)),
    # 15 HCP with the king and queen of spades: 10 working, game
    Case(BERGEN + "1H-3S: 4H with the spade king and queen", "KQ5.AQJ85.K73.72", "1H P 3S P", "4H",
         ("besides the king, queen and jack of",)),
    # an ace opposite the singleton is not wasted: 14 HCP with the club ace, 4NT
    Case(BERGEN + "1H-4C: 4NT with the club ace opposite", "Q84.AKJ85.73.A72", "1H P 4C P", "4NT",
         ("keycards",)),
    # the splinter bidder with a maximum (14 HCP) passes opener's sign-off (on the old rules, 4NT)
    Case(BERGEN + "1S-4D-4S: pass with a maximum splinter", "Q976.A5.8.AKJ952", "1S P 4D P 4S P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_splin_s(case: Case) -> None:
    check(case)


def test_the_noted_counts() -> None:
    counts = {"AKJ85.KQ3.83.A72": (17, (5, 3, 2, 3)), "AQ854.KJ3.K72.85": (13, (5, 3, 3, 2)),
              "AQ854.KJ3.Q72.85": (12, (5, 3, 3, 2)), "AQJ85.K3.KQJ.J72": (17, (5, 2, 3, 3)),
              "852.AKJ85.A3.KQ2": (17, (3, 5, 2, 3)), "KQ5.AQJ85.K73.72": (15, (3, 5, 3, 2)),
              "Q84.AKJ85.73.A72": (14, (3, 5, 2, 3)), "Q976.A5.8.AKJ952": (14, (4, 2, 1, 6))}
    for pbn, (hcp, shape) in counts.items():
        hand = CardSet.from_pbn(pbn)
        assert hand.hcp == hcp, pbn
        assert tuple(len(part) for part in pbn.split(".")) == shape, pbn


def test_working_hcp_drops_the_king_queen_and_jack_of_the_suit() -> None:
    hand = HandInfo.of(CardSet.from_pbn("AQJ85.K3.KQJ.J72"))  # suits: clubs 0 .. spades 3
    assert hand.working_hcp(1) == 11  # KQJ of diamonds: 6 wasted
    assert hand.working_hcp(3) == 14  # AQJ of spades: the ace stays, Q and J go
    assert hand.working_hcp(0) == 16  # the club jack


def test_the_work_condition_reads_and_explains() -> None:
    condition = parse_condition("work D 13+")
    hand = HandInfo.of(CardSet.from_pbn("AQJ85.K3.KQJ.J72"))
    assert not condition.holds(hand, None)  # type: ignore[arg-type]  # a fixed suit needs no env
    assert parse_condition("work C 13+").holds(hand, None)  # type: ignore[arg-type]
    assert parse_condition("work x 13+").variables() == {"x"}
    with pytest.raises(ConditionError):
        parse_condition("work D 13")
    facts = Facts(hcp_min=13, notes=(("work", (1, 13)),))
    assert contradictions(facts, hand) == ["work (1, 13)"]
    assert contradictions(Facts(notes=(("no-work", (1, 13)),)), hand) == []
    assert contradictions(Facts(notes=(("no-work", (0, 13)),)), hand) == ["no-work (0, 13)"]
