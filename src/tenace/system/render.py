"""A system card as a printable HTML page in the layout of the WBF system card (Law 40B2(a)(ii)).

Sections as on the WBF card: the players and general approach; defensive carding (leads, signals, discards);
competitive bidding (overcalls, doubles, defences); the one-level openings table; two-level and higher
openings; conventions. Each opening row lists its responses and rebids. With ``regulations`` every call is
marked with its duty under them (alert, announce with the wording, or delayed alert).

This module imports Jinja2; :mod:`tenace.system` does not import it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import Environment, PackageLoader, select_autoescape

from tenace.system.alerts import AlertRegulations, DutyKind, agreement_duty
from tenace.system.card import Agreement, Section, SystemCard
from tenace.system.meaning import Meaning

_env: Environment | None = None


def _environment() -> Environment:
    global _env
    if _env is None:
        _env = Environment(loader=PackageLoader("tenace.system", "templates"),
                           autoescape=select_autoescape(["html", "j2"]), trim_blocks=True, lstrip_blocks=True)
    return _env


@dataclass(frozen=True, slots=True)
class Row:
    """One printed line: the auction, the call, its meaning's parts and its alert mark."""

    auction: str
    call: str
    text: str
    hcp: str
    lengths: str
    flags: str
    convention: str
    mark: str
    responses: tuple[Row, ...] = ()


def _mark(agreement: Agreement, regulations: AlertRegulations | None) -> str:
    if regulations is None:
        return ""
    duty = agreement_duty(agreement, regulations)
    if duty.kind is DutyKind.ANNOUNCE:
        return f"Announce: {duty.text}"
    if duty.kind is DutyKind.ALERT:
        return "Delayed alert" if duty.delayed else "Alert"
    return ""


def _flags(meaning: Meaning) -> str:
    parts = []
    if meaning.forcing is not None:
        parts.append(str(meaning.forcing))
    if meaning.artificial:
        parts.append("artificial")
    if meaning.balanced:
        parts.append("balanced")
    if meaning.transfer is not None:
        parts.append(f"transfer {meaning.transfer.symbol}")
    return ", ".join(parts)


def _row(agreement: Agreement, regulations: AlertRegulations | None, responses: tuple[Row, ...] = ()) -> Row:
    m = agreement.meaning
    call = agreement.call
    return Row(
        auction=agreement.pattern.text,
        call=call.unicode(),
        text=m.text,
        hcp=m.hcp,
        lengths=" ".join(str(item) for item in m.lengths),
        flags=_flags(m),
        convention=m.convention or "",
        mark=_mark(agreement, regulations),
        responses=responses,
    )


def _opening_rows(card: SystemCard, levels: range, regulations: AlertRegulations | None) -> list[Row]:
    responses = card.section(Section.RESPONSE)
    rows = []
    for level in levels:
        for opening in card.openings(level):
            follow = tuple(_row(a, regulations) for a in responses
                           if a.pattern.tokens[0].call == opening.call)
            rows.append(_row(opening, regulations, follow))
    return rows


def render_html(card: SystemCard, regulations: AlertRegulations | None = None, *,
                title: str | None = None) -> str:
    """The card as one HTML document laid out like the WBF system card, ready to print on A4.

    >>> from tenace.system.samples import natural_card
    >>> page = render_html(natural_card(), AlertRegulations())
    >>> "Defensive carding" in page and "Announce: 15-17" in page and "Stayman" in page
    True
    """
    openings = {a.call for a in card.section(Section.OPENING)}
    attached = {a for a in card.section(Section.RESPONSE)
                if a.pattern.tokens[0].call in openings}
    other_responses = [_row(a, regulations) for a in card.section(Section.RESPONSE) if a not in attached]
    conventions = [
        (c.name, c.description, [_row(a, regulations) for a in card.calls_of_convention(c.name)])
        for c in card.conventions
    ]
    return _environment().get_template("system_card.html.j2").render(
        title=title or card.name,
        card=card,
        regulations=regulations,
        one_level=_opening_rows(card, range(1, 2), regulations),
        higher=_opening_rows(card, range(2, 8), regulations),
        other_responses=other_responses,
        competitive=[_row(a, regulations) for a in card.section(Section.COMPETITIVE)],
        conventions=conventions,
    )
