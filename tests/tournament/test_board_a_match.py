"""Board-a-match team scoring: Law 78A's comparison applied to the two tables of a match (Law 78D lets the
Conditions choose it). Board points are worked out here by comparing the two rooms' scores by hand."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from fractions import Fraction

import pytest

from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.tournament.model import (
    ByeScore,
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Result,
    Seating,
    Session,
)
from tenace.tournament.movements import round_robin
from tenace.tournament.scoring import score_event

from ._events import CONTRACTS, score_of

BAM = Conditions(method=Method.BOARD_A_MATCH)


def _event(movement: Movement, teams: str, conditions: Conditions = BAM) -> Event:
    return Event("BAM", EventKind.TEAMS, conditions, tuple(Participant(t, f"Team {t}") for t in teams),
                 (Session(1, (movement,)),))


def _results(movement: Movement, seed: int) -> list[Result]:
    rng = random.Random(seed)
    out = []
    for s in movement.seatings:
        for board in s.boards:
            contract = Contract.from_str(rng.choice(CONTRACTS))
            tricks = rng.randint(contract.level + 5, min(13, contract.level + 7))  # narrow: ties happen
            out.append(Result(board, s.round, s.table, s.ns, s.ew, contract, tricks))
    return out


def _board_points(movement: Movement, results: list[Result]) -> dict[str, Fraction]:
    """Each team: 1 for a board where its net score over the two rooms is positive, 1/2 for zero."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    for s in movement.seatings:
        if s.room != "open":
            continue
        for board in s.boards:
            open_r = next(r for r in results if (r.round, r.board, r.ns) == (s.round, board, s.ns))
            closed = next(r for r in results if (r.round, r.board, r.ns) == (s.round, board, s.ew))
            net = score_of(open_r) - score_of(closed)  # home: NS in the open room, EW in the closed
            home = Fraction(1) if net > 0 else Fraction(1, 2) if net == 0 else Fraction(0)
            points[s.ns] += home
            points[s.ew] += 1 - home
    return points


def test_round_robin_ranked_by_boards_won() -> None:
    movement = round_robin(list("ABCD"), boards_per_match=6)
    results = _results(movement, seed=11)
    scored = score_event(_event(movement, "ABCD"), results)
    expected = _board_points(movement, results)
    assert sum(expected.values()) == 3 * 2 * 6  # every board of every match is shared out
    assert {s.contestant: s.total for s in scored.rankings[0].standings} == dict(expected)
    assert all(m.vps is None for m in scored.matches)
    for match in scored.matches:
        assert sum(match.imps) == match.boards


def test_a_tied_board_is_halved_and_a_won_board_is_one() -> None:
    seatings = (Seating(1, 1, "A", "B", (1, 2), room="open"), Seating(1, 2, "B", "A", (1, 2), room="closed"))
    movement = Movement("match", seatings)
    results = [Result(1, 1, 1, "A", "B", Contract.from_str("4SN"), 10),   # A +420 in the open room
               Result(1, 1, 2, "B", "A", Contract.from_str("4SN"), 11),   # B +450: A loses the board by 30
               Result(2, 1, 1, "A", "B", Contract.from_str("3NTE"), 9),
               Result(2, 1, 2, "B", "A", Contract.from_str("3NTE"), 9)]   # the same: halved
    scored = score_event(_event(movement, "AB"), results)
    (match,) = scored.matches
    assert (match.home, match.imps) == ("A", (Fraction(1, 2), Fraction(3, 2)))
    assert scored.standing("B").total == Fraction(3, 2)
    board1 = scored.traveller(1)[0]
    assert sorted((line.result.table, line.ns_points, line.ew_points) for line in board1.lines) == [
        (1, Fraction(0), Fraction(1)), (2, Fraction(1), Fraction(0))]


def test_adjusted_scores_at_board_a_match() -> None:
    seatings = (Seating(1, 1, "A", "B", (1, 2, 3), room="open"),
                Seating(1, 2, "B", "A", (1, 2, 3), room="closed"))
    movement = Movement("match", seatings)
    weighted = AssignedAdjustedScore.balancing(WeightedScore.of((420, "2/3"), (-50, "1/3")))
    results = [Result(1, 1, 1, "A", "B", adjusted=weighted),                   # A: 420 (2/3) or -50 (1/3)
               Result(1, 1, 2, "B", "A", Contract.from_str("4SN"), 9),         # B: -50 -> A +420 or -50 v +50
               Result(2, 1, 1, "A", "B", adjusted=ArtificialAdjustedScore(Award.AVERAGE_PLUS,
                                                                          Award.AVERAGE_MINUS)),
               Result(3, 1, 1, "A", "B", Contract.from_str("2HE"), 8),
               Result(3, 1, 2, "B", "A", Contract.from_str("2HE"), 8)]
    scored = score_event(_event(movement, "AB"), results)
    (match,) = scored.matches
    # board 1: A wins when the open room is +420 (2/3); at -50 against the closed room's -50 it halves (1/3)
    board1 = Fraction(2, 3) + Fraction(1, 3) * Fraction(1, 2)
    # board 2: 60 % and 40 % of the board (the default average-plus and average-minus); board 3: halved
    assert match.imps == (board1 + Fraction(3, 5) + Fraction(1, 2),
                          (1 - board1) + Fraction(2, 5) + Fraction(1, 2))


def test_knockout_averages_a_non_balancing_board() -> None:
    seatings = (Seating(1, 1, "A", "B", (1,), room="open"), Seating(1, 2, "B", "A", (1,), room="closed"))
    movement = Movement("KO", seatings)
    split = AssignedAdjustedScore.of(420, -50)  # NS given +420, EW given +50 (-50 for NS)
    results = [Result(1, 1, 1, "A", "B", adjusted=split),
               Result(1, 1, 2, "B", "A", Contract.from_str("4SN"), 10)]
    # A on its own assigned score (+420 for NS) against its team-mates' -420 in the closed room: halved.
    # B on its own (+50 as East-West at table 1) with its team-mates' +420 in the closed room: B wins.
    # The board gives 1/2 + 1, not 1: in a knockout each team gets the average (Law 12C4).
    plain = score_event(_event(movement, "AB"), results)
    assert plain.matches[0].imps == (Fraction(1, 2), Fraction(1))
    knockout = score_event(_event(movement, "AB", Conditions(method=Method.BOARD_A_MATCH, knockout=True)),
                           results)
    home = (Fraction(1, 2) + 1 - Fraction(1)) / 2
    assert knockout.matches[0].imps == (home, 1 - home)


def test_bye_at_board_a_match_is_the_teams_average_board_points() -> None:
    movement = round_robin(list("ABC"), boards_per_match=4)
    results = _results(movement, seed=5)
    conditions = Conditions(method=Method.BOARD_A_MATCH, bye=ByeScore.AVERAGE)
    scored = score_event(_event(movement, "ABC", conditions), results)
    points = _board_points(movement, results)
    for bye in scored.byes:  # each team played two matches of four boards
        average = points[bye.contestant] / 2
        assert bye.vps == Fraction(math.floor(average * 100 + Fraction(1, 2)), 100)  # to the hundredth
        assert scored.standing(bye.contestant).total == points[bye.contestant] + bye.vps


@pytest.mark.parametrize("method", [Method.MATCHPOINTS, Method.CROSS_IMPS])
def test_pair_methods_do_not_score_a_team_event(method: Method) -> None:
    movement = round_robin(list("AB"), boards_per_match=2)
    with pytest.raises(ValueError, match="board-a-match or team IMPs, not"):
        score_event(_event(movement, "AB", Conditions(method=method)), _results(movement, seed=1))


def test_a_board_a_match_event_publishes_in_every_format() -> None:
    """The writers name the method: the HTML page says board-a-match, PBN's Scoring tag is BAM (PBN 2.1
    §3.4.12), and JSON lists the standings with their board points."""
    from tenace.formats.pbn import read_games
    from tenace.tournament.publish import render_html, results_document
    from tenace.tournament.publish.pbn import results_pbn

    movement = round_robin(list("ABCD"), boards_per_match=2)
    event = _event(movement, "ABCD")
    scored = score_event(event, _results(movement, seed=3))
    assert "Board-a-match" in render_html(event, scored)
    games = read_games(results_pbn(event, scored))
    assert {g.tag("Scoring") for g in games} == {"BAM"}
    document = results_document(event, scored)
    totals = {s["contestant"]: s["total"]["exact"] for r in document["rankings"] for s in r["standings"]}
    assert totals == {s.contestant: str(s.total) for s in scored.rankings[0].standings}
    assert document["byes"] == []
