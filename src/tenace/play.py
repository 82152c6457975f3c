"""The play: tricks, following suit, the winner of a trick and the next lead (Law 44)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from tenace.cards import Card, CardSet, Suit
from tenace.contract import Contract
from tenace.deal import Deal
from tenace.errors import IllegalPlayError, ImpossibleActionError
from tenace.seats import SEATS, Seat, Side

_EMPTY: Final = CardSet()
_SEATS: Final = SEATS
_INDEX: Final[dict[Seat, int]] = {seat: i for i, seat in enumerate(SEATS)}
_SUIT_MASK: Final = (1 << 13) - 1


@dataclass(frozen=True, slots=True)
class Trick:
    """Up to four cards played in rotation from ``leader``.

    >>> t = Trick(Seat.WEST, tuple(Card.from_str(c) for c in ("HK", "HA", "S2", "H3")))
    >>> t.winner(Suit.SPADES), t.winner(None)
    (<Seat.EAST: 'E'>, <Seat.NORTH: 'N'>)
    """

    leader: Seat
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) > 4:
            raise ValueError(f"a trick has at most four cards, got {len(self.cards)}")

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    def __iter__(self) -> Iterator[tuple[Seat, Card]]:
        for i, card in enumerate(self.cards):
            yield self.leader.rotate(i), card

    def winner(self, trump: Suit | None) -> Seat:
        """The seat winning the trick so far: the highest trump if any (Law 44E), else the highest card
        of the suit led (Law 44F)."""
        if not self.cards:
            raise ImpossibleActionError("an empty trick has no winner")
        best = 0
        for i in range(1, len(self.cards)):
            card, top = self.cards[i], self.cards[best]
            if card.suit is top.suit:
                if card.rank > top.rank:
                    best = i
            elif card.suit is trump:
                best = i
            # any other card (a discard) cannot win
        return self.leader.rotate(best)

    def __str__(self) -> str:
        return f"{self.leader.value}: " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)  # no slots: a push copies the dictionary and changes what the card changed
class Play:
    """The play of a deal: cards in the order played, from ``leader`` (the opening leader).

    Each push is checked: the card must be in the hand of the player whose turn it is and must follow
    suit when it can (Law 44C). :meth:`push_unchecked` lets a revoke stand, for records of real play.

    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> play = Play.for_contract(deal, Contract.from_str("7NTN"))
    >>> play = play.extend(Card.from_str(c) for c in ("ST", "S3", "S2", "SA"))
    >>> play.turn, play.tricks_won(Side.NS), len(play.legal_cards())
    (<Seat.NORTH: 'N'>, 1, 12)
    """

    deal: Deal
    trump: Suit | None
    leader: Seat
    cards: tuple[Card, ...] = ()
    leads: tuple[tuple[int, Seat], ...] = ()
    """Tricks led from another seat than Law 44G gives, as (trick index from 0, leader) pairs: a lead out of
    turn that stands (Law 53A). Empty in a play without one; see :meth:`lead_out_of_turn`."""
    # Derived from the fields above; never passed in (so dataclasses.replace() recomputes them too). A push
    # builds the next play's derived values once, from this play's: the trick in progress and the seat on turn
    # are kept in the state, not worked out again from the cards.
    _winners: tuple[Seat, ...] = field(default=(), init=False, repr=False, compare=False)
    _remaining: tuple[CardSet, ...] = field(default=(), init=False, repr=False, compare=False)
    _revokes: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    _tricks: tuple[Trick, ...] | None = field(default=None, init=False, repr=False, compare=False)
    """:attr:`tricks`, built on first use (a play is immutable, and views ask for it often)."""
    _led: Seat = field(default=Seat.NORTH, init=False, repr=False, compare=False)
    """The leader of the trick in progress."""
    _current: Trick | None = field(default=None, init=False, repr=False, compare=False)
    """:attr:`current_trick`, built on first use."""
    _turn: Seat = field(default=Seat.NORTH, init=False, repr=False, compare=False)
    """:attr:`turn`."""
    _legal: CardSet | None = field(default=None, init=False, repr=False, compare=False)
    """:meth:`legal_cards`, worked out on first use (once per turn: every state is one turn)."""

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        store = object.__setattr__
        leader = self._leader_of(0, ())
        # every field goes in the dictionary, which a push copies
        for name, value in (("cards", ()), ("_winners", ()), ("_remaining", self.deal.hands),
                            ("_revokes", ()), ("_tricks", None), ("_led", leader), ("_current", None),
                            ("_turn", leader), ("_legal", None)):
            store(self, name, value)
        if not cards:  # the play before the opening lead: all set above
            return
        state: Play = self
        for card in cards:
            state = state.push(card)
        for name in ("cards", "_winners", "_remaining", "_revokes", "_led", "_turn"):
            store(self, name, getattr(state, name))
        store(self, "_legal", None)  # worked out above for the empty play

    @classmethod
    def for_contract(
        cls, deal: Deal, contract: Contract, cards: Iterable[Card] = (), *, allow_revokes: bool = False
    ) -> Play:
        """The play of ``deal`` in ``contract``: declarer's left-hand opponent leads (Law 41A).

        With ``allow_revokes``, a card that fails to follow suit is let stand (see :meth:`push_unchecked`),
        as real records sometimes hold one.
        """
        play = cls(deal, contract.denomination.suit, contract.opening_leader)
        for card in cards:
            play = play.push_unchecked(card) if allow_revokes else play.push(card)
        return play

    @property
    def declarer(self) -> Seat:
        return self.leader.rho

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        tricks = self._tricks
        if tricks is None:
            tricks = tuple(
                _trick(self._leader_of(i, self._winners), self.cards[4 * i: 4 * i + 4])
                for i in range(len(self._winners))
            )
            object.__setattr__(self, "_tricks", tricks)
        return tricks

    def _leader_of(self, index: int, winners: Sequence[Seat]) -> Seat:
        """The leader of trick ``index`` (from 0): the previous trick's winner (Law 44G) unless a lead out of
        turn stood there."""
        for trick, seat in self.leads:
            if trick == index:
                return seat
        return winners[index - 1] if index else self.leader

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (possibly empty; after the last trick, an empty trick)."""
        current = self._current
        if current is None:
            cards = self.cards
            current = _trick(self._led, cards[len(cards) - len(cards) % 4:])
            object.__setattr__(self, "_current", current)
        return current

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The winner of each completed trick, in order."""
        return self._winners

    @property
    def turn(self) -> Seat:
        """The seat to play next (dummy's cards are dummy's seat)."""
        return self._turn

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 52

    def hand(self, seat: Seat) -> CardSet:
        """The cards ``seat`` still holds."""
        return self._remaining[seat.index]

    def tricks_won(self, side: Side) -> int:
        return sum(1 for w in self._winners if w.side is side)

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.declarer.side)

    @property
    def revokes(self) -> tuple[int, ...]:
        """Positions in :attr:`cards` of cards that failed to follow suit (pushed unchecked)."""
        return self._revokes

    def legal_cards(self) -> CardSet:
        """The cards the player on turn may play: any card when leading (Law 44A), otherwise the cards of
        the suit led if he has any (Law 44C), else any card (Law 44D)."""
        legal = self._legal
        if legal is None:
            legal = self._legal_now()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _legal_now(self) -> CardSet:
        cards = self.cards
        n = len(cards)
        if n == 52:
            return _EMPTY
        hand = self._remaining[_INDEX[self._turn]]
        if not n % 4:  # every trick has four cards: none of the trick in progress yet, a lead
            return hand
        following = hand.suit(cards[n - n % 4].suit)
        return following if following else hand

    def push(self, card: Card) -> Play:
        """The play after the player on turn plays ``card``.

        :raises IllegalPlayError: if the card is not in that hand or fails to follow suit (Law 44C).
        """
        if card not in self.legal_cards():
            self._explain(card)
        # Law 44B: after the lead each other player in turn plays a card; four cards make the trick
        return self._push(card, revoke=False)

    def push_unchecked(self, card: Card) -> Play:
        """Like :meth:`push` but lets a failure to follow suit stand (a revoke, Law 61); the card must still
        be in the hand."""
        legal = self.legal_cards()
        if card in legal:
            return self._push(card, revoke=False)
        if self.is_complete or card not in self._remaining[_INDEX[self._turn]]:
            self._explain(card)
        return self._push(card, revoke=True)

    def lead_out_of_turn(self, seat: Seat) -> Play:
        """The play with the trick about to begin led by ``seat`` instead: a lead out of turn that stands
        (Law 53A); the next card comes from ``seat``'s left.

        >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
        >>> play = Play.for_contract(deal, Contract.from_str("7NTN")).lead_out_of_turn(Seat.WEST)
        >>> play = play.push(Card.from_str("S2"))
        >>> play.turn, play.current_trick.leader
        (<Seat.NORTH: 'N'>, <Seat.WEST: 'W'>)

        :raises ImpossibleActionError: if a trick is in progress or the play is over.
        """
        if self.current_trick.cards or self.is_complete:
            raise ImpossibleActionError("a lead out of turn can only stand at the start of a trick")
        n = len(self._winners)
        leads = (*(x for x in self.leads if x[0] != n), (n, seat))
        play = Play(self.deal, self.trump, self.leader, (), leads)
        for card in self.cards:  # unchecked: revokes that stood must stay as they were
            play = play.push_unchecked(card)
        return play

    def extend(self, cards: Iterable[Card]) -> Play:
        play = self
        for card in cards:
            play = play.push(card)
        return play

    def _explain(self, card: Card) -> None:
        if self.is_complete:
            raise IllegalPlayError(f"all 52 cards have been played; {card} cannot follow")
        seat = self.turn
        trick_no = len(self._winners) + 1
        if card not in self._remaining[seat.index]:
            where = "has already been played" if card in self.deal[seat] else "is not in that hand"
            raise IllegalPlayError(f"{seat.name.title()} cannot play {card} to trick {trick_no}: it {where}")
        led = self.current_trick.suit_led
        raise IllegalPlayError(
            f"{seat.name.title()} must follow suit to trick {trick_no}: {card} is not a "
            f"{led.name.lower().rstrip('s') if led else ''} (Law 44C)"
        )

    def _push(self, card: Card, *, revoke: bool) -> Play:
        old = self.__dict__
        seat = old["_turn"]
        i = _INDEX[seat]
        remaining = old["_remaining"]
        held = remaining[i].bits
        bit = 1 << card.index
        if not held & bit:
            raise KeyError(card)
        cards = (*old["cards"], card)
        new = object.__new__(Play)  # the next state is computed here: skip the replay in __post_init__
        values = new.__dict__
        values.update(old)
        values["cards"] = cards
        values["_remaining"] = (*remaining[:i], _cardset(held ^ bit), *remaining[i + 1:])
        values["_current"] = None
        values["_legal"] = None
        n = len(cards)
        if n % 4:  # Law 44B: the others play in rotation
            values["_turn"] = _SEATS[(i + 1) % 4]
        else:  # Law 44G: four cards make the trick, and its winner leads to the next
            done = _trick(old["_led"], cards[n - 4:])
            winners = (*old["_winners"], done.winner(self.trump))
            values["_winners"] = winners
            tricks = old["_tricks"]
            if tricks is not None:
                values["_tricks"] = (*tricks, done)
            values["_led"] = values["_turn"] = self._leader_of(len(winners), winners)
        if revoke:
            values["_revokes"] = (*old["_revokes"], n - 1)
        return new

    def _push_run(self, events: Sequence[_Played], start: int, stop: int) -> tuple[Play, int]:
        """The play after ``events[start:k]``, the longest run of them (``k <= stop``) in which each card
        comes from the seat on turn (``event.seat``) and follows suit (Law 44C), ending before the last card
        of the play; and ``k``. The same play as pushing them one by one with :meth:`push`, built once: a
        replay of a known record (:meth:`tenace.laws.table.Table.routine_run`) need not make a play per card.
        """
        old = self.__dict__
        before: tuple[Card, ...] = old["cards"]
        n = len(before)
        held = [hand.bits for hand in old["_remaining"]]
        turn: Seat = old["_turn"]
        led: Seat = old["_led"]
        winners = list(old["_winners"])
        trick = list(before[n - n % 4:])
        added: list[Card] = []
        trump, leads = self.trump, self.leads
        k = start
        while k < stop and n < 51:
            event = events[k]
            if event.seat is not turn:
                break
            card = event.card
            i = _INDEX[turn]
            bits = held[i]
            bit = 1 << card.index
            if not bits & bit:
                break
            if trick:  # Law 44C: a card of the suit led when he has one
                mask = _SUIT_MASK << (trick[0].index // 13 * 13)
                if bits & mask and not bit & mask:
                    break
            held[i] = bits ^ bit
            added.append(card)
            trick.append(card)
            n += 1
            k += 1
            if n % 4:  # Law 44B: the others play in rotation
                turn = _SEATS[(i + 1) % 4]
            else:  # Law 44G: four cards make the trick, and its winner leads to the next
                best = 0  # as Trick.winner: the highest trump (Law 44E), else the highest of the suit led
                top = trick[0]
                for j in (1, 2, 3):
                    other = trick[j]
                    if other.suit is top.suit:
                        if other.index > top.index:
                            best, top = j, other
                    elif other.suit is trump:
                        best, top = j, other
                winners.append(_SEATS[(_INDEX[led] + best) % 4])
                led = turn = self._leader_of(len(winners), winners) if leads else winners[-1]
                trick = []
        if k == start:
            return self, k
        new = object.__new__(Play)
        values = new.__dict__
        values.update(old)
        values["cards"] = (*before, *added)
        values["_remaining"] = tuple(
            hand if hand.bits == bits else _cardset(bits)
            for hand, bits in zip(old["_remaining"], held, strict=True)
        )
        values["_winners"] = tuple(winners)
        values["_tricks"] = None  # built again on first use
        values["_current"] = None
        values["_legal"] = None
        values["_led"] = led
        values["_turn"] = turn
        return new, k


class _Played(Protocol):
    """A card played from a seat (:class:`tenace.laws.events.CardPlayed`, which the core does not import)."""

    @property
    def seat(self) -> Seat: ...

    @property
    def card(self) -> Card: ...


def _cardset(bits: int) -> CardSet:
    """The :class:`CardSet` of ``bits``, already known to be a valid set (a hand less one card)."""
    new = object.__new__(CardSet)
    object.__setattr__(new, "bits", bits)
    return new


def _trick(leader: Seat, cards: tuple[Card, ...]) -> Trick:
    """A :class:`Trick` of at most four cards, made without checking their number again."""
    trick = object.__new__(Trick)
    object.__setattr__(trick, "leader", leader)
    object.__setattr__(trick, "cards", cards)
    return trick
