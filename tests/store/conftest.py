"""Fixtures for the storage tests: every store test runs on SQLite, and on PostgreSQL when
TENACE_TEST_POSTGRES_URL is set (scripts/_system.sh sets it up). Each test module gets a fresh PostgreSQL
schema, dropped afterwards, and every test starts with its tables emptied, so tests never see each other's
rows."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url

from tenace.store import Store
from tenace.store.models import Base

POSTGRES_URL = os.environ.get("TENACE_TEST_POSTGRES_URL")


def postgres_schema_url(base: str, schema: str) -> str:
    """``base`` with the schema first on the search path (so the store's tables go there)."""
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


@pytest.fixture(scope="module")
def postgres_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema for one test module (skipped when there is no PostgreSQL to test on)."""
    if not POSTGRES_URL:
        if os.environ.get("CI"):
            pytest.fail("TENACE_TEST_POSTGRES_URL is not set in CI (scripts/_system.sh sets it up)")
        pytest.skip("TENACE_TEST_POSTGRES_URL is not set")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(POSTGRES_URL)
    try:
        with admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        yield schema
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    finally:
        admin.dispose()


def _emptied(url: str) -> str:
    """Delete every row of the store's tables in the schema at ``url``, so each test starts afresh (DELETE is
    much faster than TRUNCATE or a new schema on tables this small)."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            existing = set(inspect(connection).get_table_names())
            for table in reversed(Base.metadata.sorted_tables):
                if table.name in existing:
                    connection.execute(table.delete())
    finally:
        engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of an empty database: a new SQLite file, or the module's PostgreSQL schema emptied."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('store') / 'tenace.db'}"
    schema = request.getfixturevalue("postgres_schema")  # skips (or fails in CI) without PostgreSQL
    assert POSTGRES_URL is not None
    return _emptied(postgres_schema_url(POSTGRES_URL, schema))


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    with Store.open(store_url) as opened:
        yield opened
