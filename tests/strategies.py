"""Shared Hypothesis strategies for the core types."""

from __future__ import annotations

from hypothesis import strategies as st

from tenace import (
    ALL_BIDS,
    DECK,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Card,
    CardSet,
    Contract,
    Deal,
    Denomination,
    Play,
    Seat,
)
from tenace.calls import Call
from tenace.contract import Doubling

seats = st.sampled_from(list(Seat))
cards = st.sampled_from(DECK)
card_sets = st.integers(min_value=0, max_value=(1 << 52) - 1).map(CardSet.from_bits)
denominations = st.sampled_from(list(Denomination))
bids = st.sampled_from(ALL_BIDS)
doublings = st.sampled_from(list(Doubling))


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """A uniformly shuffled deal."""
    order: list[Card] = draw(st.permutations(DECK))
    n, e, s, w = (CardSet(order[13 * i : 13 * i + 13]) for i in range(4))
    return Deal((n, e, s, w))


@st.composite
def contracts(draw: st.DrawFn) -> Contract:
    return Contract(draw(st.integers(1, 7)), draw(denominations), draw(seats), draw(doublings))


@st.composite
def auctions(draw: st.DrawFn, complete: bool = True, dealer: st.SearchStrategy[Seat] = seats) -> Auction:
    """Lawful auctions; passes are drawn often so that auctions end."""
    auction = Auction(draw(dealer))
    while not auction.is_complete:
        legal: list[Call] = auction.legal_calls()
        call = draw(st.one_of(st.just(PASS), st.just(PASS), st.sampled_from(legal)))
        auction = auction.push(call)
        if not complete and draw(st.booleans()):
            break
    return auction


calls: st.SearchStrategy[Call] = st.one_of(st.sampled_from((PASS, DOUBLE, REDOUBLE)), bids)
"""Any call, lawful or not at a given point."""


@st.composite
def partial_auctions(draw: st.DrawFn, dealer: st.SearchStrategy[Seat] = seats) -> Auction:
    """Lawful auctions stopped at a random point (possibly complete, possibly empty)."""
    return draw(auctions(complete=False, dealer=dealer))


@st.composite
def plays(draw: st.DrawFn, complete: bool = True) -> Play:
    """A random deal and contract with a random legal play: to the end, or stopped at a random card."""
    deal = draw(deals())
    play = Play.for_contract(deal, draw(contracts()))
    stop = 52 if complete else draw(st.integers(0, 52))
    while len(play.cards) < stop:
        play = play.push(draw(st.sampled_from(list(play.legal_cards()))))
    return play
