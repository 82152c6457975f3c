"""The generators a system file may name on its ``uses`` line, by name, and the rules they make for one
auction: :mod:`tenace.system.bidding.generators` (RKCB, control bids, the principles) and
:mod:`tenace.system.bidding.competition` (competing when the opponents bid on), which builds on the first's
helpers; this registry sits above both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from tenace.system.bidding.competition import competition
from tenace.system.bidding.generators import Made, controls, principles, rkcb

if TYPE_CHECKING:
    from tenace.system.bidding.engine import Context

__all__ = ["GENERATORS", "generate"]

GENERATORS: Final[dict[str, Callable[[Context], tuple[Made, Made]]]] = {
    "rkcb": rkcb,
    "controls": controls,
    "competition": competition,
    "principles": principles,
}


def generate(ctx: Context) -> tuple[Made, Made]:
    """The generated rules for ``ctx``: those to try before the file's rules, and those after."""
    first: Made = []
    last: Made = []
    for name in ctx.system.generators:
        before, after = GENERATORS[name](ctx)
        first += before
        last += after
    return first, last
