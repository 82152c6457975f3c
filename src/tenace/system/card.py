"""A partnership's system card (Law 40A1(b), 40B2(a)(ii)): its agreements as data, versioned.

The card lists :class:`Agreement` values, each an :class:`~tenace.system.pattern.AuctionPattern` with its
:class:`~tenace.system.meaning.Meaning`; the sections of the WBF card (openings, responses and rebids,
competitive bidding) follow from the patterns. Conventions are named with a description, and defensive
carding is text per WBF heading.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from tenace.auction import Auction
from tenace.calls import Bid, Call, parse_call
from tenace.errors import NotationError
from tenace.system.meaning import Meaning
from tenace.system.pattern import AuctionPattern

AuctionLike = Auction | Sequence[Call] | str
"""An auction so far: an :class:`~tenace.auction.Auction`, a sequence of calls, or calls as text."""


def calls_of(auction: AuctionLike) -> tuple[Call, ...]:
    """The calls of an auction given in any of the accepted forms (in text, parentheses and dashes are
    ignored: every call is written, passes too).

    >>> [str(c) for c in calls_of("1NT (P) 2C")]
    ['1NT', 'P', '2C']
    """
    if isinstance(auction, Auction):
        return auction.calls
    if isinstance(auction, str):
        text = auction.replace("-", " ").replace("(", " ").replace(")", " ")
        return tuple(parse_call(t) for t in text.split())
    return tuple(auction)


class Section(enum.Enum):
    """The part of the WBF card an agreement belongs to."""

    OPENING = "opening"
    RESPONSE = "response"
    """Responses and rebids in our own auction."""
    COMPETITIVE = "competitive"
    """Our calls after the opponents opened: overcalls, doubles, defences."""


@dataclass(frozen=True, slots=True)
class Agreement:
    """One line of the card: the meaning of a call in an auction pattern."""

    pattern: AuctionPattern
    meaning: Meaning

    @classmethod
    def of(cls, pattern: str, meaning: Meaning) -> Agreement:
        return cls(AuctionPattern.parse(pattern), meaning)

    @property
    def section(self) -> Section:
        if not self.pattern.opens:
            return Section.COMPETITIVE
        return Section.OPENING if self.pattern.is_opening else Section.RESPONSE

    @property
    def call(self) -> Call:
        return self.pattern.call


@dataclass(frozen=True, slots=True)
class Convention:
    """A named convention and what it does; its calls are the agreements whose meaning names it."""

    name: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Carding:
    """Defensive carding, under the headings of the WBF card."""

    leads_vs_suits: str = ""
    leads_vs_notrump: str = ""
    signals_vs_suits: str = ""
    signals_vs_notrump: str = ""
    discards: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class SystemCard:
    """A partnership's agreements (Law 40A). ``revision`` counts the partnership's edits of this card.

    >>> card = SystemCard("Demo", agreements=(Agreement.of("1NT", Meaning("strong", hcp_min=15, hcp_max=17)),
    ...                                        Agreement.of("1NT-2C", Meaning("Stayman", artificial=True))))
    >>> card.meaning("1NT P", parse_call("2C")).text
    'Stayman'
    >>> card.meaning("1NT (2H)", parse_call("2C")) is None
    True
    """

    name: str
    revision: int = 1
    players: tuple[str, ...] = ()
    system: str = ""
    """General approach: the name of the basic system (e.g. "Natural, 5-card majors")."""
    approach: str = ""
    """General approach: style and notes (e.g. "light openings in third seat")."""
    agreements: tuple[Agreement, ...] = field(default=())
    conventions: tuple[Convention, ...] = field(default=())
    carding: Carding = field(default_factory=Carding)
    competitive_notes: str = ""
    notes: str = ""
    _by_call: dict[str, tuple[Agreement, ...]] = field(default_factory=dict, init=False, repr=False,
                                                         compare=False, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.revision, int) or isinstance(self.revision, bool) or self.revision < 1:
            raise NotationError(f"a card's revision is a whole number from 1, got {self.revision!r}")
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "agreements", tuple(self.agreements))
        object.__setattr__(self, "conventions", tuple(self.conventions))
        seen: set[str] = set()
        for agreement in self.agreements:
            key = " ".join(str(t) for t in agreement.pattern.tokens)
            if key in seen:
                raise NotationError(f"card {self.name!r}: the auction {agreement.pattern} is described twice")
            seen.add(key)
        index: dict[str, list[Agreement]] = {}
        for agreement in self.agreements:
            index.setdefault(str(agreement.call), []).append(agreement)
        object.__setattr__(self, "_by_call", {k: tuple(v) for k, v in index.items()})

    def lookup(self, auction_so_far: AuctionLike, call: Call) -> Agreement | None:
        """The most specific agreement for ``call`` after ``auction_so_far`` (ties: the first on the card)."""
        before = calls_of(auction_so_far)
        best: Agreement | None = None
        for agreement in self._by_call.get(str(call), ()):
            if agreement.pattern.matches(before, call):
                if best is None or agreement.pattern.specificity > best.pattern.specificity:
                    best = agreement
        return best

    def meaning(self, auction_so_far: AuctionLike, call: Call) -> Meaning | None:
        """The meaning of ``call`` made after ``auction_so_far`` by a player of this partnership, or ``None``
        when the card says nothing about it."""
        agreement = self.lookup(auction_so_far, call)
        return None if agreement is None else agreement.meaning

    def section(self, section: Section) -> tuple[Agreement, ...]:
        return tuple(a for a in self.agreements if a.section is section)

    def openings(self, level: int) -> tuple[Agreement, ...]:
        """Opening bids at ``level``, in bidding order."""
        found = [a for a in self.section(Section.OPENING)
                 if isinstance(a.call, Bid) and a.call.level == level]
        return tuple(sorted(found, key=lambda a: a.call.index if isinstance(a.call, Bid) else -1))

    def convention(self, name: str) -> Convention | None:
        key = name.strip().lower()
        return next((c for c in self.conventions if c.name.lower() == key), None)

    def calls_of_convention(self, name: str) -> tuple[Agreement, ...]:
        key = name.strip().lower()
        return tuple(a for a in self.agreements if (a.meaning.convention or "").lower() == key)

    def with_agreement(self, agreement: Agreement) -> SystemCard:
        """A new revision with ``agreement`` added, or replacing the one with the same pattern."""
        key = " ".join(str(t) for t in agreement.pattern.tokens)
        kept = tuple(a for a in self.agreements if " ".join(str(t) for t in a.pattern.tokens) != key)
        return replace(self, revision=self.revision + 1, agreements=(*kept, agreement))
