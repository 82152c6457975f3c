"""The ``tenace`` command imports a subcommand's module only when that subcommand runs (issue 16: a quick
CLI); the top-level help comes from an index that must be current."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tenace.cli import REGISTRARS, app, load
from tenace.cli._fast import answer, top_help
from tenace.cli._index import COMMANDS


def run_fresh(*args: str) -> tuple[set[str], str]:
    """Every module loaded by running ``tenace ARGS`` in a fresh interpreter, and what it printed."""
    script = (
        "import sys\n"
        "from tenace.cli import main\n"
        f"sys.argv = ['tenace', *{list(args)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(done.stderr.split()), done.stdout


def modules_after(*args: str) -> set[str]:
    """The tenace modules loaded by running ``tenace ARGS`` in a fresh interpreter."""
    return {m for m in run_fresh(*args)[0] if m.startswith("tenace")}


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
    allowed = ("tenace.cli._about", "tenace.cli._index", "tenace.cli._fast")
    assert not {m for m in loaded if m.startswith("tenace.cli.") and m not in allowed}
    assert "tenace.laws" not in loaded


def test_scoring_a_result_imports_its_own_module_only() -> None:
    loaded = modules_after("vp", "--table")  # not a quick answer: the Typer application runs it
    assert "tenace.cli.scoring" in loaded
    assert not {"tenace.cli.rule", "tenace.cli.serve", "tenace.cli.event", "tenace.laws"} & loaded
    loaded = modules_after("score", "4SX", "-2", "--by", "N")  # a quick answer: no Typer command module
    assert "tenace.cli._results" in loaded
    assert "tenace.cli.scoring" not in loaded
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


def test_the_quick_answers_import_neither_typer_nor_rich() -> None:
    script = (
        "import sys\n"
        "from tenace.cli import main\n"
        "for argv in (['--help'], [], ['score', '4SX', '-2', '--by', 'N'], ['imps', '470'], ['vp', '23']):\n"
        "    sys.argv = ['tenace', *argv]\n"
        "    try:\n        main()\n    except SystemExit:\n        pass\n"
        "print(' '.join(sorted(m.split('.')[0] for m in sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert not {"typer", "rich", "click", "pydantic"} & set(done.stderr.split())
    assert "+470 points = +10 IMPs" in done.stdout


@pytest.mark.parametrize("width", [60, 80, 123, 200])
def test_the_quick_top_level_help_is_typers_without_colours(width: int) -> None:
    expected = CliRunner().invoke(app, ["--help"], prog_name="tenace", env={"COLUMNS": str(width)})
    assert expected.exit_code == 0
    assert top_help(width, "tenace") + "\n" == expected.output


@pytest.mark.parametrize("argv", [
    "score 4SX -2 --by N --vul NS", "score 3NTS 10 --board 7 --json", "score 3NT by S +1 All",
    "score pass NS", "score 7NTXX W -13", "score 6H** S = All --json", "score 2♠X by E -3 --vul EW",
    "score 1n w 7 --board 16", "score 4sr N +1 --vul both --json", "score P --board 4 --json",
    "score 3NTS ٣ --vul n-s", "score 5C by ſ +2", "imps 470", "imps 620 -100 --json", "imps -5000", "vp 23",
    "vp -23 -b 12 --json", "vp 7 --boards 16", "vp 0", "vp 200 -b 4", "vp -80 --json", "vp 3 -b 1",
])
def test_a_quick_answer_is_the_one_typer_gives(argv: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert answer(argv.split()) == 0
    quick = capsys.readouterr()
    expected = CliRunner().invoke(app, argv.split())
    assert expected.exit_code == 0
    assert (quick.out, quick.err) == (expected.stdout, "")


@pytest.mark.parametrize("argv", [
    "score", "score --help", "score 4SX -2", "score 4SX -2 --by N --by S", "score 3NT S = --board x",
    "score 3NT S = --by=N", "score 3NT S = --bogus", "score 3NT S 14", "score -- 3NT S =", "score 3NT --by",
    "imps", "imps 1 2 3", "imps x", "imps 1_000", "imps 470 --json --json", "vp --table", "vp", "vp 5 -b 0",
    "vp 5 --boards 16 -b 12", "scor", "-h", "deal 1",
])
def test_what_the_quick_path_does_not_recognise_goes_to_typer(
        argv: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert answer(argv.split()) is None
    assert capsys.readouterr() == ("", "")


def test_the_quick_wrapping_and_markup_stripping_agree_with_rich() -> None:
    import random

    from rich.console import Console
    from rich.text import Text

    from tenace.cli._fast import plain, wrap

    rng = random.Random(16)
    words = ["a", "bb", "double-dummy", "--board", "[DECLARER]", "x" * 20, "Law", "77,", "e.g."]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(0, 30)))
        size = rng.randrange(20, 70)
        lines = Text(text).wrap(Console(width=size), size)
        assert wrap(text, size) == [line.plain.rstrip() for line in lines], (text, size)
    with pytest.raises(ValueError, match="longer than 10"):
        wrap("a " + "x" * 11, 10)
    for _, _, text in COMMANDS.values():
        assert plain(text) == Text.from_markup(text).plain
    for text in ("[bold]x[/] [DECLARER] [", "a [b [c] d] e", "[i]x[/i]] [DECLARER", "[1] [#f00]red[/]", "[]"):
        assert plain(text) == Text.from_markup(text).plain, text


@pytest.mark.parametrize("argv", [["--help"], ["imps", "470"]])
def test_a_quick_answer_to_a_reader_that_went_away_exits_1_quietly_as_click_does(argv: list[str]) -> None:
    import os

    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "tenace", *argv], stdout=writer, stderr=subprocess.PIPE,
                              text=True)
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (1, "")


def test_the_help_for_an_output_that_is_not_unicode_is_typers_in_ascii_boxes() -> None:
    import os

    env = {**os.environ, "PYTHONIOENCODING": "latin-1", "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-m", "tenace", "--help"], capture_output=True, text=True, env=env)
    assert done.returncode == 0
    assert "+- Options -" in done.stdout
    assert "╭" not in done.stdout


def test_tenace_imps_needs_only_the_scale() -> None:
    """``tenace imps`` answers from the Law 78B scale's own module: not the Butler and cross-IMP module, whose
    dataclasses, enums and fractions cost more than starting Python."""
    loaded, printed = run_fresh("imps", "620", "-100")
    assert "tenace.scoring.imp_scale" in loaded
    assert not {"tenace.scoring.imps", "dataclasses", "fractions", "typing"} & loaded
    assert "12 IMPs" in printed


def test_tenace_score_needs_neither_the_cores_types_nor_re_enum_dataclasses_or_typing() -> None:
    """``tenace score`` reads and scores the result on plain values (tenace.notation and
    tenace.scoring.law77): the core's enums and dataclasses, and the standard modules they need, cost more
    than starting Python."""
    loaded, printed = run_fresh("score", "4SX", "-2", "--by", "N", "--vul", "NS")
    assert {"tenace.notation", "tenace.scoring.law77"} <= loaded
    assert not {"tenace.contract", "tenace.calls", "tenace.cards", "tenace.seats", "tenace.scoring.points",
                "enum", "re", "dataclasses", "typing"} & loaded
    assert printed == "4SX by North (vulnerable), down 2: NS -500\n"


def test_tenace_vp_needs_only_the_wbf_scale() -> None:
    """``tenace vp`` answers from the WBF continuous scale's own module: not :mod:`tenace.scoring.vp`, whose
    discrete scales bring ``csv`` (and ``re`` with it), ``dataclasses`` and ``typing``."""
    loaded, printed = run_fresh("vp", "23")
    assert "tenace.scoring.wbf_scale" in loaded
    assert not {"tenace.scoring.vp", "csv", "re", "dataclasses", "typing"} & loaded
    assert printed == "+23 IMPs over 28 boards = 14.48 - 5.52 VP\n"
