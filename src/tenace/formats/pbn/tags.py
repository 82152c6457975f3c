"""Layer 3a of the PBN reader: typed values of single tags, through a registry (PBN 2.1 §3.4, §4).

A parser takes the tag value and a :class:`TagContext` (to report warnings) and returns a typed value, or
raises :class:`ValueError` (any :class:`~tenace.errors.NotationError`) when the value is unusable. Tags with
no parser stay plain strings, so unknown and private tags pass through untouched (§4.9).

>>> parse_result("NS 9 EW 4", TagContext()).tricks_for(Seat.SOUTH)
9
>>> parse_score("NS -200", TagContext())
SideValue(ns=Decimal('-200'), ew=None, plain=None)
>>> str(parse_contract("4HX", TagContext()).contract(Seat.SOUTH))
'4HXS'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Final

from tenace.board import Vulnerability
from tenace.calls import Denomination
from tenace.cards import CardSet
from tenace.contract import Contract, Doubling
from tenace.deal import Deal, PartialDeal
from tenace.errors import InvalidDealError, NotationError
from tenace.formats.pbn.dd import (
    parse_ability,
    parse_dd_tricks,
    parse_par_contracts,
)
from tenace.formats.pbn.problems import TagContext
from tenace.seats import SEATS, Seat, Side

TagParser = Callable[[str, TagContext], object]

UNKNOWN: Final = "?"
_FULL: Final = (1 << 52) - 1
"""The value of a mandatory tag that is not known (§3.4)."""


def is_blank(value: str) -> bool:
    """``""`` (not applicable) or ``"?"`` (unknown): both mean "no value" to the typed layer."""
    return value.strip() in ("", UNKNOWN)


# --- identification section (§3.4) ------------------------------------------------------------------

_DATE: Final = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
_TIME: Final = re.compile(r"(\d\d|\?\?):(\d\d|\?\?):(\d\d|\?\?)")


def parse_date(value: str, ctx: TagContext) -> str:
    """``YYYY.MM.DD`` with ``?`` for unknown digits (§3.4.3); anything else is kept with a warning."""
    if not is_blank(value) and not _DATE.fullmatch(value):
        ctx.warn("date", f"date {value!r} is not YYYY.MM.DD (§3.4.3)")
    return value


def parse_time(value: str, ctx: TagContext) -> str:
    """``HH:MM:SS`` (§4.5.1)."""
    if value and not _TIME.fullmatch(value):
        ctx.warn("time", f"time {value!r} is not HH:MM:SS (§4.5.1)")
    return value


def parse_board(value: str, ctx: TagContext) -> int | None:
    """A positive board number (§3.4.4)."""
    if is_blank(value):
        return None
    text = value.strip()
    if not text.isdigit() or int(text) < 1:
        raise NotationError(f"board number {value!r} is not a positive integer (§3.4.4)")
    return int(text)


def parse_seat(value: str, ctx: TagContext) -> Seat | None:
    """``N``, ``E``, ``S`` or ``W``, any case (§3.4.9, §3.11)."""
    if is_blank(value):
        return None
    text = value.strip()
    if len(text) != 1 or text.upper() not in "NESW":
        raise NotationError(f"{value!r} is not a seat (N, E, S or W)")
    return Seat.from_str(text)


_VUL_STANDARD: Final = {"NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
                        "NS": Vulnerability.NS, "EW": Vulnerability.EW,
                        "ALL": Vulnerability.BOTH, "BOTH": Vulnerability.BOTH}
_VUL_LENIENT: Final = {"N-S": Vulnerability.NS, "E-W": Vulnerability.EW, "NS/": Vulnerability.NS,
                       "N/S": Vulnerability.NS, "E/W": Vulnerability.EW}


def parse_vulnerable(value: str, ctx: TagContext) -> Vulnerability | None:
    """``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both`` (§3.4.10); ``N-S``, ``E-W`` and stray spaces
    are understood with a warning."""
    if value == UNKNOWN or value == "":
        return None
    key = value.upper()
    if key in _VUL_STANDARD:
        return _VUL_STANDARD[key]
    lenient = key.strip()
    found = _VUL_STANDARD.get(lenient) or _VUL_LENIENT.get(lenient)
    if found is None:
        raise NotationError(f"vulnerability {value!r} is not None, NS, EW or All (§3.4.10)")
    ctx.warn("vulnerable", f"vulnerability {value!r} is not written as PBN says (None, NS, EW, All)")
    return found


_RANK_BITS: Final = tuple(
    {letter: CardSet.from_pbn(".".join(letter if k == i else "" for k in range(4))).bits
     for letter in "AKQJT98765432"}
    for i in range(4))
"""For each suit in PBN order (spades first), the card-set bit of each rank letter."""
_FIRST: Final = {seat.value: seat.index for seat in SEATS}


_HOLDINGS: Final = tuple({"": 0} for _ in range(4))
"""Bits of the plain holdings met so far, by suit."""
_HOLDINGS_KEPT: Final = 8192
"""At most this many a suit (as many as there are holdings in rank order; any order is read too)."""


def _fast_hand(text: str) -> int | None:
    """The bits of a hand written in plain upper-case PBN (``"AKQ.JT9.8765.432"``); ``None`` for anything
    else (lower case, ``10``, a card twice, ...), which :meth:`CardSet.from_pbn` then reads or reports."""
    parts = text.split(".")
    if len(parts) != 4:
        return None
    bits = 0
    for known, table, holding in zip(_HOLDINGS, _RANK_BITS, parts, strict=True):
        suit = known.get(holding)
        if suit is None:
            suit = 0
            for letter in holding:
                bit = table.get(letter, 0)
                if not bit or suit & bit:
                    return None
                suit |= bit
            if len(known) < _HOLDINGS_KEPT:
                known[holding] = suit
        bits |= suit
    return bits


def _fast_partial_deal(body: str) -> PartialDeal | None:
    """:meth:`PartialDeal.from_pbn` for a deal in plain PBN, in a fraction of the time; ``None`` when the
    text is anything but plain (the general parser then reads it and words any error)."""
    first = _FIRST.get(body[:1])
    parts = body[2:].split()
    if first is None or body[1:2] != ":" or len(parts) != 4:
        return None
    hands: list[CardSet | None] = [None] * 4
    for i, part in enumerate(parts):
        if part != "-":
            bits = _fast_hand(part)
            if bits is None:
                return None
            hands[(first + i) % 4] = CardSet.from_bits(bits)
    n, e, s, w = hands
    return PartialDeal((n, e, s, w))


def parse_deal(value: str, ctx: TagContext) -> Deal | PartialDeal | None:
    """The ``Deal`` tag (§3.4.11): a full :class:`Deal`, or a :class:`PartialDeal` when hands are unknown
    (``-``) or an end position (§3.10) has fewer than 13 cards a hand.

    :raises NotationError: on bad syntax, hands of different lengths, or a card in two hands.
    """
    known_deal = _DEALS.get(value)
    if known_deal is not None:  # the same board played at another table
        return known_deal
    if is_blank(value):
        return None
    body = value.strip()
    if "  " in body:
        ctx.warn("deal", "hands in a Deal are separated by single spaces (§3.4.11)")
    deal = _parse_deal(value, body)
    if "  " not in body:  # only deals read without a warning are kept (a repeat must warn again)
        if len(_DEALS) >= _DEALS_KEPT:
            _DEALS.clear()
        _DEALS[value] = deal
    return deal


_DEALS: Final[dict[str, Deal | PartialDeal]] = {}
"""Deals read lately, by the Deal tag's value: a file gives each board once a table."""
_DEALS_KEPT: Final = 256


def _parse_deal(value: str, body: str) -> Deal | PartialDeal:
    partial = _fast_partial_deal(body) or PartialDeal.from_pbn(body)
    known = [h for h in partial.hands if h is not None]
    if not known or not any(known):
        raise NotationError(f"deal {value!r} gives no cards")
    seen = 0
    for seat, hand in zip(SEATS, partial.hands, strict=True):
        if hand is None:
            continue
        if seen & hand.bits:
            raise NotationError(f"deal {value!r}: a card is in two hands ({seat.name.title()})")
        seen |= hand.bits
    sizes = {len(h) for h in known}
    if max(sizes) > 13:
        raise NotationError(f"deal {value!r}: a hand has more than 13 cards")
    if len(sizes) > 1:
        counts = ", ".join(f"{s.name.title()} {len(h)}" for s, h in zip(SEATS, partial.hands, strict=True)
                           if h is not None)
        raise NotationError(f"deal {value!r}: hands have different numbers of cards ({counts})")
    if sizes == {13} and len(known) >= 3:
        rest = CardSet.from_bits(_FULL & ~seen)  # a hand left out is the rest of the pack (§3.4.11)
        n, e, s, w = (rest if h is None else h for h in partial.hands)
        try:
            return Deal((n, e, s, w))
        except InvalidDealError as exc:  # pragma: no cover - sizes and overlaps were checked above
            raise NotationError(str(exc)) from None
    return partial


_SCORING_FIELD: Final = re.compile(r"[A-Za-z0-9_\-]+")


def parse_scoring(value: str, ctx: TagContext) -> tuple[str, ...]:
    """Fields separated by ``;``: a basic system (``MP``, ``IMP``, ...) and modifiers (§3.4.12)."""
    if is_blank(value):
        return ()
    fields = tuple(f.strip() for f in value.split(";"))
    for f in fields:
        if not _SCORING_FIELD.fullmatch(f):
            ctx.warn("scoring", f"scoring field {f!r} in {value!r} is not a name (§3.4.12)")
    return fields


@dataclass(frozen=True, slots=True)
class DeclarerValue:
    """The ``Declarer`` tag: the seat, and whether it is the irregular declarer of §3.4.13 (``^S``: the
    declarer and dummy were swapped). ``seat is None``: ``""``, passed out or not applicable."""

    seat: Seat | None
    irregular: bool = False


def parse_declarer(value: str, ctx: TagContext) -> DeclarerValue | None:
    """``N``, ``^S``, ``""`` (passed out, §3.4.13); ``"?"`` is unknown (``None``)."""
    if value.strip() == UNKNOWN:
        return None
    text = value.strip()
    if text == "":
        return DeclarerValue(None)
    irregular = text.startswith("^")
    seat = parse_seat(text[1:] if irregular else text, ctx)
    return DeclarerValue(seat, irregular)


@dataclass(frozen=True, slots=True)
class ContractValue:
    """The ``Contract`` tag (§3.4.14): passed out, a contract without its declarer, or only a denomination
    (an end position, §3.10)."""

    passed_out: bool = False
    level: int | None = None
    denomination: Denomination | None = None
    doubling: Doubling = Doubling.UNDOUBLED

    def contract(self, declarer: Seat) -> Contract | None:
        if self.level is None or self.denomination is None:
            return None
        return Contract(self.level, self.denomination, declarer, self.doubling)

    def __str__(self) -> str:
        if self.passed_out:
            return "Pass"
        if self.denomination is None:
            return ""
        return f"{self.level or ''}{self.denomination.value}{self.doubling}"


_CONTRACT: Final = re.compile(r"([1-7])(NT|[CDHS])(XX|X)?", re.IGNORECASE)
_DENOMINATION: Final = re.compile(r"NT|[CDHS]", re.IGNORECASE)


def parse_contract(value: str, ctx: TagContext) -> ContractValue | None:
    """``"4HX"``, ``"Pass"`` (passed out) or a bare denomination for an end position. ``""`` (not
    applicable, as in a hand record, §3.4) and ``"?"`` are no value."""
    text = value.strip()
    if is_blank(text):
        return None
    if text.upper() == "PASS":
        return ContractValue(passed_out=True)
    match = _CONTRACT.fullmatch(text)
    if match is None and re.fullmatch(r"[1-7]N(XX|X)?", text, re.IGNORECASE):
        ctx.warn("contract", f"contract {value!r}: PBN writes notrump as NT (§3.4.14)")
        match = _CONTRACT.fullmatch(text[:2] + "T" + text[2:])
    if match is not None:
        level, denom, dbl = match.groups()
        doubling = {None: Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}[
            dbl.upper() if dbl else None]
        return ContractValue(False, int(level), Denomination.from_str(denom), doubling)
    if _DENOMINATION.fullmatch(text):
        return ContractValue(False, None, Denomination.from_str(text))
    raise NotationError(f"contract {value!r} is not like 4HX, 3NT, Pass (§3.4.14)")


@dataclass(frozen=True, slots=True)
class SideNumbers:
    """Numbers given for declarer (``plain``) or per side, as in ``Result`` and ``Score`` tags."""

    ns: int | None = None
    ew: int | None = None
    plain: int | None = None


@dataclass(frozen=True, slots=True)
class ResultValue:
    """The ``Result`` tag (§3.4.15): tricks for declarer or per side, and whether it is marked ``^``
    (the players agreed on a number of tricks that differs from the real one)."""

    ns: int | None = None
    ew: int | None = None
    plain: int | None = None
    irregular: bool = False

    def tricks_for(self, declarer: Seat | None) -> int | None:
        """Declarer's tricks, given the declarer (needed for ``NS``/``EW`` forms)."""
        if self.plain is not None:
            return self.plain
        if declarer is None:
            return None
        if declarer.side is Side.NS:
            return self.ns if self.ns is not None else (13 - self.ew if self.ew is not None else None)
        return self.ew if self.ew is not None else (13 - self.ns if self.ns is not None else None)


_SIDE_PAIR: Final = re.compile(r"(NS|EW)\s+(\S+)(?:\s+(NS|EW)\s+(\S+))?")


def _side_split(value: str) -> tuple[str | None, str | None, str | None]:
    """``("ns text", "ew text", "plain text")`` from ``"9"``, ``"NS 9"``, ``"EW 4 NS 9"``."""
    text = value.strip()
    match = _SIDE_PAIR.fullmatch(text)
    if match is None:
        if " " in text or not text:
            raise NotationError(f"{value!r} is not '<value>', 'NS <value>', 'EW <value>' or both sides")
        return None, None, text
    side1, v1, side2, v2 = match.groups()
    if side2 is not None and side2 == side1:
        raise NotationError(f"{value!r} names side {side1} twice")
    values = {side1: v1, **({side2: v2} if side2 else {})}
    return values.get("NS"), values.get("EW"), None


def parse_result(value: str, ctx: TagContext) -> ResultValue | None:
    """``"9"``, ``"NS 9"``, ``"EW 4 NS 9"``, optionally after ``^`` (§3.4.15). Tricks are 0..13, and two
    sides must add up to 13."""
    text = value.strip()
    if is_blank(text):
        return None
    irregular = text.startswith("^")
    if irregular:
        text = text[1:]
    ns, ew, plain = _side_split(text)

    def tricks(t: str | None) -> int | None:
        if t is None:
            return None
        if not t.isdigit() or not 0 <= int(t) <= 13:
            raise NotationError(f"result {value!r}: {t!r} is not a number of tricks 0..13 (§3.4.15)")
        return int(t)

    result = ResultValue(tricks(ns), tricks(ew), tricks(plain), irregular)
    if result.ns is not None and result.ew is not None and result.ns + result.ew != 13:
        raise NotationError(f"result {value!r}: the tricks of both sides add up to "
                            f"{result.ns + result.ew}, not 13")
    return result


@dataclass(frozen=True, slots=True)
class SideValue:
    """A score-like value (``Score``, ``ScoreIMP``, ``ScoreMP``, ``ScorePercentage``, ``OptimumScore``,
    §4.2): for declarer (``plain``) or per side."""

    ns: Decimal | None = None
    ew: Decimal | None = None
    plain: Decimal | None = None

    def for_ns(self, declarer: Seat | None = None) -> Decimal | None:
        """The value for North-South (a declarer value needs the declarer)."""
        if self.ns is not None:
            return self.ns
        if self.ew is not None:
            return -self.ew
        if self.plain is not None and declarer is not None:
            return self.plain if declarer.side is Side.NS else -self.plain
        return None


_NUMBER: Final = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)")


def _number(text: str | None, value: str, *, integer: bool) -> Decimal | None:
    if text is None:
        return None
    if not _NUMBER.fullmatch(text) or (integer and "." in text):
        kind = "an integer" if integer else "a number"
        raise NotationError(f"{text!r} in {value!r} is not {kind}")
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern admits only valid decimals
        raise NotationError(f"{text!r} is not a number") from None


def _side_value(value: str, *, integer: bool, sides_only: bool = False) -> SideValue | None:
    if is_blank(value):
        return None
    ns, ew, plain = _side_split(value)
    if sides_only and plain is not None:
        raise NotationError(f"{value!r} must name its side: 'NS <score>' or 'EW <score>'")
    return SideValue(_number(ns, value, integer=integer), _number(ew, value, integer=integer),
                     _number(plain, value, integer=integer))


def parse_score(value: str, ctx: TagContext) -> SideValue | None:
    """``Score``: integer points for declarer or per side (§4.2.1)."""
    return _side_value(value, integer=True)


def parse_decimal_score(value: str, ctx: TagContext) -> SideValue | None:
    """``ScoreIMP``, ``ScoreMP``: integers or decimals (§4.2.2-§4.2.3)."""
    return _side_value(value, integer=False)


def parse_percentage(value: str, ctx: TagContext) -> SideValue | None:
    """``ScorePercentage``: 0..100 (§4.2.4)."""
    result = _side_value(value, integer=False)
    if result is not None:
        for number in (result.ns, result.ew, result.plain):
            if number is not None and not 0 <= number <= 100:
                raise NotationError(f"percentage {value!r} is not between 0 and 100 (§4.2.4)")
    return result


def parse_optimum_score(value: str, ctx: TagContext) -> SideValue | None:
    """``OptimumScore``: ``"NS 620"`` or ``"EW -300"`` (§4.2.7); the side is required."""
    return _side_value(value, integer=True, sides_only=True)


_RUBBER: Final = re.compile(r"\d+\s*/\s*\d+")


def parse_score_rubber(value: str, ctx: TagContext) -> str:
    """``"<above>/<below>"`` for declarer or per side (§4.2.5); validated, kept as text."""
    if is_blank(value):
        return value
    text = value.strip()
    match = re.fullmatch(r"(NS|EW)\s+(\d+\s*/\s*\d+)(?:\s+(NS|EW)\s+(\d+\s*/\s*\d+))?", text)
    if match is None and not _RUBBER.fullmatch(text):
        raise NotationError(f"rubber score {value!r} is not '<above>/<below>' (§4.2.5)")
    return value


@dataclass(frozen=True, slots=True)
class RubberHistory:
    """``ScoreRubberHistory`` (§4.2.6): for each side, points above the line and below the line per game."""

    ns_above: tuple[int, int]
    ns_below: tuple[int, ...]
    ew_above: tuple[int, int]
    ew_below: tuple[int, ...]

    def games_won(self, side: Side) -> int:
        """Finished games of the current rubber won by ``side`` (every below-line entry but the last)."""
        mine = self.ns_below if side is Side.NS else self.ew_below
        return sum(1 for points in mine[:-1] if points >= 100)

    def vulnerability(self) -> Vulnerability:
        """A side that has won a game is vulnerable."""
        ns, ew = self.games_won(Side.NS) > 0, self.games_won(Side.EW) > 0
        return {(False, False): Vulnerability.NONE, (True, False): Vulnerability.NS,
                (False, True): Vulnerability.EW, (True, True): Vulnerability.BOTH}[(ns, ew)]


def parse_rubber_history(value: str, ctx: TagContext) -> RubberHistory | None:
    """``"NS 0 0 / 100 0 EW 0 0 / 0 0"``."""
    if is_blank(value):
        return None
    match = re.fullmatch(r"NS\s+(.*?)\s+EW\s+(.*)", value.strip())
    if match is None:
        raise NotationError(f"rubber history {value!r} is not 'NS <history> EW <history>' (§4.2.6)")

    def one(text: str) -> tuple[tuple[int, int], tuple[int, ...]]:
        if "/" not in text:
            raise NotationError(f"rubber history {value!r}: {text!r} has no '/'")
        above, below = text.split("/", 1)
        a, b = above.split(), below.split()
        if len(a) != 2 or not 1 <= len(b) <= 3 or not all(x.isdigit() for x in a + b):
            raise NotationError(f"rubber history {value!r}: {text!r} is not '<prev> <cur> / <game>...'")
        return (int(a[0]), int(a[1])), tuple(int(x) for x in b)

    ns_above, ns_below = one(match.group(1))
    ew_above, ew_below = one(match.group(2))
    if len(ns_below) != len(ew_below):
        raise NotationError(f"rubber history {value!r}: the sides list different numbers of games")
    return RubberHistory(ns_above, ns_below, ew_above, ew_below)


# --- supplemental tags with a fixed syntax (§4) --------------------------------------------------------

def _pattern_check(code: str, pattern: str, what: str) -> TagParser:
    compiled = re.compile(pattern)

    def parse(value: str, ctx: TagContext) -> str:
        if value and not compiled.fullmatch(value):
            ctx.warn(code, f"{what} {value!r} is not as PBN 2.1 defines it")
        return value

    return parse


def parse_hidden(value: str, ctx: TagContext) -> frozenset[Seat]:
    """Seats whose hands a viewer hides at first (§4.1.6)."""
    seats = set()
    for c in value.strip():
        if c.upper() not in "NESW":
            ctx.warn("hidden", f"Hidden {value!r}: {c!r} is not a seat")
        else:
            seats.add(Seat.from_str(c))
    return frozenset(seats)


# --- the registry -------------------------------------------------------------------------------------

DEFAULT_TAG_PARSERS: Final[Mapping[str, TagParser]] = MappingProxyType({
    "Date": parse_date,
    "EventDate": parse_date,
    "UTCDate": parse_date,
    "Time": parse_time,
    "UTCTime": parse_time,
    "Board": parse_board,
    "Dealer": parse_seat,
    "Vulnerable": parse_vulnerable,
    "Deal": parse_deal,
    "Scoring": parse_scoring,
    "Declarer": parse_declarer,
    "Contract": parse_contract,
    "Result": parse_result,
    "Score": parse_score,
    "ScoreIMP": parse_decimal_score,
    "ScoreMP": parse_decimal_score,
    "ScorePercentage": parse_percentage,
    "ScoreRubber": parse_score_rubber,
    "ScoreRubberHistory": parse_rubber_history,
    "OptimumScore": parse_optimum_score,
    "Round": _pattern_check("round", r"[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*", "round"),
    "Table": _pattern_check("table", r"[1-9][0-9]*", "table number"),
    "Room": _pattern_check("room", r"Open|Closed", "room"),
    "FrenchMP": _pattern_check("frenchmp", r"Yes|No", "FrenchMP value"),
    "TimeControl": _pattern_check("timecontrol", r"\d+/\d+", "time control"),
    "TimeCall": _pattern_check("timecall", r"\d+", "time per call"),
    "TimeCard": _pattern_check("timecard", r"\d+", "time per card"),
    "Hidden": parse_hidden,
    "DoubleDummyTricks": parse_dd_tricks,
    "Ability": parse_ability,
    "ParContract": parse_par_contracts,
})
"""Tag name to parser. Pass your own mapping to the reader to add or replace parsers."""
