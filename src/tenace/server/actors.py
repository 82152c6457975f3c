"""One actor per live table: an asyncio task that owns the table, applies actions through the pure Laws engine
one at a time, stores each event before acknowledging it, and sends every client the view the engine gives
that client (docs/server.md).

The flow of one action: a client's message (or a robot's event) is queued; the actor turns it into an engine
event for the sender (:func:`tenace.server.protocol.to_event`), applies it (``Table.apply``: a refused action
is an ``error`` to the sender and changes nothing), writes it to the store (:class:`~.persistence.LiveStore`),
and only then makes it the table's state, acknowledges it and sends each connection its new view. A board
that ends has its score written (Law 77), and, for a table playing in a club session, its result entered into
the tournament store (:meth:`tenace.store.Store.enter`).

Robots sit in the seats no human takes; a robot sees exactly what ``Table.view(its seat)`` shows, like a
human. :class:`FallbackRobot` is a placeholder (it makes a lawful call or card from its own view) until the
robots of :mod:`tenace.robots` are plugged in through the ``robots`` factory.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import quote

from tenace.board import Board
from tenace.calls import PASS, Bid, Denomination
from tenace.cards import Card
from tenace.dealing.secure import random_deal
from tenace.errors import ImpossibleActionError
from tenace.laws.events import (
    CardPlayed,
    ClaimAnswered,
    ClaimRuled,
    DirectorCalled,
    Elected,
    Event,
    UIReason,
    UIReserved,
)
from tenace.laws.log import event_from_json, event_to_json
from tenace.laws.refs import DIRECTOR, Director, Policy, Regulations
from tenace.laws.table import Phase, Table, TableView
from tenace.seats import SEATS, Seat, Side
from tenace.server.persistence import (
    EventConflictError,
    EventWriter,
    LiveStore,
    LiveTable,
    NewTable,
    SeatRow,
    regulations_of,
    stored_rules,
)
from tenace.server.protocol import (
    MAX_DIRECTOR_TEXT,
    UI_REASONS,
    Action,
    ProtocolError,
    Viewer,
    ack_message,
    error_message,
    to_event,
    view_message,
)
from tenace.server.room import TableRoom
from tenace.server.words import chat_refusal, director_refusal
from tenace.store.errors import DuplicateResultError

if TYPE_CHECKING:
    from tenace.server.robot_systems import RobotSystems
    from tenace.system.bidding.rules import BiddingSystem
    from tenace.tournament.model import Result

__all__ = [
    "CALL_WINDOW", "MAX_REQUESTS", "ClubSlot", "Connection", "CreatedTable", "DirectorRequest",
    "RequestRuling", "EngineRobot", "EngineRobots", "FallbackRobot", "Hub",
    "Observer", "Robot",
    "RobotFactory", "SharedMessage", "TableActor", "club_result", "default_robots", "event_time",
    "hash_token", "timed_event_json",
]

log = logging.getLogger("tenace.server")


class Robot(Protocol):
    """Plays one seat: given the seat's view (exactly what ``Table.view(seat)`` shows), returns the event it
    makes (a call, a card, dummy's card when it is declarer, a claim or an answer to one, an election) or
    ``None`` to do nothing now."""

    async def act(self, view: TableView) -> Event | None: ...


RobotFactory = Callable[[Seat], Robot]
"""Makes the robot for a seat. A robot may also have ``observe(view)``: it is then given its seat's view each
time a trick is completed (and at the start of a board), not only when it is on turn, so that it remembers
quitted tricks (Law 66). A factory may also have ``for_system(seat, system)``, making a robot that bids by
``system`` (a :class:`~tenace.system.bidding.rules.BiddingSystem`): the hub uses it for a table whose robots
were given a system (:class:`EngineRobots`); a factory without it makes the same robots for every table."""


class EngineRobot:
    """A robot of :mod:`tenace.robots` (bidding from its system description, card play by sampling layouts
    consistent with its view and solving them double dummy) behind the server's :class:`Robot` protocol: its
    thinking runs in a worker thread, so the tables' event loop goes on meanwhile, and the views it observes
    between its turns are handed to it in order before it acts."""

    def __init__(self, seat: Seat, samples: int = 20, seed: int | None = None,
                 system: BiddingSystem | None = None) -> None:
        from tenace.robots import Robot as _Robot

        seed = secrets.randbelow(2**31) if seed is None else seed
        if system is None:
            self.robot = _Robot(seat, samples=samples, seed=seed)
        else:
            self.robot = _Robot(seat, samples=samples, seed=seed, system=system)
        self.samples = samples
        self._seen: list[TableView] = []
        self._lock = asyncio.Lock()

    def observe(self, view: TableView) -> None:
        if self._lock.locked():  # thinking in a worker thread: it takes the views it missed before acting
            self._seen.append(view)
            return
        seen, self._seen = self._seen, []
        for earlier in (*seen, view):  # in order; cheap: the robot notes the cards it sees
            self.robot.observe(earlier)

    async def act(self, view: TableView) -> Event | None:
        async with self._lock:
            seen, self._seen = self._seen, []
            if self.samples == 0:
                # bidding by the rules alone and play without solving are a little pure Python: a worker
                # thread would only contend with the event loop for the interpreter lock
                return self._think(seen, view)
            # card play solves layouts double dummy, and bidding may simulate at a choice point (sampling,
            # bidding the deals out, DDS): off the event loop, which goes on serving the other tables
            return await asyncio.to_thread(self._think, seen, view)

    def _think(self, seen: list[TableView], view: TableView) -> Event | None:
        for earlier in seen:
            self.robot.observe(earlier)
        return self.robot.act(view)


class EngineRobots:
    """The factory of :class:`EngineRobot` with ``samples`` layouts per card: ``factory(seat)`` bids by the
    default system, ``factory.for_system(seat, system)`` by ``system``."""

    def __init__(self, samples: int = 20) -> None:
        self.samples = samples

    def __call__(self, seat: Seat) -> Robot:
        return EngineRobot(seat, self.samples)

    def for_system(self, seat: Seat, system: BiddingSystem) -> Robot:
        return EngineRobot(seat, self.samples, system=system)


def default_robots(samples: int = 20) -> RobotFactory:
    """The robots of :mod:`tenace.robots` with ``samples`` layouts per card (0: no solving, for load
    tests), as :class:`EngineRobots`; :class:`FallbackRobot` if that package is not available."""
    try:
        import tenace.robots  # noqa: F401
    except ImportError:  # pragma: no cover - the package ships with tenace
        return FallbackRobot
    return EngineRobots(samples)
Observer = Callable[[str, Viewer, dict[str, Any]], None]
"""Called with (table id, recipient, message) for every message sent to a client and every view given to a
robot (as the JSON a client would get): the hand-privacy harness records them."""


def played_out(actor: TableActor) -> bool:
    """Whether a table has played all its boards (it no longer counts against its creator's limit)."""
    limit = actor.boards_max
    return limit is not None and actor.position >= limit and actor.table.phase is Phase.ENDED


def hash_token(token: str) -> str:
    """The sha256 (hex) under which a token is stored: a stolen database gives no usable seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class ClubSlot:
    """Where a table's results go in the tournament store: the event, session, table and round, and the pairs
    sitting North-South and East-West."""

    event_id: int
    session: int
    table: int
    round: int
    ns: str
    ew: str


@dataclass(frozen=True, slots=True)
class CreatedTable:
    """A new table: its id and the tokens that open its seats (and the Director's), shown once."""

    id: str
    tokens: dict[Seat, str]
    director_token: str


MAX_REQUESTS = 20
"""The most Director calls with a reason a table keeps for one board (a further one is refused)."""

CALL_WINDOW = dt.timedelta(minutes=10)
"""How long after its last board has ended a table still takes Director calls; after that it has finished
(the players have moved on; the Director is reached at the session's page or in the room)."""


@dataclass(frozen=True, slots=True)
class RequestRuling:
    """The Director's answer to a player's call (:class:`DirectorRequest`): his note and, once the board has
    ended, an adjusted score (Law 12C: ``adjusted`` as ``str()`` of the score, ``law`` ``"12C1"`` for an
    assigned score, ``"12C2"`` for an artificial one)."""

    note: str
    adjusted: str | None = None
    law: str | None = None
    by: str = ""


@dataclass
class DirectorRequest:
    """A player calls the Director and says why (Law 9): misinformation, unauthorised information, a claim or
    anything else, in his own words. The Laws engine's record holds what it knows of (the call that draws
    attention to an irregularity, ``DirectorCalled``, or a reservation of rights about unauthorised
    information, ``UIReserved``: ``event``); the reason and the words are the table's, kept with the board
    while the server runs and shown to all four players (the words only to the caller and the Director)."""

    number: int
    by: Seat
    reason: str
    text: str
    about: Seat | None
    position: int
    board: int
    seq: int
    """The length of the table's record when the call was made."""
    at: dt.datetime
    event: str | None
    """The engine event recorded with the call, if any (``"DirectorCalled"``, ``"UIReserved"``)."""
    director: bool
    """A Director can answer it (a club table, or a table of four humans); otherwise it is only recorded."""
    ruling: RequestRuling | None = None

    @property
    def open(self) -> bool:
        return self.director and self.ruling is None

    def to_json(self, viewer: Viewer) -> dict[str, Any]:
        """The call as ``viewer`` sees it: everyone at the table sees that the Director was called and why;
        the player's own words go only to him and the Director (he may speak to the Director away from the
        table: his words could tell partner about his hand)."""
        own = viewer is self.by or isinstance(viewer, Director)
        ruling = self.ruling
        return {
            "number": self.number, "by": self.by.value, "reason": self.reason,
            "text": self.text if own else None, "about": None if self.about is None else self.about.value,
            "board": self.board, "at": self.at.isoformat(), "law": "9",
            "recorded": self.event, "director": self.director,
            "status": "answered" if ruling is not None else "open" if self.director else "recorded",
            "ruling": None if ruling is None else {"note": ruling.note, "adjusted": ruling.adjusted,
                                                   "law": ruling.law},
        }


class FallbackRobot:
    """A placeholder robot (until :mod:`tenace.robots` is plugged in): it acts only from its own view. In the
    auction it opens at the one level in its longest suit when nobody has bid, and passes otherwise; in the
    play it follows suit with a random card when it can (from dummy's hand when it is declarer and dummy is
    on turn); it agrees to claims and elects the first option it is offered."""

    def __init__(self, seat: Seat, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.rng = rng or random.Random()

    async def act(self, view: TableView) -> Event | None:
        turn = view.turn
        pending = view.pending
        if pending is not None:
            return Elected(self.seat, pending.options[0]) if pending.actor is self.seat else None
        if view.phase is Phase.CLAIM:
            return ClaimAnswered(self.seat, True) if turn is self.seat else None
        if view.phase is Phase.AUCTION and turn is self.seat:
            return self._call(view)
        if view.phase in (Phase.CLARIFICATION, Phase.PLAY) and isinstance(turn, Seat):
            hand = view.hands.get(turn)
            if hand is None:
                return None
            return CardPlayed(turn, self._card(view, list(hand)))
        return None

    def _call(self, view: TableView) -> Event:
        from tenace.laws.events import CallMade

        if any(isinstance(c.call.call, Bid) for c in view.calls):
            return CallMade(self.seat, PASS)
        hand = view.hands[self.seat]
        longest = max(("S", "H", "D", "C"), key=lambda s: sum(1 for c in hand if str(c)[0] == s))
        return CallMade(self.seat, Bid(1, Denomination(longest)))

    def _card(self, view: TableView, hand: list[Card]) -> Card:
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        if current is not None and current.cards and current.cards[0] is not None:
            led = current.cards[0].suit
            following = [c for c in hand if c.suit is led]
            if following:
                return self.rng.choice(following)
        return self.rng.choice(hand)


class SharedMessage(dict[str, Any]):
    """A message sent to several clients (the same view for the same viewer and language): it is encoded as
    JSON once, by the first writer that sends it (:func:`tenace.server.app.encoded`), and the others reuse
    that text. Nobody changes a message once it is sent."""

    __slots__ = ("text",)

    text: str | None

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(message)
        self.text = None


@dataclass(eq=False)
class Connection:
    """A client connected to a table: who it is, its language, and the queue of messages to send it (a
    writer task drains it to the WebSocket, so a slow client never holds up the table)."""

    viewer: Viewer
    locale: str = "en"
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    observer: Callable[[Viewer, dict[str, Any]], None] | None = None
    backlog: int = 1000
    """A client this many messages behind is disconnected (it reconnects and gets the current view)."""
    closed: bool = False
    name: str | None = None
    """The name its player is shown under (:class:`~tenace.server.room.TableRoom`), if known."""
    room: bool = False
    """The client asked for the ``players`` and ``chat`` messages (``?room=1``, docs/protocol.md); a client
    that did not gets only the messages it knows."""

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= self.backlog:
            self.close()
            return
        if self.observer is not None:
            self.observer(self.viewer, message)
        self.outbox.put_nowait(message)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)


@dataclass(frozen=True, slots=True)
class _Command:
    viewer: Viewer
    action: Action | Event
    origin: Connection | None
    position: int
    seq: int | None = None
    """For a robot's event: the seq of the view it acted on (a stale action is dropped)."""
    fallback: bool = False
    """A robot's event made by the placeholder robot after the robot's own was refused."""


class TableActor:
    """The one task that changes a live table. Use :meth:`submit` to queue an action, :meth:`join`,
    :meth:`leave` and :meth:`resync` for connections."""

    def __init__(self, hub: Hub, stored: LiveTable, table: Table, position: int) -> None:
        self.hub = hub
        self.id = stored.id
        self.seats = {Seat(s): row for s, row in stored.seats.items()}
        self.director_token = stored.director_token
        self.boards_max = stored.boards_max
        self.club = ClubSlot(**stored.club) if stored.club is not None else None
        self.table = table
        self.position = position
        self.scores: dict[int, int] = {
            b.position: b.score_ns for b in stored.boards if b.score_ns is not None
        }
        self.clients: set[Connection] = set()
        self.robots: dict[Seat, Robot] = self.make_robots()
        self.queue: asyncio.Queue[_Command | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._robot_tasks: set[asyncio.Task[None]] = set()
        self.busy = 0
        self._views_of: Table | None = None
        self._views: dict[Viewer, TableView] = {}
        self._observed: tuple[int, int] | None = None
        self._closed = False
        self._explained_of: Table | None = None
        self._explained: dict[str, dict[int, str]] = {}
        self.requests: list[DirectorRequest] = []
        self._said_of: Table | None = None
        self._said: tuple[list[dict[str, Any]], dict[str, Any] | None] = ([], None)
        """The Director calls with a reason of the current board (:class:`DirectorRequest`)."""
        self.room = TableRoom(frozenset(self.robots), club=self.club is not None,
                              chat_in_play=hub.club_chat_in_play)
        """The names at the seats and the table's chat (:mod:`tenace.server.room`)."""

    def make_robots(self) -> dict[Seat, Robot]:
        """A robot for every robot seat, bidding by the system stored for it."""
        return {seat: self.hub.make_robot(seat, row.system) for seat, row in self.seats.items()
                if row.kind == "robot"}

    async def seat_robot(self, seat: Seat) -> str | None:
        """Give ``seat``, a human seat nobody plays yet, to a robot (the host of a table for friends decides
        it, :mod:`tenace.server.lobby`); the robot bids as its partner's robot does, else by the server's
        default. Refused (the reason; nothing changes) once a trick of the board has been quitted: a robot
        remembers the quitted tricks it saw turned over (Law 66), and this one saw none; the host may give
        the seat when the board is over. The change is stored: a restarted server keeps the robot there."""
        if seat in self.robots:
            return "a robot already plays this seat"
        play = self.table.play
        if play is not None and play.winners and self.table.phase is not Phase.ENDED:
            return "a trick has been quitted: a robot can take this seat when the board is over"
        partner = self.seats.get(seat.partner)
        system = partner.system if partner is not None and partner.kind == "robot" else None
        row = SeatRow("robot", None, system)
        self.seats[seat] = row
        self.robots[seat] = self.hub.make_robot(seat, system)
        self.room.robots = frozenset(self.robots)
        self._observed = None  # every robot looks again, the new one first of all
        self._tell_others(None, self.room.players_json())
        self._broadcast()
        self._schedule_robots()
        try:
            await asyncio.to_thread(self.hub.live.set_seat, self.id, seat.value, row)
        except Exception:  # the robot plays on here; a restart would give the seat back to its invitation
            log.exception("table %s: seat %s given to a robot could not be stored", self.id, seat.value)
        return None

    @property
    def robot_systems(self) -> dict[Seat, str]:
        """The name of the bidding system each robot seat plays (the server's default where none was
        chosen)."""
        default = self.hub.systems.default if self.hub.systems is not None else _default_system()
        return {seat: row.system or default for seat, row in self.seats.items() if row.kind == "robot"}

    # --- lifecycle ------------------------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"table {self.id}")
        self._schedule_robots()

    async def stop(self) -> None:
        for task in list(self._robot_tasks):
            task.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for client in list(self.clients):
            client.close()

    async def _run(self) -> None:
        while True:
            command = await self.queue.get()
            if command is None:
                return
            self.busy += 1
            try:
                await self._handle(command)
            except Exception:  # a bug must not kill the table's task: log it and go on
                log.exception("table %s: error handling %r", self.id, command)
                if command.origin is not None:
                    command.origin.send(error_message("internal", "the server could not handle this action",
                                                      _ref(command.action)))
            finally:
                self.busy -= 1

    # --- connections ----------------------------------------------------------------------------------------

    def viewer_for_token(self, token: str) -> Seat | Director:
        """The seat (or the Director) that ``token`` opens.

        :raises LookupError: if it opens nothing at this table.
        """
        digest = hash_token(token)
        for seat, row in self.seats.items():
            if row.token is not None and hmac.compare_digest(row.token, digest):
                return seat
        if self.director_token is not None and hmac.compare_digest(self.director_token, digest):
            return DIRECTOR
        raise LookupError("this token opens no seat at this table")

    @property
    def director_present(self) -> bool:
        """Whether a Director looks after this table: a club table, or one of four humans (the console lists
        them); a practice table with robots has none (its disputed claims are ruled by the server)."""
        return self.club is not None or not self.robots

    def message_for(self, viewer: Viewer, locale: str = "en") -> dict[str, Any]:
        extra: dict[str, Any] = {"table": self.id, "position": self.position,
                                 "director_present": self.director_present}
        if self.table.phase is Phase.ENDED:  # the replay viewer of the board (tenace.server.replay)
            extra["replay"] = f"/replay/{quote(self.id, safe='')}/{self.position}"
        # everything said to or by the Director at the table, for all four (Laws 9, 16B2, 70)
        extra["director_calls"] = [r.to_json(viewer) for r in self.requests if r.position == self.position]
        if self._said_of is not self.table:  # worked out once per state of the table, for every viewer
            self._said_of, self._said = self.table, (_reservations(self.table), self.claim_ruling())
        reserved, ruling = self._said
        extra["reserved"] = reserved
        if ruling is not None:
            extra["claim_ruling"] = ruling
        view = self.view_for(viewer)
        return view_message(self.table, viewer, locale=locale, extra=extra, view=view,
                            explanations=self.robot_explanations(view, locale))

    def claim_ruling(self) -> dict[str, Any] | None:
        """A disputed claim's ruling as everyone at the table is told it (Law 70): the tricks awarded to the
        claimer's side of those that remained, and who ruled (the Director, or the server at a practice table
        with robots, where no Director is present); ``None`` while no ruling has been made."""
        claim = self.table.claim
        if claim is None or claim.ruled is None:
            return None
        return {"seat": claim.seat.value, "tricks": claim.ruled, "claimed": claim.tricks,
                "law": "70", "by": "director" if self.director_present else "automatic"}

    def answer_request(self, number: int, ruling: RequestRuling) -> DirectorRequest:
        """The Director answers the call ``number`` of this board; everyone at the table is sent it.

        :raises LookupError: if there is no such open call.
        """
        request = next((r for r in self.requests if r.number == number and r.position == self.position),
                       None)
        if request is None or not request.open:
            raise LookupError(f"no open Director call {number} at this table")
        request.ruling = ruling
        log.info("table %s: the Director answers call %d: %s", self.id, number, ruling)
        self._broadcast()
        return request

    def robot_explanations(self, view: TableView, locale: str) -> dict[int, str] | None:
        """The robots' explanations of their own calls in ``locale``, by the call's index in ``view.calls``
        (Law 20F: the agreement, from the system each robot plays). A robot's ``CallMade`` carries its
        explanation in English; a viewer with another language gets it in his, when that language has a
        catalogue of explanations (else the English stays). Only a call whose recorded explanation is the
        system's own (not the placeholder robot's, nor an obligation's) is translated. Worked out once per
        state of the table and language."""
        if locale == "en" or not self.robots:
            return None
        if self._explained_of is not self.table:
            self._explained_of, self._explained = self.table, {}
        found = self._explained.get(locale)
        if found is None:
            found = self._explained[locale] = _translated_explanations(view, self.robot_systems,
                                                                       self.hub.system_named, locale)
        return found

    def view_for(self, viewer: Viewer) -> TableView:
        """``self.table.view(viewer)``, computed once per state of the table (robots, clients and the observer
        of one seat share it)."""
        if self._views_of is not self.table:
            self._views_of, self._views = self.table, {}
        view = self._views.get(viewer)
        if view is None:
            view = self._views[viewer] = self.table.view(viewer)
        return view

    def join(self, connection: Connection) -> None:
        """Add a connection; it gets the current view at once, then who sits where and the chat so far. A
        player arriving at his seat is shown to the others (his name, connected)."""
        connection.observer = self._observe_for(connection)
        self.clients.add(connection)
        connection.send(self.message_for(connection.viewer, connection.locale))
        seat = connection.viewer
        changed = isinstance(seat, Seat) and self.room.arrive(seat, connection.name)
        if connection.room:
            connection.send(self.room.players_json())
            if self.room.lines:
                connection.send(self.room.chat_message(self.room.lines, history=True))
        if changed:
            self._tell_others(connection, self.room.players_json())

    def leave(self, connection: Connection) -> None:
        if connection not in self.clients:
            return
        self.clients.discard(connection)
        self.room.forget(connection)
        if isinstance(connection.viewer, Seat) and self.room.depart(connection.viewer):
            self._tell_others(connection, self.room.players_json())

    def _tell_others(self, connection: Connection | None, message: dict[str, Any]) -> None:
        """Send a ``players`` or ``chat`` message to every client that asked for them (but ``connection``)."""
        for client in list(self.clients):
            if client is not connection and client.room:
                client.send(message)

    def chat(self, connection: Connection, action: Action) -> None:
        """A chat message from ``connection``: sent to everyone at the table, or refused (an ``error`` with
        the reason in the sender's language; nothing else changes). See :mod:`tenace.server.room`."""
        text = action.text or ""
        playing = self.table.phase is not Phase.ENDED
        why = self.room.refusal(connection, connection.viewer, text, playing)
        if why is not None:
            connection.send(error_message(why, chat_refusal(why, connection.locale), action.ref))
            return
        line = self.room.say(connection.viewer, connection.name, text)
        self._tell_others(None, self.room.chat_message([line]))

    def resync(self, connection: Connection, ref: str | None = None) -> None:
        """Send the connection the current view again (after a gap in the seqs it saw, or on reconnect)."""
        connection.send(self.message_for(connection.viewer, connection.locale))

    def _observe_for(self, connection: Connection) -> Callable[[Viewer, dict[str, Any]], None] | None:
        observer = self.hub.observer
        if observer is None:
            return None
        table_id = self.id
        return lambda viewer, message: observer(table_id, viewer, message)

    async def submit(self, viewer: Viewer, action: Action | Event, origin: Connection | None = None) -> None:
        await self.queue.put(_Command(viewer, action, origin, self.position))

    # --- actions --------------------------------------------------------------------------------------------

    async def _handle(self, command: _Command) -> None:
        action, origin = command.action, command.origin
        ref = _ref(action)
        if command.seq is not None and (command.seq != len(self.table.record) or
                                        command.position != self.position):
            return  # a robot acted on a view that is no longer current
        if isinstance(action, Action) and action.type == "next-board":
            await self._next_board(command)
            return
        if isinstance(action, Action) and action.type == "director" and action.reason is not None:
            await self._director_request(command, action)
            return
        table = self.table
        try:
            event = to_event(action, command.viewer, table) if isinstance(action, Action) else action
            if not _acts_for(command.viewer, event, table):
                whom = _who(getattr(event, "actor", None))
                raise ProtocolError(f"{_who(command.viewer)} cannot act for {whom}", code="forbidden",
                                    ref=ref)
            at = dt.datetime.now(dt.UTC)  # the time of each event: tempo evidence for the Director (Law 73D)
            new = table.apply(event, at=at)
        except ProtocolError as exc:
            self._reply(origin, error_message(exc.code, str(exc), ref), command)
            return
        except (ImpossibleActionError, ValueError) as exc:
            called = isinstance(action, DirectorCalled) or (
                isinstance(action, Action) and action.type == "director")
            code = "no-irregularity" if called and isinstance(exc, ImpossibleActionError) else "illegal"
            self._reply(origin, error_message(code, str(exc), ref), command)  # Law 9B1: nothing to rectify
            return
        if await self._store(table, new, event, at, command):
            await self._after(table, new, command)

    async def _store(self, table: Table, new: Table, event: Event, at: dt.datetime,
                     command: _Command) -> bool:
        """Write ``event`` to the store; whether it was (a refusal is sent to the client if not)."""
        origin, ref = command.origin, _ref(command.action)
        seq = len(table.record)
        try:
            await self.hub.writer.append(self.id, self.position, seq, timed_event_json(event, at))
        except EventConflictError as exc:
            log.error("table %s: %s", self.id, exc)
            self._reply(origin, error_message("conflict", str(exc), ref), command)
            return False
        except Exception:
            log.exception("table %s: could not store event %d", self.id, seq)
            self._reply(origin, error_message("storage", "the action could not be stored; try again", ref),
                        command)
            return False
        return True

    async def _after(self, table: Table, new: Table, command: _Command) -> None:
        """The stored event's table stands: acknowledge it, record the end of the board, and send everyone
        his new view."""
        origin, ref = command.origin, _ref(command.action)
        self.table = new  # stored: now it stands
        if origin is not None:
            origin.send(ack_message(ref, len(new.record)))
        if new.phase is Phase.ENDED and table.phase is not Phase.ENDED:
            await self._board_ended(new)  # by play, or cancelled with an adjusted score (Laws 12C2, 13-15)
        elif table.phase is Phase.ENDED and new.phase is Phase.ENDED:
            if new.result_ns() != table.result_ns():
                await self._result_adjusted(new, table.result_ns())
            await self._close_if_done(new)  # once the Director's last decision is made
        self._broadcast()
        self._schedule_robots()

    async def _director_request(self, command: _Command, action: Action) -> None:
        """A player calls the Director and says why (Law 9). Refused, and nothing changes, from anyone but a
        player at the table, at a table that has finished its boards, with words longer than
        :data:`~tenace.server.protocol.MAX_DIRECTOR_TEXT`, or past :data:`MAX_REQUESTS` calls on a board.
        Otherwise the engine records what it knows of: attention drawn to an irregularity (Law 9B1, the
        rectification then goes on as for a plain call) or, about unauthorised information from an opponent
        (``about``), the reservation of rights (Law 16B2); and the call is kept with the board and shown to
        all four, for the Director's answer (:meth:`answer_request`)."""
        origin, ref, seat = command.origin, action.ref, command.viewer
        locale = origin.locale if origin is not None else "en"
        table = self.table
        at = dt.datetime.now(dt.UTC)
        problem: tuple[str, str] | None = None
        if not isinstance(seat, Seat):
            problem = ("forbidden", "not-a-player")
        elif self.finished_for_calls(at):
            problem = ("table-finished", "table-finished")
        elif len(action.text or "") > MAX_DIRECTOR_TEXT:
            problem = ("too-long", "too-long")
        elif sum(1 for r in self.requests if r.position == self.position) >= MAX_REQUESTS:
            problem = ("too-many", "too-many")
        if problem is not None:
            code, key = problem
            self._reply(origin, error_message(code, director_refusal(key, locale), ref), command)
            return
        assert isinstance(seat, Seat)
        about = action.whom if action.whom is not None and action.whom.side is not seat.side else None
        candidates: list[Event] = [DirectorCalled(seat)]
        if action.reason == "unauthorised-information" and about is not None:
            candidates.append(UIReserved(seat, about, UIReason.HESITATION))  # Law 16B2: about an opponent
        recorded: Event | None = None
        for candidate in candidates:
            try:
                new = table.apply(candidate, at=at)
            except (ImpossibleActionError, ValueError):
                continue  # e.g. nothing irregular has happened (Law 9B1): the call alone is recorded
            if not await self._store(table, new, candidate, at, command):
                return
            recorded = candidate
            break
        request = DirectorRequest(
            number=1 + max((r.number for r in self.requests), default=0), by=seat,
            reason=action.reason or "other",
            text=action.text or "", about=about, position=self.position, board=table.board.number,
            seq=len(table.record) + (recorded is not None), at=at,
            event=None if recorded is None else type(recorded).__name__, director=self.director_present,
        )
        self.requests.append(request)
        log.info("table %s: %s calls the Director (%s)", self.id, seat.value, request.reason)
        if recorded is not None:
            await self._after(table, new, command)  # acknowledged, shown to all with the call
            return
        if origin is not None:
            origin.send(ack_message(ref, len(table.record)))
        self._broadcast()

    def finished_for_calls(self, now: dt.datetime) -> bool:
        """Whether the table has finished: its last board ended more than :data:`CALL_WINDOW` before ``now``
        (until then a player may still call the Director about it, as when he reserved his rights during the
        play, Law 16B3)."""
        table = self.table
        if table.phase is not Phase.ENDED or self.boards_max is None or self.position < self.boards_max:
            return False
        ended = next((t for t in reversed(table.times) if t is not None), None)
        return ended is None or now - ended > CALL_WINDOW

    def _reply(self, origin: Connection | None, message: dict[str, Any], command: _Command) -> None:
        if origin is not None:
            origin.send(message)
            return
        seat = command.viewer
        if isinstance(seat, Seat) and seat in self.robots:
            log.warning("table %s: robot %s: %s", self.id, seat.value, message["message"])
            if command.seq is not None and not command.fallback:
                # the robot's action was refused: so that the table does not stall, the placeholder robot
                # acts once in its place (from the same view)
                self._spawn(self._robot_turn(seat, command.seq, command.position, fallback=True))

    async def _store_end(self, table: Table) -> None:
        """Record the board as ended with its score: the Law 77 score obtained at the table, or ``None`` when
        the Director cancelled the result (Laws 12C2, 13-15) or replaced it with an adjusted score (Law 12C;
        then My boards says "adjusted")."""
        score, contract = _plain_score(table), table.contract
        if score is not None:
            self.scores[self.position] = score
        else:
            self.scores.pop(self.position, None)
        await asyncio.to_thread(self.hub.live.end_board, self.id, self.position, score,
                                None if contract is None else str(contract), table.declarer_tricks)

    async def _board_ended(self, table: Table) -> None:
        await self._store_end(table)
        if self.club is not None and self.hub.store is not None and table.result_ns() is not None:
            await self._enter_result(table)  # a cancelled result waits for the Director's adjusted score
        await self._close_if_done(table)

    async def _close_if_done(self, table: Table) -> None:
        """A table that has played its last board, and waits for nobody (not for the Director's adjusted
        score of a cancelled result), is closed: not restored on the next start. Closed only after its
        result is entered, so that a crash in between leaves a table that enters it again."""
        if (not self._closed and self.boards_max is not None and self.position >= self.boards_max
                and table.pending is None and table.result_ns() is not None):
            self._closed = True
            await asyncio.to_thread(self.hub.live.close, self.id)

    async def _result_adjusted(self, table: Table, before: object) -> None:
        """The result of a board that had ended changed: the Director adjusted its score (Law 12C), or a
        correction after the play changed the tricks (e.g. an established revoke found later, Law 64). The
        live table records the score now obtained, and a club table corrects the result it entered (or enters
        it, when ``before``, the result until now, was ``None``: a cancelled result awaiting its score)."""
        if _plain_score(table) != self.scores.get(self.position):
            await self._store_end(table)
        club, store = self.club, self.hub.store
        if club is None or store is None or table.result_ns() is None:
            return
        if before is None:  # a cancelled result (Laws 12C2, 13-15): the adjusted score is its first entry
            await self._enter_result(table)
            return
        result = club_result(table, club)
        try:
            await asyncio.to_thread(store.correct, club.event_id, club.session, result,
                                    by=f"live table {self.id}", reason="the Director's adjusted score",
                                    law="12C")
        except Exception:  # the Director enters or corrects it by hand; the table plays on
            log.exception("table %s: the adjusted score of board %d was not entered", self.id,
                          table.board.number)

    async def _enter_result(self, table: Table) -> None:
        club = self.club
        assert club is not None and self.hub.store is not None
        result = club_result(table, club)
        try:
            await asyncio.to_thread(self.hub.store.enter, club.event_id, club.session, result,
                                    by=f"live table {self.id}", key=f"live:{self.id}:{self.position}")
        except DuplicateResultError as exc:  # e.g. the Director closed the board with an adjusted score
            log.warning("table %s: the result of board %d was not entered: %s", self.id, table.board.number,
                        exc)
        except Exception:  # the Director enters or corrects it by hand; the table plays on
            log.exception("table %s: the result of board %d was not entered", self.id, table.board.number)

    async def _next_board(self, command: _Command) -> None:
        ref = _ref(command.action)
        if command.viewer is None:
            self._reply(command.origin, error_message("forbidden", "a spectator cannot start a board", ref),
                        command)
            return
        if self.table.phase is not Phase.ENDED:
            self._reply(command.origin, error_message("illegal", "the board has not ended", ref), command)
            return
        if self.boards_max is not None and self.position >= self.boards_max:
            self._reply(command.origin, error_message(
                "illegal", f"the table has played its {self.boards_max} boards", ref), command)
            return
        board = Board(self.table.board.number + 1, random_deal())
        try:
            await asyncio.to_thread(self.hub.live.next_board, self.id, self.position + 1, board)
        except EventConflictError as exc:
            self._reply(command.origin, error_message("conflict", str(exc), ref), command)
            return
        self.position += 1
        self.table = Table.new(board, self.table.regulations)
        if command.origin is not None:
            command.origin.send(ack_message(ref, 0))
        self._broadcast()
        self._schedule_robots()

    def _broadcast(self) -> None:
        # Clients with the same viewer and language (the spectators, a player's other tabs) get one message:
        # built once, and, being a SharedMessage, turned into JSON once by the first writer that sends it.
        built: dict[tuple[Viewer, str], dict[str, Any]] = {}
        for client in list(self.clients):
            key = (client.viewer, client.locale)
            message = built.get(key)
            if message is None:
                message = built[key] = SharedMessage(self.message_for(client.viewer, client.locale))
            client.send(message)

    # --- robots ---------------------------------------------------------------------------------------------

    def robot_to_act(self) -> Seat | None:
        """The robot seat that acts next (declarer's robot plays dummy's cards, Law 45A), if any."""
        table = self.table
        turn = table.turn
        if not isinstance(turn, Seat):
            return None
        contract = table.contract
        seat = turn
        if (contract is not None and turn is contract.dummy and table.pending is None
                and table.phase in (Phase.CLARIFICATION, Phase.PLAY)):
            seat = contract.declarer
        return seat if seat in self.robots else None

    def _schedule_robots(self) -> None:
        # A robot remembers the cards it has seen (quitted tricks are turned over, Law 66). Every card of a
        # trick is in every seat's view when the trick is completed, and the trick in progress is always in
        # view, so the robots need to observe only when the number of completed tricks changes (and at their
        # own turns, when they get their view anyway): not after every event.
        play = self.table.play
        moment = (self.position, -1 if play is None else len(play.winners))
        if moment != self._observed:
            self._observed = moment
            for robot_seat, robot in self.robots.items():
                observe = getattr(robot, "observe", None)
                if observe is not None:
                    observe(self.view_for(robot_seat))
        seat = self.robot_to_act()
        if seat is not None:
            self._spawn(self._robot_turn(seat, len(self.table.record), self.position))
        elif self.needs_automatic_ruling():
            self._spawn(self._automatic_ruling(len(self.table.record), self.position))
        elif (self.table.phase is Phase.ENDED and len(self.robots) == 4
              and self.boards_max is not None and self.position < self.boards_max):
            # a table of four robots plays its boards on its own
            self._spawn(self.queue.put(_Command(SEATS[0], Action("next-board"), None, self.position)))

    def needs_automatic_ruling(self) -> bool:
        """A contested claim at a practice table with robots (not part of a club session): no Director looks
        after it, so the server rules it itself, or the table would wait for ever (Law 70). Tables of four
        humans and club tables go to the Director's console."""
        table = self.table
        return (self.club is None and bool(self.robots)
                and table.phase is Phase.CLAIM and table.turn is DIRECTOR
                and table.pending is None and table.claim is not None and table.claim.objected)

    async def _automatic_ruling(self, seq: int, position: int) -> None:
        table = self.table
        try:
            tricks = await asyncio.to_thread(automatic_claim_ruling, table)
        except Exception:
            log.exception("table %s: the automatic claim ruling failed", self.id)
            return
        if seq == len(self.table.record) and position == self.position:
            await self.queue.put(_Command(DIRECTOR, ClaimRuled(tricks), None, position, seq))

    @property
    def finished(self) -> bool:
        """Nobody at the table can act: the board ended (and a robots' table has played all its boards), or
        it waits for someone who is not a robot."""
        return self.robot_to_act() is None and not self.needs_automatic_ruling() and not (
            self.table.phase is Phase.ENDED and len(self.robots) == 4 and self.boards_max is not None
            and self.position < self.boards_max
        )

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._robot_tasks.add(task)
        task.add_done_callback(self._robot_tasks.discard)

    async def _robot_turn(self, seat: Seat, seq: int, position: int, fallback: bool = False) -> None:
        delay = self.hub.robot_delay
        if delay:
            await asyncio.sleep(delay)
        if seq != len(self.table.record) or position != self.position:
            return
        view = self.view_for(seat)
        if self.hub.observer is not None:  # what the robot is given, as a client would get it
            self.hub.observer(self.id, seat, self.message_for(seat))
        try:
            robot = FallbackRobot(seat) if fallback else self.robots[seat]
            event = await robot.act(view)
        except Exception:
            log.exception("table %s: robot %s failed", self.id, seat.value)
            if not fallback:
                self._spawn(self._robot_turn(seat, seq, position, fallback=True))
            return
        if event is not None:
            await self.queue.put(_Command(seat, event, None, position, seq, fallback))
        elif not fallback and seq == len(self.table.record) and position == self.position:
            log.warning("table %s: robot %s did nothing on its turn", self.id, seat.value)
            self._spawn(self._robot_turn(seat, seq, position, fallback=True))  # the table must not stall


def _default_system() -> str:
    from tenace.system.bidding.systems import DEFAULT

    return DEFAULT


@functools.cache
def _shipped_systems() -> RobotSystems:
    from tenace.server.robot_systems import RobotSystems

    return RobotSystems.load(())


def _translated_explanations(view: TableView, systems: Mapping[Seat, str],
                             system_named: Callable[[str], BiddingSystem], locale: str) -> dict[int, str]:
    """The robots' explanations of their calls in ``view`` in ``locale`` (see
    :meth:`TableActor.robot_explanations`); a call whose explanation cannot be given in ``locale`` (no
    catalogue) is left out, so its English stays."""
    from tenace.robots.bidding import table_context
    from tenace.system.bidding.calls import code
    from tenace.system.bidding.explain import describe

    out: dict[int, str] = {}
    calls = [standing.call.call for standing in view.calls]
    for index, standing in enumerate(view.calls):
        name = systems.get(standing.seat)
        said = standing.call.explanation
        if name is None or not said:
            continue
        try:
            ctx = table_context(system_named(name), view.dealer, calls[:index], view.vulnerability)
            meaning = ctx.meaning(code(standing.call.call))
            if describe(meaning) != said:
                continue  # not the system's own explanation: the placeholder robot, or a human's words
            out[index] = describe(meaning, locale)
        except ValueError:  # no catalogue of explanations for this language yet: English
            continue
    return out


AUTOMATIC_RULING_TRICKS = 5
"""The longest ending (in tricks) the server's automatic claim ruling searches with the adjudication aid."""


def automatic_claim_ruling(table: Table) -> int:
    """The tricks the server awards the claimer's side on a contested claim when no Director is present.

    Law 70A: doubtful points go against the claimer. With at most :data:`AUTOMATIC_RULING_TRICKS` tricks left
    the adjudication aid plays the claimer's stated line with every unstated choice worst for him and the
    defenders double dummy; with more, the double-dummy result stands in for it (the aid's exhaustive search
    of an eight-trick ending took half a minute, and the table waited). Never more than was claimed.
    """
    from tenace.laws.adjudication import adjudicate, double_dummy_tricks

    claim = table.claim
    if claim is None:
        raise ValueError("the table has no claim to rule on")
    try:
        report = adjudicate(table, max_tricks=AUTOMATIC_RULING_TRICKS)
        return min(claim.tricks, report.against_claimer)
    except ValueError:  # a long ending: more tricks than the aid searches
        assert table.play is not None
        return min(claim.tricks, double_dummy_tricks(table.play, claim.seat))


def _ref(action: Action | Event) -> str | None:
    return action.ref if isinstance(action, Action) else None


def _reservations(table: Table) -> list[dict[str, Any]]:
    """The reservations of rights about unauthorised information on the board (Law 16B2): said at the table,
    so everyone hears them."""
    from tenace.laws.information import cases

    if UIReserved not in map(type, table.record):  # one pass in C: this runs after every event
        return []
    reasons = {reason: key for key, reason in UI_REASONS.items()}
    return [{"by": case.reserved.by.value, "about": case.reserved.about.value,
             "reason": reasons.get(case.reserved.reason, "hesitation"), "law": "16B2",
             "ruled": case.ruling is not None}
            for case in cases(table)]


def _who(actor: object) -> str:
    if actor is None:
        return "a spectator"
    if isinstance(actor, Director):
        return "the Director"
    if isinstance(actor, Seat):
        return actor.name.title()
    return str(actor)


def _acts_for(viewer: Viewer, event: Event, table: Table) -> bool:
    """Whether ``viewer`` may send ``event``: his own actions, and dummy's cards when he is declarer (Law
    45A); dummy himself plays no card."""
    contract = table.contract
    if isinstance(event, CardPlayed) and contract is not None and event.seat is contract.dummy:
        return viewer is contract.declarer
    actor = getattr(event, "actor", None)
    return actor is not None and actor == viewer


def _plain_score(table: Table) -> int | None:
    """The board's score for North-South when it is a plain Law 77 score (``None`` when it was cancelled or
    replaced by an adjusted score, Law 12C)."""
    result = table.result_ns()
    return result if isinstance(result, int) else None


class Hub:
    """Every live table of this process: creates tables, finds them (rebuilding a stored one from its events),
    and stops them."""

    club_chat_in_play: bool = False
    """Whether the chat of a club session's table stays open during play (off by default: Law 73B)."""

    def __init__(
        self,
        live: LiveStore,
        *,
        store: Any = None,
        policy: Policy = Policy.ONLINE,
        edition: int = Regulations().edition,
        robots: RobotFactory = FallbackRobot,
        robot_delay: float = 0.0,
        observer: Observer | None = None,
        systems: RobotSystems | None = None,
    ) -> None:
        self.live = live
        self.writer = EventWriter(live)
        self.store = store
        self.policy = policy
        self.regulations = Regulations(edition, policy)
        """The Laws new tables follow (Law 80; the edition of the Laws, :mod:`tenace.laws.editions`)."""
        self.robots = robots
        self.systems = systems
        """The bidding systems the robots may play (:mod:`tenace.server.robot_systems`); ``None``: the
        shipped ones."""
        self.robot_delay = robot_delay
        self.observer = observer
        self.tables: dict[str, TableActor] = {}
        self._lock = asyncio.Lock()

    async def create_table(
        self,
        humans: Iterable[Seat],
        board: Board | None = None,
        *,
        boards: int | None = None,
        club: ClubSlot | None = None,
        systems: Mapping[Side, str] | None = None,
    ) -> CreatedTable:
        """A new table for ``board`` (a fresh deal, Law 6, when ``None``), humans in the seats given and
        robots in the others, to play ``boards`` boards in a row (no limit when ``None``). ``systems``: the
        name of the bidding system the robots of each side play (:meth:`RobotSystems.choose
        <tenace.server.robot_systems.RobotSystems.choose>` checks them; a side left out plays the default).
        """
        humans = frozenset(humans)
        if boards is not None and boards < 1:
            raise ValueError(f"boards: expected at least 1, got {boards}")
        if board is None:
            board = Board(1, random_deal())
        elif board.deal is None:
            raise ValueError(f"board {board.number} has no deal; a table needs the cards")
        table_id = secrets.token_urlsafe(12)
        tokens = {seat: secrets.token_urlsafe(24) for seat in SEATS if seat in humans}
        director = secrets.token_urlsafe(24)
        chosen = systems or {}
        seats = {
            seat.value: SeatRow("human", hash_token(tokens[seat])) if seat in humans
            else SeatRow("robot", system=chosen.get(seat.side))
            for seat in SEATS
        }
        new = NewTable(table_id, seats, stored_rules(self.regulations), hash_token(director), boards,
                       None if club is None else _club_json(club))
        await asyncio.to_thread(self.live.create_table, new, board)
        stored = LiveTable(table_id, seats, new.policy, new.director_token, boards, new.club, False)
        actor = TableActor(self, stored, Table.new(board, self.regulations), 1)
        self.tables[table_id] = actor
        actor.start()
        return CreatedTable(table_id, tokens, director)

    def system_named(self, name: str) -> BiddingSystem:
        """The bidding system called ``name`` for a table's robots (the default, logged, when this server
        cannot use it any more: :meth:`RobotSystems.for_table
        <tenace.server.robot_systems.RobotSystems.for_table>`)."""
        systems = self.systems if self.systems is not None else _shipped_systems()
        return systems.for_table(name)

    def make_robot(self, seat: Seat, system: str | None) -> Robot:
        """The robot for ``seat``, bidding by the system called ``system`` when the factory can make one
        (``for_system``); else the factory's own robot."""
        make = getattr(self.robots, "for_system", None)
        if system is None or make is None:
            return self.robots(seat)
        robot: Robot = make(seat, self.system_named(system))
        return robot

    async def get(self, table_id: str) -> TableActor | None:
        """The actor of a table, rebuilt from the store if this process has not loaded it yet."""
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        async with self._lock:
            if table_id in self.tables:
                return self.tables[table_id]
            stored = await asyncio.to_thread(self.live.load, table_id)
            if stored is None:
                return None
            return self._rebuild(stored)

    async def restore(self, table_ids: Collection[str] | None = None) -> int:
        """Rebuild every open table from its stored events (after a restart) and let its robots go on, or
        only those of ``table_ids`` (the others wait in the store until :meth:`get` is first asked for one);
        the number of tables restored."""
        if table_ids is None:
            stored = await asyncio.to_thread(self.live.load_open)
        else:
            wanted = [t for t in table_ids if t not in self.tables]
            loaded = await asyncio.to_thread(lambda: [self.live.load(t) for t in wanted])
            stored = [table for table in loaded if table is not None and not table.closed]
        count = 0
        for table in stored:
            if table.id not in self.tables:
                self._rebuild(table)
                count += 1
        return count

    def _rebuild(self, stored: LiveTable) -> TableActor:
        current = stored.boards[-1]
        regulations = regulations_of(stored.policy)
        where = f"table {stored.id}, board {current.position}, event"
        record = [event_from_json(e, f"{where} {i}") for i, e in enumerate(current.events)]
        times = [event_time(e, f"{where} {i}") for i, e in enumerate(current.events)]
        table = Table.replay(current.board, record, regulations, times=times)  # the times come back too
        actor = TableActor(self, stored, table, current.position)
        self.tables[stored.id] = actor
        actor.start()
        return actor

    async def wait_idle(self, table_id: str, timeout: float = 30.0) -> TableActor:
        """Wait until nobody at the table but a human (or the Director) can act (for tests and scripts)."""
        actor = self.tables[table_id]
        async with asyncio.timeout(timeout):
            while not (actor.finished and actor.queue.empty() and not actor._robot_tasks and actor.busy == 0):
                await asyncio.sleep(0.002)
        return actor

    async def close(self) -> None:
        for actor in list(self.tables.values()):
            await actor.stop()
        self.tables.clear()


def club_result(table: Table, club: ClubSlot) -> Result:
    """The result a club table enters for its board: the contract, tricks and opening lead, and the adjusted
    score when the Director assigned or awarded one (``Table.result_ns()``, Law 12C)."""
    from tenace.tournament.model import Result

    play = table.play
    outcome = table.result_ns()
    result = Result(board=table.board.number, round=club.round, table=club.table, ns=club.ns, ew=club.ew,
                    session=club.session)
    if outcome is not None and not isinstance(outcome, int):  # an adjusted score replaces the play's result
        return replace(result, adjusted=outcome)
    return replace(result, contract=table.contract, tricks=table.declarer_tricks,
                   lead=play.cards[0] if play is not None and play.cards else None)


def timed_event_json(event: Event, at: dt.datetime) -> dict[str, Any]:
    """The event as stored: the log's JSON with its time, ``"at"`` (ISO 8601, UTC, as in
    :mod:`tenace.laws.log`).

    >>> from tenace.laws.events import DirectorCalled
    >>> timed_event_json(DirectorCalled(Seat.SOUTH), dt.datetime(2026, 11, 22, 9, 0, 1, 500000, dt.UTC))
    {'type': 'DirectorCalled', 'by': 'S', 'at': '2026-11-22T09:00:01.500000Z'}
    """
    text = at.astimezone(dt.UTC).isoformat()
    return {**event_to_json(event), "at": text[:-6] + "Z" if text.endswith("+00:00") else text}


def event_time(data: dict[str, Any], where: str = "event") -> dt.datetime | None:
    """The time a stored event carries (``None`` for events stored before times were kept).

    :raises ValueError: naming ``where`` if ``"at"`` is not an ISO 8601 time with its UTC offset.
    """
    text = data.get("at")
    if text is None:
        return None
    try:
        at = dt.datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        at = None
    if at is None or at.tzinfo is None:
        raise ValueError(f"{where}: at: expected an ISO 8601 time with its UTC offset, got {text!r}")
    return at.astimezone(dt.UTC)


def _club_json(club: ClubSlot) -> dict[str, Any]:
    return {"event_id": club.event_id, "session": club.session, "table": club.table, "round": club.round,
            "ns": club.ns, "ew": club.ew}
