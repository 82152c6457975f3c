"""The ``tenace`` command line (Typer + Rich): thin commands over the library.

Every command takes ``--json`` for machine-readable output. Exit codes: 0 success, 1 the input was read but
something in it is wrong (an illegal result, a PBN game with errors), 2 the command line itself is wrong.

A subcommand's module is imported only when that subcommand runs (or its own help is asked for): the
top-level help and the "did you mean" suggestions come from :mod:`tenace.cli._index`, which
``python tools/cli_index.py`` writes from the modules themselves (a test checks it is current).
"""

from __future__ import annotations

import importlib
from typing import Any, Final

import typer
from typer.core import TyperGroup

from tenace.cli._index import COMMANDS

REGISTRARS: Final = (
    ("scoring", "register"), ("scoring", "register_teams"), ("deal", "register"), ("pbn", "register"),
    ("analyse", "register"), ("records", "register"), ("rule", "register"), ("table", "register"),
    ("rescore", "register"), ("event", "register"), ("serve", "register"), ("users", "register"),
    ("card", "register"),
)
"""Each module of a subcommand (or several) and the function that adds them to a Typer app, in the order
the help lists them."""

_HELP: Final = "Duplicate bridge under the WBF Laws: score, deal, analyse double dummy, convert PBN/LIN/JSON."


def load(module: str, function: str) -> dict[str, Any]:
    """The commands (click objects, by name) that ``tenace.cli.<module>.<function>`` registers."""
    registered = typer.Typer(rich_markup_mode="rich")
    getattr(importlib.import_module(f"tenace.cli.{module}"), function)(registered)
    return dict(typer.main.get_group(registered).commands)


class _Listed(typer.core.TyperCommand):
    """A subcommand as the top-level help lists it, before its module is imported."""


class _LazyGroup(TyperGroup):
    """The top-level group: subcommands listed from the index, loaded when one is resolved."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, (_, _, text) in COMMANDS.items():
            self.commands.setdefault(name, _Listed(name=name, help=text))

    def _load(self, name: str) -> None:
        if isinstance(self.commands.get(name), _Listed):
            module, function, _ = COMMANDS[name]
            self.commands.update(load(module, function))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args:
            self._load(args[0])
        return super().resolve_command(ctx, args)


app = typer.Typer(
    name="tenace",
    help=_HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    cls=_LazyGroup,
)


@app.callback()
def _root() -> None:
    """Duplicate bridge under the WBF Laws: score, deal, analyse double dummy, convert PBN/LIN/JSON."""


def main() -> None:
    """Entry point of the ``tenace`` console script."""
    app()
