"""BBO LIN results: one or more LIN files (or one LIN with several boards) as results keyed by the players.

BBO pairs are not numbered: a pair is named by its players, ``"north - south"`` and ``"east - west"``. The
contract and tricks come from the auction and the claim or the play (see :mod:`tenace.formats.lin`); the
opening lead is the first card played. LIN has no round or table: the round is ``0`` and the tables of a
board are numbered 1, 2, ... in reading order.

A file with one record per line is read line by line, so that a bad line is reported with its number and
the others are kept; other files are read whole.

>>> got = import_lin_text("pn|s1,w1,n1,e1|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|"
...                       "ah|Board 1|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|S2|pc|S7|pc|SA|mc|13|",
...                       source="t.lin")
>>> r = got.results[0]
>>> r.ns, r.ew, str(r.contract), r.tricks, r.lead, r.ns_score()
('n1 - s1', 'e1 - w1', '7NTN', 13, Card.from_str('S6'), 1520)
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from tenace.errors import LINError
from tenace.formats.lin import read_lin
from tenace.record import DealRecord
from tenace.tournament.imports.base import (
    UNKNOWN_ROUND,
    Imported,
    ImportedLine,
    ImportProblem,
    merge,
    pair_id,
    participants_of,
    vulnerable_override,
)
from tenace.tournament.model import Result

__all__ = ["import_lin", "import_lin_text"]


def import_lin(paths: Iterable[str | os.PathLike[str]]) -> Imported:
    """Read the results of LIN files; tables are numbered per board across all the files."""
    parts = [import_lin_text(Path(p).read_text(encoding="utf-8", errors="replace"), source=str(p))
             for p in paths]
    joined = merge(parts)
    return _renumber(joined)


def import_lin_text(text: str, *, source: str = "<lin>") -> Imported:
    """Read the results in LIN text (one or several boards)."""
    records: list[tuple[DealRecord, int | None]] = []
    problems: list[ImportProblem] = []
    whole_error: LINError | None = None
    try:
        records = [(rec, None) for rec in read_lin(text, source=source)]
    except LINError as exc:
        whole_error = exc
    rows = [(n, row) for n, row in enumerate(text.split("\n"), 1) if row.strip()]
    if len(rows) > 1 and (whole_error is not None or len(records) == len(rows)):
        # one record per line: read line by line, so that problems have a line and bad lines stay alone
        records = []
        for lineno, row in rows:
            try:
                records.extend((rec, lineno) for rec in read_lin(row, source=f"{source}:{lineno}"))
            except LINError as exc:
                problems.append(ImportProblem(str(exc).removeprefix(f"{source}:{lineno}: "), source=source,
                                              lineno=lineno))
    elif whole_error is not None:
        problems.append(ImportProblem(str(whole_error).removeprefix(f"{source}: "), source=source))
    lines: list[ImportedLine] = []
    for rec, where in records:
        imported = _line(rec, source, where, problems)
        if imported is not None:
            lines.append(imported)
    problems.sort(key=lambda p: p.lineno or 0)
    return _renumber(Imported(source, participants_of(lines), tuple(lines), tuple(problems)))


def _line(rec: DealRecord, source: str, lineno: int | None,
          problems: list[ImportProblem]) -> ImportedLine | None:
    def problem(message: str) -> None:
        problems.append(ImportProblem(message, source=source, lineno=lineno))

    if rec.number is None:
        problem("a board without a number (no ah|Board n| or qx|)")
        return None
    north, east, south, west = rec.players
    ns, ew = pair_id(north, south), pair_id(east, west)
    if ns is None or ew is None:
        problem(f"board {rec.number}: no players' names (pn|)")
        return None
    if not rec.passed_out:
        if rec.contract is None:
            problem(f"board {rec.number}, {ns} v {ew}: no contract (the auction is missing, unlawful or "
                    "unfinished)")
            return None
        if rec.tricks is None:
            problem(f"board {rec.number}, {ns} v {ew}: {rec.contract} without a claim or a complete play")
            return None
    contract = None if rec.passed_out else rec.contract
    result = Result(board=rec.number, round=UNKNOWN_ROUND, table=0, ns=ns, ew=ew, contract=contract,
                    tricks=rec.tricks if contract is not None else None,
                    lead=rec.play[0] if rec.play and contract is not None else None,
                    vulnerable=vulnerable_override(rec.number, rec.vulnerability))
    return ImportedLine(result, source, lineno)


def _renumber(imported: Imported) -> Imported:
    """Tables 1, 2, ... per board in reading order."""
    counts: dict[int, int] = {}
    lines = []
    for line in imported.lines:
        n = counts.get(line.result.board, 0) + 1
        counts[line.result.board] = n
        lines.append(replace(line, result=replace(line.result, table=n)))
    return replace(imported, lines=tuple(lines))
