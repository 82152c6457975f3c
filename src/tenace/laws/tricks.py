"""Quitted tricks: their arrangement and ownership (Law 65), who may look at them (Law 66), and defective
tricks found late (Law 67B).

The engine keeps every card played in order, and the winner of each trick follows from the cards (Law 44), so
the orderly row of Law 65C and the pointing of Law 65B are always right in the record: :func:`ownership`
gives, trick by trick, the side each player's turned card points to, and the count both sides agree on
(Law 65D) is the engine's. What varies is what a player may *see*, and :meth:`Table.view
<tenace.laws.table.Table.view>` shows a trick's cards only to whom Law 66 lets look at them:

* the trick in progress: everyone;
* the trick just completed: a player whose side has not yet led or played to the next trick may have all its
  cards faced, his own last card included (66A, 66B); this engine does not record a player turning his card
  face down, so the whole trick stays visible to him until his side plays again;
* earlier (quitted) tricks: nobody during the play (66C), except a player the Director lets inspect one
  (:class:`~tenace.laws.events.InspectionAllowed`), until the next card is played;
* once play has ceased (the last trick, or a claim stopping play, Law 68D): every played card (66D).

A defective trick (Law 67) noticed before a player of each side has played to the next trick cannot arise in
the engine: a trick is complete only with one card from each player, and a card to the next trick from a
player who has played already is a fifth card (Law 45E) while the trick waits for the missing one, which is
how Law 67A has the omission rectified. Found later, it is the Director's
:class:`~tenace.laws.events.DefectiveTrickFound`: after an omission the offender is deemed to have revoked on
that trick and one trick is transferred as in Law 64A2 when play ends (67B1, :func:`defective_transfer`);
extra cards go back to the hand without changing who won the trick (67B2). The card-level helpers for a
Director's console are in :mod:`tenace.laws.revokes` (``defective_tricks``, ``omission_card_choices``,
``restore_extra_cards``).

The Director sees every trick. A spectator sees what no player is entitled to keep looking at: the trick in
progress, the last one until the next trick begins, and everything once play has ceased.

>>> from tenace import Card, Deal, Seat, Contract, Denomination
>>> from tenace.play import Play
>>> deal = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")
>>> play = Play.for_contract(deal, Contract(3, Denomination.NOTRUMP, Seat.NORTH))
>>> play = play.extend(Card.from_str(c) for c in ("SQ", "S7", "S4", "SA", "D9"))
>>> [(t.number, t.cards) for t in trick_views(play, Seat.SOUTH, (), ended=False)]  # N-S led to trick 2
[(1, (None, None, None, None)), (2, (Card.from_str('D9'),))]
>>> trick_views(play, Seat.EAST, (), ended=False)[0].cards   # East's side has not played to trick 2 yet
(Card.from_str('SQ'), Card.from_str('S7'), Card.from_str('S4'), Card.from_str('SA'))
>>> ownership(play)[0]
<Side.NS: 'NS'>
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tenace.cards import Card
from tenace.errors import ImpossibleActionError
from tenace.laws._evolve import replace
from tenace.laws.events import DefectiveTrickFound, InspectionAllowed, WrongPointing
from tenace.laws.refs import Director, LawRef
from tenace.play import Play, Trick
from tenace.seats import Seat, Side

if TYPE_CHECKING:
    from tenace.laws.play_period import PlayState

__all__ = [
    "Inspection", "PointingNotice", "TrickView", "defective_transfer", "on_defective", "on_inspection",
    "on_pointing", "ownership", "trick_views",
]


@dataclass(frozen=True, slots=True)
class Inspection:
    """The Director let ``seat`` look at quitted trick ``trick`` when ``at`` cards were played (Law 66C)."""

    seat: Seat
    trick: int
    at: int


@dataclass(frozen=True, slots=True)
class TrickView:
    """One trick as one viewer may see it: a card he may not look at is ``None`` (Law 66)."""

    number: int
    """1 to 13."""
    leader: Seat
    cards: tuple[Card | None, ...]
    winner: Seat | None
    """Who won it (``None`` while it is in progress); everyone knows, from the way the turned cards point
    (Law 65B)."""


def ownership(play: Play) -> tuple[Side, ...]:
    """The side that won each completed trick: where every player's turned card points (toward his partner
    when his side won it, Law 65B1; toward the opponents when they did, Law 65B2)."""
    return tuple(seat.side for seat in play.winners)


def on_inspection(state: PlayState, event: InspectionAllowed) -> PlayState:
    """Law 66C: the Director lets ``event.seat`` inspect a quitted trick until the next card is played."""
    completed = len(state.play.tricks)
    if not 1 <= event.trick <= completed:
        raise ImpossibleActionError(f"trick {event.trick} is not a quitted trick ({completed} are complete)")
    inspection = Inspection(event.seat, event.trick, len(state.play.cards))
    return replace(state, inspections=(*state.inspections, inspection))


def trick_views(
    play: Play, viewer: Seat | Director | None, inspections: tuple[Inspection, ...], *, ended: bool
) -> tuple[TrickView, ...]:
    """Every trick begun so far, as ``viewer`` may see it (Law 66); ``ended``: play has ceased (66D)."""
    winners = play.winners
    completed = len(winners)
    current = play.current_trick
    tricks: list[Trick] = list(play.tricks)
    if current.cards:
        tricks.append(current)
    if ended or isinstance(viewer, Director):  # Law 66D; the Director sees every trick
        shown = set(range(len(tricks)))
    else:
        shown = set(range(completed, len(tricks)))  # the trick in progress
        if completed and (not current.cards if viewer is None
                          else all(seat.side is not viewer.side for seat, _ in current)):
            # Laws 66A and 66B: the trick just quitted, until the viewer's side plays to the next
            shown.add(completed - 1)
        if viewer is not None:  # Law 66C: at the Director's specific instruction, until the next card
            shown.update(i.trick - 1 for i in inspections if i.seat is viewer and i.at == len(play.cards))
    return tuple(
        TrickView(i + 1, trick.leader, trick.cards, winners[i] if i < completed else None) if i in shown
        else _turned(i + 1, trick.leader, len(trick.cards), winners[i] if i < completed else None)
        for i, trick in enumerate(tricks)
    )


@functools.cache  # a pure function of small values: at most 13 x 4 x 5 x 5 results, shared by every view
def _turned(number: int, leader: Seat, cards: int, winner: Seat | None) -> TrickView:
    """A trick whose cards the viewer may not look at (Law 66C): nothing in it but its number, leader, size
    and winner, so one value serves every view of every table. A view is built after every event, and most
    of its tricks are turned."""
    return TrickView(number, leader, (None,) * cards, winner)


@dataclass(frozen=True, slots=True)
class PointingNotice:
    """Attention drawn to a card of a quitted trick pointed the wrong way (Law 65B3), and whether in time."""

    event: WrongPointing
    index: int
    """The record index of the notice."""
    in_time: bool
    """Before the side of the player who noticed led or played to the following trick: the card is turned
    the right way and nothing else follows. Later, the remark may be unauthorised information to his partner
    (Law 16B): an opponent may reserve his rights about it (``UIReserved(index=...)``)."""
    winner: Side
    """The side that won the trick, from its cards: the count of tricks never follows a card's pointing."""

    @property
    def law(self) -> LawRef:
        return LawRef(65, "B3") if self.in_time else LawRef(16, "B")


def on_pointing(state: PlayState, event: WrongPointing, index: int) -> PlayState:
    """Law 65B3: a player draws attention to a card pointed incorrectly. The engine's ownership of the tricks
    follows from the cards (:func:`ownership`), so a wrongly pointed card never changes the count; what the
    engine records is whether the right to draw attention to it had expired (his side had led or played to
    the following trick), after which Law 16B may apply."""
    play = state.play
    completed = len(play.tricks)
    if not 1 <= event.trick <= completed:
        raise ImpossibleActionError(f"trick {event.trick} is not a quitted trick ({completed} are complete)")
    following = play.tricks[event.trick] if event.trick < completed else play.current_trick
    in_time = all(seat.side is not event.by.side for seat, _ in following)
    notice = PointingNotice(event, index, in_time, play.winners[event.trick - 1].side)
    return replace(state, pointing=(*state.pointing, notice))


def on_defective(state: PlayState, event: DefectiveTrickFound, *, ended: bool) -> PlayState:
    """Law 67B: the Director's finding of a defective trick, once a player of each side has played to the
    next trick (or play has ended)."""
    play = state.play
    completed = len(play.tricks)
    if not 1 <= event.trick <= completed:
        raise ImpossibleActionError(f"trick {event.trick} is not a quitted trick ({completed} are complete)")
    if not ended and event.trick == completed:
        following = {seat.side for seat, _ in play.current_trick}
        if len(following) < 2:
            raise ImpossibleActionError(
                "Law 67A, not 67B: until a player of each side has played to the next trick the offender "
                "supplies a card to the trick, which the engine keeps waiting for it"  # Law 67A1
            )
    if any(d.seat is event.seat and d.trick == event.trick for d in state.defective):
        raise ImpossibleActionError(f"trick {event.trick} has already been found defective for that player")
    return replace(state, defective=(*state.defective, event))


def defective_transfer(state: PlayState) -> int:
    """Tricks moved to declarer's side (negative: from it) by Law 67B1 deemed revokes, at the end of play."""
    from tenace.laws.revokes import _outcomes, law_67b_transfer

    outcomes = _outcomes(state)
    declaring = state.contract.declarer.side
    moved = 0
    for finding in state.defective:
        if not finding.omitted:
            continue  # Law 67B2: ownership of the trick does not change
        n = law_67b_transfer(finding.seat, finding.trick - 1, outcomes)
        moved += -n if finding.seat.side is declaring else n
    return moved
