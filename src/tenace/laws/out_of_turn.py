"""Leads and plays out of turn, premature plays and simultaneous cards (Laws 53-60), and the start of play
after a faced opening lead out of turn (Laws 41C, 54).

Under the Laws policy a card from the wrong hand is recorded, not refused:

* A **lead out of turn** (the trick is empty) lies face up as an open irregularity. A card from the hand
  next in rotation after it accepts it (Laws 53A, 60A1); a proper lead by the opponent whose turn it was makes
  it void (53B). When that opponent is himself the hand next in rotation, his card may be either, and the
  Director finds which (``Accept`` 53A: a play to the irregular lead; ``Reject`` 53B: his own lead).
  Once attention is drawn (:class:`~tenace.laws.events.DirectorCalled`) the non-offending side
  elects: declarer after a defender's lead (Law 56: accept, or have it retracted as a major penalty card),
  with one more option for the opening lead (Law 54: spread his hand and become dummy, 54A; accept, 54B;
  retract, 54D); the defender next in rotation after declarer's own lead out of turn (Law 55A: accept, or
  retraction as in 55B).
  At trick 13 the lead is simply retracted (the footnote to Law 53A).
* A **premature play** (the trick is in progress) by a defender before his partner has played makes a major
  penalty card and lets declarer require or forbid a play by the partner (Law 57A, with Law 59 when he cannot
  comply); a defender playing at his right-hand opponent's turn plays his card at his own turn if it is
  lawful there, else it is a major penalty card (57D); declarer's premature play from either hand stands
  (57C3); after declarer has played from both hands a defender is not subject to rectification (57C1), nor
  after dummy picked out or suggested a card of his own accord in that trick (57C2).
* **Simultaneous** cards: of two players, the one in turn plays first (Law 58A,
  :class:`~tenace.laws.events.SimultaneousPlays`); two or more cards from one hand
  (:class:`~tenace.laws.events.SimultaneousCards`): a single visible card is played (58B1), otherwise the
  player says which one and a defender's other visible cards become penalty cards (58B2).
* A defender who plays after declarer was told to retract a lead from the wrong hand, before declarer leads
  again, makes a major penalty card (Law 60B).
* Dummy **warns** declarer not to lead from the wrong hand (:class:`~tenace.laws.events.DummyWarned`):
  allowed, nothing follows (Law 42B2), unless the Director finds dummy had broken a limitation of Law 43A2;
  then a defender chooses the hand declarer leads from (Law 43B2(a)).
* The opening lead may be made **face down** (:class:`~tenace.laws.events.LeadFaceDown`, Law 41A): the
  clarification period lasts until the same card is faced; a face-down lead from the wrong defender goes back
  to his hand without rectification, as Law 54 deals only with a faced one.

Everything is a pure function of :class:`~tenace.laws.play_period.PlayState`, whose ``out_of_turn`` field
holds an :class:`OutOfTurnState`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tenace.cards import SUITS, Card, CardSet
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import penalty_cards
from tenace.laws._evolve import replace
from tenace.laws.decisions import (
    Accept,
    Decision,
    DesignateCard,
    ForbidSuit,
    Irregularity,
    Kind,
    LeadFrom,
    Option,
    PlayRequirement,
    Reject,
    RequireHighest,
    RequireLowest,
    RequireSuit,
    SpreadHand,
)
from tenace.laws.events import (
    CardExposed,
    CardPlayed,
    DirectorCalled,
    DummyWarned,
    Elected,
    Event,
    LeadFaceDown,
    SimultaneousCards,
    SimultaneousPlays,
)
from tenace.laws.refs import DIRECTOR, LawRef, Policy, actor_name
from tenace.play import Play
from tenace.seats import Seat

if TYPE_CHECKING:
    from collections.abc import Callable

    from tenace.laws.decisions import Constraint
    from tenace.laws.play_period import PlayState

    PlayCard = Callable[[PlayState, CardPlayed, int, Policy], PlayState]
    """How the play period plays a card through every Law (:func:`tenace.laws.play_period.on_card`): the
    rectifications here that put a card on the table (a lead accepted, a card named, a card held until its
    turn) are given it by their caller, the play period above them, and never import it."""

__all__ = [
    "Faced",
    "OutOfTurnState",
    "Premature",
    "allowed_cards",
    "after_card",
    "constraints",
    "on_card",
    "on_director",
    "on_elected",
    "on_event",
    "owns",
]

_LAWS = frozenset({53, 54, 55, 56, 57, 58, 59, 60})
_DUMMY_WARNED = LawRef(43, "B2(a)")


def _name(seat: Seat) -> str:
    return seat.name.title()


@dataclass(frozen=True, slots=True)
class Faced:
    """A lead out of turn lying face up whose fate is not settled yet (Laws 53-56)."""

    irregularity: Irregularity
    seat: Seat
    """The hand the card came from (dummy's for declarer's lead from dummy)."""
    card: Card
    proper: Seat
    """The hand from which the lead should have come."""
    opening: bool
    """The opening lead (Law 54) rather than a later one."""


@dataclass(frozen=True, slots=True)
class Premature:
    """A defender's lead or play before his partner has played (Law 57A), waiting for the Director."""

    irregularity: Irregularity
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class _Together:
    """Two or more cards played at once with more than one face visible: the player names one (Law 58B2)."""

    irregularity: Irregularity
    seat: Seat
    visible: tuple[Card, ...]
    over: Card | None = None
    """The card the offender's LHO played to the trick before the offender named his (Law 58B3)."""


_58B3: Final = LawRef(58, "B3")


@dataclass(frozen=True, slots=True)
class OutOfTurnState:
    """What Laws 53-60 keep during the play (a field of ``PlayState``)."""

    faced: Faced | None = None
    premature: Premature | None = None
    together: _Together | None = None
    held: tuple[tuple[Seat, Card], ...] = ()
    """Cards played before their turn that stand and are played when the turn comes (Laws 57C3, 57D)."""
    requirement: PlayRequirement | None = None
    """Declarer's Law 57A choice for the offender's partner's next card."""
    requirement_at: int = -1
    """Position in the play of the card the requirement applies to."""
    dummy_acted: int = -1
    """Where the play stood (its number of cards) when dummy last touched or indicated a card without
    declarer's instruction (Law 45F): a defender's early play in that trick is not rectified (Law 57C2)."""
    must_lead_from: Seat | None = None
    """Declarer must now lead from this hand after retracting a lead from the wrong one (Laws 55B2, 60B)."""
    began: bool = False
    """A lead has been faced, in turn or not: the play period has begun (Law 41C)."""
    face_down: tuple[Seat, Card] | None = None
    """The opening lead made face down and not yet faced (Law 41A, 41B)."""
    lead_or_play: tuple[Seat, Card] | None = None
    """The proper leader's card faced over a lead out of turn from his right: a play to it (Law 53A) or his
    own lead (53B), as the Director finds."""
    withdrawable: tuple[Seat, Card] | None = None
    """Law 58B3: an opponent's card played over cards played together, which he may take back now that the
    offender has withdrawn a visible card."""
    taken_back: tuple[tuple[Seat, Card], ...] = ()
    """Cards taken back under Law 58B3: information authorised to their side, not to the offenders (16C)."""

    @property
    def open(self) -> bool:
        """Whether an irregularity here waits for the Director or an election."""
        return self.faced is not None or self.premature is not None or self.together is not None


# --- cards ----------------------------------------------------------------------------------------------


def allowed_cards(state: PlayState, seat: Seat, legal: CardSet) -> CardSet:
    """``legal`` (the cards of Law 44 and of the penalty-card rules) narrowed by declarer's Law 57A choice if
    it applies to ``seat`` now; when the player cannot comply, any of ``legal`` (Laws 57B, 59).

    The obligation to follow suit comes first (Law 44C): a required suit other than the suit led only matters
    to a player void in it.
    """
    req = state.out_of_turn.requirement
    if req is None or req.seat is not seat or len(state.play.cards) != state.out_of_turn.requirement_at:
        return legal
    led = state.play.current_trick.suit_led
    following = legal.suit(led) if led is not None else CardSet()
    match req.rule:
        case RequireHighest():  # Law 57A1
            if following:
                return CardSet((max(following, key=lambda c: c.rank),))
        case RequireLowest():  # Law 57A2
            if following:
                return CardSet((min(following, key=lambda c: c.rank),))
        case RequireSuit(suit=suit):  # Law 57A3
            if legal.suit(suit):
                return legal.suit(suit)
        case ForbidSuit(suit=suit):  # Law 57A4
            rest = legal - legal.suit(suit)
            if rest:
                return rest
    return legal  # Law 59: he cannot comply


def constraints(state: PlayState) -> tuple[Constraint, ...]:
    """The Law 57A requirement in force, if any."""
    req = state.out_of_turn.requirement
    return (req,) if req is not None else ()


def _record(state: PlayState, irregularity: Irregularity, mine: OutOfTurnState | None = None) -> PlayState:
    return replace(
        state,
        irregularities=(*state.irregularities, irregularity),
        out_of_turn=mine if mine is not None else state.out_of_turn,
    )


def _penalty(state: PlayState, seat: Seat, card: Card, *, major: bool, law: LawRef) -> PlayState:
    """``card`` becomes a penalty card of ``seat`` (Law 50); if it already is one, it stays, major when this
    exposure makes it so (Law 50B)."""
    pen = state.penalties
    if any(p.card == card for p in pen.cards):
        if not major:
            return state
        cards = tuple(replace(p, major=True) if p.card == card else p for p in pen.cards)
        return replace(state, penalties=replace(pen, cards=cards))
    return penalty_cards.add_penalty_card(state, seat, card, major=major, law=law)


def _hold(state: PlayState, seat: Seat, card: Card) -> OutOfTurnState:
    return replace(state.out_of_turn, held=(*state.out_of_turn.held, (seat, card)))


def _follows(play: Play, seat: Seat, card: Card) -> bool:
    """Whether ``card`` would be a lawful card for ``seat`` to the trick in progress (Law 44C, 44D)."""
    led = play.current_trick.suit_led
    return led is None or card.suit is led or not play.hand(seat).suit(led)


def on_card(state: PlayState, event: CardPlayed, index: int, policy: Policy, *,
            play_card: PlayCard) -> PlayState | None:
    """A card from ``event.seat``'s hand, seen first by Laws 53-60. ``None`` when nothing here applies (a card
    in turn, with no lead out of turn on the table and no Law 57A requirement broken)."""
    mine = state.out_of_turn
    play = state.play
    seat, card = event.seat, event.card
    if mine.face_down is not None:
        faced = _facing(state, event, index, policy, play_card=play_card)
        if faced is not None:
            return faced
    if mine.together is not None:
        raise ImpossibleActionError(
            f"{_name(mine.together.seat)} must first name the card he plays (Law 58B2)"
        )
    if mine.faced is not None:
        return _over_faced(state, event, index, policy, play_card=play_card)
    if mine.premature is not None:
        raise ImpossibleActionError(
            f"{_name(mine.premature.seat)}'s premature card {mine.premature.card} is on the table: the "
            "Director must be called and declarer choose first (Laws 9B, 57A)"
        )
    if card not in play.hand(seat):
        raise ImpossibleActionError(f"{card} is not in {_name(seat)}'s hand")
    if any(s is seat for s, _ in mine.held):
        raise ImpossibleActionError(f"{_name(seat)} has already played a card to this trick before his turn")
    declaring = state.contract.declarer.side
    if mine.must_lead_from is not None and seat.side is not declaring:
        # Law 60B: a defender plays before declarer has led again from the right hand: a major penalty card.
        irregularity = Irregularity(Kind.PREMATURE_PLAY, seat, LawRef(60, "B"), index)
        state = _penalty(state, seat, card, major=True, law=LawRef(60, "B"))
        return _record(state, irregularity)
    if seat is play.turn:
        legal = play.legal_cards()
        if card in legal and card not in allowed_cards(state, seat, legal):
            # Law 61A: not playing, when able, a card declarer specified in rectification is a revoke.
            revoke = Irregularity(Kind.REVOKE, seat, LawRef(61, "A"), index)
            state = replace(state, play=play.push(card), revokes=(*state.revokes, revoke))
            return after_card(state, index, policy, play_card=play_card)
        return None
    # A card out of turn.
    if policy is Policy.ONLINE:
        what = "lead" if not play.current_trick.cards else "play"
        raise UnlawfulActionError(
            f"it is {_name(play.turn)}'s turn to play, not {_name(seat)}'s",
            Irregularity(
                Kind.LEAD_OUT_OF_TURN if what == "lead" else Kind.PREMATURE_PLAY,
                seat,
                LawRef(53 if what == "lead" else 57),
                index,
            ),
        )
    if play.is_complete:
        raise ImpossibleActionError("all 52 cards have been played")
    if not play.current_trick.cards:
        return _lead_out_of_turn(state, seat, card, index)
    return _premature(state, seat, card, index)


def _facing(state: PlayState, event: CardPlayed, index: int, policy: Policy, *,
            play_card: PlayCard) -> PlayState | None:
    """A card while the opening lead lies face down (Law 41)."""
    mine = state.out_of_turn
    assert mine.face_down is not None
    leader, down = mine.face_down
    if event.seat is leader:
        if event.card != down:
            # Law 41A: a face-down lead is withdrawn only on the Director's instruction after an irregularity.
            raise ImpossibleActionError(
                f"{_name(leader)}'s face-down lead is {down}; it may be changed only on the Director's "
                "instruction (Law 41A)"
            )
        cleared = replace(state, out_of_turn=replace(mine, face_down=None))
        return play_card(cleared, event, index, policy)  # Law 41C: the lead is faced
    if event.seat is leader.partner:
        # Law 54 (opening words): the partner faces a lead out of turn; the face-down lead goes back.
        return on_card(replace(state, out_of_turn=replace(mine, face_down=None)), event, index, policy,
                       play_card=play_card)
    return None


def _face_down(state: PlayState, event: LeadFaceDown, index: int, policy: Policy) -> PlayState:
    """Law 41A: the opening lead is made face down; the clarification period lasts until it is faced."""
    play, mine = state.play, state.out_of_turn
    seat, card = event.seat, event.card
    if play.cards or mine.began:
        raise ImpossibleActionError("the opening lead has already been faced (Law 41C)")
    if mine.face_down is not None:
        raise ImpossibleActionError(f"{_name(mine.face_down[0])} has already led face down (Law 41A)")
    if card not in play.hand(seat):
        raise ImpossibleActionError(f"{card} is not in {_name(seat)}'s hand")
    if seat is play.turn:
        return replace(state, out_of_turn=replace(mine, face_down=(seat, card)))
    law = LawRef(54, "E") if seat.side is state.contract.declarer.side else LawRef(41, "A")
    irregularity = Irregularity(Kind.LEAD_OUT_OF_TURN, seat, law, index)
    if policy is Policy.ONLINE:
        message = f"the opening lead is {_name(play.turn)}'s, not {_name(seat)}'s"
        raise UnlawfulActionError(message, irregularity)
    # Law 41A: a face-down lead from the wrong hand goes back to it on the Director's instruction; not being
    # faced, it is not a lead out of turn under Law 54 (from declarer's side: Law 24 via 54E, returned too).
    return _record(state, irregularity)


def _lead_out_of_turn(state: PlayState, seat: Seat, card: Card, index: int) -> PlayState:
    play = state.play
    declaring = state.contract.declarer.side
    opening = not play.cards
    if opening and seat.side is declaring:
        # Law 54E: an opening lead attempted by declarer or dummy is a card exposed as in Law 24: it goes back
        # to the hand without rectification (24D).
        return _record(state, Irregularity(Kind.LEAD_OUT_OF_TURN, seat, LawRef(54, "E"), index))
    if len(play.winners) == 12:
        # Footnote to Law 53A: a lead out of turn at trick 13 is retracted; there is nothing to choose.
        return _record(state, Irregularity(Kind.LEAD_OUT_OF_TURN, seat, LawRef(53, "A"), index))
    law = LawRef(54) if opening else LawRef(55) if seat.side is declaring else LawRef(56)
    irregularity = Irregularity(Kind.LEAD_OUT_OF_TURN, seat, law, index)
    faced = Faced(irregularity, seat, card, play.turn, opening)
    return _record(state, irregularity, replace(state.out_of_turn, faced=faced, began=True))


def _premature(state: PlayState, seat: Seat, card: Card, index: int) -> PlayState:
    """A card to a trick in progress from a hand whose turn it is not (Laws 45E, 57)."""
    play = state.play
    trick = play.current_trick
    played = {s for s, _ in trick} | {s for s, _ in state.out_of_turn.held}
    declarer = state.contract.declarer
    if seat.side is declarer.side:
        if seat in played:
            # Law 45E2: a fifth card from declarer's hand or dummy goes back without rectification.
            return _record(state, Irregularity(Kind.PREMATURE_PLAY, seat, LawRef(45, "E2"), index))
        irregularity = Irregularity(Kind.PREMATURE_PLAY, seat, LawRef(57, "C3"), index)
        if _follows(play, seat, card):  # Law 57C3: a premature play by declarer stands if lawful
            return _record(state, irregularity, _hold(state, seat, card))
        return _record(state, irregularity)  # Law 47B: an unlawful card is taken back
    partner_played = seat.partner in played
    if seat in played:
        if partner_played:
            # Law 45E1: a defender's fifth card is a penalty card (unless the Director deems it a lead).
            law = LawRef(45, "E1")
            state = _penalty(state, seat, card, major=True, law=law)
            return _record(state, Irregularity(Kind.PREMATURE_PLAY, seat, law, index))
        return _open_premature(
            state, seat, card, index
        )  # Law 57A: a lead to the next trick before partner plays
    if declarer in played and declarer.partner in played:
        # Law 57C1: declarer has played from both hands: no rectification; the card is played at its turn.
        irregularity = Irregularity(Kind.PREMATURE_PLAY, seat, LawRef(57, "C1"), index)
        return _record(state, irregularity, _hold(state, seat, card))
    if state.out_of_turn.dummy_acted >= 4 * len(play.tricks):
        # Law 57C2: dummy picked out or suggested a card of his own accord in this trick: a defender who then
        # plays before his partner is not rectified; the card is played at its turn.
        irregularity = Irregularity(Kind.PREMATURE_PLAY, seat, LawRef(57, "C2"), index)
        return _record(state, irregularity, _hold(state, seat, card))
    if seat.rho is play.turn:
        irregularity = Irregularity(Kind.PREMATURE_PLAY, seat, LawRef(57, "D"), index)
        if _follows(play, seat, card):  # Law 57D: a lawful card is played at his own turn
            return _record(state, irregularity, _hold(state, seat, card))
        state = _penalty(state, seat, card, major=True, law=LawRef(57, "D"))
        return _record(state, irregularity)
    return _open_premature(state, seat, card, index)


def _open_premature(state: PlayState, seat: Seat, card: Card, index: int) -> PlayState:
    """Law 57A: the card is a major penalty card at once; declarer's choice waits for the Director."""
    irregularity = Irregularity(Kind.PREMATURE_PLAY, seat, LawRef(57, "A"), index)
    state = _penalty(state, seat, card, major=True, law=LawRef(57, "A"))
    return _record(
        state, irregularity, replace(state.out_of_turn, premature=Premature(irregularity, seat, card))
    )


def _over_faced(state: PlayState, event: CardPlayed, index: int, policy: Policy, *,
                play_card: PlayCard) -> PlayState:
    """A card while a lead out of turn lies on the table, before any rectification."""
    faced = state.out_of_turn.faced
    assert faced is not None
    seat = event.seat
    if state.pending is not None:
        raise ImpossibleActionError(
            f"{actor_name(state.pending.actor)} must first decide ({state.pending.law})"
        )
    if seat is faced.proper and seat is faced.seat.lho and seat.side is not faced.seat.side:
        # Laws 53A ("but see B") and 53B: the opponent whose turn it was to lead is also the hand next in
        # rotation. His card may be a play to the irregular lead (53A: it is accepted) or his own proper lead
        # (53B: his card is not deemed played to it). Which it was is a question of fact for the Director.
        return _ask_lead_or_play(state, seat, event.card, faced)
    if seat is faced.seat.lho:
        # Laws 53A, 54B1, 60A1 (an instance of Law 11A: acting before the Director is summoned forfeits the
        # rectification): a card from the hand next in rotation accepts the lead, which stands and is
        # treated as made in turn (Law 60A2); obligations already owed stay (Law 60A3).
        return play_card(_accept(state, faced), event, index, policy)
    if faced.opening and seat is state.contract.dummy:
        # Law 54B2: declarer played dummy's card second: the lead is accepted and dummy's card stands; it is
        # played at dummy's turn (a premature play from dummy, Law 57C3).
        return play_card(_accept(state, faced), event, index, policy)
    if (
        not faced.opening and faced.seat.side is state.contract.declarer.side and seat is faced.seat.rho
        and seat is not faced.proper
    ):
        # Law 53C: the defender on the right of declarer's irregular lead plays a card: the lead stands, and
        # his card is played before his partner's (Law 57).
        return play_card(_accept(state, faced), event, index, policy)
    if seat is faced.proper and seat.side is not faced.seat.side:
        # Law 53B (and Law 47F1): the opponent whose turn it was leads: his lead stands and the card led out
        # of turn goes back to its hand (the information is unauthorised to the offenders, Law 16C).
        return play_card(_proper_lead(state), event, index, policy)
    if faced.opening and seat is faced.proper:
        # Law 54 (opening words): the offender's partner's face-down lead is retracted by the Director. Once
        # is enough: until the Director has been called, another lead from him changes nothing, so it is
        # refused (it would otherwise grow the record without end).
        last = state.irregularities[-1] if state.irregularities else None
        again = last is not None and last.offender is seat and last.law == LawRef(54)
        if again and last is not None and last.index > faced.irregularity.index:
            raise ImpossibleActionError(
                f"{_name(seat)}'s lead was retracted (Law 54): the Director must be called about "
                f"{_name(faced.seat)}'s opening lead out of turn first"
            )
        return _record(state, Irregularity(Kind.LEAD_OUT_OF_TURN, seat, LawRef(54), index))
    defenders = state.contract.declarer.side.opponents
    if seat.side is faced.seat.side is defenders and event.card in state.play.hand(seat):
        # Law 60C: a card from the offending side before the rectification is assessed takes none of the
        # opponents' rights away and has its own rectification: a defender's card so exposed is a major
        # penalty card (Laws 49, 50B).
        law = LawRef(60, "C")
        exposed = _penalty(state, seat, event.card, major=True, law=law)
        return _record(exposed, Irregularity(Kind.PREMATURE_PLAY, seat, law, index))
    raise ImpossibleActionError(
        f"{_name(faced.seat)}'s lead out of turn ({faced.card}) is on the table: the Director must be called "
        f"before {_name(seat)} plays (Laws 9B, 60C)"
    )


def _ask_lead_or_play(state: PlayState, seat: Seat, card: Card, faced: Faced) -> PlayState:
    """Laws 53A, 53B: the proper leader, next in rotation after the lead out of turn, has faced ``card``; the
    Director finds whether it was played to the irregular lead or led."""
    if card not in state.play.hand(seat):
        raise ImpossibleActionError(f"{card} is not in {_name(seat)}'s hand")
    decision = Decision(
        DIRECTOR,
        (Accept(LawRef(53, "A")), Reject(LawRef(53, "B"))),
        LawRef(53),
        faced.irregularity,
        f"Did {_name(seat)} play {card} to {_name(faced.seat)}'s lead out of turn ({faced.card}), accepting "
        f"it (Law 53A), or make his own proper lead (Law 53B)?",
    )
    return replace(state, pending=decision, out_of_turn=replace(state.out_of_turn, lead_or_play=(seat, card)))


def _proper_lead(state: PlayState) -> PlayState:
    """Law 53B: the lead out of turn goes back to its hand; the proper leader's card is the lead."""
    return replace(state, out_of_turn=replace(state.out_of_turn, faced=None, lead_or_play=None))


def _accept(state: PlayState, faced: Faced) -> PlayState:
    """The lead out of turn stands as a correct lead; the next card comes from its left (Law 53A)."""
    play = state.play.lead_out_of_turn(faced.seat).push(faced.card)
    return replace(state, play=play, out_of_turn=replace(state.out_of_turn, faced=None))


def after_card(state: PlayState, index: int, policy: Policy, *, play_card: PlayCard) -> PlayState:
    """After a card has joined the play: lapse the Law 57A requirement and the Law 60B watch once served, and
    play a card that was played early and stands when its turn has come (Laws 57C3, 57D)."""
    mine = state.out_of_turn
    play = state.play
    new = mine
    if not new.began and play.cards:
        new = replace(new, began=True)
    if new.requirement is not None and len(play.cards) > new.requirement_at:
        new = replace(new, requirement=None)
    if new.must_lead_from is not None and play.current_trick.cards:
        new = replace(new, must_lead_from=None)
    if new != mine:
        mine = new
        state = replace(state, out_of_turn=mine)
    if mine.held and state.pending is None and state.claim is None and not play.is_complete:
        for seat, card in mine.held:
            if seat is play.turn:
                rest = tuple(h for h in mine.held if h != (seat, card))
                state = replace(state, out_of_turn=replace(mine, held=rest))
                return play_card(state, CardPlayed(seat, card), index, policy)
    return state


# --- the Director and the elections ----------------------------------------------------------------------


def owns(decision: Decision) -> bool:
    """Whether a pending decision is one this module raised."""
    return decision.law.law in _LAWS or decision.law == _DUMMY_WARNED


def on_director(state: PlayState, event: DirectorCalled) -> PlayState | None:
    """Attention is drawn to a lead out of turn or a premature play: the Director states the options (Law 9B,
    10). ``None`` when there is nothing of Laws 53-57 to rectify."""
    mine = state.out_of_turn
    if state.pending is not None and (mine.faced is not None or mine.premature is not None):
        raise ImpossibleActionError(
            f"{actor_name(state.pending.actor)} must first decide ({state.pending.law})"
        )
    faced = mine.faced
    declarer = state.contract.declarer
    if faced is not None:
        offender = _name(faced.seat)
        if faced.opening:  # Law 54: declarer's options after a faced opening lead out of turn
            options: tuple[Option, ...] = (
                Accept(LawRef(54, "B")),
                SpreadHand(LawRef(54, "A")),
                Reject(LawRef(54, "D")),
            )
            decision = Decision(
                declarer,
                options,
                LawRef(54),
                faced.irregularity,
                f"Accept {offender}'s opening lead out of turn, spread your hand, or refuse it?",
            )
        elif faced.seat.side is declarer.side:
            # Law 55A: either defender may accept or refuse; when they differ the one next in turn after the
            # irregular lead prevails, so the election is his.
            back = LawRef(55, "B2") if faced.proper.side is declarer.side else LawRef(55, "B1")
            decision = Decision(
                faced.seat.lho,
                (Accept(LawRef(55, "A")), Reject(back)),
                LawRef(55, "A"),
                faced.irregularity,
                f"Accept declarer's lead out of turn from {offender}'s hand?",
            )
        else:  # Law 56
            decision = Decision(
                declarer,
                (Accept(LawRef(56, "A")), Reject(LawRef(56, "B"))),
                LawRef(56),
                faced.irregularity,
                f"Accept {offender}'s lead out of turn, or refuse it?",
            )
        return replace(state, pending=decision)
    premature = mine.premature
    if premature is not None:
        led = state.play.current_trick.suit_led
        others = [s for s in SUITS if s is not led]
        options = (
            RequireHighest(LawRef(57, "A1")),
            RequireLowest(LawRef(57, "A2")),
            *(RequireSuit(s, LawRef(57, "A3")) for s in others),
            *(ForbidSuit(s, LawRef(57, "A4")) for s in others),
        )
        decision = Decision(
            declarer,
            options,
            LawRef(57, "A"),
            premature.irregularity,
            f"How must {_name(premature.seat.partner)} play to this trick?",
        )
        return replace(state, pending=decision)
    return None


def on_elected(state: PlayState, event: Elected, index: int = 0, policy: Policy = Policy.LAWS, *,
               play_card: PlayCard) -> PlayState:
    """The elections of Laws 54-58."""
    pending = state.pending
    if pending is None:
        raise ImpossibleActionError("no decision is pending")
    pending.check(event.actor, event.option)
    state = replace(state, pending=None)
    mine = state.out_of_turn
    option = event.option
    if isinstance(option, LeadFrom):  # Law 43B2(a): declarer leads from the hand the defender chose
        if option.seat is state.play.turn:
            return state
        return replace(state, play=state.play.lead_out_of_turn(option.seat))
    if mine.together is not None and isinstance(option, DesignateCard):
        return _designated(state, mine.together, option.card, mine.together.irregularity.index, policy,
                           play_card=play_card)
    if mine.withdrawable is not None and option.law == _58B3:
        return _withdrawn_or_not(state, option, index, policy, play_card=play_card)
    if mine.premature is not None and isinstance(
        option, RequireHighest | RequireLowest | RequireSuit | ForbidSuit
    ):
        partner = mine.premature.seat.partner
        requirement = PlayRequirement(partner, option, option.law)
        return replace(
            state,
            out_of_turn=replace(
                mine, premature=None, requirement=requirement, requirement_at=len(state.play.cards)
            ),
        )
    faced = mine.faced
    if faced is None:
        raise ImpossibleActionError(f"{option!r} is not handled here")
    if mine.lead_or_play is not None:  # Laws 53A, 53B: the Director's finding of fact
        seat, card = mine.lead_or_play
        state = replace(state, out_of_turn=replace(mine, lead_or_play=None))
        state = _accept(state, faced) if isinstance(option, Accept) else _proper_lead(state)
        return play_card(state, CardPlayed(seat, card), index, policy)
    match option:
        case Accept():  # Laws 53A, 54B, 55A, 56A
            return after_card(_accept(state, faced), index, policy, play_card=play_card)
        case SpreadHand():
            return _spread(state, faced)
        case Reject():
            return _retract(state, faced, option.law)
    raise ImpossibleActionError(f"{option!r} is not handled here")


def _spread(state: PlayState, faced: Faced) -> PlayState:
    """Law 54A (as Law 48B1 directs for declarer facing his cards after an opening lead out of turn):
    declarer spreads his hand and becomes dummy; his partner declares, and the lead is now in turn."""
    contract = replace(state.contract, declarer=state.contract.dummy)
    play = Play.for_contract(state.play.deal, contract).push(faced.card)
    return replace(state, contract=contract, play=play, out_of_turn=replace(state.out_of_turn, faced=None))


def _retract(state: PlayState, faced: Faced, law: LawRef) -> PlayState:
    """The lead out of turn is taken back: a defender's card becomes a major penalty card (Laws 54D, 56B, and
    50D); declarer's goes back to the hand with no other rectification (Law 55B1) and, if he had led from the
    wrong one of his hands, he must then lead from the right hand (Law 55B2)."""
    state = replace(state, out_of_turn=replace(state.out_of_turn, faced=None))
    if law.law in (54, 56):
        return _penalty(state, faced.seat, faced.card, major=True, law=law)
    if law.clause == "B2":
        return replace(state, out_of_turn=replace(state.out_of_turn, must_lead_from=faced.proper))
    return state


def _designated(state: PlayState, together: _Together, card: Card, index: int, policy: Policy, *,
                play_card: PlayCard) -> PlayState:
    """Law 58B2: the named card is played; a defender's other visible cards become penalty cards (Law 50).
    Law 58B3: the offender has withdrawn a visible card, so an opponent who played to the trick meanwhile
    may take his card back."""
    state = replace(state, out_of_turn=replace(state.out_of_turn, together=None))
    state = play_card(state, CardPlayed(together.seat, card), index, policy)
    state = _penalise_others(state, together.seat, together.visible, card)
    if together.over is None:
        return state
    lho = together.seat.lho
    if state.pending is not None or state.play.turn is not lho:  # nothing left to choose: the card stands
        return play_card(state, CardPlayed(lho, together.over), index, policy)
    decision = Decision(
        lho,
        (Accept(_58B3), Reject(_58B3)),
        _58B3,
        together.irregularity,
        f"{_name(together.seat)} played {card} and withdrew his other card: does {_name(lho)}'s "
        f"{together.over} stand, or does he take it back and play another?",
    )
    return replace(state, pending=decision,
                   out_of_turn=replace(state.out_of_turn, withdrawable=(lho, together.over)))


def over_together(state: PlayState, event: CardPlayed) -> PlayState | None:
    """The offender's LHO plays to the trick while the offender has still to name which of the cards he
    played together is played (Law 58B2): the card waits for that choice (Law 58B3). ``None`` when the card is
    not such a play."""
    together = state.out_of_turn.together
    if together is None or together.over is not None or event.seat is not together.seat.lho:
        return None
    if len(state.play.current_trick.cards) >= 3:
        return None  # the offender's card completes the trick: the next card is a lead, made after it
    if event.card not in state.play.hand(event.seat):
        raise ImpossibleActionError(f"{event.card} is not in {_name(event.seat)}'s hand")
    if any(s is event.seat for s, _ in state.out_of_turn.held):  # his card to this trick is on the table
        raise ImpossibleActionError(
            f"{_name(event.seat)} has already played a card to this trick before his turn (Law 58B3)")
    return replace(state, out_of_turn=replace(state.out_of_turn, together=replace(together, over=event.card)))


def _withdrawn_or_not(state: PlayState, option: Option, index: int, policy: Policy, *,
                      play_card: PlayCard) -> PlayState:
    """Law 58B3: the opponent keeps his card, which is played now, or takes it back without further
    rectification and plays any card (the card taken back is Law 16C information)."""
    mine = state.out_of_turn
    assert mine.withdrawable is not None
    seat, card = mine.withdrawable
    state = replace(state, out_of_turn=replace(mine, withdrawable=None))
    if isinstance(option, Accept):
        return play_card(state, CardPlayed(seat, card), index, policy)
    return replace(state, out_of_turn=replace(state.out_of_turn,
                                              taken_back=(*state.out_of_turn.taken_back, (seat, card))))


def _penalise_others(state: PlayState, seat: Seat, visible: tuple[Card, ...], played: Card) -> PlayState:
    if seat.side is state.contract.declarer.side:
        return state  # Law 48A: declarer's and dummy's cards go back
    for other in visible:
        if other != played and other in state.play.hand(seat):
            major = penalty_cards.is_honour(other)  # Law 50B: a single low card exposed by accident is minor
            state = _penalty(state, seat, other, major=major, law=LawRef(58, "B2"))
    return state


# --- other events -----------------------------------------------------------------------------------------


def on_event(state: PlayState, event: Event, index: int, policy: Policy, *,
             play_card: PlayCard) -> PlayState | None:
    """Simultaneous plays (Law 58) and cards exposed by declarer or dummy while a faced opening lead out of
    turn waits (Law 54A, 54C). ``None`` for anything else."""
    match event:
        case SimultaneousPlays(first=first, second=second):
            # Law 58A: a card played together with another player's lawful card is deemed played after it.
            if second.seat is state.play.turn and first.seat is not state.play.turn:
                first, second = second, first
            state = play_card(state, first, index, policy)
            return play_card(state, second, index, policy)
        case SimultaneousCards():
            return _simultaneous_cards(state, event, index, policy, play_card=play_card)
        case DummyWarned():
            return _warned(state, event, index)
        case LeadFaceDown():
            return _face_down(state, event, index, policy)
        case CardExposed(seat=seat) if (
            state.out_of_turn.faced is not None and state.out_of_turn.faced.opening
        ):
            faced = state.out_of_turn.faced
            if seat is state.contract.declarer:
                # Law 54A: having begun to spread his hand, declarer must spread it all and becomes dummy.
                return _spread(replace(state, pending=None), faced)
            if seat is state.contract.dummy:
                # Law 54C: declarer could have seen a card of dummy's: he must accept the lead.
                return after_card(_accept(replace(state, pending=None), faced), index, policy,
                                  play_card=play_card)
    return None


def _warned(state: PlayState, event: DummyWarned, index: int) -> PlayState:
    """Dummy warns declarer not to lead from the wrong hand, at declarer's turn to lead (Law 42B2). When the
    Director finds dummy had broken a limitation of Law 43A2 first, the defender who would play next chooses
    the hand declarer leads from (Law 43B2(a) lets either defender choose; as in Law 55A the engine asks the
    one next in turn)."""
    contract, play = state.contract, state.play
    if event.seat is not contract.dummy:
        raise ImpossibleActionError(f"only dummy warns declarer about the hand to lead from, not "
                                    f"{_name(event.seat)} (Laws 42B2, 43B2(a))")
    if state.pending is not None:
        raise ImpossibleActionError(f"first the pending decision ({state.pending.law}) (Law 9B2)")
    if play.is_complete or play.current_trick.cards or play.turn.side is not contract.declarer.side:
        raise ImpossibleActionError("dummy's warning about the hand to lead from comes when declarer's side "
                                    "is about to lead to a trick (Laws 42B2, 43B2(a))")
    if not event.violated:
        return state  # Law 42B2: dummy may try to prevent an irregularity
    irregularity = Irregularity(Kind.DUMMY_WARNED, event.seat, _DUMMY_WARNED, index)
    chooser = play.turn.lho
    decision = Decision(
        chooser,
        (LeadFrom(contract.declarer, _DUMMY_WARNED), LeadFrom(contract.dummy, _DUMMY_WARNED)),
        _DUMMY_WARNED,
        irregularity,
        f"From which hand does declarer lead, {_name(contract.declarer)}'s or dummy's?",
    )
    return replace(_record(state, irregularity), pending=decision)


def _simultaneous_cards(state: PlayState, event: SimultaneousCards, index: int, policy: Policy, *,
                        play_card: PlayCard) -> PlayState:
    seat, cards, visible = event.seat, event.cards, event.visible
    if state.claim is not None:
        raise ImpossibleActionError("play has stopped for a claim (Law 68D)")
    if state.pending is not None:
        raise ImpossibleActionError(f"a decision is pending ({state.pending.law})")
    hand = state.play.hand(seat)
    if len(set(cards)) < 2 or any(c not in hand for c in cards):
        raise ImpossibleActionError(
            f"{_name(seat)} must play two or more different cards of his hand together"
        )
    if not visible or any(c not in cards for c in visible):
        raise ImpossibleActionError("at least one of the cards played together must be face up (Law 58B)")
    irregularity = Irregularity(Kind.SIMULTANEOUS_CARDS, seat, LawRef(58, "B"), index)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(
            f"{_name(seat)} cannot play two cards at once at an online table", irregularity
        )
    state = replace(state, irregularities=(*state.irregularities, irregularity))
    if len(set(visible)) == 1:
        # Law 58B1: the only visible card is played; the others are picked up without rectification.
        return play_card(state, CardPlayed(seat, visible[0]), index, policy)
    # Law 58B2: the player names the card he plays.
    unique = tuple(dict.fromkeys(visible))
    decision = Decision(
        seat,
        tuple(DesignateCard(c, LawRef(58, "B2")) for c in unique),
        LawRef(58, "B2"),
        irregularity,
        f"Which of {', '.join(map(str, unique))} does {_name(seat)} play?",
    )
    return replace(
        state,
        pending=decision,
        out_of_turn=replace(state.out_of_turn, together=_Together(irregularity, seat, unique)),
    )
