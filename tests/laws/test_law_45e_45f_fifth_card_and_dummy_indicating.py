"""Law 45E (a fifth card contributed to a trick, which the Director may deem led) and Law 45F (dummy touches
or indicates a card: play continues, the Director judges at the end whether dummy suggested a damaging play).

The deal (``_ooturn.OOT_DEAL``), 3NT by North, East on lead, South is dummy:
North AK32.K54.QJ9.A76, East QJT.AQ2.8765.K98, dummy 987.JT98.AK2.QJT, West 654.763.T43.5432.
"""

from __future__ import annotations

import pytest

from tenace import Contract, Denomination
from tenace.errors import ImpossibleActionError
from tenace.laws import DIRECTOR, DirectorCalled, Elected, Kind, LawRef, Phase, Policy, Table
from tenace.laws.decisions import AdjustedTricks, DeemedLed, NoAdjustment, PenaltyCard
from tenace.laws.events import CardPlayed, DummyIndicated, FifthCard
from tenace.laws.log import dumps, loads
from tenace.laws.messages import explain
from tenace.laws.penalty_cards import is_honour
from tenace.scoring.points import score

from ._helpers import E, N, S, W
from ._ooturn import C, east_wins_trick_one, in_3nt, north_wins_trick_one, play

E1, E2 = LawRef(45, "E1"), LawRef(45, "E2")
F = LawRef(45, "F")


def _same_on_replay(t: Table) -> None:
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert loads(dumps(t)) == t


def _play_out(t: Table) -> Table:
    """Each player in turn plays his lowest lawful card until play is over or a decision waits."""
    while t.phase is Phase.PLAY and t.pending is None:
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, min(t.legal_cards())))
    return t


def _penalty_cards(t: Table) -> list[PenaltyCard]:
    return [c for c in t.constraints if isinstance(c, PenaltyCard)]


# --- Law 45E: the Director deems whether the fifth card was led ---------------------------------------------


def test_45e_a_fifth_card_to_the_completed_trick_asks_the_director_whether_it_was_led() -> None:
    """Trick 1 (SQ S7 S4 SA) is complete; East, who played SQ to it, puts the H2 on it: play waits for the
    Director's judgement, offered under 45E1 (a defender's card)."""
    t = north_wins_trick_one().apply(FifthCard(E, C("H2")))
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.pending.law == LawRef(45, "E")
    assert set(t.pending.options) == {DeemedLed(True, E1), DeemedLed(False, E1), DeemedLed(False, E1, False)}
    assert t.pending.about is not None and t.pending.about.kind is Kind.FIFTH_CARD
    with pytest.raises(ImpossibleActionError, match="pending"):
        t.apply(CardPlayed(N, C("D9")))
    _same_on_replay(t)


def test_45e1_a_defenders_fifth_card_not_led_becomes_a_major_penalty_card() -> None:
    t = north_wins_trick_one().apply(FifthCard(E, C("H2"))).apply(Elected(DIRECTOR, DeemedLed(False, E1)))
    assert _penalty_cards(t) == [PenaltyCard(E, C("H2"), True, E1)]
    assert t.turn is N and t.play is not None and len(t.play.cards) == 4  # North still leads to trick 2
    assert t.irregularities[-1].kind is Kind.FIFTH_CARD and t.irregularities[-1].law == E1
    _same_on_replay(t)


def test_45e1_a_low_fifth_card_contributed_by_accident_is_a_minor_penalty_card_law_50b() -> None:
    """The Director finds East's two of hearts, a single card below honour rank, was contributed by accident
    (as in playing two cards at once): a minor penalty card, and the record replays to it."""
    t = north_wins_trick_one().apply(FifthCard(E, C("H2")))
    t = t.apply(Elected(DIRECTOR, DeemedLed(False, E1, deliberate=False)))
    assert _penalty_cards(t) == [PenaltyCard(E, C("H2"), False, E1)]
    assert "minor penalty card" in explain(DeemedLed(False, E1, deliberate=False))
    _same_on_replay(t)


def test_45e1_an_honour_is_never_a_minor_penalty_card() -> None:
    """An honour contributed as a fifth card is a major penalty card whatever the Director finds (Law 50B);
    the Director is not offered the accident option for it."""
    t = north_wins_trick_one()
    assert t.play is not None
    honour = next(c for c in t.play.hand(E) if is_honour(c))
    t = t.apply(FifthCard(E, honour))
    assert t.pending is not None and set(t.pending.options) == {DeemedLed(True, E1), DeemedLed(False, E1)}


def test_45e1_deemed_led_out_of_turn_law_56_applies() -> None:
    """Deemed led, East's card is a lead out of turn by a defender (North won trick 1): declarer may accept it
    or have it retracted as a major penalty card (Law 56)."""
    t = north_wins_trick_one().apply(FifthCard(E, C("H2"))).apply(Elected(DIRECTOR, DeemedLed(True, E1)))
    assert t.pending is None and t.irregularities[-1].kind is Kind.LEAD_OUT_OF_TURN
    assert t.irregularities[-1].law == LawRef(56)
    t = t.apply(DirectorCalled(W))
    assert t.pending is not None and t.pending.actor is N
    assert {str(o.law) for o in t.pending.options} == {"Law 56A", "Law 56B"}
    _same_on_replay(t)


def test_45e_deemed_led_when_it_is_his_own_lead_is_simply_his_lead() -> None:
    """East won trick 1 (HA): his fifth card deemed led is his lead to trick 2, with no irregularity."""
    t = east_wins_trick_one().apply(FifthCard(E, C("C8")))
    assert t.pending is not None and "his own lead" in t.pending.explanation
    t = t.apply(Elected(DIRECTOR, DeemedLed(True, E1)))
    assert t.play is not None and t.play.cards[-1] == C("C8") and t.play.current_trick.leader is E
    assert t.turn is S and all(i.kind is not Kind.LEAD_OUT_OF_TURN for i in t.irregularities)
    assert not _penalty_cards(t)


def test_45e2_declarers_fifth_card_not_led_goes_back_without_rectification() -> None:
    """Dummy (South) put the CQ on trick 1 after playing H8 to it: not led, it goes back (45E2)."""
    t = east_wins_trick_one().apply(FifthCard(S, C("CQ")))
    assert t.pending is not None and set(t.pending.options) == {DeemedLed(True, E2), DeemedLed(False, E2)}
    t = t.apply(Elected(DIRECTOR, DeemedLed(False, E2)))
    assert t.play is not None and C("CQ") in t.play.hand(S) and t.turn is E and not _penalty_cards(t)
    assert t.irregularities[-1].law == E2


def test_45e2_declarers_fifth_card_deemed_led_is_declarers_lead_out_of_turn_law_55() -> None:
    t = east_wins_trick_one().apply(FifthCard(S, C("CQ"))).apply(Elected(DIRECTOR, DeemedLed(True, E2)))
    assert t.irregularities[-1].kind is Kind.LEAD_OUT_OF_TURN and t.irregularities[-1].law == LawRef(55)
    t = t.apply(DirectorCalled(E))
    assert t.pending is not None and t.pending.actor is W  # the defender next in turn after dummy (55A)


def test_45e_only_a_player_who_played_to_the_trick_contributes_a_fifth_card() -> None:
    with pytest.raises(ImpossibleActionError, match="not played to the trick in progress"):
        play(north_wins_trick_one(), "N:D9").apply(FifthCard(W, C("D3")))
    with pytest.raises(ImpossibleActionError, match="no trick has been completed"):
        in_3nt().apply(FifthCard(E, C("SQ")))
    with pytest.raises(ImpossibleActionError, match="not in East's hand"):
        north_wins_trick_one().apply(FifthCard(E, C("SQ")))


def test_45e_a_second_card_to_the_trick_in_progress_is_dealt_with_as_before() -> None:
    """On the trick in progress the fifth card is East's second card after his partner has played: a major
    penalty card at once (45E1), as a card played there; before his partner has played, Law 57A instead."""
    t = play(east_wins_trick_one(), "E:C8 S:CT W:C2").apply(FifthCard(E, C("H2")))
    assert _penalty_cards(t) == [PenaltyCard(E, C("H2"), True, E1)] and t.turn is N
    t = play(east_wins_trick_one(), "E:C8 S:CT").apply(FifthCard(E, C("H2")))
    assert _penalty_cards(t) == [PenaltyCard(E, C("H2"), True, LawRef(57, "A"))]


def test_45e_online_a_card_goes_only_to_the_trick_in_progress() -> None:
    with pytest.raises(ImpossibleActionError, match="online"):
        north_wins_trick_one(Policy.ONLINE).apply(FifthCard(E, C("H2")))


def test_45e_the_options_are_explained_in_every_language() -> None:
    texts = {explain(DeemedLed(yes, E1), locale=loc) for yes in (True, False) for loc in ("en", "pl", "sv")}
    assert len(texts) == 6 and all("45E1" in text for text in texts)


# --- Law 45F: dummy indicates a card ---------------------------------------------------------------------


def _indicated() -> Table:
    """After trick 1, East summons the Director: dummy pointed at his DK while North was thinking."""
    return north_wins_trick_one().apply(DummyIndicated(E, C("DK")))


def test_45f_play_continues_after_dummy_indicates_a_card() -> None:
    t = _indicated()
    assert t.pending is None and t.turn is N and t.phase is Phase.PLAY
    (last,) = [i for i in t.irregularities if i.kind is Kind.DUMMY_INDICATED]
    assert last.offender is S and last.law == F
    _same_on_replay(t)


def test_45f_at_the_end_of_play_the_director_keeps_the_result_or_assigns_one() -> None:
    t = _play_out(_indicated())
    assert t.play is not None and t.play.is_complete
    assert t.pending is not None and t.pending.actor is DIRECTOR and t.pending.law == F
    played = t.play.declarer_tricks
    assert NoAdjustment(F) in t.pending.options
    assert {o.declarer_tricks for o in t.pending.options if isinstance(o, AdjustedTricks)} == (
        set(range(14)) - {played}
    )
    assert t.phase is not Phase.ENDED and t.score_ns() is None
    kept = t.apply(Elected(DIRECTOR, NoAdjustment(F)))
    assert kept.phase is Phase.ENDED and kept.declarer_tricks == played
    adjusted = t.apply(Elected(DIRECTOR, AdjustedTricks(played - 1, F)))
    assert adjusted.phase is Phase.ENDED and adjusted.declarer_tricks == played - 1
    contract = Contract(3, Denomination.NOTRUMP, N)
    assert adjusted.score_ns() == score(contract, played - 1, vulnerable=False)
    _same_on_replay(adjusted)


def test_45f_several_indications_are_judged_together() -> None:
    t = _play_out(play(_indicated(), "N:D9 E:D5").apply(DummyIndicated(W)))
    assert t.pending is not None and t.pending.law == F
    t = t.apply(Elected(DIRECTOR, NoAdjustment(F)))
    assert t.pending is None and t.phase is Phase.ENDED


def test_45f_dummy_does_not_summon_the_director_and_it_starts_with_dummys_hand_faced() -> None:
    with pytest.raises(ImpossibleActionError, match="another player"):
        north_wins_trick_one().apply(DummyIndicated(S, C("DK")))
    with pytest.raises(ImpossibleActionError, match="not faced yet"):
        in_3nt().apply(DummyIndicated(E))


def test_45f_the_directors_review_is_explained_in_every_language() -> None:
    """The pending review names dummy's act and offers keeping the result under Law 45F's own words."""
    t = _play_out(_indicated())
    assert t.pending is not None
    texts = {loc: explain(t.pending, locale=loc) for loc in ("en", "pl", "lv", "sv", "el")}
    assert "dummy" in texts["en"] and "suggested no play" in texts["en"]
    assert len(set(texts.values())) == 5 and all("45F" in text for text in texts.values())
