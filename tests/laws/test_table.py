"""The table as a whole: the lawful path to a score, claims (Laws 68-70), revokes as they stand (Law 61),
views (Law 41D) and replay of the record."""

from __future__ import annotations

import pytest

from tenace import Card, Contract, Seat
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import (
    DIRECTOR,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    ClaimRuled,
    Phase,
    Policy,
    Table,
)

from ._helpers import E, N, S, W, calls, table


def _played(t: Table, cards: str) -> Table:
    for text in cards.split():
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, Card.from_str(text)))
    return t


def _in_3nt() -> Table:
    return calls(table(), "N:3NT E:P S:P W:P")


def test_lawful_board_to_the_end_scores_by_law_77() -> None:
    t = _in_3nt()
    assert t.phase is Phase.CLARIFICATION and t.contract == Contract.from_str("3NTN") and t.turn is E
    t = _played(t, "ST S3 S2 SA")
    assert t.phase is Phase.PLAY and t.turn is N
    # North cashes everything: 13 tricks.
    order = ["SK", "SQ", "SJ", "HA", "HK", "HQ", "DA", "DK", "DQ", "CA", "CK", "CQ"]
    for card in order:
        t = t.apply(CardPlayed(N, Card.from_str(card)))
        for seat in (E, S, W):
            assert t.play is not None
            t = t.apply(CardPlayed(seat, next(iter(t.play.legal_cards()))))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13 and t.score_ns() == 520


def test_passed_out_board_scores_zero() -> None:
    t = calls(table(), "N:P E:P S:P W:P")
    assert t.phase is Phase.ENDED and t.contract is None and t.score_ns() == 0


def test_68_69_claim_agreed_by_both_opponents_ends_the_board() -> None:
    t = _played(_in_3nt(), "ST S3 S2 SA")
    t = t.apply(ClaimMade(N, 12, "all mine"))
    assert t.phase is Phase.CLAIM and t.turn is E
    t = t.apply(ClaimAnswered(E, True))
    assert t.turn is W
    t = t.apply(ClaimAnswered(W, True))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13 and t.score_ns() == 520


def test_70_contested_claim_is_ruled_by_the_director() -> None:
    t = _played(_in_3nt(), "ST S3 S2 SA").apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, False))
    assert t.turn is DIRECTOR
    with pytest.raises(ImpossibleActionError, match="only 12 remain"):
        t.apply(ClaimRuled(13))
    t = t.apply(ClaimRuled(11))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 12


def test_a_concession_by_a_defender_gives_declarer_the_tricks_conceded() -> None:
    t = _played(_in_3nt(), "ST S3 S2 SA").apply(ClaimMade(E, 0, "yours"))
    t = t.apply(ClaimAnswered(N, True)).apply(ClaimAnswered(S, True))
    assert t.declarer_tricks == 13


def test_dummy_may_not_claim_and_claims_are_bounded() -> None:
    t = _played(_in_3nt(), "ST S3 S2 SA")
    with pytest.raises(ImpossibleActionError, match="dummy"):
        t.apply(ClaimMade(S, 3))
    with pytest.raises(ImpossibleActionError, match="only 12 remain"):
        t.apply(ClaimMade(N, 13))


def test_61_a_revoke_stands_under_the_laws_and_is_refused_online() -> None:
    t = _played(_in_3nt(), "ST")
    revoke = CardPlayed(S, Card.from_str("H6"))  # South holds spades
    with pytest.raises(UnlawfulActionError, match="must follow suit"):
        _played(calls(table(policy=Policy.ONLINE), "N:3NT E:P S:P W:P"), "ST").apply(revoke)
    t = t.apply(revoke)
    assert [i.offender for i in t.irregularities] == [S]


def test_wrong_seat_and_card_not_held_are_refused_naming_the_event() -> None:
    online = calls(table(policy=Policy.ONLINE), "N:3NT E:P S:P W:P")
    with pytest.raises(UnlawfulActionError, match="East's turn"):  # under the Laws it is recorded (Law 54)
        online.apply(CardPlayed(W, Card.from_str("S2")))
    t = _in_3nt()
    with pytest.raises(ImpossibleActionError, match="event 5 .*SA is not in East's hand"):
        t.apply(CardPlayed(E, Card.from_str("SA")))
    assert len(t.record) == 4


def test_41d_views_show_own_hand_and_dummy_only_after_the_opening_lead() -> None:
    t = _in_3nt()
    assert set(t.view(E).hands) == {E}
    assert set(t.view(None).hands) == set()
    assert set(t.view(DIRECTOR).hands) == set(Seat)
    t = _played(t, "ST")
    assert set(t.view(E).hands) == {E, S} and set(t.view(None).hands) == {S}
    assert Card.from_str("ST") not in t.view(E).hands[E]


def test_replay_of_the_record_gives_the_same_table() -> None:
    t = _played(calls(table(), "N:1H E:1D S:P W:P N:P E:P"), "S3 S2 SA ST")
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_69a_an_opponent_agrees_to_a_claim_only_once() -> None:
    """Each opponent's assent counts once (Law 69A); a repeated assent is refused, the table unchanged."""
    t = _played(_in_3nt(), "ST S3 S2 SA").apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, True))
    with pytest.raises(ImpossibleActionError, match="East has already agreed"):
        t.apply(ClaimAnswered(E, True))
    assert t.phase is Phase.CLAIM and t.turn is W
