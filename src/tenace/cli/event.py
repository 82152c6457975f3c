"""``tenace event ...``: run a club event from the command line over a :class:`tenace.store.Store`.

A Director creates the event, gives it a movement, enters (or imports) the results, corrects them, awards
adjusted scores (Law 12C), procedural penalties (Law 90), hears appeals (Law 92), scores the event (Law 78)
and publishes the results. Every command takes ``--db URL`` (default: the ``TENACE_DB`` environment variable,
else ``sqlite:///tenace.db``) and ``--json``. Exit codes as for the other commands: 0 done, 1 the input was
wrong (the message names the table, round, board and field, and nothing stored changes), 2 the command line is
wrong.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from tenace.cli._common import EXIT_USAGE, JsonOption, emit_json, err, fail, out
from tenace.deal import Deal
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.scoring.matchpoints import rounded
from tenace.tournament.entry import check_result, parse_entry, summary
from tenace.tournament.model import (
    Adjustment,
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Penalty,
    Player,
    Result,
)
from tenace.tournament.standings import EventResults

if TYPE_CHECKING:  # the store (SQLAlchemy, Alembic), publishing (Jinja2) and imports load when a command runs
    from tenace.store import Appeal, Store
    from tenace.tournament.imports import Imported

DEFAULT_DB = "sqlite:///tenace.db"
_FORMATS = ("html", "json", "csv", "travellers-csv", "pbn", "usebio")

DbOption = Annotated[
    str,
    typer.Option("--db", envvar="TENACE_DB", help="The database URL (SQLAlchemy), e.g. sqlite:///club.db.",
                 show_envvar=True),
]
SessionOption = Annotated[int, typer.Option("--session", "-s", min=1, help="The session number.")]
TableOption = Annotated[int, typer.Option("--table", "-t", min=1, help="Table number.")]
RoundOption = Annotated[int, typer.Option("--round", "-r", min=1, help="Round number.")]
BoardOption = Annotated[int, typer.Option("--board", "-b", min=1, help="Board number.")]
ByOption = Annotated[str, typer.Option("--by", help="Who does this (kept in the audit history).")]
BoardsOption = Annotated[Path | None, typer.Option(
    "--boards", help="A PBN file with the deals: travellers show the hands, PBN and USEBIO include them.",
    exists=True, dir_okay=False)]
LawOption = Annotated[str | None, typer.Option("--law", help="The Law applied, e.g. 12C2, 79A, 90.")]


# --------------------------------------------------------------------------------------------------------
# Parsing of command-line values (pure functions, tested directly)
# --------------------------------------------------------------------------------------------------------

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
        participants.append(Participant(id=ident, name=name or _default_name(ident, kind), players=players,
                                        phantom=phantom_text in ("yes", "true", "1")))
    if not participants:
        raise ValueError(f"{path}: no participants")
    return tuple(participants)


def _default_name(ident: str, kind: EventKind) -> str:
    word = {EventKind.PAIRS: "Pair", EventKind.TEAMS: "Team", EventKind.INDIVIDUAL: "Player"}[kind]
    return f"{word} {ident}"


# --------------------------------------------------------------------------------------------------------
# Helpers over the store
# --------------------------------------------------------------------------------------------------------


@contextmanager
def _store(url: str) -> Iterator[Store]:
    from sqlalchemy.exc import SQLAlchemyError

    from tenace.store import Store

    try:
        store = Store.open(url)
    except (ValueError, OSError, SQLAlchemyError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        fail(reason if "cannot open" in reason else f"cannot open the database {_shown(url)}: {reason}",
             EXIT_USAGE)
    try:
        yield store
    finally:
        store.close()


def _shown(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)


def _movement(event: Event, session: int) -> Movement:
    for s in event.sessions:
        if s.number == session:
            if not s.movements:
                break
            return s.movements[0]
    fail(f"event {event.name!r} has no movement for session {session}: give it one with "
         f"'tenace event movement'")


def _seated(event: Event, session: int, *, table: int, round: int, board: int) -> tuple[str, str]:
    """The North-South and East-West contestants at that table in that round, who must play that board."""
    movement = _movement(event, session)
    try:
        seating = movement.at(round, table)
    except KeyError:
        where = f"table {table}, round {round}, board {board}"
        if table not in movement.tables:
            fail(f"{where}: field 'table': session {session} has tables {_span(movement.tables)}")
        if round not in movement.rounds:
            fail(f"{where}: field 'round': session {session} has rounds {_span(movement.rounds)}")
        fail(f"{where}: field 'round': table {table} does not play in round {round} (a sit-out)")
    if board not in seating.boards:
        boards = ", ".join(str(b) for b in seating.boards)
        fail(f"table {table}, round {round}, board {board}: field 'board': that table plays boards {boards} "
             "in that round")
    return seating.ns, seating.ew


def _span(numbers: tuple[int, ...]) -> str:
    if numbers == tuple(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


def _result(event: Event, session: int, text: str, *, table: int, round: int, board: int,
            group: int | None = None) -> Result:
    ns, ew = _seated(event, session, table=table, round=round, board=board)
    movement = _movement(event, session)
    try:
        result = replace(parse_entry(text, board=board, round=round, table=table, ns=ns, ew=ew),
                         session=session)
        if group is not None:
            result = replace(result, group=group)
        check_result(result, movement)
    except ValueError as exc:
        fail(str(exc))
    return result


def _adjusted_result(event: Event, session: int, adjustment: Adjustment, *, table: int, round: int,
                     board: int) -> Result:
    ns, ew = _seated(event, session, table=table, round=round, board=board)
    return Result(board=board, round=round, table=table, ns=ns, ew=ew, adjusted=adjustment, session=session)


def _score_text(result: Result) -> str:
    """What the opponents confirm at the table, without the board number: ``4♥ by S, making 11, NS +650``."""
    return summary(result).split(": ", 1)[1]


def result_json(result: Result) -> dict[str, Any]:
    """A result as plain JSON values."""
    score = result.ns_score()
    return {
        "table": result.table, "round": result.round, "board": result.board, "ns": result.ns, "ew": result.ew,
        "contract": None if result.contract is None else result.contract.text(),
        "declarer": None if result.contract is None else result.contract.declarer.value,
        "tricks": result.tricks, "lead": None if result.lead is None else str(result.lead),
        "adjusted": None if result.adjusted is None else str(result.adjusted),
        "group": result.group,
        "score_ns": score if isinstance(score, int) else None,
    }


def _number(value: Fraction, places: int) -> str:
    return str(rounded(value, places))


def _print_rankings(results: EventResults, places: int) -> None:
    if results.matches:
        matches = Table(title=f"{escape(results.event)}: matches", title_justify="left")
        for column in ("Round", "Home", "Away", "Boards", "IMPs", "VPs"):
            matches.add_column(column, justify="left" if column in ("Home", "Away") else "right")
        for m in results.matches:
            imps = f"{_number(m.imps[0], places)} - {_number(m.imps[1], places)}"
            vps = "" if m.vps is None else f"{_number(m.vps[0], places)} - {_number(m.vps[1], places)}"
            matches.add_row(str(m.round), escape(m.home), escape(m.away), str(m.boards), imps, vps)
        out.print(matches)
    for ranking in results.rankings:
        table = Table(title=f"{escape(results.event)}: {escape(ranking.title)}", title_justify="left")
        for column, justify in (("Place", "right"), ("Contestant", "left"), ("Name", "left"),
                                ("Boards", "right"), ("Total", "right"), ("%", "right")):
            table.add_column(column, justify=justify)  # type: ignore[arg-type]
        for s in ranking.standings:
            total = _number(s.total, places) + (f" ({_number(-s.penalties, places)})" if s.penalties else "")
            pct = "" if s.percentage is None else _number(s.percentage, places)
            table.add_row(s.place, escape(s.contestant), escape(s.name), str(s.boards), total, pct)
        out.print(table)


def _done(as_json: bool, data: dict[str, Any], message: str) -> None:
    if as_json:
        emit_json(data)
    else:
        out.print(message)


_KIND_METHODS = {
    EventKind.PAIRS: (Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS),
    EventKind.INDIVIDUAL: (Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS),
    EventKind.TEAMS: (Method.TEAM_IMPS, Method.BUTLER, Method.TOTAL_POINTS),
}


def register(app: typer.Typer) -> None:
    event_app = typer.Typer(
        name="event",
        help=(
            "Run an event: create it, give it a movement, enter and correct results, adjusted scores (Law "
            "12C), penalties (Law 90), appeals (Law 92), score it (Law 78) and publish the results."
        ),
        no_args_is_help=True,
        rich_markup_mode="rich",
    )
    app.add_typer(event_app)

    @event_app.command("new", help="Create an event and print its number, e.g. [bold]tenace event new "
                       "'Monday pairs' --kind pairs --method matchpoints --participants pairs.csv[/] (CSV: "
                       "id,name[,players][,phantom]).")
    def new_command(
        name: Annotated[str, typer.Argument(help="The event's name.")],
        kind: Annotated[EventKind, typer.Option("--kind", help="Pairs, teams or individual.")] = (
            EventKind.PAIRS),
        method: Annotated[Method | None, typer.Option(
            "--method", help="How boards are scored (Law 78; default: matchpoints, team-imps for teams).",
            show_default=False)] = None,
        pairs: Annotated[int | None, typer.Option("--pairs", min=2, help="Enter contestants 1..N.")] = None,
        participants: Annotated[Path | None, typer.Option(
            "--participants", help="A CSV file of contestants: id,name[,players][,phantom].",
            dir_okay=False)] = None,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        if pairs is not None and participants is not None:
            fail("give --pairs or --participants, not both", EXIT_USAGE)
        chosen = method if method is not None else (
            Method.TEAM_IMPS if kind is EventKind.TEAMS else Method.MATCHPOINTS)
        if chosen not in _KIND_METHODS[kind]:
            allowed = ", ".join(m.value for m in _KIND_METHODS[kind])
            fail(f"--method {chosen.value} does not score a {kind.value} event (use {allowed})", EXIT_USAGE)
        entrants: tuple[Participant, ...] = ()
        if participants is not None:
            try:
                entrants = read_participants(participants, kind)
            except ValueError as exc:
                fail(str(exc))
        elif pairs is not None:
            entrants = tuple(Participant(str(i), _default_name(str(i), kind)) for i in range(1, pairs + 1))
        event = Event(name=name, kind=kind, conditions=Conditions(method=chosen), participants=entrants)
        with _store(db) as store:
            event_id = store.create_event(event)
        _done(as_json, {"id": event_id, "name": name, "kind": kind.value, "method": chosen.value,
                        "participants": len(entrants)},
              f"event {event_id}: {escape(name)} ({kind.value}, {chosen.value}, {len(entrants)} entered)")

    @event_app.command("list", help="List the events in the database.")
    def list_command(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
        with _store(db) as store:
            events = store.events()
        if as_json:
            emit_json([{"id": i, "name": n} for i, n in events])
            return
        for i, n in events:
            out.print(f"{i:>4}  {escape(n)}")

    @event_app.command("movement", help="Give a session its movement (Law 8A), e.g. [bold]tenace event "
                       "movement 1 --mitchell 7 --boards 28[/]; or --howell TABLES, --individual PLAYERS, "
                       "--round-robin (the teams entered), or --file MOVEMENT.yaml (thebridsk). Contestants "
                       "the movement names that are not entered yet are entered as 'Pair N'.")
    def movement_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        mitchell: Annotated[int | None, typer.Option("--mitchell", min=1,
                                                     help="A Mitchell of N tables.")] = None,
        howell: Annotated[int | None, typer.Option("--howell", min=1, help="A Howell of N tables.")] = None,
        individual: Annotated[int | None, typer.Option("--individual", min=1,
                                                       help="An individual movement of N players.")] = None,
        round_robin: Annotated[bool, typer.Option("--round-robin", help="A round robin of the teams "
                                                  "entered (--boards-per-round boards a match).")] = False,
        file: Annotated[Path | None, typer.Option("--file", help="A thebridsk YAML movement.", exists=True,
                                                  dir_okay=False)] = None,
        boards: Annotated[int | None, typer.Option("--boards", min=1,
                                                   help="Boards in play (Mitchell, Howell).")] = None,
        boards_per_round: Annotated[int | None, typer.Option("--boards-per-round", min=1,
                                                             help="Boards per round.")] = None,
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        chosen = sum(x is not None for x in (mitchell, howell, individual, file)) + round_robin
        if chosen != 1:
            fail("give exactly one of --mitchell TABLES, --howell TABLES, --individual PLAYERS, "
                 "--round-robin and --file MOVEMENT.yaml", EXIT_USAGE)
        if (mitchell is not None or howell is not None) and boards is None:
            fail("--boards N is required for a Mitchell or a Howell", EXIT_USAGE)
        with _store(db) as store:
            event = _event(store, event_id)
            try:
                if boards is not None and (mitchell is not None or howell is not None):
                    movement = _generate(mitchell, howell, boards, boards_per_round)
                else:
                    from tenace.tournament import movements

                    per_round = boards_per_round or 2
                    if individual is not None:
                        movement = movements.individual(individual, boards_per_round=per_round)
                    elif file is not None:
                        movement = movements.load_thebridsk(file)
                    else:
                        teams = [p.id for p in event.participants if not p.phantom]
                        movement = movements.round_robin(teams, boards_per_match=boards_per_round or 8)
            except ValueError as exc:
                fail(str(exc), EXIT_USAGE)
            try:
                store.set_movement(event_id, session, movement)
            except ValueError as exc:
                fail(str(exc))
            known = {p.id for p in event.participants}
            added = [c for c in movement.contestants if c not in known]
            for contestant in added:
                entrant = Participant(contestant, _default_name(contestant, event.kind))
                store.add_participant(event_id, entrant)
        unseated = [p.id for p in event.participants if p.id not in movement.contestants and not p.phantom]
        if unseated and not as_json:
            err.print("[yellow]warning:[/] entered but not seated by the movement: "
                      f"{escape(', '.join(unseated))} (it names {escape(movement.contestants[0])} to "
                      f"{escape(movement.contestants[-1])})")
        _done(as_json, {"id": event_id, "session": session, "movement": movement.name,
                        "tables": len(movement.tables), "rounds": len(movement.rounds),
                        "boards": len(movement.boards), "added": added, "unseated": unseated},
              f"event {event_id}, session {session}: {escape(movement.name)}, {len(movement.tables)} tables, "
              f"{len(movement.rounds)} rounds, {len(movement.boards)} boards"
              + (f"; entered {', '.join(added)}" if added else ""))

    @event_app.command("enter", help="Enter one result as a table device does, e.g. [bold]tenace event enter "
                       "1 --table 3 --round 2 --board 5 '4HX S 10'[/] (contract, declarer, tricks; or PASS).")
    def enter_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        text: Annotated[str, typer.Argument(metavar="RESULT", help="E.g. '4HX S 10', '3NT N 8 SQ', 'PASS'.")],
        table: TableOption,
        round: RoundOption,
        board: BoardOption,
        by: Annotated[str | None, typer.Option("--by", help="Who enters it (default: the table).")] = None,
        key: Annotated[str | None, typer.Option("--key", help="An idempotency key: entering the same key "
                                                "again does nothing.")] = None,
        group: Annotated[int | None, typer.Option("--group", help="Fouled board (Law 87): the group of "
                                                  "tables that played the same cards.")] = None,
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        with _store(db) as store:
            event = _event(store, event_id)
            result = _result(event, session, text, table=table, round=round, board=board, group=group)
            try:
                store.enter(event_id, session, result, by=by or f"table {table}", key=key)
            except ValueError as exc:
                fail(str(exc))
        _done(as_json, result_json(result), f"{result.describe()}: {escape(_score_text(result))}")

    @event_app.command("confirm", help="Record the opponents' confirmation of the result entered at a table "
                       "(as a table device does once East-West accept North's entry).")
    def confirm_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        table: TableOption,
        round: RoundOption,
        board: BoardOption,
        by: Annotated[str | None, typer.Option("--by", help="Who confirms (default: East-West at the "
                                               "table).")] = None,
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        with _store(db) as store:
            event = _event(store, event_id)
            _, ew = _seated(event, session, table=table, round=round, board=board)
            try:
                stored = store.confirm(event_id, session, table=table, round=round, board=board,
                                       by=by or f"pair {ew}")
            except ValueError as exc:
                fail(str(exc))
        result = stored.result
        who = stored.confirmed_by
        _done(as_json, {**result_json(result), "version": stored.version, "confirmed_by": who},
              f"confirmed {result.describe()}: {escape(_score_text(result))} (by {escape(str(who))})")

    @event_app.command("correct", help="Correct an entered result (Law 79C), e.g. [bold]tenace event correct "
                       "1 --table 3 --round 2 --board 5 '4H S 9' --reason 'tricks mis-entered' --law 79A[/].")
    def correct_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        text: Annotated[str, typer.Argument(metavar="RESULT", help="The corrected result, e.g. '4H S 9'.")],
        table: TableOption,
        round: RoundOption,
        board: BoardOption,
        reason: Annotated[str, typer.Option("--reason", help="Why (kept in the audit history).")],
        law: LawOption = None,
        group: Annotated[int | None, typer.Option("--group", help="Fouled board (Law 87) group.")] = None,
        approved_by: Annotated[str | None, typer.Option("--approved-by", help="Who approved a correction "
                                                        "after the correction period.")] = None,
        by: ByOption = "director",
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        with _store(db) as store:
            event = _event(store, event_id)
            result = _result(event, session, text, table=table, round=round, board=board, group=group)
            try:
                store.correct(event_id, session, result, by=by, reason=reason, law=law,
                              approved_by=approved_by)
            except ValueError as exc:
                fail(str(exc))
        _done(as_json, result_json(result), f"corrected {result.describe()}: {escape(_score_text(result))}")

    @event_app.command("adjust", help="Award an adjusted score (Law 12C): artificial, e.g. [bold]tenace "
                       "event adjust 1 --table 3 --round 2 --board 5 A60/40 --law 12C2[/], or assigned, e.g. "
                       "[bold]--assigned 420/-420 --law 12C1[/] (each side's score from its own side).")
    def adjust_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        table: TableOption,
        round: RoundOption,
        board: BoardOption,
        artificial: Annotated[str | None, typer.Argument(metavar="[A60/40]", help="An artificial score: "
                                                         "A60/40, A50/50, A+/A-, A6040.")] = None,
        assigned: Annotated[str | None, typer.Option("--assigned", help="An assigned score NS/EW, e.g. "
                                                     "420/-420 or 620@2/3,-100@1/3.")] = None,
        law: Annotated[str, typer.Option("--law", help="The Law applied.")] = "12C",
        reason: Annotated[str, typer.Option("--reason", help="Why (kept in the audit history).")] = "",
        approved_by: Annotated[str | None, typer.Option("--approved-by", help="Who approved a change "
                                                        "after the correction period (Law 79C2).")] = None,
        by: ByOption = "director",
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        if (artificial is None) == (assigned is None):
            fail("give either an artificial score (A60/40) or --assigned NS/EW", EXIT_USAGE)
        try:
            adjustment: Adjustment = (parse_artificial(artificial) if artificial is not None
                                      else parse_assigned(assigned or ""))
        except ValueError as exc:
            fail(f"table {table}, round {round}, board {board}: field 'adjustment': {exc}", EXIT_USAGE)
        with _store(db) as store:
            event = _event(store, event_id)
            result = _adjusted_result(event, session, adjustment, table=table, round=round, board=board)
            why = reason or f"adjusted score, Law {law}"
            try:
                store.correct(event_id, session, result, by=by, reason=why, law=law, approved_by=approved_by)
            except ValueError as exc:
                fail(str(exc))
        _done(as_json, result_json(result), f"adjusted {result.describe()}: {escape(str(adjustment))} "
              f"(Law {escape(law)})")

    @event_app.command("penalty", help="A procedural (Law 90) or disciplinary (Law 91) penalty in the "
                       "event's units, e.g. [bold]tenace event penalty 1 3NS 1 --law 90 --reason 'slow "
                       "play'[/]; "
                       "a negative number gives points.")
    def penalty_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        contestant: Annotated[str, typer.Argument(help="The contestant penalised.")],
        points: Annotated[str, typer.Argument(help="Points taken from the total: 1, 0.5, 1/4.")],
        law: Annotated[str, typer.Option("--law", help="Law 90 or 91.")] = "90",
        reason: Annotated[str, typer.Option("--reason", help="Why.")] = "",
        board: Annotated[int | None, typer.Option("--board", help="The board concerned, if any.")] = None,
        by: ByOption = "director",
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        try:
            value = Fraction(points)
        except (ValueError, ZeroDivisionError):
            fail(f"field 'points': not a number: {points!r}", EXIT_USAGE)
        if not reason:
            fail("a penalty needs --reason", EXIT_USAGE)
        with _store(db) as store:
            event = _event(store, event_id)
            try:
                event.participant(contestant)
            except KeyError:
                fail(f"field 'contestant': no contestant {contestant!r} in event {event_id}")
            penalty = Penalty(contestant=contestant, points=value, law=law, reason=reason, board=board)
            try:
                store.penalise(event_id, penalty, by=by)
            except ValueError as exc:
                fail(str(exc))
        _done(as_json, {"contestant": contestant, "points": str(value), "law": law, "reason": reason},
              f"penalty: {escape(contestant)} {value} (Law {escape(law)}): {escape(reason)}")

    @event_app.command("appeal", help="Lodge an appeal against a ruling (Law 92), e.g. [bold]tenace event "
                       "appeal 1 --table 3 --round 2 --board 5 --appellants 3 --reason '...'[/].")
    def appeal_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        table: TableOption,
        round: RoundOption,
        board: BoardOption,
        appellants: Annotated[str, typer.Option("--appellants", help="Who appeals: a contestant, or several "
                                                "separated by commas.")],
        reason: Annotated[str, typer.Option("--reason", help="The grounds.")],
        concurring: Annotated[bool, typer.Option("--concurring/--not-concurring", help="Whether both members "
                                                 "of the side concur (Law 92D).")] = True,
        by: ByOption = "director",
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        with _store(db) as store:
            event = _event(store, event_id)
            ns, ew = _seated(event, session, table=table, round=round, board=board)
            who = tuple(a.strip() for a in appellants.split(",") if a.strip())
            for appellant in who:
                if appellant not in (ns, ew):
                    fail(f"table {table}, round {round}, board {board}: field 'appellants': {appellant!r} "
                         f"did not play there ({ns} North-South, {ew} East-West)")
            try:
                appeal_id = store.appeal(event_id, session, table=table, round=round, board=board,
                                         appellants=who, concurring=concurring, reason=reason, by=by)
            except ValueError as exc:
                fail(str(exc))
        _done(as_json,
              {"appeal": appeal_id, "event": event_id, "table": table, "round": round, "board": board},
              f"appeal {appeal_id} lodged: table {table}, round {round}, board {board}")

    @event_app.command("decide", help="Record the decision on an appeal (Law 93) with the result that "
                       "stands: a table result, an adjusted score, or none (the ruling is upheld).")
    def decide_command(
        appeal_id: Annotated[int, typer.Argument(metavar="APPEAL_ID", help="The appeal number.")],
        event_id: Annotated[int, typer.Option("--event", help="The event number.")],
        decision: Annotated[str, typer.Option("--decision", help="The committee's decision.")],
        text: Annotated[str | None, typer.Option(
            "--result", help="The result that stands, e.g. '4S N 9'.")] = None,
        artificial: Annotated[str | None, typer.Option(
            "--artificial", help="Or an artificial score, A60/40.")] = None,
        assigned: Annotated[str | None, typer.Option(
            "--assigned", help="Or an assigned score NS/EW.")] = None,
        by: ByOption = "appeals committee",
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        if sum(x is not None for x in (text, artificial, assigned)) > 1:
            fail("give at most one of --result, --artificial, --assigned", EXIT_USAGE)
        with _store(db) as store:
            event = _event(store, event_id)
            appeal = _find_appeal(store, event_id, appeal_id)
            session = appeal.session
            where = {"table": appeal.table, "round": appeal.round, "board": appeal.board}
            result: Result | None = None
            try:
                if text is not None:
                    result = _result(event, session, text, **where)
                elif artificial is not None or assigned is not None:
                    adjustment: Adjustment = (parse_artificial(artificial) if artificial is not None
                                              else parse_assigned(assigned or ""))
                    result = _adjusted_result(event, session, adjustment, **where)
                store.decide_appeal(appeal_id, decision=decision, result=result, by=by)
            except ValueError as exc:
                fail(f"appeal {appeal_id}: {exc}")
        _done(as_json, {"appeal": appeal_id, "decision": decision,
                        "result": None if result is None else result_json(result)},
              f"appeal {appeal_id} decided: {escape(decision)}"
              + ("" if result is None else f"; {escape(_score_text(result))}"))

    @event_app.command("score", help="Score the event (Law 78) and show the rankings.")
    def score_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        with _store(db) as store:
            event, results = _scored(store, event_id)
        places = event.conditions.percentage_places
        if as_json:
            from tenace.tournament.publish import results_document

            emit_json(results_document(event, results))
        else:
            _print_rankings(results, places)

    @event_app.command("traveller", help="Show the traveller of one board: every result, its score and "
                       "what each side scored on it (Law 78).")
    def traveller_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        board: BoardOption,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        from tenace.tournament.publish.common import line_text

        with _store(db) as store:
            event, results = _scored(store, event_id)
        travellers = results.traveller(board)
        if not travellers:
            fail(f"field 'board': no results for board {board} in event {event_id}")
        places = event.conditions.percentage_places
        if as_json:
            from tenace.tournament.publish import results_document

            document = results_document(event, results)
            chosen = [t for t in document["travellers"] if t["board"] == board]
            emit_json({"board": board, "travellers": chosen})
            return
        for number, traveller in enumerate(travellers, start=1):
            title = f"board {board}" + (f", group {number}" if len(travellers) > 1 else "")
            table = Table(title=f"{escape(results.event)}: {title}", title_justify="left")
            for column in ("Tbl", "Rnd", "NS", "EW", "Contract", "Tr", "Score", "NS pts", "EW pts", "NS %"):
                table.add_column(column, justify="left" if column in ("NS", "EW", "Contract") else "right",
                                 no_wrap=True)
            for line in sorted(traveller.lines, key=lambda x: (x.result.round, x.result.table)):
                text = line_text(line.result, line.ns_score, event.conditions.artificial)
                pct = "" if line.ns_percentage is None else _number(line.ns_percentage, places)
                contract = f"{text.contract} {text.declarer}".strip()
                table.add_row(str(line.result.table), str(line.result.round), escape(line.result.ns),
                              escape(line.result.ew), escape(contract), text.tricks, escape(text.score),
                              _number(line.ns_points, 2), _number(line.ew_points, 2), pct)
            out.print(table)

    @event_app.command("results", help="Write the scored results as HTML, CSV (rankings or travellers), "
                       "JSON, PBN (ScoreTable) or USEBIO 1.2 XML.")
    def results_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        fmt: Annotated[str, typer.Option("--format", "-f", help=f"{', '.join(_FORMATS)}.")] = "html",
        output: Annotated[Path | None, typer.Option("--out", "-o", help="The file to write (default: "
                                                    "standard output).", dir_okay=False)] = None,
        boards: BoardsOption = None,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        if fmt not in _FORMATS:
            fail(f"--format must be one of {', '.join(_FORMATS)}, got {fmt!r}", EXIT_USAGE)
        deals = _deals(boards)
        with _store(db) as store:
            event, results = _scored(store, event_id)
        try:
            document = _render(fmt, event, results, deals)
        except ValueError as exc:
            fail(f"cannot write {fmt}: {exc}")
        if output is None:
            typer.echo(document, nl=False)
            return
        _write(output, document)
        _done(as_json, {"format": fmt, "out": str(output), "bytes": len(document.encode())},
              f"wrote {escape(str(output))} ({fmt})")

    @event_app.command("publish", help="Publish the results: store this version (Law 79C's correction period "
                       "and Law 92B's appeal deadline run from it) and write the pages and files to a "
                       "directory (index.html, hands.html with --boards, results.json, rankings.csv, "
                       "travellers.csv, results.pbn, results.usebio.xml).")
    def publish_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        directory: Annotated[Path, typer.Option("--out", "-o", help="Directory for the pages.",
                                                file_okay=False)],
        boards: BoardsOption = None,
        by: ByOption = "director",
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        deals = _deals(boards)
        skipped: dict[str, str] = {}
        with _store(db) as store:
            event, results = _scored(store, event_id)
            documents: dict[str, str] = {}
            for fmt in _FORMATS:
                try:
                    if fmt == "html":  # index.html, and hands.html when the deals are known
                        from tenace.tournament.publish import render_pages

                        documents.update(render_pages(event, results, boards=deals))
                    else:
                        documents[_FILES[fmt]] = _render(fmt, event, results, deals)
                except ValueError as exc:  # e.g. USEBIO has no code for a weighted assigned score
                    skipped[_FILES[fmt]] = str(exc)
            try:
                directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                fail(f"{directory}: cannot create: {exc.strerror or exc}")
            written = []
            for name, document in documents.items():
                _write(directory / name, document)
                written.append(str(directory / name))
            # Stored once the pages exist: this version is what was made available (Laws 79C, 92B).
            version = store.publish(event_id, documents["results.json"], by=by)
        if not as_json:
            for name, why in skipped.items():
                err.print(f"[yellow]warning:[/] {escape(name)} not written: {escape(why)}")
        _done(as_json, {"event": event_id, "version": version, "files": written, "skipped": skipped},
              f"published version {version} of event {event_id} in {escape(str(directory))}")

    @event_app.command("import", help="Import a session's results from a PBN, USEBIO (.xml) or LIN file "
                       "that another program wrote. The results are placed in the session's movement by "
                       "their pairs and boards; any problem is reported with file and line and nothing is "
                       "stored.")
    def import_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        file: Annotated[Path, typer.Argument(help="A PBN, USEBIO or LIN file.", exists=True, dir_okay=False)],
        by: ByOption = "import",
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        with _store(db) as store:
            event = _event(store, event_id)
            movement = _movement(event, session)
            try:
                from tenace.tournament.imports import place

                imported = place(_read_import(file), movement)
            except ValueError as exc:
                fail(str(exc))
            problems = [str(p) for p in imported.problems]
            for line in imported.disagreements():
                if not any(p.startswith(line.where + ":") for p in problems):
                    problems.append(f"{line.where}: {line.result.describe()}: the file prints "
                                    f"{line.printed}, the Law 77 score is {line.result.ns_score()}")
            if problems:
                for problem in problems:
                    err.print(f"[red]{escape(problem)}[/]")
                fail(f"{file}: {len(problems)} problem(s); nothing was imported")
            known = {p.id for p in event.participants}
            try:
                results = tuple(replace(r, session=session) for r in imported.results)
                store.enter_many(event_id, session, results, by=by)  # one transaction: all or nothing
            except ValueError as exc:
                fail(f"{file}: {exc}; nothing was imported")
            for participant in imported.participants:  # names the file gives for pairs not yet entered
                if participant.id not in known and participant.id in movement.contestants:
                    store.add_participant(event_id, participant, by=by)
        _done(as_json, {"event": event_id, "session": session, "results": len(results)},
              f"imported {len(results)} results from {escape(str(file))} into event {event_id}, "
              f"session {session}")

    @event_app.command("history", help="The audit history: every entry, correction, adjustment, penalty, "
                       "appeal and publication, who made it and when.")
    def history_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        with _store(db) as store:
            _event(store, event_id)
            changes = store.history(event_id)
        rows = [_change_json(c) for c in changes]
        if as_json:
            emit_json(rows)
            return
        table = Table(title=f"event {event_id}: history", title_justify="left")
        for column in ("When", "Who", "What", "Details"):
            table.add_column(column)
        for row in rows:
            table.add_row(escape(str(row["at"])[:19].replace("T", " ")), escape(str(row.get("by", ""))),
                          escape(str(row.get("kind", ""))), escape(str(row.get("details", ""))))
        out.print(table)


# --------------------------------------------------------------------------------------------------------
# Glue to the library modules
# --------------------------------------------------------------------------------------------------------

_FILES = {"html": "index.html", "json": "results.json", "csv": "rankings.csv",
          "travellers-csv": "travellers.csv", "pbn": "results.pbn", "usebio": "results.usebio.xml"}


def _event(store: Store, event_id: int) -> Event:
    try:
        return store.event(event_id)
    except ValueError as exc:
        fail(str(exc))


def _generate(mitchell: int | None, howell: int | None, boards: int, per_round: int | None) -> Movement:
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


def _find_appeal(store: Store, event_id: int, appeal_id: int) -> Appeal:
    for appeal in store.appeals(event_id):
        if appeal.id == appeal_id:
            return appeal
    fail(f"no appeal {appeal_id} in event {event_id}")


def _scored(store: Store, event_id: int) -> tuple[Event, EventResults]:
    event = _event(store, event_id)
    try:
        from tenace.tournament.scoring import score_event

        return event, score_event(event, store.results(event_id), store.penalties(event_id))
    except ValueError as exc:
        fail(str(exc))


def _render(fmt: str, event: Event, results: EventResults, deals: dict[int, Deal] | None = None) -> str:
    from tenace.tournament import publish
    from tenace.tournament.publish.pbn import results_pbn
    from tenace.tournament.publish.usebio import results_usebio

    if fmt == "json":
        return publish.results_json(event, results)
    if fmt == "csv":
        return publish.rankings_csv(event, results)
    if fmt == "travellers-csv":
        return publish.travellers_csv(event, results)
    if fmt == "pbn":
        return results_pbn(event, results, boards=deals)
    if fmt == "usebio":
        return results_usebio(event, results, boards=deals)
    return publish.render_html(event, results, boards=deals)


def _deals(path: Path | None) -> dict[int, Deal] | None:
    """The deals of a PBN file, by board number, for travellers and hand records."""
    if path is None:
        return None
    deals: dict[int, Deal] = {}
    try:
        from tenace.formats.pbn.reader import read_file

        games = read_file(path)
    except (OSError, ValueError) as exc:
        fail(f"{path}: cannot read the boards: {exc}")
    for game in games:
        record = game.record
        if record.number is not None and isinstance(record.deal, Deal):
            deals[record.number] = record.deal
    if not deals:
        fail(f"{path}: no numbered boards with a full deal")
    return deals


def _read_import(path: Path) -> Imported:
    from tenace.tournament import imports

    suffix = path.suffix.lower()
    if suffix == ".pbn":
        return imports.import_pbn(path, source=str(path))
    if suffix == ".xml":
        return imports.import_usebio(path, source=str(path))
    if suffix == ".lin":
        return imports.import_lin([path])
    fail(f"{path}: cannot tell the format from the extension (expected .pbn, .xml for USEBIO, or .lin)",
         EXIT_USAGE)


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"{path}: cannot write: {exc.strerror or exc}")


def _change_json(change: Any) -> dict[str, Any]:
    where = ", ".join(f"{name} {getattr(change, name)}" for name in ("table", "round", "board")
                      if getattr(change, name, None) is not None)
    details = [where] if where else []
    if getattr(change, "new", None) is not None:
        details.append(_score_text(change.new))
    if getattr(change, "reason", None):
        details.append(change.reason)
    if getattr(change, "law", None):
        details.append(f"Law {change.law}")
    return {"at": change.at.isoformat(timespec="seconds"), "by": change.by, "kind": change.action,
            "session": change.session, "table": change.table, "round": change.round, "board": change.board,
            "reason": change.reason, "law": change.law, "details": "; ".join(details),
            "old": None if change.old is None else result_json(change.old),
            "new": None if change.new is None else result_json(change.new)}
