"""Law 68: claims and concessions, the statement of line, the suspension of play and the two roads after a
doubt (the Director, or play on by agreement of all four)."""

from __future__ import annotations

import pytest

from tenace import Card, Seat
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CardPlayed, ClaimAnswered, ClaimMade, ClaimRuled, LawRef, Phase, Table
from tenace.laws.events import PlayOnAgreed

from ._claim_helpers import after_one_trick, played
from ._helpers import E, N, S, W


def test_68a_declarer_claim_records_the_tricks_and_the_statement() -> None:
    """A statement that a side will win a number of tricks is a claim of them (Law 68A)."""
    t = after_one_trick().apply(ClaimMade(N, 12, "cash everything from the top"))
    assert t.claim is not None
    assert (t.claim.seat, t.claim.tricks, t.claim.statement) == (N, 12, "cash everything from the top")
    assert t.phase is Phase.CLAIM


def test_68d_play_is_suspended_after_a_claim() -> None:
    """After any claim or concession play stops (68D): no card may be played while it is open."""
    t = after_one_trick().apply(ClaimMade(N, 12))
    with pytest.raises(ImpossibleActionError, match="play has stopped for a claim"):
        t.apply(CardPlayed(N, Card.from_str("SK")))


def test_68b1_a_claim_of_some_tricks_concedes_the_rest() -> None:
    """A claim of some tricks concedes the remainder (68B1): declarer claiming 10 of 12 ends with 11."""
    t = after_one_trick().apply(ClaimMade(N, 10)).apply(ClaimAnswered(E, True)).apply(ClaimAnswered(W, True))
    assert t.declarer_tricks == 1 + 10
    assert t.score_ns() == 460  # 3NT + 2, not vulnerable on board 1 (Law 77)


def test_68b1_defender_concedes_all_remaining_tricks() -> None:
    """A defender who abandons his hand concedes all the remaining tricks (68B1); agreed by declarer's side
    (69A) it gives declarer every one of them."""
    t = after_one_trick().apply(ClaimMade(W, 0, "yours"))
    assert t.turn is N  # declarer's side answers a defender's concession
    t = t.apply(ClaimAnswered(N, True)).apply(ClaimAnswered(S, True))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13


def test_68b2_defenders_concession_that_partner_objects_to_at_once_never_happened() -> None:
    """A defender tries to concede tricks and his partner objects at once: there is neither a claim nor a
    concession and play continues (68B2); the attempt stays on record."""
    t = after_one_trick().apply(ClaimMade(E, 3, "you get the rest"))
    t = t.apply(ClaimAnswered(W, False))
    assert t.claim is None and t.phase is Phase.PLAY and t.turn is N
    assert t.playing is not None
    (void,) = t.playing.void_claims
    assert void.law == LawRef(68, "B2") and void.claim.seat is E and void.trick == 2
    t = played(t, "SK S9 S6 H5")  # play goes on
    assert t.play is not None and len(t.play.winners) == 2


def test_68b2_does_not_cover_a_defenders_claim_that_concedes_nothing() -> None:
    """68B2 is about a concession; a defender claiming every remaining trick that his partner doubts is a
    doubt under 68D2: the Director is summoned (Law 70)."""
    t = after_one_trick().apply(ClaimMade(E, 12)).apply(ClaimAnswered(W, False))
    assert t.claim is not None and t.claim.objected and t.turn is DIRECTOR


def test_68b2_objection_after_an_opponent_agreed_is_a_doubt_not_a_void_concession() -> None:
    """Once declarer's side has assented, the partner's objection is no longer immediate: it is a doubt
    (68D2) and the Director rules."""
    t = after_one_trick().apply(ClaimMade(E, 3)).apply(ClaimAnswered(N, True)).apply(ClaimAnswered(W, False))
    assert t.claim is not None and t.claim.objected and t.claim.objected_by is W and t.turn is DIRECTOR


def test_68c_claimer_faces_his_hand_for_everyone() -> None:
    """The claimer faces his hand (68C): every seat's view shows North's remaining cards; nobody else's."""
    before = after_one_trick()
    t = before.apply(ClaimMade(N, 12, "top tricks"))
    for viewer in (E, W, S, None):
        assert set(t.view(viewer).faced) == {N}
        assert t.view(viewer).faced[N] == t.play.hand(N) if t.play is not None else False
    assert before.view(E).faced == {}


def test_70b3_all_hands_faced_once_the_claim_is_doubted() -> None:
    """When the claim is doubted, the Director may have all remaining cards faced (70B3): the views show
    all four hands."""
    t = after_one_trick().apply(ClaimMade(N, 12)).apply(ClaimAnswered(E, False))
    assert set(t.view(W).faced) == set(Seat)


def test_68d2_dummy_may_doubt_declarers_claim() -> None:
    """A claim doubted by any player, dummy included, goes to the Director (68D2(a), Law 70)."""
    t = after_one_trick().apply(ClaimMade(N, 12)).apply(ClaimAnswered(S, False))
    assert t.claim is not None and t.claim.objected_by is S and t.turn is DIRECTOR
    t = t.apply(ClaimRuled(12))
    assert t.declarer_tricks == 13


def test_68_the_claimers_partner_does_not_assent_and_the_claimer_does_not_answer() -> None:
    """Assent comes from the opponents (69A): the claimer's partner may doubt but not assent, and the claimer
    does not answer his own claim."""
    t = after_one_trick().apply(ClaimMade(N, 12))
    with pytest.raises(ImpossibleActionError, match="claimer's partner"):
        t.apply(ClaimAnswered(S, True))
    with pytest.raises(ImpossibleActionError, match="North made the claim"):
        t.apply(ClaimAnswered(N, True))


def test_68d2b_play_on_when_all_four_agree_voids_the_claim() -> None:
    """After a doubt, play may continue if all four agree (68D2(b)): the claim is void, play resumes from
    where it stopped, and the score obtained in play stands."""
    t = after_one_trick().apply(ClaimMade(N, 12, "all mine")).apply(ClaimAnswered(E, False))
    t = t.apply(PlayOnAgreed())
    assert t.claim is None and t.phase is Phase.PLAY and t.turn is N
    assert t.playing is not None and t.playing.void_claims[0].law == LawRef(68, "D2(b)")
    assert t.view(E).faced == {}
    order = ["SK", "SQ", "SJ", "HA", "HK", "HQ", "DA", "DK", "DQ", "CA", "CK", "CQ"]
    for card in order:
        t = t.apply(CardPlayed(N, Card.from_str(card)))
        for seat in (E, S, W):
            assert t.play is not None
            t = t.apply(CardPlayed(seat, next(iter(t.play.legal_cards()))))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13


def test_68d2b_play_on_only_after_a_doubt_and_before_a_ruling() -> None:
    """Playing on is the alternative to the Director's ruling on a doubted claim (68D2): not for an
    undoubted claim, nor once the Director has ruled."""
    t = after_one_trick().apply(ClaimMade(N, 12))
    with pytest.raises(ImpossibleActionError, match=r"agree to play on\): .*only when it is doubted"):
        t.apply(PlayOnAgreed())
    ruled = t.apply(ClaimAnswered(E, False)).apply(ClaimRuled(11))
    with pytest.raises(ImpossibleActionError, match="ended"):
        ruled.apply(PlayOnAgreed())


def test_68_a_second_claim_after_play_on_is_a_new_claim() -> None:
    """Once play has resumed (68D2(b)) a player may claim again; the void claim stays on record."""
    t = after_one_trick().apply(ClaimMade(N, 12)).apply(ClaimAnswered(W, False)).apply(PlayOnAgreed())
    t = played(t, "SK S9 S6 H5").apply(ClaimMade(N, 11, "the rest"))
    t = t.apply(ClaimAnswered(E, True)).apply(ClaimAnswered(W, True))
    assert t.declarer_tricks == 13
    assert t.playing is not None and len(t.playing.void_claims) == 1


def test_68_claims_replay_from_the_record() -> None:
    """The record alone rebuilds the table, void claims and play on included."""
    t = after_one_trick().apply(ClaimMade(E, 2)).apply(ClaimAnswered(W, False))
    t = t.apply(ClaimMade(N, 12)).apply(ClaimAnswered(S, False)).apply(PlayOnAgreed())
    t = played(t, "SK S9 S6 H5").apply(ClaimMade(N, 11)).apply(ClaimAnswered(E, True))
    assert Table.replay(t.board, t.record, t.regulations) == t
