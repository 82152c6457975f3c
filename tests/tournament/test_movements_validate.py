"""The validators find each kind of fault in small hand-made movements, and only that fault."""

from __future__ import annotations

import pytest

from tenace.errors import MovementError
from tenace.tournament.model import Movement, Seating
from tenace.tournament.movements import Kind, check, validate


def mv(*seatings: Seating) -> Movement:
    return Movement("test", seatings)


def codes(m: Movement, **kw: object) -> list[str]:
    return [p.code for p in validate(m, **kw)]  # type: ignore[arg-type]


def test_a_clean_two_round_movement_has_no_problem() -> None:
    m = mv(
        Seating(1, 1, "1", "2", (1,)),
        Seating(1, 2, "3", "4", (2,)),
        Seating(2, 1, "1", "4", (3,)),
        Seating(2, 2, "3", "2", (4,)),
    )
    assert validate(m) == []
    assert check(m) is m


def test_a_contestant_at_two_tables_in_a_round() -> None:
    m = mv(Seating(1, 1, "1", "2", (1,)), Seating(1, 2, "1", "3", (2,)))
    [problem] = validate(m)
    assert (problem.code, problem.round, problem.contestant, problem.serious) == ("two-tables", 1, "1", True)
    with pytest.raises(MovementError, match="contestant 1 is at tables 1 and 2"):
        check(m)


def test_a_table_listed_twice_in_a_round() -> None:
    m = mv(Seating(1, 1, "1", "2", (1,)), Seating(1, 1, "3", "4", (2,)))
    assert codes(m) == ["duplicate-seating"]


def test_a_pair_playing_itself() -> None:
    assert codes(mv(Seating(1, 1, "1", "1", (1,)))) == ["same-pair"]


def test_a_board_played_twice_by_the_same_pair() -> None:
    m = mv(
        Seating(1, 1, "1", "2", (1,)),
        Seating(1, 2, "3", "4", (2,)),
        Seating(2, 1, "1", "4", (1,)),
        Seating(2, 2, "3", "2", (2,)),
    )
    problems = validate(m)
    assert {p.code for p in problems} == {"board-replayed"}
    # pairs 2 and 4 meet new boards in round 2; pairs 1 and 3 do not
    assert {(p.contestant, p.board, p.round) for p in problems} == {("1", 1, 2), ("3", 2, 2)}


def test_unequal_plays_and_shared_sets_are_notes_not_serious() -> None:
    m = mv(Seating(1, 1, "1", "2", (1, 2)), Seating(1, 2, "3", "4", (1, 2)), Seating(2, 1, "1", "4", (3,)))
    problems = validate(m)
    assert [(p.code, p.serious) for p in problems] == [("shared-set", False), ("unequal-plays", False)]
    assert "boards 1-2 are at tables 1, 2" in problems[0].message
    assert check(m) is m
    # a declared relay is not reported
    assert codes(m, relays={1, 2}) == ["unequal-plays"]


def test_mitchell_pairs_meeting_twice() -> None:
    m = mv(Seating(1, 1, "1NS", "1EW", (1,)), Seating(2, 1, "1NS", "1EW", (2,)))
    assert codes(m) == []
    assert codes(m, kind=Kind.MITCHELL) == ["meetings"]


def test_howell_meetings_at_most_and_exactly() -> None:
    m = mv(Seating(1, 1, "1", "2", (1,)), Seating(1, 2, "3", "4", (2,)))
    assert codes(m, kind=Kind.HOWELL) == []
    # with complete=True, the four pairs that never met are reported
    assert codes(m, kind=Kind.HOWELL, complete=True) == ["meetings"] * 4
    twice = mv(Seating(1, 1, "1", "2", (1,)), Seating(2, 1, "2", "1", (2,)))
    assert codes(twice, kind=Kind.HOWELL) == ["meetings"]
    assert codes(twice, kind=Kind.HOWELL, meetings=2) == []


def test_individual_partners_twice_and_missing_players() -> None:
    m = mv(
        Seating(1, 1, "1-3", "2-4", (1,), players=("1", "2", "3", "4")),
        Seating(2, 1, "3-1", "4-2", (2,), players=("3", "4", "1", "2")),
    )
    assert codes(m, kind=Kind.INDIVIDUAL) == ["partners", "partners"]
    no_players = mv(Seating(1, 1, "1-3", "2-4", (1,)))
    assert codes(no_players, kind=Kind.INDIVIDUAL) == ["missing-players"]
    clash = mv(Seating(1, 1, "1-3", "1-4", (1,), players=("1", "1", "3", "4")))
    assert "same-pair" in codes(clash, kind=Kind.INDIVIDUAL)


def test_teams_sit_at_two_tables_once_each_way() -> None:
    match = mv(Seating(1, 1, "A", "B", (1, 2), room="open"), Seating(1, 2, "B", "A", (1, 2), room="closed"))
    assert codes(match, kind=Kind.TEAMS) == []
    # as a pairs movement the same seatings would be wrong twice over
    assert set(codes(match)) == {"two-tables", "board-replayed", "shared-set"}
    same_way = mv(Seating(1, 1, "A", "B", (1,), room="open"), Seating(1, 2, "A", "B", (1,), room="closed"))
    assert set(codes(same_way, kind=Kind.TEAMS)) == {"two-tables", "board-replayed"}
