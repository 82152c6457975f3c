"""``tenace deal``: secure and verifiable deals (Law 6), Law 2 dealer and vulnerability, DD tables and par,
the output formats, hand records, ``--verify``, and the console script itself."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace import Board, Deal, Denomination, Seat, Vulnerability
from tenace.cli import app
from tenace.dealing import SessionKey, verify
from tenace.formats.dup import read_dup
from tenace.formats.json import loads_records
from tenace.formats.lin import read_lin
from tenace.formats.pbn import read_file, read_games
from tenace.solver import dds

runner = CliRunner()

# Law 2, boards 1-4: dealer N, E, S, W; vulnerable None, NS, EW, All.
LAW_2 = {1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"), 5: ("N", "NS"), 6: ("E", "EW")}


def test_deal_json_summary_has_law_2_boards_and_valid_distinct_deals() -> None:
    result = runner.invoke(app, ["deal", "4", "--no-dd", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["count"], data["first"], data["last"], data["file"], data["dd"]) == (4, 1, 4, None, False)
    assert not data["verifiable"] and data["commitment"] is None
    boards = data["boards"]
    assert [(b["board"], b["dealer"], b["vulnerability"]) for b in boards] == [
        (n, *LAW_2[n]) for n in (1, 2, 3, 4)]
    deals = [Deal.from_pbn(b["deal"]) for b in boards]  # raises unless 4 hands of 13 that make a pack
    assert len(set(deals)) == 4
    assert all(b["dd"] is None and b["par"] is None for b in boards)


def test_deal_writes_pbn_with_dd_tables_and_par_equal_to_the_solver(tmp_path: Path) -> None:
    out = tmp_path / "boards.pbn"
    result = runner.invoke(app, ["deal", "2", "--first", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "boards 5\u20136" in result.stderr and str(out) in result.stderr
    games = read_file(out)
    assert [g.record.number for g in games] == [5, 6]
    for game in games:
        assert not game.problems
        deal = game.record.deal
        assert isinstance(deal, Deal)
        dealer, vul = LAW_2[game.record.number or 0]
        assert (game.tag("Dealer"), game.tag("Vulnerable")) == (dealer, vul)
        table = dds.dd_table(deal)
        assert game.dd_table == table
        assert game.par == dds.par(table, Vulnerability.from_str(vul), Seat.from_str(dealer))
        assert game.tag("OptimumResultTable") is not None and game.tag("ParContract")
        assert (game.tag("Generator") or "").startswith("Tenace")


def test_deal_without_out_writes_pbn_on_stdout_and_the_summary_on_stderr() -> None:
    result = runner.invoke(app, ["deal", "3", "--no-dd"])
    assert result.exit_code == 0, result.output
    games = list(read_games(result.stdout))
    assert [g.record.number for g in games] == [1, 2, 3] and not any(g.problems for g in games)
    assert all(g.dd_table is None for g in games)
    assert "Dealt boards 1\u20133" in result.stderr and "[Board" not in result.stderr


def test_other_output_formats_hold_the_same_kind_of_boards(tmp_path: Path) -> None:
    readers = {"lin": lambda p: read_lin(p.read_text()), "dup": lambda p: read_dup(p.read_bytes()),
               "json": lambda p: loads_records(p.read_text())}
    for fmt, reader in readers.items():
        out = tmp_path / f"boards.{fmt}"
        result = runner.invoke(app, ["deal", "3", "--first", "2", "--no-dd", "-o", str(out), "--json"])
        assert result.exit_code == 0, result.output
        summary = json.loads(result.stdout)
        assert summary["format"] == fmt and summary["file"] == str(out)
        records = reader(out)
        assert [r.number for r in records] == [2, 3, 4]
        dealt = [b["deal"] for b in summary["boards"]]
        assert [r.deal.to_pbn() for r in records if r.deal is not None] == dealt
        if fmt != "dup":  # a .dup file has no dealer or vulnerability: Law 2 applies when it is read
            assert [(r.dealer, r.vulnerability) for r in records] == [
                (Seat.from_str(LAW_2[n][0]), Vulnerability.from_str(LAW_2[n][1])) for n in (2, 3, 4)]


def test_json_format_carries_dd_tags_in_the_records(tmp_path: Path) -> None:
    out = tmp_path / "boards.json"
    result = runner.invoke(app, ["deal", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    (record,) = loads_records(out.read_text())
    extra = dict(record.extra)
    assert isinstance(record.deal, Deal)
    table = dds.dd_table(record.deal)
    # BridgeComposer's order: declarer N, S, E, W; notrump, spades ... clubs; hex digits
    digits = "".join(f"{table[Seat.from_str(s), Denomination.from_str(d)]:x}"
                     for s in "NSEW" for d in ("NT", "S", "H", "D", "C"))
    assert extra["DoubleDummyTricks"] == digits
    assert "OptimumScore" in extra and "ParContract" in extra


def test_verifiable_deal_creates_a_private_key_file_and_the_boards_verify(tmp_path: Path) -> None:
    key_file, out = tmp_path / "session.key", tmp_path / "boards.pbn"
    result = runner.invoke(app, ["deal", "4", "--key-file", str(key_file), "--public-data", "4 9 17",
                                 "--no-dd", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    key_hex = key_file.read_text().strip()
    assert re.fullmatch(r"[0-9a-f]{64}", key_hex)
    commitment = hashlib.sha256(bytes.fromhex(key_hex)).hexdigest()
    assert commitment in result.stderr and "before play" in result.stderr
    assert key_hex not in result.output  # the key itself is never printed
    boards = [Board(g.record.number or 0, g.record.deal if isinstance(g.record.deal, Deal) else None,
                    g.record.dealer, g.record.vulnerability) for g in read_file(out)]
    assert bool(verify(commitment, key_hex, "4 9 17", boards))
    assert not verify(commitment, key_hex, "4 9 18", boards)
    # the same key and public data deal the same boards again
    again = runner.invoke(app, ["deal", "4", "--key-file", str(key_file), "--public-data", "4 9 17",
                                "--no-dd"])
    assert again.exit_code == 0 and "Used the key" in again.stderr
    assert [g.record.deal for g in read_games(again.stdout)] == [b.deal for b in boards]


def test_key_file_alone_makes_the_key_and_prints_the_commitment(tmp_path: Path) -> None:
    key_file = tmp_path / "k.key"
    result = runner.invoke(app, ["deal", "--key-file", str(key_file), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    key = SessionKey.from_hex(key_file.read_text())
    assert data["key_created"] and data["commitment"] == hashlib.sha256(key.secret).hexdigest()
    second = runner.invoke(app, ["deal", "--key-file", str(key_file)])
    assert second.exit_code == 0 and data["commitment"] in second.stdout and "already exists" in second.stdout


def _dealt_file(tmp_path: Path, public: str = "") -> tuple[Path, Path, str]:
    key_file, out = tmp_path / "s.key", tmp_path / "b.pbn"
    args = ["deal", "3", "--key-file", str(key_file), "--no-dd", "-o", str(out), "--json"]
    result = runner.invoke(app, args + (["--public-data", public] if public else []))
    assert result.exit_code == 0, result.output
    return key_file, out, json.loads(result.stdout)["commitment"]


def test_verify_accepts_the_dealt_file_and_rejects_wrong_public_data(tmp_path: Path) -> None:
    key_file, out, commitment = _dealt_file(tmp_path, "lottery 7")
    ok = runner.invoke(app, ["deal", "--verify", str(out), "--key-file", str(key_file), "--commitment",
                             commitment, "--public-data", "lottery 7"])
    assert ok.exit_code == 0, ok.output
    assert "verified" in ok.stdout and "3 boards" in ok.stdout
    wrong = runner.invoke(app, ["deal", "--verify", str(out), "--key", key_file.read_text().strip(),
                                "--commitment", commitment, "--json"])
    assert wrong.exit_code == 1
    data = json.loads(wrong.stdout)
    assert not data["verified"] and any("board 1" in p for p in data["problems"])


def test_verify_names_a_tampered_board_and_a_wrong_commitment(tmp_path: Path) -> None:
    key_file, out, commitment = _dealt_file(tmp_path)
    games = read_file(out)
    deal2 = games[1].record.deal
    assert isinstance(deal2, Deal)
    # swap North's and South's hands of board 2
    swapped = Deal((deal2[Seat.SOUTH], deal2[Seat.EAST], deal2[Seat.NORTH], deal2[Seat.WEST]))
    text = out.read_text(encoding="utf-8")
    out.write_text(text.replace(deal2.to_pbn(Seat.EAST), swapped.to_pbn(Seat.EAST)), encoding="utf-8")
    bad = runner.invoke(app, ["deal", "--verify", str(out), "--key-file", str(key_file), "--commitment",
                              commitment])
    assert bad.exit_code == 1
    assert "board 2" in bad.stdout and "North" in bad.stdout and "board 1:" not in bad.stdout
    other = runner.invoke(app, ["deal", "--verify", str(out), "--key-file", str(key_file), "--commitment",
                                "00" * 32])
    assert other.exit_code == 1 and "does not match the commitment" in other.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["deal"], "how many boards"),
    (["deal", "0"], "greater than or equal to 1"),
    (["deal", "2", "--records", "x.txt"], ".html or .pdf"),
    (["deal", "2", "--public-data", "x"], "needs a key"),
    (["deal", "2", "--commitment", "ab"], "--verify"),
    (["deal", "2", "--key", "abc", "--key-file", "k"], "not both"),
    (["deal", "2", "--key", "00"], "128 bits"),
])
def test_bad_command_lines_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr


def test_verify_needs_a_commitment_and_a_readable_key(tmp_path: Path) -> None:
    key_file, out, commitment = _dealt_file(tmp_path)
    no_commitment = runner.invoke(app, ["deal", "--verify", str(out), "--key-file", str(key_file)])
    assert no_commitment.exit_code == 2 and "--commitment" in no_commitment.stderr
    junk = tmp_path / "junk.key"
    junk.write_text("not hex\n")
    bad_key = runner.invoke(app, ["deal", "--verify", str(out), "--key-file", str(junk), "--commitment",
                                  commitment])
    assert bad_key.exit_code == 2 and str(junk) in bad_key.stderr
    missing = runner.invoke(app, ["deal", "--verify", str(out), "--key-file", str(tmp_path / "none.key"),
                                  "--commitment", commitment])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr


def test_hand_records_html_and_pdf_beside_the_pbn(tmp_path: Path) -> None:
    html, pdf = tmp_path / "hands.html", tmp_path / "hands.pdf"
    result = runner.invoke(app, ["deal", "2", "-o", str(tmp_path / "b.pbn"), "--records", str(html),
                                 "--title", "Club night"])
    assert result.exit_code == 0, result.output
    page = html.read_text(encoding="utf-8")
    assert "Club night" in page and 'id="board-1"' in page and 'id="board-2"' in page
    assert page.count('class="dd"') == 2  # each board has its DD table
    result = runner.invoke(app, ["deal", "1", "--no-dd", "--records", str(pdf)])
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF")


def test_the_installed_console_script_deals_four_boards() -> None:
    script = Path(sys.executable).parent / "tenace"
    assert script.exists(), f"the tenace console script is not installed next to {sys.executable}"
    done = subprocess.run([str(script), "deal", "4", "--no-dd"], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    games = list(read_games(done.stdout))
    assert [g.record.number for g in games] == [1, 2, 3, 4]
    assert all(isinstance(g.record.deal, Deal) and not g.problems for g in games)
    assert "Dealt boards 1\u20134" in done.stderr


def test_a_bad_command_line_creates_no_key_file(tmp_path: Path) -> None:
    key_file = tmp_path / "s.key"
    result = runner.invoke(app, ["deal", "2", "--key-file", str(key_file), "--records",
                                 str(tmp_path / "r.doc")])
    assert result.exit_code == 2 and not key_file.exists()
