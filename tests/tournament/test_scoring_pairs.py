"""score_event on small hand-made pairs events, against totals worked out here by brute force."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from tenace.contract import Contract
from tenace.scoring.adjusted import (
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    Award,
    WeightedScore,
)
from tenace.scoring.matchpoints import Factoring, TotalScaling
from tenace.tournament.model import (
    Comparison,
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Penalty,
    PenaltyUnit,
    Result,
    Seating,
    Session,
)
from tenace.tournament.scoring import score_event

from ._events import (
    brute_datum,
    brute_units,
    law_imps,
    mitchell,
    neuberg_formula,
    pairs_event,
    random_results,
    score_of,
)


def _brute_matchpoints(
    results: list[Result], field: int | None = None
) -> dict[str, tuple[Fraction, int, int]]:
    """Per pair: (units, tops available, boards), every board compared with every result of it, factored with
    Neuberg's formula to ``field`` (default: the largest board)."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    full = field or max(len(v) for v in by_board.values())
    top = 2 * (full - 1)
    out: dict[str, list[Fraction | int]] = defaultdict(lambda: [Fraction(0), 0, 0])
    for lines in by_board.values():
        units = brute_units([score_of(r) for r in lines])
        n = len(lines)
        for r, u in zip(lines, units, strict=True):
            ew = 2 * (n - 1) - u
            for pair, mine in ((r.ns, u), (r.ew, ew)):
                value = neuberg_formula(mine, n, full) if n < full else Fraction(mine)
                out[pair][0] += value
                out[pair][1] += top
                out[pair][2] += 1
    return {p: (Fraction(v[0]), int(v[1]), int(v[2])) for p, v in out.items()}


def test_mitchell_totals_percentages_and_direction_rankings_by_brute_force() -> None:
    movement = mitchell(5, 2)
    event = pairs_event(movement)
    results = random_results(movement, seed=1)
    scored = score_event(event, results)
    expected = _brute_matchpoints(results)
    assert [r.title for r in scored.rankings] == ["NS", "EW"]
    for pair, (units, available, boards) in expected.items():
        s = scored.standing(pair)
        assert (s.total, s.boards, boards) == (units, 10, 10)
        assert s.percentage == units * 100 / available
    for ranking in scored.rankings:
        totals = [s.total for s in ranking.standings]
        assert totals == sorted(totals, reverse=True)
        for s in ranking.standings:
            assert s.rank == 1 + sum(1 for o in ranking.standings if o.total > s.total)


def test_every_board_gets_a_traveller_with_the_brute_force_units() -> None:
    movement = mitchell(3, 2)
    results = random_results(movement, seed=7)
    scored = score_event(pairs_event(movement), results)
    assert sorted(t.board for t in scored.travellers) == list(range(1, 7))
    for traveller in scored.travellers:
        units = brute_units([line.ns_score for line in traveller.lines])
        assert traveller.top == 4
        for line, u in zip(traveller.lines, units, strict=True):
            assert (line.ns_points, line.ew_points) == (u, 4 - u)
            assert line.ns_percentage == Fraction(u * 100, 4)


def test_a_board_played_fewer_times_is_factored_and_the_pairs_who_missed_it_are_scaled() -> None:
    movement = mitchell(5, 1)
    results = random_results(movement, seed=3)
    dropped = next(r for r in results if r.board == 2)
    kept = [r for r in results if r is not dropped]
    scored = score_event(pairs_event(movement), kept)
    expected = _brute_matchpoints(kept)
    (traveller,) = scored.traveller(2)
    assert traveller.top == 8 and len(traveller.lines) == 4
    for pair, (units, available, boards) in expected.items():
        s = scored.standing(pair)
        assert s.boards == boards
        assert s.total == units * 5 / boards  # scaled to the 5 boards the others scored
        assert s.percentage == units * 100 / available
    assert scored.standing(dropped.ns).boards == 4


def test_total_scaling_none_reports_the_plain_sum_and_factoring_none_keeps_the_small_top() -> None:
    movement = mitchell(5, 1)
    results = [r for r in random_results(movement, seed=3) if not (r.board == 2 and r.table == 1)]
    conditions = Conditions(total_scaling=TotalScaling.NONE, factoring=Factoring.NONE)
    scored = score_event(pairs_event(movement, conditions=conditions), results)
    (traveller,) = scored.traveller(2)
    assert traveller.top == 6  # 2 * (4 - 1)
    units = brute_units([line.ns_score for line in traveller.lines])
    assert [line.ns_points for line in traveller.lines] == units
    missing = next(r for r in random_results(movement, seed=3) if r.board == 2 and r.table == 1)
    pair = scored.standing(missing.ns)
    per_board: dict[str, Fraction] = defaultdict(Fraction)
    for t in scored.travellers:
        for line in t.lines:
            per_board[line.result.ns] += line.ns_points
            per_board[line.result.ew] += line.ew_points
    assert pair.total == per_board[missing.ns] and pair.boards == 4


def _howell_event() -> tuple[Event, list[Result]]:
    """Four pairs, three rounds, both tables playing the same board each round; pairs change direction."""
    seatings = (
        Seating(1, 1, "1", "2", (1,)), Seating(1, 2, "3", "4", (1,)),
        Seating(2, 1, "3", "1", (2,)), Seating(2, 2, "2", "4", (2,)),
        Seating(3, 1, "1", "4", (3,)), Seating(3, 2, "2", "3", (3,)),
    )
    movement = Movement("H", seatings)
    event = Event("Howell", EventKind.PAIRS, Conditions(), tuple(Participant(p, p) for p in "1234"),
                  (Session(1, (movement,)),))
    contracts = {(1, 1): ("4SN", 10), (1, 2): ("4SN", 9), (2, 1): ("3NTE", 9), (2, 2): ("3NTE", 8),
                 (3, 1): ("2HS", 8), (3, 2): ("2HS", 9)}
    results = []
    for s in seatings:
        text, tricks = contracts[(s.round, s.table)]
        results.append(Result(s.boards[0], s.round, s.table, s.ns, s.ew, Contract.from_str(text), tricks))
    return event, results


def test_howell_gives_one_ranking_with_shared_places() -> None:
    event, results = _howell_event()
    scored = score_event(event, results)
    (ranking,) = scored.rankings
    assert ranking.title == "Overall"
    expected = {pair: units for pair, (units, _, _) in _brute_matchpoints(results).items()}
    # Worked by hand: board 1 +420 (1 NS v 2) against -50 (3 NS v 4): 1 and 4 win; board 2 -400 (3 NS v 1)
    # against +50 (2 NS v 4): 2 and 1 win; board 3 +110 (1 NS v 4) against +140 (2 NS v 3): 2 and 4 win.
    assert expected == {"1": 4, "2": 4, "3": 0, "4": 4}
    assert {s.contestant: s.total for s in ranking.standings} == expected
    assert [(s.place, s.contestant) for s in ranking.standings] == [("1=", "1"), ("1=", "2"), ("1=", "4"),
                                                                    ("4", "3")]
    for s in ranking.standings:
        equal = [o for o in ranking.standings if o.total == s.total]
        assert s.tied == (len(equal) > 1)
        assert s.rank == 1 + sum(1 for o in ranking.standings if o.total > s.total)


def test_sections_are_compared_separately_or_across_the_field() -> None:
    a, b = mitchell(3, 2, name="A", suffix="A"), mitchell(3, 2, name="B", suffix="B")
    results = random_results(a, seed=11) + random_results(b, seed=12)
    across = score_event(pairs_event(a, b), results)
    within = score_event(pairs_event(a, b, conditions=Conditions(comparison=Comparison.SECTION)), results)
    assert {t.top for t in across.travellers} == {10} and len(across.travellers) == 6
    assert {t.top for t in within.travellers} == {4} and len(within.travellers) == 12
    assert {t.section for t in within.travellers} == {"A", "B"}
    assert within.standing("1NSA").total == _brute_matchpoints([r for r in results if r.ns.endswith("A")])[
        "1NSA"][0]
    assert across.standing("1NSA").total == _brute_matchpoints(results)["1NSA"][0]
    assert [r.title for r in across.rankings] == ["NS", "EW"]
    assert len(across.rankings[0].standings) == 6


def test_sessions_add_up_with_the_carry_over() -> None:
    one, two = mitchell(3, 2), mitchell(3, 2, first_board=7)
    results = random_results(one, seed=21) + random_results(two, seed=22, session=2)
    carry = (("1NS", Fraction(5)), ("2EW", Fraction(-3, 2)))
    event = pairs_event(sessions=[(one,), (two,)], carry_over=carry)
    scored = score_event(event, results)
    first = _brute_matchpoints([r for r in results if r.session == 1])
    second = _brute_matchpoints([r for r in results if r.session == 2])
    for pair in first:
        s = scored.standing(pair)
        carried = dict(carry).get(pair, Fraction(0))
        assert s.sessions == ((1, first[pair][0]), (2, second[pair][0]))
        assert s.total == first[pair][0] + second[pair][0] + carried
        assert s.carry_over == carried
        assert s.percentage == (first[pair][0] + second[pair][0]) * 100 / (first[pair][1] + second[pair][1])
    assert {t.session for t in scored.travellers} == {1, 2}


def test_the_same_board_number_in_two_sessions_is_two_boards() -> None:
    movement = mitchell(3, 2)
    results = random_results(movement, seed=31) + random_results(movement, seed=32, session=2)
    scored = score_event(pairs_event(sessions=[(movement,), (movement,)]), results)
    assert len(scored.traveller(1)) == 2
    assert all(len(t.lines) == 3 for t in scored.travellers)


def test_fouled_board_groups_are_compared_within_and_factored_to_the_board() -> None:
    movement = mitchell(5, 1)
    results = random_results(movement, seed=41)
    board = [r for r in results if r.board == 3]
    fouled = {id(r): (1 if i < 2 else 2) for i, r in enumerate(board)}
    changed = [Result(r.board, r.round, r.table, r.ns, r.ew, r.contract, r.tricks, group=fouled[id(r)])
               if id(r) in fouled else r for r in results]
    scored = score_event(pairs_event(movement), changed)
    groups = scored.traveller(3)
    assert [t.group for t in groups] == [1, 2] and [len(t.lines) for t in groups] == [2, 3]
    for traveller in groups:
        scores = [line.ns_score for line in traveller.lines]
        units = brute_units(scores)
        for line, u in zip(traveller.lines, units, strict=True):
            n = len(scores)
            assert line.ns_points == neuberg_formula(u, n, 5)
            assert line.ew_points == neuberg_formula(2 * (n - 1) - u, n, 5)
            assert line.ns_points + line.ew_points == 8  # the full board's top
    # Other boards are untouched.
    assert scored.traveller(1)[0].group is None


def test_artificial_scores_use_the_session_rule() -> None:
    """A pair whose other boards make 75 % keeps 75 % for average-plus; the offender with a session below 40 %
    keeps it; average stays 50 % (Law 12C2(c))."""
    movement = mitchell(5, 1)
    results = random_results(movement, seed=51)
    target = next(r for r in results if r.board == 4)
    award = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    adjusted = [Result(r.board, r.round, r.table, r.ns, r.ew, adjusted=award) if r is target else r
                for r in results]
    scored = score_event(pairs_event(movement), adjusted)
    plain = _brute_matchpoints([r for r in results if r is not target], field=5)
    (traveller,) = scored.traveller(4)
    line = next(x for x in traveller.lines if x.result.adjusted is not None)
    ns_session = plain[target.ns][0] * 100 / plain[target.ns][1]
    ew_session = plain[target.ew][0] * 100 / plain[target.ew][1]
    assert line.ns_percentage == max(Fraction(60), ns_session)
    assert line.ew_percentage == min(Fraction(40), ew_session)
    assert line.ns_points == line.ns_percentage * 8 / 100
    ns = scored.standing(target.ns)
    assert ns.total == plain[target.ns][0] + line.ns_points
    # The other real results of board 4 are factored over four comparable results.
    others = [x for x in traveller.lines if x.result.adjusted is None]
    units = brute_units([x.ns_score for x in others])
    assert [x.ns_points for x in others] == [neuberg_formula(u, 4, 5) for u in units]


def test_session_rule_off_gives_the_conditions_values() -> None:
    movement = mitchell(3, 1)
    results = random_results(movement, seed=52)
    target = results[0]
    settings = ArtificialScoreSettings(average_plus=Fraction(65), average_minus=Fraction(35),
                                       session_rule=False)
    award = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    adjusted = [Result(r.board, r.round, r.table, r.ns, r.ew, adjusted=award) if r is target else r
                for r in results]
    scored = score_event(pairs_event(movement, conditions=Conditions(artificial=settings)), adjusted)
    line = next(x for t in scored.travellers for x in t.lines if x.result.adjusted is not None)
    assert (line.ns_percentage, line.ew_percentage) == (65, 35)


def test_assigned_weighted_score_is_matchpointed_component_by_component() -> None:
    movement = mitchell(3, 1)
    results = random_results(movement, seed=61)
    target = next(r for r in results if r.board == 1)
    others = [score_of(r) for r in results if r.board == 1 and r is not target]
    weighted = WeightedScore.of((others[0] + 10, "2/3"), (others[1] - 10, "1/3"))
    assigned = AssignedAdjustedScore.balancing(weighted)
    adjusted = [Result(r.board, r.round, r.table, r.ns, r.ew, adjusted=assigned) if r is target else r
                for r in results]
    scored = score_event(pairs_event(movement), adjusted)
    (traveller,) = scored.traveller(1)
    line = next(x for x in traveller.lines if x.result is not None and x.result.adjusted is not None)
    expected = sum((w * brute_units([s, *others])[0] for s, w in weighted.components), Fraction(0))
    assert line.ns_points == expected
    assert sum((x.ns_points + x.ew_points for x in traveller.lines), Fraction(0)) == 3 * 4


def test_penalties_in_units_and_in_percent_of_a_top() -> None:
    movement = mitchell(3, 2)
    results = random_results(movement, seed=71)
    plain = score_event(pairs_event(movement), results).standing("2NS")
    penalty = Penalty("2NS", Fraction(2), "90", "slow play")
    scored = score_event(pairs_event(movement), results, [penalty])
    s = scored.standing("2NS")
    assert (s.total, s.penalties) == (plain.total - 2, 2)
    assert plain.percentage is not None and s.percentage == plain.percentage - Fraction(2 * 100, 6 * 4)
    assert scored.penalties == (penalty,)
    quarter = Penalty("2NS", Fraction(25), "90", "late arrival")
    percent = Conditions(penalty_unit=PenaltyUnit.PERCENT_OF_TOP)
    by_top = score_event(pairs_event(movement, conditions=percent), results, [quarter]).standing("2NS")
    assert by_top.penalties == 1 and by_top.total == plain.total - 1  # a quarter of a top of 4 units


def test_a_percent_of_top_penalty_on_a_short_board_uses_that_board_s_top() -> None:
    """Board 2 was played twice only, so with factoring off its top is 2 units: half a top there is 1 unit,
    where half a top of the full boards is 4 * 1/2 = 2 units."""
    movement = mitchell(3, 1)
    results = [r for r in random_results(movement, seed=72) if not (r.board == 2 and r.ns == "3NS")]
    on_two = next(r for r in results if r.board == 2).ns
    conditions = Conditions(penalty_unit=PenaltyUnit.PERCENT_OF_TOP, factoring=Factoring.NONE)
    half = [Penalty(on_two, Fraction(50), "90", "wrong board", board=2)]
    scored = score_event(pairs_event(movement, conditions=conditions), results, half)
    assert scored.standing(on_two).penalties == 1
    anywhere = [Penalty(on_two, Fraction(50), "90", "late")]
    assert score_event(pairs_event(movement, conditions=conditions), results, anywhere).standing(
        on_two).penalties == 2


def test_phantom_opponents_sit_out_unless_the_event_gives_average() -> None:
    movement = mitchell(3, 2)
    results = random_results(movement, seed=81, skip=["3EW"])
    sit_out = score_event(pairs_event(movement, phantoms=["3EW"]), results)
    assert "3EW" not in {s.contestant for r in sit_out.rankings for s in r.standings}
    brute = _brute_matchpoints(results)  # every board was played twice: a top of 2
    assert {t.top for t in sit_out.travellers} == {2}
    for pair in ("1NS", "2NS", "3NS"):
        s = sit_out.standing(pair)
        assert s.boards == 4 and s.total == brute[pair][0] * 6 / 4
    generous = Conditions(sit_out_average=True)
    average = score_event(pairs_event(movement, phantoms=["3EW"], conditions=generous), results)
    for pair in ("1NS", "2NS", "3NS"):
        s = average.standing(pair)
        assert s.boards == 6 and s.total == brute[pair][0] + 2 * 1  # two boards at half a top of 2
        assert s.percentage == (brute[pair][0] + 2) * 100 / 12


def test_butler_against_a_brute_force_datum() -> None:
    movement = mitchell(5, 2)
    results = random_results(movement, seed=91)
    scored = score_event(pairs_event(movement, conditions=Conditions(method=Method.BUTLER)), results)
    totals: dict[str, int] = defaultdict(int)
    for board in range(1, 11):
        lines = [r for r in results if r.board == board]
        datum = brute_datum([score_of(r) for r in lines])
        (traveller,) = scored.traveller(board)
        assert traveller.datum == datum and traveller.top is None
        for r in lines:
            totals[r.ns] += law_imps(score_of(r) - datum)
            totals[r.ew] -= law_imps(score_of(r) - datum)
    for pair, total in totals.items():
        assert scored.standing(pair).total == total and scored.standing(pair).percentage is None


def test_cross_imps_against_a_brute_force_comparison() -> None:
    movement = mitchell(5, 1)
    results = random_results(movement, seed=92)
    scored = score_event(pairs_event(movement, conditions=Conditions(method=Method.CROSS_IMPS)), results)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for board in range(1, 6):
        lines = [r for r in results if r.board == board]
        for r in lines:
            mine = sum(law_imps(score_of(r) - score_of(o)) for o in lines if o is not r)
            totals[r.ns] += Fraction(mine, len(lines) - 1)
            totals[r.ew] -= Fraction(mine, len(lines) - 1)
    for pair, total in totals.items():
        assert scored.standing(pair).total == total


def test_total_points_add_up_the_scores() -> None:
    movement = mitchell(3, 2)
    results = random_results(movement, seed=93)
    scored = score_event(pairs_event(movement, conditions=Conditions(method=Method.TOTAL_POINTS)), results)
    for pair in movement.contestants:
        expected = sum(score_of(r) for r in results if r.ns == pair) - sum(
            score_of(r) for r in results if r.ew == pair)
        assert scored.standing(pair).total == expected


def test_artificial_score_at_total_points_is_refused_with_the_table() -> None:
    movement = mitchell(3, 1)
    results = random_results(movement, seed=94)
    results[0] = Result(results[0].board, results[0].round, results[0].table, results[0].ns, results[0].ew,
                        adjusted=ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE))
    with pytest.raises(ValueError, match=r"table \d, round \d, board \d.*total points"):
        score_event(pairs_event(movement, conditions=Conditions(method=Method.TOTAL_POINTS)), results)


def test_butler_artificial_score_gets_imps_with_the_session_rule() -> None:
    movement = mitchell(5, 1)
    results = random_results(movement, seed=95)
    target = results[0]
    award = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_PLUS)
    adjusted = [Result(r.board, r.round, r.table, r.ns, r.ew, adjusted=award) if r is target else r
                for r in results]
    scored = score_event(pairs_event(movement, conditions=Conditions(method=Method.BUTLER)), adjusted)
    line = next(x for t in scored.travellers for x in t.lines if x.result.adjusted is not None)
    others: dict[str, list[Fraction]] = defaultdict(list)
    for t in scored.travellers:
        for x in t.lines:
            if x.result.adjusted is None:
                others[x.result.ns].append(x.ns_points)
                others[x.result.ew].append(x.ew_points)
    ns_avg = sum(others[target.ns], Fraction(0)) / len(others[target.ns])
    ew_avg = sum(others[target.ew], Fraction(0)) / len(others[target.ew])
    assert line.ns_points == max(Fraction(3), ns_avg)
    assert line.ew_points == max(Fraction(3), ew_avg)


def test_unknown_contestant_and_a_board_played_twice_are_refused() -> None:
    movement = mitchell(3, 1)
    results = random_results(movement, seed=96)
    stranger = Result(9, 1, 1, "1NS", "9EW", Contract.from_str("1NTN"), 7)
    with pytest.raises(ValueError, match=r"table 1, round 1, board 9: no contestant '9EW'"):
        score_event(pairs_event(movement), [*results, stranger])
    with pytest.raises(ValueError, match=r"no contestant '9EW'"):
        score_event(Event("e", EventKind.PAIRS, Conditions(), (Participant("1NS", "x"),)), [stranger])
    again = results[0]
    with pytest.raises(ValueError, match=r"already has a result on board"):
        score_event(pairs_event(movement), [*results, again])
    with pytest.raises(ValueError, match=r"no contestant 'ZZ'"):
        score_event(pairs_event(movement), results, [Penalty("ZZ", Fraction(1), "90", "x")])


def test_team_method_for_a_pairs_event_is_refused() -> None:
    movement = mitchell(3, 1)
    with pytest.raises(ValueError, match="team"):
        score_event(pairs_event(movement, conditions=Conditions(method=Method.TEAM_IMPS)), [])


def test_individual_players_score_what_their_pair_scored() -> None:
    players = ("A", "B", "C", "D", "E", "F", "G", "H")
    seatings = (
        Seating(1, 1, "AB", "CD", (1,), players=("A", "C", "B", "D")),
        Seating(1, 2, "EF", "GH", (1,), players=("E", "G", "F", "H")),
        Seating(2, 1, "AE", "BF", (2,), players=("A", "B", "E", "F")),
        Seating(2, 2, "CG", "DH", (2,), players=("C", "D", "G", "H")),
    )
    event = Event("Individual", EventKind.INDIVIDUAL, Conditions(), tuple(Participant(p, p) for p in players),
                  (Session(1, (Movement("I", seatings),)),))
    results = [Result(1, 1, 1, "AB", "CD", Contract.from_str("4SN"), 10),
               Result(1, 1, 2, "EF", "GH", Contract.from_str("4SN"), 9),
               Result(2, 2, 1, "AE", "BF", Contract.from_str("3NTE"), 9),
               Result(2, 2, 2, "CG", "DH", Contract.from_str("3NTE"), 9)]
    scored = score_event(event, results)
    (ranking,) = scored.rankings
    # Board 1: A and B (NS at table 1) beat E and F; C and D (EW) lose to G and H.
    # Board 2: a tie: everyone 1 unit.
    expected = {"A": 3, "B": 3, "C": 1, "D": 1, "E": 1, "F": 1, "G": 3, "H": 3}
    assert {s.contestant: s.total for s in ranking.standings} == expected
    assert [s.place for s in ranking.standings] == ["1="] * 4 + ["5="] * 4
    with pytest.raises(ValueError, match="no movement"):
        score_event(event, [Result(1, 1, 1, "A", "C", Contract.from_str("4SN"), 10)])


def test_non_balancing_scores_score_each_side_on_its_own() -> None:
    """A6060 (neither side at fault, Law 12C2(a)) gives both sides 60 %; a non-balancing assigned score
    (Law 12C1(e)) compares North-South's score with the other North-South scores and East-West's with the
    East-West ones."""
    movement = mitchell(5, 1)
    results = random_results(movement, seed=97)
    first, second = [r for r in results if r.board == 1][:2]
    others = [score_of(r) for r in results if r.board == 1 and r not in (first, second)]
    split = AssignedAdjustedScore.of(others[0] + 10, others[1] - 10)
    both = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_PLUS)
    changed = []
    for r in results:
        if r is first:
            r = Result(r.board, r.round, r.table, r.ns, r.ew, adjusted=split)
        elif r is second:
            r = Result(r.board, r.round, r.table, r.ns, r.ew, adjusted=both)
        changed.append(r)
    settings_off = Conditions(artificial=ArtificialScoreSettings(session_rule=False))
    scored = score_event(pairs_event(movement, conditions=settings_off), changed)
    (traveller,) = scored.traveller(1)
    lines = {line.result.table: line for line in traveller.lines}
    artificial = lines[second.table]
    assert (artificial.ns_percentage, artificial.ew_percentage) == (60, 60)
    assigned = lines[first.table]
    n = 4  # comparable results: the assigned one and the three others
    ns_units = brute_units([others[0] + 10, *others])[0]
    ew_units = 2 * (n - 1) - brute_units([others[1] - 10, *others])[0]
    assert assigned.ns_points == neuberg_formula(ns_units, n, 5)
    assert assigned.ew_points == neuberg_formula(ew_units, n, 5)


def test_results_that_do_not_fit_the_sections_or_sessions_are_refused() -> None:
    a, b = mitchell(3, 1, name="A", suffix="A"), mitchell(3, 1, name="B", suffix="B")
    event = pairs_event(a, b)
    wrong_table = Result(1, 1, 2, "1NSA", "1EWA", Contract.from_str("4SN"), 10)
    with pytest.raises(ValueError, match=r"table 2, round 1, board 1 \(session 1\): no movement .* '1NSA'"):
        score_event(event, [wrong_table])
    with pytest.raises(ValueError, match=r"has no session 3"):
        score_event(event, [Result(1, 1, 1, "1NSA", "1EWA", Contract.from_str("4SN"), 10, session=3)])
