"""Reading and scoring the results ``tenace score`` takes (``4SX N -2 NS``): Law 77 scores, no Typer or Rich,
so that :mod:`tenace.cli._fast` can answer without them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tenace.board import Vulnerability, vulnerability_for
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

