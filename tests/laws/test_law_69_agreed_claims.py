"""Law 69: agreement with a claim or concession, and its withdrawal within the correction period."""

from __future__ import annotations

import pytest

from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, ClaimAnswered, ClaimMade, ClaimRuled, LawRef, Phase, Table
from tenace.laws.claims import Correction
from tenace.laws.events import ClaimWithdrawn

from ._claim_helpers import after_one_trick
from ._helpers import E, N, S, W


def _agreed(tricks: int = 12) -> Table:
    return after_one_trick().apply(ClaimMade(N, tricks)).apply(ClaimAnswered(E, True)).apply(
        ClaimAnswered(W, True)
    )


def test_69a_both_opponents_agree_and_the_board_is_scored_as_if_played() -> None:
    """Agreement is established when the opponents assent (69A; Law 68D1 sends an agreed claim there): the
    board is scored as though the claimed tricks had been won in play: 1 + 9 tricks in 3NT make 3NT+1."""
    t = _agreed(9)
    assert t.phase is Phase.ENDED and t.declarer_tricks == 10 and t.score_ns() == 430


def test_69a_one_assent_is_not_yet_agreement() -> None:
    """Until the second opponent has answered the board is not over: East's assent alone leaves West to
    answer."""
    t = after_one_trick().apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, True))
    assert t.phase is Phase.CLAIM and t.turn is W and t.declarer_tricks is None


def test_69a_an_assent_may_be_withdrawn_before_agreement_is_established() -> None:
    """An opponent who assented may take it back before his side's agreement is established; he is then
    asked again."""
    t = after_one_trick().apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, True)).apply(ClaimWithdrawn(E))
    assert t.claim is not None and t.claim.agreed_by == frozenset() and t.turn is E


def test_69b_agreement_withdrawn_after_the_board_goes_to_the_director() -> None:
    """Within the correction period an opponent may withdraw his agreement (69B): the result is open again
    and the Director rules."""
    t = _agreed(12).apply(ClaimWithdrawn(W))
    assert t.claim is not None and t.claim.correction is Correction.AGREEMENT_WITHDRAWN
    assert t.phase is Phase.CLAIM and t.turn is DIRECTOR
    assert t.declarer_tricks is None and t.score_ns() is None


def test_69b_director_rescores_with_the_trick_given_to_the_withdrawing_side() -> None:
    """The board is rescored with the trick the defenders would have won awarded to them: the Director
    finds it qualifies (Laws 69B1, 69B2) and his award is recorded under Law 69B."""
    t = _agreed(12).apply(ClaimWithdrawn(W)).apply(ClaimRuled(11))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 12 and t.score_ns() == 490
    assert t.claim is not None and t.claim.law == LawRef(69, "B")


def test_69b_director_may_let_the_agreement_stand() -> None:
    """If no trick qualifies under 69B1 or 69B2 the Director keeps the claimed figure."""
    t = _agreed(12).apply(ClaimWithdrawn(E)).apply(ClaimRuled(12))
    assert t.declarer_tricks == 13


def test_69b_cannot_give_the_claimer_more_than_he_claimed() -> None:
    """69B moves tricks only towards the side that withdraws its agreement."""
    t = _agreed(10).apply(ClaimWithdrawn(W))
    with pytest.raises(ImpossibleActionError, match="at most 10 to the claimer"):
        t.apply(ClaimRuled(11))


def test_69b_only_an_opponent_who_agreed_withdraws() -> None:
    """A player withdraws only an agreement he gave; after a 70 ruling there is no agreement to withdraw."""
    t = after_one_trick().apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, True))
    with pytest.raises(ImpossibleActionError, match="West withdraws from the claim.*West has not agreed"):
        t.apply(ClaimWithdrawn(W))
    ruled = after_one_trick().apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, False)).apply(ClaimRuled(11))
    with pytest.raises(ImpossibleActionError, match="board has ended"):
        ruled.apply(ClaimWithdrawn(E))


def test_69b_one_correction_at_a_time_and_once_ruled_it_is_final() -> None:
    """While the Director has a withdrawal before him nobody withdraws again; once he has ruled, the claim
    is closed."""
    t = _agreed(12).apply(ClaimWithdrawn(W))
    with pytest.raises(ImpossibleActionError, match="yet to rule"):
        t.apply(ClaimWithdrawn(E))
    t = t.apply(ClaimRuled(11))
    with pytest.raises(ImpossibleActionError, match="already ruled"):
        t.apply(ClaimWithdrawn(E))


def test_69_correction_replays_from_the_record() -> None:
    """The withdrawal and the ruling are events like any other: the record rebuilds the table."""
    t = _agreed(12).apply(ClaimWithdrawn(W)).apply(ClaimRuled(11))
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert t.view(S).faced.keys() == {N, E, S, W}
