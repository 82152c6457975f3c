"""Defensive signals and opening leads of the robots' card play: a defender signals attitude and count as
its carding says, only by choosing among cards equal on every layout it solved; it reads its partner's
signals as a soft constraint on the layouts; on the opening lead it prefers a suit partner bid when that
costs nothing on average."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tenace import Card, CardSet, Deal, Seat, Suit
from tenace.laws import Table
from tenace.robots import Memory
from tenace.robots.play import (
    _choose,
    _partner_suit_lead,
    _preference,
    choose_card,
    position_from_view,
    sample_layouts,
    signals_of,
)
from tenace.robots.signals import (
    FOLLOW_MISREAD,
    MISREAD,
    STANDARD,
    UPSIDE_DOWN,
    Signal,
    Situation,
    carding_of,
    conventional_lead,
    giver,
    reader,
    situation,
)
from tenace.solver.dds import SolvedPosition, solve_position

from .test_play import table_after as play_table_after

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# South plays 4S; West leads the ace of hearts from A-K. East holds Q-7-2 of hearts (an honour: encourage).
ENCOURAGE = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.Q72.JT95.T87 AKT98.JT9.64.A95 32.AK853.8732.42")
# The same with the heart queen in West's hand and the eight in East's: East has nothing to encourage.
DISCOURAGE = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.872.JT95.T87 AKT98.JT9.64.A95 32.AKQ53.8732.42")
AUCTION = "1S P 2C P 2NT P 4S P P P"   # the robots' own auction, South dealing (board 3)


def table_after(deal: Deal, cards: str, memory: tuple[Seat, Memory] | None = None) -> Table:
    return play_table_after(deal, AUCTION, cards, memory, board=3)   # South deals


def equal_best(solved: list[SolvedPosition], legal: CardSet) -> CardSet:
    """The cards with the most tricks in total and best on most layouts (those a signal chooses among)."""
    totals = {c: sum(r[c] for r in solved) for c in legal}
    tops = {c: sum(r[c] == r.max_tricks for r in solved) for c in legal}
    top = max(totals.values())
    most = max(tops[c] for c in legal if totals[c] == top)
    return CardSet(c for c in legal if totals[c] == top and tops[c] == most)


@pytest.mark.parametrize(("deal", "expected", "high"), [(ENCOURAGE, "H7", True), (DISCOURAGE, "H2", False)])
def test_third_hand_signals_attitude_among_equal_cards(deal: Deal, expected: str, high: bool) -> None:
    table = table_after(deal, "HA H4")
    assert table.turn is Seat.EAST
    view = table.view(Seat.EAST)
    card, solved = choose_card(view, Seat.EAST, None, 10, random.Random(1))
    legal = table.legal_cards()
    equal = equal_best(solved, legal)
    assert len(equal) >= 2   # there is a choice to signal with
    assert card == Card.from_str(expected)
    assert card in equal   # the signal costs nothing on the layouts solved
    actual = dict(solve_position(table.play).cards)  # type: ignore[arg-type]
    assert actual[card] == max(actual.values())   # nor on the real deal
    # without signals the robot plays its lowest equal card
    plain, _ = choose_card(view, Seat.EAST, None, 10, random.Random(1), carding=None)
    assert plain == Card.from_str("H2")
    assert (card != plain) is high


def test_upside_down_carding_reverses_attitude() -> None:
    table = table_after(ENCOURAGE, "HA H4")
    card, _ = choose_card(table.view(Seat.EAST), Seat.EAST, None, 10, random.Random(1), carding=UPSIDE_DOWN)
    assert card == Card.from_str("H2")


def test_count_high_with_an_even_number_low_with_an_odd_number() -> None:
    hand = CardSet.from_pbn("8642.T93.Q72.864")
    spades, hearts = Situation("count", Suit.SPADES), Situation("count", Suit.HEARTS)
    assert max(hand.suit(Suit.SPADES), key=giver(spades, hand, STANDARD)) == Card.from_str("S8")
    assert max(hand.suit(Suit.HEARTS), key=giver(hearts, hand, STANDARD)) == Card.from_str("H3")
    assert max(hand.suit(Suit.SPADES), key=giver(spades, hand, UPSIDE_DOWN)) == Card.from_str("S2")


def test_discards_throw_low_from_a_suit_not_wanted_before_signalling_for_one() -> None:
    hand = CardSet.from_pbn("K84.T93.Q5.8643")
    rate = giver(Situation("discard"), hand, STANDARD)
    assert max(hand, key=rate) == Card.from_str("H3")   # the lowest of a suit without an honour
    rate = giver(Situation("discard"), CardSet.from_pbn("K84.AT9.."), STANDARD)
    assert max(CardSet.from_pbn("K84.AT9.."), key=rate) == Card.from_str("HT")   # every suit wanted: high


def test_situations_of_a_defender_s_card() -> None:
    led = Card.from_str("H5")
    declarer = Seat.SOUTH
    assert situation(Seat.EAST, declarer, Seat.WEST, led, True, True) == Situation("attitude", Suit.HEARTS)
    assert situation(Seat.EAST, declarer, Seat.SOUTH, led, True, True) == Situation("count", Suit.HEARTS)
    assert situation(Seat.EAST, declarer, Seat.SOUTH, led, True, False) is None
    assert situation(Seat.EAST, declarer, Seat.NORTH, led, False, False) == Situation("discard")
    assert situation(Seat.NORTH, declarer, Seat.EAST, led, True, True) is None   # declarer's side
    assert situation(Seat.EAST, declarer, Seat.EAST, None, True, True) is None   # a lead


def test_partner_s_signal_weighs_the_layouts_that_agree_with_it() -> None:
    # Partner (East) followed to West's heart lead with the seven, a high card: layouts where he holds a
    # heart honour agree; the others weigh MISREAD.
    signal = Signal(Situation("attitude", Suit.HEARTS), Card.from_str("H7"), 0)
    likelihood = reader({Seat.EAST: [signal]}, STANDARD)
    with_queen = CardSet.from_pbn("765.Q72.JT95.T87").bits
    without = CardSet.from_pbn("765.872.JT95.T87").bits
    assert likelihood(Seat.EAST, with_queen) == 1.0
    assert likelihood(Seat.EAST, without) == MISREAD
    assert likelihood(Seat.NORTH, without) == 1.0   # only partner's hand is read
    low = Signal(Situation("attitude", Suit.HEARTS), Card.from_str("H2"), 0)
    assert reader({Seat.EAST: [low]}, STANDARD)(Seat.EAST, with_queen) == MISREAD
    assert reader({Seat.EAST: [low]}, STANDARD)(Seat.EAST, without) == 1.0
    count = Signal(Situation("count", Suit.DIAMONDS), Card.from_str("D9"), 0)
    assert reader({Seat.EAST: [count]}, STANDARD)(Seat.EAST, with_queen) == 1.0   # four diamonds: high
    odd = CardSet.from_pbn("765.Q72.T95.JT87").bits   # three diamonds: the nine is not the lowest
    assert reader({Seat.EAST: [count]}, STANDARD)(Seat.EAST, odd) == MISREAD


def test_the_opening_leader_reads_partner_s_encouraging_card_from_its_own_view() -> None:
    # After H-A, H-4, H-7 (East encourages), H-9, West's layouts give East the heart queen more often, by
    # weight, when West reads the signal.
    memory = Memory()
    table = table_after(ENCOURAGE, "HA H4 H7 H9", (Seat.WEST, memory))
    position = position_from_view(table.view(Seat.WEST), memory)
    signals = signals_of(position, Seat.EAST)
    assert signals == [Signal(Situation("attitude", Suit.HEARTS), Card.from_str("H7"), 0)]
    assert signals_of(position, Seat.WEST) == [Signal(Situation("opening"), Card.from_str("HA"), 0)]
    queen = Card.from_str("HQ")
    shares = []
    for likelihood in (None, reader({Seat.EAST: signals}, STANDARD)):
        layouts = sample_layouts(position, 200, random.Random(3), likelihood)
        total = sum(w for _, w in layouts)
        shares.append(sum(w for play, w in layouts if queen in play.deal[Seat.EAST]) / total)
    assert shares[1] > shares[0] + 0.05


def test_carding_is_read_from_a_system_card_s_text() -> None:
    assert carding_of("Standard count and attitude") is STANDARD
    assert carding_of("Upside-down count and attitude") is UPSIDE_DOWN


def _solved(values: dict[str, int]) -> SolvedPosition:
    cards = tuple((Card.from_str(c), v) for c, v in values.items())
    return SolvedPosition(Seat.WEST, Seat.SOUTH, 0, 13, cards)


def test_the_opening_lead_prefers_partner_s_suit_when_it_is_close_on_average() -> None:
    table = table_after(ENCOURAGE, "")
    position = position_from_view(table.view(Seat.WEST))
    assert position.auction[Seat.NORTH].bid == (Suit.CLUBS, Suit.SPADES)
    # pretend East had bid clubs: West's club lead is 0.05 of a trick below the best lead on average
    auction = dict(position.auction)
    auction[Seat.EAST] = replace(auction[Seat.EAST], bid=(Suit.CLUBS,))
    position = replace(position, auction=auction)
    legal = CardSet([Card.from_str(c) for c in ("HA", "C4", "D2")])
    solved = [(_solved({"HA": 5, "C4": 5, "D2": 3}), 1.0)] * 19
    solved.append((_solved({"HA": 6, "C4": 5, "D2": 3}), 1.0))
    assert _choose(legal, solved) == Card.from_str("HA")
    assert _partner_suit_lead(position, Seat.WEST, legal, solved, None) == Card.from_str("C4")
    # a whole trick worse on average: not chosen
    worse = [(_solved({"HA": 6, "C4": 5, "D2": 3}), 1.0)] * 20
    assert _partner_suit_lead(position, Seat.WEST, legal, worse, None) is None


@pytest.mark.parametrize(("holding", "notrump", "led"), [
    ("AK72", False, "A"),     # top of a sequence
    ("KQJ", False, "K"),
    ("QJ94", True, "Q"),
    ("T982", False, "T"),
    ("KJT5", True, "J"),      # the top of an interior sequence
    ("AQJ3", True, "Q"),
    ("KT96", False, "T"),
    ("K9753", False, "5"),    # fourth best from an honour
    ("J8642", True, "4"),
    ("Q95", False, "5"),      # low from an honour third
    ("8643", False, "6"),     # second highest from small cards against a suit
    ("8643", True, "3"),      # fourth best from any long suit against notrump
    ("864", True, "6"),
    ("86", False, "8"),       # high from a doubleton
    ("7", False, "7"),
])
def test_the_lead_conventions_of_the_card_name_the_textbook_card(holding: str, notrump: bool,
                                                                  led: str) -> None:
    # the natural card: "top of a sequence; fourth best from an honour; second highest from small cards; high
    # from a doubleton", and against notrump "fourth best from a long suit; top of a sequence or interior
    # sequence"
    assert conventional_lead(CardSet.from_pbn(f"{holding}..."), notrump) == Card.from_str(f"S{led}")


def test_a_robot_leads_the_conventional_card_among_cards_equal_on_every_layout() -> None:
    # West (32.AK853.8732.42) on lead against 4S: with every diamond equal and best, the seven (second
    # highest from small cards); with every heart equal and best, the ace (top of the sequence)
    position = position_from_view(table_after(ENCOURAGE, "").view(Seat.WEST))
    prefer = _preference(position, Seat.WEST, STANDARD)
    legal = position.known[Seat.WEST]
    diamonds = {str(c): (6 if c.suit is Suit.DIAMONDS else 5) for c in legal}
    assert _choose(legal, [(_solved(diamonds), 1.0)], prefer) == Card.from_str("D7")
    hearts = {str(c): (6 if c.suit is Suit.HEARTS else 5) for c in legal}
    assert _choose(legal, [(_solved(hearts), 1.0)], prefer) == Card.from_str("HA")
    # without the conventions (no carding) the lowest of equal cards
    assert _choose(legal, [(_solved(diamonds), 1.0)], None) == Card.from_str("D2")


def test_partner_reads_a_fourth_best_opening_lead() -> None:
    four = Signal(Situation("opening"), Card.from_str("S4"), 0)
    read = reader({Seat.WEST: [four]}, STANDARD)
    assert read(Seat.WEST, CardSet.from_pbn("Q8642.K2.QJ3.T9").bits) == 1.0    # fourth best from an honour
    assert read(Seat.WEST, CardSet.from_pbn("864.K72.QJ3.T92").bits) == MISREAD   # from 8-6-4 the six
    assert read(Seat.WEST, CardSet.from_pbn("J754.K72.QJ3.T9").bits) == 1.0       # J-7-5-4: the four
    # an honour led denies the one above it, as any lead does
    jack = reader({Seat.WEST: [Signal(Situation("opening", notrump=True), Card.from_str("SJ"), 0)]}, STANDARD)
    assert jack(Seat.WEST, CardSet.from_pbn("KJT2.K72.QJ3.T9").bits) == 1.0
    assert jack(Seat.WEST, CardSet.from_pbn("QJT2.K72.QJ3.T9").bits) < MISREAD


# West leads a low heart, East plays the king, declarer wins with the ace: East would have played the queen
# from K-Q (the lowest of equal cards), so the queen is declarer's.
DENY = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.K72.JT95.T87 AKT98.AQJ.64.A95 32.T9853.8732.42")


def test_an_honour_played_following_suit_denies_the_card_below_it() -> None:
    king = Signal(Situation("follow", Suit.HEARTS), Card.from_str("HK"), 0)
    with_queen = CardSet.from_pbn("765.KQ2.JT95.T87").bits
    without = CardSet.from_pbn("765.K72.JT95.T87").bits
    read = reader({Seat.EAST: [king]}, STANDARD)
    assert read(Seat.EAST, with_queen) == FOLLOW_MISREAD
    assert read(Seat.EAST, without) == 1.0
    # the queen gone in an earlier trick: the king then denies the jack, the next card below still in play
    gone = Signal(Situation("follow", Suit.HEARTS), Card.from_str("HK"), CardSet.from_pbn(".Q..").bits)
    with_jack = CardSet.from_pbn("765.KJ2.JT95.T87").bits
    assert reader({Seat.EAST: [gone]}, STANDARD)(Seat.EAST, with_jack) == FOLLOW_MISREAD
    assert reader({Seat.EAST: [gone]}, STANDARD)(Seat.EAST, without) == 1.0
    # the lowest card of the suit denies nothing
    two = Signal(Situation("follow", Suit.HEARTS), Card.from_str("HJ"), CardSet.from_pbn(".T98765432..").bits)
    assert reader({Seat.EAST: [two]}, STANDARD)(Seat.EAST, with_jack) == 1.0


def test_a_robot_follows_with_the_lowest_of_equal_honours() -> None:
    # East holds K-Q-2 of hearts; after the three of hearts and dummy's four it plays the queen, not the king
    deal = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.KQ2.JT95.T87 AKT98.AJ7.64.A95 32.T9853.8732.42")
    table = table_after(deal, "H3 H4")
    card, solved = choose_card(table.view(Seat.EAST), Seat.EAST, None, 10, random.Random(1))
    king, queen = Card.from_str("HK"), Card.from_str("HQ")
    assert all(result[king] == result[queen] for result in solved)   # equal on every layout
    assert card == queen


def test_the_opening_leader_reads_declarer_s_queen_from_partner_s_king() -> None:
    memory = Memory()
    table = table_after(DENY, "H3 H4 HK HA", (Seat.WEST, memory))
    position = position_from_view(table.view(Seat.WEST), memory)
    follow = Signal(Situation("follow", Suit.HEARTS), Card.from_str("HK"), 0)
    assert follow in signals_of(position, Seat.EAST)
    queen = Card.from_str("HQ")
    shares = []
    for likelihood in (None, reader({Seat.EAST: signals_of(position, Seat.EAST)}, STANDARD)):
        layouts = sample_layouts(position, 200, random.Random(3), likelihood)
        total = sum(w for _, w in layouts)
        shares.append(sum(w for play, w in layouts if queen in play.deal[Seat.EAST]) / total)
    assert shares[0] > 0.2   # without the read, East often holds the queen
    assert shares[1] < shares[0] / 3


# South plays 4S; West cashes the ace of diamonds and East shows out: West's next diamond gives East a ruff.
# Hearts rank above clubs, the two side suits: West asks for hearts with a high diamond when he holds the
# heart ace, and for clubs with the lowest when he does not.
RUFF_HEARTS = Deal.from_pbn("N:QJ4.K64.72.KQJ63 765.QJT2..T98742 AKT98.953.T65.A5 32.A87.AKQJ9843.")
RUFF_CLUBS = Deal.from_pbn("N:QJ4.K64.72.KQJ63 765.QJT2..T98742 AKT98.A53.T65.A5 32.987.AKQJ9843.")
RUFF = Situation("preference", Suit.DIAMONDS, trump=Suit.SPADES)


def test_a_defender_giving_a_ruff_asks_for_the_suit_of_his_entry() -> None:
    nine, three = Card.from_str("D9"), Card.from_str("D3")
    for deal, high in ((RUFF_HEARTS, True), (RUFF_CLUBS, False)):
        table = table_after(deal, "DA D2 C2 D5")
        assert table.turn is Seat.WEST
        position = position_from_view(table.view(Seat.WEST))
        rate = _preference(position, Seat.WEST, STANDARD)
        assert rate is not None
        assert (rate(nine) > rate(three)) is high
        assert rate(nine) > rate(Card.from_str("H7"))   # the ruff before other cards equal to it


def test_suit_preference_is_read_from_the_whole_hand() -> None:
    nine = Signal(RUFF, Card.from_str("D9"), CardSet.from_pbn("..A.").bits)
    three = Signal(RUFF, Card.from_str("D3"), CardSet.from_pbn("..A.").bits)
    hearts = CardSet.from_pbn("32.A87.AKQJ9843.").bits
    clubs = CardSet.from_pbn("32.987.KQJ9843.A").bits
    assert reader({Seat.WEST: [nine]}, STANDARD)(Seat.WEST, hearts) == 1.0
    assert reader({Seat.WEST: [nine]}, STANDARD)(Seat.WEST, clubs) == MISREAD
    assert reader({Seat.WEST: [three]}, STANDARD)(Seat.WEST, clubs) == 1.0
    assert reader({Seat.WEST: [three]}, STANDARD)(Seat.WEST, hearts) == MISREAD


def test_the_ruffer_reads_partner_s_suit_preference() -> None:
    memory = Memory()
    table = table_after(RUFF_HEARTS, "DA D2 C2 D5 D9 D7 S5 D6", (Seat.EAST, memory))
    position = position_from_view(table.view(Seat.EAST), memory)
    signals = signals_of(position, Seat.WEST)
    assert Signal(RUFF, Card.from_str("D9"), CardSet.from_pbn("..A.").bits) in signals
    ace = Card.from_str("HA")
    shares = []
    for likelihood in (None, reader({Seat.WEST: signals}, STANDARD)):
        layouts = sample_layouts(position, 200, random.Random(3), likelihood)
        total = sum(w for _, w in layouts)
        shares.append(sum(w for play, w in layouts if ace in play.deal[Seat.WEST]) / total)
    assert shares[1] > shares[0] + 0.1


def test_against_a_king_lead_the_jack_encourages() -> None:
    # A king is led from K-Q: third hand's jack sets the suit up, so with J-T-9-8-4 it encourages (the ten,
    # its highest spot card); against any other lead the jack is no reason to (the four). (The robots' card,
    # standard attitude; play3's seed-11 board 54, where West discouraged with J-T-9-8-4 under the king.)
    hand = CardSet.from_pbn("JT984.Q3.K72.86")
    led_king, led_low = Card.from_str("SK"), Card.from_str("S5")
    declarer = Seat.SOUTH
    king = situation(Seat.EAST, declarer, Seat.WEST, led_king, True, True)
    low = situation(Seat.EAST, declarer, Seat.WEST, led_low, True, True)
    assert king == Situation("attitude", Suit.SPADES, jack=True)
    assert low == Situation("attitude", Suit.SPADES)
    spades = hand.suit(Suit.SPADES)
    assert king is not None and low is not None
    assert max(spades, key=giver(king, hand, STANDARD)) == Card.from_str("ST")
    assert max(spades, key=giver(low, hand, STANDARD)) == Card.from_str("S4")
    assert max(spades, key=giver(king, hand, UPSIDE_DOWN)) == Card.from_str("S4")   # low encourages
    # the read: after the king, the ten agrees with a holding with the jack, the four with one without
    with_jack = CardSet.from_pbn("JT84.Q3.K72.865").bits
    without = CardSet.from_pbn("T984.Q3.K72.865").bits
    ten = reader({Seat.EAST: [Signal(king, Card.from_str("ST"), 0)]}, STANDARD)
    four = reader({Seat.EAST: [Signal(king, Card.from_str("S4"), 0)]}, STANDARD)
    assert (ten(Seat.EAST, with_jack), ten(Seat.EAST, without)) == (1.0, MISREAD)
    assert (four(Seat.EAST, with_jack), four(Seat.EAST, without)) == (MISREAD, 1.0)
    # after a low lead the jack says nothing: the ten disagrees with both holdings (no A, K or Q)
    plain = reader({Seat.EAST: [Signal(low, Card.from_str("ST"), 0)]}, STANDARD)
    assert plain(Seat.EAST, with_jack) == plain(Seat.EAST, without) == MISREAD


def test_the_king_lead_s_jack_signal_is_found_in_the_play() -> None:
    # West leads the heart king (4S by South); East follows with the ten from J-T-9: signals_of reads it as
    # attitude after a king.
    deal = Deal.from_pbn("N:QJ4.64.AKQ.KQJ63 765.JT9.JT95.T87 AKT98.872.64.A95 32.AKQ53.8732.42")
    memory = Memory()
    table = table_after(deal, "HK H4 HT H2", (Seat.WEST, memory))
    position = position_from_view(table.view(Seat.WEST), memory)
    assert Signal(Situation("attitude", Suit.HEARTS, jack=True), Card.from_str("HT"), 0) in signals_of(
        position, Seat.EAST)
