"""The lossless, versioned JSON form of a table's record: the board, the regulations and every event.

A table is nothing but its record (see :class:`~tenace.laws.table.Table`), so this is all persistence needs:
``loads(dumps(table)) == table``. The document is one object::

    {"format": "tenace.table-log", "version": 1,
     "board": {"number": 1, "dealer": "N", "vulnerability": "None", "deal": "N:AKQJ.AKQ.AKQ.AKQ ..."},
     "regulations": {"edition": 2017, "policy": "laws"},
     "events": [
       {"type": "CallMade", "seat": "N", "call": "1H"},
       {"type": "CallMade", "seat": "E", "call": "1D"},
       {"type": "DirectorCalled", "by": "S"},
       {"type": "Elected", "actor": "S", "option": {"type": "Accept", "law": "27A1"}}
     ]}

An event may carry an ``"at"`` key: when it happened, in ISO 8601 with its UTC offset (written as
``"2026-11-22T08:00:00Z"``), kept in :attr:`Table.times <tenace.laws.table.Table.times>`; a log without
it (every log before timestamps) still loads, its times unknown (``None``).

Each event is an object whose ``type`` is the event class's name (:data:`EVENT_TYPES`) and whose other keys
are the class's fields; an option (in ``Elected``) is tagged the same way (:data:`OPTION_TYPES`). Values use
Tenace's text notation: seats ``"N"``, cards ``"SA"``, calls ``"1NT"``/``"P"``/``"X"``, law references
``"27B1(b)"``, the Director ``"Director"``. A field left out takes its default; an unknown key is an error.

Errors are :class:`~tenace.formats.json.JSONFormatError` naming the JSON path, e.g. ``events[3].call``; an
event the Laws engine refuses on replay is reported at its path too.

>>> from tenace import Board, Deal, Seat, parse_call
>>> from tenace.laws import CallMade, Table
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal)).apply(CallMade(Seat.NORTH, parse_call("2C"), alert=True))
>>> text = dumps(t, indent=None)
>>> text[text.index('"events"'):]
'"events": [{"type": "CallMade", "seat": "N", "call": "2C", "alert": true}]}'
>>> loads(text) == t
True
>>> loads(text.replace('"2C"', '"2Z"'))
Traceback (most recent call last):
...
tenace.formats.json.JSONFormatError: events[0].call: not a call: '2Z' (expected e.g. 1NT, 4S, P, X, XX)
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import json as _json
import types
import typing
from collections.abc import Mapping
from typing import Any, Final

from tenace.board import Board
from tenace.calls import Call, parse_call
from tenace.cards import Card
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError, NotationError, UnlawfulActionError
from tenace.formats.json import JSONFormatError, board_from_json, board_to_json
from tenace.laws import decisions, events
from tenace.laws.refs import DIRECTOR, Director, LawRef, Regulations
from tenace.laws.table import Table
from tenace.seats import Seat

__all__ = [
    "EVENT_TYPES", "LOG_FORMAT", "LOG_VERSION", "OPTION_TYPES", "dumps", "event_from_json", "event_to_json",
    "from_json", "loads", "loads_record", "timed_record_from_json", "to_json", "value_to_json",
]

LOG_FORMAT: Final = "tenace.table-log"
LOG_VERSION: Final = 1
"""The version this module writes and the newest it reads."""

JSONValue = Any

# The registries follow the engine's unions, so a type added to events.Event or decisions.Option is written
# under its class name at once; tests/laws/test_log.py builds a sample of every member and fails loudly if
# one of its field types is one this module cannot write or read yet.
EVENT_TYPES: Final[Mapping[str, type]] = {cls.__name__: cls for cls in typing.get_args(events.Event)}
"""The event classes the log knows, by their JSON ``type`` name."""

OPTION_TYPES: Final[Mapping[str, type]] = {cls.__name__: cls for cls in typing.get_args(decisions.Option)}
"""The option classes (the :data:`~tenace.laws.decisions.Option` union) by their JSON ``type`` name."""


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return key if not path else f"{path}.{key}"


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@functools.cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


# --- values by declared type ------------------------------------------------------------------------------


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def _encode(value: Any, tp: Any, where: str) -> JSONValue:
    """``value`` of declared type ``tp`` as JSON. :raises TypeError: for a type the log cannot write."""
    if _is_call(tp):
        return str(value)
    if _is_union(tp):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        if all(a in OPTION_TYPES.values() for a in args if a is not type(None)) and dataclasses.is_dataclass(
            value
        ):
            return _tagged(value, OPTION_TYPES, where)
        for arg in args:
            if arg is not type(None) and _instance(value, arg):
                return _encode(value, arg, where)
        raise TypeError(f"{where}: {value!r} does not match {tp}")
    origin = typing.get_origin(tp)
    if origin is tuple:
        item = typing.get_args(tp)[0]
        return [_encode(v, item, _join(where, i)) for i, v in enumerate(value)]
    if origin is frozenset:
        item = typing.get_args(tp)[0]
        encoded = [_encode(v, item, _join(where, i)) for i, v in enumerate(value)]
        return sorted(encoded, key=_json.dumps)
    if tp is bool or tp is int or tp is str:
        return value
    if tp is Seat:
        return value.value
    if tp is Director:
        return value.value
    if tp is Deal:  # a restored deal (Laws 13, 14), in PBN
        return str(value.to_pbn())
    if tp is Card or tp is LawRef:
        return str(value) if tp is Card else value.cited
    if tp is Call or tp in typing.get_args(Call):
        return str(value)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return value.value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if tp in OPTION_TYPES.values():
            return _tagged(value, OPTION_TYPES, where)
        return _fields_to_json(value, where)
    raise TypeError(f"{where}: the table log cannot write values of type {tp!r}; teach tenace.laws.log")


def _instance(value: Any, tp: Any) -> bool:
    if typing.get_origin(tp) is not None:
        return isinstance(value, typing.get_origin(tp))
    if tp is Call:
        return isinstance(value, typing.get_args(Call))
    return isinstance(value, tp)


def _fields_to_json(value: Any, where: str) -> dict[str, JSONValue]:
    cls: type = value.__class__
    hints = _hints(cls)
    out: dict[str, JSONValue] = {}
    for f in _fields(cls):
        item = getattr(value, f.name)
        if f.default is not dataclasses.MISSING and item == f.default and type(item) is type(f.default):
            continue  # defaults are left out, so a log stays short and readable
        out[f.name] = _encode(item, hints[f.name], _join(where, f.name))
    return out


def _tagged(value: Any, registry: Mapping[str, type], where: str) -> dict[str, JSONValue]:
    name = type(value).__name__
    if registry.get(name) is not type(value):
        raise TypeError(f"{where}: {name} is not registered in tenace.laws.log; add it to the registry")
    return {"type": name, **_fields_to_json(value, where)}


def _is_call(tp: Any) -> bool:
    return tp is Call or (_is_union(tp) and set(typing.get_args(tp)) == set(typing.get_args(Call)))


def _decode(data: JSONValue, tp: Any, path: str) -> Any:
    if _is_call(tp):
        tp = Call
    elif _is_union(tp):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if data is None:
            if len(args) < len(typing.get_args(tp)):
                return None
            raise JSONFormatError(path, f"a value is required here (expected {_expected(tp)})")
        if _is_call(typing.Union[tuple(args)]):  # noqa: UP007
            return _decode(data, Call, path)
        if all(a in OPTION_TYPES.values() for a in args):
            return _untag(data, OPTION_TYPES, path, "option")
        if len(args) == 1:
            return _decode(data, args[0], path)
        if Director in args and data == DIRECTOR.value:
            return DIRECTOR
        for arg in args:
            if arg is Director:
                continue
            try:
                return _decode(data, arg, path)
            except JSONFormatError:
                continue
        raise JSONFormatError(path, f"expected {_expected(tp)}, got {data!r}")
    origin = typing.get_origin(tp)
    if origin in (tuple, frozenset):
        if not isinstance(data, list):
            raise JSONFormatError(path, f"expected a list, got {data!r}")
        item = typing.get_args(tp)[0]
        items = [_decode(v, item, _join(path, i)) for i, v in enumerate(data)]
        return tuple(items) if origin is tuple else frozenset(items)
    if tp is bool:
        if not isinstance(data, bool):
            raise JSONFormatError(path, f"expected true or false, got {data!r}")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise JSONFormatError(path, f"expected an integer, got {data!r}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise JSONFormatError(path, f"expected a string, got {data!r}")
        return data
    textual = tp in (Seat, Director, Card, LawRef, Call, Deal) or tp in typing.get_args(Call)
    if textual and not isinstance(data, str):
        raise JSONFormatError(path, f"expected {_expected(tp)}, got {data!r}")
    try:
        if tp is Seat:
            return Seat(data)
        if tp is Director:
            if data != DIRECTOR.value:
                raise ValueError("not the Director")
            return DIRECTOR
        if tp is Card:
            return Card.from_str(data)
        if tp is Deal:
            return Deal.from_pbn(data)
        if tp is LawRef:
            return LawRef.from_str(data)
        if tp is Call or tp in typing.get_args(Call):
            call = parse_call(data)
            if not isinstance(call, typing.get_args(Call) if tp is Call else tp):
                raise ValueError(f"not a {tp.__name__}")
            return call
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return tp(data)
    except NotationError as exc:
        raise JSONFormatError(path, str(exc)) from None
    except ValueError:
        raise JSONFormatError(path, f"expected {_expected(tp)}, got {data!r}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if tp in OPTION_TYPES.values():
            return _untag(data, {tp.__name__: tp}, path, "option")
        return _fields_from_json(data, tp, path)
    raise JSONFormatError(path, f"the table log cannot read values of type {tp!r}")


def _expected(tp: Any) -> str:
    if _is_union(tp):
        return " or ".join(_expected(a) for a in typing.get_args(tp) if a is not type(None))
    names = {Seat: "a seat N, E, S or W", Director: "'Director'", Card: "a card such as 'SA'",
             LawRef: "a law reference such as '27B1(b)'", Call: "a call such as '1NT', 'P', 'X'"}
    if tp in names:
        return names[tp]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + ", ".join(repr(m.value) for m in tp)
    return getattr(tp, "__name__", str(tp))


def _fields_from_json(data: JSONValue, cls: type, path: str, *, skip: frozenset[str] = frozenset()) -> Any:
    if not isinstance(data, dict):
        raise JSONFormatError(path or "(root)", f"expected an object, got {data!r}")
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for key in data:
        if key not in fields and key not in skip:
            expected = ", ".join(sorted(fields)) or "no keys"
            raise JSONFormatError(_join(path, key), f"unknown key for {cls.__name__} (expected {expected})")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name in data:
            kwargs[name] = _decode(data[name], hints[name], _join(path, name))
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise JSONFormatError(_join(path, name), f"missing (required by {cls.__name__})")
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise JSONFormatError(path or "(root)", str(exc)) from None


def _untag(
    data: JSONValue,
    registry: Mapping[str, type],
    path: str,
    what: str,
    skip: frozenset[str] = frozenset({"type"}),
) -> Any:
    if not isinstance(data, dict):
        raise JSONFormatError(path, f"expected an {what} object with a 'type', got {data!r}")
    name = data.get("type")
    cls = registry.get(name) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(sorted(registry))
        raise JSONFormatError(_join(path, "type"), f"unknown {what} type {name!r} (expected one of {known})")
    return _fields_from_json(data, cls, path, skip=skip)


# --- events, tables --------------------------------------------------------------------------------------


def event_to_json(event: events.Event) -> dict[str, JSONValue]:
    """One event as a JSON object tagged with its ``type``.

    >>> from tenace.laws import Elected, Accept, LawRef
    >>> event_to_json(Elected(Seat.SOUTH, Accept(LawRef(27, "A1"))))
    {'type': 'Elected', 'actor': 'S', 'option': {'type': 'Accept', 'law': '27A1'}}
    """
    # the two events of nearly every board's record, written as _tagged writes them (defaults left out),
    # without looking up their fields' types: a live server writes one after every call and card
    if type(event) is events.CardPlayed:
        return {"type": "CardPlayed", "seat": event.seat.value, "card": str(event.card)}
    if type(event) is events.CallMade and type(event.alert) is bool and (
            event.explanation is None or type(event.explanation) is str):
        out: dict[str, JSONValue] = {"type": "CallMade", "seat": event.seat.value, "call": str(event.call)}
        if event.alert:
            out["alert"] = True
        if event.explanation is not None:
            out["explanation"] = event.explanation
        return out
    return _tagged(event, EVENT_TYPES, "event")


def value_to_json(value: Any) -> dict[str, JSONValue]:
    """Any engine value that is a dataclass (an option, a constraint, an irregularity) as a JSON object tagged
    with its class name, its fields in the log's notation.

    >>> from tenace.laws import MustPass, Duration, LawRef
    >>> value_to_json(MustPass(Seat.WEST, Duration.REST_OF_AUCTION, LawRef(27, "B2")))
    {'type': 'MustPass', 'seat': 'W', 'duration': 'for the rest of the auction', 'law': '27B2'}
    """
    return {"type": type(value).__name__, **_fields_to_json(value, type(value).__name__)}


def event_from_json(data: JSONValue, path: str = "event") -> events.Event:
    """Inverse of :func:`event_to_json` (an ``"at"`` key, the event's time in a log, is ignored).

    :raises JSONFormatError: naming ``path``.
    """
    event: events.Event = _untag(data, EVENT_TYPES, path, "event", skip=frozenset({"type", "at"}))
    return event


def to_json(table: Table) -> dict[str, JSONValue]:
    """The table's board, regulations and record as a JSON object."""
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "board": board_to_json(table.board),
        "regulations": _fields_to_json(table.regulations, "regulations") or {},
        "events": [
            _timed(_tagged(e, EVENT_TYPES, f"events[{i}]"), table.times[i] if i < len(table.times) else None)
            for i, e in enumerate(table.record)
        ],
    }


def _timed(event: dict[str, JSONValue], at: dt.datetime | None) -> dict[str, JSONValue]:
    if at is None:
        return event
    text = at.astimezone(dt.UTC).isoformat()
    return {**event, "at": text[:-6] + "Z" if text.endswith("+00:00") else text}


def _time_from_json(data: JSONValue, path: str) -> dt.datetime | None:
    if not isinstance(data, dict) or "at" not in data:
        return None
    text = data["at"]
    if not isinstance(text, str):
        raise JSONFormatError(path, f"expected an ISO 8601 time such as '2026-11-22T08:00:00Z', got {text!r}")
    try:
        at = dt.datetime.fromisoformat(text)
    except ValueError:
        raise JSONFormatError(path, f"not an ISO 8601 time: {text!r}") from None
    if at.tzinfo is None:
        raise JSONFormatError(path, f"{text!r} has no UTC offset (write e.g. '2026-11-22T08:00:00Z')")
    return at.astimezone(dt.UTC)


def dumps(table: Table, *, indent: int | None = 2) -> str:
    """The table as JSON text (see the module documentation for the schema)."""
    return _json.dumps(to_json(table), ensure_ascii=False, indent=indent)


def record_from_json(data: JSONValue) -> tuple[Board, Regulations, tuple[events.Event, ...]]:
    """The board, regulations and events of a log, without replaying them.

    :raises JSONFormatError: naming the path of the bad value.
    """
    board, regulations, record, _ = timed_record_from_json(data)
    return board, regulations, record


def timed_record_from_json(
    data: JSONValue,
) -> tuple[Board, Regulations, tuple[events.Event, ...], tuple[dt.datetime | None, ...]]:
    """:func:`record_from_json` with the time of each event (``None`` where the log has no ``"at"``).

    :raises JSONFormatError: naming the path of the bad value.
    """
    if not isinstance(data, dict):
        raise JSONFormatError("(root)", f"expected an object, got {type(data).__name__}")
    for key in data:
        if key not in ("format", "version", "board", "regulations", "events"):
            raise JSONFormatError(key, "unknown key (expected format, version, board, regulations, events)")
    if data.get("format") != LOG_FORMAT:
        raise JSONFormatError("format", f"expected {LOG_FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise JSONFormatError("version", f"expected a positive integer, got {version!r}")
    if version > LOG_VERSION:
        raise JSONFormatError("version", f"version {version} is newer than this reader ({LOG_VERSION})")
    if "board" not in data:
        raise JSONFormatError("board", "missing (a table log needs its board and deal)")
    board = board_from_json(data["board"], "board")
    if board.deal is None:
        raise JSONFormatError("board.deal", "a table log needs the full deal")
    regulations = _fields_from_json(data.get("regulations", {}), Regulations, "regulations")
    raw_events = data.get("events", [])
    if not isinstance(raw_events, list):
        raise JSONFormatError("events", f"expected a list of events, got {raw_events!r}")
    record = tuple(_event_from_json(e, f"events[{i}]") for i, e in enumerate(raw_events))
    times = tuple(_time_from_json(e, f"events[{i}].at") for i, e in enumerate(raw_events))
    return board, regulations, record, times


def _event_from_json(data: JSONValue, path: str) -> events.Event:
    event: events.Event = _untag(data, EVENT_TYPES, path, "event", skip=frozenset({"type", "at"}))
    return event


def from_json(data: JSONValue) -> Table:
    """The table a log describes: its events replayed through the engine.

    :raises JSONFormatError: naming the path of a bad value, or of an event the engine refuses (with the
        engine's reason).
    """
    board, regulations, record, times = timed_record_from_json(data)
    table = Table.new(board, regulations)
    for i, (event, at) in enumerate(zip(record, times, strict=True)):
        try:
            table = table.apply(event, at=at)
        except (ImpossibleActionError, UnlawfulActionError) as exc:
            raise JSONFormatError(f"events[{i}]", str(exc)) from None
    return table


def loads_record(text: str) -> tuple[Board, Regulations, tuple[events.Event, ...]]:
    """:func:`record_from_json` of JSON text."""
    return record_from_json(_parse(text))


def loads(text: str) -> Table:
    """Inverse of :func:`dumps`: ``loads(dumps(t)) == t``. :raises JSONFormatError: naming the JSON path."""
    return from_json(_parse(text))


def _parse(text: str) -> JSONValue:
    try:
        return _json.loads(text)
    except ValueError as err:
        raise JSONFormatError("(text)", f"not JSON: {err}") from None
    except RecursionError:
        raise JSONFormatError("(text)", "not a table log: nested too deeply") from None
