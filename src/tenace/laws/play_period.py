"""The play period under the Laws: the opening lead (Law 41), play in rotation (Law 44), revokes as they stand
(Law 61), and claims and concessions (Laws 68-71); the other Laws of the play are routed to their modules
(Laws 45-47 :mod:`.designation`, 53-60 :mod:`.out_of_turn`, 61-64 :mod:`.revokes`, 65-67 :mod:`.tricks`, the
Director's end-of-play reviews of Laws 45F and 67B3 :mod:`.reviews`).

Pure functions from a :class:`PlayState` and an event to a new state, like :mod:`tenace.laws.auction_period`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from tenace.contract import Contract
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import claims, designation, out_of_turn, penalty_cards, reviews, revokes
from tenace.laws import tricks as quitted
from tenace.laws._evolve import replace
from tenace.laws.claims import Claim, VoidClaim
from tenace.laws.decisions import Decision, Irregularity, Kind
from tenace.laws.designation import DesignationState
from tenace.laws.events import (
    AttentionDrawn,
    CardDeemedPlayed,
    CardExposed,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    DefectiveTrickFound,
    DesignationChanged,
    DirectorCalled,
    DummyDesignation,
    DummyIndicated,
    Elected,
    Event,
    FifthCard,
    InspectionAllowed,
    WrongPointing,
)
from tenace.laws.out_of_turn import OutOfTurnState
from tenace.laws.penalty_cards import PenaltyState
from tenace.laws.refs import LawRef, Policy
from tenace.laws.revokes import LedgerOfRevokes
from tenace.play import Play

_FRESH: Final = OutOfTurnState()
_BEGUN: Final = OutOfTurnState(began=True)
"""Laws 53-60 with nothing to keep but that the play has begun (Law 41C)."""
_NO_DESIGNATION: Final = DesignationState()


@dataclass(frozen=True)  # no slots: a new state copies this one's dictionary (see tenace.laws._evolve)
class PlayState:
    """The play as the Laws see it at one moment."""

    contract: Contract
    play: Play
    irregularities: tuple[Irregularity, ...] = ()
    revokes: tuple[Irregularity, ...] = ()
    claim: Claim | None = None
    pending: Decision | None = None
    penalties: PenaltyState = PenaltyState()
    """Penalty cards, lead requirements and prohibitions (Laws 26B, 50-52): see :mod:`.penalty_cards`."""
    void_claims: tuple[VoidClaim, ...] = ()
    """Claims that did not count: a defender's concession his partner objected to (Law 68B2), or play went
    on by agreement (Law 68D2(b))."""
    revoke_ledger: LedgerOfRevokes = LedgerOfRevokes()
    """Revokes, their correction or establishment, and the Director's Law 64C review (:mod:`.revokes`)."""
    out_of_turn: OutOfTurnState = _FRESH
    """Leads out of turn, premature and simultaneous plays (Laws 53-60): see :mod:`.out_of_turn`."""
    designation: DesignationState = _NO_DESIGNATION
    """Dummy's cards named by declarer, changes of designation and dummy's wrong card (Laws 45-46): see
    :mod:`.designation`."""
    inspections: tuple[quitted.Inspection, ...] = ()
    """Quitted tricks the Director let a player inspect (Law 66C): see :mod:`.tricks`."""
    defective: tuple[DefectiveTrickFound, ...] = ()
    """Defective tricks the Director found after both sides played on (Law 67B): see :mod:`.tricks`."""
    reviews: tuple[reviews.Review, ...] = ()
    """Judgements the Director owes at the end of the play (Laws 45F, 67B3): see :mod:`.reviews`."""
    pointing: tuple[quitted.PointingNotice, ...] = ()
    """Attention drawn to cards pointed the wrong way among the quitted tricks (Law 65B3): see :mod:`.tricks`.
    """
    edition: int = 2017
    """The edition of the Laws the table follows, handed over at the end of the auction (see
    :func:`tenace.laws.penalty_cards.from_auction` and :mod:`tenace.laws.editions`)."""
    _quiet: bool | None = field(default=None, init=False, repr=False, compare=False)
    """:attr:`quiet`, worked out on first use (every ``replace`` starts it afresh)."""

    @property
    def quiet(self) -> bool:
        """Whether nothing is in progress that a Law of rectification of the play looks at when the next card
        comes: no decision, claim, lead out of turn, premature or held card, Law 57A requirement (Laws 53-60),
        penalty card or lead rule (Laws 26B, 50-52), revoke correction (Law 62C) or designation of dummy's
        card (Laws 45-46). Then a card in turn that follows suit is simply played (:func:`_routine`)."""
        quiet = self._quiet
        if quiet is None:
            mine = self.out_of_turn
            quiet = (
                (mine is _BEGUN or mine == _BEGUN or mine == _FRESH)
                and self.pending is None
                and self.claim is None
                and not self.penalties.active
                and not self.revoke_ledger.replays
                and (self.designation is _NO_DESIGNATION or self.designation == _NO_DESIGNATION)
            )
            self.__dict__["_quiet"] = quiet
        return quiet

    @classmethod
    def start(cls, deal: Deal, contract: Contract) -> PlayState:
        """The clarification period: the opening lead is declarer's LHO's (Law 41A)."""
        return cls(contract, Play.for_contract(deal, contract))

    @property
    def opening_lead_faced(self) -> bool:
        """Once the opening lead is faced the play period begins and dummy's hand is spread (Law 41C, 41D)."""
        return bool(self.play.cards) or self.out_of_turn.began  # a faced lead out of turn counts (Law 54)

    @property
    def remaining_tricks(self) -> int:
        """Tricks not yet completed (the one in progress counts)."""
        return 13 - len(self.play.winners)

    @property
    def ended(self) -> bool:
        """Play is over and nothing is left to decide (e.g. the Director's Law 64C review)."""
        over = self.play.is_complete or (self.claim is not None and self.claim.settled)
        return over and self.pending is None

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
        tricks = revokes.adjusted_declarer_tricks(self, tricks)  # Law 64A transfers, 64C adjustment
        if self.defective and self.revoke_ledger.adjusted is None:  # Law 67B1 (a 64C award already says all)
            deemed = tuple(d for d in self.defective if not d.misplaced)  # Law 67B3: no revoke is deemed
            tricks = max(0, min(13, tricks + quitted.defective_transfer(replace(self, defective=deemed))))
        adjusted = reviews.adjusted_tricks(self)  # Laws 45F, 67B3: the Director's adjusted result says all
        return adjusted if adjusted is not None else tricks


def on_card(state: PlayState, event: CardPlayed, index: int, policy: Policy) -> PlayState:
    """A card played from ``event.seat``'s hand."""
    routine = _routine(state, event)
    if routine is not None:
        return routine
    played = _on_card(state, event, index, policy)
    if played.designation.kept is not None:
        return designation.after_card(played, event, index, policy, play_card=on_card)  # Law 45D1
    return played


def _routine(state: PlayState, event: CardPlayed) -> PlayState | None:
    """The play after the commonest card of all: when nothing is in progress that a Law of rectification looks
    at (no decision, claim, lead out of turn, premature or held card, Law 57A requirement, penalty card or
    lead rule, revoke correction, designation of dummy's card), the card comes from the hand whose turn it is
    and follows suit (Law 44), so it is simply played. ``None`` for any other card: :func:`_on_card` and the
    modules of Laws 45-64 take it, and give the same play for this one."""
    play = state.play
    if not state.quiet or event.seat is not play.turn or event.card not in play.legal_cards():
        return None
    return played(state, play.push(event.card))


def played(state: PlayState, play: Play) -> PlayState:
    """``state`` (:attr:`~PlayState.quiet`) after a routine card (:func:`_routine`) that made ``play``: only
    the play changes, and that the play has begun (Law 41C); the new state is as quiet. One copy of the
    state's dictionary (see :mod:`tenace.laws._evolve`), as ``replace(state, play=play, out_of_turn=...)``."""
    new: PlayState = object.__new__(PlayState)
    values = new.__dict__
    values.update(state.__dict__)
    values["play"] = play
    values["out_of_turn"] = _BEGUN
    values["_quiet"] = True
    return new


def _on_card(state: PlayState, event: CardPlayed, index: int, policy: Policy) -> PlayState:
    if state.claim is not None:
        raise ImpossibleActionError("play has stopped for a claim (Law 68D)")
    over = out_of_turn.over_together(state, event)  # Law 58B3: LHO plays before the offender names his card
    if over is not None:
        return over
    if state.pending is not None:
        raise ImpossibleActionError(f"a decision is pending ({state.pending.law})")
    play = state.play
    irregular = out_of_turn.on_card(state, event, index, policy,
                                    play_card=on_card)  # Laws 53-60: out of turn, too early, 57A
    if irregular is not None:
        return irregular
    if event.card not in play.hand(event.seat):
        raise ImpossibleActionError(f"{event.card} is not in {event.seat.name.title()}'s hand")
    if state.penalties.active:  # penalty cards and lead rules (Laws 26B, 50-52)
        restricted = penalty_cards.on_card(state, event, index, policy)
        if restricted is not None:
            return out_of_turn.after_card(restricted, index, policy, play_card=on_card)
    if event.card in play.legal_cards():
        return out_of_turn.after_card(replace(state, play=play.push(event.card)), index, policy,
                                     play_card=on_card)
    revoke = Irregularity(Kind.REVOKE, event.seat, LawRef(61), index)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(
            f"{event.seat.name.title()} must follow suit (Law 44C): {event.card} would be a revoke", revoke
        )
    # A revoke stands as played; its rectification (Laws 62-64) comes once attention is drawn to it.
    revoked = replace(state, play=play.push_unchecked(event.card), revokes=(*state.revokes, revoke))
    return out_of_turn.after_card(revoked, index, policy, play_card=on_card)


def on_claim(state: PlayState, event: ClaimMade) -> PlayState:
    """Law 68: a claim or concession stops the play (see :mod:`tenace.laws.claims`); a designation of dummy's
    card still waiting to be completed, or a change of designation, lapses with it (Law 68D)."""
    if designation.owns(state.pending):
        state = replace(state, pending=None, designation=designation.DesignationState())
    together = state.out_of_turn.together
    if together is not None:  # the trick cannot be left with the offender's card unknown
        raise ImpossibleActionError(
            f"{together.seat.name.title()} must first name which of the cards he played together he plays "
            "(Law 58B2)"
        )
    return claims.on_claim(state, event)


def on_answer(state: PlayState, event: ClaimAnswered) -> PlayState:
    """Law 69A: both opponents agree; Law 68D2, 70: someone doubts and the Director rules."""
    return claims.on_answer(state, event)


def on_ruling(state: PlayState, event: ClaimRuled) -> PlayState:
    """Law 70 (and 69B, 71 after the board): the Director's award."""
    return claims.on_ruling(state, event)


def on_event(state: PlayState, event: Event, index: int, policy: Policy) -> PlayState:
    """Events of the play period other than cards and claims: exposed cards (Laws 48-52), dummy designations
    and cards deemed played (Laws 45-46), attention drawn to a revoke (Laws 61-63), the Director's leave to
    inspect a quitted trick (Law 66C), withdrawn claims (Law 69B), play on (Law 68D2(b))."""
    irregular = out_of_turn.on_event(state, event, index, policy, play_card=on_card)  # Laws 54A, 54C, 58
    if irregular is not None:
        return irregular
    if isinstance(event, CardExposed):
        return penalty_cards.on_exposed(state, event, index, policy)
    if isinstance(event, AttentionDrawn):  # Laws 61-64
        return revokes.on_attention(state, event, index)
    if isinstance(event, DummyDesignation):  # Laws 45B, 45D, 46
        return designation.on_designation(state, event, index, policy, play_card=on_card)
    if isinstance(event, CardDeemedPlayed):  # Law 45C
        return designation.on_deemed(state, event, index, policy, play_card=on_card)
    if isinstance(event, DesignationChanged):  # Law 45C4(b)
        return designation.on_change(state, event)
    if isinstance(event, InspectionAllowed):  # Law 66C
        return quitted.on_inspection(state, event)
    if isinstance(event, DefectiveTrickFound):  # Law 67B
        return _defective(state, event, index)
    if isinstance(event, FifthCard):  # Law 45E
        return designation.on_fifth_card(state, event, index, policy, play_card=on_card)
    if isinstance(event, DummyIndicated):  # Law 45F, and Law 57C2 for the rest of the trick
        state = designation.on_indicated(state, event, index)
        return replace(state, out_of_turn=replace(state.out_of_turn, dummy_acted=len(state.play.cards)))
    if isinstance(event, WrongPointing):  # Law 65B3
        return quitted.on_pointing(state, event, index)
    claimed = claims.on_event(state, event)  # Laws 68D2(b), 69B, 71
    if claimed is not None:
        return claimed
    raise ImpossibleActionError(f"{type(event).__name__} is not handled in the play period yet")


def _defective(state: PlayState, event: DefectiveTrickFound, index: int) -> PlayState:
    """Law 67B, with 67B3: a card played to the trick but not put among the quitted cards is placed there by
    the Director (no revoke is deemed); if the same card was played again to a later trick, too late to
    correct, he awards an adjusted score at the end of the play (:mod:`tenace.laws.reviews`)."""
    if (event.misplaced or event.played_again is not None) and not event.omitted:
        raise ImpossibleActionError("Law 67B3 is about a card that seemed missing from the trick (omitted)")
    if event.played_again is not None and not event.misplaced:
        raise ImpossibleActionError(
            "a card played again to a later trick is one left out of the quitted cards (Law 67B3: misplaced)"
        )
    if event.played_again is not None and not event.trick < event.played_again <= len(state.play.tricks) + 1:
        raise ImpossibleActionError(
            f"trick {event.played_again} is not a later trick played or in progress (Law 67B3)"
        )
    # Law 67B2(b): a card the offender played too many is restored to his hand, where the record kept it all
    # along (its single card per trick is the one that stays); so a later failure to follow with it is a
    # revoke like any other, found and rectified under Laws 61-64.
    new = quitted.on_defective(state, event, ended=state.play.is_complete or state.claim is not None)
    if event.played_again is None:
        return new
    question = (
        f"{event.seat.name.title()} played his card of trick {event.trick} again to trick "
        f"{event.played_again}, too late to correct: the Director awards an adjusted result"
    )
    return reviews.add(new, reviews.Review(reviews.PLAYED_AGAIN, None, question))


def on_director(state: PlayState, event: DirectorCalled) -> PlayState:
    irregular = out_of_turn.on_director(state, event)  # Laws 54-57
    if irregular is not None:
        return irregular
    if state.penalties.open is not None:  # Law 52
        return penalty_cards.on_director(state, event)
    raise ImpossibleActionError("there is no irregularity in the play for the Director to rectify yet")


def on_adjusted(state: PlayState) -> PlayState:
    """The Director answers his pending end-of-play review (Laws 45F, 64C, 67B3) with an adjusted score
    (:class:`~tenace.laws.events.ScoreAdjusted`, Law 12C1): the review is done."""
    if revokes.owns(state.pending):
        return revokes.closed(state)
    if reviews.owns(state.pending):
        return reviews.closed(state)
    return state  # no review waits: nothing in the play changes


def on_elected(state: PlayState, event: Elected, index: int = 0, policy: Policy = Policy.LAWS) -> PlayState:
    if revokes.owns(state.pending):  # Law 64C
        return revokes.on_elected(state, event)
    if reviews.owns(state.pending):  # Laws 45F, 67B3
        return reviews.on_elected(state, event)
    if state.pending is not None and out_of_turn.owns(state.pending):  # Laws 53-58
        return out_of_turn.on_elected(state, event, index, policy, play_card=on_card)
    if designation.owns(state.pending):  # Laws 45C4(b), 46B
        return designation.on_elected(state, event, index, policy, play_card=on_card)
    if state.pending is not None and penalty_cards.owns(state.pending):  # Laws 26B, 50-52
        return penalty_cards.on_elected(state, event)
    raise ImpossibleActionError("no decision is pending in the play")
