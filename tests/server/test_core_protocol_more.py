"""The protocol's newer parts: the claim, what was said and the duties of correction in the view; think times
kept in the store but never sent; changes of call, questions and explanations sent by clients."""

from __future__ import annotations

from tenace import Board, Card, Deal, Seat, parse_call
from tenace.laws import CallMade, CardPlayed, ClaimMade, Table
from tenace.laws.events import ClaimAnswered, ExplanationGiven, QuestionAsked
from tenace.laws.refs import Policy, Regulations
from tenace.server.protocol import view_message

DEAL = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")
VIEWERS = (*Seat, None)


def _table() -> Table:
    return Table.new(Board(1, DEAL), Regulations(policy=Policy.ONLINE))


def _after_lead() -> Table:
    table = _table()
    for seat, call in ((Seat.NORTH, "1NT"), (Seat.EAST, "P"), (Seat.SOUTH, "3NT"), (Seat.WEST, "P"),
                       (Seat.NORTH, "P"), (Seat.EAST, "P")):
        table = table.apply(CallMade(seat, parse_call(call)))
    return table.apply(CardPlayed(Seat.EAST, Card.from_str("SQ")))


def test_every_viewer_reads_the_claim_statement_and_who_agreed() -> None:
    table = _after_lead().apply(ClaimMade(Seat.NORTH, 13, "top tricks, spades first"))
    for viewer in VIEWERS:
        claim = view_message(table, viewer)["view"]["claim"]
        assert claim["seat"] == "N" and claim["tricks"] == 13
        assert claim["statement"] == "top tricks, spades first"
        assert claim["agreed_by"] == [] and claim["objected"] is False
    table = table.apply(ClaimAnswered(Seat.EAST, True))
    assert view_message(table, Seat.WEST)["view"]["claim"]["agreed_by"] == ["E"]


def test_there_is_no_claim_in_the_view_before_anyone_claims() -> None:
    assert all(view_message(_after_lead(), viewer)["view"]["claim"] is None for viewer in VIEWERS)


def test_said_holds_what_each_viewer_heard_and_nothing_for_the_callers_partner() -> None:
    table = _table().apply(CallMade(Seat.NORTH, parse_call("1NT"), True, None))
    table = table.apply(QuestionAsked(Seat.EAST, 0)).apply(ExplanationGiven(Seat.NORTH, 0, "15-17"))
    east = view_message(table, Seat.EAST)["view"]["said"]
    assert [s["type"] for s in east] == ["Question", "Explanation"]
    assert east[0]["seat"] == "E" and east[0]["about"] == 0
    assert east[1]["text"] == "15-17" and east[1]["by"] == "N" and east[1]["call"] == "1NT"
    # the explanation goes to the opponents only (as behind screens, Law 20F): South hears none of it
    assert view_message(table, Seat.SOUTH)["view"]["said"] == []
    assert [s["text"] for s in view_message(table, Seat.WEST)["view"]["said"]] == ["15-17"]
    assert view_message(table, Seat.EAST)["view"]["duties"] == []
