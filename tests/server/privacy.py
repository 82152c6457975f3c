"""The hand-privacy harness: record every message the server sends to every client (and every view it gives a
robot), then check each against what its recipient may see, computed here from the deal and the stored
events alone, not from the engine's views."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tenace.deal import Deal
from tenace.laws.refs import Director
from tenace.seats import SEATS, Seat
from tenace.server.persistence import LiveBoard, LiveStore
from tenace.server.protocol import Viewer, cards_in

ALL_CARDS = frozenset(str(c) for seat in SEATS for c in Deal.from_pbn(
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")[seat])


@dataclass
class Recorder:
    """An observer for :class:`tenace.server.actors.Hub`: keeps (table, recipient, message) for every
    message."""

    messages: list[tuple[str, Viewer, dict[str, Any]]] = field(default_factory=list)

    def __call__(self, table_id: str, viewer: Viewer, message: dict[str, Any]) -> None:
        self.messages.append((table_id, viewer, message))


def hand(deal: Deal, seat: Seat) -> set[str]:
    return {str(c) for c in deal[seat]}


def may_see(deal: Deal, events: Iterable[dict[str, Any]], viewer: Viewer) -> set[str]:
    """The cards ``viewer`` may have seen after ``events`` (JSON, as stored): his own hand; every card played;
    dummy's hand once the opening lead is made (dummy is the opening leader's left-hand opponent, Law 41);
    a claimer's hand once he claims, and all four once the claim is agreed, doubted or ruled (Laws 68-70);
    cards exposed (Laws 24, 49). The Director sees everything."""
    if isinstance(viewer, Director):
        return set(ALL_CARDS)
    seen = hand(deal, viewer) if isinstance(viewer, Seat) else set()
    opening_leader: Seat | None = None
    claimer: Seat | None = None
    agreed = 0
    for event in events:
        kind = event["type"]
        if kind == "CardPlayed":
            seen.add(event["card"])
            if opening_leader is None:
                opening_leader = Seat(event["seat"])
        elif kind == "CardExposed":
            seen.add(event["card"])
        elif kind == "ClaimMade":
            claimer = Seat(event["seat"])
            agreed = 0
        elif kind == "ClaimAnswered":
            agreed = agreed + 1 if event["agree"] else 2
        elif kind in ("ClaimRuled", "PlayOnAgreed"):
            agreed = 2
    if opening_leader is not None:
        seen |= hand(deal, opening_leader.lho)
    if claimer is not None:
        seen |= hand(deal, claimer)
        if agreed >= 2:
            seen = set(ALL_CARDS)
    return seen


@dataclass(frozen=True)
class Leak:
    table: str
    viewer: Viewer
    seq: int
    cards: frozenset[str]


def leaks(recorder: Recorder, live: LiveStore) -> list[Leak]:
    """Every message holding a card its recipient may not see at that point of the record."""
    found: list[Leak] = []
    boards: dict[str, dict[int, LiveBoard]] = {}
    for table_id, viewer, message in recorder.messages:
        if table_id not in boards:
            boards[table_id] = {b.position: b for b in live.history(table_id)}
        if message["type"] != "view":
            continue
        board = boards[table_id][message["position"]]
        assert board.board.number == message["view"]["board"]
        deal = board.board.deal
        assert isinstance(deal, Deal)
        allowed = may_see(deal, board.events[: message["seq"]], viewer)
        extra = cards_in(message) - allowed
        if extra:
            found.append(Leak(table_id, viewer, message["seq"], frozenset(extra)))
    return found
