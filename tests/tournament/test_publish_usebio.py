"""USEBIO 1.2 export of pairs events: Tenace's own USEBIO reader reads the export back to the same travellers
and totals; a Compscore file read, turned into an Event and its results and exported again gives the same
traveller lines, pairs and hand set (matchpoints, Butler, artificial adjusted scores)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from tenace.formats.usebio import USEBIOEvent, parse_usebio, read_usebio
from tenace.scoring.adjusted import AssignedAdjustedScore
from tenace.tournament.model import EventKind, Method
from tenace.tournament.publish.usebio import USEBIOExportError, results_usebio
from tenace.tournament.standings import Traveller

from ._publish_data import NAMES, from_usebio, small_event

ORACLE_FILES = ["mp_pairs_mitchell.xml", "mp_pairs_mitchell_02.xml", "mp_pairs_mitchell_04.xml",
                "mp_pairs_mitchell_adjusted_02.xml", "butler_mitchell.xml"]


def line_key(line: object) -> tuple[object, ...]:
    fields = ("ns_pair", "ew_pair", "contract", "passed_out", "lead", "tricks", "score", "adjusted",
              "ns_match_points", "ew_match_points", "ns_butler_points", "ew_butler_points")
    return tuple(getattr(line, f) for f in fields)


def exported(source: USEBIOEvent) -> USEBIOEvent:
    event, results, boards = from_usebio(source)
    return parse_usebio(results_usebio(event, results, boards=boards, date=dt.date(2026, 11, 22)),
                        source="<export>")


@pytest.mark.parametrize("name", ORACLE_FILES)
def test_a_compscore_file_exports_to_the_same_traveller_lines(oracles: Path, name: str) -> None:
    source = read_usebio(oracles / "usebio-abf-compscore" / name)
    again = exported(source)
    assert again.event_type is source.event_type
    assert [b.number for b in again.boards] == [b.number for b in source.boards]
    for old, new in zip(source.boards, again.boards, strict=True):
        assert [line_key(x) for x in new.lines] == [line_key(x) for x in old.lines]
        assert new.board_average == old.board_average


@pytest.mark.parametrize("name", ORACLE_FILES)
def test_a_compscore_file_exports_to_the_same_pairs_totals_and_places(oracles: Path, name: str) -> None:
    source = read_usebio(oracles / "usebio-abf-compscore" / name)
    again = exported(source)
    assert len(again.pairs) == len(source.pairs)
    for old in source.pairs:
        new = again.pair(old.number)
        assert (new.total_score, new.percentage, new.place) == (old.total_score, old.percentage, old.place)
        assert [p.name for p in new.players] == [p.name for p in old.players]
        assert [p.national_id for p in new.players] == [p.national_id for p in old.players]


def test_a_compscore_file_exports_the_same_hand_set(oracles: Path) -> None:
    source = read_usebio(oracles / "usebio-abf-compscore" / "butler_mitchell.xml")
    again = exported(source)
    assert [(b.number, b.deal, b.dealer, b.vulnerability) for b in again.handset] == [
        (b.number, b.deal, b.dealer, b.vulnerability) for b in source.handset]


def test_export_header_names_the_event_program_and_date(oracles: Path) -> None:
    source = read_usebio(oracles / "usebio-abf-compscore" / "butler_mitchell.xml")
    again = exported(source)
    assert again.version == "1.2" and again.description == source.description
    assert (again.program_name, again.date, again.info("SCORING_METHOD")) == ("Tenace", "22/11/2026", "IMPS")


def test_the_small_event_reads_back_to_its_travellers_and_totals() -> None:
    event, results = small_event()
    with_numbers = replace(results, travellers=tuple(
        replace(t, lines=tuple(replace(line, result=replace(line.result, ns=line.result.ns + "NS",
                                                            ew=line.result.ew + "EW")) for line in t.lines))
        for t in results.travellers), rankings=tuple(
        replace(r, standings=tuple(replace(s, contestant=s.contestant + r.title) for s in r.standings))
        for r in results.rankings))
    again = parse_usebio(results_usebio(event, with_numbers))
    for traveller, board in zip(results.travellers, again.boards, strict=True):
        assert board.number == traveller.board
        for line, read in zip(traveller.lines, board.lines, strict=True):
            r = line.result
            assert (read.ns_pair.number, read.ew_pair.number) == (int(r.ns), int(r.ew))
            assert read.contract == r.contract and read.tricks == r.tricks and read.lead == r.lead
            if isinstance(line.ns_score, AssignedAdjustedScore):
                assert read.score == -400  # a balancing single assigned score is written as that score
            else:
                assert read.result == line.ns_score
            assert read.ns_match_points is not None
            assert abs(Fraction(read.ns_match_points) - line.ns_points) < Fraction(1, 200)
    for ranking in with_numbers.rankings:
        for s in ranking.standings:
            pair = again.pair(s.contestant)
            assert pair.place == s.rank and pair.place_tied == s.tied
            assert pair.total_score is not None
            assert abs(Fraction(pair.total_score) - s.total) < Fraction(1, 200)
    assert again.pair("2NS").total_score == Decimal("11.33")
    assert [p.name for p in again.pair("1").players] == [NAMES["1"]]  # markup in a name survives as text


def test_non_pairs_events_other_methods_and_bad_pair_numbers_are_refused() -> None:
    event, results = small_event()
    with pytest.raises(USEBIOExportError, match="teams"):
        results_usebio(replace(event, kind=EventKind.TEAMS), results)
    with pytest.raises(USEBIOExportError, match="cross-imps"):
        results_usebio(event, replace(results, method=Method.CROSS_IMPS))
    first = results.travellers[0]
    bad = replace(first, lines=(replace(first.lines[0], result=replace(first.lines[0].result, ns="A")),))
    with pytest.raises(USEBIOExportError, match="board 1, table 1, round 1, board 1: pair 'A'"):
        results_usebio(event, replace(results, travellers=(bad,), rankings=()))


def test_an_assigned_score_usebio_cannot_code_is_refused() -> None:
    event, results = small_event()
    first = results.travellers[0]
    split = AssignedAdjustedScore.of(-400, -100)
    line = replace(first.lines[3], ns_score=split, result=replace(first.lines[3].result, ns="4NS", ew="8EW",
                                                                   adjusted=split))
    with pytest.raises(USEBIOExportError, match="no code for the assigned adjusted score"):
        results_usebio(event, replace(results, travellers=(Traveller(1, (line,)),), rankings=()))
    assert issubclass(USEBIOExportError, ValueError)
