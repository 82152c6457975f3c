"""Butler scoring against two real scoring programs.

* Compscore3 (Australia), ``usebio-abf-compscore/butler_mitchell.xml``: a USEBIO 1.2 file with the datum of
  every board (BOARD_AVERAGE), each traveller line's NS_BUTLER_POINTS / EW_BUTLER_POINTS and each pair's
  TOTAL_SCORE. The datum leaves out one top and one bottom score and rounds halves away from zero.
* Ruter (Norway), ``pbn-ruter-norway/teams-sub.pbn``: a Butler pairs ranking inside a teams event, 14 boards
  played at 24 tables in two sections; the datum (ButlerDatum) is taken over all sections, and each pair's
  TotalScoreIMP is its average per board.

The USEBIO reader (tenace.formats.usebio) was not written yet when this test was, so the XML is read here
with xml.etree; the PBN score tables are split here too (no PBN reader is needed for them).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from tenace.board import Vulnerability, vulnerability_for
from tenace.contract import Contract
from tenace.scoring.imps import DatumRounding, butler_datum, butler_mean, imps_against
from tenace.scoring.points import score
from tenace.seats import Seat

# --- Compscore USEBIO ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TravellerLine:
    ns_pair: str
    ew_pair: str
    score: str
    contract: str | None
    played_by: str | None
    tricks: str | None
    ns_butler: int
    ew_butler: int

    @property
    def is_artificial(self) -> bool:
        """Compscore codes an artificial adjusted score (Law 12C2) as e.g. ``A5050`` instead of a score."""
        return self.score.startswith("A")


@dataclass(frozen=True)
class UsebioBoard:
    number: int
    datum: int
    lines: tuple[TravellerLine, ...]


def _usebio_butler(path: Path) -> tuple[list[UsebioBoard], dict[str, Fraction]]:
    root = ET.parse(path).getroot()
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "BUTLER_PAIRS"
    totals = {pair.findtext("PAIR_NUMBER", ""): Fraction(pair.findtext("TOTAL_SCORE", ""))
              for pair in event.iter("PAIR")}
    boards = []
    for board in event.iter("BOARD"):
        average = board.findtext("BOARD_AVERAGE")
        if average is None:
            continue  # the hand set: BOARD elements that hold only the deal
        lines = tuple(
            TravellerLine(
                line.findtext("NS_PAIR_NUMBER", ""), line.findtext("EW_PAIR_NUMBER", ""),
                line.findtext("SCORE", ""), line.findtext("CONTRACT"), line.findtext("PLAYED_BY"),
                line.findtext("TRICKS"), int(line.findtext("NS_BUTLER_POINTS", "")),
                int(line.findtext("EW_BUTLER_POINTS", "")),
            )
            for line in board.iter("TRAVELLER_LINE")
        )
        boards.append(UsebioBoard(int(board.findtext("BOARD_NUMBER", "")), int(average), lines))
    return boards, totals


@pytest.fixture(scope="module")
def compscore(oracles: Path) -> tuple[list[UsebioBoard], dict[str, Fraction]]:
    return _usebio_butler(oracles / "usebio-abf-compscore" / "butler_mitchell.xml")


def test_compscore_board_average_is_our_butler_datum(
    compscore: tuple[list[UsebioBoard], dict[str, Fraction]],
) -> None:
    boards, _ = compscore
    assert len(boards) == 35
    for board in boards:
        real = [int(line.score) for line in board.lines if not line.is_artificial]
        assert butler_datum(real) == board.datum, (board.number, real)


def test_compscore_butler_points_are_imps_against_the_datum(
    compscore: tuple[list[UsebioBoard], dict[str, Fraction]],
) -> None:
    boards, _ = compscore
    checked = 0
    for board in boards:
        real = [line for line in board.lines if not line.is_artificial]
        datum = butler_datum([int(line.score) for line in real])
        ours = imps_against([int(line.score) for line in real], datum)
        assert ours == tuple(line.ns_butler for line in real), board.number
        assert all(line.ew_butler == -line.ns_butler for line in real)
        checked += len(real)
    assert checked == 244


def test_compscore_artificial_average_is_left_out_of_the_datum_and_scores_zero(
    compscore: tuple[list[UsebioBoard], dict[str, Fraction]],
) -> None:
    """Board 15 has one A5050 line: without it the trimmed mean is -427.5 and the datum -430; including it
    as a zero would change the datum."""
    boards, _ = compscore
    board = next(b for b in boards if b.number == 15)
    artificial = [line for line in board.lines if line.is_artificial]
    assert [(line.score, line.ns_butler, line.ew_butler) for line in artificial] == [("A5050", 0, 0)]
    real = [int(line.score) for line in board.lines if not line.is_artificial]
    assert butler_mean(real) == Fraction(-855, 2)
    assert butler_datum(real) == board.datum == -430
    assert butler_datum([*real, 0]) != board.datum


def test_compscore_pair_totals_are_the_sums_of_our_butler_imps(
    compscore: tuple[list[UsebioBoard], dict[str, Fraction]],
) -> None:
    boards, totals = compscore
    earned: dict[str, int] = defaultdict(int)
    for board in boards:
        real = [line for line in board.lines if not line.is_artificial]
        scores = [int(line.score) for line in real]
        ours = imps_against(scores, butler_datum(scores))
        for line, ns_imps in zip(real, ours, strict=True):
            earned[line.ns_pair] += ns_imps
            earned[line.ew_pair] -= ns_imps
    assert {pair: Fraction(total) for pair, total in earned.items()} == totals


def test_compscore_scores_are_law_77_scores(compscore: tuple[list[UsebioBoard], dict[str, Fraction]]) -> None:
    boards, _ = compscore
    for board in boards:
        vulnerability = vulnerability_for(board.number)
        for line in board.lines:
            if line.is_artificial:
                continue
            assert line.contract is not None and line.played_by is not None and line.tricks is not None
            declarer = Seat.from_str(line.played_by)
            points = score(Contract.from_str(line.contract, declarer), int(line.tricks),
                           vulnerable=vulnerability.is_vulnerable(declarer))
            ns_points = points if declarer in (Seat.NORTH, Seat.SOUTH) else -points
            assert ns_points == int(line.score), (board.number, line)


# --- Ruter teams-sub PBN ------------------------------------------------------------------------------------

_FIELD = re.compile(r'"([^"]*)"|(\S+)')
_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]\n((?:[^\[\n].*\n?)*)', re.MULTILINE)


def _fields(line: str) -> list[str]:
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _FIELD.finditer(line)]


def _table(header: str, body: str) -> list[dict[str, str]]:
    columns = [column.split("\\")[0] for column in header.split(";")]
    return [dict(zip(columns, _fields(line), strict=True)) for line in body.split("\n") if line.strip()]


@dataclass(frozen=True)
class RuterBoard:
    number: int
    vulnerability: Vulnerability
    rows: list[dict[str, str]]


def _ruter_butler(path: Path) -> tuple[list[RuterBoard], list[dict[str, str]]]:
    text = path.read_text(encoding="utf-8")  # the oracle README says ISO-8859-1, but the file is UTF-8
    boards: list[RuterBoard] = []
    totals: list[dict[str, str]] = []
    tags: dict[str, str] = {}
    for match in _TAG.finditer(text):
        name, value, body = match.groups()
        tags[name] = value
        if name == "TotalScoreTable":
            totals = _table(value, body)
        elif name == "ScoreTable":
            boards.append(RuterBoard(int(tags["Board"]), Vulnerability.from_str(tags["Vulnerable"]),
                                     _table(value, body)))
    return boards, totals


@pytest.fixture(scope="module")
def ruter(oracles: Path) -> tuple[list[RuterBoard], list[dict[str, str]]]:
    return _ruter_butler(oracles / "pbn-ruter-norway" / "teams-sub.pbn")


def _ns_score(row: dict[str, str]) -> int:
    return int(row["Score_NS"]) if row["Score_NS"] != "-" else -int(row["Score_EW"])


def test_ruter_butler_datum_over_all_sections(ruter: tuple[list[RuterBoard], list[dict[str, str]]]) -> None:
    boards, _ = ruter
    assert [b.number for b in boards] == list(range(1, 15))
    for board in boards:
        assert {row["Section"] for row in board.rows} == {"A", "B"}
        assert len(board.rows) == 24
        datums = {int(row["ButlerDatum"]) for row in board.rows}
        assert len(datums) == 1
        assert butler_datum([_ns_score(row) for row in board.rows]) == datums.pop(), board.number


def test_ruter_board_2_datum_is_a_tie_rounded_away_from_zero(
    ruter: tuple[list[RuterBoard], list[dict[str, str]]],
) -> None:
    """Board 2's trimmed mean is exactly -285: Ruter printed -290, where ACBLscore's rule would give -280."""
    boards, _ = ruter
    board = boards[1]
    scores = [_ns_score(row) for row in board.rows]
    assert butler_mean(scores) == -285
    assert int(board.rows[0]["ButlerDatum"]) == -290
    assert butler_datum(scores, rounding=DatumRounding.HALF_AWAY_FROM_ZERO) == -290
    assert butler_datum(scores, rounding=DatumRounding.HALF_EVEN) == -280


def test_ruter_imps_against_the_datum(ruter: tuple[list[RuterBoard], list[dict[str, str]]]) -> None:
    boards, _ = ruter
    for board in boards:
        scores = [_ns_score(row) for row in board.rows]
        ours = imps_against(scores, butler_datum(scores))
        assert ours == tuple(int(row["IMP_NS"]) for row in board.rows), board.number
        assert all(int(row["IMP_EW"]) == -int(row["IMP_NS"]) for row in board.rows)


def test_ruter_pair_totals_are_average_imps_per_board(
    ruter: tuple[list[RuterBoard], list[dict[str, str]]],
) -> None:
    """TotalScoreIMP is the pair's Butler IMPs divided by its boards, to 2 decimals. Table 1 of each section
    played no boards here: its four pairs are listed with 0 boards and 0.00."""
    boards, totals = ruter
    earned: dict[str, int] = defaultdict(int)
    played: dict[str, int] = defaultdict(int)
    for board in boards:
        scores = [_ns_score(row) for row in board.rows]
        for row, ns_imps in zip(board.rows, imps_against(scores, butler_datum(scores)), strict=True):
            earned[row["PairId_NS"]] += ns_imps
            earned[row["PairId_EW"]] -= ns_imps
            played[row["PairId_NS"]] += 1
            played[row["PairId_EW"]] += 1
    assert len(totals) == 52
    idle = [pair for pair in totals if pair["NrBoards"] == "0"]
    assert sorted(pair["PairId"] for pair in idle) == ["1", "101", "201", "301"]
    assert all(pair["TotalScoreIMP"] == "0.00" and pair["PairId"] not in played for pair in idle)
    for pair in totals:
        if pair in idle:
            continue
        pair_id = pair["PairId"]
        assert played[pair_id] == int(pair["NrBoards"]) == 14
        average = (Decimal(earned[pair_id]) / played[pair_id]).quantize(Decimal("0.01"), ROUND_HALF_UP)
        assert average == Decimal(pair["TotalScoreIMP"]), pair_id


def test_ruter_scores_are_law_77_scores(ruter: tuple[list[RuterBoard], list[dict[str, str]]]) -> None:
    boards, _ = ruter
    for board in boards:
        for row in board.rows:
            if row["Contract"] == "Pass":
                assert _ns_score(row) == score(None, 0, vulnerable=False) == 0
                continue
            declarer = Seat.from_str(row["Declarer"])
            points = score(Contract.from_str(row["Contract"], declarer), int(row["Result"]),
                           vulnerable=board.vulnerability.is_vulnerable(declarer))
            ns_points = points if declarer in (Seat.NORTH, Seat.SOUTH) else -points
            assert ns_points == _ns_score(row), (board.number, row)
