"""``tenace user``: accounts of the online server (docs/accounts.md), kept in the same database as ``tenace
serve`` (``--db``, or ``TENACE_DATABASE_URL``, default ``sqlite:///tenace.db``).

The first organiser and the directors are made here; players may also register themselves in the browser.
A password is read from standard input when it is not a terminal (``echo secret | tenace user add ...``),
otherwise asked twice.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from tenace.cli._common import EXIT_BAD_INPUT, EXIT_USAGE, JsonOption, emit_json, fail, out

if TYPE_CHECKING:
    from tenace.server.security import Role
    from tenace.store import Store

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database URL \\[default: $TENACE_DATABASE_URL or sqlite:///tenace.db]."),
]
RoleOption = Annotated[
    list[str] | None,
    typer.Option("--role", "-r", help="player, director, organiser or spectator (repeat for several)."),
]


def _url(db: str | None) -> str:
    return db or os.environ.get("TENACE_DATABASE_URL") or "sqlite:///tenace.db"


def _read_password() -> str:
    if not sys.stdin.isatty():
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    if not password:
        fail("no password given", EXIT_USAGE)
    return password


def register(app: typer.Typer) -> None:
    user_app = typer.Typer(
        name="user",
        help="Accounts of the online server: add users, grant or revoke roles, set passwords, disable.",
        no_args_is_help=True,
    )

    def _open(db: str | None) -> Store:
        from tenace.store import Store, StoreOpenError

        try:
            return Store.open(_url(db))
        except StoreOpenError as exc:
            fail(str(exc), EXIT_USAGE)

    def _roles(names: list[str] | None) -> frozenset[Role]:
        from tenace.server.security import Role

        try:
            return frozenset(Role.parse(n) for n in (names or ["player"]))
        except ValueError as exc:
            fail(f"--role: {exc}", EXIT_USAGE)

    @user_app.command("add", help="Add a user (role player unless --role says otherwise).")
    def add(
        username: Annotated[str, typer.Argument(help="The user name (3 to 64 letters, digits, . _ -).")],
        role: RoleOption = None,
        db: DbOption = None,
        json_output: JsonOption = False,
    ) -> None:
        from tenace.server.accounts import Accounts
        from tenace.server.security import RegistrationError

        roles = _roles(role)
        password = _read_password()
        with _open(db) as store:
            try:
                user = Accounts(store.engine).register(username, password, roles)
            except RegistrationError as exc:
                fail(f"{exc.field}: {exc}", EXIT_BAD_INPUT)
        names = sorted(r.value for r in user.roles)
        if json_output:
            emit_json({"id": user.id, "username": user.username, "roles": names})
        else:
            out.print(f"added user {user.username} ({', '.join(names)})")

    def _change(
        username: str, db: str | None, grant: bool, role: list[str] | None, json_output: bool
    ) -> None:
        from tenace.server.accounts import Accounts

        roles = _roles(role)
        with _open(db) as store:
            accounts = Accounts(store.engine)
            try:
                for r in roles:
                    user = (accounts.grant if grant else accounts.revoke)(username, r)
            except LookupError as exc:
                fail(str(exc.args[0]), EXIT_BAD_INPUT)
        names = sorted(r.value for r in user.roles)
        if json_output:
            emit_json({"id": user.id, "username": user.username, "roles": names})
        else:
            out.print(f"{user.username}: {', '.join(names) or 'no roles'}")

    @user_app.command("grant", help="Give a user one or more roles.")
    def grant(
        username: Annotated[str, typer.Argument()],
        role: RoleOption = None,
        db: DbOption = None,
        json_output: JsonOption = False,
    ) -> None:
        if not role:
            fail("--role: name at least one role", EXIT_USAGE)
        _change(username, db, True, role, json_output)

    @user_app.command("revoke", help="Take one or more roles from a user.")
    def revoke(
        username: Annotated[str, typer.Argument()],
        role: RoleOption = None,
        db: DbOption = None,
        json_output: JsonOption = False,
    ) -> None:
        if not role:
            fail("--role: name at least one role", EXIT_USAGE)
        _change(username, db, False, role, json_output)

    @user_app.command("password", help="Set a user's password (ends all his sessions).")
    def password(username: Annotated[str, typer.Argument()], db: DbOption = None) -> None:
        from tenace.server.accounts import Accounts
        from tenace.server.security import RegistrationError

        new = _read_password()
        with _open(db) as store:
            try:
                Accounts(store.engine).set_password(username, new)
            except RegistrationError as exc:
                fail(f"{exc.field}: {exc}", EXIT_BAD_INPUT)
            except LookupError as exc:
                fail(str(exc.args[0]), EXIT_BAD_INPUT)
        out.print(f"password of {username} changed")

    @user_app.command("disable", help="Disable an account (ends its sessions); --enable undoes it.")
    def disable(
        username: Annotated[str, typer.Argument()],
        enable: Annotated[bool, typer.Option("--enable", help="Enable the account again.")] = False,
        db: DbOption = None,
    ) -> None:
        from tenace.server.accounts import Accounts

        with _open(db) as store:
            try:
                Accounts(store.engine).set_disabled(username, not enable)
            except LookupError as exc:
                fail(str(exc.args[0]), EXIT_BAD_INPUT)
        out.print(f"{username} {'enabled' if enable else 'disabled'}")

    app.add_typer(user_app)
