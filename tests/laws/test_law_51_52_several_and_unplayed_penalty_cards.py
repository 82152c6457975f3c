"""Law 51: two or more penalty cards (declarer designates which is played, 51A; his options when the owner's
partner leads, 51B1 for one suit, 51B2 for several). Law 52: a defender who leads or plays another card when
he must play a penalty card (declarer may accept it, 52B1(a); must once he has played on, 52B1(b); otherwise
the penalty card replaces it and the card played becomes a major penalty card, 52B2)."""

from __future__ import annotations

import pytest

from tenace.cards import Suit
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import (
    Accept,
    CardPlayed,
    DesignateCard,
    DirectorCalled,
    Elected,
    ForbidLead,
    FreeLead,
    Kind,
    LawRef,
    MustPlay,
    PenaltyCard,
    Policy,
    Reject,
    RequireLead,
    penalty_cards,
)
from tenace.laws.table import Table

from ._penalty_helpers import E, S, W, c, cards, expose, in_1nt, play

FREE = FreeLead(LawRef(50, "D2(b)"))


def _penalties(t: Table) -> set[tuple[str, bool]]:
    return {(str(p.card), p.major) for p in t.view(None).penalty_cards}


def _two_diamonds() -> Table:
    """East has exposed the king and queen of diamonds before the opening lead."""
    return expose(expose(in_1nt(), "E:DK"), "E:DQ")


def test_51b1_options_for_two_penalty_cards_in_one_suit() -> None:
    t = _two_diamonds()
    assert t.pending is not None and t.pending.actor is S and t.pending.law == LawRef(51, "B1")
    assert t.pending.options == (
        RequireLead(Suit.DIAMONDS, LawRef(51, "B1(a)")),
        ForbidLead((Suit.DIAMONDS,), LawRef(51, "B1(b)")),
        FREE,
    )


def test_51b1a_requiring_the_suit_returns_every_penalty_card_of_it_and_the_owner_plays_freely() -> None:
    t = _two_diamonds().apply(Elected(S, RequireLead(Suit.DIAMONDS, LawRef(51, "B1(a)"))))
    assert t.view(W).penalty_cards == () and t.legal_cards() == cards("DT D9 D8")
    t = play(t, "D9 D2")
    assert t.pending is None and t.legal_cards() == cards("DA DK DQ D5")


def test_51b1b_forbidding_the_suit_returns_its_penalty_cards_and_bars_it_while_he_keeps_the_lead() -> None:
    t = _two_diamonds().apply(Elected(S, ForbidLead((Suit.DIAMONDS,), LawRef(51, "B1(b)"))))
    assert t.view(W).penalty_cards == ()
    assert not t.legal_cards().suit(Suit.DIAMONDS) and len(t.legal_cards()) == 10


def test_51a_declarer_designates_which_of_two_playable_penalty_cards_is_played() -> None:
    t = play(_two_diamonds().apply(Elected(S, FREE)), "D9 D2")
    assert t.pending is not None and t.pending.actor is S and t.pending.law == LawRef(51, "A")
    assert set(t.pending.options) == {DesignateCard(c(x), LawRef(51, "A")) for x in ("DK", "DQ")}
    t = t.apply(Elected(S, DesignateCard(c("DQ"), LawRef(51, "A"))))
    assert t.legal_cards() == cards("DQ") and MustPlay(E, c("DQ"), LawRef(51, "A")) in t.constraints
    t = play(t, "DQ")
    assert _penalties(t) == {("DK", True)} and not any(isinstance(x, MustPlay) for x in t.constraints)


def test_51a_no_designation_when_only_one_penalty_card_can_be_played() -> None:
    """East holds the king of diamonds and the queen of spades as penalty cards; on a spade lead he must
    follow with the queen, so declarer designates nothing."""
    t = expose(expose(in_1nt(), "E:DK"), "E:SQ").apply(Elected(S, FreeLead(LawRef(51, "B2(c)"))))
    t = play(t, "S9 S2")
    assert t.pending is None and t.legal_cards() == cards("SQ")


def test_51b2_options_for_penalty_cards_in_two_suits() -> None:
    t = expose(expose(in_1nt(), "E:DK"), "E:SQ")
    assert t.pending is not None and t.pending.law == LawRef(51, "B")
    d, s = Suit.DIAMONDS, Suit.SPADES
    assert t.pending.options == (
        RequireLead(d, LawRef(51, "B2(a)")),
        RequireLead(s, LawRef(51, "B2(a)")),
        ForbidLead((d,), LawRef(51, "B2(b)")),
        ForbidLead((s,), LawRef(51, "B2(b)")),
        ForbidLead((d, s), LawRef(51, "B2(b)")),
        FreeLead(LawRef(51, "B2(c)")),
    )


def test_51b2a_requiring_one_suit_returns_only_that_suits_penalty_cards() -> None:
    t = expose(expose(in_1nt(), "E:DK"), "E:SQ")
    t = t.apply(Elected(S, RequireLead(Suit.DIAMONDS, LawRef(51, "B2(a)"))))
    assert _penalties(t) == {("SQ", True)} and t.legal_cards() == cards("DT D9 D8")


def test_51b2c_declarer_leaves_the_lead_free_and_the_penalty_cards_stay() -> None:
    """Law 51B2(c): East has major penalty cards in diamonds and spades; declarer neither requires nor forbids
    a lead: West leads what he likes and both penalty cards stay on the table (Laws 50 and 51 still apply)."""
    t = expose(expose(in_1nt(), "E:DK"), "E:SQ")
    t = t.apply(Elected(S, FreeLead(LawRef(51, "B2(c)"))))
    assert t.pending is None and t.turn is W
    assert _penalties(t) == {("DK", True), ("SQ", True)}
    assert t.legal_cards() == cards("ST S9 S8 HT H9 H8 DT D9 D8 CJ CT C9 C8")
    t = play(t, "HT")
    assert _penalties(t) == {("DK", True), ("SQ", True)}


def test_51b2b_forbidding_several_suits_returns_all_their_penalty_cards() -> None:
    t = expose(expose(in_1nt(), "E:DK"), "E:SQ")
    t = t.apply(Elected(S, ForbidLead((Suit.DIAMONDS, Suit.SPADES), LawRef(51, "B2(b)"))))
    assert _penalties(t) == set()
    assert t.legal_cards() == cards("HT H9 H8 CJ CT C9 C8")


def _failed_to_play_dk() -> Table:
    """East's king of diamonds is a major penalty card; on the diamond lead he plays the ace instead."""
    t = play(expose(in_1nt(), "E:DK").apply(Elected(S, FREE)), "D9 D2")
    assert t.legal_cards() == cards("DK")
    return play(t, "DA")


def test_52_playing_another_card_instead_of_the_penalty_card_is_recorded() -> None:
    """East plays the DA instead of his DK penalty card: recorded, and the DA stays played; he cannot take it
    back on his own (Law 52A), only declarer's election decides (52B)."""
    t = _failed_to_play_dk()
    assert t.play is not None and t.play.cards[-1] == c("DA") and c("DA") not in t.play.hand(E)
    assert t.irregularities[-1].kind is Kind.PENALTY_CARD_NOT_PLAYED and t.irregularities[-1].offender is E
    assert t.pending is None and t.turn is S


def test_52b1a_declarer_accepts_the_card_and_the_penalty_card_stays() -> None:
    t = _failed_to_play_dk().apply(DirectorCalled(S))
    assert t.pending is not None and t.pending.actor is S
    assert t.pending.options == (Accept(LawRef(52, "B1(a)")), Reject(LawRef(52, "B2")))
    t = t.apply(Elected(S, Accept(LawRef(52, "B1(a)"))))
    assert t.play is not None and t.play.cards[-1] == c("DA")
    assert _penalties(t) == {("DK", True)}  # Law 52B1(c)


def test_52b1b_declarer_who_plays_on_has_accepted_the_card() -> None:
    t = play(_failed_to_play_dk(), "D6")
    assert _penalties(t) == {("DK", True)}
    with pytest.raises(ImpossibleActionError):
        t.apply(DirectorCalled(S))
    assert t.turn is E and t.legal_cards() == cards("DK")  # East won the trick and must lead the king now


def test_52b2_not_accepted_the_penalty_card_replaces_it_and_the_card_becomes_a_major_penalty_card() -> None:
    t = _failed_to_play_dk().apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(52, "B2"))))
    assert t.play is not None and [str(x) for x in t.play.cards] == ["D9", "D2"]
    assert _penalties(t) == {("DK", True), ("DA", True)}
    assert t.turn is E and t.legal_cards() == cards("DK")
    t = play(t, "DK D6")
    assert _penalties(t) == {("DA", True)} and t.turn is E and t.legal_cards() == cards("DA")


def test_52b2_after_a_minor_penalty_card_the_low_card_led_goes_back_and_the_penalty_card_is_led() -> None:
    """West's eight of hearts is a minor penalty card and he leads the nine of hearts (Law 50C forbids it).
    Declarer does not accept it: the nine becomes a penalty card too (so both are major) and West leads the
    eight."""
    t = play(expose(in_1nt(), "W:H8"), "H9")
    assert t.irregularities[-1].kind is Kind.PENALTY_CARD_NOT_PLAYED
    t = t.apply(DirectorCalled(E)).apply(Elected(S, Reject(LawRef(52, "B2"))))
    assert _penalties(t) == {("H8", True), ("H9", True)}
    assert t.legal_cards() == cards("H8")
    assert PenaltyCard(W, c("H9"), True, LawRef(52, "B2")) in t.constraints


def test_52_the_record_replays_to_the_same_table() -> None:
    t = _failed_to_play_dk().apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(52, "B2"))))
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_52_an_online_table_refuses_a_card_that_breaks_a_penalty_card_rule() -> None:
    """Online, the table enforces the rules instead of recording the failure (policy ONLINE)."""

    t = play(expose(in_1nt(), "E:DK").apply(Elected(S, FREE)), "D9 D2")
    assert t.playing is not None
    with pytest.raises(UnlawfulActionError, match="penalty card not played"):
        penalty_cards.on_card(t.playing, CardPlayed(E, c("DA")), len(t.record), Policy.ONLINE)
