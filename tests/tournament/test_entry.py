"""Result entry: the device forms, the movement checks and the confirmation line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import contracts, deals
from tenace.cards import Card
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.errors import NotationError
from tenace.scoring.adjusted import ArtificialAdjustedScore
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.tournament.entry import EntrySyntaxError, ResultError, check_result, parse_entry, summary
from tenace.tournament.model import Movement, Result, Seating
from tenace.tournament.movements import howell, individual, load_thebridsk, mitchell

AT = {"board": 5, "round": 2, "table": 3, "ns": "3", "ew": "13"}
DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def parse(text: str) -> Result:
    return parse_entry(text, **AT)  # type: ignore[arg-type]


# --- parsing -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "contract", "tricks", "lead"), [
    ("4HX S 10", "4HXS", 10, None),
    ("4H S =", "4HS", 10, None),
    ("4H S +1", "4HS", 11, None),
    ("4H S -2", "4HS", 8, None),
    ("3NT W 9 lead SQ", "3NTW", 9, "SQ"),
    ("3nt w 9 lead sq", "3NTW", 9, "SQ"),
    ("4S= N", "4SN", 10, None),
    ("4SX-2 E", "4SXE", 8, None),
    ("4SXX+1 by W", "4SXXW", 11, None),
    ("4SN=", "4SN", 10, None),
    ("1N S 7", "1NTS", 7, None),
    ("6♠ N = lead ♥K", "6SN", 12, "HK"),
    ("7NT S 13 D2", "7NTS", 13, "D2"),
    ("2D by E 6", "2DE", 6, None),
    ("2C X N 0", "2CXN", 0, None),
])
def test_parses_the_usual_device_forms(text: str, contract: str, tricks: int, lead: str | None) -> None:
    r = parse(text)
    assert r.contract == Contract.from_str(contract)
    assert r.tricks == tricks
    assert r.lead == (Card.from_str(lead) if lead else None)
    assert (r.board, r.round, r.table, r.ns, r.ew) == (5, 2, 3, "3", "13")


@pytest.mark.parametrize("text", ["PASS", "pass", "P", "passed out", "Passed Out", "all pass", " pass  "])
def test_passed_out_forms_give_no_contract_and_no_tricks(text: str) -> None:
    r = parse(text)
    assert r.contract is None and r.tricks is None and r.lead is None
    assert r.ns_score() == 0


@pytest.mark.parametrize(("text", "field"), [
    ("", "contract"),
    ("hello", "contract"),
    ("8H S =", "contract"),
    ("0S N 7", "contract"),
    ("4H 10", "declarer"),
    ("4H Q =", "declarer"),
    ("4H N S =", "declarer"),
    ("4H by 10", "declarer"),
    ("4H S", "tricks"),
    ("4H S 14", "tricks"),
    ("4H S +4", "tricks"),
    ("7NT S +1", "tricks"),
    ("1C S -8", "tricks"),
    ("4H S = -1", "tricks"),
    ("4H S +0", "tricks"),
    ("4H S 10 lead Z9", "lead"),
    ("4H S 10 lead", "lead"),
    ("4H S 10 SQ HK", "lead"),
])
def test_unreadable_entries_name_the_field(text: str, field: str) -> None:
    with pytest.raises(EntrySyntaxError) as info:
        parse(text)
    err = info.value
    assert err.field == field
    assert (err.table, err.round, err.board) == (3, 2, 5)
    assert str(err).startswith("table 3, round 2, board 5: ")
    assert isinstance(err, NotationError) and isinstance(err, ResultError) and isinstance(err, ValueError)


def test_the_tricks_message_has_the_documented_form() -> None:
    with pytest.raises(ResultError, match=r"^table 3, round 2, board 5: tricks must be 0-13, got 14$"):
        parse("4H S 14")


@given(contracts(), st.integers(0, 13))
def test_every_form_of_one_result_parses_to_the_same_result(contract: Contract, tricks: int) -> None:
    needed = contract.tricks_needed
    diff = tricks - needed
    rel = "=" if diff == 0 else f"{diff:+d}"
    seat = contract.declarer.value
    forms = [f"{contract.text()} {seat} {tricks}", f"{contract.text()} {seat} {rel}",
             f"{contract.text()}{rel} {seat}", f"{contract.text()} by {seat} {rel}",
             f"{contract.text().lower()} {seat.lower()} {tricks}"]
    parsed = {parse(text) for text in forms}
    assert parsed == {Result(**AT, contract=contract, tricks=tricks)}  # type: ignore[arg-type]


@given(contracts(), st.integers(0, 13))
def test_parsed_entry_scores_as_law_77_from_north_south(contract: Contract, tricks: int) -> None:
    r = parse(f"{contract.text()} {contract.declarer.value} {tricks}")
    vulnerable = contract.declarer in (Seat.NORTH, Seat.SOUTH)  # board 5: North-South vulnerable (Law 2)
    expected = score(contract, tricks, vulnerable=vulnerable)
    assert r.ns_score() == (expected if contract.declarer.side.value == "NS" else -expected)


# --- checks against the movement -----------------------------------------------------------------------

MITCHELL = Movement("two tables, arrow switch in round 2", (
    Seating(round=1, table=1, ns="1", ew="2", boards=(1, 2)),
    Seating(round=1, table=2, ns="3", ew="4", boards=(3, 4)),
    Seating(round=2, table=1, ns="2", ew="3", boards=(3, 4)),  # arrow-switched: pair 2 sits North-South
    Seating(round=2, table=2, ns="4", ew="1", boards=(1, 2)),
))


def result(**changes: object) -> Result:
    base: dict[str, object] = {"board": 1, "round": 1, "table": 1, "ns": "1", "ew": "2",
                                   "contract": Contract.from_str("4HS"), "tricks": 10}
    base.update(changes)
    return Result(**base)  # type: ignore[arg-type]


def field_of(r: Result, deal: Deal | None = None) -> str | None:
    with pytest.raises(ResultError) as info:
        check_result(r, MITCHELL, deal)
    assert (info.value.table, info.value.round, info.value.board) == (r.table, r.round, r.board)
    return info.value.field


def test_a_correct_result_passes() -> None:
    check_result(result(), MITCHELL)
    check_result(result(round=2, ns="2", ew="3", board=4, contract=Contract.from_str("3NTXW"), tricks=7),
                 MITCHELL)


def test_a_table_that_does_not_exist_or_does_not_play_that_round() -> None:
    assert field_of(result(table=3)) == "table"
    assert field_of(result(round=3)) == "round"


def test_pairs_must_be_the_ones_seated_there() -> None:
    assert field_of(result(ns="3")) == "ns"
    assert field_of(result(ew="4")) == "ew"


def test_arrow_switched_round_takes_the_direction_from_the_seating() -> None:
    # in round 2 at table 1 pair 2 sits North-South; entering it the normal way round is wrong
    assert field_of(result(round=2, ns="3", ew="2", board=3)) == "ns"
    check_result(result(round=2, ns="2", ew="3", board=3), MITCHELL)


def test_board_must_be_in_the_rounds_set() -> None:
    assert field_of(result(board=3)) == "board"
    assert field_of(result(round=2, table=2, ns="4", ew="1", board=3)) == "board"


def test_tricks_are_required_and_bounded_for_a_played_board() -> None:
    assert field_of(result(tricks=None)) == "tricks"
    assert field_of(result(tricks=14)) == "tricks"
    assert field_of(result(tricks=-1)) == "tricks"
    with pytest.raises(ResultError, match=r"^table 1, round 1, board 1: tricks must be 0-13, got 14$"):
        check_result(result(tricks=14), MITCHELL)


def test_passed_out_and_adjusted_boards_have_no_tricks() -> None:
    check_result(result(contract=None, tricks=None), MITCHELL)
    assert field_of(result(contract=None, tricks=7)) == "tricks"
    adjusted = ArtificialAdjustedScore.from_code("A6040")
    check_result(result(contract=None, tricks=None, adjusted=adjusted), MITCHELL)
    assert field_of(result(contract=None, tricks=9, adjusted=adjusted)) == "tricks"


def test_passed_out_board_has_no_lead() -> None:
    assert field_of(result(contract=None, tricks=None, lead=Card.from_str("SA"))) == "lead"


def test_41a_lead_must_come_from_declarers_left_hand_opponent() -> None:
    # South declares: West (2.5432.5432.5432) leads
    check_result(result(lead=Card.from_str("H5")), MITCHELL, DEAL)
    assert field_of(result(lead=Card.from_str("SA")), DEAL) == "lead"  # North's card
    # without a deal the lead is not checked
    check_result(result(lead=Card.from_str("SA")), MITCHELL)


@given(deals(), contracts(), st.data())
def test_41a_any_card_of_the_opening_leader_is_accepted_and_no_other(deal: Deal, contract: Contract,
                                                                   data: st.DataObject) -> None:
    card = data.draw(st.sampled_from(sorted(Card.from_index(i) for i in range(52))))
    r = result(contract=contract, tricks=contract.tricks_needed, lead=card)
    if card in deal[contract.declarer.lho]:
        check_result(r, MITCHELL, deal)
    else:
        assert field_of(r, deal) == "lead"


@pytest.mark.parametrize("name", ["Movement.Howell04T2B18.yaml", "Movement.Howell06T3B20.yaml"])
def test_every_seating_of_a_real_movement_accepts_its_results_and_rejects_swapped_pairs(
        oracles: Path, name: str) -> None:
    movement = load_thebridsk(oracles / "movements-thebridsk" / name)
    for s in movement.seatings:
        for board in s.boards:
            ok = parse_entry("3NT N =", board=board, round=s.round, table=s.table, ns=s.ns, ew=s.ew)
            check_result(ok, movement)
            swapped = parse_entry("3NT N =", board=board, round=s.round, table=s.table, ns=s.ew, ew=s.ns)
            with pytest.raises(ResultError) as info:
                check_result(swapped, movement)
            assert info.value.field == "ns"


@pytest.mark.parametrize("tables", [3, 5])
def test_5b_generated_mitchell_with_an_arrow_switch_round(tables: int) -> None:
    """In an arrow-switched round the home East-West pair sits North-South (Law 5B): the entry must follow
    that round's seating, and entering the pairs by their home directions is refused on the ns field."""
    movement = mitchell(tables, arrow_switch={2})
    for s in movement.seatings:
        board = s.boards[0]
        check_result(parse_entry("2S E -1", board=board, round=s.round, table=s.table, ns=s.ns, ew=s.ew),
                     movement)
        home_ns, home_ew = (s.ew, s.ns) if s.round == 2 else (s.ns, s.ew)
        assert home_ns.endswith("NS") and home_ew.endswith("EW")
        if s.round == 2:
            with pytest.raises(ResultError) as info:
                check_result(parse_entry("2S E -1", board=board, round=2, table=s.table, ns=home_ns,
                                         ew=home_ew), movement)
            assert info.value.field == "ns"


@pytest.mark.parametrize("movement", [howell(4), individual(8)], ids=["howell-4", "individual-8"])
def test_generated_howell_and_individual_seatings_accept_their_boards_only(movement: Movement) -> None:
    everything = set(movement.boards)
    for s in movement.seatings:
        for board in sorted(everything):
            r = parse_entry("1NT S 7", board=board, round=s.round, table=s.table, ns=s.ns, ew=s.ew)
            if board in s.boards:
                check_result(r, movement)
            else:
                with pytest.raises(ResultError) as info:
                    check_result(r, movement)
                assert info.value.field == "board"


# --- the confirmation line -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "board", "line"), [
    ("4H S =", 5, "Board 5: 4♥ by S, making 10, NS +620"),  # 420 + 500 game bonus vulnerable, Law 77
    ("4H S =", 1, "Board 1: 4♥ by S, making 10, NS +420"),
    ("4SX E -2", 1, "Board 1: 4♠X by E, down 2, NS +300"),
    ("1NT W +2 lead DQ", 3, "Board 3: 1NT by W, making 9, lead ♦Q, EW +150"),
    ("PASS", 4, "Board 4: passed out, 0"),
])
def test_summary_shows_contract_result_and_score(text: str, board: int, line: str) -> None:
    r = parse_entry(text, board=board, round=1, table=1, ns="1", ew="2")
    assert summary(r) == line


def test_summary_of_an_adjusted_score() -> None:
    r = result(contract=None, tricks=None, adjusted=ArtificialAdjustedScore.from_code("A6040"))
    assert summary(r) == "Board 1: adjusted score A6040"


def result_or_syntax_error(text: str) -> None:
    try:
        r = parse(text)
    except EntrySyntaxError as err:
        assert err.field in ("contract", "declarer", "tricks", "lead")
        return
    assert r.contract is None or r.tricks is not None and 0 <= r.tricks <= 13


@given(st.text(max_size=30))
def test_any_text_is_a_result_or_an_entry_syntax_error(text: str) -> None:
    result_or_syntax_error(text)


SOUP = ["4", "H", "S", "NT", "X", "XX", "=", "+1", "-2", "10", "N", "by", "lead", "SQ", "♥", "7", " ", "pass",
        "0", "+", "-", "²", "٣", "W", "E", "D10"]


@given(st.lists(st.sampled_from(SOUP), max_size=8), st.sampled_from(["", " "]))
def test_token_soup_is_a_result_or_an_entry_syntax_error(tokens: list[str], sep: str) -> None:
    result_or_syntax_error(sep.join(tokens))


@pytest.mark.parametrize("text", ["4H S ²", "4H S ٣", "4H S +٣", "4H S -"])
def test_only_ascii_digits_count_as_tricks(text: str) -> None:
    with pytest.raises(EntrySyntaxError):
        parse(text)
