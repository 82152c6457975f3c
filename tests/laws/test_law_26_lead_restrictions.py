"""Law 26B: after an offender's call was withdrawn and not replaced by a comparable call, declarer may forbid
the offender's partner, at his first turn to lead, to lead one suit the offender did not name in the lawful
auction; the ban lasts while that player keeps the lead."""

from __future__ import annotations

import pytest

from tenace.calls import parse_call
from tenace.cards import Suit
from tenace.errors import ImpossibleActionError
from tenace.laws import (
    DIRECTOR,
    Accept,
    CallMade,
    Comparable,
    DirectorCalled,
    Elected,
    ForbidLead,
    FreeLead,
    Kind,
    LawRef,
    LeadRestriction,
    MayNotLead,
    Reject,
)
from tenace.laws.table import Table

from ._helpers import calls
from ._penalty_helpers import E, N, S, W, cards, in_1nt, mixed, play

B26 = LawRef(26, "B")
W_HAND = cards("ST S9 S8 HT H9 H8 DT D9 D8 CJ CT C9 C8")


def _east_offends_west_leads() -> Table:
    """North opens 1H; East's insufficient 1D is not accepted and he replaces it with 2C, which the Director
    judges not comparable (Law 27B2). South becomes declarer in 3NT and West, East's partner, leads first."""
    t = calls(mixed(), "N:1H E:1D").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:2C").apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    assert LeadRestriction(W, E, B26) in t.constraints
    t = calls(t, "S:2NT W:P N:3NT E:P S:P W:P")
    assert str(t.contract) == "3NTS"
    return t


def test_26b_at_the_opening_lead_declarer_may_forbid_one_suit_the_offender_did_not_name() -> None:
    """East named clubs in the lawful auction (his withdrawn 1D does not count): declarer may forbid spades,
    hearts or diamonds, or nothing."""
    t = _east_offends_west_leads()
    assert t.pending is not None and t.pending.actor is S and t.pending.law == B26
    assert t.pending.options == (
        ForbidLead((Suit.DIAMONDS,), B26),
        ForbidLead((Suit.HEARTS,), B26),
        ForbidLead((Suit.SPADES,), B26),
        FreeLead(B26),
    )
    with pytest.raises(ImpossibleActionError, match="decision is pending"):
        play(t, "S9")


def test_26b_the_forbidden_suit_stays_barred_while_the_leader_keeps_the_lead() -> None:
    t = _east_offends_west_leads().apply(Elected(S, ForbidLead((Suit.DIAMONDS,), B26)))
    assert MayNotLead(W, (Suit.DIAMONDS,), B26) in t.constraints
    assert t.legal_cards() == W_HAND - W_HAND.suit(Suit.DIAMONDS)
    t = play(t, "HT H2 H3 H4")  # West's ten wins: he keeps the lead and the ban
    assert t.turn is W and not t.legal_cards().suit(Suit.DIAMONDS) and t.pending is None
    t = play(t, "H9 HA HJ H5")  # dummy wins: the ban is over
    assert not any(isinstance(x, MayNotLead) for x in t.constraints)


def test_26b_declarer_may_leave_the_lead_free_and_is_not_asked_again() -> None:
    t = _east_offends_west_leads().apply(Elected(S, FreeLead(B26)))
    assert t.pending is None and t.legal_cards() == W_HAND
    t = play(t, "HT H2 H3 H4")
    assert t.pending is None


def test_26b_when_the_offender_leads_first_the_choice_waits_for_his_partners_first_lead() -> None:
    """West's insufficient 1D over South's 1NT is replaced by 2C, not comparable; South declares 2NT. West
    leads without restriction; declarer chooses when East first has the lead."""
    t = calls(mixed(), "N:P E:P S:1NT W:1D").apply(DirectorCalled(N))
    t = t.apply(Elected(N, Reject(LawRef(27, "B"))))
    t = calls(t, "W:2C").apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    t = calls(t, "N:2NT E:P S:P W:P")
    assert str(t.contract) == "2NTS" and t.pending is None
    t = play(t, "DT D2 DA D6")  # East wins with the ace: his first turn to lead
    assert t.turn is S and t.pending is not None and t.pending.law == B26
    assert FreeLead(B26) in t.pending.options and ForbidLead((Suit.CLUBS,), B26) not in t.pending.options
    t = t.apply(Elected(S, ForbidLead((Suit.SPADES,), B26)))
    assert not t.legal_cards().suit(Suit.SPADES)


def test_26b_no_restriction_when_the_offender_becomes_declarer_or_dummy() -> None:
    t = calls(mixed(), "N:1H E:1D").apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(27, "B"))))
    t = calls(t, "E:2C").apply(Elected(DIRECTOR, Comparable(False, LawRef(27, "B2"))))
    t = calls(t, "S:P W:P N:P")
    assert str(t.contract) == "2CE" and t.turn is S and t.pending is None


def test_26b_no_restriction_without_a_withdrawn_call() -> None:
    t = in_1nt()
    assert t.pending is None and t.legal_cards() == W_HAND


def _led_a_forbidden_suit() -> Table:
    t = _east_offends_west_leads().apply(Elected(S, ForbidLead((Suit.DIAMONDS,), B26)))
    return play(t, "D9")


def test_26b_a_lead_of_the_forbidden_suit_is_recorded_and_declarer_may_accept_it() -> None:
    t = _led_a_forbidden_suit()
    assert t.irregularities[-1].kind is Kind.LEAD_RESTRICTION_BROKEN and t.irregularities[-1].offender is W
    t = t.apply(DirectorCalled(S))
    assert t.pending is not None and t.pending.options == (Accept(B26), Reject(LawRef(49)))
    t = t.apply(Elected(S, Accept(B26)))
    assert t.play is not None and str(t.play.cards[-1]) == "D9" and t.turn is N


def test_26b_a_forbidden_lead_not_accepted_goes_back_as_a_major_penalty_card() -> None:
    t = _led_a_forbidden_suit().apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(49))))
    assert t.play is not None and t.play.cards == () and t.turn is W
    assert {(p.seat, str(p.card), p.major) for p in t.view(E).penalty_cards} == {(W, "D9", True)}
    # the ban comes before the obligation to play the penalty card (Law 50D1(b))
    assert t.legal_cards() == W_HAND - W_HAND.suit(Suit.DIAMONDS)


def test_26b_the_record_replays_to_the_same_table() -> None:
    t = _led_a_forbidden_suit().apply(DirectorCalled(S)).apply(Elected(S, Reject(LawRef(49))))
    assert Table.replay(t.board, t.record, t.regulations) == t


def test_26b_applies_after_a_defenders_bid_after_the_final_pass_law_39c() -> None:
    """East bids 2C after the auction has ended: the call is cancelled (Law 39A) and declarer gets the Law 26B
    choice at West's opening lead; East named no suit in the lawful auction, so any suit may be forbidden."""
    t = calls(in_1nt(), "E:2C")
    assert str(t.contract) == "1NTS" and LeadRestriction(W, E, LawRef(39, "C")) in t.constraints
    assert t.pending is not None and t.pending.actor is S and t.pending.law == B26
    assert {o.suits for o in t.pending.options if isinstance(o, ForbidLead)} == {(s,) for s in Suit}


def _east_bid_2c_then_bids_after_the_final_pass(alert: bool, explanation: str | None = None) -> Table:
    """East opens 2C (alerted or not), the opponents buy it in 2NT by South, and East bids 3C after the final
    pass: Law 39C brings the 26B choice at West's opening lead."""
    t = calls(mixed(), "N:P").apply(CallMade(E, parse_call("2C"), alert=alert, explanation=explanation))
    t = calls(t, "S:P W:2D N:P E:P S:2NT W:P N:P E:P E:3C")
    assert str(t.contract) == "2NTS" and LeadRestriction(W, E, LawRef(39, "C")) in t.constraints
    return t


def _forbiddable(t: Table) -> set[Suit]:
    assert t.pending is not None and t.pending.actor is S and t.pending.law == B26
    return {s for o in t.pending.options if isinstance(o, ForbidLead) for s in o.suits}


def test_26b_a_natural_unalerted_bid_specifies_its_suit() -> None:
    assert _forbiddable(_east_bid_2c_then_bids_after_the_final_pass(False)) == {
        Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES}


def test_26b_an_alerted_artificial_bid_specifies_no_suit_so_its_own_suit_may_be_forbidden() -> None:
    """A strong 2C, alerted and explained as artificial, did not specify clubs: declarer may forbid clubs."""
    t = _east_bid_2c_then_bids_after_the_final_pass(True, "Strong and artificial: 22+ HCP or nine tricks")
    assert _forbiddable(t) == set(Suit)


def test_26b_an_alerted_bid_specifies_the_suits_its_explanation_shows() -> None:
    """An alerted 2C explained as showing both majors specified hearts and spades, not clubs."""
    t = _east_bid_2c_then_bids_after_the_final_pass(True, "Both majors, at least 5-4")
    assert _forbiddable(t) == {Suit.CLUBS, Suit.DIAMONDS}
    t = _east_bid_2c_then_bids_after_the_final_pass(True, "Natural, may be short in a weak hand")
    assert _forbiddable(t) == {Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES}
