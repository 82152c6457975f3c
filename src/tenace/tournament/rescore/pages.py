"""Re-scoring saved traveller pages: JFR Pary (% NS / % EW) and BBO (NS points, NS % or cross-IMPs), and a
BBO hand history (a player's own boards: Law 77 points and the average at its foot)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from html.parser import HTMLParser
from typing import Final

from tenace.board import Vulnerability, vulnerability_for
from tenace.contract import Contract
from tenace.errors import BridgeError
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award, artificial_percentage
from tenace.scoring.imps import butler_datum, cross_imps_average, imps_against
from tenace.scoring.matchpoints import (
    Entry,
    Factoring,
    score_board,
)
from tenace.seats import Seat
from tenace.tournament.rescore.report import (
    Check,
    LineReport,
    ParticipantReport,
    RescoreError,
    RescoreReport,
    Rounding,
    _exact,
    _law77_ns,
    compare,
    given,
)

# --- HTML traveller pages (JFR Pary, BBO) ------------------------------------------------------------------


class _Rows(HTMLParser):
    """The table rows of a page: each cell's text (images as their ``alt`` text, upper-cased), a cell with
    ``colspan`` counted that many times, and each row's class and line."""

    def __init__(self, inside: Callable[[str, dict[str, str | None]], bool] | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[str | None, list[str], int]] = []
        self.title = ""
        self._row: list[str] | None = None
        self._row_class: str | None = None
        self._row_line = 0
        self._cell: str | None = None
        self._span = 1
        self._in_title = False
        self._inside = inside
        self._depth = 0 if inside is not None else 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "title":
            self._in_title = True
        if self._inside is not None and tag == "div":
            if self._depth or self._inside(tag, attributes):
                self._depth += 1
            return
        if not self._depth:
            return
        if tag == "tr":
            self._row, self._row_class, self._row_line = [], attributes.get("class"), self.getpos()[0]
        elif tag in ("td", "th") and self._row is not None:
            self._cell = ""
            try:
                self._span = max(1, int(attributes.get("colspan") or 1))
            except ValueError:
                self._span = 1
        elif tag == "img" and self._cell is not None:
            alt = attributes.get("alt")
            if alt is None:  # KOPS draws a suit as an image without alt text: ../images/H.gif
                suit = re.search(r"(?:^|/)([CDHS])\.gif$", attributes.get("src") or "", re.IGNORECASE)
                alt = suit.group(1) if suit else ""
            self._cell += alt.upper()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if self._inside is not None and tag == "div":
            if self._depth:
                self._depth -= 1
            return
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(self._cell.replace("\xa0", " ").strip())
            self._row.extend([""] * (self._span - 1))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append((self._row_class, self._row, self._row_line))
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._cell is not None:
            self._cell += data


_SUITS: Final = {
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "N": "NT",
    "NT": "NT",
}


def _html_number(text: str, what: str, source: str, lineno: int) -> Decimal:
    cleaned = text.strip().rstrip("%").strip()
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise RescoreError(f"{what} {text!r} is not a number", source=source, lineno=lineno) from None
    if not value.is_finite():
        raise RescoreError(f"{what} {text!r} is not a number", source=source, lineno=lineno)
    return value


def _jfr_contract(text: str, declarer: str, source: str, lineno: int) -> Contract | None:
    cleaned = text.replace("××", "XX").replace("×", "X").replace(" ", "").upper()
    if cleaned in ("PASS", "PAS", "P"):
        return None
    try:
        return Contract.from_str(cleaned, Seat.from_str(declarer))
    except (BridgeError, ValueError) as exc:
        raise RescoreError(
            f"bad contract {text!r} by {declarer!r}: {exc}", source=source, lineno=lineno
        ) from exc


def _tricks(contract: Contract, result: str, source: str, lineno: int) -> int:
    text = result.strip()
    if not re.fullmatch(r"=|[+-]\d{1,2}", text):
        raise RescoreError(f"bad result {result!r} (expected =, +1, -2)", source=source, lineno=lineno)
    tricks = contract.tricks_needed + (0 if text == "=" else int(text))
    if not 0 <= tricks <= 13:
        raise RescoreError(f"result {result!r} gives {tricks} tricks", source=source, lineno=lineno)
    return tricks


@dataclass(frozen=True, slots=True)
class _JFRBoard:
    number: int
    rows: tuple[tuple[list[str], int], ...]
    """Each traveller row's cells and line."""
    entries: tuple[Entry, ...]
    """North-South's scores; a ``TD`` row as an artificial placeholder, left out of the comparison."""
    law77: tuple[int | None, ...]
    datum: int | None = None
    """The printed datum of an IMP traveller (``None`` on a matchpoint traveller)."""
    cross: bool = False
    """A KOPS IMP traveller (``PUNKTY``): cross-IMPs averaged per comparison."""


def _jfr_board(text: str, source: str, board: int | None = None, *, kops: bool = False) -> _JFRBoard:
    """A JFR Pary traveller's rows (in ``<div id="pro">``: a blank cell, NS, EW, contract, declarer, lead,
    result, score NS, score EW, % NS, % EW), or with ``kops`` a KOPS traveller's (the same columns without
    the blank cell first, and one after), as JFR's rows."""
    parser = _Rows(None if kops else lambda tag, attrs: attrs.get("id") == "pro")
    parser.feed(text)
    cross = kops and any(cell.strip().upper() == "PUNKTY" for _, cells, _ in parser.rows for cell in cells)
    if kops:
        parser.rows = [
            (cls, ["", *cells[:10]], line)
            for cls, cells, line in parser.rows
            if len(cells) >= 10 and cells[0].isdigit() and cells[1].isdigit()
        ]
    number = board
    if number is None:
        match = re.search(r"(\d+)\s*$", parser.title.strip())
        if match is None:
            match = re.search(r"(\d{3})\.(?:html?|txt)$", source)
        if match is None:
            raise RescoreError("no board number in the page's title (ROZDANIE n)", source=source)
        number = int(match.group(1))
    rows = [
        (cells, line)
        for _, cells, line in parser.rows
        if len(cells) == 11 and cells[1].isdigit() and cells[2].isdigit()
    ]
    if not rows:
        raise RescoreError("no traveller rows (NS, EW, contract, ..., % NS, % EW) in the page", source=source)
    vulnerability = vulnerability_for(number)
    entries: list[Entry] = []
    law77: list[int | None] = []
    for cells, line in rows:
        contract_text, declarer, _, result, score_ns, score_ew = cells[3:9]
        if contract_text.upper() == "TD":
            entries.append(ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE))
            law77.append(None)
            continue
        if kops and contract_text.strip().lower() in ("sędzia", "sedzia"):
            # KOPS: the Director's artificial score (Law 12C2), "60%" / "40%" or "średnia" in the score cells
            entries.append(ArtificialAdjustedScore(_kops_award(score_ns), _kops_award(score_ew)))
            law77.append(None)
            continue
        contract = _jfr_contract(contract_text, declarer, source, line)
        if score_ns:
            value = int(_html_number(score_ns, "score NS", source, line))
        elif score_ew:  # JFR prints East-West's points there; KOPS prints North-South's minus scores there
            value = int(_html_number(score_ew, "score EW", source, line)) * (1 if kops else -1)
        elif contract is None:  # passed out: no score in either column
            value = 0
        else:
            raise RescoreError(f"row {cells[1]} v {cells[2]} has no score", source=source, lineno=line)
        entries.append(value)
        law77.append(
            0
            if contract is None
            else _law77_ns(contract, _tricks(contract, result, source, line), vulnerability)
        )
    imps = any(cell.strip().upper() == "IMP" for _, cells, _ in parser.rows for cell in cells)
    datum = None
    if imps:
        # the board's datum, printed under the traveller ("średnia rozdania: 50")
        for _, cells, _ in parser.rows:
            match = re.search(r"(?:rednia|datum)[^:]*:\s*(-?\d+)", " ".join(cells), re.IGNORECASE)
            if match:
                datum = int(match.group(1))
                break
        if datum is None:
            raise RescoreError(
                f"board {number}: an IMP traveller without its datum row (średnia rozdania)", source=source
            )
    return _JFRBoard(number, tuple(rows), tuple(entries), tuple(law77), datum, cross)


_KOPS_AWARDS: Final = {"60%": Award.AVERAGE_PLUS, "50%": Award.AVERAGE, "40%": Award.AVERAGE_MINUS}


def _kops_award(cell: str) -> Award:
    """The Law 12C2 award a KOPS Director's row shows for one side ("60%", "50%", "40%"; "średnia" and
    anything else: average)."""
    return _KOPS_AWARDS.get(cell.replace(" ", ""), Award.AVERAGE)


def jfr_sessions(pages: Sequence[tuple[str, str]]) -> dict[str, Fraction]:
    """Each pair's percentage on the boards of the session where it had a real result (Law 12C2(c)), from the
    traveller pages of one JFR event given as ``(source, text)``: its Law 78A units over the tops of those
    boards, unfactored, as JFR scores them.

    :raises RescoreError: if a page is not a JFR traveller.
    """
    units: dict[str, Fraction] = {}
    tops: dict[str, int] = {}
    for source, text in pages:
        board = _jfr_board(text, source)
        for (cells, _), entry, s in zip(
            board.rows, board.entries, score_board(board.entries, factoring=Factoring.NONE), strict=True
        ):
            if isinstance(entry, ArtificialAdjustedScore):
                continue
            for pair, value in ((cells[1], s.ns), (cells[2], s.ew)):
                units[pair] = units.get(pair, Fraction(0)) + value
                tops[pair] = tops.get(pair, 0) + s.top
    return {pair: units[pair] * 100 / tops[pair] for pair in units if tops[pair]}


def _jfr_director_check(
    quantity: str, printed: Decimal, pair: str, sessions: Mapping[str, Fraction] | None, rounding: Rounding
) -> tuple[Check, str | None]:
    """A TD row's percentage for one pair: with the session's other pages, it must be a Law 12C2 award
    (average-minus, average or average-plus after the session rule of 12C2(c)), or 0 for a pair that played
    no board (not a contestant); from one page alone it is taken as given."""
    if sessions is None:
        return given(
            quantity, printed, "a Director's adjusted score (Law 12C2): not recomputed from one page"
        ), None
    session = sessions.get(pair)
    if session is None:
        if printed == 0:
            return given(
                quantity, printed, f"pair {pair} played no board of the session: not a contestant"
            ), None
        return compare(quantity, printed, Decimal(0)), None
    places = max(0, -int(printed.as_tuple().exponent))
    awards = {a: rounding.round(artificial_percentage(a, session_percentage=session), places) for a in Award}
    for award, value in awards.items():
        if value == printed:
            name = award.name.lower().replace("_", "-")
            note = f"pair {pair}: {name} (Law 12C2, session {rounding.round(session, 2)} %)"
            return compare(quantity, printed, value), note
    nearest = min(awards.values(), key=lambda v: abs(v - printed))
    return compare(quantity, printed, nearest), None


def rescore_jfr(
    text: str,
    *,
    source: str = "<jfr>",
    rounding: Rounding | None = None,
    board: int | None = None,
    sessions: Mapping[str, Fraction] | None = None,
    kops: bool = False,
) -> RescoreReport:
    """Re-score a JFR Pary traveller page (one board), or with ``kops`` a KOPS traveller page (``p1.html``,
    "ROZDANIE NR 1", written by KoPS2www, JFR's older program): % NS and % EW are Law 78A units over the top
    of the real results on the board, unfactored. A ``TD`` row (a Director's score) leaves the comparison; its
    percentages depend on the pair's whole session (Law 12C2(c)), so they are checked when ``sessions``
    (:func:`jfr_sessions` of the event's pages) is given, and taken as given otherwise."""
    # KOPS rounds halves up (74.95 is printed 75.0); JFR Pary to even
    chosen = rounding or (Rounding.HALF_UP if kops else Rounding.HALF_EVEN)
    parsed = _jfr_board(text, source, board, kops=kops)
    number = parsed.number
    if parsed.datum is not None:
        return _jfr_imps(parsed, source, chosen)
    if parsed.cross:
        return _kops_cross_imps(parsed, source, chosen)
    # KOPS factors the real results of a board with a Director's row to the field (Neuberg); JFR does not
    factoring = Factoring.NEUBERG if kops else Factoring.NONE
    scored = score_board(parsed.entries, field=len(parsed.entries) if kops else None, factoring=factoring)
    lines = []
    for (cells, line), entry, ours, s in zip(parsed.rows, parsed.entries, parsed.law77, scored, strict=True):
        checks: list[Check] = []
        notes: list[str] = []
        if isinstance(entry, int) and ours is not None:
            checks.append(compare("score", entry, ours))
        for quantity, printed, exact, pair in (
            ("ns_percentage", cells[9], s.ns_percentage, cells[1]),
            ("ew_percentage", cells[10], s.ew_percentage, cells[2]),
        ):
            shown = _html_number(printed, quantity.replace("_", " "), source, line)
            if isinstance(entry, ArtificialAdjustedScore):
                check, note = _jfr_director_check(quantity, shown, pair, sessions, chosen)
                checks.append(check)
                if note:
                    notes.append(note)
            else:
                places = max(0, -int(shown.as_tuple().exponent))
                top = 2 * (len(parsed.entries) - 1)
                if kops and top:  # KOPS rounds factored matchpoints to 0.01 before it takes the percentage
                    exact = Fraction(Rounding.HALF_UP.round(exact * top / 100, 2)) * 100 / top
                checks.append(compare(quantity, shown, chosen.round(exact, places)))
        lines.append(LineReport(number, cells[1], cells[2], tuple(checks), note="; ".join(notes) or None))
    settings = [
        ("factoring", "neuberg, matchpoints rounded to 0.01 (KOPS)" if kops else "none"),
        ("vulnerability", f"{vulnerability_for(number).value} (Law 2, board {number})"),
    ]
    if sessions is not None:
        settings.append(("director_scores", "checked against Law 12C2 with the session's other pages"))
    return RescoreReport(
        source,
        "kops-html" if kops else "jfr-html",
        "KOPS" if kops else "JFR Pary",
        "matchpoints",
        chosen,
        tuple(lines),
        (),
        tuple(settings),
    )


def _kops_cross_imps(parsed: _JFRBoard, source: str, rounding: Rounding) -> RescoreReport:
    """A KOPS IMP traveller (``PUNKTY``): each real score IMPed against every other real score on the board
    and averaged per comparison (Law 78B), as the files show; a Director's row (``sędzia``, ``średnia``) is
    left out of the comparison and its points, if any, taken as given."""
    real = [e for e in parsed.entries if isinstance(e, int)]
    averages = iter(cross_imps_average(real)) if len(real) > 1 else iter([Fraction(0)] * len(real))
    lines = []
    for (cells, line), entry, ours in zip(parsed.rows, parsed.entries, parsed.law77, strict=True):
        checks: list[Check] = []
        if isinstance(entry, int):
            if ours is not None:
                checks.append(compare("score", entry, ours))
            exact = next(averages)
            for quantity, printed, value in (("ns_imps", cells[9], exact), ("ew_imps", cells[10], -exact)):
                if printed.strip():
                    shown = _html_number(printed, quantity.replace("_", " "), source, line)
                    places = max(0, -int(shown.as_tuple().exponent))
                    checks.append(compare(quantity, shown, rounding.round(value, places)))
        else:
            for quantity, printed in (("ns_imps", cells[9]), ("ew_imps", cells[10])):
                if printed.strip():
                    shown = _html_number(printed, quantity.replace("_", " "), source, line)
                    checks.append(given(quantity, shown, "a Director's adjusted score (Law 12C2)"))
        lines.append(LineReport(parsed.number, cells[1], cells[2], tuple(checks)))
    settings = (
        ("scoring", "cross-IMPs averaged per comparison (KOPS)"),
        ("vulnerability", f"{vulnerability_for(parsed.number).value} (Law 2, board {parsed.number})"),
    )
    return RescoreReport(source, "kops-html", "KOPS", "cross-imps", rounding, tuple(lines), (), settings)


def _jfr_imps(parsed: _JFRBoard, source: str, rounding: Rounding) -> RescoreReport:
    """A JFR IMP traveller: each real result's IMPs against the board's printed datum (Law 78B). How JFR
    derives its datum is one of its settings that the page does not say, so the datum is taken as printed
    and the report says so; a ``TD`` row's IMPs (a Director's score) are taken as given."""
    datum = parsed.datum
    assert datum is not None
    lines = []
    for (cells, line), entry, ours in zip(parsed.rows, parsed.entries, parsed.law77, strict=True):
        checks: list[Check] = []
        if isinstance(entry, int) and ours is not None:
            checks.append(compare("score", entry, ours))
        for quantity, printed, sign in (("ns_imps", cells[9], 1), ("ew_imps", cells[10], -1)):
            shown = _html_number(printed, quantity.replace("_", " "), source, line)
            if isinstance(entry, int):  # Law 78B against the datum
                checks.append(compare(quantity, shown, sign * imps_against([entry], datum)[0]))
            else:
                checks.append(given(quantity, shown, "a Director's adjusted score: not recomputed"))
        lines.append(LineReport(parsed.number, cells[1], cells[2], tuple(checks)))
    settings = (
        ("datum", f"{datum}, as printed (JFR's datum rule is a setting the page does not give)"),
        ("vulnerability", f"{vulnerability_for(parsed.number).value} (Law 2, board {parsed.number})"),
    )
    return RescoreReport(
        source,
        "jfr-html",
        "JFR Pary",
        "butler",
        rounding,
        tuple(lines),
        (),
        settings,
        (f"board {parsed.number}: IMPs checked against the printed datum {datum}",),
    )


_BBO_RESULT: Final = re.compile(
    r"(?P<level>[1-7])(?P<denom>[♣♦♥♠CDHS]|NT?)(?P<dbl>[xX]{0,2})"
    r"(?P<declarer>[NESW])(?P<result>=|[+-]\d{1,2})"
)


def _bbo_contract(text: str, source: str, lineno: int) -> tuple[Contract | None, int] | None:
    """``(contract, tricks)`` from a BBO result string (``4♠xW-1``, ``3NS+2``, ``PASS``), or ``None`` for an
    adjusted score (``A==``, ``A+-``, ...)."""
    cleaned = text.replace(" ", "")
    if cleaned.upper() in ("PASS", "P", "AP"):
        return None, 0
    if cleaned.upper().startswith("A"):
        return None
    match = _BBO_RESULT.fullmatch(cleaned)
    if match is None:
        raise RescoreError(
            f"bad BBO result {text!r} (expected e.g. 4♠xW-1 or PASS)", source=source, lineno=lineno
        )
    contract = Contract.from_str(
        f"{match['level']}{_SUITS[match['denom']]}{match['dbl'].upper()}", Seat.from_str(match["declarer"])
    )
    return contract, _tricks(contract, match["result"], source, lineno)


def _bbo_missing_result(
    entries: Sequence[Entry], printed: Sequence[Decimal], ours: Sequence[Fraction], rounding: Rounding
) -> tuple[list[Fraction], str] | None:
    """When the page's NS percentages disagree with its own rows but all agree once one more real result is
    added (BBO leaves a row out of some travellers), the percentages with that result and where it lies
    (``"between 100 and 140"``); ``None`` when nothing is missing or no single extra result explains it."""

    def agreeing(values: Sequence[Fraction]) -> int:
        return sum(
            rounding.round(v, max(0, -int(p.as_tuple().exponent))) == p
            for v, p in zip(values, printed, strict=True)
        )

    if agreeing(ours) == len(entries):
        return None
    scores = sorted({e for e in entries if isinstance(e, int)})
    if not scores:
        return None
    candidates: list[tuple[int, str]] = [(scores[0] - 10, f"below {scores[0]}")]
    candidates += [(x, f"equal to {x}") for x in scores]
    candidates += [((a + b) // 2, f"between {a} and {b}") for a, b in itertools.pairwise(scores) if b - a > 1]
    candidates.append((scores[-1] + 10, f"above {scores[-1]}"))
    found: list[tuple[list[Fraction], str]] = []
    for extra, where in candidates:
        scored = score_board([*entries, extra], factoring=Factoring.NONE)[: len(entries)]
        values = [s.ns_percentage for s in scored]
        if agreeing(values) == len(entries):
            found.append((values, where))
    return found[0] if len(found) == 1 else None


_BBO_AWARD: Final = {"=": Award.AVERAGE, "+": Award.AVERAGE_PLUS, "-": Award.AVERAGE_MINUS}


def _bbo_imps(
    entries: Sequence[Entry], real: Sequence[int], printed: Sequence[Decimal], rounding: Rounding
) -> tuple[list[Fraction], str]:
    """Each line's IMPs on an IMP-pairs traveller, and how they were scored: cross-IMPs averaged per
    comparison (what BBO prints), or Butler IMPs against the datum, whichever agrees with more lines.
    Artificial scores get their Law 12C2 IMPs and leave the comparison."""
    candidates: dict[str, list[Fraction]] = {}
    for name, values in (
        ("cross-IMPs averaged per comparison", cross_imps_average(real) if len(real) > 1 else None),
        (
            "Butler IMPs against the datum (drop 1 top and 1 bottom)",
            [Fraction(v) for v in imps_against(real, butler_datum(real))] if len(real) > 2 else None,
        ),
    ):
        if values is None:
            continue
        it = iter(values)
        candidates[name] = [
            next(it)
            if isinstance(e, int)
            else e.imps()[0]
            if isinstance(e, ArtificialAdjustedScore)
            else Fraction(0)
            for e in entries
        ]
    if not candidates:
        return [Fraction(0)] * len(entries), "cross-IMPs (one result: nothing to compare)"

    def agreeing(values: list[Fraction]) -> int:
        return sum(
            1
            for v, p in zip(values, printed, strict=True)
            if rounding.round(v, max(0, -int(p.as_tuple().exponent))) == p
        )

    name = max(candidates, key=lambda n: agreeing(candidates[n]))
    return candidates[name], name


def rescore_bbo(text: str, *, source: str = "<bbo>", rounding: Rounding | None = None) -> RescoreReport:
    """Re-score a BBO traveller page (one board): the NS points of each result, and its Score column, either
    NS matchpoint percentages (``80.00%``) or cross-IMPs averaged over the comparisons (IMP pairs).

    The page names no board, so the vulnerability is inferred: the one under which the most points agree
    with Law 77 (printed in the settings)."""
    return _bbo_traveller(text, source, rounding)[0]


def _bbo_traveller(
    text: str, source: str, rounding: Rounding | None
) -> tuple[RescoreReport, list[tuple[frozenset[str], frozenset[str], Fraction, Fraction]]]:
    """:func:`rescore_bbo`, and each line's pairs (their two players, lower case) with Tenace's exact NS and
    EW percentages (none on an IMP traveller)."""
    chosen = rounding or Rounding.HALF_UP
    parser = _Rows()
    parser.feed(text)
    rows = [(cells, line) for cls, cells, line in parser.rows if cls == "tourney" and len(cells) >= 9]
    if not rows:
        links = set(re.findall(r"traveller=([\w-]+)", text))
        if links:
            raise RescoreError(
                f"a BBO page that only links to {len(links)} traveller pages, not a traveller: "
                "re-score the traveller pages, or the results page (tview.php) with them beside it",
                source=source,
            )
        raise RescoreError("no traveller rows (class 'tourney') in the page", source=source)
    title = next(
        (cells[0] for _, cells, _ in parser.rows if cells and cells[0].startswith("Traveller")), "Traveller"
    )
    parsed: list[tuple[tuple[Contract | None, int] | None, Decimal | None, Decimal, list[str], int]] = []
    for cells, line in rows:
        result = _bbo_contract(cells[6], source, line)
        blank = not cells[7].strip() or (result is None and cells[7].strip().upper() in ("N/A", "-", "?"))
        points = None if blank else _html_number(cells[7], "points", source, line)
        parsed.append((result, points, _html_number(cells[8], "score", source, line), cells, line))
    percent = all(cells[8].strip().endswith("%") for cells, _ in rows)

    def law77(item: tuple[Contract | None, int] | None, vul: Vulnerability) -> int | None:
        if item is None:
            return None
        return _law77_ns(item[0], item[1], vul)

    vulnerability = max(
        Vulnerability,
        key=lambda v: sum(
            1 for item, points, *_ in parsed if points is not None and law77(item, v) == points
        ),
    )
    entries: list[Entry] = []
    for item, points, _, cells, _ in parsed:
        if item is None:
            code = cells[6].strip()[1:3].ljust(2, "=")
            entries.append(
                ArtificialAdjustedScore(
                    _BBO_AWARD.get(code[0], Award.AVERAGE), _BBO_AWARD.get(code[1], Award.AVERAGE)
                )
            )
        else:
            entries.append(int(points) if points is not None else law77(item, vulnerability) or 0)
    ours: list[Fraction]
    real = [e for e in entries if isinstance(e, int)]
    lines = []
    scoring = "matchpoints, unfactored"
    notes: list[str] = []
    if percent:
        scored = score_board(entries, factoring=Factoring.NONE)
        ours = [s.ns_percentage for s in scored]
        printed_pcts = [printed for _, _, printed, _, _ in parsed]
        missing = _bbo_missing_result(entries, printed_pcts, ours, chosen)
        if missing is not None:
            ours, where = missing
            scoring = "matchpoints, unfactored, with one result the page does not show"
            notes.append(
                f"the page omits one result: its percentages are those of {len(entries) + 1} results, and "
                f"they all agree with one more NS score {where}, which the page does not show; scored with it"
            )
    else:
        ours, scoring = _bbo_imps(entries, real, [printed for _, _, printed, _, _ in parsed], chosen)
    for (item, points, printed, cells, _), exact in zip(parsed, ours, strict=True):
        checks: list[Check] = []
        expected = law77(item, vulnerability)
        if points is not None and expected is not None:
            checks.append(compare("score", points, expected))
        places = max(0, -int(printed.as_tuple().exponent))
        quantity = "ns_percentage" if percent else "ns_imps"
        checks.append(compare(quantity, printed, chosen.round(exact, places)))
        ns = f"{cells[2]}-{cells[3]}"
        ew = f"{cells[4]}-{cells[5]}"
        lines.append(LineReport(None, ns, ew, tuple(checks), table=cells[0]))
    settings = (
        ("vulnerability", f"{vulnerability.value} (inferred from the points)"),
        ("scoring", scoring),
        ("traveller", title),
    )
    pairs = (
        [
            (
                frozenset((cells[2].strip().lower(), cells[3].strip().lower())),
                frozenset((cells[4].strip().lower(), cells[5].strip().lower())),
                exact,
                s.ew_percentage if isinstance(entry, ArtificialAdjustedScore) else 100 - exact,
            )
            for (_, _, _, cells, _), exact, entry, s in zip(parsed, ours, entries, scored, strict=True)
        ]
        if percent
        else []
    )
    report = RescoreReport(
        source,
        "bbo-html",
        "BBO",
        "matchpoints" if percent else "butler" if scoring.startswith("Butler") else "cross-imps",
        chosen,
        tuple(lines),
        (),
        settings,
        tuple(notes),
    )
    return report, pairs


# --- BBO tournament results (tview) ------------------------------------------------------------------------


def bbo_traveller_percentages(
    pages: Sequence[tuple[str, str]], rounding: Rounding | None = None
) -> dict[str, dict[int, Fraction]]:
    """Each player's exact matchpoint percentage (Tenace's) per board, on the BBO traveller pages given as
    ``(name, text)`` (the board is the page's index), keyed by the player's name in lower case; IMP
    travellers are skipped. A pair's boards are those either of its players played: BBO keeps a pair's
    score when one partner is replaced for a board."""
    out: dict[str, dict[int, Fraction]] = {}
    for index, (name, text) in enumerate(pages):
        _, lines = _bbo_traveller(text, name, rounding)
        for ns, ew, ns_pct, ew_pct in lines:
            for players, value in ((ns, ns_pct), (ew, ew_pct)):
                for player in players:
                    out.setdefault(player, {})[index] = value
    return out


def rescore_bbo_tview(
    text: str,
    *,
    source: str = "<tview>",
    rounding: Rounding | None = None,
    travellers: Mapping[str, Mapping[int, Fraction]] | None = None,
    boards: int | None = None,
) -> RescoreReport:
    """Re-score a BBO tournament results page (``tview.php``): in each section the ranks follow from the
    scores (competition ranking, ties sharing a rank), the overall leaders are the best scores of all
    sections, and, when the traveller pages of every board are beside it (``travellers``: each pair's
    percentages by player and board, ``boards``: how many boards the tournament had), each pair's score is
    the average of its board percentages, a board counting when either player of the pair played it."""
    chosen = rounding or Rounding.HALF_UP
    chunks = re.split(r"<div class=['\"]sectionbreak['\"]>", text)
    if len(chunks) < 2:
        raise RescoreError("no section tables (class 'sectionbreak') in the BBO results page", source=source)
    lines_before = text[: len(chunks[0])].count("\n")
    sections: list[tuple[str, list[tuple[str, Decimal, int | None, int]]]] = []
    offset = lines_before
    for chunk in chunks[1:]:
        label = re.sub(r"<[^>]+>", "", chunk.split("</div>", 1)[0]).strip() or f"Section {len(sections) + 1}"
        # a stratified event nests a small table of A/B/C ranks in the Rank header and cells: keep the
        # header's word and the first (overall) rank
        flat = re.sub(
            r"(<th[^>]*>)([^<]*)(?:<br\s*/?>)?\s*<table.*?</table>", r"\1\2", chunk, flags=re.S | re.I
        )
        flat = re.sub(
            r"(<td[^>]*>)\s*<table.*?<td[^>]*>(.*?)</td>.*?</table>", r"\1\2", flat, flags=re.S | re.I
        )
        parser = _Rows()
        parser.feed(flat.split("</table>", 1)[0])
        header: list[str] = []
        rows: list[tuple[str, Decimal, int | None, int]] = []
        for _, cells, line in parser.rows:
            if not header:
                header = [c.lower() for c in cells]
                continue
            try:
                name_at = header.index("name")
                score_at = next(i for i, h in enumerate(header) if h.startswith("score"))
            except (ValueError, StopIteration):
                raise RescoreError(
                    f"{label}: the table has no Name and Score columns", source=source, lineno=offset + line
                ) from None
            rank_at = header.index("rank") if "rank" in header else None
            score = _html_number(cells[score_at], "score", source, offset + line)
            rank_text = cells[rank_at].strip() if rank_at is not None and rank_at < len(cells) else ""
            rank = int(rank_text) if rank_text.isdigit() else None
            rows.append((cells[name_at], score, rank, offset + line))
        sections.append((label, rows))
        offset += chunk.count("\n")
    percent = re.search(r"Score\s*\(\s*%\s*\)", text, re.IGNORECASE) is not None
    participants: list[ParticipantReport] = []
    notes: list[str] = []
    checked_pct = 0
    for label, rows in sections:
        scores = {f"{label}: {name}": _exact(score) for name, score, _, _ in rows}
        places = _rank_places(scores)
        for name, score, rank, _ in rows:
            key = f"{label}: {name}"
            checks: list[Check] = []
            pair = [p.strip().lower() for p in name.split("+")]
            played: dict[int, Fraction] = {}
            for player in pair:
                played.update((travellers or {}).get(player, {}))
            if percent and travellers is not None and boards is not None and played:  # average of its boards
                values = list(played.values())
                if len(values) == boards:
                    average = sum(values, Fraction(0)) / boards
                    places_shown = max(0, -int(score.as_tuple().exponent))
                    checks.append(compare("percentage", score, chosen.round(average, places_shown)))
                    checked_pct += 1
                else:
                    checks.append(given("percentage", score, f"{len(values)} of {boards} boards' travellers"))
            if rank is not None:
                reason = None
                if any(
                    other_rank == rank and other != name and abs(other_score - score) <= Decimal("0.01")
                    for other, other_score, other_rank, _ in rows
                ):
                    reason = (
                        "tied with a score printed 0.01 apart: BBO ranks the unrounded scores, rounding "
                        "each for display"
                    )
                checks.append(compare("place", rank, places[key], reason))
            participants.append(ParticipantReport(key, tuple(checks)))
    if travellers is not None and boards is None:
        notes.append(
            "the number of boards is not known (the tournament's board list is not beside the page): "
            "the scores are taken as given, the ranks are checked against them"
        )
    elif travellers is None:
        notes.append(
            "no traveller pages beside the results page: the scores are taken as given, the ranks "
            "are checked against them"
        )
    elif checked_pct == 0:
        notes.append(
            "the traveller pages beside the results page do not cover every board of any pair: the "
            "scores are taken as given"
        )
    title = re.search(r"Title\s*</t[dh]>\s*<t[dh][^>]*>([^<]*)", text)
    settings: tuple[tuple[str, str], ...] = (
        ("score", "average of the board percentages" if percent else "as given (IMPs)"),
        ("rank", "within each section, ties sharing a rank"),
    )
    if title:
        settings = (*settings, ("title", title.group(1).strip()))
    return RescoreReport(
        source,
        "bbo-html",
        "BBO",
        "matchpoints" if percent else "cross-imps",
        chosen,
        (),
        tuple(participants),
        settings,
        tuple(notes),
    )


def _rank_places(scores: Mapping[str, Fraction]) -> dict[str, int]:
    """Competition ranks (1, 2, 2, 4), highest score first."""
    return {key: 1 + sum(1 for other in scores.values() if other > value) for key, value in scores.items()}


# --- JFR results list (W-*.html) ---------------------------------------------------------------------------


def _is_jfr_results(text: str) -> bool:
    """Whether a JFR page is its results list (a table headed ``m-ce``, ``nr``, ..., ``wynik``)."""
    return re.search(r">\s*m-ce\s*<", text) is not None


def rescore_jfr_results(
    text: str,
    *,
    source: str = "<jfr>",
    rounding: Rounding | None = None,
    travellers: Sequence[tuple[str, str]] | None = None,
) -> RescoreReport:
    """Re-score a JFR Pary results list (``W-<event>.html``): the places follow from the results (ties share
    a place, printed blank), and on a matchpoint list, when the event's traveller pages are given
    (``(name, text)``), each pair's ``wynik %`` is the average of its board percentages as JFR prints them
    (each rounded to 0.01 first: that is how JFR adds them up), a Director's (TD) score counting as its Law
    12C2 award. IMP totals are taken as given."""
    chosen = rounding or Rounding.HALF_EVEN
    parser = _Rows()
    parser.feed(text)
    header: list[str] | None = None
    rows: list[tuple[list[str], int]] = []
    for _, cells, line in parser.rows:
        lowered = [c.strip().lower() for c in cells]
        if header is None:
            if "m-ce" in lowered and "nr" in lowered:
                header = lowered
            continue
        if len(cells) == len(header) and cells[header.index("nr")].strip().isdigit():
            rows.append((cells, line))
    if header is None or not rows:
        raise RescoreError("no results table (m-ce, nr, ..., wynik) in the JFR page", source=source)
    result_at = next((i for i, h in enumerate(header) if h.startswith("wynik")), None)
    if result_at is None:
        raise RescoreError("the JFR results table has no 'wynik' column", source=source)
    percent = "%" in header[result_at]
    place_at, pair_at = header.index("m-ce"), header.index("nr")
    results = {
        cells[pair_at].strip(): _html_number(cells[result_at], "wynik", source, line) for cells, line in rows
    }
    ours_pct: dict[str, Fraction] | None = None
    theirs_pct: dict[str, Fraction] = {}
    differing: dict[str, list[int]] = {}
    notes: list[str] = []
    if percent and travellers:
        ours_pct, theirs_pct, differing = _jfr_pair_averages(travellers, chosen)
    elif percent:
        notes.append("no traveller pages beside the list: the results are taken as given, places checked")
    else:
        notes.append("IMP results are taken as given (not recomputed); the places are checked against them")
    places = _rank_places({pid: _exact(v) for pid, v in results.items()})
    participants = []
    shown_place = None
    for cells, line in rows:
        pid = cells[pair_at].strip()
        printed = results[pid]
        checks: list[Check] = []
        if ours_pct is not None:
            mine = ours_pct.get(pid)
            places_shown = max(0, -int(printed.as_tuple().exponent))
            reason = None
            if pid in differing and chosen.round(theirs_pct[pid], places_shown) == printed:
                boards = ", ".join(str(b) for b in sorted(set(differing[pid])))
                reason = (
                    f"follows the program's own board percentages, which differ from Tenace's on board(s) "
                    f"{boards} of this pair (reported on those travellers)"
                )
            checks.append(
                compare(
                    "percentage", printed, None if mine is None else chosen.round(mine, places_shown), reason
                )
            )
        place_text = cells[place_at].strip()
        if place_text.isdigit():
            shown_place = int(place_text)
        elif not place_text and shown_place is None:
            raise RescoreError(f"pair {pid}: no place", source=source, lineno=line)
        # a blank place is a tie with the row above (JFR prints the shared place once)
        assert shown_place is not None
        tied = sum(1 for v in results.values() if v == printed)
        tie_reason = None
        if places[pid] < shown_place <= places[pid] + tied - 1:
            tie_reason = "a tie on the printed result, which JFR orders by the unrounded results"
        elif ours_pct is not None and checks[0].documented:
            tie_reason = "the place follows the program's documented result"
        checks.append(compare("place", shown_place, places[pid], tie_reason))
        participants.append(ParticipantReport(pid, tuple(checks)))
    settings: tuple[tuple[str, str], ...] = (
        (
            "result",
            "average of the board percentages, each as printed (0.01)" if percent else "IMPs, as given",
        ),
        ("place", "ties share a place, printed once"),
    )
    return RescoreReport(
        source,
        "jfr-html",
        "JFR Pary",
        "matchpoints" if percent else "butler",
        chosen,
        (),
        tuple(participants),
        settings,
        tuple(notes),
    )


def _jfr_pair_averages(
    pages: Sequence[tuple[str, str]], rounding: Rounding
) -> tuple[dict[str, Fraction], dict[str, Fraction], dict[str, list[int]]]:
    """Each pair's average of its board percentages on the JFR traveller pages: Tenace's (each as JFR prints
    it, two decimals; a TD row as its Law 12C2 award for the pair's session), the program's own printed
    ones, and the boards where the two differ for the pair."""
    sessions = jfr_sessions(pages)
    ours: dict[str, list[Fraction]] = {}
    theirs: dict[str, list[Fraction]] = {}
    differing: dict[str, list[int]] = {}
    for name, text in pages:
        report = rescore_jfr(text, source=name, rounding=rounding, sessions=sessions)
        for line in report.lines:
            for pair, quantity in ((line.ns, "ns_percentage"), (line.ew, "ew_percentage")):
                check = next(c for c in line.checks if c.quantity == quantity)
                value = check.tenace if check.tenace is not None else check.program
                ours.setdefault(pair, []).append(Fraction(Decimal(value)))
                theirs.setdefault(pair, []).append(Fraction(Decimal(check.program)))
                if not check.agrees and line.board is not None:
                    differing.setdefault(pair, []).append(line.board)

    def mean(values: Mapping[str, list[Fraction]]) -> dict[str, Fraction]:
        return {pair: sum(v, Fraction(0)) / len(v) for pair, v in values.items()}

    return mean(ours), mean(theirs), differing


# --- BBO hand history (a player's own boards) -------------------------------------------------------------


_LIN_VULNERABILITY: Final = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "n": Vulnerability.NS,
                             "e": Vulnerability.EW, "b": Vulnerability.BOTH}
"""LIN ``sv|`` codes (none, North-South, East-West, both)."""


def is_bbo_history(text: str) -> bool:
    """Whether ``text`` is a BBO hand history page ("Hands played by ..."): one row per board a player
    played (class ``mbc``), each with its result, points and score, and totals at the foot."""
    return 'class="mbc"' in text and "hands played by" in text.lower()


def bbo_history_lins(text: str) -> list[str | None]:
    """The LIN file each row of a BBO hand history links to (``<A HREF="3381671193.lin">Lin</A>``, or
    ``fetchlin.php?id=3399598383``, saved as ``3399598383.lin``), in row order; ``None`` for a row without
    one."""
    rows = re.findall(r"<tr\s+class=\"mbc\"\s*>(.*?)</tr>", text, re.IGNORECASE | re.DOTALL)
    out: list[str | None] = []
    for row in rows:
        match = re.search(r"href=['\"]?([^'\" >]+\.lin)['\"]?", row, re.IGNORECASE)
        fetched = re.search(r"fetchlin\.php\?id=(\d+)", row, re.IGNORECASE)
        if match is not None:
            out.append(match.group(1).rsplit("/", 1)[-1])
        else:  # the live page's link; a saved page's hand is <id>.lin beside it
            out.append(f"{fetched.group(1)}.lin" if fetched is not None else None)
    return out


def lin_vulnerability(lin: str) -> Vulnerability | None:
    """The vulnerability a LIN hand gives (``sv|o|``, ``sv|n|``, ``sv|e|``, ``sv|b|``), if any."""
    match = re.search(r"(?:^|\|)sv\|([^|]*)\|", lin)
    return _LIN_VULNERABILITY.get(match.group(1).strip().lower()[:1]) if match else None


def rescore_bbo_history(
    text: str,
    *,
    source: str = "<bbo>",
    rounding: Rounding | None = None,
    vulnerabilities: Sequence[Vulnerability | None] | None = None,
) -> RescoreReport:
    """Re-score a BBO hand history page: each row's points against Law 77 (the vulnerability from the LIN
    file the row links to, given in ``vulnerabilities`` in row order, or else the one of the four under
    which the points follow Law 77, said so), the row's score taken as given (the field's traveller is not
    on the page), and the average at the foot against the total divided by the number of boards."""
    chosen = rounding or Rounding.HALF_UP
    parser = _Rows()
    parser.feed(text)
    rows = [(cells, line) for cls, cells, line in parser.rows if cls == "mbc" and len(cells) >= 9]
    if not rows:
        raise RescoreError("a BBO hand history without rows (class 'mbc')", source=source)
    player = re.search(r"Hands played by\s*(?:<[^>]*>\s*)*([^<\s][^<]*?)\s*<", text, re.IGNORECASE)
    lines: list[LineReport] = []
    inferred = 0
    for index, (cells, line) in enumerate(rows):
        result = _bbo_contract(cells[6], source, line)
        checks: list[Check] = []
        blank = not cells[7].strip() or result is None
        points = None if blank else _html_number(cells[7], "points", source, line)
        vul = vulnerabilities[index] if vulnerabilities is not None and index < len(vulnerabilities) else None
        note = None
        if points is not None and result is not None:
            if vul is None:
                # the row names no board: the vulnerability under which its points follow Law 77
                agreeing = [v for v in Vulnerability if _law77_ns(result[0], result[1], v) == points]
                vul = agreeing[0] if agreeing else Vulnerability.NONE
                inferred += 1
                note = f"vulnerability {vul.value} inferred from the points (no LIN file beside the page)"
            # Law 77: the points of the contract, tricks and the declaring side's vulnerability
            checks.append(compare("score", points, _law77_ns(result[0], result[1], vul)))
        if cells[8].strip():
            value = _html_number(cells[8], "score", source, line)
            checks.append(given("ns_score", value, "the field's traveller is not on the page"))
        lines.append(
            LineReport(None, f"{cells[2]}-{cells[3]}", f"{cells[4]}-{cells[5]}", tuple(checks),
                       table=cells[0] or None, note=note)
        )
    participants: list[ParticipantReport] = []
    totals = {cells[0].strip().lower(): (cells, line) for _, cells, line in parser.rows if cells}
    total = next(((c, ln) for k, (c, ln) in totals.items() if k.endswith(" total")), None)
    average = next(((c, ln) for k, (c, ln) in totals.items() if k.endswith(" average")), None)
    notes: list[str] = [
        "a player's own boards: the points are checked against Law 77; the scores need the field's "
        "travellers, which are not on the page"
    ]
    if total is not None and average is not None:
        # "IMPs Total | 28.94 | 28 | IMPs Hands" and "IMPs Average | 1.03": the first values after the label
        (total_cells, total_line), (average_cells, average_line) = total, average
        values = [v for v in total_cells[1:] if v.strip()]
        averages = [v for v in average_cells[1:] if v.strip()]
        if len(values) >= 2 and values[1].strip().isdigit() and int(values[1]) > 0 and averages:
            printed_total = _html_number(values[0], "total", source, total_line)
            hands = int(values[1])
            printed_average = _html_number(averages[0], "average", source, average_line)
            places = max(0, -int(printed_average.as_tuple().exponent))
            mean = chosen.round(_exact(printed_total) / hands, places)
            participants.append(
                ParticipantReport(
                    player.group(1).strip() if player else "player",
                    (
                        given("total", printed_total, f"over {hands} boards, not all of them on the page"),
                        compare("average", printed_average, mean),
                    ),
                )
            )
    if inferred:
        notes.append(f"{inferred} row(s) without a LIN file beside the page: vulnerability inferred")
    settings = (("vulnerability", "from the LIN files beside the page" if not inferred else
                 "inferred from the points where no LIN file is beside the page"),)
    return RescoreReport(source, "bbo-html", "BBO", "scores", chosen, tuple(lines), tuple(participants),
                         settings, tuple(notes))


# --- KOPS score cards and results list ---------------------------------------------------------------------


def _number_text(text: str) -> bool:
    """Whether ``text`` is a plain number in ASCII digits (``str.isdigit`` also takes ``²``, which ``int``
    refuses)."""
    return re.fullmatch(r"[0-9]+", text.strip()) is not None


def kops_event_values(
    travellers: Sequence[tuple[str, str]],
) -> tuple[dict[int, dict[str, Fraction | Decimal]], bool]:
    """Tenace's value of each pair on each board of a KOPS event, from its traveller pages (``(name, text)``):
    board -> pair -> the exact percentage (matchpoints: Law 78A, Neuberg-factored on a board with a Director's
    row, the matchpoints rounded to 0.01 as KOPS does) or cross-IMPs averaged per comparison (Law 78B); a
    Director's row (Law 12C2) as the traveller prints it (a ``Decimal``: taken as given). Also whether the
    event is scored in IMPs."""
    values: dict[int, dict[str, Fraction | Decimal]] = {}
    imps = False
    for name, text in travellers:
        parsed = _jfr_board(text, name, kops=True)
        imps = imps or parsed.cross
        board = values.setdefault(parsed.number, {})
        if parsed.cross:
            real = [e for e in parsed.entries if isinstance(e, int)]
            averages = iter(cross_imps_average(real)) if len(real) > 1 else iter([Fraction(0)] * len(real))
        else:
            scored = iter(score_board(parsed.entries, field=len(parsed.entries), factoring=Factoring.NEUBERG))
            top = 2 * (len(parsed.entries) - 1)
        for (cells, line), entry in zip(parsed.rows, parsed.entries, strict=True):
            ns: Fraction | Decimal
            ew: Fraction | Decimal
            if parsed.cross:
                if isinstance(entry, int):
                    ns = next(averages)
                    ew = -ns
                else:
                    ns = _html_number(cells[9] or "0", "ns imps", name, line)
                    ew = _html_number(cells[10] or "0", "ew imps", name, line)
            else:
                s = next(scored)
                if isinstance(entry, ArtificialAdjustedScore):
                    ns = _html_number(cells[9], "ns percentage", name, line)
                    ew = _html_number(cells[10], "ew percentage", name, line)
                else:
                    # KOPS rounds the factored matchpoints to 0.01 before it takes the percentage
                    ns, ew = (
                        Fraction(Rounding.HALF_UP.round(p * top / 100, 2)) * 100 / top if top else p
                        for p in (s.ns_percentage, s.ew_percentage)
                    )
            board[cells[1]] = ns
            board[cells[2]] = ew
    return values, imps


def _kops_value_check(quantity: str, printed: Decimal, ours: Fraction | Decimal | None, rounding: Rounding,
                      why_missing: str) -> Check:
    if ours is None:
        return given(quantity, printed, why_missing)
    if isinstance(ours, Decimal):
        return given(quantity, printed, "a Director's adjusted score (Law 12C2), as the traveller shows it") \
            if printed == ours else compare(quantity, printed, ours)
    return compare(quantity, printed, rounding.round(ours, max(0, -int(printed.as_tuple().exponent))))


def rescore_kops_card(
    text: str,
    *,
    source: str = "<kops>",
    rounding: Rounding | None = None,
    travellers: Sequence[tuple[str, str]] | None = None,
) -> RescoreReport:
    """Re-score a KOPS pair's score card (``h1.html``, "WYNIKI PARY NR 1"): each row's score against Law 77
    (from the pair's side: KOPS prints the pair's own score), and, with the event's traveller pages
    (``(name, text)``), each board's percentage or IMPs against Tenace's own from the traveller
    (:func:`kops_event_values`), and the card's result (``WYNIK``): the average of the board percentages, or
    the sum of the IMPs, each as the card prints it (rounded to 0.01)."""
    chosen = rounding or Rounding.HALF_UP
    parser = _Rows()
    parser.feed(text)
    match = re.search(r"PARY\s+NR\s+(\d+)", parser.title, re.IGNORECASE)
    if match is None:
        raise RescoreError("a KOPS score card without its pair number (WYNIKI PARY NR n) in the title",
                           source=source)
    pair = match.group(1)
    values, imps = kops_event_values(travellers) if travellers else ({}, False)
    if not travellers:
        imps = any(c.strip().upper() == "WYNIK" for _, cells, _ in parser.rows[:3] for c in cells)
    quantity = "imps" if imps else "percentage"
    missing = "the board's traveller page is not beside the card"
    lines: list[LineReport] = []
    ours_values: list[Fraction | Decimal] = []
    total: tuple[Decimal, int] | None = None
    opponent = "?"
    for _, cells, line in parser.rows:
        upper = [c.strip().upper() for c in cells]
        last = next((c for c in reversed(cells) if c.strip()), "")
        if "WYNIK" in upper and last.strip().upper() != "WYNIK" and total is None:
            total = (_html_number(last, "result", source, line), line)  # the card's result
            continue
        tail = cells[-10:]
        if len(cells) < 10 or not _number_text(tail[0]) or tail[1].upper() not in ("NS", "EW"):
            continue
        board, side = int(tail[0]), tail[1].upper()
        if len(cells) >= 14 and cells[-14].strip().isdigit():  # the first row against new opponents
            opponent = cells[-14].strip()
        checks: list[Check] = []
        if tail[2].strip().lower() not in ("sędzia", "sedzia"):
            contract = _jfr_contract(tail[2], tail[3], source, line)
            ns = 0 if contract is None else _law77_ns(
                contract, _tricks(contract, tail[5], source, line), vulnerability_for(board))
            printed_score = tail[6] or tail[7]
            if printed_score:
                checks.append(compare("score", int(_html_number(printed_score, "score", source, line)),
                                      ns if side == "NS" else -ns))
        printed = _html_number(tail[8], quantity, source, line)
        ours = values.get(board, {}).get(pair) if travellers else None
        if ours is not None:
            ours_values.append(ours)
        checks.append(_kops_value_check(quantity, printed, ours, chosen, missing))
        ns_pair, ew_pair = (pair, opponent) if side == "NS" else (opponent, pair)
        lines.append(LineReport(board, ns_pair, ew_pair, tuple(checks)))
    if not lines:
        raise RescoreError("no rows (board, line, contract, ..., score, result) on the score card",
                           source=source)
    participants: tuple[ParticipantReport, ...] = ()
    if total is not None:
        printed_total, _ = total
        if travellers and len(ours_values) == len(lines):
            shown = [Fraction(v) for v in ours_values]
            exact = sum(shown, Fraction(0)) if imps else sum(shown, Fraction(0)) / len(shown)
            check = compare("total" if imps else "percentage", printed_total,
                            chosen.round(exact, max(0, -int(printed_total.as_tuple().exponent))))
        else:
            check = given("total" if imps else "percentage", printed_total, missing)
        participants = (ParticipantReport(pair, (check,)),)
    settings = (
        ("card", f"pair {pair}: "
         + ("the sum of its boards' IMPs as printed (0.01)" if imps
            else "the average of its board percentages as printed (0.01)")),
        ("travellers", f"{len(travellers)} traveller pages beside the card" if travellers else "none beside"),
    )
    return RescoreReport(source, "kops-html", "KOPS", "cross-imps" if imps else "matchpoints", chosen,
                         tuple(lines), participants, settings)



def kops_pair_results(values: Mapping[int, Mapping[str, Fraction | Decimal]], imps: bool
                      ) -> dict[str, Fraction]:
    """Each pair's result from :func:`kops_event_values`: the average of its board percentages, or the sum
    of its IMPs, from the exact values (as KOPS's cards and list add them up)."""
    per_pair: dict[str, list[Fraction]] = {}
    for board in values.values():
        for pair, value in board.items():
            per_pair.setdefault(pair, []).append(Fraction(value))
    return {pair: sum(v, Fraction(0)) / (1 if imps else len(v)) for pair, v in per_pair.items()}


def rescore_kops_results(
    text: str,
    *,
    source: str = "<kops>",
    rounding: Rounding | None = None,
    travellers: Sequence[tuple[str, str]] | None = None,
) -> RescoreReport:
    """Re-score a KOPS results list (``wyn.html``): the places follow from the printed results (competition
    ranking), and with the event's traveller pages (``(name, text)``) each pair's result (``%`` or ``WYNIK``)
    is checked against Tenace's (:func:`kops_pair_results`) and its place against the places of Tenace's
    results."""
    chosen = rounding or Rounding.HALF_UP
    parser = _Rows()
    parser.feed(text)
    header: list[str] | None = None
    rows: list[tuple[str, int | None, Decimal]] = []
    for _, cells, line in parser.rows:
        lowered = [c.strip().lower() for c in cells]
        if header is None:
            if "miejsce" in lowered and "numer" in lowered:
                header = lowered
            continue
        if len(cells) != len(header) or not _number_text(cells[header.index("numer")]):
            continue
        column = "%" if "%" in header else "wynik"
        if column not in header:
            raise RescoreError("a KOPS results list without a % or WYNIK column", source=source, lineno=line)
        place_text = cells[header.index("miejsce")].strip()
        place = int(place_text) if _number_text(place_text) else None
        rows.append((cells[header.index("numer")].strip(), place,
                     _html_number(cells[header.index(column)], "result", source, line)))
    if not rows:
        raise RescoreError("no pairs (miejsce, numer, ..., %) in the KOPS results list", source=source)
    imps = header is not None and "%" not in header
    ours: dict[str, Fraction] = {}
    if travellers:
        values, imps = kops_event_values(travellers)
        ours = kops_pair_results(values, imps)
    theirs_places = _rank_places({p: Fraction(v) for p, _, v in rows})
    ours_places = _rank_places(ours) if ours else theirs_places
    participants = []
    checks: list[Check]
    for pair, _, printed in rows:
        checks = []
        quantity = "total" if imps else "percentage"
        if ours:
            exact = ours.get(pair)
            checks.append(compare(quantity, printed, None if exact is None else
                                  chosen.round(exact, max(0, -int(printed.as_tuple().exponent)))))
        else:
            checks.append(given(quantity, printed, "the event's traveller pages are not beside the list"))
        participants.append(ParticipantReport(pair, tuple(checks)))
    results_differ = any(not c.agrees for p in participants for c in p.checks)
    for i, (pair, place, _) in enumerate(rows):
        if place is not None:
            reason = None
            if results_differ and theirs_places.get(pair) == place:
                reason = "the place follows the list's own results (which differ where noted)"
            place_check = compare("place", place, ours_places.get(pair), reason)
            participants[i] = ParticipantReport(pair, (*participants[i].checks, place_check))
    settings = (
        ("results", "the sum of each pair's IMPs" if imps else "each pair's average board percentage"),
        ("travellers", f"{len(travellers)} traveller pages beside the list" if travellers else "none beside"),
    )
    return RescoreReport(source, "kops-html", "KOPS", "cross-imps" if imps else "matchpoints", chosen, (),
                         tuple(participants), settings)
