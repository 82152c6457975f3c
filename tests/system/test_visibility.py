"""Who may consult which system card when (Law 40B2(b) and (c), Law 20G3), for every combination."""

from __future__ import annotations

import itertools

import pytest

from tenace.seats import SEATS, Seat, Side
from tenace.system import ConsultSettings, OwnCardRule, Phase, may_consult

# The Laws' defaults, written out from Law 40B2 by hand: (whose card, phase) -> allowed when
# (at own turn, the viewer's side is the declaring side).  "own": 40B2(b); "opponents": 40B2(c).
T, F = True, False
LAW_40B2 = {
    # own card: free before the auction period begins; never from then until the end of play, except the
    # declaring side in the Clarification Period (40B2(b)).
    ("own", Phase.BEFORE_AUCTION): {(T, T): T, (T, F): T, (F, T): T, (F, F): T},
    ("own", Phase.AUCTION): {(T, T): F, (T, F): F, (F, T): F, (F, F): F},
    ("own", Phase.CLARIFICATION): {(T, T): T, (T, F): F, (F, T): T, (F, F): F},
    ("own", Phase.PLAY): {(T, T): F, (T, F): F, (F, T): F, (F, F): F},
    ("own", Phase.AFTER_PLAY): {(T, T): T, (T, F): T, (F, T): T, (F, F): T},
    # opponents' card: before the auction (i), in the Clarification Period (ii), at one's own turn during the
    # auction and play (iii); after the play nothing restricts it.
    ("opponents", Phase.BEFORE_AUCTION): {(T, T): T, (T, F): T, (F, T): T, (F, F): T},
    ("opponents", Phase.AUCTION): {(T, T): T, (T, F): T, (F, T): F, (F, F): F},
    ("opponents", Phase.CLARIFICATION): {(T, T): T, (T, F): T, (F, T): T, (F, F): T},
    ("opponents", Phase.PLAY): {(T, T): T, (T, F): T, (F, T): F, (F, F): F},
    ("opponents", Phase.AFTER_PLAY): {(T, T): T, (T, F): T, (F, T): T, (F, F): T},
}

COMBINATIONS = list(itertools.product(SEATS, list(Side), list(Phase), [True, False], list(Side)))


@pytest.mark.parametrize("viewer, owner, phase, turn, declaring", COMBINATIONS)
def test_law_40b2_defaults_for_every_combination(viewer: Seat, owner: Side, phase: Phase, turn: bool,
                                                 declaring: Side) -> None:
    whose = "own" if viewer.side is owner else "opponents"
    expected = LAW_40B2[(whose, phase)][(turn, viewer.side is declaring)]
    assert may_consult(viewer, owner, phase, turn, declaring_side=declaring) is expected


def test_the_table_covers_every_phase() -> None:
    assert len(COMBINATIONS) == 4 * 2 * 5 * 2 * 2
    assert {p for _, p in LAW_40B2} == set(Phase)


def test_own_card_in_clarification_needs_the_declaring_side() -> None:
    with pytest.raises(ValueError, match="declaring_side"):
        may_consult(Seat.NORTH, Side.NS, Phase.CLARIFICATION, False)
    # the opponents' card does not depend on it
    assert may_consult(Seat.NORTH, Side.EW, Phase.CLARIFICATION, False)


def test_explaining_partners_call_allows_the_opponents_card() -> None:
    """40B2(c)(iv): after an opponent's question, to explain partner's call correctly."""
    assert not may_consult(Seat.EAST, Side.NS, Phase.AUCTION, False)
    assert may_consult(Seat.EAST, Side.NS, Phase.AUCTION, False, explaining=True)
    assert not may_consult(Seat.EAST, Side.EW, Phase.AUCTION, False, explaining=True), "not one's own card"
    strict = ConsultSettings(opponents_when_explaining=False)
    assert not may_consult(Seat.EAST, Side.NS, Phase.AUCTION, False, strict, explaining=True)


def test_regulating_authority_may_show_opponents_card_at_any_time() -> None:
    online = ConsultSettings(opponents_any_time=True)
    for phase in Phase:
        assert may_consult(Seat.SOUTH, Side.EW, phase, False, online)
    assert not may_consult(Seat.SOUTH, Side.NS, Phase.AUCTION, False, online), "own card still closed"


def test_regulating_authority_may_close_the_opponents_card_at_ones_turn() -> None:
    closed = ConsultSettings(opponents_at_own_turn=False, opponents_before_auction=False)
    assert not may_consult(Seat.WEST, Side.NS, Phase.AUCTION, True, closed)
    assert not may_consult(Seat.WEST, Side.NS, Phase.BEFORE_AUCTION, True, closed)
    assert may_consult(Seat.WEST, Side.NS, Phase.CLARIFICATION, False, closed)


@pytest.mark.parametrize("rule, declaring_sees, defending_sees", [
    (OwnCardRule.DECLARING_SIDE, True, False),
    (OwnCardRule.BOTH_SIDES, True, True),
    (OwnCardRule.NEVER, False, False),
])
def test_own_card_in_the_clarification_period(rule: OwnCardRule, declaring_sees: bool,
                                              defending_sees: bool) -> None:
    settings = ConsultSettings(own_in_clarification=rule)
    for seat in SEATS:
        allowed = may_consult(seat, seat.side, Phase.CLARIFICATION, False, settings, declaring_side=Side.NS)
        assert allowed is (declaring_sees if seat.side is Side.NS else defending_sees), seat


def test_regulating_authority_may_allow_ones_own_card_throughout() -> None:
    """Law 20G3: "except as the Regulating Authority allows"."""
    open_card = ConsultSettings(own_during_auction_and_play=True)
    for phase in (Phase.AUCTION, Phase.PLAY):
        assert may_consult(Seat.NORTH, Side.NS, phase, False, open_card)
    assert may_consult(Seat.EAST, Side.EW, Phase.CLARIFICATION, False, open_card, declaring_side=Side.NS)
