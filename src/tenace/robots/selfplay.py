"""Four robots playing a board through the Laws engine (for tests, benchmarks and demonstrations).

Each robot is shown only its own view after every event, as a server would send it; the loop here plays
the Director only when a claim is doubted (Law 70), ruling the double-dummy result of the position, which a
robot could not know.
"""

from __future__ import annotations

from tenace.board import Board
from tenace.laws.events import ClaimRuled, Event
from tenace.laws.refs import DIRECTOR, Regulations
from tenace.laws.table import Phase, Table
from tenace.robots.robot import Robot
from tenace.seats import SEATS, Seat
from tenace.solver.dds import solve_position

__all__ = ["play_board"]


def play_board(
    board: Board, *, samples: int = 20, seed: int = 0, regulations: Regulations | None = None,
    robots: dict[Seat, Robot] | None = None, max_events: int = 400,
) -> Table:
    """The table after four robots have played ``board`` to the end.

    :raises RuntimeError: if the robots stop without finishing the board (a bug).
    """
    table = Table.new(board, regulations)
    seated = robots or {seat: Robot(seat, samples=samples, seed=seed + seat.index) for seat in SEATS}
    for _ in range(max_events):
        if table.phase is Phase.ENDED:
            return table
        event: Event | None = None
        if table.turn is DIRECTOR and table.phase is Phase.CLAIM and table.claim is not None:
            play = table.play
            assert play is not None
            solved = solve_position(play)
            side = table.claim.seat.side
            tricks = solved.max_tricks if solved.turn.side is side else solved.tricks_left - solved.max_tricks
            event = ClaimRuled(tricks)
        else:
            for seat in SEATS:
                robot = seated[seat]
                action = robot.act(table.view(seat))
                if action is not None and event is None:
                    event = action
        if event is None:
            raise RuntimeError(f"board {board.number}: nobody acts in the {table.phase.value} ({table.turn})")
        table = table.apply(event)
    raise RuntimeError(f"board {board.number} did not end in {max_events} events")
