"""Law 63: when a revoke becomes established, and that an established revoke is not corrected.

Scenarios on the deal of ``_revoke_deal`` (North declares, East leads, South is dummy)."""

from __future__ import annotations

import pytest

from tenace import Card
from tenace.errors import ImpossibleActionError
from tenace.laws import ClaimMade, Elected, Phase
from tenace.laws.decisions import DesignateCard
from tenace.laws.events import AttentionDrawn, DummyDesignation
from tenace.laws.refs import LawRef
from tenace.laws.revokes import is_established

from ._helpers import E, N, W
from ._revoke_deal import cards, claim_agreed, in_contract

C = Card.from_str

# 3NT. Trick 1: East leads HJ, North wins HA. Trick 2: North leads C2; East, holding CA CK, discards S8; dummy
# C6; West wins with C9.
REVOKE_ON_TRICK_2 = "HJ H5 H2 HA C2 S8 C6 C9"


def _revoke(t):  # type: ignore[no-untyped-def]
    (revoke,) = t.playing.revoke_ledger.revokes
    return revoke


def test_63a_not_established_while_only_the_revoke_trick_is_being_completed() -> None:
    """Law 63A1: play to the revoke trick itself, even by the offender's partner, does not establish it."""
    t = cards(in_contract("3NT"), REVOKE_ON_TRICK_2)
    assert not is_established(t.playing, _revoke(t))  # type: ignore[arg-type]


def test_63a1_the_offenders_partner_leading_to_the_next_trick_establishes_it() -> None:
    """Law 63A1: West, the offender's partner, leads to trick 3: the revoke is established."""
    t = cards(in_contract("3NT"), REVOKE_ON_TRICK_2 + " D2")
    assert is_established(t.playing, _revoke(t))  # type: ignore[arg-type]


def test_63a1_a_card_by_the_non_offending_side_to_the_next_trick_does_not_establish_it() -> None:
    """Law 63A1: only the offender or his partner establishes the revoke by playing to the next trick."""
    # Trick 2: North leads DA; East discards S8 though he holds diamonds; dummy D5, West D2; North leads DK.
    t = cards(in_contract("3NT"), "HJ H5 H2 HA DA S8 D5 D2 DK")
    assert not is_established(t.playing, _revoke(t))  # type: ignore[arg-type]
    t = cards(t, "D9")  # East plays to trick 3
    assert is_established(t.playing, _revoke(t))  # type: ignore[arg-type]


def test_63a3_a_claim_or_concession_by_the_offending_side_establishes_it() -> None:
    """Law 63A3: East concedes the rest before anyone plays to trick 3: the revoke is established, so
    attention drawn then finds it standing (no correction)."""
    t = cards(in_contract("3NT"), REVOKE_ON_TRICK_2)
    t = t.apply(ClaimMade(E, 0))
    assert is_established(t.playing, _revoke(t))  # type: ignore[arg-type]
    noticed = t.apply(AttentionDrawn(N, E, 2))
    assert noticed.play == t.play and not _revoke(noticed).corrected and _revoke(noticed).established


def test_63a4_agreeing_to_the_opponents_claim_establishes_it() -> None:
    """Law 63A4: declarer claims at trick 3 and both defenders agree: the revoke is established."""
    t = cards(in_contract("3NT"), REVOKE_ON_TRICK_2)
    # West is on lead; declarer claims all 11 tricks left (a claim need not wait for one's turn, Law 68).
    t = claim_agreed(t, "N", 11)
    assert t.phase is Phase.ENDED
    assert is_established(t.playing, _revoke(t))  # type: ignore[arg-type]
    t = t.apply(AttentionDrawn(N, E, 2))
    assert not _revoke(t).corrected and t.pending is not None and str(t.pending.law) == "Law 64C"


def test_63a_a_claim_by_the_non_offenders_not_yet_agreed_does_not_establish_it_and_lapses() -> None:
    """Laws 63A4 and 62A: the defenders have not agreed to declarer's claim, so the revoke is not established
    and must be corrected; the play resumes from the revoke and the claim lapses."""
    t = cards(in_contract("3NT"), REVOKE_ON_TRICK_2).apply(ClaimMade(N, 11))
    assert not is_established(t.playing, _revoke(t))  # type: ignore[arg-type]
    t = t.apply(AttentionDrawn(N, E, 2))
    assert t.claim is None and t.phase is Phase.PLAY and t.turn is E


def test_63b_an_established_revoke_stands_and_the_trick_is_as_played() -> None:
    """Law 63B: once established the revoke is not corrected: trick 2 stays won by West."""
    t = cards(in_contract("3NT"), REVOKE_ON_TRICK_2 + " D2 DA D9 D5")
    noticed = t.apply(AttentionDrawn(N, E, 2))
    assert noticed.play == t.play and noticed.play is not None and noticed.play.winners == (N, W, N)
    assert C("S8") not in noticed.play.hand(E) and not noticed.pending


def test_63a3_a_concession_that_was_played_on_still_established_the_revoke() -> None:
    """Law 63A3 with 68D2(b): East's claim is doubted and all four agree to play on, so the claim is void; it
    was still a claim by the offending side, and the revoke stays established."""
    from tenace.laws import ClaimAnswered
    from tenace.laws.events import PlayOnAgreed

    t = cards(in_contract("3NT"), REVOKE_ON_TRICK_2).apply(ClaimMade(E, 5)).apply(ClaimAnswered(N, False))
    t = t.apply(PlayOnAgreed())
    assert t.claim is None and t.phase is Phase.PLAY
    assert is_established(t.playing, _revoke(t))  # type: ignore[arg-type]
    assert t.apply(AttentionDrawn(N, E, 2)).play == t.play


def test_63a2_declarer_designating_dummys_card_to_the_next_trick_establishes_his_revoke() -> None:
    """Law 63A2: North (declarer) revokes on trick 3 (C3 with SK SQ in hand); East leads HJ to trick 4 and
    North designates dummy's card, though not one dummy holds (SA, Law 46B4: he names another). Attention
    cannot come between the designation and the card (Law 9B2); once it is drawn the revoke is established
    and stands: it is not corrected."""
    t = cards(in_contract("3NT"), "SJ S5 S2 SA C2 CA C6 C9 ST S6 S3 C3 HJ")
    t = t.apply(DummyDesignation("SA", N))
    with pytest.raises(ImpossibleActionError, match="pending decision"):
        t.apply(AttentionDrawn(E, N, 3))
    t = t.apply(Elected(N, DesignateCard(Card.from_str("H5"), LawRef(46, "B4"))))
    t = t.apply(AttentionDrawn(E, N, 3))
    revoke = _revoke(t)
    assert revoke.established and not revoke.corrected
    assert t.play is not None and Card.from_str("C3") not in t.play.hand(N)
