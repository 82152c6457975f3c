"""The ``tenace`` command line (Typer + Rich): thin commands over the library.

Every command takes ``--json`` for machine-readable output. Exit codes: 0 success, 1 the input was read but
something in it is wrong (an illegal result, a PBN game with errors), 2 the command line itself is wrong.
"""

from __future__ import annotations

import typer

from tenace.cli import analyse, deal, event, pbn, records, scoring
from tenace.cli import card as card_command
from tenace.cli import rescore as rescore_command
from tenace.cli import rule as rule_command
from tenace.cli import serve as serve_command
from tenace.cli import table as table_command
from tenace.cli import users as users_command

app = typer.Typer(
    name="tenace",
    help="Duplicate bridge under the WBF Laws: score, deal, analyse double dummy, convert PBN/LIN/JSON.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)
scoring.register(app)
scoring.register_teams(app)
deal.register(app)
pbn.register(app)
analyse.register(app)
records.register(app)
rule_command.register(app)
table_command.register(app)
rescore_command.register(app)
event.register(app)
serve_command.register(app)
users_command.register(app)
card_command.register(app)


@app.callback()
def _root() -> None:
    """Duplicate bridge under the WBF Laws: score, deal, analyse double dummy, convert PBN/LIN/JSON."""


def main() -> None:
    """Entry point of the ``tenace`` console script."""
    app()
