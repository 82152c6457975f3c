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
    DesignateCard,
    Duration,
    ForbidLead,
    FreeLead,
    Irregularity,
    Kind,
    LeadRestriction,
    MayNotLead,
    MustLead,
    MustPass,
    MustPlay,
    MustRepeat,
    PenaltyCard,
    Reject,
    RequireLead,
    Withdrawn,
)
from tenace.laws.events import (
    CallMade,
    CardExposed,
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
    "CardExposed",
    "CardPlayed",
    "ClaimAnswered",
    "ClaimMade",
    "ClaimRuled",
    "Comparable",
    "Decision",
    "DesignateCard",
    "Director",
    "DirectorCalled",
    "Duration",
    "Elected",
    "ForbidLead",
    "FreeLead",
    "Irregularity",
    "Kind",
    "LawRef",
    "LeadRestriction",
    "MayNotLead",
    "MustLead",
    "MustPass",
    "MustPlay",
    "MustRepeat",
    "PenaltyCard",
    "Phase",
    "Policy",
    "Regulations",
    "Reject",
    "RequireLead",
    "Table",
    "TableView",
    "Withdrawn",
]
