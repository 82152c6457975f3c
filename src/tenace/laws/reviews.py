"""The Director's reviews at the end of the play, for irregularities whose rectification is a judgement made
only then: dummy touching or indicating a card (Law 45F) and a card played to a trick, left out of the quitted
cards and played again when it is too late to correct (Law 67B3).

The finding during the play (:class:`~tenace.laws.events.DummyIndicated`, or
:class:`~tenace.laws.events.DefectiveTrickFound` with ``played_again``) adds a :class:`Review`; play goes on.
Once the play is over (all 52 cards, or a settled claim) and nothing else is pending, the Director is asked,
one review at a time, as for the Law 64C review of revokes (:mod:`tenace.laws.revokes`):

* Law 45F: whether dummy suggested a play to declarer and the defenders were damaged by it. ``NoAdjustment``
  keeps the result; ``AdjustedTricks`` assigns the tricks declarer's side would likely have taken otherwise.
* Law 67B3: the Director *shall* award an adjusted score: only ``AdjustedTricks`` options are offered (the
  result obtained at the table among them).

Several findings of the same clause are judged together, in one review. The engine never decides whether a
suggestion was made or what the damage was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tenace.errors import ImpossibleActionError
from tenace.laws._evolve import replace
from tenace.laws.decisions import AdjustedTricks, Decision, Irregularity, NoAdjustment, Option
from tenace.laws.events import Elected
from tenace.laws.refs import DIRECTOR, LawRef

if TYPE_CHECKING:
    from tenace.laws.play_period import PlayState

__all__ = [
    "DUMMY_INDICATED", "PLAYED_AGAIN", "Review", "add", "adjusted_tricks", "ask", "closed", "on_elected",
    "owns",
]

DUMMY_INDICATED: Final = LawRef(45, "F")
PLAYED_AGAIN: Final = LawRef(67, "B3")
_LAWS: Final = (DUMMY_INDICATED, PLAYED_AGAIN)


@dataclass(frozen=True, slots=True)
class Review:
    """One judgement the Director owes at the end of the play."""

    law: LawRef
    about: Irregularity | None
    question: str
    done: bool = False
    adjusted: int | None = None
    """The tricks he assigned to declarer's side (``None``: the result stands)."""


def add(state: PlayState, review: Review) -> PlayState:
    """``state`` with ``review`` owed, unless one of the same clause is already waiting (judged together)."""
    if any(r.law == review.law and not r.done for r in state.reviews):
        return state
    return replace(state, reviews=(*state.reviews, review))


def _over(state: PlayState) -> bool:
    return state.play.is_complete or (state.claim is not None and state.claim.settled)


def ask(state: PlayState) -> PlayState:
    """The next review as the Director's pending decision, once the play is over and nothing else waits."""
    if state.pending is not None or not _over(state):
        return state
    waiting = [r for r in state.reviews if not r.done]
    if not waiting:
        return state
    review = waiting[0]
    current = state.declarer_tricks
    assert current is not None  # play over, nothing pending: the result is known
    options: tuple[Option, ...]
    if review.law == DUMMY_INDICATED:  # Law 45F: an adjusted score only if suggested and damaging
        adjusted = (AdjustedTricks(n, review.law) for n in range(14) if n != current)
        options = (NoAdjustment(review.law), *adjusted)
    else:  # Law 67B3: the Director shall award an adjusted score
        options = tuple(AdjustedTricks(n, review.law) for n in range(14))
    question = f"{review.question} (declarer's side has {current} tricks as played)"
    return replace(state, pending=Decision(DIRECTOR, options, review.law, review.about, question))


def owns(decision: Decision | None) -> bool:
    """Whether ``decision`` is one of these reviews."""
    return decision is not None and decision.law in _LAWS


def on_elected(state: PlayState, event: Elected) -> PlayState:
    """The Director's judgement on the first review still open."""
    pending = state.pending
    if pending is None:
        raise ImpossibleActionError("no decision is pending")
    pending.check(event.actor, event.option)
    option = event.option
    reviews = list(state.reviews)
    for i, review in enumerate(reviews):
        if not review.done and review.law == pending.law:
            tricks = option.declarer_tricks if isinstance(option, AdjustedTricks) else None
            reviews[i] = replace(review, done=True, adjusted=tricks)
            break
    return replace(state, pending=None, reviews=tuple(reviews))


def closed(state: PlayState) -> PlayState:
    """The first open review done without a number of tricks: the Director answered it with an adjusted score
    (:class:`~tenace.laws.events.ScoreAdjusted`, Law 12C), which replaces the result."""
    pending = state.pending
    assert pending is not None and owns(pending)
    reviews = list(state.reviews)
    for i, review in enumerate(reviews):
        if not review.done and review.law == pending.law:
            reviews[i] = replace(review, done=True)
            break
    return replace(state, pending=None, reviews=tuple(reviews))


def adjusted_tricks(state: PlayState) -> int | None:
    """The tricks of the last review that assigned an adjusted result, if any (it replaces the result)."""
    for review in reversed(state.reviews):
        if review.adjusted is not None:
            return review.adjusted
    return None
