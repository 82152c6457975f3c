"""``tenace event ...``: run a club event from the command line over a :class:`tenace.store.Store`.

A Director creates the event, gives it a movement, enters (or imports) the results, corrects them, awards
adjusted scores (Law 12C), procedural penalties (Law 90), hears appeals (Law 92), scores the event (Law 78)
and publishes the results. Every command takes ``--db URL`` (default: the ``TENACE_DB`` environment variable,
else ``sqlite:///tenace.db``) and ``--json``. Exit codes as for the other commands: 0 done, 1 the input was
wrong (the message names the table, round, board and field, and nothing stored changes), 2 the command line is
wrong.
"""

from __future__ import annotations

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
from tenace.cli._event_input import (
    generate,
    knockout_matches,
    numbering,
    parse_artificial,
    parse_assigned,
    read_deals,
    read_import,
    read_participants,
    relabel,
    sections,
    swiss_round,
    team_conditions,
)
from tenace.cli._event_output import (
    FILES,
    FORMATS,
    change_json,
    print_rankings,
    render,
    result_json,
    rounded_text,
    score_text,
)
from tenace.deal import Deal
from tenace.tournament.entry import check_result, parse_entry
from tenace.tournament.model import (
    Adjustment,
    ByeScore,
    Comparison,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Penalty,
    Result,
    default_name,
)
from tenace.tournament.standings import EventResults

if TYPE_CHECKING:  # the store (SQLAlchemy, Alembic), publishing (Jinja2) and imports load when a command runs
    from tenace.store import Appeal, Store

DEFAULT_DB = "sqlite:///tenace.db"

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
    """The session's movement; a session of several sections (or knockout matches) as one movement, since
    their tables are numbered apart."""
    for s in event.sessions:
        if s.number == session:
            if not s.movements:
                break
            if len(s.movements) == 1:
                return s.movements[0]
            seatings = tuple(seat for m in s.movements for seat in m.seatings)
            return Movement(", ".join(m.name for m in s.movements), seatings)
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


def _done(as_json: bool, data: dict[str, Any], message: str) -> None:
    if as_json:
        emit_json(data)
    else:
        out.print(message)


_KIND_METHODS = {
    EventKind.PAIRS: (Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS),
    EventKind.INDIVIDUAL: (Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS),
    EventKind.TEAMS: (Method.TEAM_IMPS, Method.BOARD_A_MATCH, Method.BUTLER, Method.TOTAL_POINTS),
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
        comparison: Annotated[Comparison, typer.Option(
            "--comparison", help="Compare a board over the whole field or within each section.")] = (
            Comparison.FIELD),
        vp_scale: Annotated[str, typer.Option(
            "--vp-scale", help="Teams: the VP scale, wbf2013 or a scale's name in --vp-table.")] = "wbf2013",
        vp_table: Annotated[Path | None, typer.Option(
            "--vp-table", help="Teams: a discrete VP scale as CSV (imp_low,imp_high,vp_winner,vp_loser, "
            "optional scale and boards columns), kept with the event.", exists=True, dir_okay=False)] = None,
        bye: Annotated[ByeScore, typer.Option(
            "--bye", help="Teams: what a bye in a round robin or Swiss round earns.")] = ByeScore.NONE,
        bye_vps: Annotated[str, typer.Option(
            "--bye-vps", help="Teams: the VPs of a bye (--bye fixed, fixed-or-average).")] = "12",
        knockout: Annotated[bool, typer.Option(
            "--knockout", help="Teams: knockout matches (IMPs and carry-over, no VPs; Law 12C4).")] = False,
        carry_over: Annotated[list[str] | None, typer.Option(
            "--carry-over", help="Knockout: TEAM=IMPS a team starts with (repeatable), e.g. A=7.5.")] = None,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        if pairs is not None and participants is not None:
            fail("give --pairs or --participants, not both", EXIT_USAGE)
        try:
            conditions, carried = team_conditions(kind, vp_scale, vp_table, bye, bye_vps, knockout,
                                                  carry_over)
        except ValueError as exc:
            fail(str(exc), EXIT_USAGE)
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
            entrants = tuple(Participant(str(i), default_name(str(i), kind)) for i in range(1, pairs + 1))
        conditions = replace(conditions, method=chosen, comparison=comparison)
        event = Event(name=name, kind=kind, conditions=conditions, participants=entrants, carry_over=carried)
        with _store(db) as store:
            event_id = store.create_event(event)
        _done(as_json, {"id": event_id, "name": name, "kind": kind.value, "method": chosen.value,
                        "participants": len(entrants), "comparison": comparison.value,
                        "vp_scale": conditions.vp_scale, "bye": conditions.bye.value,
                        "bye_vps": str(conditions.bye_vps), "knockout": conditions.knockout,
                        "carry_over": {team: str(points) for team, points in carried}},
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
                       "--round-robin (the teams entered), --swiss (the next Swiss round, paired from the "
                       "standings), --knockout HOME,AWAY (repeatable, --segments S), or --file MOVEMENT.yaml "
                       "(thebridsk). --sections K plays a Mitchell or Howell in K sections with the same "
                       "boards, tables numbered on. Pairs entered with --pairs N and not named yet take the "
                       "movement's places in order (North-South of round 1, then East-West); contestants the "
                       "movement names that are not entered yet are entered as 'Pair N'.")
    def movement_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        mitchell: Annotated[int | None, typer.Option("--mitchell", min=1,
                                                     help="A Mitchell of N tables.")] = None,
        howell: Annotated[int | None, typer.Option("--howell", min=1, help="A Howell of N tables.")] = None,
        individual: Annotated[int | None, typer.Option("--individual", min=1,
                                                       help="An individual movement of N players.")] = None,
        round_robin: Annotated[bool, typer.Option("--round-robin", help="A round robin of the teams "
                                                  "entered (--boards-per-round boards a match).")] = False,
        swiss: Annotated[bool, typer.Option("--swiss", help="Add the next Swiss round (--boards-per-round "
                                            "boards a match): teams paired by the standings, no rematches, "
                                            "the bye to a team that has not had one.")] = False,
        knockout: Annotated[list[str] | None, typer.Option(
            "--knockout", help="A knockout match HOME,AWAY (repeatable: one match each), --segments S "
            "segments of --boards-per-round boards.")] = None,
        segments: Annotated[int, typer.Option("--segments", min=1, help="Knockout: segments.")] = 1,
        switch: Annotated[bool, typer.Option("--switch", help="Knockout: the teams change rooms' seats every "
                                             "other segment.")] = False,
        file: Annotated[Path | None, typer.Option("--file", help="A thebridsk YAML movement.", exists=True,
                                                  dir_okay=False)] = None,
        boards: Annotated[int | None, typer.Option("--boards", min=1,
                                                   help="Boards in play (Mitchell, Howell).")] = None,
        boards_per_round: Annotated[int | None, typer.Option("--boards-per-round", min=1,
                                                             help="Boards per round.")] = None,
        section_count: Annotated[int, typer.Option("--sections", min=1, max=26, help="Mitchell, Howell: "
                                                   "play it in K sections, A, B, ...")] = 1,
        session: SessionOption = 1,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        chosen = sum(x is not None for x in (mitchell, howell, individual, file, knockout))
        chosen += round_robin + swiss
        if chosen != 1:
            fail("give exactly one of --mitchell TABLES, --howell TABLES, --individual PLAYERS, "
                 "--round-robin, --swiss, --knockout HOME,AWAY and --file MOVEMENT.yaml", EXIT_USAGE)
        if (mitchell is not None or howell is not None) and boards is None:
            fail("--boards N is required for a Mitchell or a Howell", EXIT_USAGE)
        if section_count > 1 and mitchell is None and howell is None:
            fail("--sections is for a Mitchell or a Howell", EXIT_USAGE)
        extra: dict[str, Any] = {}
        with _store(db) as store:
            event = _event(store, event_id)
            team_kind = event.kind is EventKind.TEAMS
            if (swiss or knockout or round_robin) and not team_kind:
                fail(f"event {event_id} is a {event.kind.value} event: --round-robin, --swiss and --knockout "
                     "are for teams", EXIT_USAGE)
            try:
                parts: tuple[Movement, ...]
                if boards is not None and (mitchell is not None or howell is not None):
                    parts = sections(generate(mitchell, howell, boards, boards_per_round), section_count)
                    if section_count == 1:
                        parts = (replace(parts[0], name=generate(mitchell, howell, boards,
                                                                 boards_per_round).name),)
                elif knockout:
                    parts = knockout_matches(knockout, segments, boards_per_round or 16, switch)
                elif swiss:
                    parts = (_next_swiss(store, event, event_id, session, boards_per_round or 7, extra),)
                else:
                    from tenace.tournament import movements

                    per_round = boards_per_round or 2
                    if individual is not None:
                        parts = (movements.individual(individual, boards_per_round=per_round),)
                    elif file is not None:
                        parts = (movements.load_thebridsk(file),)
                    else:
                        teams = [p.id for p in event.participants if not p.phantom]
                        parts = (movements.round_robin(teams, boards_per_match=boards_per_round or 8),)
            except ValueError as exc:
                fail(str(exc), EXIT_USAGE)
            names = _unnamed_numbers(event, parts, tuple(r for r in store.results(event_id)
                                                         if r.session == session))
            if names:
                parts = tuple(relabel(m, names) for m in parts)
                extra["relabelled"] = names
            try:
                for part in parts:
                    store.set_movement(event_id, session, part)
            except ValueError as exc:
                fail(str(exc))
            movement = parts[0] if len(parts) == 1 else Movement(
                ", ".join(m.name for m in parts), tuple(s for m in parts for s in m.seatings))
            known = {p.id for p in event.participants}
            added = [c for c in movement.contestants if c not in known]
            phantoms = [c for c in added if names and c not in names.values()]
            for contestant in added:
                if contestant in phantoms:  # a place left over after numbering the pairs: nobody sits there
                    entrant = Participant(contestant, "Phantom", phantom=True)
                else:
                    entrant = Participant(contestant, default_name(contestant, event.kind))
                store.add_participant(event_id, entrant)
            if phantoms:
                extra["phantoms"] = phantoms
        unseated = [p.id for p in event.participants if p.id not in movement.contestants and not p.phantom]
        if swiss:  # the team with the bye is not seated in the new round, but it plays the event
            unseated = []
        if unseated and not as_json:
            err.print("[yellow]warning:[/] entered but not seated by the movement: "
                      f"{escape(', '.join(unseated))} (it names {escape(movement.contestants[0])} to "
                      f"{escape(movement.contestants[-1])})")
        if len(parts) > 1:
            extra["sections"] = [{"name": m.name, "tables": list(m.tables),
                                  "contestants": list(m.contestants)} for m in parts]
        _done(as_json, {"id": event_id, "session": session, "movement": movement.name,
                        "tables": len(movement.tables), "rounds": len(movement.rounds),
                        "boards": len(movement.boards), "added": added, "unseated": unseated, **extra},
              f"event {event_id}, session {session}: {escape(movement.name)}, {len(movement.tables)} tables, "
              f"{len(movement.rounds)} rounds, {len(movement.boards)} boards"
              + (f"; entered {', '.join(added)}" if added else "")
              + (f"; pairs numbered {_mapping_text(names)}" if names else "")
              + (f"; phantom: {', '.join(extra['phantoms'])}" if extra.get("phantoms") else "")
              + (_swiss_text(extra) if swiss else ""))

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
        _done(as_json, result_json(result), f"{result.describe()}: {escape(score_text(result))}")

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
              f"confirmed {result.describe()}: {escape(score_text(result))} (by {escape(str(who))})")

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
        _done(as_json, result_json(result), f"corrected {result.describe()}: {escape(score_text(result))}")

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
              + ("" if result is None else f"; {escape(score_text(result))}"))

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
            from tenace.tournament.publish.json import number

            document = results_document(event, results)
            document["byes"] = [{"session": b.session, "round": b.round, "contestant": b.contestant,
                                 "vps": number(b.vps)} for b in results.byes]
            emit_json(document)
        else:
            print_rankings(results, places)

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
                pct = "" if line.ns_percentage is None else rounded_text(line.ns_percentage, places)
                contract = f"{text.contract} {text.declarer}".strip()
                table.add_row(str(line.result.table), str(line.result.round), escape(line.result.ns),
                              escape(line.result.ew), escape(contract), text.tricks, escape(text.score),
                              rounded_text(line.ns_points, 2), rounded_text(line.ew_points, 2), pct)
            out.print(table)

    @event_app.command("results", help="Write the scored results as HTML, CSV (rankings or travellers), "
                       "JSON, PBN (ScoreTable) or USEBIO 1.2 XML.")
    def results_command(
        event_id: Annotated[int, typer.Argument(metavar="ID", help="The event number.")],
        fmt: Annotated[str, typer.Option("--format", "-f", help=f"{', '.join(FORMATS)}.")] = "html",
        output: Annotated[Path | None, typer.Option("--out", "-o", help="The file to write (default: "
                                                    "standard output).", dir_okay=False)] = None,
        boards: BoardsOption = None,
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        if fmt not in FORMATS:
            fail(f"--format must be one of {', '.join(FORMATS)}, got {fmt!r}", EXIT_USAGE)
        deals = _deals(boards)
        with _store(db) as store:
            event, results = _scored(store, event_id)
        try:
            document = render(fmt, event, results, deals)
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
        lang: Annotated[str, typer.Option("--lang", help="The language of the pages (index.html and "
                                          "hands.html): en, pl, lv, sv or el.")] = "en",
        date: Annotated[str | None, typer.Option("--date", help="The session's date, YYYY-MM-DD, shown on "
                                                 "the results page (default: today).")] = None,
        by: ByOption = "director",
        db: DbOption = DEFAULT_DB,
        as_json: JsonOption = False,
    ) -> None:
        import datetime as dt

        from tenace.tournament.publish.html import available_locales

        if lang not in available_locales():
            fail(f"--lang must be one of {', '.join(available_locales())}, got {lang!r}", EXIT_USAGE)
        try:
            played = dt.date.fromisoformat(date) if date else dt.date.today()
        except ValueError:
            fail(f"--date must be a date as YYYY-MM-DD, got {date!r}", EXIT_USAGE)
        deals = _deals(boards)
        skipped: dict[str, str] = {}
        with _store(db) as store:
            event, results = _scored(store, event_id)
            documents: dict[str, str] = {}
            for fmt in (*(f for f in FORMATS if f != "html"), "html"):  # the page links to the others
                try:
                    if fmt == "html":  # index.html, and hands.html when the deals are known
                        from tenace.errors import SolverError
                        from tenace.tournament.publish import render_pages
                        from tenace.tournament.publish.files import double_dummy

                        try:  # DD table and par on the travellers and hand records
                            analyses = double_dummy(deals)
                        except SolverError as exc:
                            analyses = {}
                            err.print(f"[yellow]warning:[/] no double-dummy analysis: {escape(str(exc))}")
                        documents.update(render_pages(event, results, boards=deals, analyses=analyses,
                                                      locale=lang, date=played, downloads=tuple(documents)))
                    else:
                        documents[FILES[fmt]] = render(fmt, event, results, deals)
                except ValueError as exc:  # e.g. USEBIO has no code for a weighted assigned score
                    skipped[FILES[fmt]] = str(exc)
            try:
                directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                fail(f"{directory}: cannot create: {exc.strerror or exc}")
            written = []
            for name, document in documents.items():
                _write(directory / name, document)
                written.append(str(directory / name))
            if "results.json" not in documents:
                fail(f"nothing to publish: {'; '.join(skipped.values())}")
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

                imported = place(read_import(file), movement)
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
        rows = [change_json(c) for c in changes]
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

def _unnamed_numbers(event: Event, parts: tuple[Movement, ...],
                     results: tuple[Result, ...]) -> dict[str, str]:
    """When the entrants are ``1``..``N`` as ``event new --pairs N`` made them (not named, not phantoms),
    no results are in yet, and the movement seats none of them but has places for them (at most one place
    per section left over, which a phantom takes): the movement's places renamed to those numbers
    (North-South of round 1 first, then East-West; see :func:`numbering`). Otherwise nothing."""
    entrants = event.participants
    numbers = [str(i) for i in range(1, len(entrants) + 1)]
    if not entrants or results or event.kind is EventKind.TEAMS:
        return {}
    if [p.id for p in entrants] != numbers:
        return {}
    if any(p.phantom or p.players or p.name != default_name(p.id, event.kind) for p in entrants):
        return {}
    places = numbering(parts)
    if set(places) & set(numbers) or not 0 <= len(places) - len(numbers) <= len(parts):
        return {}
    return {place: str(i) for i, place in enumerate(places, start=1) if i <= len(numbers)}


def _mapping_text(names: dict[str, str]) -> str:
    return ", ".join(f"{old}={new}" for old, new in names.items())


def _next_swiss(store: Store, event: Event, event_id: int, session: int, per_round: int,
                extra: dict[str, Any]) -> Movement:
    """The session's Swiss movement with the next round paired from the standings so far (Law 78D: the
    Conditions set the VP scale and the bye). The round before must be complete."""
    from tenace.tournament.scoring import score_event

    previous = next((m for s in event.sessions if s.number == session for m in s.movements
                     if m.name == "Swiss"), None)
    results = store.results(event_id)
    if previous is not None:
        last = max(previous.rounds)
        played = {(r.round, r.table, r.board) for r in results if r.session == session}
        missing = [(s.table, b) for s in previous.seatings if s.round == last for b in s.boards
                   if (last, s.table, b) not in played]
        if missing:
            table, board = missing[0]
            raise ValueError(f"round {last} of the Swiss is not complete: {len(missing)} result(s) missing, "
                             f"e.g. table {table}, board {board}; enter them before pairing round {last + 1}")
    totals: dict[str, Fraction] = {}
    if results:
        scored = score_event(event, results, store.penalties(event_id))
        totals = {s.contestant: s.total for r in scored.rankings for s in r.standings}
    teams = [p.id for p in event.participants if not p.phantom]
    if len(teams) < 2:
        raise ValueError(f"a Swiss needs at least 2 teams entered, event {event_id} has {len(teams)}")
    standings = sorted(((t, totals.get(t, Fraction(0))) for t in teams), key=lambda x: -x[1])
    movement, pairing = swiss_round(previous, standings, per_round)
    extra["round"] = max(movement.rounds)
    extra["pairs"] = [list(p) for p in pairing.pairs]
    extra["bye"] = pairing.bye
    extra["standings"] = [[t, str(v)] for t, v in standings]
    return movement


def _swiss_text(extra: dict[str, Any]) -> str:
    pairs = ", ".join(f"{home} v {away}" for home, away in extra["pairs"])
    bye = f"; bye: {extra['bye']}" if extra["bye"] else ""
    return f"; round {extra['round']}: {pairs}{bye}"


def _event(store: Store, event_id: int) -> Event:
    try:
        return store.event(event_id)
    except ValueError as exc:
        fail(str(exc))


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


def _deals(path: Path | None) -> dict[int, Deal] | None:
    try:
        return read_deals(path)
    except ValueError as exc:
        fail(str(exc))


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"{path}: cannot write: {exc.strerror or exc}")


