"""Where each result of an event was played (its section and seating in the movements), and which side of an
artificial score is an award: the lookups both the pairs' scoring (:mod:`tenace.tournament.scoring`) and the
teams' (:mod:`tenace.tournament.teams`) start from.
"""

from __future__ import annotations

from tenace.scoring.adjusted import Award
from tenace.tournament.model import ContestantId, Event, EventKind, Movement, Result, Seating


def _movements(event: Event, session: int) -> tuple[Movement, ...]:
    for s in event.sessions:
        if s.number == session:
            return s.movements
    if event.sessions:
        numbers = ", ".join(str(s.number) for s in event.sessions)
        raise ValueError(f"event {event.name!r} has no session {session} (sessions: {numbers})")
    return ()


class SeatingIndex:
    """Where each result of an event was played: its section and seating, looked up in O(1)."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.seated: dict[tuple[int, int, int, ContestantId, ContestantId], tuple[str, Seating]] = {}
        """Each seating of the movements, by (session, round, table, ns, ew)."""
        # where a result the movements do not seat belongs, per session, once worked out
        self._default: dict[int, tuple[str, None]] = {}
        for session in event.sessions:
            for movement in session.movements:
                for seating in movement.seatings:
                    key = (session.number, seating.round, seating.table, seating.ns, seating.ew)
                    self.seated.setdefault(key, (movement.name, seating))

    def locate(self, result: Result) -> tuple[str, Seating | None]:
        """The section (movement name, ``""`` without movements) and the seating where ``result`` was played.

        :raises ValueError: if the event's movements do not seat ``result.ns`` against ``result.ew`` at that
            table in that round (when the session has several sections, or the event is an individual).
        """
        found = self.seated.get((result.session, result.round, result.table, result.ns, result.ew))
        if found is not None:
            return found
        if result.session in self._default:
            return self._default[result.session]
        movements = _movements(self.event, result.session)
        if len(movements) == 1 and self.event.kind is not EventKind.INDIVIDUAL:
            self._default[result.session] = (movements[0].name, None)
            return movements[0].name, None
        if not movements and self.event.kind is not EventKind.INDIVIDUAL:
            self._default[result.session] = ("", None)
            return "", None
        raise ValueError(
            f"{result.describe()} (session {result.session}): no movement of event {self.event.name!r} seats "
            f"{result.ns!r} against {result.ew!r} there"
        )


def locate(event: Event, result: Result) -> tuple[str, Seating | None]:
    """:meth:`SeatingIndex.locate` for one result."""
    return SeatingIndex(event).locate(result)


def is_award(side: object) -> bool:
    """Whether one side of an artificial score is an :class:`Award` (the Law 12C2(c) session rule applies)."""
    return isinstance(side, Award)
