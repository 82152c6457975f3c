"""LIN read a piece at a time (issue 15): the streaming reader gives what the whole-text reader gives, on the
oracle files and on small hostile inputs, whatever the size of the pieces; a lenient read reports each problem
with its line and goes on with the next board."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tenace.formats.lin as lin
from tenace.errors import LINError
from tenace.formats.lin import LinProblem, iter_lin, read_lin, read_lin_lenient

LINS = "pbntools-real-tournaments"
_BOARD = "pn|a,b,c,d|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|ah|Board {n}|sv|o|"


def _oracle_lins(oracles: Path) -> list[Path]:
    return sorted(oracles.rglob("*.lin"))


def test_the_oracle_files_read_the_same_streamed_and_whole(oracles: Path, monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(lin, "_CHUNK", 97)  # many pieces a file: tokens cut at every place
    paths = _oracle_lins(oracles)
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        try:
            whole = read_lin(text, source=str(path))
        except LINError as exc:
            with pytest.raises(LINError) as caught:
                list(iter_lin(path))
            assert str(caught.value) == str(exc)
            continue
        assert list(iter_lin(path)) == whole, path
        assert list(iter_lin(io.StringIO(text))) == whole
        assert list(iter_lin(text)) == whole


_TOKEN = st.sampled_from(["pn|a,b,c,d|", "md|3SAKQJT98765432HDC,S,S,|", "ah|Board 2|", "mb|1S|", "mb|p|",
                          "mb|1C|", "pc|SA|", "pc|S2|", "mc|7|", "qx|o3|", "\n", "%c\n", "st||", "sv|b|",
                          "md|3SAK|", "mb|9Z|", "pg||", "an|weak|", "sv|q|", "mc|x|", "x y|", "md|"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_TOKEN, max_size=30), st.integers(min_value=1, max_value=40))
def test_pieces_of_any_size_give_the_whole_reading(tokens: list[str], chunk: int) -> None:
    text = "".join(tokens)
    old = lin._CHUNK
    lin._CHUNK = chunk
    try:
        try:
            expected: list[object] | None = list(read_lin(text))
        except LINError:
            expected = None  # the first problem raises (streamed, a bad board may come before bad text)
        try:
            got: list[object] | None = list(iter_lin(text))
        except LINError:
            got = None
        assert got == expected
        # the lenient read keeps every board before a token that cannot be read, as read_lin_lenient
        lenient, errors = read_lin_lenient(text)
        problems: list[LinProblem] = []
        streamed = list(iter_lin(text, report=problems.append))
        if not errors:
            assert streamed == lenient
        for problem in problems:
            assert problem.line is not None and 1 <= problem.line <= text.count("\n") + 1
    finally:
        lin._CHUNK = old


def test_a_bad_board_is_reported_at_its_line_and_the_next_boards_are_read() -> None:
    text = "\n".join([_BOARD.format(n=1) + "mb|7N|mb|p|mb|p|mb|p|",
                      _BOARD.format(n=2) + "mb|7N|mb|p|",
                      "mb|9Z|mb|p|",  # line 3: not a call: board 2 is left out
                      _BOARD.format(n=3) + "mb|1S|mb|1C|mb|p|mb|p|mb|p|",  # line 4: 1C is insufficient
                      _BOARD.format(n=4)])
    problems: list[LinProblem] = []
    records = list(iter_lin(text, source="f.lin", report=problems.append))
    assert [r.number for r in records] == [1, 3, 4]
    assert [(p.line, p.rules) for p in problems] == [(3, False), (4, True)]
    assert "9Z" in str(problems[0].error) and str(problems[0].error).startswith("f.lin: token ")
    assert records[1].contract is None  # kept as recorded: the auction is not lawful
    with pytest.raises(LINError, match="9Z"):
        list(iter_lin(text))


def test_text_that_is_not_lin_ends_the_reading_with_its_line() -> None:
    problems: list[LinProblem] = []
    text = _BOARD.format(n=1) + "\n\nSmith,Jones,Brown,Green\n"
    assert [r.number for r in iter_lin(text, report=problems.append)] == [1]
    (problem,) = problems
    assert problem.line == 3 and "not followed by '|'" in str(problem.error)


def test_a_file_in_latin_1_and_a_url_are_read(tmp_path: Path) -> None:
    path = tmp_path / "names.lin"
    path.write_bytes(("pn|J\xf8rn,b,c,d|md|3SAKQJT98765432HDC,S,S,|ah|Board 1|").encode("latin-1"))
    (record,) = iter_lin(path)
    assert record.players[2] == "Jørn"  # pn lists South first
    url = "https://www.bridgebase.com/tools/handviewer.html?lin=md%7C3SAKQJT98765432HDC%2CS%2CS%2C%7Cah%7CBoard%205%7C"
    assert [r.number for r in iter_lin(url)] == [5]
