"""Claims and concessions (Laws 68-71): pure functions over the play period's state.

A claim stops the play (68D). Both opponents of the claimer agreeing settles it (69A). A doubt by any
player, dummy included, leaves two roads (68D2): the Director rules (70, a ``ClaimRuled`` event) or, if all
four agree, play goes on and the claim is void (68D2(b), a ``PlayOnAgreed`` event; not under the 2007 Laws,
whose Law 68D (2007) stops play). A defender's concession that his partner objects to at once never happened
(68B2). After the board, within the correction period
(79C), an opponent may withdraw his agreement (69B) and the Director may cancel a concession (71); the
Director gives the corrected figure with ``ClaimRuled``. Whether a trick "could not be lost by any normal
play" is his judgement; :mod:`tenace.laws.adjudication` computes figures to help him.

>>> from tenace import Board, Card, Deal, parse_call
>>> from tenace.laws import CallMade, CardPlayed, ClaimAnswered, ClaimMade, Table
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal))
>>> for seat, call in zip(Seat, ("3NT", "P", "P", "P")):
...     t = t.apply(CallMade(seat, parse_call(call)))
>>> for seat, card in zip((Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH), ("ST", "S3", "S2", "SA")):
...     t = t.apply(CardPlayed(seat, Card.from_str(card)))
>>> t = t.apply(ClaimMade(Seat.NORTH, 12, "all top tricks"))
>>> t.apply(ClaimAnswered(Seat.EAST, True)).apply(ClaimAnswered(Seat.WEST, True)).declarer_tricks
13
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tenace.errors import ImpossibleActionError
from tenace.laws._evolve import replace
from tenace.laws.events import ClaimAnswered, ClaimMade, ClaimRuled, ClaimWithdrawn, Event, PlayOnAgreed
from tenace.laws.refs import DIRECTOR, Actor, LawRef
from tenace.seats import SEATS, Seat

if TYPE_CHECKING:
    from tenace.laws.play_period import PlayState


class Correction(enum.Enum):
    """A request, after an agreed claim, that the Director rescores the board within the correction period."""

    AGREEMENT_WITHDRAWN = "agreement withdrawn"
    """An opponent of the claimer withdraws his agreement: tricks may go back to his side (Law 69B)."""
    CONCESSION_CANCELLED = "concession cancelled"
    """The claimer's side asks that a trick conceded be given back to it (Law 71)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession in progress or settled (Laws 68-71)."""

    seat: Seat
    tricks: int
    """Of the tricks still to play (the one in progress included), how many the claimer's side claims."""
    statement: str
    agreed_by: frozenset[Seat] = frozenset()
    objected: bool = False
    """Doubted by some player (Law 68D2): the Director rules (Law 70) unless all four agree to play on."""
    ruled: int | None = None
    correction: Correction | None = None
    """A request after agreement (Laws 69B, 71) the Director has not yet answered."""
    law: LawRef | None = None
    """The Law under which the Director last ruled (70, 69B or 71)."""
    objected_by: Seat | None = None

    @property
    def settled(self) -> bool:
        """Agreed by both opponents (Law 69A) or ruled by the Director (Law 70), and no correction pending."""
        if self.correction is not None:
            return False
        return self.ruled is not None or len(self.agreed_by) == 2

    @property
    def agreed(self) -> bool:
        """Both opponents assented (Law 69A)."""
        return len(self.agreed_by) == 2

    @property
    def awarded(self) -> int:
        """The tricks the claimer's side gets of those that remained."""
        return self.ruled if self.ruled is not None else self.tricks

    @property
    def awaiting_director(self) -> bool:
        """The claim is doubted (Law 70) or a correction is asked for (Laws 69B, 71) and the Director has not
        yet ruled."""
        return (self.objected and self.ruled is None) or self.correction is not None


@dataclass(frozen=True, slots=True)
class VoidClaim:
    """A claim or concession that does not count: ``law`` says why (68B2: a defender's partner objected at
    once; 68D2(b): all four agreed to play on). What the claimer showed or said stays information (Law 16)."""

    claim: Claim
    law: LawRef
    trick: int
    """The number (1-13) of the trick in progress when it was made."""


def _name(seat: Seat) -> str:
    return seat.name.title()


def turn(claim: Claim) -> Actor:
    """Who acts next on an open claim: the Director once it is doubted or a correction is asked for, else the
    first opponent who has not yet assented."""
    if claim.awaiting_director:
        return DIRECTOR
    return next(s for s in SEATS if s.side is not claim.seat.side and s not in claim.agreed_by)


def faced(state: PlayState) -> frozenset[Seat]:
    """The seats whose remaining cards lie face up for everyone because of a claim: the claimer's (Law 68C);
    all four once the claim is doubted (the Director may ask for it, Law 70B3) or the board ended with it."""
    claim = state.claim
    if claim is None:
        return frozenset()
    if claim.objected or claim.settled or claim.correction is not None:
        return frozenset(SEATS)
    return frozenset({claim.seat})


def on_claim(state: PlayState, event: ClaimMade) -> PlayState:
    """Law 68: a claim (Law 68A) or concession (Law 68B1: a claim of some tricks concedes the rest) suspends
    the play (Law 68D)."""
    if state.claim is not None:
        raise ImpossibleActionError("a claim is already on the table")
    if not 0 <= event.tricks <= state.remaining_tricks:
        raise ImpossibleActionError(
            f"{event.tricks} tricks claimed, but only {state.remaining_tricks} remain to be played"
        )
    if event.seat is state.contract.dummy:
        raise ImpossibleActionError("dummy does not claim or concede (Laws 42, 68)")
    return replace(state, claim=Claim(event.seat, event.tricks, event.statement))


def on_answer(state: PlayState, event: ClaimAnswered) -> PlayState:
    """Law 69A: both opponents assent; Law 68D2: anyone, dummy included, may doubt; Law 68B2: a defender's
    concession his partner objects to at once is void and play continues."""
    claim = state.claim
    if claim is None or claim.settled:
        raise ImpossibleActionError("there is no open claim to answer")
    if claim.awaiting_director:
        raise ImpossibleActionError("the claim is contested; the Director rules (Law 70)")
    seat = event.seat
    if seat is claim.seat:
        raise ImpossibleActionError(f"{_name(seat)} made the claim; he does not answer it")
    if seat.side is claim.seat.side:
        if event.agree:
            raise ImpossibleActionError(
                f"{_name(seat)} is the claimer's partner: only the opponents assent to a claim (Law 69A)"
            )
        defender = claim.seat.side is not state.contract.declarer.side
        concedes = claim.tricks < state.remaining_tricks
        if defender and concedes and not claim.agreed_by:
            # Law 68B2: the partner objects at once, so there was neither claim nor concession.
            trick = min(len(state.play.winners) + 1, 13)
            void = VoidClaim(claim, LawRef(68, "B2"), trick)
            return replace(state, claim=None, void_claims=(*state.void_claims, void))
    if not event.agree:  # Law 68D2(a): doubted by a player: the Director rules (Law 70) unless all play on
        return replace(state, claim=replace(claim, objected=True, objected_by=seat))
    if seat in claim.agreed_by:
        raise ImpossibleActionError(f"{_name(seat)} has already agreed to the claim")
    # Law 68D1: agreed by both opponents, Law 69 applies (the board is scored as claimed, 69A)
    return replace(state, claim=replace(claim, agreed_by=claim.agreed_by | {seat}))


def on_ruling(state: PlayState, event: ClaimRuled) -> PlayState:
    """Law 70: the Director's award on a contested claim; Laws 69B and 71: his rescoring after a correction
    asked for (or, for 71, on his own) within the correction period."""
    claim = state.claim
    if claim is None:
        raise ImpossibleActionError("there is no claim for the Director to rule on")
    remaining = state.remaining_tricks
    if not 0 <= event.tricks <= remaining:
        raise ImpossibleActionError(f"{event.tricks} tricks awarded, but only {remaining} remain")
    if claim.correction is Correction.AGREEMENT_WITHDRAWN:
        # Law 69B: tricks can only go back to the side that withdrew its agreement; which tricks qualify
        # (one it had in fact won, Law 69B1, or would likely have won, Law 69B2) is the Director's finding.
        if event.tricks > claim.tricks:
            raise ImpossibleActionError(
                f"Law 69B gives tricks back to the side that withdrew its agreement: at most {claim.tricks} "
                f"to the claimer, not {event.tricks}"
            )
        law = LawRef(69, "B")
    elif claim.correction is Correction.CONCESSION_CANCELLED or (claim.agreed and claim.ruled is None):
        # Law 71: a cancelled concession gives tricks back to the side that conceded them: a trick it had in
        # fact won (Law 71A) or could not lose by any normal play (Law 71B), as the Director finds.
        if event.tricks < claim.tricks:
            raise ImpossibleActionError(
                f"Law 71 gives tricks back to the side that conceded them: at least {claim.tricks} to the "
                f"claimer, not {event.tricks}"
            )
        law = LawRef(71)
    elif claim.objected and claim.ruled is None:
        law = LawRef(70)
    else:
        raise ImpossibleActionError("the Director rules only on a contested claim (Law 70) or a correction "
                                    "(Laws 69B, 71)")
    return replace(state, claim=replace(claim, ruled=event.tricks, correction=None, law=law))


def on_withdrawn(state: PlayState, event: ClaimWithdrawn) -> PlayState:
    """An opponent withdraws his assent: before the claim is settled it simply no longer counts (Law 69A);
    after, within the correction period, the Director rescores (Law 69B). A player of the claimer's side asks
    after the board that a conceded trick be given back (Law 71); the claim itself cannot be taken back
    before then (a concession stands once made, Law 71; a doubt goes to the Director, Law 68D2)."""
    claim = state.claim
    seat = event.seat
    if claim is None:
        raise ImpossibleActionError("there is no claim to withdraw from")
    if claim.correction is not None:
        raise ImpossibleActionError(f"the Director has yet to rule on the {claim.correction.value}")
    if seat.side is claim.seat.side:
        if seat is state.contract.dummy and claim.seat.side is state.contract.declarer.side:
            raise ImpossibleActionError("dummy does not ask for corrections (Law 42)")
        if not claim.agreed:
            raise ImpossibleActionError(
                f"{_name(seat)} cannot take back a claim or concession once made (Law 71); a doubt goes to "
                "the Director (Law 68D2)"
            )
        if claim.ruled is not None:
            raise ImpossibleActionError("the Director has already ruled on this claim")
        return replace(state, claim=replace(claim, correction=Correction.CONCESSION_CANCELLED))
    if seat not in claim.agreed_by:
        raise ImpossibleActionError(f"{_name(seat)} has not agreed to the claim, so has nothing to withdraw")
    if not claim.agreed:
        return replace(state, claim=replace(claim, agreed_by=claim.agreed_by - {seat}))
    if claim.ruled is not None:
        raise ImpossibleActionError("the Director has already ruled on this claim")
    return replace(state, claim=replace(claim, correction=Correction.AGREEMENT_WITHDRAWN))


def on_play_on(state: PlayState, event: PlayOnAgreed) -> PlayState:
    """Law 68D2(b): after a doubt, all four agree to play on: the claim is void and play resumes; whatever
    score the play then gives stands."""
    claim = state.claim
    if claim is None or claim.settled:
        raise ImpossibleActionError("there is no open claim to play on from")
    if state.edition == 2007:
        raise ImpossibleActionError("under the 2007 Laws play ceases after a claim: a doubted claim goes to "
                                    "the Director (Laws 68D, 70 (2007)); playing on is 2017's Law 68D2(b)")
    if not claim.objected:
        raise ImpossibleActionError("play goes on after a claim only when it is doubted (Law 68D2)")
    if claim.ruled is not None:
        raise ImpossibleActionError("the Director has already ruled (Law 70)")
    trick = min(len(state.play.winners) + 1, 13)
    void = VoidClaim(claim, LawRef(68, "D2(b)"), trick)
    return replace(state, claim=None, void_claims=(*state.void_claims, void))


def in_correction(state: PlayState, event: Event) -> bool:
    """Whether ``event`` is a claim correction the Laws allow after the board ended (Laws 69B, 71, 79C)."""
    claim = state.claim
    return claim is not None and claim.agreed and isinstance(event, ClaimWithdrawn | ClaimRuled)


def on_event(state: PlayState, event: Event) -> PlayState | None:
    """The claim events :func:`tenace.laws.play_period.on_event` hands over, or ``None`` if not one."""
    if isinstance(event, ClaimWithdrawn):
        return on_withdrawn(state, event)
    if isinstance(event, PlayOnAgreed):
        return on_play_on(state, event)
    return None
