"""The Play section (PBN 2.1 §3.6, §3.9, §3.10) and its Note tags.

PBN writes the play *by seat*, not by time: each trick is a row of four cards in fixed columns starting
with the seat named by the Play tag. Who led each trick is not written, so it is recomputed here from the
previous trick's winner (Law 44E-G), or from a ``^L`` mark (a lead out of turn that was accepted, Law 53).
The cards are checked on the way: each must be in its player's hand and follow suit (Law 44C) unless it is
marked ``^R`` (a revoke that stood, Law 64).

>>> from tenace.formats.pbn.grammar import Item, RawTag
>>> from tenace.formats.pbn.problems import Problems
>>> from tenace.deal import Deal
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> tag = RawTag("Play", "E", 1, "E", tuple(Item(t, 2) for t in "ST S3 S2 SA H9 H6 H2 HA *".split()))
>>> section = read_play(tag, [], deal, None, Seat.NORTH, Problems("x"))
>>> " ".join(str(c) for c in section.cards), [str(s) for s in section.leaders], section.declarer_tricks
('ST S3 S2 SA HA H9 H6 H2', ['E', 'N'], 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from tenace.cards import DECK, Card, CardSet, Suit
from tenace.deal import Deal, PartialDeal
from tenace.errors import NotationError
from tenace.formats.pbn.annotations import Annotations, Piece, section_pieces
from tenace.formats.pbn.auction_section import check_note_use, read_notes
from tenace.formats.pbn.grammar import RawTag
from tenace.formats.pbn.problems import Problems
from tenace.play import Trick
from tenace.seats import SEATS, Seat

_CARDS: Final = {str(card): card for card in DECK}
_SUIT_BITS: Final = tuple(CardSet(c for c in DECK if c.index // 13 == i).bits for i in range(4))
"""The bits of each suit's cards, by ``card.index // 13`` (clubs first)."""


# Not frozen, for speed only: a big file makes millions of these, and a frozen dataclass takes twice as long
# to build (each field through object.__setattr__). Treat it as immutable; it hashes by value.
@dataclass(slots=True, unsafe_hash=True)
class PlayEntry:
    """One cell of the play section: a card, ``-`` (unknown or not played) or ``+`` (the next card to
    play), with its marks and annotations."""

    card: Card | None
    mark: str | None = None
    revoke: bool = False
    """``^R``: a revoke that was not noticed in time (§3.9 C)."""
    lead_out_of_turn: bool = False
    """``^L``: this card was led out of turn and the lead was accepted (§3.9 D)."""
    note: int | None = None
    nags: tuple[int, ...] = ()
    comments: tuple[str, ...] = ()
    lineno: int = field(default=0, compare=False)

    def token(self) -> str:
        """The entry as export format writes it: ``^R SK =1= $9``."""
        head = str(self.card) if self.card is not None else (self.mark or "-")
        marks = (["^R"] if self.revoke else []) + (["^L"] if self.lead_out_of_turn else [])
        tail = ([f"={self.note}="] if self.note is not None else []) + [f"${n}" for n in sorted(self.nags)]
        return " ".join([*marks, head, *tail])


UNKNOWN_CARD: Final = PlayEntry(None, "-")


@dataclass(frozen=True, slots=True)
class PlaySection:
    """A play section as read, and what it means: the cards in the order played, who led each trick, and
    declarer's tricks among the tricks whose four cards are known."""

    first: Seat
    rows: tuple[tuple[PlayEntry, ...], ...]
    """One row per trick: four entries in seat order from :attr:`first`."""
    end: str | None = None
    notes: tuple[tuple[int, str], ...] = ()
    cards: tuple[Card, ...] = ()
    """The known cards in the order played, up to the first unknown one."""
    leaders: tuple[Seat, ...] = ()
    """The leader of each trick that :attr:`cards` reaches."""
    known_tricks: int = 0
    """Tricks whose four cards and leader are known."""
    declarer_tricks: int | None = None
    """Tricks won by declarer's side among the :attr:`known_tricks` (``None`` if declarer is unknown)."""
    total_tricks: int = 13
    """Tricks in the deal: 13, or fewer for an end position (§3.10)."""
    plus: bool = False
    """A ``+`` marks the next card: the play is to be continued, and :attr:`declarer_tricks` is the result
    so far."""
    irregular: bool = False
    """``^R`` or ``^L`` marks."""
    lineno: int = field(default=0, compare=False)

    @property
    def finished(self) -> bool:
        """Whether the play has ended (all tricks known, or it stopped without ``+``: a claim)."""
        return not self.plus


def _parse_card(piece: Piece, problems: Problems) -> Card | None:
    card = _CARDS.get(piece.text.upper())
    if card is not None:
        return card
    try:
        card = Card.from_str(piece.text)
    except NotationError:
        problems.error(piece.lineno, "play-card", f"{piece.text!r} is not a card (suit S H D C, then a rank)")
        return None
    problems.warning(piece.lineno, "play-card", f"card {piece.text!r} is not written as PBN says ({card})")
    return card


def _plain_entries(tag: RawTag) -> tuple[list[PlayEntry], str | None] | None:
    """The entries of a play section of plain cards and ``-`` (maybe ended by ``*``), with no comment, mark
    or annotation: what most files hold, read without the general piece splitter. ``None`` otherwise."""
    if tag.comments:
        return None
    items = tag.items
    end: str | None = None
    if items and items[-1].text == "*" and not items[-1].quoted:
        items, end = items[:-1], "*"
    entries: list[PlayEntry] = []
    cards = _CARDS
    for item in items:
        card = cards.get(item.text)
        if card is not None and not item.quoted:
            entries.append(PlayEntry(card, None, False, False, None, (), (), item.lineno))
        elif item.text == "-" and not item.quoted:
            entries.append(PlayEntry(None, "-", False, False, None, (), (), item.lineno))
        else:
            return None
    return entries, end


def _entries(tag: RawTag, problems: Problems) -> tuple[list[PlayEntry], str | None]:
    plain = _plain_entries(tag)
    if plain is not None:
        return plain
    entries: list[PlayEntry] = []
    end: str | None = None
    marks: list[str] = []
    head: tuple[Card | None, str | None, int, tuple[str, ...]] | None = None
    ann = Annotations()

    def flush() -> None:
        nonlocal head, ann
        if head is not None:
            card, mark, lineno, pre = head
            revoke, lead = "^R" in marks, "^L" in marks
            entries.append(PlayEntry(card, mark, revoke, lead, ann.note, tuple(ann.nags),
                                     (*pre, *ann.comments), lineno))
            marks.clear()
        head = None
        ann = Annotations()

    for piece in section_pieces(tag.items, tag.comments, problems, "play"):
        if piece.kind in ("suffix", "note", "nag") and end is None:
            if head is None:
                problems.error(piece.lineno, "play-syntax", f"{piece.text!r} does not follow a card")
            else:
                ann.add(piece, problems, "play", card=True)
            continue
        if end is not None:
            problems.error(piece.lineno, "play-after-end", f"{piece.text!r} after '*' ended the play section")
            continue
        flush()
        if piece.kind == "irregular":
            if piece.text not in ("^R", "^L"):
                problems.error(piece.lineno, "play-irregularity",
                               f"{piece.text} belongs to the auction, not the play (§3.9)")
            elif marks:
                problems.error(piece.lineno, "play-irregularity",
                               f"{piece.text} after {marks[-1]} on one card")
            else:
                marks.append(piece.text)
            continue
        if piece.kind == "end":
            end = "*"
            continue
        pre = piece.comments
        if piece.kind == "plus":
            head = (None, "+", piece.lineno, pre)
        elif piece.kind == "token" and piece.text == "-":
            head = (None, "-", piece.lineno, pre)
        elif piece.kind == "token":
            card = _parse_card(piece, problems)
            head = (card, None if card is not None else "-", piece.lineno, pre)
        else:
            problems.error(piece.lineno, "play-syntax", f"unexpected {piece.text!r} in the play")
            continue
        if marks and head[0] is None:
            problems.error(piece.lineno, "play-irregularity", f"{marks[-1]} before a card that is not known")
            marks.clear()
    flush()
    if marks:
        problems.error(tag.lineno, "play-irregularity", f"{marks[-1]} is not followed by a card")
    return entries, end


def read_play(tag: RawTag, note_tags: list[RawTag], deal: Deal | PartialDeal | None, trump: Suit | None,
              declarer: Seat | None, problems: Problems, *, trump_known: bool = True) -> PlaySection | None:
    """Interpret a Play tag and its section against the deal, the trump suit and the declarer (each may be
    unknown; then less can be checked and recomputed)."""
    value = tag.value.strip()
    if len(value) != 1 or value.upper() not in "NESW":
        problems.error(tag.lineno, "play-seat", f"Play {tag.value!r} does not name a seat (N, E, S, W)")
        return None
    first = Seat.from_str(value)
    notes = read_notes(note_tags, problems, "play")
    entries, end = _entries(tag, problems)
    hands: list[CardSet | None] = list(deal.hands) if deal is not None else [None] * 4
    known_sizes = {len(h) for h in hands if h is not None}
    total = max(known_sizes) if known_sizes else 13
    rows = [tuple(entries[i:i + 4]) for i in range(0, len(entries), 4)]
    if rows and len(rows[-1]) < 4:
        rows[-1] = rows[-1] + (UNKNOWN_CARD,) * (4 - len(rows[-1]))
    if len(rows) > total:
        problems.error(rows[total][0].lineno, "play-too-long",
                       f"more than {total} tricks in the play section")
    if end == "*" and any(e.mark == "+" for e in entries):
        problems.error(tag.lineno, "play-plus", "'*' and '+' in one play section (§3.6)")
    used_notes = {e.note: e.lineno for e in entries if e.note is not None}
    check_note_use(used_notes, notes, tag.lineno, problems, "play")

    cards: list[Card] = []
    leaders: list[Seat] = []
    in_order = True  # every card so far in time order is known
    plus_seen = False
    seen = 0  # bits of the cards seen so far
    complete_tricks = 0
    wins = 0
    leader: Seat | None = first
    if declarer is not None and first is not declarer.lho:
        if not (rows and any(e.lead_out_of_turn for e in rows[0])):
            problems.error(tag.lineno, "play-leader", f"the opening lead is {declarer.lho.name.title()}'s "
                           f"(declarer {declarer.name.title()}), but Play names {first.name.title()}")
    irregular = any(e.revoke or e.lead_out_of_turn for e in entries)
    turned = _turned(rows[:total], first, deal)
    if turned:
        direction = {1: "on the left of", 2: "opposite", 3: "on the right of"}[turned]
        problems.error(tag.lineno, "play-rotated",
                       f"every card of the play is held by the player {direction} the one who plays it: the "
                       "Deal tag (or the Play tag) seems to start at the wrong seat; the play is not checked "
                       "card by card")
    # the hands as card-set bits, by seat index (N, E, S, W), less the cards played so far
    held: list[int | None] = [h.bits if h is not None else None for h in hands]
    f = first.index
    for number, row in enumerate(rows[:total], 1):
        by_seat = row[-f:] + row[:-f] if f else row  # the entries by seat index
        for e in row:  # cards seen twice, whatever the order
            if e.card is not None:
                bit = 1 << e.card.index
                if seen & bit:
                    problems.error(e.lineno, "play-twice", f"{e.card} is played twice")
                seen |= bit
        if leader is None:
            if plus_seen and any(e.card is not None for e in row):
                problems.error(row[0].lineno, "play-plus", f"cards in trick {number}, after '+' (§3.6)")
            continue
        if irregular:
            out_of_turn = [s for s in SEATS if by_seat[s.index].lead_out_of_turn]
            if len(out_of_turn) > 1:
                problems.error(row[0].lineno, "play-irregularity", f"two ^L marks in trick {number}")
            elif out_of_turn:
                if out_of_turn[0] is leader:
                    problems.error(by_seat[leader.index].lineno, "play-irregularity",
                                   f"^L on {leader.name.title()}, who was to lead trick {number}")
                leader = out_of_turn[0]
        lead = leader.index
        trick_cards: list[Card] = []
        for k in range(4):
            index = (lead + k) % 4
            e = by_seat[index]
            if e.revoke and k == 0:
                problems.error(e.lineno, "play-irregularity", f"^R on the lead to trick {number}")
            card = e.card
            if card is None:
                if e.mark == "+":
                    if plus_seen:
                        problems.error(e.lineno, "play-plus", "a second '+' in the play (§3.6)")
                    plus_seen = True
                in_order = False
                continue
            if plus_seen:
                problems.error(e.lineno, "play-plus", f"{card} is played after '+' (§3.6)")
            hand = held[index]
            if hand is not None:
                bit = 1 << card.index
                if not turned:
                    if not hand & bit:
                        seat = SEATS[index]
                        original = deal.hands[index] if deal is not None else None
                        why = "has already been played" if original is not None and card in original \
                            else "is not in that hand"
                        problems.error(e.lineno, "play-card-not-held",
                                       f"{seat.name.title()} plays {card} to trick {number}, but it {why}")
                    elif k > 0 and in_order and trick_cards:
                        led = trick_cards[0]
                        # Law 44C: a player who holds a card of the suit led must follow suit
                        revoke = card.suit is not led.suit and bool(hand & _SUIT_BITS[led.index // 13])
                        if revoke and not e.revoke:
                            problems.error(e.lineno, "play-revoke",
                                           f"{SEATS[index].name.title()} plays {card} to trick {number} "
                                           f"holding a {led.suit.name.lower().rstrip('s')} (Law 44C; ^R "
                                           "marks a revoke that stood)")
                        elif e.revoke and not revoke:
                            problems.error(e.lineno, "play-irregularity",
                                           f"{card} is marked ^R but {SEATS[index].name.title()} did not "
                                           "revoke")
                held[index] = hand & ~bit
            trick_cards.append(card)
            if in_order:
                cards.append(card)
                if k == 0:
                    leaders.append(SEATS[index])
        if len(trick_cards) == 4 and in_order and trump_known:
            winner = Trick(leader, tuple(trick_cards)).winner(trump)
            complete_tricks += 1
            if declarer is not None and winner.side is declarer.side:
                wins += 1
            leader = winner
        else:
            leader = None
    return PlaySection(first, tuple(rows), end, notes, tuple(cards), tuple(leaders), complete_tricks,
                       wins if declarer is not None else None, total, plus_seen, irregular, tag.lineno)


def _turned(rows: list[tuple[PlayEntry, ...]], first: Seat, deal: Deal | PartialDeal | None) -> int:
    """How many seats clockwise every card of the play lies from the player who plays it, when that is the
    same for all of them and not 0 (a deal or Play tag starting at the wrong seat); 0 otherwise. Four cards
    at least are needed to say so."""
    if not isinstance(deal, Deal):
        return 0
    f = first.index
    for row in rows:  # the first known card held by its player: 0 (what nearly every play gives)
        for i, e in enumerate(row):
            if e.card is not None:
                if deal.hands[(f + i) % 4].bits >> e.card.index & 1:
                    return 0
                break
        else:
            continue
        break
    owner = [0] * 52  # the seat index holding each card
    for index, hand in enumerate(deal.hands):
        bits = hand.bits
        while bits:
            low = bits & -bits
            owner[low.bit_length() - 1] = index
            bits ^= low
    f = first.index
    offsets = {(owner[e.card.index] - f - i) % 4
               for row in rows for i, e in enumerate(row) if e.card is not None}
    played = sum(e.card is not None for row in rows for e in row)
    return offsets.pop() if played >= 4 and len(offsets) == 1 and 0 not in offsets else 0
