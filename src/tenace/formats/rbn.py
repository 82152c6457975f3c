"""RBN (Richard's Bridge Notation, Richard Pavlicek, rpbridge.net article 7A12): a reader and a writer for the
labels whose syntax is known here.

An RBN file is lines of ``<label> <data>``, a blank line between deals, ``%`` lines as comments (the first is
the ``% RBN`` signature) and ``{...}`` text paragraphs. Labels read into the record:

=====  ===========================================================================================
label  data
=====  ===========================================================================================
B      board, ``7`` or ``15:C`` (a number before the ``:`` is the board number)
N      names ``North+South:West+East`` (then ``:room`` and more, kept)
H      hands from the seat named: ``W:<W>:<N>:<E>:<S>``, each ``S.H.D.C``; an empty fourth hand after three
       full ones is the rest of the pack
A      ``<dealer><vul>:`` (vul ``Z`` none, ``N``, ``E``, ``B`` both, ``?``) then rounds of four calls (none:
       only the dealer and vulnerability are known)
       separated by ``:``; calls ``1S`` ... ``7N``, ``P``, ``X``, ``R`` (redouble), ``A`` (all pass), ``Y``
       (the auction stops here); ``*`` after a call marks an alert, ``^n`` refers to note ``n``
C      contract and declarer, ``5HX:N``
P      tricks separated by ``:``, each from its leader; a card is a suit letter and a rank, or a rank alone
       for a card of the suit led; ``!`` and ``?`` after a card are kept as comments on the play
R      tricks won by declarer, then the score, ``9-300`` (anything after a ``:`` is kept)
0-9    note ``n`` of the auction (of the play once a P label has been read)
=====  ===========================================================================================

The first ten labels (T D L E S F K N B H) carry over to the next deals until they are given again (an
empty one stops that); every
other label (and every label the reader does not interpret) is kept in :attr:`DealRecord.extra` as
``("RBN:<label>", data)``. The syntax of the M (double dummy) and I labels and of the R label after its
first ``:`` was not available here: they are kept as written, not interpreted. Comments on the play (``!``,
``?``) are not kept.

>>> text = '''% RBN
... B 1
... H W:KQT2.AT.J6542.85:.63.AKQ987.A9732:A8654.KQ5.T.QJT6:
... A NZ:1D1S3H4S:4NXPP:5CX5HX:A
... C 5HX:S
... P SK!H343:C26K5:S72H65:CAT48:DAT32:DKH5H74:H2
... R 9-300
... '''
>>> (record,) = read_rbn(text)
>>> record.number, str(record.contract), record.tricks, record.score_ns(), len(record.play), record.claim
(1, '5HXS', 9, -300, 25, 9)
>>> print("\\n".join(write_rbn([record]).splitlines()[3:8]))
H W:KQT2.AT.J6542.85:.63.AKQ987.A9732:A8654.KQ5.T.QJT6:J973.J98742.3.K4
A NZ:1D1S3H4S:4NXPP:5CX5HX:A
C 5HX:S
P SKH343:C26K5:S72H65:CAT48:DAT32:DKH5H74:H2
R 9-300
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Final

from tenace.auction import Auction
from tenace.board import Vulnerability
from tenace.calls import PASS, Bid, Call, Double, Pass, Redouble, parse_call
from tenace.cards import Card, CardSet, Suit
from tenace.contract import Contract, Doubling
from tenace.deal import Deal, PartialDeal
from tenace.errors import BridgeError, NotationError
from tenace.play import Trick
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import Seat

__all__ = ["RBNError", "read_rbn", "write_rbn"]


class RBNError(NotationError):
    """An RBN file cannot be read: the message names the file and the line."""


_CARRIED: Final = "TDLESFKNBH"
"""Labels that carry over to the next deals until given again."""
_ORDER: Final = "DTLESFKNBHACPRIM"
"""The order the writer puts labels in (RBN 3.1 puts the date first)."""
_VUL: Final = {"Z": Vulnerability.NONE, "N": Vulnerability.NS, "E": Vulnerability.EW, "B": Vulnerability.BOTH}
_VUL_LETTER: Final = {v: k for k, v in _VUL.items()}
_CALL: Final = re.compile(r"([1-7][NSHDC]|[PXRAY])(\*?)(?:\^(\d))?")
_RANKS: Final = "23456789TJQKA"
_SUIT_OF: Final = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_EXTRA: Final = "RBN:"


def _error(source: str, line: int, message: str) -> RBNError:
    return RBNError(f"{source}:{line}: {message}")


def _lines(data: str | os.PathLike[str] | IO[str]) -> tuple[Iterator[str], str | None]:
    if isinstance(data, str):
        return iter(data.splitlines()), None
    if isinstance(data, os.PathLike):
        path = Path(data)

        def from_file() -> Iterator[str]:
            with path.open(encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    yield line.rstrip("\r\n")

        return from_file(), str(path)
    name = getattr(data, "name", None)
    return (line.rstrip("\r\n") for line in data), name if isinstance(name, str) else None


def read_rbn(data: str | os.PathLike[str] | IO[str], *, source: str | None = None) -> Iterator[DealRecord]:
    """The deals of RBN text, a path or an open text file, one at a time (a file of any size is read a line
    at a time).

    :raises RBNError: on a label that cannot be read, naming the file and line.
    """
    lines, name = _lines(data)
    label = source or name or "<rbn>"
    carried: dict[str, tuple[str, int]] = {}
    record: dict[str, tuple[str, int]] = {}
    notes: dict[str, dict[int, str]] = {"A": {}, "P": {}}
    order: list[tuple[str, str]] = []
    paragraph: list[str] | None = None
    for lineno, line in enumerate(lines, 1):
        if paragraph is not None:
            paragraph.append(line)
            if line.rstrip().endswith("}"):
                order.append(("{", "\n".join(paragraph).strip()[1:-1]))
                paragraph = None
            continue
        if not line.strip():
            if record or order:
                yield _record(carried, record, notes, order, label)
            record, notes, order = {}, {"A": {}, "P": {}}, []
            continue
        if line.startswith("%"):
            continue
        if line.startswith("{"):
            if line.rstrip().endswith("}"):
                order.append(("{", line.strip()[1:-1]))
            else:
                paragraph = [line]
            continue
        key, data_text = line[:1], line[2:] if line[1:2] == " " else line[1:]
        if key.isdigit():
            owner = "P" if "P" in record else "A"
            notes[owner][int(key)] = data_text
            continue
        if not data_text.strip():  # an empty label: not known (and no longer carried over)
            carried.pop(key, None)
            record.pop(key, None)
            continue
        if key in _CARRIED:
            carried[key] = (data_text, lineno)
        record[key] = (data_text, lineno)
    if paragraph is not None:
        raise _error(label, lineno, "a { text paragraph is never closed by }")
    if record or order:
        yield _record(carried, record, notes, order, label)


def _record(carried: dict[str, tuple[str, int]], record: dict[str, tuple[str, int]],
            notes: dict[str, dict[int, str]], order: list[tuple[str, str]], source: str) -> DealRecord:
    labels = {**carried, **record}
    extra: list[tuple[str, str]] = []
    number = None
    if "B" in labels:
        text, _ = labels["B"]
        head = text.split(":", 1)[0].strip()
        number = int(head) if head.isdigit() and int(head) > 0 else None
    players: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    if "N" in labels:
        players = _names(labels["N"][0])
    deal = _hands(*labels["H"], source) if "H" in labels else None
    dealer = vulnerability = None
    calls: tuple[AnnotatedCall, ...] | None = None
    stopped = False
    if "A" in record:
        dealer, vulnerability, calls, stopped = _auction(*record["A"], notes["A"], source)
    contract: Contract | None = None
    passed_out = False
    if "C" in record:
        contract, passed_out = _contract(*record["C"], source)
    elif calls is not None and dealer is not None and not stopped:
        auction = Auction(dealer)
        try:
            for call in calls:
                auction = auction.push(call.call)
        except BridgeError as exc:
            raise _error(source, record["A"][1], f"the auction is not lawful: {exc}") from None
        if auction.is_complete:
            contract = auction.contract()
            passed_out = contract is None
    tricks = None
    if "R" in record:
        tricks = _result(*record["R"], source)
    play: tuple[Card, ...] = ()
    if "P" in record:
        if contract is None:
            raise _error(source, record["P"][1],
                         "a P label needs the contract (a C label or a complete auction)")
        play = _play(*record["P"], contract, source)
    claim = tricks if tricks is not None and play and len(play) < 52 else None
    for key in _ORDER:
        if key in labels and key not in "BHACPR":
            extra.append((_EXTRA + key, labels[key][0]))
    if "B" in labels and number is None or "B" in labels and ":" in labels["B"][0]:
        extra.append((_EXTRA + "B", labels["B"][0]))
    if "R" in record and ":" in record["R"][0]:
        extra.append((_EXTRA + "R", record["R"][0]))
    for index, text in sorted(notes["P"].items()):
        extra.append((_EXTRA + f"P{index}", text))
    extra.extend((_EXTRA + key, text) for key, text in order)
    return DealRecord(number=number, dealer=dealer, vulnerability=vulnerability, deal=deal, players=players,
                      calls=calls, contract=contract, passed_out=passed_out, tricks=tricks, play=play,
                      claim=claim, extra=tuple(extra))


def _names(text: str) -> tuple[str | None, str | None, str | None, str | None]:
    parts = text.split(":")
    ns = (parts[0].split("+") + [""])[:2]
    we = ((parts[1] if len(parts) > 1 else "").split("+") + [""])[:2]
    n, s, w, e = (name.strip() or None for name in (*ns, *we))
    return (n, e, s, w)


def _hands(text: str, lineno: int, source: str) -> Deal | PartialDeal:
    body = text.strip()
    try:
        first = Seat.from_str(body[:1])
    except NotationError:
        raise _error(source, lineno, f"H {body!r} does not start with a seat (N, E, S, W)") from None
    parts = re.split(r"[:;]", body[1:])[1:]
    if len(parts) > 4:
        raise _error(source, lineno, f"H {body!r} has more than four hands")
    hands: list[CardSet | None] = [None] * 4
    for i, part in enumerate(parts):
        if not part and i < 3:
            continue
        try:
            hand = CardSet.from_pbn(part) if part else None
        except NotationError as exc:
            raise _error(source, lineno, f"hand {part!r}: {exc}") from None
        hands[(first.index + i) % 4] = hand
    known = [h for h in hands if h is not None]
    if len(parts) == 4 and not parts[3] and len(known) == 3 and all(len(h) == 13 for h in known):
        rest = CardSet.from_bits(((1 << 52) - 1) & ~(known[0].bits | known[1].bits | known[2].bits))
        hands = [rest if h is None else h for h in hands]
    n, e, s, w = hands
    if n is not None and e is not None and s is not None and w is not None:
        try:
            return Deal((n, e, s, w))
        except (BridgeError, ValueError) as exc:
            raise _error(source, lineno, f"H {body!r}: {exc}") from None
    return PartialDeal((n, e, s, w))


def _auction(text: str, lineno: int, notes: dict[int, str], source: str
             ) -> tuple[Seat, Vulnerability | None, tuple[AnnotatedCall, ...] | None, bool]:
    body = text.strip()
    dealer, vulnerability = Seat.WEST, None  # RBN 3.2: without a start, dealer West, vulnerability any
    if len(body) >= 3 and body[2] == ":" and body[0] in "NESW" and body[1] in "ZNEB?":
        dealer, vulnerability = Seat.from_str(body[0]), _VUL.get(body[1])
        body = body[3:]
    calls: list[AnnotatedCall] = []
    auction = Auction(dealer)
    stopped = False
    rounds = body.split(":") if body else []
    for k, rnd in enumerate(rounds):
        pos = 0
        count = 0
        while pos < len(rnd):
            match = _CALL.match(rnd, pos)
            if match is None:
                raise _error(source, lineno, f"A: {rnd[pos:]!r} is not a call (1S..7N, P, X, R, A, Y)")
            pos = match.end()
            count += 1
            word, alert, note = match.groups()
            if word == "Y":
                stopped = True
                continue
            if word == "A":
                while not auction.is_complete:
                    auction = auction.push(PASS)
                    calls.append(AnnotatedCall(PASS))
                continue
            call = parse_call({"R": "XX"}.get(word, word))
            explanation = notes.get(int(note)) if note is not None else None
            calls.append(AnnotatedCall(call, bool(alert) or note is not None, explanation,
                                       f"^{note}" if note is not None and explanation is None else None))
            try:
                auction = auction.push(call)
            except BridgeError as exc:
                raise _error(source, lineno, f"A: {word} is not lawful here: {exc}") from None
        if count != 4 and k < len(rounds) - 1:
            raise _error(source, lineno,
                         f"A: round {k + 1} has {count} calls; every round but the last has 4")
    return dealer, vulnerability, tuple(calls) if rounds else None, stopped


def _contract(text: str, lineno: int, source: str) -> tuple[Contract | None, bool]:
    body = text.strip().upper()
    if body in ("P", "PASS", "AP"):
        return None, True
    match = re.fullmatch(r"([1-7])([NSHDC])(XX|X|R)?:([NESW])", body)
    if match is None:
        raise _error(source, lineno, f"C {text!r} is not a contract and declarer such as 5HX:N")
    level, strain, doubled, declarer = match.groups()
    bid = parse_call(level + strain)
    if not isinstance(bid, Bid):  # pragma: no cover - the pattern allows bids only
        raise _error(source, lineno, f"C {text!r} is not a contract")
    doubling = Doubling.REDOUBLED if doubled in ("XX", "R") else \
        Doubling.DOUBLED if doubled == "X" else Doubling.UNDOUBLED
    return Contract(bid.level, bid.denomination, Seat.from_str(declarer), doubling), False


def _result(text: str, lineno: int, source: str) -> int:
    match = re.match(r"\s*(\d{1,2})", text)
    if match is None or int(match.group(1)) > 13:
        raise _error(source, lineno, f"R {text!r} does not start with the tricks won (0 to 13)")
    return int(match.group(1))


def _play(text: str, lineno: int, contract: Contract, source: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    leader = contract.declarer.lho
    trump = contract.denomination.suit
    for number, trick_text in enumerate(text.strip().split(":"), 1):
        trick: list[Card] = []
        led: Suit | None = None
        for match in re.finditer(r"([SHDC]?)([2-9TJQKA])[!?]*|(.)", trick_text):
            suit_letter, rank, other = match.groups()
            if other is not None:
                raise _error(source, lineno, f"P: {other!r} in trick {number} is not a card")
            if suit_letter:
                suit = _SUIT_OF[suit_letter]
            elif led is not None:
                suit = led
            else:
                raise _error(source, lineno, f"P: the lead to trick {number} has no suit")
            card = Card.from_str(suit.value + rank)
            led = led or suit
            trick.append(card)
        if len(trick) > 4:
            raise _error(source, lineno, f"P: trick {number} has {len(trick)} cards")
        cards.extend(trick)
        if len(trick) == 4:
            leader = Trick(leader, tuple(trick)).winner(trump)
        elif number < len(text.strip().split(":")):
            raise _error(source, lineno, f"P: trick {number} has {len(trick)} cards before the next trick")
    return tuple(cards)


# --- writing ----------------------------------------------------------------------------------------------


def _call_text(call: AnnotatedCall, notes: list[str]) -> str:
    match call.call:
        case Pass():
            word = "P"
        case Double():
            word = "X"
        case Redouble():
            word = "R"
        case Bid() as bid:
            word = f"{bid.level}{bid.denomination.value[:1]}"
        case _:  # pragma: no cover - every call is one of the four
            raise NotationError(f"unknown call {call.call!r}")
    if call.explanation and len(notes) < 9:
        notes.append(call.explanation)
        return f"{word}^{len(notes)}"
    return word + ("*" if call.alert else "")


def _auction_text(record: DealRecord, notes: list[str]) -> str | None:
    if record.dealer is None:
        return None
    vul = _VUL_LETTER.get(record.vulnerability, "?") if record.vulnerability is not None else "?"
    if record.calls is None:  # the dealer and vulnerability alone
        return f"{record.dealer.value}{vul}:"
    words = [_call_text(c, notes) for c in record.calls]
    calls: list[Call] = [c.call for c in record.calls]
    # trailing passes that end the auction are written as A (all pass)
    auction = Auction(record.dealer)
    complete = False
    try:
        for call in calls:
            auction = auction.push(call)
        complete = auction.is_complete
    except BridgeError:
        complete = False
    if complete:
        tail = 0
        while tail < len(words) and words[len(words) - 1 - tail] == "P":
            tail += 1
        if tail and tail < len(words):
            words = [*words[:len(words) - tail], "A"]
    else:
        words.append("Y")
    rounds = ["".join(words[i:i + 4]) for i in range(0, len(words), 4)]
    return f"{record.dealer.value}{vul}:" + ":".join(rounds)


def _play_text(record: DealRecord) -> str | None:
    if not record.play or record.contract is None:
        return None
    leader = record.contract.declarer.lho
    trump = record.contract.denomination.suit
    tricks = []
    for i in range(0, len(record.play), 4):
        trick = record.play[i:i + 4]
        led = trick[0].suit
        tricks.append("".join(str(c) if k == 0 or c.suit is not led else str(c)[1:]
                              for k, c in enumerate(trick)))
        if len(trick) == 4:
            leader = Trick(leader, tuple(trick)).winner(trump)
    return ":".join(tricks)


def _hands_text(deal: Deal | PartialDeal) -> str:
    parts = [h.to_pbn() if h is not None else "" for h in (deal.hands[s.index] for s in
                                                           (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH))]
    return "W:" + ":".join(parts)


def write_rbn(records: Iterable[DealRecord]) -> str:
    """RBN text for records (``% RBN`` first, a blank line after each deal, LF line ends). Labels kept from
    an RBN file (``extra`` keys ``RBN:<label>``) are written back; other keys of ``extra`` are not RBN."""
    out = ["% RBN", ""]
    carried: set[str] = set()  # labels written for an earlier deal, which carry over unless given again
    for record in records:
        lines: dict[str, str] = {}
        kept = {k[len(_EXTRA):]: v for k, v in record.extra if k.startswith(_EXTRA)}
        for key in _ORDER:
            if key in kept and key not in "HACPR":
                lines[key] = kept[key]
        n, e, s, w = record.players
        if any(record.players) and "N" not in lines:
            lines["N"] = f"{n or ''}+{s or ''}:{w or ''}+{e or ''}"
        if record.number is not None and "B" not in lines:
            lines["B"] = str(record.number)
        if record.deal is not None:
            lines["H"] = _hands_text(record.deal)
        notes: list[str] = []
        auction = _auction_text(record, notes)
        if auction is not None:
            lines["A"] = auction
        if record.contract is not None:
            c = record.contract
            doubling = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}[c.doubling]
            lines["C"] = f"{c.level}{c.denomination.value[:1]}{doubling}:{c.declarer.value}"
        elif record.passed_out:
            lines["C"] = "P"
        play = _play_text(record)
        if play is not None:
            lines["P"] = play
        if record.tricks is not None:
            points = record.score_ns() if record.contract is not None else None
            lines["R"] = f"{record.tricks}{points:+d}" if points is not None else str(record.tricks)
            written = kept.get("R")
            if written is not None and _result(written, 0, "") == record.tricks:
                lines["R"] = written  # as read, with what follows its ':'
        for key in _CARRIED:
            if key in carried and key not in lines:
                lines[key] = ""  # an empty label stops the carrying over
        carried = {key for key in _CARRIED if lines.get(key)}
        for key in _ORDER:
            if key in lines:
                out.append(f"{key} {lines[key]}".rstrip())
            if key == "A":
                out.extend(f"{i} {text}" for i, text in enumerate(notes, 1))
            if key == "P":
                out.extend(f"{k[len(_EXTRA) + 1:]} {v}" for k, v in record.extra
                           if k.startswith(_EXTRA + "P") and k[len(_EXTRA) + 1:].isdigit())
        out.extend(f"{{{text}}}" for k, text in record.extra if k == _EXTRA + "{")
        out.append("")
    return "\n".join(out)

