"""USEBIO results: every traveller line of every board, artificial scores (``A5050``, ``A6040``, Law 12C2)
as adjusted scores, the pairs (``3NS``) as contestants with their players' names.

USEBIO traveller lines say neither the round nor the table: the table is the North-South pair's number (a
Mitchell's stationary pairs), the round is ``0``; :func:`~tenace.tournament.imports.place` takes both from
the movement. The USEBIO reader is strict: a malformed file raises
:class:`~tenace.formats.usebio.USEBIOError` naming the file, line and element, and an event type Tenace
does not read raises :class:`~tenace.formats.usebio.UnsupportedEventError`.

>>> got = import_usebio('''<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
...   <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
...     <TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
...       <CONTRACT>4SX</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>590</SCORE>
...     </TRAVELLER_LINE>
...     <TRAVELLER_LINE><NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
...       <SCORE>A6040</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>''')
>>> [(r.table, r.ns, r.ew, str(r.ns_score())) for r in got.results], [line.agrees for line in got.lines]
([(1, '1NS', '1EW', '590'), (2, '2NS', '2EW', 'A6040')], [True, True])
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final

from tenace.formats.usebio import USEBIOEvent, parse_usebio, read_usebio
from tenace.scoring.matchpoints import Entry
from tenace.tournament.imports.base import (
    UNKNOWN_ROUND,
    Imported,
    ImportedLine,
    ImportProblem,
    participants_of,
    vulnerable_override,
)
from tenace.tournament.model import ContestantId, Result

__all__ = ["import_usebio"]

_LINE_TAG: Final = re.compile(rb"<TRAVELLER_LINE[\s>/]")


def import_usebio(file_or_text: str | bytes | os.PathLike[str] | USEBIOEvent, *,
                  source: str = "<usebio>") -> Imported:
    """Read the results of a USEBIO file: a path, the XML as ``str`` or ``bytes``, or an event already read.

    A line whose printed SCORE is not the Law 77 score of its contract and tricks is kept and reported as a
    problem.

    :raises USEBIOError: if the file is malformed (with file, line and element).
    :raises UnsupportedEventError: for an event type Tenace does not read (``NOTSUP``).
    """
    raw: str | bytes | None = None
    if isinstance(file_or_text, USEBIOEvent):
        event = file_or_text
    elif isinstance(file_or_text, os.PathLike):
        event = read_usebio(file_or_text)
        raw = Path(file_or_text).read_bytes()
    else:
        event = parse_usebio(file_or_text, source=source)
        raw = file_or_text
    starts = iter(_line_starts(raw, sum(len(b.lines) for b in event.boards)))
    vulnerability = {b.number: b.vulnerability for b in event.handset}
    lines: list[ImportedLine] = []
    problems: list[ImportProblem] = []
    for board in event.boards:
        for line in board.lines:
            lineno = next(starts, None)
            ns, ew = str(line.ns_pair), str(line.ew_pair)
            contract = None if line.passed_out or line.adjusted is not None else line.contract
            result = Result(board=board.number, round=UNKNOWN_ROUND, table=line.ns_pair.number, ns=ns, ew=ew,
                            contract=contract, tricks=line.tricks if contract is not None else None,
                            lead=line.lead if contract is not None else None, adjusted=line.adjusted,
                            vulnerable=vulnerable_override(board.number, vulnerability.get(board.number)))
            printed: Entry = line.result
            imported = ImportedLine(result, event.source, lineno, printed)
            if contract is None and line.adjusted is None and not line.passed_out:
                problems.append(ImportProblem(f"board {board.number}, {ns} v {ew}: score {line.score_text} "
                                              "without a contract", source=event.source, lineno=lineno))
                continue
            if contract is not None and line.tricks is None:
                problems.append(ImportProblem(f"board {board.number}, {ns} v {ew}: {contract} without "
                                              "TRICKS", source=event.source, lineno=lineno))
                continue
            if imported.agrees is False:
                problems.append(ImportProblem(
                    f"board {board.number}, {ns} v {ew}: SCORE {line.score_text} but Law 77 gives "
                    f"{result.ns_score()} for {contract} with {line.tricks} tricks", source=event.source,
                    lineno=lineno))
            lines.append(imported)
    names: dict[ContestantId, str] = {str(pair.number): " & ".join(p.name for p in pair.players)
                                      or str(pair.number) for pair in event.pairs}
    return Imported(event.source, participants_of(lines, names), tuple(lines), tuple(problems))


def _line_starts(raw: str | bytes | None, expected: int) -> list[int]:
    """The line of each ``<TRAVELLER_LINE>`` in document order (the order the reader keeps), or nothing when
    they cannot be matched one to one."""
    if raw is None:
        return []
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    starts = [data.count(b"\n", 0, m.start()) + 1 for m in _LINE_TAG.finditer(data)]
    return starts if len(starts) == expected else []
