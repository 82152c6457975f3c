"""Three small fixes left open by the seventh round (issue 11, helper fixS).

1. The keycard ask waits behind the file's splinters for hands a splinter describes: the generator now reads
   every splinter rule of the card, written as a concrete call (1H-3S, 1H (1S) 3S) or with a suit variable
   (1S-4x), and keeps only the suits where the rule's table conditions hold (``M is H``, ``x below M``,
   ``x above y``): a double jump below their overcall is no splinter (1S (2D) 4C is a single jump).
2. After 1x-1M-1z-2NT-3M (or 1x-1M-2z-2NT-3M) responder's 3NT denies a fifth card of the major and now says
   so; the keycard generator makes no ask in a suit where the two hands' shown lengths leave no eight-card
   fit, so the blocker rule (4NT written as quantitative) is gone and opener passes as before.
3. Opener's rebid over 1m-1NT (natural, 6-10) with 15-16 HCP, a five-card minor, no lower suit and too
   little to reverse: no rule fitted and opener passed; he now rebids the minor (found by the rules-only
   audit of the development deals: passes where no rule fitted).

Every hand's HCP and shape were computed (CardSet.from_pbn(h).hcp, .shape) and are checked below.
"""

from __future__ import annotations

import pytest

from tenace import CardSet, parse_call
from tenace.robots.bidding import explain_call
from tenace.system.bidding.calls import code
from tenace.system.bidding.engine import context
from tenace.system.bidding.generators import _splinter_suits
from tenace.system.bidding.systems import builtin

from .textbook._harness import Case, check

DELAYED = ("Delayed support (opener shows three cards of responder's major after a 2NT invitation; responder "
           "goes back to 3NT with four: a standard teaching point, e.g. Audrey Grant's Bridge Basics), ")
ROOT = ("William Root and Richard Pavlicek (opener's minimum rebid of his suit covers 13-16 HCP; a reverse "
        "needs about 17), ")

CASES = [
    # responder, 12 HCP 2-4-3-4: four hearts opposite three, 3NT, and the explanation now denies a fifth
    Case(DELAYED + "1C-1H-1S-2NT-3H: 3NT denies five hearts", "Q8.AJ74.K32.Q952", "1C P 1H P 1S P 2NT P 3H P",
         "3NT", ("0-4♥",)),
    # opener, 18 HCP 4-3-5-1, the top of his range: the 4-3 is no trump suit for a slam and 18 opposite
    # 11-12 is no slam in notrump: pass (no keycard ask on a seven-card fit)
    Case(DELAYED + "1D-1H-1S-2NT-3H-3NT: opener passes with 18", "AK73.AQ2.KQ987.5",
         "1D P 1H P 1S P 2NT P 3H P 3NT P", "P", ()),
    # opener, 15 HCP 4-3-5-1 after 1D-1NT: a five-card minor, no lower suit, too little to reverse 2S (17+):
    # 2D, not a pass with a singleton
    Case(ROOT + "1D-1NT: 2D with 15 HCP and a singleton", "A832.AKJ.QJT92.3", "1D P 1NT P", "2D", ("5+♦",)),
    # 16 HCP 1-4-3-5 after 1C-1NT: 2H would be a reverse: 2C
    Case(ROOT + "1C-1NT: 2C with 16 HCP", "J.AQT3.853.AKQ87", "1C P 1NT P", "2C", ("5+♣",)),
    # 14 HCP 4-3-5-1: a minimum passes 1NT, as before
    Case(ROOT + "1D-1NT: a minimum passes", "A832.AKJ.QT982.3", "1D P 1NT P", "P", ()),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fix_s(case: Case) -> None:
    check(case)


@pytest.mark.parametrize(("auction", "suits"), [
    ("1H P", [0, 1, 3]),        # 4C, 4D and the concrete 3S
    ("1S P", [0, 1, 2]),        # 4x below spades
    ("1H 1S", [0, 1, 3]),       # the concrete jump cue 3S, and 4C, 4D below hearts
    ("1S 2D", [1, 2]),          # 4D (their suit) and 4H; 4C is a single jump, no splinter
    ("1H 2C", [0, 1]),          # 4C (their suit) and 4D
    ("1H 2D", [1]),             # 4D only
    ("1C P 1H P", [1, 3]),      # opener's 3S (above hearts) and 4D (below)
])
def test_splinter_suits(auction: str, suits: list[int]) -> None:
    """The suits a splinter of the 2/1 card may show in each auction, concrete calls included."""
    calls = tuple(code(parse_call(c)) for c in auction.split())
    ctx = context(builtin("two-over-one"), 0, (False, False), calls)
    assert _splinter_suits(ctx)[0] == suits


def test_three_notrump_denies_a_fifth_card() -> None:
    """Responder's 3NT over opener's three-card support shows at most four cards of his major (Law 40),
    in both auctions where the support is shown."""
    for auction, text in [("1D P 1H P 1S P 2NT P 3H P 3NT", "0-4♥"),
                          ("1H P 1S P 2C P 2NT P 3S P 3NT", "0-4♠")]:
        calls = [parse_call(c) for c in auction.split()]
        assert text in explain_call(calls, len(calls) - 1)


def test_noted_counts() -> None:
    """The HCP and lengths noted beside the hands above."""
    for hand, hcp, shape in [("Q8.AJ74.K32.Q952", 12, (2, 4, 3, 4)), ("AK73.AQ2.KQ987.5", 18, (4, 3, 5, 1)),
                             ("A832.AKJ.QJT92.3", 15, (4, 3, 5, 1)), ("J.AQT3.853.AKQ87", 16, (1, 4, 3, 5)),
                             ("A832.AKJ.QT982.3", 14, (4, 3, 5, 1))]:
        cards = CardSet.from_pbn(hand)
        assert (cards.hcp, tuple(cards.shape)) == (hcp, shape), hand
