"""Constrained deals for practice, teaching and simulation: predealt cards and conditions per seat.

**Not for tournament boards.** Law 6E4 allows another method of dealing only if it gives the same wholly
random expectations as a shuffled pack, and a selected deal does not; use :mod:`tenace.dealing.secure` or
:mod:`tenace.dealing.verifiable` for play.

Method: the cards that are not predealt are dealt to the seats that still need cards by drawing a number
uniformly from all the ways of doing so (with the caller's :class:`random.Random`, so a seed reproduces the
deals) and unranking it as :mod:`tenace.dealing.index` does. A deal that fails a condition is thrown away
and another is drawn: rejection keeps the result uniform over all the deals that meet the constraints.
Constraints that no deal can meet are reported before any dealing, as a :class:`ConstraintError` naming the
seat and the condition; constraints that are possible but too rare give up after ``max_attempts`` draws.

>>> import random
>>> opener = HandConditions(hcp=(15, 17), spades=(2, 4), hearts=(2, 4), diamonds=(2, 5), clubs=(2, 5))
>>> spec = DealConstraints(predeal={Seat.SOUTH: "AKQ2.KJ3.Q76.A32"}, conditions={Seat.NORTH: opener})
>>> deal = spec.deal(random.Random(2024))
>>> str(deal[Seat.SOUTH]), 15 <= deal[Seat.NORTH].hcp <= 17
('AKQ2.KJ3.Q76.A32', True)
>>> DealConstraints(predeal={Seat.NORTH: "AKQJT98765432.A.."})
Traceback (most recent call last):
...
tenace.dealing.constrained.ConstraintError: North is predealt 14 cards, but a hand has 13 (Law 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from tenace.cards import SUITS_DISPLAY, CardSet, Suit
from tenace.deal import Deal, PartialDeal
from tenace.dealing.index import multinomial, unrank_assignment
from tenace.errors import BridgeError, NotationError
from tenace.seats import SEATS, Seat

DEFAULT_MAX_ATTEMPTS: Final = 100_000
"""How many deals :meth:`DealConstraints.deal` draws before it gives up, unless told otherwise."""
MAX_HCP: Final = 37
"""The most high-card points one hand can hold (four aces, four kings, four queens, one jack)."""
_SUIT_MASK: Final = (1 << 13) - 1
_HONOUR_MASKS: Final = tuple(  # (points, mask of the four cards of that rank): card index = suit*13 + rank-2
    (points, sum(1 << (suit * 13 + offset) for suit in range(4)))
    for points, offset in ((4, 12), (3, 11), (2, 10), (1, 9))
)
_SHIFT: Final[dict[Suit, int]] = {suit: suit.index * 13 for suit in SUITS_DISPLAY}


class ConstraintError(BridgeError, ValueError):
    """Constraints that are malformed or that no deal can meet (e.g. 14 predealt cards for one seat)."""


class TooManyAttemptsError(ConstraintError):
    """No deal met the constraints within the allowed number of attempts."""


def _hcp(bits: int) -> int:
    return sum(points * (bits & mask).bit_count() for points, mask in _HONOUR_MASKS)


def _range(value: tuple[int, int] | int, what: str, low: int, high: int) -> tuple[int, int]:
    pair = (value, value) if isinstance(value, int) else value
    if not isinstance(pair, tuple) or len(pair) != 2:
        raise ConstraintError(f"{what} must be a number or a range (lo, hi), got {value!r}")
    lo, hi = pair
    if not (isinstance(lo, int) and isinstance(hi, int)) or not low <= lo <= hi <= high:
        raise ConstraintError(
            f"{what} must be a number or a range (lo, hi) within {low}..{high}, got {value!r}"
        )
    return lo, hi


@dataclass(frozen=True, slots=True)
class HandConditions:
    """Conditions on one hand: a high-card point range, a length range per suit and an optional predicate.

    Each range is ``(lo, hi)`` inclusive, or one number for an exact value.

    >>> balanced = HandConditions(hcp=(15, 17), spades=(2, 5), hearts=(2, 5), diamonds=(2, 5), clubs=(2, 5))
    >>> [balanced.check(CardSet.from_pbn(h)) for h in ("AQ32.KJ3.Q76.A32", "AQ32.KJ3.Q76.432")]
    [True, False]
    >>> HandConditions(spades=5, hearts=5, diamonds=4)
    Traceback (most recent call last):
    ...
    tenace.dealing.constrained.ConstraintError: the minimum suit lengths add up to 14, more than 13 cards
    """

    hcp: tuple[int, int] | int = (0, MAX_HCP)
    """High-card points (4-3-2-1)."""
    spades: tuple[int, int] | int = (0, 13)
    hearts: tuple[int, int] | int = (0, 13)
    diamonds: tuple[int, int] | int = (0, 13)
    clubs: tuple[int, int] | int = (0, 13)
    accept: Callable[[CardSet], bool] | None = None
    """Any further test on the hand; it must be a pure function of the hand."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "hcp", _range(self.hcp, "hcp", 0, MAX_HCP))
        names = [suit.name.lower() for suit in SUITS_DISPLAY]
        lengths = [_range(getattr(self, name), name, 0, 13) for name in names]
        for suit, rng in zip(SUITS_DISPLAY, lengths, strict=True):
            object.__setattr__(self, suit.name.lower(), rng)
        low = sum(lo for lo, _ in lengths)
        high = sum(hi for _, hi in lengths)
        if low > 13:
            raise ConstraintError(f"the minimum suit lengths add up to {low}, more than 13 cards")
        if high < 13:
            raise ConstraintError(f"the maximum suit lengths add up to {high}, fewer than 13 cards")
        if self.accept is not None and not callable(self.accept):
            raise ConstraintError(f"accept must be a function of the hand, got {self.accept!r}")

    @property
    def hcp_range(self) -> tuple[int, int]:
        return _range(self.hcp, "hcp", 0, MAX_HCP)

    def length_range(self, suit: Suit) -> tuple[int, int]:
        """The allowed length of ``suit`` as ``(lo, hi)``."""
        value: tuple[int, int] | int = getattr(self, suit.name.lower())
        return _range(value, suit.name.lower(), 0, 13)

    def check(self, hand: CardSet) -> bool:
        """Whether a full hand meets every condition."""
        return self._check_bits(hand.bits, self.hcp_range, self._length_ranges()) and (
            self.accept is None or bool(self.accept(hand))
        )

    def _length_ranges(self) -> tuple[tuple[int, int, int], ...]:
        """(shift, lo, hi) for the suits that are constrained at all."""
        out = []
        for suit in SUITS_DISPLAY:
            lo, hi = self.length_range(suit)
            if (lo, hi) != (0, 13):
                out.append((_SHIFT[suit], lo, hi))
        return tuple(out)

    @staticmethod
    def _check_bits(bits: int, hcp: tuple[int, int], lengths: tuple[tuple[int, int, int], ...]) -> bool:
        for shift, lo, hi in lengths:
            if not lo <= (bits >> shift & _SUIT_MASK).bit_count() <= hi:
                return False
        return hcp == (0, MAX_HCP) or hcp[0] <= _hcp(bits) <= hcp[1]


_Check = tuple[int, HandConditions, tuple[int, int], tuple[tuple[int, int, int], ...]]
"""seat index, conditions, HCP range, (shift, lo, hi) per constrained suit."""


def _name(seat: Seat) -> str:
    return seat.name.title()


def _normalise_predeal(predeal: Mapping[Seat, CardSet | str] | PartialDeal) -> tuple[int, int, int, int]:
    bits = [0, 0, 0, 0]
    items: list[tuple[Seat, CardSet | str | None]]
    if isinstance(predeal, PartialDeal):
        items = list(zip(SEATS, predeal.hands, strict=True))
    else:
        items = list(predeal.items())
    for seat, hand in items:
        if not isinstance(seat, Seat):
            raise ConstraintError(f"predeal keys are seats, got {seat!r}")
        if hand is None:
            continue
        if isinstance(hand, str):
            try:
                hand = CardSet.from_pbn(hand)
            except NotationError as exc:
                raise NotationError(f"predeal for {_name(seat)}: {exc}") from None
        if not isinstance(hand, CardSet):
            raise ConstraintError(f"predeal for {_name(seat)} must be a CardSet or a PBN hand, got {hand!r}")
        if len(hand) > 13:
            raise ConstraintError(f"{_name(seat)} is predealt {len(hand)} cards, but a hand has 13 (Law 1)")
        for other_index, other_bits in enumerate(bits):
            both = other_bits & hand.bits
            if both:
                cards = " ".join(str(c) for c in CardSet.from_bits(both))
                raise ConstraintError(
                    f"{cards} predealt to both {_name(SEATS[other_index])} and {_name(seat)}"
                )
        bits[seat.index] |= hand.bits
    return bits[0], bits[1], bits[2], bits[3]


@dataclass(frozen=True, slots=True, eq=False)
class DealConstraints:
    """Predealt cards (whole hands or a few cards) and conditions per seat, checked when built.

    ``predeal`` maps seats to :class:`CardSet` or PBN hand strings with any number of cards (``"AK2.QJ.."``
    is five cards), or is a :class:`PartialDeal`. ``conditions`` maps seats to :class:`HandConditions`;
    ``accept`` is an optional predicate on the whole deal.

    :raises ConstraintError: when the constraints are malformed or no deal can meet them, naming the seat.
    """

    predeal: Mapping[Seat, CardSet | str] | PartialDeal = field(default_factory=dict)
    conditions: Mapping[Seat, HandConditions] = field(default_factory=dict)
    accept: Callable[[Deal], bool] | None = None
    _predealt: tuple[int, int, int, int] = field(init=False, repr=False)
    _pool: tuple[int, ...] = field(init=False, repr=False)
    _need: tuple[int, int, int, int] = field(init=False, repr=False)
    _checks: tuple[_Check, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        predealt = _normalise_predeal(self.predeal)
        taken = predealt[0] | predealt[1] | predealt[2] | predealt[3]
        pool = tuple(i for i in range(51, -1, -1) if not taken >> i & 1)  # dealing order: spade ace first
        need = (13 - predealt[0].bit_count(), 13 - predealt[1].bit_count(),
                13 - predealt[2].bit_count(), 13 - predealt[3].bit_count())
        checks = []
        for seat, cond in self.conditions.items():
            if not isinstance(seat, Seat):
                raise ConstraintError(f"condition keys are seats, got {seat!r}")
            if not isinstance(cond, HandConditions):
                raise ConstraintError(f"conditions for {_name(seat)} must be HandConditions, got {cond!r}")
            _check_feasible(seat, cond, predealt[seat.index], pool, need[seat.index])
            checks.append((seat.index, cond, cond.hcp_range, cond._length_ranges()))
        _check_feasible_together(self.conditions, predealt)
        if self.accept is not None and not callable(self.accept):
            raise ConstraintError(f"accept must be a function of the deal, got {self.accept!r}")
        object.__setattr__(self, "_predealt", predealt)
        object.__setattr__(self, "_pool", pool)
        object.__setattr__(self, "_need", need)
        object.__setattr__(self, "_checks", tuple(checks))

    @property
    def completions(self) -> int:
        """How many deals agree with the predealt cards (before the conditions are applied)."""
        return multinomial(self._need)

    def _draw(self, rng: random.Random) -> Deal | None:
        owners = unrank_assignment(rng.randrange(multinomial(self._need)), self._need)
        bits = list(self._predealt)
        for card, k in zip(self._pool, owners, strict=True):
            bits[k] |= 1 << card
        for seat_index, _, hcp, lengths in self._checks:
            if not HandConditions._check_bits(bits[seat_index], hcp, lengths):
                return None
        hands = (CardSet.from_bits(bits[0]), CardSet.from_bits(bits[1]),
                 CardSet.from_bits(bits[2]), CardSet.from_bits(bits[3]))
        for seat_index, cond, _, _ in self._checks:
            if cond.accept is not None and not cond.accept(hands[seat_index]):
                return None
        deal = Deal(hands)
        if self.accept is not None and not self.accept(deal):
            return None
        return deal

    def deal(self, rng: random.Random | None = None, max_attempts: int = DEFAULT_MAX_ATTEMPTS) -> Deal:
        """One deal drawn uniformly from those that meet every constraint.

        ``rng`` makes the result reproducible; with none, an unpredictable :class:`random.SystemRandom`
        is used.

        :raises TooManyAttemptsError: if ``max_attempts`` draws all fail the conditions.
        """
        if not isinstance(max_attempts, int) or max_attempts < 1:
            raise ValueError(f"max_attempts must be a positive integer, got {max_attempts!r}")
        source = random.SystemRandom() if rng is None else rng
        for _ in range(max_attempts):
            deal = self._draw(source)
            if deal is not None:
                return deal
        raise TooManyAttemptsError(
            f"no deal met the constraints in {max_attempts} attempts; they may be too rare (raise "
            f"max_attempts) or contradictory in a way that is not checked in advance (e.g. by a predicate)"
        )

    def deals(
        self, count: int, rng: random.Random | None = None, max_attempts: int = DEFAULT_MAX_ATTEMPTS
    ) -> list[Deal]:
        """``count`` independent deals; ``max_attempts`` applies to each one."""
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"count must be a non-negative integer, got {count!r}")
        source = random.SystemRandom() if rng is None else rng
        return [self.deal(source, max_attempts) for _ in range(count)]


def _check_feasible(seat: Seat, cond: HandConditions, have: int, pool: tuple[int, ...], need: int) -> None:
    """Raise if the predealt cards already rule the conditions out for this seat."""
    name = _name(seat)
    pool_bits = sum(1 << i for i in pool)
    for suit in SUITS_DISPLAY:
        lo, hi = cond.length_range(suit)
        shift = _SHIFT[suit]
        held = (have >> shift & _SUIT_MASK).bit_count()
        free = (pool_bits >> shift & _SUIT_MASK).bit_count()
        plural = suit.name.lower()
        if held > hi:
            raise ConstraintError(f"{name} is predealt {held} {plural} but may hold at most {hi}")
        if held + min(free, need) < lo:
            raise ConstraintError(
                f"{name} needs at least {lo} {plural} but can hold at most {held + min(free, need)} "
                f"({held} predealt, {free} left to deal, {need} cards still to receive)"
            )
        if held + max(0, need - (len(pool) - free)) > hi:
            raise ConstraintError(
                f"{name} must receive more than {hi} {plural}: the other cards left to deal are all taken"
            )
    lo, hi = cond.hcp_range
    points = _hcp(have)
    values = sorted((_hcp(1 << i) for i in pool), reverse=True)
    best = points + sum(values[:need])
    worst = points + sum(values[len(values) - need:]) if need else points
    if worst > hi:
        raise ConstraintError(f"{name} will hold at least {worst} HCP, more than the maximum {hi}")
    if best < lo:
        raise ConstraintError(f"{name} can hold at most {best} HCP, less than the minimum {lo}")
    if need == 0 and not cond.check(CardSet.from_bits(have)):
        hand = CardSet.from_bits(have)
        raise ConstraintError(f"{name}'s predealt hand {hand} does not meet its conditions")


def _check_feasible_together(conditions: Mapping[Seat, HandConditions], predealt: tuple[int, ...]) -> None:
    """Raise if the seats' conditions cannot all hold at once (suit lengths and HCP add up per deal)."""
    default = HandConditions()
    per_seat = [conditions.get(seat, default) for seat in SEATS]
    for suit in SUITS_DISPLAY:
        shift = _SHIFT[suit]
        lows = sum(max(c.length_range(suit)[0], (predealt[i] >> shift & _SUIT_MASK).bit_count())
                   for i, c in enumerate(per_seat))
        highs = sum(c.length_range(suit)[1] for c in per_seat)
        if lows > 13:
            raise ConstraintError(
                f"the seats need at least {lows} {suit.name.lower()} between them, but there are 13"
            )
        if highs < 13:
            raise ConstraintError(f"the seats may hold at most {highs} {suit.name.lower()} between them, "
                                  "but all 13 must be dealt")
    lows = sum(c.hcp_range[0] for c in per_seat)
    highs = sum(c.hcp_range[1] for c in per_seat)
    if lows > 40:
        raise ConstraintError(f"the minimum HCP add up to {lows}, but a deal has 40")
    if highs < 40:
        raise ConstraintError(f"the maximum HCP add up to {highs}, but a deal has 40")


def constrained_deal(
    rng: random.Random | None = None,
    *,
    predeal: Mapping[Seat, CardSet | str] | PartialDeal | None = None,
    conditions: Mapping[Seat, HandConditions] | None = None,
    accept: Callable[[Deal], bool] | None = None,
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
) -> Deal:
    """One constrained deal: shorthand for ``DealConstraints(predeal, conditions, accept).deal(rng, ...)``.

    Not for tournaments (Law 6E4).

    >>> import random
    >>> deal = constrained_deal(random.Random(1), conditions={Seat.WEST: HandConditions(spades=(7, 13))})
    >>> deal[Seat.WEST].count(Suit.SPADES) >= 7
    True
    """
    spec = DealConstraints(
        {} if predeal is None else predeal, {} if conditions is None else conditions, accept
    )
    return spec.deal(rng, max_attempts)
