"""The PBN projection of a table (tenace.laws.pbn_export): the standing auction and play with PBN 2.1 §3.9
irregularity marks, comments for what was rectified, and a result PBN readers agree with."""

from __future__ import annotations

from tenace import Card, Contract
from tenace.formats.pbn import PBNGame, read_games
from tenace.laws import (
    DIRECTOR,
    Accept,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    Comparable,
    DirectorCalled,
    Elected,
    LawRef,
    Reject,
    Table,
)
from tenace.laws.pbn_export import rectification_comments, table_from_record, to_pbn, to_record

from ._helpers import E, N, S, W, calls, table


def _read_back(t: Table) -> PBNGame:
    games = list(read_games(to_pbn(t)))
    assert len(games) == 1
    assert not games[0].errors, games[0].errors
    return games[0]


def _played(t: Table, moves: str) -> Table:
    for item in moves.split():
        seat, card = item.split(":")
        t = t.apply(CardPlayed({"N": N, "E": E, "S": S, "W": W}[seat], Card.from_str(card)))
    return t


def test_27a_accepted_insufficient_bid_is_marked_i_and_stands_in_the_auction() -> None:
    """Law 27A1: an accepted insufficient bid stands; PBN marks it ^I."""
    t = calls(table(), "N:1H E:1D")
    t = t.apply(DirectorCalled(S)).apply(Elected(S, Accept(LawRef(27, "A1"))))
    t = calls(t, "S:2H W:P N:P E:P")
    text = to_pbn(t)
    assert "^I 1D" in text
    game = _read_back(t)
    assert [str(c.call) for c in game.record.calls] == ["1H", "1D", "2H", "P", "P", "P"]
    assert game.record.contract == t.contract == Contract.from_str("2HN")


def test_29a_accepted_call_out_of_rotation_leaves_skipped_calls_marked_s() -> None:
    """Law 29A: after an accepted call out of rotation the skipped players lose their turn; PBN writes ^S."""
    t = calls(table(), "E:1S")  # North deals; East calls at North's turn
    t = t.apply(DirectorCalled(S)).apply(Elected(S, Accept(LawRef(29, "A"))))
    t = calls(t, "S:P W:P N:P")
    assert t.contract == Contract.from_str("1SE")
    text = to_pbn(t)
    auction = text.split('[Auction "N"]')[1]
    assert auction.split()[:2] == ["^S", "1S"]
    game = _read_back(t)
    assert game.record.contract == Contract.from_str("1SE")


def test_27b_rejected_insufficient_bid_is_not_in_the_auction_but_in_a_comment() -> None:
    """Law 27B: a rejected insufficient bid is withdrawn (Law 16C information); the replacement stands."""
    t = calls(table(), "N:1H E:1D")
    t = t.apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:P")  # not the lowest sufficient bid: the Director judges it not comparable
    assert t.pending is not None
    judged = next(o for o in t.pending.options if isinstance(o, Comparable) and not o.yes)
    t = t.apply(Elected(DIRECTOR, judged))
    t = calls(t, "S:P W:P")  # West was made to pass for the rest of the auction (Law 27B2)
    text = to_pbn(t)
    assert "^I" not in text
    comments = rectification_comments(t)
    assert any(line.startswith("Withdrawn: 1D by East") for line in comments)
    assert any("South elects Reject (Law 27B)" in line for line in comments)
    assert all(f"{{{line}}}" in text for line in comments)
    game = _read_back(t)
    assert [str(c.call) for c in game.record.calls] == ["1H", "P", "P", "P"]
    assert game.record.contract == t.contract == Contract.from_str("1HN")


def test_61_revoke_that_stood_is_marked_r_and_the_play_reads_back() -> None:
    """Law 61/64: a revoke stands as played until rectified; PBN marks the card ^R."""
    t = calls(table(), "N:3NT E:P S:P W:P")
    t = _played(t, "E:ST S:H8 W:S2 N:SA")  # South holds spades: H8 is a revoke
    assert t.playing is not None and t.playing.revokes
    text = to_pbn(t)
    assert "^R H8" in text
    game = _read_back(t)
    assert game.record.play == t.play.cards if t.play is not None else False


def test_68_69_agreed_claim_gives_the_result_and_an_unfinished_play_section() -> None:
    """Laws 68-69: an agreed claim ends the board; the Result tag has the tricks, the play stops with *."""
    t = calls(table(), "N:3NT E:P S:P W:P")
    t = _played(t, "E:ST S:S3 W:S2 N:SA")
    t = t.apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, True)).apply(ClaimAnswered(W, True))
    record = to_record(t)
    assert record.tricks == 13 and record.claim == 13
    text = to_pbn(t)
    assert '[Result "13"]' in text and '[Contract "3NT"]' in text and '[Declarer "N"]' in text
    game = _read_back(t)
    assert game.record.tricks == 13 and game.record.score_ns() == t.score_ns() == 520


def test_passed_out_board_projects_as_passed_out() -> None:
    t = calls(table(), "N:P E:P S:P W:P")
    record = to_record(t)
    assert record.passed_out and record.contract is None
    game = _read_back(t)
    assert game.record.passed_out


def test_a_board_in_progress_has_no_result() -> None:
    t = calls(table(), "N:1C E:P")
    record = to_record(t)
    assert record.tricks is None and record.contract is None
    assert "*" in to_pbn(t).split("[Auction")[1]


def test_a_projected_table_read_back_replays_to_the_same_standing_auction_and_play() -> None:
    """PBN → engine: ^I and ^S marks are replayed as accepted irregularities (Laws 27A1, 29A), revokes stand,
    and a result after an unfinished play becomes an agreed claim (Law 69A)."""
    t = calls(table(), "E:1S")
    t = t.apply(DirectorCalled(S)).apply(Elected(S, Accept(LawRef(29, "A"))))
    t = calls(t, "S:1H")
    t = t.apply(DirectorCalled(W)).apply(Elected(W, Accept(LawRef(27, "A1"))))
    t = calls(t, "W:P N:P E:P")
    assert t.contract == Contract.from_str("1HS")  # South first named hearts for his side
    t = _played(t, "W:S2 N:SA E:ST S:S3")
    t = t.apply(ClaimMade(S, 10)).apply(ClaimAnswered(E, True)).apply(ClaimAnswered(W, True))
    back = table_from_record(_read_back(t).record)
    assert [(c.seat, c.call.call) for c in back.calls] == [(c.seat, c.call.call) for c in t.calls]
    assert back.contract == t.contract and back.play is not None and t.play is not None
    assert back.play.cards == t.play.cards and back.declarer_tricks == t.declarer_tricks
    assert back.score_ns() == t.score_ns()


def test_54b_accepted_opening_lead_out_of_turn_is_marked_l_and_reads_back() -> None:
    """Law 54B: declarer accepts an opening lead out of turn and plays on; PBN marks the card ^L, in the
    column of the defender who led it."""
    t = calls(table(), "N:3NT E:P S:P W:P")  # East should lead
    t = t.apply(CardPlayed(W, Card.from_str("S2"))).apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.actor is N
    accept = next(o for o in t.pending.options if isinstance(o, Accept))
    t = t.apply(Elected(N, accept))
    t = _played(t, "N:SA E:ST S:S6")
    text = to_pbn(t)
    play = text.split('[Play "E"]')[1].split()
    assert play[:5] == ["ST", "S6", "^L", "S2", "SA"]  # columns E, S, W, N
    back = table_from_record(_read_back(t).record)
    assert back.play is not None and t.play is not None and back.play.cards == t.play.cards


def test_53a_a_recorded_lead_out_of_turn_followed_by_the_proper_leader_replays_as_accepted() -> None:
    """Laws 53A, 53B: in a record, the card after a lead out of turn is in the same trick, so when it comes
    from the proper leader (who is also the next hand) it was played to the lead, which stood."""
    from ._ooturn import north_wins_trick_one, play

    t = play(north_wins_trick_one(), "W:C2 N:C6").apply(Elected(DIRECTOR, Accept(LawRef(53, "A"))))
    t = play(t, "E:C8 S:CT")
    back = table_from_record(to_record(t))
    assert back.play is not None and t.play is not None
    assert back.play.cards == t.play.cards and back.play.tricks[1].leader is W
