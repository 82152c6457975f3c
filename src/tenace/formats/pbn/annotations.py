"""Pieces of auction and play sections (PBN 2.1 §3.2, §3.5.2-§3.7, §3.9).

Section elements may glue several PBN tokens together (``HK=1=``, ``2NT?=1=``); :func:`pieces` splits them,
and :class:`Annotations` gathers what follows one call or card: a suffix, a note reference and NAGs.

>>> [(p.kind, p.text) for p in pieces("2NT?=1=", 7)]
[('token', '2NT'), ('suffix', '?'), ('note', '=1=')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from tenace.formats.pbn.grammar import Comment, Item
from tenace.formats.pbn.problems import Problems

_PIECE: Final = re.compile(
    r"(?P<irregular>\^[ISRL])|(?P<note>=[^=\s]*=)|(?P<nag>\$\S*?(?=[=!?^$]|$))|(?P<suffix>[!?]{1,2})"
    r"|(?P<end>\*)|(?P<plus>\+)|(?P<token>[A-Za-z0-9\-]+)|(?P<other>.)"
)

SUFFIX_NAGS: Final = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""Auction suffixes and their NAGs (§3.5.3); for cards add 6 (§3.6.3)."""
MAX_NOTE: Final = 32


# Not frozen, for speed only: a big file makes millions of these, and a frozen dataclass takes twice as long
# to build (each field through object.__setattr__). Treat it as immutable; it hashes by value.
@dataclass(slots=True, unsafe_hash=True)
class Piece:
    kind: str
    """``irregular``, ``note``, ``nag``, ``suffix``, ``end``, ``plus``, ``token`` or ``other``."""
    text: str
    lineno: int
    comments: tuple[str, ...] = ()


_WHOLE: Final = {"*": "end", "+": "plus", "-": "token"}
"""Elements that are one piece whatever follows (besides plain words)."""


def pieces(text: str, lineno: int) -> list[Piece]:
    """Split one section element into PBN tokens."""
    if text.isalnum() and text.isascii():  # a plain call or card: one token (the common case)
        return [Piece("token", text, lineno)]
    kind = _WHOLE.get(text)
    if kind is not None:
        return [Piece(kind, text, lineno)]
    return [Piece(m.lastgroup or "other", m.group(), lineno) for m in _PIECE.finditer(text)]


def section_pieces(items: tuple[Item, ...], comments: tuple[Comment, ...], problems: Problems,
                   what: str) -> list[Piece]:
    """All pieces of a section, with each comment attached to the piece before it."""
    out: list[Piece] = []
    by_position: dict[int, list[str]] = {}
    for c in comments:
        by_position.setdefault(c.after, []).append(c.text)
    leading = by_position.get(0, [])
    for i, item in enumerate(items, 1):
        if item.quoted:
            problems.error(item.lineno, f"{what}-syntax", f"a string {item.text!r} in the {what} section")
            continue
        split = pieces(item.text, item.lineno)
        if i in by_position and split:
            last = split[-1]
            split[-1] = Piece(last.kind, last.text, last.lineno, tuple(by_position[i]))
        out.extend(split)
    if leading and out:
        first = out[0]
        out[0] = Piece(first.kind, first.text, first.lineno, (*leading, *first.comments))
    return out


@dataclass
class Annotations:
    """What follows a call or card: at most one suffix and one note, any NAGs (§3.5.2, §3.6.2). The suffix is
    stored as its NAG, as export format writes it."""

    nags: list[int] = field(default_factory=list)
    note: int | None = None
    suffix_seen: bool = False
    comments: list[str] = field(default_factory=list)
    alert: bool = False
    """An alert marked otherwise than by a note (BEN's ``*`` after a call)."""

    @property
    def plain(self) -> bool:
        """Nothing was added."""
        return not (self.nags or self.note is not None or self.suffix_seen or self.comments or self.alert)

    def add(self, piece: Piece, problems: Problems, what: str, *, card: bool) -> None:
        """Add an annotation piece (``suffix``, ``note`` or ``nag``); report what PBN forbids."""
        offset = 6 if card else 0
        if piece.kind == "suffix":
            if self.suffix_seen:
                problems.error(piece.lineno, f"{what}-suffix", f"a second suffix {piece.text!r}")
                return
            self.suffix_seen = True
            self._add_nag(SUFFIX_NAGS[piece.text] + offset, piece, problems, what, card=card)
        elif piece.kind == "note":
            digits = piece.text[1:-1]
            if not digits.isdigit() or not 1 <= int(digits) <= MAX_NOTE:
                problems.error(piece.lineno, f"{what}-note",
                               f"note reference {piece.text!r} is not =1= to ={MAX_NOTE}= (§3.5.4)")
            elif self.note is not None:
                problems.error(piece.lineno, f"{what}-note", f"a second note reference {piece.text!r}")
            else:
                self.note = int(digits)
        elif piece.kind == "nag":
            digits = piece.text[1:]
            if not digits.isdigit() or int(digits) > 255:
                problems.error(piece.lineno, f"{what}-nag", f"NAG {piece.text!r} is not $0 to $255 (§3.7)")
                return
            self._add_nag(int(digits), piece, problems, what, card=card)
        self.comments.extend(piece.comments)

    def _add_nag(self, nag: int, piece: Piece, problems: Problems, what: str, *, card: bool) -> None:
        """NAGs 1-6 and 13 are for calls, 7-12 and 14 for cards (§3.7); one evaluation (1-6 or 7-12) each."""
        evaluation = range(7, 13) if card else range(1, 7)
        wrong = (*range(1, 7), 13) if card else (*range(7, 13), 14)
        if nag in wrong:
            kind, other = ("cards", "calls") if card else ("calls", "cards")
            problems.error(piece.lineno, f"{what}-nag", f"NAG ${nag} is for {other}, not {kind} (§3.7)")
            return
        if nag in evaluation and any(n in evaluation for n in self.nags):
            problems.error(piece.lineno, f"{what}-nag",
                           f"a second evaluation ({piece.text!r}) of one {'card' if card else 'call'}")
            return
        self.nags.append(nag)


def annotation_text(marks: tuple[str, ...], nags: tuple[int, ...]) -> str | None:
    """The canonical annotation kept on a record: irregularity marks, then NAGs in increasing order.

    >>> annotation_text(("^I",), (13, 1))
    '^I $1 $13'
    """
    parts = [*marks, *(f"${n}" for n in sorted(nags))]
    return " ".join(parts) if parts else None
