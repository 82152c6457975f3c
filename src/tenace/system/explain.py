"""Checking explanations and calls against the system card: evidence for the Director (Laws 20F, 21, 40, 75).

When an explanation and a hand do not agree, Law 75 asks the Director whether the *explanation* was
mistaken (75B: an infraction, possibly misinformation under Law 21) or the *call* was (75C: no infraction),
presuming a mistaken explanation without evidence to the contrary (21B1(b)). The system card is the main
evidence. These functions only gather facts; they never decide:

* :func:`check_explanation` compares an explanation given at the table with the card's meaning;
* :func:`check_call` compares the caller's hand with the card's meaning;
* :func:`failed_alerts` lists the calls of a record that needed an alert or announcement and had none.

Free-text explanations are read by :func:`extract_facts`, which recognises only simple facts: an HCP range
("15-17", "15+ HCP", "12 to 14 points"), suit lengths ("5+ spades", "4-5 hearts", "at least 4 hearts", "four
hearts" meaning at least four), "balanced"/"unbalanced", forcing words ("forcing", "game forcing", "GF",
"non-forcing", "NF", "invitational", "sign-off"), "natural"/"artificial" (a transfer, relay or asking bid is
artificial), "transfer to hearts", and convention names (the card's own and a short built-in list). It does
not understand negation beyond "non-"/"not forcing", conditions ("forcing unless ..."), or suits described
relative to others ("the other major"); a fact it cannot read is simply not compared, so free text yields
fewer mismatches than a structured explanation, never false ones from things it did not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from tenace.calls import Call
from tenace.cards import CardSet, Suit
from tenace.deal import Deal
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import Seat, Side
from tenace.system.alerts import AlertDuty, AlertRegulations, DutyKind, requires_alert
from tenace.system.card import AuctionLike, SystemCard
from tenace.system.meaning import Forcing, Length, Meaning, format_range, union_meanings

#: Convention names recognised in free text besides the card's own conventions.
KNOWN_CONVENTIONS: Final[tuple[str, ...]] = (
    "Stayman", "Puppet Stayman", "Jacoby", "Texas", "Smolen", "Blackwood", "RKCB", "Gerber", "Michaels",
    "Unusual NT", "Lebensohl", "Multi", "Landy", "Cappelletti", "DONT", "Splinter", "Drury", "Bergen",
    "Ogust", "Checkback", "Fourth suit", "Negative double", "Responsive double", "Support double", "Lucas",
    "Muiderberg", "Transfer", "Relay", "Gambling",
)

_SUIT_WORDS: Final = {
    "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS,
    "spade": Suit.SPADES, "spades": Suit.SPADES, "♠": Suit.SPADES,
    "heart": Suit.HEARTS, "hearts": Suit.HEARTS, "♥": Suit.HEARTS,
    "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "♦": Suit.DIAMONDS,
    "club": Suit.CLUBS, "clubs": Suit.CLUBS, "♣": Suit.CLUBS,
}
_NUMBER_WORDS: Final = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
}
_NUM = r"(\d{1,2}|one|two|three|four|five|six|seven|eight)"
_SUIT = r"(spades?|hearts?|diamonds?|clubs?|[♠♥♦♣]|![SHDCshdc])"
_PTS = r"(?:hcp|points?|pts)"
_NOT_POINTS = (r"(?!\d|\s*(?:-?\s*cards?\b|in\b|shape|distribution|or better|fit|key|controls?|aces?|kings?"
               r"|tricks?|losers?))")
_HCP_RE: Final = re.compile(
    r"(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})" + _NOT_POINTS
    + r"|(\d{1,2})\s*(?:\+|or more)" + _NOT_POINTS
    + r"|(\d{1,2})\s*-\s*(?=" + _PTS + ")"
    r"|(?:at least|min(?:imum)?)\s+(\d{1,2})\s*" + _PTS
    + r"|(?:at most\s|max(?:imum)?\s|up to\s|(?<![\w\d])-)\s*(\d{1,2})\s*" + _PTS
    + r"|(\d{1,2})\s*(?=" + _PTS + ")",
    re.IGNORECASE,
)
_NOT_HCP_RE: Final = re.compile(r"\s*(?:" + _PTS + r"\s*)?(?:total|tp\b|support|dummy|playing|trick)",
                                re.IGNORECASE)
_LENGTH_RE: Final = re.compile(
    r"(?:(at least|at most|exactly|denies|denying|no|without|fewer than|less than)\s+(?:a\s+)?"
    r"|((?<![\w\d])-)\s*)?"
    + _NUM + r"\s*(?:(\+|\s*or\s+more)|(?:-|–|to)\s*" + _NUM + r"|(-))?"
    r"(?:\s*|-)(?:cards?\s+(?:in\s+)?)?(?:-card\s+)?" + _SUIT + r"(?!\w)",
    re.IGNORECASE,
)
_BID_WORD_RE: Final = re.compile(r"\b(?:strong|weak|bids?|opening|over|after|to|of|the|a|an)\s*$",
                                 re.IGNORECASE)
_NO_MAJOR_RE: Final = re.compile(r"\b(?:no|denies|denying|without)\s+(?:a\s+)?(?:4|four)[- ]?card major",
                                 re.IGNORECASE)
_SHAPE_RE: Final = re.compile(r"(?<![\w-])\d{1,2}(?:\s*[-–]\s*\d{1,2}){2,3}(?![\w-])")
"""A hand pattern ("4-3-3-3", "5-4-2-2", "6-4-3"): three or four lengths, never an HCP range."""
_ALTERNATIVES_RE: Final = re.compile(r";\s*or\s+", re.IGNORECASE)
_TRANSFER_RE: Final = re.compile(r"transfer\s+(?:to\s+)?" + _SUIT, re.IGNORECASE)


def _number(text: str) -> int:
    return _NUMBER_WORDS.get(text.lower()) or int(text)


@dataclass(frozen=True, slots=True)
class ExplainedFacts:
    """What :func:`extract_facts` read in a free-text explanation: a :class:`Meaning` with only the facts it
    recognised, the convention names mentioned, and whether "forcing" was said without saying how far."""

    meaning: Meaning
    conventions: frozenset[str]
    loose_forcing: bool = False


def extract_facts(text: str, conventions: Iterable[str] = ()) -> ExplainedFacts:
    """Read the simple facts of a free-text explanation (see the module documentation for its limits).
    Alternatives separated by "; or " are read one by one and joined (:func:`union_meanings`).

    >>> f = extract_facts("15-17 balanced, forcing")
    >>> f.meaning.hcp, f.meaning.balanced, f.meaning.forcing
    ('15-17', True, <Forcing.FORCING: 'forcing'>)
    >>> g = extract_facts("transfer to hearts, 0+ points")
    >>> g.meaning.transfer, g.meaning.artificial, g.meaning.hcp
    (<Suit.HEARTS: 'H'>, True, '0+')
    >>> [str(x) for x in extract_facts("natural, 5+ spades, 11-15").meaning.lengths]
    ['5+♠']
    >>> extract_facts("9-11 HCP, four or more spades; or 0-8 HCP, four or more spades").meaning.hcp
    '0-11'
    """
    names = tuple(conventions)
    parts = [p for p in _ALTERNATIVES_RE.split(text) if p.strip()]
    if len(parts) <= 1:
        return _extract_one(text, names)
    each = [_extract_one(part, names) for part in parts]
    return ExplainedFacts(union_meanings([e.meaning for e in each], text),
                          frozenset().union(*(e.conventions for e in each)),
                          any(e.loose_forcing for e in each))


def _extract_one(text: str, conventions: Iterable[str] = ()) -> ExplainedFacts:
    lowered = text.lower()
    hcp_min: int | None = None
    hcp_max: int | None = None
    lengths: dict[Suit, Length] = {}
    for m in _LENGTH_RE.finditer(text):
        qualifier, lead_minus, low_text, plus, high_text, minus, suit_text = m.groups()
        suit = _SUIT_WORDS[suit_text.lower().lstrip("!")]
        named_bid = not suit_text.lower().endswith("s") or _BID_WORD_RE.search(text, 0, m.start())
        if low_text.isalpha() and named_bid:
            continue  # "strong two clubs", "bid two club": the name of a bid, not a length
        low = _number(low_text)
        high: int | None
        if high_text is not None:
            high = _number(high_text)
        elif minus or lead_minus:  # "5- !S" or "-5♠": at most five
            low, high = 0, low
        elif plus or qualifier is None or qualifier.lower() == "at least":
            high = None
        elif qualifier.lower() == "at most":
            low, high = 0, low
        elif qualifier.lower() == "exactly":
            high = low
        else:  # denies / no / without / fewer than: at most one card fewer
            low, high = 0, low - 1
        if low <= 13 and (high is None or low <= high <= 13):
            lengths[suit] = Length(suit, None if low == 0 else low, high)
    if _NO_MAJOR_RE.search(text):
        for suit in (Suit.SPADES, Suit.HEARTS):
            lengths.setdefault(suit, Length(suit, None, 3))
    stripped = _SHAPE_RE.sub(" ", _LENGTH_RE.sub(" ", text))  # "4-4-3-2" is a shape, not points
    for m in _HCP_RE.finditer(stripped):
        if _NOT_HCP_RE.match(stripped, m.end()):
            continue  # total points, support points, playing tricks: not high-card points
        a, b, plus_low, minus_high, at_least, at_most, exact = m.groups()
        if a is not None and b is not None:
            if not int(a) <= int(b) <= 40:
                continue
            hcp_min, hcp_max = int(a), int(b)
        elif plus_low is not None:
            hcp_min = int(plus_low)
        elif minus_high is not None or at_most is not None:
            hcp_max = int(minus_high or at_most or 0)
        elif at_least is not None:
            hcp_min = int(at_least)
        elif exact is not None:
            hcp_min = hcp_max = int(exact)
        break
    forcing: Forcing | None = None
    loose = False
    if re.search(r"\b(non[- ]?forcing|not forcing|nf)\b", lowered):
        forcing = Forcing.NON_FORCING
    elif re.search(r"\b(game[- ]?forcing|gf|forcing to game)\b", lowered):
        forcing = Forcing.GAME_FORCING
    elif re.search(r"\b(forcing (for )?one round|one[- ]round forcing|f1)\b", lowered):
        forcing = Forcing.FORCING
    elif re.search(r"\bforcing\b", lowered):
        forcing, loose = Forcing.FORCING, True
    elif re.search(r"\b(invitational|invite|inv)\b", lowered):
        forcing = Forcing.INVITATIONAL
    elif re.search(r"\b(sign[- ]?off|to play)\b", lowered):
        forcing = Forcing.SIGN_OFF
    transfer_match = _TRANSFER_RE.search(text)
    transfer = _SUIT_WORDS[transfer_match.group(1).lower()] if transfer_match else None
    artificial: bool | None = None
    if re.search(r"\b(artificial|conventional|transfer|relay|asking|asks|puppet)\b", lowered):
        artificial = True
    elif re.search(r"\bnatural\b", lowered):
        artificial = False
    balanced: bool | None = None
    if re.search(r"\bunbalanced\b", lowered):
        balanced = False
    elif re.search(r"\b(balanced|bal)\b", lowered):
        balanced = True
    named = frozenset(
        name for name in (*conventions, *KNOWN_CONVENTIONS)
        if re.search(r"(?<!\w)" + re.escape(name.lower()) + r"(?!\w)", lowered)
    )
    meaning = Meaning(text, hcp_min, hcp_max, tuple(lengths.values()), balanced, forcing, artificial,
                      transfer=transfer)
    return ExplainedFacts(meaning, named, loose)


@dataclass(frozen=True, slots=True)
class FieldMismatch:
    """One field on which an explanation differs from the card: what the card says and what was said."""

    field: str
    card: str
    explained: str

    def __str__(self) -> str:
        return f"{self.field}: card says {self.card or 'nothing'}, explanation says {self.explained}"


@dataclass(frozen=True, slots=True)
class Mismatch:
    """An explanation that differs from the agreement on the card (evidence for Law 75B / 75D1; the Director
    presumes a mistaken explanation unless there is evidence of a mistaken call, Law 21B1(b)).

    ``card`` is ``None`` when the card has no agreement for the call at all (Law 75D3: perhaps no agreed
    meaning)."""

    call: Call
    pattern: str | None
    card: Meaning | None
    explanation: Meaning
    fields: tuple[FieldMismatch, ...]
    laws: tuple[str, ...] = ("20F1", "21B1", "75B1", "75D1")
    index: int | None = None
    """Position of the call in the auction, when known (0 is the dealer's first call)."""
    seat: Seat | None = None

    def __str__(self) -> str:
        if self.card is None:
            said = self.explanation.text
            return f"{self.call}: the card has no agreement for this call; explained as {said!r}"
        return f"{self.call} ({self.pattern}): " + "; ".join(str(f) for f in self.fields)


@dataclass(frozen=True, slots=True)
class Deviation:
    """Facts about a call that does not match the card (evidence for Law 75C, mistaken call, or Law 40C1,
    deviation). ``contradictions`` holds ``(field, promised, held)``; ``card`` is ``None`` when the card has
    no agreement for the call, and then there is nothing to contradict."""

    call: Call
    pattern: str | None
    card: Meaning | None
    hcp: int
    shape: tuple[int, int, int, int]
    contradictions: tuple[tuple[str, str, str], ...]
    laws: tuple[str, ...] = ("75C", "40C1", "21B1(b)")
    index: int | None = None
    seat: Seat | None = None

    def __str__(self) -> str:
        shape = "-".join(str(n) for n in self.shape)
        if self.card is None:
            return f"{self.call}: the card has no agreement for this call (hand {self.hcp} HCP, {shape})"
        facts = "; ".join(f"{f}: promised {p}, held {h}" for f, p, h in self.contradictions)
        return f"{self.call} ({self.pattern}): {facts}"


def _range_text(low: int | None, high: int | None) -> str:
    return format_range(low, high) or "unspecified"


def _compare_bounds(name: str, card: tuple[int | None, int | None],
                    said: tuple[int | None, int | None]) -> FieldMismatch | None:
    """A bound stated by both the explanation and the card that differs, or two ranges with nothing in
    common (a bound left unspecified on one side only is otherwise not compared)."""
    differ = any(mine is not None and theirs is not None and mine != theirs
                 for mine, theirs in zip(card, said, strict=True))
    low = max(card[0] or 0, said[0] or 0)
    high = min(99 if card[1] is None else card[1], 99 if said[1] is None else said[1])
    if differ or low > high:
        return FieldMismatch(name, _range_text(*card), _range_text(*said))
    return None


def compare_meanings(card: Meaning, said: Meaning, *, loose_forcing: bool = False,
                     conventions: frozenset[str] = frozenset()) -> tuple[FieldMismatch, ...]:
    """The fields on which ``said`` (an explanation) differs from ``card``. Fields ``said`` leaves
    unspecified are not compared: an incomplete explanation is not a contradiction (Law 40B5 may still apply).

    >>> card = Meaning(hcp_min=15, hcp_max=17, balanced=True)
    >>> [str(f) for f in compare_meanings(card, Meaning(hcp_min=12, hcp_max=14))]
    ['hcp: card says 15-17, explanation says 12-14']
    >>> compare_meanings(card, Meaning(hcp_min=15, hcp_max=17))
    ()
    """
    out: list[FieldMismatch] = []
    hcp = _compare_bounds("hcp", (card.hcp_min, card.hcp_max), (said.hcp_min, said.hcp_max))
    if hcp is not None:
        out.append(hcp)
    for length in said.lengths:
        mine = card.length(length.suit)
        name = f"length.{length.suit.value}"
        if mine is None:
            continue
        found = _compare_bounds(name, (mine.min, mine.max), (length.min, length.max))
        if found is not None:
            out.append(FieldMismatch(name, str(mine), str(length)))
    if said.balanced is not None and card.balanced is not None and said.balanced != card.balanced:
        out.append(FieldMismatch("balanced", str(card.balanced).lower(), str(said.balanced).lower()))
    if said.forcing is not None and card.forcing is not None:
        differ = said.forcing.is_forcing != card.forcing.is_forcing
        if not loose_forcing and not differ:
            differ = said.forcing != card.forcing and Forcing.GAME_FORCING in (said.forcing, card.forcing)
        if differ:
            out.append(FieldMismatch("forcing", str(card.forcing), str(said.forcing)))
    if said.artificial is not None and card.artificial is not None and said.artificial != card.artificial:
        out.append(FieldMismatch("artificial", "artificial" if card.artificial else "natural",
                                 "artificial" if said.artificial else "natural"))
    if said.transfer is not None and said.transfer != card.transfer:
        out.append(FieldMismatch("transfer", str(card.transfer.symbol) if card.transfer else "no transfer",
                                 f"transfer to {said.transfer.symbol}"))
    described = f"{card.text} {card.convention or ''}".lower()
    if card.transfer is not None:
        described += " transfer"
    if card.artificial:
        described += " artificial"
    for name in sorted(conventions):
        if name.lower() not in described:
            out.append(FieldMismatch("convention", card.convention or "", name))
    if said.convention and said.convention.lower() not in described:
        out.append(FieldMismatch("convention", card.convention or "", said.convention))
    return tuple(out)


def check_explanation(card: SystemCard, auction_so_far: AuctionLike, call: Call,
                      explanation: Meaning | str) -> Mismatch | None:
    """Compare an explanation of ``call`` (made after ``auction_so_far`` by the card's partnership) with the
    card. ``None`` when they agree on every fact the explanation states.

    >>> from tenace.system.samples import natural_card
    >>> from tenace.calls import parse_call
    >>> check_explanation(natural_card(), "", parse_call("1NT"), "15-17 balanced") is None
    True
    >>> print(check_explanation(natural_card(), "", parse_call("1NT"), "12-14"))
    1NT (1NT): hcp: card says 15-17, explanation says 12-14
    """
    agreement = card.lookup(auction_so_far, call)
    if isinstance(explanation, str):
        facts = extract_facts(explanation, (c.name for c in card.conventions))
        said, loose, named = facts.meaning, facts.loose_forcing, facts.conventions
    else:
        said, loose, named = explanation, False, frozenset()
    if agreement is None:
        return Mismatch(call, None, None, said, ())
    fields = compare_meanings(agreement.meaning, said, loose_forcing=loose, conventions=named)
    if not fields:
        return None
    return Mismatch(call, str(agreement.pattern), agreement.meaning, said, fields)


def check_call(card: SystemCard, auction: AuctionLike, call: Call, hand: CardSet) -> Deviation | None:
    """Whether ``hand`` fits the card's meaning of ``call`` made after ``auction``: ``None`` when it does,
    otherwise the facts (HCP, shape, each contradiction). When the card has no agreement for the call the
    result is a :class:`Deviation` with ``card=None`` and no contradictions: the Director learns that the
    card is silent.

    >>> from tenace.system.samples import natural_card
    >>> from tenace.calls import parse_call
    >>> check_call(natural_card(), "", parse_call("1NT"), CardSet.from_pbn("AKQ2.K32.Q32.J32")) is None
    True
    >>> print(check_call(natural_card(), "", parse_call("1NT"), CardSet.from_pbn("AK32.K32.Q32.J32")))
    1NT (1NT): hcp: promised 15-17, held 13
    """
    agreement = card.lookup(auction, call)
    if agreement is None:
        return Deviation(call, None, None, hand.hcp, hand.shape, ())
    contradictions = agreement.meaning.fits(hand)
    if not contradictions:
        return None
    return Deviation(call, str(agreement.pattern), agreement.meaning, hand.hcp, hand.shape, contradictions)


@dataclass(frozen=True, slots=True)
class FailedAlert:
    """A call that needed an alert or announcement (Law 40B2(a)(iii)) and had none: misinformation under
    Law 21B1(a) and Law 20F5(a)."""

    index: int
    seat: Seat | None
    call: Call
    duty: AlertDuty
    meaning: Meaning

    def __str__(self) -> str:
        who = f"{self.seat} " if self.seat is not None else ""
        return f"call {self.index + 1}: {who}{self.call} needed {self.duty.kind.value} ({self.duty.reason})"


def failed_alerts(card: SystemCard, record: DealRecord | Sequence[AnnotatedCall],
                  regulations: AlertRegulations, *, side: Side | None = None,
                  dealer: Seat | None = None) -> tuple[FailedAlert, ...]:
    """The calls of ``record`` by the card's partnership that the regulations required to be alerted or
    announced (given the card's meaning) and that were not. A call counts as alerted when its alert flag is
    set, and as announced when it was alerted or an explanation was recorded with it. Delayed alerts (due
    after the final pass) are not checked: records do not say when an alert was given.

    ``side`` is the partnership playing the card; ``None`` means both sides play it (robots of one system).
    The dealer comes from the record (or ``dealer``) and is needed only when ``side`` is given.

    >>> from tenace.system.samples import natural_card
    >>> from tenace.calls import parse_call
    >>> calls = [AnnotatedCall(parse_call(c)) for c in "1NT P 2C P".split()]
    >>> for failure in failed_alerts(natural_card(), calls, AlertRegulations()):
    ...     print(failure)
    call 1: 1NT needed announce (natural 1NT opening: range announced)
    call 3: 2C needed alert (artificial call up to 3NT)
    """
    if isinstance(record, DealRecord):
        annotated = record.calls or ()
        if dealer is None and (record.dealer is not None or record.number is not None):
            dealer = record.dealer if record.dealer is not None else record.board().dealer
    else:
        annotated = tuple(record)
    if side is not None and dealer is None:
        raise ValueError("failed_alerts needs the dealer (from the record or the dealer argument) to know "
                         f"which calls are {side}'s")
    calls = tuple(a.call for a in annotated)
    out: list[FailedAlert] = []
    for i, item in enumerate(annotated):
        seat = dealer.rotate(i) if dealer is not None else None
        if side is not None and seat is not None and seat.side is not side:
            continue
        meaning = card.meaning(calls[:i], item.call)
        if meaning is None:
            continue
        duty = requires_alert(meaning, calls[: i + 1], regulations)
        if not duty.required or duty.delayed:
            continue
        done = item.alert or (duty.kind is DutyKind.ANNOUNCE and bool(item.explanation))
        if not done:
            out.append(FailedAlert(i, seat, item.call, duty, meaning))
    return tuple(out)



@dataclass(frozen=True, slots=True)
class Review:
    """Everything the card says about one record's calls by one partnership, for the Director (Laws 20F,
    21B, 40B, 75): explanations that differ from the card, calls whose hand does not fit the card, and
    missing alerts. Facts only: the ruling is the Director's."""

    mismatches: tuple[Mismatch, ...]
    deviations: tuple[Deviation, ...]
    failed_alerts: tuple[FailedAlert, ...]

    def __bool__(self) -> bool:
        return bool(self.mismatches or self.deviations or self.failed_alerts)

    def lines(self) -> tuple[str, ...]:
        """One line per finding, in auction order within each kind."""
        def where(index: int | None, seat: Seat | None) -> str:
            return f"call {index + 1} by {seat}: " if index is not None and seat is not None else ""
        return (
            *(f"{where(m.index, m.seat)}explanation differs from the card: {m}" for m in self.mismatches),
            *(f"{where(d.index, d.seat)}hand does not fit the card: {d}" for d in self.deviations),
            *(f"missing alert: {f}" for f in self.failed_alerts),
        )


def review(card: SystemCard, record: DealRecord, regulations: AlertRegulations, *,
           side: Side | None = None) -> Review:
    """Check every call of ``record`` made by ``side`` (``None``: both sides play ``card``): each recorded
    explanation against the card (:func:`check_explanation`), each hand against the card's meaning when the
    record has the deal (:func:`check_call`; calls the card says nothing about are left out), and the alerts
    (:func:`failed_alerts`).

    :raises ValueError: if the record has no dealer and no board number.
    """
    annotated = record.calls or ()
    dealer = record.dealer if record.dealer is not None else record.board().dealer
    calls = tuple(a.call for a in annotated)
    deal = record.deal if isinstance(record.deal, Deal) else None
    mismatches: list[Mismatch] = []
    deviations: list[Deviation] = []
    for i, item in enumerate(annotated):
        seat = dealer.rotate(i)
        if side is not None and seat.side is not side:
            continue
        before = calls[:i]
        if item.explanation:
            found = check_explanation(card, before, item.call, item.explanation)
            if found is not None:
                mismatches.append(replace(found, index=i, seat=seat))
        if deal is not None and card.lookup(before, item.call) is not None:
            deviation = check_call(card, before, item.call, deal[seat])
            if deviation is not None:
                deviations.append(replace(deviation, index=i, seat=seat))
    alerts = failed_alerts(card, record, regulations, side=side, dealer=dealer)
    return Review(tuple(mismatches), tuple(deviations), alerts)
