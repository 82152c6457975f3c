"""Reading PBN files: streaming, one game at a time, lenient by default (PBN 2.1 §2-§5).

Files may be ISO-8859-1 (the standard's character set), UTF-8 (most programs today), start with a UTF-8
byte-order mark, or end lines with CRLF. An encoding named in a ``%`` line (``%Content-type: ...;
charset=ISO-8859-1`` or ``%Encoding UTF-8``) is honoured; otherwise each line is read as UTF-8 and, failing
that, as ISO-8859-1.

>>> text = '[Board "1"]\\n[Dealer "Q"]\\n\\n[Board "2"]\\n[Dealer "E"]\\n'
>>> games = list(read_games(text, source="demo.pbn"))
>>> [g.record.number for g in games], [str(e) for e in games[0].errors]
([1, 2], ["demo.pbn:2: Dealer: 'Q' is not a seat (N, E, S or W)"])
"""

from __future__ import annotations

import codecs
import itertools
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Final, cast

from tenace.formats.pbn.game import PBNGame, interpret
from tenace.formats.pbn.grammar import raw_games
from tenace.formats.pbn.tags import DEFAULT_TAG_PARSERS, TagParser
from tenace.formats.pbn.tokenize import tokenize
from tenace.record import DealRecord

_BOM: Final = b"\xef\xbb\xbf"
_EOL: Final = re.compile(r"\r\n|\r|\n")
_HINTS: Final = (re.compile(rb"charset\s*=\s*\"?([A-Za-z0-9_.:\-]+)", re.IGNORECASE),
                 re.compile(rb"^%\s*Encoding\s*[:=]?\s*([A-Za-z0-9_.:\-]+)", re.IGNORECASE))

Source = str | bytes | bytearray | os.PathLike[str] | IO[str] | IO[bytes]


class LineDecoder:
    """Decodes the byte lines of one file, following encoding hints as they appear.

    >>> d = LineDecoder()
    >>> d.decode(b"%Content-type: text/x-pbn; charset=ISO-8859-1"), d.encoding
    ('%Content-type: text/x-pbn; charset=ISO-8859-1', 'iso8859-1')
    >>> d.decode(b'[West "J\\xf8rn"]')
    '[West "Jørn"]'
    """

    def __init__(self, encoding: str | None = None) -> None:
        self.encoding = codecs.lookup(encoding).name if encoding else None
        self._first = True

    def decode(self, raw: bytes) -> str:
        if self._first:
            self._first = False
            if raw.startswith(_BOM):
                raw = raw[len(_BOM):]
                self.encoding = self.encoding or "utf-8"
        raw = raw.rstrip(b"\r\n")
        if raw.startswith(b"%"):
            self._hint(raw)
        if self.encoding is not None and self.encoding != "utf-8":
            return raw.decode(self.encoding, errors="replace")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")

    def _hint(self, line: bytes) -> None:
        for pattern in _HINTS:
            match = pattern.search(line)
            if match is not None:
                try:
                    self.encoding = codecs.lookup(match.group(1).decode("ascii")).name
                except LookupError:
                    pass
                return


def _lines(data: Source, encoding: str | None) -> tuple[Iterator[str], str | None]:
    """Numbered-line source for any input, and a name for it when it is a file."""
    if isinstance(data, str):  # only CR, LF and CRLF end lines (str.splitlines would also split at \x0c etc.)
        return _split(data), None
    if isinstance(data, bytes | bytearray):
        whole = _decode_whole(bytes(data), encoding)
        if whole is not None:
            lines = _split(whole)
            if whole.startswith("\ufeff"):  # the byte-order mark is not part of the first line
                first = next(lines)
                lines = itertools.chain([first[1:]], lines)
            return (lines if _SURROGATE.search(whole) is None else _mend(lines)), None
        decoder = LineDecoder(encoding)
        chunks = re.split(rb"\r\n|\r|\n", bytes(data))
        if chunks and chunks[-1] == b"":
            chunks.pop()
        return (decoder.decode(line) for line in chunks), None
    if isinstance(data, os.PathLike):
        path = os.fspath(data)

        def from_file() -> Iterator[str]:
            with open(path, "rb") as handle:
                yield from _binary_lines(handle, encoding)

        return from_file(), path
    name = getattr(data, "name", None)
    return _stream(data, encoding), name if isinstance(name, str) else None


_PIECE: Final = 1 << 18
"""Characters of a big text split into lines at a time (all of its lines at once would double its memory)."""


def _split(text: str) -> Iterator[str]:
    """The lines of ``text``, a block of lines at a time: ``str.split`` on a block without CR, the
    line-end pattern on one with it."""
    pos, n = 0, len(text)
    while pos < n:
        cut = text.find("\n", min(pos + _PIECE, n) - 1)
        end = n if cut < 0 else cut + 1
        piece = text[pos:end]
        if "\r" in piece:
            yield from _split_eol(piece)
        else:
            lines = piece.split("\n")
            if lines[-1] == "":
                lines.pop()
            yield from lines
        pos = end


def _split_eol(text: str) -> Iterator[str]:
    """The lines of ``text`` ended by CR, LF or CRLF (``str.splitlines`` would also split at \\x0c etc.)."""
    pos = 0
    for end in _EOL.finditer(text):
        yield text[pos:end.start()]
        pos = end.end()
    if pos < len(text):
        yield text[pos:]


_ANY_HINT: Final = re.compile(rb"(?:^|[\r\n])(?:\xef\xbb\xbf)?%[^\r\n]*(charset|encoding)", re.IGNORECASE)
"""A line that may hold an encoding hint (too many is safe: lines are then decoded one by one)."""


def _decode_whole(data: bytes, encoding: str | None) -> str | None:
    """The text of bytes with no encoding hint, decoded at once as UTF-8 (bytes that are not UTF-8 are
    escaped: see :func:`_mend`); ``None`` when the lines must be decoded one by one."""
    if encoding is not None or (b"%" in data and _ANY_HINT.search(data) is not None):
        return None
    return data.decode("utf-8", "surrogateescape")  # a byte-order mark stays: see _lines


def _stream(handle: IO[str] | IO[bytes], encoding: str | None) -> Iterator[str]:
    read = getattr(handle, "read", None)  # an iterable of text lines need not be a file
    if read is not None and isinstance(read(0), bytes):  # binary: lines may also end at a lone CR
        yield from _binary_lines(cast("IO[bytes]", handle), encoding)
        return
    for line in cast("IO[str]", handle):
        yield line.rstrip("\r\n")


_BLOCK: Final = 1 << 16


def _binary_lines(handle: IO[bytes], encoding: str | None,
                  decoder: LineDecoder | None = None) -> Iterator[str]:
    """The lines of a binary file, as :class:`LineDecoder` decodes them one by one, but a block of lines at a
    time when the block has no encoding hint and the file is UTF-8 so far (most files, much faster). Lines
    end at LF, CRLF or a CR alone (an old Mac file), also mixed in one file."""
    decoder = decoder or LineDecoder(encoding)
    for block in _line_blocks(handle):
        if decoder.encoding not in (None, "utf-8") or (b"%" in block and _ANY_HINT.search(block) is not None):
            lines = _EOL_BYTES.split(block) if b"\r" in block else block.split(b"\n")
            if lines[-1] == b"":
                lines.pop()
            for line in lines:
                yield decoder.decode(line)
            continue
        bom = decoder._first and block.startswith(_BOM)
        decoder._first = False
        if bom:
            decoder.encoding = "utf-8"
        text = block.decode("utf-8", "surrogateescape")
        split = _EOL.split(text) if "\r" in text else text.split("\n")
        if split[-1] == "":
            split.pop()
        if bom:  # the byte-order mark is not part of the first line
            split[0] = split[0][1:]
        yield from split if _SURROGATE.search(text) is None else _mend(split)


_EOL_BYTES: Final = re.compile(rb"\r\n|\r|\n")


def _line_blocks(handle: IO[bytes]) -> Iterator[bytes]:
    """The file's bytes in blocks of about :data:`_BLOCK` bytes, each ending just after a line end (LF, CR
    or CRLF: a CR at the end of what was read waits for the next read, which may start with its LF) or at
    the end of the file; a line longer than a block is read whole."""
    carry = b""
    while True:
        chunk = handle.read(_BLOCK)
        if not chunk:
            if carry:
                yield carry
            return
        data = carry + chunk if carry else chunk
        last = len(data) - 1
        cut = max(data.rfind(b"\n"), data.rfind(b"\r", 0, last))
        if cut < 0:
            carry = data
            continue
        yield data[: cut + 1]
        carry = data[cut + 1:]


_SURROGATE: Final = re.compile("[\udc80-\udcff]")


def _mend(lines: Iterable[str]) -> Iterator[str]:
    """Lines decoded from UTF-8 with ``surrogateescape``: a line that was not UTF-8 is read as ISO-8859-1, as
    :class:`LineDecoder` reads it."""
    for line in lines:
        if _SURROGATE.search(line) is not None:
            line = line.encode("utf-8", "surrogateescape").decode("latin-1")
        yield line


def read_games(file_or_text: Source, *, source: str | None = None, strict: bool = False,
               encoding: str | None = None,
               tag_parsers: Mapping[str, TagParser] | None = None) -> Iterator[PBNGame]:
    """Read PBN games one at a time.

    :param file_or_text: PBN text (a ``str`` is always text, never a file name), ``bytes``, a path
        (:class:`os.PathLike`) or an open file in text or binary mode.
    :param source: the name used in error messages (default: the file name, or ``"<pbn>"``).
    :param strict: raise the first error instead of collecting it on the game (warnings never raise).
    :param encoding: force an encoding for bytes and files (default: detect, see the module docstring).
    :param tag_parsers: extra or replacement parsers for tag values, merged over the default registry.
    :raises PBNError: in strict mode, the first error (a :class:`PBNProblem`, with file and line).
    """
    lines, name = _lines(file_or_text, encoding)
    label = source or name or "<pbn>"
    parsers = DEFAULT_TAG_PARSERS if tag_parsers is None else {**DEFAULT_TAG_PARSERS, **tag_parsers}
    numbered = enumerate(lines, 1)
    for raw in raw_games(tokenize(numbered, fused=True), label):
        game = interpret(raw, label, parsers)
        if strict and game.errors:
            raise game.errors[0]
        yield game


def read_records(file_or_text: Source, *, source: str | None = None, strict: bool = False,
                 encoding: str | None = None) -> Iterator[DealRecord]:
    """Like :func:`read_games`, but only the :class:`DealRecord` of each game."""
    for game in read_games(file_or_text, source=source, strict=strict, encoding=encoding):
        yield game.record


def read_file(path: str | os.PathLike[str], *, strict: bool = False,
              encoding: str | None = None) -> list[PBNGame]:
    """All games of the PBN file at ``path``."""
    return list(read_games(Path(path), strict=strict, encoding=encoding))
