"""Reading and scoring the results ``tenace score`` takes (``4SX N -2 NS``): Law 77 scores on plain values
(letters and numbers, read by :mod:`tenace.notation` and scored by :mod:`tenace.scoring.law77`, which the
core's types use as well), so that :mod:`tenace.cli._fast` answers without Typer, Rich or the core's
enums and dataclasses (issue 16)."""

from __future__ import annotations

from tenace.errors import NotationError
from tenace.notation import (
    SEAT_NAMES,
    board_vulnerability,
    contract_parts,
    contract_text,
    seat_letter,
    side_is_vulnerable,
    side_of,
    vulnerability_value,
)
from tenace.scoring.law77 import deal_score

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than this whole path
if TYPE_CHECKING:
    from typing import Any


class ScoredResult:
    """One scored result: the contract as :func:`tenace.notation.contract_parts` reads it (``None`` for a
    passed-out board), the tricks declarer's side took and the vulnerability (``"None"``, ``"NS"``, ``"EW"``
    or ``"All"``)."""

    __slots__ = ("contract", "tricks", "vulnerability")

    def __init__(self, contract: tuple[int, str, int, str] | None, tricks: int, vulnerability: str) -> None:
        self.contract = contract
        self.tricks = tricks
        self.vulnerability = vulnerability

    @property
    def score_ns(self) -> int:
        if self.contract is None:
            return 0
        level, denomination, multiplier, declarer = self.contract
        side = side_of(declarer)
        points = deal_score(level, denomination, multiplier, self.tricks,
                            vulnerable=side_is_vulnerable(self.vulnerability, side))
        return points if side == "NS" else -points

    def as_dict(self) -> dict[str, Any]:
        if self.contract is None:
            contract = declarer = result = None
        else:
            level, denomination, multiplier, declarer = self.contract
            contract, result = contract_text(level, denomination, multiplier), self.tricks - 6 - level
        return {
            "contract": contract,
            "declarer": declarer,
            "tricks": self.tricks,
            "result": result,
            "vulnerability": self.vulnerability,
            "score_ns": self.score_ns,
            "score_ew": -self.score_ns,
        }

    def describe(self) -> str:
        if self.contract is None:
            return "passed out: 0"
        level, denomination, multiplier, declarer = self.contract
        diff = self.tricks - 6 - level
        outcome = "made exactly" if diff == 0 else (f"made +{diff}" if diff > 0 else f"down {-diff}")
        side = side_of(declarer)
        vul = "vulnerable" if side_is_vulnerable(self.vulnerability, side) else "not vulnerable"
        points = self.score_ns if side == "NS" else -self.score_ns
        return (f"{contract_text(level, denomination, multiplier)} by {SEAT_NAMES[declarer]} ({vul}), "
                f"{outcome}: {side} {points:+d}")


def parse_result(needed: int | None, result: str) -> int:
    """Tricks taken from a result: ``=``, ``+1``, ``-2`` (relative to the ``needed`` tricks of the contract,
    ``None`` for a passed-out board) or ``9`` (tricks)."""
    text = result.strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    if text != "=" and not (1 <= len(digits) <= 2 and digits.isdecimal()):
        raise NotationError(f"not a result: {result!r} (expected =, +1, -2 or a number of tricks 0-13)")
    if text[0] in "+-=":
        if needed is None:
            raise NotationError("a passed-out board has no result relative to a contract")
        tricks = needed + (0 if text == "=" else int(text))
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
    written, rest = tokens[0], tokens[1:]
    seat = seat_letter(by) if by else None
    if rest and rest[0].upper() in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST", "BY"):
        if rest[0].upper() == "BY":
            rest = rest[1:]
        if not rest:
            raise NotationError("'by' must be followed by a seat")
        seat = seat_letter(rest[0])
        rest = rest[1:]
    contract = contract_parts(written, seat)
    if not rest:
        raise NotationError(f"no result given for {written}")
    tricks = parse_result(6 + contract[0], rest[0])
    if len(rest) > 2:
        raise NotationError(f"unexpected text after the result: {' '.join(rest[2:])!r}")
    vulnerability = _vulnerability(rest[1] if len(rest) > 1 else vul, board)
    return ScoredResult(contract, tricks, vulnerability)


def _vulnerability(text: str | None, board: int | None) -> str:
    if text is not None:
        return vulnerability_value(text)
    if board is not None:
        return board_vulnerability(board)  # Law 2
    return "None"
