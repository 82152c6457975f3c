"""Appeals (Laws 92 and 93), penalties (Laws 90, 91) and publications."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

import pytest

from tenace.store import AppealDeadlineError, AppealNotHeardError, Store, StoreError, UnknownEventError
from tenace.tournament.model import Conditions, EventKind, Penalty

from .events import T0, pairs_event, seated_result, three_table_mitchell

MOVEMENT = three_table_mitchell()
PLAYED = seated_result(MOVEMENT, 2, 3, 1, "3NTS", 9)
ADJUSTED = seated_result(MOVEMENT, 2, 3, 1, "3NTS", 8)


@pytest.fixture
def event_id(store: Store) -> int:
    event = pairs_event(
        conditions=Conditions(
            correction_period=dt.timedelta(minutes=30), appeal_deadline=dt.timedelta(minutes=45)
        )
    )
    event_id = store.create_event(event)
    store.enter(event_id, 1, PLAYED, by="NS", at=T0)
    return event_id


def lodge(store: Store, event_id: int, at: dt.datetime, *, concurring: bool = True) -> int:
    return store.appeal(
        event_id,
        1,
        table=3,
        round=2,
        board=1,
        appellants=("2EW",),
        concurring=concurring,
        reason="the ruling on the hesitation",
        by="TD",
        at=at,
    )


def test_an_appeal_is_recorded_with_who_when_and_why(store: Store, event_id: int) -> None:
    appeal_id = lodge(store, event_id, T0 + dt.timedelta(minutes=10))
    (appeal,) = store.appeals(event_id)
    assert appeal.id == appeal_id
    assert (appeal.session, appeal.table, appeal.round, appeal.board) == (1, 3, 2, 1)
    assert (appeal.appellants, appeal.concurring, appeal.lodged_by) == (("2EW",), True, "TD")
    assert appeal.lodged_at == T0 + dt.timedelta(minutes=10)
    assert not appeal.is_decided and appeal.result is None
    assert store.history(event_id)[-1].action == "appeal"


def test_law_92b_appeals_close_after_the_deadline_from_the_first_publication(
    store: Store, event_id: int
) -> None:
    published = T0 + dt.timedelta(hours=2)
    store.publish(event_id, "results v1", by="scorer", at=published)
    lodge(store, event_id, published + dt.timedelta(minutes=45))
    with pytest.raises(AppealDeadlineError, match="92B") as caught:
        lodge(store, event_id, published + dt.timedelta(minutes=46))
    assert (caught.value.table, caught.value.round, caught.value.board) == (3, 2, 1)
    assert len(store.appeals(event_id)) == 1


def test_law_92d_a_pairs_appeal_needs_both_partners_to_concur(store: Store, event_id: int) -> None:
    with pytest.raises(AppealNotHeardError, match="both partners"):
        lodge(store, event_id, T0, concurring=False)
    assert store.appeals(event_id) == ()


def test_law_92d_an_individual_appellant_needs_no_partner(store: Store) -> None:
    event_id = store.create_event(dataclasses.replace(pairs_event(), kind=EventKind.INDIVIDUAL))
    appeal_id = lodge(store, event_id, T0, concurring=False)
    assert store.appeals(event_id)[0].id == appeal_id


def test_an_appeal_about_a_board_not_played_at_that_table_is_refused(store: Store, event_id: int) -> None:
    with pytest.raises(ValueError, match="board 5 is not played"):
        store.appeal(
            event_id, 1, table=3, round=2, board=5, appellants=("2EW",), concurring=True, reason="x", by="TD"
        )


def test_law_93_a_decision_that_changes_the_score_is_a_new_version_even_after_79c(
    store: Store, event_id: int
) -> None:
    published = T0 + dt.timedelta(hours=2)
    store.publish(event_id, "results v1", by="scorer", at=published)
    appeal_id = lodge(store, event_id, published + dt.timedelta(minutes=5))
    decided_at = published + dt.timedelta(hours=3)  # long after the correction period
    store.decide_appeal(
        appeal_id,
        decision="ruling changed: 3NT one down",
        result=ADJUSTED,
        by="Appeals Committee",
        at=decided_at,
    )
    assert store.results(event_id) == (ADJUSTED,)
    assert [v.version for v in store.versions(event_id, 1, table=3, round=2, board=1)] == [1, 2]
    (appeal,) = store.appeals(event_id)
    assert (appeal.decision, appeal.decided_by, appeal.decided_at, appeal.result) == (
        "ruling changed: 3NT one down",
        "Appeals Committee",
        decided_at,
        ADJUSTED,
    )
    change = store.history(event_id)[-1]
    assert (change.action, change.law, change.old, change.new) == ("decide", "93", PLAYED, ADJUSTED)


def test_a_decision_that_upholds_the_ruling_changes_no_result(store: Store, event_id: int) -> None:
    appeal_id = lodge(store, event_id, T0)
    store.decide_appeal(appeal_id, decision="ruling upheld", result=None, by="TD")
    store.decide_appeal(appeal_id, decision="ruling upheld", result=None, by="TD")  # a resend
    assert store.results(event_id) == (PLAYED,)
    assert [c.action for c in store.history(event_id)] == ["create", "enter", "appeal", "decide"]
    with pytest.raises(AppealNotHeardError, match="already decided"):
        store.decide_appeal(appeal_id, decision="changed my mind", result=ADJUSTED, by="TD")
    assert store.results(event_id) == (PLAYED,)


def test_deciding_an_unknown_appeal_is_refused(store: Store, event_id: int) -> None:
    with pytest.raises(UnknownEventError, match="no appeal 77"):
        store.decide_appeal(77, decision="x", result=None, by="TD")


def test_penalties_are_kept_exactly_with_their_law(store: Store, event_id: int) -> None:
    penalties = [
        Penalty("1NS", Fraction(3, 2), "90B2", "slow play"),
        Penalty("2EW", Fraction(-1, 3), "91A", "returned to the pair", board=4),
    ]
    for penalty in penalties:
        store.penalise(event_id, penalty, by="TD", at=T0)
    assert store.penalties(event_id) == tuple(penalties)
    assert [(c.action, c.law) for c in store.history(event_id)[-2:]] == [
        ("penalise", "90B2"),
        ("penalise", "91A"),
    ]
    with pytest.raises(StoreError, match="no contestant '9NS'"):
        store.penalise(event_id, Penalty("9NS", Fraction(1), "90", "x"), by="TD")
    assert len(store.penalties(event_id)) == 2


def test_publications_are_numbered_and_kept_verbatim(store: Store, event_id: int) -> None:
    documents = ["<h1>Résultats ♠♥</h1>\n", '{"version": 2, "ranking": []}']
    versions = [
        store.publish(event_id, doc, by="scorer", at=T0 + dt.timedelta(minutes=i))
        for i, doc in enumerate(documents)
    ]
    assert versions == [1, 2]
    published = store.publications(event_id)
    assert [(p.version, p.document, p.by, p.at) for p in published] == [
        (1, documents[0], "scorer", T0),
        (2, documents[1], "scorer", T0 + dt.timedelta(minutes=1)),
    ]
