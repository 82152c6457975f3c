"""The session look-up (every request does one: tenace.server.accounts) reads without the write lock, so it
never waits for a writer, and answers as the accounts stand. On SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt

from tenace.server.accounts import Accounts
from tenace.server.security import Passwords, Role
from tenace.store import Store

from .test_reads import EVENT, begins, hold_write_lock, in_thread, sqlite_store

__all__ = ["begins", "sqlite_store"]  # the fixtures


def test_the_session_look_up_begins_deferred(sqlite_store: Store, begins: list[str]) -> None:
    accounts = Accounts(sqlite_store.engine, Passwords.fast_for_tests())
    token = accounts.open_session(accounts.register("ann", "correct horse battery"))
    begins.clear()
    assert accounts.user_for_token(token) is not None
    assert begins == ["BEGIN"]


def test_the_session_look_up_does_not_wait_for_a_writer(store: Store) -> None:
    accounts = Accounts(store.engine, Passwords.fast_for_tests())
    ann = accounts.register("ann", "correct horse battery")
    token = accounts.open_session(ann)
    holding = hold_write_lock(store.engine, store.create_event(EVENT))
    next(holding)
    try:
        thread, answer = in_thread(lambda: accounts.user_for_token(token))
        thread.join(timeout=10)
        assert not thread.is_alive(), "the look-up waited for the writer"
        assert answer == [ann]
    finally:
        next(holding, None)


def test_the_session_look_up_answers_as_the_accounts_stand(store: Store) -> None:
    now = [dt.datetime(2026, 11, 22, 10, 0, tzinfo=dt.UTC)]
    accounts = Accounts(store.engine, Passwords.fast_for_tests(), clock=lambda: now[0],
                        session_lifetime=dt.timedelta(hours=1))
    ann = accounts.register("ann", "correct horse battery", frozenset({Role.PLAYER, Role.DIRECTOR}))
    bob = accounts.register("bob", "correct horse battery", frozenset())
    ann_token, bob_token = accounts.open_session(ann), accounts.open_session(bob)
    assert accounts.user_for_token(ann_token) == accounts.user("ann") == ann
    assert ann.roles == frozenset({Role.PLAYER, Role.DIRECTOR})
    assert accounts.user_for_token(bob_token) == bob and bob.roles == frozenset()
    accounts.grant("bob", Role.ORGANISER)
    assert accounts.user_for_token(bob_token) == accounts.user("bob")
    assert accounts.user_for_token(bob_token).roles == frozenset({Role.ORGANISER})  # type: ignore[union-attr]
    assert accounts.user_for_token("no such token") is None
    accounts.set_disabled("bob", True)
    assert accounts.user_for_token(bob_token) is None
    now[0] += dt.timedelta(hours=1)  # ann's session expires
    assert accounts.user_for_token(ann_token) is None
