"""The ``tenace`` command line (Typer + Rich): thin commands over the library.

Every command takes ``--json`` for machine-readable output. Exit codes: 0 success, 1 the input was read but
something in it is wrong (an illegal result, a PBN game with errors), 2 the command line itself is wrong.

Starting quickly (issue 16): a subcommand's module is imported only when that subcommand runs (or its own
help is asked for): the top-level help and the "did you mean" suggestions come from
:mod:`tenace.cli._index`, which ``python tools/cli_index.py`` writes from the modules themselves (a test
checks it is current). The top-level help and the small scoring commands are answered by
:mod:`tenace.cli._fast` without Typer or Rich; anything it does not recognise (an error, an unknown option,
a subcommand's help) goes to the Typer application in :mod:`tenace.cli._app`, imported only then.
"""

from __future__ import annotations

import sys

from tenace.cli._about import HELP as HELP
from tenace.cli._about import REGISTRARS as REGISTRARS

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than the fast paths
if TYPE_CHECKING:
    from typing import Any, Final

    from tenace.cli._app import _LazyGroup as _LazyGroup
    from tenace.cli._app import _Listed as _Listed
    from tenace.cli._app import app as app
    from tenace.cli._app import load as load

_FROM_APP: Final = ("app", "load", "_LazyGroup", "_Listed")


def __getattr__(name: str) -> Any:
    if name in _FROM_APP:
        from tenace.cli import _app

        return getattr(_app, name)
    raise AttributeError(f"module 'tenace.cli' has no attribute {name!r}")


def main() -> None:
    """Entry point of the ``tenace`` console script."""
    from tenace.cli._fast import answer

    code = answer(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from tenace.cli._app import app

    app()
