"""Bridge in the usual notation for the server's pages, in the page's language: calls (``1♠``, ``3NT``,
``Pass``, ``X``, ``XX``), contracts (``4♥X by N``), hands suit by suit (``♠ A K 10 2``), the auction as a grid
(columns W N E S, the first call under the dealer) and the tricks played. The Director's console
(:func:`tenace.server.club.call_json`) shows the table with them.

Seat, call and card names come from the Laws engine's messages (:func:`tenace.laws.messages.explain`, domain
``tenace``), the few words of its own from the server's catalogue (domain ``tenace_web``). The table client
(``static/view.js``: ``callText``, ``cardText``) writes the same notation in the browser.

>>> from tenace.calls import parse_call
>>> [call_text(parse_call(c)) for c in ("1S", "3NT", "P", "X", "XX")]
['1♠', '3NT', 'Pass', 'X', 'XX']
>>> call_text(parse_call("3NT"), "pl"), call_text(parse_call("P"), "pl")
('3BA', 'Pas')
>>> contract_text(Contract.from_str("4HXN")), contract_text(None)
('4♥X by N', 'Passed out')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tenace.calls import Bid, Call, Denomination, Double, Redouble
from tenace.cards import SUITS_DISPLAY, Card, CardSet, Suit
from tenace.contract import Contract
from tenace.laws.auction_period import StandingCall
from tenace.laws.messages import explain
from tenace.laws.tricks import TrickView
from tenace.seats import Seat


def N_(message: str) -> str:
    """Mark a message for extraction into the ``tenace_web`` catalogue."""
    return message


CONTRACT_BY: Final = N_("{contract} by {seat}")
"""A contract with its declarer: ``4♥X by N``."""
PASSED_OUT: Final = N_("Passed out")
GRID_SEATS: Final[tuple[Seat, ...]] = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
"""The auction grid's columns, as bridge writers print them."""
HAND_SEATS: Final[tuple[Seat, ...]] = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)
"""The hands in reading order of a diagram: North on top, West and East, South below."""
_RED_SUITS: Final = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def _(message: str, locale: str) -> str:
    from tenace.server import pages

    return pages.gettext_for(locale)(message)


def call_text(call: Call, locale: str = "en") -> str:
    """A call as a bidding diagram writes it: a bid with its suit symbol (notrump in the language's letters),
    ``Pass`` in words, ``X`` and ``XX`` for double and redouble."""
    if isinstance(call, Double):
        return "X"
    if isinstance(call, Redouble):
        return "XX"
    text = explain(call, locale)
    return text[:1].upper() + text[1:]  # "Pas" at the head of its cell, as "Pass" is


def is_red_call(call: Call) -> bool:
    """A bid in hearts or diamonds (shown in red)."""
    return isinstance(call, Bid) and call.denomination in (Denomination.HEARTS, Denomination.DIAMONDS)


def contract_text(contract: Contract | None, locale: str = "en") -> str:
    """``4♥X by N`` (the declarer's seat letter), or ``Passed out`` for no contract."""
    if contract is None:
        return _(PASSED_OUT, locale)
    bid = call_text(contract.bid, locale) + str(contract.doubling)
    return _(CONTRACT_BY, locale).format(contract=bid, seat=contract.declarer.value)


def card_text(card: Card) -> str:
    """``♠A``, ``♥10``."""
    return card.suit.symbol + card.rank.letter.replace("T", "10")


@dataclass(frozen=True, slots=True)
class Holding:
    """One suit of a hand: its symbol, whether it is red, the ranks high to low (``"—"`` for a void)."""

    symbol: str
    red: bool
    ranks: str


def hand_suits(cards: CardSet) -> tuple[Holding, ...]:
    """A hand suit by suit, spades to clubs, each suit high to low.

    >>> [(h.symbol, h.ranks) for h in hand_suits(CardSet.from_pbn("AKT2..QJ9.5"))]
    [('♠', 'A K 10 2'), ('♥', '—'), ('♦', 'Q J 9'), ('♣', '5')]
    """
    return tuple(
        Holding(suit.symbol, suit in _RED_SUITS,
                " ".join(c.rank.letter.replace("T", "10") for c in cards.suit(suit)) or "\u2014")
        for suit in SUITS_DISPLAY
    )


@dataclass(frozen=True, slots=True)
class GridCall:
    """One call in the auction grid."""

    seat: Seat
    text: str
    red: bool
    alert: bool
    explanation: str


def auction_grid(dealer: Seat, calls: Sequence[StandingCall], locale: str = "en"
                 ) -> tuple[tuple[GridCall | None, ...], ...]:
    """The auction in rows of four, columns :data:`GRID_SEATS` (W N E S): the first row leaves empty the
    cells of the seats before the dealer.

    >>> from tenace.calls import parse_call
    >>> from tenace.record import AnnotatedCall
    >>> calls = [StandingCall(s, AnnotatedCall(parse_call(c)))
    ...          for s, c in zip((Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST),
    ...                          ("1D", "P", "1S", "X", "P"), strict=True)]
    >>> [[None if c is None else c.text for c in row] for row in auction_grid(Seat.EAST, calls)]
    [[None, None, '1♦', 'Pass'], ['1♠', 'X', 'Pass', None]]
    """
    cells: list[GridCall | None] = [None] * GRID_SEATS.index(dealer)
    for standing in calls:
        annotated = standing.call
        cells.append(GridCall(standing.seat, call_text(annotated.call, locale), is_red_call(annotated.call),
                              annotated.alert, annotated.explanation or ""))
    if len(cells) % 4:
        cells.extend([None] * (4 - len(cells) % 4))
    return tuple(tuple(cells[i:i + 4]) for i in range(0, len(cells), 4))


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: Seat
    text: str
    red: bool
    led: bool


@dataclass(frozen=True, slots=True)
class TrickRow:
    """One trick for the trick list: its cards in the grid's columns (W N E S; ``None`` not played yet or
    not shown), who led and who won it."""

    number: int
    leader: Seat
    cards: tuple[PlayedCard | None, ...]
    winner: Seat | None


def trick_rows(tricks: Sequence[TrickView]) -> tuple[TrickRow, ...]:
    """The tricks begun, each with its cards under the seats that played them (columns W N E S)."""
    rows = []
    for trick in tricks:
        by_seat: dict[Seat, PlayedCard] = {}
        seat = trick.leader
        for index, card in enumerate(trick.cards):
            if card is not None:
                by_seat[seat] = PlayedCard(seat, card_text(card), card.suit in _RED_SUITS, index == 0)
            seat = seat.lho
        rows.append(TrickRow(trick.number, trick.leader, tuple(by_seat.get(s) for s in GRID_SEATS),
                             trick.winner if isinstance(trick.winner, Seat) else None))
    return tuple(rows)
