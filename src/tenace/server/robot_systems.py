"""The bidding systems a server's robots may play (docs/playing-online.md, docs/protocol.md).

A practice table's robots play one system per partnership, chosen when the table is created: a system shipped
with Tenace (:func:`tenace.system.bidding.systems.builtin_names`), or one of the rule files the server was
started with (``tenace serve --robot-system FILE``, or ``TENACE_ROBOT_SYSTEMS``), named by its file's stem.
A system is offered only if it can be read and :func:`~tenace.system.bidding.check.check_system` finds no
problem in it: a server given a broken file does not start (:class:`RobotSystemError` names the file, the
line and the problem), and a table asking for a system that cannot be used is refused with the reason.

>>> systems = RobotSystems.load(())
>>> systems.default, "two-over-one" in systems.names()
('two-over-one', True)
>>> systems.get("nonsense")
Traceback (most recent call last):
...
tenace.server.robot_systems.RobotSystemError: no robot system 'nonsense' on this server (it has ...)
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from tenace.seats import Side
from tenace.system.bidding.rules import BiddingSystem, SystemFileError, load_system
from tenace.system.bidding.systems import DEFAULT, builtin, builtin_names

__all__ = ["SIDES", "RobotSystemError", "RobotSystems", "paths_of", "problems_text"]

log = logging.getLogger("tenace.server")

SIDES: Final = {"NS": Side.NS, "EW": Side.EW}
"""The partnerships a table's robot systems are given for, by the keys the API and the lobby use."""


class RobotSystemError(ValueError):
    """A robot system that cannot be used: unknown, unreadable (the file and line), or with problems."""


@functools.lru_cache(maxsize=64)
def problems_text(system: BiddingSystem) -> tuple[str, ...]:
    """Every problem :func:`~tenace.system.bidding.check.check_system` finds in ``system`` (``file:line:
    message``), checked once per system."""
    from tenace.system.bidding.problems import located

    return tuple(str(p) for p in located(system))


def _usable(system: BiddingSystem, what: str) -> BiddingSystem:
    problems = problems_text(system)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise RobotSystemError(f"{what} has {len(problems)} problem(s); the first: {problems[0]}{more}")
    return system


def paths_of(setting: str) -> tuple[str, ...]:
    """The rule files of the setting ``robot_systems`` (``TENACE_ROBOT_SYSTEMS``): paths separated by
    ``os.pathsep`` (``:`` on Unix).

    >>> paths_of("a.rules:b.rules") if os.pathsep == ":" else ("a.rules", "b.rules")
    ('a.rules', 'b.rules')
    """
    return tuple(p.strip() for p in setting.split(os.pathsep) if p.strip())


@dataclass(frozen=True)
class RobotSystems:
    """The systems a server offers its robots: the shipped ones, and the rule files it was given (by the
    file's stem). Build with :meth:`load`."""

    files: Mapping[str, BiddingSystem] = field(default_factory=dict)
    default: str = DEFAULT
    _available: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def load(cls, paths: Iterable[str | Path]) -> RobotSystems:
        """The shipped systems and the systems in ``paths``, each read and checked.

        :raises RobotSystemError: naming the file, the line and the problem, for a file that cannot be read,
            has a problem, or takes a name already used (a shipped system's or another file's).
        """
        files: dict[str, BiddingSystem] = {}
        for raw in paths:
            path = Path(raw)
            name = path.stem
            if name in builtin_names() or name in files:
                raise RobotSystemError(f"{path}: a robot system named {name!r} already exists (the systems "
                                       f"are named by their file's stem: rename the file)")
            try:
                system = load_system(path)
            except SystemFileError as exc:
                raise RobotSystemError(f"robot system {path}: {exc}") from None
            files[name] = _usable(system, f"robot system {path}")
        return cls(files)

    def names(self) -> tuple[str, ...]:
        """Every system a table may ask for (shipped ones first)."""
        return (*builtin_names(), *self.files)

    def get(self, name: str) -> BiddingSystem:
        """The system called ``name``, read and checked.

        :raises RobotSystemError: saying why it cannot be used (unknown here, or a shipped system that does
            not read or has problems).
        """
        if name in self.files:
            return self.files[name]
        if name not in builtin_names():
            raise RobotSystemError(f"no robot system {name!r} on this server (it has "
                                   f"{', '.join(self.names())})")
        try:
            system = builtin(name)
        except SystemFileError as exc:
            raise RobotSystemError(f"the robot system {name!r} cannot be read: {exc}") from None
        return _usable(system, f"the robot system {name!r}")

    def available(self) -> dict[str, str]:
        """The systems that can be used, name to the system's own name (for the lobby's form): a shipped
        system that does not read or has problems is left out (and logged, once)."""
        if not self._available:
            for name in self.names():
                try:
                    self._available[name] = self.get(name).name
                except RobotSystemError as exc:
                    log.warning("robot system %s not offered: %s", name, exc)
        return dict(self._available)

    def choose(self, requested: Mapping[str, str] | None, robot_sides: Iterable[Side]) -> dict[Side, str]:
        """The systems a request asks for, ``{"NS": name, "EW": name}``, by side (a side left out plays the
        default system, and is left out here).

        :raises RobotSystemError: for a key that is not NS or EW, a side with no robot, or a system that
            cannot be used.
        """
        sides = set(robot_sides)
        chosen: dict[Side, str] = {}
        for key, name in (requested or {}).items():
            side = SIDES.get(key.strip().upper())
            if side is None:
                raise RobotSystemError(f"robot_systems: {key!r} is not a partnership (NS or EW)")
            if side not in sides:
                raise RobotSystemError(f"robot_systems: no robot sits {side.value}, so it plays no system")
            self.get(name)
            chosen[side] = name
        return chosen

    def for_table(self, name: str | None) -> BiddingSystem:
        """The system a stored table's robots play: ``name`` if this server can still use it, else the
        default (logged: a table restored by a server started without the file it used). A table's robots
        must play something, so the default is not checked here (robots without a table's choice play it
        as well).

        :raises RobotSystemError: only when the default cannot even be read.
        """
        if name is not None and name != self.default:
            try:
                return self.get(name)
            except RobotSystemError as exc:
                log.warning("%s: the robots play %s instead", exc, self.default)
        try:
            return self.files[self.default] if self.default in self.files else builtin(self.default)
        except SystemFileError as exc:
            raise RobotSystemError(f"the default robot system {self.default!r} cannot be read: {exc}"
                                   ) from None
