"""``tenace user``: add users with roles, grant and revoke roles, set passwords, disable accounts; the
accounts it writes are the ones the server logs in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tenace.cli import users
from tenace.server.accounts import Accounts
from tenace.server.security import InvalidCredentialsError, Passwords, Role
from tenace.store import Store

runner = CliRunner()
PASSWORD = "correct horse battery"


@pytest.fixture
def app() -> typer.Typer:
    root = typer.Typer()
    users.register(root)

    @root.callback()
    def _root() -> None:
        """Test root."""

    return root


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tenace.db'}"


def accounts(db: str) -> tuple[Store, Accounts]:
    store = Store.open(db)
    return store, Accounts(store.engine, Passwords.fast_for_tests())


def test_add_an_organiser_who_then_logs_in(app: typer.Typer, db: str) -> None:
    result = runner.invoke(
        app,
        ["user", "add", "Olga", "--role", "organiser", "--role", "director", "--db", db, "--json"],
        input=PASSWORD + "\n",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"id": 1, "username": "Olga", "roles": ["director", "organiser"]}
    store, acc = accounts(db)
    with store:
        user = acc.authenticate("olga", PASSWORD)
    assert user.roles == {Role.ORGANISER, Role.DIRECTOR}
    assert PASSWORD not in result.output


def test_add_without_a_role_makes_a_player_and_a_taken_name_is_an_error(app: typer.Typer, db: str) -> None:
    assert runner.invoke(app, ["user", "add", "pat", "--db", db], input=PASSWORD + "\n").exit_code == 0
    again = runner.invoke(app, ["user", "add", "PAT", "--db", db], input=PASSWORD + "\n")
    assert again.exit_code == 1 and "taken" in again.output
    weak = runner.invoke(app, ["user", "add", "sue", "--db", db], input="short\n")
    assert weak.exit_code == 1 and "password" in weak.output
    store, acc = accounts(db)
    with store:
        assert acc.user("pat") is not None and acc.user("pat").roles == {Role.PLAYER}  # type: ignore[union-attr]
        assert acc.user("sue") is None


def test_an_unknown_role_is_a_usage_error(app: typer.Typer, db: str) -> None:
    result = runner.invoke(app, ["user", "add", "pat", "--role", "king", "--db", db], input=PASSWORD + "\n")
    assert result.exit_code == 2 and "unknown role 'king'" in result.output


def test_grant_and_revoke(app: typer.Typer, db: str) -> None:
    runner.invoke(app, ["user", "add", "dan", "--db", db], input=PASSWORD + "\n")
    granted = runner.invoke(app, ["user", "grant", "dan", "-r", "director", "--db", db, "--json"])
    assert json.loads(granted.stdout)["roles"] == ["director", "player"]
    revoked = runner.invoke(app, ["user", "revoke", "dan", "-r", "player", "--db", db, "--json"])
    assert json.loads(revoked.stdout)["roles"] == ["director"]
    missing = runner.invoke(app, ["user", "grant", "eve", "-r", "director", "--db", db])
    assert missing.exit_code == 1 and "no user named 'eve'" in missing.output
    assert runner.invoke(app, ["user", "grant", "dan", "--db", db]).exit_code == 2


def test_a_new_password_replaces_the_old_and_disable_locks_the_account(app: typer.Typer, db: str) -> None:
    runner.invoke(app, ["user", "add", "ann", "--db", db], input=PASSWORD + "\n")
    changed = runner.invoke(app, ["user", "password", "ann", "--db", db], input="another long password\n")
    assert changed.exit_code == 0
    store, acc = accounts(db)
    with store:
        with pytest.raises(InvalidCredentialsError):
            acc.authenticate("ann", PASSWORD)
        acc.authenticate("ann", "another long password")
    assert runner.invoke(app, ["user", "disable", "ann", "--db", db]).exit_code == 0
    store, acc = accounts(db)
    with store, pytest.raises(InvalidCredentialsError):
        acc.authenticate("ann", "another long password")
    assert runner.invoke(app, ["user", "disable", "ann", "--enable", "--db", db]).exit_code == 0
    store, acc = accounts(db)
    with store:
        acc.authenticate("ann", "another long password")


def test_a_database_that_cannot_be_opened_is_a_usage_error(app: typer.Typer) -> None:
    result = runner.invoke(app, ["user", "add", "ann", "--db", "nosuchdb://x"], input=PASSWORD + "\n")
    assert result.exit_code == 2 and "cannot open the store" in result.output
