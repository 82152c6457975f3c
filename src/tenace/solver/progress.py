"""A Rich progress bar for long double-dummy runs (the CLI's ``--progress``); the solver itself needs no Rich.

>>> import io
>>> from rich.console import Console
>>> with rich_progress("Solving", console=Console(file=io.StringIO())) as progress:
...     progress(0, 80)
...     progress(40, 80)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from tenace.solver.dds import ProgressCallback


@contextmanager
def rich_progress(
    description: str = "Double dummy", *, console: Console | None = None, transient: bool = False
) -> Iterator[ProgressCallback]:
    """A context manager giving a ``progress(done, total)`` callback that drives a Rich progress bar, e.g.::

        with rich_progress("DD tables") as progress:
            tables = dd_tables(deals, progress=progress)
    """
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=transient) as bar:
        task = bar.add_task(description, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update
