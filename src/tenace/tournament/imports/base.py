"""What every import produces: the results found, each with the file and line it came from and the score the
file printed, the contestants, and the problems found (each with file and line).

>>> from tenace.contract import Contract
>>> line = ImportedLine(Result(board=1, round=0, table=1, ns="1", ew="2", contract=Contract.from_str("4SN"),
...                            tricks=10), source="a.pbn", lineno=12, printed=420)
>>> line.where, line.agrees
('a.pbn:12', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from tenace.board import Vulnerability, vulnerability_for
from tenace.errors import NotationError
from tenace.scoring.matchpoints import Entry
from tenace.seats import Seat
from tenace.tournament.model import ContestantId, Movement, Participant, Result

UNKNOWN_ROUND = 0
"""The round of a result whose file does not say it (fill it in with :func:`place`)."""


class ImportProblem(NotationError):
    """A line of an imported file that could not be used, or that disagrees with itself; carries the source
    name and line number (``None`` when the format has no lines to point at).

    >>> str(ImportProblem("no contract", source="a.pbn", lineno=3))
    'a.pbn:3: no contract'
    """

    def __init__(self, message: str, *, source: str, lineno: int | None = None) -> None:
        self.message = message
        self.source = source
        self.lineno = lineno
        where = f"{source}:{lineno}" if lineno is not None else source
        super().__init__(f"{where}: {message}")

    def __repr__(self) -> str:
        return f"ImportProblem({self.message!r}, source={self.source!r}, lineno={self.lineno!r})"


@dataclass(frozen=True, slots=True)
class ImportedLine:
    """One result read from a file."""

    result: Result
    source: str
    lineno: int | None = None
    printed: Entry | None = None
    """North-South's score as the file printed it (an artificial adjusted score for ``A+``/``A6040``), or
    ``None`` when the file prints none."""
    section: str | None = None
    """The section the file puts the result in, when it has sections."""

    @property
    def where(self) -> str:
        return f"{self.source}:{self.lineno}" if self.lineno is not None else self.source

    @property
    def agrees(self) -> bool | None:
        """Whether the Law 77 score of the result equals the printed score (``None``: nothing printed)."""
        if self.printed is None:
            return None
        return self.result.ns_score() == self.printed


@dataclass(frozen=True, slots=True)
class Imported:
    """The contestants and results of one or more files, and every problem found in them."""

    source: str
    participants: tuple[Participant, ...]
    lines: tuple[ImportedLine, ...]
    problems: tuple[ImportProblem, ...] = ()

    @property
    def results(self) -> tuple[Result, ...]:
        return tuple(line.result for line in self.lines)

    def disagreements(self) -> tuple[ImportedLine, ...]:
        """The lines whose printed score is not the Law 77 score of their contract and tricks."""
        return tuple(line for line in self.lines if line.agrees is False)

    def participant(self, id: ContestantId) -> Participant:
        for p in self.participants:
            if p.id == id:
                return p
        raise KeyError(f"no contestant {id!r} in {self.source}")


def merge(imports: Iterable[Imported], source: str | None = None) -> Imported:
    """Several imports as one: participants by id (the first name wins), lines and problems in order."""
    items = list(imports)
    people: dict[ContestantId, Participant] = {}
    for item in items:
        for p in item.participants:
            people.setdefault(p.id, p)
    return Imported(
        source if source is not None else ", ".join(i.source for i in items),
        tuple(people.values()),
        tuple(line for i in items for line in i.lines),
        tuple(p for i in items for p in i.problems),
    )


def place(imported: Imported, movement: Movement) -> Imported:
    """Take the round and table of each result from the movement: the seating where its North-South and
    East-West pairs meet and the board is played. A result the movement cannot place is dropped and
    reported as a problem.

    >>> from tenace.tournament.model import Seating
    >>> mv = Movement("m", (Seating(round=2, table=1, ns="1", ew="2", boards=(3, 4)),))
    >>> got = Imported("x", (), (ImportedLine(Result(board=4, round=0, table=9, ns="1", ew="2"), "x"),
    ...                          ImportedLine(Result(board=5, round=0, table=9, ns="1", ew="2"), "x", 7)))
    >>> placed = place(got, mv)
    >>> [(r.round, r.table, r.board) for r in placed.results], [str(p) for p in placed.problems]
    ([(2, 1, 4)], ['x:7: board 5, pairs 1 and 2: the movement m does not seat them together for this board'])
    """
    lines: list[ImportedLine] = []
    problems = list(imported.problems)
    for line in imported.lines:
        r = line.result
        seats = [s for s in movement.seatings if s.ns == r.ns and s.ew == r.ew and r.board in s.boards]
        if len(seats) != 1:
            why = "does not seat them together for this board" if not seats else \
                "seats them together for this board more than once"
            problems.append(ImportProblem(f"board {r.board}, pairs {r.ns} and {r.ew}: the movement "
                                          f"{movement.name} {why}", source=line.source, lineno=line.lineno))
            continue
        lines.append(replace(line, result=replace(r, round=seats[0].round, table=seats[0].table)))
    return replace(imported, lines=tuple(lines), problems=tuple(problems))


def vulnerable_override(board: int, vulnerability: Vulnerability | None) -> tuple[bool, bool] | None:
    """``Result.vulnerable`` for a board whose file gives a vulnerability other than Law 2's, else
    ``None``."""
    if vulnerability is None or vulnerability is vulnerability_for(board):
        return None
    return (vulnerability.is_vulnerable(Seat.NORTH), vulnerability.is_vulnerable(Seat.EAST))


def pair_id(first: str | None, second: str | None) -> str | None:
    """A pair named by its two players' names (North-South or East-West order as seated); one name when
    both seats carry the pair's name, as some programs write it.

    >>> pair_id("Para-1", "Para-1"), pair_id("ann", "bob"), pair_id(None, "bob"), pair_id(None, None)
    ('Para-1', 'ann - bob', 'bob', None)
    """
    a = first.strip() if first and first.strip() not in ("", "?", "-") else None
    b = second.strip() if second and second.strip() not in ("", "?", "-") else None
    if a is None or b is None:
        return a or b
    return a if a == b else f"{a} - {b}"


def participants_of(lines: Iterable[ImportedLine],
                    names: dict[ContestantId, str] | None = None) -> tuple[Participant, ...]:
    """Every contestant met in ``lines``, in order of appearance, named from ``names`` or by their id."""
    known = names or {}
    seen: dict[ContestantId, Participant] = {}
    for line in lines:
        for who in (line.result.ns, line.result.ew):
            if who not in seen:
                seen[who] = Participant(who, known.get(who, who))
    return tuple(seen.values())
