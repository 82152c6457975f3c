"""Playing a card (Law 45), designating dummy's card (Law 46) and retracting a played card (Law 47).

Declarer plays from dummy by naming a card (Law 45B): :class:`~tenace.laws.events.DummyDesignation`. A whole
card is played as named. The incomplete or invalid designations of Law 46B are resolved here, as pure
functions of the play:

* a card named by suit and rank (Law 46A): that card;
* ``"high"`` / ``"low"``: the highest / lowest card of the suit led (Laws 46B1(a), 46B1(c)); when dummy leads
  or holds no card of the suit led the words name neither a suit nor a rank, so Law 46B5 applies (below);
* ``"win"``: the lowest card that is *known* to win the trick, from what declarer can see (46B1(b)); when no
  card is known to win, Law 46B5 again;
* a suit only: the lowest card of that suit (Law 46B2);
* a rank only: in leading, the suit with which dummy won the preceding trick, if dummy holds that rank in it
  (Law 46B3(a)); otherwise the card of that rank dummy can lawfully play, and declarer says which if there
  are two or more (Law 46B3(b));
* a card dummy does not hold: invalid, declarer names any lawful card (46B4);
* ``"anything"``, and any other incomplete designation outside 46B1-46B4 (a play indicated with neither a
  suit nor a rank): a defender names dummy's card among its lawful cards (46B5). The Laws let either defender
  do so; the engine asks the one on dummy's left, who plays next after dummy (as Law 55A lets the player next
  in turn prevail).

When the words name a card, a suit or a rank that gives no lawful card (46B4: a card dummy does not hold, a
void suit, a rank with no lawful card), the designation is invalid and declarer names any lawful card; two
lawful cards of the rank named make him say which (46B3(b)). Either is a pending decision of
``DesignateCard`` options. When
the Director finds declarer's different intention incontrovertible (the opening words of 46B), the event's
``intended`` card is played instead.

Around the designation:

* :class:`~tenace.laws.events.CardDeemedPlayed`: a card held, touched or named so that it counts as played
  (45C1-45C4(a)); it is then played like :class:`~tenace.laws.events.CardPlayed` (a defender's card seen by
  his partner after he has already played to the trick is a fifth card, 45E).
* :class:`~tenace.laws.events.DesignationChanged`: declarer corrects the designation before he next plays a
  card from either hand (45C4(b)); the Director rules whether it was a slip of the tongue (``Unintended``).
  Allowed, dummy's card goes back (47C) and so does a card an opponent played after it (Law 47D: he plays
  again and may play the same card).
* ``DummyDesignation(placed=...)``: dummy puts a card declarer did not name in the played position (45D). It
  is played as it lies. If the Director is called before each side has played to the next trick it is
  withdrawn, the named card is played, and the cards played after it go back to be played again (45D1);
  later, play goes on as it stands and a revoke it made is dealt with by Laws 61-64 (45D2).
* :class:`~tenace.laws.events.CardRetracted`: the Director lets a player take back a lead or play made because
  an opponent told him wrongly it was his turn (47E1; the lead cannot then be accepted), or his last card
  played after a mistaken explanation, if no card has been played since (47E2(a)): a lead or play out of
  turn still lying face up, the opening lead out of turn among them, or a card that joined the play. The
  opening lead in turn only while dummy has faced no card, which the Director finds
  (``CardRetracted(before_dummy=True)``; never online, where dummy is faced with the lead). No rectification
  follows; the information is subject to Law 16C.
* :class:`~tenace.laws.events.FifthCard`: a card put on the trick just completed by a player who had played
  to it (45E). The Director deems whether it was led (``DeemedLed``): if so it is a lead, in turn or out of
  turn (Laws 53-56 follow); if not, a defender's card becomes a major penalty card (45E1: played
  deliberately, Law 50B) and declarer's or dummy's goes back to the hand (45E2). A second card to the trick in
  progress is dealt with in :mod:`tenace.laws.out_of_turn` (45E1, 45E2, 57A). Too many cards to one trick,
  noticed before a player of each side has played to the next, are rectified this way (Law 67A2).
* :class:`~tenace.laws.events.DummyIndicated`: dummy touched or indicated a card without instruction (45F).
  Play continues; at the end the Director judges whether dummy suggested a play that damaged the defenders
  and may assign an adjusted result (:mod:`tenace.laws.reviews`).
* Withdrawals in the course of a rectification (Laws 47A, 47B) and after a proper lead over a lead out of
  turn (Laws 47F1, 53B) are where those rectifications are. Any other withdrawal is impossible (Law 47F2):
  no event lets a player take a card back on his own.

Changing a card already in the play (45C4(b), 45D1, 47E) rebuilds the table from its record without the
withdrawn cards: :mod:`tenace.laws.table` does that, with :func:`rebuild_point` saying from where.

>>> from tenace import Card, Deal, Seat, Contract, Denomination
>>> from tenace.play import Play
>>> deal = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")
>>> play = Play.for_contract(deal, Contract(3, Denomination.NOTRUMP, Seat.NORTH)).push(Card.from_str("SQ"))
>>> resolve(play, Seat.SOUTH, Seat.NORTH, "low").card, resolve(play, Seat.SOUTH, Seat.NORTH, "high").card
(Card.from_str('S7'), Card.from_str('S9'))
>>> r = resolve(play, Seat.SOUTH, Seat.NORTH, "HA")
>>> str(r.law), r.chooser.name, len(r.choices)
('Law 46B4', 'NORTH', 3)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tenace.cards import DECK, Card, CardSet, Rank, Suit
from tenace.errors import ImpossibleActionError, NotationError, UnlawfulActionError
from tenace.laws._evolve import replace
from tenace.laws.decisions import Decision, DeemedLed, DesignateCard, Irregularity, Kind, Unintended
from tenace.laws.events import (
    CardDeemedPlayed,
    CardPlayed,
    CardRetracted,
    Deemed,
    DesignationChanged,
    DirectorCalled,
    DummyDesignation,
    DummyIndicated,
    Elected,
    Event,
    ExplanationCorrected,
    ExplanationGiven,
    FifthCard,
    LeadFaceDown,
    MistakeFound,
    QuestionAsked,
    Retraction,
)
from tenace.laws.penalty_cards import is_honour
from tenace.laws.refs import DIRECTOR, Actor, LawRef, Policy
from tenace.play import Play, Trick
from tenace.seats import Seat

if TYPE_CHECKING:
    from tenace.laws.out_of_turn import PlayCard
    from tenace.laws.play_period import PlayState

__all__ = [
    "Designated",
    "DesignationState",
    "Form",
    "Parsed",
    "Resolution",
    "known_winners",
    "owns",
    "parse_designation",
    "rebuild_point",
    "resolve",
]

_LAWS = frozenset({45, 46, 47})
_CHANGE = LawRef(45, "C4(b)")


def _name(seat: Seat) -> str:
    return seat.name.title()


# --- what declarer said ---------------------------------------------------------------------------------


class Form(enum.Enum):
    """The shape of a designation (Laws 46A, 46B)."""

    CARD = "card"
    HIGH = "high"
    LOW = "low"
    WIN = "win"
    RANK = "rank only"
    SUIT = "suit only"
    ANYTHING = "anything"


@dataclass(frozen=True, slots=True)
class Parsed:
    form: Form
    card: Card | None = None
    rank: Rank | None = None
    suit: Suit | None = None


_WORDS = {
    "high": Form.HIGH, "highest": Form.HIGH, "top": Form.HIGH,
    "low": Form.LOW, "lowest": Form.LOW, "small": Form.LOW,
    "win": Form.WIN, "win it": Form.WIN, "take it": Form.WIN,
    "anything": Form.ANYTHING, "any": Form.ANYTHING, "play anything": Form.ANYTHING,
    "whatever": Form.ANYTHING, "any card": Form.ANYTHING,
}
_SUIT_WORDS = {
    "spade": Suit.SPADES, "spades": Suit.SPADES, "heart": Suit.HEARTS, "hearts": Suit.HEARTS,
    "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "club": Suit.CLUBS, "clubs": Suit.CLUBS,
}


def parse_designation(text: str) -> Parsed:
    """What declarer's words name: a card (``"SQ"``, ``"♠Q"``, ``"QS"``), a rank (``"Q"``, ``"10"``), a suit
    (``"S"``, ``"spade"``), or ``"high"``, ``"low"``, ``"win"``, ``"anything"``.

    >>> parse_designation("♥10"), parse_designation("small").form
    (Parsed(form=<Form.CARD: 'card'>, card=Card.from_str('HT'), rank=None, suit=None), <Form.LOW: 'low'>)

    :raises NotationError: for words that designate nothing.
    """
    key = " ".join(text.strip().lower().split())
    if key in _WORDS:
        return Parsed(_WORDS[key])
    if key in _SUIT_WORDS:
        return Parsed(Form.SUIT, suit=_SUIT_WORDS[key])
    for parse in (Card.from_str,):
        try:
            return Parsed(Form.CARD, card=parse(key))
        except NotationError:
            pass
    try:
        return Parsed(Form.RANK, rank=Rank.from_str(key))
    except NotationError:
        pass
    try:
        return Parsed(Form.SUIT, suit=Suit.from_str(key))
    except NotationError:
        pass
    raise NotationError(
        f"not a designation of dummy's card: {text!r} (expected a card such as SQ, a rank, a suit, high, "
        "low, win or anything)"
    )


# --- resolving it against the play ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Resolution:
    """The card a designation stands for, or who must name one among ``choices`` (and under which Law)."""

    card: Card | None
    law: LawRef
    choices: tuple[Card, ...] = ()
    chooser: Actor = DIRECTOR


def _lawful(play: Play, seat: Seat) -> CardSet:
    """The cards ``seat`` may play to the current trick under Law 44C (any card when leading)."""
    hand = play.hand(seat)
    led = play.current_trick.suit_led
    if led is not None and hand.suit(led):
        return hand.suit(led)
    return hand


def _shown_out(play: Play, seat: Seat) -> set[Suit]:
    """Suits ``seat`` has shown out of: he played another suit to a trick they led."""
    out: set[Suit] = set()
    for trick in (*play.tricks, play.current_trick):
        led = trick.suit_led
        for who, card in trick:
            if who is seat and led is not None and card.suit is not led:
                out.add(led)
    return out


def known_winners(play: Play, dummy: Seat, declarer: Seat) -> tuple[Card, ...]:
    """The cards dummy may lawfully play that declarer *knows* will win the current trick (Law 46B1(b)), from
    what he can see: his own hand, dummy and the cards played. A card is not known to win if a defender still
    to play could hold a higher card of its suit, or could be void in the suit led and hold a trump (unless
    he has shown out of trumps, or his partner has shown out of the suit led while it is still outstanding).
    """
    trick = play.current_trick
    trump = play.trump
    seen = play.hand(declarer) | play.hand(dummy) | CardSet(play.cards)
    unseen = CardSet(DECK) - seen
    later = [trick.leader.rotate(i) for i in range(len(trick.cards) + 1, 4)]
    defenders = [s for s in later if s.side is not declarer.side]
    winners = []
    for card in _lawful(play, dummy):
        if Trick(trick.leader, (*trick.cards, card)).winner(trump) is not dummy:
            continue
        led = trick.suit_led or card.suit
        beaten = False
        for defender in defenders:
            out = _shown_out(play, defender)
            partner_out = _shown_out(play, defender.partner)
            possible = CardSet(c for c in unseen if c.suit not in out)
            void_possible = led in out or not (led in partner_out and unseen.suit(led))
            for other in possible:
                if other.suit is card.suit and other.rank > card.rank and (card.suit is led or void_possible):
                    beaten = True
                elif trump is not None and other.suit is trump and card.suit is not trump and void_possible:
                    beaten = True
            if beaten:
                break
        if not beaten:
            winners.append(card)
    return tuple(sorted(winners, key=lambda c: (c.rank, c.suit)))


def resolve(play: Play, dummy: Seat, declarer: Seat, text: str, intended: Card | None = None) -> Resolution:
    """The card declarer's words ``text`` designate from dummy now (Laws 45B, 46), or who names it.

    :raises NotationError: if ``text`` designates nothing.
    """
    hand = play.hand(dummy)
    lawful = _lawful(play, dummy)
    anything = tuple(sorted(lawful))
    invalid = Resolution(None, LawRef(46, "B4"), anything, declarer)  # Law 46B4: declarer names any card
    defender = Resolution(None, LawRef(46, "B5"), anything, dummy.lho)
    if intended is not None:  # Law 46B, opening words: declarer's different intention is incontrovertible
        if intended not in hand:
            raise ImpossibleActionError(f"{intended} is not in dummy's hand")
        return Resolution(intended, LawRef(46, "B"))
    parsed = parse_designation(text)
    trick = play.current_trick
    led = trick.suit_led
    match parsed.form:
        case Form.CARD:
            assert parsed.card is not None
            if parsed.card in hand:
                return Resolution(parsed.card, LawRef(45, "B"))
            return invalid  # invalid: any lawful card
        case Form.HIGH | Form.LOW:
            law = LawRef(46, "B1(a)" if parsed.form is Form.HIGH else "B1(c)")
            if led is None or not hand.suit(led):
                # Law 46B5: "high" or "low" when dummy leads, or when dummy has no card of the suit led, names
                # neither a suit nor a rank and 46B1 gives no card: a defender designates dummy's card.
                return defender
            cards = sorted(hand.suit(led), key=lambda c: c.rank)
            return Resolution(cards[-1] if parsed.form is Form.HIGH else cards[0], law)
        case Form.WIN:
            winners = known_winners(play, dummy, declarer)
            if not winners:
                return defender  # Law 46B5: no card is known to win, and "win" names no suit and no rank
            return Resolution(winners[0], LawRef(46, "B1(b)"))
        case Form.SUIT:
            assert parsed.suit is not None
            suit = sorted(hand.suit(parsed.suit), key=lambda c: c.rank)
            if not suit:
                return invalid  # no card of that suit: invalid
            return Resolution(suit[0], LawRef(46, "B2"))
        case Form.RANK:
            assert parsed.rank is not None
            rank = parsed.rank
            if not trick.cards and play.winners and play.winners[-1] is dummy:
                won_with = dict(iter(play.tricks[-1]))[dummy]
                same = Card(won_with.suit, rank)
                if same in hand:
                    return Resolution(same, LawRef(46, "B3(a)"))
            ranked = tuple(sorted((c for c in lawful if c.rank == rank), key=lambda c: c.suit))
            if len(ranked) == 1:
                return Resolution(ranked[0], LawRef(46, "B3(b)"))
            if ranked:
                return Resolution(None, LawRef(46, "B3(b)"), ranked, declarer)
            return invalid  # no lawful card of that rank: invalid
        case Form.ANYTHING:
            return defender  # Law 46B5: "play anything"
    raise AssertionError(parsed)  # pragma: no cover


# --- the state kept during the play --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Designated:
    """Dummy's last card played on declarer's designation."""

    start: int
    """Record index of the event that began the designation (what a rebuild goes back to)."""
    position: int
    """Index of dummy's card in the play."""
    named: Card
    placed: Card
    """The card dummy put in the played position: not ``named`` after a Law 45D error."""


@dataclass(frozen=True, slots=True)
class DesignationState:
    """What Laws 45-47 keep during the play (a field of ``PlayState``)."""

    last: Designated | None = None
    waiting: int | None = None
    """Record index of a designation that waits for someone to name the card (Law 46B)."""
    change: Card | None = None
    """A change of designation the Director is asked to allow (Law 45C4(b))."""
    fifth: tuple[Seat, Card, int] | None = None
    """A fifth card (its seat, the card and its record index) the Director is asked whether it was led (Law
    45E)."""
    kept: tuple[Card, Card] | None = None
    """After dummy's wrong card was withdrawn (Law 45D1): the card declarer's RHO had played after it and the
    card declarer had played after that, to the same trick. Declarer's card stays played unless his RHO
    changes his."""


def owns(decision: Decision | None) -> bool:
    """Whether a pending decision is one this module raised."""
    return decision is not None and decision.law.law in _LAWS


def _seats(play: Play) -> list[Seat]:
    """The seat of each card of the play, in order."""
    return [seat for trick in (*play.tricks, play.current_trick) for seat, _ in trick]


def _play(state: PlayState, named: Card, placed: Card, start: int, index: int, policy: Policy, *,
          play_card: PlayCard) -> PlayState:
    """Dummy plays ``placed`` on declarer's designation of ``named`` (Law 45B; 45D when they differ)."""
    from tenace.laws import revokes

    dummy = state.contract.dummy
    event = CardPlayed(dummy, placed)
    revokes.check_card(state, event)  # Law 62C2
    position = len(state.play.cards)
    new = play_card(state, event, index, policy)
    joined = len(new.play.cards) > position and new.play.cards[position] == placed
    last = Designated(start, position, named, placed) if joined else None
    new = replace(new, designation=DesignationState(last=last))
    if placed != named:
        irregularity = Irregularity(Kind.WRONG_CARD_FROM_DUMMY, dummy, LawRef(45, "D"), index)
        new = replace(new, irregularities=(*new.irregularities, irregularity))
    return new


def _ask(state: PlayState, resolution: Resolution, index: int) -> PlayState:
    chooser = resolution.chooser
    assert isinstance(chooser, Seat)
    who = "declarer" if chooser is state.contract.declarer else _name(chooser)
    decision = Decision(
        chooser,
        tuple(DesignateCard(c, resolution.law) for c in resolution.choices),
        resolution.law,
        None,
        f"Which card of dummy's does {who} name ({', '.join(map(str, resolution.choices))})?",
    )
    return replace(state, pending=decision, designation=replace(state.designation, waiting=index))


def on_designation(state: PlayState, event: DummyDesignation, index: int, policy: Policy, *,
                   play_card: PlayCard) -> PlayState:
    """Declarer names dummy's card (Laws 45B, 46); dummy places it, or another card (45D)."""
    contract = state.contract
    if event.by is not contract.declarer:
        raise ImpossibleActionError(
            f"only declarer ({_name(contract.declarer)}) names dummy's cards (Law 45B)"
        )
    if state.claim is not None:
        raise ImpossibleActionError("play has stopped for a claim (Law 68D)")
    if state.pending is not None:
        raise ImpossibleActionError(f"a decision is pending ({state.pending.law})")
    if state.play.is_complete:
        raise ImpossibleActionError("all 52 cards have been played")
    dummy = contract.dummy
    if policy is Policy.ONLINE and state.play.turn is not dummy:  # a screen lets dummy play only in turn
        leading = not state.play.current_trick.cards
        kind = Kind.LEAD_OUT_OF_TURN if leading else Kind.PREMATURE_PLAY
        irregularity = Irregularity(kind, dummy, LawRef(55 if leading else 57), index)
        raise UnlawfulActionError(f"it is {_name(state.play.turn)}'s turn to play, not dummy's", irregularity)
    resolution = resolve(state.play, dummy, contract.declarer, event.designation, event.intended)
    if event.placed is not None:
        if resolution.card is None:
            raise ImpossibleActionError(
                f"{event.designation!r} does not name one card yet ({resolution.law}): dummy cannot have "
                "placed a card other than the one named"
            )
        if event.placed not in state.play.hand(dummy):
            raise ImpossibleActionError(f"{event.placed} is not in dummy's hand")
    if resolution.card is None:
        return _ask(state, resolution, index)
    return _play(state, resolution.card, event.placed or resolution.card, index, index, policy,
                 play_card=play_card)


def on_deemed(state: PlayState, event: CardDeemedPlayed, index: int, policy: Policy, *,
              play_card: PlayCard) -> PlayState:
    """Law 45C: the Director finds a card played; it is played as a :class:`CardPlayed` from that hand."""
    contract = state.contract
    seat = event.seat
    match event.how:
        case Deemed.SEEN_BY_PARTNER if seat.side is contract.declarer.side:
            raise ImpossibleActionError("Law 45C1 is about a defender's card")
        case Deemed.HELD_FACE_UP if seat is not contract.declarer:
            raise ImpossibleActionError("Law 45C2 is about declarer's own hand")
        case Deemed.TOUCHED_IN_DUMMY if seat is not contract.dummy:
            raise ImpossibleActionError("Law 45C3 is about a card in dummy")
        case Deemed.NAMED if seat is contract.dummy:
            # Law 45C4(a) for dummy's card is a designation by declarer (Law 45B)
            return on_designation(state, DummyDesignation(str(event.card), contract.declarer), index, policy,
                                  play_card=play_card)
    from tenace.laws import revokes

    card = CardPlayed(seat, event.card)
    revokes.check_card(state, card)
    return play_card(state, card, index, policy)


def on_change(state: PlayState, event: DesignationChanged) -> PlayState:
    """Law 45C4(b): declarer asks to correct the designation of dummy's last card; the Director rules."""
    contract = state.contract
    if event.by is not contract.declarer:
        raise ImpossibleActionError("only declarer may correct the designation of dummy's card (Law 45C4(b))")
    if state.pending is not None:
        raise ImpossibleActionError(f"a decision is pending ({state.pending.law})")
    last = state.designation.last
    if last is None or last.position >= len(state.play.cards):
        raise ImpossibleActionError(
            "no card was played from dummy on a designation that can still be changed"
        )
    after = _seats(state.play)[last.position + 1:]
    if any(s.side is contract.declarer.side for s in after):
        raise ImpossibleActionError(
            "declarer has played another card since: the designation can no longer be changed (Law 45C4(b))"
        )
    if event.card not in state.play.hand(contract.dummy):
        raise ImpossibleActionError(f"{event.card} is not in dummy's hand")
    if last.named != last.placed:
        raise ImpossibleActionError("dummy's card was not the one named: that is Law 45D, not a change")
    decision = Decision(
        DIRECTOR,
        (Unintended(True, _CHANGE), Unintended(False, _CHANGE)),
        _CHANGE,
        None,
        f"Was naming {last.named} a slip of the tongue (change to {event.card} allowed), or a loss of "
        "concentration or a change of mind (not allowed)?",
    )
    return replace(state, pending=decision, designation=replace(state.designation, change=event.card))


def on_elected(state: PlayState, event: Elected, index: int, policy: Policy, *,
               play_card: PlayCard) -> PlayState:
    """The elections of Laws 45C4(b) and 46B (the card named; a change refused)."""
    pending = state.pending
    if pending is None:
        raise ImpossibleActionError("no decision is pending")
    pending.check(event.actor, event.option)
    state = replace(state, pending=None)
    option = event.option
    mine = state.designation
    if isinstance(option, DesignateCard) and mine.waiting is not None:
        return _play(state, option.card, option.card, mine.waiting, index, policy, play_card=play_card)
    if isinstance(option, Unintended) and not option.yes:  # Law 45C4(b): a reconsideration: the card stands
        return replace(state, designation=replace(mine, change=None))
    if isinstance(option, DeemedLed) and mine.fifth is not None:  # Law 45E
        return _fifth_ruled(replace(state, designation=replace(mine, fifth=None)), mine.fifth, option, policy,
                            play_card=play_card)
    raise ImpossibleActionError(f"{option!r} is not handled here")  # pragma: no cover (the table rebuilds)


# --- Law 45E: a fifth card; Law 45F: dummy indicates a card ----------------------------------------------


def on_fifth_card(state: PlayState, event: FifthCard, index: int, policy: Policy, *,
                  play_card: PlayCard) -> PlayState:
    """Law 45E: ``event.seat`` puts a card on a trick he has already played to.

    On the trick just completed, the Director is asked at once whether the card was led to the next trick;
    on the trick in progress it is a second card from the same hand, which the engine deals with as a card
    played there (45E1 or 45E2, or Law 57A for a defender whose partner has not played yet)."""
    play = state.play
    seat, card = event.seat, event.card
    if state.claim is not None:
        raise ImpossibleActionError("play has stopped for a claim (Law 68D)")
    if state.pending is not None:
        raise ImpossibleActionError(f"a decision is pending ({state.pending.law})")
    if policy is Policy.ONLINE:
        raise ImpossibleActionError("online a card is played to the trick in progress only, in turn")
    if card not in play.hand(seat):
        raise ImpossibleActionError(f"{card} is not in {_name(seat)}'s hand")
    trick = play.current_trick
    if trick.cards:
        if all(who is not seat for who, _ in trick):
            raise ImpossibleActionError(
                f"{_name(seat)} has not played to the trick in progress: his card is not a fifth card"
            )
        return play_card(state, CardPlayed(seat, card), index, policy)
    if not play.tricks:
        raise ImpossibleActionError("no trick has been completed: there is no trick for a fifth card")
    if state.out_of_turn.open or state.out_of_turn.face_down is not None:
        raise ImpossibleActionError("a lead out of turn or a premature card waits for the Director first")
    declarer = state.contract.declarer
    law = LawRef(45, "E2" if seat.side is declarer.side else "E1")
    irregularity = Irregularity(Kind.FIFTH_CARD, seat, law, index)
    whose = "his own lead" if play.turn is seat else f"{_name(play.turn)}'s lead"
    if seat.side is declarer.side:
        otherwise = "it goes back to the hand (45E2); if led, Law 55 applies"
    else:
        otherwise = "it becomes a penalty card (45E1); if led, Law 53 or 56 applies"
    options: tuple[DeemedLed, ...] = (DeemedLed(True, law), DeemedLed(False, law))
    if seat.side is not declarer.side and not is_honour(card):
        options = (*options, DeemedLed(False, law, deliberate=False))  # Law 50B: a minor penalty card
    decision = Decision(
        DIRECTOR,
        options,
        LawRef(45, "E"),
        irregularity,
        f"Did {_name(seat)} lead {card} to the next trick ({whose})? If not, {otherwise}.",
    )
    return replace(state, pending=decision, designation=replace(state.designation, fifth=(seat, card, index)))


def _fifth_ruled(
    state: PlayState, fifth: tuple[Seat, Card, int], option: DeemedLed, policy: Policy, *, play_card: PlayCard
) -> PlayState:
    """The Director's Law 45E judgement: a lead (in turn, or out of turn: Laws 53-56), or a fifth card."""
    from tenace.laws import penalty_cards

    seat, card, index = fifth
    if option.yes:
        return play_card(state, CardPlayed(seat, card), index, policy)
    irregularity = Irregularity(Kind.FIFTH_CARD, seat, option.law, index)
    state = replace(state, irregularities=(*state.irregularities, irregularity))
    if seat.side is state.contract.declarer.side:
        return state  # Law 45E2: back to the hand without further rectification
    # Law 45E1: a penalty card under Law 50; major when contributed deliberately or of honour rank, minor
    # when the Director finds a single lower card was contributed by accident (50B); a second penalty card
    # makes them all major
    major = option.deliberate or is_honour(card)
    return penalty_cards.add_penalty_card(state, seat, card, major=major, law=option.law)


def on_indicated(state: PlayState, event: DummyIndicated, index: int) -> PlayState:
    """Law 45F: dummy touched or indicated a card without declarer's instruction after his hand was faced. The
    Director, summoned at once, lets play continue; he judges at the end whether dummy suggested a play that
    damaged the defenders (:mod:`tenace.laws.reviews`)."""
    from tenace.laws import reviews

    dummy = state.contract.dummy
    if event.by is dummy:
        raise ImpossibleActionError("another player summons the Director about dummy's act (Law 43A1(a))")
    if not state.opening_lead_faced:
        raise ImpossibleActionError("dummy's hand is not faced yet: Law 45F begins once it is")
    if state.play.is_complete or state.claim is not None:
        raise ImpossibleActionError("play has ended: Law 45F is about dummy's acts during the play")
    irregularity = Irregularity(Kind.DUMMY_INDICATED, dummy, reviews.DUMMY_INDICATED, index)
    state = replace(state, irregularities=(*state.irregularities, irregularity))
    what = f"the {event.card}" if event.card is not None else "a card"
    question = (
        f"Dummy ({_name(dummy)}) indicated {what} without declarer's instruction: did it suggest a play to "
        "declarer that damaged the defenders (an adjusted score), or does the result stand?"
    )
    return reviews.add(state, reviews.Review(reviews.DUMMY_INDICATED, irregularity, question))


# --- withdrawals that rebuild the table ----------------------------------------------------------------


def _too_late_45d(play: Play, position: int) -> bool:
    """Law 45D1: a wrong card from dummy can be withdrawn until each side has played to the next trick."""
    trick = position // 4
    completed = len(play.tricks)
    if completed <= trick:  # dummy's trick is still in progress
        return False
    if completed > trick + 1:  # the next trick is complete: every player has played to it
        return True
    return len({seat.side for seat, _ in play.current_trick}) == 2


def wrong_card_correctable(state: PlayState) -> bool:
    """Whether the Director, called now, withdraws dummy's card placed without being named (Law 45D1)."""
    last = state.designation.last
    if last is None or last.named == last.placed or last.position >= len(state.play.cards):
        return False
    if state.play.cards[last.position] != last.placed:
        return False
    return not _too_late_45d(state.play, last.position)


_HARMLESS = (
    DummyDesignation, CardPlayed, CardDeemedPlayed, DesignationChanged, DirectorCalled,
    QuestionAsked, ExplanationGiven, ExplanationCorrected, MistakeFound,  # said, not done (Laws 20F, 47E2)
)


def rebuild_point(
    state: PlayState, event: Event, record: tuple[Event, ...], policy: Policy = Policy.LAWS
) -> tuple[int, Card | None] | None:
    """Where a withdrawal goes back to: ``(record index, card dummy plays there)``, for the Director's call
    after a wrong card from dummy (45D1), an allowed change of designation (45C4(b), 47C, 47D), and a
    retraction (47E; no card then). ``None`` when ``event`` withdraws nothing.

    :raises ImpossibleActionError: when the withdrawal cannot be made.
    """
    mine = state.designation
    start: int
    card: Card | None
    match event:
        case DirectorCalled() if state.pending is None and wrong_card_correctable(state):
            assert mine.last is not None
            start, card = mine.last.start, mine.last.named
        case Elected(option=Unintended(yes=True, law=law)) if law == _CHANGE and mine.change is not None:
            assert state.pending is not None and mine.last is not None
            state.pending.check(event.actor, event.option)
            start, card = mine.last.start, mine.change
        case CardRetracted():
            start, card = _retraction_point(state, event, record, policy), None
        case _:
            return None
    for later in record[start + 1:]:
        if not isinstance(later, _HARMLESS) and not (
            isinstance(later, Elected) and later.option.law.law in _LAWS
        ):
            if isinstance(event, DirectorCalled):
                return None  # the Director is called about something else; dummy's card stays (Law 45D2)
            raise ImpossibleActionError(
                f"too much has happened since ({type(later).__name__}): the card can no longer be withdrawn"
            )
    return start, card


def _retraction_point(
    state: PlayState, event: CardRetracted, record: tuple[Event, ...], policy: Policy = Policy.LAWS
) -> int:
    """Law 47E: the record index of the card ``event.seat`` may take back."""
    seat = event.seat
    mine = state.out_of_turn
    waiting = (mine.faced is not None and mine.faced.seat is seat) or (
        mine.premature is not None and mine.premature.seat is seat
    )
    if waiting:
        # Law 47E1, and 47E2(a) for a lead or play out of turn made because of a mistaken explanation: the
        # card still lies face up, not accepted, and nothing has been played since. An opening lead out of
        # turn has not let dummy spread his hand (Law 54 waits for declarer), so it may go back too.
        if mine.faced is not None and mine.faced.seat is seat:
            return mine.faced.irregularity.index
        assert mine.premature is not None
        return mine.premature.irregularity.index
    if event.why is Retraction.TOLD_IT_WAS_HIS_TURN:
        raise ImpossibleActionError(
            f"{_name(seat)} has no lead or play out of turn waiting on the table (Law 47E1)"
        )
    if mine.face_down is not None and mine.face_down[0] is seat:
        # Laws 41A, 47E2(a): on the Director's instruction the face-down opening lead goes back to the hand
        return face_down_index(record, seat)
    # Law 47E2(a): his last card, if no card has been played since
    seats = _seats(state.play)
    if not seats or seats[-1] is not seat:
        raise ImpossibleActionError(
            f"a card has been played since {_name(seat)}'s last card: too late to retract it (Law 47E2(a), "
            "see 47E2(b))"
        )
    if len(seats) == 1:
        return _opening_lead_point(event, record, policy)
    last = state.designation.last
    if last is not None and last.position == len(seats) - 1:
        return last.start  # dummy's card: back to declarer's designation
    for i in range(len(record) - 1, -1, -1):
        if isinstance(record[i], CardPlayed | CardDeemedPlayed):
            return i
    raise ImpossibleActionError("no card to retract")  # pragma: no cover


def face_down_index(record: tuple[Event, ...], seat: Seat) -> int:
    """The record index of ``seat``'s last face-down opening lead (Law 41A)."""
    for i in range(len(record) - 1, -1, -1):
        here = record[i]
        if isinstance(here, LeadFaceDown) and here.seat is seat:
            return i
    raise ImpossibleActionError(f"{_name(seat)} has made no face-down lead")


def _opening_lead_point(event: CardRetracted, record: tuple[Event, ...], policy: Policy) -> int:
    """Law 47E2(a), last sentence: the opening lead may be retracted only until dummy has faced a card, which
    the Director finds (``before_dummy``); online dummy's hand is faced with the lead. A lead first made face
    down goes back to the leader's hand too (the face-down card was the same lead, Law 41A)."""
    if not event.before_dummy or policy is Policy.ONLINE:
        raise ImpossibleActionError(
            "the opening lead may not be retracted once dummy has faced a card (Law 47E2(a))"
        )
    start = None
    for i in range(len(record) - 1, -1, -1):
        here = record[i]
        if isinstance(here, CardPlayed | CardDeemedPlayed) and start is None and here.seat is event.seat:
            start = i
        elif isinstance(here, LeadFaceDown) and here.seat is event.seat and start is not None:
            return i
    if start is None:  # pragma: no cover (the opening lead is in the record)
        raise ImpossibleActionError("no opening lead to retract")
    return start


def after_rebuild(
    state: PlayState, start: int, card: Card, kept: tuple[Card, Card] | None = None
) -> PlayState:
    """After a rebuild in which dummy played ``card`` at the designation that began at ``start``; ``kept``:
    declarer's card that stays played unless his RHO changes his (Law 45D1)."""
    position = len(state.play.cards) - 1
    joined = position >= 0 and state.play.cards[position] == card
    last = Designated(start, position, card, card) if joined else None
    return replace(state, designation=DesignationState(last=last, kept=kept))


def kept_after_45d1(before: Play, position: int, declarer: Seat) -> tuple[Card, Card] | None:
    """Law 45D1: of the cards played to the trick after dummy's wrong card at ``position`` (in ``before``),
    the card of declarer's RHO and declarer's own card after it, if both were played."""
    start = position - position % 4
    trick = [*(before.tricks[position // 4] if position // 4 < len(before.tricks) else before.current_trick)]
    later = trick[position - start + 1:]
    rho = next((card for seat, card in later if seat is declarer.rho), None)
    mine = next((card for seat, card in later if seat is declarer), None)
    return (rho, mine) if rho is not None and mine is not None else None


def after_card(state: PlayState, event: CardPlayed, index: int, policy: Policy, *,
               play_card: PlayCard) -> PlayState:
    """Law 45D1 after a card: when declarer's RHO plays again the card he had played after dummy's withdrawn
    wrong card, declarer's card, which stayed played, is played again too; when he changes it, declarer may
    play any card."""
    kept = state.designation.kept
    if kept is None or event.seat is not state.contract.declarer.rho:
        return state
    state = replace(state, designation=replace(state.designation, kept=None))
    declarer = state.contract.declarer
    if event.card != kept[0] or state.pending is not None or state.play.turn is not declarer:
        return state
    return play_card(state, CardPlayed(declarer, kept[1]), index, policy)


def adds_card(event: Event) -> bool:
    """Whether ``event`` is one of this module's that may put a card into the play (for the revoke ledger)."""
    return isinstance(event, DummyDesignation | CardDeemedPlayed) or (
        isinstance(event, Elected) and event.option.law.law in _LAWS
    )
