"""``tenace event`` for team events (Swiss rounds, knockout matches with carry-over, the VPs of a bye),
pairs numbered by the movement, and sessions of several sections. Expected values are worked out here: IMPs
with the Law 78B table written out below, VPs on the WBF 2013 scale (checked against Ruter's printed VPs in
tests/oracles), matchpoints by counting scores beaten and tied."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace.cli import app
from tenace.contract import Contract
from tenace.scoring.vp import WBFContinuousScale
from tenace.store import Store
from tenace.tournament.model import ByeScore, Movement, Result

runner = CliRunner()

LAW_78B = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
           2250, 2500, 3000, 3500, 4000)
CONTRACTS = (("4S", "N"), ("3NT", "S"), ("4H", "E"), ("2D", "W"), ("1NT", "N"), ("5C", "E"), ("3S", "N"))


def law_imps(difference: int) -> int:
    won = sum(1 for bound in LAW_78B if abs(difference) >= bound)
    return won if difference >= 0 else -won


def ok(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["event", *args, "--json"])
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def fails(*args: str) -> str:
    result = runner.invoke(app, ["event", *args])
    assert result.exit_code != 0, (args, result.stdout)
    return result.stderr


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'club.db'}"


def _stored_movement(db: str, event_id: int) -> tuple[Movement, ...]:
    with Store.open(db) as store:
        return store.event(event_id).sessions[0].movements


def _play(db: str, event_id: int, movement: Movement, round_: int, rng: random.Random) -> list[Result]:
    """Enter a random result for every board of ``round_`` through the CLI; return them as Results (their
    scores come from Law 77 in the core)."""
    entered = []
    for s in movement.seatings:
        if s.round != round_:
            continue
        for board in s.boards:
            contract, declarer = rng.choice(CONTRACTS)
            level = int(contract[0])
            tricks = rng.randint(level + 5, min(13, level + 8))
            ok("enter", str(event_id), "--table", str(s.table), "--round", str(round_), "--board", str(board),
               f"{contract} {declarer} {tricks}", "--db", db)
            entered.append(Result(board, round_, s.table, s.ns, s.ew,
                                  Contract.from_str(f"{contract}{declarer}"), tricks))
    return entered


def _match_imps(results: list[Result], movement: Movement, round_: int) -> dict[tuple[str, str], int]:
    """(home, away) -> home's IMP margin; home sits North-South in the open room."""
    margins = {}
    for s in movement.seatings:
        if s.round != round_ or s.room != "open":
            continue
        margin = 0
        for board in s.boards:
            open_r = next(r for r in results if (r.round, r.board, r.ns) == (round_, board, s.ns))
            closed = next(r for r in results if (r.round, r.board, r.ns) == (round_, board, s.ew))
            margin += law_imps(int(open_r.ns_score()) - int(closed.ns_score()))  # type: ignore[arg-type]
        margins[(s.ns, s.ew)] = margin
    return margins


# --- Swiss ------------------------------------------------------------------------------------------------


def test_swiss_rounds_are_paired_from_the_standings_with_the_bye_scored(db: str) -> None:
    created = ok("new", "Swiss", "--kind", "teams", "--pairs", "5", "--bye", "fixed", "--bye-vps", "12",
                 "--db", db)
    assert (created["bye"], created["bye_vps"]) == ("fixed", "12")
    event_id = int(str(created["id"]))
    first = ok("movement", str(event_id), "--swiss", "--boards-per-round", "3", "--db", db)
    # nobody has played: the entry order; the bye goes to the last team
    assert (first["round"], first["pairs"], first["bye"]) == (1, [["1", "2"], ["3", "4"]], "5")
    (movement,) = _stored_movement(db, event_id)
    assert movement.rounds == (1,)
    rng = random.Random(7)
    results = _play(db, event_id, movement, 1, rng)
    scale = WBFContinuousScale(3)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    totals["5"] += 12  # the bye
    for (home, away), margin in _match_imps(results, movement, 1).items():
        home_vp, away_vp = scale.vps(margin)
        totals[home] += Fraction(home_vp)
        totals[away] += Fraction(away_vp)
    scored = ok("score", str(event_id), "--db", db)
    ranking = scored["rankings"][0]["standings"]  # type: ignore[index]
    assert {s["contestant"]: Fraction(s["total"]["exact"]) for s in ranking} == dict(totals)
    assert scored["byes"] == [{"session": 1, "round": 1, "contestant": "5",
                               "vps": {"exact": "12", "decimal": "12.00"}}]

    second = ok("movement", str(event_id), "--swiss", "--boards-per-round", "3", "--db", db)
    assert second["round"] == 2
    standings = [(team, Fraction(total)) for team, total in second["standings"]]  # type: ignore[union-attr]
    assert dict(standings) == dict(totals)
    assert [v for _, v in standings] == sorted(totals.values(), reverse=True)
    pairs = [tuple(p) for p in second["pairs"]]  # type: ignore[union-attr]
    met = {frozenset(p) for p in first["pairs"]}  # type: ignore[union-attr]
    assert all(frozenset(p) not in met for p in pairs)  # no rematch
    seated = {t for p in pairs for t in p}
    assert second["bye"] not in seated and second["bye"] != "5"  # a second bye only if nobody else can
    assert seated | {second["bye"]} == {"1", "2", "3", "4", "5"}
    (movement,) = _stored_movement(db, event_id)
    assert movement.rounds == (1, 2)
    assert set(movement.at(2, 1).boards) == {4, 5, 6}  # the second round's boards come after the first's


def test_swiss_waits_for_the_round_to_be_complete(db: str) -> None:
    event_id = int(str(ok("new", "Swiss", "--kind", "teams", "--pairs", "4", "--db", db)["id"]))
    ok("movement", str(event_id), "--swiss", "--boards-per-round", "2", "--db", db)
    ok("enter", str(event_id), "--table", "1", "--round", "1", "--board", "1", "4S N 10", "--db", db)
    stderr = fails("movement", str(event_id), "--swiss", "--db", db)
    assert "round 1 of the Swiss is not complete: 7 result(s) missing" in stderr


def test_team_options_are_refused_for_a_pairs_event(db: str) -> None:
    assert "only for a team event" in fails("new", "P", "--bye", "fixed", "--db", db)
    event_id = int(str(ok("new", "P", "--pairs", "4", "--db", db)["id"]))
    assert "are for teams" in fails("movement", str(event_id), "--swiss", "--db", db)


def test_bye_setting_reaches_the_stored_conditions(db: str) -> None:
    event_id = int(str(ok("new", "RR", "--kind", "teams", "--bye", "fixed-or-average", "--bye-vps", "25/2",
                          "--db", db)["id"]))
    with Store.open(db) as store:
        conditions = store.event(event_id).conditions
    assert (conditions.bye, conditions.bye_vps) == (ByeScore.FIXED_OR_AVERAGE, Fraction(25, 2))


def test_discrete_vp_scale_from_a_csv_file(db: str, oracles: Path) -> None:
    table = oracles / "vp-scales" / "acbl_discrete_vp_scales_bridgehands.csv"
    created = ok("new", "RR", "--kind", "teams", "--vp-scale", "30", "--vp-table", str(table), "--db", db)
    with Store.open(db) as store:
        conditions = store.event(int(str(created["id"]))).conditions
    assert (conditions.vp_scale, conditions.vp_table) == ("30", table.read_text(encoding="utf-8"))
    assert "no scale 'acbl'" in fails("new", "RR", "--kind", "teams", "--vp-scale", "acbl", "--vp-table",
                                      str(table), "--db", db)
    assert "--vp-table" in fails("new", "RR", "--kind", "teams", "--vp-scale", "acbl", "--db", db)


# --- knockout ---------------------------------------------------------------------------------------------


def test_knockout_matches_with_segments_and_carry_over(db: str) -> None:
    created = ok("new", "KO", "--kind", "teams", "--knockout", "--carry-over", "A=7.5", "--db", db)
    event_id = int(str(created["id"]))
    moved = ok("movement", str(event_id), "--knockout", "A,B", "--knockout", "C,D", "--segments", "2",
               "--boards-per-round", "2", "--db", db)
    assert moved["tables"] == 4 and moved["rounds"] == 2 and moved["boards"] == 4
    parts = _stored_movement(db, event_id)
    assert [(m.name, m.tables) for m in parts] == [("A v B", (1, 2)), ("C v D", (3, 4))]
    rng = random.Random(3)
    won: dict[str, Fraction] = defaultdict(Fraction)
    won["A"] += Fraction(15, 2)
    for part in parts:
        for segment in (1, 2):
            results = _play(db, event_id, part, segment, rng)
            differences = _board_differences(results, part, segment)
            for (home, away), margin in _match_imps(results, part, segment).items():
                # a knockout ranks each match by the IMPs each team won (Law 78B) plus its carry-over
                won[home] += sum(max(0, law_imps(d)) for d in differences)
                won[away] += sum(max(0, -law_imps(d)) for d in differences)
                assert margin == sum(law_imps(d) for d in differences)
    scored = ok("score", str(event_id), "--db", db)
    rankings = {r["title"]: {s["contestant"]: Fraction(s["total"]["exact"]) for s in r["standings"]}
                for r in scored["rankings"]}  # type: ignore[union-attr]
    assert rankings == {"A v B": {"A": won["A"], "B": won["B"]}, "C v D": {"C": won["C"], "D": won["D"]}}
    assert scored["byes"] == []


def _board_differences(results: list[Result], part: Movement, segment: int) -> list[int]:
    """Open-room NS score less closed-room NS score, board by board (the open room's NS is the home team)."""
    out = []
    open_seats = [s for s in part.seatings if s.round == segment and s.room == "open"]
    for s in open_seats:
        for board in s.boards:
            open_r = next(r for r in results if (r.board, r.ns) == (board, s.ns))
            closed = next(r for r in results if (r.board, r.ns) == (board, s.ew))
            out.append(int(open_r.ns_score()) - int(closed.ns_score()))  # type: ignore[arg-type]
    return out


def test_knockout_refuses_a_team_in_two_matches(db: str) -> None:
    event_id = int(str(ok("new", "KO", "--kind", "teams", "--knockout", "--db", db)["id"]))
    assert "already in another match" in fails("movement", str(event_id), "--knockout", "A,B", "--knockout",
                                               "B,C", "--db", db)


# --- pairs numbered by the movement, sections -------------------------------------------------------------


def test_pairs_entered_by_number_take_the_mitchell_places_and_a_phantom_the_place_left(db: str) -> None:
    event_id = int(str(ok("new", "Monday", "--pairs", "13", "--db", db)["id"]))
    moved = ok("movement", str(event_id), "--mitchell", "7", "--boards", "14", "--db", db)
    assert moved["phantoms"] == ["7EW"]
    assert moved["unseated"] == []
    (movement,) = _stored_movement(db, event_id)
    for s in movement.seatings:
        if s.round == 1:  # North-South pairs are numbered by table, East-West after them
            assert s.ns == str(s.table)
            assert s.ew == (str(7 + s.table) if s.table < 7 else "7EW")
    with Store.open(db) as store:
        event = store.event(event_id)
    assert [p.id for p in event.participants if not p.phantom] == [str(i) for i in range(1, 14)]
    assert [p.id for p in event.participants if p.phantom] == ["7EW"]
    assert set(movement.contestants) == {p.id for p in event.participants}


def test_named_pairs_are_not_renumbered(db: str, tmp_path: Path) -> None:
    path = tmp_path / "pairs.csv"
    path.write_text("id,name\n" + "".join(f"{i},Pair of {i}\n" for i in range(1, 7)), encoding="utf-8")
    event_id = int(str(ok("new", "Monday", "--participants", str(path), "--db", db)["id"]))
    moved = ok("movement", str(event_id), "--mitchell", "3", "--boards", "6", "--db", db)
    assert "relabelled" not in moved
    assert moved["unseated"] == [str(i) for i in range(1, 7)]


@pytest.mark.parametrize("comparison", ["field", "section"])
def test_two_sections_play_the_same_boards_and_compare_per_the_conditions(db: str, comparison: str) -> None:
    event_id = int(str(ok("new", "Two", "--comparison", comparison, "--db", db)["id"]))
    moved = ok("movement", str(event_id), "--mitchell", "3", "--boards", "6", "--sections", "2", "--db", db)
    sections = moved["sections"]
    assert [(s["name"], s["tables"]) for s in sections] == [("A", [1, 2, 3]), ("B", [4, 5, 6])]  # type: ignore
    parts = _stored_movement(db, event_id)
    assert parts[0].boards == parts[1].boards
    assert not set(parts[0].contestants) & set(parts[1].contestants)
    assert set(parts[1].contestants) == {f"{t}{d}" for t in (4, 5, 6) for d in ("NS", "EW")}
    # board 1 at every table of both sections, with six different NS scores
    tricks = {1: 7, 2: 8, 3: 9, 4: 10, 5: 11, 6: 12}
    scores = {}
    for part in parts:
        for s in part.seatings:
            if 1 in s.boards:
                ok("enter", str(event_id), "--table", str(s.table), "--round", str(s.round), "--board", "1",
                   f"1NT N {tricks[s.table]}", "--db", db)
                scores[s.table] = int(Result(1, s.round, s.table, s.ns, s.ew, Contract.from_str("1NTN"),
                                             tricks[s.table]).ns_score())  # type: ignore[arg-type]
    scored = ok("score", str(event_id), "--db", db)
    titles = [r["title"] for r in scored["rankings"]]  # type: ignore[union-attr]
    assert titles == (["NS", "EW"] if comparison == "field" else ["A NS", "A EW", "B NS", "B EW"])
    travellers = [t for t in scored["travellers"] if t["board"] == 1]  # type: ignore[union-attr]
    groups = [[1, 2, 3, 4, 5, 6]] if comparison == "field" else [[1, 2, 3], [4, 5, 6]]
    assert len(travellers) == len(groups)
    for traveller in travellers:
        tables = sorted(line["table"] for line in traveller["lines"])
        assert tables in groups
        for line in traveller["lines"]:
            mine = scores[line["table"]]
            units = sum(2 if mine > scores[o] else 1 if mine == scores[o] else 0 for o in tables
                        if o != line["table"])
            assert Fraction(line["ns_points"]["exact"]) == units


# --- board-a-match ----------------------------------------------------------------------------------------


def test_board_a_match_event_from_the_command_line(db: str, tmp_path: Path) -> None:
    event_id = int(str(ok("new", "BAM", "--kind", "teams", "--method", "board-a-match", "--pairs", "2",
                          "--db", db)["id"]))
    ok("movement", str(event_id), "--round-robin", "--boards-per-round", "4", "--db", db)
    (movement,) = _stored_movement(db, event_id)
    results = _play(db, event_id, movement, 1, random.Random(12))
    home_points = Fraction(0)
    for difference in _board_differences(results, movement, 1):
        home_points += 1 if difference > 0 else Fraction(1, 2) if difference == 0 else 0
    (open_seat,) = [s for s in movement.seatings if s.room == "open"]
    scored = ok("score", str(event_id), "--db", db)
    (match,) = scored["matches"]  # type: ignore[misc]
    assert (match["home"], Fraction(match["imps"][0]["exact"]), match["vps"]) == (open_seat.ns, home_points,
                                                                                   None)
    totals = {s["contestant"]: Fraction(s["total"]["exact"])
              for s in scored["rankings"][0]["standings"]}  # type: ignore[index]
    assert totals == {open_seat.ns: home_points, open_seat.ew: 4 - home_points}
    published = ok("publish", str(event_id), "--out", str(tmp_path / "web"), "--db", db)
    assert str(tmp_path / "web" / "results.json") in published["files"]  # type: ignore[operator]
