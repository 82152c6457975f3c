"""docs/laws-clauses.md, the per-clause matrix, is generated from the 2017 Laws' numbering, the code's
citations and the tests' names, and must be current."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType

import pytest

from conftest import ROOT


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("laws_clauses", ROOT / "tools" / "laws_clauses.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["laws_clauses"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    module = _tool()
    if not module.LAWS.is_file():
        pytest.fail(f"the 2017 Laws not found at {module.LAWS}; the project expects ../shared beside it")
    return module


@pytest.fixture(scope="module")
def tree(tool: ModuleType) -> dict[int, list[str]]:
    lines = tool.english_lines(tool.LAWS.read_text(encoding="utf-8"), tool.POLISH.read_text(encoding="utf-8"))
    return {law.law: [leaf.name for leaf in tool.leaves(law)] for law in tool.clauses(lines)}


def test_the_page_is_current() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "laws_clauses.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_every_law_from_1_to_93_is_read(tree: dict[int, list[str]]) -> None:
    assert list(tree) == list(range(1, 94))


@pytest.mark.parametrize(("law", "expected"), [
    # Written from reading the Laws, not from the tool's output.
    (27, ["27A1", "27A2", "27B1(a)", "27B1(b)", "27B2", "27B3", "27B4", "27C", "27D"]),
    # The Polish headings "B. Rekontry", "C. Przelicytowanie…" in the extract must not be taken for sections.
    (19, ["19A1", "19A2", "19B1", "19B2", "19B3", "19C", "19D"]),
    (64, ["64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7", "64B8", "64C1", "64C2(a)",
          "64C2(b)"]),
    (58, ["58A", "58B1", "58B2", "58B3", "58B4"]),
    (41, ["41A", "41B", "41C", "41D"]),
    (59, ["59"]),
    # Roman (i), (ii) under 12C1(e) are not items (f), (g).
    (12, ["12A1", "12A2", "12A3", "12B1", "12B2", "12C1(a)", "12C1(b)", "12C1(c)", "12C1(d)", "12C1(e)",
          "12C2(a)", "12C2(b)", "12C2(c)", "12C2(d)", "12C3", "12C4"]),
])
def test_the_clauses_of_a_law(tree: dict[int, list[str]], law: int, expected: list[str]) -> None:
    assert tree[law] == expected


def test_every_classified_clause_exists(tool: ModuleType, tree: dict[int, list[str]]) -> None:
    leaves = {name for names in tree.values() for name in names}
    assert sorted(set(tool.CLASSIFIED) - leaves) == []


def test_clauses_named_by_tests_and_cited_in_code(tool: ModuleType) -> None:
    names = [m.groups() for m in tool._NAME_TOKEN.finditer("test_21b3_and_47e2b_an_explanation")]
    assert [tool._token(*g) for g in names] == ["21B3", "47E2(b)"]
    text = ("x = 1  # Laws 16C3, 27B1(a) and 59; after Law 30B1(b)(i)/31A2(a)\n"
            "auction = '1C 2D'  # Law 27 applies to 1C here")
    assert tool._cited_in(text) == {"16C3", "27B1(a)", "59", "30B1(b)", "31A2(a)", "27"}


def test_a_clause_is_implemented_only_when_cited_and_tested(tool: ModuleType) -> None:
    page = (ROOT / "docs" / "laws-clauses.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line.split("|") for line in page.splitlines() if line.startswith("| ")
            and line[2].isdigit()}
    for clause, cells in rows.items():
        status, modules, tests = cells[2].strip(), cells[4].strip(), cells[5].strip()
        if status == "✅":
            assert modules and tests, clause
        if status == "❌":
            assert not (modules and tests), clause
