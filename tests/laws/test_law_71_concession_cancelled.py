"""Law 71: a concession stands once made, but within the correction period the Director cancels the
concession of a trick that was in fact won or that could not be lost by any normal play."""

from __future__ import annotations

import pytest

from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, ClaimAnswered, ClaimMade, ClaimRuled, LawRef, Phase, Table
from tenace.laws.claims import Correction
from tenace.laws.events import ClaimWithdrawn

from ._claim_helpers import after_one_trick
from ._helpers import E, N, S, W


def _conceded_by_declarer(tricks: int) -> Table:
    """North claims only ``tricks`` of the 12 remaining although he holds every top card."""
    return after_one_trick().apply(ClaimMade(N, tricks)).apply(ClaimAnswered(E, True)).apply(
        ClaimAnswered(W, True)
    )


def test_71_a_concession_stands_once_made_before_the_board_ends() -> None:
    """The claimer may not take back his claim or concession (71): a doubt goes to the Director instead
    (68D2)."""
    t = after_one_trick().apply(ClaimMade(N, 9))
    with pytest.raises(ImpossibleActionError, match="cannot take back"):
        t.apply(ClaimWithdrawn(N))


def test_71b_director_cancels_a_concession_of_tricks_that_could_not_be_lost() -> None:
    """North conceded three tricks he could not lose by any normal play: the Director cancels the concession
    within the correction period and the board is rescored (Law 71B)."""
    t = _conceded_by_declarer(9)
    assert t.declarer_tricks == 10
    t = t.apply(ClaimRuled(12))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13 and t.score_ns() == 520
    assert t.claim is not None and t.claim.law == LawRef(71)


def test_71_claimers_side_asks_for_the_cancellation() -> None:
    """A player of the conceding side draws the Director's attention after the board: the Director is to
    rule, and may restore some or none of the tricks."""
    with pytest.raises(ImpossibleActionError, match="dummy does not ask"):
        _conceded_by_declarer(9).apply(ClaimWithdrawn(S))  # Law 42: dummy's limited rights
    t = _conceded_by_declarer(9).apply(ClaimWithdrawn(N))
    assert t.claim is not None and t.claim.correction is Correction.CONCESSION_CANCELLED
    assert t.turn is DIRECTOR
    t = t.apply(ClaimRuled(9))
    assert t.declarer_tricks == 10
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_71a_defenders_conceded_a_trick_they_had_won() -> None:
    """East conceded every trick although his side would win one that is theirs in fact (71A): cancelled, the
    trick goes back to the defenders (Law 71A)."""
    t = after_one_trick().apply(ClaimMade(E, 0)).apply(ClaimAnswered(N, True)).apply(ClaimAnswered(S, True))
    assert t.declarer_tricks == 13
    t = t.apply(ClaimWithdrawn(W)).apply(ClaimRuled(1))
    assert t.declarer_tricks == 12 and t.score_ns() == 490


def test_71_cannot_take_tricks_from_the_conceding_side() -> None:
    """Law 71 only gives tricks back to the side that conceded them."""
    t = _conceded_by_declarer(9)
    with pytest.raises(ImpossibleActionError, match="at least 9 to the claimer"):
        t.apply(ClaimRuled(8))


def test_71_no_correction_once_the_director_has_ruled() -> None:
    """A cancelled concession is final: a second ruling is refused."""
    t = _conceded_by_declarer(9).apply(ClaimRuled(12))
    with pytest.raises(ImpossibleActionError, match="only on a contested claim"):
        t.apply(ClaimRuled(11))
