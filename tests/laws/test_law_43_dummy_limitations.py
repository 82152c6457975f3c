"""Law 43B: what follows when dummy, after breaking a limitation of Law 43A2 (the Director's finding), warns
declarer about the hand to lead from (43B2(a)) or is the first to point out a defender's revoke (43B3); and
dummy's lawful warning (Law 42B2), after which nothing follows.

The deal (tests/laws/_revoke_deal.py): North declares 3NT, East leads, South is dummy."""

from __future__ import annotations

import pytest

from tenace import Card
from tenace.errors import ImpossibleActionError
from tenace.laws import DummyWarned, Elected, LawRef, Phase, Table
from tenace.laws.adjustments import Owed
from tenace.laws.decisions import LeadFrom
from tenace.laws.events import AttentionDrawn, CardPlayed, ScoreAdjusted, ScoreShare
from tenace.laws.log import dumps, loads
from tenace.laws.messages import explain
from tenace.scoring.adjusted import AssignedAdjustedScore
from tenace.scoring.points import score
from tenace.seats import Side

from ._helpers import E, N, S, W
from ._revoke_deal import cards, claim_agreed, in_contract

B2A, B3 = LawRef(43, "B2(a)"), LawRef(43, "B3")
_NORTH_WINS_TRICK_ONE = "SJ S5 S2 SA"
"""East leads SJ, dummy plays S5, West S2, North wins with SA: North is on lead."""


def _same_on_replay(t: Table) -> None:
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert loads(dumps(t)) == t


def test_42b2_dummy_may_warn_declarer_and_nothing_follows() -> None:
    t = cards(in_contract("3NT"), _NORTH_WINS_TRICK_ONE)
    warned = t.apply(DummyWarned(S))
    assert warned.pending is None and warned.turn is N and warned.record[-1] == DummyWarned(S)
    assert warned.irregularities == t.irregularities
    _same_on_replay(warned)


@pytest.mark.parametrize("chosen", [N, S])
def test_43b2a_after_breaking_43a2_dummy_warns_and_a_defender_chooses_the_hand_to_lead_from(chosen) -> None:
    """North won trick 1 and should lead from his hand; dummy, who had looked at a defender's cards (43A2(c)),
    warns him. East, the defender next in turn, chooses; declarer then leads from that hand, even dummy's."""
    t = cards(in_contract("3NT"), _NORTH_WINS_TRICK_ONE).apply(DummyWarned(S, violated=True))
    assert t.pending is not None and t.pending.law == B2A and t.pending.actor is E
    assert set(t.pending.options) == {LeadFrom(N, B2A), LeadFrom(S, B2A)}
    assert t.irregularities[-1].law == B2A and t.irregularities[-1].offender is S
    with pytest.raises(ImpossibleActionError):
        t.apply(Elected(N, LeadFrom(S, B2A)))  # declarer does not choose
    t = t.apply(Elected(E, LeadFrom(chosen, B2A)))
    assert t.pending is None and t.turn is chosen
    lead = Card.from_str("H7" if chosen is S else "HA")
    t = t.apply(CardPlayed(chosen, lead))
    assert t.play is not None and t.play.current_trick.leader is chosen
    assert not [i for i in t.irregularities if i.law.law == 55]  # not a lead out of turn
    _same_on_replay(t)


def test_43b2a_the_decision_reads_in_every_locale() -> None:
    t = cards(in_contract("3NT"), _NORTH_WINS_TRICK_ONE).apply(DummyWarned(S, violated=True))
    assert t.pending is not None
    english = explain(t.pending, "en")
    assert "43B2(a)" in english and "South" in english and "North" in english
    assert all(explain(t.pending, locale) != english for locale in ("pl", "lv", "sv", "el"))


@pytest.mark.parametrize(("when", "why"), [
    ("SJ S5 S2", "a trick is in progress"),
    ("SJ S5 S2 SA C2 CA C6 C9", "a defender is on lead"),
])
def test_43b2a_the_warning_comes_only_when_declarers_side_is_on_lead(when: str, why: str) -> None:
    t = cards(in_contract("3NT"), when)
    assert t.turn is not N or t.play is not None and t.play.current_trick.cards, why
    with pytest.raises(ImpossibleActionError, match="43B2"):
        t.apply(DummyWarned(S, violated=True))


def test_43b2a_only_dummy_warns() -> None:
    t = cards(in_contract("3NT"), _NORTH_WINS_TRICK_ONE)
    with pytest.raises(ImpossibleActionError, match="only dummy"):
        t.apply(DummyWarned(W, violated=True))


_WEST_REVOKES_ON_TRICK_ONE = "SJ S5 C9 SA"
"""East leads SJ, dummy S5, West discards C9 although he holds S4 S3 S2 (a revoke), North wins with SA."""


def test_43b3_dummy_may_not_point_out_a_defenders_revoke_during_play() -> None:
    t = cards(in_contract("3NT"), _WEST_REVOKES_ON_TRICK_ONE)
    with pytest.raises(ImpossibleActionError, match="43B3"):
        t.apply(AttentionDrawn(S, W, 1))


def test_43b3_dummy_first_after_breaking_43a2_no_rectification_defenders_score_judged_at_the_end() -> None:
    """Dummy, who had broken a limitation of Law 43A2, is first to point out West's revoke: it is not
    corrected, no trick is transferred (Law 64 would give one: North won the revoke trick), and at the end the
    Director judges whether the defenders gained. North claims the rest: 13 tricks, +520 as played."""
    t = cards(in_contract("3NT"), _WEST_REVOKES_ON_TRICK_ONE)
    t = t.apply(AttentionDrawn(S, W, 1, dummy_violated=True))
    assert t.pending is None and t.turn is N  # play goes on as if there were no revoke
    assert t.playing is not None
    (revoke,) = t.playing.revoke_ledger.revokes
    assert revoke.unrectified and not revoke.corrected and not revoke.stands_for_64
    with pytest.raises(ImpossibleActionError, match="already"):
        t.apply(AttentionDrawn(N, W, 1))  # the same revoke cannot be pointed out again
    t = claim_agreed(t, "N", 12)
    assert t.phase is Phase.ENDED and t.declarer_tricks == 13
    assert t.adjustments_owed == (Owed(B3, Side.NS),)
    assert t.result_ns() == score(t.contract, 13, vulnerable=False) == 520  # Law 77: 3NT+4, not vulnerable
    # Only the defenders' score is adjusted: North-South keep +520, East-West are scored as if -1000 for them.
    adjusted = t.apply(ScoreAdjusted(B3, (ScoreShare(520),), (ScoreShare(1000),)))
    assert adjusted.result_ns() == AssignedAdjustedScore.of(520, 1000)
    _same_on_replay(adjusted)


def test_43b3_is_not_about_declarers_revoke() -> None:
    """Dummy asking declarer stays Law 43B2(b) (corrected, Law 64 as if established), with no 43B3 review."""
    t = cards(in_contract("3NT"), "SJ S5 S2 SA C2 CA C6 C9 ST S6 S3 C3")
    t = t.apply(AttentionDrawn(S, N, 3, dummy_violated=True))
    assert t.playing is not None and not any(r.unrectified for r in t.playing.revoke_ledger.revokes)
    assert all(o.law != B3 for o in t.adjustments_owed)
