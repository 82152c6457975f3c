"""Exposed cards and penalty cards (Laws 24, 48-52), and declarer's lead prohibition after a withdrawn call
(Law 26B).

A card exposed during the auction is left face up until the auction ends (Law 24); the offender's partner may
have to pass once (24B, 24C); at the end the cards go back to the hand of a declarer or dummy (24D) and become
penalty cards of a defender (24E). In the play, declarer's and dummy's exposed cards carry no rectification
(Law 48A); a defender's become penalty cards (Law 49), major or minor (Law 50B). A penalty card stays face up
(50A) and limits what its owner may play (50C, 50D1) and, when major, what his partner may lead: declarer
requires or forbids a suit, or lets the lead go free (50D2, 51B). A defender who fails to play a penalty card
he must play may see his card accepted or replaced (Law 52).

Everything here is a pure function of the play period's state (:class:`~tenace.laws.play_period.PlayState`,
whose ``penalties`` field holds a :class:`PenaltyState`) or of the auction's
(:class:`~tenace.laws.auction_period.AuctionState`, field ``exposed``). The table calls :func:`settle` after
every event: it drops penalty cards that were played, lets lapse the lead requirements and prohibitions that
have run their course, and raises declarer's decisions at the moment the Laws give them to him.

Other rectifications that make penalty cards (leads out of turn, Law 56; corrected revokes, Law 62B1) call
:func:`add_penalty_card`.

A defender who faces a lead while declarer is still choosing under Law 50D2 is recorded with
``CardExposed(seat, card, led=True)``: the card becomes a major penalty card (Law 49) and the choice stays.

>>> from tenace import Board, Card, Deal, Seat, parse_call
>>> from tenace.laws import CallMade, CardExposed, Table
>>> deal = Deal.from_pbn("N:AK32.AK2.432.432 QJ4.QJ3.AKQ5.765 765.7654.J76.AKQ T98.T98.T98.JT98")
>>> t = Table.new(Board(1, deal))
>>> for i, call in enumerate(["P", "P", "1NT", "P", "P", "P"]):
...     t = t.apply(CallMade(Seat.NORTH.rotate(i), parse_call(call)))
>>> t = t.apply(CardExposed(Seat.EAST, Card.from_str("DK")))
>>> [str(p) for p in t.view(None).penalty_cards]
['DK is a major penalty card of East (Law 50B)']
>>> t.pending.actor, [type(o).__name__ for o in t.pending.options]
(<Seat.SOUTH: 'S'>, ['RequireLead', 'ForbidLead', 'FreeLead'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Final

from tenace.calls import Bid
from tenace.cards import SUITS, Card, CardSet, Rank, Suit
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws._evolve import replace
from tenace.laws.decisions import (
    Accept,
    Decision,
    DesignateCard,
    Duration,
    ForbidLead,
    FreeLead,
    Irregularity,
    Kind,
    LeadRestriction,
    MayNotLead,
    MustLead,
    MustPass,
    MustPlay,
    Option,
    PenaltyCard,
    Reject,
    RequireLead,
)
from tenace.laws.events import CallMade, CardExposed, CardPlayed, DirectorCalled, Elected
from tenace.laws.refs import LawRef, Policy, actor_name
from tenace.play import Play
from tenace.record import AnnotatedCall
from tenace.seats import Seat

if TYPE_CHECKING:
    from tenace.laws.auction_period import AuctionState
    from tenace.laws.decisions import Constraint
    from tenace.laws.play_period import PlayState

__all__ = [
    "Exposure",
    "PenaltyState",
    "add_penalty_card",
    "check_exposure",
    "constraints",
    "from_auction",
    "is_honour",
    "lawful_cards",
    "on_auction_exposure",
    "on_card",
    "on_director",
    "on_elected",
    "on_exposed",
    "owns",
    "settle",
]


def is_honour(card: Card) -> bool:
    """The honours are the ace, king, queen, jack and ten (the Laws' definitions).

    >>> is_honour(Card.from_str("ST")), is_honour(Card.from_str("S9"))
    (True, False)
    """
    return card.rank >= Rank.TEN


def _name(seat: Seat) -> str:
    return seat.name.title()


# --- the auction: Law 24 ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exposure:
    """A card exposed during the auction, face up on the table until the auction ends (Law 24)."""

    seat: Seat
    card: Card
    led: bool
    deliberate: bool
    law: LawRef


def check_exposure(hand: CardSet, event: CardExposed) -> None:
    """The card must be one the seat was dealt (checked by the table, which knows the deal)."""
    if event.card not in hand:
        raise ImpossibleActionError(f"{event.card} is not in {_name(event.seat)}'s hand")


def on_auction_exposure(state: AuctionState, event: CardExposed, index: int, policy: Policy) -> AuctionState:
    """Law 24: a card of ``event.seat`` exposed during the auction. It lies face up until the auction ends;
    the offender's partner must pass at his next turn unless it is a single card below honour rank, not led
    (Laws 24A, 24B and 24C). What becomes of it is settled when the auction ends (:func:`from_auction`)."""
    seat, card = event.seat, event.card
    if any(e.card == card for e in state.exposed):
        raise ImpossibleActionError(f"{card} is already face up on the table")
    irregularity = Irregularity(Kind.CARD_EXPOSED, seat, LawRef(24), index)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(
            f"{_name(seat)} cannot expose {card} at an online table (Law 24)", irregularity
        )
    mine = [e for e in state.exposed if e.seat is seat]
    if mine:
        law = LawRef(24, "C")  # Law 24C: two or more cards exposed
    elif is_honour(card) or event.led:
        law = LawRef(24, "B")  # an honour, or a card led prematurely
    else:
        law = LawRef(24, "A")  # Law 24A: a single low card, not led: no further rectification
    exposure = Exposure(seat, card, event.led, event.deliberate, law)
    new_constraints: tuple[Constraint, ...] = state.constraints
    if law.clause != "A":
        partner = seat.partner
        new_constraints = tuple(
            c
            for c in new_constraints
            if not (isinstance(c, MustPass) and c.seat is partner and c.law.law == 24)
        )
        new_constraints = (*new_constraints, MustPass(partner, Duration.NEXT_TURN, law))
    return replace(
        state,
        exposed=(*state.exposed, exposure),
        constraints=new_constraints,
        irregularities=(*state.irregularities, irregularity),
    )


# --- the play: state ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Rule:
    """A lead requirement, lead prohibition or obligation to play a card, with the position in the play at
    which it was made (cards played, tricks completed) to know when it lapses."""

    constraint: MustLead | MayNotLead | MustPlay
    at: int
    trick: int


@dataclass(frozen=True, slots=True)
class _Restriction:
    """A Law 26B restriction waiting for the offender's partner's first turn to lead, with the suits declarer
    may forbid (those the offender did not name in the lawful auction)."""

    restriction: LeadRestriction
    suits: tuple[Suit, ...]
    required: tuple[Suit, ...] = ()
    """Under Law 26A2 (2007), the suits declarer may instead require."""


@dataclass(frozen=True, slots=True)
class _Failure:
    """A card played instead of a penalty card, or against a lead requirement or prohibition, that nobody has
    yet drawn attention to (Law 52)."""

    irregularity: Irregularity
    at: int
    """Position of the card in the play."""
    required: tuple[Card, ...]
    """The penalty card(s) the defender should have played (none for a lead against a restriction)."""
    accept: LawRef
    reject: LawRef


@dataclass(frozen=True, slots=True)
class PenaltyState:
    """Penalty cards, lead rules and Law 26B restrictions during the play (a field of ``PlayState``)."""

    cards: tuple[PenaltyCard, ...] = ()
    """Penalty cards on the table, in the order they were made."""
    picked_up: tuple[PenaltyCard, ...] = ()
    """Penalty cards returned to the hand after declarer required or forbade their suit: their information is
    unauthorised for the owner's partner, authorised for declarer (Law 50E2)."""
    rules: tuple[_Rule, ...] = ()
    restrictions: tuple[_Restriction, ...] = ()
    used: tuple[LeadRestriction, ...] = ()
    """Law 26B restrictions declarer has exercised (or let go)."""
    directed_at: int = -1
    """Position in the play of the lead for which declarer has stated his Law 50D2/51B option."""
    open: _Failure | None = None
    auction_done: bool = False
    played: tuple[PenaltyCard, ...] = ()
    """Penalty cards since played: how they came about is unauthorised for the owner's partner (Law 50E3)."""

    @property
    def active(self) -> bool:
        """Whether anything here can affect the play."""
        return bool(self.cards or self.rules or self.restrictions or self.open is not None)

    def of(self, seat: Seat) -> tuple[PenaltyCard, ...]:
        return tuple(p for p in self.cards if p.seat is seat)


def constraints(state: PlayState) -> tuple[Constraint, ...]:
    """The penalty cards and lead rules in force: public information (Law 50E1)."""
    pen = state.penalties
    return (*pen.cards, *(r.constraint for r in pen.rules))


def add_penalty_card(state: PlayState, seat: Seat, card: Card, *, major: bool, law: LawRef) -> PlayState:
    """``card`` of defender ``seat`` becomes a penalty card; when he then has two or more, all of them are
    major (Law 50B). For other rectifications that make penalty cards (Laws 56, 62B1).

    :raises ImpossibleActionError: if the card is not in the seat's hand, is already a penalty card, or the
        seat is declarer or dummy (Law 48A).
    """
    if seat.side is state.contract.declarer.side:
        raise ImpossibleActionError("no card of declarer's or dummy's hand becomes a penalty card (Law 48A)")
    if card not in state.play.hand(seat):
        raise ImpossibleActionError(f"{card} is not in {_name(seat)}'s hand")
    pen = state.penalties
    if any(p.card == card for p in pen.cards):
        raise ImpossibleActionError(f"{card} is already a penalty card")
    cards = (*pen.cards, PenaltyCard(seat, card, major, law))
    if len([p for p in cards if p.seat is seat]) >= 2:
        cards = tuple(replace(p, major=True) if p.seat is seat else p for p in cards)
    return replace(state, penalties=replace(pen, cards=cards))


_SUIT_WORDS: Final = {
    Suit.CLUBS: ("club", "\u2663"), Suit.DIAMONDS: ("diamond", "\u2666"),
    Suit.HEARTS: ("heart", "\u2665"), Suit.SPADES: ("spade", "\u2660"),
}


_BOTH: Final = {Suit.CLUBS: r"\b(both|the) minors\b", Suit.DIAMONDS: r"\b(both|the) minors\b",
                Suit.HEARTS: r"\b(both|the) majors\b", Suit.SPADES: r"\b(both|the) majors\b"}
_NATURAL: Final = re.compile(r"(?<!not )(?<![-\w])natural\b")


def specified(made: AnnotatedCall | CallMade) -> tuple[Suit, ...]:
    """The suits ``made`` specified in the auction, for Law 26B: an unalerted bid in a suit names that suit;
    an alerted bid names the suits its explanation names (a transfer to hearts names hearts, both majors
    name hearts and spades, a strong artificial 2C names none), and its own suit too when the explanation
    calls it natural. The explanation is read in English, as the log records it. A double, a
    redouble or a pass names none.

    >>> from tenace.seats import Seat
    >>> from tenace.calls import parse_call
    >>> specified(CallMade(Seat.NORTH, parse_call("2C")))
    (<Suit.CLUBS: 'C'>,)
    >>> specified(CallMade(Seat.NORTH, parse_call("2C"), alert=True, explanation="Strong, artificial"))
    ()
    >>> specified(CallMade(Seat.NORTH, parse_call("2D"), alert=True, explanation="Transfer: 5+ hearts"))
    (<Suit.HEARTS: 'H'>,)
    """
    call = made.call
    if not isinstance(call, Bid) or call.denomination.suit is None:
        return ()
    if not made.alert:
        return (call.denomination.suit,)
    text = (made.explanation or "").lower()
    named = [suit for suit, words in _SUIT_WORDS.items() if any(w in text for w in words)
             or re.search(_BOTH[suit], text)]
    if _NATURAL.search(text) and call.denomination.suit not in named:
        named.append(call.denomination.suit)
    return tuple(named)


def from_auction(playing: PlayState, auction: AuctionState) -> PlayState:
    """At the end of the auction (and until the opening lead is faced): the cards exposed during the auction
    go back to the hand of declarer or dummy (Law 24D) or become a defender's penalty cards (Law 24E); the
    Law 26B restrictions of future defenders wait for the offender's partner's first turn to lead."""
    if auction.edition != playing.edition:  # the play period follows the table's edition too (Laws 64, 68)
        playing = replace(playing, edition=auction.edition)
    pen = playing.penalties
    if not auction.constraints and not auction.exposed:  # no Law 24 or 26B matter: only the auction is done
        return playing if pen.auction_done else replace(playing, penalties=replace(pen, auction_done=True))
    declaring = playing.contract.declarer.side
    known = {(r.restriction.seat, r.restriction.offender) for r in pen.restrictions}
    known |= {(r.seat, r.offender) for r in pen.used}
    restrictions = list(pen.restrictions)
    for c in auction.constraints:
        if (
            isinstance(c, LeadRestriction)
            and c.offender.side is not declaring
            and (c.seat, c.offender) not in known
        ):
            named = {suit for s in auction.calls if s.seat is c.offender for suit in specified(s.call)}
            if c.law.edition == 2007 and c.withdrawn:
                # Law 26A (2007): the withdrawn call named suits: declarer may require or forbid one the
                # offender did not name in the lawful auction (26A2), nothing if he named them all (26A1)
                open_suits = tuple(s for s in SUITS if s in c.withdrawn and s not in named)
                restrictions.append(_Restriction(c, open_suits, open_suits))
            elif c.law.edition == 2007:  # Law 26B (2007): he may forbid any one suit
                restrictions.append(_Restriction(c, SUITS))
            else:
                restrictions.append(_Restriction(c, tuple(s for s in SUITS if s not in named)))
            known.add((c.seat, c.offender))
    playing = replace(playing, penalties=replace(pen, restrictions=tuple(restrictions)))
    if pen.auction_done:
        return playing
    for exposure in auction.exposed:
        if exposure.seat.side is declaring:
            continue  # Law 24D: picked up and returned to the hand
        single = sum(1 for e in auction.exposed if e.seat is exposure.seat) == 1
        major = not single or is_honour(exposure.card) or exposure.led or exposure.deliberate
        playing = add_penalty_card(playing, exposure.seat, exposure.card, major=major, law=LawRef(24, "E"))
    return replace(playing, penalties=replace(playing.penalties, auction_done=True))


# --- the play: exposure (Laws 48, 49, 50) -------------------------------------------------------------------


def on_exposed(state: PlayState, event: CardExposed, index: int, policy: Policy) -> PlayState:
    """A card exposed after the auction: no rectification for declarer or dummy (Law 48A); a defender's card
    becomes a penalty card (Law 49), minor if it is a single card below honour rank exposed by accident, major
    otherwise (Law 50B)."""
    seat, card = event.seat, event.card
    if state.claim is not None:
        raise ImpossibleActionError("play has stopped for a claim (Law 68D)")
    if card not in state.play.hand(seat):
        raise ImpossibleActionError(f"{card} is not in {_name(seat)}'s hand")
    law = LawRef(48, "A") if seat.side is state.contract.declarer.side else LawRef(49)
    irregularity = Irregularity(Kind.CARD_EXPOSED, seat, law, index)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(
            f"{_name(seat)} cannot expose {card} at an online table ({law})", irregularity
        )
    if law.law == 48:
        return state  # Law 48A: declarer is not restricted and need not play a card he dropped
    major = is_honour(card) or event.deliberate or event.led
    state = add_penalty_card(state, seat, card, major=major, law=LawRef(50, "B"))
    return replace(state, irregularities=(*state.irregularities, irregularity))


# --- lawful cards -------------------------------------------------------------------------------------------


def _rules_for(pen: PenaltyState, seat: Seat) -> list[MustLead | MayNotLead | MustPlay]:
    return [r.constraint for r in pen.rules if r.constraint.seat is seat]


def _after_rules(state: PlayState, seat: Seat, legal: CardSet) -> CardSet:
    """The cards left after the obligations to play a named card (Laws 51A, 52B2) and the lead requirements
    and prohibitions (Laws 26B, 50D2, 51B); if a rule cannot be met, the player may play any card otherwise
    lawful (Law 59)."""
    rules = _rules_for(state.penalties, seat)
    if not rules:
        return legal
    for rule in rules:
        if isinstance(rule, MustPlay) and rule.card in legal:
            return CardSet((rule.card,))
    if state.play.current_trick.cards:
        return legal
    cards = legal
    for rule in rules:
        if isinstance(rule, MustLead) and cards.suit(rule.suit):
            cards = cards.suit(rule.suit)
    for rule in rules:
        if isinstance(rule, MayNotLead):
            rest = cards
            for suit in rule.suits:
                rest = rest - rest.suit(suit)
            if rest:
                cards = rest
    return cards


def _after_penalties(state: PlayState, seat: Seat, cards: CardSet) -> CardSet:
    """A major penalty card must be played at the first lawful opportunity (Law 50D1; a penalty card that
    may have to be played, Law 45C5); with a minor one, no other card below honour rank of its suit may be
    played first (Law 50C)."""
    mine = state.penalties.of(seat)
    majors = CardSet(p.card for p in mine if p.major) & cards
    if majors:
        return majors
    for p in mine:
        if not p.major:
            low = CardSet(c for c in cards.suit(p.card.suit) if not is_honour(c) and c != p.card)
            rest = cards - low
            if rest:
                cards = rest
    return cards


def lawful_cards(state: PlayState) -> CardSet:
    """The cards the player on turn may lawfully play: those of Law 44, then the rules of Laws 26B, 50-52 (the
    obligation to follow suit and lead restrictions come first, Law 50D1(b))."""
    play = state.play
    legal = play.legal_cards()
    if not state.penalties.active or not legal:
        return legal
    seat = play.turn
    return _after_penalties(state, seat, _after_rules(state, seat, legal))


def on_card(state: PlayState, event: CardPlayed, index: int, policy: Policy) -> PlayState | None:
    """A card that follows suit but breaks a penalty-card obligation or a lead rule is played and recorded as
    an irregularity, open until attention is drawn to it (Law 52); the offender cannot take it back himself
    (Law 52A), only declarer's election can (52B2). ``None`` when nothing here applies to it."""
    play = state.play
    seat, card = event.seat, event.card
    legal = play.legal_cards()
    if card not in legal:
        return None  # a revoke, or not in the hand: not this module's business
    pen = state.penalties
    ruled = _after_rules(state, seat, legal)
    if card in ruled:
        lawful = _after_penalties(state, seat, ruled)
        if card in lawful:
            return None
        required = tuple(p.card for p in state.penalties.of(seat) if p.card in lawful)
        kind, accept, reject = Kind.PENALTY_CARD_NOT_PLAYED, LawRef(52, "B1(a)"), LawRef(52, "B2")
        law = LawRef(52)
    else:
        must = next((r for r in _rules_for(pen, seat) if isinstance(r, MustPlay)), None)
        if must is not None:
            required = (must.card,)
            kind, accept, reject = Kind.PENALTY_CARD_NOT_PLAYED, LawRef(52, "B1(a)"), LawRef(52, "B2")
            law = LawRef(52)
        else:
            rule = next(
                (
                    r
                    for r in _rules_for(pen, seat)
                    if (isinstance(r, MustLead) and card.suit is not r.suit)
                    or (isinstance(r, MayNotLead) and card.suit in r.suits)
                ),
                next(r for r in _rules_for(pen, seat) if not isinstance(r, MustPlay)),
            )
            required = ()
            # A lead against declarer's requirement or prohibition: declarer may let it stand; otherwise the
            # card goes back as a major penalty card, as for a lead made before he stated his option
            # (50D2, 49).
            kind, accept, reject, law = Kind.LEAD_RESTRICTION_BROKEN, rule.law, LawRef(49), rule.law
    irregularity = Irregularity(kind, seat, law, index)
    if policy is Policy.ONLINE:
        raise UnlawfulActionError(
            f"{_name(seat)} may not play {card} now: {kind.value} ({law})", irregularity
        )
    failure = _Failure(irregularity, len(play.cards), required, accept, reject)
    return replace(
        state,
        play=play.push(card),
        irregularities=(*state.irregularities, irregularity),
        penalties=replace(pen, open=failure),
    )


# --- decisions ----------------------------------------------------------------------------------------------


_OPTION_TYPES = (RequireLead, ForbidLead, FreeLead, DesignateCard)
_KINDS = (Kind.PENALTY_CARD_NOT_PLAYED, Kind.LEAD_RESTRICTION_BROKEN)


def owns(decision: Decision) -> bool:
    """Whether a pending decision is one this module raised."""
    if decision.about is not None and decision.about.kind in _KINDS:
        return True
    return any(isinstance(o, _OPTION_TYPES) for o in decision.options)


def on_director(state: PlayState, event: DirectorCalled) -> PlayState:
    """Attention is drawn to a card played instead of a penalty card (or against a lead rule): declarer may
    accept it (Law 52B1(a)) or not (52B2)."""
    failure = state.penalties.open
    if failure is None:
        raise ImpossibleActionError("there is no penalty card or lead restriction breach to rectify")
    if state.pending is not None:
        raise ImpossibleActionError(
            f"{actor_name(state.pending.actor)} must first decide ({state.pending.law})"
        )
    declarer = state.contract.declarer
    options: tuple[Option, ...] = (Accept(failure.accept), Reject(failure.reject))
    decision = Decision(
        declarer,
        options,
        failure.irregularity.law,
        failure.irregularity,
        f"Accept {_name(failure.irregularity.offender)}'s card, or have it replaced?",
    )
    return replace(state, pending=decision)


def on_elected(state: PlayState, event: Elected) -> PlayState:
    """Declarer's elections: the Law 26B prohibition, the Law 50D2/51B options, the Law 51A designation, and
    accepting or not a failure to play a penalty card (Law 52B)."""
    pending = state.pending
    assert pending is not None
    pending.check(event.actor, event.option)
    state = replace(state, pending=None)
    option, pen, play = event.option, state.penalties, state.play
    n, tricks = len(play.cards), len(play.winners)
    seat = play.turn
    match option:
        case ForbidLead() | FreeLead() | RequireLead() if option.law.law == 26:
            restriction = next(r for r in pen.restrictions if r.restriction.seat is seat)
            pen = replace(
                pen,
                restrictions=tuple(r for r in pen.restrictions if r is not restriction),
                used=(*pen.used, restriction.restriction),
            )
            if isinstance(option, ForbidLead):  # Laws 26B; 26A2(b), 26B (2007): while he keeps the lead
                pen = replace(
                    pen, rules=(*pen.rules, _Rule(MayNotLead(seat, option.suits, option.law), n, tricks))
                )
            if isinstance(option, RequireLead):  # Law 26A2(a) (2007): this lead only
                rule = _Rule(MustLead(seat, option.suit, option.law), n, tricks)
                pen = replace(pen, rules=(*pen.rules, rule))
            return replace(state, penalties=pen)
        case RequireLead(
            suit=suit, law=law
        ):  # Laws 50D2(a), 51B1(a), 51B2(a): the suit's penalty cards go back
            rule = _Rule(MustLead(seat, suit, law), n, tricks)
            return replace(
                state,
                penalties=_pick_up(
                    replace(pen, rules=(*pen.rules, rule), directed_at=n), seat.partner, (suit,)
                ),
            )
        case ForbidLead(suits=suits, law=law):  # Laws 50D2(a), 51B1(b), 51B2(b)
            rule = _Rule(MayNotLead(seat, suits, law), n, tricks)
            return replace(
                state,
                penalties=_pick_up(
                    replace(pen, rules=(*pen.rules, rule), directed_at=n), seat.partner, suits
                ),
            )
        case FreeLead():  # Laws 50D2(b), 51B2(c): the lead is free and the penalty cards stay
            return replace(state, penalties=replace(pen, directed_at=n))
        case DesignateCard(card=card, law=law):  # Law 51A
            owner = next(p.seat for p in pen.cards if p.card == card)
            return replace(
                state,
                penalties=replace(pen, rules=(*pen.rules, _Rule(MustPlay(owner, card, law), n, tricks))),
            )
        case Accept():  # Law 52B1(a): the card stands; Law 52B1(c): penalty cards not played stay
            return replace(state, penalties=replace(pen, open=None))
        case Reject():
            return _withdraw_failure(state)
    raise ImpossibleActionError(f"{option!r} is not handled here")


def _pick_up(pen: PenaltyState, owner: Seat, suits: tuple[Suit, ...]) -> PenaltyState:
    back = tuple(p for p in pen.cards if p.seat is owner and p.card.suit in suits)
    return replace(pen, cards=tuple(p for p in pen.cards if p not in back), picked_up=(*pen.picked_up, *back))


def _withdraw_failure(state: PlayState) -> PlayState:
    """Law 52B2: the card played is taken back and becomes a major penalty card; the defender plays the
    penalty card instead (when there is a choice of several, declarer designates one, Law 51A). A lead
    against a lead rule is taken back the same way, and the defender leads again within the rule."""
    pen = state.penalties
    failure = pen.open
    assert failure is not None
    play = state.play
    if len(play.cards) != failure.at + 1:
        raise ImpossibleActionError("the card can no longer be taken back: play has gone on")
    card = play.cards[-1]
    seat = failure.irregularity.offender
    back = replace(play, cards=())
    for c in play.cards[:-1]:
        back = back.push_unchecked(c)
    state = replace(state, play=back, penalties=replace(pen, open=None))
    state = add_penalty_card(state, seat, card, major=True, law=failure.reject)
    pen = state.penalties
    n, tricks = len(back.cards), len(back.winners)
    if len(failure.required) == 1:
        rule = _Rule(MustPlay(seat, failure.required[0], LawRef(52, "B2")), n, tricks)
        return replace(state, penalties=replace(pen, rules=(*pen.rules, rule)))
    if failure.required:  # Law 52B2 with several candidates: declarer designates among those (51A)
        return replace(state, pending=_designation(state, failure.required, LawRef(52, "B2")))
    return state


_51A = LawRef(51, "A")


def _designation(state: PlayState, cards: tuple[Card, ...], law: LawRef = _51A) -> Decision:
    return Decision(
        state.contract.declarer,
        tuple(DesignateCard(c, _51A) for c in sorted(cards)),
        law,
        explanation=f"Which penalty card does {_name(state.play.turn)} play?",
    )


_REFRESHED = frozenset({LawRef(50, "D2"), LawRef(51, "B"), LawRef(51, "B1"), LawRef(51, "A")})
"""Decisions :func:`settle` raises from the state alone, and so recomputes after every event."""


def _lapsed(rule: _Rule, play: Play, failure: _Failure | None) -> bool:
    c = rule.constraint
    if isinstance(c, MayNotLead):  # until he loses the lead
        return any(w is not c.seat for w in play.winners[rule.trick :])
    if failure is not None and failure.at == rule.at:
        return False  # the card that broke it may yet be taken back (Law 52B2)
    return len(play.cards) > rule.at  # for this turn only


def settle(state: PlayState) -> PlayState:
    """After every event: drop played penalty cards and lapsed rules, let an unrectified failure stand once
    play has gone on (Law 52B1(b)), and give declarer the decision the Laws give him now, if any."""
    pen = state.penalties
    if not pen.active:
        return state
    play = state.play
    n = len(play.cards)
    cards = tuple(p for p in pen.cards if p.card in play.hand(p.seat))
    failure = pen.open if pen.open is None or n <= pen.open.at + 1 else None
    rules = tuple(r for r in pen.rules if not _lapsed(r, play, failure))
    if cards != pen.cards or rules != pen.rules or failure is not pen.open:
        gone = tuple(p for p in pen.cards if p not in cards)
        pen = replace(pen, cards=cards, rules=rules, open=failure, played=(*pen.played, *gone))
        state = replace(state, penalties=pen)
    if state.pending is not None and state.pending.law in _REFRESHED:
        state = replace(state, pending=None)  # recomputed below: penalty cards may have changed meanwhile
    if state.pending is not None or state.claim is not None or play.is_complete:
        return state
    seat = play.turn
    if seat.side is state.contract.declarer.side:
        return state
    if not play.current_trick.cards:
        restriction = next((r for r in pen.restrictions if r.restriction.seat is seat), None)
        if restriction is not None:
            if restriction.restriction.law.edition == 2007 and restriction.suits:
                return replace(state, pending=_old_restriction(state, seat, restriction))
            if restriction.suits:
                options: tuple[Option, ...] = (
                    *(ForbidLead((s,), LawRef(26, "B")) for s in restriction.suits),
                    FreeLead(LawRef(26, "B")),
                )
                return replace(
                    state,
                    pending=Decision(
                        state.contract.declarer,
                        options,
                        LawRef(26, "B"),
                        explanation=f"Forbid {_name(seat)} to lead one suit "
                        f"{_name(restriction.restriction.offender)} "
                        "did not name in the auction?",
                    ),
                )
            # every suit was named: there is nothing to forbid
            pen = replace(
                pen,
                restrictions=tuple(r for r in pen.restrictions if r is not restriction),
                used=(*pen.used, restriction.restriction),
            )
            state = replace(state, penalties=pen)
        partners = [p for p in pen.of(seat.partner) if p.major]
        if partners and pen.directed_at != n:
            return replace(state, pending=_lead_decision(state, seat, partners))
    if not any(isinstance(r, MustPlay) for r in _rules_for(pen, seat)):
        ruled = _after_rules(state, seat, play.legal_cards())
        majors = tuple(p.card for p in pen.of(seat) if p.major and p.card in ruled)
        if len(majors) >= 2:
            return replace(state, pending=_designation(state, majors))
    return state


def _old_restriction(state: PlayState, seat: Seat, restriction: _Restriction) -> Decision:
    """Law 26 (2007) at the offender's partner's first turn to lead: declarer requires or forbids
    one of the suits the withdrawn call named and the offender did not (26A2), or forbids any one suit after
    another withdrawn call (26B), or lets the lead be."""
    offender = _name(restriction.restriction.offender)
    if restriction.required:
        law = LawRef(26, "A2", 2007)
        options: tuple[Option, ...] = (
            *(RequireLead(s, LawRef(26, "A2(a)", 2007)) for s in restriction.required),
            *(ForbidLead((s,), LawRef(26, "A2(b)", 2007)) for s in restriction.suits),
            FreeLead(law),
        )
        question = f"Require or forbid {_name(seat)}'s lead of a suit {offender}'s withdrawn call named?"
    else:
        law = LawRef(26, "B", 2007)
        options = (*(ForbidLead((s,), law) for s in restriction.suits), FreeLead(law))
        question = f"Forbid {_name(seat)} to lead one suit?"
    return Decision(state.contract.declarer, options, law, explanation=question)


def _lead_decision(state: PlayState, leader: Seat, partners: list[PenaltyCard]) -> Decision:
    """Law 50D2 (one suit) or 51B (several): declarer requires the suit of a penalty card, forbids it (one or
    more suits), or neither."""
    suits = tuple(s for s in SUITS if any(p.card.suit is s for p in partners))
    if len(suits) == 1:
        several = len(partners) > 1  # two or more penalty cards in one suit: Law 51B1
        options: tuple[Option, ...] = (
            RequireLead(suits[0], LawRef(51, "B1(a)") if several else LawRef(50, "D2(a)")),
            ForbidLead(suits, LawRef(51, "B1(b)") if several else LawRef(50, "D2(a)")),
            FreeLead(LawRef(50, "D2(b)")),
        )
        law = LawRef(51, "B1") if several else LawRef(50, "D2")
    else:
        forbids = [
            ForbidLead(combo, LawRef(51, "B2(b)"))
            for k in range(1, len(suits) + 1)
            for combo in combinations(suits, k)
        ]
        options = (
            *(RequireLead(s, LawRef(51, "B2(a)")) for s in suits),
            *forbids,
            FreeLead(LawRef(51, "B2(c)")),
        )
        law = LawRef(51, "B")
    cards = ", ".join(str(p.card) for p in partners)
    return Decision(
        state.contract.declarer,
        options,
        law,
        explanation=f"{_name(leader.partner)} has penalty card(s) {cards}: require or forbid "
        f"{_name(leader)}'s "
        "lead, or neither?",
    )
