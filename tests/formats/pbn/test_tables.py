"""Tables (PBN 2.1 §5.2-§5.10): column specs, cells, order marks, and the OptimumResultTable as a DD table."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tenace import Denomination, NotationError, Seat
from tenace.formats.pbn import Cell, Column, PBNGame, read_games, write_games

SCORE_TABLE = """[Board "1"]
[ScoreTable "-Rank\\3R;+Percentage_NS\\4R;-Percentage_EW\\4R;+Score_NS\\5R;Names_NS;Multiplicity\\2L"]
  1 99.4  0.6   500 "Anne JONES;Ernie MORRIS" 2
  3 98.4  1.6   470 -                         1
  4 96.5  3.5   ^450 ?                        5"""


def read(text: str) -> PBNGame:
    (g,) = read_games(text, source="t.pbn")
    return g


@pytest.mark.parametrize(("spec", "column"), [
    ("Rank", Column("Rank")),
    ("-Rank\\3R", Column("Rank", "-", 3, "R")),
    ("+Score_NS\\5", Column("Score_NS", "+", 5)),
    ("Names\\42L", Column("Names", None, 42, "L")),
    ("", Column("")),
])
def test_column_specs(spec: str, column: Column) -> None:
    assert Column.from_spec(spec) == column and column.spec() == spec


@pytest.mark.parametrize("spec", ["Call\\", "Call\\L", "Call\\ "])
def test_a_backslash_needs_a_width(spec: str) -> None:
    with pytest.raises(NotationError):
        Column.from_spec(spec)


def test_score_table_rows_and_typed_cells() -> None:
    g = read(SCORE_TABLE)
    assert g.problems == ()
    table = g.table("ScoreTable")
    assert table is not None and len(table.rows) == 3 and len(table.columns) == 6
    first = next(table.records())
    assert first["Rank"].value == 1 and first["Percentage_NS"].value == Decimal("99.4")
    assert first["Names_NS"] == Cell("Anne JONES;Ernie MORRIS", quoted=True)
    assert [c.value for c in table.column("Names_NS")][1:] == [None, None]  # '-' irrelevant, '?' unknown
    artificial = table.column("Score_NS")[2]
    assert artificial.artificial and artificial.value == 450
    assert table.index("Multiplicity") == 5 and table.index("Nope") is None


def test_rows_need_every_column_and_sort_marks_are_checked() -> None:
    g = read('[ActionTable "Rank;Call;Percentage"]\n1 4H 100\n2 4D 80\n3 3C')
    assert [(p.lineno, p.code) for p in g.problems] == [(4, "table-cells")]
    g2 = read('[TotalScoreTable "-Percentage"]\n72.49\n70.38\n70.20')
    assert [(p.lineno, p.code) for p in g2.problems] == [(1, "table-order")]
    g3 = read('[TotalScoreTable "+Percentage"]\n72.49\n70.38\n-\n70.20')
    assert g3.problems == ()


def test_comments_are_allowed_after_the_tag_but_not_among_the_data() -> None:
    ok = read('[TotalScoreTable "Rank;PairId"]\n{ Only the best }\n1 581\n2 226')
    assert ok.problems == ()
    bad = read('[ActionTable "Rank;Call"]\n1 4H ; no comment allowed\n2 4D')
    assert [(p.lineno, p.code) for p in bad.problems] == [(2, "table-comment")]


def test_optimum_result_table_becomes_a_dd_table() -> None:
    rows = "\n".join(f"{s} {d} {t}" for s in "NESW" for d, t in zip(("C", "D", "H", "S", "NT"),
                                                                    (9, 6, 5, 6, 6), strict=True))
    g = read(f'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n{rows}')
    dd = g.dd_table
    assert dd is not None and dd[Seat.WEST, Denomination.CLUBS] == 9
    assert dd[Seat.EAST, Denomination.NOTRUMP] == 6
    table = g.table("OptimumResultTable")
    assert table is not None and table.to_dd_table() == dd


def test_an_incomplete_optimum_result_table_is_a_warning_and_no_dd_table() -> None:
    g = read('[OptimumResultTable "Declarer;Denomination;Result"]\nN S 9\nN H 5')
    assert g.dd_table is None
    assert [(p.code, p.severity.value) for p in g.problems] == [("dd-table", "warning")]


def test_tables_are_written_with_their_widths_and_alignment() -> None:
    text = write_games([read(SCORE_TABLE)], newline="\n", header=False)
    body = text.split('[ScoreTable "')[1].split("\n")
    assert body[0] == ('-Rank\\3R;+Percentage_NS\\4R;-Percentage_EW\\4R;+Score_NS\\5R;Names_NS;'
                       'Multiplicity\\2L"]')
    assert body[1] == '  1 99.4  0.6   500 "Anne JONES;Ernie MORRIS" 2'
    assert body[3] == "  4 96.5  3.5  ^450 ? 5"
    again = read(text)
    assert again.tables == read(SCORE_TABLE).tables
