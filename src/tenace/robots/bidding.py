"""Bidding by a system of rules (:mod:`tenace.system.bidding`): choosing a call, explaining one, and reading
what each player's calls showed.

Everything here works on the calls that stand and one hand, so a robot needs nothing but its own view.

>>> from tenace import CardSet, parse_call
>>> hand = CardSet.from_pbn("AK5.KQ4.J876.A54")   # 17 HCP, 3-3-4-3
>>> choice = choose_call(hand, Seat.NORTH, Seat.NORTH, ())
>>> str(choice.call), choice.alert
('1NT', False)
>>> print(choice.explanation)
natural: balanced, or semi-balanced with a long minor; 15-17 HCP; no singleton or void; not forcing
>>> responder = CardSet.from_pbn("Q762.AJ53.43.K76")   # 10 HCP and both majors: Stayman
>>> choice = choose_call(responder, Seat.NORTH, Seat.SOUTH, (parse_call("1NT"), parse_call("P")))
>>> str(choice.call), choice.alert
('2C', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tenace.board import Vulnerability
from tenace.calls import Call
from tenace.cards import CardSet, Suit
from tenace.seats import SEATS, Seat
from tenace.system.bidding.calls import call_of, code
from tenace.system.bidding.engine import CallMeaning, Context, HandInfo, context, decide
from tenace.system.bidding.explain import describe
from tenace.system.bidding.rules import BiddingSystem, Rule
from tenace.system.bidding.systems import builtin

__all__ = ["Choice", "Shown", "choose_call", "explain_call", "meaning_of", "shown", "table_context"]

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@dataclass(frozen=True, slots=True)
class Choice:
    """A call the system chooses, with its alert and explanation (Law 20F) and the rule it came from."""

    call: Call
    alert: bool
    explanation: str
    rule: Rule | None = None


@dataclass(frozen=True, slots=True)
class Shown:
    """What a player's calls showed under the system: an HCP range and suit length ranges."""

    hcp_min: int = 0
    hcp_max: int = 37
    lengths: dict[Suit, int] = field(default_factory=dict)
    """Minimum lengths by suit."""
    maxima: dict[Suit, int] = field(default_factory=dict)
    """Maximum lengths by suit (only those below 13)."""

    def fits(self, hand: CardSet, slack: int = 0) -> bool:
        """Whether ``hand`` (a whole 13-card hand) agrees, with ``slack`` HCP either way."""
        hcp = hand.hcp
        if not self.hcp_min - slack <= hcp <= self.hcp_max + slack:
            return False
        return all(hand.count(suit) >= n for suit, n in self.lengths.items()) and all(
            hand.count(suit) <= n for suit, n in self.maxima.items())


def _vulnerability(value: Vulnerability | str | None) -> tuple[bool, bool]:
    if value is None:
        return (False, False)
    vul = value if isinstance(value, Vulnerability) else Vulnerability.from_str(value)
    return (vul.is_vulnerable(Seat.NORTH), vul.is_vulnerable(Seat.EAST))


def table_context(system: BiddingSystem, dealer: Seat, calls: Sequence[Call],
                  vulnerability: Vulnerability | str | None = None) -> Context:
    """The engine's context for ``calls`` made from ``dealer``."""
    return context(system, dealer.index, _vulnerability(vulnerability), tuple(code(c) for c in calls))


def meaning_of(calls: Sequence[Call], index: int, system: BiddingSystem | None = None, *,
               dealer: Seat = Seat.NORTH, vulnerability: Vulnerability | str | None = None) -> CallMeaning:
    """The meaning under ``system`` of the call at ``index`` of ``calls``."""
    ctx = table_context(system or builtin(), dealer, calls[:index], vulnerability)
    return ctx.meaning(code(calls[index]))


def choose_call(
    hand: CardSet, dealer: Seat, seat: Seat, calls: Sequence[Call], system: BiddingSystem | None = None, *,
    vulnerability: Vulnerability | str | None = None, locale: str = "en",
) -> Choice:
    """The call the system gives ``seat`` holding ``hand`` after ``calls`` (from ``dealer``): the first rule
    that fits and is legal (Laws 18, 19), else a pass. The explanation is the agreement about the call (every
    rule that makes it, Law 20F), not the text of the one rule this hand met.

    :raises ValueError: if it is not ``seat``'s turn.
    """
    system = system or builtin()
    ctx = table_context(system, dealer, calls, vulnerability)
    if (dealer.index + len(calls)) % 4 != seat.index:
        turn = SEATS[(dealer.index + len(calls)) % 4]
        raise ValueError(f"it is {turn.name.title()}'s turn to call, not {seat.name.title()}'s")
    choice = decide(ctx, HandInfo.of(hand))
    meaning = ctx.meaning(choice.call)
    return Choice(call_of(choice.call), meaning.alert, describe(meaning, locale), choice.rule)


def explain_call(calls: Sequence[Call], index: int, system: BiddingSystem | None = None, *,
                 dealer: Seat = Seat.NORTH, vulnerability: Vulnerability | str | None = None,
                 locale: str = "en") -> str:
    """What the call at ``index`` means under the system (Law 20F: the partnership's agreement, not the
    hand): the meanings of every rule that makes it, or "no agreement" for a call no rule makes.

    >>> from tenace.calls import PASS, parse_call
    >>> explain_call([parse_call("1NT"), PASS, parse_call("2D")], 2)
    'Jacoby transfer: shows the next suit up; 5+♥; forcing'
    """
    return describe(meaning_of(calls, index, system, dealer=dealer, vulnerability=vulnerability), locale)


def shown(dealer: Seat, calls: Sequence[Call], system: BiddingSystem | None = None,
          vulnerability: Vulnerability | str | None = None) -> dict[Seat, Shown]:
    """What each player's calls showed under the system: HCP ranges and suit lengths.

    >>> from tenace.calls import parse_call
    >>> s = shown(Seat.NORTH, [parse_call(c) for c in ("1NT", "P", "2H")])
    >>> s[Seat.NORTH].hcp_min, s[Seat.NORTH].hcp_max, s[Seat.SOUTH].lengths
    (15, 17, {<Suit.SPADES: 'S'>: 5})
    """
    system = system or builtin()
    ctx = table_context(system, dealer, calls, vulnerability)
    out: dict[Seat, Shown] = {}
    for seat in SEATS:
        facts = ctx.shown[seat.index]
        minima = {_SUITS[s]: lo for s, (lo, _) in enumerate(facts.lengths) if lo > 0}
        maxima = {_SUITS[s]: hi for s, (_, hi) in enumerate(facts.lengths) if hi < 13}
        out[seat] = Shown(facts.hcp_min, facts.hcp_max, minima, maxima)
    return out
