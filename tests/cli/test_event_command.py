"""``tenace event``: the Director's commands over a store, with bad input refused clearly and nothing stored
changed."""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace.cli import app
from tenace.cli._event_input import parse_artificial, parse_assigned, read_participants
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.seats import Seat
from tenace.store import Store
from tenace.tournament.model import EventKind

runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["event", *args], env=env)
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> dict[str, object]:
    code, stdout, stderr = run(*args, "--json")
    assert code == 0, (args, stdout, stderr)
    data = json.loads(stdout)
    assert isinstance(data, dict)
    return data


# --- parsing of adjusted scores and participant files -------------------------------------------------


@pytest.mark.parametrize(("text", "ns", "ew"), [
    ("A60/40", Award.AVERAGE_PLUS, Award.AVERAGE_MINUS),
    ("a50/50", Award.AVERAGE, Award.AVERAGE),
    ("A+/A-", Award.AVERAGE_PLUS, Award.AVERAGE_MINUS),
    ("A4060", Award.AVERAGE_MINUS, Award.AVERAGE_PLUS),
    ("A60/60", Award.AVERAGE_PLUS, Award.AVERAGE_PLUS),
    ("A70/30", Fraction(70), Fraction(30)),
])
def test_artificial_scores_law_12c2_in_the_forms_directors_write(text: str, ns: object, ew: object) -> None:
    assert parse_artificial(text) == ArtificialAdjustedScore(ns, ew)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["60/40x", "A", "A101/0", "B60/40", ""])
def test_artificial_score_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="artificial"):
        parse_artificial(text)


def test_assigned_score_each_side_from_its_own_side_law_12c1() -> None:
    assert parse_assigned("420/-420") == AssignedAdjustedScore.balancing(420)
    # Non-balancing (Law 12C1(e)): NS +620, EW -100 from their side, i.e. NS +100 as EW's score.
    assert parse_assigned("620/-100") == AssignedAdjustedScore.of(620, 100)
    assert parse_assigned("-50") == AssignedAdjustedScore.balancing(-50)
    weighted = parse_assigned("620@2/3,-100@1/3 / -620@1/2,100@1/2")
    assert weighted.ns == WeightedScore.of((620, "2/3"), (-100, "1/3"))
    assert weighted.ew == WeightedScore.of((620, "1/2"), (-100, "1/2"))


@pytest.mark.parametrize("text", ["abc", "420/-420/0", "620@2/3", "420@x"])
def test_assigned_score_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_assigned(text)


def test_participants_csv_with_players_and_a_phantom(tmp_path: Path) -> None:
    path = tmp_path / "pairs.csv"
    path.write_text("id,name,players,phantom\n1,Ann & Bob,Ann Smith; Bob Jones,no\n2,,,yes\n",
                    encoding="utf-8")
    first, second = read_participants(path, EventKind.PAIRS)
    assert (first.id, first.name) == ("1", "Ann & Bob")
    assert [p.name for p in first.players] == ["Ann Smith", "Bob Jones"]
    assert (second.name, second.phantom) == ("Pair 2", True)


@pytest.mark.parametrize(("text", "where"), [
    ("id,name\n1,A\n1,B\n", ":3: field 'id'"),
    ("number,name\n1,A\n", ":1: the header"),
    ("id,name\n,A\n", ":2: field 'id' is empty"),
    ("id,name,phantom\n1,A,maybe\n", ":2: field 'phantom'"),
])
def test_participants_csv_errors_name_the_file_and_line(tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / "pairs.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=f"pairs.csv{where}"):
        read_participants(path, EventKind.PAIRS)


# --- a small Howell run through the commands -------------------------------------------------------------


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'club.db'}"


@pytest.fixture
def howell(db: str) -> int:
    """A 2-table Howell (4 pairs, 3 rounds of 1 board): event 1."""
    created = ok("new", "Tuesday", "--kind", "pairs", "--db", db)
    event_id = int(str(created["id"]))
    moved = ok("movement", str(event_id), "--howell", "2", "--boards", "3", "--db", db)
    assert (moved["tables"], moved["rounds"], moved["boards"]) == (2, 3, 3)
    assert moved["added"] == ["1", "2", "3", "4"]
    return event_id


def _seatings(db: str, event_id: int) -> dict[int, list[tuple[int, int, str, str]]]:
    """Board -> [(table, round, ns, ew)] from the stored movement."""
    with Store.open(db) as store:
        movement = store.event(event_id).sessions[0].movements[0]
    out: dict[int, list[tuple[int, int, str, str]]] = {}
    for s in movement.seatings:
        for b in s.boards:
            out.setdefault(b, []).append((s.table, s.round, s.ns, s.ew))
    return out


def test_new_event_from_a_participants_file_and_list(db: str, tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    path.write_text("id,name\nA,Lions\nB,Tigers\n", encoding="utf-8")
    created = ok("new", "League", "--kind", "teams", "--participants", str(path), "--db", db)
    assert (created["method"], created["participants"]) == ("team-imps", 2)
    code, stdout, _ = run("list", "--db", db)
    assert code == 0 and "League" in stdout
    with Store.open(db) as store:
        assert [p.name for p in store.event(int(str(created["id"]))).participants] == ["Lions", "Tigers"]


def test_new_event_refuses_a_method_that_does_not_score_its_kind(db: str) -> None:
    code, _, stderr = run("new", "League", "--kind", "teams", "--method", "matchpoints", "--db", db)
    assert code == 2 and "does not score a teams event" in stderr


def test_database_comes_from_tenace_db_when_not_given(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'env.db'}"
    code, stdout, stderr = run("new", "From env", "--json", env={"TENACE_DB": url})
    assert code == 0, stderr
    with Store.open(url) as store:
        assert store.events() == [(json.loads(stdout)["id"], "From env")]


def test_movement_needs_exactly_one_kind(db: str) -> None:
    ok("new", "x", "--db", db)
    code, _, stderr = run("movement", "1", "--mitchell", "3", "--howell", "3", "--boards", "6", "--db", db)
    assert code == 2 and "exactly one" in stderr


def test_movement_refuses_more_boards_than_it_can_play(db: str) -> None:
    ok("new", "x", "--db", db)
    code, _, stderr = run("movement", "1", "--mitchell", "3", "--boards", "7", "--boards-per-round", "2",
                          "--db", db)
    assert code == 2 and "fewer than --boards 7" in stderr


def test_unknown_event_is_a_clear_error(db: str) -> None:
    code, _, stderr = run("score", "42", "--db", db)
    assert code == 1 and "42" in stderr


def test_enter_score_and_rankings_match_a_hand_computation(db: str, howell: int) -> None:
    seatings = _seatings(db, howell)
    # Board 1 is played at both tables: 4S by N making 10 (+420, none vulnerable) and 9 (-50).
    (t1, r1, ns1, ew1), (t2, r2, ns2, ew2) = sorted(seatings[1])
    ok("enter", str(howell), "--table", str(t1), "--round", str(r1), "--board", "1", "4S N 10", "--db", db)
    ok("enter", str(howell), "--table", str(t2), "--round", str(r2), "--board", "1", "4S N -1", "--db", db)
    scored = ok("score", str(howell), "--db", db)
    standings = {s["contestant"]: s for r in scored["rankings"] for s in r["standings"]}
    # One board, two results: the +420 side gets the top (2 units, 100 %), its opponents 0.
    assert Fraction(standings[ns1]["percentage"]["exact"]) == 100
    assert Fraction(standings[ew1]["percentage"]["exact"]) == 0
    assert Fraction(standings[ns2]["percentage"]["exact"]) == 0
    assert Fraction(standings[ew2]["percentage"]["exact"]) == 100
    code, stdout, _ = run("score", str(howell), "--db", db)
    assert code == 0 and "Pair " + ns1 in stdout and "100.00" in stdout


def test_a_board_the_table_does_not_play_is_refused_and_nothing_is_stored(db: str, howell: int) -> None:
    seatings = _seatings(db, howell)
    table, rnd, _, _ = seatings[1][0]
    code, _, stderr = run("enter", str(howell), "--table", str(table), "--round", str(rnd), "--board", "2",
                          "3NT S 9", "--db", db)
    assert code == 1
    assert f"table {table}, round {rnd}, board 2" in stderr and "field 'board'" in stderr
    with Store.open(db) as store:
        assert store.results(howell) == ()


def test_an_unreadable_result_names_the_field(db: str, howell: int) -> None:
    table, rnd, _, _ = _seatings(db, howell)[1][0]
    code, _, stderr = run("enter", str(howell), "--table", str(table), "--round", str(rnd), "--board", "1",
                          "4S N 14", "--db", db)
    assert code == 1 and f"table {table}, round {rnd}, board 1" in stderr and "tricks" in stderr
    with Store.open(db) as store:
        assert store.results(howell) == ()


def test_a_different_second_entry_is_refused_and_correct_replaces_it(db: str, howell: int) -> None:
    table, rnd, _, _ = _seatings(db, howell)[1][0]
    where = ["--table", str(table), "--round", str(rnd), "--board", "1", "--db", db]
    ok("enter", str(howell), "3NT S 9", *where)
    ok("enter", str(howell), "3NT S 9", *where)  # a resend changes nothing
    code, _, stderr = run("enter", str(howell), "3NT S 10", *where)
    assert code == 1 and "use correct" in stderr
    ok("correct", str(howell), "3NT S 10", "--reason", "slip said 10", "--law", "79A", *where)
    with Store.open(db) as store:
        (result,) = store.results(howell)
        assert result.tricks == 10
    history = json.loads(run("history", str(howell), "--db", db, "--json")[1])
    corrections = [h for h in history if h["kind"] == "correct"]
    assert len(corrections) == 1 and corrections[0]["law"] == "79A" and corrections[0]["old"]["tricks"] == 9


def test_correction_after_the_law_79c_period_needs_the_organisers_approval(db: str, howell: int) -> None:
    table, rnd, _, _ = _seatings(db, howell)[1][0]
    where = ["--table", str(table), "--round", str(rnd), "--board", "1", "--db", db]
    ok("enter", str(howell), "3NT S 9", *where)
    with Store.open(db) as store:  # published two hours ago: the 30-minute period is over
        store.publish(howell, "{}", by="director", at=dt.datetime.now(dt.UTC) - dt.timedelta(hours=2))
    code, _, stderr = run("correct", str(howell), "3NT S 10", "--reason", "late", *where)
    assert code == 1 and "79C" in stderr
    ok("correct", str(howell), "3NT S 10", "--reason", "late", "--approved-by", "organiser", *where)
    code, _, stderr = run("adjust", str(howell), "A50/50", *where)
    assert code == 1 and "79C" in stderr
    ok("adjust", str(howell), "A50/50", "--approved-by", "organiser", *where)
    with Store.open(db) as store:
        (result,) = store.results(howell)
    assert result.adjusted == ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE)


def test_adjusted_scores_artificial_and_assigned(db: str, howell: int) -> None:
    (t1, r1, _, _), (t2, r2, _, _) = sorted(_seatings(db, howell)[1])
    ok("adjust", str(howell), "--table", str(t1), "--round", str(r1), "--board", "1", "A60/40",
       "--law", "12C2", "--db", db)
    ok("adjust", str(howell), "--table", str(t2), "--round", str(r2), "--board", "1",
       "--assigned", "420/-420", "--law", "12C1", "--db", db)
    with Store.open(db) as store:
        adjusted = {(r.table, r.round): r.adjusted for r in store.results(howell)}
    assert adjusted[t1, r1] == ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    assert adjusted[t2, r2] == AssignedAdjustedScore.balancing(420)


def test_adjust_needs_one_adjustment_and_reads_it_strictly(db: str, howell: int) -> None:
    table, rnd, _, _ = _seatings(db, howell)[1][0]
    where = ["--table", str(table), "--round", str(rnd), "--board", "1", "--db", db]
    code, _, stderr = run("adjust", str(howell), *where)
    assert code == 2 and "either" in stderr
    code, _, stderr = run("adjust", str(howell), "A60/4x", *where)
    assert code == 2 and "field 'adjustment'" in stderr and f"table {table}" in stderr


def test_penalty_is_taken_off_the_total(db: str, howell: int) -> None:
    (t1, r1, ns1, _), (t2, r2, _, _) = sorted(_seatings(db, howell)[1])
    ok("enter", str(howell), "--table", str(t1), "--round", str(r1), "--board", "1", "4S N 10", "--db", db)
    ok("enter", str(howell), "--table", str(t2), "--round", str(r2), "--board", "1", "4S N 9", "--db", db)
    ok("penalty", str(howell), ns1, "1/2", "--law", "90", "--reason", "slow play", "--db", db)
    standings = {s["contestant"]: s for r in ok("score", str(howell), "--db", db)["rankings"]
                 for s in r["standings"]}
    assert Fraction(standings[ns1]["total"]["exact"]) == 2 - Fraction(1, 2)
    assert Fraction(standings[ns1]["penalties"]["exact"]) == Fraction(1, 2)


def test_penalty_for_an_unknown_contestant_or_without_reason_is_refused(db: str, howell: int) -> None:
    code, _, stderr = run("penalty", str(howell), "9", "1", "--reason", "x", "--db", db)
    assert code == 1 and "field 'contestant'" in stderr
    code, _, stderr = run("penalty", str(howell), "1", "1", "--db", db)
    assert code == 2 and "--reason" in stderr
    with Store.open(db) as store:
        assert store.penalties(howell) == ()


def test_appeal_and_decision_change_the_result_law_92_93(db: str, howell: int) -> None:
    table, rnd, ns, ew = _seatings(db, howell)[1][0]
    where = ["--table", str(table), "--round", str(rnd), "--board", "1", "--db", db]
    ok("enter", str(howell), "4S N 10", *where)
    code, _, stderr = run("appeal", str(howell), "--appellants", "not-here", "--reason", "x", *where)
    assert code == 1 and "field 'appellants'" in stderr
    lodged = ok("appeal", str(howell), "--appellants", ew, "--reason", "unauthorised information", *where)
    appeal_id = str(lodged["appeal"])
    ok("decide", appeal_id, "--event", str(howell), "--decision", "score adjusted", "--assigned", "140/-140",
       "--db", db)
    with Store.open(db) as store:
        (result,) = store.results(howell)
        (appeal,) = store.appeals(howell)
    assert result.adjusted == AssignedAdjustedScore.balancing(140)
    assert appeal.decision == "score adjusted" and appeal.appellants == (ew,)


def test_results_and_publish_write_files(db: str, howell: int, tmp_path: Path) -> None:
    (t1, r1, ns1, _), (t2, r2, _, _) = sorted(_seatings(db, howell)[1])
    ok("enter", str(howell), "--table", str(t1), "--round", str(r1), "--board", "1", "4S N 10", "--db", db)
    ok("enter", str(howell), "--table", str(t2), "--round", str(r2), "--board", "1", "4S N 9", "--db", db)
    csv_path = tmp_path / "r.csv"
    ok("results", str(howell), "--format", "csv", "--out", str(csv_path), "--db", db)
    header, *rows = csv_path.read_text(encoding="utf-8").splitlines()
    assert "contestant" in header and len(rows) == 4
    code, stdout, _ = run("results", str(howell), "--format", "json", "--db", db)
    assert code == 0 and json.loads(stdout)["schema"] == "tenace.results"
    code, _, stderr = run("results", str(howell), "--format", "doc", "--db", db)
    assert code == 2 and "--format" in stderr
    published = ok("publish", str(howell), "--out", str(tmp_path / "web"), "--db", db)
    assert published["version"] == 1
    assert (tmp_path / "web" / "index.html").read_text(encoding="utf-8").count("Pair " + ns1) >= 1
    with Store.open(db) as store:
        (publication,) = store.publications(howell)
    assert json.loads(publication.document)["event"]["name"] == "Tuesday"


# --- formats out and back in --------------------------------------------------------------------------------


def _enter_all(db: str, event_id: int) -> None:
    texts = {1: "4S N 10", 2: "3NT E 8", 3: "2H S 9"}
    for board, lines in _seatings(db, event_id).items():
        for i, (table, rnd, _, _) in enumerate(lines):
            text = texts[board] if i == 0 else texts[board].replace("10", "9").replace(" 8", " 9")
            ok("enter", str(event_id), "--table", str(table), "--round", str(rnd), "--board", str(board),
               text, "--db", db)


def _slots(db: str, event_id: int) -> set[tuple[object, ...]]:
    with Store.open(db) as store:
        return {(r.table, r.round, r.board, r.ns, r.ew, r.contract, r.tricks)
                for r in store.results(event_id)}


@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
def test_results_written_by_one_event_import_into_another(db: str, howell: int, tmp_path: Path,
                                                          fmt: str) -> None:
    _enter_all(db, howell)
    path = tmp_path / ("results.xml" if fmt == "usebio" else "results.pbn")
    ok("results", str(howell), "--format", fmt, "--out", str(path), "--db", db)
    other = int(str(ok("new", "Copy", "--db", db)["id"]))
    ok("movement", str(other), "--howell", "2", "--boards", "3", "--db", db)
    imported = ok("import", str(other), str(path), "--db", db)
    assert imported["results"] == 6
    assert _slots(db, other) == _slots(db, howell)
    # Importing the same file again changes nothing (every line is a resend of what is stored).
    ok("import", str(other), str(path), "--db", db)
    assert len(_slots(db, other)) == 6


def test_an_import_with_a_wrong_printed_score_stores_nothing(db: str, howell: int, tmp_path: Path) -> None:
    _enter_all(db, howell)
    path = tmp_path / "results.xml"
    ok("results", str(howell), "--format", "usebio", "--out", str(path), "--db", db)
    text = path.read_text(encoding="utf-8")
    assert "<SCORE>420</SCORE>" in text
    path.write_text(text.replace("<SCORE>420</SCORE>", "<SCORE>450</SCORE>", 1), encoding="utf-8")
    other = int(str(ok("new", "Copy", "--db", db)["id"]))
    ok("movement", str(other), "--howell", "2", "--boards", "3", "--db", db)
    code, _, stderr = run("import", str(other), str(path), "--db", db)
    assert code == 1 and "results.xml:" in stderr and "nothing was imported" in stderr
    assert _slots(db, other) == set()


def test_an_import_into_a_session_without_a_movement_is_refused(db: str, tmp_path: Path) -> None:
    ok("new", "Empty", "--db", db)
    path = tmp_path / "r.pbn"
    path.write_text('[Board "1"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n', encoding="utf-8")
    code, _, stderr = run("import", "1", str(path), "--db", db)
    assert code == 1 and "no movement" in stderr


def test_publish_with_deals_shows_the_hands_and_writes_every_format(db: str, howell: int,
                                                                     tmp_path: Path) -> None:
    import random

    from tenace.dealing import random_deal

    rng = random.Random(7)
    deals = {b: random_deal(rng) for b in (1, 2, 3)}
    boards = tmp_path / "boards.pbn"
    boards.write_text("".join(f'[Board "{b}"]\n[Deal "{d.to_pbn()}"]\n\n' for b, d in deals.items()),
                      encoding="utf-8")
    _enter_all(db, howell)
    published = ok("publish", str(howell), "--out", str(tmp_path / "web"), "--boards", str(boards),
                   "--db", db)
    files = published["files"]
    assert isinstance(files, list)
    names = sorted(Path(str(f)).name for f in files)
    assert names == ["hands.html", "index.html", "rankings.csv", "results.json", "results.pbn",
                     "results.usebio.xml", "travellers.csv"]
    pbn = (tmp_path / "web" / "results.pbn").read_text(encoding="utf-8")
    assert deals[2].to_pbn(Seat.EAST) in pbn and "ScoreTable" in pbn  # board 2: East deals (Law 2)
    hands = (tmp_path / "web" / "hands.html").read_text(encoding="utf-8")
    assert [f'class="number">Board {b}<' in hands for b in (1, 2, 3)] == [True, True, True]


def test_confirmation_by_the_opponents_is_recorded(db: str, howell: int) -> None:
    table, rnd, _, ew = _seatings(db, howell)[1][0]
    where = ["--table", str(table), "--round", str(rnd), "--board", "1", "--db", db]
    code, _, stderr = run("confirm", str(howell), *where)
    assert code == 1 and "no result has been entered" in stderr
    ok("enter", str(howell), "3NT S 9", *where)
    confirmed = ok("confirm", str(howell), *where)
    assert confirmed["confirmed_by"] == f"pair {ew}" and confirmed["version"] == 1
    with Store.open(db) as store:
        (stored,) = store.stored(howell)
    assert stored.confirmed_by == f"pair {ew}"


def test_a_database_that_cannot_be_opened_is_a_usage_error_without_the_password() -> None:
    code, _, stderr = run("list", "--db", "postgresql+psycopg://director:secret@127.0.0.1:1/club")
    assert code == 2 and "cannot open" in stderr and "secret" not in stderr
    code, _, stderr = run("list", "--db", "not a url")
    assert code == 2 and "cannot open" in stderr


def test_traveller_of_a_board_with_each_sides_points(db: str, howell: int) -> None:
    (t1, r1, _, _), (t2, r2, _, _) = sorted(_seatings(db, howell)[1])
    ok("enter", str(howell), "--table", str(t1), "--round", str(r1), "--board", "1", "4S N 10", "--db", db)
    ok("enter", str(howell), "--table", str(t2), "--round", str(r2), "--board", "1", "4S N 9", "--db", db)
    data = ok("traveller", str(howell), "--board", "1", "--db", db)
    travellers = data["travellers"]
    assert isinstance(travellers, list) and len(travellers) == 1
    lines = {line["table"]: line for line in travellers[0]["lines"]}
    assert (lines[t1]["ns_score"], lines[t2]["ns_score"]) == (420, -50)
    assert Fraction(lines[t1]["ns_points"]["exact"]) == 2 and Fraction(lines[t2]["ns_points"]["exact"]) == 0
    code, stdout, _ = run("traveller", str(howell), "--board", "1", "--db", db)
    assert code == 0 and "420" in stdout and "-50" in stdout
    code, _, stderr = run("traveller", str(howell), "--board", "2", "--db", db)
    assert code == 1 and "no results for board 2" in stderr


def test_a_second_session_has_its_own_movement_and_results(db: str, howell: int) -> None:
    ok("movement", str(howell), "--howell", "2", "--boards", "3", "--session", "2", "--db", db)
    table, rnd, _, _ = _seatings(db, howell)[1][0]
    ok("enter", str(howell), "--table", str(table), "--round", str(rnd), "--board", "1", "3NT S 9",
       "--session", "2", "--db", db)
    with Store.open(db) as store:
        assert store.results(howell, 1) == ()
        (result,) = store.results(howell, 2)
    assert (result.session, result.table, result.round, result.board) == (2, table, rnd, 1)


def test_a_team_round_robin_scores_the_match_in_imps_law_78b(db: str, tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    path.write_text("id,name\nA,Lions\nB,Tigers\nC,Bears\nD,Wolves\n", encoding="utf-8")
    event_id = str(ok("new", "League", "--kind", "teams", "--participants", str(path), "--db", db)["id"])
    moved = ok("movement", event_id, "--round-robin", "--boards-per-round", "2", "--db", db)
    assert (moved["rounds"], moved["tables"], moved["added"]) == (3, 4, [])
    with Store.open(db) as store:
        movement = store.event(int(event_id)).sessions[0].movements[0]
    open_room, closed_room = sorted((s for s in movement.seatings if s.round == 1 and s.table <= 2),
                                    key=lambda s: s.table)
    assert (open_room.ns, open_room.ew) == (closed_room.ew, closed_room.ns)
    # The home team makes 4S (+420) in the open room and beats it a trick (+50) in the closed room:
    # 470 points, 10 IMPs on the Law 78B scale.
    ok("enter", event_id, "--table", str(open_room.table), "--round", "1", "--board", "1", "4S N 10",
       "--db", db)
    ok("enter", event_id, "--table", str(closed_room.table), "--round", "1", "--board", "1", "4S N 9",
       "--db", db)
    scored = ok("score", event_id, "--db", db)
    matches = scored["matches"]
    assert isinstance(matches, list) and len(matches) == 1
    (match,) = matches
    assert (match["home"], match["away"]) == (open_room.ns, open_room.ew)
    assert [Fraction(i["exact"]) for i in match["imps"]] == [10, 0]
    code, stdout, _ = run("score", event_id, "--db", db)
    assert code == 0 and "10.00 - 0.00" in stdout


def test_an_individual_movement_enters_its_players(db: str) -> None:
    event_id = str(ok("new", "Individual", "--kind", "individual", "--db", db)["id"])
    moved = ok("movement", event_id, "--individual", "8", "--boards-per-round", "1", "--db", db)
    assert moved["added"] == [str(p) for p in range(1, 9)] and moved["rounds"] == 7
    code, _, stderr = run("movement", event_id, "--individual", "6", "--db", db)
    assert code == 2 and "4 or 8 players" in stderr


def test_an_import_that_clashes_with_a_stored_result_imports_nothing(db: str, howell: int,
                                                                     tmp_path: Path) -> None:
    _enter_all(db, howell)
    path = tmp_path / "results.pbn"
    ok("results", str(howell), "--format", "pbn", "--out", str(path), "--db", db)
    other = int(str(ok("new", "Copy", "--db", db)["id"]))
    ok("movement", str(other), "--howell", "2", "--boards", "3", "--db", db)
    table, rnd, _, _ = _seatings(db, other)[3][0]
    ok("enter", str(other), "--table", str(table), "--round", str(rnd), "--board", "3", "7NT N 13",
       "--db", db)
    code, _, stderr = run("import", str(other), str(path), "--db", db)
    assert code == 1 and "nothing was imported" in stderr and "use correct" in stderr
    assert len(_slots(db, other)) == 1


@pytest.mark.parametrize(("table", "rnd", "field", "what"), [
    ("9", "1", "field 'table'", "tables 1-2"),
    ("1", "7", "field 'round'", "rounds 1-3"),
])
def test_a_table_or_round_outside_the_movement_is_named(db: str, howell: int, table: str, rnd: str,
                                                        field: str, what: str) -> None:
    code, _, stderr = run("enter", str(howell), "--table", table, "--round", rnd, "--board", "1", "3NT S 9",
                          "--db", db)
    assert code == 1
    assert f"table {table}, round {rnd}, board 1: {field}" in stderr and what in stderr


def test_a_boards_file_without_deals_or_an_unknown_import_format_is_refused(db: str, howell: int,
                                                                           tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Event "x"]\n', encoding="utf-8")
    code, _, stderr = run("results", str(howell), "--format", "pbn", "--boards", str(empty), "--db", db)
    assert code == 1 and "empty.pbn: no numbered boards with a full deal" in stderr
    other = tmp_path / "results.txt"
    other.write_text("4S N 10\n", encoding="utf-8")
    code, _, stderr = run("import", str(howell), str(other), "--db", db)
    assert code == 1 and "cannot tell the format" in stderr


def test_publish_in_another_language_with_lang(db: str, howell: int, tmp_path: Path) -> None:
    import random

    from tenace.dealing import random_deal

    rng = random.Random(11)
    boards = tmp_path / "boards.pbn"
    boards.write_text("".join(f'[Board "{b}"]\n[Deal "{random_deal(rng).to_pbn()}"]\n\n' for b in (1, 2, 3)),
                      encoding="utf-8")
    _enter_all(db, howell)
    code, _, stderr = run("publish", str(howell), "--out", str(tmp_path / "fr"), "--lang", "fr", "--db", db)
    assert code == 2 and "--lang" in stderr and "pl" in stderr
    assert not (tmp_path / "fr").exists()
    ok("publish", str(howell), "--out", str(tmp_path / "web"), "--boards", str(boards), "--lang", "pl",
       "--db", db)
    index = (tmp_path / "web" / "index.html").read_text(encoding="utf-8")
    hands = (tmp_path / "web" / "hands.html").read_text(encoding="utf-8")
    assert '<html lang="pl">' in index and ">Klasyfikacja<" in index
    assert '<html lang="pl">' in hands
    assert [f'class="number">Rozdanie {b}<' in hands for b in (1, 2, 3)] == [True, True, True]
    assert "Dealer" not in hands and "Rozdający" in hands
