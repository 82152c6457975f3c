"""Howell movements: every pair meets every other pair, in both directions, at ``n`` tables with ``2n`` pairs
over ``2n - 1`` rounds (or fewer rounds: a partial Howell).

The construction (justified in ``docs/movements.md``) is *cyclic*, as most published Howells are: pair ``2n``
stays at table 1 and the other pairs, numbered ``0 .. m-1`` here (``m = 2n - 1``), move round a circle, and so
do the ``m`` board sets. In round ``r`` table ``j`` seats pairs ``r + u[j]`` (North-South) and ``r + v[j]``
(East-West) and plays set ``r + s[j]`` (mod ``m``); table 1 seats the stationary pair against ``r + u[0]``.

* Every two pairs meet exactly once when the pairs ``{u[j], v[j]}`` with ``u[0]`` split ``Z_m`` and their
  differences ``±(v[j] - u[j])`` are all different (a *starter* of ``Z_m``).
* Pair ``x`` then plays the sets ``x + s[j] - u[j]`` and ``x + s[j] - v[j]``: it meets every set exactly once
  when those pairs, ``{s[j] - u[j], s[j] - v[j]}`` with ``s[0] - u[0]``, are a starter too.
* The tables of a round play different sets when the ``s[j]`` differ.

A small search finds such ``(u, v, s)`` for every size from 4 tables up: with the *patterned* starter
``u = j, v = -j`` the set offsets must form a *strong starter*, which does not exist for ``m`` = 3, 5 and 9
but is found for every other ``m`` up to 27; for ``m = 9`` (5 tables) the search runs through the other pair
starters. For 2 and 3 tables there is none: no cyclic Howell on 4 or 6 pairs keeps its sets apart (the
search goes through every starter of ``Z_3`` and ``Z_5``), so those two are found by a direct search
over the cells that shares as few sets as possible (a relay: the validators note it). Every Howell built here
is checked by the tests with the validators.

>>> m = howell(3)
>>> len(m.rounds), len(m.tables), len(m.contestants)
(5, 3, 6)
>>> m.at(round=1, table=1)
Seating(round=1, table=1, ns='6', ew='1', boards=(1, 2), players=None, room=None)
"""

from __future__ import annotations

import functools
import itertools

from tenace.errors import MovementError
from tenace.tournament.model import Movement, Seating
from tenace.tournament.movements._sets import board_set

MAX_TABLES = 14

Layout = tuple[tuple[tuple[int, int, int], ...], ...]
"""Per round, per table: (North-South pair, East-West pair, board set), 0-based; pair ``m`` is stationary."""


@functools.cache
def layout(tables: int) -> Layout:
    """The complete Howell on ``tables`` tables as numbers (see the module docstring).

    >>> layout(2)
    (((3, 0, 0), (1, 2, 0)), ((3, 1, 1), (2, 0, 1)), ((3, 2, 2), (0, 1, 2)))
    """
    m = 2 * tables - 1
    cyclic = _cyclic(m)
    if cyclic is None:
        return _direct(tables)
    rounds = []
    for r in range(m):
        row = []
        for j, (u, v, s) in enumerate(cyclic):
            ns = m if j == 0 else (r + u) % m
            ew = (r + (u if j == 0 else v)) % m
            row.append((ns, ew, (r + s) % m))
        rounds.append(tuple(row))
    return tuple(rounds)


def _starters(m: int, missing: int) -> list[list[tuple[int, int]]]:
    """Every starter of ``Z_m`` leaving out ``missing``: pairs ``(x, y)``, one per difference class ``d = 1 ..
    (m-1)/2`` in that order, with ``y - x = ±d`` (both orientations listed)."""
    n = (m + 1) // 2
    out: list[list[tuple[int, int]]] = []
    used = [False] * m
    used[missing] = True
    chosen: list[tuple[int, int]] = []

    def place(d: int) -> None:
        if d == n:
            out.append(list(chosen))
            return
        for x in range(m):
            y = (x + d) % m
            if used[x] or used[y]:
                continue
            used[x] = used[y] = True
            for pair in ((x, y), (y, x)):
                chosen.append(pair)
                place(d + 1)
                chosen.pop()
            used[x] = used[y] = False

    place(1)
    return out


def _board_offsets(m: int, pairs: list[tuple[int, int]], u0: int) -> list[int] | None:
    """Set offsets ``s`` (``s[0]`` first) such that ``{s[j] - u[j], s[j] - v[j]}`` is a starter and the
    ``s[j]`` differ, for the pair starter ``pairs`` (with ``u[0] = u0``); ``None`` when there are none."""
    n = len(pairs) + 1
    s = [u0] + [0] * (n - 1)  # w[0] = s[0] - u[0] = 0: translating every set offset changes nothing
    covered = [False] * m
    covered[0] = True
    taken = {u0}

    def place(j: int) -> bool:  # the largest differences first: they are the hardest to fit
        if j == 0:
            return True
        u, v = pairs[j - 1]
        for sj in range(m):
            w, z = (sj - u) % m, (sj - v) % m
            if sj in taken or covered[w] or covered[z]:
                continue
            covered[w] = covered[z] = True
            taken.add(sj)
            s[j] = sj
            if place(j - 1):
                return True
            covered[w] = covered[z] = False
            taken.discard(sj)
        return False

    return s if place(n - 1) else None


@functools.cache
def _cyclic(m: int) -> tuple[tuple[int, int, int], ...] | None:
    """``(u[j], v[j], s[j])`` per table (table 1 first, ``v[0]`` unused) of a cyclic Howell on ``Z_m``."""
    n = (m + 1) // 2
    patterned = [(j, -j % m) for j in range(1, n)]
    for pairs in itertools.chain([patterned], _starters(m, 0) if m <= 9 else []):
        s = _board_offsets(m, pairs, 0)
        if s is not None:
            return ((0, 0, s[0]), *((u, v, sj) for (u, v), sj in zip(pairs, s[1:], strict=True)))
    return None


def _direct(tables: int) -> Layout:
    """The circle-method pairs with board sets found cell by cell, sharing as few sets as possible (used for 2
    and 3 tables, where no cyclic layout keeps the sets apart)."""
    m = 2 * tables - 1
    pairs = [[(m, r) if j == 0 else ((r + j) % m, (r - j) % m) for j in range(tables)] for r in range(m)]
    cells = [(r, j) for r in range(m) for j in range(tables)]
    for allowed in range(len(cells)):
        sets = _fill(pairs, cells, m, allowed)
        if sets is not None:
            return tuple(tuple((*pairs[r][j], sets[(r, j)]) for j in range(tables)) for r in range(m))
    raise AssertionError("unreachable: sharing every set always works")


def _fill(
    pairs: list[list[tuple[int, int]]], cells: list[tuple[int, int]], m: int, allowed: int
) -> dict[tuple[int, int], int] | None:
    played: list[set[int]] = [set() for _ in range(m + 1)]
    in_round: list[dict[int, int]] = [{} for _ in range(m)]
    sets: dict[tuple[int, int], int] = {}
    shared = 0

    def place(i: int) -> bool:
        nonlocal shared
        if i == len(cells):
            return True
        r, j = cells[i]
        a, b = pairs[r][j]
        for k in range(m):
            if k in played[a] or k in played[b]:
                continue
            extra = k in in_round[r]
            if extra and shared >= allowed:
                continue
            played[a].add(k)
            played[b].add(k)
            in_round[r][k] = in_round[r].get(k, 0) + 1
            shared += extra
            sets[(r, j)] = k
            if place(i + 1):
                return True
            played[a].discard(k)
            played[b].discard(k)
            in_round[r][k] -= 1
            if not in_round[r][k]:
                del in_round[r][k]
            shared -= extra
        return False

    return sets if place(0) else None


def howell(
    tables: int,
    *,
    boards_per_round: int = 2,
    rounds: int | None = None,
    pairs: int | None = None,
    name: str | None = None,
) -> Movement:
    """A Howell movement for ``tables`` tables (2 to 14): ``2 * tables`` pairs named ``"1"`` ..; pair
    ``2 * tables`` is stationary at table 1, North-South.

    :param rounds: fewer than ``2 * tables - 1`` rounds gives a partial Howell (each pair meets some others).
    :param pairs: ``2 * tables - 1`` leaves out the stationary pair: its opponents sit out.
    :raises MovementError: for a size out of range.

    >>> howell(2).at(round=3, table=2)
    Seating(round=3, table=2, ns='1', ew='2', boards=(5, 6), players=None, room=None)
    >>> len(howell(4, rounds=3).rounds)
    3
    >>> "8" in howell(4, pairs=7).contestants
    False
    """
    if not 2 <= tables <= MAX_TABLES:
        raise MovementError(f"a Howell here has 2 to {MAX_TABLES} tables, not {tables}")
    m = 2 * tables - 1
    n_rounds = m if rounds is None else rounds
    if not 1 <= n_rounds <= m:
        raise MovementError(f"a Howell on {tables} tables has 1 to {m} rounds, not {n_rounds}")
    n_pairs = 2 * tables if pairs is None else pairs
    if n_pairs not in (2 * tables, 2 * tables - 1):
        raise MovementError(
            f"a Howell on {tables} tables is for {2 * tables - 1} or {2 * tables} pairs, not {n_pairs}"
        )
    seatings = []
    for r, row in enumerate(layout(tables)[:n_rounds]):
        for j, (ns, ew, k) in enumerate(row):
            if m in (ns, ew) and n_pairs < 2 * tables:
                continue  # the stationary pair is missing: its opponents sit out
            seatings.append(
                Seating(r + 1, j + 1, str(ns + 1), str(ew + 1), board_set(k + 1, boards_per_round))
            )
    partial = "" if n_rounds == m else " (partial)"
    return Movement(
        name or f"Howell {tables} tables",
        tuple(seatings),
        description=f"Howell{partial}, {n_pairs} pairs at {tables} tables, {n_rounds} rounds of "
        f"{boards_per_round} boards",
    )
