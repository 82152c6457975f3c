"""The WebSocket protocol's pure part: parsing client messages, who may act for whom, and the view JSON."""

from __future__ import annotations

from typing import Any

import pytest

from tenace import Board, Card, Deal, Seat, parse_call
from tenace.laws import CallMade, CardPlayed, ClaimMade, DirectorCalled, Table
from tenace.laws.refs import DIRECTOR, Policy, Regulations
from tenace.server.protocol import (
    ProtocolError,
    cards_in,
    legal_for,
    parse_action,
    to_event,
    view_message,
)

DEAL = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")


def _table(*calls: tuple[Seat, str, bool, str | None]) -> Table:
    table = Table.new(Board(1, DEAL), Regulations(policy=Policy.ONLINE))
    for seat, call, alert, explanation in calls:
        table = table.apply(CallMade(seat, parse_call(call), alert, explanation))
    return table


AUCTION = (
    (Seat.NORTH, "1NT", True, "15-17"), (Seat.EAST, "P", False, None), (Seat.SOUTH, "3NT", False, None),
    (Seat.WEST, "P", False, None), (Seat.NORTH, "P", False, None), (Seat.EAST, "P", False, None),
)


@pytest.mark.parametrize(
    ("message", "field", "code"),
    [
        ({"type": "call", "call": "1NT"}, "v:", "unsupported-version"),
        ({"v": 1, "type": "call"}, "call: missing", "bad-message"),
        ({"v": 1, "type": "call", "call": "1NT", "alert": "yes"}, "alert:", "bad-message"),
        ({"v": 1, "type": "card", "card": 12}, "card: expected str", "bad-message"),
        ({"v": 1, "type": "claim", "tricks": 14}, "tricks: expected 0 to 13", "bad-message"),
        ({"v": 1, "type": "claim", "tricks": True}, "tricks:", "bad-message"),
        ({"v": 1, "type": "elect", "option": -1}, "option:", "bad-message"),
        ({"v": 1, "type": "claim-answer"}, "accept: missing", "bad-message"),
        ({"v": 1, "type": "resync", "seq": "3"}, "seq:", "bad-message"),
        ({"v": 1, "type": "shuffle"}, "type: unknown 'shuffle'", "bad-message"),
    ],
)
def test_a_malformed_message_is_refused_naming_the_field(
    message: dict[str, Any], field: str, code: str
) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_action({"id": "m1", **message})
    assert str(caught.value).startswith(field)
    assert caught.value.code == code and caught.value.ref == "m1"


def test_every_client_message_type_parses() -> None:
    kinds = [
        {"type": "call", "call": "X"}, {"type": "card", "card": "HT"}, {"type": "claim", "tricks": 3},
        {"type": "claim-answer", "accept": False}, {"type": "director"}, {"type": "elect", "option": 1},
        {"type": "resync", "seq": 4}, {"type": "next-board"},
    ]
    assert [parse_action({"v": 1, **k}).type for k in kinds] == [k["type"] for k in kinds]


def test_declarer_plays_dummys_card_and_nobody_else_acts_for_another_seat() -> None:
    table = _table(*AUCTION).apply(CardPlayed(Seat.EAST, Card.from_str("D8")))  # South (dummy) to play
    card = parse_action({"v": 1, "type": "card", "card": "DA"})
    assert to_event(card, Seat.NORTH, table) == CardPlayed(Seat.SOUTH, Card.from_str("DA"))
    assert to_event(card, Seat.SOUTH, table) == CardPlayed(Seat.SOUTH, Card.from_str("DA"))  # refused later
    with pytest.raises(ProtocolError, match="spectator") as caught:
        to_event(card, None, table)
    assert caught.value.code == "forbidden"
    with pytest.raises(ProtocolError, match="Director"):
        to_event(card, DIRECTOR, table)
    assert to_event(parse_action({"v": 1, "type": "director"}), Seat.WEST, table) == DirectorCalled(Seat.WEST)
    claim = parse_action({"v": 1, "type": "claim", "tricks": 9, "statement": "all top"})
    assert to_event(claim, Seat.NORTH, table) == ClaimMade(Seat.NORTH, 9, "all top")


def test_legal_lists_the_viewers_own_calls_or_dummys_cards_for_declarer_only() -> None:
    opening = _table()
    assert legal_for(opening, Seat.NORTH)[:3] == ["P", "1C", "1D"]  # no double of nothing (Law 19A)
    assert legal_for(opening, Seat.EAST) == []
    table = _table(*AUCTION).apply(CardPlayed(Seat.EAST, Card.from_str("D8")))
    assert set(legal_for(table, Seat.NORTH)) == {"DA", "DK", "D2"}
    assert legal_for(table, Seat.SOUTH) == [] and legal_for(table, None) == []


def test_partner_sees_neither_the_alert_nor_the_explanation_but_the_opponents_and_the_director_do() -> None:
    table = _table(*AUCTION[:1])
    calls = {viewer: view_message(table, viewer)["view"]["calls"][0] for viewer in (*Seat, None, DIRECTOR)}
    assert calls[Seat.SOUTH] == {"seat": "N", "call": "1NT", "alert": False, "explanation": None}
    for viewer in (Seat.NORTH, Seat.EAST, Seat.WEST, None, DIRECTOR):
        assert calls[viewer]["alert"] is True and calls[viewer]["explanation"] == "15-17"


def test_each_view_message_holds_exactly_the_cards_the_engine_lets_its_viewer_see() -> None:
    table = _table(*AUCTION).apply(CardPlayed(Seat.EAST, Card.from_str("D8")))
    for viewer in (*Seat, None, DIRECTOR):
        view = table.view(viewer)
        expected = {str(c) for cards in view.hands.values() for c in cards} | {str(c) for c in view.played}
        assert cards_in(view_message(table, viewer)) == expected
    assert len(cards_in(view_message(table, Seat.WEST))) == 13 + 13 + 1  # his hand, dummy's, the lead
