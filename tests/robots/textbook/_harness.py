"""The textbook auction suite: hands and auctions from the standard bidding literature, each with the call
the system's rules give and words its explanation must contain.

A case names its source (book or booklet and the situation) so that a reader can check it. The robots' call is
the system's own (rules only, no simulation: at a choice point the textbook call is the rules' default).
"""

from __future__ import annotations

from dataclasses import dataclass

from tenace import CardSet, Seat, parse_call
from tenace.robots.bidding import choose_call, meaning_of
from tenace.system.bidding.check import contradictions
from tenace.system.bidding.engine import HandInfo
from tenace.system.bidding.systems import builtin


@dataclass(frozen=True)
class Case:
    """``auction``: the calls from the dealer before the robot's turn, passes included (``-`` or empty when
    the robot is the dealer). ``says``: words the explanation must contain (case-insensitive)."""

    source: str
    hand: str
    auction: str
    call: str
    says: tuple[str, ...] = ()
    dealer: str = "N"
    vul: str = "None"
    system: str = "two-over-one"

    @property
    def id(self) -> str:
        return f"{self.auction or '-'} | {self.hand} -> {self.call}"


def check(case: Case) -> None:
    calls = [parse_call(c) for c in case.auction.split() if c != "-"]
    dealer = Seat.from_str(case.dealer)
    seat = dealer.rotate(len(calls))
    hand = CardSet.from_pbn(case.hand)
    choice = choose_call(hand, dealer, seat, calls, builtin(case.system), vulnerability=case.vul)
    assert str(choice.call) == case.call, (
        f"{case.source}: after '{case.auction}' with {case.hand} the robot bids {choice.call} "
        f"({choice.explanation}), the book {case.call}")
    text = choice.explanation.lower()
    for word in case.says:
        assert word.lower() in text, f"{case.source}: the explanation {choice.explanation!r} lacks {word!r}"
    meaning = meaning_of([*calls, choice.call], len(calls), builtin(case.system), dealer=dealer,
                         vulnerability=case.vul)
    assert contradictions(meaning.facts, HandInfo.of(hand)) == [], "the explanation contradicts the hand"
