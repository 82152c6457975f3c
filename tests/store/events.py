"""Events and results for the storage tests, built by hand (not by the store)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from tenace.contract import Contract
from tenace.scoring.imps import TrimPercent
from tenace.tournament.model import (
    Conditions,
    Event,
    EventKind,
    Method,
    Movement,
    Participant,
    Player,
    Result,
    Session,
)
from tenace.tournament.movements.mitchell import mitchell

T0 = dt.datetime(2026, 11, 21, 19, 0, tzinfo=dt.UTC)
"""The evening of the club session the tests replay."""


def three_table_mitchell() -> Movement:
    return mitchell(3)


def pairs_event(name: str = "Saturday pairs", *, conditions: Conditions | None = None) -> Event:
    """Six pairs in a three-table Mitchell, one session."""
    movement = three_table_mitchell()
    participants = tuple(
        Participant(
            pair,
            f"Pair {pair}",
            (Player(f"{pair}a", f"Player {pair}a", f"NBO-{pair}1"), Player(f"{pair}b", f"Player {pair}b")),
        )
        for pair in movement.contestants
    )
    return Event(name, EventKind.PAIRS, conditions or Conditions(), participants, (Session(1, (movement,)),))


def seated_result(
    movement: Movement,
    round: int,
    table: int,
    board: int,
    contract: str | None,
    tricks: int | None,
    **extra: object,
) -> Result:
    """A result with the pairs the movement seats at that table in that round."""
    seating = movement.at(round, table)
    return Result(
        board=board,
        round=round,
        table=table,
        ns=seating.ns,
        ew=seating.ew,
        contract=Contract.from_str(contract) if contract is not None else None,
        tricks=tricks,
        **extra,
    )  # type: ignore[arg-type]


def unusual_conditions() -> Conditions:
    """Conditions with every field away from its default."""
    from tenace.scoring.adjusted import ArtificialScoreSettings
    from tenace.scoring.imps import DatumRounding
    from tenace.scoring.matchpoints import Factoring, TotalScaling
    from tenace.tournament.model import ByeScore, Comparison, PenaltyUnit, TieBreak

    return Conditions(
        method=Method.BUTLER,
        factoring=Factoring.NONE,
        total_scaling=TotalScaling.NONE,
        artificial=ArtificialScoreSettings(
            average_plus=Fraction(125, 2),
            average_minus=Fraction(75, 2),
            average_plus_imps=Fraction(2),
            average_minus_imps=Fraction(-2),
            session_rule=False,
        ),
        datum_rounding=DatumRounding.HALF_EVEN,
        butler_trim=TrimPercent(Fraction(25, 2)),
        vp_scale="other",
        vp_table="scale,imp_low,imp_high,vp_winner,vp_loser\nother,0,,10,10\n",
        bye=ByeScore.FIXED_OR_AVERAGE,
        bye_vps=Fraction(25, 2),
        tie_break=TieBreak.HEAD_TO_HEAD,
        percentage_places=1,
        comparison=Comparison.SECTION,
        sit_out_average=True,
        penalty_unit=PenaltyUnit.PERCENT_OF_TOP,
        knockout=True,
        correction_period=dt.timedelta(hours=1, microseconds=7),
        appeal_deadline=dt.timedelta(days=1, minutes=5),
    )
