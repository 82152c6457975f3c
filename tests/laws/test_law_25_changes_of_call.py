"""Law 25: changes of call. An unintended call may be replaced before partner calls (25A), the Director
judging whether it was unintended; an intended change stands only if LHO accepts it (25B). Laws 30B2, 31C and
32C send a second call at LHO's turn here."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from strategies import partial_auctions
from tenace import Auction, Board, Seat, parse_call
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.laws import (
    DIRECTOR,
    Accept,
    CallMade,
    CardPlayed,
    Comparable,
    DirectorCalled,
    Elected,
    Kind,
    LawRef,
    LeadRestriction,
    Phase,
    Policy,
    Reject,
    Table,
    auction_period,
)
from tenace.laws.auction_period import AuctionState, StandingCall
from tenace.laws.decisions import KeepCall, Unintended, WithdrawCall, Withdrawn
from tenace.laws.events import CallChanged, QuestionAsked
from tenace.record import AnnotatedCall

from ._helpers import DEAL, E, N, S, W, calls, standing, table

UNINTENDED = Unintended(True, LawRef(25, "A1"))
INTENDED = Unintended(False, LawRef(25, "B"))


def _change(t: Table, seat: object, call: str, unintended: bool = True) -> Table:
    return t.apply(CallChanged(seat, parse_call(call), unintended))  # type: ignore[arg-type]


def _withdrawn(t: Table) -> list[tuple[object, str, LawRef]]:
    return [(w.seat, str(w.call), w.law) for w in t.withdrawn]


def test_25a3_a_slip_noticed_through_an_opponents_question_may_still_be_replaced() -> None:
    """Law 25A3: North opened 1C meaning 1D; East, at his turn, asks about 1C and North realises his slip. How
    he became aware does not matter: the Director finds it unintended and 1D replaces 1C."""
    t = calls(table(), "N:1C").apply(QuestionAsked(E, about=0))
    t = _change(t, N, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    assert standing(t) == "N:1D" and t.turn is E and t.pending is None and t.constraints == ()
    assert _withdrawn(t) == [(N, "1C", LawRef(25, "A1"))]


def test_25a2_the_director_judges_whether_the_call_was_unintended() -> None:
    """A player says his call was a slip: whether it was is the Director's judgement (25A2), offered as an
    election between allowing the change (25A1) and treating it as intended (25B)."""
    t = _change(calls(table(), "N:1C"), N, "1D")
    assert t.pending is not None and t.pending.actor is DIRECTOR
    assert t.pending.options == (UNINTENDED, INTENDED) and t.pending.law == LawRef(25, "A2")
    assert standing(t) == "N:1C"


def test_25a1_unintended_call_replaced_before_partner_calls_without_lead_restrictions() -> None:
    """The intended call replaces the unintended one; Law 26 lead restrictions do not apply (25A1)."""
    t = _change(calls(table(), "N:1C"), N, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    assert standing(t) == "N:1D" and t.turn is E and t.pending is None
    assert t.constraints == ()
    assert _withdrawn(t) == [(N, "1C", LawRef(25, "A1"))]
    t = calls(t, "E:P S:P W:P")
    assert str(t.contract) == "1DN"


def test_25a1_the_intended_call_is_subject_to_the_appropriate_law() -> None:
    """South meant to bid 1D over East's 1S, an insufficient bid: the intended call is subject to Law 27."""
    t = _change(calls(table(), "N:1H E:1S S:2H"), S, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    assert standing(t) == "N:1H E:1S"
    irregularity = t.open_irregularity
    assert irregularity is not None and irregularity.offender is S
    assert irregularity.kind is Kind.INSUFFICIENT_BID


def test_25a4_no_substitution_once_partner_has_called() -> None:
    """North may not change his 1C after South has called over it (25A4)."""
    t = calls(table(), "N:1C E:P S:1H")
    with pytest.raises(ImpossibleActionError, match="partner has called"):
        _change(t, N, "1D")


def test_25a_a_player_who_has_not_called_has_nothing_to_change() -> None:
    with pytest.raises(ImpossibleActionError, match="no call to change"):
        _change(calls(table(), "N:1C"), E, "1D")


def test_25a_changing_a_call_to_itself_is_refused() -> None:
    with pytest.raises(ImpossibleActionError, match="already 1C"):
        _change(calls(table(), "N:1C"), N, "1C")


def test_25a6_lho_may_withdraw_the_call_he_made_over_the_first_call() -> None:
    """East has bid 1H over North's unintended 1C; once North's change to 1D is allowed, East may take his
    call back. Its information is authorised to East-West and unauthorised to North-South (25A6)."""
    t = _change(calls(table(), "N:1C E:1H"), N, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    assert t.pending is not None and t.pending.actor is E
    assert t.pending.options == (KeepCall(LawRef(25, "A6")), WithdrawCall(LawRef(25, "A6")))
    t = t.apply(Elected(E, WithdrawCall(LawRef(25, "A6"))))
    assert standing(t) == "N:1D" and t.turn is E
    assert _withdrawn(t) == [(N, "1C", LawRef(25, "A1")), (E, "1H", LawRef(25, "A6"))]
    east_call = t.withdrawn[1]
    assert east_call.unauthorised_to(N) and east_call.unauthorised_to(S)
    assert not east_call.unauthorised_to(E) and not east_call.unauthorised_to(W)
    t = calls(t, "E:1S")
    assert standing(t) == "N:1D E:1S" and t.turn is S


def test_25a6_lho_may_keep_the_call_he_made_over_the_first_call() -> None:
    t = _change(calls(table(), "N:1C E:1H"), N, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    t = t.apply(Elected(E, KeepCall(LawRef(25, "A6"))))
    assert standing(t) == "N:1D E:1H" and t.turn is S and t.pending is None


def test_25a6_lhos_call_that_is_no_longer_sufficient_is_withdrawn() -> None:
    """North's 1C is replaced by 2C: East's 1H would now be insufficient, so it goes and East calls again."""
    t = _change(calls(table(), "N:1C E:1H"), N, "2C").apply(Elected(DIRECTOR, UNINTENDED))
    assert standing(t) == "N:2C" and t.turn is E and t.pending is None
    assert (E, "1H", LawRef(25, "A6")) in _withdrawn(t)


def test_25a6_only_lho_decides_about_his_call() -> None:
    t = _change(calls(table(), "N:1C E:1H"), N, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    with pytest.raises(ImpossibleActionError, match="East's, not South's"):
        t.apply(Elected(S, KeepCall(LawRef(25, "A6"))))


def test_25a5_change_after_the_auction_ended_reopens_it_in_the_clarification_period() -> None:
    """West's final pass was a slip for a double: the auction had ended, but the auction period has not (no
    opening lead faced), so the change is still possible and the auction goes on (25A5, Law 17D)."""
    t = calls(table(), "N:1H E:P S:P W:P")
    assert t.phase is Phase.CLARIFICATION and str(t.contract) == "1HN"
    t = _change(t, W, "X").apply(Elected(DIRECTOR, UNINTENDED))
    assert t.phase is Phase.AUCTION and t.contract is None and t.turn is N
    t = calls(t, "N:P E:P S:P")
    assert str(t.contract) == "1HXN"


def test_25a5_no_change_once_the_opening_lead_is_faced() -> None:
    """Law 17D1: the faced opening lead ends the auction period (the phase becomes the play), so no call can
    be changed after it."""
    t = calls(table(), "N:1H E:P S:P W:P")
    t = t.apply(CardPlayed(E, next(iter(DEAL[E]))))
    assert t.phase is Phase.PLAY
    with pytest.raises(ImpossibleActionError, match="auction period is over"):
        _change(t, W, "X")


def test_25b_an_intended_change_is_open_until_lho_acts() -> None:
    """A change the player meant is not allowed by 25A: it is recorded as an irregularity by the changer."""
    t = _change(calls(table(), "N:1C"), N, "1D", unintended=False)
    irregularity = t.open_irregularity
    assert irregularity is not None and irregularity.kind is Kind.CHANGE_OF_CALL
    assert irregularity.offender is N and irregularity.law == LawRef(25, "B")
    assert standing(t) == "N:1C" and t.pending is None


def test_25a2_a_change_the_director_finds_intended_is_treated_under_25b() -> None:
    t = _change(calls(table(), "N:1C"), N, "1D").apply(Elected(DIRECTOR, INTENDED))
    assert t.open_irregularity is not None and t.open_irregularity.kind is Kind.CHANGE_OF_CALL


def test_25b1_lho_accepts_the_change_by_calling_over_it_then_law_26_is_judged() -> None:
    """East calls over North's intended change to 1D: it stands and 1C is withdrawn (25B1). The Director then
    judges comparability; a non-comparable change brings Law 26B lead restrictions on South."""
    t = _change(calls(table(), "N:1C"), N, "1D", unintended=False)
    t = calls(t, "E:P")
    assert standing(t) == "N:1D E:P" and t.open_irregularity is None
    assert _withdrawn(t) == [(N, "1C", LawRef(25, "B1"))]
    assert t.pending is not None and t.pending.actor is DIRECTOR
    assert t.pending.options == (Comparable(True, LawRef(26, "A")), Comparable(False, LawRef(26, "B")))
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(26, "B"))))
    assert t.constraints == (LeadRestriction(S, N, LawRef(26, "B")),) and t.turn is S


def test_25b1_accepted_when_the_director_is_called_and_a_comparable_call_has_no_rectification() -> None:
    """Called to the table, the Director lets East choose; East accepts. The Director finds 1D comparable to
    1C: no lead restrictions, and 16C no longer applies to the withdrawn call (Law 26A)."""
    t = _change(calls(table(), "N:1C"), N, "1D", unintended=False).apply(DirectorCalled(E))
    assert t.pending is not None and t.pending.actor is E
    assert t.pending.options == (Accept(LawRef(25, "B1")), Reject(LawRef(25, "B2")))
    t = t.apply(Elected(E, Accept(LawRef(25, "B1"))))
    assert standing(t) == "N:1D" and t.turn is DIRECTOR
    t = t.apply(Elected(DIRECTOR, Comparable(True, LawRef(26, "A"))))
    assert t.constraints == () and t.withdrawn == () and t.pending is None and t.turn is E


def test_25b2_a_change_not_accepted_is_cancelled_and_the_first_call_stands() -> None:
    """East does not accept North's change: it is cancelled, 1C stands, and the cancelled 1D is information
    unauthorised to North-South (Laws 25B2, 25B3, 16C)."""
    t = _change(calls(table(), "N:1C"), N, "1D", unintended=False).apply(DirectorCalled(E))
    t = t.apply(Elected(E, Reject(LawRef(25, "B2"))))
    assert standing(t) == "N:1C" and t.turn is E and t.open_irregularity is None
    assert _withdrawn(t) == [(N, "1D", LawRef(25, "B2"))]
    assert t.unauthorised(S) == t.withdrawn and t.unauthorised(E) == ()


def test_25b_another_player_may_not_call_while_the_change_is_open() -> None:
    t = _change(calls(table(), "N:1C"), N, "1D", unintended=False)
    with pytest.raises(ImpossibleActionError, match="may accept it by calling"):
        calls(t, "S:P")


def test_31c_a_later_bid_at_lhos_turn_is_a_change_of_call() -> None:
    """North bids 1C and then 1D before East calls: not a call out of rotation but a change of call (31C,
    Law 25); the Director judges whether 1C was unintended."""
    t = calls(table(), "N:1C N:1D")
    assert t.pending is not None and t.pending.actor is DIRECTOR
    assert t.pending.options == (UNINTENDED, INTENDED)
    assert t.open_irregularity is None
    t = t.apply(Elected(DIRECTOR, UNINTENDED))
    assert standing(t) == "N:1D" and t.turn is E


def test_30b2_a_pass_at_lhos_turn_by_a_player_who_has_called_is_a_change_of_call() -> None:
    t = calls(table(), "N:1C E:1H S:P W:P N:2C N:P")
    assert t.pending is not None and t.pending.law == LawRef(25, "A2")
    t = t.apply(Elected(DIRECTOR, INTENDED)).apply(DirectorCalled(E))
    t = t.apply(Elected(E, Reject(LawRef(25, "B2"))))
    assert standing(t) == "N:1C E:1H S:P W:P N:2C" and t.turn is E


def test_32c_a_later_double_at_lhos_turn_is_a_change_of_call_accepted_by_lho_calling() -> None:
    """East passes over 1H, then doubles at South's turn: a change of call (32C). Judged intended, South
    calls over it and so accepts it (25B1)."""
    t = calls(table(), "N:1H E:P E:X").apply(Elected(DIRECTOR, INTENDED))
    t = calls(t, "S:1S")
    assert standing(t) == "N:1H E:X S:1S"
    assert _withdrawn(t) == [(E, "P", LawRef(25, "B1"))]
    assert t.pending is not None and t.pending.law == LawRef(26)


def test_online_policy_refuses_a_second_call_but_accepts_an_explicit_change() -> None:
    """Online, a call out of turn is prevented; a change of call is still handled as the Laws say."""
    t = calls(table(policy=Policy.ONLINE), "N:1C")
    with pytest.raises(UnlawfulActionError):
        calls(t, "N:1D")
    t = _change(t, N, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    assert standing(t) == "N:1D"


def test_changes_of_call_replay_from_the_record() -> None:
    t = _change(calls(table(), "N:1C E:1H"), N, "1D").apply(Elected(DIRECTOR, UNINTENDED))
    t = t.apply(Elected(E, WithdrawCall(LawRef(25, "A6"))))
    t = calls(t, "E:1S S:P W:P N:P")
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert isinstance(t.record[2], CallChanged) and isinstance(t.record[-1], CallMade)


def test_25b1_an_intended_change_of_the_final_pass_is_accepted_by_lho_calling() -> None:
    """West changes his final pass to a double on purpose, before the opening lead: North, his LHO, may
    still accept it by calling over it, and the auction goes on (25B1, Law 17D)."""
    t = _change(calls(table(), "N:1H E:P S:P W:P"), W, "X", unintended=False)
    assert t.phase is Phase.AUCTION and t.turn is N and t.contract is None
    t = calls(t, "N:P").apply(Elected(DIRECTOR, Comparable(True, LawRef(26, "A"))))
    assert standing(t) == "N:1H E:P S:P W:X N:P" and t.turn is E
    t = calls(t, "E:P S:P")
    assert str(t.contract) == "1HXN"


def test_25b2_a_rejected_change_of_the_final_pass_leaves_the_auction_ended() -> None:
    t = _change(calls(table(), "N:1H E:P S:P W:P"), W, "X", unintended=False).apply(DirectorCalled(N))
    t = t.apply(Elected(N, Reject(LawRef(25, "B2"))))
    assert t.phase is Phase.CLARIFICATION and str(t.contract) == "1HN" and t.turn is E


def test_25_no_change_while_a_decision_is_pending() -> None:
    t = _change(calls(table(), "N:1C"), N, "1D")
    with pytest.raises(ImpossibleActionError, match="must first be decided"):
        _change(t, N, "1H")


def test_25_no_change_while_another_irregularity_is_open() -> None:
    t = calls(table(), "N:1H E:1D")  # East's insufficient bid is open
    with pytest.raises(ImpossibleActionError, match="must first be dealt with"):
        _change(t, N, "1S")


def test_25a1_the_intended_call_meets_the_obligation_the_first_call_met() -> None:
    """East passed out of rotation at North's turn, so he must pass at his next turn (Law 30A). He passes,
    then says he meant 1S: the intended call is subject to the appropriate Law, here a call by a player
    required to pass (Law 37)."""
    t = calls(table(), "E:P").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(29, "B"))))
    t = calls(t, "N:1H E:P")
    assert t.constraints == ()
    t = _change(t, E, "1S").apply(Elected(DIRECTOR, UNINTENDED))
    irregularity = t.open_irregularity
    assert irregularity is not None and irregularity.kind is Kind.CALL_WHILE_REQUIRED_TO_PASS
    assert irregularity.offender is E and standing(t) == "N:1H"


def test_25a6_an_irregular_intended_call_after_lho_called_takes_lhos_call_away() -> None:
    """Same, but South had passed over East's pass: East's intended 1S breaks his obligation to pass, so it
    is dealt with under Law 37 in place of the pass, and South's call over the pass goes (25A6)."""
    t = calls(table(), "E:P").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(29, "B"))))
    t = calls(t, "N:1H E:P S:P")
    t = _change(t, E, "1S").apply(Elected(DIRECTOR, UNINTENDED))
    assert standing(t) == "N:1H" and (S, "P", LawRef(25, "A6")) in _withdrawn(t)
    irregularity = t.open_irregularity
    assert irregularity is not None and irregularity.kind is Kind.CALL_WHILE_REQUIRED_TO_PASS



def test_22b_25a_a_passed_out_board_reopens_when_the_fourth_pass_is_changed() -> None:
    """All four passed, but West's pass was a slip for 1C: a passed-out board still allows Law 25 until the
    hands are back in the board (Laws 22B, 17D2), so the auction goes on after 1C."""
    t = calls(table(), "N:P E:P S:P W:P")
    assert t.phase is Phase.ENDED and t.score_ns() == 0
    t = _change(t, W, "1C").apply(Elected(DIRECTOR, UNINTENDED))
    assert t.phase is Phase.AUCTION and standing(t) == "N:P E:P S:P W:1C" and t.turn is N
    t = calls(t, "N:P E:P S:P")
    assert str(t.contract) == "1CW"


def _lost_turn_state() -> AuctionState:
    """North passed, East passed, West bid 1H at South's turn and North doubled, accepting it (Law 29A);
    then the turn came back to South with East's pass still his last call (reachable in such tangles)."""
    standing_calls = tuple(
        StandingCall(seat, AnnotatedCall(parse_call(call)))
        for seat, call in ((N, "P"), (E, "P"), (W, "1H"), (N, "X"))
    )
    return AuctionState(N, standing_calls, turn=S)


def test_32c_25a4_a_later_call_at_lhos_turn_after_partner_has_called_is_left_to_lho() -> None:
    """East doubles at South's turn after having passed, but West has called since East's pass: 25A cannot
    allow a substitution (25A4), so Law 25B decides: South may accept it by calling over it."""
    state = auction_period.on_call(_lost_turn_state(), CallMade(E, parse_call("1S")), 5, Policy.LAWS)
    assert state.open is not None and state.open[0].kind is Kind.CHANGE_OF_CALL and state.pending is None
    state = auction_period.on_call(state, CallMade(S, parse_call("P")), 6, Policy.LAWS)
    assert [(s.seat, str(s.call.call)) for s in state.calls][-2:] == [(E, "1S"), (S, "P")]
    assert state.withdrawn == () and state.turn is W and state.pending is None


def test_32c_25b2_a_later_call_at_lhos_turn_not_accepted_is_cancelled() -> None:
    state = auction_period.on_call(_lost_turn_state(), CallMade(E, parse_call("1S")), 5, Policy.LAWS)
    state = auction_period.on_director(state, DirectorCalled(S))
    state = auction_period.on_elected(state, Elected(S, Reject(LawRef(25, "B2"))))
    assert len(state.calls) == 4 and state.turn is S
    assert state.withdrawn == (Withdrawn(E, parse_call("1S"), LawRef(25, "B2")),)

_BOARD_FOR_DEALER = {Seat.NORTH: 1, Seat.EAST: 2, Seat.SOUTH: 3, Seat.WEST: 4}


@settings(max_examples=60, deadline=None)
@given(partial_auctions(), st.data())
def test_25a1_property_an_allowed_change_of_the_last_call_is_as_if_the_new_call_had_been_made(
    auction: Auction, data: st.DataObject
) -> None:
    """For any lawful auction, replacing the last call by another call lawful at that point (an unintended
    call, 25A1) leaves the auction the core ``Auction`` gives with the new call, and the record replays."""
    assume(len(auction) >= 1)
    before = Auction(auction.dealer, auction.calls[:-1])
    old, seat = auction.calls[-1], auction.seat_of(len(auction) - 1)
    others = [c for c in before.legal_calls() if c != old]
    assume(others)
    new = data.draw(st.sampled_from(others))
    t = Table.new(Board(_BOARD_FOR_DEALER[auction.dealer], DEAL))
    for caller, call in auction:
        t = t.apply(CallMade(caller, call))
    t = t.apply(CallChanged(seat, new)).apply(Elected(DIRECTOR, UNINTENDED))
    expected = before.push(new)
    assert tuple(s.call.call for s in t.calls) == expected.calls
    assert t.withdrawn == (Withdrawn(seat, old, LawRef(25, "A1")),)
    assert (t.phase is Phase.AUCTION) == (not expected.is_complete)
    assert t.contract == (expected.contract() if expected.is_complete else None)
    assert Table.replay(t.board, t.record) == t


def test_online_policy_refuses_a_change_to_a_call_the_screen_would_not_accept() -> None:
    """Online, East may not change his 2C to an insufficient 1D, which the screen would have prevented."""
    t = calls(table(policy=Policy.ONLINE), "N:1H E:2C")
    with pytest.raises(UnlawfulActionError, match="insufficient bid"):
        _change(t, E, "1D")


def test_25_no_change_during_the_players_own_rectification() -> None:
    """East's insufficient 1D was not accepted, so he must replace it (Law 27B); before that, he may not
    change his earlier call."""
    t = calls(table(), "N:P E:P S:1H W:P N:P E:1D").apply(DirectorCalled(S))
    t = t.apply(Elected(S, Reject(LawRef(27, "B"))))
    assert t.turn is E
    with pytest.raises(ImpossibleActionError, match="rectification"):
        _change(t, E, "1S")


def test_25b_an_intended_change_to_an_inadmissible_double_is_cancelled_at_once() -> None:
    """The dealer changes his pass into a double with no bid to double: such a call can never stand (Laws 19,
    36), so nobody may accept it; the change is cancelled and the pass stands (25B2), and the auction can
    still end (Law 22)."""
    t = _change(calls(table(), "N:P"), N, "X", unintended=False)
    assert t.open_irregularity is None and standing(t) == "N:P" and t.turn is E
    assert _withdrawn(t) == [(N, "X", LawRef(25, "B2"))]
    t = calls(t, "E:P S:P W:P")
    assert t.phase is Phase.ENDED and t.score_ns() == 0
