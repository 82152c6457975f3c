"""The robots' bidding system per partnership at a practice table (tenace.server.robot_systems): the shipped
systems and the rule files the server is given; a file that cannot be read or has a problem stops the
server (file, line, problem); a table asking for a system that cannot be used is refused (422, the reason);
the systems chosen are stored with the table, shown on its page and in its summary; a robot's explanation
reaches a viewer in his language when there is a catalogue for it."""

from __future__ import annotations

import asyncio
import gettext
import html
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tenace.board import Board
from tenace.calls import parse_call
from tenace.cli import app as cli
from tenace.deal import Deal
from tenace.laws.events import CallMade
from tenace.seats import Seat, Side
from tenace.server.actors import EngineRobot, EngineRobots, Hub
from tenace.server.app import create_app
from tenace.server.persistence import LiveStore
from tenace.server.robot_systems import RobotSystemError, RobotSystems
from tenace.server.settings import Settings
from tenace.system.bidding.calls import parse_code
from tenace.system.bidding.engine import context
from tenace.system.bidding.explain import describe
from tenace.system.bidding.systems import builtin

from .robots import memory_engine

MINI = """system Mini
summary A tiny system for tests: a strong notrump and Stayman.
conventions Strong notrump, Stayman
[-]
1NT  hcp 15-17, balanced       : notrump-opening  nf
P    hcp -14                   : pass-weak
[1NT P]
2C   hcp 8+, H==4              : stayman          forcing alert
"""
CONFLICT = MINI + "2C   hcp 8+, S==4              : natural\n"
SYNTAX = MINI.replace("hcp 8+, H==4", "hcp 12-9, H==4")
# North deals and opens a strong notrump (17 HCP, balanced); South holds Stayman (10 HCP, four hearts).
DEAL = Deal.from_pbn("N:AK5.KQ43.J87.A54 973.T75.K952.Q72 QJ4.AJ92.Q3.J983 T862.86.AT64.KT6")


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- the registry ---------------------------------------------------------------------------------------


def test_a_rules_file_is_offered_under_its_stem_beside_the_shipped_systems(tmp_path: Path) -> None:
    systems = RobotSystems.load([write(tmp_path, "mini.rules", MINI)])
    assert systems.names()[-1] == "mini" and "two-over-one" in systems.names()
    assert systems.get("mini").name == "Mini"
    assert systems.choose({"ns": "mini"}, {Side.NS, Side.EW}) == {Side.NS: "mini"}


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("syntax.rules", SYNTAX, "syntax.rules:8: the range '12-9' goes down: 12 is above 9"),
    ("conflict.rules", CONFLICT,
     "conflict.rules:9: [1NT P] 2C has two meanings: 'stayman' (conflict.rules:8) and 'natural'"),
    ("unknown.rules", MINI.replace("Stayman\n", "Stayman, Frobnitz\n"),
     "unknown.rules:3: unknown convention 'Frobnitz'"),
    ("impossible.rules", MINI + "[1C P]\n1H  S>=5, S<=4 : natural\n",
     "impossible.rules:10: [1C P] 1H: no hand can meet S>=5, S<=4"),
])
def test_a_broken_rules_file_is_refused_naming_its_file_line_and_problem(tmp_path: Path, name: str, text: str,
                                                                         expected: str) -> None:
    path = write(tmp_path, name, text)
    with pytest.raises(RobotSystemError) as refused:
        RobotSystems.load([path])
    assert expected in str(refused.value)


def test_an_unreadable_file_and_a_name_taken_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RobotSystemError, match=r"nothere\.rules: cannot read the file"):
        RobotSystems.load([tmp_path / "nothere.rules"])
    with pytest.raises(RobotSystemError, match="a robot system named 'two-over-one' already exists"):
        RobotSystems.load([write(tmp_path, "two-over-one.rules", MINI)])


def test_a_request_naming_an_unknown_system_or_side_is_refused_with_the_reason(tmp_path: Path) -> None:
    systems = RobotSystems.load([write(tmp_path, "mini.rules", MINI)])
    with pytest.raises(RobotSystemError, match="no robot system 'acol' on this server"):
        systems.choose({"NS": "acol"}, {Side.NS})
    with pytest.raises(RobotSystemError, match="'NW' is not a partnership"):
        systems.choose({"NW": "mini"}, {Side.NS})
    with pytest.raises(RobotSystemError, match="no robot sits EW"):
        systems.choose({"EW": "mini"}, {Side.NS})


def test_serve_stops_with_the_file_line_and_problem_of_a_broken_system(tmp_path: Path) -> None:
    path = write(tmp_path, "conflict.rules", CONFLICT)
    db = f"sqlite:///{tmp_path / 'x.db'}"
    result = CliRunner().invoke(cli, ["serve", "--db", db, "--robot-system", str(path)])
    assert result.exit_code == 2
    assert "conflict.rules:9: [1NT P] 2C has two meanings" in result.output
    assert "Traceback" not in result.output
    env = {**os.environ, "TENACE_ROBOT_SYSTEMS": str(tmp_path / "missing.rules")}
    result = CliRunner().invoke(cli, ["serve", "--db", db], env=env)
    assert result.exit_code == 2 and "missing.rules: cannot read the file" in result.output


# --- tables ---------------------------------------------------------------------------------------------


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    return write(tmp_path, "mini.rules", MINI)


@pytest.fixture
def client(tmp_path: Path, mini: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'tables.db'}", robot_samples=0,
                        anonymous_tables=True, robot_systems=str(mini))
    with TestClient(create_app(settings)) as c:
        yield c


def _new(client: TestClient, **body: Any) -> Any:
    return client.post("/api/tables", json={"humans": ["S"], **body})


def test_a_table_is_created_with_a_system_per_partnership_and_shows_it(client: TestClient) -> None:
    answer = _new(client, robot_systems={"NS": "mini"})
    assert answer.status_code == 201, answer.text
    table_id = answer.json()["id"]
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    actor = hub.tables[table_id]
    robots = {seat: robot for seat, robot in actor.robots.items() if isinstance(robot, EngineRobot)}
    assert set(robots) == {Seat.NORTH, Seat.EAST, Seat.WEST}
    assert robots[Seat.NORTH].robot.system.name == "Mini"
    assert robots[Seat.EAST].robot.system.name == robots[Seat.WEST].robot.system.name != "Mini"
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["robot_systems"] == {"N": "mini", "E": "two-over-one", "W": "two-over-one"}
    page = client.get(f"/tables/{table_id}").text
    assert 'id="robot-systems"' in page
    assert 'data-side="NS" data-system="mini"' in page and "Mini" in page
    assert 'data-side="EW" data-system="two-over-one"' in page


@pytest.mark.parametrize(("body", "reason"), [
    ({"robot_systems": {"NS": "acol"}}, "no robot system 'acol' on this server"),
    ({"robot_systems": {"XY": "mini"}}, "'XY' is not a partnership"),
    ({"humans": ["N", "S"], "robot_systems": {"NS": "mini"}}, "no robot sits NS"),
])
def test_a_table_asking_for_a_system_that_cannot_be_used_is_refused(client: TestClient, body: dict[str, Any],
                                                                     reason: str) -> None:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    before = len(hub.tables)
    answer = _new(client, **body)
    assert answer.status_code == 422
    assert reason in answer.json()["detail"]
    assert len(hub.tables) == before


def test_the_lobby_offers_the_systems_and_starts_a_table_with_the_ones_chosen(client: TestClient) -> None:
    lobby = client.get("/").text
    assert 'name="robots_ns"' in lobby and 'name="robots_ew"' in lobby
    assert '<option value="mini">Mini</option>' in lobby
    token = re.search(r'name="csrf_token" value="([^"]+)"', lobby)
    assert token is not None
    csrf = html.unescape(token.group(1))
    answer = client.post("/lobby/solo", data={"csrf_token": csrf, "robots_ns": "mini",
                                              "robots_ew": "mini"}, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    table_id = answer.headers["location"].split("/tables/")[1].split("?")[0]
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["robot_systems"] == {"N": "mini", "E": "mini", "W": "mini"}
    refused = client.post("/lobby/solo", data={"csrf_token": csrf, "robots_ew": "acol"},
                          follow_redirects=False)
    assert refused.status_code == 422 and "acol" in refused.json()["detail"]


def test_the_systems_are_stored_with_the_table_and_come_back_after_a_restart(tmp_path: Path, mini: Path
                                                                            ) -> None:
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    settings = Settings(database_url=db, robot_samples=0, anonymous_tables=True, robot_systems=str(mini))
    with TestClient(create_app(settings)) as first:
        table_id = _new(first, robot_systems={"EW": "mini"}).json()["id"]
    with TestClient(create_app(settings)) as second:
        hub: Hub = second.app.state.hub  # type: ignore[attr-defined]
        actor = hub.tables[table_id]
        assert actor.robot_systems == {Seat.NORTH: "two-over-one", Seat.EAST: "mini", Seat.WEST: "mini"}
        east = actor.robots[Seat.EAST]
        assert isinstance(east, EngineRobot) and east.robot.system.name == "Mini"
    # a server started without the file: the table's robots play the default system rather than stall
    with TestClient(create_app(Settings(database_url=db, robot_samples=0))) as third:
        hub = third.app.state.hub  # type: ignore[attr-defined]
        east = hub.tables[table_id].robots[Seat.EAST]
        assert isinstance(east, EngineRobot) and east.robot.system.name != "Mini"


# --- explanations in the viewer's language -------------------------------------------------------------


class Marked(gettext.NullTranslations):
    """A stand-in catalogue: every text marked as translated."""

    def gettext(self, message: str) -> str:
        return f"sv›{message}"


def _explained_views(mini: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], dict[str, Any],
                                                                            dict[str, Any]]:
    """North (a robot playing Mini) opens 1NT at a table where East and South are humans; West is a robot.
    What East sees in English, in a language with a catalogue, and in one without."""
    from tenace.system.bidding import explain

    real = explain._translation

    def translation(locale: str) -> gettext.NullTranslations:
        return Marked() if locale == "sv" else real(locale)

    monkeypatch.setattr(explain, "_translation", translation)

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        systems = RobotSystems.load([mini])
        hub = Hub(LiveStore(memory_engine()), robots=EngineRobots(0), systems=systems)
        created = await hub.create_table({Seat.EAST, Seat.SOUTH}, Board(1, DEAL), boards=1,
                                         systems={Side.NS: "mini"})
        actor = await hub.wait_idle(created.id)
        assert actor.table.turn is Seat.EAST
        views = (actor.message_for(Seat.EAST, "en"), actor.message_for(Seat.EAST, "sv"),
                 actor.message_for(Seat.EAST, "pl"))
        await hub.close()
        return views

    return asyncio.run(run())


def test_a_robots_explanation_reaches_a_viewer_in_his_language_or_in_english(mini: Path,
                                                                           monkeypatch: pytest.MonkeyPatch
                                                                           ) -> None:
    english, swedish, polish = _explained_views(mini, monkeypatch)
    [call] = english["view"]["calls"]
    assert (call["seat"], call["call"]) == ("N", "1NT")
    assert call["explanation"] == ("natural: balanced, or semi-balanced with a long minor; 15-17 HCP; "
                                   "balanced; not forcing")
    # every message marked, the separators too: each part came through the catalogue
    assert swedish["view"]["calls"][0]["explanation"] == "sv›; ".join([
        "sv›natural: balanced, or semi-balanced with a long minor", "sv›15-17 HCP", "sv›balanced",
        "sv›not forcing"])
    polish_1nt = describe(context(builtin(), 0, (False, False), ()).meaning(parse_code("1NT")), "pl")
    assert polish["view"]["calls"][0]["explanation"].split("; ")[0] == polish_1nt.split("; ")[0]


def test_only_the_systems_own_explanation_is_translated(mini: Path) -> None:
    """A robot seat's call whose recorded explanation is not the system's own (the placeholder robot's, or a
    human's words) keeps what was said; the system's own is given again in the viewer's language."""
    from tenace.server.actors import _translated_explanations
    from tenace.system.bidding.rules import load_system

    own = "natural: balanced, or semi-balanced with a long minor; 15-17 HCP; balanced; not forcing"

    async def run() -> dict[int, str]:
        hub = Hub(LiveStore(memory_engine()), robots=EngineRobots(0))
        created = await hub.create_table(set(Seat), Board(1, DEAL), boards=1)
        actor = hub.tables[created.id]
        await actor.submit(Seat.NORTH, CallMade(Seat.NORTH, parse_call("1NT"), False, own))
        await actor.submit(Seat.EAST, CallMade(Seat.EAST, parse_call("P"), False, "my own words"))
        await hub.wait_idle(created.id)
        system = load_system(mini)
        robots = {Seat.NORTH: "mini", Seat.EAST: "mini"}
        found = _translated_explanations(actor.table.view(Seat.SOUTH), robots, lambda name: system, "en")
        await hub.close()
        return found

    assert asyncio.run(run()) == {0: own}
