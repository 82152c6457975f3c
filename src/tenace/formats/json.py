"""Tenace's own JSON form of deal records: stable, documented, versioned and lossless.

``from_json(to_json(record)) == record`` for every :class:`DealRecord`, including partial deals, alerts,
explanations, PBN call annotations, claims and uninterpreted tags. The schema is described in
``docs/formats.md``; in short, one record is an object::

    {"format": "tenace.deal-record", "version": 1,
     "number": 1, "dealer": "N", "vulnerability": "None",
     "deal": "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
     "players": {"N": "Nora", "E": null, "S": "Sam", "W": null},
     "calls": ["7NT", {"call": "P", "alert": true, "explanation": "no interest"}, "P", "P"],
     "contract": "7NTN", "passed_out": false, "tricks": 13,
     "play": ["ST", "S3", "S2", "SA"], "claim": 13, "extra": [["Event", "Club night"]]}

Every field but ``format`` and ``version`` may be left out (it then takes its default). Cards, calls,
contracts, seats, vulnerabilities and deals use Tenace's canonical text notation (PBN deal strings).
Several records go in ``{"format": "tenace.deal-records", "version": 1, "boards": [...]}``.

Errors name the JSON path of the bad value, e.g. ``boards[3].calls[5]``.

>>> from tenace.calls import PASS, parse_call
>>> rec = DealRecord(number=7, calls=(AnnotatedCall(parse_call("1NT"), alert=True), AnnotatedCall(PASS)))
>>> data = to_json(rec)
>>> data["calls"], data["dealer"]
([{'call': '1NT', 'alert': True}, 'P'], None)
>>> from_json(data) == rec
True
>>> from_json({"format": "tenace.deal-record", "version": 1, "calls": ["1NT", "9Z"]})
Traceback (most recent call last):
...
tenace.formats.json.JSONFormatError: calls[1]: not a call: '9Z' (expected e.g. 1NT, 4S, P, X, XX)
"""

from __future__ import annotations

import json as _json
from collections.abc import Iterable, Mapping
from typing import Any, Final

from tenace.board import Board, Vulnerability
from tenace.calls import parse_call
from tenace.cards import Card
from tenace.contract import Contract
from tenace.deal import Deal, PartialDeal
from tenace.errors import NotationError
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import SEATS, Seat

__all__ = [
    "RECORDS_FORMAT", "RECORD_FORMAT", "SCHEMA_VERSION", "JSONFormatError",
    "board_from_json", "board_to_json", "contract_from_json", "contract_to_json", "deal_from_json",
    "deal_to_json", "dumps", "dumps_records", "from_json", "loads", "loads_records", "records_from_json",
    "records_to_json", "to_json",
]

SCHEMA_VERSION: Final = 1
"""The version this module writes and the newest it reads."""
RECORD_FORMAT: Final = "tenace.deal-record"
RECORDS_FORMAT: Final = "tenace.deal-records"

_RECORD_KEYS: Final = ("number", "dealer", "vulnerability", "deal", "players", "calls", "contract",
                       "passed_out", "tricks", "play", "claim", "extra")
_CALL_KEYS: Final = frozenset({"call", "alert", "explanation", "annotation"})
_BOARD_KEYS: Final = frozenset({"number", "dealer", "vulnerability", "deal"})

JSONValue = Any
"""A value as :func:`json.loads` returns it."""


class JSONFormatError(NotationError):
    """A JSON document does not follow Tenace's schema; :attr:`path` says where (``boards[3].calls[5]``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return key if not path else f"{path}.{key}"


def _where(path: str) -> str:
    return path or "(root)"


# --- values ---------------------------------------------------------------------------------------------


def deal_to_json(deal: Deal | PartialDeal | None) -> JSONValue:
    """A full deal as its PBN string (North first); a partial one as ``{"partial": "N:... - ..."}``.

    >>> deal_to_json(PartialDeal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - - -"))
    {'partial': 'N:AKQJ.AKQ.AKQ.AKQ - - -'}
    """
    if deal is None:
        return None
    if isinstance(deal, Deal):
        return deal.to_pbn()
    return {"partial": deal.to_pbn()}


def deal_from_json(data: JSONValue, path: str = "deal") -> Deal | PartialDeal | None:
    """Inverse of :func:`deal_to_json`. :raises JSONFormatError: naming ``path``."""
    if data is None:
        return None
    try:
        if isinstance(data, str):
            return Deal.from_pbn(data)
        if isinstance(data, dict):
            _check_keys(data, frozenset({"partial"}), path)
            text = data.get("partial")
            if not isinstance(text, str):
                raise JSONFormatError(_join(path, "partial"), f"expected a PBN deal string, got {text!r}")
            return PartialDeal.from_pbn(text)
    except (NotationError, ValueError) as err:
        if isinstance(err, JSONFormatError):
            raise
        raise JSONFormatError(_where(path), str(err)) from None
    raise JSONFormatError(_where(path), f"expected a PBN deal string or {{'partial': ...}}, got {data!r}")


def contract_to_json(contract: Contract | None) -> JSONValue:
    """``"4SXN"`` (level, denomination, doubling, declarer), or ``None``."""
    return None if contract is None else str(contract)


def contract_from_json(data: JSONValue, path: str = "contract") -> Contract | None:
    """Inverse of :func:`contract_to_json`. :raises JSONFormatError: naming ``path``."""
    if data is None:
        return None
    if not isinstance(data, str):
        raise JSONFormatError(_where(path), f"expected a contract such as '4SXN', got {data!r}")
    try:
        return Contract.from_str(data)
    except NotationError as err:
        raise JSONFormatError(_where(path), str(err)) from None


def board_to_json(board: Board) -> dict[str, JSONValue]:
    """``{"number", "dealer", "vulnerability", "deal"}`` of a :class:`Board`.

    >>> board_to_json(Board(2))
    {'number': 2, 'dealer': 'E', 'vulnerability': 'NS', 'deal': None}
    >>> board_from_json(board_to_json(Board(2))) == Board(2)
    True
    """
    return {"number": board.number, "dealer": board.dealer.value, "vulnerability": board.vulnerability.value,
            "deal": deal_to_json(board.deal)}


def board_from_json(data: JSONValue, path: str = "") -> Board:
    """Inverse of :func:`board_to_json`; dealer and vulnerability default to Law 2.

    :raises JSONFormatError: naming the path of the bad value.
    """
    obj = _object(data, path)
    _check_keys(obj, _BOARD_KEYS, path)
    number = _int(obj.get("number"), _join(path, "number"), low=1, high=None)
    if number is None:
        raise JSONFormatError(_join(path, "number"), "a board needs a number")
    deal = deal_from_json(obj.get("deal"), _join(path, "deal"))
    if isinstance(deal, PartialDeal):
        raise JSONFormatError(_join(path, "deal"), "a board holds a full deal or none")
    dealer = _seat(obj.get("dealer"), _join(path, "dealer"))
    vul = _vulnerability(obj.get("vulnerability"), _join(path, "vulnerability"))
    return Board(number, deal, dealer, vul)  # None dealer/vulnerability: Law 2


# --- records --------------------------------------------------------------------------------------------


def _call_to_json(annotated: AnnotatedCall) -> JSONValue:
    if not annotated.alert and annotated.explanation is None and annotated.annotation is None:
        return str(annotated.call)
    out: dict[str, JSONValue] = {"call": str(annotated.call)}
    if annotated.alert:
        out["alert"] = True
    if annotated.explanation is not None:
        out["explanation"] = annotated.explanation
    if annotated.annotation is not None:
        out["annotation"] = annotated.annotation
    return out


def _record_body(record: DealRecord) -> dict[str, JSONValue]:
    return {
        "number": record.number,
        "dealer": None if record.dealer is None else record.dealer.value,
        "vulnerability": None if record.vulnerability is None else record.vulnerability.value,
        "deal": deal_to_json(record.deal),
        "players": {seat.value: name for seat, name in zip(SEATS, record.players, strict=True)},
        "calls": None if record.calls is None else [_call_to_json(c) for c in record.calls],
        "contract": contract_to_json(record.contract),
        "passed_out": record.passed_out,
        "tricks": record.tricks,
        "play": [str(card) for card in record.play],
        "claim": record.claim,
        "extra": [[key, value] for key, value in record.extra],
    }


def to_json(record: DealRecord) -> dict[str, JSONValue]:
    """The JSON object of one record (with ``format`` and ``version``); see the module docstring."""
    return {"format": RECORD_FORMAT, "version": SCHEMA_VERSION, **_record_body(record)}


def from_json(data: JSONValue) -> DealRecord:
    """The record of a JSON object written by :func:`to_json`.

    :raises JSONFormatError: on a wrong ``format``, a newer ``version``, an unknown key or a bad value,
        naming its path.
    """
    obj = _object(data, "")
    _check_header(obj, RECORD_FORMAT, "")
    return _record_from_json({k: v for k, v in obj.items() if k not in ("format", "version")}, "")


def records_to_json(records: Iterable[DealRecord]) -> dict[str, JSONValue]:
    """``{"format": "tenace.deal-records", "version": 1, "boards": [...]}``."""
    return {"format": RECORDS_FORMAT, "version": SCHEMA_VERSION,
            "boards": [_record_body(r) for r in records]}


def records_from_json(data: JSONValue) -> list[DealRecord]:
    """Inverse of :func:`records_to_json`. :raises JSONFormatError: naming e.g. ``boards[3].calls[5]``."""
    obj = _object(data, "")
    _check_header(obj, RECORDS_FORMAT, "")
    _check_keys(obj, frozenset({"format", "version", "boards"}), "")
    boards = obj.get("boards", [])
    if not isinstance(boards, list):
        raise JSONFormatError("boards", f"expected a list of records, got {type(boards).__name__}")
    return [_record_from_json(_object(b, f"boards[{i}]"), f"boards[{i}]") for i, b in enumerate(boards)]


def dumps(record: DealRecord, *, indent: int | None = 2) -> str:
    """The JSON text of one record."""
    return _json.dumps(to_json(record), indent=indent, ensure_ascii=False)


def loads(text: str) -> DealRecord:
    """One record from JSON text. :raises JSONFormatError: also for text that is not JSON at all."""
    return from_json(_parse(text))


def dumps_records(records: Iterable[DealRecord], *, indent: int | None = 2) -> str:
    """The JSON text of several records."""
    return _json.dumps(records_to_json(records), indent=indent, ensure_ascii=False)


def loads_records(text: str) -> list[DealRecord]:
    """Several records from JSON text."""
    return records_from_json(_parse(text))


# --- checking helpers -----------------------------------------------------------------------------------


def _parse(text: str) -> JSONValue:
    try:
        return _json.loads(text)
    except ValueError as err:
        raise JSONFormatError("(text)", f"not JSON: {err}") from None
    except RecursionError:
        raise JSONFormatError("(text)", "not JSON Tenace reads: nested too deeply") from None


def _object(data: JSONValue, path: str) -> Mapping[str, JSONValue]:
    if not isinstance(data, dict):
        raise JSONFormatError(_where(path), f"expected an object, got {type(data).__name__}")
    return data


def _check_keys(obj: Mapping[str, JSONValue], allowed: Iterable[str], path: str) -> None:
    allowed_set = frozenset(allowed)
    for key in obj:
        if key not in allowed_set:
            expected = ", ".join(sorted(allowed_set))
            raise JSONFormatError(_join(path, key), f"unknown key (expected one of {expected})")


def _check_header(obj: Mapping[str, JSONValue], expected: str, path: str) -> None:
    fmt = obj.get("format")
    if fmt != expected:
        raise JSONFormatError(_join(path, "format"), f"expected {expected!r}, got {fmt!r}")
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise JSONFormatError(_join(path, "version"), f"expected a positive integer, got {version!r}")
    if version > SCHEMA_VERSION:
        raise JSONFormatError(_join(path, "version"),
                              f"version {version} is newer than this reader (version {SCHEMA_VERSION})")


def _int(data: JSONValue, path: str, *, low: int, high: int | None) -> int | None:
    if data is None:
        return None
    value: int | None = data if isinstance(data, int) and not isinstance(data, bool) else None
    if value is None or value < low or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f">= {low}"
        raise JSONFormatError(path, f"expected an integer {bounds}, got {data!r}")
    return value


def _str(data: JSONValue, path: str) -> str | None:
    if data is None or isinstance(data, str):
        return data
    raise JSONFormatError(path, f"expected a string, got {data!r}")


def _bool(data: JSONValue, path: str) -> bool:
    if data is None:
        return False
    if not isinstance(data, bool):
        raise JSONFormatError(path, f"expected true or false, got {data!r}")
    return data


def _seat(data: JSONValue, path: str) -> Seat | None:
    text = _str(data, path)
    if text is None:
        return None
    try:
        return Seat(text)
    except ValueError:
        raise JSONFormatError(path, f"expected a seat N, E, S or W, got {text!r}") from None


def _vulnerability(data: JSONValue, path: str) -> Vulnerability | None:
    text = _str(data, path)
    if text is None:
        return None
    try:
        return Vulnerability(text)
    except ValueError:
        raise JSONFormatError(path, f"expected None, NS, EW or All, got {text!r}") from None


def _call_from_json(data: JSONValue, path: str) -> AnnotatedCall:
    alert: bool = False
    explanation: str | None = None
    annotation: str | None = None
    if isinstance(data, str):
        text = data
    elif isinstance(data, dict):
        _check_keys(data, _CALL_KEYS, path)
        raw = data.get("call")
        if not isinstance(raw, str):
            raise JSONFormatError(_join(path, "call"), f"expected a call such as '1NT', got {raw!r}")
        text = raw
        alert = _bool(data.get("alert"), _join(path, "alert"))
        explanation = _str(data.get("explanation"), _join(path, "explanation"))
        annotation = _str(data.get("annotation"), _join(path, "annotation"))
    else:
        raise JSONFormatError(path, f"expected a call string or object, got {data!r}")
    try:
        call = parse_call(text)
    except NotationError as err:
        raise JSONFormatError(path, str(err)) from None
    return AnnotatedCall(call, alert, explanation, annotation)


def _list(data: JSONValue, path: str) -> list[JSONValue]:
    if not isinstance(data, list):
        raise JSONFormatError(path, f"expected a list, got {type(data).__name__}")
    return data


def _record_from_json(obj: Mapping[str, JSONValue], path: str) -> DealRecord:
    _check_keys(obj, _RECORD_KEYS, path)
    players_data = obj.get("players")
    players: list[str | None] = [None] * 4
    if players_data is not None:
        players_obj = _object(players_data, _join(path, "players"))
        _check_keys(players_obj, [s.value for s in SEATS], _join(path, "players"))
        for seat in SEATS:
            players[seat.index] = _str(players_obj.get(seat.value), _join(_join(path, "players"), seat.value))
    calls_data = obj.get("calls")
    calls: tuple[AnnotatedCall, ...] | None = None
    if calls_data is not None:
        calls_path = _join(path, "calls")
        items = _list(calls_data, calls_path)
        calls = tuple(_call_from_json(c, _join(calls_path, i)) for i, c in enumerate(items))
    play_path = _join(path, "play")
    play: list[Card] = []
    for i, item in enumerate(_list(obj.get("play", []), play_path)):
        if not isinstance(item, str):
            raise JSONFormatError(_join(play_path, i), f"expected a card such as 'SA', got {item!r}")
        try:
            play.append(Card.from_str(item))
        except NotationError as err:
            raise JSONFormatError(_join(play_path, i), str(err)) from None
    extra_path = _join(path, "extra")
    extra: list[tuple[str, str]] = []
    for i, item in enumerate(_list(obj.get("extra", []), extra_path)):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise JSONFormatError(_join(extra_path, i),
                                  f"expected a [key, value] pair of strings, got {item!r}")
        extra.append((item[0], item[1]))
    n, e, s, w = players
    return DealRecord(
        number=_int(obj.get("number"), _join(path, "number"), low=1, high=None),
        dealer=_seat(obj.get("dealer"), _join(path, "dealer")),
        vulnerability=_vulnerability(obj.get("vulnerability"), _join(path, "vulnerability")),
        deal=deal_from_json(obj.get("deal"), _join(path, "deal")),
        players=(n, e, s, w),
        calls=calls,
        contract=contract_from_json(obj.get("contract"), _join(path, "contract")),
        passed_out=_bool(obj.get("passed_out"), _join(path, "passed_out")),
        tricks=_int(obj.get("tricks"), _join(path, "tricks"), low=0, high=13),
        play=tuple(play),
        claim=_int(obj.get("claim"), _join(path, "claim"), low=0, high=13),
        extra=tuple(extra),
    )
