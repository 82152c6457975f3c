"""The Auction section (PBN 2.1 §3.5, §3.9) and its Note tags.

The calls are checked as they are read: sufficiency and rotation (Laws 18-19, 22) with the irregularities
that PBN lets stand marked (``^I`` an insufficient bid that was accepted, Law 27A; ``^S`` a call skipped
after an accepted call out of rotation, Law 29A). Inadmissible doubles and redoubles cannot stand (Law 36)
and are errors.

>>> from tenace.formats.pbn.grammar import Item, RawTag
>>> from tenace.formats.pbn.problems import Problems
>>> tag = RawTag("Auction", "N", 1, "N", tuple(Item(t, 2) for t in "1NT Pass 3NT AP".split()))
>>> section = read_auction(tag, [], Seat.NORTH, Problems("x"))
>>> [str(c.call) for c in section.calls], str(section.contract)
(['1NT', 'P', '3NT', 'P', 'P', 'P'], '3NTN')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from tenace.calls import PASS, Bid, Call, Double, Pass, Redouble, parse_call
from tenace.contract import Contract, Doubling
from tenace.errors import NotationError
from tenace.formats.pbn.annotations import MAX_NOTE, Annotations, Piece, annotation_text, section_pieces
from tenace.formats.pbn.grammar import RawTag
from tenace.formats.pbn.problems import Problems
from tenace.record import AnnotatedCall
from tenace.seats import Seat

_CALL: Final = re.compile(r"PASS|X|XX|[1-7](NT|[CDHS])", re.IGNORECASE)
_NOTE: Final = re.compile(r"(\d+):(.*)", re.DOTALL)


# Not frozen, for speed only: a big file makes millions of these, and a frozen dataclass takes twice as long
# to build (each field through object.__setattr__). Treat it as immutable; it hashes by value.
@dataclass(slots=True, unsafe_hash=True)
class AuctionEntry:
    """One column of the auction section: a call, or a mark (``-`` before the dealer, ``^S`` a skipped
    call, ``AP`` all pass), with its annotations."""

    call: Call | None
    mark: str | None = None
    insufficient: bool = False
    """Marked ``^I``: an insufficient bid that was accepted (§3.9 A)."""
    note: int | None = None
    nags: tuple[int, ...] = ()
    comments: tuple[str, ...] = ()
    lineno: int = field(default=0, compare=False)
    alert: bool = False
    """Alerted otherwise than by a note (BEN's ``*``): written back as a note without text, PBN's way."""

    def token(self) -> str:
        """The entry as export format writes it: ``^I 1C =1= $3``."""
        if self.call is None:
            head = self.mark or "-"
        else:
            head = "Pass" if isinstance(self.call, Pass) else str(self.call)
            if self.insufficient:
                head = "^I " + head
        tail = ([f"={self.note}="] if self.note is not None else []) + [f"${n}" for n in sorted(self.nags)]
        return " ".join([head, *tail])


@dataclass(frozen=True, slots=True)
class AuctionSection:
    """An auction section as read: the seat of the first column, the entries, how it ends (``"*"``,
    ``"+"`` or ``None``) and the notes, with what it means for the record."""

    first: Seat
    entries: tuple[AuctionEntry, ...]
    end: str | None = None
    notes: tuple[tuple[int, str], ...] = ()
    calls: tuple[AnnotatedCall, ...] = ()
    """The calls in order, ``AP`` expanded, for :attr:`DealRecord.calls`."""
    complete: bool = False
    passed_out: bool = False
    contract: Contract | None = None
    """The contract the calls reach (completed by passes when the section just stops)."""
    irregular: bool = False
    """``^I`` or ``^S`` marks: the calls are not a lawful auction."""
    lineno: int = field(default=0, compare=False)

    def note_text(self, index: int) -> str | None:
        for i, text in self.notes:
            if i == index:
                return text
        return None


class _State:
    """Who calls next and what the calls so far mean (Laws 17-22), tolerant of marked irregularities."""

    def __init__(self, dealer: Seat) -> None:
        self.seat = dealer
        self.history: list[tuple[Seat, Call]] = []
        self.last_bid: Bid | None = None
        self.last_bidder: Seat | None = None
        self.doubling = Doubling.UNDOUBLED
        self.passes = 0

    @property
    def complete(self) -> bool:
        return self.passes >= (3 if self.last_bid is not None else 4)

    def problem(self, call: Call, insufficient: bool) -> str | None:
        """Why ``call`` cannot stand now, or ``None``."""
        me = self.seat
        match call:
            case Bid():
                sufficient = self.last_bid is None or call > self.last_bid
                if insufficient and sufficient:
                    return f"{call} is marked ^I but is sufficient"
                if not sufficient and not insufficient:
                    return (f"{call} by {me.name.title()} is insufficient after {self.last_bid} "
                            "(Law 18; ^I marks an accepted one)")
            case Double():
                if self.last_bidder is None or self.last_bidder.side is me.side or \
                        self.doubling is not Doubling.UNDOUBLED:
                    return f"X by {me.name.title()} is inadmissible here (Law 19A)"
            case Redouble():
                if self.last_bidder is None or self.last_bidder.side is not me.side or \
                        self.doubling is not Doubling.DOUBLED:
                    return f"XX by {me.name.title()} is inadmissible here (Law 19B)"
        if insufficient and not isinstance(call, Bid):
            return f"^I marks {call}, which is not a bid"
        return None

    def push(self, call: Call) -> None:
        self.history.append((self.seat, call))
        if isinstance(call, Pass):
            self.passes += 1
        else:
            self.passes = 0
            if isinstance(call, Bid):
                self.last_bid, self.last_bidder, self.doubling = call, self.seat, Doubling.UNDOUBLED
            elif isinstance(call, Double):
                self.doubling = Doubling.DOUBLED
            else:
                self.doubling = Doubling.REDOUBLED
        self.seat = self.seat.lho

    def contract(self) -> Contract | None:
        """The final contract: the last bid, its doubling, and the first of that side to name the
        denomination (Law 22)."""
        if self.last_bid is None or self.last_bidder is None:
            return None
        side = self.last_bidder.side
        denomination = self.last_bid.denomination
        declarer = next(s for s, c in self.history
                        if isinstance(c, Bid) and c.denomination is denomination and s.side is side)
        return Contract(self.last_bid.level, self.last_bid.denomination, declarer, self.doubling)


_PLAIN_CALLS: Final = {text: parse_call(text) for text in (
    "Pass", "PASS", "pass", "X", "XX",
    *(f"{level}{d}" for level in range(1, 8) for d in ("C", "D", "H", "S", "NT")))}
"""The calls as PBN writes them, read with one look-up."""


def _parse_call(piece: Piece, problems: Problems) -> Call | None:
    text = piece.text
    plain = _PLAIN_CALLS.get(text)
    if plain is not None:
        return plain
    if _CALL.fullmatch(text):
        return parse_call(text)
    try:
        call = parse_call(text)
    except NotationError:
        problems.error(piece.lineno, "auction-call", f"{text!r} is not a call (Pass, X, XX, 1C..7NT, AP)")
        return None
    problems.warning(piece.lineno, "auction-call", f"call {text!r} is not written as PBN says ({call})")
    return call


def _plain_calls(tag: RawTag) -> list[tuple[Call | None, int]] | None:
    """The calls of a section of plain calls (as PBN writes them, maybe ended by ``AP``, ``None`` for it),
    with no comment, mark or annotation, with their lines; ``None`` for anything else."""
    if tag.comments:
        return None
    out: list[tuple[Call | None, int]] = []
    items = tag.items
    last = len(items) - 1
    plain = _PLAIN_CALLS
    for k, item in enumerate(items):
        call = plain.get(item.text)
        if call is None or item.quoted:
            if k == last and item.text == "AP" and not item.quoted:
                out.append((None, item.lineno))
                return out
            return None
        out.append((call, item.lineno))
    return out


def read_notes(tags: list[RawTag], problems: Problems, what: str) -> tuple[tuple[int, str], ...]:
    """``[Note "n:text"]`` tags (§3.5.5): index 1..32, each once."""
    out: list[tuple[int, str]] = []
    for tag in tags:
        match = _NOTE.fullmatch(tag.value.lstrip())
        if match is None:
            problems.error(tag.lineno, "note", f"note {tag.value!r} is not '<number>:<text>' (§3.5.5)")
            continue
        index = int(match.group(1))
        if not 1 <= index <= MAX_NOTE:
            problems.error(tag.lineno, "note", f"note index {index} is not 1 to {MAX_NOTE} (§3.5.4)")
            continue
        if any(i == index for i, _ in out):
            problems.error(tag.lineno, "note", f"note {index} of the {what} is given twice")
            continue
        out.append((index, match.group(2)))
    return tuple(out)


def check_note_use(used: dict[int, int], notes: tuple[tuple[int, str], ...], lineno: int,
                   problems: Problems, what: str) -> None:
    """Warn about note references without a note and notes nobody refers to."""
    defined = {i for i, _ in notes}
    for index, line in sorted(used.items()):
        if index not in defined:
            problems.warning(line, "note-missing", f"no [Note] explains ={index}= in the {what}")
    for index in sorted(defined - set(used)):
        problems.warning(lineno, "note-unused", f"note {index} of the {what} is not referred to")


def first_caller(value: str) -> Seat | None:
    """The seat an Auction tag's value names (the player who called first), or ``None``."""
    try:
        return Seat.from_str(value) if len(value.strip()) == 1 else None
    except NotationError:
        return None


def read_auction(tag: RawTag, note_tags: list[RawTag], dealer: Seat | None,
                 problems: Problems) -> AuctionSection | None:
    """Interpret an Auction tag and its section; ``dealer`` from the Dealer tag (or ``None``)."""
    first = first_caller(tag.value)
    if first is None:
        problems.error(tag.lineno, "auction-seat", f"Auction {tag.value!r} does not name a seat (N, E, S, W)")
        return None
    notes = read_notes(note_tags, problems, "auction")
    entries: list[AuctionEntry] = []
    calls: list[AnnotatedCall] = []
    state: _State | None = None
    leading = 0
    end: str | None = None
    irregular = False
    pending_marks: list[str] = []
    used_notes: dict[int, int] = {}
    current: tuple[Call | None, str | None, bool, int, tuple[str, ...]] | None = None
    ann = Annotations()
    marked_insufficient = False

    def flush() -> None:
        nonlocal current, ann
        if current is None:
            return
        call, mark, insufficient, lineno, pre_comments = current
        if call is not None and mark is None and not insufficient and not pre_comments and not pending_marks \
                and ann.plain:  # a call and nothing else: the common case
            entries.append(AuctionEntry(call, None, False, None, (), (), lineno))
            calls.append(AnnotatedCall(call))
            current = None
            return
        entry = AuctionEntry(call, mark, insufficient, ann.note, tuple(ann.nags),
                             (*pre_comments, *ann.comments), lineno, alert=ann.alert)
        entries.append(entry)
        if ann.note is not None:
            used_notes.setdefault(ann.note, lineno)
        if call is not None and mark is None:
            marks = (*pending_marks, "^I") if insufficient else tuple(pending_marks)
            pending_marks.clear()
            explanation = None
            if ann.note is not None:
                text = next((t for i, t in notes if i == ann.note), None)
                explanation = text.lstrip() or None if text is not None else None
            calls.append(AnnotatedCall(call, ann.note is not None or ann.alert, explanation,
                                       annotation_text(marks, tuple(ann.nags))))
        current = None
        ann = Annotations()

    plain = _plain_calls(tag)
    found = [] if plain is not None else section_pieces(tag.items, tag.comments, problems, "auction")
    if plain is not None:  # calls and nothing else, maybe ended by AP: what most files hold
        for call, lineno in plain:
            if state is None:
                state = _State(first)
                if dealer is not None and first is not dealer:
                    problems.error(lineno, "auction-dealer",
                                   f"the first call is {first.name.title()}'s but the dealer is "
                                   f"{dealer.name.title()} (§3.5)")
            if call is None:  # AP, the last element
                if state.complete:
                    problems.error(lineno, "auction-after-end", "AP after the auction has ended")
                entries.append(AuctionEntry(None, "AP", False, None, (), (), lineno))
                while not state.complete:
                    state.push(PASS)
                    calls.append(AnnotatedCall(PASS))
                break
            if state.complete:
                problems.error(lineno, "auction-after-end", f"call {call} after the auction has ended")
            why = state.problem(call, False)
            if why is not None:
                problems.error(lineno, "auction-illegal", why)
            state.push(call)
            entries.append(AuctionEntry(call, None, False, None, (), (), lineno))
            calls.append(AnnotatedCall(call))
    skip = False
    for k, piece in enumerate(found):
        if skip:
            skip = False
            continue
        if piece.kind in ("suffix", "note", "nag") and (end is None or end == "AP"):
            if current is None:
                problems.error(piece.lineno, "auction-syntax", f"{piece.text!r} does not follow a call")
            else:
                ann.add(piece, problems, "auction", card=False)
            continue
        if (piece.kind == "end" and end is None and current is not None and current[0] is not None
                and any(p.kind == "token" for p in found[k + 1:])):
            # calls follow: not the end of the section but BEN's alert mark after a call ("2C*")
            problems.warning(piece.lineno, "auction-alert-mark",
                             f"'*' after {current[0]} is read as an alert (as BEN writes it), not as the end "
                             "of the auction section (§3.5)")
            ann.alert = True
            continue
        if end is not None:
            kind = "auction-plus" if end == "+" else "auction-after-end"
            problems.error(piece.lineno, kind, f"{piece.text!r} after the auction section ended with {end!r}")
            continue
        flush()
        if piece.kind == "irregular":
            if piece.text == "^I":
                if marked_insufficient:
                    problems.error(piece.lineno, "auction-irregularity", "^I twice before one call")
                marked_insufficient = True
            elif piece.text == "^S":
                if marked_insufficient:
                    problems.error(piece.lineno, "auction-irregularity", "^I before ^S")
                    marked_insufficient = False
                if state is None:
                    state = _State(first.rotate(leading))
                irregular = True
                pending_marks.append("^S")
                current = (None, "^S", False, piece.lineno, piece.comments)
                state.seat = state.seat.lho
            else:
                problems.error(piece.lineno, "auction-irregularity",
                               f"{piece.text} belongs to the play, not the auction (§3.9)")
            continue
        if piece.kind in ("end", "plus"):
            end = piece.text
            continue
        if piece.kind != "token":
            problems.error(piece.lineno, "auction-syntax", f"unexpected {piece.text!r} in the auction")
            continue
        insufficient, marked_insufficient = marked_insufficient, False
        if piece.text == "-":
            if state is not None:
                problems.error(piece.lineno, "auction-dash", "'-' after the first call (§3.5.1)")
            else:
                leading += 1
            current = (None, "-", False, piece.lineno, piece.comments)
            continue
        if state is None:
            state = _State(first.rotate(leading))
            if dealer is not None and state.seat is not dealer:
                problems.error(piece.lineno, "auction-dealer",
                               f"the first call is {state.seat.name.title()}'s but the dealer is "
                               f"{dealer.name.title()} (§3.5)")
        spelled = (piece.text.lower() == "all" and k + 1 < len(found) and found[k + 1].kind == "token"
                   and found[k + 1].text.lower() == "pass")
        if spelled:  # "all pass" written out
            problems.warning(piece.lineno, "auction-call", "'all pass' is read as AP (§3.5.1)")
            skip = True
        if spelled or piece.text.upper() == "AP":
            if state.complete:
                problems.error(piece.lineno, "auction-after-end", "AP after the auction has ended")
            current = (None, "AP", False, piece.lineno, piece.comments)
            while not state.complete:
                state.push(PASS)
                calls.append(AnnotatedCall(PASS))
            end = "AP"
            continue
        call = _parse_call(piece, problems)
        if call is None:
            continue
        if state.complete:
            problems.error(piece.lineno, "auction-after-end", f"call {call} after the auction has ended")
        why = state.problem(call, insufficient)
        if why is not None:
            code = "auction-irregularity" if insufficient else "auction-illegal"
            problems.error(piece.lineno, code, why)
        irregular = irregular or insufficient
        state.push(call)
        current = (call, None, insufficient, piece.lineno, piece.comments)
    flush()
    if marked_insufficient:
        problems.error(tag.lineno, "auction-irregularity", "^I is not followed by a bid")
    check_note_use(used_notes, notes, tag.lineno, problems, "auction")
    if end == "AP":
        end = None
    complete = state is not None and state.complete
    if end == "+" and complete:
        problems.error(tag.lineno, "auction-plus", "'+' after a complete auction")
    if state is not None and not complete and end is None:
        problems.warning(tag.lineno, "auction-incomplete",
                         "the auction section stops before the auction ends, without '*' or '+' (§3.5)")
    passed_out = complete and state is not None and state.last_bid is None
    contract = state.contract() if state is not None and end is None else None
    return AuctionSection(first, tuple(entries), end, notes, tuple(calls), complete, passed_out, contract,
                          irregular, tag.lineno)
