"""The fast matchpoint paths (integer units, one common denominator per event, floats only to sort) give the
same exact results as a slow, plain definition written here with Fractions from Laws 12C, 78A and Neuberg's
formula.

The reference compares every pair of lines on a board one by one (O(n^2)), multiplies the weights of the
components out, factors with Neuberg line by line and adds the totals up as Fractions: nothing is shared
with :mod:`tenace.scoring.matchpoints` but the data types.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.contract import Contract
from tenace.scoring.adjusted import (
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    Award,
    WeightedScore,
)
from tenace.scoring.matchpoints import (
    BoardScore,
    Entry,
    Factoring,
    PairTotal,
    TableResult,
    TotalScaling,
    best_first,
    score_board,
    score_event,
)
from tenace.tournament.model import Conditions, Event, EventKind, Participant, Result
from tenace.tournament.scoring import score_event as tournament_score_event

LAW_PERCENT = {Award.AVERAGE_PLUS: Fraction(60), Award.AVERAGE: Fraction(50),
               Award.AVERAGE_MINUS: Fraction(40)}


def components(side: WeightedScore) -> list[tuple[int, Fraction]]:
    return list(side.components)


def sides(entry: Entry) -> tuple[list[tuple[int, Fraction]], list[tuple[int, Fraction]]]:
    """What North-South and East-West are compared on: (score, weight) lists."""
    if isinstance(entry, AssignedAdjustedScore):
        return components(entry.ns), components(entry.ew)
    assert isinstance(entry, int)
    return [(entry, Fraction(1))], [(entry, Fraction(1))]


def outcome(mine: int, other: int) -> int:
    """Law 78A: two units for a score beaten, one for a tie."""
    return 2 if mine > other else 1 if mine == other else 0


def side_percent(side: Award | Fraction, session: Fraction | None) -> Fraction:
    """Law 12C2: the Law's 60/50/40 %, and the session rule of 12C2(c) when a session value is given."""
    if not isinstance(side, Award):
        return Fraction(side)
    value = LAW_PERCENT[side]
    if session is not None and side is Award.AVERAGE_PLUS:
        return max(value, session)
    if session is not None and side is Award.AVERAGE_MINUS:
        return min(value, session)
    return value


def reference_board(
    entries: list[Entry], field: int, factoring: Factoring
) -> list[tuple[Fraction, Fraction, int]]:
    """(ns units, ew units, top) of each line, artificial lines at their Law values (no session rule)."""
    comparable = [i for i, e in enumerate(entries) if not isinstance(e, ArtificialAdjustedScore)]
    n = len(comparable)
    top = 2 * (field - 1) if factoring is Factoring.NEUBERG else max(0, 2 * (n - 1))
    out = []
    for i, entry in enumerate(entries):
        if isinstance(entry, ArtificialAdjustedScore):
            ns_pct, ew_pct = side_percent(entry.ns, None), side_percent(entry.ew, None)
            out.append((ns_pct * top / 100, ew_pct * top / 100, top))
            continue
        ns_side, ew_side = sides(entry)
        ns = ew = Fraction(0)
        for j in comparable:
            if j == i:
                continue
            other_ns, other_ew = sides(entries[j])
            for a, wa in ns_side:
                for b, wb in other_ns:
                    ns += wa * wb * outcome(a, b)
            for a, wa in ew_side:
                for b, wb in other_ew:
                    ew += wa * wb * outcome(b, a)  # East-West gain when North-South's score is lower
        if factoring is Factoring.NEUBERG and n < field:
            ns, ew = (ns + 1) * field / n - 1, (ew + 1) * field / n - 1
        out.append((ns, ew, top))
    return out


def reference_event(
    boards: dict[int, list[TableResult]], factoring: Factoring, scaling: TotalScaling, session_rule: bool
) -> list[tuple[str, int, Fraction, int, Fraction, Fraction]]:
    """Each pair's (pair, boards, raw, available, total, percentage), best percentage first."""
    field = max(len(lines) for lines in boards.values())
    scored = {b: reference_board([line.result for line in lines], field, factoring)
              for b, lines in boards.items()}
    pairs: list[str] = []
    raw: dict[str, Fraction] = {}
    available: dict[str, int] = {}
    count: dict[str, int] = {}
    session_units: dict[str, Fraction] = {}
    session_tops: dict[str, int] = {}
    for b in sorted(boards):
        for line, (ns, ew, top) in zip(boards[b], scored[b], strict=True):
            entry = line.result
            for pair, units, side in ((line.ns_pair, ns, "ns"), (line.ew_pair, ew, "ew")):
                assert isinstance(pair, str)
                if pair not in raw:
                    pairs.append(pair)
                raw[pair] = raw.get(pair, Fraction(0)) + units
                available[pair] = available.get(pair, 0) + top
                count[pair] = count.get(pair, 0) + 1
                given = getattr(entry, side, None)
                awarded = isinstance(entry, ArtificialAdjustedScore) and isinstance(given, Award)
                if not awarded:
                    session_units[pair] = session_units.get(pair, Fraction(0)) + units
                    session_tops[pair] = session_tops.get(pair, 0) + top
    if session_rule:
        for b in sorted(boards):
            for line, (ns, ew, top) in zip(boards[b], scored[b], strict=True):
                entry = line.result
                if not isinstance(entry, ArtificialAdjustedScore):
                    continue
                for pair, award, old in ((line.ns_pair, entry.ns, ns), (line.ew_pair, entry.ew, ew)):
                    assert isinstance(pair, str)
                    tops = session_tops.get(pair, 0)
                    session = session_units[pair] * 100 / tops if tops else None
                    raw[pair] += side_percent(award, session) * top / 100 - old
    expected = max(count.values())
    rows = []
    for pair in pairs:
        scaled = scaling is TotalScaling.TO_EXPECTED_BOARDS
        total = raw[pair] * expected / count[pair] if scaled else raw[pair]
        pct = raw[pair] * 100 / available[pair] if available[pair] else Fraction(50)
        rows.append((pair, count[pair], raw[pair], available[pair], total, pct))
    order = {pair: i for i, pair in enumerate(pairs)}
    rows.sort(key=lambda r: (-r[5], order[r[0]]))
    return rows


SCORES = st.sampled_from([-500, -100, -50, 90, 110, 120, 140, 420, 450, 620, 1430])
AWARDS = st.sampled_from([Award.AVERAGE_PLUS, Award.AVERAGE, Award.AVERAGE_MINUS])
SIDE = st.one_of(AWARDS, AWARDS, st.sampled_from([Fraction(0), Fraction(60), Fraction(123, 2)]))
WEIGHTED = st.lists(st.tuples(SCORES, st.integers(1, 5)), min_size=1, max_size=3).map(
    lambda comps: WeightedScore.of(*((s, Fraction(w, sum(w for _, w in comps))) for s, w in comps))
)
ADJUSTED: st.SearchStrategy[ArtificialAdjustedScore | AssignedAdjustedScore] = st.one_of(
    st.builds(ArtificialAdjustedScore, SIDE, SIDE),
    WEIGHTED.map(AssignedAdjustedScore.balancing),
    st.builds(AssignedAdjustedScore, WEIGHTED, WEIGHTED),
)
ENTRY = st.one_of(SCORES, SCORES, SCORES, SCORES, SCORES, SCORES, ADJUSTED, ADJUSTED, ADJUSTED)


@st.composite
def events(draw: st.DrawFn) -> dict[int, list[TableResult]]:
    """A Mitchell-like event: table t's North-South pair meets a different East-West pair on each board;
    some tables miss some boards (Neuberg), and lines are scores or adjusted scores."""
    tables = draw(st.integers(1, 7))
    boards = draw(st.integers(1, 5))
    event: dict[int, list[TableResult]] = {}
    for board in range(1, boards + 1):
        lines = []
        for table in range(tables):
            if draw(st.integers(0, 5)) == 0 and table:  # now and then a result is missing
                continue
            lines.append(TableResult(f"{table + 1}NS", f"{(table + board) % tables + 1}EW", draw(ENTRY)))
        event[board] = lines
    return event


@settings(max_examples=300, deadline=None)
@given(events(), st.sampled_from(Factoring), st.sampled_from(TotalScaling), st.booleans())
def test_score_event_matches_plain_fraction_definition(
    event: dict[int, list[TableResult]], factoring: Factoring, scaling: TotalScaling, session_rule: bool
) -> None:
    rules = ArtificialScoreSettings(session_rule=session_rule)
    scored = score_event(event, factoring=factoring, scaling=scaling, settings=rules)
    expected = reference_event(event, factoring, scaling, session_rule)
    got = [(t.pair, t.boards, t.raw, t.available, t.total, t.percentage) for t in scored.totals]
    assert got == expected
    assert all(type(t.raw) is Fraction and type(t.total) is Fraction and type(t.percentage) is Fraction
               for t in scored.totals)


@settings(max_examples=300, deadline=None)
@given(st.lists(ENTRY, min_size=1, max_size=12), st.integers(0, 3), st.sampled_from(Factoring))
def test_score_board_matches_plain_fraction_definition(
    entries: list[Entry], extra: int, factoring: Factoring
) -> None:
    field = len(entries) + extra
    scored = score_board(entries, field=field, factoring=factoring)
    expected = reference_board(entries, field, factoring)
    assert [(s.ns, s.ew, s.top) for s in scored] == expected
    for s in scored:
        assert isinstance(s, BoardScore) and type(s.ns) is Fraction and type(s.ew) is Fraction
        if s.top and not s.artificial:
            assert (s.ns_percentage, s.ew_percentage) == (s.ns * 100 / s.top, s.ew * 100 / s.top)


def test_equal_percentages_that_floats_cannot_tell_apart_stay_in_exact_order() -> None:
    """Two totals 1/10**20 apart are the same float: the ranking must still put the larger first."""
    base, tiny = Fraction(50), Fraction(1, 10**20)
    assert float(base + tiny) == float(base)
    items = [PairTotal("a", 1, base, 1, base, base), PairTotal("b", 1, base, 1, base, base + tiny),
             PairTotal("c", 1, base, 1, base, base), PairTotal("d", 1, base, 1, base, base - tiny)]
    assert [t.pair for t in best_first(items, lambda t: t.percentage)] == ["b", "a", "c", "d"]


CONTRACTS = ["4SN", "3NTS", "4HE", "2DW", "1NTN", "5CXE", "3SN", "6NTS", "2HXXE", "4SW"]


@st.composite
def pairs_events(draw: st.DrawFn) -> list[Result]:
    """Entered results (contracts and tricks, or adjusted scores) of a Mitchell-like event, some missing."""
    tables = draw(st.integers(2, 6))
    boards = draw(st.integers(1, 4))
    results = []
    for board in range(1, boards + 1):
        for table in range(tables):
            if draw(st.integers(0, 6)) == 0:
                continue
            ns, ew = f"{table + 1}NS", f"{(table + board) % tables + 1}EW"
            entry = draw(st.one_of(st.none(), st.none(), st.none(), ADJUSTED))
            if entry is None:
                contract = Contract.from_str(draw(st.sampled_from(CONTRACTS)))
                tricks = draw(st.integers(max(0, contract.level + 3), 13))
                results.append(Result(board, 1, table + 1, ns, ew, contract, tricks))
            else:
                results.append(Result(board, 1, table + 1, ns, ew, adjusted=entry))
    return results


@settings(max_examples=60, deadline=None)
@given(pairs_events())
def test_tournament_scoring_matches_plain_fraction_definition(results: list[Result]) -> None:
    """The whole path from entered results to ranked totals (tenace.tournament.scoring) against the plain
    definition above, fed with each result's Law 77 score from Result.ns_score."""
    boards: dict[int, list[TableResult]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(TableResult(r.ns, r.ew, r.ns_score()))
    pairs = sorted({p for r in results for p in (r.ns, r.ew)})
    event = Event("fast", EventKind.PAIRS, Conditions(), tuple(Participant(p, p) for p in pairs))
    scored = tournament_score_event(event, results)
    if not results:
        return
    reference = reference_event(boards, Factoring.NEUBERG, TotalScaling.TO_EXPECTED_BOARDS, True)
    expected: dict[str, tuple[Fraction, Fraction | None, int]] = {}
    for pair, _, _, available, total, pct in reference:
        same_direction = [t for p, _, _, _, t, _ in reference if p[-2:] == pair[-2:]]
        # a field of one result has no top: the event shows no percentage (score_event above shows 50)
        expected[pair] = (total, pct if available else None, 1 + sum(t > total for t in same_direction))
    got = {s.contestant: (s.total, s.percentage, s.rank)
           for ranking in scored.rankings for s in ranking.standings}
    assert got == expected


@settings(max_examples=500, deadline=None)
@given(st.integers(-(10**40), 10**40), st.integers(1, 10**40), st.integers(0, 10**12))
def test_exact_ratio_and_percentage_are_the_fractions(numerator: int, denominator: int, top: int) -> None:
    """The fast constructors give Fractions in lowest terms, equal and equally hashed to the plain ones."""
    from tenace.scoring.matchpoints import exact_ratio, ratio_and_percentage

    ratio, percentage = ratio_and_percentage(numerator, denominator, top)
    plain = Fraction(numerator, denominator)
    for fast in (ratio, exact_ratio(numerator, denominator)):
        assert type(fast) is Fraction and fast == plain and hash(fast) == hash(plain)
        assert (fast.numerator, fast.denominator) == (plain.numerator, plain.denominator)
    if top == 0:
        assert percentage is None
    else:
        expected = Fraction(numerator * 100, denominator * top)
        assert percentage is not None and type(percentage) is Fraction and hash(percentage) == hash(expected)
        assert (percentage.numerator, percentage.denominator) == (expected.numerator, expected.denominator)
