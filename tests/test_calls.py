"""Denominations and calls: Law 18 (bids, their proper form and rank), Law 19 (double, redouble) notation."""

from __future__ import annotations

import pytest
from hypothesis import given

from strategies import bids, calls
from tenace import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Denomination,
    Double,
    NotationError,
    Pass,
    Redouble,
    Suit,
)
from tenace.calls import DENOMINATIONS, Call, parse_call

DENOMINATION_LETTERS_LOW_TO_HIGH = ["C", "D", "H", "S", "NT"]
EVAL_NAMESPACE = {
    "Bid": Bid,
    "Denomination": Denomination,
    "Pass": Pass,
    "Double": Double,
    "Redouble": Redouble,
}


def _bid_key(bid: Bid) -> tuple[int, int]:
    """Independent rank of a bid (Law 18B): level first, then the denomination order of Law 18E."""
    return bid.level, DENOMINATION_LETTERS_LOW_TO_HIGH.index(str(bid)[1:])


# --- Law 18A/E: denominations ---------------------------------------------------------------------------


def test_18e_denominations_rank_notrump_spades_hearts_diamonds_clubs() -> None:
    """Law 18E: in descending order, no trump, spades, hearts, diamonds, clubs."""
    assert Denomination.NOTRUMP > Denomination.SPADES > Denomination.HEARTS > Denomination.DIAMONDS
    assert Denomination.DIAMONDS > Denomination.CLUBS and Denomination.CLUBS <= Denomination.CLUBS
    assert [str(d) for d in sorted(Denomination)] == DENOMINATION_LETTERS_LOW_TO_HIGH
    assert [d.index for d in DENOMINATIONS] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C", Denomination.CLUBS),
        ("c", Denomination.CLUBS),
        ("♣", Denomination.CLUBS),
        ("D", Denomination.DIAMONDS),
        ("♦", Denomination.DIAMONDS),
        ("h", Denomination.HEARTS),
        ("♥", Denomination.HEARTS),
        ("S", Denomination.SPADES),
        ("♠", Denomination.SPADES),
        ("♤", Denomination.SPADES),
        ("N", Denomination.NOTRUMP),
        ("NT", Denomination.NOTRUMP),
        ("nt", Denomination.NOTRUMP),
        (" n ", Denomination.NOTRUMP),
        ("SA", Denomination.NOTRUMP),
    ],
)
def test_denomination_from_str_accepts_letters_symbols_and_notrump_spellings(
    text: str, expected: Denomination
) -> None:
    """Denominations are read from suit letters or symbols, and N, NT or SA (sans atout) for no trump."""
    assert Denomination.from_str(text) is expected


@pytest.mark.parametrize("text", ["", "X", "NTS", "Z", "notrump", "1"])
def test_denomination_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """Anything else raises NotationError naming the input."""
    with pytest.raises(NotationError) as info:
        Denomination.from_str(text)
    assert repr(text) in str(info.value)


def test_denomination_suit_and_kind() -> None:
    """A suit denomination names its trump suit; no trump has none (Definitions: Trump)."""
    assert [d.suit for d in DENOMINATIONS] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None]
    assert [Denomination.from_suit(s) for s in Suit] == [Denomination(s.value) for s in Suit]
    assert [d for d in DENOMINATIONS if d.is_major] == [Denomination.HEARTS, Denomination.SPADES]
    assert [d for d in DENOMINATIONS if d.is_minor] == [Denomination.CLUBS, Denomination.DIAMONDS]
    assert Denomination.NOTRUMP.symbol == "NT" and Denomination.SPADES.symbol == "♠"


# --- Law 18A-B: bids ------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", [0, 8, -1, 100, True, 1.0, "1"])
def test_18a_bid_level_is_one_to_seven(level: object) -> None:
    """Law 18A: a bid names one to seven odd tricks; anything else is rejected with a ValueError naming it."""
    with pytest.raises(ValueError) as info:
        Bid(level, Denomination.CLUBS)  # type: ignore[arg-type]
    assert repr(level) in str(info.value)


def test_18a_bid_needs_a_denomination() -> None:
    """Law 18A: a bid designates a denomination."""
    with pytest.raises(ValueError):
        Bid(1, "S")  # type: ignore[arg-type]


def test_18a_there_are_35_bids_from_one_club_to_seven_notrump() -> None:
    """Law 18A: seven levels times five denominations; ALL_BIDS lists them in rank order with index 0..34."""
    assert len(ALL_BIDS) == 35 and len(set(ALL_BIDS)) == 35
    assert [b.index for b in ALL_BIDS] == list(range(35))
    assert str(ALL_BIDS[0]) == "1C" and str(ALL_BIDS[-1]) == "7NT"
    assert list(ALL_BIDS) == sorted(ALL_BIDS, key=_bid_key)


@given(bids, bids)
def test_18b_a_bid_supersedes_by_more_tricks_or_same_tricks_higher_denomination(a: Bid, b: Bid) -> None:
    """Law 18B: a bid supersedes another if it names more odd tricks, or as many in a higher-ranking
    denomination; Bid ordering is exactly this relation."""
    supersedes = a.level > b.level or (a.level == b.level and a.denomination > b.denomination)
    assert (a > b) == supersedes
    assert (a < b) == (b.level > a.level or (a.level == b.level and b.denomination > a.denomination))
    assert (a == b) == (_bid_key(a) == _bid_key(b))
    assert (a.index > b.index) == supersedes


# --- notation -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["P", "p", "Pass", "PASS", "pass", "Pa", " P "])
def test_parse_call_pass_spellings(text: str) -> None:
    """Pass is written P, Pass (any case), Pa or a dash."""
    assert parse_call(text) == PASS and isinstance(parse_call(text), Pass)


@pytest.mark.parametrize("text", ["X", "x", "D", "Dbl", "DBL", "double", "Double"])
def test_parse_call_double_spellings(text: str) -> None:
    """Law 19A2: the proper form is "Double"; records also write X, D or Dbl."""
    assert parse_call(text) == DOUBLE


@pytest.mark.parametrize("text", ["XX", "xx", "R", "Rdbl", "RDBL", "redouble", "Redouble"])
def test_parse_call_redouble_spellings(text: str) -> None:
    """Law 19B2: the proper form is "Redouble"; records also write XX, R or Rdbl."""
    assert parse_call(text) == REDOUBLE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1N", "1NT"),
        ("1NT", "1NT"),
        ("1nt", "1NT"),
        ("1 NT", "1NT"),
        ("1SA", "1NT"),
        ("7♠", "7S"),
        ("7♤", "7S"),
        ("2h", "2H"),
        ("3♦", "3D"),
        ("4♣", "4C"),
        ("4♧", "4C"),
        (" 5S ", "5S"),
        ("6♥", "6H"),
    ],
)
def test_parse_call_bid_spellings(text: str, expected: str) -> None:
    """Bids are a level and a denomination, letters or symbols, any case; str() gives one canonical form."""
    call = parse_call(text)
    assert isinstance(call, Bid) and str(call) == expected


@pytest.mark.parametrize(
    "text",
    ["", "8C", "0NT", "1X", "XXX", "1NTX", "NT", "1", "pas", "11S", "1.5H","Dbl!", "1NT!", "7NTT", "AP", "-"],
)
def test_parse_call_rejects_bad_input_naming_it(text: str) -> None:
    """Text that is not a call raises NotationError (a ValueError) quoting the input."""
    with pytest.raises(NotationError) as info:
        parse_call(text)
    assert isinstance(info.value, ValueError) and repr(text) in str(info.value)


@given(calls)
def test_call_str_round_trips_through_parse_call(call: Call) -> None:
    """parse(str(call)) == call, and str() is one of the canonical forms P, X, XX or level + denomination."""
    text = str(call)
    assert parse_call(text) == call
    assert text in ("P", "X", "XX") or (text[0] in "1234567" and text[1:] in DENOMINATION_LETTERS_LOW_TO_HIGH)


@given(calls)
def test_call_repr_evaluates_back_to_an_equal_call(call: Call) -> None:
    """eval(repr(call)) == call (python-chess style evaluable reprs)."""
    assert eval(repr(call), dict(EVAL_NAMESPACE)) == call


@given(calls)
def test_call_unicode_rendering_never_changes_str(call: Call) -> None:
    """format(call, "u") renders suit symbols for bids and never changes str()."""
    before = str(call)
    rendered = format(call, "u")
    assert rendered == call.unicode()
    assert str(call) == before and format(call, "") == before and f"{call}" == before
    if isinstance(call, Bid):
        assert rendered == f"{call.level}{call.denomination.symbol}"
        assert parse_call(rendered) == call


@pytest.mark.parametrize("call", [PASS, DOUBLE, REDOUBLE, Bid(1, Denomination.CLUBS)])
def test_call_format_rejects_unknown_spec(call: Call) -> None:
    """An unknown format spec is an error."""
    with pytest.raises(ValueError, match="'q'"):
        format(call, "q")


def test_calls_are_hashable_values_equal_by_content() -> None:
    """Calls are immutable values (GUIDE 8.13 item 4): equal calls hash equal, whatever instance."""
    assert Pass() == PASS and Double() == DOUBLE and Redouble() == REDOUBLE
    assert len({Pass(), PASS, Double(), DOUBLE, Redouble(), REDOUBLE}) == 3
    table: dict[Call, str] = {Bid(3, Denomination.NOTRUMP): "game"}
    assert table[parse_call("3N")] == "game"
    distinct: list[Call] = [PASS, DOUBLE, REDOUBLE, Bid(1, Denomination.CLUBS), Bid(1, Denomination.DIAMONDS)]
    assert all((a == b) == (i == j) for i, a in enumerate(distinct) for j, b in enumerate(distinct))
    with pytest.raises(AttributeError):
        Bid(1, Denomination.CLUBS).level = 2  # type: ignore[misc]
