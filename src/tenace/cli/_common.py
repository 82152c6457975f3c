"""Helpers shared by the CLI commands: JSON output, error reporting, exit codes."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable JSON output.")]

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def emit_json(data: Any) -> None:
    """Write ``data`` as JSON on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``message`` on standard error and exit with ``code``."""
    err.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)
