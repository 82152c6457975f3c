"""The browser client type-checks: TypeScript's checker over the JavaScript of ``static/`` and its JSDoc.

``tsconfig.json`` (repository root) checks every module of ``src/tenace/server/static`` as JavaScript with
``checkJs`` and ``strict`` (no implicit ``any``, null checked); the table WebSocket's messages are typed
in ``static/protocol-types.js``. TypeScript comes from npm (``package.json``, installed by ``npm ci`` in
``scripts/_system.sh``). Without it these tests are skipped on a developer's machine and fail in CI, where it
must be there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "node_modules" / ".bin" / "tsc"
STATIC = ROOT / "src" / "tenace" / "server" / "static"


def _tsc() -> list[str]:
    """The command that runs the pinned TypeScript, or a skip (a failure in CI) saying what is missing."""
    node = shutil.which("node")
    missing = None
    if node is None:
        missing = "node is not installed (scripts/_system.sh installs nodejs and npm)"
    elif not TSC.is_file():
        missing = "TypeScript is not installed in node_modules (npm ci, as scripts/_system.sh runs it)"
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the client's type check: {missing}")
        pytest.skip(missing)
    return [str(TSC)]


def _run(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_tsc(), "-p", str(project), "--noEmit", "--pretty", "false"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)


def test_the_client_type_checks_without_an_error() -> None:
    result = _run(ROOT / "tsconfig.json")
    errors = (result.stdout + result.stderr).strip()
    assert result.returncode == 0 and not errors, f"tsc found errors in the client:\n{errors}"


def test_the_check_covers_every_module_of_the_client() -> None:
    listed = subprocess.run([*_tsc(), "-p", str(ROOT / "tsconfig.json"), "--listFilesOnly"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, check=False)
    assert listed.returncode == 0, listed.stdout + listed.stderr
    checked = {Path(line.strip()).resolve() for line in listed.stdout.splitlines() if line.strip()}
    modules = {p.resolve() for p in STATIC.glob("*.js")}
    assert modules, "no JavaScript under static/"
    assert modules <= checked, f"not type-checked: {sorted(str(p) for p in modules - checked)}"


MISTAKES = {
    # noImplicitAny: a parameter with no type
    "untyped.js": ("export function twice(x) { return x * 2; }\n", "TS7006"),
    # strictNullChecks: an element that may not be there
    "nullable.js": ('export const size = document.getElementById("table").hidden;\n', "TS2531"),
    # checkJs: a JSDoc type that the code does not keep
    "jsdoc.js": ('/** @type {number} */\nexport const count = "three";\n', "TS2322"),
    # the protocol's types: a view message has no field "turn"
    "protocol.js": ('/** @param {import("./protocol-types.js").ViewMessage} m */\n'
                    "export const turn = (m) => m.turn;\n", "TS2339"),
}
"""Modules with one mistake each, and the error TypeScript gives for it."""


def test_the_configuration_finds_what_it_should(tmp_path: Path) -> None:
    """The project's settings, applied to modules with one mistake each beside the protocol's types, report
    each mistake where it is."""
    folder = tmp_path / "static"
    folder.mkdir()
    shutil.copy(STATIC / "protocol-types.js", folder / "protocol-types.js")
    for name, (code, _) in MISTAKES.items():
        (folder / name).write_text(code, encoding="utf-8")
    settings = json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))
    settings["include"] = [str(folder / "*.js")]
    (tmp_path / "tsconfig.json").write_text(json.dumps(settings), encoding="utf-8")
    result = _run(tmp_path / "tsconfig.json")
    out = result.stdout + result.stderr
    assert result.returncode != 0, f"tsc accepted modules with mistakes:\n{out}"
    lines = out.splitlines()
    for name, (_, expected) in MISTAKES.items():
        found = any(f"static/{name}(" in line and f"error {expected}" in line for line in lines)
        assert found, f"{name}: no {expected} in\n{out}"
    assert not any("protocol-types.js(" in line for line in lines), out
