"""Dealing-machine files: Duplimate ``.dup``, and its two halves ``.bri`` and ``.dge``.

A Duplimate machine deals the physical boards (Law 6 allows the Director to have boards dealt in
advance, by machine). Its ``.dup`` file is a sequence of fixed 156-byte records, one per board:

=========  =====  ==========================================================================
bytes      size   contents
=========  =====  ==========================================================================
1-78       78     the *BRI part*: North's, East's and South's 13 cards as two-digit numbers
                  ``01`` (spade ace) ... ``13`` (spade two), ``14`` (heart ace) ... ``52``
                  (club two), ascending within each hand. West holds the rest of the pack.
79-146     68     the *DGE part*: the four hands N, E, S, W, each 17 bytes: for each suit the
                  DOS suit symbol (``0x06`` spades, ``0x03`` hearts, ``0x04`` diamonds,
                  ``0x05`` clubs) then the ranks high to low (``AKQJT98...``)
147-156    10     set-up of the dealing run, only in the **first** record (the others hold NUL
                  bytes): ``Y``/``N`` random hands, ``Y``/``N`` counting backwards, the lowest
                  board number (3 bytes, left aligned), copies of each board (2 bytes), the
                  highest board number (3 bytes, at least two digits, left aligned)
=========  =====  ==========================================================================

``.bri`` files hold only the BRI part, each padded to 128 bytes with 32 spaces and 18 NUL bytes; ``.dge``
files hold only the DGE part, padded to 128 bytes with NUL bytes. None of these formats stores the board
number, dealer or vulnerability of a deal: boards are numbered consecutively and Law 2 applies.

The layout was worked out from the files Big Deal 1.2 writes (``big-deal.dup``, ``.bri`` and ``.dge`` in
the project's oracle data) and Duplimate's published conversion note.

>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> data = write_dup([deal])
>>> len(data), data[:12], data[146:]
(156, b'010203041415', b'YN1  0 01 ')
>>> read_dup(data)[0].deal == deal
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from tenace.cards import DECK, SUITS_DISPLAY, Card, CardSet, Suit
from tenace.deal import Deal
from tenace.errors import InvalidDealError, NotationError
from tenace.record import DealRecord
from tenace.seats import SEATS, Seat

__all__ = [
    "DupError", "DupHeader", "card_number", "read_bri", "read_dge", "read_dup", "read_dup_header",
    "write_bri", "write_dge", "write_dup",
]

DUP_RECORD: Final = 156
BRI_RECORD: Final = 128
DGE_RECORD: Final = 128
_BRI_SIZE: Final = 78
_DGE_SIZE: Final = 68
_SYMBOL_BYTES: Final[dict[Suit, int]] = {
    Suit.SPADES: 0x06, Suit.HEARTS: 0x03, Suit.DIAMONDS: 0x04, Suit.CLUBS: 0x05,  # the DOS code page symbols
}
_SUIT_OF_BYTE: Final[dict[int, Suit]] = {b: s for s, b in _SYMBOL_BYTES.items()}
_BRI_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH)


class DupError(NotationError):
    """A dealing-machine file is malformed; the message names the record (board) and byte offset."""


@dataclass(frozen=True, slots=True)
class DupHeader:
    """The dealing run described in the last 10 bytes of a ``.dup`` file's first record."""

    random: bool = True
    """Whether the hands are random (``Y``)."""
    backwards: bool = False
    """Whether the machine counts boards backwards."""
    first_board: int = 1
    copies: int = 0
    """Copies of each board (Big Deal writes 0)."""
    last_board: int = 1

    def encode(self) -> bytes:
        """The 10 bytes.

        >>> DupHeader(first_board=1, copies=1, last_board=32).encode()
        b'YN1  1 32 '
        """
        text = ("Y" if self.random else "N") + ("Y" if self.backwards else "N")
        text += f"{self.first_board:<3}{self.copies:<2}{f'{self.last_board:02d}':<3}"
        if len(text) != 10:
            raise ValueError(f"board numbers or copies too large for a .dup header: {self}")
        return text.encode("ascii")


def card_number(card: Card) -> int:
    """The Duplimate number of a card: 1 for the spade ace up to 52 for the club two.

    >>> card_number(Card.from_str("SA")), card_number(Card.from_str("HK")), card_number(Card.from_str("C2"))
    (1, 15, 52)
    """
    return (3 - card.suit.index) * 13 + (14 - card.rank) + 1


_CARD_OF_NUMBER: Final[dict[int, Card]] = {card_number(card): card for card in DECK}


def _bri_part(deal: Deal) -> bytes:
    numbers = []
    for seat in _BRI_SEATS:
        numbers.extend(sorted(card_number(card) for card in deal[seat]))
    return "".join(f"{n:02d}" for n in numbers).encode("ascii")


def _dge_part(deal: Deal) -> bytes:
    out = bytearray()
    for seat in SEATS:
        hand = deal[seat]
        for suit in SUITS_DISPLAY:
            out.append(_SYMBOL_BYTES[suit])
            out += "".join(card.rank.letter for card in hand.suit(suit)).encode("ascii")
    return bytes(out)


def _deals(deals: Iterable[Deal]) -> list[Deal]:
    items = list(deals)
    for i, deal in enumerate(items):
        if not isinstance(deal, Deal):
            raise TypeError(f"item {i} is not a Deal: {deal!r}")
    return items


def write_dup(deals: Iterable[Deal], *, first_board: int = 1, copies: int = 0, random: bool = True,
              backwards: bool = False) -> bytes:
    """The ``.dup`` file of consecutive boards starting at ``first_board``."""
    items = _deals(deals)
    header = DupHeader(random, backwards, first_board, copies, first_board + max(len(items), 1) - 1).encode()
    out = bytearray()
    for i, deal in enumerate(items):
        out += _bri_part(deal) + _dge_part(deal) + (header if i == 0 else bytes(10))
    return bytes(out)


def write_bri(deals: Iterable[Deal]) -> bytes:
    """The ``.bri`` file: BRI parts padded to 128 bytes (32 spaces, 18 NUL bytes)."""
    return b"".join(_bri_part(d) + b" " * 32 + bytes(18) for d in _deals(deals))


def write_dge(deals: Iterable[Deal]) -> bytes:
    """The ``.dge`` file: DGE parts padded to 128 bytes with NUL bytes."""
    return b"".join(_dge_part(d) + bytes(DGE_RECORD - _DGE_SIZE) for d in _deals(deals))


# --- reading --------------------------------------------------------------------------------------------


def _records(data: bytes, size: int, kind: str) -> list[bytes]:
    if len(data) % size:
        raise DupError(f"{kind} file of {len(data)} bytes is not a whole number of {size}-byte records "
                       f"({len(data) % size} bytes left over after record {len(data) // size})")
    return [data[i:i + size] for i in range(0, len(data), size)]


def _decode_bri(part: bytes, record: int, base: int) -> Deal:
    hands: list[CardSet] = []
    seen: set[int] = set()
    for h in range(3):
        cards = []
        for i in range(13):
            at = 26 * h + 2 * i
            text = part[at:at + 2]
            if not text.isdigit() or not 1 <= int(text) <= 52:
                raise DupError(f"record {record} byte {base + at}: {text!r} is not a card number 01-52")
            n = int(text)
            if n in seen:
                raise DupError(f"record {record} byte {base + at}: card number {n:02d} appears twice")
            seen.add(n)
            cards.append(_CARD_OF_NUMBER[n])
        hands.append(CardSet(cards))
    west = CardSet(card for n, card in _CARD_OF_NUMBER.items() if n not in seen)
    return Deal((hands[0], hands[1], hands[2], west))


def _decode_dge(part: bytes, record: int, base: int) -> Deal:
    hands: list[list[Card]] = [[], [], [], []]
    hand = -1
    suit: Suit | None = None
    for at, byte in enumerate(part):
        if byte == 0x06:
            hand += 1
        if byte in _SUIT_OF_BYTE:
            suit = _SUIT_OF_BYTE[byte]
            continue
        ch = chr(byte)
        if hand < 0 or hand > 3 or suit is None or ch not in "AKQJT98765432":
            raise DupError(f"record {record} byte {base + at}: unexpected byte {byte:#04x} in the hands")
        hands[hand].append(Card.from_str(suit.value + ch))
    try:
        return Deal((CardSet(hands[0]), CardSet(hands[1]), CardSet(hands[2]), CardSet(hands[3])))
    except InvalidDealError as err:
        raise DupError(f"record {record}: the hands are not a deal: {err}") from None


def read_dup_header(data: bytes) -> DupHeader | None:
    """The dealing run described in the first record, or ``None`` if it is blank."""
    if len(data) < DUP_RECORD:
        raise DupError(f".dup file of {len(data)} bytes is shorter than one {DUP_RECORD}-byte record")
    tail = data[146:156].decode("ascii", errors="replace")
    if not tail.strip("\x00 "):
        return None
    try:
        return DupHeader(tail[0] == "Y", tail[1] == "Y", int(tail[2:5]), int(tail[5:7]), int(tail[7:10]))
    except ValueError:
        raise DupError(f"record 1 byte 146: unreadable dealing set-up {tail!r}") from None


def read_dup(data: bytes) -> list[DealRecord]:
    """The boards of a ``.dup`` file, numbered from the header's lowest board (else 1). The DGE part must
    agree with the BRI part.

    :raises DupError: naming the record and byte offset of a malformed record.
    """
    header = read_dup_header(data)
    first = header.first_board if header is not None else 1
    records = []
    for i, rec in enumerate(_records(data, DUP_RECORD, ".dup")):
        deal = _decode_bri(rec[:_BRI_SIZE], i + 1, i * DUP_RECORD)
        check = _decode_dge(rec[_BRI_SIZE:_BRI_SIZE + _DGE_SIZE], i + 1, i * DUP_RECORD + _BRI_SIZE)
        if check != deal:
            raise DupError(f"record {i + 1}: the sorted hands ({check}) disagree with the card numbers "
                           f"({deal})")
        records.append(DealRecord(number=first + i, deal=deal))
    return records


def read_bri(data: bytes) -> list[DealRecord]:
    """The boards of a ``.bri`` file, numbered from 1."""
    return [DealRecord(number=i + 1, deal=_decode_bri(rec[:_BRI_SIZE], i + 1, i * BRI_RECORD))
            for i, rec in enumerate(_records(data, BRI_RECORD, ".bri"))]


def read_dge(data: bytes) -> list[DealRecord]:
    """The boards of a ``.dge`` file, numbered from 1."""
    return [DealRecord(number=i + 1, deal=_decode_dge(rec.rstrip(b"\x00"), i + 1, i * DGE_RECORD))
            for i, rec in enumerate(_records(data, DGE_RECORD, ".dge"))]
