"""``tenace card``: system cards (Laws 20F, 40, 75) from the command line.

* ``tenace card show CARD.json [--html OUT]``: the card as text, or as the printable WBF-layout page;
* ``tenace card check CARD.json RECORD``: :func:`tenace.system.review` over every board of a record (PBN, LIN,
  Tenace JSON): explanations that differ from the card, hands that do not fit it, missing alerts. Exit 1 when
  there is any finding (evidence for the Director, never a ruling), 0 when there is none. A bidding system's
  rules file (``FILE.rules``) stands for its card (:func:`tenace.system.bidding.card.card_of`);
* ``tenace card check FILE.rules``: the system checked (:func:`tenace.system.bidding.check.check_system`):
  every problem with its file and line. Exit 1 when there is any, 0 when there is none;
* ``tenace card robots [--system NAME|FILE] [--out FILE]``: a bidding system (the robots' by default) as a
  card;
* ``tenace card bid HAND [--auction "1NT P"] [--system NAME|FILE]``: the system's call with a hand, its
  explanation and alert, and the other calls its rules allow.

A card, rules file or record that cannot be read exits with 2 and a message naming the file (and, for a card,
the JSON path of the bad value; for a rules file or a PBN file, the line).
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape

from tenace.cli._common import EXIT_BAD_INPUT, EXIT_USAGE, JsonOption, emit_json, err, fail, out
from tenace.cli._files import Format, board_name, format_of, load, record_of, write_output
from tenace.seats import Side
from tenace.system.alerts import ALERTS_ONLY, ONLINE, AlertRegulations, agreement_duty
from tenace.system.alerts import DutyKind as _DutyKind
from tenace.system.card import Agreement, Section, SystemCard
from tenace.system.codec import SystemCardError, card_to_json, dumps
from tenace.system.codec import load as load_card
from tenace.system.explain import Deviation, FailedAlert, Mismatch, Review, review

if TYPE_CHECKING:
    from tenace.system.bidding.check import Problem
    from tenace.system.bidding.rules import BiddingSystem


SystemOption = Annotated[
    str | None,
    typer.Option("--system", help="A shipped system by name (two-over-one, sayc) or a FILE.rules "
                                  "\\[default: two-over-one, the robots'].", show_default=False),
]


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


def is_rules_file(path: Path) -> bool:
    """Whether ``path`` names a bidding system's rules (``.rules``) rather than a JSON card."""
    return path.suffix.lower() == ".rules"


def read_system(path: Path) -> BiddingSystem:
    """The bidding system in the rules file ``path``; exit 2 naming the file and line when it cannot be read
    (:class:`~tenace.system.bidding.rules.SystemFileError`)."""
    from tenace.system.bidding.rules import SystemFileError, load_system

    if path.is_dir():
        fail(f"{path}: a folder, not a rules file", EXIT_USAGE)
    try:
        return load_system(path)
    except SystemFileError as exc:
        fail(str(exc), EXIT_USAGE)


def system_of(choice: str | None) -> BiddingSystem:
    """A system by the name of a shipped one (``two-over-one``, ``sayc``) or the path of a rules file; the
    robots' default when ``None``. Exit 2 with the reason when it cannot be had."""
    from tenace.system.bidding.rules import SystemFileError
    from tenace.system.bidding.systems import DEFAULT, builtin, builtin_names

    name = choice if choice is not None else DEFAULT
    if name in builtin_names():
        try:
            return builtin(name)
        except SystemFileError as exc:
            fail(f"the shipped system {name!r} cannot be read: {exc}", EXIT_USAGE)
    path = Path(name)
    if is_rules_file(path) or path.exists():
        return read_system(path)
    fail(f"--system: no system {name!r}: give one of the shipped systems ({', '.join(builtin_names())}) or "
         "a .rules file", EXIT_USAGE)


def _problem_json(problem: Problem) -> dict[str, Any]:
    file, _, line = problem.where.partition(":")
    return {"where": problem.where, "file": file, "line": int(line) if line.isdigit() else None,
            "message": problem.message}


def check_rules(path: Path, as_json: bool) -> None:
    """``tenace card check FILE.rules``: every problem of the system, with its file and line."""
    from tenace.system.bidding.problems import located

    system = read_system(path)
    problems = located(system)
    if as_json:
        emit_json({"system": system.name, "file": str(path), "rules": len(system.rules),
                   "conventions": list(system.conventions), "generators": list(system.generators),
                   "problems": [_problem_json(p) for p in problems]})
    else:
        for problem in problems:
            out.print(escape(str(problem)))
        what = f"{escape(system.name)} ({escape(str(path))}, {len(system.rules)} rules)"
        if problems:
            out.print(f"[bold red]{len(problems)} problem(s)[/] in {what}.")
        else:
            out.print(f"[green]No problem[/] in {what}.")
    if problems:
        raise typer.Exit(EXIT_BAD_INPUT)


def warn_problems(system: BiddingSystem) -> None:
    """Say on standard error that ``system`` has problems (``tenace card check`` lists them)."""
    from tenace.system.bidding.problems import located

    problems = located(system)
    if problems:
        err.print(escape(f"warning: {system.name} has {len(problems)} problem(s), the first: {problems[0]} "
                         "(tenace card check lists them)"))


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


# --- bid ----------------------------------------------------------------------------------------------


def _rule_json(rule: Any) -> dict[str, Any] | None:
    if rule is None or rule.label == "no-fit" and not rule.where:
        return None
    return {"where": rule.where or "generated", "meaning": rule.label}


def bid_of(system: BiddingSystem, hand_text: str, auction_text: str, dealer_text: str,
           vul_text: str) -> dict[str, Any]:
    """What ``system`` says with a hand after an auction, as JSON: the call, its alert and explanation (the
    agreement about it, Law 20F), the rule that made it and the other calls the rules allow. Exit 2 naming
    the bad argument when one cannot be read."""
    from tenace.auction import Auction
    from tenace.board import Vulnerability
    from tenace.calls import parse_call
    from tenace.cards import CardSet
    from tenace.errors import BridgeError
    from tenace.seats import Seat
    from tenace.system.bidding.calls import call_of, code
    from tenace.system.bidding.engine import HandInfo, candidates, context, decide
    from tenace.system.bidding.explain import describe

    try:
        hand = CardSet.from_pbn(hand_text.strip())
    except BridgeError as exc:
        fail(f"HAND: {exc}", EXIT_USAGE)
    if len(hand) != 13:
        fail(f"HAND: a hand has 13 cards, {hand_text.strip()!r} has {len(hand)}", EXIT_USAGE)
    try:
        seat = Seat.from_str(dealer_text.strip())
    except BridgeError as exc:
        fail(f"--dealer: {exc}", EXIT_USAGE)
    try:
        vulnerability = Vulnerability.from_str(vul_text.strip())
    except BridgeError as exc:
        fail(f"--vul: {exc}", EXIT_USAGE)
    calls = []
    for number, word in enumerate(auction_text.split(), 1):
        try:
            calls.append(parse_call(word))
        except BridgeError as exc:
            fail(f"--auction: call {number}: {exc}", EXIT_USAGE)
    try:
        played = Auction(seat, tuple(calls))
    except BridgeError as exc:
        fail(f"--auction: {exc}", EXIT_USAGE)
    if played.is_complete:
        fail(f"--auction: the auction {auction_text.strip()!r} has ended: nobody calls any more", EXIT_USAGE)
    turn = played.turn
    vul = (vulnerability.is_vulnerable(Seat.NORTH), vulnerability.is_vulnerable(Seat.EAST))
    ctx = context(system, seat.index, vul, tuple(code(c) for c in calls))
    info = HandInfo.of(hand)
    choice = decide(ctx, info)
    meaning = ctx.meaning(choice.call)
    others = []
    seen = {choice.call}
    for other in candidates(ctx, info, options=True):
        if other.call in seen:
            continue
        seen.add(other.call)
        other_meaning = ctx.meaning(other.call)
        others.append({"call": str(call_of(other.call)), "alert": other_meaning.alert,
                       "explanation": describe(other_meaning), "rule": _rule_json(other.rule),
                       "judge": other.rule.judge, "option": other.rule.option})
    return {
        "system": system.name, "hand": hand_text.strip(), "dealer": seat.value,
        "vulnerability": vulnerability.value, "auction": [str(c) for c in calls], "seat": turn.value,
        "call": str(call_of(choice.call)), "alert": meaning.alert, "explanation": describe(meaning),
        "rule": _rule_json(choice.rule), "others": others,
    }


def register(app: typer.Typer) -> None:
    card_app = typer.Typer(
        name="card",
        help="System cards (Laws 20F, 40, 75): show a card, check a record against it or a bidding system's "
             "rules, a system as a card, a system's call with a hand.",
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
            "differ from it, hands that do not fit it, missing alerts (tenace.system.review). The card is a "
            "JSON card or a bidding system's FILE.rules (its card). With a FILE.rules and no record, check "
            "the system itself: every problem with its file and line. Exit 1 when there is any finding or "
            "problem, 0 when there is none, 2 when a file cannot be read."
        ),
    )
    def check_command(
        card_file: Annotated[
            Path, typer.Argument(help="The card (JSON), or a bidding system (FILE.rules).", dir_okay=False)
        ],
        record_file: Annotated[
            Path | None,
            typer.Argument(help="The record: .pbn, .lin or .json (optional with a FILE.rules).",
                           dir_okay=False, show_default=False),
        ] = None,
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
        rules = is_rules_file(card_file)
        if record_file is None:
            if not rules:
                fail(f"{card_file}: give the record to check against this card (a FILE.rules alone checks "
                     "the system)", EXIT_USAGE)
            check_rules(card_file, as_json)
            return
        system = read_system(card_file) if rules else None
        card = read_card(card_file) if system is None else None
        regs = regulations_of(regulations)
        loaded = load(record_file, format_of(record_file, from_format))
        if not loaded.items and loaded.errors:
            first = loaded.errors[0]
            fail(f"{first.where}: {first.message}", EXIT_USAGE)
        if system is not None:
            from tenace.system.bidding.card import card_of

            warn_problems(system)
            # the card's lines for the auctions of the record (the whole card's: a whole card takes longer)
            auctions = [[a.call for a in record_of(item).calls or ()] for item in loaded.items]
            card = card_of(system, auctions=auctions)
        assert card is not None
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

    @card_app.command(
        "robots",
        help="A bidding system as a system card (JSON): the robots' by default, a shipped one by name, or a "
             "FILE.rules.",
    )
    def robots_command(
        system: SystemOption = None,
        out_file: Annotated[
            Path | None,
            typer.Option("--out", help="Write the card to this file (default: standard output).",
                         show_default=False, dir_okay=False),
        ] = None,
        name: Annotated[
            str | None, typer.Option("--name", help="The card's name.", show_default=False)
        ] = None,
    ) -> None:
        from tenace.system.bidding.card import card_of

        chosen = system_of(system)
        warn_problems(chosen)
        if out_file is not None:
            err.print(escape(f"working out the card of {chosen.name}: every auction of its rules in every "
                             "table state (a minute or two for a large system)"))
        card = card_of(chosen, name=name)
        write_output(dumps(card), out_file)
        if out_file is not None:
            out.print(f"wrote {escape(str(out_file))} ({len(card.agreements)} agreements)")

    @card_app.command(
        "bid",
        help=(
            "The call a bidding system makes with HAND (PBN, spades first: AK5.KQ4.J876.A54) after an "
            "auction, its explanation and alert, and the other calls its rules allow."
        ),
    )
    def bid_command(
        hand: Annotated[str, typer.Argument(help="The hand to call with, in PBN: AK5.KQ4.J876.A54.")],
        auction: Annotated[
            str,
            typer.Option("--auction", help='The calls so far, from the dealer, passes included: "1NT P".'),
        ] = "",
        dealer: Annotated[str, typer.Option("--dealer", help="The dealer: N, E, S or W.")] = "N",
        vul: Annotated[str, typer.Option("--vul", help="The vulnerability: None, NS, EW or All.")] = "None",
        system: SystemOption = None,
        as_json: JsonOption = False,
    ) -> None:
        chosen = system_of(system)
        warn_problems(chosen)
        bid_json = bid_of(chosen, hand, auction, dealer, vul)
        if as_json:
            emit_json(bid_json)
            return
        alert = " [bold](alert)[/]" if bid_json["alert"] else ""
        who = f"{escape(bid_json['seat'])} ({escape(bid_json['system'])})"
        out.print(f"{who}: [bold]{escape(bid_json['call'])}[/]{alert}: {escape(bid_json['explanation'])}")
        rule = bid_json["rule"]
        out.print(escape(f"  rule {rule['where']} [{rule['meaning']}]" if rule is not None else
                         "  no rule fits: a pass"))
        for other in bid_json["others"]:
            flags = "".join(f" {f}" for f in ("judge", "option") if other[f])
            out.print(escape(f"  also {other['call']}: {other['explanation']} ({other['rule']['where']} "
                             f"{other['rule']['meaning']}{flags})"))

    app.add_typer(card_app)
