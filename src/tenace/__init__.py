"""Tenace: duplicate bridge under the WBF Laws of Duplicate Bridge (2017).

The top-level package re-exports the pure core vocabulary only; it imports nothing outside the standard
library. Formats, the double-dummy solver and the command line live in subpackages.

>>> from tenace import Auction, Deal, Seat, score
>>> contract = Auction.from_str("N", "1NT P 3NT P P P").contract()
>>> score(contract, 10, vulnerable=True)
630
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than the rest
if TYPE_CHECKING:
    from typing import Any, Final

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

# The names above are imported on first use (PEP 562), so that ``import tenace`` (and the ``tenace``
# command, which starts with it) costs almost nothing until the core is needed (issue 16).
_WHERE: Final[dict[str, str]] = {
    "Auction": "tenace.auction",
    "Board": "tenace.board", "Vulnerability": "tenace.board", "dealer_for": "tenace.board",
    "vulnerability_for": "tenace.board",
    "ALL_BIDS": "tenace.calls", "Bid": "tenace.calls", "Call": "tenace.calls", "DOUBLE": "tenace.calls",
    "Denomination": "tenace.calls", "Double": "tenace.calls", "PASS": "tenace.calls", "Pass": "tenace.calls",
    "REDOUBLE": "tenace.calls", "Redouble": "tenace.calls", "parse_call": "tenace.calls",
    "Card": "tenace.cards", "CardSet": "tenace.cards", "DECK": "tenace.cards", "Rank": "tenace.cards",
    "Suit": "tenace.cards",
    "Contract": "tenace.contract", "Doubling": "tenace.contract",
    "Deal": "tenace.deal", "DealProblem": "tenace.deal", "PartialDeal": "tenace.deal",
    "BridgeError": "tenace.errors", "IllegalCallError": "tenace.errors", "IllegalPlayError": "tenace.errors",
    "ImpossibleActionError": "tenace.errors", "InvalidDealError": "tenace.errors",
    "LINError": "tenace.errors", "NotationError": "tenace.errors", "PBNError": "tenace.errors",
    "SolverError": "tenace.errors",
    "Play": "tenace.play", "Trick": "tenace.play",
    "score": "tenace.scoring.points",
    "SEATS": "tenace.seats", "Seat": "tenace.seats", "Side": "tenace.seats",
}
"""The module that defines each re-exported name."""


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tenace' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
