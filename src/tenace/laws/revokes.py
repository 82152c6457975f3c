"""Revokes (Laws 61-64) and defective tricks (Law 67).

A revoke is recorded as it stands when the card is played (:func:`tenace.laws.play_period.on_card`); nothing
happens until attention is drawn to it (``AttentionDrawn``, Law 61). Then:

* before it is established (Law 63A), or on the twelfth trick before the hands go back to the board
  (Law 62D1), it is corrected (Law 62): the play goes back to the revoke, the offender substitutes a lawful
  card, a defender's withdrawn card becomes a major penalty card (62B1), a declarer's or dummy's card goes
  back to the hand (62B2), the non-offenders may change the cards they played after it (62C1), and the
  offender's partner may change his only after an opponent did (62C2);
* once established it stands (Law 63B) and, when play ends, tricks are transferred (Law 64A) unless one of the
  exceptions of Law 64B applies; the Director then judges whether that compensates the non-offending side
  (Law 64C), an election of his.

The functions here are pure; :class:`LedgerOfRevokes` is kept at the end of
:class:`~tenace.laws.play_period.PlayState` and :func:`settle` brings it up to date after every event.

>>> from tenace.seats import Seat
>>> law_64a_transfer(Seat.EAST, 2, (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST))
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tenace.cards import Card, CardSet, Suit
from tenace.errors import ImpossibleActionError
from tenace.laws import penalty_cards, reviews
from tenace.laws._evolve import replace
from tenace.laws.decisions import (
    AdjustedTricks,
    Decision,
    Irregularity,
    Kind,
    MustPlay,
    NoAdjustment,
    Option,
    WithdrawnCard,
)
from tenace.laws.events import AttentionDrawn, CardPlayed, Elected, Event, Late
from tenace.laws.refs import DIRECTOR, LawRef
from tenace.play import Play, Trick
from tenace.seats import Seat, Side

if TYPE_CHECKING:
    from tenace.laws.play_period import PlayState

__all__ = [
    "Assessment",
    "DefectiveTrick",
    "LedgerOfRevokes",
    "Revoke",
    "WithdrawnCard",
    "allowed_cards",
    "assess",
    "closed",
    "constraints",
    "defective_tricks",
    "law_64a_transfer",
    "law_67b_transfer",
    "omission_card_choices",
    "restore_extra_cards",
    "transfer",
]


@dataclass(frozen=True, slots=True)
class Revoke:
    """A failure to follow suit (Law 61A) and what became of it."""

    offender: Seat
    trick: int
    """The trick it was made on, from 1."""
    card: Card
    suit: Suit
    """The suit led, which the offender failed to follow (Law 64B2 compares it)."""
    position: int
    """Where the card is in the play's cards (from 0)."""
    index: int
    """Where the card was played in the table's record."""
    established: bool = False
    """Known to be established when something that can no longer be seen in the play happened (a truncation,
    a claim); otherwise :func:`is_established` works it out from the play (Law 63A)."""
    attention: int | None = None
    """The record index of the ``AttentionDrawn`` that found it, ``None`` while nobody noticed it."""
    late: Late | None = None
    corrected: bool = False
    """Withdrawn and replaced under Law 62 (then no trick adjustment applies)."""
    both_sides: bool = False
    """Corrected under Law 62C3 (both sides revoked on the trick)."""
    as_established: bool = False
    """Corrected, but Law 64 applies as if it had been established (dummy asked after a violation,
    Law 43B2(b))."""
    unrectified: bool = False
    """A defender's revoke that dummy, having broken a limitation of Law 43A2, was first to point out during
    the play: not corrected, no trick transferred; the Director judges at the end (Law 43B3)."""

    @property
    def stands_for_64(self) -> bool:
        """Whether Law 64 deals with it: noticed, and not corrected (or corrected under Law 43B2(b)); never
        after Law 43B3."""
        return (self.attention is not None and not self.unrectified
                and (not self.corrected or self.as_established))

    def __str__(self) -> str:
        suit = self.suit.name.lower()[:-1]
        return f"revoke by {self.offender.name.title()} on trick {self.trick} ({self.card} on a {suit} lead)"


@dataclass(frozen=True, slots=True)
class _Replay:
    """A card played after a corrected revoke, which its owner may change when his turn comes again (Law 62C).

    ``stands``: the offender's partner's card, which he may change only after an opponent did (62C2);
    ``penalty``: a defender's card that becomes a penalty card if he changes it (62C2, 62C3);
    ``non_offender``: a change frees the offender's partner's card (62C2).
    """

    seat: Seat
    card: Card
    trick: int
    stands: bool
    penalty: bool
    non_offender: bool


@dataclass(frozen=True, slots=True)
class LedgerOfRevokes:
    """Everything the revoke Laws keep track of during a board."""

    revokes: tuple[Revoke, ...] = ()
    inquiries: tuple[AttentionDrawn, ...] = ()
    """Attention drawn where there was no revoke: a false alarm that changes nothing (Law 61B)."""
    replays: tuple[_Replay, ...] = ()
    changed: bool = False
    """A non-offender changed his card while a revoke was being corrected (which frees the offender's
    partner's card, Law 62C2)."""
    withdrawn: tuple[WithdrawnCard, ...] = ()
    """Cards taken back while a revoke was corrected whose information the Director weighs at the end (Law
    16C): cards changed after the correction (62C1, 62C2), a defender's twelfth-trick revoke card (62D2)."""
    made_penalty: tuple[tuple[Seat, Card], ...] = ()
    """Defenders' cards withdrawn in correcting a revoke, which became major penalty cards (Laws 50, 62B1,
    62C2, 62C3)."""
    reviewed: int = 0
    """How many revokes the Director has considered under Law 64C."""
    adjusted: int | None = None
    """The Director's award of tricks to declarer's side (Law 64C), replacing the automatic result."""


# --- Law 64A ---------------------------------------------------------------------------------------------


def law_64a_transfer(offender: Seat, trick_index: int, winners: Sequence[Seat | Side]) -> int:
    """Tricks transferred after play ends for one established revoke on trick ``trick_index`` (from 0).

    ``winners`` gives, for each trick, the seat that won it, or only the side for tricks settled by a claim.
    A trick won in dummy is not won by declarer (the footnote to Law 64A). The exceptions of Law 64B and the
    Director's equity (Law 64C) are the caller's business.

    >>> N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
    >>> law_64a_transfer(E, 0, (E, N, N))          # 64A1: the revoke trick only
    1
    >>> law_64a_transfer(E, 0, (W, N, Side.EW))    # 64A2: partner won the revoke trick
    1
    >>> law_64a_transfer(E, 0, (E, N, Side.EW))    # 64A1: the revoke trick and one later trick
    2
    >>> law_64a_transfer(E, 1, (W, N, S))          # 64B1: nothing won from the revoke on
    0
    """
    side = offender.side

    def ours(w: Seat | Side) -> bool:
        return (w.side if isinstance(w, Seat) else w) is side

    later = [w for w in winners[trick_index + 1:] if ours(w)]
    if trick_index < len(winners) and winners[trick_index] == offender:  # Law 64A1
        return 1 + min(1, len(later))
    return 1 if any(ours(w) for w in winners[trick_index:]) else 0  # Law 64A2 (Law 64B1 when none)


def _outcomes(state: PlayState) -> tuple[Seat | Side, ...]:
    """Who won each trick: the seat for tricks played, the side for tricks settled by a claim."""
    winners: list[Seat | Side] = list(state.play.winners)
    claim = state.claim
    if claim is not None and claim.settled:
        rest = 13 - len(winners)
        mine = claim.awarded
        winners += [claim.seat.side] * mine + [claim.seat.side.opponents] * (rest - mine)
    return tuple(winners)


def _exception(state: PlayState, revoke: Revoke, known: Sequence[Revoke]) -> LawRef | None:
    """The clause of Law 64B that takes away the automatic adjustment for ``revoke``, if any."""
    if revoke.corrected and not revoke.as_established:
        # Law 64B8: corrected under 62C3 (both sides on one trick); any other corrected revoke: Law 62
        return LawRef(64, "B8") if revoke.both_sides else LawRef(62)
    if revoke.offender is state.contract.dummy:
        # Law 64B3: a card belonging to dummy (failing to play a penalty card goes by Law 52: no transfer)
        return LawRef(64, "B3")
    if revoke.late is Late.NEXT_DEAL:
        return LawRef(64, "B4")  # Law 64B4: noticed after the non-offenders called on the next deal
    if revoke.late is Late.ROUND_ENDED:
        return LawRef(64, "B5")  # Law 64B5: noticed after the round ended
    if revoke.trick == 12:
        return LawRef(64, "B6")  # Law 64B6: a revoke on the twelfth trick
    for earlier in state.revoke_ledger.revokes:
        if earlier.position >= revoke.position or (earlier.corrected and not earlier.as_established):
            continue
        same = earlier.offender is revoke.offender and earlier.suit is revoke.suit
        if same and is_established(state, earlier):
            return LawRef(64, "B2")  # Law 64B2: a later revoke in the same suit by the same player
    if state.edition == 2007:
        # Law 64B7 (2007): both sides revoked on the board, whether or not the other side's was established
        if len({r.offender.side for r in known if not r.unrectified}) == 2:
            return LawRef(64, "B7", 2007)
        return None
    sides = {r.offender.side for r in known if r.stands_for_64}
    if len(sides) == 2:
        return LawRef(64, "B7")  # Law 64B7: both sides revoked, both established
    return None


@dataclass(frozen=True, slots=True)
class Assessment:
    """How Law 64 treats one revoke attention was drawn to: the clause that excludes a transfer (Law 64B, or
    Law 62 when it was corrected), or the tricks Law 64A transfers for it on its own."""

    revoke: Revoke
    exception: LawRef | None
    tricks: int


def assess(state: PlayState) -> tuple[Assessment, ...]:
    """Law 64 for each revoke attention was drawn to, in the order they were made (before the cap that keeps
    an offending side from losing more tricks than it won from its first revoke on)."""
    known = [r for r in state.revoke_ledger.revokes if r.attention is not None]
    outcomes = _outcomes(state)
    result = []
    for revoke in known:
        exception = _exception(state, revoke, known)
        n = 0 if exception is not None else law_64a_transfer(revoke.offender, revoke.trick - 1, outcomes)
        result.append(Assessment(revoke, exception, n))
    return tuple(result)


def transfer(state: PlayState) -> int:
    """Tricks the automatic adjustment of Law 64A moves to the side of declarer (negative: to the defenders),
    over every established revoke attention was drawn to, after the exceptions of Law 64B.

    Each revoke is assessed on its own; an offending side never loses more tricks than it won from its first
    transferable revoke on.
    """
    outcomes = _outcomes(state)
    by_side: dict[Side, tuple[int, int]] = {}
    for item in assess(state):
        if item.exception is not None:
            continue
        side = item.revoke.offender.side
        count, first = by_side.get(side, (0, item.revoke.trick - 1))
        by_side[side] = (count + item.tricks, min(first, item.revoke.trick - 1))
    declarer_side = state.contract.declarer.side
    total = 0
    for side, (count, first) in by_side.items():
        won = sum(1 for w in outcomes[first:] if (w.side if isinstance(w, Seat) else w) is side)
        n = min(count, won)
        total += n if side is not declarer_side else -n
    return total


def adjusted_declarer_tricks(state: PlayState, tricks: int) -> int:
    """Declarer's tricks after the revoke Laws: the Director's award under Law 64C if he made one, else the
    tricks played and claimed plus the Law 64A transfer."""
    adjusted = state.revoke_ledger.adjusted
    if adjusted is not None:
        return adjusted
    return tricks + transfer(state)


# --- Law 63: establishment --------------------------------------------------------------------------------


def _trick_of(play: Play, trick_index: int) -> Trick | None:
    tricks = play.tricks
    if trick_index < len(tricks):
        return tricks[trick_index]
    if trick_index == len(tricks) and play.current_trick.cards:
        return play.current_trick
    return None


def _seat_at(play: Play, position: int) -> Seat:
    trick = _trick_of(play, position // 4)
    assert trick is not None
    return trick.leader.rotate(position % 4)


def is_established(state: PlayState, revoke: Revoke) -> bool:
    """Law 63A: the offender or his partner has played to the next trick (Law 63A1), his side has claimed or
    conceded (Law 63A3), or agreed to the opponents' claim (Law 63A4). A card named or designated for the next
    trick (Law 63A2) is played before attention can be drawn (a designation waiting for a decision holds the
    table, Law 9B2), so it establishes the revoke as a played card does."""
    if revoke.established:
        return True
    side = revoke.offender.side
    following = _trick_of(state.play, revoke.trick)
    if following is not None and any(seat.side is side for seat, _ in following):
        return True
    claim = state.claim
    if claim is not None and (claim.seat.side is side or claim.settled):
        return True
    # Law 63A3 also for a claim or concession that was later void (Law 68B2) or played on (68D2(b)).
    return any(v.claim.seat.side is side and v.trick > revoke.trick for v in state.void_claims)


# --- hooks ------------------------------------------------------------------------------------------------


def _standing(state: PlayState) -> tuple[_Replay, ...]:
    """The offending side's cards played after a corrected revoke that still stand (Law 62C2)."""
    ledger = state.revoke_ledger
    if ledger.changed:
        return ()
    trick = len(state.play.winners) + 1
    return tuple(r for r in ledger.replays if r.stands and r.trick == trick)


def constraints(state: PlayState) -> tuple[MustPlay, ...]:
    """While a revoke is corrected: the offender's partner must play again the card he had played after it,
    unless an opponent changed his first (Law 62C2)."""
    return tuple(MustPlay(r.seat, r.card, LawRef(62, "C2")) for r in _standing(state))


def allowed_cards(state: PlayState, seat: Seat, cards: CardSet) -> CardSet:
    """``cards`` (what the other Laws allow ``seat``), narrowed to the card that stands under Law 62C2."""
    for replay in _standing(state):
        if replay.seat is seat:
            return CardSet([replay.card])
    return cards


def check_card(state: PlayState, event: CardPlayed) -> None:
    """Before a card is played while a revoke is being corrected: the offender's partner's card stands unless
    an opponent changed his first (Law 62C2).

    :raises ImpossibleActionError: if he tries to change it too soon.
    """
    ledger = state.revoke_ledger
    trick = len(state.play.winners) + 1
    for replay in ledger.replays:
        if replay.seat is event.seat and replay.trick == trick and replay.stands and not ledger.changed:
            if event.card != replay.card:
                raise ImpossibleActionError(
                    f"{replay.card} played by {event.seat.name.title()} after the revoke stands: he may take "
                    "it back only after an opponent has changed his card (Law 62C2)"
                )


def settle(before: PlayState | None, after: PlayState, event: Event, index: int) -> PlayState:
    """Bring the ledger up to date after ``event``: new revokes, cards replayed in a correction, and the
    Director's Law 64C decision once play has ended (then his other end-of-play reviews, Laws 45F and 67B3:
    :mod:`tenace.laws.reviews`)."""
    ledger = after.revoke_ledger
    if not ledger.replays and not after.play.revokes and not _play_over(after):
        return after  # no revoke in the play, none being corrected, play goes on: nothing to bring up to date
    if isinstance(event, CardPlayed) and before is not None and after.play is not before.play:
        ledger, penalties = _after_card(before, after, event, ledger)
        ledger = _new_revokes(after.play, ledger, index)
        if ledger is not after.revoke_ledger:
            after = replace(after, revoke_ledger=ledger)
        for seat, card in penalties:
            after = _penalty_card(after, seat, card, LawRef(62, "C2"))
    return reviews.ask(_ask_director(after))  # Law 64C first, then the reviews of Laws 45F and 67B3


def _new_revokes(play: Play, ledger: LedgerOfRevokes, index: int) -> LedgerOfRevokes:
    live = {r.position for r in ledger.revokes if not r.corrected}
    added = []
    for position in play.revokes:
        if position in live:
            continue
        trick = position // 4
        led = play.cards[4 * trick].suit
        added.append(Revoke(_seat_at(play, position), trick + 1, play.cards[position], led, position, index))
    return replace(ledger, revokes=(*ledger.revokes, *added)) if added else ledger


def _after_card(
    before: PlayState, after: PlayState, event: CardPlayed, ledger: LedgerOfRevokes
) -> tuple[LedgerOfRevokes, list[tuple[Seat, Card]]]:
    if not ledger.replays:
        return ledger, []
    trick = len(before.play.winners) + 1
    replays = list(ledger.replays)
    changed = ledger.changed
    withdrawn = list(ledger.withdrawn)
    penalties: list[tuple[Seat, Card]] = []
    for replay in ledger.replays:
        if replay.seat is not event.seat or replay.trick != trick:
            continue
        replays.remove(replay)
        if event.card == replay.card:
            continue
        law = LawRef(62, "C1" if replay.non_offender else "C2")
        withdrawn.append(WithdrawnCard(replay.seat, replay.card, law))
        if replay.penalty:
            penalties.append((replay.seat, replay.card))  # Laws 62C2, 62C3
        if replay.non_offender:
            changed = True  # Law 62C1, which frees the offender's partner's card (62C2)
    done = len(after.play.winners)
    # A trick completed: what was not replayed is gone; so is a card since played elsewhere (a player who
    # revoked again with the card he had led to the next trick no longer holds it to lead).
    replays = [r for r in replays if r.trick > done and r.card in after.play.hand(r.seat)]
    return replace(
        ledger, replays=tuple(replays), changed=changed and bool(replays), withdrawn=tuple(withdrawn),
        made_penalty=(*ledger.made_penalty, *penalties),
    ), penalties


def _play_over(state: PlayState) -> bool:
    return state.play.is_complete or (state.claim is not None and state.claim.settled)


def _ask_director(state: PlayState) -> PlayState:
    """Law 64C: once play has ended, the Director reviews every established revoke attention was drawn to
    (Law 64C1), so also repeated revokes in one suit (Law 64C2(a)) and revokes by both sides (Law 64C2(b)),
    which the automatic adjustment leaves alone; he keeps the result or assigns tricks."""
    if state.pending is not None or not _play_over(state):
        return state
    known = [r for r in state.revoke_ledger.revokes if r.stands_for_64]
    if len(known) <= state.revoke_ledger.reviewed:
        return state
    automatic = state.declarer_tricks
    assert automatic is not None
    options: tuple[Option, ...] = (
        NoAdjustment(LawRef(64, "C1")),
        *(AdjustedTricks(n, LawRef(64, "C1")) for n in range(14) if n != automatic),
    )
    newest = known[-1]
    about = Irregularity(Kind.REVOKE, newest.offender, LawRef(61), newest.index)
    explanation = (
        f"after Law 64 declarer's side has {automatic} tricks; the Director keeps that result or assigns the "
        "tricks the non-offending side would likely have had without the revoke"
    )
    return replace(state, pending=Decision(DIRECTOR, options, LawRef(64, "C"), about, explanation))


def owns(decision: Decision | None) -> bool:
    """Whether ``decision`` is one this module made (the Director's Law 64C judgement)."""
    return decision is not None and decision.law == LawRef(64, "C")


def on_elected(state: PlayState, event: Elected) -> PlayState:
    """The Director's Law 64C election."""
    pending = state.pending
    assert pending is not None
    pending.check(event.actor, event.option)
    ledger = state.revoke_ledger
    known = [r for r in ledger.revokes if r.stands_for_64]
    adjusted = event.option.declarer_tricks if isinstance(event.option, AdjustedTricks) else ledger.adjusted
    return replace(state, pending=None, revoke_ledger=replace(ledger, reviewed=len(known), adjusted=adjusted))


def closed(state: PlayState) -> PlayState:
    """The Law 64C review answered with an adjusted score (:class:`~tenace.laws.events.ScoreAdjusted`, Law
    12C), which replaces the result: the tricks stay as the Law 64A transfers leave them."""
    ledger = state.revoke_ledger
    known = [r for r in ledger.revokes if r.stands_for_64]
    return replace(state, pending=None, revoke_ledger=replace(ledger, reviewed=len(known)))


# --- Laws 61 and 62: attention drawn, correction -----------------------------------------------------------


def on_attention(state: PlayState, event: AttentionDrawn, index: int) -> PlayState:
    """Law 61: attention is drawn to a possible revoke by ``event.offender`` on trick ``event.trick``: by
    declarer asking a defender (Law 61B1), by dummy asking declarer (Law 61B2(a); not a defender during the
    play, Law 61B2(b)), by a defender asking declarer or his partner (Law 61B3). Drawing attention gives no
    right to look at quitted tricks (Law 61C): only the Director's InspectionAllowed does (66C)."""
    contract = state.contract
    if state.pending is not None and not owns(state.pending):
        raise ImpossibleActionError(f"first the pending decision ({state.pending.law}) (Law 9B2)")
    over = _play_over(state)
    defender = event.offender.side is not contract.declarer.side
    dummy_first = event.by is contract.dummy and not over and defender
    if dummy_first and not event.dummy_violated:
        raise ImpossibleActionError(
            "during the play dummy may draw attention only to a possible revoke by declarer "
            "(Laws 9A4, 43A1(b), 61B2), unless the Director finds he had broken a limitation of Law 43A2 "
            "(then Law 43B3)"
        )
    started = len(state.play.winners) + (1 if state.play.current_trick.cards else 0)
    if not 1 <= event.trick <= started:
        raise ImpossibleActionError(f"trick {event.trick} has not been played ({started} have been)")
    ledger = state.revoke_ledger
    found = next(
        (r for r in ledger.revokes
         if r.offender is event.offender and r.trick == event.trick and not r.corrected),
        None,
    )
    if found is None:  # Law 61B: the player had no card of the suit; nothing changes
        return replace(state, revoke_ledger=replace(ledger, inquiries=(*ledger.inquiries, event)))
    if found.attention is not None:
        raise ImpossibleActionError(f"attention has already been drawn to the {found}")
    if dummy_first:  # Law 43B3: no rectification; play goes on as if there were no revoke
        return replace(state, revoke_ledger=_swap(ledger, found, replace(found, attention=index,
                                                                        unrectified=True)))
    established = is_established(state, found)
    twelfth = found.trick == 12 and event.late is None  # Law 62D1
    if established and not twelfth:
        noticed = replace(found, established=True, attention=index, late=event.late)  # Law 63B: it stands
        return replace(state, revoke_ledger=_swap(ledger, found, noticed))
    if event.late is not None and event.late is not Late.HANDS_RETURNED:
        raise ImpossibleActionError(f"a revoke that is not established cannot be noticed {event.late.value}")
    violated = event.dummy_violated and event.by is contract.dummy and found.offender is contract.declarer
    # Law 62A: noticed before it is established, the revoke must be corrected
    return _correct(state, found, index, as_established=violated)  # Law 43B2(b) when dummy violated 43A2


def _swap(ledger: LedgerOfRevokes, old: Revoke, new: Revoke) -> LedgerOfRevokes:
    return replace(ledger, revokes=tuple(new if r is old else r for r in ledger.revokes))


def _truncate(play: Play, length: int) -> Play:
    """The play with only its first ``length`` cards (revokes among them kept as they stood)."""
    # A lead out of turn that stood (Law 53A) is kept only for the tricks that still have cards.
    base = replace(play, cards=(), leads=tuple(x for x in play.leads if 4 * x[0] < length))
    for card in play.cards[:length]:
        base = base.push_unchecked(card)
    return base


def _correct(state: PlayState, revoke: Revoke, index: int, *, as_established: bool = False) -> PlayState:
    """Law 62: the revoke card is withdrawn and the play goes back to it (a withdrawal in the course of
    rectification, Law 47A); cards played after it may be changed (62C); a revoke by the other side on the
    same trick is corrected too (62C3)."""
    play = state.play
    ledger = state.revoke_ledger
    contract = state.contract
    # Every other revoke on the trick goes too: one by the other side (Law 62C3), or a later one by the
    # offender's partner, whose card is withdrawn as his own revoke (62B) rather than kept (62C2).
    others = [
        r for r in ledger.revokes
        if r.trick == revoke.trick and not r.corrected and r is not revoke
        and (r.offender.side is not revoke.offender.side or r.position > revoke.position)
    ]
    both = any(r.offender.side is not revoke.offender.side for r in others)  # Law 62C3
    corrected = [revoke, *others]
    start = min(r.position for r in corrected)

    def defender(seat: Seat) -> bool:
        return seat is not contract.declarer and seat is not contract.dummy

    penalties: list[tuple[Seat, Card, LawRef]] = []
    for r in corrected:
        if defender(r.offender):
            # Law 62B1 (62C3: every defender's card so withdrawn)
            penalties.append((r.offender, r.card, LawRef(62, "C3" if both else "B1")))
        # Law 62B2: declarer's or dummy's card goes back to the hand, nothing more.
    replays = []
    for position in range(start + 1, len(play.cards)):
        if any(r.position == position for r in corrected):
            continue
        seat = _seat_at(play, position)
        offending = seat.side is revoke.offender.side
        if offending and not both and seat is revoke.offender:
            continue  # the offender's own later cards are simply his again
        same_trick = position // 4 == revoke.trick - 1
        replays.append(_Replay(
            seat, play.cards[position], position // 4 + 1,
            stands=offending and same_trick and not both,
            penalty=defender(seat) and (both or offending),
            non_offender=not offending,
        ))
    revokes = []
    for r in ledger.revokes:
        if r in corrected:
            special = as_established and r == revoke
            r = replace(
                r, corrected=True, both_sides=both, attention=index, as_established=special,
                established=r.established or special,
            )
        elif not r.corrected and r.position > start:
            r = replace(r, corrected=True)  # its card was withdrawn with the others
        elif not r.corrected and not r.established:
            r = replace(r, established=is_established(state, r))  # Law 63B: what was established stays so
        revokes.append(r)
    # Law 62D2: a defender's twelfth-trick revoke made before his partner's turn to that trick: what the
    # withdrawn card showed is unauthorised to the partner (Law 16C), judged at the end (16C3).
    twelfth = tuple(
        WithdrawnCard(r.offender, r.card, LawRef(62, "D2")) for r in corrected
        if r.trick == 12 and defender(r.offender) and not any(
            _seat_at(play, p) is r.offender.partner for p in range(44, r.position))
    )
    new_ledger = replace(
        ledger, revokes=tuple(revokes), replays=tuple(replays), changed=False,
        made_penalty=(*ledger.made_penalty, *((seat, card) for seat, card, _ in penalties)),
        withdrawn=(*ledger.withdrawn, *twelfth),
    )
    # A claim made on a play that no longer stands lapses; the play resumes from the revoke.
    # The Director's Law 64C review, if he was about to make it, waits for the new end of play.
    new = replace(state, play=_truncate(play, start), revoke_ledger=new_ledger, claim=None, pending=None)
    for seat, card, law in penalties:
        new = _penalty_card(new, seat, card, law)
    return new


def _penalty_card(state: PlayState, seat: Seat, card: Card, law: LawRef) -> PlayState:
    """A defender's withdrawn card becomes a major penalty card (Law 50B: exposed by deliberate play), unless
    it already was one (then it simply is one again, Law 62B2)."""
    if any(p.card == card for p in state.penalties.cards):
        return state
    return penalty_cards.add_penalty_card(state, seat, card, major=True, law=law)


# --- Law 67: defective tricks -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DefectiveTrick:
    """A trick to which ``seat`` contributed no card (``cards`` empty) or more than one card (Law 67)."""

    trick: int
    seat: Seat
    cards: tuple[Card, ...]

    @property
    def omitted(self) -> bool:
        return not self.cards


def defective_tricks(tricks: Sequence[Sequence[tuple[Seat, Card]]]) -> tuple[DefectiveTrick, ...]:
    """The defective tricks among quitted tricks given as the (seat, card) pairs actually turned (Law 67).

    >>> from tenace.cards import Card
    >>> c = Card.from_str
    >>> defective_tricks([[(Seat.WEST, c("S2")), (Seat.NORTH, c("S3")), (Seat.EAST, c("S4"))]])
    (DefectiveTrick(trick=1, seat=<Seat.SOUTH: 'S'>, cards=()),)
    """
    found = []
    for number, trick in enumerate(tricks, 1):
        for seat in Seat:
            mine = tuple(card for s, card in trick if s is seat)
            if len(mine) != 1:
                found.append(DefectiveTrick(number, seat, mine))
    return tuple(found)


def omission_card_choices(hand: CardSet, suit_led: Suit) -> CardSet:
    """Law 67: the cards an offender who played no card to a trick may put in it (Law 67A1, before a player
    of each side has played to the next trick) or among his played cards (67B1, later): a card of the suit
    led if he holds one (Law 67B1(a)), otherwise any card (Law 67B1(b)).

    >>> sorted(str(c) for c in omission_card_choices(CardSet.from_pbn("AK.32..5"), Suit.HEARTS))
    ['H2', 'H3']
    """
    following = hand.suit(suit_led)
    return following if following else hand


def law_67b_transfer(offender: Seat, trick_index: int, winners: Sequence[Seat | Side]) -> int:
    """Law 67B1: an offender who failed to play to trick ``trick_index`` (from 0), found only after both sides
    played to the next trick, is deemed to have revoked there: one trick goes to the other side if his side
    won that trick or a later one (as in Law 64A2). His card does not change who won the trick.

    >>> law_67b_transfer(Seat.SOUTH, 3, (Seat.EAST,) * 4 + (Seat.NORTH,))
    1
    >>> law_67b_transfer(Seat.SOUTH, 3, (Seat.EAST,) * 5)
    0
    """
    side = offender.side
    return 1 if any((w.side if isinstance(w, Seat) else w) is side for w in winners[trick_index:]) else 0


def restore_extra_cards(
    cards: Sequence[Card], faced: Card | None, legal: CardSet
) -> tuple[Card, tuple[Card, ...]]:
    """Law 67B2(a): of the cards an offender played to one trick, the one that stays and those restored to his
    hand. The one faced in playing stays; if the Director cannot tell, the highest card he could lawfully have
    played stays. A restored card counts as held all along (Law 67B2(b)).

    >>> c = Card.from_str
    >>> restore_extra_cards([c("H2"), c("HK")], None, CardSet([c("H2"), c("HK"), c("S3")]))
    (Card.from_str('HK'), (Card.from_str('H2'),))
    """
    if faced is not None:
        if faced not in cards:
            raise ValueError(f"{faced} is not among the cards played to the trick")
        stays = faced
    else:
        lawful = [card for card in cards if card in legal] or list(cards)
        stays = max(lawful, key=lambda card: card.rank)
    return stays, tuple(card for card in cards if card != stays)
