r"""PBN results: one game per table result, or ``ScoreTable`` sections (PBN 2.1 §5.4) with one row per table.

A game with a ``ScoreTable`` whose columns include ``PairId_NS``, ``PairId_EW`` and ``Contract`` gives one
result per row (``Table``, ``Round``, ``Section``, ``Declarer``, ``Result``, ``Lead``, ``Score_NS`` and
``Score_EW`` are read when present; ``A+``/``A-``/``A=`` and ``^``-marked percentages are artificial adjusted
scores, Law 12C2). Any other game is one table's result: ``Board``, ``Round``, ``Table``, ``PairId_NS`` and
``PairId_EW`` (or the players' names), ``Contract``, ``Declarer``, ``Result``, and the opening lead from the
``Lead`` tag or the play section. ``TotalScoreTable`` names the contestants (``PairId`` and ``Names``).

Every problem is reported with the file and line; the lines that can be read are kept.

>>> text = '''[Board "2"]
... [Vulnerable "NS"]
... [ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;Score_EW"]
... 1 1 1 5 4S N 10 HK "620" -
... 2 1 2 6 3NT E 8 - "50" -
... 3 1 3 7 - - - - "A+" "A-"
... 4 1 4 8 4S N 14 - - -
... '''
>>> got = import_pbn(text, source="club.pbn")
>>> [(r.table, str(r.ns_score())) for r in got.results]
[(1, '620'), (2, '50'), (3, 'A6040')]
>>> [line.agrees for line in got.lines], [str(p) for p in got.problems]
([True, True, True], ['club.pbn:7: ScoreTable, board 2: Result 14 is not a number of tricks 0-13'])
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from tenace.cards import Card
from tenace.contract import Contract
from tenace.errors import NotationError
from tenace.formats.pbn import PBNGame, PBNTable, read_games
from tenace.formats.pbn.reader import Source
from tenace.formats.pbn.tables import Cell
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award, SideAward
from tenace.scoring.matchpoints import Entry
from tenace.seats import Seat
from tenace.tournament.imports.base import (
    UNKNOWN_ROUND,
    Imported,
    ImportedLine,
    ImportProblem,
    pair_id,
    participants_of,
    vulnerable_override,
)
from tenace.tournament.model import ContestantId, Result

__all__ = ["import_pbn"]

_PASSED: Final = frozenset({"pass", "p", "passed", "passed out", "ap", "all pass"})
_AWARDS: Final = {"A+": Award.AVERAGE_PLUS, "A-": Award.AVERAGE_MINUS, "A=": Award.AVERAGE,
                  "A": Award.AVERAGE}
_MIRROR: Final = {Award.AVERAGE_PLUS: Award.AVERAGE_MINUS, Award.AVERAGE_MINUS: Award.AVERAGE_PLUS,
                  Award.AVERAGE: Award.AVERAGE}
_LEADING_INT: Final = re.compile(r"\s*(\d+)")
_RESULT_TAGS: Final = frozenset({"contract", "declarer", "result"})


@dataclass
class _State:
    source: str
    lines: list[ImportedLine] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    names: dict[ContestantId, str] = field(default_factory=dict)
    tables: dict[tuple[str | None, int], int] = field(default_factory=dict)
    """How many results each (section, board) has had, to number tables the file does not number."""

    def problem(self, message: str, lineno: int | None) -> None:
        self.problems.append(ImportProblem(message, source=self.source, lineno=lineno))

    def next_table(self, section: str | None, board: int) -> int:
        n = self.tables.get((section, board), 0) + 1
        self.tables[(section, board)] = n
        return n


def import_pbn(file_or_text: Source, *, source: str | None = None, encoding: str | None = None) -> Imported:
    """Read the results of a PBN file (a path, an open file, bytes or text).

    Results the file does not place in a round get round ``0``; results without a table number are numbered
    1, 2, ... per board in file order. Use :func:`~tenace.tournament.imports.place` to take both from the
    movement.
    """
    state = _State(source or "<pbn>")
    for game in read_games(file_or_text, source=source, encoding=encoding):
        state.source = game.source
        for err in game.errors:
            state.problems.append(ImportProblem(err.message, source=err.source, lineno=err.lineno))
        _names(game, state)
        score_table = game.table("ScoreTable")
        if score_table is not None:
            _score_table(game, score_table, state)
        else:
            _one_table(game, state)
    return Imported(state.source, participants_of(state.lines, state.names), tuple(state.lines),
                    tuple(state.problems))


def _names(game: PBNGame, state: _State) -> None:
    table = game.table("TotalScoreTable")
    if table is None:
        return
    for id_col, name_col in (("PairId", "Names"), ("TeamId", "TeamName")):
        if table.index(id_col) is None or table.index(name_col) is None:
            continue
        for row in table.records():
            who, name = row[id_col].text.strip(), row[name_col].text.strip()
            if who and name:
                state.names.setdefault(who, name)


def _line_of(game: PBNGame, tag: str) -> int | None:
    for t in game.tags:
        if t.name == tag:
            return t.lineno
    return None


# --- one game per table result ----------------------------------------------------------------------------


def _one_table(game: PBNGame, state: _State) -> None:
    record = game.record
    where = _line_of(game, "Contract") or _line_of(game, "Result") or game.lineno
    board = record.number
    if board is None:
        state.problem("no Board tag: the result cannot be placed", game.lineno)
        return
    tag_errors = any(err.code in _RESULT_TAGS for err in game.errors)
    ns = _text(game.tag("PairId_NS")) or pair_id(record.players[0], record.players[2])
    ew = _text(game.tag("PairId_EW")) or pair_id(record.players[1], record.players[3])
    if ns is None or ew is None:
        state.problem(f"board {board}: no PairId_NS/PairId_EW tags and no players' names", game.lineno)
        return
    contract: Contract | None = None
    tricks: int | None = None
    if not record.passed_out:
        if record.contract is None or record.tricks is None:
            if not tag_errors:
                missing = "no contract and declarer" if record.contract is None else \
                    f"{record.contract} without a Result (tricks)"
                state.problem(f"board {board}, {ns} v {ew}: {missing}; the board has no result", where)
            return
        contract, tricks = record.contract, record.tricks
    lead = record.play[0] if record.play and contract is not None else None
    lead_text = _text(game.tag("Lead"))
    if lead is None and lead_text is not None and contract is not None:
        try:
            lead = Card.from_str(lead_text)
        except NotationError as exc:
            state.problem(f"board {board}: Lead: {exc}", _line_of(game, "Lead"))
    round_no = _leading_int(game.tag("Round"))
    table_no = _leading_int(game.tag("Table"))
    section = _text(game.tag("Section"))
    result = Result(board=board, round=round_no if round_no is not None else UNKNOWN_ROUND,
                    table=table_no if table_no is not None else state.next_table(section, board),
                    ns=ns, ew=ew, contract=contract, tricks=tricks, lead=lead,
                    vulnerable=vulnerable_override(board, record.vulnerability))
    state.lines.append(ImportedLine(result, state.source, where, game.score_ns, section))


def _text(value: str | None) -> str | None:
    if value is None:
        return None
    stripped = value.strip()
    return stripped if stripped not in ("", "?", "-") else None


def _leading_int(value: str | None) -> int | None:
    match = _LEADING_INT.match(value or "")
    return int(match.group(1)) if match is not None else None


# --- ScoreTable rows -------------------------------------------------------------------------------------


def _score_table(game: PBNGame, table: PBNTable, state: _State) -> None:
    if any(table.index(column) is None for column in ("PairId_NS", "PairId_EW", "Contract")):
        state.problem("ScoreTable has no PairId_NS, PairId_EW and Contract columns: not one row per table "
                      "result (a team match table?); skipped", table.lineno)
        return
    board = game.record.number
    if board is None:
        state.problem("a ScoreTable without a Board tag: its results cannot be placed", table.lineno)
        return
    raw = next((t for t in game.tags if t.name == "ScoreTable"), None)
    width = len(table.columns)
    vulnerable = vulnerable_override(board, game.record.vulnerability)
    for i, row in enumerate(table.records()):
        lineno = raw.items[i * width].lineno if raw is not None and len(raw.items) > i * width else \
            table.lineno
        try:
            line, problems = _row(row, board, vulnerable, state, lineno)
        except (NotationError, ValueError) as exc:
            state.problem(f"ScoreTable, board {board}: {exc}", lineno)
            continue
        state.lines.append(line)
        state.problems.extend(problems)


def _row(row: Mapping[str, Cell], board: int, vulnerable: tuple[bool, bool] | None, state: _State,
         lineno: int) -> tuple[ImportedLine, list[ImportProblem]]:
    problems: list[ImportProblem] = []
    ns, ew = _cell_text(row, "PairId_NS"), _cell_text(row, "PairId_EW")
    if ns is None or ew is None:
        raise ValueError("a row without PairId_NS or PairId_EW")
    section = _cell_text(row, "Section")
    round_no = _cell_int(row, "Round")
    table_no = _cell_int(row, "Table")
    adjusted = _artificial(row.get("Score_NS"), row.get("Score_EW"))
    contract_text = _cell_text(row, "Contract")
    contract: Contract | None = None
    tricks: int | None = None
    lead: Card | None = None
    if adjusted is None:
        if contract_text is None:
            raise ValueError(f"{ns} v {ew}: no contract and no adjusted score")
        if contract_text.lower() not in _PASSED:
            declarer_text = _cell_text(row, "Declarer")
            if declarer_text is None:
                raise ValueError(f"{ns} v {ew}: contract {contract_text} without a Declarer")
            contract = Contract.from_str(contract_text, Seat.from_str(declarer_text))
            value = row["Result"].value if "Result" in row else None
            if not isinstance(value, int) or not 0 <= value <= 13:
                shown = row["Result"].text if "Result" in row else "missing"
                raise ValueError(f"Result {shown} is not a number of tricks 0-13")
            tricks = value
            lead_text = _cell_text(row, "Lead")
            if lead_text is not None:
                try:
                    lead = Card.from_str(lead_text)
                except NotationError as exc:
                    problems.append(ImportProblem(f"ScoreTable, board {board}: Lead: {exc}",
                                                  source=state.source, lineno=lineno))
    result = Result(board=board, round=round_no if round_no is not None else UNKNOWN_ROUND,
                    table=table_no if table_no is not None else state.next_table(section, board),
                    ns=ns, ew=ew, contract=contract, tricks=tricks, lead=lead, adjusted=adjusted,
                    vulnerable=vulnerable)
    printed: Entry | None = adjusted
    if printed is None:
        ns_points, ew_points = _cell_value(row, "Score_NS"), _cell_value(row, "Score_EW")
        if isinstance(ns_points, int):
            printed = ns_points
        elif isinstance(ew_points, int):
            printed = -ew_points
    return ImportedLine(result, state.source, lineno, printed, section), problems


def _cell_text(row: Mapping[str, Cell], name: str) -> str | None:
    cell = row.get(name)
    return _text(cell.text) if cell is not None else None


def _cell_value(row: Mapping[str, Cell], name: str) -> object:
    cell = row.get(name)
    return cell.value if cell is not None else None


def _cell_int(row: Mapping[str, Cell], name: str) -> int | None:
    cell = row.get(name)
    if cell is None:
        return None
    value = cell.value
    if isinstance(value, int):
        return value
    return _leading_int(cell.text)


def _award(cell: Cell | None) -> SideAward | None:
    """An artificial score in one score cell: ``A+``, ``A-``, ``A=`` or a ``^``-marked percentage."""
    if cell is None:
        return None
    text = cell.text.strip().upper()
    if text in _AWARDS:
        return _AWARDS[text]
    if cell.artificial and isinstance(cell.value, int):
        return Fraction(cell.value)
    return None


def _artificial(ns_cell: Cell | None, ew_cell: Cell | None) -> ArtificialAdjustedScore | None:
    """Law 12C2 artificial adjusted scores as score cells write them; a side left blank gets the mirror of
    the other (average-plus against average-minus, 60 % against 40 %)."""
    code = ns_cell.text.strip().upper() if ns_cell is not None else ""
    if re.fullmatch(r"A\d{4,6}", code):
        return ArtificialAdjustedScore.from_code(code)
    ns, ew = _award(ns_cell), _award(ew_cell)
    if ns is None and ew is None:
        return None
    if ns is None:
        assert ew is not None
        ns = _mirror(ew)
    if ew is None:
        ew = _mirror(ns)
    return ArtificialAdjustedScore(ns, ew)


def _mirror(award: SideAward) -> SideAward:
    return _MIRROR[award] if isinstance(award, Award) else 100 - award
