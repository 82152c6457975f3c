"""Each package reads top-down: no import cycle among Tenace's modules (issue 16, item 6; issue 14, item 7).

Every ``import`` counts, at module level or inside a function (an import put off until a call is still a
cycle for a reader), except those under ``if TYPE_CHECKING:``. A cycle is a strongly connected group of
modules in that graph, found by Tarjan's algorithm; the test names each group. ``from package import module``
counts as importing that module; ``from package import name`` of anything else, as importing the package.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

STILL_CYCLIC: frozenset[str] = frozenset({"tenace.laws"})
"""Packages whose cycles are known and being taken apart (each group must lie inside one of them)."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in (SRC / "tenace").rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def walk(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                yield from walk(node.orelse)
                continue
            yield node
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from walk([child])

    for node in walk(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            modules = {f"{base}.{alias.name}" for alias in node.names} & known.keys()
            if len(modules) < len(node.names):  # a name defined in the package itself, not a module of it
                found.add(base)
            found.update(modules)
    return {m for m in found if m in known and m != name}


def _cycles() -> list[list[str]]:
    known = _modules()
    graph = {name: sorted(_imports(name, path, known)) for name, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
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

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def _within_known(group: list[str]) -> bool:
    return any(all(m == p or m.startswith(p + ".") for m in group) for p in STILL_CYCLIC)


def test_the_finder_sees_a_cycle_put_off_into_a_function(tmp_path: Path) -> None:
    a = tmp_path / "a.py"
    a.write_text("def f():\n    from tenace import b\n")
    known = {"tenace.a": a, "tenace.b": tmp_path / "b.py", "tenace": tmp_path / "__init__.py"}
    assert _imports("tenace.a", a, known) == {"tenace.b"}
    a.write_text("def f():\n    from tenace import Deal, b\n")
    assert _imports("tenace.a", a, known) == {"tenace", "tenace.b"}
    guarded = tmp_path / "c.py"
    guarded.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tenace import b\n")
    assert _imports("tenace.c", guarded, known) == set()


def test_no_import_cycle_among_tenaces_modules() -> None:
    unexpected = [group for group in _cycles() if not _within_known(group)]
    assert not unexpected, "import cycles: " + "; ".join(" <-> ".join(g) for g in unexpected)
