"""What the store hands back besides the domain values: a stored result with its version and who entered
and confirmed it, an audit-trail entry, an appeal, a publication. All frozen."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from tenace.tournament.model import Result


@dataclass(frozen=True, slots=True)
class StoredResult:
    """One version of the result of a slot (session, table, round, board). Versions count from 1; a
    correction adds the next version and never changes an earlier one."""

    id: int
    event_id: int
    session: int
    result: Result
    version: int
    entered_by: str
    entered_at: dt.datetime
    confirmed_by: str | None = None
    """Who confirmed this version for the opponents (``None`` while unconfirmed)."""
    confirmed_at: dt.datetime | None = None
    key: str | None = None
    """The idempotency key the table device sent with the entry, if any."""


@dataclass(frozen=True, slots=True)
class Change:
    """One line of an event's audit trail: who did what, when, why, under which Law, and the result before
    and after when a result changed."""

    id: int
    event_id: int
    action: str
    """``create``, ``participant``, ``movement``, ``enter``, ``confirm``, ``correct``, ``penalise``,
    ``appeal``, ``decide`` or ``publish``."""
    by: str
    at: dt.datetime
    session: int | None = None
    table: int | None = None
    round: int | None = None
    board: int | None = None
    old: Result | None = None
    new: Result | None = None
    reason: str | None = None
    law: str | None = None
    approved_by: str | None = None
    """For a correction after the Law 79C period: the Tournament Organiser's approval (Law 79C2)."""


@dataclass(frozen=True, slots=True)
class Appeal:
    """An appeal against a Director's ruling at one table (Law 92), and its decision once made (Law 93)."""

    id: int
    event_id: int
    session: int
    table: int
    round: int
    board: int
    appellants: tuple[str, ...]
    concurring: bool
    """Law 92D: the partner (pairs) or the captain (teams) concurs."""
    reason: str
    lodged_by: str
    lodged_at: dt.datetime
    decision: str | None = None
    decided_by: str | None = None
    decided_at: dt.datetime | None = None
    result: Result | None = None
    """The result the decision put in place, when it changed one."""

    @property
    def is_decided(self) -> bool:
        return self.decision is not None


@dataclass(frozen=True, slots=True)
class Publication:
    """A published version of an event's results. The first one makes the official score available for
    inspection, which starts the Law 79C correction period and the Law 92B appeal period."""

    id: int
    event_id: int
    version: int
    document: str
    by: str
    at: dt.datetime
