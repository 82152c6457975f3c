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
