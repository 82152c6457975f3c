"""The opening lead: partner's suit is led when it is within ``PARTNER_SUIT`` (0.1) of a trick of the best
lead on average, no further (measured on 1,290 recorded leads, issue 11), and ``bench_leads.py --windows``
scores the pick on disjoint windows of the recorded layouts."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from tenace import Deal, Seat
from tenace.cards import Card, CardSet, Suit
from tenace.robots import play
from tenace.robots.play import _partner_suit_lead, pick_card, position_from_view
from tenace.solver.dds import SolvedPosition

from ._benchmarks import BENCHMARKS, load
from .test_play import table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# South declares 4S (board 3, South deals: 1S P 2C P 2NT P 4S P P P); West (32.AK853.8732.42) is on lead.
AUCTION = "1S P 2C P 2NT P 4S P P P"
DEAL = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.Q72.JT95.T87 AKT98.JT9.64.A95 32.AK853.8732.42")


def _solved(values: dict[str, int]) -> SolvedPosition:
    cards = tuple((Card.from_str(c), v) for c, v in values.items())
    return SolvedPosition(Seat.WEST, Seat.SOUTH, 0, 13, cards)


def _west_with_partner_in_clubs() -> Any:
    position = position_from_view(table_after(DEAL, AUCTION, "", board=3).view(Seat.WEST))
    auction = dict(position.auction)
    auction[Seat.EAST] = replace(auction[Seat.EAST], bid=(Suit.CLUBS,))   # as if East had bid clubs
    return replace(position, auction=auction)


@pytest.mark.parametrize(("better", "led"), [
    (1, "C4"),    # the heart ace 0.05 of a trick better on average (1 layout in 20): partner's suit
    (2, "C4"),    # 0.1 better: still partner's suit, the margin is inclusive
    (3, "HA"),    # 0.15 better: the best lead on the layouts
    (20, "HA"),   # a whole trick better
])
def test_partner_s_suit_is_led_within_a_tenth_of_a_trick(better: int, led: str) -> None:
    assert play.PARTNER_SUIT == 0.1
    position = _west_with_partner_in_clubs()
    legal = CardSet([Card.from_str(c) for c in ("HA", "C4", "D2")])
    solved = [(_solved({"HA": 6 if i < better else 5, "C4": 5, "D2": 3}), 1.0) for i in range(20)]
    assert pick_card(position, Seat.WEST, legal, solved, None) == Card.from_str(led)


def test_no_preference_when_partner_bid_only_the_trump_suit() -> None:
    position = _west_with_partner_in_clubs()
    spades = dict(position.auction)
    spades[Seat.EAST] = replace(spades[Seat.EAST], bid=(position.contract.denomination.suit,))
    position = replace(position, auction=spades)
    legal = CardSet([Card.from_str(c) for c in ("HA", "C4", "D2")])
    solved = [(_solved({"HA": 5, "C4": 5, "D2": 3}), 1.0)] * 20
    assert _partner_suit_lead(position, Seat.WEST, legal, solved, None) is None


@pytest.fixture
def bench_leads() -> Any:
    return load("bench_leads")


def test_windows_score_the_pick_on_each_disjoint_window(bench_leads: Any) -> None:
    entry = json.loads((BENCHMARKS / "play-auctions-11.json").read_text())[0]
    _, seat, position, view = bench_leads._lead_position(entry)
    legal = sorted(play._legal(position, seat, view), key=str)
    a, b = str(legal[0]), str(legal[-1])
    assert a != b
    others = {str(c): 0 for c in legal}
    best_a = {**others, a: 2, b: 1}
    best_b = {**others, a: 1, b: 2}
    # three windows of two layouts: the first and third favour card a, the second card b
    layouts = [[best_a, 1.0]] * 2
    extra = [[best_b, 1.0]] * 2 + [[best_a, 1.0]] * 2
    right = {**entry, "layouts": layouts, "extra": extra, "actual": {**others, a: 5, b: 4}}
    wrong = {**right, "actual": {**others, a: 4, b: 5}}
    got = bench_leads.windows([right, wrong], 2)
    assert got["n"] == 2 and got["windows"] == 3
    assert got["own ddolar"] == pytest.approx(50.0)       # the first window leads a: right once in two
    assert got["own lost"] == pytest.approx(0.5)
    assert got["windows ddolar"] == pytest.approx(50.0)   # (2/3 + 1/3) / 2
    assert got["windows lost"] == pytest.approx(0.5)
    assert got["own ddolar se"] == pytest.approx(50.0)    # the binomial standard error of two leads
