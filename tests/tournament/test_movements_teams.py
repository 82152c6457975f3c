"""Team movements (round robin, two-table match, knockout with carry-over), Swiss pairing, and the generated
individual movements, against independent counts and a brute-force search for Swiss pairings."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.errors import MovementError
from tenace.tournament.model import Movement
from tenace.tournament.movements import (
    Kind,
    individual,
    knockout,
    matches_played,
    round_robin,
    swiss_pairings,
    team_match,
    validate,
)

# --- team movements -----------------------------------------------------------------------------------


@pytest.mark.parametrize("teams", range(2, 15))
def test_round_robin_every_team_meets_every_other_once(teams: int) -> None:
    m = round_robin(teams, boards_per_match=4)
    names = [str(i) for i in range(1, teams + 1)]
    open_room = [s for s in m.seatings if s.room == "open"]
    met = Counter(frozenset((s.ns, s.ew)) for s in open_room)
    assert set(met) == {frozenset(p) for p in itertools.combinations(names, 2)}
    assert set(met.values()) == {1}
    rounds = teams - 1 if teams % 2 == 0 else teams
    assert len(m.rounds) == rounds
    # with an odd number each team has exactly one bye
    playing = Counter(t for s in open_room for t in (s.ns, s.ew))
    assert set(playing.values()) == {teams - 1}
    assert validate(m, kind=Kind.TEAMS) == []


@pytest.mark.parametrize("teams", range(2, 15))
def test_round_robin_rooms_play_the_same_boards_with_the_teams_swapped(teams: int) -> None:
    m = round_robin(teams, boards_per_match=3)
    by_cell = {(s.round, s.table): s for s in m.seatings}
    for (r, t), s in by_cell.items():
        if s.room == "open":
            closed = by_cell[(r, t + 1)]
            assert closed.room == "closed"
            assert (closed.ns, closed.ew, closed.boards) == (s.ew, s.ns, s.boards)
    # home and away are balanced: home counts differ by at most one
    home = Counter(s.ns for s in m.seatings if s.room == "open")
    counts = [home.get(str(i), 0) for i in range(1, teams + 1)]
    assert max(counts) - min(counts) <= 1


def test_round_robin_rejects_too_few_or_repeated_teams() -> None:
    with pytest.raises(MovementError, match="at least 2 teams"):
        round_robin(1)
    with pytest.raises(MovementError, match="repeat"):
        round_robin(["A", "B", "A"])


def test_team_match_open_and_closed_rooms() -> None:
    m = team_match("Lions", "Tigers", boards=range(1, 13))
    open_, closed = m.seatings
    assert (open_.room, open_.ns, open_.ew) == ("open", "Lions", "Tigers")
    assert (closed.room, closed.ns, closed.ew) == ("closed", "Tigers", "Lions")
    assert open_.boards == closed.boards == tuple(range(1, 13))
    assert validate(m, kind=Kind.TEAMS) == []
    with pytest.raises(MovementError, match="cannot play itself"):
        team_match("A", "A", boards=[1])
    with pytest.raises(MovementError, match="no boards"):
        team_match("A", "B", boards=[])


def test_knockout_segments_and_carry_over() -> None:
    ko = knockout("A", "B", segments=4, boards_per_segment=12, carry_over=-5, switch=True)
    assert ko.carry_over == (("B", Fraction(5)),)
    assert ko.movement.rounds == (1, 2, 3, 4)
    assert len(ko.movement.boards) == 48
    open_ns = [s.ns for s in ko.movement.seatings if s.room == "open"]
    assert open_ns == ["A", "B", "A", "B"]
    assert validate(ko.movement, kind=Kind.TEAMS) == []
    assert knockout("A", "B", segments=1, boards_per_segment=8).carry_over == ()
    with pytest.raises(MovementError, match="at least one segment"):
        knockout("A", "B", segments=0, boards_per_segment=8)


# --- Swiss ----------------------------------------------------------------------------------------------


def test_swiss_pairs_top_down_by_score() -> None:
    r = swiss_pairings([("D", 10), ("A", 40), ("C", 20), ("B", 30)])
    assert r.pairs == (("A", "B"), ("C", "D")) and r.bye is None


def test_swiss_backtracks_when_top_down_would_force_a_rematch() -> None:
    # A-B is new, but then C and D have met: so A takes C and B takes D
    r = swiss_pairings(["A", "B", "C", "D"], played=[("C", "D")])
    assert r.pairs == (("A", "C"), ("B", "D"))


def test_swiss_bye_goes_to_the_lowest_without_one() -> None:
    r = swiss_pairings(["A", "B", "C", "D", "E"], had_bye=["E"])
    assert r.bye == "D"
    assert r.pairs == (("A", "B"), ("C", "E"))


def test_swiss_with_no_possible_pairing_says_so() -> None:
    with pytest.raises(MovementError, match="avoids a rematch"):
        swiss_pairings(["A", "B", "C", "D"], played=[("A", "B"), ("A", "C"), ("A", "D")])
    with pytest.raises(MovementError, match="listed twice"):
        swiss_pairings(["A", "A"])


def _perfect_matching_exists(teams: list[str], met: set[frozenset[str]]) -> bool:
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    return any(
        frozenset((first, o)) not in met and _perfect_matching_exists([t for t in rest if t != o], met)
        for o in rest
    )


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(2, 9),
    played=st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=20),
)
def test_swiss_pairs_everyone_without_rematch_exactly_when_possible(
    n: int, played: set[tuple[int, int]]
) -> None:
    teams = [f"T{i}" for i in range(n)]
    matches = [(teams[a], teams[b]) for a, b in played if a < n and b < n and a != b]
    met = {frozenset(p) for p in matches}
    possible = any(
        _perfect_matching_exists([t for t in teams if t != bye], met) for bye in (teams if n % 2 else [None])
    )
    if not possible:
        with pytest.raises(MovementError):
            swiss_pairings(teams, matches)
        return
    r = swiss_pairings(teams, matches)
    seated = [t for p in r.pairs for t in p] + ([r.bye] if r.bye is not None else [])
    assert sorted(seated) == sorted(teams)
    assert all(frozenset(p) not in met for p in r.pairs)
    assert (r.bye is not None) == (n % 2 == 1)
    # the leader meets the best-placed opponent it can meet while the rest can still be paired
    leader = teams[0] if r.bye != teams[0] else teams[1]
    rest = [t for t in teams if t not in (leader, r.bye)]
    best = next(
        o
        for o in rest
        if frozenset((leader, o)) not in met and _perfect_matching_exists([t for t in rest if t != o], met)
    )
    assert r.pairs[0] == (leader, best)


# --- individual -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 8])
def test_generated_individual_every_two_players_partner_once(players: int) -> None:
    m = individual(players)
    assert len(m.rounds) == players - 1
    together: Counter[frozenset[str]] = Counter()
    against: Counter[frozenset[str]] = Counter()
    for s in m.seatings:
        assert s.players is not None
        n, e, so, w = s.players
        together[frozenset((n, so))] += 1
        together[frozenset((e, w))] += 1
        for x in (n, so):
            for y in (e, w):
                against[frozenset((x, y))] += 1
    names = [str(i) for i in range(1, players + 1)]
    assert together == Counter({frozenset(p): 1 for p in itertools.combinations(names, 2)})
    # every player meets every other as an opponent twice in all (2 opponents a round, players - 1 rounds)
    assert sum(against.values()) == 4 * len(m.seatings)
    problems = validate(m, kind=Kind.INDIVIDUAL, complete=True)
    assert [p for p in problems if p.serious] == []


def test_individual_for_other_sizes_is_refused() -> None:
    with pytest.raises(MovementError, match="4 or 8 players"):
        individual(12)


def test_swiss_event_never_repeats_a_match_and_accepts_a_ranking() -> None:
    """Five rounds of a 10-team Swiss, each paired from a Ranking and the movements so far, then validated as
    one team movement: no team meets another twice, nor a board twice in the same direction."""
    from tenace.tournament.standings import Ranking, Standing

    teams = [f"T{i}" for i in range(1, 11)]
    totals = dict.fromkeys(teams, Fraction(0))
    movements: list[Movement] = []
    for rnd in range(1, 6):
        order = sorted(teams, key=lambda t: (-totals[t], t))
        ranking = Ranking(
            "VP", tuple(Standing(i + 1, False, t, t, 0, totals[t]) for i, t in enumerate(order))
        )
        r = swiss_pairings(ranking, matches_played(*movements))
        movements.append(r.movement(rnd, range(8 * rnd - 7, 8 * rnd + 1)))
        for home, away in r.pairs:  # any result will do: here the home team wins
            totals[home] += 12 + rnd
            totals[away] += 8 - rnd
    whole = Movement("swiss", tuple(s for m in movements for s in m.seatings))
    assert validate(whole, kind=Kind.TEAMS) == []
    met = Counter(frozenset(p) for p in matches_played(whole))
    assert len(met) == 25 and set(met.values()) == {1}
