"""Are two movements the same up to the names of pairs, tables and board sets?

A *board set* here is a group of boards always played together (at the same tables in the same rounds), so two
movements with different boards per round can still be compared. Rounds keep their numbers (the order of play
matters to the players: it says who moves where). By default a pair's direction matters too, as in a Mitchell;
``directions=False`` lets a seating's two pairs swap (a Howell pair sits either way).

>>> from tenace.tournament.movements import mitchell
>>> a = mitchell(5)
>>> b = mitchell(5, boards_per_round=3)
>>> equivalent(a, b)
True
>>> equivalent(a, mitchell(5, arrow_switch={5}))
False
>>> equivalent(a, mitchell(5, arrow_switch={5}), directions=False)
True
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import cast

from tenace.tournament.model import ContestantId, Movement

_Cell = tuple[int, int, tuple[ContestantId, ...], tuple[int, ...]]
"""round, table, who (North-South and East-West pairs, or the four players N, E, S, W), board sets"""


def board_sets(movement: Movement) -> dict[int, int]:
    """Board number -> set number (1, 2, ... in order of the lowest board): boards played at exactly the same
    tables in the same rounds form one set.

    >>> from tenace.tournament.movements import mitchell
    >>> sets = board_sets(mitchell(3, boards_per_round=2))
    >>> [sets[b] for b in range(1, 7)]
    [1, 1, 2, 2, 3, 3]
    """
    where: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for s in movement.seatings:
        for b in s.boards:
            where[b].add((s.round, s.table))
    groups: dict[frozenset[tuple[int, int]], int] = {}
    out = {}
    for b in sorted(where):
        key = frozenset(where[b])
        if key not in groups:
            groups[key] = len(groups) + 1
        out[b] = groups[key]
    return out


def _cells(movement: Movement) -> dict[int, list[_Cell]]:
    sets = board_sets(movement)
    rounds: dict[int, list[_Cell]] = defaultdict(list)
    for s in movement.seatings:
        who = s.players if s.players is not None else (s.ns, s.ew)
        rounds[s.round].append((s.round, s.table, who, tuple(sorted({sets[b] for b in s.boards}))))
    return rounds


def _invariants(movement: Movement, cells: dict[int, list[_Cell]], ordered: bool) -> tuple[object, ...]:
    """Facts that no relabelling changes: for each pair, the rounds in which it stays at its table or keeps
    its opponent; for each set, how many tables play it in each round. When rounds may be renumbered too
    (``ordered=False``), only the number of rounds each pair plays and how often each set is played."""
    if not ordered:
        played = Counter(p for cs in cells.values() for _, _, who, _ in cs for p in who)
        per_set_count = Counter(k for cs in cells.values() for *_, sets in cs for k in sets)
        return (
            sorted(Counter(len(cs) for cs in cells.values()).items()),
            sorted(played.values()),
            sorted(per_set_count.values()),
        )
    rounds = sorted(cells)
    place: dict[tuple[ContestantId, int], tuple[int, frozenset[ContestantId], tuple[int, ...]]] = {}
    for r in rounds:
        for _, t, who, sets in cells[r]:
            for p in who:
                place[(p, r)] = (t, frozenset(who) - {p}, sets)
    per_pair = []
    for p in movement.contestants:
        seq = []
        for r0, r1 in itertools.pairwise(rounds):
            x, y = place.get((p, r0)), place.get((p, r1))
            seq.append(None if x is None or y is None else (x[0] == y[0], x[1] == y[1]))
        per_pair.append(tuple(seq))
    per_set: dict[int, list[int]] = defaultdict(lambda: [0] * len(rounds))
    for i, r in enumerate(rounds):
        for *_, sets in cells[r]:
            for k in sets:
                per_set[k][i] += 1
    return tuple(sorted(per_pair, key=repr)), tuple(sorted(tuple(v) for v in per_set.values()))


@dataclass(frozen=True, slots=True)
class Relabelling:
    """What turns one movement into another: new names for its tables, contestants (pairs, teams or
    players), board sets (numbered as :func:`board_sets` numbers them) and rounds."""

    tables: dict[int, int]
    contestants: dict[ContestantId, ContestantId]
    board_sets: dict[int, int]
    rounds: dict[int, int]


def equivalent(a: Movement, b: Movement, *, directions: bool = True, rounds: bool = True) -> bool:
    """True when a relabelling of pairs, tables and board sets turns ``a`` into ``b``; with
    ``rounds=False`` the rounds may be played in another order too. See :func:`relabelling`."""
    return relabelling(a, b, directions=directions, rounds=rounds) is not None


def relabelling(
    a: Movement, b: Movement, *, directions: bool = True, rounds: bool = True
) -> Relabelling | None:
    """A :class:`Relabelling` that turns ``a`` into ``b``, or ``None`` when there is none.

    >>> from tenace.tournament.movements import mitchell
    >>> r = relabelling(mitchell(3), mitchell(3, phantoms=()))
    >>> r.contestants["2EW"], r.rounds
    ('2EW', {1: 1, 2: 2, 3: 3})
    """
    ca, cb = _cells(a), _cells(b)
    if rounds and (sorted(ca) != sorted(cb) or any(len(ca[r]) != len(cb[r]) for r in ca)):
        return None
    if len(a.contestants) != len(b.contestants) or len(set(board_sets(a).values())) != len(
        set(board_sets(b).values())
    ):
        return None
    if _invariants(a, ca, rounds) != _invariants(b, cb, rounds):
        return None
    order = [(r, cell) for r in sorted(ca) for cell in ca[r]]
    # relabellings being built: tables, contestants, board sets, rounds (and their inverses)
    maps: tuple[dict[object, object], ...] = ({}, {}, {}, {})
    inverse: tuple[dict[object, object], ...] = ({}, {}, {}, {})
    used: set[tuple[int, int]] = set()
    holding: dict[ContestantId, list[_Cell]] = defaultdict(list)
    for cells in cb.values():
        for cell in cells:
            for who in cell[2]:
                holding[who].append(cell)

    def bind(kind: int, x: object, y: object, undo: list[tuple[int, object]]) -> bool:
        have = maps[kind].get(x)
        if have is not None:
            return have == y
        if y in inverse[kind]:
            return False
        maps[kind][x] = y
        inverse[kind][y] = x
        undo.append((kind, x))
        return True

    def unbind(undo: list[tuple[int, object]]) -> None:
        for kind, x in reversed(undo):
            y = maps[kind].pop(x)
            del inverse[kind][y]

    placed = [False] * len(order)

    def most_constrained() -> int:
        """The unplaced cell of ``a`` with the most contestants already mapped (then a mapped round): checking
        it first makes wrong guesses fail at once."""
        best, score = -1, (-1, False)
        for i, (r, (_, _, who, _)) in enumerate(order):
            if not placed[i]:
                s = (sum(x in maps[1] for x in who), r in maps[3])
                if s > score:
                    best, score = i, s
        return best

    def place(done: int) -> bool:
        if done == len(order):
            return True
        i = most_constrained()
        r, (_, ta, whoa, sa) = order[i]
        known = next((maps[1][x] for x in whoa if x in maps[1]), None)
        if known is not None:  # the image of a contestant already placed: only the cells it sits in
            candidates = holding[known]  # type: ignore[index]
        elif rounds:
            candidates = cb[r]
        else:
            mapped = maps[3].get(r)
            candidates = [
                c for x in cb if (x == mapped if mapped is not None else x not in inverse[3]) for c in cb[x]
            ]
        for rb, tb, whob, sb in candidates:
            if (rb, tb) in used or (rounds and rb != r) or len(sa) != len(sb) or len(whoa) != len(whob):
                continue
            # the other way round: the pairs swap, or each player moves one seat to the left (N to E, ...)
            turned = whob[1:] + whob[:1]  # for a pair: (ew, ns)
            for who_y in (whob,) if directions else (whob, turned):
                for sets_y in itertools.permutations(sb):
                    undo: list[tuple[int, object]] = []
                    ok = bind(3, r, rb, undo) and bind(0, ta, tb, undo)
                    ok = ok and all(bind(1, x, y, undo) for x, y in zip(whoa, who_y, strict=True))
                    ok = ok and all(bind(2, x, y, undo) for x, y in zip(sa, sets_y, strict=True))
                    if ok:
                        used.add((rb, tb))
                        placed[i] = True
                        if place(done + 1):
                            return True
                        placed[i] = False
                        used.discard((rb, tb))
                    unbind(undo)
        return False

    if not place(0):
        return None
    tables, contestants, sets, round_map = maps
    return Relabelling(
        tables=cast(dict[int, int], dict(tables)),
        contestants=cast(dict[ContestantId, ContestantId], dict(contestants)),
        board_sets=cast(dict[int, int], dict(sets)),
        rounds=cast(dict[int, int], dict(round_map)),
    )
