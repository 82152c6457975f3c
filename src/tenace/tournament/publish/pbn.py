r"""Results as PBN 2.1 (export format): one game per board with its ``ScoreTable`` (§5.9), every table's
result on the board, and a ``TotalScoreTable`` (§5.10) with the rankings in the first game, as scoring
programs such as Ruter write them. The games go through Tenace's PBN writer
(:func:`tenace.formats.pbn.write_games`), so they read back with :func:`tenace.formats.pbn.read_games`.

The ``ScoreTable`` columns are ``Table``, ``Round``, ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``,
``Result`` (tricks taken by declarer's side), ``Lead``, ``Score_NS`` and ``Score_EW`` (the Law 77 score in
the column of the side that scored it, ``-`` in the other; ``0`` in both for a passed-out board), then
``MP_NS``/``MP_EW`` (scoring units: two for each score beaten, the ``MP1`` modifier) and
``Percentage_NS``/``Percentage_EW`` at matchpoints, or ``IMP_NS``/``IMP_EW`` (and ``ButlerDatum`` for
Butler). An adjusted score has ``-`` for the contract columns and its scores marked ``^`` (artificial, §5.2):
``^A+``, ``^A=``, ``^A-`` or ``^60`` (per cent) for an artificial score (Law 12C2), and the assigned score
(Law 12C1) each side receives, from its own side's view, for an assigned one (a weighted score by its
expected value). Numbers that are not whole are written with two decimals.

>>> from fractions import Fraction
>>> from tenace.contract import Contract
>>> from tenace.deal import Deal
>>> from tenace.formats.pbn import read_games
>>> from tenace.tournament.model import Conditions, Event, EventKind, Method, Participant, Result
>>> from tenace.tournament.standings import EventResults, Traveller, TravellerLine
>>> event = Event("Club", EventKind.PAIRS, Conditions(), (Participant("1", "A"), Participant("2", "B")))
>>> r = Result(board=1, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTN"), tricks=10)
>>> res = EventResults("Club", Method.MATCHPOINTS, (Traveller(1, (TravellerLine(r, 430, Fraction(0),
...     Fraction(0), Fraction(50), Fraction(50)),), top=0),), ())
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> game = next(read_games(results_pbn(event, res, boards={1: deal})))
>>> [c.name for c in game.table("ScoreTable").columns[4:10]], game.errors
(['Contract', 'Declarer', 'Result', 'Lead', 'Score_NS', 'Score_EW'], ())
>>> [cell.text for cell in game.table("ScoreTable").rows[0]][4:10]
['3NT', 'N', '10', '-', '430', '-']
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType
from typing import IO, Final

from tenace.board import Board
from tenace.formats.pbn.annotated import with_double_dummy
from tenace.formats.pbn.game import PBNGame
from tenace.formats.pbn.grammar import Item, RawTag
from tenace.formats.pbn.reader import read_games
from tenace.formats.pbn.tables import Cell, Column, PBNTable
from tenace.formats.pbn.writer import format_game, write_games
from tenace.handrecords.model import BoardAnalysis
from tenace.record import DealRecord
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award
from tenace.scoring.matchpoints import Entry, rounded
from tenace.tournament.model import Event, Method
from tenace.tournament.publish.common import BoardsArg, boards_by_number, contestant_name
from tenace.tournament.standings import EventResults, Traveller, TravellerLine

SCORING_TAGS: Final[dict[Method, str]] = {
    Method.MATCHPOINTS: "MP;MP1",
    Method.BUTLER: "IMP;Butler",
    Method.CROSS_IMPS: "IMP;Cross",
    Method.TOTAL_POINTS: "Total",
    Method.TEAM_IMPS: "IMP",
    Method.BOARD_A_MATCH: "BAM",
}
"""The ``Scoring`` tag (§3.4.12) for each method."""

_IMP_METHODS: Final = frozenset({Method.BUTLER, Method.CROSS_IMPS, Method.TEAM_IMPS})


def number_text(value: Fraction | int) -> str:
    """A whole number as is, anything else with two decimals (halves to even).

    >>> number_text(Fraction(24)), number_text(Fraction(-3, 2)), number_text(Fraction(1, 3))
    ('24', '-1.50', '0.33')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return str(rounded(value, 2))


def _award_text(award: Award | Fraction) -> str:
    if isinstance(award, Award):
        return "^" + award.value
    return "^" + number_text(award)


def score_cells(entry: Entry) -> tuple[str, str]:
    """``(Score_NS, Score_EW)`` for one line.

    >>> score_cells(420), score_cells(-50), score_cells(0)
    (('420', '-'), ('-', '50'), ('0', '0'))
    >>> score_cells(ArtificialAdjustedScore.from_code("A6040"))
    ('^A+', '^A-')
    >>> score_cells(AssignedAdjustedScore.balancing(-620))
    ('^-620', '^620')
    """
    if isinstance(entry, ArtificialAdjustedScore):
        return _award_text(entry.ns), _award_text(entry.ew)
    if isinstance(entry, AssignedAdjustedScore):
        return "^" + number_text(entry.ns.expected_score), "^" + number_text(-entry.ew.expected_score)
    if entry > 0:
        return str(entry), "-"
    if entry < 0:
        return "-", str(-entry)
    return "0", "0"


def _columns(method: Method, groups: bool) -> tuple[Column, ...]:
    columns = [Column("Session", width=1, align="R"), Column("Section", width=3, align="L"),
               Column("Group", width=1, align="R")] if groups else []
    columns += [
        Column("Table", width=2, align="R"), Column("Round", width=2, align="R"),
        Column("PairId_NS", width=3, align="R"), Column("PairId_EW", width=3, align="R"),
        Column("Contract", width=4, align="L"), Column("Declarer", width=1, align="R"),
        Column("Result", width=2, align="R"), Column("Lead", width=3, align="L"),
        Column("Score_NS", width=6, align="R"), Column("Score_EW", width=6, align="R"),
    ]
    if method in _IMP_METHODS:
        columns += [Column("IMP_NS", width=5, align="R"), Column("IMP_EW", width=5, align="R")]
        if method is Method.BUTLER:
            columns.append(Column("ButlerDatum", width=5, align="R"))
    elif method is Method.MATCHPOINTS:
        columns += [Column("MP_NS", width=5, align="R"), Column("MP_EW", width=5, align="R"),
                    Column("Percentage_NS", width=6, align="R"), Column("Percentage_EW", width=6, align="R")]
    return tuple(columns)


def _row(method: Method, traveller: Traveller, line: TravellerLine, groups: bool) -> tuple[Cell, ...]:
    r = line.result
    contract = r.contract
    if r.adjusted is not None:
        played = ["-", "-", "-", "-"]
    elif contract is None:
        played = ["Pass", "-", "-", str(r.lead) if r.lead is not None else "-"]
    else:
        played = [contract.text(), contract.declarer.value, "?" if r.tricks is None else str(r.tricks),
                  str(r.lead) if r.lead is not None else "-"]
    ns_score, ew_score = score_cells(line.ns_score)
    cells = [str(r.table), str(r.round), r.ns, r.ew, *played, ns_score, ew_score]
    if method in _IMP_METHODS:
        cells += [number_text(line.ns_points), number_text(line.ew_points)]
        if method is Method.BUTLER:
            cells.append("-" if traveller.datum is None else str(traveller.datum))
    elif method is Method.MATCHPOINTS:
        cells += [number_text(line.ns_points), number_text(line.ew_points),
                  "-" if line.ns_percentage is None else number_text(line.ns_percentage),
                  "-" if line.ew_percentage is None else number_text(line.ew_percentage)]
    where: list[Cell] = []
    if groups:
        where = [Cell(str(traveller.session)), Cell(traveller.section, quoted=True),
                 Cell("-" if traveller.group is None else str(traveller.group))]
    return (*where, *(Cell(text) for text in cells))


def score_table(method: Method, travellers: Sequence[Traveller]) -> PBNTable:
    """The ``ScoreTable`` of one board: the lines of its travellers. When the board has several travellers
    (sessions, sections, the groups of a fouled board, Law 87), the columns ``Session``, ``Section`` and
    ``Group`` say which traveller a line belongs to."""
    groups = len(travellers) > 1
    rows = tuple(_row(method, traveller, line, groups)
                 for traveller in travellers for line in traveller.lines)
    return PBNTable("ScoreTable", _columns(method, groups), rows)


def total_score_table(event: Event, results: EventResults) -> PBNTable:
    """The ``TotalScoreTable``: ``Rank``, ``PairId``, ``Names``, the total (``TotalMP``, ``TotalIMP`` or
    ``TotalScore``), ``TotalPercentage`` when known, ``NrBoards``; a ``Ranking`` column holds each ranking's
    title when there are several (``NS``/``EW`` of a Mitchell)."""
    method = results.method
    total_name = ("TotalMP" if method is Method.MATCHPOINTS
                  else "TotalIMP" if method in _IMP_METHODS else "TotalScore")
    several = len(results.rankings) > 1
    with_percentage = any(s.percentage is not None for r in results.rankings for s in r.standings)
    columns = [Column("Ranking", width=2, align="L")] if several else []
    columns += [Column("Rank", width=2, align="R"), Column("PairId", width=3, align="R"),
                Column("Names", width=20, align="L"), Column(total_name, width=7, align="R")]
    if with_percentage:
        columns.append(Column("TotalPercentage", width=6, align="R"))
    columns.append(Column("NrBoards", width=2, align="R"))
    rows = []
    for ranking in results.rankings:
        for s in ranking.standings:
            cells = [Cell(ranking.title or "-", quoted=bool(ranking.title))] if several else []
            name = s.name or contestant_name(event, s.contestant)
            cells += [Cell(str(s.rank)), Cell(s.contestant), Cell(name, quoted=True),
                      Cell(number_text(s.total))]
            if with_percentage:
                cells.append(Cell("-" if s.percentage is None else number_text(s.percentage)))
            cells.append(Cell(str(s.boards)))
            rows.append(tuple(cells))
    return PBNTable("TotalScoreTable", tuple(columns), tuple(rows))


def _with_tables(game: PBNGame, tables: Sequence[PBNTable]) -> PBNGame:
    tags = tuple(
        RawTag(t.name, t.spec(), 0, items=tuple(Item(c.text, 0, c.quoted) for row in t.rows for c in row))
        for t in tables
    )
    values = dict(game.values)
    for t in tables:
        values[t.name] = t
    return replace(game, tags=game.tags + tags, tables=game.tables + tuple(tables),
                   values=MappingProxyType(values))




def results_games(
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    site: str | None = None,
    date: str | None = None,
) -> list[PBNGame]:
    """One :class:`~tenace.formats.pbn.PBNGame` per board, in board order. ``boards`` gives the deals (and
    dealer and vulnerability when they do not follow Law 2); ``analyses`` adds the double-dummy tags
    (``OptimumResultTable``, ``OptimumScore``, ``ParContract``); ``date`` is PBN's ``"2026.11.22"``."""
    by_board: dict[int, list[Traveller]] = {}
    for t in results.travellers:
        by_board.setdefault(t.board, []).append(t)
    given = boards_by_number(boards)
    analysis_of = analyses or {}
    extra = (("Event", results.event or event.name), ("Site", site or "?"), ("Date", date or "?"),
             ("Scoring", SCORING_TAGS[results.method]))
    games = []
    for i, number in enumerate(sorted(by_board)):
        board = given.get(number, Board(number))
        record = DealRecord(number=number, dealer=board.dealer, vulnerability=board.vulnerability,
                            deal=board.deal, extra=extra)
        game: PBNGame | DealRecord = record
        analysis = analysis_of.get(number)
        if analysis is not None and analysis.table is not None:
            game = with_double_dummy(record, analysis.table, analysis.par)
        if not isinstance(game, PBNGame):
            game = next(read_games(format_game(game, newline="\n"), source="<results>"))
        tables = [score_table(results.method, by_board[number])]
        if i == 0 and results.rankings:
            tables.insert(0, total_score_table(event, results))
        games.append(_with_tables(game, tables))
    return games


def results_pbn(
    event: Event,
    results: EventResults,
    file: str | os.PathLike[str] | IO[str] | None = None,
    *,
    boards: BoardsArg = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    site: str | None = None,
    date: str | None = None,
) -> str:
    """:func:`results_games` as PBN text (UTF-8 declared in the header), also written to ``file`` if given."""
    games = results_games(event, results, boards=boards, analyses=analyses, site=site, date=date)
    return write_games(games, file)
