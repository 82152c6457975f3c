"""Individual movements: every player enters alone and partnerships change from round to round (Law 4).

:func:`individual` builds the movement for 4 players (one table, three rounds) or 8 players (two tables, seven
rounds) in which every player partners every other player exactly once. With 8 players both tables play the
same boards in a round (two copies of each board, or a relay of the set between the tables), so each board
is played twice and can be compared, as in the published two-table individuals. Larger published individual
movements are read with :func:`~tenace.tournament.movements.load_thebridsk`.

>>> m = individual(8)
>>> m.at(round=1, table=1).players
('8', '2', '1', '7')
"""

from __future__ import annotations

from tenace.errors import MovementError
from tenace.tournament.model import Movement, Seating
from tenace.tournament.movements._sets import board_set


def individual(players: int, *, boards_per_round: int = 2, name: str | None = None) -> Movement:
    """The complete individual movement for 4 or 8 players: ``players - 1`` rounds, players ``"1"`` ..

    The partnerships of a round are a one-factor of the circle method: player ``n`` partners player ``r``, and
    ``r + j`` partners ``r - j`` (mod ``n - 1``); so every two players are partners once.

    :raises MovementError: for any other number of players.
    """
    if players not in (4, 8):
        raise MovementError(f"individual movements are generated for 4 or 8 players, not {players}")
    m = players - 1
    seatings = []
    for r in range(m):
        partnerships = [(m, r)] + [((r + j) % m, (r - j) % m) for j in range(1, players // 2)]
        boards = board_set(r + 1, boards_per_round)
        for t in range(players // 4):
            (n, s), (e, w) = partnerships[2 * t], partnerships[2 * t + 1]
            seat = tuple(str(p + 1) for p in (n, e, s, w))
            seatings.append(
                Seating(
                    r + 1,
                    t + 1,
                    f"{seat[0]}-{seat[2]}",
                    f"{seat[1]}-{seat[3]}",
                    boards,
                    players=(seat[0], seat[1], seat[2], seat[3]),
                )
            )
    return Movement(
        name or f"Individual, {players} players",
        tuple(seatings),
        description=f"individual, {players} players, {m} rounds of {boards_per_round} boards",
    )
