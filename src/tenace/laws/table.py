"""The table: an append-only record of events folded into the state the Laws give it.

``Table.apply(event)`` returns the next table or raises :class:`~tenace.errors.ImpossibleActionError` (the
table is unchanged). ``Table.replay(board, record)`` folds a whole record, so persistence needs nothing but
the record.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace

from tenace.board import Board
from tenace.cards import Card, CardSet
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import auction_period
from tenace.laws.auction_period import AuctionState, StandingCall
from tenace.laws.decisions import Constraint, Decision, Irregularity, Kind, Withdrawn
from tenace.laws.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    DirectorCalled,
    Elected,
    Event,
)
from tenace.laws.refs import DIRECTOR, Actor, Director, LawRef, Policy, Regulations, actor_name
from tenace.play import Play
from tenace.scoring.points import score
from tenace.seats import SEATS, Seat, Side


class Phase(enum.Enum):
    """The periods of a board (Law 17, 41, 68): the phase names follow the Laws."""

    AUCTION = "auction period"
    CLARIFICATION = "clarification period"
    """After the final pass, until the opening lead is faced (Law 17D, 41)."""
    PLAY = "play period"
    CLAIM = "claim"
    """Play has stopped for a claim or concession (Law 68D)."""
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession in progress or settled (Laws 68-71)."""

    seat: Seat
    tricks: int
    """Of the tricks still to play, how many the claimer's side claims."""
    statement: str
    agreed_by: frozenset[Seat] = frozenset()
    objected: bool = False
    ruled: int | None = None


@dataclass(frozen=True, slots=True)
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
    play: Play | None = None
    claim: Claim | None = None
    revokes: tuple[Irregularity, ...] = ()

    @classmethod
    def new(cls, board: Board, regulations: Regulations | None = None) -> Table:
        """A table at the start of the auction period (Law 17A)."""
        if not isinstance(board.deal, Deal):
            raise ValueError(f"board {board.number} has no deal; a table needs the cards")
        return cls(board, regulations or Regulations(), (), AuctionState.start(board.dealer))

    @classmethod
    def replay(cls, board: Board, record: Iterable[Event], regulations: Regulations | None = None) -> Table:
        """The table after every event of ``record``, in order."""
        table = cls.new(board, regulations)
        for event in record:
            table = table.apply(event)
        return table

    @property
    def deal(self) -> Deal:
        assert self.board.deal is not None
        return self.board.deal

    # --- derived views of the state -------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.claim is not None:
            settled = self.claim.ruled is not None or len(self.claim.agreed_by) == 2
            return Phase.ENDED if settled else Phase.CLAIM
        if self.auction.turn is not None or self.auction.open is not None or self.auction.pending is not None:
            return Phase.AUCTION
        if self.auction.contract() is None:
            return Phase.ENDED  # passed out (Law 22B)
        if self.play is None or not self.play.cards:
            return Phase.CLARIFICATION
        return Phase.ENDED if self.play.is_complete else Phase.PLAY

    @property
    def calls(self) -> tuple[StandingCall, ...]:
        """The calls that stand, in order."""
        return self.auction.calls

    @property
    def withdrawn(self) -> tuple[Withdrawn, ...]:
        """Withdrawn or cancelled calls (Law 16C information)."""
        return self.auction.withdrawn

    @property
    def constraints(self) -> tuple[Constraint, ...]:
        return self.auction.constraints

    @property
    def irregularities(self) -> tuple[Irregularity, ...]:
        return (*self.auction.irregularities, *self.revokes)

    @property
    def open_irregularity(self) -> Irregularity | None:
        """An irregular action nobody has drawn attention to yet."""
        return self.auction.open[0] if self.auction.open is not None else None

    @property
    def pending(self) -> Decision | None:
        """The decision the table waits for, if any."""
        return self.auction.pending

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction has ended (``None`` before, and when passed out)."""
        if self.phase is Phase.AUCTION:
            return None
        return self.auction.contract()

    @property
    def turn(self) -> Actor | None:
        """Who acts next: the seat to call or play, the actor of a pending decision, or ``None`` at the
        end."""
        if self.pending is not None:
            return self.pending.actor
        phase = self.phase
        if phase is Phase.AUCTION:
            return self.auction.turn
        if phase is Phase.CLAIM:
            return DIRECTOR if self.claim is not None and self.claim.objected else None
        if phase in (Phase.CLARIFICATION, Phase.PLAY):
            return self._play().turn
        return None

    def _play(self) -> Play:
        if self.play is not None:
            return self.play
        contract = self.auction.contract()
        assert contract is not None
        return Play.for_contract(self.deal, contract)

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks won by declarer's side at the end: from the play, or a settled claim (Laws 69, 70)."""
        if self.phase is not Phase.ENDED or self.contract is None:
            return None
        play = self._play()
        tricks = play.declarer_tricks
        if self.claim is not None:
            remaining = 13 - len(play.winners)
            claimed = self.claim.ruled if self.claim.ruled is not None else self.claim.tricks
            mine = self.claim.seat.side is play.declarer.side
            tricks += claimed if mine else remaining - claimed
        return tricks

    def score_ns(self) -> int | None:
        """North-South's Law 77 score once the board has ended (0 when passed out)."""
        if self.phase is not Phase.ENDED:
            return None
        contract = self.contract
        if contract is None:
            return 0
        tricks = self.declarer_tricks
        assert tricks is not None
        points = score(contract, tricks, vulnerable=self.board.vulnerability.is_vulnerable(contract.declarer))
        return points if contract.declarer.side is Side.NS else -points

    # --- applying events ---------------------------------------------------------------------------------

    def apply(self, event: Event) -> Table:
        """The table after ``event``.

        :raises ImpossibleActionError: naming the actor, the action and the state, if the event cannot happen
            now (the table itself is unchanged); :raises UnlawfulActionError: under the online policy, for an
            infraction the table prevents.
        """
        index = len(self.record)
        policy = self.regulations.policy
        try:
            new = self._step(event, index, policy)
        except UnlawfulActionError:
            raise
        except ImpossibleActionError as exc:
            raise ImpossibleActionError(f"event {index + 1} ({_describe(event)}): {exc}") from None
        return replace(new, record=(*self.record, event))

    def _step(self, event: Event, index: int, policy: Policy) -> Table:
        phase = self.phase
        if phase is Phase.ENDED:
            raise ImpossibleActionError("the board has ended")
        match event:
            case CallMade():
                if phase not in (Phase.AUCTION, Phase.CLARIFICATION):
                    raise ImpossibleActionError("the auction period is over (Law 17D)")
                return replace(self, auction=auction_period.on_call(self.auction, event, index, policy))
            case DirectorCalled():
                if self.auction.open is not None:
                    return replace(self, auction=auction_period.on_director(self.auction, event))
                raise ImpossibleActionError("there is no irregularity for the Director to rectify")
            case Elected():
                if self.auction.pending is not None:
                    return replace(self, auction=auction_period.on_elected(self.auction, event))
                raise ImpossibleActionError("no decision is pending")
            case CardPlayed():
                return self._on_card(event, index, policy)
            case ClaimMade():
                return self._on_claim(event)
            case ClaimAnswered():
                return self._on_answer(event)
            case ClaimRuled():
                return self._on_ruling(event)
        raise TypeError(f"not an event: {event!r}")

    def _on_card(self, event: CardPlayed, index: int, policy: Policy) -> Table:
        phase = self.phase
        if phase not in (Phase.CLARIFICATION, Phase.PLAY):
            raise ImpossibleActionError(f"no card can be played in the {phase.value}")
        play = self._play()
        if event.seat is not play.turn:
            # Laws 53-57 (leads and plays out of turn) are not handled yet: refuse them plainly.
            raise UnlawfulActionError(
                f"it is {play.turn.name.title()}'s turn to play, not {event.seat.name.title()}'s "
                "(Laws 53-57 rectification is not implemented yet)",
                None,
            )
        if event.card not in play.hand(event.seat):
            raise ImpossibleActionError(f"{event.card} is not in {event.seat.name.title()}'s hand")
        if event.card in play.legal_cards():
            return replace(self, play=play.push(event.card))
        revoke = Irregularity(Kind.REVOKE, event.seat, LawRef(61), index)
        if policy is Policy.ONLINE:
            raise UnlawfulActionError(
                f"{event.seat.name.title()} must follow suit (Law 44C): {event.card} would be a revoke",
                revoke,
            )
        # A revoke is recorded as it stands; rectification (Laws 62-64) comes once attention is drawn to it.
        return replace(self, play=play.push_unchecked(event.card), revokes=(*self.revokes, revoke))

    def _on_claim(self, event: ClaimMade) -> Table:
        if self.phase not in (Phase.CLARIFICATION, Phase.PLAY):
            raise ImpossibleActionError("a claim is made during the play (Law 68)")
        play = self._play()
        remaining = 13 - len(play.winners)  # the trick in progress counts as one still to play
        if not 0 <= event.tricks <= remaining:
            raise ImpossibleActionError(f"{event.tricks} tricks claimed, but only {remaining} remain")
        if event.seat is play.declarer.partner:
            raise ImpossibleActionError("dummy does not claim or concede (Laws 42, 68)")
        return replace(self, play=play, claim=Claim(event.seat, event.tricks, event.statement))

    def _on_answer(self, event: ClaimAnswered) -> Table:
        claim = self.claim
        if claim is None or self.phase is not Phase.CLAIM:
            raise ImpossibleActionError("there is no claim to answer")
        if event.seat.side is claim.seat.side:
            raise ImpossibleActionError("only the claimer's opponents agree or object (Law 69A)")
        if claim.objected:
            raise ImpossibleActionError("the claim is contested; the Director rules (Law 70)")
        if not event.agree:
            return replace(self, claim=replace(claim, objected=True))
        return replace(self, claim=replace(claim, agreed_by=claim.agreed_by | {event.seat}))

    def _on_ruling(self, event: ClaimRuled) -> Table:
        claim = self.claim
        if claim is None or not claim.objected:
            raise ImpossibleActionError("the Director rules only on a contested claim (Law 70)")
        play = self._play()
        remaining = 13 - len(play.winners)
        if not 0 <= event.tricks <= remaining:
            raise ImpossibleActionError(f"{event.tricks} tricks awarded, but only {remaining} remain")
        return replace(self, claim=replace(claim, ruled=event.tricks))

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
        return TableView(
            viewer=viewer,
            board=self.board.number,
            dealer=self.board.dealer,
            vulnerability=self.board.vulnerability.value,
            phase=self.phase,
            hands=hands,
            calls=self.calls,
            withdrawn=self.withdrawn,
            played=play.cards if play is not None else (),
            contract=contract,
            pending=self.pending,
            constraints=self.constraints,
            turn=self.turn,
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


def _describe(event: Event) -> str:
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
    return repr(event)
