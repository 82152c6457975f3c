"""The Director's adjusted scores at the end of the play (Law 12): what he owes a judgement on, and the score
he records (:class:`~tenace.laws.events.ScoreAdjusted`).

Many Laws let the auction and play go on and leave a last judgement to the end of the play: whether the
non-offending side was damaged by something the rectification did not redress, and if so the adjusted score
that replaces the result. The engine never judges damage; it lists what is *owed* (:func:`owed`), and accepts
the Director's adjusted score for one of those Laws once the play is over:

* Law 16C3: information from a withdrawn call or card of the offending side;
* Law 21B3: an explanation corrected when it was too late to change a call;
* Law 23C: a comparable call replaced a withdrawn one (Laws 27B1(b), 30B1(b)(i), 31A2(a), 32A2(a));
* Law 27D: an insufficient bid corrected without rectification (27B1);
* Law 47E2(b): a card played on a mistaken explanation that was too late to retract;
* Law 50E4: information from a penalty card while it lay on the table;
* Law 43B3: a defender's revoke that dummy pointed out first after breaking a limitation of Law 43A2, left
  unrectified: only the defenders' score is adjusted if they gained by it (a non-balancing score, 12C1(b));
* Law 40B3(a): the Director found an explanation mistaken or an agreement not there (``MistakeFound``, Law
  75B, 75D2): the opponents may have been damaged by what was not disclosed; the same judgement may be
  recorded under Law 40B5(b) (an explanation that left out what was crucial to the opponent's choice);
* Law 55C: declarer's lead out of turn was retracted (55B): if his line of play could have drawn on what he
  learned through it, Law 16 applies;
* Law 16D2(c), 16D3: extraneous information a player received (:class:`ExtraneousInformation`), before the
  first call or after it. Here the Director may also award the adjusted score at once, before the board is
  played (:data:`AT_ONCE`, Law 16D2(d)): the board then ends without a result of its own (:func:`cut_short`).

The same event answers the Director's end-of-play reviews that ask for a number of tricks (Laws 45F, 64C,
67B3) when he prefers a weighted or non-balancing score (Law 12C1(b), (c)). Under his general powers (Law
12A1, a violation the Laws give no rectification for; Law 12A3, a wrong rectification) he may adjust any board
that has ended. The last adjusted score recorded stands
(:meth:`Table.result_ns <tenace.laws.table.Table.result_ns>`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tenace.errors import ImpossibleActionError
from tenace.laws import reviews, revokes
from tenace.laws.decisions import Reject
from tenace.laws.events import (
    BoardRedealt,
    CallMade,
    Elected,
    ExtraneousInformation,
    Mistake,
    MistakeFound,
    ScoreAdjusted,
)
from tenace.laws.misinformation import remedies
from tenace.laws.refs import LawRef
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore
from tenace.seats import Side

if TYPE_CHECKING:
    from tenace.laws.table import Table

__all__ = [
    "AT_ONCE", "GENERAL", "Owed", "adjusted", "check", "check_redeal", "cut_short", "owed", "redeal_index",
]

GENERAL: Final = (LawRef(12, "A1"), LawRef(12, "A3"), LawRef(40, "B4"))
"""The Director's general powers to adjust a board that has ended, and Law 40B4: a side damaged by the
opponents' use of a special partnership understanding the regulations do not allow (judged from the
regulations, not from anything in the record, so allowed on any board that has ended)."""
WITHDRAWN: Final = LawRef(16, "C3")
TOO_LATE_TO_CHANGE: Final = LawRef(21, "B3")
COMPARABLE: Final = LawRef(23, "C")
INSUFFICIENT: Final = LawRef(27, "D")
TOO_LATE_TO_RETRACT: Final = LawRef(47, "E2(b)")
PENALTY_CARD: Final = LawRef(50, "E4")
DUMMY_FIRST: Final = LawRef(43, "B3")
EXTRANEOUS_BEFORE: Final = LawRef(16, "D2(c)")
EXTRANEOUS_AFTER: Final = LawRef(16, "D3")
NOT_DISCLOSED: Final = LawRef(40, "B3(a)")
DECLARER_LEAD: Final = LawRef(55, "C")
INCOMPLETE: Final = LawRef(40, "B5(b)")
AT_ONCE: Final = LawRef(16, "D2(d)")
"""Extraneous information (Law 16D): an adjusted score awarded at once, which ends the board unplayed; no
normal play of the board being possible, it is an artificial adjusted score (Law 12A2)."""


@dataclass(frozen=True, slots=True)
class Owed:
    """A judgement the Director makes at the end of the play under ``law``: whether the non-offending side
    ``protects`` (``None`` when the record does not say) was damaged, and if so an adjusted score."""

    law: LawRef
    protects: Side | None = None
    """The side the Laws protect here: the non-offending side."""


def owed(table: Table) -> tuple[Owed, ...]:
    """The end-of-play judgements the record calls for, one per Law and side, in the Laws' order."""
    found: dict[tuple[LawRef, Side | None], None] = {}

    def add(law: LawRef, offenders: Side | None) -> None:
        found[(law, offenders.opponents if offenders is not None else None)] = None

    for seat, law in table.auction.substituted:  # Laws 23C, 27D
        add(law, seat.side)
    for withdrawn in table.withdrawn:  # Law 16C3 (a withdrawn call)
        add(WITHDRAWN, withdrawn.offending_side)
    for card in table.withdrawn_cards:  # Law 16C3 (a card taken back: Laws 58B3, 62C, 62D2)
        add(WITHDRAWN, card.offending_side)
    playing = table.playing
    if playing is not None:
        for revoke in playing.revoke_ledger.revokes:  # Law 43B3
            if revoke.unrectified:
                add(DUMMY_FIRST, revoke.offender.side)
        penalties = playing.penalties
        for penalty in (*penalties.cards, *penalties.played, *penalties.picked_up):  # Law 50E4
            add(PENALTY_CARD, penalty.seat.side)
    for remedy in remedies(table):  # Laws 21B3, 47E2(b): the corrected explanation came too late
        if remedy.law in (TOO_LATE_TO_CHANGE, TOO_LATE_TO_RETRACT):
            add(remedy.law, None)
    called = False
    redealt = redeal_index(table)
    for index, event in enumerate(table.record):  # Law 16D: extraneous information, before the first call
        called = called or isinstance(event, CallMade)  # (2(c)) or after it (3)
        if isinstance(event, ExtraneousInformation) and index > redealt:  # Law 16D2(b): the old deal's
            add(EXTRANEOUS_AFTER if called else EXTRANEOUS_BEFORE, None)
        elif isinstance(event, Elected) and isinstance(event.option, Reject) and event.option.law.law == 55:
            # Law 55C: declarer's lead out of turn taken back (55B1, 55B2); the defenders are protected
            if table.contract is not None:
                add(DECLARER_LEAD, table.contract.declarer.side)
        elif isinstance(event, MistakeFound) and event.kind in (Mistake.EXPLANATION, Mistake.NO_AGREEMENT):
            # Law 40B3(a): the explainer's side failed to disclose; its opponents are protected
            add(NOT_DISCLOSED, table.calls[event.call_index].seat.side)
    return tuple(Owed(law, side) for law, side in sorted(found, key=lambda k: (k[0], str(k[1]))))


def _answers(law: LawRef, review: LawRef) -> bool:
    """Whether an adjusted score under ``law`` answers the review under ``review`` (64C1 answers 64C)."""
    return law.law == review.law and law.clause.startswith(review.clause)


def check(table: Table, event: ScoreAdjusted, *, ended: bool) -> None:
    """Whether the Director may record ``event`` now (``ended``: the board has ended).

    :raises ImpossibleActionError: naming the Law and what is missing.
    """
    # Law 12B2, as far as a record can show it: an adjusted score must cite a Law that empowers it here (one
    # owed on this board, a pending review, or the general powers of 12A), never a rectification's severity
    if event.law == AT_ONCE:  # Law 16D2(d): an adjusted score instead of playing the board
        redealt = redeal_index(table)
        if not any(isinstance(e, ExtraneousInformation) and i > redealt for i, e in enumerate(table.record)):
            raise ImpossibleActionError(f"{AT_ONCE} needs extraneous information on record (Law 16D1)")
        if ended:
            raise ImpossibleActionError(f"the board has been played: its score is adjusted under "
                                        f"{EXTRANEOUS_BEFORE} or {EXTRANEOUS_AFTER}, not {AT_ONCE}")
        return
    pending = table.pending
    if pending is not None and (reviews.owns(pending) or revokes.owns(pending)):
        if not _answers(event.law, pending.law):
            raise ImpossibleActionError(
                f"the Director's pending review is under {pending.law}; an adjusted score answering it cites "
                f"that Law, not {event.law}"
            )
        return
    if not ended:
        raise ImpossibleActionError(
            f"an adjusted score under {event.law} is awarded once the play is over (Law 12C)"
        )
    allowed = {o.law for o in owed(table)} | set(GENERAL)
    if NOT_DISCLOSED in allowed:
        allowed.add(INCOMPLETE)  # Law 40B5(b): the same finding, judged as an incomplete explanation
    allowed |= {r.law for r in (table.playing.reviews if table.playing is not None else ())}
    if table.playing is not None and table.playing.revoke_ledger.reviewed:
        allowed.add(LawRef(64, "C"))
    if not any(_answers(event.law, law) for law in allowed):
        due = ", ".join(str(law) for law in sorted(allowed))
        raise ImpossibleActionError(
            f"nothing on this board empowers the Director to adjust the score under {event.law} "
            f"(he may here under {due})"
        )


def redeal_index(table: Table) -> int:
    """The record index of the last redeal of the board (Law 16D2(b)), -1 if it was never redealt."""
    return max((i for i, e in enumerate(table.record) if isinstance(e, BoardRedealt)), default=-1)


def check_redeal(table: Table, event: BoardRedealt) -> None:
    """Whether the Director may have the board redealt now (Law 16D2(b)): a player received extraneous
    information (16D1), since the last redeal, and no call has been made yet.

    :raises ImpossibleActionError: naming what is missing and the Law.
    """
    redealt = redeal_index(table)
    if not any(isinstance(e, ExtraneousInformation) and i > redealt for i, e in enumerate(table.record)):
        raise ImpossibleActionError("a redeal needs extraneous information on record (Law 16D1) about the "
                                    "deal in play")
    auction = table.auction
    called = any(isinstance(e, CallMade) for e in table.record[redealt + 1:])
    if called or table.playing is not None or auction.calls or auction.open is not None:
        raise ImpossibleActionError("the board may be redealt only before any call has been made (Law 16D2)")
    mishaps = table.mishaps
    if mishaps.deal is not None or mishaps.decision is not None or mishaps.restoring is not None:
        raise ImpossibleActionError("the Director is dealing with a wrong count of this deal's cards: no "
                                    "redeal now (Law 16D2(b))")


def cut_short(table: Table) -> bool:
    """Whether the Director ended the board unplayed with an adjusted score (Law 16D2(d))."""
    return any(isinstance(e, ScoreAdjusted) and e.law == AT_ONCE for e in table.record)


def adjusted(table: Table) -> AssignedAdjustedScore | ArtificialAdjustedScore | None:
    """The last adjusted score the Director recorded with :class:`ScoreAdjusted`, if any."""
    for event in reversed(table.record):
        if isinstance(event, ScoreAdjusted):
            return event.score
    return None
