"""Card play by sampling: deal the unseen cards many times consistently with what the robot has seen, solve
each layout double dummy (:mod:`tenace.solver.dds`) and play the card that takes most tricks on average.

What the robot has seen is its own :class:`~tenace.laws.table.TableView` now and, through :class:`Memory`,
the views it was shown before: the cards of a quitted trick leave the view (Law 66C) but not a player's
memory. A layout is consistent when it gives every hidden hand the right number of cards, keeps the cards
seen where they were seen (penalty cards, a claimer's faced hand), gives no card of a suit to a player who
showed out of it, and, loosely, agrees with what the auction showed under the system description (HCP
ranges and suit lengths, with a point of slack; when no such layout turns up after a few tries, the auction
is let go for that sample).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from tenace.calls import Call
from tenace.cards import Card, CardSet, Suit
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.laws.decisions import MayNotLead, MustLead, MustPlay
from tenace.laws.table import TableView
from tenace.play import Play
from tenace.robots.bidding import Shown, shown
from tenace.system.bidding.rules import BiddingSystem
from tenace.system.bidding.systems import builtin
from tenace.seats import SEATS, Seat, Side
from tenace.solver.dds import SolvedPosition, solve_positions

__all__ = ["Memory", "Position", "choose_card", "position_from_view", "sample_plays", "solve_samples"]

_FULL = CardSet.full()
_ATTEMPTS = 30
_BATCH = 4


@dataclass(slots=True)
class Memory:
    """The cards a robot has seen played, by (trick number, place in the trick), for one board."""

    board: int | None = None
    cards: dict[tuple[int, int], Card] = field(default_factory=dict)

    def observe(self, view: TableView) -> None:
        """Remember every card ``view`` shows; forget everything when the board changes or the play was
        rebuilt (a card retracted, Law 47)."""
        if view.board != self.board:
            self.board, self.cards = view.board, {}
        for trick in view.tricks:
            for place, card in enumerate(trick.cards):
                if card is None:
                    continue
                old = self.cards.get((trick.number, place))
                if old is not None and old is not card:
                    self.cards = {}
                self.cards[(trick.number, place)] = card
        played = sum(len(t.cards) for t in view.tricks)
        for key in [k for k in self.cards if (k[0] - 1) * 4 + k[1] >= played]:
            del self.cards[key]  # taken back


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the robot knows about the play, read from its view and memory."""

    contract: Contract
    tricks: tuple[tuple[Seat, tuple[Card | None, ...]], ...]
    """Each trick begun: its leader and its cards in order (``None`` where the robot does not know the
    card)."""
    known: dict[Seat, CardSet]
    """Cards known to be in each hand now (whole hands for those the robot sees)."""
    whole: frozenset[Seat]
    """The seats whose remaining cards the robot sees in full."""
    voids: dict[Seat, frozenset[Suit]]
    shown: dict[Seat, Shown]

    @property
    def turn(self) -> Seat:
        """Who plays next to the trick (the trick's leader, the next in rotation, or the last winner)."""
        if not self.tricks:
            return self.contract.opening_leader
        leader, cards = self.tricks[-1]
        if len(cards) < 4:
            return leader.rotate(len(cards))
        return _winner(leader, cards, self.contract.denomination.suit) or leader

    def played_by(self, seat: Seat) -> int:
        return sum(1 for leader, cards in self.tricks for i in range(len(cards)) if leader.rotate(i) is seat)

    def remaining(self, seat: Seat) -> int:
        return 13 - self.played_by(seat)

    @property
    def tricks_left(self) -> int:
        done = sum(1 for _, cards in self.tricks if len(cards) == 4)
        return 13 - done


def _winner(leader: Seat, cards: tuple[Card | None, ...], trump: Suit | None) -> Seat | None:
    if any(c is None for c in cards):
        return None
    best = 0
    for i, card in enumerate(cards):
        top = cards[best]
        assert card is not None and top is not None
        if (card.suit is top.suit and card.rank > top.rank) or (card.suit is trump and top.suit is not trump):
            best = i
    return leader.rotate(best)


def position_from_view(view: TableView, memory: Memory | None = None, system: BiddingSystem | None = None) -> Position:
    """What ``view`` (and ``memory``) tell about the play.

    :raises ValueError: if the view has no contract (the auction has not ended).
    """
    contract = view.contract
    if contract is None:
        raise ValueError("there is no play without a contract")
    remembered = memory.cards if memory is not None and memory.board == view.board else {}
    tricks = []
    for trick in view.tricks:
        cards = tuple(
            c if c is not None else remembered.get((trick.number, i)) for i, c in enumerate(trick.cards)
        )
        tricks.append((trick.leader, cards))
    known: dict[Seat, CardSet] = {seat: CardSet() for seat in SEATS}
    whole = set()
    for seat, held in view.hands.items():
        known[seat] = held
        whole.add(seat)
    for seat, held in view.faced.items():
        known[seat] = known[seat] | held
        whole.add(seat)
    for penalty in view.penalty_cards:
        known[penalty.seat] = known[penalty.seat].add(penalty.card)
    voids: dict[Seat, set[Suit]] = {seat: set() for seat in SEATS}
    for leader, cards in tricks:
        led = cards[0] if cards else None
        if led is None:
            continue
        for i, card in enumerate(cards[1:], 1):
            if card is not None and card.suit is not led.suit:
                voids[leader.rotate(i)].add(led.suit)
    calls: list[Call] = [s.call.call for s in view.calls]
    return Position(
        contract=contract,
        tricks=tuple(tricks),
        known=known,
        whole=frozenset(whole),
        voids={seat: frozenset(v) for seat, v in voids.items()},
        shown=shown(view.dealer, calls, system or builtin(), view.vulnerability),
    )


_Hidden = tuple[dict[Seat, list[Card]], dict[Seat, list[Card]]]


def _deal_hidden(
    position: Position, rng: random.Random, use_auction: bool, use_voids: bool = True
) -> _Hidden | None:
    """One random assignment of the unseen cards: to each hidden hand its missing cards, and to each seat the
    unknown cards it played; ``None`` when this try broke a constraint."""
    seen = CardSet()
    for held in position.known.values():
        seen = seen | held
    for _, cards in position.tricks:
        seen = seen | CardSet(c for c in cards if c is not None)
    pool = list(_FULL - seen)
    rng.shuffle(pool)
    need_hand = {
        seat: position.remaining(seat) - len(position.known[seat])
        for seat in SEATS if seat not in position.whole
    }
    need_played = dict.fromkeys(SEATS, 0)
    for leader, cards in position.tricks:
        for i, card in enumerate(cards):
            if card is None:
                need_played[leader.rotate(i)] += 1
    out: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    played: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    voids = position.voids if use_voids else {seat: frozenset[Suit]() for seat in SEATS}
    if not any(voids[seat] for seat in need_hand):  # the quick way: one shuffle, then slices
        start = 0
        for seat, n in need_hand.items():
            out[seat], start = pool[start:start + n], start + n
        for seat, n in need_played.items():
            played[seat], start = pool[start:start + n], start + n
        pool = []
    for card in pool:
        slots: list[tuple[Seat, bool]] = []
        weights: list[int] = []
        for seat, n in need_hand.items():
            if n > len(out[seat]) and card.suit not in voids[seat]:
                slots.append((seat, True))
                weights.append(n - len(out[seat]))
        for seat, n in need_played.items():
            if n > len(played[seat]):
                slots.append((seat, False))
                weights.append(n - len(played[seat]))
        if not slots:
            return None
        seat, in_hand = rng.choices(slots, weights)[0]
        (out if in_hand else played)[seat].append(card)
    if any(len(out[s]) != n for s, n in need_hand.items()):
        return None
    if use_auction:
        for seat in need_hand:
            mine = CardSet(out[seat]) | position.known[seat] | CardSet(played[seat])
            for leader, cards in position.tricks:
                mine = mine | CardSet(
                    c for i, c in enumerate(cards) if c is not None and leader.rotate(i) is seat
                )
            if len(mine) == 13 and not position.shown[seat].fits(mine, slack=1):
                return None
    return out, played


def _play_of(position: Position, hidden: _Hidden) -> Play:
    """The sampled layout as a :class:`~tenace.play.Play` that reaches the current position (the cards of
    the quitted tricks the robot does not know are the sample's)."""
    extra_hand = hidden[0]
    extra_played = {seat: list(cards) for seat, cards in hidden[1].items()}
    sequence: list[Card] = []
    played: dict[Seat, CardSet] = {seat: CardSet() for seat in SEATS}
    for leader, cards in position.tricks:
        for i, card in enumerate(cards):
            seat = leader.rotate(i)
            actual = card if card is not None else extra_played[seat].pop()
            sequence.append(actual)
            played[seat] = played[seat].add(actual)
    hands = {
        seat: position.known[seat] | CardSet(extra_hand[seat]) | played[seat] for seat in SEATS
    }
    deal = Deal.from_hands(hands)
    leads = tuple((i, leader) for i, (leader, _) in enumerate(position.tricks))
    play = Play(deal, position.contract.denomination.suit, position.contract.opening_leader, (), leads)
    for card in sequence:
        play = play.push_unchecked(card)
    return play


def sample_plays(position: Position, samples: int, rng: random.Random) -> list[Play]:
    """``samples`` layouts consistent with ``position``, each as the play reaching it."""
    plays = []
    for _ in range(samples):
        hidden = None
        for attempt in range(_ATTEMPTS * 3):
            # the auction is let go after _ATTEMPTS tries, and the shown-out suits after twice as many (a
            # revoke can make them wrong, Law 61)
            hidden = _deal_hidden(
                position, rng, use_auction=attempt < _ATTEMPTS, use_voids=attempt < 2 * _ATTEMPTS
            )
            if hidden is not None:
                break
        if hidden is None:
            raise ValueError("no layout of the unseen cards agrees with what the robot has seen")
        plays.append(_play_of(position, hidden))
    return plays


def solve_samples(
    position: Position, samples: int, rng: random.Random, budget: float | None = None
) -> list[SolvedPosition]:
    """The double-dummy value of every legal card on each of ``samples`` layouts.

    With a ``budget`` in seconds, the layouts are solved a few at a time and no new batch starts once the
    budget is spent (at least one batch is solved); the result then depends on the machine's speed."""
    plays = sample_plays(position, samples, rng)
    if budget is None:
        return solve_positions(plays)
    start = time.perf_counter()
    solved: list[SolvedPosition] = []
    for i in range(0, len(plays), _BATCH):
        solved.extend(solve_positions(plays[i:i + _BATCH]))
        if time.perf_counter() - start >= budget:
            break
    return solved


def _legal(position: Position, seat: Seat, view: TableView) -> CardSet:
    """The cards ``seat`` may play: follow suit (Law 44C) from the cards he holds, then the lead and play
    rules in force for him that the view shows (Laws 50-52, 26B)."""
    hand = position.known[seat]
    leader, cards = position.tricks[-1] if position.tricks else (position.turn, ())
    leading = not position.tricks or len(cards) == 4
    legal = hand
    if not leading and cards and cards[0] is not None:
        follow = hand.suit(cards[0].suit)
        legal = follow or hand
    for constraint in view.constraints:
        if isinstance(constraint, MustPlay) and constraint.seat is seat and constraint.card in legal:
            return CardSet([constraint.card])
        if (
            leading and isinstance(constraint, MustLead) and constraint.seat is seat
            and legal.suit(constraint.suit)
        ):
            legal = legal.suit(constraint.suit)
        if leading and isinstance(constraint, MayNotLead) and constraint.seat is seat:
            rest = CardSet(c for c in legal if c.suit not in constraint.suits)
            legal = rest or legal
    del leader
    return legal


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, -c.suit.index))


def choose_card(
    view: TableView, seat: Seat, memory: Memory | None, samples: int, rng: random.Random,
    system: BiddingSystem | None = None, budget: float | None = None,
) -> tuple[Card, list[SolvedPosition]]:
    """The card for ``seat`` (the robot's own, or dummy's when the robot is declarer): the most tricks on
    average over the samples, ties to the lowest card. Returns the solved samples too (for claims).
    ``budget``: see :func:`solve_samples`."""
    position = position_from_view(view, memory, system)
    legal = _legal(position, seat, view)
    if not legal:
        raise ValueError(f"{seat.name.title()} has no card to play")
    if len(legal) == 1 or samples <= 0:
        return _lowest(list(legal)), []
    try:
        solved = solve_samples(position, samples, rng, budget)
    except ValueError:  # nothing the robot saw can be squared with any layout (a bug, or a revoke): no guess
        return _lowest(list(legal)), []
    totals: dict[Card, int] = dict.fromkeys(legal, 0)
    for result in solved:
        for card, tricks in result.cards:
            if card in totals:
                totals[card] += tricks
    top = max(totals.values())
    return _lowest([c for c, t in totals.items() if t == top]), solved


def side_takes_all(solved: Sequence[SolvedPosition], side: Side) -> bool:
    """Whether ``side`` takes every remaining trick on every sample."""
    if not solved:
        return False
    for result in solved:
        mine = result.max_tricks if result.turn.side is side else result.tricks_left - result.max_tricks
        if mine != result.tricks_left:
            return False
    return True


def side_minimum(solved: Sequence[SolvedPosition], side: Side) -> int:
    """The fewest remaining tricks ``side`` takes with best play over the samples."""
    values = [
        r.max_tricks if r.turn.side is side else r.tricks_left - r.max_tricks for r in solved
    ]
    return min(values) if values else 0
