"""The import graph of Tenace's modules, for the tests that keep each package reading top-down
(tests/test_import_layers.py for every package, tests/laws/test_layers.py for the Laws engine's layers).

Every ``import`` counts, at module level or inside a function (an import put off until a call is still a
dependency for a reader), except those under ``if TYPE_CHECKING:``, which only name types for annotations.
``from package import module`` counts as importing that module; ``from package import name`` of anything
else, as importing the package (its ``__init__``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def modules(package: str = "tenace") -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its own name)."""
    found = {}
    for path in (SRC / package.replace(".", "/")).rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _statements(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in nodes:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _statements(node.orelse)
            continue
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                yield from _statements([child])


def imports(name: str, path: Path, known: set[str] | dict[str, Path]) -> set[str]:
    """The modules of ``known`` that the module ``name`` (its source at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            named = {f"{base}.{alias.name}" for alias in node.names} & set(known)
            if len(named) < len(node.names):  # a name defined in the package itself, not a module of it
                found.add(base)
            found.update(named)
    return {m for m in found if m in known and m != name}


def graph(package: str = "tenace") -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of ``package`` it imports."""
    known = modules(package)
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
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
    """Each module's layer: 0 when it imports no module of the graph, else one above the highest it imports
    (the graph must have no cycle)."""
    found: dict[str, int] = {}

    def layer(v: str) -> int:
        if v not in found:
            found[v] = 1 + max((layer(w) for w in edges[v]), default=-1)
        return found[v]

    for v in edges:
        layer(v)
    return found
