"""Results as JSON, in a documented and versioned schema (``"schema": "tenace.results"``, ``"version": 1``).

Every number that scoring computed exactly is an object ``{"exact": "123/2", "decimal": "61.50"}``: the exact
value as a string :class:`~fractions.Fraction` parses, and the value rounded for display (points to 2 places,
percentages to the event's :attr:`~tenace.tournament.model.Conditions.percentage_places`, halves to even).
Table scores (Law 77) are plain integers. The full field list is in ``docs/results-publishing.md``; a reader
should check ``schema`` and ``version`` and ignore keys it does not know (later versions only add keys).

>>> from fractions import Fraction
>>> from tenace.contract import Contract
>>> from tenace.tournament.model import Conditions, Event, EventKind, Method, Participant, Result
>>> from tenace.tournament.standings import EventResults, Traveller, TravellerLine
>>> event = Event("Club", EventKind.PAIRS, Conditions(), (Participant("1", "A"), Participant("2", "B")))
>>> r = Result(board=1, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTN"), tricks=10)
>>> doc = results_document(event, EventResults("Club", Method.MATCHPOINTS,
...     (Traveller(1, (TravellerLine(r, 430, Fraction(1, 3), Fraction(2, 3)),)),), ()))
>>> doc["schema"], doc["version"], doc["travellers"][0]["lines"][0]["ns_points"]
('tenace.results', 1, {'exact': '1/3', 'decimal': '0.33'})
>>> fraction(doc["travellers"][0]["lines"][0]["ew_points"])
Fraction(2, 3)
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Final

from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.scoring.matchpoints import Entry
from tenace.tournament.model import Event, Penalty, Result
from tenace.tournament.publish.common import decimal_text, exact, score_text
from tenace.tournament.standings import EventResults, Match, Standing, Traveller, TravellerLine

SCHEMA: Final = "tenace.results"
VERSION: Final = 1
POINT_PLACES: Final = 2

JSONValue = Any


def number(value: Fraction | int, places: int = POINT_PLACES) -> dict[str, str]:
    """``{"exact": "123/2", "decimal": "61.50"}``."""
    return {"exact": exact(value), "decimal": decimal_text(value, places)}


def _optional(value: Fraction | None, places: int = POINT_PLACES) -> dict[str, str] | None:
    return None if value is None else number(value, places)


def fraction(value: dict[str, str]) -> Fraction:
    """The exact value of a number object written by :func:`number`."""
    return Fraction(value["exact"])


def _weighted(score: WeightedScore) -> list[dict[str, JSONValue]]:
    return [{"score": points, "weight": exact(weight)} for points, weight in score.components]


def _side(award: Award | Fraction) -> dict[str, str]:
    if isinstance(award, Award):
        return {"award": award.name.lower().replace("_", "-")}
    return {"percentage": exact(award)}


def adjusted_document(entry: Entry) -> dict[str, JSONValue] | None:
    """An adjusted score: ``{"kind": "artificial", "ns": {"award": "average-plus"}, "ew": {...}}`` (Law 12C2,
    awards or explicit percentages) or ``{"kind": "assigned", "ns": [{"score": 420, "weight": "1/2"}, ...],
    "ew": [...]}`` (Law 12C1, both as North-South scores); ``None`` for a table result."""
    if isinstance(entry, ArtificialAdjustedScore):
        return {"kind": "artificial", "ns": _side(entry.ns), "ew": _side(entry.ew)}
    if isinstance(entry, AssignedAdjustedScore):
        return {"kind": "assigned", "ns": _weighted(entry.ns), "ew": _weighted(entry.ew)}
    return None


def _result(result: Result) -> dict[str, JSONValue]:
    contract = result.contract
    return {
        "board": result.board,
        "round": result.round,
        "table": result.table,
        "ns": result.ns,
        "ew": result.ew,
        "contract": None if contract is None else contract.text(),
        "declarer": None if contract is None else contract.declarer.value,
        "passed_out": contract is None and result.adjusted is None,
        "lead": None if result.lead is None else str(result.lead),
        "tricks": result.tricks,
        "group": result.group,
        "session": result.session,
    }


def _line(event: Event, line: TravellerLine) -> dict[str, JSONValue]:
    places = event.conditions.percentage_places
    return {
        **_result(line.result),
        "ns_score": line.ns_score if isinstance(line.ns_score, int) else None,
        "score_text": score_text(line.ns_score, event.conditions.artificial),
        "adjusted": adjusted_document(line.ns_score),
        "ns_points": number(line.ns_points),
        "ew_points": number(line.ew_points),
        "ns_percentage": _optional(line.ns_percentage, places),
        "ew_percentage": _optional(line.ew_percentage, places),
    }


def _traveller(event: Event, traveller: Traveller) -> dict[str, JSONValue]:
    return {
        "board": traveller.board,
        "session": traveller.session,
        "section": traveller.section,
        "group": traveller.group,
        "top": traveller.top,
        "datum": traveller.datum,
        "lines": [_line(event, line) for line in traveller.lines],
    }


def _standing(event: Event, s: Standing) -> dict[str, JSONValue]:
    return {
        "place": s.place,
        "rank": s.rank,
        "tied": s.tied,
        "contestant": s.contestant,
        "name": s.name,
        "boards": s.boards,
        "total": number(s.total),
        "percentage": _optional(s.percentage, event.conditions.percentage_places),
        "carry_over": number(s.carry_over),
        "penalties": number(s.penalties),
        "sessions": [{"session": n, "total": number(total)} for n, total in s.sessions],
    }


def _match(m: Match) -> dict[str, JSONValue]:
    return {
        "round": m.round,
        "home": m.home,
        "away": m.away,
        "boards": m.boards,
        "session": m.session,
        "imps": [number(m.imps[0]), number(m.imps[1])],
        "vps": None if m.vps is None else [number(m.vps[0]), number(m.vps[1])],
    }


def _penalty(p: Penalty) -> dict[str, JSONValue]:
    return {"contestant": p.contestant, "points": number(p.points), "law": p.law, "reason": p.reason,
            "board": p.board}


def results_document(event: Event, results: EventResults) -> dict[str, JSONValue]:
    """The results as a JSON-ready ``dict`` (schema ``tenace.results`` version 1)."""
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "event": {
            "name": results.event or event.name,
            "kind": event.kind.value,
            "method": results.method.value,
            "percentage_places": event.conditions.percentage_places,
        },
        "participants": [
            {"id": p.id, "name": p.name, "phantom": p.phantom,
             "players": [{"id": pl.id, "name": pl.name, "number": pl.number} for pl in p.players]}
            for p in event.participants
        ],
        "rankings": [
            {"title": r.title, "standings": [_standing(event, s) for s in r.standings]}
            for r in results.rankings
        ],
        "travellers": [_traveller(event, t) for t in results.travellers],
        "matches": [_match(m) for m in results.matches],
        "penalties": [_penalty(p) for p in results.penalties],
        "byes": [
            {"session": b.session, "round": b.round, "contestant": b.contestant, "vps": number(b.vps)}
            for b in results.byes
        ],
    }


def results_json(event: Event, results: EventResults, *, indent: int | None = 2) -> str:
    """:func:`results_document` as JSON text (UTF-8 safe: non-ASCII names are kept as they are)."""
    return json.dumps(results_document(event, results), indent=indent, ensure_ascii=False) + "\n"
