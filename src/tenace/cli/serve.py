"""``tenace serve``: run the online server (FastAPI + uvicorn) with its lobby, live tables and robots.

One process and an SQLite file (``sqlite:///tenace.db``, the same store as ``tenace event``) make a complete
club; ``--db`` takes a PostgreSQL URL too. Every setting can also come from the environment
(``TENACE_DATABASE_URL``, ``TENACE_ROBOT_DELAY``, ...; see docs/server.md); options given here win.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Annotated

import typer

from tenace.cli._common import EXIT_USAGE, err, fail


def register(app: typer.Typer) -> None:
    @app.command(
        "serve",
        help=(
            "Run the online server: open [bold]http://HOST:PORT/[/] in a browser, start a table with three "
            "robots, play. Tables and their events are stored in the database (--db) before they are "
            "acknowledged, and every open table is rebuilt from it when the server starts again."
        ),
    )
    def serve_command(
        host: Annotated[
            str | None, typer.Option("--host", help="Address to listen on \\[default: 127.0.0.1].")
        ] = None,
        port: Annotated[
            int | None, typer.Option("--port", help="Port to listen on \\[default: 8000].")
        ] = None,
        db: Annotated[
            str | None,
            typer.Option("--db", help="Database URL \\[default: sqlite:///tenace.db], or postgresql+psycopg://..."),
        ] = None,
        robot_delay: Annotated[
            float | None,
            typer.Option(
                "--robot-delay", help="Seconds a robot waits before acting \\[default: 0.4].", min=0
            ),
        ] = None,
        robot_system: Annotated[
            list[str] | None,
            typer.Option(
                "--robot-system", metavar="FILE",
                help="A bidding system's rules the robots may play besides the shipped ones (repeatable; "
                     "also TENACE_ROBOT_SYSTEMS). Named by the file's stem; read and checked now: a file "
                     "with a problem stops the server.",
                show_default=False,
            ),
        ] = None,
        edition: Annotated[
            int | None,
            typer.Option(
                "--edition",
                help="The edition of the Laws new tables follow (2017 or 2007; also TENACE_EDITION) "
                     "\\[default: 2017].",
                show_default=False,
            ),
        ] = None,
        log_level: Annotated[str, typer.Option("--log-level", help="uvicorn's log level.")] = "info",
        forwarded_allow_ips: Annotated[
            str | None,
            typer.Option(
                "--forwarded-allow-ips", metavar="IPS",
                help="Trust X-Forwarded-For and X-Forwarded-Proto from these addresses (comma-separated; a "
                     "reverse proxy's). Off by default: the client's address is the connection's, so a "
                     "client cannot choose the address the login and socket limits count.",
                show_default=False,
            ),
        ] = None,
        compression: Annotated[
            bool,
            typer.Option(
                "--ws-compression/--no-ws-compression",
                help="Compress WebSocket messages (permessage-deflate): less traffic, more CPU per message. "
                "Off by default: a view is 1-2 kB, and compressing it costs the server more than it saves.",
            ),
        ] = False,
    ) -> None:
        import uvicorn

        from tenace.server.app import create_app
        from tenace.server.robot_systems import RobotSystemError, RobotSystems, paths_of
        from tenace.server.settings import Settings, SettingsError
        from tenace.store import StoreOpenError

        try:
            settings = Settings.from_env()
        except SettingsError as exc:
            fail(str(exc), EXIT_USAGE)
        if "TENACE_ROBOT_DELAY" not in os.environ:
            settings = replace(settings, robot_delay=0.4)  # so that a human can follow the robots' play
        changes = {"host": host, "port": port, "database_url": db, "robot_delay": robot_delay,
                   "edition": edition}
        try:
            settings = replace(settings, **{k: v for k, v in changes.items() if v is not None})  # type: ignore[arg-type]
        except SettingsError as exc:
            fail(f"--edition: {exc}", EXIT_USAGE)  # the one option Settings checks
        if not 0 < settings.port < 65536:
            fail(f"--port: expected 1 to 65535, got {settings.port}", EXIT_USAGE)
        paths = (*paths_of(settings.robot_systems), *(robot_system or ()))
        try:
            systems = RobotSystems.load(paths)
        except RobotSystemError as exc:
            fail(str(exc), EXIT_USAGE)
        settings = replace(settings, robot_systems=os.pathsep.join(paths))
        try:
            from tenace.store import Store

            Store.open(settings.database_url).close()  # fail early, with the store's message
        except StoreOpenError as exc:
            fail(str(exc), EXIT_USAGE)
        where = _shown(settings.database_url)
        err.print(f"tenace serve: http://{settings.host}:{settings.port}/ (database {where}; robot systems "
                  f"{', '.join(systems.names())})")
        # a WebSocket frame larger than twice the message limit closes the socket before it is read into
        # memory; a smaller one over the limit is refused with an error message (docs/server.md)
        uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level=log_level,
                    ws_per_message_deflate=compression, ws_max_size=2 * settings.max_message_bytes,
                    proxy_headers=forwarded_allow_ips is not None, forwarded_allow_ips=forwarded_allow_ips)


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
