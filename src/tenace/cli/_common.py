"""Helpers shared by the CLI commands: JSON output, error reporting, exit codes."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape

JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable JSON output.")]

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2

class _Console(Console):
    """Rich's console, for text that may hold a file's own data: no emoji codes (``file:100:`` stays as it
    is), and text that is not valid markup (a value such as ``[/bogus]``) printed as it is rather than
    raising."""

    def print(self, *objects: Any, **kwargs: Any) -> None:
        try:
            super().print(*objects, **kwargs)
        except MarkupError:
            super().print(*objects, **{**kwargs, "markup": False})


out = _Console(highlight=False, soft_wrap=True, emoji=False)
err = _Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


def emit_json(data: Any) -> None:
    """Write ``data`` as JSON on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``message`` on standard error and exit with ``code``."""
    err.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(code)
