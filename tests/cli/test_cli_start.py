"""The ``tenace`` command imports a subcommand's module only when that subcommand runs (issue 16: a quick
CLI); the top-level help comes from an index that must be current."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from conftest import ROOT
from tenace.cli import REGISTRARS, app, load
from tenace.cli._index import COMMANDS


def modules_after(*args: str) -> set[str]:
    """The tenace modules loaded by running ``tenace ARGS`` in a fresh interpreter."""
    script = (
        "import sys\n"
        "from tenace.cli import main\n"
        f"sys.argv = ['tenace', *{list(args)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('tenace'))), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(done.stderr.split())


def test_the_index_of_subcommands_is_current() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "cli_index.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_every_subcommand_is_listed_once_with_the_module_that_registers_it() -> None:
    registered = {name: (module, function) for module, function in REGISTRARS
                  for name in load(module, function)}
    assert {name: entry[:2] for name, entry in COMMANDS.items()} == registered


def test_the_top_level_help_imports_no_subcommand_module() -> None:
    loaded = modules_after("--help")
    assert not {m for m in loaded if m.startswith("tenace.cli.") and m not in ("tenace.cli._index",)}
    assert "tenace.laws" not in loaded


def test_scoring_a_result_imports_its_own_module_only() -> None:
    loaded = modules_after("score", "4SX", "-2", "--by", "N")
    assert "tenace.cli.scoring" in loaded
    assert not {"tenace.cli.rule", "tenace.cli.serve", "tenace.cli.event", "tenace.laws"} & loaded


def test_the_top_level_help_lists_every_subcommand_with_its_help() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for name, (_, _, text) in COMMANDS.items():
        assert f" {name} " in result.output
        assert text.split("[")[0].split()[0] in result.output


def test_a_subcommand_still_runs_and_a_mistyped_one_is_suggested() -> None:
    assert CliRunner().invoke(app, ["imps", "470"]).output.strip() == "+470 points = +10 IMPs"
    result = CliRunner().invoke(app, ["scor"])
    assert result.exit_code == 2
    assert "score" in result.output


def test_import_tenace_imports_no_core_module_until_a_name_is_used() -> None:
    script = (
        "import sys, tenace\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('tenace'))))\n"
        "tenace.Contract\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('tenace'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    before, after = done.stdout.splitlines()
    assert before.split() == ["tenace"]
    assert "tenace.contract" in after.split()


def test_every_name_tenace_exports_is_the_object_its_module_defines() -> None:
    import importlib

    import tenace

    assert sorted(tenace._WHERE) == sorted(tenace.__all__)
    for name, module in tenace._WHERE.items():
        assert getattr(tenace, name) is getattr(importlib.import_module(module), name)
    namespace: dict[str, object] = {}
    exec("from tenace import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(tenace.__all__)
    try:
        tenace.NoSuchName  # noqa: B018
    except AttributeError as exc:
        assert "NoSuchName" in str(exc)
    else:
        raise AssertionError("tenace.NoSuchName did not raise AttributeError")
