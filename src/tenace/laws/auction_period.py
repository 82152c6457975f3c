"""The auction period under the Laws: lawful calls (Laws 17-22) and the irregularities of Laws 27-32, 36-39.

Everything here is a pure function from an :class:`~tenace.laws.auction_state.AuctionState` and an event to
a new state. The state (:mod:`tenace.laws.auction_state`, below this module and :mod:`tenace.laws.changes`)
keeps the calls that stand (which, after an accepted irregularity, need not be in strict rotation nor
sufficient), the calls withdrawn or cancelled (Law 16C information), the constraints in force and any
rectification in progress. This module dispatches every call and event of the auction period, the changes
of call (Laws 21B, 25, 33) to :mod:`tenace.laws.changes`, which it gives :func:`on_call` to put calls back.
"""

from __future__ import annotations

from collections.abc import Sequence

from tenace.calls import PASS, Bid, Call, Double, Pass, Redouble
from tenace.cards import Suit
from tenace.contract import Doubling
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import changes
from tenace.laws._evolve import replace
from tenace.laws.auction_state import (
    AboveSeven,
    AuctionState,
    StandingCall,
    _append,
    _AwaitComparable,
    _AwaitReplacement,
    _AwaitRHO,
    _cite,
    _irregular,
    _Judging,
    _withdraw,
)
from tenace.laws.decisions import (
    Accept,
    Comparable,
    Constraint,
    Decision,
    Duration,
    Irregularity,
    Kind,
    LeadRestriction,
    MustPass,
    MustRepeat,
    NoDoubleNow,
    Option,
    Reject,
)
from tenace.laws.editions import OLD
from tenace.laws.events import (
    BidAboveSeven,
    CallChanged,
    CallMade,
    CardExposed,
    DirectorCalled,
    Elected,
    Event,
)
from tenace.laws.penalty_cards import on_auction_exposure, specified
from tenace.laws.refs import DIRECTOR, LawRef, Policy, actor_name
from tenace.record import AnnotatedCall
from tenace.seats import Seat

# the auction's state lives in tenace.laws.auction_state; its classes are still importable from here
__all__ = [
    "AboveSeven", "AuctionState", "StandingCall", "on_call", "on_director", "on_elected", "on_event",
    "routine_call",
]

# --- calls ---------------------------------------------------------------------------------------------


def on_call(state: AuctionState, event: CallMade, index: int, policy: Policy) -> AuctionState:
    """Apply a call (lawful or not) to the auction."""
    if state.pending is not None:
        raise ImpossibleActionError(
            f"{actor_name(state.pending.actor)} must first decide ({state.pending.law}); "
            f"{event.seat.name.title()} cannot call now"
        )
    if state.turn is None:  # Law 35D: a call after the final pass is inadmissible (Law 39)
        return _after_final_pass(state, event, index, policy)
    if state.above_seven is not None:  # Law 38B: a call over a bid of more than seven will be cancelled too
        above = state.above_seven
        return replace(state, above_seven=replace(above, later=(*above.later, event)), turn=event.seat.lho)
    if state.open is not None:
        return _call_over_open_irregularity(state, event, index, policy)
    seat, call = event.seat, event.call
    if seat is not state.turn:
        if policy is Policy.LAWS and changes.is_change_of_call(state, seat):
            # Laws 30B2, 31C, 32C: a call at LHO's turn by a player who has called is a change of call (25).
            return changes.change_of_call(state, CallChanged(seat, call), index, policy, made_as_call=True,
                                          on_call=on_call)
        rho_required = state.must_pass(state.turn)
        if seat is state.turn.lho and rho_required is not None and policy is Policy.LAWS:
            # Law 28A: a call at RHO's turn is in rotation when RHO must pass; RHO is deemed to pass.
            deemed = CallMade(state.turn, PASS)
            return on_call(_append(state, deemed), event, index, policy)
        # a call out of rotation (Law 29), an insufficient bid among them (Law 27A2: Law 31 applies to it)
        return _irregular(state, Kind.CALL_OUT_OF_ROTATION, event, _cite(29), index, policy)
    if isinstance(state.procedure, _AwaitReplacement) and state.procedure.offender is seat:
        return _replacement(state, state.procedure, event, index, policy)
    repeat = next((c for c in state.constraints if isinstance(c, MustRepeat) and c.seat is seat), None)
    if repeat is not None and not changes.repeats(repeat, event):
        raise ImpossibleActionError(f"{seat.name.title()} must repeat {repeat.call} ({repeat.law})")
    barred = next((c for c in state.constraints if isinstance(c, NoDoubleNow) and c.seat is seat), None)
    if barred is not None and isinstance(call, Double | Redouble):
        raise ImpossibleActionError(f"{seat.name.title()} may bid or pass at this turn, not double or "
                                    "redouble "
                                    f"({barred.law})")
    required = state.must_pass(seat)
    if required is not None and not isinstance(call, Pass):
        if isinstance(call, Bid) or state.is_lawful(seat, call):
            # Law 35B: a bid, double or redouble by a player required to pass is inadmissible (Law 37)
            return _irregular(state, Kind.CALL_WHILE_REQUIRED_TO_PASS, event, _cite(37), index, policy)
    if not state.is_lawful(seat, call):
        # an insufficient bid (Law 27), or a double or redouble Law 19 does not permit: inadmissible (Law 35A)
        kind, law = (
            (Kind.INSUFFICIENT_BID, _cite(27))
            if isinstance(call, Bid)
            else (Kind.INADMISSIBLE_DOUBLE, _cite(36))
        )
        return _irregular(state, kind, event, law, index, policy)
    new = _append(state, event)
    if isinstance(state.procedure, _AwaitComparable) and state.procedure.offender is seat:
        if state.edition == OLD:  # the 2007 edition has no comparable call: Laws 31A2, 32B2 (2007)
            return _old_after_rho(replace(new, procedure=None), state.procedure, event)
        return replace(
            new,
            procedure=_Judging(state.procedure, event),
            pending=_comparable_decision(state.procedure.law, state.procedure.offender),
        )
    return new


def _quiet(state: AuctionState) -> bool:
    """Whether nothing is in progress in the auction (no decision, no call open to acceptance, no bid above
    seven, no procedure, no constraint, no change of call, no premature action): a call may take the short
    route."""
    return (state.pending is None and state.open is None and state.above_seven is None
            and state.procedure is None and not state.constraints and state.change is None
            and state.premature is None)


def routine_call(state: AuctionState, event: CallMade) -> AuctionState | None:
    """The auction after the commonest call of all, or ``None`` for any other: nothing is in progress that a
    Law of the auction period looks at (no decision, irregularity nobody has drawn attention to, bid above
    seven, procedure of Laws 25-32, constraint on any seat), the call comes in rotation (Law 17C), is
    sufficient or a permitted double or redouble (Laws 18, 19), and cannot end the auction (Law 22). Then
    :func:`on_call` would only let it stand and pass the turn to the caller's left (``_append``): the same
    state is built here at once."""
    seat, call = event.seat, event.call
    if seat is not state.turn or not _quiet(state):
        return None
    calls = state.calls
    if type(call) is Pass:
        if state._last_bid() is None:  # four passes end it (Law 22B): the first three are routine
            if len(calls) >= 3:
                return None
        elif len(calls) >= 2 and type(calls[-1].call.call) is Pass and type(calls[-2].call.call) is Pass:
            return None  # three passes after a bid may end it (Law 22A)
    elif not state.is_lawful(seat, call):
        return None
    standing = StandingCall(seat, AnnotatedCall(call, event.alert, event.explanation))
    return replace(state, calls=(*calls, standing), turn=seat.lho)


def routine_calls(state: AuctionState, events: Sequence[Event], start: int) -> tuple[AuctionState, int]:
    """The auction after ``events[start:k]``, the longest run of routine calls there (each one that
    :func:`routine_call` takes, in turn), and ``k``: the same auction as :func:`routine_call` makes of them
    one at a time, built once. Nothing in progress stays so through routine calls, so the state is looked at
    once; then each call must come in rotation (Law 17C), be sufficient or a permitted double or redouble
    (Laws 18, 19: the last bid and its doubling are followed from call to call), and not end the auction (Law
    22)."""
    turn = state.turn
    if turn is None or not _quiet(state):
        return state, start
    calls = state.calls
    n = len(calls)
    last = state._last_bid()
    passes = 0  # the passes that end the calls so far (only whether there are two matters)
    while passes < n and type(calls[n - 1 - passes].call.call) is Pass:
        passes += 1
    added: list[StandingCall] = []
    k, stop = start, len(events)
    while k < stop:
        event = events[k]
        if type(event) is not CallMade or event.seat is not turn:
            break
        call = event.call
        kind = type(call)
        if kind is Pass:
            if (n >= 3) if last is None else passes >= 2:  # Law 22: this pass would end the auction
                break
            passes += 1
        else:
            if kind is Bid:  # Law 18: higher than the last bid
                if last is not None and not call > last[1]:  # type: ignore[operator]
                    break
                last = (turn, call, Doubling.UNDOUBLED, None)  # type: ignore[assignment]
            elif kind is Double:  # Law 19A: an opponent's last bid, not yet doubled
                if last is None or last[0].side is turn.side or last[2] is not Doubling.UNDOUBLED:
                    break
                last = (last[0], last[1], Doubling.DOUBLED, turn)
            elif kind is Redouble:  # Law 19B: his side's last bid, doubled by an opponent
                if last is None or last[0].side is not turn.side or last[2] is not Doubling.DOUBLED or \
                        last[3] is None or last[3].side is turn.side:
                    break
                last = (last[0], last[1], Doubling.REDOUBLED, turn)
            else:
                break
            passes = 0
        added.append(StandingCall(turn, AnnotatedCall(call, event.alert, event.explanation)))
        n += 1
        k += 1
        turn = turn.lho
    if k == start:
        return state, start
    return replace(state, calls=(*calls, *added), turn=turn), k


def _comparable_decision(law: LawRef, offender: Seat, edition: int = 2017) -> Decision:
    if edition == OLD:
        # Law 27B1(b) (2007): the Director finds whether the replacement means the same as the insufficient
        # bid, or something more precise that its possible meanings contain (no comparable call in 2007)
        same = LawRef(27, "B1(b)", OLD)
        return Decision(
            DIRECTOR,
            (Comparable(True, same), Comparable(False, law)),
            same,
            explanation=f"Does {offender.name.title()}'s replacement mean the same as the insufficient bid, "
                        "or something more precise?",
        )
    return Decision(
        DIRECTOR,
        (Comparable(True, _cite(23, "A")), Comparable(False, law)),
        _cite(23),
        explanation=f"Is {offender.name.title()}'s call comparable to the withdrawn one?",
    )


def _old(state: AuctionState, law: int, clause: str = "") -> LawRef:
    """A clause of the edition the table follows, where the two editions differ."""
    return LawRef(law, clause, OLD) if state.edition == OLD else LawRef(law, clause)


def _restriction(
    state: AuctionState, offender: Seat, made: CallMade | Call | None, law: LawRef,
    named: tuple[Suit, ...] = (),
) -> LeadRestriction:
    """The lead restriction for the offender's partner after ``made`` is withdrawn: Law 26B under 2017 (any
    suit the offender did not name); under 2007, Law 26 (2007), which depends on the suits the withdrawn call
    named
    (26A) or lets declarer forbid any one suit (26B)."""
    if state.edition != OLD:
        return LeadRestriction(offender.partner, offender, law)
    if made is not None:
        named = specified(made if isinstance(made, CallMade) else CallMade(offender, made))
    # the Law that brings the restriction, labelled 2007: Law 26 (2007) then says what declarer may do
    source = LawRef(law.law, "" if law.law == 26 else law.clause, OLD)
    return LeadRestriction(offender.partner, offender, source, named)


def _old_after_rho(state: AuctionState, proc: _AwaitComparable, event: CallMade) -> AuctionState:
    """2007 edition, a call out of rotation at RHO's turn cancelled and RHO having called: the offender's
    call at his turn settles the rectification (no Director's judgement). Law 31A2(a) (2007): he repeats the
    denomination of his bid, and his partner passes at his next turn only; 31A2(b): any other call (or the
    bid out of rotation was an artificial pass), and his partner passes to the end, with the Law 26 lead
    restrictions. Law 32B2 (2007): after a double or redouble, his partner passes to the end; Law 32A (2007):
    the double or redouble was made at partner's turn, who already passes to the end. Law 26 (2007) applies
    only when the offender's final call at this turn differs from the cancelled one (a double repeated
    brings no lead restriction)."""
    offender, withdrawn = proc.offender, proc.withdrawn
    if isinstance(withdrawn, Double | Redouble):
        kept = tuple(c for c in proc.if_not if not isinstance(c, LeadRestriction) or event.call != withdrawn)
        return replace(state, constraints=(*state.constraints, *kept))
    if isinstance(withdrawn, Bid) and isinstance(event.call, Bid) and _same_denomination(proc, event):
        once = MustPass(offender.partner, Duration.NEXT_TURN, LawRef(31, "A2(a)", OLD))
        return replace(state, constraints=(*state.constraints, once))
    return replace(state, constraints=(*state.constraints, *proc.if_not))


def _same_denomination(proc: _AwaitComparable, event: CallMade) -> bool:
    """Whether the offender's bid repeats the denomination of his bid out of rotation (Law 31A2(a) (2007)):
    the same denomination, or the same suits specified when the bid out of rotation was artificial (Law
    29C)."""
    withdrawn, call = proc.withdrawn, event.call
    assert isinstance(withdrawn, Bid) and isinstance(call, Bid)
    if call.denomination is withdrawn.denomination:
        return True
    named = next((c.withdrawn for c in proc.if_not if isinstance(c, LeadRestriction)), None)
    return bool(named) and set(specified(event)) == set(named or ())


def _replacement(
    state: AuctionState, proc: _AwaitReplacement, event: CallMade, index: int, policy: Policy
) -> AuctionState:
    """Law 27B: the offender replaces a rejected insufficient bid."""
    call = event.call
    if isinstance(call, Bid) and not state.is_lawful(event.seat, call):
        # Law 27B4: another insufficient bid; LHO may accept it (27A1), else the Director rules as in 27B3.
        again = _AwaitReplacement(proc.offender, proc.withdrawn, True, proc.artificial)
        new = replace(state, procedure=again)
        return _irregular(new, Kind.INSUFFICIENT_BID, event, _cite(27, "B4"), index, policy)
    if not state.is_lawful(event.seat, call):
        raise ImpossibleActionError(f"{call} is not a lawful replacement for {proc.withdrawn} (Law 27B)")
    if isinstance(call, Double | Redouble) and proc.no_double:
        raise ImpossibleActionError(
            f"after Law 27B3 the replacement for {proc.withdrawn} must be a bid or a pass"
        )
    if (
        isinstance(call, Bid)
        and call.denomination is proc.withdrawn.denomination
        and _lowest_sufficient(state, call)
        and not proc.no_double
        and not (state.edition == OLD and (proc.artificial or event.alert or bool(event.explanation)))
    ):
        # Law 27B1(a): the lowest sufficient bid in the same denomination: no rectification, no 16C. Under
        # the 2007 edition both bids must also be natural; an alerted or explained one goes to Law 27B1(b)
        # (2007).
        cleared = replace(
            state,
            procedure=None,
            withdrawn=tuple(
                w for w in state.withdrawn if w.call != proc.withdrawn or w.seat is not proc.offender
            ),
            substituted=(*state.substituted, (proc.offender, _old(state, 27, "D"))),
        )
        return _append(cleared, event)
    old = isinstance(call, Double | Redouble) or proc.no_double
    # Laws 27B2, 27B3; under 2007, Laws 27B2, 27B3 (2007) with the Law 26 (2007) lead restrictions
    law = _old(state, 27, "B3") if old else _old(state, 27, "B2")
    if proc.no_double:  # after 27B3/27B4 the replacement stands and partner must pass throughout
        silenced = _partner_silenced(state, proc.offender, law, proc.withdrawn)
        return _append(
            replace(state, procedure=None, constraints=(*state.constraints, *silenced)),
            event,
        )
    judging = _Judging(proc, event)
    return replace(state, procedure=judging, pending=_comparable_decision(law, proc.offender, state.edition))


def _lowest_sufficient(state: AuctionState, bid: Bid) -> bool:
    """Whether ``bid`` is the lowest sufficient bid in its denomination (Law 27B1(a))."""
    last = state._last_bid()
    lowest = next(
        (b for b in (Bid(level, bid.denomination) for level in range(1, 8)) if last is None or b > last[1]),
        None,
    )
    return bid == lowest


def _partner_silenced(
    state: AuctionState, offender: Seat, law: LawRef, withdrawn: CallMade | Call | None
) -> tuple[Constraint, ...]:
    return (
        MustPass(offender.partner, Duration.REST_OF_AUCTION, law),
        _restriction(state, offender, withdrawn, _cite(26, "B")),
    )


def _call_over_open_irregularity(
    state: AuctionState, event: CallMade, index: int, policy: Policy
) -> AuctionState:
    """A call made before anyone draws attention to the open irregularity: the Laws treat some of these as an
    acceptance or a cancellation."""
    assert state.open is not None
    irregularity, offending = state.open
    seat, offender = event.seat, irregularity.offender
    kind = irregularity.kind
    if kind is Kind.CHANGE_OF_CALL:
        return changes.call_over_change(state, event, index, policy, on_call=on_call)
    if kind is Kind.INSUFFICIENT_BID and seat is offender and state.premature is None:
        # Laws 27C, 9C: the offender replaces his insufficient bid before the Director has ruled. The
        # replacement waits: if LHO accepts the insufficient bid it is cancelled, otherwise Law 27B judges it.
        return replace(state, premature=(event, index))
    if kind is Kind.INSUFFICIENT_BID and state.premature is not None:
        raise ImpossibleActionError(
            f"{offender.name.title()} replaced his insufficient bid before the Director ruled: the Director "
            f"must be called before {seat.name.title()} calls (Law 27C)"
        )
    if kind is Kind.INSUFFICIENT_BID and seat is offender.lho:
        # Law 27A1: LHO's call accepts the insufficient bid.
        accepted = _append(replace(state, open=None, procedure=None), offending)
        return on_call(accepted, event, index, policy)
    if kind is Kind.CALL_OUT_OF_ROTATION:
        proper = state.turn
        assert proper is not None
        if seat is proper:
            # Law 28B: the player whose turn it was calls; the call out of rotation is cancelled without
            # rectification (its information is unauthorised to the offenders, Law 16C2).
            cleared = _withdraw(replace(state, open=None), offender, offending.call, _cite(28, "B"))
            return on_call(cleared, event, index, policy)
        if seat is offender.lho and _inadmissible(state, offending):
            # Law 36A also for an inadmissible double or redouble out of rotation: the auction reverts to
            # the player whose turn it was.
            return _cancelled_by_lho(state, offending, event)
        if seat is offender.lho:
            # Law 29A: offender's LHO calls, accepting the call out of rotation; skipped players lose a turn.
            accepted = _append(replace(state, open=None), offending)
            return on_call(accepted, event, index, policy)
    if kind is Kind.INADMISSIBLE_DOUBLE and seat is offender.lho:
        # Law 36A: LHO calls before rectification, so nobody has noticed yet. The double stays in the
        # auction as made but counts for nothing (36C); when attention is drawn to it before the opening lead
        # is faced, it and every call after it are cancelled (36A, :func:`on_director`).
        kept = _append(replace(state, open=None), offending, inadmissible=True)
        return on_call(kept, event, index, policy)
    if kind is Kind.CALL_WHILE_REQUIRED_TO_PASS and seat is offender.lho:
        # Law 37A: the inadmissible call and everything after it stand.
        accepted = _append(replace(state, open=None), offending)
        return on_call(accepted, event, index, policy)
    raise ImpossibleActionError(
        f"{irregularity} is open: the Director must be called before {seat.name.title()} calls"
    )


def _cancelled_by_lho(state: AuctionState, offending: CallMade, event: CallMade) -> AuctionState:
    """Law 36A: the offender's LHO called over an inadmissible double or redouble before rectification: both
    calls are cancelled and the auction goes on from the player whose turn it was, as if nothing had happened
    (no Law 26B restriction)."""
    offender = offending.seat
    return _withdraw(
        _withdraw(replace(state, open=None), offender, offending.call, _cite(36, "A")),
        event.seat,
        event.call,
        _cite(36, "A"),
        offender.side,  # Law 16C: LHO's cancelled call is authorised to his side, not to the offenders
    )


def _cancel_unnoticed(state: AuctionState, at: int) -> AuctionState:
    """Law 36A: attention is drawn, during the auction period, to an inadmissible double or redouble its
    offender's LHO called over: it and every later call are cancelled and the auction goes back to the
    offender, whose turn it was, as if nothing had happened (no Law 26B restriction). The cancelled calls are
    withdrawn information (Law 16C), the offending side's; the obligations they met are in force again."""
    offender = state.calls[at].seat
    cancelled = state.calls[at:]
    restored = tuple(c for s in cancelled for c in s.lapsed)
    new = replace(state, calls=state.calls[:at], turn=offender, constraints=(*state.constraints, *restored),
                  misinformed=tuple(m for m in state.misinformed if m[1] < at))
    for standing in cancelled:
        new = _withdraw(new, standing.seat, standing.call.call, _cite(36, "A"), offender.side)
    return new


def _inadmissible(state: AuctionState, event: CallMade) -> bool:
    """A double or redouble that Law 19 would not allow even in turn (Law 32: never accepted)."""
    return isinstance(event.call, Double | Redouble) and not state.is_lawful(event.seat, event.call)


def _after_final_pass(state: AuctionState, event: CallMade, index: int, policy: Policy) -> AuctionState:
    """Law 39: a call after the final pass is cancelled. A bid, double or redouble by a future defender brings
    the lead restrictions of Law 26B (39C), unless his LHO calls after it before rectification; anything else
    has no further rectification (39B)."""
    new = _irregular(state, Kind.CALL_AFTER_FINAL_PASS, event, _cite(39), index, policy)
    # Law 39A: every call after the final pass is cancelled
    new = _withdraw(replace(new, open=None), event.seat, event.call, _cite(39, "A"))
    # Law 39B: once the offender's LHO has called in his turn after the infraction, before any rectification,
    # the offender's call brings no further rectification (its 39C restriction lapses)
    lapsed = tuple(c for c in new.constraints if isinstance(c, LeadRestriction) and c.law == _cite(39, "C")
                   and c.offender.lho is event.seat)
    if lapsed:
        new = replace(new, constraints=tuple(c for c in new.constraints if c not in lapsed))
    contract = state.contract()
    if (
        contract is not None
        and event.seat.side is not contract.declarer.side
        and not isinstance(event.call, Pass)
    ):
        # Law 39C: a bid, double or redouble by a defender, his LHO not having called: the 26B restrictions
        new = replace(
            new,
            constraints=(*new.constraints, _restriction(state, event.seat, event, _cite(39, "C"))),
        )
    return new


def on_event(state: AuctionState, event: Event, index: int, policy: Policy) -> AuctionState:
    """Events of the auction period other than calls: changes of call (Law 25) and cards exposed during the
    auction (Law 24)."""
    if isinstance(event, CardExposed):
        return on_auction_exposure(state, event, index, policy)
    if isinstance(event, BidAboveSeven):
        return _above_seven(state, event, index, policy)
    from tenace.laws.events import Misinformation, SimultaneousCalls

    if isinstance(event, CallChanged | Misinformation | SimultaneousCalls):
        return changes.on_event(state, event, index, policy, on_call=on_call)  # Laws 21B, 25, 33
    raise ImpossibleActionError(f"{type(event).__name__} is not handled in the auction period yet")


def _above_seven(state: AuctionState, event: BidAboveSeven, index: int, policy: Policy) -> AuctionState:
    """Law 38: a bid of more than seven, in turn, waits for the Director with any calls made over it. Law 35C:
    such a bid is inadmissible; Law 38A: it never enters the auction, so no contract above seven is played."""
    irregularity = Irregularity(Kind.BID_ABOVE_SEVEN, event.seat, _cite(38), index)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(f"{event.bid} by {event.seat.name.title()}: no bid is above seven (Law 38)",
                                  irregularity)
    if state.turn is None:
        raise ImpossibleActionError("the auction has ended: a call now is one after the final pass (Law 39)")
    if state.open is not None or state.above_seven is not None or state.pending is not None:
        raise ImpossibleActionError("the Director must first deal with the irregularity already on the table")
    if event.seat is not state.turn:
        raise ImpossibleActionError(
            f"it is {state.turn.name.title()}'s turn: Tenace rectifies a bid of more than seven made in turn "
            "(Law 38)"
        )
    return replace(state, irregularities=(*state.irregularities, irregularity),
                   above_seven=AboveSeven(irregularity, event.bid), turn=event.seat.lho)


def _rectify_above_seven(state: AuctionState, above: AboveSeven) -> AuctionState:
    """Laws 38B, 38C and 38D: the bid and every call over it are cancelled (38B); a pass is substituted, and
    both members of the offending side must pass for the rest of the auction (38C); Law 26B applies to the
    offender's partner unless the offender's LHO had called over the bid (Law 38D)."""
    offender = above.irregularity.offender
    cleared = replace(state, above_seven=None)
    for later in above.later:
        cleared = _withdraw(cleared, later.seat, later.call, _cite(38, "B"), offender.side)
    law = _cite(38, "C")
    constraints: tuple[Constraint, ...] = (MustPass(offender, Duration.REST_OF_AUCTION, law),
                                           MustPass(offender.partner, Duration.REST_OF_AUCTION, law))
    if not any(later.seat is offender.lho for later in above.later):
        suit = next((s for s in Suit if above.bid.upper().endswith(s.value)), None)  # "8C" names clubs
        named = () if suit is None else (suit,)
        constraints = (*constraints, _restriction(state, offender, None, _cite(38, "D"), named))
    cleared = replace(cleared, constraints=(*cleared.constraints, *constraints))
    return _append(cleared, CallMade(offender, PASS))


# --- the Director ------------------------------------------------------------------------------------------


def on_director(state: AuctionState, event: DirectorCalled) -> AuctionState:
    """Attention is drawn to the open irregularity: the Director states the options (Law 9B, 10): the pending
    decision lists every option the Laws give, each with its Law (Law 10C1)."""
    if state.above_seven is not None:
        return _rectify_above_seven(state, state.above_seven)
    if state.open is None and state.unnoticed is not None:
        return _cancel_unnoticed(state, state.unnoticed)
    if state.open is None:
        raise ImpossibleActionError("there is no irregularity in the auction to call the Director for")
    irregularity, offending = state.open
    offender = irregularity.offender
    match irregularity.kind:
        case Kind.CHANGE_OF_CALL:
            return changes.on_director(state, irregularity)
        case Kind.INSUFFICIENT_BID:
            options: tuple[Option, ...] = (Accept(_cite(27, "A1")), Reject(_cite(27, "B")))
            question = "Accept the insufficient bid, or not?"
            if state.premature is not None:  # Law 27C
                question = (f"Accept the insufficient bid (its replacement {state.premature[0].call} is then "
                            "cancelled), or not (the replacement stands, judged under Law 27B)?")
            return replace(
                state,
                pending=Decision(offender.lho, options, _cite(27, "A1"), irregularity, question),
            )
        case Kind.CALL_OUT_OF_ROTATION if not _inadmissible(state, offending):
            options = (Accept(_cite(29, "A")), Reject(_cite(29, "B")))
            return replace(
                state,
                pending=Decision(
                    offender.lho,
                    options,
                    _cite(29, "A"),
                    irregularity,
                    "Accept the call out of rotation, or not?",
                ),
            )
        case Kind.CALL_OUT_OF_ROTATION:
            return _cancel_out_of_rotation(state, irregularity, offending)
        case Kind.INADMISSIBLE_DOUBLE:
            # Law 36B1: the double or redouble is cancelled. Law 36B2: the offender substitutes a legal call
            # (his turn stays) and his partner must pass throughout. Law 36B3: the 26B lead restrictions.
            cleared = _withdraw(replace(state, open=None), offender, offending.call, _cite(36, "B1"))
            silenced = _partner_silenced(state, offender, _cite(36, "B2"), offending)
            return replace(cleared, constraints=(*cleared.constraints, *silenced))
        case Kind.CALL_WHILE_REQUIRED_TO_PASS:
            # Law 37B1: the call by a player required to pass is cancelled. Law 37B2: a pass is substituted
            # and both members of the offending side must pass for the rest of the auction (26B may apply).
            cleared = _withdraw(replace(state, open=None), offender, offending.call, _cite(37, "B1"))
            law = _cite(37, "B2")
            cleared = replace(
                cleared,
                constraints=(
                    *cleared.constraints,
                    MustPass(offender, Duration.REST_OF_AUCTION, law),
                    *_partner_silenced(state, offender, law, offending),
                ),
            )
            return _append(cleared, CallMade(offender, PASS))
    raise ImpossibleActionError(f"no procedure for {irregularity}")


def on_elected(state: AuctionState, event: Elected) -> AuctionState:
    pending = state.pending
    if pending is None:
        raise ImpossibleActionError("no decision is pending")
    pending.check(event.actor, event.option)
    state = replace(state, pending=None)
    option = event.option
    if changes.owns(state):  # Laws 21B, 25, 26
        return changes.on_elected(state, option, on_call=on_call)
    if isinstance(option, Comparable):
        return _judged(state, option)
    assert state.open is not None
    irregularity, offending = state.open
    offender = irregularity.offender
    if isinstance(option, Accept):
        if irregularity.kind is Kind.INSUFFICIENT_BID:
            if state.premature is not None:  # Law 27C: the insufficient bid stands, its replacement goes
                early = state.premature[0]
                state = _withdraw(replace(state, premature=None), early.seat, early.call, _cite(27, "C"))
            return _append(replace(state, procedure=None), offending)
        return _append(state, offending)  # Law 29A: skipped players lose their turn
    # Reject
    if irregularity.kind is Kind.INSUFFICIENT_BID:
        assert isinstance(offending.call, Bid)
        cleared = _withdraw(replace(state, open=None), offender, offending.call, _cite(27, "B"))
        no_double = isinstance(state.procedure, _AwaitReplacement) and state.procedure.no_double
        artificial = offending.alert or bool(offending.explanation)
        awaiting = _AwaitReplacement(offender, offending.call, no_double, artificial)
        waiting = replace(cleared, procedure=awaiting)
        if state.premature is not None:  # Law 27C: the replacement already made is judged under Law 27B
            early, at = state.premature
            waiting = replace(waiting, premature=None)
            assert isinstance(waiting.procedure, _AwaitReplacement)
            return _replacement(waiting, waiting.procedure, early, at, Policy.LAWS)
        return waiting
    return _cancel_out_of_rotation(state, irregularity, offending)


def _cancel_out_of_rotation(
    state: AuctionState, irregularity: Irregularity, offending: CallMade
) -> AuctionState:
    """Law 29B: the call out of rotation is cancelled and the auction reverts to the player whose turn it was;
    Laws 30-32 say what follows."""
    offender, call, proper = irregularity.offender, offending.call, state.turn
    assert proper is not None
    state = _withdraw(replace(state, open=None), offender, call, _cite(29, "B"))
    at_rho = proper is offender.rho
    at_partner = proper is offender.partner
    if not at_rho and not at_partner and state.has_called(offender):
        raise ImpossibleActionError(
            f"a call out of rotation at LHO's turn after {offender.name.title()} has called is a change of "
            "call "
            "(Laws 30B2, 31C, 32C, 25), which the engine does not handle yet"
        )
    if state.edition == OLD:
        return _old_out_of_rotation(state, offending, at_rho, at_partner)
    match call:
        case Pass() if _artificial_pass(state, offending):
            # Law 30C: an artificial pass, or a pass of an artificial call, is dealt with as a bid (Law 31)
            if at_rho:
                return _await_rho(state, offender, call, _cite(31, "A1"), _cite(31, "A2(b)"))
            law = _cite(31, "B")
        case Pass():
            if at_rho:  # Law 30A
                return replace(
                    state,
                    constraints=(*state.constraints, MustPass(offender, Duration.NEXT_TURN, _cite(30, "A"))),
                )
            # Law 30B1(a): the offender's partner calls freely at his turn (the cancelled pass is UI, 16C2)
            law = _cite(30, "B1(b)(ii)")
        case Bid():
            if at_rho:  # Law 31A1: repeat the bid if RHO passes; 31A2 otherwise
                return _await_rho(state, offender, call, _cite(31, "A1"), _cite(31, "A2(b)"),
                                  _artificial_specifies(offending))
            # Law 31B1: the offender's partner calls freely at his turn (the cancelled bid is UI, 16C2);
            # Law 31B2: the offender calls at his turn and the Director judges comparability as in 31A2.
            law = _cite(31, "B")
        case Double() | Redouble():
            if _inadmissible(state, offending):
                # Law 36B4: the offender may make any legal call at his turn; partner must pass throughout.
                return replace(
                    state,
                    constraints=(*state.constraints,
                                 *_partner_silenced(state, offender, _cite(36, "B4"), offending)),
                )
            if at_rho:  # Law 32A1 / 32A2 (a comparable call, Law 32A2(a); otherwise Law 32A2(b))
                return _await_rho(state, offender, call, _cite(32, "A1"), _cite(32, "A2(b)"),
                                  _artificial_specifies(offending))
            # Law 32B1: the offender's partner calls freely (16C2); Law 32B2: the offender's call at his
            # turn is judged as in 32A2(a)/(b).
            law = _cite(32, "B")
    if_not = (
        MustPass(offender.partner, Duration.NEXT_TURN, law),
        LeadRestriction(offender.partner, offender, _cite(26, "B")),
    )
    return replace(state, procedure=_AwaitComparable(offender, call, law, if_not))


def _old_out_of_rotation(
    state: AuctionState, offending: CallMade, at_rho: bool, at_partner: bool
) -> AuctionState:
    """Laws 30-32 of the 2007 edition, which know no comparable call: the rectification follows from where
    the call was made and, at RHO's turn, from RHO's call and the offender's (:func:`_old_after_rho`)."""
    offender, call = offending.seat, offending.call
    partner = offender.partner

    def rest(law: LawRef, seat: Seat = partner) -> MustPass:
        return MustPass(seat, Duration.REST_OF_AUCTION, law)

    def add(*constraints: Constraint) -> AuctionState:
        return replace(state, constraints=(*state.constraints, *constraints))

    artificial_pass = isinstance(call, Pass) and _artificial_pass(state, offending)
    if isinstance(call, Pass) and not artificial_pass:
        if state._last_bid() is None:  # Law 30A (2007): before any bid, the offender passes at his next turn
            return add(MustPass(offender, Duration.NEXT_TURN, LawRef(30, "A", OLD)))
        if at_rho:  # Law 30B1 (2007)
            return add(MustPass(offender, Duration.NEXT_TURN, LawRef(30, "B1", OLD)))
        if at_partner:
            # Laws 30B2(a), 30B2(b) (2007): the offender passes to the end; his partner may bid or pass at
            # this turn, not double or redouble
            return add(rest(LawRef(30, "B2(a)", OLD), offender),
                       NoDoubleNow(partner, LawRef(30, "B2(b)", OLD)))
        # at LHO's turn, the offender not having called: Law 30B3 (2007) sends a change of call to Law 25,
        # which
        # cannot apply to a first call; the engine gives the mildest rectification of Law 30 (next turn)
        return add(MustPass(offender, Duration.NEXT_TURN, LawRef(30, "B", OLD)))
    if isinstance(call, Double | Redouble):
        restriction = _restriction(state, offender, None, LawRef(32))  # Law 32 (2007): Law 26B may apply
        if _inadmissible(state, offending):  # Law 36B4 (2007): partner passes to the end, Law 26 may apply
            return add(rest(_cite(36, "B4")), restriction)
        # Law 32B (2007): repeat if RHO passes (32B1 (2007)), else partner passes to the end (32B2 (2007));
        # the lead restriction waits for the offender's call (none if he repeats the double, Law 26 (2007))
        if at_rho:
            return _await_rho(state, offender, call, LawRef(32, "B1", OLD), LawRef(32, "B2", OLD),
                              _artificial_specifies(offending))
        # Law 32A (2007), also at LHO's turn: partner passes to the end now; Law 26 after the offender's call
        waiting = _AwaitComparable(offender, call, LawRef(32, "A", OLD), (restriction,))
        return replace(add(rest(LawRef(32, "A", OLD))), procedure=waiting)
    specifies = _artificial_specifies(offending)
    if at_rho:  # Law 31A (2007); an artificial pass (30C) never repeats a denomination (Law 31A2(b) (2007))
        return _await_rho(state, offender, call, LawRef(31, "A1", OLD), LawRef(31, "A2(b)", OLD), specifies,
                          offending)
    return add(rest(LawRef(31, "B", OLD)), _restriction(state, offender, offending, LawRef(26)))  # Law 31B


def _artificial_pass(state: AuctionState, offending: CallMade) -> bool:
    """Law 30C: the pass out of rotation was alerted or explained (artificial), or the call standing before it
    was (a pass of an artificial call)."""
    if offending.alert or offending.explanation:
        return True
    if not state.calls:
        return False
    last = state.calls[-1].call
    return bool(last.alert or last.explanation)


def _await_rho(
    state: AuctionState, offender: Seat, call: Call, repeat_law: LawRef, law: LawRef,
    specifies: tuple[Suit, ...] | None = None, offending: CallMade | None = None,
) -> AuctionState:
    """Laws 31A/32A: what the offender may do depends on his RHO's call, which comes first."""
    if state.edition == OLD:  # Laws 31A2(b), 32B2 (2007): partner passes to the end, and Law 26 (2007)
        silence = (MustPass(offender.partner, Duration.REST_OF_AUCTION, law),
                   _restriction(state, offender, offending, _cite(26, "B")))
        return replace(state, procedure=_AwaitRHO(offender, call, repeat_law, law, silence, specifies))
    if_not = (
        MustPass(offender.partner, Duration.NEXT_TURN, law),
        LeadRestriction(offender.partner, offender, _cite(26, "B")),
    )
    return replace(state, procedure=_AwaitRHO(offender, call, repeat_law, law, if_not, specifies))


def _artificial_specifies(offending: CallMade) -> tuple[Suit, ...] | None:
    """Law 29C: for an artificial call out of rotation (alerted or explained), the suits it specified, to
    which Laws 31 and 32 then apply; ``None`` for a natural call."""
    if not (offending.alert or offending.explanation):
        return None
    return specified(offending)


def _judged(state: AuctionState, option: Comparable) -> AuctionState:
    proc = state.procedure
    assert isinstance(proc, _Judging)
    check, event = proc.check, proc.event
    state = replace(state, procedure=None)
    if isinstance(check, _AwaitReplacement):  # Law 27B1(b), 27B2, 27B3
        if option.yes:
            cleared = replace(
                state,
                withdrawn=tuple(
                    w for w in state.withdrawn if not (w.seat is check.offender and w.call == check.withdrawn)
                ),
                substituted=(*state.substituted,  # Laws 23C, 27D; in 2007 only Law 27D (2007)
                             *(((check.offender, _cite(23, "C")),) if state.edition != OLD else ()),
                             (check.offender, _old(state, 27, "D"))),
            )
            return _append(cleared, event)
        if isinstance(event.call, Double | Redouble):  # Law 27B3: cancelled; replace again; partner silenced
            cancelled = _withdraw(state, event.seat, event.call, _cite(27, "B3"))
            return replace(
                cancelled,
                procedure=_AwaitReplacement(check.offender, check.withdrawn, True, check.artificial),
            )
        law = _old(state, 27, "B2")
        silenced = replace(
            state,
            constraints=(*state.constraints, *_partner_silenced(state, check.offender, law, check.withdrawn)),
        )
        return _append(silenced, event)
    # a call judged after Laws 30B1(b), 31A2, 31B, 32A2, 32B: the call already stands
    if option.yes:  # Law 23B: comparable: no further rectification, the withdrawn call is no UI (23C remains)
        return replace(
            state,
            withdrawn=tuple(
                w for w in state.withdrawn if not (w.seat is check.offender and w.call == check.withdrawn)
            ),
            substituted=(*state.substituted, (check.offender, _cite(23, "C"))),  # Law 23C
        )
    return replace(state, constraints=(*state.constraints, *check.if_not))
