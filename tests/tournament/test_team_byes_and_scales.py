"""Team events: the VPs of a bye (a condition of contest, Law 78D) and discrete VP scales named by the
Conditions. Match IMPs are worked out here with the Law 78B table; the VPs come from the WBF 2013 scale
(checked against Ruter's printed VPs in tests/oracles) or straight from the rows of the ACBL scale file in the
oracles."""

from __future__ import annotations

import csv
import io
import random
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from tenace.contract import Contract
from tenace.scoring.vp import WBFContinuousScale
from tenace.store import Store
from tenace.store.codec import decode_conditions, encode_conditions
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
from tenace.tournament.teams import vp_scale

from ._events import CONTRACTS, law_imps, score_of

BOARDS = 4
TEAMS = "ABCDE"


def _results(movement: Movement, seed: int) -> list[Result]:
    rng = random.Random(seed)
    out = []
    for s in movement.seatings:
        for board in s.boards:
            contract = Contract.from_str(rng.choice(CONTRACTS))
            tricks = rng.randint(contract.level + 4, min(13, contract.level + 8))
            out.append(Result(board, s.round, s.table, s.ns, s.ew, contract, tricks))
    return out


def _margins(movement: Movement, results: list[Result]) -> list[tuple[int, str, str, int]]:
    """(round, home, away, home's IMP margin) for every match: home sits NS in the open room."""
    out = []
    for s in movement.seatings:
        if s.room != "open":
            continue
        margin = 0
        for board in s.boards:
            open_r = next(r for r in results if r.round == s.round and r.board == board and r.ns == s.ns)
            closed = next(r for r in results if r.round == s.round and r.board == board and r.ns == s.ew)
            margin += law_imps(score_of(open_r) - score_of(closed))
        out.append((s.round, s.ns, s.ew, margin))
    return out


def _expected_vps(movement: Movement, results: list[Result]) -> dict[str, list[Fraction]]:
    scale = WBFContinuousScale(BOARDS)
    vps: dict[str, list[Fraction]] = defaultdict(list)
    for _, home, away, margin in _margins(movement, results):
        home_vp, away_vp = scale.vps(margin)
        vps[home].append(Fraction(home_vp))
        vps[away].append(Fraction(away_vp))
    return vps


def _event(movement: Movement, conditions: Conditions, teams: str = TEAMS,
           phantoms: str = "") -> Event:
    participants = tuple(Participant(t, f"Team {t}", phantom=t in phantoms) for t in teams)
    return Event("Teams", EventKind.TEAMS, conditions, participants, (Session(1, (movement,)),))


def _totals(event: Event, results: list[Result]) -> dict[str, Fraction]:
    scored = score_event(event, results)
    (ranking,) = scored.rankings
    return {s.contestant: s.total for s in ranking.standings}


@pytest.fixture(scope="module")
def five_teams() -> tuple[Movement, list[Result]]:
    movement = round_robin(list(TEAMS), boards_per_match=BOARDS)
    return movement, _results(movement, seed=4)


def test_five_team_round_robin_gives_each_team_one_bye(five_teams: tuple[Movement, list[Result]]) -> None:
    movement, results = five_teams
    conditions = Conditions(method=Method.TEAM_IMPS, bye=ByeScore.FIXED, bye_vps=Fraction(12))
    scored = score_event(_event(movement, conditions), results)
    assert sorted(b.contestant for b in scored.byes) == list(TEAMS)
    for bye in scored.byes:  # the team with the bye is in no seating of that round
        assert all(bye.contestant not in (s.ns, s.ew) for s in movement.seatings if s.round == bye.round)
        assert bye.vps == 12


def test_fixed_bye_adds_its_vps_to_the_match_vps(five_teams: tuple[Movement, list[Result]]) -> None:
    movement, results = five_teams
    vps = _expected_vps(movement, results)
    conditions = Conditions(method=Method.TEAM_IMPS, bye=ByeScore.FIXED, bye_vps=Fraction(25, 2))
    totals = _totals(_event(movement, conditions), results)
    assert totals == {team: sum(vps[team]) + Fraction(25, 2) for team in TEAMS}


def test_no_bye_setting_scores_the_bye_as_nothing(five_teams: tuple[Movement, list[Result]]) -> None:
    movement, results = five_teams
    vps = _expected_vps(movement, results)
    scored = score_event(_event(movement, Conditions(method=Method.TEAM_IMPS)), results)
    assert scored.byes == ()
    assert {s.contestant: s.total for s in scored.rankings[0].standings} == {t: sum(vps[t]) for t in TEAMS}


def test_average_bye_is_the_teams_own_average_to_the_hundredth(
        five_teams: tuple[Movement, list[Result]]) -> None:
    movement, results = five_teams
    vps = _expected_vps(movement, results)
    for bye, fixed in ((ByeScore.AVERAGE, Fraction(12)), (ByeScore.FIXED_OR_AVERAGE, Fraction(12))):
        conditions = Conditions(method=Method.TEAM_IMPS, bye=bye, bye_vps=fixed)
        totals = _totals(_event(movement, conditions), results)
        for team in TEAMS:
            # the average of four matches, printed with two decimals (rounded half up)
            average = Decimal(str(float(sum(vps[team]) / len(vps[team])))).quantize(Decimal("0.01"))
            value = Fraction(average) if bye is ByeScore.AVERAGE else max(fixed, Fraction(average))
            assert totals[team] == sum(vps[team]) + value, (bye, team)


def test_fixed_or_average_takes_the_higher(five_teams: tuple[Movement, list[Result]]) -> None:
    movement, results = five_teams
    vps = _expected_vps(movement, results)
    averages = {t: sum(vps[t]) / len(vps[t]) for t in TEAMS}
    # a fixed value between the lowest and the highest average: both branches are taken
    fixed = Fraction(round(float(min(averages.values()) + max(averages.values())) / 2))
    assert min(averages.values()) < fixed < max(averages.values())
    conditions = Conditions(method=Method.TEAM_IMPS, bye=ByeScore.FIXED_OR_AVERAGE, bye_vps=fixed)
    scored = score_event(_event(movement, conditions), results)
    worth = {b.contestant: b.vps for b in scored.byes}
    for team in TEAMS:
        assert worth[team] >= fixed
        assert (worth[team] == fixed) == (averages[team] < fixed - Fraction(1, 200))


def test_a_team_left_out_of_a_swiss_rounds_movement_has_the_bye() -> None:
    seatings = (Seating(1, 1, "A", "B", (1, 2), room="open"), Seating(1, 2, "B", "A", (1, 2), room="closed"))
    movement = Movement("Swiss round 1", seatings)
    results = _results(movement, seed=9)
    conditions = Conditions(method=Method.TEAM_IMPS, bye=ByeScore.FIXED, bye_vps=Fraction(12))
    scored = score_event(_event(movement, conditions, teams="ABC"), results)
    assert [(b.round, b.contestant, b.vps) for b in scored.byes] == [(1, "C", Fraction(12))]
    assert scored.standing("C").total == 12
    assert scored.standing("C").boards == 0


def test_a_team_drawn_against_a_phantom_has_the_bye() -> None:
    seatings = (Seating(1, 1, "A", "B", (1, 2), room="open"), Seating(1, 2, "B", "A", (1, 2), room="closed"),
                Seating(1, 3, "C", "X", (1, 2), room="open"), Seating(1, 4, "X", "C", (1, 2), room="closed"))
    movement = Movement("Round 1", seatings)
    results = [r for r in _results(movement, seed=2) if "X" not in (r.ns, r.ew)]
    conditions = Conditions(method=Method.TEAM_IMPS, bye=ByeScore.FIXED, bye_vps=Fraction(15))
    scored = score_event(_event(movement, conditions, teams="ABCX", phantoms="X"), results)
    assert [(b.contestant, b.vps) for b in scored.byes] == [("C", Fraction(15))]
    assert "X" not in {s.contestant for s in scored.rankings[0].standings}


def test_knockout_has_no_byes() -> None:
    seatings = (Seating(1, 1, "A", "B", (1, 2), room="open"), Seating(1, 2, "B", "A", (1, 2), room="closed"))
    movement = Movement("KO", seatings)
    conditions = Conditions(method=Method.TEAM_IMPS, knockout=True, bye=ByeScore.FIXED)
    scored = score_event(_event(movement, conditions, teams="ABC"), _results(movement, seed=1))
    assert scored.byes == ()


# --- discrete scales ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def acbl_text(oracles: Path) -> str:
    return (oracles / "vp-scales" / "acbl_discrete_vp_scales_bridgehands.csv").read_text(encoding="utf-8")


def _acbl_vps(text: str, scale: str, boards: int, margin: int) -> tuple[Fraction, Fraction]:
    """The band of the ACBL file for a match of ``boards`` boards, looked up by hand."""
    for row in csv.DictReader(io.StringIO(text)):
        low, high = (int(x) for x in row["boards"].split("-"))
        if row["scale"] != scale or not low <= boards <= high:
            continue
        top = int(row["imp_high"]) if row["imp_high"] else 10_000
        if int(row["imp_low"]) <= abs(margin) <= top:
            win, lose = Fraction(row["vp_winner"]), Fraction(row["vp_loser"])
            return (win, lose) if margin >= 0 else (lose, win)
    raise AssertionError("no band")


@pytest.mark.parametrize(("scale", "boards"), [("20", 7), ("30", 7), ("20", 10), ("30", 9)])
def test_round_robin_on_an_acbl_scale_named_by_the_conditions(acbl_text: str, scale: str,
                                                              boards: int) -> None:
    movement = round_robin(list("ABCD"), boards_per_match=boards)
    results = _results(movement, seed=boards)
    conditions = Conditions(method=Method.TEAM_IMPS, vp_scale=scale, vp_table=acbl_text)
    scored = score_event(_event(movement, conditions, teams="ABCD"), results)
    expected: dict[str, Fraction] = defaultdict(Fraction)
    for round_, home, away, margin in _margins(movement, results):
        home_vp, away_vp = _acbl_vps(acbl_text, scale, boards, margin)
        expected[home] += home_vp
        expected[away] += away_vp
        (match,) = [m for m in scored.matches if m.round == round_ and {m.home, m.away} == {home, away}]
        assert match.vps == ((home_vp, away_vp) if match.home == home else (away_vp, home_vp))
    assert {s.contestant: s.total for s in scored.rankings[0].standings} == expected


def test_a_discrete_scale_without_a_band_for_the_match_length_is_refused(acbl_text: str) -> None:
    movement = round_robin(list("AB"), boards_per_match=12)
    conditions = Conditions(method=Method.TEAM_IMPS, vp_scale="20", vp_table=acbl_text)
    with pytest.raises(ValueError, match="no scale '20' for matches of 12 boards"):
        score_event(_event(movement, conditions, teams="AB"), _results(movement, seed=3))
    with pytest.raises(ValueError, match="no scale 'acbl'"):
        vp_scale("acbl", 7, acbl_text)
    with pytest.raises(ValueError, match="unknown victory-point scale 'acbl20'"):
        vp_scale("acbl20", 7)


def test_a_scale_without_scale_or_boards_columns_applies_to_every_match() -> None:
    table = "imp_low,imp_high,vp_winner,vp_loser\n0,0,10,10\n1,5,12,8\n6,,15,5\n"
    scale = vp_scale("club", 30, table)
    assert scale.vps(0) == (Decimal(10), Decimal(10))
    assert scale.vps(-5) == (Decimal(8), Decimal(12))
    assert scale.vps(6) == (Decimal(15), Decimal(5))


# --- storage ------------------------------------------------------------------------------------------------


def test_new_conditions_fields_round_trip_through_the_codec_and_old_rows_take_defaults(
        acbl_text: str) -> None:
    conditions = Conditions(method=Method.TEAM_IMPS, vp_scale="30", vp_table=acbl_text,
                            bye=ByeScore.FIXED_OR_AVERAGE, bye_vps=Fraction(25, 2))
    assert decode_conditions(encode_conditions(conditions)) == conditions
    old = '{"method": "team-imps", "vp_scale": "wbf2013"}'  # written before these fields existed
    decoded = decode_conditions(old)
    assert (decoded.vp_table, decoded.bye, decoded.bye_vps) == ("", ByeScore.NONE, Fraction(12))


def test_store_keeps_the_bye_and_scale_settings(tmp_path: Path, acbl_text: str) -> None:
    conditions = Conditions(method=Method.TEAM_IMPS, vp_scale="20", vp_table=acbl_text, bye=ByeScore.AVERAGE,
                            bye_vps=Fraction(10))
    event = _event(round_robin(list("ABC"), boards_per_match=7), conditions, teams="ABC")
    store = Store.open(f"sqlite:///{tmp_path / 'teams.db'}")
    number = store.create_event(event)
    assert store.event(number).conditions == conditions
