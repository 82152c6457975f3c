"""What one client may hold at once: tables it created, WebSockets it has open, spectators on one table
(docs/server.md, "Limits").

One process keeps the counts in memory (with Redis, each process counts its own clients and tables). Every
limit is a :class:`~tenace.server.settings.Settings` field (``0``: no limit); a refusal names the client, what
it holds and the setting that limits it, so that an operator knows what to raise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container
from dataclasses import dataclass, field

from tenace.server.settings import Settings

__all__ = ["LIMITED_CLOSE_CODE", "Limits", "Refusal", "Socket"]

LIMITED_CLOSE_CODE = 4429
"""The WebSocket close code of a connection refused for a limit (like HTTP's 429)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a limit refuses a table or a connection: ``code`` names the message
    (:data:`tenace.server.words.LIMIT_REFUSALS`, translated), ``values`` fill it in."""

    code: str
    values: dict[str, str | int]


@dataclass(frozen=True, slots=True)
class Socket:
    """One open WebSocket as the limits count it."""

    address: str
    table: str
    spectator: bool


@dataclass
class Limits:
    """The counts for one server process, checked against ``settings``."""

    settings: Settings
    created: dict[str, list[str]] = field(default_factory=dict)
    """Tables created, by client (``user NAME`` or ``address IP``), in order."""
    by_address: Counter[str] = field(default_factory=Counter)
    by_table: Counter[str] = field(default_factory=Counter)
    spectators: Counter[str] = field(default_factory=Counter)

    # --- tables -------------------------------------------------------------------------------------------

    def table_refusal(
        self, client: str, *, logged_in: bool, live: Container[str], total: int
    ) -> Refusal | None:
        """Why ``client`` may not create a table now (``None``: it may). ``live``: the tables still open;
        ``total``: how many tables the process holds."""
        s = self.settings
        if s.max_tables and total >= s.max_tables:
            return Refusal("tables-server", {"total": total, "limit": s.max_tables})
        limit, name = ((s.tables_per_user, "TENACE_TABLES_PER_USER") if logged_in
                       else (s.tables_per_client, "TENACE_TABLES_PER_CLIENT"))
        mine = [t for t in self.created.get(client, []) if t in live]
        self.created[client] = mine  # closed tables no longer count
        if limit and len(mine) >= limit:
            return Refusal("tables-client", {"client": client, "count": len(mine), "setting": name,
                                             "limit": limit})
        return None

    def table_created(self, client: str, table: str) -> None:
        self.created.setdefault(client, []).append(table)

    # --- sockets ------------------------------------------------------------------------------------------

    def socket_refusal(self, socket: Socket) -> Refusal | None:
        """Why ``socket`` may not open now (``None``: it may)."""
        s = self.settings
        if s.sockets_per_address and self.by_address[socket.address] >= s.sockets_per_address:
            return Refusal("sockets-address", {"address": socket.address,
                                               "count": self.by_address[socket.address],
                                               "limit": s.sockets_per_address})
        if s.sockets_per_table and self.by_table[socket.table] >= s.sockets_per_table:
            return Refusal("sockets-table", {"table": socket.table, "count": self.by_table[socket.table],
                                             "limit": s.sockets_per_table})
        if (socket.spectator and s.spectators_per_table
                and self.spectators[socket.table] >= s.spectators_per_table):
            return Refusal("spectators", {"table": socket.table, "count": self.spectators[socket.table],
                                          "limit": s.spectators_per_table})
        return None

    def opened(self, socket: Socket) -> None:
        self.by_address[socket.address] += 1
        self.by_table[socket.table] += 1
        if socket.spectator:
            self.spectators[socket.table] += 1

    def closed(self, socket: Socket) -> None:
        for counter, key, counted in ((self.by_address, socket.address, True),
                                      (self.by_table, socket.table, True),
                                      (self.spectators, socket.table, socket.spectator)):
            if counted:
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
