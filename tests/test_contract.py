"""Contracts: Law 22 (the last bid becomes the contract), Law 19D (doubled/redoubled), Law 41A (opening
leader), and the Definitions of contract, declarer and dummy."""

from __future__ import annotations

import pytest
from hypothesis import given

from strategies import contracts
from tenace import Contract, Denomination, Doubling, NotationError, Seat, Side

EVAL_NAMESPACE = {"Contract": Contract}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4SXN", (4, Denomination.SPADES, Seat.NORTH, Doubling.DOUBLED)),
        ("4SX by N", (4, Denomination.SPADES, Seat.NORTH, Doubling.DOUBLED)),
        ("4sx by n", (4, Denomination.SPADES, Seat.NORTH, Doubling.DOUBLED)),
        ("4S X BY N", (4, Denomination.SPADES, Seat.NORTH, Doubling.DOUBLED)),
        ("3NT by W", (3, Denomination.NOTRUMP, Seat.WEST, Doubling.UNDOUBLED)),
        ("3N W", (3, Denomination.NOTRUMP, Seat.WEST, Doubling.UNDOUBLED)),
        ("3NTW", (3, Denomination.NOTRUMP, Seat.WEST, Doubling.UNDOUBLED)),
        ("6H**S", (6, Denomination.HEARTS, Seat.SOUTH, Doubling.REDOUBLED)),
        ("6HXXS", (6, Denomination.HEARTS, Seat.SOUTH, Doubling.REDOUBLED)),
        ("6HRS", (6, Denomination.HEARTS, Seat.SOUTH, Doubling.REDOUBLED)),
        ("2D*E", (2, Denomination.DIAMONDS, Seat.EAST, Doubling.DOUBLED)),
        ("1♠N", (1, Denomination.SPADES, Seat.NORTH, Doubling.UNDOUBLED)),
        ("7♣xxE", (7, Denomination.CLUBS, Seat.EAST, Doubling.REDOUBLED)),
        (" 5C S ", (5, Denomination.CLUBS, Seat.SOUTH, Doubling.UNDOUBLED)),
    ],
)
def test_contract_from_str_accepts_declarer_in_the_text(
    text: str, expected: tuple[int, Denomination, Seat, Doubling]
) -> None:
    """A contract is level, denomination, optional X/XX (or * / ** / R) and the declarer, optionally after
    "by"."""
    c = Contract.from_str(text)
    assert (c.level, c.denomination, c.declarer, c.doubling) == expected


@pytest.mark.parametrize(("text", "seat"), [("4S", Seat.EAST), ("3NTX", Seat.WEST), ("7cxx", Seat.NORTH)])
def test_contract_from_str_takes_declarer_as_argument(text: str, seat: Seat) -> None:
    """Without a seat in the text, the declarer comes from the argument."""
    assert Contract.from_str(text, seat).declarer is seat


def test_contract_from_str_accepts_matching_declarer_in_both_places() -> None:
    """Naming the same declarer in the text and the argument is fine."""
    assert Contract.from_str("4SN", Seat.NORTH) == Contract(4, Denomination.SPADES, Seat.NORTH)


def test_contract_from_str_rejects_conflicting_declarers() -> None:
    """Naming different declarers in the text and the argument is an error naming both."""
    with pytest.raises(NotationError, match="'4SN'.*S"):
        Contract.from_str("4SN", Seat.SOUTH)


def test_contract_from_str_needs_a_declarer() -> None:
    """A contract always has a declarer (Definitions); a bare "4S" is an error naming it."""
    with pytest.raises(NotationError, match="'4S'"):
        Contract.from_str("4S")


@pytest.mark.parametrize(
    "text", ["", "8SN", "0NTN", "4ZN", "4SXXXN", "4S by", "4S by Q", "P", "Pass", "NT", "4SN!"]
)
def test_contract_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """Text that is not a contract raises NotationError (a ValueError) quoting the input."""
    with pytest.raises(NotationError) as info:
        Contract.from_str(text, Seat.NORTH)
    assert isinstance(info.value, ValueError) and repr(text) in str(info.value)


@given(contracts())
def test_contract_str_and_repr_round_trip(c: Contract) -> None:
    """parse(str(x)) == x and eval(repr(x)) == x; str() is level, denomination, X/XX and declarer."""
    assert Contract.from_str(str(c)) == c
    assert eval(repr(c), dict(EVAL_NAMESPACE)) == c
    assert (
        str(c) == f"{c.level}{c.denomination.value}{['', 'X', 'XX'][c.doubling.value // 2]}{c.declarer.value}"
    )
    assert Contract.from_str(c.text(), c.declarer) == c


@given(contracts())
def test_contract_unicode_rendering_never_changes_str(c: Contract) -> None:
    """format(contract, "u") renders the suit symbol and never changes str()."""
    before = str(c)
    rendered = format(c, "u")
    assert rendered == c.unicode() and c.denomination.symbol in rendered
    assert str(c) == before and format(c, "") == before
    assert Contract.from_str(rendered) == c


@given(contracts())
def test_definitions_contract_tricks_dummy_and_side(c: Contract) -> None:
    """Definitions: a contract undertakes six plus the level in tricks; dummy is declarer's partner; the
    contracting side is declarer's. Law 41A: declarer's left-hand opponent makes the opening lead."""
    assert c.tricks_needed == 6 + c.level
    assert c.dummy is c.declarer.partner
    assert c.opening_leader is c.declarer.lho
    assert c.side is c.declarer.side and c.side in (Side.NS, Side.EW)
    assert c.bid.level == c.level and c.bid.denomination is c.denomination
    assert c.trump is c.denomination


def test_19d_doubling_multiplies_trick_score_by_two_or_four() -> None:
    """Law 19D and Law 77: a double doubles and a redouble quadruples the trick score."""
    assert [d.multiplier for d in Doubling] == [1, 2, 4]
    assert [str(d) for d in Doubling] == ["", "X", "XX"]


def test_contract_equality_includes_doubling_and_declarer() -> None:
    """GUIDE 8.13 item 4: equality must not ignore a meaningful field (endplay's Contract ignored the
    double)."""
    base = Contract(4, Denomination.SPADES, Seat.NORTH)
    assert base == Contract.from_str("4SN")
    assert base != Contract(4, Denomination.SPADES, Seat.NORTH, Doubling.DOUBLED)
    assert base != Contract(4, Denomination.SPADES, Seat.SOUTH)
    assert len({base, Contract.from_str("4SXN"), Contract.from_str("4SXXN"), Contract.from_str("4SS")}) == 4


@pytest.mark.parametrize(
    "args",
    [
        (8, Denomination.SPADES, Seat.NORTH),
        (0, Denomination.SPADES, Seat.NORTH),
        (True, Denomination.SPADES, Seat.NORTH),
        (4, "S", Seat.NORTH),
        (4, Denomination.SPADES, "N"),
        (4, Denomination.SPADES, Seat.NORTH, 2),
    ],
)
def test_contract_constructor_rejects_bad_fields(args: tuple[object, ...]) -> None:
    """A contract's level is 1 to 7 and its fields have their proper types; anything else is a ValueError."""
    with pytest.raises(ValueError):
        Contract(*args)  # type: ignore[arg-type]


def test_contract_format_rejects_unknown_spec() -> None:
    """An unknown format spec is an error."""
    with pytest.raises(ValueError, match="'k'"):
        format(Contract.from_str("1CN"), "k")
