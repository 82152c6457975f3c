"""Scoring a whole event: every board compared, every contestant totalled and ranked (Laws 12, 78, 86-91).

:func:`score_event` takes an :class:`~tenace.tournament.model.Event`, the
:class:`~tenace.tournament.model.Result` of every board played (or adjusted) and any Law 90/91 penalties, and
gives the :class:`~tenace.tournament.standings.EventResults` that publishing renders. It does no arithmetic of
its own on a board: the comparisons are those of :mod:`tenace.scoring.matchpoints`,
:mod:`tenace.scoring.imps` and :mod:`tenace.scoring.adjusted`; this module decides *which* results are
compared with which, and adds the outcomes up.

Pairs and individual events (team events are in :mod:`tenace.tournament.teams`):

* each board is compared within one session, over the whole field or within each section
  (:attr:`~tenace.tournament.model.Conditions.comparison`), by the event's
  :class:`~tenace.tournament.model.Method`: matchpoints (Law 78A, Neuberg factoring to the largest board of
  the comparison), Butler IMPs against a trimmed datum, cross-IMPs (the average of a result's IMPs against
  each other result) or total points (Law 78C);
* a fouled board (Law 87) is compared group by group (:attr:`Result.group`); at matchpoints each group is
  Neuberg-factored to the full board, so every group's results are worth as much as a full board's;
* artificial adjusted scores (Law 12C2) leave the comparison and get the Conditions' values, with the Law
  12C2(c) session rule; assigned and weighted scores (Law 12C1) stay in the comparison;
* a board a contestant did not play (no result) scores nothing, and session totals are scaled per
  :attr:`~tenace.tournament.model.Conditions.total_scaling`; opponents of a phantom pair sit out, or get
  average when :attr:`~tenace.tournament.model.Conditions.sit_out_average` says so;
* in an individual event each player scores what the pair he sat in scored;
* event totals add the sessions, the carry-over (:attr:`Event.carry_over`) and take off the penalties;
* a Mitchell where every pair keeps its direction is ranked North-South and East-West separately; any other
  movement gets one ranking (:mod:`tenace.tournament.ranking`); when the Conditions compare within sections
  and a session has several, each section is ranked on its own (``"A NS"``, ``"A EW"``, ``"B"``, ...).

>>> from tenace.contract import Contract
>>> from tenace.tournament.model import Conditions, Event, EventKind, Participant
>>> event = Event("Club pairs", EventKind.PAIRS, Conditions(),
...               tuple(Participant(p, f"Pair {p}") for p in ("1", "2", "3", "4")))
>>> results = [Result(1, 1, 1, "1", "2", Contract.from_str("4SN"), 10),
...            Result(1, 2, 2, "3", "4", Contract.from_str("4SN"), 9),
...            Result(2, 1, 1, "1", "4", Contract.from_str("3NTE"), 9),
...            Result(2, 2, 2, "3", "2", Contract.from_str("3NTE"), 10)]
>>> scored = score_event(event, results)
>>> [(r.title, [(s.place, s.contestant, str(s.percentage)) for s in r.standings]) for r in scored.rankings]
[('NS', [('1', '1', '100'), ('2', '3', '0')]), ('EW', [('1=', '2', '50'), ('1=', '4', '50')])]
>>> [(str(line.ns_points), str(line.ew_points)) for line in scored.traveller(1)[0].lines]
[('2', '0'), ('0', '2')]
"""

from __future__ import annotations

import functools
import gc
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from itertools import groupby
from operator import itemgetter
from typing import Final

from tenace.calls import Denomination
from tenace.contract import Doubling
from tenace.scoring.adjusted import (
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    WeightedScore,
    weighted_imps,
)
from tenace.scoring.imps import TrimCount, butler_datum, cross_imps_average, imps_against
from tenace.scoring.matchpoints import (
    Entry,
    Factoring,
    TotalScaling,
    board_values,
    exact_ratio,
    ratio_and_percentage,
    score_board,
    top_units,
    units_percentage,
)
from tenace.scoring.points import law77_rows, score
from tenace.seats import Seat
from tenace.tournament.model import (
    Comparison,
    Conditions,
    ContestantId,
    Event,
    EventKind,
    Method,
    Penalty,
    PenaltyUnit,
    Result,
    TieBreak,
    law2_vulnerable,
)
from tenace.tournament.ranking import Entrant, natural_key, new_entrant, rank
from tenace.tournament.seating import SeatingIndex, is_award
from tenace.tournament.standings import (
    EventResults,
    Ranking,
    Standing,
    Traveller,
    TravellerLine,
    lazy_traveller,
    new_standing,
    new_traveller_line,
)
from tenace.tournament.teams import score_teams

__all__ = ["PAIR_METHODS", "score_event"]

PAIR_METHODS: Final = (Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS)
"""The methods :func:`score_event` uses for pairs and individual events."""

_HUNDRED: Final = Fraction(100)
_ZERO: Final = Fraction(0)


def score_event(event: Event, results: Iterable[Result], penalties: Iterable[Penalty] = ()) -> EventResults:
    """Score every board of ``event`` from ``results``, total and rank the contestants (see the module
    docstring for what is compared with what).

    :raises ValueError: naming the result (table, round, board) or contestant, if a result names a contestant
        who is not in the event, a contestant plays a board twice in a session, a result does not match the
        event's movements, or the method cannot score an adjusted score given.
    """
    results = tuple(results)
    penalties = tuple(penalties)
    for penalty in penalties:
        _participant_name(event, penalty.contestant, f"penalty ({penalty.law}: {penalty.reason})")
    if event.kind is EventKind.TEAMS:
        return score_teams(event, results, penalties)
    if event.conditions.method not in PAIR_METHODS:
        raise ValueError(
            f"event {event.name!r}: {event.conditions.method.value} scores team matches, not a "
            f"{event.kind.value} event"
        )
    with _collector_paused():
        columnar = _ColumnarScorer(event, penalties).run_columns(results)
        if columnar is not None:
            return columnar
        return _PairsScorer(event, results, penalties).run()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while a field is scored, back on after (if it was on).

    Scoring makes a few objects per result and frees none of them before the end, none in reference cycles;
    on a big field the collector would otherwise walk them all again and again (a quarter of the time on
    10,000 pairs). Other threads meanwhile only collect later, they lose nothing.
    """
    was_on = gc.isenabled()
    if was_on:
        gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


# --- where a result belongs ---------------------------------------------------------------------------------


def _participant_name(event: Event, contestant: ContestantId, where: str,
                      names: dict[ContestantId, str] | None = None) -> str:
    if names is not None and contestant in names:
        return names[contestant]
    try:
        return event.participant(contestant).name
    except KeyError:
        raise ValueError(f"{where}: no contestant {contestant!r} in event {event.name!r}") from None


# --- pairs and individuals ----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Line:
    """One traveller line being scored."""

    result: Result
    section: str
    ns_side: tuple[ContestantId, ...]
    ew_side: tuple[ContestantId, ...]
    entry: Entry
    """North-South's score or the adjusted score (:meth:`Result.ns_score`)."""
    ns_points: Fraction = Fraction(0)
    ew_points: Fraction = Fraction(0)
    top: int | None = None
    ns_percentage: Fraction | None = None
    ew_percentage: Fraction | None = None
    datum: int | None = None
    # what each contestant finally scored (the session rule can differ between the two players of a side)
    scored: dict[ContestantId, Fraction] | None = None


def _exact_sum(parts: dict[int, int]) -> Fraction:
    """The sum of ``numerator / denominator`` over ``{denominator: numerator}``, as one Fraction."""
    if len(parts) == 1:
        ((denominator, numerator),) = parts.items()
        return Fraction(numerator, denominator)
    common = math.lcm(*parts)
    return Fraction(sum(numerator * (common // denominator) for denominator, numerator in parts.items()),
                    common)


@dataclass(slots=True)
class _Tally:
    """A contestant's boards in one session.

    The points are added up exactly without Fraction arithmetic for each board: whole numerators per
    denominator in ``parts`` (mostly one: the event's common denominator), made into one Fraction when asked
    for.
    """

    parts: dict[int, int] = field(default_factory=dict)
    changed: Fraction = Fraction(0)
    """What the Law 12C2(c) session rule changed."""
    available: int = 0
    boards: int = 0
    # on the boards where the contestant had an artificial Award, left out for Law 12C2(c)
    award_points: Fraction = Fraction(0)
    award_available: int = 0
    award_boards: int = 0
    won: int = 0

    @property
    def points(self) -> Fraction:
        points = _exact_sum(self.parts) if self.parts else _ZERO
        return points + self.changed if self.changed else points

    def rule_ratio(self) -> tuple[int, int]:
        """The points without the boards with an Award, before the session rule (Law 12C2(c)), as a
        numerator and a positive denominator (not always in lowest terms), without Fraction arithmetic."""
        numerator, denominator = 0, 1
        for part_denominator, part_numerator in self.parts.items():
            numerator, denominator = _ratio_sum(numerator, denominator, part_numerator, part_denominator)
        award = self.award_points
        if award:
            numerator, denominator = _ratio_sum(numerator, denominator, -award.numerator, award.denominator)
        return numerator, denominator


class _PairsScorer:
    def __init__(self, event: Event, results: tuple[Result, ...], penalties: tuple[Penalty, ...], *,
                 read: bool = True) -> None:
        self.event = event
        self.conditions: Conditions = event.conditions
        self.method = self.conditions.method
        self.penalties = penalties
        self.lines: list[_Line] = []
        self.directions: dict[ContestantId, set[str]] = defaultdict(set)
        self.head: dict[tuple[ContestantId, ContestantId], Fraction] = defaultdict(Fraction)
        self.tallies: dict[tuple[int, ContestantId], _Tally] = defaultdict(_Tally)
        self.fields: dict[tuple[int, str], int] = {}
        self.board_tops: dict[tuple[ContestantId, int], int] = {}
        self.names = {p.id: p.name for p in event.participants}
        self._common = 1
        self._scale: dict[int, int] = {}
        # who has a result on each (session, board): a contestant plays a board once in a session
        self._seen: dict[tuple[int, int], dict[ContestantId, Result]] = {}
        if read:
            index = SeatingIndex(event)
            if event.kind is EventKind.INDIVIDUAL:
                self._read_individual(index, results)
            else:
                self._read_pairs(index, results)
        if event.kind is EventKind.PAIRS:
            # the movement, not only the results so far, says who keeps his direction: after the first round
            # of a Howell every pair has played one way only, yet the Howell is one field
            for session in event.sessions:
                for movement in session.movements:
                    for seating in movement.seatings:
                        self.directions[seating.ns].add("NS")
                        self.directions[seating.ew].add("EW")

    def _check(self, result: Result, who: ContestantId, here: dict[ContestantId, Result]) -> None:
        """``who`` is in the event and has no other result on the board in the session."""
        if who not in self.names:
            _participant_name(self.event, who, result.describe(), self.names)
        if who in here:
            raise ValueError(
                f"{result.describe()}: {who!r} already has a result on board {result.board} in "
                f"session {result.session} ({here[who].describe()})"
            )
        here[who] = result

    def _read_individual(self, index: SeatingIndex, results: tuple[Result, ...]) -> None:
        for result in results:
            section, seating = index.locate(result)
            if seating is None or seating.players is None:
                raise ValueError(f"{result.describe()}: the movement names no players for that table")
            north, east, south, west = seating.players
            here = self._seen.setdefault((result.session, result.board), {})
            for who in (north, south, east, west):
                self._check(result, who, here)
            for who in (north, south):
                self.directions[who].add("NS")
            for who in (east, west):
                self.directions[who].add("EW")
            self.lines.append(_Line(result, section, (north, south), (east, west), result.ns_score()))

    def _read_pairs(self, index: SeatingIndex, results: tuple[Result, ...]) -> None:
        """One line per result, checked: the hot path of a big field, so the common case is written out."""
        at, names, seen, lines = index.seated, self.names, self._seen, self.lines
        north, south = Seat.NORTH, Seat.SOUTH
        ns_ids: set[ContestantId] = set()
        ew_ids: set[ContestantId] = set()
        unseated: dict[int, str] = {}  # the section of a result the movements do not seat, per session
        for result in results:
            ns, ew, session, board = result.ns, result.ew, result.session, result.board
            found = at.get((session, result.round, result.table, ns, ew)) if at else None
            if found is not None:
                section = found[0]
            elif session in unseated:
                section = unseated[session]
            else:
                section = unseated[session] = index.locate(result)[0]
            here = seen.get((session, board))
            if here is None:
                here = seen[(session, board)] = {}
            if ns in names and ns not in here:
                here[ns] = result
            else:
                self._check(result, ns, here)
            if ew in names and ew not in here:
                here[ew] = result
            else:
                self._check(result, ew, here)
            ns_ids.add(ns)
            ew_ids.add(ew)
            contract, tricks = result.contract, result.tricks
            if (result.adjusted is None and contract is not None and tricks is not None
                    and result.vulnerable is None):
                # Law 77 with the board's Law 2 vulnerability from a table (as Result.ns_score)
                ns_vul, ew_vul = law2_vulnerable(board)
                declarer = contract.declarer
                if declarer is north or declarer is south:
                    entry: Entry = score(contract, tricks, vulnerable=ns_vul)
                else:
                    entry = -score(contract, tricks, vulnerable=ew_vul)
            else:
                entry = result.ns_score()
            lines.append(_Line(result, section, (ns,), (ew,), entry))
        for who in ns_ids:
            self.directions[who].add("NS")
        for who in ew_ids:
            self.directions[who].add("EW")

    def _played(self, session: int, board: int, who: ContestantId) -> bool:
        return who in self._seen.get((session, board), ())

    # The comparison: which lines are scored together.

    def _compare_key(self, line: _Line) -> tuple[int, str]:
        section = line.section if self.conditions.comparison is Comparison.SECTION else ""
        return line.result.session, section

    def run(self) -> EventResults:
        boards: dict[tuple[int, str, int], list[_Line]] = {}
        by_section = self.conditions.comparison is Comparison.SECTION
        for line in self.lines:  # as _compare_key, written out
            result = line.result
            key = (result.session, line.section if by_section else "", result.board)
            members = boards.get(key)
            if members is None:
                boards[key] = [line]
            else:
                members.append(line)
        for (session, section, _), lines in boards.items():
            self.fields[(session, section)] = max(self.fields.get((session, section), 0), len(lines))
        scored: list[tuple[int, str, int, int | None, list[_Line]]] = []
        for (session, section, board), lines in sorted(boards.items(), key=lambda kv: kv[0]):
            groups: dict[int | None, list[_Line]] = defaultdict(list)
            if all(line.result.group is None for line in lines):
                groups[None] = lines
            else:
                for line in lines:
                    groups[line.result.group].append(line)
            fouled = len(groups) > 1
            for group, members in sorted(groups.items(), key=lambda kv: (kv[0] is not None, kv[0] or 0)):
                self._score_group(members, self.fields[(session, section)], len(lines), fouled)
                scored.append((session, section, board, group if fouled else None, members))
        self._tally()
        self._session_rule()
        self._sit_outs()
        travellers = [
            Traveller(board=board, lines=self._final_lines(members), top=members[0].top,
                      datum=members[0].datum, session=session, section=section, group=group)
            for session, section, board, group, members in scored
        ]
        return EventResults(
            event=self.event.name, method=self.method, travellers=tuple(travellers),
            rankings=self._rankings(), penalties=self.penalties,
        )

    def _final_lines(self, members: Sequence[_Line]) -> tuple[TravellerLine, ...]:
        out = []
        for line in members:
            ns, ew = line.ns_points, line.ew_points
            if line.scored is None and line.result.adjusted is None:  # a plain result, as below
                out.append(TravellerLine(line.result, line.entry, ns, ew, line.ns_percentage,
                                         line.ew_percentage))
                continue
            if line.scored:  # the session rule changed what a side scored
                ns = line.scored.get(line.ns_side[0], ns)
                ew = line.scored.get(line.ew_side[0], ew)
            ns_pct = ew_pct = None
            if line.top is not None:
                ns_pct, ew_pct = line.ns_percentage, line.ew_percentage
                if isinstance(line.result.adjusted, ArtificialAdjustedScore) and line.top:
                    ns_pct, ew_pct = ns * _HUNDRED / line.top, ew * _HUNDRED / line.top
            out.append(TravellerLine(line.result, line.entry, ns, ew, ns_pct, ew_pct))
        return tuple(out)

    # One group of comparable results (the whole board unless it was fouled).

    def _score_group(self, lines: list[_Line], field_size: int, board_size: int, fouled: bool) -> None:
        entries = [line.entry for line in lines]
        if self.method is Method.MATCHPOINTS:
            if self.conditions.factoring is Factoring.NEUBERG:
                scored = score_board(entries, field=field_size, factoring=Factoring.NEUBERG,
                                     settings=self.conditions.artificial)
            elif fouled:  # Law 87B: each group is converted to the full board (see docs)
                scored = score_board(entries, field=board_size, factoring=Factoring.NEUBERG,
                                     settings=self.conditions.artificial)
            else:
                scored = score_board(entries, factoring=Factoring.NONE, settings=self.conditions.artificial)
            for line, s in zip(lines, scored, strict=True):
                line.ns_points, line.ew_points, line.top = s.ns, s.ew, s.top
                line.ns_percentage, line.ew_percentage = s.ns_percentage, s.ew_percentage
            return
        for line in lines:
            adjusted = line.result.adjusted
            if isinstance(adjusted, ArtificialAdjustedScore):
                if self.method is Method.TOTAL_POINTS:
                    raise ValueError(
                        f"{line.result.describe()}: an artificial adjusted score ({adjusted}) has no value "
                        f"at total points (Law 78C); award an assigned score instead"
                    )
                try:
                    line.ns_points, line.ew_points = adjusted.imps(self.conditions.artificial)
                except ValueError as error:
                    raise ValueError(f"{line.result.describe()}: {error}") from None
        comparable = [line for line in lines if not isinstance(line.result.adjusted, ArtificialAdjustedScore)]
        if self.method is Method.TOTAL_POINTS:
            for line in comparable:
                ns, ew = _sides(line)
                line.ns_points, line.ew_points = ns.expected_score, -ew.expected_score
        elif self.method is Method.BUTLER:
            self._butler(comparable)
        else:
            self._cross_imps(comparable)

    def _butler(self, lines: list[_Line]) -> None:
        plain = [line.entry for line in lines if line.result.adjusted is None]
        scores = [s for s in plain if isinstance(s, int)]
        if not scores:  # only assigned scores: their expected scores make the datum
            scores = [round(_sides(line)[0].expected_score) for line in lines]
        if not scores:
            return
        trim, rounding = self.conditions.butler_trim, self.conditions.datum_rounding
        try:
            datum = butler_datum(scores, trim=trim, rounding=rounding)
        except ValueError:  # too few results to leave any out: the plain mean
            datum = butler_datum(scores, trim=TrimCount(0, 0), rounding=rounding)
        for line in lines:
            line.datum = datum
            if line.result.adjusted is None:
                (ns,) = imps_against([_plain(line.entry)], datum)
                line.ns_points, line.ew_points = Fraction(ns), Fraction(-ns)
            else:
                ns_score, ew_score = _sides(line)
                line.ns_points = weighted_imps(ns_score, WeightedScore.single(datum))
                line.ew_points = -weighted_imps(ew_score, WeightedScore.single(datum))

    def _cross_imps(self, lines: list[_Line]) -> None:
        if len(lines) < 2:
            return  # nothing to compare with: 0 IMPs
        if all(line.result.adjusted is None for line in lines):
            for line, average in zip(lines, cross_imps_average([_plain(line.entry) for line in lines]),
                                     strict=True):
                line.ns_points, line.ew_points = average, -average
            return
        comparisons = len(lines) - 1
        sides = [_sides(line) for line in lines]
        for i, line in enumerate(lines):
            ns_total = ew_total = Fraction(0)
            for j, (other_ns, other_ew) in enumerate(sides):
                if i != j:
                    ns_total += weighted_imps(sides[i][0], other_ns)
                    ew_total += weighted_imps(sides[i][1], other_ew)
            line.ns_points, line.ew_points = ns_total / comparisons, -ew_total / comparisons

    # Totals.

    def _units(self) -> bool:
        return self.method is Method.MATCHPOINTS

    def _tally(self) -> None:
        # only what the event needs: results between contestants for the head-to-head tie-break, each
        # board's top for penalties in per cent of a top
        head = self.conditions.tie_break is TieBreak.HEAD_TO_HEAD
        tops = bool(self.penalties)
        # one common denominator for every line's points (1 at IMPs, the board sizes' least common multiple
        # with Neuberg), so that a contestant's sum is mostly one integer
        denominators = {line.ns_points.denominator for line in self.lines}
        denominators.update(line.ew_points.denominator for line in self.lines)
        self._common = math.lcm(*denominators) if denominators else 1
        self._scale = {denominator: self._common // denominator for denominator in denominators}
        common, scale = self._common, self._scale
        tallies = self.tallies
        for line in self.lines:
            result = line.result
            session = result.session
            adjusted = result.adjusted
            if head or tops or (adjusted is not None and isinstance(adjusted, ArtificialAdjustedScore)):
                self._tally_line(line, head, tops)
                continue
            # the common case written out (as _add): whole numerators over the common denominator
            top = line.top
            for side, points in ((line.ns_side, line.ns_points), (line.ew_side, line.ew_points)):
                numerator = points.numerator * scale[points.denominator]
                if top is not None:
                    won = 2 * numerator > top * common  # more than half the top
                else:
                    won = numerator > 0
                for who in side:
                    tally = tallies[(session, who)]
                    parts = tally.parts
                    parts[common] = parts.get(common, 0) + numerator
                    tally.available += top or 0
                    tally.boards += 1
                    tally.won += won

    def _tally_line(self, line: _Line, head: bool, tops: bool) -> None:
        adjusted = line.result.adjusted
        ns_award = ew_award = False
        if adjusted is not None and isinstance(adjusted, ArtificialAdjustedScore):
            ns_award, ew_award = is_award(adjusted.ns), is_award(adjusted.ew)
        session = line.result.session
        for side, points, opponents, award in (
            (line.ns_side, line.ns_points, line.ew_side, ns_award),
            (line.ew_side, line.ew_points, line.ns_side, ew_award),
        ):
            for who in side:
                if tops:
                    self.board_tops.setdefault((who, line.result.board), line.top or 0)
                self._add(session, who, points, line.top, award)
                if head:
                    for other in opponents:
                        self.head[(who, other)] += points

    def _add(self, session: int, who: ContestantId, points: Fraction, top: int | None, award: bool) -> None:
        tally = self.tallies[(session, who)]
        numerator, denominator = points.numerator, points.denominator
        parts = tally.parts
        scale = self._scale.get(denominator)
        if scale is None:
            parts[denominator] = parts.get(denominator, 0) + numerator
        else:
            parts[self._common] = parts.get(self._common, 0) + numerator * scale
        tally.available += top or 0
        tally.boards += 1
        if top is not None:
            tally.won += 2 * numerator > top * denominator  # more than half the top
        else:
            tally.won += numerator > 0
        if award:
            tally.award_points += points
            tally.award_available += top or 0
            tally.award_boards += 1

    def _session_value(self, session: int, who: ContestantId) -> Fraction | None:
        """The contestant's result on the session's boards without an Award: per cent of the tops at
        matchpoints, IMPs per board otherwise (Law 12C2(c))."""
        tally = self.tallies[(session, who)]
        numerator, denominator = tally.rule_ratio()
        if self._units():
            available = tally.available - tally.award_available
            return exact_ratio(numerator * 100, denominator * available) if available else None
        boards = tally.boards - tally.award_boards
        return exact_ratio(numerator, denominator * boards) if boards else None

    def _session_rule(self) -> None:
        settings = self.conditions.artificial
        if not settings.session_rule:
            return
        for line in self.lines:
            adjusted = line.result.adjusted
            if not isinstance(adjusted, ArtificialAdjustedScore):
                continue
            session = line.result.session
            sides = ((line.ns_side, line.ns_points), (line.ew_side, line.ew_points))
            for index, (side, base) in enumerate(sides):
                for who in side:
                    value = self._session_value(session, who)
                    if self._units():
                        pct = adjusted.percentages(settings, ns_session=value, ew_session=value)[index]
                        assert line.top is not None
                        new = exact_ratio(pct.numerator * line.top, pct.denominator * 100)
                    else:
                        new = adjusted.imps(settings, ns_session=value, ew_session=value)[index]
                    if new != base:
                        self.tallies[(session, who)].changed += new - base
                        if line.scored is None:
                            line.scored = {}
                        line.scored[who] = new

    def _sit_outs(self) -> None:
        """Average for a phantom's opponents on the boards they could not play, when the event says so."""
        if not self.conditions.sit_out_average or self.event.kind is EventKind.INDIVIDUAL:
            return
        phantoms = {p.id for p in self.event.participants if p.phantom}
        for session in self.event.sessions:
            for movement in session.movements:
                for seating in movement.seatings:
                    for who, other in ((seating.ns, seating.ew), (seating.ew, seating.ns)):
                        if other not in phantoms or who in phantoms:
                            continue
                        _participant_name(self.event, who, seating.describe())
                        self.directions[who].add("NS" if who == seating.ns else "EW")
                        section = movement.name if self.conditions.comparison is Comparison.SECTION else ""
                        field_size = self.fields.get((session.number, section), 0)
                        top = top_units(field_size) if self._units() else None
                        for board in seating.boards:
                            if self._played(session.number, board, who):
                                continue
                            average = Fraction(top, 2) if top is not None else Fraction(0)
                            self._add(session.number, who, average, top, award=True)

    def _rankings(self) -> tuple[Ranking, ...]:
        by_contestant: dict[ContestantId, list[tuple[int, _Tally]]] = defaultdict(list)
        expected: dict[int, int] = defaultdict(int)
        for (session, who), tally in self.tallies.items():
            by_contestant[who].append((session, tally))
            expected[session] = max(expected[session], tally.boards)
        carry = dict(self.event.carry_over)
        penalty_points: dict[ContestantId, Fraction] = defaultdict(Fraction)
        top = max((top_units(f) for f in self.fields.values()), default=0)
        for penalty in self.penalties:
            points = Fraction(penalty.points)
            if self._units() and self.conditions.penalty_unit is PenaltyUnit.PERCENT_OF_TOP:
                # a top of the board the penalty was given on (Law 90), else of the largest board
                board_top = self.board_tops.get((penalty.contestant, penalty.board or 0), top)
                points = points * board_top / _HUNDRED
            penalty_points[penalty.contestant] += points
        phantoms = {p.id for p in self.event.participants if p.phantom}
        entrants: dict[ContestantId, Entrant] = {}
        scaled = self.conditions.total_scaling is TotalScaling.TO_EXPECTED_BOARDS
        units = self._units()
        names = self.names
        for who in sorted({*by_contestant, *carry, *penalty_points} - phantoms, key=natural_key):
            sessions = by_contestant.get(who, [])
            taken = penalty_points.get(who, _ZERO)
            carried = Fraction(carry[who]) if who in carry else _ZERO
            if len(sessions) == 1 and not taken and not carried and not sessions[0][1].changed:
                session, tally = sessions[0]
                parts = tally.parts
                if len(parts) == 1:
                    # the common case: every value straight from the tally's integers, one Fraction apiece
                    ((denominator, numerator),) = parts.items()
                    boards, available = tally.boards, tally.available
                    if scaled and boards:
                        total = Fraction(numerator * expected[session], denominator * boards)
                    else:
                        total = Fraction(numerator, denominator)
                    entrants[who] = new_entrant(
                        who, names[who] if who in names else _participant_name(self.event, who, "carry-over"),
                        boards, total,
                        Fraction(numerator * 100, denominator * available) if units and available else None,
                        _ZERO, _ZERO, ((session, total),), tally.won,
                    )
                    continue
            if len(sessions) > 1:
                sessions = sorted(sessions, key=lambda st: st[0])
            per_session: list[tuple[int, Fraction]] = []
            raw = _ZERO
            available = boards = won = 0
            for session, tally in sessions:
                points = tally.points
                total = points
                if scaled and tally.boards:  # one Fraction from integers: points * expected / boards
                    total = Fraction(points.numerator * expected[session], points.denominator * tally.boards)
                per_session.append((session, total))
                raw = raw + points if raw else points
                available += tally.available
                boards += tally.boards
                won += tally.won
            if len(per_session) == 1:
                total = per_session[0][1]
            else:
                total = sum((t for _, t in per_session), Fraction(0))
            if carried or taken:
                total = total + carried - taken
            percentage = None
            if units and available:
                net = raw - taken if taken else raw
                percentage = Fraction(net.numerator * 100, net.denominator * available)
            entrants[who] = Entrant(
                contestant=who, name=_participant_name(self.event, who, "carry-over", self.names),
                boards=boards, total=total, percentage=percentage, carry_over=carried, penalties=taken,
                sessions=tuple(per_session), boards_won=won,
            )

        def head_to_head(a: ContestantId, b: ContestantId) -> Fraction:
            return self.head.get((a, b), Fraction(0))

        tie_break = self.conditions.tie_break

        def split(group: dict[ContestantId, Entrant], prefix: str = "") -> list[Ranking]:
            fixed = {who: dirs for who, dirs in self.directions.items() if who in group}
            if (self.event.kind is EventKind.PAIRS and fixed and all(len(d) == 1 for d in fixed.values())
                    and {d for dirs in fixed.values() for d in dirs} == {"NS", "EW"}):
                rankings = []
                for direction in ("NS", "EW"):
                    members = [e for who, e in group.items() if fixed.get(who) == {direction}]
                    rankings.append(rank(prefix + direction, members, tie_break, head_to_head=head_to_head))
                others = [e for who, e in group.items() if who not in fixed]
                if others:
                    rankings.append(rank(prefix + "Others", others, tie_break, head_to_head=head_to_head))
                return rankings
            return [rank(prefix.strip() or "Overall", group.values(), tie_break, head_to_head=head_to_head)]

        sections = self._sections(entrants)
        if sections is None:
            return tuple(split(entrants))
        out: list[Ranking] = []
        for name in dict.fromkeys(sections.values()):
            out.extend(split({w: e for w, e in entrants.items() if sections[w] == name}, f"{name} "))
        return tuple(out)

    def _sections(self, entrants: dict[ContestantId, Entrant]) -> dict[ContestantId, str] | None:
        """Each contestant's section, when the Conditions compare within sections, some session has
        several, and every contestant played in exactly one section (ranked per section, Law 78D); else
        ``None`` (one ranking over the field)."""
        if self.conditions.comparison is not Comparison.SECTION:
            return None
        if not any(len(s.movements) > 1 for s in self.event.sessions):
            return None
        seen: dict[ContestantId, set[str]] = defaultdict(set)
        for session in self.event.sessions:
            for movement in session.movements:
                for who in movement.contestants:
                    seen[who].add(movement.name)
        if any(len(seen.get(who, ())) != 1 for who in entrants):
            return None
        return {who: next(iter(seen[who])) for who in entrants}


class _ColumnarScorer(_PairsScorer):
    """The common matchpoint field scored by columns (issue 16): a pairs event at matchpoints with Neuberg
    factoring over the whole field, no fouled board, no penalty, no head-to-head tie-break, no average for
    sitting out. It gives exactly what :class:`_PairsScorer` gives, without an object or a Fraction per
    result in the arithmetic:

    * each board's results are read into two columns (the results and North-South's scores, Law 77 worked out
      from the Law 2 vulnerability); a result that is odd in any way makes :meth:`run_columns` answer
      ``None`` and the general scorer, which names the fault, takes over;
    * each board is sorted once: every distinct score gets its Law 78A units (two per score beaten, one per
      score tied), factored with Neuberg as one rational over the board's comparable results, so each value
      is a whole numerator over ``n`` (or 1);
    * a contestant's total is integer additions of numerators over the least common multiple of those
      denominators, packed with the boards played and won into one int per line and side; Fractions are made
      once per contestant, at the end;
    * the few lines that are adjusted scores (and every line of a board with an assigned score) go through
      the general per-line code, with the Law 12C2(c) session rule.
    """

    def __init__(self, event: Event, penalties: tuple[Penalty, ...]) -> None:
        super().__init__(event, (), penalties, read=False)

    def _applies(self) -> bool:
        conditions = self.conditions
        return (self.event.kind is EventKind.PAIRS and self.method is Method.MATCHPOINTS
                and conditions.factoring is Factoring.NEUBERG and conditions.comparison is Comparison.FIELD
                and conditions.tie_break is not TieBreak.HEAD_TO_HEAD and not conditions.sit_out_average
                and not self.penalties)

    def run_columns(self, results: tuple[Result, ...]) -> EventResults | None:
        """The scored event, or ``None`` when this event or one of its results needs the general scorer."""
        if not self._applies():
            return None
        try:
            columns = self._read_columns(results)
        except (ValueError, TypeError):  # the general scorer says what is wrong, naming the result
            return None
        if columns is None:
            return None
        return self._score_columns(columns)

    def _read_columns(self, results: tuple[Result, ...]) -> dict[tuple[int, int], _Columns] | None:
        event = self.event
        must_seat = {s.number: len(s.movements) > 1 for s in event.sessions}
        any_session = not event.sessions
        seated = SeatingIndex(event).seated if any(must_seat.values()) else {}
        columns: dict[tuple[int, int], _Columns] = {}
        column: _Columns | None = None
        last_session = last_board = 0
        table = _signed_law77((False, False))
        add_result = add_entry = add_special = None
        for result in results:
            session, board = result.session, result.board
            if board != last_board or session != last_session or column is None:  # often board by board
                last_session, last_board = session, board
                column = columns.get((session, board))
                if column is None:
                    if not any_session and session not in must_seat:
                        return None
                    column = columns[(session, board)] = ([], [], [], law2_vulnerable(board))
                add_result, add_entry, add_special = column[0].append, column[1].append, column[2].append
                table = _signed_law77(column[3])
            if result.group is not None:
                return None
            if (seated and must_seat[session]
                    and (session, result.round, result.table, result.ns, result.ew) not in seated):
                return None
            contract, tricks = result.contract, result.tricks
            if (result.adjusted is None and contract is not None and tricks.__class__ is int
                    and result.vulnerable is None and 0 <= tricks <= 13):
                # Law 77 with the board's Law 2 vulnerability (as Result.ns_score), from points' table
                entry: Entry = table[(contract.level, contract.denomination, contract.doubling,
                                      contract.declarer)][tricks]
            else:
                entry = result.ns_score()
                if entry.__class__ is not int:
                    add_special(len(column[0]))  # type: ignore[misc]
            add_result(result)  # type: ignore[misc]
            add_entry(entry)  # type: ignore[misc]
        return columns

    def _score_columns(self, columns: dict[tuple[int, int], _Columns]) -> EventResults | None:
        settings = self.conditions.artificial
        fields = self.fields
        for (session, _), (played, _, _, _) in columns.items():
            key = (session, "")
            fields[key] = max(fields.get(key, 0), len(played))
        # per board: each distinct plain score's exact values, and its numerators over the board's denominator
        boards: list[_Board] = []
        denominators = {1}
        for (session, board), column in sorted(columns.items(), key=lambda kv: kv[0]):
            played, entries, special, _ = column
            full = fields[(session, "")]
            top = top_units(full)
            slow: list[_Line] = []
            plain: list[int] = entries  # type: ignore[assignment]
            if special:  # a few adjusted lines: a copy without them (C-level, not a test per line)
                plain = plain.copy()
                for i in reversed(special):
                    del plain[i]
            if any(isinstance(entries[i], AssignedAdjustedScore) for i in special):
                values, denominator = self._board_values(entries, special, plain, full, top, slow, played,
                                                         settings)
            else:
                values, denominator = _plain_values(plain, full, top)
                for i in special:
                    adjusted = entries[i]
                    assert isinstance(adjusted, ArtificialAdjustedScore)
                    ns_pct, ew_pct = adjusted.percentages(settings)  # Law 12C2: a share of the top
                    slow.append(self._slow_line(
                        played[i], adjusted, exact_ratio(ns_pct.numerator * top, ns_pct.denominator * 100),
                        exact_ratio(ew_pct.numerator * top, ew_pct.denominator * 100), top, ns_pct, ew_pct))
            if values is None:
                return None
            denominators.add(denominator)
            boards.append((session, board, column, values, denominator, slow))
        common = math.lcm(*denominators)
        self._common, self._scale = common, {}
        if not self._tally_columns(boards, common):
            return None
        for *_, slow in boards:
            for line in slow:
                self._tally_line(line, False, False)
        self.lines = [line for *_, slow in boards for line in slow]
        self._session_rule()
        travellers = [
            lazy_traveller(board, partial(_traveller_lines, played, entries, values,
                                          self._final_lines(slow) if special else ()),
                           top=top_units(fields[(session, "")]), session=session)
            for session, board, (played, entries, special, _), values, _, slow in boards
        ]
        return EventResults(event=self.event.name, method=self.method, travellers=tuple(travellers),
                            rankings=self._rankings(), penalties=self.penalties)

    def _tally_columns(self, boards: list[_Board], common: int) -> bool:
        """Each contestant's plain lines added up, session by session, as one int per contestant; ``False``
        when a result names a contestant who is not in the event or a contestant has two results on one board
        (the general scorer then names the fault).

        A line adds to its contestant's int, in bit fields from the lowest: 1 (boards counted), 1 if more
        than half the top (boards won), 1 if an adjusted line that the general per-line code tallies, 1 if
        sitting North-South, the board's own bit (``1 << (_MASK + i)`` for the session's i-th board), and the
        units' numerator over ``common``. ``k`` distinct powers of two add up to ``k`` set bits and any
        repeated one carries, so a contestant is on each board once exactly when the board bits set equal
        the lines counted.

        No :class:`_Tally` is made here: :attr:`tallies` makes one from the packed int for the few contestants
        the per-line code adds an adjusted line to, and :meth:`_rankings` reads the others' ints directly.
        """
        fields, low = self.fields, _LOW
        per_session = Counter(session for session, *_ in boards)
        sums: dict[int, dict[ContestantId, int]] = {}
        position: Counter[int] = Counter()
        for session, _, (played, entries, special, _), values, denominator, _ in boards:
            shift = _MASK + per_session[session] + 1
            top_common = top_units(fields[(session, "")]) * common
            scale = common // denominator
            bit = 1 << (_MASK + position[session])
            position[session] += 1
            ns_bit = bit | (1 << _NORTH_SOUTH)
            ns_packs: dict[Entry | None, int] = {}
            ew_packs: dict[Entry | None, int] = {}
            for value, (_, _, _, _, ns_num, ew_num) in values.items():
                ns_num *= scale
                ew_num *= scale
                ns_packs[value] = (ns_num << shift) | ns_bit | ((2 * ns_num > top_common) << 20) | 1
                ew_packs[value] = (ew_num << shift) | bit | ((2 * ew_num > top_common) << 20) | 1
            keys: list[Entry | None] = entries  # type: ignore[assignment]
            if special:
                keys = list(entries)
                for i in special:
                    keys[i] = None
                ns_packs[None] = ns_bit | (1 << 40)
                ew_packs[None] = bit | (1 << 40)
            contestants = sums.get(session)
            if contestants is None:
                contestants = sums[session] = dict.fromkeys(self.names, 0)
            try:
                for result, ns_packed, ew_packed in zip(played, map(ns_packs.__getitem__, keys),
                                                        map(ew_packs.__getitem__, keys), strict=True):
                    contestants[result.ns] += ns_packed
                    contestants[result.ew] += ew_packed
            except KeyError:  # not a contestant of the event
                return False
        # who sat which way (1 North-South, 2 East-West), the most boards anyone counted in each session
        directions: dict[ContestantId, int] = {}
        layout: dict[int, tuple[int, int, int]] = {}
        for session, contestants in sums.items():
            board_bits = (1 << per_session[session]) - 1
            most = 0
            for who, packed in contestants.items():
                if not packed:
                    continue
                played_count = packed & low
                lines = played_count + ((packed >> 40) & low)
                if ((packed >> _MASK) & board_bits).bit_count() != lines:
                    return False  # twice on a board
                north_south = (packed >> _NORTH_SOUTH) & low
                directions[who] = directions.get(who, 0) | (north_south > 0) | ((north_south < lines) << 1)
                if played_count > most:
                    most = played_count
            layout[session] = (_MASK + per_session[session] + 1, top_units(fields[(session, "")]), most)
        self._sums, self._layout, self._ways = sums, layout, directions
        self.tallies = _PackedTallies(sums, layout, common)
        return True

    def _rankings(self) -> tuple[Ranking, ...]:
        """The rankings :meth:`_PairsScorer._rankings` gives (Law 78D: highest total first, equal totals share
        a place unless more boards won breaks the tie, the tied in natural order), sorted on integers, with
        no :class:`~tenace.tournament.ranking.Entrant` or Fraction comparison.

        Each contestant's total is ``p / q`` from its packed sums (or, for the few with an adjusted line, its
        :class:`_Tally`), and over the least common multiple ``Q`` of the ``q``, ``p * (Q // q)`` orders the
        totals exactly, equal only when the totals are. Several sessions and a carry-over add up as integer
        fractions too. Each standing's Fractions are made once, from integers."""
        names, common, low = self.names, self._common, _LOW
        scaled = self.conditions.total_scaling is TotalScaling.TO_EXPECTED_BOARDS
        made = dict(self.tallies)  # the contestants' tallies the per-line code made
        expected = {session: most for session, (_, _, most) in self._layout.items()}
        for (session, _), made_tally in made.items():
            expected[session] = max(expected.get(session, 0), made_tally.boards)
        phantoms = {p.id for p in self.event.participants if p.phantom}
        carry = dict(self.event.carry_over)
        records: list[_Record] = []
        if len(self._sums) <= 1 and not carry:  # the common case: one session, each value from the ints
            for session, contestants in self._sums.items():
                shift, top, _ = self._layout[session]
                most = expected[session]
                for who, packed in contestants.items():
                    if not packed or who in phantoms:
                        continue
                    tally = made.get((session, who))
                    if tally is None:
                        boards, numerator, denominator = packed & low, packed >> shift, common
                        available, won = boards * top, (packed >> 20) & low
                    else:
                        exact = tally.points
                        numerator, denominator = exact.numerator, exact.denominator
                        boards, available, won = tally.boards, tally.available, tally.won
                    if scaled and boards and boards != most:
                        records.append((who, numerator * most, denominator * boards, boards, numerator,
                                        denominator, available, session, won))
                    else:  # the total is the points
                        records.append((who, numerator, denominator, boards, numerator, denominator,
                                        available, session, won))
        else:
            records = self._records(made, expected, scaled, phantoms, carry)
        ways = self._ways
        for who, dirs in self.directions.items():  # from the movements
            ways[who] = ways.get(who, 0) | ("NS" in dirs) | (("EW" in dirs) << 1)
        parts: list[tuple[str, list[_Record]]]
        if self.event.kind is EventKind.PAIRS and {ways.get(r[0], 0) for r in records} - {0} == {1, 2}:
            by_way: tuple[list[_Record], list[_Record], list[_Record]] = ([], [], [])
            for record in records:
                by_way[ways.get(record[0], 0)].append(record)
            parts = [("NS", by_way[1]), ("EW", by_way[2])]
            if by_way[0]:
                parts.append(("Others", by_way[0]))
        else:
            parts = [("Overall", records)]
        denominators = {record[2] for record in records}
        every = math.lcm(*denominators) if denominators else 1
        scale = {q: every // q for q in denominators}
        by_won = self.conditions.tie_break is TieBreak.MORE_BOARDS_WON

        def place(record: _Record, rank: int, tied: bool) -> Standing:
            who, p, q, boards, points_p, points_q, available, sessions, _ = record
            total, percentage = ratio_and_percentage(points_p, points_q, available)
            if p != points_p or q != points_q:  # scaled, or several sessions
                total = exact_ratio(p, q)
            return new_standing(rank, tied, who, names[who], boards, total, percentage,
                                Fraction(carry[who]) if who in carry else _ZERO, _ZERO,
                                ((sessions, total),) if isinstance(sessions, int) else sessions)

        out = []
        for title, members in parts:
            order = sorted([(record[1] * scale[record[2]], record) for record in members], key=_first,
                           reverse=True)
            standings: list[Standing] = []
            start, count = 0, len(order)
            while start < count:
                key = order[start][0]
                end = start + 1
                while end < count and order[end][0] == key:
                    end += 1
                if end == start + 1:  # the common case: a place of one's own
                    standings.append(place(order[start][1], end, False))
                else:  # equal totals in natural order ("2" before "10")
                    tied = sorted([record for _, record in order[start:end]], key=_natural_first)
                    shares = [tied]
                    if by_won:  # Law 78D: more boards won breaks the tie
                        tied.sort(key=_won, reverse=True)
                        shares = [list(shared) for _, shared in groupby(tied, _won)]
                    for shared in shares:
                        rank, several = len(standings) + 1, len(shared) > 1
                        for record in shared:
                            standings.append(place(record, rank, several))
                start = end
            out.append(Ranking(title, tuple(standings)))
        return tuple(out)

    def _records(self, made: dict[tuple[int, ContestantId], _Tally], expected: dict[int, int], scaled: bool,
                 phantoms: set[ContestantId], carry: dict[ContestantId, Fraction]) -> list[_Record]:
        """Each ranked contestant's :data:`_Record` when there are several sessions or a carry-over: the
        sessions' totals, their sum plus the carry-over, and the points over the tops, added up as integer
        fractions (the values :meth:`_PairsScorer._rankings` gives)."""
        names, common, low = self.names, self._common, _LOW
        played: dict[ContestantId, list[tuple[int, int, int, int, int, int]]] = {}
        for session in sorted(self._sums):
            shift, top, _ = self._layout[session]
            for who, packed in self._sums[session].items():
                if not packed or who in phantoms:
                    continue
                tally = made.get((session, who))
                if tally is None:
                    boards = packed & low
                    line = (session, packed >> shift, common, boards, boards * top, (packed >> 20) & low)
                else:
                    exact = tally.points
                    line = (session, exact.numerator, exact.denominator, tally.boards, tally.available,
                            tally.won)
                sessions = played.get(who)
                if sessions is None:
                    played[who] = [line]
                else:
                    sessions.append(line)
        records: list[_Record] = []
        for who in [*played, *(w for w in carry if w not in played and w not in phantoms)]:
            if who not in names:
                _participant_name(self.event, who, "carry-over", names)  # raises: not in the event
            per_session: list[tuple[int, Fraction]] = []
            p = raw_p = 0
            q = raw_q = 1
            boards = available = won = 0
            for session, numerator, denominator, counted, tops, session_won in played.get(who, ()):
                if scaled and counted:
                    session_p, session_q = numerator * expected[session], denominator * counted
                else:
                    session_p, session_q = numerator, denominator
                per_session.append((session, exact_ratio(session_p, session_q)))
                p, q = _ratio_sum(p, q, session_p, session_q)
                raw_p, raw_q = _ratio_sum(raw_p, raw_q, numerator, denominator)
                boards += counted
                available += tops
                won += session_won
            if who in carry:
                carried = Fraction(carry[who])
                p, q = _ratio_sum(p, q, carried.numerator, carried.denominator)
            records.append((who, p, q, boards, raw_p, raw_q, available, tuple(per_session), won))
        return records

    def _slow_line(self, result: Result, entry: Entry, ns: Fraction, ew: Fraction, top: int,
                   ns_pct: Fraction, ew_pct: Fraction) -> _Line:
        return _Line(result, "", (result.ns,), (result.ew,), entry, ns, ew, top, ns_pct, ew_pct)

    def _board_values(self, entries: list[Entry], special: list[int], plain: list[int], full: int, top: int,
                      slow: list[_Line], played: list[Result], settings: ArtificialScoreSettings
                      ) -> tuple[dict[int, _Value] | None, int]:
        """A board with an assigned score, scored by :func:`board_values` (as :func:`score_board` would)."""
        adjusted = {i: entries[i] for i in special}
        by_score, by_line = board_values(plain, adjusted, field=full,  # type: ignore[arg-type]
                                         factoring=Factoring.NEUBERG, settings=settings)
        for i in special:  # in the order of the traveller
            s = by_line[i]
            slow.append(self._slow_line(played[i], entries[i], s.ns, s.ew, top, s.ns_percentage,
                                        s.ew_percentage))
        denominator = 1
        for s in by_score.values():
            denominator = math.lcm(denominator, s.ns.denominator, s.ew.denominator)
        values: dict[int, _Value] = {}
        for value, s in by_score.items():
            ns_num = s.ns.numerator * (denominator // s.ns.denominator)
            ew_num = s.ew.numerator * (denominator // s.ew.denominator)
            if ns_num < 0 or ew_num < 0:
                return None, 1
            values[value] = (s.ns, s.ew, s.ns_percentage, s.ew_percentage, ns_num, ew_num)
        return values, denominator


_Columns = tuple[list[Result], list[Entry], list[int], tuple[bool, bool]]
"""One board of a columnar field: its results, North-South's entries, the indices of the adjusted ones, and
the Law 2 vulnerability (NS, EW)."""

_Value = tuple[Fraction, Fraction, Fraction, Fraction, int, int]
"""A plain score's North-South and East-West units and percentages, and the units' numerators over the
board's denominator."""


_NORTH_SOUTH: Final = 60
_MASK: Final = 80
"""Where the count of North-South lines, and a board's bit, start in a contestant's packed sum
(:meth:`_ColumnarScorer._tally_columns`)."""

_Board = tuple[int, int, _Columns, dict[int, _Value], int, list[_Line]]
"""A board of a columnar field being scored: session, board, its columns, each distinct plain score's values,
their denominator, and the lines the general per-line code scores."""

@functools.cache  # one table for each of the four vulnerabilities
def _signed_law77(vulnerable: tuple[bool, bool]) -> dict[tuple[int, Denomination, Doubling, Seat],
                                                         tuple[int, ...]]:
    """Law 77 from North-South's side for a board where North-South and East-West are ``vulnerable``:
    ``(level, denomination, doubling, declarer)`` to the scores for 0 to 13 tricks, from the table
    :func:`~tenace.scoring.points.score` looks up (the keys are members that hash by identity)."""
    table = {}
    for (level, denomination, doubling, declarer_vulnerable), row in law77_rows().items():
        for seat in Seat:
            north_south = seat in (Seat.NORTH, Seat.SOUTH)
            if declarer_vulnerable == vulnerable[0 if north_south else 1]:
                signed = row if north_south else tuple(-points for points in row)
                table[(level, denomination, doubling, seat)] = signed
    return table


_LOW: Final = (1 << 20) - 1
"""One 20-bit field of a packed sum."""

_Record = tuple[ContestantId, int, int, int, int, int, int, "int | tuple[tuple[int, Fraction], ...]", int]
"""A contestant to rank in a columnar field: who, the total as numerator and denominator (the points' own when
the total is the points), boards, the points as numerator and denominator, the
tops available, the session played (or each session's total), boards won."""


class _PackedTallies(dict[tuple[int, ContestantId], _Tally]):
    """The columnar scorer's tallies: a contestant's :class:`_Tally` is made from its packed sum only when the
    per-line code first asks for it (a contestant with an adjusted line: a few in a big field)."""

    def __init__(self, sums: dict[int, dict[ContestantId, int]], layout: dict[int, tuple[int, int, int]],
                 common: int) -> None:
        super().__init__()
        self.sums, self.layout, self.common = sums, layout, common

    def __missing__(self, key: tuple[int, ContestantId]) -> _Tally:
        session, who = key
        packed = self.sums.get(session, {}).get(who, 0)
        shift, top, _ = self.layout.get(session, (0, 0, 0))
        boards = packed & _LOW
        tally = _Tally(parts={self.common: packed >> shift} if boards else {}, available=boards * top,
                       boards=boards, won=(packed >> 20) & _LOW)
        self[key] = tally
        return tally

    def complete(self) -> dict[tuple[int, ContestantId], _Tally]:
        """Every contestant's tally, as the general scorer keeps them (for tests)."""
        for session, contestants in self.sums.items():
            for who, packed in contestants.items():
                if packed:
                    self[(session, who)]  # noqa: B018 (made by __missing__)
        return dict(self)


def _ratio_sum(p: int, q: int, r: int, s: int) -> tuple[int, int]:
    """``p / q + r / s`` as a numerator and a denominator (not always in lowest terms)."""
    if q == s:
        return p + r, q
    common = math.lcm(q, s)
    return p * (common // q) + r * (common // s), common


_first: Final = itemgetter(0)
_won: Final = itemgetter(8)


def _natural_first(record: _Record) -> tuple[int, int, str]:
    return natural_key(record[0])


def _traveller_lines(played: list[Result], entries: list[Entry], values: dict[int, _Value],
                     adjusted: Sequence[TravellerLine]) -> tuple[TravellerLine, ...]:
    """A columnar board's traveller lines, in the order of its results: the plain ones from the values of
    their scores, the ``adjusted`` ones (made by the general code) in their places."""
    shown = {value: value_of[:4] for value, value_of in values.items()}
    if not adjusted:
        return tuple([new_traveller_line(result, entry, *shown[entry])  # type: ignore[index]
                      for result, entry in zip(played, entries, strict=True)])
    rest = iter(adjusted)
    return tuple([new_traveller_line(result, entry, *shown[entry])
                  if entry.__class__ is int else next(rest)
                  for result, entry in zip(played, entries, strict=True)])


def _plain_values(plain: list[int], full: int, top: int) -> tuple[dict[int, _Value], int]:
    """Law 78A units of each distinct score among a board's ``plain`` comparable scores (one sort), factored
    with Neuberg to ``full`` results when there are fewer: ``((units + 1) * full - n) / n``, one rational
    per board over its ``n`` scores."""
    n = len(plain)
    factor = 0 < n < full
    denominator = n if factor else 1
    plain_top = 2 * (n - 1)
    values: dict[int, _Value] = {}
    counts = Counter(plain)
    below = 0
    for value in sorted(counts):
        count = counts[value]
        ns_units = 2 * below + count - 1
        below += count
        ew_units = plain_top - ns_units
        if factor:
            ns_num, ew_num = (ns_units + 1) * full - n, (ew_units + 1) * full - n
        else:
            ns_num, ew_num = ns_units, ew_units
        ns, ew = Fraction(ns_num, denominator), Fraction(ew_num, denominator)
        values[value] = (ns, ew, units_percentage(ns, top), units_percentage(ew, top), ns_num, ew_num)
    return values, denominator


def _plain(entry: Entry) -> int:
    assert isinstance(entry, int)
    return entry


def _sides(line: _Line) -> tuple[WeightedScore, WeightedScore]:
    """What North-South and East-West are each scored on, as North-South scores (Law 12C1(e))."""
    if isinstance(line.entry, AssignedAdjustedScore):
        return line.entry.ns, line.entry.ew
    single = WeightedScore.single(_plain(line.entry))
    return single, single
