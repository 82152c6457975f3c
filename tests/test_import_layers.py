"""Each package reads top-down: no import cycle among Tenace's modules (issue 16, item 6; issue 14, item 7).
What counts as an import is said in tests/import_graph.py (lazy imports inside functions do)."""

from __future__ import annotations

from pathlib import Path

from import_graph import cycles, graph, imports


def test_the_finder_sees_a_cycle_put_off_into_a_function(tmp_path: Path) -> None:
    a = tmp_path / "a.py"
    known = {"tenace.a": a, "tenace.b": tmp_path / "b.py", "tenace": tmp_path / "__init__.py"}
    a.write_text("def f():\n    from tenace import b\n")
    assert imports("tenace.a", a, known) == {"tenace.b"}
    a.write_text("def f():\n    from tenace import Deal, b\n")
    assert imports("tenace.a", a, known) == {"tenace", "tenace.b"}
    a.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tenace import b\n")
    assert imports("tenace.a", a, known) == set()
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_tenaces_modules() -> None:
    edges = graph()
    assert "tenace.server.app" in edges and "tenace.laws.table" in edges  # the source was found
    found = cycles(edges)
    assert not found, "import cycles: " + "; ".join(" <-> ".join(group) for group in found)
