"""Law 73D1 (tempo), 73A2, 16B1: think times from the record's times, a player's usual tempo on comparable
decisions, and breaks in it; the measurement is the Director's alone."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace import Board, Card, Seat, parse_call
from tenace.laws import DIRECTOR, CallMade, CardPlayed, DirectorCalled, Table
from tenace.laws.tempo import (
    Baseline,
    TempoClass,
    TempoSettings,
    Think,
    breaks,
    tempo_profile,
    think_times,
)
from tenace.seats import SEATS

from ._helpers import DEAL, E, N, S, W

T0 = dt.datetime(2026, 11, 22, 8, 0, tzinfo=dt.UTC)
AUCTIONS = ("N:1NT E:P S:3NT W:P N:P E:P", "N:1C E:P S:1H W:P N:2NT E:P S:3NT W:P N:P E:P",
            "N:2C E:P S:2D W:P N:2NT E:P S:3NT W:P N:P E:P", "N:1S E:2H S:2S W:P N:4S E:P S:P W:P")


def _events(auction: str, cards: int) -> list[CallMade | CardPlayed]:
    """The calls of ``auction`` then ``cards`` cards, each the lowest legal card."""
    t = Table.new(Board(1, DEAL))
    out: list[CallMade | CardPlayed] = []
    for item in auction.split():
        seat, call = item.split(":")
        event = CallMade(Seat.from_str(seat), parse_call(call))
        t = t.apply(event)
        out.append(event)
    for _ in range(cards):
        turn = t.turn
        assert isinstance(turn, Seat)
        card = min(t.legal_cards())
        t = t.apply(CardPlayed(turn, card))
        out.append(CardPlayed(turn, card))
    return out


def _timed(events: Sequence[CallMade | CardPlayed], gaps: Sequence[float], number: int = 1) -> Table:
    t = Table.new(Board(number, DEAL))
    at = T0 + dt.timedelta(hours=number)
    for event, gap in zip(events, gaps, strict=True):
        at += dt.timedelta(seconds=gap)
        t = t.apply(event, at=at)
    return t


def _session(seed: int, boards: int = 8, cards: int = 52) -> list[Table]:
    """``boards`` tables whose every call takes 2-6 s and every card 1-4 s (ordinary variation)."""
    rng = random.Random(seed)
    tables = []
    for number in range(1, boards + 1):
        events = _events(AUCTIONS[number % len(AUCTIONS)], cards)
        gaps = [rng.uniform(2, 6) if isinstance(e, CallMade) else rng.uniform(1, 4) for e in events]
        tables.append(_timed(events, gaps, number))
    return tables


def _hesitate(table: Table, index: int, seconds: float) -> Table:
    """The same table with the decision at ``index`` taking ``seconds`` more (everything after moves too)."""
    times = [at if i < index or at is None else at + dt.timedelta(seconds=seconds)
             for i, at in enumerate(table.times)]
    return Table.replay(table.board, table.record, table.regulations, times=times)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_ordinary_variation_is_never_a_break(seed: int) -> None:
    session = _session(seed)
    profile = tempo_profile(session)
    assert [b for t in session for b in breaks(t, profile)] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_deliberate_hesitation_before_a_call_is_flagged_and_nothing_else(seed: int) -> None:
    """South hesitates 25 seconds over 2S after East's overcall (board 3's auction): Law 73D1."""
    session = _session(seed)
    board3 = session[2]
    index = [i for i, e in enumerate(board3.record) if e == CallMade(S, parse_call("2S"))][0]
    session[2] = _hesitate(board3, index, 25)
    profile = tempo_profile(session)
    found = [b for t in session for b in breaks(t, profile)]
    assert [(b.index, b.seat, b.action) for b in found] == [(index, S, "2S")]
    (brk,) = found
    assert brk.seconds > 25 and brk.seconds > brk.threshold and str(brk.law) == "Law 73D1"
    assert brk.klass == TempoClass("call", "competitive, level 1-2")
    assert brk is not None and "South took" in str(brk)


def test_a_hesitation_in_the_play_is_flagged_against_the_same_position_in_the_trick() -> None:
    session = _session(7)
    table = session[0]
    thinks = {x.index: x for x in think_times(table)}
    second = next(x for x in thinks.values() if x.klass == TempoClass("play", "2nd"))
    session[0] = _hesitate(table, second.index, 15)
    profile = tempo_profile(session)
    assert [(b.index, b.klass.detail) for b in breaks(session[0], profile)] == [(second.index, "2nd")]


def test_a_slow_player_is_measured_against_his_own_tempo() -> None:
    """A player who always takes 12-16 s per call is not flagged for 16 s; one who takes 2-6 s is."""
    rng = random.Random(11)
    tables = []
    for number in range(1, 9):
        events = _events(AUCTIONS[number % len(AUCTIONS)], 0)
        gaps = [rng.uniform(12, 16) if e.seat is N else rng.uniform(2, 6) for e in events
                if isinstance(e, CallMade)]
        tables.append(_timed(events, gaps, number))
    profile = tempo_profile(tables)
    assert [b for t in tables for b in breaks(t, profile)] == []
    north = profile.baseline("N", TempoClass("call", "uncontested, level 1-2"))
    south = profile.baseline("S", TempoClass("call", "uncontested, level 1-2"))
    assert north is not None and south is not None and north.median > 11 > 7 > south.median


def test_players_are_named_so_a_player_is_followed_from_seat_to_seat() -> None:
    """Alice sits North at the first tables and East at the others: her baseline is hers, not a seat's."""
    session = _session(3, boards=6, cards=0)
    first = {N: "alice", E: "bob", S: "carol", W: "dave"}
    second = {N: "bob", E: "alice", S: "dave", W: "carol"}
    named = [(t, first if i < 3 else second) for i, t in enumerate(session)]
    profile = tempo_profile(named)
    assert set(profile.players) == {"alice", "bob", "carol", "dave"}
    expected = sorted(x.seconds for i, t in enumerate(session) for x in think_times(t)
                      if x.player is (N if i < 3 else E))
    got = sorted(s for (p, _), times in profile.samples.items() if p == "alice" for s in times)
    assert got == pytest.approx(expected)
    with pytest.raises(ValueError, match="no player named for North"):
        tempo_profile([(session[0], {E: "bob", S: "carol", W: "dave"})])


def test_think_time_is_from_the_previous_event_and_unknown_times_are_skipped() -> None:
    events = _events("N:1NT E:P S:3NT W:P N:P E:P", 0)
    t = _timed(events, [1, 2, 3, 4, 5, 6])
    assert [(x.seat, x.seconds) for x in think_times(t)] == [(E, 2), (S, 3), (W, 4), (N, 5), (E, 6)]
    times = list(t.times)
    times[2] = None
    t2 = Table.replay(t.board, t.record, times=times)
    # South's call has no end any more and West's no start: neither is measured.
    assert [(x.seat, x.seconds) for x in think_times(t2)] == [(E, 2), (N, 5), (E, 6)]


def test_a_pause_after_a_director_call_is_not_a_tempo() -> None:
    """N:1C E:1D (insufficient) — the Director is called; the next call follows a ruling, not a tempo."""
    t = Table.new(Board(1, DEAL))
    at = T0
    t = t.apply(CallMade(N, parse_call("1H")), at=at)
    t = t.apply(CallMade(E, parse_call("1D")), at=at + dt.timedelta(seconds=3))
    t = t.apply(DirectorCalled(S), at=at + dt.timedelta(seconds=5))
    assert [x.index for x in think_times(t)] == [1]


def test_dummys_cards_are_declarers_decisions_and_the_opening_lead_has_its_class() -> None:
    events = _events("N:1NT E:P S:P W:P", 8)
    t = _timed(events, [3.0] * len(events))
    thinks = think_times(t)
    lead = next(x for x in thinks if x.klass.phase != "call")
    assert lead.klass == TempoClass("lead", "opening lead") and lead.seat is E
    from_dummy = [x for x in thinks if x.seat is S and x.klass.phase == "play"]
    assert from_dummy and all(x.player is N for x in from_dummy)
    positions = [x.klass.detail for x in thinks if x.klass.phase == "play"]
    assert set(positions) <= {"1st", "2nd", "3rd", "4th", "forced"}


def test_a_card_with_no_choice_is_a_forced_play() -> None:
    """East leads S7 against 1NT: West's singleton S2 is his only legal card, dummy's S3 is a choice."""
    events: list[CallMade | CardPlayed] = [*_events("N:1NT E:P S:P W:P", 0)]
    events += [CardPlayed(Seat.from_str(c[0]), Card.from_str(c[1:])) for c in ("ES7", "SS3", "WS2", "NSA")]
    t = _timed(events, [2.0] * len(events))
    by_seat = {x.seat: x.klass for x in think_times(t) if x.klass.phase != "call"}
    assert by_seat == {E: TempoClass("lead", "opening lead"), S: TempoClass("play", "2nd"),
                       W: TempoClass("play", "forced"), N: TempoClass("play", "4th")}


def test_calls_after_a_jump_bid_by_right_hand_opponent_form_their_own_class() -> None:
    events = _events("N:1C E:2S S:P W:P N:P", 0)
    t = _timed(events, [2.0] * len(events))
    details = {x.seat: x.klass.detail for x in think_times(t)}
    assert details[S] == "after skip, level 1-2"  # East jumped to 2S over 1C
    assert details[E] == "competitive, level 1-2"
    assert details[W] == "competitive, level 1-2"  # North, an opponent of West, has bid


def test_the_level_band_follows_the_highest_bid() -> None:
    events = _events("N:1NT E:P S:4S W:P N:P E:P", 0)
    t = _timed(events, [2.0] * len(events))
    details = [x.klass.detail for x in think_times(t)]
    assert details == ["competitive, level 1-2", "uncontested, level 1-2", "after skip, level 3-4",
                       "uncontested, level 3-4", "competitive, level 3-4"]


def test_baseline_falls_back_when_a_class_has_too_few_times() -> None:
    session = _session(5, boards=2, cards=0)
    profile = tempo_profile(session, TempoSettings(min_samples=4))
    rare = profile.baseline("S", TempoClass("call", "after skip, level 1-2"))
    assert rare is not None and rare.basis.startswith(("S, every call", "everyone"))
    assert profile.baseline("S", TempoClass("play", "2nd")) is None


def test_threshold_is_the_largest_of_the_three_rules() -> None:
    settings = TempoSettings(k=3, min_seconds=6, min_excess=4, mad_floor=0.5)
    assert Baseline(1.0, 0.1, 9, "x").threshold(settings) == 6  # the absolute minimum
    assert Baseline(4.0, 0.1, 9, "x").threshold(settings) == 8  # the median plus the minimum excess
    assert Baseline(4.0, 2.0, 9, "x").threshold(settings) == pytest.approx(4 + 3 * 1.4826 * 2)


@pytest.mark.parametrize("bad", [{"k": -1}, {"min_samples": 0}, {"min_seconds": -2}])
def test_bad_settings_are_refused(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="TempoSettings"):
        TempoSettings(**bad)  # type: ignore[arg-type]


def test_no_seat_view_shows_any_time_or_measurement() -> None:
    """The players' views of a timed table are exactly those of the same record without times (Law 16B1:
    the measurement is the Director's)."""
    session = _session(2, boards=1, cards=20)
    timed = session[0]
    untimed = Table.replay(timed.board, timed.record, timed.regulations)
    for viewer in (*SEATS, None):
        view = timed.view(viewer)
        assert view == untimed.view(viewer)
        values = [getattr(view, f.name) for f in dataclasses.fields(view)]
        assert not any(isinstance(v, dt.datetime | Think) for v in values)
    assert timed.view(DIRECTOR).hands == untimed.view(DIRECTOR).hands


# --- properties --------------------------------------------------------------------------------------------

_EVENTS = _events("N:1S E:2H S:2S W:3H N:P E:P S:3S W:P N:P E:P", 12)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.floats(0, 6), min_size=len(_EVENTS), max_size=len(_EVENTS)))
def test_no_think_time_within_the_minimum_is_ever_a_break(gaps: list[float]) -> None:
    """Whatever the player's usual tempo, a call or card within ``min_seconds`` (6 s) is never a break."""
    t = _timed(_EVENTS, gaps)
    assert breaks(t, tempo_profile([t])) == ()


@settings(max_examples=10, deadline=None)
@given(st.lists(st.floats(0.5, 30), min_size=len(_EVENTS), max_size=len(_EVENTS)), st.integers(-10**6, 10**6))
def test_think_times_do_not_depend_on_the_clock(gaps: list[float], shift: int) -> None:
    """Moving every time by the same amount changes no think time and no break."""
    t = _timed(_EVENTS, gaps)
    moved = Table.replay(t.board, t.record, t.regulations,
                         times=[at + dt.timedelta(seconds=shift) for at in t.times if at is not None])
    assert [x.index for x in think_times(moved)] == [x.index for x in think_times(t)]
    assert [x.seconds for x in think_times(moved)] == pytest.approx([x.seconds for x in think_times(t)])
    before = [b.index for b in breaks(t, tempo_profile([t]))]
    assert [b.index for b in breaks(moved, tempo_profile([moved]))] == before


def test_16b1a_unwonted_speed_is_flagged_where_the_player_usually_thinks_long() -> None:
    """North always takes 12-16 s over his calls; one snap call of 1 s is flagged as fast (Law 16B1(a)), while
    East's 2-6 s calls are never fast, however quick."""
    rng = random.Random(5)
    tables = []
    for number in range(1, 9):
        events = _events(AUCTIONS[number % len(AUCTIONS)], 0)
        gaps = [rng.uniform(12, 16) if e.seat is N else rng.uniform(0.5, 6) for e in events]
        tables.append(_timed(events, gaps, number))
    snap = next(x for x in think_times(tables[3]) if x.player is N)
    tables[3] = _hesitate(tables[3], snap.index, 1 - snap.seconds)  # North calls after one second
    profile = tempo_profile(tables)
    found = [(t.board.number, b.index, b.fast, str(b.law)) for t in tables for b in breaks(t, profile)]
    assert found == [(tables[3].board.number, snap.index, True, "Law 16B1(a)")]
    assert tempo_profile(tables, TempoSettings(fast_ratio=0)).settings.fast_ratio == 0
    assert [b for t in tables for b in breaks(t, tempo_profile(tables, TempoSettings(fast_ratio=0)))] == []
