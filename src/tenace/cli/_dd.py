"""Double-dummy tables and par for the commands, with a Rich progress bar on a terminal."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from tenace.analysis import DDTable, Par
from tenace.cli._common import EXIT_BAD_INPUT, err, fail
from tenace.cli._files import board_setting
from tenace.deal import Deal
from tenace.errors import SolverError
from tenace.record import DealRecord
from tenace.solver.dds import ProgressCallback


@contextmanager
def progress_bar(description: str) -> Iterator[ProgressCallback | None]:
    """A progress callback drawing a bar on stderr when it is a terminal; ``None`` otherwise."""
    if not err.is_terminal:
        yield None
        return
    from tenace.solver.progress import rich_progress

    with rich_progress(description, console=err, transient=True) as progress:
        yield progress


def solve(records: Sequence[DealRecord], description: str = "Double dummy"
          ) -> list[tuple[DDTable, Par | None]]:
    """The DD table (one DDS batch for all, every core) and par of each record, which must have a full deal.
    Par needs the dealer and vulnerability (the record's, or Law 2's for its number); without them it is
    ``None``. Exits with code 1 if the solver is missing or fails."""
    from tenace.solver import dds

    deals = []
    for record in records:
        if not isinstance(record.deal, Deal):  # pragma: no cover - callers pass full deals only
            raise ValueError(f"board {record.number} has no full deal")
        deals.append(record.deal)
    try:
        with progress_bar(description) as progress:
            tables = dds.dd_tables(deals, progress=progress)
        out: list[tuple[DDTable, Par | None]] = []
        for record, table in zip(records, tables, strict=True):
            dealer, vul = board_setting(record)
            par = dds.par(table, vul, dealer) if dealer is not None and vul is not None else None
            out.append((table, par))
    except SolverError as exc:
        fail(f"double-dummy analysis failed: {exc} (--no-dd skips it)", EXIT_BAD_INPUT)
    return out


def par_for(record: DealRecord, table: DDTable) -> Par | None:
    """Par from a known DD table (no search, only DDS's par calculation)."""
    from tenace.solver import dds

    dealer, vul = board_setting(record)
    if dealer is None or vul is None:
        return None
    try:
        return dds.par(table, vul, dealer)
    except SolverError as exc:
        fail(f"par calculation failed: {exc} (--no-dd skips it)", EXIT_BAD_INPUT)
