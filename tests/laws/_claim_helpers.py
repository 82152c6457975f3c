"""Helpers for the claim scenarios (Laws 68-71): a 3NT by North on the helpers' deal, one trick played."""

from __future__ import annotations

from tenace import Card
from tenace.laws import CardPlayed, Table

from ._helpers import calls, table


def played(t: Table, cards: str) -> Table:
    """Play ``cards`` (e.g. ``"ST S3 S2 SA"``), each by the seat on turn."""
    for text in cards.split():
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, Card.from_str(text)))
    return t


def after_one_trick() -> Table:
    """3NT by North; East leads ST and North wins with SA: 12 tricks remain, North on lead."""
    return played(calls(table(), "N:3NT E:P S:P W:P"), "ST S3 S2 SA")
