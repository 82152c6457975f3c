"""Team matches: board IMPs, match IMPs, victory points, round robin, Swiss and knockout totals (Laws 78B, 86,
12C4).

A team match is played at two tables: in the *open* room the home team sits North-South, in the *closed* room
East-West, and both tables play the same boards (:attr:`~tenace.tournament.model.Seating.room`). Every board
is scored by comparing the two rooms with the existing functions of :mod:`tenace.scoring`:

* two table results: :func:`~tenace.scoring.imps.team_imps` (Law 78B);
* an assigned adjusted score in either room, weighted or not, balancing or not (Laws 12C1, 86B):
  :func:`~tenace.scoring.adjusted.team_board_imps`, each team from the score *it* was assigned; in a knockout
  (:attr:`~tenace.tournament.model.Conditions.knockout`) the two teams' results of a non-balancing board are
  averaged with :func:`~tenace.scoring.adjusted.knockout_imps` (Law 12C4);
* an artificial adjusted score (Law 12C2, Law 86B2): the board is not compared and each team gets the IMPs of
  its award, with the Law 12C2(c) session rule (a team's IMPs per board on its other boards of the session);
* a board with a result in one room only scores nothing.

A match's IMPs become victory points on the event's scale
(:attr:`~tenace.tournament.model.Conditions.vp_scale`, for the number of boards of the match); a round robin
or Swiss ranks the teams by their total VPs plus carry-over less penalties. A knockout has no VPs: each match
is ranked by IMPs plus carry-over, one ranking per pair of teams, whatever number of segments (rounds) they
played.

At board-a-match (:attr:`~tenace.tournament.model.Method.BOARD_A_MATCH`) each board is worth one point: the
team whose score is better (its result in one room against its team-mates' in the other, Law 78A's
comparison) wins it, equal scores halve it. Artificial adjusted scores give each team its percentage of the
board, and there is no Law 12C2(c) session rule. Teams are ranked by the boards they won, with no victory
points.

>>> from tenace.contract import Contract
>>> from tenace.tournament.model import (Conditions, Event, EventKind, Method, Movement, Participant, Result,
...     Seating, Session)
>>> movement = Movement("match", (Seating(1, 1, "A", "B", (1, 2), room="open"),
...                               Seating(1, 2, "B", "A", (1, 2), room="closed")))
>>> event = Event("Teams", EventKind.TEAMS, Conditions(method=Method.TEAM_IMPS),
...               (Participant("A", "Aces"), Participant("B", "Bees")), (Session(1, (movement,)),))
>>> results = [Result(1, 1, 1, "A", "B", Contract.from_str("4SN"), 10),    # A: +420 in the open room
...            Result(1, 1, 2, "B", "A", Contract.from_str("4SN"), 9),     # B: -50 in the closed room
...            Result(2, 1, 1, "A", "B", Contract.from_str("3NTE"), 9),
...            Result(2, 1, 2, "B", "A", Contract.from_str("3NTE"), 9)]
>>> scored = score_teams(event, results, ())
>>> match = scored.matches[0]
>>> match.home, match.away, [str(x) for x in match.imps], [float(v) for v in match.vps or ()]
('A', 'B', ['10', '0'], [16.46, 3.54])
"""

from __future__ import annotations

import csv
import functools
import io
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from tenace.errors import NotationError
from tenace.scoring.adjusted import (
    ArtificialAdjustedScore,
    AssignedAdjustedScore,
    knockout_imps,
    team_board_imps,
)
from tenace.scoring.imps import team_imps
from tenace.scoring.vp import DiscreteVPScale, VPScale, WBFContinuousScale
from tenace.tournament.model import ByeScore, ContestantId, Event, Method, Penalty, Result
from tenace.tournament.ranking import Entrant, natural_key, rank
from tenace.tournament.seating import SeatingIndex, is_award
from tenace.tournament.standings import Bye, EventResults, Match, Ranking, Traveller, TravellerLine

__all__ = ["TEAM_METHODS", "rounded_margin", "score_teams", "vp_scale"]

TEAM_METHODS: Final = (Method.TEAM_IMPS, Method.BOARD_A_MATCH)
"""The methods that score a team event."""
_HALF: Final = Fraction(1, 2)
_OPEN: Final = "open"
_Key = tuple[int, int, frozenset[ContestantId]]
_CLOSED: Final = "closed"


def vp_scale(name: str, boards: int, table: str = "") -> VPScale:
    """The victory-point scale the Conditions name, for a match of ``boards`` boards: the WBF 2013
    continuous scale (``"wbf2013"``), or a discrete scale read from ``table``
    (:attr:`~tenace.tournament.model.Conditions.vp_table`, CSV text). A ``scale`` column in the table holds
    several scales and ``name`` chooses one; a ``boards`` column (``"6-8"``, ``"12"``, ``"13+"``) gives each
    scale for matches of that many boards.

    >>> vp_scale("wbf2013", 28).vps(23)
    (Decimal('14.48'), Decimal('5.52'))
    >>> csv = "boards,imp_low,imp_high,vp_winner,vp_loser\\n1-6,0,2,10,10\\n1-6,3,,15,5\\n7+,0,,10,10\\n"
    >>> vp_scale("club", 6, csv).vps(-4), vp_scale("club", 8, csv).vps(-4)
    ((Decimal('5'), Decimal('15')), (Decimal('10'), Decimal('10')))

    :raises ValueError: for a scale this module does not know, or a table without a scale for the name or
        for matches of ``boards`` boards.
    """
    if table:
        return _discrete(name, boards, table)
    if name == "wbf2013":
        return WBFContinuousScale(boards)
    raise ValueError(f"unknown victory-point scale {name!r} (known: 'wbf2013', or give the scale's table as "
                     f"CSV in the conditions' vp_table)")


def _covers(span: str, boards: int) -> bool:
    """Whether a ``boards`` cell (``"6-8"``, ``"12"``, ``"13+"``) covers matches of ``boards`` boards."""
    text = span.strip()
    try:
        if text.endswith("+"):
            return boards >= int(text[:-1])
        low, _, high = text.partition("-")
        return int(low) <= boards <= int(high or low)
    except ValueError:
        raise ValueError(f"VP scale table: {span!r} is not a number of boards ('6-8', '12' or '13+')"
                         ) from None


@functools.lru_cache(maxsize=64)
def _discrete(name: str, boards: int, table: str) -> DiscreteVPScale:
    reader = csv.DictReader(io.StringIO(table))
    columns = reader.fieldnames or []
    rows = list(reader)
    where: dict[str, str] = {}
    if "scale" in columns:
        names = sorted({row["scale"] for row in rows})
        if name not in names:
            known = ", ".join(map(repr, names))
            raise ValueError(f"the VP scale table has no scale {name!r} (it has {known})")
        where["scale"] = name
        rows = [row for row in rows if row["scale"] == name]
    if "boards" in columns:
        spans = sorted({row["boards"] for row in rows if _covers(row["boards"], boards)})
        if len(spans) != 1:
            problem = "no" if not spans else "more than one"
            lengths = ", ".join(sorted({row["boards"] for row in rows}))
            raise ValueError(f"the VP scale table has {problem} scale {name!r} for matches of {boards} "
                             f"boards (boards: {lengths})")
        where["boards"] = spans[0]
    try:
        return DiscreteVPScale.from_csv(table, where=where, name=name, source="vp_table")
    except NotationError as error:
        raise ValueError(str(error)) from None


def rounded_margin(margin: Fraction) -> int:
    """A match margin to the whole IMP a VP scale needs: the nearest, halves away from zero (a fractional
    margin comes only from weighted or averaged adjusted scores).

    >>> rounded_margin(Fraction(5, 2)), rounded_margin(Fraction(-5, 2)), rounded_margin(Fraction(7, 3))
    (3, -3, 2)
    """
    size = abs(margin)
    whole = int(size)
    if size - whole >= Fraction(1, 2):
        whole += 1
    return whole if margin >= 0 else -whole


@dataclass(slots=True)
class _Board:
    number: int
    open: Result | None = None
    closed: Result | None = None
    home: Fraction = Fraction(0)
    away: Fraction = Fraction(0)
    scored: bool = False
    home_award: bool = False
    away_award: bool = False
    artificial: ArtificialAdjustedScore | None = None
    home_is_ns: bool = True
    """Whether the home team sat North-South at the table of the artificial score."""


@dataclass(slots=True)
class _Match:
    session: int
    round: int
    home: ContestantId
    away: ContestantId
    boards: dict[int, _Board] = field(default_factory=dict)
    scheduled: set[int] = field(default_factory=set)


def score_teams(event: Event, results: Sequence[Result], penalties: Sequence[Penalty]) -> EventResults:
    """Score a team event (called by :func:`tenace.tournament.scoring.score_event`; see the module docstring).

    :raises ValueError: naming the result, if a result names a team that is not in the event, a board has two
        results in the same room of a match, or the method is not team IMPs.
    """
    conditions = event.conditions
    if conditions.method not in TEAM_METHODS:
        raise ValueError(f"event {event.name!r}: a team event is scored with board-a-match or team IMPs, not "
                         f"{conditions.method.value}")
    bam = conditions.method is Method.BOARD_A_MATCH
    matches = _matches(event, results)
    for match in matches:
        for board in match.boards.values():
            if bam:
                _score_board_a_match(board, event)
            else:
                _score_board(board, event)
    if not bam:
        _session_rule(event, matches)
    out_matches: list[Match] = []
    travellers: list[Traveller] = []
    totals: dict[ContestantId, Fraction] = defaultdict(Fraction)
    boards_played: dict[ContestantId, int] = defaultdict(int)
    won: dict[ContestantId, int] = defaultdict(int)
    head: dict[tuple[ContestantId, ContestantId], Fraction] = defaultdict(Fraction)
    for match in matches:
        home_for = away_for = home_margin = away_margin = Fraction(0)
        for board in sorted(match.boards.values(), key=lambda b: b.number):
            travellers.append(_traveller(match, board))
            if not board.scored:
                continue
            home_margin += board.home
            away_margin += board.away
            if bam:  # board points: each team keeps what it won
                home_for += board.home
                away_for += board.away
            elif board.home >= 0:
                home_for += board.home
            else:
                away_for -= board.home
            for team, value in ((match.home, board.home), (match.away, board.away)):
                boards_played[team] += 1
                won[team] += value > (_HALF if bam else 0)
        count = len(match.scheduled)
        vps: tuple[Fraction, Fraction] | None = None
        if conditions.knockout or bam:  # IMPs (or boards) won: no victory points
            totals[match.home] += home_for
            totals[match.away] += away_for
            head[(match.home, match.away)] += home_for
            head[(match.away, match.home)] += away_for
        else:
            scale = vp_scale(conditions.vp_scale, count, conditions.vp_table)
            home_vp = Fraction(scale.vps(rounded_margin(home_margin))[0])
            away_vp = Fraction(scale.vps(rounded_margin(away_margin))[0])
            vps = (home_vp, away_vp)
            totals[match.home] += home_vp
            totals[match.away] += away_vp
            head[(match.home, match.away)] += home_vp
            head[(match.away, match.home)] += away_vp
        out_matches.append(Match(match.round, match.home, match.away, (home_for, away_for), vps, count,
                                 session=match.session))
    byes = () if conditions.knockout or conditions.bye is ByeScore.NONE else _byes(event, out_matches)
    for bye in byes:
        totals[bye.contestant] += bye.vps
    rankings = _rankings(event, matches, totals, boards_played, won, head, penalties)
    return EventResults(event.name, conditions.method, tuple(travellers), rankings, tuple(out_matches),
                        tuple(penalties), byes)


def _byes(event: Event, matches: Sequence[Match]) -> tuple[Bye, ...]:
    """Every round in which a team has no real opponent, with the VPs the Conditions give it (Law 78D); at
    board-a-match the bye's value and a team's average are in board points.

    A round is a round of a session's movements. The teams that may have a bye in a session are those of
    its movements, or every team of the event when the session has one movement (a Swiss round leaves the
    team with the bye out of the movement altogether); a team seated against a phantom has a bye too.
    """
    conditions = event.conditions
    phantoms = {p.id for p in event.participants if p.phantom}
    everyone = [p.id for p in event.participants if not p.phantom]
    earned: dict[ContestantId, list[Fraction]] = defaultdict(list)
    for match in matches:  # VPs, or board points at board-a-match
        points = match.vps if match.vps is not None else match.imps
        if not {match.home, match.away} & phantoms:
            earned[match.home].append(points[0])
            earned[match.away].append(points[1])

    def worth(team: ContestantId) -> Fraction:
        fixed = Fraction(conditions.bye_vps)
        if conditions.bye is ByeScore.FIXED or not earned[team]:
            return fixed
        average = _hundredth(sum(earned[team], Fraction(0)) / len(earned[team]))
        return average if conditions.bye is ByeScore.AVERAGE else max(fixed, average)

    byes: list[Bye] = []
    for session in event.sessions:
        if len(session.movements) == 1:
            teams = everyone
        else:
            teams = [t for t in everyone if any(t in m.contestants for m in session.movements)]
        rounds = sorted({r for m in session.movements for r in m.rounds})
        for r in rounds:
            seated = {who for m in session.movements for s in m.seatings if s.round == r
                      and s.ns not in phantoms and s.ew not in phantoms for who in (s.ns, s.ew)}
            byes.extend(Bye(r, team, worth(team), session.number) for team in teams if team not in seated)
    return tuple(byes)


def _hundredth(value: Fraction) -> Fraction:
    """``value`` to the hundredth, halves up (VPs print with two decimals)."""
    return Fraction(int(value * 100 + Fraction(1, 2)) if value >= 0 else -int(-value * 100 + Fraction(1, 2)),
                    100)


def _matches(event: Event, results: Sequence[Result]) -> list[_Match]:
    """Pair the two rooms of every match: by the seatings' rooms, or (without them) the lower table number is
    the open room."""
    by_key: dict[_Key, list[tuple[Result, str | None]]] = defaultdict(list)
    scheduled: dict[_Key, set[int]] = defaultdict(set)
    index = SeatingIndex(event)
    for result in results:
        for team in (result.ns, result.ew):
            try:
                event.participant(team)
            except KeyError:
                raise ValueError(f"{result.describe()}: no team {team!r} in event {event.name!r}") from None
        _, seating = index.locate(result)
        key = (result.session, result.round, frozenset((result.ns, result.ew)))
        by_key[key].append((result, seating.room if seating is not None else None))
        if seating is not None:
            scheduled[key].update(seating.boards)
    matches = []
    for key in sorted(by_key, key=lambda k: (k[0], k[1], sorted(map(natural_key, k[2])))):
        entries = by_key[key]
        home = None
        for result, room in entries:
            if room == _OPEN:
                home = result.ns
            elif room == _CLOSED:
                home = result.ew
            if home is not None:
                break
        if home is None:
            home = min(entries, key=lambda e: e[0].table)[0].ns
        (away,) = key[2] - {home} or {home}
        match = _Match(key[0], key[1], home, away)
        for result, _ in entries:
            board = match.boards.setdefault(result.board, _Board(result.board))
            room = _OPEN if result.ns == home else _CLOSED
            if getattr(board, room) is not None:
                raise ValueError(
                    f"{result.describe()}: board {result.board} already has a result in the {room} room of "
                    f"{home} v {away} ({getattr(board, room).describe()})"
                )
            setattr(board, room, result)
        match.scheduled = scheduled[key] | set(match.boards)
        matches.append(match)
    return matches


def _score_board(board: _Board, event: Event) -> None:
    settings = event.conditions.artificial
    knockout = event.conditions.knockout
    rooms = [(r, home_ns) for r, home_ns in ((board.open, True), (board.closed, False)) if r is not None]
    for result, home_ns in rooms:
        adjusted = result.adjusted
        if isinstance(adjusted, ArtificialAdjustedScore):  # Law 86B2: the board is not compared
            try:
                ns, ew = adjusted.imps(settings)
            except ValueError as error:
                raise ValueError(f"{result.describe()}: {error}") from None
            board.artificial, board.home_is_ns = adjusted, home_ns
            board.home, board.away = (ns, ew) if home_ns else (ew, ns)
            home_side, away_side = (adjusted.ns, adjusted.ew) if home_ns else (adjusted.ew, adjusted.ns)
            board.home_award, board.away_award = is_award(home_side), is_award(away_side)
            board.scored = True
            return
    if board.open is None or board.closed is None:
        return  # played in one room only: no comparison, no score
    open_score, closed_score = board.open.ns_score(), board.closed.ns_score()
    assert not isinstance(open_score, ArtificialAdjustedScore)
    assert not isinstance(closed_score, ArtificialAdjustedScore)
    if isinstance(open_score, int) and isinstance(closed_score, int):
        home = Fraction(team_imps(open_score, closed_score))
        board.home, board.away = home, -home
    else:
        assert isinstance(open_score, int | AssignedAdjustedScore)
        home, away = team_board_imps(open_score, closed_score)
        if knockout and home != -away:  # Law 12C4
            home, away = knockout_imps(home, away)
        board.home, board.away = home, away
    board.scored = True


def _bam_units(difference: int) -> int:
    """Law 78A with one score to compare: two units for the better score, one for an equal one."""
    return 2 if difference > 0 else 1 if difference == 0 else 0


def _score_board_a_match(board: _Board, event: Event) -> None:
    """Board-a-match: each team's score on the board (its result in one room against its team-mates' in the
    other) wins the board (1), halves it (1/2) or loses it (0), by Law 78A's comparison. An assigned score
    (weighted, or different for the two sides: Law 12C1) is compared on each team's own side, component by
    component; an artificial score (Law 12C2) gives each team its percentage of the board. In a knockout, a
    board whose two values do not add up to 1 gives each team the average of its own value and what its
    opponents' value leaves it (Law 12C4)."""
    settings = event.conditions.artificial
    rooms = [(r, home_ns) for r, home_ns in ((board.open, True), (board.closed, False)) if r is not None]
    for result, home_ns in rooms:
        adjusted = result.adjusted
        if isinstance(adjusted, ArtificialAdjustedScore):
            try:
                ns, ew = adjusted.percentages(settings)
            except ValueError as error:
                raise ValueError(f"{result.describe()}: {error}") from None
            board.artificial, board.home_is_ns = adjusted, home_ns
            home, away = (ns, ew) if home_ns else (ew, ns)
            board.home, board.away = home / 100, away / 100
            board.scored = True
            return
    if board.open is None or board.closed is None:
        return
    open_score, closed_score = board.open.ns_score(), board.closed.ns_score()
    assert isinstance(open_score, int | AssignedAdjustedScore)
    assert isinstance(closed_score, int | AssignedAdjustedScore)
    home_units, away_units = team_board_imps(open_score, closed_score, imp=_bam_units)
    home, away = home_units / 2, away_units / 2
    if event.conditions.knockout and home + away != 1:  # Law 12C4
        home = (home + 1 - away) / 2
        away = 1 - home
    board.home, board.away = home, away
    board.scored = True


def _session_rule(event: Event, matches: list[_Match]) -> None:
    """Law 12C2(c) at IMPs: a team's average IMPs per board on its other boards of the session replace
    average-plus when higher (non-offender) and average-minus when lower (offender)."""
    settings = event.conditions.artificial
    if not settings.session_rule:
        return
    sums: dict[tuple[int, ContestantId], list[Fraction]] = defaultdict(list)
    for match in matches:
        for board in match.boards.values():
            if not board.scored:
                continue
            if not board.home_award:
                sums[(match.session, match.home)].append(board.home)
            if not board.away_award:
                sums[(match.session, match.away)].append(board.away)

    def session(match: _Match, team: ContestantId) -> Fraction | None:
        values = sums.get((match.session, team))
        return sum(values, Fraction(0)) / len(values) if values else None

    for match in matches:
        for board in match.boards.values():
            if board.artificial is None:
                continue
            home_s, away_s = session(match, match.home), session(match, match.away)
            ns_s, ew_s = (home_s, away_s) if board.home_is_ns else (away_s, home_s)
            ns, ew = board.artificial.imps(settings, ns_session=ns_s, ew_session=ew_s)
            board.home, board.away = (ns, ew) if board.home_is_ns else (ew, ns)


def _traveller(match: _Match, board: _Board) -> Traveller:
    lines = []
    if board.open is not None:
        lines.append(TravellerLine(board.open, board.open.ns_score(), board.home, board.away))
    if board.closed is not None:
        lines.append(TravellerLine(board.closed, board.closed.ns_score(), board.away, board.home))
    return Traveller(board.number, tuple(lines), session=match.session,
                     section=f"{match.home} v {match.away}")


def _rankings(
    event: Event,
    matches: list[_Match],
    totals: dict[ContestantId, Fraction],
    boards_played: dict[ContestantId, int],
    won: dict[ContestantId, int],
    head: dict[tuple[ContestantId, ContestantId], Fraction],
    penalties: Sequence[Penalty],
) -> tuple[Ranking, ...]:
    carry = {team: Fraction(points) for team, points in event.carry_over}
    taken: dict[ContestantId, Fraction] = defaultdict(Fraction)
    for penalty in penalties:
        taken[penalty.contestant] += Fraction(penalty.points)
    phantoms = {p.id for p in event.participants if p.phantom}

    def entrant(team: ContestantId, opponent: ContestantId | None = None) -> Entrant:
        carried = carry.get(team, Fraction(0))
        penalty = taken.get(team, Fraction(0))
        total = totals.get(team, Fraction(0)) if opponent is None else head.get((team, opponent), Fraction(0))
        return Entrant(team, event.participant(team).name, boards_played.get(team, 0),
                       total + carried - penalty, carry_over=carried, penalties=penalty,
                       boards_won=won.get(team, 0))

    def head_to_head(a: ContestantId, b: ContestantId) -> Fraction:
        return head.get((a, b), Fraction(0))

    tie_break = event.conditions.tie_break
    if event.conditions.knockout:
        pairs: dict[frozenset[ContestantId], tuple[ContestantId, ContestantId]] = {}
        for match in matches:
            pairs.setdefault(frozenset((match.home, match.away)), (match.home, match.away))
        return tuple(rank(f"{home} v {away}", [entrant(home, away), entrant(away, home)], tie_break,
                          head_to_head=head_to_head) for home, away in pairs.values())
    teams = {*totals, *carry, *taken} - phantoms
    return (rank("Overall", [entrant(t) for t in teams], tie_break, head_to_head=head_to_head),)
