"""Laws 49 and 50: a defender's exposed card becomes a penalty card, minor or major (50B); it stays face up
for everyone to see (50A, 50E1); a minor one restricts its owner's low cards of the suit (50C); a major one
must be played at the first lawful opportunity (50D1) and gives declarer options when the owner's partner has
the lead (50D2)."""

from __future__ import annotations

import pytest

from tenace import Board, Deal
from tenace.cards import Suit
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import (
    DIRECTOR,
    Accept,
    DirectorCalled,
    Elected,
    ForbidLead,
    FreeLead,
    Kind,
    LawRef,
    MayNotLead,
    MustLead,
    PenaltyCard,
    Policy,
    Regulations,
    Reject,
    RequireLead,
)
from tenace.laws.table import Table

from ._helpers import calls
from ._penalty_helpers import E, N, S, W, c, cards, expose, in_1nt, play

W_HAND = cards("ST S9 S8 HT H9 H8 DT D9 D8 CJ CT C9 C8")


def _with_major_dk() -> Table:
    """East shows the king of diamonds before the opening lead: West, on lead, waits for declarer."""
    return expose(in_1nt(), "E:DK")


def test_49_a_defenders_card_exposed_becomes_a_penalty_card() -> None:
    t = expose(in_1nt(), "W:H8")
    assert t.view(N).penalty_cards == (PenaltyCard(W, c("H8"), False, LawRef(50, "B")),)
    assert [(i.kind, i.offender, i.law) for i in t.irregularities] == [(Kind.CARD_EXPOSED, W, LawRef(49))]


def test_50b_an_honour_or_a_deliberately_shown_card_is_a_major_penalty_card() -> None:
    t = expose(expose(in_1nt(), "E:SQ"), "W:C8", deliberate=True)
    seen = {(p.seat, str(p.card), p.major) for p in t.view(S).penalty_cards}
    assert seen == {(E, "SQ", True), (W, "C8", True)}


def test_50b_two_penalty_cards_of_one_defender_are_all_major() -> None:
    t = expose(in_1nt(), "W:H8")
    assert not t.view(S).penalty_cards[0].major
    t = expose(t, "W:S8")
    assert all(p.major for p in t.view(S).penalty_cards) and len(t.view(S).penalty_cards) == 2


def test_50a_50e1_penalty_cards_are_public_in_every_view_and_among_the_constraints() -> None:
    """Laws 50A and 50E1: the penalty card lies face up and is information for everyone: every view shows it,
    while East's hand stays hidden from West."""
    t = expose(in_1nt(), "E:DK")
    card = PenaltyCard(E, c("DK"), True, LawRef(50, "B"))
    for viewer in (N, E, S, W, DIRECTOR, None):
        assert t.view(viewer).penalty_cards == (card,)
    assert card in t.constraints and E not in t.view(W).hands


def test_50_a_card_not_held_cannot_become_a_penalty_card() -> None:
    with pytest.raises(ImpossibleActionError, match="SA is not in East's hand"):
        expose(in_1nt(), "E:SA")
    with pytest.raises(ImpossibleActionError, match="already a penalty card"):
        expose(expose(in_1nt(), "E:DK"), "E:DK")


def test_50_online_tables_refuse_exposed_cards() -> None:
    with pytest.raises(UnlawfulActionError, match="Law 49"):
        expose(in_1nt(Policy.ONLINE), "E:DK")


def test_50c_a_minor_penalty_card_bars_other_low_cards_of_its_suit_but_not_honours() -> None:
    """West's eight of hearts is a minor penalty card: he may not play the nine of hearts before it, but the
    ten (an honour) and every other suit are free; his partner's lead is not restricted."""
    t = expose(in_1nt(), "W:H8")
    assert t.pending is None
    assert t.legal_cards() == W_HAND.remove(c("H9"))


def test_50c_playing_the_minor_penalty_card_ends_it() -> None:
    t = play(expose(in_1nt(), "W:H8"), "H8")
    assert t.view(N).penalty_cards == () and not any(isinstance(x, PenaltyCard) for x in t.constraints)


def test_50d2_declarer_chooses_before_the_partner_of_a_major_penalty_card_leads() -> None:
    t = _with_major_dk()
    assert t.pending is not None and t.pending.actor is S and t.pending.law == LawRef(50, "D2")
    assert t.pending.options == (
        RequireLead(Suit.DIAMONDS, LawRef(50, "D2(a)")),
        ForbidLead((Suit.DIAMONDS,), LawRef(50, "D2(a)")),
        FreeLead(LawRef(50, "D2(b)")),
    )
    assert t.turn is S
    with pytest.raises(ImpossibleActionError, match="decision is pending"):
        play(t, "S9")


def test_50d2a_declarer_requires_the_suit_and_the_penalty_card_is_picked_up() -> None:
    t = _with_major_dk().apply(Elected(S, RequireLead(Suit.DIAMONDS, LawRef(50, "D2(a)"))))
    assert t.legal_cards() == cards("DT D9 D8")
    assert MustLead(W, Suit.DIAMONDS, LawRef(50, "D2(a)")) in t.constraints
    assert t.view(N).penalty_cards == ()
    assert t.playing is not None  # Law 50E2: the returned card is remembered
    assert [str(p.card) for p in t.playing.penalties.picked_up] == ["DK"]
    t = play(t, "D9 D2")
    assert t.legal_cards() == cards("DA DK DQ D5")  # East is free again
    assert not any(isinstance(x, MustLead) for x in t.constraints)


def test_50d2a_declarer_forbids_the_suit_for_as_long_as_the_defender_keeps_the_lead() -> None:
    t = _with_major_dk().apply(Elected(S, ForbidLead((Suit.DIAMONDS,), LawRef(50, "D2(a)"))))
    assert t.view(E).penalty_cards == ()
    assert t.legal_cards() == W_HAND - W_HAND.suit(Suit.DIAMONDS)
    t = play(t, "HT H2 H3 H4")  # West wins the trick with the ten and keeps the lead
    assert t.turn is W and t.pending is None
    assert t.legal_cards() == (W_HAND - W_HAND.suit(Suit.DIAMONDS)).remove(c("HT"))
    t = play(t, "H9 HK")  # dummy's king wins the trick: West has lost the lead
    assert MayNotLead(W, (Suit.DIAMONDS,), LawRef(50, "D2(a)")) in t.constraints
    t = play(t, "HJ H5")
    assert not any(isinstance(x, MayNotLead) for x in t.constraints)


def test_50d2b_a_free_lead_leaves_the_penalty_card_on_the_table() -> None:
    t = _with_major_dk().apply(Elected(S, FreeLead(LawRef(50, "D2(b)"))))
    assert t.legal_cards() == W_HAND
    assert t.view(None).penalty_cards == (PenaltyCard(E, c("DK"), True, LawRef(50, "B")),)


def test_50d2_footnote_the_options_come_again_when_the_partner_keeps_the_lead() -> None:
    t = _with_major_dk().apply(Elected(S, FreeLead(LawRef(50, "D2(b)"))))
    t = play(t, "HT H2 H3 H4")
    assert t.pending is not None and t.pending.actor is S and t.pending.law == LawRef(50, "D2")


def test_50d1a_a_major_penalty_card_must_be_played_at_the_first_lawful_opportunity() -> None:
    """Law 50D1(a) (and Law 45C5: a penalty card may have to be played): on the diamond lead East's only
    lawful card is his DK penalty card."""
    t = play(_with_major_dk().apply(Elected(S, FreeLead(LawRef(50, "D2(b)")))), "D9 D2")
    assert t.turn is E and t.legal_cards() == cards("DK")
    t = play(t, "DK D6")
    assert t.view(None).penalty_cards == ()


def test_50d1b_following_suit_comes_before_playing_the_penalty_card_which_stays() -> None:
    t = play(_with_major_dk().apply(Elected(S, FreeLead(LawRef(50, "D2(b)")))), "S9 S2")
    assert t.legal_cards() == cards("SQ SJ S4")
    t = play(t, "SQ S5")
    assert [str(p.card) for p in t.view(W).penalty_cards] == ["DK"]


def test_50d1_the_owner_leading_must_lead_his_major_penalty_card() -> None:
    """East wins a trick and leads: his major penalty card, the queen of spades, is his only lawful lead."""
    t = expose(in_1nt(), "E:SQ").apply(Elected(S, FreeLead(LawRef(50, "D2(b)"))))
    t = play(t, "D9 D2 DA D6")
    assert t.turn is E and t.legal_cards() == cards("SQ")


def test_50_the_record_replays_to_the_same_table() -> None:
    t = play(_with_major_dk().apply(Elected(S, FreeLead(LawRef(50, "D2(b)")))), "D9 D2 DK")
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_50d2_a_lead_faced_before_declarer_has_chosen_becomes_a_major_penalty_card() -> None:
    """West faces the nine of spades while declarer is still choosing: Law 49 makes it a major penalty card
    (recorded as a card exposed in leading); declarer's choice is still to come, and West's own penalty card
    must then be led unless declarer's choice bars it."""
    t = expose(_with_major_dk(), "W:S9", led=True)
    assert t.pending is not None and t.pending.law == LawRef(50, "D2")
    assert PenaltyCard(W, c("S9"), True, LawRef(50, "B")) in t.view(N).penalty_cards
    t = t.apply(Elected(S, FreeLead(LawRef(50, "D2(b)"))))
    assert t.legal_cards() == cards("S9")
    t = expose(_with_major_dk(), "W:S9", led=True)
    t = t.apply(Elected(S, RequireLead(Suit.DIAMONDS, LawRef(50, "D2(a)"))))
    assert t.legal_cards() == cards("DT D9 D8")  # the requirement comes first (Law 50D1(b))


def test_59_a_required_suit_the_leader_does_not_hold_leaves_him_free() -> None:
    """West has no diamonds: when declarer requires a diamond lead, West may lead any card."""
    void = Deal.from_pbn("N:AK32.AK2.432.432 QJ4.QJ3.AKQT985. 765.7654.J76.AKQ T98.T98..JT98765")
    t = calls(Table.new(Board(1, void), Regulations()), "N:P E:P S:1NT W:P N:P E:P")
    t = expose(t, "E:DK").apply(Elected(S, RequireLead(Suit.DIAMONDS, LawRef(50, "D2(a)"))))
    assert t.view(N).penalty_cards == () and len(t.legal_cards()) == 13


def test_50e3_a_played_penalty_card_is_remembered_for_the_directors_information_rulings() -> None:
    t = play(_with_major_dk().apply(Elected(S, FreeLead(LawRef(50, "D2(b)")))), "D9 D2 DK")
    assert t.playing is not None
    assert t.playing.penalties.played == (PenaltyCard(E, c("DK"), True, LawRef(50, "B")),)
    assert t.playing.penalties.picked_up == ()


def test_50d2a_a_lead_against_declarers_requirement_is_recorded_with_declarers_options() -> None:
    t = _with_major_dk().apply(Elected(S, RequireLead(Suit.DIAMONDS, LawRef(50, "D2(a)"))))
    t = play(t, "S9")
    broken = t.irregularities[-1]
    assert (broken.kind, broken.offender) == (Kind.LEAD_RESTRICTION_BROKEN, W)
    assert broken.law == LawRef(50, "D2(a)")
    t = t.apply(DirectorCalled(E))
    assert t.pending is not None and t.pending.actor is S
    assert t.pending.options == (Accept(LawRef(50, "D2(a)")), Reject(LawRef(49)))
    t = t.apply(Elected(S, Reject(LawRef(49))))
    assert t.legal_cards() == cards("DT D9 D8")  # the requirement still holds for the lead
    assert PenaltyCard(W, c("S9"), True, LawRef(49)) in t.view(E).penalty_cards
