"""The Laws engine reads top-down (issue 14, item 7): no module of ``tenace.laws`` imports, directly or
through others, a module that imports it back. Values and events at the bottom, one module per group of Laws
above them, the table that folds the record on top; see the layers in docs/laws-engine.md.

Every ``import`` counts, at module level or inside a function (an import put off until a call is still a
dependency for a reader), except those under ``if TYPE_CHECKING:``, which only name types for annotations.
``from tenace.laws import name`` counts as importing the module ``name`` when there is one, and the package
(``__init__``, which imports the table) otherwise.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "tenace" / "laws"


def _modules() -> dict[str, Path]:
    return {("" if p.stem == "__init__" else p.stem): p for p in PACKAGE.glob("*.py")}


def _statements(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in nodes:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _statements(node.orelse)
            continue
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                yield from _statements([child])


def imports(path: Path, known: set[str]) -> set[str]:
    """The modules of the package that ``path`` imports ("" for the package itself)."""
    found: set[str] = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "tenace.laws" or alias.name.startswith("tenace.laws."):
                    found.add(alias.name.removeprefix("tenace.laws").lstrip("."))
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level == 1:
                module = f"tenace.laws.{module}" if module else "tenace.laws"
            if module == "tenace.laws":
                names = {alias.name for alias in node.names}
                found |= names & known
                if names - known:
                    found.add("")
            elif module.startswith("tenace.laws."):
                found.add(module.removeprefix("tenace.laws.").split(".")[0])
    return found & known


def graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: imports(path, set(modules)) - {name} for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def layers(edges: dict[str, set[str]]) -> dict[str, int]:
    """Each module's layer: 0 when it imports no module of the package, else one above the highest it
    imports (the graph must have no cycle)."""
    found: dict[str, int] = {}

    def layer(v: str) -> int:
        if v not in found:
            found[v] = 1 + max((layer(w) for w in edges[v]), default=-1)
        return found[v]

    for v in edges:
        layer(v)
    return found


def test_the_finder_sees_a_cycle_put_off_into_a_function(tmp_path: Path) -> None:
    """The checker itself: a lazy import is an edge, a TYPE_CHECKING one is not, and a name that is not a
    module makes ``from tenace.laws import name`` an import of the package."""
    a = tmp_path / "a.py"
    a.write_text("def f():\n    from tenace.laws import b\n")
    assert imports(a, {"a", "b", ""}) == {"b"}
    a.write_text("from tenace.laws import Table, b\n")
    assert imports(a, {"a", "b", ""}) == {"b", ""}
    a.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tenace.laws.b import B\n")
    assert imports(a, {"a", "b", ""}) == set()
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


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
