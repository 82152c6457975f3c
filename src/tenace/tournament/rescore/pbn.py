"""Re-scoring the ScoreTable and TotalScoreTable of PBN files (Ruter and others): matchpoint pairs, Butler
pairs across sections, team matches with VPs."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Final

from tenace.board import Vulnerability, vulnerability_for
from tenace.contract import Contract
from tenace.errors import BridgeError
from tenace.formats.pbn import PBNGame, PBNTable, read_games
from tenace.formats.pbn.tables import Cell, Column
from tenace.formats.pbn.tags import SideValue
from tenace.record import DealRecord
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award
from tenace.scoring.imps import butler_datum, imps_against
from tenace.scoring.matchpoints import (
    BoardScore,
    Entry,
    Factoring,
    TableResult,
    score_board,
    score_event,
)
from tenace.scoring.vp import WBFContinuousScale
from tenace.seats import Seat
from tenace.tournament.rescore.report import (
    _HUNDRED,
    Check,
    LineReport,
    LineTally,
    ParticipantReport,
    RescoreError,
    RescoreReport,
    Rounding,
    _exact,
    _known,
    _law77_ns,
    _place_check,
    _places,
    _stated_places,
    compare,
    given,
)

# --- PBN score tables (Ruter and others) -------------------------------------------------------------------


_ARTIFICIAL_CODES: Final[dict[str, Award]] = {
    "A+": Award.AVERAGE_PLUS,
    "A": Award.AVERAGE,
    "A=": Award.AVERAGE,
    "A-": Award.AVERAGE_MINUS,
}


def _cell_number(
    cell: Cell, table: PBNTable, column: str, source: str, *, optional: bool = False
) -> Decimal | None:
    """A number from a table cell (``-`` and ``?`` are ``None``); anything else is an error naming the
    table's line."""
    value = cell.value
    if value is None:
        return None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, Decimal):
        return value
    if optional:
        return None
    raise RescoreError(
        f"{table.name}: column {column} holds {cell.text!r}, not a number",
        source=source,
        lineno=table.lineno or None,
    )


_INDEXES: dict[tuple[Column, ...], dict[str, int]] = {}


def _index(columns: tuple[Column, ...]) -> dict[str, int]:
    """Each column's position by name, shared by every table with these columns (the last of two columns
    of one name wins, as in :meth:`PBNTable.records`)."""
    index = _INDEXES.get(columns)
    if index is None:
        if len(_INDEXES) > 1000:
            _INDEXES.clear()
        index = _INDEXES[columns] = {col.name: i for i, col in enumerate(columns)}
    return index


class _Cells(Mapping[str, Cell]):
    """A table row's cells by column name, without a dict of its own per row (a big file has many rows)."""

    __slots__ = ("_index", "_row")

    def __init__(self, index: dict[str, int], row: tuple[Cell, ...]) -> None:
        self._index = index
        self._row = row

    def __getitem__(self, key: str) -> Cell:
        return self._row[self._index[key]]

    def get(self, key: str, default: Cell | None = None) -> Cell | None:  # type: ignore[override]
        i = self._index.get(key)
        return default if i is None else self._row[i]

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


@dataclass(frozen=True, slots=True)
class _Row:
    """One ScoreTable row, typed."""

    cells: Mapping[str, Cell]
    table: PBNTable
    source: str

    def text(self, column: str) -> str | None:
        cell = self.cells.get(column)
        return None if cell is None else cell.text.strip()

    def number(self, column: str, *, optional: bool = False) -> Decimal | None:
        cell = self.cells.get(column)
        return (
            None if cell is None else _cell_number(cell, self.table, column, self.source, optional=optional)
        )

    def has(self, column: str) -> bool:
        return column in self.cells


def _pbn_program(games: Sequence[PBNGame]) -> str:
    for game in games[:1]:
        for comment in game.comments:
            match = re.search(r'name=Generator\s+content="([^"]*)"', comment.text)
            if match:
                return match.group(1)
        application = game.tag("Application")
        if application:
            return application.split(" - ")[0]
        generator = game.tag("Generator")
        if generator:
            return generator
    return "unknown program"


def _row_entry(row: _Row) -> Entry | None:
    """North-South's score, or an artificial adjusted score from ``A+``/``A``/``A-`` (or ``^60`` percentages)
    in the score columns."""
    ns_cell, ew_cell = row.cells.get("Score_NS"), row.cells.get("Score_EW")
    ns_code = (ns_cell.text.strip() if ns_cell else "").upper()
    ew_code = (ew_cell.text.strip() if ew_cell else "").upper()
    if ns_code in _ARTIFICIAL_CODES or ew_code in _ARTIFICIAL_CODES:
        return ArtificialAdjustedScore(
            _ARTIFICIAL_CODES.get(ns_code, Award.AVERAGE), _ARTIFICIAL_CODES.get(ew_code, Award.AVERAGE)
        )
    if ns_cell is not None and ns_cell.artificial and ew_cell is not None and ew_cell.artificial:
        ns_pct, ew_pct = row.number("Score_NS"), row.number("Score_EW")
        if ns_pct is not None and ew_pct is not None:
            return ArtificialAdjustedScore(_exact(ns_pct), _exact(ew_pct))
    ns, ew = row.number("Score_NS"), row.number("Score_EW")
    if ns is not None:
        return int(ns)
    if ew is not None:
        return -int(ew)
    if row.has("Score"):
        value = row.number("Score")
        return None if value is None else int(value)
    return None


def _row_law77(row: _Row, vulnerability: Vulnerability) -> int | None:
    contract_text = row.text("Contract")
    if not contract_text or contract_text in ("-", "?"):
        return None
    if contract_text.upper() in ("PASS", "P", "AP"):
        return 0
    declarer_text, result = row.text("Declarer"), row.number("Result", optional=True)
    if not declarer_text or result is None:
        return None
    try:
        contract = Contract.from_str(contract_text, Seat.from_str(declarer_text))
    except (BridgeError, ValueError) as exc:
        raise RescoreError(
            f"{row.table.name}: bad contract {contract_text!r} by {declarer_text!r}: {exc}",
            source=row.source,
            lineno=row.table.lineno or None,
        ) from exc
    return _law77_ns(contract, int(result), vulnerability)


def _pbn_vulnerability(game: PBNGame | _TableGame) -> Vulnerability:
    if game.record.vulnerability is not None:
        return game.record.vulnerability
    if game.record.number is not None:
        return vulnerability_for(game.record.number)
    return Vulnerability.NONE


class _TableRows(Sequence[_Row]):
    """A table's rows as :class:`_Row` objects, made as they are read: a big file's boards do not each hold a
    list of row objects."""

    __slots__ = ("_index", "_source", "_table")

    def __init__(self, table: PBNTable, source: str) -> None:
        self._table = table
        self._source = source
        self._index = _index(table.columns)

    def __len__(self) -> int:
        return len(self._table.rows)

    def __getitem__(self, i: int) -> _Row:  # type: ignore[override]
        return _Row(_Cells(self._index, self._table.rows[i]), self._table, self._source)

    def __iter__(self) -> Iterator[_Row]:
        index, table, source = self._index, self._table, self._source
        for row in table.rows:
            yield _Row(_Cells(index, row), table, source)


def _rows(game: PBNGame | _TableGame, name: str, source: str) -> Sequence[_Row]:
    table = game.table(name)
    if table is None:
        return ()
    return _TableRows(table, source)


def _participant_id(row: _Row) -> str | None:
    """The participant of a TotalScoreTable row: a pair, a team or a player (individual events)."""
    return row.text("PairId") or row.text("TeamId") or row.text("PlayerId")


_SEATS: Final = (("North", "NS"), ("East", "EW"), ("South", "NS"), ("West", "EW"))


def _pair_id(row: _Row, side: str) -> str:
    return row.text(f"PairId_{side}") or row.text(f"Pair_{side}") or "?"


_MP_CONVENTIONS: Final[dict[str, Callable[[Fraction, Fraction], Fraction]]] = {
    "centred": lambda units, top: units - top / 2,
    "units": lambda units, top: units,
    "matchpoints": lambda units, top: units / 2,
}
_MP_DESCRIPTIONS: Final = {
    "centred": "centred units (units - top/2), as Ruter prints them",
    "units": "Law 78A units (2 per score beaten, 1 per tie)",
    "matchpoints": "matchpoints (1 per score beaten, 1/2 per tie)",
}


def _units_of(convention: str, printed: Decimal, top: int) -> Fraction:
    """The units a printed MP value stands for under ``convention``."""
    value = _exact(printed)
    if convention == "centred":
        return value + Fraction(top, 2)
    if convention == "matchpoints":
        return value * 2
    return value


def _side_cells(row: _Row) -> dict[str, Cell]:
    """An individual event's row seen as a pair row: North's MPs and percentage stand for NS's, East's for
    EW's (the side's partners score the same)."""
    out: dict[str, Cell] = {}
    for column, seat in (
        ("MP_NS", "North"),
        ("MP_EW", "East"),
        ("Percentage_NS", "North"),
        ("Percentage_EW", "East"),
    ):
        cell = row.cells.get(column.replace("NS", seat).replace("EW", seat))
        if cell is not None:
            out[column] = cell
    return out


def _places_of(value: Decimal) -> int:
    return max(0, -int(value.as_tuple().exponent))


_KEEP_ALL: Final = 20_000
"""A file with at most this many ScoreTable rows lists every line in its report; a bigger one lists only
its first :data:`_DETAIL` differing lines and counts the others (agreeing or not)."""
_DETAIL: Final = 1_000

_CHECKS: dict[Check, Check] = {}


def _shared(check: Check) -> Check:
    """One object for equal checks: most lines of a file repeat the same few values ("2.0" against "2.0")."""
    if len(_CHECKS) > 100_000:
        _CHECKS.clear()
    return _CHECKS.setdefault(check, check)


class _Lines:
    """The lines of a report as they are made: every line of a file of up to :data:`_KEEP_ALL` rows; of a
    bigger one the first :data:`_DETAIL` differing lines, the others only counted (:class:`LineTally`), so
    the report of a big file takes the memory of its differences, not of its rows."""

    def __init__(self, rows: int) -> None:
        self.keep_all = rows <= _KEEP_ALL
        self.kept: list[LineReport] = []
        self.differing = 0
        self.tally = [0, 0, 0, 0, 0, 0]  # lines, agreeing, documented, differing checks, unexplained, checks

    def append(self, line: LineReport) -> None:
        checks = tuple(_shared(c) for c in line.checks)
        line = LineReport(line.board, sys.intern(line.ns), sys.intern(line.ew), checks, line.round,
                          None if line.table is None else sys.intern(line.table), line.note)
        agrees = line.agrees
        if self.keep_all or (not agrees and self.differing < _DETAIL):
            self.differing += not agrees
            self.kept.append(line)
            return
        tally = self.tally
        tally[0] += 1
        tally[5] += len(checks)
        if agrees:
            tally[1] += 1
            return
        differing = [c for c in checks if not c.agrees]
        unexplained = sum(1 for c in differing if not c.documented)
        tally[2] += not unexplained
        tally[3] += len(differing)
        tally[4] += unexplained

    def omitted(self) -> LineTally:
        lines, agreeing, documented, differing, unexplained, checks = self.tally
        return LineTally(lines, agreeing, documented, differing, unexplained, checks)

    def notes(self) -> tuple[str, ...]:
        lines, agreeing, _, differing, _, _ = self.tally
        if not lines:
            return ()
        return (
            f"a big file: {len(self.kept)} lines listed (its first {self.differing} differing lines), "
            f"{lines} more counted but not listed ({agreeing} agree; {lines - agreeing} differ, "
            f"with {differing} differing values)",
        )


_Scored = tuple["PBNGame | _TableGame", Sequence[_Row], list[Entry], tuple[BoardScore, ...]]
"""A board scored: its game, rows, entries and each row's score."""


class _PBNScores:
    """The boards of a PBN file with ScoreTables, and its TotalScoreTable."""

    def __init__(self, games: Sequence[PBNGame | _TableGame], source: str, rounding: Rounding | None) -> None:
        self.games = games
        self.source = source
        self.program = _pbn_program([g for g in games[:1] if isinstance(g, PBNGame)])
        default = Rounding.HALF_UP if self.program.lower().startswith("ruter") else Rounding.HALF_EVEN
        self.rounding = rounding or default
        self.event = next((g.tag("Event") for g in games if g.tag("Event")), None)
        self.boards = [
            (g, _rows(g, "ScoreTable", source)) for g in games if g.table("ScoreTable") is not None
        ]
        self.totals: Sequence[_Row] = ()
        for g in games:
            if g.table("TotalScoreTable") is not None:
                self.totals = _rows(g, "TotalScoreTable", source)
                break

    def columns(self) -> set[str]:
        return {c.name for g, _ in self.boards for c in (g.table("ScoreTable") or PBNTable("", ())).columns}

    def number(self, game: PBNGame | _TableGame) -> int:
        if game.record.number is None:
            raise RescoreError(
                "a board with a ScoreTable has no Board number",
                source=self.source,
                lineno=game.lineno or None,
            )
        return game.record.number

    def known(self, board: int, ns: str) -> str | None:
        return _known(self.program, self.event, board, ns)

    def score_check(self, row: _Row, entry: Entry | None, vulnerability: Vulnerability) -> Check | None:
        if not isinstance(entry, int):
            return None
        law77 = _row_law77(row, vulnerability)
        return None if law77 is None else compare("score", entry, law77)

    def entries(self, game: PBNGame | _TableGame, rows: Sequence[_Row]) -> list[Entry]:
        out = []
        for row in rows:
            entry = _row_entry(row)
            if entry is None:
                raise RescoreError(
                    f"board {self.number(game)}: a ScoreTable row of {_pair_id(row, 'NS')} v "
                    f"{_pair_id(row, 'EW')} has no score",
                    source=self.source,
                    lineno=row.table.lineno or None,
                )
            out.append(entry)
        return out

    # -- matchpoints --

    def matchpoints(self) -> RescoreReport:
        """The matchpoint pairs report. Whether boards with fewer results than the field are Neuberg-factored
        is decided once for the event, as scoring programs decide it (a condition of contest, Law 78D), not
        board by board: the way that agrees with more of the printed values on the short boards without
        artificial scores; Neuberg when no such board tells."""
        field = max((len(rows) for _, rows in self.boards), default=0)
        short = {
            self.number(game)
            for game, rows in self.boards
            if len(rows) < field and all(isinstance(_row_entry(row), int) for row in rows)
        }
        neuberg, neuberg_votes = self._matchpoints(field, Factoring.NEUBERG, short)
        plain, plain_votes = self._matchpoints(field, Factoring.NONE, short)
        votes = (neuberg_votes, plain_votes)
        if votes[1] > votes[0]:
            chosen = plain
            how = f"per event: short boards keep their own top (detected on {len(short)} boards)"
        elif short and votes[0] > votes[1]:
            chosen, how = neuberg, f"per event: Neuberg (detected on {len(short)} short boards)"
        elif short:
            chosen, how = neuberg, "per event: Neuberg (assumed: the short boards agree either way)"
        else:
            chosen, how = neuberg, "per event: Neuberg (assumed: no board without artificial scores is short)"
        settings = tuple(
            (name, "none" if chosen is plain else value) if name == "factoring" else (name, value)
            for name, value in chosen.settings
        )
        settings = (*settings, ("factoring_decided", how))
        return RescoreReport(
            chosen.source,
            chosen.format,
            chosen.program,
            chosen.method,
            chosen.rounding,
            chosen.lines,
            chosen.participants,
            settings,
            chosen.notes,
            chosen.omitted,
        )

    def _scored(self, field: int, factoring: Factoring) -> Iterator[_Scored]:
        """Each board scored, one at a time (a big file's scores are not all held at once)."""
        for game, rows in self.boards:
            entries = self.entries(game, rows)
            yield game, rows, entries, tuple(score_board(entries, field=field, factoring=factoring))

    def _matchpoints(self, field: int, factoring: Factoring, short: set[int]) -> tuple[RescoreReport, int]:
        """The report under ``factoring``, and how many values agree on the ``short`` boards."""
        convention = self._mp_convention(
            (row, s) for _, rows, _, scored in self._scored(field, factoring)
            for row, s in zip(rows, scored, strict=True)
        )
        shown = _MP_CONVENTIONS[convention]
        lines = self._lines()
        votes = 0
        results: dict[int, list[TableResult]] = {}
        delta: dict[str, Fraction] = {}
        for game, rows, entries, scored in self._scored(field, factoring):
            number = self.number(game)
            results[number] = []
            for row, entry, s in zip(rows, entries, scored, strict=True):
                ns_pair, ew_pair = sys.intern(_pair_id(row, "NS")), sys.intern(_pair_id(row, "EW"))
                results[number].append(TableResult(ns_pair, ew_pair, entry))
                reason = self.known(number, ns_pair)
                checks: list[Check] = []
                score_check = self.score_check(row, entry, _pbn_vulnerability(game))
                if score_check is not None:
                    checks.append(score_check)
                for quantity, column, units in (("ns_mp", "MP_NS", s.ns), ("ew_mp", "MP_EW", s.ew)):
                    printed = row.number(column)
                    if printed is not None:
                        exact = shown(units, Fraction(s.top))
                        checks.append(
                            compare(
                                quantity, printed, self.rounding.round(exact, _places_of(printed)), reason
                            )
                        )
                        if reason is not None:
                            pid = ns_pair if column == "MP_NS" else ew_pair
                            delta[pid] = (
                                delta.get(pid, Fraction(0)) + _units_of(convention, printed, s.top) - units
                            )
                for quantity, column, exact in (
                    ("ns_percentage", "Percentage_NS", s.ns_percentage),
                    ("ew_percentage", "Percentage_EW", s.ew_percentage),
                ):
                    printed = row.number(column)
                    if printed is not None:
                        places = _places_of(printed)
                        checks.append(compare(quantity, printed, self.rounding.round(exact, places), reason))
                if number in short:
                    votes += sum(c.agrees for c in checks)
                lines.append(LineReport(number, ns_pair, ew_pair, tuple(checks), table=row.text("Table")))
        event = score_event(results, field=field, factoring=factoring)
        ours: dict[str, tuple[Fraction, Fraction, int]] = {}
        fixed: dict[str, tuple[Fraction, Fraction]] = {}
        for t in event.totals:
            pid = str(t.pair)
            ours[pid] = (shown(t.raw, Fraction(t.available)), t.percentage, t.boards)
            fix = delta.get(pid, Fraction(0))
            fixed[pid] = (
                shown(t.raw + fix, Fraction(t.available)),
                (t.raw + fix) * _HUNDRED / t.available if t.available else Fraction(50),
            )
        participants = self.total_rows(
            ours, fixed, (("TotalScoreMP", "total", 0), ("TotalPercentage", "percentage", 1)), key=1
        )
        settings = (
            ("factoring", "neuberg"),
            ("field", str(field)),
            ("mp", _MP_DESCRIPTIONS[convention]),
        )
        return self._report("matchpoints", lines, participants, settings), votes

    def _mp_convention(self, rows: Iterable[tuple[_Row, BoardScore]]) -> str:
        """What the MP columns hold: the convention that agrees with the most printed values (Ruter centres
        its units; other programs print units or matchpoints)."""
        counts = dict.fromkeys(_MP_CONVENTIONS, 0)
        for row, s in rows:
            for column, units in (("MP_NS", s.ns), ("MP_EW", s.ew)):
                printed = row.number(column)
                if printed is not None:
                    places = _places_of(printed)
                    for convention, shown in _MP_CONVENTIONS.items():
                        counts[convention] += printed == self.rounding.round(shown(units, Fraction(s.top)),
                                                                             places)
        best, best_count = "centred", -1
        for convention, count in counts.items():  # the first of equal counts, in the order above
            if count > best_count:
                best, best_count = convention, count
        return best

    def _report(self, method: str, lines: Sequence[LineReport] | _Lines,
                participants: tuple[ParticipantReport, ...],
                settings: tuple[tuple[str, str], ...]) -> RescoreReport:
        """The report of this file under ``method``, with its lines, participants and the settings used."""
        if isinstance(lines, _Lines):
            return RescoreReport(self.source, "pbn", self.program, method, self.rounding, tuple(lines.kept),
                                 participants, settings, lines.notes(), lines.omitted())
        return RescoreReport(self.source, "pbn", self.program, method, self.rounding, tuple(lines),
                             participants, settings)

    def _lines(self) -> _Lines:
        return _Lines(sum(len(rows) for _, rows in self.boards))

    def total_rows(
        self,
        ours: Mapping[str, tuple[Fraction, Fraction, int]],
        fixed: Mapping[str, tuple[Fraction, Fraction]],
        columns: Sequence[tuple[str, str, int]],
        *,
        key: int,
    ) -> tuple[ParticipantReport, ...]:
        """Check the TotalScoreTable: each (column, quantity, index into ``ours``), NrBoards and Rank (by
        ``ours[...][key]``)."""
        reports = []
        ours_places = _places({pid: Fraction(v[key]) for pid, v in ours.items()})
        key_column = next(col for col, _, index in columns if index == key)
        stated = {}
        for row in self.totals:
            value = row.number(key_column)
            pid = _participant_id(row)
            if value is not None and pid:
                stated[pid] = value
        theirs_places = _stated_places(stated, None)
        documented: set[str] = set()
        unplayed = [pid for row in self.totals if (pid := _participant_id(row) or "?") not in ours]
        for row in self.totals:
            pid = _participant_id(row) or "?"
            checks: list[Check] = []
            for column, quantity, index in columns:
                printed = row.number(column)
                if printed is None:
                    continue
                places = max(0, -int(printed.as_tuple().exponent))
                mine = ours.get(pid)
                reason = None
                if pid in fixed and printed == self.rounding.round(fixed[pid][index], places):
                    reason = "follows the program's values on the documented lines of this pair"
                    documented.add(pid)
                if mine is None and printed == 0:
                    checks.append(given(quantity, printed, "no boards scored"))
                    continue
                checks.append(
                    compare(
                        quantity,
                        printed,
                        None if mine is None else self.rounding.round(mine[index], places),
                        reason,
                    )
                )
            boards = row.number("NrBoards", optional=True)
            if boards is not None:
                checks.append(compare("boards", boards, ours[pid][2] if pid in ours else 0))
            rank = row.number("Rank", optional=True)
            if rank is not None and pid in ours:
                checks.append(
                    _place_check(pid, int(rank), ours_places, theirs_places, lambda p: p in documented)
                )
            if pid not in ours and unplayed:
                # a participant with no boards is placed after every one that played, tied with the others
                # that played none
                place = len(ours) + 1
                if rank is not None:
                    checks.append(compare("place", int(rank), place))
                if row.has("RankTie"):
                    checks.append(self._rank_tie(row, pid, dict.fromkeys(unplayed, place)))
            elif row.has("RankTie") and pid in ours:
                checks.append(self._rank_tie(row, pid, ours_places))
            reports.append(ParticipantReport(pid, tuple(checks)))
        return tuple(reports)

    def _rank_tie(self, row: _Row, pid: str, places: Mapping[str, int]) -> Check:
        """Ruter's ``RankTie``: the last place a tie spans (``Rank`` 4 and ``RankTie`` 5 for two pairs tied
        for 4th), ``-`` when the participant is not tied."""
        place = places[pid]
        tied = sum(1 for other in places.values() if other == place)
        ours = str(place + tied - 1) if tied > 1 else "-"
        text = row.text("RankTie") or "-"
        printed = row.number("RankTie", optional=True)
        program = str(int(printed)) if printed is not None else "-" if text in ("-", "") else text
        return Check("rank_tie", program, ours, program == ours)

    # -- individual events --

    def individuals(self) -> RescoreReport:
        """An individual event: each ScoreTable row names four players (``PlayerId_North`` ...) and gives
        each seat its side's matchpoints and percentage (``MP_North`` ... ``Percentage_West``); a player's
        total adds the units of the side he sat in on each board (Law 78A), Neuberg-factored to the field
        like the pairs' totals (assumed: the file does not say)."""
        field = max((len(rows) for _, rows in self.boards), default=0)
        scored_boards = []
        for game, rows in self.boards:
            entries = self.entries(game, rows)
            scored_boards.append((game, rows, score_board(entries, field=field)))
        aliased = [
            (_Row({**row.cells, **_side_cells(row)}, row.table, row.source), s)
            for _, rows, scored in scored_boards
            for row, s in zip(rows, scored, strict=True)
        ]
        convention = self._mp_convention(aliased)
        shown = _MP_CONVENTIONS[convention]
        lines = self._lines()
        raw: dict[str, Fraction] = {}
        available: dict[str, int] = {}
        played: dict[str, int] = {}
        for game, rows, scored in scored_boards:
            number = self.number(game)
            for row, entry, s in zip(rows, self.entries(game, rows), scored, strict=True):
                players = {seat: row.text(f"PlayerId_{seat}") or "?" for seat, _ in _SEATS}
                checks: list[Check] = []
                score_check = self.score_check(row, entry, _pbn_vulnerability(game))
                if score_check is not None:
                    checks.append(score_check)
                reason = self.known(number, f"{players['North']}+{players['South']}")
                for seat, side in _SEATS:
                    units = s.ns if side == "NS" else s.ew
                    percentage = s.ns_percentage if side == "NS" else s.ew_percentage
                    printed = row.number(f"MP_{seat}")
                    if printed is not None:
                        value = self.rounding.round(shown(units, Fraction(s.top)), _places_of(printed))
                        checks.append(compare(f"{seat.lower()}_mp", printed, value, reason))
                    printed = row.number(f"Percentage_{seat}")
                    if printed is not None:
                        value = self.rounding.round(percentage, _places_of(printed))
                        checks.append(compare(f"{seat.lower()}_percentage", printed, value, reason))
                    player = players[seat]
                    raw[player] = raw.get(player, Fraction(0)) + units
                    available[player] = available.get(player, 0) + s.top
                    played[player] = played.get(player, 0) + 1
                lines.append(
                    LineReport(
                        number,
                        f"{players['North']}+{players['South']}",
                        f"{players['East']}+{players['West']}",
                        tuple(checks),
                        table=row.text("Table"),
                    )
                )
        ours = {
            player: (
                shown(raw[player], Fraction(available[player])),
                raw[player] * _HUNDRED / available[player] if available[player] else Fraction(50),
                played[player],
            )
            for player in raw
        }
        participants = self.total_rows(
            ours, {}, (("TotalScoreMP", "total", 0), ("TotalPercentage", "percentage", 1)), key=1
        )
        settings = (
            ("event", "individual: each seat scores its side's matchpoints"),
            ("factoring", "neuberg (assumed: the file does not say)"),
            ("field", str(field)),
            ("mp", _MP_DESCRIPTIONS[convention]),
        )
        return self._report("matchpoints", lines, participants, settings)

    # -- Butler --

    def butler(self) -> RescoreReport:
        lines = self._lines()
        earned: dict[str, Fraction] = {}
        played: dict[str, int] = {}
        for game, rows in self.boards:
            number = self.number(game)
            entries = self.entries(game, rows)
            real = [e for e in entries if isinstance(e, int)]
            datum = butler_datum(real) if len(real) > 2 else None
            for row, entry in zip(rows, entries, strict=True):
                ns_pair, ew_pair = _pair_id(row, "NS"), _pair_id(row, "EW")
                reason = self.known(number, ns_pair)
                checks: list[Check] = []
                score_check = self.score_check(row, entry, _pbn_vulnerability(game))
                if score_check is not None:
                    checks.append(score_check)
                printed_datum = row.number("ButlerDatum")
                if printed_datum is not None:
                    checks.append(compare("datum", printed_datum, datum, reason))
                if isinstance(entry, ArtificialAdjustedScore):
                    ns_imps, ew_imps = entry.imps()
                elif isinstance(entry, int) and datum is not None:
                    ns_imps = Fraction(imps_against([entry], datum)[0])
                    ew_imps = -ns_imps
                else:
                    lines.append(LineReport(number, ns_pair, ew_pair, tuple(checks), table=row.text("Table")))
                    continue
                for quantity, column, exact in (
                    ("ns_imps", "IMP_NS", ns_imps),
                    ("ew_imps", "IMP_EW", ew_imps),
                ):
                    printed = row.number(column)
                    if printed is not None:
                        places = max(0, -int(printed.as_tuple().exponent))
                        checks.append(compare(quantity, printed, self.rounding.round(exact, places), reason))
                for pid, value in ((ns_pair, ns_imps), (ew_pair, ew_imps)):
                    earned[pid] = earned.get(pid, Fraction(0)) + value
                    played[pid] = played.get(pid, 0) + 1
                label = row.text("Section")
                table = row.text("Table")
                lines.append(
                    LineReport(
                        number,
                        ns_pair,
                        ew_pair,
                        tuple(checks),
                        table=f"{label}{table}" if label and table else table,
                    )
                )
        ours = {pid: (earned[pid] / played[pid], Fraction(earned[pid]), played[pid]) for pid in earned}
        index, total = self._total_score_imp(ours)
        columns = [("TotalScoreIMP", "average" if index == 0 else "total", index)]
        if index == 0 and self.totals and self.totals[0].has("TotalIMP"):
            columns.append(("TotalIMP", "total", 1))
        participants = self.total_rows(ours, {}, columns, key=index)
        settings = (
            ("datum", "all sections; drop 1 top and 1 bottom, round to 10 halves away from zero"),
            ("total", total),
        )
        return self._report("butler", lines, participants, settings)

    def _total_score_imp(self, ours: Mapping[str, tuple[Fraction, Fraction, int]]) -> tuple[int, str]:
        """Whether the TotalScoreIMP column is each pair's average Butler IMPs per board (index 0 of ``ours``)
        or their sum (index 1): programs write either. Detected from the rows where only one of the two
        agrees; the average when the file does not tell. Returns the index and the report's words."""
        votes = [0, 0]
        for row in self.totals:
            printed = row.number("TotalScoreIMP")
            mine = ours.get(row.text("PairId") or "")
            if printed is None or mine is None:
                continue
            places = max(0, -int(printed.as_tuple().exponent))
            agree = [printed == self.rounding.round(mine[i], places) for i in (0, 1)]
            if agree[0] != agree[1]:
                votes[agree.index(True)] += 1
        if votes[1] > votes[0]:
            return 1, f"TotalScoreIMP is the sum of the Butler IMPs (detected: {votes[1]} rows agree only so)"
        if votes[0]:
            return 0, (
                f"average Butler IMPs per board (detected: {votes[0]} TotalScoreIMP rows agree only so)"
            )
        return 0, "average Butler IMPs per board (assumed: the file does not tell average from sum)"

    # -- team matches --

    def teams(self, vp_boards: int | None) -> RescoreReport:
        matches: list[tuple[_Row, int, int]] = []  # row, home IMPs, away IMPs
        lines: list[LineReport] = []
        for _, rows in self.boards:
            for row in rows:
                details = row.text("MatchDetails")
                if not details or details == "-":
                    continue
                try:
                    segments = [tuple(int(x) for x in part.split(",")) for part in details.split("|")]
                except ValueError:
                    raise RescoreError(
                        f"ScoreTable: MatchDetails {details!r} is not segment,home,away|...",
                        source=self.source,
                        lineno=row.table.lineno or None,
                    ) from None
                if any(len(s) != 3 for s in segments):
                    raise RescoreError(
                        f"ScoreTable: MatchDetails {details!r} is not segment,home,away|...",
                        source=self.source,
                        lineno=row.table.lineno or None,
                    )
                # segment 200 is the match total; the others are the segments played so far
                played = [s for s in segments if s[0] != 200]
                totals = [s for s in segments if s[0] == 200]
                if played:
                    home, away = sum(s[1] for s in played), sum(s[2] for s in played)
                else:
                    home, away = totals[0][1], totals[0][2]
                rnd = row.number("Round", optional=True)
                matches.append((row, home, away))
                checks = [
                    compare(q, s[i], v)
                    for s in (totals if played else [])
                    for q, i, v in (("home_imps", 1, home), ("away_imps", 2, away))
                ]
                lines.append(
                    LineReport(
                        None,
                        row.text("TeamId_Home") or "?",
                        row.text("TeamId_Away") or "?",
                        tuple(checks),
                        round=int(rnd) if rnd is not None else None,
                        table=row.text("Table"),
                    )
                )
        boards = vp_boards or self._detect_vp_boards(matches)
        scale = WBFContinuousScale(boards)
        vps: dict[str, Decimal] = {}
        for i, (row, home, away) in enumerate(matches):
            home_vp, away_vp = scale.vps(home - away)
            extra = [
                compare(q, printed, v)
                for q, printed, v in (
                    ("home_vp", row.number("VP_Home"), home_vp),
                    ("away_vp", row.number("VP_Away"), away_vp),
                )
                if printed is not None
            ]
            lines[i] = LineReport(
                lines[i].board,
                lines[i].ns,
                lines[i].ew,
                (*lines[i].checks, *extra),
                round=lines[i].round,
                table=lines[i].table,
            )
            for pid, v in (
                (row.text("TeamId_Home") or "?", home_vp),
                (row.text("TeamId_Away") or "?", away_vp),
            ):
                vps[pid] = vps.get(pid, Decimal(0)) + v
        ours = {pid: (_exact(v), _exact(v), 0) for pid, v in vps.items()}
        participants = self.total_rows(ours, {}, (("TotalScoreVP", "vp", 0),), key=0)
        participants = tuple(
            ParticipantReport(p.participant, tuple(c for c in p.checks if c.quantity != "boards"))
            for p in participants
        )
        settings = (
            (
                "vp_scale",
                f"WBF 2013 continuous, {boards} boards per match" + ("" if vp_boards else " (detected)"),
            ),
        )
        return self._report("teams-vp", lines, participants, settings)

    def _detect_vp_boards(self, matches: Sequence[tuple[_Row, int, int]]) -> int:
        """The match length whose WBF scale gives the most of the printed VPs (the file does not say)."""
        best, best_count = 0, -1
        for boards in range(1, 65):
            scale = WBFContinuousScale(boards)
            count = sum(
                1 for row, home, away in matches if row.number("VP_Home") == scale.vps(home - away)[0]
            )
            if count > best_count:
                best, best_count = boards, count
        return best or 1


def _program_of(data: str | bytes | Path) -> str | None:
    """The program named in the file's opening comment (``% Generated by BBO Helper ...``), if any."""
    if isinstance(data, Path):
        with data.open("rb") as handle:
            head = handle.read(4096)
    else:
        head = (data.encode("utf-8", "replace") if isinstance(data, str) else data)[:4096]
    match = re.search(
        rb"^[%;]\s*(?:(?:Generated|Created|Exported) by\s+|Creator:\s*)(.+?)\s*$",
        head,
        re.MULTILINE | re.IGNORECASE,
    )
    if match is None:
        return None
    name = match.group(1).decode("utf-8", "replace")
    return re.sub(r"\s*(browser add-on|\(.*\)|Version\b).*$", "", name).strip() or None


def _ns_percentage(value: SideValue, contract: Contract | None) -> Decimal | None:
    """North-South's percentage from ``"NS 51.3"``, ``"EW 48.7"`` or a declarer's plain value."""
    if value.ns is not None:
        return value.ns
    if value.ew is not None:
        return 100 - value.ew
    if value.plain is not None and contract is not None:
        return value.plain if contract.declarer.side.value == "NS" else 100 - value.plain
    return None


def _rescore_score_tags(
    games: Sequence[PBNGame | _ScoreGame], source: str, rounding: Rounding | None, program: str | None,
    unscored: int = 0,
) -> RescoreReport:
    """One table's result per game, as BBO Helper writes a player's boards of an online tournament:
    ``[Score "NS 110"]`` checked against Law 77 from Contract, Declarer, Result and the board's
    vulnerability. ``ScorePercentage`` (the field's percentage) needs the traveller, which the file does
    not hold: it is taken as given and said so."""
    lines: list[LineReport] = []
    unreadable: list[LineReport] = []
    for game in games:
        points = game.score_ns
        number = game.record.number
        if points is None:
            raw = game.tag("Score")
            if not raw:
                unscored += 1
                continue
            # a Score Tenace cannot attribute to a side: one unexplained line naming the game's line, and
            # the rest of the file is still checked
            unreadable.append(_unreadable_score(game, raw, source))
            continue
        checks: list[Check] = []
        # Law 77: the score from the contract, declarer, tricks and vulnerability
        law77 = game.record.score_ns() if game.record.tricks is not None or game.record.passed_out else None
        checks.append(compare("score", points, law77))
        percentage = game.values.get("ScorePercentage")
        if isinstance(percentage, SideValue):
            ns_pct = _ns_percentage(percentage, game.record.contract)
            if ns_pct is not None:
                checks.append(
                    given("ns_percentage", ns_pct, "the field's percentage: its traveller is not in the file")
                )
        ns = "-".join(filter(None, (game.tag("North"), game.tag("South")))) or "NS"
        ew = "-".join(filter(None, (game.tag("East"), game.tag("West")))) or "EW"
        room = (game.tag("Room") or "").strip()
        lines.append(LineReport(number, ns, ew, tuple(checks), table=room or None))
    lines, match_notes = _team_match(games, lines)
    lines.extend(unreadable)
    notes = match_notes or [
        "one result per board (a player's own tables): only the Law 77 scores can be recomputed"
    ]
    if unscored:
        notes.append(f"{unscored} game(s) without a Score tag are not checked")
    notes.extend(line.note for line in unreadable[:_SHOWN] if line.note)
    if len(unreadable) > _SHOWN:
        notes.append(f"and {len(unreadable) - _SHOWN} more Score tag(s) that cannot be read")
    name = program or _pbn_program([g for g in games[:1] if isinstance(g, PBNGame)])
    default = Rounding.HALF_UP if name.lower().startswith(("bbo", "ruter")) else Rounding.HALF_EVEN
    return RescoreReport(
        source, "pbn", name, "scores", rounding or default, tuple(lines), (), (), tuple(notes)
    )


_SHOWN: Final = 10
"""Unreadable Score tags named one by one in the report's notes (the others are counted)."""


def _unreadable_score(game: PBNGame | _ScoreGame, raw: str, source: str) -> LineReport:
    """The line of a game whose ``Score`` cannot be read as North-South's points: a value that is not
    ``NS <points>``, ``EW <points>`` or ``<points>`` (PBN 4.2.1), or a declarer's ``<points>`` in a game
    without a contract (whose side is then unknown). The check is unexplained, so the exit code says that
    a value was not checked, and the note names the file and line."""
    line = game.score_lineno if isinstance(game, _ScoreGame) else _score_line(game)
    where = f"{source}:{line}" if line else source
    if re.fullmatch(r"\s*[+-]?\d+\s*", raw) and game.record.contract is None:
        why = "is the declarer's score (PBN 4.2.1) but the game has no contract, so its side is unknown"
    else:
        why = "is not 'NS <points>', 'EW <points>' or '<points>' (PBN 4.2.1)"
    number = game.record.number
    ns = "-".join(filter(None, (game.tag("North"), game.tag("South")))) or "NS"
    ew = "-".join(filter(None, (game.tag("East"), game.tag("West")))) or "EW"
    note = f"{where}: board {number if number is not None else '?'}: Score {raw!r} {why}: not checked"
    room = (game.tag("Room") or "").strip()
    check = Check("score", raw, None, False, None)
    return LineReport(number, ns, ew, (check,), table=room or None, note=note)


def _score_line(game: PBNGame) -> int:
    """The line of the game's ``Score`` tag (the game's first line if it has none)."""
    return next((tag.lineno for tag in game.tags if tag.name == "Score"), game.lineno)


def _team_match(games: Sequence[PBNGame | _ScoreGame], lines: list[LineReport]
                ) -> tuple[list[LineReport], list[str]]:
    """A team match written one game per room (``[Room "Open"]`` and ``[Room "Closed"]``, as BridgeComposer
    and others write it): on each board the home team sits NS in the Open room and EW in the Closed room,
    so its swing is the IMPs of the difference of the two NS scores (Law 78B). A room's ``ScoreIMP`` is
    checked against the swing from its NS side's point of view, and the running score is given in a
    note. Files without both rooms are returned unchanged."""
    rooms: dict[int, dict[str, int]] = {}
    for game, line in zip((g for g in games if g.score_ns is not None), lines, strict=True):
        room = (line.table or "").lower()
        if line.board is not None and room in ("open", "closed") and game.score_ns is not None:
            rooms.setdefault(line.board, {})[room] = game.score_ns
    swings = {
        board: imps_against([both["open"]], both["closed"])[0]
        for board, both in rooms.items()
        if len(both) == 2
    }
    if not swings:
        return lines, []
    out: list[LineReport] = []
    for game, line in zip((g for g in games if g.score_ns is not None), lines, strict=True):
        swing = swings.get(line.board) if line.board is not None else None
        printed = game.values.get("ScoreIMP")
        room = (line.table or "").lower()
        if swing is None or not isinstance(printed, SideValue) or room not in ("open", "closed"):
            out.append(line)
            continue
        ns_imps = printed.for_ns(game.record.contract.declarer if game.record.contract else None)
        extra = [] if ns_imps is None else [compare("ns_imps", ns_imps, swing if room == "open" else -swing)]
        out.append(
            LineReport(line.board, line.ns, line.ew, (*line.checks, *extra), table=line.table, note=line.note)
        )
    home = sum(v for v in swings.values() if v > 0)
    away = -sum(v for v in swings.values() if v < 0)
    notes = [
        f"team match: {len(swings)} boards played in both rooms; home team (NS in the Open room) "
        f"{home}, away team {away} IMPs after them (Law 78B swings)"
    ]
    single = sorted(board for board, both in rooms.items() if len(both) == 1)
    if single:
        notes.append(f"boards with one room only, no swing: {', '.join(map(str, single))}")
    return out, notes


_SCORE_TAGS: Final = ("North", "South", "East", "West", "Room", "Score", "Event")
"""The tags a game without score tables keeps for re-scoring its Score tag (the first game is kept whole)."""
_SCORE_VALUES: Final = frozenset({"Score", "ScorePercentage", "ScoreIMP"})


_NO_VALUES: Final[Mapping[str, object]] = MappingProxyType({})


class _ScoreGame:
    """What re-scoring a Score tag looks at in a game, and nothing else (a big file holds many): the board,
    contract and result, the Score tag's value for North-South, the names, the room and the other Score
    values, with the game's interface (:meth:`tag`, ``values``, ``record``, ``score_ns``)."""

    __slots__ = ("lineno", "record", "score_lineno", "score_ns", "tags", "values")
    comments: tuple[object, ...] = ()

    def __init__(self, game: PBNGame) -> None:
        record = game.record
        self.record = DealRecord(number=record.number, vulnerability=record.vulnerability,
                                 contract=record.contract, passed_out=record.passed_out, tricks=record.tricks)
        self.score_ns = game.score_ns
        self.lineno = game.lineno
        self.score_lineno = _score_line(game)
        self.tags = tuple(None if (value := game.tag(name)) is None else sys.intern(value)
                          for name in _SCORE_TAGS)
        values = {k: v for k, v in game.values.items() if k in _SCORE_VALUES and k != "Score"}
        self.values = MappingProxyType(values) if values else _NO_VALUES

    def tag(self, name: str) -> str | None:
        return self.tags[_SCORE_TAGS.index(name)] if name in _SCORE_TAGS else None


_TABLE_GAME_TAGS: Final = frozenset({"Event", "Board", "Application", "Generator"})
"""The tags a game with a score table after the first keeps (re-scoring reads the Event of the first game
that has one; the program's name comes from the first game)."""


class _TableRecord:
    """The board number and vulnerability of a game with a score table (what re-scoring reads of its deal)."""

    __slots__ = ("number", "vulnerability")

    def __init__(self, number: int | None, vulnerability: Vulnerability | None) -> None:
        self.number = number
        self.vulnerability = vulnerability


class _TableGame:
    """A game with a score table, cut down to what re-scoring reads in it, with the game's interface
    (:meth:`tag`, :meth:`table`, ``record``, ``lineno``): the board number and vulnerability, the few tags
    :data:`_TABLE_GAME_TAGS` names, and its ScoreTable and TotalScoreTable (not the deal, the auction and
    play, the other tags and tables such as a double-dummy OptimumResultTable). Equal cells and column lists
    of different games are one object (``shared``): most cells of a results file repeat (pairs, contracts,
    scores), so a big file's tables take little more than a pointer a cell."""

    __slots__ = ("lineno", "record", "tables", "tags")

    def __init__(self, game: PBNGame, shared: dict[object, object]) -> None:
        self.lineno = game.lineno
        self.record = _TableRecord(game.record.number, game.record.vulnerability)
        self.tags = tuple(
            (tag.name, sys.intern(tag.value)) for tag in game.tags if tag.name in _TABLE_GAME_TAGS
        )

        def compact(table: PBNTable) -> PBNTable:
            columns = shared.setdefault(table.columns, table.columns)
            rows = tuple(tuple(shared.setdefault(cell, cell) for cell in row) for row in table.rows)
            return PBNTable(table.name, columns, rows, table.lineno)  # type: ignore[arg-type]

        self.tables = tuple(compact(t) for t in game.tables if t.name in ("ScoreTable", "TotalScoreTable"))

    def tag(self, name: str) -> str | None:
        return next((value for key, value in self.tags if key == name), None)

    def table(self, name: str) -> PBNTable | None:
        return next((t for t in self.tables if t.name == name), None)


def _kept_games(data: str | bytes | Path, source: str
                ) -> tuple[list[PBNGame | _TableGame | _ScoreGame], int]:
    """The games re-scoring needs, read one at a time and each cut down to what re-scoring looks at, so a
    big file takes the memory of its results, not of its games: the first game (the program's name), the
    games with score tables (without their auction and play), and of the others those with a Score tag
    (only the tags and values :data:`_SCORE_TAGS` names, and the record's contract and result). Also how
    many games were left out (games without a Score tag, which the report counts)."""
    kept: list[PBNGame | _TableGame | _ScoreGame] = []
    left_out = 0
    shared: dict[object, object] = {}
    for game in read_games(data, source=source):
        has_table = any(t.name in ("ScoreTable", "TotalScoreTable") for t in game.tables)
        if not (has_table or not kept or game.tag("Score")):
            left_out += 1
            continue
        if not kept:
            record = replace(game.record, calls=None, play=())
            kept.append(replace(game, record=record, auction=None, play=None, problems=()))
        elif has_table:
            kept.append(_TableGame(game, shared))
        else:
            kept.append(_ScoreGame(game))
    return kept, left_out


def rescore_pbn(
    data: str | bytes | Path,
    *,
    source: str = "<pbn>",
    rounding: Rounding | None = None,
    vp_boards: int | None = None,
) -> RescoreReport:
    """Re-score the ScoreTables of a PBN file (Ruter rounds halves up: its default).

    :raises RescoreError: if the file has no ScoreTable or a table cell that should be a number is not.
    """
    games, left_out = _kept_games(data, source)
    scores = _PBNScores([g for g in games if not isinstance(g, _ScoreGame)], source, rounding)
    if not scores.boards:
        if any(game.tag("Score") for game in games):
            # a game with only a TotalScoreTable holds no Score tag of its own: counted as not checked
            scored = [g for g in games if not isinstance(g, _TableGame)]
            return _rescore_score_tags(scored, source, rounding, _program_of(data),
                                       left_out + len(games) - len(scored))
        raise RescoreError(
            "no ScoreTable and no Score tag in this PBN file: nothing to re-score", source=source
        )
    columns = scores.columns()
    if columns & {"PlayerId_North", "MP_North", "Percentage_North"}:
        return scores.individuals()
    if "MatchDetails" in columns:
        return scores.teams(vp_boards)
    if "IMP_NS" in columns or "ButlerDatum" in columns:
        return scores.butler()
    if columns & {"MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"}:
        return scores.matchpoints()
    raise RescoreError(
        "the ScoreTables have none of MP_NS, Percentage_NS, IMP_NS or MatchDetails: the scoring "
        "method is unknown",
        source=source,
        lineno=scores.boards[0][1][0].table.lineno if scores.boards[0][1] else None,
    )
