"""The defenders' leads to tricks 2-3: a defence where the right card is clear (the opening leader cashes the
suit he has set up against 3NT) and the opening leader's preference for going on with the suit he led
(``OWN_SUIT`` in :mod:`tenace.robots.play`) when another card is only a little better on the layouts."""

from __future__ import annotations

import pytest

import tenace.robots.play as robot_play
from tenace import Card, CardSet, Deal, Seat, Suit
from tenace.laws import CardPlayed, Table
from tenace.robots import Robot
from tenace.robots.play import Memory, _preference, pick_card, position_from_view
from tenace.robots.signals import STANDARD
from tenace.solver.dds import SolvedPosition

from .test_play import table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# South opens a strong notrump and plays 3NT; West holds A-K-Q-J-5 of spades and nothing else. With the
# spades run the defence takes five tricks; after any switch declarer has eleven (three hearts, four
# diamonds, four clubs).
CASH = Deal.from_pbn("N:743.AQ5.KQ72.KJ6 962.T963.T5.9752 T8.KJ8.AJ84.AQT3 AKQJ5.742.963.84")
AUCTION = "P P 1NT P 3NT P P P"
TRICK_ONE = "SA S3 S2 S8"


def _west_after(cards: str) -> tuple[Table, Memory]:
    memory = Memory()
    table = table_after(CASH, AUCTION, "", (Seat.WEST, memory))
    memory.observe(table.view(Seat.WEST))
    table = table_after(CASH, AUCTION, cards, (Seat.WEST, memory))
    return table, memory


@pytest.mark.parametrize("seed", [1, 2])
def test_the_opening_leader_cashes_the_suit_he_has_set_up(seed: int) -> None:
    # Standard cash-out defence (e.g. Kelsey, Killing Defence at Bridge: count declarer's tricks; when a
    # switch lets him take them, take yours first): the spade ace held, so West runs the suit, the king first
    table, _ = _west_after(TRICK_ONE)
    robot = Robot(Seat.WEST, seed=seed)
    robot.observe(table_after(CASH, AUCTION, "").view(Seat.WEST))
    for n in range(1, 5):
        robot.observe(table_after(CASH, AUCTION, " ".join(TRICK_ONE.split()[:n])).view(Seat.WEST))
    event = robot.act(table.view(Seat.WEST))
    assert isinstance(event, CardPlayed)
    assert event.card.suit is Suit.SPADES
    assert event.card is Card.from_str("SK")   # the top of his touching honours


def _layouts(values: list[dict[str, int]]) -> list[tuple[SolvedPosition, float]]:
    west = CASH[Seat.WEST] - CardSet([Card.from_str("SA")])
    out = []
    for extra in values:
        cards = tuple((card, extra.get(str(card), 3)) for card in west)
        out.append((SolvedPosition(Seat.WEST, Seat.SOUTH, 0, 12, cards), 1.0))
    return out


# twenty layouts: a heart switch takes 4.55 tricks on average, the spade king 4.5, anything else 3
CLOSE = _layouts([{"H2": 5, "SK": 5, "SQ": 5, "SJ": 5, "S5": 5}] * 10 + [{"H2": 5, "SK": 4, "SQ": 4, "SJ": 4,
                  "S5": 4}] + [{"H2": 4, "SK": 4, "SQ": 4, "SJ": 4, "S5": 4}] * 9)


def test_the_opening_leader_goes_on_with_his_suit_when_a_switch_is_only_a_little_better(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table, memory = _west_after(TRICK_ONE)
    position = position_from_view(table.view(Seat.WEST), memory)
    legal = position.known[Seat.WEST]
    prefer = _preference(position, Seat.WEST, STANDARD)
    monkeypatch.setattr(robot_play, "OWN_SUIT", None)
    assert pick_card(position, Seat.WEST, legal, CLOSE, prefer) is Card.from_str("H2")
    monkeypatch.setattr(robot_play, "OWN_SUIT", 0.1)
    assert pick_card(position, Seat.WEST, legal, CLOSE, prefer) is Card.from_str("SK")
    monkeypatch.setattr(robot_play, "OWN_SUIT", 0.01)   # 0.05 of a trick is more than the margin
    assert pick_card(position, Seat.WEST, legal, CLOSE, prefer) is Card.from_str("H2")


def test_only_the_opening_leader_in_the_early_tricks_prefers_his_suit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robot_play, "OWN_SUIT", 0.1)
    monkeypatch.setattr(robot_play, "OWN_TRICKS", 3)
    table, memory = _west_after(TRICK_ONE)
    position = position_from_view(table.view(Seat.WEST), memory)
    assert robot_play._own_suit_lead(position, Seat.WEST, position.known[Seat.WEST], CLOSE, None) is not None
    # East, on lead at trick 2 (as if he had won trick 1), did not lead the spade first: no preference
    assert robot_play._own_suit_lead(position, Seat.EAST, position.known[Seat.WEST], CLOSE, None) is None
    # West on lead to trick 4 (three spades cashed): the tricks the rule covers are over
    later, memory = _west_after(TRICK_ONE + " SK S4 S6 ST SQ S7 S9 H8")
    position = position_from_view(later.view(Seat.WEST), memory)
    assert position.turn is Seat.WEST and len(position.tricks) == 3
    assert robot_play._own_suit_lead(position, Seat.WEST, position.known[Seat.WEST], CLOSE, None) is None
