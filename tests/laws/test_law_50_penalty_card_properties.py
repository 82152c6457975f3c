"""Properties of penalty cards over random play (Laws 49-52): playing only the cards the table calls lawful,
with defenders exposing cards at random and declarer choosing at random among the options offered, the board
always ends, no Law 52 failure is ever recorded, every penalty card on the table is still in its owner's hand
and shown in every view, and the record replays to the same table."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace.laws import DIRECTOR, CardExposed, CardPlayed, Elected, Kind, Phase
from tenace.laws.table import Table

from ._penalty_helpers import E, N, S, W, in_1nt


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_50_random_exposures_and_lawful_play_always_end_cleanly(data: st.DataObject) -> None:
    t = in_1nt()
    for _ in range(200):
        if t.phase is Phase.ENDED:
            break
        if t.pending is not None:
            t = t.apply(Elected(t.pending.actor, data.draw(st.sampled_from(t.pending.options))))
            continue
        assert t.play is not None
        defender = data.draw(st.sampled_from([E, W]))
        free = [c for c in t.play.hand(defender) if all(p.card != c for p in t.view(None).penalty_cards)]
        if free and data.draw(st.integers(0, 9)) == 0:
            card = data.draw(st.sampled_from(sorted(free, key=lambda c: c.index)))
            t = t.apply(CardExposed(defender, card, deliberate=data.draw(st.booleans())))
            continue
        lawful = sorted(t.legal_cards(), key=lambda c: c.index)
        assert lawful, "a player on turn always has a lawful card"
        t = t.apply(CardPlayed(t.play.turn, data.draw(st.sampled_from(lawful))))
        for p in t.view(None).penalty_cards:
            assert p.card in t.play.hand(p.seat)
            assert all(p in t.view(v).penalty_cards for v in (N, E, S, W, DIRECTOR))
    assert t.phase is Phase.ENDED and t.play is not None and t.play.is_complete
    mine = (Kind.PENALTY_CARD_NOT_PLAYED, Kind.LEAD_RESTRICTION_BROKEN)
    assert not any(i.kind in mine for i in t.irregularities)
    assert Table.replay(t.board, t.record, t.regulations) == t
