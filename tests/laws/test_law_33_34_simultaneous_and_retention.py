"""Law 33: a call simultaneous with that of the player whose turn it was is deemed subsequent. Laws 34 and
17D3: three passes that include a pass out of rotation which took a player's turn away do not end the
auction."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace import PASS, parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import Accept, CallMade, DirectorCalled, Elected, Kind, LawRef, Phase, Table
from tenace.laws.events import CallChanged, Misinformation, SimultaneousCalls

from ._helpers import E, N, S, W, calls, standing, table


def _together(t: Table, a: str, b: str) -> Table:
    (sa, ca), (sb, cb) = (x.split(":") for x in (a, b))
    first = CallMade({"N": N, "E": E, "S": S, "W": W}[sa], parse_call(ca))
    second = CallMade({"N": N, "E": E, "S": S, "W": W}[sb], parse_call(cb))
    return t.apply(SimultaneousCalls(first, second))


def test_33_the_call_of_the_player_in_turn_comes_first_whatever_the_order_given() -> None:
    """East (in turn) and South call at the same moment: South's pass is deemed made after East's 1S, so it is
    in rotation and nothing is irregular."""
    t = _together(calls(table(), "N:1C"), "S:P", "E:1S")
    assert standing(t) == "N:1C E:1S S:P" and t.turn is W and t.irregularities == ()


def test_33_a_simultaneous_call_deemed_subsequent_can_become_insufficient() -> None:
    """South's 1H, simultaneous with East's 1S, is deemed made after it: an insufficient bid (Law 27)."""
    t = _together(calls(table(), "N:1C"), "E:1S", "S:1H")
    irregularity = t.open_irregularity
    assert irregularity is not None and irregularity.offender is S
    assert irregularity.kind is Kind.INSUFFICIENT_BID


def test_33_a_simultaneous_call_by_a_later_player_is_out_of_rotation() -> None:
    """West calls together with East: deemed after East's call, it is at South's turn (Law 29)."""
    t = _together(calls(table(), "N:1C"), "E:P", "W:1H")
    assert standing(t) == "N:1C E:P"
    irregularity = t.open_irregularity
    assert irregularity is not None and irregularity.kind is Kind.CALL_OUT_OF_ROTATION
    assert irregularity.offender is W


def test_33_needs_one_call_by_the_player_in_turn() -> None:
    with pytest.raises(ImpossibleActionError, match="Law 33"):
        _together(calls(table(), "N:1C"), "S:P", "W:P")


def test_33_two_calls_by_one_player_are_not_simultaneous_calls() -> None:
    with pytest.raises(ImpossibleActionError, match="two different players"):
        _together(calls(table(), "N:1C"), "E:P", "E:1S")


def test_17d3_three_passes_with_one_out_of_rotation_do_not_end_the_auction() -> None:
    """After 1H and East's pass, West passes at South's turn and North passes over it (accepting it, Law 29A).
    The three passes would end the auction but South lost his turn: the auction goes back to South and the
    passes from West's on are cancelled (17D3, Law 34)."""
    t = calls(table(), "N:1H E:P W:P N:P")
    assert t.phase is Phase.AUCTION and t.contract is None
    assert standing(t) == "N:1H E:P" and t.turn is S
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [
        (W, "P", LawRef(17, "D3")),
        (N, "P", LawRef(17, "D3")),
    ]
    t = calls(t, "S:2H W:P N:P E:P")
    assert str(t.contract) == "2HN"


def test_17d3_16c_the_player_who_passed_out_of_rotation_is_the_offender() -> None:
    """The cancelled passes are information for Law 16C with West's side as the offending side: unauthorised
    to East-West, authorised to North-South."""
    t = calls(table(), "N:1H E:P W:P N:P")
    assert t.unauthorised(E) == t.withdrawn and t.unauthorised(W) == t.withdrawn
    assert t.unauthorised(N) == () and t.unauthorised(S) == ()


def test_34_four_passes_with_one_out_of_rotation_do_not_pass_the_board_out() -> None:
    """North passes; South passes at East's turn and West passes over it; North passes again. East never
    called, so the board is not passed out: the auction goes back to East."""
    t = calls(table(), "N:P S:P W:P N:P")
    assert t.phase is Phase.AUCTION and standing(t) == "N:P" and t.turn is E
    t = calls(t, "E:P S:P W:P")
    assert t.phase is Phase.ENDED and t.score_ns() == 0


def test_34_an_unnoticed_inadmissible_double_does_not_hide_a_lost_turn() -> None:
    """North passes, South passes at East's turn (West's call accepts it, Law 29A), West doubles nothing
    (inadmissible, Law 36) and North passes over the double unnoticed (36C); West then passes at East's turn
    and North accepts it. Four passes count, but East never called: the board is not passed out (Law 34),
    the passes from South's on are cancelled and East calls (17D3)."""
    t = calls(table(), "N:P S:P W:X N:P W:P")
    t = t.apply(DirectorCalled(N))
    assert t.pending is not None and t.pending.options[0] == Accept(LawRef(29, "A"))
    t = t.apply(Elected(N, t.pending.options[0]))
    assert t.phase is Phase.AUCTION and standing(t) == "N:P" and t.turn is E
    assert {w.law for w in t.withdrawn} >= {LawRef(17, "D3")}
    assert Table.replay(t.board, t.record) == t


def test_17d3_passes_in_rotation_after_an_accepted_bid_out_of_rotation_end_the_auction() -> None:
    """A bid out of rotation accepted by LHO costs the skipped players their turn (Law 29A); three passes in
    rotation after it end the auction normally."""
    t = calls(table(), "N:P S:1H W:P N:P E:P")
    assert t.phase is Phase.CLARIFICATION and str(t.contract) == "1HS"


def test_22b_four_passes_do_not_pass_the_board_out_while_a_player_has_never_called() -> None:
    """North deals. East passes out of rotation and South accepts it by calling (Law 29A: North loses his
    turn); East passes out of rotation again over West, and South accepts that too. East then changes that
    pass, as unintended (Law 25A), to a double, which is inadmissible; South passes over it before anyone
    notices (Law 36A), so the double stands but counts for nothing. West passes: East, South, South and
    West have passed, four passes, but North has never called. The board is passed out only when all four
    players have passed (Law 22B), so North calls, and his pass ends it."""
    t = calls(table(), "E:P S:P E:P")
    t = t.apply(DirectorCalled(N))
    t = t.apply(Elected(S, Accept(LawRef(29, "A"))))
    t = t.apply(CallChanged(E, parse_call("X"), unintended=True))
    assert t.pending is not None
    t = t.apply(Elected(t.pending.actor, t.pending.options[0]))  # the Director finds the change unintended
    t = calls(t, "S:P W:P")
    assert t.phase is Phase.AUCTION and t.turn is N
    assert [(s.seat, s.inadmissible) for s in t.calls] == [(E, False), (S, False), (E, True), (S, False),
                                                           (W, False)]
    t = calls(t, "N:P")
    assert t.phase is not Phase.AUCTION and t.contract is None
    assert Table.replay(t.board, t.record) == t


def test_17d3_replays_from_the_record() -> None:
    t = calls(table(), "N:1H E:P W:P N:P S:2H W:P N:P E:P")
    assert Table.replay(t.board, t.record) == t


_RANDOM_KINDS = ("call", "call", "call", "slip", "change", "misinformed", "together")
_RANDOM_CALLS = (PASS, PASS, PASS, PASS, parse_call("1H"), parse_call("2S"), parse_call("X"))


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_17d3_property_an_ended_auction_never_ends_on_a_pass_that_took_a_turn(data: st.DataObject) -> None:
    """Random calls, changes of call, misinformation findings and simultaneous calls by random players (calls
    out of rotation included; every decision takes its first option): whenever the auction has ended, each
    of its last three passes was made in rotation (Laws 17D3, 34), and the record replays to the same
    table."""
    t = table()
    for _ in range(40):
        if t.phase is not Phase.AUCTION:
            break
        if t.pending is not None:
            t = t.apply(Elected(t.pending.actor, t.pending.options[0]))
            continue
        if t.open_irregularity is not None and data.draw(st.booleans()):
            t = t.apply(DirectorCalled(N if t.open_irregularity.offender.side is not N.side else E))
            continue
        seat = data.draw(st.sampled_from([N, E, S, W]))
        call = data.draw(st.sampled_from(_RANDOM_CALLS))
        kind = data.draw(st.sampled_from(_RANDOM_KINDS))
        event: CallMade | CallChanged | Misinformation | SimultaneousCalls = CallMade(seat, call)
        if kind in ("slip", "change"):
            event = CallChanged(seat, call, unintended=kind == "slip")
        elif kind == "misinformed":
            event = Misinformation(seat)
        elif kind == "together":
            other = data.draw(st.sampled_from([N, E, S, W]))
            event = SimultaneousCalls(CallMade(seat, call), CallMade(other, PASS))
        try:
            t = t.apply(event)
        except ImpossibleActionError:
            continue
    if t.phase is not Phase.AUCTION and t.calls:
        last = t.calls
        for before, after in zip(last[-4:-1], last[-3:], strict=True):
            assert after.seat is before.seat.lho
    assert Table.replay(t.board, t.record) == t
