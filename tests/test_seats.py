"""Seats and sides: Law 3 (compass directions), Law 4 (North-South against East-West), Law 17C (rotation)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import seats
from tenace import SEATS, NotationError, Seat, Side

CLOCKWISE = "NESW"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("N", Seat.NORTH),
        ("n", Seat.NORTH),
        ("North", Seat.NORTH),
        ("NORTH", Seat.NORTH),
        (" north ", Seat.NORTH),
        ("E", Seat.EAST),
        ("east", Seat.EAST),
        ("S", Seat.SOUTH),
        ("South", Seat.SOUTH),
        ("W", Seat.WEST),
        ("wEsT", Seat.WEST),
    ],
)
def test_law3_seat_from_str_accepts_letters_and_names_in_any_case(text: str, expected: Seat) -> None:
    """Law 3: the four compass directions; each is read from its initial or its full name, in any case."""
    assert Seat.from_str(text) is expected


@pytest.mark.parametrize("text", ["", "X", "NE", "Nort", "Norths", "1", "NS"])
def test_seat_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """A string that is not a seat raises NotationError (a ValueError) whose message quotes the input."""
    with pytest.raises(NotationError) as info:
        Seat.from_str(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


@given(seats)
def test_seat_str_round_trips_through_from_str(seat: Seat) -> None:
    """str() gives the one-letter canonical form, which parses back to the same seat."""
    assert str(seat) in CLOCKWISE and len(str(seat)) == 1
    assert Seat.from_str(str(seat)) is seat
    assert Seat.from_str(seat.name) is seat


def test_seats_constant_is_clockwise_from_north() -> None:
    """Law 3 and Law 17C: rotation is clockwise, North, East, South, West."""
    assert "".join(s.value for s in SEATS) == CLOCKWISE
    assert [s.index for s in SEATS] == [0, 1, 2, 3]


@given(seats, st.integers(-20, 20))
def test_17c_rotate_moves_clockwise_by_steps_modulo_four(seat: Seat, steps: int) -> None:
    """Law 17C: each player calls in turn clockwise, so n steps on from a seat is n places round the table."""
    expected = CLOCKWISE[(CLOCKWISE.index(seat.value) + steps) % 4]
    assert seat.rotate(steps).value == expected


@given(seats)
def test_lho_partner_rho_are_one_two_three_places_clockwise(seat: Seat) -> None:
    """The left-hand opponent plays next in rotation, partner sits opposite, the right-hand opponent plays
    just before."""
    i = CLOCKWISE.index(seat.value)
    assert seat.lho.value == CLOCKWISE[(i + 1) % 4]
    assert seat.partner.value == CLOCKWISE[(i + 2) % 4]
    assert seat.rho.value == CLOCKWISE[(i + 3) % 4]
    assert seat.lho.rho is seat and seat.partner.partner is seat
    assert seat.rotate() is seat.lho and seat.rotate(0) is seat


@given(seats)
def test_law4_partners_share_a_side_and_opponents_do_not(seat: Seat) -> None:
    """Law 4: North-South and East-West are the two sides; partners share one, opponents are on the other."""
    assert seat.side is seat.partner.side
    assert seat.side is not seat.lho.side and seat.side is not seat.rho.side
    assert seat.side.opponents is seat.lho.side
    assert seat in seat.side.seats


def test_law4_side_seats_and_opponents() -> None:
    """Law 4: North-South against East-West."""
    assert Side.NS.seats == (Seat.NORTH, Seat.SOUTH)
    assert Side.EW.seats == (Seat.EAST, Seat.WEST)
    assert Side.NS.opponents is Side.EW and Side.EW.opponents is Side.NS
    assert Seat.NORTH.side is Side.NS and Seat.WEST.side is Side.EW


def test_no_seat_or_side_is_falsy() -> None:
    """GUIDE 8.13 item 2: a falsy North silently skips work in truthiness checks; every member is truthy."""
    assert all(bool(seat) for seat in Seat)
    assert all(bool(side) for side in Side)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NS", Side.NS),
        ("ns", Side.NS),
        ("N-S", Side.NS),
        ("N/S", Side.NS),
        ("n s", Side.NS),
        ("SN", Side.NS),
        ("EW", Side.EW),
        ("E-W", Side.EW),
        ("e/w", Side.EW),
        ("WE", Side.EW),
    ],
)
def test_side_from_str_accepts_common_spellings(text: str, expected: Side) -> None:
    """Sides are written NS/EW with optional separators, in any case."""
    assert Side.from_str(text) is expected


@pytest.mark.parametrize("text", ["", "N", "NE", "SW", "North-South", "NSEW"])
def test_side_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """A string that is not a side raises NotationError (a ValueError) whose message quotes the input."""
    with pytest.raises(NotationError) as info:
        Side.from_str(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("side", list(Side))
def test_side_str_round_trips(side: Side) -> None:
    """str() of a side parses back to the same side."""
    assert Side.from_str(str(side)) is side
