"""Events, participants, sessions and movements go into the store and come back equal."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from tenace.store import Store, StoreError, UnknownEventError
from tenace.tournament.model import Event, EventKind, Movement, Participant, Player, Seating, Session

from .events import pairs_event, three_table_mitchell, unusual_conditions


def individual_and_teams_event() -> Event:
    """An event with what a pairs Mitchell lacks: players in the seatings, rooms, phantoms, carry-over, two
    sessions and two sections."""
    individual = Movement(
        "individual",
        (
            Seating(1, 1, "1", "2", (1, 2, 3), players=("1", "2", "3", "4")),
            Seating(2, 1, "1", "3", (4, 5, 6), players=("1", "3", "2", "4")),
        ),
        description="four players, two rounds",
    )
    rooms = Movement(
        "match A-B",
        (
            Seating(1, 1, "A", "B", (1, 2), room="open"),
            Seating(1, 2, "B", "A", (1, 2), room="closed"),
        ),
    )
    participants = (
        Participant("A", "Team Ångström", (Player("p1", "Zoë Ørsted", "12345"), Player("p2", "Ann Lee"))),
        Participant("B", "Team Beta", ()),
        Participant("PH", "Phantom", (), phantom=True),
    )
    return Event(
        "Mixed 'event' \"with\" quotes",
        EventKind.TEAMS,
        unusual_conditions(),
        participants,
        (Session(1, (individual, rooms)), Session(2, (three_table_mitchell(),))),
        carry_over=(("A", Fraction(7, 2)), ("B", Fraction(-3, 2))),
    )


@pytest.mark.parametrize("make", [pairs_event, individual_and_teams_event], ids=["pairs", "mixed"])
def test_an_event_comes_back_equal_to_what_was_stored(store: Store, make) -> None:  # type: ignore[no-untyped-def]
    event = make()
    event_id = store.create_event(event)
    assert store.event(event_id) == event


def test_events_are_listed_by_number_with_their_names(store: Store) -> None:
    first = store.create_event(pairs_event("Monday"))
    second = store.create_event(pairs_event("Tuesday"))
    assert store.events() == [(first, "Monday"), (second, "Tuesday")]
    assert first != second


def test_an_unknown_event_number_is_an_unknown_event_error(store: Store) -> None:
    with pytest.raises(UnknownEventError, match="no event 42"):
        store.event(42)
    with pytest.raises(UnknownEventError):
        store.results(42)
    with pytest.raises(ValueError):
        store.history(42)


def test_set_movement_adds_a_session_and_then_replaces_the_movement_of_the_same_name(store: Store) -> None:
    event = pairs_event()
    event_id = store.create_event(dataclasses.replace(event, sessions=()))
    movement = three_table_mitchell()
    store.set_movement(event_id, 2, movement)
    assert store.event(event_id).sessions == (Session(2, (movement,)),)
    shorter = Movement(movement.name, movement.seatings[:3], "first round only")
    other = Movement("section B", (Seating(1, 9, "9NS", "9EW", (20, 21)),))
    store.set_movement(event_id, 2, other)
    store.set_movement(event_id, 2, shorter)
    assert store.event(event_id).sessions == (Session(2, (shorter, other)),)
    assert [c.action for c in store.history(event_id)] == ["create", "movement", "movement", "movement"]


def test_add_participant_enters_once_and_refuses_a_different_one_under_the_same_number(store: Store) -> None:
    event_id = store.create_event(pairs_event())
    late = Participant("4NS", "Late pair", (Player("x", "Xavier"),))
    store.add_participant(event_id, late)
    store.add_participant(event_id, late)  # a resend changes nothing
    with pytest.raises(StoreError, match="already has contestant '4NS'"):
        store.add_participant(event_id, Participant("4NS", "Someone else"))
    participants = store.event(event_id).participants
    assert participants[-1] == late
    assert len(participants) == len(pairs_event().participants) + 1
    assert [c.action for c in store.history(event_id)].count("participant") == 1


def test_an_event_entering_a_contestant_twice_is_refused_and_nothing_is_stored(store: Store) -> None:
    event = pairs_event()
    twice = dataclasses.replace(event, participants=event.participants + event.participants[:1])
    with pytest.raises(StoreError, match="twice"):
        store.create_event(twice)
    assert store.events() == []


def test_a_session_with_two_movements_of_the_same_name_is_refused(store: Store) -> None:
    event = pairs_event()
    movement = three_table_mitchell()
    with pytest.raises(StoreError, match="two movements named alike"):
        store.create_event(dataclasses.replace(event, sessions=(Session(1, (movement, movement)),)))
    assert store.events() == []


def test_a_name_too_long_for_postgresql_is_a_store_error_and_sqlite_keeps_it(store: Store) -> None:
    event_id = store.create_event(pairs_event())
    long_id = "X" * 51  # the contestant column holds 50 characters
    if store.engine.dialect.name == "postgresql":
        with pytest.raises(StoreError, match="cannot hold a value"):
            store.add_participant(event_id, Participant(long_id, "Long"))
        assert len(store.event(event_id).participants) == len(pairs_event().participants)
    else:
        store.add_participant(event_id, Participant(long_id, "Long"))
        assert store.event(event_id).participants[-1].id == long_id
