"""The columnar matchpoint scorer (issue 16) against the general per-line scorer, on random fields.

Both are exact, so their results must be equal value for value: every traveller line (units and
percentages), every ranking (places, totals, percentages, boards, sessions). The fields have ties (a few
likely results per board), missing results (Neuberg factoring), a phantom pair, artificial adjusted scores
with Awards and with explicit percentages (the Law 12C2(c) session rule on or off), assigned and weighted
scores (balancing or not), a vulnerability given on some results, two sessions, a carry-over, both total
scalings and the boards-won tie-break.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
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
from tenace.scoring.matchpoints import TotalScaling
from tenace.tournament.model import Conditions, Event, Penalty, Result, TieBreak
from tenace.tournament.scoring import _ColumnarScorer, _PackedTallies, _PairsScorer, score_event
from tenace.tournament.standings import EventResults

from ._events import mitchell, pairs_event

OUTCOMES = ("4SN", "3NTS", "4HE", "2DW", "1NTN", "5CXE", "3SN", "6NTS")
AWARDS = (Award.AVERAGE_PLUS, Award.AVERAGE, Award.AVERAGE_MINUS)


def _field(rng: random.Random, tables: int, boards_per_round: int, sessions: int,
           adjusted: float) -> tuple[Event, list[Result]]:
    movements = [mitchell(tables, boards_per_round) for _ in range(sessions)]
    conditions = Conditions(
        total_scaling=rng.choice(list(TotalScaling)),
        tie_break=rng.choice((TieBreak.SHARE, TieBreak.MORE_BOARDS_WON)),
        artificial=ArtificialScoreSettings(session_rule=rng.random() < 0.7),
    )
    carry = (("1NS", Fraction(rng.randint(0, 9), rng.randint(1, 3))),) if rng.random() < 0.3 else ()
    phantoms = ["2EW"] if tables > 1 and rng.random() < 0.2 else []  # not ranked
    absent = phantoms if rng.random() < 0.5 else []  # its tables have no result; else scores were entered
    event = pairs_event(conditions=conditions, sessions=[(m,) for m in movements], carry_over=carry,
                        phantoms=phantoms)
    results = []
    for number, movement in enumerate(movements, start=1):
        likely = {b: rng.sample(OUTCOMES, rng.randint(1, 4)) for b in movement.boards}
        for seat in movement.seatings:
            for board in seat.boards:
                roll = rng.random()
                if roll < 0.1 or seat.ew in absent:
                    continue  # not played: Neuberg
                kw: dict[str, object] = {"session": number}
                if roll < 0.1 + adjusted / 2:
                    ns = rng.choice(AWARDS) if rng.random() < 0.8 else Fraction(rng.randint(0, 100))
                    ew = rng.choice(AWARDS) if rng.random() < 0.8 else Fraction(rng.randint(0, 100))
                    kw["adjusted"] = ArtificialAdjustedScore(ns, ew)
                elif roll < 0.1 + adjusted:
                    third = Fraction(rng.randint(1, 3), 4)
                    ns_side = WeightedScore.of((rng.choice((420, -50, 140)), third),
                                               (rng.choice((620, -100, 170)), 1 - third))
                    ew_side = ns_side if rng.random() < 0.7 else WeightedScore.single(rng.choice((420, 100)))
                    kw["adjusted"] = AssignedAdjustedScore(ns_side, ew_side)
                else:
                    contract = Contract.from_str(rng.choice(likely[board]))
                    kw["contract"] = contract
                    kw["tricks"] = contract.level + 6 + rng.choice((-1, 0, 0, 1))
                    if rng.random() < 0.05:
                        kw["vulnerable"] = (rng.random() < 0.5, rng.random() < 0.5)
                results.append(Result(board, seat.round, seat.table, seat.ns, seat.ew, **kw))  # type: ignore[arg-type]
    return event, results


def _same(event: Event, results: list[Result]) -> EventResults:
    general_scorer, columnar_scorer = _PairsScorer(event, tuple(results), ()), _ColumnarScorer(event, ())
    general = general_scorer.run()
    columnar = columnar_scorer.run_columns(tuple(results))
    assert columnar is not None, "the columnar path declined a field it covers"
    # what each contestant scored in each session, boards won (the boards-won tie-break) included
    tallies = columnar_scorer.tallies  # made from the packed sums, as the rankings read them
    assert isinstance(tallies, _PackedTallies)
    assert ({k: (t.points, t.available, t.boards, t.won) for k, t in tallies.complete().items()}
            == {k: (t.points, t.available, t.boards, t.won) for k, t in general_scorer.tallies.items()})
    assert columnar.travellers == general.travellers
    assert columnar.rankings == general.rankings
    assert columnar == general
    for ours, theirs in zip(columnar.travellers, general.travellers, strict=True):  # Fractions, not ints
        for a, b in zip(ours.lines, theirs.lines, strict=True):
            assert type(a.ns_points) is type(b.ns_points) and type(a.ns_percentage) is type(b.ns_percentage)
    return columnar


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), tables=st.sampled_from([1, 3, 5, 7]), boards=st.integers(1, 3),
       sessions=st.integers(1, 2), adjusted=st.sampled_from([0.0, 0.05, 0.3]))
def test_columnar_scorer_gives_what_the_general_scorer_gives(seed: int, tables: int, boards: int,
                                                             sessions: int, adjusted: float) -> None:
    event, results = _field(random.Random(seed), tables, boards, sessions, adjusted)
    _same(event, results)


def test_a_big_field_with_every_kind_of_line() -> None:
    rng = random.Random(16)
    event, results = _field(rng, 13, 2, 1, 0.02)
    scored = _same(event, results)
    assert scored.rankings[0].title == "NS" and len(scored.rankings[0].standings) == 13


def _faulty(results: list[Result]) -> list[Result]:
    first = results[0]
    return [*results, Result(first.board, 9, 9, first.ns, "2EW", first.contract, first.tricks)]


@pytest.mark.parametrize("change", ["duplicate", "stranger", "fouled", "penalty", "head-to-head"])
def test_what_the_columns_do_not_cover_goes_to_the_general_scorer(change: str) -> None:
    event, results = _field(random.Random(5), 5, 2, 1, 0.0)
    penalties: tuple[Penalty, ...] = ()
    if change == "duplicate":
        results = _faulty(results)
    elif change == "stranger":
        r = results[0]
        results[0] = Result(r.board, r.round, r.table, "99NS", r.ew, r.contract, r.tricks)
    elif change == "fouled":
        r = results[0]
        results[0] = Result(r.board, r.round, r.table, r.ns, r.ew, r.contract, r.tricks, group=1)
    elif change == "penalty":
        penalties = (Penalty("1NS", Fraction(1), "Law 90", "late"),)
    else:
        event = Event(event.name, event.kind, Conditions(tie_break=TieBreak.HEAD_TO_HEAD), event.participants,
                      event.sessions)
    assert _ColumnarScorer(event, penalties).run_columns(tuple(results)) is None
    if change in ("duplicate", "stranger"):  # the general scorer names the fault
        with pytest.raises(ValueError, match="already has a result|no contestant"):
            score_event(event, results, penalties)
    else:
        assert score_event(event, results, penalties) == _PairsScorer(event, tuple(results), penalties).run()


def test_the_fast_constructors_make_the_same_frozen_values() -> None:
    import dataclasses

    from tenace.tournament.ranking import Entrant, new_entrant
    from tenace.tournament.standings import Standing, TravellerLine, new_standing, new_traveller_line

    result = Result(1, 1, 1, "1NS", "1EW", Contract.from_str("4SN"), 10)
    third = Fraction(1, 3)
    cases: list[tuple[Any, Any]] = [
        (new_traveller_line(result, 420, third, 1 - third, Fraction(25), Fraction(75)),
         TravellerLine(result, 420, third, 1 - third, Fraction(25), Fraction(75))),
        (new_standing(2, True, "1NS", "Ann", 24, third, None, Fraction(1), Fraction(0), ((1, third),)),
         Standing(2, True, "1NS", "Ann", 24, third, None, Fraction(1), Fraction(0), ((1, third),))),
        (new_entrant("1NS", "Ann", 24, third, Fraction(50), Fraction(0), Fraction(2), ((1, third),), 7),
         Entrant("1NS", "Ann", 24, third, Fraction(50), Fraction(0), Fraction(2), ((1, third),), 7)),
    ]
    for fast, plain in cases:
        assert type(fast) is type(plain)
        assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
        assert dataclasses.astuple(fast) == dataclasses.astuple(plain)
        for name in (f.name for f in dataclasses.fields(plain)):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(fast, name, None)


def test_traveller_lines_are_made_when_first_read() -> None:
    """The columnar path leaves each traveller's lines to be made when read (issue 16); what is read,
    compared, hashed, printed or pickled is the same value as the general scorer's eager one."""
    import pickle

    from tenace.tournament.standings import Traveller

    event, results = _field(random.Random(7), 7, 2, 1, 0.05)
    columnar = score_event(event, results)
    general = _PairsScorer(event, tuple(results), ()).run()
    raw = Traveller.lines.__get__  # the slot itself, without making the lines
    assert all(not isinstance(raw(t, Traveller), tuple) for t in columnar.travellers)
    first = columnar.travellers[0]
    lines = first.lines
    assert isinstance(lines, tuple) and raw(first, Traveller) is lines and first.lines is lines
    assert lines == general.travellers[0].lines
    assert all(not isinstance(raw(t, Traveller), tuple) for t in columnar.travellers[1:])
    assert [hash(t) for t in columnar.travellers] == [hash(t) for t in general.travellers]
    assert [repr(t) for t in columnar.travellers] == [repr(t) for t in general.travellers]
    again = score_event(event, results)
    assert pickle.loads(pickle.dumps(again)) == general


@pytest.mark.parametrize("how", ["both directions", "adjusted twice", "adjusted and played"])
def test_a_contestant_twice_on_a_board_is_left_to_the_general_scorer(how: str) -> None:
    """Two results for one contestant on a board, however they come (one North-South and one East-West, or
    adjusted lines the general code tallies): the columns decline and the general scorer names the fault."""
    event, results = _field(random.Random(3), 5, 2, 1, 0.0)
    first = results[0]
    other = next(r for r in results if r.board == first.board and r.ns != first.ns)
    artificial = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    if how == "both directions":  # first.ns also sits East-West at another table on the board
        results.append(Result(first.board, 9, 9, other.ns, first.ns, first.contract, first.tricks))
        results.remove(other)
    elif how == "adjusted twice":
        results[0] = Result(first.board, first.round, first.table, first.ns, first.ew, adjusted=artificial)
        results.append(Result(first.board, 9, 9, first.ns, "9EW", adjusted=artificial))
    else:
        results.append(Result(first.board, 9, 9, first.ns, "9EW", adjusted=artificial))
    event = pairs_event(mitchell(9, 1), conditions=event.conditions) if how != "both directions" else event
    assert _ColumnarScorer(event, ()).run_columns(tuple(results)) is None
    with pytest.raises(ValueError, match="already has a result"):
        score_event(event, results)


def _refuse_general_rankings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the general code's rankings fail, so that a test shows the columnar path did without them."""

    def refuse(self: object) -> object:
        raise AssertionError("the general rankings were used")

    monkeypatch.setattr(_PairsScorer, "_rankings", refuse)


@pytest.mark.parametrize("tie_break", [TieBreak.SHARE, TieBreak.MORE_BOARDS_WON])
def test_the_integer_ranking_is_the_general_one(tie_break: TieBreak, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a 13-table field where most totals tie, the columnar rankings (integer keys, no Entrant) are the
    general ones: equal totals share a place in natural order ("2" before "10"), or are split by boards won;
    and they are made without the general ranking code."""
    event = pairs_event(mitchell(13, 1), conditions=Conditions(tie_break=tie_break))
    rng = random.Random(13)
    results = []
    for seat in event.sessions[0].movements[0].seatings:
        for board in seat.boards:
            contract = Contract.from_str("4SN" if rng.random() < 0.8 else "4SS")
            results.append(Result(board, seat.round, seat.table, seat.ns, seat.ew, contract,
                                  10 if rng.random() < 0.7 else 11))
    general = _PairsScorer(event, tuple(results), ()).run()
    _refuse_general_rankings(monkeypatch)
    columnar = _ColumnarScorer(event, ()).run_columns(tuple(results))
    assert columnar is not None and columnar.rankings == general.rankings
    places = [s.place for r in columnar.rankings for s in r.standings]
    assert any(p.endswith("=") for p in places)
    for ranking in columnar.rankings:
        for a, b in zip(ranking.standings, ranking.standings[1:], strict=False):
            if a.rank == b.rank:
                assert int(a.contestant[:-2]) < int(b.contestant[:-2])


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_several_sessions_and_a_carry_over_are_ranked_without_the_general_code(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two sessions, a carry-over (one of them for a pair who played only the first session): the columnar
    rankings add the sessions up as integer fractions and give the general rankings, without calling them."""
    import dataclasses

    event, results = _field(random.Random(seed), 7, 2, 2, 0.05)
    event = dataclasses.replace(event, carry_over=(("1NS", Fraction(7, 3)), ("3NS", Fraction(-2))))
    results = [r for r in results if not (r.session == 2 and r.ns == "3NS")]
    general = _PairsScorer(event, tuple(results), ()).run()
    _refuse_general_rankings(monkeypatch)
    columnar = _ColumnarScorer(event, ()).run_columns(tuple(results))
    assert columnar is not None and columnar.rankings == general.rankings
    first, third = columnar.standing("1NS"), columnar.standing("3NS")
    assert first.carry_over == Fraction(7, 3) and [s for s, _ in first.sessions] == [1, 2]
    assert first.total == sum((t for _, t in first.sessions), Fraction(7, 3))
    assert third.carry_over == -2 and [s for s, _ in third.sessions] == [1]


def test_the_columns_read_law_77_as_points_score_does() -> None:
    """The columnar read's table, signed from North-South's side for each of the four vulnerabilities, is
    :func:`~tenace.scoring.points.score` for every contract, declarer and number of tricks."""
    from tenace.calls import Denomination
    from tenace.contract import Doubling
    from tenace.scoring.points import score
    from tenace.seats import Seat
    from tenace.tournament.scoring import _signed_law77

    for vulnerable in ((False, False), (True, False), (False, True), (True, True)):
        table = _signed_law77(vulnerable)
        assert len(table) == 7 * 5 * 3 * 4
        for level in range(1, 8):
            for denomination in Denomination:
                for doubling in Doubling:
                    for seat in Seat:
                        north_south = seat in (Seat.NORTH, Seat.SOUTH)
                        contract = Contract(level, denomination, seat, doubling)
                        sign, vul = (1, vulnerable[0]) if north_south else (-1, vulnerable[1])
                        expected = [sign * score(contract, tricks, vulnerable=vul) for tricks in range(14)]
                        assert list(table[(level, denomination, doubling, seat)]) == expected
