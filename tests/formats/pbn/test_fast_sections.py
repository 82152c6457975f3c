"""The short paths added for speed (issue 15) give exactly what the general ones give: plain auctions read
without the piece splitter, the rotated-deal check's early answer, deals remembered between tables, and
text split into lines a block at a time. Each is switched off and the same text read again: on every oracle
file and on Hypothesis' hostile text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace.formats.pbn import auction_section, play_section, read_games, reader, tags

from .test_fuzz import TEXTS

_ORACLE_ROOT = Path(__file__).resolve().parents[3].parent / "shared" / "oracles"
PBN_FILES = sorted(str(p.relative_to(_ORACLE_ROOT)) for p in _ORACLE_ROOT.rglob("*.pbn")) \
    if _ORACLE_ROOT.is_dir() else []


def _read(data: str | bytes) -> list[tuple[object, ...]]:
    return [(g.record, g.auction, g.play, g.values.get("Deal"),
             tuple((p.lineno, p.code, p.message, p.severity) for p in g.problems))
            for g in read_games(data, source="x")]


def _general(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every short path of this file off."""
    monkeypatch.setattr(auction_section, "_plain_calls", lambda tag: None)
    monkeypatch.setattr(play_section, "_plain_entries", lambda tag: None)
    real_turned = play_section._turned

    def turned(rows: list[tuple[play_section.PlayEntry, ...]], first: object, deal: object) -> int:
        # the full count, without the early answer: every card's offset
        if not isinstance(deal, play_section.Deal):
            return 0
        owner = {c.index: i for i, h in enumerate(deal.hands) for c in h}
        f = first.index  # type: ignore[attr-defined]
        offsets = {(owner[e.card.index] - f - i) % 4 for row in rows for i, e in enumerate(row)
                   if e.card is not None}
        played = sum(e.card is not None for row in rows for e in row)
        full = offsets.pop() if played >= 4 and len(offsets) == 1 and 0 not in offsets else 0
        assert real_turned(rows, first, deal) == full  # type: ignore[arg-type]
        return full

    monkeypatch.setattr(play_section, "_turned", turned)
    monkeypatch.setattr(tags, "_DEALS_KEPT", 0)  # every deal parsed again
    monkeypatch.setattr(reader, "_PIECE", 7)  # lines split in many small blocks


@pytest.mark.parametrize("name", PBN_FILES)
def test_every_oracle_file_reads_the_same_without_the_short_paths(name: str, oracles: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    data = (oracles / name).read_bytes()
    fast = _read(data)
    text = data.decode("utf-8", "replace")
    fast_text = _read(text)
    _general(monkeypatch)
    tags._DEALS.clear()
    assert _read(data) == fast
    assert _read(text) == fast_text


_AUCTIONS = st.lists(st.sampled_from(["1C", "1S", "Pass", "X", "XX", "AP", "pass", "2NT", "7NT", "-", "*",
                                      "=1=", "ap", "1N", "\n", " "]), max_size=20).map(" ".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(text=TEXTS, auction=_AUCTIONS, first=st.sampled_from("NESW"), dealer=st.sampled_from("NESW"))
def test_hostile_text_and_auctions_read_the_same_without_the_short_paths(
        text: str, auction: str, first: str, dealer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = f'[Board "1"]\n[Dealer "{dealer}"]\n[Auction "{first}"]\n{auction}\n\n'
    texts = [text, game, game + text, text.replace("\n", "\r\n")]
    fast = [_read(t) for t in texts]
    with monkeypatch.context() as patch:
        _general(patch)
        tags._DEALS.clear()
        assert [_read(t) for t in texts] == fast


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a", "bc", "\n", "\r", "\r\n", "\x0c", " "]), max_size=40).map("".join),
       st.integers(min_value=1, max_value=9))
def test_lines_split_in_blocks_are_the_lines(text: str, piece: int) -> None:
    expected = re.split(r"\r\n|\r|\n", text)
    if expected and expected[-1] == "":
        expected.pop()
    old = reader._PIECE
    reader._PIECE = piece
    try:
        assert list(reader._split(text)) == expected
    finally:
        reader._PIECE = old
