r"""Tables: supplemental sections with columns (PBN 2.1 §5), such as ``ScoreTable``, ``TotalScoreTable`` and
``OptimumResultTable``.

The tag value lists the columns, separated by ``;``: each a name, optionally after ``+`` (sorted descending)
or ``-`` (ascending), and after a ``\`` its minimum width and ``L`` or ``R`` alignment (``Names\42L``). The
section data are the cells, row by row.

>>> col = Column.from_spec("-Rank\\3R")
>>> col.name, col.order, col.width, col.align, col.spec()
('Rank', '-', 3, 'R', '-Rank\\3R')
>>> Cell("^60").value, Cell("^60").artificial, Cell("-").value, Cell("2.5").value
(60, True, None, Decimal('2.5'))
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from tenace.analysis import DDTable
from tenace.calls import Denomination
from tenace.errors import NotationError
from tenace.formats.pbn.grammar import RawTag
from tenace.formats.pbn.problems import Problems
from tenace.formats.pbn.tokenize import quote
from tenace.seats import Seat

_COLUMN: Final = re.compile(r"([+-])?([^\\]*)(?:\\(\d+)([LR])?)?")
_INT: Final = re.compile(r"[+-]?\d+")
_DECIMAL: Final = re.compile(r"[+-]?(\d+\.\d*|\.\d+)")

TableValue = int | Decimal | str | None


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a table (§5.2)."""

    name: str
    order: str | None = None
    """``"+"``: highest value first; ``"-"``: lowest first."""
    width: int | None = None
    align: str | None = None
    """``"L"`` or ``"R"``."""

    @classmethod
    def from_spec(cls, text: str) -> Column:
        """Parse one column name token.

        :raises NotationError: on a ``\\`` without a width after it.
        """
        match = _COLUMN.fullmatch(text)
        if match is None:
            raise NotationError(f"column {text!r}: a '\\' must be followed by a width and optionally L or R")
        order, name, width, align = match.groups()
        return cls(name, order, int(width) if width is not None else None, align)

    def spec(self) -> str:
        width = "" if self.width is None else f"\\{self.width}{self.align or ''}"
        return f"{self.order or ''}{self.name}{width}"


@dataclass(frozen=True, slots=True)
class Cell:
    """A table element: its text, and whether it was written as a string token."""

    text: str
    quoted: bool = False

    @property
    def artificial(self) -> bool:
        """Marked ``^``: an artificial score (§5.2)."""
        return self.text.startswith("^") and not self.quoted

    @property
    def value(self) -> TableValue:
        """The typed-ish value: ``int``, :class:`~decimal.Decimal`, ``str``, or ``None`` for ``-``
        (irrelevant) and ``?`` (unknown). A string token holding a number counts as the number."""
        text = self.text[1:] if self.artificial else self.text
        stripped = text.strip()
        if stripped in ("-", "?") or (not stripped and not self.quoted):
            return None
        if _INT.fullmatch(stripped):
            return int(stripped)
        if _DECIMAL.fullmatch(stripped):
            return Decimal(stripped)
        return text

    def token(self) -> str:
        """The cell as a section element."""
        return quote(self.text) if self.quoted else self.text


@dataclass(frozen=True, slots=True)
class PBNTable:
    """A table: its tag name, columns and rows of cells."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...] = ()
    lineno: int = field(default=0, compare=False)

    def index(self, column: str) -> int | None:
        """The position of the named column, or ``None``."""
        for i, col in enumerate(self.columns):
            if col.name == column:
                return i
        return None

    def column(self, column: str) -> list[Cell]:
        """The cells of one column (empty if there is no such column)."""
        i = self.index(column)
        return [] if i is None else [row[i] for row in self.rows]

    def records(self) -> Iterator[dict[str, Cell]]:
        """Each row as a mapping from column name to cell."""
        for row in self.rows:
            yield {col.name: cell for col, cell in zip(self.columns, row, strict=True)}

    def spec(self) -> str:
        """The tag value: the column specs joined by ``;``."""
        return ";".join(col.spec() for col in self.columns)

    def to_dd_table(self) -> DDTable:
        """An ``OptimumResultTable`` (columns ``Declarer``, ``Denomination``, ``Result``, §5.7) as a DD table.

        :raises NotationError: if a row is unreadable or the table does not cover 4 seats × 5 denominations.
        """
        seat_i, denom_i, result_i = self.index("Declarer"), self.index("Denomination"), self.index("Result")
        if seat_i is None or denom_i is None or result_i is None:
            raise NotationError(f"{self.name} needs the columns Declarer, Denomination and Result (§5.7)")
        cells: dict[tuple[Seat, Denomination], int] = {}
        for row in self.rows:
            seat, denom, result = row[seat_i].text, row[denom_i].text, row[result_i].value
            if not isinstance(result, int) or not 0 <= result <= 13:
                raise NotationError(f"{self.name}: {row[result_i].text!r} is not a number of tricks 0..13")
            key = (Seat.from_str(seat), Denomination.from_str(denom))
            if key in cells and cells[key] != result:
                raise NotationError(f"{self.name}: two results for {seat} {denom}")
            cells[key] = result
        if len(cells) != 20:
            raise NotationError(f"{self.name} gives {len(cells)} of the 20 seat and denomination results")
        rows = [[cells[(seat, d)] for d in Denomination] for seat in Seat]
        return DDTable.from_rows(rows)


def read_table(tag: RawTag, problems: Problems) -> PBNTable | None:
    """Interpret a table tag (any tag named ``...Table``) and its section data."""
    columns: list[Column] = []
    for spec in tag.value.split(";"):
        try:
            columns.append(Column.from_spec(spec))
        except NotationError as exc:
            problems.error(tag.lineno, "table-column", f"{tag.name}: {exc}")
            return None
    if not columns:  # pragma: no cover - split always gives at least one
        return None
    for comment in tag.comments:
        if comment.after > 0:
            problems.error(comment.lineno, "table-comment",
                           f"a comment among the data of {tag.name} (§5.1 allows one only after the tag)")
    cells = [Cell(item.text, item.quoted) for item in tag.items]
    n = len(columns)
    if len(cells) % n:
        line = tag.items[-1].lineno if tag.items else tag.lineno
        problems.error(line, "table-cells", f"{tag.name} has {len(cells)} elements, not a multiple of its "
                       f"{n} columns")
    rows = tuple(tuple(cells[i:i + n]) for i in range(0, len(cells) - len(cells) % n, n))
    table = PBNTable(tag.name, tuple(columns), rows, tag.lineno)
    _check_order(table, problems)
    return table


def _check_order(table: PBNTable, problems: Problems) -> None:
    """A column marked ``+`` or ``-`` must be sorted that way (§5.2); cells that are not numbers are
    skipped."""
    for i, col in enumerate(table.columns):
        if col.order is None:
            continue
        values = [v for row in table.rows if isinstance(v := row[i].value, int | Decimal)]
        pairs = zip(values, values[1:], strict=False)
        bad = any(a < b for a, b in pairs) if col.order == "+" else any(a > b for a, b in pairs)
        if bad:
            way = "descending (+)" if col.order == "+" else "ascending (-)"
            problems.error(table.lineno, "table-order", f"{table.name}: column {col.name} is marked {way} "
                           "but its values are not in that order (§5.2)")
