"""Movements published by thebridsk/bridgescorer as YAML: pairs (``ns``/``ew``) and individual
(``north``/``south``/``east``/``west``) movements, one document per file.

Pair and player numbers become strings (``"1"``); an individual seating's ``ns``/``ew`` name the partnership
(``"12-1"``: North-South) and ``players`` holds North, East, South, West.

>>> text = '''
... name: "Tiny"
... short: "Tiny"
... numberTeams: 4
... hands:
... - {table: 1, round: 1, ns: 1, ew: 2, boards: [1, 2]}
... - {table: 2, round: 1, ns: 3, ew: 4, boards: [3, 4]}
... '''
>>> m = loads_thebridsk(text)
>>> m.name, m.contestants, m.at(round=1, table=2).boards
('Tiny', ('1', '2', '3', '4'), (3, 4))
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tenace.errors import MovementError
from tenace.tournament.model import Movement, Seating


def load_thebridsk(path: str | Path) -> Movement:
    """Read a thebridsk YAML movement file.

    :raises MovementError: naming the file (and the entry) when it is not such a movement.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MovementError(f"{path}: cannot read the movement: {exc}") from exc
    return loads_thebridsk(text, source=str(path))


def loads_thebridsk(text: str, *, source: str = "<yaml>") -> Movement:
    """Parse the text of a thebridsk YAML movement (see :func:`load_thebridsk`)."""
    import yaml  # only needed here: the rest of the package is pure

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise MovementError(f"{source}: not YAML: {exc}") from exc
    if not isinstance(data, Mapping) or not isinstance(data.get("hands"), list):
        raise MovementError(f"{source}: a movement is a mapping with a 'hands' list")
    seatings = tuple(_seating(entry, i, source) for i, entry in enumerate(data["hands"], start=1))
    name = str(data.get("name", Path(source).stem))
    description = str(data.get("description") or data.get("short") or "")
    return Movement(name, seatings, description=description)


def _seating(entry: Any, index: int, source: str) -> Seating:
    where = f"{source}: hand {index}"
    if not isinstance(entry, Mapping):
        raise MovementError(f"{where}: not a mapping")
    try:
        rnd, table = _int(entry, "round", where), _int(entry, "table", where)
        boards = entry["boards"]
        if not isinstance(boards, list) or not boards:
            raise MovementError(f"{where}: 'boards' must be a non-empty list")
        board_numbers = tuple(_number(b, "boards", where) for b in boards)
        if "north" in entry:
            n, e, s, w = (str(_int(entry, k, where)) for k in ("north", "east", "south", "west"))
            return Seating(rnd, table, f"{n}-{s}", f"{e}-{w}", board_numbers, players=(n, e, s, w))
        return Seating(
            rnd, table, str(_int(entry, "ns", where)), str(_int(entry, "ew", where)), board_numbers
        )
    except KeyError as exc:
        raise MovementError(f"{where}: missing {exc.args[0]!r}") from None


def _int(entry: Mapping[str, Any], key: str, where: str) -> int:
    return _number(entry[key], key, where)


def _number(value: Any, key: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MovementError(f"{where}: {key!r} must be a positive whole number, got {value!r}")
    return value
