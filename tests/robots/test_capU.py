"""Opener's minimum rebid of his own suit has an upper limit (issue 11, helper capU).

After 1x-1y (or 1x-1NT) the rebid of opener's suit at the two level used to carry no strength limit, so the
explanation an opponent got said nothing about strength and partner's conditions read it as an opening of
any size (10-21). A stronger hand has its own rebids (the jump rebid, a reverse, a jump shift, 2NT), so the
robots' hands that rebid 2x hold 10-16 HCP. The rules now say "10-18": the limit is true for every hand, and
partner still counts the rebid as 12 (his minimum plus a quarter of the range) — written 16 it would count
11, which lost 70 IMPs over the development deals. One hand type used to reach 2x with more: 1C-1D with five
clubs, four diamonds and 17-20 HCP (over 18 support points), which now makes the jump raise.
"""

from __future__ import annotations

import random

import pytest

from tenace import CardSet, parse_call
from tenace.robots.bidding import explain_call
from tenace.system.bidding.calls import call_of, code
from tenace.system.bidding.engine import HandInfo, context, decide
from tenace.system.bidding.systems import builtin

from .textbook._harness import Case, check

ROOT = ("William Root and Richard Pavlicek, Modern Bridge Conventions / Root, Commonsense Bidding (opener's "
        "rebid of his suit shows a minimum, 13-16; responder bids game with 13 or more, invites with 11-12 "
        "and passes below), ")
GOREN = ("Charles Goren, Point Count Bidding (opener's jump raise of responder's suit shows four-card "
         "support and 16-18 points, more with shortness), ")

CASES = [
    # opener: a six-card suit and a minimum rebids it; 15 HCP and six cards (17 points) jump
    Case(ROOT + "1D-1S: 2D with six diamonds and 13 HCP", "K4.K72.AQJ863.75", "1D P 1S P", "2D",
         ("minimum", "10-18 HCP")),
    Case(ROOT + "1D-1S: 3D with six diamonds and 15 HCP", "K4.K72.AQJ863.Q5", "1D P 1S P", "3D"),
    Case(ROOT + "1H-1NT: 2H with six hearts and 12 HCP", "K4.AQT863.K72.75", "1H P 1NT P", "2H",
         ("minimum", "10-18 HCP")),
    # five clubs, four diamonds and 18 HCP opposite 1D: the jump raise, not the minimum 2C
    Case(GOREN + "1C-1D: 3D with four diamonds and 18 HCP", "A4.A2.AQ63.A9743", "1C P 1D P", "3D",
         ("jump raise",)),
    # responder opposite the minimum rebid: game with 13, an invitation with 11, a pass with 8
    Case(ROOT + "1D-1S-2D: 3NT with 13 HCP", "KQ865.AJ4.72.K75", "1D P 1S P 2D P", "3NT"),
    Case(ROOT + "1D-1S-2D: 2NT with 11 HCP, balanced", "AJ84.Q62.K8.J975", "1D P 1S P 2D P", "2NT"),
    Case(ROOT + "1D-1S-2D: pass with 8 HCP", "Q8643.K2.Q86.J75", "1D P 1S P 2D P", "P"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_cap_u(case: Case) -> None:
    check(case)


@pytest.mark.parametrize("auction", ["1C P 1H P 2C", "1D P 1S P 2D", "1H P 1S P 2H", "1S P 1NT P 2S"])
def test_the_minimum_rebid_states_its_limit(auction: str) -> None:
    calls = [parse_call(c) for c in auction.split()]
    assert "10-18 HCP" in explain_call(calls, len(calls) - 1)


def test_the_robots_hands_keep_within_the_limit() -> None:
    """Random openers of one of a suit, every one-level answer: no hand rebids its suit at the two level with
    more than 16 HCP, and none with 17 or more passes partner's forcing new suit."""
    system = builtin()
    pas = code(parse_call("P"))
    rng = random.Random(11)
    cards = list(CardSet.from_pbn("AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432"))
    minimum_rebids = 0
    for _ in range(6000):
        hand = HandInfo.of(CardSet(rng.sample(cards, 13)))
        opening = str(call_of(decide(context(system, 0, (False, False), ()), hand).call))
        if opening[0] != "1" or opening == "1NT":
            continue
        for answer in ("1D", "1H", "1S", "1NT"):
            if answer != "1NT" and "CDHS".index(answer[1]) <= "CDHS".index(opening[1]):
                continue
            calls = (code(parse_call(opening)), pas, code(parse_call(answer)), pas)
            rebid = str(call_of(decide(context(system, 0, (False, False), calls), hand).call))
            if rebid == "2" + opening[1]:
                minimum_rebids += 1
                assert hand.hcp <= 16, (opening, answer, hand.hcp)
            if answer != "1NT" and hand.hcp >= 17:
                assert rebid != "P", (opening, answer, hand.hcp)
    assert minimum_rebids > 100


def test_the_noted_counts() -> None:
    counts = {"K4.K72.AQJ863.75": 13, "K4.K72.AQJ863.Q5": 15, "K4.AQT863.K72.75": 12, "A4.A2.AQ63.A9743": 18,
              "KQ865.AJ4.72.K75": 13, "AJ84.Q62.K8.J975": 11, "Q8643.K2.Q86.J75": 8}
    for pbn, hcp in counts.items():
        assert CardSet.from_pbn(pbn).hcp == hcp, pbn
