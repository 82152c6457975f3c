"""Law 21B after a corrected explanation: while the auction period lasts, the misinformed player may change
his call (21B1(a)) when the Director so judges, and his LHO may then change his (21B2); once it is too late
the Director adjusts the score (21B3). Law 21A: a player's own misunderstanding gives him nothing."""

from __future__ import annotations

from tenace import parse_call
from tenace.laws import Elected, LawRef, Phase
from tenace.laws.decisions import WithdrawCall
from tenace.laws.events import CallChanged, ExplanationCorrected, ExplanationGiven, Misinformation
from tenace.laws.misinformation import remedies

from ._helpers import E, N, W
from ._misinfo_helpers import TWO_D, call, play_out, to_two_d


def test_21b1a_after_the_correction_the_misinformed_player_may_change_his_call() -> None:
    """West passed 2D, explained as natural; North corrects (a transfer). The remedy offered is West's change
    under Law 21B (Laws 20F4(b), 20F6); the Director's Misinformation finding lets him double instead,
    without rectification."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural, to play")), "W:P")
    t = t.apply(ExplanationCorrected(N, TWO_D, "Jacoby transfer to hearts"))
    (remedy,) = remedies(t)
    assert (remedy.seat, remedy.law) == (W, LawRef(21, "B1(a)"))
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X"), unintended=False))
    assert [str(s.call.call) for s in t.calls] == ["1NT", "P", "2D", "X"]
    assert t.irregularities == () and t.turn is N


def test_21b1a_not_for_a_call_made_before_the_mistaken_explanation() -> None:
    """East passed 1NT before anything was said about 2D: no change is offered to him."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural")), "W:P")
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert E not in [r.seat for r in remedies(t)]


def test_21b1a_not_once_the_misinformed_players_partner_has_called() -> None:
    """West passed, North bid 2H, East passed: West's pass can no longer be changed (his partner called)."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural")), "W:P N:2H E:P")
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert [r.seat for r in remedies(t)] == [E]  # East's pass, made after the explanation, still may be


def test_21b2_after_the_change_lho_may_change_his_call_with_16c() -> None:
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural")), "W:P N:2H")
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert [r.seat for r in remedies(t)] == [W]
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X")))
    assert t.pending is not None and t.pending.actor is N and t.pending.law == LawRef(21, "B2")
    t = t.apply(Elected(N, WithdrawCall(LawRef(21, "B2"))))
    assert t.withdrawn[-1].unauthorised_to(N.partner)  # 16C: North-South are the offenders


def test_21b1a_a_correction_in_the_clarification_period_can_still_reopen_the_auction() -> None:
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural")), "W:P N:2H E:P S:P W:P")
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert t.phase is Phase.CLARIFICATION
    assert [(r.seat, r.law) for r in remedies(t)] == [(W, LawRef(21, "B1(a)"))]
    t = t.apply(Misinformation(W)).apply(CallChanged(W, parse_call("X")))
    assert t.phase is Phase.AUCTION


def test_21b3_too_late_to_change_a_call_the_director_adjusts() -> None:
    """The correction comes only at the end of the play: too late to change a call."""
    t = play_out(call(to_two_d().apply(ExplanationGiven(N, TWO_D, "natural")), "W:P N:2H E:P S:P W:P"))
    assert t.phase is Phase.ENDED
    t = t.apply(ExplanationCorrected(N, TWO_D, "transfer"))
    assert LawRef(21, "B3") in [r.law for r in remedies(t)]
    assert all(r.law != LawRef(21, "B1(a)") for r in remedies(t))


def test_21a_without_a_correction_there_is_no_remedy() -> None:
    """Nothing on record says the explanation was wrong: a player acting on his own misunderstanding gets no
    redress (Law 21A), and the engine offers none."""
    t = call(to_two_d().apply(ExplanationGiven(N, TWO_D, "transfer to hearts")), "W:P")
    assert remedies(t) == ()
