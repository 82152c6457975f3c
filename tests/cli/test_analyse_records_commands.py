"""``tenace analyse`` (DD tables and par written into PBN) and ``tenace records`` (hand records), checked
against BridgeComposer's own analysis, the solver, and the DD tables already in oracle files."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace import Deal, Denomination, Seat, dealer_for, vulnerability_for
from tenace.analysis import DDTable
from tenace.cli import app
from tenace.formats.pbn import PBNGame, read_file, write_games
from tenace.formats.pbn.dd import ANALYSIS_TAGS
from tenace.record import DealRecord
from tenace.solver import dds

runner = CliRunner()

BRIDGECOMPOSER = "dd-par-tables/bridgecomposer-par/vlmaier_test.pbn"
HAND_TROPHY = "pbn-samples-richardschneider/Hand_Trophy_Pairs.pbn"
TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


STRAINS = ("NT", "S", "H", "D", "C")


def row(table: DDTable, seat: str) -> list[int]:
    """One declarer's tricks, notrump first."""
    return [table[Seat.from_str(seat), Denomination.from_str(d)] for d in STRAINS]


def bare(game: PBNGame) -> DealRecord:
    """The record without any analysis tags."""
    return replace(game.record, extra=tuple(kv for kv in game.record.extra if kv[0] not in ANALYSIS_TAGS))


@pytest.fixture
def sacrifices(oracles: Path, tmp_path: Path) -> tuple[list[PBNGame], Path]:
    """Boards 4, 5 and 7 of BridgeComposer's file (par by sacrifice) without their analysis, plus a board
    that has only North's hand."""
    games = [g for g in read_file(oracles / BRIDGECOMPOSER) if g.record.number in (4, 5, 7)]
    path = tmp_path / "boards.pbn"
    partial = f'[Board "9"]\n[Deal "N:{TOP[2:].split()[0]} - - -"]\n'
    path.write_text(write_games([bare(g) for g in games], newline="\n") + "\n" + partial, encoding="utf-8")
    assert all(g.dd_table is None for g in read_file(path))
    return games, path


def test_analyse_writes_what_bridgecomposer_wrote(sacrifices: tuple[list[PBNGame], Path],
                                                  tmp_path: Path) -> None:
    originals, path = sacrifices
    out = tmp_path / "analysed.pbn"
    result = runner.invoke(app, ["analyse", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 of 4 boards" in result.stderr
    assert re.search(rf"{re.escape(str(path))}:\d+: warning: Board 9 has no full deal", result.stderr)
    analysed = read_file(out)
    assert [g.record.number for g in analysed] == [4, 5, 7, 9]
    for new, old in zip(analysed, originals, strict=False):
        for tag in ("DoubleDummyTricks", "ParContract", "OptimumScore"):
            assert new.tag(tag) == old.tag(tag), (new.record.number, tag)
        assert new.dd_table == old.dd_table and new.par == old.par
        assert new.record.deal == old.record.deal and not new.problems
    assert analysed[3].dd_table is None and analysed[3].tag("OptimumScore") is None


def test_analyse_json_tables_equal_the_solver(tmp_path: Path) -> None:
    path = tmp_path / "two.pbn"
    deals = [Deal.from_pbn(TOP), Deal.from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 "
                                               "AT942.AQ4.32.KJ3")]
    path.write_text("\n".join(f'[Board "{n}"]\n[Deal "{d.to_pbn()}"]\n' for n, d in enumerate(deals, 1)))
    result = runner.invoke(app, ["analyse", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # only JSON on stdout: no -o, so no PBN is written
    assert data["analysed"] == 2 and data["output"] is None and not data["skipped"]
    for board, deal in zip(data["boards"], deals, strict=True):
        table = dds.dd_table(deal)
        assert board["dd"] == {s: dict(zip(STRAINS, row(table, s), strict=True)) for s in "NESW"}
        par = dds.par(table, vulnerability_for(board["board"]), dealer_for(board["board"]))  # Law 2
        assert board["par"]["score_ns"] == par.score_ns
        assert [(c["contract"], c["declarer"], c["tricks"]) for c in board["par"]["contracts"]] == [
            (c.text(), c.declarer.value, t) for c, t in par.contracts]


def test_analyse_in_place_and_its_refusals(tmp_path: Path) -> None:
    path = tmp_path / "one.pbn"
    path.write_text(f'[Event "Club"]\n[Board "1"]\n[Deal "{TOP}"]\n', encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--in-place"])
    assert result.exit_code == 0, result.output
    (game,) = read_file(path)
    assert game.tag("Event") == "Club" and game.tag("ParContract") == "NS 7N="
    assert game.dd_table == dds.dd_table(Deal.from_pbn(TOP))
    broken = tmp_path / "broken.pbn"
    broken.write_text(f'[Board "1"]\n[Dealer "Q"]\n[Deal "{TOP}"]\n', encoding="utf-8")
    before = broken.read_text(encoding="utf-8")
    refused = runner.invoke(app, ["analyse", str(broken), "--in-place"])
    assert refused.exit_code == 1 and f"{broken}:2" in refused.stderr
    assert broken.read_text(encoding="utf-8") == before
    both = runner.invoke(app, ["analyse", str(path), "--in-place", "-o", str(tmp_path / "x.pbn")])
    assert both.exit_code == 2
    lin = tmp_path / "a.lin"
    lin.write_text("pn|a,b,c,d|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|ah|Board 1|")
    assert runner.invoke(app, ["analyse", str(lin), "--in-place"]).exit_code == 2


def test_analyse_of_a_file_with_errors_still_writes_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{TOP}"]\n[Result "x"]\n', encoding="utf-8")
    out = tmp_path / "out.pbn"
    result = runner.invoke(app, ["analyse", str(path), "-o", str(out)])
    assert result.exit_code == 1 and f"{path}:3: error" in result.stderr
    assert read_file(out)[0].dd_table is not None


def dd_rows(html: str, number: int) -> dict[str, list[int]]:
    start = html.index(f'id="board-{number}"')
    end = html.find("<article", start + 1)
    section = html[start:end if end != -1 else len(html)]
    return {seat: [int(t) for t in re.findall(r"<td>(\d+)</td>", cells)]
            for seat, cells in re.findall(r">([NESW])</th>((?:<td>\d+</td>){5})", section)}


def test_records_use_the_dd_tables_in_the_file(oracles: Path, tmp_path: Path) -> None:
    source = oracles / HAND_TROPHY
    html = tmp_path / "hands.html"
    result = runner.invoke(app, ["records", str(source), "--html", str(html), "--per-page", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["dd_from_file"], data["dd_computed"], data["pages"]) == (26, 0, 9)
    assert data["boards"] == list(range(1, 27)) and data["html"] == str(html)
    page = html.read_text(encoding="utf-8")
    for game in read_file(source)[:3]:
        table = game.dd_table
        assert table is not None and game.record.number is not None
        assert dd_rows(page, game.record.number) == {s: row(table, s) for s in "NESW"}


def test_records_pdf_without_dd(oracles: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "hands.pdf"
    result = runner.invoke(app, ["records", str(oracles / HAND_TROPHY), "--pdf", str(pdf), "--no-dd"])
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF") and "26 boards, 7 pages, without DD" in result.stdout


def test_records_compute_dd_when_the_file_has_none_and_skip_boards_without_deals(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{TOP}"]\n\n[Board "2"]\n[Contract "3NT"]\n', encoding="utf-8")
    html = tmp_path / "b.html"
    result = runner.invoke(app, ["records", str(path), "--html", str(html), "--title", "Test night",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["boards"], data["dd_computed"], data["title"]) == ([1], 1, "Test night")
    (skipped,) = data["skipped"]
    assert skipped["line"] == 4 and "Board 2 has no full deal" in skipped["message"]
    table = dds.dd_table(Deal.from_pbn(TOP))
    assert dd_rows(html.read_text(encoding="utf-8"), 1) == {s: row(table, s) for s in "NESW"}


def test_records_need_an_output(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{TOP}"]\n', encoding="utf-8")
    result = runner.invoke(app, ["records", str(path)])
    assert result.exit_code == 2 and "--html" in result.stderr
