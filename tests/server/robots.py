"""Test robots and drivers for the server-core tests."""

from __future__ import annotations

import random

from sqlalchemy import Engine, create_engine
from sqlalchemy.pool import StaticPool

from tenace.laws.events import ClaimAnswered, ClaimMade, ClaimRuled, Elected, Event
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
