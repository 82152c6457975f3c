"""The play period under the Laws: the opening lead (Law 41), play in rotation (Law 44), revokes as they stand
(Law 61), and claims and concessions (Laws 68-71).

Pure functions from a :class:`PlayState` and an event to a new state, like :mod:`tenace.laws.auction_period`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tenace.contract import Contract
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws.decisions import Decision, Irregularity, Kind
from tenace.laws.events import (
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    DirectorCalled,
    Elected,
    Event,
)
from tenace.laws.refs import LawRef, Policy
from tenace.play import Play
from tenace.seats import Seat


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession in progress or settled (Laws 68-71)."""

    seat: Seat
    tricks: int
    """Of the tricks still to play (the one in progress included), how many the claimer's side claims."""
    statement: str
    agreed_by: frozenset[Seat] = frozenset()
    objected: bool = False
    ruled: int | None = None

    @property
    def settled(self) -> bool:
        """Agreed by both opponents (Law 69A) or ruled by the Director (Law 70)."""
        return self.ruled is not None or len(self.agreed_by) == 2

    @property
    def awarded(self) -> int:
        """The tricks the claimer's side gets of those that remained."""
        return self.ruled if self.ruled is not None else self.tricks


@dataclass(frozen=True, slots=True)
class PlayState:
    """The play as the Laws see it at one moment."""

    contract: Contract
    play: Play
    irregularities: tuple[Irregularity, ...] = ()
    revokes: tuple[Irregularity, ...] = ()
    claim: Claim | None = None
    pending: Decision | None = None

    @classmethod
    def start(cls, deal: Deal, contract: Contract) -> PlayState:
        """The clarification period: the opening lead is declarer's LHO's (Law 41A)."""
        return cls(contract, Play.for_contract(deal, contract))

    @property
    def opening_lead_faced(self) -> bool:
        """Once the opening lead is faced the play period begins and dummy's hand is spread (Law 41C, 41D)."""
        return bool(self.play.cards)

    @property
    def remaining_tricks(self) -> int:
        """Tricks not yet completed (the one in progress counts)."""
        return 13 - len(self.play.winners)

    @property
    def ended(self) -> bool:
        return self.play.is_complete or (self.claim is not None and self.claim.settled)

    @property
    def declarer_tricks(self) -> int | None:
        """Declarer's side's tricks at the end: played, plus the claim's share (Laws 69, 70)."""
        if not self.ended:
            return None
        tricks = self.play.declarer_tricks
        if self.claim is not None:
            mine = self.claim.seat.side is self.contract.declarer.side
            awarded = self.claim.awarded
            tricks += awarded if mine else self.remaining_tricks - awarded
        return tricks


def on_card(state: PlayState, event: CardPlayed, index: int, policy: Policy) -> PlayState:
    """A card played from ``event.seat``'s hand."""
    if state.claim is not None:
        raise ImpossibleActionError("play has stopped for a claim (Law 68D)")
    if state.pending is not None:
        raise ImpossibleActionError(f"a decision is pending ({state.pending.law})")
    play = state.play
    if event.seat is not play.turn:
        # Laws 53-57 (leads and plays out of turn) are not handled yet: refuse them plainly.
        raise UnlawfulActionError(
            f"it is {play.turn.name.title()}'s turn to play, not {event.seat.name.title()}'s "
            "(the rectification of Laws 53-57 is not implemented yet)",
            None,
        )
    if event.card not in play.hand(event.seat):
        raise ImpossibleActionError(f"{event.card} is not in {event.seat.name.title()}'s hand")
    if event.card in play.legal_cards():
        return replace(state, play=play.push(event.card))
    revoke = Irregularity(Kind.REVOKE, event.seat, LawRef(61), index)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(
            f"{event.seat.name.title()} must follow suit (Law 44C): {event.card} would be a revoke", revoke
        )
    # A revoke stands as played; its rectification (Laws 62-64) comes once attention is drawn to it.
    return replace(state, play=play.push_unchecked(event.card), revokes=(*state.revokes, revoke))


def on_claim(state: PlayState, event: ClaimMade) -> PlayState:
    """Law 68: a claim or concession stops the play."""
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
    """Law 69A: both opponents agree; Law 70: one objects and the Director rules."""
    claim = state.claim
    if claim is None or claim.settled:
        raise ImpossibleActionError("there is no open claim to answer")
    if event.seat.side is claim.seat.side:
        raise ImpossibleActionError("only the claimer's opponents agree or object (Law 69A)")
    if claim.objected:
        raise ImpossibleActionError("the claim is contested; the Director rules (Law 70)")
    if not event.agree:
        return replace(state, claim=replace(claim, objected=True))
    return replace(state, claim=replace(claim, agreed_by=claim.agreed_by | {event.seat}))


def on_ruling(state: PlayState, event: ClaimRuled) -> PlayState:
    claim = state.claim
    if claim is None or not claim.objected or claim.settled:
        raise ImpossibleActionError("the Director rules only on a contested claim (Law 70)")
    if not 0 <= event.tricks <= state.remaining_tricks:
        raise ImpossibleActionError(
            f"{event.tricks} tricks awarded, but only {state.remaining_tricks} remain"
        )
    return replace(state, claim=replace(claim, ruled=event.tricks))


def on_event(state: PlayState, event: Event, index: int, policy: Policy) -> PlayState:
    """Events of the play period other than cards and claims: exposed cards (Laws 48-52), dummy designations
    (Law 46), attention drawn to a revoke (Laws 61-63), withdrawn claims (Law 69B), play on (Law 68D2(b))."""
    raise ImpossibleActionError(f"{type(event).__name__} is not handled in the play period yet")


def on_director(state: PlayState, event: DirectorCalled) -> PlayState:
    raise ImpossibleActionError("there is no irregularity in the play for the Director to rectify yet")


def on_elected(state: PlayState, event: Elected) -> PlayState:
    raise ImpossibleActionError("no decision is pending in the play")
