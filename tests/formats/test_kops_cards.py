"""KOPS pairs' score cards (``h*.html``) and results lists (``wyn.html``) from ../shared/oracles (issue 15):
every number on them is compared with values computed here from the event's traveller pages (``p*.html``)
independently of the code under test: the travellers' own printed percentages and IMPs (which the traveller
tests already check against Law 78A/78B), each pair's average or sum of them, and competition places.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace.tournament.rescore import RescoreError, rescore_file, rescore_text

ORACLES = Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "pbntools-real-tournaments"
MP_EVENT = ORACLES / "test_2_kops" / "PCH1003"
IMP_EVENT = ORACLES / "test_4_kops_www_20130807" / "protokoly" / "01" / "chorzow" / "13" / "SM0807"

pytestmark = pytest.mark.skipif(not MP_EVENT.exists(), reason="the oracles are not beside the project")


class _Cells(HTMLParser):
    """Each table row's cell texts, a cell spanning n columns followed by n - 1 empty ones (a plain reader,
    written for this test)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: str | None = None
        self._span = 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag == "td":
            self._cell = ""
            self._span = int(dict(attrs).get("colspan") or 1)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None and self.rows:
            self.rows[-1].append(self._cell.replace("\xa0", " ").strip())
            self.rows[-1].extend([""] * (self._span - 1))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell += data


def _rows(path: Path) -> list[list[str]]:
    parser = _Cells()
    parser.feed(path.read_bytes().decode("iso-8859-2"))
    return parser.rows


def _traveller_values(folder: Path) -> dict[int, dict[str, Decimal]]:
    """Board -> pair -> its printed % (or IMPs) on the board's traveller page."""
    out: dict[int, dict[str, Decimal]] = {}
    for page in folder.glob("p*.html"):
        board = int(re.fullmatch(r"p(\d+)\.html", page.name).group(1))  # type: ignore[union-attr]
        for cells in _rows(page):
            if len(cells) >= 10 and cells[0].isdigit() and cells[1].isdigit():
                ns, ew = cells[8], cells[9]  # NS, EW, contract, ..., score NS, score EW, % NS, % EW
                values = out.setdefault(board, {})
                if ns.strip():
                    values[cells[0]] = Decimal(ns.rstrip("%"))
                if ew.strip():
                    values[cells[1]] = Decimal(ew.rstrip("%"))
    return out


def _card_rows(path: Path) -> list[tuple[int, Decimal]]:
    """(board, printed value) of each row of a score card."""
    return [(int(c[-10]), Decimal(c[-2])) for c in _rows(path)
            if len(c) >= 10 and c[-10].isdigit() and c[-9] in ("NS", "EW")]


def test_every_mp_score_card_agrees_with_the_travellers_and_its_total() -> None:
    cards = sorted(MP_EVENT.glob("h*.html"))
    assert len(cards) == 44
    for card in cards:
        report = rescore_file(card)
        assert report.format == "kops-html" and report.method == "matchpoints"
        assert report.exit_code == 0, (card.name, report.differences())
        rows = _card_rows(card)
        assert len(report.lines) == len(rows)
        # every board's percentage and the card's total were compared; only a Director's score is given
        assert all(c.tenace is not None or "Director" in (c.reason or "")
                   for line in report.lines for c in line.checks)
        assert report.participants[0].checks[0].tenace is not None
        (participant,) = report.participants
        pair = re.search(r"\d+", card.name).group(0)  # type: ignore[union-attr]
        assert participant.participant == pair


def test_the_mp_cards_repeat_the_travellers_percentages() -> None:
    """Independent of the reader: the card's row for a pair on a board shows the traveller's percentage
    for that pair to 0.1 (the traveller prints one decimal fewer)."""
    travellers = _traveller_values(MP_EVENT)
    checked = 0
    for card in MP_EVENT.glob("h*.html"):
        pair = re.search(r"\d+", card.name).group(0)  # type: ignore[union-attr]
        for board, value in _card_rows(card):
            printed = travellers[board][pair]
            places = -printed.as_tuple().exponent  # type: ignore[operator]
            assert value.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP) == printed or \
                abs(value - printed) <= Decimal("0.05"), (card.name, board, value, printed)
            checked += 1
    assert checked > 1000


def test_the_mp_results_list_agrees_with_every_card() -> None:
    report = rescore_file(MP_EVENT / "wyn.html")
    assert report.exit_code == 0 and len(report.participants) == 44
    # independently: each pair's % on the list is the result on its card, and the places are competition
    # ranks of the list's percentages
    listed: dict[str, tuple[int, Decimal]] = {}
    for cells in _rows(MP_EVENT / "wyn.html"):
        if len(cells) == 10 and cells[1].isdigit():
            listed[cells[1]] = (int(cells[0]), Decimal(cells[7]))
    for pair, (place, pct) in listed.items():
        card = [c for c in _rows(MP_EVENT / f"h{pair}.html") if "WYNIK" in c]
        assert Decimal([c for c in card[-1] if c][-1].rstrip("%")) == pct
        # a tie as printed is ordered by the unrounded results: the place is within the tied group
        above = sum(1 for _, other in listed.values() if other > pct)
        tied = sum(1 for _, other in listed.values() if other == pct)
        assert above < place <= above + tied
    assert {p.participant for p in report.participants} == set(listed)


def test_imp_cards_agree_except_the_known_kops_board_22() -> None:
    """The IMP event: KOPS gives 17 IMPs for the 2,080-point swing of board 22 where the Law 78B scale gives
    19 (the traveller test reports it); on the cards of the pairs who played it, that board and the total
    differ by the same amount, and nothing else does."""
    travellers = _traveller_values(IMP_EVENT)
    checked_22: set[str] = set()
    for card in sorted(IMP_EVENT.glob("h*.html")):
        report = rescore_file(card)
        assert report.method == "cross-imps"
        pair = re.search(r"\d+", card.name).group(0)  # type: ignore[union-attr]
        differing = list(report.differences())
        if differing:
            assert pair in travellers[22], (card.name, differing)
            boards = {d.board for d in differing}
            assert boards == {22, None}, (card.name, differing)
            board, total = (next(d for d in differing if d.board == b) for b in (22, None))
            gap = Decimal(board.check.tenace or "0") - Decimal(board.check.program)
            total_gap = Decimal(total.check.tenace or "0") - Decimal(total.check.program)
            assert abs(total_gap - gap) <= Decimal("0.01")
            checked_22.add(pair)
        # independently: the card's total is the sum of the IMPs the travellers print for the pair
        printed = sum((value for _, value in _card_rows(card)), Decimal(0))
        on_travellers = sum(Fraction(v[pair]) for v in travellers.values() if pair in v)
        assert abs(Fraction(printed) - on_travellers) <= Fraction(2, 100) * len(travellers)
    assert len(checked_22) == 4  # the two pairs of each of the two rows of the 2,080-point swing


def test_the_imp_results_list_names_only_the_pairs_of_board_22() -> None:
    report = rescore_file(IMP_EVENT / "wyn.html")
    travellers = _traveller_values(IMP_EVENT)
    at_22 = {p for p, v in travellers[22].items() if v != 0}
    totals = {d.where for d in report.unexplained() if d.check.quantity == "total"}
    assert totals and totals <= at_22
    # a place that differs is the list's own ranking of its own (differing) totals: documented
    assert all(d.check.quantity == "total" for d in report.unexplained())


def test_a_card_alone_takes_its_values_as_given_and_other_kops_pages_are_named() -> None:
    text = (MP_EVENT / "h1.html").read_bytes()
    report = rescore_text(text, source="h1.html")
    assert report.exit_code == 0
    assert all(c.tenace is None for line in report.lines for c in line.checks if c.quantity == "percentage")
    assert any(c.tenace is not None for line in report.lines for c in line.checks if c.quantity == "score")
    for name in ("roz.html", "index.html"):
        with pytest.raises(RescoreError, match=name):
            rescore_file(MP_EVENT / name)


def test_a_card_with_a_bad_number_names_the_file_and_line(tmp_path: Path) -> None:
    text = (MP_EVENT / "h1.html").read_bytes().decode("iso-8859-2")
    bad = text.replace(">14.29<", ">14,x9<", 1)
    lineno = text[: text.index(">14.29<")].count("\n") + 1
    path = tmp_path / "h1.html"
    path.write_bytes(bad.encode("iso-8859-2"))
    with pytest.raises(RescoreError, match=rf"h1\.html:{lineno}: percentage '14,x9' is not a number"):
        rescore_file(path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["h1.html", "h15.html", "wyn.html"]), st.integers(0, 12_000), st.integers(0, 400),
       st.binary(max_size=40))
def test_hostile_bytes_in_a_card_or_list_give_one_error_or_a_report(name: str, at: int, cut: int,
                                                                     junk: bytes) -> None:
    """A card or list with bytes replaced anywhere: a report, or one RescoreError naming the page; never
    another exception."""
    data = (MP_EVENT / name).read_bytes()
    at = min(at, len(data))
    hostile = data[:at] + junk + data[at + cut:]
    try:
        report = rescore_text(hostile, source=name)
    except RescoreError as exc:
        assert name in str(exc) and "\n" not in str(exc)
    else:
        assert report.format == "kops-html" or report.lines or report.participants
