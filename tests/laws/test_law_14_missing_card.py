"""Law 14: hands short of cards with none long: found before the opening lead is faced (14A), afterwards
(14B), and the information from the replacement (14C). A restored hand is deemed to have held the card
throughout: the engine replays the record with the restored deal."""

from __future__ import annotations

import pytest

from tenace import Board, Card, Deal
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, Phase, Table
from tenace.laws.decisions import CardAmongPlayed, Kind, PenaltyCard, RestoreHands
from tenace.laws.events import CardExposed, HandRestored, WrongCardCount
from tenace.laws.log import dumps, loads
from tenace.laws.refs import LawRef
from tenace.laws.wrong_board import Unauthorised, ruling

from ._claim_helpers import played
from ._helpers import DEAL, E, N, S, W, calls, table
from ._wrong_board_helpers import elect, finished, in_3nt

# South void in spades as the table's deal has it; the deal the Director restores gives South the S3 (and West
# the C5 in exchange).
AS_DEALT = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T9876.JT9.JT9.JT .8765.8765.98765 5432.432.432.432")
RESTORED = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T9876.JT9.JT9.JT 3.8765.8765.9876 542.432.432.5432")


def _two_tricks() -> Table:
    """1NT by East. Trick 1: South leads H8, North wins with HA. Trick 2: North leads SA and South, void in
    spades in the table's deal, discards C9."""
    t = calls(Table.new(Board(1, AS_DEALT)), "N:P E:1NT S:P W:P N:P")
    return played(t, "H8 H2 HA H9 SA S6 C9 S2")


# --- 14A: before the opening lead is faced ----------------------------------------------------------------


def test_14a_a_short_hand_during_the_auction_the_card_found_or_another_pack() -> None:
    t = calls(table(), "N:1C E:P S:1H").apply(WrongCardCount(S, 12))
    assert t.pending is not None and t.pending.actor is DIRECTOR and str(t.pending.law) == "Law 14A"
    assert [(type(o), str(o.law)) for o in t.pending.options] == [
        (RestoreHands, "Law 14A1"), (RestoreHands, "Law 14A2"),
    ]


@pytest.mark.parametrize("clause", ["14A1", "14A2"])
def test_14a3_the_auction_continues_without_any_call_changed(clause: str) -> None:
    t = elect(calls(table(), "N:1C E:P S:1H").apply(WrongCardCount(S, 12)), clause).apply(HandRestored(DEAL))
    assert [str(c.call) for c in t.calls] == ["1C", "P", "1H"] and t.turn is W and t.pending is None


def test_14a_in_the_clarification_period_too() -> None:
    t = in_3nt().apply(WrongCardCount(W, 12))
    assert t.phase is Phase.CLARIFICATION and str(t.pending.law) == "Law 14A"  # type: ignore[union-attr]


def test_14a_the_restored_hand_is_what_the_player_sees_from_then_on() -> None:
    t = calls(Table.new(Board(1, AS_DEALT)), "N:P E:P").apply(WrongCardCount(S, 12))
    assert Card.from_str("S3") not in t.view(S).hands[S]
    t = elect(t, "14A1").apply(HandRestored(RESTORED))
    assert t.deal == RESTORED and t.view(S).hands[S] == RESTORED[S]
    assert t.view(W).hands.keys() == {W}  # nobody sees another's restored hand


# --- 14B: after the opening lead is faced ------------------------------------------------------------------


def test_14b_options_after_the_opening_lead() -> None:
    t = _two_tricks().apply(WrongCardCount(S, 12))
    assert str(t.pending.law) == "Law 14B"  # type: ignore[union-attr]
    assert [(type(o), str(o.law)) for o in t.pending.options] == [  # type: ignore[union-attr]
        (CardAmongPlayed, "Law 14B1"), (RestoreHands, "Law 14B2"), (RestoreHands, "Law 14B3"),
    ]


def test_14b1_the_card_among_the_played_cards_leaves_it_to_law_67() -> None:
    before = _two_tricks()
    t = elect(before.apply(WrongCardCount(S, 12)), "14B1")
    assert t.pending is None and t.play == before.play and t.turn is before.turn


@pytest.mark.parametrize("clause", ["14B2", "14B3"])
def test_14b4_the_restored_card_was_held_throughout_so_the_discard_was_a_revoke(clause: str) -> None:
    before = _two_tricks()
    assert [i.kind for i in before.irregularities] == []  # void in spades as far as the table knew
    t = elect(before.apply(WrongCardCount(S, 12)), clause).apply(HandRestored(RESTORED))
    assert [(i.kind, i.offender) for i in t.irregularities] == [(Kind.REVOKE, S)]
    assert t.deal == RESTORED and Card.from_str("S3") in t.view(S).hands[S]
    assert t.play is not None and t.play.cards == before.play.cards and t.turn is N  # type: ignore[union-attr]


def test_14b_a_restored_deal_must_hold_the_cards_already_played() -> None:
    t = elect(_two_tricks().apply(WrongCardCount(S, 12)), "14B2")
    wrong = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T9876.JT9.JT9.JT .7653.8765.98765 5432.842.432.432")
    with pytest.raises(ImpossibleActionError, match="does not fit"):
        t.apply(HandRestored(wrong))  # South led the H8: it cannot be West's
    assert t.turn is DIRECTOR  # the table is unchanged: the Director still restores the hands


def test_14b_applies_until_the_end_of_the_correction_period() -> None:
    t = finished(in_3nt()).apply(WrongCardCount(W, 12))
    assert t.phase is Phase.ENDED and str(t.pending.law) == "Law 14B"  # type: ignore[union-attr]


def test_a_hand_restored_without_the_directors_election_is_refused() -> None:
    with pytest.raises(ImpossibleActionError, match="not elected to restore"):
        table().apply(HandRestored(DEAL))


# --- 14C --------------------------------------------------------------------------------------------------


def test_14c_the_replacement_is_unauthorised_information_for_the_partner() -> None:
    t = elect(_two_tricks().apply(WrongCardCount(S, 12)), "14B2").apply(HandRestored(RESTORED))
    assert ruling(t).unauthorised == (Unauthorised(N, LawRef(14, "C")),)


def test_a_restored_table_round_trips_through_the_log() -> None:
    t = elect(_two_tricks().apply(WrongCardCount(S, 12)), "14B2").apply(HandRestored(RESTORED))
    back = loads(dumps(t))
    assert back == t and back.deal == RESTORED and back.board.deal == AS_DEALT
    assert back.turn is N and E not in back.view(N).hands  # North won trick 2 and leads


def test_14b4_the_restored_card_may_become_a_penalty_card() -> None:
    """The Director has the restored S3 of South, a defender, left face up: a major penalty card (Law 50), and
    declarer may then require or forbid North's spade lead (Law 50D2)."""
    t = elect(_two_tricks().apply(WrongCardCount(S, 12)), "14B2").apply(HandRestored(RESTORED))
    t = t.apply(CardExposed(S, Card.from_str("S3"), deliberate=True))
    assert [(c.seat, str(c.card), c.major) for c in t.constraints if isinstance(c, PenaltyCard)] == [
        (S, "S3", True)
    ]
    assert t.pending is not None and t.pending.actor is E and str(t.pending.law) == "Law 50D2"
