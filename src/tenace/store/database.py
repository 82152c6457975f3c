"""Opening a database: the engine with its crash-safety settings, and the Alembic upgrade to head.

SQLite gets write-ahead logging with ``synchronous=FULL`` (a committed transaction survives a crash of the
process and of the machine), foreign keys, and ``BEGIN IMMEDIATE`` transactions, so that a call which reads
and then writes holds the write lock from its start and two processes cannot interleave. PostgreSQL keeps
its defaults (``fsync`` and ``synchronous_commit`` on) and takes an advisory lock while it migrates.

Work that only reads goes through :func:`read_only` (the same engine and pool, with an option set): on
SQLite its transactions start with a plain (deferred) ``BEGIN`` and ``PRAGMA query_only`` on, so they take
no write lock, read a snapshot of what was committed, and neither wait for a writer nor make one wait (WAL);
on PostgreSQL they are ``READ ONLY`` transactions. On both, a write attempted in one is an error, never a
silent lock upgrade.

>>> from sqlalchemy import text
>>> engine = make_engine("sqlite://")
>>> with read_only(engine).begin() as connection:
...     connection.execute(text("SELECT 1")).scalar()
1
>>> with read_only(engine).begin() as connection:
...     connection.execute(text("CREATE TABLE t (x INTEGER)"))
Traceback (most recent call last):
...
sqlalchemy.exc.OperationalError: (sqlite3.OperationalError) attempt to write a readonly database
...
>>> with engine.begin() as connection:  # the engine itself still writes
...     connection.execute(text("CREATE TABLE t (x INTEGER)")).rowcount
-1

The migrations live in the package (``tenace/store/migrations``) and run programmatically: no
``alembic.ini`` is needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_MIGRATION_LOCK = 7_914_520_061  # an arbitrary constant naming the advisory lock the migration takes
READ_ONLY: Final = "tenace_read_only"
"""The execution option (and ``Connection.info`` key) that marks a connection's transactions as read-only."""


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the settings above (``sqlite:///file.db``, ``postgresql+psycopg://...``)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(parsed, pool_pre_ping=True)


def read_only(engine: Engine) -> Engine:
    """``engine`` for work that only reads: the same pool and settings, but each transaction is read-only
    (see above). Make it once and keep it (each call makes a new option engine).

    Use it only for transactions that never write: a call that reads and then writes must use ``engine``
    itself, whose ``BEGIN IMMEDIATE`` takes the write lock before the first read (a deferred transaction
    that tried to write after reading could fail with ``SQLITE_BUSY`` when another process wrote meanwhile).
    """
    options: dict[str, Any] = {READ_ONLY: True}
    if engine.dialect.name == "postgresql":
        options["postgresql_readonly"] = True  # BEGIN READ ONLY (psycopg), reset when back in the pool
    return engine.execution_options(**options)


def _sqlite_connect(dbapi_connection: Any, connection_record: Any) -> None:
    # The driver's own transaction handling starts transactions late (at the first write); turn it off and
    # let the "begin" listener emit BEGIN IMMEDIATE (or BEGIN for read-only work) instead.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()
    connection_record.info[READ_ONLY] = False  # query_only is off on a new connection


def _sqlite_begin(connection: Connection) -> None:
    reading = bool(connection.get_execution_options().get(READ_ONLY, False))
    info = connection.info  # the pooled DBAPI connection's: query_only stays as last set on it
    if info.get(READ_ONLY, False) != reading:
        connection.exec_driver_sql(f"PRAGMA query_only={'ON' if reading else 'OFF'}")
        info[READ_ONLY] = reading
    # A reader's deferred BEGIN takes no lock: with WAL it reads the last committed state and never waits.
    connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """An Alembic configuration for the migrations in the package, bound to an open ``connection`` (as
    :func:`upgrade` uses it) or to a ``url`` (for ``command.revision(..., autogenerate=True)``; see
    docs/storage.md)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (the newest by default), in one transaction."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        command.upgrade(alembic_config(connection), revision)


def current_revision(engine: Engine) -> str | None:
    """The Alembic revision the database is at (``None`` before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
