"""Bidding by simulation where the system leaves a choice.

A rule marked ``judge`` is a choice point: the system's call is a reasonable one, but another call the
system also allows with this hand (a rule marked ``judge`` or ``option`` that the hand meets) may be better
on this deal. The robot then:

1. deals the unseen cards many times, consistently with the auction (:func:`sample_hands`, with the card
   play's dealer, :mod:`tenace.robots.layouts`): each other player gets a hand within what his calls showed
   (:attr:`Context.shown`) with which a robot of the system could have made exactly those calls, passes
   included, so the negative inferences come free; a call that was itself chosen by simulation counts as one
   the system allows. A player whose calls cannot be squared with the system is read more loosely, alone;
2. for every candidate call, bids the rest of the auction on each deal with the system's rules for all four
   players (no simulation inside), to the final contract;
3. solves double dummy (DDS, in batches) the contracts of the deals on which the candidates lead to
   different contracts (where they all reach the same one, no candidate gains anything there), and scores
   them under the event's scoring: IMPs against the system's call (the call the other table makes when it
   bids by the rules), or matchpoints;
4. keeps the system's call unless another gains more than a margin, and clearly: its mean gain must also
   stand some standard errors above zero, so that the best of several noisy estimates does not win on luck.

Only calls the system's rules make with the robot's hand are candidates, so the explanation of the call
chosen (the rules that make it, Law 20F) is always true of the hand: simulation chooses, it never invents.

Decisions are reproducible: the deals come from the robot's own random stream, and with no time budget
(the default) the number of deals does not depend on the machine's speed or load.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from tenace.calls import Denomination
from tenace.cards import CardSet
from tenace.contract import Contract, Doubling
from tenace.robots.layouts import Hidden, auction_of, iter_layouts
from tenace.scoring.imps import imps
from tenace.scoring.points import score
from tenace.seats import SEATS
from tenace.system.bidding.calls import DOUBLE, PASS, REDOUBLE, bid_code, finished
from tenace.system.bidding.engine import Choice, Context, HandInfo, candidates, context, decide

__all__ = ["Settings", "choose", "options", "sample_hands", "select", "simulate", "weighed"]

_DENOMINATIONS: Final = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS, Denomination.SPADES,
                         Denomination.NOTRUMP)
_MAX_CALLS: Final = 48
_FOUR_NOTRUMP: Final = bid_code(4, 4)
_SIX_CLUBS: Final = bid_code(6, 0)
_BATCH: Final = 8
"""Deals solved at a time before the decision is checked for being settled."""

Result = tuple[int, int, int, int] | None
"""A final contract: (level, denomination index, declarer's seat index, doubling 1, 2 or 4); ``None``: passed
out."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard a robot thinks about a choice of calls.

    ``samples``: deals to bid out and solve (at most); ``minimum``: fewer than this and the system's call
    stands; ``budget``: seconds (wall clock) for dealing, after which no more deals are tried (``None``, the
    default: always deal ``samples``, so that decisions do not depend on the machine's load);
    ``scoring``: ``"imps"`` or ``"matchpoints"``; ``margin``: how much better (IMPs per deal, or share of
    deals won) another call must do to replace the system's; ``confidence``: how many standard errors its
    mean gain must also stand above zero.
    """

    samples: int = 32
    minimum: int = 16
    budget: float | None = None
    scoring: str = "imps"
    margin: float = 0.5
    confidence: float = 1.0


def _hand(bits: int) -> HandInfo:
    # a sampled hand is seen once: build it without the cache
    return HandInfo.of.__wrapped__(CardSet.from_bits(bits))


def weighed(default: int, other: int) -> bool:
    """Whether simulation weighs the call ``other`` against the system's call ``default`` (call codes).

    * Not a double against a bid, nor a bid against the system's double (an overcall or a takeout double,
      a bid or a penalty double): double dummy misjudges those. On the rules' auctions of seeds 12 and 13
      the estimates of such choices did not predict their real result (correlation about 0.1, negative on
      seed 13), and the ten times simulation took one it lost 33 IMPs. A double against a pass, and a pass
      against the system's double, are still weighed.
    * Not a lower call (a pass, or a bid below it) against the system's move towards slam (4NT, or a bid
      at the six or seven level): the seven times simulation turned such a move down it lost 36 IMPs (two
      won, five lost), even where its estimate stood nearly four standard errors above the margin. The
      other way, a slam move against the system's game or pass, simulation's estimates held up and are
      still weighed.
    """
    bid = default >= 3 or other >= 3
    if bid and DOUBLE in (default, other):
        return False
    slam = default == _FOUR_NOTRUMP or default >= _SIX_CLUBS
    return not (slam and other not in (DOUBLE, REDOUBLE) and other < default)


def options(ctx: Context, hand: HandInfo, weigh: Callable[[int, int], bool] = weighed) -> list[Choice]:
    """The calls simulation weighs for ``hand`` in ``ctx``: the system's own first, then, when its rule is a
    choice point (``judge``), each other call a ``judge`` or ``option`` rule makes with the hand that
    ``weigh`` lets it weigh against the system's (by default :func:`weighed`). A single call means there is
    nothing to simulate."""
    default = decide(ctx, hand)
    out = [default]
    if not default.rule.judge:
        return out
    for choice in candidates(ctx, hand, options=True):
        if ((choice.rule.judge or choice.rule.option) and all(choice.call != o.call for o in out)
                and weigh(default.call, choice.call)):
            out.append(choice)
    return out


def _deals(ctx: Context, mine: CardSet, rng: random.Random) -> Iterator[tuple[int, int, int, int]]:
    """Deals (hands as bits, North first) consistent with the auction, one at a time and without end: the
    card play's dealer (:func:`tenace.robots.layouts.iter_layouts`), kept between batches so that its setup
    (each player's reading, the plan of the first hand) is paid once per decision."""
    me = SEATS[ctx.turn]
    hidden = [Hidden(seat, 0, 13, 0, frozenset()) for seat in SEATS if seat is not me]
    auction = {seat: a for seat, a in auction_of(ctx).items() if seat is not me}
    pool = CardSet.full().bits & ~mine.bits
    for layout in iter_layouts(hidden, pool, auction, rng):
        hands = [0, 0, 0, 0]
        hands[ctx.turn] = mine.bits
        for seat, cards in layout.hands.items():
            hands[seat.index] = CardSet(cards).bits
        yield hands[0], hands[1], hands[2], hands[3]


def sample_hands(ctx: Context, mine: CardSet, count: int, rng: random.Random,
                 deadline: float | None = None) -> list[tuple[int, int, int, int]]:
    """``count`` deals (hands as bits, North first) that give the player to call ``mine`` and each other
    player a hand with which a robot of the system could have made his calls (fewer when ``deadline``, a
    :func:`time.perf_counter` value, passes first).

    The card play's dealer does the work (:func:`tenace.robots.layouts.deal_layouts`): the hand the auction
    restricts most is drawn first within the lengths and strength its player showed, the others share the
    rest, and a deal that fails a player's calls is dealt again, so every consistent deal is equally likely.
    A player no hand of whom replays his calls is read one step more loosely (his ranges only, then with
    slack, then freely); the others keep their constraints."""
    out: list[tuple[int, int, int, int]] = []
    deals = _deals(ctx, mine, rng)
    while len(out) < count and (deadline is None or time.perf_counter() <= deadline):
        deal = next(deals, None)
        if deal is None:
            break
        out.append(deal)
    return out


def _contract(dealer: int, calls: Sequence[int]) -> Result:
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


def _rollout(ctx: Context, first: int, hands: Sequence[HandInfo]) -> Result:
    """The contract the system's rules reach on ``hands`` once ``first`` is made in ``ctx``."""
    system, dealer, vul = ctx.system, ctx.dealer, ctx.vulnerability
    calls = (*ctx.calls, first)
    while not finished(calls) and len(calls) < _MAX_CALLS:
        turn = (dealer + len(calls)) % 4
        calls = (*calls, decide(context(system, dealer, vul, calls), hands[turn]).call)
    if not finished(calls):
        calls = (*calls, PASS, PASS, PASS)
    return _contract(dealer, calls)


def _score(result: Result, tricks: int, side: int, vul: tuple[bool, bool]) -> int:
    """The score of ``result`` for ``side`` (0 = North-South)."""
    if result is None:
        return 0
    level, denomination, declarer, doubling = result
    contract = Contract(level, _DENOMINATIONS[denomination], SEATS[declarer], Doubling(doubling))
    points = score(contract, tricks, vulnerable=vul[declarer % 2])
    return points if declarer % 2 == side else -points


def _gains(scores: Sequence[int], base: Sequence[int], scoring: str) -> list[int]:
    """Deal by deal, what a call gains over the system's: IMPs, or +1/0/-1 at matchpoints."""
    if scoring == "matchpoints":
        return [(a > b) - (a < b) for a, b in zip(scores, base, strict=True)]
    return [imps(a - b) for a, b in zip(scores, base, strict=True)]


def _estimate(gains: Sequence[int]) -> tuple[float, float]:
    """The mean gain and its standard error."""
    mean = statistics.fmean(gains)
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    return mean, error


def _better(gains: Sequence[int], settings: Settings) -> bool:
    """Whether a call with these gains over the system's call should replace it: by more than the margin,
    and by ``confidence`` standard errors."""
    mean, error = _estimate(gains)
    return mean > settings.margin and mean > settings.confidence * error


def _settled(scores: Sequence[Sequence[int]], settings: Settings) -> bool:
    """Whether more deals would hardly change the decision: every alternative's mean gain is more than two
    standard errors away from the threshold it must pass."""
    for row in scores[1:]:
        mean, error = _estimate(_gains(row, scores[0], settings.scoring))
        threshold = max(settings.margin, settings.confidence * error)
        if abs(mean - threshold) <= 2 * error or (error == 0 and mean == threshold):
            return False
    return True


def simulate(ctx: Context, hand: HandInfo, calls: Sequence[int], rng: random.Random,
             settings: Settings = Settings(), settle: bool = True) -> list[list[int]]:
    """Deal by deal, the score of each of ``calls`` (call codes, the system's first) for the side to call:
    up to ``settings.samples`` deals, dealt, bid out and solved a batch at a time. With ``settle`` (the
    robot's way, a sequential test) dealing stops once ``minimum`` deals are in and the decision is clear
    (:func:`_settled`); without it every deal is dealt (to record estimates, ``benchmarks/bench_choices.py``).
    Only the contracts that differ between the calls on a deal are solved; a deal where every call reaches
    the same contract scores 0 for each (no call gains anything there)."""
    deadline = None if settings.budget is None else time.perf_counter() + settings.budget
    source = _deals(ctx, hand.cards, rng)
    side = ctx.turn % 2
    scores: list[list[int]] = [[] for _ in calls]
    dealt = 0
    while dealt < settings.samples:
        if deadline is not None and time.perf_counter() > deadline:
            break
        batch = list(itertools.islice(source, min(_BATCH, settings.samples - dealt)))
        if not batch:
            break
        dealt += len(batch)
        results = []
        for deal in batch:
            info = [_hand(bits) if seat != ctx.turn else hand for seat, bits in enumerate(deal)]
            results.append([_rollout(ctx, call, info) for call in calls])
        wanted: dict[tuple[int, int, int], int] = {}
        for d, reached in enumerate(results):
            if len(set(reached)) > 1:   # the same contract whatever the call: no call gains anything here
                for result in reached:
                    if result is not None:
                        wanted.setdefault((d, result[2], result[1]), 0)
        if wanted:
            for key, tricks in zip(list(wanted), _solve(batch, list(wanted)), strict=True):
                wanted[key] = tricks
        for d, reached in enumerate(results):
            for i, result in enumerate(reached):
                # not solved: passed out, or the contract every call reaches (scored 0 for all, no gain)
                taken = wanted.get((d, result[2], result[1])) if result is not None else None
                scores[i].append(0 if taken is None else _score(result, taken, side, ctx.vulnerability))
        if settle and dealt >= settings.minimum and _settled(scores, settings):
            break
    return scores


def select(calls: Sequence[int], scores: Sequence[Sequence[int]], settings: Settings = Settings()) -> int:
    """The index of the call to make, given each call's scores deal by deal (the system's call first): the
    system's, unless another does clearly better (:func:`_better`); among several, the best mean gain.
    Fewer than ``minimum`` deals: the system's call."""
    if not scores or len(scores[0]) < settings.minimum:
        return 0
    best, best_value = 0, 0.0
    for i in range(1, len(calls)):
        gains = _gains(scores[i], scores[0], settings.scoring)
        value = statistics.fmean(gains)
        if _better(gains, settings) and value > best_value:
            best, best_value = i, value
    return best


def choose(ctx: Context, mine: CardSet, rng: random.Random, settings: Settings = Settings()) -> Choice:
    """The call for the player to call in ``ctx`` holding ``mine``: the system's, unless it is a choice
    point and simulation finds a clearly better one among the calls the system allows (:func:`options`).

    The deals are dealt, bid out and solved a batch at a time (a sequential test, :func:`simulate`): once
    ``minimum`` deals are in and every alternative is clearly better or clearly not better than the system's
    call, no more are dealt. Only the contracts that differ between the candidates on a deal are solved."""
    hand = HandInfo.of(mine)
    calls = options(ctx, hand)
    if len(calls) < 2 or settings.samples <= 0:
        return calls[0]
    codes = [option.call for option in calls]
    return calls[select(codes, simulate(ctx, hand, codes, rng, settings), settings)]


def _solve(deals: Sequence[tuple[int, int, int, int]], wanted: Sequence[tuple[int, int, int]]) -> list[int]:
    from tenace.solver.dds import declarer_tricks
    items = [(tuple(CardSet.from_bits(b) for b in deals[d]), SEATS[declarer], _DENOMINATIONS[denomination])
             for d, declarer, denomination in wanted]
    return declarer_tricks(items)
