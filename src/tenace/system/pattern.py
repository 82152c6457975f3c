"""Auction patterns: the sequences a system card gives meanings to, written as players write them.

A pattern is a list of calls in rotation, from the side that holds the card ("our" calls) and the opponents
(in parentheses), separated by ``-`` or spaces. An opponent's call that is left out between two of ours is a
pass, so ``1NT-2C`` is 1NT (pass) 2C. The last token is the call the pattern explains, always ours.

Tokens: a call (``1NT``, ``2C``, ``P``, ``X``, ``XX``) or a wildcard: ``*`` any call, ``bid`` any bid,
``1*`` any bid at that level, ``1M`` one of a major, ``1m`` one of a minor. So ``(1*) X`` is a double of any
one-level opening, and ``1NT (*) 2C`` is 2C over 1NT whatever the opponent did.

A pattern is matched against an auction from its first call other than a pass (passes before the opening
are not part of any pattern, so a card does not distinguish third-seat openings). When several patterns
match, the most specific one wins: exact calls weigh more than wildcards.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tenace.calls import Bid, Call, Pass, parse_call
from tenace.errors import NotationError


class _Kind(enum.Enum):
    CALL = "call"
    ANY = "any"
    ANY_BID = "bid"
    LEVEL = "level"
    MAJOR = "major"
    MINOR = "minor"


_WEIGHT: Final = {
    _Kind.CALL: 4, _Kind.MAJOR: 3, _Kind.MINOR: 3, _Kind.LEVEL: 2, _Kind.ANY_BID: 1, _Kind.ANY: 0,
}
_TOKEN_RE: Final = re.compile(r"\(([^()]*)\)|([^\s()\-]+)")


@dataclass(frozen=True, slots=True)
class Token:
    """One call of a pattern: whose it is, what it matches, and whether the pattern text left it implied."""

    ours: bool
    kind: _Kind
    call: Call | None = None
    level: int | None = None
    implied: bool = False

    def matches(self, call: Call) -> bool:
        match self.kind:
            case _Kind.CALL:
                return call == self.call
            case _Kind.ANY:
                return True
            case _Kind.ANY_BID:
                return isinstance(call, Bid)
            case _Kind.LEVEL:
                return isinstance(call, Bid) and call.level == self.level
            case _Kind.MAJOR:
                return isinstance(call, Bid) and call.level == self.level and call.denomination.is_major
            case _Kind.MINOR:
                return isinstance(call, Bid) and call.level == self.level and call.denomination.is_minor
        return False  # pragma: no cover

    def __str__(self) -> str:
        match self.kind:
            case _Kind.CALL:
                text = str(self.call)
            case _Kind.ANY:
                text = "*"
            case _Kind.ANY_BID:
                text = "bid"
            case _Kind.LEVEL:
                text = f"{self.level}*"
            case _Kind.MAJOR:
                text = f"{self.level}M"
            case _Kind.MINOR:
                text = f"{self.level}m"
        return text if self.ours else f"({text})"


def _token(text: str, ours: bool, pattern: str) -> Token:
    key = text.strip()
    if key == "*":
        return Token(ours, _Kind.ANY)
    if key.lower() == "bid":
        return Token(ours, _Kind.ANY_BID)
    if len(key) == 2 and key[0] in "1234567" and key[1] in "*Mm":
        kind = {"*": _Kind.LEVEL, "M": _Kind.MAJOR, "m": _Kind.MINOR}[key[1]]
        return Token(ours, kind, level=int(key[0]))
    try:
        return Token(ours, _Kind.CALL, call=parse_call(key))
    except NotationError:
        raise NotationError(f"auction pattern {pattern!r}: {text!r} is not a call or a wildcard") from None


@dataclass(frozen=True, slots=True)
class AuctionPattern:
    """A parsed auction pattern (see the module documentation).

    >>> p = AuctionPattern.parse("1NT-2C")
    >>> str(p), p.matches([parse_call("1NT"), parse_call("P")], parse_call("2C"))
    ('1NT-2C', True)
    >>> AuctionPattern.parse("(1*) X").matches([parse_call("P"), parse_call("1D")], parse_call("X"))
    True
    """

    text: str
    tokens: tuple[Token, ...]

    @classmethod
    def parse(cls, text: str) -> AuctionPattern:
        """:raises NotationError: naming the pattern and the token that is wrong."""
        if not isinstance(text, str) or not text.strip():
            raise NotationError(f"an auction pattern must be a non-empty string, got {text!r}")
        leftover = _TOKEN_RE.sub(" ", text).replace("-", " ").strip()
        if leftover:
            raise NotationError(f"auction pattern {text!r}: unexpected {leftover!r}")
        raw = [_token(m.group(1) if m.group(1) is not None else m.group(2), m.group(1) is None, text)
               for m in _TOKEN_RE.finditer(text)]
        tokens: list[Token] = []
        for token in raw:
            if tokens and tokens[-1].ours == token.ours:
                if not token.ours:
                    raise NotationError(f"auction pattern {text!r}: two opponents' calls in a row")
                tokens.append(Token(False, _Kind.CALL, call=Pass(), implied=True))
            tokens.append(token)
        if len(tokens) > 1 and tokens[0].kind is _Kind.CALL and isinstance(tokens[0].call, Pass):
            raise NotationError(f"auction pattern {text!r}: patterns start at the first bid; "
                                "passes before it "
                                "are not written")
        if not tokens[-1].ours:
            raise NotationError(f"auction pattern {text!r}: the last call must be ours, not the opponents'")
        if tokens[-1].kind is not _Kind.CALL:
            raise NotationError(f"auction pattern {text!r}: the call explained must not be a wildcard")
        return cls(text.strip(), tuple(tokens))

    @property
    def call(self) -> Call:
        """The call the pattern explains."""
        call = self.tokens[-1].call
        assert call is not None
        return call

    @property
    def opens(self) -> bool:
        """Whether our side makes the first call of the pattern (an opening or a continuation of it)."""
        return self.tokens[0].ours

    @property
    def is_opening(self) -> bool:
        """A single call of ours: an opening bid (or pass)."""
        return len(self.tokens) == 1

    @property
    def specificity(self) -> int:
        return sum(_WEIGHT[t.kind] for t in self.tokens)

    def matches(self, before: Sequence[Call], call: Call) -> bool:
        """Whether the auction ``before`` followed by our ``call`` is this pattern."""
        full = [*before, call]
        start = next((i for i, c in enumerate(full) if not isinstance(c, Pass)), len(full) - 1)
        segment = full[start:]
        if len(segment) != len(self.tokens):
            return False
        return all(token.matches(c) for token, c in zip(self.tokens, segment, strict=True))

    def __str__(self) -> str:
        return self.text


def is_opening_bid(before: Sequence[Call], call: Call) -> bool:
    """Whether ``call`` is the first bid of the auction (only passes before it).

    >>> is_opening_bid([Pass()], parse_call("1NT"))
    True
    """
    return isinstance(call, Bid) and all(isinstance(c, Pass) for c in before)
