"""``tenace table``: play one board in the terminal through the Laws engine (:class:`tenace.laws.Table`).

The human plays the seats given with ``--seat`` (all four by default: a Director's or training mode, where he
also sees everything); a placeholder robot plays the others (it passes in the auction, plays its lowest lawful
card, elects the first option offered and agrees to claims). Rulings the Laws leave to the Director are always
the human's. Lines are read from standard input, or from ``--script FILE``; a refused line leaves the table
unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from tenace.board import Board
from tenace.calls import PASS, parse_call
from tenace.cards import Card
from tenace.cli._common import EXIT_USAGE, fail, out
from tenace.cli.rule import status
from tenace.deal import Deal
from tenace.dealing import random_deal
from tenace.errors import ImpossibleActionError, NotationError
from tenace.laws.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    DirectorCalled,
    Elected,
    Event,
)
from tenace.laws.log import dumps
from tenace.laws.refs import DIRECTOR, Director, Policy, Regulations, actor_name
from tenace.laws.table import Phase, Table
from tenace.seats import SEATS, Seat

HELP = """Commands: a call (1NT, X, XX, P) or a card (SA) for the seat on turn; SEAT:ACTION (N:1H, E:director,
W:claim 3) to act for a given seat (irregular actions too, under --policy laws); director; elect K; claim N
[statement]; agree; object; award N (the Director's ruling on a contested claim); show [SEAT|director];
log; help; quit."""


def _seat_to_act(table: Table, humans: frozenset[Seat]) -> Seat | None:
    """The human-controlled seat the next action comes from (declarer plays for dummy, Law 45A)."""
    turn = table.turn
    if not isinstance(turn, Seat):
        return None
    contract = table.contract
    if contract is not None and turn is contract.dummy and table.phase is not Phase.CLAIM:
        return turn if contract.declarer in humans else None
    return turn if turn in humans else None


def _robot_event(table: Table) -> Event:
    """The placeholder robot's action for the seat on turn: pass, lowest lawful card, first option, agree."""
    turn = table.turn
    assert isinstance(turn, Seat)
    pending = table.pending
    if pending is not None:
        return Elected(turn, pending.options[0])
    if table.phase is Phase.AUCTION:
        return CallMade(turn, PASS)
    if table.phase is Phase.CLAIM:
        return ClaimAnswered(turn, True)
    return CardPlayed(turn, min(table.legal_cards(), key=lambda c: (c.rank, c.suit)))


def _robots(table: Table, humans: frozenset[Seat]) -> Table:
    """Let the robots act until a human (or the Director) is on turn, or an irregularity awaits attention."""
    while (isinstance(table.turn, Seat) and _seat_to_act(table, humans) is None
           and table.open_irregularity is None and table.phase is not Phase.ENDED):
        try:
            event = _robot_event(table)
            table = table.apply(event)
        except ValueError as exc:  # the placeholder robot has nothing lawful to do: leave it to the human
            out.print(f"  [bold red]robot stuck[/]: {escape(str(exc))}")
            break
        out.print(f"  robot {escape(_describe(event))}")
    return table


def _describe(event: Event) -> str:
    match event:
        case CallMade(seat=seat, call=call):
            return f"{seat.value}: {call}"
        case CardPlayed(seat=seat, card=card):
            return f"{seat.value}: {card}"
        case ClaimAnswered(seat=seat, agree=agree):
            return f"{seat.value}: {'agree' if agree else 'object'}"
        case Elected(actor=actor, option=option):
            return f"{actor_name(actor)} elects {type(option).__name__} ({option.law})"
    return type(event).__name__


def _parse(line: str, table: Table, humans: frozenset[Seat]) -> Event:
    """The event a line of input stands for; ``ValueError`` with a reason when it stands for none."""
    head, sep, rest = line.partition(":")
    seat: Seat | None
    if sep and head.strip().upper() in {s.value for s in SEATS}:
        seat, line = Seat.from_str(head.strip()), rest.strip()
        if seat not in humans and _seat_to_act(table, humans) != seat:
            raise ValueError(f"you do not play {seat.name.title()}")
    else:
        seat = _seat_to_act(table, humans)
    word, _, arg = line.partition(" ")
    word = word.lower()
    if word == "elect":
        pending = table.pending
        if pending is None:
            raise ValueError("no decision is pending")
        if pending.actor is not DIRECTOR and pending.actor not in humans:
            raise ValueError(f"the decision is {actor_name(pending.actor)}'s, played by the robot")
        if not arg.strip().isdigit() or not 1 <= int(arg) <= len(pending.options):
            raise ValueError(f"elect takes an option number from 1 to {len(pending.options)}")
        return Elected(pending.actor, pending.options[int(arg) - 1])
    if word == "award":
        if not arg.strip().isdigit():
            raise ValueError("award takes a number of tricks")
        return ClaimRuled(int(arg))
    if word == "director" and seat is None:  # attention may be drawn for a robot seat too (Law 9A)
        seat = table.turn if isinstance(table.turn, Seat) else min(humans, key=SEATS.index)
    if seat is None:
        on_turn = actor_name(table.turn) if table.turn is not None else "nobody"
        raise ValueError(f"it is not your turn ({on_turn} is on turn)")
    if word == "director":
        return DirectorCalled(seat)
    if word in ("agree", "object"):
        return ClaimAnswered(seat, word == "agree")
    if word == "claim":
        tricks, _, statement = arg.strip().partition(" ")
        if not tricks.isdigit():
            raise ValueError("claim takes a number of tricks, then an optional statement")
        contract = table.contract
        if contract is not None and seat is contract.dummy:
            seat = contract.declarer
        return ClaimMade(seat, int(tricks), statement.strip())
    try:
        return CallMade(seat, parse_call(line.strip()))
    except NotationError:
        pass
    try:
        return CardPlayed(seat, Card.from_str(line.strip()))
    except NotationError:
        raise ValueError(f"not a call, a card or a command: {line.strip()!r} (type help)") from None


def _print_state(table: Table) -> None:
    data = status(table)
    calls = " ".join(f"{c['seat']}:{c['call']}" for c in data["calls"]) or "(none)"
    out.print(f"  auction (dealer {data['dealer']}, vulnerable {data['vulnerability']}): {escape(calls)}")
    for w in data["withdrawn"]:
        out.print(f"  withdrawn: {w['seat']} {escape(w['call'])} ({w['law']}): information for the "
                  "opponents only (Law 16C)")
    play = table.play
    if play is not None and play.cards:
        trick, number = play.current_trick, len(play.tricks) + 1
        if not trick.cards:  # between tricks: the one just quitted, with its winner
            trick, number = play.tricks[-1], number - 1
        shown = " ".join(f"{s.value}:{c}" for s, c in trick)
        if trick.is_complete:
            shown += f", won by {play.winners[number - 1].name.title()}"
        won = play.declarer_tricks
        out.print(f"  trick {number}: {shown}; declarer's side {won}, defenders {len(play.winners) - won}")
    if data["open_irregularity"] is not None and table.pending is None:
        out.print(f"  [bold]irregularity[/]: {escape(data['open_irregularity'])} (type director, Law 9)")
    if table.pending is not None:
        pending = data["pending"]
        out.print(f"  [bold]{escape(actor_name(table.pending.actor))} decides[/] ({pending['law']})"
                  + (f": {escape(pending['explanation'])}" if pending["explanation"] else ""))
        for k, option in enumerate(pending["options"], 1):
            out.print(f"    {k}. {escape(option['text'])}")
    for c in data["constraints"]:
        out.print(f"  in force: {escape(c['text'])}")
    if table.turn is not None and table.pending is None:
        out.print(f"  on turn: {actor_name(table.turn)}")


def _show(table: Table, humans: frozenset[Seat], who: str = "") -> None:
    """The view (Table.view) of the human seat on turn, or of ``who`` (a seat the human plays; ``director``,
    everything, when he plays all four)."""
    viewer: Seat | Director | None = _seat_to_act(table, humans)
    contract = table.contract
    if viewer is not None and contract is not None and viewer is contract.dummy and viewer not in humans:
        viewer = contract.declarer
    if who:
        viewer = DIRECTOR if who.lower() == "director" else Seat.from_str(who)  # NotationError: a ValueError
        if viewer not in humans and (viewer is not DIRECTOR or len(humans) < 4):
            raise ValueError(f"you may not see {actor_name(viewer)}'s view")
    if len(humans) == 4 and viewer is None:
        viewer = DIRECTOR
    if viewer is None:
        viewer = min(humans, key=SEATS.index)
    view = table.view(viewer)
    out.print(f"  view of {actor_name(viewer)}:")
    for seat, cards in view.hands.items():
        out.print(f"    {seat.name.title():<5} {cards}")
    for seat, cards in view.faced.items():
        out.print(f"    faced {seat.name.title()}: {cards}")
    for penalty in view.penalty_cards:
        out.print(f"    penalty card: {escape(str(penalty))}")


def _final(table: Table) -> None:
    contract = table.contract
    if contract is None:
        out.print("[bold]passed out[/]: score 0 (Law 22B)")
        return
    score = table.score_ns() or 0
    out.print(f"[bold]{contract}[/] by {contract.declarer.name.title()}: {table.declarer_tricks} tricks; "
              f"score NS {score:+d}, EW {-score:+d} (Law 77)")


def _board(number: int | None, pbn: Path | None, game: int) -> Board:
    if pbn is None:
        return Board(number or 1, random_deal())
    from tenace.formats.pbn import read_games

    try:
        games = list(read_games(pbn, source=str(pbn)))
    except (OSError, NotationError) as exc:
        fail(f"{pbn}: {exc}")
    if not 1 <= game <= len(games):
        fail(f"{pbn}: no game {game} (the file has {len(games)})")
    found = games[game - 1]
    if found.errors:
        fail(str(found.errors[0]))
    if not isinstance(found.record.deal, Deal):
        fail(f"{pbn}: game {game} has no full deal")
    board = found.record.board()
    return board if number is None else Board(number, board.deal)


def _lines(script: Path | None) -> Iterator[str]:
    """The input lines: the script's, echoed; or standard input (with a prompt when it is a terminal)."""
    if script is not None or not sys.stdin.isatty():
        for line in script.read_text(encoding="utf-8").splitlines() if script is not None else sys.stdin:
            if line.strip() and not line.lstrip().startswith("#"):
                out.print(f"> {escape(line.strip())}")
            yield line
        return
    while True:
        try:
            yield input("> ")
        except EOFError:
            return


def register(app: typer.Typer) -> None:
    @app.command(
        "table",
        help=(
            "Play one board in the terminal through the Laws engine: a fresh secure deal (or --pbn), the "
            "human at the --seat seats (default all four: Director/training mode) and a "
            "[bold]placeholder robot[/] elsewhere (it passes, plays its lowest lawful card, elects the first "
            "option, agrees to claims). "
            "Type help at the prompt for the commands."
        ),
    )
    def table_command(
        board: Annotated[int | None, typer.Option("--board", min=1, help="Board number (Law 2: dealer, "
                                                  "vulnerability).")] = None,
        pbn: Annotated[Path | None, typer.Option("--pbn", help="Take the deal from this PBN file.")] = None,
        game: Annotated[int, typer.Option("--game", min=1, help="Which game of the PBN file.")] = 1,
        seat: Annotated[list[str] | None, typer.Option("--seat", help="A seat the human plays (repeatable).")]
        = None,
        policy: Annotated[Policy, typer.Option("--policy", help="laws: irregularities are recorded and "
                                               "rectified; online: the table refuses them.")] = Policy.LAWS,
        script: Annotated[Path | None, typer.Option("--script", help="Read the lines from FILE.")] = None,
        log: Annotated[Path | None, typer.Option("--log", help="Write the JSON table log here.")] = None,
    ) -> None:
        try:
            humans = frozenset(Seat.from_str(s) for s in seat) if seat else frozenset(SEATS)
        except NotationError as exc:
            fail(f"--seat: {exc}", EXIT_USAGE)
        if script is not None and not script.exists():
            fail(f"{script}: no such file", EXIT_USAGE)
        table = Table.new(_board(board, pbn, game), Regulations(policy=policy))
        you = ", ".join(s.name.title() for s in SEATS if s in humans)
        out.print(f"[bold]board {table.board.number}[/], dealer {table.board.dealer.name.title()}, "
                  f"vulnerable {table.board.vulnerability.value}; you play {you}")
        table = _robots(table, humans)
        _print_state(table)
        for line in _lines(script):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            command, _, who = line.lower().partition(" ")
            if command == "quit":
                break
            if command in ("help", "log"):
                out.print(HELP if command == "help" else dumps(table), markup=False)
                continue
            try:
                if command == "show":
                    _show(table, humans, who.strip())
                    continue
                table = _robots(table.apply(_parse(line, table, humans)), humans)
            except ValueError as exc:  # ImpossibleActionError and UnlawfulActionError are ValueErrors
                kind = "refused" if isinstance(exc, ImpossibleActionError) else "not understood"
                out.print(f"  [bold red]{kind}[/]: {escape(str(exc))}")
                continue
            _print_state(table)
            if table.phase is Phase.ENDED:
                break
        if table.phase is Phase.ENDED:
            _final(table)
        if log is not None:
            try:
                log.write_text(dumps(table) + "\n", encoding="utf-8")
            except OSError as exc:
                fail(f"cannot write {log}: {exc.strerror or exc}")
            out.print(f"log written to {log}")


__all__ = ["register"]
