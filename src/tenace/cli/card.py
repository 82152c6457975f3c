"""``tenace card``: system cards (Laws 20F, 40, 75) from the command line.

* ``tenace card show CARD.json [--html OUT]``: the card as text, or as the printable WBF-layout page;
* ``tenace card check CARD.json RECORD``: :func:`tenace.system.review` over every board of a record (PBN, LIN,
  Tenace JSON): explanations that differ from the card, hands that do not fit it, missing alerts. Exit 1 when
  there is any finding (evidence for the Director, never a ruling), 0 when there is none;
* ``tenace card robots [--out FILE]``: the robots' bidding system (:mod:`tenace.robots.system`) as a card.

A card or record that cannot be read exits with 2 and a message naming the file (and, for a card, the JSON
path of the bad value; for a PBN file, the line).
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from tenace.cli._common import EXIT_BAD_INPUT, EXIT_USAGE, JsonOption, emit_json, fail, out
from tenace.cli._files import Format, board_name, format_of, load, record_of, write_output
from tenace.seats import Side
from tenace.system.alerts import ALERTS_ONLY, ONLINE, AlertRegulations, agreement_duty
from tenace.system.alerts import DutyKind as _DutyKind
from tenace.system.card import Agreement, Section, SystemCard
from tenace.system.codec import SystemCardError, card_to_json, dumps
from tenace.system.codec import load as load_card
from tenace.system.explain import Deviation, FailedAlert, Mismatch, Review, review


class RegulationsChoice(enum.StrEnum):
    """The alerting regulations to apply (:mod:`tenace.system.alerts`)."""

    DEFAULT = "default"
    ONLINE = "online"
    ALERTS_ONLY = "alerts-only"


class SideChoice(enum.StrEnum):
    NS = "NS"
    EW = "EW"


def regulations_of(choice: RegulationsChoice) -> AlertRegulations:
    return {RegulationsChoice.DEFAULT: AlertRegulations(), RegulationsChoice.ONLINE: ONLINE,
            RegulationsChoice.ALERTS_ONLY: ALERTS_ONLY}[choice]


def read_card(path: Path) -> SystemCard:
    """The card in ``path``; exit 2 naming the file (and the JSON path) when it cannot be read."""
    try:
        return load_card(path)
    except SystemCardError as exc:
        fail(str(exc), EXIT_USAGE)
    except OSError as exc:
        fail(f"{path}: {exc.strerror or exc}", EXIT_USAGE)
    except UnicodeDecodeError as exc:
        fail(f"{path}: not UTF-8 text ({exc.reason})", EXIT_USAGE)


# --- show ----------------------------------------------------------------------------------------------


def _mark(agreement: Agreement, regulations: AlertRegulations) -> str:
    duty = agreement_duty(agreement, regulations)
    if duty.kind is _DutyKind.ANNOUNCE:
        return f"announce: {duty.text}"
    if duty.kind is _DutyKind.ALERT:
        return "delayed alert" if duty.delayed else "alert"
    return ""


def agreement_line(agreement: Agreement, regulations: AlertRegulations | None) -> str:
    """One agreement as one line: ``auction  text  [hcp, lengths, flags]  (alert mark)``."""
    m = agreement.meaning
    facts = [f"{m.hcp} HCP"] if m.hcp else []
    facts.extend(str(item) for item in m.lengths)
    if m.balanced:
        facts.append("balanced")
    if m.forcing is not None:
        facts.append(str(m.forcing))
    if m.artificial:
        facts.append("artificial")
    if m.transfer is not None:
        facts.append(f"transfer to {m.transfer.symbol}")
    if m.convention:
        facts.append(m.convention)
    line = f"{agreement.pattern.text}: {m.text}"
    if facts:
        line += f"  [{', '.join(facts)}]"
    mark = _mark(agreement, regulations) if regulations is not None else ""
    return f"{line}  ({mark})" if mark else line


_HEADINGS = {Section.OPENING: "Openings", Section.RESPONSE: "Responses and rebids",
             Section.COMPETITIVE: "Competitive bidding"}


def show_text(card: SystemCard, regulations: AlertRegulations | None) -> None:
    out.print(f"[bold]{escape(card.name)}[/] (revision {card.revision})")
    if card.players:
        out.print(f"players: {escape(', '.join(card.players))}")
    if card.system:
        out.print(f"system: {escape(card.system)}")
    if card.approach:
        out.print(f"approach: {escape(card.approach)}")
    carding = card_to_json(card).get("carding") or {}
    for key, value in carding.items():
        if value:
            out.print(f"carding, {key.replace('_', ' ')}: {escape(str(value))}")
    for section in Section:
        agreements = card.section(section)
        if not agreements:
            continue
        out.print(f"[bold]{_HEADINGS[section]}[/] ({len(agreements)})")
        for agreement in agreements:
            out.print(f"  {escape(agreement_line(agreement, regulations))}")
    for convention in card.conventions:
        out.print(f"[bold]Convention[/] {escape(convention.name)}: {escape(convention.description)}")
    if card.notes:
        out.print(f"notes: {escape(card.notes)}")


# --- check ---------------------------------------------------------------------------------------------


def _mismatch_json(m: Mismatch) -> dict[str, Any]:
    return {
        "index": m.index, "seat": m.seat.value if m.seat is not None else None, "call": str(m.call),
        "pattern": m.pattern, "card": m.card.text if m.card is not None else None,
        "explanation": m.explanation.text,
        "fields": [{"field": f.field, "card": f.card, "explained": f.explained} for f in m.fields],
        "laws": list(m.laws), "message": str(m),
    }


def _deviation_json(d: Deviation) -> dict[str, Any]:
    return {
        "index": d.index, "seat": d.seat.value if d.seat is not None else None, "call": str(d.call),
        "pattern": d.pattern, "card": d.card.text if d.card is not None else None, "hcp": d.hcp,
        "shape": list(d.shape),
        "contradictions": [{"field": f, "promised": p, "held": h} for f, p, h in d.contradictions],
        "laws": list(d.laws), "message": str(d),
    }


def _failed_json(f: FailedAlert) -> dict[str, Any]:
    return {
        "index": f.index, "seat": f.seat.value if f.seat is not None else None, "call": str(f.call),
        "duty": f.duty.kind.value, "reason": f.duty.reason, "message": str(f),
    }


def review_json(found: Review) -> dict[str, Any]:
    return {
        "mismatches": [_mismatch_json(m) for m in found.mismatches],
        "deviations": [_deviation_json(d) for d in found.deviations],
        "failed_alerts": [_failed_json(f) for f in found.failed_alerts],
    }


def register(app: typer.Typer) -> None:
    card_app = typer.Typer(
        name="card",
        help="System cards (Laws 20F, 40, 75): show a card, check a record against it, the robots' card.",
        no_args_is_help=True,
    )

    @card_app.command("show", help="Print a system card (JSON), or write it as the WBF-layout HTML page.")
    def show_command(
        file: Annotated[Path, typer.Argument(help="The card (tenace-system-card JSON).", dir_okay=False)],
        html: Annotated[
            Path | None,
            typer.Option("--html", help="Write the WBF-layout HTML page to this file ('-': standard output).",
                         show_default=False),
        ] = None,
        regulations: Annotated[
            RegulationsChoice,
            typer.Option("--regulations", help="Mark alerts and announcements under these."),
        ] = RegulationsChoice.DEFAULT,
        as_json: JsonOption = False,
    ) -> None:
        card = read_card(file)
        regs = regulations_of(regulations)
        if html is not None:
            from tenace.system.render import render_html

            page = render_html(card, regs)
            write_output(page, None if str(html) == "-" else html)
            if str(html) != "-" and not as_json:
                out.print(f"wrote {escape(str(html))}")
            if str(html) == "-":
                return
        if as_json:
            emit_json(card_to_json(card))
        elif html is None:
            show_text(card, regs)

    @card_app.command(
        "check",
        help=(
            "Check every board of a record (PBN, LIN or Tenace JSON) against a card: explanations that "
            "differ from it, hands that do not fit it, missing alerts (tenace.system.review). Exit 1 when "
            "there is any finding, 0 when there is none, 2 when a file cannot be read."
        ),
    )
    def check_command(
        card_file: Annotated[Path, typer.Argument(help="The card (JSON).", dir_okay=False)],
        record_file: Annotated[Path, typer.Argument(help="The record: .pbn, .lin or .json.", dir_okay=False)],
        side: Annotated[
            SideChoice | None,
            typer.Option("--side", help="Check only this partnership's calls (default: both play the card).",
                         show_default=False),
        ] = None,
        regulations: Annotated[
            RegulationsChoice, typer.Option("--regulations", help="The alerting regulations in force.")
        ] = RegulationsChoice.DEFAULT,
        from_format: Annotated[
            Format | None,
            typer.Option("--from", help="The record's format (default: from the extension).",
                         show_default=False),
        ] = None,
        as_json: JsonOption = False,
    ) -> None:
        card = read_card(card_file)
        regs = regulations_of(regulations)
        loaded = load(record_file, format_of(record_file, from_format))
        if not loaded.items and loaded.errors:
            first = loaded.errors[0]
            fail(f"{first.where}: {first.message}", EXIT_USAGE)
        which = Side.NS if side is SideChoice.NS else Side.EW if side is SideChoice.EW else None
        boards: list[dict[str, Any]] = []
        findings = 0
        for item in loaded.items:
            record = record_of(item)
            entry: dict[str, Any] = {"board": record.number, "name": board_name(item)}
            if not record.calls:
                entry.update(review_json(Review((), (), ())), error=None, calls=0)
                boards.append(entry)
                continue
            try:
                found = review(card, record, regs, side=which)
            except ValueError as exc:  # no dealer and no board number
                entry.update(review_json(Review((), (), ())), error=str(exc), calls=len(record.calls))
                findings += 1
                boards.append(entry)
                continue
            entry.update(review_json(found), error=None, calls=len(record.calls), lines=list(found.lines()))
            findings += len(found.mismatches) + len(found.deviations) + len(found.failed_alerts)
            boards.append(entry)
        if as_json:
            emit_json({"card": card.name, "file": str(record_file), "regulations": regs.name,
                       "side": which.value if which is not None else None, "findings": findings,
                       "boards": [{k: v for k, v in b.items() if k != "lines"} for b in boards]})
        else:
            out.print(f"[bold]{escape(str(record_file))}[/] against [bold]{escape(card.name)}[/] "
                      f"({escape(regs.name)} regulations)")
            for b in boards:
                lines = b.get("lines") or ([f"cannot check: {b['error']}"] if b.get("error") else [])
                if not lines:
                    continue
                out.print(f"{escape(b['name'])}:")
                for line in lines:
                    out.print(f"  {escape(line)}")
            checked = sum(1 for b in boards if b.get("calls"))
            if findings:
                out.print(f"[bold red]{findings} finding(s)[/] in {checked} board(s) with an auction.")
            else:
                out.print(f"[green]No finding[/] in {checked} board(s) with an auction.")
        if findings:
            raise typer.Exit(EXIT_BAD_INPUT)

    @card_app.command("robots", help="The robots' bidding system as a system card (JSON).")
    def robots_command(
        out_file: Annotated[
            Path | None,
            typer.Option("--out", help="Write the card to this file (default: standard output).",
                         show_default=False, dir_okay=False),
        ] = None,
        name: Annotated[
            str | None, typer.Option("--name", help="The card's name.", show_default=False)
        ] = None,
    ) -> None:
        from tenace.robots.system import SYSTEM
        from tenace.system.robots import card_from_rules

        card = card_from_rules(SYSTEM, name=name)
        write_output(dumps(card), out_file)
        if out_file is not None:
            out.print(f"wrote {escape(str(out_file))} ({len(card.agreements)} agreements)")

    app.add_typer(card_app)
