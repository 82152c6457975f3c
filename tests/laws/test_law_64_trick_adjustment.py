"""Law 64: tricks transferred after an established revoke (64A), the cases without transfer (64B), and the
Director's review of equity (64C).

Scenarios on the deal of ``_revoke_deal`` (North declares, East leads, South is dummy; board 1, nobody
vulnerable). Expected trick counts are worked out by hand from the cards in each docstring; scores come from
Law 77 (``tenace.scoring.points.score``, tested on its own)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tenace import Card, Contract, Seat, Side
from tenace.errors import ImpossibleActionError
from tenace.laws import CardPlayed, Elected, Phase, Table
from tenace.laws.decisions import AdjustedTricks, MustPlay, NoAdjustment
from tenace.laws.events import AttentionDrawn, Late
from tenace.laws.log import dumps, loads
from tenace.laws.refs import DIRECTOR, LawRef
from tenace.laws.revokes import assess, law_64a_transfer
from tenace.scoring.points import score

from ._helpers import E, N, S, W
from ._revoke_deal import cards, claim_agreed, director_keeps_result, in_contract


def _score(contract: str, tricks: int) -> int:
    return score(Contract.from_str(contract), tricks, vulnerable=False)


def _clauses(t: Table) -> list[str | None]:
    assert t.playing is not None
    return [str(a.exception) if a.exception else None for a in assess(t.playing)]


# --- the pure rule ----------------------------------------------------------------------------------------


def test_64a1_offender_won_the_revoke_trick_and_his_side_a_later_one_two_tricks() -> None:
    assert law_64a_transfer(E, 1, (N, E, W, N)) == 2


def test_64a1_offender_won_the_revoke_trick_only_one_trick() -> None:
    assert law_64a_transfer(E, 1, (N, E, N, S)) == 1


def test_64a2_partner_won_the_revoke_trick_one_trick() -> None:
    assert law_64a_transfer(E, 1, (N, W, E, E)) == 1


def test_64a2_footnote_a_trick_won_in_dummy_is_not_won_by_declarer() -> None:
    """Footnote to Law 64A: declarer revokes and dummy wins the trick: Law 64A2 (one trick), not 64A1."""
    assert law_64a_transfer(N, 0, (S, N, N)) == 1


def test_64a2_tricks_settled_by_a_claim_count_for_the_side() -> None:
    assert law_64a_transfer(W, 1, (N, N, Side.EW)) == 1
    assert law_64a_transfer(W, 1, (N, N, Side.NS)) == 0


def test_64b1_no_trick_won_from_the_revoke_on_nothing_transferred() -> None:
    assert law_64a_transfer(E, 1, (E, N, S, N)) == 0


# --- whole boards -----------------------------------------------------------------------------------------


def test_64a1_2h_east_ruffs_while_holding_clubs_and_wins_two_tricks_two_are_transferred() -> None:
    """2H by North. Trick 1: North wins SA. Trick 2: North leads C2; East ruffs with H8 though he holds CA CK
    and wins. Trick 3: East cashes CA (establishing the revoke, Law 63A1), then concedes the rest. Played:
    declarer 11 tricks; Law 64A1 moves the revoke trick and one later trick East-West won: 13."""
    t = cards(in_contract("2H"), "SJ S5 S2 SA C2 H8 C6 C9 CA C7 CT C3")
    t = claim_agreed(t, "E", 0)
    assert t.phase is Phase.ENDED and t.declarer_tricks == 11
    t = t.apply(AttentionDrawn(N, E, 2))
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.phase is not Phase.ENDED
    assert t.score_ns() is None  # not before the Director's review (Law 64C)
    t = director_keeps_result(t)
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13 and t.score_ns() == _score("2HN", 13)


def test_64a2_3nt_partner_wins_the_revoke_trick_one_trick_is_transferred() -> None:
    """3NT. Trick 2: East discards S8 on North's C2 though he holds CA CK; West wins with C9 and leads D2 to
    trick 3, which North wins. North claims the last 10. Played: 12 tricks; Law 64A2: one more, 13."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 S8 C6 C9 D2 DA D9 D5")
    t = claim_agreed(t, "N", 10).apply(AttentionDrawn(N, E, 2))
    assert _clauses(t) == [None]
    t = director_keeps_result(t)
    assert t.declarer_tricks == 13 and t.score_ns() == _score("3NTN", 13)


def test_64_a_revoke_nobody_noticed_changes_nothing() -> None:
    """Laws 61-64 act only once attention is drawn: the same board without it scores as played."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 S8 C6 C9 D2 DA D9 D5")
    t = claim_agreed(t, "N", 10)
    assert t.phase is Phase.ENDED and t.pending is None and t.declarer_tricks == 12


def test_64b1_defenders_won_nothing_from_the_revoke_on_no_transfer() -> None:
    """3NT. East cashes CA, CK, then leads HJ to North's HA. Trick 4: North leads DA; East discards S8 though
    he holds diamonds. Trick 5: North's DK, East follows (established). North claims the last 8: 11 tricks,
    and Law 64B1 leaves them at 11."""
    t = cards(in_contract("3NT"), "CA C6 C9 C2 CK C7 CT C3 HJ H5 H2 HA DA S8 D5 D2 DK D9 D6 D3")
    t = claim_agreed(t, "N", 8).apply(AttentionDrawn(N, E, 4))
    t = director_keeps_result(t)
    assert t.declarer_tricks == 11 and t.score_ns() == _score("3NTN", 11)


_TWO_DIAMOND_REVOKES = "HJ H5 H2 HA DA S8 D5 D2 DK S9 D6 D3 C2 CA C6 C9 CK C7 CT C3"


def test_64b2_a_second_revoke_in_the_same_suit_by_the_same_player_is_not_counted() -> None:
    """3NT. East discards spades on North's DA and DK though he holds diamonds (two revokes in one suit), then
    wins CA, CK and concedes. Played: 11; 64A2 gives one trick for the first revoke, 64B2 none for the second:
    12."""
    t = cards(in_contract("3NT"), _TWO_DIAMOND_REVOKES)
    t = claim_agreed(t, "E", 0).apply(AttentionDrawn(N, E, 2)).apply(AttentionDrawn(N, E, 3))
    assert t.pending is not None  # the Director reviews after each revoke is noticed
    assert _clauses(t) == [None, "Law 64B2"]
    t = director_keeps_result(t)
    assert t.declarer_tricks == 12


def test_64c2a_the_director_may_restore_equity_after_repeated_revokes() -> None:
    """Law 64C2(a): after repeated revokes in one suit the Director adjusts if the non-offenders would likely
    have done better: he awards 13 tricks."""
    t = cards(in_contract("3NT"), _TWO_DIAMOND_REVOKES)
    t = claim_agreed(t, "E", 0).apply(AttentionDrawn(N, E, 2)).apply(AttentionDrawn(N, E, 3))
    assert t.pending is not None and AdjustedTricks(13, LawRef(64, "C1")) in t.pending.options
    t = t.apply(Elected(DIRECTOR, AdjustedTricks(13, LawRef(64, "C1"))))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13 and t.score_ns() == _score("3NTN", 13)


def test_64a_revokes_in_two_suits_each_count_and_are_capped_by_the_tricks_won() -> None:
    """3NT. East revokes on diamonds (trick 2), on spades (trick 3) and on hearts (trick 4), then wins CA and
    CK and concedes. Played: declarer 11. Each revoke gives one trick (64A2), but the defenders won only two
    tricks from the first revoke on, so two are transferred: 13."""
    t = cards(
        in_contract("3NT"),
        "HJ H5 H2 HA DA S8 D5 D2 SA H8 S5 S2 HK DJ H6 H3 C2 CA C6 C9 CK C7 CT C3",
    )
    t = claim_agreed(t, "E", 0)
    for trick in (2, 3, 4):
        t = t.apply(AttentionDrawn(N, E, trick))
    assert t.playing is not None and [a.tricks for a in assess(t.playing)] == [1, 1, 1]
    while t.pending is not None:
        t = director_keeps_result(t)
    assert t.declarer_tricks == 13


def test_64b3_no_transfer_for_a_revoke_by_dummy() -> None:
    """3NT. Trick 1: East leads SJ and dummy plays H5 though he holds spades; North wins SA. East then wins
    CA, CK and concedes: 11 tricks, and Law 64B3 adds none (64A2 would have given one)."""
    t = cards(in_contract("3NT"), "SJ H5 S2 SA C2 CA C6 C9 CK C7 CT C3")
    t = claim_agreed(t, "E", 0).apply(AttentionDrawn(E, S, 1))
    assert _clauses(t) == ["Law 64B3"]
    t = director_keeps_result(t)
    assert t.declarer_tricks == 11


@pytest.mark.parametrize(("late", "clause"), [(Late.NEXT_DEAL, "Law 64B4"), (Late.ROUND_ENDED, "Law 64B5")])
def test_64b4_64b5_attention_drawn_too_late_no_transfer(late: Late, clause: str) -> None:
    """Law 64B4: attention first drawn after the non-offending side called on the next deal; 64B5: after the
    round ended. The 64A2 board then stays at the 12 tricks played."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 S8 C6 C9 D2 DA D9 D5")
    t = claim_agreed(t, "N", 10).apply(AttentionDrawn(N, E, 2, late))
    assert _clauses(t) == [clause]
    t = director_keeps_result(t)
    assert t.declarer_tricks == 12


def test_64b7_both_sides_revoked_and_both_established_no_transfer() -> None:
    """3NT. East revokes on trick 2 (West wins C9); on trick 3 West leads D2 and North plays C3 though he
    holds DA DK DQ; East wins D9, then CA and CK, and concedes. Played: 9. One revoke noticed: 64A2 gives
    declarer one trick (10); both noticed: Law 64B7, no transfer either way (9); the Director still reviews
    for damage (Law 64C2(b)) before the result stands."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 S8 C6 C9 D2 C3 D9 D5 CA C7 CT C4 CK C8 CJ C5")
    t = claim_agreed(t, "E", 0)
    one = director_keeps_result(t.apply(AttentionDrawn(N, E, 2)))
    assert one.declarer_tricks == 10
    both = t.apply(AttentionDrawn(N, E, 2)).apply(AttentionDrawn(E, N, 3))
    assert _clauses(both) == ["Law 64B7", "Law 64B7"]
    assert both.pending is not None and both.pending.law == LawRef(64, "C") and both.score_ns() is None
    both = director_keeps_result(both)
    assert both.declarer_tricks == 9 and both.score_ns() == _score("3NTN", 9)


def test_64c_the_director_reviews_every_established_revoke_and_may_assign_tricks() -> None:
    """Law 64C1: after the transfer the Director decides whether the non-offending side is compensated; his
    options are to keep the result or to assign a number of tricks."""
    t = cards(in_contract("3NT"), "HJ H5 H2 HA C2 S8 C6 C9 D2 DA D9 D5")
    t = claim_agreed(t, "N", 10).apply(AttentionDrawn(N, E, 2))
    pending = t.pending
    assert pending is not None and pending.actor is DIRECTOR and str(pending.law) == "Law 64C"
    assert NoAdjustment(LawRef(64, "C1")) in pending.options
    assert {o.declarer_tricks for o in pending.options if isinstance(o, AdjustedTricks)} == set(range(13))
    assert t.turn is DIRECTOR
    for seat in Seat:
        with pytest.raises(ValueError, match="Director"):
            t.apply(Elected(seat, NoAdjustment(LawRef(64, "C1"))))
    t = t.apply(Elected(DIRECTOR, AdjustedTricks(12, LawRef(64, "C1"))))
    assert t.declarer_tricks == 12 and t.score_ns() == _score("3NTN", 12)


def test_64_a_revoke_board_replays_and_round_trips_through_the_json_log() -> None:
    t = cards(in_contract("2H"), "SJ S5 S2 SA C2 H8 C6 C9 CA C7 CT C3")
    t = director_keeps_result(claim_agreed(t, "E", 0).apply(AttentionDrawn(N, E, 2, Late.HANDS_RETURNED)))
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert loads(dumps(t)) == t
    assert W not in {a.revoke.offender for a in assess(t.playing)}  # type: ignore[arg-type]


def test_62c3_a_card_led_after_both_sides_revoked_and_then_played_elsewhere_is_not_replayed() -> None:
    """Found by the property below: South (dummy) and West both revoke on trick 2 and West leads S3 to trick
    3. After the correction (Law 62C3) West's S2 is a major penalty card, and West revokes again with the S3
    he had led. That S3 is gone from his hand, so it cannot be asked back at trick 3: West's penalty card S2
    is simply played, and the board goes on."""
    t = in_contract("4S")
    t = cards(t, "CK C6 C9 SQ C2 CA D5 S2 S3")
    t = t.apply(AttentionDrawn(N, S, 2))
    t = t.apply(CardPlayed(S, _c("C7")))  # dummy follows suit now
    t = t.apply(CardPlayed(W, _c("S3")))  # West revokes again, with the card he had led
    t = t.apply(CardPlayed(W, _c("S2")))  # his penalty card, led to trick 3 (Law 50D)
    assert t.play is not None and t.play.cards[-1] == _c("S2")
    assert Table.replay(t.board, t.record, t.regulations) == t


_c = Card.from_str


# --- a property over random boards with revokes ------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_64_random_revokes_and_questions_always_end_with_a_bounded_lawful_result(data: st.DataObject) -> None:
    """Whatever revokes are made and whenever attention is drawn, the board ends, replays to the same table,
    and Law 64 moves at most two tricks per noticed revoke, never beyond 0-13."""
    t = in_contract(data.draw(st.sampled_from(["3NT", "2H", "4S"])))
    questions = 0
    for _ in range(300):
        if t.phase is Phase.ENDED:
            break
        if t.pending is not None:
            t = t.apply(Elected(t.pending.actor, t.pending.options[0]))
            continue
        assert t.play is not None
        if data.draw(st.integers(0, 3)) == 3 and t.play.cards and questions < 8:
            questions += 1
            by = data.draw(st.sampled_from([N, E, W]))
            started = len(t.play.winners) + (1 if t.play.current_trick.cards else 0)
            assert t.playing is not None
            open_ = [(r.offender, r.trick) for r in t.playing.revoke_ledger.revokes if r.attention is None]
            if open_ and data.draw(st.booleans()):
                offender, trick = data.draw(st.sampled_from(open_))
            else:
                offender, trick = data.draw(st.sampled_from(list(Seat))), data.draw(st.integers(1, started))
            question = AttentionDrawn(by, offender, trick)
            try:
                t = t.apply(question)
            except ImpossibleActionError:
                pass
            continue
        seat = t.play.turn
        lawful = sorted(t.legal_cards(), key=lambda c: c.index)
        revokes = sorted(t.play.hand(seat) - t.play.legal_cards(), key=lambda c: c.index)
        standing = any(isinstance(c, MustPlay) and c.seat is seat for c in t.constraints)
        pool = revokes if revokes and not standing and data.draw(st.integers(0, 3)) == 3 else lawful
        t = t.apply(CardPlayed(seat, data.draw(st.sampled_from(pool))))
    assert t.phase is Phase.ENDED and t.playing is not None and t.play is not None
    tricks = t.declarer_tricks
    assert tricks is not None and 0 <= tricks <= 13
    noticed = [a for a in assess(t.playing) if a.exception is None]
    assert abs(tricks - t.play.declarer_tricks) <= 2 * len(noticed)
    assert all(a.exception is not None for a in assess(t.playing) if a.revoke.corrected)
    event(f"revokes noticed and transferable: {min(len(noticed), 2)}")
    event(f"revokes corrected: {min(sum(r.corrected for r in t.playing.revoke_ledger.revokes), 2)}")
    assert Table.replay(t.board, t.record, t.regulations) == t


_DECLARER_REVOKES_ON_TRICK_3 = "SJ S5 S2 SA C2 CA C6 C9 ST S6 S3 C3"


@pytest.mark.parametrize(("violated", "expected"), [(False, 12), (True, 10)])
def test_43b2b_dummy_who_broke_43a2_asks_declarer_the_revoke_is_corrected_but_law_64_applies(
    violated: bool, expected: int
) -> None:
    """Laws 61B2(a), 43B2(b): 3NT; on trick 3 North plays C3 though he holds SK SQ; dummy asks him. North
    substitutes SK and wins the trick, then claims the last 10 (12 tricks). If dummy had broken a limitation
    of Law 43A2, Law 64 applies as if the revoke were established: North won the revoke trick and his side a
    later one, so two tricks go to the defenders (10)."""
    t = cards(in_contract("3NT"), _DECLARER_REVOKES_ON_TRICK_3)
    t = t.apply(AttentionDrawn(S, N, 3, dummy_violated=violated))
    assert t.turn is N  # corrected either way
    t = claim_agreed(cards(t, "SK"), "N", 10)
    if violated:
        assert _clauses(t) == [None]
        t = director_keeps_result(t)
    assert t.phase is Phase.ENDED and t.declarer_tricks == expected
