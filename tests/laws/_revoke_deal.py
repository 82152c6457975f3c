"""A deal on which both sides can win tricks and revoke, for the scenarios of Laws 61-64 and 67.

North  S AKQ   H AKQ   D AKQ   C 5432
East   S JT98  H JT98  D JT9   C AK
South  S 765   H 765   D 8765  C 876
West   S 432   H 432   D 432   C QJT9

Board 1: North deals, nobody vulnerable (Law 2).
"""

from __future__ import annotations

from tenace import Board, Card, Deal
from tenace.laws import CardPlayed, ClaimAnswered, ClaimMade, Elected, Table
from tenace.laws.decisions import NoAdjustment
from tenace.laws.refs import DIRECTOR, LawRef

from ._helpers import E, N, S, W, calls

REVOKE_DEAL = Deal.from_pbn("N:AKQ.AKQ.AKQ.5432 JT98.JT98.JT9.AK 765.765.8765.876 432.432.432.QJT9")


def in_contract(contract: str) -> Table:
    """North declares ``contract`` (``"3NT"``, ``"2H"``) after three passes: East leads, South is dummy."""
    return calls(Table.new(Board(1, REVOKE_DEAL)), f"N:{contract} E:P S:P W:P")


def cards(t: Table, script: str) -> Table:
    """Play cards in turn order: ``"HJ H5 H2 HA"``."""
    for text in script.split():
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, Card.from_str(text)))
    return t


def claim_agreed(t: Table, seat: str, tricks: int) -> Table:
    """``seat`` claims ``tricks`` of those left and both opponents agree (Law 69A)."""
    claimer = {"N": N, "E": E, "S": S, "W": W}[seat]
    t = t.apply(ClaimMade(claimer, tricks))
    for opponent in (N, E, S, W):
        if opponent.side is not claimer.side:
            t = t.apply(ClaimAnswered(opponent, True))
    return t


def director_keeps_result(t: Table) -> Table:
    """The Director finds the Law 64 result compensates the non-offending side (Law 64C1)."""
    return t.apply(Elected(DIRECTOR, NoAdjustment(LawRef(64, "C1"))))
