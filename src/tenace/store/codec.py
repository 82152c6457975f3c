"""Text forms of the domain values the store keeps in its columns, each with its exact inverse.

The store writes only text, integers and booleans, so that SQLite and PostgreSQL hold the same thing and a
row can be read by eye. Every function here is pure, and ``decode_x(encode_x(v)) == v`` for every value.

Adjusted scores (Law 12C) get their own forms rather than :meth:`ArtificialAdjustedScore.__str__`, because
that one (the USEBIO code ``A6040``) is not lossless: an explicit 60 per cent and average-plus print alike.

>>> from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
>>> encode_adjustment(ArtificialAdjustedScore(Award.AVERAGE_PLUS, Fraction(125, 2)))
'artificial A+ 125/2'
>>> encode_adjustment(AssignedAdjustedScore.of(WeightedScore.of((420, "2/3"), (-50, "1/3")), -50))
'assigned 420@2/3,-50@1/3 -50@1'
>>> decode_boards(encode_boards((1, 2, 3)))
(1, 2, 3)
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import typing
from fractions import Fraction
from typing import Any, TypeVar

from tenace.scoring.adjusted import (
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    Award,
    SideAward,
    WeightedScore,
)
from tenace.scoring.imps import TrimCount, TrimPercent
from tenace.tournament.model import Adjustment, Conditions

T = TypeVar("T")

_AWARDS = {award.value: award for award in Award}


def encode_fraction(value: Fraction | int) -> str:
    """``"3/2"``, ``"-4"``: :class:`~fractions.Fraction`'s own text, which it parses back exactly."""
    return str(Fraction(value))


def decode_fraction(text: str) -> Fraction:
    return Fraction(text)


def encode_boards(boards: tuple[int, ...]) -> str:
    return ",".join(str(b) for b in boards)


def decode_boards(text: str) -> tuple[int, ...]:
    return tuple(int(b) for b in text.split(",")) if text else ()


def _encode_side(award: SideAward) -> str:
    return award.value if isinstance(award, Award) else encode_fraction(award)


def _decode_side(text: str) -> SideAward:
    return _AWARDS[text] if text in _AWARDS else Fraction(text)


def _encode_weighted(score: WeightedScore) -> str:
    return ",".join(f"{points}@{weight}" for points, weight in score.components)


def _decode_weighted(text: str) -> WeightedScore:
    parts = [part.split("@") for part in text.split(",")]
    return WeightedScore(tuple((int(points), Fraction(weight)) for points, weight in parts))


def encode_adjustment(adjustment: Adjustment) -> str:
    """``"artificial <ns> <ew>"`` (an award ``A+``/``A=``/``A-`` or a percentage) or
    ``"assigned <ns components> <ew components>"`` (``score@weight`` joined by commas): Law 12C2 and 12C1."""
    if isinstance(adjustment, ArtificialAdjustedScore):
        return f"artificial {_encode_side(adjustment.ns)} {_encode_side(adjustment.ew)}"
    return f"assigned {_encode_weighted(adjustment.ns)} {_encode_weighted(adjustment.ew)}"


def decode_adjustment(text: str) -> Adjustment:
    """The inverse of :func:`encode_adjustment`.

    >>> decode_adjustment("artificial A= 0")
    ArtificialAdjustedScore(ns=<Award.AVERAGE: 'A='>, ew=Fraction(0, 1))

    :raises ValueError: if the text is not such a form.
    """
    parts = text.split(" ")
    try:
        if len(parts) == 3 and parts[0] == "artificial":
            return ArtificialAdjustedScore(_decode_side(parts[1]), _decode_side(parts[2]))
        if len(parts) == 3 and parts[0] == "assigned":
            return AssignedAdjustedScore(_decode_weighted(parts[1]), _decode_weighted(parts[2]))
    except (ValueError, TypeError, KeyError) as exc:
        raise ValueError(f"not a stored adjusted score: {text!r} ({exc})") from exc
    raise ValueError(f"not a stored adjusted score: {text!r} (expected 'artificial A+ A-' or 'assigned ...')")


def _encode_trim(trim: TrimCount | TrimPercent) -> dict[str, Any]:
    if isinstance(trim, TrimCount):
        return {"count": [trim.top, trim.bottom]}
    return {"percent": encode_fraction(trim.percent)}


def _decode_trim(data: dict[str, Any]) -> TrimCount | TrimPercent:
    if "count" in data:
        top, bottom = data["count"]
        return TrimCount(int(top), int(bottom))
    percent = Fraction(data["percent"])
    return TrimPercent(int(percent) if percent.denominator == 1 else percent)


def _encode_value(value: object, where: str) -> Any:
    """One field of a settings dataclass as JSON. The types are the ones the Conditions of Contest use."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        return encode_fraction(value)
    if isinstance(value, dt.timedelta):
        return [value.days, value.seconds, value.microseconds]
    if isinstance(value, TrimCount | TrimPercent):
        return _encode_trim(value)
    if isinstance(value, ArtificialScoreSettings):
        return _encode_fields(value, where)
    raise TypeError(f"the store cannot encode {where} = {value!r}; teach tenace.store.codec its type")


def _decode_value(kind: Any, data: Any, where: str) -> Any:
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(data)
    if kind is bool or kind is int or kind is str:
        if type(data) is not kind:
            raise ValueError(f"stored {where} is not a {kind.__name__}: {data!r}")
        return data
    if kind is Fraction:
        return Fraction(data)
    if kind is dt.timedelta:
        days, seconds, microseconds = data
        return dt.timedelta(days=days, seconds=seconds, microseconds=microseconds)
    if kind is ArtificialScoreSettings:
        return _decode_fields(ArtificialScoreSettings, data, where)
    if set(typing.get_args(kind)) == {TrimCount, TrimPercent}:
        return _decode_trim(data)
    raise TypeError(f"the store cannot decode {where} of type {kind!r}")


def _encode_fields(value: Any, where: str) -> dict[str, Any]:
    return {
        f.name: _encode_value(getattr(value, f.name), f"{where}.{f.name}") for f in dataclasses.fields(value)
    }


def _decode_fields(cls: type[T], data: dict[str, Any], where: str) -> T:
    """Build ``cls`` from the stored fields; a field added to ``cls`` after the row was written takes its
    default, so old rows stay readable."""
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = set(data) - known
    if unknown:
        raise ValueError(f"stored {where} has fields this version does not know: {sorted(unknown)}")
    values = {name: _decode_value(hints[name], item, f"{where}.{name}") for name, item in data.items()}
    return cls(**values)


def encode_conditions(conditions: Conditions) -> str:
    """The Conditions of Contest (Law 78D, 79C, 92B) as a JSON object with sorted keys: enums by value,
    fractions as text, periods as ``[days, seconds, microseconds]``, so nothing is rounded.

    >>> encode_conditions(Conditions())[:33]
    '{"appeal_deadline": [0, 1800, 0],'
    >>> decode_conditions(encode_conditions(Conditions())) == Conditions()
    True
    """
    return json.dumps(_encode_fields(conditions, "conditions"), sort_keys=True)


def decode_conditions(text: str) -> Conditions:
    """The inverse of :func:`encode_conditions`; fields missing from ``text`` take their defaults.

    >>> decode_conditions('{"percentage_places": 1}').percentage_places
    1
    """
    return _decode_fields(Conditions, json.loads(text), "conditions")
