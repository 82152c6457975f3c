"""``pbn check`` and ``pbn convert`` on PBN files of any size: the games are read one at a time and each is
dropped once counted or written, so a 50 MB file takes the memory of one game, not of the file. Only the
first problems of a file are kept in detail (``--max-problems``); the others are counted.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Final

from tenace.cli._common import fail
from tenace.cli._files import Format, Loaded, OutputFormat, Problem, board_name, iter_lin_problems, load
from tenace.deal import Deal
from tenace.formats.pbn import PBNGame, read_games
from tenace.formats.pbn.writer import HEADER, format_game

MAX_PROBLEMS: Final = 1000
"""Problems of each severity listed one by one per file by default; the rest are counted."""


@dataclass
class Tally:
    """The problems of one file: the first ``limit`` errors and warnings, and how many there are."""

    limit: int = MAX_PROBLEMS
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    error_count: int = 0
    warning_count: int = 0

    def add(self, problem: Problem, count: int = 1) -> None:
        """Count a problem (``count``: how many it stands for: a game's summary of problems not listed)."""
        kept = self.errors if problem.is_error else self.warnings
        if problem.is_error:
            self.error_count += count
        else:
            self.warning_count += count
        if self.limit <= 0 or len(kept) < self.limit:
            kept.append(problem)

    @property
    def not_listed(self) -> tuple[int, int]:
        """Errors and warnings counted but not kept one by one."""
        return (self.error_count - len(self.errors), self.warning_count - len(self.warnings))

    def json(self) -> dict[str, object]:
        data: dict[str, object] = {"errors": [p.as_json() for p in self.errors],
                                   "warnings": [p.as_json() for p in self.warnings]}
        errors, warnings = self.not_listed
        if errors or warnings:
            data |= {"error_count": self.error_count, "warning_count": self.warning_count}
        return data


@dataclass
class Checked:
    """What ``pbn check`` found in one file."""

    source: str
    format: Format
    boards: int
    tally: Tally


def _game_problems(game: PBNGame, source: str) -> Iterator[tuple[Problem, int]]:
    for p in game.problems:
        yield Problem(source, p.lineno, p.severity.value, p.code, p.message, game.record.number), p.count


def check_file(path: Path, fmt: Format, limit: int) -> Checked:
    """Read one file for ``pbn check``; a PBN file is streamed."""
    source = str(path)
    tally = Tally(limit)
    if fmt is Format.LIN:  # streamed too: a board at a time
        boards = 0
        try:
            for _ in iter_lin_problems(path, source, tally.add):
                boards += 1
        except OSError as exc:
            tally.add(Problem(source, None, "error", "io", exc.strerror or str(exc)))
        return Checked(source, fmt, boards, tally)
    if fmt is not Format.PBN:
        loaded = load(path, fmt)
        for problem in loaded.problems:
            tally.add(problem)
        return Checked(source, fmt, len(loaded.items), tally)
    boards = 0
    try:
        for game in read_games(path, source=source):
            boards += 1
            for problem, count in _game_problems(game, source):
                tally.add(problem, count)
    except OSError as exc:
        tally.add(Problem(source, None, "error", "io", exc.strerror or str(exc)))
    return Checked(source, fmt, boards, tally)


# --- convert ------------------------------------------------------------------------------------------------


class _Output:
    """Where a conversion goes: a temporary file renamed over ``path`` at the end (a failure never leaves half
    a file), or standard output. Nothing is written before :meth:`open` (a file of which nothing could be read
    writes nothing)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.stream: IO[bytes] | None = None
        self.temp: str | None = None

    def open(self) -> None:
        if self.stream is not None:
            return
        if self.path is None:
            sys.stdout.flush()
            self.stream = getattr(sys.stdout, "buffer", None)
            if self.stream is None:  # pragma: no cover - a text-only stdout
                fail("standard output takes no bytes here; write the conversion to a file with -o")
            return
        folder = self.path.parent if str(self.path.parent) else Path(".")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, self.temp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=folder)
        except OSError as exc:
            fail(f"cannot write {self.path}: {exc.strerror or exc}")
        self.stream = os.fdopen(handle, "wb")

    def write(self, data: str | bytes) -> None:
        self.open()
        assert self.stream is not None
        self.stream.write(data.encode("utf-8") if isinstance(data, str) else data)

    def close(self) -> None:
        if self.path is None or self.stream is None or self.temp is None:
            if self.stream is not None:
                self.stream.flush()
            return
        self.stream.close()
        if self.path.exists():
            os.chmod(self.temp, self.path.stat().st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self.temp, 0o666 & ~umask)
        os.replace(self.temp, self.path)

    def discard(self) -> None:
        if self.temp is not None:
            if self.stream is not None:
                self.stream.close()
            Path(self.temp).unlink(missing_ok=True)


@contextmanager
def _output(path: Path | None) -> Iterator[_Output]:
    sink = _Output(path)
    try:
        yield sink
    except BaseException:
        sink.discard()
        raise
    try:
        sink.close()
    except BrokenPipeError:  # e.g. "tenace pbn convert big.pbn --to lin | head": the reader has all it wants
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except OSError as exc:
        sink.discard()
        fail(f"cannot write {path}: {exc.strerror or exc}")


_JSON_HEAD: Final = '{\n  "format": "tenace.deal-records",\n  "version": 1,\n  "boards": ['


def convert_pbn(path: Path, fmt: OutputFormat, output: Path | None, limit: int) -> tuple[int, Tally]:
    """Convert a PBN file one game at a time; the same text as reading it whole and rendering it. Returns
    the number of boards and the problems (reading and writing)."""
    from tenace.formats.json import records_to_json
    from tenace.formats.lin import write_lin

    source = str(path)
    tally = Tally(limit)
    boards = 0
    deals: list[tuple[Deal, int | None]] = []
    first_dup: int | None = None
    try:
        with _output(output) as sink:
            for game in read_games(path, source=source):
                for problem, count in _game_problems(game, source):
                    tally.add(problem, count)
                record = game.record
                if fmt is OutputFormat.PBN:
                    if boards == 0:
                        sink.write("\r\n".join(HEADER) + "\r\n%Content-type: text/x-pbn; charset=UTF-8")
                    sink.write("\r\n\r\n" + format_game(game))
                elif fmt is OutputFormat.LIN:
                    # only LIN's own keys (lower case) are LIN; PBN tags such as Event are not
                    lin = replace(record, extra=tuple((k, v) for k, v in record.extra if k[:1].islower()))
                    sink.write(write_lin(lin) + "\n")
                elif fmt is OutputFormat.JSON:
                    body = json.dumps(records_to_json([record])["boards"][0], indent=2, ensure_ascii=False)
                    sink.write(("," if boards else _JSON_HEAD) + "\n    " + body.replace("\n", "\n    "))
                else:
                    line = game.lineno or None
                    if not isinstance(record.deal, Deal):
                        message = (f"{board_name(game)} has no full deal (a .dup file holds only full "
                                   "deals): left out")
                        tally.add(Problem(source, line, "error", "dup", message, record.number))
                    else:
                        if first_dup is None:
                            first_dup = record.number or 1
                        expected = first_dup + len(deals)
                        if record.number is not None and record.number != expected:
                            tally.add(Problem(source, line, "warning", "dup", f"{board_name(game)} becomes "
                                              f"board {expected}: a .dup file numbers its boards one after "
                                              "another", record.number))
                        deals.append((record.deal, record.number))
                boards += 1
            if boards == 0 and tally.error_count:
                return boards, tally  # nothing could be read: nothing is written
            if fmt is OutputFormat.PBN:
                if boards == 0:
                    sink.write("\r\n".join(HEADER) + "\r\n%Content-type: text/x-pbn; charset=UTF-8")
                sink.write("\r\n")
            elif fmt is OutputFormat.JSON:
                sink.write("\n  ]\n}\n" if boards else _JSON_HEAD + "]\n}\n")
            elif fmt is OutputFormat.DUP:
                from tenace.formats.dup import write_dup

                sink.write(write_dup([d for d, _ in deals], first_board=first_dup or 1))
            elif boards == 0:
                sink.write("")
    except OSError as exc:
        tally.add(Problem(source, None, "error", "io", exc.strerror or str(exc)))
    return boards, tally


def loaded_tally(loaded: Loaded, limit: int) -> Tally:
    tally = Tally(limit)
    for problem in loaded.problems:
        tally.add(problem)
    return tally
