"""Extraneous information from the Director's console (Law 16D, issue 14): answering a player's call, the
Director records that a player learnt something about the board from outside its auction and play, and
lets it be played (16D2(c), 16D3: the adjusted score afterwards cites that Law), ends it at once with an
adjusted score (16D2(d)), or, before any call at a table that is not a club session's, has it redealt
(16D2(b)). Whatever the Laws do not allow now is refused with the reason, and the record is unchanged."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient

from tenace import Board, Seat
from tenace.laws.events import BoardRedealt, ExtraneousInformation, ScoreAdjusted
from tenace.laws.refs import LawRef
from tenace.laws.table import Phase, Table
from tenace.server.actors import DirectorRequest
from tenace.server.club import _extraneous

from .clients import fresh_server, hub, login
from .test_director_calls import DEAL, Four, _acked, _auction, _table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with fresh_server(tmp_path, logged_in=None) as c:
        yield c


def _call(client: TestClient, four: Four, table: dict[str, Any], seat: str = "W") -> str:
    """``seat`` calls the Director; the URL of the Director's answer to that call."""
    _acked(four.ws[seat], {"id": f"td{seat}", "type": "director", "reason": "other",
                           "text": "I saw a card of this board at another table"})
    login(client, "dan")
    calls = client.get("/api/director/calls").json()["calls"]
    (listed,) = [c for c in calls if c["table_id"] == table["id"]]
    return f"/api/director/tables/{table['id']}/requests/{listed['request']['number']}/answer"


def test_before_any_call_the_director_has_the_board_redealt_and_after_a_call_he_cannot(
        client: TestClient) -> None:
    table = _table(client, "NESW")
    actor = hub(client).tables[table["id"]]
    with Four(client, table) as four:
        url = _call(client, four, table)
        before = actor.table.record
        for bad, status in (({"extraneous": "bogus"}, 422), ({"extraneous": "redeal", "receiver": "X"}, 422)):
            answer = client.post(url, json={"note": "x", **bad})
            assert answer.status_code == status, answer.text
            assert actor.table.record == before and actor.requests[0].ruling is None
        answer = client.post(url, json={"note": "The board is redealt.", "extraneous": "redeal",
                                        "receiver": "W"})
        assert answer.status_code == 200, answer.text
        found, redealt = actor.table.record[-2:]
        assert found == ExtraneousInformation(Seat.WEST, "The board is redealt.")
        assert isinstance(redealt, BoardRedealt) and actor.table.deal == redealt.deal != DEAL
        assert actor.table.phase is Phase.AUCTION and actor.table.calls == ()
        assert all(len(actor.table.deal[seat]) == 13 for seat in Seat)
        # each player now sees his new hand
        assert set(actor.table.view(Seat.NORTH).hands[Seat.NORTH]) == set(redealt.deal[Seat.NORTH])

        _acked(four.ws["N"], {"id": "n1", "type": "call", "call": "1C"})
        url = _call(client, four, table, "E")
        before = actor.table.record
        late = client.post(url, json={"note": "again", "extraneous": "redeal"})
        assert late.status_code == 409 and "before any call" in late.json()["detail"]
        assert actor.table.record == before


def test_the_director_ends_the_board_at_once_with_an_adjusted_score(client: TestClient) -> None:
    table = _table(client, "NESW")
    actor = hub(client).tables[table["id"]]
    with Four(client, table) as four:
        _acked(four.ws["N"], {"id": "n1", "type": "call", "call": "1NT"})
        url = _call(client, four, table, "S")
        before = actor.table.record
        missing = client.post(url, json={"note": "no score", "extraneous": "adjust-now"})
        assert missing.status_code == 422 and "16D2(d)" in missing.json()["detail"]
        assert actor.table.record == before
        answer = client.post(url, json={"note": "Average to both sides.", "extraneous": "adjust-now",
                                        "receiver": "S", "artificial": "A=/A="})
        assert answer.status_code == 200, answer.text
        last = actor.table.record[-1]
        assert isinstance(last, ScoreAdjusted) and last.law == LawRef(16, "D2(d)")
        assert actor.table.phase is Phase.ENDED and actor.table.result_ns() is not None
        assert answer.json()["law"] == "16D2(d)" and actor.requests[0].ruling is not None


def test_played_on_the_adjusted_score_afterwards_cites_16d(client: TestClient) -> None:
    table = _table(client, "NESW")
    actor = hub(client).tables[table["id"]]
    with Four(client, table) as four:
        url = _call(client, four, table, "E")
        answer = client.post(url, json={"note": "Play on.", "extraneous": "play-on", "receiver": "E"})
        assert answer.status_code == 200, answer.text
        assert actor.table.record[-1] == ExtraneousInformation(Seat.EAST, "Play on.")
        _auction(four)
        _acked(four.ws["E"], {"id": "lead", "type": "card", "card": "ST"})
        _acked(four.ws["N"], {"id": "claim", "type": "claim", "tricks": 13, "statement": "all mine"})
        _acked(four.ws["E"], {"id": "e-ok", "type": "claim-answer", "accept": True})
        _acked(four.ws["W"], {"id": "w-ok", "type": "claim-answer", "accept": True})
        assert actor.table.phase is Phase.ENDED
        url = _call(client, four, table, "W")
        answered = client.post(url, json={"note": "It mattered.", "score": "-100"})
        assert answered.status_code == 200, answered.text
        last = actor.table.record[-1]
        assert isinstance(last, ScoreAdjusted) and last.law == LawRef(16, "D2(c)")  # learnt before any call


def test_a_club_sessions_board_is_not_redealt_at_one_table() -> None:
    table = Table.new(Board(1, DEAL))
    called = DirectorRequest(1, Seat.WEST, "other", "", None, 1, 1, 0, dt.datetime.now(dt.UTC), None, True)
    with pytest.raises(HTTPException) as refused:
        _extraneous(table, {"extraneous": "redeal"}, called, "seen", None, club_table=True)
    assert refused.value.status_code == 409 and "16D2(b)" in str(refused.value.detail)
    events = _extraneous(table, {"extraneous": "redeal"}, called, "seen", None, club_table=False)
    assert [type(e) for e in events] == [ExtraneousInformation, BoardRedealt]
