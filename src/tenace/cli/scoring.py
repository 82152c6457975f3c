"""``tenace score``: the Law 77 score of one result, or of many read from standard input."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from tenace.board import Vulnerability, vulnerability_for
from tenace.cli._common import EXIT_BAD_INPUT, JsonOption, emit_json, err, fail, out
from tenace.contract import Contract
from tenace.errors import NotationError
from tenace.scoring.points import score
from tenace.seats import Seat, Side

_RESULT_RE = re.compile(r"^(=|[+-]\d{1,2}|\d{1,2})$")


@dataclass(frozen=True, slots=True)
class ScoredResult:
    contract: Contract | None
    tricks: int
    vulnerability: Vulnerability

    @property
    def score_ns(self) -> int:
        if self.contract is None:
            return 0
        points = score(self.contract, self.tricks,
                       vulnerable=self.vulnerability.is_vulnerable(self.contract.declarer))
        return points if self.contract.declarer.side is Side.NS else -points

    def as_dict(self) -> dict[str, Any]:
        c = self.contract
        return {
            "contract": None if c is None else c.text(),
            "declarer": None if c is None else c.declarer.value,
            "tricks": self.tricks,
            "result": None if c is None else self.tricks - c.tricks_needed,
            "vulnerability": self.vulnerability.value,
            "score_ns": self.score_ns,
            "score_ew": -self.score_ns,
        }

    def describe(self) -> str:
        c = self.contract
        if c is None:
            return "passed out: 0"
        diff = self.tricks - c.tricks_needed
        outcome = "made exactly" if diff == 0 else (f"made +{diff}" if diff > 0 else f"down {-diff}")
        vul = "vulnerable" if self.vulnerability.is_vulnerable(c.declarer) else "not vulnerable"
        side = c.declarer.side
        points = self.score_ns if side is Side.NS else -self.score_ns
        return f"{c.text()} by {c.declarer.name.title()} ({vul}), {outcome}: {side} {points:+d}"


def parse_result(contract: Contract | None, result: str) -> int:
    """Tricks taken from a result: ``=``, ``+1``, ``-2`` (relative to the contract) or ``9`` (tricks)."""
    text = result.strip()
    if not _RESULT_RE.match(text):
        raise NotationError(f"not a result: {result!r} (expected =, +1, -2 or a number of tricks 0-13)")
    if text[0] in "+-=":
        if contract is None:
            raise NotationError("a passed-out board has no result relative to a contract")
        tricks = contract.tricks_needed + (0 if text == "=" else int(text))
    else:
        tricks = int(text)
    if not 0 <= tricks <= 13:
        raise NotationError(f"result {result!r} gives {tricks} tricks; declarer takes 0 to 13")
    return tricks


def parse_line(tokens: list[str], *, by: str | None, vul: str | None, board: int | None) -> ScoredResult:
    """Parse ``CONTRACT [DECLARER] RESULT [VULNERABILITY]``; options fill in what the tokens leave out."""
    if not tokens:
        raise NotationError("empty result")
    if tokens[0].upper() in ("PASS", "P", "AP", "PASSED"):
        vulnerability = _vulnerability(tokens[1] if len(tokens) > 1 else vul, board)
        return ScoredResult(None, 0, vulnerability)
    contract_text, rest = tokens[0], tokens[1:]
    seat = Seat.from_str(by) if by else None
    if rest and rest[0].upper() in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST", "BY"):
        if rest[0].upper() == "BY":
            rest = rest[1:]
        if not rest:
            raise NotationError("'by' must be followed by a seat")
        seat = Seat.from_str(rest[0])
        rest = rest[1:]
    contract = Contract.from_str(contract_text, seat)
    if not rest:
        raise NotationError(f"no result given for {contract_text}")
    tricks = parse_result(contract, rest[0])
    if len(rest) > 2:
        raise NotationError(f"unexpected text after the result: {' '.join(rest[2:])!r}")
    vulnerability = _vulnerability(rest[1] if len(rest) > 1 else vul, board)
    return ScoredResult(contract, tricks, vulnerability)


def _vulnerability(text: str | None, board: int | None) -> Vulnerability:
    if text is not None:
        return Vulnerability.from_str(text)
    if board is not None:
        return vulnerability_for(board)  # Law 2
    return Vulnerability.NONE


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
    from tenace.scoring.imps import imps, team_imps
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
            out.print(f"{difference:+d} points = {result:+d} IMPs")

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
            out.print(f"{m:+d} IMPs over {boards} boards = {first} - {second} VP")
