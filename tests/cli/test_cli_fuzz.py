"""Every CLI command that reads a file, fed hostile bytes (issue 16): real files written by other programs
(../shared/oracles) and by Tenace, mutated by Hypothesis (bytes replaced, cut, repeated, spliced with
fragments known to hurt parsers: NUL, a BOM, Rich markup, deep nesting, huge numbers, XML entities, invalid
UTF-8), and plain random bytes. Whatever comes in, a command ends with an exit code (0, 1 or 2) and words
for a human, never a Python traceback, and it does not touch its input.

The seed is fixed (``derandomize``), so CI runs the same cases; ``fuzz/fuzz_cli.py`` runs many more."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tenace.cli import app

from ._hostile import HOSTILE, SEEDS, mutate

_RUNNER = CliRunner()


def _command(args: Callable[[Path, Path], list[str]], suffixes: tuple[str, ...]) -> tuple[
        Callable[[Path, Path], list[str]], tuple[str, ...]]:
    return args, suffixes


COMMANDS: dict[str, tuple[Callable[[Path, Path], list[str]], tuple[str, ...]]] = {
    "pbn check": _command(lambda f, _: ["pbn", "check", str(f)], (".pbn", ".lin", ".json", ".dup")),
    "pbn convert": _command(lambda f, o: ["pbn", "convert", str(f), "-o", str(o / "out.pbn")],
                            (".pbn", ".lin", ".json", ".dup")),
    "records": _command(lambda f, o: ["records", str(f), "--no-dd", "-o", str(o / "out.html")],
                        (".pbn", ".lin", ".json")),
    "rule": _command(lambda f, _: ["rule", str(f)], (".json", ".pbn", ".lin")),
    "rescore": _command(lambda f, _: ["rescore", str(f)], (".xml", ".pbn", ".html")),
    "card check": _command(lambda f, _: ["card", "check", str(f)], (".rules",)),
    "card review": _command(lambda f, o: ["card", "check", str(f), str(_record(o))], (".card.json",)),
}


def _record(folder: Path) -> Path:
    """A sound record for a card to be checked against."""
    path = folder / "record.pbn"
    path.write_bytes(SEEDS[".pbn"]())
    return path


def _run(args: list[str], path: Path) -> None:
    before = path.read_bytes()
    result = _RUNNER.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {type(result.exception).__name__}: {result.exception}"
    )
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output[-500:])
    assert "Traceback" not in result.output, result.output[-2000:]
    if result.exit_code != 0:
        assert result.output.strip(), f"{args}: exit {result.exit_code} with nothing said"
    assert path.read_bytes() == before  # the input is never rewritten


@pytest.mark.parametrize("name", sorted(COMMANDS))
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_command_survives_hostile_files(name: str, data: st.DataObject, tmp_path: Path) -> None:
    make_args, suffixes = COMMANDS[name]
    suffix = data.draw(st.sampled_from(suffixes), label="suffix")
    content = data.draw(mutate(SEEDS[suffix]()), label="content")
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(content)
    _run(make_args(path, tmp_path), path)


@pytest.mark.parametrize("fragment", HOSTILE)
def test_every_reader_survives_each_hostile_fragment_alone(fragment: bytes, tmp_path: Path) -> None:
    for name, (make_args, suffixes) in COMMANDS.items():
        for suffix in suffixes:
            path = tmp_path / f"{name.replace(' ', '-')}{suffix}"
            path.write_bytes(fragment)
            _run(make_args(path, tmp_path), path)
