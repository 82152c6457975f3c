"""Hostile input for the CLI's readers: seed files (real ones from ../shared/oracles, and Tenace's own), the
fragments known to hurt parsers, and a Hypothesis strategy that mutates a seed. Shared by
tests/cli/test_cli_fuzz.py and fuzz/fuzz_cli.py (which runs many more cases)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
ORACLES = ROOT.parent / "shared" / "oracles"
RULES = ROOT / "src" / "tenace" / "system" / "bidding" / "cards" / "parts" / "notrump.rules"
CARD = ROOT / "src" / "tenace" / "system" / "cards" / "natural.json"

HOSTILE: list[bytes] = [
    b"", b"\x00", b"\xef\xbb\xbf", b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", "é€".encode(),
    b"[/bogus]", b"[bold]x[/bold]", b":100:", b"%", b"\r", b"\x0c",
    b"[" * 5000, b"{" * 5000, b"(" * 5000, b"<a>" * 3000,
    b"99999999999999999999999999999999", b"-1", b"1e400", b"NaN",
    b'<?xml version="1.0" encoding="x-bogus"?><USEBIO/>',
    b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
    b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]><r>&c;&c;&c;</r>',
    b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
    b'[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n[Contract "8NT"]',
    b'[Board "-1"]\n[Dealer "Q"]\n[Vulnerable "Sometimes"]\n[Result "99"]',
    b"md|3S2,,,|sv|x|mb|9N|mb|p!|pc|ZZ|mc|99|",
    b'{"format": "tenace-table", "version": 99}',
    b'{"a": ' * 300 + b"1" + b"}" * 300,
    b"<html><body><table><tr><td>1</td></tr></table><script>initAjax('x.txt')</script></body></html>",
    b"seq: 1NT\nmeaning: [/bogus]\n" * 3,
]
"""Each alone, and spliced into seed files."""


@functools.cache
def _tenace_log() -> bytes:
    from tenace import Board, Deal, parse_call
    from tenace.laws import CallMade, Table
    from tenace.laws.log import dumps

    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    table = Table.new(Board(1, deal))
    for seat_call in ("1C", "P", "1H", "P"):
        assert table.turn is not None
        table = table.apply(CallMade(table.turn, parse_call(seat_call)))
    return dumps(table).encode()


def _file(relative: str) -> Callable[[], bytes]:
    return functools.cache(lambda: (ORACLES / relative).read_bytes())


SEEDS: dict[str, Callable[[], bytes]] = {
    ".pbn": _file("pbn-spec/timheilman-tests/three_test_records.pbn"),
    ".lin": _file("pbntools-real-tournaments/bbo/3399598383.lin"),
    ".dup": _file("pbn-samples-richardschneider/big-deal.dup"),
    ".xml": _file("usebio-abf-compscore/mp_pairs_mitchell_adjusted.xml"),
    ".html": _file("pbntools-real-tournaments/test_1_pary/WB120802/wb120802016.html"),
    ".json": _tenace_log,
    ".rules": functools.cache(lambda: b"system Fuzz\n" + b"".join(RULES.read_bytes().splitlines(True)[:58])),
    ".card.json": functools.cache(CARD.read_bytes),
}


def mutate(seed: bytes) -> st.SearchStrategy[bytes]:
    """A seed changed by one to eight edits (a byte replaced, a span cut, repeated or moved, a hostile
    fragment spliced in, the file cut short), or, one time in eight, random bytes."""

    @st.composite
    def edited(draw: st.DrawFn) -> bytes:
        data = bytearray(seed)
        for _ in range(draw(st.integers(1, 8))):
            size = len(data)
            at = draw(st.integers(0, size))
            end = draw(st.integers(at, min(size, at + 64)))
            kind = draw(st.sampled_from(["byte", "cut", "repeat", "splice", "truncate", "move"]))
            if kind == "byte" and at < size:
                data[at] = draw(st.integers(0, 255))
            elif kind == "cut":
                del data[at:end]
            elif kind == "repeat":
                data[at:at] = bytes(data[at:end]) * draw(st.integers(2, 50))
            elif kind == "splice":
                data[at:at] = draw(st.sampled_from(HOSTILE))
            elif kind == "truncate":
                del data[at:]
            elif kind == "move":
                chunk = bytes(data[at:end])
                del data[at:end]
                to = draw(st.integers(0, len(data)))
                data[to:to] = chunk
        return bytes(data)

    return st.one_of(edited(), edited(), edited(), edited(), edited(), edited(), edited(),
                     st.binary(max_size=2000))
