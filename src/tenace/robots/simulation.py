"""Bidding by simulation where the system leaves a choice.

A rule marked ``judge`` is a choice point: the system's call is a reasonable one, but another call the
system also allows with this hand (a rule marked ``judge`` or ``option`` that the hand meets) may be better
on this deal. The robot then:

1. deals the unseen cards many times, consistently with the auction: each other player gets a hand within
   what his calls showed (:attr:`Context.shown`), and, where the system explains his calls, a hand with
   which the system would have made exactly those calls (the negative inferences come free);
2. for every candidate call, bids the rest of the auction on each deal with the system's rules for all four
   players (no simulation inside), to the final contract;
3. solves each contract double dummy (DDS, every contract of every deal in one batch) and scores it under
   the event's scoring (IMPs against the system's call, or matchpoints);
4. keeps the system's call unless another does better by a margin.

Only calls the system's rules make with the robot's hand are candidates, so the explanation of the call
chosen (the rules that make it, Law 20F) is always true of the hand: simulation chooses, it never invents.

Decisions are reproducible: the deals come from the robot's own random stream, and with no time budget
the number of deals is fixed.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from tenace.calls import Denomination
from tenace.cards import CardSet
from tenace.contract import Contract, Doubling
from tenace.scoring.imps import imps
from tenace.scoring.points import score
from tenace.seats import SEATS
from tenace.system.bidding.calls import DOUBLE, PASS, REDOUBLE, finished
from tenace.system.bidding.conditions import Facts
from tenace.system.bidding.engine import Choice, Context, HandInfo, candidates, context, decide

__all__ = ["Settings", "choose", "sample_hands"]

_DENOMINATIONS: Final = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES,
                         Denomination.NOTRUMP)
_MAX_CALLS: Final = 48


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard a robot thinks about a choice of calls.

    ``samples``: deals to bid out and solve (at most); ``minimum``: fewer than this and the system's call
    stands; ``budget``: seconds (wall clock) for dealing, after which no more deals are tried (``None``:
    always try for ``samples``); ``scoring``: ``"imps"`` or ``"matchpoints"``; ``margin``: how much better
    (IMPs per deal, or share of deals won) another call must do to replace the system's.
    """

    samples: int = 24
    minimum: int = 8
    budget: float | None = 0.25
    scoring: str = "imps"
    margin: float = 0.3


def _hand(bits: int) -> HandInfo:
    # a sampled hand is seen once: build it without the cache
    return HandInfo.of.__wrapped__(CardSet.from_bits(bits))


def _fits(hand: HandInfo, facts: Facts) -> bool:
    if not facts.hcp_min <= hand.hcp <= facts.hcp_max:
        return False
    for n, (low, high) in zip(hand.lengths, facts.lengths, strict=True):
        if not low <= n <= high:
            return False
    return not (facts.balanced is not None and hand.balanced != facts.balanced)


def _explained(ctx: Context, index: int) -> bool:
    """Whether the system has a rule for the call at ``index`` (other than a pass nothing else fits)."""
    meaning = ctx.meanings[index]
    return any(rule.pattern is not None or rule.where == "generated" for rule in meaning.rules
               if rule.label != "no-fit")


_BALANCED_SHAPES: Final = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})


def _shapes(available: tuple[int, ...], facts: Facts) -> tuple[list[tuple[int, ...]], list[int]]:
    """Every suit-length vector (clubs first) a hand dealt from ``available`` cards per suit may have within
    ``facts``, each weighted by the number of ways to deal it."""
    return _shapes_cached(available, facts.lengths, facts.balanced)


@functools.lru_cache(maxsize=4096)
def _shapes_cached(available: tuple[int, ...], lengths: tuple[tuple[int, int], ...],
                   balanced: bool | None) -> tuple[list[tuple[int, ...]], list[int]]:
    vectors: list[tuple[int, ...]] = []
    weights: list[int] = []
    ranges = [range(lo, min(hi, n) + 1) for (lo, hi), n in zip(lengths, available, strict=True)]
    for c in ranges[0]:
        for d in ranges[1]:
            for h in ranges[2]:
                sp = 13 - c - d - h
                if sp not in ranges[3]:
                    continue
                vector = (c, d, h, sp)
                shape = tuple(sorted(vector, reverse=True))
                if balanced is not None and (shape in _BALANCED_SHAPES) != balanced:
                    continue
                vectors.append(vector)
                weights.append(comb(available[0], c) * comb(available[1], d) * comb(available[2], h)
                               * comb(available[3], sp))
    return vectors, weights


def _deal(pool: list[list[int]], facts: Facts, rng: random.Random) -> int | None:
    """A random hand (bits) from ``pool`` (card bits by suit) whose lengths are within ``facts``: every such
    hand equally likely; ``None`` when no hand of the pool has such lengths."""
    vectors, weights = _shapes(tuple(len(cards) for cards in pool), facts)
    if not vectors:
        return None
    vector = rng.choices(vectors, weights)[0]
    bits = 0
    for cards, n in zip(pool, vector, strict=True):
        if n:
            bits |= sum(rng.sample(cards, n))
    return bits


def sample_hands(ctx: Context, mine: CardSet, count: int, rng: random.Random,
                 deadline: float | None = None) -> list[tuple[int, int, int, int]]:
    """Up to ``count`` deals (hands as bits, North first) that give the player to call ``mine`` and each
    other player a hand with which the system would have made his calls (or, failing that after many
    tries, a hand within what his calls showed).

    Partner's hand is dealt first with suit lengths drawn within what he showed (each hand with such
    lengths equally likely), until one has the right strength and would have made his calls; then the
    left-hand opponent's from the rest the same way, until his and the right-hand opponent's (what remains)
    both fit."""
    me = ctx.turn
    partner, lho, rho = (me + 2) % 4, (me + 1) % 4, (me + 3) % 4
    unseen = CardSet.full().bits & ~mine.bits
    by_suit = [[1 << i for i in range(13 * s, 13 * s + 13) if unseen >> i & 1] for s in range(4)]
    replays: dict[int, list[tuple[Context, int]]] = {partner: [], lho: [], rho: []}
    system, dealer, vul = ctx.system, ctx.dealer, ctx.vulnerability
    for i, call in enumerate(ctx.calls):
        seat = ctx.seat_of(i)
        if seat in replays and _explained(ctx, i):
            replays[seat].append((context(system, dealer, vul, ctx.calls[:i]), call))

    def fits(seat: int, bits: int, strict: bool) -> bool:
        info = _hand(bits)
        if not _fits(info, ctx.shown[seat]):
            return False
        return not strict or all(decide(prefix, info).call == call for prefix, call in replays[seat])

    out: list[tuple[int, int, int, int]] = []
    budget = 400 * count
    tries = 0
    strict = True
    while len(out) < count and tries < budget:
        if deadline is not None and time.perf_counter() > deadline:
            break
        if strict and tries > budget // 3 and len(out) < count // 4:
            # the calls cannot be squared with the system (a human's, or a misbid): ranges only
            strict = False
        found = None
        for _ in range(100):
            tries += 1
            bits = _deal(by_suit, ctx.shown[partner], rng)
            if bits is None:
                return out
            if fits(partner, bits, strict):
                found = bits
                break
        if found is None:
            continue
        rest = [[c for c in cards if not found & c] for cards in by_suit]
        remaining = sum(sum(cards) for cards in rest)
        for _ in range(50):
            tries += 1
            left = _deal(rest, ctx.shown[lho], rng)
            if left is None:
                break
            right = remaining & ~left
            if fits(lho, left, strict) and fits(rho, right, strict):
                hands = {me: mine.bits, partner: found, lho: left, rho: right}
                out.append((hands[0], hands[1], hands[2], hands[3]))
                break
    return out


def _contract(dealer: int, calls: Sequence[int]) -> tuple[int, int, int, int] | None:
    """(level, denomination, declarer seat, doubling) of a finished auction, or ``None`` when passed out."""
    last = next((i for i in range(len(calls) - 1, -1, -1) if calls[i] >= 3), None)
    if last is None:
        return None
    bid = calls[last]
    level, denomination = (bid - 3) // 5 + 1, (bid - 3) % 5
    side = (dealer + last) % 2
    declarer = next((dealer + i) % 4 for i in range(len(calls)) if calls[i] >= 3 and (calls[i] - 3) % 5 ==
                    denomination and (dealer + i) % 2 == side)
    doubling = 1
    for call in calls[last + 1:]:
        if call == DOUBLE:
            doubling = 2
        elif call == REDOUBLE:
            doubling = 4
    return level, denomination, declarer, doubling


def _rollout(ctx: Context, first: int, hands: Sequence[HandInfo]) -> tuple[int, int, int, int] | None:
    system, dealer, vul = ctx.system, ctx.dealer, ctx.vulnerability
    calls = (*ctx.calls, first)
    while not finished(calls) and len(calls) < _MAX_CALLS:
        turn = (dealer + len(calls)) % 4
        calls = (*calls, decide(context(system, dealer, vul, calls), hands[turn]).call)
    if not finished(calls):
        calls = (*calls, PASS, PASS, PASS)
    return _contract(dealer, calls)


def _score(result: tuple[int, int, int, int] | None, tricks: int, side: int, vul: tuple[bool, bool]) -> int:
    """The score of ``result`` for ``side`` (0 = North-South)."""
    if result is None:
        return 0
    level, denomination, declarer, doubling = result
    contract = Contract(level, _DENOMINATIONS[denomination], SEATS[declarer], Doubling(doubling))
    points = score(contract, tricks, vulnerable=vul[declarer % 2])
    return points if declarer % 2 == side else -points


def choose(ctx: Context, mine: CardSet, rng: random.Random, settings: Settings = Settings()) -> Choice:
    """The call for the player to call in ``ctx`` holding ``mine``: the system's, unless it is a choice
    point and simulation finds a better one among the calls the system allows.

    The deals are solved a batch at a time; once every alternative is clearly better or clearly not better
    than the system's call (two standard errors from the margin), the rest are not solved."""
    hand = HandInfo.of(mine)
    default = decide(ctx, hand)
    if not default.rule.judge or settings.samples <= 0:
        return default
    options: list[Choice] = [default]
    for choice in candidates(ctx, hand, options=True):
        if (choice.rule.judge or choice.rule.option) and all(choice.call != o.call for o in options):
            options.append(choice)
    if len(options) < 2:
        return default
    deadline = None if settings.budget is None else time.perf_counter() + settings.budget
    deals = sample_hands(ctx, mine, settings.samples, rng, deadline)
    if len(deals) < settings.minimum:
        return default
    infos = [[_hand(bits) if seat != ctx.turn else hand for seat, bits in enumerate(deal)] for deal in deals]
    results = [[_rollout(ctx, option.call, info) for info in infos] for option in options]
    side = ctx.turn % 2
    scores: list[list[int]] = [[] for _ in options]
    for start in range(0, len(deals), _BATCH):
        stop = min(start + _BATCH, len(deals))
        wanted: dict[tuple[int, int, int], int] = {}
        for row in results:
            for d in range(start, stop):
                result = row[d]
                if result is not None:
                    wanted.setdefault((d, result[2], result[1]), 0)
        for key, tricks in zip(list(wanted), _solve(deals, list(wanted)), strict=True):
            wanted[key] = tricks
        for i, row in enumerate(results):
            scores[i] += [_score(r, wanted[(d, r[2], r[1])] if r is not None else 0, side, ctx.vulnerability)
                          for d, r in zip(range(start, stop), row[start:stop], strict=True)]
        if stop >= settings.minimum and _settled(scores, settings):
            break
    best, best_value = 0, float(settings.margin)
    for i in range(1, len(options)):
        value = statistics.mean(_gains(scores[i], scores[0], settings.scoring))
        if value > best_value:
            best, best_value = i, value
    return options[best]


_BATCH: Final = 8


def _gains(scores: Sequence[int], base: Sequence[int], scoring: str) -> list[int]:
    """Deal by deal, what a call gains over the system's: IMPs, or +1/0/-1 at matchpoints."""
    if scoring == "matchpoints":
        return [(a > b) - (a < b) for a, b in zip(scores, base, strict=True)]
    return [imps(a - b) for a, b in zip(scores, base, strict=True)]


def _settled(scores: Sequence[Sequence[int]], settings: Settings) -> bool:
    """Whether every alternative is more than two standard errors above or below the margin."""
    for row in scores[1:]:
        gains = _gains(row, scores[0], settings.scoring)
        error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        if abs(statistics.mean(gains) - settings.margin) <= 2 * error:
            return False
    return True


def _solve(deals: Sequence[tuple[int, int, int, int]], wanted: Sequence[tuple[int, int, int]]) -> list[int]:
    from tenace.solver.dds import declarer_tricks
    items = [(tuple(CardSet.from_bits(b) for b in deals[d]), SEATS[declarer], _DENOMINATIONS[denomination])
             for d, declarer, denomination in wanted]
    return declarer_tricks(items)
