"""Law 16B: extraneous information from partner. A reservation (16B2), the Director's evidence, a poll of
peers and the logical alternatives (16B1(b)), whether the action chosen was demonstrably suggested (16B1(a)),
and the ruling when play has ended (16B3): the score stands or an assigned, possibly weighted, adjusted score
(Law 12C1) replaces it."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from fractions import Fraction

import pytest

from tenace import Board, Seat, parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import CallMade, CardPlayed, Phase, Table, log
from tenace.laws.events import (
    ExplanationGiven,
    LogicalAlternatives,
    PollAnswer,
    PollRecorded,
    QuestionAsked,
    ScoreShare,
    Suggested,
    UIReason,
    UIReserved,
    UIRuling,
)
from tenace.laws.information import cases, poll_alternatives, poll_summary, ui_evidence
from tenace.laws.tempo import TempoProfile, tempo_profile
from tenace.scoring.adjusted import AssignedAdjustedScore, WeightedScore
from tenace.seats import SEATS

from ._helpers import DEAL, E, N, S, W

T0 = dt.datetime(2026, 11, 22, 8, 0, tzinfo=dt.UTC)
P = parse_call("P")
AUCTION = "N:1S E:2H S:2S W:3H N:P E:P S:3S W:P N:P E:P"
"""North passes 3H slowly; South, with a minimum raise, bids on to 3S (the classic Law 16B case)."""
SLOW = 4  # the index of North's slow pass


def _call(t: Table, item: str, at: dt.datetime | None = None) -> Table:
    seat, call = item.split(":")
    return t.apply(CallMade(Seat.from_str(seat), parse_call(call)), at=at)


def _auction(
    script: str = AUCTION,
    *,
    number: int = 1,
    slow: int | None = SLOW,
    rng_seed: int = 1,
    reserve: int | None = None,
) -> Table:
    """The auction with ordinary 2-6 s calls, and 25 s for the call at ``slow``; West reserves his rights
    about North's tempo (Law 16B2) after ``reserve`` calls."""
    rng = random.Random(rng_seed)
    t = Table.new(Board(number, DEAL))
    at = T0 + dt.timedelta(hours=number)
    for i, item in enumerate(script.split()):
        if i == reserve:
            t = t.apply(UIReserved(W, N, UIReason.HESITATION), at=at + dt.timedelta(seconds=1))
        at += dt.timedelta(seconds=25 if i == slow else rng.uniform(2, 6))
        t = _call(t, item, at)
    return t


def _play_out(t: Table) -> Table:
    while t.phase in (Phase.CLARIFICATION, Phase.PLAY):
        turn = t.turn
        assert isinstance(turn, Seat)
        t = t.apply(CardPlayed(turn, min(t.legal_cards())))
    assert t.phase is Phase.ENDED
    return t


def _poll() -> PollRecorded:
    return PollRecorded((
        PollAnswer(P, (parse_call("3S"),), "peer 1"),
        PollAnswer(P, (), "peer 2"),
        PollAnswer(P, (parse_call("3S"),), "peer 3"),
        PollAnswer(parse_call("3S"), (P,), "peer 4"),
        PollAnswer(P, (), "peer 5"),
    ))


def _reserved_and_played() -> Table:
    """West reserves his rights right after South's 3S (16B2); the auction ends and the hand is played."""
    return _play_out(_auction(reserve=7))


# --- the reservation (16B2) --------------------------------------------------------------------------------


def test_16b2_an_opponent_reserves_his_rights_about_the_hesitation_of_norths_pass() -> None:
    """By default the information came with North's last call before the reservation: the slow pass."""
    t = _auction(reserve=7)
    (case,) = cases(t)
    assert case.reserved.about is N and case.receiver is S and case.source == SLOW
    assert case.index == 7 and case.open and case.stage == "poll or logical alternatives"


def test_16b2_the_call_that_carried_the_information_may_be_named() -> None:
    t = _auction().apply(UIReserved(W, N, UIReason.HESITATION, index=SLOW))
    (case,) = cases(t)
    assert case.source == SLOW and t.record[SLOW] == CallMade(N, P)


def test_16b2_a_player_reserves_rights_only_about_an_opponent() -> None:
    t = _auction()
    with pytest.raises(ImpossibleActionError, match="only about an opponent"):
        t.apply(UIReserved(E, W))


def test_16b2_the_named_call_must_be_the_opponents() -> None:
    t = _auction()
    with pytest.raises(ImpossibleActionError, match="not a call or card of North"):
        t.apply(UIReserved(W, N, index=1))
    with pytest.raises(ImpossibleActionError, match="no event 99"):
        t.apply(UIReserved(W, N, index=99))


def test_16b2_a_reservation_changes_neither_the_auction_nor_the_play() -> None:
    t = _auction()
    reserved = t.apply(UIReserved(W, N))
    assert reserved.calls == t.calls and reserved.contract == t.contract and reserved.turn == t.turn
    for viewer in SEATS:
        assert reserved.view(viewer) == t.view(viewer)


def test_16b_the_director_records_nothing_without_a_reservation() -> None:
    t = _play_out(_auction())
    for event in (_poll(), LogicalAlternatives((P,)), UIRuling()):
        with pytest.raises(ImpossibleActionError, match="Law 16B2"):
            t.apply(event)


# --- the evidence ------------------------------------------------------------------------------------------


def _session_profile(table: Table) -> TempoProfile:
    """A session of seven other boards at ordinary tempo, and this one."""
    others = [_auction("N:1S E:P S:2S W:P N:P E:P", number=n, slow=None, rng_seed=n) for n in range(2, 9)]
    others += [_auction("N:1S E:2H S:2S W:3H N:3S E:P S:P W:P", number=n, slow=None, rng_seed=n)
               for n in range(9, 12)]
    return tempo_profile([*others, table])


def test_16b_the_evidence_shows_the_timed_auction_all_hands_and_the_break_in_tempo() -> None:
    t = _reserved_and_played()
    evidence = ui_evidence(t, profile=_session_profile(t))
    assert dict(evidence.hands) == {seat: DEAL[seat] for seat in SEATS}
    assert [f"{c.seat.value}:{c.call}" for c in evidence.auction] == AUCTION.split()
    slow = evidence.auction[SLOW]
    assert slow.seconds == pytest.approx(25) and slow.at == t.times[SLOW]
    assert [(b.index, b.seat) for b in evidence.breaks] == [(SLOW, N)]
    assert [(a.seat, a.what) for a in evidence.actions] == [(S, "3S")]  # dummy's cards are North's
    assert evidence.contract is not None and str(evidence.contract.level) == "3"
    assert evidence.score_ns == t.score_ns() and evidence.adjusted is None
    assert evidence.pending == "poll or logical alternatives"


def test_16b_the_evidence_carries_alerts_questions_and_explanations() -> None:
    t = Table.new(Board(1, DEAL))
    t = t.apply(CallMade(N, parse_call("1NT")))
    t = t.apply(CallMade(E, parse_call("2C"), alert=True))
    t = t.apply(QuestionAsked(S, 1))
    t = t.apply(ExplanationGiven(W, 1, "both majors"))
    t = t.apply(CallMade(S, P))
    t = t.apply(UIReserved(N, E, UIReason.ALERT))
    evidence = ui_evidence(t)
    assert [(str(c.call), c.alert) for c in evidence.auction] == [("1NT", False), ("2C", True), ("P", False)]
    assert [type(s.event).__name__ for s in evidence.said] == ["QuestionAsked", "ExplanationGiven"]
    assert evidence.case is not None and evidence.case.reserved.reason is UIReason.ALERT
    assert evidence.case.receiver is W and evidence.actions == ()


def test_16b_the_evidence_is_not_part_of_any_players_view() -> None:
    """The case and its times change no player's view: every view equals that of the same record without
    the reservation and without times."""
    t = _reserved_and_played()
    plain = Table.replay(t.board, [e for e in t.record if not isinstance(e, UIReserved)], t.regulations)
    for viewer in (*SEATS, None):
        view = t.view(viewer)
        assert view == plain.view(viewer)
        assert not any(isinstance(getattr(view, f.name), dt.datetime) for f in dataclasses.fields(view))


# --- the poll and the logical alternatives (16B1(b)) -------------------------------------------------------


def test_16b1b_the_poll_is_recorded_and_summarised_for_the_director() -> None:
    t = _reserved_and_played().apply(_poll())
    evidence = ui_evidence(t)
    assert [(str(r.call), r.chosen, r.considered) for r in evidence.poll] == [("P", 4, 5), ("3S", 1, 3)]
    assert poll_alternatives(_poll()) == (P, parse_call("3S"))
    assert poll_alternatives(_poll(), Fraction(4, 5)) == (P,)
    assert evidence.pending == "poll or logical alternatives"


def test_16b1b_a_call_only_considered_by_few_is_not_summarised_as_an_alternative() -> None:
    poll = PollRecorded((PollAnswer(P),) * 9 + (PollAnswer(P, (parse_call("4S"),)),))
    summary = [(str(r.call), r.chosen, r.considered) for r in poll_summary(poll)]
    assert summary == [("P", 10, 10), ("4S", 0, 1)]
    assert poll_alternatives(poll) == (P,)


def test_16b1a_logical_alternative_exists_and_was_suggested_so_the_score_is_adjusted() -> None:
    """Pass was a logical alternative to 3S, the slow pass suggested bidding on: the Director assigns the
    score for 3H by West making nine tricks (Law 12C1)."""
    t = _reserved_and_played()
    table_score = t.score_ns()
    t = t.apply(_poll()).apply(LogicalAlternatives((P,)))
    assert cases(t)[0].stage == "suggested"
    t = t.apply(Suggested(True, (P,)))
    assert cases(t)[0].stage == "ruling" and cases(t)[0].may_adjust
    assigned = AssignedAdjustedScore.balancing(-140)
    t = t.apply(UIRuling.assigned(assigned, "3H by West making"))
    assert t.adjusted_score == assigned and t.result_ns() == assigned
    assert t.score_ns() == table_score  # the score obtained at the table is still known
    assert ui_evidence(t).adjusted == assigned and ui_evidence(t).pending is None


def test_16b1a_a_weighted_non_balancing_adjustment() -> None:
    t = _reserved_and_played().apply(LogicalAlternatives((P,))).apply(Suggested(True))
    ns = WeightedScore.of((-140, "2/3"), (-170, "1/3"))
    assigned = AssignedAdjustedScore(ns, WeightedScore.single(-170))
    t = t.apply(UIRuling.assigned(assigned))
    assert t.result_ns() == assigned and not assigned.is_balancing
    assert log.loads(log.dumps(t)).result_ns() == assigned


def test_16b1b_no_logical_alternative_so_the_score_stands() -> None:
    """Everyone polled bids 3S and nobody considers passing: no logical alternative, no adjustment."""
    t = _reserved_and_played()
    t = t.apply(PollRecorded((PollAnswer(parse_call("3S")),) * 5)).apply(LogicalAlternatives())
    assert cases(t)[0].stage == "ruling" and not cases(t)[0].may_adjust
    with pytest.raises(ImpossibleActionError, match="first record the logical alternatives"):
        t.apply(Suggested(True))
    with pytest.raises(ImpossibleActionError, match="needs a logical alternative"):
        t.apply(UIRuling.assigned(AssignedAdjustedScore.balancing(-140)))
    t = t.apply(UIRuling(note="no logical alternative to 3S"))
    assert t.adjusted_score is None and t.result_ns() == t.score_ns()
    assert cases(t)[0].stage == "ruled"


def test_16b1a_an_alternative_that_was_not_suggested_leaves_the_score() -> None:
    t = _reserved_and_played().apply(LogicalAlternatives((P,))).apply(Suggested(False))
    with pytest.raises(ImpossibleActionError, match="demonstrably suggested"):
        t.apply(UIRuling.assigned(AssignedAdjustedScore.balancing(-140)))
    assert t.apply(UIRuling()).result_ns() == t.score_ns()


def test_16b3_the_director_rules_when_play_has_ended() -> None:
    t = _auction().apply(UIReserved(W, N)).apply(LogicalAlternatives((P,))).apply(Suggested(True))
    with pytest.raises(ImpossibleActionError, match="Law 16B3"):
        t.apply(UIRuling.assigned(AssignedAdjustedScore.balancing(-140)))


def test_16b_a_ruled_case_takes_no_more_findings_until_a_new_reservation() -> None:
    t = _reserved_and_played().apply(LogicalAlternatives()).apply(UIRuling())
    with pytest.raises(ImpossibleActionError, match="Law 16B2"):
        t.apply(LogicalAlternatives((P,)))
    t = t.apply(UIReserved(N, W, UIReason.REMARK)).apply(LogicalAlternatives())
    assert [c.stage for c in cases(t)] == ["ruled", "ruling"]


def test_16b_a_ruling_with_a_score_for_one_side_only_is_refused() -> None:
    with pytest.raises(ValueError, match="both sides"):
        UIRuling(ns=(ScoreShare(-140),))
    with pytest.raises(ValueError, match="add up to 1"):
        UIRuling(ns=(ScoreShare(-140, 1, 2),), ew=(ScoreShare(-140, 1, 2),))


def test_16b_the_whole_case_round_trips_through_the_log_with_its_times() -> None:
    t = _reserved_and_played().apply(_poll()).apply(LogicalAlternatives((P,))).apply(Suggested(True, (P,)))
    weighted = WeightedScore.of((-140, "1/2"), (-110, "1/2"))
    t = t.apply(UIRuling.assigned(AssignedAdjustedScore.balancing(weighted)))
    back = log.loads(log.dumps(t))
    assert back == t and cases(back) == cases(t) and back.times == t.times


def test_16b_a_hesitation_in_the_play_and_a_card_found_suggested() -> None:
    """West thinks 20 seconds over his card to trick 1 against 1NT; North (declarer) reserves his rights, and
    East's later cards are examined. The Director finds a card a logical alternative, the card played
    suggested over it, and adjusts (Laws 16B1, 12C1)."""
    t = Table.new(Board(1, DEAL))
    at = T0
    for item in "N:1NT E:P S:P W:P".split():
        at += dt.timedelta(seconds=3)
        t = _call(t, item, at)
    slow = None
    for k in range(8):
        turn = t.turn
        assert isinstance(turn, Seat)
        at += dt.timedelta(seconds=20 if k == 2 else 2 + k % 3)
        if k == 2:
            assert turn is W
            slow = len(t.record)
        t = t.apply(CardPlayed(turn, min(t.legal_cards())), at=at)
        if k == 3:
            t = t.apply(UIReserved(N, W, UIReason.HESITATION), at=at)
    t = _play_out(t)
    (case,) = cases(t)
    assert case.source == slow and case.receiver is E
    evidence = ui_evidence(t)
    assert [(b.index, b.seat, b.klass.detail) for b in evidence.breaks] == [(slow, W, "3rd")]
    assert evidence.actions and {a.seat for a in evidence.actions} == {E}
    assert all(a.index > case.index for a in evidence.actions)
    examined = t.record[evidence.actions[0].index]
    assert isinstance(examined, CardPlayed)
    other = next(c for c in DEAL[E] if c != examined.card)
    t = t.apply(LogicalAlternatives(cards=(other,))).apply(Suggested(True))
    assigned = AssignedAdjustedScore.balancing(WeightedScore.of((120, "1/2"), (90, "1/2")))
    t = t.apply(UIRuling.assigned(assigned))
    assert t.result_ns() == assigned and isinstance(t.score_ns(), int)


def _two_cases() -> Table:
    """West reserves his rights about North's slow pass (record 7), and, after the hand, North reserves his
    about a remark of West's (the second case, reserved last)."""
    t = _reserved_and_played()
    return t.apply(UIReserved(N, W, UIReason.REMARK))


def test_16b_with_two_cases_open_a_finding_must_name_its_case() -> None:
    t = _two_cases()
    first, second = cases(t)
    assert first.open and second.open
    with pytest.raises(ImpossibleActionError, match=f"reserved at records {first.index}, {second.index}"):
        t.apply(LogicalAlternatives((P,)))
    with pytest.raises(ImpossibleActionError, match="not a reservation"):
        t.apply(LogicalAlternatives((P,), case=3))


def test_16b_each_finding_attaches_to_the_case_it_names_and_the_first_case_can_be_ruled() -> None:
    """The findings about the first case (the slow pass) land on it, not on the later one; the adjusted score
    is the first case's ruling, and the second case is ruled separately."""
    t = _two_cases()
    first, second = cases(t)
    t = t.apply(LogicalAlternatives((P,), case=first.index)).apply(Suggested(True, (P,), case=first.index))
    assigned = AssignedAdjustedScore.balancing(-140)
    t = t.apply(UIRuling.assigned(assigned, "3H by West making", case=first.index))
    ruled, waiting = cases(t)
    assert ruled.ruling is not None and ruled.ruling.adjusted == assigned and ruled.alternatives is not None
    assert waiting.open and waiting.alternatives is None and waiting.ruling is None
    assert t.adjusted_score == assigned
    assert ui_evidence(t, case_index=first.index).case == ruled
    with pytest.raises(ImpossibleActionError, match="ruled already"):
        t.apply(UIRuling(case=first.index))
    t = t.apply(LogicalAlternatives()).apply(UIRuling(note="no logical alternative"))  # the one open case
    assert [c.stage for c in cases(t)] == ["ruled", "ruled"]
    assert log.loads(log.dumps(t)) == t
