"""Re-scoring USEBIO 1.2 files (Compscore and others): matchpoint, Butler and cross-IMP pairs."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import IO, Final

from tenace.board import Vulnerability, vulnerability_for
from tenace.formats.usebio import (
    BoardResults,
    EventType,
    TravellerLine,
    UnsupportedEventError,
    USEBIOError,
    USEBIOEvent,
    parse_usebio,
)
from tenace.scoring.adjusted import ArtificialAdjustedScore
from tenace.scoring.imps import butler_datum, cross_imps, imps_against
from tenace.scoring.matchpoints import (
    Entry,
    Factoring,
    TableResult,
    score_board,
    score_event,
    top_units,
)
from tenace.tournament.rescore.report import (
    _HUNDRED,
    Check,
    LineReport,
    ParticipantReport,
    RescoreError,
    RescoreReport,
    Rounding,
    _exact,
    _known,
    _law77_ns,
    _place_check,
    _places,
    _stated_places,
    compare,
)

_CHECKS: dict[Check, Check] = {}


def _line(board: int, ns: str, ew: str, checks: list[Check], note: str | None = None) -> LineReport:
    """A traveller line whose checks and names are shared with equal ones of other lines: most lines of a
    big file repeat the same few values, so a file's report takes far less than a set of objects a line."""
    if len(_CHECKS) > 100_000:
        _CHECKS.clear()
    shared = tuple(_CHECKS.setdefault(c, c) for c in checks)
    return LineReport(board, sys.intern(ns), sys.intern(ew), shared, note=note)

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
        self.scale = self._scale()
        self.plain = self._travellers_unfactored()

    def _scale(self) -> Fraction:
        """What one printed MP is worth in Law 78A units: 1 when the program prints units (2 per score
        beaten, as Compscore and the EBU do), 1/2 when it prints matchpoints (1 per score beaten). Decided on
        the boards without artificial scores, whose NS + EW is the top in units or half of it."""
        votes = 0
        for board in self.event.boards:
            if any(line.adjusted is not None for line in board.lines):
                continue
            tops = {top_units(len(board.lines)), top_units(self.field)}
            for line in board.lines:
                if line.ns_match_points is not None and line.ew_match_points is not None:
                    total = _exact(line.ns_match_points + line.ew_match_points)
                    votes += (total in tops) - (total * 2 in tops and total not in tops)
        return Fraction(1) if votes >= 0 else Fraction(1, 2)

    def _travellers_unfactored(self) -> bool:
        """Whether boards with fewer results than the field show their own units (NS + EW = 2(n - 1))
        rather than factored ones (NS + EW = 2(field - 1))."""
        votes = 0
        for board in self.event.boards:
            real = [line for line in board.lines if line.adjusted is None]
            if len(real) == len(board.lines) < self.field:
                for line in real:
                    if line.ns_match_points is not None and line.ew_match_points is not None:
                        total = _exact(line.ns_match_points + line.ew_match_points) / self.scale
                        votes += 1 if total == top_units(len(real)) else -1
        return votes > 0

    def known(self, board: int | None, ns: str) -> str | None:
        return _known(self.program, self.event.description, board, ns)

    def shown(self, units: Fraction, factored: bool) -> Decimal:
        """What Compscore prints for exact units: whole values as they are, factored ones to one decimal
        (other fractions, such as an artificial share of an unfactored top, to two); in matchpoints when the
        file prints matchpoints."""
        value = units * self.scale
        if value.denominator == 1:
            return Decimal(value.numerator)
        return self.rounding.round(value, 1 if factored else 2)

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
                shares = (
                    _exact(line.ns_match_points) / self.scale * 100 / top,
                    _exact(line.ew_match_points) / self.scale * 100 / top,
                )
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
                    ns_units = _exact(line.ns_match_points) / self.scale
                    ew_units = _exact(line.ew_match_points) / self.scale
                    delta[ns_pair] = delta.get(ns_pair, Fraction(0)) + ns_units - ns
                    delta[ew_pair] = delta.get(ew_pair, Fraction(0)) + ew_units - ew
                note = None
                if i in mp.detected:
                    entry = mp.entries[i]
                    assert isinstance(entry, ArtificialAdjustedScore)
                    note = (
                        f"shows {line.score_text} but its MPs are an artificial adjusted score "
                        f"({entry}): scored as Law 12C2"
                    )
                    notes.append(f"board {board.number}, {ns_pair} v {ew_pair}: {note}")
                lines.append(_line(board.number, ns_pair, ew_pair, checks, note))
        participants = self.participants(boards, delta)
        settings = (
            (
                "match_points",
                "units (2 per score beaten)" if self.scale == 1 else "matchpoints (1 per score beaten)",
            ),
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
        # a short pair's total is scaled to the most boards played: in a two-winner Mitchell, the most boards
        # played in its own direction (each direction is a separate contest)
        most = (
            {
                group: max((t.boards for pid, t in totals.items() if groups.get(pid) == group), default=0)
                for group in set(groups.values())
            }
            if groups
            else {}
        )

        def expected(pid: str) -> int:
            return most.get(groups.get(pid, ""), 0) if groups and pid in groups else scored.expected_boards

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
            if t is None:  # listed but on no traveller line: only a zero (or no) total agrees
                if pair.total_score is not None:
                    checks.append(compare("total", pair.total_score, 0 if not pair.total_score else None))
                reports.append(ParticipantReport(pid, tuple(checks)))
                continue
            fix = delta.get(pid, Fraction(0))
            raw = t.raw + fix
            fixed_total = raw * expected(pid) / t.boards * self.scale
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
                    and pair.total_score == self.rounding.round(stale[1][pid][0] * self.scale, 2)
                ):
                    reason = stale[0]
                elif pct_ok_fixed and abs(_exact(pair.total_score) - fixed_total) < Fraction(1, 100):
                    reason = self.known(None, pid)  # a total known to be printed off in its last digit
                exact_total = (
                    t.total * expected(pid) / scored.expected_boards if scored.expected_boards else t.total
                )
                total = self.rounding.round(exact_total * self.scale, 2)
                checks.append(compare("total", pair.total_score, total, reason))
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
                p.total_score == self.rounding.round(raw.get(str(p.number), Fraction(0)) * self.scale, 2)
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
            lines.append(_line(board.number, ns_pair, ew_pair, checks))
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
    data: bytes | str | IO[bytes], *, source: str = "<usebio>", rounding: Rounding | None = None
) -> RescoreReport:
    """Re-score a USEBIO file's event (Compscore rounds halves to even: the default).

    :raises RescoreError: for an unreadable file or an event type Tenace does not score.
    """
    try:
        event = parse_usebio(data, source=source)
    except UnsupportedEventError as exc:
        raise RescoreError(
            f"USEBIO {exc.message.split(' (')[0]}: "
            "tenace rescore handles MP_PAIRS, BUTLER_PAIRS and CROSS_IMP events",
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
    return _usebio_cross_imps(event, chosen)


def _extra_number(line: TravellerLine, tag: str, where: str, source: str) -> Decimal | None:
    for name, text in line.extra:
        if name == tag and text:
            try:
                value = Decimal(text)
            except InvalidOperation:
                value = Decimal("NaN")
            if not value.is_finite():
                raise RescoreError(f"{where}: {tag} {text!r} is not a number", source=source)
            return value
    return None


def _usebio_cross_imps(event: USEBIOEvent, rounding: Rounding) -> RescoreReport:
    """``CROSS_IMP`` events: every real score IMPed against every other real score on the board (Law 78B),
    artificial scores getting their IMPs (Law 12C2) and leaving the comparison. Programs print either the sum
    (NS_CROSS_IMP_POINTS) or the average per comparison; the convention that agrees with more lines is used
    and printed in the settings. Totals are the sums of the lines."""
    program = event.program_name or "unknown program"
    per_board: list[tuple[BoardResults, list[tuple[Fraction, Fraction] | None]]] = []
    for board in event.boards:
        real = [line.score for line in board.lines if line.adjusted is None and line.score is not None]
        sums = iter(cross_imps(real))
        values: list[tuple[Fraction, Fraction] | None] = []
        for line in board.lines:
            if line.adjusted is not None:
                values.append(line.adjusted.imps())
            elif line.score is not None:
                total = Fraction(next(sums))
                values.append((total, -total))
            else:
                values.append(None)
        per_board.append((board, values))

    def printed(board: BoardResults, line: TravellerLine, side: str) -> Decimal | None:
        where = f"board {board.number}, {line.ns_pair} v {line.ew_pair}"
        return _extra_number(line, f"{side}_CROSS_IMP_POINTS", where, event.source)

    def value(exact: Fraction, line: TravellerLine, comparisons: int, average: bool) -> Fraction:
        if not average or line.adjusted is not None or comparisons < 1:
            return exact
        return exact / comparisons

    def comparisons(board: BoardResults) -> int:
        return sum(1 for line in board.lines if line.adjusted is None and line.score is not None) - 1

    votes = 0
    for board, values in per_board:
        for line, v in zip(board.lines, values, strict=True):
            shown = printed(board, line, "NS")
            if v is None or shown is None or line.adjusted is not None:
                continue
            places = max(0, -int(shown.as_tuple().exponent))
            n = comparisons(board)
            votes += shown == rounding.round(value(v[0], line, n, True), places)
            votes -= shown == rounding.round(value(v[0], line, n, False), places)
    average = votes > 0
    lines: list[LineReport] = []
    earned: dict[str, Fraction] = {}
    for board, values in per_board:
        n = comparisons(board)
        for i, (line, v) in enumerate(zip(board.lines, values, strict=True)):
            ns_pair, ew_pair = str(line.ns_pair), str(line.ew_pair)
            reason = _known(program, event.description, board.number, ns_pair)
            checks: list[Check] = []
            score_check = _usebio_score_check(event, board, i)
            if score_check is not None:
                checks.append(score_check)
            if v is not None:
                for side, exact in (("NS", v[0]), ("EW", v[1])):
                    shown = printed(board, line, side)
                    ours = value(exact, line, n, average)
                    if shown is not None:
                        places = max(0, -int(shown.as_tuple().exponent))
                        checks.append(
                            compare(f"{side.lower()}_imps", shown, rounding.round(ours, places), reason)
                        )
                    pid = ns_pair if side == "NS" else ew_pair
                    earned[pid] = earned.get(pid, Fraction(0)) + ours
            lines.append(_line(board.number, ns_pair, ew_pair, checks))
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
            places = max(0, -int(pair.total_score.as_tuple().exponent))
            checks.append(
                compare(
                    "total", pair.total_score, rounding.round(earned[pid], places) if pid in earned else None
                )
            )
        if pair.place is not None:
            checks.append(_place_check(pid, pair.place, ours_places, theirs_places, lambda p: False))
        participants.append(ParticipantReport(pid, tuple(checks)))
    settings = (
        ("cross_imps", "average per comparison" if average else "sum over the other scores"),
        ("total", "sum of the lines"),
    )
    return RescoreReport(
        event.source, "usebio", program, "cross-imps", rounding, tuple(lines), tuple(participants), settings
    )
