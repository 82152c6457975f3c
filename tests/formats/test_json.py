"""Tenace's JSON form: lossless round trips, the documented example, and errors that name the JSON path."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import auctions, card_sets, cards, contracts, deals, seats
from tenace import Board, Card, CardSet, Contract, Deal, PartialDeal, Play, Seat, Vulnerability, parse_call
from tenace.formats import json as tjson
from tenace.formats.json import JSONFormatError
from tenace.record import AnnotatedCall, DealRecord

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats.md"
GRAND = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"

texts = st.text(max_size=12)  # any Unicode, control characters and quotes included


@st.composite
def partial_deals(draw: st.DrawFn) -> PartialDeal:
    hands = [draw(st.none() | card_sets) for _ in range(4)]
    n, e, s, w = hands
    return PartialDeal((n, e, s, w))


@st.composite
def annotated_calls(draw: st.DrawFn) -> tuple[AnnotatedCall, ...] | None:
    if draw(st.booleans()):
        return None
    auction = draw(auctions(complete=draw(st.booleans())))
    return tuple(
        AnnotatedCall(call, draw(st.booleans()), draw(st.none() | texts), draw(st.none() | texts))
        for call in auction.calls
    )


@st.composite
def records(draw: st.DrawFn) -> DealRecord:
    """Any record, coherent or not: the JSON form must keep whatever a file said. Half the time the play is
    a legal one (Law 44) of the record's deal and contract, otherwise any cards at all."""
    n, e, s, w = (draw(st.none() | texts) for _ in range(4))
    deal = draw(st.none() | deals() | partial_deals())
    contract = draw(st.none() | contracts())
    play: tuple[Card, ...] = tuple(draw(st.lists(cards, max_size=60)))
    if isinstance(deal, Deal) and contract is not None and draw(st.booleans()):
        legal = Play.for_contract(deal, contract)
        stop = draw(st.integers(0, 52))
        while len(legal.cards) < stop:
            legal = legal.push(draw(st.sampled_from(list(legal.legal_cards()))))
        play = legal.cards
    return DealRecord(
        number=draw(st.none() | st.integers(1, 10_000)),
        dealer=draw(st.none() | seats),
        vulnerability=draw(st.none() | st.sampled_from(Vulnerability)),
        deal=deal,
        players=(n, e, s, w),
        calls=draw(annotated_calls()),
        contract=contract,
        passed_out=draw(st.booleans()),
        tricks=draw(st.none() | st.integers(0, 13)),
        play=play,
        claim=draw(st.none() | st.integers(0, 13)),
        extra=tuple(draw(st.lists(st.tuples(texts, texts), max_size=4))),
    )


@settings(max_examples=150, deadline=None)
@given(records())
def test_json_round_trip_of_any_record(record: DealRecord) -> None:
    data = tjson.to_json(record)
    assert tjson.from_json(data) == record
    # and through text, as it would be stored or sent
    assert tjson.from_json(json.loads(json.dumps(data))) == record
    assert tjson.loads(tjson.dumps(record, indent=None)) == record


@settings(max_examples=25, deadline=None)
@given(st.lists(records(), max_size=4))
def test_json_round_trip_of_a_document_of_records(items: list[DealRecord]) -> None:
    assert tjson.loads_records(tjson.dumps_records(items)) == items


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 500), st.none() | deals(), st.none() | seats,
       st.none() | st.sampled_from(Vulnerability))
def test_json_round_trip_of_boards(number: int, deal: Deal | None, dealer: Seat | None,
                                   vul: Vulnerability | None) -> None:
    board = Board(number, deal, dealer, vul)  # type: ignore[arg-type]
    assert tjson.board_from_json(json.loads(json.dumps(tjson.board_to_json(board)))) == board


@settings(max_examples=50, deadline=None)
@given(deals() | partial_deals(), contracts())
def test_json_round_trip_of_deals_and_contracts(deal: Deal | PartialDeal, contract: Contract) -> None:
    assert tjson.deal_from_json(tjson.deal_to_json(deal)) == deal
    assert type(tjson.deal_from_json(tjson.deal_to_json(deal))) is type(deal)
    assert tjson.contract_from_json(tjson.contract_to_json(contract)) == contract


def test_json_uses_canonical_notation() -> None:
    calls = (AnnotatedCall(parse_call("7NT")), AnnotatedCall(parse_call("pass"), alert=True))
    record = DealRecord(number=1, dealer=Seat.NORTH, vulnerability=Vulnerability.BOTH,
                        deal=Deal.from_pbn(GRAND), players=("Nora", None, "Sam", None), calls=calls,
                        contract=Contract.from_str("7NT X by N"), play=(Card.from_str("S10"),))
    data = tjson.to_json(record)
    assert data["format"] == "tenace.deal-record" and data["version"] == 1
    assert data["deal"] == GRAND
    assert data["vulnerability"] == "All"
    assert data["players"] == {"N": "Nora", "E": None, "S": "Sam", "W": None}
    assert data["calls"] == ["7NT", {"call": "P", "alert": True}]
    assert data["contract"] == "7NTXN"
    assert data["play"] == ["ST"]


def test_a_minimal_object_takes_the_defaults() -> None:
    assert tjson.from_json({"format": "tenace.deal-record", "version": 1}) == DealRecord()


def _doc_example() -> dict[str, Any]:
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", text, flags=re.DOTALL)
    assert block is not None, "docs/formats.md has a ```json example"
    data: dict[str, Any] = json.loads(block.group(1))
    return data


def test_the_example_in_the_documentation_reads_and_is_what_the_writer_writes() -> None:
    data = _doc_example()
    record = tjson.from_json(data)
    assert isinstance(record.deal, Deal)
    assert record.calls is not None and record.calls[0].alert
    assert tjson.to_json(record) == data


def test_partial_deal_keeps_unknown_and_short_hands() -> None:
    partial = PartialDeal((CardSet.from_pbn("AKQ.2.3.4"), None, CardSet(), None))
    data = tjson.deal_to_json(partial)
    assert data == {"partial": "N:AKQ.2.3.4 - ... -"}
    assert tjson.deal_from_json(data) == partial


# --- errors name the path -------------------------------------------------------------------------------

def _record(**fields: Any) -> dict[str, Any]:
    return {"format": "tenace.deal-record", "version": 1, **fields}


@pytest.mark.parametrize(("data", "path", "message"), [
    (_record(calls=["1NT", "P", "9Z"]), "calls[2]", "not a call"),
    (_record(calls=["1NT", {"call": "P", "alert": "yes"}]), "calls[1].alert", "true or false"),
    (_record(calls=[{"cal": "P"}]), "calls[0].cal", "unknown key"),
    (_record(calls="1NT P"), "calls", "expected a list"),
    (_record(play=["SA", "S1"]), "play[1]", "not a card"),
    (_record(play=["SA", 7]), "play[1]", "expected a card"),
    (_record(deal="N:AKQ... - - -"), "deal", "unknown hands"),
    (_record(deal="N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432"), "deal", "Law 1"),
    (_record(deal={"partial": 3}), "deal.partial", "PBN deal string"),
    (_record(contract="4Z"), "contract", "not a contract"),
    (_record(dealer="X"), "dealer", "N, E, S or W"),
    (_record(vulnerability="Both"), "vulnerability", "None, NS, EW or All"),
    (_record(tricks=14), "tricks", "0..13"),
    (_record(tricks=True), "tricks", "integer"),
    (_record(number=0), "number", ">= 1"),
    (_record(players={"N": 3}), "players.N", "string"),
    (_record(players={"North": "x"}), "players.North", "unknown key"),
    (_record(extra=[["Event", "x"], ["Site"]]), "extra[1]", "pair of strings"),
    (_record(contrat="4SN"), "contrat", "unknown key"),
    ({"format": "tenace.deal-record", "version": 2}, "version", "newer than this reader"),
    ({"format": "tenace.deal-record"}, "version", "positive integer"),
    ({"format": "pbn", "version": 1}, "format", "expected 'tenace.deal-record'"),
    ([], "(root)", "expected an object"),
])
def test_bad_record_errors_name_the_path(data: Any, path: str, message: str) -> None:
    with pytest.raises(JSONFormatError) as info:
        tjson.from_json(data)
    assert info.value.path == path
    assert str(info.value).startswith(f"{path}: ")
    assert message in str(info.value)


def test_errors_in_a_document_name_the_board() -> None:
    good = tjson.to_json(DealRecord(number=1))
    del good["format"], good["version"]
    bad = dict(good, calls=["1C", "P", "P", "P", "P", "4Q"])
    data = {"format": "tenace.deal-records", "version": 1, "boards": [good, good, good, bad]}
    with pytest.raises(JSONFormatError, match=r"^boards\[3\]\.calls\[5\]: not a call: '4Q'") as info:
        tjson.records_from_json(data)
    assert info.value.path == "boards[3].calls[5]"


def test_board_errors() -> None:
    with pytest.raises(JSONFormatError, match=r"^number: a board needs a number"):
        tjson.board_from_json({"deal": GRAND})
    with pytest.raises(JSONFormatError, match=r"^deal: a board holds a full deal"):
        tjson.board_from_json({"number": 1, "deal": {"partial": "N:A... - - -"}})


def test_text_that_is_not_json() -> None:
    with pytest.raises(JSONFormatError, match=r"not JSON"):
        tjson.loads("{'single': 'quotes'}")


def test_json_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        tjson.from_json(_record(tricks=-1))


json_scalars = st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8) | st.sampled_from(
    ["", "N", "All", "1NT", "SA", GRAND, "4SXN"])
json_keys = st.sampled_from(["number", "dealer", "deal", "calls", "call", "alert", "play", "players", "N",
                             "partial", "extra", "tricks", "claim", "contract", "vulnerability", "x"])
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(json_keys, inner, max_size=5),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(list(tjson.to_json(DealRecord()))), json_values))
def test_fuzz_any_json_gives_a_record_or_a_json_format_error(fields: dict[str, Any]) -> None:
    data = {"format": "tenace.deal-record", "version": 1, **fields}
    try:
        record = tjson.from_json(data)
    except JSONFormatError as err:
        assert err.path
        return
    assert tjson.from_json(tjson.to_json(record)) == record
