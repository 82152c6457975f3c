"""``bench_strength.py``'s account of where the distance from par comes from (issue 11): each board is put
under what par is for the side it favours and what the table played instead."""

from __future__ import annotations

from typing import Any

import pytest

from tenace import Board
from tenace.analysis import Par
from tenace.calls import Denomination, parse_call
from tenace.contract import Contract, Doubling
from tenace.seats import Seat
from tenace.solver import dds

from ._benchmarks import load

S, D, N = Denomination.SPADES, Denomination.DIAMONDS, Denomination.NOTRUMP


@pytest.fixture
def bench() -> Any:
    return load("bench_strength")


def test_a_partscore_where_par_is_our_game(bench: Any) -> None:
    best = Par(420, ((Contract(4, S, Seat.NORTH), 10),))
    assert bench.par_gap_kind(Contract(2, S, Seat.SOUTH), best) == ("par: its game", "played: its partscore")
    assert bench.par_gap_kind(Contract(6, N, Seat.NORTH), best) == ("par: its game", "played: its slam")


def test_their_sacrifice_is_seen_from_the_side_it_is_taken_against(bench: Any) -> None:
    # par: East-West's 5D doubled, three down, over North-South's game (+500 for North-South)
    best = Par(500, ((Contract(5, D, Seat.EAST, Doubling.DOUBLED), 8),))
    wanted = "par: the other side's sacrifice"
    assert bench.par_gap_kind(Contract(4, S, Seat.NORTH), best) == (wanted, "played: its game")
    assert bench.par_gap_kind(Contract(5, D, Seat.EAST), best) == (
        wanted, "played: their contract, undoubled")
    assert bench.par_gap_kind(Contract(5, D, Seat.WEST, Doubling.DOUBLED), best) == (
        wanted, "played: their contract, doubled")


def test_a_deal_whose_par_is_nothing(bench: Any) -> None:
    assert bench.par_gap_kind(None, Par(0)) == ("par: nothing", "played: passed out")
    assert bench.par_gap_kind(Contract(1, N, Seat.WEST), Par(0)) == ("par: nothing", "played: its partscore")


@pytest.mark.skipif(not dds.available(), reason="needs the DDS solver (endplay)")
def test_the_table_adds_up_to_the_mean_distance_from_par(bench: Any) -> None:
    deals = bench.boards(6, 3)
    tables = bench.dd_tables([b.deal for b in deals])
    bidding = bench.Bidding()
    for board, dd in zip(deals, tables, strict=True):
        assert isinstance(board, Board)
        bidding.add(board, [parse_call(c) for c in ("P", "P", "P", "P")], dd)
    rows = bidding.par_gap_table()
    assert sum(row["boards"] for row in rows) == sum(1 for x in bidding.imp_vs_par if x)
    assert all(row["played"] == "played: passed out" for row in rows)
    mean = sum(abs(x) for x in bidding.imp_vs_par) / 6
    assert sum(row["|IMP| per board"] for row in rows) == pytest.approx(mean, abs=0.01)
    assert sum(row["share %"] for row in rows) == pytest.approx(100, abs=0.2)
