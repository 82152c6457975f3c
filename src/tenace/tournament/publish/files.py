"""Every published form written into one folder, for a command or a web server to hand out.

=====================  ===============================================================
``index.html``         the results page (:func:`~tenace.tournament.publish.html.render_html`)
``hands.html``         the hand records, when the deals are given
``rankings.csv``       :func:`~tenace.tournament.publish.csv.rankings_csv`
``travellers.csv``     :func:`~tenace.tournament.publish.csv.travellers_csv`
``results.json``       :func:`~tenace.tournament.publish.json.results_json`
``results.pbn``        :func:`~tenace.tournament.publish.pbn.results_pbn`
``results.usebio.xml`` :func:`~tenace.tournament.publish.usebio.results_usebio` (pairs events at
                       matchpoints or Butler, one traveller per board; skipped otherwise)
=====================  ===============================================================
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from tenace.handrecords.model import BoardAnalysis
from tenace.tournament.model import Event, EventKind
from tenace.tournament.publish.common import BoardsArg, boards_by_number
from tenace.tournament.publish.csv import rankings_csv, travellers_csv
from tenace.tournament.publish.html import SOURCE_LOCALE, render_pages
from tenace.tournament.publish.json import results_json
from tenace.tournament.publish.pbn import results_pbn
from tenace.tournament.publish.usebio import EVENT_TYPES, results_usebio
from tenace.tournament.standings import EventResults

FORMATS: Final = ("html", "csv", "json", "pbn", "usebio")


def usebio_possible(event: Event, results: EventResults) -> bool:
    """Whether :func:`results_usebio` can write these results (see its refusals)."""
    boards = [t.board for t in results.travellers]
    return (event.kind is EventKind.PAIRS and results.method in EVENT_TYPES
            and len(boards) == len(set(boards)))


def result_files(
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    locale: str = SOURCE_LOCALE,
    formats: tuple[str, ...] = FORMATS,
    date: dt.date | None = None,
    session_link: str | None = None,
    site_link: str | None = None,
) -> dict[str, str]:
    """The files' names and texts (nothing is written). The HTML pages are in ``locale`` and link back to
    ``session_link`` and ``site_link`` when given (:func:`~tenace.tournament.publish.html.render_pages`).

    :raises ValueError: for an unknown format name, or what a writer refuses.
    """
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ValueError(f"unknown result format(s) {', '.join(unknown)}; choose from {', '.join(FORMATS)}")
    files: dict[str, str] = {}
    if "csv" in formats:
        files["rankings.csv"] = rankings_csv(event, results)
        files["travellers.csv"] = travellers_csv(event, results)
    if "json" in formats:
        files["results.json"] = results_json(event, results)
    if "pbn" in formats:
        pbn_date = None if date is None else date.strftime("%Y.%m.%d")
        files["results.pbn"] = results_pbn(event, results, boards=boards, analyses=analyses, date=pbn_date)
    if "usebio" in formats and usebio_possible(event, results):
        files["results.usebio.xml"] = results_usebio(event, results, boards=boards, date=date)
    if "html" in formats:  # last: the results page links to the other files
        pages = render_pages(event, results, boards=boards, analyses=analyses, locale=locale,
                             session_link=session_link, site_link=site_link, date=date,
                             downloads=tuple(files))
        files = {**pages, **files}
    return files


def double_dummy(boards: BoardsArg) -> dict[int, BoardAnalysis]:
    """The DD table and par of every board with a deal (:func:`tenace.handrecords.analyse_boards`), by
    board number, for the travellers and hand records; empty when the double-dummy solver (the ``[dds]``
    extra) is not installed.

    :raises SolverError: if the solver is installed but fails.
    """
    from tenace.deal import Deal
    from tenace.handrecords.model import analyse_boards
    from tenace.solver import dds

    with_deals = [b for b in boards_by_number(boards).values() if isinstance(b.deal, Deal)]
    if not with_deals or not dds.available():
        return {}
    return {b.number: a for b, a in zip(with_deals, analyse_boards(with_deals), strict=True)}


def write_results(
    folder: str | os.PathLike[str],
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    locale: str = SOURCE_LOCALE,
    formats: tuple[str, ...] = FORMATS,
    date: dt.date | None = None,
) -> list[Path]:
    """Write :func:`result_files` into ``folder`` (created if needed), UTF-8; returns the paths written.

    :raises ValueError: see :func:`result_files`; :raises OSError: if a file cannot be written.
    """
    files = result_files(event, results, boards=boards, analyses=analyses, locale=locale, formats=formats,
                         date=date)
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files.items():
        path = target / name
        with open(path, "w", encoding="utf-8", newline="") as handle:  # PBN keeps its CRLF line ends
            handle.write(text)
        written.append(path)
    return written
