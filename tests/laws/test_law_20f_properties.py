"""Properties of what is said at the table (Laws 20F, 75): questions, explanations, corrections and the
Director's findings, mixed at random into a board, never change the auction, the play or the score; they round
trip through the JSON log; each one is either recorded or refused as impossible; a player's duties and what he
heard are part of what the Director sees."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace import Seat, parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CallMade, CardPlayed, Policy, Table, log
from tenace.laws.events import (
    Event,
    ExplanationCorrected,
    ExplanationGiven,
    Mistake,
    MistakeFound,
    QuestionAsked,
)
from tenace.laws.misinformation import MISINFORMATION_EVENTS, duties, heard
from tenace.seats import SEATS

from ._misinfo_helpers import table

AUCTION = "N:1NT E:P S:2D W:P N:2H E:P S:P W:P"

said = st.one_of(
    st.builds(QuestionAsked, st.sampled_from(SEATS), st.one_of(st.none(), st.integers(0, 9))),
    st.builds(ExplanationGiven, st.sampled_from(SEATS), st.integers(0, 9), st.sampled_from(
        ["natural", "transfer to hearts", "15-17 balanced", "12-14", "no agreement"])),
    st.builds(ExplanationCorrected, st.sampled_from(SEATS), st.integers(0, 9), st.just("corrected")),
    st.builds(MistakeFound, st.integers(0, 9), st.sampled_from(list(Mistake))),
)


def _next_action(t: Table, script: list[tuple[str, str]]) -> Event | None:
    """The next lawful call of the fixed auction, or the lowest lawful card."""
    made = len(t.calls)
    if made < len(script):
        seat, call = script[made]
        return CallMade(Seat.from_str(seat), parse_call(call))
    if t.play is not None and t.pending is None and len(t.play.cards) < 52:
        seat = t.turn
        legal = t.legal_cards()
        if legal and seat in SEATS:
            return CardPlayed(seat, min(legal))  # type: ignore[arg-type]
    return None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), policy=st.sampled_from([Policy.LAWS, Policy.ONLINE]), steps=st.integers(4, 40))
def test_what_is_said_never_changes_the_auction_play_or_score(data: st.DataObject, policy: Policy,
                                                              steps: int) -> None:
    script = [tuple(item.split(":")) for item in AUCTION.split()]
    t = table(policy)
    for _ in range(steps):
        if data.draw(st.booleans()):
            event = data.draw(said)
            try:
                after = t.apply(event)
            except ImpossibleActionError:
                continue
            assert after.record[-1] == event and after.calls == t.calls and after.play == t.play
            t = after
        else:
            action = _next_action(t, script)  # type: ignore[arg-type]
            if action is not None:
                t = t.apply(action)
    plain = Table.replay(t.board, [e for e in t.record if not isinstance(e, MISINFORMATION_EVENTS)],
                         t.regulations)
    assert (plain.calls, plain.play, plain.phase) == (t.calls, t.play, t.phase)
    assert plain.score_ns() == t.score_ns()
    assert t.irregularities == (*plain.irregularities, *t.information.irregularities)
    assert log.loads(log.dumps(t)) == t
    everything = duties(t)
    for seat in SEATS:
        mine = duties(t, seat)
        assert all(d.seat is seat and d in everything for d in mine)
        assert set(heard(t, seat)) <= set(heard(t, DIRECTOR))
        assert all(t.calls[d.call_index].seat.side is seat.side for d in mine)
