"""Textbook cases: a cue bid or Jordan 2NT the opponents double is still artificial and forcing (issue 11).

The opponents may double our cue raise (1H-(1S)-2S-(X)), our Jordan 2NT or the advancer's cue bid of their
opening, usually to ask for a lead. The double does not make the artificial bid a contract: before this, the
robot partner of the cue bidder passed it "to play" and the side could end in two of the opponents' suit
doubled (P 1D 1S X 2D X, then three passes: found on the development boards by helper compP). Now the
partner of the cue bidder rebids as he would over a pass (``parts/contested.rules``, ``parts/defence.rules``:
the headings take ``P/X`` for the fourth call).

The dealer is North unless a case says otherwise; every hand's HCP are checked below.
"""

from __future__ import annotations

import pytest

from tenace.cards import CardSet

from .textbook._harness import Case, check

CUE = ("Standard practice for the cue raise (e.g. Marty Bergen, Points Schmoints; Mike Lawrence, The "
       "Complete Book on Overcalls): the cue bid shows support and a limit raise or better and forces; a "
       "double of it is lead-directing and changes nothing: ")

CASES = [
    # 12 HCP 2-5-3-3 (N opens 1H): a minimum, rebid the suit as over a pass
    Case(CUE + "opener's minimum over the doubled cue raise", "Q2.KJ643.A87.Q43", "1H 1S 2S X", "3H",
         ("minimum",)),
    # 12 HCP 2-5-3-3 over Jordan 2NT doubled
    Case(CUE + "opener's minimum over doubled Jordan 2NT", "Q2.KJ643.A87.Q43", "1H X 2NT X", "3H",
         ("minimum",)),
    # 11 HCP 5-3-3-2 (S overcalls 1S over E's 1D; N cue-raises, E doubles): the minimum overcall rebids 2S
    Case(CUE + "the overcaller's minimum over the doubled cue raise", "KQJ85.A84.942.J3", "P 1D 1S X 2D X",
         "2S", ("minimum",)),
    # 16 HCP 5-2-2-4: extra values, game
    Case(CUE + "the overcaller's extra values over the doubled cue raise", "KJ985.A4.T3.AKJ2",
         "P 1D 1S P 2D X", "4S", ("extra",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.source[len(CUE):] for c in CASES])
def test_cue_bid_doubled(case: Case) -> None:
    check(case)


def test_hands_are_as_described() -> None:
    assert [CardSet.from_pbn(h).hcp for h in ("Q2.KJ643.A87.Q43", "KQJ85.A84.942.J3", "KJ985.A4.T3.AKJ2")] \
        == [12, 11, 16]
