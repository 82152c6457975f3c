"""``replace``: :func:`dataclasses.replace` for the engine's frozen state classes, without the cost of calling
``__init__`` again.

A replay builds a new state for every event, and ``dataclasses.replace`` (which looks up the fields, builds
keyword arguments and runs the generated ``__init__``) was a third of the engine's time. For a dataclass
whose ``__init__`` only stores its fields (no ``__post_init__``), the new instance is made directly by a small
function written once per class (as :mod:`dataclasses` writes ``__init__``): every init field copied or
changed, every other field given its default again (a fresh dict for a memo). For a class without slots
(the table and the play period's state, the largest), that is one copy of the instance's dictionary. Anything
else falls back to :func:`dataclasses.replace`, so the two always agree.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["replace"]

_T = TypeVar("_T")


@functools.cache
def _maker(cls: type) -> Callable[[Any, dict[str, Any]], Any] | None:
    """The function making a ``cls`` from an instance and a dict of changes, once per class; ``None`` when the
    class's ``__init__`` does more than store its fields."""
    if hasattr(cls, "__post_init__") or not cls.__dataclass_params__.init:  # type: ignore[attr-defined]
        return None
    fields = dataclasses.fields(cls)
    init = frozenset(f.name for f in fields if f.init)
    namespace: dict[str, Any] = {"cls": cls, "new_": object.__new__, "store": object.__setattr__,
                                 "init": init, "unknown": _unknown}
    lines = ["def make(obj, changes):", "    new = new_(cls)"]
    slots = "__slots__" in cls.__dict__
    if slots:  # every field stored one by one
        lines.append("    pop = changes.pop")
        lines += [f"    store(new, {f.name!r}, pop({f.name!r}, obj.{f.name}))" for f in fields if f.init]
        lines.append("    if changes: unknown(cls, changes)")
    else:  # the instance's dictionary copied, then changed
        lines += ["    if not changes.keys() <= init: unknown(cls, changes)", "    values = new.__dict__",
                  "    values.update(obj.__dict__)", "    values.update(changes)"]
    for i, f in enumerate(fields):
        if f.init:
            continue
        if f.default_factory is not dataclasses.MISSING:
            namespace[f"factory{i}"] = f.default_factory
            value = f"factory{i}()"
        elif f.default is not dataclasses.MISSING:
            namespace[f"default{i}"] = f.default
            value = f"default{i}"
        else:
            continue
        lines.append(f"    store(new, {f.name!r}, {value})" if slots else f"    values[{f.name!r}] = {value}")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # noqa: S102 - source built above from the class's own field names
    make: Callable[[Any, dict[str, Any]], Any] = namespace["make"]
    return make


def _unknown(cls: type, changes: dict[str, Any]) -> None:
    names = sorted(n for n in changes if n not in {f.name for f in dataclasses.fields(cls) if f.init})
    raise TypeError(f"{cls.__name__} has no init field {', '.join(names)}")


def replace(obj: _T, /, **changes: Any) -> _T:
    """``obj`` with ``changes`` (as :func:`dataclasses.replace`).

    >>> from tenace.laws.refs import LawRef
    >>> replace(LawRef(27, "B1"), clause="D")
    LawRef(law=27, clause='D', edition=None)

    :raises TypeError: for a name that is not an init field.
    """
    cls: type = type(obj)
    make = _maker(cls)
    if make is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new: _T = make(obj, changes)
    return new
