"""Tempo (Law 73D1, 73A2, 16B1): how long each call and card took, and breaks in a player's own tempo.

The Laws ask a player to keep a steady tempo (Law 73D1) and to make his calls and plays without undue
hesitation or haste (Law 73A2); a marked hesitation is unauthorised information to his partner (Law 16B1).
Whether a pause was *unmistakable* is for the Director; this module gives him the measurement.

**Think time.** From :attr:`Table.times <tenace.laws.table.Table.times>`: the time from the previous event
to a call or card, measured only when both times are known and the previous event was itself an ordinary
call or card (after a Director call, a claim or an irregularity the pause is not the player's tempo). A card
from dummy is declarer's decision; an opening lead faced after being made face down (Law 41A) is timed once,
when it was made.

**Comparison classes** (:class:`TempoClass`): a pause is compared only with the same player's pauses on
comparable decisions:

* calls, by the state of the auction when the player calls: ``opening`` (no bid yet), ``uncontested``
  (only his side has bid), ``competitive`` (an opponent has bid, doubled or redoubled), ``after skip``
  (his right-hand opponent's last call was a jump bid, where many regulations ask for a pause), each with
  the level band of the highest bid so far (``-`` before any bid, ``1-2``, ``3-4``, ``5-7``);
* the opening lead;
* plays to a trick by position (``1st`` for a lead to tricks 2-13 up to ``4th``), with plays where the
  player had one legal card (``forced``) in a class of their own so they do not drag the others down.

The record's calls and cards are read in order; after changes of call or retracted cards the classes are an
approximation, but such pauses follow a Director call and are not measured anyway.

**Baseline and break.** :func:`tempo_profile` collects the think times of a session's tables per player and
class. A player's baseline on a class is the median of his times and their median absolute deviation (MAD).
With fewer than :attr:`TempoSettings.min_samples` times it falls back to his times on the same phase (all
calls, all plays), then to everyone's on the class, then on the phase. A think time is a break
(:func:`breaks`) when it is longer than all of: :attr:`TempoSettings.min_seconds`; the median plus
:attr:`TempoSettings.min_excess`; and the median plus ``k`` scaled MADs (1.4826 x MAD estimates a standard
deviation). Unwonted speed (Law 16B1(a)) is flagged too (``fast``): a time at most
:attr:`TempoSettings.fast_ratio` of the median, on a class the player usually takes long over.

The measurement is for the Director only: nothing here is part of any seat's
:class:`~tenace.laws.table.TableView`.

>>> import datetime as dt
>>> from tenace import Board, Deal, Seat, parse_call
>>> from tenace.laws import CallMade, Table
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t0 = dt.datetime(2026, 11, 22, 8, 0, tzinfo=dt.UTC)
>>> t = Table.new(Board(1, deal))
>>> for i, (seat, call) in enumerate([("N", "1C"), ("E", "P"), ("S", "1H"), ("W", "P")]):
...     t = t.apply(CallMade(Seat.from_str(seat), parse_call(call)), at=t0 + dt.timedelta(seconds=4 * i))
>>> for x in think_times(t):
...     print(x.player.name, x.klass, x.seconds)
EAST call: competitive, level 1-2 4.0
SOUTH call: uncontested, level 1-2 4.0
WEST call: competitive, level 1-2 4.0
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeAlias

from tenace.calls import Bid, Pass
from tenace.cards import Card, CardSet
from tenace.laws.events import CallMade, CardPlayed, DummyDesignation, LeadFaceDown
from tenace.laws.refs import LawRef
from tenace.seats import Seat

if TYPE_CHECKING:
    from tenace.laws.table import Table

__all__ = [
    "Baseline", "Players", "TempoBreak", "TempoClass", "TempoProfile", "TempoSettings", "Think", "breaks",
    "tempo_profile", "think_times",
]

MAD_SCALE: Final = 1.4826
"""Times the MAD estimates the standard deviation of normally distributed times."""

Players: TypeAlias = Mapping[Seat, str]
"""Who sat where at one table (names or ids); without it a player is known by his seat."""

_ORDINARY = (CallMade, CardPlayed, DummyDesignation, LeadFaceDown)


@dataclass(frozen=True, slots=True)
class TempoSettings:
    """How a break in tempo is told from ordinary variation (the Director's or the event's settings)."""

    k: float = 3.0
    """How many scaled MADs above the median a think time must be."""
    min_seconds: float = 6.0
    """No think time this short is a break, whatever the player's usual tempo."""
    min_excess: float = 4.0
    """A break is at least this many seconds longer than the player's median."""
    min_samples: int = 5
    """The fewest times of a class that make a baseline of its own (otherwise a wider one is used)."""
    mad_floor: float = 0.5
    """The smallest MAD used, in seconds, so that a player with very even tempo is not flagged for noise."""
    fast_ratio: float = 0.25
    """Unwonted speed (Law 16B1(a)): a think time at most this fraction of the player's median is flagged
    as fast, on classes where his median is at least :attr:`fast_min_usual`; 0 turns it off."""
    fast_min_usual: float = 8.0
    """Only decisions the player usually takes at least this long over can be made with unwonted speed."""

    def __post_init__(self) -> None:
        for name in ("k", "min_seconds", "min_excess", "mad_floor", "fast_ratio", "fast_min_usual"):
            if getattr(self, name) < 0:
                raise ValueError(f"TempoSettings.{name} must not be negative, got {getattr(self, name)}")
        if self.min_samples < 1:
            raise ValueError(f"TempoSettings.min_samples must be at least 1, got {self.min_samples}")


@dataclass(frozen=True, slots=True, order=True)
class TempoClass:
    """A class of comparable decisions: ``phase`` is ``"call"``, ``"lead"`` or ``"play"``."""

    phase: str
    detail: str

    def __str__(self) -> str:
        return f"{self.phase}: {self.detail}"


@dataclass(frozen=True, slots=True)
class Think:
    """How long the decision at record ``index`` took: ``seat`` made the call or card (dummy's seat for
    dummy's cards), ``player`` is the seat who decided (declarer for dummy's cards)."""

    index: int
    seat: Seat
    player: Seat
    klass: TempoClass
    seconds: float
    action: str
    """The call or card, in Tenace notation."""


@dataclass(frozen=True, slots=True)
class Baseline:
    """A player's usual tempo on a class of decisions: median and MAD of ``count`` think times (seconds);
    ``basis`` says which times it came from."""

    median: float
    mad: float
    count: int
    basis: str

    def threshold(self, settings: TempoSettings) -> float:
        """Think times longer than this are breaks in tempo."""
        spread = settings.k * MAD_SCALE * max(self.mad, settings.mad_floor)
        return max(settings.min_seconds, self.median + settings.min_excess, self.median + spread)


@dataclass(frozen=True, slots=True)
class TempoBreak:
    """A think time well beyond the player's usual tempo on comparable decisions (Law 73D1), or well short
    of it (``fast``: unwonted speed): unauthorised information to his partner if the Director finds it
    unmistakable (Law 16B1(a)). ``threshold`` is the limit the time crossed."""

    index: int
    seat: Seat
    player: str
    klass: TempoClass
    seconds: float
    baseline: Baseline
    threshold: float
    action: str
    law: LawRef = LawRef(73, "D1")
    fast: bool = False

    def __str__(self) -> str:
        limit = f"fast below {self.threshold:.1f}s" if self.fast else f"break above {self.threshold:.1f}s"
        return (f"{self.seat.name.title()} took {self.seconds:.1f}s over {self.action} "
                f"({self.klass}; usually {self.baseline.median:.1f}s, {limit})")


def _band(level: int) -> str:
    if level == 0:
        return "-"
    return "1-2" if level <= 2 else "3-4" if level <= 4 else "5-7"


def _call_class(seat: Seat, before: list[CallMade]) -> TempoClass:
    bids = [c.call for c in before if isinstance(c.call, Bid)]
    band = _band(max((b.level for b in bids), default=0))
    if not bids:
        return TempoClass("call", f"opening, level {band}")
    rho = before[-1]
    if rho.seat.side is not seat.side and isinstance(rho.call, Bid) and _is_skip(rho.call, bids[:-1]):
        return TempoClass("call", f"after skip, level {band}")
    opponents = any(c.seat.side is not seat.side and not isinstance(c.call, Pass) for c in before)
    return TempoClass("call", f"{'competitive' if opponents else 'uncontested'}, level {band}")


def _is_skip(bid: Bid, earlier: list[Bid]) -> bool:
    """A jump: a bid above the lowest sufficient level in its denomination (Law 18D); an opening bid above
    the one level."""
    if not earlier:
        return bid.level > 1
    last = max(earlier)
    cheapest = last.level if bid.denomination.index > last.denomination.index else last.level + 1
    return bid.level > cheapest


def _play_class(hand: CardSet, trick: list[Card], first: bool) -> TempoClass:
    if first:
        return TempoClass("lead", "opening lead")
    position = len(trick) + 1
    legal = hand.suit(trick[0].suit) if trick and hand.count(trick[0].suit) else hand
    if len(legal) <= 1:
        return TempoClass("play", "forced")
    return TempoClass("play", ("1st", "2nd", "3rd", "4th")[position - 1])


def think_times(table: Table) -> tuple[Think, ...]:
    """The think time of every call and card of ``table`` whose start and end times are known (see the
    module documentation)."""
    record, times = table.record, table.times
    contract = table.contract
    dummy = contract.dummy if contract is not None else None
    declarer = contract.declarer if contract is not None else None
    hands = {seat: table.deal[seat] for seat in Seat}
    calls: list[CallMade] = []
    trick: list[Card] = []
    cards = 0
    faced_down: Seat | None = None
    out: list[Think] = []
    for index, event in enumerate(record):
        klass: TempoClass | None = None
        seat: Seat | None = None
        action = ""
        if isinstance(event, CallMade):
            seat, action = event.seat, str(event.call)
            klass = _call_class(event.seat, calls)
            calls.append(event)
        elif isinstance(event, LeadFaceDown):
            seat, action = event.seat, str(event.card)
            klass = TempoClass("lead", "opening lead")
            faced_down = event.seat
        elif isinstance(event, CardPlayed):
            if faced_down is event.seat and cards == 0:
                faced_down = None  # facing the face-down lead is not a new decision
            else:
                seat, action = event.seat, str(event.card)
                klass = _play_class(hands[event.seat], trick, cards == 0)
            hands[event.seat] = hands[event.seat].remove(event.card) if event.card in hands[event.seat] else (
                hands[event.seat]
            )
            trick = [*trick, event.card] if len(trick) < 3 else []
            cards += 1
        if klass is None or seat is None or index == 0:
            continue
        start = times[index - 1] if index - 1 < len(times) else None
        end = times[index] if index < len(times) else None
        if start is None or end is None or not isinstance(record[index - 1], _ORDINARY):
            continue
        seconds = (end - start).total_seconds()
        if seconds < 0:
            continue
        card = not isinstance(event, CallMade)
        player = declarer if card and seat is dummy and declarer is not None else seat
        out.append(Think(index, seat, player, klass, seconds, action))
    return tuple(out)


def _with_player(item: Table | tuple[Table, Players]) -> tuple[Table, Players | None]:
    if isinstance(item, tuple):
        return item
    return item, None


def _name(seat: Seat, players: Players | None) -> str:
    if players is None:
        return seat.value
    try:
        return players[seat]
    except KeyError:
        raise ValueError(f"players: no player named for {seat.name.title()}") from None


@dataclass(frozen=True, slots=True)
class TempoProfile:
    """Think times of a session, per player and per class (see :func:`tempo_profile`)."""

    samples: Mapping[tuple[str, TempoClass], tuple[float, ...]]
    settings: TempoSettings = field(default_factory=TempoSettings)
    _pools: Mapping[tuple[str | None, str, TempoClass | None], Baseline] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """The baselines of every pool (player or everyone, phase, class or the whole phase), made once."""

    def __post_init__(self) -> None:
        pools: defaultdict[tuple[str | None, str, TempoClass | None], list[float]] = defaultdict(list)
        for (player, klass), times in self.samples.items():
            for who in (player, None):
                pools[who, klass.phase, klass].extend(times)
                pools[who, klass.phase, None].extend(times)
        object.__setattr__(self, "_pools", {
            key: _baseline(tuple(times), _basis(*key)) for key, times in pools.items() if times
        })

    def baseline(self, player: str, klass: TempoClass) -> Baseline | None:
        """The player's baseline for ``klass``, falling back as the module documentation says; ``None``
        when there are no times at all to compare with."""
        keys = ((player, klass.phase, klass), (player, klass.phase, None), (None, klass.phase, klass),
                (None, klass.phase, None))
        candidates = [self._pools[key] for key in keys if key in self._pools]
        for candidate in candidates:
            if candidate.count >= self.settings.min_samples:
                return candidate
        return candidates[0] if candidates else None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(sorted({p for p, _ in self.samples}))


def _basis(player: str | None, phase: str, klass: TempoClass | None) -> str:
    return f"{player or 'everyone'}, {klass if klass is not None else f'every {phase}'}"


def _baseline(times: tuple[float, ...], basis: str) -> Baseline:
    median = statistics.median(times)
    mad = statistics.median(abs(t - median) for t in times)
    return Baseline(median, mad, len(times), basis)


def tempo_profile(
    records: Iterable[Table | tuple[Table, Players]], settings: TempoSettings | None = None
) -> TempoProfile:
    """The think times of every player over ``records`` (a session's tables, each optionally with who sat
    where; without names a player is known by his seat).

    :raises ValueError: if a table's ``players`` does not name every seat that made a timed call or card.
    """
    samples: defaultdict[tuple[str, TempoClass], list[float]] = defaultdict(list)
    for item in records:
        table, players = _with_player(item)
        for think in think_times(table):
            samples[_name(think.player, players), think.klass].append(think.seconds)
    return TempoProfile({k: tuple(v) for k, v in samples.items()}, settings or TempoSettings())


def breaks(table: Table, profile: TempoProfile, players: Players | None = None) -> tuple[TempoBreak, ...]:
    """The breaks in tempo at ``table`` against ``profile`` (Law 73D1), in record order. For the Director
    only (Law 16B1): never shown to the players."""
    out: list[TempoBreak] = []
    for think in think_times(table):
        player = _name(think.player, players)
        baseline = profile.baseline(player, think.klass)
        if baseline is None:
            continue
        settings = profile.settings
        threshold = baseline.threshold(settings)
        fast = baseline.median * settings.fast_ratio
        if think.seconds > threshold:
            out.append(TempoBreak(think.index, think.seat, player, think.klass, think.seconds, baseline,
                                  threshold, think.action))
        elif baseline.median >= settings.fast_min_usual and think.seconds <= fast:
            out.append(TempoBreak(think.index, think.seat, player, think.klass, think.seconds, baseline,
                                  fast, think.action, LawRef(16, "B1(a)"), fast=True))
    return tuple(out)
