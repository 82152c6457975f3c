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
    Loaded,
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

_FromOption = Annotated[Format | None, typer.Option(
    "--from", help="Input format (default: from the file name's extension).", show_default=False)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _check_json(loaded: Loaded, strict: bool) -> dict[str, Any]:
    failed = bool(loaded.errors) or (strict and bool(loaded.warnings))
    return {"file": loaded.source, "format": loaded.format.value, "boards": len(loaded.items),
            "ok": not failed, "errors": [p.as_json() for p in loaded.errors],
            "warnings": [p.as_json() for p in loaded.warnings]}


def _print_check(loaded: Loaded, strict: bool) -> None:
    errors, warnings = loaded.errors, loaded.warnings
    failed = bool(errors) or (strict and bool(warnings))
    mark = "[bold red]✗[/]" if failed else ("[yellow]![/]" if warnings else "[green]✓[/]")
    counts = f"{_plural(len(loaded.items), 'board')}, {_plural(len(errors), 'error')}, " \
             f"{_plural(len(warnings), 'warning')}"
    out.print(f"{mark} [bold]{escape(loaded.source)}[/] ({loaded.format.value.upper()}): {counts}")
    for problem in (*errors, *warnings):
        out.print("  " + problem_line(problem))


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
    ) -> None:
        results = [load(path, format_of(path, from_)) for path in files]
        errors = sum(len(r.errors) for r in results)
        warnings = sum(len(r.warnings) for r in results)
        failed = errors > 0 or (strict and warnings > 0)
        if as_json:
            emit_json({"files": [_check_json(r, strict) for r in results], "errors": errors,
                       "warnings": warnings, "strict": strict, "ok": not failed})
        else:
            for loaded in results:
                _print_check(loaded, strict)
            if len(results) > 1:
                boards = sum(len(r.items) for r in results)
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
    ) -> None:
        if as_json and output is None:
            fail("--json prints a summary, so the converted file needs -o", EXIT_USAGE)
        in_format = format_of(file, from_)
        out_format = output_format_of(output, to)
        if output is not None and output.resolve() == file.resolve():
            fail(f"{output} is the input file; write the conversion elsewhere", EXIT_USAGE)
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
