"""Law references, the Director as an actor, and the regulations a table runs under (Law 80)."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Final, TypeAlias

from tenace.errors import NotationError
from tenace.seats import Seat

_REF_RE: Final = re.compile(
    r"(?:Law\s*)?(\d{1,2})([A-H](?:\d(?:\([a-z]\)(?:\([ivx]+\))?)?)?)?(?:\s*\((\d{4})\))?", re.IGNORECASE
)

EDITIONS: Final = (2007, 2017)
"""The editions of the Laws of Duplicate Bridge a table may be played under (Law 80A: the Regulating Authority
names it); 2017, the one in force, is the default."""


@dataclass(frozen=True, slots=True, order=True)
class LawRef:
    """A reference to a Law and optionally a clause: ``LawRef(27, "B2")`` prints as ``Law 27B2``.

    ``edition`` names the edition whose text the clause is cited from when it is not the default one: a
    clause of the 2007 edition prints as ``Law 27B1(b) (2007)``. It is a label for the reader, not part of
    the reference's identity (equality, order and hash compare the Law and the clause only), so that a
    rectification the two editions share matches whichever way it is cited.

    >>> LawRef.from_str("Law 27B1(b)"), str(LawRef(64, "A1"))
    (LawRef(law=27, clause='B1(b)', edition=None), 'Law 64A1')
    >>> str(LawRef.from_str("31A2(a) (2007)")), LawRef(31, "A2(a)", 2007) == LawRef(31, "A2(a)")
    ('Law 31A2(a) (2007)', True)
    """

    law: int
    clause: str = ""
    edition: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.law <= 93:
            raise ValueError(f"the Laws run from 1 to 93, got {self.law}")
        if self.edition is not None and self.edition not in EDITIONS:
            raise ValueError(f"no edition of the Laws of {self.edition} (expected one of {EDITIONS})")

    @classmethod
    def from_str(cls, text: str) -> LawRef:
        match = _REF_RE.fullmatch(text.strip())
        if match is None:
            raise NotationError(f"not a law reference: {text!r} (expected e.g. 27B2 or 27B2 (2007))")
        edition = int(match.group(3)) if match.group(3) else None
        if edition is not None and edition not in EDITIONS:
            raise NotationError(f"not a law reference: {text!r} (the editions are {EDITIONS[0]} and "
                                f"{EDITIONS[1]})")
        return cls(int(match.group(1)), match.group(2) or "", edition)

    @property
    def cited(self) -> str:
        """The clause as a record writes it, with its edition when one is named: ``27B2``, ``27B2 (2007)``."""
        return f"{self.law}{self.clause}" + (f" ({self.edition})" if self.edition is not None else "")

    def __str__(self) -> str:
        return f"Law {self.cited}"


class Director(enum.Enum):
    """The Director, who takes the decisions the Laws leave to his judgement (Law 81)."""

    DIRECTOR = "Director"

    def __str__(self) -> str:
        return self.value


DIRECTOR: Final = Director.DIRECTOR
Actor: TypeAlias = Seat | Director


def actor_name(actor: Actor) -> str:
    """``"South"``, ``"the Director"``."""
    return "the Director" if isinstance(actor, Director) else actor.name.title()


class Phase(enum.Enum):
    """The periods of a board (Law 17, 41, 68): the phase names follow the Laws."""

    AUCTION = "auction period"
    CLARIFICATION = "clarification period"
    """After the final pass, until the opening lead is faced (Law 17D, 41)."""
    PLAY = "play period"
    CLAIM = "claim"
    """Play has stopped for a claim or concession (Law 68D)."""
    ENDED = "ended"


class Policy(enum.Enum):
    """How a table treats irregularities.

    ``LAWS``: every irregularity that can happen at a real table can be recorded and is rectified as the Laws
    say. ``ONLINE``: what a screen can prevent (calls and cards out of rotation, insufficient bids,
    inadmissible calls, revokes) is refused with :class:`~tenace.errors.UnlawfulActionError`; the rest
    (changes of call, claims, Director calls) is handled as under ``LAWS``.
    """

    LAWS = "laws"
    ONLINE = "online"


@dataclass(frozen=True, slots=True)
class Regulations:
    """What the Regulating Authority and the Tournament Organiser decide for a table (Law 80)."""

    edition: int = 2017
    """The edition of the Laws the table follows where they differ (see :mod:`tenace.laws.editions`)."""
    policy: Policy = Policy.LAWS

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(f"no edition of the Laws of {self.edition} (expected one of "
                             f"{', '.join(map(str, EDITIONS))})")
