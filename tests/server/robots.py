"""Test robots and drivers for the server-core tests."""

from __future__ import annotations

import random

from sqlalchemy import Engine, create_engine
from sqlalchemy.pool import StaticPool

from tenace.laws.events import CardExposed, ClaimAnswered, ClaimMade, ClaimRuled, Elected, Event
from tenace.laws.refs import DIRECTOR
from tenace.laws.table import Phase, TableView
from tenace.seats import Seat
from tenace.server.actors import FallbackRobot, Hub, TableActor
from tenace.store.models import Base


class ClaimingRobot(FallbackRobot):
    """The placeholder robot, but now and then it claims (as declarer or a defender, any number of the
    remaining tricks) and, as an opponent of a claimer, now and then doubts the claim: so claims, faced hands
    and the Director's rulings go through the server too."""

    def __init__(self, seat: Seat, rng: random.Random, claim_rate: float = 0.05) -> None:
        super().__init__(seat, rng)
        self.claim_rate = claim_rate

    async def act(self, view: TableView) -> Event | None:
        if view.phase is Phase.CLAIM and view.turn is self.seat and view.pending is None:
            return ClaimAnswered(self.seat, self.rng.random() < 0.7)
        if (view.phase is Phase.PLAY and view.turn is self.seat and view.pending is None
                and self.rng.random() < self.claim_rate):
            remaining = 13 - sum(1 for t in view.tricks if t.winner is not None)
            return ClaimMade(self.seat, self.rng.randint(0, remaining), "the rest are mine")
        return await super().act(view)


def memory_engine() -> Engine:
    """A private in-memory database with the store's tables (one connection: use it from one table at a
    time)."""
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    Base.metadata.create_all(engine)
    return engine


async def direct(hub: Hub, actor: TableActor, timeout: float = 30.0) -> None:
    """Play the table until nobody can act: whenever it waits for the Director, rule as a Director would
    (award the tricks claimed, Law 70; elect the first option offered)."""
    while True:
        await hub.wait_idle(actor.id, timeout)
        table = actor.table
        if table.turn is not DIRECTOR:
            return
        if table.pending is not None:
            await actor.submit(DIRECTOR, Elected(DIRECTOR, table.pending.options[0]))
        elif table.claim is not None:
            await actor.submit(DIRECTOR, ClaimRuled(table.claim.tricks))
        else:
            return


class ExposingRobot:
    """For tables under the Laws policy (Law 80: nothing prevented by a screen): a robot of
    :mod:`tenace.robots` that now and then, as a defender on turn, exposes a card of its hand instead of
    playing (it becomes a penalty card, Law 50) and sometimes claims; so penalty cards and the rules they
    bring go through the server too."""

    def __init__(self, seat: Seat, rng: random.Random, expose_rate: float = 0.04,
                 claim_rate: float = 0.03) -> None:
        from tenace.robots import Robot

        self.seat = seat
        self.rng = rng
        self.expose_rate = expose_rate
        self.claim_rate = claim_rate
        self.robot = Robot(seat, samples=0, seed=rng.randrange(2**31), claims=False)

    def observe(self, view: TableView) -> None:
        self.robot.observe(view)

    async def act(self, view: TableView) -> Event | None:
        contract = view.contract
        mine = view.turn is self.seat and view.pending is None and view.phase is Phase.PLAY
        if mine and contract is not None and self.seat.side is not contract.declarer.side:
            shown = {p.card for p in view.penalty_cards}
            hidden = [c for c in view.hands[self.seat] if c not in shown]
            if hidden and self.rng.random() < self.expose_rate:
                return CardExposed(self.seat, self.rng.choice(hidden), deliberate=self.rng.random() < 0.5)
        if mine and self.rng.random() < self.claim_rate:
            remaining = 13 - sum(1 for t in view.tricks if t.winner is not None)
            return ClaimMade(self.seat, self.rng.randint(0, remaining), "the rest are mine")
        return self.robot.act(view)


async def play_out(hub: Hub, actor: TableActor, boards: int) -> None:
    """Let the robots (and :func:`direct` for the Director) play ``boards`` boards at the table; fails if the
    table stops with someone else to act."""
    while not (actor.position >= boards and actor.table.phase is Phase.ENDED):
        before = (actor.position, len(actor.table.record))
        await direct(hub, actor)
        if (actor.position, len(actor.table.record)) == before:
            raise AssertionError(f"table {actor.id} is stuck: {actor.table.turn} to act, {actor.table.phase}")
