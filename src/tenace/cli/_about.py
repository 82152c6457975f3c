"""What the ``tenace`` command is: its one-line help and the modules that register its subcommands, in a
module of their own so that the package, the quick answers (:mod:`tenace.cli._fast`) and the Typer
application (:mod:`tenace.cli._app`) all read them without importing one another."""

from __future__ import annotations

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than the fast paths
if TYPE_CHECKING:
    from typing import Final

REGISTRARS: Final = (
    ("scoring", "register"), ("scoring", "register_teams"), ("deal", "register"), ("pbn", "register"),
    ("analyse", "register"), ("records", "register"), ("rule", "register"), ("table", "register"),
    ("rescore", "register"), ("event", "register"), ("serve", "register"), ("users", "register"),
    ("card", "register"),
)
"""Each module of a subcommand (or several) and the function that adds them to a Typer app, in the order
the help lists them."""

HELP: Final = "Duplicate bridge under the WBF Laws: score, deal, analyse double dummy, convert PBN/LIN/JSON."
