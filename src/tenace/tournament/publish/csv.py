"""Rankings and travellers as CSV (the standard library's :mod:`csv`, comma-separated, one header row).

Column names are fixed ASCII identifiers (not translated), so that spreadsheets and scripts can rely on them.
Every number is given twice: rounded for reading (``total``) and exact (``total_exact``, e.g. ``"123/2"``).

>>> from fractions import Fraction
>>> from tenace.contract import Contract
>>> from tenace.tournament.model import Conditions, Event, EventKind, Method, Participant, Result
>>> from tenace.tournament.standings import EventResults, Ranking, Standing, Traveller, TravellerLine
>>> event = Event("Club", EventKind.PAIRS, Conditions(), (Participant("1", "Ann & Bob"),
...               Participant("2", "Cy & Di")))
>>> r = Result(board=1, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTN"), tricks=10)
>>> res = EventResults("Club", Method.MATCHPOINTS, (Traveller(1, (TravellerLine(r, 430, Fraction(0),
...     Fraction(0), Fraction(50), Fraction(50)),), top=0),), (Ranking("", (
...     Standing(1, True, "1", "Ann & Bob", 1, Fraction(0), Fraction(50)),
...     Standing(1, True, "2", "Cy & Di", 1, Fraction(0), Fraction(50)))),))
>>> print(travellers_csv(event, res).splitlines()[1])
1,,,1,1,1,1,2,3NT,N,,10,+1,430,430,0.00,0.00,0,0,50.00,50.00,50,50
>>> print(rankings_csv(event, res).splitlines()[1])
,1=,1,yes,1,Ann & Bob,1,0.00,0,50.00,50,0,0
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from tenace.tournament.model import Event
from tenace.tournament.publish.common import exact, line_text, optional_decimal, plain_score
from tenace.tournament.standings import EventResults

RANKING_COLUMNS: tuple[str, ...] = (
    "ranking", "place", "rank", "tied", "contestant", "name", "boards", "total", "total_exact",
    "percentage", "percentage_exact", "carry_over_exact", "penalties_exact",
)
"""The columns of :func:`rankings_csv`."""

TRAVELLER_COLUMNS: tuple[str, ...] = (
    "session", "section", "group", "board", "round", "table", "ns", "ew", "contract", "declarer", "lead",
    "tricks", "result", "score",
    "ns_score", "ns_points", "ew_points", "ns_points_exact", "ew_points_exact", "ns_percentage",
    "ew_percentage", "ns_percentage_exact", "ew_percentage_exact",
)
"""The columns of :func:`travellers_csv`. ``score`` is North-South's score or an adjusted score's text
(``A60/40``, ``Adj 420/-420``); ``ns_score`` is the plain number, empty for adjusted scores."""

POINT_PLACES = 2
"""Decimals for rounded points (matchpoints, IMPs)."""


def _write(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def rankings_csv(event: Event, results: EventResults) -> str:
    """Every standing of every ranking, in ranking order; ``ranking`` is the ranking's title (``"NS"``,
    ``"EW"`` or empty for the whole field)."""
    places = event.conditions.percentage_places
    rows = []
    for ranking in results.rankings:
        for s in ranking.standings:
            rows.append((
                ranking.title, s.place, str(s.rank), "yes" if s.tied else "no", s.contestant, s.name,
                str(s.boards), optional_decimal(s.total, POINT_PLACES), exact(s.total),
                optional_decimal(s.percentage, places), "" if s.percentage is None else exact(s.percentage),
                exact(s.carry_over), exact(s.penalties),
            ))
    return _write(RANKING_COLUMNS, rows)


def travellers_csv(event: Event, results: EventResults) -> str:
    """Every traveller line, board by board in the order of the results."""
    places = event.conditions.percentage_places
    settings = event.conditions.artificial
    rows = []
    for traveller in results.travellers:
        for line in traveller.lines:
            r = line.result
            text = line_text(r, line.ns_score, settings)
            ns_score = plain_score(line.ns_score)
            rows.append((
                str(traveller.session), traveller.section,
                "" if traveller.group is None else str(traveller.group),
                str(traveller.board), str(r.round), str(r.table), r.ns, r.ew, text.contract, text.declarer,
                text.lead, text.tricks, text.result, text.score, "" if ns_score is None else str(ns_score),
                optional_decimal(line.ns_points, POINT_PLACES),
                optional_decimal(line.ew_points, POINT_PLACES),
                exact(line.ns_points), exact(line.ew_points),
                optional_decimal(line.ns_percentage, places), optional_decimal(line.ew_percentage, places),
                "" if line.ns_percentage is None else exact(line.ns_percentage),
                "" if line.ew_percentage is None else exact(line.ew_percentage),
            ))
    return _write(TRAVELLER_COLUMNS, rows)
