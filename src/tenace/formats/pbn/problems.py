"""Problems found while reading PBN: errors (the data cannot be trusted) and warnings (not as the standard
says, but understood).

Every problem is a :class:`~tenace.errors.PBNError`, so it carries the file name and line number, and the
strict reader can raise it as it is.
"""

from __future__ import annotations

import enum

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
                 code: str = "syntax", severity: Severity = Severity.ERROR) -> None:
        super().__init__(message, source=source, lineno=lineno)
        self.code = code
        self.severity = severity

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def __repr__(self) -> str:
        return (f"PBNProblem({self.message!r}, source={self.source!r}, lineno={self.lineno!r}, "
                f"code={self.code!r}, severity={self.severity})")


class Problems:
    """A small collector used while reading one game: it stamps each problem with the source name."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[PBNProblem] = []

    def error(self, lineno: int | None, code: str, message: str) -> None:
        self.items.append(PBNProblem(message, source=self.source, lineno=lineno, code=code))

    def warning(self, lineno: int | None, code: str, message: str) -> None:
        self.items.append(PBNProblem(message, source=self.source, lineno=lineno, code=code,
                                     severity=Severity.WARNING))


class TagContext:
    """What a tag parser may use besides the value: a place to put warnings."""

    def __init__(self) -> None:
        self.warnings: list[tuple[str, str]] = []

    def warn(self, code: str, message: str) -> None:
        self.warnings.append((code, message))
