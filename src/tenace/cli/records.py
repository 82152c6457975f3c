"""``tenace records``: hand records (HTML or PDF) for the boards of a file, with the double-dummy table and
par the file already has, or computed when it has none."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from tenace.analysis import DDTable, Par
from tenace.board import Board
from tenace.cli._common import EXIT_BAD_INPUT, EXIT_USAGE, JsonOption, emit_json, err, fail, out
from tenace.cli._dd import par_for, solve
from tenace.cli._files import (
    Format,
    Item,
    Problem,
    board_name,
    format_of,
    line_of,
    load,
    record_of,
    report,
    write_output,
)
from tenace.deal import Deal
from tenace.formats.pbn import PBNGame
from tenace.handrecords import BoardAnalysis
from tenace.record import DealRecord


@dataclass(frozen=True, slots=True)
class HandRecordSet:
    """The boards to print and their analyses, and where the analyses came from."""

    boards: tuple[Board, ...]
    analyses: tuple[BoardAnalysis | None, ...]
    dd_from_file: int
    dd_computed: int
    skipped: tuple[Problem, ...]

    def pages(self, per_page: int) -> int:
        return -(-len(self.boards) // per_page)


def _record(board: Board) -> DealRecord:
    return DealRecord(number=board.number, dealer=board.dealer, vulnerability=board.vulnerability,
                      deal=board.deal)


def hand_record_set(items: Sequence[Item], source: str, *, compute_dd: bool = True,
                    use_file_dd: bool = True) -> HandRecordSet:
    """The boards with a full deal and a number (the others are reported as skipped). DD tables and par come
    from the PBN tags when present (``use_file_dd``); the rest are solved in one batch when ``compute_dd``."""
    boards: list[Board] = []
    known: list[tuple[DDTable | None, Par | None]] = []
    skipped: list[Problem] = []
    for item in items:
        record = record_of(item)
        if not isinstance(record.deal, Deal) or record.number is None:
            why = "has no full deal" if not isinstance(record.deal, Deal) else "has no board number"
            skipped.append(Problem(source, line_of(item), "warning",
                                   "records", f"{board_name(item)} {why}: left out of the hand records",
                                   record.number))
            continue
        boards.append(Board(record.number, record.deal, record.dealer, record.vulnerability))
        if use_file_dd and isinstance(item, PBNGame):
            known.append((item.dd_table, item.par))
        else:
            known.append((None, None))
    analyses: list[BoardAnalysis | None] = [
        BoardAnalysis(t, p) if t is not None or p is not None else None for t, p in known]
    from_file = sum(1 for t, _ in known if t is not None)
    computed = 0
    if compute_dd:
        todo = [i for i, (t, _) in enumerate(known) if t is None]
        if todo:
            solved = solve([_record(boards[i]) for i in todo], f"Double dummy, {len(todo)} boards")
            for i, (table, par) in zip(todo, solved, strict=True):
                analyses[i] = BoardAnalysis(table, known[i][1] or par)
            computed = len(todo)
        for i, (file_table, file_par) in enumerate(known):  # a table but no par in the file: par from it
            if file_table is not None and file_par is None:
                analyses[i] = BoardAnalysis(file_table, par_for(_record(boards[i]), file_table))
    return HandRecordSet(tuple(boards), tuple(analyses), from_file, computed, tuple(skipped))


def write_hand_records(records: HandRecordSet, path: Path, *, pdf: bool, title: str, per_page: int) -> None:
    """Render to ``path``: PDF (fpdf2) or HTML."""
    try:
        if pdf:
            from tenace.handrecords import render_pdf

            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                data: str | bytes = render_pdf(records.boards, records.analyses, title=title,
                                               per_page=per_page)
            for warning in caught:
                err.print(f"[yellow]warning:[/] {warning.message}")
        else:
            from tenace.handrecords import render_html

            data = render_html(records.boards, records.analyses, title=title, per_page=per_page)
    except ImportError as exc:
        fail(f"hand records need an optional package that is not installed: {exc}", EXIT_BAD_INPUT)
    write_output(data, path)


def is_pdf_name(path: Path) -> bool:
    """Whether a ``--records`` file name asks for PDF (``.pdf``) rather than HTML (``.html``, ``.htm``).

    :raises ValueError: for another extension.
    """
    suffix = path.suffix.lower()
    if suffix not in (".pdf", ".html", ".htm"):
        raise ValueError(f"{path}: hand records are .html or .pdf files")
    return suffix == ".pdf"


def _event(items: Sequence[Item]) -> str | None:
    for item in items:
        if isinstance(item, PBNGame):
            event = (item.tag("Event") or "").strip()
            if event and event != "?":
                return event
    return None


def register(app: typer.Typer) -> None:
    @app.command(
        "records",
        help=(
            "Hand records for the boards of a file (PBN, LIN, JSON, .dup), e.g. [bold]tenace records "
            "FILE.pbn --pdf hands.pdf[/]. Double-dummy tables and par come from the file "
            "(OptimumResultTable, DoubleDummyTricks, OptimumScore, ParContract) when it has them, and are "
            "computed otherwise."
        ),
    )
    def records_command(
        file: Annotated[Path, typer.Argument(help="The boards.", exists=True, dir_okay=False)],
        html: Annotated[Path | None, typer.Option("--html", help="Write HTML here.", dir_okay=False)] = None,
        pdf: Annotated[Path | None, typer.Option("--pdf", help="Write PDF here.", dir_okay=False)] = None,
        per_page: Annotated[int, typer.Option("--per-page", help="Boards per A4 page: 2, 3 or 4.",
                                              min=2, max=4)] = 4,
        title: Annotated[str | None, typer.Option("--title", help="Title on each page (default: the Event "
                                                  "tag, else 'Hand records').", show_default=False)] = None,
        no_dd: Annotated[bool, typer.Option("--no-dd", help="Print no double-dummy table and par.")] = False,
        from_: Annotated[Format | None, typer.Option("--from", help="Input format (default: from the "
                                                     "extension).", show_default=False)] = None,
        as_json: JsonOption = False,
    ) -> None:
        if html is None and pdf is None:
            fail("say where to write the hand records: --html FILE or --pdf FILE", EXIT_USAGE)
        loaded = load(file, format_of(file, from_))
        report(loaded.errors, limit=20)
        if not loaded.items:
            fail(f"{file}: no boards to print")
        heading = title or _event(loaded.items) or "Hand records"
        hands = hand_record_set(loaded.items, str(file), compute_dd=not no_dd, use_file_dd=not no_dd)
        report(hands.skipped)
        if not hands.boards:
            fail(f"{file}: no board has a full deal and a number, so there is nothing to print")
        targets = [(path, is_pdf) for path, is_pdf in ((html, False), (pdf, True)) if path is not None]
        for path, as_pdf in targets:
            write_hand_records(hands, path, pdf=as_pdf, title=heading, per_page=per_page)
        pages = hands.pages(per_page)
        if as_json:
            emit_json({"file": str(file), "html": str(html) if html else None,
                       "pdf": str(pdf) if pdf else None, "title": heading, "per_page": per_page,
                       "boards": [b.number for b in hands.boards],
                       "pages": pages, "dd_from_file": hands.dd_from_file, "dd_computed": hands.dd_computed,
                       "skipped": [p.as_json() for p in hands.skipped],
                       "errors": [p.as_json() for p in loaded.errors]})
        else:
            dd = "without DD" if no_dd else (
                f"DD from the file for {hands.dd_from_file}, computed for {hands.dd_computed}")
            for path, _ in targets:
                out.print(f"[green]✓[/] Hand records: {len(hands.boards)} boards, {pages} "
                          f"page{'s' if pages != 1 else ''}, {dd} \u2192 [bold]{path}[/]")
        if loaded.errors:
            raise typer.Exit(EXIT_BAD_INPUT)
