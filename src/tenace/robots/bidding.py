"""Bidding by the system description (:mod:`tenace.robots.system`): choosing a call, explaining one, and
reading what each player's calls showed.

Everything here works on the calls that stand and one hand, so a robot needs nothing but its own view.

>>> from tenace import CardSet, parse_call
>>> hand = CardSet.from_pbn("AK5.KQ4.J876.A54")   # 17 HCP, 3-3-4-3
>>> choice = choose_call(hand, Seat.NORTH, Seat.NORTH, ())
>>> str(choice.call), choice.alert, choice.explanation
('1NT', False, 'natural: 15-17 HCP, balanced')
>>> responder = CardSet.from_pbn("Q762.AJ53.43.K76")   # 10 HCP and both majors: Stayman
>>> choice = choose_call(responder, Seat.NORTH, Seat.SOUTH, (parse_call("1NT"), parse_call("P")))
>>> str(choice.call), choice.alert
('2C', True)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from tenace.auction import Auction
from tenace.calls import PASS, Bid, Call, Denomination, Double, Pass, Redouble, parse_call
from tenace.cards import CardSet, Rank, Suit
from tenace.robots.system import PASS_MEANING, SYSTEM, Rule, System
from tenace.seats import SEATS, Seat

__all__ = ["Choice", "Shown", "choose_call", "explain_call", "matching_rules", "shown"]

_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_VARIABLES: Final = {
    "x": _SUITS, "y": _SUITS, "z": _SUITS,
    "M": (Suit.SPADES, Suit.HEARTS), "m": (Suit.DIAMONDS, Suit.CLUBS),
}
_BID_TOKEN: Final = re.compile(r"([1-7])(NT|[SHDCxyzMm])")
_HCP: Final = re.compile(r"hcp (\d*)(?:-(\d+)|(\+))?")
_ACES: Final = re.compile(r"aces (\d*)(?:-(\d+)|(\+))?")
_LENGTH: Final = re.compile(r"([SHDCxyzMm]|unbid)(>=|<=|==|!=|>|<)(\d+|[SHDCxyzMm])")

Bindings = dict[str, Suit]


class SystemError_(ValueError):
    """A rule of the system description that cannot be read (a bug in the data, named with the rule)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A call the system chooses, with its alert and explanation (Law 20F) and the rule it came from."""

    call: Call
    alert: bool
    explanation: str
    rule: Rule | None = None


@dataclass(frozen=True, slots=True)
class Shown:
    """What a player's calls showed under the system: an HCP range and minimum suit lengths."""

    hcp_min: int = 0
    hcp_max: int = 37
    lengths: dict[Suit, int] = field(default_factory=dict)
    """Minimum lengths by suit."""

    def fits(self, hand: CardSet, slack: int = 0) -> bool:
        """Whether ``hand`` (a whole 13-card hand) agrees, with ``slack`` HCP either way."""
        hcp = hand.hcp
        if not self.hcp_min - slack <= hcp <= self.hcp_max + slack:
            return False
        return all(hand.count(suit) >= n for suit, n in self.lengths.items())


# --- reading the patterns --------------------------------------------------------------------------------


def _suit_of(letter: str) -> Suit | None:
    return Suit.from_str(letter) if letter in "SHDC" else None


def _match_token(token: str, call: Call, bindings: Bindings) -> Bindings | None:
    if token == "*":
        return bindings
    if token in ("P", "X", "XX") or token.endswith("NT"):
        return bindings if str(call) == str(parse_call(token)) else None
    m = _BID_TOKEN.fullmatch(token)
    if m is None:
        raise SystemError_(f"cannot read the auction token {token!r}")
    if not isinstance(call, Bid) or call.level != int(m.group(1)) or call.denomination.suit is None:
        return None
    letter, suit = m.group(2), call.denomination.suit
    fixed = _suit_of(letter)
    if fixed is not None:
        return bindings if fixed is suit else None
    if suit not in _VARIABLES[letter]:
        return None
    if letter in bindings:
        return bindings if bindings[letter] is suit else None
    if any(s is suit for s in bindings.values()):  # different letters name different suits
        return None
    return {**bindings, letter: suit}


def _from_opening(calls: Sequence[Call]) -> list[Call]:
    start = next((i for i, c in enumerate(calls) if not isinstance(c, Pass)), len(calls))
    return list(calls[start:])


_INDEX: Final[dict[int, tuple[System, dict[int, tuple[Rule, ...]]]]] = {}


def _rules_for(system: System, calls: Sequence[Call]) -> tuple[Rule, ...]:
    """The rules of ``system`` whose auction pattern has as many calls as ``calls`` from the opening bid, in
    the system's order (the others cannot match: a pattern covers the whole auction)."""
    entry = _INDEX.get(id(system))
    if entry is None or entry[0] is not system:
        by_length: dict[int, list[Rule]] = {}
        for rule in system.rules:
            by_length.setdefault(len(rule.auction.split()), []).append(rule)
        entry = (system, {n: tuple(rules) for n, rules in by_length.items()})
        _INDEX[id(system)] = entry
    return entry[1].get(len(_from_opening(calls)), ())


def _match_auction(pattern: str, calls: Sequence[Call]) -> Bindings | None:
    """The variables bound if the calls from the opening bid match ``pattern``."""
    tokens = pattern.split()
    actual = _from_opening(calls)
    if len(tokens) != len(actual):
        return None
    bindings: Bindings | None = {}
    for token, call in zip(tokens, actual, strict=True):
        assert bindings is not None
        bindings = _match_token(token, call, bindings)
        if bindings is None:
            return None
    return bindings


def _bid_suits(calls: Sequence[Call]) -> set[Suit]:
    return {c.denomination.suit for c in calls if isinstance(c, Bid) and c.denomination.suit is not None}


def _length(term: str, hand: CardSet, bindings: Bindings) -> int | None:
    if term.isdigit():
        return int(term)
    suit = _suit_of(term) or bindings.get(term)
    return None if suit is None else hand.count(suit)


def _balanced(hand: CardSet) -> bool:
    shape = sorted((hand.count(s) for s in _SUITS), reverse=True)
    return shape in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])


def _bounds(m: re.Match[str], top: int) -> tuple[int, int]:
    """The range a ``hcp``/``aces`` condition names: ``15-17``, ``12+``, ``-7`` or ``2``."""
    low = int(m.group(1)) if m.group(1) else 0
    high = int(m.group(2)) if m.group(2) else (top if m.group(3) or not m.group(1) else low)
    return low, high


def _aces(hand: CardSet) -> int:
    return sum(1 for card in hand if card.rank is Rank.ACE)


def _holds(condition: str, hand: CardSet, bindings: Bindings, bid: set[Suit]) -> bool:
    if condition == "balanced":
        return _balanced(hand)
    if condition == "unbalanced":
        return not _balanced(hand)
    m = _HCP.fullmatch(condition)
    if m is not None:
        low, high = _bounds(m, 37)
        return low <= hand.hcp <= high
    m = _ACES.fullmatch(condition)
    if m is not None:
        low, high = _bounds(m, 4)
        return low <= _aces(hand) <= high
    m = _LENGTH.fullmatch(condition)
    if m is None:
        raise SystemError_(f"cannot read the hand condition {condition!r}")
    left, op, right = m.groups()
    if op in ("==", "!=") and not right.isdigit() and not left.isdigit() and left != "unbid":
        a, b = _suit_of(left) or bindings.get(left), _suit_of(right) or bindings.get(right)
        return (a is b) == (op == "==")
    if left == "unbid":
        return all(_compare(hand.count(s), op, int(right)) for s in _SUITS if s not in bid)
    a_len, b_len = _length(left, hand, bindings), _length(right, hand, bindings)
    if a_len is None or b_len is None:
        raise SystemError_(f"the condition {condition!r} names a suit variable the auction does not bind")
    return _compare(a_len, op, b_len)


def _compare(a: int, op: str, b: int) -> bool:
    return {">=": a >= b, "<=": a <= b, "==": a == b, "!=": a != b, ">": a > b, "<": a < b}[op]


def _call_candidates(token: str, hand: CardSet, bindings: Bindings) -> list[tuple[Call, Bindings]]:
    """The calls a rule's call token stands for, in the order to try them."""
    if token in ("P", "X", "XX") or token.endswith("NT"):
        return [(parse_call(token), bindings)]
    m = _BID_TOKEN.fullmatch(token)
    if m is None:
        raise SystemError_(f"cannot read the call {token!r}")
    level, letter = int(m.group(1)), m.group(2)
    fixed = _suit_of(letter) or bindings.get(letter)
    if fixed is not None:
        return [(Bid(level, Denomination.from_suit(fixed)), bindings)]
    suits = sorted(_VARIABLES[letter], key=lambda s: (-hand.count(s), s.index))
    taken = set(bindings.values())
    return [(Bid(level, Denomination.from_suit(s)), {**bindings, letter: s}) for s in suits if s not in taken]


# --- choosing and explaining -----------------------------------------------------------------------------


def _auction(dealer: Seat, calls: Sequence[Call]) -> Auction | None:
    try:
        return Auction(dealer, tuple(calls))
    except ValueError:
        return None


def choose_call(
    hand: CardSet, dealer: Seat, seat: Seat, calls: Sequence[Call], system: System = SYSTEM
) -> Choice:
    """The call the system gives ``seat`` holding ``hand`` after ``calls`` (from ``dealer``): the first rule
    that fits and is legal (Laws 18, 19); else a game placement, else a pass. Always a legal call."""
    auction = _auction(dealer, calls)
    if auction is None or auction.is_complete:
        return Choice(PASS, False, PASS_MEANING)
    if auction.turn is not seat:
        raise ValueError(f"it is {auction.turn.name.title()}'s turn to call, not {seat.name.title()}'s")
    bid = _bid_suits(calls)
    for rule in _rules_for(system, calls):
        bindings = _match_auction(rule.auction, calls)
        if bindings is None:
            continue
        for call, bound in _call_candidates(rule.call, hand, bindings):
            if auction.is_legal(call) and all(_holds(c, hand, bound, bid) for c in rule.hand):
                return Choice(call, rule.alert, rule.meaning, rule)
    placed = _placement(hand, auction, seat, system)
    if placed is not None:
        return placed
    return Choice(PASS, False, PASS_MEANING)


def matching_rules(calls: Sequence[Call], call: Call, system: System = SYSTEM) -> list[tuple[Rule, Bindings]]:
    """The rules that could have produced ``call`` after ``calls``, with the suits their variables took."""
    found = []
    for rule in _rules_for(system, calls):
        bindings = _match_auction(rule.auction, calls)
        if bindings is None:
            continue
        bound = _match_token(rule.call, call, bindings) if rule.call != "*" else bindings
        if bound is not None:
            found.append((rule, bound))
    return found


def explain_call(calls: Sequence[Call], index: int, system: System = SYSTEM) -> str:
    """What the call at ``index`` means under the system (Law 20F: the partnership's agreement, not the
    hand): the meanings of every rule that makes it, or the text for a call no rule makes.

    >>> explain_call([parse_call("1NT"), PASS, parse_call("2D")], 2)
    'Jacoby transfer: five or more hearts, asks opener to bid 2H'
    """
    found = matching_rules(calls[:index], calls[index], system)
    if found:
        return "; or ".join(dict.fromkeys(rule.meaning for rule, _ in found))
    if isinstance(calls[index], Pass):
        return PASS_MEANING
    return _PLACEMENT_MEANING if isinstance(calls[index], Bid) else "no agreement: natural"


def _rule_shows(rule: Rule, bindings: Bindings) -> Shown:
    low, high, lengths = 0, 37, {}
    for condition in rule.hand:
        m = _HCP.fullmatch(condition)
        if m is not None:
            low, high = _bounds(m, 37)
            continue
        m = _LENGTH.fullmatch(condition)
        if m is not None and m.group(2) in (">=", "==") and m.group(3).isdigit() and m.group(1) != "unbid":
            suit = _suit_of(m.group(1)) or bindings.get(m.group(1))
            if suit is not None:
                lengths[suit] = int(m.group(3))
    return Shown(low, high, lengths)


def shown(dealer: Seat, calls: Sequence[Call], system: System = SYSTEM) -> dict[Seat, Shown]:
    """What each player's calls showed, read from the system description (loosely: the union of the rules
    that make each call, intersected over his calls). A pass in first position with no bid yet shows 0-11.

    >>> s = shown(Seat.NORTH, [parse_call(c) for c in ("1NT", "P", "2H")])
    >>> s[Seat.NORTH].hcp_min, s[Seat.NORTH].hcp_max, s[Seat.SOUTH].lengths
    (15, 17, {<Suit.SPADES: 'S'>: 5})
    """
    return dict(_shown(dealer, tuple(calls), system))


@functools.lru_cache(maxsize=256)
def _shown(dealer: Seat, calls: tuple[Call, ...], system: System) -> tuple[tuple[Seat, Shown], ...]:
    result = {seat: Shown() for seat in SEATS}
    for index, call in enumerate(calls):
        seat = dealer.rotate(index)
        before = calls[:index]
        found = matching_rules(before, call, system)
        if not found:
            if isinstance(call, Pass) and not any(isinstance(c, Bid) for c in before):
                found_shows = [Shown(0, 11)]
            else:
                continue
        else:
            found_shows = [_rule_shows(rule, b) for rule, b in found]
        low = min(s.hcp_min for s in found_shows)
        high = max(s.hcp_max for s in found_shows)
        common = set.intersection(*(set(s.lengths) for s in found_shows))
        lengths = {suit: min(s.lengths[suit] for s in found_shows) for suit in common}
        old = result[seat]
        merged = {**old.lengths}
        for suit, n in lengths.items():
            merged[suit] = max(merged.get(suit, 0), n)
        new_low, new_high = max(old.hcp_min, low), min(old.hcp_max, high)
        if new_low > new_high:  # the system's ranges disagree (a placement, a misbid): keep the older
            new_low, new_high = old.hcp_min, old.hcp_max
        result[seat] = Shown(new_low, new_high, merged)
    return tuple(result.items())


# --- placement when no rule fits ------------------------------------------------------------------------

_PLACEMENT_MEANING: Final = "to play: game values by the partnership's count"
_GAME: Final = {None: 3, Suit.SPADES: 4, Suit.HEARTS: 4, Suit.DIAMONDS: 5, Suit.CLUBS: 5}


def _placement(hand: CardSet, auction: Auction, seat: Seat, system: System) -> Choice | None:
    """With no rule for the auction: bid game when the partnership's known HCP reach 25, in a major with
    eight known trumps, else 3NT; never beyond game, never over a contract our side already has at game."""
    calls = auction.calls
    partner = seat.partner
    partner_calls = [c for i, c in enumerate(calls) if auction.dealer.rotate(i) is partner]
    if not any(isinstance(c, Bid) for c in partner_calls):
        return None
    last = auction.last_bid
    if last is not None and last.level >= _GAME[last.denomination.suit]:
        return None
    if any(isinstance(c, Double | Redouble) for c in calls[-3:]):
        return None
    seen = shown(auction.dealer, calls, system)[partner]
    if hand.hcp + seen.hcp_min < 25:
        return None
    for suit in (Suit.SPADES, Suit.HEARTS):
        if hand.count(suit) + seen.lengths.get(suit, 0) >= 8:
            call: Call = Bid(4, Denomination.from_suit(suit))
            if auction.is_legal(call):
                return Choice(call, False, _PLACEMENT_MEANING)
    call = Bid(3, Denomination.NOTRUMP)
    if auction.is_legal(call):
        return Choice(call, False, _PLACEMENT_MEANING)
    return None


def check_system(system: System = SYSTEM) -> None:
    """Read every auction pattern, call and hand condition of ``system`` once (a check of the data).

    >>> check_system()

    :raises SystemError_: naming the first rule that cannot be read.
    """
    for rule in system.rules:
        bound = set()
        for token in (*rule.auction.split(), rule.call):
            m = _BID_TOKEN.fullmatch(token)
            if m is not None:
                bound.add(m.group(2))
            elif token not in ("*", "P", "X", "XX"):
                raise SystemError_(f"rule {rule.auction!r} -> {rule.call}: cannot read {token!r}")
        for condition in rule.hand:
            if condition in ("balanced", "unbalanced") or _HCP.fullmatch(condition) or _ACES.fullmatch(
                    condition):
                continue
            m = _LENGTH.fullmatch(condition)
            letters = {m.group(1), m.group(3)} - set("SHDC") - {"unbid"} if m is not None else set()
            if m is None or any(not x.isdigit() and x not in bound for x in letters):
                raise SystemError_(f"rule {rule.auction!r} -> {rule.call}: cannot read {condition!r}")
