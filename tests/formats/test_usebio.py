"""The USEBIO 1.2 reader: typed values, the hand set, and clear errors naming file, line and element."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from tenace.board import vulnerability_for
from tenace.cards import Card, CardSet
from tenace.contract import Contract
from tenace.errors import NotationError
from tenace.formats.usebio import (
    EventType,
    PairNumber,
    UnsupportedEventError,
    USEBIOError,
    parse_usebio,
    read_usebio,
)
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award
from tenace.scoring.matchpoints import TableResult
from tenace.seats import Seat, Side

COMPSCORE = "usebio-abf-compscore"
READABLE = [
    "butler_mitchell.xml", "mp_pairs_mitchell.xml", "mp_pairs_mitchell_02.xml", "mp_pairs_mitchell_04.xml",
    "mp_pairs_mitchell_adjusted.xml", "mp_pairs_mitchell_adjusted_02.xml",
]


def _doc(lines: str = "", pairs: str = "", handset: str = "", event_type: str = "MP_PAIRS") -> str:
    return (
        '<?xml version="1.0"?>\n'
        '<USEBIO Version="1.2">\n'
        "<CLUB><CLUB_NAME>Test Club</CLUB_NAME></CLUB>\n"
        f'<EVENT EVENT_TYPE="{event_type}">\n'
        "<EVENT_DESCRIPTION>Monday pairs</EVENT_DESCRIPTION><DATE>11/07/2022</DATE>\n"
        "<PROGRAM_NAME>Compscore3</PROGRAM_NAME><TITLE>Monday</TITLE>\n"
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>\n"
        f"<BOARD>\n<BOARD_NUMBER>1</BOARD_NUMBER>\n{lines}</BOARD>\n"
        "</EVENT>\n"
        f"{handset}"
        "</USEBIO>\n"
    )


def _line(contract: str = "4SX", played_by: str = "N", tricks: str = "10", score: str = "590",
          lead: str = "TD", ns: str = "1NS", ew: str = "1EW") -> str:
    parts = [f"<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>", f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"]
    if contract:
        parts.append(f"<CONTRACT>{contract}</CONTRACT>")
    if played_by:
        parts.append(f"<PLAYED_BY>{played_by}</PLAYED_BY>")
    if lead:
        parts.append(f"<LEAD>{lead}</LEAD>")
    if tricks:
        parts.append(f"<TRICKS>{tricks}</TRICKS>")
    parts.append(f"<SCORE>{score}</SCORE>")
    parts.append("<NS_MATCH_POINTS>30.5</NS_MATCH_POINTS><EW_MATCH_POINTS>9.5</EW_MATCH_POINTS>")
    return "<TRAVELLER_LINE>\n" + "\n".join(parts) + "\n</TRAVELLER_LINE>\n"


# --- typed values ------------------------------------------------------------------------------------------


def test_pair_numbers() -> None:
    assert PairNumber.from_str("3NS") == PairNumber(3, Side.NS)
    assert PairNumber.from_str(" 12ew ") == PairNumber(12, Side.EW)
    assert PairNumber.from_str("7") == PairNumber(7, None)
    assert str(PairNumber(3, Side.EW)) == "3EW"
    assert repr(PairNumber(3, Side.EW)) == "PairNumber.from_str('3EW')"
    with pytest.raises(NotationError, match="pair number"):
        PairNumber.from_str("NS3")


def test_a_traveller_line_is_typed() -> None:
    event = parse_usebio(_doc(_line()), source="t.xml")
    assert event.event_type is EventType.MP_PAIRS
    assert (event.club_name, event.description, event.date, event.program_name) == (
        "Test Club", "Monday pairs", "11/07/2022", "Compscore3"
    )
    assert event.info("TITLE") == "Monday" and event.info("NOPE") is None
    (line,) = event.board(1).lines
    assert line.ns_pair == PairNumber(1, Side.NS) and line.ew_pair == PairNumber(1, Side.EW)
    assert line.contract == Contract.from_str("4SXN")
    assert line.lead == Card.from_str("DT")
    assert (line.tricks, line.score, line.adjusted, line.score_text) == (10, 590, None, "590")
    assert (line.ns_match_points, line.ew_match_points) == (Decimal("30.5"), Decimal("9.5"))
    assert line.result == 590


def test_passed_out_line() -> None:
    event = parse_usebio(_doc(_line(contract="PASS", tricks="0", score="0", lead="")))
    (line,) = event.board(1).lines
    assert line.passed_out and line.contract is None and line.score == 0 and line.tricks is None


def test_artificial_score_line_without_a_contract() -> None:
    event = parse_usebio(_doc(_line(contract="", played_by="", tricks="", lead="", score="A6040")))
    (line,) = event.board(1).lines
    assert line.score is None and line.contract is None
    assert line.adjusted == ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    assert line.result == line.adjusted


def test_pairs_with_names_totals_and_places() -> None:
    pairs = (
        "<PAIR><PAIR_NUMBER>3NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION><TOTAL_SCORE>516.22</TOTAL_SCORE>"
        "<PERCENTAGE>53.11</PERCENTAGE><PLACE>8=</PLACE>"
        "<PLAYER><PLAYER_NAME>CAROLYN MACLURE</PLAYER_NAME><NATIONAL_ID_NUMBER>447595</NATIONAL_ID_NUMBER>"
        "</PLAYER><PLAYER><PLAYER_NAME>MARIANNE NESTOR</PLAYER_NAME></PLAYER></PAIR>"
    )
    event = parse_usebio(_doc(_line(), pairs=pairs))
    pair = event.pair("3NS")
    assert [p.name for p in pair.players] == ["CAROLYN MACLURE", "MARIANNE NESTOR"]
    assert pair.players[0].national_id == "447595" and pair.players[1].national_id is None
    assert (pair.total_score, pair.percentage, pair.place, pair.place_tied) == (
        Decimal("516.22"), Decimal("53.11"), 8, True
    )
    assert ("DIRECTION", "NS") in pair.extra
    with pytest.raises(KeyError):
        event.pair("4NS")


def test_handset_gives_deals_with_law_2_dealer_and_vulnerability() -> None:
    hands = "".join(
        f"<HAND><DIRECTION>{d}</DIRECTION><CLUBS>{c}</CLUBS><DIAMONDS>{di}</DIAMONDS><HEARTS>{h}</HEARTS>"
        f"<SPADES>{s}</SPADES></HAND>"
        for d, s, h, di, c in [
            ("North", "AKQJ", "AKQ", "AKQ", "AKQ"), ("East", "T987", "JT9", "JT9", "JT9"),
            ("South", "6543", "876", "876", "876"), ("West", "2", "5432", "5432", "5432"),
        ]
    )
    handset = f"<HANDSET><BOARD><BOARD_NUMBER>7</BOARD_NUMBER>{hands}</BOARD></HANDSET>"
    event = parse_usebio(_doc(_line(), handset=handset))
    (board,) = event.handset
    assert board.number == 7 and board.dealer is Seat.SOUTH and board.vulnerability is vulnerability_for(7)
    deal = event.deal(7)
    assert deal is not None and deal[Seat.NORTH] == CardSet.from_pbn("AKQJ.AKQ.AKQ.AKQ")
    assert deal[Seat.WEST] == CardSet.from_pbn("2.5432.5432.5432")
    assert event.deal(8) is None


def test_handset_board_may_name_its_dealer_and_vulnerability() -> None:
    hands = "".join(
        f"<HAND><DIRECTION>{d}</DIRECTION><SPADES>{s}</SPADES><HEARTS>{h}</HEARTS><DIAMONDS>{h}</DIAMONDS>"
        f"<CLUBS>{h}</CLUBS></HAND>"
        for d, s, h in [("N", "AKQJ", "AKQ"), ("E", "T987", "JT9"), ("S", "6543", "876"), ("W", "2", "5432")]
    )
    handset = (f"<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><DEALER>W</DEALER>"
               f"<VULNERABILITY>All</VULNERABILITY>{hands}</BOARD></HANDSET>")
    (board,) = parse_usebio(_doc(_line(), handset=handset)).handset
    assert board.dealer is Seat.WEST and board.vulnerability.value == "All" and not board.follows_law_2


def test_table_results_feed_the_matchpoint_scorer() -> None:
    lines = _line() + _line(contract="", played_by="", tricks="", lead="", score="A5050", ns="2NS", ew="2EW")
    results = parse_usebio(_doc(lines)).table_results()
    assert results == {1: (
        TableResult("1NS", "1EW", 590),
        TableResult("2NS", "2EW", ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE)),
    )}


# --- the Compscore files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", READABLE)
def test_compscore_files_read_completely(oracles: Path, name: str) -> None:
    """Every pair, board and traveller line in the file is read, compared with a plain element count."""
    path = oracles / COMPSCORE / name
    raw = ET.parse(path).getroot()
    event = read_usebio(path)
    assert event.source == str(path) and event.version == "1.2"
    assert len(event.pairs) == len(raw.findall("EVENT/PARTICIPANTS/PAIR"))
    assert len(event.boards) == len(raw.findall("EVENT/BOARD"))
    assert sum(len(b.lines) for b in event.boards) == len(raw.findall("EVENT/BOARD/TRAVELLER_LINE"))
    raw_scores = [el.text for el in raw.findall("EVENT/BOARD/TRAVELLER_LINE/SCORE")]
    assert [line.score_text for b in event.boards for line in b.lines] == raw_scores
    assert len(event.handset) == len(raw.findall("HANDSET/BOARD"))


@pytest.mark.parametrize("name", READABLE)
def test_compscore_hand_sets_match_the_xml(oracles: Path, name: str) -> None:
    """Each deal's hands are the HAND elements' holdings (read independently with ElementTree)."""
    path = oracles / COMPSCORE / name
    raw = ET.parse(path).getroot()
    event = read_usebio(path)
    for element in raw.findall("HANDSET/BOARD"):
        number = int(element.findtext("BOARD_NUMBER") or "0")
        deal = event.deal(number)
        assert deal is not None
        for hand in element.findall("HAND"):
            pbn = ".".join(hand.findtext(tag) or "" for tag in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
            assert deal[Seat.from_str(hand.findtext("DIRECTION") or "")] == CardSet.from_pbn(pbn)


def test_compscore_types_and_values(oracles: Path) -> None:
    butler = read_usebio(oracles / COMPSCORE / "butler_mitchell.xml")
    assert butler.event_type is EventType.BUTLER_PAIRS and butler.info("SCORING_METHOD") == "IMPS"
    assert butler.board(1).board_average == Decimal("-30")
    first = butler.board(1).lines[0]
    assert first.ns_butler_points is not None and first.ns_match_points is None
    adjusted = read_usebio(oracles / COMPSCORE / "mp_pairs_mitchell_adjusted_02.xml")
    codes = [line.adjusted for b in adjusted.boards for line in b.lines if line.adjusted is not None]
    assert [str(c) for c in codes] == ["A5050", "A6040", "A6060", "A5050"]
    both_plus = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_PLUS)
    assert adjusted.board(2).lines[8].adjusted == both_plus
    pair = adjusted.pair("2EW")
    assert (pair.total_score, pair.percentage, pair.place) == (Decimal("738.79"), Decimal("68.41"), 1)
    plain = read_usebio(oracles / COMPSCORE / "mp_pairs_mitchell.xml")
    passed = [line for line in plain.board(25).lines if line.passed_out]
    assert [(str(line.ns_pair), str(line.ew_pair), line.score) for line in passed] == [("12NS", "6EW", 0)]
    assert Fraction(plain.board(15).lines[7].ns_match_points or 0) == 34


def test_notsup_is_rejected_naming_the_file(oracles: Path) -> None:
    path = oracles / COMPSCORE / "notsupported.xml"
    with pytest.raises(UnsupportedEventError) as info:
        read_usebio(path)
    message = str(info.value)
    assert str(path) in message and "NOTSUP" in message and "USEBIO/EVENT" in message
    assert isinstance(info.value, NotationError) and isinstance(info.value, ValueError)
    assert info.value.lineno == 8  # <EVENT EVENT_TYPE="NOTSUP"> is on line 8 of the file


def test_read_usebio_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "results.xml"
    path.write_text(_doc(_line()), encoding="utf-8")
    assert read_usebio(path).source == str(path)
    path.write_text(_doc(_line(tricks="14")), encoding="utf-8")
    where = r"results\.xml:\d+: USEBIO/EVENT/BOARD\[1\]/TRAVELLER_LINE\[1\]/TRICKS"
    with pytest.raises(USEBIOError, match=where):
        read_usebio(path)


# --- errors ------------------------------------------------------------------------------------------------


def _error(text: str) -> USEBIOError:
    with pytest.raises(USEBIOError) as info:
        parse_usebio(text, source="bad.xml")
    assert str(info.value).startswith("bad.xml")
    return info.value


def test_malformed_xml_names_the_line() -> None:
    error = _error('<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n<BOARD>\n</EVENT>\n</USEBIO>')
    assert error.lineno == 4 and "not well-formed" in str(error)


def test_not_usebio() -> None:
    assert "root element is <PBN>" in str(_error("<PBN/>"))


def test_missing_event_and_event_type() -> None:
    assert "no EVENT" in str(_error('<USEBIO Version="1.2"></USEBIO>'))
    error = _error('<USEBIO Version="1.2">\n<EVENT></EVENT></USEBIO>')
    assert "EVENT_TYPE" in str(error) and error.lineno == 2


def test_teams_event_is_unsupported() -> None:
    with pytest.raises(UnsupportedEventError, match="TEAMS"):
        parse_usebio(_doc(event_type="TEAMS"))


@pytest.mark.parametrize(
    ("line", "element", "text"),
    [
        (_line(tricks="14"), "TRAVELLER_LINE[1]/TRICKS", "0 to 13"),
        (_line(tricks="ten"), "TRAVELLER_LINE[1]/TRICKS", "'ten'"),
        (_line(contract="8S"), "TRAVELLER_LINE[1]/CONTRACT", "8S"),
        (_line(played_by=""), "TRAVELLER_LINE[1]", "no PLAYED_BY"),
        (_line(played_by="Q"), "TRAVELLER_LINE[1]/PLAYED_BY", "'Q'"),
        (_line(score="lots"), "TRAVELLER_LINE[1]/SCORE", "bad score"),
        (_line(score="590.5"), "TRAVELLER_LINE[1]/SCORE", "bad score"),
        (_line(score="A60"), "TRAVELLER_LINE[1]/SCORE", "artificial score code"),
        (_line(score=""), "TRAVELLER_LINE[1]", "missing SCORE"),
        (_line(lead="ZZ"), "TRAVELLER_LINE[1]/LEAD", "'ZZ'"),
        (_line(ns="North"), "TRAVELLER_LINE[1]/NS_PAIR_NUMBER", "pair number"),
        (_line(contract="PASS", score="50"), "TRAVELLER_LINE[1]/SCORE", "passed-out"),
    ],
)
def test_bad_traveller_values_name_the_element_and_line(line: str, element: str, text: str) -> None:
    error = _error(_doc(line))
    assert error.element == f"USEBIO/EVENT/BOARD[1]/{element}"
    assert text in str(error)
    assert error.lineno is not None and error.lineno >= 9  # within the BOARD, not the file's start


def test_bad_match_points_and_totals() -> None:
    bad_mp = _line().replace("30.5", "thirty")
    assert "NS_MATCH_POINTS" in str(_error(_doc(bad_mp)))
    pair = "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><TOTAL_SCORE>NaN</TOTAL_SCORE></PAIR>"
    assert "TOTAL_SCORE" in str(_error(_doc(_line(), pairs=pair)))
    place = "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><PLACE>first</PLACE></PAIR>"
    assert "bad place" in str(_error(_doc(_line(), pairs=place)))


def test_duplicates_are_errors() -> None:
    pair = "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER></PAIR>"
    assert "appears twice" in str(_error(_doc(_line(), pairs=pair * 2)))
    two_boards = _doc(_line()).replace("</EVENT>", "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT>")
    error = _error(two_boards)
    assert "number 1 appears twice" in str(error) and error.element == "USEBIO/EVENT/BOARD[2]"


def test_bad_board_number() -> None:
    assert "BOARD_NUMBER" in str(_error(_doc(_line()).replace("<BOARD_NUMBER>1<", "<BOARD_NUMBER>0<")))


def _handset(*hands: tuple[str, str]) -> str:
    body = "".join(
        f"<HAND><DIRECTION>{d}</DIRECTION><SPADES>{s}</SPADES><HEARTS>AKQ</HEARTS></HAND>" for d, s in hands
    )
    return f"<HANDSET><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>{body}</BOARD></HANDSET>"


def test_bad_hands_name_the_board() -> None:
    missing = _error(_doc(_line(), handset=_handset(("North", "AKQJ"))))
    assert "no hand for East, South, West" in str(missing) and missing.element == "USEBIO/HANDSET/BOARD[1]"
    twice = _error(_doc(_line(), handset=_handset(("North", "AKQJ"), ("N", "T9"))))
    assert "two North hands" in str(twice)
    bad_rank = _error(_doc(_line(), handset=_handset(("North", "AKXJ"))))
    assert "bad hand for North" in str(bad_rank) and bad_rank.element == "USEBIO/HANDSET/BOARD[1]/HAND[1]"
    no_direction = _error(_doc(_line(), handset=_handset(("", "AKQJ"))))
    assert "no DIRECTION" in str(no_direction)
    overlapping = _error(_doc(_line(), handset=_handset(("N", "AKQJ"), ("E", "2"), ("S", "3"), ("W", "4"))))
    assert "board 3" in str(overlapping) and "Law 1" in str(overlapping)
