"""Results as HTML (Jinja2, autoescaped): one self-contained page with the rankings, penalties, every board's
traveller (with the double-dummy table and par when given) and every contestant's personal score card; and,
written to a folder by :func:`write_html`, the printable hand records beside it (``hands.html``, made by
:mod:`tenace.handrecords`), linked from each traveller.

Labels are English messages looked up in the ``tenace_publish`` gettext catalogue (``tools/i18n.py``); a
locale whose catalogue does not translate a label shows it in English.

>>> from fractions import Fraction
>>> from tenace.contract import Contract
>>> from tenace.tournament.model import Conditions, Event, EventKind, Method, Participant, Result
>>> from tenace.tournament.standings import EventResults, Ranking, Standing, Traveller, TravellerLine
>>> event = Event("Club <night>", EventKind.PAIRS, Conditions(),
...               (Participant("1", "Ann & Bob"), Participant("2", "Cy & Di")))
>>> r = Result(board=1, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTN"), tricks=10)
>>> res = EventResults("Club <night>", Method.MATCHPOINTS, (Traveller(1, (TravellerLine(r, 430, Fraction(0),
...     Fraction(0), Fraction(50), Fraction(50)),), top=0),), (Ranking("", (
...     Standing(1, True, "1", "Ann & Bob", 1, Fraction(0), Fraction(50)),
...     Standing(1, True, "2", "Cy & Di", 1, Fraction(0), Fraction(50)))),))
>>> page = render_html(event, res)
>>> "Club &lt;night&gt;" in page and "Ann &amp; Bob" in page and '<th scope="col">Place</th>' in page
True
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Final

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from tenace.board import Board
from tenace.calls import Denomination
from tenace.cards import Card, Suit
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.handrecords.model import BoardAnalysis, ParLine, PrintedBoard, printed_board
from tenace.tournament.model import Event, EventKind, Method, Result
from tenace.tournament.publish.common import (
    BoardsArg,
    CardLine,
    boards_by_number,
    card_lines,
    contestant_name,
    contestants,
    exact,
    optional_decimal,
    overtricks_text,
    players_at,
    score_text,
)
from tenace.tournament.standings import EventResults, Traveller

if TYPE_CHECKING:
    from babel.support import NullTranslations

LOCALE_DIR: Final = Path(__file__).resolve().parents[2] / "locale"
DOMAIN: Final = "tenace_publish"
"""The gettext domain of the labels: ``LOCALE_DIR / <locale> / "LC_MESSAGES" / "tenace_publish.mo"``."""
SOURCE_LOCALE: Final = "en"
POINT_PLACES: Final = 2
HANDS_PAGE: Final = "hands.html"
INDEX_PAGE: Final = "index.html"


def N_(message: str) -> str:
    """Mark a message for extraction (tools/i18n.py); it is translated when the page is rendered."""
    return message


METHOD_NAMES: Final[dict[Method, str]] = {
    Method.MATCHPOINTS: N_("Matchpoints"),
    Method.BUTLER: N_("Butler IMPs"),
    Method.CROSS_IMPS: N_("Cross-IMPs"),
    Method.TOTAL_POINTS: N_("Total points"),
    Method.TEAM_IMPS: N_("Team IMPs"),
    Method.BOARD_A_MATCH: N_("Board-a-match"),
}
ADJUSTED: Final = N_("Adj")
"""The abbreviation before an assigned adjusted score (:func:`~tenace.tournament.publish.common.score_text`):
``Adj 420/-420``."""
PAR_LINE: Final = N_("{contract} by {seats} {result}")
"""A par contract on a traveller: ``4♥X by E/W −1``."""
NOTRUMP: Final = N_("NT")
"""Notrump in contracts, the double-dummy table and par lines (``BA`` in Polish, ``BT`` in Latvian)."""
HAND_RECORD_LABELS: Final = (
    N_("Boards {first}–{last} · page {page} of {pages}"), N_("Board {number}"), N_("Dealer: {seat}"),
    N_("Vul:"), N_("None"), N_("N-S"), N_("E-W"), N_("All"), N_("North"), N_("East"), N_("South"), N_("West"),
    N_("compass with high-card points"), N_(", vulnerable"), N_(", dealer"), N_("{seat}: high-card points"),
    N_("double-dummy tricks"), N_("Par"), N_("Back to the session"), N_("Home page"), N_("Results"),
)
"""The labels of the hand records page (:mod:`tenace.handrecords`' template, which the catalogue tools do not
read), translated with the result pages' catalogue when :func:`render_pages` renders it."""
DOWNLOAD_LABELS: Final[dict[str, str]] = {
    "results.pbn": N_("Results (PBN)"),
    "results.usebio.xml": N_("Results (USEBIO XML)"),
    "rankings.csv": N_("Rankings (CSV)"),
    "travellers.csv": N_("Travellers (CSV)"),
    "results.json": N_("Results (JSON)"),
}
"""The files published next to the page (:mod:`tenace.tournament.publish.files`) that it links to, in this
order, with their labels."""
_RED: Final = frozenset({Suit.HEARTS, Suit.DIAMONDS})
_RED_DENOMINATIONS: Final = frozenset({Denomination.HEARTS, Denomination.DIAMONDS})


class LocaleError(ValueError):
    """No label catalogue for the locale asked for."""


def available_locales() -> tuple[str, ...]:
    """Locales with a compiled label catalogue.

    >>> "en" in available_locales()
    True
    """
    return tuple(sorted(
        p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    ))


@functools.cache
def _translations(locale: str) -> NullTranslations:
    from babel.support import Translations

    shipped = available_locales()
    text = locale.strip().replace("-", "_")
    for code in (text, text.split("_")[0].lower()):
        if code in shipped:
            loaded = Translations.load(str(LOCALE_DIR), [code], DOMAIN)
            if isinstance(loaded, Translations):
                return loaded
    raise LocaleError(
        f"no result page labels for locale {locale!r}; the shipped locales are {', '.join(shipped)}"
    )


def gettext_for(locale: str) -> Callable[[str], str]:
    """The function that translates labels into ``locale`` (English when the catalogue lacks a label).

    :raises LocaleError: for a locale without a catalogue.
    """
    return _translations(locale).gettext


_env: Environment | None = None


def _environment() -> Environment:
    global _env
    if _env is None:
        _env = Environment(
            loader=PackageLoader("tenace.tournament.publish", "templates"),
            autoescape=select_autoescape(["html", "j2"]),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        _env.filters["anchor"] = anchor
    return _env


def anchor(text: str) -> str:
    """A contestant id as part of an HTML id: anything but letters, digits, ``-`` and ``_`` becomes ``-``.

    >>> anchor("3NS"), anchor("Team A/1")
    ('3NS', 'Team-A-1')
    """
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text)


# --- text with suit symbols ------------------------------------------------------------------------------


def _denomination_html(denomination: Denomination, notrump: str = NOTRUMP) -> Markup:
    symbol = escape(notrump if denomination is Denomination.NOTRUMP else denomination.symbol)
    if denomination in _RED_DENOMINATIONS:
        return Markup('<span class="red">{}</span>').format(symbol)
    return Markup(symbol)


def contract_html(contract: Contract, notrump: str = NOTRUMP) -> Markup:
    """``4♥X`` with a red heart (without the declarer); ``notrump`` is the label for notrump.

    >>> str(contract_html(Contract.from_str("3NTXS"), notrump="BA"))
    '3BAX'
    """
    denomination = _denomination_html(contract.denomination, notrump)
    return Markup("{}{}{}").format(contract.level, denomination, str(contract.doubling))


def par_html(line: ParLine, wording: str = PAR_LINE, notrump: str = NOTRUMP) -> Markup:
    """A par contract (:class:`~tenace.handrecords.model.ParLine`) in ``wording`` (a translation of
    :data:`PAR_LINE`), with red suits in red.

    >>> from tenace.seats import Seat
    >>> from tenace.contract import Doubling
    >>> line = ParLine(3, Denomination.NOTRUMP, Doubling.UNDOUBLED, (Seat.NORTH, Seat.SOUTH), "+1")
    >>> str(par_html(line)), str(par_html(line, "{contract} rozgrywa {seats} {result}", "BA"))
    ('3NT by N/S +1', '3BA rozgrywa N/S +1')
    """
    contract = Markup("{}{}{}").format(line.level, _denomination_html(line.denomination, notrump),
                                       str(line.doubling))
    seats = "/".join(s.value for s in line.declarers)
    return Markup(escape(wording)).format(contract=contract, seats=seats, result=line.result)


def card_html(card: Card) -> Markup:
    """``♠A``, ``♥10`` (red suits in red)."""
    rank = card.rank.letter.replace("T", "10")
    symbol = escape(card.suit.symbol)
    if card.suit in _RED:
        return Markup('<span class="red">{}</span>{}').format(symbol, rank)
    return Markup("{}{}").format(symbol, rank)


# --- what the template shows ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """The contract columns of a traveller line or a score card line."""

    contract: Markup
    declarer: str
    lead: Markup
    tricks: str
    adjusted: bool


@dataclass(frozen=True, slots=True)
class _Labels:
    """The translated labels that go into a line's text (not only into the template)."""

    passed: str = "Passed out"
    adjusted: str = ADJUSTED
    notrump: str = NOTRUMP


def _played(result: Result, labels: _Labels) -> Played:
    if result.adjusted is not None:
        return Played(Markup(""), "", Markup(""), "", True)
    lead = card_html(result.lead) if result.lead is not None else Markup("")
    contract = result.contract
    if contract is None:
        return Played(Markup(escape(labels.passed)), "", lead, "", False)
    tricks = "" if result.tricks is None else f"{result.tricks} ({overtricks_text(contract, result.tricks)})"
    return Played(contract_html(contract, labels.notrump), contract.declarer.value, lead, tricks, False)


@dataclass(frozen=True, slots=True)
class TravellerRow:
    ns: str
    ew: str
    played: Played
    score: str
    ns_points: str
    ew_points: str
    ns_percentage: str
    ew_percentage: str


@dataclass(frozen=True, slots=True)
class FrequencyRow:
    """One score on a board's traveller and how often it was scored (an adjusted score is one row,
    ``score`` ``None``)."""

    score: int | None
    """North-South's score; ``None`` for the row of adjusted scores."""
    count: int
    contracts: tuple[Markup, ...]
    """The contracts that gave the score (``4♠ N +1``, ``Passed out``), the most frequent first."""


def frequencies(traveller: Traveller, labels: _Labels | None = None) -> tuple[FrequencyRow, ...]:
    """How often each North-South score was scored on ``traveller``, highest score first, with the contracts
    that gave it; adjusted scores (Law 12C) are counted in one row at the end.

    >>> from tenace.tournament.standings import TravellerLine
    >>> def line(table: int, contract: str, tricks: int) -> TravellerLine:
    ...     r = Result(board=1, round=1, table=table, ns=str(table), ew=str(table + 4),
    ...                contract=Contract.from_str(contract), tricks=tricks)
    ...     return TravellerLine(r, r.ns_score(), Fraction(0), Fraction(0))
    >>> rows = frequencies(Traveller(1, (line(1, "4SN", 10), line(2, "3NTS", 8), line(3, "4SS", 10))))
    >>> [(r.score, r.count, [str(c) for c in r.contracts]) for r in rows]
    [(420, 2, ['4♠ N =', '4♠ S =']), (-50, 1, ['3NT S -1'])]
    """
    labels = labels or _Labels()
    by_score: dict[int, dict[Markup, int]] = {}
    adjusted = 0
    for line in traveller.lines:
        result = line.result
        if result.adjusted is not None or not isinstance(line.ns_score, int):
            adjusted += 1
            continue
        contract = result.contract
        if contract is None:
            text = Markup(escape(labels.passed))
        else:
            over = "" if result.tricks is None else " " + overtricks_text(contract, result.tricks)
            text = Markup("{} {}{}").format(contract_html(contract, labels.notrump), contract.declarer.value,
                                            over)
        seen = by_score.setdefault(line.ns_score, {})
        seen[text] = seen.get(text, 0) + 1
    rows = [
        FrequencyRow(score, sum(texts.values()), tuple(sorted(texts, key=texts.__getitem__, reverse=True)))
        for score, texts in sorted(by_score.items(), key=lambda item: -item[0])
    ]
    if adjusted:
        rows.append(FrequencyRow(None, adjusted, ()))
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class TravellerView:
    traveller: Traveller
    rows: tuple[TravellerRow, ...]
    printed: PrintedBoard | None
    has_percentages: bool
    anchor: str
    """``board-5`` for a board's first traveller, ``board-5-2`` for its second (another section, session or
    group of a fouled board)."""
    frequencies: tuple[FrequencyRow, ...] = ()
    par_ns: int | None = None
    """The board's double-dummy par score for North-South, when the analysis has par."""


@dataclass(frozen=True, slots=True)
class CardRow:
    round: int
    board: int
    direction: str
    opponent: str
    opponent_name: str
    played: Played
    score: str
    """From the contestant's side."""
    points: str
    percentage: str


@dataclass(frozen=True, slots=True)
class ScoreCard:
    contestant: str
    name: str
    rows: tuple[CardRow, ...]
    total: str


def _labelled(text: str, adjusted: str) -> str:
    """A score's text (:func:`score_text`) with the abbreviation of an assigned adjusted score translated.

    >>> _labelled("Adj 420/-420", "Skor."), _labelled("-50", "Skor.")
    ('Skor. 420/-420', '-50')
    """
    prefix = f"{ADJUSTED} "
    return f"{adjusted} {text[len(prefix):]}" if text.startswith(prefix) else text


def _own_score(card: CardLine, settings_text: str) -> str:
    entry = card.line.ns_score
    if isinstance(entry, int) and card.direction == "EW":
        return str(-entry)
    return settings_text


def _traveller_views(event: Event, results: EventResults, boards: Mapping[int, Board],
                     analyses: Mapping[int, BoardAnalysis], labels: _Labels) -> tuple[TravellerView, ...]:
    places = event.conditions.percentage_places
    settings = event.conditions.artificial
    views = []
    seen: dict[int, int] = {}
    for traveller in results.travellers:
        seen[traveller.board] = seen.get(traveller.board, 0) + 1
        count = seen[traveller.board]
        anchor = f"board-{traveller.board}" + (f"-{count}" if count > 1 else "")
        rows = tuple(
            TravellerRow(
                line.result.ns, line.result.ew, _played(line.result, labels),
                _labelled(score_text(line.ns_score, settings), labels.adjusted),
                optional_decimal(line.ns_points, POINT_PLACES),
                optional_decimal(line.ew_points, POINT_PLACES),
                optional_decimal(line.ns_percentage, places), optional_decimal(line.ew_percentage, places),
            )
            for line in traveller.lines
        )
        board = boards.get(traveller.board)
        printed = None
        if board is not None and isinstance(board.deal, Deal):
            printed = printed_board(board, analyses.get(traveller.board))
        has_pct = any(line.ns_percentage is not None for line in traveller.lines)
        analysis = analyses.get(traveller.board)
        par_ns = None if analysis is None or analysis.par is None else analysis.par.score_ns
        views.append(TravellerView(traveller, rows, printed, has_pct, anchor,
                                   frequencies(traveller, labels), par_ns))
    return tuple(views)


def _names(event: Event, opponents: str) -> str:
    return " & ".join(contestant_name(event, who) for who in opponents.split(" & "))


def _score_cards(event: Event, results: EventResults, labels: _Labels) -> tuple[ScoreCard, ...]:
    places = event.conditions.percentage_places
    settings = event.conditions.artificial
    cards = []
    players = players_at(event) if event.kind is EventKind.INDIVIDUAL else None
    for who in contestants(event, results, players):
        lines = card_lines(results, who, players)
        if not lines:
            continue
        rows = tuple(
            CardRow(
                c.result.round, c.result.board, c.direction, c.opponent, _names(event, c.opponent),
                _played(c.result, labels),
                _labelled(_own_score(c, score_text(c.line.ns_score, settings)), labels.adjusted),
                optional_decimal(c.points, POINT_PLACES), optional_decimal(c.percentage, places),
            )
            for c in lines
        )
        total = sum((c.points for c in lines), Fraction(0))
        cards.append(ScoreCard(who, contestant_name(event, who), rows, optional_decimal(total, POINT_PLACES)))
    return tuple(cards)


def _boards(boards: BoardsArg) -> dict[int, Board]:
    return boards_by_number(boards)


def render_html(
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    locale: str = SOURCE_LOCALE,
    hands_link: str | None = None,
    title: str | None = None,
    session_link: str | None = None,
    site_link: str | None = None,
    date: dt.date | None = None,
    downloads: Sequence[str] = (),
) -> str:
    """The results page: a complete HTML document.

    ``boards`` (deals by board number, or :class:`~tenace.board.Board` values) and ``analyses`` (DD table and
    par by board number, see :func:`tenace.handrecords.analyse_boards`) add the analysis to each traveller;
    ``hands_link`` is the address of the hand records page the travellers link to; ``session_link`` and
    ``site_link`` the addresses of the page the results were published from (a club session's) and of the
    site's home page, linked at the top. ``date`` (the session's) is shown under the title, in the page's
    language; ``downloads`` names the files published next to the page (``results.pbn``, ``rankings.csv``
    ..., see :data:`DOWNLOAD_LABELS`), linked under the title.

    :raises LocaleError: for a locale without a label catalogue.
    """
    _ = gettext_for(locale)
    labels = _Labels(_("Passed out"), _(ADJUSTED), _(NOTRUMP))
    par_wording = _(PAR_LINE)
    by_number = _boards(boards)
    show_carry = any(s.carry_over for r in results.rankings for s in r.standings)
    show_penalty_column = any(s.penalties for r in results.rankings for s in r.standings)
    template = _environment().get_template("results.html.j2")
    return template.render(
        _=_,
        lang=_lang(locale),
        title=title or results.event or event.name,
        event=event,
        results=results,
        method=_(METHOD_NAMES[results.method]),
        places=event.conditions.percentage_places,
        show_percentage=any(s.percentage is not None for r in results.rankings for s in r.standings),
        show_carry=show_carry,
        several_sessions=len({t.session for t in results.travellers}) > 1,
        show_penalty_column=show_penalty_column,
        decimal=lambda v, p=POINT_PLACES: optional_decimal(v, p),
        exact=exact,
        name=functools.partial(contestant_name, event),
        travellers=_traveller_views(event, results, by_number, analyses or {}, labels),
        cards=_score_cards(event, results, labels),
        hands_link=hands_link,
        session_link=session_link,
        site_link=site_link,
        par_line=functools.partial(par_html, wording=par_wording, notrump=labels.notrump),
        notrump=labels.notrump,
        red_denominations=_RED_DENOMINATIONS,
        date=date,
        date_text=None if date is None else date_text(date, locale),
        downloads=[(name, _(label)) for name, label in DOWNLOAD_LABELS.items() if name in downloads],
        seat_name=lambda seat: _(seat.name.title()),
        vulnerability=_,
    )


def date_text(date: dt.date, locale: str = SOURCE_LOCALE) -> str:
    """The date as the locale writes it in full (Babel's CLDR data).

    >>> date_text(dt.date(2026, 11, 27)), date_text(dt.date(2026, 11, 27), "pl")
    ('27 November 2026', '27 listopada 2026')
    """
    from babel.dates import format_date

    try:
        return format_date(date, format="long", locale=_lang(locale) if locale != "en" else "en_GB")
    except (ValueError, LookupError):
        return date.isoformat()


def _lang(locale: str) -> str:
    return locale.split("_")[0].split("-")[0]


def render_pages(
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    locale: str = SOURCE_LOCALE,
    session_link: str | None = None,
    site_link: str | None = None,
    date: dt.date | None = None,
    downloads: Sequence[str] = (),
) -> dict[str, str]:
    """The pages :func:`write_html` writes, by file name: ``index.html`` (the results) and, when ``boards``
    has the deals, ``hands.html`` (printable hand records with DD table and par, :mod:`tenace.handrecords`),
    both in ``locale``; ``session_link``, ``site_link``, ``date`` and ``downloads`` as for
    :func:`render_html` (the hand records link to the results too).

    >>> from tenace.tournament.model import Conditions, Event, EventKind, Method
    >>> from tenace.tournament.standings import EventResults
    >>> from tenace import Board, Deal
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> pages = render_pages(Event("Klub", EventKind.PAIRS, Conditions(), ()),
    ...                      EventResults("Klub", Method.MATCHPOINTS, (), ()), boards=[Board(1, deal)],
    ...                      locale="pl", session_link="/club/sessions/s1")
    >>> '<html lang="pl">' in pages["hands.html"], "Rozdanie 1" in pages["hands.html"]
    (True, True)
    >>> all('href="/club/sessions/s1"' in page for page in pages.values())
    True
    """
    by_number = _boards(boards)
    with_deals = [by_number[n] for n in sorted(by_number) if isinstance(by_number[n], Board)
                  and isinstance(by_number[n].deal, Deal)]
    pages: dict[str, str] = {}
    if with_deals:
        from tenace.handrecords import render_html as render_hand_records

        _ = gettext_for(locale)
        per_board = analyses or {}
        links = [(_("Results"), INDEX_PAGE)]
        if session_link:
            links.append((_("Back to the session"), session_link))
        if site_link:
            links.append((_("Home page"), site_link))
        pages[HANDS_PAGE] = render_hand_records(
            with_deals, [per_board.get(b.number) for b in with_deals], title=results.event or event.name,
            gettext=_, lang=_lang(locale), links=links,
            par_line=functools.partial(par_html, wording=_(PAR_LINE), notrump=_(NOTRUMP)),
        )
    pages[INDEX_PAGE] = render_html(event, results, boards=by_number, analyses=analyses, locale=locale,
                                    hands_link=HANDS_PAGE if with_deals else None,
                                    session_link=session_link, site_link=site_link, date=date,
                                    downloads=downloads)
    return pages


def write_html(
    folder: str | os.PathLike[str],
    event: Event,
    results: EventResults,
    *,
    boards: BoardsArg = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    locale: str = SOURCE_LOCALE,
    date: dt.date | None = None,
) -> list[Path]:
    """Write :func:`render_pages` into ``folder`` (created if needed), UTF-8; returns the paths written.

    :raises OSError: if the folder or a file cannot be written.
    """
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    pages = render_pages(event, results, boards=boards, analyses=analyses, locale=locale, date=date)
    for name, text in pages.items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
