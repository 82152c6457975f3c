"""What ``tenace event`` shows and writes: results as the table confirms them, rankings and matches in the
terminal (Rich), the audit history as data, and the published formats."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.markup import escape
from rich.table import Table

from tenace.cli._common import out
from tenace.deal import Deal
from tenace.scoring.matchpoints import rounded
from tenace.tournament.entry import summary
from tenace.tournament.model import Event, Method, Result
from tenace.tournament.standings import EventResults

FORMATS = ("html", "json", "csv", "travellers-csv", "pbn", "usebio")
FILES = {"html": "index.html", "json": "results.json", "csv": "rankings.csv",
         "travellers-csv": "travellers.csv", "pbn": "results.pbn", "usebio": "results.usebio.xml"}


def score_text(result: Result) -> str:
    """What the opponents confirm at the table, without the board number: ``4♥ by S, making 11, NS +650``."""
    return summary(result).split(": ", 1)[1]


def result_json(result: Result) -> dict[str, Any]:
    """A result as plain JSON values."""
    score = result.ns_score()
    return {
        "table": result.table, "round": result.round, "board": result.board, "ns": result.ns, "ew": result.ew,
        "contract": None if result.contract is None else result.contract.text(),
        "declarer": None if result.contract is None else result.contract.declarer.value,
        "tricks": result.tricks, "lead": None if result.lead is None else str(result.lead),
        "adjusted": None if result.adjusted is None else str(result.adjusted),
        "group": result.group,
        "score_ns": score if isinstance(score, int) else None,
    }


def rounded_text(value: Fraction, places: int) -> str:
    return str(rounded(value, places))


def print_rankings(results: EventResults, places: int) -> None:
    if results.matches:
        matches = Table(title=f"{escape(results.event)}: matches", title_justify="left")
        won = "Board points" if results.method is Method.BOARD_A_MATCH else "IMPs"
        for column in ("Round", "Home", "Away", "Boards", won, "VPs"):
            matches.add_column(column, justify="left" if column in ("Home", "Away") else "right")
        for m in results.matches:
            imps = f"{rounded_text(m.imps[0], places)} - {rounded_text(m.imps[1], places)}"
            vps = ""
            if m.vps is not None:
                vps = f"{rounded_text(m.vps[0], places)} - {rounded_text(m.vps[1], places)}"
            matches.add_row(str(m.round), escape(m.home), escape(m.away), str(m.boards), imps, vps)
        for bye in results.byes:
            matches.add_row(str(bye.round), escape(bye.contestant), "(bye)", "", "",
                            rounded_text(bye.vps, places))
        out.print(matches)
    for ranking in results.rankings:
        table = Table(title=f"{escape(results.event)}: {escape(ranking.title)}", title_justify="left")
        for column, justify in (("Place", "right"), ("Contestant", "left"), ("Name", "left"),
                                ("Boards", "right"), ("Total", "right"), ("%", "right")):
            table.add_column(column, justify=justify)  # type: ignore[arg-type]
        for s in ranking.standings:
            total = rounded_text(s.total, places)
            if s.penalties:
                total += f" ({rounded_text(-s.penalties, places)})"
            pct = "" if s.percentage is None else rounded_text(s.percentage, places)
            table.add_row(s.place, escape(s.contestant), escape(s.name), str(s.boards), total, pct)
        out.print(table)


def render(fmt: str, event: Event, results: EventResults, deals: dict[int, Deal] | None = None) -> str:
    from tenace.tournament import publish
    from tenace.tournament.publish.pbn import results_pbn
    from tenace.tournament.publish.usebio import results_usebio

    if fmt == "json":
        return publish.results_json(event, results)
    if fmt == "csv":
        return publish.rankings_csv(event, results)
    if fmt == "travellers-csv":
        return publish.travellers_csv(event, results)
    if fmt == "pbn":
        return results_pbn(event, results, boards=deals)
    if fmt == "usebio":
        return results_usebio(event, results, boards=deals)
    return publish.render_html(event, results, boards=deals)


def change_json(change: Any) -> dict[str, Any]:
    where = ", ".join(f"{name} {getattr(change, name)}" for name in ("table", "round", "board")
                      if getattr(change, name, None) is not None)
    details = [where] if where else []
    if getattr(change, "new", None) is not None:
        details.append(score_text(change.new))
    if getattr(change, "reason", None):
        details.append(change.reason)
    if getattr(change, "law", None):
        details.append(f"Law {change.law}")
    return {"at": change.at.isoformat(timespec="seconds"), "by": change.by, "kind": change.action,
            "session": change.session, "table": change.table, "round": change.round, "board": change.board,
            "reason": change.reason, "law": change.law, "details": "; ".join(details),
            "old": None if change.old is None else result_json(change.old),
            "new": None if change.new is None else result_json(change.new)}
