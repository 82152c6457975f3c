"""Hand conditions of bidding rules: parsed once into small predicate objects.

A condition is read from text (``hcp 15-17``, ``S>=5``, ``x+y>=10``, ``stop x``, ``sum 25+``) into an object
with two faces:

* ``holds(hand, env)``: whether a :class:`~tenace.system.bidding.hand.HandInfo` meets it, with ``env`` giving
  the suits the auction's variables stand for and what partner has shown;
* ``facts(env)``: what it tells the other players about the hand, as :class:`Facts` (an HCP range, suit
  length ranges, balance, and short notes such as a stopper), the stuff of explanations (Law 20F) and of the
  inferences the robots draw.

The vocabulary (each term's exact meaning is in :data:`VOCABULARY`) is small on purpose: every word must be
explainable to an opponent in any of the five languages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Protocol

from tenace.system.bidding.hand import HandInfo

__all__ = [
    "VARIABLES", "VOCABULARY", "Condition", "ConditionError", "Env", "Facts", "parse_condition",
]

#: The suit variables and the suits each may stand for (indices: clubs 0 .. spades 3). Two different letters
#: never stand for the same suit. ``t`` is the partnership's agreed suit, bound by the auction, not by a
#: pattern.
VARIABLES: Final[dict[str, tuple[int, ...]]] = {
    "x": (3, 2, 1, 0), "y": (3, 2, 1, 0), "z": (3, 2, 1, 0), "w": (3, 2, 1, 0),
    "M": (3, 2), "N": (3, 2), "m": (1, 0), "n": (1, 0), "t": (3, 2, 1, 0),
}
_SUIT_LETTERS: Final = {"C": 0, "D": 1, "H": 2, "S": 3}

VOCABULARY: Final = {
    "hcp A-B": "high-card points (ace 4, king 3, queen 2, jack 1); ranges are A-B, A+ or -B",
    "pts A-B": "high-card points plus one for each card beyond four in a suit",
    "sp x A-B": "support points for raising x: high-card points, and 5 for a void, 3 for a singleton, 1 for "
                "a doubleton in another suit",
    "S>=5, x==4, x<y, x+y>=10": "suit lengths: a suit letter or variable, or a sum of them, against a number "
                                "or another suit",
    "unbid>=3, unbid-majors>=4, unbid-minors>=4": "every suit (major, minor) nobody has bid",
    "balanced / unbalanced / semibalanced": "4-3-3-3, 4-4-3-2, 5-3-3-2 (semibalanced adds 5-4-2-2, 6-3-2-2)",
    "longest x": "x is a longest suit of the hand",
    "stop x / stop theirs": "a notrump stopper (A, Kx, Qxx, Jxxx) in x / in every suit the opponents bid",
    "good x": "two of the three top honours in x, or three of the top five",
    "top x N": "N or more of the ace, king and queen of x",
    "aces A-B, kings A-B, controls A-B, losers A-B": "counts (controls: ace 2, king 1; losing trick count)",
    "keys 1|4": "keycards for the agreed suit t (the four aces and its king), one of the listed numbers",
    "queen t": "holds the queen of the agreed suit",
    "control x": "first- or second-round control of x (ace, king, void or singleton)",
    "fit x": "eight or more cards in x together with what partner has shown (fit x 9: nine or more)",
    "sum A-B": "high-card points together with what partner has shown: his minimum plus a quarter of his "
               "range, at most 3",
    "maxsum A+": "high-card points together with partner's maximum",
    "work x A+": "working high-card points opposite partner's shortness in x: all but the king, queen and "
                 "jack of x",
    "tsum x A+": "support points for x together with what partner has shown (as for sum)",
    "passed / ppassed": "this player / partner passed before the opening bid",
    "seat 3+": "the call's place at the table: 1 is the dealer",
    "vul / nonvul / fav / unfav": "vulnerability: ours; favourable is us not vulnerable, them vulnerable",
    "rule20 / rule15": "HCP plus the lengths of the two longest suits reach 20 / HCP plus spades reach 15",
    "x is H, x isnt S, x above y, x below y, major x, minor x": "which suits the variables stand for (above: "
                                                                "ranks higher)",
    "not C": "the condition C does not hold",
    "NAME": "a condition the file defined with 'define NAME = A | B' (A or B, each a list of conditions)",
}


class ConditionError(ValueError):
    """A condition that cannot be read (the message says which word and why)."""


@dataclass(frozen=True, slots=True)
class Facts:
    """What a call shows: HCP bounds, length bounds by suit index, balance, and notes for the text."""

    hcp_min: int = 0
    hcp_max: int = 37
    lengths: tuple[tuple[int, int], ...] = ((0, 13),) * 4
    balanced: bool | None = None
    notes: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Short notes (a key of the explanation phrases and the suits it names), e.g. ``("stop", (2,))``."""
    points_min: int | None = None
    points_max: int | None = None

    def meet(self, other: Facts) -> Facts:
        """Both at once (a conjunction of conditions)."""
        lengths = tuple((max(a[0], b[0]), min(a[1], b[1])) for a, b in zip(self.lengths, other.lengths,
                                                                          strict=True))
        balanced = self.balanced if other.balanced is None else other.balanced
        return Facts(max(self.hcp_min, other.hcp_min), min(self.hcp_max, other.hcp_max), lengths, balanced,
                     self.notes + tuple(n for n in other.notes if n not in self.notes),
                     _bound(max, self.points_min, other.points_min), _bound(min, self.points_max,
                                                                            other.points_max))

    def join(self, other: Facts) -> Facts:
        """Either one (several rules for one call): the widest bounds, notes only where both have them."""
        lengths = tuple((min(a[0], b[0]), max(a[1], b[1])) for a, b in zip(self.lengths, other.lengths,
                                                                          strict=True))
        return Facts(min(self.hcp_min, other.hcp_min), max(self.hcp_max, other.hcp_max), lengths,
                     self.balanced if self.balanced == other.balanced else None,
                     tuple(n for n in self.notes if n in other.notes),
                     None if self.points_min is None or other.points_min is None
                     else min(self.points_min, other.points_min),
                     None if self.points_max is None or other.points_max is None
                     else max(self.points_max, other.points_max))

    @property
    def possible(self) -> bool:
        """Whether some hand could meet these facts (by counting: HCP and lengths in range)."""
        if self.hcp_min > min(self.hcp_max, 37) or any(lo > hi for lo, hi in self.lengths):
            return False
        if sum(lo for lo, _ in self.lengths) > 13 or sum(hi for _, hi in self.lengths) < 13:
            return False
        if self.balanced and any(lo > 5 or hi < 2 for lo, hi in self.lengths):
            return False
        return self.points_min is None or self.points_max is None or self.points_min <= self.points_max


def _bound(pick: Callable[[int, int], int], a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    return a if b is None else pick(a, b)


NOTHING: Final = Facts()


class Env(Protocol):
    """What a condition may look at besides the hand: the suits bound to variables, what partner has shown,
    the suits already bid, vulnerability and position."""

    @property
    def bindings(self) -> dict[str, int]: ...
    @property
    def partner(self) -> Facts: ...
    @property
    def unbid(self) -> tuple[int, ...]: ...
    @property
    def theirs(self) -> tuple[int, ...]: ...
    @property
    def vulnerable(self) -> tuple[bool, bool]: ...
    @property
    def seat(self) -> int: ...
    @property
    def passed(self) -> bool: ...
    @property
    def partner_passed(self) -> bool: ...


class Condition(Protocol):
    @property
    def text(self) -> str: ...

    def holds(self, hand: HandInfo, env: Env) -> bool: ...
    def facts(self, env: Env) -> Facts: ...
    def variables(self) -> frozenset[str]: ...


# --- ranges ------------------------------------------------------------------------------------------------

_RANGE: Final = re.compile(r"(\d+)?(?:(\+)|-(\d+)?)?")


def _range(text: str, top: int) -> tuple[int, int]:
    m = _RANGE.fullmatch(text)
    if m is None or not text:
        raise ConditionError(f"{text!r} is not a range (write 15-17, 12+, -9 or 4)")
    low_text, plus, high_text = m.groups()
    low = int(low_text) if low_text else 0
    if plus:
        high = top
    elif "-" in text:
        high = int(high_text) if high_text else top
        if not low_text and not high_text:
            raise ConditionError(f"{text!r} is not a range")
    else:
        high = low
    if low > high:
        raise ConditionError(f"the range {text!r} goes down: {low} is above {high}")
    if high > top:
        raise ConditionError(f"the range {text!r} goes above {top}")
    return low, high


def _suit(term: str, env: Env) -> int:
    index = _SUIT_LETTERS.get(term)
    return index if index is not None else env.bindings[term]


def _suit_term(word: str, what: str) -> str:
    if word not in _SUIT_LETTERS and word not in VARIABLES:
        raise ConditionError(f"{what}: {word!r} is not a suit (S, H, D, C) or a suit variable "
                             f"({', '.join(VARIABLES)})")
    return word


def _vars(*terms: str) -> frozenset[str]:
    return frozenset(t for t in terms if t in VARIABLES)


Lengths = tuple[tuple[int, int], ...]


def _set_length(lengths: Lengths, suit: int, low: int, high: int) -> Lengths:
    out = list(lengths)
    lo, hi = out[suit]
    out[suit] = (max(lo, low), min(hi, high))
    return tuple(out)


# --- the conditions ----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Hcp:
    text: str
    low: int
    high: int

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return self.low <= hand.hcp <= self.high

    def facts(self, env: Env) -> Facts:
        return Facts(hcp_min=self.low, hcp_max=self.high)

    def variables(self) -> frozenset[str]:
        return frozenset()


@dataclass(frozen=True, slots=True)
class Points:
    """Total points: HCP plus length points, or support points for a suit."""

    text: str
    low: int
    high: int
    suit: str | None = None

    def holds(self, hand: HandInfo, env: Env) -> bool:
        value = hand.points if self.suit is None else hand.support_points(_suit(self.suit, env))
        return self.low <= value <= self.high

    def facts(self, env: Env) -> Facts:
        return Facts(points_min=self.low, points_max=None if self.high >= 37 else self.high)

    def variables(self) -> frozenset[str]:
        return _vars(self.suit) if self.suit else frozenset()


def partner_count(partner: Facts, optimistic: bool = False) -> int:
    """The HCP a bidder counts on from partner: his shown maximum when ``optimistic``, else his minimum plus a
    quarter of his range (at most 3): a 1NT opening (15-17) counts 15, an opening of one of a suit (10-21)
    counts 12, a one-level response (6 or more) counts 9."""
    if optimistic:
        return partner.hcp_max
    count = partner.hcp_min + min(3, (min(partner.hcp_max, 37) - partner.hcp_min) // 4)
    if partner.points_min is not None:  # total or support points shown: about two of them are not HCP
        count = max(count, partner.points_min - 2)
    return count


@dataclass(frozen=True, slots=True)
class Sum:
    """Combined HCP with partner, counting what :func:`partner_count` gives (his maximum with
    ``optimistic``): the hand's own HCP plus that is from ``low`` to ``high``."""

    text: str
    low: int
    high: int
    optimistic: bool = False

    def _bounds(self, env: Env) -> tuple[int, int]:
        base = partner_count(env.partner, self.optimistic)
        return max(0, self.low - base), 37 if self.high >= 60 else self.high - base

    def holds(self, hand: HandInfo, env: Env) -> bool:
        low, high = self._bounds(env)
        return low <= hand.hcp <= high

    def facts(self, env: Env) -> Facts:
        low, high = self._bounds(env)
        return Facts(hcp_min=low, hcp_max=max(high, 0))

    def variables(self) -> frozenset[str]:
        return frozenset()


@dataclass(frozen=True, slots=True)
class FitSum:
    """Support points for ``suit`` together with what partner has shown (:func:`partner_count`): the count
    for game and slam once a fit is found."""

    text: str
    suit: str
    low: int

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return hand.support_points(_suit(self.suit, env)) + partner_count(env.partner) >= self.low

    def facts(self, env: Env) -> Facts:
        return Facts(points_min=max(0, self.low - partner_count(env.partner)))

    def variables(self) -> frozenset[str]:
        return _vars(self.suit)


@dataclass(frozen=True, slots=True)
class Working:
    """``work x N+``: N or more HCP not counting the king, queen and jack of ``suit``, where partner showed a
    singleton or void (Bergen, Points Schmoints: honours facing a shortness are wasted, an ace is not)."""

    text: str
    suit: str
    low: int

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return hand.working_hcp(_suit(self.suit, env)) >= self.low

    def facts(self, env: Env) -> Facts:
        return Facts(hcp_min=self.low, notes=(("work", (_suit(self.suit, env), self.low)),))

    def variables(self) -> frozenset[str]:
        return _vars(self.suit)


@dataclass(frozen=True, slots=True)
class Length:
    """``left op right`` where each side is a sum of suit lengths or a number."""

    text: str
    left: tuple[str, ...]
    op: str
    right: tuple[str, ...]
    number: int | None

    def _side(self, terms: tuple[str, ...], hand: HandInfo, env: Env) -> int:
        return sum(hand.lengths[_suit(t, env)] for t in terms)

    def holds(self, hand: HandInfo, env: Env) -> bool:
        a = self._side(self.left, hand, env)
        b = self.number if self.number is not None else self._side(self.right, hand, env)
        return _OPS[self.op](a, b)

    def facts(self, env: Env) -> Facts:
        if self.number is None or len(self.left) != 1:
            if len(self.left) > 1 and self.number is not None and self.op in (">=", ">", "=="):
                # x+y>=10: each at least 10 minus 13 minus the other... only a note
                suits = tuple(_suit(t, env) for t in self.left)
                return Facts(notes=(("sum", (*suits, self.number + (self.op == ">"))),))
            return NOTHING
        suit, n = _suit(self.left[0], env), self.number
        low, high = {">=": (n, 13), ">": (n + 1, 13), "==": (n, n), "<=": (0, n), "<": (0, n - 1),
                     "!=": (0, 13)}[self.op]
        return Facts(lengths=_set_length(NOTHING.lengths, suit, low, high))

    def variables(self) -> frozenset[str]:
        return _vars(*self.left, *self.right)


_OPS: Final[dict[str, Callable[[int, int], bool]]] = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b, ">": lambda a, b: a > b, "<": lambda a, b: a < b,
}


@dataclass(frozen=True, slots=True)
class Different:
    """``x!=y`` between two variables: they stand for different suits (always true, two letters never share
    a suit; kept for readability) or a variable and a fixed suit."""

    text: str
    left: str
    right: str

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return _suit(self.left, env) != _suit(self.right, env)

    def facts(self, env: Env) -> Facts:
        return NOTHING

    def variables(self) -> frozenset[str]:
        return _vars(self.left, self.right)


@dataclass(frozen=True, slots=True)
class Unbid:
    """Every suit nobody has bid (``unbid``), or every such major (``unbid-majors``) or minor."""

    text: str
    op: str
    number: int
    suits: tuple[int, ...] = (0, 1, 2, 3)

    def _suits(self, env: Env) -> list[int]:
        return [s for s in env.unbid if s in self.suits]

    def holds(self, hand: HandInfo, env: Env) -> bool:
        compare = _OPS[self.op]
        return all(compare(hand.lengths[s], self.number) for s in self._suits(env))

    def facts(self, env: Env) -> Facts:
        lengths = NOTHING.lengths
        n = self.number
        low, high = {">=": (n, 13), ">": (n + 1, 13), "==": (n, n), "<=": (0, n), "<": (0, n - 1),
                     "!=": (0, 13)}[self.op]
        for suit in self._suits(env):
            lengths = _set_length(lengths, suit, low, high)
        return Facts(lengths=lengths)

    def variables(self) -> frozenset[str]:
        return frozenset()


@dataclass(frozen=True, slots=True)
class Shape:
    text: str
    kind: str

    def holds(self, hand: HandInfo, env: Env) -> bool:
        if self.kind == "balanced":
            return hand.balanced
        if self.kind == "unbalanced":
            return not hand.balanced
        return hand.semibalanced

    def facts(self, env: Env) -> Facts:
        if self.kind == "semibalanced":
            return Facts(lengths=((2, 6),) * 4, notes=(("semibalanced", ()),))
        if self.kind == "balanced":  # and so semi-balanced too, which a join with a semi-balanced rule keeps
            return Facts(lengths=((2, 5),) * 4, balanced=True, notes=(("semibalanced", ()),))
        return Facts(balanced=False)

    def variables(self) -> frozenset[str]:
        return frozenset()


@dataclass(frozen=True, slots=True)
class SuitTest:
    """A test of one suit that the explanation states as a note: longest, stop, good, top, control, queen."""

    text: str
    kind: str
    suit: str
    count: int = 0

    def holds(self, hand: HandInfo, env: Env) -> bool:
        if self.suit == "theirs":
            return all(hand.stopper(s) for s in env.theirs)
        if self.suit == "unbid":
            return all(hand.stopper(s) for s in env.unbid)
        suit = _suit(self.suit, env)
        match self.kind:
            case "longest":
                return hand.longest(suit)
            case "stop":
                return hand.stopper(suit)
            case "good":
                return hand.good_suit(suit)
            case "top":
                return hand.honours(suit) >= self.count
            case "control":
                return hand.first_round_control(suit) or hand.second_round_control(suit)
            case "queen":
                return hand.has(suit, 1 << 10)
        raise AssertionError(self.kind)  # pragma: no cover

    def facts(self, env: Env) -> Facts:
        if self.suit == "theirs":
            suits = env.theirs
        elif self.suit == "unbid":
            suits = env.unbid
        else:
            suits = (_suit(self.suit, env),)
        return Facts(notes=((self.kind if self.kind != "top" else f"top{self.count}", tuple(suits)),))

    def variables(self) -> frozenset[str]:
        return _vars(self.suit)


@dataclass(frozen=True, slots=True)
class Count:
    """aces, kings, controls, losers, keys (a set of values)."""

    text: str
    kind: str
    values: frozenset[int]

    def _value(self, hand: HandInfo, env: Env) -> int:
        match self.kind:
            case "aces":
                return hand.aces
            case "kings":
                return hand.kings
            case "controls":
                return hand.controls
            case "losers":
                return hand.losers
            case "keys":
                return hand.keycards(env.bindings["t"])
        raise AssertionError(self.kind)  # pragma: no cover

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return self._value(hand, env) in self.values

    def facts(self, env: Env) -> Facts:
        return Facts(notes=((self.kind, tuple(sorted(self.values))),))

    def variables(self) -> frozenset[str]:
        return frozenset({"t"}) if self.kind == "keys" else frozenset()


@dataclass(frozen=True, slots=True)
class Fit:
    """Eight (or ``need``) cards in ``suit`` together with partner's shown minimum."""

    text: str
    suit: str
    need: int

    def _own(self, env: Env) -> int:
        return max(0, self.need - env.partner.lengths[_suit(self.suit, env)][0])

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return hand.lengths[_suit(self.suit, env)] >= self._own(env)

    def facts(self, env: Env) -> Facts:
        return Facts(lengths=_set_length(NOTHING.lengths, _suit(self.suit, env), self._own(env), 13))

    def variables(self) -> frozenset[str]:
        return _vars(self.suit)


@dataclass(frozen=True, slots=True)
class Context:
    """Vulnerability, position and earlier passes: facts of the table, not of the hand."""

    text: str
    kind: str
    low: int = 0
    high: int = 0

    def holds(self, hand: HandInfo, env: Env) -> bool:
        ours, theirs = env.vulnerable
        match self.kind:
            case "passed":
                return env.passed
            case "ppassed":
                return env.partner_passed
            case "seat":
                return self.low <= env.seat <= self.high
            case "vul":
                return ours
            case "nonvul":
                return not ours
            case "fav":
                return theirs and not ours
            case "unfav":
                return ours and not theirs
        raise AssertionError(self.kind)  # pragma: no cover

    def facts(self, env: Env) -> Facts:
        return NOTHING

    def variables(self) -> frozenset[str]:
        return frozenset()


@dataclass(frozen=True, slots=True)
class RuleOf:
    """The rules of 20 and 15 for light openings: HCP plus the two longest suits reach 20; HCP plus the
    spades reach 15."""

    text: str
    kind: str

    def holds(self, hand: HandInfo, env: Env) -> bool:
        if self.kind == "rule20":
            return hand.hcp + hand.shape[0] + hand.shape[1] >= 20
        return hand.hcp + hand.lengths[3] >= 15

    def facts(self, env: Env) -> Facts:
        return Facts(notes=((self.kind, ()),))

    def variables(self) -> frozenset[str]:
        return frozenset()


@dataclass(frozen=True, slots=True)
class Any:
    """One of several lists of conditions (a ``define`` of the file, with ``|`` between alternatives)."""

    text: str
    alternatives: tuple[tuple[Condition, ...], ...]

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return any(all(c.holds(hand, env) for c in alt) for alt in self.alternatives)

    def facts(self, env: Env) -> Facts:
        result: Facts | None = None
        for alt in self.alternatives:
            if not all(c.holds(None, env) for c in alt if is_table_condition(c)):  # type: ignore[arg-type]
                continue  # an alternative for another seat or vulnerability says nothing here
            shown = facts_of(alt, env)
            if shown.possible:
                result = shown if result is None else result.join(shown)
        return result if result is not None else Facts(hcp_min=1, hcp_max=0)

    def variables(self) -> frozenset[str]:
        return frozenset().union(*(c.variables() for alt in self.alternatives for c in alt))


@dataclass(frozen=True, slots=True)
class Relation:
    """Which suits the variables stand for: ``x is H``, ``x isnt S``, ``x above y`` (ranks higher),
    ``x below y``, ``major x``, ``minor x``. A fact of the auction, not of the hand."""

    text: str
    kind: str
    left: str
    right: str = ""

    def holds(self, hand: HandInfo | None, env: Env) -> bool:
        a = _suit(self.left, env)
        if self.kind == "major":
            return a >= 2
        if self.kind == "minor":
            return a <= 1
        b = _suit(self.right, env)
        return {"is": a == b, "isnt": a != b, "above": a > b, "below": a < b}[self.kind]

    def facts(self, env: Env) -> Facts:
        return NOTHING

    def variables(self) -> frozenset[str]:
        return _vars(self.left, self.right)


@dataclass(frozen=True, slots=True)
class Not:
    text: str
    inner: Condition

    def holds(self, hand: HandInfo, env: Env) -> bool:
        return not self.inner.holds(hand, env)

    def facts(self, env: Env) -> Facts:
        inner = self.inner.facts(env)
        if inner.notes:
            return Facts(notes=tuple((f"no-{key}", suits) for key, suits in inner.notes))
        return NOTHING

    def variables(self) -> frozenset[str]:
        return self.inner.variables()


def is_table_condition(condition: Condition) -> bool:
    """Whether a condition looks only at the table or the auction, not at the hand (position, vulnerability,
    earlier passes, which suits the variables stand for)."""
    if isinstance(condition, Not):
        return is_table_condition(condition.inner)
    return isinstance(condition, Context | Relation)


# --- parsing -----------------------------------------------------------------------------------------------

_LENGTH_RE: Final = re.compile(r"([A-Za-z+-]+)(>=|<=|==|!=|>|<)(\w+(?:\+\w+)*)")
_UNBID: Final = {"unbid": (0, 1, 2, 3), "unbid-majors": (2, 3), "unbid-minors": (0, 1)}
_COUNT_WORDS: Final = {"aces": 4, "kings": 4, "controls": 12, "losers": 13, "keys": 5}
_CONTEXT_WORDS: Final = {"passed", "ppassed", "vul", "nonvul", "fav", "unfav"}


def parse_condition(text: str, macros: dict[str, Condition] | None = None) -> Condition:
    """One condition from its text (``macros``: the names a file defined).

    >>> parse_condition("hcp 15-17")
    Hcp(text='hcp 15-17', low=15, high=17)
    >>> parse_condition("x+y>=10").variables() == {"x", "y"}
    True

    :raises ConditionError: naming what cannot be read.
    """
    source = " ".join(text.split())
    if not source:
        raise ConditionError("an empty condition (two commas in a row?)")
    words = source.split(" ")
    head = words[0]
    if macros and len(words) == 1 and head in macros:
        return macros[head]
    if head == "not":
        if len(words) < 2:
            raise ConditionError("'not' needs a condition after it")
        return Not(source, parse_condition(" ".join(words[1:]), macros))
    if head in ("hcp", "pts", "sum", "maxsum"):
        if len(words) != 2:
            raise ConditionError(f"{source!r}: write {head} and one range, e.g. '{head} 12+'")
        low, high = _range(words[1], 37 if head in ("hcp", "pts") else 60)
        if head == "hcp":
            return Hcp(source, low, high)
        if head == "pts":
            return Points(source, low, high)
        return Sum(source, low, high, optimistic=head == "maxsum")
    if head == "tsum":
        if len(words) != 3 or not words[2].endswith("+") or not words[2][:-1].isdigit():
            raise ConditionError(f"{source!r}: write 'tsum SUIT N+', e.g. 'tsum t 33+'")
        return FitSum(source, _suit_term(words[1], source), int(words[2][:-1]))
    if head == "work":
        if len(words) != 3 or not words[2].endswith("+") or not words[2][:-1].isdigit():
            raise ConditionError(f"{source!r}: write 'work SUIT N+', e.g. 'work x 13+'")
        return Working(source, _suit_term(words[1], source), int(words[2][:-1]))
    if head == "sp":
        if len(words) != 3:
            raise ConditionError(f"{source!r}: write 'sp SUIT RANGE', e.g. 'sp x 10-12'")
        low, high = _range(words[2], 37)
        return Points(source, low, high, _suit_term(words[1], source))
    if head in ("balanced", "unbalanced", "semibalanced") and len(words) == 1:
        return Shape(source, head)
    if head in ("longest", "stop", "good", "control", "queen"):
        if len(words) != 2:
            raise ConditionError(f"{source!r}: write '{head} SUIT'")
        suit = words[1]
        if not (head == "stop" and suit in ("theirs", "unbid")):
            _suit_term(suit, source)
        return SuitTest(source, head, suit)
    if head == "top":
        if len(words) != 3 or not words[2].isdigit() or not 1 <= int(words[2]) <= 3:
            raise ConditionError(f"{source!r}: write 'top SUIT N' with N from 1 to 3")
        return SuitTest(source, "top", _suit_term(words[1], source), int(words[2]))
    if head in _COUNT_WORDS:
        if len(words) != 2:
            raise ConditionError(f"{source!r}: write '{head} N', '{head} 1-2' or '{head} 1|4'")
        top = _COUNT_WORDS[head]
        values: set[int] = set()
        for part in words[1].split("|"):
            low, high = _range(part, top)
            values.update(range(low, high + 1))
        return Count(source, head, frozenset(values))
    if head == "fit":
        if len(words) not in (2, 3) or (len(words) == 3 and not words[2].isdigit()):
            raise ConditionError(f"{source!r}: write 'fit SUIT' or 'fit SUIT 9'")
        return Fit(source, _suit_term(words[1], source), int(words[2]) if len(words) == 3 else 8)
    if head in _CONTEXT_WORDS and len(words) == 1:
        return Context(source, head)
    if head in ("rule20", "rule15") and len(words) == 1:
        return RuleOf(source, head)
    if head in ("major", "minor") and len(words) == 2:
        return Relation(source, head, _suit_term(words[1], source))
    if len(words) == 3 and words[1] in ("is", "isnt", "above", "below"):
        return Relation(source, words[1], _suit_term(words[0], source), _suit_term(words[2], source))
    if head == "seat":
        if len(words) != 2:
            raise ConditionError(f"{source!r}: write 'seat 3+' or 'seat 1-2'")
        low, high = _range(words[1], 4)
        return Context(source, "seat", max(low, 1), high)
    if len(words) == 1:
        return _length(source)
    raise ConditionError(f"cannot read the condition {source!r} (the words are: {', '.join(VOCABULARY)})")


def _length(source: str) -> Condition:
    m = _LENGTH_RE.fullmatch(source)
    if m is None:
        raise ConditionError(f"cannot read the condition {source!r}")
    left_text, op, right_text = m.groups()
    if left_text in _UNBID:
        if not right_text.isdigit():
            raise ConditionError(f"{source!r}: '{left_text}' compares with a number")
        return Unbid(source, op, int(right_text), _UNBID[left_text])
    left = tuple(_suit_term(t, source) for t in left_text.split("+"))
    if right_text.isdigit():
        number = int(right_text)
        if number > 13:
            raise ConditionError(f"{source!r}: a suit has at most 13 cards")
        return Length(source, left, op, (), number)
    right = tuple(_suit_term(t, source) for t in right_text.split("+"))
    if op == "!=" and len(left) == 1 and len(right) == 1:
        return Different(source, left[0], right[0])
    return Length(source, left, op, right, None)


def parse_conditions(text: str, macros: dict[str, Condition] | None = None) -> tuple[Condition, ...]:
    """A comma-separated list of conditions (all must hold)."""
    if not text.strip():
        return ()
    return tuple(parse_condition(part, macros) for part in text.split(","))


def parse_alternatives(name: str, text: str, macros: dict[str, Condition] | None = None) -> Condition:
    """A ``define``: lists of conditions separated by ``|``, one of which must hold.

    >>> opening = parse_alternatives("opening", "hcp 12-21 | hcp 10-11, rule20")
    >>> [len(alt) for alt in opening.alternatives]
    [1, 2]
    """
    alternatives = tuple(parse_conditions(part, macros) for part in text.split("|"))
    if any(not alt for alt in alternatives):
        raise ConditionError(f"the definition of {name!r} has an empty alternative")
    return Any(name, alternatives)


def facts_of(conditions: Iterable[Condition], env: Env) -> Facts:
    """What a rule's conditions together show."""
    result = NOTHING
    for condition in conditions:
        result = result.meet(condition.facts(env))
    return result


__all__ += ["NOTHING", "facts_of", "is_table_condition", "parse_alternatives", "parse_conditions"]
