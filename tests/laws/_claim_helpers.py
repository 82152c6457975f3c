"""Helpers for the claim scenarios (Laws 68-71): a 3NT by North on the helpers' deal, one trick played."""

from __future__ import annotations

from tenace import Card, CardSet, Contract, Deal, Play, Seat, Suit
from tenace.laws import CardPlayed, Table

from ._helpers import calls, table


def played(t: Table, cards: str) -> Table:
    """Play ``cards`` (e.g. ``"ST S3 S2 SA"``), each by the seat on turn."""
    for text in cards.split():
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, Card.from_str(text)))
    return t


def after_one_trick() -> Table:
    """3NT by North; East leads ST and North wins with SA: 12 tricks remain, North on lead."""
    return played(calls(table(), "N:3NT E:P S:P W:P"), "ST S3 S2 SA")


def ending(hands: str, contract: str, leader: Seat) -> Play:
    """The play of a made-up deal that reaches the ending ``hands`` (``"N:.543.5. JT..6.2 AKQ.A.. .K.432."``,
    the same number of cards each) with ``leader`` to lead. The other cards are played first, four of a suit
    to a trick (so each suit's count outside the ending must be a multiple of four); ``leader`` wins the last
    of those tricks."""
    first, _, rest = hands.partition(":")
    seats = [Seat.from_str(first).rotate(i) for i in range(4)]
    ending_hands = {seat: CardSet.from_pbn(text) for seat, text in zip(seats, rest.split(), strict=True)}
    used = CardSet()
    for hand in ending_hands.values():
        used |= hand
    groups: list[list[Card]] = []
    for suit in Suit:
        cards = sorted(CardSet.full().suit(suit) - used, reverse=True)
        assert len(cards) % 4 == 0, f"{suit}: {len(cards)} cards outside the ending"
        groups.extend(cards[i:i + 4] for i in range(0, len(cards), 4))
    assert groups, "the ending must leave at least one trick to play before it"
    order = [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    last = groups.pop()
    holders: list[dict[Seat, Card]] = [dict(zip(order, group, strict=True)) for group in groups]
    others = [s for s in order if s is not leader]
    holders.append({leader: last[0], **dict(zip(others, last[1:], strict=True))})
    full = {seat: ending_hands[seat] | CardSet(h[seat] for h in holders) for seat in order}
    deal = Deal.from_pbn("N:" + " ".join(full[s].to_pbn() for s in order))
    play = Play.for_contract(deal, Contract.from_str(contract))
    for trick in holders:
        for _ in range(4):
            play = play.push(trick[play.turn])
    assert play.turn is leader
    return play
