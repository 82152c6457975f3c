"""RBN (issue 15): every oracle game written as RBN reads back with its deal, auction, contract, result, play
and players; the labels that carry over, notes, alerts, paragraphs and bad input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tenace.deal import Deal
from tenace.errors import BridgeError, NotationError
from tenace.formats.pbn import read_games
from tenace.formats.rbn import RBNError, read_rbn, write_rbn
from tenace.record import DealRecord


def _writable(record: DealRecord) -> bool:
    """A record RBN can hold: a lawful auction if any (RBN's A label is checked call by call)."""
    if record.calls is None:
        return True
    if record.dealer is None:
        return False
    try:
        record.auction()
    except (BridgeError, ValueError):
        return False
    return True


def _oracle_records(oracles: Path) -> list[DealRecord]:
    out = []
    for path in sorted(oracles.rglob("*.pbn")):
        for game in read_games(path):
            record = game.record
            something = (record.number, record.deal, record.dealer, record.contract) != (None,) * 4
            something = something and not any(":" in (p or "") or "+" in (p or "") for p in record.players)
            if something and _writable(record) and (record.deal is None or isinstance(record.deal, Deal)):
                out.append(record)
    return out


def test_every_oracle_game_reads_back_from_rbn(oracles: Path) -> None:
    records = _oracle_records(oracles)
    assert len(records) > 1000
    text = write_rbn(records)
    back = list(read_rbn(io.StringIO(text)))
    assert len(back) == len(records)
    for a, b in zip(records, back, strict=True):
        assert b.deal == a.deal
        if a.number is not None:
            assert b.number == a.number
        if a.dealer is not None:
            assert (b.dealer, b.vulnerability) == (a.dealer, a.vulnerability)
        if a.calls is not None:
            assert [c.call for c in b.calls or ()] == [c.call for c in a.calls]
            assert [c.alert for c in b.calls or ()] == [c.alert for c in a.calls]
        assert (b.contract, b.passed_out) == (a.contract, a.passed_out)
        if a.contract is not None or a.passed_out:
            assert b.tricks == a.tricks
        if a.contract is not None:
            assert b.play == a.play
        # RBN names are plain text between ':' and '+', read without the spaces around them
        assert [p or "" for p in b.players] == [(q or "").strip() for q in a.players]


def test_labels_carry_over_and_notes_alerts_and_paragraphs_are_read(tmp_path: Path) -> None:
    text = "\n".join([
        "% RBN 3.2",
        "E Club night:Pairs",
        "N Ann+Bob:Cy+Di",
        "B 3",
        "H N:AKQJ.AKQ.AKQ.AKQ:T987.JT9.JT9.JT9:6543.876.876.876:",
        "A NB:1N*2C^1P3N:PPP",
        "1 both majors",
        "C 3N:N",
        "P S2!3TA:SKS4?78",
        "R 13+720",
        "{A paragraph",
        "on two lines}",
        "",
        "B 4",  # E, N and H carry over; A, C, P and R do not
        "",
    ])
    path = tmp_path / "club.rbn"
    path.write_text(text, encoding="utf-8")
    first, second = read_rbn(path)
    assert first.number == 3 and str(first.contract) == "3NTN" and first.tricks == 13
    assert first.players == ("Ann", "Di", "Bob", "Cy")
    assert [str(c.call) for c in first.calls or ()] == ["1NT", "2C", "P", "3NT", "P", "P", "P"]
    assert first.calls is not None and first.calls[0].alert and first.calls[1].explanation == "both majors"
    assert [str(c) for c in first.play] == ["S2", "S3", "ST", "SA", "SK", "S4", "S7", "S8"]
    assert first.claim == 13 and first.score_ns() == 720  # the file's score is Law 77's
    assert ("RBN:{", "A paragraph\non two lines") in first.extra
    assert ("RBN:E", "Club night:Pairs") in first.extra
    assert second.number == 4 and second.deal == first.deal and second.players == first.players
    assert second.calls is None and second.contract is None
    again = list(read_rbn(write_rbn([first, second])))
    for a, b in zip((first, second), again, strict=True):
        assert (b.number, b.deal, b.calls, b.contract, b.tricks, b.play, b.players) == \
            (a.number, a.deal, a.calls, a.contract, a.tricks, a.play, a.players)
    assert ("RBN:{", "A paragraph\non two lines") in again[0].extra


@pytest.mark.parametrize(("lines", "line", "says"), [
    (["B 1", "H Q:AKQ"], 2, "does not start with a seat"),
    (["B 1", "A NZ:1S1H"], 2, "not lawful"),
    (["B 1", "A NZ:1SPP:P"], 2, "round 1 has 3 calls"),
    (["B 1", "C 8NT:N"], 2, "not a contract"),
    (["B 1", "H N:AKQJ.AKQ.AKQ.AKQ:T987.JT9.JT9.JT9:6543.876.876.876:", "C 3N:N", "P S2Z"], 4, "not a card"),
    (["B 1", "R 14"], 2, "tricks won"),
    (["{never closed"], 1, "never closed"),
])
def test_bad_input_names_the_file_and_line(lines: list[str], line: int, says: str) -> None:
    with pytest.raises(RBNError, match=says) as caught:
        list(read_rbn("\n".join(lines) + "\n", source="bad.rbn"))
    assert str(caught.value).startswith(f"bad.rbn:{line}: ")
    assert isinstance(caught.value, NotationError)
