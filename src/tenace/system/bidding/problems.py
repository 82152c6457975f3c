"""A system's problems as the tools report them (``tenace card check``, ``tenace serve --robot-system``):
every one with its file and line.

:func:`~tenace.system.bidding.check.check_system` names the line of each rule; a convention or a generator it
does not know is reported against the system's file alone. :func:`located` finds the line that lists it (a
``conventions`` or ``uses`` line, in the system's file or one it includes).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ours.rules").write_text("system Ours\\nconventions Stayman,\\n  # more below\\n"
...                                        "conventions Frobnitz\\n", encoding="utf-8")
>>> from tenace.system.bidding.rules import load_system
>>> [p.where for p in located(load_system(folder / "ours.rules"))]
['ours.rules:4']
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Final

from tenace.system.bidding.check import Problem, check_system
from tenace.system.bidding.rules import BiddingSystem

__all__ = ["located", "where"]

_UNLOCATED: Final = re.compile(r"unknown (convention|generator) (['\"])(.*?)\2")


def where(problem: Problem, system: BiddingSystem) -> str:
    """``file:line`` of ``problem`` (a problem of ``system``): the checker's own when it names a line, else
    the line listing the unknown convention or generator; the file alone when none is found."""
    if ":" in problem.where:
        return problem.where
    found = _UNLOCATED.match(problem.message)
    if found is None or not system.source:
        return problem.where
    keyword = "conventions" if found.group(1) == "convention" else "uses"
    name = found.group(3)
    seen: set[Path] = set()
    pending = [Path(system.source)]
    while pending:
        path = pending.pop(0)
        if path.resolve() in seen:
            continue
        seen.add(path.resolve())
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for number, raw in enumerate(lines, 1):
            word, _, rest = raw.split("#", 1)[0].strip().partition(" ")
            if word == keyword and name in (item.strip() for item in rest.split(",")):
                return f"{path.name}:{number}"
            if word == "include":
                pending.append(path.parent / rest.strip())
    return problem.where


def located(system: BiddingSystem) -> list[Problem]:
    """Every problem of ``system`` (:func:`~tenace.system.bidding.check.check_system`), each with its file
    and line where it has one."""
    return [replace(p, where=where(p, system)) for p in check_system(system)]
