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

import functools
import itertools
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tenace.cards import Card, CardSet, Rank, Suit
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.laws.decisions import MayNotLead, MustLead, MustPlay
from tenace.laws.table import TableView
from tenace.play import Play
from tenace.robots.bidding import Shown, shown, table_context
from tenace.robots.layouts import Auction, Hidden, Layout, auction_of, deal_layouts
from tenace.robots.signals import (
    STANDARD,
    Carding,
    Signal,
    Situation,
    conventional_lead,
    giver,
    reader,
    situation,
)
from tenace.seats import SEATS, Seat, Side
from tenace.solver.dds import SolvedPosition, optimal_cards, side_values, solve_positions
from tenace.system.bidding.rules import BiddingSystem
from tenace.system.bidding.systems import builtin

__all__ = ["Memory", "Position", "choose_card", "position_from_view", "sample_plays", "solve_samples"]

_FULL = CardSet.full()
_BATCH = 4
CLEAR = 2.5
"""How many standard errors the best card's lead over every other card must be, on the layouts solved so far,
for a decision to stop early (:func:`_clear`)."""
DRAW_TRUMPS = True
"""Whether declarer, leading, prefers the highest trump among cards equal on every layout
(:func:`_draw_trumps`)."""
PARTNER_SUIT = 0.1
"""How many tricks on average an opening lead in a suit partner bid may give up to the best lead and still be
chosen."""
READ_LINE = False
"""Whether a defender leading to tricks 2 to :data:`LINE_TRICKS` weighs the layouts by declarer's line so far
(:func:`_line_weights`). Off: on seed 11's recorded games it changed one lead to tricks 2-3 in about thirty
(for the better) at twice the CPU. Made cheaper since (only the best cards asked for, and only while the
layouts disagree; the same cards played): on seed 21's first 40 fixed auctions it saved a trick (tricks lost
-0.03 +- 0.02 a deal, card CPU p95 +0.07 s); read to trick 5, on seed 15's first 20, it lost one (+0.05 +-
0.05): no gain beyond noise (docs/robots.md, Figures)."""
LINE_TRICKS = 3
"""The last trick whose lead is chosen with declarer's line read."""
LINE_SLIP = 0.3
"""How much less likely a layout is, to a defender reading declarer's line, for each card declarer's side
played that gives up a trick double dummy in that layout."""
OWN_SUIT: float | None = None
"""How many tricks on average the opening leader, on lead again in tricks 2 to :data:`OWN_TRICKS`, may give up
to the best lead by going on with the suit he led first (:func:`_own_suit_lead`; ``None``: no preference)."""
OWN_TRICKS = 3
"""The last trick whose lead :data:`OWN_SUIT` is read for."""
LATE_MOST = 2
"""How many times the robot's ``samples`` a decision after trick 3 solves at most, while the choice is open
(:func:`effort`). 3 and 4 did not play better on 55 fresh deals (docs/robots.md, Figures)."""
LEAD_SLIP: float | None = None
"""How much less likely a layout is, to declarer reading the opening lead (:func:`_lead_weights`), for each
trick the card led gives up double dummy in that layout (``None``: the lead's choice of suit is not read).
Off: on 40 fresh deals 0.5 gained declarer 0.16 +- 0.15 points at three times the card CPU p95. Made
cheaper since (two best-result searches a deal instead of every lead valued: the same cards played, card
CPU p95 1.14 s to 0.52 s on seed 14's first 12 fixed auctions), 0.5 gained nothing on seed 21's first 40
(tricks lost +0.00 +- 0.04 a deal) nor on seed 15's first 20 (docs/robots.md, Figures)."""
LEAD_TRICKS = 5
"""The last trick in which declarer reads the opening lead (:data:`LEAD_SLIP`): his lead to the next one
reads it no more."""


@dataclass(slots=True)
class Memory:
    """The cards a robot has seen played, by (trick number, place in the trick), for one board."""

    board: int | None = None
    cards: dict[tuple[int, int], Card] = field(default_factory=dict)
    auction: tuple[object, BiddingSystem, dict[Seat, Shown], dict[Seat, Auction]] | None = None
    """What the finished auction showed and requires (:func:`position_from_view`), with the auction and the
    system it was read from: the auction does not change during the play, and reading it again for every
    card replayed each call through the system (the most of a card's time without double-dummy solving)."""

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
    auction: dict[Seat, Auction] = field(default_factory=dict)
    """What each player's calls require of his hand (:func:`tenace.robots.layouts.auction_of`)."""

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


def position_from_view(view: TableView, memory: Memory | None = None,
                       system: BiddingSystem | None = None) -> Position:
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
    calls = tuple(s.call.call for s in view.calls)
    system = system or builtin()
    key = (view.board, view.dealer, view.vulnerability, calls)
    cached = memory.auction if memory is not None else None
    if cached is not None and cached[0] == key and cached[1] is system:
        showed, required = cached[2], cached[3]
    else:
        showed = shown(view.dealer, calls, system, view.vulnerability)
        required = auction_of(table_context(system, view.dealer, calls, view.vulnerability))
        if memory is not None:
            memory.auction = (key, system, showed, required)
    return Position(
        contract=contract,
        tricks=tuple(tricks),
        known=known,
        whole=frozenset(whole),
        voids={seat: frozenset(v) for seat, v in voids.items()},
        shown=showed,
        auction=required,
    )


def _hidden(position: Position, ignore: frozenset[Seat] = frozenset()) -> tuple[list[Hidden], int]:
    """The hands the robot does not see (what it knows of each) and the unknown cards (bits)."""
    seen = CardSet()
    for held in position.known.values():
        seen = seen | held
    played: dict[Seat, CardSet] = {seat: CardSet() for seat in SEATS}
    unknown_played = dict.fromkeys(SEATS, 0)
    for leader, cards in position.tricks:
        for i, card in enumerate(cards):
            seat = leader.rotate(i)
            if card is None:
                unknown_played[seat] += 1
            else:
                played[seat] = played[seat].add(card)
                seen = seen.add(card)
    hidden = []
    for seat in SEATS:
        if seat in position.whole:
            if unknown_played[seat]:
                # a seen hand whose played cards the robot does not remember: they are unknown cards too
                fixed = (position.known[seat] | played[seat]).bits
                hidden.append(Hidden(seat, fixed, 0, unknown_played[seat], frozenset()))
            continue
        need = position.remaining(seat) - len(position.known[seat])
        hidden.append(Hidden(seat, (position.known[seat] | played[seat]).bits, need, unknown_played[seat],
                             position.voids[seat]))
    return hidden, (_FULL - seen).bits


def _play_of(position: Position, layout: Layout) -> Play:
    """The sampled layout as a :class:`~tenace.play.Play` that reaches the current position (the cards of
    the quitted tricks the robot does not know are the sample's)."""
    extra_played = {seat: list(layout.played.get(seat, ())) for seat in SEATS}
    sequence: list[Card] = []
    played: dict[Seat, CardSet] = {seat: CardSet() for seat in SEATS}
    for leader, cards in position.tricks:
        for i, card in enumerate(cards):
            seat = leader.rotate(i)
            actual = card if card is not None else extra_played[seat].pop()
            sequence.append(actual)
            played[seat] = played[seat].add(actual)
    hands = {
        seat: position.known[seat] | CardSet(layout.hands.get(seat, ())) | played[seat] for seat in SEATS
    }
    deal = Deal.from_hands(hands)
    leads = tuple((i, leader) for i, (leader, _) in enumerate(position.tricks))
    play = Play(deal, position.contract.denomination.suit, position.contract.opening_leader, (), leads)
    for card in sequence:
        play = play.push_unchecked(card)
    return play


def sample_layouts(position: Position, samples: int, rng: random.Random,
                   likelihood: Callable[[Seat, int], float] | None = None) -> list[tuple[Play, float]]:
    """``samples`` layouts consistent with ``position``, each as the play reaching it, with its weight.

    :raises ValueError: if nothing the robot saw can be squared with any layout.
    """
    hidden, pool = _hidden(position)
    auction = {h.seat: position.auction[h.seat] for h in hidden if h.seat in position.auction}
    layouts = deal_layouts(hidden, pool, auction, samples, rng, likelihood)
    return [(_play_of(position, layout), layout.weight) for layout in layouts]


def sample_plays(position: Position, samples: int, rng: random.Random) -> list[Play]:
    """``samples`` layouts consistent with ``position``, each as the play reaching it."""
    return [play for play, _ in sample_layouts(position, samples, rng)]


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


def effort(position: Position, samples: int) -> tuple[int, int]:
    """How many layouts a card decision solves: ``(first, most)``. The first ``first`` are always solved;
    more, a batch at a time up to ``most``, while the choice is open (:func:`_settled`, :func:`_clear`).

    ``samples`` is the robot's setting (20 by default). The opening lead solves one and a half times as
    many, every time (the costliest position: a full deal costs DDS 20 to 300 ms; on seed 11's 200 fixed
    auctions, the leads chosen from 30 and from 40 layouts were DD-optimal equally often, 82.5 %, and from
    20, 81.0 %); the rest of the first three tricks from once to twice as many; later tricks, cheap to
    solve, from half as many to twice."""
    if samples <= 0:
        return 0, 0
    if not position.tricks:
        return samples + samples // 2, samples + samples // 2
    if position.tricks_left >= 11:
        return samples, 2 * samples
    return max(1, samples // 2), LATE_MOST * samples


def _settled(solved: Sequence[tuple[SolvedPosition, float]]) -> bool:
    """Whether one card is the best on every layout solved so far."""
    common: set[Card] | None = None
    for result, _ in solved:
        top = result.max_tricks
        best = {card for card, tricks in result.cards if tricks == top}
        common = best if common is None else common & best
        if not common:
            return False
    return True


def _clear(solved: Sequence[tuple[SolvedPosition, float]]) -> bool:
    """Whether one card is clearly the best on the layouts solved so far: its mean number of tricks is more
    than :data:`CLEAR` standard errors above every other card's (the differences taken layout by layout,
    weighted), cards that take the same tricks as it on every layout aside."""
    if len(solved) < 2:
        return False
    values: dict[Card, list[int]] = {}
    for result, _ in solved:
        for card, tricks in result.cards:
            values.setdefault(card, []).append(tricks)
    weights = [w for _, w in solved]
    total = sum(weights)
    if total <= 0 or any(len(v) != len(weights) for v in values.values()):
        return False
    effective = total * total / sum(w * w for w in weights)
    if effective < 2:
        return False
    mean = {card: sum(w * t for w, t in zip(weights, v, strict=True)) / total for card, v in values.items()}
    best = max(mean, key=lambda c: mean[c])
    for card, row in values.items():
        if card == best or row == values[best]:
            continue
        diffs = [b - t for b, t in zip(values[best], row, strict=True)]
        lead = mean[best] - mean[card]
        spread = sum(w * (d - lead) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        error = (spread / (effective - 1)) ** 0.5   # of the weighted mean, with Bessel's correction
        if lead <= 0 or lead <= CLEAR * error:
            return False
    return True


def _choose(legal: CardSet, solved: Sequence[tuple[SolvedPosition, float]],
            prefer: Callable[[Card], float] | None = None) -> Card:
    """The legal card with the most tricks on average over the weighted layouts; among equals, the one best
    on most layouts, then the one ``prefer`` rates highest, then the lowest."""
    totals: dict[Card, float] = dict.fromkeys(legal, 0.0)
    tops: dict[Card, float] = dict.fromkeys(legal, 0.0)
    for result, weight in solved:
        top = result.max_tricks
        for card, tricks in result.cards:
            if card in totals:
                totals[card] += weight * tricks
                if tricks == top:
                    tops[card] += weight
    scale = sum(w for _, w in solved) or 1.0
    eps = 1e-9 * scale

    def key(card: Card) -> tuple[float, float, float, int, int]:
        return (round(totals[card] / eps) * eps, round(tops[card] / eps) * eps,
                prefer(card) if prefer is not None else 0.0, -int(card.rank), card.suit.index)

    return max(legal, key=key)


def _reading_line(position: Position, seat: Seat) -> bool:
    """Whether ``seat`` reads declarer's line (:func:`_line_weights`): a defender on lead to tricks 2 to
    :data:`LINE_TRICKS`."""
    if not READ_LINE or seat.side is position.contract.declarer.side or not position.tricks:
        return False
    if len(position.tricks[-1][1]) != 4:
        return False
    return 2 <= len(position.tricks) + 1 <= LINE_TRICKS


def _one_choice(state: Play) -> bool:
    """Whether the legal cards of the player on turn are all equal double dummy for want of a choice: one
    suit's cards with no card of another hand or of the trick in progress between them (touching, or touching
    once the cards of the quitted tricks are gone)."""
    legal = sorted(state.legal_cards(), key=lambda c: c.index)
    if not legal:
        return True
    others = 0   # the cards of the other hands and of the trick in progress
    for seat in SEATS:
        if seat is not state.turn:
            others |= state.hand(seat).bits
    for card in state.cards[len(state.cards) - len(state.cards) % 4:]:
        others |= 1 << card.index
    for low, high in itertools.pairwise(legal):
        between = ((1 << high.index) - 1) & ~((1 << (low.index + 1)) - 1)
        if low.suit is not high.suit or others & between:
            return False
    return True


def _line_weights(position: Position, layouts: list[tuple[Play, float]]) -> list[tuple[Play, float]]:
    """The layouts weighed by declarer's line: a layout in which a card declarer chose (his own or dummy's,
    among two or more legal cards) gives up a trick double dummy is :data:`LINE_SLIP` times less likely for
    each such card. Declarer plays to take his tricks, so what he did (a suit played on, a trick ducked) and
    did not do speaks about the hands he sees, his own among them (a soft read: a declarer who cannot see the
    defenders' hands may err in any layout).

    Only whether the card played was among the best matters, so each earlier position is asked just that
    (:func:`~tenace.solver.dds.optimal_cards`, cheaper than valuing every card), once however many layouts
    share it, all in one batch; the layouts are weighed as if every card were valued."""
    declarer = position.contract.declarer
    past: list[tuple[int, int, Card]] = []   # (layout, distinct position, card played there)
    distinct: dict[tuple[int, ...], int] = {}
    states: list[Play] = []
    for i, (play, _) in enumerate(layouts):
        state = Play(play.deal, play.trump, play.leader, (), play.leads)
        for card in play.cards:
            if state.turn.side is declarer.side and not _one_choice(state):
                key = (*(h.bits for h in state.deal.hands), *(c.index for c in state.cards))
                if key not in distinct:
                    distinct[key] = len(states)
                    states.append(state)
                past.append((i, distinct[key], card))
            state = state.push_unchecked(card)
    if not past:
        return layouts
    best = optimal_cards(states)
    slips = [0] * len(layouts)
    for i, k, card in past:
        if card not in best[k]:
            slips[i] += 1
    return [(play, weight * LINE_SLIP ** slip) for (play, weight), slip in zip(layouts, slips, strict=True)]


def _reading_lead(position: Position, seat: Seat) -> bool:
    """Whether ``seat`` (declarer's side) weighs its layouts by the opening lead (:func:`_lead_weights`)."""
    if LEAD_SLIP is None or seat.side is not position.contract.declarer.side or not position.tricks:
        return False
    if not position.tricks[0][1] or position.tricks[0][1][0] is None:
        return False
    number = len(position.tricks) + (len(position.tricks[-1][1]) == 4)   # the trick the card goes to
    return number <= LEAD_TRICKS


def _lead_weights(position: Position, layouts: list[tuple[Play, float]]) -> list[tuple[Play, float]]:
    """The layouts weighed by the opening lead: a layout in which the card led gives up tricks double dummy
    (the leader could have done better with the hand the layout gives him) is :data:`LEAD_SLIP` times less
    likely for each trick. The leader chose his card to beat the contract with the hand he holds, so the
    suit he led, and those he did not, speak about it (a soft read: he cannot see the other hands).

    The tricks given up are the defence's best result before the lead less its result after it, each found
    by searching the best result only (:func:`~tenace.solver.dds.side_values`: two such searches cost less
    than valuing each of the leader's cards), every distinct deal once, in one batch."""
    if LEAD_SLIP is None or not layouts:
        return layouts
    lead = position.tricks[0][1][0]
    if lead is None:
        return layouts
    distinct: dict[tuple[int, ...], int] = {}
    starts: list[Play] = []
    index: list[int] = []
    for play, _ in layouts:
        key = tuple(h.bits for h in play.deal.hands)
        if key not in distinct:
            distinct[key] = len(starts)
            first = tuple(x for x in play.leads if x[0] == 0)
            starts.append(Play(play.deal, play.trump, play.leader, (), first))
        index.append(distinct[key])
    # each deal's two positions side by side: a batch so ordered solved about a quarter faster in a trial
    values = side_values([position for start in starts for position in (start, start.push_unchecked(lead))])
    given = [values[2 * k] - (13 - values[2 * k + 1]) for k in range(len(starts))]
    return [(play, weight * LEAD_SLIP ** given[k]) for (play, weight), k in zip(layouts, index, strict=True)]


_Reweigh = Callable[[list[tuple[Play, float]]], list[tuple[Play, float]]]


def _solve_until_settled(position: Position, samples: int, rng: random.Random, budget: float | None,
                         likelihood: Callable[[Seat, int], float] | None = None,
                         reweigh: _Reweigh | None = None, lazy: bool = True
                         ) -> list[tuple[SolvedPosition, float]]:
    """The layouts of a decision (how many: :func:`effort`), solved, with their weights.

    ``reweigh`` (a read of the play so far: :func:`_line_weights`, :func:`_lead_weights`) is applied only
    once the layouts solved disagree on the best card (:func:`_settled`): while one card is the best on every
    layout, it takes the most tricks and is the best most often under any weights, so the choice does not
    depend on them (unless ``lazy`` is false: the choice then weighs a margin, :func:`_own_suit_lead`). The
    read, which solves earlier positions of every layout, is so skipped where it cannot matter; the layouts
    drawn, the cards solved and the card chosen are those of weighing every layout as it is drawn."""
    first, most = effort(position, samples)
    start = time.perf_counter()
    layouts: list[tuple[Play, float]] = []
    solved: list[tuple[SolvedPosition, float]] = []

    def solve(batch: list[tuple[Play, float]]) -> None:
        layouts.extend(batch)
        solved.extend(zip(solve_positions([p for p, _ in batch]), [w for _, w in batch], strict=True))

    def weigh() -> list[tuple[SolvedPosition, float]]:
        done = weighed[0]
        if reweigh is None or done == len(solved) or (lazy and _settled(solved)):
            return solved
        for k, (_, weight) in enumerate(reweigh(layouts[done:]), done):
            solved[k] = (solved[k][0], weight)
        weighed[0] = len(solved)
        return solved

    weighed = [0]
    drawn = sample_layouts(position, first, rng, likelihood)
    if budget is None:
        solve(drawn)
    else:
        for i in range(0, len(drawn), _BATCH):
            solve(drawn[i:i + _BATCH])
            if time.perf_counter() - start >= budget:
                return weigh()
    step = max(_BATCH, first // 2)
    while len(solved) < most and not _settled(solved) and not _clear(weigh()):
        if budget is not None and time.perf_counter() - start >= budget:
            break
        solve(sample_layouts(position, min(step, most - len(solved)), rng, likelihood))
    return weigh()


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


def signals_of(position: Position, defender: Seat) -> list[Signal]:
    """The cards ``defender`` played that signal (:mod:`tenace.robots.signals`), as the robot saw them."""
    out: list[Signal] = []
    led_before: set[Suit] = set()
    before: dict[Suit, int] = {}
    trump = position.contract.denomination.suit
    notrump = trump is None
    quitted = 0   # the cards of the tricks before this one, whoever played them (bits)
    mine = 0   # the cards the defender played in them
    voids: dict[Seat, set[Suit]] = {seat: set() for seat in SEATS}   # shown out of, in those tricks
    for number, (leader, cards) in enumerate(position.tricks):
        led = cards[0] if cards else None
        for i, card in enumerate(cards):
            if card is None or leader.rotate(i) is not defender:
                continue
            what: Situation | None = None
            if i == 0:
                what = Situation("opening", notrump=notrump) if number == 0 else Situation("lead")
                if _ruff(trump, card.suit, voids[defender.partner]):
                    assert trump is not None
                    out.append(Signal(Situation("preference", card.suit, trump=trump), card, mine))
            if i > 0 and led is not None:
                what = situation(defender, position.contract.declarer, leader, led, card.suit is led.suit,
                                 led.suit not in led_before)
                if card.suit is led.suit and card.rank >= Rank.JACK:
                    # the lowest of equal cards: it denies the card below it
                    out.append(Signal(Situation("follow", card.suit), card, quitted))
            if what is not None:
                out.append(Signal(what, card, before.get(card.suit, 0)))
            before[card.suit] = before.get(card.suit, 0) | 1 << card.index
        if led is not None:
            led_before.add(led.suit)
        for i, card in enumerate(cards):
            if card is not None:
                quitted |= 1 << card.index
                if leader.rotate(i) is defender:
                    mine |= 1 << card.index
                if led is not None and card.suit is not led.suit:
                    voids[leader.rotate(i)].add(led.suit)
    return out


def _ruff(trump: Suit | None, suit: Suit, partner_voids: set[Suit] | frozenset[Suit]) -> bool:
    """Whether a lead of ``suit`` gives partner (void in ``partner_voids``) a ruff: a side suit he has
    shown out of, with trumps he has not shown out of."""
    return trump is not None and suit is not trump and suit in partner_voids and trump not in partner_voids


def _reading(position: Position, seat: Seat, carding: Carding) -> Callable[[Seat, int], float] | None:
    """The soft constraint of the defenders' signals the robot at ``seat`` reads: a defender his partner's,
    declarer both defenders'."""
    declarer = position.contract.declarer
    defenders = [declarer.lho, declarer.rho] if seat.side is declarer.side else [seat.partner]
    signals = {d: found for d in defenders if (found := signals_of(position, d))}
    return reader(signals, carding) if signals else None


def _preference(position: Position, seat: Seat, carding: Carding) -> Callable[[Card], float] | None:
    """How a defender ranks cards equal on every layout: the signal its carding gives when it follows or
    discards; when it leads, the top of touching honours, else the lowest card. ``None`` for declarer."""
    declarer = position.contract.declarer
    if seat.side is declarer.side:
        return None
    hand = position.known[seat]
    if not position.tricks or len(position.tricks[-1][1]) == 4:
        notrump = position.contract.denomination.suit is None
        conventional = {suit: conventional_lead(hand.suit(suit), notrump) for suit in Suit if hand.suit(suit)}

        trump = position.contract.denomination.suit
        ruffs = {suit: giver(Situation("preference", suit, trump=trump), hand, carding) for suit in Suit
                 if position.tricks and hand.suit(suit) and _ruff(trump, suit, position.voids[seat.partner])}

        def lead(card: Card) -> float:
            # a ruff for partner: suit preference; else the card the lead conventions name first, then the
            # top of touching honours, else the lowest
            if card.suit in ruffs:
                return ruffs[card.suit](card)
            if conventional.get(card.suit) is card:
                return 100.0
            return float(card.rank) if card.rank >= Rank.TEN else -float(card.rank)
        return lead
    leader, cards = position.tricks[-1]
    led = cards[0]
    if led is None:
        return None
    first_round = all(c[0] is None or c[0].suit is not led.suit for _, c in position.tricks[:-1])
    what = situation(seat, declarer, leader, led, bool(hand.suit(led.suit)), first_round)
    return giver(what, hand, carding) if what is not None else None


def _draw_trumps(position: Position) -> Callable[[Card], float] | None:
    """How declarer ranks cards equal on every layout when he leads: a trump first, the highest, while a
    defender may still hold one (a ruff too rare for the layouts to show is the usual risk of waiting), else
    ``None`` (the lowest card then)."""
    trump = position.contract.denomination.suit
    if trump is None or (position.tricks and len(position.tricks[-1][1]) < 4):
        return None
    declarer = position.contract.declarer
    if all(trump in position.voids[d] for d in (declarer.lho, declarer.rho)):
        return None
    return lambda card: 1.0 + float(card.rank) / 100 if card.suit is trump else 0.0


def _close_choice(legal: CardSet, candidates: CardSet, margin: float,
                  solved: Sequence[tuple[SolvedPosition, float]],
                  prefer: Callable[[Card], float] | None) -> Card | None:
    """The best of ``candidates`` (:func:`_choose`) among those within ``margin`` tricks on average of the
    best legal card over the weighted layouts; ``None`` when none is (or no layout weighs)."""
    scale = sum(w for _, w in solved)
    if scale <= 0:
        return None
    mean: dict[Card, float] = dict.fromkeys(legal, 0.0)
    for result, weight in solved:
        for card, tricks in result.cards:
            if card in mean:
                mean[card] += weight * tricks / scale
    top = max(mean.values())
    close = CardSet(c for c in candidates if mean[c] >= top - margin - 1e-9)
    return _choose(close, solved, prefer) if close else None


def _partner_suit_lead(position: Position, seat: Seat, legal: CardSet,
                       solved: Sequence[tuple[SolvedPosition, float]],
                       prefer: Callable[[Card], float] | None) -> Card | None:
    """On the opening lead, the best card of a suit partner bid when it is within :data:`PARTNER_SUIT` tricks
    of the best lead on average."""
    auction = position.auction.get(seat.partner)
    if position.tricks or auction is None or not auction.bid:
        return None
    suits = [s for s in auction.bid if s is not position.contract.denomination.suit]
    return _close_choice(legal, CardSet(c for c in legal if c.suit in suits), PARTNER_SUIT, solved, prefer)


def _own_suit_lead(position: Position, seat: Seat, legal: CardSet,
                   solved: Sequence[tuple[SolvedPosition, float]],
                   prefer: Callable[[Card], float] | None) -> Card | None:
    """The opening leader on lead again to tricks 2 to :data:`OWN_TRICKS`: the best card of the suit he led
    first when it is within :data:`OWN_SUIT` tricks of the best lead on average (a new suit opened by a
    defender often gives declarer a trick; the suit led first is the one the defence set out to develop)."""
    if OWN_SUIT is None or seat is not position.contract.opening_leader or not position.tricks:
        return None
    if len(position.tricks[-1][1]) != 4 or not 2 <= len(position.tricks) + 1 <= OWN_TRICKS:
        return None
    first = position.tricks[0][1][0]
    if first is None or not legal.suit(first.suit):
        return None
    return _close_choice(legal, legal.suit(first.suit), OWN_SUIT, solved, prefer)


def choose_card(
    view: TableView, seat: Seat, memory: Memory | None, samples: int, rng: random.Random,
    system: BiddingSystem | None = None, budget: float | None = None, carding: Carding | None = STANDARD,
) -> tuple[Card, list[SolvedPosition]]:
    """The card for ``seat`` (the robot's own, or dummy's when the robot is declarer): the most tricks on
    average over the layouts (how many: :func:`effort`), then the card best on most layouts; a defender
    then signals as ``carding`` says (:mod:`tenace.robots.signals`; ``None``: no signals), and the layouts
    are weighed by the defenders' signals (a defender reads his partner's, declarer both); the last ties go
    to the lowest card. On the opening lead, a suit
    partner bid is led when it is close to the best lead. Returns the solved layouts too (for claims).
    ``budget``: see :func:`solve_samples`."""
    position = position_from_view(view, memory, system)
    legal = _legal(position, seat, view)
    if not legal:
        raise ValueError(f"{seat.name.title()} has no card to play")
    if len(legal) == 1 or samples <= 0:
        return _lowest(list(legal)), []
    likelihood = _reading(position, seat, carding) if carding is not None else None
    if seat.side is position.contract.declarer.side:
        prefer = _draw_trumps(position) if DRAW_TRUMPS else None
    else:
        prefer = _preference(position, seat, carding) if carding is not None else None
    try:
        reweigh = functools.partial(_line_weights, position) if _reading_line(position, seat) else None
        if _reading_lead(position, seat):
            reweigh = functools.partial(_lead_weights, position)
        lazy = OWN_SUIT is None or seat.side is position.contract.declarer.side
        solved = _solve_until_settled(position, samples, rng, budget, likelihood, reweigh, lazy)
    except ValueError:  # nothing the robot saw can be squared with any layout (a bug, or a revoke): no guess
        return _lowest(list(legal)), []
    return pick_card(position, seat, legal, solved, prefer), [result for result, _ in solved]


def pick_card(position: Position, seat: Seat, legal: CardSet, solved: Sequence[tuple[SolvedPosition, float]],
              prefer: Callable[[Card], float] | None) -> Card:
    """The card :func:`choose_card` plays once the layouts are solved (weighted): a suit partner bid when it
    is close on the opening lead, else the most tricks on average (:func:`_choose`)."""
    return (_partner_suit_lead(position, seat, legal, solved, prefer)
            or _own_suit_lead(position, seat, legal, solved, prefer) or _choose(legal, solved, prefer))


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
