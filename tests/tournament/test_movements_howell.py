"""Howell movements, 2 to 14 tables: every two pairs meet exactly once, every pair plays every board exactly
once, and the tables of a round play different sets except for the declared relays of 2 and 3 tables (no
arrangement without one exists for those sizes: checked here by exhaustive search for 2 tables)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.errors import MovementError
from tenace.tournament.movements import Kind, board_sets, howell, validate
from tenace.tournament.movements.howell import layout

TABLES = range(2, 15)


@pytest.mark.parametrize("tables", TABLES)
def test_complete_howell_pairs_meet_exactly_once(tables: int) -> None:
    m = howell(tables)
    n = 2 * tables
    assert len(m.rounds) == n - 1 and len(m.tables) == tables
    met = Counter(frozenset((s.ns, s.ew)) for s in m.seatings)
    assert set(met) == {frozenset((str(a), str(b))) for a, b in itertools.combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}
    assert [p for p in validate(m, kind=Kind.HOWELL, complete=True) if p.serious] == []


@pytest.mark.parametrize("tables", TABLES)
def test_complete_howell_every_pair_plays_every_board_once_and_each_board_at_every_table_count(
    tables: int,
) -> None:
    m = howell(tables, boards_per_round=3)
    boards = set(m.boards)
    assert len(boards) == 3 * (2 * tables - 1)
    for pair in m.contestants:
        played = [b for s in m.rounds_of(pair) for b in s.boards]
        assert sorted(played) == sorted(boards)
    assert set(Counter(b for s in m.seatings for b in s.boards).values()) == {tables}


@pytest.mark.parametrize("tables", TABLES)
def test_howell_shares_a_set_only_for_two_and_three_tables(tables: int) -> None:
    notes = [p for p in validate(howell(tables), kind=Kind.HOWELL) if not p.serious]
    if tables == 2:
        assert len(notes) == 3  # both tables play the same set in each of the 3 rounds
    elif tables == 3:
        assert [p.round for p in notes] == [1]  # one set at the three tables in round 1, then all apart
    else:
        assert notes == []


def test_no_two_table_howell_keeps_its_three_sets_apart() -> None:
    """Exhaustive: for the 4-pair schedule, every way of giving the 6 table-rounds 3 sets with no pair meeting
    a set twice puts the same set at both tables in some round (so 2 tables need a relay)."""
    rows = layout(2)
    cells = [(r, ns, ew) for r, row in enumerate(rows) for ns, ew, _ in row]
    found_apart = False
    for sets in itertools.product(range(3), repeat=len(cells)):
        seen: set[tuple[int, int]] = set()
        ok = True
        for (_, ns, ew), k in zip(cells, sets, strict=True):
            if (ns, k) in seen or (ew, k) in seen:
                ok = False
                break
            seen |= {(ns, k), (ew, k)}
        if ok and all(sets[2 * r] != sets[2 * r + 1] for r in range(3)):
            found_apart = True
    assert not found_apart


@pytest.mark.parametrize("tables", [4, 7, 10, 14])
def test_howell_layout_is_cyclic_pairs_and_sets_move_round(tables: int) -> None:
    m = 2 * tables - 1
    rows = layout(tables)
    for r in range(1, m):
        for (ns0, ew0, k0), (ns1, ew1, k1) in zip(rows[r - 1], rows[r], strict=True):
            assert k1 == (k0 + 1) % m
            assert ns1 == (ns0 if ns0 == m else (ns0 + 1) % m)
            assert ew1 == (ew0 + 1) % m


def test_howell_for_an_odd_number_of_pairs_leaves_out_the_stationary_pair() -> None:
    m = howell(4, pairs=7)
    assert m.contestants == tuple(str(i) for i in range(1, 8))
    for pair in m.contestants:
        assert len(list(m.rounds_of(pair))) == 6  # one round sitting out
    assert {p.code for p in validate(m, kind=Kind.HOWELL)} <= {"unequal-plays"}


def test_howell_rejects_sizes_out_of_range() -> None:
    for bad in (1, 15):
        with pytest.raises(MovementError, match="2 to 14 tables"):
            howell(bad)
    with pytest.raises(MovementError, match="1 to 7 rounds"):
        howell(4, rounds=8)
    with pytest.raises(MovementError, match="7 or 8 pairs"):
        howell(4, pairs=6)


@settings(max_examples=60, deadline=None)
@given(tables=st.integers(2, 14), boards=st.integers(1, 4), data=st.data())
def test_partial_howell_keeps_the_validator_properties(tables: int, boards: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(1, 2 * tables - 1))
    pairs = data.draw(st.sampled_from([2 * tables, 2 * tables - 1]))
    m = howell(tables, rounds=rounds, boards_per_round=boards, pairs=pairs)
    assert [p for p in validate(m, kind=Kind.HOWELL) if p.serious] == []
    assert len(m.rounds) == rounds
    # each round the pairs present all play, and each pair plays a board set at most once
    sets = board_sets(m)
    for pair in m.contestants:
        played = [sets[s.boards[0]] for s in m.rounds_of(pair)]
        assert len(played) == len(set(played))


def test_cyclic_layouts_exist_from_four_tables_and_not_for_two_or_three() -> None:
    """The search over starters finds no cyclic Howell keeping sets apart on 4 or 6 pairs (so 2 and 3 tables
    use the direct search and a relay), and finds one for every size from 4 to 14 tables."""
    from tenace.tournament.movements.howell import _cyclic

    assert _cyclic(3) is None and _cyclic(5) is None
    for tables in range(4, 15):
        found = _cyclic(2 * tables - 1)
        assert found is not None
        assert len({s for _, _, s in found}) == tables  # every table of a round has its own set
