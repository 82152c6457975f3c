"""The auction: lawful calls, its end, the final contract and declarer (Laws 17-22)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from tenace.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble, parse_call
from tenace.contract import Contract, Doubling
from tenace.errors import IllegalCallError, ImpossibleActionError
from tenace.seats import Seat


class _Summary(NamedTuple):
    last_bid: Bid | None
    last_bidder: Seat | None
    doubling: Doubling
    doubler: Seat | None  # who made the double or redouble now in force


@dataclass(frozen=True, slots=True)
class Auction:
    """A lawful auction: the dealer and the calls made so far, in rotation from the dealer (Law 17A).

    The core auction only ever holds lawful calls; irregular ones (insufficient bids, calls out of
    rotation, inadmissible doubles) belong to the Laws engine, which records them as irregularities.

    >>> a = Auction.from_str("N", "1H 2C X P 2S P 4S P P P")
    >>> a.is_complete, str(a.contract())
    (True, '4SN')
    >>> Auction.from_str("E", "P P P P").contract() is None
    True
    """

    dealer: Seat
    calls: tuple[Call, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.dealer, str):
            object.__setattr__(self, "dealer", Seat.from_str(self.dealer))
        elif not isinstance(self.dealer, Seat):
            raise TypeError(f"dealer must be a Seat, got {self.dealer!r}")
        calls = tuple(self.calls)  # a tuple keeps the value hashable when given a list
        object.__setattr__(self, "calls", ())
        if calls:  # check every call: an Auction only ever holds a lawful auction
            object.__setattr__(self, "calls", Auction(self.dealer).extend(calls).calls)

    @classmethod
    def _unchecked(cls, dealer: Seat, calls: tuple[Call, ...]) -> Auction:
        auction = object.__new__(cls)
        object.__setattr__(auction, "dealer", dealer)
        object.__setattr__(auction, "calls", calls)
        return auction

    def __bool__(self) -> bool:
        """An auction is always truthy, even before the first call."""
        return True

    @classmethod
    def from_str(cls, dealer: Seat | str, text: str) -> Auction:
        """Build an auction from whitespace-separated calls.

        :raises NotationError: on a call that cannot be parsed; :raises IllegalCallError: on an
            unlawful one, naming it and its position.
        """
        seat = dealer if isinstance(dealer, Seat) else Seat.from_str(dealer)
        return cls(seat).extend(parse_call(t) for t in text.split())

    def extend(self, calls: Iterable[Call]) -> Auction:
        auction = self
        for call in calls:
            auction = auction.push(call)
        return auction

    @property
    def turn(self) -> Seat:
        """The seat whose turn it is to call (Law 17B, C)."""
        return self.dealer.rotate(len(self.calls))

    def seat_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (0 is the dealer's first call)."""
        return self.dealer.rotate(index)

    def __iter__(self) -> Iterator[tuple[Seat, Call]]:
        for i, call in enumerate(self.calls):
            yield self.dealer.rotate(i), call

    def __len__(self) -> int:
        return len(self.calls)

    def _summary(self) -> _Summary:
        # Walking back to the last bid: a double or redouble before it was superseded by it (Law 19C); one
        # after it, with no bid following, stays on the contract (Law 19D).
        doubling = Doubling.UNDOUBLED
        doubler: Seat | None = None
        for i in range(len(self.calls) - 1, -1, -1):
            call = self.calls[i]
            if isinstance(call, Bid):
                return _Summary(call, self.dealer.rotate(i), doubling, doubler)
            if isinstance(call, Redouble) and doubling is Doubling.UNDOUBLED:
                doubling, doubler = Doubling.REDOUBLED, self.dealer.rotate(i)
            elif isinstance(call, Double) and doubling is Doubling.UNDOUBLED:
                doubling, doubler = Doubling.DOUBLED, self.dealer.rotate(i)
        return _Summary(None, None, Doubling.UNDOUBLED, None)

    @property
    def is_complete(self) -> bool:
        """Whether the auction has ended: four passes at the start, or three passes in rotation after
        any bid (Law 22)."""
        n = len(self.calls)
        if n < 4:
            return False
        return all(isinstance(c, Pass) for c in self.calls[-3:])

    @property
    def is_passed_out(self) -> bool:
        """All four players passed (Law 22B): the board is scored zero to both sides (Law 77)."""
        return len(self.calls) == 4 and all(isinstance(c, Pass) for c in self.calls)

    @property
    def last_bid(self) -> Bid | None:
        return self._summary().last_bid

    def is_legal(self, call: Call) -> bool:
        """Whether ``call`` is lawful now: the auction has not ended, a bid is sufficient (Law 18),
        a double is of an opponent's last bid and a redouble of an opponent's double, with only passes
        since (Law 19)."""
        if self.is_complete:
            return False
        me = self.turn
        summary = self._summary()
        match call:
            case Pass():
                return True
            case Bid():  # Law 18C: sufficient when it supersedes the last bid (or there is none)
                return summary.last_bid is None or call > summary.last_bid
            case Double():  # Law 19A1: only an opponent's last bid, not already doubled
                return (summary.last_bidder is not None and summary.last_bidder.side is not me.side
                        and summary.doubling is Doubling.UNDOUBLED)
            case Redouble():  # Law 19B1: only a double of one's own side's last bid
                return (summary.last_bidder is not None and summary.last_bidder.side is me.side
                        and summary.doubling is Doubling.DOUBLED)
        raise TypeError(f"not a call: {call!r}")

    def legal_calls(self) -> list[Call]:
        """Every lawful call now, pass first, then double or redouble, then bids in rank order."""
        if self.is_complete:
            return []
        me = self.turn
        summary = self._summary()
        calls: list[Call] = [PASS]
        if summary.last_bidder is not None and summary.last_bidder.side is not me.side:
            if summary.doubling is Doubling.UNDOUBLED:
                calls.append(DOUBLE)
        elif summary.last_bidder is not None and summary.doubling is Doubling.DOUBLED:
            calls.append(REDOUBLE)
        start = 0 if summary.last_bid is None else summary.last_bid.index + 1
        calls.extend(ALL_BIDS[start:])
        return calls

    def push(self, call: Call) -> Auction:
        """The auction after ``call`` by the player whose turn it is.

        :raises IllegalCallError: if the call is not lawful (see :meth:`is_legal`).
        """
        if not self.is_legal(call):
            if self.is_complete:
                raise IllegalCallError(f"the auction {self} has ended; no call {call} can follow")
            raise IllegalCallError(
                f"call {call} by {self.turn.name.title()} is not lawful after {str(self) or 'the start'} "
                f"(call {len(self.calls) + 1}; Laws 18-19)"
            )
        return Auction._unchecked(self.dealer, (*self.calls, call))

    def contract(self) -> Contract | None:
        """The final contract (Law 22), or ``None`` if the board was passed out.

        :raises ImpossibleActionError: if the auction has not ended.
        """
        if not self.is_complete:
            raise ImpossibleActionError(f"the auction {self} has not ended")
        summary = self._summary()
        if summary.last_bid is None or summary.last_bidder is None:
            return None
        return Contract(summary.last_bid.level, summary.last_bid.denomination,
                        self.declarer_for(summary.last_bidder, summary.last_bid), summary.doubling)

    def declarer_for(self, bidder: Seat, bid: Bid) -> Seat:
        """Declarer: the first player of the contracting side to bid the final denomination (Definitions;
        Law 22)."""
        side = bidder.side
        for seat, call in self:
            if isinstance(call, Bid) and call.denomination is bid.denomination and seat.side is side:
                return seat
        raise ValueError(f"{bid} by {bidder} is not in the auction {self}")

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    def __repr__(self) -> str:
        return f"Auction.from_str({self.dealer.value!r}, {str(self)!r})"
