"""Writing double-dummy analysis into PBN tags (``formats.pbn.annotated.with_double_dummy``): the strings
other programs write, replacement of old analysis, and read → write → read round trips."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import contracts
from tenace import Contract, Deal, Seat
from tenace.analysis import DDTable, Par
from tenace.formats.lin import read_lin
from tenace.formats.pbn import PBNGame, read_file, read_games, write_games
from tenace.formats.pbn.annotated import with_double_dummy
from tenace.formats.pbn.dd import (
    ANALYSIS_TAGS,
    dd_from_digits,
    dd_to_digits,
    optimum_result_table,
    optimum_score_text,
    par_contract_text,
    parse_par_contracts,
)
from tenace.formats.pbn.problems import TagContext
from tenace.formats.pbn.tags import parse_optimum_score
from tenace.record import DealRecord
from tenace.solver import dds

BRIDGECOMPOSER = "dd-par-tables/bridgecomposer-par/vlmaier_test.pbn"
TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"

tables = st.lists(st.lists(st.integers(0, 13), min_size=5, max_size=5), min_size=4, max_size=4).map(
    DDTable.from_rows)


def reread(game: PBNGame) -> list[PBNGame]:
    return list(read_games(write_games([game])))


def test_strings_equal_what_bridgecomposer_wrote_for_its_own_analysis(oracles: Path) -> None:
    games = read_file(oracles / BRIDGECOMPOSER)
    assert len(games) == 12
    for game in games:
        table, par = game.dd_table, game.par
        assert table is not None and par is not None
        assert dd_to_digits(table) == game.tag("DoubleDummyTricks")
        assert par_contract_text(par) == game.tag("ParContract")
        assert optimum_score_text(par) == game.tag("OptimumScore")


def test_replacing_bridgecomposer_tags_keeps_everything_else_and_the_same_values(oracles: Path) -> None:
    for game in read_file(oracles / BRIDGECOMPOSER):
        assert game.dd_table is not None and game.par is not None
        again = with_double_dummy(game, game.dd_table, game.par)
        assert [t.name for t in again.tags if t.name not in ANALYSIS_TAGS] == \
            [t.name for t in game.tags if t.name not in ANALYSIS_TAGS]
        assert [t.name for t in again.tags].count("OptimumResultTable") == 1
        (back,) = reread(again)
        assert replace(back.record, extra=()) == replace(game.record, extra=())
        assert dict(back.record.extra) == dict(game.record.extra)  # the analysis tags moved to the end
        assert back.dd_table == game.dd_table and back.par == game.par and not back.problems


def test_round_trip_of_solver_results_through_write_and_read(oracles: Path) -> None:
    """Tables and par computed by DDS for three boards of the oracle file, written and read back."""
    games = read_file(oracles / BRIDGECOMPOSER)[3:6]  # board 4 has two sacrifices, 5 a NS sacrifice
    deals = [g.record.deal for g in games]
    assert all(isinstance(d, Deal) for d in deals)
    solved = dds.dd_tables([d for d in deals if isinstance(d, Deal)])
    written = []
    for game, table in zip(games, solved, strict=True):
        board = game.record.board()
        par = dds.par(table, board.vulnerability, board.dealer)
        written.append((with_double_dummy(game.record, table, par), table, par))
    back = list(read_games(write_games([g for g, _, _ in written])))
    for game, (_, table, par) in zip(back, written, strict=True):
        assert game.dd_table == table
        assert game.par == par  # same score, same contracts, same order as dds.par
        assert game.optimum_score_ns == par.score_ns
        assert not game.errors and not game.warnings


def test_old_and_contradicting_analysis_is_replaced_and_its_problems_dropped() -> None:
    text = f"""[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{TOP}"]
[Ability "N:00000 E:00000 S:00000 W:00000"]
[OptimumScore "EW 50"]
[ParContract "EW 1CX-1"]
[DoubleDummyTricks "00000000000000000000"]
[MyTag "kept"]
[Auction "N"]
7NT Pass Pass Pass
[OptimumResultTable "Declarer;Denomination;Result"]
N NT 99
[ScoreTable "PairId_NS;Score_NS"]
1 1520
"""
    (old,) = read_games(text)
    assert old.errors or old.warnings  # the bad table
    table = DDTable.from_rows([[13] * 5, [0] * 5, [13] * 5, [0] * 5])
    par = Par(1520, ((Contract.from_str("7NTN"), 13), (Contract.from_str("7NTS"), 13)))
    new = with_double_dummy(old, table, par)
    assert not new.problems
    names = [t.name for t in new.tags]
    assert "Ability" not in names  # it disagreed with the new table
    assert [n for n in names if n in ANALYSIS_TAGS] == list(ANALYSIS_TAGS)
    assert new.tag("MyTag") == "kept" and new.table("ScoreTable") is not None and new.auction is not None
    (back,) = reread(new)
    assert back.dd_table == table and back.par == par and not back.problems
    assert back.tag("OptimumScore") == "NS 1520" and back.tag("ParContract") == "NS 7N="
    assert back.tag("Event") == "Club" and back.tag("MyTag") == "kept"
    assert back.table("ScoreTable") == old.table("ScoreTable")
    assert back.record.calls == old.record.calls
    assert dict(back.record.extra)["DoubleDummyTricks"] == "dddddddddd0000000000"


def test_an_ability_tag_that_agrees_is_kept() -> None:
    (old,) = read_games(f'[Board "1"]\n[Deal "{TOP}"]\n[Ability "N:ddddd E:00000 S:ddddd W:00000"]')
    table = old.dd_table
    assert table is not None
    new = with_double_dummy(old, table)
    assert new.tag("Ability") == "N:ddddd E:00000 S:ddddd W:00000"


def test_without_par_the_old_par_tags_go() -> None:
    (old,) = read_games(f'[Board "1"]\n[Deal "{TOP}"]\n[OptimumScore "NS 0"]\n[ParContract "Pass"]')
    table = DDTable.from_rows([[13] * 5, [0] * 5, [13] * 5, [0] * 5])
    (back,) = reread(with_double_dummy(old, table))
    assert back.tag("OptimumScore") is None and back.tag("ParContract") is None and back.par is None
    assert back.dd_table == table


def test_a_bare_record_from_lin_becomes_a_game_with_its_fields(oracles: Path) -> None:
    folder = oracles / "pbntools-real-tournaments" / "test_bbo_history_with_lins"
    (record,) = read_lin((folder / "3381671193.lin").read_text(encoding="utf-8"))
    table = DDTable.from_rows([[7] * 5] * 4)
    game = with_double_dummy(record, table, Par(0))
    assert game.record.deal == record.deal and game.record.contract == record.contract
    assert game.record.tricks == record.tricks and game.record.play == record.play
    assert [c.call for c in game.record.calls or ()] == [c.call for c in record.calls or ()]
    (back,) = reread(game)
    assert back.dd_table == table and back.par == Par(0) and back.tag("ParContract") == "Pass"


def test_a_passed_out_par_reads_back_as_no_contracts() -> None:
    assert par_contract_text(Par(0)) == "Pass" and parse_par_contracts("Pass", TagContext()) == ()


def test_optimum_result_table_order_is_north_east_south_west_with_notrump_first() -> None:
    table = dd_from_digits("7879a7879a5564355643")
    rows = [(r[0].text, r[1].text) for r in optimum_result_table(table).rows]
    assert rows[:6] == [("N", "NT"), ("N", "S"), ("N", "H"), ("N", "D"), ("N", "C"), ("E", "NT")]
    assert [s for s, _ in rows] == [s for s in "NESW" for _ in range(5)]


@given(tables)
def test_dd_digits_and_result_table_invert(table: DDTable) -> None:
    assert dd_from_digits(dd_to_digits(table)) == table
    assert dd_from_digits(dd_to_digits(table, "WNES", ("C", "D", "H", "S", "NT")), "WNES",
                          ("C", "D", "H", "S", "NT")) == table
    assert optimum_result_table(table).to_dd_table() == table


@given(st.integers(-7600, 7600),
       st.lists(st.tuples(contracts(), st.integers(0, 13)), max_size=6, unique=True))
def test_par_text_reads_back_as_the_same_contracts(score: int, pars: list[tuple[Contract, int]]) -> None:
    par = Par(score, tuple(pars))
    parsed = parse_par_contracts(par_contract_text(par), TagContext())
    expanded = {(Contract(p.level, p.denomination, seat, p.doubling), p.tricks)
                for p in parsed for seat in p.declarers}
    assert expanded == set(pars)
    side_value = parse_optimum_score(optimum_score_text(par), TagContext())
    assert side_value is not None
    declarer = pars[0][0].declarer if pars else Seat.NORTH
    assert side_value.for_ns(declarer) == score


@pytest.mark.parametrize("value", ["NS 4S=", "EW 3NX-2", "N 2NX-1; N 3DX-1"])
def test_written_par_contracts_follow_the_bridgecomposer_pattern(value: str) -> None:
    parsed = parse_par_contracts(value, TagContext())
    contracts_ = tuple((Contract(p.level, p.denomination, seat, p.doubling), p.tricks)
                       for p in parsed for seat in p.declarers)
    assert par_contract_text(Par(0, contracts_)) == value


def test_record_extra_carries_the_new_tags_for_other_writers() -> None:
    table = DDTable.from_rows([[13] * 5, [0] * 5, [13] * 5, [0] * 5])
    game = with_double_dummy(DealRecord(number=1, deal=Deal.from_pbn(TOP)), table, Par(1520))
    extra = dict(game.record.extra)
    assert extra["OptimumScore"] == "NS 1520" and extra["DoubleDummyTricks"] == dd_to_digits(table)
