"""A system card from the robots' rules (:mod:`tenace.robots.system`): the robots disclose their agreements
like any partnership (Law 40A1(b)), and their explanations can be checked against the card (Law 75).

The robots' rules use suit variables (``1x``, ``2M``, ``1m``, ``y!=x``) and a first-match order; a card lists
concrete auctions. :func:`card_from_rules` expands every variable over the suits it may take, keeps the
auctions that are lawful (Laws 18, 19), and reads each rule's hand conditions into a :class:`Meaning`:
``hcp 15-17``, ``balanced``/``unbalanced`` and suit lengths (``S>=5``, ``x<=2``, ``H==4``). Conditions that
compare two suits (``S>=H``) or count unbid suits (``unbid>=3``) stay in the text only. Several rules for one
call in one auction become one meaning covering them all (:func:`union_meanings`), their texts joined by
"; or ", as the robots' own explanations join them. Forcing, transfer and convention come from the text; a
rule the robots alert is recorded as artificial. The system's ``conventions`` (name and description pairs),
when it has them, become the card's conventions.

The converter only reads the rules' fields (``auction``, ``call``, ``hand``, ``meaning``, ``alert``), so it
needs no import of :mod:`tenace.robots`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from typing import Final, Protocol

from tenace.auction import Auction
from tenace.calls import Bid, Call, Denomination, parse_call
from tenace.cards import Suit
from tenace.errors import NotationError
from tenace.seats import Seat
from tenace.system.card import Agreement, Convention, SystemCard
from tenace.system.explain import KNOWN_CONVENTIONS, extract_facts
from tenace.system.meaning import Length, Meaning, parse_range, union_meanings
from tenace.system.pattern import AuctionPattern

_DOMAINS: Final = {
    "x": tuple(Suit), "y": tuple(Suit), "z": tuple(Suit),
    "M": (Suit.HEARTS, Suit.SPADES), "m": (Suit.CLUBS, Suit.DIAMONDS),
}
_VARIABLE_BID: Final = re.compile(r"([1-7])([xyzMm])")
_LENGTH: Final = re.compile(r"([SHDCxyzMm])(>=|<=|==|>|<)(\d+)")
_DIFFERENT: Final = re.compile(r"([SHDCxyzMm])!=([SHDCxyzMm])")
_NEXT_SUIT: Final = {Suit.CLUBS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS, Suit.HEARTS: Suit.SPADES}


class RuleLike(Protocol):
    """What the converter reads of a robot rule (:class:`tenace.robots.system.Rule`)."""

    @property
    def auction(self) -> str: ...
    @property
    def call(self) -> str: ...
    @property
    def hand(self) -> tuple[str, ...]: ...
    @property
    def meaning(self) -> str: ...
    @property
    def alert(self) -> bool: ...


class SystemLike(Protocol):
    """What the converter reads of a robot system (:class:`tenace.robots.system.System`)."""

    @property
    def name(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def rules(self) -> Sequence[RuleLike]: ...


def _suit(letter: str, bindings: dict[str, Suit]) -> Suit:
    return bindings[letter] if letter in bindings else Suit.from_str(letter)


def _call(token: str, bindings: dict[str, Suit]) -> Call:
    match = _VARIABLE_BID.fullmatch(token)
    if match is not None:
        return Bid(int(match.group(1)), Denomination.from_suit(bindings[match.group(2)]))
    return parse_call(token)


def _assignments(rule: RuleLike) -> Iterator[dict[str, Suit]]:
    tokens = [*rule.auction.split(), rule.call]
    names = sorted({m.group(2) for t in tokens for m in [_VARIABLE_BID.fullmatch(t)] if m is not None})
    for suits in itertools.product(*(_DOMAINS[n] for n in names)):
        bindings = dict(zip(names, suits, strict=True))
        if all(_suit(a, bindings) is not _suit(b, bindings)
               for cond in rule.hand for a, b in _DIFFERENT.findall(cond)
               if (a in bindings or a in "SHDC") and (b in bindings or b in "SHDC")):
            yield bindings


def _meaning(rule: RuleLike, bindings: dict[str, Suit], call: Call, own: tuple[str, ...] = ()) -> Meaning:
    hcp: tuple[int | None, int | None] = (None, None)
    balanced: bool | None = None
    bounds: dict[Suit, tuple[int | None, int | None]] = {}
    for cond in rule.hand:
        text = cond.strip()
        if text.startswith("hcp "):
            hcp = parse_range(text[4:])
        elif text == "balanced":
            balanced = True
        elif text == "unbalanced":
            balanced = False
        else:
            match = _LENGTH.fullmatch(text)
            if match is None or (match.group(1) not in bindings and match.group(1) not in "SHDC"):
                continue  # a comparison of two suits, unbid suits, or an unbound variable: text only
            suit = _suit(match.group(1), bindings)
            op, n = match.group(2), int(match.group(3))
            low, high = bounds.get(suit, (None, None))
            if op in (">=", ">", "=="):
                value = n + 1 if op == ">" else n
                low = value if low is None else max(low, value)
            if op in ("<=", "<", "=="):
                value = n - 1 if op == "<" else n
                high = value if high is None else min(high, value)
            bounds[suit] = (low, high)
    facts = extract_facts(rule.meaning)
    transfer = None
    lowered = rule.meaning.lower()
    if "transfer" in lowered and "complete" not in lowered and isinstance(call, Bid):
        bid_suit = call.denomination.suit
        transfer = _NEXT_SUIT.get(bid_suit) if bid_suit is not None else None
    # the system's own conventions first (a "Texas transfer" is Texas), then the names the checker knows
    names = [n for n in own if n.lower() in lowered] or [
        n for n in (*KNOWN_CONVENTIONS, "Jacoby transfer") if n.lower() in lowered]
    convention = max(names, key=len) if names else None
    lengths = tuple(Length(suit, low, high) for suit, (low, high) in bounds.items()
                    if low is None or high is None or low <= high)
    return Meaning(rule.meaning, hcp[0], hcp[1], lengths, balanced, facts.meaning.forcing, rule.alert,
                   convention, transfer)


def _pattern_text(calls: Sequence[str], call: Call) -> str:
    n = len(calls)
    parts = [c if (n - i) % 2 == 0 else f"({c})" for i, c in enumerate(calls)]
    return " ".join([*parts, str(call)])


def _lawful(calls: Sequence[Call], call: Call) -> bool:
    try:
        Auction(Seat.NORTH, (*calls, call))
    except ValueError:
        return False
    return True


def card_from_rules(system: SystemLike, *, name: str | None = None) -> SystemCard:
    """A :class:`SystemCard` describing ``system`` (see the module documentation).

    >>> from tenace.robots.system import SYSTEM
    >>> from tenace.calls import parse_call
    >>> card = card_from_rules(SYSTEM)
    >>> card.meaning("1NT P", parse_call("2D")).transfer
    <Suit.HEARTS: 'H'>
    >>> card.meaning("", parse_call("1NT")).hcp
    '15-17'

    :raises NotationError: if a rule's auction or call cannot be read.
    """
    own = tuple(n for n, _ in getattr(system, "conventions", ()))
    grouped: dict[str, list[Meaning]] = {}
    patterns: dict[str, AuctionPattern] = {}
    for rule in system.rules:
        if rule.call.strip() == "*":
            continue  # "any call" describes nothing a card can list
        for bindings in _assignments(rule):
            tokens = rule.auction.split()
            try:
                before = [None if t == "*" else _call(t, bindings) for t in tokens]
                call = _call(rule.call, bindings)
            except (NotationError, KeyError) as exc:
                raise NotationError(f"robot rule {rule.auction!r} -> {rule.call!r}: {exc}") from None
            concrete = [c for c in before if c is not None]
            if len(concrete) == len(before) and not _lawful(concrete, call):
                continue
            text = _pattern_text(["*" if c is None else str(c) for c in before], call)
            patterns.setdefault(text, AuctionPattern.parse(text))
            grouped.setdefault(text, []).append(_meaning(rule, bindings, call, own))
    agreements = tuple(Agreement(patterns[text], union_meanings(meanings))
                       for text, meanings in grouped.items())
    conventions = tuple(Convention(n, d) for n, d in getattr(system, "conventions", ()))
    return SystemCard(name=name or system.name, system=system.name, approach=system.summary,
                      agreements=agreements, conventions=conventions)
