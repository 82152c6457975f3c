"""Double-dummy and par tags (PBN 2.1 §4.2.7, §5.7 and the tags programs added): ``DoubleDummyTricks``
(BridgeComposer), ``Ability`` (BCDD) and ``ParContract``.

Programs write DD tables in different orders (seat N or W first, notrump first or last); each encoding is
decoded here, at the boundary, into :class:`~tenace.analysis.DDTable`; the writing helpers here go the other
way, and :func:`tenace.formats.pbn.annotated.with_double_dummy` puts a DD table and par into a game's tags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tenace.analysis import DDTable, Par
from tenace.calls import Denomination
from tenace.contract import Contract, Doubling
from tenace.errors import NotationError
from tenace.formats.pbn.tables import Cell, Column, PBNTable
from tenace.seats import Seat

if TYPE_CHECKING:
    from tenace.formats.pbn.problems import TagContext


def is_blank(value: str) -> bool:
    return value.strip() in ("", "?")


_DD_SEATS: Final = "NSEW"
_DD_DENOMINATIONS: Final = ("NT", "S", "H", "D", "C")


def dd_from_digits(text: str, seats: str = _DD_SEATS,
                   denominations: tuple[str, ...] = _DD_DENOMINATIONS) -> DDTable:
    """A DD table from 20 hex digits (``a``-``d`` for 10-13): for each seat in ``seats``, one digit per
    denomination in ``denominations``. The default is BridgeComposer's ``DoubleDummyTricks`` order
    (N, S, E, W; NT, S, H, D, C).

    >>> t = dd_from_digits("7879a7879a5564355643")
    >>> t[Seat.NORTH, Denomination.CLUBS], t[Seat.EAST, Denomination.NOTRUMP]
    (10, 5)
    """
    digits = text.strip()
    if len(digits) != 20 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise NotationError(f"{text!r} is not 20 hexadecimal digits")
    rows = [[0] * 5 for _ in range(4)]
    for i, seat_char in enumerate(seats):
        seat = Seat.from_str(seat_char)
        for j, denom in enumerate(denominations):
            value = int(digits[5 * i + j], 16)
            if value > 13:
                raise NotationError(f"{text!r}: {digits[5 * i + j]!r} is more than 13 tricks")
            rows[seat.index][Denomination.from_str(denom).index] = value
    return DDTable.from_rows(rows)


def parse_dd_tricks(value: str, ctx: TagContext) -> DDTable | None:
    """``DoubleDummyTricks`` (BridgeComposer): 20 hex digits, N S E W × NT S H D C."""
    if is_blank(value):
        return None
    return dd_from_digits(value)


def parse_ability(value: str, ctx: TagContext) -> DDTable | None:
    """``Ability`` (BCDD): ``"N:89797 E:44535 S:89797 W:44535"``, each seat NT S H D C."""
    if is_blank(value):
        return None
    parts = value.split()
    per_seat: dict[str, str] = {}
    for part in parts:
        if len(part) != 7 or part[1] != ":" or part[0].upper() not in "NESW":
            raise NotationError(f"ability {value!r}: {part!r} is not like 'N:89797'")
        per_seat[part[0].upper()] = part[2:]
    if set(per_seat) != set("NESW"):
        raise NotationError(f"ability {value!r} does not give all four seats")
    return dd_from_digits("".join(per_seat[s] for s in _DD_SEATS))


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: who may declare it, the contract, and the over- or undertricks (``ParContract``,
    e.g. ``"NS 2C+2"``, ``"N 2NX-1"``)."""

    declarers: tuple[Seat, ...]
    level: int
    denomination: Denomination
    doubling: Doubling
    overtricks: int

    @property
    def tricks(self) -> int:
        return 6 + self.level + self.overtricks

    def contract(self) -> Contract:
        """The contract with the first of :attr:`declarers`."""
        return Contract(self.level, self.denomination, self.declarers[0], self.doubling)

    def __str__(self) -> str:
        who = "".join(s.value for s in self.declarers)
        delta = "" if self.overtricks == 0 else f"{self.overtricks:+d}"
        denom = "N" if self.denomination is Denomination.NOTRUMP else self.denomination.value
        return f"{who} {self.level}{denom}{self.doubling}{delta}"


_PAR: Final = re.compile(r"(NS|EW|[NESW]+)\s+([1-7])(NT|N|[CDHS])(XX|X)?([+-]\d+|=)?", re.IGNORECASE)


def parse_par_contracts(value: str, ctx: TagContext) -> tuple[ParContract, ...]:
    """``"NS 2C+2"``, ``"N 2NX-1; N 3DX-1"`` (BridgeComposer); a passed-out par is ``""``."""
    out = []
    for part in value.split(";"):
        text = part.strip()
        if not text or text.upper() == "PASS":
            continue
        match = _PAR.fullmatch(text)
        if match is None:
            raise NotationError(f"par contract {text!r} is not like 'NS 4S', 'N 2NX-1'")
        who, level, denom, dbl, delta = match.groups()
        seats = tuple(Seat.from_str(c) for c in who.upper())
        doubling = Doubling.REDOUBLED if dbl and len(dbl) == 2 else (
            Doubling.DOUBLED if dbl else Doubling.UNDOUBLED)
        over = 0 if delta in (None, "=") else int(delta)
        out.append(ParContract(seats, int(level), Denomination.from_str(denom), doubling, over))
    return tuple(out)


# --- writing ------------------------------------------------------------------------------------------

ANALYSIS_TAGS: Final = ("OptimumScore", "ParContract", "DoubleDummyTricks", "OptimumResultTable")
"""The tags :func:`~tenace.formats.pbn.annotated.with_double_dummy` writes, in the order it writes them."""
_TABLE_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_TABLE_DENOMINATIONS: Final = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS,
                               Denomination.DIAMONDS, Denomination.CLUBS)
_SIDES: Final = {frozenset({Seat.NORTH, Seat.SOUTH}): "NS", frozenset({Seat.EAST, Seat.WEST}): "EW"}


def dd_to_digits(table: DDTable, seats: str = _DD_SEATS,
                 denominations: tuple[str, ...] = _DD_DENOMINATIONS) -> str:
    """The 20 hex digits of :func:`dd_from_digits` (lower case ``a``-``d`` for 10-13); by default
    BridgeComposer's ``DoubleDummyTricks`` order (N, S, E, W; NT, S, H, D, C).

    >>> dd_to_digits(dd_from_digits("7879a7879a5564355643"))
    '7879a7879a5564355643'
    """
    return "".join(f"{table[Seat.from_str(s), Denomination.from_str(d)]:x}"
                   for s in seats for d in denominations)


def optimum_score_text(par: Par) -> str:
    """The ``OptimumScore`` value (§4.2.7) as BridgeComposer writes it: from the side that declares the par
    contracts (``"NS 620"``, ``"NS -100"`` for a North-South sacrifice); with no par contract, from the side
    that scores (``"EW 100"``, ``"NS 0"``).

    >>> from tenace.contract import Contract
    >>> optimum_score_text(Par(-100, ((Contract.from_str("4SXN"), 8),))), optimum_score_text(Par(-100))
    ('NS -100', 'EW 100')
    """
    if par.contracts:
        side = par.contracts[0][0].declarer.side
        return f"{side} {par.score_for(side)}"
    return f"NS {par.score_ns}" if par.score_ns >= 0 else f"EW {-par.score_ns}"


def par_contract_text(par: Par) -> str:
    """The ``ParContract`` value as BridgeComposer writes it: every par contract with its result, the
    seats that can declare it merged into ``NS``/``EW`` when both can, separated by ``"; "``; ``"Pass"`` for a
    deal passed out at par.

    >>> from tenace.contract import Contract
    >>> par_contract_text(Par(-100, ((Contract.from_str("2NTXN"), 7), (Contract.from_str("3DXN"), 8))))
    'N 2NX-1; N 3DX-1'
    >>> par_contract_text(Par(130, ((Contract.from_str("2CN"), 10), (Contract.from_str("2CS"), 10))))
    'NS 2C+2'
    """
    groups: dict[tuple[int, Denomination, Doubling, int], list[Seat]] = {}
    for contract, tricks in par.contracts:
        key = (contract.level, contract.denomination, contract.doubling, tricks)
        seats = groups.setdefault(key, [])
        if contract.declarer not in seats:
            seats.append(contract.declarer)
    parts = []
    for (level, denomination, doubling, tricks), seats in groups.items():
        over = tricks - 6 - level
        result = "=" if over == 0 else f"{over:+d}"
        denom = "N" if denomination is Denomination.NOTRUMP else denomination.value
        side = _SIDES.get(frozenset(seats))
        whos = [side] if side is not None else [s.value for s in sorted(seats, key=lambda s: s.index)]
        parts += [f"{who} {level}{denom}{doubling}{result}" for who in whos]
    return "; ".join(parts) if parts else "Pass"


def optimum_result_table(table: DDTable) -> PBNTable:
    """The ``OptimumResultTable`` (§5.7) of a DD table: columns ``Declarer;Denomination\\2R;Result\\2R`` and
    20 rows, declarer N, E, S, W, each with NT, S, H, D, C.

    >>> t = optimum_result_table(dd_from_digits("7879a7879a5564355643"))
    >>> t.spec(), [c.text for c in t.rows[0]], len(t.rows)
    ('Declarer;Denomination\\\\2R;Result\\\\2R', ['N', 'NT', '7'], 20)
    >>> t.to_dd_table() == dd_from_digits("7879a7879a5564355643")
    True
    """
    columns = (Column("Declarer"), Column("Denomination", width=2, align="R"),
               Column("Result", width=2, align="R"))
    rows = tuple((Cell(seat.value), Cell(d.value), Cell(str(table[seat, d])))
                 for seat in _TABLE_SEATS for d in _TABLE_DENOMINATIONS)
    return PBNTable("OptimumResultTable", columns, rows)
