"""Laws 28-32: calls out of rotation, accepted (29A), cancelled by the right player's call (28B), or cancelled
with the rectification of Laws 30, 31 and 32."""

from __future__ import annotations

from tenace import parse_call
from tenace.laws import (
    DIRECTOR,
    Accept,
    Comparable,
    DirectorCalled,
    Duration,
    Elected,
    LawRef,
    LeadRestriction,
    MustPass,
    MustRepeat,
    Reject,
)

from ._helpers import E, N, S, W, calls, standing, table


def test_29a_offenders_lho_calling_accepts_the_call_and_skipped_players_lose_their_turn() -> None:
    """East bids at North's (dealer's) turn; South, East's LHO, calls over it: the bid stands and North's turn
    is lost."""
    t = calls(table(), "E:1S S:P")
    assert standing(t) == "E:1S S:P" and t.turn is W


def test_28b_the_player_whose_turn_it_was_cancels_the_call_without_rectification() -> None:
    """South bids at East's turn; East, whose turn it was, calls: South's bid is cancelled with no other
    rectification, its information unauthorised to North-South (Law 16C2), and South calls again in turn."""
    t = calls(table(), "N:1C S:1H E:P")
    assert standing(t) == "N:1C E:P" and t.turn is S and t.constraints == ()
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [(S, "1H", LawRef(28, "B"))]


def test_28b_call_by_the_correct_player_when_the_offender_called_at_partners_turn() -> None:
    t = calls(table(), "S:1NT N:1C")  # South called at his partner's (dealer's) turn; North calls in turn
    assert standing(t) == "N:1C" and t.turn is E
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [(S, "1NT", LawRef(28, "B"))]


def _out_of_rotation(script: str, lho: object) -> object:
    t = calls(table(), script).apply(DirectorCalled(lho))  # type: ignore[arg-type]
    assert t.pending is not None and t.pending.actor is lho
    return t.apply(Elected(lho, Reject(LawRef(29, "B"))))  # type: ignore[arg-type]


def test_29a_accepted_after_the_director_is_called() -> None:
    t = calls(table(), "E:1S").apply(DirectorCalled(S))
    t = t.apply(Elected(S, Accept(LawRef(29, "A"))))
    assert standing(t) == "E:1S" and t.turn is S


def test_30a_pass_out_of_rotation_at_rhos_turn_offender_must_pass_next_turn() -> None:
    t = _out_of_rotation("E:P", S)  # East passed at North's turn: North is East's RHO
    assert MustPass(E, Duration.NEXT_TURN, LawRef(30, "A")) in t.constraints  # type: ignore[attr-defined]
    t = calls(t, "N:1H E:P S:2H")  # type: ignore[arg-type]
    assert t.constraints == ()  # type: ignore[attr-defined]


def test_30b1_pass_at_partners_turn_offender_calls_and_the_director_judges_comparability() -> None:
    """South passed at North's turn; the pass is cancelled. Law 30B1(a): North, the offender's partner, calls
    as he likes at his turn (nothing constrains him); Law 30B1(b)(ii): South's 2H is not comparable, so North
    must pass at his next turn."""
    t = _out_of_rotation("S:P", W)  # South passed at North's (his partner's) turn
    assert t.constraints == () and t.turn is N  # type: ignore[attr-defined]
    assert t.withdrawn[0].unauthorised_to(N) and not t.withdrawn[0].unauthorised_to(E)  # type: ignore[attr-defined]
    t = calls(t, "N:1H E:P S:2H")  # type: ignore[arg-type]
    assert t.pending is not None and t.pending.actor is DIRECTOR  # type: ignore[attr-defined]
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(30, "B1(b)(ii)"))))  # type: ignore[attr-defined]
    assert MustPass(N, Duration.NEXT_TURN, LawRef(30, "B1(b)(ii)")) in t.constraints
    assert LeadRestriction(N, S, LawRef(26, "B")) in t.constraints


def test_31a1_bid_at_rhos_turn_rho_passes_offender_must_repeat_the_bid() -> None:
    t = _out_of_rotation("E:1S", S)
    t = calls(t, "N:P")  # type: ignore[arg-type]
    assert any(isinstance(c, MustRepeat) and c.seat is E for c in t.constraints)
    t = calls(t, "E:1S")
    assert standing(t) == "N:P E:1S" and t.constraints == ()


def test_31a2_bid_at_rhos_turn_rho_bids_a_comparable_call_has_no_rectification() -> None:
    """East's 1S at North's turn is cancelled; North bids 1H and East bids 1S again. The Director finds it
    comparable (his judgement under Law 23A1, 23A2 or 23A3, recorded as his election); Law 23B: the auction
    goes on with no further rectification and the withdrawn bid is no longer unauthorised (no 16C2)."""
    t = _out_of_rotation("E:1S", S)
    t = calls(t, "N:1H E:1S")  # type: ignore[arg-type]
    t = t.apply(Elected(DIRECTOR, Comparable(True, LawRef(23, "A"))))
    assert standing(t) == "N:1H E:1S" and t.constraints == () and t.withdrawn == ()


def test_31a2b_bid_at_rhos_turn_rho_bids_non_comparable_call_partner_passes_next_turn() -> None:
    t = _out_of_rotation("E:1S", S)
    t = calls(t, "N:1H E:P").apply(Elected(DIRECTOR, Comparable(False, LawRef(31, "A2(b)"))))  # type: ignore[attr-defined]
    assert MustPass(W, Duration.NEXT_TURN, LawRef(31, "A2(b)")) in t.constraints
    t = calls(t, "S:2H W:P N:P E:P")
    assert str(t.contract) == "2HN"


def test_31b_bid_at_partners_turn_offender_judged_at_his_turn() -> None:
    """South bid 1NT at North's (his partner's) turn; West does not accept it (Law 29B). Law 31B1: North calls
    freely at his turn; Law 31B2: South's 1NT at his own turn is judged by the Director, here comparable, so
    there is no further rectification (as 31A2(a))."""
    t = _out_of_rotation("S:1NT", W)
    assert t.constraints == () and t.turn is N  # type: ignore[attr-defined]
    assert t.withdrawn[0].unauthorised_to(N)  # type: ignore[attr-defined]
    t = calls(t, "N:1C E:P S:1NT")  # type: ignore[arg-type]
    t = t.apply(Elected(DIRECTOR, Comparable(True, LawRef(23, "A"))))
    assert standing(t) == "N:1C E:P S:1NT" and t.constraints == ()


def test_32a1_double_at_rhos_turn_rho_passes_offender_must_repeat_it() -> None:
    """North opens 1C, East passes; West doubles at South's turn (South is West's RHO). Not accepted, it is
    cancelled and the auction goes back to South (Law 29B); if South passes, West must repeat the double and
    there is no rectification (Law 32A1)."""
    t = calls(table(), "N:1C E:P W:X").apply(DirectorCalled(N))
    t = t.apply(Elected(N, Reject(LawRef(29, "B"))))
    assert standing(t) == "N:1C E:P" and t.turn is S
    t = calls(t, "S:P")
    assert MustRepeat(W, parse_call("X"), LawRef(32, "A1")) in t.constraints
    t = calls(t, "W:X")
    assert standing(t) == "N:1C E:P S:P W:X" and t.constraints == ()


def test_32_an_inadmissible_double_out_of_rotation_is_never_accepted() -> None:
    """West doubles at South's turn after his own partner's bid: Law 19 would not allow it even in turn,
    so it cannot be accepted (Law 32); the Director cancels it and West's partner must pass throughout
    (Law 36B4)."""
    t = calls(table(), "N:P E:1C W:X").apply(DirectorCalled(N))
    assert t.pending is None and t.turn is S
    assert MustPass(E, Duration.REST_OF_AUCTION, LawRef(36, "B4")) in t.constraints


def _double_out_of_rotation(script: str, lho: object) -> object:
    """North opens 1C, East passes and West doubles out of rotation; ``lho`` (West's LHO) refuses it."""
    t = calls(table(), script).apply(DirectorCalled(lho))  # type: ignore[arg-type]
    return t.apply(Elected(lho, Reject(LawRef(29, "B"))))  # type: ignore[arg-type]


def test_32a2a_double_at_rhos_turn_rho_bids_and_a_comparable_call_brings_nothing() -> None:
    """West doubles 1C at South's turn; refused. South bids 1H, and West doubles again in turn: the Director
    finds it comparable (Law 32A2(a)): the double stands, no constraint, the withdrawn double is no longer UI
    (23C)."""
    t = _double_out_of_rotation("N:1C E:P W:X", N)
    t = calls(t, "S:1H W:X")  # type: ignore[arg-type]
    assert t.pending is not None and t.pending.actor is DIRECTOR
    t = t.apply(Elected(DIRECTOR, Comparable(True, LawRef(23, "A"))))
    assert standing(t) == "N:1C E:P S:1H W:X" and t.constraints == () and t.withdrawn == ()


def test_32a2b_double_at_rhos_turn_rho_bids_non_comparable_call_partner_passes_next_turn() -> None:
    """The same, but West bids 2S at his turn: not comparable (Law 32A2(b)): East must pass at his next turn
    and declarer may restrict East's lead (26B)."""
    t = _double_out_of_rotation("N:1C E:P W:X", N)
    t = calls(t, "S:1H W:2S")  # type: ignore[arg-type]
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(32, "A2(b)"))))
    assert MustPass(E, Duration.NEXT_TURN, LawRef(32, "A2(b)")) in t.constraints
    assert LeadRestriction(E, W, LawRef(26, "B")) in t.constraints
    t = calls(t, "N:P E:P S:P")
    assert str(t.contract) == "2SW"


def test_32b1_32b2_double_at_partners_turn() -> None:
    """East opens 1C after North's pass; North doubles at his partner's (South's) turn; East refuses it (Law
    29B). Law 32B1: South calls freely at his turn, the cancelled double UI to him (authorised to East-West,
    Law 16A1(b)); Law 32B2: North's call at
    his own turn is judged as in 32A2: a pass is not comparable, so South must pass next turn."""
    t = calls(table(), "N:P E:1C N:X").apply(DirectorCalled(E))
    t = t.apply(Elected(E, Reject(LawRef(29, "B"))))
    assert standing(t) == "N:P E:1C" and t.turn is S and t.constraints == ()
    assert t.withdrawn[0].unauthorised_to(S) and not t.withdrawn[0].unauthorised_to(W)
    t = calls(t, "S:1H W:P N:P")
    assert t.pending is not None and t.pending.actor is DIRECTOR
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(32, "B"))))
    assert MustPass(S, Duration.NEXT_TURN, LawRef(32, "B")) in t.constraints
    assert LeadRestriction(S, N, LawRef(26, "B")) in t.constraints


def test_30c_an_artificial_pass_out_of_rotation_is_dealt_with_as_a_bid_under_law_31() -> None:
    """Law 30C: East passes at North's turn, alerted and explained as artificial (a strong pass). Not Law 30A
    (East must pass next time) but Law 31A: North opens 1H, and East may then make any legal call; his call is
    the Director's to judge for comparability (31A2)."""
    from tenace.laws import CallMade

    t = table().apply(CallMade(E, parse_call("P"), alert=True, explanation="strong pass: 13+ HCP"))
    t = t.apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(29, "B"))))
    assert not any(isinstance(c, MustPass) for c in t.constraints)
    t = calls(t, "N:1H E:1S")
    assert t.pending is not None and t.pending.actor is DIRECTOR  # 31A2: comparable or not
    t = t.apply(Elected(DIRECTOR, Comparable(False, LawRef(31, "A2(b)"))))
    assert MustPass(W, Duration.NEXT_TURN, LawRef(31, "A2(b)")) in t.constraints


def test_30c_a_pass_of_an_artificial_call_out_of_rotation_is_dealt_with_as_a_bid() -> None:
    """Law 30C, second case: North opens an alerted, artificial 1C; South passes it at East's turn (his
    RHO's). Law 31A, not 30A: when East then bids, South may make any legal call, judged for comparability
    (31A2). The control: after a natural 1C, Law 30A makes South pass at his next turn."""
    from tenace.laws import CallMade

    def passed_early(alerted: bool) -> object:
        t = table().apply(CallMade(N, parse_call("1C"), alert=alerted,
                                   explanation="strong, artificial" if alerted else None))
        t = t.apply(CallMade(S, parse_call("P")))  # at East's turn
        return calls(t.apply(DirectorCalled(W)).apply(Elected(W, Reject(LawRef(29, "B")))), "E:1S")

    t = passed_early(alerted=True)
    assert not any(isinstance(c, MustPass) and c.seat is S for c in t.constraints)  # type: ignore[attr-defined]
    t = calls(t, "S:2H")  # type: ignore[arg-type]
    assert t.pending is not None and t.pending.actor is DIRECTOR  # 31A2: comparable or not
    control = passed_early(alerted=False)
    assert MustPass(S, Duration.NEXT_TURN, LawRef(30, "A")) in control.constraints  # type: ignore[attr-defined]
