"""`import tenace` loads only the standard library and tenace itself (GUIDE 8.1 principle 1 and 8.11: a pure
core; compare endplay, whose import pulls in hundreds of modules)."""

from __future__ import annotations

import functools
import json
import subprocess
import sys

FORBIDDEN = ("typer", "rich", "jinja2", "endplay", "fpdf", "click", "markupsafe", "hypothesis", "pytest")

PROBE = """
import json, sys
before = set(sys.modules)
import tenace
sys.stdout.write(json.dumps({"new": sorted(set(sys.modules) - before), "all": sorted(sys.modules)}))
"""


@functools.cache
def _loaded_after_import() -> tuple[list[str], list[str]]:
    """Import tenace in a fresh interpreter (nothing already imported by pytest) and report the modules the
    import added and every module loaded."""
    command = [sys.executable, "-c", PROBE]
    out = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60)
    data = json.loads(out.stdout)
    return data["new"], data["all"]


def test_import_tenace_loads_only_the_standard_library_and_tenace() -> None:
    """Every module that `import tenace` loads is part of the standard library or of tenace."""
    new, _ = _loaded_after_import()
    assert "tenace" in new
    outside = sorted(
        name
        for name in new
        if name.split(".")[0] != "tenace"
        and name.split(".")[0] not in sys.stdlib_module_names
    )
    assert outside == [], f"import tenace loaded non-stdlib modules: {outside}"


def test_import_tenace_loads_no_optional_dependency() -> None:
    """The CLI, HTML, PDF and solver dependencies stay out of the core import."""
    _, loaded = _loaded_after_import()
    roots = {name.split(".")[0] for name in loaded}
    assert roots.isdisjoint(FORBIDDEN), sorted(roots & set(FORBIDDEN))


def test_import_tenace_does_not_import_the_cli_or_the_solver() -> None:
    """The command line and the double-dummy adapter are subpackages the core import leaves alone."""
    new, _ = _loaded_after_import()
    heavy = [name for name in new if name.startswith(("tenace.cli", "tenace.solver"))]
    assert heavy == []
