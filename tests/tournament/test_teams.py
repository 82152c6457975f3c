"""Team matches through score_event: board IMPs worked out here with the Law 78B table, VPs on the WBF 2013
scale, knockouts with carry-over and Law 12C4, adjusted scores (Law 86B), round robins and tie-breaks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.scoring.vp import WBFContinuousScale
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Penalty,
    Result,
    Seating,
    Session,
    TieBreak,
)
from tenace.tournament.scoring import score_event

from ._events import CONTRACTS, law_imps, score_of

TEAMS = Conditions(method=Method.TEAM_IMPS)


def _match_seatings(rnd: int, home: str, away: str, boards: tuple[int, ...], table: int = 1) -> list[Seating]:
    return [Seating(rnd, table, home, away, boards, room="open"),
            Seating(rnd, table + 1, away, home, boards, room="closed")]


def _event(seatings: list[Seating], teams: str = "AB", conditions: Conditions = TEAMS,
           carry: tuple[tuple[str, Fraction], ...] = ()) -> Event:
    return Event("Teams", EventKind.TEAMS, conditions, tuple(Participant(t, f"Team {t}") for t in teams),
                 (Session(1, (Movement("M", tuple(seatings)),)),), carry)


def _random_match(seatings: list[Seating], seed: int) -> list[Result]:
    rng = random.Random(seed)
    out = []
    for s in seatings:
        for board in s.boards:
            contract = Contract.from_str(rng.choice(CONTRACTS))
            tricks = rng.randint(contract.level + 4, min(13, contract.level + 8))
            out.append(Result(board, s.round, s.table, s.ns, s.ew, contract, tricks))
    return out


def _brute_match(results: list[Result], home: str) -> tuple[int, int]:
    """IMPs won by each team: home sits NS in the open room, the closed room's NS score is the away team's."""
    won = [0, 0]
    for board in {r.board for r in results}:
        open_r = next(r for r in results if r.board == board and r.ns == home)
        closed_r = next(r for r in results if r.board == board and r.ew == home)
        result = law_imps(score_of(open_r) - score_of(closed_r))
        won[0 if result > 0 else 1] += abs(result)
    return won[0], won[1]


def test_two_table_match_imps_and_vps() -> None:
    seatings = _match_seatings(1, "A", "B", tuple(range(1, 9)))
    results = _random_match(seatings, seed=1)
    scored = score_event(_event(seatings), results)
    (match,) = scored.matches
    home, away = _brute_match(results, "A")
    assert (match.home, match.away, match.boards) == ("A", "B", 8)
    assert match.imps == (home, away)
    assert match.vps == tuple(Fraction(v) for v in WBFContinuousScale(8).vps(home - away))
    assert match.vps is not None and sum(match.vps) == 20
    (ranking,) = scored.rankings
    assert {s.contestant: s.total for s in ranking.standings} == {"A": match.vps[0], "B": match.vps[1]}
    assert len(scored.travellers) == 8 and all(len(t.lines) == 2 for t in scored.travellers)
    for t in scored.travellers:
        open_line, closed_line = t.lines
        assert open_line.result.ns == "A" and closed_line.result.ns == "B"
        expected = law_imps(open_line.ns_score - closed_line.ns_score)
        assert (open_line.ns_points, open_line.ew_points) == (expected, -expected)
        assert (closed_line.ns_points, closed_line.ew_points) == (-expected, expected)


def test_results_given_in_any_order_make_the_same_match() -> None:
    seatings = _match_seatings(1, "A", "B", tuple(range(1, 7)))
    results = _random_match(seatings, seed=2)
    shuffled = list(results)
    random.Random(5).shuffle(shuffled)
    assert score_event(_event(seatings), results).matches == score_event(_event(seatings), shuffled).matches


def test_without_rooms_the_lower_table_is_the_open_room() -> None:
    seatings = _match_seatings(1, "A", "B", (1, 2, 3))
    results = _random_match(seatings, seed=3)
    event = Event("Teams", EventKind.TEAMS, TEAMS, (Participant("A", "A"), Participant("B", "B")))
    (match,) = score_event(event, results).matches
    assert (match.home, match.away) == ("A", "B")
    assert match.imps == _brute_match(results, "A")


def test_non_balancing_assigned_score_scores_each_team_on_its_own() -> None:
    """Law 12C1(e): the home team is scored on the open room's NS score, the away team on its EW score; VPs
    come from each team's own margin (a round robin, not a knockout)."""
    seatings = _match_seatings(1, "A", "B", (1,))
    closed = Result(1, 1, 2, "B", "A", Contract.from_str("4SN"), 10)  # +420 to B
    split = AssignedAdjustedScore.of(WeightedScore.of((620, "1/2"), (-100, "1/2")), 620)
    opened = Result(1, 1, 1, "A", "B", adjusted=split)
    scored = score_event(_event(seatings), [opened, closed])
    (match,) = scored.matches
    home = Fraction(law_imps(620 - 420) + law_imps(-100 - 420), 2)  # A's weighted result: NS 620/-100
    away = Fraction(law_imps(420 - 620))  # B keeps the full 620 against it
    assert home == Fraction(5 - 11, 2) and away == -5
    assert match.imps == (0, -home)
    scale = WBFContinuousScale(1)
    assert match.vps == (Fraction(scale.vps(-3)[0]), Fraction(scale.vps(-5)[0]))


def test_knockout_averages_non_balancing_scores_and_adds_the_carry_over() -> None:
    seatings = _match_seatings(1, "A", "B", (1, 2))
    closed = Result(1, 1, 2, "B", "A", Contract.from_str("4SN"), 10)
    split = AssignedAdjustedScore.of(WeightedScore.of((620, "1/2"), (-100, "1/2")), 620)
    opened = Result(1, 1, 1, "A", "B", adjusted=split)
    flat = [Result(2, 1, 1, "A", "B", Contract.from_str("3NTS"), 9),
            Result(2, 1, 2, "B", "A", Contract.from_str("3NTS"), 8)]  # A +400 (board 2, NS vul: +600)
    knockout = Conditions(method=Method.TEAM_IMPS, knockout=True)
    carry = (("B", Fraction(7, 2)),)
    scored = score_event(_event(seatings, conditions=knockout, carry=carry), [opened, closed, *flat])
    (match,) = scored.matches
    assert match.vps is None
    home, away = Fraction(-3), Fraction(-5)
    averaged = (home - away) / 2  # Law 12C4: each team gets the average of the two results
    board2 = law_imps(600 - (-100))
    assert match.imps == (averaged + board2, 0)
    (ranking,) = scored.rankings
    assert ranking.title == "A v B"
    assert {s.contestant: (s.total, s.carry_over) for s in ranking.standings} == {
        "A": (averaged + board2, 0), "B": (Fraction(7, 2), Fraction(7, 2))}


def test_knockout_segments_add_up_in_one_ranking() -> None:
    seatings = _match_seatings(1, "A", "B", (1, 2, 3)) + _match_seatings(2, "B", "A", (4, 5, 6))
    results = _random_match(seatings, seed=8)
    knockout = Conditions(method=Method.TEAM_IMPS, knockout=True)
    scored = score_event(_event(seatings, conditions=knockout), results)
    first, second = scored.matches
    assert (first.home, second.home) == ("A", "B")
    (ranking,) = scored.rankings
    a = first.imps[0] + second.imps[1]
    b = first.imps[1] + second.imps[0]
    assert {s.contestant: s.total for s in ranking.standings} == {"A": a, "B": b}


def test_knockout_rankings_are_per_pair_of_teams() -> None:
    """Two knockout matches in one event (A v B, then A v C): each ranking counts only the IMPs of its own
    match."""
    seatings = _match_seatings(1, "A", "B", (1, 2, 3)) + _match_seatings(2, "A", "C", (4, 5, 6))
    results = _random_match(seatings, seed=12)
    knockout = Conditions(method=Method.TEAM_IMPS, knockout=True)
    scored = score_event(_event(seatings, teams="ABC", conditions=knockout), results)
    first, second = scored.matches
    assert [r.title for r in scored.rankings] == ["A v B", "A v C"]
    ab, ac = ({s.contestant: s.total for s in r.standings} for r in scored.rankings)
    assert ab == {"A": first.imps[0], "B": first.imps[1]}
    assert ac == {"A": second.imps[0], "C": second.imps[1]}
    assert ab["A"] == _brute_match([r for r in results if r.board <= 3], "A")[0]


def test_artificial_score_in_one_room_uses_imps_and_the_session_rule() -> None:
    seatings = _match_seatings(1, "A", "B", tuple(range(1, 7)))
    results = _random_match(seatings, seed=4)
    target = next(r for r in results if r.board == 6 and r.ns == "B")  # the closed room: A sits EW
    award = ArtificialAdjustedScore(Award.AVERAGE_MINUS, Award.AVERAGE_PLUS)  # B at fault
    changed = [Result(r.board, r.round, r.table, r.ns, r.ew, adjusted=award) if r is target else r
               for r in results]
    scored = score_event(_event(seatings), changed)
    others = [r for r in results if r.board != 6]
    per_board = []
    for board in range(1, 6):
        o = next(r for r in others if r.board == board and r.ns == "A")
        c = next(r for r in others if r.board == board and r.ns == "B")
        per_board.append(law_imps(score_of(o) - score_of(c)))
    a_session = Fraction(sum(per_board), 5)
    a_award = max(Fraction(3), a_session)
    b_award = min(Fraction(-3), -a_session)
    (traveller,) = [t for t in scored.travellers if t.board == 6]
    open_line, closed_line = traveller.lines
    assert (open_line.ns_points, open_line.ew_points) == (a_award, b_award)
    (match,) = scored.matches
    margin = sum(per_board) + a_award
    assert match.imps[0] - match.imps[1] == margin


def test_a_board_played_in_one_room_only_scores_nothing() -> None:
    seatings = _match_seatings(1, "A", "B", (1, 2))
    results = _random_match(seatings, seed=6)
    missing = next(r for r in results if r.board == 2 and r.ns == "B")
    kept = [r for r in results if r is not missing]
    (match,) = score_event(_event(seatings), kept).matches
    assert match.boards == 2
    assert match.imps == _brute_match([r for r in kept if r.board == 1], "A")


def test_round_robin_totals_penalties_and_head_to_head() -> None:
    """Four teams, three rounds: every VP total is the sum of the team's match VPs; a penalty in VPs comes
    off; a tie is broken by the match between the tied teams."""
    rounds = [(("A", "B"), ("C", "D")), (("A", "C"), ("B", "D")), (("A", "D"), ("B", "C"))]
    seatings = []
    for rnd, pairs in enumerate(rounds, start=1):
        for i, (home, away) in enumerate(pairs):
            seatings += _match_seatings(rnd, home, away, tuple(range(1, 5)), table=2 * i + 1)
    results = _random_match(seatings, seed=10)
    penalty = Penalty("C", Fraction(1), "90", "slow play")
    scored = score_event(_event(seatings, teams="ABCD"), results, [penalty])
    assert len(scored.matches) == 6
    totals = {t: Fraction(0) for t in "ABCD"}
    for match in scored.matches:
        assert match.vps is not None
        totals[match.home] += match.vps[0]
        totals[match.away] += match.vps[1]
    totals["C"] -= 1
    (ranking,) = scored.rankings
    assert {s.contestant: s.total for s in ranking.standings} == totals
    assert ranking.standings[[s.contestant for s in ranking.standings].index("C")].penalties == 1


def test_equal_vp_totals_are_separated_by_head_to_head() -> None:
    """A beats B, B beats C, C beats A by the same margin: all equal; head-to-head among three cannot break a
    cycle, so they share. Between two tied teams the winner of their match goes first."""
    seatings = (_match_seatings(1, "A", "B", (1,)) + _match_seatings(2, "B", "C", (2,), table=3)
                + _match_seatings(3, "C", "A", (3,), table=5))
    nobody = (False, False)
    win = [Result(b, rnd, t, ns, ew, Contract.from_str("4SN"), 10 if ns == home else 9, vulnerable=nobody)
           for b, rnd, home, (t, ns, ew), in [
               (1, 1, "A", (1, "A", "B")), (1, 1, "A", (2, "B", "A")),
               (2, 2, "B", (3, "B", "C")), (2, 2, "B", (4, "C", "B")),
               (3, 3, "C", (5, "C", "A")), (3, 3, "C", (6, "A", "C"))]]
    h2h = Conditions(method=Method.TEAM_IMPS, tie_break=TieBreak.HEAD_TO_HEAD)
    scored = score_event(_event(seatings, teams="ABC", conditions=h2h), win)
    (ranking,) = scored.rankings
    assert [s.place for s in ranking.standings] == ["1="] * 3
    two = score_event(_event(seatings[:2], teams="AB", conditions=h2h), win[:2])
    assert [s.contestant for s in two.rankings[0].standings] == ["A", "B"]


def test_bad_team_input_is_refused_with_where() -> None:
    seatings = _match_seatings(1, "A", "B", (1,))
    results = _random_match(seatings, seed=9)
    with pytest.raises(ValueError, match=r"board 1 already has a result in the open room of A v B"):
        score_event(_event(seatings), [*results, results[0]])
    with pytest.raises(ValueError, match=r"no team 'Z'"):
        score_event(_event(seatings), [Result(1, 1, 1, "A", "Z", Contract.from_str("1NTN"), 7)])
    with pytest.raises(ValueError, match=r"team IMPs, not matchpoints"):
        score_event(_event(seatings, conditions=Conditions()), results)
