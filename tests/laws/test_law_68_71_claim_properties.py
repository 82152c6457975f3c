"""Laws 68-71 as properties: any sequence of claims, answers, rulings, withdrawals, play-on agreements and
cards either is refused (the table unchanged) or leads to a board that ends with a lawful trick count, and
the record replays to the same table."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace import Seat
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, CardPlayed, ClaimAnswered, ClaimMade, ClaimRuled, Phase, Table
from tenace.laws.events import ClaimWithdrawn, Event, PlayOnAgreed

from ._helpers import calls, table

SEATS = list(Seat)


def _event(data: st.DataObject, t: Table) -> Event:
    kind = data.draw(st.sampled_from(["card", "card", "claim", "answer", "rule", "withdraw", "play on"]))
    assert t.playing is not None
    remaining = t.playing.remaining_tricks
    seat = data.draw(st.sampled_from(SEATS))
    if kind == "card" and t.play is not None and t.claim is None and t.pending is None:
        lawful = sorted(t.play.legal_cards(), key=lambda c: c.index)
        return CardPlayed(t.play.turn, data.draw(st.sampled_from(lawful)))
    if kind == "claim":
        return ClaimMade(seat, data.draw(st.integers(0, remaining)))
    if kind == "answer":
        return ClaimAnswered(seat, data.draw(st.booleans()))
    if kind == "rule":
        return ClaimRuled(data.draw(st.integers(0, remaining)))
    if kind == "withdraw":
        return ClaimWithdrawn(seat)
    return PlayOnAgreed()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_68_71_random_claim_sequences_never_stick_and_replay(data: st.DataObject) -> None:
    t = calls(table(), "N:3NT E:P S:P W:P")
    for _ in range(300):
        if t.phase is Phase.ENDED:
            break
        event = _event(data, t)
        try:
            t = t.apply(event)
        except ImpossibleActionError:
            continue
        claim = t.claim
        if t.phase is Phase.CLAIM:
            assert claim is not None
            # Someone can always act on an open claim: the Director, or an opponent not yet agreed.
            turn = t.turn
            assert turn is DIRECTOR or (
                isinstance(turn, Seat) and turn.side is not claim.seat.side and turn not in claim.agreed_by
            )
            assert claim.seat in t.view(None).faced  # Law 68C
    # Finish: settle any claim left open, then play the rest out.
    while t.phase is not Phase.ENDED:
        if t.claim is not None:
            assert t.playing is not None
            turn, playing = t.turn, t.playing
            if isinstance(turn, Seat):
                t = t.apply(ClaimAnswered(turn, True))
            else:
                assert playing is not None
                t = t.apply(ClaimRuled(playing.remaining_tricks))
        else:
            assert t.play is not None
            t = t.apply(CardPlayed(t.play.turn, min(t.play.legal_cards(), key=lambda c: c.index)))
    # The correction period (Laws 69B, 71): withdrawals and rulings after the board.
    for _ in range(data.draw(st.integers(0, 4))):
        assert t.playing is not None
        remaining = t.playing.remaining_tricks
        correction: Event = data.draw(st.sampled_from(
            [ClaimWithdrawn(s) for s in SEATS] + [ClaimRuled(k) for k in range(remaining + 1)]
        ))
        try:
            t = t.apply(correction)
        except ImpossibleActionError:
            continue
        if t.phase is Phase.CLAIM:
            assert t.turn is DIRECTOR and t.declarer_tricks is None
    if t.phase is Phase.CLAIM:
        assert t.claim is not None and t.playing is not None
        t = t.apply(ClaimRuled(t.claim.tricks))
    tricks = t.declarer_tricks
    assert tricks is not None and 0 <= tricks <= 13
    assert t.score_ns() is not None
    assert Table.replay(t.board, t.record, t.regulations) == t
