"""The reader's fast paths give exactly what the plain paths give.

The reader asks the tokenizer for *fused* tokens (a whole plain tag line, a whole line of plain words) and
reads plain card and call tokens without the general piece splitter. These tests read the same text both
ways, on every oracle file and on hostile text, and compare the raw games (tags, values, section items,
comments, problems with their lines) and the interpreted games.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace.formats.pbn import reader
from tenace.formats.pbn.game import interpret
from tenace.formats.pbn.grammar import RawGame, raw_games
from tenace.formats.pbn.reader import LineDecoder, _lines
from tenace.formats.pbn.tokenize import Kind, tokenize

from .test_fuzz import TEXTS

_ORACLE_ROOT = Path(__file__).resolve().parents[3].parent / "shared" / "oracles"
PBN_FILES = sorted(str(p.relative_to(_ORACLE_ROOT)) for p in _ORACLE_ROOT.rglob("*.pbn")) \
    if _ORACLE_ROOT.is_dir() else []


def _summary(game: RawGame) -> tuple[object, ...]:
    problems = tuple((p.lineno, p.code, p.message, p.severity) for p in game.problems)
    tags = tuple((t.name, t.value, t.raw, t.lineno, tuple((i.text, i.lineno, i.quoted) for i in t.items),
                  tuple((c.text, c.lineno, c.brace, c.after) for c in t.comments)) for t in game.tags)
    return game.lineno, tags, problems, game.escapes, tuple((c.text, c.lineno) for c in game.comments)


def _both(data: str | bytes) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    plain = [_summary(g) for g in raw_games(tokenize(enumerate(_lines(data, None)[0], 1)), "x")]
    fused = [_summary(g) for g in raw_games(tokenize(enumerate(_lines(data, None)[0], 1), fused=True), "x")]
    return plain, fused


def test_fused_tokens_cover_plain_lines_only() -> None:
    lines = ['[Event "Club"]', '  [Deal "N:AKQ.. - - -"]  ', "S2 H3 - *", '[Event "a\\"b"]', "[event \"x\"]",
             "1S {c} 2S", "50% 1S", '[Note "1:x"] ; c']
    kinds = [t.kind for t in tokenize(enumerate(lines, 1), fused=True)]
    assert kinds[:3] == [Kind.TAG, Kind.TAG, Kind.WORDS]
    assert Kind.TAG not in kinds[3:] and Kind.WORDS not in kinds[3:]


@pytest.mark.parametrize("name", PBN_FILES)
def test_fused_tokens_give_the_same_raw_games_on_every_oracle_file(name: str, oracles: Path) -> None:
    plain, fused = _both((oracles / name).read_bytes())
    assert plain == fused


def test_a_tag_pair_across_lines_reads_the_same_fused() -> None:
    text = '[\nEvent\n"use new lines"\n]\n[Board\n[Deal "N:AKQ.. - - -"]\n[Site "x" extra\n1S Pass\n'
    plain, fused = _both(text)
    assert plain == fused and any(p for g in plain for p in g[2])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_fused_tokens_give_the_same_raw_games_on_hostile_text(text: str) -> None:
    plain, fused = _both(text)
    assert plain == fused


def _games(text: str, *, fused: bool) -> list[tuple[object, ...]]:
    out = []
    for raw in raw_games(tokenize(enumerate(_lines(text, None)[0], 1), fused=fused), "x"):
        game = interpret(raw, "x")
        out.append((game.record, tuple((p.lineno, p.code, p.message) for p in game.problems)))
    return out


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_fused_reading_gives_the_same_games_and_problems(text: str) -> None:
    assert _games(text, fused=True) == _games(text, fused=False)


BYTES = st.lists(st.sampled_from([
    b"\xef\xbb\xbf", b"[Event \"x\"]", b"Pass", b" ", b"\xe9", b"\xc3\xa9", b"\xf8", b"\r", b"\n", b"\r\n",
    b"%Content-type: text/x-pbn; charset=ISO-8859-1\n", b"% Encoding UTF-8\n", b"%x\n", b"\x00", b"\xff\xfe",
]), max_size=40).map(b"".join)


def _reference_lines(data: bytes) -> list[str]:
    """Each line decoded on its own by :class:`LineDecoder`, as the reader did before it decoded at once."""
    decoder = LineDecoder()
    raw = re.split(rb"\r\n|\r|\n", data)
    if raw and raw[-1] == b"":
        raw.pop()
    return [decoder.decode(line) for line in raw]


@settings(max_examples=300, deadline=None)
@given(BYTES)
def test_bytes_decoded_at_once_give_the_lines_decoded_one_by_one(data: bytes) -> None:
    assert list(_lines(data, None)[0]) == _reference_lines(data)


@settings(max_examples=300, deadline=None)
@given(BYTES)
def test_a_file_read_in_blocks_gives_the_lines_decoded_one_by_one(data: bytes) -> None:
    # lines end at LF, CRLF or a CR alone, as in bytes decoded at once (a CR-only file from a path)
    reference = _reference_lines(data)
    assert list(reader._binary_lines(io.BytesIO(data), None)) == reference
    small = reader._BLOCK
    try:
        reader._BLOCK = 5  # type: ignore[misc]
        assert list(reader._binary_lines(io.BytesIO(data), None)) == reference
    finally:
        reader._BLOCK = small  # type: ignore[misc]
