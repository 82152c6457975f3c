"""Irregularities, the options the Laws offer after one, pending decisions and the constraints in force."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tenace.calls import Call
from tenace.cards import Card, Suit
from tenace.errors import ImpossibleActionError
from tenace.laws.refs import Actor, LawRef, actor_name
from tenace.scoring.adjusted import Award
from tenace.seats import Seat, Side


class Kind(enum.Enum):
    """The kinds of irregularity the engine recognises (Laws 24-39 and 45-67)."""

    INSUFFICIENT_BID = "insufficient bid"
    CALL_OUT_OF_ROTATION = "call out of rotation"
    INADMISSIBLE_DOUBLE = "inadmissible double or redouble"
    CALL_WHILE_REQUIRED_TO_PASS = "call by a player required to pass"
    CALL_AFTER_FINAL_PASS = "call after the final pass"
    BID_ABOVE_SEVEN = "bid of more than seven"  # Law 38
    REVOKE = "revoke"
    LEAD_OUT_OF_TURN = "lead out of turn"
    PREMATURE_PLAY = "premature lead or play"
    SIMULTANEOUS_CARDS = "two or more cards played at once"
    CHANGE_OF_CALL = "change of call"
    CARD_EXPOSED = "card exposed"
    PENALTY_CARD_NOT_PLAYED = "penalty card not played"
    LEAD_RESTRICTION_BROKEN = "lead contrary to a lead requirement or prohibition"
    WRONG_CARD_FROM_DUMMY = "dummy played a card declarer did not name"
    QUESTION_OUT_OF_TURN = "question asked not at the asker's own turn"  # Law 20F1, 20F2
    MISTAKEN_EXPLANATION = "mistaken explanation"  # Law 75B1, 75D2 (the Director's finding)
    EARLY_CORRECTION = "partner's explanation corrected too early"  # Laws 20F5, 75B3
    LATE_CORRECTION = "mistaken explanation corrected too late"  # Laws 20F4, 20F5(b), 75B
    FIFTH_CARD = "fifth card contributed to a trick"  # Law 45E
    DUMMY_INDICATED = "dummy touched or indicated a card without declarer's instruction"  # Law 45F
    DUMMY_WARNED = "dummy warned declarer about the hand to lead from after breaking Law 43A2"  # Law 43B2(a)


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An infraction of Law: what, who, and where in the record."""

    kind: Kind
    offender: Seat
    law: LawRef
    index: int
    """Position of the offending event in the table's record."""
    call: Call | None = None

    def __str__(self) -> str:
        what = f" ({self.call})" if self.call is not None else ""
        return f"{self.kind.value}{what} by {self.offender.name.title()} ({self.law})"


# --- options: what an actor may elect -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the irregular call or play, which then stands as if lawful."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class Reject:
    """Do not accept it: the Laws' rectification follows."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class Comparable:
    """The Director's judgement whether a replacement call is comparable (Law 23A): it has the same or a
    similar meaning as the withdrawn call (Law 23A1), defines a subset of its meanings (Law 23A2) or has the
    same purpose (Law 23A3). The engine does not judge meanings; it records his finding. ``yes`` means no
    further rectification; ``no`` means the rectification for a non-comparable call."""

    yes: bool
    law: LawRef


@dataclass(frozen=True, slots=True)
class RequireLead:
    """Declarer requires the leader to lead ``suit`` (Laws 50D2(a), 51B1(a), 51B2(a))."""

    suit: Suit
    law: LawRef


@dataclass(frozen=True, slots=True)
class ForbidLead:
    """Declarer forbids the leader to lead ``suits`` for as long as he keeps the lead (Laws 26B, 50D2(a),
    51B1(b), 51B2(b))."""

    suits: tuple[Suit, ...]
    law: LawRef


@dataclass(frozen=True, slots=True)
class FreeLead:
    """Declarer neither requires nor forbids a lead (Laws 26B, 50D2(b), 51B2(c))."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class LeadFrom:
    """A defender chooses the hand, declarer's or dummy's, from which declarer leads (Law 43B2(a))."""

    seat: Seat
    law: LawRef


@dataclass(frozen=True, slots=True)
class DesignateCard:
    """Declarer names which of a defender's penalty cards he plays now (Laws 50D1(a), 51A)."""

    card: Card
    law: LawRef


@dataclass(frozen=True, slots=True)
class Unintended:
    """The Director's judgement whether a changed call was unintended, a slip of the tongue or a mechanical
    error (Law 25A2): ``yes`` allows the change (25A1); ``no`` makes it an intended change (25B)."""

    yes: bool
    law: LawRef


@dataclass(frozen=True, slots=True)
class DeemedLed:
    """The Director's judgement whether a fifth card contributed to a trick was led to the next one (Law 45E):
    ``yes`` makes it a lead (in turn, or out of turn under Laws 53-56); ``no`` leaves it a fifth card (45E1: a
    defender's becomes a penalty card; 45E2: declarer's goes back to his hand). A defender's single card
    below honour rank contributed by accident (``deliberate=False``) is a minor penalty card, otherwise a
    major one (Law 50B)."""

    yes: bool
    law: LawRef
    deliberate: bool = True


@dataclass(frozen=True, slots=True)
class KeepCall:
    """The offender's LHO keeps the call he made over a call that was then changed (Laws 25A6, 21B2)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class WithdrawCall:
    """The offender's LHO takes back the call he made over a call that was then changed, and calls again
    (Laws 25A6, 21B2)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class SpreadHand:
    """After a faced opening lead out of turn, declarer spreads his hand and becomes dummy (Law 54A)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class RequireHighest:
    """The premature player's partner must play his highest card of the suit led (Law 57A1)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class RequireLowest:
    """The premature player's partner must play his lowest card of the suit led (Law 57A2)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class RequireSuit:
    """The premature player's partner must play a card of ``suit``, not the suit led (Law 57A3)."""

    suit: Suit
    law: LawRef


@dataclass(frozen=True, slots=True)
class ForbidSuit:
    """The premature player's partner may not play a card of ``suit``, not the suit led (Law 57A4)."""

    suit: Suit
    law: LawRef


@dataclass(frozen=True, slots=True)
class NoAdjustment:
    """The Director judges that the Laws' own rectification compensates the non-offending side: the result
    stands (e.g. the trick transfer after a revoke, Law 64C1)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class AdjustedTricks:
    """The Director assigns ``declarer_tricks`` to declarer's side as an adjusted result (Laws 12C1, 64C)."""

    declarer_tricks: int
    law: LawRef


@dataclass(frozen=True, slots=True)
class RestoreHands:
    """The Director corrects the hands (the card found put back, the surplus card moved, or another pack used)
    and the board goes on; a :class:`~tenace.laws.events.HandRestored` event gives the hands (Laws 13A, 13B1,
    14A, 14B2, 14B3)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class CardAmongPlayed:
    """The missing card is among the played cards: the defective trick Law applies (Laws 14B1, 67)."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class AwardAdjusted:
    """The result at the table is cancelled and the Director awards an adjusted score instead (Law 12; e.g.
    Laws 13B2, 13D, 15A2(a))."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class ArtificialScores:
    """The artificial adjusted score the Director awards each side by its responsibility (Law 12C2(a)):
    ``ns`` and ``ew`` are :class:`~tenace.scoring.adjusted.Award` codes ``"A+"``, ``"A="``, ``"A-"``."""

    ns: Award
    ew: Award
    law: LawRef


@dataclass(frozen=True, slots=True)
class AssignedScore:
    """The Director assigns a score as the probable outcome without the irregularity (Law 12C1), entered with
    the result rather than at the table."""

    law: LawRef


@dataclass(frozen=True, slots=True)
class Differs:
    """The Director's judgement whether the offender's call on the board whose cards he drew by mistake
    differs from his cancelled call (much different meaning, or a psychic: Law 15A3)."""

    yes: bool
    law: LawRef


@dataclass(frozen=True, slots=True)
class CorrectBoardLater:
    """Whether the Director requires the two pairs to play the board they should have played against one
    another later (Law 15B2)."""

    yes: bool
    law: LawRef


Option = (
    Accept | Reject | Comparable | Unintended | KeepCall | WithdrawCall
    | RequireLead | ForbidLead | FreeLead | LeadFrom | DesignateCard
    | SpreadHand | RequireHighest | RequireLowest | RequireSuit | ForbidSuit
    | NoAdjustment | AdjustedTricks
    | RestoreHands | CardAmongPlayed | AwardAdjusted | ArtificialScores | AssignedScore | Differs
    | CorrectBoardLater | DeemedLed
)


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the Laws give to one actor; the only events accepted next are that actor's elections of one of
    ``options``."""

    actor: Actor
    options: tuple[Option, ...]
    law: LawRef
    about: Irregularity | None = None
    explanation: str = ""

    def check(self, actor: Actor, option: Option) -> None:
        """:raises ImpossibleActionError: unless ``actor`` is the one to decide and ``option`` was offered."""
        if actor != self.actor:
            raise ImpossibleActionError(
                f"the decision ({self.law}) is {actor_name(self.actor)}'s, not {actor_name(actor)}'s"
            )
        if option not in self.options:
            offered = ", ".join(repr(o) for o in self.options)
            raise ImpossibleActionError(f"{option!r} was not offered; the options are {offered}")


# --- constraints -------------------------------------------------------------------------------------


class Duration(enum.Enum):
    NEXT_TURN = "at his next turn"
    REST_OF_AUCTION = "for the rest of the auction"


@dataclass(frozen=True, slots=True)
class MustPass:
    """``seat`` must pass at his next turn or whenever it is his turn (e.g. Laws 27B2, 30A, 31A2(b))."""

    seat: Seat
    duration: Duration
    law: LawRef

    def __str__(self) -> str:
        return f"{self.seat.name.title()} must pass {self.duration.value} ({self.law})"


@dataclass(frozen=True, slots=True)
class NoDoubleNow:
    """``seat`` may bid or pass at his next turn, but not double or redouble (Law 30B2(b) (2007): the partner
    of a player who passed out of rotation at his turn)."""

    seat: Seat
    law: LawRef

    def __str__(self) -> str:
        return f"{self.seat.name.title()} may not double or redouble at his next turn ({self.law})"


@dataclass(frozen=True, slots=True)
class MustRepeat:
    """The offender must repeat his cancelled call at his turn (Laws 31A1, 32A1)."""

    seat: Seat
    call: Call
    law: LawRef
    specifies: tuple[Suit, ...] | None = None
    """Law 29C: the cancelled call was artificial; a call of the same kind specifying these suits repeats it
    as well as the same call does (see :func:`tenace.laws.changes.repeats`)."""


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """Declarer may forbid ``seat`` (the offender's partner) to lead one suit the offender did not name in
    the lawful auction, at his first turn to lead (Law 26B).

    Under the 2007 edition (``law`` labelled 2007, Law 26 (2007) applies) ``withdrawn`` holds the suits the
    withdrawn call
    named: declarer may require or forbid one of those the offender did not name in the lawful auction (26A2),
    or nothing when he named them all (26A1); with no suit named he may forbid any one suit (26B)."""

    seat: Seat
    offender: Seat
    law: LawRef
    withdrawn: tuple[Suit, ...] = ()


class _Information:
    """What a withdrawn call or card showed, and who may use it (Law 16C): the non-offending side may, the
    offending side may not (16C1, 16C2). The offending side is ``seat``'s own unless ``offenders`` names the
    other."""

    __slots__ = ()
    seat: Seat
    offenders: Side | None

    @property
    def offending_side(self) -> Side:
        return self.offenders if self.offenders is not None else self.seat.side

    def unauthorised_to(self, seat: Seat) -> bool:
        """Whether the information is unauthorised to ``seat``: it is for both members of the offending
        side, and authorised to the other side (Law 16C1, 16C2)."""
        return seat.side is self.offending_side


@dataclass(frozen=True, slots=True)
class Withdrawn(_Information):
    """A withdrawn or cancelled call: authorised information for ``seat``'s opponents (Law 16A1(b)),
    unauthorised for his partner (Law 16C)."""

    seat: Seat
    call: Call
    law: LawRef
    offenders: Side | None = None
    """The offending side for Law 16C when it is not ``seat``'s own (e.g. the call LHO withdraws under Law
    25A6, or a call changed after misinformation, Law 21B)."""


@dataclass(frozen=True, slots=True)
class WithdrawnCard(_Information):
    """A card taken back into the hand after it was seen: information authorised to the non-offending side
    and unauthorised to the offending side (Law 16C). Cards changed or withdrawn while a revoke was
    corrected (Laws 62C, 62D2), and an opponent's card played over cards played together and taken back
    (58B3, where ``seat`` is not the offender)."""

    seat: Seat
    card: Card
    law: LawRef
    offenders: Side | None = None
    """The offending side when it is not ``seat``'s own (58B3)."""


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's exposed card left face up on the table (Laws 49, 50A): ``major`` or minor (Law 50B)."""

    seat: Seat
    card: Card
    major: bool
    law: LawRef

    def __str__(self) -> str:
        kind = "major" if self.major else "minor"
        return f"{self.card} is a {kind} penalty card of {self.seat.name.title()} ({self.law})"


@dataclass(frozen=True, slots=True)
class MustLead:
    """``seat`` must lead ``suit`` at this turn to lead, if he can (Laws 50D2(a), 51B, 59)."""

    seat: Seat
    suit: Suit
    law: LawRef


@dataclass(frozen=True, slots=True)
class MayNotLead:
    """``seat`` may not lead ``suits`` for as long as he keeps the lead (Laws 26B, 50D2(a), 51B)."""

    seat: Seat
    suits: tuple[Suit, ...]
    law: LawRef


@dataclass(frozen=True, slots=True)
class MustPlay:
    """``seat`` must play ``card`` at this turn: a penalty card declarer designated (Law 51A), or the one he
    failed to play (Law 52B2)."""

    seat: Seat
    card: Card
    law: LawRef


@dataclass(frozen=True, slots=True)
class PlayRequirement:
    """``seat`` must play to the current trick as declarer chose after his partner's premature lead or play,
    if he can (Law 57A; when he cannot, any lawful card, Laws 57B, 59)."""

    seat: Seat
    rule: RequireHighest | RequireLowest | RequireSuit | ForbidSuit
    law: LawRef

    def __str__(self) -> str:
        match self.rule:
            case RequireHighest():
                what = "his highest card of the suit led"
            case RequireLowest():
                what = "his lowest card of the suit led"
            case RequireSuit(suit=suit):
                what = f"a {suit.name.lower().rstrip('s')}"
            case ForbidSuit(suit=suit):
                what = f"no {suit.name.lower().rstrip('s')}"
        return f"{self.seat.name.title()} must play {what} to this trick ({self.law})"


Constraint = (
    MustPass | NoDoubleNow | MustRepeat | LeadRestriction | PenaltyCard | MustLead | MayNotLead | MustPlay
    | PlayRequirement
)
