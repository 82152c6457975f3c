"""Mitchell movements: North-South pairs stay at their table, East-West pairs move up one table and the boards
move down one table each round (Law 8A: the Director sets the movement; North moves the boards).

Pairs are named by their home position, ``"3NS"`` and ``"3EW"``, and keep that name all session, also in
a round with an arrow-switch (Law 5B: the Director changes their compass direction): ``Seating.ns`` then
holds the pair that sits North-South *in that round*.

With an odd number of tables each East-West pair meets every board set and every North-South pair once.
With an even number, East-West would meet the sets they have played again halfway round, so either

* :attr:`EvenTables.SKIP`: East-West skip a table after half the rounds (at most ``tables - 1`` rounds), or
* :attr:`EvenTables.RELAY`: a bye stand between the last table and table 1 and a relay (a board set shared) by
  the two middle tables ``tables/2`` and ``tables/2 + 1`` (up to ``tables`` rounds).

>>> m = mitchell(3, boards_per_round=6)
>>> m.at(round=2, table=1)
Seating(round=2, table=1, ns='1NS', ew='3EW', boards=(7, 8, 9, 10, 11, 12), players=None, room=None)
>>> [s.ew for s in mitchell(4).seatings if s.table == 1]
['1EW', '4EW', '2EW']
"""

from __future__ import annotations

import enum
from collections.abc import Collection

from tenace.errors import MovementError
from tenace.tournament.model import ContestantId, Movement, Seating
from tenace.tournament.movements._sets import board_set


class EvenTables(enum.Enum):
    """How a Mitchell with an even number of tables avoids replaying boards."""

    SKIP = "skip"
    RELAY = "relay"
    """Relay and bye stand: tables ``n/2`` and ``n/2 + 1`` share a set; one set rests on the bye stand."""


def mitchell(
    tables: int,
    *,
    boards_per_round: int = 2,
    rounds: int | None = None,
    even: EvenTables = EvenTables.SKIP,
    arrow_switch: Collection[int] = (),
    phantoms: Collection[ContestantId] = (),
    name: str | None = None,
) -> Movement:
    """A Mitchell movement for ``tables`` tables (3 or more).

    :param rounds: how many rounds (default: a full Mitchell; fewer is allowed).
    :param even: what to do with an even number of tables (ignored for an odd number).
    :param arrow_switch: the rounds (1-based) in which every table switches: the home East-West pair sits
        North-South and plays the other pair's cards, so the field is one comparison (Law 5B).
    :param phantoms: pairs that are missing (``"4EW"``): their opponents sit out that round.
    :raises MovementError: for too few tables or too many rounds, or an unknown round or pair.

    >>> mitchell(5, rounds=3).rounds
    (1, 2, 3)
    >>> s = mitchell(3, arrow_switch={3}).at(round=3, table=1)
    >>> (s.ns, s.ew)
    ('2EW', '1NS')
    >>> len(mitchell(3, phantoms={"2EW"}).seatings)
    6
    """
    if tables < 3:
        raise MovementError(f"a Mitchell needs at least 3 tables, got {tables}")
    odd = tables % 2 == 1
    relay = not odd and even is EvenTables.RELAY
    most = tables if odd or relay else tables - 1
    n_rounds = most if rounds is None else rounds
    if not 1 <= n_rounds <= most:
        raise MovementError(
            f"a Mitchell on {tables} tables ({'odd' if odd else even.value}) has 1 to {most} "
            f"rounds, not {n_rounds}"
        )
    unknown_rounds = sorted(r for r in arrow_switch if not 1 <= r <= n_rounds)
    if unknown_rounds:
        raise MovementError(f"arrow-switch in round(s) {unknown_rounds}: the movement has {n_rounds} rounds")
    pairs = {f"{t}{d}" for t in range(1, tables + 1) for d in ("NS", "EW")}
    unknown = sorted(set(phantoms) - pairs)
    if unknown:
        raise MovementError(f"phantom pair(s) {unknown} are not in a {tables}-table Mitchell")

    positions = _relay_positions(tables) if relay else None
    seatings = []
    for r in range(n_rounds):
        # East-West move up one table each round; with a skip they move up two after half the rounds.
        shift = r + (1 if not odd and not relay and r >= tables // 2 else 0)
        for t in range(tables):
            ns = f"{t + 1}NS"
            ew = f"{(t - shift) % tables + 1}EW"
            if ns in phantoms or ew in phantoms:
                continue
            if positions is None:
                k = (t + r) % tables + 1  # the boards move down one table each round
            else:
                k = _relay_set(positions, t + 1, r, tables)
            if r + 1 in arrow_switch:
                ns, ew = ew, ns
            seatings.append(Seating(r + 1, t + 1, ns, ew, board_set(k, boards_per_round)))
    kind = ""
    if relay:
        kind = f", relay at tables {tables // 2} and {tables // 2 + 1}, bye stand after table 1"
    elif not odd and n_rounds > tables // 2:
        kind = f", skip after round {tables // 2}"
    return Movement(
        name or f"Mitchell {tables} tables",
        tuple(seatings),
        description=f"Mitchell, {tables} tables, {n_rounds} rounds of {boards_per_round} boards{kind}",
    )


def _relay_positions(tables: int) -> list[int]:
    """The places a board set visits in order, as table numbers (0 is the bye stand): table 1, the bye stand,
    the last table, and down to table 2; the two middle tables are one place (the relay)."""
    half = tables // 2
    return [1, 0, *range(tables, half, -1), *range(half - 1, 1, -1)]


def _relay_set(positions: list[int], table: int, r: int, tables: int) -> int:
    """The set at ``table`` in round ``r`` (0-based) of a relay-and-bye-stand Mitchell. The set that starts at
    a place is numbered after the place (the bye stand starts with set ``tables/2``, the relay with
    ``tables/2 + 1``); each round every set moves one place on."""
    half = tables // 2
    place = positions.index(half + 1 if table == half else table)
    start = positions[(place - r) % tables]
    return half if start == 0 else start
