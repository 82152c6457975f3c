"""BBO LIN: a tolerant reader and a writer.

LIN is the ``key|value|`` command stream Bridge Base Online uses for hand records, hand-viewer links and
vugraph archives. It has no formal specification; this module follows what BBO writes:

=====  =====================================================================================
key    meaning
=====  =====================================================================================
pn     player names, **South, West, North, East** (eight names in vugraph: open then closed room)
md     dealer digit (**1=S, 2=W, 3=N, 4=E**) then the hands **S, W, N, E** as ``S..H..D..C..``,
       comma separated; the fourth hand may be left out (it is the rest of the pack, Law 1)
sv     vulnerability: ``o`` (or ``0``, ``-``) none, ``n`` North-South, ``e`` East-West, ``b`` both
ah     board header, ``Board 5``
mb     a call: ``p``, ``d``, ``r``, ``1N``, ``2S``; a trailing ``!`` means alerted (Law 20)
an     explanation of the call just made (Law 20F)
pc     a card played, ``SA``, ``D10``
mc     claim or concession: total tricks for declarer's side (Laws 68-69)
pg     page break (the viewer pauses); not stored, the writer puts one after the auction and each trick
qx     board in a match, ``o5`` open room / ``c5`` closed room board 5; starts a new board
=====  =====================================================================================

Every other key (``st``, ``rh``, ``nt``, ``vg``, ...) is kept, in file order, in :attr:`DealRecord.extra`.
The seat and vulnerability encodings above are converted here and nowhere else.

Contract, declarer and result are derived, never read: the contract from the auction (Law 22), the
result from the claim (``mc``) when there is one, otherwise from replaying a complete play (Law 44).

>>> rec = parse_lin("pn|Sam,Wes,Nora,Ed|md|3S2H5432D5432C5432,ST987HJT9DJT9CJT9,SAKQJHAKQDAKQCAKQ,|"
...                 "ah|Board 1|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|S2|pc|S7|pc|SA|mc|13|")
>>> rec.number, rec.dealer, str(rec.contract), rec.tricks, rec.players
(1, <Seat.NORTH: 'N'>, '7NTN', 13, ('Nora', 'Ed', 'Sam', 'Wes'))
>>> rec.deal[Seat.EAST]
CardSet.from_pbn('6543.876.876.876')
>>> write_lin(rec)[:60]
'pn|Sam,Wes,Nora,Ed|md|3S2H2345D2345C2345,S789TH9TJD9TJC9TJ,S'
"""

from __future__ import annotations

import codecs
import itertools
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Final
from urllib.parse import quote, unquote, unquote_plus

from tenace.auction import Auction
from tenace.board import Vulnerability, dealer_for, vulnerability_for
from tenace.calls import PASS, Bid, Call, Double, Pass, Redouble, parse_call
from tenace.cards import SUITS_DISPLAY, Card, CardSet, Rank, Suit
from tenace.contract import Contract
from tenace.deal import Deal, PartialDeal
from tenace.errors import IllegalCallError, IllegalPlayError, LINError, NotationError
from tenace.play import Play
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import SEATS, Seat

__all__ = ["LinProblem", "LinToken", "iter_lin", "lin_url", "parse_lin", "read_lin", "tokenize", "write_lin",
           "write_lin_boards"]

# --- the encodings (kept in this module only) -------------------------------------------------------------

LIN_SEATS: Final[tuple[Seat, ...]] = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""LIN's seat order: the ``md`` dealer digit is 1 + the index here; ``pn`` and ``md`` list seats in it."""

_VUL_FROM_LIN: Final[dict[str, Vulnerability]] = {
    "o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE, "none": Vulnerability.NONE,
    "n": Vulnerability.NS, "ns": Vulnerability.NS,
    "e": Vulnerability.EW, "ew": Vulnerability.EW,
    "b": Vulnerability.BOTH, "both": Vulnerability.BOTH, "all": Vulnerability.BOTH,
}
_VUL_TO_LIN: Final[dict[Vulnerability, str]] = {
    Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b",
}
_SUIT_LETTERS: Final[dict[str, Suit]] = {s.value: s for s in SUITS_DISPLAY}
_RANK_CHARS: Final = "23456789TJQKA"

_KEY_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_NUMBER_RE: Final = re.compile(r"[0-9]+")
_PRE_DEAL_KEYS: Final = frozenset({"vg", "rs", "pw", "bn", "qx", "st"})
"""Extra keys the writer puts before ``md`` (as BBO does); the others go right after it."""


@dataclass(frozen=True, slots=True)
class LinToken:
    """One ``key|value|`` pair."""

    key: str
    """The key, lower-cased (``"md"``)."""
    value: str
    """The value exactly as written (explanations keep their spaces)."""
    index: int
    """1 for the first token of the text."""
    offset: int
    """Offset of the key in the (unwrapped) text, from 0 (messages count characters from 1)."""
    line: int = field(default=0, compare=False)
    """The line the key is on, from 1 (0: not known)."""

    def where(self, source: str) -> str:
        return f"{source}: token {self.index} ({self.key!r} at character {self.offset + 1})"


# --- layer 1: text -> tokens ----------------------------------------------------------------------------


def _unwrap(text: str) -> str:
    """The LIN inside a BBO hand-viewer URL (``...handviewer.html?lin=...``) or URL-encoded LIN text."""
    stripped = text.strip()
    if _KEY_RE.match(stripped) and "|" in stripped[:8]:
        return text  # plain LIN
    match = re.search(r"[?&]lin=([^&#\"'<>\r\n]*)", stripped)
    body = match.group(1) if match is not None else stripped
    if "%7c" in body.lower():
        return unquote_plus(body)
    return unquote(body) if match is not None else text


def tokenize(text: str, *, source: str = "<lin>") -> list[LinToken]:
    """Split LIN text into tokens. Accepts plain LIN, a hand-viewer URL with ``lin=``, or URL-encoded LIN;
    whitespace and line breaks between tokens are ignored, and so are lines that begin with ``%``
    (comments).

    >>> [(t.key, t.value) for t in tokenize("pn|a,b,c,d|\\nmb|1N!|")]
    [('pn', 'a,b,c,d'), ('mb', '1N!')]

    :raises LINError: on a bad key or a value not closed by ``|`` (truncated text), naming the token.
    """
    tokens, problem = _tokenize(text, source)
    if problem is not None:
        raise problem
    return tokens


def _tokenize(text: str, source: str) -> tuple[list[LinToken], LINError | None]:
    """The tokens up to the first one that cannot be read, and the error there (``None`` if none)."""
    tokens: list[LinToken] = []
    for token in _stream_tokens(iter((_unwrap(text),)), source):
        if isinstance(token, LINError):
            return tokens, token
        tokens.append(token)
    return tokens, None


_SPACE: Final = re.compile(r"[ \t\r\n]*")


def _stream_tokens(chunks: Iterator[str], source: str) -> Iterator[LinToken | LINError]:
    """The tokens of LIN text given in pieces, each with its line, and at the end the error that stopped the
    reading if any: only the text of the current token is held, whatever the size of the file."""
    buf = ""
    base = 0  # offset of buf[0] in the text
    pos = 0  # the reading position in buf
    line, counted = 1, 0  # the line at buf[counted]
    before = "\n"  # the character before buf[0] (the start of the text counts as a line start)
    eof = False
    index = 0

    def more() -> bool:
        nonlocal buf, eof
        if eof:
            return False
        chunk = next(chunks, None)
        if chunk is None:
            eof = True
            return False
        buf += chunk
        return True

    def find(char: str, start: int) -> int:
        while True:
            found = buf.find(char, start)
            if found >= 0:
                return found
            start = max(len(buf), start)
            if not more():
                return -1

    def line_end(start: int) -> int:
        """Where the line that ``start`` is on ends (at LF, CR or CRLF), reading more text if needed."""
        while True:
            found = _EOL_CHAR.search(buf, start)
            if found is not None:
                return found.start()
            start = max(len(buf), start)
            if not more():
                return -1

    while True:
        if pos > _CHUNK:  # drop what has been read
            line += _line_ends(buf, counted, pos)
            before, buf, base, counted = buf[pos - 1], buf[pos:], base + pos, 0
            pos = 0
        while True:
            pos = _SPACE.match(buf, pos).end()  # type: ignore[union-attr]
            if pos < len(buf) or not more():
                break
        if pos < len(buf) and buf[pos] == "%" and (buf[pos - 1] if pos else before) in "\r\n":
            # a comment line, as some LIN archives have: skipped to its end (the line end is then read as
            # white space)
            newline = line_end(pos)
            pos = len(buf) if newline < 0 else newline
            continue
        if pos >= len(buf):
            return
        index += 1
        line += _line_ends(buf, counted, pos)
        counted = pos
        bar = find("|", pos)
        if bar < 0:
            yield _LineError(f"{source}: token {index} at character {base + pos + 1}: truncated, "
                             f"{buf[pos:pos + 20]!r} is not followed by '|'", line)
            return
        key = buf[pos:bar].strip()
        if not _KEY_RE.fullmatch(key):
            yield _LineError(f"{source}: token {index} at character {base + pos + 1}: bad key {key!r} "
                             "(expected letters and digits such as 'md' or 'mb')", line)
            return
        close = find("|", bar + 1)
        if close < 0:
            yield _LineError(f"{source}: token {index} ({key.lower()!r} at character {base + pos + 1}): "
                             f"truncated, the value {buf[bar + 1:bar + 21]!r} is not closed by '|'", line)
            return
        yield LinToken(key.lower(), buf[bar + 1:close], index, base + pos, line)
        pos = close + 1


_CHUNK: Final = 1 << 16
"""Characters read from a file at a time."""
_EOL_CHAR: Final = re.compile(r"[\r\n]")


def _line_ends(text: str, start: int, end: int) -> int:
    """The line ends in ``text[start:end]``: LF, CRLF and a CR alone (an old Mac file) each count once. The
    tokenizer counts between token starts, so a CRLF is never cut in two."""
    newlines = text.count("\n", start, end)
    if text.find("\r", start, end) < 0:
        return newlines
    return newlines + text.count("\r", start, end) - text.count("\r\n", start, end)


class _LineError(LINError):
    """A :class:`LINError` of the tokenizer, with the line of the token it stopped at."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


# --- layer 2: tokens -> records --------------------------------------------------------------------------


def _parse_hand(text: str, token: LinToken, source: str) -> CardSet | None:
    """A LIN hand ``S..H..D..C..`` (suits and ranks in any order; ``10`` or ``T``). Empty: unknown."""
    body = text.strip().upper()
    if not body:
        return None
    bits = 0
    suit: Suit | None = None
    i = 0
    while i < len(body):
        ch = body[i]
        if ch in _SUIT_LETTERS:
            suit, i = _SUIT_LETTERS[ch], i + 1
            continue
        if body.startswith("10", i):
            rank, i = Rank.TEN, i + 2
        elif ch in _RANK_CHARS:
            rank, i = Rank(_RANK_CHARS.index(ch) + 2), i + 1
        else:
            raise LINError(f"{token.where(source)}: unknown card character {ch!r} in hand {text!r}")
        if suit is None:
            raise LINError(f"{token.where(source)}: rank {rank.letter} before a suit letter in hand {text!r}")
        bit = 1 << Card(suit, rank).index
        if bits & bit:
            raise LINError(f"{token.where(source)}: {suit.value}{rank.letter} twice in hand {text!r}")
        bits |= bit
    hand = CardSet.from_bits(bits)
    if len(hand) > 13:
        raise LINError(f"{token.where(source)}: a hand has {len(hand)} cards, more than 13: {text!r}")
    return hand


def _parse_md(token: LinToken, source: str) -> tuple[Seat | None, tuple[CardSet | None, ...]]:
    """``md``: the dealer and the hands in N, E, S, W order."""
    value = token.value.strip()
    dealer: Seat | None = None
    if value[:1] and value[0] in "0123456789":
        digit = int(value[0])
        if not 1 <= digit <= 4:
            raise LINError(f"{token.where(source)}: dealer digit {value[0]!r} is not 1 (S), 2 (W), 3 (N) "
                           "or 4 (E)")
        dealer = LIN_SEATS[digit - 1]
        value = value[1:]
    parts = value.split(",")
    if len(parts) > 4 and any(p.strip() for p in parts[4:]):
        raise LINError(f"{token.where(source)}: {len(parts)} hands in {token.value!r}, at most 4 expected")
    hands: list[CardSet | None] = [None] * 4
    seen = 0
    for lin_seat, part in zip(LIN_SEATS, parts[:4], strict=False):
        hand = _parse_hand(part, token, source)
        if hand is not None:
            twice = seen & hand.bits
            if twice:
                cards = " ".join(str(c) for c in CardSet.from_bits(twice))
                raise LINError(f"{token.where(source)}: {cards} in two hands of {token.value!r}")
            seen |= hand.bits
        hands[lin_seat.index] = hand
    known = [h for h in hands if h is not None]
    if len(known) == 3 and all(len(h) == 13 for h in known):
        rest = CardSet.from_bits(((1 << 52) - 1) & ~seen)  # the fourth hand is the rest of the pack (Law 1)
        hands = [rest if h is None else h for h in hands]
    return dealer, tuple(hands)


def _parse_call(token: LinToken, source: str) -> AnnotatedCall:
    text = token.value.strip()
    alert = text.endswith("!")
    if alert:
        text = text.rstrip("!").strip()
    try:
        call = parse_call(text)
    except NotationError:
        raise LINError(f"{token.where(source)}: not a call: {token.value!r} "
                       "(expected p, d, r, 1N, 2S ...)") from None
    return AnnotatedCall(call, alert=alert)


def _parse_card(token: LinToken, source: str) -> Card:
    try:
        return Card.from_str(token.value)
    except NotationError:
        raise LINError(f"{token.where(source)}: unknown card {token.value!r} "
                       "(expected e.g. SA, HT, D10)") from None


@dataclass
class _Board:
    """Mutable state of the board being read."""

    room: str | None = None
    number: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    hands: tuple[CardSet | None, ...] | None = None
    names: list[str] | None = None
    calls: list[AnnotatedCall] = field(default_factory=list)
    call_tokens: list[LinToken] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    card_tokens: list[LinToken] = field(default_factory=list)
    claim: int | None = None
    extra: list[tuple[str, str]] = field(default_factory=list)
    first: LinToken | None = None

    @property
    def started(self) -> bool:
        return self.hands is not None or bool(self.calls) or bool(self.cards) or self.claim is not None


_Names = tuple[str | None, str | None, str | None, str | None]


def _players(names: list[str] | None, room: str | None) -> _Names:
    if not names:
        return (None, None, None, None)
    chosen = names[4:8] if room == "c" and len(names) >= 8 else names[:4]
    chosen = chosen + [""] * (4 - len(chosen))
    by_seat = {seat: (name.strip() or None) for seat, name in zip(LIN_SEATS, chosen, strict=True)}
    n, e, s, w = (by_seat[seat] for seat in SEATS)
    return (n, e, s, w)


def _finish(board: _Board, inherited: list[str] | None, source: str, strict: bool) -> DealRecord:
    deal: Deal | PartialDeal | None = None
    if board.hands is not None:
        n, e, s, w = board.hands
        if any(h is not None for h in board.hands):
            deal = PartialDeal((n, e, s, w))
            if n is not None and e is not None and s is not None and w is not None and not deal.problems():
                deal = Deal((n, e, s, w))
    dealer = board.dealer if board.dealer is not None else (
        dealer_for(board.number) if board.number is not None else None)
    contract: Contract | None = None
    passed_out = False
    if board.calls and dealer is not None:
        contract, passed_out = _derive_contract(board, dealer, source, strict)
    tricks = board.claim
    if isinstance(deal, Deal) and contract is not None and (board.cards and (strict or tricks is None)):
        play = _replay(board, deal, contract, source, strict)
        if tricks is None and play is not None and play.is_complete:
            tricks = play.declarer_tricks
    return DealRecord(
        number=board.number,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        deal=deal,
        players=_players(board.names if board.names is not None else inherited, board.room),
        calls=tuple(board.calls) if board.calls else None,
        contract=contract,
        passed_out=passed_out,
        tricks=tricks,
        play=tuple(board.cards),
        claim=board.claim,
        extra=tuple(board.extra),
    )


def _derive_contract(board: _Board, dealer: Seat, source: str, strict: bool) -> tuple[Contract | None, bool]:
    """The final contract (Law 22) and whether the board was passed out. An auction cut short before the
    play is completed with passes (BBO records sometimes stop after the last bid)."""
    auction = Auction(dealer)
    for annotated, token in zip(board.calls, board.call_tokens, strict=True):
        try:
            auction = auction.push(annotated.call)
        except IllegalCallError as err:
            if strict:
                raise _TokenError(f"{token.where(source)}: {err}", token) from None
            return None, False
    if not auction.is_complete:
        if not board.cards or auction.last_bid is None:
            return None, False
        while not auction.is_complete:
            auction = auction.push(PASS)
    contract = auction.contract()
    return contract, contract is None


def _replay(board: _Board, deal: Deal, contract: Contract, source: str, strict: bool) -> Play | None:
    """Replay the cards (Law 44); ``None`` if the record breaks the rules (LINError when strict)."""
    play = Play.for_contract(deal, contract)
    for card, token in zip(board.cards, board.card_tokens, strict=True):
        try:
            play = play.push(card)
        except IllegalPlayError as err:
            if strict:
                raise _TokenError(f"{token.where(source)}: {err}", token) from None
            return None
    return play


class _TokenError(LINError):
    """A :class:`LINError` that knows its token (for the line of a lenient read's report)."""

    def __init__(self, message: str, token: LinToken) -> None:
        super().__init__(message)
        self.token = token


@dataclass(frozen=True, slots=True)
class LinProblem:
    """What a lenient streaming read (:func:`iter_lin`) reports: the error and the line of its token."""

    error: LINError
    line: int | None = None
    rules: bool = False
    """The board breaks the Laws (an unlawful call, a card that cannot be played) but was read as
    recorded; otherwise a token could not be read and its board was left out (or the reading stopped)."""


def iter_lin(file_or_text: str | os.PathLike[str] | IO[str] | IO[bytes], *, source: str | None = None,
             strict: bool = False,
             report: Callable[[LinProblem], None] | None = None) -> Iterator[DealRecord]:
    """Read LIN boards one at a time from text, a path or an open file, holding one board (and the text of
    one token) at a time: a file of any size takes bounded memory.

    Without ``report`` this is :func:`read_lin` one board at a time (the first problem raises). With it,
    nothing is raised for bad data: a board with a token that cannot be read is reported and left out, an
    unlawful auction or play is reported (``rules=True``) and the board kept as recorded, and text that is not
    LIN is reported and ends the reading (the boards before it are kept).

    >>> problems = []
    >>> text = "md|3SAKQJT98765432HDC,S,S,|ah|Board 1|mb|1S|mb|1C|\\nmd|3SAKQJT98765432HDC,S,S,|ah|Board 2|"
    >>> [r.number for r in iter_lin(text, source="x.lin", report=problems.append)]
    [1, 2]
    >>> [(p.line, p.rules) for p in problems]
    [(1, True)]
    """
    chunks, name = _chunks(file_or_text)
    label = source or name or "<lin>"
    first = next(chunks, "")
    unwrapped = _unwrap(first)
    if unwrapped is first:  # plain LIN: read a piece at a time
        pieces: Iterator[str] = itertools.chain((first,), chunks)
    else:  # a hand-viewer URL or URL-encoded text (short): unwrapped whole
        pieces = iter((_unwrap(first + "".join(chunks)),))
    tokens = _stream_tokens(pieces, label)

    def readable() -> Iterator[LinToken]:
        for token in tokens:
            if isinstance(token, LINError):
                if report is None:
                    raise token
                report(LinProblem(token, _error_line(token)))
                return
            yield token

    yield from _iter_records(readable(), label, strict, report)


def _error_line(error: LINError) -> int | None:
    return getattr(error, "line", None)


def _chunks(data: str | os.PathLike[str] | IO[str] | IO[bytes]) -> tuple[Iterator[str], str | None]:
    """Text in pieces, and the file's name. Files are UTF-8; a piece that is not is read as ISO 8859-1."""
    if isinstance(data, str):
        return iter([data[i:i + _CHUNK] for i in range(0, len(data), _CHUNK)] or [""]), None
    if isinstance(data, os.PathLike):
        path = os.fspath(data)

        def from_file() -> Iterator[str]:
            with open(path, "rb") as handle:
                yield from _decoded(handle)

        return from_file(), path
    name = getattr(data, "name", None)
    return _decoded(data), name if isinstance(name, str) else None


def _decoded(handle: IO[str] | IO[bytes]) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8")()
    while True:
        piece = handle.read(_CHUNK)
        if not piece:
            tail = decoder.decode(b"", final=True) if not isinstance(piece, str) else ""
            if tail:
                yield tail
            return
        if isinstance(piece, str):
            yield piece
            continue
        try:
            yield decoder.decode(piece)
        except UnicodeDecodeError:
            decoder.reset()
            yield piece.decode("latin-1")


def read_lin(text: str, *, source: str = "<lin>", strict: bool = False) -> list[DealRecord]:
    """Read every board in LIN text (a single hand, a BBO hand-viewer URL, or a file with several boards
    separated by ``qx`` tokens or by fresh ``pn``/``md`` records).

    Lenient by default: an auction that is not lawful, or a play that does not replay, is kept as recorded
    and simply yields no contract or no trick count. With ``strict=True`` these raise :class:`LINError`
    naming the offending token.

    :raises LINError: on malformed LIN (bad key, truncated text, unknown call or card, bad ``md``, bad
        ``sv``, a non-numeric claim), naming the source, the token number, its key and its offset.
    """
    return _read_tokens(tokenize(text, source=source), source, strict)


def read_lin_lenient(text: str, *, source: str = "<lin>") -> tuple[list[DealRecord], list[LINError]]:
    """Read leniently and say what could not be read: the boards before a token that cannot be read (trailing
    text that is not LIN, such as a list of player names, or a file cut short) are kept, and the error is
    returned with them rather than raised. A board with a bad call, card or deal still stops the reading
    (its error is returned, with no boards)."""
    tokens, problem = _tokenize(text, source)
    problems = [problem] if problem is not None else []
    try:
        return _read_tokens(tokens, source, False), problems
    except LINError as exc:
        return [], [exc, *problems]


def _read_tokens(tokens: list[LinToken], source: str, strict: bool) -> list[DealRecord]:
    return list(_iter_records(tokens, source, strict))


def _iter_records(tokens: Iterable[LinToken], source: str, strict: bool,
                  report: Callable[[LinProblem], None] | None = None) -> Iterator[DealRecord]:
    """The boards of a token stream, one at a time. Without ``report`` the first token that cannot be read
    raises; with it, the problem is reported and its board left out (the boards after it are read), and a
    board whose auction or play breaks the Laws is reported and kept as recorded."""
    inherited: list[str] | None = None  # names given for an earlier board (or a vugraph header) carry on
    board = _Board()
    bad = False  # the board being read had a token that could not be read (reported)
    seen = False  # a board was finished (or left out)
    for token in tokens:
        key = token.key
        if _starts_new_board(board, key):
            if not bad:
                yield _finish_reported(board, inherited, source, strict, report)
            inherited = board.names if board.names is not None else inherited
            board, bad, seen = _Board(), False, True
        if board.first is None:
            board.first = token
        if report is None:
            _read_token(board, token, source)
            continue
        try:
            _read_token(board, token, source)
        except LINError as exc:
            report(LinProblem(exc, token.line or None))
            bad = True
    if board.first is not None and (board.hands is not None or board.calls or board.cards or not seen):
        # trailing names or viewer tokens after the last board (no deal, no call, no card) are no board
        if not bad:
            yield _finish_reported(board, inherited, source, strict, report)


def _finish_reported(board: _Board, inherited: list[str] | None, source: str, strict: bool,
                     report: Callable[[LinProblem], None] | None) -> DealRecord:
    if report is None or strict:
        return _finish(board, inherited, source, strict)
    try:  # the lenient read keeps an unlawful auction or play as recorded; the strict one says where
        return _finish(board, inherited, source, True)
    except LINError as exc:
        token = getattr(exc, "token", None)
        report(LinProblem(exc, token.line or None if isinstance(token, LinToken) else None, rules=True))
        return _finish(board, inherited, source, False)


def _read_token(board: _Board, token: LinToken, source: str) -> None:
    """Put one token into the board being read; :class:`LINError` if it cannot be read."""
    key, value = token.key, token.value
    match key:
        case "pn":
            board.names = value.split(",")
        case "md":
            board.dealer, board.hands = _parse_md(token, source)
        case "sv":
            vul = _VUL_FROM_LIN.get(value.strip().lower())
            if vul is None:
                raise LINError(f"{token.where(source)}: unknown vulnerability {value!r} "
                               "(expected o, n, e or b)")
            board.vulnerability = vul
        case "ah":
            number = _NUMBER_RE.search(value)
            if number is not None and int(number.group()) >= 1:
                board.number = int(number.group())
            else:
                board.extra.append((key, value))
        case "mb":
            board.calls.append(_parse_call(token, source))
            board.call_tokens.append(token)
        case "an":
            if board.calls:
                last = board.calls[-1]
                board.calls[-1] = AnnotatedCall(last.call, last.alert, value, last.annotation)
            else:
                board.extra.append((key, value))
        case "pc":
            board.cards.append(_parse_card(token, source))
            board.card_tokens.append(token)
        case "mc":
            claim = value.strip()
            if not re.fullmatch(r"[0-9]{1,2}", claim) or int(claim) > 13:
                raise LINError(f"{token.where(source)}: a claim is a number of tricks 0-13, "
                               f"got {value!r}")
            board.claim = int(claim)
        case "pg":
            pass  # a page break for the viewer; the writer puts one after the auction and each trick
        case "qx":
            board.room = value[:1].lower() if value[:1].lower() in ("o", "c") else None
            number = _NUMBER_RE.search(value)
            if board.number is None and number is not None and int(number.group()) >= 1:
                board.number = int(number.group())
            board.extra.append((key, value))
        case _:
            board.extra.append((key, value))


def _starts_new_board(board: _Board, key: str) -> bool:
    """Whether ``key`` begins the next board: a ``qx``; a second ``md``; a ``pn`` once this board has its
    own names and a deal, or calls or cards; an ``st`` after calls or cards."""
    if not board.started:
        return False
    if key == "qx":
        return True
    if board.hands is None:
        return False
    if key == "md":
        return True
    played = bool(board.calls or board.cards)
    if key == "pn":
        return played or board.names is not None
    return key == "st" and played


def parse_lin(text: str, *, source: str = "<lin>", strict: bool = False) -> DealRecord:
    """Read LIN text that holds exactly one board.

    :raises LINError: if it is malformed or does not hold exactly one board.
    """
    records = read_lin(text, source=source, strict=strict)
    if len(records) != 1:
        raise LINError(f"{source}: expected one board, found {len(records)}")
    return records[0]


# --- writer ---------------------------------------------------------------------------------------------


def _lin_hand(hand: CardSet | None) -> str:
    """BBO's spelling: suits S, H, D, C, ranks low to high (``S358TH28D34579C89``)."""
    if hand is None:
        return ""
    out = []
    for suit in SUITS_DISPLAY:
        out.append(suit.value)
        out.extend(card.rank.letter for card in sorted(hand.suit(suit)))
    return "".join(out)


def _lin_call(call: Call) -> str:
    match call:
        case Pass():
            return "p"
        case Double():
            return "d"
        case Redouble():
            return "r"
        case Bid():
            return f"{call.level}{'N' if call.denomination.suit is None else call.denomination.value}"
    raise TypeError(f"not a call: {call!r}")


def _value(text: str) -> str:
    """LIN cannot escape ``|``: replace it so that the stream stays well formed."""
    return text.replace("|", "/")


def write_lin(record: DealRecord) -> str:
    """The LIN of one record, as BBO writes it: ``pn``, ``st``, ``md``, ``rh``, ``ah``, ``sv``, the calls
    with their explanations, ``pg`` after the auction and after each trick, the cards, and ``mc``.

    Dealer and vulnerability missing from the record are written per Law 2 from the board number. Kept
    ``extra`` keys are written in their order (``qx``, ``st`` and vugraph header keys before ``md``, the
    rest after it). A result known without a complete play or a claim is written as a claim (``mc``),
    the only way LIN can carry it. PBN annotations of calls (``annotation``) have no LIN form.
    """
    parts: list[str] = []

    def put(key: str, value: str) -> None:
        parts.append(f"{key}|{_value(value)}|")

    by_seat = dict(zip(SEATS, record.players, strict=True))
    put("pn", ",".join(by_seat[seat] or "" for seat in LIN_SEATS))
    for key, value in record.extra:
        if key in _PRE_DEAL_KEYS:
            put(key, value)
    dealer = record.dealer if record.dealer is not None else (
        dealer_for(record.number) if record.number is not None else None)
    if record.deal is not None or dealer is not None:
        digit = "" if dealer is None else str(LIN_SEATS.index(dealer) + 1)
        hands = [record.deal[seat] if record.deal is not None else None for seat in LIN_SEATS]
        if isinstance(record.deal, Deal):
            hands[-1] = None  # BBO leaves out the fourth hand: it is the rest of the pack
        put("md", digit + ",".join(_lin_hand(h) for h in hands))
    for key, value in record.extra:
        if key not in _PRE_DEAL_KEYS:
            put(key, value)
    if record.number is not None:
        put("ah", f"Board {record.number}")
    vul = record.vulnerability if record.vulnerability is not None else (
        vulnerability_for(record.number) if record.number is not None else None)
    if vul is not None:
        put("sv", _VUL_TO_LIN[vul])
    for annotated in record.calls or ():
        put("mb", _lin_call(annotated.call) + ("!" if annotated.alert else ""))
        if annotated.explanation is not None:
            put("an", annotated.explanation)
    if record.calls and record.play:
        put("pg", "")
    for i, card in enumerate(record.play, 1):
        put("pc", f"{card.suit.value}{card.rank.letter}")
        if i % 4 == 0:
            put("pg", "")
    claim = record.claim
    if claim is None and record.tricks is not None and len(record.play) < 52:
        claim = record.tricks
    if claim is not None:
        put("mc", str(claim))
    return "".join(parts)


def write_lin_boards(records: Iterable[DealRecord]) -> str:
    """Several records, one LIN line each (``read_lin`` reads them back as separate boards)."""
    return "".join(write_lin(r) + "\n" for r in records)


def lin_url(record: DealRecord) -> str:
    """A BBO hand-viewer link showing the record.

    >>> lin_url(DealRecord(number=3))
    'https://www.bridgebase.com/tools/handviewer.html?lin=pn%7C%2C%2C%2C%7Cmd%7C1%2C%2C%2C%7Cah%7CBoard%203%7Csv%7Ce%7C'
    """
    return "https://www.bridgebase.com/tools/handviewer.html?lin=" + quote(write_lin(record), safe="")
