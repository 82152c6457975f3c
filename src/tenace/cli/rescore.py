"""``tenace rescore FILE``: re-score another program's results with Tenace and report where it agrees.

Exit codes: 0 when every number agrees or every difference is a documented deviation of the program, 1 when
some difference is unexplained, 2 when the file cannot be read (the message names the file and line).
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from tenace.cli._common import EXIT_USAGE, JsonOption, emit_json, fail, out
from tenace.tournament.rescore import RescoreError, RescoreReport, Rounding, rescore_file


class RoundingChoice(enum.StrEnum):
    HALF_EVEN = "half-even"
    HALF_UP = "half-up"


def render(report: RescoreReport, *, limit: int | None = None) -> None:
    """Print the Rich report: how the file was scored, the summary, then every difference."""
    out.print(f"[bold]{report.source}[/]")
    out.print(
        f"program: {report.program} ({report.format}); method: {report.method}; "
        f"rounding: {report.rounding.value}"
    )
    for name, value in report.settings:
        out.print(f"  {name}: {value}")
    summary = report.summary()
    out.print(
        f"lines: {summary['lines_agreeing']} agree, {summary['lines_differing']} differ "
        f"({summary['lines_documented']} documented); "
        f"participants: {summary['participants_agreeing']} agree, "
        f"{summary['participants_differing']} differ ({summary['participants_documented']} documented); "
        f"{summary['checks']} numbers checked"
    )
    for note in report.notes:
        out.print(f"  note: {note}")
    differences = report.differences()
    if not differences:
        out.print("[green]Tenace agrees with every number.[/]")
        return
    out.print("[bold]Differences[/] (board, line or participant, value: program / Tenace):")
    shown = differences if limit is None else differences[:limit]
    for d in shown:
        place = f"board {d.board}, {d.where}" if d.board is not None else d.where
        verdict = "[red]unexplained[/]"
        if d.check.documented:
            verdict = f"documented: {escape(d.check.reason or '')}"
        out.print(
            f"  {escape(place)}  {d.check.quantity}: program {d.check.program}, "
            f"Tenace {d.check.tenace or '-'}  {verdict}"
        )
    if len(shown) < len(differences):
        out.print(f"... and {len(differences) - len(shown)} more (--json lists them all)")
    if report.omitted.differing_checks:
        out.print(f"... and {report.omitted.differing_checks} more on lines counted but not listed (a big "
                  "file lists only its first differing lines, also in --json)")
    unexplained = len(report.unexplained())
    if unexplained:
        out.print(f"[bold red]{unexplained} unexplained difference(s).[/]")
    else:
        out.print("[green]Every difference is a documented deviation of the program.[/]")


def register(app: typer.Typer) -> None:
    @app.command(
        "rescore",
        help=(
            "Re-score another program's results file with Tenace and report, line by line and pair by pair, "
            "where it agrees: USEBIO XML, PBN with ScoreTable/TotalScoreTable (Ruter), JFR Pary and BBO "
            "traveller pages. Exit 0: all agree or every difference is documented; 1: unexplained "
            "differences; 2: unreadable file."
        ),
    )
    def rescore_command(
        file: Annotated[Path, typer.Argument(help="The results file.", exists=True, dir_okay=False)],
        rounding: Annotated[
            RoundingChoice | None,
            typer.Option(
                "--rounding",
                help="How the program rounds halves (default: detected per program).",
                show_default=False,
            ),
        ] = None,
        vp_boards: Annotated[
            int | None,
            typer.Option(
                "--vp-boards",
                min=1,
                help="Boards per team match for the WBF VP scale (default: detected).",
                show_default=False,
            ),
        ] = None,
        limit: Annotated[
            int, typer.Option("--limit", min=1, help="Differences to list in the text report.")
        ] = 50,
        as_json: JsonOption = False,
    ) -> None:
        try:
            report = rescore_file(
                file, rounding=None if rounding is None else Rounding(rounding.value), vp_boards=vp_boards
            )
        except RescoreError as exc:
            fail(str(exc), EXIT_USAGE)
        except OSError as exc:
            fail(f"{file}: {exc.strerror or exc}", EXIT_USAGE)
        if as_json:
            emit_json(report.to_json())
        else:
            render(report, limit=limit)
        raise typer.Exit(report.exit_code)
