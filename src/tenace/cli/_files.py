"""The files the commands read and write: PBN, LIN, Tenace JSON and dealing-machine files (``.dup``, ``.bri``,
``.dge``), with every problem found kept as a :class:`Problem` that names the file and the line.

A file is read whole and leniently: a bad board is reported and the others are still read. PBN games stay
:class:`~tenace.formats.pbn.PBNGame` values, so that writing PBN again loses nothing; the other formats give
:class:`~tenace.record.DealRecord` values.
"""

from __future__ import annotations

import enum
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from tenace.analysis import DDTable, Par
from tenace.board import Vulnerability, dealer_for, vulnerability_for
from tenace.cli._common import EXIT_USAGE, err, fail
from tenace.deal import Deal
from tenace.errors import NotationError
from tenace.formats.pbn import PBNGame, read_games, write_games
from tenace.record import DealRecord
from tenace.seats import SEATS, Seat

Item = PBNGame | DealRecord


class Format(enum.StrEnum):
    """A file format, by its usual extension."""

    PBN = "pbn"
    LIN = "lin"
    JSON = "json"
    DUP = "dup"
    BRI = "bri"
    DGE = "dge"


class OutputFormat(enum.StrEnum):
    """The formats the commands write."""

    PBN = "pbn"
    LIN = "lin"
    JSON = "json"
    DUP = "dup"


_SUFFIXES: Final = {".pbn": Format.PBN, ".lin": Format.LIN, ".json": Format.JSON, ".dup": Format.DUP,
                    ".bri": Format.BRI, ".dge": Format.DGE}


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in a file: where (file, line, board), how bad, a short code and the message."""

    source: str
    line: int | None
    severity: str
    """``"error"`` or ``"warning"``."""
    code: str
    message: str
    board: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}" if self.line is not None else self.source

    def as_json(self) -> dict[str, Any]:
        return {"file": self.source, "line": self.line, "board": self.board, "severity": self.severity,
                "code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class Loaded:
    """What was read from one file."""

    source: str
    format: Format
    items: tuple[Item, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def records(self) -> tuple[DealRecord, ...]:
        return tuple(record_of(item) for item in self.items)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.is_error)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if not p.is_error)


def record_of(item: Item) -> DealRecord:
    return item.record if isinstance(item, PBNGame) else item


def board_name(item: Item) -> str:
    """``"Board 5"``, or ``"A board without a number"``."""
    number = record_of(item).number
    return f"Board {number}" if number is not None else "A board without a number"


def line_of(item: Item) -> int | None:
    """The line where a PBN game starts (``None`` for other formats)."""
    return (item.lineno or None) if isinstance(item, PBNGame) else None


def format_of(path: Path, given: Format | None) -> Format:
    """The format named on the command line, else the one the file name's extension says (exit 2 if none)."""
    if given is not None:
        return given
    found = _SUFFIXES.get(path.suffix.lower())
    if found is None:
        names = ", ".join(sorted(_SUFFIXES))
        fail(f"{path}: cannot tell the format from the extension {path.suffix or '(none)'!r}; "
             f"use one of {names} or say which with --from", EXIT_USAGE)
    return found


def output_format_of(path: Path | None, given: OutputFormat | None, default: OutputFormat | None = None
                     ) -> OutputFormat:
    if given is not None:
        return given
    if path is not None:
        found = _SUFFIXES.get(path.suffix.lower())
        if found is not None and found.value in {f.value for f in OutputFormat}:
            return OutputFormat(found.value)
    if default is not None:
        return default
    fail("say which format to write with --to (pbn, lin, json or dup)", EXIT_USAGE)


def _text(path: Path) -> str:
    data = path.read_bytes()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _strip_source(message: str, source: str) -> str:
    prefix = f"{source}: "
    return message[len(prefix):] if message.startswith(prefix) else message


def load(path: Path, fmt: Format) -> Loaded:
    """Read every board of ``path`` leniently. A file that cannot be read at all gives one error."""
    source = str(path)
    try:
        match fmt:
            case Format.PBN:
                return _load_pbn(path, source)
            case Format.LIN:
                return _load_lin(path, source)
            case Format.JSON:
                return _load_json(path, source)
            case _:
                return _load_machine(path, source, fmt)
    except OSError as exc:
        return Loaded(source, fmt, (), (Problem(source, None, "error", "io", exc.strerror or str(exc)),))


def _load_pbn(path: Path, source: str) -> Loaded:
    games = tuple(read_games(path, source=source))
    problems = tuple(
        Problem(source, p.lineno, p.severity.value, p.code, p.message, game.record.number)
        for game in games for p in game.problems
    )
    return Loaded(source, Format.PBN, games, problems)


def _load_lin(path: Path, source: str) -> Loaded:
    problems: list[Problem] = []
    records = tuple(iter_lin_problems(path, source, problems.append))
    return Loaded(source, Format.LIN, records, tuple(problems))


def iter_lin_problems(path: Path, source: str, report: Callable[[Problem], None]) -> Iterator[DealRecord]:
    """The boards of a LIN file one at a time (streamed), each problem reported with its line: a token that
    cannot be read (its board is left out), an unlawful auction or play (the board is kept as recorded)."""
    from tenace.formats.lin import LinProblem, iter_lin

    def put(problem: LinProblem) -> None:
        message = _strip_source(str(problem.error), source)
        report(Problem(source, problem.line, "error", "lin-rules" if problem.rules else "lin", message))

    return iter_lin(path, source=source, report=put)


def _load_json(path: Path, source: str) -> Loaded:
    from tenace.formats.json import RECORD_FORMAT, from_json, loads_records

    text = _text(path)
    try:
        data = json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        return Loaded(source, Format.JSON, (), (Problem(source, line, "error", "json", f"not JSON: {exc}"),))
    except RecursionError:
        problem = Problem(source, None, "error", "json", "not JSON Tenace reads: nested too deeply")
        return Loaded(source, Format.JSON, (), (problem,))
    try:
        if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
            records = [from_json(data)]
        else:
            records = loads_records(text)
    except NotationError as exc:
        return Loaded(source, Format.JSON, (), (Problem(source, None, "error", "json", str(exc)),))
    return Loaded(source, Format.JSON, tuple(records))


def _load_machine(path: Path, source: str, fmt: Format) -> Loaded:
    from tenace.formats.dup import read_bri, read_dge, read_dup

    reader = {Format.DUP: read_dup, Format.BRI: read_bri, Format.DGE: read_dge}[fmt]
    try:
        records = reader(path.read_bytes())
    except NotationError as exc:
        return Loaded(source, fmt, (), (Problem(source, None, "error", fmt.value, str(exc)),))
    return Loaded(source, fmt, tuple(records))


# --- writing ---------------------------------------------------------------------------------------------


def render(items: Sequence[Item], fmt: OutputFormat, source: str = "<boards>"
           ) -> tuple[str | bytes, list[Problem]]:
    """The file contents of ``items`` in ``fmt``, and the boards that format cannot hold (left out)."""
    problems: list[Problem] = []
    if fmt is OutputFormat.PBN:
        return write_games(items), problems
    records = [record_of(item) for item in items]
    if fmt is OutputFormat.JSON:
        from tenace.formats.json import dumps_records

        return dumps_records(records) + "\n", problems
    if fmt is OutputFormat.LIN:
        from dataclasses import replace

        from tenace.formats.lin import write_lin_boards

        # only LIN's own keys (lower case, kept from a LIN file) are LIN; PBN tags such as Event are not
        lin_records = [replace(r, extra=tuple((k, v) for k, v in r.extra if k[:1].islower()))
                       for r in records]
        return write_lin_boards(lin_records), problems
    from tenace.formats.dup import write_dup

    deals: list[Deal] = []
    first: int | None = None
    for item, record in zip(items, records, strict=True):
        line = line_of(item)
        if not isinstance(record.deal, Deal):
            message = f"{board_name(item)} has no full deal (a .dup file holds only full deals): left out"
            problems.append(Problem(source, line, "error", "dup", message, record.number))
            continue
        if first is None:
            first = record.number or 1
        expected = first + len(deals)
        if record.number is not None and record.number != expected:
            problems.append(Problem(source, line, "warning", "dup", f"{board_name(item)} becomes board "
                                    f"{expected}: a .dup file numbers its boards one after another",
                                    record.number))
        deals.append(record.deal)
    return write_dup(deals, first_board=first or 1), problems


def write_output(data: str | bytes, out: Path | None) -> None:
    """Write to ``out`` (through a temporary file, so a failure never leaves half a file), else to stdout."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if out is None:
        stream = getattr(sys.stdout, "buffer", None)
        try:
            if stream is not None:
                sys.stdout.flush()
                stream.write(raw)
                stream.flush()
            else:  # pragma: no cover - a text-only stdout
                sys.stdout.write(raw.decode("utf-8", errors="replace"))
        except BrokenPipeError:  # e.g. "tenace deal 100 | head": the reader has all it wants
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return
    folder = out.parent if str(out.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{out.name}.", dir=folder)
        try:
            with os.fdopen(handle, "wb") as stream_out:
                stream_out.write(raw)
            if out.exists():
                os.chmod(temp, out.stat().st_mode & 0o777)
            else:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(temp, 0o666 & ~umask)
            os.replace(temp, out)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")


def report(problems: Iterable[Problem], *, limit: int | None = None) -> None:
    """Print problems on stderr, errors first: ``file:line: error: message [code]``."""
    items = sorted(problems, key=lambda p: not p.is_error)
    shown = items if limit is None else items[:limit]
    for p in shown:
        err.print(problem_line(p))
    if len(shown) < len(items):
        err.print(f"[dim]… and {len(items) - len(shown)} more (tenace pbn check lists them all)[/]")


def problem_line(p: Problem) -> str:
    from rich.markup import escape

    label = "[bold red]error[/]" if p.is_error else "[yellow]warning[/]"
    return f"{escape(p.where)}: {label}: {escape(p.message)} [dim]\\[{escape(p.code)}][/]"


# --- DD values as JSON --------------------------------------------------------------------------------------

_DENOMINATION_ORDER: Final = ("NT", "S", "H", "D", "C")


def dd_json(table: DDTable | None) -> dict[str, dict[str, int]] | None:
    """``{"N": {"NT": 7, "S": 8, ...}, ...}``."""
    if table is None:
        return None
    from tenace.calls import Denomination

    return {seat.value: {d: table[seat, Denomination.from_str(d)] for d in _DENOMINATION_ORDER}
            for seat in SEATS}


def par_json(par: Par | None) -> dict[str, Any] | None:
    """``{"score_ns": 110, "contracts": [{"contract": "2S", "declarer": "N", "tricks": 8, "result": 0}]}``."""
    if par is None:
        return None
    return {"score_ns": par.score_ns, "contracts": [
        {"contract": c.text(), "declarer": c.declarer.value, "tricks": tricks,
         "result": tricks - c.tricks_needed}
        for c, tricks in par.contracts]}


def board_setting(record: DealRecord) -> tuple[Seat | None, Vulnerability | None]:
    """The dealer and vulnerability of a record: its own, else Law 2's for its number, else ``None``."""
    dealer = record.dealer if record.dealer is not None else (
        dealer_for(record.number) if record.number is not None else None)
    vul = record.vulnerability if record.vulnerability is not None else (
        vulnerability_for(record.number) if record.number is not None else None)
    return dealer, vul
