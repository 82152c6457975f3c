"""Boards: Law 2 (duplicate boards: number, dealer and vulnerability; the 16-board cycle; boards marked
otherwise)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenace import Board, Deal, NotationError, Seat, Side, Vulnerability, dealer_for, vulnerability_for

# Law 2's table, typed in from the Law as data: which boards of each 16 have each dealer and vulnerability.
LAW2_DEALER = {"N": (1, 5, 9, 13), "E": (2, 6, 10, 14), "S": (3, 7, 11, 15), "W": (4, 8, 12, 16)}
LAW2_VULNERABILITY = {
    "None": (1, 8, 11, 14),
    "NS": (2, 5, 12, 15),
    "EW": (3, 6, 9, 16),
    "All": (4, 7, 10, 13),
}


def _derived_vulnerability(number: int) -> str:
    """An independent derivation of the Law 2 pattern: within each group of four boards the vulnerability
    steps None -> NS -> EW -> All, and each later group of four starts one step further on."""
    k = (number - 1) % 16
    return ["None", "NS", "EW", "All"][(k // 4 + k % 4) % 4]


def test_law2_table_is_consistent_with_the_rotation_derivation() -> None:
    """The typed-in table of Law 2 and the rotation rule agree on boards 1-16 (each checks the other)."""
    for vul, boards in LAW2_VULNERABILITY.items():
        assert all(_derived_vulnerability(n) == vul for n in boards)
    assert sorted(n for boards in LAW2_VULNERABILITY.values() for n in boards) == list(range(1, 17))


@pytest.mark.parametrize("number", range(1, 65))
def test_law2_dealer_and_vulnerability_of_boards_1_to_64(number: int) -> None:
    """Law 2: the dealer rotates N, E, S, W from board 1 and the vulnerability follows the 16-board pattern;
    boards 17-32 and every later group of 16 repeat it."""
    in_cycle = (number - 1) % 16 + 1
    expected_dealer = next(seat for seat, boards in LAW2_DEALER.items() if in_cycle in boards)
    expected_vul = next(vul for vul, boards in LAW2_VULNERABILITY.items() if in_cycle in boards)
    assert dealer_for(number).value == expected_dealer == "NESW"[(number - 1) % 4]
    assert vulnerability_for(number).value == expected_vul == _derived_vulnerability(number)
    board = Board(number)
    assert board.dealer is dealer_for(number) and board.vulnerability is vulnerability_for(number)
    assert board.follows_law_2


@given(st.integers(1, 10_000))
def test_law2_pattern_repeats_every_16_boards(number: int) -> None:
    """Law 2: the same sequence is repeated for each subsequent group of 16 boards."""
    assert vulnerability_for(number) is vulnerability_for(number + 16)
    assert dealer_for(number) is dealer_for(number + 16) is dealer_for(number + 4)


def test_law2_board_marked_otherwise_keeps_its_marked_conditions() -> None:
    """Law 2: a board that does not conform should not be used, but if it is, the conditions marked on it
    apply for the session; a Board keeps given dealer and vulnerability and says it departs from Law 2."""
    board = Board(5, dealer=Seat.WEST, vulnerability=Vulnerability.EW)
    assert board.dealer is Seat.WEST and board.vulnerability is Vulnerability.EW
    assert not board.follows_law_2
    only_dealer = Board(5, dealer=Seat.WEST)
    assert only_dealer.vulnerability is Vulnerability.NS and not only_dealer.follows_law_2
    only_vul = Board(5, vulnerability=Vulnerability.NS)
    assert only_vul.dealer is Seat.NORTH and only_vul.follows_law_2  # the "override" equals Law 2
    assert Board(5, dealer=Seat.NORTH, vulnerability=Vulnerability.NS) == Board(5)


def test_board_holds_its_deal() -> None:
    """Definitions (Board 2): the four hands placed in the board."""
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    board = Board(7, deal)
    assert board.deal == deal and board.dealer is Seat.SOUTH and board.vulnerability is Vulnerability.BOTH
    assert Board(7).deal is None


@pytest.mark.parametrize("number", [0, -1, -16, True, "1", 1.0])
def test_board_numbers_start_at_one(number: object) -> None:
    """Boards are numbered 1, 2, 3, ...; anything else is a ValueError naming the number."""
    with pytest.raises(ValueError):
        Board(number)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [0, -1])
def test_dealer_and_vulnerability_need_a_board_number_from_one(number: int) -> None:
    """Law 2 numbers boards from 1."""
    with pytest.raises(ValueError, match=str(number)):
        dealer_for(number)
    with pytest.raises(ValueError, match=str(number)):
        vulnerability_for(number)


# Law 77 vulnerability truth table, written out: (vulnerability, side) -> vulnerable?
VULNERABLE = {
    ("None", "NS"): False,
    ("None", "EW"): False,
    ("NS", "NS"): True,
    ("NS", "EW"): False,
    ("EW", "NS"): False,
    ("EW", "EW"): True,
    ("All", "NS"): True,
    ("All", "EW"): True,
}


@pytest.mark.parametrize("vul", list(Vulnerability))
@pytest.mark.parametrize("seat", list(Seat))
def test_law2_is_vulnerable_for_each_seat_and_side(vul: Vulnerability, seat: Seat) -> None:
    """A side is vulnerable when the board says so for it or for both sides; a seat takes its side's."""
    expected = VULNERABLE[(vul.value, seat.side.value)]
    assert vul.is_vulnerable(seat) is expected
    assert vul.is_vulnerable(seat.side) is expected
    assert Board(1, vulnerability=vul).is_vulnerable(seat) is expected
    assert vul.is_vulnerable(Side.NS) or vul.is_vulnerable(Side.EW) or vul is Vulnerability.NONE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("None", Vulnerability.NONE),
        ("none", Vulnerability.NONE),
        ("Love", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("Neither", Vulnerability.NONE),
        ("NS", Vulnerability.NS),
        ("N-S", Vulnerability.NS),
        ("n/s", Vulnerability.NS),
        ("NS ", Vulnerability.NS),
        ("EW", Vulnerability.EW),
        ("E-W", Vulnerability.EW),
        ("ew", Vulnerability.EW),
        ("All", Vulnerability.BOTH),
        ("Both", Vulnerability.BOTH),
        ("BOTH", Vulnerability.BOTH),
    ],
)
def test_vulnerability_from_str_accepts_pbn_and_common_spellings(text: str, expected: Vulnerability) -> None:
    """PBN writes None/Love/-, NS, EW and All/Both; separators and case vary in the wild."""
    assert Vulnerability.from_str(text) is expected


@pytest.mark.parametrize("text", ["NE", "xyz", "NSEW", "vul", "Al"])
def test_vulnerability_from_str_rejects_bad_input_naming_it(text: str) -> None:
    """Anything else is a NotationError quoting the input."""
    with pytest.raises(NotationError) as info:
        Vulnerability.from_str(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("vul", list(Vulnerability))
def test_vulnerability_str_round_trips(vul: Vulnerability) -> None:
    """str() is the PBN spelling, which parses back."""
    assert str(vul) in ("None", "NS", "EW", "All")
    assert Vulnerability.from_str(str(vul)) is vul
