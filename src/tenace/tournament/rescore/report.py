"""The report of a re-scoring: checks by line and by participant, settings, documented deviations."""

from __future__ import annotations

import decimal
import enum
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from tenace.board import Vulnerability
from tenace.contract import Contract
from tenace.errors import NotationError
from tenace.scoring.matchpoints import rounded
from tenace.scoring.points import score
from tenace.seats import Side

SCHEMA_VERSION: Final = 1
"""The version of :meth:`RescoreReport.to_json`'s layout (docs/rescore.md)."""

_HUNDRED: Final = Fraction(100)


class RescoreError(NotationError):
    """A results file Tenace cannot read: the message names the file and, where known, the line."""

    def __init__(self, message: str, *, source: str = "<results>", lineno: int | None = None) -> None:
        self.message = message
        self.source = source
        self.lineno = lineno
        where = source if lineno is None else f"{source}:{lineno}"
        super().__init__(f"{where}: {message}")


class Rounding(enum.Enum):
    """How a program rounds a value that is exactly halfway when it prints it."""

    HALF_EVEN = "half-even"
    """12.65 -> 12.6, 27.35 -> 27.4 (Compscore, JFR Pary)."""
    HALF_UP = "half-up"
    """Halves away from zero: 82.5 -> 83 (Ruter, BBO)."""

    @property
    def mode(self) -> str:
        return decimal.ROUND_HALF_EVEN if self is Rounding.HALF_EVEN else decimal.ROUND_HALF_UP

    def round(self, value: Fraction | int, places: int) -> Decimal:
        """``value`` rounded for display.

        >>> Rounding.HALF_EVEN.round(Fraction(253, 20), 1), Rounding.HALF_UP.round(Fraction(165, 2), 0)
        (Decimal('12.6'), Decimal('83'))
        """
        return _rounded(value, places, self.mode)


@functools.lru_cache(maxsize=8192)
def _rounded(value: Fraction | int, places: int, mode: str) -> Decimal:
    """:func:`rounded`, remembered: a results file prints the same few values on most of its lines (the
    result depends only on the value, so ``2`` and ``Fraction(2)`` may share it)."""
    return rounded(value, places, mode)


# --- the report --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    """One number compared: what the program printed and what Tenace computes, as printed the same way.

    ``tenace`` is ``None`` when Tenace takes the program's value as given (a Director's adjusted score that
    one page cannot recompute); such a check agrees. ``reason`` explains a documented difference.
    """

    quantity: str
    program: str
    tenace: str | None
    agrees: bool
    reason: str | None = None

    @property
    def documented(self) -> bool:
        return not self.agrees and self.reason is not None

    def as_dict(self) -> dict[str, Any]:
        return {"program": self.program, "tenace": self.tenace, "agrees": self.agrees, "reason": self.reason}


def _text(value: Decimal | int | str) -> str:
    """A number as people write it: a normalised ``Decimal`` such as ``1E+1`` is ``10``.

    >>> _text(Decimal("1E+1")), _text(Decimal("27.50")), _text(-3)
    ('10', '27.50', '-3')
    """
    return format(value, "f") if isinstance(value, Decimal) else str(value)


def compare(
    quantity: str, program: Decimal | int, tenace: Decimal | int | None, reason: str | None = None
) -> Check:
    """A :class:`Check` of two numbers (equal when numerically equal: ``27`` and ``27.0`` agree).

    >>> compare("ns_mp", Decimal("27.0"), 27).agrees, compare("score", 420, 450, "why").documented
    (True, True)
    """
    agrees = tenace is not None and Decimal(program) == Decimal(tenace)
    return Check(
        quantity,
        _text(program),
        None if tenace is None else _text(tenace),
        agrees,
        None if agrees else reason,
    )


def given(quantity: str, program: Decimal | int | str, note: str) -> Check:
    """A value Tenace takes as the program gives it (it agrees by definition; ``note`` says why)."""
    return Check(quantity, _text(program), None, True, note)


@dataclass(frozen=True, slots=True)
class LineReport:
    """One traveller line (or one team match): who played, and every number checked on it."""

    board: int | None
    ns: str
    ew: str
    checks: tuple[Check, ...]
    round: int | None = None
    table: str | None = None
    note: str | None = None
    """How Tenace read the line, when that is not obvious (an artificial score detected from its MPs)."""

    @property
    def label(self) -> str:
        return f"{self.ns} v {self.ew}"

    @property
    def agrees(self) -> bool:
        return all(c.agrees for c in self.checks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "round": self.round,
            "table": self.table,
            "ns": self.ns,
            "ew": self.ew,
            "agrees": self.agrees,
            "note": self.note,
            "values": {c.quantity: c.as_dict() for c in self.checks},
        }


@dataclass(frozen=True, slots=True)
class ParticipantReport:
    """One pair or team: its totals, percentage and place, checked."""

    participant: str
    checks: tuple[Check, ...]

    @property
    def agrees(self) -> bool:
        return all(c.agrees for c in self.checks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.participant,
            "agrees": self.agrees,
            "values": {c.quantity: c.as_dict() for c in self.checks},
        }


@dataclass(frozen=True, slots=True)
class Difference:
    """A check that did not agree, with where it is."""

    board: int | None
    where: str
    """The line (``"1NS v 21EW"``), the match or the participant."""
    check: Check
    participant: bool = False


@dataclass(frozen=True, slots=True)
class LineTally:
    """Traveller lines that were checked and counted but are not listed in :attr:`RescoreReport.lines`: a
    big file lists only its first differing lines (see docs/rescore.md, "Big files")."""

    lines: int = 0
    agreeing: int = 0
    documented: int = 0
    """Lines that differ only where the difference is documented."""
    differing_checks: int = 0
    """Values that differ on the lines counted here (documented or not)."""
    unexplained: int = 0
    """Values that differ without a documented reason on the lines counted here."""
    checks: int = 0


@dataclass(frozen=True, slots=True)
class RescoreReport:
    """Everything Tenace checked in one file, and how it scored it."""

    source: str
    format: str
    """``"usebio"``, ``"pbn"``, ``"jfr-html"``, ``"kops-html"``, ``"bbo-html"``."""
    program: str
    method: str
    """``"matchpoints"``, ``"butler"``, ``"cross-imps"``, ``"teams-vp"``, ``"scores"`` (Law 77 only)."""
    rounding: Rounding
    lines: tuple[LineReport, ...]
    participants: tuple[ParticipantReport, ...] = ()
    settings: tuple[tuple[str, str], ...] = ()
    """Other settings used, each as ``(name, value)`` (factoring, field, boards per match, ...)."""
    notes: tuple[str, ...] = ()
    omitted: LineTally = LineTally()
    """Lines checked but not listed (a big file lists its first differing lines and counts the rest)."""

    def differences(self) -> tuple[Difference, ...]:
        out: list[Difference] = []
        for line in self.lines:
            where = line.label if line.round is None else f"round {line.round}: {line.label}"
            out.extend(Difference(line.board, where, c) for c in line.checks if not c.agrees)
        for p in self.participants:
            out.extend(Difference(None, p.participant, c, participant=True) for c in p.checks if not c.agrees)
        return tuple(out)

    def unexplained(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences() if not d.check.documented)

    @property
    def exit_code(self) -> int:
        """0 when everything agrees or every difference is documented, 1 otherwise."""
        return 1 if self.omitted.unexplained or self.unexplained() else 0

    def summary(self) -> dict[str, int]:
        def count(items: Sequence[LineReport] | Sequence[ParticipantReport]) -> tuple[int, int, int]:
            agree = sum(1 for i in items if i.agrees)
            documented = sum(
                1 for i in items if not i.agrees and all(c.agrees or c.documented for c in i.checks)
            )
            return agree, len(items) - agree, documented

        la, ld, ldoc = count(self.lines)
        pa, pd, pdoc = count(self.participants)
        more = self.omitted
        out = {
            "lines": len(self.lines) + more.lines,
            "lines_agreeing": la + more.agreeing,
            "lines_differing": ld + more.lines - more.agreeing,
            "lines_documented": ldoc + more.documented,
            "participants": len(self.participants),
            "participants_agreeing": pa,
            "participants_differing": pd,
            "participants_documented": pdoc,
            "checks": sum(len(line.checks) for line in self.lines)
            + sum(len(p.checks) for p in self.participants)
            + more.checks,
            "unexplained": len(self.unexplained()) + more.unexplained,
        }
        if more.lines:
            out["lines_listed"] = len(self.lines)
            out["differences_not_listed"] = more.differing_checks
        return out

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form (``"version"``: :data:`SCHEMA_VERSION`; see docs/rescore.md)."""
        return {
            "version": SCHEMA_VERSION,
            "source": self.source,
            "format": self.format,
            "program": self.program,
            "method": self.method,
            "rounding": self.rounding.value,
            "settings": dict(self.settings),
            "notes": list(self.notes),
            "summary": self.summary(),
            "exit_code": self.exit_code,
            "lines": [line.as_dict() for line in self.lines],
            "participants": [p.as_dict() for p in self.participants],
        }


# --- documented deviations ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KnownDeviation:
    """A line (or a participant's total) where a program's output is known not to be what the Laws and its
    own method give."""

    program: str
    """Matched case-insensitively at the start of the program's name."""
    event: str
    """The event's name as the file gives it (USEBIO EVENT_DESCRIPTION, PBN Event)."""
    board: int | None
    """The board of the line; ``None`` for a participant's total."""
    ns: str | None
    """The line's North-South pair (``None``: every line of the board), or the participant."""
    reason: str

    def applies(self, program: str, event: str | None, board: int | None, ns: str) -> bool:
        return (
            program.lower().startswith(self.program.lower())
            and event == self.event
            and board == self.board
            and self.ns in (None, ns)
        )


KNOWN_DEVIATIONS: Final[tuple[KnownDeviation, ...]] = (
    KnownDeviation(
        "Compscore",
        "EL Thu 1.00pm Open (28-Jul-22)",
        4,
        "1NS",
        "Compscore: 1NS v 21EW scored -650 like eleven other lines, which all get 19/21, but the line shows "
        "21/19 (a 2 MP change made by hand)",
    ),
    KnownDeviation(
        "Compscore",
        "EL Thu 1.00pm Open (28-Jul-22)",
        3,
        "1NS",
        "Compscore: coded A5050 (average to both, Law 12C2) but the line carries 23/11 MPs",
    ),
    KnownDeviation(
        "Ruter",
        "2022-05-08-KM. par",
        37,
        None,
        "Ruter: its own handling of the A+/A- lines makes this board's percentages sum to 120 % "
        "(not Law 78A)",
    ),
    KnownDeviation(
        "Compscore",
        "EL Mon 1:00pm Open (11-Jul-22)",
        None,
        "8NS",
        "Compscore: the total is printed 456.95 where the exact value is 456.9444... (its percentage agrees)",
    ),
    KnownDeviation(
        "Compscore",
        "EL Mon 1:00pm Open (11-Jul-22)",
        None,
        "2EW",
        "Compscore: the total is printed 416.05 where the exact value is 416.0555... (its percentage agrees)",
    ),
)


def _known(program: str, event: str | None, board: int | None, ns: str) -> str | None:
    for deviation in KNOWN_DEVIATIONS:
        if deviation.applies(program, event, board, ns):
            return deviation.reason
    return None


# --- shared helpers ----------------------------------------------------------------------------------------


def _law77_ns(contract: Contract | None, tricks: int, vulnerability: Vulnerability) -> int:
    """North-South's Law 77 score (0 for a passed-out board)."""
    if contract is None:
        return 0
    points = score(contract, tricks, vulnerable=vulnerability.is_vulnerable(contract.declarer))
    return points if contract.declarer.side is Side.NS else -points


def _exact(value: Decimal) -> Fraction:
    return Fraction(value)


def _places(values: Mapping[str, Fraction], groups: Mapping[str, str] | None = None) -> dict[str, int]:
    """Competition places (1, 2, 2, 4) by value, highest first, within each group."""
    out: dict[str, int] = {}
    by_group: dict[str, list[str]] = {}
    for pid in values:
        by_group.setdefault(groups.get(pid, "") if groups else "", []).append(pid)
    for members in by_group.values():
        for pid in members:
            out[pid] = 1 + sum(1 for other in members if values[other] > values[pid])
    return out


def _place_check(
    pid: str,
    program: int,
    ours: Mapping[str, int],
    theirs: Mapping[str, int],
    percentage_documented: Callable[[str], bool],
) -> Check:
    """The place: Tenace's from its own values; a difference is documented when the program's place follows
    from the program's own (documented) values."""
    reason = None
    if theirs.get(pid) == program and percentage_documented(pid):
        reason = "the place follows the program's documented differences in the totals"
    return compare("place", program, ours.get(pid), reason)


def _stated_places(values: Mapping[str, Decimal], groups: Mapping[str, str] | None) -> dict[str, int]:
    return _places({k: _exact(v) for k, v in values.items()}, groups)
