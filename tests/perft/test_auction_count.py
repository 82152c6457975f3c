"""Auction "perft": count lawful auctions exactly, driven by tenace's own legal-call generator (Laws 17-22).

The number of distinct complete lawful auctions is known (GUIDE 8.10):
128,745,650,347,030,683,120,231,926,111,609,371,363,122,697,557. Enumerating them is impossible, so the count
is a memoised dynamic programme over *abstract* states. Two auctions have the same future (the same lawful
continuations) when they agree on the last bid, where its bidder sits relative to the player on turn, the
doubling state and the number of passes since the last bid, double or redouble. Each abstract state is
represented by a short canonical auction with that key, and its successors come from ``Auction.legal_calls()``
and ``Auction.push``: so the count is a regression test of the legal-call generator, the end-of-auction rule
and the doubling rules.

A second, tenace-free count written straight from Laws 18, 19 and 22 checks the programme itself, and
brute-force enumeration over tenace checks the small depths.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from hypothesis import given, settings

from strategies import partial_auctions
from tenace import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Auction, Bid, Double, Pass, Redouble, Seat
from tenace.calls import Call

KNOWN_TOTAL = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557

Key = tuple[int, int, int, int]
"""(index of the last bid or -1, seats from the last bidder clockwise to the player on turn (0 when no bid),
doubling 0/1/2, passes since the last bid, double or redouble)."""


def key_of(auction: Auction) -> Key:
    """The abstract state of an auction, read from its calls."""
    last = -1
    where = 0
    doubling = 0
    passes = 0
    for i, call in enumerate(auction.calls):
        if isinstance(call, Pass):
            passes += 1
            continue
        passes = 0
        if isinstance(call, Bid):
            last, where, doubling = call.index, i, 0
        elif isinstance(call, Double):
            doubling = 1
        elif isinstance(call, Redouble):
            doubling = 2
    offset = (len(auction.calls) - where) % 4 if last >= 0 else 0
    return last, offset, doubling, passes


def _candidates(key: Key) -> Iterator[list[Call]]:
    """Short call sequences that may have ``key``: the bid, then optionally two passes and a double, then
    optionally two passes and a redouble, then the trailing passes."""
    last, _, doubling, passes = key
    if last < 0:
        yield [PASS] * passes
        return
    for gap_x in (0, 2):
        for gap_xx in (0, 2):
            calls: list[Call] = [ALL_BIDS[last]]
            if doubling >= 1:
                calls += [PASS] * gap_x + [DOUBLE]
            if doubling == 2:
                calls += [PASS] * gap_xx + [REDOUBLE]
            yield calls + [PASS] * passes


@cache
def canonical(key: Key) -> Auction:
    """A short lawful auction (dealer North) with abstract state ``key``."""
    for calls in _candidates(key):
        auction = Auction(Seat.NORTH)
        try:
            auction = auction.extend(calls)
        except ValueError:
            continue
        if key_of(auction) == key:
            return auction
    raise AssertionError(f"no canonical auction for state {key}")


@cache
def completions(key: Key) -> int:
    """The number of ways to complete an auction in state ``key`` (by tenace's legal calls)."""
    state = canonical(key)
    total = 0
    for call in state.legal_calls():
        child = state.push(call)
        total += 1 if child.is_complete else completions(key_of(child))
    return total


@cache
def sequences(key: Key, depth: int) -> int:
    """The number of lawful call sequences of exactly ``depth`` more calls from state ``key`` (a complete
    auction is not extended further)."""
    if depth == 0:
        return 1
    state = canonical(key)
    total = 0
    for call in state.legal_calls():
        child = state.push(call)
        if child.is_complete:
            total += depth == 1
        else:
            total += sequences(key_of(child), depth - 1)
    return total


def tenace_total() -> int:
    # Fill the table from the highest bid down so that the recursion stays shallow.
    for bid in reversed(ALL_BIDS):
        completions(key_of(Auction(Seat.NORTH, (bid,))))
    return completions(key_of(Auction(Seat.NORTH)))


# --- the same count written straight from the Laws, without tenace ----------------------------------------


@cache
def rules_count(last: int, doubling: int, passes: int, depth: int | None = None) -> int:
    """Complete auctions (depth None) or sequences of exactly ``depth`` calls from a state, by Laws 18, 19
    and 22 alone. The player on turn is on the last bidder's side exactly when an odd number of calls has
    followed the bid (a double comes from the other side, a redouble from the bidder's side, and passes
    alternate)."""
    if depth == 0:
        return 1
    rest = None if depth is None else depth - 1
    ends = passes == (3 if last < 0 else 2)  # Law 22B / Law 22A
    total = (depth is None or depth == 1) if ends else rules_count(last, doubling, passes + 1, rest)
    if last >= 0:
        calls_after_bid = passes + doubling  # X then XX each add one call; passes alternate sides
        my_side_bid = calls_after_bid % 2 == 1
        if not my_side_bid and doubling == 0:  # Law 19A1
            total += rules_count(last, 1, 0, rest)
        if my_side_bid and doubling == 1:  # Law 19B1
            total += rules_count(last, 2, 0, rest)
    for higher in range(last + 1, 35):  # Law 18B-C: any sufficient bid
        total += rules_count(higher, 0, 0, rest)
    return int(total)


def brute_force(auction: Auction, depth: int) -> int:
    """Enumerate every lawful call sequence of ``depth`` calls with tenace directly."""
    if depth == 0:
        return 1
    if auction.is_complete:
        return 0
    return sum(brute_force(auction.push(call), depth - 1) for call in auction.legal_calls())


# --- tests -------------------------------------------------------------------------------------------------


def test_perft_counts_every_complete_lawful_auction() -> None:
    """Laws 17-22: the number of distinct complete lawful auctions, counted over tenace's legal calls,
    is exactly the known total."""
    assert tenace_total() == KNOWN_TOTAL


def test_perft_reference_count_written_from_the_laws_matches_the_known_total() -> None:
    """The tenace-free count of the same number checks the abstraction used above."""
    assert rules_count(-1, 0, 0) == KNOWN_TOTAL


def test_perft_depth_1_is_36() -> None:
    """Law 17B, 18C: the dealer may pass or make any of the 35 bids; nothing can be doubled yet."""
    start = Auction(Seat.NORTH)
    assert sequences(key_of(start), 1) == brute_force(start, 1) == 1 + 35 == 36


def test_perft_depth_2_closed_form() -> None:
    """After a pass the next player has the same 36 calls; after a bid b (index 0..34) he may pass, double
    or make one of the 34 - index(b) higher bids: 36 + sum over b of (1 + (34 - index(b)) + 1) = 701."""
    closed = 36 + sum(1 + (34 - bid.index) + 1 for bid in ALL_BIDS)
    start = Auction(Seat.NORTH)
    assert closed == 701
    assert sequences(key_of(start), 2) == brute_force(start, 2) == rules_count(-1, 0, 0, 2) == closed


def test_perft_depth_3_closed_form() -> None:
    """Third calls: after P P, 36; after P b, pass, double or a higher bid; after b P (partner's bid), pass or
    a higher bid; after b X, pass, redouble or a higher bid; after b b' (b' higher, bid by the third player's
    right-hand opponent), pass, double or a bid above b'."""
    above = [34 - i for i in range(35)]
    closed = (
        36
        + sum(2 + above[i] for i in range(35))  # P b
        + sum(1 + above[i] for i in range(35))  # b P
        + sum(2 + above[i] for i in range(35))  # b X
        + sum(2 + above[j] for i in range(35) for j in range(i + 1, 35))  # b b'
    )
    start = Auction(Seat.NORTH)
    assert sequences(key_of(start), 3) == brute_force(start, 3) == rules_count(-1, 0, 0, 3) == closed


def test_perft_depths_4_to_12_agree_with_the_reference_count() -> None:
    """Deeper exact counts (including the passed-out auction at depth 4) agree between tenace's legal
    calls and the reference written from the Laws."""
    start = key_of(Auction(Seat.EAST))
    for depth in range(4, 13):
        assert sequences(start, depth) == rules_count(-1, 0, 0, depth)


def test_perft_depth_4_from_a_doubled_contract_by_brute_force() -> None:
    """Brute-force enumeration from a mid-auction position agrees with the abstract count."""
    auction = Auction.from_str("S", "1H P 2H X")
    assert sequences(key_of(auction), 4) == brute_force(auction, 4)


@settings(deadline=None)
@given(partial_auctions())
def test_canonical_auction_has_the_same_next_step_as_the_real_one(auction: Auction) -> None:
    """The abstraction is sound: an auction and the canonical auction of its state offer the same calls,
    end on the same calls and lead to equal states. By induction they have the same future."""
    if auction.is_complete:
        return
    rep = canonical(key_of(auction))
    assert key_of(rep) == key_of(auction)
    assert rep.legal_calls() == auction.legal_calls()
    for call in auction.legal_calls():
        real, canon = auction.push(call), rep.push(call)
        assert real.is_complete == canon.is_complete
        assert key_of(real) == key_of(canon)
