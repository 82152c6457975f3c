"""Who sits at a live table and what they say: the players' names at their seats and the table's short chat
(docs/playing-online.md, "Names and chat").

Neither touches the Laws engine nor the cards: a :class:`TableRoom` belongs to one
:class:`~tenace.server.actors.TableActor` and sends its own two messages (docs/protocol.md):

* ``players``: each seat's kind (``human`` or ``robot``), the name of its player (a logged-in user's name, a
  name in his signed seat token, or the name he typed in the lobby) and whether he is connected now;
* ``chat``: messages of the table's chat, each with who wrote it (a seat, ``director`` or ``spectator``),
  his name and the text, as plain text (the client shows it as text, never as HTML).

Who may chat and when (:meth:`TableRoom.refusal`): partners communicate only by calls and plays (Law 73B1),
so at a table of a club session the chat is closed from the first call until the board has ended, unless the
event opens it (``chat_in_play``); at a practice table it is open. A spectator has no conversation with a
player during a round (Law 76B3), nor, watching online, during the session the player plays in (Law 76A2):
at a practice table he writes only between boards, at a club session's table never. A message is at
most :data:`MAX_CHAT_TEXT` characters, a connection sends at most :data:`CHAT_RATE` messages in
:data:`CHAT_WINDOW` seconds, and the table keeps the last :data:`CHAT_HISTORY` messages (a newcomer gets
them).

>>> clean_name("  Ann\\u0000  Smith ")
'Ann Smith'
>>> clean_name("") is None
True
>>> clean_text("hello\\nthere")
'hello there'
"""

from __future__ import annotations

import datetime as dt
import time
import unicodedata
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from tenace.laws.refs import Director
from tenace.seats import SEATS, Seat

__all__ = [
    "CHAT_HISTORY", "CHAT_RATE", "CHAT_REFUSALS", "CHAT_WINDOW", "MAX_CHAT_TEXT", "MAX_NAME", "ChatLine",
    "TableRoom", "clean_name", "clean_text",
]

MAX_CHAT_TEXT: Final = 200
"""The longest chat message, in characters."""
MAX_NAME: Final = 24
"""The longest name shown at a seat, in characters (a longer one is cut)."""
CHAT_RATE: Final = 5
CHAT_WINDOW: Final = 15.0
"""A connection sends at most ``CHAT_RATE`` chat messages in ``CHAT_WINDOW`` seconds."""
CHAT_HISTORY: Final = 50
"""The messages a table keeps (and sends to whoever connects)."""

CHAT_REFUSALS: Final = ("chat-off", "chat-spectator", "chat-too-long", "chat-rate", "chat-empty")
"""Why a chat message is refused: the error code the client gets (its text, in the client's language, is
:data:`tenace.server.pages.CHAT_REFUSALS`)."""


def _printable(text: str) -> str:
    # control and format characters (a NUL, a right-to-left override, ...) become spaces
    return "".join(" " if unicodedata.category(c).startswith("C") else c for c in text)


def clean_name(text: str | None) -> str | None:
    """A name as it is shown at a seat: printable, spaces collapsed, at most :data:`MAX_NAME` characters;
    ``None`` for nothing left."""
    if not text:
        return None
    name = " ".join(_printable(text).split())[:MAX_NAME].strip()
    return name or None


def clean_text(text: str) -> str:
    """A chat message's text: printable (a line break becomes a space), spaces at the ends removed."""
    return " ".join(_printable(text).split(" ")).strip()


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One message of the table's chat."""

    sender: str
    """``N``, ``E``, ``S``, ``W``, ``director`` or ``spectator``."""
    name: str | None
    text: str
    at: dt.datetime

    def to_json(self) -> dict[str, Any]:
        return {"from": self.sender, "name": self.name, "text": self.text, "at": self.at.isoformat()}


@dataclass
class TableRoom:
    """The names at a table's seats and its chat (see the module's docstring)."""

    robots: frozenset[Seat]
    club: bool
    chat_in_play: bool = False
    """Whether a club session's table keeps its chat open during play (the event allows it); a practice
    table's chat is always open."""
    names: dict[Seat, str] = field(default_factory=dict)
    here: Counter[Seat] = field(default_factory=Counter)
    lines: deque[ChatLine] = field(default_factory=lambda: deque(maxlen=CHAT_HISTORY))
    clock: Callable[[], float] = time.monotonic
    _sent: dict[int, deque[float]] = field(default_factory=dict)

    # --- names ----------------------------------------------------------------------------------------

    def players_json(self) -> dict[str, Any]:
        """The ``players`` message: every seat's kind, its player's name and whether he is connected."""
        seats = {
            seat.value: {"kind": "robot"} if seat in self.robots else
            {"kind": "human", "name": self.names.get(seat), "here": self.here[seat] > 0}
            for seat in SEATS
        }
        return {"v": 1, "type": "players", "players": seats,
                "chat": {"in_play": self.chat_in_play or not self.club}}

    def arrive(self, seat: Seat, name: str | None) -> bool:
        """A connection for ``seat`` opened (his name, if known); whether what the others see changed."""
        before = (self.names.get(seat), self.here[seat] > 0)
        self.here[seat] += 1
        shown = clean_name(name)
        if shown is not None:
            self.names[seat] = shown
        return (self.names.get(seat), True) != before

    def depart(self, seat: Seat) -> bool:
        """A connection for ``seat`` closed; whether what the others see changed (his last one closed)."""
        if self.here[seat] <= 0:
            return False
        self.here[seat] -= 1
        return self.here[seat] == 0

    # --- chat -----------------------------------------------------------------------------------------

    def may_chat(self, viewer: Seat | Director | None, playing: bool) -> str | None:
        """Why ``viewer`` may not write now (one of :data:`CHAT_REFUSALS`), or ``None``; ``playing``:
        whether the board is being played (its auction or play, not yet ended)."""
        if isinstance(viewer, Director):
            return None
        if viewer is None and (playing or self.club):
            return "chat-spectator"  # Laws 76A2, 76B3: no conversation with a player
        if not playing:
            return None
        if self.club and not self.chat_in_play:
            return "chat-off"  # Law 73B1
        return None

    def refusal(self, connection: object, viewer: Seat | Director | None, text: str,
                playing: bool) -> str | None:
        """Why this message may not be sent (one of :data:`CHAT_REFUSALS`), or ``None`` when it may; a
        message that may be sent counts against its connection's rate."""
        why = self.may_chat(viewer, playing)
        if why is not None:
            return why
        if len(text) > MAX_CHAT_TEXT:
            return "chat-too-long"
        if not clean_text(text):
            return "chat-empty"
        now = self.clock()
        sent = self._sent.setdefault(id(connection), deque())
        while sent and now - sent[0] >= CHAT_WINDOW:
            sent.popleft()
        if len(sent) >= CHAT_RATE:
            return "chat-rate"
        sent.append(now)
        return None

    def say(self, viewer: Seat | Director | None, name: str | None, text: str,
            at: dt.datetime | None = None) -> ChatLine:
        """Record a message (already allowed by :meth:`refusal`)."""
        sender = viewer.value if isinstance(viewer, Seat) else "director" if isinstance(viewer, Director) \
            else "spectator"
        if isinstance(viewer, Seat):
            name = self.names.get(viewer, name)
        line = ChatLine(sender, clean_name(name), clean_text(text), at or dt.datetime.now(dt.UTC))
        self.lines.append(line)
        return line

    def forget(self, connection: object) -> None:
        """A connection closed: its rate count goes."""
        self._sent.pop(id(connection), None)

    @staticmethod
    def chat_message(lines: Iterable[ChatLine], history: bool = False) -> dict[str, Any]:
        """The ``chat`` message for ``lines`` (``history``: the table's last messages, to a newcomer)."""
        return {"v": 1, "type": "chat", "messages": [line.to_json() for line in lines], "history": history}
