"""``tenace event publish`` writes a results page dated with ``--date``, linked to the files written beside
it, with each board's double-dummy par from the solver when the deals are given (issue 13, item 4); a date
that is not a date is a usage error, and nothing is written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace.cli import app
from tenace.deal import Deal
from tenace.formats.pbn import read_file
from tenace.store import Store

runner = CliRunner()
DEALS = [
    "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    "N:T987.JT9.JT9.JT9 6543.876.876.876 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432",
    "N:A2.KQJ4.QJ9.7642 KT9843.83.A5.AK3 Q5.AT976.K8732.8 J76.52.T64.QJT95",
]


def _event(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["event", *args])
    return result.exit_code, result.stdout, result.stderr


def _ok(*args: str) -> dict[str, object]:
    code, stdout, stderr = _event(*args, "--json")
    assert code == 0, (args, stdout, stderr)
    data: dict[str, object] = json.loads(stdout)
    return data


@pytest.fixture
def played(tmp_path: Path) -> tuple[str, int, Path]:
    """A 2-table Howell of 3 boards, each board played at both its tables, and a PBN file of 3 new deals
    (``tenace deal 3 --no-dd``: the page's analysis is not read from the file)."""
    db = f"sqlite:///{tmp_path / 'club.db'}"
    event_id = int(str(_ok("new", "Tuesday", "--kind", "pairs", "--db", db)["id"]))
    _ok("movement", str(event_id), "--howell", "2", "--boards", "3", "--db", db)
    with Store.open(db) as store:
        movement = store.event(event_id).sessions[0].movements[0]
    texts = {1: ["3NT N 9", "3NT N 10"], 2: ["2H S 8", "2H S 8"], 3: ["4S E 10", "1NT S 6"]}
    done: dict[int, int] = {}
    for seating in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for board in seating.boards:
            text = texts[board][done.get(board, 0)]
            done[board] = done.get(board, 0) + 1
            _ok("enter", str(event_id), "--table", str(seating.table), "--round", str(seating.round),
                "--board", str(board), text, "--db", db)
    pbn = tmp_path / "boards.pbn"
    dealt = runner.invoke(app, ["deal", "3", "--no-dd", "--out", str(pbn)])
    assert dealt.exit_code == 0, dealt.output
    return db, event_id, pbn


def test_publish_dates_the_page_links_its_files_and_shows_the_solvers_par(
    played: tuple[str, int, Path], tmp_path: Path
) -> None:
    from tenace.solver import dds

    db, event_id, pbn = played
    out = tmp_path / "web"
    published = _ok("publish", str(event_id), "--out", str(out), "--boards", str(pbn), "--date", "2026-11-24",
                    "--db", db)
    assert published["version"] == 1
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<time id="date" datetime="2026-11-24">24 November 2026</time>' in page
    downloads = re.findall(r'<a href="([^"]+)"[^>]* data-file=', page)
    assert set(downloads) == {p.name for p in out.iterdir()} - {"index.html"}
    if not dds.available():
        return
    shown = {int(n): int(s) for n, s in re.findall(r'id="board-(\d+)" data-par-ns="(-?\d+)"', page)}
    boards = {g.record.number: g.record.board() for g in read_file(pbn)}
    assert set(shown) == {1, 2, 3}
    for number, score in shown.items():
        board = boards[number]
        assert isinstance(board.deal, Deal)
        assert score == dds.par(board.deal, board.vulnerability, board.dealer).score_ns


@pytest.mark.parametrize("date", ["24.11.2026", "2026-13-01", "yesterday"])
def test_a_date_that_is_not_a_date_is_a_usage_error_and_nothing_is_written(
    played: tuple[str, int, Path], tmp_path: Path, date: str
) -> None:
    db, event_id, _ = played
    code, _, stderr = _event("publish", str(event_id), "--out", str(tmp_path / "web"), "--date", date,
                             "--db", db)
    assert code == 2 and "--date" in stderr and date in stderr
    assert not (tmp_path / "web").exists()
    with Store.open(db) as store:
        assert store.publications(event_id) == ()
