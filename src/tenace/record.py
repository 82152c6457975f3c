"""A record of one deal as played at one table: what PBN, LIN and JSON files hold.

Readers fill in what the file says and nothing more (a missing auction stays ``None``); writers project the
record back. Tags or keys a format has that Tenace does not interpret are kept in order in :attr:`extra`, so
that rewriting a file loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tenace.auction import Auction
from tenace.board import Board, Vulnerability
from tenace.calls import Call
from tenace.cards import Card
from tenace.contract import Contract
from tenace.deal import Deal, PartialDeal
from tenace.play import Play
from tenace.scoring.points import score
from tenace.seats import Seat, Side


@dataclass(frozen=True, slots=True)
class AnnotatedCall:
    """A call with what was said about it (Law 20): an alert, and an explanation or note.

    ``annotation`` keeps a format's own suffix (PBN ``!``, ``?``, ``^I`` irregularity markers, ...).
    Equality of the underlying :attr:`call` is what the auction uses.
    """

    call: Call
    alert: bool = False
    explanation: str | None = None
    annotation: str | None = None

    def __str__(self) -> str:
        return f"{self.call}{'!' if self.alert else ''}"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """Everything a file says about one deal at one table. Every field is optional except as noted.

    >>> from tenace.calls import parse_call
    >>> rec = DealRecord(number=1, deal=Deal.from_pbn(
    ...     "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"),
    ...     calls=tuple(AnnotatedCall(parse_call(c)) for c in "7NT P P P".split()),
    ...     contract=Contract.from_str("7NTN"), tricks=13)
    >>> rec.board().vulnerability, rec.score_ns()
    (<Vulnerability.NONE: 'None'>, 1520)
    """

    number: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | PartialDeal | None = None
    players: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    """Names in seat order N, E, S, W."""
    calls: tuple[AnnotatedCall, ...] | None = None
    """The auction as recorded (``None``: not recorded)."""
    contract: Contract | None = None
    passed_out: bool = False
    tricks: int | None = None
    """Tricks taken by declarer's side, as recorded (from a claim or concession too)."""
    play: tuple[Card, ...] = ()
    """Cards in the order played (possibly fewer than 52: a claim or an unrecorded end)."""
    claim: int | None = None
    """Total tricks for declarer's side agreed by a claim or concession, when the file says so."""
    extra: tuple[tuple[str, str], ...] = field(default=())
    """Uninterpreted tags or keys, in file order."""

    def board(self) -> Board:
        """The :class:`Board` (dealer and vulnerability default to Law 2 from the number).

        :raises ValueError: if the record has no board number.
        """
        full = self.deal if isinstance(self.deal, Deal) else None
        if self.number is not None:
            return Board(self.number, full, self.dealer, self.vulnerability)
        raise ValueError("the record has no board number")

    def auction(self) -> Auction | None:
        """The recorded auction as a lawful :class:`Auction`.

        :raises IllegalCallError: if the recorded calls are not a lawful auction.
        :raises ValueError: if neither the dealer nor the board number is known.
        """
        if self.calls is None:
            return None
        dealer = self.dealer if self.dealer is not None else self.board().dealer
        return Auction(dealer).extend(c.call for c in self.calls)

    def replay(self, *, allow_revokes: bool = False) -> Play | None:
        """The recorded play, checked card by card (Law 44C). ``None`` without a deal or a contract.

        :raises IllegalPlayError: naming the trick and card where the record breaks the rules.
        """
        if not isinstance(self.deal, Deal) or self.contract is None:
            return None
        return Play.for_contract(self.deal, self.contract, self.play, allow_revokes=allow_revokes)

    def score(self) -> int | None:
        """Declarer side's score (Law 77), ``0`` when passed out, ``None`` when unknown."""
        if self.passed_out:
            return 0
        if self.contract is None or self.tricks is None:
            return None
        if self.vulnerability is None and self.number is None:
            return None  # the vulnerability is unknown, so the score is too
        vul = self.vulnerability if self.vulnerability is not None else self.board().vulnerability
        return score(self.contract, self.tricks, vulnerable=vul.is_vulnerable(self.contract.declarer))

    def score_ns(self) -> int | None:
        """North-South's score (Law 77)."""
        points = self.score()
        if points is None or self.contract is None:
            return points
        return points if self.contract.declarer.side is Side.NS else -points
