"""Laws 61 and 62: attention drawn to a possible revoke, and the correction of a revoke that is not yet
established.

Scenarios on the deal of ``_revoke_deal`` (North declares, East leads, South is dummy)."""

from __future__ import annotations

import pytest

from tenace import Card
from tenace.errors import ImpossibleActionError
from tenace.laws import Phase, Table
from tenace.laws.decisions import MustPlay, PenaltyCard
from tenace.laws.events import AttentionDrawn
from tenace.laws.revokes import assess

from ._helpers import E, N, S, W
from ._revoke_deal import cards, in_contract

C = Card.from_str


def _east_revokes_on_a_club() -> Table:
    """3NT by North. Trick 1: East leads HJ, North wins HA. Trick 2: North leads C2 and East, who holds the CA
    and CK, discards S8; dummy plays C6 and West C9, which wins the trick."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 S8 C6 C9")
    assert t.play is not None and t.play.winners == (N, W)
    return t


def test_61a_a_failure_to_follow_suit_is_recorded_as_a_revoke_and_play_goes_on() -> None:
    """Law 61A: failing to follow suit when able is a revoke; nothing happens until attention is drawn."""
    t = _east_revokes_on_a_club()
    assert [(i.offender, str(i.law)) for i in t.irregularities] == [(E, "Law 61")]
    (revoke,) = t.playing.revoke_ledger.revokes  # type: ignore[union-attr]
    assert (revoke.offender, revoke.trick, revoke.card, revoke.suit.name) == (E, 2, C("S8"), "CLUBS")
    assert revoke.attention is None and t.turn is W


def test_61b_a_question_where_there_was_no_revoke_changes_nothing() -> None:
    """Law 61B1: declarer may ask a defender who showed out whether he has a card of the suit; if he has none,
    nothing changes."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA")
    after = t.apply(AttentionDrawn(N, E, 1))
    assert after.play == t.play and after.pending is None and after.turn is N
    assert after.playing.revoke_ledger.inquiries == (AttentionDrawn(N, E, 1),)  # type: ignore[union-attr]


def test_61b_a_question_about_a_trick_not_yet_played_is_refused() -> None:
    t = cards(in_contract("3NT"), "HJ H5 H2 HA")
    with pytest.raises(ImpossibleActionError, match="trick 3 has not been played"):
        t.apply(AttentionDrawn(N, E, 3))


def test_61b2_dummy_may_not_draw_attention_to_a_defenders_revoke_during_the_play() -> None:
    """Laws 9A4, 43A1(b), 61B2(b): dummy may ask declarer, not a defender, while play goes on."""
    t = _east_revokes_on_a_club()
    with pytest.raises(ImpossibleActionError, match="dummy may draw attention only"):
        t.apply(AttentionDrawn(S, E, 2))


def test_62a_62b1_a_defenders_revoke_is_corrected_and_the_card_becomes_a_major_penalty_card() -> None:
    """Law 62A: a revoke noticed before it is established must be corrected; 62B: the offender takes back
    the card and plays a lawful one (a withdrawal required by rectification, Law 47A); Law 62B1: a
    defender's card so withdrawn is a major penalty card."""
    t = _east_revokes_on_a_club().apply(AttentionDrawn(N, E, 2))
    assert t.play is not None and t.play.cards[4:] == (C("C2"),)  # back to East's turn on trick 2
    assert t.turn is E and C("S8") in t.play.hand(E)
    assert PenaltyCard(E, C("S8"), True, _law("62B1")) in t.constraints
    assert t.playing.revoke_ledger.revokes[0].corrected  # type: ignore[union-attr]
    again = t.apply(AttentionDrawn(N, E, 2))  # the revoke is gone: asking again finds nothing (Law 61B)
    assert again.play == t.play and again.playing.revoke_ledger.inquiries  # type: ignore[union-attr]
    t = cards(t, "CK C6 C9")
    assert t.play is not None and t.play.winners == (N, E)  # East's king now wins trick 2


def test_62b2_declarers_revoke_card_goes_back_to_his_hand_without_penalty() -> None:
    """Law 62B2: a card withdrawn from declarer's (or dummy's) hand is simply replaced; Law 48A: it never
    becomes a penalty card. East, a defender, asks declarer (Law 61B3)."""
    # 3NT. Trick 1: East leads SJ, North wins SA. Trick 2: North leads C2, East wins CA. Trick 3: East leads
    # ST, dummy S6, West S3, and North, who still holds SK SQ, plays C3: a revoke.
    t = cards(in_contract("3NT"), "SJ S5 S2 SA C2 CA C6 C9 ST S6 S3 C3")
    assert [r.offender for r in t.playing.revoke_ledger.revokes] == [N]  # type: ignore[union-attr]
    t = t.apply(AttentionDrawn(E, N, 3))
    assert t.turn is N and t.play is not None and C("C3") in t.play.hand(N)
    assert not [c for c in t.constraints if isinstance(c, PenaltyCard)]
    t = cards(t, "SK")
    assert t.play is not None and t.play.winners == (N, E, N)


def test_62c1_62c2_partners_card_stands_unless_an_opponent_changed_his() -> None:
    """Law 62C1: a non-offender may take back a card he played after the revoke; 62C2: only then may the
    offender's partner (next in rotation) change his."""
    t = _east_revokes_on_a_club().apply(AttentionDrawn(N, E, 2))
    t = cards(t, "CK")
    # Dummy plays the same C6 again: he did not withdraw it, so West's C9 stands.
    t = cards(t, "C6")
    assert MustPlay(W, C("C9"), _law("62C2")) in t.constraints and set(t.legal_cards()) == {C("C9")}
    with pytest.raises(ImpossibleActionError, match="stands.*62C2"):
        cards(t, "CT")
    t = cards(t, "C9")
    assert t.playing.revoke_ledger.withdrawn == ()  # type: ignore[union-attr]


def test_62c2_after_dummy_changes_his_card_west_may_change_his_which_becomes_a_penalty_card() -> None:
    """Law 62C1: declarer changes dummy's card; 62C2: West may then change his too, and West's withdrawn
    card becomes a penalty card (he is a defender)."""
    t = _east_revokes_on_a_club().apply(AttentionDrawn(N, E, 2))
    t = cards(t, "CK C8 CT")
    withdrawn = t.playing.revoke_ledger.withdrawn  # type: ignore[union-attr]
    assert [(w.seat, w.card, str(w.law)) for w in withdrawn] == [
        (S, C("C6"), "Law 62C1"), (W, C("C9"), "Law 62C2"),
    ]
    penalty = {(c.seat, c.card) for c in t.constraints if isinstance(c, PenaltyCard)}
    assert penalty == {(E, C("S8")), (W, C("C9"))}
    assert not [c for c in t.constraints if isinstance(c, MustPlay) and str(c.law) == "Law 62C2"]


def test_62c1_a_lead_to_the_next_trick_by_the_non_offenders_may_be_taken_back() -> None:
    """Laws 62C1 and 63A1: West revokes on the last card of trick 2, which North wins and leads to trick 3;
    the revoke is not established until East or West plays to trick 3, so it is corrected and North may lead
    another card."""
    # 3NT. Trick 1: East leads HJ, North wins HA. Trick 2: North leads DA, East D9, dummy D5, and West, who
    # holds D4 D3 D2, discards H3. North leads DK to trick 3.
    t = cards(in_contract("3NT"), "HJ H5 H2 HA DA D9 D5 H3 DK")
    t = t.apply(AttentionDrawn(N, W, 2))
    assert t.turn is W and t.play is not None and len(t.play.cards) == 7
    t = cards(t, "D2 SA")  # West follows; North, on lead again, leads the SA instead of the DK
    withdrawn = t.playing.revoke_ledger.withdrawn  # type: ignore[union-attr]
    assert [(w.seat, w.card, str(w.law)) for w in withdrawn] == [(N, C("DK"), "Law 62C1")]
    assert PenaltyCard(W, C("H3"), True, _law("62B1")) in t.constraints


def test_63a1_once_the_offenders_side_plays_to_the_next_trick_the_revoke_stands() -> None:
    """Laws 63A1, 63B: when East leads to trick 3 after West's revoke on trick 2, it is established and can no
    longer be corrected."""
    # Trick 2: North leads C2, East CA wins, dummy C6, West (holding QJT9 of clubs) discards H3. East leads.
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 CA C6 H3 ST")
    noticed = t.apply(AttentionDrawn(N, W, 2))
    assert noticed.play == t.play and noticed.turn is S
    (revoke,) = noticed.playing.revoke_ledger.revokes  # type: ignore[union-attr]
    assert revoke.established and revoke.attention == len(t.record) and not revoke.corrected


def test_62c3_both_sides_revoke_on_one_trick_and_both_are_corrected() -> None:
    """Law 62C3: both sides revoked on the same trick and only one side has played to the next: both revokes
    are corrected, and every card the defenders withdraw becomes a penalty card."""
    # 3NT. Trick 1: East cashes CA. Trick 2: East leads CK; dummy discards S5 and West D2, though both hold
    # clubs; North follows C3. East leads HJ to trick 3: West's revoke is established, dummy's is not.
    t = cards(in_contract("3NT"), "CA C6 C9 C2 CK S5 D2 C3 HJ")
    assert [r.offender for r in t.playing.revoke_ledger.revokes] == [S, W]  # type: ignore[union-attr]
    t = t.apply(AttentionDrawn(E, S, 2))
    assert t.play is not None and t.turn is S and len(t.play.cards) == 5
    ledger = t.playing.revoke_ledger  # type: ignore[union-attr]
    assert all(r.corrected and r.both_sides for r in ledger.revokes)
    penalty = {(c.seat, c.card) for c in t.constraints if isinstance(c, PenaltyCard)}
    assert penalty == {(W, C("D2"))}  # dummy's S5 simply goes back (Law 62B2)
    # Law 64B8: a revoke corrected under 62C3 brings no trick adjustment
    assert [str(a.exception) for a in assess(t.playing)] == ["Law 64B8", "Law 64B8"]  # type: ignore[arg-type]


def test_62d1_a_revoke_on_trick_twelve_is_corrected_even_when_established() -> None:
    """Law 62D1: a revoke on the twelfth trick must be corrected, even if established, while the hands are
    still on the table."""
    t = _to_trick_twelve_with_east_revoking()
    assert t.phase is Phase.ENDED
    t = t.apply(AttentionDrawn(N, E, 12))
    assert t.phase is Phase.PLAY and t.turn is E and t.play is not None and len(t.play.winners) == 11


def test_62d1_after_the_hands_went_back_the_twelfth_trick_revoke_stands_without_transfer() -> None:
    """Laws 62D1 and 64B6: once the hands are back in the board the revoke stands, and no trick is
    transferred for a revoke on the twelfth trick."""
    from tenace.laws.events import Late

    t = _to_trick_twelve_with_east_revoking()
    before = t.declarer_tricks
    t = t.apply(AttentionDrawn(N, E, 12, Late.HANDS_RETURNED))
    assert t.pending is not None and str(t.pending.law) == "Law 64C"
    from ._revoke_deal import director_keeps_result

    t = director_keeps_result(t)
    assert t.phase is Phase.ENDED and t.declarer_tricks == before


def test_62d2_a_defenders_twelfth_trick_revoke_before_his_partner_played_is_unauthorised_to_him() -> None:
    """Law 62D2: East revokes on trick 12 before West has played to it; corrected (62D1), what East's card
    showed is unauthorised to West (Law 16C), so the Director weighs it at the end (16C3)."""
    from tenace.laws.adjustments import Owed
    from tenace.seats import Side

    t = _to_trick_twelve_with_east_revoking()
    assert t.play is not None
    trick = t.play.tricks[11]
    seats = [seat for seat, _ in trick]
    assert seats.index(E) < seats.index(W), "East plays before West on trick 12 in this line"
    revoke_card = dict(trick)[E]
    assert not any(o.law == _law("Law 16C3") for o in t.adjustments_owed)
    t = t.apply(AttentionDrawn(N, E, 12))
    assert t.playing is not None
    assert [(w.seat, w.card, str(w.law)) for w in t.playing.revoke_ledger.withdrawn] == [
        (E, revoke_card, "Law 62D2")]
    while t.phase is not Phase.ENDED:
        t = t.apply(_lowest(t))
    assert Owed(_law("Law 16C3"), Side.NS) in t.adjustments_owed


def _to_trick_twelve_with_east_revoking() -> Table:
    """3NT; the first eleven tricks played with the lowest lawful card each time, then on trick 12 East fails
    to follow suit though he can."""
    t = in_contract("3NT")
    while t.play is not None and len(t.play.winners) < 11:
        t = t.apply(_lowest(t))
    assert t.play is not None
    # Trick 12: play lowest until East's turn; East then plays a card of another suit if he can.
    while t.play.turn is not E or not t.play.current_trick.cards:
        t = t.apply(_lowest(t))
        assert t.play is not None
    led = t.play.current_trick.suit_led
    hand = t.play.hand(E)
    off = [c for c in hand if c.suit is not led]
    assert off and hand.suit(led), "East can revoke on trick 12 in this line"
    from tenace.laws import CardPlayed

    t = t.apply(CardPlayed(E, off[0]))
    while t.phase is not Phase.ENDED:
        t = t.apply(_lowest(t))
    return t


def _lowest(t: Table):  # type: ignore[no-untyped-def]
    from tenace.laws import CardPlayed

    assert t.play is not None
    return CardPlayed(t.play.turn, min(t.play.legal_cards(), key=lambda c: c.rank))


def _law(text: str):  # type: ignore[no-untyped-def]
    from tenace.laws.refs import LawRef

    return LawRef.from_str(text)


def test_62d1_a_twelfth_trick_correction_during_the_directors_review_resumes_the_play() -> None:
    """Laws 62D1 and 64C: East revoked on trick 2 and again on trick 12. After play, the trick-2 revoke is
    noticed (the Director's review is pending), then the trick-12 one: it is corrected, play resumes, and the
    review comes back when play ends again."""
    from tenace.laws import CardPlayed

    def low(t: Table) -> CardPlayed:
        assert t.play is not None
        return CardPlayed(t.play.turn, min(t.legal_cards(), key=lambda c: c.rank))

    t = _east_revokes_on_a_club()
    while t.play is not None and (len(t.play.winners) < 11 or t.play.turn is not E):
        t = t.apply(low(t))
    assert t.play is not None and t.play.current_trick.cards == (C("SA"),)  # East holds SJ and HT
    t = cards(t, "HT")
    while t.phase is not Phase.ENDED:
        t = t.apply(low(t))
    t = t.apply(AttentionDrawn(N, E, 2))
    assert t.pending is not None and str(t.pending.law) == "Law 64C"
    t = t.apply(AttentionDrawn(N, E, 12))
    assert t.pending is None and t.phase is Phase.PLAY and t.turn is E
    t = cards(t, "SJ")
    while t.pending is None:
        t = t.apply(low(t))
    assert str(t.pending.law) == "Law 64C" and t.play is not None and t.play.is_complete


def test_62_going_back_keeps_a_lead_out_of_turn_only_for_tricks_still_begun() -> None:
    """When the play goes back to a revoke, a lead out of turn that stood (Law 53A) on a trick whose cards are
    all withdrawn is forgotten: that trick will be led by whoever wins the one before."""
    from tenace import Contract, Play
    from tenace.laws.revokes import _truncate

    from ._revoke_deal import REVOKE_DEAL

    play = Play.for_contract(REVOKE_DEAL, Contract.from_str("3NTN"))
    play = play.extend(C(c) for c in ("HJ", "H5", "H2", "HA")).lead_out_of_turn(W)
    play = play.extend(C(c) for c in ("D2", "DA"))
    assert _truncate(play, 5).leads == ((1, W),) and _truncate(play, 5).turn is N
    assert _truncate(play, 4).leads == () and _truncate(play, 4).turn is N


def test_61b3_a_defender_may_ask_his_partner() -> None:
    """Law 61B3: West asks his partner East, who discarded on a club, whether he has none: East has, so the
    revoke (not yet established) is corrected as in Law 62 and his discard becomes a major penalty card."""
    t = _east_revokes_on_a_club().apply(AttentionDrawn(W, E, 2))
    assert t.turn is E and t.play is not None and C("S8") in t.play.hand(E)
    assert PenaltyCard(E, C("S8"), True, _law("62B1")) in t.constraints


def test_61c_drawing_attention_to_a_revoke_does_not_open_the_quitted_tricks() -> None:
    """Law 61C: North asks East about trick 1 (East followed, so nothing to correct) once trick 2 is under
    way; the quitted trick 1 stays face down for every player (only the Director may let one look, 66C)."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 S8 C6 C9 D2")  # trick 3 begun: trick 1 long quitted
    t = t.apply(AttentionDrawn(N, E, 1))
    for seat in (N, E, S, W):
        assert all(card is None for card in t.view(seat).tricks[0].cards)
