"""Tenace: duplicate bridge under the WBF Laws of Duplicate Bridge (2017).

The top-level package re-exports the pure core vocabulary only; it imports nothing outside the standard
library. Formats, the double-dummy solver and the command line live in subpackages.

>>> from tenace import Auction, Deal, Seat, score
>>> contract = Auction.from_str("N", "1NT P 3NT P P P").contract()
>>> score(contract, 10, vulnerable=True)
630
"""

from tenace.auction import Auction
from tenace.board import Board, Vulnerability, dealer_for, vulnerability_for
from tenace.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Denomination,
    Double,
    Pass,
    Redouble,
    parse_call,
)
from tenace.cards import DECK, Card, CardSet, Rank, Suit
from tenace.contract import Contract, Doubling
from tenace.deal import Deal, DealProblem, PartialDeal
from tenace.errors import (
    BridgeError,
    IllegalCallError,
    IllegalPlayError,
    ImpossibleActionError,
    InvalidDealError,
    LINError,
    NotationError,
    PBNError,
    SolverError,
)
from tenace.play import Play, Trick
from tenace.scoring.points import score
from tenace.seats import SEATS, Seat, Side

__version__ = "0.1.0"

__all__ = [
    "ALL_BIDS", "DECK", "DOUBLE", "PASS", "REDOUBLE", "SEATS",
    "Auction", "Bid", "Board", "BridgeError", "Call", "Card", "CardSet", "Contract", "Deal", "DealProblem",
    "Denomination", "Double", "Doubling", "IllegalCallError", "IllegalPlayError", "ImpossibleActionError",
    "InvalidDealError", "LINError", "NotationError", "PBNError", "PartialDeal", "Pass", "Play", "Rank",
    "Redouble", "Seat", "Side", "SolverError", "Suit", "Trick", "Vulnerability", "dealer_for", "parse_call",
    "score", "vulnerability_for",
]
