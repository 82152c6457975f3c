"""Hostile or broken files get one clear line from the CLI, never a traceback (issue 16): JSON nested
100,000 deep, XML declaring an encoding Python does not know, text that looks like Rich markup, and line
numbers that Rich would have turned into emoji."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace.cli import app
from tenace.cli._common import fail


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture
def deep(tmp_path: Path) -> Path:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return path


def test_a_json_file_nested_too_deeply_is_an_error_of_the_file(deep: Path) -> None:
    code, output = _run("pbn", "check", str(deep))
    assert code == 1 and "nested too deeply" in output and "Traceback" not in output


def test_a_table_log_nested_too_deeply_is_refused_with_its_file(deep: Path) -> None:
    code, output = _run("rule", str(deep))
    assert code != 0 and str(deep) in output and "nested too deeply" in output


def test_xml_declaring_an_unknown_encoding_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "results.xml"
    path.write_text('<?xml version="1.0" encoding="x-bogus"?><USEBIO/>', encoding="ascii")
    code, output = _run("rescore", str(path))
    assert code != 0 and f"{path}:1:" in output and "unknown encoding" in output


def test_line_numbers_are_not_turned_into_emoji(tmp_path: Path) -> None:
    path = tmp_path / "board.pbn"
    path.write_text("x\n" * 99 + '[Deal "bad"]\n', encoding="utf-8")
    code, output = _run("pbn", "check", str(path))
    assert code == 1 and f"{path}:100:" in output


def test_an_error_message_holding_markup_is_printed_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(Exception) as raised:  # typer.Exit
        fail("a value '[/bogus]' and '[bold]x[/bold]' in the file")
    assert getattr(raised.value, "exit_code", None) == 1
    assert "a value '[/bogus]' and '[bold]x[/bold]' in the file" in capsys.readouterr().err
