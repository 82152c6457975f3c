"""``tenace deal``: secure random or verifiable deals (Law 6) with Law 2 dealer and vulnerability,
double-dummy tables and par, written as PBN (or LIN, JSON, ``.dup``), optionally with hand records; and
``--verify``, which checks a played set of boards against the revealed key and the commitment published
before play."""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated, Any

import typer

from tenace.board import Board
from tenace.cli._common import EXIT_BAD_INPUT, EXIT_USAGE, JsonOption, emit_json, err, fail, out
from tenace.cli._dd import solve
from tenace.cli._files import (
    Item,
    OutputFormat,
    dd_json,
    format_of,
    load,
    output_format_of,
    par_json,
    record_of,
    render,
    report,
    write_output,
)
from tenace.cli.records import hand_record_set, is_pdf_name, write_hand_records
from tenace.deal import Deal
from tenace.dealing import SessionKey, deal_boards, verifiable_boards, verify
from tenace.dealing.verifiable import VERSION as DEALING_VERSION
from tenace.dealing.verifiable import Commitment
from tenace.errors import NotationError
from tenace.formats.pbn import PBNGame
from tenace.formats.pbn.annotated import with_double_dummy
from tenace.record import DealRecord


def _tenace_version() -> str:
    try:
        return version("tenace")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree without installing
        return "dev"


@dataclass(frozen=True, slots=True)
class _Key:
    key: SessionKey
    file: Path | None
    created: bool


def _read_key_file(path: Path) -> SessionKey:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read the key file {path}: {exc}", EXIT_USAGE)
    try:
        return SessionKey.from_hex(text)
    except ValueError as exc:
        fail(f"{path}: not a session key: {exc}", EXIT_USAGE)


def _create_key_file(path: Path) -> SessionKey:
    """A new key, written as hex to a new file readable by its owner only (mode 0600)."""
    key = SessionKey.generate()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        fail(f"cannot create the key file {path}: {exc.strerror or exc}", EXIT_USAGE)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        os.fchmod(handle.fileno(), 0o600)
        handle.write(key.hex() + "\n")
    return key


def _session_key(key_file: Path | None, key_hex: str | None, *, create: bool) -> _Key | None:
    if key_file is not None and key_hex is not None:
        fail("give the key once: --key-file or --key, not both", EXIT_USAGE)
    if key_hex is not None:
        try:
            return _Key(SessionKey.from_hex(key_hex), None, False)
        except ValueError as exc:
            fail(f"--key: {exc}", EXIT_USAGE)
    if key_file is None:
        return None
    if key_file.exists():
        return _Key(_read_key_file(key_file), key_file, False)
    if not create:
        fail(f"the key file {key_file} does not exist", EXIT_USAGE)
    return _Key(_create_key_file(key_file), key_file, True)


def _board_json(item: Item) -> dict[str, Any]:
    record = record_of(item)
    deal = record.deal
    game = item if isinstance(item, PBNGame) else None
    return {
        "board": record.number,
        "dealer": record.dealer.value if record.dealer is not None else None,
        "vulnerability": str(record.vulnerability) if record.vulnerability is not None else None,
        "deal": deal.to_pbn() if deal is not None else None,
        "dd": dd_json(game.dd_table if game is not None else None),
        "par": par_json(game.par if game is not None else None),
    }


def register(app: typer.Typer) -> None:
    @app.command(
        "deal",
        help=(
            "Deal COUNT boards (Law 6: every deal equally likely, from the system's secure random source; "
            "dealer and vulnerability by Law 2), with double-dummy tables and par, as PBN on standard "
            "output or in [bold]--out[/]. [bold]--key-file[/] deals verifiably: a new key file prints the "
            "commitment to publish before play. [bold]--verify FILE[/] checks a set against the "
            "revealed key and the commitment: [bold]tenace deal --verify boards.pbn --key-file "
            "session.key --commitment HASH[/]."
        ),
    )
    def deal_command(
        count: Annotated[int | None, typer.Argument(help="How many boards.", min=1,
                                                    show_default=False)] = None,
        first: Annotated[int, typer.Option("--first", help="Number of the first board.", min=1)] = 1,
        out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the boards here (default: "
                                                 "standard output).", dir_okay=False)] = None,
        fmt: Annotated[OutputFormat | None, typer.Option("--format", "-f", help="pbn, lin, json or dup "
                                                         "(default: from --out, else pbn).")] = None,
        no_dd: Annotated[bool, typer.Option("--no-dd", help="No double-dummy tables and par.")] = False,
        records: Annotated[Path | None, typer.Option("--records", help="Also write hand records: FILE.html "
                                                     "or FILE.pdf.", dir_okay=False)] = None,
        title: Annotated[str, typer.Option("--title", help="Title of the hand records.")] = "Hand records",
        per_page: Annotated[int, typer.Option("--per-page", help="Boards per page of hand records.",
                                              min=2, max=4)] = 4,
        key_file: Annotated[Path | None, typer.Option("--key-file", help="Deal verifiably with the key in "
                                                      "this file (created, mode 0600, if missing).",
                                                      dir_okay=False)] = None,
        key_hex: Annotated[str | None, typer.Option("--key", help="The session key as hex (instead of "
                                                    "--key-file).")] = None,
        public_data: Annotated[str | None, typer.Option("--public-data", help="Public data fixed after the "
                                                        "commitment, e.g. lottery numbers.")] = None,
        verify_file: Annotated[Path | None, typer.Option("--verify", help="Check the boards of this file "
                                                         "(PBN, LIN, JSON, .dup) instead of dealing.",
                                                         exists=True, dir_okay=False)] = None,
        commitment: Annotated[str | None, typer.Option("--commitment", help="With --verify: the commitment "
                                                       "published before play.")] = None,
        as_json: JsonOption = False,
    ) -> None:
        if verify_file is not None:
            if count is not None:
                fail("--verify checks an existing file: give no board count", EXIT_USAGE)
            _verify(verify_file, key_file, key_hex, public_data or "", commitment, as_json)
            return
        if commitment is not None:
            fail("--commitment goes with --verify", EXIT_USAGE)
        if count is None:
            if key_file is None:
                fail("say how many boards to deal, e.g. tenace deal 16", EXIT_USAGE)
            _key_only(key_file, as_json)
            return
        if public_data is not None and key_file is None and key_hex is None:
            fail("--public-data needs a key (--key-file or --key)", EXIT_USAGE)
        out_format = output_format_of(out, fmt, OutputFormat.PBN)
        records_pdf = False
        if records is not None:
            try:
                records_pdf = is_pdf_name(records)
            except ValueError as exc:
                fail(f"--records: {exc}", EXIT_USAGE)
        if first + count - 1 > 2**32 - 1:
            fail("board numbers go up to 4294967295", EXIT_USAGE)
        key = _session_key(key_file, key_hex, create=True)
        if key is not None and key.created and not as_json:
            _announce_new_key(key)  # at once: the commitment must not be lost if something fails later
            if public_data:
                err.print("[yellow]warning:[/] public data should be fixed only after the commitment is "
                          "published; make the key first with [bold]tenace deal --key-file FILE[/]")

        if key is not None:
            boards = verifiable_boards(key.key, count, first, public_data or "")
            generator = (f"Tenace {_tenace_version()}, verifiable ({DEALING_VERSION.decode()}, commitment "
                         f"{key.key.commitment().hex()})")
        else:
            boards = deal_boards(count, first)
            generator = f"Tenace {_tenace_version()}, secure random"
        recs = [DealRecord(number=b.number, dealer=b.dealer, vulnerability=b.vulnerability, deal=b.deal,
                           extra=(("Generator", generator),)) for b in boards]
        # LIN and .dup have no place for DD results: solve only when something will show them
        want_dd = not no_dd and (out_format in (OutputFormat.PBN, OutputFormat.JSON) or records is not None
                                 or as_json)
        items: list[Item] = list(recs)
        if want_dd:
            solved = solve(recs, f"Double dummy, {count} boards")
            items = [with_double_dummy(r, table, par) for r, (table, par) in zip(recs, solved, strict=True)]
        data, problems = render(items, out_format)
        report(problems)
        if out is not None or not as_json:
            write_output(data, out)
        if records is not None:
            hands = hand_record_set(items, "<dealt boards>", compute_dd=False, use_file_dd=not no_dd)
            write_hand_records(hands, records, pdf=records_pdf, title=title, per_page=per_page)

        if as_json:
            emit_json({
                "count": count, "first": first, "last": first + count - 1, "file": str(out) if out else None,
                "format": out_format.value, "dd": want_dd, "records": str(records) if records else None,
                "verifiable": key is not None,
                "commitment": key.key.commitment().hex() if key is not None else None,
                "key_file": str(key.file) if key is not None and key.file is not None else None,
                "key_created": key.created if key is not None else False,
                "public_data": (public_data or "") if key is not None else None,
                "boards": [_board_json(i) for i in items],
            })
            return
        _summary(count, first, out, out_format, want_dd, records, key, public_data)


def _key_only(key_file: Path, as_json: bool) -> None:
    """``tenace deal --key-file FILE`` with no count: make the key (if new) and show the commitment."""
    key = _session_key(key_file, None, create=True)
    assert key is not None
    commitment = key.key.commitment().hex()
    if as_json:
        emit_json({"count": 0, "verifiable": True, "commitment": commitment, "key_file": str(key_file),
                   "key_created": key.created})
        return
    if key.created:
        out.print(f"[bold yellow]New session key[/] in [bold]{key_file}[/] (mode 0600). Keep it secret until "
                  "play is over.")
    else:
        out.print(f"The key in [bold]{key_file}[/] already exists.")
    out.print("Publish this commitment [bold]before play[/]:")
    out.print(f"    [bold cyan]{commitment}[/]")
    out.print(f"Then deal with [bold]tenace deal N --key-file {key_file}[/] (and [bold]--public-data TEXT[/] "
              "once it is known).")


def _announce_new_key(key: _Key) -> None:
    err.print(f"[bold yellow]New session key[/] in [bold]{key.file}[/] (mode 0600). Keep it secret until "
              "play is over.")
    err.print("Publish this commitment [bold]before play[/]:")
    err.print(f"    [bold cyan]{key.key.commitment().hex()}[/]")


def _summary(count: int, first: int, out: Path | None, out_format: OutputFormat, dd: bool,
             records: Path | None, key: _Key | None, public_data: str | None) -> None:
    how = "verifiable" if key is not None else "secure random"
    span = f"board {first}" if count == 1 else f"boards {first}\u2013{first + count - 1}"
    extra = " with double-dummy tables and par" if dd else ""
    where = f"[bold]{out}[/]" if out is not None else "standard output"
    err.print(f"[green]✓[/] Dealt {span} ({how}, Law 6){extra} \u2192 {where} ({out_format.value.upper()})")
    if records is not None:
        err.print(f"[green]✓[/] Hand records \u2192 [bold]{records}[/]")
    if key is None:
        return
    if not key.created:
        source = f"the key in [bold]{key.file}[/]" if key.file is not None else "the key given"
        err.print(f"Used {source}; commitment [cyan]{key.key.commitment().hex()}[/]")
    if public_data:
        err.print(f"Public data: {public_data!r} (publish it exactly, byte for byte)")
    err.print("After play, reveal the key; anyone can check the boards with "
              "[bold]tenace deal --verify FILE --key HEX --commitment HASH[/]"
              + (" --public-data TEXT" if public_data else "") + ".")


def _verify(path: Path, key_file: Path | None, key_hex: str | None, public_data: str,
            commitment_hex: str | None, as_json: bool) -> None:
    key = _session_key(key_file, key_hex, create=False)
    if key is None:
        fail("--verify needs the revealed key: --key-file PATH or --key HEX", EXIT_USAGE)
    if commitment_hex is None:
        fail("--verify needs the commitment published before play: --commitment HASH", EXIT_USAGE)
    try:
        commitment = Commitment.from_hex(commitment_hex)
    except NotationError as exc:
        fail(f"--commitment: {exc}", EXIT_USAGE)
    loaded = load(path, format_of(path, None))
    report(loaded.errors)
    boards: list[Board] = []
    unusable: list[str] = []
    for item in loaded.items:
        rec = record_of(item)
        if rec.number is None:
            unusable.append("a board without a number cannot be checked")
            continue
        boards.append(Board(rec.number, rec.deal if isinstance(rec.deal, Deal) else None, rec.dealer,
                            rec.vulnerability))
    result = verify(commitment, key.key, public_data, boards)
    problems = list(result.problems) + unusable + [f"{p.where}: {p.message}" for p in loaded.errors
                                                    if not loaded.items]
    ok = result.ok and not unusable and bool(loaded.items)
    if as_json:
        emit_json({"file": str(path), "verified": ok, "boards_checked": result.boards_checked,
                   "commitment": commitment.hex(), "public_data": public_data, "problems": problems})
    elif ok:
        out.print(f"[green]✓ verified[/]: {path}: the key matches the commitment and all "
                  f"{result.boards_checked} boards are the ones it deals")
    else:
        out.print(f"[bold red]✗ NOT verified[/]: {path}")
        for problem in problems:
            out.print(f"  - {problem}")
    if not ok:
        raise typer.Exit(EXIT_BAD_INPUT)
