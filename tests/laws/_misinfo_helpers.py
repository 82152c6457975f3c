"""Scenario helpers for Laws 20F, 21, 47E2 and 75: a 1NT - 2D (Jacoby transfer) board.

North (dealer, board 1) holds a balanced 17 count and opens 1NT; South has six hearts and transfers with 2D;
North completes the transfer. North-South play the shipped natural card (1NT 15-17, Jacoby transfers).
"""

from __future__ import annotations

from tenace import Board, Deal, parse_call
from tenace.laws import CallMade, CardPlayed, Policy, Regulations, Table

from ._helpers import E, N, S, W

DEAL = Deal.from_pbn("N:AK2.KQ3.A432.J32 QJT9.76.KQJ5.KQ7 43.AJ9854.76.854 8765.T2.T98.AT96")
TWO_D = 2
"""Position of South's 2D in the standing auction (N 1NT, E P, S 2D)."""


def table(policy: Policy = Policy.LAWS) -> Table:
    return Table.new(Board(1, DEAL), Regulations(policy=policy))


def call(t: Table, script: str) -> Table:
    for item in script.split():
        seat, text = item.split(":")
        t = t.apply(CallMade({"N": N, "E": E, "S": S, "W": W}[seat], parse_call(text)))
    return t


def to_two_d(policy: Policy = Policy.LAWS) -> Table:
    """N 1NT, E P, S 2D: West to call."""
    return call(table(policy), "N:1NT E:P S:2D")


def play_out(t: Table) -> Table:
    """Play the lowest lawful card at every turn until the board ends."""
    while t.play is not None and len(t.play.cards) < 52 and t.pending is None:
        seat = t.turn
        assert seat is not None
        t = t.apply(CardPlayed(seat, min(t.legal_cards())))  # type: ignore[arg-type]
    return t
