"""The Laws engine: a table as an append-only record of events, folded into the state the Laws give it.

See :class:`~tenace.laws.table.Table`. Irregularities are values, not exceptions: an irregular call is
recorded, the options the Laws offer are a pending :class:`~tenace.laws.decisions.Decision`, and what follows
is a set of constraints (who must pass, lead restrictions). Judgements the Laws leave to the Director (a
comparable call, Law 23) are Director elections supplied from outside; the engine never guesses them.
"""

from tenace.laws.decisions import (
    Accept,
    Comparable,
    Decision,
    Duration,
    Irregularity,
    Kind,
    LeadRestriction,
    MustPass,
    MustRepeat,
    Reject,
    Withdrawn,
)
from tenace.laws.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    DirectorCalled,
    Elected,
)
from tenace.laws.refs import DIRECTOR, Director, LawRef, Policy, Regulations
from tenace.laws.table import Phase, Table, TableView

__all__ = [
    "DIRECTOR",
    "Accept",
    "CallMade",
    "CardPlayed",
    "ClaimAnswered",
    "ClaimMade",
    "ClaimRuled",
    "Comparable",
    "Decision",
    "Director",
    "DirectorCalled",
    "Duration",
    "Elected",
    "Irregularity",
    "Kind",
    "LawRef",
    "LeadRestriction",
    "MustPass",
    "MustRepeat",
    "Phase",
    "Policy",
    "Regulations",
    "Reject",
    "Table",
    "TableView",
    "Withdrawn",
]
