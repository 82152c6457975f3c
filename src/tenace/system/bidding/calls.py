"""Calls as small integers, for the bidding engine's inner loops.

``0`` is a pass, ``1`` a double, ``2`` a redouble, and ``3 + bid.index`` a bid (``3`` = 1C ... ``37`` = 7NT).
A denomination is its index (clubs 0 ... notrump 4), so a suit bid's suit index equals its denomination index.

>>> from tenace.calls import parse_call
>>> code(parse_call("1NT")), code(parse_call("P")), str(call_of(code(parse_call("4S"))))
(7, 0, '4S')
>>> legal((code(parse_call("1H")), PASS), DOUBLE), legal((code(parse_call("1H")), PASS, PASS), DOUBLE)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tenace.calls import DENOMINATIONS, Bid, Call, Double, Pass, Redouble, parse_call

__all__ = ["DOUBLE", "PASS", "REDOUBLE", "bid_code", "call_of", "code", "denomination", "legal", "level",
           "parse_code"]

PASS: Final = 0
DOUBLE: Final = 1
REDOUBLE: Final = 2
_CALLS: Final[tuple[Call, ...]] = (Pass(), Double(), Redouble(),
                                   *(Bid(level, d) for level in range(1, 8) for d in DENOMINATIONS))


def code(call: Call) -> int:
    if isinstance(call, Bid):
        return 3 + call.index
    if isinstance(call, Pass):
        return PASS
    return DOUBLE if isinstance(call, Double) else REDOUBLE


def call_of(value: int) -> Call:
    return _CALLS[value]


def parse_code(text: str) -> int:
    return code(parse_call(text))


def bid_code(level_: int, denomination_: int) -> int:
    return 3 + (level_ - 1) * 5 + denomination_


def level(value: int) -> int:
    """The level of a bid's code (1-7)."""
    return (value - 3) // 5 + 1


def denomination(value: int) -> int:
    """The denomination index of a bid's code (clubs 0 ... notrump 4)."""
    return (value - 3) % 5


def legal(calls: Sequence[int], call: int) -> bool:
    """Whether ``call`` may follow ``calls`` (Laws 18-19): a bid must be higher than the last bid; a double
    only of an opponent's undoubled bid; a redouble only of an opponent's double. The auction must not have
    ended (three passes after a bid, or four passes)."""
    if finished(calls):
        return False
    n = len(calls)
    if call == PASS:
        return True
    last = -1
    for i in range(n - 1, -1, -1):
        if calls[i] >= 3:
            last = i
            break
    if call >= 3:
        return last < 0 or call > calls[last]
    if last < 0:
        return False
    # the calls since the last bid: only passes, doubles and redoubles
    since = calls[last + 1:]
    doubled = DOUBLE in since
    redoubled = REDOUBLE in since
    bidder_is_opponent = (n - last) % 2 == 1
    if call == DOUBLE:
        return bidder_is_opponent and not doubled and not redoubled
    # a redouble: of the opponents' double of our side's bid
    if not doubled or redoubled:
        return False
    doubler = last + 1 + since.index(DOUBLE)
    return (n - doubler) % 2 == 1


def finished(calls: Sequence[int]) -> bool:
    """Whether the auction has ended: four passes, or three passes after a bid."""
    n = len(calls)
    if n < 4 or calls[-1] != PASS or calls[-2] != PASS or calls[-3] != PASS:
        return False
    return n == 4 or any(c != PASS for c in calls[:-3])


__all__ += ["finished"]
