"""Matchpoint scoring (Law 78A), Neuberg factoring, percentages and event totals.

Law 78A counts *scoring units*: a result earns two units for every score it beats on the board and one for
every score it ties. With ``n`` results on a board the top is ``2(n - 1)`` units; a matchpoint is two units
(some programs print units, others matchpoints: Compscore and JFR print units, Ruter prints centred values).
Everything here is exact: ``int`` units, or :class:`~fractions.Fraction` once factoring or weighting is
involved. Never floats.

* :func:`matchpoint_units`, :func:`matchpoints`, :func:`percentages`, :func:`centred_units` score one board of
  plain results in O(n log n) (a sort and counts).
* :func:`neuberg` factors a board that has fewer results than the others up to the full field, and
  :func:`score_board` scores a whole traveller where some lines may be Law 12 adjusted scores: artificial
  scores leave the comparison and the real results are factored over the reduced field; assigned (possibly
  weighted) scores stay in it.
* :func:`score_event` adds the boards up per pair, with the Law 12C2(c) session rule for artificial scores,
  and scales the totals of pairs who scored fewer boards.
* :func:`rounded` turns an exact value into a :class:`~decimal.Decimal` for display, with an explicit rule for
  halves (scoring programs differ: Compscore rounds halves to even, Ruter rounds them up).

Choices the Laws leave to the Regulating Authority or that programs make differently are parameters with a
documented default (Law 78D): factoring (:class:`Factoring`), the field size, how many boards a total is
scaled to (:class:`TotalScaling`), and the value of artificial scores (:class:`ArtificialScoreSettings`).
"""

from __future__ import annotations

import decimal
import enum
import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, TypeAlias, TypeVar

from tenace.scoring.adjusted import (
    DEFAULT_SETTINGS,
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    Award,
    WeightedScore,
)

Number: TypeAlias = int | Fraction
Entry: TypeAlias = int | AssignedAdjustedScore | ArtificialAdjustedScore
"""One line of a traveller: North-South's score, or a Law 12 adjusted score."""
PairId: TypeAlias = int | str
"""How a pair is named: ``3``, ``"3NS"``, ..."""

_T = TypeVar("_T")

_HUNDRED: Final = Fraction(100)
_HALF_PERCENT: Final = Fraction(50)


def top_units(results: int) -> int:
    """The top on a board with ``results`` comparable results: ``2(results - 1)`` units (Law 78A).

    >>> top_units(13), top_units(1)
    (24, 0)
    """
    if results < 0:
        raise ValueError(f"the number of results cannot be negative, got {results}")
    return max(0, 2 * (results - 1))


def _fraction_from_lowest_terms(numerator: int, denominator: int) -> Fraction:
    """The Fraction ``numerator / denominator`` (already in lowest terms, denominator positive), built
    without ``Fraction.__new__``'s checks (Python 3.11 has no ``Fraction._from_coprime_ints``)."""
    value = object.__new__(Fraction)
    value._numerator = numerator  # type: ignore[attr-defined]
    value._denominator = denominator  # type: ignore[attr-defined]
    return value


def _lowest_terms_maker() -> Callable[[int, int], Fraction]:
    """The fastest way this Python has to build a Fraction already in lowest terms, checked once."""
    maker: Callable[[int, int], Fraction] = getattr(Fraction, "_from_coprime_ints",
                                                    _fraction_from_lowest_terms)
    try:
        made = maker(-3, 2)
        if made == Fraction(-6, 4) and hash(made) == hash(Fraction(-3, 2)) and str(made) == "-3/2":
            return maker
    except (AttributeError, TypeError):  # pragma: no cover (a Python whose Fraction is built differently)
        pass
    return Fraction  # pragma: no cover


_from_lowest_terms: Final = _lowest_terms_maker()


def exact_ratio(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` for two ints, ``denominator > 0``, at about a third of the cost:
    one C-level gcd, then the value is built in lowest terms directly. Scorers make one or two per contestant
    of a field of thousands (issue 16); the value is the same Fraction, equal and equally hashed.

    >>> exact_ratio(-6, 4), exact_ratio(0, 7), exact_ratio(10, 5)
    (Fraction(-3, 2), Fraction(0, 1), Fraction(2, 1))
    """
    divisor = math.gcd(numerator, denominator)
    if divisor == 1:
        return _from_lowest_terms(numerator, denominator)
    return _from_lowest_terms(numerator // divisor, denominator // divisor)


def ratio_and_percentage(numerator: int, denominator: int, top: int) -> tuple[Fraction, Fraction | None]:
    """``Fraction(numerator, denominator)`` and that many units as a percentage of ``top`` units
    (``Fraction(numerator * 100, denominator * top)``, ``None`` when ``top`` is 0), for ints with
    ``denominator > 0`` and ``top >= 0``: what a contestant's total and percentage need, with one gcd of the
    big numbers instead of two (issue 16).

    With ``a / b`` the ratio in lowest terms and ``g = gcd(a, top)``, the percentage is ``(a / g) * 100 / (b *
    (top / g))``, and ``a / g`` shares no factor with ``b * (top / g)``; so only ``gcd(100, b * (top / g))``
    is left, which ``b`` modulo 100 gives.

    >>> ratio_and_percentage(30, 4, 10), ratio_and_percentage(0, 7, 3), ratio_and_percentage(5, 3, 0)
    ((Fraction(15, 2), Fraction(75, 1)), (Fraction(0, 1), Fraction(0, 1)), (Fraction(5, 3), None))
    """
    divisor = math.gcd(numerator, denominator)
    if divisor != 1:
        numerator //= divisor
        denominator //= divisor
    ratio = _from_lowest_terms(numerator, denominator)
    if not top:
        return ratio, None
    divisor = math.gcd(numerator, top)
    if divisor != 1:
        numerator //= divisor
        top //= divisor
    divisor = math.gcd(100, denominator % 100 * top)
    return ratio, _from_lowest_terms(numerator * 100 // divisor, denominator * top // divisor)


def matchpoint_units(scores: Sequence[Number]) -> tuple[int, ...]:
    """Law 78A scoring units for each score on a board: 2 for every other score it beats, 1 for every other
    score it ties. Scores are from one side's point of view (normally North-South's); the other side's units
    are ``top_units(n) - units``. Runs in O(n log n): one sort and a running count, so a board of 10,000
    results is fast.

    >>> matchpoint_units([620, 650, 620, -100, 170])
    (5, 8, 5, 0, 2)
    >>> sum(matchpoint_units([620, 650, 620, -100, 170])) == 5 * 4
    True
    """
    counts = Counter(scores)
    units_of: dict[Number, int] = {}
    below = 0
    for value in sorted(counts):
        count = counts[value]
        units_of[value] = 2 * below + count - 1
        below += count
    return tuple(units_of[s] for s in scores)


def matchpoints(scores: Sequence[Number]) -> tuple[Fraction, ...]:
    """Matchpoints (1 per score beaten, 1/2 per score tied) for each score on a board (Law 78A).

    >>> [str(mp) for mp in matchpoints([620, 650, 620, -100, 170])]
    ['5/2', '4', '5/2', '0', '1']
    """
    return tuple(Fraction(u, 2) for u in matchpoint_units(scores))


def units_percentage(units: Number, top: int) -> Fraction:
    """``units`` as a percentage of ``top``; on a board with a top of 0 (a single result) that is 50 %, the
    value Neuberg factoring would give it.

    >>> units_percentage(9, 12), units_percentage(0, 0)
    (Fraction(75, 1), Fraction(50, 1))
    """
    if top == 0:
        return _HALF_PERCENT
    return Fraction(units) * _HUNDRED / top


def percentages(scores: Sequence[Number]) -> tuple[Fraction, ...]:
    """Each score's units as a percentage of the top of the board (no factoring).

    >>> [str(p) for p in percentages([620, 650, 620, -100, 170])]
    ['125/2', '100', '125/2', '0', '25']
    """
    top = top_units(len(scores))
    return tuple(units_percentage(u, top) for u in matchpoint_units(scores))


def centred_units(scores: Sequence[Number]) -> tuple[int, ...]:
    """Units centred on the average, as Ruter prints them: ``units - (n - 1)``, from ``-(n - 1)`` (bottom) to
    ``n - 1`` (top); a board's centred units sum to 0.

    >>> centred_units([140, 140, 50, -140])
    (2, 2, -1, -3)
    """
    n = len(scores)
    return tuple(u - (n - 1) for u in matchpoint_units(scores))


def neuberg(units: Number, results: int, field: int) -> Fraction:
    """Neuberg factoring: the units a result earned among ``results`` comparable results, scaled to a board
    played ``field`` times: ``(units + 1) * field / results - 1``. The top of the factored board is
    ``2(field - 1)``, and the factored units of a board still average half of it.

    >>> neuberg(34, 18, 19)
    Fraction(647, 18)
    >>> neuberg(5, 4, 4), neuberg(0, 1, 10)
    (Fraction(5, 1), Fraction(9, 1))

    :raises ValueError: if ``results`` is not between 1 and ``field``.
    """
    if not 1 <= results <= field:
        raise ValueError(f"Neuberg factoring needs 1 <= results <= field, got {results=}, {field=}")
    return (Fraction(units) + 1) * field / results - 1


def neuberg_units(scores: Sequence[Number], field: int) -> tuple[Fraction, ...]:
    """:func:`matchpoint_units` of a board factored up to a field of ``field`` results with :func:`neuberg`.

    >>> [str(u) for u in neuberg_units([620, 650, -100], 4)]
    ['3', '17/3', '1/3']
    """
    n = len(scores)
    return tuple(neuberg(u, n, field) for u in matchpoint_units(scores))


class Factoring(enum.Enum):
    """How a board with fewer comparable results than the field is scored (condition of contest, Law 78D)."""

    NEUBERG = "neuberg"
    """Factor with :func:`neuberg` to the field's top (the default; Compscore totals are factored so)."""
    NONE = "none"
    """Leave the board's own units, out of a top of ``2(n - 1)`` for its ``n`` comparable results (JFR
    travellers; Compscore travellers for boards that were not played everywhere)."""


@dataclass(frozen=True, slots=True)
class BoardScore:
    """The outcome of one traveller line: each side's units and percentage of the top.

    For a real or assigned result the percentages are ``units / top``; for an artificial adjusted score they
    are the awarded percentages and the units are that share of the top.
    """

    ns: Fraction
    """North-South's units."""
    ew: Fraction
    """East-West's units."""
    top: int
    """The top these units are out of (``2(field - 1)`` when factored)."""
    ns_percentage: Fraction
    ew_percentage: Fraction
    artificial: bool = False
    """Whether the line is an artificial adjusted score (Law 12C2), left out of the comparison."""


def _resolve_settings(settings: ArtificialScoreSettings | None) -> ArtificialScoreSettings:
    return DEFAULT_SETTINGS if settings is None else settings


class _Comparison:
    """The comparable results of a board: plain scores sorted for bisection, and assigned scores."""

    def __init__(self, plain: list[int], assigned: list[tuple[int, AssignedAdjustedScore]]) -> None:
        self.sorted = sorted(plain)
        self.assigned = assigned

    def ns_units_against_plain(self, score: Number, *, member: bool) -> int:
        lo = bisect_left(self.sorted, score)
        hi = bisect_right(self.sorted, score)
        return 2 * lo + (hi - lo) - (1 if member else 0)

    def ew_units_against_plain(self, score: Number, *, member: bool) -> int:
        lo = bisect_left(self.sorted, score)
        hi = bisect_right(self.sorted, score)
        return 2 * (len(self.sorted) - hi) + (hi - lo) - (1 if member else 0)

    def against_assigned(self, score: Number, *, ew: bool, skip: int | None) -> Fraction:
        """Units ``score`` earns against every assigned line except the one at index ``skip``: North-South
        lines are compared with the other lines' ``ns`` scores, East-West lines with their ``ew`` scores."""
        total = Fraction(0)
        for index, adj in self.assigned:
            if index == skip:
                continue
            weighted: WeightedScore = adj.ew if ew else adj.ns
            for other, weight in weighted.components:
                if ew:
                    total += weight * (2 * (score < other) + (score == other))
                else:
                    total += weight * (2 * (score > other) + (score == other))
        return total


def score_board(
    entries: Sequence[Entry],
    *,
    field: int | None = None,
    factoring: Factoring = Factoring.NEUBERG,
    settings: ArtificialScoreSettings | None = None,
) -> tuple[BoardScore, ...]:
    """Matchpoint one board whose lines may include Law 12 adjusted scores, in the order given.

    * Plain scores (``int``, North-South's) are compared with each other (Law 78A).
    * An :class:`AssignedAdjustedScore` replaces the table result (Law 12C1(a)) and stays in the comparison:
      its side earns the weighted sum of what each component would have earned, and every other line earns,
      against it, the weighted sum of its outcome against each component (Law 12C1(c)). Other North-South
      lines are compared with its ``ns`` score and other East-West lines with its ``ew`` score, so a
      non-balancing assignment (12C1(e)) affects each direction as the side it was given to.
    * An :class:`ArtificialAdjustedScore` (Law 12C2) leaves the comparison; each side receives its percentage
      of the top. ``settings`` values the awards (default: 60/50/40 %). The session rule of Law 12C2(c) needs
      the rest of the session, so it is applied by :func:`score_event`, not here.
    * ``field`` is how many results a full board has (default: the number of lines given). With
      :attr:`Factoring.NEUBERG` (default) the comparable results are factored to that field when there are
      fewer of them, and the top is ``2(field - 1)``; with :attr:`Factoring.NONE` the top is ``2(n - 1)`` for
      the ``n`` comparable results.

    >>> [(str(s.ns), str(s.ew)) for s in score_board([620, 650, 620, -100])]
    [('3', '3'), ('6', '0'), ('3', '3'), ('0', '6')]
    >>> from tenace.scoring.adjusted import Award
    >>> board = score_board([620, 650, 620, ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)])
    >>> [(str(s.ns), str(s.ew), s.artificial) for s in board]
    [('5/3', '13/3', False), ('17/3', '1/3', False), ('5/3', '13/3', False), ('18/5', '12/5', True)]
    >>> weighted = AssignedAdjustedScore.balancing(WeightedScore.of((650, "1/2"), (-100, "1/2")))
    >>> [(str(s.ns), str(s.ew)) for s in score_board([620, 650, 620, weighted])]
    [('2', '4'), ('11/2', '1/2'), ('2', '4'), ('5/2', '7/2')]

    :raises ValueError: if ``field`` is smaller than the number of comparable results.
    """
    plain: list[int] = []
    adjusted: dict[int, AssignedAdjustedScore | ArtificialAdjustedScore] = {}
    for index, entry in enumerate(entries):
        if entry.__class__ is int:  # the common case first, in one test
            plain.append(entry)
        elif isinstance(entry, (AssignedAdjustedScore, ArtificialAdjustedScore)):
            adjusted[index] = entry
        elif isinstance(entry, int) and not isinstance(entry, bool):
            plain.append(entry)
        else:
            raise TypeError(f"a traveller line is an int score or an adjusted score, got {entry!r}")
    by_score, by_line = board_values(plain, adjusted, field=len(entries) if field is None else field,
                                     factoring=factoring, settings=settings)
    if not by_line:
        return tuple(map(by_score.__getitem__, entries))  # type: ignore[arg-type]
    return tuple(by_line[index] if index in by_line else by_score[entry]  # type: ignore[index]
                 for index, entry in enumerate(entries))


def board_values(
    plain: Sequence[int],
    adjusted: Mapping[int, AssignedAdjustedScore | ArtificialAdjustedScore],
    *,
    field: int,
    factoring: Factoring = Factoring.NEUBERG,
    settings: ArtificialScoreSettings | None = None,
) -> tuple[dict[int, BoardScore], dict[int, BoardScore]]:
    """What :func:`score_board` gives, once per distinct score: a board's ``plain`` scores (North-South's, in
    any order) and its ``adjusted`` lines by their index on the traveller, scored as :func:`score_board`
    scores them; the :class:`BoardScore` of each distinct plain score, and of each adjusted line by its
    index. Equal scores score alike (Law 78A), so a big board costs a sort and a few values.

    >>> weighted = AssignedAdjustedScore.balancing(WeightedScore.of((650, "1/2"), (-100, "1/2")))
    >>> by_score, by_line = board_values([620, 650, 620], {3: weighted}, field=4)
    >>> sorted((k, str(v.ns)) for k, v in by_score.items()), str(by_line[3].ns)
    ([(620, '2'), (650, '11/2')], '5/2')

    :raises ValueError: if ``field`` is smaller than the number of comparable results.
    """
    resolved = _resolve_settings(settings)
    assigned = [(index, entry) for index, entry in adjusted.items()
                if isinstance(entry, AssignedAdjustedScore)]
    n = len(plain) + len(assigned)
    if field < n:
        raise ValueError(f"field {field} is smaller than the {n} comparable results on the board")
    factor = factoring is Factoring.NEUBERG and 0 < n < field
    top = top_units(field) if factoring is Factoring.NEUBERG else top_units(n)

    def finish(ns: Fraction, ew: Fraction) -> BoardScore:
        if factor:
            ns, ew = neuberg(ns, n, field), neuberg(ew, n, field)
        return BoardScore(ns, ew, top, units_percentage(ns, top), units_percentage(ew, top))

    by_line: dict[int, BoardScore] = {}
    for index, entry in adjusted.items():
        if isinstance(entry, ArtificialAdjustedScore):
            ns_pct, ew_pct = entry.percentages(resolved)
            by_line[index] = BoardScore(ns_pct * top / _HUNDRED, ew_pct * top / _HUNDRED, top, ns_pct, ew_pct,
                                        artificial=True)
    # one sort gives every distinct score its units (Law 78A): two for each score beaten, one for each tied
    counts = Counter(plain)
    by_score: dict[int, BoardScore] = {}
    if not assigned:
        plain_top = top_units(len(plain))
        below = 0
        for value in sorted(counts):
            count = counts[value]
            ns_plain = 2 * below + count - 1
            below += count
            by_score[value] = finish(Fraction(ns_plain), Fraction(plain_top - ns_plain))
        return by_score, by_line
    # an assigned score stays in the comparison (Law 12C1(c)): weighted by its components
    comparison = _Comparison(list(plain), assigned)
    for value in counts:
        ns_units = comparison.ns_units_against_plain(value, member=True) + comparison.against_assigned(
            value, ew=False, skip=None
        )
        ew_units = comparison.ew_units_against_plain(value, member=True) + comparison.against_assigned(
            value, ew=True, skip=None
        )
        by_score[value] = finish(Fraction(ns_units), Fraction(ew_units))
    for index, entry in assigned:
        ns_units = Fraction(0)
        for score, weight in entry.ns.components:
            own = comparison.ns_units_against_plain(score, member=False)
            ns_units += weight * (own + comparison.against_assigned(score, ew=False, skip=index))
        ew_units = Fraction(0)
        for score, weight in entry.ew.components:
            own = comparison.ew_units_against_plain(score, member=False)
            ew_units += weight * (own + comparison.against_assigned(score, ew=True, skip=index))
        by_line[index] = finish(ns_units, ew_units)
    return by_score, by_line


@dataclass(frozen=True, slots=True)
class TableResult:
    """One line of a traveller with the pairs who played it: ``result`` is North-South's score or a Law 12
    adjusted score."""

    ns_pair: PairId
    ew_pair: PairId
    result: Entry


class TotalScaling(enum.Enum):
    """What a pair's total is when it scored fewer boards than the others (a condition of contest)."""

    TO_EXPECTED_BOARDS = "scaled"
    """Scale the total by ``expected_boards / boards scored``, as Compscore does (the default). Percentages do
    not depend on this choice."""
    NONE = "raw"
    """Report the plain sum of the units scored."""


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's result over an event."""

    pair: PairId
    boards: int
    """Boards scored, including adjusted ones."""
    raw: Fraction
    """Sum of the units scored."""
    available: int
    """Sum of the tops of those boards."""
    total: Fraction
    """The total as reported, after :class:`TotalScaling`."""
    percentage: Fraction
    """``raw / available`` in per cent: the pair's share of the units available on the boards it scored."""


@dataclass(frozen=True, slots=True)
class EventScore:
    """The matchpointed event: every board's lines in the order given, and every pair's total."""

    field: int
    expected_boards: int
    boards: tuple[tuple[int, tuple[BoardScore, ...]], ...]
    """``(board number, scores of its lines)`` in board-number order."""
    totals: tuple[PairTotal, ...]
    """Best percentage first (ties in pair order)."""

    def board(self, number: int) -> tuple[BoardScore, ...]:
        for n, scores in self.boards:
            if n == number:
                return scores
        raise KeyError(f"no board {number} in the event")

    def total(self, pair: PairId) -> PairTotal:
        for t in self.totals:
            if t.pair == pair:
                return t
        raise KeyError(f"no pair {pair!r} in the event")


def best_first(items: Sequence[_T], value: Callable[[_T], Fraction]) -> list[_T]:
    """``items`` by exact ``value``, highest first, equal values in their order in ``items`` (what a stable
    ``sorted(items, key=value, reverse=True)`` gives, without comparing Fractions for every step).

    >>> best_first(["a", "b", "c"], {"a": Fraction(1, 3), "b": Fraction(1, 2), "c": Fraction(1, 3)}.get)
    ['b', 'a', 'c']

    Sorting compares floats, which are cheap: the float nearest a Fraction never puts two values the wrong
    way round, it can only make two different values equal, and those runs are then put in exact order.
    """
    keys = [float(value(item)) for item in items]
    order = sorted(range(len(items)), key=keys.__getitem__, reverse=True)  # stable, even reversed
    out = [items[i] for i in order]
    start = 0
    while start < len(out):
        end = start + 1
        while end < len(out) and keys[order[end]] == keys[order[start]]:
            end += 1
        if end - start > 1:
            out[start:end] = sorted(out[start:end], key=value, reverse=True)
        start = end
    return out


_BOARDS_MASK: Final = (1 << 24) - 1
_TOPS_SHIFT: Final = 24
_TOPS_MASK: Final = (1 << 40) - 1
_UNITS_SHIFT: Final = 64


def _pair_sum(units: int, top: int) -> int:
    """One line's part of a pair's sum in :func:`score_event`: the units' numerator from bit 64 up, the top in
    bits 24-63, 1 (a board) in bits 0-23. Sums of these add each field separately: 2**24 boards and 2**40
    units of top are far more than any event has, and the units, which are highest, may be any int."""
    return (units << _UNITS_SHIFT) | (top << _TOPS_SHIFT) | 1


def _award_sides(entry: Entry) -> tuple[bool, bool]:
    if isinstance(entry, ArtificialAdjustedScore):
        return isinstance(entry.ns, Award), isinstance(entry.ew, Award)
    return False, False


def score_event(
    boards: Mapping[int, Sequence[TableResult]],
    *,
    field: int | None = None,
    expected_boards: int | None = None,
    factoring: Factoring = Factoring.NEUBERG,
    scaling: TotalScaling = TotalScaling.TO_EXPECTED_BOARDS,
    settings: ArtificialScoreSettings | None = None,
) -> EventScore:
    """Matchpoint every board of a session and add up each pair's units.

    * ``field`` (default: the most lines on any board) is the full number of results a board is factored to.
    * Artificial adjusted scores given as :class:`~tenace.scoring.adjusted.Award` values get the Law 12C2(c)
      session rule (unless ``settings.session_rule`` is off): a pair's session percentage is its percentage on
      the boards where it did not receive such an award; average-plus becomes that percentage when higher and
      average-minus when lower.
    * ``expected_boards`` (default: the most boards any pair scored) is what
      :attr:`TotalScaling.TO_EXPECTED_BOARDS` scales totals to; percentages are always the units scored over
      the tops available on the boards scored.

    >>> lines = {1: [TableResult("1NS", "1EW", 620), TableResult("2NS", "2EW", 650)],
    ...          2: [TableResult("1NS", "2EW", -100), TableResult("2NS", "1EW", 100)]}
    >>> event = score_event(lines)
    >>> [(t.pair, str(t.total), str(t.percentage)) for t in event.totals]
    [('2NS', '4', '100'), ('1EW', '2', '50'), ('2EW', '2', '50'), ('1NS', '0', '0')]
    """
    resolved = _resolve_settings(settings)
    numbers = sorted(boards)
    full = field if field is not None else max((len(boards[b]) for b in numbers), default=0)
    scored: dict[int, tuple[BoardScore, ...]] = {
        b: score_board(
            [line.result for line in boards[b]], field=full, factoring=factoring, settings=resolved
        )
        for b in numbers
    }
    # Every value on the event's boards becomes a whole numerator over one common denominator (the least
    # common multiple of the boards' denominators: 1 without factoring, the comparable counts with Neuberg),
    # so that a pair's sum is integer addition; each pair's Fraction is made once, at the end.
    distinct = [{id(score): score for score in scored[b]} for b in numbers]
    common = 1
    for scores in distinct:
        for score in scores.values():
            common = math.lcm(common, score.ns.denominator, score.ew.denominator)
    # per pair, in order of first appearance, one int: the units as numerators over ``common``, then the tops
    # available and the boards in fixed-width fields below them (_pair_sums), so a line adds one int per side
    tally: dict[PairId, int] = {}
    get = tally.get
    # Law 12C2(c): what each pair scored on boards where it received an Award, taken out of its session
    award_raw: dict[PairId, int] = {}
    award_available: dict[PairId, int] = {}
    for b, scores in zip(numbers, distinct, strict=True):
        packs = {
            key: (_pair_sum(score.ns.numerator * (common // score.ns.denominator), score.top),
                  _pair_sum(score.ew.numerator * (common // score.ew.denominator), score.top))
            for key, score in scores.items()
        }
        for line, (ns_pack, ew_pack) in zip(boards[b], map(packs.__getitem__, map(id, scored[b])),
                                            strict=True):
            ns, ew = line.ns_pair, line.ew_pair
            tally[ns] = get(ns, 0) + ns_pack
            tally[ew] = get(ew, 0) + ew_pack
            if line.result.__class__ is not int:
                ns_award, ew_award = _award_sides(line.result)
                for pair, pack, awarded in ((ns, ns_pack, ns_award), (ew, ew_pack, ew_award)):
                    if awarded:
                        award_raw[pair] = award_raw.get(pair, 0) + (pack >> _UNITS_SHIFT)
                        award_available[pair] = award_available.get(pair, 0) + ((pack >> _TOPS_SHIFT)
                                                                                & _TOPS_MASK)
    sums = {pair: (packed >> _UNITS_SHIFT, (packed >> _TOPS_SHIFT) & _TOPS_MASK, packed & _BOARDS_MASK)
            for pair, packed in tally.items()}

    def session(pair: PairId) -> Fraction | None:
        units, top, _ = sums[pair]
        top -= award_available.get(pair, 0)
        if not top:
            return None
        return exact_ratio((units - award_raw.get(pair, 0)) * 100, common * top)

    changed: dict[PairId, Fraction] = {}  # what the session rule changed (few pairs)
    if resolved.session_rule:
        for b in numbers:
            updated = list(scored[b])
            for i, line in enumerate(boards[b]):
                entry = line.result
                if not isinstance(entry, ArtificialAdjustedScore):
                    continue
                ns_pct, ew_pct = entry.percentages(
                    resolved, ns_session=session(line.ns_pair), ew_session=session(line.ew_pair)
                )
                old = updated[i]
                if (ns_pct, ew_pct) == (old.ns_percentage, old.ew_percentage):
                    continue
                top = old.top
                new = BoardScore(
                    ns_pct * top / _HUNDRED, ew_pct * top / _HUNDRED, top, ns_pct, ew_pct, artificial=True
                )
                changed[line.ns_pair] = changed.get(line.ns_pair, Fraction(0)) + new.ns - old.ns
                changed[line.ew_pair] = changed.get(line.ew_pair, Fraction(0)) + new.ew - old.ew
                updated[i] = new
            scored[b] = tuple(updated)

    expected = (expected_boards if expected_boards is not None
                else max((boards_scored for _, _, boards_scored in sums.values()), default=0))
    totals = []
    scaled = scaling is TotalScaling.TO_EXPECTED_BOARDS
    for pair, (units, available, boards_scored) in sums.items():
        if pair in changed:
            pair_raw = Fraction(units, common) + changed[pair]
            total = pair_raw * expected / boards_scored if scaled else pair_raw
            percentage = units_percentage(pair_raw, available)
        else:  # each value straight from integers, with one gcd of the big numbers
            pair_raw, shown = ratio_and_percentage(units, common, available)
            total = (exact_ratio(units * expected, common * boards_scored)
                     if scaled and boards_scored != expected else pair_raw)
            percentage = _HALF_PERCENT if shown is None else shown
        totals.append(PairTotal(pair, boards_scored, pair_raw, available, total, percentage))
    totals = best_first(totals, lambda t: t.percentage)
    return EventScore(full, expected, tuple((b, scored[b]) for b in numbers), tuple(totals))


def rounded(value: Number, places: int = 2, rounding: str = decimal.ROUND_HALF_EVEN) -> decimal.Decimal:
    """An exact value rounded to ``places`` decimals for display, with a :mod:`decimal` rounding mode for
    halves (default: halves to even, as Compscore does; Ruter rounds percentages half up).

    >>> rounded(Fraction(3785, 100), 1), rounded(Fraction(215, 100), 1)
    (Decimal('37.8'), Decimal('2.2'))
    >>> rounded(Fraction(3785, 100), 1, decimal.ROUND_HALF_UP), rounded(Fraction(-1, 3), 2)
    (Decimal('37.9'), Decimal('-0.33'))
    >>> rounded(Fraction(500, 6), 0, decimal.ROUND_HALF_UP)
    Decimal('83')
    """
    if places < 0:
        raise ValueError(f"places must be 0 or more, got {places}")
    q = Fraction(value) * 10**places
    floor = math.floor(q)
    rest = q - floor
    quantum = decimal.Decimal(1).scaleb(-places)
    with decimal.localcontext() as ctx:
        ctx.prec = len(str(abs(floor))) + places + 4  # enough for every digit: the result is exact
        if rest == 0:
            return decimal.Decimal(floor).scaleb(-places).quantize(quantum)
        # One extra digit below, at or above the half is all any rounding mode needs to know.
        digit = 4 if rest < Fraction(1, 2) else 5 if rest == Fraction(1, 2) else 6
        return decimal.Decimal(floor * 10 + digit).scaleb(-places - 1).quantize(quantum, rounding=rounding)
