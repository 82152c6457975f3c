"""Users, their roles and their login sessions in the store's database (tables ``users``, ``user_roles``,
``auth_sessions``; store revision 0003), the server's secret key (``server_secrets``), and
:class:`Accounts`, the service over them.

This module needs no web framework (the store's migrations import it for its tables); the FastAPI side is
:mod:`tenace.server.auth`, the building blocks :mod:`tenace.server.security`, and docs/accounts.md the design.

>>> from tenace.store import Store
>>> from tenace.server.security import Passwords
>>> with Store.open("sqlite://") as store:
...     accounts = Accounts(store.engine, Passwords.fast_for_tests())
...     ann = accounts.register("ann", "correct horse")
...     token = accounts.open_session(accounts.authenticate("ann", "correct horse"))
...     accounts.user_for_token(token) == ann
True
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Final

from sqlalchemy import (
    Boolean,
    Engine,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    bindparam,
    delete,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship, sessionmaker

from tenace.server.security import (
    InvalidCredentialsError,
    Passwords,
    RegistrationError,
    Role,
    User,
    check_new_password,
    new_token,
    token_digest,
)
from tenace.store.database import read_only
from tenace.store.models import Base, UTCDateTime, to_utc

__all__ = ["USERNAME", "Accounts", "AuthSessionRow", "ServerSecretRow", "UserRoleRow", "UserRow"]

# ------------------------------------------------------------------------------------------------ tables


class UserRow(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    """As the user typed it at registration."""
    username_key: Mapped[str] = mapped_column(String(64), unique=True)
    """The user name in lower case: two users may not differ only by case."""
    password_hash: Mapped[str] = mapped_column(String(255))
    """argon2id, in its PHC string form (parameters and salt included)."""
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)

    roles: Mapped[list[UserRoleRow]] = relationship(cascade="all, delete-orphan", lazy="selectin")


class UserRoleRow(Base):
    __tablename__ = "user_roles"
    __table_args__ = (UniqueConstraint("user_id", "role"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    role: Mapped[str] = mapped_column(String(20))


class AuthSessionRow(Base):
    __tablename__ = "auth_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """:func:`tenace.server.security.token_digest` of the cookie's token; the token itself is not stored."""
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class ServerSecretRow(Base):
    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(50), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))
    """Random, base64url: the key that signs CSRF and seat tokens, shared by every process of the server."""
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


# ----------------------------------------------------------------------------------------------- accounts

USERNAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{2,63}")


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _user(row: UserRow) -> User:
    return User(row.id, row.username, frozenset(Role(r.role) for r in row.roles))


_SESSION_USER: Final = (
    select(AuthSessionRow.expires_at, UserRow.id, UserRow.username, UserRow.disabled, UserRoleRow.role)
    .join(UserRow, UserRow.id == AuthSessionRow.user_id)
    .outerjoin(UserRoleRow, UserRoleRow.user_id == UserRow.id)
    .where(AuthSessionRow.token_hash == bindparam("digest"))
)
"""A session's expiry and its user with each of his roles (one row per role; ``role`` null for none)."""


class Accounts:
    """Users, roles and sessions in the database behind ``engine`` (a store migrated to the newest
    revision: ``Store.open(url).engine``). Blocking: async code calls it through a thread pool.

    ``clock`` gives the current moment (aware, UTC); tests pass their own.
    """

    def __init__(
        self,
        engine: Engine,
        passwords: Passwords | None = None,
        clock: Callable[[], dt.datetime] = _utcnow,
        session_lifetime: dt.timedelta = dt.timedelta(days=14),
    ) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._reader = read_only(engine)
        """For look-ups that only read (no write lock on SQLite: they never wait for a writer)."""
        self._reads = sessionmaker(self._reader, expire_on_commit=False)
        self.passwords = passwords if passwords is not None else Passwords()
        self._clock = clock
        self.session_lifetime = session_lifetime

    def _now(self) -> dt.datetime:
        return to_utc(self._clock())

    # users -------------------------------------------------------------------------------------------

    def register(
        self, username: str, password: str, roles: frozenset[Role] = frozenset({Role.PLAYER})
    ) -> User:
        """A new user; RegistrationError (``field`` "username" or "password") when the name is malformed or
        taken, or the password too weak."""
        if not USERNAME.fullmatch(username):
            raise RegistrationError(
                "a user name has 3 to 64 letters, digits, dots, hyphens or underscores, and starts with "
                "a letter or digit",
                "username",
            )
        check_new_password(password, username)
        hashed = self.passwords.hash(password)
        row = UserRow(
            username=username,
            username_key=username.lower(),
            password_hash=hashed,
            disabled=False,
            created_at=self._now(),
        )
        row.roles = [UserRoleRow(role=r.value) for r in sorted(roles, key=lambda r: r.value)]
        try:
            with self._sessions.begin() as session:
                session.add(row)
                session.flush()
                return _user(row)
        except IntegrityError:
            raise RegistrationError(f"the user name {username!r} is taken", "username") from None

    def user(self, username: str) -> User | None:
        with self._reads() as session:
            row = self._row(session, username)
            return None if row is None else _user(row)

    def user_by_id(self, user_id: int) -> User | None:
        with self._reads() as session:
            row = session.get(UserRow, user_id)
            return None if row is None else _user(row)

    @staticmethod
    def _row(session: Session, username: str) -> UserRow | None:
        return session.scalars(select(UserRow).where(UserRow.username_key == username.lower())).one_or_none()

    def authenticate(self, username: str, password: str) -> User:
        """The user whose name and password these are; InvalidCredentialsError otherwise (an unknown name
        costs the same time as a wrong password). A hash made with older parameters is replaced."""
        with self._sessions.begin() as session:
            row = self._row(session, username)
            if row is None or row.disabled:
                self.passwords.waste_time(password)
                raise InvalidCredentialsError("wrong user name or password")
            ok, rehashed = self.passwords.verify(row.password_hash, password)
            if not ok:
                raise InvalidCredentialsError("wrong user name or password")
            if rehashed is not None:
                row.password_hash = rehashed
            return _user(row)

    def set_password(self, username: str, password: str) -> None:
        """Replace a user's password and end all his sessions."""
        check_new_password(password, username)
        hashed = self.passwords.hash(password)
        with self._sessions.begin() as session:
            row = self._require(session, username)
            row.password_hash = hashed
            session.execute(delete(AuthSessionRow).where(AuthSessionRow.user_id == row.id))

    def set_disabled(self, username: str, disabled: bool) -> None:
        """Disable (or enable again) an account; disabling ends its sessions."""
        with self._sessions.begin() as session:
            row = self._require(session, username)
            row.disabled = disabled
            if disabled:
                session.execute(delete(AuthSessionRow).where(AuthSessionRow.user_id == row.id))

    def grant(self, username: str, role: Role) -> User:
        with self._sessions.begin() as session:
            row = self._require(session, username)
            if role.value not in {r.role for r in row.roles}:
                row.roles.append(UserRoleRow(role=role.value))
                session.flush()
            return _user(row)

    def revoke(self, username: str, role: Role) -> User:
        with self._sessions.begin() as session:
            row = self._require(session, username)
            row.roles = [r for r in row.roles if r.role != role.value]
            session.flush()
            return _user(row)

    def _require(self, session: Session, username: str) -> UserRow:
        row = self._row(session, username)
        if row is None:
            raise LookupError(f"no user named {username!r}")
        return row

    # sessions ----------------------------------------------------------------------------------------

    def open_session(self, user: User) -> str:
        """A new session for ``user``: the token for his cookie (the database keeps only its digest)."""
        token = new_token()
        now = self._now()
        with self._sessions.begin() as session:
            session.add(
                AuthSessionRow(
                    token_hash=token_digest(token),
                    user_id=user.id,
                    created_at=now,
                    expires_at=now + self.session_lifetime,
                )
            )
        return token

    def user_for_token(self, token: str) -> User | None:
        """The user of a live session (``None`` for an unknown, expired or disabled one)."""
        if not token or len(token) > 200:
            return None
        # One query (the user's roles joined in) on a read-only connection, without the ORM: this runs on
        # every request, and takes no write lock, so it never waits for a writer.
        with self._reader.connect() as connection:
            rows = connection.execute(_SESSION_USER, {"digest": token_digest(token)}).all()
        if not rows:
            return None
        expires_at, user_id, username, disabled = rows[0][:4]
        if to_utc(expires_at) <= self._now() or disabled:
            return None
        return User(user_id, username, frozenset(Role(r.role) for r in rows if r.role is not None))

    def close_session(self, token: str) -> None:
        with self._sessions.begin() as session:
            session.execute(delete(AuthSessionRow).where(AuthSessionRow.token_hash == token_digest(token)))

    def close_all_sessions(self, user: User) -> None:
        with self._sessions.begin() as session:
            session.execute(delete(AuthSessionRow).where(AuthSessionRow.user_id == user.id))

    def purge_expired(self) -> int:
        """Delete the expired sessions; how many."""
        with self._sessions.begin() as session:
            result = session.execute(delete(AuthSessionRow).where(AuthSessionRow.expires_at <= self._now()))
            return int(getattr(result, "rowcount", 0) or 0)

    def secret(self, name: str = "auth") -> bytes:
        """The server's secret key called ``name``, made at random the first time and kept in the database,
        so that every process of one server and every restart use the same key. Two processes that ask at
        once both get the one that was stored first."""
        with self._sessions() as session:
            row = session.get(ServerSecretRow, name)
            if row is not None:
                return row.value.encode("ascii")
        try:
            with self._sessions.begin() as session:
                session.add(ServerSecretRow(name=name, value=new_token(), created_at=self._now()))
        except IntegrityError:
            pass  # another process stored one first: use it
        with self._sessions() as session:
            return session.get_one(ServerSecretRow, name).value.encode("ascii")
