"""The edition of the Laws a server's tables follow (issue 14): ``tenace serve --edition 2007`` or
``TENACE_EDITION``; each table keeps the edition it was created with across a restart and from board to
board, whatever the server restarted with; a bad edition is refused naming the option or variable."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tenace.cli import app as cli
from tenace.laws.refs import Policy, Regulations
from tenace.server.actors import Hub
from tenace.server.persistence import LiveStore, regulations_of, stored_rules
from tenace.server.settings import Settings, SettingsError
from tenace.store import Store

from .robots import ClaimingRobot


def _robots(seat: object) -> ClaimingRobot:
    return ClaimingRobot(seat, random.Random(5), claim_rate=0.0)  # type: ignore[arg-type]


def test_the_stored_rules_read_back_and_rows_written_before_editions_read_as_2017() -> None:
    for edition in (2007, 2017):
        for policy in Policy:
            regulations = Regulations(edition, policy)
            assert regulations_of(stored_rules(regulations)) == regulations
    assert regulations_of("online") == Regulations(2017, Policy.ONLINE)  # a row of an older server
    assert len(stored_rules(Regulations(2007, Policy.ONLINE))) <= 20  # the column's width


def test_a_table_keeps_its_edition_across_a_restart_and_onto_its_next_board(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'edition.db'}"

    async def first_life() -> list[str]:
        with Store.open(url) as store:
            hub = Hub(LiveStore(store.engine), edition=2007, robots=_robots)
            ids = [(await hub.create_table((), boards=2)).id for _ in range(2)]
            assert all(hub.tables[i].table.regulations == Regulations(2007, Policy.ONLINE) for i in ids)
            await hub.close()
            return ids

    async def second_life(ids: list[str]) -> None:
        with Store.open(url) as store:
            hub = Hub(LiveStore(store.engine), robots=_robots)  # restarted without --edition
            assert await hub.restore() == 2
            for table_id in ids:
                await hub.wait_idle(table_id)
                actor = hub.tables[table_id]
                assert actor.position == 2  # board 2 was dealt after the restart
                assert actor.table.regulations.edition == 2007
            new = (await hub.create_table((), boards=1)).id
            assert hub.tables[new].table.regulations.edition == 2017
            await hub.close()

    asyncio.run(second_life(asyncio.run(first_life())))


def test_a_bad_edition_is_refused_naming_the_variable_or_the_option(tmp_path: Path) -> None:
    assert Settings.from_env({"TENACE_EDITION": "2007"}).edition == 2007
    with pytest.raises(SettingsError, match=r"^TENACE_EDITION: no edition of the Laws of 2010"):
        Settings.from_env({"TENACE_EDITION": "2010"})
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{tmp_path / 's.db'}", "--edition", "1997"])
    assert result.exit_code == 2
    assert "--edition: no edition of the Laws of 1997 (expected 2007 or 2017)" in result.output
    assert "Traceback" not in result.output
