"""``tenace.tournament.rescore`` on a USEBIO ``CROSS_IMP`` event (no oracle file has one): a small event whose
cross-IMPs are computed here from the Law 78B table of ``oracles/scoring-tables`` and Law 77 scores taken
from the oracle Law 77 table, written both as sums and as averages per comparison."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest

from tenace.tournament.rescore import RescoreError, Rounding, rescore_text

# Board 1 (nobody vulnerable): 4S by North making 10 (420), 4S by North making 9 (-50), 3S by North making 10
# (170), 4S doubled by North making 10 (590). Board 2 (NS vulnerable): 3NT by South making 9 (600), 3NT by
# South making 8 (-100), 2NT by South making 9 (150); the fourth line is an artificial average (A5050).
BOARD_1 = [("1NS", "1EW", "4S", "N", 10, 420), ("2NS", "2EW", "4S", "N", 9, -50),
           ("3NS", "3EW", "3S", "N", 10, 170), ("4NS", "4EW", "4SX", "N", 10, 590)]
BOARD_2 = [("1NS", "2EW", "3NT", "S", 9, 600), ("2NS", "3EW", "3NT", "S", 8, -100),
           ("3NS", "4EW", "2NT", "S", 9, 150)]


def _imp_table(oracles: Path) -> list[tuple[int, int]]:
    with open(oracles / "scoring-tables" / "imp_scale_law78B_2017.csv", newline="", encoding="utf-8") as f:
        return [(int(row["diff_low"]), int(row["imps"])) for row in csv.DictReader(f)]


def _imps(table: list[tuple[int, int]], difference: int) -> int:
    won = max(imps for low, imps in table if abs(difference) >= low)
    return won if difference >= 0 else -won


def _line(ns: str, ew: str, contract: str, by: str, tricks: int, score: int, ns_x: str, ew_x: str) -> str:
    return (f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
            f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
            f"<SCORE>{score}</SCORE><NS_CROSS_IMP_POINTS>{ns_x}</NS_CROSS_IMP_POINTS>"
            f"<EW_CROSS_IMP_POINTS>{ew_x}</EW_CROSS_IMP_POINTS></TRAVELLER_LINE>\n")


def _event(oracles: Path, *, average: bool, change: tuple[int, int] | None = None) -> str:
    table = _imp_table(oracles)
    totals: dict[str, Fraction] = {}
    boards = []
    for number, lines in ((1, BOARD_1), (2, BOARD_2)):
        scores = [line[5] for line in lines]
        text = f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>\n"
        for i, (ns, ew, contract, by, tricks, score) in enumerate(lines):
            total = Fraction(sum(_imps(table, score - other) for j, other in enumerate(scores) if j != i))
            value = total / (len(scores) - 1) if average else total
            if change == (number, i):
                value += 1
            shown = f"{float(value):.2f}"
            text += _line(ns, ew, contract, by, tricks, score, shown, f"{float(-value):.2f}")
            totals[ns] = totals.get(ns, Fraction(0)) + value
            totals[ew] = totals.get(ew, Fraction(0)) - value
        if number == 2:
            text += ("<TRAVELLER_LINE><NS_PAIR_NUMBER>4NS</NS_PAIR_NUMBER>"
                     "<EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER><SCORE>A5050</SCORE><NS_CROSS_IMP_POINTS>0</NS_CROSS_IMP_POINTS>"
                     "<EW_CROSS_IMP_POINTS>0</EW_CROSS_IMP_POINTS></TRAVELLER_LINE>\n")
            totals.setdefault("4NS", Fraction(0))
            totals.setdefault("1EW", Fraction(0))
        boards.append(text + "</BOARD>\n")
    pairs = "".join(f"<PAIR><PAIR_NUMBER>{p}</PAIR_NUMBER><TOTAL_SCORE>{float(t):.2f}</TOTAL_SCORE></PAIR>"
                    for p, t in totals.items())
    return (f'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="CROSS_IMP">'
            f"<PROGRAM_NAME>Test</PROGRAM_NAME><PARTICIPANTS>{pairs}</PARTICIPANTS>\n"
            f"{''.join(boards)}</EVENT></USEBIO>\n")


@pytest.mark.parametrize("average", [False, True])
def test_cross_imp_event_agrees_as_sums_or_averages(oracles: Path, average: bool) -> None:
    report = rescore_text(_event(oracles, average=average), source="cross.xml", rounding=Rounding.HALF_UP)
    assert report.method == "cross-imps"
    assert dict(report.settings)["cross_imps"] == ("average per comparison" if average else
                                                   "sum over the other scores")
    assert len(report.lines) == 8 and len(report.participants) == 8
    assert report.differences() == (), report.differences()[:3]
    # the Law 77 scores of the seven real lines were checked too
    assert sum(1 for line in report.lines for c in line.checks if c.quantity == "score") == 7


def test_cross_imp_altered_line_is_reported(oracles: Path) -> None:
    report = rescore_text(_event(oracles, average=False, change=(2, 1)), source="cross.xml")
    assert report.exit_code == 1
    lines = {(d.board, d.where, d.check.quantity) for d in report.unexplained() if not d.participant}
    assert lines == {(2, "2NS v 3EW", "ns_imps"), (2, "2NS v 3EW", "ew_imps")}


def test_cross_imp_value_that_is_not_a_number_is_an_error(oracles: Path) -> None:
    text = _event(oracles, average=False).replace("<NS_CROSS_IMP_POINTS>0</NS_CROSS_IMP_POINTS>",
                                                  "<NS_CROSS_IMP_POINTS>zero</NS_CROSS_IMP_POINTS>")
    with pytest.raises(RescoreError, match="board 2, 4NS v 1EW: NS_CROSS_IMP_POINTS 'zero'"):
        rescore_text(text, source="cross.xml")
