"""Result entry: validation against the movement, idempotent resends, confirmation, versioned corrections
(Law 79C) and the audit trail. Nothing stored is changed by a call that fails."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from tenace.cards import Card
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.store import (
    CorrectionPeriodClosedError,
    DuplicateResultError,
    InvalidResultError,
    Store,
    StoreError,
    UnknownEventError,
)
from tenace.tournament.entry import ResultError
from tenace.tournament.model import Conditions, Result
from tenace.tournament.scoring import score_event

from .events import T0, pairs_event, seated_result, three_table_mitchell

MOVEMENT = three_table_mitchell()


def result(
    round: int, table: int, board: int, contract: str | None = "4HS", tricks: int | None = 10, **extra: object
) -> Result:
    return seated_result(MOVEMENT, round, table, board, contract, tricks, **extra)


def every_kind_of_result() -> list[Result]:
    """One result of each shape a table device or the Director produces."""
    return [
        result(1, 1, 1, "3NTN", 9, lead=Card.from_str("ST")),
        result(1, 1, 2, None, None),  # passed out
        result(1, 2, 3, "4SXE", 8),
        result(1, 2, 4, "6HXXW", 13, lead=Card.from_str("CA")),
        result(
            1, 3, 5, None, None, adjusted=ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
        ),
        result(
            1,
            3,
            6,
            None,
            None,
            adjusted=AssignedAdjustedScore(
                WeightedScore.of((420, "2/3"), (-50, "1/3")), WeightedScore.single(-50)
            ),
        ),
        result(2, 1, 3, "1CS", 0, group=2),
        result(2, 1, 4, "7NTN", 7, vulnerable=(True, False)),
    ]


@pytest.fixture
def event_id(store: Store) -> int:
    return store.create_event(pairs_event())


def test_every_kind_of_result_comes_back_equal(store: Store, event_id: int) -> None:
    entered = every_kind_of_result()
    for r in entered:
        store.enter(event_id, 1, r, by="device")
    assert sorted(store.results(event_id), key=repr) == sorted(entered, key=repr)
    assert store.results(event_id, 1) == store.results(event_id)


def test_a_stored_result_records_who_entered_it_and_when_in_utc(store: Store, event_id: int) -> None:
    paris = dt.timezone(dt.timedelta(hours=1))
    stored = store.enter(event_id, 1, result(1, 1, 1), by="table 1 device", key="k1", at=T0.astimezone(paris))
    again = store.stored(event_id)[0]
    assert again == stored
    assert (again.version, again.entered_by, again.key, again.session) == (1, "table 1 device", "k1", 1)
    assert again.entered_at == T0 and again.entered_at.utcoffset() == dt.timedelta(0)
    assert again.confirmed_by is None and again.confirmed_at is None


def test_a_resend_of_the_same_result_returns_the_stored_row_and_writes_nothing(
    store: Store, event_id: int
) -> None:
    first = store.enter(event_id, 1, result(1, 1, 1), by="device", at=T0)
    history = store.history(event_id)
    again = store.enter(event_id, 1, result(1, 1, 1), by="device", at=T0 + dt.timedelta(minutes=1))
    assert again == first
    assert store.history(event_id) == history


def test_a_resend_with_the_same_key_returns_the_stored_row(store: Store, event_id: int) -> None:
    first = store.enter(event_id, 1, result(1, 1, 1), by="device", key="T1-R1-B1-a")
    assert store.enter(event_id, 1, result(1, 1, 1), by="device", key="T1-R1-B1-a") == first
    with pytest.raises(DuplicateResultError, match="key 'T1-R1-B1-a' was already used") as caught:
        store.enter(event_id, 1, result(1, 1, 2), by="device", key="T1-R1-B1-a")
    assert caught.value.field == "key"
    assert len(store.results(event_id)) == 1


def test_a_different_result_for_an_entered_slot_must_go_through_correct(store: Store, event_id: int) -> None:
    store.enter(event_id, 1, result(1, 1, 1, "4HS", 10), by="device")
    with pytest.raises(DuplicateResultError, match="use correct") as caught:
        store.enter(event_id, 1, result(1, 1, 1, "4HS", 11), by="device")
    error = caught.value
    assert (error.table, error.round, error.board, error.field) == (1, 1, 1, "tricks")
    assert "table 1, round 1, board 1" in str(error)
    assert store.results(event_id) == (result(1, 1, 1, "4HS", 10),)


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (dataclasses.replace(result(1, 1, 1), ns="2NS"), "ns"),
        (dataclasses.replace(result(1, 1, 1), ew="2EW"), "ew"),
        (result(1, 1, 3), "board"),  # board 3 is at table 2 in round 1
        (dataclasses.replace(result(1, 1, 1), table=9), "table"),
        (dataclasses.replace(result(1, 1, 1), tricks=14), "tricks"),
        (result(1, 1, 1, "4HS", None), "tricks"),
        (result(1, 1, 1, None, 9), "tricks"),  # tricks on a passed-out board
        (dataclasses.replace(result(1, 1, 1), session=2), "session"),
    ],
    ids=["ns", "ew", "board", "table", "tricks-14", "no-tricks", "passed-out-tricks", "session"],
)
def test_a_result_that_does_not_fit_the_movement_is_refused_naming_the_field(
    store: Store, event_id: int, bad: Result, field: str
) -> None:
    with pytest.raises(ResultError) as caught:
        store.enter(event_id, 1, bad, by="device")
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)
    assert f"table {bad.table}, round {bad.round}, board {bad.board}" in str(caught.value)
    assert store.results(event_id) == ()
    assert [c.action for c in store.history(event_id)] == ["create"]


def test_entering_into_a_session_or_event_that_does_not_exist_is_refused(store: Store, event_id: int) -> None:
    with pytest.raises(UnknownEventError, match="no session 3"):
        store.enter(event_id, 3, result(1, 1, 1), by="device")
    with pytest.raises(UnknownEventError, match="no event"):
        store.enter(event_id + 1, 1, result(1, 1, 1), by="device")


def test_enter_many_stores_all_or_nothing(store: Store, event_id: int) -> None:
    good = every_kind_of_result()
    with pytest.raises(ResultError):
        store.enter_many(event_id, 1, [*good[:3], result(1, 1, 3), *good[3:]], by="import")
    assert store.results(event_id) == ()
    stored = store.enter_many(event_id, 1, good, by="import")
    assert [s.result for s in stored] == good
    assert len(store.results(event_id)) == len(good)


def test_the_opponents_confirm_the_current_version_once(store: Store, event_id: int) -> None:
    store.enter(event_id, 1, result(1, 2, 3), by="NS", at=T0)
    confirmed = store.confirm(
        event_id, 1, table=2, round=1, board=3, by="EW", at=T0 + dt.timedelta(seconds=5)
    )
    assert (confirmed.confirmed_by, confirmed.confirmed_at) == ("EW", T0 + dt.timedelta(seconds=5))
    again = store.confirm(
        event_id, 1, table=2, round=1, board=3, by="someone else", at=T0 + dt.timedelta(hours=1)
    )
    assert again == confirmed
    assert [c.action for c in store.history(event_id)] == ["create", "enter", "confirm"]
    with pytest.raises(UnknownEventError, match="no result has been entered"):
        store.confirm(event_id, 1, table=2, round=1, board=4, by="EW")


def test_a_correction_is_a_new_version_and_the_old_one_stays(store: Store, event_id: int) -> None:
    wrong, right = result(1, 1, 1, "4HS", 9), result(1, 1, 1, "4HS", 10)
    first = store.enter(event_id, 1, wrong, by="NS", at=T0)
    store.confirm(event_id, 1, table=1, round=1, board=1, by="EW", at=T0)
    fixed = store.correct(
        event_id,
        1,
        right,
        by="TD",
        reason="ten tricks were agreed",
        law="79A",
        at=T0 + dt.timedelta(minutes=3),
    )
    assert (fixed.version, fixed.entered_by, fixed.confirmed_by) == (2, "TD", None)
    assert store.results(event_id) == (right,)
    assert [v.result for v in store.versions(event_id, 1, table=1, round=1, board=1)] == [wrong, right]
    assert store.versions(event_id, 1, table=1, round=1, board=1)[0] == dataclasses.replace(
        first, confirmed_by="EW", confirmed_at=T0
    )
    change = store.history(event_id)[-1]
    assert (change.action, change.by, change.old, change.new) == ("correct", "TD", wrong, right)
    assert (change.reason, change.law, change.at) == (
        "ten tricks were agreed",
        "79A",
        T0 + dt.timedelta(minutes=3),
    )
    assert (change.table, change.round, change.board, change.session) == (1, 1, 1, 1)


def test_correcting_to_the_current_result_writes_nothing(store: Store, event_id: int) -> None:
    stored = store.enter(event_id, 1, result(1, 1, 1), by="NS")
    assert store.correct(event_id, 1, result(1, 1, 1), by="TD", reason="checked") == stored
    assert [c.action for c in store.history(event_id)] == ["create", "enter"]


def test_a_correction_needs_a_reason_and_a_result_that_fits(store: Store, event_id: int) -> None:
    store.enter(event_id, 1, result(1, 1, 1), by="NS")
    with pytest.raises(StoreError, match="needs a reason"):
        store.correct(event_id, 1, result(1, 1, 1, "4HS", 11), by="TD", reason=" ")
    with pytest.raises(ResultError):
        store.correct(event_id, 1, result(1, 1, 1, "4HS", 14), by="TD", reason="typo")
    assert store.results(event_id) == (result(1, 1, 1),)


def test_law_79c_corrections_close_after_the_period_unless_the_organiser_approves(store: Store) -> None:
    event_id = store.create_event(
        pairs_event(conditions=Conditions(correction_period=dt.timedelta(minutes=30)))
    )
    store.enter(event_id, 1, result(1, 1, 1, "4HS", 9), by="NS", at=T0)
    # Before any publication the period has not started: a correction hours later is fine.
    store.correct(
        event_id, 1, result(1, 1, 1, "4HS", 10), by="TD", reason="scorer", at=T0 + dt.timedelta(hours=2)
    )
    published = T0 + dt.timedelta(hours=3)
    store.publish(event_id, "<html>provisional</html>", by="scorer", at=published)
    store.publish(event_id, "<html>second</html>", by="scorer", at=published + dt.timedelta(minutes=20))
    assert store.correction_period_ends(event_id) == published + dt.timedelta(minutes=30)
    store.correct(
        event_id,
        1,
        result(1, 1, 1, "4HS", 11),
        by="TD",
        reason="recount",
        at=published + dt.timedelta(minutes=30),
    )
    late = published + dt.timedelta(minutes=31)  # the second publication does not restart the period
    with pytest.raises(CorrectionPeriodClosedError, match="approved_by") as caught:
        store.correct(event_id, 1, result(1, 1, 1, "4HS", 12), by="TD", reason="recount", at=late)
    assert (caught.value.table, caught.value.round, caught.value.board) == (1, 1, 1)
    assert store.results(event_id) == (result(1, 1, 1, "4HS", 11),)
    store.correct(
        event_id,
        1,
        result(1, 1, 1, "4HS", 12),
        by="TD",
        reason="clear error",
        law="79C2",
        approved_by="Tournament Organiser",
        at=late,
    )
    assert store.results(event_id) == (result(1, 1, 1, "4HS", 12),)
    assert store.history(event_id)[-1].approved_by == "Tournament Organiser"


def test_a_result_without_a_session_takes_the_store_session(store: Store) -> None:
    event = pairs_event()
    event_id = store.create_event(event)
    store.set_movement(event_id, 2, MOVEMENT)
    stored = store.enter(event_id, 2, result(1, 1, 1), by="device")
    assert stored.result == dataclasses.replace(result(1, 1, 1), session=2)
    assert store.results(event_id, 2) == (stored.result,)
    assert store.results(event_id, 1) == ()


def test_an_appeal_decision_about_another_slot_is_an_invalid_result(store: Store, event_id: int) -> None:
    store.enter(event_id, 1, result(1, 1, 1), by="NS")
    appeal = store.appeal(
        event_id,
        1,
        table=1,
        round=1,
        board=1,
        appellants=("1EW",),
        concurring=True,
        reason="misinformation",
        by="TD",
    )
    with pytest.raises(InvalidResultError, match="appeal"):
        store.decide_appeal(appeal, decision="adjusted", result=result(1, 1, 2), by="AC")


def test_scoring_the_stored_results_gives_what_scoring_the_entered_results_gives(store: Store) -> None:
    """The store is lossless for scoring: matchpoints from the results read back equal those from the
    results as entered (tournament.scoring computes both)."""
    event = pairs_event()
    event_id = store.create_event(event)
    contracts = ["3NTN", "4SE", "2HS", "3NTS", "1NTW", "4HN"]
    entered = [
        seated_result(
            MOVEMENT, s.round, s.table, board, contracts[(board + s.round) % 6], 7 + (board * 3 + s.table) % 4
        )
        for s in MOVEMENT.seatings
        for board in s.boards
    ]
    store.enter_many(event_id, 1, entered, by="import")
    from_store = score_event(store.event(event_id), store.results(event_id))
    direct = score_event(event, entered)
    assert from_store.rankings == direct.rankings
    assert from_store.travellers == direct.travellers


def test_the_director_may_enter_a_missing_result_as_a_correction(store: Store, event_id: int) -> None:
    late = result(2, 2, 5, "2SW", 8)
    stored = store.correct(event_id, 1, late, by="TD", reason="the traveller was found after the session")
    assert (stored.version, store.results(event_id)) == (1, (late,))
    change = store.history(event_id)[-1]
    assert (change.action, change.old, change.new) == ("correct", None, late)
