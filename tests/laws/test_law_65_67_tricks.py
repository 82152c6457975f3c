"""Laws 65-67: quitted tricks, their ownership, who may look at them during and after the play, and defective
tricks (with a card pointed the wrong way, 65B3, and a card left out of the quitted cards, 67B3).

3NT by North on ``_ooturn.OOT_DEAL`` (East leads, South is dummy). Trick 1: East SQ, dummy S7, West S4,
North SA (North wins).
"""

from __future__ import annotations

import pytest

from tenace import Contract, Denomination, Side
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CardPlayed, ClaimMade, Elected, LawRef, Phase, Table
from tenace.laws import information as ui
from tenace.laws.decisions import AdjustedTricks
from tenace.laws.events import (
    AttentionDrawn,
    DefectiveTrickFound,
    InspectionAllowed,
    UIReason,
    UIReserved,
    WrongPointing,
)
from tenace.laws.log import dumps, loads
from tenace.laws.tricks import ownership
from tenace.scoring.points import score

from ._helpers import E, N, S, W
from ._ooturn import C, north_wins_trick_one, play

TRICK_ONE = (C("SQ"), C("S7"), C("S4"), C("SA"))


def _trick(t: Table, viewer: object, number: int) -> tuple[object, ...]:
    view = t.view(viewer)  # type: ignore[arg-type]
    return next(tr.cards for tr in view.tricks if tr.number == number)


def test_66a_66b_the_trick_just_completed_stays_visible_until_ones_side_plays_to_the_next() -> None:
    """Law 66A/66B: North leads to trick 2: North-South may no longer look at trick 1, East-West still may;
    once East has played to trick 2, East-West may not either."""
    t = play(north_wins_trick_one(), "N:D9")
    assert _trick(t, N, 1) == (None,) * 4 and _trick(t, S, 1) == (None,) * 4
    assert _trick(t, E, 1) == TRICK_ONE and _trick(t, W, 1) == TRICK_ONE
    t = play(t, "E:D5")
    assert _trick(t, E, 1) == (None,) * 4 and _trick(t, W, 1) == (None,) * 4
    assert _trick(t, E, 2) == (C("D9"), C("D5"))  # the trick in progress: everyone


def test_66c_quitted_tricks_are_hidden_from_every_player_but_not_from_the_director() -> None:
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ")
    for seat in (N, E, S, W):
        assert _trick(t, seat, 1) == (None,) * 4
        view = t.view(seat)
        assert all(card not in view.played for card in TRICK_ONE)
    assert _trick(t, DIRECTOR, 1) == TRICK_ONE
    assert _trick(t, None, 1) == (None,) * 4


def test_66c_a_turned_trick_shows_its_leader_winner_and_size_and_is_shared_by_every_view() -> None:
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ")
    turned = [t.view(seat).tricks[0] for seat in (N, E, S, W, None)]
    assert all(tr.cards == (None,) * 4 and tr.leader is E and tr.winner is N and tr.number == 1
               for tr in turned)
    assert all(tr is turned[0] for tr in turned)  # one immutable value, not one per view
    shown = t.view(DIRECTOR).tricks[0]
    assert shown.cards == TRICK_ONE and shown is not turned[0]
    # the next card ends the trick in progress; the first trick stays turned, the second one is not yet
    later = t.apply(CardPlayed(E, min(t.legal_cards())))
    assert later.view(N).tricks[0] is turned[0] and later.view(N).tricks[2].cards[-1] is not None


def test_66c_the_director_may_let_a_player_inspect_a_quitted_trick_until_the_next_card() -> None:
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ")
    t = t.apply(InspectionAllowed(E, 1))
    assert _trick(t, E, 1) == TRICK_ONE and _trick(t, W, 1) == (None,) * 4
    t = play(t, "E:D6")
    assert _trick(t, E, 1) == (None,) * 4
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_66c_only_a_quitted_trick_may_be_inspected() -> None:
    t = play(north_wins_trick_one(), "N:D9")
    with pytest.raises(ImpossibleActionError, match="not a quitted trick"):
        t.apply(InspectionAllowed(E, 2))


def test_66d_after_play_ceases_every_played_card_may_be_inspected() -> None:
    """Law 66D: a claim stops play (Law 68D): the quitted tricks may be looked at again."""
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ")
    t = t.apply(ClaimMade(N, 11, "all but two"))
    assert t.phase is Phase.CLAIM
    assert _trick(t, E, 1) == TRICK_ONE and _trick(t, S, 1) == TRICK_ONE


def test_65b_everyone_knows_who_won_each_quitted_trick() -> None:
    """Law 65B: the turned cards point to the side that won each trick, for everyone to see: toward partner
    for the side that won it (Law 65B1), toward the opponents for the side that lost it (Law 65B2)."""
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:C6 E:CK S:CT W:C2")
    assert t.play is not None
    assert ownership(t.play) == (Side.NS, Side.NS, Side.EW)
    assert [tr.winner for tr in t.view(W).tricks] == [N, N, E]


# --- Law 67: defective tricks ------------------------------------------------------------------------------


def _played_out(t: Table) -> Table:
    """Play on to the end, each player playing his first lawful card."""
    while t.phase is Phase.PLAY:
        t = t.apply(CardPlayed(t.play.turn, min(t.legal_cards())))  # type: ignore[union-attr]
    return t


def test_67a1_an_omission_noticed_in_time_is_rectified_by_the_offender_supplying_a_lawful_card() -> None:
    """Law 67A: West has not played to trick 2 when North, winning it so far, leads again: North's card is a
    fifth card from declarer's hand and goes back (Law 45E2, as Law 67A2 directs); West then supplies a card,
    which must follow suit (Law 67A1)."""
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 N:HK")
    assert t.irregularities[-1].law == LawRef(45, "E2") and t.turn is W
    assert t.play is not None and C("HK") in t.play.hand(N)
    assert set(t.legal_cards()) == {C("DT"), C("D4"), C("D3")}


def test_67b1_an_omission_found_later_is_a_deemed_revoke_costing_one_trick() -> None:
    """Law 67B1 (with 64A2): the Director finds after play that East played no card to trick 3. If East-West
    won trick 3 or a later one, one trick goes to declarer (North); the score follows."""
    t = _played_out(play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3"))
    assert t.phase is Phase.ENDED and t.play is not None and t.declarer_tricks is not None
    before, score_before = t.declarer_tricks, t.score_ns()
    ew_won_later = any(w.side is Side.EW for w in t.play.winners[2:])
    t = t.apply(DefectiveTrickFound(E, 3))
    assert t.declarer_tricks == before + (1 if ew_won_later else 0)
    assert ew_won_later and t.score_ns() != score_before
    assert Table.replay(t.board, t.record, t.regulations) == t and loads(dumps(t)) == t


def test_67b2_extra_cards_found_later_do_not_change_who_won_the_trick() -> None:
    t = _played_out(play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3"))
    before = t.declarer_tricks
    t = t.apply(DefectiveTrickFound(W, 4, omitted=False))
    assert t.declarer_tricks == before


def test_67b2b_a_restored_card_was_held_all_along_so_not_playing_it_later_was_a_revoke() -> None:
    """Law 67B2(b): West played D3 and DT together to trick 2 and nobody noticed; the record keeps D3. With
    DT on the table West showed out on diamonds at trick 4 (discarding C2) and played on to trick 5. The
    Director finds trick 2 defective and restores DT to West's hand: it is deemed to have been there all the
    time, so the discard at trick 4 is a revoke, established (Law 63A1), with its trick transferred at the
    end (Law 64A2: West did not win trick 4, his side won a later trick)."""
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ E:D6 S:DK W:D4 S:DA W:C2 N:DJ E:D7")
    t = play(t, "S:HJ W:H3 N:H4 E:HA")
    t = t.apply(DefectiveTrickFound(W, 2, omitted=False)).apply(AttentionDrawn(N, W, 4))
    assert t.playing is not None
    (revoke,) = t.playing.revoke_ledger.revokes
    assert (revoke.offender, revoke.trick, revoke.card, revoke.established) == (W, 4, C("C2"), True)
    while t.phase is Phase.PLAY:
        if t.pending is not None:  # Law 64C: the Director keeps the result of Law 64
            t = t.apply(Elected(DIRECTOR, t.pending.options[0]))
            continue
        t = t.apply(CardPlayed(t.play.turn, min(t.legal_cards())))  # type: ignore[union-attr]
    if t.pending is not None:
        t = t.apply(Elected(DIRECTOR, t.pending.options[0]))
    assert t.play is not None and t.phase is Phase.ENDED
    winners = t.play.winners
    transfer = 1 if winners[3] is not W and any(w.side is Side.EW for w in winners[3:]) else 0
    assert transfer == 1 and t.declarer_tricks == t.play.declarer_tricks + transfer
    assert Table.replay(t.board, t.record, t.regulations) == t and loads(dumps(t)) == t


def test_58b4_two_cards_played_together_unnoticed_until_both_sides_played_on_go_to_law_67() -> None:
    """Law 58B4: West played two diamonds at once to trick 2 and nobody noticed before a player of each side
    had played to trick 3; the record keeps the one that was seen (D3). The Director's finding is a defective
    trick with a surplus card (Law 67B2): who won trick 2 does not change and play goes on."""
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3")
    assert t.play is not None
    winners = t.play.winners
    t = play(t, f"{t.play.turn.name[0]}:{min(t.legal_cards())}")
    t = play(t, f"{t.play.turn.name[0]}:{min(t.legal_cards())}")  # both sides have played to trick 3
    found = t.apply(DefectiveTrickFound(W, 2, omitted=False))
    assert found.play is not None and found.play.winners == winners and found.pending is None
    assert found.turn == t.turn and set(found.legal_cards()) == set(t.legal_cards())
    ended = _played_out(found)
    assert ended.declarer_tricks == _played_out(t).declarer_tricks  # no trick moves for a surplus card


def test_67a_not_67b_before_a_player_of_each_side_has_played_to_the_next_trick() -> None:
    t = play(north_wins_trick_one(), "N:D9")
    with pytest.raises(ImpossibleActionError, match="67A"):
        t.apply(DefectiveTrickFound(E, 1))
    t = play(t, "E:D5").apply(DefectiveTrickFound(E, 1))  # now each side has played to trick 2
    assert t.playing is not None and t.playing.defective == (DefectiveTrickFound(E, 1),)
    with pytest.raises(ImpossibleActionError, match="already"):
        t.apply(DefectiveTrickFound(E, 1))


# --- Law 65B3: a card pointed the wrong way -----------------------------------------------------------------


def test_65b3_attention_drawn_before_ones_side_plays_to_the_next_trick_is_in_time() -> None:
    """North has led to trick 2; East's side has not played to it yet: East's notice of West's card of trick 1
    pointing the wrong way is in time. The count of tricks follows the cards, not the pointing."""
    t = play(north_wins_trick_one(), "N:D9").apply(WrongPointing(E, W, 1))
    assert t.playing is not None
    (notice,) = t.playing.pointing
    assert notice.in_time and notice.law == LawRef(65, "B3") and notice.winner is Side.NS
    assert t.play is not None and ownership(t.play) == (Side.NS,) and t.turn is E
    assert Table.replay(t.board, t.record, t.regulations) == t and loads(dumps(t)) == t


def test_65b3_the_right_expires_when_ones_side_plays_to_the_next_trick_then_law_16b_may_apply() -> None:
    """North (whose side led to trick 2) draws attention too late: the notice is information his partner may
    not use (Law 16B), and an opponent may reserve his rights about exactly that remark."""
    t = play(north_wins_trick_one(), "N:D9").apply(WrongPointing(N, E, 1))
    assert t.playing is not None
    (notice,) = t.playing.pointing
    assert not notice.in_time and notice.law == LawRef(16, "B")
    t = t.apply(UIReserved(E, N, UIReason.REMARK, index=notice.index))
    (case,) = ui.cases(t)
    assert case.source == notice.index and case.receiver is S


def test_65b3_only_a_quitted_trick_has_turned_cards() -> None:
    with pytest.raises(ImpossibleActionError, match="not a quitted trick"):
        north_wins_trick_one().apply(WrongPointing(E, W, 2))


# --- Law 67B3: a card played but not among the quitted cards -----------------------------------------------


def _ended_with_trick_three() -> Table:
    t = _played_out(play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3"))
    assert t.phase is Phase.ENDED
    return t


def test_67b3_a_card_played_but_left_out_of_the_quitted_cards_is_placed_there_with_no_deemed_revoke() -> None:
    """East's card of trick 3 was played but not turned among his quitted cards: the Director places it;
    unlike an omission (67B1), no revoke is deemed and no trick moves."""
    t = _ended_with_trick_three()
    before = t.declarer_tricks
    assert t.apply(DefectiveTrickFound(E, 3)).declarer_tricks != before  # the 67B1 case moves a trick here
    t = t.apply(DefectiveTrickFound(E, 3, misplaced=True))
    assert t.declarer_tricks == before and t.phase is Phase.ENDED
    assert Table.replay(t.board, t.record, t.regulations) == t and loads(dumps(t)) == t


def test_67b3_the_same_card_played_again_too_late_to_correct_obliges_an_adjusted_score() -> None:
    """The card was played again to trick 6, too late to correct: the Director shall award an adjusted score:
    only adjusted results are offered, the one obtained at the table among them."""
    t = _ended_with_trick_three().apply(DefectiveTrickFound(E, 3, misplaced=True, played_again=6))
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.pending.law == LawRef(67, "B3")
    assert {o.declarer_tricks for o in t.pending.options if isinstance(o, AdjustedTricks)} == set(range(14))
    assert len(t.pending.options) == 14 and t.score_ns() is None
    t = t.apply(Elected(DIRECTOR, AdjustedTricks(8, LawRef(67, "B3"))))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 8
    assert t.score_ns() == score(Contract(3, Denomination.NOTRUMP, N), 8, vulnerable=False)
    assert Table.replay(t.board, t.record, t.regulations) == t and loads(dumps(t)) == t


def test_67b3_found_during_the_play_the_adjusted_score_waits_for_the_end() -> None:
    t = play(north_wins_trick_one(), "N:D9 E:D5 S:D2 W:D3 N:DQ E:D6")  # trick 3 under way, both sides in
    t = t.apply(DefectiveTrickFound(E, 2, misplaced=True, played_again=3))
    assert t.pending is None and t.phase is Phase.PLAY
    while t.pending is None:
        assert t.play is not None and not t.play.is_complete
        t = t.apply(CardPlayed(t.play.turn, min(t.legal_cards())))
    assert t.play is not None and t.play.is_complete and t.pending.law == LawRef(67, "B3")


def test_67b3_the_finding_must_fit_the_tricks() -> None:
    t = _ended_with_trick_three()
    with pytest.raises(ImpossibleActionError, match="later trick"):
        t.apply(DefectiveTrickFound(E, 3, misplaced=True, played_again=2))
    with pytest.raises(ImpossibleActionError, match="misplaced"):
        t.apply(DefectiveTrickFound(E, 3, played_again=6))
    with pytest.raises(ImpossibleActionError, match="omitted"):
        t.apply(DefectiveTrickFound(E, 3, omitted=False, misplaced=True))
