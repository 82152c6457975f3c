"""Questions, explanations and misinformation (Laws 20F, 21, 47E2, 75).

What is said about the auction at the table is part of the record, like the calls and cards:

* :class:`~tenace.laws.events.QuestionAsked` (Law 20F1-F3): a player asks about the opponents' auction or one
  of their calls. Only at his own turn to call (20F1; not while he must pass, footnote 7) or to play (20F2;
  declarer also at dummy's turn); before the opening lead is faced the leader's partner and the presumed
  declarer may ask too (41B), the presumed dummy may not. A question at another time is recorded as an
  irregularity (:attr:`Kind.QUESTION_OUT_OF_TURN`) for the Director to hear about; asking about one's own
  side's calls is not a question the Laws know (refused).
* :class:`~tenace.laws.events.ExplanationGiven` (20F1, 20F2): by the caller's partner at a table; where the
  regulations have players explain their own calls (:attr:`Policy.ONLINE <tenace.laws.refs.Policy>`), by the
  caller. Only the caller's side explains its calls.
* :class:`~tenace.laws.events.ExplanationCorrected`: the explainer who finds his explanation was wrong
  corrects it, before the opening lead is faced or, if he finds out later, during the play (20F4(a), 75B2);
  his partner, who heard the mistaken explanation, must say nothing during the auction (20F5(a), 75B3) and
  corrects it after the final pass if his side declares, or after the play if it defends (20F5(b), 75B3).
  A partner's correction at another time is recorded as an irregularity (too early or too late).
* :class:`~tenace.laws.events.MistakeFound` (Law 75): the Director's determination, from the evidence
  (:func:`evidence`): a mistaken explanation (75B, an infraction recorded against the explainer) or a
  mistaken call (75C, no infraction and nothing to correct), or no agreement at all (75D2). The Director
  presumes a mistaken explanation without evidence to the contrary (21B1(b)); the engine never decides.

From these the module derives, without changing the state of the auction or play:

* :func:`duties`: who must still correct which explanation, and when (a pending obligation shown to that
  player and the Director), once the Director's finding or the system card shows the explanation was wrong;
* :func:`remedies`: after a correction, what the Laws allow the misinformed side: a change of call while the
  auction period lasts (21B1(a), through the existing :class:`~tenace.laws.events.Misinformation` finding,
  and LHO's change, 21B2), the retraction of a card played on the mistaken explanation (47E2(a), through
  :class:`~tenace.laws.events.CardRetracted`), or an adjusted score when it is too late (21B3, 47E2(b));
* :func:`evidence`: for each explained call, the system card's meaning, what was said, the caller's hand,
  and the card's verdict on each (:func:`tenace.system.check_explanation`, :func:`tenace.system.check_call`);
* :func:`heard`: the questions and explanations a participant may know of (online, explanations go to the
  caller's opponents only).

>>> from tenace import Board, Deal, Seat, parse_call
>>> from tenace.laws import CallMade, Table
>>> from tenace.laws.events import ExplanationGiven, QuestionAsked
>>> from tenace.system import natural_card
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal)).apply(CallMade(Seat.NORTH, parse_call("1NT")))
>>> t = t.apply(QuestionAsked(Seat.EAST, about=0)).apply(ExplanationGiven(Seat.SOUTH, 0, "12-14 balanced"))
>>> [str(e.mismatch) for e in evidence(t, natural_card())]
['1NT (1NT): hcp: card says 15-17, explanation says 12-14']
>>> [(d.seat.name, str(d.law), d.due.name) for d in duties(t, cards=natural_card())]
[('SOUTH', 'Law 20F4(a)', 'BEFORE_OPENING_LEAD'), ('NORTH', 'Law 20F5(b)', 'BY_SIDE')]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tenace.calls import Call
from tenace.cards import CardSet
from tenace.errors import ImpossibleActionError
from tenace.laws._evolve import replace
from tenace.laws.decisions import Irregularity, Kind, MustPass
from tenace.laws.events import (
    CallMade,
    CardDeemedPlayed,
    CardPlayed,
    DummyDesignation,
    Event,
    ExplanationCorrected,
    ExplanationGiven,
    Mistake,
    MistakeFound,
    QuestionAsked,
    Retraction,
    ReviewAsked,
)
from tenace.laws.refs import DIRECTOR, Director, LawRef, Phase, Policy
from tenace.seats import Seat, Side
from tenace.system.alerts import AlertRegulations
from tenace.system.card import SystemCard
from tenace.system.explain import Deviation, Mismatch, check_call, check_explanation, failed_alerts
from tenace.system.meaning import Meaning

if TYPE_CHECKING:
    from tenace.laws.table import Table

__all__ = [
    "MISINFORMATION_EVENTS",
    "Correction",
    "Due",
    "Duty",
    "Evidence",
    "Explanation",
    "Finding",
    "InfoState",
    "Period",
    "Question",
    "Remedy",
    "Timing",
    "duties",
    "evidence",
    "explainer_for",
    "heard",
    "mismatches",
    "on_event",
    "remedies",
]

MISINFORMATION_EVENTS: Final = (
    QuestionAsked, ReviewAsked, ExplanationGiven, ExplanationCorrected, MistakeFound
)
"""The events this module handles; they change neither the auction nor the play."""


class Period(enum.Enum):
    """When something was said, in the Laws' periods (Laws 17, 41, 68)."""

    AUCTION = "auction period"
    CLARIFICATION = "clarification period"
    PLAY = "play period"
    AFTER_PLAY = "after the play"
    """The play has ended (or stopped for a claim), or the board was passed out."""


class Timing(enum.Enum):
    """Whether a correction came when the Laws want it (Laws 20F4, 20F5, 75B)."""

    TIMELY = "in time"
    EARLY = "too early"
    LATE = "too late"


class Due(enum.Enum):
    """When a correction is due."""

    BEFORE_OPENING_LEAD = "before the opening lead is faced"  # Laws 20F4(a), 75B2
    AT_ONCE = "at once (found out during the play)"  # Law 75B2
    AFTER_FINAL_PASS = "after the final pass, before the opening lead is faced"  # Laws 20F5(b)(ii), 75B3
    AFTER_PLAY = "at the end of the play"  # Laws 20F5(b)(i), 75B3
    BY_SIDE = "after the final pass if declaring, after the play if defending"  # the auction is still on


@dataclass(frozen=True, slots=True)
class Question:
    """A question asked (Law 20F): by whom, about which call (``None``: the whole auction), at which record
    index, and whether it was at the asker's own turn."""

    seat: Seat
    about: int | None
    index: int
    in_turn: bool


@dataclass(frozen=True, slots=True)
class Explanation:
    """An explanation of the standing call at ``call_index`` (Law 20F), given with the call or afterwards."""

    call_index: int
    caller: Seat
    call: Call
    by: Seat
    text: str
    meaning: Meaning | None
    index: int
    """The record index of the event that gave it."""


@dataclass(frozen=True, slots=True)
class Correction:
    """A corrected explanation (Laws 20F4, 20F5, 75B2, 75B3): when it came and whether that was in time."""

    call_index: int
    by: Seat
    text: str
    index: int
    period: Period
    timing: Timing
    law: LawRef
    own: bool
    """The corrector gave the explanation himself (20F4, 75B2), rather than being its giver's partner."""


@dataclass(frozen=True, slots=True)
class Finding:
    """The Director's Law 75 determination about the call at ``call_index``."""

    call_index: int
    kind: Mistake
    index: int


@dataclass(frozen=True, slots=True)
class InfoState:
    """Everything said about the auction so far: questions, explanations, corrections, the Director's
    findings and the irregularities among them."""

    questions: tuple[Question, ...] = ()
    explanations: tuple[Explanation, ...] = ()
    corrections: tuple[Correction, ...] = ()
    findings: tuple[Finding, ...] = ()
    irregularities: tuple[Irregularity, ...] = ()

    def finding(self, call_index: int) -> Finding | None:
        """The Director's latest determination about the call at ``call_index``."""
        found = [f for f in self.findings if f.call_index == call_index]
        return found[-1] if found else None


def _name(seat: Seat) -> str:
    return seat.name.title()


def explainer_for(caller: Seat, policy: Policy) -> Seat:
    """Who explains ``caller``'s calls: his partner (Law 20F1), or himself where players explain their own
    calls (online, :attr:`Policy.ONLINE <tenace.laws.refs.Policy>`)."""
    return caller if policy is Policy.ONLINE else caller.partner


def period(table: Table) -> Period:
    """The period the table is in (Laws 17, 41, 68)."""
    return {
        Phase.AUCTION: Period.AUCTION,
        Phase.CLARIFICATION: Period.CLARIFICATION,
        Phase.PLAY: Period.PLAY,
    }.get(table.phase, Period.AFTER_PLAY)


def _call_at(table: Table, call_index: int) -> tuple[Seat, Call]:
    calls = table.calls
    if not 0 <= call_index < len(calls):
        raise ImpossibleActionError(
            f"there is no call {call_index} in the auction (it has {len(calls)} calls, numbered from 0)"
        )
    standing = calls[call_index]
    return standing.seat, standing.call.call


# --- events ----------------------------------------------------------------------------------------------


def on_event(table: Table, event: Event, index: int) -> InfoState:
    """The information state after ``event`` (one of :data:`MISINFORMATION_EVENTS`) at record ``index``.

    :raises ImpossibleActionError: for a question about one's own side's call, an explanation or correction
        by the wrong side, or a call that is not in the auction.
    """
    state = table.information
    match event:
        case QuestionAsked(seat=seat, about=about):
            if about is not None:
                caller, _ = _call_at(table, about)
                if caller.side is seat.side:
                    raise ImpossibleActionError(
                        f"{_name(seat)} may ask only about the opponents' calls (Law 20F1), not his side's"
                    )
            in_turn = _may_ask(table, seat)
            question = Question(seat, about, index, in_turn)
            state = replace(state, questions=(*state.questions, question))
            if not in_turn:
                law = LawRef(20, "F1") if period(table) is Period.AUCTION else LawRef(20, "F2")
                irregularity = Irregularity(Kind.QUESTION_OUT_OF_TURN, seat, law, index)
                state = replace(state, irregularities=(*state.irregularities, irregularity))
            return state
        case ReviewAsked(seat=seat):
            refusal = _review_refused(table, seat)
            if refusal is not None:
                raise ImpossibleActionError(refusal)
            return state  # the review itself restates what the record holds
        case ExplanationGiven(by=by, call_index=i, text=text, meaning=meaning):
            caller, call = _call_at(table, i)
            if by.side is not caller.side:
                raise ImpossibleActionError(
                    f"{_name(by)} cannot explain {_name(caller)}'s {call}: explanations come from the "
                    "caller's side (Law 20F1)"
                )
            explanation = Explanation(i, caller, call, by, text, meaning, index)
            return replace(state, explanations=(*state.explanations, explanation))
        case ExplanationCorrected(by=by, call_index=i, text=text):
            caller, call = _call_at(table, i)
            if by.side is not caller.side:
                raise ImpossibleActionError(
                    f"{_name(by)} cannot correct the explanation of {_name(caller)}'s {call}: only the "
                    "caller's side can (Laws 20F4, 20F5)"
                )
            giver = _giver(table, i)
            correction = _judge_correction(table, by, i, text, index, own=by is giver)
            state = replace(state, corrections=(*state.corrections, correction))
            if correction.timing is not Timing.TIMELY:
                kind = Kind.EARLY_CORRECTION if correction.timing is Timing.EARLY else Kind.LATE_CORRECTION
                irregularity = Irregularity(kind, by, correction.law, index, call)
                state = replace(state, irregularities=(*state.irregularities, irregularity))
            return state
        case MistakeFound(call_index=i, kind=kind):
            caller, call = _call_at(table, i)
            # A new determination about the same call replaces the earlier one, and its infraction with it.
            earlier = {f.index for f in state.findings if f.call_index == i}
            kept = tuple(x for x in state.irregularities
                         if not (x.kind is Kind.MISTAKEN_EXPLANATION and x.index in earlier))
            state = replace(state, findings=(*state.findings, Finding(i, kind, index)), irregularities=kept)
            if kind is not Mistake.CALL:
                # Law 75B1: a mistaken explanation is an infraction; Law 75D2: so is describing an agreement
                # the partnership does not have. A mistaken call is none (75C).
                law = LawRef(75, "B1") if kind is Mistake.EXPLANATION else LawRef(75, "D2")
                irregularity = Irregularity(Kind.MISTAKEN_EXPLANATION, _giver(table, i), law, index, call)
                state = replace(state, irregularities=(*state.irregularities, irregularity))
            return state
    raise ImpossibleActionError(f"{type(event).__name__} is not an event about explanations")


def _may_ask(table: Table, seat: Seat) -> bool:
    """Whether it is ``seat``'s turn to ask a question (Laws 20F1, 20F2, 41B)."""
    now = period(table)
    if now is Period.AUCTION:
        if table.pending is not None or table.auction.turn is not seat:
            return False
        # Law 20F1, footnote 7: not while required to pass.
        return not any(isinstance(c, MustPass) and c.seat is seat for c in table.constraints)
    contract = table.contract
    if now is Period.AFTER_PLAY or contract is None:
        return True
    if seat is contract.dummy:
        return False  # Laws 41B, 43A: dummy does not take part
    if now is Period.CLARIFICATION:
        return True  # the opening leader at his turn (20F2), his partner and presumed declarer (41B)
    turn = table.turn
    return turn is seat or (seat is contract.declarer and turn is contract.dummy)


def _review_refused(table: Table, seat: Seat) -> str | None:
    """Why ``seat`` may not require a review of the auction now (``None``: he may; Laws 20B, 20C2, 41B)."""
    name = _name(seat)
    now = period(table)
    if now is Period.AUCTION:
        if table.pending is not None or table.auction.turn is not seat:
            return f"{name} may have the auction restated only at his own turn to call (Law 20B)"
        if any(isinstance(c, MustPass) and c.seat is seat for c in table.constraints):
            return f"{name} must pass: he may not have the auction restated now (Law 20B)"
        return None
    contract = table.contract
    if now is Period.AFTER_PLAY or contract is None:
        return "the board has ended: there is no review of the auction now (Laws 20B, 20C)"
    if seat is contract.dummy:
        return f"{name} is dummy: only declarer and the defenders may require a review (Law 41B)"
    if now is Period.CLARIFICATION:
        return None  # Law 41B: before the opening lead is faced
    play = table.play
    assert play is not None
    hands = (contract.declarer, contract.dummy) if seat is contract.declarer else (seat,)
    played = {play.deal[h] for h in hands}
    if any(card in hand for card in play.cards for hand in played):
        return (f"{name} has played a card: too late to have the auction restated (Law 41B); at his turn he "
                "may ask what the contract is and whether it was doubled (Law 41C)")
    turn = table.turn
    if turn is not seat and not (seat is contract.declarer and turn is contract.dummy):
        return f"{name} may have the auction restated at his first turn to play (Laws 20C2, 41B)"
    return None


def _explanations(table: Table, call_index: int) -> tuple[Explanation, ...]:
    """The explanations of the call at ``call_index``: with the call itself, then afterwards."""
    caller, call = _call_at(table, call_index)
    out: list[Explanation] = []
    said = table.calls[call_index].call.explanation
    if said:
        at = _call_record_index(table, call_index)
        out.append(Explanation(call_index, caller, call, caller, said, None, at))
    out.extend(e for e in table.information.explanations if e.call_index == call_index)
    return tuple(out)


def _made_event(table: Table, call_index: int) -> tuple[int, CallMade] | None:
    """The record index and event of the standing call at ``call_index``, when it was made as a plain call."""
    caller, call = _call_at(table, call_index)
    before = sum(1 for s in table.calls[:call_index] if s.seat is caller and s.call.call == call)
    seen = 0
    for i, event in enumerate(table.record):
        if isinstance(event, CallMade) and event.seat is caller and event.call == call:
            if seen == before:
                return i, event
            seen += 1
    return None


def _giver(table: Table, call_index: int) -> Seat:
    """Who gave the (latest) explanation of the call at ``call_index``; for a call nobody explained (a failure
    to alert, Law 20F5(a)) the player who should have."""
    given = _explanations(table, call_index)
    if given:
        return given[-1].by
    caller, _ = _call_at(table, call_index)
    return explainer_for(caller, table.regulations.policy)


def _judge_correction(table: Table, by: Seat, i: int, text: str, index: int, *, own: bool) -> Correction:
    now = period(table)
    contract = table.contract
    if own:
        # Law 20F4(a): before the end of the clarification period; 75B2: during the play if found out later.
        law = LawRef(20, "F4(a)") if now in (Period.AUCTION, Period.CLARIFICATION) else LawRef(75, "B2")
        return Correction(i, by, text, index, now, Timing.TIMELY, law, own)
    if now is Period.AUCTION:
        return Correction(i, by, text, index, now, Timing.EARLY, LawRef(20, "F5(a)"), own)
    if contract is None:  # passed out: no play to wait for
        return Correction(i, by, text, index, now, Timing.TIMELY, LawRef(20, "F5(b)"), own)
    if by.side is contract.declarer.side:
        # Law 20F5(b)(ii), 75B3: declarer or dummy, after the final pass (before the opening lead is faced).
        timing = Timing.TIMELY if now is Period.CLARIFICATION else Timing.LATE
        return Correction(i, by, text, index, now, timing, LawRef(20, "F5(b)(ii)"), own)
    # Law 20F5(b)(i), 75B3: a defender, only at the end of the play.
    timing = Timing.TIMELY if now is Period.AFTER_PLAY else Timing.EARLY
    return Correction(i, by, text, index, now, timing, LawRef(20, "F5(b)(i)"), own)


# --- what follows: duties and remedies ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Duty:
    """``seat`` must correct the explanation of the call at ``call_index`` (``law``), ``due`` when; ``now``:
    the time has come; ``overdue``: it has passed (the Director will hear of it)."""

    seat: Seat
    call_index: int
    law: LawRef
    due: Due
    now: bool
    overdue: bool
    why: str
    """What shows the explanation was wrong: the Director's finding or the system card."""
    call: Call | None = None
    """The call whose explanation is to be corrected."""


def _cards_for(cards: Mapping[Side, SystemCard] | SystemCard | None, side: Side) -> SystemCard | None:
    if cards is None or isinstance(cards, SystemCard):
        return cards
    return cards.get(side)


def _corrected(table: Table, call_index: int, after: int) -> bool:
    return any(c.call_index == call_index and c.index > after for c in table.information.corrections)


def duties(
    table: Table,
    viewer: Seat | Director = DIRECTOR,
    cards: Mapping[Side, SystemCard] | SystemCard | None = None,
    alerts: AlertRegulations | None = None,
) -> tuple[Duty, ...]:
    """The corrections still owed, as ``viewer`` may see them: the Director sees all, a player his own.

    The engine cannot know what a player realises, so a duty arises only where the record shows the
    explanation was wrong: the Director found a mistaken explanation (Law 75B, 75D2), or, given the
    partnership's system card (``cards``: one for both sides, or one per side), the explanation contradicts it
    and the Director has not found a mistaken call instead (75C: then nothing is to be corrected). Given the
    alert regulations too (``alerts``), a call the card's meaning required to be alerted or announced and that
    was not is a mistaken explanation as well (20F5(a), 21B1(a); :func:`tenace.system.failed_alerts`).

    The explainer corrects before the opening lead is faced, or at once if during the play (20F4(a), 75B2); at
    a table his partner heard it too and corrects after the final pass as declarer or dummy, after the play as
    a defender (20F5(b), 75B3). Online the caller explains his own calls and his partner does not hear them.
    """
    out: list[Duty] = []
    info = table.information
    unalerted = _unalerted(table, cards, alerts)
    if not info.findings and cards is None and not unalerted:
        return ()  # nothing shows an explanation was wrong: no duty can arise (the common case, kept cheap)
    indices = sorted({e.call_index for e in info.explanations} | {f.call_index for f in info.findings}
                     | {i for i, s in enumerate(table.calls) if s.call.explanation} | set(unalerted))
    now = period(table)
    contract = table.contract
    for i in indices:
        given = _explanations(table, i)
        finding = info.finding(i)
        if finding is not None and finding.kind is Mistake.CALL:
            continue  # Law 75C: the explanation was right; nothing to correct
        caller, call = _call_at(table, i)
        why: str | None = None
        if finding is not None:
            why = f"the Director found: {finding.kind.value} (Law 75)"
        elif i in unalerted and not given:
            why = unalerted[i]
        elif given:
            card = _cards_for(cards, caller.side)
            last = given[-1]
            if card is not None:
                said: Meaning | str = last.meaning if last.meaning is not None else last.text
                mismatch = check_explanation(card, _before(table, i), call, said)
                if mismatch is not None and mismatch.card is not None:
                    why = f"the system card: {mismatch}"
        if why is None:
            continue
        since = given[-1].index if given else -1
        if _corrected(table, i, since):
            continue
        giver = given[-1].by if given else explainer_for(caller, table.regulations.policy)
        # the explainer (Laws 20F4(a), 75B2)
        if now in (Period.AUCTION, Period.CLARIFICATION):
            out.append(Duty(giver, i, LawRef(20, "F4(a)"), Due.BEFORE_OPENING_LEAD, True, False, why, call))
        else:
            out.append(Duty(giver, i, LawRef(75, "B2"), Due.AT_ONCE, True, False, why, call))
        # his partner, who heard it at the table (Laws 20F5(b), 75B3)
        if table.regulations.policy is not Policy.ONLINE and giver.partner.side is caller.side:
            partner = giver.partner
            if now is Period.AUCTION:
                out.append(Duty(partner, i, LawRef(20, "F5(b)"), Due.BY_SIDE, False, False, why, call))
            elif contract is None:
                out.append(Duty(partner, i, LawRef(20, "F5(b)"), Due.AT_ONCE, True, False, why, call))
            elif partner.side is contract.declarer.side:
                out.append(Duty(partner, i, LawRef(20, "F5(b)(ii)"), Due.AFTER_FINAL_PASS,
                                now is Period.CLARIFICATION, now is not Period.CLARIFICATION, why, call))
            else:
                out.append(Duty(partner, i, LawRef(20, "F5(b)(i)"), Due.AFTER_PLAY,
                                now is Period.AFTER_PLAY, False, why, call))
    if viewer is DIRECTOR:
        return tuple(out)
    return tuple(d for d in out if d.seat is viewer)


def _unalerted(
    table: Table, cards: Mapping[Side, SystemCard] | SystemCard | None, alerts: AlertRegulations | None
) -> dict[int, str]:
    """The standing calls that needed an alert or announcement under ``alerts`` and the card, and had none."""
    if cards is None or alerts is None:
        return {}
    annotated = tuple(s.call for s in table.calls)
    out: dict[int, str] = {}
    for side in (Side.NS, Side.EW):
        card = _cards_for(cards, side)
        if card is None:
            continue
        for failure in failed_alerts(card, annotated, alerts, side=side, dealer=table.board.dealer):
            if table.calls[failure.index].seat.side is side:
                out[failure.index] = f"no {failure.duty.kind.value} ({failure.duty.reason})"
    return out


def _before(table: Table, call_index: int) -> tuple[Call, ...]:
    return tuple(s.call.call for s in table.calls[:call_index])


@dataclass(frozen=True, slots=True)
class Remedy:
    """What the Laws allow ``seat`` (or the Director, when ``seat`` is ``None``) after the correction of the
    explanation of the call at ``call_index``: ``what`` says it in a sentence."""

    call_index: int
    seat: Seat | None
    law: LawRef
    what: str


def remedies(table: Table) -> tuple[Remedy, ...]:
    """For each correction on record, what the misinformed side may now do (for the Director to allow):

    * while the auction period lasts, an opponent may change a call made after the mistaken explanation, if
      his partner has not called since, when the Director finds the misinformation could well have
      influenced it (Law 21B1(a); the :class:`~tenace.laws.events.Misinformation` event, then his LHO may
      change a later call, 21B2);
    * after the auction period, too late: an adjusted score if the offending side gained (21B3);
    * during the play, an opponent may retract the card he played after the mistaken explanation and before
      the correction, if no card has been played since and it is not an opening lead once dummy has faced a
      card (47E2(a); :class:`~tenace.laws.events.CardRetracted` with
      :attr:`Retraction.MISTAKEN_EXPLANATION`, and ``before_dummy`` for the opening lead; online dummy is
      faced with it); a lead or play out of turn still lying face up may go back the same way; if a card
      has been played since, an adjusted score (47E2(b)).

    This is the Director's duty once a player summons him to correct his explanation (Law 20F4(b): Law 21B)
    and when a player acted on the opponents' misinformation (Law 20F6: Law 21 in the auction, 47E in the
    play). No correction on record, no remedy: a player acting on his own misunderstanding gets nothing
    (Law 21A).
    """
    out: list[Remedy] = []
    now = period(table)
    for correction in table.information.corrections:
        i = correction.call_index
        if i >= len(table.calls):
            continue  # the call is no longer in the auction
        caller, _ = _call_at(table, i)
        given = _explanations(table, i)
        since = given[0].index if given else _call_record_index(table, i)
        misinformed = caller.side.opponents
        if now in (Period.AUCTION, Period.CLARIFICATION):
            down = _face_down_lead(table)
            if down is not None and since < down[0] < correction.index and down[1].side is misinformed:
                # Laws 41A, 47E2(a): the Director may have a face-down opening lead made on the mistaken
                # explanation returned to the leader's hand
                out.append(Remedy(i, down[1], LawRef(47, "E2(a)"),
                                  f"{_name(down[1])} may take back his face-down opening lead, made before "
                                  f"the correction (Law 41A; {Retraction.MISTAKEN_EXPLANATION.value})"))
            for seat in (s for s in (caller.lho, caller.rho) if s.side is misinformed):
                j = _last_call_index(table, seat)
                if j is None or _record_index_of_call(table, j) < since:
                    continue
                if any(s.seat is seat.partner for s in table.calls[j + 1:]):
                    continue  # Law 21B1(a): his partner has called since
                out.append(Remedy(i, seat, LawRef(21, "B1(a)"),
                                  f"{_name(seat)} may change his {table.calls[j].call.call} if the Director "
                                  "finds the misinformation could well have influenced it"))
            continue
        out.append(Remedy(i, None, LawRef(21, "B3"),
                          "too late to change a call: the Director awards an adjusted score if the offending "
                          "side gained from the mistaken explanation"))
        waiting = _waiting_card(table)
        if waiting is not None and since < waiting[0] < correction.index and waiting[1].side is misinformed:
            # Law 47E2(a): a lead or play out of turn still face up, nothing played since: it goes back
            out.append(Remedy(i, waiting[1], LawRef(47, "E2(a)"),
                              f"{_name(waiting[1])} may retract the card he led or played out of turn before "
                              f"the correction ({Retraction.MISTAKEN_EXPLANATION.value})"))
            continue
        cards = _cards_with_index(table)
        played = [(k, seat) for k, seat in cards if since < k < correction.index and seat.side is misinformed]
        if not played:
            continue
        last_k, last_seat = cards[-1] if cards else (-1, None)
        retractable = last_seat is not None and (last_k, last_seat) == played[-1]
        # Law 47E2(a), last sentence: the opening lead only until dummy has faced a card, which the Director
        # finds at a table; online dummy's hand is faced with the lead
        opening = len(cards) == 1
        if opening and table.regulations.policy is Policy.ONLINE:
            retractable = False
        if now is Period.PLAY and retractable and last_seat is not None:
            until = " if dummy has not yet faced any card" if opening else ""
            out.append(Remedy(i, last_seat, LawRef(47, "E2(a)"),
                              f"{_name(last_seat)} may retract the card he played before the correction"
                              f"{until} ({Retraction.MISTAKEN_EXPLANATION.value})"))
        else:
            out.append(Remedy(i, None, LawRef(47, "E2(b)"),
                              "too late to retract a card played on the mistaken explanation: the Director "
                              "may award an adjusted score"))
    return tuple(out)


def _face_down_lead(table: Table) -> tuple[int, Seat] | None:
    """Record index and seat of an opening lead lying face down (Law 41A)."""
    playing = table.playing
    if playing is None or playing.out_of_turn.face_down is None:
        return None
    from tenace.laws.designation import face_down_index

    seat = playing.out_of_turn.face_down[0]
    return face_down_index(table.record, seat), seat


def _waiting_card(table: Table) -> tuple[int, Seat] | None:
    """Record index and seat of a lead or play out of turn lying face up, not accepted (Laws 53-57)."""
    playing = table.playing
    if playing is None:
        return None
    mine = playing.out_of_turn
    waiting = mine.faced or mine.premature
    return (waiting.irregularity.index, waiting.seat) if waiting is not None else None


def _cards_with_index(table: Table) -> list[tuple[int, Seat]]:
    """Record index and seat of each card played that still stands, in order."""
    play = table.play
    if play is None:
        return []
    out: list[tuple[int, Seat]] = []
    for k, event in enumerate(table.record):
        if isinstance(event, CardPlayed | CardDeemedPlayed):
            out.append((k, event.seat))
        elif isinstance(event, DummyDesignation) and table.contract is not None:
            out.append((k, table.contract.dummy))
    return out[-len(play.cards):] if play.cards else []


def _last_call_index(table: Table, seat: Seat) -> int | None:
    for j in range(len(table.calls) - 1, -1, -1):
        if table.calls[j].seat is seat:
            return j
    return None


def _record_index_of_call(table: Table, j: int) -> int:
    made = _made_event(table, j)
    return made[0] if made is not None else len(table.record)


def _call_record_index(table: Table, i: int) -> int:
    made = _made_event(table, i)
    return made[0] if made is not None else -1


# --- Law 75: the evidence for the Director -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the Director needs to determine mistaken explanation or mistaken call for one explained call
    (Law 75): the card's meaning, what was said, the caller's hand, and the differences the card shows. The
    options are his (:class:`~tenace.laws.events.MistakeFound`), with the presumption of Law 21B1(b)."""

    call_index: int
    caller: Seat
    call: Call
    explainer: Seat
    explanation: str
    card: Meaning | None
    """The card's meaning of the call; ``None`` when the card has no agreement for it (Law 75D3)."""
    mismatch: Mismatch | None
    """How the explanation differs from the card, if it does."""
    deviation: Deviation | None
    """How the caller's hand differs from the card's meaning, if it does."""
    hand: CardSet
    corrected: str | None
    finding: Mistake | None
    options: tuple[tuple[Mistake, LawRef], ...] = (
        (Mistake.EXPLANATION, LawRef(75, "B")),
        (Mistake.CALL, LawRef(75, "C")),
        (Mistake.NO_AGREEMENT, LawRef(75, "D2")),
    )
    presumption: LawRef = LawRef(21, "B1(b)")
    """Without evidence to the contrary, the Director presumes a mistaken explanation."""


def evidence(table: Table, cards: Mapping[Side, SystemCard] | SystemCard) -> tuple[Evidence, ...]:
    """The Law 75 evidence for every explained call of a side whose system card is given (``cards``: one card
    for both sides, or one per side), in auction order. For the Director only: it shows the caller's hand."""
    out: list[Evidence] = []
    for i, standing in enumerate(table.calls):
        card = _cards_for(cards, standing.seat.side)
        given = _explanations(table, i)
        if card is None or not given:
            continue
        last = given[-1]
        call = standing.call.call
        before = _before(table, i)
        said: Meaning | str = last.meaning if last.meaning is not None else last.text
        hand = table.deal[standing.seat]
        agreement = card.lookup(before, call)
        corrections = [c for c in table.information.corrections if c.call_index == i and c.index > last.index]
        finding = table.information.finding(i)
        out.append(Evidence(
            i, standing.seat, call, last.by, last.text,
            agreement.meaning if agreement is not None else None,
            check_explanation(card, before, call, said),
            check_call(card, before, call, hand) if agreement is not None else None,
            hand,
            corrections[-1].text if corrections else None,
            finding.kind if finding is not None else None,
        ))
    return tuple(out)


def mismatches(table: Table, cards: Mapping[Side, SystemCard] | SystemCard) -> tuple[Evidence, ...]:
    """The evidence for the explanations that differ from the card (:func:`evidence` with a mismatch)."""
    return tuple(e for e in evidence(table, cards) if e.mismatch is not None)


# --- who hears what -----------------------------------------------------------------------------------------


def heard(table: Table, viewer: Seat | Director | None) -> tuple[Question | Explanation | Correction, ...]:
    """The questions, explanations and corrections ``viewer`` may know of, in record order. At a table all
    four players hear them; online (Law 80 regulations) a question goes to the player who explains (the
    caller, or both opponents when it is about the whole auction) and an explanation to the caller's
    opponents, so the caller's partner hears none of his side's explanations; a spectator (``None``) hears
    nothing. The Director hears everything."""
    info = table.information
    items: list[Question | Explanation | Correction] = [
        *info.questions, *info.explanations, *info.corrections
    ]
    items.sort(key=lambda x: x.index)
    if viewer is DIRECTOR:
        return tuple(items)
    if viewer is None:
        return ()
    if table.regulations.policy is not Policy.ONLINE:
        return tuple(items)
    seat = viewer
    out: list[Question | Explanation | Correction] = []
    for item in items:
        if isinstance(item, Question):
            # the question goes to whoever answers it: the caller, or both opponents about the whole auction
            whole = item.about is None
            answers = (item.seat.lho, item.seat.rho) if whole else (_call_at(table, item.about or 0)[0],)
            if item.seat is seat or seat in answers:
                out.append(item)
        else:
            caller, _ = _call_at(table, item.call_index)
            if seat.side is not caller.side or seat is item.by:
                out.append(item)
    return tuple(out)
