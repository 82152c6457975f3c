"""Dealing-machine files (.dup, .bri, .dge) against the Big Deal samples in the oracle data."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import deals
from tenace import Card, CardSet, Deal, Seat, Vulnerability
from tenace.formats.dup import (
    DupError,
    DupHeader,
    card_number,
    read_bri,
    read_dge,
    read_dup,
    read_dup_header,
    write_bri,
    write_dge,
    write_dup,
)

SAMPLES = "pbn-samples-richardschneider"


def _pbn_deals(oracles: Path) -> list[Deal]:
    """The Deal tags of big-deal.pbn, read with a regular expression (independently of the PBN reader)."""
    text = (oracles / SAMPLES / "big-deal.pbn").read_text(encoding="ascii")
    return [Deal.from_pbn(value) for value in re.findall(r'^\[Deal "([^"]*)"\]', text, flags=re.MULTILINE)]


def _csv_boards(oracles: Path) -> list[tuple[Deal, int, str]]:
    """big-deal.csv: sixteen holdings (N, E, S, W; spades first), board number, dealer/vulnerability."""
    rows = []
    with (oracles / SAMPLES / "big-deal.csv").open(encoding="ascii", newline="") as handle:
        for row in csv.reader(handle):
            hands = [CardSet.from_pbn(".".join(row[4 * i:4 * i + 4])) for i in range(4)]
            rows.append((Deal((hands[0], hands[1], hands[2], hands[3])), int(row[16]), row[17]))
    return rows


@pytest.mark.parametrize(("suffix", "writer"), [("dup", write_dup), ("bri", write_bri), ("dge", write_dge)])
def test_export_reproduces_big_deal_files_byte_for_byte(oracles: Path, suffix: str, writer: object) -> None:
    expected = (oracles / SAMPLES / f"big-deal.{suffix}").read_bytes()
    assert writer(_pbn_deals(oracles)) == expected  # type: ignore[operator]


def test_read_dup_gives_the_deals_of_the_csv_export(oracles: Path) -> None:
    records = read_dup((oracles / SAMPLES / "big-deal.dup").read_bytes())
    boards = _csv_boards(oracles)
    assert [r.deal for r in records] == [deal for deal, _, _ in boards]
    assert [r.number for r in records] == [number for _, number, _ in boards]
    # Dealer and vulnerability are not in a .dup file: Law 2 gives what the CSV export says.
    vul_names = {"-": Vulnerability.NONE, "NS": Vulnerability.NS, "EW": Vulnerability.EW,
                 "All": Vulnerability.BOTH}
    for record, (_, _, dealer_vul) in zip(records, boards, strict=True):
        dealer, vul = dealer_vul.split("/")
        assert record.board().dealer is Seat.from_str(dealer)
        assert record.board().vulnerability is vul_names[vul]


@pytest.mark.parametrize(("suffix", "reader"), [("bri", read_bri), ("dge", read_dge)])
def test_read_bri_and_dge_give_the_deals_of_the_csv_export(oracles: Path, suffix: str,
                                                           reader: object) -> None:
    records = reader((oracles / SAMPLES / f"big-deal.{suffix}").read_bytes())  # type: ignore[operator]
    assert [r.deal for r in records] == [deal for deal, _, _ in _csv_boards(oracles)]


def test_dealer_bri_reads_as_eight_deals(oracles: Path) -> None:
    data = (oracles / SAMPLES / "dealer.bri").read_bytes()
    records = read_bri(data)
    assert len(records) == 8 == len(data) // 128
    assert all(isinstance(r.deal, Deal) for r in records)
    assert write_bri(r.deal for r in records if isinstance(r.deal, Deal)) == data


def test_dup_header_of_the_sample(oracles: Path) -> None:
    header = read_dup_header((oracles / SAMPLES / "big-deal.dup").read_bytes())
    assert header == DupHeader(random=True, backwards=False, first_board=1, copies=0, last_board=2)


def test_dup_header_matches_duplimates_published_example_for_sets_of_32() -> None:
    # Duplimate's conversion note: for sets of 32 the last ten bytes read "YN1**1*32*" (* = space).
    assert DupHeader(first_board=1, copies=1, last_board=32).encode() == b"YN1  1 32 "


def test_card_numbers_run_from_the_spade_ace_to_the_club_two() -> None:
    assert [card_number(Card.from_str(c)) for c in ("SA", "S2", "HA", "H2", "DA", "D2", "CA", "C2")] == [
        1, 13, 14, 26, 27, 39, 40, 52]
    assert sorted(card_number(Card.from_index(i)) for i in range(52)) == list(range(1, 53))


@settings(max_examples=40, deadline=None)
@given(st.lists(deals(), min_size=1, max_size=5), st.integers(1, 90))
def test_dup_round_trip(items: list[Deal], first: int) -> None:
    data = write_dup(items, first_board=first)
    assert len(data) == 156 * len(items)
    records = read_dup(data)
    assert [r.deal for r in records] == items
    assert [r.number for r in records] == list(range(first, first + len(items)))
    header = read_dup_header(data)
    assert header is not None and (header.first_board, header.last_board) == (first, first + len(items) - 1)
    assert [r.deal for r in read_bri(write_bri(items))] == items
    assert [r.deal for r in read_dge(write_dge(items))] == items


def _sample(oracles: Path) -> bytearray:
    return bytearray((oracles / SAMPLES / "big-deal.dup").read_bytes())


def test_truncated_dup_is_an_error(oracles: Path) -> None:
    with pytest.raises(DupError, match=r"not a whole number of 156-byte records \(155 bytes left over"):
        read_dup(bytes(_sample(oracles)[:-1]))


@pytest.mark.parametrize(("offset", "value", "pattern"), [
    (4, b"53", r"record 1 byte 4: b'53' is not a card number"),
    (156 + 8, b"0x", r"record 2 byte 164: b'0x' is not a card number"),
    (2, b"01", r"record 1 byte 2: card number 01 appears twice"),
    (78 + 2, b"Z", r"record 1 byte 80: unexpected byte 0x5a"),
    (78 + 1, b"K", r"record 1: the hands are not a deal: .*SK also in East's hand"),
])
def test_corrupt_dup_records_name_the_record_and_byte(oracles: Path, offset: int, value: bytes,
                                                      pattern: str) -> None:
    data = _sample(oracles)
    data[offset:offset + len(value)] = value
    with pytest.raises(DupError, match=pattern):
        read_dup(bytes(data))


def test_dge_part_that_disagrees_with_the_card_numbers(oracles: Path) -> None:
    data = _sample(oracles)
    # Board 1: North's spades are AJ9 (bytes 79-81), East's the K (byte 96). Swap the ace and the king.
    assert data[79:80] == b"A" and data[96:97] == b"K"
    data[79:80], data[96:97] = b"K", b"A"
    with pytest.raises(DupError, match=r"record 1: the sorted hands .* disagree with the card numbers"):
        read_dup(bytes(data))


def test_dup_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        read_dup(b"01" * 10)


@settings(max_examples=80, deadline=None)
@given(st.binary(min_size=156, max_size=156 * 2), st.data())
def test_fuzz_corrupt_bytes_give_a_dup_error(noise: bytes, data: st.DataObject) -> None:
    good = write_dup([data.draw(deals())])
    corrupt = bytes(good[i] if data.draw(st.integers(0, 9)) else noise[i] for i in range(156)) + noise[156:]
    try:
        records = read_dup(corrupt)
    except DupError:
        return
    assert all(isinstance(r.deal, Deal) for r in records)
