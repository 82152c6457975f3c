"""Sample system cards shipped with Tenace (``src/tenace/system/cards/*.json``)."""

from __future__ import annotations

import functools
from importlib import resources

from tenace.system.card import SystemCard
from tenace.system.codec import loads


def sample_names() -> tuple[str, ...]:
    """The names of the shipped cards.

    >>> "natural" in sample_names()
    True
    """
    folder = resources.files("tenace.system") / "cards"
    return tuple(sorted(p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json")))


@functools.cache
def sample_card(name: str) -> SystemCard:
    """A shipped card by name. :raises KeyError: for an unknown name."""
    if name not in sample_names():
        raise KeyError(f"no sample card {name!r} (have: {', '.join(sample_names())})")
    resource = resources.files("tenace.system") / "cards" / f"{name}.json"
    return loads(resource.read_text(encoding="utf-8"), source=f"tenace/system/cards/{name}.json")


def natural_card() -> SystemCard:
    """Natural: five-card majors, 15-17 1NT, Stayman, Jacoby transfers, weak twos, strong 2C, takeout doubles,
    simple overcalls, standard carding.

    >>> from tenace.calls import parse_call
    >>> card = natural_card()
    >>> card.meaning("1NT P", parse_call("2D")).convention
    'Jacoby transfer'
    """
    return sample_card("natural")

