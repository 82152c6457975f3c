"""Movements: who sits where and plays which boards in each round (Law 8A: the Director instructs the movement
of boards and players).

Generators return :class:`~tenace.tournament.model.Movement` values; :func:`validate` lists what a movement
lacks and :func:`check` raises :class:`~tenace.errors.MovementError`. See ``docs/movements.md``.

>>> from tenace.tournament.movements import Kind, howell, mitchell, validate
>>> validate(mitchell(7), kind=Kind.MITCHELL) == validate(howell(7), kind=Kind.HOWELL) == []
True
"""

from __future__ import annotations

from tenace.tournament.movements.compare import Relabelling, board_sets, equivalent, relabelling
from tenace.tournament.movements.howell import howell
from tenace.tournament.movements.individual import individual
from tenace.tournament.movements.mitchell import EvenTables, mitchell
from tenace.tournament.movements.swiss import SwissRound, matches_played, swiss_pairings
from tenace.tournament.movements.teams import Knockout, knockout, round_robin, team_match
from tenace.tournament.movements.thebridsk import load_thebridsk, loads_thebridsk
from tenace.tournament.movements.validate import Kind, MovementProblem, check, validate

__all__ = [
    "EvenTables",
    "Kind",
    "Knockout",
    "MovementProblem",
    "Relabelling",
    "SwissRound",
    "board_sets",
    "check",
    "equivalent",
    "howell",
    "individual",
    "knockout",
    "load_thebridsk",
    "loads_thebridsk",
    "matches_played",
    "mitchell",
    "relabelling",
    "round_robin",
    "swiss_pairings",
    "team_match",
    "validate",
]
