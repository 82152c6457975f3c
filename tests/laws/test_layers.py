"""The Laws engine reads top-down (issue 14, item 7): no module of ``tenace.laws`` imports, directly or
through others, a module that imports it back. Values and events at the bottom, one module per group of Laws
above them, the table that folds the record on top; see the layers in docs/laws-engine.md.

What counts as an import is said in tests/import_graph.py (lazy imports inside functions do); here the
modules are named without ``tenace.laws.`` ("" for the package itself).
"""

from __future__ import annotations

from import_graph import cycles, layers
from import_graph import graph as whole_graph


def _short(name: str) -> str:
    return name.removeprefix("tenace.laws").lstrip(".")


def graph() -> dict[str, set[str]]:
    """The modules of ``tenace.laws`` and those of the package each imports, by short name."""
    return {_short(name): {_short(d) for d in deps} for name, deps in whole_graph("tenace.laws").items()}


def test_no_import_cycle_inside_tenace_laws() -> None:
    edges = graph()
    assert "auction_period" in edges and "table" in edges  # the package was found
    found = cycles(edges)
    assert not found, f"modules of tenace.laws that import each other: {found}"


def test_values_and_events_at_the_bottom_the_table_on_top() -> None:
    """The shape the docs describe: refs and decisions, then events, import nothing above them; every group
    of Laws lies below the table; only the package itself, the log, the messages and the PBN export (the
    views of a whole table) lie above it."""
    edges = graph()
    level = layers(edges)
    assert level["refs"] == 0 and level["_evolve"] == 0
    assert level["decisions"] < level["events"] < level["auction_state"]
    groups = ("auction_state", "changes", "auction_period", "penalty_cards", "claims", "reviews", "revokes",
              "tricks", "designation", "out_of_turn", "play_period", "misinformation", "tempo", "information",
              "adjustments", "wrong_board")
    assert all(level[g] < level["table"] for g in groups), {g: level[g] for g in groups}
    above = {name for name, n in level.items() if n > level["table"]}
    assert above <= {"", "log", "messages", "pbn_export"}, above
