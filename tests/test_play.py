"""The play: Law 41A (opening leader), Law 44 (sequence and procedure of play: leads, following suit, trick
winners, the next lead) and revokes left standing (Law 61)."""

from __future__ import annotations

import dataclasses
import random
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import contracts, deals, plays, seats
from tenace import (
    DECK,
    Card,
    CardSet,
    Contract,
    Deal,
    IllegalPlayError,
    ImpossibleActionError,
    Play,
    Seat,
    Side,
    Suit,
    Trick,
)

SAMPLE = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
trumps = st.sampled_from([*Suit, None])


def _c(text: str) -> Card:
    return Card.from_str(text)


# --- an independent model of Law 44, used to check Play and Trick ------------------------------------------


def ref_winner(leader: Seat, cards: list[Card], trump: Suit | None) -> Seat:
    """Law 44E-F: the highest trump wins if there is one, otherwise the highest card of the suit led."""
    trumped = [(i, c) for i, c in enumerate(cards) if c.suit is trump]
    pool = trumped or [(i, c) for i, c in enumerate(cards) if c.suit is cards[0].suit]
    best = max(pool, key=lambda ic: int(ic[1].rank))[0]
    return leader.rotate(best)


def ref_legal(hand: set[Card], trick: list[Card]) -> set[Card]:
    """Law 44A, C, D: any card to lead; otherwise a card of the suit led if possible, else any card."""
    if not trick:
        return set(hand)
    following = {c for c in hand if c.suit is trick[0].suit}
    return following or set(hand)


def ref_count(
    hands: dict[Seat, frozenset[Card]], leader: Seat, trick: tuple[Card, ...], trump: Suit | None
) -> int:
    """Brute force: the number of legal ways to play out all remaining cards, by the rules above."""
    if not any(hands.values()):
        return 1
    seat = leader.rotate(len(trick))
    total = 0
    for card in ref_legal(set(hands[seat]), list(trick)):
        rest = {**hands, seat: hands[seat] - {card}}
        new_trick = (*trick, card)
        if len(new_trick) == 4:
            total += ref_count(rest, ref_winner(leader, list(new_trick), trump), (), trump)
        else:
            total += ref_count(rest, leader, new_trick, trump)
    return total


def tenace_count(play: Play) -> int:
    """The same count using Play.legal_cards() and Play.push()."""
    if play.is_complete:
        return 1
    return sum(tenace_count(play.push(card)) for card in play.legal_cards())


# --- Law 41A: the opening lead ---------------------------------------------------------------------------


@given(deals(), contracts())
def test_41a_declarers_left_hand_opponent_makes_the_opening_lead(deal: Deal, contract: Contract) -> None:
    """Law 41A: the defender on declarer's left leads to the first trick; the contract's denomination is
    trumps (none at no trump)."""
    play = Play.for_contract(deal, contract)
    assert play.leader is contract.declarer.lho and play.turn is contract.declarer.lho
    assert play.declarer is contract.declarer
    assert play.trump is contract.denomination.suit
    assert play.cards == () and play.tricks == () and not play.is_complete


# --- Law 44: one trick ------------------------------------------------------------------------------------


@given(deals(), contracts())
def test_44a_the_leader_may_lead_any_card_in_his_hand(deal: Deal, contract: Contract) -> None:
    """Law 44A: the player who leads to a trick may play any card he holds."""
    play = Play.for_contract(deal, contract)
    assert play.legal_cards() == deal[play.turn] == play.hand(play.turn)


@settings(deadline=None)
@given(plays(complete=False))
def test_44c_44d_legal_cards_follow_suit_when_possible_else_any_card(play: Play) -> None:
    """Law 44C: each player must follow suit if he can; Law 44D: if he cannot, he may play any card."""
    if play.is_complete:
        assert play.legal_cards() == CardSet()
        return
    hand = set(play.hand(play.turn))
    expected = ref_legal(hand, list(play.current_trick.cards))
    assert set(play.legal_cards()) == expected
    for card in DECK:
        if card in expected:
            assert play.push(card).cards[-1] is card
        elif card in hand:
            with pytest.raises(IllegalPlayError, match=r"must follow suit"):
                play.push(card)


@given(st.permutations(DECK), seats, trumps, st.integers(1, 4))
def test_44e_44f_trick_winner_agrees_with_an_independent_rule(
    order: list[Card], leader: Seat, trump: Suit | None, n: int
) -> None:
    """Law 44E: a trick containing a trump is won by the highest trump; Law 44F: otherwise by the highest card
    of the suit led. Any other card (a discard) never wins. Also for a trick in progress."""
    cards = order[:n]
    trick = Trick(leader, tuple(cards))
    assert trick.winner(trump) is ref_winner(leader, cards, trump)
    assert trick.suit_led is cards[0].suit and trick.is_complete == (n == 4)
    assert [seat for seat, _ in trick] == [leader.rotate(i) for i in range(n)]


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("HK HA S2 H3", Suit.SPADES, Seat.EAST),  # the only trump wins (leader West)
        ("HK HA S2 H3", None, Seat.NORTH),  # no trumps: highest heart
        ("HK HA S2 S3", Suit.SPADES, Seat.SOUTH),  # the higher of two trumps
        ("H2 SA DA CA", Suit.CLUBS, Seat.SOUTH),  # aces of other suits are discards; the club ace trumps
        ("H2 SA DA CA", None, Seat.WEST),  # the two of the suit led beats three discarded aces
        ("S2 S3 S4 S5", Suit.SPADES, Seat.SOUTH),  # a trump lead, everyone follows
    ],
)
def test_44e_44f_worked_examples(cards: str, trump: Suit | None, winner: Seat) -> None:
    """Worked examples of Laws 44E and 44F with West leading."""
    trick = Trick(Seat.WEST, tuple(_c(t) for t in cards.split()))
    assert trick.winner(trump) is winner


def test_trick_limits() -> None:
    """Law 44B: a trick is four cards; an empty trick has no winner yet."""
    with pytest.raises(ValueError, match="at most four"):
        Trick(Seat.NORTH, tuple(DECK[:5]))
    with pytest.raises(ImpossibleActionError):
        Trick(Seat.NORTH).winner(None)
    assert Trick(Seat.NORTH).suit_led is None
    assert str(Trick(Seat.EAST, (_c("SA"), _c("S2")))) == "E: SA S2"


# --- Law 44 over a whole deal ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(plays())
def test_44_random_legal_play_ends_with_52_cards_and_13_tricks(play: Play) -> None:
    """Law 44B, G: four cards a trick, thirteen tricks, each trick led by the winner of the one before; the
    tricks each side won add up to 13. Checked trick by trick against the independent model."""
    assert play.is_complete and len(play.cards) == 52 and len(set(play.cards)) == 52
    assert len(play.tricks) == 13 and len(play.winners) == 13
    assert all(len(play.hand(seat)) == 0 for seat in Seat)
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
    assert play.declarer_tricks == play.tricks_won(play.declarer.side)
    assert play.revokes == ()
    hands = {seat: set(play.deal[seat]) for seat in Seat}
    leader = play.leader
    for i, trick in enumerate(play.tricks):
        assert trick.leader is leader  # Law 44G
        cards = list(play.cards[4 * i : 4 * i + 4])
        assert list(trick.cards) == cards
        for k, card in enumerate(cards):
            seat = leader.rotate(k)
            assert card in ref_legal(hands[seat], cards[:k])
            hands[seat].remove(card)
        leader = ref_winner(leader, cards, play.trump)
        assert play.winners[i] is leader
    assert play.turn is leader


@settings(max_examples=60, deadline=None)
@given(plays(complete=False))
def test_44_tricks_per_side_sum_to_the_tricks_played(play: Play) -> None:
    """However far the play has gone, completed tricks are split between the sides, and the trick in
    progress holds the cards played since."""
    done = len(play.cards) // 4
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == done == len(play.tricks)
    assert play.current_trick.cards == play.cards[4 * done :]
    assert play.current_trick.leader is (play.winners[-1] if play.winners else play.leader)
    assert play.turn is play.current_trick.leader.rotate(len(play.current_trick.cards))
    for seat in Seat:
        played = {c for c in play.cards if c in play.deal[seat]}
        assert set(play.hand(seat)) == set(play.deal[seat]) - played


@settings(max_examples=30, deadline=None)
@given(plays(complete=False))
def test_play_constructed_from_its_cards_equals_the_pushed_play(play: Play) -> None:
    """Play(deal, trump, leader, cards) replays the cards with the same checks; equal inputs, equal plays."""
    again = Play(play.deal, play.trump, play.leader, play.cards)
    assert again == play and again.winners == play.winners and again.turn is play.turn
    assert Play(play.deal, play.trump, play.leader).extend(play.cards) == play


def test_play_derived_state_is_recomputed_by_dataclasses_replace() -> None:
    """Tricks and hands are derived from the cards: replacing the cards (or the leader) recomputes them
    instead of keeping stale ones."""
    play = Play.for_contract(SAMPLE, Contract.from_str("7NTN")).extend(_c(t) for t in "ST S6 S2 SA".split())
    fresh = dataclasses.replace(play, cards=())
    assert fresh.winners == () and fresh.hand(Seat.NORTH) == SAMPLE[Seat.NORTH] and fresh.turn is Seat.EAST
    shorter = dataclasses.replace(play, cards=play.cards[:2])
    assert shorter == Play.for_contract(SAMPLE, Contract.from_str("7NTN")).extend(play.cards[:2])
    assert Play(SAMPLE, None, Seat.EAST, list(play.cards)) == play  # type: ignore[arg-type]
    assert hash(Play(SAMPLE, None, Seat.EAST, list(play.cards))) == hash(play)  # type: ignore[arg-type]


# --- illegal plays -----------------------------------------------------------------------------------------


def test_44c_failing_to_follow_suit_raises_naming_seat_card_and_trick() -> None:
    """Law 44C: South holds spades, so cannot play a heart on East's spade lead; the error says who, what
    and which trick."""
    play = Play.for_contract(SAMPLE, Contract.from_str("7NTN")).push(_c("ST"))  # North declares: East leads
    assert play.turn is Seat.SOUTH
    with pytest.raises(IllegalPlayError) as info:
        play.push(_c("H8"))
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert "South" in message and "H8" in message and "trick 1" in message and "spade" in message


def test_playing_a_card_not_held_raises_naming_seat_card_and_trick() -> None:
    """A card in another hand, or already played, cannot be played."""
    play = Play.for_contract(SAMPLE, Contract.from_str("7NTN"))
    with pytest.raises(IllegalPlayError, match=r"East cannot play SA to trick 1: it is not in that hand"):
        play.push(_c("SA"))
    play = play.extend(_c(t) for t in ["ST", "S6", "S2", "SA"])  # North wins and leads to trick 2
    with pytest.raises(
        IllegalPlayError, match=r"North cannot play SA to trick 2: it has already been played"
    ):
        play.push(_c("SA"))


def test_no_card_after_the_last_trick() -> None:
    """After thirteen tricks nothing more can be played."""
    play = _full_play(random.Random(7))
    with pytest.raises(IllegalPlayError, match="all 52 cards"):
        play.push(play.cards[0])
    with pytest.raises(IllegalPlayError, match="all 52 cards"):
        play.push_unchecked(play.cards[0])


def test_61_push_unchecked_lets_a_revoke_stand_and_records_it() -> None:
    """Law 61A: failing to follow suit when able is a revoke. push() refuses it; push_unchecked() lets it
    stand (as in a record of real play) and records its position; the revoke card is a discard and cannot
    win the trick unless it is a trump."""
    play = Play.for_contract(SAMPLE, Contract.from_str("1SN"))  # spades trumps, East leads
    play = play.push(_c("HJ"))  # East leads a heart; South holds hearts
    with pytest.raises(IllegalPlayError):
        play.push(_c("S6"))
    revoked = play.push_unchecked(_c("S6"))  # South ruffs although he holds hearts: a revoke
    assert revoked.revokes == (1,)
    revoked = revoked.extend([_c("H5"), _c("HQ")])  # West and North follow with hearts
    assert revoked.winners == (Seat.SOUTH,)  # the revoking trump wins (Law 44E; rectification is Law 64)
    following = play.push_unchecked(_c("H8"))  # a legal card through push_unchecked is not a revoke
    assert following.revokes == ()
    with pytest.raises(IllegalPlayError, match="not in that hand"):
        play.push_unchecked(_c("SA"))  # still must be South's own card


def test_61_revoke_discard_does_not_win() -> None:
    """A revoke in a side suit at no trump is a discard: it cannot win the trick."""
    play = Play.for_contract(SAMPLE, Contract.from_str("1NTN")).push(_c("HJ"))  # East leads a heart
    play = play.push_unchecked(_c("S6")).extend([_c("H5"), _c("HQ")])
    assert play.revokes == (1,) and play.winners == (Seat.NORTH,)


# --- counting legal card sequences in small endings --------------------------------------------------------


def _full_play(rng: random.Random, stop: int = 52, trump: Suit | None = Suit.HEARTS) -> Play:
    deck = list(DECK)
    rng.shuffle(deck)
    deal = Deal(tuple(CardSet(deck[13 * i : 13 * i + 13]) for i in range(4)))  # type: ignore[arg-type]
    play = Play(deal, trump, rng.choice(list(Seat)))
    while len(play.cards) < stop:
        play = play.push(rng.choice(list(play.legal_cards())))
    return play


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([40, 44]), trumps)
def test_44_legal_card_sequences_of_small_endings_match_brute_force(
    seed: int, start: int, trump: Suit | None
) -> None:
    """The number of legal ways to play out a two- or three-card ending is the same by tenace's legal cards
    as by brute force over the rules of Law 44 (following suit; the winner leads next)."""
    play = _full_play(random.Random(seed), stop=start, trump=trump)
    hands = {seat: frozenset(play.hand(seat)) for seat in Seat}
    assert all(len(h) == (52 - start) // 4 for h in hands.values())
    expected = ref_count(hands, play.turn, (), trump)
    assert count_by_permutations(hands, play.turn, trump) == expected
    assert tenace_count(play) == expected > 0


def count_by_permutations(hands: dict[Seat, frozenset[Card]], leader: Seat, trump: Suit | None) -> int:
    """A second, differently built brute force: try every order of each hand's cards (at most 6^4 for
    three-card hands), play them out trick by trick and keep the orders that stay legal throughout. Each
    legal combination of orders is exactly one card sequence."""
    seats = list(Seat)
    n = len(hands[leader])
    count = 0
    for orders in product(*(list(permutations(sorted(hands[s]))) for s in seats)):
        by_seat = dict(zip(seats, orders, strict=True))
        remaining = {s: set(hands[s]) for s in seats}
        turn_leader = leader
        ok = True
        for t in range(n):
            trick: list[Card] = []
            for k in range(4):
                seat = turn_leader.rotate(k)
                card = by_seat[seat][t]
                if card not in ref_legal(remaining[seat], trick):
                    ok = False
                    break
                remaining[seat].discard(card)
                trick.append(card)
            if not ok:
                break
            turn_leader = ref_winner(turn_leader, trick, trump)
        count += ok
    return count
