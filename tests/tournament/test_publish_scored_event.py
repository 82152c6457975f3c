"""Publishing what the real scorer (tenace.tournament.scoring.score_event) produces, and boards with several
travellers (sections, sessions, fouled-board groups)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from tenace.formats.pbn import read_games
from tenace.formats.usebio import parse_usebio
from tenace.tournament.model import Event
from tenace.tournament.publish import rankings_csv, render_html, results_json, travellers_csv
from tenace.tournament.publish.pbn import results_pbn
from tenace.tournament.publish.usebio import USEBIOExportError, results_usebio
from tenace.tournament.scoring import score_event
from tenace.tournament.standings import EventResults

from ._publish_data import PENALTY, bcdd_boards, results_played, small_event


@pytest.fixture(scope="module")
def scored() -> tuple[Event, EventResults]:
    event, _ = small_event()
    return event, score_event(event, results_played(), [PENALTY])


def test_the_scorer_agrees_with_the_independent_test_data(scored: tuple[Event, EventResults]) -> None:
    _, results = small_event()
    _, real = scored
    assert [[(s.place, s.contestant, s.total) for s in r.standings] for r in real.rankings] == [
        [(s.place, s.contestant, s.total) for s in r.standings] for r in results.rankings
    ]


def test_every_format_publishes_the_scored_event(scored: tuple[Event, EventResults], oracles: Path) -> None:
    event, results = scored
    boards, analyses = bcdd_boards(oracles)
    page = render_html(event, results, boards=boards, analyses=analyses)
    standings = [s for r in results.rankings for s in r.standings]
    for s in standings:
        assert f'<td>{s.place}</td>\n      <td><a href="#card-{s.contestant}">' in page
    doc = json.loads(results_json(event, results))
    totals = {s["contestant"]: Fraction(s["total"]["exact"]) for r in doc["rankings"] for s in r["standings"]}
    assert totals == {s.contestant: s.total for s in standings}
    ranking_rows = list(csv.DictReader(io.StringIO(rankings_csv(event, results))))
    assert [r["place"] for r in ranking_rows] == [s.place for s in standings]
    games = list(read_games(results_pbn(event, results, boards=boards)))
    assert [g.problems for g in games] == [(), (), ()]
    again = parse_usebio(results_usebio(event, results, boards=boards))
    assert {str(p.number): p.place for p in again.pairs} == {s.contestant: s.rank for s in standings}


def two_sections() -> tuple[Event, EventResults]:
    event, results = small_event()
    first = results.travellers[0]
    a = replace(first, section="A", lines=first.lines[:2])
    b = replace(first, section="B", lines=first.lines[2:])
    return event, replace(results, travellers=(a, b, *results.travellers[1:]))


def test_a_board_with_two_sections_has_two_travellers_on_the_page() -> None:
    event, results = two_sections()
    page = render_html(event, results)
    assert 'id="board-1"' in page and 'id="board-1-2"' in page
    assert "Board 1 · Section A" in page and "Board 1 · Section B" in page


def test_a_board_with_two_sections_is_one_pbn_score_table_with_section_columns() -> None:
    event, results = two_sections()
    game = next(read_games(results_pbn(event, results)))
    assert game.problems == ()
    table = game.table("ScoreTable")
    assert table is not None
    assert [c.name for c in table.columns[:3]] == ["Session", "Section", "Group"]
    assert [row[1].text for row in table.rows] == ["A", "A", "B", "B"]


def test_csv_names_the_section_of_each_line() -> None:
    event, results = two_sections()
    rows = list(csv.DictReader(io.StringIO(travellers_csv(event, results))))
    assert [r["section"] for r in rows[:4]] == ["A", "A", "B", "B"] and rows[4]["section"] == ""


def test_usebio_refuses_several_travellers_for_a_board() -> None:
    event, results = two_sections()
    with pytest.raises(USEBIOExportError, match="board 1 has several travellers"):
        results_usebio(event, results)


def test_every_form_is_written_into_one_folder(oracles: Path, tmp_path: Path) -> None:
    import datetime as dt

    from tenace.tournament.publish import write_results

    event, results = small_event()
    boards, analyses = bcdd_boards(oracles)
    written = write_results(tmp_path, event, results, boards=boards, analyses=analyses,
                            date=dt.date(2026, 11, 22))
    assert sorted(p.name for p in written) == ["hands.html", "index.html", "rankings.csv", "results.json",
                                               "results.pbn", "results.usebio.xml", "travellers.csv"]
    games = list(read_games((tmp_path / "results.pbn").read_bytes()))
    assert [g.problems for g in games] == [(), (), ()] and games[0].tag("Date") == "2026.11.22"
    assert parse_usebio((tmp_path / "results.usebio.xml").read_bytes()).date == "22/11/2026"
    assert json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["version"] == 1


def test_usebio_is_left_out_where_it_cannot_hold_the_results_and_unknown_formats_are_refused() -> None:
    from tenace.tournament.publish import result_files

    event, results = two_sections()
    assert "results.usebio.xml" not in result_files(event, results)
    assert set(result_files(event, results, formats=("csv",))) == {"rankings.csv", "travellers.csv"}
    with pytest.raises(ValueError, match="unknown result format"):
        result_files(event, results, formats=("pdf",))


def test_individual_score_cards_follow_the_players_seated_by_the_movement() -> None:
    from tenace.contract import Contract
    from tenace.tournament.model import (
        Conditions,
        EventKind,
        Movement,
        Participant,
        Result,
        Seating,
        Session,
    )

    seatings = (Seating(1, 1, "T1NS", "T1EW", (1,), players=("1", "2", "3", "4")),
                Seating(1, 2, "T2NS", "T2EW", (1,), players=("5", "6", "7", "8")))
    event = Event("Individual", EventKind.INDIVIDUAL, Conditions(),
                  tuple(Participant(str(n), f"Player {n}") for n in range(1, 9)),
                  sessions=(Session(1, (Movement("A", seatings),)),))
    played = [Result(1, 1, 1, "T1NS", "T1EW", Contract.from_str("4SN"), 10),
              Result(1, 1, 2, "T2NS", "T2EW", Contract.from_str("4SN"), 9)]
    results = score_event(event, played)
    from .test_publish_html import tables

    cards = {t["caption"]: t["rows"] for t in tables(render_html(event, results)).tables
             if t["class"] == "scorecard"}
    east = cards["Score card of Player 2"]
    assert isinstance(east, list) and len(east) == 3  # header, board 1, total
    # round, board, direction, opponents, contract, by, lead, tricks, score (East's side), points
    assert east[1][:10] == ["1", "1", "EW", "1 & 3 Player 1 & Player 3", "4♠", "N", "", "10 (=)", "-420",
                            "0.00"]
    assert cards["Score card of Player 7"][1][2:4] == ["NS", "6 & 8 Player 6 & Player 8"]  # type: ignore[index]


def test_deals_may_be_given_as_boards_or_by_number(oracles: Path) -> None:
    event, results = small_event()
    boards, _ = bcdd_boards(oracles)
    deals = {n: b.deal for n, b in boards.items() if b.deal is not None}
    as_list = list(boards.values())
    assert results_pbn(event, results, boards=as_list) == results_pbn(event, results, boards=deals)
    assert results_usebio(event, results, boards=as_list) == results_usebio(event, results, boards=deals)
    assert render_html(event, results, boards=as_list) == render_html(event, results, boards=deals)
