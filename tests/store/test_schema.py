"""The Alembic migrations build exactly the tables of tenace.store.models, and the SQLite connection has its
crash-safety settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from tenace.store import Store, StoreOpenError
from tenace.store.database import alembic_config, current_revision, make_engine
from tenace.store.models import Base

from .conftest import POSTGRES_URL
from .events import pairs_event


def test_the_migrated_schema_is_the_schema_of_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)
    assert differences == []


def test_open_migrates_to_the_newest_revision(store: Store) -> None:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    assert current_revision(store.engine) == head


def test_reopening_a_store_keeps_its_events(store_url: str) -> None:
    with Store.open(store_url) as first:
        event_id = first.create_event(pairs_event())
    with Store.open(store_url) as second:
        assert second.events() == [(event_id, "Saturday pairs")]
        assert second.event(event_id) == pairs_event()


def test_downgrade_to_base_drops_every_table_and_upgrade_rebuilds_them(store_url: str) -> None:
    engine = make_engine(store_url)
    try:
        with Store.open(store_url):
            pass
        tables = set(Base.metadata.tables)
        with engine.begin() as connection:
            command.downgrade(alembic_config(connection), "base")
        assert set(inspect(engine).get_table_names()) & tables == set()
        with Store.open(store_url) as again:
            assert again.events() == []
        assert set(inspect(engine).get_table_names()) >= tables
    finally:
        engine.dispose()


def test_sqlite_connections_use_wal_full_sync_and_foreign_keys(tmp_path: Path) -> None:
    with Store.open(f"sqlite:///{tmp_path / 'pragmas.db'}") as store, store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_a_row_pointing_at_no_session_is_refused_by_the_database(store: Store) -> None:
    event_id = store.create_event(pairs_event())
    insert = text(
        "INSERT INTO results (event_id, session_id, table_no, round_no, board, version, ns, ew, entered_by, "
        "entered_at) VALUES (:event, 999999, 1, 1, 1, 1, '1NS', '1EW', 'x', CURRENT_TIMESTAMP)"
    )
    try:
        with store.engine.begin() as connection:
            connection.execute(insert, {"event": event_id})
    except IntegrityError:
        pass
    else:
        raise AssertionError("the foreign key from results to sessions was not enforced")
    assert store.results(event_id) == ()


@pytest.mark.parametrize("url", ["sqlite:////no/such/directory/tenace.db", "not a url", "nosuchdb://host/db"])
def test_a_store_that_cannot_be_opened_is_a_store_open_error_naming_the_url(url: str) -> None:
    with pytest.raises(StoreOpenError, match="cannot open the store at"):
        Store.open(url)


@pytest.mark.skipif(POSTGRES_URL is None, reason="TENACE_TEST_POSTGRES_URL is not set")
def test_a_wrong_postgresql_password_is_a_store_open_error_that_hides_the_password() -> None:
    assert POSTGRES_URL is not None
    wrong = make_url(POSTGRES_URL).set(password="not-the-password-123")
    with pytest.raises(StoreOpenError, match="password") as caught:
        Store.open(wrong.render_as_string(hide_password=False))
    assert "not-the-password-123" not in str(caught.value)


def test_a_store_written_by_a_newer_version_is_a_store_open_error(store_url: str) -> None:
    with Store.open(store_url) as store, store.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    with pytest.raises(StoreOpenError, match="cannot migrate"):
        Store.open(store_url)
