"""Double-dummy results as plain values: the DD table and par (no solver here; see ``tenace.solver``)."""

from __future__ import annotations

from dataclasses import dataclass

from tenace.calls import DENOMINATIONS, Denomination
from tenace.contract import Contract
from tenace.seats import SEATS, Seat, Side


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer and denomination.

    ``tricks[seat.index][denomination.index]``: seats N, E, S, W; denominations C, D, H, S, NT.

    >>> t = DDTable.from_rows([[9, 9, 8, 7, 10], [4, 4, 5, 6, 3], [9, 9, 8, 7, 10], [4, 4, 5, 6, 3]])
    >>> t[Seat.SOUTH, Denomination.NOTRUMP]
    10
    """

    tricks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 4 or any(len(row) != 5 for row in self.tricks):
            raise ValueError("a DD table has 4 rows (N, E, S, W) of 5 counts (C, D, H, S, NT)")
        if any(not 0 <= t <= 13 for row in self.tricks for t in row):
            raise ValueError(f"DD trick counts are 0 to 13: {self.tricks}")

    @classmethod
    def from_rows(cls, rows: list[list[int]] | tuple[tuple[int, ...], ...]) -> DDTable:
        return cls(tuple(tuple(row) for row in rows))

    def __getitem__(self, key: tuple[Seat, Denomination]) -> int:
        seat, denomination = key
        return self.tricks[seat.index][denomination.index]

    def items(self) -> list[tuple[Seat, Denomination, int]]:
        return [(s, d, self.tricks[s.index][d.index]) for s in SEATS for d in DENOMINATIONS]


@dataclass(frozen=True, slots=True)
class Par:
    """The par result of a deal: its score for North-South and the contracts that reach it.

    ``contracts`` may hold several equivalent par contracts (sacrifices included), each with the number of
    tricks it takes double dummy.
    """

    score_ns: int
    contracts: tuple[tuple[Contract, int], ...] = ()

    @property
    def score_ew(self) -> int:
        return -self.score_ns

    def score_for(self, side: Side) -> int:
        return self.score_ns if side is Side.NS else -self.score_ns
