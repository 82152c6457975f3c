"""A robot for one seat: it looks at its own :class:`~tenace.laws.table.TableView` and answers with the
engine event it makes, or ``None`` when it has nothing to do.

The robot never receives a :class:`~tenace.laws.table.Table` or a deal: :meth:`Robot.act` takes a view, so
it can only know what its seat may see (plus what it remembers from earlier views of its own, Law 66C).

>>> from tenace import Board, Deal
>>> from tenace.laws import Table
>>> deal = Deal.from_pbn("N:AK5.KQ4.J876.A54 QJ4.J976.Q3.J983 T962.A832.K4.762 873.T5.AT952.KQT")
>>> table = Table.new(Board(1, deal))                  # North deals
>>> event = Robot(Seat.NORTH).act(table.view(Seat.NORTH))
>>> type(event).__name__, str(event.call), event.alert
('CallMade', '1NT', False)
>>> print(event.explanation)
natural: balanced, or semi-balanced with a long minor; 15-17 HCP; no singleton or void; not forcing
>>> Robot(Seat.EAST).act(table.view(Seat.EAST)) is None    # not East's turn
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tenace.calls import PASS, Call
from tenace.laws.decisions import MustPass, MustRepeat
from tenace.laws.events import CallMade, CardPlayed, ClaimAnswered, ClaimMade, Elected, Event
from tenace.laws.refs import Director
from tenace.laws.table import Phase, TableView
from tenace.robots.bidding import explain_call, table_context
from tenace.robots.play import (
    Memory,
    choose_card,
    position_from_view,
    side_minimum,
    side_takes_all,
    solve_samples,
)
from tenace.robots.signals import STANDARD, Carding
from tenace.robots.simulation import Settings, choose
from tenace.seats import Seat
from tenace.system.bidding.calls import call_of
from tenace.system.bidding.explain import describe
from tenace.system.bidding.rules import BiddingSystem
from tenace.system.bidding.systems import builtin

__all__ = ["Robot"]


def _viewer_name(viewer: Seat | Director | None) -> str:
    if viewer is None:
        return "a spectator"
    return "the Director" if isinstance(viewer, Director) else viewer.name.title()


@dataclass(slots=True)
class Robot:
    """A robot sitting at ``seat``.

    ``samples``: how many layouts a card decision solves double dummy (20 by default, the figure for a card
    of the middle game; the first tricks may solve more, see
    :func:`~tenace.robots.play.effort`; 0 plays the lowest legal card without solving and bids by the rules
    alone, for load tests). ``bidding``: how the robot weighs the calls its system allows at a choice point
    (:class:`~tenace.robots.simulation.Settings`). ``carding``: the partnership's defensive signals
    (:mod:`tenace.robots.signals`; ``None``: none). ``seed``: the robot's random stream, so a robot with the
    same seed shown the same views makes the same decisions. ``claims``: whether it claims when every sample
    gives its side all the remaining tricks. ``budget``: seconds after which no further batch of samples is
    solved for a card (``None``: as many as the decision takes; with a budget, decisions depend on the
    machine's speed).
    """

    seat: Seat
    samples: int = 20
    seed: int = 0
    claims: bool = True
    budget: float | None = None
    system: BiddingSystem = field(default_factory=builtin)
    bidding: Settings = field(default_factory=Settings)
    carding: Carding | None = STANDARD
    memory: Memory = field(default_factory=Memory)
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def observe(self, view: TableView) -> None:
        """Remember what ``view`` shows (call it with every view the robot's seat is sent)."""
        self._check(view)
        if view.board != self.memory.board:
            self._rng = random.Random(hash((self.seed, view.board)) & 0xFFFFFFFF)
        self.memory.observe(view)

    def _check(self, view: TableView) -> None:
        if not isinstance(view, TableView):
            raise TypeError(f"a robot acts from its own TableView, not from {type(view).__name__}")
        if view.viewer is not self.seat:
            raise ValueError(
                f"the robot at {self.seat.name.title()} was shown the view of {_viewer_name(view.viewer)}"
            )

    def explain(self, view: TableView, index: int) -> str:
        """The answer to an opponent's question about the call at ``index`` of the auction (Law 20F): the
        partnership's agreement from the system description."""
        calls = [s.call.call for s in view.calls]
        return explain_call(calls, index, self.system, dealer=view.dealer, vulnerability=view.vulnerability)

    def act(self, view: TableView) -> Event | None:
        """The robot's action in ``view``, or ``None`` when it is not the robot's turn to do anything."""
        self.observe(view)
        me = self.seat
        if view.pending is not None:
            if view.pending.actor is me and view.pending.options:
                return Elected(me, view.pending.options[0])
            return None
        if isinstance(view.turn, Director) or view.turn is None:
            return None
        if view.phase is Phase.AUCTION:
            return self._call(view) if view.turn is me else None
        contract = view.contract
        if contract is None:
            return None
        if view.phase is Phase.CLAIM:
            return self._answer_claim(view) if view.turn is me else None
        if view.phase not in (Phase.CLARIFICATION, Phase.PLAY):
            return None
        if me is contract.dummy:
            return None  # declarer plays dummy's cards (Law 45A)
        player = view.turn
        if player is not me and not (me is contract.declarer and player is contract.dummy):
            return None
        card, solved = choose_card(
            view, player, self.memory, self.samples, self._rng, self.system, self.budget, self.carding
        )
        if (
            self.claims and solved and view.played and me is contract.declarer
            and side_takes_all(solved, me.side)
        ):
            if len(solved) < self.samples and self.budget is None:
                # a decision settled early: a claim is checked on ``samples`` layouts all the same
                position = position_from_view(view, self.memory, self.system)
                solved = solved + solve_samples(position, self.samples - len(solved), self._rng)
            if side_takes_all(solved, me.side):
                left = solved[0].tricks_left
                return ClaimMade(me, left, f"the remaining {left} tricks, on every layout considered")
        return CardPlayed(player, card)

    def _call(self, view: TableView) -> CallMade:
        me = self.seat
        for constraint in view.constraints:
            if isinstance(constraint, MustPass) and constraint.seat is me:
                return CallMade(me, PASS, False, None)
            if isinstance(constraint, MustRepeat) and constraint.seat is me:
                return CallMade(me, constraint.call, False, None)
        calls: list[Call] = [s.call.call for s in view.calls]
        ctx = table_context(self.system, view.dealer, calls, view.vulnerability)
        settings = self.bidding if self.samples > 0 else Settings(samples=0)
        choice = choose(ctx, view.hands[me], self._rng, settings)
        # Laws 20F1, 40A: the explanation is the partnership's agreement about the call (every rule that makes
        # it), not the text of the one rule this hand happened to meet, which may describe the hand.
        meaning = ctx.meaning(choice.call)
        return CallMade(me, call_of(choice.call), meaning.alert, describe(meaning))

    def _answer_claim(self, view: TableView) -> ClaimAnswered:
        """Agree to an opponent's claim or concession only when it cannot cost the robot's side a trick on any
        layout it samples (Laws 69A, 70): the number claimed (:attr:`TableView.claim`, which every seat
        hears) must be at most the fewest tricks the claimer's side takes double dummy over the samples.

        A view without the claim (not from :meth:`Table.view <tenace.laws.table.Table.view>`) leaves the
        number unknown: the robot then agrees only when the claimer's side takes every trick left on every
        sample."""
        me = self.seat
        claim = view.claim
        claimer_side = claim.seat.side if claim is not None else me.side.opponents
        position = position_from_view(view, self.memory, self.system)
        if position.tricks_left <= 0:
            return ClaimAnswered(me, True)
        solved = solve_samples(position, max(self.samples, 1), self._rng)
        if claim is not None:
            return ClaimAnswered(me, side_minimum(solved, claimer_side) >= claim.tricks)
        return ClaimAnswered(me, side_takes_all(solved, claimer_side))
