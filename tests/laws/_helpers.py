"""Scenario helpers: a table from a deal and compact event scripts."""

from __future__ import annotations

from tenace import Board, Deal, Seat, parse_call
from tenace.laws import CallMade, Policy, Regulations, Table

DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def table(number: int = 1, policy: Policy = Policy.LAWS) -> Table:
    """A fresh table; board 1 has North as dealer (Law 2)."""
    return Table.new(Board(number, DEAL), Regulations(policy=policy))


def calls(t: Table, script: str) -> Table:
    """Apply calls written as ``"N:1H E:1D S:P"``."""
    for item in script.split():
        seat, call = item.split(":")
        t = t.apply(CallMade(Seat.from_str(seat), parse_call(call)))
    return t


def standing(t: Table) -> str:
    return " ".join(f"{c.seat.value}:{c.call.call}" for c in t.calls)
