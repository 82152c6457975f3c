"""Layer 2 of the PBN reader: tokens to raw games (PBN 2.1 §3, §4.8, §5.1).

A raw game is the ordered list of its tag pairs, each with the section elements and comments that follow
it, exactly as written except for one thing: tag-value inheritance (``"#"`` and ``"##..."``, §4.8) is
resolved here, so later layers see real values. Nothing is interpreted yet.

>>> from tenace.formats.pbn.tokenize import tokenize
>>> text = ['[Event "##Club night"]', '[Board "1"]', '', '[Board "2"]']
>>> games = list(raw_games(tokenize(enumerate(text, 1))))
>>> [[(t.name, t.value) for t in g.tags] for g in games]
[[('Event', 'Club night'), ('Board', '1')], [('Board', '2'), ('Event', 'Club night')]]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from tenace.formats.pbn.problems import PBNProblem, Problems, Severity
from tenace.formats.pbn.tokenize import Kind, Token

NO_INHERITANCE: Final = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags whose value may not be ``"#"`` or ``"##..."`` (§4.8)."""

_NextToken = Callable[[], Token | None]
_Push = Callable[[Token], None]
_NAME: Final = re.compile(r"[A-Z][A-Za-z0-9_]*")
SECTION_KEPT: Final = 100_000
"""Section elements read after one tag: far more than any auction, play or results table holds (a table of
5,000 rows of 20 columns); beyond them a hostile file's elements are counted, not kept (bounded memory)."""
TAGS_KEPT: Final = 10_000
"""Tag pairs read in one game; beyond them they are counted, not kept."""
_SECTION_FORBIDDEN: Final = frozenset("%{}")


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment, with the number of section elements written before it (``0``: right after the tag)."""

    text: str
    lineno: int = field(compare=False)
    brace: bool = True
    after: int = 0


# Not frozen, for speed only: a big file makes millions of these, and a frozen dataclass takes twice as long
# to build (each field through object.__setattr__). Treat it as immutable; it hashes by value.
@dataclass(slots=True, unsafe_hash=True)
class Item:
    """One section element (§5.1): a section token, or a string token (``quoted``)."""

    text: str
    lineno: int = field(compare=False)
    quoted: bool = False


# Not frozen, for speed only (as Item): a game has a dozen of these. Treat it as immutable.
@dataclass(slots=True, unsafe_hash=True)
class RawTag:
    """A tag pair and the section data after it."""

    name: str
    value: str
    """The value with inheritance resolved."""
    lineno: int = field(compare=False)
    raw: str | None = None
    """The value as written, when it differs from :attr:`value` (``"#"``, ``"##..."``); ``None`` for a
    tag supplied by an earlier ``"##"``."""
    items: tuple[Item, ...] = ()
    comments: tuple[Comment, ...] = ()

    @property
    def inherited(self) -> bool:
        """Whether the value came from an earlier game (§4.8)."""
        return self.raw is None or self.raw.startswith("#")


@dataclass(frozen=True, slots=True)
class RawGame:
    """One game's tags in file order, the comments before its first tag and the problems found so far."""

    tags: tuple[RawTag, ...]
    lineno: int = field(compare=False)
    comments: tuple[Comment, ...] = ()
    problems: tuple[PBNProblem, ...] = ()
    escapes: tuple[str, ...] = field(default=(), compare=False)
    """``%`` lines seen since the previous game (file headers, program options)."""

    def get(self, name: str) -> RawTag | None:
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None


class _Builder:
    """Collects the tokens of one game."""

    def __init__(self, source: str) -> None:
        self.problems = Problems(source)
        self.tags: list[RawTag] = []
        self.items: list[Item] = []
        self.tag_comments: list[Comment] = []
        self.comments: list[Comment] = []
        self.escapes: list[str] = []
        self.current: tuple[str, str, int] | None = None
        self.first_line: int | None = None
        self.stray_line = 0  # the last line reported as text outside a tag (once a line)
        self.dropped_items: tuple[int, int] | None = None  # section elements not kept: how many, first line
        self.dropped_tags: tuple[int, int] | None = None  # tag pairs not kept: how many, first line

    def stray(self, lineno: int) -> bool:
        """Whether text outside a tag on this line is the first on it (each line is reported once)."""
        if lineno == self.stray_line:
            return False
        self.stray_line = lineno
        return True

    def add_items(self, items: list[Item]) -> None:
        """Section elements of the current tag, up to :data:`SECTION_KEPT`."""
        room = SECTION_KEPT - len(self.items)
        if len(items) <= room:
            self.items.extend(items)
            return
        self.items.extend(items[:max(room, 0)])
        count, line = self.dropped_items or (0, items[max(room, 0)].lineno)
        self.dropped_items = (count + len(items) - max(room, 0), line)

    def close_tag(self) -> None:
        if self.dropped_items is not None and self.current is not None:
            count, line = self.dropped_items
            self.problems.error(line, "section-too-long",
                                f"the section of tag {self.current[0]} has more than {SECTION_KEPT:,} "
                                f"elements: the last {count:,}, from line {line} on, are not read")
            self.dropped_items = None
        if len(self.tags) >= TAGS_KEPT and self.current is not None:
            count, line = self.dropped_tags or (0, self.current[2])
            self.dropped_tags = (count + 1, line)
            self.current = None
            self.items = []
            self.tag_comments = []
        if self.current is not None:
            name, value, lineno = self.current
            if self.items or self.tag_comments:
                self.tags.append(RawTag(name, value, lineno, value, tuple(self.items),
                                        tuple(self.tag_comments)))
                self.items = []
                self.tag_comments = []
            else:
                self.tags.append(RawTag(name, value, lineno, value))
        self.current = None

    @property
    def empty(self) -> bool:
        return not self.tags and self.current is None and not self.problems.has_error


class Inheritance:
    """The state that tag-value inheritance (§4.8) carries from game to game."""

    def __init__(self) -> None:
        self.last: dict[str, str] = {}
        self.sticky: dict[str, str] = {}

    def resolve(self, tags: list[RawTag], problems: Problems) -> tuple[RawTag, ...]:
        out: list[RawTag] = []
        sticky = self.sticky
        for tag in tags:
            written = tag.value
            if written[:1] == "#" and (written == "#" or written.startswith("##")):
                if tag.name in NO_INHERITANCE:
                    problems.error(tag.lineno, "inherit-forbidden",
                                   f"tag {tag.name} may not inherit a value with {written!r} (§4.8)")
                    out.append(RawTag(tag.name, "", tag.lineno, written, tag.items, tag.comments))
                    continue
                if written == "#":
                    value = self.last.get(tag.name, "")
                else:
                    value = written[2:]
                    self.sticky[tag.name] = value
                out.append(RawTag(tag.name, value, tag.lineno, written, tag.items, tag.comments))
            else:
                if sticky and tag.name in sticky:
                    sticky[tag.name] = written
                out.append(tag if tag.raw == written else
                           RawTag(tag.name, written, tag.lineno, written, tag.items, tag.comments))
        if sticky:
            present = {t.name for t in out}
            for name, value in sticky.items():
                if name not in present:
                    out.append(RawTag(name, value, out[-1].lineno if out else 0, None))
        self.last.update([(tag.name, tag.value) for tag in out])
        return tuple(out)


_OPENS_GAME = frozenset({"Event", "Board"})


def raw_games(tokens: Iterable[Token], source: str = "<pbn>") -> Iterator[RawGame]:
    """Group tokens into games. A semi-empty line ends a game (§3); chunks holding only comments and
    ``%`` lines are not games and are skipped."""
    inheritance = Inheritance()
    builder = _Builder(source)
    stream = iter(tokens)
    pushed: list[Token] = []

    def next_token() -> Token | None:
        if pushed:
            return pushed.pop()
        return next(stream, None)

    def finish() -> Iterator[RawGame]:
        nonlocal builder
        builder.close_tag()
        if builder.dropped_tags is not None:
            count, line = builder.dropped_tags
            builder.problems.error(line, "game-too-long", f"the game has more than {TAGS_KEPT:,} tag pairs: "
                                   f"the last {count:,}, from line {line} on, are not read")
        if not builder.empty:
            tags = _drop_duplicates(builder.tags, builder.problems)
            resolved = inheritance.resolve(tags, builder.problems) if tags else ()
            first = builder.first_line or (resolved[0].lineno if resolved else 0)
            yield RawGame(resolved, first, tuple(builder.comments), builder.problems.items,
                          tuple(builder.escapes))
        builder = _Builder(source)

    tag_kind, words_kind = Kind.TAG, Kind.WORDS
    while True:
        tok = pushed.pop() if pushed else next(stream, None)
        if tok is None:
            yield from finish()
            return
        b = builder
        kind = tok.kind
        if kind is tag_kind and tok.code not in _OPENS_GAME and b.first_line is not None:
            # the common case first: a plain tag pair on its own line, after a tag without section data
            current = b.current
            if current is not None and not b.items and not b.tag_comments and b.dropped_items is None \
                    and len(b.tags) < TAGS_KEPT:
                b.tags.append(RawTag(current[0], current[1], current[2], current[1]))
            else:
                b.close_tag()
            b.current = (tok.code, tok.text, tok.lineno)
        elif kind is words_kind and b.current is not None:  # and a line of plain section data
            lineno = tok.lineno
            b.add_items([Item(word, lineno) for word in tok.text.split()])
        elif kind is Kind.BREAK:
            yield from finish()
        elif tok.kind is Kind.PROBLEM:
            severity = Severity.WARNING if tok.warning else Severity.ERROR
            b.problems.add(PBNProblem(tok.text, source=source, lineno=tok.lineno, code=tok.code,
                                      severity=severity))
        elif tok.kind is Kind.ESCAPE:
            b.escapes.append(tok.text)
        elif tok.kind is Kind.COMMENT:
            comment = Comment(tok.text, tok.lineno, tok.brace, len(b.items))
            (b.tag_comments if b.current is not None else b.comments).append(comment)
        elif tok.kind is Kind.WORDS:  # a line of plain section data (the reader's fused tokens)
            if b.current is not None:
                lineno = tok.lineno
                b.add_items([Item(word, lineno) for word in tok.text.split()])
            else:
                if b.first_line is None:
                    b.first_line = tok.lineno
                if b.stray(tok.lineno):
                    b.problems.error(tok.lineno, "text-outside-tag",
                                     f"text {tok.text.split()[0]!r} is neither a tag pair nor section data")
        elif tok.kind is Kind.TAG or tok.kind is Kind.LBRACKET:
            b.close_tag()
            if tok.kind is Kind.TAG:  # a plain tag pair on its own line (the reader's fused tokens)
                pair: tuple[str, str, int] | None = (tok.code, tok.text, tok.lineno)
            else:
                pair = _tag_pair(tok, next_token, pushed.append, b.problems)
            if pair is not None and pair[0] in _OPENS_GAME and any(t.name == pair[0] for t in b.tags):
                # §3 separates games by an empty line; a file that leaves it out still starts a new game at a
                # second Event or Board tag: read it as such, with a warning, rather than drop the game.
                yield from finish()
                b = builder
                b.problems.warning(pair[2], "game-separator",
                                   f"no empty line before this {pair[0]} tag: a new game starts here (§3)")
            if b.first_line is None:
                b.first_line = tok.lineno
            if pair is not None:
                b.current = pair
        elif tok.kind is Kind.RBRACKET:
            b.problems.error(tok.lineno, "tag-syntax", "']' without a tag pair")
        elif b.current is not None:  # a section element
            if tok.kind is not Kind.STRING and _SECTION_FORBIDDEN.intersection(tok.text):
                b.problems.error(tok.lineno, "section-character",
                                 f"section element {tok.text!r} holds a character PBN forbids there (§3.2)")
            b.add_items([Item(tok.text, tok.lineno, tok.kind is Kind.STRING)])
        else:
            if b.first_line is None:
                b.first_line = tok.lineno
            if b.stray(tok.lineno):
                b.problems.error(tok.lineno, "text-outside-tag",
                                 f"text {tok.text!r} is neither a tag pair nor section data")


def _tag_pair(start: Token, next_token: _NextToken, push: _Push,
              problems: Problems) -> tuple[str, str, int] | None:
    """Read ``name "value" ]`` after ``[`` (§3.3); on failure report it and resynchronise."""
    name_tok = _skip_comments(next_token, problems, push)
    if name_tok is None or name_tok.kind is not Kind.WORD:
        problems.error(start.lineno, "tag-syntax", "'[' is not followed by a tag name")
        if name_tok is not None:
            push(name_tok)
        return None
    name = name_tok.text
    if not _NAME.fullmatch(name):
        problems.error(name_tok.lineno, "tag-name",
                       f"tag name {name!r} must be letters, digits and '_', starting with a capital (§3.3)")
    value_tok = _skip_comments(next_token, problems, push)
    if value_tok is None or value_tok.kind is Kind.RBRACKET:
        problems.error(start.lineno, "tag-syntax", f"tag {name} has no value")
        return None
    if value_tok.kind is not Kind.STRING:
        problems.error(value_tok.lineno, "tag-syntax", f"the value of tag {name} is not a quoted string")
        _resync(value_tok, next_token, push)
        return None
    close = _skip_comments(next_token, problems, push)
    if close is None or close.kind is not Kind.RBRACKET:
        problems.error(value_tok.lineno, "tag-syntax", f"tag {name} is not closed by ']'")
        if close is not None:
            push(close)
    return name, value_tok.text, start.lineno


def _skip_comments(next_token: _NextToken, problems: Problems, push: _Push) -> Token | None:
    """The next token inside a tag pair; comments there are dropped (§3.8 forbids them), problems kept.
    Fused tokens met here (a tag pair written across lines) are split back into plain ones."""
    while True:
        tok = next_token()
        if tok is not None and tok.kind is Kind.WORDS:
            words = tok.text.split()
            for word in reversed(words[1:]):
                push(Token(Kind.WORD, word, tok.lineno))
            tok = Token(Kind.WORD, words[0], tok.lineno)
        elif tok is not None and tok.kind is Kind.TAG:
            push(Token(Kind.RBRACKET, "]", tok.lineno))
            push(Token(Kind.STRING, tok.text, tok.lineno))
            push(Token(Kind.WORD, tok.code, tok.lineno))
            tok = Token(Kind.LBRACKET, "[", tok.lineno, tok.column)
        if tok is not None and tok.kind is Kind.PROBLEM:
            severity = Severity.WARNING if tok.warning else Severity.ERROR
            problems.add(PBNProblem(tok.text, source=problems.source, lineno=tok.lineno,
                                    code=tok.code, severity=severity))
            continue
        if tok is None or tok.kind is not Kind.COMMENT:
            return tok


def _resync(tok: Token, next_token: _NextToken, push: _Push) -> None:
    """Skip to the ``]`` closing a broken tag pair, staying on its line."""
    line = tok.lineno
    while tok.kind is not Kind.RBRACKET:
        nxt = next_token()
        if nxt is None:
            return
        if nxt.lineno != line or nxt.kind in (Kind.LBRACKET, Kind.BREAK):
            push(nxt)
            return
        tok = nxt


def _drop_duplicates(tags: list[RawTag], problems: Problems) -> list[RawTag]:
    """In import format a repeated tag is ignored (§3.4); ``Note`` tags may repeat (§3.5.5)."""
    names = {tag.name for tag in tags}
    if len(names) == len(tags):  # no tag twice: the common case
        return tags
    seen: set[str] = set()
    out: list[RawTag] = []
    for tag in tags:
        if tag.name != "Note" and tag.name in seen:
            problems.error(tag.lineno, "tag-duplicate", f"tag {tag.name} occurs twice; the second is ignored")
            continue
        seen.add(tag.name)
        out.append(tag)
    return out
