"""Law 70: the Director rules on a contested claim; the adjudication aid gives him figures for the claimer's
stated line against double-dummy defence, with the doubtful points read against and for the claimer."""

from __future__ import annotations

import random

import pytest

from tenace import Card, CardSet, Deal, Play
from tenace.cards import DECK
from tenace.contract import Contract
from tenace.errors import ImpossibleActionError, NotationError
from tenace.laws import DIRECTOR, ClaimAnswered, ClaimMade, ClaimRuled, LawRef, Phase
from tenace.laws.adjudication import Cash, Line, adjudicate, adjudicate_position
from tenace.solver import dds

from ._claim_helpers import after_one_trick, ending, played
from ._helpers import E, N, S, W

needs_dds = pytest.mark.skipif(not dds.available(), reason="DDS (endplay) is not installed")

# 4H by South, South to lead, four tricks left: South has the trump ace and three top spades, West the
# trump king and no spade. Drawing the trump first makes four tricks; leading spades first lets West ruff.
TRUMP_ENDING = "N:.543.5. JT..6.2 AKQ.A.. .K.432."
# 2NT by South, South to lead: North's AQ of spades over West's king: the finesse makes both tricks.
FINESSE_ENDING = "N:AQ... ..2.2 2.2.. K4..."


# --- the Director's ruling -------------------------------------------------------------------------------


def test_70_the_director_rules_a_contested_claim_and_the_law_is_recorded() -> None:
    """When a claim is contested (Law 68D2(a)) the Director adjudicates the result (70A): his award is the
    claimer's share of the remaining tricks; the claim records that it was ruled under Law 70."""
    t = after_one_trick().apply(ClaimMade(N, 12, "top tricks")).apply(ClaimAnswered(W, False))
    assert t.turn is DIRECTOR and t.phase is Phase.CLAIM
    t = t.apply(ClaimRuled(10))
    assert t.phase is Phase.ENDED and t.declarer_tricks == 11 and t.score_ns() == 460
    assert t.claim is not None and t.claim.law == LawRef(70)


def test_70_no_ruling_on_an_uncontested_claim_or_beyond_the_remaining_tricks() -> None:
    """The Director rules when a claim is doubted; until then the opponents answer; an award cannot exceed
    the tricks that remained."""
    t = after_one_trick().apply(ClaimMade(N, 12))
    with pytest.raises(ImpossibleActionError, match="only on a contested claim"):
        t.apply(ClaimRuled(12))
    contested = t.apply(ClaimAnswered(E, False))
    with pytest.raises(ImpossibleActionError, match="only 12 remain"):
        contested.apply(ClaimRuled(13))
    with pytest.raises(ImpossibleActionError, match="the Director rules"):
        contested.apply(ClaimAnswered(W, True))


# --- the statement of line -------------------------------------------------------------------------------


def test_68c_line_notation_parses_cards_and_suits_to_cash() -> None:
    """A statement of line in structured form: cards in order and suits cashed from the top (70E2)."""
    line = Line.parse("SA, SK; H* c10")
    assert line.steps == (Card.from_str("SA"), Card.from_str("SK"), Cash(Line.parse("H*").steps[0].suit),
                          Card.from_str("CT"))
    assert str(line) == "SA SK H* CT"


def test_68c_line_notation_errors_name_the_step() -> None:
    with pytest.raises(NotationError, match="step 2 .*'SX'"):
        Line.parse("SA SX")


def test_aid_refuses_cards_the_claiming_side_does_not_hold_and_long_endings() -> None:
    play = ending(TRUMP_ENDING, "4HS", S)
    with pytest.raises(ValueError, match="names HK"):
        adjudicate_position(play, S, "HK", with_double_dummy=False)
    with pytest.raises(ValueError, match="at most 3 tricks"):
        adjudicate_position(play, S, "", with_double_dummy=False, max_tricks=3)


# --- Law 70C: an outstanding trump ------------------------------------------------------------------------


def test_70c_claim_silent_about_an_outstanding_trump_can_lose_a_trick_to_it() -> None:
    """A trump remains with an opponent and the claimer said nothing about it (Law 70C1): if some normal order
    loses a trick to it (Law 70C3) that trick goes to the opponents; whether he was likely unaware of it
    (Law 70C2) the Director judges and records in his award. Leading a spade before the trump ace lets
    West ruff; the aid flags the trump and the unstated doubt."""
    report = adjudicate_position(ending(TRUMP_ENDING, "4HS", S), S, "", claimed=4, with_double_dummy=False)
    assert report.outstanding_trumps == CardSet.from_pbn(".K..")
    assert not report.trumps_mentioned
    assert report.for_claimer == 4 and report.against_claimer < 4 and report.doubtful
    assert any(note.startswith("Law 70C") for note in report.notes())
    # In the worst case the ruff happens: West's king wins a spade.
    assert any(seat is W and card == Card.from_str("HK") for seat, card in report.worst_play[:4])


def test_70c_drawing_the_trump_first_as_stated_leaves_no_doubt() -> None:
    """The claimer stated he plays the trump ace first: the line wins all four tricks however the rest is
    played; no doubtful point remains and the 70C condition (no statement about the trump) fails."""
    play = ending(TRUMP_ENDING, "4HS", S)
    report = adjudicate_position(play, S, "HA S*", claimed=4, with_double_dummy=False)
    assert (report.against_claimer, report.for_claimer) == (4, 4)
    assert report.trumps_mentioned and not report.doubtful and report.notes() == ()


def test_70c_a_statement_in_words_about_trumps_counts_as_mentioning_them() -> None:
    report = adjudicate_position(ending(TRUMP_ENDING, "4HS", S), S, "", statement="trumps first, then spades",
                                 with_double_dummy=False)
    assert report.trumps_mentioned


def test_70d1_a_stated_order_that_loses_to_the_ruff_is_held_against_the_claimer() -> None:
    """The claimer stated spades first: the Director does not accept the better unstated line (70D1). Even
    read in his favour the stated line makes only three: West ruffs the first spade."""
    report = adjudicate_position(ending(TRUMP_ENDING, "4HS", S), S, "SA SK SQ HA", claimed=4,
                                 with_double_dummy=False)
    assert report.for_claimer == 3
    assert report.against_claimer <= report.for_claimer


@needs_dds
def test_70d1_report_shows_the_double_dummy_figure_a_better_unstated_line_would_give() -> None:
    report = adjudicate_position(ending(TRUMP_ENDING, "4HS", S), S, "SA SK SQ HA", claimed=4)
    assert report.double_dummy == 4
    assert any(note.startswith("Law 70D1") for note in report.notes())
    assert "double dummy: 4" in str(report)


# --- Law 70E: an unstated finesse ---------------------------------------------------------------------------


def test_70e1_an_unstated_finesse_is_not_accepted() -> None:
    """North's AQ over West's king: the finesse wins both tricks, but the claimer did not state it and it
    depends on which opponent holds the king (Law 70E1): against the claimer he makes one trick."""
    report = adjudicate_position(ending(FINESSE_ENDING, "2NTS", S), S, "", claimed=2, with_double_dummy=False)
    assert (report.against_claimer, report.for_claimer) == (1, 2)
    assert report.outstanding_trumps == CardSet()  # notrump: none


def test_70e2_a_suit_named_without_its_order_is_played_from_the_top() -> None:
    """Law 70E2: the claimer says only "spades" (``S*``); the aid deems the suit played from the top down, so
    in every reading South's spades go AKQ in that order (West ruffing one of them in the worst case)."""
    report = adjudicate_position(ending(TRUMP_ENDING, "4HS", S), S, "S*", claimed=4, with_double_dummy=False)
    spades = [str(card) for seat, card in report.worst_play if seat is S and str(card).startswith("S")]
    assert spades == ["SA", "SK", "SQ"]
    assert report.against_claimer < 4


# --- the aid on a table -------------------------------------------------------------------------------------


def test_aid_reads_the_claim_and_its_statement_from_the_table() -> None:
    """On the table the aid takes the claimer, the tricks and the statement (68C) from the claim, as the
    Director has the claimer repeat it (Law 70B1); the Director still rules himself."""
    t = played(after_one_trick(), "SK S9 S4 C2 SQ S8 S5 C3 SJ S7 S6 C4 HA H9 H6 H2 HK HT H7 H3 HQ HJ H8 H4")
    t = t.apply(ClaimMade(N, 6, "D* C*")).apply(ClaimAnswered(E, False))
    report = adjudicate(t, with_double_dummy=False)
    assert (report.claimer, report.claimed, report.remaining) == (N, 6, 6)
    assert (report.against_claimer, report.for_claimer) == (6, 6)
    assert t.turn is DIRECTOR  # the report changes nothing at the table
    with pytest.raises(ValueError, match="no claim"):
        adjudicate(after_one_trick())


# --- the search against DDS -------------------------------------------------------------------------------


@needs_dds
@pytest.mark.parametrize("seed", range(6))
def test_with_no_statement_read_in_the_claimers_favour_the_search_is_double_dummy(seed: int) -> None:
    """With nothing stated and every open point decided for the claiming side, the claimer's side and the
    defenders both play their best: the aid's own search must give the figure DDS gives, on random
    endings of four tricks (some in mid-trick)."""
    rng = random.Random(seed)
    cards = list(DECK)
    rng.shuffle(cards)
    deal = Deal.from_pbn("N:" + " ".join(CardSet(cards[13 * i: 13 * i + 13]).to_pbn() for i in range(4)))
    contract = Contract.from_str(rng.choice(["4SS", "3NTE", "5DN", "2HW"]))
    play = Play.for_contract(deal, contract)
    for _ in range(36 + rng.randrange(3)):
        play = play.push(rng.choice(sorted(play.legal_cards())))
    claimer = rng.choice([play.declarer, play.declarer.partner])
    report = adjudicate_position(play, claimer, "", dds_after_line=False)  # the aid's own search throughout
    assert report.for_claimer == report.double_dummy
    assert report.against_claimer <= report.for_claimer


# --- Law 70D2: a defender's claim and his partner's choices -------------------------------------------

_DISCARD_DEAL = "N:A843.8.K62.AQ754 6.KJT753.AJ9.K98 QJ72.AQ9.T8.JT63 KT95.642.Q7543.2"
_DISCARD_PLAY = (
    "SK S3 S6 S7 H4 H8 H7 HQ DT D7 D6 D9 CT C2 C4 C9 SJ S5 S8 CK SQ S9 SA C8 C7 HJ C3 DQ CA DJ C6 ST DK "
    "DA D8 D5 H3 H9 H6 C5 S2 D3 S4 H5"
)


def _discard_ending() -> Play:
    """3NT by South, two tricks left, North to lead: North D2 CQ, East HK HT, South HA CJ, West H2 D4. When
    North cashes the club queen West must keep the diamond four to beat dummy's two."""
    play = Play.for_contract(Deal.from_pbn(_DISCARD_DEAL), Contract.from_str("3NTS"))
    return play.extend(Card.from_str(c) for c in _DISCARD_PLAY.split())


@needs_dds
def test_70d2_a_defenders_claim_does_not_count_on_his_partner_choosing_the_right_card() -> None:
    """East claims the last trick for his side: it depends on West choosing to keep his diamond rather than
    his heart. The Director accepts no part of a defender's claim that depends on his partner choosing one of
    several normal plays (70D2): double dummy the defence makes one trick, the aid gives East none."""
    play = _discard_ending()
    assert play.hand(W) == CardSet.from_pbn(".2.4.")
    report = adjudicate_position(play, E, "", claimed=1)
    assert report.double_dummy == 1
    assert (report.against_claimer, report.for_claimer) == (0, 0)
    # The same ending claimed by West himself: now the discard is his own choice, read in his favour.
    assert adjudicate_position(play, W, "", claimed=1).for_claimer == 1


def test_the_aid_without_dds_raises_solver_error_only_for_the_double_dummy_figure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DDS is optional: without it the aid still plays the stated line, and asking for the double-dummy
    figure raises SolverError."""
    from tenace.errors import SolverError

    def missing() -> object:
        raise SolverError("double-dummy analysis needs the endplay package")

    monkeypatch.setattr(dds, "_dds", missing)
    play = ending(FINESSE_ENDING, "2NTS", S)
    assert adjudicate_position(play, S, "", with_double_dummy=False).for_claimer == 2
    with pytest.raises(SolverError, match="endplay"):
        adjudicate_position(play, S, "")


@pytest.mark.parametrize(("hands", "contract", "line"), [
    (TRUMP_ENDING, "4HS", ""), (TRUMP_ENDING, "4HS", "SA SK SQ HA"), (FINESSE_ENDING, "2NTS", ""),
])
def test_the_worst_case_shown_to_the_director_is_a_lawful_play_that_gives_the_figure(
    hands: str, contract: str, line: str,
) -> None:
    """The worst case the report prints is real: played out card by card under the rules of play (Law 44) it
    gives the claiming side exactly the figure read against the claimer."""
    play = ending(hands, contract, S)
    report = adjudicate_position(play, S, line, with_double_dummy=False)
    before = play.tricks_won(S.side)
    for seat, card in report.worst_play:
        assert seat is play.turn
        play = play.push(card)
    assert play.is_complete
    assert play.tricks_won(S.side) - before == report.against_claimer
