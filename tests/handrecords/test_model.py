"""The hand-record model: par lines, pages, and the solver-backed analysis of a board set."""

from __future__ import annotations

import pytest

from tenace import Board, Contract
from tenace.analysis import Par
from tenace.handrecords import BoardAnalysis, analyse_boards, printed_board
from tenace.handrecords.model import paginate, par_lines, par_score_text, printed_boards

Boards = list[tuple[Board, BoardAnalysis]]


def test_analyse_boards_reproduces_dds_published_tables_and_par(oracle_boards: Boards) -> None:
    boards = [b for b, _ in oracle_boards[:3]]
    progress: list[tuple[int, int]] = []
    analyses = analyse_boards(boards, progress=lambda d, t: progress.append((d, t)))
    assert len(analyses) == 3
    for got, (_, want) in zip(analyses, oracle_boards, strict=False):
        assert got.table == want.table
        assert got.par is not None and want.par is not None
        assert got.par.score_ns == want.par.score_ns
        assert set(got.par.contracts) == set(want.par.contracts)
    assert progress[-1] == (3, 3)


def test_analyse_boards_needs_deals() -> None:
    with pytest.raises(ValueError, match="board 4 has no deal to analyse"):
        analyse_boards([Board(4)])


def test_par_lines_merge_the_seats_of_one_contract_and_keep_sacrifices_apart() -> None:
    par = Par(100, (
        (Contract.from_str("3CXE"), 8), (Contract.from_str("3CXW"), 8), (Contract.from_str("2NTXW"), 7),
    ))
    texts = [line.text(lambda d: d.value) for line in par_lines(par)]
    assert texts == ["3CX by E/W \u22121", "2NTX by W \u22121"]
    assert par_score_text(par) == "NS +100"
    assert par_score_text(Par(0)) == "0"
    assert par_score_text(Par(620)) == "NS +620"
    assert [line.result for line in par_lines(Par(130, ((Contract.from_str("2CN"), 10),)))] == ["+2"]


def test_printed_board_marks_vulnerable_seats_and_counts_points(oracle_boards: Boards) -> None:
    board, analysis = oracle_boards[1]  # DDS vulnerability code 2: North-South vulnerable
    printed = printed_board(board, analysis)
    assert printed.vulnerability == "N-S"
    assert [h.vulnerable for h in printed.hands.values()] == [True, False, True, False]
    assert board.deal is not None
    assert sum(h.hcp for h in printed.hands.values()) == 40
    assert all(printed.hands[s].hcp == board.deal[s].hcp for s in printed.hands)


def test_paginate_fills_pages_in_order(oracle_boards: Boards) -> None:
    printed = printed_boards([b for b, _ in oracle_boards])
    pages = paginate(printed, 3)
    assert [[p.number for p in page] for page in pages] == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]
