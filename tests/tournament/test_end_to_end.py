"""End to end: a club evening run through the store and the ``tenace event`` commands, checked against an
independent scorer written here.

A 7-table Mitchell of 27 boards (seven rounds of four boards; the last set has three) gets seeded random
results, entered through the library (one table's results through ``tenace event enter``). Then the
Director corrects a mis-entered result (Law 79A), awards an artificial adjusted score (Law 12C2), scores a
fouled board in two groups (Law 87), gives a procedural penalty (Law 90) and hears an appeal (Law 92) whose
decision is a non-balancing assigned score (Law 12C1(e)). The published ranking is compared, exactly, with a
brute-force matchpointer below that knows nothing of Tenace's scoring code: it compares every pair of results
on a board one by one (Law 78A), factors boards with fewer comparable results with Neuberg's formula, gives
artificial scores 60/50/40 per cent of the top with the Law 12C2(c) session rule, and scores each group of a
fouled board within itself, factored up to the full field (as tenace.tournament.scoring documents it). Its
Law 77 scores come from its own table too.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace.cli import app
from tenace.contract import Contract
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award
from tenace.store import Store
from tenace.tournament.entry import parse_entry
from tenace.tournament.model import Movement, Result

SEED = 20261122
TABLES = 7
BOARDS = 27

runner = CliRunner()


# ----------------------------------------------------------------------------------------------------------
# Seeded random results
# ----------------------------------------------------------------------------------------------------------

_DENOMINATIONS = ("C", "D", "H", "S", "NT")


SKILL = {"5NS": 1, "6EW": -1}
"""A strong and a weak pair (a trick more, or less, as declarer and as defender), so that the field spreads
wide enough for the Law 12C2(c) session rule to matter."""


def _random_entry(rng: random.Random, board_contract: tuple[int, str, str], ns: str, ew: str) -> str:
    """A table result as a device takes it: usually the board's 'normal' contract with a trick more or less,
    sometimes another contract, doubled now and then, passed out rarely."""
    roll = rng.random()
    if roll < 0.03:
        return "PASS"
    level, denomination, declarer = board_contract
    if roll > 0.75:
        level = rng.randint(1, 6)
        denomination = rng.choice(_DENOMINATIONS)
        declarer = rng.choice("NESW")
    doubled = "X" if rng.random() < 0.1 else ""
    declaring, defending = (ns, ew) if declarer in "NS" else (ew, ns)
    swing = SKILL.get(declaring, 0) - SKILL.get(defending, 0)
    tricks = max(0, min(13, 6 + level + swing + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
    return f"{level}{denomination}{doubled} {declarer} {tricks}"


def random_entries(movement: Movement, seed: int) -> dict[tuple[int, int, int], str]:
    """``(table, round, board) -> entry text`` for every board played in the movement."""
    rng = random.Random(seed)
    normal = {b: (rng.randint(1, 5), rng.choice(_DENOMINATIONS), rng.choice("NESW")) for b in movement.boards}
    return {(s.table, s.round, b): _random_entry(rng, normal[b], s.ns, s.ew)
            for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)) for b in s.boards}


# ----------------------------------------------------------------------------------------------------------
# The independent scorer
# ----------------------------------------------------------------------------------------------------------

_AWARD_PERCENT = {Award.AVERAGE_PLUS: Fraction(60), Award.AVERAGE: Fraction(50),
                  Award.AVERAGE_MINUS: Fraction(40)}


@dataclass
class Line:
    """What the reference knows of one traveller line: the two pairs, and either the NS score compared by
    each side (equal unless a non-balancing assigned score) or an artificial award per side."""

    ns: str
    ew: str
    ns_view: int | None  # the score North-South's side is compared with
    ew_view: int | None  # the score East-West's side is compared with (as a North-South score)
    awards: tuple[Award | Fraction, Award | Fraction] | None
    group: int | None


def reference_line(result: Result) -> Line:
    adjusted = result.adjusted
    if isinstance(adjusted, ArtificialAdjustedScore):
        return Line(result.ns, result.ew, None, None, (adjusted.ns, adjusted.ew), result.group)
    if isinstance(adjusted, AssignedAdjustedScore):
        # Only single-score assignments here: (score, weight 1) on each side.
        ((ns_score, _),) = adjusted.ns.components
        ((ew_score, _),) = adjusted.ew.components
        return Line(result.ns, result.ew, ns_score, ew_score, None, result.group)
    if result.contract is None:
        return Line(result.ns, result.ew, 0, 0, None, result.group)
    assert result.tricks is not None
    score = reference_law77(result.contract, result.tricks, _vulnerable(result))
    return Line(result.ns, result.ew, score, score, None, result.group)


def _vulnerable(result: Result) -> bool:
    """Law 2's cycle of 16 boards, written out: is the declaring side vulnerable?"""
    pattern = "-NEB" "NEB-" "EB-N" "B-NE"  # boards 1..16: none, NS, EW, both
    code = pattern[(result.board - 1) % 16]
    assert result.contract is not None
    ns_declares = result.contract.declarer.value in "NS"
    return code == "B" or (code == "N" and ns_declares) or (code == "E" and not ns_declares)


def reference_law77(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """North-South's score, written from the Law 77 table without using tenace.scoring."""
    level, denomination = contract.level, contract.denomination.value
    doubling = str(contract.doubling)
    multiplier = {"": 1, "X": 2, "XX": 4}[doubling]
    needed = 6 + level
    if tricks >= needed:
        per_trick = 20 if denomination in ("C", "D") else 30
        trick_score = (per_trick * level + (10 if denomination == "NT" else 0)) * multiplier
        points = trick_score
        points += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if level == 6:
            points += 750 if vulnerable else 500
        if level == 7:
            points += 1500 if vulnerable else 1000
        if multiplier > 1:
            points += 50 * (multiplier // 2)  # for the insult
        over = tricks - needed
        if multiplier == 1:
            points += over * per_trick
        else:
            points += over * (200 if vulnerable else 100) * (multiplier // 2)
    else:
        down = needed - tricks
        if multiplier == 1:
            points = -(100 if vulnerable else 50) * down
        else:
            if vulnerable:
                steps = [200] + [300] * 12
            else:
                steps = [100, 200, 200] + [300] * 10
            points = -sum(steps[:down]) * (multiplier // 2)
    return points if contract.declarer.value in "NS" else -points


def _units(own: int, others: Iterable[int], *, ew: bool) -> int:
    """Law 78A by brute force: two units for each score beaten, one for each tie."""
    total = 0
    for other in others:
        if own == other:
            total += 1
        elif (own < other) if ew else (own > other):
            total += 2
    return total


@dataclass
class Reference:
    units: dict[str, Fraction]
    available: dict[str, int]
    boards: dict[str, int]

    def percentage(self, pair: str) -> Fraction:
        return self.units[pair] * 100 / self.available[pair]


def reference_scores(results: Iterable[Result], *, session_rule: bool = True) -> Reference:
    by_board: dict[int, list[Line]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(reference_line(result))
    units: dict[str, Fraction] = defaultdict(Fraction)
    available: dict[str, int] = defaultdict(int)
    boards: dict[str, int] = defaultdict(int)
    # Units on boards without an award, per pair, for Law 12C2(c).
    plain_units: dict[str, Fraction] = defaultdict(Fraction)
    plain_available: dict[str, int] = defaultdict(int)
    awards: list[tuple[str, Award | Fraction, int]] = []
    for lines in by_board.values():
        field = len(lines)  # every board is in play at every table: the full field
        top = 2 * (field - 1)
        for line in lines:
            boards[line.ns] += 1
            boards[line.ew] += 1
            available[line.ns] += top
            available[line.ew] += top
            if line.awards is not None:
                awards.append((line.ns, line.awards[0], top))
                awards.append((line.ew, line.awards[1], top))
                continue
            peers = [p for p in lines if p is not line and p.awards is None and p.group == line.group]
            n = len(peers) + 1
            assert line.ns_view is not None and line.ew_view is not None
            ns = Fraction(_units(line.ns_view, [p.ns_view for p in peers if p.ns_view is not None], ew=False))
            ew = Fraction(_units(line.ew_view, [p.ew_view for p in peers if p.ew_view is not None], ew=True))
            if n < field:  # Neuberg: (units + 1) * field / n - 1
                ns = (ns + 1) * field / n - 1
                ew = (ew + 1) * field / n - 1
            for pair, value in ((line.ns, ns), (line.ew, ew)):
                units[pair] += value
                plain_units[pair] += value
                plain_available[pair] += top
    for pair, award, top in awards:
        if isinstance(award, Award):
            percent = _AWARD_PERCENT[award]
            if session_rule and plain_available[pair]:
                session = plain_units[pair] * 100 / plain_available[pair]
                if award is Award.AVERAGE_PLUS and session > percent:
                    percent = session
                if award is Award.AVERAGE_MINUS and session < percent:
                    percent = session
        else:
            percent = award
        units[pair] += percent * top / 100
    return Reference(dict(units), dict(available), dict(boards))


def test_reference_scorer_on_a_hand_worked_board() -> None:
    """The brute-force scorer itself, on a board worked by hand: 420, 450, 420, -50 and an A60/40."""
    contract = Contract.from_str("4SN")
    lines = [
        Result(board=1, round=1, table=1, ns="1", ew="2", contract=contract, tricks=10),  # +420 (not vul)
        Result(board=1, round=1, table=2, ns="3", ew="4", contract=contract, tricks=11),  # +450
        Result(board=1, round=1, table=3, ns="5", ew="6", contract=contract, tricks=10),  # +420
        Result(board=1, round=1, table=4, ns="7", ew="8", contract=contract, tricks=9),  # -50
        Result(board=1, round=1, table=5, ns="9", ew="10",
               adjusted=ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)),
    ]
    ref = reference_scores(lines)
    # Four comparable results in a field of five: 420 beats one and ties one (3 units), Neubergised to
    # (3 + 1) * 5/4 - 1 = 4 out of a top of 8.
    assert ref.units["1"] == 4 and ref.units["3"] == Fraction(6 + 1) * 5 / 4 - 1
    assert ref.units["8"] == Fraction(6 + 1) * 5 / 4 - 1
    # Only one board, so the session rule has nothing to compare with: 60 % and 40 % of 8.
    assert ref.units["9"] == Fraction(24, 5) and ref.units["10"] == Fraction(16, 5)


# ----------------------------------------------------------------------------------------------------------
# The evening
# ----------------------------------------------------------------------------------------------------------


def _cli(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["event", *args, "--json"])
    assert result.exit_code == 0, (args, result.output)
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Run the whole evening once; the tests below look at what it produced."""
    tmp = tmp_path_factory.mktemp("evening")
    db = f"sqlite:///{tmp / 'club.db'}"
    created = _cli("new", "Monday pairs", "--kind", "pairs", "--method", "matchpoints", "--db", db)
    event_id = int(str(created["id"]))
    _cli("movement", str(event_id), "--mitchell", str(TABLES), "--boards", str(BOARDS),
         "--boards-per-round", "4", "--db", db)

    with Store.open(db) as store:
        event = store.event(event_id)
        movement = event.sessions[0].movements[0]
    entries = random_entries(movement, SEED)
    final: dict[tuple[int, int, int], Result] = {}
    cli_table = 5
    with Store.open(db) as store:
        for (table, rnd, board), text in entries.items():
            seating = movement.at(rnd, table)
            result = parse_entry(text, board=board, round=rnd, table=table, ns=seating.ns, ew=seating.ew)
            final[table, rnd, board] = result
            if table == cli_table and rnd == 1:
                continue
            store.enter(event_id, 1, result, by=f"table {table}")
    # Table 5's first round through the command line, as the Director re-keys a lost slip.
    seating = movement.at(1, cli_table)
    for board in seating.boards:
        _cli("enter", str(event_id), "--table", str(cli_table), "--round", "1", "--board", str(board),
             entries[cli_table, 1, board], "--db", db)

    # Law 79A: table 2 entered one trick too few on one of its round-3 boards.
    s = movement.at(3, 2)
    board = s.boards[0]
    wrong = final[2, 3, board]
    corrected = replace(wrong, contract=Contract.from_str("3NTS"), tricks=10, lead=None)
    _cli("correct", str(event_id), "--table", "2", "--round", "3", "--board", str(board), "3NT S 10",
         "--reason", "NS keyed 9 tricks, the traveller says 10", "--law", "79A", "--db", db)
    final[2, 3, board] = corrected

    # Law 12C2: no result was possible when the strong pair 5NS met the weak pair 6EW, on their second board;
    # NS in no way at fault, EW directly at fault. Law 12C2(c) then gives each its session percentage.
    s = next(s for s in movement.seatings if (s.ns, s.ew) == ("5NS", "6EW"))
    board = s.boards[1]
    _cli("adjust", str(event_id), "--table", str(s.table), "--round", str(s.round), "--board", str(board),
         "A60/40", "--law", "12C2", "--db", db)
    final[s.table, s.round, board] = replace(
        final[s.table, s.round, board], contract=None, tricks=None, lead=None,
        adjusted=ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS))

    # Law 87: board 9 was fouled after round 3; tables that played it in rounds 1-3 played the original
    # cards (group 1), the later ones the fouled cards (group 2).
    fouled = 9
    slots = sorted(key for key, result in final.items() if result.board == fouled)
    table, rnd, _ = slots[0]  # one through the command line, the others through the library
    _cli("correct", str(event_id), "--table", str(table), "--round", str(rnd), "--board", str(fouled),
         entries[slots[0]], "--group", "1" if rnd <= 3 else "2", "--reason", "fouled board", "--law", "87B",
         "--db", db)
    final[slots[0]] = replace(final[slots[0]], group=1 if rnd <= 3 else 2)
    with Store.open(db) as store:
        for key in slots[1:]:
            regrouped = replace(final[key], group=1 if final[key].round <= 3 else 2)
            store.correct(event_id, 1, regrouped, by="director", reason="fouled board", law="87B")
            final[key] = regrouped

    # Law 90: pair 3NS is penalised a quarter of a top (3 units of a 12-unit top) for slow play.
    _cli("penalty", str(event_id), "3NS", "3", "--law", "90", "--reason", "slow play", "--db", db)

    # Law 92: EW at table 6, round 4 appeal a ruling; the committee assigns NS +620 and EW -100 (from their
    # own side), a non-balancing score (Law 12C1(e)).
    s = movement.at(4, 6)
    board = s.boards[0]
    lodged = _cli("appeal", str(event_id), "--table", "6", "--round", "4", "--board", str(board),
                  "--appellants", s.ew, "--reason", "misinformation: the 2C bid was not alerted", "--db", db)
    appeal_id = int(str(lodged["appeal"]))
    _cli("decide", str(appeal_id), "--event", str(event_id), "--decision", "ruling changed",
         "--assigned", "620/-100", "--db", db)
    final[6, 4, board] = replace(final[6, 4, board], contract=None, tricks=None, lead=None,
                                 adjusted=AssignedAdjustedScore.of(620, 100))

    published = tmp / "web"
    _cli("publish", str(event_id), "--out", str(published), "--db", db)
    history = runner.invoke(app, ["event", "history", str(event_id), "--db", db, "--json"])
    assert history.exit_code == 0, history.output
    with Store.open(db) as store:
        stored = store.results(event_id)
    return {"event_id": event_id, "db": db, "final": final, "stored": stored, "published": published,
            "history": json.loads(history.stdout), "movement": movement, "appeal_board": board}


def test_movement_is_a_seven_table_mitchell_of_27_boards(evening: dict[str, object]) -> None:
    movement = evening["movement"]
    assert isinstance(movement, Movement)
    assert len(movement.tables) == TABLES and movement.boards == tuple(range(1, BOARDS + 1))
    plays = defaultdict(int)
    for s in movement.seatings:
        for b in s.boards:
            plays[b] += 1
    assert set(plays.values()) == {TABLES}


def test_the_store_holds_exactly_the_final_results(evening: dict[str, object]) -> None:
    final = evening["final"]
    stored = evening["stored"]
    assert isinstance(final, dict) and isinstance(stored, tuple)
    by_slot = {(r.table, r.round, r.board): r for r in stored}
    assert len(stored) == len(final) == TABLES * BOARDS
    for key, result in final.items():
        got = by_slot[key]
        assert (got.contract, got.tricks, got.adjusted, got.group, got.ns, got.ew) == (
            result.contract, result.tricks, result.adjusted, result.group, result.ns, result.ew), key


def _published(evening: dict[str, object]) -> dict[str, dict[str, object]]:
    directory = evening["published"]
    assert isinstance(directory, Path)
    document = json.loads((directory / "results.json").read_text(encoding="utf-8"))
    return {s["contestant"]: {**s, "ranking": r["title"]}
            for r in document["rankings"] for s in r["standings"]}


def test_published_percentages_match_the_independent_matchpointer(evening: dict[str, object]) -> None:
    final = evening["final"]
    assert isinstance(final, dict)
    ref = reference_scores(final.values())
    standings = _published(evening)
    assert set(standings) == set(ref.units) and len(standings) == 2 * TABLES
    for pair, standing in standings.items():
        assert standing["boards"] == BOARDS == ref.boards[pair]
        penalty = Fraction(3) if pair == "3NS" else Fraction(0)
        expected_total = ref.units[pair] - penalty
        assert Fraction(standing["total"]["exact"]) == expected_total, pair
        expected_pct = (ref.units[pair] - penalty) * 100 / ref.available[pair]
        assert Fraction(standing["percentage"]["exact"]) == expected_pct, pair


def test_published_places_follow_the_independent_totals(evening: dict[str, object]) -> None:
    final = evening["final"]
    assert isinstance(final, dict)
    ref = reference_scores(final.values())
    standings = _published(evening)
    for pair, standing in standings.items():
        same_ranking = [p for p, s in standings.items() if s["ranking"] == standing["ranking"]]
        assert set(same_ranking) == {p for p in standings if p.endswith(pair[-2:])}  # NS and EW ranked apart

        def total(p: str) -> Fraction:
            return ref.units[p] - (3 if p == "3NS" else 0)

        better = sum(1 for p in same_ranking if total(p) > total(pair))
        tied = any(total(p) == total(pair) for p in same_ranking if p != pair)
        assert standing["place"] == f"{better + 1}{'=' if tied else ''}", pair


def test_the_session_rule_and_the_fouled_board_made_a_difference(evening: dict[str, object]) -> None:
    """Guard against a scenario too gentle to test anything: the Law 12C2(c) session rule must change both
    sides' artificial scores, and the fouled board's groups someone's units."""
    final = evening["final"]
    assert isinstance(final, dict)
    ref = reference_scores(final.values())
    without_rule = reference_scores(final.values(), session_rule=False)
    assert ref.units["5NS"] > without_rule.units["5NS"] and ref.units["6EW"] < without_rule.units["6EW"]
    ungrouped = reference_scores(replace(r, group=None) for r in final.values())
    assert any(ref.units[p] != ungrouped.units[p] for p in ref.units)


def test_history_records_who_changed_what_and_under_which_law(evening: dict[str, object]) -> None:
    history = evening["history"]
    assert isinstance(history, list)
    kinds = [h["kind"] for h in history]
    assert kinds.count("enter") == TABLES * BOARDS
    corrections = [h for h in history if h["kind"] == "correct"]
    laws = {h["law"] for h in corrections}
    assert {"79A", "12C2", "87B"} <= laws
    assert any(h["reason"] == "NS keyed 9 tricks, the traveller says 10" for h in corrections)
    assert "penalise" in kinds and "appeal" in kinds and "decide" in kinds and "publish" in kinds


def test_the_fouled_board_is_published_as_two_travellers_on_the_full_top(evening: dict[str, object]) -> None:
    directory = evening["published"]
    assert isinstance(directory, Path)
    document = json.loads((directory / "results.json").read_text(encoding="utf-8"))
    fouled = [t for t in document["travellers"] if t["board"] == 9]
    assert sorted(t["group"] for t in fouled) == [1, 2]
    assert sorted(len(t["lines"]) for t in fouled) == [3, 4]
    assert {t["top"] for t in fouled} == {2 * (TABLES - 1)}  # each group factored to the full field (Law 87)
