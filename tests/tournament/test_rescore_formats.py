"""``tenace.tournament.rescore`` on small hand-written files: format detection, the MP conventions of PBN
score tables, leniency about optional columns and elements, strictness about numbers.

Expected values are worked out by hand in the comments (Law 77 scores, Law 78A units)."""

from __future__ import annotations

import shlex
import xml.etree.ElementTree as ET
from decimal import Decimal
from pathlib import Path

import pytest

from tenace.tournament.rescore import RescoreError, detect_format, rescore_file, rescore_text

HEADER = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]\n'
# Board 1, nobody vulnerable: 4S= by N is 420; 4S-1 is -50; 3S+1 is 170. Units (2 per score beaten): 420 beats
# both (4), 170 beats one (2), -50 none (0); the top is 4.
ROWS = ('1 1 4S N 10 "420" - {a} {b}\n'
        '2 2 4S N 9 - "50" {c} {d}\n'
        '3 3 3S N 10 "170" - {e} {f}\n')


def _pbn(values: tuple[str, ...]) -> str:
    a, b, c, d, e, f = values
    return '[Board "1"]\n[Vulnerable "None"]\n' + HEADER + ROWS.format(a=a, b=b, c=c, d=d, e=e, f=f)


@pytest.mark.parametrize(
    ("values", "convention"),
    [
        (("2", "-2", "-2", "2", "0", "0"), "centred"),  # units - top/2
        (("4", "0", "0", "4", "2", "2"), "Law 78A units"),
        (("2.0", "0.0", "0.0", "2.0", "1.0", "1.0"), "matchpoints"),  # units / 2
    ],
)
def test_pbn_mp_columns_in_any_convention_agree(values: tuple[str, ...], convention: str) -> None:
    report = rescore_text(_pbn(values), source="three.pbn")
    assert report.differences() == ()
    assert convention in dict(report.settings)["mp"]
    assert sum(1 for line in report.lines for c in line.checks if c.quantity == "score") == 3


def test_pbn_wrong_mp_in_units_is_reported_on_its_line() -> None:
    report = rescore_text(_pbn(("4", "0", "0", "4", "1", "2")), source="three.pbn")
    assert [(d.board, d.where, d.check.quantity, d.check.program, d.check.tenace)
            for d in report.unexplained()] == [(1, "3 v 3", "ns_mp", "1", "2")]


def test_detect_format_by_content() -> None:
    assert detect_format(b"<html><div id=\"pro\"><table>") == "jfr-html"
    assert detect_format(b"<html><tr class=\"tourney\">") == "bbo-html"
    assert detect_format(b"<html><body>hello</body></html>") == "html"
    assert detect_format(b"<?xml version=\"1.0\"?><OTHER/>") == "xml"


def test_html_page_that_is_no_traveller_is_refused() -> None:
    with pytest.raises(RescoreError, match="neither USEBIO nor a JFR or BBO traveller"):
        rescore_text("<html><body><p>results soon</p></body></html>", source="index.html")


def test_bbo_page_with_a_bad_result_string_names_the_line() -> None:
    page = ('<html><body><table>\n<tr class="tourney"><td>1</td><td>t</td><td>a</td><td>b</td><td>c</td>'
            '<td>d</td>\n<td class="result">9ZZ</td><td>100</td><td>50.00%</td><td></td></tr>\n'
            '</table></body></html>\n')
    with pytest.raises(RescoreError, match="bad BBO result '9ZZ'") as info:
        rescore_text(page, source="bbo.html")
    assert info.value.lineno == 2


def test_usebio_lenient_about_missing_match_points_and_absent_pair() -> None:
    """No NS/EW_MATCH_POINTS at all (only the scores are checked) and a listed pair 9NS that played no board
    with a total of 0 (agrees)."""
    text = ('<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><PARTICIPANTS>'
            '<PAIR><PAIR_NUMBER>9NS</PAIR_NUMBER><TOTAL_SCORE>0</TOTAL_SCORE></PAIR></PARTICIPANTS>\n'
            '<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n'
            '<TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>'
            '<CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>600</SCORE>'
            '</TRAVELLER_LINE>\n'
            '<TRAVELLER_LINE><NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>'
            '<CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>8</TRICKS><SCORE>-50</SCORE>'
            '</TRAVELLER_LINE>\n</BOARD></EVENT></USEBIO>\n')
    report = rescore_text(text, source="small.xml")
    # board 2 is NS vulnerable (Law 2): 3NT made is 600; one down vulnerable is -100, not -50
    assert [(d.board, d.where, d.check.program, d.check.tenace) for d in report.unexplained()] == [
        (2, "2NS v 2EW", "-50", "-100")]
    assert [(p.participant, p.agrees) for p in report.participants] == [("9NS", True)]


def test_usebio_in_matchpoints_rather_than_units_is_recognised(oracles: Path, tmp_path: Path) -> None:
    """Compscore's mp_pairs_mitchell_04 rewritten the ACBL way: every traveller value halved (1 per score
    beaten), and the totals left out (an optional element)."""
    tree = ET.parse(oracles / "usebio-abf-compscore" / "mp_pairs_mitchell_04.xml")
    for tag in ("NS_MATCH_POINTS", "EW_MATCH_POINTS"):
        for element in tree.getroot().iter(tag):
            element.text = str(Decimal((element.text or "").strip()) / 2)
    for pair in tree.getroot().iter("PAIR"):
        for element in pair.findall("TOTAL_SCORE"):
            pair.remove(element)
    path = tmp_path / "halved.xml"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    report = rescore_file(path)
    assert dict(report.settings)["match_points"].startswith("matchpoints")
    assert report.exit_code == 0 and report.differences() == ()
    assert {c.quantity for p in report.participants for c in p.checks} == {"percentage", "place"}


def _bbo_page(rows: list[tuple[str, int, str]]) -> str:
    body = "".join(
        f'<tr class="tourney"><td>{i}</td><td>t</td><td>n{i}</td><td>s{i}</td><td>e{i}</td><td>w{i}</td>'
        f'<td class="result">{result}</td><td class="score">{points}</td><td class="score">{score}</td>'
        f"<td></td></tr>\n"
        for i, (result, points, score) in enumerate(rows, 1)
    )
    return f'<html><body><table class="body">\n<tr><th colspan="10">Traveller 1-2-3</th></tr>\n{body}</table>'


def test_bbo_imp_traveller_scored_as_butler_is_recognised() -> None:
    """Nobody vulnerable: 420, 420, 170, -50, 450. Leaving out 450 and -50 the mean is 1010/3, so the datum is
    340; the differences 80, 80, -170, -390, 110 are 2, 2, -5, -9 and 3 IMPs (Law 78B)."""
    rows = [("4♠N=", 420, "2.00"), ("4♠S=", 420, "2.00"), ("3♠N+1", 170, "-5.00"), ("4♠N-1", -50, "-9.00"),
            ("4♠N+1", 450, "3.00")]
    report = rescore_text(_bbo_page(rows), source="butler.html")
    assert report.method == "butler" and report.differences() == ()
    assert dict(report.settings)["vulnerability"].startswith("None")


def test_bbo_imp_traveller_with_a_wrong_value_is_reported() -> None:
    rows = [("4♠N=", 420, "2.00"), ("4♠S=", 420, "2.00"), ("3♠N+1", 170, "-4.00"), ("4♠N-1", -50, "-9.00"),
            ("4♠N+1", 450, "3.00")]
    report = rescore_text(_bbo_page(rows), source="butler.html")
    assert [(d.where, d.check.program, d.check.tenace) for d in report.unexplained()] == [
        ("n3-s3 v e3-w3", "-4.00", "-5.00")]


def test_kops_page_is_refused_by_name(oracles: Path) -> None:
    page = oracles / "pbntools-real-tournaments" / "test_2_kops" / "PCH1003" / "roz.html"  # a list of boards
    with pytest.raises(RescoreError, match="a KOPS page"):
        rescore_file(page)


def _jfr_row(ns: int, ew: int, contract: str, by: str, result: str, score_ns: str, score_ew: str,
             pct_ns: str, pct_ew: str) -> str:
    cells = ["", str(ns), str(ew), contract, by, "SA", result, score_ns, score_ew, pct_ns, pct_ew]
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>\n"


def test_jfr_page_with_a_passed_out_board_and_a_wrong_percentage() -> None:
    """Board 3 (EW vulnerable, Law 2): 1NT by N making 7 tricks is 90 for NS; passed out is 0; 2S by E
    (vulnerable) one down is 100 for NS. Among 90, 0 and 100, 100 beats two (4 of 4 units, 100 %), 90 beats
    one (50 %), 0 none (0 %): the page's 90.00 for the third line is wrong."""
    page = ("<html><head><title>ROZDANIE 3</title></head><body><div id=\"pro\"><table>\n"
            + _jfr_row(1, 4, "1N", "N", "=", "90", "", "50.00", "50.00")
            + _jfr_row(2, 5, "PASS", "", "", "", "", "0.00", "100.00")
            + _jfr_row(3, 6, "2S", "E", "-1", "100", "", "90.00", "0.00")
            + "</table></div></body></html>\n")
    report = rescore_text(page, source="wb001003.html")
    assert [(d.board, d.where, d.check.quantity, d.check.program, d.check.tenace)
            for d in report.unexplained()] == [(3, "3 v 6", "ns_percentage", "90.00", "100.00")]
    assert sum(1 for line in report.lines for c in line.checks if c.quantity == "score") == 3


def test_pbn_butler_total_score_imp_as_a_sum_is_detected(oracles: Path) -> None:
    """Ruter's Butler file prints TotalScoreIMP as the average per board; some programs print the sum. The
    file rewritten with sums (each average times NrBoards, rounded: the sums of integer IMPs) is recognised
    and agrees; the report says which convention it found."""
    lines = (oracles / "pbn-ruter-norway" / "teams-sub.pbn").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("[TotalScoreTable"))
    for i in range(start + 1, len(lines)):
        if not lines[i].strip() or lines[i].startswith("["):
            break
        # columns: Rank RankTie PairId "Section" Table "Direction" TotalScoreIMP "Names" NrBoards ...
        fields = shlex.split(lines[i])
        total = round(Decimal(fields[6]) * int(fields[8]))
        lines[i] = lines[i].replace(f" {fields[6]} ", f" {total:d} ", 1)
    report = rescore_text("\n".join(lines) + "\n", source="teams-sub-sums.pbn")
    assert dict(report.settings)["total"].startswith("TotalScoreIMP is the sum")
    assert report.differences() == ()
    original = rescore_file(oracles / "pbn-ruter-norway" / "teams-sub.pbn")
    assert dict(original.settings)["total"].startswith("average Butler IMPs per board (detected")
