"""Changes of call and the other auction irregularities that are not calls out of turn or insufficient.

* Law 25A: a player replaces an unintended call (a slip of the tongue or a mechanical error) before his
  partner calls. The Director judges whether the first call really was unintended (an ``Unintended``
  election); if so the intended call stands, subject to whatever Law applies to it, and the opponent on the
  player's left may take back a call he made over the first one (25A6).
* Law 25B: an intended change stands only if the player's LHO accepts it (by calling over it, or by electing
  to when the Director is called); otherwise it is cancelled and the first call stands. After an accepted
  change the Director judges whether the new call is comparable (Law 26).
* Laws 30B2, 31C, 32C: a second call by a player who has called, made at his LHO's turn, is a change of call.
* Law 21B: when the Director judges that a call could well have been influenced by misinformation from an
  opponent (the :class:`~tenace.laws.events.Misinformation` input), the player may change it without
  rectification, and his LHO may then change the call he made over it (21B2).
* Law 33: of two simultaneous calls, the one by the player whose turn it was comes first.
* Laws 17D3 and 34: three passes that include a pass out of rotation which took away a player's turn do not
  end the auction; those passes are cancelled and the auction goes back to the player who lost his turn.
* Law 16C: every withdrawn or cancelled call says which side is the offending one; its information is
  unauthorised to that side and authorised to the other (:func:`unauthorised`).
* Law 20: the alerts and explanations given with the calls (:func:`explanations`).

Everything here is a pure function over :class:`~tenace.laws.auction_state.AuctionState`.

>>> from tenace import Board, Deal, Seat, parse_call
>>> from tenace.laws import DIRECTOR, CallChanged, CallMade, Elected, LawRef, Table, Unintended
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal)).apply(CallMade(Seat.NORTH, parse_call("1C")))
>>> t = t.apply(CallChanged(Seat.NORTH, parse_call("1D")))  # "I meant 1D"
>>> t.pending.actor, [str(o.law) for o in t.pending.options]
(<Director.DIRECTOR: 'Director'>, ['Law 25A1', 'Law 25B'])
>>> t = t.apply(Elected(DIRECTOR, Unintended(True, LawRef(25, "A1"))))
>>> [str(s.call) for s in t.calls], [str(w.call) for w in t.unauthorised(Seat.SOUTH)]
(['1D'], ['1C'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tenace.calls import Bid, Call, Double, Pass, Redouble
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws._evolve import replace
from tenace.laws.auction_state import (
    AuctionState,
    StandingCall,
    _append,
    _Judging,
    _withdrawn,
    retain_right_to_call,
)
from tenace.laws.decisions import (
    Accept,
    Comparable,
    Constraint,
    Decision,
    Irregularity,
    KeepCall,
    Kind,
    LeadRestriction,
    MustPass,
    MustRepeat,
    Option,
    Reject,
    Unintended,
    WithdrawCall,
    Withdrawn,
)
from tenace.laws.events import CallChanged, CallMade, Event, Misinformation, SimultaneousCalls
from tenace.laws.penalty_cards import specified
from tenace.laws.refs import DIRECTOR, LawRef, Policy
from tenace.record import AnnotatedCall
from tenace.seats import Seat, Side

if TYPE_CHECKING:
    from tenace.laws.auction_state import CallStep

__all__ = [
    "ChangeProcedure",
    "Explained",
    "explanations",
    "is_change_of_call",
    "retain_right_to_call",
    "unauthorised",
]


@dataclass(frozen=True, slots=True)
class _JudgeIntent:
    """Law 25A2: the Director judges whether ``seat`` meant to make the call he wants to replace by
    ``call``."""

    seat: Seat
    call: Call
    index: int
    policy: Policy


@dataclass(frozen=True, slots=True)
class _LhoChoice:
    """Laws 25A6, 21B2: ``lho`` may take back the call he made over the call that was changed."""

    lho: Seat
    law: LawRef
    offenders: Side


@dataclass(frozen=True, slots=True)
class _JudgeLaw26:
    """Laws 25B1, 26: after an accepted intended change, the Director judges whether the new call is
    comparable to the withdrawn ``withdrawn``."""

    seat: Seat
    withdrawn: Call


ChangeProcedure = _JudgeIntent | _LhoChoice | _JudgeLaw26


def _name(seat: Seat) -> str:
    return seat.name.title()



# --- who may change which call ---------------------------------------------------------------------------


def _last_call(state: AuctionState, seat: Seat) -> int | None:
    for i in range(len(state.calls) - 1, -1, -1):
        if state.calls[i].seat is seat:
            return i
    return None


def _partner_since(state: AuctionState, seat: Seat, i: int) -> bool:
    return any(s.seat is seat.partner for s in state.calls[i + 1 :])


def _replaceable(state: AuctionState, seat: Seat, i: int) -> bool:
    """Whether the call at ``i`` can be replaced in place: nobody but LHO has called over it (after an
    accepted call out of rotation others may have, and then only Law 25B can apply)."""
    return all(s.seat is seat.lho for s in state.calls[i + 1 :])


def _changeable(state: AuctionState, seat: Seat) -> int:
    """The position of ``seat``'s last call, which he may still change only while his partner has not called
    over it (Laws 21B1(a), 25A1, 25A4)."""
    i = _last_call(state, seat)
    if i is None:
        raise ImpossibleActionError(f"{_name(seat)} has made no call to change")
    if _partner_since(state, seat, i):
        raise ImpossibleActionError(
            f"{_name(seat)}'s partner has called over his {state.calls[i].call.call}: it can no longer be "
            "changed (Laws 21B1(a), 25A4)"
        )
    return i


def is_change_of_call(state: AuctionState, seat: Seat) -> bool:
    """Whether a call by ``seat`` now is a change of his own call rather than a call out of rotation: it is
    his LHO's turn and he has called before (Laws 30B2, 31C, 32C)."""
    turn = state.turn
    return turn is not None and seat is turn.rho and _last_call(state, seat) is not None


# --- events ------------------------------------------------------------------------------------------------


def on_event(state: AuctionState, event: Event, index: int, policy: Policy, *,
             on_call: CallStep) -> AuctionState:
    """Changes of call (Laws 21B, 25), the Director's misinformation finding (Law 21B1) and simultaneous calls
    (Law 33)."""
    if state.pending is not None:
        raise ImpossibleActionError(f"{state.pending.law} must first be decided")
    match event:
        case CallChanged():
            return change_of_call(state, event, index, policy, on_call=on_call)
        case Misinformation(seat=seat):
            # The finding is about the call seat has just made: it lapses if that call is no longer his last.
            return replace(state, misinformed=(*state.misinformed, (seat, _changeable(state, seat))))
        case SimultaneousCalls(first=first, second=second):
            return _simultaneous(state, first, second, index, policy, on_call=on_call)
    raise ImpossibleActionError(f"{type(event).__name__} is not handled in the auction period yet")


def _simultaneous(
    state: AuctionState, first: CallMade, second: CallMade, index: int, policy: Policy, *, on_call: CallStep
) -> AuctionState:
    """Law 33: the call by the player whose turn it was comes first; the other is deemed made after it."""
    if first.seat is second.seat:
        raise ImpossibleActionError("simultaneous calls are by two different players (Law 33)")
    turn = state.turn
    if second.seat is turn:
        first, second = second, first
    elif first.seat is not turn:
        whose = "nobody's (the auction has ended)" if turn is None else f"{_name(turn)}'s"
        raise ImpossibleActionError(
            f"Law 33 needs one of the two calls to be by the player whose turn it is; it is {whose} turn"
        )
    state = on_call(state, first, index, policy)
    return on_call(state, second, index, policy)


def repeats(repeat: MustRepeat, made: CallMade) -> bool:
    """Whether ``made`` meets the obligation to repeat a cancelled call (Laws 31A1, 32A1): the same call, or,
    when the call out of rotation was artificial, a call of the same kind that specifies the same suits (Law
    29C: Laws 30-32 apply to the denominations it specified, not the one it named).

    >>> from tenace.calls import parse_call
    >>> from tenace.cards import Suit
    >>> must = MustRepeat(Seat.SOUTH, parse_call("2D"), LawRef(31, "A1"), (Suit.HEARTS,))
    >>> repeats(must, CallMade(Seat.SOUTH, parse_call("2D")))
    True
    >>> repeats(must, CallMade(Seat.SOUTH, parse_call("3D"), alert=True, explanation="transfer to hearts"))
    True
    >>> repeats(must, CallMade(Seat.SOUTH, parse_call("3D")))
    False
    """
    if made.call == repeat.call:
        return True
    return (
        bool(repeat.specifies)
        and type(made.call) is type(repeat.call)
        and set(specified(made)) == set(repeat.specifies or ())
    )


def change_of_call(
    state: AuctionState, event: CallChanged, index: int, policy: Policy, *, made_as_call: bool = False,
        on_call: CallStep
) -> AuctionState:
    """``event.seat`` replaces his last call by ``event.call`` (Laws 21B, 25). ``made_as_call``: the change is
    a second call made at LHO's turn (Laws 30B2, 31C, 32C)."""
    if state.open is not None:
        raise ImpossibleActionError(f"{state.open[0]} must first be dealt with")
    seat, call = event.seat, event.call
    proc = state.procedure
    if proc is not None:
        offender = proc.check.offender if isinstance(proc, _Judging) else proc.offender
        if offender is seat:  # e.g. a rejected insufficient bid still to be replaced (Law 27B)
            raise ImpossibleActionError(f"{_name(seat)} is in the middle of a rectification; it comes first")
    last = _last_call(state, seat)
    if made_as_call and last is not None and not _replaceable(state, seat, last):
        # Law 25A4 rules out an allowed substitution once partner has called, so only 25B remains: LHO may
        # accept the new call, otherwise it is cancelled.
        return _intended(state, seat, call, index)
    i = _changeable(state, seat)
    if not _replaceable(state, seat, i):
        raise ImpossibleActionError(
            f"players other than {_name(seat.lho)} have called over {_name(seat)}'s "
            f"{state.calls[i].call.call}: it can no longer be changed"
        )
    old = state.calls[i].call.call
    if call == old:
        raise ImpossibleActionError(f"{_name(seat)}'s call is already {old}")
    for repeat in (*state.calls[i].lapsed, *state.constraints):
        # Laws 31A1, 32A1: an obligation to repeat a call (met by the old call, or still to be met) comes
        # first; by Law 29C a call of the same kind specifying the same suits repeats an artificial one.
        if (isinstance(repeat, MustRepeat) and repeat.seat is seat
                and not repeats(repeat, CallMade(seat, call))):
            raise ImpossibleActionError(f"{_name(seat)} must repeat {repeat.call} ({repeat.law})")
    if policy is Policy.ONLINE:
        _online_check(state, seat, i, call, index)
    if (seat, i) in state.misinformed:
        # Law 21B1(a): the Director has found that misinformation could have influenced the call; it is
        # changed without rectification, and the side that misinformed is the offending side for 16C.
        state = replace(state, misinformed=tuple(m for m in state.misinformed if m[0] is not seat))
        return _substitute(state, seat, i, call, LawRef(21, "B1(a)"), seat.side.opponents, LawRef(21, "B2"),
                           index, policy, on_call=on_call)
    if event.unintended:
        # Law 25A2: whether the first call was unintended is the Director's judgement. Law 25A3: how the
        # player became aware of his slip (an opponent's question included) plays no part in it.
        decision = Decision(
            DIRECTOR,
            (Unintended(True, LawRef(25, "A1")), Unintended(False, LawRef(25, "B"))),
            LawRef(25, "A2"),
            explanation=f"Was {_name(seat)}'s {old} unintended (a slip of the tongue or a mechanical error)?",
        )
        return replace(state, change=_JudgeIntent(seat, call, index, policy), pending=decision)
    return _intended(state, seat, call, index)


def _online_check(state: AuctionState, seat: Seat, i: int, call: Call, index: int) -> None:
    """Online, the new call must itself be one the screen would accept in the old call's place."""
    before = replace(state, calls=state.calls[:i])
    if _breaks(state.calls[i].lapsed, call):
        kind, law = Kind.CALL_WHILE_REQUIRED_TO_PASS, LawRef(37)
    elif not before.is_lawful(seat, call) and isinstance(call, Bid):
        kind, law = Kind.INSUFFICIENT_BID, LawRef(27)
    elif not before.is_lawful(seat, call):
        kind, law = Kind.INADMISSIBLE_DOUBLE, LawRef(36)
    else:
        return
    raise UnlawfulActionError(
        f"{call} by {_name(seat)} in place of {state.calls[i].call.call} would be a {kind.value} ({law})",
        Irregularity(kind, seat, law, index, call),
    )


def _substitute(
    state: AuctionState,
    seat: Seat,
    i: int,
    call: Call,
    law: LawRef,
    offenders: Side,
    lho_law: LawRef,
    index: int,
    policy: Policy, *, on_call: CallStep,
) -> AuctionState:
    """A change the Laws allow (25A1, 21B1(a)): the first call is withdrawn, the new one takes its place."""
    old = state.calls[i]
    after = state.calls[i + 1 :]
    if any(s.seat is not seat.lho for s in after):
        raise ImpossibleActionError(f"only {_name(seat.lho)}'s call may follow the call being changed")
    base = replace(
        state,
        calls=state.calls[:i],
        withdrawn=(*state.withdrawn, _withdrawn(seat, old.call.call, law, offenders)),
        change=None,
    )
    if not after:
        # The new call is made in the old one's place and is subject to whatever Law applies to it (25A1),
        # including the obligations the old call had met (to pass, or to repeat a call).
        base = replace(base, turn=seat, constraints=(*base.constraints, *old.lapsed))
        return on_call(base, CallMade(seat, call), index, policy)
    over = after[0]
    if not base.is_lawful(seat, call) or _breaks(old.lapsed, call):
        # The new call is itself irregular (Laws 27, 36, 37): LHO's call over the first one goes (he will call
        # again, 25A6, 21B2) and the new call is made in the first one's place, as above.
        base = replace(
            base,
            withdrawn=(*base.withdrawn, _withdrawn(over.seat, over.call.call, lho_law, offenders)),
            turn=seat,
            constraints=(*base.constraints, *old.lapsed, *over.lapsed),
        )
        return on_call(base, CallMade(seat, call), index, policy)
    replaced = replace(base, calls=(*base.calls, StandingCall(seat, AnnotatedCall(call), old.lapsed)))
    if not replaced.is_lawful(over.seat, over.call.call):
        # LHO's call would no longer be lawful over the new call: it goes and he calls again (25A6, 21B2).
        return _lho_withdraws(replaced, over, lho_law, offenders)
    kept = replace(replaced, calls=(*replaced.calls, over))
    decision = Decision(
        over.seat,
        (KeepCall(lho_law), WithdrawCall(lho_law)),
        lho_law,
        explanation=f"{_name(over.seat)} may take back his {over.call.call}, made over {old.call.call}",
    )
    return replace(kept, change=_LhoChoice(over.seat, lho_law, offenders), pending=decision)


def _breaks(obligations: tuple[Constraint, ...], call: Call) -> bool:
    """Whether ``call`` breaks an obligation to pass or to repeat a call (Laws 30A, 31A1, 32A1)."""
    return any(
        (isinstance(c, MustPass) and not isinstance(call, Pass))
        or (isinstance(c, MustRepeat) and c.call != call)
        for c in obligations
    )


def _lho_withdraws(state: AuctionState, over: StandingCall, law: LawRef, offenders: Side) -> AuctionState:
    """Law 25A6: information from LHO's withdrawn call is authorised to his side and unauthorised to the
    side that changed; Law 21B2: after misinformation, LHO's side is the offending one (16C)."""
    return replace(
        state,
        withdrawn=(*state.withdrawn, _withdrawn(over.seat, over.call.call, law, offenders)),
        turn=over.seat,
    )


def _intended(state: AuctionState, seat: Seat, call: Call, index: int) -> AuctionState:
    """Law 25B: an intended change waits for LHO's acceptance; it is an open irregularity until LHO calls
    over it (accepting it, 25B1) or the Director is called."""
    irregularity = Irregularity(Kind.CHANGE_OF_CALL, seat, LawRef(25, "B"), index, call)
    i = _last_call(state, seat)
    assert i is not None
    before = replace(state, calls=state.calls[:i]) if _replaceable(state, seat, i) else state
    if isinstance(call, Double | Redouble) and not before.is_lawful(seat, call):
        # An inadmissible double or redouble can never stand (Laws 19, 35A, 36): nobody may accept it, so the
        # change is cancelled at once and the first call stands (25B2, 16C).
        return replace(
            state,
            irregularities=(*state.irregularities, irregularity),
            withdrawn=(*state.withdrawn, Withdrawn(seat, call, LawRef(25, "B2"))),
            change=None,
        )
    turn = state.turn
    if turn is None and state.calls[-1].seat is seat:
        turn = seat.lho  # the auction had ended on the changed call: LHO may still accept it by calling
    return replace(
        state,
        irregularities=(*state.irregularities, irregularity),
        open=(irregularity, CallMade(seat, call)),
        change=None,
        turn=turn,
    )


def call_over_change(state: AuctionState, event: CallMade, index: int, policy: Policy, *,
                     on_call: CallStep) -> AuctionState:
    """A call while an intended change is open: LHO calling in turn accepts it (Law 25B1)."""
    assert state.open is not None
    irregularity, _ = state.open
    lho = irregularity.offender.lho
    if event.seat is not lho or state.turn is not lho:
        raise ImpossibleActionError(
            f"{irregularity} is open: {_name(lho)} may accept it by calling in turn, otherwise the Director "
            "must be called"
        )
    accepted, old = _accept(state)
    new = on_call(accepted, event, index, policy)
    if old is not None and new.pending is None and new.open is None:
        return _ask_law_26(new, irregularity.offender, old)
    return new  # the Law 26 question gives way to the new irregularity


def on_director(state: AuctionState, irregularity: Irregularity) -> AuctionState:
    """The Director is called to an intended change: LHO chooses (Law 25B1, 25B2)."""
    return replace(
        state,
        pending=Decision(
            irregularity.offender.lho,
            (Accept(LawRef(25, "B1")), Reject(LawRef(25, "B2"))),
            LawRef(25, "B1"),
            irregularity,
            f"Accept {_name(irregularity.offender)}'s change to {irregularity.call}, or not?",
        ),
    )


def owns(state: AuctionState) -> bool:
    """Whether the pending decision belongs to a change of call."""
    return state.change is not None or (state.open is not None and state.open[0].kind is Kind.CHANGE_OF_CALL)


def on_elected(state: AuctionState, option: Option, *, on_call: CallStep) -> AuctionState:
    """An election in a change-of-call procedure (the pending decision has been checked and cleared)."""
    proc = state.change
    state = replace(state, change=None)
    match proc, option:
        case _JudgeIntent(seat=seat, call=call, index=index, policy=policy), Unintended(yes=True):
            # Law 25A1: the intended call replaces the unintended one; no lead restrictions (Law 26 does not
            # apply). The side that changed is the offending side for the withdrawn calls (25A6, 16C).
            i = _changeable(state, seat)
            return _substitute(state, seat, i, call, LawRef(25, "A1"), seat.side, LawRef(25, "A6"), index,
                               policy, on_call=on_call)
        case _JudgeIntent(seat=seat, call=call, index=index), Unintended(yes=False):
            return _intended(state, seat, call, index)  # Law 25A2: not a slip, so Law 25B
        case _LhoChoice(), KeepCall():
            return _settle(state)
        case _LhoChoice(lho=lho, law=law, offenders=offenders), WithdrawCall():
            over = state.calls[-1]
            assert over.seat is lho
            return _lho_withdraws(replace(state, calls=state.calls[:-1]), over, law, offenders)
        case _JudgeLaw26(seat=seat, withdrawn=old), Comparable(yes=True):
            # Law 26A: no lead restrictions and Law 16C does not apply (but 23C may later).
            return replace(
                state,
                withdrawn=tuple(
                    w
                    for w in state.withdrawn
                    if not (w.seat is seat and w.call == old and w.law == LawRef(25, "B1"))
                ),
            )
        case _JudgeLaw26(seat=seat), Comparable(yes=False):
            restriction = LeadRestriction(seat.partner, seat, LawRef(26, "B"))
            return replace(state, constraints=(*state.constraints, restriction))
        case None, Accept():
            offender = _offender(state)
            accepted, withdrawn = _accept(state)
            return accepted if withdrawn is None else _ask_law_26(accepted, offender, withdrawn)
        case None, Reject():
            # Law 25B2: the change is cancelled and the first call stands; Law 25B3: the cancelled call is
            # information under Law 16C.
            assert state.open is not None
            irregularity, made = state.open
            cancelled = Withdrawn(irregularity.offender, made.call, LawRef(25, "B2"))
            new = replace(state, open=None, withdrawn=(*state.withdrawn, cancelled))
            return _settle(new) if new.ended else new  # the turn stays where it was, if the auction is on
    raise ImpossibleActionError(f"{option!r} does not answer {type(proc).__name__}")


def _offender(state: AuctionState) -> Seat:
    assert state.open is not None
    return state.open[0].offender


def _accept(state: AuctionState) -> tuple[AuctionState, Call | None]:
    """Law 25B1: the first call is withdrawn and the new one stands in its place, and the withdrawn call is
    returned. When partner has called since the first call, nothing can be replaced: the new call joins the
    auction where it was made (as a call out of rotation accepted under Law 29A) and ``None`` is returned."""
    assert state.open is not None
    irregularity, made = state.open
    seat = irregularity.offender
    i = _last_call(state, seat)
    assert i is not None
    if not _replaceable(state, seat, i):
        return _append(replace(state, open=None), made), None
    old = state.calls[i].call.call
    lapsed = state.calls[i].lapsed
    calls = (*state.calls[:i], StandingCall(seat, AnnotatedCall(made.call), lapsed), *state.calls[i + 1 :])
    withdrawn = (*state.withdrawn, Withdrawn(seat, old, LawRef(25, "B1")))
    return _settle(replace(state, open=None, calls=calls, withdrawn=withdrawn)), old


def _ask_law_26(state: AuctionState, seat: Seat, old: Call) -> AuctionState:
    """Laws 25B1, 26: the Director judges whether the accepted new call is comparable to the withdrawn one.
    The 2007 edition has no comparable call: Law 26 (2007) applies to the withdrawn call at once (26A (2007)
    for a call
    that named suits, 26B otherwise)."""
    if state.edition == 2007:
        named = specified(CallMade(seat, old))
        restriction = LeadRestriction(seat.partner, seat, LawRef(26, "", 2007), named)
        return replace(state, constraints=(*state.constraints, restriction))
    decision = Decision(
        DIRECTOR,
        (Comparable(True, LawRef(26, "A")), Comparable(False, LawRef(26, "B"))),
        LawRef(26),
        explanation=f"Is {_name(seat)}'s new call comparable to his withdrawn {old}?",
    )
    return replace(state, change=_JudgeLaw26(seat, old), pending=decision)


def _settle(state: AuctionState) -> AuctionState:
    """Whose turn it is after the standing calls changed: the left of the last caller, or nobody once the
    auction has ended (Laws 17C, 22), subject to Law 17D3."""
    if not state.calls:
        return replace(state, turn=state.dealer)
    if state.ended:
        return retain_right_to_call(replace(state, turn=None))
    return replace(state, turn=state.calls[-1].seat.lho)


# --- Laws 17D3 and 34 ---------------------------------------------------------------------------------------




# --- Law 16C and Law 20: what the Director's console shows ------------------------------------------------


def unauthorised(state: AuctionState, seat: Seat) -> tuple[Withdrawn, ...]:
    """The withdrawn or cancelled calls whose information ``seat`` may not use (Law 16C2): those for which his
    side is the offending one. The rest is authorised to him (16C1)."""
    return tuple(w for w in state.withdrawn if w.unauthorised_to(seat))


@dataclass(frozen=True, slots=True)
class Explained:
    """A standing call with its alert and the explanation given for it (Law 20F)."""

    seat: Seat
    call: Call
    alert: bool
    explanation: str | None


def explanations(state: AuctionState) -> tuple[Explained, ...]:
    """The calls that stand and were alerted or explained, in order (Law 20B restates them, 20F explains)."""
    return tuple(
        Explained(s.seat, s.call.call, s.call.alert, s.call.explanation)
        for s in state.calls
        if s.call.alert or s.call.explanation
    )
