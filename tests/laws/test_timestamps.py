"""Timestamps beside the record: ``Table.apply(event, at=...)``, ``Table.replay(..., times=...)`` and the
``"at"`` key of the JSON log (which stays version 1: logs without times still load)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from tenace import parse_call
from tenace.formats.json import JSONFormatError
from tenace.laws import CallMade, DirectorCalled, Table, log

from ._helpers import DEAL, E, N, S, W, table

T0 = dt.datetime(2026, 11, 22, 8, 0, 0, tzinfo=dt.UTC)


def _timed_auction() -> tuple[Table, list[CallMade], list[dt.datetime | None]]:
    events = [CallMade(s, parse_call(c)) for s, c in [(N, "1H"), (E, "P"), (S, "2H"), (W, "P")]]
    times: list[dt.datetime | None] = [T0 + dt.timedelta(seconds=x) for x in (3, 5, 17, 20)]
    times[1] = None  # an unknown time stays unknown
    t = table()
    for event, at in zip(events, times, strict=True):
        t = t.apply(event, at=at)
    return t, events, times


def test_apply_keeps_one_time_per_event_in_order() -> None:
    t, events, times = _timed_auction()
    assert t.record == tuple(events)
    assert t.times == tuple(times)


def test_replay_with_times_equals_applying_with_times() -> None:
    t, events, times = _timed_auction()
    assert Table.replay(t.board, events, t.regulations, times=times) == t


def test_replay_without_times_has_none_for_every_event() -> None:
    t, events, _ = _timed_auction()
    replayed = Table.replay(t.board, events, t.regulations)
    assert replayed.times == (None, None, None, None)
    assert replayed.record == t.record and replayed != t  # the times are part of the table's value


def test_replay_refuses_times_of_another_length() -> None:
    t, events, times = _timed_auction()
    with pytest.raises(ValueError, match="3 times for 4 events"):
        Table.replay(t.board, events, t.regulations, times=times[:3])


def test_times_are_kept_in_utc_whatever_the_offset_given() -> None:
    paris = dt.timezone(dt.timedelta(hours=1))
    t = table().apply(CallMade(N, parse_call("1C")), at=dt.datetime(2026, 11, 22, 9, 0, tzinfo=paris))
    (at,) = t.times
    assert at == T0 and at is not None and at.utcoffset() == dt.timedelta(0)


def test_a_naive_time_is_refused_and_the_table_is_unchanged() -> None:
    t = table()
    with pytest.raises(ValueError, match="no time zone"):
        t.apply(CallMade(N, parse_call("1C")), at=dt.datetime(2026, 11, 22, 8, 0))
    assert t.record == () and t.times == ()


def test_an_impossible_event_with_a_time_leaves_times_alone() -> None:
    t, _, times = _timed_auction()
    with pytest.raises(Exception, match="no irregularity"):
        t.apply(DirectorCalled(N), at=T0)
    assert t.times == tuple(times)


def test_log_round_trip_keeps_the_times() -> None:
    t, _, _ = _timed_auction()
    text = log.dumps(t)
    data = json.loads(text)
    assert [e.get("at") for e in data["events"]] == [
        "2026-11-22T08:00:03Z", None, "2026-11-22T08:00:17Z", "2026-11-22T08:00:20Z"
    ]
    assert data["version"] == 1
    assert log.loads(text) == t


def test_log_keeps_fractions_of_a_second() -> None:
    at = T0 + dt.timedelta(microseconds=250_000)
    t = table().apply(CallMade(N, parse_call("1C")), at=at)
    assert log.loads(log.dumps(t)).times == (at,)


def test_an_old_log_without_times_still_loads() -> None:
    old = {
        "format": "tenace.table-log", "version": 1,
        "board": {"number": 1, "dealer": "N", "vulnerability": "None", "deal": DEAL.to_pbn()},
        "events": [
            {"type": "CallMade", "seat": "N", "call": "1H"},
            {"type": "CallMade", "seat": "E", "call": "P"},
        ],
    }
    t = log.from_json(old)
    assert [str(c.call.call) for c in t.calls] == ["1H", "P"]
    assert t.times == (None, None)
    board, _, record, times = log.timed_record_from_json(old)
    assert board.number == 1 and len(record) == 2 and times == (None, None)


def test_a_log_time_with_an_offset_is_read_as_utc() -> None:
    t, _, _ = _timed_auction()
    data = log.to_json(t)
    data["events"][0]["at"] = "2026-11-22T09:00:03+01:00"
    assert log.from_json(data).times[0] == T0 + dt.timedelta(seconds=3)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("yesterday", "not an ISO 8601 time"),
        (12, "expected an ISO 8601 time"),
        ("2026-11-22T08:00:00", "no UTC"),
    ],
)
def test_a_bad_time_in_a_log_names_its_path(value: object, message: str) -> None:
    t, _, _ = _timed_auction()
    data = log.to_json(t)
    data["events"][2]["at"] = value
    with pytest.raises(JSONFormatError, match=rf"events\[2\]\.at: .*{message}"):
        log.from_json(data)


def test_record_from_json_reads_a_timed_log_without_the_times() -> None:
    t, events, _ = _timed_auction()
    board, _, record = log.record_from_json(log.to_json(t))
    assert record == tuple(events) and board == t.board
