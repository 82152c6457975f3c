"""Mitchell movements: the physical movement (EW up one table, boards down one, Law 8A), the skip and the
relay and bye stand for an even number of tables, arrow-switches (Law 5B) and phantom pairs, against
independent counts and the validators."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.errors import MovementError
from tenace.tournament.model import Movement
from tenace.tournament.movements import EvenTables, Kind, board_sets, mitchell, validate

TABLES = range(3, 21)


def serious(m: Movement, **kw: object) -> list[str]:
    return [p.message for p in validate(m, kind=Kind.MITCHELL, **kw) if p.serious]  # type: ignore[arg-type]


def home(pair: str) -> tuple[int, str]:
    return int(pair[:-2]), pair[-2:]


@pytest.mark.parametrize("tables", TABLES)
@pytest.mark.parametrize("even", list(EvenTables))
def test_full_mitchell_has_no_problem_and_every_board_played_once_per_table(
    tables: int, even: EvenTables
) -> None:
    m = mitchell(tables, even=even)
    assert serious(m) == []
    plays = Counter(b for s in m.seatings for b in s.boards)
    # every board is played in every round but one for a skip, by every table for odd/relay
    expected = tables - 1 if tables % 2 == 0 and even is EvenTables.SKIP else tables
    assert set(plays.values()) == {expected}


@pytest.mark.parametrize("tables", TABLES)
def test_north_south_pairs_stay_and_east_west_move_up_one_table(tables: int) -> None:
    m = mitchell(tables)
    skip_after = tables // 2 if tables % 2 == 0 else None
    for s in m.seatings:
        assert home(s.ns) == (s.table, "NS")
    for r in m.rounds[1:]:
        for s in (x for x in m.seatings if x.round == r):
            before = next(x for x in m.seatings if x.round == r - 1 and x.ew == s.ew)
            step = 2 if skip_after is not None and r == skip_after + 1 else 1
            assert s.table == (before.table - 1 + step) % tables + 1


@pytest.mark.parametrize("tables", TABLES)
def test_boards_move_down_one_table_each_round(tables: int) -> None:
    m = mitchell(tables, boards_per_round=3)
    for r in m.rounds[1:]:
        for s in (x for x in m.seatings if x.round == r):
            before = next(x for x in m.seatings if x.round == r - 1 and x.boards == s.boards)
            assert before.table == s.table % tables + 1  # the set came from the next table up


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2 == 1])
def test_odd_mitchell_every_ew_meets_every_ns_and_every_set_once(tables: int) -> None:
    m = mitchell(tables)
    met = {(s.ns, s.ew) for s in m.seatings}
    assert met == {(f"{a}NS", f"{b}EW") for a in range(1, tables + 1) for b in range(1, tables + 1)}
    sets = board_sets(m)
    for b in range(1, tables + 1):
        assert sorted(sets[s.boards[0]] for s in m.rounds_of(f"{b}EW")) == list(range(1, tables + 1))


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2 == 0])
def test_skip_mitchell_misses_exactly_one_north_south_pair(tables: int) -> None:
    m = mitchell(tables, even=EvenTables.SKIP)
    assert len(m.rounds) == tables - 1
    for e in range(1, tables + 1):
        met = {s.ns for s in m.rounds_of(f"{e}EW")}
        assert len(met) == tables - 1
    with pytest.raises(MovementError, match="1 to"):
        mitchell(tables, even=EvenTables.SKIP, rounds=tables)


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2 == 0])
def test_relay_mitchell_shares_only_at_the_middle_tables_and_rests_one_set(tables: int) -> None:
    m = mitchell(tables, even=EvenTables.RELAY)
    assert len(m.rounds) == tables
    half = tables // 2
    for r in m.rounds:
        row = [s for s in m.seatings if s.round == r]
        sets = Counter(s.boards for s in row)
        shared = [s.table for s in row if sets[s.boards] == 2]
        assert sorted(shared) == [half, half + 1]
        # one of the tables' sets is on the bye stand: tables - 1 different sets are in play
        assert len(sets) == tables - 1
    notes = [p for p in validate(m, kind=Kind.MITCHELL) if not p.serious]
    assert {p.code for p in notes} == {"shared-set"}
    relay_boards = {b for s in m.seatings if s.table == half for b in s.boards}
    assert validate(m, kind=Kind.MITCHELL, relays=relay_boards) == []


def test_mitchell_rejects_bad_sizes_and_unknown_names() -> None:
    with pytest.raises(MovementError, match="at least 3 tables"):
        mitchell(2)
    with pytest.raises(MovementError, match="1 to 5 rounds, not 6"):
        mitchell(5, rounds=6)
    with pytest.raises(MovementError, match="arrow-switch in round"):
        mitchell(5, rounds=3, arrow_switch={4})
    with pytest.raises(MovementError, match="9EW"):
        mitchell(5, phantoms={"9EW"})
    with pytest.raises(ValueError, match="boards per round"):
        mitchell(5, boards_per_round=0)


def test_arrow_switch_swaps_directions_and_keeps_pair_names() -> None:
    plain = mitchell(5)
    switched = mitchell(5, arrow_switch={5})
    for a, b in zip(plain.seatings, switched.seatings, strict=True):
        if a.round == 5:
            assert (b.ns, b.ew) == (a.ew, a.ns)
        else:
            assert b == a
    assert switched.contestants == plain.contestants


def test_phantom_pair_makes_its_opponents_sit_out() -> None:
    m = mitchell(5, phantoms={"2EW"})
    assert "2EW" not in m.contestants
    for r in m.rounds:
        assert len([s for s in m.seatings if s.round == r]) == 4
    # the five North-South pairs each sit out once
    sat_out = Counter(
        f"{t}NS"
        for r in m.rounds
        for t in range(1, 6)
        if all(s.table != t for s in m.seatings if s.round == r)
    )
    assert sat_out == Counter({f"{t}NS": 1 for t in range(1, 6)})
    # the phantom would have met every set once, so every board is still played equally often: 4 times
    assert set(Counter(b for s in m.seatings for b in s.boards).values()) == {4}
    assert validate(m, kind=Kind.MITCHELL) == []


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(3, 20),
    even=st.sampled_from(list(EvenTables)),
    boards=st.integers(1, 4),
    data=st.data(),
)
def test_any_mitchell_keeps_the_validator_properties(
    tables: int, even: EvenTables, boards: int, data: st.DataObject
) -> None:
    most = tables if tables % 2 or even is EvenTables.RELAY else tables - 1
    rounds = data.draw(st.integers(1, most))
    switch = data.draw(st.sets(st.integers(1, rounds)))
    phantoms = data.draw(
        st.sets(st.sampled_from([f"{t}{d}" for t in range(1, tables + 1) for d in ("NS", "EW")]), max_size=1)
    )
    m = mitchell(
        tables, even=even, boards_per_round=boards, rounds=rounds, arrow_switch=switch, phantoms=phantoms
    )
    assert serious(m) == []
    assert len(m.rounds) == rounds
    assert all(len(s.boards) == boards for s in m.seatings)
    # in an arrow-switched round the home East-West pair sits North-South
    for s in m.seatings:
        assert home(s.ns)[1] == ("EW" if s.round in switch else "NS")
