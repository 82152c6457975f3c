"""The auction as the Laws see it, with the few operations every rectification of the auction period uses:
the calls that stand, the calls withdrawn or cancelled (Law 16C information), the constraints in force and
any procedure in progress. This is the bottom of the auction period: :mod:`tenace.laws.changes` (Laws 21B,
25, 33) builds on it, and :mod:`tenace.laws.auction_period` (Laws 17-39, which dispatches every call, the
changes of call included) on both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tenace.calls import Bid, Call, Double, Pass, Redouble
from tenace.cards import Suit
from tenace.contract import Contract, Doubling
from tenace.errors import UnlawfulActionError
from tenace.laws._evolve import replace
from tenace.laws.decisions import (
    Constraint,
    Decision,
    Duration,
    Irregularity,
    Kind,
    MustPass,
    MustRepeat,
    NoDoubleNow,
    Withdrawn,
)
from tenace.laws.events import CallMade
from tenace.laws.penalty_cards import Exposure
from tenace.laws.refs import LawRef, Policy
from tenace.record import AnnotatedCall
from tenace.seats import Seat, Side

if TYPE_CHECKING:
    from collections.abc import Callable

    from tenace.laws.changes import ChangeProcedure


@dataclass(frozen=True, slots=True)
class StandingCall:
    """A call that is part of the auction, by ``seat``."""

    seat: Seat
    call: AnnotatedCall
    lapsed: tuple[Constraint, ...] = ()
    """The constraints this call satisfied, which come back if it is changed (Law 25A1)."""
    inadmissible: bool = False
    """An inadmissible double or redouble the offender's LHO called over before anyone drew attention to it:
    it stays in the auction as it was made, but the auction and the contract are as if it had not been (Law
    36C); attention drawn to it before the opening lead is faced cancels it and every call after it (36A)."""


@dataclass(frozen=True, slots=True)
class _AwaitReplacement:
    """Law 27B: the offender must replace his rejected insufficient bid (and, after 27B3, may not use a double
    or redouble)."""

    offender: Seat
    withdrawn: Bid
    no_double: bool = False
    artificial: bool = False
    """The insufficient bid was alerted or explained: Law 27B1(a) (2007) needs it natural."""


@dataclass(frozen=True, slots=True)
class _AwaitComparable:
    """The offender's next call will be judged by the Director: comparable (Law 23A) or not, with the
    consequences for a non-comparable call."""

    offender: Seat
    withdrawn: Call
    law: LawRef
    if_not: tuple[Constraint, ...]


@dataclass(frozen=True, slots=True)
class _AwaitRHO:
    """Laws 31A, 32A: a call out of rotation at RHO's turn was cancelled; what follows depends on RHO's
    call."""

    offender: Seat
    withdrawn: Call
    repeat_law: LawRef
    law: LawRef
    if_not: tuple[Constraint, ...]
    specifies: tuple[Suit, ...] | None = None
    """Law 29C: the call out of rotation was artificial; the suits it specified."""


@dataclass(frozen=True, slots=True)
class _Judging:
    """The Director is judging whether ``call`` (already made) is comparable."""

    check: _AwaitComparable | _AwaitReplacement
    event: CallMade


Procedure = _AwaitReplacement | _AwaitComparable | _AwaitRHO | _Judging


@dataclass(frozen=True, slots=True)
class AboveSeven:
    """A bid of more than seven (Law 38) and the calls made over it before the Director is called: none of
    them stands (38B)."""

    irregularity: Irregularity
    bid: str
    later: tuple[CallMade, ...] = ()


@dataclass(frozen=True, slots=True)
class AuctionState:
    """The auction as the Laws see it at one moment."""

    dealer: Seat
    calls: tuple[StandingCall, ...] = ()
    turn: Seat | None = None
    """Whose turn it is to call; ``None`` once the auction has ended."""
    constraints: tuple[Constraint, ...] = ()
    withdrawn: tuple[Withdrawn, ...] = ()
    irregularities: tuple[Irregularity, ...] = ()
    open: tuple[Irregularity, CallMade] | None = None
    """An irregular call nobody has yet drawn attention to, and the event that made it."""
    pending: Decision | None = None
    procedure: Procedure | None = None
    exposed: tuple[Exposure, ...] = ()
    """Cards exposed during the auction, face up until it ends (Law 24)."""
    change: ChangeProcedure | None = None
    """A change of call in progress (Laws 21B, 25; see :mod:`tenace.laws.changes`)."""
    misinformed: tuple[tuple[Seat, int], ...] = ()
    """Calls (seat, position in ``calls``) the Director found could have been influenced by misinformation, so
    that the seat may change it (Law 21B1(a))."""
    above_seven: AboveSeven | None = None
    """A bid of more than seven nobody has yet drawn attention to, with the calls made over it (Law 38)."""
    premature: tuple[CallMade, int] | None = None
    """The offender's replacement of his insufficient bid made before the Director ruled (Law 27C), with its
    place in the record: it waits for the offender's LHO to accept the insufficient bid or not."""
    substituted: tuple[tuple[Seat, LawRef], ...] = ()
    """Replacements that let the auction go on without rectification, each with the Law under which the
    Director judges at the end of the play whether the non-offending side was damaged: a lowest sufficient bid
    in the same denomination (Law 27B1(a): 27D) or a comparable call (Laws 27B1(b), 30B1(b)(i), 31A2(a),
    32A2(a): 23C, and 27D for an insufficient bid). See :mod:`tenace.laws.adjustments`."""
    edition: int = 2017
    """The edition of the Laws the table follows (:mod:`tenace.laws.editions`)."""

    @classmethod
    def start(cls, dealer: Seat, edition: int = 2017) -> AuctionState:
        return cls(dealer, turn=dealer, edition=edition)

    # --- derived facts -----------------------------------------------------------------------------------

    def _last_bid(self) -> tuple[Seat, Bid, Doubling, Seat | None] | None:
        return _last_bid(self.calls)

    @property
    def ended(self) -> bool:
        """Three passes after a bid, or four passes with no bid (Law 22). An inadmissible double nobody
        noticed (Law 36C) is a call the others answered, but it does not stop four passes from passing the
        board out."""
        return _ended(self.calls)

    @property
    def unnoticed(self) -> int | None:
        """The position in :attr:`calls` of the first inadmissible double or redouble nobody drew attention
        to before the offender's LHO called (Law 36), if any."""
        return next((i for i, s in enumerate(self.calls) if s.inadmissible), None)

    def contract(self) -> Contract | None:
        """The final contract once the auction has ended; ``None`` when passed out. Declarer is the first of
        the contracting side to name the denomination (Law 53 definitions)."""
        last = self._last_bid()
        if last is None:
            return None
        seat, bid, doubling, _ = last
        declarer = next(
            s.seat
            for s in self.calls
            if isinstance(s.call.call, Bid)
            and s.call.call.denomination is bid.denomination
            and s.seat.side is seat.side
        )
        return Contract(bid.level, bid.denomination, declarer, doubling)

    def is_lawful(self, seat: Seat, call: Call) -> bool:
        """Whether ``call`` by ``seat`` is sufficient, and a double or redouble permitted (Laws 18, 19)."""
        last = self._last_bid()
        match call:
            case Pass():
                return True
            case Bid():
                return last is None or call > last[1]
            case Double():
                return last is not None and last[0].side is not seat.side and last[2] is Doubling.UNDOUBLED
            case Redouble():
                return (
                    last is not None
                    and last[0].side is seat.side
                    and last[2] is Doubling.DOUBLED
                    and last[3] is not None
                    and last[3].side is not seat.side
                )
        raise TypeError(f"not a call: {call!r}")

    def must_pass(self, seat: Seat) -> MustPass | None:
        for c in self.constraints:
            if isinstance(c, MustPass) and c.seat is seat:
                return c
        return None

    def has_called(self, seat: Seat) -> bool:
        return any(s.seat is seat for s in self.calls)


def _last_bid(calls: tuple[StandingCall, ...]) -> tuple[Seat, Bid, Doubling, Seat | None] | None:
    """The last bid of ``calls``, by whom, doubled or redoubled since and by whom (Laws 19, 22)."""
    doubling, doubler = Doubling.UNDOUBLED, None
    for standing in reversed(calls):
        if standing.inadmissible:  # Law 36C: as if it had not been made
            continue
        call = standing.call.call
        if isinstance(call, Bid):
            return standing.seat, call, doubling, doubler
        if doubling is Doubling.UNDOUBLED and isinstance(call, Double | Redouble):
            doubling = Doubling.DOUBLED if isinstance(call, Double) else Doubling.REDOUBLED
            doubler = standing.seat
    return None


def _ended(calls: tuple[StandingCall, ...]) -> bool:
    """:attr:`AuctionState.ended` of an auction with these ``calls`` (Law 22)."""
    if _last_bid(calls) is None:
        counted = [s.call.call for s in calls if not s.inadmissible]
        return len(counted) >= 4 and all(isinstance(c, Pass) for c in counted)
    return len(calls) >= 4 and all(isinstance(s.call.call, Pass) for s in calls[-3:])


def _cite(law: int, clause: str = "") -> LawRef:
    return LawRef(law, clause)


def _append(state: AuctionState, event: CallMade, *, inadmissible: bool = False) -> AuctionState:
    """A call that stands: it joins the auction, the constraints it satisfies lapse, and the turn passes to
    the caller's left (Law 17C) unless the auction has ended. ``inadmissible``: a double or redouble kept in
    the auction unnoticed (Law 36C)."""
    constraints = tuple(
        c
        for c in state.constraints
        if not (
            c.seat is event.seat
            and ((isinstance(c, MustPass) and c.duration is Duration.NEXT_TURN)
                 or isinstance(c, MustRepeat | NoDoubleNow))
        )
    ) if state.constraints else ()
    lapsed = tuple(c for c in state.constraints if c not in constraints)
    standing = StandingCall(event.seat, AnnotatedCall(event.call, event.alert, event.explanation), lapsed,
                            inadmissible)
    calls = (*state.calls, standing)
    new = replace(state, calls=calls, constraints=constraints, open=None,
                  turn=None if _ended(calls) else event.seat.lho)
    if new.turn is None:
        new = retain_right_to_call(new)  # Laws 17D3, 34
    proc = new.procedure
    if isinstance(proc, _AwaitRHO) and event.seat is proc.offender.rho:
        # Laws 31A, 32A: RHO has called. After a pass the offender must repeat his call (31A1, 32A1);
        # otherwise he may make any lawful call, judged comparable or not (31A2, 32A2).
        if isinstance(event.call, Pass):
            return replace(
                new,
                procedure=None,
                constraints=(*new.constraints,
                             MustRepeat(proc.offender, proc.withdrawn, proc.repeat_law, proc.specifies)),
            )
        return replace(new, procedure=_AwaitComparable(proc.offender, proc.withdrawn, proc.law, proc.if_not))
    return new


def _withdraw(
    state: AuctionState, seat: Seat, call: Call, law: LawRef, offenders: Side | None = None
) -> AuctionState:
    return replace(state, withdrawn=(*state.withdrawn, Withdrawn(seat, call, law, offenders)))


def _irregular(
    state: AuctionState, kind: Kind, event: CallMade, law: LawRef, index: int, policy: Policy
) -> AuctionState:
    irregularity = Irregularity(kind, event.seat, law, index, event.call)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(
            f"{event.call} by {event.seat.name.title()} is a {kind.value} ({law})", irregularity
        )
    return replace(state, irregularities=(*state.irregularities, irregularity), open=(irregularity, event))


def retain_right_to_call(state: AuctionState) -> AuctionState:
    """Laws 17D3, 34: when the three passes that would end the auction include one made out of rotation that
    took a player's turn away, the auction does not end. The passes from that one on are cancelled (the
    player who passed out of rotation is the offender for Law 16C) and the auction goes back to the player
    who missed his turn. Passes in rotation with no bid that leave a player who never called do not end it
    either (Law 22B): he calls next."""
    calls = state.calls
    # An inadmissible double nobody noticed (Law 36C) does not count among the passes, but it was a call in
    # rotation that the next player answered.
    counted = [i for i, s in enumerate(calls) if not s.inadmissible]
    if len(counted) < 4 or not all(isinstance(calls[i].call.call, Pass) for i in counted[-3:]):
        return state
    for j in counted[-3:]:
        missed = calls[j - 1].seat.lho
        if calls[j].seat is not missed:
            break
    else:
        if _last_bid(calls) is None and len({s.seat for s in calls}) < 4:
            # Law 22B: the board is passed out only once all four players have called (an unnoticed
            # inadmissible double counts as its maker's call). The passes can be in rotation and still leave
            # one out: he lost a turn to an accepted call out of rotation (29A) and the player who then
            # passed twice did so over an unnoticed inadmissible double (36C).
            return replace(state, turn=calls[-1].seat.lho)
        return state
    offenders = calls[j].seat.side
    cancelled = tuple(_withdrawn(s.seat, s.call.call, LawRef(17, "D3"), offenders) for s in calls[j:])
    return replace(state, calls=calls[:j], withdrawn=(*state.withdrawn, *cancelled), turn=missed)


def _withdrawn(seat: Seat, call: Call, law: LawRef, offenders: Side) -> Withdrawn:
    return Withdrawn(seat, call, law, None if offenders is seat.side else offenders)


if TYPE_CHECKING:
    CallStep = Callable[[AuctionState, CallMade, int, Policy], AuctionState]
    """How the auction period applies a call under every Law (:func:`tenace.laws.auction_period.on_call`):
    the changes of call (:mod:`tenace.laws.changes`), which put calls back into the auction, are given it by
    their caller and never import the module above them."""
