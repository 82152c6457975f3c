"""Store.set_participants (the Director's list of entries from the events page) and Store.note: one
transaction, one audit line per contestant that changes, nothing stored on a refused list."""

from __future__ import annotations

import pytest

from tenace.store import Store, StoreError
from tenace.tournament.model import Conditions, Event, EventKind, Participant, Player


def _event(store: Store) -> int:
    return store.create_event(Event("Club", EventKind.PAIRS, Conditions(),
                                    (Participant("1", "Pair 1"), Participant("2", "Pair 2"))))


def test_a_list_renames_enters_and_skips_what_is_unchanged(store: Store) -> None:
    event_id = _event(store)
    ann = Participant("1", "Ann & Bob", (Player("1.1", "Ann"), Player("1.2", "Bob")))
    changed = store.set_participants(event_id, [ann, Participant("2", "Pair 2"), Participant("3", "Cy")],
                                     by="dan")
    assert changed == ["1", "3"]
    assert store.event(event_id).participants == (ann, Participant("2", "Pair 2"), Participant("3", "Cy"))
    lines = [(c.action, c.by, c.reason) for c in store.history(event_id)][1:]
    assert lines == [("participant", "dan", "renamed 1 Ann & Bob"), ("participant", "dan", "entered 3 Cy")]
    assert store.set_participants(event_id, [ann], by="dan") == []  # the same again changes nothing
    assert len(store.history(event_id)) == 3
    single = Participant("1", "Ann & Bo", (Player("1.1", "Ann"),))
    store.set_participants(event_id, [single], by="dan")
    assert store.event(event_id).participants[0] == single


def test_a_list_naming_a_contestant_twice_is_refused_and_nothing_changes(store: Store) -> None:
    event_id = _event(store)
    before = store.event(event_id)
    with pytest.raises(StoreError, match="'1' twice"):
        store.set_participants(event_id, [Participant("3", "Cy"), Participant("1", "A"),
                                          Participant("1", "B")], by="dan")
    assert store.event(event_id) == before
    assert len(store.history(event_id)) == 1


def test_a_note_is_a_line_of_the_audit_trail(store: Store) -> None:
    event_id = _event(store)
    store.note(event_id, "boards", "dealt boards 1-8 (Law 6)", by="dan", law="6")
    last = store.history(event_id)[-1]
    assert (last.action, last.by, last.reason, last.law) == ("boards", "dan", "dealt boards 1-8 (Law 6)", "6")
