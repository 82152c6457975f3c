"""The bidding engine: what a system's rules say at one point of an auction.

A :class:`Context` is everything about an auction that does not depend on the hand of the player to call:
who is to call, what each player's calls have shown under the system (:class:`~.conditions.Facts`), the
partnership's agreed suit, whether partner's last call forces, and the rules that apply, in order. Contexts
are cached, so the hundreds of hands a robot tries against one auction (when it samples deals) pay for the
auction once.

* :func:`decide` gives the call the system makes with a hand: the first rule whose conditions the hand
  meets and whose call is legal (Laws 18, 19); :func:`candidates` gives every such call in order, for the
  robots' simulation to choose among.
* :meth:`Context.meaning` gives what a call means (Law 20F): every rule that could make it, joined.

>>> from tenace.cards import CardSet
>>> from tenace.system.bidding.systems import builtin
>>> system = builtin("two-over-one")
>>> ctx = context(system, 0, (False, False), ())
>>> choice = decide(ctx, HandInfo.of(CardSet.from_pbn("AK5.KQ4.J876.A54")))
>>> str(call_of(choice.call)), choice.rule.label
('1NT', 'notrump-opening')
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, cast

from tenace.system.bidding.calls import PASS, call_of, legal
from tenace.system.bidding.conditions import NOTHING, Facts, facts_of
from tenace.system.bidding.hand import HandInfo
from tenace.system.bidding.rules import BiddingSystem, CallTemplate, Rule
from tenace.system.meaning import Forcing

__all__ = ["CallMeaning", "Choice", "Context", "HandInfo", "call_of", "candidates", "context", "decide"]

_BALANCED_LENGTHS: Final = ((2, 5),) * 4


@dataclass(frozen=True, slots=True)
class CallMeaning:
    """What a call means in an auction: the facts every rule making it shows, joined, and their labels and
    flags. ``rules`` is empty for a call the system has no rule for."""

    call: int
    facts: Facts
    labels: tuple[str, ...]
    texts: tuple[str, ...]
    """The labels' texts (English), in order."""
    conventions: tuple[str | None, ...]
    forcing: Forcing | None
    alert: bool
    transfer: bool
    rules: tuple[Rule, ...]

    @property
    def natural(self) -> bool:
        return not self.alert and not self.transfer


@dataclass(frozen=True, slots=True)
class Choice:
    """A call a rule makes for a hand, with the rule and the suits its variables took."""

    call: int
    rule: Rule
    bindings: dict[str, int]


class Env:
    """What a rule's conditions see besides the hand (see :class:`.conditions.Env`)."""

    __slots__ = ("bindings", "ctx")

    def __init__(self, ctx: Context, bindings: dict[str, int]) -> None:
        self.ctx = ctx
        self.bindings = bindings

    @property
    def partner(self) -> Facts:
        return self.ctx.shown[(self.ctx.turn + 2) % 4]

    @property
    def unbid(self) -> tuple[int, ...]:
        return self.ctx.unbid

    @property
    def theirs(self) -> tuple[int, ...]:
        return self.ctx.theirs

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        ns, ew = self.ctx.vulnerability
        return (ns, ew) if self.ctx.turn % 2 == 0 else (ew, ns)

    @property
    def seat(self) -> int:
        return (self.ctx.turn - self.ctx.dealer) % 4 + 1

    @property
    def passed(self) -> bool:
        ctx = self.ctx
        return any(ctx.seat_of(i) == ctx.turn for i in range(ctx.start))

    @property
    def partner_passed(self) -> bool:
        ctx = self.ctx
        return any(ctx.seat_of(i) == (ctx.turn + 2) % 4 for i in range(ctx.start))


Entry = tuple[Rule, dict[str, int], Env]


class Context:
    """The hand-independent state of an auction at one player's turn (build with :func:`context`)."""

    def __init__(self, system: BiddingSystem, dealer: int, vulnerability: tuple[bool, bool],
                 calls: tuple[int, ...]) -> None:
        self.system = system
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.calls = calls
        self.turn = (dealer + len(calls)) % 4
        start = 0
        while start < len(calls) and calls[start] == PASS:
            start += 1
        self.start = start
        self.relative = calls[start:]
        if calls:
            before = context(system, dealer, vulnerability, calls[:-1])
            meaning = before.meaning(calls[-1])
            self.meanings: tuple[CallMeaning, ...] = (*before.meanings, meaning)
            self.shown: tuple[Facts, ...] = _update(before.shown, before.turn, meaning, calls[-1], before)
        else:
            self.meanings = ()
            self.shown = (NOTHING,) * 4
        self.natural: tuple[tuple[int, ...], ...] = self._natural_suits()
        named = {s for suits in self.natural for s in suits}
        self.unbid = tuple(s for s in (3, 2, 1, 0) if s not in named)
        theirs = self.natural[(self.turn + 1) % 4] + self.natural[(self.turn + 3) % 4]
        self.theirs = tuple(dict.fromkeys(theirs))
        self.agreed = self._agreed()
        self._entries: list[Entry] | None = None
        self._file_entries: list[Entry] | None = None
        self._legal: frozenset[int] | None = None

    # --- reading the auction ---------------------------------------------------------------------------

    def seat_of(self, index: int) -> int:
        return (self.dealer + index) % 4

    def calls_of(self, seat: int) -> list[int]:
        return [c for i, c in enumerate(self.calls) if self.seat_of(i) == seat]

    def _natural_suits(self) -> tuple[tuple[int, ...], ...]:
        out: list[list[int]] = [[], [], [], []]
        for i, (call, meaning) in enumerate(zip(self.calls, self.meanings, strict=True)):
            # a control bid shows a control and a stopper ask the lack of a stopper, not length: not
            # natural suits (partner does not raise them)
            if (call >= 3 and (call - 3) % 5 != 4 and meaning.natural
                    and not {"control-bid", "stopper-ask"} & set(meaning.labels)):
                suit = (call - 3) % 5
                seat = out[self.seat_of(i)]
                if suit not in seat:
                    seat.append(suit)
        return tuple(tuple(s) for s in out)

    def _agreed(self) -> int | None:
        """The suit the side to call has agreed: eight cards shown between them, the last such suit one of
        them bid naturally (else the highest-ranking)."""
        me, partner = self.shown[self.turn], self.shown[(self.turn + 2) % 4]
        fits = [s for s in (3, 2, 1, 0) if me.lengths[s][0] + partner.lengths[s][0] >= 8]
        if not fits:
            return None
        ours = {self.turn, (self.turn + 2) % 4}
        for i in range(len(self.calls) - 1, -1, -1):
            call = self.calls[i]
            if self.seat_of(i) in ours and call >= 3 and (call - 3) % 5 in fits and self.meanings[i].natural:
                return (call - 3) % 5
        return fits[0]

    @property
    def partner_meaning(self) -> CallMeaning | None:
        """The meaning of partner's last call (``None`` before he has called)."""
        index = len(self.calls) - 2
        return self.meanings[index] if index >= 0 else None

    @property
    def forced(self) -> bool:
        """Whether partner's last call forces a call other than pass now (it was forcing and the right-hand
        opponent passed)."""
        meaning = self.partner_meaning
        return (meaning is not None and meaning.forcing is not None and meaning.forcing.is_forcing
                and self.calls[-1] == PASS)

    @property
    def game_forcing(self) -> bool:
        """Whether the partnership is in a game-forcing auction (a call of ours forced to game)."""
        ours = {self.turn, (self.turn + 2) % 4}
        return any(m.forcing is Forcing.GAME_FORCING for i, m in enumerate(self.meanings)
                   if self.seat_of(i) in ours)

    @property
    def last_bid(self) -> int:
        """The code of the last bid (``-1`` when there is none)."""
        for call in reversed(self.calls):
            if call >= 3:
                return call
        return -1

    @property
    def last_bidder(self) -> int | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i] >= 3:
                return self.seat_of(i)
        return None

    @property
    def legal_calls(self) -> frozenset[int]:
        """The codes of the calls that may be made now (Laws 18, 19), worked out once per auction: a robot
        weighing many hands here (simulation's dealer replays every sampled hand) asks again and again."""
        if self._legal is None:
            calls = self.calls
            self._legal = frozenset(c for c in range(_CALL_CODES) if legal(calls, c))
        return self._legal

    # --- the rules that apply ---------------------------------------------------------------------------

    def env(self, bindings: dict[str, int]) -> Env:
        if self.agreed is not None and "t" not in bindings:
            bindings = {**bindings, "t": self.agreed}
        return Env(self, bindings)

    def table_holds(self, rule: Rule, bindings: dict[str, int]) -> bool:
        """Whether ``rule``'s table conditions (position, vulnerability, ``x below M``) hold here with its
        variables bound as ``bindings``."""
        return all(c.holds(_NO_HAND, self.env(bindings)) for c in rule.context)

    @property
    def file_entries(self) -> list[Entry]:
        """The file's rules whose heading matches the auction and whose table conditions hold, in order,
        with the suits their variables took."""
        if self._file_entries is None:
            found: list[Entry] = []
            relative = self.relative
            for rule in self.system.rules_for(relative):
                assert rule.pattern is not None
                bindings = rule.pattern.match(relative)
                if bindings is None:
                    continue
                if rule.uses_agreed and self.agreed is None:
                    continue
                env = self.env(bindings)
                if all(c.holds(_NO_HAND, env) for c in rule.context if c.variables() <= env.bindings.keys()):
                    found.append((rule, bindings, env))
            self._file_entries = found
        return self._file_entries

    @property
    def entries(self) -> list[Entry]:
        """Every rule that applies, in order: the generators' conventions, the file's rules, the generators'
        principles."""
        if self._entries is None:
            from tenace.system.bidding.generation import generate
            first, last = generate(self)
            self._entries = [*((r, b, self.env(b)) for r, b in first), *self.file_entries,
                             *((r, b, self.env(b)) for r, b in last)]
        return self._entries

    def meaning(self, call: int) -> CallMeaning:
        """What ``call`` means here: every rule that could make it, their facts joined."""
        return _meaning(self, call)


_CALL_CODES: Final = 38
"""Pass, double, redouble and the 35 bids (codes 0-37)."""

_NO_HAND: Final = cast(HandInfo, None)
"""Table conditions (position, vulnerability) never look at the hand."""


_PASS_RULE: Final = Rule(None, CallTemplate("P", code=PASS), (), "no-fit")
"""What a hand no rule fits does: pass."""


def _meaning(ctx: Context, call: int) -> CallMeaning:
    facts: Facts | None = None
    labels: list[str] = []
    rules: list[Rule] = []
    forcing: Forcing | None = None
    alert = transfer = False
    for rule, _bindings, _env in ctx.entries:
        bindings = _env.bindings  # with the agreed suit t
        bound = rule.call.produces(call, bindings)
        if bound is None:
            continue
        env = ctx.env(bound) if bound is not bindings else _env
        if not all(c.holds(_NO_HAND, env) for c in rule.context):
            continue
        shown = facts_of(rule.conditions, env)
        if not shown.possible:
            continue
        facts = shown if facts is None else facts.join(shown)
        if rule.label not in labels:
            labels.append(rule.label)
        if not rules:
            forcing = rule.forcing
        elif rule.forcing is not forcing:
            forcing = _weaker(forcing, rule.forcing)
        rules.append(rule)
        alert |= rule.alert
        transfer |= rule.transfer
    if call == PASS and rules and not any(not r.conditions for r in rules):
        # a pass is also what a hand no rule fits makes: the agreement includes it, and shows nothing
        facts = NOTHING
        labels.append(_PASS_RULE.label)
        rules.append(_PASS_RULE)
    known = ctx.system.meanings
    texts = tuple(known[label].text if label in known else label for label in labels)
    conventions = tuple(known[label].convention if label in known else None for label in labels)
    shown = facts if facts is not None else NOTHING
    return CallMeaning(call, shown, tuple(labels), texts, conventions, forcing, alert, transfer, tuple(rules))


_STRENGTH: Final = {None: 0, Forcing.SIGN_OFF: 0, Forcing.NON_FORCING: 1, Forcing.INVITATIONAL: 2,
                    Forcing.FORCING: 3, Forcing.GAME_FORCING: 4}


def _weaker(a: Forcing | None, b: Forcing | None) -> Forcing | None:
    """What two rules making one call together promise about forcing: the weaker of the two."""
    return a if _STRENGTH[a] <= _STRENGTH[b] else b


def _update(shown: tuple[Facts, ...], seat: int, meaning: CallMeaning, call: int,
            ctx: Context) -> tuple[Facts, ...]:
    """What every player has shown once ``seat`` made ``call`` meaning ``meaning``."""
    facts = meaning.facts
    if facts.balanced:
        facts = facts.meet(Facts(lengths=_BALANCED_LENGTHS))
    if not meaning.rules and call >= 3 and (call - 3) % 5 != 4:
        # a bid no rule makes: taken as natural, four or more cards
        facts = Facts(lengths=tuple((4, 13) if i == (call - 3) % 5 else (0, 13) for i in range(4)))
    new = shown[seat].meet(facts)
    if not new.possible:  # the calls disagree under the system (a misbid, or a deviation): keep the older
        new = shown[seat]
    out = list(shown)
    out[seat] = new
    return tuple(out)


@functools.lru_cache(maxsize=50_000)
def context(system: BiddingSystem, dealer: int, vulnerability: tuple[bool, bool],
            calls: tuple[int, ...]) -> Context:
    """The context of the auction ``calls`` (codes, from the dealer; seats 0 = North .. 3 = West)."""
    return Context(system, dealer, vulnerability, calls)


def _suit_order(hand: HandInfo) -> tuple[int, ...]:
    """The suits in the order a new variable tries them: longest first, then the higher-ranking."""
    return tuple(sorted((3, 2, 1, 0), key=lambda s: -hand.lengths[s] * 4 - s))


def candidates(ctx: Context, hand: HandInfo, *, options: bool = False) -> Iterator[Choice]:
    """Every call the system's rules make with ``hand`` here, in order (one per rule: the first legal call
    whose conditions hold); with ``options``, also the rules that are only alternatives for simulation."""
    order = _suit_order(hand)
    allowed = ctx.legal_calls
    for rule, _bindings, env in ctx.entries:
        if rule.option and not options:
            continue
        bindings = env.bindings  # with the agreed suit t
        for call, bound in rule.call.calls(bindings, order):
            if call not in allowed:
                continue
            use = env if bound is bindings else ctx.env(bound)
            if all(c.holds(hand, use) for c in rule.conditions):
                yield Choice(call, rule, bound)
                break


def decide(ctx: Context, hand: HandInfo) -> Choice:
    """The call the system makes with ``hand`` here: the first rule that fits, else a pass."""
    for choice in candidates(ctx, hand):
        return choice
    return Choice(PASS, _PASS_RULE, {})


def auction_codes(calls: Sequence[object]) -> tuple[int, ...]:
    from tenace.calls import Call
    from tenace.system.bidding.calls import code
    return tuple(code(c) for c in calls if isinstance(c, Call))


__all__ += ["auction_codes"]
