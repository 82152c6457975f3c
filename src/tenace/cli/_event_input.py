"""What ``tenace event`` reads: adjusted scores as Directors write them, participant lists, deals, other
programs' result files, and the movements it generates. Pure functions that raise :class:`ValueError` with the
file and line, or the value, that is wrong."""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from tenace.deal import Deal
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.tournament.model import (
    ByeScore,
    Conditions,
    ContestantId,
    EventKind,
    Movement,
    Participant,
    Player,
    default_name,
)

if TYPE_CHECKING:
    from tenace.tournament.imports import Imported
    from tenace.tournament.movements import SwissRound

_ARTIFICIAL_RE = re.compile(r"^A?\s*(\d{1,3}|[+=-])\s*/\s*A?\s*(\d{1,3}|[+=-])$", re.IGNORECASE)
_AWARD_SIGN = {"+": Award.AVERAGE_PLUS, "=": Award.AVERAGE, "-": Award.AVERAGE_MINUS}


def parse_artificial(text: str) -> ArtificialAdjustedScore:
    """An artificial adjusted score (Law 12C2) as a Director writes it: ``A60/40``, ``A+/A-``, ``A50/50`` or
    the USEBIO code ``A6040``. The Law's own percentages become awards, so that the session rule of Law
    12C2(c) applies to them.

    >>> parse_artificial("A60/40")
    ArtificialAdjustedScore(ns=<Award.AVERAGE_PLUS: 'A+'>, ew=<Award.AVERAGE_MINUS: 'A-'>)
    >>> parse_artificial("A=/A=").ns, parse_artificial("A6060").ew
    (<Award.AVERAGE: 'A='>, <Award.AVERAGE_PLUS: 'A+'>)
    >>> parse_artificial("A70/30").ns
    Fraction(70, 1)
    """
    cleaned = text.strip()
    match = _ARTIFICIAL_RE.fullmatch(cleaned)
    if match is None:
        try:
            return ArtificialAdjustedScore.from_code(cleaned)
        except ValueError:
            raise ValueError(
                f"not an artificial adjusted score: {text!r} (expected e.g. A60/40, A+/A-, A50/50 or A6040)"
            ) from None
    sides: list[Award | Fraction] = []
    by_value = {Fraction(60): Award.AVERAGE_PLUS, Fraction(50): Award.AVERAGE,
                Fraction(40): Award.AVERAGE_MINUS}
    for part in match.groups():
        if part in _AWARD_SIGN:
            sides.append(_AWARD_SIGN[part])
        else:
            value = Fraction(int(part))
            if value > 100:
                raise ValueError(f"an artificial score is 0 to 100 per cent, got {part} in {text!r}")
            sides.append(by_value.get(value, value))
    return ArtificialAdjustedScore(sides[0], sides[1])


def _weighted(text: str, negate: bool) -> WeightedScore:
    components: list[tuple[int, Fraction]] = []
    for part in text.split(","):
        score_text, _, weight_text = part.partition("@")
        try:
            value = int(score_text.strip())
            weight = Fraction(weight_text.strip()) if weight_text.strip() else Fraction(1)
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"not a score or weight: {part.strip()!r} (expected e.g. 420 or 420@2/3)") from None
        components.append((-value if negate else value, weight))
    return WeightedScore(tuple(components))


def parse_assigned(text: str) -> AssignedAdjustedScore:
    """An assigned adjusted score (Law 12C1) as ``NS/EW``, each side's score from its own point of view, or
    one North-South score for both sides; a side may be weighted (Law 12C1(c)) as ``620@2/3,-100@1/3``.

    >>> parse_assigned("420/-420") == AssignedAdjustedScore.balancing(420)
    True
    >>> str(parse_assigned("420/50"))          # non-balancing (Law 12C1(e)): NS +420, EW +50
    'assigned NS 420 (1), EW -50 (1)'
    >>> str(parse_assigned("620@2/3,-100@1/3"))
    'assigned 620 (2/3), -100 (1/3)'
    """
    cleaned = text.strip()
    parts = _split_sides(cleaned)
    if len(parts) == 1:
        return AssignedAdjustedScore.balancing(_weighted(parts[0], negate=False))
    if len(parts) == 2:
        return AssignedAdjustedScore(_weighted(parts[0], negate=False), _weighted(parts[1], negate=True))
    raise ValueError(f"not an assigned score: {text!r} (expected NS/EW such as 420/-420, or one score)")


def _split_sides(text: str) -> list[str]:
    """Split ``NS/EW`` at the slash that is not the fraction of a weight (``@2/3``)."""
    sides: list[str] = []
    current = ""
    in_weight = weight_slash = False
    for i, char in enumerate(text):
        if char == "@":
            in_weight, weight_slash = True, False
        elif char == ",":
            in_weight = False
        elif char == "/":
            following = text[i + 1:i + 2]
            if in_weight and not weight_slash and following.isdigit():
                weight_slash = True
            else:
                sides.append(current)
                current = ""
                in_weight = False
                continue
        current += char
    sides.append(current)
    return sides


def read_participants(path: Path, kind: EventKind) -> tuple[Participant, ...]:
    """Participants from a CSV file with a header: ``id`` and ``name`` columns, optionally ``players``
    (names separated by ``;``) and ``phantom`` (``yes``/``no``). Errors name the file and line."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    reader = csv.DictReader(text.splitlines())
    fields = [f.strip().lower() for f in reader.fieldnames or ()]
    if "id" not in fields or "name" not in fields:
        raise ValueError(f"{path}:1: the header must have 'id' and 'name' columns, got {', '.join(fields)}")
    participants: list[Participant] = []
    seen: set[str] = set()
    for lineno, row in enumerate(reader, start=2):
        data = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}
        ident, name = data.get("id", ""), data.get("name", "")
        if not ident:
            raise ValueError(f"{path}:{lineno}: field 'id' is empty")
        if ident in seen:
            raise ValueError(f"{path}:{lineno}: field 'id': contestant {ident!r} is listed twice")
        seen.add(ident)
        names = [n.strip() for n in data.get("players", "").split(";") if n.strip()]
        players = tuple(Player(id=f"{ident}.{i}", name=n) for i, n in enumerate(names, start=1))
        phantom_text = data.get("phantom", "").lower()
        if phantom_text not in ("", "yes", "no", "true", "false", "1", "0"):
            raise ValueError(f"{path}:{lineno}: field 'phantom' must be yes or no, got {phantom_text!r}")
        participants.append(Participant(id=ident, name=name or default_name(ident, kind), players=players,
                                        phantom=phantom_text in ("yes", "true", "1")))
    if not participants:
        raise ValueError(f"{path}: no participants")
    return tuple(participants)


def generate(mitchell: int | None, howell: int | None, boards: int, per_round: int | None) -> Movement:
    """A full Mitchell or Howell with ``boards`` boards in play: ``per_round`` boards a round (default: as few
    as cover ``boards`` in the movement's rounds); a last set that would go beyond ``boards`` is shorter."""
    from tenace.tournament.movements.howell import howell as make_howell
    from tenace.tournament.movements.mitchell import mitchell as make_mitchell

    def make(k: int) -> Movement:
        if mitchell is not None:
            return make_mitchell(mitchell, boards_per_round=k)
        assert howell is not None
        return make_howell(howell, boards_per_round=k)

    if per_round is None:
        rounds = len(make(1).rounds)
        per_round = -(-boards // rounds)
    movement = make(per_round)
    if len(movement.boards) < boards:
        raise ValueError(f"{movement.name} with {per_round} boards a round has {len(movement.boards)} "
                         f"boards, fewer than --boards {boards}")
    seatings = []
    for s in movement.seatings:
        kept = tuple(b for b in s.boards if b <= boards)
        if kept:
            seatings.append(replace(s, boards=kept))
    sets = -(-boards // per_round)
    description = f"{movement.description}; {boards} boards in {sets} sets"
    return replace(movement, seatings=tuple(seatings), description=description)


def read_deals(path: Path | None) -> dict[int, Deal] | None:
    """The deals of a PBN file, by board number, for travellers and hand records.

    :raises ValueError: naming the file if it cannot be read or has no numbered board with a full deal.
    """
    if path is None:
        return None
    deals: dict[int, Deal] = {}
    try:
        from tenace.formats.pbn.reader import read_file

        games = read_file(path)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot read the boards: {exc}") from exc
    for game in games:
        record = game.record
        if record.number is not None and isinstance(record.deal, Deal):
            deals[record.number] = record.deal
    if not deals:
        raise ValueError(f"{path}: no numbered boards with a full deal")
    return deals


def read_import(path: Path) -> Imported:
    """The results of another program's file, by its extension: ``.pbn``, ``.xml`` (USEBIO) or ``.lin``."""
    from tenace.tournament import imports

    suffix = path.suffix.lower()
    if suffix == ".pbn":
        return imports.import_pbn(path, source=str(path))
    if suffix == ".xml":
        return imports.import_usebio(path, source=str(path))
    if suffix == ".lin":
        return imports.import_lin([path])
    raise ValueError(f"{path}: cannot tell the format from the extension (expected .pbn, .xml for USEBIO, "
                     "or .lin)")


# --- movements built from several parts -------------------------------------------------------------------


def relabel(movement: Movement, names: Mapping[ContestantId, ContestantId], *, tables: int = 0,
            name: str | None = None) -> Movement:
    """``movement`` with its contestants renamed by ``names`` (others keep their names) and its tables moved
    up by ``tables``.

    >>> from tenace.tournament.model import Seating
    >>> m = relabel(Movement("M", (Seating(1, 1, "1NS", "1EW", (1,)),)), {"1NS": "1", "1EW": "2"}, tables=3)
    >>> m.seatings[0].table, m.seatings[0].ns, m.seatings[0].ew
    (4, '1', '2')
    """

    def renamed(who: ContestantId) -> ContestantId:
        return names.get(who, who)

    seatings = []
    for s in movement.seatings:
        players = None if s.players is None else (
            renamed(s.players[0]), renamed(s.players[1]), renamed(s.players[2]), renamed(s.players[3]))
        seatings.append(replace(s, table=s.table + tables, ns=renamed(s.ns), ew=renamed(s.ew),
                                players=players))
    return replace(movement, name=movement.name if name is None else name, seatings=tuple(seatings))


def sections(movement: Movement, count: int) -> tuple[Movement, ...]:
    """``count`` sections playing ``movement`` with the same boards, named ``"A"``, ``"B"``, ...: the tables
    of each section are numbered on from the last table of the section before, and a Mitchell's pairs are
    named by their section's table numbers (``"8NS"`` sits North-South at table 8); other contestants get the
    section letter in front (``"B3"``).

    >>> from tenace.tournament.movements import mitchell
    >>> a, b = sections(mitchell(3), 2)
    >>> a.name, b.name, b.tables, b.contestants[:2]
    ('A', 'B', (4, 5, 6), ('4EW', '4NS'))
    """
    if count < 1 or count > 26:
        raise ValueError(f"--sections must be between 1 and 26, got {count}")
    last = max(movement.tables)
    out = []
    for k in range(count):
        letter = chr(ord("A") + k)
        offset = k * last
        names: dict[ContestantId, ContestantId] = {}
        for who in movement.contestants:
            digits = "".join(c for c in who if c.isdigit())
            rest = who[len(digits):]
            if k and who.startswith(digits) and rest in ("NS", "EW") and digits:
                names[who] = f"{int(digits) + offset}{rest}"
            elif k:
                names[who] = f"{letter}{who}"
        out.append(relabel(movement, names, tables=offset, name=letter))
    return tuple(out)


def numbering(movements: Sequence[Movement]) -> list[ContestantId]:
    """The contestants of ``movements`` in the order in which pairs entered as ``1``..``N`` take them: the
    North-South pairs of the first round by table, then its East-West pairs, then anyone else.

    >>> from tenace.tournament.movements import mitchell
    >>> numbering([mitchell(3)])
    ['1NS', '2NS', '3NS', '1EW', '2EW', '3EW']
    """
    seatings = sorted((s for m in movements for s in m.seatings), key=lambda s: (s.round, s.table))
    first = [s for s in seatings if s.round == seatings[0].round] if seatings else []
    order: dict[ContestantId, None] = {}
    for s in first:
        order.setdefault(s.ns, None)
    for s in first:
        order.setdefault(s.ew, None)
    for m in movements:
        for who in m.contestants:
            order.setdefault(who, None)
    return list(order)


def knockout_matches(matches: Sequence[str], segments: int, boards_per_segment: int,
                     switch: bool = False) -> tuple[Movement, ...]:
    """One movement per knockout match ``"HOME,AWAY"``; match ``k`` plays at tables ``2k-1`` (open room)
    and ``2k`` (closed room) so that the tables of a session are all different.

    >>> [(m.name, m.tables) for m in knockout_matches(["A,B", "C,D"], 2, 8)]
    [('A v B', (1, 2)), ('C v D', (3, 4))]
    """
    from tenace.tournament.movements import knockout

    out = []
    seen: set[str] = set()
    for k, text in enumerate(matches):
        teams = [t.strip() for t in text.split(",")]
        if len(teams) != 2 or not all(teams):
            raise ValueError(f"--knockout {text!r}: give the two teams as HOME,AWAY")
        twice = seen & set(teams)
        if twice:
            raise ValueError(f"--knockout {text!r}: team {sorted(twice)[0]} is already in another match")
        seen.update(teams)
        movement = knockout(teams[0], teams[1], segments=segments, boards_per_segment=boards_per_segment,
                            switch=switch).movement
        out.append(relabel(movement, {}, tables=2 * k))
    return tuple(out)


def swiss_round(previous: Movement | None, standings: Sequence[tuple[ContestantId, Fraction]],
                boards_per_round: int, name: str = "Swiss") -> tuple[Movement, SwissRound]:
    """The Swiss movement with its next round added: the teams paired by ``standings`` (best first) without
    rematches, the bye (if any) to a team that has not had one. Match ``k`` of the round plays at tables
    ``2k-1`` and ``2k``; the round's boards are numbered after the previous round's.

    >>> first, pairing = swiss_round(None, [("A", Fraction(0)), ("B", Fraction(0)), ("C", Fraction(0))], 2)
    >>> pairing.pairs, pairing.bye, first.rounds
    ((('A', 'B'),), 'C', (1,))
    >>> later = [("B", Fraction(15)), ("A", Fraction(5)), ("C", Fraction(12))]
    >>> second, pairing = swiss_round(first, later, 2)
    >>> pairing.pairs, pairing.bye, second.at(2, 1).boards
    ((('B', 'C'),), 'A', (3, 4))
    """
    from tenace.tournament.movements import matches_played, swiss_pairings
    from tenace.tournament.movements._sets import board_set
    from tenace.tournament.movements.teams import match_seatings

    seatings = previous.seatings if previous is not None else ()
    done = previous.rounds if previous is not None else ()
    had_bye: set[ContestantId] = set()
    teams = [team for team, _ in standings]
    for r in done:
        seated = {who for s in seatings if s.round == r for who in (s.ns, s.ew)}
        had_bye.update(t for t in teams if t not in seated)
    played = matches_played(previous) if previous is not None else set()
    pairing = swiss_pairings(list(standings), played, had_bye=had_bye)
    number = (max(done) if done else 0) + 1
    boards = board_set(number, boards_per_round)
    new = [s for k, (home, away) in enumerate(pairing.pairs, start=1)
           for s in match_seatings(number, k, home, away, boards)]
    description = f"Swiss teams, {boards_per_round} boards a match"
    return Movement(name, (*seatings, *new), description=description), pairing


# --- conditions of contest for team events ----------------------------------------------------------------


def team_conditions(kind: EventKind, scale: str, table: Path | None, bye: ByeScore, bye_vps: str,
                    knockout: bool, carry_over: Sequence[str] | None,
                    ) -> tuple[Conditions, tuple[tuple[ContestantId, Fraction], ...]]:
    """The Conditions (Law 78D) and carry-over that ``tenace event new`` reads for a team event.

    >>> conditions, carry = team_conditions(EventKind.TEAMS, "wbf2013", None, ByeScore.FIXED, "12.5", True,
    ...                                     ["A=7.5"])
    >>> conditions.bye_vps, conditions.knockout, carry
    (Fraction(25, 2), True, (('A', Fraction(15, 2)),))

    :raises ValueError: naming the option that is wrong.
    """
    teams_only = {"--vp-scale": scale != "wbf2013", "--vp-table": table is not None,
                  "--bye": bye is not ByeScore.NONE, "--knockout": knockout, "--carry-over": bool(carry_over)}
    used = [option for option, given in teams_only.items() if given]
    if kind is not EventKind.TEAMS and used:
        raise ValueError(f"{', '.join(used)}: only for a team event (--kind teams)")
    try:
        points = Fraction(bye_vps)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"--bye-vps: {bye_vps!r} is not a number of VPs") from None
    if points < 0:
        raise ValueError(f"--bye-vps: a bye is worth at least 0 VPs, got {bye_vps}")
    text = ""
    if table is not None:
        try:
            text = table.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"--vp-table {table}: cannot read: {exc}") from None
        check_vp_table(scale, text, str(table))
    elif scale != "wbf2013":
        raise ValueError(f"--vp-scale {scale!r}: give its table with --vp-table FILE.csv (only wbf2013 is "
                         "built in)")
    carried: list[tuple[ContestantId, Fraction]] = []
    for item in carry_over or ():
        team, sep, amount = item.partition("=")
        try:
            value = Fraction(amount.strip())
        except (ValueError, ZeroDivisionError):
            value = None
        if not sep or not team.strip() or value is None:
            raise ValueError(f"--carry-over {item!r}: give TEAM=IMPS, e.g. A=7.5")
        carried.append((team.strip(), value))
    if carried and not knockout:
        raise ValueError("--carry-over is for a knockout (--knockout)")
    conditions = Conditions(vp_scale=scale, vp_table=text, bye=bye, bye_vps=points, knockout=knockout)
    return conditions, tuple(carried)


def check_vp_table(scale: str, text: str, source: str) -> None:
    """Read every scale the CSV holds under the name ``scale``, for each match length it gives.

    :raises ValueError: naming ``source``, if a scale is missing or its bands do not form a scale.
    """
    from tenace.tournament.teams import vp_scale

    rows = list(csv.DictReader(text.splitlines()))
    spans = {row.get("boards") or "1" for row in rows}
    try:
        for span in sorted(spans):
            low = span.strip().rstrip("+").split("-")[0]
            vp_scale(scale, int(low) if low.isdigit() else 1, text)
    except ValueError as exc:
        raise ValueError(f"--vp-table {source}: {exc}") from None
