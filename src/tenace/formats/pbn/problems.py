"""Problems found while reading PBN: errors (the data cannot be trusted) and warnings (not as the standard
says, but understood).

Every problem is a :class:`~tenace.errors.PBNError`, so it carries the file name and line number, and the
strict reader can raise it as it is.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from tenace.errors import PBNError


class Severity(enum.Enum):
    """How bad a problem is."""

    ERROR = "error"
    """The value is wrong or contradicts the rest of the game; the reader dropped or guessed it."""
    WARNING = "warning"
    """The text breaks a rule of PBN 2.1 (format, export rules) but its meaning is clear."""


class PBNProblem(PBNError):
    """One problem in a PBN file, with a short machine-readable :attr:`code` (``"deal"``,
    ``"auction-insufficient"``, ``"tag-duplicate"``, ...).

    >>> p = PBNProblem("bad rank 'v'", source="a.pbn", lineno=12, code="deal")
    >>> str(p), p.severity.value
    ("a.pbn:12: bad rank 'v'", 'error')
    """

    def __init__(self, message: str, *, source: str = "<pbn>", lineno: int | None = None,
                 code: str = "syntax", severity: Severity = Severity.ERROR, count: int = 1) -> None:
        super().__init__(message, source=source, lineno=lineno)
        self.code = code
        self.severity = severity
        self.count = count
        """How many problems this one stands for: more than 1 only for the summary of the problems of a game
        beyond :data:`PROBLEMS_KEPT` (code :data:`OMITTED`)."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def __repr__(self) -> str:
        return (f"PBNProblem({self.message!r}, source={self.source!r}, lineno={self.lineno!r}, "
                f"code={self.code!r}, severity={self.severity})")


PROBLEMS_KEPT: Final = 100
"""Problems of one game kept one by one; beyond them each severity gets one summary problem with a count, so
that a hostile game (a million passes, a million bad cards) costs bounded memory."""
OMITTED: Final = "problems-omitted"


class Problems:
    """A small collector used while reading one game: it stamps each problem with the source name, keeps the
    first :data:`PROBLEMS_KEPT` and counts the rest."""

    def __init__(self, source: str, limit: int = PROBLEMS_KEPT) -> None:
        self.source = source
        self.limit = limit
        self._items: list[PBNProblem] = []
        self._omitted: dict[Severity, list[int]] = {}  # severity -> [count, first line]

    def add(self, problem: PBNProblem) -> None:
        if problem.code != OMITTED and len(self._items) < self.limit:
            self._items.append(problem)
            return
        slot = self._omitted.setdefault(problem.severity, [0, problem.lineno or 0])
        slot[0] += problem.count

    def extend(self, problems: Iterable[PBNProblem]) -> None:
        for problem in problems:
            self.add(problem)

    def error(self, lineno: int | None, code: str, message: str) -> None:
        self.add(PBNProblem(message, source=self.source, lineno=lineno, code=code))

    def warning(self, lineno: int | None, code: str, message: str) -> None:
        self.add(PBNProblem(message, source=self.source, lineno=lineno, code=code, severity=Severity.WARNING))

    @property
    def has_error(self) -> bool:
        return any(p.is_error for p in self._items) or Severity.ERROR in self._omitted

    @property
    def items(self) -> tuple[PBNProblem, ...]:
        """The problems kept, then one summary per severity for those only counted."""
        if not self._omitted:
            return tuple(self._items)
        out = list(self._items)
        for severity in (Severity.ERROR, Severity.WARNING):
            if severity not in self._omitted:
                continue
            count, line = self._omitted[severity]
            what = ("error" if severity is Severity.ERROR else "warning") + ("" if count == 1 else "s")
            out.append(PBNProblem(f"{count:,} more {what} in this game (the first on line {line}), not "
                                  "listed one by one", source=self.source, lineno=line or None, code=OMITTED,
                                  severity=severity, count=count))
        return tuple(out)


class TagContext:
    """What a tag parser may use besides the value: a place to put warnings."""

    def __init__(self) -> None:
        self.warnings: list[tuple[str, str]] = []

    def warn(self, code: str, message: str) -> None:
        self.warnings.append((code, message))
