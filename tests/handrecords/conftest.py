"""Boards with analyses taken from DDS's published results (oracles/dds-hands/list10.txt), so that the hand
record tests need no solver."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tenace import Board, Contract, Deal, Denomination, Doubling, Seat, Vulnerability
from tenace.analysis import DDTable, Par
from tenace.handrecords import BoardAnalysis

DDS_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
DDS_VUL = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)
TABLE_STRAINS = "SHDCN"


def _par(par2: list[str]) -> Par:
    contracts = []
    for text in par2[1:]:
        match = re.fullmatch(r"([1-7])([SHDCN])(\*?)-(NS|EW|[NESW])([+-]\d+)?", text)
        assert match, text
        level, strain, doubled, seats, result = match.groups()
        for seat in seats:
            contract = Contract(int(level), Denomination.from_str(strain), Seat.from_str(seat),
                                Doubling.DOUBLED if doubled else Doubling.UNDOUBLED)
            contracts.append((contract, 6 + int(level) + int(result or 0)))
    return Par(int(par2[0]), tuple(contracts))


@pytest.fixture(scope="session")
def oracle_boards(oracles: Path) -> list[tuple[Board, BoardAnalysis]]:
    """The ten deals of list10 as boards with DDS's own table and dealer par (dealer/vul from the file)."""
    lines = (oracles / "dds-hands" / "list10.txt").read_text().splitlines()
    result = []
    for i, line in enumerate(lines):
        if not line.startswith("PBN "):
            continue
        dealer, vul = (int(x) for x in line.split()[1:3])
        deal = Deal.from_pbn(re.findall(r'"([^"]*)"', line)[0])
        numbers = [int(x) for x in lines[i + 2].split()[1:]]
        rows = [[0] * 5 for _ in range(4)]
        for k, tricks in enumerate(numbers):
            rows[DDS_SEATS[k % 4].index][Denomination.from_str(TABLE_STRAINS[k // 4]).index] = tricks
        par = _par(re.findall(r'"([^"]*)"', lines[i + 4]))
        board = Board(len(result) + 1, deal, DDS_SEATS[dealer], DDS_VUL[vul])
        result.append((board, BoardAnalysis(DDTable.from_rows(rows), par)))
    assert len(result) == 10
    return result


def spaced_holding(pbn_holding: str) -> str:
    """``"AKT9"`` → ``"A K 10 9"`` (how the hand record prints a suit); a void is a dash."""
    return " ".join("10" if ch == "T" else ch for ch in pbn_holding) or "\u2014"
