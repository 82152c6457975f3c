"""The server's settings: where the database is, where to listen, how robots behave (docs/server.md).

>>> Settings().database_url
'sqlite:///tenace.db'
>>> Settings.from_env({"TENACE_DATABASE_URL": "sqlite://", "TENACE_ROBOT_DELAY": "0.5"}).robot_delay
0.5
>>> Settings.from_env({"TENACE_SPECTATOR_POLICY": "live"}).spectator_policy
<SpectatorPolicy.LIVE: 'live'>
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from tenace.laws.refs import EDITIONS, Policy
from tenace.server.security import SpectatorPolicy


class SettingsError(ValueError):
    """A setting with a value the server cannot use, naming the setting."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How one server process runs. Every field can be set from the environment as ``TENACE_<NAME>``."""

    database_url: str = "sqlite:///tenace.db"
    """The store (the same database as the tournament layer, :class:`tenace.store.Store`)."""
    host: str = "127.0.0.1"
    port: int = 8000
    robot_delay: float = 0.0
    """Seconds a robot waits before it acts (so that humans can follow the play); 0 in tests."""
    robot_samples: int = 20
    """Layouts a robot of :mod:`tenace.robots` solves double dummy per card (0: it plays without solving,
    for load tests)."""
    robot_systems: str = ""
    """Rule files of bidding systems the robots may play besides the shipped ones, separated by ``os.pathsep``
    (``:`` on Unix; ``tenace serve --robot-system FILE``): each is named by its file's stem, and is read and
    checked when the server starts (:mod:`tenace.server.robot_systems`)."""
    policy: Policy = Policy.ONLINE
    """Law 80: what the screen prevents (calls and cards out of turn, insufficient bids, revokes)."""
    edition: int = 2017
    """The edition of the Laws new tables follow where 2007 and 2017 differ (:mod:`tenace.laws.editions`;
    ``tenace serve --edition 2007``). A table keeps the edition it was created with across restarts."""
    allow_spectators: bool = True
    """Whether a connection without a token may watch a table (it sees what ``Table.view(None)`` shows). At
    a club session's table the spectator rules decide as well (``spectator_policy``); nobody watches a table
    where he holds a seat."""
    spectator_policy: SpectatorPolicy = SpectatorPolicy.AFTER_ALL_TABLES
    """When the club sessions let spectators watch a board (Law 76A2; ``after-all-tables``, ``live`` or
    ``closed``): by default only once it is finished at every table that plays it."""
    guests_may_watch: bool = False
    """Whether visitors without an account may watch tables where people play: a club session's (under
    ``spectator_policy``) and a practice table with a seat not a robot's. Off by default: such a visitor could
    be one of the players with his cookie dropped (a table of four robots anyone may watch)."""
    anonymous_tables: bool = False
    """Whether ``POST /api/tables`` creates a table for a caller who is not logged in (for scripts, tests and
    benchmarks). Without it the API needs a logged-in user; visitors start practice tables from the lobby."""
    table_expiry: float = 24 * 3600.0
    """Seconds after which a practice table that nobody touched (no action, no connection) is closed: its
    actor is stopped and it is no longer restored on start. 0: never. Club tables are never expired."""
    expiry_interval: float = 60.0
    """Seconds between two looks for expired practice tables."""
    max_message_bytes: int = 8192
    """A client message longer than this is refused."""
    max_tables: int = 2000
    """Live tables this process holds at most; a new one is refused beyond it (0: no limit)."""
    tables_per_user: int = 40
    """Open tables a logged-in user may have created (lobby or API; a table that has played all its boards,
    or is closed, no longer counts); 0: no limit."""
    tables_per_client: int = 20
    """Open tables a visitor who is not logged in may have created, counted by his address; 0: no limit."""
    sockets_per_address: int = 200
    """WebSockets open at once from one address (a club behind one router counts as one); 0: no limit."""
    sockets_per_table: int = 40
    """WebSockets open at once on one table (players, their other tabs, spectators); 0: no limit."""
    spectators_per_table: int = 30
    """Spectators watching one table at once; 0: no limit."""
    flush_commits: bool = True
    """SQLite: each commit of the live tables' events waits until it is on disk (``synchronous=FULL``), so an
    acknowledged action survives a crash of the process and of the machine (a power cut). False: the events'
    writer commits with ``synchronous=NORMAL`` under write-ahead logging: an acknowledged action survives a
    crash of the process (kill -9), but the last ones before a power cut or a crash of the system may be lost
    (the database itself stays sound); a commit then costs no flush to disk (docs/server.md). No effect on
    PostgreSQL, which keeps its own ``synchronous_commit``."""
    restore_on_start: bool = True
    """Rebuild open tables from their stored events when the server starts (and let their robots go on)."""
    restore_recent: float = 3600.0
    """Seconds: at a start, the practice tables touched within this time are rebuilt at once; older ones are
    rebuilt when someone first opens them (a start does not replay thousands of idle tables), and those
    untouched for longer than ``table_expiry`` are closed, as they would have been had the server run on.
    Club tables are always rebuilt at once. Negative: every open table at once. With several processes
    (``redis_url``) every open table is taken up at once, whatever this says."""
    redis_url: str = ""
    """Several processes share the tables through this Redis (``redis://host:6379/0``) and the database
    (docs/scale-out.md); empty: one process holds every table."""
    lease_seconds: float = 5.0
    """With ``redis_url``: how long a table stays with a process that stops renewing its lease (a crash)
    before another process takes it over."""

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise SettingsError(f"no edition of the Laws of {self.edition} (expected "
                                f"{' or '.join(map(str, EDITIONS))})")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The defaults overridden by ``TENACE_DATABASE_URL``, ``TENACE_HOST``, ``TENACE_PORT``,
        ``TENACE_ROBOT_DELAY``, ``TENACE_POLICY``, ``TENACE_ALLOW_SPECTATORS``, ... (one per field).

        :raises SettingsError: naming the variable whose value cannot be read.
        """
        env = os.environ if environ is None else environ
        settings = cls()
        for f in fields(cls):
            name = f"TENACE_{f.name.upper()}"
            if name not in env:
                continue
            text = env[name]
            current = getattr(settings, f.name)
            try:
                value: object
                if isinstance(current, bool):
                    if text.lower() not in ("1", "0", "true", "false", "yes", "no"):
                        raise ValueError(f"expected true or false, got {text!r}")
                    value = text.lower() in ("1", "true", "yes")
                elif isinstance(current, int):
                    value = int(text)
                elif isinstance(current, float):
                    value = float(text)
                elif isinstance(current, Policy):
                    value = Policy(text.lower())
                elif isinstance(current, SpectatorPolicy):
                    value = SpectatorPolicy(text.strip().lower())
                else:
                    value = text
                settings = replace(settings, **{f.name: value})  # type: ignore[arg-type]
            except ValueError as exc:  # SettingsError too
                raise SettingsError(f"{name}: {exc}") from None
        return settings
