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

import datetime as dt
import json
from fractions import Fraction
from typing import Any

from tenace.scoring.adjusted import (
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    Award,
    SideAward,
    WeightedScore,
)
from tenace.scoring.imps import DatumRounding, TrimCount, TrimPercent
from tenace.scoring.matchpoints import Factoring, TotalScaling
from tenace.tournament.model import Adjustment, Conditions, Method, TieBreak

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


_SETTING_FRACTIONS = (
    "average_plus",
    "average",
    "average_minus",
    "average_plus_imps",
    "average_imps",
    "average_minus_imps",
)


def encode_conditions(conditions: Conditions) -> str:
    """The Conditions of Contest (Law 78D, 79C, 92B) as a JSON object with sorted keys; fractions as text,
    periods as ``[days, seconds, microseconds]``, so nothing is rounded.

    >>> decode_conditions(encode_conditions(Conditions())) == Conditions()
    True
    """
    artificial = conditions.artificial
    data: dict[str, Any] = {
        "method": conditions.method.value,
        "factoring": conditions.factoring.value,
        "total_scaling": conditions.total_scaling.value,
        "artificial": {
            **{name: encode_fraction(getattr(artificial, name)) for name in _SETTING_FRACTIONS},
            "session_rule": artificial.session_rule,
        },
        "datum_rounding": conditions.datum_rounding.value,
        "butler_trim": _encode_trim(conditions.butler_trim),
        "vp_scale": conditions.vp_scale,
        "tie_break": conditions.tie_break.value,
        "percentage_places": conditions.percentage_places,
        "correction_period": _encode_period(conditions.correction_period),
        "appeal_deadline": _encode_period(conditions.appeal_deadline),
    }
    return json.dumps(data, sort_keys=True)


def decode_conditions(text: str) -> Conditions:
    data = json.loads(text)
    art = data["artificial"]
    return Conditions(
        method=Method(data["method"]),
        factoring=Factoring(data["factoring"]),
        total_scaling=TotalScaling(data["total_scaling"]),
        artificial=ArtificialScoreSettings(
            **{name: Fraction(art[name]) for name in _SETTING_FRACTIONS},
            session_rule=bool(art["session_rule"]),
        ),
        datum_rounding=DatumRounding(data["datum_rounding"]),
        butler_trim=_decode_trim(data["butler_trim"]),
        vp_scale=str(data["vp_scale"]),
        tie_break=TieBreak(data["tie_break"]),
        percentage_places=int(data["percentage_places"]),
        correction_period=_decode_period(data["correction_period"]),
        appeal_deadline=_decode_period(data["appeal_deadline"]),
    )


def _encode_period(period: dt.timedelta) -> list[int]:
    return [period.days, period.seconds, period.microseconds]


def _decode_period(data: list[int]) -> dt.timedelta:
    days, seconds, microseconds = data
    return dt.timedelta(days=days, seconds=seconds, microseconds=microseconds)
