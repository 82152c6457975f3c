"""Publishing a scored event: HTML pages, CSV, JSON, PBN (``ScoreTable``/``TotalScoreTable``) and USEBIO 1.2.

Every writer takes the :class:`~tenace.tournament.model.Event` and its
:class:`~tenace.tournament.standings.EventResults` (what :mod:`tenace.tournament.scoring` produces); the HTML,
PBN and USEBIO writers also take the deals, and the HTML pages the double-dummy analyses. The functions here
return text and are pure; ``write_html`` and ``write_results`` (every form into one folder) write files.
See ``docs/results-publishing.md``.
"""

from tenace.tournament.publish.csv import rankings_csv, travellers_csv
from tenace.tournament.publish.files import result_files, write_results
from tenace.tournament.publish.html import render_html, render_pages, write_html
from tenace.tournament.publish.json import results_document, results_json

__all__ = [
    "rankings_csv", "render_html", "render_pages", "result_files", "results_document", "results_json",
    "travellers_csv", "write_html", "write_results",
]
