"""Events and results for the publishing tests, built without the code under test.

* :func:`from_usebio`: a Compscore USEBIO oracle file as an Event and its EventResults, with the numbers the
  scoring program printed (its matchpoints, Butler IMPs, totals, percentages and places).
* :func:`small_event`: three real deals (with their BCDD double-dummy tables and par) played at four tables,
  scored by :func:`tenace.scoring.matchpoints.score_event` (the core's Law 78A scorer), with an artificial and
  an assigned adjusted score, a procedural penalty, a tie and names that need escaping.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tenace.board import Board
from tenace.cards import Card
from tenace.contract import Contract
from tenace.formats.pbn import read_file
from tenace.formats.usebio import EventType, USEBIOEvent
from tenace.handrecords.model import BoardAnalysis
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award
from tenace.scoring.matchpoints import TableResult, score_event
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Method,
    Participant,
    Penalty,
    Player,
    Result,
)
from tenace.tournament.standings import EventResults, Ranking, Standing, Traveller, TravellerLine


def from_usebio(ev: USEBIOEvent) -> tuple[Event, EventResults, dict[int, Board]]:
    """The oracle file's event, results and hand set. Rounds are unknown in USEBIO: every line is round 1 at
    the table of its North-South pair."""
    method = Method.MATCHPOINTS if ev.event_type is EventType.MP_PAIRS else Method.BUTLER
    participants = tuple(
        Participant(
            str(p.number),
            " & ".join(pl.name for pl in p.players),
            tuple(Player(pl.national_id or pl.name, pl.name, pl.national_id) for pl in p.players),
        )
        for p in ev.pairs
    )
    travellers = []
    played: dict[str, int] = {}
    for b in ev.boards:
        lines = []
        for line in b.lines:
            result = Result(
                board=b.number, round=1, table=line.ns_pair.number, ns=str(line.ns_pair),
                ew=str(line.ew_pair), contract=line.contract, tricks=line.tricks, lead=line.lead,
                adjusted=line.adjusted,
            )
            if method is Method.MATCHPOINTS:
                ns, ew = line.ns_match_points, line.ew_match_points
            else:
                ns, ew = line.ns_butler_points, line.ew_butler_points
            assert ns is not None and ew is not None
            lines.append(TravellerLine(result, line.result, Fraction(ns), Fraction(ew)))
            for pair in (str(line.ns_pair), str(line.ew_pair)):
                played[pair] = played.get(pair, 0) + 1
        datum = int(b.board_average) if b.board_average is not None else None
        travellers.append(Traveller(b.number, tuple(lines), datum=datum))
    rankings = []
    for direction in ("NS", "EW"):
        pairs = [p for p in ev.pairs if str(p.number).endswith(direction)]
        pairs.sort(key=lambda p: (p.place or 0, p.number))
        places = [p.place for p in pairs]
        standings = tuple(
            Standing(
                rank=p.place or 0,
                tied=p.place_tied or places.count(p.place) > 1,
                contestant=str(p.number),
                name=" & ".join(pl.name for pl in p.players),
                boards=played.get(str(p.number), 0),
                total=Fraction(p.total_score or 0),
                percentage=None if p.percentage is None else Fraction(p.percentage),
            )
            for p in pairs
        )
        rankings.append(Ranking(direction, standings))
    event = Event(ev.description or "", EventKind.PAIRS, Conditions(method=method), participants)
    results = EventResults(ev.description or "", method, tuple(travellers), tuple(rankings))
    return event, results, {b.number: b for b in ev.handset}


# --- a small event scored by the core -----------------------------------------------------------------------

NAMES = {
    "1": "Ann <b>Able</b> & Bob",
    "2": "Cy & Di",
    "3": "Ed \"Fast\" & Flo",
    "4": "Gus & Hal",
    "5": "Ida & Jo",
    "6": "Kay & Lou",
    "7": "Max & Ned",
    "8": "Olga & Pia",
}
"""Contestant names; some need escaping in HTML and quoting in PBN."""

# (board, ns, ew, contract, tricks, lead): a Mitchell where board b is played in round b at the table of its
# North-South pair; NS pairs 1-4 stay, EW pairs 5-8 move.
PLAYED: list[tuple[int, str, str, str | None, int | None, str | None]] = [
    (1, "1", "5", "2SN", 9, "C6"),
    (1, "2", "6", "3NTS", 8, "HQ"),
    (1, "3", "7", "2SN", 9, "C6"),
    (2, "1", "6", "4SN", 11, "HK"),
    (2, "2", "7", "6SN", 12, "HK"),
    (2, "3", "8", None, None, None),  # passed out
    (2, "4", "5", "4SXS", 8, "DA"),
    (3, "1", "7", "3NTW", 9, "S5"),
    (3, "3", "5", "3NTW", 9, "S5"),
    (3, "4", "6", "3NTW", 10, "S5"),
]
ASSIGNED = AssignedAdjustedScore.balancing(-400)
"""Assigned on board 1 to pairs 4 and 8 (Law 12C1)."""
ARTIFICIAL = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
"""Given on board 3 to pairs 2 and 8 instead of a result (Law 12C2)."""
PENALTY = Penalty("2", Fraction(2, 3), "90B1", "late arrival", board=None)
"""A procedural penalty (Law 90B1): 2/3 of a unit taken from pair 2, which leaves it equal with pair 3."""


def results_played() -> list[Result]:
    out = [
        Result(board=b, round=b, table=int(ns), ns=ns, ew=ew,
               contract=None if c is None else Contract.from_str(c), tricks=tr,
               lead=None if lead is None else Card.from_str(lead))
        for b, ns, ew, c, tr, lead in PLAYED
    ]
    out.insert(3, Result(board=1, round=1, table=4, ns="4", ew="8", adjusted=ASSIGNED))
    out.insert(8, Result(board=3, round=3, table=2, ns="2", ew="8", adjusted=ARTIFICIAL))
    return out


def bcdd_boards(oracles: Path) -> tuple[dict[int, Board], dict[int, BoardAnalysis]]:
    """Boards 1-3 of the BCDD oracle with their DD tables and par."""
    boards: dict[int, Board] = {}
    analyses: dict[int, BoardAnalysis] = {}
    for game in read_file(oracles / "dd-par-tables" / "bcdd" / "test1.bcdd.pbn"):
        number = game.record.number
        if number is None or number > 3 or number in boards:
            continue  # the file holds several sets: the first boards 1-3
        boards[number] = game.record.board()
        analyses[number] = BoardAnalysis(game.dd_table, game.par)
    return boards, analyses


def _ranked(totals: list[tuple[str, Fraction, Fraction, int]]) -> tuple[Standing, ...]:
    """Standings by total, equal totals sharing a rank."""
    ordered = sorted(totals, key=lambda t: (-t[1], int(t[0])))
    out = []
    for who, total, pct, boards in ordered:
        rank = 1 + sum(1 for _, other, _, _ in ordered if other > total)
        tied = sum(1 for _, other, _, _ in ordered if other == total) > 1
        out.append(Standing(rank, tied, who, NAMES[who], boards, total, pct,
                            penalties=PENALTY.points if who == PENALTY.contestant else Fraction(0)))
    return tuple(out)


def small_event(*, method: Method = Method.MATCHPOINTS) -> tuple[Event, EventResults]:
    """The small event, matchpointed by the core scorer (Law 78A)."""
    results = results_played()
    by_board: dict[int, list[Result]] = {}
    for r in results:
        by_board.setdefault(r.board, []).append(r)
    scored = score_event({b: [TableResult(r.ns, r.ew, r.ns_score()) for r in rs]
                          for b, rs in by_board.items()})
    travellers = []
    for b in sorted(by_board):
        lines = tuple(
            TravellerLine(r, r.ns_score(), s.ns, s.ew, s.ns_percentage, s.ew_percentage)
            for r, s in zip(by_board[b], scored.board(b), strict=True)
        )
        travellers.append(Traveller(b, lines, top=scored.board(b)[0].top))
    totals = {t.pair: t for t in scored.totals}
    rankings = []
    for title, pairs in (("NS", ["1", "2", "3", "4"]), ("EW", ["5", "6", "7", "8"])):
        rows = []
        for p in pairs:
            t = totals[p]
            penalty = PENALTY.points if p == PENALTY.contestant else Fraction(0)
            rows.append((p, t.total - penalty, t.percentage, t.boards))
        rankings.append(Ranking(title, _ranked(rows)))
    event = Event("Club <night> & more", EventKind.PAIRS, Conditions(method=method),
                  tuple(Participant(p, n) for p, n in NAMES.items()))
    return event, EventResults(event.name, method, tuple(travellers), tuple(rankings), penalties=(PENALTY,))
