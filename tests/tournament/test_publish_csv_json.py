"""CSV and JSON results: every traveller line and every standing, exact values that parse back to the
scored fractions, rounded values for reading, adjusted scores, and real Compscore numbers kept unchanged."""

from __future__ import annotations

import csv
import decimal
import io
import json
from fractions import Fraction
from pathlib import Path

from tenace.board import vulnerability_for
from tenace.contract import Contract
from tenace.formats.usebio import read_usebio
from tenace.scoring.adjusted import Award
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.tournament.publish import rankings_csv, results_document, results_json, travellers_csv
from tenace.tournament.publish.csv import RANKING_COLUMNS, TRAVELLER_COLUMNS

from ._publish_data import ARTIFICIAL, ASSIGNED, NAMES, from_usebio, small_event


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def rounded(value: Fraction, places: int) -> str:
    q = decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator)
    return str(q.quantize(decimal.Decimal(1).scaleb(-places), rounding=decimal.ROUND_HALF_EVEN))


def law_77(contract_text: str, declarer: str, tricks: str, board: int) -> int:
    """North-South's score computed here from the printed columns (Law 77, vulnerability by Law 2)."""
    contract = Contract.from_str(contract_text, Seat.from_str(declarer))
    vul = vulnerability_for(board).is_vulnerable(contract.declarer)
    points = score(contract, int(tricks), vulnerable=vul)
    return points if contract.declarer in (Seat.NORTH, Seat.SOUTH) else -points


# --- CSV ------------------------------------------------------------------------------------------------


def test_traveller_csv_has_one_row_per_line_with_exact_points() -> None:
    event, results = small_event()
    found = rows(travellers_csv(event, results))
    lines = [(t, line) for t in results.travellers for line in t.lines]
    assert list(found[0]) == list(TRAVELLER_COLUMNS)
    assert len(found) == len(lines)
    for row, (t, line) in zip(found, lines, strict=True):
        assert (int(row["board"]), row["ns"], row["ew"]) == (t.board, line.result.ns, line.result.ew)
        assert Fraction(row["ns_points_exact"]) == line.ns_points
        assert Fraction(row["ew_points_exact"]) == line.ew_points
        assert row["ns_points"] == rounded(line.ns_points, 2)
        assert line.ns_percentage is not None
        assert Fraction(row["ns_percentage_exact"]) == line.ns_percentage
        assert row["ns_percentage"] == rounded(line.ns_percentage, event.conditions.percentage_places)


def test_traveller_csv_scores_agree_with_law_77() -> None:
    event, results = small_event()
    checked = 0
    for row in rows(travellers_csv(event, results)):
        if row["contract"] not in ("", "Pass"):
            assert int(row["ns_score"]) == int(row["score"]) == law_77(
                row["contract"], row["declarer"], row["tricks"], int(row["board"]))
            checked += 1
    assert checked == 9


def test_traveller_csv_shows_adjusted_scores_and_passed_out_boards() -> None:
    event, results = small_event()
    by_pairs = {(r["ns"], r["ew"]): r for r in rows(travellers_csv(event, results))}
    assert by_pairs[("2", "8")]["score"] == "A60/40" and by_pairs[("2", "8")]["ns_score"] == ""
    assert by_pairs[("2", "8")]["contract"] == ""
    assert by_pairs[("4", "8")]["score"] == "Adj -400/400"
    assert by_pairs[("3", "8")]["contract"] == "Pass" and by_pairs[("3", "8")]["ns_score"] == "0"


def test_rankings_csv_lists_places_names_and_exact_totals() -> None:
    event, results = small_event()
    found = rows(rankings_csv(event, results))
    assert list(found[0]) == list(RANKING_COLUMNS)
    standings = [(r.title, s) for r in results.rankings for s in r.standings]
    assert len(found) == len(standings) == 8
    for row, (title, s) in zip(found, standings, strict=True):
        assert (row["ranking"], row["place"], row["contestant"], row["name"]) == (
            title, s.place, s.contestant, NAMES[s.contestant])
        assert Fraction(row["total_exact"]) == s.total and row["total"] == rounded(s.total, 2)
        assert Fraction(row["penalties_exact"]) == s.penalties
    assert [r["place"] for r in found[:4]] == ["1", "2=", "2=", "4"]


# --- JSON -----------------------------------------------------------------------------------------------


def test_json_declares_its_schema_and_version() -> None:
    event, results = small_event()
    doc = json.loads(results_json(event, results))
    assert (doc["schema"], doc["version"]) == ("tenace.results", 1)
    assert doc["event"] == {"name": event.name, "kind": "pairs", "method": "matchpoints",
                            "percentage_places": 2}
    assert [p["name"] for p in doc["participants"]] == list(NAMES.values())


def test_json_numbers_are_exact_strings_with_rounded_decimals() -> None:
    event, results = small_event()
    doc = json.loads(results_json(event, results))
    for t_doc, t in zip(doc["travellers"], results.travellers, strict=True):
        assert (t_doc["board"], t_doc["top"]) == (t.board, t.top)
        for l_doc, line in zip(t_doc["lines"], t.lines, strict=True):
            assert Fraction(l_doc["ns_points"]["exact"]) == line.ns_points
            assert Fraction(l_doc["ew_points"]["exact"]) == line.ew_points
            assert l_doc["ns_points"]["decimal"] == rounded(line.ns_points, 2)
            assert line.ew_percentage is not None
            assert Fraction(l_doc["ew_percentage"]["exact"]) == line.ew_percentage
    for r_doc, ranking in zip(doc["rankings"], results.rankings, strict=True):
        assert r_doc["title"] == ranking.title
        for s_doc, s in zip(r_doc["standings"], ranking.standings, strict=True):
            assert (s_doc["place"], s_doc["contestant"], s_doc["boards"]) == (s.place, s.contestant, s.boards)
            assert Fraction(s_doc["total"]["exact"]) == s.total
            assert s.percentage is not None and Fraction(s_doc["percentage"]["exact"]) == s.percentage


def test_json_describes_table_results_and_adjusted_scores() -> None:
    event, results = small_event()
    lines = {(line["ns"], line["ew"]): line for t in results_document(event, results)["travellers"]
             for line in t["lines"]}
    played = lines[("2", "7")]
    assert (played["contract"], played["declarer"], played["tricks"], played["lead"], played["ns_score"]) == (
        "6S", "N", 12, "HK", 1430)
    assert lines[("3", "8")]["passed_out"] is True and lines[("3", "8")]["ns_score"] == 0
    assert ARTIFICIAL.ns is Award.AVERAGE_PLUS and ARTIFICIAL.ew is Award.AVERAGE_MINUS
    assert lines[("2", "8")]["adjusted"] == {"kind": "artificial", "ns": {"award": "average-plus"},
                                            "ew": {"award": "average-minus"}}
    assert lines[("2", "8")]["ns_score"] is None and lines[("2", "8")]["passed_out"] is False
    assert ASSIGNED.ns.components == ((-400, Fraction(1)),)
    assert lines[("4", "8")]["adjusted"] == {"kind": "assigned", "ns": [{"score": -400, "weight": "1"}],
                                            "ew": [{"score": -400, "weight": "1"}]}


def test_json_lists_penalties_with_their_law() -> None:
    event, results = small_event()
    doc = results_document(event, results)
    assert doc["penalties"] == [{"contestant": "2", "points": {"exact": "2/3", "decimal": "0.67"},
                                 "law": "90B1", "reason": "late arrival", "board": None}]


def test_json_of_a_compscore_event_keeps_its_matchpoints_and_totals(oracles: Path) -> None:
    source = read_usebio(oracles / "usebio-abf-compscore" / "mp_pairs_mitchell_02.xml")
    event, results, _ = from_usebio(source)
    doc = results_document(event, results)
    lines = [line for t in doc["travellers"] for line in t["lines"]]
    oracle_lines = [line for b in source.boards for line in b.lines]
    assert len(lines) == len(oracle_lines) > 100
    for line, oracle in zip(lines, oracle_lines, strict=True):
        assert oracle.ns_match_points is not None
        assert Fraction(line["ns_points"]["exact"]) == Fraction(oracle.ns_match_points)
        assert decimal.Decimal(line["ns_points"]["decimal"]) == oracle.ns_match_points
        assert line["ns_score"] == oracle.score
    standings = {s["contestant"]: s for r in doc["rankings"] for s in r["standings"]}
    for pair in source.pairs:
        s = standings[str(pair.number)]
        assert decimal.Decimal(s["total"]["decimal"]) == pair.total_score
        assert decimal.Decimal(s["percentage"]["decimal"]) == pair.percentage
