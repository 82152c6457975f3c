"""The Typer application behind ``tenace``: the top-level group, whose subcommands are listed from the index
and loaded when one is resolved (imported by :mod:`tenace.cli` only when the fast paths of
:mod:`tenace.cli._fast` do not answer)."""

from __future__ import annotations

import importlib
from typing import Any

import typer
from typer.core import TyperGroup

from tenace.cli._about import HELP
from tenace.cli._index import COMMANDS


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
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    cls=_LazyGroup,
)


@app.callback()
def _root() -> None:
    """Duplicate bridge under the WBF Laws: score, deal, analyse double dummy, convert PBN/LIN/JSON."""
