"""``replace``: :func:`dataclasses.replace` for the engine's frozen state classes, without the cost of calling
``__init__`` again.

A replay builds a new state for every event, and ``dataclasses.replace`` (which looks up the fields, builds
keyword arguments and runs the generated ``__init__``) was a third of the engine's time. For a dataclass
whose ``__init__`` only stores its fields (no ``__post_init__``), the new instance is made directly: every
init field copied or changed, every other field given its default again (a fresh dict for a memo). Anything
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
def _layout(cls: type) -> tuple[tuple[str, ...], tuple[tuple[str, Callable[[], Any]], ...]] | None:
    """The init fields of ``cls`` and its other fields with how to make their default, once per class;
    ``None`` when its ``__init__`` does more than store its fields."""
    if hasattr(cls, "__post_init__") or not cls.__dataclass_params__.init:  # type: ignore[attr-defined]
        return None
    init, fresh = [], []
    for f in dataclasses.fields(cls):
        if f.init:
            init.append(f.name)
        elif f.default_factory is not dataclasses.MISSING:
            fresh.append((f.name, f.default_factory))
        elif f.default is not dataclasses.MISSING:
            fresh.append((f.name, functools.partial(lambda value: value, f.default)))
    return tuple(init), tuple(fresh)


def replace(obj: _T, /, **changes: Any) -> _T:
    """``obj`` with ``changes`` (as :func:`dataclasses.replace`).

    >>> from tenace.laws.refs import LawRef
    >>> replace(LawRef(27, "B1"), clause="D")
    LawRef(law=27, clause='D')

    :raises TypeError: for a name that is not an init field.
    """
    cls: type = type(obj)
    layout = _layout(cls)
    if layout is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    init, fresh = layout
    new: _T = object.__new__(cls)
    store = object.__setattr__
    for name in init:
        store(new, name, changes[name] if name in changes else getattr(obj, name))
    for name, make in fresh:
        store(new, name, make())
    if len(changes) > 1 or (changes and next(iter(changes)) not in init):
        unknown = sorted(set(changes) - set(init))
        if unknown:
            raise TypeError(f"{cls.__name__} has no init field {', '.join(unknown)}")
    return new
