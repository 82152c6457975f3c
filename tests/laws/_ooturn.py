"""Helpers for the tests of Laws 41 and 53-60: a deal with choices in every suit and seat:card scripts."""

from __future__ import annotations

from tenace import Board, Card, Deal
from tenace.laws import CardPlayed, Policy, Regulations, Table

from ._helpers import calls

# North AK32.K54.QJ9.A76, East QJT.AQ2.8765.K98, South 987.JT98.AK2.QJT, West 654.763.T43.5432
OOT_DEAL = Deal.from_pbn("N:AK32.K54.QJ9.A76 QJT.AQ2.8765.K98 987.JT98.AK2.QJT 654.763.T43.5432")


def in_3nt(policy: Policy = Policy.LAWS) -> Table:
    """3NT by North (board 1, North deals): East makes the opening lead, South is dummy."""
    return calls(Table.new(Board(1, OOT_DEAL), Regulations(policy=policy)), "N:3NT E:P S:P W:P")


def C(text: str) -> Card:
    return Card.from_str(text)


def play(t: Table, script: str) -> Table:
    """Apply cards written as ``"E:SQ S:S7"``, each from the named seat, in turn or not."""
    from tenace import Seat

    for item in script.split():
        seat, card = item.split(":")
        t = t.apply(CardPlayed(Seat.from_str(seat), C(card)))
    return t


def north_wins_trick_one(policy: Policy = Policy.LAWS) -> Table:
    """East leads SQ, dummy S7, West S4, North SA: North is on lead for trick 2."""
    return play(in_3nt(policy), "E:SQ S:S7 W:S4 N:SA")


def east_wins_trick_one() -> Table:
    """East leads HA, dummy H8, West H3, North H4: East is on lead for trick 2."""
    return play(in_3nt(), "E:HA S:H8 W:H3 N:H4")
