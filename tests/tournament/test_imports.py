"""Imports of other programs' files, checked against what those files print (Law 77 scores), their line
counts, and the scoring programs' own travellers."""

from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.errors import NotationError
from tenace.formats.pbn import read_games
from tenace.formats.usebio import UnsupportedEventError
from tenace.scoring.adjusted import ArtificialAdjustedScore
from tenace.tournament.imports import (
    UNKNOWN_ROUND,
    Imported,
    ImportProblem,
    import_lin,
    import_lin_text,
    import_pbn,
    import_usebio,
    merge,
    pair_id,
    place,
)
from tenace.tournament.model import Movement, Result, Seating

RUTER = "pbn-ruter-norway"
TOOLS = "pbntools-real-tournaments"


def score_table_rows(path: Path) -> list[tuple[int, list[str]]]:
    """(line number, fields) of every data line of every ScoreTable, read straight from the text."""
    rows: list[tuple[int, list[str]]] = []
    inside = False
    for n, line in enumerate(path.read_text(encoding="latin-1").split("\n"), 1):
        if line.startswith("["):
            inside = line.startswith("[ScoreTable ")
            continue
        if inside and line.strip():
            rows.append((n, line.split()))
    return rows


# --- PBN ScoreTable (Ruter) ------------------------------------------------------------------------------


def test_ruter_pairs_every_row_is_a_result_scoring_what_ruter_printed(oracles: Path) -> None:
    path = oracles / RUTER / "pairs.pbn"
    got = import_pbn(path)
    rows = score_table_rows(path)
    assert len(got.lines) == len(rows) == 252
    assert got.problems == ()
    assert all(line.printed is not None for line in got.lines)
    assert got.disagreements() == ()  # Law 77 score == Score_NS (or -Score_EW) on every row
    assert sum(isinstance(r.adjusted, ArtificialAdjustedScore) for r in got.results) == 2  # the A+/A- lines
    assert sum(r.contract is None and r.adjusted is None for r in got.results) == 2  # passed out


def test_ruter_line_numbers_point_at_the_row_of_each_result(oracles: Path) -> None:
    path = oracles / RUTER / "pairs.pbn"
    text = path.read_text(encoding="latin-1").split("\n")
    for line in import_pbn(path).lines:
        assert line.lineno is not None
        fields = text[line.lineno - 1].split()
        # Table Round PairId_NS PairId_EW ...
        assert fields[:4] == [str(line.result.table), str(line.result.round), line.result.ns, line.result.ew]


def test_ruter_contestants_are_named_from_the_total_score_table(oracles: Path) -> None:
    got = import_pbn(oracles / RUTER / "pairs.pbn")
    assert sorted(p.id for p in got.participants) == [str(n) for n in range(1, 9)]
    assert got.participant("8").name == "Jørn Johansen - Egil Hansen"


def test_ruter_teams_sub_sections_and_butler_rows(oracles: Path) -> None:
    path = oracles / RUTER / "teams-sub.pbn"
    got = import_pbn(path)
    rows = score_table_rows(path)
    assert len(got.lines) == len(rows)
    assert got.problems == () and got.disagreements() == ()
    assert Counter(line.section for line in got.lines) == Counter(f[0].strip('"') for _, f in rows)


def test_a_match_score_table_is_reported_not_read_as_results(oracles: Path) -> None:
    path = oracles / RUTER / "teams.pbn"
    got = import_pbn(path)
    first = next(n for n, line in enumerate(path.read_text(encoding="latin-1").split("\n"), 1)
                 if line.startswith("[ScoreTable "))
    assert got.lines == ()
    assert got.problems and got.problems[0].lineno == first and str(path) in str(got.problems[0])


@pytest.mark.parametrize(("old", "new", "needle"), [
    (' 9 C3   "140"', ' 19 C3   "140"', "Result 19"),
    ("2S   N  9 C3", "2S   Q  9 C3", "unknown seat"),
    ("2S   N  9 C3", "9S   N  9 C3", "contract"),
])
def test_a_bad_score_table_row_is_reported_with_its_line_and_the_rest_kept(
        oracles: Path, old: str, new: str, needle: str) -> None:
    text = (oracles / RUTER / "pairs.pbn").read_text(encoding="latin-1")
    lines = text.split("\n")
    target = next(n for n, line in enumerate(lines, 1) if old in line)
    lines[target - 1] = lines[target - 1].replace(old, new, 1)
    got = import_pbn("\n".join(lines), source="pairs.pbn")
    assert len(got.lines) == 251
    assert [(p.source, p.lineno) for p in got.problems] == [("pairs.pbn", target)]
    assert needle.lower() in str(got.problems[0]).lower()
    assert all(line.lineno != target for line in got.lines)


def test_a_row_printing_a_score_law_77_does_not_give_is_kept_as_a_disagreement(oracles: Path) -> None:
    text = (oracles / RUTER / "pairs.pbn").read_text(encoding="latin-1")
    changed = text.replace('2S   N  9 C3   "140"', '2S   N  9 C3   "170"', 1)
    got = import_pbn(changed, source="pairs.pbn")
    assert len(got.lines) == 252
    (bad,) = got.disagreements()
    assert bad.printed == 170 and bad.result.ns_score() == 140


# --- PBN, one game per table ----------------------------------------------------------------------------


def jfr_traveller(path: Path) -> dict[tuple[str, str], int | None]:
    """(NS pair, EW pair) -> NS score printed on a JFR Pary traveller page (None for a TD line)."""
    out: dict[tuple[str, str], int | None] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", path.read_text(encoding="utf-8", errors="replace"), re.S):
        cells = [html.unescape(re.sub(r"<[^>]*>", "", c)).strip()
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(cells) not in (10, 11) or cells[0] or not (cells[1].isdigit() and cells[2].isdigit()):
            continue
        if cells[3] == "TD":
            out[(cells[1], cells[2])] = None
            continue
        ns_text, ew_text = cells[7], cells[8]
        out[(cells[1], cells[2])] = int(ns_text) if ns_text else -int(ew_text)
    return out


@pytest.mark.parametrize("folder", ["test_1_pary/WB120802", "test_3_pary_20130801/WB130801"])
def test_jfr_pary_results_score_what_the_jfr_travellers_print(oracles: Path, folder: str) -> None:
    base = oracles / TOOLS / folder
    (pbn,) = base.glob("*.pbn")
    got = import_pbn(pbn)
    assert got.problems == ()
    assert len(got.lines) == sum(1 for line in pbn.read_text(encoding="latin-1").split("\n")
                                 if line.startswith("[Board "))
    checked = 0
    for page in sorted(base.glob(f"{base.name.lower()}[0-9][0-9][0-9].html")):
        board = int(page.stem[-3:])
        printed = jfr_traveller(page)
        mine = {(r.ns.removeprefix("Para-"), r.ew.removeprefix("Para-")): r
                for r in got.results if r.board == board}
        played = {k: v for k, v in printed.items() if v is not None}
        assert set(mine) == set(played), f"board {board}"  # the TD lines are not in the PBN
        for key, points in played.items():
            assert mine[key].ns_score() == points, f"board {board}, {key}"
            checked += 1
    assert checked == len(got.lines)


def bbo_traveller(path: Path) -> dict[str, int]:
    """BBO hand id -> NS points printed on a BBO traveller page."""
    out: dict[str, int] = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", path.read_text(encoding="utf-8", errors="replace"), re.S):
        hand = re.search(r"(?:fetchlin\.php\?id=|myhand=M-)(\d+)", row)
        score = re.search(r'<td class="score">\s*(-?\d+)\s*</td>', row)
        if hand is not None and score is not None:
            out[hand.group(1)] = int(score.group(1))
    return out


def pbn_deal_ids(path: Path) -> dict[str, tuple[int, str | None, str | None]]:
    """DealId -> (board, NS pair, EW pair), read with the PBN reader (independently of the importer)."""
    out = {}
    for game in read_games(path):
        n, e, s, w = game.record.players
        deal_id = (game.tag("DealId") or "").removesuffix(".lin")
        assert game.record.number is not None
        out[deal_id] = (game.record.number, pair_id(n, s), pair_id(e, w))
    return out


@pytest.mark.parametrize("folder", ["test_10_bbo_www_annamar_1538_php", "test_11_aba_17901"])
def test_bbo_results_score_what_the_bbo_travellers_print(oracles: Path, folder: str) -> None:
    base = oracles / TOOLS / folder
    (pbn,) = base.glob("*.pbn")
    got = import_pbn(pbn)
    ids = pbn_deal_ids(pbn)
    by_key = {(r.board, r.ns, r.ew): r for r in got.results}
    checked = 0
    for page in base.glob("hands.php@traveller=*.html"):
        for hand, points in bbo_traveller(page).items():
            if hand not in ids:
                continue
            key = ids[hand]
            assert key in by_key, key
            assert by_key[key].ns_score() == points, key
            checked += 1
    assert checked >= 5


def test_bbo_boards_without_a_result_are_reported_with_their_line(oracles: Path) -> None:
    path = oracles / TOOLS / "test_10_bbo_www_annamar_1538_php" / "annamar_1538_pairs_untitled.pbn"
    got = import_pbn(path)
    games = list(read_games(path))
    unscored = [g for g in games if g.record.tricks is None and not g.record.passed_out]
    assert len(got.lines) == len(games) - len(unscored)
    assert len(got.problems) == len(unscored) == 5
    starts = {g.lineno for g in unscored}
    contracts = {t.lineno for g in unscored for t in g.tags if t.name == "Contract"}
    for problem, game in zip(got.problems, unscored, strict=True):
        assert problem.lineno in ({t.lineno for t in game.tags if t.name == "Contract"} or {game.lineno})
    assert {p.lineno for p in got.problems} <= starts | contracts


@pytest.mark.parametrize("path", sorted(
    (Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "pbn-bbohelper-ben").glob("*.pbn")),
    ids=lambda p: p.name[:30])
def test_bbo_helper_results_score_what_the_score_tags_print(path: Path) -> None:
    got = import_pbn(path)
    scores = sum(1 for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
                 if line.startswith("[Score "))
    assert sum(line.printed is not None for line in got.lines) == scores
    assert got.disagreements() == ()


def test_kops_per_table_games_are_all_read(oracles: Path) -> None:
    path = oracles / TOOLS / "test_2_kops" / "PCH1003" / "PCH1003.pbn"
    got = import_pbn(path)
    assert got.problems == ()
    assert len(got.lines) == 570
    # tables are numbered per board in file order when the file has no Table tag
    first = [r.table for r in got.results if r.board == 1]
    assert first == list(range(1, len(first) + 1))
    assert all(r.round == UNKNOWN_ROUND for r in got.results)


def test_a_game_without_players_or_board_is_reported() -> None:
    got = import_pbn('[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n\n'
                     '[Board "2"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n\n'
                     '[Board "3"]\n[PairId_NS "7"]\n[PairId_EW "12"]\n[Contract "4S"]\n[Declarer "N"]\n'
                     '[Result "10"]\n[Lead "HK"]\n[Round "4"]\n[Table "2"]\n', source="x.pbn")
    assert [str(p) for p in got.problems] == [
        "x.pbn:1: no Board tag: the result cannot be placed",
        "x.pbn:5: board 2: no PairId_NS/PairId_EW tags and no players' names",
    ]
    (r,) = got.results
    assert (r.board, r.round, r.table, r.ns, r.ew) == (3, 4, 2, "7", "12")
    assert (str(r.lead), r.ns_score()) == ("HK", 420)


def test_a_vulnerability_other_than_law_2_is_kept_on_the_result() -> None:
    got = import_pbn('[Board "1"]\n[Vulnerable "All"]\n[North "a"]\n[South "b"]\n[East "c"]\n[West "d"]\n'
                     '[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n[Score "NS 620"]\n')
    (line,) = got.lines
    assert line.result.vulnerable == (True, True)
    assert line.result.ns_score() == 620 and line.agrees


# --- USEBIO -----------------------------------------------------------------------------------------------

USEBIO_FILES = ["butler_mitchell.xml", "mp_pairs_mitchell.xml", "mp_pairs_mitchell_02.xml",
                "mp_pairs_mitchell_04.xml", "mp_pairs_mitchell_adjusted.xml",
                "mp_pairs_mitchell_adjusted_02.xml"]


@pytest.mark.parametrize("name", USEBIO_FILES)
def test_usebio_every_traveller_line_scores_what_compscore_printed(oracles: Path, name: str) -> None:
    path = oracles / "usebio-abf-compscore" / name
    text = path.read_text(encoding="utf-8", errors="replace")
    got = import_usebio(path)
    assert len(got.lines) == text.count("<TRAVELLER_LINE>")
    assert got.problems == ()
    assert got.disagreements() == ()
    artificial = len(re.findall(r"<SCORE>\s*A", text))
    assert sum(r.adjusted is not None for r in got.results) == artificial
    assert len(got.participants) == text.count("<PAIR>") or not text.count("<PAIR>")


def test_usebio_adjusted_file_has_artificial_scores_as_adjusted_results(oracles: Path) -> None:
    got = import_usebio(oracles / "usebio-abf-compscore" / "mp_pairs_mitchell_adjusted_02.xml")
    first = got.results[0]
    assert (first.board, first.ns, first.ew, str(first.adjusted)) == (1, "1NS", "1EW", "A5050")
    assert first.contract is None and first.tricks is None


def test_usebio_pairs_are_named_after_their_players(oracles: Path) -> None:
    path = oracles / "usebio-abf-compscore" / "mp_pairs_mitchell.xml"
    got = import_usebio(path)
    text = path.read_text(encoding="utf-8")
    names = re.findall(r"<PLAYER_NAME>(.*?)</PLAYER_NAME>", text)
    for p in got.participants:
        for part in p.name.split(" & "):
            assert part in names


def test_usebio_unsupported_event_is_a_clear_error(oracles: Path) -> None:
    with pytest.raises(UnsupportedEventError, match="NOTSUP"):
        import_usebio(oracles / "usebio-abf-compscore" / "notsupported.xml")


def test_usebio_line_with_a_wrong_score_is_kept_and_reported(oracles: Path) -> None:
    text = (oracles / "usebio-abf-compscore" / "mp_pairs_mitchell.xml").read_text(encoding="utf-8")
    match = re.search(r"<SCORE>(-?\d+)</SCORE>", text)
    assert match is not None
    wrong = int(match.group(1)) + 10
    changed = text[:match.start(1)] + str(wrong) + text[match.end(1):]
    got = import_usebio(changed, source="mp.xml")
    assert len(got.lines) == text.count("<TRAVELLER_LINE>")
    (problem,) = got.problems
    assert problem.source == "mp.xml" and f"SCORE {wrong}" in str(problem)
    assert problem.lineno is not None
    lines = changed.split("\n")
    assert "<TRAVELLER_LINE>" in lines[problem.lineno - 1]
    assert f"<SCORE>{wrong}</SCORE>" in "\n".join(lines[problem.lineno - 1:problem.lineno + 12])
    assert len(got.disagreements()) == 1


@pytest.mark.parametrize("name", USEBIO_FILES[:2])
def test_usebio_line_numbers_point_at_each_traveller_line(oracles: Path, name: str) -> None:
    path = oracles / "usebio-abf-compscore" / name
    lines = path.read_text(encoding="utf-8").split("\n")
    got = import_usebio(path)
    for line in got.lines:
        assert line.lineno is not None and "<TRAVELLER_LINE" in lines[line.lineno - 1]
        block = "\n".join(lines[line.lineno - 1:line.lineno + 14])
        assert f"<NS_PAIR_NUMBER>{line.result.ns}</NS_PAIR_NUMBER>" in block.split("</TRAVELLER_LINE>")[0]


def test_usebio_results_placed_by_a_movement() -> None:
    got = import_usebio("""<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
      <BOARD><BOARD_NUMBER>3</BOARD_NUMBER>
        <TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
          <CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>
        </TRAVELLER_LINE></BOARD></EVENT></USEBIO>""")
    movement = Movement("m", (Seating(round=2, table=1, ns="1NS", ew="2EW", boards=(3, 4)),))
    (r,) = place(got, movement).results
    assert (r.round, r.table, r.ns_score()) == (2, 1, 400)


# --- LIN ---------------------------------------------------------------------------------------------------


def test_lin_results_agree_with_the_pbn_made_from_the_same_lin_files(oracles: Path) -> None:
    base = oracles / TOOLS / "test_6_bbo_skyclub_20130810"
    lins = sorted(base.rglob("*.lin"))
    from_lin = import_lin(lins)
    from_pbn = import_pbn(next(base.glob("*.pbn")))

    def key(r: Result) -> tuple[object, ...]:
        # PbnTools wrote BBO's robot pseudonyms (~~M59370) as GiB
        ns, ew = (re.sub(r"~~M\d+", "GiB", who) for who in (r.ns, r.ew))
        return (r.board, ns, ew, r.contract, r.tricks, r.lead, r.ns_score())

    assert sorted(map(key, from_lin.results), key=repr) == sorted(map(key, from_pbn.results), key=repr)
    assert len(from_lin.lines) + len(from_lin.problems) == len(lins)
    # the two tables without a claim or a finished play are reported by both
    assert len(from_lin.problems) == len(from_pbn.problems) == 2
    assert {p.source for p in from_lin.problems} <= {str(p) for p in lins}


def test_lin_result_scores_what_the_bbo_traveller_prints(oracles: Path) -> None:
    base = oracles / TOOLS / "test_11_aba_17901"
    got = import_lin([base / "1047742261.lin"])
    (r,) = got.results
    printed = {}
    for page in base.glob("hands.php@traveller=*.html"):
        printed.update(bbo_traveller(page))
    assert r.ns_score() == printed["1047742261"]


def test_lin_several_boards_one_per_line_and_a_bad_line_reported() -> None:
    good = ("pn|s1,w1,n1,e1|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|"
            "ah|Board 1|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|S6|mc|13|")
    other = ("pn|s2,w2,n2,e2|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|"
             "ah|Board 1|sv|o|mb|p|mb|p|mb|p|mb|p|")
    unfinished = "pn|s3,w3,n3,e3|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|ah|Board 1|mb|7N|"
    malformed = "pn|s4,w4,n4,e4|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|ah|Board 1|mb|9Z|"
    got = import_lin_text("\n".join([good, unfinished, other, malformed]), source="b.lin")
    assert [(r.ns, r.table, r.ns_score()) for r in got.results] == [("n1 - s1", 1, 1520), ("n2 - s2", 2, 0)]
    assert [(p.source, p.lineno) for p in got.problems] == [("b.lin", 2), ("b.lin", 4)]
    assert "no contract" in str(got.problems[0]) and "9Z" in str(got.problems[1])


def test_lin_malformed_file_is_a_problem_not_a_crash() -> None:
    got = import_lin_text("pn|a,b,c,d|md|3S2|mb", source="t.lin")
    assert got.lines == () and len(got.problems) == 1 and str(got.problems[0]).startswith("t.lin")


# --- shared helpers ---------------------------------------------------------------------------------------


def test_merge_keeps_all_lines_and_problems_and_the_first_name() -> None:
    a = import_pbn('[Board "1"]\n[PairId_NS "1"]\n[PairId_EW "2"]\n[Contract "Pass"]\n', source="a")
    b = import_pbn('[Board "2"]\n[PairId_NS "1"]\n[PairId_EW "3"]\n[Contract "4S"]\n', source="b")
    both = merge([a, b])
    assert isinstance(both, Imported)
    assert len(both.lines) == 1 and both.results[0].contract is None
    assert [p.source for p in both.problems] == ["b"]
    assert [p.id for p in both.participants] == ["1", "2"]


def test_import_problem_is_a_notation_error_with_file_and_line() -> None:
    problem = ImportProblem("bad", source="f.pbn", lineno=4)
    assert isinstance(problem, NotationError) and isinstance(problem, ValueError)
    assert str(problem) == "f.pbn:4: bad"


# --- robustness ---------------------------------------------------------------------------------------

CELLS = ["1", "2", "12", "-", "?", "4S", "3N", "3NT", "Pass", "7NTXX", "9H", "N", "E", "Q", "10", "14", "-1",
         '"140"', '"-620"', '"A+"', '"A-"', '"A="', "^60", "^140", "HK", "Z9", '"A6040"', '"A9999"', "x"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(CELLS), min_size=10, max_size=10), max_size=4))
def test_score_table_rows_of_any_cells_give_results_or_problems(rows: list[list[str]]) -> None:
    body = "\n".join(" ".join(row) for row in rows)
    text = ('[Board "3"]\n[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;'
            f'Score_NS;Score_EW"]\n{body}\n')
    got = import_pbn(text, source="f.pbn")
    assert len(got.lines) + sum("ScoreTable, board 3" in str(p) and "Lead" not in str(p)
                                for p in got.problems) == len(rows)
    for line in got.lines:
        r = line.result
        assert r.contract is None or r.tricks is not None and 0 <= r.tricks <= 13
        r.ns_score()  # never raises for an imported line


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=120))
def test_any_text_imports_as_pbn_or_lin_without_an_unexpected_exception(text: str) -> None:
    for got in (import_pbn(text, source="f"), import_lin_text(text, source="f")):
        for line in got.lines:
            line.result.ns_score()
