"""Robots at a live table: they see only their own seat's view; a robot whose action is refused, or which
fails, does not stall the table (the placeholder robot acts once in its place); the robots of tenace.robots
play whole boards through the server."""

from __future__ import annotations

import asyncio

import pytest

from tenace.calls import DOUBLE
from tenace.laws.events import CallMade, Event
from tenace.laws.log import event_from_json
from tenace.laws.refs import Policy, Regulations
from tenace.laws.table import Phase, Table, TableView
from tenace.seats import Seat
from tenace.server.actors import EngineRobot, FallbackRobot, Hub, Robot
from tenace.server.persistence import LiveStore

from .robots import memory_engine


class Refused:
    """Doubles when nobody has bid: never lawful (Law 19A), so the online table refuses it."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.views: list[TableView] = []

    async def act(self, view: TableView) -> Event | None:
        self.views.append(view)
        return CallMade(self.seat, DOUBLE)


class Failing(FallbackRobot):
    async def act(self, view: TableView) -> Event | None:
        raise RuntimeError("the robot fell off its chair")


def _board(robots: object) -> tuple[Hub, str]:
    async def run() -> tuple[Hub, str]:
        hub = Hub(LiveStore(memory_engine()), robots=robots)  # type: ignore[arg-type]
        created = await hub.create_table((), boards=1)
        await hub.wait_idle(created.id)
        await hub.close()
        return hub, created.id

    return asyncio.run(run())


@pytest.mark.parametrize("kind", [Refused, Failing])
def test_a_robot_whose_action_fails_does_not_stall_the_table(kind: type) -> None:
    made: list[Robot] = []

    def robots(seat: Seat) -> Robot:
        robot: Robot = kind(seat)
        made.append(robot)
        return robot

    hub, table_id = _board(robots)
    table = hub.live.history(table_id)[-1]
    assert table.ended and table.score_ns is not None
    refused = [robot for robot in made if isinstance(robot, Refused)]
    assert all(robot.views for robot in refused) and (kind is not Refused or len(refused) == 4)
    for robot in refused:  # each view it was given was its own seat's
        assert all(v.viewer is robot.seat and robot.seat in v.hands for v in robot.views)
        assert all(set(v.hands) == {robot.seat} for v in robot.views if v.phase is Phase.AUCTION)


def test_the_robots_of_tenace_robots_play_whole_boards_through_the_server() -> None:
    hub, table_id = _board(lambda seat: EngineRobot(seat, samples=0, seed=7))
    boards = hub.live.history(table_id)
    assert len(boards) == 1 and boards[0].ended
    record = [event_from_json(e) for e in boards[0].events]
    table = Table.replay(boards[0].board, record, Regulations(policy=Policy.ONLINE))
    assert table.phase is Phase.ENDED and table.score_ns() == boards[0].score_ns
    calls = [e for e in record if isinstance(e, CallMade)]
    assert any(c.explanation for c in calls)  # the system description's texts (Law 20F)
