"""Explanations and hands checked against the system card (Laws 20F, 21B, 40, 75): the acceptance test of
issue 6, "a robot or human partnership's explanations can be checked against its system card
automatically"."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.calls import ALL_BIDS, parse_call
from tenace.cards import DECK, CardSet, Suit
from tenace.deal import Deal
from tenace.formats.pbn import read_records, write_games
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import Seat, Side
from tenace.system import (
    AlertRegulations,
    Forcing,
    Length,
    Meaning,
    check_call,
    check_explanation,
    extract_facts,
    natural_card,
    review,
)
from tenace.system.explain import compare_meanings

CARD = natural_card()
REGS = AlertRegulations()


def deal_with(**given: str) -> Deal:
    """A deal in which the seats named (N=..., S=...) hold the PBN hands given; the rest of the pack goes
    round the other seats."""
    hands = {Seat.from_str(seat): CardSet.from_pbn(text) for seat, text in given.items()}
    held = CardSet(card for hand in hands.values() for card in hand)
    rest = [card for card in DECK if card not in held]
    others = [s for s in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST) if s not in hands]
    hands.update({s: CardSet(rest[13 * i: 13 * (i + 1)]) for i, s in enumerate(others)})
    return Deal.from_hands(hands)


def record(number: int, dealer: str, deal: Deal, calls: list[tuple[str, bool, str | None]]) -> DealRecord:
    return DealRecord(number=number, dealer=Seat.from_str(dealer), deal=deal,
                      calls=tuple(AnnotatedCall(parse_call(c), a, e) for c, a, e in calls))


# ---- ordinary explanations are not flagged ---------------------------------------------------------------

MATCHING = [
    ("", "1NT", "15-17 balanced"),
    ("", "1NT", "strong notrump"),
    ("", "1NT", "15 to 17 points, natural"),
    ("1NT P", "2C", "Stayman, asks for a four-card major"),
    ("1NT P", "2C", "artificial, forcing, 8+ HCP"),
    ("1NT P 2C P", "2D", "no four-card major"),
    ("1NT P 2C P", "2S", "four spades, denies four hearts"),
    ("1NT P", "2D", "transfer to hearts"),
    ("1NT P", "2D", "Jacoby transfer, 5+ hearts"),
    ("1NT P", "2H", "transfer, at least five spades"),
    ("", "1S", "natural, 5+ spades, 12-21"),
    ("", "1H", "five-card major, 5+ hearts"),
    ("", "2H", "weak two, 6 hearts, 5-10 points"),
    ("", "2C", "strong, artificial, forcing, 22+"),
    ("2C P", "2D", "waiting, artificial"),
    ("1D", "X", "takeout"),
    ("1C", "2C", "Michaels, both majors, 5+ hearts and 5+ spades"),
    ("1H", "2NT", "Unusual NT: both minors"),
    ("1NT P", "3NT", "to play"),
    ("1D", "2D", "Michaels, 5-5 in the majors"),          # a shape, not a point range
    ("", "1NT", "balanced (5-4-2-2 possible); 15-17 HCP"),  # a hand pattern is not a point range either
    ("", "1D", "3+ diamonds (exactly three only 4-4-3-2), 12-21"),
    ("2C P", "2D", "waiting, says nothing about 5+ controls"),
    ("1H P", "1NT", "natural, 6-10, non-forcing"),
]


@pytest.mark.parametrize("before, call, text", MATCHING)
def test_ordinary_explanations_that_match_the_card_are_not_flagged(before: str, call: str, text: str) -> None:
    assert check_explanation(CARD, before, parse_call(call), text) is None


def test_structured_explanations_equal_to_the_card_are_not_flagged() -> None:
    for agreement in CARD.agreements:
        before = [t.call or next(b for b in ALL_BIDS if t.matches(b)) for t in agreement.pattern.tokens[:-1]]
        found = CARD.lookup(before, agreement.call)
        assert found is not None
        assert check_explanation(CARD, before, agreement.call, found.meaning) is None, agreement.pattern.text


# ---- explanations that contradict the card are flagged, field by field -----------------------------------

CONTRADICTING = [
    ("", "1NT", "12-14", {"hcp"}),
    ("", "1NT", "4-3-3-3 or 5-3-3-2; 12-14", {"hcp"}),  # the range after the hand patterns is still read
    ("", "1NT", "15-17, unbalanced", {"balanced"}),
    ("", "1S", "4+ spades", {"length.S"}),
    ("", "1S", "natural, 11-21 HCP", {"hcp"}),
    ("1NT P", "2D", "natural, diamonds, to play", {"artificial", "forcing"}),
    ("1NT P", "2D", "transfer to spades", {"transfer"}),
    ("1NT P", "2C", "natural, 5+ clubs, non-forcing", {"artificial", "forcing"}),
    ("1NT P", "2C", "Jacoby transfer", {"convention"}),
    ("1C", "2C", "natural, clubs", {"artificial"}),
    ("1H", "2H", "Michaels: both minors, 5+ clubs", set()),  # the card says nothing about clubs here
    ("", "2H", "weak two, 5 hearts exactly", {"length.H"}),
    ("1NT P 2C P", "2S", "four spades, may have four hearts too, 4+ hearts", {"length.H"}),
]


@pytest.mark.parametrize("before, call, text, fields", CONTRADICTING)
def test_explanations_contradicting_the_card_name_each_field(before: str, call: str, text: str,
                                                             fields: set[str]) -> None:
    found = check_explanation(CARD, before, parse_call(call), text)
    if not fields:
        assert found is None
        return
    assert found is not None
    assert {f.field for f in found.fields} == fields
    assert "75B1" in found.laws and found.card == CARD.meaning(before, parse_call(call))


def test_structured_explanation_compared_field_by_field() -> None:
    said = Meaning(hcp_min=20, hcp_max=None, forcing=Forcing.GAME_FORCING, artificial=True)
    found = check_explanation(CARD, "", parse_call("2C"), said)
    assert found is not None
    assert [(f.field, f.card, f.explained) for f in found.fields] == [
        ("hcp", "22+", "20+"), ("forcing", "forcing", "game-forcing")]
    found = check_explanation(CARD, "", parse_call("2C"), Meaning(forcing=Forcing.NON_FORCING))
    assert found is not None and [f.field for f in found.fields] == ["forcing"]


def test_a_call_the_card_does_not_describe_is_reported_as_such() -> None:
    found = check_explanation(CARD, "1NT P", parse_call("5D"), "to play")
    assert found is not None and found.card is None and found.fields == ()
    assert "no agreement" in str(found)


# ---- the hand against the card: mistaken call versus mistaken explanation (Law 75B/C) ---------------------

def test_hands_that_fit_and_hands_that_do_not() -> None:
    strong = CardSet.from_pbn("AK32.KQ2.K32.J32")  # 16 HCP, 4-3-3-3
    assert check_call(CARD, "", parse_call("1NT"), strong) is None
    weak = CardSet.from_pbn("K832.KQ2.K32.J32")  # 12 HCP
    found = check_call(CARD, "", parse_call("1NT"), weak)
    assert found is not None and found.hcp == 12 and found.contradictions == (("hcp", "15-17", "12"),)
    shapely = CardSet.from_pbn("AKJ32.KQ32.K2.32")  # 5-4-2-2, 17 HCP
    found = check_call(CARD, "", parse_call("1NT"), shapely)
    assert found is not None and [c[0] for c in found.contradictions] == ["balanced"]
    four_spades = CardSet.from_pbn("AK32.KQ2.K32.J32")
    found = check_call(CARD, "", parse_call("1S"), four_spades)
    assert found is not None and found.contradictions == (("length.S", "5+♠", "4♠"),)
    assert check_call(CARD, "1NT P", parse_call("5D"), strong) is not None  # card silent: a fact too
    assert check_call(CARD, "1NT P", parse_call("5D"), strong).card is None  # type: ignore[union-attr]


def boards() -> list[DealRecord]:
    """Four boards of one session, North-South playing the natural card."""
    return [
        # 1: North holds a strong notrump; South explains it as weak: a mistaken explanation (75B).
        record(1, "N", deal_with(N="AK32.KQ2.K32.J32"),
               [("1NT", False, "12-14"), ("P", False, None), ("P", False, None), ("P", False, None)]),
        # 2: North opens 1NT with 12 HCP and South explains the card: a mistaken call or a deviation (75C).
        record(2, "W", deal_with(N="K832.KQ2.K32.J32"),
               [("P", False, None), ("1NT", True, "15-17 balanced"), ("P", False, None), ("P", False, None),
                ("P", False, None)]),
        # 3: South transfers; North explains 2D as natural: misinformation (an explanation recorded with the
        # call counts as its announcement, so the announcement is not reported missing).
        record(3, "S", deal_with(N="AK32.A2.K32.K432", S="65.KJ9843.Q54.65"),
               [("P", False, None), ("P", False, None), ("1NT", False, "15-17"), ("P", False, None),
                ("2D", False, "natural, diamonds, to play"), ("P", False, None), ("P", False, None),
                ("P", False, None)]),
        # 4: an ordinary board: everything matches.
        record(4, "W", deal_with(N="AQ32.K2.KJ32.Q32", S="K654.A54.Q54.K54"),
               [("P", False, None), ("1NT", True, "15-17"), ("P", False, None),
                ("2C", True, "Stayman"), ("P", False, None), ("2S", False, None), ("P", False, None),
                ("3NT", False, None), ("P", False, None), ("P", False, None), ("P", False, None)]),
        # 5: Stayman neither alerted nor explained: a missing alert (Law 21B1(a): deemed misinformation).
        record(5, "N", deal_with(N="AQ4.AK5.Q876.J65", S="KJ32.Q932.K2.432"),
               [("1NT", True, "15-17"), ("P", False, None), ("2C", False, None), ("P", False, None),
                ("2D", True, "no major"), ("P", False, None), ("2NT", False, None), ("P", False, None),
                ("P", False, None), ("P", False, None)]),
    ]


def test_boards_where_explanations_contradict_the_card_show_the_director_the_mismatch() -> None:
    found = {r.number: review(CARD, r, REGS, side=Side.NS) for r in boards()}
    one, two, three, four, five = (found[n] for n in (1, 2, 3, 4, 5))
    # 1: the explanation is wrong, the hand fits: evidence of a mistaken explanation
    assert [(m.seat, str(m.call), [f.field for f in m.fields]) for m in one.mismatches] == [
        (Seat.NORTH, "1NT", ["hcp"])]
    assert one.deviations == ()
    assert one.failed_alerts == (), "the wrong range was announced: a mismatch, not a missing announcement"
    # 2: the explanation is the card, the hand is not: evidence of a mistaken call (or a psyche, a deviation
    # the Director weighs under Law 40C1)
    assert two.mismatches == ()
    assert [(d.seat, d.hcp, d.contradictions) for d in two.deviations] == [
        (Seat.NORTH, 12, (("hcp", "15-17", "12"),))]
    # 3: the transfer explained as natural, not announced; the hand fits the card's meaning (hearts)
    assert [(m.seat, str(m.call), sorted(f.field for f in m.fields)) for m in three.mismatches] == [
        (Seat.SOUTH, "2D", ["artificial", "forcing"])]
    assert three.deviations == ()
    assert three.failed_alerts == ()
    # 4: nothing to report
    assert not four, four.lines()
    # 5: the explanation of 2D and the hands fit; Stayman was not alerted
    assert five.mismatches == () and five.deviations == ()
    missing = [(f.seat, str(f.call), f.duty.kind.value) for f in five.failed_alerts]
    assert missing == [(Seat.SOUTH, "2C", "alert")]
    assert five.lines() == ("missing alert: call 3: S 2C needed alert (artificial call up to 3NT)",)
    assert one.lines()[0].startswith("call 1 by N: explanation differs from the card: 1NT (1NT): hcp")


def test_the_review_works_on_boards_read_back_from_pbn(tmp_path: Path) -> None:
    """The same boards written as PBN with their alert notes and read back give the same findings."""
    path = tmp_path / "session.pbn"
    write_games(boards(), path)
    again = list(read_records(path.read_text(encoding="utf-8")))
    assert len(again) == 5
    for before, after in zip(boards(), again, strict=True):
        a, b = review(CARD, before, REGS, side=Side.NS), review(CARD, after, REGS, side=Side.NS)
        assert [str(m) for m in a.mismatches] == [str(m) for m in b.mismatches]
        assert [str(d) for d in a.deviations] == [str(d) for d in b.deviations]


# ---- real robot explanations from BBO (oracle files) -------------------------------------------------------

def _robot_records(oracles: Path) -> list[DealRecord]:
    out: list[DealRecord] = []
    for path in sorted((oracles / "pbn-bbohelper-ben").glob("*.pbn")):
        out.extend(read_records(path.read_text(encoding="utf-8", errors="replace")))
    return out


def _hcp(pbn_hand: str) -> int:
    """High-card points counted from the PBN text, independently of CardSet.hcp."""
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(ch, 0) for ch in pbn_hand)


def _balanced(pbn_hand: str) -> bool:
    lengths = sorted((len(suit) for suit in pbn_hand.split(".")), reverse=True)
    return lengths in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])


def test_robot_explanations_of_real_boards_checked_against_a_card(oracles: Path) -> None:
    """BBO robots explain every call (BBO Helper keeps the explanations as PBN notes). Their 1NT opening
    (15-17) agrees with the natural card; their major-suit opening is explained as 11-21 HCP where the natural
    card says 12-21, so every such explanation is flagged on exactly that field; and each 1NT opener's hand,
    counted independently here, fits the card exactly when the checker says so."""
    records = _robot_records(oracles)
    notrump = majors = 0
    for rec in records:
        if not rec.calls or not isinstance(rec.deal, Deal):
            continue
        dealer = rec.dealer if rec.dealer is not None else rec.board().dealer
        calls = [a.call for a in rec.calls]
        for i, item in enumerate(rec.calls):
            opening = all(str(c) == "P" for c in calls[:i])
            if not opening or not item.explanation:
                continue
            if str(item.call) == "1NT":
                notrump += 1
                facts = extract_facts(item.explanation)
                assert (facts.meaning.hcp_min, facts.meaning.hcp_max) == (15, 17), item.explanation
                assert check_explanation(CARD, calls[:i], item.call, item.explanation) is None
                hand = rec.deal[dealer.rotate(i)]
                text = hand.to_pbn()
                fits = 15 <= _hcp(text) <= 17 and _balanced(text)
                assert (check_call(CARD, calls[:i], item.call, hand) is None) is fits, text
            elif str(item.call) in ("1H", "1S") and "11-21 HCP" in item.explanation:
                majors += 1
                found = check_explanation(CARD, calls[:i], item.call, item.explanation)
                assert found is not None and [(f.field, f.card, f.explained) for f in found.fields] == [
                    ("hcp", "12-21", "11-21")], item.explanation
            break
    assert notrump >= 10 and majors >= 10, (notrump, majors)


@st.composite
def described_meanings(draw: st.DrawFn) -> Meaning:
    def bounds(top: int) -> tuple[int | None, int | None]:
        low = draw(st.none() | st.integers(0, top))
        return low, draw(st.none() | st.integers(low or 0, top))

    hcp = bounds(40)
    lengths = []
    for suit in draw(st.sets(st.sampled_from(list(Suit)))):
        low, high = bounds(13)
        lengths.append(Length(suit, low, high))
    transfer = draw(st.none() | st.sampled_from(list(Suit)))
    artificial = draw(st.none() | st.just(True)) if transfer is not None else draw(st.none() | st.booleans())
    return Meaning("", hcp[0], hcp[1], tuple(lengths), draw(st.none() | st.booleans()),
                   draw(st.none() | st.sampled_from(list(Forcing))), artificial,
                   draw(st.none() | st.sampled_from(["Stayman", "Michaels"])), transfer)


@settings(max_examples=300, deadline=None)
@given(described_meanings())
def test_a_meanings_own_description_is_never_flagged_against_it(meaning: Meaning) -> None:
    """What ``Meaning.describe`` says (the one-line text a robot or a console shows) read back as a free-text
    explanation never contradicts the meaning it came from."""
    facts = extract_facts(meaning.describe())
    assert compare_meanings(meaning, facts.meaning, loose_forcing=facts.loose_forcing,
                            conventions=facts.conventions) == (), meaning.describe()
    if meaning.hcp_min is not None and meaning.hcp_max is not None:
        assert (facts.meaning.hcp_min or 0, facts.meaning.hcp_max) == (meaning.hcp_min, meaning.hcp_max)


def test_a_table_played_with_the_laws_engine_is_reviewed_against_the_card() -> None:
    """The Laws engine records each call with its alert and explanation (Law 20F); the table's record shows
    the Director that South's 2D, explained by North as natural, is a transfer on North-South's card."""
    from tenace.board import Board
    from tenace.laws.events import CallMade
    from tenace.laws.pbn_export import to_record
    from tenace.laws.table import Table

    deal = deal_with(N="AK32.A2.K32.K432", S="65.KJ9843.Q54.65")
    table = Table.new(Board(3, deal))  # dealer South (Law 2)
    for seat, call, alert, text in [
        (Seat.SOUTH, "P", False, None), (Seat.WEST, "P", False, None), (Seat.NORTH, "1NT", True, "15-17"),
        (Seat.EAST, "P", False, None), (Seat.SOUTH, "2D", False, "natural, diamonds, to play"),
        (Seat.WEST, "P", False, None), (Seat.NORTH, "P", False, None), (Seat.EAST, "P", False, None),
    ]:
        table = table.apply(CallMade(seat, parse_call(call), alert, text))
    found = review(CARD, to_record(table), REGS, side=Side.NS)
    assert [(m.seat, str(m.call), sorted(f.field for f in m.fields)) for m in found.mismatches] == [
        (Seat.SOUTH, "2D", ["artificial", "forcing"])]
    assert found.deviations == ()
