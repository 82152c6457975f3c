"""Laws 68-71: a claim or concession is made aloud, so every viewer's ``TableView`` carries the same claim
(who, how many tricks, the statement) and the claim shows no card beyond the claimer's (Law 68C)."""

from __future__ import annotations

import dataclasses

from tenace import CardSet, Seat
from tenace.laws import ClaimAnswered, ClaimMade, Table
from tenace.laws.refs import DIRECTOR
from tenace.laws.table import TableView
from tenace.seats import SEATS

from ._claim_helpers import after_one_trick

VIEWERS = (*SEATS, DIRECTOR, None)


def _all_views(t: Table) -> dict[object, TableView]:
    return {viewer: t.view(viewer) for viewer in VIEWERS}


def test_no_view_has_a_claim_before_one_is_made() -> None:
    t = after_one_trick()
    assert all(view.claim is None for view in _all_views(t).values())


def test_every_viewer_sees_the_tricks_claimed_and_the_statement() -> None:
    t = after_one_trick().apply(ClaimMade(Seat.NORTH, 10, "two spades to lose at the end"))
    for viewer, view in _all_views(t).items():
        assert view.claim is not None, viewer
        assert (view.claim.seat, view.claim.tricks, view.claim.statement) == (
            Seat.NORTH, 10, "two spades to lose at the end"), viewer
        assert view.claim == t.claim, viewer


def test_the_claim_adds_nothing_but_the_claimers_faced_cards_to_what_a_seat_sees() -> None:
    before = after_one_trick()
    after = before.apply(ClaimMade(Seat.NORTH, 12, "all top tricks"))
    north = after.play.hand(Seat.NORTH) if after.play is not None else CardSet()
    for viewer in (*SEATS, None):
        old, new = before.view(viewer), after.view(viewer)
        assert new.hands == old.hands, viewer  # no hidden hand becomes visible
        assert new.faced == {Seat.NORTH: north}, viewer  # Law 68C: only the claimer's cards are faced
        changed = {f.name for f in dataclasses.fields(TableView)
                   if getattr(old, f.name) != getattr(new, f.name)}
        assert changed <= {"claim", "faced", "phase", "turn"}, (viewer, changed)


def test_the_answers_to_the_claim_are_heard_by_everyone() -> None:
    t = after_one_trick().apply(ClaimMade(Seat.NORTH, 12, "all top tricks"))
    t = t.apply(ClaimAnswered(Seat.EAST, True))
    for viewer, view in _all_views(t).items():
        assert view.claim is not None and view.claim.agreed_by == frozenset({Seat.EAST}), viewer
