"""Contracts (Law 22) and the doubling state."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from tenace.calls import Bid, Denomination
from tenace.errors import NotationError
from tenace.notation import DOUBLING_TEXT, contract_parts, contract_text
from tenace.seats import Seat, Side


class Doubling(enum.Enum):
    """Whether the contract is doubled; the value is the multiplier of trick scores (Law 77)."""

    # members are singletons equal only to themselves, so hashing by identity is correct, and much cheaper
    # than Enum's hash of the name (a Python call): these are dictionary keys everywhere
    __hash__ = object.__hash__

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def multiplier(self) -> int:
        """1, 2 or 4."""
        return int(self.value)

    def __str__(self) -> str:
        return DOUBLING_TEXT[self.value]


_BY_MULTIPLIER: Final[dict[int, Doubling]] = {d.value: d for d in Doubling}


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, denomination, doubling and declarer. A passed-out board has no
    contract (``None``) rather than a special value.

    Equality includes the doubling and the declarer.

    >>> c = Contract.from_str("4SX by N")
    >>> c, str(c)
    (Contract.from_str('4SXN'), '4SXN')
    >>> c.tricks_needed, c.declarer.side
    (10, <Side.NS: 'NS'>)
    """

    level: int
    denomination: Denomination
    declarer: Seat
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or isinstance(self.level, bool) or not 1 <= self.level <= 7:
            raise NotationError(f"a contract's level is 1 to 7, got {self.level!r}")
        if not isinstance(self.denomination, Denomination):
            raise NotationError(f"not a denomination: {self.denomination!r}")
        if not isinstance(self.declarer, Seat):
            raise NotationError(f"not a seat: {self.declarer!r}")
        if not isinstance(self.doubling, Doubling):
            raise NotationError(f"not a doubling: {self.doubling!r}")

    @classmethod
    def from_str(cls, text: str, declarer: Seat | None = None) -> Contract:
        """Parse ``"4SX"`` with ``declarer``, or a contract naming its declarer: ``"4SXN"``,
        ``"3NT by W"``, ``"6H**S"``.

        :raises NotationError: on bad text (see :func:`tenace.notation.contract_parts`), when the text and
            ``declarer`` name different declarers, or when neither names one.
        """
        given = None if declarer is None else str(declarer)
        level, denomination, multiplier, seat = contract_parts(text, given)
        return cls(level, Denomination(denomination), Seat(seat), _BY_MULTIPLIER[multiplier])

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.denomination)

    @property
    def trump(self) -> Denomination:
        return self.denomination

    @property
    def tricks_needed(self) -> int:
        """Book (six) plus the level."""
        return 6 + self.level

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's left-hand opponent (Law 41A)."""
        return self.declarer.lho

    @property
    def side(self) -> Side:
        return self.declarer.side

    def text(self) -> str:
        """The contract without the declarer: ``"4SX"``."""
        return contract_text(self.level, self.denomination.value, self.doubling.multiplier)

    def unicode(self) -> str:
        return f"{self.level}{self.denomination.symbol}{self.doubling} {self.declarer.value}"

    def __format__(self, spec: str) -> str:
        """``format(contract, "u")`` renders with a suit symbol; the empty spec gives ``str(contract)``."""
        if spec == "u":
            return self.unicode()
        if spec == "":
            return str(self)
        raise ValueError(f"unknown format spec {spec!r} for Contract (use '' or 'u')")

    def __str__(self) -> str:
        return f"{self.text()}{self.declarer.value}"

    def __repr__(self) -> str:
        return f"Contract.from_str({str(self)!r})"
