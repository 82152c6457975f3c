"""Law 24: cards exposed during the auction: face up until it ends, the offender's partner's obligation to
pass (24B, 24C), and what becomes of the cards when the auction ends (24D, 24E)."""

from __future__ import annotations

import pytest

from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import DIRECTOR, Duration, Kind, LawRef, MustPass, PenaltyCard, Policy

from ._helpers import calls
from ._penalty_helpers import E, N, S, W, c, expose, mixed


def test_24a_a_single_low_card_not_led_has_no_further_rectification() -> None:
    """West drops the nine of hearts during the auction: it lies face up, but his partner need not pass."""
    t = expose(calls(mixed(), "N:P"), "W:H9")
    assert [(x.seat, str(x.card), x.law) for x in t.view(N).exposed] == [(W, "H9", LawRef(24, "A"))]
    assert t.constraints == ()
    assert [i.kind for i in t.irregularities] == [Kind.CARD_EXPOSED]
    t = calls(t, "E:1D")  # East may bid
    assert t.irregularities[-1].kind is Kind.CARD_EXPOSED


def test_24b_an_honour_exposed_obliges_partner_to_pass_at_his_next_turn() -> None:
    """East shows the king of diamonds: West must pass when next it is his turn; the obligation then
    lapses."""
    t = expose(calls(mixed(), "N:P"), "E:DK")
    assert t.constraints == (MustPass(W, Duration.NEXT_TURN, LawRef(24, "B")),)
    t = calls(t, "E:1D S:P W:P N:1H")
    assert t.constraints == ()


def test_24b_a_low_card_led_prematurely_also_silences_partner() -> None:
    t = expose(mixed(), "E:C5", led=True)
    assert MustPass(W, Duration.NEXT_TURN, LawRef(24, "B")) in t.constraints


def test_24c_two_cards_exposed_oblige_partner_to_pass() -> None:
    t = expose(expose(mixed(), "W:H9"), "W:S8")
    assert t.constraints == (MustPass(E, Duration.NEXT_TURN, LawRef(24, "C")),)
    assert {str(x.card) for x in t.view(None).exposed} == {"H9", "S8"}


def test_24_partner_who_calls_when_obliged_to_pass_commits_a_law_37_infraction() -> None:
    t = calls(expose(calls(mixed(), "N:P"), "E:DK"), "E:1D S:P W:1H")
    assert t.open_irregularity is not None
    assert t.open_irregularity.kind is Kind.CALL_WHILE_REQUIRED_TO_PASS


def test_24d_the_cards_of_a_future_declarer_or_dummy_go_back_to_the_hand() -> None:
    """North (who becomes dummy) exposes the ace of spades; once South declares it is simply returned."""
    t = expose(mixed(), "N:SA")
    t = calls(t, "N:P E:P S:1NT W:P N:P E:P")
    assert str(t.contract) == "1NTS"
    assert t.view(W).penalty_cards == () and t.view(W).exposed == ()
    assert not any(isinstance(x, PenaltyCard) for x in t.constraints)


def test_24e_a_future_defenders_single_low_card_becomes_a_minor_penalty_card() -> None:
    t = calls(expose(calls(mixed(), "N:P"), "W:H9"), "E:P S:1NT W:P N:P E:P")
    assert t.view(N).penalty_cards == (PenaltyCard(W, c("H9"), False, LawRef(24, "E")),)


def test_24e_an_honour_or_a_premature_lead_becomes_a_major_penalty_card() -> None:
    t = expose(calls(mixed(), "N:P"), "E:DK")
    t = expose(t, "W:S9", led=True)
    t = calls(t, "E:P S:1NT W:P N:P E:P")
    assert set(t.view(S).penalty_cards) == {
        PenaltyCard(E, c("DK"), True, LawRef(24, "E")),
        PenaltyCard(W, c("S9"), True, LawRef(24, "E")),
    }


def test_24e_two_cards_of_one_defender_are_both_major_penalty_cards() -> None:
    t = calls(expose(expose(calls(mixed(), "N:P"), "W:H9"), "W:S8"), "E:P S:1NT W:P N:P E:P")
    assert {(str(p.card), p.major) for p in t.view(E).penalty_cards} == {("H9", True), ("S8", True)}


def test_24_exposed_cards_are_seen_by_everyone_during_the_auction() -> None:
    t = expose(mixed(), "E:DK")
    for viewer in (N, E, S, W, DIRECTOR, None):
        assert [str(x.card) for x in t.view(viewer).exposed] == ["DK"]
        if viewer is not E and viewer is not DIRECTOR:
            assert E not in t.view(viewer).hands


def test_24_a_card_not_held_or_already_face_up_cannot_be_exposed() -> None:
    t = mixed()
    with pytest.raises(ImpossibleActionError, match="SA is not in East's hand"):
        expose(t, "E:SA")
    t = expose(t, "E:DK")
    with pytest.raises(ImpossibleActionError, match="already face up"):
        expose(t, "E:DK")


def test_24_an_online_table_cannot_expose_a_card() -> None:
    with pytest.raises(UnlawfulActionError, match="Law 24"):
        expose(mixed(Policy.ONLINE), "E:DK")


def test_24_the_record_replays_to_the_same_table() -> None:
    t = calls(expose(calls(mixed(), "N:P"), "E:DK"), "E:P S:1NT W:P N:P E:P")
    assert type(t).replay(t.board, t.record, t.regulations) == t


def test_24e_50d2_a_major_penalty_card_from_the_auction_gives_declarer_the_opening_lead_options() -> None:
    """East showed the king of diamonds during the auction and defends: before West's opening lead declarer
    chooses whether to require or forbid diamonds (Law 50D2)."""
    t = calls(expose(calls(mixed(), "N:P"), "E:DK"), "E:P S:1NT W:P N:P E:P")
    assert t.pending is not None and t.pending.actor is S and t.pending.law == LawRef(50, "D2")
