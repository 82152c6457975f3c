"""Wrong card counts, missing and surplus cards, wrong boards and wrong hands (Law 7B and Laws 13-15).

These irregularities are about the cards and boards themselves rather than about a call or a card played, so
the Director is always the one who finds them and decides. The events (in :mod:`tenace.laws.events`):

* :class:`~tenace.laws.events.CardsCounted` (Law 7B2): a player counts his cards before his first call. Any
  count but 13 goes straight to the Director as a Law 13 or Law 14 case, before any call. A short hand is a
  Law 14 case until the Director finds (``WrongCardCount``) a hand with more than 13: then both are Law 13.
* :class:`~tenace.laws.events.WrongCardCount`: the Director finds a hand with more or fewer than 13 cards.
  Some hand with more than 13 makes it Law 13: 13A when no player with a wrong count has called yet, 13B
  during the auction or play once one has, 13D once play is over. Hands short with none long make it Law
  14: 14A before the opening lead is faced, 14B afterwards.
* :class:`~tenace.laws.events.SurplusCardFound` (Law 13C): a card foreign to the deal is removed; the
  result may be adjusted only if it was played to a quitted trick.
* :class:`~tenace.laws.events.HandRestored` (Laws 13A, 13B1, 14A, 14B): the hands the Director restores.
  From then on the table's deal is the restored one and, because the Laws deem a restored hand to have held
  its cards all along (14A3, 14B4), the engine replays the whole record with it: a card the player failed to
  play when he had to follow suit becomes a revoke, and cards already played must be in the restored hands.
* :class:`~tenace.laws.events.WrongHandCall` (Law 15A): a player called holding another board's cards. His
  first call and every call after it are cancelled (the record keeps them as withdrawn calls, Law 16C) and he
  calls again; if his partner had called after it, the Director awards an adjusted score instead (15A2(a)).
* :class:`~tenace.laws.events.CancelledCallElsewhere` (Law 15A3): on the board whose cards he drew by
  mistake, the offender's first call is compared with the cancelled one; a call that differs means an
  adjusted score.
* :class:`~tenace.laws.events.WrongBoardDiscovered` (Law 15B): a board played by contestants it was not
  meant for in this round. Cancelled for both sides if a player had played it before (15B1), with artificial
  adjusted scores (15B3); otherwise the score stands and the Director may have the right board played later
  (15B2).

Each case becomes a pending :class:`~tenace.laws.decisions.Decision` of the Director, whose options carry
their Law. A cancelled result ends the board (``Table.score_ns()`` is ``None``) and is followed by the
Director's choice of adjusted score: artificial scores by each side's responsibility (Law 12C2(a)) or an
assigned score (Law 12C1). :func:`ruling` gives the outcome as data the tournament layer enters
(:attr:`tenace.tournament.model.Result.adjusted`).

The engine always holds a complete deal of 52 cards. Until a restoration the table's deal is the board's;
the events above record what the Director found about the cards the players actually held.

>>> from tenace import Board, Deal, Seat, parse_call
>>> from tenace.laws import Table, CallMade, Elected
>>> from tenace.laws.events import CardsCounted, HandRestored
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal)).apply(CardsCounted(Seat.NORTH, 12))
>>> t.pending.actor, [str(o.law) for o in t.pending.options]
(<Director.DIRECTOR: 'Director'>, ['Law 14A1', 'Law 14A2'])
>>> t = t.apply(Elected(t.pending.actor, t.pending.options[0])).apply(HandRestored(deal))
>>> t.pending is None, t.turn
(True, <Seat.NORTH: 'N'>)
>>> [(str(u.seat), str(u.law)) for u in ruling(t).unauthorised]
[('S', 'Law 14C')]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tenace.calls import Call
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError
from tenace.laws._evolve import replace
from tenace.laws.decisions import (
    ArtificialScores,
    AssignedScore,
    AwardAdjusted,
    CardAmongPlayed,
    CorrectBoardLater,
    Decision,
    Differs,
    MustRepeat,
    NoAdjustment,
    Option,
    RestoreHands,
    Withdrawn,
)
from tenace.laws.events import (
    BoardRedealt,
    CallMade,
    CancelledCallElsewhere,
    CardsCounted,
    Elected,
    Event,
    HandRestored,
    SurplusCardFound,
    WrongBoardDiscovered,
    WrongCardCount,
    WrongHandCall,
)
from tenace.laws.refs import DIRECTOR, LawRef, Phase
from tenace.scoring.adjusted import ArtificialAdjustedScore, Fault
from tenace.seats import Seat

if TYPE_CHECKING:
    from tenace.laws.table import Table

__all__ = [
    "EVENTS", "NONE", "Finding", "Mishaps", "Ruling", "Unauthorised", "adjusted_scores_decision", "after",
    "describe", "handles", "pending", "ruling", "step",
]

EVENTS: Final = (
    CardsCounted, WrongCardCount, SurplusCardFound, HandRestored, WrongHandCall, CancelledCallElsewhere,
    WrongBoardDiscovered,
)
"""The events this module handles."""

_OPTIONS: Final = (
    RestoreHands, CardAmongPlayed, AwardAdjusted, ArtificialScores, AssignedScore, Differs, CorrectBoardLater,
)
_MINE: Final = (*_OPTIONS, NoAdjustment)


@dataclass(frozen=True, slots=True)
class Finding:
    """What the Director found, with its Law and the position of the event in the record."""

    law: LawRef
    index: int
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.law})"


@dataclass(frozen=True, slots=True)
class Unauthorised:
    """Knowing that a card was restored to a hand is unauthorised information for ``seat``, the partner of the
    player whose hand held a wrong number of cards (Law 14C)."""

    seat: Seat
    law: LawRef


@dataclass(frozen=True, slots=True)
class Mishaps:
    """This module's part of a table's state."""

    deal: Deal | None = None
    """The restored deal in force, if the Director restored the hands (``None``: the board's deal)."""
    counted: tuple[Seat, ...] = ()
    """Seats that counted thirteen cards before calling (Law 7B2)."""
    findings: tuple[Finding, ...] = ()
    decision: Decision | None = None
    """The Director's pending decision."""
    restoring: LawRef | None = None
    """The Director elected to restore the hands: a :class:`HandRestored` is expected."""
    wrong: tuple[Seat, ...] = ()
    """The seats found with a wrong number of cards, in the case being dealt with."""
    review: LawRef | None = None
    """At the end of play the Director may still adjust the score (Laws 13A2, 13B1)."""
    reviewed: bool = False
    cancelled: LawRef | None = None
    """The result at the table is cancelled (an adjusted score replaces it): the board has ended."""
    adjustment: ArtificialAdjustedScore | None = None
    assigned: bool = False
    """The Director assigns a score (Law 12C1), entered with the result."""
    unauthorised: tuple[Unauthorised, ...] = ()
    elsewhere: tuple[CancelledCallElsewhere, ...] = ()
    correct_board_later: bool | None = None
    """Law 15B2: whether the two pairs must play the right board against each other later."""
    awaiting: tuple[Seat, Call] | None = None
    """Law 17D2 (2007): the offender of a call made with another board's cards, and that call, when his LHO
    had called over it: the Director judges whether his new call differs (the LHO repeats his own call)."""


NONE: Final = Mishaps()
"""The state of a table where nothing of the kind happened."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """The outcome of Laws 13-15 at one table, as data for the tournament layer: ``cancelled`` (the Law under
    which the result at the table was cancelled), the artificial adjusted score to enter as
    :attr:`tenace.tournament.model.Result.adjusted`, or ``assigned`` when the Director assigns one."""

    cancelled: LawRef | None
    adjustment: ArtificialAdjustedScore | None
    assigned: bool
    correct_board_later: bool | None
    unauthorised: tuple[Unauthorised, ...]
    findings: tuple[Finding, ...]


def ruling(table: Table) -> Ruling:
    """What the Director ruled at ``table`` under Laws 13-15 (empty when nothing happened)."""
    m = table.mishaps
    return Ruling(m.cancelled, m.adjustment, m.assigned, m.correct_board_later, m.unauthorised, m.findings)


# --- decisions ------------------------------------------------------------------------------------------

_FAULTS: Final = (Fault.NONE, Fault.PARTLY, Fault.DIRECTLY)


def adjusted_scores_decision(law: LawRef, why: str) -> Decision:
    """The Director's choice of adjusted score once a result is cancelled under ``law``: artificial scores for
    each side by its responsibility (Law 12C2(a)), or an assigned score (Law 12C1)."""
    artificial = LawRef(12, "C2(a)")
    options: list[Option] = [
        ArtificialScores(ns.award, ew.award, artificial) for ns, ew in itertools.product(_FAULTS, _FAULTS)
    ]
    options.append(AssignedScore(LawRef(12, "C1")))
    why = f"{why}; the Director awards an adjusted score"
    return Decision(DIRECTOR, tuple(options), law, explanation=why)


def pending(table: Table) -> Decision | None:
    """The Director's pending decision under Laws 13-15, if any: one opened by a finding, or at the end of the
    board the review the Laws allow after 13A2 and 13B1."""
    m = table.mishaps
    if m.decision is not None:
        return m.decision
    if m.review is not None and not m.reviewed and m.cancelled is None and _board_over(table):
        return Decision(
            DIRECTOR,
            (NoAdjustment(m.review), AwardAdjusted(m.review)),
            m.review,
            explanation="the board was played after a wrong card count; the Director may adjust the score",
        )
    return None


def _board_over(table: Table) -> bool:
    return table.phase is Phase.ENDED


def handles(table: Table, event: Event) -> bool:
    """Whether ``event`` is for this module: one of its events, or an election while its decision is pending.

    :raises ImpossibleActionError: for any other event while the Director's decision or restoration is
        awaited.
    """
    if isinstance(event, EVENTS):
        return True
    m = table.mishaps
    mine = pending(table)
    if isinstance(event, Elected) and mine is not None and isinstance(event.option, _MINE):
        return True
    if m.decision is not None:
        raise ImpossibleActionError(f"the Director's decision ({m.decision.law}) is pending")
    if m.restoring is not None:
        raise ImpossibleActionError(f"the Director is restoring the hands ({m.restoring})")
    return False


def step(table: Table, event: Event, index: int) -> Table:
    """The table after ``event`` (one :func:`handles` accepted); the record is updated by the caller."""
    m = table.mishaps
    if m.decision is not None and isinstance(event, WrongCardCount) and m.decision.law.law == 14 \
            and m.restoring is None:
        # Laws 7B2, 13, 14: a hand found short may turn out to be short because another holds its card; the
        # Director's finding of a hand with more than 13 makes it a Law 13 case instead of Law 14
        short = m.wrong[0] if m.wrong else None
        other = event.other if event.other is not None else short if event.count > 13 else None
        found = _wrong_count(_with(table, decision=None, wrong=()), event.seat, event.count, other, index)
        if short is not None and short not in found.mishaps.wrong:  # another short hand: both are wrong
            found = _with(found, wrong=(short, *found.mishaps.wrong))
        return found
    if m.decision is not None and not isinstance(event, Elected):
        raise ImpossibleActionError(f"the Director's decision ({m.decision.law}) is pending")
    if m.restoring is not None and not isinstance(event, HandRestored):
        raise ImpossibleActionError(f"the Director is restoring the hands ({m.restoring})")
    match event:
        case CardsCounted(seat=seat, count=count):
            return _counted(table, seat, count, index)
        case WrongCardCount(seat=seat, count=count, other=other):
            return _wrong_count(table, seat, count, other, index)
        case SurplusCardFound():
            return _surplus(table, event, index)
        case HandRestored(deal=deal):
            return _restored(table, deal, index)
        case WrongHandCall(seat=seat):
            return _wrong_hand(table, seat, index)
        case CancelledCallElsewhere(seat=seat):
            if table.auction.has_called(seat):
                raise ImpossibleActionError(f"{_name(seat)} has already called on this board (Law 15A3)")
            return _with(table, elsewhere=(*m.elsewhere, event))
        case WrongBoardDiscovered(played_before=before):
            return _wrong_board(table, before, index)
        case Elected():
            return _elected(table, event)
    raise ImpossibleActionError(f"not a Law 13-15 event: {event!r}")


def after(before: Table, after: Table, event: Event, index: int) -> Table:
    """Law 15A3: the offender's first call on the board whose cards he drew by mistake opens the Director's
    judgement whether it differs from the cancelled one; under the 2007 Laws so does his new call on this
    board when his LHO had called over the cancelled one (Law 17D2 (2007))."""
    awaiting = after.mishaps.awaiting
    if (awaiting is not None and isinstance(event, CallMade) and event.seat is awaiting[0]
            and after.auction.has_called(event.seat)):
        old = LawRef(17, "D2", 2007)
        decision = Decision(
            DIRECTOR, (Differs(False, old), Differs(True, old)), old,
            explanation=(f"{_name(event.seat)} called {event.call} with the right cards; his cancelled call "
                         f"was {awaiting[1]}, and his LHO must repeat his own call"),
        )
        found = Finding(old, index, f"{_name(event.seat)} calls again with the right cards")
        return _with(after, decision=decision, awaiting=None, findings=(*after.mishaps.findings, found))
    if not isinstance(event, CallMade) or before.auction.has_called(event.seat):
        return after
    earlier = [e for e in after.mishaps.elsewhere if e.seat is event.seat]
    if not earlier:
        return after
    law = LawRef(15, "A3")
    decision = Decision(
        DIRECTOR,
        (Differs(False, law), Differs(True, law)),
        law,
        explanation=(
            f"{_name(event.seat)} called {event.call} here; his call {earlier[0].call} made with these cards"
            " at another table was cancelled"
        ),
    )
    found = Finding(law, index, f"{_name(event.seat)} calls on the board whose cards he held by mistake")
    return _with(after, decision=decision, findings=(*after.mishaps.findings, found))


# --- the cases ------------------------------------------------------------------------------------------


def _name(seat: Seat) -> str:
    return seat.name.title()


def _with(table: Table, **changes: object) -> Table:
    return replace(table, mishaps=replace(table.mishaps, **changes))


def _counted(table: Table, seat: Seat, count: int, index: int) -> Table:
    if table.auction.has_called(seat):  # Law 7B2: the count comes before the player's first call
        raise ImpossibleActionError(
            f"{_name(seat)} has already called: cards are counted before calling (Law 7B2)"
        )
    if not 0 <= count <= 52:
        raise ImpossibleActionError(f"a hand cannot hold {count} cards")
    if count == 13:
        return _with(table, counted=(*table.mishaps.counted, seat))
    return _wrong_count(table, seat, count, None, index)


def _wrong_count(table: Table, seat: Seat, count: int, other: Seat | None, index: int) -> Table:
    if count == 13 or not 0 <= count <= 52:
        raise ImpossibleActionError(f"{count} is not a wrong number of cards for a hand")
    if other is seat:
        raise ImpossibleActionError("the other hand must be another seat's")
    wrong = (seat,) if other is None else (seat, other)
    long_hand = count > 13 or other is not None
    lead_faced = table.playing is not None and table.playing.opening_lead_faced
    over = _board_over(table) and table.mishaps.cancelled is None
    what = f"{_name(seat)} holds {count} cards"
    if table.mishaps.cancelled is not None:
        raise ImpossibleActionError("the result at this table is already cancelled")
    if long_hand:
        if over:  # Law 13D: found once play is over: the result is cancelled
            law = LawRef(13, "D")
            return _with(
                table,
                cancelled=law,
                wrong=wrong,
                decision=adjusted_scores_decision(law, f"{what}, found after play"),
                findings=(*table.mishaps.findings, Finding(law, index, what)),
            )
        if not any(table.auction.has_called(s) for s in wrong):  # Law 13A: no call made with the wrong hand
            options: tuple[Option, ...] = (RestoreHands(LawRef(13, "A1")), RestoreHands(LawRef(13, "A2")))
            law = LawRef(13, "A")
            why = f"{what}; no player with a wrong count has called"
        else:  # Law 13B: found during the auction or play, after a call with the wrong hand
            options = (RestoreHands(LawRef(13, "B1")), AwardAdjusted(LawRef(13, "B2")))
            law = LawRef(13, "B")
            why = f"{what}; a player with a wrong count has called"
    elif not lead_faced:  # Law 14A
        options = (RestoreHands(LawRef(14, "A1")), RestoreHands(LawRef(14, "A2")))
        law = LawRef(14, "A")
        why = f"{what}, found before the opening lead was faced"
    else:  # Law 14B, until the end of the correction period
        options = (
            CardAmongPlayed(LawRef(14, "B1")), RestoreHands(LawRef(14, "B2")), RestoreHands(LawRef(14, "B3")),
        )
        law = LawRef(14, "B")
        why = f"{what}, found after the opening lead was faced"
    decision = Decision(DIRECTOR, options, law, explanation=why)
    found = (*table.mishaps.findings, Finding(law, index, what))
    return _with(table, decision=decision, wrong=wrong, findings=found)


def _surplus(table: Table, event: SurplusCardFound, index: int) -> Table:
    law = LawRef(13, "C")
    what = f"a card not of this deal ({event.card}) found with {_name(event.seat)} and removed"
    found = (*table.mishaps.findings, Finding(law, index, what))
    if not event.played:  # Law 13C: removed; auction and play go on
        return _with(table, findings=found)
    decision = Decision(
        DIRECTOR, (NoAdjustment(law), AwardAdjusted(law)), law,
        explanation=f"{what}; it was played to a quitted trick",
    )
    return _with(table, findings=found, decision=decision)


def _rebuilt(table: Table, record: tuple[Event, ...], deal: Deal | None) -> Table:
    """The table after ``record`` from the start, with ``deal`` (if given) in force from the deal now in play
    on: after a redeal (Law 16D2(b)) the events before it concern the old deal and are replayed as they were,
    since the restored hands are those of the new deal."""
    fresh = type(table).new(table.board, table.regulations)
    start = 1 + max((i for i, e in enumerate(record) if isinstance(e, BoardRedealt)), default=-1)
    for event in record[:start]:
        fresh = fresh.apply(event)
    if deal is not None:
        fresh = replace(fresh, mishaps=replace(fresh.mishaps, deal=deal))
    for event in record[start:]:
        fresh = fresh.apply(event)
    return fresh


def _restored(table: Table, deal: Deal, index: int) -> Table:
    m = table.mishaps
    if m.restoring is None:
        raise ImpossibleActionError("the Director has not elected to restore the hands")
    if m.deal is not None and m.deal != deal:
        raise ImpossibleActionError("the hands were already restored once on this board")
    try:  # Laws 14A3, 14B4: the restored hands are deemed to have held their cards throughout
        base = _rebuilt(table, table.record, deal)
    except ImpossibleActionError as exc:
        why = f"the restored deal does not fit what happened at the table: {exc}"
        raise ImpossibleActionError(why) from None
    law = m.restoring
    review = law if law in (LawRef(13, "A2"), LawRef(13, "B1")) else m.review
    unauthorised = tuple(Unauthorised(s.partner, LawRef(14, "C")) for s in m.wrong)  # Law 14C
    found = Finding(law, index, "the Director restores the hands")
    return replace(
        base,
        mishaps=replace(
            m,
            deal=deal,
            restoring=None,
            review=review,
            unauthorised=(*m.unauthorised, *(u for u in unauthorised if u not in m.unauthorised)),
            findings=(*m.findings, found),
        ),
    )


def _wrong_hand(table: Table, seat: Seat, index: int) -> Table:
    m = table.mishaps
    first = next((i for i, e in enumerate(table.record) if isinstance(e, CallMade) and e.seat is seat), None)
    if first is None:
        raise ImpossibleActionError(f"{_name(seat)} has made no call (Law 15A concerns a call)")
    if m.cancelled is not None:
        raise ImpossibleActionError("the result at this table is already cancelled")
    old = table.regulations.edition == 2007  # the 2007 Laws have this as Law 17D (2007)
    law = LawRef(17, "D1", 2007) if old else LawRef(15, "A1")
    what = f"{_name(seat)} called holding the cards of another board"
    found = (*m.findings, Finding(law, index, what))
    later = table.record[first + 1:]
    if any(isinstance(e, CallMade) and e.seat is seat.partner for e in later):  # Laws 15A2(a), 17D2 (2007)
        cancel = LawRef(17, "D2", 2007) if old else LawRef(15, "A2(a)")
        return _with(
            table, findings=found, cancelled=cancel,
            decision=adjusted_scores_decision(cancel, f"{what}, and his partner called after him"),
        )
    # Law 15A1, 15A2(b): his call and every later one are cancelled; he calls again with the right hand. Law
    # 17D2 (2007): his LHO, if he had called over it, must repeat his call, and the Director judges whether
    # the offender's new call differs (:func:`after`)
    base = _rebuilt(table, table.record[:first], m.deal)
    cancelled = tuple(
        Withdrawn(e.seat, e.call, law if old else LawRef(15, "A2(c)"), offenders=seat.side)  # Law 16C
        for e in table.record[first:] if isinstance(e, CallMade)
    )
    kept = tuple(w for w in table.auction.withdrawn if w not in base.auction.withdrawn)
    auction = replace(base.auction, withdrawn=(*base.auction.withdrawn, *kept, *cancelled))
    lho = next((e for e in later if isinstance(e, CallMade) and e.seat is seat.lho), None)
    awaiting = None
    if old and lho is not None:
        repeat = MustRepeat(seat.lho, lho.call, LawRef(17, "D2", 2007))
        auction = replace(auction, constraints=(*auction.constraints, repeat))
        offending = table.record[first]
        assert isinstance(offending, CallMade)
        awaiting = (seat, offending.call)
    return replace(base, auction=auction, mishaps=replace(m, findings=found, awaiting=awaiting))


def _wrong_board(table: Table, played_before: bool, index: int) -> Table:
    m = table.mishaps
    if m.cancelled is not None:
        raise ImpossibleActionError("the result at this table is already cancelled")
    if played_before:  # Law 15B1, 15B3
        law = LawRef(15, "B1")
        what = "a board these contestants were not to play, already played by a player at the table"
        return _with(
            table, cancelled=law, findings=(*m.findings, Finding(law, index, what)),
            decision=adjusted_scores_decision(LawRef(15, "B3"), f"{what}: cancelled for both sides"),
        )
    law = LawRef(15, "B2")
    what = "a board these contestants were not to play, new to all four"
    decision = Decision(
        DIRECTOR, (CorrectBoardLater(True, law), CorrectBoardLater(False, law)), law,
        explanation=f"{what}: the auction and play are completed and the score stands",
    )
    return _with(table, decision=decision, findings=(*m.findings, Finding(law, index, what)))


def _elected(table: Table, event: Elected) -> Table:
    decision = pending(table)
    assert decision is not None
    decision.check(event.actor, event.option)
    match event.option:
        case RestoreHands(law=law):
            return _with(table, decision=None, restoring=law)
        case CardAmongPlayed(law=law):  # Law 14B1: Law 67 applies (DefectiveTrickFound)
            return _with(table, decision=None, wrong=())
        case AwardAdjusted(law=law):
            return _with(
                table, cancelled=law, reviewed=True,
                decision=adjusted_scores_decision(law, "the result at the table is cancelled"),
            )
        case ArtificialScores(ns=ns, ew=ew):
            return _with(table, decision=None, adjustment=ArtificialAdjustedScore(ns, ew))
        case AssignedScore():
            return _with(table, decision=None, assigned=True)
        case NoAdjustment():
            return _with(table, decision=None, reviewed=True)
        case Differs(yes=yes):
            law = decision.law  # as the decision cites it (Law 15A3, or 17D2 (2007))
            if not yes:  # Law 15A3: the Director lets the board be played normally
                return _with(table, decision=None)
            return _with(
                table, cancelled=law,
                decision=adjusted_scores_decision(law, "the call differs from the cancelled one"),
            )
        case CorrectBoardLater(yes=yes):
            return _with(table, decision=None, correct_board_later=yes)
    raise ImpossibleActionError(f"{event.option!r} is not a Law 13-15 option")  # pragma: no cover


def describe(event: Event) -> str:
    """A short description of one of this module's events, for error messages."""
    match event:
        case CardsCounted(seat=seat, count=count):
            return f"{_name(seat)} counts {count} cards"
        case WrongCardCount(seat=seat, count=count):
            return f"the Director finds {count} cards in {_name(seat)}'s hand"
        case SurplusCardFound(seat=seat, card=card):
            return f"the Director finds the foreign card {card} with {_name(seat)}"
        case HandRestored():
            return "the Director restores the hands"
        case WrongHandCall(seat=seat):
            return f"the Director finds {_name(seat)} called with another board's cards"
        case CancelledCallElsewhere(seat=seat, call=call):
            return f"{_name(seat)}'s call {call} with this board's cards at another table was cancelled"
        case WrongBoardDiscovered():
            return "the Director finds the wrong board at this table"
    return repr(event)
