"""Scenario helpers for the penalty-card and lead-restriction tests (Laws 24, 26B, 48-52)."""

from __future__ import annotations

from tenace import Board, Card, CardSet, Deal
from tenace.laws import CardExposed, CardPlayed, Policy, Regulations, Table

from ._helpers import E, N, S, W, calls

# North is dummy and South declarer in the contracts below; West leads. Honours are A K Q J T.
#   North  AK32.AK2.432.432        East  QJ4.QJ3.AKQ5.765
#   South  765.7654.J76.AKQ        West  T98.T98.T98.JT98
MIXED = Deal.from_pbn("N:AK32.AK2.432.432 QJ4.QJ3.AKQ5.765 765.7654.J76.AKQ T98.T98.T98.JT98")

__all__ = ["E", "MIXED", "N", "S", "W", "c", "cards", "expose", "in_1nt", "mixed", "play", "suit_cards"]


def c(text: str) -> Card:
    return Card.from_str(text)


def cards(text: str) -> CardSet:
    return CardSet(c(x) for x in text.split())


def mixed(policy: Policy = Policy.LAWS) -> Table:
    """A fresh table on the deal above; board 1: North deals, nobody vulnerable (Law 2)."""
    return Table.new(Board(1, MIXED), Regulations(policy=policy))


def in_1nt(policy: Policy = Policy.LAWS) -> Table:
    """1NT by South: West (the opening leader) and East defend, North is dummy."""
    return calls(mixed(policy), "N:P E:P S:1NT W:P N:P E:P")


def play(t: Table, script: str) -> Table:
    """Cards played in turn, written ``"D9 D2 DA D6"``."""
    for text in script.split():
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, c(text)))
    return t


def expose(t: Table, seat_card: str, *, deliberate: bool = False, led: bool = False) -> Table:
    """``"W:H9"``: West exposes the nine of hearts."""
    from tenace import Seat

    seat, card = seat_card.split(":")
    return t.apply(CardExposed(Seat.from_str(seat), c(card), deliberate=deliberate, led=led))


def suit_cards(t: Table) -> set[str]:
    return {str(x) for x in t.legal_cards()}
