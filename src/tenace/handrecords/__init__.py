"""Print-ready hand records for a set of boards: HTML (Jinja2) and PDF (fpdf2, the ``[pdf]`` extra).

>>> from tenace import Board, Deal
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> html = render_html([Board(1, deal)])
>>> html.startswith("<!DOCTYPE html>")
True

With the ``[dds]`` extra, :func:`analyse_boards` adds the double-dummy table and par::

    analyses = analyse_boards(boards)
    render_pdf(boards, analyses, "hands.pdf", title="Club night")
"""

from tenace.handrecords.html import render_html
from tenace.handrecords.model import BoardAnalysis, analyse_boards, printed_board
from tenace.handrecords.pdf import find_unicode_font, render_pdf

__all__ = [
    "BoardAnalysis", "analyse_boards", "find_unicode_font", "printed_board", "render_html", "render_pdf",
]
