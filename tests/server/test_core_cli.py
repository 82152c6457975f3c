"""``tenace serve``: its options; a database that cannot be opened is a usage error (the server never
starts); settings from the environment."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tenace.cli import app
from tenace.server.settings import Settings, SettingsError


def test_serve_offers_host_port_and_database_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--robot-delay"):
        assert option in result.output


def test_serve_refuses_a_database_it_cannot_open_with_exit_code_2(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'dir' / 'x.db'}"
    result = CliRunner().invoke(app, ["serve", "--db", url, "--port", "8799"])
    assert result.exit_code == 2
    assert "cannot open the store" in result.output


def test_settings_come_from_the_environment_and_a_bad_value_names_its_variable() -> None:
    environ = {"TENACE_PORT": "9000", "TENACE_ALLOW_SPECTATORS": "no", "TENACE_POLICY": "laws"}
    settings = Settings.from_env(environ)
    assert (settings.port, settings.allow_spectators, settings.policy.value) == (9000, False, "laws")
    try:
        Settings.from_env({"TENACE_PORT": "eighty"})
    except SettingsError as exc:
        assert str(exc).startswith("TENACE_PORT:")
    else:
        raise AssertionError("a port that is not a number was accepted")
