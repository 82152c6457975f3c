"""Layer 1 of the PBN reader: text lines to tokens, each with its line number (PBN 2.1 §2-§3.2, §3.8).

The tokenizer knows nothing about tags or games. It turns each line into brackets, strings, words
(name, call, card and section tokens alike), comments, ``%`` escape lines and *breaks* (semi-empty lines,
which separate games), and reports what it cannot read as :attr:`Kind.PROBLEM` tokens instead of raising.

>>> [(t.kind.name, t.text) for t in tokenize([(1, '[Event "A \\\\"B\\\\""] ; note')])]
[('LBRACKET', '['), ('WORD', 'Event'), ('STRING', 'A "B"'), ('RBRACKET', ']'), ('COMMENT', ' note')]
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

MAX_LINE: Final = 254
"""Printing characters allowed on one line (PBN 2.1 §2.3: 255 including the end of line)."""

_SCAN: Final = re.compile(r'(?P<space>[ \t\v\f]+)|(?P<word>[^ \t\v\f\[\]{;"]+)|(?P<lbracket>\[)'
                         r'|(?P<rbracket>\])|(?P<semicolon>;)|(?P<brace>\{)|(?P<quote>")')
"""One token at a time. Words end at white space and at ``[ ] { ; "``; a stray ``}`` stays in a word, which
later layers reject."""
_TAG_LINE: Final = re.compile(r'[ \t]*\[([A-Z][A-Za-z0-9_]*)[ \t]*"([^"\\\x00-\x1f\x7f-\x9f]*)"'
                              r'[ \t]*\][ \t]*')
"""A whole line that is one plain tag pair (no escapes, comments or odd characters): the common case,
read in one match when the caller asks for :attr:`Kind.TAG` tokens."""
_WORDS_LINE: Final = re.compile(r"[ \t!#$&-:<-Z\\^-z|~]+")
"""A whole line of printable ASCII words with none of ``" % ; [ ] { }``: plain section data."""


class Kind(enum.Enum):
    LBRACKET = "["
    RBRACKET = "]"
    STRING = "string"
    WORD = "word"
    COMMENT = "comment"
    ESCAPE = "escape"
    BREAK = "break"
    PROBLEM = "problem"
    TAG = "tag"
    """Only with ``fused=True``: a whole plain tag pair; :attr:`Token.code` is the name, the text the value
    (the same as the four tokens ``[``, name, string, ``]``)."""
    WORDS = "words"
    """Only with ``fused=True``: a whole line of plain words (the text is the line; split it at white
    space), the same as one :attr:`WORD` token per word."""


class Token(NamedTuple):
    """One token. For a :attr:`Kind.STRING` the text is unescaped; for a comment it is the text without
    its delimiters; for a problem it is the message (and :attr:`code` says which problem)."""

    kind: Kind
    text: str
    lineno: int
    column: int = 0
    brace: bool = False
    """A ``{...}`` comment (else a ``;`` comment)."""
    code: str = ""
    warning: bool = False
    """For a problem: only a warning."""


def _problem(lineno: int, column: int, code: str, message: str, *, warning: bool = False) -> Token:
    return Token(Kind.PROBLEM, message, lineno, column, code=code, warning=warning)


def _bad_chars(text: str) -> bool:
    """Control characters that PBN data may not hold (§2.2): below 32 (tab aside) and 127-159."""
    return any((ord(c) < 32 and c != "\t") or 127 <= ord(c) <= 159 for c in text)


def tokenize(lines: Iterable[tuple[int, str]], *, fused: bool = False) -> Iterator[Token]:
    """Tokens of numbered lines (without their line ends). Brace comments may span lines; a semi-empty line
    inside one does not end the game (§3.8).

    With ``fused=True`` a line that is one plain tag pair gives one :attr:`Kind.TAG` token and a line of
    plain words one :attr:`Kind.WORDS` token (what most lines of most files are): the same information in
    fewer objects, for the reader; every other line is tokenized as usual.
    """
    comment: list[str] | None = None  # open brace comment: its lines so far
    comment_start = (0, 0)
    tag_line = _TAG_LINE.fullmatch
    words_line = _WORDS_LINE.fullmatch
    new = tuple.__new__  # builds a Token without a Python-level __new__ call (the fused fast path)
    tag_kind, words_kind = Kind.TAG, Kind.WORDS
    for lineno, line in lines:
        if len(line) > MAX_LINE:
            yield _problem(lineno, MAX_LINE, "line-too-long",
                           f"line has {len(line)} characters; PBN allows {MAX_LINE} (§2.3)", warning=True)
        elif fused and comment is None:
            fast = tag_line(line)
            if fast is not None:
                name, value = fast.group(1, 2)
                yield new(Token, (tag_kind, value, lineno, fast.start(1) - 1, False, name, False))
                continue
            if words_line(line) is not None and not line.isspace():
                yield new(Token, (words_kind, line, lineno, 0, False, "", False))
                continue
        pos = 0
        if comment is not None:
            end = line.find("}")
            if end < 0:
                comment.append(line)
                continue
            comment.append(line[:end])
            yield Token(Kind.COMMENT, "\n".join(comment), comment_start[0], comment_start[1], brace=True)
            comment = None
            pos = end + 1
        elif line.startswith("%"):
            yield Token(Kind.ESCAPE, line[1:], lineno)
            continue
        elif not line.strip(" \t\v\f"):
            yield Token(Kind.BREAK, "", lineno)
            continue
        n = len(line)
        while pos < n:
            match = _SCAN.match(line, pos)
            assert match is not None  # the pattern matches any character
            kind = match.lastgroup
            if kind == "space":
                pos = match.end()
            elif kind == "word":
                word = match.group()
                if not (word.isascii() and word.isprintable()):
                    yield _problem(lineno, pos, "character",
                                   f"character outside printable ASCII in {word!r} (§2.2, §3.2)",
                                   warning=True)
                yield Token(Kind.WORD, word, lineno, pos)
                pos = match.end()
            elif kind == "lbracket":
                yield Token(Kind.LBRACKET, "[", lineno, pos)
                pos += 1
            elif kind == "rbracket":
                yield Token(Kind.RBRACKET, "]", lineno, pos)
                pos += 1
            elif kind == "semicolon":
                yield Token(Kind.COMMENT, line[pos + 1:], lineno, pos)
                pos = n
            elif kind == "brace":
                end = line.find("}", pos + 1)
                if end < 0:
                    comment = [line[pos + 1:]]
                    comment_start = (lineno, pos)
                    pos = n
                else:
                    yield Token(Kind.COMMENT, line[pos + 1:end], lineno, pos, brace=True)
                    pos = end + 1
            else:  # a quote
                yield from _string(line, pos, lineno)
                pos = _string_end(line, pos)
    if comment is not None:
        yield _problem(comment_start[0], comment_start[1], "comment-unterminated",
                       "a { comment is never closed")
        yield Token(Kind.COMMENT, "\n".join(comment), comment_start[0], comment_start[1], brace=True)


def _string_end(line: str, pos: int) -> int:
    """Index just past the string starting at ``line[pos] == '"'`` (or past a recovered ``]``)."""
    i = pos + 1
    while i < len(line):
        if line[i] == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
            i += 2
        elif line[i] == '"':
            return i + 1
        else:
            i += 1
    return len(line)


def _string(line: str, pos: int, lineno: int) -> Iterator[Token]:
    r"""The string token at ``line[pos]``: ``\"`` and ``\\`` are escapes (§3.2); any other backslash is kept.

    An unterminated string is reported and recovered: it runs to a final ``]`` on the line (which then
    closes the tag pair) or to the end of the line.
    """
    out: list[str] = []
    i = pos + 1
    while i < len(line):
        c = line[i]
        if c == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
            out.append(line[i + 1])
            i += 2
        elif c == '"':
            text = "".join(out)
            yield from _check_string(text, lineno, pos)
            yield Token(Kind.STRING, text, lineno, pos)
            return
        else:
            out.append(c)
            i += 1
    text = "".join(out)
    yield _problem(lineno, pos, "string-unterminated", "string has no closing quote on its line (§3.2)")
    stripped = text.rstrip()
    if stripped.endswith("]"):
        yield Token(Kind.STRING, stripped[:-1], lineno, pos)
        yield Token(Kind.RBRACKET, "]", lineno, pos + len(stripped))
    else:
        yield Token(Kind.STRING, text, lineno, pos)


def _check_string(text: str, lineno: int, pos: int) -> Iterator[Token]:
    if text.isprintable():
        return
    if "\t" in text:
        yield _problem(lineno, pos, "character", "tab inside a string (§2.3)", warning=True)
    if _bad_chars(text):
        yield _problem(lineno, pos, "character", "control character inside a string (§2.2)", warning=True)


def quote(value: str) -> str:
    r"""A PBN string token for ``value`` (§3.2): quotes are escaped, and so is a backslash that would
    otherwise read as an escape; other backslashes stay single, as in the column specs ``"Rank\2R"``.

    >>> print(quote('say "hi"'), quote("Rank\\2R"), quote("C:\\"))
    "say \"hi\"" "Rank\2R" "C:\\"
    """
    out = ['"']
    for i, c in enumerate(value):
        if c == '"':
            out.append('\\"')
        elif c == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)
