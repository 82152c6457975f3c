"""``tenace card``: show a system card (text, JSON, the WBF-layout HTML page), check records against a card
(Laws 20F, 40B, 75; exit 1 on findings). A bidding system's rules: checked, written as a card, asked for a
call are in test_card_rules_command.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace import Deal, Seat
from tenace.calls import parse_call
from tenace.cli import app
from tenace.formats.json import dumps_records
from tenace.formats.pbn import write_games
from tenace.record import AnnotatedCall, DealRecord
from tenace.system import dumps, loads
from tenace.system.codec import card_to_json
from tenace.system.samples import natural_card

runner = CliRunner()

# North 17 HCP 3-4-3-3 opens a strong 1NT; South 11 HCP with four hearts bids Stayman; North shows hearts.
DEAL = Deal.from_pbn("N:AK5.KQ43.J87.A54 973.T75.K952.Q72 QJ4.AJ92.Q3.J983 T862.86.AT64.KT6")
PROPER = (("1NT", True, "15-17 balanced"), ("P", False, None), ("2C", True, "Stayman, asks for a major"),
          ("P", False, None), ("2H", True, "four hearts"), ("P", False, None), ("4H", False, None),
          ("P", False, None), ("P", False, None), ("P", False, None))


def record(number: int, calls: tuple[tuple[str, bool, str | None], ...]) -> DealRecord:
    return DealRecord(number=number, dealer=Seat.NORTH, deal=DEAL,
                      calls=tuple(AnnotatedCall(parse_call(c), alert, text) for c, alert, text in calls))


UNALERTED = (("1NT", False, None), ("P", False, None), ("2C", False, None), *PROPER[3:])
WRONG_RANGE = (("1NT", True, "12-14 balanced"), *PROPER[1:])


@pytest.fixture()
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "natural.json"
    path.write_text(dumps(natural_card()), encoding="utf-8")
    return path


def write_json(tmp_path: Path, *records: DealRecord) -> Path:
    path = tmp_path / "boards.json"
    path.write_text(dumps_records(records), encoding="utf-8")
    return path


def test_show_prints_the_agreements_with_their_alert_marks(card_file: Path) -> None:
    result = runner.invoke(app, ["card", "show", str(card_file)])
    assert result.exit_code == 0, result.output
    card = natural_card()
    assert card.name in result.stdout
    one_nt = next(line for line in result.stdout.splitlines() if line.strip().startswith("1NT:"))
    assert "15-17 HCP" in one_nt and "balanced" in one_nt and "announce: 15-17" in one_nt
    stayman = next(line for line in result.stdout.splitlines() if line.strip().startswith("1NT-2C:"))
    assert "(alert)" in stayman
    assert result.stdout.count("\n  ") >= len(card.agreements)


def test_show_json_is_the_cards_document(card_file: Path) -> None:
    result = runner.invoke(app, ["card", "show", str(card_file), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == json.loads(dumps(natural_card()))
    assert loads(result.stdout) == natural_card()


def test_show_html_writes_the_wbf_layout_page(card_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "card.html"
    result = runner.invoke(app, ["card", "show", str(card_file), "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.lstrip().lower().startswith("<!doctype html")
    assert "Defensive carding" in page and "Stayman" in page and "Announce: 15-17" in page


def test_show_names_the_file_and_json_path_of_a_bad_card(tmp_path: Path) -> None:
    data = card_to_json(natural_card())
    data["revision"] = "two"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["card", "show", str(bad)])
    assert result.exit_code == 2
    assert "bad.json" in result.stderr and "revision" in result.stderr


def test_check_of_a_properly_alerted_and_explained_board_finds_nothing(card_file: Path, tmp_path: Path
                                                                       ) -> None:
    path = write_json(tmp_path, record(1, PROPER))
    result = runner.invoke(app, ["card", "check", str(card_file), str(path)])
    assert result.exit_code == 0, result.output
    assert "No finding" in result.stdout


def test_check_lists_missing_alerts_and_a_wrong_range_and_exits_1(card_file: Path, tmp_path: Path) -> None:
    path = write_json(tmp_path, record(1, PROPER), record(2, UNALERTED), record(3, WRONG_RANGE))
    result = runner.invoke(app, ["card", "check", str(card_file), str(path), "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    boards = {b["board"]: b for b in data["boards"]}
    assert data["findings"] == 3
    assert boards[1]["mismatches"] == boards[1]["deviations"] == boards[1]["failed_alerts"] == []
    # Board 2: the 1NT range is announced and Stayman alerted under the usual regulations (Law 40B2(a)(iii))
    assert [(f["index"], f["seat"], f["call"], f["duty"]) for f in boards[2]["failed_alerts"]] == [
        (0, "N", "1NT", "announce"), (2, "S", "2C", "alert")]
    # Board 3: the 1NT opening explained as 12-14 against the card's 15-17 (Law 75)
    [mismatch] = boards[3]["mismatches"]
    assert (mismatch["index"], mismatch["seat"], mismatch["call"]) == (0, "N", "1NT")
    assert mismatch["fields"] == [{"field": "hcp", "card": "15-17", "explained": "12-14"}]
    text = runner.invoke(app, ["card", "check", str(card_file), str(path)])
    assert text.exit_code == 1
    assert "Board 2" in text.stdout and "missing alert" in text.stdout and "12-14" in text.stdout
    assert "Board 1:" not in text.stdout
    assert "3 finding(s)" in text.stdout


def test_check_reads_pbn_with_its_notes_as_explanations(card_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "boards.pbn"
    write_games([record(1, PROPER), record(3, WRONG_RANGE)], path)
    result = runner.invoke(app, ["card", "check", str(card_file), str(path), "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["findings"] == 1
    [mismatch] = [m for b in data["boards"] for m in b["mismatches"]]
    assert mismatch["call"] == "1NT" and mismatch["fields"][0]["explained"] == "12-14"


def test_check_side_leaves_out_the_other_partnerships_calls(card_file: Path, tmp_path: Path) -> None:
    path = write_json(tmp_path, record(2, UNALERTED), record(3, WRONG_RANGE))  # North-South's calls only
    ns = runner.invoke(app, ["card", "check", str(card_file), str(path), "--json", "--side", "NS"])
    assert ns.exit_code == 1 and json.loads(ns.stdout)["findings"] == 3
    ew = runner.invoke(app, ["card", "check", str(card_file), str(path), "--json", "--side", "EW"])
    assert ew.exit_code == 0, ew.output
    assert json.loads(ew.stdout)["findings"] == 0 and json.loads(ew.stdout)["side"] == "EW"


def test_check_of_an_unreadable_record_exits_2_naming_it(card_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["card", "check", str(card_file), str(path)])
    assert result.exit_code == 2
    assert "broken.json" in result.stderr


def test_check_of_a_real_ben_record_reports_its_11_21_club_opening_against_a_12_21_card(
    card_file: Path, oracles: Path
) -> None:
    """A BBO/BEN Daylong PBN (oracle): board 10, East deals, South opens 1C with the note "Minor suit opening
    -- 3+ !C; 11-21 HCP"; the sample card's 1C is 12-21, so the explanation differs on hcp."""
    path = oracles / "pbn-bbohelper-ben" / "BBO Forums Sunday Daylong Daylong.pbn"
    result = runner.invoke(app, ["card", "check", str(card_file), str(path), "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    board = next(b for b in data["boards"] if b["board"] == 10)
    first = board["mismatches"][0]
    assert (first["index"], first["seat"], first["call"]) == (1, "S", "1C")
    assert "11-21 HCP" in first["explanation"]
    assert first["fields"] == [{"field": "hcp", "card": "12-21", "explained": "11-21"}]
    assert data["findings"] == sum(
        len(b["mismatches"]) + len(b["deviations"]) + len(b["failed_alerts"]) + (b["error"] is not None)
        for b in data["boards"])
