"""Law 57: a defender's premature lead or play before his partner has played (57A, with 57B and Law 59 when
the partner cannot comply), the exceptions of 57C, and a play at the right-hand opponent's turn (57D)."""

from __future__ import annotations

import pytest

from tenace.cards import Suit
from tenace.errors import UnlawfulActionError
from tenace.laws import DirectorCalled, Elected, Kind, LawRef, Policy, Table
from tenace.laws.decisions import (
    ForbidSuit,
    PenaltyCard,
    PlayRequirement,
    RequireHighest,
    RequireLowest,
    RequireSuit,
)
from tenace.laws.events import DummyIndicated

from ._helpers import E, N, S, W
from ._ooturn import C, north_wins_trick_one, play


def _law(text: str) -> LawRef:
    return LawRef.from_str(text)


def _west_plays_before_east() -> Table:
    """North leads DQ to trick 2; West plays D3 before his partner East."""
    return play(north_wins_trick_one(), "N:DQ W:D3")


def test_57a_premature_play_is_a_major_penalty_card_and_declarer_chooses_for_partner() -> None:
    """Law 57A: West's card played before his partner's becomes a major penalty card; once the Director is
    called declarer chooses: partner's highest or lowest card of the suit led, a card of another suit he
    names, or no card of another suit he names."""
    t = _west_plays_before_east()
    assert t.irregularities[-1].kind is Kind.PREMATURE_PLAY and t.irregularities[-1].law == _law("57A")
    assert PenaltyCard(W, C("D3"), True, _law("57A")) in t.constraints
    with pytest.raises(ValueError, match="Director"):
        play(t, "E:D5")
    t = t.apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.actor is N
    others = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
    expected = {RequireHighest(_law("57A1")), RequireLowest(_law("57A2"))}
    expected |= {RequireSuit(s, _law("57A3")) for s in others} | {ForbidSuit(s, _law("57A4")) for s in others}
    assert set(t.pending.options) == expected and len(t.pending.options) == 8


def test_57a1_partner_must_play_his_highest_card_of_the_suit_led() -> None:
    """Law 57A1: declarer requires East's highest diamond: of 8765 only the eight is lawful."""
    t = _west_plays_before_east().apply(DirectorCalled(N)).apply(Elected(N, RequireHighest(_law("57A1"))))
    assert PlayRequirement(E, RequireHighest(_law("57A1")), _law("57A1")) in t.constraints
    assert list(t.legal_cards()) == [C("D8")]
    t = play(t, "E:D8")
    assert not any(isinstance(c, PlayRequirement) for c in t.constraints)


def test_57a2_partner_must_play_his_lowest_card_of_the_suit_led() -> None:
    """Law 57A2: declarer requires East's lowest diamond, the five."""
    t = _west_plays_before_east().apply(DirectorCalled(N)).apply(Elected(N, RequireLowest(_law("57A2"))))
    assert list(t.legal_cards()) == [C("D5")]


def test_57a_a_card_against_declarers_choice_is_a_revoke() -> None:
    """Law 61A: not playing, when able, the card declarer specified in rectification is a revoke."""
    t = _west_plays_before_east().apply(DirectorCalled(N)).apply(Elected(N, RequireLowest(_law("57A2"))))
    t = play(t, "E:D7")
    assert t.irregularities[-1].kind is Kind.REVOKE and t.irregularities[-1].offender is E
    assert t.irregularities[-1].law == _law("61A")


def test_57b_59_partner_who_must_follow_suit_ignores_a_requirement_in_another_suit() -> None:
    """Laws 57B, 59 and 44C: East holds diamonds, so a requirement to play a club cannot be met: he plays any
    lawful card, i.e. any diamond."""
    t = _west_plays_before_east().apply(DirectorCalled(N))
    t = t.apply(Elected(N, RequireSuit(Suit.CLUBS, _law("57A3"))))
    assert set(t.legal_cards()) == {C("D8"), C("D7"), C("D6"), C("D5")}


def _west_void_in_hearts_east_plays_early() -> Table:
    """Tricks 2-5 leave East and West without hearts; dummy leads HJ to trick 6 and East plays C8 before his
    partner West."""
    t = play(north_wins_trick_one(), "N:HK E:H2 S:H8 W:H3 N:H5 E:HQ S:H9 W:H6 E:HA S:HT W:H7 N:H4")
    t = play(t, "E:D8 S:DA W:D3 N:D9")  # dummy wins trick 5 with the ace
    return play(t, "S:HJ E:C8").apply(DirectorCalled(N))


def test_57a3_a_void_partner_must_play_the_suit_declarer_names() -> None:
    """Law 57A3: West cannot follow to hearts; declarer requires a club: only West's clubs are lawful."""
    t = _west_void_in_hearts_east_plays_early().apply(Elected(N, RequireSuit(Suit.CLUBS, _law("57A3"))))
    assert set(t.legal_cards()) == {C("C5"), C("C4"), C("C3"), C("C2")}


def test_57a4_a_void_partner_may_not_play_the_suit_declarer_forbids() -> None:
    """Law 57A4: declarer forbids diamonds: West discards a spade or a club."""
    t = _west_void_in_hearts_east_plays_early().apply(Elected(N, ForbidSuit(Suit.DIAMONDS, _law("57A4"))))
    assert set(t.legal_cards()) == {C("S6"), C("S5"), C("C5"), C("C4"), C("C3"), C("C2")}


def test_57b_59_a_void_partner_required_to_play_high_in_the_suit_led_plays_any_card() -> None:
    """Laws 57B and 59: West has no heart, so the highest heart cannot be played: any card is lawful."""
    t = _west_void_in_hearts_east_plays_early().apply(Elected(N, RequireHighest(_law("57A1"))))
    assert len(t.legal_cards()) == 8


def test_57a_a_lead_to_the_next_trick_before_partner_has_played_is_premature() -> None:
    """Law 57A: East leads to the next trick while his partner West has still to play to this one."""
    t = play(north_wins_trick_one(), "N:DQ E:D5 S:D2 E:C8")
    assert t.irregularities[-1].law == _law("57A") and t.irregularities[-1].offender is E
    assert PenaltyCard(E, C("C8"), True, _law("57A")) in t.constraints
    t = t.apply(DirectorCalled(N)).apply(Elected(N, RequireHighest(_law("57A1"))))
    assert list(t.legal_cards()) == [C("DT")]


def test_57d_a_lawful_card_played_at_rhos_turn_is_played_at_his_own_turn() -> None:
    """Law 57D: North leads DQ, East follows, and West plays D4 at dummy's turn: the card can lawfully be
    played to the trick, so it is played at West's turn, after dummy's card."""
    t = play(north_wins_trick_one(), "N:DQ E:D5 W:D4")
    assert t.irregularities[-1].law == _law("57D") and t.turn is S
    assert not any(isinstance(c, PenaltyCard) for c in t.constraints)
    t = play(t, "S:D2")
    assert t.play is not None and t.play.tricks[-1].cards == (C("DQ"), C("D5"), C("D2"), C("D4"))
    assert t.turn is N


def test_57d_an_unlawful_card_played_at_rhos_turn_is_a_major_penalty_card() -> None:
    """Law 57D: West plays a club at dummy's turn while holding diamonds: it could not be played to the trick,
    so it becomes a major penalty card."""
    t = play(north_wins_trick_one(), "N:DQ E:D5 W:C2")
    assert PenaltyCard(W, C("C2"), True, _law("57D")) in t.constraints and t.turn is S


def test_45e2_declarers_fifth_card_goes_back_and_57d_cards_wait_for_their_turn() -> None:
    """Law 57D twice (West plays lawful cards at dummy's turn; they are played at West's turn) and Law 45E2
    (declarer, who has played to the trick, plays another card: it goes back without rectification)."""
    t = play(north_wins_trick_one(), "N:DQ E:D5 W:D4 S:D2")
    assert t.play is not None and t.play.winners[-1] is N and t.turn is N
    t = play(t, "N:C6 E:C8 W:C2 N:CA")
    assert t.irregularities[-1].law == _law("45E2") and t.turn is S
    t = play(t, "S:CQ")
    assert t.play is not None and t.play.tricks[-1].cards == (C("C6"), C("C8"), C("CQ"), C("C2"))
    assert C("CA") in t.play.hand(N)


def _dummy_on_lead() -> Table:
    """Trick 2: North C6, East C8, dummy CQ, West C2: dummy wins and leads trick 3."""
    t = play(north_wins_trick_one(), "N:C6 E:C8 S:CQ W:C2")
    assert t.play is not None and t.play.winners[-1] is S
    return t


def test_57c3_declarers_premature_play_from_his_hand_stands() -> None:
    """Law 57C3: dummy leads HJ and declarer plays H4 from his hand before West has played: a lawful premature
    card of declarer's is played and cannot be taken back; it joins the trick at North's turn."""
    t = play(_dummy_on_lead(), "S:HJ N:H4")
    assert t.irregularities[-1].law == _law("57C3") and t.turn is W
    t = play(t, "W:H3 E:HA")
    assert t.play is not None and t.play.tricks[-1].cards == (C("HJ"), C("H3"), C("H4"), C("HA"))
    assert t.play.winners[-1] is E


def test_47b_declarers_unlawful_premature_card_is_taken_back() -> None:
    """Law 47B: dummy leads HJ and declarer plays SK early from his hand although he holds hearts: an illegal
    play, so the card is withdrawn to his hand (no penalty card for declarer, Law 48A) and he plays at his
    turn."""
    t = play(_dummy_on_lead(), "S:HJ N:SK")
    assert t.irregularities[-1].law == _law("57C3") and t.turn is W
    assert t.play is not None and C("SK") in t.play.hand(N) and t.play.current_trick.cards == (C("HJ"),)
    assert t.constraints == ()
    t = play(t, "W:H3 N:H4")
    assert t.play is not None and t.play.current_trick.cards == (C("HJ"), C("H3"), C("H4"))


def test_57c1_no_rectification_once_declarer_has_played_from_both_hands() -> None:
    """Law 57C1: dummy leads, declarer plays early from his hand (57C3), then East plays before his partner
    West: declarer has played from both hands, so East's card is not a penalty card; it is played at his
    turn."""
    t = play(_dummy_on_lead(), "S:HJ N:H4 E:HQ")
    assert t.irregularities[-1].law == _law("57C1")
    assert not any(isinstance(c, PenaltyCard) for c in t.constraints)
    t = play(t, "W:H3")
    assert t.play is not None and t.play.tricks[-1].cards == (C("HJ"), C("H3"), C("H4"), C("HQ"))
    assert t.play.winners[-1] is E and t.turn is E


def test_57c2_dummy_selecting_a_card_before_his_rho_frees_a_defenders_early_play() -> None:
    """North leads D9; before East plays, dummy (South) of his own volition picks out the D2 (recorded as
    DummyIndicated); West then plays D3 before his partner East. The 2017 Laws (57C2) give no rectification:
    West's card must not become a penalty card."""
    t = play(north_wins_trick_one(), "N:D9").apply(DummyIndicated(E, C("D2")))
    t = play(t, "W:D3")
    assert not any(isinstance(c, PenaltyCard) for c in t.constraints)
    assert t.pending is None and t.irregularities[-1].law == LawRef(57, "C2")
    # West's card waits for his turn and is played there, after East and dummy.
    t = play(t, "E:D5")
    t = play(t, "S:D2")
    assert t.play is not None and [str(c) for _, c in t.play.tricks[-1]] == ["D9", "D5", "D2", "D3"]


def test_57a_without_dummys_act_the_same_early_play_is_a_penalty_card() -> None:
    """The control: West plays before East with dummy silent: a major penalty card and declarer's choice."""
    t = play(play(north_wins_trick_one(), "N:D9"), "W:D3")
    assert any(isinstance(c, PenaltyCard) for c in t.constraints)
    assert t.irregularities[-1].law == LawRef(57, "A")


def test_online_tables_refuse_a_premature_play() -> None:
    """Under the online policy a premature play cannot happen."""
    t = north_wins_trick_one(Policy.ONLINE)
    t = play(t, "N:DQ")
    with pytest.raises(UnlawfulActionError):
        play(t, "W:D3")
