"""Layouts of the unseen cards for the card play: every hidden hand gets the cards it lacks so that the whole
hand it was dealt agrees with everything the robot has seen, and with the auction exactly.

The auction is read through the bidding engine (:mod:`tenace.system.bidding.engine`): a hidden player's
original hand (the cards it still holds and the cards it played) must be within what his calls showed (HCP,
suit lengths, balance: :attr:`Context.shown <tenace.system.bidding.engine.Context.shown>`), and it must be a
hand with which the system would have made each of his calls, so what he did not bid counts too (he did not
open 1NT, he did not overcall). A call the system leaves to judgement (a ``judge`` rule) may have been any of
the calls the robots' simulation chooses among.

A player whose calls cannot be squared with the system and the cards seen (a human's misbid, a psych) is
read more loosely, one step at a time: first without the replay of his calls, then with a point and a card of
slack, then not at all. The other players keep their constraints.

Hands are dealt with suit lengths drawn among those the auction allows (each hand of those lengths equally
likely), then tested on the rest; the result is a uniform draw among the consistent layouts (with three
hidden hands, each layout carries the weight that makes it so).

>>> import random
>>> from tenace.cards import CardSet
>>> from tenace.seats import Seat
>>> pool = CardSet.full() - CardSet.from_pbn("AKQ2.AKQ2.76.432")
>>> hidden = [Hidden(seat, 0, 13, 0, frozenset()) for seat in (Seat.WEST, Seat.NORTH, Seat.EAST)]
>>> layouts = deal_layouts(hidden, pool.bits, {}, 3, random.Random(1))
>>> [sum(len(layout.hands[h.seat]) for h in hidden) for layout in layouts]
[39, 39, 39]
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from tenace.cards import Card, CardSet, Suit
from tenace.seats import Seat
from tenace.system.bidding.conditions import Facts
from tenace.system.bidding.engine import Context, HandInfo, candidates, context, decide

__all__ = ["Auction", "Hidden", "Layout", "auction_of", "could_call", "deal_layouts", "iter_layouts"]

_SUIT_MASK: Final = (1 << 13) - 1
_ACES: Final = sum(1 << (13 * s + 12) for s in range(4))
_KINGS: Final = _ACES >> 1
_QUEENS: Final = _ACES >> 2
_JACKS: Final = _ACES >> 3
_BALANCED: Final = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

STRICT, FACTS, LOOSE, FREE = 0, 1, 2, 3
"""How strictly a hidden hand must agree with its player's calls: replayed exactly, within what they showed,
within it with slack, or not at all."""

_PRETEST: Final = 150
"""Hands tried alone for each player before the layouts are dealt, to find how strictly he can be read."""
_TRIES: Final = 3000
"""Tries for one layout before the player who failed most is read one step more loosely."""


@dataclass(frozen=True, slots=True)
class Hidden:
    """What the robot knows of one hand it does not see."""

    seat: Seat
    fixed: int
    """The cards (bits) known to belong to the hand as dealt: those seen played by the player and those known
    to be still in it (penalty cards)."""
    hand_need: int
    """Unknown cards still in the hand."""
    played_need: int
    """Unknown cards the player already played (quitted tricks the robot does not remember)."""
    voids: frozenset[Suit]
    """Suits the player showed out of: none of the unknown cards in hand may be of them."""


@dataclass(frozen=True, slots=True)
class Layout:
    """One layout: for each hidden hand, the unknown cards it holds and the unknown cards it played."""

    hands: dict[Seat, list[Card]]
    played: dict[Seat, list[Card]]
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class Auction:
    """What a player's calls require of his hand: the facts they showed and each call to replay (the
    context before it and the call's code)."""

    facts: Facts
    replays: tuple[tuple[Context, int], ...]
    bid: tuple[Suit, ...] = ()
    """The suits he bid naturally, in order."""


def auction_of(ctx: Context) -> dict[Seat, Auction]:
    """What each player's calls in the finished auction ``ctx`` require of his hand: every call is replayed,
    a pass where no rule fits too (he did not overcall, so the system has no overcall with his hand)."""
    out: dict[Seat, Auction] = {}
    for seat in Seat:
        replays = tuple(
            (context(ctx.system, ctx.dealer, ctx.vulnerability, ctx.calls[:i]), call)
            for i, call in enumerate(ctx.calls) if ctx.seat_of(i) == seat.index
        )
        out[seat] = Auction(ctx.shown[seat.index], replays, tuple(_SUITS[s] for s in ctx.natural[seat.index]))
    return out


def could_call(ctx: Context, hand: HandInfo, call: int) -> bool:
    """Whether a robot of the system holding ``hand`` could make ``call`` in ``ctx``: the system's call, or,
    at a choice point, another call the simulation weighs (:func:`tenace.robots.simulation.choose`)."""
    default = decide(ctx, hand)
    if default.call == call:
        return True
    if not default.rule.judge:
        return False
    return any(c.call == call and (c.rule.judge or c.rule.option)
               for c in candidates(ctx, hand, options=True))


def _ranges(facts: Facts, level: int) -> tuple[tuple[int, int], ...]:
    if level >= FREE:
        return ((0, 13),) * 4
    slack = 1 if level == LOOSE else 0
    return tuple((max(0, lo - slack), min(13, hi + slack)) for lo, hi in facts.lengths)


@functools.lru_cache(maxsize=8192)
def _vectors(available: tuple[int, ...], fixed: tuple[int, ...], need: int,
             ranges: tuple[tuple[int, int], ...],
             balanced: bool | None) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every way (cards drawn per suit) to add ``need`` cards from ``available`` per suit to a hand holding
    ``fixed`` per suit so that its lengths are within ``ranges`` (and balanced or not), each with the number
    of hands it stands for."""
    bounds = [range(max(0, lo - k), min(n, hi - k) + 1) for (lo, hi), n, k in zip(ranges, available, fixed,
                                                                                   strict=True)]
    vectors: list[tuple[int, ...]] = []
    weights: list[int] = []
    for c in bounds[0]:
        for d in bounds[1]:
            for h in bounds[2]:
                s = need - c - d - h
                if s not in bounds[3]:
                    continue
                vector = (c, d, h, s)
                if balanced is not None:
                    shape = tuple(sorted((v + k for v, k in zip(vector, fixed, strict=True)), reverse=True))
                    if (shape in _BALANCED) != balanced:
                        continue
                vectors.append(vector)
                weights.append(comb(available[0], c) * comb(available[1], d) * comb(available[2], h)
                               * comb(available[3], s))
    return tuple(vectors), tuple(weights)


def _by_suit(bits: int) -> list[list[int]]:
    out: list[list[int]] = [[], [], [], []]
    while bits:
        low = bits & -bits
        out[(low.bit_length() - 1) // 13].append(low)
        bits ^= low
    return out


def _suit_ways(cards: Sequence[int]) -> tuple[list[tuple[int, int]], list[int], list[list[int]]]:
    """For the pool's cards of one suit (bits): its honours (bit, points), its other cards, and for each
    number of cards drawn the number of draws by the points they hold."""
    honours = [(bit, (bit.bit_length() - 1) % 13 - 8) for bit in cards if (bit.bit_length() - 1) % 13 >= 9]
    spots = [bit for bit in cards if (bit.bit_length() - 1) % 13 < 9]
    ways = [[0] * 11 for _ in range(len(cards) + 1)]
    for mask in range(1 << len(honours)):
        chosen = [honours[i] for i in range(len(honours)) if mask >> i & 1]
        points = sum(p for _, p in chosen)
        for n in range(len(chosen), len(cards) + 1):
            ways[n][points] += comb(len(spots), n - len(chosen))
    return honours, spots, ways


class _Directed:
    """Draws a hand's unknown cards with suit lengths among ``vectors`` and high-card points within
    ``low``-``high`` (those of the drawn cards), every such draw equally likely."""

    def __init__(self, suits: tuple[tuple[int, ...], ...], vectors: Sequence[tuple[int, ...]], low: int,
                 high: int) -> None:
        self.suits = [_suit_ways(cards) for cards in suits]
        self.low, self.high = max(0, low), high
        entries: list[tuple[tuple[int, ...], list[list[int]]]] = []
        weights: list[int] = []
        for vector in vectors:
            prefix = [self.suits[0][2][vector[0]]]
            for s in range(1, 4):
                row = self.suits[s][2][vector[s]]
                last = prefix[-1]
                conv = [0] * (len(last) + 10)
                for a, x in enumerate(last):
                    if x:
                        for b, y in enumerate(row):
                            if y:
                                conv[a + b] += x * y
                prefix.append(conv)
            total = sum(prefix[3][self.low:self.high + 1]) if self.high >= self.low else 0
            if total:
                entries.append((vector, prefix))
                weights.append(total)
        self.entries = entries
        self.cumulative = tuple(itertools.accumulate(weights))
        self._cache: dict[tuple[int, int, int], tuple[list[int], list[int]]] = {}

    @property
    def ways(self) -> int:
        return self.cumulative[-1] if self.cumulative else 0

    def _options(self, s: int, n: int, points: int) -> tuple[list[int], list[int]]:
        """The honours of suit ``s`` a draw of ``n`` cards holding ``points`` may contain (as masks), with
        the number of draws of each."""
        key = (s, n, points)
        found = self._cache.get(key)
        if found is None:
            honours, spots, _ = self.suits[s]
            masks, weights = [], []
            for mask in range(1 << len(honours)):
                count = mask.bit_count()
                if count <= n and sum(honours[i][1] for i in range(len(honours)) if mask >> i & 1) == points:
                    masks.append(mask)
                    weights.append(comb(len(spots), n - count))
            found = self._cache[key] = (masks, list(itertools.accumulate(weights)))
        return found

    def draw(self, rng: random.Random) -> int:
        vector, prefix = self.entries[bisect.bisect_right(self.cumulative, rng.random() * self.ways)]
        totals = prefix[3]
        points = _pick(rng, [(h, totals[h]) for h in range(self.low, min(self.high, len(totals) - 1) + 1)])
        bits = 0
        for s in (3, 2, 1, 0):
            honours, spots, ways = self.suits[s]
            row = ways[vector[s]]
            if s:
                below = prefix[s - 1]
                here = _pick(rng, [(h, row[h] * below[points - h]) for h in range(11)
                                   if row[h] and 0 <= points - h < len(below)])
            else:
                here = points
            points -= here
            n = vector[s]
            masks, cumulative = self._options(s, n, here)
            mask = masks[bisect.bisect_right(cumulative, rng.random() * cumulative[-1])]
            for i, (bit, _) in enumerate(honours):
                if mask >> i & 1:
                    bits |= bit
            k = mask.bit_count()
            if n > k:
                for bit in rng.sample(spots, n - k):
                    bits |= bit
        return bits


def _pick(rng: random.Random, weighted: Sequence[tuple[int, int]]) -> int:
    total = sum(w for _, w in weighted)
    x = rng.random() * total
    for value, w in weighted:
        x -= w
        if x < 0:
            return value
    return weighted[-1][0]


def _counts(bits: int) -> tuple[int, int, int, int]:
    return ((bits & _SUIT_MASK).bit_count(), (bits >> 13 & _SUIT_MASK).bit_count(),
            (bits >> 26 & _SUIT_MASK).bit_count(), (bits >> 39 & _SUIT_MASK).bit_count())


def _hand_info(bits: int) -> HandInfo:
    """The counts of a sampled hand, without :meth:`HandInfo.of`'s cache (each is seen once)."""
    suits = (bits & _SUIT_MASK, bits >> 13 & _SUIT_MASK, bits >> 26 & _SUIT_MASK, bits >> 39 & _SUIT_MASK)
    lengths = (suits[0].bit_count(), suits[1].bit_count(), suits[2].bit_count(), suits[3].bit_count())
    hcp = sum(4 * (b >> 12 & 1) + 3 * (b >> 11 & 1) + 2 * (b >> 10 & 1) + (b >> 9 & 1) for b in suits)
    return HandInfo(CardSet.from_bits(bits), suits, lengths, hcp, tuple(sorted(lengths, reverse=True)))


def _hcp(bits: int) -> int:
    return (4 * (bits & _ACES).bit_count() + 3 * (bits & _KINGS).bit_count()
            + 2 * (bits & _QUEENS).bit_count() + (bits & _JACKS).bit_count())


def _balanced(bits: int) -> bool:
    return tuple(sorted(_counts(bits), reverse=True)) in _BALANCED


@dataclass(frozen=True, slots=True)
class _Plan:
    """How to draw a hand's unknown cards from one pool: the pool's cards by suit, and the suit lengths to
    draw with their cumulative weights (hands of those lengths)."""

    suits: tuple[tuple[int, ...], ...]
    vectors: tuple[tuple[int, ...], ...]
    cumulative: tuple[int, ...]

    @property
    def ways(self) -> int:
        return self.cumulative[-1] if self.cumulative else 0

    def draw(self, rng: random.Random) -> int:
        vector = self.vectors[bisect.bisect_right(self.cumulative, rng.random() * self.ways)]
        bits = 0
        for cards, n in zip(self.suits, vector, strict=True):
            if n:
                for card in rng.sample(cards, n):
                    bits |= card
        return bits


class _Dealer:
    """Deals the unknown cards for one decision (see :func:`deal_layouts`)."""

    def __init__(self, hidden: Sequence[Hidden], pool: int, auction: Mapping[Seat, Auction],
                 rng: random.Random, likelihood: Callable[[Seat, int], float] | None) -> None:
        self.hidden = list(hidden)
        self.pool = pool
        self.auction = auction
        self.rng = rng
        self.likelihood = likelihood
        self.level = {h.seat: STRICT if h.seat in auction else FREE for h in hidden}
        self.fails = dict.fromkeys(self.level, 0)
        self._plans: dict[tuple[Seat, int, int, int, bool, bool], _Plan | _Directed | None] = {}

    def _shape_ok(self, h: Hidden, bits: int) -> bool:
        """Whether the whole hand ``bits`` of ``h`` has the strength and balance its player showed (its
        lengths are drawn within what he showed)."""
        level = self.level[h.seat]
        if level >= FREE:
            return True
        facts = self.auction[h.seat].facts
        slack = 2 if level == LOOSE else 0
        if not facts.hcp_min - slack <= _hcp(bits) <= facts.hcp_max + slack:
            return False
        return level == LOOSE or facts.balanced is None or _balanced(bits) == facts.balanced

    def _lengths_ok(self, h: Hidden, bits: int) -> bool:
        level = self.level[h.seat]
        if level >= FREE:
            return True
        ranges = _ranges(self.auction[h.seat].facts, level)
        return all(lo <= n <= hi for n, (lo, hi) in zip(_counts(bits), ranges, strict=True))

    def _replays(self, h: Hidden, bits: int) -> bool:
        """Whether a robot of the system holding ``bits`` would have made the player's calls."""
        if self.level[h.seat] > STRICT:
            return True
        info = _hand_info(bits)
        return all(could_call(ctx, info, call) for ctx, call in self.auction[h.seat].replays)

    def _plan(self, h: Hidden, pool: int, take_all: int, ignore_voids: bool,
              directed: bool = False) -> _Plan | _Directed | None:
        """How to draw the unknown cards of ``h`` from ``pool``: lengths within what its player showed and,
        when ``directed``, strength too (worth its cost for the first hand dealt, whose pool is always the
        same)."""
        key = (h.seat, pool, take_all, self.level[h.seat], ignore_voids, directed)
        if key in self._plans:
            return self._plans[key]
        eligible = pool
        if not ignore_voids and h.played_need == 0:
            for suit in h.voids:
                eligible &= ~(_SUIT_MASK << 13 * suit.index)
        plan: _Plan | _Directed | None = None
        if (take_all & ~eligible) == 0:
            level = self.level[h.seat]
            facts = self.auction[h.seat].facts if h.seat in self.auction else None
            ranges = _ranges(facts, level) if facts is not None else ((0, 13),) * 4
            fixed = _counts(h.fixed)
            forced = _counts(take_all)
            if any(forced):
                ranges = tuple((max(lo, k + f), hi)
                               for (lo, hi), k, f in zip(ranges, fixed, forced, strict=True))
            balanced = facts.balanced if facts is not None and level <= FACTS else None
            need = h.hand_need + h.played_need
            vectors, weights = _vectors(_counts(eligible), fixed, need, ranges, balanced)
            if vectors:
                suits = tuple(tuple(s) for s in _by_suit(eligible))
                plan = _Plan(suits, vectors, tuple(itertools.accumulate(weights)))
                if directed and facts is not None and level <= LOOSE and (
                        facts.hcp_min > 0 or facts.hcp_max < 37):
                    slack = 2 if level == LOOSE else 0
                    strength = _hcp(h.fixed)
                    aimed = _Directed(suits, vectors, facts.hcp_min - slack - strength,
                                      facts.hcp_max + slack - strength)
                    plan = aimed if aimed.ways else None
        self._plans[key] = plan
        return plan

    def _split(self, h: Hidden, bits: int) -> tuple[list[Card], list[Card]] | None:
        """The drawn ``bits`` as the cards ``h`` holds and the cards it played (those of a void suit must be
        among the played ones)."""
        cards = list(CardSet.from_bits(bits))
        if h.played_need == 0:
            return cards, []
        void = [c for c in cards if c.suit in h.voids]
        if len(void) > h.played_need:
            return None
        rest = [c for c in cards if c.suit not in h.voids]
        self.rng.shuffle(rest)
        cut = h.played_need - len(void)
        return rest[cut:], void + rest[:cut]

    def one(self, ignore_voids: bool) -> Layout | None:
        """One layout, or ``None`` after too many tries (some player is then read more loosely).

        The first hand is drawn within the lengths and strength its player showed, the others share the
        rest at random; the layout is kept when every hand agrees with its player's calls."""
        first, *others = self.hidden
        take_all = 0
        if len(others) == 1 and not ignore_voids and others[0].played_need == 0:
            for suit in others[0].voids:   # the first hand takes every card of a suit the other showed out of
                take_all |= self.pool & (_SUIT_MASK << 13 * suit.index)
        plan = self._plan(first, self.pool, take_all, ignore_voids, directed=True)
        if plan is None:
            self.fails[first.seat] += 1
            return None
        rng = self.rng
        for _ in range(_TRIES):
            bits = plan.draw(rng)
            if not self._shape_ok(first, bits | first.fixed):
                self.fails[first.seat] += 1
                continue
            hands = {first.seat: bits}
            pool = self.pool & ~bits
            failed: Seat | None = None
            if len(others) == 1:
                hands[others[0].seat] = pool
            elif others:
                cards = [bit for suit in _by_suit(pool) for bit in suit]
                rng.shuffle(cards)
                start = 0
                for h in others:
                    n = h.hand_need + h.played_need
                    hands[h.seat] = sum(cards[start:start + n])
                    start += n
            for h in others:
                held = hands[h.seat]
                whole = held | h.fixed
                if (not ignore_voids and h.played_need == 0 and any(
                        held >> 13 * suit.index & _SUIT_MASK for suit in h.voids)) or not (
                        self._lengths_ok(h, whole) and self._shape_ok(h, whole)):
                    failed = h.seat
                    break
            if failed is None:
                failed = next((h.seat for h in self.hidden if not self._replays(h, hands[h.seat] | h.fixed)),
                              None)
            if failed is not None:
                self.fails[failed] += 1
                continue
            weight = 1.0
            if self.likelihood is not None:
                for h in self.hidden:
                    weight *= self.likelihood(h.seat, hands[h.seat] | h.fixed)
                if weight <= 0:
                    continue
            out_hands: dict[Seat, list[Card]] = {}
            out_played: dict[Seat, list[Card]] = {}
            for h in self.hidden:
                split = self._split(h, hands[h.seat])
                if split is None:
                    break
                out_hands[h.seat], out_played[h.seat] = split
            else:
                return Layout(out_hands, out_played, weight)
        return None

    def relax(self) -> bool:
        """Read the player who failed most one step more loosely; ``False`` when all are read freely."""
        open_ = [s for s, level in self.level.items() if level < FREE]
        if not open_:
            return False
        seat = max(open_, key=lambda s: (self.fails[s], -s.index))
        self.level[seat] += 1
        self.fails = dict.fromkeys(self.level, 0)
        return True

    def pretest(self) -> None:
        """Read each player as strictly as some hand of his, dealt alone, allows; deal first the hand whose
        lengths the auction restricts most."""
        for h in self.hidden:
            while self.level[h.seat] < FREE:
                plan = self._plan(h, self.pool, 0, False, directed=True)
                found = False
                for _ in range(_PRETEST if plan is not None else 0):
                    assert plan is not None
                    bits = plan.draw(self.rng) | h.fixed
                    if self._shape_ok(h, bits) and self._replays(h, bits):
                        found = True
                        break
                if found:
                    break
                self.level[h.seat] += 1
        ways = {h.seat: (plan.ways if (plan := self._plan(h, self.pool, 0, False, directed=True)) is not None
                         else 0) for h in self.hidden}
        size = self.pool.bit_count()
        self.hidden.sort(key=lambda h: (ways[h.seat] / comb(size, h.hand_need + h.played_need), h.seat.index))


def deal_layouts(hidden: Sequence[Hidden], pool: int, auction: Mapping[Seat, Auction], count: int,
                 rng: random.Random, likelihood: Callable[[Seat, int], float] | None = None) -> list[Layout]:
    """``count`` layouts of the unknown cards ``pool`` (bits) among the ``hidden`` hands.

    ``auction``: what each player's calls require (:func:`auction_of`; a seat not in it is free).
    ``likelihood``: an optional soft constraint, a factor for a whole hand (bits) of a seat, multiplied into
    the layout's weight (a layout of weight zero is dealt again).

    :raises ValueError: if the unknown cards cannot be dealt at all (the hands' sizes disagree with the pool).
    """
    if sum(h.hand_need + h.played_need for h in hidden) != pool.bit_count():
        raise ValueError("the unknown cards do not fill the hidden hands")
    if not hidden:
        return [Layout({}, {}) for _ in range(count)]
    dealer = _Dealer(hidden, pool, auction, rng, likelihood)
    dealer.pretest()
    out: list[Layout] = []
    ignore_voids = False
    while len(out) < count:
        layout = dealer.one(ignore_voids)
        if layout is not None:
            out.append(layout)
            continue
        if not dealer.relax():
            if ignore_voids:
                raise ValueError("no layout of the unseen cards agrees with what the robot has seen")
            ignore_voids = True   # a revoke can make a shown-out suit wrong (Law 61)
    return out


def iter_layouts(hidden: Sequence[Hidden], pool: int, auction: Mapping[Seat, Auction], rng: random.Random,
                 likelihood: Callable[[Seat, int], float] | None = None) -> Iterator[Layout]:
    """Layouts as :func:`deal_layouts` deals them, one at a time and without end: the dealer's setup (each
    player's reading, the plan of the first hand) is paid once, however many layouts the caller takes
    (the bidding simulation takes a batch, looks at it, and may want more).

    :raises ValueError: as :func:`deal_layouts` (when the first layout is asked for, or once no layout agrees
        with what the robot has seen).
    """
    if sum(h.hand_need + h.played_need for h in hidden) != pool.bit_count():
        raise ValueError("the unknown cards do not fill the hidden hands")
    if not hidden:
        while True:
            yield Layout({}, {})
    dealer = _Dealer(hidden, pool, auction, rng, likelihood)
    dealer.pretest()
    ignore_voids = False
    while True:
        layout = dealer.one(ignore_voids)
        if layout is not None:
            yield layout
            continue
        if not dealer.relax():
            if ignore_voids:
                raise ValueError("no layout of the unseen cards agrees with what the robot has seen")
            ignore_voids = True   # a revoke can make a shown-out suit wrong (Law 61)
