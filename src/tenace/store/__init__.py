"""Storage of events, results and their history in SQLite or PostgreSQL (SQLAlchemy 2 + Alembic).

>>> from tenace.store import Store
>>> with Store.open("sqlite://") as store:
...     store.events()
[]

See :class:`Store` and docs/storage.md.
"""

from __future__ import annotations

from tenace.store.errors import (
    AppealDeadlineError,
    AppealNotHeardError,
    CorrectionPeriodClosedError,
    DuplicateResultError,
    InvalidResultError,
    StoreError,
    StoreOpenError,
    UnknownEventError,
)
from tenace.store.records import Appeal, Change, Publication, StoredResult
from tenace.store.store import Store

__all__ = [
    "Appeal",
    "AppealDeadlineError",
    "AppealNotHeardError",
    "Change",
    "CorrectionPeriodClosedError",
    "DuplicateResultError",
    "InvalidResultError",
    "Publication",
    "Store",
    "StoreError",
    "StoreOpenError",
    "StoredResult",
    "UnknownEventError",
]
