"""The online server (``tenace serve``): live tables over WebSockets, one actor per table, every event stored
before it is acknowledged (docs/server.md, docs/protocol.md).

Importing this package is cheap; :func:`create_app` (FastAPI) is loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tenace.server.app import create_app
    from tenace.server.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from tenace.server.app import create_app

        return create_app
    if name == "Settings":
        from tenace.server.settings import Settings

        return Settings
    raise AttributeError(f"module 'tenace.server' has no attribute {name!r}")
