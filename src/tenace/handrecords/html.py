"""Hand records as one HTML document (Jinja2), laid out for printing on A4: 2, 3 or 4 boards per page."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from tenace.board import Board
from tenace.calls import Denomination
from tenace.handrecords.model import BoardAnalysis, ParLine, paginate, printed_boards
from tenace.seats import SEATS, Seat

_RED_DENOMINATIONS: Final = frozenset({Denomination.HEARTS, Denomination.DIAMONDS})
_env: Environment | None = None


def _environment() -> Environment:
    global _env
    if _env is None:
        _env = Environment(
            loader=PackageLoader("tenace.handrecords", "templates"),
            autoescape=select_autoescape(["html", "j2"]),
            trim_blocks=True,
            lstrip_blocks=True,
        )
    return _env


def _symbol_html(denomination: Denomination) -> str:
    symbol = escape(denomination.symbol)
    if denomination in _RED_DENOMINATIONS:
        return str(Markup('<span class="red">{}</span>').format(symbol))
    return str(symbol)


def _same(message: str) -> str:
    return message


def render_html(
    boards: Sequence[Board],
    analyses: Sequence[BoardAnalysis | None] | None = None,
    *,
    title: str = "Hand records",
    per_page: int = 4,
    gettext: Callable[[str], str] = _same,
    lang: str = "en",
    links: Sequence[tuple[str, str]] = (),
    par_line: Callable[[ParLine], Markup] | None = None,
) -> str:
    """A complete HTML document with the hand records of ``boards``, ready to print on A4.

    Each board shows its number, dealer and vulnerability (Law 2; vulnerable seats in red), the four hands
    around a compass, high-card points and, when ``analyses`` gives them, the double-dummy table (declarer ×
    denomination) and par. ``analyses`` runs parallel to ``boards``; ``None`` entries print no analysis.

    The labels are English; ``gettext`` translates them (the result pages' catalogue has them, see
    :data:`tenace.tournament.publish.html.HAND_RECORD_LABELS`), ``lang`` is the page's language, ``links``
    ``(label, address)`` pairs shown at the top on screen, and ``par_line`` writes a par contract (its
    English ``4♥X by E/W −1`` otherwise).

    >>> from tenace import Board, Deal
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> page = render_html([Board(1, deal)], title="Club night")
    >>> "Board 1" in page and "A K Q J" in page and "Club night" in page
    True

    :raises ValueError: if a board has no deal, the lengths differ, or ``per_page`` is not 2, 3 or 4.
    """
    pages = paginate(printed_boards(boards, analyses), per_page)
    template = _environment().get_template("hand_records.html.j2")
    _ = gettext
    notrump = _("NT")

    def symbol(denomination: Denomination) -> str:
        return notrump if denomination is Denomination.NOTRUMP else _symbol_html(denomination)

    def par(line: ParLine) -> Markup:
        return par_line(line) if par_line is not None else Markup(line.text(symbol))

    return template.render(
        _=_,
        lang=lang,
        links=links,
        seat_name=lambda seat: _(Seat(seat).name.title()),
        vulnerability=_,
        notrump=notrump,
        par_line=par,
        pages=pages,
        per_page=per_page,
        title=title,
        seats=SEATS,
        red_denominations=_RED_DENOMINATIONS,
        symbol_html=_symbol_html,
    )
