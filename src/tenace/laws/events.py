"""Events: everything that can happen at a table, in the order it happened (the append-only record).

An event records an action, lawful or not; the engine decides what it means. A withdrawn call stays in the
record: it is still information (Law 16C).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from fractions import Fraction

from tenace.calls import Call
from tenace.cards import Card
from tenace.deal import Deal
from tenace.laws.decisions import Option
from tenace.laws.refs import DIRECTOR, Actor, LawRef
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, WeightedScore
from tenace.seats import Seat
from tenace.system.meaning import Meaning


@dataclass(frozen=True, slots=True)
class CallMade:
    """``seat`` makes ``call`` (Laws 17-20), with an alert and an explanation if any."""

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card played from ``seat``'s hand (dummy's cards are named by declarer but come from dummy's seat)."""

    seat: Seat
    card: Card

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class DirectorCalled:
    """Attention is drawn to an irregularity and the Director is summoned (Law 9A, 9B)."""

    by: Seat

    @property
    def actor(self) -> Actor:
        return self.by


@dataclass(frozen=True, slots=True)
class Elected:
    """``actor`` chooses ``option`` from the pending decision."""

    actor: Actor
    option: Option


@dataclass(frozen=True, slots=True)
class ClaimMade:
    """``seat`` claims ``tricks`` of the tricks still to be played for his side, conceding the rest (Law 68A,
    68B), with a statement of his line of play (Law 68C). When declarer faces his cards during the play (not
    after an opening lead out of turn) and the Director deems it a claim (Law 48B2), he records it as this
    event by declarer."""

    seat: Seat
    tricks: int
    statement: str = ""

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class ClaimAnswered:
    """An opponent of the claimer agrees with the claim or objects to it (Laws 69A, 70)."""

    seat: Seat
    agree: bool

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class ClaimRuled:
    """The Director's ruling on a contested claim: the tricks of the remaining ones awarded to the claimer's
    side (Law 70)."""

    tricks: int

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class CallChanged:
    """``seat`` replaces his last call with ``call`` (Law 25): ``unintended`` says he claims a slip of the
    tongue or mechanical error (25A), otherwise it is an intended change (25B). Whether the first call was
    unintended is a Director judgement, given as an election when it matters."""

    seat: Seat
    call: Call
    unintended: bool = True

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class CardExposed:
    """A card of ``seat``'s hand exposed other than by being played: dropped, shown, named, or led
    prematurely during the auction (Laws 24, 48, 49, 50)."""

    seat: Seat
    card: Card
    deliberate: bool = False
    """Exposed on purpose (e.g. named or shown), rather than by accident (Law 50: major or minor)."""
    led: bool = False
    """Led prematurely: during the auction (Law 24B), or faced as a lead before declarer stated his options
    (Law 50D2)."""

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class DummyDesignation:
    """Declarer names a card for dummy to play (Law 45B): a whole card (``"SQ"``), or incompletely or
    invalidly: ``"high"``, ``"low"``, ``"win"``, a rank only, a suit only, ``"anything"``, a card dummy does
    not hold (Law 46B). :mod:`tenace.laws.designation` resolves it to a card or asks who the Laws say for
    one."""

    designation: str
    by: Seat
    intended: Card | None = None
    """The Director finds declarer's different intention incontrovertible: this card is played (Law 46B)."""
    placed: Card | None = None
    """Dummy placed this card in the played position rather than the one declarer named (Law 45D)."""

    @property
    def actor(self) -> Actor:
        return self.by


@dataclass(frozen=True, slots=True)
class DesignationChanged:
    """Declarer corrects the designation of dummy's last card to ``card``, before he next plays from either
    hand (Law 45C4(b)); the Director judges whether the first designation was a slip of the tongue."""

    by: Seat
    card: Card

    @property
    def actor(self) -> Actor:
        return self.by


class Deemed(enum.Enum):
    """How a card came to be deemed played other than by being faced in turn (Law 45C)."""

    SEEN_BY_PARTNER = "held by a defender so that his partner could see its face"  # Law 45C1
    HELD_FACE_UP = "held face up by declarer, touching or nearly touching the table"  # Law 45C2
    TOUCHED_IN_DUMMY = "deliberately touched in dummy by declarer"  # Law 45C3
    NAMED = "named by the player as the card he plays"  # Law 45C4(a)


@dataclass(frozen=True, slots=True)
class CardDeemedPlayed:
    """The Director finds that ``card`` of ``seat``'s hand is played because of ``how`` it was held, touched
    or named (Law 45C1-C4(a)); the engine then treats it as :class:`CardPlayed`."""

    seat: Seat
    card: Card
    how: Deemed

    @property
    def actor(self) -> Actor:
        return DIRECTOR


class Retraction(enum.Enum):
    """Why the Director lets a played card be taken back without rectification (Law 47E)."""

    TOLD_IT_WAS_HIS_TURN = "an opponent told him wrongly that it was his turn"  # Law 47E1
    MISTAKEN_EXPLANATION = "a mistaken explanation by an opponent"  # Law 47E2(a)


@dataclass(frozen=True, slots=True)
class CardRetracted:
    """The Director lets ``seat`` take back his last card led or played, because of ``why`` (Law 47E); what
    it showed is authorised to his side and unauthorised to the opponents who misinformed him (Law 16C)."""

    seat: Seat
    why: Retraction
    before_dummy: bool = False
    """The opening lead only: the Director finds that dummy had not yet faced any card, so it may still be
    retracted after a mistaken explanation (Law 47E2(a)). The engine cannot see the spreading of dummy at a
    table; online, dummy's hand is faced with the lead and this is refused."""

    @property
    def actor(self) -> Actor:
        return DIRECTOR


_ABOVE_SEVEN = re.compile(r"(?:[89]|[1-9][0-9])(?:C|D|H|S|NT|N)")


@dataclass(frozen=True, slots=True)
class BidAboveSeven:
    """``seat`` bids more than seven (``bid`` as said: ``"8C"``, ``"9NT"``), which no bid can be (Law 38):
    cancelled with any calls made over it when the Director is called (38B), a pass substituted and the
    offending side silenced for the rest of the auction (38C), with the Law 26B lead restrictions unless the
    offender's LHO called over it first (38D). No contract above seven is ever played (38A).

    >>> BidAboveSeven(Seat.NORTH, "8nt").bid
    '8NT'
    """

    seat: Seat
    bid: str

    def __post_init__(self) -> None:
        text = self.bid.strip().upper()
        if not _ABOVE_SEVEN.fullmatch(text):
            raise ValueError(f"a bid above seven is a level from 8 and a denomination, got {self.bid!r}")
        object.__setattr__(self, "bid", text)

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class FifthCard:
    """``seat`` puts ``card`` on the trick just completed, to which he has already played, while its cards are
    still on the table: a fifth card to the trick (Law 45E). Whether it was led to the next trick is the
    Director's judgement, asked for at once (:mod:`tenace.laws.designation`)."""

    seat: Seat
    card: Card

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class DummyIndicated:
    """``by`` summons the Director because dummy touched or indicated a card (``card``, when one) without
    declarer's instruction, not to arrange his cards (Law 45F). Play continues; the Director rules at the end
    of the play whether dummy suggested a play that damaged the defenders."""

    by: Seat
    card: Card | None = None

    @property
    def actor(self) -> Actor:
        return self.by


@dataclass(frozen=True, slots=True)
class WrongPointing:
    """``by`` draws attention to ``owner``'s card of quitted trick number ``trick`` (1-13), turned so that it
    points to the side that did not win the trick (Law 65B3). In time until ``by``'s side leads or plays to
    the following trick; later it is information subject to Law 16B."""

    by: Seat
    owner: Seat
    trick: int

    @property
    def actor(self) -> Actor:
        return self.by


@dataclass(frozen=True, slots=True)
class InspectionAllowed:
    """At the Director's instruction ``seat`` may look at quitted trick number ``trick`` (1-13) during the
    play, e.g. to check a claimed revoke (Law 66C); the permission lasts until the next card is played."""

    seat: Seat
    trick: int

    @property
    def actor(self) -> Actor:
        return DIRECTOR


class Late(enum.Enum):
    """How late attention was first drawn to a revoke, when that matters (Laws 62D1, 64B4, 64B5)."""

    HANDS_RETURNED = "after the hands were returned to the board"
    NEXT_DEAL = "after a player of the non-offending side called on the next deal"
    ROUND_ENDED = "after the round ended"


@dataclass(frozen=True, slots=True)
class AttentionDrawn:
    """``by`` draws attention to a possible revoke by ``offender`` on trick number ``trick`` (1-13) (Laws 61,
    62, 63); ``late`` says when, if only after the hands went back to the board."""

    by: Seat
    offender: Seat
    trick: int
    late: Late | None = None
    dummy_violated: bool = False
    """Dummy draws attention after breaking a limitation of Law 43A2 (the Director's finding). To declarer's
    revoke: declarer corrects it, and Law 64 applies as if it had been established (Law 43B2(b)). To a
    defender's revoke, during the play: no rectification, play goes on as if there were no revoke, and the
    Director judges at the end whether the defenders gained by it (Law 43B3)."""

    @property
    def actor(self) -> Actor:
        return self.by


@dataclass(frozen=True, slots=True)
class DummyWarned:
    """Dummy warns declarer not to lead from the wrong hand. Dummy may try to prevent an irregularity (Law
    42B2) and nothing follows, unless the Director finds that dummy had broken a limitation of Law 43A2
    (``violated``): then a defender chooses the hand declarer leads from (Law 43B2(a))."""

    seat: Seat
    violated: bool = False

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class ClaimWithdrawn:
    """The claimer withdraws his claim, or an opponent his agreement to it (Laws 68C, 69B)."""

    seat: Seat

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class PlayOnAgreed:
    """All four players agree to play on after a claim or concession (Law 68D2(b))."""

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class Misinformation:
    """The Director judges that ``seat``'s last call could well have been influenced by misinformation from
    an opponent (Law 21B1(a)); ``seat`` may then change it with :class:`CallChanged`."""

    seat: Seat

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class SimultaneousCalls:
    """Two calls made at the same moment, one of them by the player whose turn it was: that one comes
    first and the other is deemed subsequent (Law 33), whatever the order given here."""

    first: CallMade
    second: CallMade

    @property
    def actor(self) -> Actor:
        return self.first.seat


@dataclass(frozen=True, slots=True)
class SimultaneousPlays:
    """Two cards led or played at the same moment by two players: the one whose turn it was comes first and
    the other is deemed played after it (Law 58A), whatever the order given here."""

    first: CardPlayed
    second: CardPlayed

    @property
    def actor(self) -> Actor:
        return self.first.seat


@dataclass(frozen=True, slots=True)
class SimultaneousCards:
    """``seat`` leads or plays ``cards`` (two or more) at once, of which the faces of ``visible`` can be seen
    (Law 58B)."""

    seat: Seat
    cards: tuple[Card, ...]
    visible: tuple[Card, ...]

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class LeadFaceDown:
    """``seat`` makes the opening lead face down (Law 41A); the same seat's :class:`CardPlayed` of that card
    faces it (Law 41C). Until then the clarification period goes on (Law 41B)."""

    seat: Seat
    card: Card

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class DefectiveTrickFound:
    """The Director finds that ``seat`` played no card to trick number ``trick`` (1-13), or more than one
    (``omitted=False``), once a player of each side has played to the next trick or after play (Law 67B).

    Two cards played together and not noticed until both sides had played to the next trick are found this
    way too (Law 58B4 sends them to Law 67).

    The engine's record has one card from every player on every trick, so this finding says the record was
    wrong about that trick: the offender puts a card among his played cards without changing who won it, and
    after an omission he is deemed to have revoked there (67B1, one trick transferred as in Law 64A2)."""

    seat: Seat
    trick: int
    omitted: bool = True
    misplaced: bool = False
    """Law 67B3: the offender did play a card to the trick (the record's), but it was not put among his
    quitted cards; the Director places it there. No revoke is deemed and ownership does not change."""
    played_again: int | None = None
    """Law 67B3: the trick number to which the same card was later played again, when it is too late to
    correct that illegal play: the Director awards an adjusted score at the end of the play."""

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class QuestionAsked:
    """``seat`` asks for an explanation of the opponents' auction, or of their call at ``about`` (a position
    in the standing auction, 0 being the dealer's first call) (Laws 20F1, 20F2; a single call, Law 20F3).
    Only at one's own turn to call or play: a question at another time is recorded as an irregularity
    (:mod:`tenace.laws.misinformation`)."""

    seat: Seat
    about: int | None = None

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class ReviewAsked:
    """``seat`` requires every previous call to be restated, with its alerts (Laws 20B, 20C2, 41B): in the
    auction at his own turn unless he must pass; before the opening lead is faced, presumed declarer and
    either defender (not presumed dummy); then declarer or a defender at his first turn to play, until he
    plays a card. An opponent answers (Law 20D). At any other time the request is refused."""

    seat: Seat

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class ExplanationGiven:
    """``by`` explains the call at ``call_index`` of the standing auction (Law 20F1, 20F2): the caller's
    partner at a table, the caller himself where the regulations have players explain their own calls
    (online). ``meaning`` is the explanation in the system card's structured form, if the interface has one.
    """

    by: Seat
    call_index: int
    text: str
    meaning: Meaning | None = None

    @property
    def actor(self) -> Actor:
        return self.by


@dataclass(frozen=True, slots=True)
class ExplanationCorrected:
    """``by`` corrects the explanation of the call at ``call_index`` (or a missing alert), saying ``text``
    (Laws 20F4, 20F5, 75B2, 75B3); whether it came at the right time is judged by
    :mod:`tenace.laws.misinformation`."""

    by: Seat
    call_index: int
    text: str

    @property
    def actor(self) -> Actor:
        return self.by


class Mistake(enum.Enum):
    """The Director's determination about an explanation that does not match the hand (Law 75)."""

    EXPLANATION = "mistaken explanation"  # Law 75B: an infraction, misinformation (Law 21)
    CALL = "mistaken call"  # Law 75C: no infraction, the result stands
    NO_AGREEMENT = "no partnership agreement"  # Law 75D2: the explanation described no real agreement


@dataclass(frozen=True, slots=True)
class MistakeFound:
    """The Director determines whether the explanation of the call at ``call_index`` was mistaken or the call
    was (Law 75); the engine gives him the evidence and never decides it."""

    call_index: int
    kind: Mistake

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class CardsCounted:
    """``seat`` counts the cards of his hand face down before his first call and finds ``count`` (Law 7B2).
    Thirteen is the normal case; another count is a Law 13 or Law 14 matter
    (:mod:`tenace.laws.wrong_board`)."""

    seat: Seat
    count: int

    @property
    def actor(self) -> Actor:
        return self.seat


@dataclass(frozen=True, slots=True)
class WrongCardCount:
    """The Director finds that ``seat``'s hand holds ``count`` cards, not 13, and, when known, that ``other``
    holds the opposite surplus or shortage (Laws 13, 14). More than 13 somewhere is a Law 13 case; hands short
    with none long a Law 14 case."""

    seat: Seat
    count: int
    other: Seat | None = None

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class SurplusCardFound:
    """A card that is not part of the deal (a 53rd card, e.g. from another pack) is found in ``seat``'s hand
    and removed; ``played`` says it had been played to a quitted trick (Law 13C)."""

    seat: Seat
    card: Card
    played: bool = False

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class HandRestored:
    """The Director restores the hands to ``deal`` after a wrong card count: the missing card put back or the
    deal reconstructed with another pack (Law 14A, 14B), the surplus card given to the hand that lacked it
    (Law 13A1, 13B1). The restored hands are deemed to have held their cards throughout (Laws 14A3, 14B4):
    the engine replays the record with them."""

    deal: Deal

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class WrongHandCall:
    """The Director finds that ``seat`` called holding the cards of another board (Law 15A1)."""

    seat: Seat

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class CancelledCallElsewhere:
    """On this board ``seat`` had called ``call`` at another table, holding this board's cards by mistake, and
    that call was cancelled there (Law 15A3): his first call here is compared with it."""

    seat: Seat
    call: Call

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class WrongBoardDiscovered:
    """The Director discovers, after the auction period began, that this board is not the one these
    contestants were to play in this round (Law 15B); ``played_before``: a player at the table had already
    played it (15B1), so it is cancelled for both sides."""

    played_before: bool = False

    @property
    def actor(self) -> Actor:
        return DIRECTOR


class UIReason(enum.Enum):
    """How unauthorised information may have been made available to a player by his partner (Law 16B1(a))."""

    HESITATION = "a hesitation or break in tempo"  # Law 73D1
    SPEED = "unwonted speed"  # Law 16B1(a)
    REMARK = "a remark, question or reply"  # Laws 16B1(a), 73B1
    ALERT = "an alert, failure to alert or explanation"  # Laws 16B1(a), 20F
    MANNERISM = "a mannerism, gesture or emphasis"  # Law 73A2, 73C


@dataclass(frozen=True, slots=True)
class UIReserved:
    """``by`` says that ``about``, an opponent, made extraneous information available to his partner
    (``reason``) and reserves the right to call the Director later, or calls him (Laws 16B2, 16B3). ``index``
    is the record index of the call or card that carried it (by default ``about``'s last one)."""

    by: Seat
    about: Seat
    reason: UIReason = UIReason.HESITATION
    index: int | None = None

    @property
    def actor(self) -> Actor:
        return self.by


@dataclass(frozen=True, slots=True)
class PollAnswer:
    """One peer's answer in a poll (Law 16B1(b)): the call he would make and the others he would seriously
    consider."""

    call: Call
    considered: tuple[Call, ...] = ()
    peer: str = ""


@dataclass(frozen=True, slots=True)
class PollRecorded:
    """The Director records a poll of the player's peers, given his hand and the authorised auction, about
    the decision in question (Law 16B1(b))."""

    responses: tuple[PollAnswer, ...]
    case: int | None = None
    """The record index of the reservation (:class:`UIReserved`) this is about; needed only while more than
    one case is open (by default, the one open case)."""

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class LogicalAlternatives:
    """The logical alternatives the Director finds to the action in question (Law 16B1(b)); none means the
    player had no choice the information could have steered."""

    calls: tuple[Call, ...] = ()
    cards: tuple[Card, ...] = ()
    case: int | None = None
    """The record index of the reservation (:class:`UIReserved`) this is about; needed only while more than
    one case is open (by default, the one open case)."""

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class Suggested:
    """The Director's finding whether the action chosen could demonstrably have been suggested by the
    unauthorised information over the logical alternatives ``over`` (Law 16B1(a))."""

    yes: bool
    over: tuple[Call, ...] = ()
    case: int | None = None
    """The record index of the reservation (:class:`UIReserved`) this is about; needed only while more than
    one case is open (by default, the one open case)."""

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class ScoreShare:
    """One result of an assigned adjusted score, as North-South's score, with its weight
    ``numerator/denominator`` (Law 12C1(c)): ``ScoreShare(620, 2, 3)``."""

    score: int
    numerator: int = 1
    denominator: int = 1

    def __post_init__(self) -> None:
        if self.numerator <= 0 or self.denominator <= 0:
            raise ValueError(f"a weight is positive, got {self.numerator}/{self.denominator}")

    @property
    def weight(self) -> Fraction:
        return Fraction(self.numerator, self.denominator)


def _assigned(ns: tuple[ScoreShare, ...], ew: tuple[ScoreShare, ...]) -> AssignedAdjustedScore:
    """The assigned adjusted score of two sides' weighted shares (raises ``ValueError`` unless each side's
    weights add up to 1, Law 12C1(c))."""
    return AssignedAdjustedScore(
        WeightedScore(tuple((s.score, s.weight) for s in ns)),
        WeightedScore(tuple((s.score, s.weight) for s in ew)),
    )


def _shares(score: WeightedScore) -> tuple[ScoreShare, ...]:
    return tuple(ScoreShare(points, w.numerator, w.denominator) for points, w in score.components)


@dataclass(frozen=True, slots=True)
class UIRuling:
    """The Director's ruling on unauthorised information (Laws 16B3, 12C1): the score obtained stands (no
    ``ns``/``ew``), or an assigned adjusted score replaces it: ``ns`` for North-South and ``ew`` for East-West
    (the same for a balancing adjustment), each a weighted list of North-South scores. :meth:`assigned` makes
    one from a :class:`~tenace.scoring.adjusted.AssignedAdjustedScore`.

    >>> from tenace.scoring.adjusted import AssignedAdjustedScore, WeightedScore
    >>> weighted = WeightedScore.of((-140, "2/3"), (50, "1/3"))
    >>> ruling = UIRuling.assigned(AssignedAdjustedScore.balancing(weighted))
    >>> ruling.ns
    (ScoreShare(score=50, numerator=1, denominator=3), ScoreShare(score=-140, numerator=2, denominator=3))
    >>> str(ruling.adjusted), UIRuling().adjusted
    ('assigned 50 (1/3), -140 (2/3)', None)
    """

    ns: tuple[ScoreShare, ...] = ()
    ew: tuple[ScoreShare, ...] = ()
    note: str = ""
    case: int | None = None
    """The record index of the reservation (:class:`UIReserved`) this is about; needed only while more than
    one case is open (by default, the one open case)."""

    def __post_init__(self) -> None:
        if bool(self.ns) != bool(self.ew):
            raise ValueError("an assigned adjusted score gives a score to both sides (ns and ew)")
        if self.ns:
            _ = self.adjusted  # the weights must add up to 1 (Law 12C1(c))

    @classmethod
    def assigned(cls, score: AssignedAdjustedScore, note: str = "", case: int | None = None) -> UIRuling:
        return cls(_shares(score.ns), _shares(score.ew), note, case)

    @property
    def adjusted(self) -> AssignedAdjustedScore | None:
        """The assigned adjusted score, or ``None`` when the score stands."""
        if not self.ns:
            return None
        return _assigned(self.ns, self.ew)

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class ExtraneousInformation:
    """The Director learns that ``seat`` accidentally received information about this board from outside
    its auction and play: a look at another player's hand, a remark or a result overheard, cards seen at
    another table (Law 16D1). The board goes on and the Director may adjust the score once it has been played
    (16D2(c), 16D3), or he ends it at once with an adjusted score (:class:`ScoreAdjusted` under Law 16D2(d)).
    ``what`` says what was learnt."""

    seat: Seat
    what: str = ""

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class BoardRedealt:
    """The Director, judging that extraneous information received before any call would likely interfere with
    normal play, has the board redealt for these contestants (Law 16D2(b)): ``deal`` replaces the board's
    deal at this table and the auction starts afresh. What was learnt about the old deal no longer matters
    (no adjustment under 16D2(c) is owed for it)."""

    deal: Deal

    @property
    def actor(self) -> Actor:
        return DIRECTOR


@dataclass(frozen=True, slots=True)
class ScoreAdjusted:
    """The Director's adjusted score for the board under ``law`` (Law 12C), recorded once the play is over
    (or in answer to his end-of-play review of Laws 45F, 64C and 67B3). Either an assigned adjusted score
    (``ns`` and ``ew``: each side's weighted list of North-South scores, the same for a balancing score,
    different for a non-balancing one, Law 12C1(b), (c)) or an artificial adjusted score (``artificial``: a
    code such as ``"A6040"``, Law 12C2; the Director's choice when the possible outcomes are too many,
    Law 12C1(d)). The score replaces the result obtained at the table (Law 12C1(a)). How much damage to
    redress, and what advantage to take away (Law 12B1), is the Director's judgement, recorded here.

    >>> from tenace.scoring.adjusted import AssignedAdjustedScore, WeightedScore
    >>> score = AssignedAdjustedScore.of(WeightedScore.of((620, "2/3"), (-100, "1/3")), -100)
    >>> adjusted = ScoreAdjusted.assigned(LawRef(27, "D"), score)
    >>> str(adjusted.score), adjusted.score.is_balancing
    ('assigned NS 620 (2/3), -100 (1/3), EW -100 (1)', False)
    >>> str(ScoreAdjusted(LawRef(12, "C2(a)"), artificial="A6040").score)
    'A6040'
    """

    law: LawRef
    ns: tuple[ScoreShare, ...] = ()
    ew: tuple[ScoreShare, ...] = ()
    artificial: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if bool(self.ns) != bool(self.ew):
            raise ValueError("an assigned adjusted score gives a score to both sides, ns and ew (Law 12C1)")
        if bool(self.ns) == bool(self.artificial):
            raise ValueError("an adjusted score is either assigned (ns and ew, Law 12C1) or artificial "
                             "(a code such as A6040, Law 12C2), not both or neither")
        _ = self.score  # weights adding up to 1 (12C1(c)); an artificial score of 0 to 100 % (12C2)

    @classmethod
    def assigned(cls, law: LawRef, score: AssignedAdjustedScore, note: str = "") -> ScoreAdjusted:
        return cls(law, _shares(score.ns), _shares(score.ew), note=note)

    @property
    def score(self) -> AssignedAdjustedScore | ArtificialAdjustedScore:
        """The adjusted score this records (raises ``ValueError`` if it is not one Law 12C allows)."""
        if self.artificial:
            return ArtificialAdjustedScore.from_code(self.artificial)
        return _assigned(self.ns, self.ew)

    @property
    def actor(self) -> Actor:
        return DIRECTOR


Event = (
    CallMade | CardPlayed | DirectorCalled | Elected | ClaimMade | ClaimAnswered | ClaimRuled | CallChanged
    | CardExposed | DummyDesignation | AttentionDrawn | DummyWarned | ClaimWithdrawn | PlayOnAgreed
    | Misinformation | SimultaneousCalls
    | SimultaneousPlays | SimultaneousCards | LeadFaceDown
    | DesignationChanged | CardDeemedPlayed | CardRetracted | InspectionAllowed | DefectiveTrickFound
    | FifthCard | DummyIndicated | WrongPointing | BidAboveSeven
    | QuestionAsked | ReviewAsked | ExplanationGiven | ExplanationCorrected | MistakeFound
    | CardsCounted | WrongCardCount | SurplusCardFound | HandRestored | WrongHandCall | CancelledCallElsewhere
    | WrongBoardDiscovered
    | UIReserved | PollRecorded | LogicalAlternatives | Suggested | UIRuling | ScoreAdjusted
    | ExtraneousInformation | BoardRedealt
)
