"""Re-scoring another program's results with Tenace: where Tenace agrees, line by line and pair by pair.

:func:`rescore_file` reads a results file written by a scoring program, recomputes every number in it from
the results alone (Law 77 scores, Law 78A matchpoints and percentages, Law 78B Butler IMPs against a datum,
cross-IMPs, victory points, totals and places), and compares Tenace's values with the program's. Each
comparison is a :class:`Check`; the checks are grouped by traveller line (:class:`LineReport`) and by
participant (:class:`ParticipantReport`) in a :class:`RescoreReport`.

Formats read:

* USEBIO 1.2 XML (Compscore and others): ``MP_PAIRS`` with Neuberg factoring and artificial adjusted scores,
  ``BUTLER_PAIRS``, ``CROSS_IMP``; other event types (``NOTSUP``) are refused with a clear error.
* PBN with ``ScoreTable``/``TotalScoreTable`` (Ruter and others): matchpoint pairs (MPs centred as Ruter
  prints them, or units, or matchpoints; percentages), Butler pairs (``IMP_NS``, ``ButlerDatum``, across
  sections) and team matches (``MatchDetails`` with IMPs per segment, ``VP_Home``/``VP_Away``).
* PBN individual events (``PlayerId_North`` ... ``Percentage_West``), PBN files with ``Score`` tags and no
  ScoreTable (BBO Helper: Law 77 scores), and team matches written one game per room (``Room``,
  ``ScoreIMP``: the Law 78B swing).
* A JFR Pary traveller page (HTML, one board: % NS / % EW, or IMPs against the printed datum; the rows may be
  an Ajax ``.txt`` fragment beside the page; the Director's ``TD`` rows checked against Law 12C2 when the
  event's other pages are beside it), a JFR results list (``W-*.html``), a BBO traveller page (HTML, one
  board: NS points and NS %, cross-IMPs or Butler IMPs; a missing row is found and said), a BBO results
  page (``tview.php``: ranks, and scores from the travellers beside it), a BBO hand history (Law 77
  points, the average at its foot) and a KOPS matchpoint traveller page (``ROZDANIE``). A page that only
  leads to results (a JFR frameset or results frame, a BBO board list) is read as the event's pages beside
  it, in one report.

How a program rounds, and whether it factors short boards, are settings (Law 78D leaves them to the
conditions of contest): each format has a detected default, printed in the report. Where a program's output
is known not to follow the Laws and its own method, :data:`KNOWN_DEVIATIONS` and a few checked rules give the
reason, and such a difference counts as *documented*; anything else is *unexplained*.

>>> report = rescore_text('''[Board "1"]
... [Vulnerable "None"]
... [ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]
... 1 1 4S N 10 "420" - 1.0 -1.0
... 2 2 4S N 9 - "50" -1.0 1.0
... ''', source="tiny.pbn")
>>> report.method, report.summary()["lines_differing"], report.exit_code
('matchpoints', 0, 0)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Final

from tenace.errors import NotationError
from tenace.tournament.rescore.pages import (
    _is_jfr_results,
    bbo_history_lins,
    bbo_traveller_percentages,
    is_bbo_history,
    jfr_sessions,
    lin_vulnerability,
    rescore_bbo,
    rescore_bbo_history,
    rescore_bbo_tview,
    rescore_jfr,
    rescore_jfr_results,
    rescore_kops_card,
    rescore_kops_results,
)
from tenace.tournament.rescore.pbn import rescore_pbn
from tenace.tournament.rescore.report import (
    KNOWN_DEVIATIONS,
    SCHEMA_VERSION,
    Check,
    Difference,
    KnownDeviation,
    LineReport,
    ParticipantReport,
    RescoreError,
    RescoreReport,
    Rounding,
    compare,
    given,
)
from tenace.tournament.rescore.usebio import rescore_usebio

# --- any file ----------------------------------------------------------------------------------------------


_HEAD: Final = 200_000
"""The bytes :func:`detect_format` looks at."""


def detect_format(data: bytes) -> str:
    """The kind of results file, from its content: ``"usebio"``, ``"jfr-html"``, ``"bbo-html"``,
    ``"kops-html"``, ``"html"``, ``"xml"`` or ``"pbn"``.

    >>> detect_format(b'<?xml version="1.0"?><USEBIO Version="1.2">'), detect_format(b'[Board "1"]')
    ('usebio', 'pbn')
    """
    head = data[:_HEAD].lower()
    if b"<usebio" in head:
        return "usebio"
    if head.lstrip().startswith(b"<table") and (b"numery" in head or b'class="noc"' in head):
        return "jfr-fragment"
    if b"<html" in head or b"<!doctype html" in head or b"<table" in head:
        if b"kops" in head:
            return "kops-html"
        if b'id="pro"' in head or b"jfr" in head:
            return "jfr-html"
        if b"sectiontable" in head and b"sectionbreak" in head:
            return "bbo-tview"
        if b"tourney" in head or b"bridge base" in head or b"traveller" in head:
            return "bbo-html"
        return "html"
    if head.lstrip().startswith(b"<"):
        return "xml"
    return "pbn"


def _decode_html(raw: bytes) -> str:
    """A page's text in the charset its ``<meta>`` names (UTF-8 by default; undecodable bytes replaced)."""
    match = re.search(rb"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", raw[:4096], re.IGNORECASE)
    encoding = match.group(1).decode("ascii") if match else "utf-8"
    try:
        text = raw.decode(encoding, errors="replace")
    except LookupError:
        text = raw.decode("utf-8", errors="replace")
    # a CR alone ends a line too (an old Mac file): made an LF, so the lines the report names are the file's
    return _LONE_CR.sub("\n", text) if "\r" in text else text


_LONE_CR: Final = re.compile(r"\r(?!\n)")


def rescore_text(
    data: str | bytes,
    *,
    source: str = "<results>",
    rounding: Rounding | None = None,
    vp_boards: int | None = None,
) -> RescoreReport:
    """Re-score a results file given as text or bytes; the format is detected from the content.

    :raises RescoreError: for a file Tenace cannot read or re-score (with the file and line).
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    kind = detect_format(raw)
    if kind == "usebio":
        return rescore_usebio(raw, source=source, rounding=rounding)
    if kind == "bbo-tview":
        return rescore_bbo_tview(_decode_html(raw), source=source, rounding=rounding)
    if kind == "jfr-fragment":
        # the rows a JFR traveller page loads with initAjax('...001.txt', 'pro'): the board is in the name
        return rescore_jfr(f'<div id="pro">{_decode_html(raw)}</div>', source=source, rounding=rounding)
    if kind in ("jfr-html", "bbo-html"):
        text = _decode_html(raw)
        if kind == "jfr-html":
            why = _jfr_without_results(text)
            if why is not None:
                raise RescoreError(why, source=source)
            if _is_jfr_results(text):
                return rescore_jfr_results(text, source=source, rounding=rounding)
            return rescore_jfr(text, source=source, rounding=rounding)
        if is_bbo_history(text):
            return rescore_bbo_history(text, source=source, rounding=rounding)
        return rescore_bbo(text, source=source, rounding=rounding)
    if kind == "kops-html":
        text = _decode_html(raw)
        if _KOPS_TRAVELLER.search(text):  # a board's traveller ("ROZDANIE NR 1")
            return rescore_jfr(text, source=source, rounding=rounding, kops=True)
        if _kops_page(text) is not None:  # alone: its percentages are taken as given
            return _rescore_kops_page(text, source, rounding, None)
        raise RescoreError(
            "a KOPS page that is neither a traveller, a pair's score card nor the results list: tenace "
            "rescore reads KOPS traveller pages (ROZDANIE, p1.html ...), score cards (h1.html) and results "
            "(wyn.html), JFR and BBO pages, USEBIO and PBN",
            source=source,
        )
    if kind in ("html", "xml"):
        raise RescoreError(
            f"an {kind.upper()} file that is neither USEBIO nor a JFR or BBO traveller page", source=source
        )
    try:
        return rescore_pbn(raw, source=source, rounding=rounding, vp_boards=vp_boards)
    except (NotationError, ValueError) as exc:
        if isinstance(exc, RescoreError):
            raise
        raise RescoreError(str(exc), source=source) from exc


def rescore_file(
    path: str | Path, *, rounding: Rounding | None = None, vp_boards: int | None = None
) -> RescoreReport:
    """Re-score the results file at ``path`` (USEBIO, PBN with score tables, JFR or BBO traveller page).

    :raises RescoreError: for a file Tenace cannot read or re-score; :raises OSError: if it cannot be opened.
    """
    file = Path(path)
    with file.open("rb") as handle:
        head = handle.read(_HEAD)
    if detect_format(head) == "usebio":  # read a board at a time: a USEBIO file of any size
        with file.open("rb") as handle:
            return rescore_usebio(handle, source=str(file), rounding=rounding)
    if detect_format(head) == "pbn":  # read a game at a time: a PBN file of any size
        try:
            return rescore_pbn(file, source=str(file), rounding=rounding, vp_boards=vp_boards)
        except (NotationError, ValueError) as exc:
            if isinstance(exc, RescoreError):
                raise
            raise RescoreError(str(exc), source=str(file)) from exc
    data = file.read_bytes()
    kind = detect_format(data)
    if kind == "bbo-tview":
        return _bbo_tview_file(file, data, rounding)
    if kind == "bbo-html":
        text = _decode_html(data)
        if is_bbo_history(text):
            return _bbo_history_file(file, text, rounding)
        linked = _bbo_linked_travellers(file, text)
        if linked is not None:
            return _merged(file, "bbo-html", linked, rounding, "the traveller pages it links to")
    if kind == "jfr-html":
        text = _jfr_page(file, data)
        why = _jfr_without_results(text)
        if why is not None:
            event = _jfr_event_from_frame(file, rounding)
            if event is None:
                raise RescoreError(why, source=str(file))
            return event
        if _is_jfr_results(text):
            return rescore_jfr_results(
                text, source=str(file), rounding=rounding, travellers=_jfr_event_pages(file)
            )
        return rescore_jfr(text, source=str(file), rounding=rounding, sessions=_jfr_event_sessions(file))
    if kind == "kops-html":
        text = _decode_html(data)
        if _kops_page(text) is not None:  # a score card or the results list: the event's travellers beside it
            travellers = [(str(p), _decode_html(p.read_bytes())) for p in sorted(file.parent.iterdir())
                          if re.fullmatch(r"p\d+\.html?", p.name, re.IGNORECASE)]
            travellers = [(name, page) for name, page in travellers if _KOPS_TRAVELLER.search(page)]
            return _rescore_kops_page(text, str(file), rounding, travellers or None)
    return rescore_text(data, source=str(file), rounding=rounding, vp_boards=vp_boards)


_KOPS_TRAVELLER: Final = re.compile(r"<title>\s*ROZDANIE", re.IGNORECASE)


def _kops_page(text: str) -> str | None:
    """``"card"`` for a KOPS pair's score card (``WYNIKI PARY NR 1``), ``"results"`` for its results list
    (``WYNIKI`` with a ``miejsce`` column), ``None`` otherwise."""
    if re.search(r"<title>\s*WYNIKI\s+PARY", text, re.IGNORECASE):
        return "card"
    if re.search(r"<title>\s*WYNIKI\s*</title>", text, re.IGNORECASE) and "miejsce" in text:
        return "results"
    return None


def _rescore_kops_page(text: str, source: str, rounding: Rounding | None,
                       travellers: list[tuple[str, str]] | None) -> RescoreReport:
    if _kops_page(text) == "card":
        return rescore_kops_card(text, source=source, rounding=rounding, travellers=travellers)
    return rescore_kops_results(text, source=source, rounding=rounding, travellers=travellers)


_INIT_AJAX: Final = re.compile(r"initAjax\(\s*['\"]([^'\"]+?\.txt)['\"]\s*,\s*['\"]([\w-]+)['\"]")


def _jfr_page(file: Path, data: bytes | None = None) -> str:
    """A JFR page's text with its Ajax fragment put in: a JFR Pary/Teamy traveller loads its rows from
    ``<name>.txt`` into ``<div id="pro">`` (``initAjax('wb130808001.txt', 'pro', 0)``); a saved page whose
    fragment is beside it is read as the browser shows it.

    :raises RescoreError: when the page loads its rows from a fragment that is not beside it."""
    raw = file.read_bytes() if data is None else data
    text = _decode_html(raw)
    match = _INIT_AJAX.search(text)
    if match is None:
        return text
    fragment_path = file.parent / match.group(1)
    div = re.search(rf"<div\s+id=['\"]?{re.escape(match.group(2))}['\"]?\s*>", text)
    if div is None:
        return text
    try:
        fragment = fragment_path.read_bytes()
    except OSError:
        raise RescoreError(
            f"the page loads its traveller rows from {match.group(1)} (initAjax), which is not beside it",
            source=str(file),
        ) from None
    charset = re.search(rb"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", raw[:4096], re.IGNORECASE)
    try:
        decoded = fragment.decode(charset.group(1).decode("ascii") if charset else "utf-8", errors="replace")
    except LookupError:
        decoded = fragment.decode("utf-8", errors="replace")
    decoded = _LONE_CR.sub("\n", decoded) if "\r" in decoded else decoded
    return text[: div.end()] + decoded + text[div.end() :]


def _jfr_without_results(text: str) -> str | None:
    """Why a JFR page holds no numbers to check, when it is a frameset or a frame that only links to the
    results (``wb120802.html``, ``wb120802WYN.html``); ``None`` for any other page."""
    if re.search(r"<frameset", text, re.IGNORECASE):
        frames = re.findall(r"<frame[^>]*\ssrc=['\"]?([^'\" >]+)", text, re.IGNORECASE)
        return f"a JFR frameset page, without results: its frames are {', '.join(frames) or 'not named'}"
    if "<table" not in text.lower():
        links = re.findall(r"href=['\"]?([^'\" >]+)", text, re.IGNORECASE)
        target = next((link for link in links if re.search(r"W-[^/]*\.html?$", link)), None)
        if target is not None:
            return f"a JFR frame without results: it links to the results list {target.rsplit('/', 1)[-1]}"
    return None


def _bbo_tview_file(file: Path, data: bytes, rounding: Rounding | None) -> RescoreReport:
    """A BBO results page, with the tournament's traveller pages and its board list when they are in the same
    folder (``hands.php@traveller=<tourney>-<n>.html``, ``hands.php@tourney=<tourney>-...html``)."""
    text = _decode_html(data)
    ids = re.findall(r"(?:tourney=|[?@&]t=|Tourney:\s*)(\d+-\d+)", text)
    tourney = max(set(ids), key=ids.count) if ids else None
    if tourney is None:
        return rescore_bbo_tview(text, source=str(file), rounding=rounding)
    pages, boards = [], None
    for sibling in sorted(file.parent.iterdir()):
        name = sibling.name
        if f"traveller={tourney}-" in name and sibling.suffix.lower() in (".html", ".htm"):
            pages.append((str(sibling), _decode_html(sibling.read_bytes())))
        elif re.search(rf"tourney={re.escape(tourney)}-", name):
            index = _decode_html(sibling.read_bytes())
            boards = len(set(re.findall(rf"traveller={re.escape(tourney)}-(\d+)", index))) or boards
    if not pages:
        return rescore_bbo_tview(text, source=str(file), rounding=rounding)
    try:
        travellers = bbo_traveller_percentages(pages, rounding)
    except RescoreError:
        travellers = None
    report = rescore_bbo_tview(
        text, source=str(file), rounding=rounding, travellers=travellers, boards=boards
    )
    if boards is None:
        return report
    return RescoreReport(
        report.source,
        report.format,
        report.program,
        report.method,
        report.rounding,
        report.lines,
        report.participants,
        (
            *report.settings,
            (
                "boards",
                f"{boards} (the tournament's board list beside the page); "
                f"{len(pages)} traveller pages beside it",
            ),
        ),
        report.notes,
    )


def _bbo_history_file(file: Path, text: str, rounding: Rounding | None) -> RescoreReport:
    """A BBO hand history, with each row's vulnerability from the LIN file it links to when that file is
    beside the page (``<A HREF="3381671193.lin">``)."""
    vulnerabilities = []
    for name in bbo_history_lins(text):
        lin = file.parent / name if name else None
        try:
            vul = lin_vulnerability(lin.read_text(encoding="utf-8", errors="replace")) if lin else None
        except OSError:
            vul = None
        vulnerabilities.append(vul)
    return rescore_bbo_history(text, source=str(file), rounding=rounding, vulnerabilities=vulnerabilities)


def _bbo_linked_travellers(file: Path, text: str) -> list[tuple[int | None, Path]] | None:
    """The traveller pages a BBO board list links to (``hands.php?traveller=<id>``, "Board 3 traveller")
    that are saved beside it (``hands.php@traveller=<id>.html``), with the board number the link names;
    ``None`` when none of them is beside it."""
    links = re.findall(r"traveller=([\w-]+)[^>]*>\s*(?:Board\s+(\d+))?", text, re.IGNORECASE)
    siblings = [
        p for p in file.parent.iterdir() if "traveller=" in p.name and p.suffix.lower() in (".html", ".htm")
    ]
    found: list[tuple[int | None, Path]] = []
    seen: set[str] = set()
    for ident, board in links:
        if ident in seen:
            continue
        seen.add(ident)
        own = re.compile(rf"traveller={re.escape(ident)}(?![\w-])")
        page = next((p for p in siblings if own.search(p.name)), None)
        if page is not None:
            found.append((int(board) if board else None, page))
    return found or None


def _jfr_event_from_frame(file: Path, rounding: Rounding | None) -> RescoreReport | None:
    """The event a JFR frameset (``wb120802.html``) or results frame (``wb120802WYN.html``) belongs to: its
    results list (``W-wb120802.html``) when it is beside it, otherwise every traveller page of the event
    beside it (``wb120802001.html``, ...), re-scored together; ``None`` when neither is there."""
    match = re.fullmatch(r"(.+?)(?:WYN)?(\.html?)", file.name, re.IGNORECASE)
    if match is None:
        return None
    event, suffix = match.group(1), match.group(2)
    results = next((p for p in file.parent.iterdir() if p.name.lower() == f"w-{event}{suffix}".lower()), None)
    if results is not None:
        return rescore_file(results, rounding=rounding)
    pattern = re.compile(re.escape(event) + r"(\d{3})" + re.escape(suffix), re.IGNORECASE)
    pages = sorted((int(m.group(1)), p) for p in file.parent.iterdir() if (m := pattern.fullmatch(p.name)))
    if not pages:
        return None
    return _merged(file, "jfr-html", [(board, page) for board, page in pages], rounding,
                   "the event's traveller pages beside it")


def _merged(
    file: Path, kind: str, pages: list[tuple[int | None, Path]], rounding: Rounding | None, what: str
) -> RescoreReport:
    """One report of several traveller pages (each re-scored as its own file), for a page that only leads to
    them: the lines of every board in turn (numbered by the board each link names, where the page does not
    say), the settings and notes of each page named by its file."""
    reports = [(board, rescore_file(page, rounding=rounding)) for board, page in pages]
    lines = tuple(
        line if line.board is not None or board is None else replace(line, board=board)
        for board, report in reports
        for line in report.lines
    )
    methods = sorted({report.method for _, report in reports})
    notes = [f"{file.name} holds no results itself: {len(reports)} of {what} re-scored, "
             f"{Path(reports[0][1].source).name} to {Path(reports[-1][1].source).name}"]
    notes.extend(f"{Path(report.source).name}: {note}" for _, report in reports for note in report.notes)
    settings = tuple(
        (f"{Path(report.source).name}: {name}", value)
        for _, report in reports
        for name, value in report.settings
    )
    first = reports[0][1]
    return RescoreReport(str(file), kind, first.program, methods[0] if len(methods) == 1 else "mixed",
                         first.rounding, lines, (), settings, tuple(notes))


def _jfr_event_pages(file: Path) -> list[tuple[str, str]] | None:
    """The traveller pages of the event whose results list is ``file`` (``W-wb130808.html`` lists
    ``wb130808001.html``, ...), with their Ajax fragments; ``None`` when there are none beside it."""
    match = re.fullmatch(r"W-(.+?)(\.html?)", file.name, re.IGNORECASE)
    if match is None:
        return None
    pattern = re.compile(re.escape(match.group(1)) + r"\d{3}" + re.escape(match.group(2)), re.IGNORECASE)
    pages = sorted(p for p in file.parent.iterdir() if pattern.fullmatch(p.name))
    try:
        return [(str(p), _jfr_page(p)) for p in pages] or None
    except (RescoreError, OSError):
        return None


def _jfr_event_sessions(file: Path) -> Mapping[str, Fraction] | None:
    """The session percentages of every pair from the JFR traveller pages beside ``file``
    (``wb120802001.html``, ``wb120802002.html``, ...: the event's name and a three-digit board number),
    for the Director's scores (Law 12C2(c)); ``None`` when the page is alone or a sibling is not a readable
    traveller."""
    match = re.fullmatch(r"(.*?)(\d{3})(\.html?)", file.name, re.IGNORECASE)
    if match is None:
        return None
    pattern = re.compile(re.escape(match.group(1)) + r"\d{3}" + re.escape(match.group(3)), re.IGNORECASE)
    pages = sorted(p for p in file.parent.iterdir() if pattern.fullmatch(p.name))
    if len(pages) < 2:
        return None
    try:
        key = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in pages)
    except OSError:
        return None
    return _sessions_of(key)


@functools.lru_cache(maxsize=8)
def _sessions_of(pages: tuple[tuple[str, int, int], ...]) -> Mapping[str, Fraction] | None:
    """:func:`jfr_sessions` of the pages named (with their modification time and size, so that a changed page
    is read again): one event's pages are read once for all of its boards."""
    try:
        return MappingProxyType(jfr_sessions([(name, _jfr_page(Path(name))) for name, _, _ in pages]))
    except (RescoreError, OSError):
        return None


__all__ = [
    "KNOWN_DEVIATIONS",
    "SCHEMA_VERSION",
    "Check",
    "Difference",
    "KnownDeviation",
    "LineReport",
    "ParticipantReport",
    "RescoreError",
    "RescoreReport",
    "Rounding",
    "compare",
    "detect_format",
    "given",
    "jfr_sessions",
    "rescore_bbo",
    "rescore_bbo_history",
    "rescore_bbo_tview",
    "rescore_file",
    "rescore_jfr",
    "rescore_jfr_results",
    "rescore_pbn",
    "rescore_text",
    "rescore_usebio",
]
