"""Law 17: the auction period. It starts for the board when the cards are taken out (17A) and lasts until an
opening lead is faced (17D1), the interval after the final pass being the clarification period."""

from __future__ import annotations

from tenace.laws import CardPlayed, Phase
from tenace.laws.events import LeadFaceDown

from ._helpers import DEAL, E, N, calls, table


def test_17a_a_new_table_is_in_the_auction_period_with_the_dealer_to_call() -> None:
    """Law 17A: a table starts in the auction period (online the hands are taken out when the board is
    opened); no call has been made, the dealer (North on board 1) is to call and there is no contract."""
    t = table()
    assert t.phase is Phase.AUCTION and t.turn is N and t.calls == () and t.contract is None


def test_17d1_the_auction_period_lasts_until_the_opening_lead_is_faced() -> None:
    """Law 17D1: after the final pass the clarification period runs, through a face-down lead (41A), and the
    auction period ends only when the opening lead is faced."""
    t = calls(table(), "N:1H E:P S:P W:P")
    assert t.phase is Phase.CLARIFICATION and str(t.contract) == "1HN"
    lead = min(DEAL[E])
    t = t.apply(LeadFaceDown(E, lead))
    assert t.phase is Phase.CLARIFICATION
    t = t.apply(CardPlayed(E, lead))
    assert t.phase is Phase.PLAY
