"""Writing PBN in export format (PBN 2.1 §2.1, §3.4-§3.6, §5).

Each game starts with the 15 mandatory tags in the standard order (``"?"`` when a value is unknown), then the
other identification tags in their original order, the auction and play sections with their notes, and the
tables and other sections in their original order. Calls are written four to a line from the dealer, cards
four to a line in seat columns from the opening leader. A :class:`PBNGame` keeps everything it was read from
(unknown tags, comments, irregularity marks, tables), so rewriting it loses nothing; a bare
:class:`~tenace.record.DealRecord` (from LIN or JSON, say) is written from its fields.

Inherited tag values (``"#"``, ``"##..."``) are written out in full, so that each game stands alone. A bare
record with a board number but no dealer or vulnerability gets those of Law 2.

>>> from tenace.deal import Deal
>>> from tenace.contract import Contract
>>> rec = DealRecord(number=1, deal=Deal.from_pbn(
...     "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"),
...     contract=Contract.from_str("7NTN"), tricks=13)
>>> print(format_game(rec, newline="\\n"))  # doctest: +ELLIPSIS
[Event "?"]
...
[Board "1"]
...
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "?"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import replace
from typing import IO, Final

from tenace.board import dealer_for, vulnerability_for
from tenace.deal import Deal
from tenace.formats.pbn.auction_section import AuctionEntry, AuctionSection
from tenace.formats.pbn.game import MANDATORY, SECTIONS, PBNGame, is_table
from tenace.formats.pbn.grammar import Comment, RawTag
from tenace.formats.pbn.play_section import PlayEntry, PlaySection
from tenace.formats.pbn.tables import Cell, Column, PBNTable
from tenace.formats.pbn.tags import DeclarerValue, ResultValue
from tenace.formats.pbn.tokenize import quote
from tenace.play import Trick
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import Seat

HEADER: Final = ("% PBN 2.1", "% EXPORT")
_TAG_NAME: Final = re.compile(r"[A-Z][A-Za-z0-9_]*")


def _tag(name: str, value: str) -> str:
    if value == "#" or value.startswith("##"):
        # a reader takes "#" as the previous game's value and "##x" as x (§4.8): a value that looks like
        # either is written as "##" and itself, which reads back as the value
        value = "##" + value
    return f"[{name} {quote(value)}]"


def _comment(text: str) -> str:
    return "{" + text + "}" if "}" not in text else ";" + text.replace("\n", " ")


def _mandatory_values(record: DealRecord, game: PBNGame | None) -> dict[str, str | None]:
    """What the record says for each mandatory tag (``None``: the record does not know)."""
    c = record.contract
    extra = dict(record.extra)
    dealer = record.dealer
    out: dict[str, str | None] = {name: extra.get(name) for name in ("Event", "Site", "Date", "Scoring")}
    out["Board"] = str(record.number) if record.number is not None else None
    for name, player in zip(("North", "East", "South", "West"), record.players, strict=True):
        out[name] = player
    vul = record.vulnerability
    if record.number is not None and game is None:  # export format wants them; Law 2 gives them
        dealer = dealer or dealer_for(record.number)
        vul = vul or vulnerability_for(record.number)
    out["Dealer"] = dealer.value if dealer is not None else None
    out["Vulnerable"] = str(vul) if vul is not None else None
    first = dealer or (dealer_for(record.number) if record.number is not None else Seat.NORTH)
    out["Deal"] = record.deal.to_pbn(first) if record.deal is not None else None
    declarer_value = game.values.get("Declarer") if game is not None else None
    irregular = isinstance(declarer_value, DeclarerValue) and declarer_value.irregular
    result_value = game.values.get("Result") if game is not None else None
    caret = "^" if isinstance(result_value, ResultValue) and result_value.irregular else ""
    if record.passed_out:
        out["Declarer"], out["Contract"], out["Result"] = "", "Pass", ""
    else:
        out["Declarer"] = (("^" if irregular else "") + c.declarer.value) if c is not None else None
        out["Contract"] = c.text() if c is not None else None
        out["Result"] = caret + str(record.tricks) if record.tricks is not None else None
    return out


def _tag_lines(tag_name: str, value: str, comments: Iterable[Comment] = ()) -> list[str]:
    return [_tag(tag_name, value), *(_comment(c.text) for c in comments)]


def format_game(game: PBNGame | DealRecord, *, fill_mandatory: bool = True, newline: str = "\r\n") -> str:
    """One game in export format (without the blank line that separates games).

    :param fill_mandatory: write every mandatory tag, with ``"?"`` for unknown values (§3.4).
    """
    if isinstance(game, PBNGame):
        record, pbn = game.record, game
    else:
        record, pbn = game, None
    raw_tags = {t.name: t for t in pbn.tags} if pbn is not None else {}
    lines: list[str] = [_comment(c.text) for c in pbn.comments] if pbn is not None else []
    known = _mandatory_values(record, pbn)
    for name in MANDATORY:
        value = known.get(name)
        raw = raw_tags.get(name)
        if value is None and raw is not None:
            value = raw.value
        if value is None:
            if not fill_mandatory:
                continue
            value = "?"
        lines += _tag_lines(name, value, raw.comments if raw is not None else ())
    sections: list[RawTag] = []
    if pbn is not None:
        for tag in pbn.tags:
            if tag.name in MANDATORY or tag.name in SECTIONS:
                continue
            if tag.items or is_table(tag.name):
                sections.append(tag)
            else:
                lines += _tag_lines(tag.name, tag.value, tag.comments)
    else:  # keys of other formats that are not PBN tag names (LIN's "st", "rh") are not written
        lines += [_tag(name, value) for name, value in record.extra
                  if name not in MANDATORY and _TAG_NAME.fullmatch(name)]
    unwritten = [t for t in pbn.tags if t.name == "Note"] if pbn is not None else []
    lines += _auction_lines(record, pbn, unwritten)
    lines += _play_lines(record, pbn, unwritten)
    for note in unwritten:  # a note the file put elsewhere (§3.5.5 wants it after its section): kept
        lines += _tag_lines("Note", note.value, note.comments)
    for tag in sections:
        table = pbn.table(tag.name) if pbn is not None else None
        lines += _table_lines(table) if table is not None else _section_lines(tag)
    return newline.join(lines)


def write_games(games: Iterable[PBNGame | DealRecord], file: str | os.PathLike[str] | IO[str] | None = None,
                *, newline: str = "\r\n", encoding: str = "utf-8", header: bool = True) -> str:
    """Games in export format, separated by empty lines; also written to ``file`` (a path or an open text
    file) when given. Returns the text.

    :param encoding: for a path: the file's encoding (export format expects ISO-8859-1; UTF-8 is the
        default because names are often outside Latin-1). It is declared in a ``%`` header line.
    """
    parts: list[str] = []
    if header:
        head = list(HEADER)
        if encoding.lower().replace("_", "-") not in ("iso-8859-1", "latin-1", "latin1"):
            head.append(f"%Content-type: text/x-pbn; charset={encoding.upper()}")
        parts.append(newline.join(head))
    parts += [format_game(g, newline=newline) for g in games]
    text = (newline * 2).join(parts) + newline
    if isinstance(file, str | os.PathLike):
        with open(file, "w", encoding=encoding, newline="") as handle:
            handle.write(text)
    elif file is not None:
        file.write(text)
    return text


# --- auction --------------------------------------------------------------------------------------------

def _entries_from_calls(calls: tuple[AnnotatedCall, ...]) -> tuple[list[AuctionEntry], list[tuple[int, str]]]:
    """Auction entries for record calls; explanations become numbered notes."""
    notes: list[tuple[int, str]] = []
    entries: list[AuctionEntry] = []
    for ac in calls:
        marks = (ac.annotation or "").split()
        for mark in marks:
            if mark == "^S":
                entries.append(AuctionEntry(None, "^S"))
        nags = tuple(int(m[1:]) for m in marks if m.startswith("$") and m[1:].isdigit())
        note = None
        if ac.alert or ac.explanation:
            text = ac.explanation or ""
            note = next((i for i, t in notes if t == text), None)
            if note is None and len(notes) < 32:
                note = len(notes) + 1
                notes.append((note, text))
        entries.append(AuctionEntry(ac.call, None, "^I" in marks, note, nags))
    return entries, notes


def _auction_lines(record: DealRecord, pbn: PBNGame | None, unwritten: list[RawTag]) -> list[str]:
    section: AuctionSection | None = pbn.auction if pbn is not None else None
    if section is not None:
        entries = list(section.entries)
        first = section.first
        while entries and entries[0].mark == "-":  # export format: the dealer's call first (§3.5)
            entries.pop(0)
            first = first.lho
        notes, end = list(section.notes), section.end
        for k, entry in enumerate(entries):  # an alert without a note (BEN's "*"): a note without text
            if entry.alert and entry.note is None:
                number = max((n for n, _ in notes), default=0) + 1
                entries[k] = replace(entry, note=number)
                notes.append((number, ""))
    elif record.calls is not None:
        first = record.dealer or (dealer_for(record.number) if record.number is not None else Seat.NORTH)
        entries, notes = _entries_from_calls(record.calls)
        end = None
        if entries and not _ends(record):
            end = "*"
    else:
        return []
    lines = [_tag("Auction", first.value)]
    row: list[str] = []
    for entry in entries:
        row.append(entry.token() + "".join(" " + _comment(c) for c in entry.comments))
        if len(row) == 4:
            lines.append(" ".join(row))
            row = []
    if end is not None:
        row.append(end)
    if row:
        lines.append(" ".join(row))
    return lines + _note_lines(notes, unwritten)


def _note_lines(notes: Iterable[tuple[int, str]], unwritten: list[RawTag]) -> list[str]:
    """The ``Note`` tags of a section, each with the comments that followed it in the file read (so that a
    commentary after the last note is not lost in a round trip); each note written leaves ``unwritten``."""
    lines: list[str] = []
    for number, text in notes:
        value = f"{number}:{text}"
        raw = next((t for t in unwritten if t.value == value), None)
        if raw is not None:
            unwritten.remove(raw)
        lines += _tag_lines("Note", value, raw.comments if raw is not None else ())
    return lines


def _ends(record: DealRecord) -> bool:
    try:
        auction = record.auction()
    except ValueError:
        return False
    return auction is not None and auction.is_complete


# --- play -----------------------------------------------------------------------------------------------

def _rows_from_cards(record: DealRecord) -> tuple[Seat, list[list[PlayEntry]]] | None:
    """Seat-column rows for the record's cards (time order), recomputing each trick's leader (Law 44G)."""
    contract = record.contract
    if contract is None or not record.play:
        return None
    first = contract.opening_leader
    trump = contract.denomination.suit
    rows: list[list[PlayEntry]] = []
    leader = first
    cards = record.play
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        row = [PlayEntry(None, "-") for _ in range(4)]
        for k, card in enumerate(trick):
            seat = leader.rotate(k)
            row[(seat.index - first.index) % 4] = PlayEntry(card)
        rows.append(row)
        if len(trick) == 4:
            leader = Trick(leader, tuple(trick)).winner(trump)
    return first, rows


def _play_lines(record: DealRecord, pbn: PBNGame | None, unwritten: list[RawTag]) -> list[str]:
    section: PlaySection | None = pbn.play if pbn is not None else None
    if section is not None:
        first, rows, notes, end = section.first, [list(r) for r in section.rows], section.notes, section.end
    else:
        built = _rows_from_cards(record)
        if built is None:
            return []
        first, rows = built
        notes = ()
        total = len(record.deal.hands[0]) if isinstance(record.deal, Deal) else 13
        end = "*" if len(record.play) < 4 * total else None
    lines = [_tag("Play", first.value)]
    for row in rows:
        lines.append(" ".join(e.token() + "".join(" " + _comment(c) for c in e.comments) for e in row))
    if end is not None:
        lines.append(end)
    return lines + _note_lines(notes, unwritten)


# --- tables and other sections -------------------------------------------------------------------------

def _pad(cell: Cell, column: Column) -> str:
    token = cell.token()
    if column.width is None or len(token) >= column.width:
        return token
    right = column.align == "R" or (column.align is None and isinstance(cell.value, int | float) and
                                    not cell.quoted)
    return token.rjust(column.width) if right else token.ljust(column.width)


def _table_lines(table: PBNTable) -> list[str]:
    lines = [_tag(table.name, table.spec())]
    for row in table.rows:
        lines.append(" ".join(_pad(cell, col) for cell, col in zip(row, table.columns, strict=True)).rstrip())
    return lines


def _section_lines(tag: RawTag) -> list[str]:
    """An unknown section: its elements, one output line per input line."""
    lines = _tag_lines(tag.name, tag.value, [c for c in tag.comments if c.after == 0])
    current: list[str] = []
    line_no: int | None = None
    for item in tag.items:
        if line_no is not None and item.lineno != line_no and current:
            lines.append(" ".join(current))
            current = []
        line_no = item.lineno
        current.append(quote(item.text) if item.quoted else item.text)
    if current:
        lines.append(" ".join(current))
    return lines

