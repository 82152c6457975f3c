"""Irregularities, the options the Laws offer after one, pending decisions and the constraints in force."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tenace.calls import Call
from tenace.laws.refs import Actor, LawRef
from tenace.seats import Seat


class Kind(enum.Enum):
    """The kinds of irregularity the engine recognises (Laws 24-39 and 45-67)."""

    INSUFFICIENT_BID = "insufficient bid"
    CALL_OUT_OF_ROTATION = "call out of rotation"
    INADMISSIBLE_DOUBLE = "inadmissible double or redouble"
    CALL_WHILE_REQUIRED_TO_PASS = "call by a player required to pass"
    CALL_AFTER_FINAL_PASS = "call after the final pass"
    REVOKE = "revoke"


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An infraction of Law: what, who, and where in the record."""

    kind: Kind
    offender: Seat
    law: LawRef
    index: int
    """Position of the offending event in the table's record."""
    call: Call | None = None

    def __str__(self) -> str:
        what = f" ({self.call})" if self.call is not None else ""
        return f"{self.kind.value}{what} by {self.offender.name.title()} ({self.law})"


# --- options: what an actor may elect -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the irregular call or play, which then stands as if lawful."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class Reject:
    """Do not accept it: the Laws' rectification follows."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class Comparable:
    """The Director's judgement whether a replacement call is comparable (Law 23A): ``yes`` means no further
    rectification; ``no`` means the rectification for a non-comparable call."""

    yes: bool
    law: LawRef


Option = Accept | Reject | Comparable


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the Laws give to one actor; the only events accepted next are that actor's elections of one of
    ``options`` (plus, where ``may_call`` is set, a call by that seat that the Laws treat as an election)."""

    actor: Actor
    options: tuple[Option, ...]
    law: LawRef
    about: Irregularity | None = None
    explanation: str = ""


# --- constraints -------------------------------------------------------------------------------------


class Duration(enum.Enum):
    NEXT_TURN = "at his next turn"
    REST_OF_AUCTION = "for the rest of the auction"


@dataclass(frozen=True, slots=True)
class MustPass:
    """``seat`` must pass at his next turn or whenever it is his turn (e.g. Laws 27B2, 30A, 31A2(b))."""

    seat: Seat
    duration: Duration
    law: LawRef

    def __str__(self) -> str:
        return f"{self.seat.name.title()} must pass {self.duration.value} ({self.law})"


@dataclass(frozen=True, slots=True)
class MustRepeat:
    """The offender must repeat his cancelled call at his turn (Laws 31A1, 32A1)."""

    seat: Seat
    call: Call
    law: LawRef


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """Declarer may forbid ``seat`` (the offender's partner) to lead one suit the offender did not name in
    the lawful auction, at his first turn to lead (Law 26B)."""

    seat: Seat
    offender: Seat
    law: LawRef


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """A withdrawn or cancelled call: authorised information for ``seat``'s opponents, unauthorised for his
    partner (Law 16C)."""

    seat: Seat
    call: Call
    law: LawRef


Constraint = MustPass | MustRepeat | LeadRestriction
