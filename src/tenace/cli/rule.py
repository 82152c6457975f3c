"""``tenace rule``: the Director's assistant. Replays a table's record through the Laws engine and says where
the table stands: who must decide what (with the options and their Laws), the irregularity nobody has yet
drawn attention to, the constraints in force and the withdrawn calls (Law 16C); or, once the board has
ended, the contract, the tricks and the score (Law 77).

It also shows what was said at the table (Laws 20F, 75): the questions, explanations and corrections, the
Director's Law 75 findings, the corrections still owed (:func:`tenace.laws.misinformation.duties`) and what
the Laws allow after a correction (21B, 47E2); with ``--card`` (a system card JSON file, for both sides, or
``--card-ns`` / ``--card-ew``) each explanation is checked against the card and every mismatch shown with the
card's meaning and the caller's hand, as evidence for the Director's Law 75 determination.

The record is a JSON table log (:mod:`tenace.laws.log`), or a PBN or LIN file whose recorded auctions and
play are replayed (each board in turn).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
from pathlib import Path
from typing import Annotated, Any

import typer

from tenace.cli._common import EXIT_BAD_INPUT, EXIT_USAGE, JsonOption, emit_json, err, fail, out
from tenace.deal import Deal
from tenace.errors import NotationError
from tenace.laws import information as ui
from tenace.laws import misinformation, wrong_board
from tenace.laws.editions import in_edition
from tenace.laws.events import ScoreAdjusted
from tenace.laws.log import from_json, loads, value_to_json
from tenace.laws.pbn_export import RecordReplayError, table_from_record
from tenace.laws.refs import EDITIONS, Director, LawRef, Regulations, actor_name
from tenace.laws.table import Phase, Table
from tenace.laws.tempo import TempoProfile, tempo_profile
from tenace.record import DealRecord
from tenace.seats import Side
from tenace.system.card import SystemCard
from tenace.system.codec import SystemCardError
from tenace.system.codec import load as load_card

_BoardOpt = Annotated[int | None, typer.Option("--board", help="Only the board with this number (PBN, LIN).")]
_CardOpt = Annotated[Path | None, typer.Option(
    "--card", help="A system card (JSON) both sides play: explanations are checked against it (Law 75).",
)]
_CardNSOpt = Annotated[Path | None, typer.Option("--card-ns", help="North-South's system card (JSON).")]
_CardEWOpt = Annotated[Path | None, typer.Option("--card-ew", help="East-West's system card (JSON).")]
_TempoOpt = Annotated[list[Path] | None, typer.Option(
    "--tempo-from", help="A JSON table log of the same session (repeat the option): each player's usual "
    "tempo is measured over these tables too (Law 73D1).",
)]


_EditionOpt = Annotated[int | None, typer.Option(
    "--edition", help="Replay under this edition of the Laws (2017 or 2007) instead of the one the record "
    "names (a JSON log's regulations; 2017 for PBN and LIN).",
)]


def _explain(value: object, edition: int | None = None) -> str:
    """A sentence for an engine value (the message catalogue's), or its fields when it has none; its Laws are
    cited as ``edition`` numbers them."""
    try:
        from tenace.laws.messages import explain

        return explain(value, edition=edition)
    except (ImportError, LookupError, TypeError, ValueError):
        return _plain(value)


def _plain(value: object) -> str:
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return str(value)
    fields = [f"{f.name}={_text(getattr(value, f.name))}"
              for f in dataclasses.fields(value) if f.name != "law"]
    law = getattr(value, "law", None)
    return f"{type(value).__name__}({', '.join(fields)})" + (f" ({law})" if law is not None else "")


def _text(value: object) -> str:
    if isinstance(value, Director):
        return "Director"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def _json_value(value: object) -> Any:
    """An engine value as JSON, in the table log's notation (tagged with its type)."""
    try:
        return value_to_json(value)
    except TypeError:  # a field type the log does not know yet: the text will do
        return {"type": type(value).__name__, "text": _plain(value)}


def information(table: Table, cards: dict[Side, SystemCard] | None = None) -> dict[str, Any]:
    """What was said at the table, as JSON (Laws 20F, 21, 47E2, 75): questions, explanations, corrections,
    the Director's findings, the corrections still owed, the remedies after a correction, and, with the
    partnerships' system cards, the explanations that differ from them with the evidence."""
    info = table.information

    def call_text(i: int) -> str:
        return str(table.calls[i].call.call) if 0 <= i < len(table.calls) else "?"

    def at(index: int) -> str | None:
        """When the event at record ``index`` happened (ISO 8601, UTC), if the record says."""
        return _when(table.times[index] if 0 <= index < len(table.times) else None)

    given = [e for i in range(len(table.calls)) for e in misinformation._explanations(table, i)]
    return {
        "questions": [{"seat": q.seat.value, "about": q.about, "in_turn": q.in_turn, "event": q.index + 1,
                       "at": at(q.index)} for q in info.questions],
        "explanations": [{"call_index": e.call_index, "call": str(e.call), "caller": e.caller.value,
                          "by": e.by.value, "text": e.text, "event": e.index + 1, "at": at(e.index)}
                         for e in given],
        "corrections": [{"call_index": c.call_index, "call": call_text(c.call_index), "by": c.by.value,
                         "text": c.text, "timing": c.timing.value, "period": c.period.value,
                         "law": str(c.law), "event": c.index + 1, "at": at(c.index)}
                        for c in info.corrections],
        "findings": [{"call_index": f.call_index, "call": call_text(f.call_index), "kind": f.kind.value,
                      "event": f.index + 1, "at": at(f.index)} for f in info.findings],
        "duties": [{"seat": d.seat.value, "call_index": d.call_index, "call": call_text(d.call_index),
                    "law": str(d.law), "due": d.due.value, "now": d.now, "overdue": d.overdue, "why": d.why}
                   for d in misinformation.duties(table, cards=cards)],
        "remedies": [{"call_index": r.call_index, "seat": None if r.seat is None else r.seat.value,
                      "law": str(r.law), "text": r.what} for r in misinformation.remedies(table)],
        "mismatches": [] if not cards else [
            {"call_index": e.call_index, "call": str(e.call), "caller": e.caller.value,
             "explainer": e.explainer.value, "explanation": e.explanation,
             "card": None if e.card is None else (e.card.text or e.card.describe()),
             "differences": str(e.mismatch), "hand": e.hand.to_pbn(),
             "hand_fits_card": e.deviation is None, "hand_differences": None if e.deviation is None
             else str(e.deviation), "finding": None if e.finding is None else e.finding.value,
             "options": [f"{kind.value} ({law})" for kind, law in e.options],
             "presumption": str(e.presumption)}
            for e in misinformation.mismatches(table, cards)],
    }


def _when(at: dt.datetime | None) -> str | None:
    return None if at is None else at.isoformat().replace("+00:00", "Z")


def unauthorised_information(table: Table, profile: TempoProfile | None = None) -> dict[str, Any] | None:
    """The Law 16B cases of the record and the Director's evidence for the last one, as JSON (``None``
    without a case): reservations, polls, logical alternatives, findings and rulings; the auction with its
    times and think times, what was said, all four hands, breaks in tempo (measured against this record's
    own think times, or against ``profile``, a session's), the actions examined, what the Director must still
    record, and the adjusted score."""
    found = ui.cases(table)
    if not found:
        return None
    evidence = ui.ui_evidence(table, profile=profile)

    def ruling(r: ui.UIRuling | None) -> dict[str, Any] | None:
        if r is None:
            return None
        return {"stands": r.adjusted is None, "adjusted": None if r.adjusted is None else str(r.adjusted),
                "note": r.note}

    return {
        "cases": [{
            "event": c.index + 1, "by": c.reserved.by.value, "about": c.reserved.about.value,
            "reason": c.reserved.reason.value, "source_event": None if c.source is None else c.source + 1,
            "receiver": c.receiver.value, "stage": c.stage, "law": "Law 16B",
            "poll": [] if c.poll is None else [
                {"call": str(r.call), "chosen": r.chosen, "considered": r.considered}
                for r in ui.poll_summary(c.poll)],
            "alternatives": None if c.alternatives is None else [
                *(str(x) for x in c.alternatives.calls), *(str(x) for x in c.alternatives.cards)],
            "suggested": None if c.suggested is None else c.suggested.yes,
            "ruling": ruling(c.ruling),
        } for c in found],
        "auction": [{"event": c.index + 1, "seat": c.seat.value, "call": str(c.call), "alert": c.alert,
                     "explanation": c.explanation, "at": _when(c.at), "seconds": c.seconds}
                    for c in evidence.auction],
        "said": [{"event": x.index + 1, "type": type(x.event).__name__, "at": _when(x.at)}
                 for x in evidence.said],
        "hands": {seat.value: hand.to_pbn() for seat, hand in evidence.hands.items()},
        "tempo_breaks": [{"event": b.index + 1, "seat": b.seat.value, "action": b.action,
                          "seconds": b.seconds, "usual": b.baseline.median, "threshold": b.threshold,
                          "class": str(b.klass), "law": str(b.law), "fast": b.fast} for b in evidence.breaks],
        "actions": [{"event": a.index + 1, "seat": a.seat.value, "what": a.what} for a in evidence.actions],
        "pending": evidence.pending,
        "adjusted": None if evidence.adjusted is None else str(evidence.adjusted),
    }


def mishaps(table: Table) -> dict[str, Any] | None:
    """The Director's findings and rulings under Law 7B and Laws 13-15 (:mod:`tenace.laws.wrong_board`), or
    ``None`` when there are none."""
    m = table.mishaps
    if m == wrong_board.NONE or (m.findings == () and m.cancelled is None and m.deal is None):
        return None
    adjustment = m.adjustment
    return {
        "findings": [{"law": str(f.law), "event": f.index + 1, "text": f.text} for f in m.findings],
        "restoring": None if m.restoring is None else str(m.restoring),
        "restored_deal": None if m.deal is None else m.deal.to_pbn(),
        "cancelled": None if m.cancelled is None else str(m.cancelled),
        "adjustment": None if adjustment is None else {
            "code": str(adjustment), "ns": str(adjustment.ns), "ew": str(adjustment.ew),
        },
        "assigned": m.assigned,
        "correct_board_later": m.correct_board_later,
        "unauthorised": [{"seat": u.seat.value, "law": str(u.law)} for u in m.unauthorised],
    }


def status(
    table: Table, cards: dict[Side, SystemCard] | None = None, profile: TempoProfile | None = None
) -> dict[str, Any]:
    """Where the table stands, as JSON: phase, turn, standing calls, withdrawn calls, irregularities, the open
    irregularity, the pending decision (actor, options with their Laws), constraints, the result once
    ended, and what was said at the table (:func:`information`)."""
    pending = table.pending
    contract = table.contract
    ended = table.phase is Phase.ENDED
    ed = table.regulations.edition

    def law(ref: LawRef) -> str:  # the clause as the table's edition numbers it
        return str(in_edition(ref, ed))
    adjusted = next((e for e in reversed(table.record) if isinstance(e, ScoreAdjusted)), None)
    return {
        "board": table.board.number,
        "edition": ed,
        "dealer": table.board.dealer.value,
        "vulnerability": table.board.vulnerability.value,
        "events": len(table.record),
        "phase": table.phase.value,
        "turn": None if table.turn is None else _text(table.turn),
        "calls": [{"seat": c.seat.value, "call": str(c.call.call)} for c in table.calls],
        "withdrawn": [{"seat": w.seat.value, "call": str(w.call), "law": law(w.law), "text": _explain(w, ed)}
                      for w in table.withdrawn],
        "withdrawn_cards": [{"seat": w.seat.value, "card": str(w.card), "law": law(w.law),
                             "text": _explain(w, ed)} for w in table.withdrawn_cards],
        "irregularities": [{"kind": i.kind.value, "offender": i.offender.value, "law": law(i.law),
                            "event": i.index + 1, "text": _explain(i, ed)} for i in table.irregularities],
        "open_irregularity": (None if table.open_irregularity is None
                              else _explain(table.open_irregularity, ed)),
        "pending": None if pending is None else {
            "actor": _text(pending.actor),
            "law": law(pending.law),
            "explanation": pending.explanation,
            "options": [{"option": _json_value(o), "law": law(o.law), "text": _explain(o, ed)}
                        for o in pending.options],
        },
        "constraints": [{"constraint": _json_value(c), "law": law(c.law), "text": _explain(c, ed)}
                        for c in table.constraints],
        "contract": None if contract is None else str(contract),
        "declarer": None if contract is None else contract.declarer.value,
        "tricks": table.declarer_tricks if ended else None,
        "score_ns": table.score_ns(),
        "owed": [{"law": law(o.law), "protects": None if o.protects is None else o.protects.value,
                  "text": _explain(o, ed)} for o in table.adjustments_owed],
        "adjusted": None if adjusted is None else {"law": law(adjusted.law), "score": str(adjusted.score),
                                                   "note": adjusted.note, "text": _explain(adjusted, ed)},
        "result_ns": _result(table.result_ns()),
        "information": information(table, cards),
        "unauthorised_information": unauthorised_information(table, profile),
        "wrong_board": mishaps(table),
    }


def _result(result: object) -> int | str | None:
    """North-South's result as JSON: points, or the adjusted score written out (Law 12C)."""
    return result if result is None or isinstance(result, int) else str(result)


def _print(
    table: Table, title: str, cards: dict[Side, SystemCard] | None = None, profile: TempoProfile | None = None
) -> None:
    data = status(table, cards, profile)
    out.print(f"[bold]{title}[/]: board {data['board']}, dealer {data['dealer']}, vulnerable "
              f"{data['vulnerability']}; {data['events']} events, {data['phase']}"
              + (f"; Laws of {data['edition']}" if data["edition"] != Regulations().edition else ""))
    if data["calls"]:
        out.print("  auction: " + " ".join(f"{c['seat']}:{c['call']}" for c in data["calls"]))
    for w in data["withdrawn"]:
        out.print(f"  withdrawn: {w['seat']} {w['call']} ({w['law']}): {w['text']}")
    for i in data["irregularities"]:
        out.print(f"  irregularity at event {i['event']}: {i['text']}")
    if table.open_irregularity is not None and table.pending is None:
        out.print(f"  [bold]open[/]: {data['open_irregularity']} — attention must be drawn and the Director "
                  "called (Law 9)")
    pending = table.pending
    if pending is not None:
        out.print(f"  [bold]{actor_name(pending.actor)} decides[/] ({data['pending']['law']})"
                  + (f": {pending.explanation}" if pending.explanation else ""))
        for k, option in enumerate(data["pending"]["options"], 1):
            out.print(f"    {k}. {option['text']}")
    for c in data["constraints"]:
        out.print(f"  in force: {c['text']}")
    _print_mishaps(data["wrong_board"])
    if table.mishaps.cancelled is not None:
        pass  # Laws 13-15: no score at the table, the adjusted score is shown above
    elif table.phase is Phase.ENDED:
        if table.contract is None:
            out.print("  passed out: 0")
        else:
            score = data["score_ns"]
            out.print(f"  [bold]{data['contract']}[/] by {table.contract.declarer.name.title()}: "
                      f"{data['tricks']} tricks, NS {score:+d}")
    elif table.turn is not None and pending is None:
        out.print(f"  next: {actor_name(table.turn)}")
    for owed in data["owed"]:  # Law 12: the Director's judgements at the end of the play
        out.print(f"  owed: {owed['text']}")
    if data["adjusted"] is not None:
        note = f" ({data['adjusted']['note']})" if data["adjusted"]["note"] else ""
        out.print(f"  [bold]adjusted[/]: {data['adjusted']['text']}{note}")
    _print_information(data["information"])
    _print_unauthorised(data["unauthorised_information"])


def _print_mishaps(info: dict[str, Any] | None) -> None:
    """Law 7B and Laws 13-15: what the Director found, the restored deal, the cancelled result."""
    if info is None:
        return
    for f in info["findings"]:
        out.print(f"  the Director finds at event {f['event']}: {f['text']} ({f['law']})")
    if info["restoring"] is not None:
        out.print(f"  [bold]the Director restores the hands[/] ({info['restoring']})")
    if info["restored_deal"] is not None:
        out.print(f"  restored deal: {info['restored_deal']}")
    for u in info["unauthorised"]:
        out.print(f"  unauthorised to {u['seat']}: the knowledge that a card was restored ({u['law']})")
    if info["correct_board_later"] is not None:
        later = "must" if info["correct_board_later"] else "need not"
        out.print(f"  the two pairs {later} play their proper board later (Law 15B2)")
    if info["cancelled"] is not None:
        adjusted = info["adjustment"]
        score = (f"artificial adjusted score {adjusted['code']} (NS {adjusted['ns']}, EW {adjusted['ew']})"
                 if adjusted is not None else "assigned adjusted score (Law 12C1)" if info["assigned"]
                 else "adjusted score to be awarded")
        out.print(f"  [bold]result cancelled[/] ({info['cancelled']}): {score}")


def _print_unauthorised(info: dict[str, Any] | None) -> None:
    if info is None:
        return
    for c in info["cases"]:
        source = "" if c["source_event"] is None else f", at event {c['source_event']}"
        out.print(f"  unauthorised information at event {c['event']}: {c['by']} reserves his rights about "
                  f"{c['about']} ({c['reason']}{source}); {c['receiver']}'s actions are examined (Law 16B)",
                  markup=False)
        if c["poll"]:
            rows = [f"{r['call']} chosen {r['chosen']}, considered {r['considered']}" for r in c["poll"]]
            out.print("    poll: " + "; ".join(rows), markup=False)
        if c["alternatives"] is not None:
            out.print("    logical alternatives (Law 16B1(b)): " + (", ".join(c["alternatives"]) or "none"),
                      markup=False)
        if c["suggested"] is not None:
            out.print("    demonstrably suggested (Law 16B1(a)): " + ("yes" if c["suggested"] else "no"),
                      markup=False)
        if c["ruling"] is not None:
            r = c["ruling"]
            out.print("    ruling: " + ("the score stands" if r["stands"] else f"{r['adjusted']} (Law 12C1)")
                      + (f" — {r['note']}" if r["note"] else ""), markup=False)
    out.print("    auction with think times: " + " ".join(
        f"{a['seat']}:{a['call']}{'!' if a['alert'] else ''}"
        + ("" if a["seconds"] is None else f"({a['seconds']:.0f}s)") for a in info["auction"]), markup=False)
    hands = " ".join(f"{seat}:{hand}" for seat, hand in info["hands"].items())
    out.print(f"    hands: {hands}", markup=False)
    for b in info["tempo_breaks"]:
        speed = "unwonted speed" if b["fast"] else "break in tempo"
        out.print(f"    {speed} at event {b['event']}: {b['seat']} took {b['seconds']:.0f}s over "
                  f"{b['action']} (usually {b['usual']:.0f}s; {b['class']}; {b['law']})", markup=False)
    if info["actions"]:
        out.print("    examined: " + ", ".join(f"{a['seat']} {a['what']} (event {a['event']})"
                                            for a in info["actions"]), markup=False)
    if info["pending"] is not None:
        out.print(f"  [bold]the Director must still record[/]: {info['pending']}")


def _print_information(info: dict[str, Any]) -> None:
    for q in info["questions"]:
        about = "the auction" if q["about"] is None else f"call {q['about']}"
        out.print(f"  question at event {q['event']}: {q['seat']} asks about {about}"
                  + ("" if q["in_turn"] else " (not at his turn)"), markup=False)
    for e in info["explanations"]:
        out.print(f"  explanation of {e['caller']} {e['call']} (call {e['call_index']}) by {e['by']}: "
                  f"{e['text']!r}", markup=False)
    for c in info["corrections"]:
        out.print(f"  correction at event {c['event']} of {c['call']} by {c['by']}: {c['text']!r} "
                  f"({c['timing']}, {c['period']}, {c['law']})", markup=False)
    for f in info["findings"]:
        out.print(f"  the Director found at event {f['event']}: {f['kind']} for {f['call']} "
                  f"(call {f['call_index']}) (Law 75)", markup=False)
    for m in info["mismatches"]:
        out.print(f"  mismatch with the card: {m['caller']} {m['call']} (call {m['call_index']}) "
                  f"explained by {m['explainer']} as {m['explanation']!r}; card: {m['card']!r}; "
                  f"{m['differences']}", markup=False)
        fit = "fits the card" if m["hand_fits_card"] else f"does not fit the card: {m['hand_differences']}"
        out.print(f"    {m['caller']}'s hand {m['hand']} {fit}", markup=False)
        out.print(f"    the Director determines: {'; '.join(m['options'])}; presumed a mistaken explanation "
                  f"without evidence to the contrary ({m['presumption']})", markup=False)
    for d in info["duties"]:
        when = "now" if d["now"] else "later"
        late = ", overdue" if d["overdue"] else ""
        out.print(f"  duty: {d['seat']} must correct the explanation of {d['call']} (call {d['call_index']}) "
                  f"{d['due']} ({d['law']}; {when}{late}) — {d['why']}", markup=False)
    for r in info["remedies"]:
        out.print(f"  after the correction ({r['law']}): {r['text']}", markup=False)


def _cards(card: Path | None, ns: Path | None, ew: Path | None) -> dict[Side, SystemCard] | None:
    """The system cards given on the command line, by side."""
    found: dict[Side, SystemCard] = {}
    for path, sides in ((card, (Side.NS, Side.EW)), (ns, (Side.NS,)), (ew, (Side.EW,))):
        if path is None:
            continue
        if not path.exists():
            fail(f"{path}: no such file", EXIT_USAGE)
        try:
            loaded = load_card(path)
        except SystemCardError as exc:
            fail(f"{path}: {exc}", EXIT_BAD_INPUT)
        for side in sides:
            found[side] = loaded
    return found or None


def _tables(path: Path, board: int | None, edition: int | None = None) -> list[tuple[str, Table]]:
    """The tables of the file: one for a JSON log, one per replayable board of a PBN or LIN file; replayed
    under ``edition`` of the Laws when given."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".json":
            text = path.read_text(encoding="utf-8")
            if edition is None:
                return [(path.name, loads(text))]
            data = json.loads(text)
            if isinstance(data, dict):  # the regulations the log names, with the edition asked for
                regulations = data.get("regulations")
                data["regulations"] = {**(regulations if isinstance(regulations, dict) else {}),
                                       "edition": edition}
            return [(path.name, from_json(data))]
        if suffix in (".pbn", ".lin"):
            records = _records(path, suffix, board)
            chosen = [(n, r) for n, r in records if board is None or r.number == board]
            if not chosen:
                fail(f"{path}: no board with an auction" + (f" numbered {board}" if board else ""))
            regulations = Regulations(edition=edition or Regulations().edition)
            return [(f"{path.name} {n}", table_from_record(r, regulations)) for n, r in chosen]
    except (NotationError, RecordReplayError) as exc:
        fail(f"{path}: {exc}")
    except json.JSONDecodeError as exc:
        fail(f"{path}: not JSON: {exc}")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        fail(f"{path}: not UTF-8 text ({exc.reason})")
    fail(f"{path}: expected a JSON table log (.json), a PBN (.pbn) or a LIN (.lin) file", EXIT_USAGE)


def _profile(paths: list[Path] | None, tables: list[Table]) -> TempoProfile | None:
    """The session's tempo (Law 73D1) over the ``--tempo-from`` logs and the tables ruled on."""
    if not paths:
        return None
    session = list(tables)
    for path in paths:
        if path.suffix.lower() != ".json":
            fail(f"{path}: --tempo-from takes JSON table logs", EXIT_USAGE)
        session += [t for _, t in _tables(path, None)]
    return tempo_profile(session)


def _records(path: Path, suffix: str, board: int | None = None) -> list[tuple[str, DealRecord]]:
    """The replayable records of a PBN or LIN file (those numbered ``board`` if given). A PBN game with
    errors is left out, with its first error on standard error; only when every game wanted has errors does
    the command fail."""
    if suffix == ".pbn":
        from tenace.formats.pbn import read_games

        # one game at a time, keeping only the records (a big file's games would not fit in memory)
        found = []
        broken: list[tuple[str, int]] = []  # the first 1000 games left out: their first error, their number
        left_out = 0
        for k, g in enumerate(read_games(path, source=str(path)), 1):
            if board is not None and g.record.number != board:
                continue
            if g.errors:
                left_out += 1
                if len(broken) < 1000:
                    broken.append((str(g.errors[0]), k))
            else:
                found.append((f"game {k} (board {g.record.number})", g.record))
        if broken and not found:
            fail(broken[0][0])
        for error, k in broken:
            err.print(f"{error} (game {k} left out)", markup=False)
        if left_out > len(broken):
            err.print(f"… and {left_out - len(broken)} more games left out", markup=False)
    else:
        from tenace.formats.lin import read_lin

        found = [(f"board {r.number}", r)
                 for r in read_lin(path.read_text(encoding="utf-8"), source=str(path), strict=True)]
    return [(name, r) for name, r in found if isinstance(r.deal, Deal) and r.calls is not None]


def register(app: typer.Typer) -> None:
    @app.command(
        "rule",
        help=(
            "The Director's assistant: replay a table's record ([bold]tenace rule table.json[/], a JSON "
            "table log, or a PBN/LIN file) through the Laws engine and show who decides what, with the "
            "options and their Laws, the constraints in force and the withdrawn calls; or the contract, "
            "tricks and score once the board has ended."
        ),
    )
    def rule_command(
        record: Annotated[Path, typer.Argument(help="A JSON table log, or a PBN or LIN file.")],
        board: _BoardOpt = None,
        as_json: JsonOption = False,
        card: _CardOpt = None,
        card_ns: _CardNSOpt = None,
        card_ew: _CardEWOpt = None,
        tempo_from: _TempoOpt = None,
        edition: _EditionOpt = None,
    ) -> None:
        if not record.exists():
            fail(f"{record}: no such file", EXIT_USAGE)
        if edition is not None and edition not in EDITIONS:
            fail(f"--edition {edition}: the Laws' editions are {' and '.join(map(str, EDITIONS))}",
                 EXIT_USAGE)
        cards = _cards(card, card_ns, card_ew)
        tables = _tables(record, board, edition)
        profile = _profile(tempo_from, [t for _, t in tables])
        if as_json:
            data = [{"source": name, **status(t, cards, profile)} for name, t in tables]
            emit_json(data[0] if record.suffix.lower() == ".json" else data)
            return
        for name, table in tables:
            _print(table, name, cards, profile)
        if not tables:
            raise typer.Exit(EXIT_BAD_INPUT)


__all__ = ["information", "mishaps", "register", "status"]
