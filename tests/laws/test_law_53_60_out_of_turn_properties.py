"""Properties of Laws 53-60 over random boards: whatever cards come from the wrong hands, and whatever the
non-offending side elects, the board reaches its end with 52 cards played, the tricks add up and the record
rebuilds the same table."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace import Seat
from tenace.errors import ImpossibleActionError
from tenace.laws import CardPlayed, DirectorCalled, Phase, Table
from tenace.laws.events import SimultaneousCards

from ._ooturn import in_3nt


def _director_needed(t: Table) -> bool:
    playing = t.playing
    if playing is None:
        return False
    return playing.out_of_turn.open or playing.penalties.open is not None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_53_60_random_cards_out_of_turn_always_end_cleanly_and_replay(data: st.DataObject) -> None:
    """Any mix of lawful cards, cards from the wrong hand (leads out of turn, premature plays), cards played
    together (Law 58B, with the next player's card over them, 58B3) and elections ends the board: 52 cards,
    13 tricks, declarer's tricks within 0-13, and the record replays to the table."""
    t = in_3nt()
    wrong = 0
    for _ in range(400):
        if t.phase is Phase.ENDED:
            break
        if t.pending is not None:
            option = data.draw(st.sampled_from(t.pending.options))
            t = t.apply(_elect(t, option))
            continue
        if _director_needed(t):
            t = t.apply(DirectorCalled(Seat.NORTH))
            continue
        assert t.play is not None
        if wrong < 40 and data.draw(st.integers(0, 9)) == 9:  # Law 58B, and 58B3: LHO plays over them
            wrong += 1
            seat = t.play.turn
            hand = sorted(t.play.hand(seat), key=lambda c: c.index)
            if len(hand) >= 2:
                cards = tuple(data.draw(st.lists(st.sampled_from(hand), min_size=2, max_size=2, unique=True)))
                t = t.apply(SimultaneousCards(seat, cards, cards if data.draw(st.booleans()) else cards[:1]))
                lho = sorted(t.play.hand(seat.lho), key=lambda c: c.index)
                if data.draw(st.booleans()) and lho:
                    try:
                        t = t.apply(CardPlayed(seat.lho, data.draw(st.sampled_from(lho))))
                    except ImpossibleActionError:
                        pass
                continue
        if wrong < 40 and data.draw(st.integers(0, 4)) == 4:  # shrinks towards lawful play
            wrong += 1
            seat = data.draw(st.sampled_from([s for s in Seat if s is not t.play.turn]))
            hand = sorted(t.play.hand(seat), key=lambda c: c.index)
            if hand:
                try:
                    t = t.apply(CardPlayed(seat, data.draw(st.sampled_from(hand))))
                except ImpossibleActionError:
                    pass
                continue
        lawful = sorted(t.legal_cards(), key=lambda c: c.index)
        assert lawful, f"no lawful card for {t.play.turn} in {t.play.cards}"
        t = t.apply(CardPlayed(t.play.turn, data.draw(st.sampled_from(lawful))))
    assert t.phase is Phase.ENDED and t.play is not None
    assert len(t.play.cards) == 52 and len(t.play.winners) == 13
    tricks = t.declarer_tricks
    assert tricks is not None and 0 <= tricks <= 13
    assert Table.replay(t.board, t.record, t.regulations) == t


def _elect(t: Table, option: object) -> object:
    from tenace.laws import Elected

    assert t.pending is not None
    return Elected(t.pending.actor, option)  # type: ignore[arg-type]
