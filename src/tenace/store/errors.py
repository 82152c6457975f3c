"""What the store refuses, and why. Every error is a :class:`ValueError` (bad input from the caller) whose
message names the event and, for a result, the table, round, board and field concerned.

>>> e = DuplicateResultError("results differ", table=2, round=1, board=5, field="tricks")
>>> str(e), isinstance(e, ValueError), e.board
('table 2, round 1, board 5, tricks: results differ', True, 5)
"""

from __future__ import annotations

from tenace.errors import BridgeError
from tenace.tournament.entry import ResultError


class StoreError(BridgeError, ValueError):
    """Base class of the store's errors. ``table``, ``round``, ``board`` and ``field`` say where, when a
    particular result is concerned."""

    def __init__(
        self,
        message: str,
        *,
        table: int | None = None,
        round: int | None = None,
        board: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.table = table
        self.round = round
        self.board = board
        self.field = field
        where = [
            f"table {table}" if table is not None else "",
            f"round {round}" if round is not None else "",
            f"board {board}" if board is not None else "",
            field or "",
        ]
        prefix = ", ".join(part for part in where if part)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class StoreOpenError(StoreError):
    """The database cannot be opened: a malformed URL, an unknown kind of database, a file that cannot be
    created, a server that cannot be reached."""


class UnknownEventError(StoreError):
    """No event (or session, appeal, result) with that number is stored."""


class InvalidResultError(ResultError):
    """The result does not fit the session's movement, or an appeal's slot. Result entry raises the
    :class:`~tenace.tournament.entry.ResultError` of :func:`~tenace.tournament.entry.check_result` (wrong
    pairs, a board not played in that round, tricks outside 0-13, ...); this subclass is for what only the
    store can see (a session without that table, a decision about another slot)."""


class DuplicateResultError(StoreError):
    """A different result is already entered for that slot (or the idempotency key was used for a different
    result): a change must go through :meth:`~tenace.store.Store.correct`."""


class CorrectionPeriodClosedError(StoreError):
    """Law 79C: the correction period has expired; a scoring error may then be corrected only with the
    Tournament Organiser's approval (Law 79C2, ``approved_by``)."""


class AppealDeadlineError(StoreError):
    """Law 92B: the time for appealing a ruling has expired."""


class AppealNotHeardError(StoreError):
    """Law 92D: an appeal in a pairs event needs both members of the partnership, in a team event the
    captain, to concur; or the appeal has already been decided."""
