"""Victory-point scales: converting a match's IMP margin into VPs (Law 78D).

The Laws leave the conversion to the Regulating Authority, so a scale is data chosen by the conditions of
contest. Two kinds are offered, both answering :meth:`vps` with the VPs of the two teams:

* :class:`WBFContinuousScale`: the WBF 2013 continuous 20-VP scale for any number of boards, computed from the
  WBF Scoring Panel's formula with the same concavity correction as the published tables, to two decimals.
* :class:`DiscreteVPScale`: any table of IMP bands (an ACBL Swiss scale, an old WBF scale, a club's own
  scale), loaded from rows or CSV text rather than written into the code.

VPs are :class:`~decimal.Decimal` values with two decimals, exactly as the tables print them.
"""

from __future__ import annotations

import csv
import decimal
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from tenace.errors import NotationError
from tenace.scoring.wbf_scale import WBF_TOTAL as WBF_TOTAL
from tenace.scoring.wbf_scale import check_boards, match_vps, wbf_hundredths, winner_vps
from tenace.scoring.wbf_scale import check_margin as _check_margin
from tenace.scoring.wbf_scale import hundredths as _hundredths


class VPScale(Protocol):
    """Anything that turns a signed IMP margin into ``(VPs of the team, VPs of its opponents)``."""

    def vps(self, margin: int) -> tuple[Decimal, Decimal]: ...


# --- WBF 2013 continuous scale ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class WBFContinuousScale:
    """The WBF 2013 continuous victory-point scale for matches of ``boards`` boards.

    A draw is 10-10 and the VPs of a match always add up to 20. The blitz margin, worth 20-0, is
    ``15 * sqrt(boards)`` IMPs; larger margins earn no more.

    >>> scale = WBFContinuousScale(28)
    >>> scale.vps(23)
    (Decimal('14.48'), Decimal('5.52'))
    >>> scale.vps(-9)
    (Decimal('8.02'), Decimal('11.98'))
    >>> scale.vps(0), scale.vps(80)
    ((Decimal('10.00'), Decimal('10.00')), (Decimal('20.00'), Decimal('0.00')))
    >>> scale.blitz
    80
    """

    boards: int

    def __post_init__(self) -> None:
        check_boards(self.boards)

    @property
    def table(self) -> tuple[Decimal, ...]:
        """The winner's VPs for margins 0, 1, 2, ..., ending with the first margin that earns 20.00 VPs."""
        return tuple(_hundredths(v) for v in wbf_hundredths(self.boards))

    @property
    def blitz(self) -> int:
        """The smallest whole margin that earns the full 20 VPs."""
        return wbf_hundredths(self.boards).index(2000)

    def winner_vps(self, margin: int) -> Decimal:
        """The VPs of the team that won by ``margin`` IMPs (``margin`` >= 0).

        >>> WBFContinuousScale(14).winner_vps(20)
        Decimal('15.26')
        """
        return winner_vps(margin, self.boards)

    def vps(self, margin: int) -> tuple[Decimal, Decimal]:
        """``(VPs of the team, VPs of its opponents)`` for the team's signed IMP margin."""
        return match_vps(margin, self.boards)


def wbf_vps(margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """The WBF 2013 continuous scale in one call: ``(VPs of the team, VPs of its opponents)``.

    >>> wbf_vps(10, 28)
    (Decimal('12.18'), Decimal('7.82'))
    """
    return WBFContinuousScale(boards).vps(margin)


# --- Discrete scales loaded as data -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VPBand:
    """One line of a discrete scale: margins ``low``..``high`` IMPs (``high`` ``None`` = and over) earn
    ``winner`` VPs for the team ahead and ``loser`` for the team behind."""

    low: int
    high: int | None
    winner: Decimal
    loser: Decimal

    def __contains__(self, margin: object) -> bool:
        return isinstance(margin, int) and margin >= self.low and (self.high is None or margin <= self.high)


@dataclass(frozen=True, slots=True)
class DiscreteVPScale:
    """A VP scale given as IMP bands: data defined by a Regulating Authority, never hard-coded.

    The bands must start at a margin of 0, follow each other without gaps or overlaps, end with an open band
    (``high`` is ``None``), give non-decreasing VPs to the winner, and share the same total in every band.

    >>> scale = DiscreteVPScale.from_csv('''imp_low,imp_high,vp_winner,vp_loser
    ... 0,0,10,10
    ... 1,3,11,9
    ... 4,7,12,8
    ... 8,,13,7
    ... ''', name="tiny")
    >>> scale.vps(3), scale.vps(-5), scale.vps(50)
    ((Decimal('11'), Decimal('9')), (Decimal('8'), Decimal('12')), (Decimal('13'), Decimal('7')))

    :raises ValueError: if the bands do not form a scale.
    """

    bands: tuple[VPBand, ...]
    name: str = ""

    def __post_init__(self) -> None:
        label = f"VP scale {self.name!r}" if self.name else "VP scale"
        fewer = "gives the winner fewer VPs than"
        if not self.bands:
            raise ValueError(f"{label} has no bands")
        if self.bands[0].low != 0:
            raise ValueError(f"{label} must start at a margin of 0, starts at {self.bands[0].low}")
        total = self.bands[0].winner + self.bands[0].loser
        for index, band in enumerate(self.bands):
            last = index == len(self.bands) - 1
            if band.high is None and not last:
                raise ValueError(f"{label}: only the last band may be open, band {index + 1} is {band}")
            if band.high is not None and band.high < band.low:
                raise ValueError(f"{label}: band {index + 1} runs backwards: {band}")
            if last and band.high is not None:
                raise ValueError(f"{label}: the last band must be open-ended (no upper margin), got {band}")
            if band.winner + band.loser != total:
                shared = band.winner + band.loser
                raise ValueError(f"{label}: band {index + 1} shares {shared} VPs, not {total}")
            if band.winner < band.loser:
                raise ValueError(f"{label}: band {index + 1} {fewer} the loser: {band}")
            if index:
                before = self.bands[index - 1]
                assert before.high is not None  # checked on the previous pass
                if band.low != before.high + 1:
                    raise ValueError(
                        f"{label}: band {index + 1} starts at {band.low}, expected {before.high + 1} "
                        f"(a gap or an overlap)"
                    )
                if band.winner < before.winner:
                    raise ValueError(f"{label}: band {index + 1} {fewer} band {index}")

    def vps(self, margin: int) -> tuple[Decimal, Decimal]:
        """``(VPs of the team, VPs of its opponents)`` for the team's signed IMP margin."""
        _check_margin(margin)
        size = abs(margin)
        band = next(b for b in self.bands if size in b)
        return (band.winner, band.loser) if margin >= 0 else (band.loser, band.winner)

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[int, int | None, Decimal | int | str, Decimal | int | str]],
                  name: str = "") -> DiscreteVPScale:
        """Build a scale from ``(low, high, winner, loser)`` rows; a ``high`` of ``None`` marks the open last
        band."""
        bands = tuple(VPBand(low, high, Decimal(winner), Decimal(loser)) for low, high, winner, loser in rows)
        return cls(bands, name)

    @classmethod
    def from_csv(cls, text: str, *, where: Mapping[str, str] | None = None, name: str = "",
                 source: str = "<csv>") -> DiscreteVPScale:
        """Read a scale from CSV text with the columns ``imp_low``, ``imp_high`` (empty for the open last
        band), ``vp_winner`` and ``vp_loser``. Other columns may select one scale from a file that holds
        several: ``where={"scale": "20", "boards": "6-8"}`` keeps only the rows with those values.

        :raises NotationError: naming ``source`` and the line, if a row is malformed or the rows do not form a
            scale.
        """
        reader = csv.DictReader(io.StringIO(text))
        needed = ("imp_low", "imp_high", "vp_winner", "vp_loser")
        columns = reader.fieldnames or []
        missing = [c for c in (*needed, *(where or {})) if c not in columns]
        if missing:
            raise NotationError(f"{source}:1: VP scale CSV lacks the column(s) {', '.join(missing)}")
        rows: list[tuple[int, int | None, Decimal, Decimal]] = []
        for row in reader:
            if where and any(row[key] != value for key, value in where.items()):
                continue
            line = reader.line_num
            try:
                high = row["imp_high"].strip()
                rows.append((int(row["imp_low"]), int(high) if high else None,
                             Decimal(row["vp_winner"]), Decimal(row["vp_loser"])))
            except (ValueError, decimal.InvalidOperation, AttributeError) as error:
                raise NotationError(f"{source}:{line}: bad VP scale row {row}: {error}") from error
        if not rows:
            raise NotationError(f"{source}: no VP scale rows match {dict(where or {})}")
        try:
            return cls.from_rows(rows, name)
        except ValueError as error:
            raise NotationError(f"{source}: {error}") from error
