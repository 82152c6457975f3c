"""The table: an append-only record of events folded into the state the Laws give it.

``Table.apply(event)`` returns the next table or raises :class:`~tenace.errors.ImpossibleActionError` (the
table is unchanged). ``Table.replay(board, record)`` folds a whole record, so persistence needs nothing but
the record.

Events are time-free values; when each happened is kept beside the record: ``Table.apply(event, at=...)``
and ``Table.replay(board, record, times=...)`` fill :attr:`Table.times`, one aware UTC ``datetime`` (or
``None`` where unknown) per event. The tempo of the play (Law 73D) is measured from them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tenace.board import Board
from tenace.cards import Card, CardSet
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import (
    adjustments,
    auction_period,
    changes,
    claims,
    designation,
    misinformation,
    out_of_turn,
    penalty_cards,
    play_period,
    revokes,
    tricks,
    wrong_board,
)
from tenace.laws import information as ui
from tenace.laws._evolve import replace
from tenace.laws.auction_state import AuctionState, StandingCall
from tenace.laws.claims import Claim
from tenace.laws.decisions import (
    Constraint,
    Decision,
    Irregularity,
    Kind,
    PenaltyCard,
    Withdrawn,
    WithdrawnCard,
)
from tenace.laws.events import (
    AttentionDrawn,
    BidAboveSeven,
    BoardRedealt,
    CallChanged,
    CallMade,
    CardDeemedPlayed,
    CardExposed,
    CardPlayed,
    CardRetracted,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    ClaimWithdrawn,
    DefectiveTrickFound,
    DesignationChanged,
    DirectorCalled,
    DummyDesignation,
    DummyIndicated,
    DummyWarned,
    Elected,
    Event,
    ExplanationCorrected,
    ExplanationGiven,
    ExtraneousInformation,
    FifthCard,
    InspectionAllowed,
    Misinformation,
    MistakeFound,
    PlayOnAgreed,
    QuestionAsked,
    ReviewAsked,
    ScoreAdjusted,
    SimultaneousCalls,
    WrongPointing,
)
from tenace.laws.penalty_cards import Exposure
from tenace.laws.play_period import PlayState
from tenace.laws.refs import DIRECTOR, Actor, Director, LawRef, Policy, Regulations, actor_name
from tenace.laws.refs import Phase as Phase  # defined below with the values; still importable from here
from tenace.play import Play
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore
from tenace.scoring.points import score
from tenace.seats import SEATS, Seat, Side

_T = TypeVar("_T")
_UNKNOWN: Any = object()
"""Not worked out yet (in :attr:`Table._memo`)."""


@dataclass(frozen=True)  # no slots: a new table copies this one's dictionary (see tenace.laws._evolve)
class Table:
    """One board at one table under the Laws.

    >>> from tenace import Board, Deal, parse_call
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> t = Table.new(Board(1, deal))
    >>> t = t.apply(CallMade(Seat.NORTH, parse_call("1H"))).apply(CallMade(Seat.EAST, parse_call("1D")))
    >>> print(t.open_irregularity)
    insufficient bid (1D) by East (Law 27)
    >>> t = t.apply(DirectorCalled(Seat.SOUTH))
    >>> t.pending.actor, [str(o.law) for o in t.pending.options]
    (<Seat.SOUTH: 'S'>, ['Law 27A1', 'Law 27B'])
    """

    board: Board
    regulations: Regulations
    record: tuple[Event, ...]
    auction: AuctionState
    playing: PlayState | None = None
    """The play period's state, from the end of the auction (``None`` before, and when passed out)."""
    times: tuple[dt.datetime | None, ...] = ()
    """When each event of :attr:`record` happened (aware, UTC), ``None`` where unknown; parallel to the
    record."""
    information: misinformation.InfoState = misinformation.InfoState()
    """The questions, explanations, corrections and Law 75 findings so far (Laws 20F, 75); see
    :mod:`tenace.laws.misinformation`."""
    mishaps: wrong_board.Mishaps = wrong_board.NONE
    """Wrong card counts, restored hands, wrong boards and hands (Law 7B and Laws 13-15); see
    :mod:`tenace.laws.wrong_board`."""
    _memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """The derived properties asked for so far (:attr:`phase`, :attr:`pending`, :attr:`turn`,
    :attr:`constraints`): a table never changes, and every view asks for them."""

    @classmethod
    def new(cls, board: Board, regulations: Regulations | None = None) -> Table:
        """A table at the start of the auction period (Law 17A)."""
        if not isinstance(board.deal, Deal):
            raise ValueError(f"board {board.number} has no deal; a table needs the cards")
        regulations = regulations or Regulations()
        return cls(board, regulations, (), AuctionState.start(board.dealer, regulations.edition))

    @classmethod
    def replay(
        cls,
        board: Board,
        record: Iterable[Event],
        regulations: Regulations | None = None,
        times: Iterable[dt.datetime | None] | None = None,
    ) -> Table:
        """The table after every event of ``record``, in order; ``times`` (one per event, ``None`` where
        unknown) says when each happened.

        :raises ValueError: if ``times`` is not as long as ``record``.
        """
        events = tuple(record)
        stamps = tuple(times) if times is not None else (None,) * len(events)
        if len(stamps) != len(events):
            raise ValueError(f"times: {len(stamps)} times for {len(events)} events")
        table = cls.new(board, regulations)
        i, n = 0, len(events)
        while i < n:
            table, run = table.routine_run(events, i, stamps)  # the routine calls and cards, each run at once
            if run == i:
                table = table.apply(events[i], at=stamps[i])
                run += 1
            i = run
        return table

    @property
    def deal(self) -> Deal:
        """The board's deal, or the deal the Director restored (Laws 13, 14)."""
        if self.mishaps.deal is not None:
            return self.mishaps.deal
        assert self.board.deal is not None
        return self.board.deal

    # --- derived views of the state -------------------------------------------------------------------

    def _memoized(self, name: str, compute: Callable[[], _T]) -> _T:
        """``compute()``, worked out once per table (a table never changes) and kept in :attr:`_memo`."""
        memo = self._memo
        value = memo.get(name, _UNKNOWN)
        if value is _UNKNOWN:
            value = memo[name] = compute()
        return value  # type: ignore[no-any-return]

    @property
    def cut_short(self) -> bool:
        """Whether the Director ended the board unplayed with an adjusted score (Law 16D2(d),
        :func:`tenace.laws.adjustments.cut_short`)."""
        cut: bool | None = self._memo.get("cut_short")  # asked at every event: the memo read directly
        if cut is None:
            cut = self._memo["cut_short"] = adjustments.cut_short(self)
        return cut

    @property
    def phase(self) -> Phase:
        phase: Phase | None = self._memo.get("phase")  # asked at every event: the memo read directly
        if phase is None:
            phase = self._memo["phase"] = self._phase_now()
        return phase

    def _phase_now(self) -> Phase:
        if self.mishaps.cancelled is not None:  # Laws 13B2, 13D, 15A2(a), 15B1: an adjusted score instead
            return Phase.ENDED
        if self.cut_short:  # Law 16D2(d): an adjusted score instead of the play
            return Phase.ENDED
        if self.playing is None:
            auction = self.auction
            if auction.turn is not None or auction.open is not None or auction.pending is not None:
                return Phase.AUCTION
            return Phase.ENDED  # passed out (Law 22B)
        playing = self.playing
        if playing.ended:
            return Phase.ENDED
        if playing.claim is not None:
            return Phase.CLAIM
        # Law 17D1: the auction period ends only when the opening lead is faced
        return Phase.PLAY if playing.opening_lead_faced else Phase.CLARIFICATION

    @property
    def play(self) -> Play | None:
        """The cards played so far (``None`` before the auction ends)."""
        return self.playing.play if self.playing is not None else None

    @property
    def claim(self) -> Claim | None:
        return self.playing.claim if self.playing is not None else None

    @property
    def calls(self) -> tuple[StandingCall, ...]:
        """The calls that stand, in order."""
        return self.auction.calls

    @property
    def withdrawn(self) -> tuple[Withdrawn, ...]:
        """Withdrawn or cancelled calls (Law 16C information)."""
        return self.auction.withdrawn

    @property
    def withdrawn_cards(self) -> tuple[WithdrawnCard, ...]:
        """Cards seen and taken back into the hand (Law 16C information): while a revoke was corrected
        (Laws 62C, 62D2), and an opponent's card played over cards played together and taken back (58B3),
        which the offenders may not use."""
        playing = self.playing
        if playing is None:
            return ()
        taken_back = tuple(WithdrawnCard(seat, card, LawRef(58, "B3"), seat.side.opponents)
                           for seat, card in playing.out_of_turn.taken_back)
        return (*playing.revoke_ledger.withdrawn, *taken_back)

    def unauthorised(self, seat: Seat) -> tuple[Withdrawn, ...]:
        """The withdrawn calls whose information is unauthorised to ``seat`` (Law 16C2); the others are
        authorised to him (16C1)."""
        return changes.unauthorised(self.auction, seat)

    @property
    def explanations(self) -> tuple[changes.Explained, ...]:
        """The standing calls that were alerted or explained, with what was said (Law 20F)."""
        return changes.explanations(self.auction)

    @property
    def constraints(self) -> tuple[Constraint, ...]:
        return self._memoized("constraints", self._constraints_now)

    def _constraints_now(self) -> tuple[Constraint, ...]:
        """The constraints in force: the auction's, then penalty cards and lead rules (Laws 26B, 50-52)."""
        if self.playing is None:
            return self.auction.constraints
        return (
            *self.auction.constraints,
            *penalty_cards.constraints(self.playing),
            *out_of_turn.constraints(self.playing),  # Law 57A
            *revokes.constraints(self.playing),  # Law 62C2
        )

    def legal_cards(self) -> CardSet:
        """The cards the player on turn may lawfully play (Law 44, then the rules of Laws 26B and 50-52);
        empty outside the play."""
        if self.playing is None or self.phase not in (Phase.CLARIFICATION, Phase.PLAY):
            return CardSet()
        lawful = penalty_cards.lawful_cards(self.playing)
        lawful = out_of_turn.allowed_cards(self.playing, self.playing.play.turn, lawful)  # Laws 57A, 59
        return revokes.allowed_cards(self.playing, self.playing.play.turn, lawful)  # Law 62C2

    @property
    def irregularities(self) -> tuple[Irregularity, ...]:
        play = self.playing.irregularities + self.playing.revokes if self.playing is not None else ()
        return (*self.auction.irregularities, *play, *self.information.irregularities)

    @property
    def open_irregularity(self) -> Irregularity | None:
        """An irregular action nobody has drawn attention to yet."""
        if self.auction.above_seven is not None:
            return self.auction.above_seven.irregularity
        return self.auction.open[0] if self.auction.open is not None else None

    @property
    def pending(self) -> Decision | None:
        return self._memoized("pending", self._pending_now)

    def _pending_now(self) -> Decision | None:
        """The decision the table waits for, if any."""
        if self.mishaps is not wrong_board.NONE:
            mishap = wrong_board.pending(self)  # Laws 13-15: the Director's decisions come first
            if mishap is not None:
                return mishap
        if self.mishaps.cancelled is not None or self.cut_short:
            return None  # the result is cancelled or replaced: nothing else is left to decide
        if self.auction.pending is not None:
            return self.auction.pending
        return self.playing.pending if self.playing is not None else None

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction has ended (``None`` before, and when passed out)."""
        return self.playing.contract if self.playing is not None else None

    @property
    def turn(self) -> Actor | None:
        return self._memoized("turn", self._turn_now)

    def _turn_now(self) -> Actor | None:
        """Who acts next: the seat to call or play, the actor of a pending decision, or ``None`` at the
        end."""
        if self.pending is not None:
            return self.pending.actor
        if self.mishaps.restoring is not None:  # Laws 13, 14: the Director restores the hands
            return DIRECTOR
        phase = self.phase
        if phase is Phase.AUCTION:
            return self.auction.turn
        if phase is Phase.CLAIM:
            claim = self.claim
            assert claim is not None
            return claims.turn(claim)  # Laws 68D, 69A, 70
        if phase in (Phase.CLARIFICATION, Phase.PLAY):
            assert self.playing is not None
            return self.playing.play.turn
        return None

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks won by declarer's side at the end: from the play, or a settled claim (Laws 69, 70)."""
        return self.playing.declarer_tricks if self.playing is not None else None

    def score_ns(self) -> int | None:
        """North-South's Law 77 score once the board has ended (0 when passed out)."""
        if self.phase is not Phase.ENDED or self.mishaps.cancelled is not None or self.cut_short:
            return None
        contract = self.contract
        if contract is None:
            return 0
        tricks = self.declarer_tricks
        assert tricks is not None
        points = score(contract, tricks, vulnerable=self.board.vulnerability.is_vulnerable(contract.declarer))
        return points if contract.declarer.side is Side.NS else -points

    @property
    def adjustments_owed(self) -> tuple[adjustments.Owed, ...]:
        """The judgements the Director makes at the end of the play, each under its Law (16C3, 16D, 21B3, 23C,
        27D, 40B3(a), 43B3, 47E2(b), 50E4, 55C): see :mod:`tenace.laws.adjustments`."""
        return adjustments.owed(self)

    @property
    def adjusted_score(self) -> AssignedAdjustedScore | None:
        """The assigned adjusted score of the Director's ruling on unauthorised information, if he gave one
        (Laws 16B3, 12C1); see :mod:`tenace.laws.information`."""
        return ui.adjusted(self)

    def result_ns(self) -> int | AssignedAdjustedScore | ArtificialAdjustedScore | None:
        """The board's result for North-South: the last adjusted score the Director recorded
        (:class:`~tenace.laws.events.ScoreAdjusted`, Law 12C; :mod:`tenace.laws.adjustments`), else the one
        he assigned on unauthorised information (Laws 16B3, 12C1), the artificial adjusted score he awarded
        after a cancelled result (Laws 12C2, 13-15), otherwise :meth:`score_ns`."""
        director = adjustments.adjusted(self)  # Law 12C: the last adjusted score the Director recorded
        if director is not None:
            return director
        if self.mishaps.adjustment is not None:
            return self.mishaps.adjustment
        adjusted = self.adjusted_score
        return adjusted if adjusted is not None else self.score_ns()

    # --- applying events ---------------------------------------------------------------------------------

    def apply(self, event: Event, at: dt.datetime | None = None) -> Table:
        """The table after ``event``, which happened at ``at`` (an aware ``datetime``, kept in UTC in
        :attr:`times`; ``None`` when unknown).

        :raises ImpossibleActionError: naming the actor, the action and the state, if the event cannot happen
            now (the table itself is unchanged); :raises UnlawfulActionError: under the online policy, for an
            infraction the table prevents; :raises ValueError: for a naive ``at``.
        """
        kind = type(event)
        if kind is CardPlayed:  # the commonest events first: a routine card (see _routine_card)
            routine = self._routine_card(event, at)  # type: ignore[arg-type]
            if routine is not None:
                return routine
        elif kind is CallMade:  # and a routine call (see _routine_call)
            routine = self._routine_call(event, at)  # type: ignore[arg-type]
            if routine is not None:
                return routine
        new = self._apply(event, at)
        if "cut_short" not in new._memo:  # Law 16D2(d): carried from table to table, never searched for again
            new._memo["cut_short"] = self.cut_short or (
                type(event) is ScoreAdjusted and event.law == adjustments.AT_ONCE
            )
        return new

    def _routine_card(self, event: CardPlayed, at: dt.datetime | None) -> Table | None:
        """The table after a routine card, or ``None`` for any other: the play period is :attr:`quiet
        <tenace.laws.play_period.PlayState.quiet>`, nothing else waits (no wrong-board mishap, Laws 13-15; no
        adjusted score instead of the play, Law 16D2(d); no decision of the auction), no revoke stands in
        the play (Laws 61-64), and the card, not the last of the play, comes in turn and follows suit (Law
        44). Then :meth:`_apply` would only play it (:func:`tenace.laws.play_period._routine`) and find
        nothing to settle (penalty cards, revokes, the end of the play): the same table is built here at
        once, with what it is known to be (phase, decision, turn)."""
        playing = self.playing
        if playing is None or not self._routine():
            return None
        play = playing.play
        if event.seat is not play.turn or len(play.cards) >= 51 or event.card not in play.legal_cards():
            return None
        play = play._push(event.card, revoke=False)  # checked just above (Law 44), as Play.push checks it
        return self._routine_table((event,), (None if at is None else _utc(at),),
                                   {"playing": play_period.played(playing, play)},
                                   {"routine": True, "phase": Phase.PLAY, "turn": play.turn})

    def routine_run(
        self, events: Sequence[Event], start: int = 0, times: Sequence[dt.datetime | None] | None = None
    ) -> tuple[Table, int]:
        """The table after ``events[start:k]``, the longest run of routine cards (see :meth:`_routine_card`)
        or routine calls (:meth:`_routine_call`) there, and ``k`` (``start`` and this table when the first is
        neither). Exactly the table :meth:`apply` makes from them one at a time (each at its time in
        ``times``, parallel to ``events``, if given); built once for the run, as a replay of a known record
        can (:meth:`replay`, :func:`tenace.laws.pbn_export.table_from_record`)."""
        stop = len(events)
        if start >= stop:
            return self, start
        kind = type(events[start])
        if kind is CardPlayed:
            playing = self.playing
            if playing is None or not self._routine():
                return self, start
            cards = start + 1
            while cards < stop and type(events[cards]) is CardPlayed:
                cards += 1
            play, end = playing.play._push_run(events, start, cards)  # type: ignore[arg-type]
            if end == start:
                return self, start
            return self._routine_table(events[start:end], _stamps(times, start, end), {
                "playing": play_period.played(playing, play)}, {"routine": True, "phase": Phase.PLAY,
                                                                 "turn": play.turn}), end
        if kind is not CallMade or self.playing is not None or self.mishaps is not wrong_board.NONE or \
                self.cut_short:
            return self, start
        auction, end = auction_period.routine_calls(self.auction, events, start)
        if end == start:
            return self, start
        return self._routine_table(events[start:end], _stamps(times, start, end), {"auction": auction},
                                   {"phase": Phase.AUCTION, "turn": auction.turn}), end

    def _routine(self) -> bool:
        """Whether a card in turn that follows suit is routine here (:meth:`_routine_card`); in the memo."""
        memo = self._memo
        routine: bool | None = memo.get("routine")
        if routine is None:
            playing = self.playing
            routine = memo["routine"] = (
                playing is not None
                and self.mishaps is wrong_board.NONE
                and not self.cut_short
                and self.auction.pending is None
                and not playing.play.revokes
                and playing.quiet
            )
        return routine

    def _routine_table(self, events: Sequence[Event], stamps: tuple[dt.datetime | None, ...],
                       changes: dict[str, Any], memo: dict[str, Any]) -> Table:
        """This table with ``changes`` after the routine ``events`` (which happened at ``stamps``, in UTC):
        one copy of its dictionary (as ``replace()`` builds a table, :mod:`tenace.laws._evolve`), the record
        and the times extended, and the memo filled with what the new table is known to be (``memo``: nothing
        pending, not cut short)."""
        new: Table = object.__new__(Table)
        values = new.__dict__
        values.update(self.__dict__)
        values.update(changes)
        values["record"] = (*self.record, *events)
        times = self.times
        values["times"] = (*(times if len(times) == len(self.record) else self._times()), *stamps)
        values["_memo"] = {"cut_short": False, "pending": None, **memo}
        return new

    def _routine_call(self, event: CallMade, at: dt.datetime | None) -> Table | None:
        """The table after a routine call, or ``None`` for any other: the auction period is under way with
        nothing else waiting (no wrong-board mishap, Laws 13-15; no adjusted score instead of the play, Law
        16D2(d)), and the auction takes the call as it comes
        (:func:`tenace.laws.auction_period.routine_call`: in rotation, sufficient, nothing in progress, not
        the end of the auction). Then :meth:`_apply` would only add it to the auction, and Law 15A3 has
        nothing to look at: the same table is built here at once, with what it is known to be."""
        if self.playing is not None or self.mishaps is not wrong_board.NONE or self.cut_short:
            return None
        auction = auction_period.routine_call(self.auction, event)
        if auction is None:
            return None
        return self._routine_table((event,), (None if at is None else _utc(at),), {"auction": auction},
                                   {"phase": Phase.AUCTION, "turn": auction.turn})

    def _apply(self, event: Event, at: dt.datetime | None) -> Table:
        stamp = _utc(at)
        index = len(self.record)
        kind = type(event)
        try:
            if kind is not CardPlayed and kind is not CallMade:  # calls and cards are neither of these
                aside = self._aside(event, index)  # Laws 12C, 16B, 16D, 20F and 75: nothing else changes
                if aside is not None:
                    return self._recorded(aside, event, stamp)
            if (self.mishaps is not wrong_board.NONE or isinstance(event, wrong_board.EVENTS)) and \
                    wrong_board.handles(self, event):  # Law 7B and Laws 13-15
                new = replace(wrong_board.step(self, event, index), information=self.information)
                return self._recorded(new, event, stamp)
            before = self.playing
            if isinstance(event, CardPlayed) and before is not None:
                revokes.check_card(before, event)  # Law 62C2
            step = self._step(event, index, self.regulations.policy)
            base, auction, playing = self, self.auction, before
            if isinstance(step, PlayState):  # the play period's step: nothing else changes
                playing = step
            elif isinstance(step, tuple):  # the auction period's step, and the play period it may begin
                auction, playing = step
            else:  # a table rebuilt from part of its record (Laws 45C4(b), 45D1, 47C-47E)
                base, auction, playing = step, step.auction, step.playing
            if playing is not None and playing.penalties.active:  # Laws 26B, 50-52
                playing = penalty_cards.settle(playing)
            if playing is not None:  # Laws 62-64: revokes found, corrected, reviewed
                playing = revokes.settle(before, playing, _card_event(before, playing, event), index)
            # one new table per event, built once here
            new = replace(base, auction=auction, playing=playing, information=self.information,
                          record=(*self.record, event), times=(*self._times(), stamp))
            return wrong_board.after(self, new, event, index) if kind is CallMade else new  # Law 15A3
        except UnlawfulActionError:
            raise
        except ImpossibleActionError as exc:
            raise ImpossibleActionError(f"event {index + 1} ({describe(event)}): {exc}") from None

    def _aside(self, event: Event, index: int) -> Table | None:
        """The table after an event outside the course of the auction and the play (the record is the
        caller's), or ``None`` for any other event."""
        if isinstance(event, ScoreAdjusted):  # Law 12C: the result is replaced; nothing else changes
            adjustments.check(self, event, ended=self.phase is Phase.ENDED)
            playing = self.playing
            if playing is not None:  # it may answer his end-of-play review (45F, 64C, 67B3)
                playing = play_period.on_adjusted(playing)
            return replace(self, playing=playing)
        if isinstance(event, BoardRedealt):  # Law 16D2(b): the new deal is this table's board from now on
            adjustments.check_redeal(self, event)
            return replace(self, board=Board(self.board.number, event.deal, self.board.dealer,
                                             self.board.vulnerability))
        if isinstance(event, ExtraneousInformation):  # Law 16D1: on record; the board goes on
            if self.phase is Phase.ENDED:
                raise ImpossibleActionError("the board has ended: what a player learns now cannot affect "
                                            "it (Law 16D)")
            return self
        if isinstance(event, misinformation.MISINFORMATION_EVENTS):  # Laws 20F, 75: nothing else changes
            return replace(self, information=misinformation.on_event(self, event, index))
        if isinstance(event, ui.UI_EVENTS):  # Law 16B: the record is the state; nothing else changes
            ui.check(self, event)
            return self
        return None

    def _recorded(self, new: Table, event: Event, stamp: dt.datetime | None) -> Table:
        """``new``, the table after ``event`` (which happened at ``stamp``), with this table's record and the
        event."""
        return replace(new, record=(*self.record, event), times=(*self._times(), stamp))

    def _times(self) -> tuple[dt.datetime | None, ...]:
        """:attr:`times`, padded with ``None`` to the record's length."""
        missing = len(self.record) - len(self.times)
        return self.times + (None,) * missing if missing > 0 else self.times

    def _step(
        self, event: Event, index: int, policy: Policy
    ) -> Table | PlayState | tuple[AuctionState, PlayState | None]:
        """The table after ``event``; or only the new play-period state when nothing else changes; or the new
        auction with the play period's state that follows from it (:meth:`_after_auction`)."""
        playing = self.playing
        phase = self.phase
        if type(event) is CardPlayed and playing is not None and phase is not Phase.ENDED:
            return play_period.on_card(playing, event, index, policy)  # the commonest event first
        if playing is not None and phase is not Phase.ENDED:
            point = designation.rebuild_point(playing, event, self.record, policy)  # 45C4(b), 45D1, 47C-47E
            if point is not None:
                return self._rebuild(event, *point)
        if phase is Phase.ENDED:
            if playing is not None and claims.in_correction(playing, event):  # Laws 69B, 71 (79C)
                if isinstance(event, ClaimRuled):
                    return play_period.on_ruling(playing, event)
                return play_period.on_event(playing, event, index, policy)
            if playing is not None and isinstance(event, AttentionDrawn | DefectiveTrickFound):  # Laws 62-67
                return play_period.on_event(playing, event, index, policy)
            if playing is None and isinstance(event, CallChanged | Misinformation):
                # Laws 22B, 17D2, 25: after four passes a call may still be changed until the hands are back
                # in the board, which the record does not show: a change reopens the auction.
                return self._after_auction(auction_period.on_event(self.auction, event, index, policy))
            raise ImpossibleActionError("the board has ended")
        match event:
            case CallMade():
                if playing is not None and playing.opening_lead_faced:
                    raise ImpossibleActionError("the auction period is over (Law 17D)")
                return self._after_auction(auction_period.on_call(self.auction, event, index, policy))
            case DirectorCalled():
                if self.auction.open is not None or self.auction.above_seven is not None:
                    return auction_period.on_director(self.auction, event), playing
                if self.auction.unnoticed is not None and (playing is None or not playing.opening_lead_faced):
                    # Law 36A: an inadmissible double nobody noticed, found before the opening lead is faced;
                    # after it, the contract simply scores as if it had not been made (36C)
                    return self._after_auction(auction_period.on_director(self.auction, event))
                if playing is not None:
                    return play_period.on_director(playing, event)
                raise ImpossibleActionError("there is no irregularity for the Director to rectify")
            case Elected():
                if self.auction.pending is not None:
                    return self._after_auction(auction_period.on_elected(self.auction, event))
                if playing is not None:
                    return play_period.on_elected(playing, event, index, policy)
                raise ImpossibleActionError("no decision is pending")
            case CardExposed() if playing is None:  # Law 24; after the final pass, Laws 48-49
                penalty_cards.check_exposure(self.deal[event.seat], event)
                return self._after_auction(auction_period.on_event(self.auction, event, index, policy))
            case BidAboveSeven() if playing is None:  # Law 38
                return self._after_auction(auction_period.on_event(self.auction, event, index, policy))
            case BidAboveSeven():
                raise ImpossibleActionError("the auction has ended: a call now is one after the final pass "
                                            "(Law 39)")
            case CallChanged() | Misinformation() | SimultaneousCalls() if (
                playing is None or not playing.opening_lead_faced
            ):  # Laws 21B, 25, 33: until the end of the auction period (Law 17D)
                return self._after_auction(auction_period.on_event(self.auction, event, index, policy))
            case CallChanged() | Misinformation() | SimultaneousCalls():
                raise ImpossibleActionError("the auction period is over (Law 17D): no more changes of call")
        if playing is None:
            raise ImpossibleActionError("the auction has not ended")
        match event:  # a card was played above
            case ClaimMade():
                return play_period.on_claim(playing, event)
            case ClaimAnswered():
                return play_period.on_answer(playing, event)
            case ClaimRuled():
                return play_period.on_ruling(playing, event)
        return play_period.on_event(playing, event, index, policy)

    def _rebuild(self, event: Event, start: int, card: Card | None) -> Table:
        """The table as if the cards played from record index ``start`` on had not been (they go back to their
        hands), then, if ``card`` is given, dummy playing it on declarer's designation (Laws 45C4(b), 45D1,
        47C-47E). Replaying the whole record takes the same path, so the record stays all there is to save."""
        base = Table.replay(self.board, self.record[:start], self.regulations)
        before = base.playing
        assert before is not None and self.playing is not None
        if card is not None:
            dummy = before.contract.dummy
            base = base.apply(CardPlayed(dummy, card))
            assert base.playing is not None
            stays = None
            if isinstance(event, DirectorCalled) and self.playing.designation.last is not None:
                stays = designation.kept_after_45d1(self.playing.play, self.playing.designation.last.position,
                                                    before.contract.declarer)
            playing = designation.after_rebuild(base.playing, start, card, stays)
            if isinstance(event, DirectorCalled):  # Law 45D1: the wrong card is gone, the irregularity stays
                wrong = [i for i in self.playing.irregularities if i.kind is Kind.WRONG_CARD_FROM_DUMMY]
                kept = tuple(i for i in wrong if i not in playing.irregularities and i.index >= start)
                playing = replace(playing, irregularities=(*playing.irregularities, *kept))
            return replace(base, playing=playing)
        if isinstance(event, CardRetracted):  # Law 47E: exactly the retracted card is gone
            taken = len(self.playing.play.cards) - len(before.play.cards)
            waiting = before.out_of_turn.faced or before.out_of_turn.premature
            if taken > 1 or (taken == 0 and waiting is not None and waiting.seat is event.seat):
                raise ImpossibleActionError(f"{event.seat.name.title()}'s card cannot be retracted alone")
        return base

    def _after_auction(self, auction: AuctionState) -> tuple[AuctionState, PlayState | None]:
        """The new auction state, with the play period's: when the auction has just ended with a contract, the
        play period's state starts (Law 22A, 41A)."""
        playing = self.playing
        ended = auction.turn is None and auction.open is None and auction.pending is None
        if playing is not None and (not ended or playing.contract != auction.contract()):
            playing = None  # Laws 21B, 25A5: a change of call in the clarification period
        if ended and playing is None:
            contract = auction.contract()
            if contract is not None:
                playing = play_period.PlayState.start(self.deal, contract)
        if playing is not None and not playing.opening_lead_faced:  # Laws 24D, 24E, 26B
            playing = penalty_cards.from_auction(playing, auction)
        return auction, playing

    # --- what each participant may see --------------------------------------------------------------------

    def view(self, viewer: Seat | Director | None) -> TableView:
        """What ``viewer`` may see: a seat sees its own hand, dummy once the opening lead is faced (Law 41D)
        and every card played; the Director sees everything; a spectator (``None``) sees what any seat's
        opponents could, with no hand but dummy."""
        play = self.play
        faced = play is not None and bool(play.cards)
        contract = self.contract
        dummy = contract.dummy if contract is not None else None
        hands: dict[Seat, CardSet] = {}
        for seat in SEATS:
            held = play.hand(seat) if play is not None else self.deal[seat]
            if viewer is DIRECTOR or viewer is seat or (faced and seat is dummy):
                hands[seat] = held
        views = (
            tricks.trick_views(
                play, viewer, self.playing.inspections, ended=self.phase in (Phase.ENDED, Phase.CLAIM)
            )
            if play is not None and self.playing is not None else ()
        )
        return TableView(
            viewer=viewer,
            board=self.board.number,
            dealer=self.board.dealer,
            vulnerability=self.board.vulnerability.value,
            phase=self.phase,
            hands=hands,
            calls=self.calls,
            withdrawn=self.withdrawn,
            withdrawn_cards=self.withdrawn_cards,
            played=tuple(card for trick in views for card in trick.cards if card is not None),
            tricks=views,
            contract=contract,
            pending=self.pending,
            constraints=self.constraints,
            turn=self.turn,
            penalty_cards=self.playing.penalties.cards if self.playing is not None else (),
            exposed=self.auction.exposed if self.playing is None else (),
            faced={seat: play.hand(seat) for seat in claims.faced(self.playing)}
            if self.playing is not None and play is not None else {},
            said=misinformation.heard(self, viewer),  # Law 20F: online, not the caller's partner
            duties=misinformation.duties(self, viewer) if viewer is not None else (),  # 20F4, 20F5, 75B
            claim=self.claim,  # Laws 68-71: everyone at the table hears a claim or concession
        )


@dataclass(frozen=True, slots=True)
class TableView:
    """The part of a table one participant may see (never a card he may not)."""

    viewer: Seat | Director | None
    board: int
    dealer: Seat
    vulnerability: str
    phase: Phase
    hands: dict[Seat, CardSet]
    calls: tuple[StandingCall, ...]
    withdrawn: tuple[Withdrawn, ...]
    played: tuple[Card, ...]
    contract: Contract | None
    pending: Decision | None
    constraints: tuple[Constraint, ...]
    turn: Actor | None
    penalty_cards: tuple[PenaltyCard, ...] = ()
    """Penalty cards lie face up: everyone sees them (Laws 50A, 50E1)."""
    exposed: tuple[Exposure, ...] = ()
    """Cards exposed during the auction, face up until it ends (Law 24)."""
    faced: dict[Seat, CardSet] = field(default_factory=dict)
    """Remaining cards lying face up for everyone because of a claim (Laws 68C, 70B3)."""
    tricks: tuple[tricks.TrickView, ...] = ()
    """Every trick begun, with the cards of quitted tricks the viewer may no longer look at hidden (``None``)
    (Law 66); ``played`` lists the cards he may see, in order."""
    said: tuple[misinformation.Question | misinformation.Explanation | misinformation.Correction, ...] = ()
    """The questions, explanations and corrections the viewer heard (Law 20F, ``misinformation.heard``)."""
    duties: tuple[misinformation.Duty, ...] = ()
    """The corrections the viewer still owes, once the Director has found an explanation mistaken (Laws 20F4,
    20F5, 75B); the Director sees everyone's (:func:`misinformation.duties`, which can also use the cards)."""
    claim: Claim | None = None
    """The claim or concession on the table (Laws 68-71): everyone at the table hears it, so every viewer sees
    the same one (who claimed, the tricks claimed, the statement, and how the opponents answered). The
    claimer's cards it puts face up are in :attr:`faced` (Law 68C)."""
    withdrawn_cards: tuple[WithdrawnCard, ...] = ()
    """Cards seen and taken back into the hand (Law 16C): everyone saw them, so every viewer sees the list."""


def _stamps(
    times: Sequence[dt.datetime | None] | None, start: int, end: int
) -> tuple[dt.datetime | None, ...]:
    """The times of events ``start`` to ``end`` (in UTC), or ``None`` for each when ``times`` is not given."""
    if times is None:
        return (None,) * (end - start)
    return tuple(_utc(at) for at in times[start:end])


def _utc(at: dt.datetime | None) -> dt.datetime | None:
    if at is None:
        return None
    if not isinstance(at, dt.datetime):
        raise TypeError(f"at: expected a datetime, got {at!r}")
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"at: {at.isoformat()} has no time zone (give an aware datetime, e.g. in UTC)")
    return at.astimezone(dt.UTC)


def describe(event: Event) -> str:
    """One English line for ``event`` as the record shows it ("North calls 1NT")."""
    match event:
        case CallMade(seat=seat, call=call):
            return f"{seat.name.title()} calls {call}"
        case CardPlayed(seat=seat, card=card):
            return f"{seat.name.title()} plays {card}"
        case DirectorCalled(by=seat):
            return f"{seat.name.title()} calls the Director"
        case Elected(actor=actor, option=option):
            return f"{actor_name(actor)} elects {type(option).__name__} ({option.law})"
        case ClaimMade(seat=seat, tricks=tricks):
            return f"{seat.name.title()} claims {tricks}"
        case ClaimAnswered(seat=seat, agree=agree):
            return f"{seat.name.title()} {'agrees' if agree else 'objects'}"
        case ClaimRuled(tricks=tricks):
            return f"the Director awards {tricks}"
        case CallChanged(seat=seat, call=call):
            return f"{seat.name.title()} changes his call to {call}"
        case Misinformation(seat=seat):
            return f"the Director finds {seat.name.title()} misinformed"
        case SimultaneousCalls(first=first, second=second):
            return f"{describe(first)} and {describe(second)} at the same time"
        case ClaimWithdrawn(seat=seat):
            return f"{seat.name.title()} withdraws from the claim"
        case DummyDesignation(designation=words, by=seat):
            return f"{seat.name.title()} calls for {words!r} from dummy"
        case DesignationChanged(by=seat, card=card):
            return f"{seat.name.title()} changes dummy's card to {card}"
        case CardDeemedPlayed(seat=seat, card=card):
            return f"the Director finds {seat.name.title()}'s {card} played"
        case CardRetracted(seat=seat):
            return f"the Director lets {seat.name.title()} retract his card"
        case InspectionAllowed(seat=seat, trick=trick):
            return f"the Director lets {seat.name.title()} inspect trick {trick}"
        case DefectiveTrickFound(seat=seat, trick=trick):
            return f"the Director finds trick {trick} defective for {seat.name.title()}"
        case FifthCard(seat=seat, card=card):
            return f"{seat.name.title()} puts {card} on a trick he has played to"
        case ExtraneousInformation(seat=seat):
            return f"the Director learns that {seat.name.title()} received extraneous information"
        case BoardRedealt():
            return "the Director has the board redealt"
        case ScoreAdjusted(law=law):
            return f"the Director adjusts the score: {event.score} ({law})"
        case BidAboveSeven(seat=seat, bid=bid):
            return f"{seat.name.title()} bids {bid}"
        case DummyIndicated(by=seat):
            return f"{seat.name.title()} calls the Director: dummy indicated a card"
        case WrongPointing(by=seat, trick=trick):
            return f"{seat.name.title()} points out a card of trick {trick} turned the wrong way"
        case DummyWarned(seat=seat):
            return f"{seat.name.title()}, dummy, warns declarer about the hand to lead from"
        case PlayOnAgreed():
            return "all four agree to play on"
        case QuestionAsked(seat=seat):
            return f"{seat.name.title()} asks about the opponents' calls"
        case ReviewAsked(seat=seat):
            return f"{seat.name.title()} asks for the auction to be restated"
        case ExplanationGiven(by=seat, call_index=i):
            return f"{seat.name.title()} explains call {i}"
        case ExplanationCorrected(by=seat, call_index=i):
            return f"{seat.name.title()} corrects the explanation of call {i}"
        case MistakeFound(call_index=i, kind=kind):
            return f"the Director finds a {kind.value} at call {i}"
    if isinstance(event, wrong_board.EVENTS):
        return wrong_board.describe(event)
    return repr(event)


def _card_event(before: PlayState | None, after: PlayState, event: Event) -> Event:
    """For the revoke ledger: a card that joined the play on declarer's designation or a Director's finding
    (Laws 45C, 46) counts as that card played (Laws 61-64)."""
    if type(event) is CardPlayed:
        return event
    if (
        designation.adds_card(event)
        and before is not None
        and len(after.play.cards) == len(before.play.cards) + 1
    ):
        play = after.play
        trick = play.current_trick if play.current_trick.cards else play.tricks[-1]
        seat, card = list(trick)[-1]
        return CardPlayed(seat, card)
    return event
