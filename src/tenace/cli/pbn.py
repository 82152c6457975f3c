"""``tenace pbn check`` (every problem of PBN and LIN files, with file and line) and ``tenace pbn convert``
(PBN, LIN, Tenace JSON and dealing-machine files into one another)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from tenace.cli._common import EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, JsonOption, emit_json, err, fail, out
from tenace.cli._files import (
    Format,
    OutputFormat,
    Problem,
    format_of,
    load,
    output_format_of,
    problem_line,
    render,
    report,
    write_output,
)
from tenace.cli._pbn_stream import MAX_PROBLEMS, Checked, Tally, check_file, convert_pbn

_FromOption = Annotated[Format | None, typer.Option(
    "--from", help="Input format (default: from the file name's extension).", show_default=False)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


_MaxProblemsOption = Annotated[int, typer.Option(
    "--max-problems", help="List at most this many errors and as many warnings per file, and count the rest "
    "(0: list them all).", min=0)]


def _check_json(checked: Checked, strict: bool) -> dict[str, Any]:
    tally = checked.tally
    failed = tally.error_count > 0 or (strict and tally.warning_count > 0)
    return {"file": checked.source, "format": checked.format.value, "boards": checked.boards,
            "ok": not failed, **tally.json()}


def _print_check(checked: Checked, strict: bool) -> None:
    tally = checked.tally
    failed = tally.error_count > 0 or (strict and tally.warning_count > 0)
    mark = "[bold red]✗[/]" if failed else ("[yellow]![/]" if tally.warning_count else "[green]✓[/]")
    counts = f"{_plural(checked.boards, 'board')}, {_plural(tally.error_count, 'error')}, " \
             f"{_plural(tally.warning_count, 'warning')}"
    out.print(f"{mark} [bold]{escape(checked.source)}[/] ({checked.format.value.upper()}): {counts}")
    for problem in (*tally.errors, *tally.warnings):
        out.print("  " + problem_line(problem))
    _print_not_listed(tally)


def _print_not_listed(tally: Tally) -> None:
    errors, warnings = tally.not_listed
    if errors or warnings:
        out.print(f"  [dim]… and {_plural(errors, 'more error')}, {_plural(warnings, 'more warning')} "
                  "not listed (--max-problems 0 lists them all)[/]")


def register(app: typer.Typer) -> None:
    pbn_app = typer.Typer(
        name="pbn",
        help="Check and convert bridge files: PBN, LIN, Tenace JSON, Duplimate .dup.",
        no_args_is_help=True,
        rich_markup_mode="rich",
    )
    app.add_typer(pbn_app)

    @pbn_app.command(
        "check",
        help=(
            "Read PBN (or LIN) files leniently and list every problem with its file and line: errors (the "
            "data is wrong or contradicts itself) and warnings (not as PBN 2.1 says, but understood). Exit "
            "code 1 if any file has an error ([bold]--strict[/]: or a warning)."
        ),
    )
    def check_command(
        files: Annotated[list[Path], typer.Argument(help="PBN or LIN files.", exists=True, dir_okay=False)],
        strict: Annotated[bool, typer.Option("--strict", help="Warnings fail the check too.")] = False,
        from_: _FromOption = None,
        as_json: JsonOption = False,
        max_problems: _MaxProblemsOption = MAX_PROBLEMS,
    ) -> None:
        results = [check_file(path, format_of(path, from_), max_problems) for path in files]
        errors = sum(r.tally.error_count for r in results)
        warnings = sum(r.tally.warning_count for r in results)
        failed = errors > 0 or (strict and warnings > 0)
        if as_json:
            emit_json({"files": [_check_json(r, strict) for r in results], "errors": errors,
                       "warnings": warnings, "strict": strict, "ok": not failed})
        else:
            for loaded in results:
                _print_check(loaded, strict)
            if len(results) > 1:
                boards = sum(r.boards for r in results)
                out.print(f"{_plural(len(results), 'file')}, {_plural(boards, 'board')}: "
                          f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}")
        raise typer.Exit(EXIT_BAD_INPUT if failed else EXIT_OK)

    @pbn_app.command(
        "convert",
        help=(
            "Convert between PBN, LIN, Tenace JSON and .dup (reads .bri and .dge too), e.g. [bold]tenace pbn "
            "convert FILE.lin --to pbn[/]. Problems are reported with file and line and the other boards are "
            "still converted; the exit code is 1 if a board had errors."
        ),
    )
    def convert_command(
        file: Annotated[Path, typer.Argument(help="The file to convert.", exists=True, dir_okay=False)],
        to: Annotated[OutputFormat | None, typer.Option("--to", "-t", help="Output format (default: from "
                                                        "-o's extension).", show_default=False)] = None,
        output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here (default: standard "
                                                    "output).", dir_okay=False)] = None,
        from_: _FromOption = None,
        as_json: JsonOption = False,
        max_problems: _MaxProblemsOption = MAX_PROBLEMS,
    ) -> None:
        if as_json and output is None:
            fail("--json prints a summary, so the converted file needs -o", EXIT_USAGE)
        in_format = format_of(file, from_)
        out_format = output_format_of(output, to)
        if output is not None and output.resolve() == file.resolve():
            fail(f"{output} is the input file; write the conversion elsewhere", EXIT_USAGE)
        if in_format is Format.PBN:  # streamed: a game at a time, whatever the size of the file
            _convert_pbn(file, out_format, output, as_json, max_problems)
            return
        loaded = load(file, in_format)
        if not loaded.items and loaded.errors:
            report(loaded.errors)
            fail(f"{file}: nothing could be read, nothing was written")
        data, problems = render(loaded.items, out_format, loaded.source)
        all_problems: list[Problem] = [*loaded.problems, *problems]
        report(all_problems)
        write_output(data, output)
        errors = [p for p in all_problems if p.is_error]
        if as_json:
            emit_json({"file": str(file), "from": in_format.value, "to": out_format.value,
                       "output": str(output), "boards": len(loaded.items),
                       "errors": [p.as_json() for p in errors],
                       "warnings": [p.as_json() for p in all_problems if not p.is_error]})
        elif output is not None:
            err.print(f"[green]✓[/] {escape(str(file))} \u2192 [bold]{escape(str(output))}[/] "
                      f"({in_format.value.upper()} \u2192 {out_format.value.upper()}, "
                      f"{_plural(len(loaded.items), 'board')})")
        if errors:
            raise typer.Exit(EXIT_BAD_INPUT)


def _convert_pbn(file: Path, out_format: OutputFormat, output: Path | None, as_json: bool,
                 max_problems: int) -> None:
    boards, tally = convert_pbn(file, out_format, output, max_problems)
    if boards == 0 and tally.error_count:
        report(tally.errors)
        fail(f"{file}: nothing could be read, nothing was written")
    report([*tally.errors, *tally.warnings])
    errors, warnings = tally.not_listed
    if errors or warnings:
        err.print(f"[dim]… and {_plural(errors, 'more error')}, {_plural(warnings, 'more warning')} not "
                  "listed (tenace pbn check --max-problems 0 lists them all)[/]")
    if as_json:
        emit_json({"file": str(file), "from": Format.PBN.value, "to": out_format.value, "output": str(output),
                   "boards": boards, **tally.json()})
    elif output is not None:
        err.print(f"[green]✓[/] {escape(str(file))} \u2192 [bold]{escape(str(output))}[/] "
                  f"(PBN \u2192 {out_format.value.upper()}, {_plural(boards, 'board')})")
    if tally.error_count:
        raise typer.Exit(EXIT_BAD_INPUT)
