"""The JSON table log (tenace.laws.log): every event and option type is known to it, tables round-trip
losslessly through it, and bad documents are reported at their JSON path."""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from typing import Any

import pytest

from tenace import Board, Card, Deal, Seat, parse_call
from tenace.calls import Call
from tenace.formats.json import JSONFormatError
from tenace.laws import (
    DIRECTOR,
    Accept,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    Comparable,
    Director,
    DirectorCalled,
    Elected,
    LawRef,
    Policy,
    Reject,
    Table,
    decisions,
    events,
)
from tenace.laws.log import (
    EVENT_TYPES,
    OPTION_TYPES,
    dumps,
    event_from_json,
    event_to_json,
    loads,
    loads_record,
)

from ._helpers import DEAL, E, N, S, W, calls, table

EVENT_CLASSES = typing.get_args(events.Event)
OPTION_CLASSES = typing.get_args(decisions.Option)


def test_every_event_type_of_the_engine_is_registered_in_the_log() -> None:
    """Every member of the Event union is written under its own class name (no two share a name)."""
    missing = [cls.__name__ for cls in EVENT_CLASSES if EVENT_TYPES.get(cls.__name__) is not cls]
    assert not missing, f"{missing} are not in tenace.laws.log.EVENT_TYPES (a name clash?)"
    assert set(EVENT_TYPES.values()) == set(EVENT_CLASSES)


def test_every_option_type_of_the_engine_is_registered_in_the_log() -> None:
    """Every member of the Option union is written under its own class name (no two share a name)."""
    missing = [cls.__name__ for cls in OPTION_CLASSES if OPTION_TYPES.get(cls.__name__) is not cls]
    assert not missing, f"{missing} are not in tenace.laws.log.OPTION_TYPES (a name clash?)"
    assert set(OPTION_TYPES.values()) == set(OPTION_CLASSES)


# --- sample values of every field type, so every registered type is exercised -----------------------------


def _sample(tp: Any, variant: int = 0) -> Any:
    """A value of declared type ``tp`` that is not a field default (so that it is written out)."""
    if tp == Call or (typing.get_origin(tp) in (typing.Union, types.UnionType)
                      and set(typing.get_args(tp)) == set(typing.get_args(Call))):
        return parse_call("2D")
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _sample(args[variant % len(args)], variant)
    origin = typing.get_origin(tp)
    if origin is tuple:
        return (_sample(typing.get_args(tp)[0]),)
    if origin is frozenset:
        return frozenset({_sample(typing.get_args(tp)[0])})
    simple: dict[Any, Any] = {
        bool: True, int: 3, str: "a note", Seat: Seat.WEST, Director: DIRECTOR, Card: Card.from_str("HQ"),
        LawRef: LawRef(27, "B1(b)"),
        Deal: Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"),
    }
    if tp in simple:
        return simple[tp]
    if tp is events.BidAboveSeven:  # its bid is checked: no sample string will do
        return events.BidAboveSeven(Seat.WEST, ("8C", "9NT", "12S")[variant % 3])
    if tp is events.ScoreAdjusted:  # either assigned (weights adding up to 1) or artificial, never both
        if variant % 2:
            return events.ScoreAdjusted(LawRef(12, "C2(a)"), artificial="A6040", note="a note")
        shares = (events.ScoreShare(620, 2, 3), events.ScoreShare(-100, 1, 3))
        return events.ScoreAdjusted(LawRef(27, "D"), shares, (events.ScoreShare(-100),), note="a note")
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return list(tp)[-1]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tp(**{f.name: _sample(hints[f.name], variant) for f in dataclasses.fields(tp)})
    raise AssertionError(f"test_log does not know how to make a sample {tp!r}: extend _sample")


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_every_event_type_round_trips_through_json(cls: type) -> None:
    """Fails loudly for a new event type whose fields the log cannot write or read yet."""
    for variant in range(3):
        event = _sample(cls, variant)
        data = event_to_json(event)
        assert data["type"] == cls.__name__
        assert event_from_json(json.loads(json.dumps(data))) == event


@pytest.mark.parametrize("cls", OPTION_CLASSES, ids=lambda c: c.__name__)
def test_every_option_type_round_trips_inside_an_election(cls: type) -> None:
    for actor in (Seat.EAST, DIRECTOR):
        event = Elected(actor, _sample(cls))
        data = event_to_json(event)
        assert data["option"]["type"] == cls.__name__
        assert event_from_json(json.loads(json.dumps(data))) == event


def test_fields_at_their_default_are_left_out_and_restored() -> None:
    data = event_to_json(events.CallMade(N, parse_call("1NT")))
    assert data == {"type": "CallMade", "seat": "N", "call": "1NT"}
    assert event_from_json(data) == events.CallMade(N, parse_call("1NT"), alert=False, explanation=None)


@pytest.mark.parametrize("event", [
    events.CallMade(N, parse_call("1NT")),
    events.CallMade(E, parse_call("X"), alert=True),
    events.CallMade(S, parse_call("2C"), alert=True, explanation="Stayman: asks for a four-card major"),
    events.CallMade(W, parse_call("P"), explanation=""),
    events.CallMade(N, parse_call("7NT"), alert=False, explanation="natural"),
    CardPlayed(E, Card.from_str("SQ")),
    CardPlayed(W, Card.from_str("C2")),
])
def test_calls_and_cards_are_written_exactly_as_every_other_event(event: events.Event) -> None:
    from tenace.laws.log import _tagged

    assert event_to_json(event) == _tagged(event, EVENT_TYPES, "event")  # the short route's output
    assert json.dumps(event_to_json(event)) == json.dumps(_tagged(event, EVENT_TYPES, "event"))  # key order
    assert event_from_json(event_to_json(event)) == event


# --- whole tables ---------------------------------------------------------------------------------------


def _round_trip(t: Table) -> Table:
    back = loads(dumps(t))
    assert back == t
    assert Table.replay(back.board, back.record, back.regulations) == t
    return back


def test_insufficient_bid_rejected_and_judged_round_trips() -> None:
    t = calls(table(), "N:1H E:1D")
    t = t.apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:P")
    assert t.pending is not None and t.pending.actor is DIRECTOR
    not_comparable = next(o for o in t.pending.options if isinstance(o, Comparable) and not o.yes)
    t = t.apply(Elected(DIRECTOR, not_comparable))
    back = _round_trip(t)
    assert back.constraints == t.constraints and back.withdrawn == t.withdrawn and back.constraints


def test_accepted_call_out_of_rotation_round_trips() -> None:
    t = calls(table(), "E:1S")
    t = t.apply(DirectorCalled(S)).apply(Elected(S, Accept(LawRef(29, "A"))))
    back = _round_trip(t)
    assert [c.seat for c in back.calls] == [E]


def test_board_played_to_a_contested_claim_ruled_by_the_director_round_trips() -> None:
    t = calls(table(), "N:3NT E:P S:P W:P")
    for text in ("ST", "S3", "S2", "SA"):
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, Card.from_str(text)))
    t = t.apply(ClaimMade(N, 12, "all top tricks")).apply(ClaimAnswered(E, False)).apply(ClaimRuled(11))
    back = _round_trip(t)
    assert back.declarer_tricks == t.declarer_tricks == 12 and back.score_ns() == t.score_ns()


def test_regulations_and_board_are_kept() -> None:
    board = Board(14, DEAL)
    t = Table.new(board, table(policy=Policy.ONLINE).regulations)
    t = calls(t, "E:P S:1C")
    data = json.loads(dumps(t))
    assert data["board"] == {"number": 14, "dealer": "E", "vulnerability": "None", "deal": DEAL.to_pbn()}
    assert data["regulations"] == {"policy": "online"}
    assert _round_trip(t).regulations.policy is Policy.ONLINE


def test_loads_record_gives_the_events_without_replaying() -> None:
    t = calls(table(), "N:1C E:P")
    board, regulations, record = loads_record(dumps(t))
    assert board == t.board and regulations == t.regulations and record == t.record


# --- errors name the JSON path ----------------------------------------------------------------------------


CM = "CallMade"


def _log(*evts: dict[str, Any], **top: Any) -> str:
    doc: dict[str, Any] = {"format": "tenace.table-log", "version": 1,
                           "board": {"number": 1, "deal": DEAL.to_pbn()}, "events": list(evts)}
    doc.update(top)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        (_log({"type": CM, "seat": "N", "call": "1H"}, {"type": CM, "seat": "Q", "call": "P"}),
         "events[1].seat", "a seat"),
        (_log({"type": "CardDropped", "seat": "N"}), "events[0].type", "unknown event type"),
        (_log({"type": "CallMade", "seat": "N"}), "events[0].call", "missing"),
        (_log({"type": "CallMade", "seat": "N", "call": "1H", "colour": "red"}), "events[0].colour",
         "unknown key"),
        (_log({"type": "Elected", "actor": "S", "option": {"type": "Maybe", "law": "27A1"}}),
         "events[0].option.type", "unknown option type"),
        (_log({"type": "Elected", "actor": "S", "option": {"type": "Accept", "law": "99Z"}}),
         "events[0].option.law", "law"),
        (_log({"type": CM, "seat": "N", "call": "1H", "alert": "yes"}), "events[0].alert", "true or false"),
        (_log({"type": CM, "seat": "E", "call": "1H"}, {"type": "CardPlayed", "seat": "S", "card": "SA"}),
         "events[1]", "auction has not ended"),
        (_log(version=2), "version", "newer"),
        (_log(format="tenace.deal-record"), "format", "tenace.table-log"),
        (_log(board={"number": 1}), "board.deal", "full deal"),
        (_log(regulations={"policy": "lenient"}), "regulations.policy", "'laws'"),
        ("[1, 2", "(text)", "not JSON"),
    ],
)
def test_bad_logs_are_reported_at_their_json_path(text: str, path: str, words: str) -> None:
    with pytest.raises(JSONFormatError) as info:
        loads(text)
    assert info.value.path == path
    assert words in info.value.message


def test_a_refused_event_keeps_the_engines_reason() -> None:
    text = _log({"type": "CallMade", "seat": "N", "call": "1H"},
                {"type": "Elected", "actor": "S", "option": {"type": "Accept", "law": "27A1"}})
    with pytest.raises(JSONFormatError, match=r"events\[1\]: event 2 .*no decision is pending"):
        loads(text)


def test_the_documented_example_loads() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    text = _log({"type": CM, "seat": "N", "call": "1H"}, {"type": CM, "seat": "E", "call": "1D"},
                {"type": "DirectorCalled", "by": "S"},
                {"type": "Elected", "actor": "S", "option": {"type": "Accept", "law": "27A1"}})
    t = loads(text)
    assert t.board.deal == deal and [str(c.call.call) for c in t.calls] == ["1H", "1D"] and t.turn is S
    assert W  # (seat helpers imported for symmetry with other scenario files)
