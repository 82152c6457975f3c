"""``tenace table``: one board played in the terminal through the Laws engine, with placeholder robots at the
seats the human does not play."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tenace import Board, Card, Deal, Seat, parse_call
from tenace.board import dealer_for, vulnerability_for
from tenace.cli import app
from tenace.contract import Contract
from tenace.errors import ImpossibleActionError
from tenace.laws import CallMade, CardPlayed, DirectorCalled, Elected, Table
from tenace.laws.log import loads
from tenace.laws.messages import explain
from tenace.scoring.points import score

runner = CliRunner()
# Each hand holds one whole suit: North spades, East hearts, South diamonds, West clubs.
PBN_DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
DEAL = Deal.from_pbn(PBN_DEAL)
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
RANKS = "3456789TJQKA"
# North (with South as dummy) after the robots' opening lead of East's lowest heart: dummy's D2, North's S2
# ruffs, then North leads every spade and dummy follows with the diamond of the same rank.
DECLARER_LINES = ["D2", "S2", *(f"{suit}{r}" for r in RANKS for suit in "SD")]


def _pbn(tmp_path: Path) -> str:
    path = tmp_path / "board.pbn"
    text = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PBN_DEAL}"]\n'
    path.write_text(text, encoding="utf-8")
    return str(path)


def _run(args: list[str], lines: list[str]) -> str:
    result = runner.invoke(app, ["table", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_lawful_board_with_robots_ends_with_the_law_77_score(tmp_path: Path) -> None:
    """Board 2 (Law 2: East deals, North-South vulnerable): the robots pass and play their lowest card, North
    plays 7S and dummy, takes all 13 tricks; the score is the Law 77 table's."""
    output = _run(["--pbn", _pbn(tmp_path), "--board", "2", "--seat", "N"], ["7S", *DECLARER_LINES])
    assert "robot E: P" in output and "robot E: H2" in output and "robot W: C2" in output
    vulnerable = vulnerability_for(2).is_vulnerable(N)
    assert vulnerable
    expected = score(Contract.from_str("7SN"), 13, vulnerable=vulnerable)
    assert f"7SN by North: 13 tricks; score NS {expected:+d}" in output


def test_script_file_and_log_replay_to_an_equal_table(tmp_path: Path) -> None:
    """``--script`` reads the lines from a file; ``--log`` writes the JSON table log, which loads back to the
    table built event by event."""
    script = tmp_path / "lines.txt"
    script.write_text("\n".join(["# a comment", "7S", *DECLARER_LINES]) + "\n", encoding="utf-8")
    log = tmp_path / "out.json"
    result = runner.invoke(app, ["table", "--pbn", _pbn(tmp_path), "--seat", "N", "--script", str(script),
                                 "--log", str(log)])
    assert result.exit_code == 0, result.output
    events = [CallMade(N, parse_call("7S")), *(CallMade(s, parse_call("P")) for s in (E, S, W))]
    cards = [(E, "H2"), (S, "D2"), (W, "C2"), (N, "S2")]
    cards += [(seat, f"{suit}{r}") for r in RANKS for seat, suit in ((N, "S"), (E, "H"), (S, "D"), (W, "C"))]
    events += [CardPlayed(seat, Card.from_str(card)) for seat, card in cards]
    expected = Table.replay(Board(1, DEAL), events)
    assert loads(log.read_text(encoding="utf-8")) == expected
    assert expected.declarer_tricks == 13


def test_insufficient_bid_director_and_election_show_law_27_options(tmp_path: Path) -> None:
    """Law 27 under --policy laws: East's 1D over 1H is recorded; once the Director is called South is offered
    to accept (27A1) or not (27B); after a replacing pass the Director judges comparability (Law 23A/27B2)."""
    output = _run(["--pbn", _pbn(tmp_path), "--policy", "laws"], ["1H", "1D", "director", "elect 2", "P"])
    table = Table.new(Board(1, DEAL)).apply(CallMade(N, parse_call("1H")))
    table = table.apply(CallMade(E, parse_call("1D")))
    assert table.open_irregularity is not None
    assert explain(table.open_irregularity) in output
    table = table.apply(DirectorCalled(E))
    assert table.pending is not None and table.pending.actor is S
    assert "South decides (Law 27A1)" in output
    for k, option in enumerate(table.pending.options, 1):
        assert f"{k}. {explain(option)}" in output
    assert "Law 27A1" in output and "Law 27B" in output
    table = table.apply(Elected(S, table.pending.options[1])).apply(CallMade(E, parse_call("P")))
    assert table.pending is not None
    assert "the Director decides" in output
    for k, option in enumerate(table.pending.options, 1):
        assert f"{k}. {explain(option)}" in output


def test_online_policy_refuses_the_insufficient_bid_and_keeps_the_table(tmp_path: Path) -> None:
    """Under --policy online the insufficient bid is refused with the engine's reason; the next call
    stands."""
    output = _run(["--pbn", _pbn(tmp_path), "--policy", "online"], ["1H", "1D", "2D", "quit"])
    assert "refused" in output and "Law 27" in output
    assert "N:1H E:2D" in output


def test_card_not_held_is_refused_with_the_engine_message_and_play_goes_on(tmp_path: Path) -> None:
    """A card from the wrong hand cannot be played: the engine's message is shown, the table unchanged."""
    output = _run(["--pbn", _pbn(tmp_path), "--seat", "N"], ["7S", "S2", "D2", "quit"])
    table = Table.new(Board(1, DEAL)).apply(CallMade(N, parse_call("7S")))
    for seat in (E, S, W):
        table = table.apply(CallMade(seat, parse_call("P")))
    table = table.apply(CardPlayed(E, Card.from_str("H2")))
    try:
        table.apply(CardPlayed(S, Card.from_str("S2")))
    except ImpossibleActionError as exc:
        message = str(exc)
    else:
        raise AssertionError("the engine accepted a card South does not hold")
    assert f"refused: {message}" in output
    assert "trick 1: E:H2 S:D2 W:C2" in output


def test_show_gives_only_the_view_of_the_seats_the_human_plays(tmp_path: Path) -> None:
    """The human playing North sees North's hand, and dummy's once the lead is faced, never East or West."""
    output = _run(["--pbn", _pbn(tmp_path), "--seat", "N"], ["show", "7S", "show", "quit"])
    assert output.count("North AKQJT98765432...") == 2
    assert "South ..AKQJT98765432." in output  # dummy, after the opening lead
    assert ".AKQJT98765432.." not in output.replace("South ..AKQJT98765432.", "")
    assert "...AKQJT98765432" not in output.replace("North AKQJT98765432...", "")


def test_claim_agreed_by_the_robot_defenders_ends_the_board(tmp_path: Path) -> None:
    """Laws 68-69: North claims all 13 tricks, both robot defenders agree, the board ends and is scored."""
    output = _run(["--pbn", _pbn(tmp_path), "--seat", "N"], ["7S", "claim 13 all trumps"])
    assert "robot E: agree" in output and "robot W: agree" in output
    assert f"13 tricks; score NS {score(Contract.from_str('7SN'), 13, vulnerable=False):+d}" in output


def test_bad_input_is_not_understood_and_elect_without_decision_is_refused(tmp_path: Path) -> None:
    """Nonsense and an election with nothing pending are refused; a random deal is used without --pbn."""
    output = _run(["--board", "3"], ["hello", "elect 1", "E:P", "quit"])
    assert "not understood: not a call, a card or a command: 'hello'" in output
    assert "not understood: no decision is pending" in output
    assert f"board 3, dealer {dealer_for(3).name.title()}, vulnerable {vulnerability_for(3).value}" in output
    out_of_rotation = Table.new(Board(3, DEAL)).apply(CallMade(E, parse_call("P"))).open_irregularity
    assert out_of_rotation is not None and explain(out_of_rotation) in output  # South deals board 3


def test_unknown_seat_is_a_usage_error() -> None:
    """--seat takes N, E, S or W."""
    result = runner.invoke(app, ["table", "--seat", "Q"], input="quit\n")
    assert result.exit_code == 2


def test_four_passes_pass_the_board_out(tmp_path: Path) -> None:
    """Law 22B: North (dealer) passes, the three robots pass too, and the board is passed out for 0."""
    output = _run(["--pbn", _pbn(tmp_path), "--seat", "N"], ["P"])
    assert "robot W: P" in output and "passed out: score 0" in output


def test_show_of_a_seat_the_human_does_not_play_is_refused(tmp_path: Path) -> None:
    """Only the views of the human's seats are shown; the Director's view only to a human playing all four."""
    output = _run(["--pbn", _pbn(tmp_path), "--seat", "N"], ["show E", "show director", "quit"])
    assert "you may not see East's view" in output and "you may not see the Director's view" in output
    assert ".AKQJT98765432.." not in output
    everything = _run(["--pbn", _pbn(tmp_path)], ["show director", "quit"])
    assert all(f"{seat.name.title():<5} {DEAL[seat]}" in everything for seat in (N, E, S, W))
