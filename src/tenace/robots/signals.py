"""Defensive signals, given and read as the partnership's carding says (the robots' card: standard).

* **Attitude**: following to partner's lead, a high card encourages the suit (the robot holds its ace, king or
  queen, or the jack when partner led the king: a king is led from K-Q, and the jack sets up the suit), the
  lowest discourages. A discard is an attitude signal in the suit discarded: the robot throws the
  lowest card of a suit it does not want, or else a high card of one it does.
* **Count**: following the first time declarer's side leads a suit, a high card shows an even number of
  cards in it (high-low), the lowest an odd number.
* **Equal cards**: a defender who follows suit with an honour plays the lowest of cards equal to it (with K-Q,
  the queen), so the jack or higher he plays denies the card just below it, the cards of quitted tricks
  aside (his partner and declarer read that; a robot always does it, since touching cards in one hand are
  always equal double dummy, and so does a human defender in standard methods).
* **Suit preference**: a defender who leads a suit his partner has shown out of (in a trump contract, not
  trumps: a ruff) leads a high card of it when he wants the higher-ranking of the two other side suits back,
  the lowest when he wants the lower one (the suit where he holds the better of the ace and the king; the
  lower one when neither).
* **Leads**: the card the system card's lead conventions name (:func:`conventional_lead`): the top of a
  sequence or of an interior sequence, fourth best from an honour (against notrump from any long suit),
  second highest from small cards, high from a doubleton, low from an honour third. An honour led denies the
  one above it. The opening lead is read that way too, softly (a robot leads the conventional card only
  among cards equal double dummy).

Upside-down carding (``UPSIDE_DOWN``) reverses both: low encourages, low-high shows an even number.

A signal is only ever given by choosing among cards that are equal on every layout the robot solved, so it
never costs a trick the robot can see. The signals are read the same way, softly, by partner and by
declarer (the carding is disclosed on the system card): a layout that gives the defender a hand with which
he would have signalled otherwise is not excluded, only weighed less (:func:`reader`).

>>> from tenace.cards import Card, CardSet
>>> hand = CardSet.from_pbn("K84.T93.Q72.8642")
>>> rate = giver(Situation("attitude", Suit.SPADES), hand, STANDARD)
>>> max([Card.from_str("S8"), Card.from_str("S4")], key=rate)   # the king: encourage with the 8
Card.from_str('S8')
>>> rate = giver(Situation("attitude", Suit.HEARTS), hand, STANDARD)
>>> max([Card.from_str("H9"), Card.from_str("H3")], key=rate)   # no honour: the lowest
Card.from_str('H3')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from tenace.cards import Card, CardSet, Rank, Suit
from tenace.seats import Seat

__all__ = ["STANDARD", "UPSIDE_DOWN", "Carding", "Situation", "carding_of", "conventional_lead", "giver",
           "preference_suit", "reader", "situation"]

_SUIT_MASK: Final = (1 << 13) - 1
_HONOURS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN)
MISREAD: Final = 0.35
"""How much less likely a layout is when partner's card in it goes against his signal (his choice of cards
may have been limited: a signal is given only among cards equal double dummy)."""
FOLLOW_MISREAD: Final = 0.1
"""The same for an honour played following suit when the defender held the card just below it (the cards of
quitted tricks aside): the lower of equal cards is the one to play, and touching cards are always equal."""
LEAD_MISREAD: Final = 0.1
"""The same for an honour led that is not the top of the honours touching it: touching honours are always
equal double dummy, so a robot never leads otherwise, and a human hardly ever (a falsecard)."""


class Carding(enum.Enum):
    """Which cards encourage and show an even number."""

    STANDARD = "standard"
    """High encourages; high-low shows an even number."""
    UPSIDE_DOWN = "upside-down"
    """Low encourages; low-high shows an even number."""


STANDARD: Final = Carding.STANDARD
UPSIDE_DOWN: Final = Carding.UPSIDE_DOWN


def carding_of(text: str) -> Carding:
    """The carding a system card's text describes (``Carding.signals_vs_suits``, for example): upside-down
    when it says so (or "UDCA", "reverse"), standard otherwise.

    >>> carding_of("UDCA, odd-even discards"), carding_of("standard attitude and count")
    (<Carding.UPSIDE_DOWN: 'upside-down'>, <Carding.STANDARD: 'standard'>)
    """
    lower = text.lower()
    if "upside" in lower or "udca" in lower or "reverse" in lower:
        return UPSIDE_DOWN
    return STANDARD


@dataclass(frozen=True, slots=True)
class Situation:
    """What a defender's card to a trick signals: ``"attitude"`` or ``"count"`` in ``suit`` when following,
    ``"discard"`` when it cannot follow (each card then signals in its own suit), ``"follow"`` for a jack or
    higher played following suit (the lowest of equal cards: it denies the card below), ``"lead"`` when it
    leads (an honour led is the top of touching honours), ``"preference"`` when it leads ``suit`` for its
    partner to ruff (:func:`preference_suit`), ``"opening"`` for the opening lead (the conventional
    card of the suit, :func:`conventional_lead`; ``notrump``: against a notrump contract)."""

    kind: str
    suit: Suit | None = None
    notrump: bool = False
    trump: Suit | None = None
    """For ``"preference"`` (a lead for partner to ruff, in ``suit``): the trump suit."""
    jack: bool = False
    """For ``"attitude"``: partner led the king (from K-Q), so the jack encourages as well."""


def situation(seat: Seat, declarer: Seat, leader: Seat, led: Card | None, holds_led: bool,
              first_round: bool) -> Situation | None:
    """What ``seat``'s card to the current trick signals, or ``None`` (a lead, or declarer's side)."""
    if seat.side is declarer.side or led is None:
        return None
    if not holds_led:
        return Situation("discard")
    if leader is seat.partner:
        return Situation("attitude", led.suit, jack=led.rank is Rank.KING)
    if first_round:
        return Situation("count", led.suit)
    return None


def _likes(holding: CardSet, jack: bool = False) -> bool:
    """Whether the robot wants the suit of ``holding``: it holds the ace, king or queen (or the jack, when
    ``jack``: partner led the king)."""
    return any(card.rank in _HONOURS or (jack and card.rank is Rank.JACK) for card in holding)


def _spot(card: Card) -> bool:
    return card.rank < Rank.JACK


_HONOUR_LEADS: Final = Rank.JACK
"""The lowest card that makes a holding "an honour" for fourth best."""


def conventional_lead(holding: CardSet, notrump: bool) -> Card:
    """The card the lead conventions of the robots' card lead from ``holding`` (one suit, not empty): the top
    of a sequence (two touching cards, the higher a ten or better), else the top of an interior sequence
    (K-J-10: the jack), else fourth best from four or more with an honour (against notrump, from any four or
    more), else the lowest from an honour third, else the second highest from small cards, the higher of a
    doubleton.

    >>> [str(conventional_lead(CardSet.from_pbn(h), False)) for h in ("KQ72...", "KJT3...", "Q8642...",
    ...  "852...", "9762...", "93...", "K94...")]
    ['SK', 'SJ', 'S4', 'S5', 'S7', 'S9', 'S4']
    >>> str(conventional_lead(CardSet.from_pbn("9762..."), True))
    'S2'
    """
    cards = sorted(holding, key=lambda c: c.rank, reverse=True)
    if not cards:
        raise ValueError("no card to lead from an empty holding")
    if len(cards) <= 2:
        return cards[0]
    ranks = [c.rank for c in cards]
    if ranks[0] >= Rank.TEN and ranks[1] == ranks[0] - 1:
        return cards[0]
    for i in range(1, len(cards) - 1):
        if ranks[i] >= Rank.TEN and ranks[i + 1] == ranks[i] - 1 and ranks[i - 1] > ranks[i] + 1:
            return cards[i]
    honour = ranks[0] >= _HONOUR_LEADS
    if len(cards) >= 4 and (honour or notrump):
        return cards[3]
    if honour:
        return cards[-1]
    return cards[1]


def _side_suits(led: Suit, trump: Suit) -> tuple[Suit, Suit]:
    """The two suits other than ``led`` and ``trump``, the lower-ranking first."""
    low, high = (s for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES) if s not in (led, trump))
    return low, high


def _entry(bits: int, suit: Suit) -> int:
    """2 with the ace of ``suit`` in ``bits`` (a hand), 1 with the king, else 0."""
    top = bits >> 13 * suit.index + 11 & 3
    return 2 if top & 2 else top


def preference_suit(what: Situation, bits: int) -> bool:
    """Whether a defender holding ``bits`` (his hand as he leads) wants the higher-ranking of the two side
    suits back when he gives his partner a ruff in ``what.suit`` (``what.kind == "preference"``): where he
    holds the ace, or the king when neither has the ace; the lower one when the two are alike.

    >>> ruff = Situation("preference", Suit.DIAMONDS, trump=Suit.SPADES)
    >>> preference_suit(ruff, CardSet.from_pbn("Q2.A53.J942.8764").bits)   # the heart ace: hearts
    True
    >>> preference_suit(ruff, CardSet.from_pbn("Q2.Q53.J942.K764").bits)   # the club king: clubs
    False
    """
    assert what.suit is not None and what.trump is not None
    low, high = _side_suits(what.suit, what.trump)
    return _entry(bits, high) > _entry(bits, low)


def giver(what: Situation, hand: CardSet, carding: Carding) -> Callable[[Card], float]:
    """How much ``carding`` prefers each card of ``hand`` (the defender's cards before playing) as the
    signal ``what``: the higher, the better. It ranks cards equal double dummy; it never ranks a card above
    a better one."""
    standard = carding is STANDARD

    def high(card: Card) -> float:
        # the highest spot card first, then the honours, lowest first
        return float(card.rank) if _spot(card) else 1.0 - float(card.rank) / 100

    if what.kind == "discard":
        def discard(card: Card) -> float:
            holding = hand.suit(card.suit)
            wanted = _likes(holding)
            # a low card from a suit the robot does not want (or, upside down, a high one) before a signal for
            # a suit it wants
            low_first = 100.0 - float(card.rank) if standard else 100.0 + high(card)
            high_first = 50.0 + high(card) if standard else 50.0 - float(card.rank)
            return high_first if wanted else low_first
        return discard

    suit = what.suit
    assert suit is not None
    holding = hand.suit(suit)
    if what.kind == "preference":
        # Law 40: the card's suit-preference agreement when a ruff is given (high: the higher side suit)
        up = preference_suit(what, hand.bits)

        def ruff(card: Card) -> float:
            if card.suit is not suit:
                return 0.0
            return 200.0 + (float(card.rank) if up else -float(card.rank))
        return ruff
    if what.kind == "attitude":
        up = _likes(holding, what.jack)
    else:
        up = len(holding) % 2 == 0
    if not standard:
        up = not up

    def follow(card: Card) -> float:
        if card.suit is not suit:
            return 0.0
        return high(card) if up else 30.0 - float(card.rank)

    return follow


@dataclass(frozen=True, slots=True)
class Signal:
    """A card partner played as a signal: its situation, the card, and the cards of its suit he had played
    before it (known)."""

    what: Situation
    card: Card
    before: int
    """For ``"follow"``: every card of the suit in the quitted tricks, whoever played it; for
    ``"preference"``: every card the player had played before it, of any suit."""


def _agrees(signal: Signal, holding: int, carding: Carding) -> bool | None:
    """Whether the card agrees with ``holding`` (bits of the suit the player held just before it), or
    ``None`` when the card says nothing (a single card, an honour played to a trick)."""
    card = signal.card
    if signal.what.kind == "preference":
        # ``holding`` is the whole hand here: a high card asks for the higher side suit
        suit = card.suit.index
        led = holding >> 13 * suit & _SUIT_MASK
        if led.bit_count() <= 1:
            return None
        lowest = (led & -led) == 1 << card.index - 13 * suit
        return lowest is not preference_suit(signal.what, holding)
    if signal.what.kind == "follow":
        # the lowest of equal cards: the next card below it that is not in a quitted trick is not his
        below = card.index - 1
        base = 13 * card.suit.index
        while below >= base and signal.before >> below & 1:
            below -= 1
        return below < base or not holding >> below & 1
    if signal.what.kind == "opening" and card.rank < Rank.TEN:
        # a spot card: the one the lead conventions name (an honour is read as any lead below)
        return conventional_lead(CardSet.from_bits(holding), signal.what.notrump) == card
    if signal.what.kind in ("lead", "opening"):
        # the top of touching honours: an honour led denies the card just above it
        if card.rank < Rank.TEN or card.rank == Rank.ACE:
            return None
        return not holding >> (card.index + 1) & 1
    if holding.bit_count() <= 1 or not _spot(card):
        return None
    lowest = (holding & -holding) == 1 << card.index
    if signal.what.kind == "count":
        up = holding.bit_count() % 2 == 0
    else:
        up = _likes(CardSet.from_bits(holding) - CardSet([card]), signal.what.jack)
    if carding is not STANDARD:
        up = not up
    return lowest is not up


def reader(signals: Mapping[Seat, Sequence[Signal]], carding: Carding) -> Callable[[Seat, int], float]:
    """A soft constraint on layouts (:func:`tenace.robots.layouts.deal_layouts`): a defender's whole hand
    as dealt (bits) is weighed by how well his signals (and the honours he led) agree with it."""

    def likelihood(seat: Seat, bits: int) -> float:
        weight = 1.0
        for signal in signals.get(seat, ()):
            suit = signal.card.suit.index
            whole = signal.what.kind == "preference"   # read from the whole hand
            holding = bits if whole else (bits >> 13 * suit & _SUIT_MASK) << 13 * suit
            holding &= ~signal.before
            if _agrees(signal, holding, carding) is False:
                honour = signal.what.kind in ("lead", "opening") and signal.card.rank >= Rank.TEN
                weight *= (FOLLOW_MISREAD if signal.what.kind == "follow" else
                           LEAD_MISREAD if honour else MISREAD)
        return weight

    return likelihood
