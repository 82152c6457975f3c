"""The bidding systems shipped with Tenace (``cards/*.rules``), read once.

>>> builtin("two-over-one").name
'Tenace 2/1'
>>> sorted(builtin_names())
['sayc', 'two-over-one']
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from tenace.system.bidding.rules import BiddingSystem, load_system

__all__ = ["DEFAULT", "builtin", "builtin_names"]

DEFAULT = "two-over-one"


def _folder() -> Path:
    return Path(str(resources.files("tenace.system.bidding") / "cards"))


def builtin_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in _folder().glob("*.rules")))


@functools.cache
def builtin(name: str = DEFAULT) -> BiddingSystem:
    """A shipped system by name (``two-over-one``, ``sayc``).

    :raises KeyError: for an unknown name.
    """
    path = _folder() / f"{name}.rules"
    if not path.exists():
        raise KeyError(f"no bidding system {name!r}; the shipped ones are {', '.join(builtin_names())}")
    return load_system(path)
