"""Reading: inputs, encodings, streaming, lenient and strict modes, and bad input reported by line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tenace import Deal, PartialDeal, PBNError, Seat
from tenace.formats.pbn import PBNProblem, read_file, read_games, read_records

GOOD = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def board(n: int, deal: str = GOOD, extra: str = "") -> str:
    return f'[Board "{n}"]\n[Dealer "N"]\n[Deal "{deal}"]\n{extra}'


def test_bad_input_is_reported_with_lines_and_later_games_still_load() -> None:
    text = "\n\n".join([
        '[Board "1"]\n[Event No quotes]\n[Dealer "N"]',                                  # broken tag
        board(2, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543"),  # 12 cards
        board(3, "N:AKQJ.AKQ.AKQ.AKQ A987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"),  # SA twice
        '[Board "4"]\n[Dealer "Q"]',                                                       # unknown seat
        board(5),
    ])
    games = list(read_games(text, source="bad.pbn"))
    assert [g.record.number for g in games] == [1, 2, 3, 4, 5]
    found = [[(p.lineno, p.code) for p in g.errors] for g in games]
    assert found == [[(2, "tag-syntax")], [(7, "deal")], [(12, "deal")], [(16, "dealer")], []]
    assert str(games[1].errors[0]).startswith("bad.pbn:7: Deal: ")
    assert "different numbers of cards" in games[1].errors[0].message
    assert "a card is in two hands" in games[2].errors[0].message
    assert games[0].record.dealer is Seat.NORTH  # the rest of the broken game is read
    assert games[1].record.deal is None and isinstance(games[4].record.deal, Deal)


def test_strict_mode_raises_the_first_error_as_a_pbn_error() -> None:
    text = board(1) + "\n\n" + '[Board "2"]\n[Vulnerable "E"]'
    reader = read_games(text, source="s.pbn", strict=True)
    assert next(reader).record.number == 1  # games before the error are still yielded
    with pytest.raises(PBNError) as info:
        next(reader)
    assert isinstance(info.value, PBNProblem)
    assert (info.value.source, info.value.lineno, info.value.code) == ("s.pbn", 7, "vulnerable")


def test_strict_mode_does_not_raise_on_warnings() -> None:
    (g,) = read_games('[Board "1"]\n[Date "2013-11-23"]', strict=True)
    assert [p.code for p in g.warnings] == ["date"] and g.errors == ()


def test_reading_is_lazy_one_game_at_a_time() -> None:
    consumed: list[int] = []

    def lines() -> Iterator[str]:
        for n in range(1, 1000):
            consumed.append(n)
            yield board(n) + "\n\n"

    reader = read_games(_Lines(lines()))
    first = next(reader)
    assert first.record.number == 1 and len(consumed) <= 3


class _Lines:
    """A text file that yields the given chunks as its lines."""

    def __init__(self, chunks: Iterator[str]) -> None:
        self._chunks = chunks

    def __iter__(self) -> Iterator[str]:
        for chunk in self._chunks:
            yield from (line + "\n" for line in chunk.split("\n"))


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
def test_names_in_utf8_or_latin1_bytes_decode(encoding: str) -> None:
    data = '[Board "1"]\n[West "Jørn Græsholt"]\n'.encode(encoding)
    (g,) = read_games(data)
    assert g.record.players[3] == "Jørn Græsholt"


def test_a_declared_charset_is_honoured() -> None:
    # bytes that are valid UTF-8 ("Ã¸") but declared ISO-8859-1 stay as two Latin-1 characters
    data = b'%Content-type: text/x-pbn; charset=ISO-8859-1\n[West "\xc3\xb8"]\n'
    (g,) = read_games(data)
    assert g.tag("West") == "Ã¸"
    (g2,) = read_games(b"%Encoding UTF-8\n" + '[West "ø"]\n'.encode())
    assert g2.tag("West") == "ø"


def test_byte_order_mark_and_crlf() -> None:
    data = b"\xef\xbb\xbf% PBN 1.0\r\n" + board(1).replace("\n", "\r\n").encode() + b"\r\n\r\n" + \
        board(2).replace("\n", "\r\n").encode()
    games = list(read_games(data))
    assert [g.record.number for g in games] == [1, 2] and all(g.problems == () for g in games)


def test_inputs_text_bytes_path_and_open_files(tmp_path: Path) -> None:
    text = board(7)
    path = tmp_path / "one.pbn"
    path.write_text(text, encoding="latin-1")
    expected = next(read_games(text)).record
    assert next(read_games(text.encode())).record == expected
    assert next(read_games(path)).record == expected
    assert read_file(path)[0].record == expected
    with open(path, "rb") as binary:
        assert next(read_games(binary)).record == expected
    with open(path, encoding="latin-1") as textfile:
        game = next(read_games(textfile))
        assert game.record == expected and game.source == str(path)
    assert list(read_records(text)) == [expected]


def test_a_string_is_text_never_a_file_name() -> None:
    (g,) = read_games("some/file.pbn")
    assert [p.code for p in g.errors] == ["text-outside-tag"]


def test_only_cr_lf_and_crlf_end_lines_in_text() -> None:
    (g,) = read_games('[Board "1"]\r[Description "a\x0cb"]')
    assert g.tag("Description") == "a\x0cb"


def test_a_game_with_unknown_hands_is_a_partial_deal() -> None:
    (g,) = read_games('[Deal "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"]')
    assert isinstance(g.record.deal, PartialDeal) and g.problems == ()
