"""Opening a database: the engine with its crash-safety settings, and the Alembic upgrade to head.

SQLite gets write-ahead logging with ``synchronous=FULL`` (a committed transaction survives a crash of the
process and of the machine), foreign keys, and ``BEGIN IMMEDIATE`` transactions, so that a call which reads
and then writes holds the write lock from its start and two processes cannot interleave. PostgreSQL keeps
its defaults (``fsync`` and ``synchronous_commit`` on) and takes an advisory lock while it migrates.

The migrations live in the package (``tenace/store/migrations``) and run programmatically: no
``alembic.ini`` is needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_MIGRATION_LOCK = 7_914_520_061  # an arbitrary constant naming the advisory lock the migration takes


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the settings above (``sqlite:///file.db``, ``postgresql+psycopg://...``)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(parsed, pool_pre_ping=True)


def _sqlite_connect(dbapi_connection: Any, connection_record: Any) -> None:
    # The driver's own transaction handling starts transactions late (at the first write); turn it off and
    # let the "begin" listener emit BEGIN IMMEDIATE instead.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


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
