"""System cards, alert regulations and explanation checking (Laws 20, 21, 40, 75): the data side.

Pure functions over immutable values, for the Laws engine and the Director's console to call:

* :class:`SystemCard` with :class:`Agreement` (an :class:`AuctionPattern` and its :class:`Meaning`),
  ``card.meaning(auction_so_far, call)``; JSON in :mod:`tenace.system.codec`; HTML in
  :mod:`tenace.system.render` (imports Jinja2, so it is not imported here);
* :func:`may_consult` (Law 40B2) with :class:`ConsultSettings`;
* :func:`requires_alert` with :class:`AlertRegulations` (Law 40B2(a)(iii), 20F);
* :func:`check_explanation`, :func:`check_call`, :func:`failed_alerts` (Laws 20F, 21B, 75).
"""

from tenace.system.alerts import (
    ALERTS_ONLY,
    ONLINE,
    AlertDuty,
    AlertRegulations,
    DutyKind,
    agreement_duty,
    card_duties,
    requires_alert,
)
from tenace.system.card import Agreement, Carding, Convention, Section, SystemCard
from tenace.system.codec import SCHEMA_VERSION, SystemCardError, dumps, load, loads
from tenace.system.explain import (
    Deviation,
    FailedAlert,
    FieldMismatch,
    Mismatch,
    Review,
    check_call,
    check_explanation,
    extract_facts,
    failed_alerts,
    review,
)
from tenace.system.meaning import Forcing, Length, Meaning, suit_lengths
from tenace.system.pattern import AuctionPattern
from tenace.system.samples import natural_card, sample_card
from tenace.system.visibility import LAWS_DEFAULT, ConsultSettings, OwnCardRule, Phase, may_consult

__all__ = [
    "ALERTS_ONLY", "LAWS_DEFAULT", "ONLINE", "SCHEMA_VERSION", "Agreement", "AlertDuty", "AlertRegulations",
    "AuctionPattern", "Carding", "ConsultSettings", "Convention", "Deviation", "DutyKind", "FailedAlert",
    "FieldMismatch", "Forcing", "Length", "Meaning", "Mismatch", "OwnCardRule", "Phase", "Review", "Section",
    "SystemCard", "SystemCardError", "agreement_duty", "card_duties", "check_call", "check_explanation",
    "dumps", "extract_facts", "failed_alerts", "load", "loads", "may_consult", "natural_card",
    "requires_alert", "review", "sample_card", "suit_lengths",
]
