"""Alert regulations as data (Law 40B2(a)(iii), Law 20F; Law 21B1(a): a missing alert is misinformation).

The Regulating Authority decides which calls are alerted and which are announced. :class:`AlertRegulations`
holds those decisions as plain values so that an event can carry its own, and :func:`requires_alert` says
what a call needs given its meaning on the card.

The rules, applied in this order:

1. a natural notrump opening: announce its HCP range when ``announce_notrump_range``;
2. a transfer (``Meaning.transfer``) up to ``alert_limit``: announce the suit when ``announce_transfers``;
3. an artificial call (``Meaning.artificial``) up to ``alert_limit``: alert (artificial passes and doubles
   as ``alert_artificial_passes`` / ``alert_artificial_doubles`` say);
4. an artificial bid above ``alert_limit``: a delayed alert, after the final pass, when
   ``delayed_alerts_above_limit``, otherwise nothing;
5. a call the partnership marked alertable (``Meaning.alert``): alert when ``alert_marked_calls``;
6. anything else: no duty.

``self_alerting`` (online play, or behind screens) makes the caller responsible instead of his partner.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tenace.calls import ALL_BIDS, Bid, Call, Denomination, Double, Pass, Redouble
from tenace.cards import Suit
from tenace.system.card import Agreement, AuctionLike, SystemCard, calls_of
from tenace.system.meaning import Meaning
from tenace.system.pattern import is_opening_bid

_SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


class DutyKind(enum.Enum):
    NONE = "none"
    ALERT = "alert"
    ANNOUNCE = "announce"


@dataclass(frozen=True, slots=True)
class AlertDuty:
    """What the regulations require for one call. ``text`` is the wording of an announcement; ``delayed``
    means the alert is due after the final pass; ``by_caller`` means the caller himself alerts (self-alerting)
    instead of his partner; ``reason`` says which rule applied."""

    kind: DutyKind
    text: str | None = None
    reason: str = ""
    delayed: bool = False
    by_caller: bool = False

    @property
    def required(self) -> bool:
        return self.kind is not DutyKind.NONE


NO_DUTY = AlertDuty(DutyKind.NONE, reason="no rule applies")


@dataclass(frozen=True, slots=True)
class AlertRegulations:
    """The Regulating Authority's alerting rules (see the module documentation for their order).

    >>> regs = AlertRegulations()
    >>> str(regs.alert_limit), regs.announce_notrump_range, regs.self_alerting
    ('3NT', True, False)
    """

    name: str = "default"
    alert_limit: Bid = Bid(3, Denomination.NOTRUMP)
    """Artificial bids up to and including this bid are alerted at once."""
    delayed_alerts_above_limit: bool = True
    announce_notrump_range: bool = True
    announce_transfers: bool = True
    alert_artificial_passes: bool = True
    alert_artificial_doubles: bool = True
    alert_marked_calls: bool = True
    self_alerting: bool = False


#: Alert everything artificial up to 3NT, announce nothing (alerts only, as at many international events).
ALERTS_ONLY = AlertRegulations(name="alerts only", announce_notrump_range=False, announce_transfers=False)
#: Online play: the caller alerts his own calls, at every level.
ONLINE = AlertRegulations(name="online", alert_limit=Bid(7, Denomination.NOTRUMP), self_alerting=True)


def _within(call: Call, limit: Bid) -> bool:
    return not isinstance(call, Bid) or call <= limit


def requires_alert(meaning: Meaning | None, auction: AuctionLike, regulations: AlertRegulations) -> AlertDuty:
    """The duty for the last call of ``auction`` (which includes the call), whose agreed meaning is
    ``meaning``.

    >>> from tenace.system.meaning import Meaning
    >>> requires_alert(Meaning(hcp_min=15, hcp_max=17, artificial=False), "1NT", AlertRegulations()).text
    '15-17'
    >>> requires_alert(Meaning("Stayman", artificial=True), "1NT P 2C", AlertRegulations()).kind
    <DutyKind.ALERT: 'alert'>
    >>> requires_alert(None, "1NT P 2C", AlertRegulations()).kind
    <DutyKind.NONE: 'none'>
    """
    calls = calls_of(auction)
    if not calls:
        raise ValueError("requires_alert needs the auction including the call in question")
    if meaning is None:
        return NO_DUTY
    *before, call = calls
    by = regulations.self_alerting
    within = _within(call, regulations.alert_limit)
    natural = meaning.artificial is not True
    if (regulations.announce_notrump_range and natural and is_opening_bid(before, call)
            and isinstance(call, Bid) and call.denomination is Denomination.NOTRUMP and call.level == 1
            and (meaning.hcp or meaning.announce)):
        return AlertDuty(DutyKind.ANNOUNCE, meaning.announce or meaning.hcp,
                         "natural 1NT opening: range announced", by_caller=by)
    if regulations.announce_transfers and meaning.transfer is not None and within:
        text = meaning.announce or _SUIT_WORDS[meaning.transfer]
        return AlertDuty(DutyKind.ANNOUNCE, text, "transfer announced", by_caller=by)
    if meaning.artificial:
        if isinstance(call, Pass) and not regulations.alert_artificial_passes:
            return AlertDuty(DutyKind.NONE, reason="artificial passes are not alerted")
        if isinstance(call, Double | Redouble) and not regulations.alert_artificial_doubles:
            return AlertDuty(DutyKind.NONE, reason="artificial doubles are not alerted")
        if within:
            return AlertDuty(DutyKind.ALERT, reason=f"artificial call up to {regulations.alert_limit}",
                             by_caller=by)
        if regulations.delayed_alerts_above_limit:
            return AlertDuty(DutyKind.ALERT, reason=f"artificial bid above {regulations.alert_limit}: "
                             "alerted after the final pass", delayed=True, by_caller=by)
        return AlertDuty(DutyKind.NONE, reason=f"artificial bid above {regulations.alert_limit}: no alert")
    if meaning.alert and regulations.alert_marked_calls:
        return AlertDuty(DutyKind.ALERT, reason="marked alertable on the card", delayed=not within,
                         by_caller=by)
    return NO_DUTY


def agreement_duty(agreement: Agreement, regulations: AlertRegulations) -> AlertDuty:
    """The duty for an agreement's call under ``regulations`` (a wildcard in its pattern stands for the
    lowest call it matches: only the call itself and whether it opens the bidding matter to the rules).

    >>> from tenace.system.samples import natural_card
    >>> stayman = natural_card().lookup("1NT P", Bid(2, Denomination.CLUBS))
    >>> agreement_duty(stayman, AlertRegulations()).kind
    <DutyKind.ALERT: 'alert'>
    """
    before: list[Call] = []
    for token in agreement.pattern.tokens[:-1]:
        if token.call is not None:
            before.append(token.call)
        else:
            before.append(next((b for b in ALL_BIDS if token.matches(b)), Pass()))
    return requires_alert(agreement.meaning, [*before, agreement.call], regulations)


def card_duties(card: SystemCard, regulations: AlertRegulations) -> tuple[tuple[Agreement, AlertDuty], ...]:
    """Every agreement of ``card`` with its duty under ``regulations``: what the card shows as alertable or
    announceable at this event."""
    return tuple((a, agreement_duty(a, regulations)) for a in card.agreements)
