"""Law 48: declarer's (and dummy's) exposed cards carry no rectification and never become penalty cards."""

from __future__ import annotations

import pytest

from tenace.errors import UnlawfulActionError
from tenace.laws import Policy

from ._penalty_helpers import S, c, cards, expose, in_1nt, play


def test_48a_declarer_dropping_a_card_is_not_restricted_and_need_not_play_it() -> None:
    """South (declarer) drops the ace of clubs: no penalty card, nothing changes in what he may play."""
    t = play(in_1nt(), "D9 D2 DA")
    before = t.legal_cards()
    t = expose(t, "S:CA")
    assert t.view(None).penalty_cards == () and t.constraints == () and t.irregularities == ()
    assert t.legal_cards() == before == cards("DJ D7 D6")
    t = play(t, "D6")  # he follows with another card; the ace stays in his hand
    assert t.play is not None and c("CA") in t.play.hand(S)


def test_48a_no_card_of_dummys_hand_becomes_a_penalty_card_even_before_the_opening_lead() -> None:
    t = expose(in_1nt(), "N:SA")
    assert t.view(None).penalty_cards == ()
    t = play(t, "S9")
    assert "SA" in {str(x) for x in t.legal_cards()}


def test_48_online_tables_do_not_record_exposed_cards() -> None:
    with pytest.raises(UnlawfulActionError, match="online"):
        expose(play(in_1nt(Policy.ONLINE), "S9"), "S:CA")


def test_48b2_declarer_facing_his_cards_in_the_play_deemed_a_claim_is_a_claim_by_him() -> None:
    """Law 48B2: South (declarer) faces his remaining cards in the middle of the play. Exposed, they bring no
    rectification (48A); when the Director deems it a claim of the rest, it is recorded as South's claim and
    Law 68 goes on from there: the defenders may agree or object."""
    from tenace.laws import ClaimAnswered, ClaimMade, Phase

    from ._penalty_helpers import E, W

    t = play(in_1nt(), "D9 D2 DA")
    assert t.play is not None
    for card in sorted(t.play.hand(S)):
        t = expose(t, f"S:{card}")
    assert t.view(None).penalty_cards == () and t.irregularities == ()
    left = 13 - len(t.play.winners)
    t = t.apply(ClaimMade(S, left))
    assert t.phase is Phase.CLAIM and t.claim is not None
    t = t.apply(ClaimAnswered(W, True)).apply(ClaimAnswered(E, True))
    assert t.phase is Phase.ENDED and t.declarer_tricks == left == 13  # every trick, as claimed
