"""DD tables and par against other programs' PBN output in oracles/dd-par-tables/.

* BCDD (BCalc solver): ``OptimumResultTable`` rows ``N C 7`` (declarer N, E, S, W × C, D, H, S, NT),
  ``OptimumScore "NS 140"`` and ``Minimax "4SXW-500"`` (one par contract: level, denomination, doubling,
  declarer, score).
* BridgeComposer 5.102: ``OptimumResultTable`` in N, S, E, W × NT, S, H, D, C order, ``DoubleDummyTricks``
  (20 hex digits in the same order), ``OptimumScore`` and ``ParContract`` with every par contract, sacrifices
  included: ``"N 2NX-1; N 3DX-1"``.

The PBN bits are read with small regular expressions here; Tenace's PBN reader is tested elsewhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tenace import Board, Contract, Deal, Denomination, Doubling, Seat, Vulnerability
from tenace.analysis import DDTable
from tenace.solver import dds

TAG = re.compile(r'^\[(\w+) "([^"]*)"\]', re.M)
RESULT_ROW = re.compile(r"^([NESW])\s+(NT|[CDHS])\s+(\d+)\s*$", re.M)
MINIMAX = re.compile(r"([1-7])([CDHSN])(D|R)?([NESW])(-?\d+)")
PAR_CONTRACT = re.compile(r"(NS|EW|[NESW]) ([1-7])(N|[CDHS])(XX|X)?(=|[+-]\d+)")


def read_games(path: Path) -> list[tuple[dict[str, str], str]]:
    text = path.read_text(encoding="iso-8859-1").lstrip("\ufeff\xef\xbb\xbf")
    games = []
    for chunk in re.split(r"\n(?=\[Board )", text):
        tags = dict(TAG.findall(chunk))
        if "Deal" in tags:
            games.append((tags, chunk))
    return games


def table_from_rows(chunk: str) -> DDTable:
    rows = [[-1] * 5 for _ in range(4)]
    for seat, strain, tricks in RESULT_ROW.findall(chunk):
        rows[Seat.from_str(seat).index][Denomination.from_str(strain).index] = int(tricks)
    assert all(t >= 0 for row in rows for t in row), chunk[:200]
    return DDTable.from_rows(rows)


def signed_ns(text: str) -> int:
    side, points = text.split()
    return int(points) if side == "NS" else -int(points)


def board_of(tags: dict[str, str]) -> Board:
    return Board(int(tags["Board"]), Deal.from_pbn(tags["Deal"]), Seat.from_str(tags["Dealer"]),
                 Vulnerability.from_str(tags["Vulnerable"]))


@pytest.fixture(scope="module")
def bcdd_sample(oracles: Path) -> list[tuple[dict[str, str], str]]:
    """16 boards spread over both BCDD files (all 891 agree, but solving them takes minutes here)."""
    folder = oracles / "dd-par-tables" / "bcdd"
    first = read_games(folder / "test1.bcdd.pbn")
    second = read_games(folder / "test2.bcdd.pbn")
    assert (len(first), len(second)) == (396, 495)
    return first[::50] + second[::62]


def test_bcdd_tables_and_par_scores_match_bcalc(bcdd_sample: list[tuple[dict[str, str], str]]) -> None:
    boards = [board_of(tags) for tags, _ in bcdd_sample]
    tables = dds.dd_tables([b.deal for b in boards if b.deal is not None])
    for (tags, chunk), board, table in zip(bcdd_sample, boards, tables, strict=True):
        assert table == table_from_rows(chunk), tags["Board"]
        result = dds.par(table, board.vulnerability, board.dealer)
        assert result.score_ns == signed_ns(tags["OptimumScore"]), tags["Board"]
        # BCalc's one "minimax" contract is among DDS's par contracts
        level, strain, doubled, declarer, points = MINIMAX.fullmatch(tags["Minimax"]).groups()  # type: ignore[union-attr]
        assert int(points) == result.score_ns
        doubling = {None: Doubling.UNDOUBLED, "D": Doubling.DOUBLED, "R": Doubling.REDOUBLED}[doubled]
        wanted = Contract(int(level), Denomination.from_str(strain), Seat.from_str(declarer), doubling)
        assert wanted in [c for c, _ in result.contracts], (tags["Board"], tags["Minimax"])


def expand_bridgecomposer(text: str) -> set[tuple[Contract, int]]:
    contracts = set()
    for part in text.split(";"):
        match = PAR_CONTRACT.fullmatch(part.strip())
        assert match, part
        seats, level, strain, dbl, result = match.groups()
        doubling = {None: Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}[dbl]
        tricks = 6 + int(level) + (0 if result == "=" else int(result))
        for seat in seats:
            contracts.add((Contract(int(level), Denomination.from_str(strain), Seat.from_str(seat), doubling),
                           tricks))
    return contracts


def test_bridgecomposer_tables_hex_tricks_and_all_par_contracts_with_sacrifices(oracles: Path) -> None:
    games = read_games(oracles / "dd-par-tables" / "bridgecomposer-par" / "vlmaier_test.pbn")
    assert len(games) == 12
    boards = [board_of(tags) for tags, _ in games]
    tables = dds.dd_tables([b.deal for b in boards if b.deal is not None])
    hex_order = [(seat, d) for seat in "NSEW" for d in ("NT", "S", "H", "D", "C")]
    sacrifices = 0
    for (tags, chunk), board, table in zip(games, boards, tables, strict=True):
        assert table == table_from_rows(chunk), tags["Board"]
        digits = [int(ch, 16) for ch in tags["DoubleDummyTricks"]]
        assert digits == [table[Seat.from_str(s), Denomination.from_str(d)] for s, d in hex_order]
        result = dds.par(table, board.vulnerability, board.dealer)
        assert result.score_ns == signed_ns(tags["OptimumScore"]), tags["Board"]
        assert set(result.contracts) == expand_bridgecomposer(tags["ParContract"]), tags["Board"]
        sacrifices += any(c.doubling is Doubling.DOUBLED for c, _ in result.contracts)
    assert sacrifices >= 4  # boards 4, 5, 7 and 10 are sacrifices


def test_bridgecomposer_board_4_sacrifices_by_north_only(oracles: Path) -> None:
    """``N 2NX-1; N 3DX-1``: only North goes one down in 2NT doubled (South would go down more)."""
    games = read_games(oracles / "dd-par-tables" / "bridgecomposer-par" / "vlmaier_test.pbn")
    tags, _ = next(g for g in games if g[0]["Board"] == "4")
    board = board_of(tags)
    assert board.deal is not None
    result = dds.par(board.deal, board.vulnerability, board.dealer)
    assert [(str(c), t) for c, t in result.contracts] == [("2NTXN", 7), ("3DXN", 8)]
