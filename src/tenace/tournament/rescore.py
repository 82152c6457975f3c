"""Re-scoring another program's results with Tenace: where Tenace agrees, line by line and pair by pair.

:func:`rescore_file` reads a results file written by a scoring program, recomputes every number in it from
the results alone (Law 77 scores, Law 78A matchpoints and percentages, Law 78B Butler IMPs against a datum,
cross-IMPs, victory points, totals and places), and compares Tenace's values with the program's. Each
comparison is a :class:`Check`; the checks are grouped by traveller line (:class:`LineReport`) and by
participant (:class:`ParticipantReport`) in a :class:`RescoreReport`.

Formats read:

* USEBIO 1.2 XML (Compscore and others): ``MP_PAIRS`` with Neuberg factoring and artificial adjusted scores,
  ``BUTLER_PAIRS``; other event types are refused with a clear error.
* PBN with ``ScoreTable``/``TotalScoreTable`` (Ruter and others): matchpoint pairs (centred MPs and
  percentages), Butler pairs (``IMP_NS``, ``ButlerDatum``, across sections) and team matches (``MatchDetails``
  with IMPs per segment, ``VP_Home``/``VP_Away``).
* A JFR Pary traveller page (HTML, one board: % NS / % EW) and a BBO traveller page (HTML, one board: NS
  points and NS % or cross-IMPs).

How a program rounds, and whether it factors short boards, are settings (Law 78D leaves them to the
conditions of contest): each format has a detected default, printed in the report. Where a program's output
is known not to follow the Laws and its own method, :data:`KNOWN_DEVIATIONS` and a few checked rules give the
reason, and such a difference counts as *documented*; anything else is *unexplained*.

>>> report = rescore_text('''[Board "1"]
... [Vulnerable "None"]
... [ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]
... 1 1 4S N 10 "420" - 1.0 -1.0
... 2 2 4S N 9 - "50" -1.0 1.0
... ''', source="tiny.pbn")
>>> report.method, report.summary()["lines_differing"], report.exit_code
('matchpoints', 0, 0)
"""

from __future__ import annotations

import decimal
import enum
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Final

from tenace.board import Vulnerability, vulnerability_for
from tenace.contract import Contract
from tenace.errors import BridgeError, NotationError
from tenace.formats.pbn import PBNGame, PBNTable, read_games
from tenace.formats.pbn.tables import Cell
from tenace.formats.usebio import (
    BoardResults,
    EventType,
    UnsupportedEventError,
    USEBIOError,
    USEBIOEvent,
    parse_usebio,
)
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award
from tenace.scoring.imps import butler_datum, cross_imps_average, imps_against
from tenace.scoring.matchpoints import (
    Entry,
    Factoring,
    TableResult,
    rounded,
    score_board,
    score_event,
    top_units,
)
from tenace.scoring.points import score
from tenace.scoring.vp import WBFContinuousScale
from tenace.seats import Seat, Side

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
        return rounded(value, places, self.mode)


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
    return str(value)


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
class RescoreReport:
    """Everything Tenace checked in one file, and how it scored it."""

    source: str
    format: str
    """``"usebio"``, ``"pbn"``, ``"jfr-html"``, ``"bbo-html"``."""
    program: str
    method: str
    """``"matchpoints"``, ``"butler"``, ``"cross-imps"``, ``"teams-vp"``."""
    rounding: Rounding
    lines: tuple[LineReport, ...]
    participants: tuple[ParticipantReport, ...] = ()
    settings: tuple[tuple[str, str], ...] = ()
    """Other settings used, each as ``(name, value)`` (factoring, field, boards per match, ...)."""
    notes: tuple[str, ...] = ()

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
        return 1 if self.unexplained() else 0

    def summary(self) -> dict[str, int]:
        def count(items: Sequence[LineReport] | Sequence[ParticipantReport]) -> tuple[int, int, int]:
            agree = sum(1 for i in items if i.agrees)
            documented = sum(
                1 for i in items if not i.agrees and all(c.agrees or c.documented for c in i.checks)
            )
            return agree, len(items) - agree, documented

        la, ld, ldoc = count(self.lines)
        pa, pd, pdoc = count(self.participants)
        return {
            "lines": len(self.lines),
            "lines_agreeing": la,
            "lines_differing": ld,
            "lines_documented": ldoc,
            "participants": len(self.participants),
            "participants_agreeing": pa,
            "participants_differing": pd,
            "participants_documented": pdoc,
            "checks": sum(len(line.checks) for line in self.lines)
            + sum(len(p.checks) for p in self.participants),
            "unexplained": len(self.unexplained()),
        }

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
    """A line where a program's output is known not to be what the Laws and its own method give."""

    program: str
    """Matched case-insensitively at the start of the program's name."""
    event: str
    """The event's name as the file gives it (USEBIO EVENT_DESCRIPTION, PBN Event)."""
    board: int
    ns: str | None
    """The line's North-South pair, or ``None`` for every line of the board."""
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


# --- USEBIO ------------------------------------------------------------------------------------------------


_ARTIFICIAL_SHARES: Final = tuple(
    (Fraction(a), Fraction(b)) for a, b in ((50, 50), (60, 40), (40, 60), (60, 60), (40, 40))
)


def _usebio_vulnerability(event: USEBIOEvent, number: int) -> Vulnerability:
    for board in event.handset:
        if board.number == number:
            return board.vulnerability
    return vulnerability_for(number)


def _usebio_score_check(event: USEBIOEvent, board: BoardResults, index: int) -> Check | None:
    line = board.lines[index]
    if line.adjusted is not None or line.score is None:
        return None
    if line.passed_out:
        return compare("score", line.score, 0)
    if line.contract is None or line.tricks is None:
        return None
    return compare(
        "score", line.score, _law77_ns(line.contract, line.tricks, _usebio_vulnerability(event, board.number))
    )


@dataclass(frozen=True, slots=True)
class _MPBoard:
    entries: tuple[Entry, ...]
    detected: frozenset[int]
    """Lines showing a real score whose MPs are an artificial share of the top."""


class _USEBIOMatchpoints:
    """Compscore-style matchpoint pairs: travellers in units (plain or Neuberg-factored, one decimal), totals
    Neuberg-factored and scaled to the boards of the event."""

    def __init__(self, event: USEBIOEvent, rounding: Rounding) -> None:
        self.event = event
        self.rounding = rounding
        self.program = event.program_name or "unknown program"
        self.field = max((len(b.lines) for b in event.boards), default=0)
        self.plain = self._travellers_unfactored()

    def _travellers_unfactored(self) -> bool:
        """Whether boards with fewer results than the field show their own units (NS + EW = 2(n - 1))
        rather than factored ones (NS + EW = 2(field - 1))."""
        votes = 0
        for board in self.event.boards:
            real = [line for line in board.lines if line.adjusted is None]
            if len(real) == len(board.lines) < self.field:
                for line in real:
                    if line.ns_match_points is not None and line.ew_match_points is not None:
                        total = line.ns_match_points + line.ew_match_points
                        votes += 1 if total == top_units(len(real)) else -1
        return votes > 0

    def known(self, board: int, ns: str) -> str | None:
        return _known(self.program, self.event.description, board, ns)

    def shown(self, value: Fraction, factored: bool) -> Decimal:
        """What Compscore prints for exact units: whole values as they are; factored ones to one decimal."""
        if not factored or value.denominator == 1:
            return (
                Decimal(value.numerator) / Decimal(value.denominator)
                if value.denominator == 1
                else self.rounding.round(value, 2)
            )
        return self.rounding.round(value, 1)

    def score(
        self, board: BoardResults, artificial: Mapping[int, ArtificialAdjustedScore]
    ) -> tuple[list[Entry], list[tuple[Fraction, Fraction]], bool]:
        entries: list[Entry] = [artificial.get(i, line.result) for i, line in enumerate(board.lines)]
        factoring = Factoring.NONE if self.plain else Factoring.NEUBERG
        scored = score_board(entries, field=None if self.plain else self.field, factoring=factoring)
        real = len(board.lines) - len(artificial)
        return entries, [(s.ns, s.ew) for s in scored], not self.plain and real < self.field

    def mismatches(self, board: BoardResults, artificial: Mapping[int, ArtificialAdjustedScore]) -> int:
        _, scored, factored = self.score(board, artificial)
        bad = 0
        for i, (line, (ns, ew)) in enumerate(zip(board.lines, scored, strict=True)):
            if i in artificial or self.known(board.number, str(line.ns_pair)) is not None:
                continue
            if line.ns_match_points is None or line.ew_match_points is None:
                continue
            if (line.ns_match_points, line.ew_match_points) != (
                self.shown(ns, factored),
                self.shown(ew, factored),
            ):
                bad += 1
        return bad

    def board(self, board: BoardResults) -> _MPBoard:
        """The board's entries, with artificial lines detected from the MPs as well as from SCORE codes: the
        smallest set of lines with an artificial share of the top without which every other line agrees."""
        coded = {i: line.adjusted for i, line in enumerate(board.lines) if line.adjusted is not None}
        best: dict[int, ArtificialAdjustedScore] = dict(coded)
        if self.mismatches(board, coded):
            top = top_units(self.field) if not self.plain else top_units(len(board.lines))
            candidates: dict[int, ArtificialAdjustedScore] = {}
            for i, line in enumerate(board.lines):
                if i in coded or line.ns_match_points is None or line.ew_match_points is None or not top:
                    continue
                shares = (_exact(line.ns_match_points) * 100 / top, _exact(line.ew_match_points) * 100 / top)
                if any(shares == share for share in _ARTIFICIAL_SHARES):
                    candidates[i] = ArtificialAdjustedScore(shares[0], shares[1])
            for size in (1, 2):
                found = False
                for extra in itertools.combinations(sorted(candidates), size):
                    trial = dict(coded) | {i: candidates[i] for i in extra}
                    if not self.mismatches(board, trial):
                        best, found = trial, True
                        break
                if found:
                    break
        entries = tuple(best.get(i, line.result) for i, line in enumerate(board.lines))
        return _MPBoard(entries, frozenset(best) - frozenset(coded))

    def rescore(self) -> RescoreReport:
        event = self.event
        boards = {b.number: self.board(b) for b in event.boards}
        lines: list[LineReport] = []
        notes: list[str] = []
        # per pair: the program's units minus Tenace's on documented lines
        delta: dict[str, Fraction] = {}
        for board in event.boards:
            mp = boards[board.number]
            artificial = {i: e for i, e in enumerate(mp.entries) if isinstance(e, ArtificialAdjustedScore)}
            _, scored, factored = self.score(board, artificial)
            for i, (line, (ns, ew)) in enumerate(zip(board.lines, scored, strict=True)):
                ns_pair, ew_pair = str(line.ns_pair), str(line.ew_pair)
                reason = self.known(board.number, ns_pair)
                checks: list[Check] = []
                score_check = _usebio_score_check(event, board, i)
                if score_check is not None:
                    checks.append(score_check)
                for quantity, printed, exact in (
                    ("ns_mp", line.ns_match_points, ns),
                    ("ew_mp", line.ew_match_points, ew),
                ):
                    if printed is not None:
                        checks.append(compare(quantity, printed, self.shown(exact, factored), reason))
                if (
                    reason is not None
                    and line.ns_match_points is not None
                    and line.ew_match_points is not None
                ):
                    delta[ns_pair] = delta.get(ns_pair, Fraction(0)) + _exact(line.ns_match_points) - ns
                    delta[ew_pair] = delta.get(ew_pair, Fraction(0)) + _exact(line.ew_match_points) - ew
                note = None
                if i in mp.detected:
                    entry = mp.entries[i]
                    assert isinstance(entry, ArtificialAdjustedScore)
                    note = (
                        f"shows {line.score_text} but its MPs are an artificial adjusted score "
                        f"({entry}): scored as Law 12C2"
                    )
                    notes.append(f"board {board.number}, {ns_pair} v {ew_pair}: {note}")
                lines.append(LineReport(board.number, ns_pair, ew_pair, tuple(checks), note=note))
        participants = self.participants(boards, delta)
        settings = (
            ("traveller_factoring", "none" if self.plain else "neuberg"),
            ("total_factoring", "neuberg"),
            ("field", str(self.field)),
            ("total_scaling", "to the most boards played"),
        )
        return RescoreReport(
            event.source,
            "usebio",
            self.program,
            "matchpoints",
            self.rounding,
            tuple(lines),
            participants,
            settings,
            tuple(notes),
        )

    def participants(
        self, boards: Mapping[int, _MPBoard], delta: Mapping[str, Fraction]
    ) -> tuple[ParticipantReport, ...]:
        event = self.event
        results = {
            b.number: tuple(
                TableResult(str(line.ns_pair), str(line.ew_pair), entry)
                for line, entry in zip(b.lines, boards[b.number].entries, strict=True)
            )
            for b in event.boards
        }
        scored = score_event(results, field=self.field)
        totals = {str(t.pair): t for t in scored.totals}
        stale = self.stale_totals(boards)
        groups = _direction_groups(event)
        ours_pct = {pid: t.percentage for pid, t in totals.items()}
        ours_places = _places(ours_pct, groups)
        theirs_pct = {str(p.number): p.percentage for p in event.pairs if p.percentage is not None}
        theirs_places = _stated_places(theirs_pct, groups)
        documented: set[str] = set()
        reports: list[ParticipantReport] = []
        for pair in event.pairs:
            pid = str(pair.number)
            t = totals.get(pid)
            checks: list[Check] = []
            if t is None:
                if pair.total_score is not None:
                    checks.append(compare("total", pair.total_score, None, None))
                reports.append(ParticipantReport(pid, tuple(checks)))
                continue
            fix = delta.get(pid, Fraction(0))
            raw = t.raw + fix
            fixed_total = raw * scored.expected_boards / t.boards
            fixed_pct = raw * _HUNDRED / t.available if t.available else Fraction(50)
            pct_ok_fixed = pair.percentage is not None and pair.percentage == self.rounding.round(
                fixed_pct, 2
            )
            if pair.percentage is not None:
                reason = None
                if fix and pct_ok_fixed:
                    reason = "follows the program's values on the documented lines of this pair"
                elif (
                    stale is not None
                    and pid in stale[1]
                    and pair.percentage == self.rounding.round(stale[1][pid][1], 2)
                ):
                    reason = stale[0]
                checks.append(
                    compare("percentage", pair.percentage, self.rounding.round(t.percentage, 2), reason)
                )
                if reason:
                    documented.add(pid)
            if pair.total_score is not None:
                reason = None
                if fix and pair.total_score == self.rounding.round(fixed_total, 2):
                    reason = "follows the program's values on the documented lines of this pair"
                elif (
                    stale is not None
                    and pid in stale[1]
                    and pair.total_score == self.rounding.round(stale[1][pid][0], 2)
                ):
                    reason = stale[0]
                elif pct_ok_fixed and abs(_exact(pair.total_score) - fixed_total) <= Fraction(1, 100):
                    reason = (
                        f"{self.program}: the total is off by 0.01 in the last digit (exact "
                        f"{float(fixed_total):.4f}); the percentage agrees"
                    )
                checks.append(compare("total", pair.total_score, self.rounding.round(t.total, 2), reason))
            if pair.place is not None:
                checks.append(
                    _place_check(pid, pair.place, ours_places, theirs_places, lambda p: p in documented)
                )
            reports.append(ParticipantReport(pid, tuple(checks)))
        return tuple(reports)

    def stale_totals(
        self, boards: Mapping[int, _MPBoard]
    ) -> tuple[str, dict[str, tuple[Fraction, Fraction]]] | None:
        """When the totals were computed before the coded adjusted scores replaced some results: the one
        rank of each replaced result that reproduces every printed total and percentage, if there is exactly
        one. Returns the reason and, per pair, the (total, percentage) so computed."""
        event = self.event
        coded = [(b, i) for b in event.boards for i, line in enumerate(b.lines) if line.adjusted is not None]
        if not coded or len(coded) > 4 or any(p.total_score is None for p in event.pairs):
            return None
        fixed: dict[str, Fraction] = {}
        available: dict[str, int] = {}
        touched = {b.number for b, _ in coded}
        for b in event.boards:
            if b.number in touched:
                continue
            kept: list[Entry] = []
            for i, e in enumerate(boards[b.number].entries):
                real = b.lines[i].score
                kept.append(real if i in boards[b.number].detected and real is not None else e)
            for line, s in zip(b.lines, score_board(kept, field=self.field), strict=True):
                for pid, units in ((str(line.ns_pair), s.ns), (str(line.ew_pair), s.ew)):
                    fixed[pid] = fixed.get(pid, Fraction(0)) + units
                    available[pid] = available.get(pid, 0) + s.top

        def options(board: BoardResults, index: int) -> list[tuple[int, str]]:
            others = sorted(
                {line.score for j, line in enumerate(board.lines) if j != index and line.score is not None}
            )
            if not others:
                return []
            out = [(others[0] - 1, f"below {others[0]}")]
            for k, low in enumerate(others):
                out.append((low, f"a tie with {low}"))
                out.append(
                    (low + 1, f"between {low} and {others[k + 1]}" if k + 1 < len(others) else f"above {low}")
                )
            return out

        choices = [options(b, i) for b, i in coded]
        if any(not c for c in choices) or len(list(itertools.product(*choices))) > 20000:
            return None
        solutions = []
        for combo in itertools.product(*choices):
            raw = dict(fixed)
            tops = dict(available)
            for b in {b.number: b for b, _ in coded}.values():
                trial: list[Entry] = []
                for i in range(len(b.lines)):
                    picked = [
                        c
                        for (bb, ii), c in zip(coded, combo, strict=True)
                        if bb.number == b.number and ii == i
                    ]
                    trial.append(picked[0][0] if picked else boards[b.number].entries[i])
                for line, s in zip(b.lines, score_board(trial, field=self.field), strict=True):
                    for pid, units in ((str(line.ns_pair), s.ns), (str(line.ew_pair), s.ew)):
                        raw[pid] = raw.get(pid, Fraction(0)) + units
                        tops[pid] = tops.get(pid, 0) + s.top
            if all(
                p.total_score == self.rounding.round(raw.get(str(p.number), Fraction(0)), 2)
                for p in event.pairs
            ):
                solutions.append(
                    (combo, {pid: (raw[pid], raw[pid] * _HUNDRED / tops[pid]) for pid in raw if tops[pid]})
                )
        if len(solutions) != 1:
            return None
        combo, values = solutions[0]
        placed = "; ".join(
            f"board {b.number} {b.lines[i].ns_pair} v {b.lines[i].ew_pair} as {c[1]}"
            for (b, i), c in zip(coded, combo, strict=True)
        )
        return (
            f"{self.program}: the totals predate the adjusted scores; they are reproduced, and only so, "
            f"with the replaced results at {placed}"
        ), values


def _direction_groups(event: USEBIOEvent) -> dict[str, str] | None:
    """Places are per direction in a two-winner Mitchell (WINNER_TYPE 2) whose pairs have directions."""
    if event.info("WINNER_TYPE") == "2" and all(p.number.direction is not None for p in event.pairs):
        return {str(p.number): str(p.number.direction) for p in event.pairs}
    return None


def _usebio_butler(event: USEBIOEvent, rounding: Rounding) -> RescoreReport:
    program = event.program_name or "unknown program"
    lines: list[LineReport] = []
    earned: dict[str, Fraction] = {}
    for board in event.boards:
        real = [line.score for line in board.lines if line.adjusted is None and line.score is not None]
        datum = butler_datum(real) if len(real) > 2 else None
        for i, line in enumerate(board.lines):
            ns_pair, ew_pair = str(line.ns_pair), str(line.ew_pair)
            reason = _known(program, event.description, board.number, ns_pair)
            checks: list[Check] = []
            score_check = _usebio_score_check(event, board, i)
            if score_check is not None:
                checks.append(score_check)
            if board.board_average is not None:
                checks.append(compare("datum", board.board_average, datum, reason))
            if line.adjusted is not None:
                ns_imps, ew_imps = line.adjusted.imps()
            elif line.score is not None and datum is not None:
                ns_imps = Fraction(imps_against([line.score], datum)[0])
                ew_imps = -ns_imps
            else:
                continue
            for quantity, printed, exact in (
                ("ns_imps", line.ns_butler_points, ns_imps),
                ("ew_imps", line.ew_butler_points, ew_imps),
            ):
                if printed is not None:
                    checks.append(compare(quantity, printed, rounding.round(exact, 2).normalize(), reason))
            earned[ns_pair] = earned.get(ns_pair, Fraction(0)) + ns_imps
            earned[ew_pair] = earned.get(ew_pair, Fraction(0)) + ew_imps
            lines.append(LineReport(board.number, ns_pair, ew_pair, tuple(checks)))
    groups = _direction_groups(event)
    ours_places = _places(earned, groups)
    theirs_places = _stated_places(
        {str(p.number): p.total_score for p in event.pairs if p.total_score is not None}, groups
    )
    participants = []
    for pair in event.pairs:
        pid = str(pair.number)
        checks = []
        if pair.total_score is not None:
            checks.append(
                compare("total", pair.total_score, rounding.round(earned[pid], 2) if pid in earned else None)
            )
        if pair.place is not None:
            checks.append(_place_check(pid, pair.place, ours_places, theirs_places, lambda p: False))
        participants.append(ParticipantReport(pid, tuple(checks)))
    settings = (
        ("datum", "drop 1 top and 1 bottom, round to 10 halves away from zero"),
        ("total", "sum of Butler IMPs"),
    )
    return RescoreReport(
        event.source, "usebio", program, "butler", rounding, tuple(lines), tuple(participants), settings
    )


def rescore_usebio(
    data: bytes | str, *, source: str = "<usebio>", rounding: Rounding | None = None
) -> RescoreReport:
    """Re-score a USEBIO file's event (Compscore rounds halves to even: the default).

    :raises RescoreError: for an unreadable file or an event type Tenace does not score.
    """
    try:
        event = parse_usebio(data, source=source)
    except UnsupportedEventError as exc:
        raise RescoreError(
            f"USEBIO {exc.message.split(' (')[0]}: tenace rescore handles MP_PAIRS and BUTLER_PAIRS events",
            source=source,
            lineno=exc.lineno,
        ) from exc
    except USEBIOError as exc:
        raise RescoreError(
            f"{exc.element + ': ' if exc.element else ''}{exc.message}", source=source, lineno=exc.lineno
        ) from exc
    chosen = rounding or Rounding.HALF_EVEN
    if event.event_type is EventType.MP_PAIRS:
        return _USEBIOMatchpoints(event, chosen).rescore()
    if event.event_type is EventType.BUTLER_PAIRS:
        return _usebio_butler(event, chosen)
    raise RescoreError(
        f"USEBIO event type {event.event_type.value} is read but not re-scored yet "
        f"(rescore handles MP_PAIRS and BUTLER_PAIRS)",
        source=source,
    )


# --- PBN score tables (Ruter and others) -------------------------------------------------------------------


_ARTIFICIAL_CODES: Final[dict[str, Award]] = {
    "A+": Award.AVERAGE_PLUS,
    "A": Award.AVERAGE,
    "A=": Award.AVERAGE,
    "A-": Award.AVERAGE_MINUS,
}


def _cell_number(
    cell: Cell, table: PBNTable, column: str, source: str, *, optional: bool = False
) -> Decimal | None:
    """A number from a table cell (``-`` and ``?`` are ``None``); anything else is an error naming the
    table's line."""
    value = cell.value
    if value is None:
        return None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, Decimal):
        return value
    if optional:
        return None
    raise RescoreError(
        f"{table.name}: column {column} holds {cell.text!r}, not a number",
        source=source,
        lineno=table.lineno or None,
    )


@dataclass(frozen=True, slots=True)
class _Row:
    """One ScoreTable row, typed."""

    cells: Mapping[str, Cell]
    table: PBNTable
    source: str

    def text(self, column: str) -> str | None:
        cell = self.cells.get(column)
        return None if cell is None else cell.text.strip()

    def number(self, column: str, *, optional: bool = False) -> Decimal | None:
        cell = self.cells.get(column)
        return (
            None if cell is None else _cell_number(cell, self.table, column, self.source, optional=optional)
        )

    def has(self, column: str) -> bool:
        return column in self.cells


def _pbn_program(games: Sequence[PBNGame]) -> str:
    for game in games[:1]:
        for comment in game.comments:
            match = re.search(r'name=Generator\s+content="([^"]*)"', comment.text)
            if match:
                return match.group(1)
        application = game.tag("Application")
        if application:
            return application.split(" - ")[0]
        generator = game.tag("Generator")
        if generator:
            return generator
    return "unknown program"


def _row_entry(row: _Row) -> Entry | None:
    """North-South's score, or an artificial adjusted score from ``A+``/``A``/``A-`` (or ``^60`` percentages)
    in the score columns."""
    ns_cell, ew_cell = row.cells.get("Score_NS"), row.cells.get("Score_EW")
    ns_code = (ns_cell.text.strip() if ns_cell else "").upper()
    ew_code = (ew_cell.text.strip() if ew_cell else "").upper()
    if ns_code in _ARTIFICIAL_CODES or ew_code in _ARTIFICIAL_CODES:
        return ArtificialAdjustedScore(
            _ARTIFICIAL_CODES.get(ns_code, Award.AVERAGE), _ARTIFICIAL_CODES.get(ew_code, Award.AVERAGE)
        )
    if ns_cell is not None and ns_cell.artificial and ew_cell is not None and ew_cell.artificial:
        ns_pct, ew_pct = row.number("Score_NS"), row.number("Score_EW")
        if ns_pct is not None and ew_pct is not None:
            return ArtificialAdjustedScore(_exact(ns_pct), _exact(ew_pct))
    ns, ew = row.number("Score_NS"), row.number("Score_EW")
    if ns is not None:
        return int(ns)
    if ew is not None:
        return -int(ew)
    if row.has("Score"):
        value = row.number("Score")
        return None if value is None else int(value)
    return None


def _row_law77(row: _Row, vulnerability: Vulnerability) -> int | None:
    contract_text = row.text("Contract")
    if not contract_text or contract_text in ("-", "?"):
        return None
    if contract_text.upper() in ("PASS", "P", "AP"):
        return 0
    declarer_text, result = row.text("Declarer"), row.number("Result", optional=True)
    if not declarer_text or result is None:
        return None
    try:
        contract = Contract.from_str(contract_text, Seat.from_str(declarer_text))
    except (BridgeError, ValueError) as exc:
        raise RescoreError(
            f"{row.table.name}: bad contract {contract_text!r} by {declarer_text!r}: {exc}",
            source=row.source,
            lineno=row.table.lineno or None,
        ) from exc
    return _law77_ns(contract, int(result), vulnerability)


def _pbn_vulnerability(game: PBNGame) -> Vulnerability:
    if game.record.vulnerability is not None:
        return game.record.vulnerability
    if game.record.number is not None:
        return vulnerability_for(game.record.number)
    return Vulnerability.NONE


def _rows(game: PBNGame, name: str, source: str) -> list[_Row]:
    table = game.table(name)
    if table is None:
        return []
    return [_Row(cells, table, source) for cells in table.records()]


def _pair_id(row: _Row, side: str) -> str:
    return row.text(f"PairId_{side}") or row.text(f"Pair_{side}") or "?"


class _PBNScores:
    """The boards of a PBN file with ScoreTables, and its TotalScoreTable."""

    def __init__(self, games: Sequence[PBNGame], source: str, rounding: Rounding | None) -> None:
        self.games = games
        self.source = source
        self.program = _pbn_program(games)
        default = Rounding.HALF_UP if self.program.lower().startswith("ruter") else Rounding.HALF_EVEN
        self.rounding = rounding or default
        self.event = next((g.tag("Event") for g in games if g.tag("Event")), None)
        self.boards = [
            (g, _rows(g, "ScoreTable", source)) for g in games if g.table("ScoreTable") is not None
        ]
        self.totals: list[_Row] = []
        for g in games:
            if g.table("TotalScoreTable") is not None:
                self.totals = _rows(g, "TotalScoreTable", source)
                break

    def columns(self) -> set[str]:
        return {c.name for g, _ in self.boards for c in (g.table("ScoreTable") or PBNTable("", ())).columns}

    def number(self, game: PBNGame) -> int:
        if game.record.number is None:
            raise RescoreError(
                "a board with a ScoreTable has no Board number",
                source=self.source,
                lineno=game.lineno or None,
            )
        return game.record.number

    def known(self, board: int, ns: str) -> str | None:
        return _known(self.program, self.event, board, ns)

    def score_check(self, row: _Row, entry: Entry | None, vulnerability: Vulnerability) -> Check | None:
        if not isinstance(entry, int):
            return None
        law77 = _row_law77(row, vulnerability)
        return None if law77 is None else compare("score", entry, law77)

    def entries(self, game: PBNGame, rows: Sequence[_Row]) -> list[Entry]:
        out = []
        for row in rows:
            entry = _row_entry(row)
            if entry is None:
                raise RescoreError(
                    f"board {self.number(game)}: a ScoreTable row of {_pair_id(row, 'NS')} v "
                    f"{_pair_id(row, 'EW')} has no score",
                    source=self.source,
                    lineno=row.table.lineno or None,
                )
            out.append(entry)
        return out

    # -- matchpoints --

    def matchpoints(self) -> RescoreReport:
        field = max((len(rows) for _, rows in self.boards), default=0)
        lines: list[LineReport] = []
        results: dict[int, list[TableResult]] = {}
        delta: dict[str, Fraction] = {}
        for game, rows in self.boards:
            number = self.number(game)
            entries = self.entries(game, rows)
            scored = score_board(entries, field=field)
            results[number] = []
            for row, entry, s in zip(rows, entries, scored, strict=True):
                ns_pair, ew_pair = _pair_id(row, "NS"), _pair_id(row, "EW")
                results[number].append(TableResult(ns_pair, ew_pair, entry))
                reason = self.known(number, ns_pair)
                checks: list[Check] = []
                score_check = self.score_check(row, entry, _pbn_vulnerability(game))
                if score_check is not None:
                    checks.append(score_check)
                half = Fraction(s.top, 2)
                for quantity, column, exact in (
                    ("ns_mp", "MP_NS", s.ns - half),
                    ("ew_mp", "MP_EW", s.ew - half),
                ):
                    printed = row.number(column)
                    if printed is not None:
                        checks.append(compare(quantity, printed, self.rounding.round(exact, 1), reason))
                for quantity, column, exact in (
                    ("ns_percentage", "Percentage_NS", s.ns_percentage),
                    ("ew_percentage", "Percentage_EW", s.ew_percentage),
                ):
                    printed = row.number(column)
                    if printed is not None:
                        places = max(0, -int(printed.as_tuple().exponent))
                        checks.append(compare(quantity, printed, self.rounding.round(exact, places), reason))
                if reason is not None:
                    printed_ns, printed_ew = row.number("MP_NS"), row.number("MP_EW")
                    if printed_ns is not None and printed_ew is not None:
                        delta[ns_pair] = delta.get(ns_pair, Fraction(0)) + _exact(printed_ns) + half - s.ns
                        delta[ew_pair] = delta.get(ew_pair, Fraction(0)) + _exact(printed_ew) + half - s.ew
                lines.append(LineReport(number, ns_pair, ew_pair, tuple(checks), table=row.text("Table")))
        event = score_event(results, field=field)
        ours: dict[str, tuple[Fraction, Fraction, int]] = {}
        fixed: dict[str, tuple[Fraction, Fraction]] = {}
        for t in event.totals:
            pid = str(t.pair)
            centred = t.raw - Fraction(t.available, 2)
            ours[pid] = (centred, t.percentage, t.boards)
            fix = delta.get(pid, Fraction(0))
            fixed[pid] = (
                centred + fix,
                (t.raw + fix) * _HUNDRED / t.available if t.available else Fraction(50),
            )
        participants = self.total_rows(
            ours, fixed, (("TotalScoreMP", "total", 0), ("TotalPercentage", "percentage", 1)), key=1
        )
        settings = (
            ("factoring", "neuberg"),
            ("field", str(field)),
            ("mp", "centred: units - top/2, one decimal"),
        )
        return RescoreReport(
            self.source,
            "pbn",
            self.program,
            "matchpoints",
            self.rounding,
            tuple(lines),
            participants,
            settings,
        )

    def total_rows(
        self,
        ours: Mapping[str, tuple[Fraction, Fraction, int]],
        fixed: Mapping[str, tuple[Fraction, Fraction]],
        columns: Sequence[tuple[str, str, int]],
        *,
        key: int,
    ) -> tuple[ParticipantReport, ...]:
        """Check the TotalScoreTable: each (column, quantity, index into ``ours``), NrBoards and Rank (by
        ``ours[...][key]``)."""
        reports = []
        ours_places = _places({pid: Fraction(v[key]) for pid, v in ours.items()})
        key_column = next(col for col, _, index in columns if index == key)
        stated = {}
        for row in self.totals:
            value = row.number(key_column)
            pid = row.text("PairId") or row.text("TeamId")
            if value is not None and pid:
                stated[pid] = value
        theirs_places = _stated_places(stated, None)
        documented: set[str] = set()
        for row in self.totals:
            pid = row.text("PairId") or row.text("TeamId") or "?"
            checks: list[Check] = []
            for column, quantity, index in columns:
                printed = row.number(column)
                if printed is None:
                    continue
                places = max(0, -int(printed.as_tuple().exponent))
                mine = ours.get(pid)
                reason = None
                if pid in fixed and printed == self.rounding.round(fixed[pid][index], places):
                    reason = "follows the program's values on the documented lines of this pair"
                    documented.add(pid)
                if mine is None and printed == 0:
                    checks.append(given(quantity, printed, "no boards scored"))
                    continue
                checks.append(
                    compare(
                        quantity,
                        printed,
                        None if mine is None else self.rounding.round(mine[index], places),
                        reason,
                    )
                )
            boards = row.number("NrBoards", optional=True)
            if boards is not None:
                checks.append(compare("boards", boards, ours[pid][2] if pid in ours else 0))
            rank = row.number("Rank", optional=True)
            if rank is not None and pid in ours:
                checks.append(
                    _place_check(pid, int(rank), ours_places, theirs_places, lambda p: p in documented)
                )
            reports.append(ParticipantReport(pid, tuple(checks)))
        return tuple(reports)

    # -- Butler --

    def butler(self) -> RescoreReport:
        lines: list[LineReport] = []
        earned: dict[str, Fraction] = {}
        played: dict[str, int] = {}
        for game, rows in self.boards:
            number = self.number(game)
            entries = self.entries(game, rows)
            real = [e for e in entries if isinstance(e, int)]
            datum = butler_datum(real) if len(real) > 2 else None
            for row, entry in zip(rows, entries, strict=True):
                ns_pair, ew_pair = _pair_id(row, "NS"), _pair_id(row, "EW")
                reason = self.known(number, ns_pair)
                checks: list[Check] = []
                score_check = self.score_check(row, entry, _pbn_vulnerability(game))
                if score_check is not None:
                    checks.append(score_check)
                printed_datum = row.number("ButlerDatum")
                if printed_datum is not None:
                    checks.append(compare("datum", printed_datum, datum, reason))
                if isinstance(entry, ArtificialAdjustedScore):
                    ns_imps, ew_imps = entry.imps()
                elif isinstance(entry, int) and datum is not None:
                    ns_imps = Fraction(imps_against([entry], datum)[0])
                    ew_imps = -ns_imps
                else:
                    lines.append(LineReport(number, ns_pair, ew_pair, tuple(checks), table=row.text("Table")))
                    continue
                for quantity, column, exact in (
                    ("ns_imps", "IMP_NS", ns_imps),
                    ("ew_imps", "IMP_EW", ew_imps),
                ):
                    printed = row.number(column)
                    if printed is not None:
                        places = max(0, -int(printed.as_tuple().exponent))
                        checks.append(compare(quantity, printed, self.rounding.round(exact, places), reason))
                for pid, value in ((ns_pair, ns_imps), (ew_pair, ew_imps)):
                    earned[pid] = earned.get(pid, Fraction(0)) + value
                    played[pid] = played.get(pid, 0) + 1
                label = row.text("Section")
                table = row.text("Table")
                lines.append(
                    LineReport(
                        number,
                        ns_pair,
                        ew_pair,
                        tuple(checks),
                        table=f"{label}{table}" if label and table else table,
                    )
                )
        ours = {pid: (earned[pid] / played[pid], Fraction(earned[pid]), played[pid]) for pid in earned}
        columns = [("TotalScoreIMP", "average", 0)]
        if self.totals and self.totals[0].has("TotalIMP"):
            columns.append(("TotalIMP", "total", 1))
        participants = self.total_rows(ours, {}, columns, key=0)
        settings = (
            ("datum", "all sections; drop 1 top and 1 bottom, round to 10 halves away from zero"),
            ("total", "average Butler IMPs per board"),
        )
        return RescoreReport(
            self.source, "pbn", self.program, "butler", self.rounding, tuple(lines), participants, settings
        )

    # -- team matches --

    def teams(self, vp_boards: int | None) -> RescoreReport:
        matches: list[tuple[_Row, int, int, int, int]] = []  # row, round, home imps, away imps, lineno
        lines: list[LineReport] = []
        for _, rows in self.boards:
            for row in rows:
                details = row.text("MatchDetails")
                if not details or details == "-":
                    continue
                try:
                    segments = [tuple(int(x) for x in part.split(",")) for part in details.split("|")]
                except ValueError:
                    raise RescoreError(
                        f"ScoreTable: MatchDetails {details!r} is not segment,home,away|...",
                        source=self.source,
                        lineno=row.table.lineno or None,
                    ) from None
                if any(len(s) != 3 for s in segments):
                    raise RescoreError(
                        f"ScoreTable: MatchDetails {details!r} is not segment,home,away|...",
                        source=self.source,
                        lineno=row.table.lineno or None,
                    )
                played = [s for s in segments if s[0] != 200]
                home, away = sum(s[1] for s in played), sum(s[2] for s in played)
                rnd = row.number("Round", optional=True)
                matches.append((row, int(rnd) if rnd is not None else 0, home, away, 0))
                checks = [
                    compare(q, s[i], v)
                    for s in segments
                    if s[0] == 200
                    for q, i, v in (("home_imps", 1, home), ("away_imps", 2, away))
                ]
                lines.append(
                    LineReport(
                        None,
                        row.text("TeamId_Home") or "?",
                        row.text("TeamId_Away") or "?",
                        tuple(checks),
                        round=int(rnd) if rnd is not None else None,
                        table=row.text("Table"),
                    )
                )
        boards = vp_boards or self._detect_vp_boards(matches)
        scale = WBFContinuousScale(boards)
        vps: dict[str, Decimal] = {}
        for i, (row, _, home, away, _) in enumerate(matches):
            home_vp, away_vp = scale.vps(home - away)
            extra = [
                compare(q, printed, v)
                for q, printed, v in (
                    ("home_vp", row.number("VP_Home"), home_vp),
                    ("away_vp", row.number("VP_Away"), away_vp),
                )
                if printed is not None
            ]
            lines[i] = LineReport(
                lines[i].board,
                lines[i].ns,
                lines[i].ew,
                (*lines[i].checks, *extra),
                round=lines[i].round,
                table=lines[i].table,
            )
            for pid, v in (
                (row.text("TeamId_Home") or "?", home_vp),
                (row.text("TeamId_Away") or "?", away_vp),
            ):
                vps[pid] = vps.get(pid, Decimal(0)) + v
        ours = {pid: (_exact(v), _exact(v), 0) for pid, v in vps.items()}
        participants = self.total_rows(ours, {}, (("TotalScoreVP", "vp", 0),), key=0)
        participants = tuple(
            ParticipantReport(p.participant, tuple(c for c in p.checks if c.quantity != "boards"))
            for p in participants
        )
        settings = (
            (
                "vp_scale",
                f"WBF 2013 continuous, {boards} boards per match" + ("" if vp_boards else " (detected)"),
            ),
        )
        return RescoreReport(
            self.source, "pbn", self.program, "teams-vp", self.rounding, tuple(lines), participants, settings
        )

    def _detect_vp_boards(self, matches: Sequence[tuple[_Row, int, int, int, int]]) -> int:
        """The match length whose WBF scale gives the most of the printed VPs (the file does not say)."""
        best, best_count = 0, -1
        for boards in range(1, 65):
            scale = WBFContinuousScale(boards)
            count = sum(
                1 for row, _, home, away, _ in matches if row.number("VP_Home") == scale.vps(home - away)[0]
            )
            if count > best_count:
                best, best_count = boards, count
        return best or 1


def rescore_pbn(
    data: str | bytes | Path,
    *,
    source: str = "<pbn>",
    rounding: Rounding | None = None,
    vp_boards: int | None = None,
) -> RescoreReport:
    """Re-score the ScoreTables of a PBN file (Ruter rounds halves up: its default).

    :raises RescoreError: if the file has no ScoreTable or a table cell that should be a number is not.
    """
    games = list(read_games(data, source=source))
    scores = _PBNScores(games, source, rounding)
    if not scores.boards:
        raise RescoreError("no ScoreTable in this PBN file: nothing to re-score", source=source)
    columns = scores.columns()
    if "MatchDetails" in columns:
        return scores.teams(vp_boards)
    if "IMP_NS" in columns or "ButlerDatum" in columns:
        return scores.butler()
    if columns & {"MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"}:
        return scores.matchpoints()
    raise RescoreError(
        "the ScoreTables have none of MP_NS, Percentage_NS, IMP_NS or MatchDetails: the scoring "
        "method is unknown",
        source=source,
        lineno=scores.boards[0][1][0].table.lineno if scores.boards[0][1] else None,
    )


# --- HTML traveller pages (JFR Pary, BBO) ------------------------------------------------------------------


class _Rows(HTMLParser):
    """The table rows of a page: each cell's text (images as their ``alt`` text, upper-cased), a cell with
    ``colspan`` counted that many times, and each row's class and line."""

    def __init__(self, inside: Callable[[str, dict[str, str | None]], bool] | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[str | None, list[str], int]] = []
        self.title = ""
        self._row: list[str] | None = None
        self._row_class: str | None = None
        self._row_line = 0
        self._cell: str | None = None
        self._span = 1
        self._in_title = False
        self._inside = inside
        self._depth = 0 if inside is not None else 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "title":
            self._in_title = True
        if self._inside is not None and tag == "div":
            if self._depth or self._inside(tag, attributes):
                self._depth += 1
            return
        if not self._depth:
            return
        if tag == "tr":
            self._row, self._row_class, self._row_line = [], attributes.get("class"), self.getpos()[0]
        elif tag in ("td", "th") and self._row is not None:
            self._cell = ""
            try:
                self._span = max(1, int(attributes.get("colspan") or 1))
            except ValueError:
                self._span = 1
        elif tag == "img" and self._cell is not None:
            self._cell += (attributes.get("alt") or "").upper()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if self._inside is not None and tag == "div":
            if self._depth:
                self._depth -= 1
            return
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(self._cell.replace("\xa0", " ").strip())
            self._row.extend([""] * (self._span - 1))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append((self._row_class, self._row, self._row_line))
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._cell is not None:
            self._cell += data


_SUITS: Final = {
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "N": "NT",
    "NT": "NT",
}


def _html_number(text: str, what: str, source: str, lineno: int) -> Decimal:
    cleaned = text.strip().rstrip("%").strip()
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise RescoreError(f"{what} {text!r} is not a number", source=source, lineno=lineno) from None
    if not value.is_finite():
        raise RescoreError(f"{what} {text!r} is not a number", source=source, lineno=lineno)
    return value


def _jfr_contract(text: str, declarer: str, source: str, lineno: int) -> Contract | None:
    cleaned = text.replace("××", "XX").replace("×", "X").replace(" ", "").upper()
    if cleaned in ("PASS", "PAS", "P"):
        return None
    try:
        return Contract.from_str(cleaned, Seat.from_str(declarer))
    except (BridgeError, ValueError) as exc:
        raise RescoreError(
            f"bad contract {text!r} by {declarer!r}: {exc}", source=source, lineno=lineno
        ) from exc


def _tricks(contract: Contract, result: str, source: str, lineno: int) -> int:
    text = result.strip()
    if not re.fullmatch(r"=|[+-]\d{1,2}", text):
        raise RescoreError(f"bad result {result!r} (expected =, +1, -2)", source=source, lineno=lineno)
    tricks = contract.tricks_needed + (0 if text == "=" else int(text))
    if not 0 <= tricks <= 13:
        raise RescoreError(f"result {result!r} gives {tricks} tricks", source=source, lineno=lineno)
    return tricks


def rescore_jfr(
    text: str, *, source: str = "<jfr>", rounding: Rounding | None = None, board: int | None = None
) -> RescoreReport:
    """Re-score a JFR Pary traveller page (one board): % NS and % EW are Law 78A units over the top of the
    real results on the board, unfactored; a ``TD`` row (a Director's score) leaves the comparison and its
    percentages are taken as given (they depend on the pair's whole session, Law 12C2(c))."""
    chosen = rounding or Rounding.HALF_EVEN
    parser = _Rows(lambda tag, attrs: attrs.get("id") == "pro")
    parser.feed(text)
    number = board
    if number is None:
        match = re.search(r"(\d+)\s*$", parser.title.strip())
        if match is None:
            match = re.search(r"(\d{3})\.html?$", source)
        if match is None:
            raise RescoreError("no board number in the page's title (ROZDANIE n)", source=source)
        number = int(match.group(1))
    rows = [
        (cells, line)
        for _, cells, line in parser.rows
        if len(cells) == 11 and cells[1].isdigit() and cells[2].isdigit()
    ]
    if not rows:
        raise RescoreError("no traveller rows (NS, EW, contract, ..., % NS, % EW) in the page", source=source)
    vulnerability = vulnerability_for(number)
    entries: list[Entry] = []
    law77: list[int | None] = []
    for cells, line in rows:
        contract_text, declarer, _, result, score_ns, score_ew = cells[3:9]
        if contract_text.upper() == "TD":
            entries.append(ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE))
            law77.append(None)
            continue
        if score_ns:
            value = int(_html_number(score_ns, "score NS", source, line))
        elif score_ew:
            value = -int(_html_number(score_ew, "score EW", source, line))
        else:
            raise RescoreError(f"row {cells[1]} v {cells[2]} has no score", source=source, lineno=line)
        entries.append(value)
        contract = _jfr_contract(contract_text, declarer, source, line)
        law77.append(
            0
            if contract is None
            else _law77_ns(contract, _tricks(contract, result, source, line), vulnerability)
        )
    scored = score_board(entries, factoring=Factoring.NONE)
    lines = []
    for (cells, line), entry, ours, s in zip(rows, entries, law77, scored, strict=True):
        checks: list[Check] = []
        if isinstance(entry, int) and ours is not None:
            checks.append(compare("score", entry, ours))
        for quantity, printed, exact in (
            ("ns_percentage", cells[9], s.ns_percentage),
            ("ew_percentage", cells[10], s.ew_percentage),
        ):
            shown = _html_number(printed, quantity.replace("_", " "), source, line)
            if isinstance(entry, ArtificialAdjustedScore):
                checks.append(
                    given(
                        quantity,
                        shown,
                        "a Director's adjusted score (Law 12C2): not recomputed from one page",
                    )
                )
            else:
                places = max(0, -int(shown.as_tuple().exponent))
                checks.append(compare(quantity, shown, chosen.round(exact, places)))
        lines.append(LineReport(number, cells[1], cells[2], tuple(checks)))
    return RescoreReport(
        source,
        "jfr-html",
        "JFR Pary",
        "matchpoints",
        chosen,
        tuple(lines),
        (),
        (("factoring", "none"), ("vulnerability", f"{vulnerability.value} (Law 2, board {number})")),
    )


_BBO_RESULT: Final = re.compile(
    r"(?P<level>[1-7])(?P<denom>[♣♦♥♠CDHS]|NT?)(?P<dbl>[xX]{0,2})"
    r"(?P<declarer>[NESW])(?P<result>=|[+-]\d{1,2})"
)


def _bbo_contract(text: str, source: str, lineno: int) -> tuple[Contract | None, int] | None:
    """``(contract, tricks)`` from a BBO result string (``4♠xW-1``, ``3NS+2``, ``PASS``), or ``None`` for an
    adjusted score (``A==``, ``A+-``, ...)."""
    cleaned = text.replace(" ", "")
    if cleaned.upper() in ("PASS", "P", "AP"):
        return None, 0
    if cleaned.upper().startswith("A"):
        return None
    match = _BBO_RESULT.fullmatch(cleaned)
    if match is None:
        raise RescoreError(
            f"bad BBO result {text!r} (expected e.g. 4♠xW-1 or PASS)", source=source, lineno=lineno
        )
    contract = Contract.from_str(
        f"{match['level']}{_SUITS[match['denom']]}{match['dbl'].upper()}", Seat.from_str(match["declarer"])
    )
    return contract, _tricks(contract, match["result"], source, lineno)


_BBO_AWARD: Final = {"=": Award.AVERAGE, "+": Award.AVERAGE_PLUS, "-": Award.AVERAGE_MINUS}


def rescore_bbo(text: str, *, source: str = "<bbo>", rounding: Rounding | None = None) -> RescoreReport:
    """Re-score a BBO traveller page (one board): the NS points of each result, and its Score column, either
    NS matchpoint percentages (``80.00%``) or cross-IMPs averaged over the comparisons (IMP pairs).

    The page names no board, so the vulnerability is inferred: the one under which the most points agree
    with Law 77 (printed in the settings)."""
    chosen = rounding or Rounding.HALF_UP
    parser = _Rows()
    parser.feed(text)
    rows = [(cells, line) for cls, cells, line in parser.rows if cls == "tourney" and len(cells) >= 9]
    if not rows:
        raise RescoreError("no traveller rows (class 'tourney') in the page", source=source)
    title = next(
        (cells[0] for _, cells, _ in parser.rows if cells and cells[0].startswith("Traveller")), "Traveller"
    )
    parsed: list[tuple[tuple[Contract | None, int] | None, Decimal | None, Decimal, list[str], int]] = []
    for cells, line in rows:
        result = _bbo_contract(cells[6], source, line)
        blank = not cells[7].strip() or (result is None and cells[7].strip().upper() in ("N/A", "-", "?"))
        points = None if blank else _html_number(cells[7], "points", source, line)
        parsed.append((result, points, _html_number(cells[8], "score", source, line), cells, line))
    percent = all(cells[8].strip().endswith("%") for cells, _ in rows)

    def law77(item: tuple[Contract | None, int] | None, vul: Vulnerability) -> int | None:
        if item is None:
            return None
        return _law77_ns(item[0], item[1], vul)

    vulnerability = max(
        Vulnerability,
        key=lambda v: sum(
            1 for item, points, *_ in parsed if points is not None and law77(item, v) == points
        ),
    )
    entries: list[Entry] = []
    for item, points, _, cells, _ in parsed:
        if item is None:
            code = cells[6].strip()[1:3].ljust(2, "=")
            entries.append(
                ArtificialAdjustedScore(
                    _BBO_AWARD.get(code[0], Award.AVERAGE), _BBO_AWARD.get(code[1], Award.AVERAGE)
                )
            )
        else:
            entries.append(int(points) if points is not None else law77(item, vulnerability) or 0)
    ours: list[Fraction]
    real = [e for e in entries if isinstance(e, int)]
    lines = []
    if percent:
        scored = score_board(entries, factoring=Factoring.NONE)
        ours = [s.ns_percentage for s in scored]
    else:
        averages = iter(cross_imps_average(real) if len(real) > 1 else [Fraction(0)] * len(real))
        ours = [
            next(averages)
            if isinstance(e, int)
            else e.imps()[0]
            if isinstance(e, ArtificialAdjustedScore)
            else Fraction(0)
            for e in entries
        ]
    for (item, points, printed, cells, _), exact in zip(parsed, ours, strict=True):
        checks: list[Check] = []
        expected = law77(item, vulnerability)
        if points is not None and expected is not None:
            checks.append(compare("score", points, expected))
        places = max(0, -int(printed.as_tuple().exponent))
        quantity = "ns_percentage" if percent else "ns_imps"
        checks.append(compare(quantity, printed, chosen.round(exact, places)))
        ns = f"{cells[2]}-{cells[3]}"
        ew = f"{cells[4]}-{cells[5]}"
        lines.append(LineReport(None, ns, ew, tuple(checks), table=cells[0]))
    settings = (
        ("vulnerability", f"{vulnerability.value} (inferred from the points)"),
        ("scoring", "matchpoints, unfactored" if percent else "cross-IMPs averaged per comparison"),
        ("traveller", title),
    )
    return RescoreReport(
        source,
        "bbo-html",
        "BBO",
        "matchpoints" if percent else "cross-imps",
        chosen,
        tuple(lines),
        (),
        settings,
    )


# --- any file ----------------------------------------------------------------------------------------------


def detect_format(data: bytes) -> str:
    """``"usebio"``, ``"jfr-html"``, ``"bbo-html"`` or ``"pbn"`` from a file's content.

    >>> detect_format(b'<?xml version="1.0"?><USEBIO Version="1.2">'), detect_format(b'[Board "1"]')
    ('usebio', 'pbn')
    """
    head = data[:200_000].lower()
    if b"<usebio" in head:
        return "usebio"
    if b"<html" in head or b"<!doctype html" in head or b"<table" in head:
        if b'id="pro"' in head or b"jfr" in head:
            return "jfr-html"
        if b"tourney" in head or b"bridge base" in head or b"traveller" in head:
            return "bbo-html"
        return "html"
    if head.lstrip().startswith(b"<"):
        return "xml"
    return "pbn"


def rescore_text(
    data: str | bytes,
    *,
    source: str = "<results>",
    rounding: Rounding | None = None,
    vp_boards: int | None = None,
) -> RescoreReport:
    """Re-score a results file given as text or bytes; the format is detected from the content.

    :raises RescoreError: for a file Tenace cannot read or re-score (with the file and line).
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    kind = detect_format(raw)
    if kind == "usebio":
        return rescore_usebio(raw, source=source, rounding=rounding)
    if kind in ("jfr-html", "bbo-html"):
        text = raw.decode("utf-8", errors="replace")
        if kind == "jfr-html":
            return rescore_jfr(text, source=source, rounding=rounding)
        return rescore_bbo(text, source=source, rounding=rounding)
    if kind in ("html", "xml"):
        raise RescoreError(
            f"an {kind.upper()} file that is neither USEBIO nor a JFR or BBO traveller page", source=source
        )
    try:
        return rescore_pbn(raw, source=source, rounding=rounding, vp_boards=vp_boards)
    except (NotationError, ValueError) as exc:
        if isinstance(exc, RescoreError):
            raise
        raise RescoreError(str(exc), source=source) from exc


def rescore_file(
    path: str | Path, *, rounding: Rounding | None = None, vp_boards: int | None = None
) -> RescoreReport:
    """Re-score the results file at ``path`` (USEBIO, PBN with score tables, JFR or BBO traveller page).

    :raises RescoreError: for a file Tenace cannot read or re-score; :raises OSError: if it cannot be opened.
    """
    file = Path(path)
    return rescore_text(file.read_bytes(), source=str(file), rounding=rounding, vp_boards=vp_boards)


__all__ = [
    "KNOWN_DEVIATIONS",
    "SCHEMA_VERSION",
    "Check",
    "Difference",
    "KnownDeviation",
    "LineReport",
    "ParticipantReport",
    "RescoreError",
    "RescoreReport",
    "Rounding",
    "compare",
    "detect_format",
    "given",
    "rescore_bbo",
    "rescore_file",
    "rescore_jfr",
    "rescore_pbn",
    "rescore_text",
    "rescore_usebio",
]
