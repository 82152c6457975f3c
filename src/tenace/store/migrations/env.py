"""Alembic environment for the store's migrations. :func:`tenace.store.database.upgrade` runs it with an
open connection; with a URL in the configuration (``sqlalchemy.url``) it opens its own."""

from __future__ import annotations

from typing import Any, Literal

from alembic import context
from sqlalchemy import Connection, create_engine

# Other packages keep their tables on the store's metadata (the server's live tables, revision 0002; its
# accounts, 0003): import them so that the metadata the migrations are compared with (autogenerate,
# tests/store) has every table.
import tenace.server.accounts  # noqa: F401  (users, roles, login sessions: revision 0003)
import tenace.server.club_store  # noqa: F401  (club sessions: revision 0004)
import tenace.server.persistence  # noqa: F401
import tenace.server.table_scoring_store  # noqa: F401  (face-to-face scoring sessions: revision 0006)
from tenace.store.models import Base, UTCDateTime


def _render_item(kind: str, item: Any, autogen_context: Any) -> str | Literal[False]:
    """Write the store's UTC timestamp type as the plain SQL type it is (``--autogenerate``)."""
    if kind == "type" and isinstance(item, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
        compare_type=True,
        render_item=_render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("the store's migrations need a connection or sqlalchemy.url")
    engine = create_engine(url)
    try:
        with engine.begin() as own:
            _run(own)
    finally:
        engine.dispose()


if hasattr(context, "config"):  # false when merely imported (pytest's doctest collection): nothing to run
    run()
