"""``tenace score``: the Law 77 score of one result, or of many read from standard input."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from tenace.cli._common import EXIT_BAD_INPUT, JsonOption, emit_json, err, fail, out
from tenace.cli._fast import imps_line, vp_line
from tenace.cli._results import parse_line

_Args = Annotated[list[str] | None, typer.Argument(help="CONTRACT [DECLARER] RESULT [VULNERABILITY]")]
_BoardOpt = Annotated[int | None, typer.Option("--board", help="Take vulnerability from this board (Law 2).")]


def register(app: typer.Typer) -> None:
    @app.command(
        "score",
        context_settings={"ignore_unknown_options": True, "allow_extra_args": False},
        help=(
            "Score a result under Law 77, e.g. [bold]tenace score 4SX -2 --by N --vul NS[/] or "
            "[bold]tenace score 3NTS 10 --board 7[/]. With no arguments, reads one result per line from "
            "standard input: CONTRACT [DECLARER] RESULT [VULNERABILITY]."
        ),
    )
    def score_command(
        args: _Args = None,
        by: Annotated[str | None, typer.Option("--by", help="Declarer: N, E, S or W.")] = None,
        vul: Annotated[str | None, typer.Option("--vul", help="Vulnerable: None, NS, EW, All.")] = None,
        board: _BoardOpt = None,
        as_json: JsonOption = False,
    ) -> None:
        if args:
            try:
                results = [parse_line(list(args), by=by, vul=vul, board=board)]
            except ValueError as exc:
                fail(str(exc), 2)
        else:
            results = []
            bad = 0
            for lineno, line in enumerate(sys.stdin, 1):
                tokens = line.split("#", 1)[0].split()
                if not tokens:
                    continue
                try:
                    results.append(parse_line(tokens, by=by, vul=vul, board=board))
                except ValueError as exc:
                    err.print(f"[bold red]error:[/] <stdin>:{lineno}: {exc}")
                    bad += 1
            if bad and not results:
                raise typer.Exit(EXIT_BAD_INPUT)
        if as_json:
            emit_json([r.as_dict() for r in results] if not args else results[0].as_dict())
        else:
            for r in results:
                out.print(r.describe())
        if not args and bad:
            raise typer.Exit(EXIT_BAD_INPUT)


def _int_arg(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        fail(f"{what} must be a whole number, got {text!r}", 2)


def register_teams(app: typer.Typer) -> None:
    from tenace.scoring.imp_scale import imps, team_imps
    from tenace.scoring.vp import WBFContinuousScale

    @app.command(
        "imps",
        context_settings={"ignore_unknown_options": True},
        help=(
            "Convert a point difference to IMPs (Law 78B): [bold]tenace imps 470[/]. With two scores, the "
            "North-South scores of the open and closed rooms: [bold]tenace imps 620 -100[/]."
        ),
    )
    def imps_command(
        values: Annotated[list[str], typer.Argument(help="DIFFERENCE, or OPEN_NS CLOSED_NS")],
        as_json: JsonOption = False,
    ) -> None:
        numbers = [_int_arg(v, "a score") for v in values]
        if len(numbers) == 1:
            difference, result = numbers[0], imps(numbers[0])
        elif len(numbers) == 2:
            difference, result = numbers[0] - numbers[1], team_imps(numbers[0], numbers[1])
        else:
            fail("give one point difference, or two scores (open room NS, closed room NS)", 2)
        if as_json:
            emit_json({"difference": difference, "imps": result})
        else:
            out.print(imps_line(difference, result))

    @app.command(
        "vp",
        context_settings={"ignore_unknown_options": True},
        help=(
            "Victory points on the WBF 2013 continuous scale: [bold]tenace vp 23 --boards 28[/]. "
            "[bold]--table[/] prints the whole scale."
        ),
    )
    def vp_command(
        margin: Annotated[str | None, typer.Argument(help="IMP margin (may be negative)")] = None,
        boards: Annotated[int, typer.Option("--boards", "-b", help="Boards in the match.")] = 28,
        table: Annotated[bool, typer.Option("--table", help="Print the scale for every margin.")] = False,
        as_json: JsonOption = False,
    ) -> None:
        try:
            scale = WBFContinuousScale(boards)
        except ValueError as exc:
            fail(str(exc), 2)
        if table:
            rows = [{"margin": m, "winner": str(v), "loser": str(20 - v)} for m, v in enumerate(scale.table)]
            if as_json:
                emit_json({"boards": boards, "scale": rows})
            else:
                out.print(f"WBF 2013 continuous scale, {boards} boards (blitz at {scale.blitz} IMPs)")
                for row in rows:
                    out.print(f"{row['margin']:>4}  {row['winner']:>6} - {row['loser']:<6}")
            return
        if margin is None:
            fail("give an IMP margin, or --table", 2)
        m = _int_arg(margin, "the margin")
        first, second = scale.vps(m)
        if as_json:
            emit_json({"margin": m, "boards": boards, "vps": [str(first), str(second)]})
        else:
            out.print(vp_line(m, boards, first, second))
