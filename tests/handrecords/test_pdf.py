"""PDF hand records: pages, embedded font, extractable text (through poppler's pdftotext when it is
installed), the letters fallback without a Unicode font, and the file written."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tenace import Board, Seat
from tenace.handrecords import BoardAnalysis, find_unicode_font, render_pdf
from tenace.handrecords import pdf as pdf_module
from tenace.handrecords.model import DD_COLUMNS, DD_ROWS

from .conftest import spaced_holding

Boards = list[tuple[Board, BoardAnalysis]]
PDFTOTEXT = shutil.which("pdftotext")
needs_pdftotext = pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils (pdftotext) is not installed")


def page_count(data: bytes) -> int:
    """Page objects in the file (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def pdf_text(data: bytes, tmp_path: Path) -> list[str]:
    """The text of each page, as poppler extracts it in content order."""
    source = tmp_path / "records.pdf"
    source.write_bytes(data)
    assert PDFTOTEXT is not None
    out = subprocess.run([PDFTOTEXT, "-raw", str(source), "-"], capture_output=True, text=True, check=True)
    return out.stdout.split("\f")[:-1]


@pytest.mark.parametrize("per_page", [2, 3, 4])
def test_page_count_follows_boards_per_page(oracle_boards: Boards, per_page: int) -> None:
    data = render_pdf([b for b, _ in oracle_boards], [a for _, a in oracle_boards], per_page=per_page)
    assert data.startswith(b"%PDF-")
    assert page_count(data) == math.ceil(len(oracle_boards) / per_page)


def test_a_unicode_font_is_found_and_embedded(oracle_boards: Boards) -> None:
    found = find_unicode_font()
    assert found is not None, "DejaVu Sans comes from the system or from matplotlib (an endplay dependency)"
    regular, _ = found
    assert regular.name == "DejaVuSans.ttf"
    data = render_pdf([oracle_boards[0][0]], [oracle_boards[0][1]])
    assert b"DejaVuSans" in data and b"/ToUnicode" in data


def test_pdf_is_written_to_the_path_given(oracle_boards: Boards, tmp_path: Path) -> None:
    target = tmp_path / "hands.pdf"
    data = render_pdf([oracle_boards[0][0]], None, target)
    assert target.read_bytes() == data


@needs_pdftotext
def test_text_of_every_board_is_extractable(oracle_boards: Boards, tmp_path: Path) -> None:
    boards = [b for b, _ in oracle_boards]
    data = render_pdf(boards, [a for _, a in oracle_boards], title="Tuesday pairs", per_page=4)
    pages = pdf_text(data, tmp_path)
    assert len(pages) == 3
    assert all("Tuesday pairs" in page for page in pages)
    text = "\n".join(pages)
    for board, analysis in oracle_boards:
        assert f"Board {board.number}" in text
        assert board.deal is not None and analysis.table is not None
        for seat in Seat:
            for holding in board.deal[seat].to_pbn().split("."):
                if holding:
                    assert spaced_holding(holding) in text, (board.number, seat, holding)
        # each DD row: the declarer's letter then five trick counts, in the printed column order
        for seat in DD_ROWS:
            numbers = r"\s+".join(str(analysis.table[seat, d]) for d in DD_COLUMNS)
            assert re.search(rf"\b{seat.value}\s+{numbers}\b", text), (board.number, seat)
    assert "Par EW +110" in text and "2♠ by E/W =" in text
    assert "Dealer: North" in text and "Vul: N-S" in text


def test_without_a_unicode_font_suits_are_letters_and_a_warning_says_so(
    oracle_boards: Boards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf_module, "find_unicode_font", lambda font_path=None: None)
    with pytest.warns(UserWarning, match="suits as the letters S, H, D, C"):
        data = render_pdf([b for b, _ in oracle_boards[:2]], [a for _, a in oracle_boards[:2]])
    assert page_count(data) == 1 and b"Helvetica" in data
    if PDFTOTEXT is not None:
        text = pdf_text(data, tmp_path)[0]
        assert "Par EW +110" in text and "2S by E/W =" in text and "4SX by E/W -1" in text
        assert "♠" not in text


def test_a_missing_font_file_is_an_error(oracle_boards: Boards, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="nofont.ttf"):
        render_pdf([oracle_boards[0][0]], font_path=tmp_path / "nofont.ttf")


def test_bad_input_is_rejected_before_any_drawing(oracle_boards: Boards) -> None:
    with pytest.raises(ValueError, match="board 9 has no deal"):
        render_pdf([Board(9)])
    with pytest.raises(ValueError, match="not 1"):
        render_pdf([oracle_boards[0][0]], per_page=1)
