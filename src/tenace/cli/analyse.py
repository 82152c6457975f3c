"""``tenace analyse``: the double-dummy table and par of every board with a full deal, written into the PBN
(``OptimumResultTable``, ``DoubleDummyTricks``, ``OptimumScore``, ``ParContract``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from tenace.cli._common import EXIT_BAD_INPUT, EXIT_USAGE, JsonOption, emit_json, err, fail
from tenace.cli._dd import solve
from tenace.cli._files import (
    Format,
    Item,
    OutputFormat,
    Problem,
    board_name,
    dd_json,
    format_of,
    line_of,
    load,
    par_json,
    record_of,
    render,
    report,
    write_output,
)
from tenace.deal import Deal
from tenace.formats.pbn.annotated import with_double_dummy


def register(app: typer.Typer) -> None:
    @app.command(
        "analyse",
        help=(
            "Solve every board with a full deal double dummy (all cores) and write its table and par "
            "into the PBN: OptimumResultTable, DoubleDummyTricks, OptimumScore and ParContract, "
            "replacing old ones. Writes to [bold]-o[/], back into the file with [bold]--in-place[/], "
            "else to standard output. Boards without a full deal are reported and left as they are. "
            "[bold]--json[/] prints the tables (and writes PBN only to -o or --in-place)."
        ),
    )
    def analyse_command(
        file: Annotated[Path, typer.Argument(help="A PBN file (LIN, JSON and .dup are read too).",
                                             exists=True, dir_okay=False)],
        output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the analysed PBN here.",
                                                    dir_okay=False)] = None,
        in_place: Annotated[bool, typer.Option("--in-place", help="Rewrite FILE itself.")] = False,
        from_: Annotated[Format | None, typer.Option("--from", help="Input format (default: from the "
                                                     "extension).", show_default=False)] = None,
        as_json: JsonOption = False,
    ) -> None:
        if in_place and output is not None:
            fail("give -o or --in-place, not both", EXIT_USAGE)
        in_format = format_of(file, from_)
        if in_place and in_format is not Format.PBN:
            fail(f"--in-place rewrites a PBN file; {file} is {in_format.value.upper()} (use -o OUT.pbn)",
                 EXIT_USAGE)
        loaded = load(file, in_format)
        report(loaded.errors, limit=20)
        if not loaded.items:
            fail(f"{file}: no boards to analyse")
        if in_place and loaded.errors:
            fail(f"{file} has errors, and rewriting it would drop what the reader could not use; "
                 "fix them (tenace pbn check) or write elsewhere with -o")

        todo = [i for i, item in enumerate(loaded.items) if isinstance(record_of(item).deal, Deal)]
        skipped = [Problem(loaded.source, line_of(item), "warning",
                           "analyse", f"{board_name(item)} has no full deal: left as it is",
                           record_of(item).number)
                   for i, item in enumerate(loaded.items) if i not in set(todo)]
        report(skipped)
        solved = solve([record_of(loaded.items[i]) for i in todo], f"Double dummy, {len(todo)} boards") \
            if todo else []
        items: list[Item] = list(loaded.items)
        boards_json: list[dict[str, Any]] = []
        for i, (table, par) in zip(todo, solved, strict=True):
            item = items[i]
            items[i] = with_double_dummy(item, table, par)
            boards_json.append({"board": record_of(item).number,
                                "line": line_of(item),
                                "dd": dd_json(table), "par": par_json(par)})
            if par is None:
                report([Problem(loaded.source, line_of(item), "warning", "analyse",
                                f"{board_name(item)}: no dealer or vulnerability, so no par",
                                record_of(item).number)])

        target = file if in_place else output
        if target is not None or not as_json:
            data, _ = render(items, OutputFormat.PBN)
            write_output(data, target)
        if as_json:
            emit_json({"file": str(file), "output": str(target) if target is not None else None,
                       "analysed": len(todo), "boards": boards_json,
                       "skipped": [p.as_json() for p in skipped],
                       "errors": [p.as_json() for p in loaded.errors]})
        else:
            where = f"[bold]{escape(str(target))}[/]" if target is not None else "standard output"
            left = f"; {len(skipped)} without a full deal left as they were" if skipped else ""
            err.print(f"[green]✓[/] Double dummy and par for {len(todo)} of {len(loaded.items)} boards "
                      f"\u2192 {where}{left}")
        if loaded.errors:
            raise typer.Exit(EXIT_BAD_INPUT)
