"""PBN results (PBN 2.1 §5.9, §5.10): the export reads back with Tenace's PBN reader without problems, its
ScoreTable rows agree with Law 77 and with the scores a real scoring program (Compscore) printed, and the
TotalScoreTable carries the rankings."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tenace.cards import Card
from tenace.contract import Contract
from tenace.formats.pbn import PBNGame, read_file, read_games, write_games
from tenace.formats.usebio import read_usebio
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.tournament.model import Conditions, Event, EventKind, Method, Result
from tenace.tournament.publish.pbn import results_games, results_pbn
from tenace.tournament.standings import EventResults, Traveller, TravellerLine

from ._publish_data import NAMES, bcdd_boards, from_usebio, small_event


def law_77_ns(game: PBNGame, contract_text: str, declarer: str, tricks: str) -> int:
    """North-South's score from a ScoreTable row, computed here (Law 77) with the game's vulnerability."""
    contract = Contract.from_str(contract_text, Seat.from_str(declarer))
    board = game.record.board()
    points = score(contract, int(tricks), vulnerable=board.vulnerability.is_vulnerable(contract.declarer))
    return points if contract.declarer in (Seat.NORTH, Seat.SOUTH) else -points


def ns_from_cells(ns: str, ew: str) -> int:
    if ns == "-":
        return -int(ew)
    assert ew in ("-", "0")
    return int(ns)


def real_rows(game: PBNGame) -> list[dict[str, str]]:
    table = game.table("ScoreTable")
    assert table is not None
    return [{name: cell.text for name, cell in row.items()} for row in table.records()
            if row["Contract"].text not in ("-", "Pass")]


@pytest.fixture(scope="module")
def small_games(oracles: Path) -> list[PBNGame]:
    event, results = small_event()
    boards, analyses = bcdd_boards(oracles)
    return list(read_games(results_pbn(event, results, boards=boards, analyses=analyses, date="2026.11.22")))


def test_export_reads_back_without_problems(small_games: list[PBNGame], oracles: Path) -> None:
    boards, _ = bcdd_boards(oracles)
    assert [g.record.number for g in small_games] == [1, 2, 3]
    for game in small_games:
        assert game.problems == ()
        assert game.record.deal == boards[game.record.number or 0].deal
        assert game.tag("Scoring") == "MP;MP1" and game.tag("Date") == "2026.11.22"


def test_score_table_has_every_line_and_its_scores_follow_law_77(small_games: list[PBNGame]) -> None:
    _, results = small_event()
    checked = 0
    for game, traveller in zip(small_games, results.travellers, strict=True):
        table = game.table("ScoreTable")
        assert table is not None and len(table.rows) == len(traveller.lines)
        for row in real_rows(game):
            assert ns_from_cells(row["Score_NS"], row["Score_EW"]) == law_77_ns(
                game, row["Contract"], row["Declarer"], row["Result"])
            checked += 1
    assert checked == 9


def test_score_table_matchpoints_and_percentages_are_the_scored_values(small_games: list[PBNGame]) -> None:
    _, results = small_event()
    for game, traveller in zip(small_games, results.travellers, strict=True):
        table = game.table("ScoreTable")
        assert table is not None
        for row, line in zip(table.records(), traveller.lines, strict=True):
            assert (row["PairId_NS"].text, row["PairId_EW"].text) == (line.result.ns, line.result.ew)
            assert abs(Fraction(str(row["MP_NS"].value)) - line.ns_points) < Fraction(1, 200)
            assert line.ns_percentage is not None
            assert abs(Fraction(str(row["Percentage_NS"].value)) - line.ns_percentage) < Fraction(1, 200)


def test_adjusted_lines_are_marked_artificial(small_games: list[PBNGame]) -> None:
    records = {(r["PairId_NS"].text, r["PairId_EW"].text): r for g in small_games
               for r in g.table("ScoreTable").records()}  # type: ignore[union-attr]
    artificial = records[("2", "8")]
    assert artificial["Contract"].text == "-" and artificial["Score_NS"].artificial
    assert (artificial["Score_NS"].text, artificial["Score_EW"].text) == ("^A+", "^A-")
    assigned = records[("4", "8")]
    assert (assigned["Score_NS"].text, assigned["Score_EW"].text) == ("^-400", "^400")
    passed = records[("3", "8")]
    assert passed["Contract"].text == "Pass"
    assert (passed["Score_NS"].value, passed["Score_EW"].value) == (0, 0)


def test_total_score_table_is_in_the_first_game_only(small_games: list[PBNGame]) -> None:
    _, results = small_event()
    table = small_games[0].table("TotalScoreTable")
    assert table is not None and all(g.table("TotalScoreTable") is None for g in small_games[1:])
    records = list(table.records())
    standings = [(r.title, s) for r in results.rankings for s in r.standings]
    assert len(records) == len(standings)
    for row, (title, s) in zip(records, standings, strict=True):
        assert (row["Ranking"].text, row["Rank"].value, row["PairId"].text, row["Names"].text) == (
            title, s.rank, s.contestant, NAMES[s.contestant])
        assert row["NrBoards"].value == s.boards
        assert abs(Fraction(str(row["TotalMP"].value)) - s.total) < Fraction(1, 200)


def test_dd_table_and_par_of_the_oracle_are_carried(small_games: list[PBNGame], oracles: Path) -> None:
    _, analyses = bcdd_boards(oracles)
    for game in small_games:
        analysis = analyses[game.record.number or 0]
        assert game.dd_table == analysis.table
        assert analysis.par is not None and game.par is not None
        assert game.par.score_ns == analysis.par.score_ns


def test_rewriting_the_export_keeps_the_tables(small_games: list[PBNGame]) -> None:
    again = list(read_games(write_games(small_games)))
    for old, new in zip(small_games, again, strict=True):
        assert new.table("ScoreTable") == old.table("ScoreTable")
        assert new.table("TotalScoreTable") == old.table("TotalScoreTable")


def test_compscore_scores_survive_the_pbn_export_and_follow_law_77(oracles: Path) -> None:
    source = read_usebio(oracles / "usebio-abf-compscore" / "mp_pairs_mitchell.xml")
    event, results, boards = from_usebio(source)
    games = list(read_games(results_pbn(event, results, boards=boards)))
    assert [g.record.number for g in games] == [b.number for b in source.boards]
    for game, board in zip(games, source.boards, strict=True):
        assert game.errors == ()
        assert game.record.deal == source.deal(board.number)
        rows = {(r["PairId_NS"], r["PairId_EW"]): r for r in real_rows(game)}
        for line in board.lines:
            if line.contract is None:
                continue
            row = rows[(str(line.ns_pair), str(line.ew_pair))]
            assert ns_from_cells(row["Score_NS"], row["Score_EW"]) == line.score == law_77_ns(
                game, row["Contract"], row["Declarer"], row["Result"])
            assert Fraction(row["MP_NS"]) == Fraction(line.ns_match_points or 0)


def test_butler_export_has_imps_and_datum(oracles: Path) -> None:
    source = read_usebio(oracles / "usebio-abf-compscore" / "butler_mitchell.xml")
    event, results, boards = from_usebio(source)
    assert results.method is Method.BUTLER
    games = results_games(event, results, boards=boards)
    for game, board in zip(games, source.boards, strict=True):
        assert game.tag("Scoring") == "IMP;Butler"
        table = game.table("ScoreTable")
        assert table is not None
        for row, line in zip(table.records(), board.lines, strict=True):
            assert row["IMP_NS"].value == line.ns_butler_points
            assert row["ButlerDatum"].value == board.board_average


# --- against Ruter's own PBN export ------------------------------------------------------------------------


def ruter_results(oracles: Path, boards: int) -> tuple[list[PBNGame], EventResults]:
    """The first ``boards`` boards of Ruter's pairs.pbn as EventResults: its table results, and its centred
    matchpoints turned back into units (centred + n - 1, n results on the board) and its percentages."""
    games = list(read_file(oracles / "pbn-ruter-norway" / "pairs.pbn"))[:boards]
    travellers = []
    for game in games:
        table = game.table("ScoreTable")
        assert table is not None and game.record.number is not None
        n = len(table.rows)
        lines = []
        for row in table.records():
            contract = Contract.from_str(row["Contract"].text, Seat.from_str(row["Declarer"].text))
            result = Result(game.record.number, int(row["Round"].text), int(row["Table"].text),
                            row["PairId_NS"].text, row["PairId_EW"].text, contract, int(row["Result"].text),
                            Card.from_str(row["Lead"].text))
            lines.append(TravellerLine(result, result.ns_score(), Fraction(str(row["MP_NS"].value)) + n - 1,
                                       Fraction(str(row["MP_EW"].value)) + n - 1,
                                       Fraction(str(row["Percentage_NS"].value)),
                                       Fraction(str(row["Percentage_EW"].value))))
        travellers.append(Traveller(game.record.number, tuple(lines), top=2 * (n - 1)))
    return games, EventResults("2022-05-08-KM. par", Method.MATCHPOINTS, tuple(travellers), ())


def test_score_tables_repeat_ruters_lines_in_its_columns(oracles: Path) -> None:
    ruter, results = ruter_results(oracles, 12)
    event = Event("2022-05-08-KM. par", EventKind.PAIRS, Conditions(), ())
    ours = results_games(event, results, boards={g.record.number or 0: g.record.board() for g in ruter})
    for mine, theirs in zip(ours, ruter, strict=True):
        mine_table, their_table = mine.table("ScoreTable"), theirs.table("ScoreTable")
        assert mine_table is not None and their_table is not None
        assert [c.name for c in mine_table.columns] == [c.name for c in their_table.columns]
        assert mine.record.deal == theirs.record.deal and mine.tag("Vulnerable") == theirs.tag("Vulnerable")
        n = len(their_table.rows)
        for a, b in zip(mine_table.records(), their_table.records(), strict=True):
            same = ("Table", "Round", "PairId_NS", "PairId_EW", "Declarer", "Result", "Lead")
            assert [a[c].text for c in same] == [b[c].text for c in same]
            assert Contract.from_str(a["Contract"].text, Seat.NORTH) == Contract.from_str(b["Contract"].text,
                                                                                         Seat.NORTH)
            assert (a["Score_NS"].value, a["Score_EW"].value) == (b["Score_NS"].value, b["Score_EW"].value)
            assert Fraction(str(a["MP_NS"].value)) == Fraction(str(b["MP_NS"].value)) + n - 1
            assert a["Percentage_NS"].value == b["Percentage_NS"].value


def test_every_column_written_is_predefined_by_pbn_or_used_by_ruter(oracles: Path, small_games: list[PBNGame]
                                                                    ) -> None:
    ruter = list(read_file(oracles / "pbn-ruter-norway" / "teams-sub.pbn"))[:1]
    ruter += list(read_file(oracles / "pbn-ruter-norway" / "pairs.pbn"))[:1]
    known = {c.name for g in ruter for t in g.tables for c in t.columns}
    predefined = {"Rank", "PairId_NS", "PairId_EW", "Names_NS", "Names_EW", "Contract", "Declarer", "Result",
                  "Score_NS", "Score_EW", "IMP_NS", "IMP_EW", "MP_NS", "MP_EW", "Percentage_NS",
                  "Percentage_EW", "Multiplicity", "PairId", "Names", "TotalScore", "TotalIMP", "TotalMP",
                  "TotalPercentage", "MeanScore", "MeanIMP", "MeanMP", "MeanPercentage", "NrBoards",
                  "Denomination"}  # PBN 2.1 §5.7, §5.9, §5.10
    ours = {c.name for g in small_games for t in g.tables for c in t.columns}
    assert ours - predefined - known <= {"Group", "Ranking"}
    assert "Section" in known and "ButlerDatum" in known
