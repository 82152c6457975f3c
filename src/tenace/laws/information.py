"""Unauthorised information from partner (Law 16B): the reservation, the Director's evidence and his ruling.

A player whose partner makes extraneous information available (a hesitation, unwonted speed, a remark, an
alert or explanation, a mannerism) may not choose, from among logical alternatives, one that could
demonstrably have been suggested by it (Law 16B1(a)). A logical alternative is an action a significant
proportion of the player's peers would seriously consider, some of whom might choose it (16B1(b)).

The flow, as events of the record (:mod:`tenace.laws.events`):

1. :class:`UIReserved`: an opponent says that information was made available and reserves the right to call
   the Director, or calls him (16B2, 16B3). It opens a *case* about the player's partner's later actions.
2. The Director gathers the evidence (:func:`ui_evidence`: the auction with times and think times, alerts,
   questions and explanations, all four hands, breaks in tempo measured by :mod:`tenace.laws.tempo`),
   records a poll of peers (:class:`PollRecorded`), the logical alternatives he finds
   (:class:`LogicalAlternatives`) and whether the chosen action was demonstrably suggested
   (:class:`Suggested`).
3. When play has ended (16B3) he rules (:class:`UIRuling`): the score stands, or an assigned adjusted score,
   possibly weighted (Law 12C1), replaces it: :attr:`Table.adjusted_score
   <tenace.laws.table.Table.adjusted_score>` and :meth:`Table.result_ns <tenace.laws.table.Table.result_ns>`.

The engine checks the order (an adjustment needs a logical alternative and a finding that the action was
suggested) and never makes the judgements itself; :func:`poll_alternatives` only summarises a poll.

>>> from tenace import Board, Deal, Seat, parse_call
>>> from tenace.laws import CallMade, Table
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal))
>>> for seat, call in [("N", "1NT"), ("E", "P"), ("S", "2C"), ("W", "P")]:
...     t = t.apply(CallMade(Seat.from_str(seat), parse_call(call)))
>>> t = t.apply(UIReserved(Seat.WEST, Seat.SOUTH))
>>> (case,) = cases(t)
>>> case.receiver, case.source, case.stage
(<Seat.NORTH: 'N'>, 2, 'poll or logical alternatives')
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from tenace.calls import Call
from tenace.cards import CardSet
from tenace.contract import Contract
from tenace.errors import ImpossibleActionError
from tenace.laws._evolve import replace
from tenace.laws.decisions import Withdrawn
from tenace.laws.events import (
    CallMade,
    CardPlayed,
    DummyDesignation,
    Event,
    LeadFaceDown,
    LogicalAlternatives,
    PollAnswer,
    PollRecorded,
    ScoreShare,
    Suggested,
    UIReason,
    UIReserved,
    UIRuling,
    WrongPointing,
)
from tenace.laws.misinformation import MISINFORMATION_EVENTS
from tenace.laws.refs import LawRef, Phase
from tenace.laws.tempo import TempoBreak, TempoProfile, breaks, tempo_profile, think_times
from tenace.scoring.adjusted import AssignedAdjustedScore
from tenace.seats import Seat

if TYPE_CHECKING:
    from tenace.laws.table import Table

__all__ = [
    "UI_EVENTS", "Action", "LogicalAlternatives", "PollAnswer", "PollCount", "PollRecorded", "ScoreShare",
    "Said", "Suggested", "TimedCall", "UICase", "UIEvidence", "UIReason", "UIReserved", "UIRuling",
    "adjusted", "cases", "check", "poll_alternatives", "poll_summary", "ui_evidence",
]

UI_EVENTS: Final = (UIReserved, PollRecorded, LogicalAlternatives, Suggested, UIRuling)
"""The events of this module; they change neither the auction nor the play."""

_ACTIONS = (CallMade, CardPlayed, LeadFaceDown, DummyDesignation)
_SOURCES = (*_ACTIONS, WrongPointing)
"""What can carry information to partner: calls, cards, and remarks such as a late notice of a card pointed
the wrong way (Law 65B3: then Law 16B may apply)."""


def _name(seat: Seat) -> str:
    return seat.name.title()


@dataclass(frozen=True, slots=True)
class UICase:
    """One reservation (Law 16B2) and what the Director has recorded about it so far."""

    reserved: UIReserved
    index: int
    """The record index of the reservation."""
    source: int | None
    """The record index of the call or card that carried the information (``None`` if there was none)."""
    poll: PollRecorded | None = None
    alternatives: LogicalAlternatives | None = None
    suggested: Suggested | None = None
    ruling: UIRuling | None = None

    @property
    def receiver(self) -> Seat:
        """The player who may have used the information: the partner of the one who made it available."""
        return self.reserved.about.partner

    @property
    def open(self) -> bool:
        return self.ruling is None

    @property
    def stage(self) -> str:
        """What the Director must still record: ``"poll or logical alternatives"``, ``"suggested"``,
        ``"ruling"``, or ``"ruled"``."""
        if self.ruling is not None:
            return "ruled"
        if self.alternatives is None:
            return "poll or logical alternatives"
        if self.alternatives.calls or self.alternatives.cards:
            return "suggested" if self.suggested is None else "ruling"
        return "ruling"

    @property
    def may_adjust(self) -> bool:
        """Whether the recorded findings allow an adjusted score: a logical alternative exists and the action
        chosen could demonstrably have been suggested over it (Law 16B1)."""
        found = self.alternatives
        has_alternative = found is not None and bool(found.calls or found.cards)
        return has_alternative and self.suggested is not None and self.suggested.yes

    @property
    def law(self) -> LawRef:
        return LawRef(16, "B")


def _source(record: tuple[Event, ...], before: int, seat: Seat) -> int | None:
    for i in range(before - 1, -1, -1):
        event = record[i]
        if isinstance(event, _SOURCES) and _actor_seat(event) is seat:
            return i
    return None


def _actor_seat(event: Event) -> Seat | None:
    if isinstance(event, CallMade | CardPlayed | LeadFaceDown):
        return event.seat
    if isinstance(event, DummyDesignation | WrongPointing):
        return event.by
    return None


def cases(table: Table) -> tuple[UICase, ...]:
    """Every unauthorised-information case of the record, in order, with the Director's findings."""
    out: list[UICase] = []
    for index, event in enumerate(table.record):
        if isinstance(event, UIReserved):
            source = event.index if event.index is not None else _source(table.record, index, event.about)
            out.append(UICase(event, index, source))
        elif isinstance(event, PollRecorded | LogicalAlternatives | Suggested | UIRuling) and out:
            at = _target(out, event.case)
            if at is None:
                continue
            case = out[at]
            match event:
                case PollRecorded():
                    case = replace(case, poll=event)
                case LogicalAlternatives():
                    case = replace(case, alternatives=event)
                case Suggested():
                    case = replace(case, suggested=event)
                case UIRuling():
                    case = replace(case, ruling=event)
            out[at] = case
    return tuple(out)


def _target(found: list[UICase], index: int | None) -> int | None:
    """Which of the cases ``found`` so far a finding is about: the one reserved at record ``index``, or, when
    no case is named, the last open one (the last one if all are ruled)."""
    if index is not None:
        return next((k for k, c in enumerate(found) if c.index == index), None)
    return next((k for k in range(len(found) - 1, -1, -1) if found[k].open), len(found) - 1)


def check(
    table: Table, event: UIReserved | PollRecorded | LogicalAlternatives | Suggested | UIRuling
) -> None:
    """Whether ``event`` may happen now (the record is the state: nothing else changes).

    :raises ImpossibleActionError: naming what is missing.
    """
    index = len(table.record)
    if isinstance(event, UIReserved):
        if event.by.side is event.about.side:
            raise ImpossibleActionError(
                f"{_name(event.by)} can reserve his rights only about an opponent (Law 16B2), not "
                f"{_name(event.about)}"
            )
        if event.index is not None:
            if not 0 <= event.index < index:
                raise ImpossibleActionError(f"there is no event {event.index} in the record yet")
            if _actor_seat(table.record[event.index]) is not event.about:
                raise ImpossibleActionError(
                    f"event {event.index} is not a call or card of {_name(event.about)}"
                )
        return
    current = cases(table)
    opened = [c for c in current if c.open]
    if event.case is not None:
        named = next((c for c in current if c.index == event.case), None)
        if named is None:
            raise ImpossibleActionError(
                f"record {event.case} is not a reservation of rights about unauthorised information "
                "(Law 16B2)"
            )
        if not named.open:
            raise ImpossibleActionError(f"the case reserved at record {event.case} has been ruled already")
        case = named
    elif not opened:
        raise ImpossibleActionError(
            "nobody has reserved the right to call the Director about unauthorised information (Law 16B2)"
        )
    elif len(opened) > 1:
        where = ", ".join(str(c.index) for c in opened)
        raise ImpossibleActionError(
            f"{len(opened)} unauthorised-information cases are open (reserved at records {where}): name the "
            "case the finding is about (Law 16B)"
        )
    else:
        case = opened[0]
    if isinstance(event, Suggested) and (
        case.alternatives is None or not (case.alternatives.calls or case.alternatives.cards)
    ):
        raise ImpossibleActionError(
            "first record the logical alternatives: an action can be suggested only over one (Law 16B1)"
        )
    if isinstance(event, UIRuling):
        if table.phase is not Phase.ENDED:
            raise ImpossibleActionError("the Director rules on unauthorised information when play has ended "
                                        "(Law 16B3)")
        if event.adjusted is not None and not case.may_adjust:
            raise ImpossibleActionError(
                "an adjusted score needs a logical alternative and a finding that the action chosen was "
                "demonstrably suggested over it (Law 16B1)"
            )


def adjusted(table: Table) -> AssignedAdjustedScore | None:
    """The assigned adjusted score of the last ruling that adjusted the score (Laws 16B3, 12C1), if any."""
    for case in reversed(cases(table)):
        if case.ruling is not None and case.ruling.adjusted is not None:
            return case.ruling.adjusted
    return None


# --- polls ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PollCount:
    """How many peers chose ``call`` and how many chose or seriously considered it."""

    call: Call
    chosen: int
    considered: int


def poll_summary(poll: PollRecorded) -> tuple[PollCount, ...]:
    """The calls of a poll, most considered first (then most chosen, then in bidding order)."""
    chosen: Counter[str] = Counter()
    considered: Counter[str] = Counter()
    calls: dict[str, Call] = {}
    for answer in poll.responses:
        chosen[str(answer.call)] += 1
        for call in {str(c): c for c in (answer.call, *answer.considered)}.values():
            considered[str(call)] += 1
            calls[str(call)] = call
    return tuple(
        PollCount(calls[key], chosen[key], considered[key])
        for key in sorted(calls, key=lambda k: (-considered[k], -chosen[k], k))
    )


def poll_alternatives(poll: PollRecorded, portion: Fraction = Fraction(1, 4)) -> tuple[Call, ...]:
    """The calls of a poll that at least ``portion`` of the peers chose or seriously considered, at least one
    of them choosing it: a summary for the Director's finding of logical alternatives (Law 16B1(b)), which is
    his judgement (the Regulating Authority may set the portion).

    >>> from tenace import parse_call
    >>> answers = [PollAnswer(parse_call("P"), (parse_call("3NT"),))] * 3 + [PollAnswer(parse_call("3NT"))]
    >>> [str(c) for c in poll_alternatives(PollRecorded(tuple(answers)))]
    ['3NT', 'P']
    """
    if not poll.responses:
        return ()
    total = len(poll.responses)
    return tuple(row.call for row in poll_summary(poll)
                 if row.chosen >= 1 and Fraction(row.considered, total) >= portion)


# --- the Director's evidence ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TimedCall:
    """A call of the record with what was said with it, when it was made and how long it took."""

    index: int
    seat: Seat
    call: Call
    alert: bool
    explanation: str | None
    at: dt.datetime | None
    seconds: float | None


@dataclass(frozen=True, slots=True)
class Said:
    """A question, explanation, correction or Law 75 finding of the record (Laws 20F, 75), with its time."""

    index: int
    at: dt.datetime | None
    event: Event


@dataclass(frozen=True, slots=True)
class Action:
    """A call or card of the player whose actions are examined, after the information was made available."""

    index: int
    seat: Seat
    what: str


@dataclass(frozen=True, slots=True)
class UIEvidence:
    """What the Director looks at when ruling on unauthorised information (Law 16B); never shown to the
    players, since it holds all four hands and the think times."""

    board: int
    dealer: Seat
    vulnerability: str
    hands: Mapping[Seat, CardSet]
    auction: tuple[TimedCall, ...]
    said: tuple[Said, ...]
    withdrawn: tuple[Withdrawn, ...]
    breaks: tuple[TempoBreak, ...]
    case: UICase | None
    actions: tuple[Action, ...]
    poll: tuple[PollCount, ...]
    contract: Contract | None
    declarer_tricks: int | None
    score_ns: int | None
    adjusted: AssignedAdjustedScore | None

    @property
    def pending(self) -> str | None:
        """What the Director must still record, or ``None`` when there is no open case."""
        return self.case.stage if self.case is not None and self.case.open else None


def ui_evidence(table: Table, seat: Seat | None = None, profile: TempoProfile | None = None,
                case_index: int | None = None) -> UIEvidence:
    """The evidence for a ruling about ``seat``'s actions (by default the receiver of the last case: the
    partner of the player who made the information available), or about the case reserved at record
    ``case_index``. Breaks in tempo are measured against ``profile`` (a session's tempo,
    :func:`~tenace.laws.tempo.tempo_profile`); without one, against this table's own think times.
    """
    record, times = table.record, table.times
    all_cases = cases(table)
    case = all_cases[-1] if all_cases else None
    if case_index is not None:
        case = next((c for c in all_cases if c.index == case_index), None)
    elif seat is not None:
        mine = [c for c in all_cases if c.receiver is seat]
        case = mine[-1] if mine else None
    receiver = seat if seat is not None else case.receiver if case is not None else None
    seconds = {x.index: x.seconds for x in think_times(table)}
    auction = tuple(
        TimedCall(i, e.seat, e.call, e.alert, e.explanation, _at(times, i), seconds.get(i))
        for i, e in enumerate(record) if isinstance(e, CallMade)
    )
    said = tuple(Said(i, _at(times, i), e)
                 for i, e in enumerate(record) if isinstance(e, MISINFORMATION_EVENTS))
    start = case.source if case is not None and case.source is not None else -1
    contract = table.contract
    actions = tuple(
        Action(i, s, _what(e)) for i, e in enumerate(record)
        if i > start and isinstance(e, _ACTIONS) and (s := _actor_seat(e)) is not None
        and _decider(s, e, contract) is receiver
    ) if receiver is not None else ()
    return UIEvidence(
        board=table.board.number,
        dealer=table.board.dealer,
        vulnerability=table.board.vulnerability.value,
        hands={s: table.deal[s] for s in Seat},
        auction=auction,
        said=said,
        withdrawn=table.withdrawn,
        breaks=breaks(table, profile if profile is not None else tempo_profile([table])),
        case=case,
        actions=actions,
        poll=poll_summary(case.poll) if case is not None and case.poll is not None else (),
        contract=table.contract,
        declarer_tricks=table.declarer_tricks,
        score_ns=table.score_ns(),
        adjusted=adjusted(table),
    )


def _at(times: tuple[dt.datetime | None, ...], index: int) -> dt.datetime | None:
    return times[index] if index < len(times) else None


def _decider(seat: Seat, event: Event, contract: Contract | None) -> Seat:
    """Who decided: declarer for dummy's cards."""
    if contract is not None and seat is contract.dummy and isinstance(event, CardPlayed):
        return contract.declarer
    return seat


def _what(event: Event) -> str:
    match event:
        case CallMade(call=call):
            return str(call)
        case CardPlayed(card=card) | LeadFaceDown(card=card):
            return str(card)
        case DummyDesignation(designation=words):
            return f"dummy: {words}"
    return type(event).__name__

