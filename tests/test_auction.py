"""The auction: Law 17 (rotation from the dealer), Law 18 (sufficient and insufficient bids), Law 19 (doubles
and redoubles), Law 22 (end of the auction) and the Definitions of contract and declarer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import auctions, calls, partial_auctions, seats
from tenace import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Bid,
    Contract,
    Denomination,
    Double,
    Doubling,
    IllegalCallError,
    ImpossibleActionError,
    NotationError,
    Pass,
    Redouble,
    Seat,
    parse_call,
)
from tenace.calls import Call

ALL_CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *ALL_BIDS)
CLOCKWISE = "NESW"


# --- an independent reference model of Laws 17-22, written from the Laws, used to check Auction -----------


def _seat_number(seat: Seat) -> int:
    return CLOCKWISE.index(seat.value)


def _same_side(a: Seat, b: Seat) -> bool:
    return (_seat_number(a) - _seat_number(b)) % 2 == 0


def _ref_state(dealer: Seat, sequence: tuple[Call, ...]) -> tuple[Bid | None, int | None, int]:
    """(last bid, index of the call that made it, doubling 0/1/2), by a forward scan: any new bid resets the
    doubling (Law 19C)."""
    last: Bid | None = None
    where: int | None = None
    doubling = 0
    for i, call in enumerate(sequence):
        if isinstance(call, Bid):
            last, where, doubling = call, i, 0
        elif isinstance(call, Double):
            doubling = 1
        elif isinstance(call, Redouble):
            doubling = 2
    return last, where, doubling


def _ref_complete(sequence: tuple[Call, ...]) -> bool:
    """Law 22: four passes to start, or three passes in rotation after the last bid (or double/redouble)."""
    n = len(sequence)
    if n == 4 and all(isinstance(c, Pass) for c in sequence):
        return True
    return (
        n >= 4
        and any(not isinstance(c, Pass) for c in sequence)
        and all(isinstance(c, Pass) for c in sequence[-3:])
    )


def _ref_legal(dealer: Seat, sequence: tuple[Call, ...], call: Call) -> bool:
    """Laws 18-19 written out: bids must supersede the last bid; a double needs an undoubled opponent's bid as
    the last bid; a redouble needs an opponent's double of our side's bid; only passes may intervene."""
    if _ref_complete(sequence):
        return False
    me = CLOCKWISE[(_seat_number(dealer) + len(sequence)) % 4]
    last, where, doubling = _ref_state(dealer, sequence)
    if isinstance(call, Pass):
        return True
    if isinstance(call, Bid):
        return last is None or (call.level, call.denomination.index) > (last.level, last.denomination.index)
    if last is None or where is None:
        return False
    bidder = CLOCKWISE[(_seat_number(dealer) + where) % 4]
    bidder_is_partner_or_me = (CLOCKWISE.index(me) - CLOCKWISE.index(bidder)) % 2 == 0
    if isinstance(call, Double):
        return not bidder_is_partner_or_me and doubling == 0
    return bidder_is_partner_or_me and doubling == 1


def _ref_declarer(dealer: Seat, sequence: tuple[Call, ...]) -> Seat | None:
    """Definitions (Declarer): the player of the side making the final bid who first bid its denomination."""
    last, where, _ = _ref_state(dealer, sequence)
    if last is None or where is None:
        return None
    bidder = dealer.rotate(where)
    for i, call in enumerate(sequence):
        seat = dealer.rotate(i)
        if isinstance(call, Bid) and call.denomination is last.denomination and _same_side(seat, bidder):
            return seat
    raise AssertionError("unreachable: the last bidder bid the denomination")


def _a(dealer: str, text: str) -> Auction:
    return Auction.from_str(dealer, text)


# --- Law 17: the first call and rotation -----------------------------------------------------------------


@given(seats)
def test_17b_the_dealer_makes_the_first_call(dealer: Seat) -> None:
    """Law 17B: the player the board designates as dealer calls first."""
    auction = Auction(dealer)
    assert auction.turn is dealer
    assert next(iter(auction.push(PASS)))[0] is dealer


@given(partial_auctions())
def test_17c_calls_follow_clockwise_rotation_from_the_dealer(auction: Auction) -> None:
    """Law 17C: dealer's left-hand opponent makes the second call, and so on clockwise."""
    d = _seat_number(auction.dealer)
    for i, (seat, call) in enumerate(auction):
        assert seat.value == CLOCKWISE[(d + i) % 4] and auction.seat_of(i) is seat
        assert call is auction.calls[i]
    assert auction.turn.value == CLOCKWISE[(d + len(auction)) % 4]


# --- Law 18: bids ----------------------------------------------------------------------------------------


def test_18c_any_bid_is_sufficient_at_the_start() -> None:
    """Law 18C: with no bid before it, every bid supersedes nothing and so is sufficient."""
    assert Auction(Seat.NORTH).legal_calls() == [PASS, *ALL_BIDS]
    assert all(Auction(Seat.WEST).is_legal(bid) for bid in ALL_BIDS)


@pytest.mark.parametrize(
    ("text", "call", "legal"),
    [
        ("1H", "1S", True),
        ("1H", "1NT", True),
        ("1H", "2C", True),
        ("1H", "1H", False),
        ("1H", "1D", False),
        ("1NT", "1S", False),
        ("1NT", "2C", True),
        ("3NT P P", "3S", False),
        ("3NT P P", "4C", True),
        ("1C X", "1C", False),
        ("7NT", "7NT", False),
        ("6S X XX", "6NT", True),
    ],
)
def test_18b_18c_a_bid_is_sufficient_only_if_it_supersedes_the_last_bid(
    text: str, call: str, legal: bool
) -> None:
    """Law 18B-C: a bid must name more odd tricks, or as many in a higher-ranking denomination, than the last
    preceding bid (whoever made it, and however many passes, doubles or redoubles followed)."""
    assert _a("N", text).is_legal(parse_call(call)) is legal


def test_18d_insufficient_bid_raises_naming_the_call_seat_and_position() -> None:
    """Law 18D: an insufficient bid is an infraction; the core Auction refuses it with IllegalCallError (a
    ValueError) whose message names the call, the caller and where it came."""
    auction = _a("N", "1H 2C")
    with pytest.raises(IllegalCallError) as info:
        auction.push(parse_call("2C"))
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert "2C" in message and "South" in message and "call 3" in message and "1H 2C" in message


def test_18d_from_str_reports_an_insufficient_bid_with_its_position() -> None:
    """Building an auction from text stops at the first unlawful call and says which."""
    with pytest.raises(IllegalCallError, match=r"1D by West.*call 4"):
        _a("N", "1S P P 1D")


# --- Law 19: doubles and redoubles -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "legal"),
    [
        ("1H", True),  # East doubles North's bid
        ("1H P P", True),  # West doubles North's bid: passes may intervene
        ("1H P", False),  # South would double partner's bid
        ("P", False),  # no bid to double
        ("", False),
        ("1H X", False),  # already doubled (South)
        ("1H X P P", False),  # already doubled (East again: partner's double stands)
        ("1H X XX", False),  # West: a redouble intervened
        ("1H 1S", True),  # South doubles East's 1S, the last bid
        ("1H 1S P", False),  # West would double partner's bid
        ("1H X 2C", True),  # West doubles South's new bid: the earlier double was superseded (Law 19C)
        ("1H P P P", False),  # the auction has ended
    ],
)
def test_19a1_double_only_an_opponents_last_bid_with_only_passes_since(text: str, legal: bool) -> None:
    """Law 19A1: a player may double only the last preceding bid; it must be an opponent's, and no call other
    than pass may have intervened."""
    auction = _a("N", text)
    assert auction.is_legal(DOUBLE) is legal
    assert (DOUBLE in auction.legal_calls()) is legal


@pytest.mark.parametrize(
    ("text", "legal"),
    [
        ("1H X", True),  # South redoubles East's double of partner's bid
        ("1H X P P", True),  # North, the bidder, redoubles after two passes
        ("1H X P", False),  # West would redouble partner's double
        ("1H", False),  # nothing doubled
        ("1H P", False),
        ("1H X XX", False),  # already redoubled
        ("1H X XX P P", False),  # already redoubled, East's turn
        ("1H X 2C X", True),  # North redoubles West's double of partner's 2C
        ("1H X 2C", False),  # West: the double of 1H was superseded by 2C
        ("1H X 1S", False),  # West: 1S was never doubled
        ("1H P P X", True),  # North redoubles West's double
    ],
)
def test_19b1_redouble_only_an_opponents_double_with_only_passes_since(text: str, legal: bool) -> None:
    """Law 19B1: a player may redouble only the last preceding double; it must be an opponent's double (so of
    his own side's bid), and no call other than pass may have intervened."""
    auction = _a("N", text)
    assert auction.is_legal(REDOUBLE) is legal
    assert (REDOUBLE in auction.legal_calls()) is legal


def test_19a1_inadmissible_double_raises_naming_the_call() -> None:
    """A double of partner's bid is refused with IllegalCallError naming the call and the seat."""
    with pytest.raises(IllegalCallError, match=r"X by South"):
        _a("N", "1H P").push(DOUBLE)
    with pytest.raises(IllegalCallError, match=r"XX by West"):
        _a("N", "1H X").push(PASS).push(REDOUBLE)


@pytest.mark.parametrize(
    ("dealer", "text", "expected"),
    [
        ("N", "1H X 2C P P P", "2CS"),  # the double of 1H is superseded by 2C
        ("N", "1H X XX 2C P P P", "2CW"),
        ("N", "1H X XX 2C X P P P", "2CXW"),
        ("N", "1H X XX 2C X XX P P P", "2CXXW"),
        ("E", "1S X 2S P P P", "2SE"),  # West raises; East named spades first for East-West
    ],
)
def test_19c_a_new_bid_supersedes_any_double_or_redouble(dealer: str, text: str, expected: str) -> None:
    """Law 19C: a double or redouble is superseded by a later legal bid, so the contract is undoubled unless
    the new bid is itself doubled."""
    assert _a(dealer, text).contract() == Contract.from_str(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1H X P P P", "1HXN"),
        ("1H X XX P P P", "1HXXN"),
        ("1H P P X P P P", "1HXN"),
        ("1H X P P XX P P P", "1HXXN"),
    ],
)
def test_19d_a_double_or_redouble_not_followed_by_a_bid_stands_in_the_contract(
    text: str, expected: str
) -> None:
    """Law 19D: if no legal bid follows a double or redouble, the contract is doubled or redoubled."""
    contract = _a("N", text).contract()
    assert contract == Contract.from_str(expected)
    assert contract is not None and contract.doubling is not Doubling.UNDOUBLED


# --- Law 22: end of the auction; contract and declarer -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "complete"),
    [
        ("", False),
        ("P", False),
        ("P P P", False),
        ("P P P P", True),
        ("1C P P", False),
        ("1C P P P", True),
        ("P P P 1C", False),
        ("P P P 1C P P P", True),
        ("1C X P P", False),
        ("1C X P P P", True),
        ("1C X XX P P P", True),
        ("1C P P 1D P P P", True),
        ("1C P 1D P P P", True),
    ],
)
def test_22_auction_ends_after_three_passes_following_a_call_or_four_passes(
    text: str, complete: bool
) -> None:
    """Law 22A: after a bid, three consecutive passes in rotation end the auction; Law 22B: so do four passes
    from the start."""
    assert _a("S", text).is_complete is complete


def test_22b_four_passes_pass_the_board_out() -> None:
    """Law 22B: when all four players pass there is no contract (and no redeal)."""
    auction = _a("W", "P P P P")
    assert auction.is_complete and auction.is_passed_out and auction.contract() is None
    assert not _a("W", "1C P P P").is_passed_out


def test_22a_the_last_bid_becomes_the_contract() -> None:
    """Law 22A: the last bid becomes the contract."""
    contract = _a("N", "1H 2C 2H 3C 4H P P P").contract()
    assert contract == Contract.from_str("4HN")


@pytest.mark.parametrize(
    ("dealer", "text", "declarer"),
    [
        ("N", "1H P 4H P P P", Seat.NORTH),
        ("N", "1S P 2H P 4H P P P", Seat.SOUTH),  # South named hearts first for North-South
        ("N", "1C 1H 2H P P P", Seat.SOUTH),  # East named hearts first, but for the other side
        ("N", "1C 1H 2H 3H P P P", Seat.EAST),
        ("E", "1NT P 2C P 2S P 3NT P P P", Seat.EAST),
        ("W", "P 1D P 1H P 2H P 3NT X XX P P P", Seat.SOUTH),  # South's 3NT is North-South's first notrump
        ("W", "P 1D P 1H P 2NT P 3NT X XX P P P", Seat.NORTH),  # here North bid notrump first
    ],
)
def test_definitions_declarer_is_first_of_the_side_to_name_the_denomination(
    dealer: str, text: str, declarer: Seat
) -> None:
    """Definitions (Declarer): of the side that made the final bid, the player who first bid its
    denomination."""
    auction = _a(dealer, text)
    contract = auction.contract()
    assert contract is not None and contract.declarer is declarer
    assert _ref_declarer(auction.dealer, auction.calls) is declarer


def test_22_no_call_after_the_auction_has_ended() -> None:
    """After the auction ends there is no lawful call (Law 39 concerns calls after the final pass)."""
    auction = _a("N", "1NT P P P")
    assert auction.legal_calls() == []
    assert not any(auction.is_legal(call) for call in ALL_CALLS)
    with pytest.raises(IllegalCallError, match="has ended"):
        auction.push(PASS)


def test_contract_before_the_end_is_an_impossible_action() -> None:
    """There is no final contract while the auction is still running."""
    with pytest.raises(ImpossibleActionError, match="not ended"):
        _a("N", "1NT P P").contract()


def test_the_longest_auction_has_319_calls() -> None:
    """Three passes, then each of the 35 bids followed by pass, pass, double, pass, pass, redouble, pass,
    pass, and a final pass: 3 + 35 * 9 + 1 = 319 calls (GUIDE 8.10); no lawful auction is longer."""
    tail = ["P", "P", "X", "P", "P", "XX", "P", "P"]
    text = "P P P " + " ".join(t for bid in ALL_BIDS for t in [str(bid), *tail]) + " P"
    auction = _a("N", text)
    assert len(auction) == 319 and auction.is_complete
    # West bids 1C; each bid comes 9 calls (one seat clockwise) later, so West bids 1NT (the fifth bid) and
    # East 7NT (the 35th): West is declarer in 7NT redoubled.
    assert auction.contract() == Contract.from_str("7NTXXW")
    assert auction.calls[3] == Bid(1, Denomination.CLUBS)


# --- properties over random lawful auctions --------------------------------------------------------------


@given(partial_auctions(), calls)
def test_18_19_is_legal_agrees_with_an_independent_reading_of_the_laws(auction: Auction, call: Call) -> None:
    """Laws 18-19 and 22: is_legal matches a from-scratch model of sufficiency, double/redouble rules and
    the end of the auction."""
    assert auction.is_legal(call) is _ref_legal(auction.dealer, auction.calls, call)
    assert auction.is_complete is _ref_complete(auction.calls)


@settings(deadline=None)
@given(partial_auctions())
def test_legal_calls_lists_exactly_the_lawful_calls_pass_first_then_doubles_then_bids(
    auction: Auction,
) -> None:
    """legal_calls() is every call is_legal accepts, in the order pass, double or redouble, then bids from
    low to high."""
    legal = auction.legal_calls()
    assert legal == [c for c in ALL_CALLS if _ref_legal(auction.dealer, auction.calls, c)]
    assert legal == [c for c in ALL_CALLS if auction.is_legal(c)]
    assert not (DOUBLE in legal and REDOUBLE in legal)
    for call in ALL_CALLS:
        if call in legal:
            pushed = auction.push(call)
            assert pushed.calls == (*auction.calls, call) and pushed.dealer is auction.dealer
        else:
            with pytest.raises(IllegalCallError):
                auction.push(call)


@settings(max_examples=150, deadline=None)
@given(auctions())
def test_a_complete_auction_has_exactly_one_contract_or_is_passed_out(auction: Auction) -> None:
    """Law 22: a complete auction ends in one final contract (the last bid, with any double or redouble that
    stands), or is passed out; then no call is lawful and the auction has at most 319 calls."""
    assert auction.is_complete and 4 <= len(auction) <= 319
    assert auction.legal_calls() == [] and not any(auction.is_legal(c) for c in ALL_CALLS)
    last, where, doubling = _ref_state(auction.dealer, auction.calls)
    contract = auction.contract()
    if last is None or where is None:
        assert contract is None and auction.is_passed_out and len(auction) == 4
        return
    assert contract is not None and not auction.is_passed_out
    assert contract.bid == last == auction.last_bid
    assert contract.doubling is (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)[doubling]
    assert contract.declarer is _ref_declarer(auction.dealer, auction.calls)
    assert _same_side(contract.declarer, auction.seat_of(where))  # declarer is on the side of the last bid


@given(partial_auctions())
def test_auction_str_and_repr_round_trip(auction: Auction) -> None:
    """parse(str(x)) == x and eval(repr(x)) == x; auctions are hashable values."""
    assert Auction.from_str(auction.dealer, str(auction)) == auction
    assert Auction.from_str(auction.dealer.value, str(auction)) == auction
    assert eval(repr(auction), {"Auction": Auction}) == auction
    assert hash(eval(repr(auction), {"Auction": Auction})) == hash(auction)


@given(partial_auctions(), st.sampled_from(["", "u"]))
def test_auction_text_uses_canonical_call_forms(auction: Auction, spec: str) -> None:
    """str() of an auction is the canonical calls separated by single spaces; the calls' Unicode rendering
    is an option of format() on each call and never changes str()."""
    before = str(auction)
    assert before == " ".join(str(c) for c in auction.calls)
    rendered = " ".join(format(c, spec) for c in auction.calls)
    assert str(auction) == before
    assert Auction.from_str(auction.dealer, rendered) == auction


def test_auction_from_str_accepts_call_variants() -> None:
    """Any spelling parse_call accepts works in an auction string, with any whitespace."""
    a = _a("n", "1n  pass\t3nt Pass\np pa")
    assert a == _a("N", "1NT P 3NT P P P") and a.is_complete
    assert Auction.from_str(Seat.EAST, "1♠ Dbl Rdbl p p p").contract() == Contract.from_str("1SXXE")


@pytest.mark.parametrize(("dealer", "text"), [("N", "1NT P 8C"), ("N", "1NT ! P"), ("Q", "P"), ("N", "1NTX")])
def test_auction_from_str_rejects_bad_notation_naming_it(dealer: str, text: str) -> None:
    """Unparseable calls or seats are NotationErrors (not IllegalCallErrors) naming the bad token."""
    with pytest.raises(NotationError) as info:
        Auction.from_str(dealer, text)
    assert not isinstance(info.value, IllegalCallError)
    bad = next((t for t in text.split() if not _parses(t)), dealer)
    assert repr(bad) in str(info.value)


def _parses(token: str) -> bool:
    try:
        parse_call(token)
    except NotationError:
        return False
    return True


def test_last_bid_and_len() -> None:
    """last_bid is the last bid made, whatever calls followed; len() counts calls."""
    assert _a("N", "").last_bid is None and _a("N", "P P").last_bid is None
    assert _a("N", "1C 1S X XX P").last_bid == Bid(1, Denomination.SPADES)
    assert len(_a("N", "1C 1S X XX P")) == 5


def test_auction_given_a_list_of_calls_is_still_a_hashable_value() -> None:
    """GUIDE 8.13 item 4: value types stay hashable; a list of calls is stored as a tuple."""
    calls: list[Call] = [PASS, Bid(1, Denomination.CLUBS)]
    auction = Auction(Seat.NORTH, calls)  # type: ignore[arg-type]
    assert auction.calls == tuple(calls) and hash(auction) == hash(Auction(Seat.NORTH, tuple(calls)))
