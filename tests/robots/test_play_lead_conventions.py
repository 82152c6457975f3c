"""The opening lead between close cards: when the card with the most tricks on average is not the one the
lead conventions name in its suit, a card they name that is within ``LEAD_CONVENTION`` tricks of it on
average is led instead (the textbook card: top of a sequence, fourth best, second highest from small cards,
high from a doubleton)."""

from __future__ import annotations

from tenace import Card, CardSet, Deal, Seat
from tenace.robots.play import LEAD_CONVENTION, Position, _choose, _conventional_lead, position_from_view
from tenace.robots.signals import conventional_lead
from tenace.solver.dds import SolvedPosition

from .test_play import table_after

# West leads against 4S by South: S 32, H AK853, D 8732, C 42.
DEAL = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.Q72.JT95.T87 AKT98.JT9.64.A95 32.AK853.8732.42")
AUCTION = "1S P 2C P 2NT P 4S P P P"   # South deals (board 3)
Layouts = list[tuple[SolvedPosition, float]]


def _cards(text: str) -> CardSet:
    return CardSet([Card.from_str(c) for c in text.split()])


def _layouts(best: dict[str, int], other: dict[str, int], times: int) -> Layouts:
    """20 layouts: ``times`` of them ``other``, the rest ``best``."""
    def solved(values: dict[str, int]) -> SolvedPosition:
        return SolvedPosition(Seat.WEST, Seat.SOUTH, 0, 13,
                              tuple((Card.from_str(c), v) for c, v in values.items()))
    return [(solved(best), 1.0)] * (20 - times) + [(solved(other), 1.0)] * times


def _west(cards: str = "") -> Position:
    return position_from_view(table_after(DEAL, AUCTION, cards, board=3).view(Seat.WEST))


def _lead(position: Position, legal: CardSet, chosen: str, solved: Layouts) -> str:
    return str(_conventional_lead(position, Seat.WEST, legal, Card.from_str(chosen), solved, None))


LEGAL = _cards("HA H5 D8 D7 C4")
# the diamond eight takes 5 tricks on every layout; the seven (the textbook card) 4 on some
EVEN = {"HA": 4, "H5": 3, "D8": 5, "D7": 5, "C4": 4}
SEVEN_WORSE = {"HA": 4, "H5": 3, "D8": 5, "D7": 4, "C4": 4}


def test_the_robots_name_the_textbook_cards_of_west_s_hand() -> None:
    hand = _west().known[Seat.WEST]
    named = {str(conventional_lead(hand.suit(s), False)) for s in {c.suit for c in hand}}
    assert named == {"S3", "HA", "D7", "C4"}   # the doubleton high, the top of A-K, second highest, high


def test_a_textbook_card_close_on_average_is_led_instead() -> None:
    solved = _layouts(EVEN, SEVEN_WORSE, 1)   # the seven 0.05 of a trick worse on average
    assert 0.05 < LEAD_CONVENTION
    assert str(_choose(LEGAL, solved)) == "D8"
    assert _lead(_west(), LEGAL, "D8", solved) == "D7"


def test_a_textbook_card_far_behind_is_not_led() -> None:
    solved = _layouts(EVEN, SEVEN_WORSE, 10)   # half a trick worse on average
    assert _lead(_west(), LEGAL, "D8", solved) == "D8"


def test_the_closest_textbook_card_of_any_suit_is_chosen_and_a_textbook_card_stays() -> None:
    # the heart five is best; the heart ace (textbook) a trick behind, the club four (textbook) 0.05 behind
    hearts = {"HA": 4, "H5": 5, "D8": 3, "D7": 3}
    solved = _layouts({**hearts, "C4": 5}, {**hearts, "C4": 4}, 1)
    assert str(_choose(LEGAL, solved)) == "H5"
    assert _lead(_west(), LEGAL, "H5", solved) == "C4"
    assert _lead(_west(), LEGAL, "HA", solved) == "HA"   # already the textbook card: kept


def test_only_the_opening_lead_is_concerned() -> None:
    position = _west("HA H4 H7 H9")   # West won the first trick and leads again
    solved = _layouts({"H5": 3, "D8": 5, "D7": 5, "C4": 4}, {"H5": 3, "D8": 5, "D7": 4, "C4": 4}, 1)
    assert _lead(position, _cards("H5 D8 D7 C4"), "D8", solved) == "D8"
