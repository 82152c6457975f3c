"""Figures for the Director who rules on a contested claim (Law 70), or on a correction (Laws 69B, 71).

Nothing here rules: the Director reads the :class:`ClaimReport` and sends his own
:class:`~tenace.laws.events.ClaimRuled`. The aid plays the claimer's stated line of play (Law 68C) against
defenders who see all the cards (double dummy), and settles every point the statement leaves open in two ways:

* **against the claimer** (Law 70A: doubtful points go against him; 70D: no successful line he did not
  state when a less successful normal one exists; Law 70E1: no unstated finesse): each unstated card of the
  claiming side is the one worst for it. This is the harshest reading: whether that card is a *normal* play
  (careless or inferior, but not irrational) is for the Director to judge;
* **in the claimer's favour**: each unstated card is the one best for the claiming side.

It also gives the plain double-dummy figure (through DDS, :mod:`tenace.solver.dds`, imported only when
needed) and, for Law 70C, the trumps the claimer's opponents still hold and whether the statement mentions
trumps (Law 70C1); the reading against the claimer shows whether a normal play could lose a trick to such a
trump (Law 70C3). Whether the claimer was likely unaware of it (Law 70C2) is the Director's judgement.
When the two readings agree there is no doubtful point in the statement; when they differ, the
difference is the Director's question.

A stated line (:class:`Line`) is a sequence of steps, written like ``"SA SK H*"``:

* a card (``SA``): the claiming side plays it at its holder's next turn where it is a lead, follows suit, or
  ruffs (a named card is never taken as a discard);
* a suit and a star (``H*``): cash that suit from the top: whichever hand of the claiming side is on lead
  leads its highest card in the suit while that card is a winner (no opponent holds a higher one of the
  suit). The step ends when neither hand of the claiming side holds such a winner (the order the Regulating
  Authority may prescribe for an unclarified suit, Law 70E2).

Steps are taken in order: while the first step left cannot be played by the hand on turn, that hand's card is
unstated. One unstated play is never chosen against the claimer, as irrational rather than careless: beating
his partner's card when the partner is winning the trick and another card would not. For a defender's claim,
his partner's cards are always unstated and always go against the claimer (Law 70D2).

The search is exact and runs in Python (alpha-beta over a table of bounds; DDS values the positions after
a declarer's stated line when read in his favour). It is meant for endings, by default at most 8 tricks:
``benchmarks/bench_claims.py`` measures it; most endings of up to 7 tricks take well under a second, but one
with trumps in both sides' hands can take many seconds, because proving the worst case means trying every
way of losing tricks.

>>> from tenace import Card, Contract, Deal, Play
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> play = Play.for_contract(deal, Contract.from_str("3NTN"))
>>> cards = "ST S3 S2 SA SK S9 S4 C2 SQ S8 S5 C3 SJ S7 S6 C4 HA H9 H6 H2 HK HT H7 H3 HQ HJ H8 H4".split()
>>> play = play.extend(Card.from_str(c) for c in cards)
>>> report = adjudicate_position(play, Seat.NORTH, Line.parse("D* C*"), claimed=6, with_double_dummy=False)
>>> report.against_claimer, report.for_claimer
(6, 6)
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from tenace.cards import Card, CardSet, Suit
from tenace.errors import NotationError
from tenace.play import Play
from tenace.seats import SEATS, Seat

if TYPE_CHECKING:
    from tenace.laws.table import Table

__all__ = ["Cash", "ClaimReport", "Line", "Step", "adjudicate", "adjudicate_position"]


@dataclass(frozen=True, slots=True)
class Cash:
    """Cash ``suit`` from the top (see the module docstring); written ``H*``."""

    suit: Suit

    def __str__(self) -> str:
        return f"{self.suit.value}*"


Step: TypeAlias = Card | Cash

_CASH_RE: Final = re.compile(r"([SHDC])\*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Line:
    """A claimer's statement of line (Law 68C) in structured form: steps in the order he will play them.

    >>> Line.parse("SA, SK H*")
    Line(steps=(Card.from_str('SA'), Card.from_str('SK'), Cash(suit=<Suit.HEARTS: 'H'>)))
    >>> str(Line.parse("sa h*"))
    'SA H*'
    """

    steps: tuple[Step, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Line:
        """Steps separated by spaces or commas: cards (``SA``, ``H10``) and suits to cash (``D*``).

        :raises NotationError: naming the token and its position.
        """
        steps: list[Step] = []
        for number, token in enumerate(t for t in re.split(r"[\s,;]+", text.strip()) if t):
            cash = _CASH_RE.fullmatch(token)
            if cash is not None:
                steps.append(Cash(Suit.from_str(cash.group(1))))
                continue
            try:
                steps.append(Card.from_str(token))
            except ValueError:
                raise NotationError(
                    f"step {number + 1} of the line {text!r}: {token!r} is neither a card (SA) nor a suit to "
                    "cash (S*)"
                ) from None
        return cls(tuple(steps))

    def mentions(self, suit: Suit) -> bool:
        """Whether any step names a card of ``suit`` or cashes it."""
        return any(s.suit is suit for s in self.steps)

    def __str__(self) -> str:
        return " ".join(str(s) for s in self.steps)


class _Reading(enum.Enum):
    AGAINST = "against the claimer"
    FOR = "for the claimer"


@dataclass(frozen=True, slots=True)
class ClaimReport:
    """What the aid found, for the Director to read (``str(report)``). All trick counts are of the tricks that
    remained at the claim (the trick in progress included), for the claiming side."""

    claimer: Seat
    remaining: int
    claimed: int | None
    line: Line
    against_claimer: int
    """The stated line with every unstated card worst for the claiming side, defenders double dummy."""
    for_claimer: int
    """The stated line with every unstated card best for the claiming side, defenders double dummy."""
    double_dummy: int | None
    """Best play by everyone (DDS), or ``None`` if not asked for."""
    outstanding_trumps: CardSet
    """Trumps still held by the claimer's opponents (Law 70C)."""
    trumps_mentioned: bool
    """Whether the statement of line names a trump or says the word."""
    worst_play: tuple[tuple[Seat, Card], ...]
    """One play of the remaining cards that gives :attr:`against_claimer`."""

    @property
    def doubtful(self) -> bool:
        """The unstated points change the result: the Director judges which plays are normal (Law 70)."""
        return self.against_claimer != self.for_claimer

    def notes(self) -> tuple[str, ...]:
        """Short remarks, each citing the Law it bears on."""
        notes: list[str] = []
        if self.claimed is not None and self.against_claimer < self.claimed:
            notes.append(
                f"Law 70A: with doubtful points against the claimer his side gets {self.against_claimer} of "
                f"{self.remaining}, not the {self.claimed} claimed"
            )
        if self.doubtful:
            notes.append(
                f"Law 70D: the statement leaves plays open that are worth "
                f"{self.for_claimer - self.against_claimer} trick(s); judge whether the worst of them is a "
                "normal play"
            )
        if self.outstanding_trumps and not self.trumps_mentioned:
            notes.append(
                f"Law 70C: the opponents still hold {_cards(self.outstanding_trumps)} and the statement does "
                "not mention trumps"
            )
        if self.double_dummy is not None and self.double_dummy > self.for_claimer:
            notes.append(
                f"Law 70D1: a line not stated would give {self.double_dummy}; it is not accepted if a less "
                "successful normal line exists"
            )
        return tuple(notes)

    def __str__(self) -> str:
        who = self.claimer.name.title()
        claimed = f"claims {self.claimed} of {self.remaining}" if self.claimed is not None else "claims"
        lines = [
            f"{who} {claimed}; stated line: {self.line or '(none)'}",
            f"stated line, doubtful points against the claimer: {self.against_claimer}",
            f"stated line, doubtful points for the claimer: {self.for_claimer}",
        ]
        if self.double_dummy is not None:
            lines.append(f"double dummy: {self.double_dummy}")
        if self.worst_play:
            lines.append("worst case: " + " ".join(f"{s.value}:{c}" for s, c in self.worst_play))
        lines.extend(self.notes())
        return "\n".join(lines)


def _cards(cards: CardSet) -> str:
    return " ".join(str(c) for c in cards)


_TRUMP_WORD: Final = re.compile(r"\btrumps?\b", re.IGNORECASE)


def adjudicate(table: Table, line: Line | str | None = None, *, with_double_dummy: bool = True,
               max_tricks: int = 8, dds_after_line: bool | None = None) -> ClaimReport:
    """The report for the claim on ``table`` (open, contested, or up for correction): the claimer's statement
    is the one made with the claim, as recorded (Law 70B1).

    ``line`` is the statement of line in structured form; by default the claim's own statement is read as a
    :class:`Line` if it is one, else the claimer is taken to have stated nothing.

    :raises ValueError: if the table has no claim; see :func:`adjudicate_position` for the rest.
    """
    claim = table.claim
    if claim is None or table.playing is None:
        raise ValueError("the table has no claim to adjudicate")
    if line is None:
        try:
            line = Line.parse(claim.statement)
        except NotationError:
            line = Line()
    return adjudicate_position(
        table.playing.play, claim.seat, line, claimed=claim.tricks, statement=claim.statement,
        with_double_dummy=with_double_dummy, max_tricks=max_tricks, dds_after_line=dds_after_line,
    )


def adjudicate_position(
    play: Play,
    claimer: Seat,
    line: Line | str = Line(),
    *,
    claimed: int | None = None,
    statement: str = "",
    with_double_dummy: bool = True,
    max_tricks: int = 8,
    dds_after_line: bool | None = None,
) -> ClaimReport:
    """The report for a claim by ``claimer`` in the position ``play`` (mid-trick allowed).

    Read in the claimer's favour, play after the end of a declarer's stated line is best play all round: with
    ``dds_after_line`` (by default, when ``with_double_dummy``) DDS values those positions, which is much
    faster than the aid's own search.

    :raises ValueError: if the play is over, the ending is longer than ``max_tricks``, or a step of the line
        names a card the claiming side does not hold.
    :raises NotationError: if ``line`` is text that does not parse.
    :raises SolverError: if the double-dummy figure is asked for and DDS is not available.
    """
    if isinstance(line, str):
        line = Line.parse(line)
    if play.is_complete:
        raise ValueError("the play is complete: there is nothing left to claim")
    remaining = 13 - len(play.winners)
    if remaining > max_tricks:
        raise ValueError(
            f"{remaining} tricks remain; the aid searches endings of at most {max_tricks} tricks "
            "(raise max_tricks and be patient)"
        )
    ours = play.hand(claimer) | play.hand(claimer.partner)
    for step in line.steps:
        if isinstance(step, Card) and step not in ours and not _played(play, step):
            raise ValueError(f"the line names {step}, which {claimer.name.title()}'s side does not hold")
    declarer_side = play.declarer.side
    if dds_after_line is None:
        dds_after_line = with_double_dummy
    search = _Search(play, claimer, line, defender_claim=claimer.side is not declarer_side,
                     dds_after_line=dds_after_line)
    against = search.run(_Reading.AGAINST)
    worst = search.principal(_Reading.AGAINST)
    favour = search.run(_Reading.FOR)
    trump = play.trump
    outstanding = CardSet()
    if trump is not None:
        outstanding = (play.hand(claimer.lho) | play.hand(claimer.rho)).suit(trump)
    mentioned = trump is not None and (line.mentions(trump) or bool(_TRUMP_WORD.search(statement)))
    dd = double_dummy_tricks(play, claimer) if with_double_dummy else None
    return ClaimReport(claimer, remaining, claimed, line, against, favour, dd, outstanding, mentioned, worst)


def double_dummy_tricks(play: Play, claimer: Seat) -> int:
    """The tricks left that ``claimer``'s side takes with best play all round (DDS).

    :raises SolverError: if DDS is not available.
    """
    from tenace.solver import dds  # lazily: DDS is an optional extra

    solved = dds.solve_position(play)
    return solved.max_tricks if solved.turn.side is claimer.side else solved.tricks_left - solved.max_tricks


def _played(play: Play, card: Card) -> bool:
    return card in play.cards


# --- the search ---------------------------------------------------------------------------------------------

_State: TypeAlias = tuple[tuple[int, int, int, int], tuple[int, ...], int, int]
"""(hands as card-index bit masks in N, E, S, W order, current trick's card indexes, leader index, step)."""


@functools.lru_cache(maxsize=1 << 16)
def _compress(alive: int, bits: int) -> int:
    """``bits`` (some of the cards ``alive`` of one suit, as 13-bit rank masks) renumbered by rank among
    ``alive``, the highest alive card becoming the ace."""
    out = 0
    target = 12
    while alive:
        top = alive.bit_length() - 1
        alive &= ~(1 << top)
        if bits >> top & 1:
            out |= 1 << target
        target -= 1
    return out


def _suit_of(index: int) -> int:
    return index // 13


class _Search:
    """Exact search over an ending: the claimer's stated cards are fixed, his opponents minimise his tricks,
    and his unstated cards follow the reading (worst or best for him)."""

    def __init__(self, play: Play, claimer: Seat, line: Line, *, defender_claim: bool,
                 dds_after_line: bool = False) -> None:
        self.play = play
        self.dds_after_line = dds_after_line and not defender_claim
        self.dd_cache: dict[_State, int] = {}
        self.claimer = claimer
        self.side = {s.index for s in SEATS if s.side is claimer.side}
        self.partner_unstated = claimer.partner.index if defender_claim else -1
        self.trump = play.trump.index if play.trump is not None else -1
        self.steps = line.steps
        self.named = 0
        for step in line.steps:
            if isinstance(step, Card):
                self.named |= 1 << step.index
        trick = play.current_trick
        hands = tuple(play.hand(seat).bits for seat in SEATS)
        assert len(hands) == 4
        self.start: _State = (
            (hands[0], hands[1], hands[2], hands[3]), tuple(c.index for c in trick.cards),
            trick.leader.index, 0,
        )
        self.memo: dict[tuple[_Reading, object], tuple[int, int]] = {}
        """Known (lower, upper) bounds of each state's value."""

    def run(self, reading: _Reading) -> int:
        return self._exact(reading, self.start)

    def principal(self, reading: _Reading) -> tuple[tuple[Seat, Card], ...]:
        """The sequence of cards the search found for ``reading``."""
        out: list[tuple[Seat, Card]] = []
        state = self.start
        path: tuple[int, ...] = ()
        while any(state[0]):
            target = self._exact(reading, state, path)
            cards, _ = self._movers(reading, state)
            for card in cards:
                after, won = self._after(state, card, self._advance(state, card))
                if won + self._exact(reading, after, (*path, card)) == target:
                    break
            path = (*path, card)
            seat = (state[2] + len(state[1])) % 4
            out.append((SEATS[seat], Card.from_index(card)))
            state, _ = self._after(state, card, self._advance(state, card))
        return tuple(out)

    # -- rules of play ---------------------------------------------------------------------------------------

    def _lawful(self, state: _State) -> int:
        hands, trick, leader, _ = state
        hand = hands[(leader + len(trick)) % 4]
        if not trick:
            return hand
        suit_mask = ((1 << 13) - 1) << (13 * _suit_of(trick[0]))
        follow = hand & suit_mask
        return follow or hand

    def _winner(self, trick: tuple[int, ...], leader: int) -> int:
        best = 0
        for i in range(1, len(trick)):
            card, top = trick[i], trick[best]
            if _suit_of(card) == _suit_of(top):
                if card > top:
                    best = i
            elif _suit_of(card) == self.trump:
                best = i
        return (leader + best) % 4

    def _after(self, state: _State, card: int, step: int) -> tuple[_State, int]:
        """The state after ``card`` is played, and the tricks the claiming side won by it (0 or 1)."""
        hands, trick, leader, _ = state
        seat = (leader + len(trick)) % 4
        new_hands = list(hands)
        new_hands[seat] &= ~(1 << card)
        nh = (new_hands[0], new_hands[1], new_hands[2], new_hands[3])
        new_trick = (*trick, card)
        if len(new_trick) < 4:
            return (nh, new_trick, leader, step), 0
        winner = self._winner(new_trick, leader)
        return (nh, (), winner, step), int(winner in self.side)

    # -- the stated line ------------------------------------------------------------------------------------

    def _live_step(self, state: _State) -> int:
        """The index of the first step still to be played (skipping cards gone and cashes that are over)."""
        hands, _, _, step = state
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        ours = 0
        for s in self.side:
            ours |= hands[s]
        while step < len(self.steps):
            current = self.steps[step]
            if isinstance(current, Card):
                if alive >> current.index & 1:
                    return step
            elif self._cash_card(current.suit, ours, hands) is not None:
                return step
            step += 1
        return step

    def _cash_card(self, suit: Suit, hand: int, hands: tuple[int, int, int, int]) -> int | None:
        """The highest card of ``suit`` in ``hand`` if it beats every card of the suit the opponents hold."""
        shift = 13 * suit.index
        mine = (hand >> shift) & ((1 << 13) - 1)
        if not mine:
            return None
        top = mine.bit_length() - 1
        theirs = 0
        for s in range(4):
            if s not in self.side:
                theirs |= hands[s]
        theirs = (theirs >> shift) & ((1 << 13) - 1)
        if theirs >> top:
            return None
        return shift + top

    def _stated(self, state: _State) -> int | None:
        """The card the statement makes the hand on turn play now, if any."""
        hands, trick, leader, _ = state
        seat = (leader + len(trick)) % 4
        step = self._live_step(state)
        if step >= len(self.steps):
            return None
        current = self.steps[step]
        hand = hands[seat]
        if isinstance(current, Cash):
            if trick:
                return None
            return self._cash_card(current.suit, hand, hands)
        card = current.index
        if not hand >> card & 1:
            return None
        if not trick:
            return card
        led = _suit_of(trick[0])
        lawful = self._lawful(state)
        if not lawful >> card & 1:
            return None
        if _suit_of(card) == led or _suit_of(card) == self.trump:
            return card
        return None  # a named card is not taken as a discard

    def _advance(self, state: _State, card: int) -> int:
        """The step index after ``card`` is played."""
        step = self._live_step(state)
        if step < len(self.steps):
            current = self.steps[step]
            if isinstance(current, Card) and current.index == card:
                return step + 1
        return step

    # -- choices --------------------------------------------------------------------------------------------

    def _choices(self, state: _State) -> Iterator[int]:
        """Lawful cards of the hand on turn, one of each run of cards equivalent in this ending."""
        hands, trick, _, _ = state
        lawful = self._lawful(state)
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            alive |= 1 << c
        previous = -2
        while lawful:
            top = lawful.bit_length() - 1
            lawful &= ~(1 << top)
            # ``top`` is equivalent to the card just yielded when nothing alive lies between them in its suit.
            if previous >= 0 and _suit_of(previous) == _suit_of(top) and not (self.named >> top & 1) \
                    and not (self.named >> previous & 1):
                between = alive & ((1 << previous) - 1) & ~((1 << (top + 1)) - 1)
                if not between:
                    previous = top
                    continue
            previous = top
            yield top

    def _not_overtaking(self, state: _State, cards: tuple[int, ...]) -> tuple[int, ...]:
        """When partner is winning the trick, the cards that do not beat him, if there are any: the one
        play the aid counts as irrational rather than careless."""
        _, trick, leader, _ = state
        seat = (leader + len(trick)) % 4
        if self._winner(trick, leader) != (seat + 2) % 4:
            return cards
        keep = tuple(c for c in cards if self._winner((*trick, c), leader) != seat)
        return keep or cards

    def _movers(self, reading: _Reading, state: _State) -> tuple[tuple[int, ...], bool]:
        """The cards worth trying for the hand on turn, and whether it maximises the claimer's tricks."""
        hands, trick, leader, _ = state
        seat = (leader + len(trick)) % 4
        ours = seat in self.side and seat != self.partner_unstated
        stated = self._stated(state) if ours else None
        if stated is not None:
            return (stated,), True
        cards = tuple(self._choices(state))
        if reading is _Reading.AGAINST and seat in self.side and trick:
            cards = self._not_overtaking(state, cards)
        maximise = reading is _Reading.FOR and ours
        if len(cards) > 1:
            # Try first the cards likely to put the trick where this hand wants it (it speeds the search up):
            # the cheapest card that wins it, else the lowest; on lead, high cards to win, low ones to lose.
            wanted = self.side if maximise else {s for s in range(4) if s not in self.side}
            if trick:
                def key(c: int) -> tuple[bool, int]:
                    return self._winner((*trick, c), leader) not in wanted, c % 13

                cards = tuple(sorted(cards, key=key))
            else:
                sign = -1 if seat in wanted else 1
                cards = tuple(sorted(cards, key=lambda c: sign * (c % 13)))
        return cards, maximise

    def _value(self, reading: _Reading, state: _State, alpha: int, beta: int, path: tuple[int, ...]) -> int:
        """Tricks for the claiming side from here (alpha-beta, fail-soft, with a table of bounds): exact when
        strictly between ``alpha`` and ``beta``, else a bound on the right side of the window."""
        hands, trick, _, _ = state
        left = (sum(h.bit_count() for h in hands) + len(trick)) // 4
        if left == 0 and not trick:
            return 0
        key = (reading, self._key(state))
        low, high = self.memo.get(key, (0, left))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        if reading is _Reading.FOR and self.dds_after_line and self._live_step(state) >= len(self.steps):
            return self._double_dummy(state, path)  # nothing stated any more: best play all round
        cards, maximise = self._movers(reading, state)
        best = -1 if maximise else left + 1
        a, b = alpha, beta
        for card in cards:
            after, won = self._after(state, card, self._advance(state, card))
            value = won + self._value(reading, after, a - won, b - won, (*path, card))
            if maximise:
                best = max(best, value)
                a = max(a, best)
            else:
                best = min(best, value)
                b = min(b, best)
            if a >= b:
                break
        if best <= alpha:
            self.memo[key] = (low, best)
        elif best >= beta:
            self.memo[key] = (best, high)
        else:
            self.memo[key] = (best, best)
        return best

    def _key(self, state: _State) -> object:
        """The state for the table of bounds. Between tricks, each suit's cards are renumbered by their rank
        among the cards still out, so endings that differ only in small cards already played share one
        entry; the named cards still to come are renumbered the same way."""
        hands, trick, leader, step = state
        if trick:
            return state
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        new = [0, 0, 0, 0]
        named = self.named & alive
        renamed = 0
        for shift in (0, 13, 26, 39):
            out = (alive >> shift) & 0x1FFF
            for h in range(4):
                new[h] |= _compress(out, (hands[h] >> shift) & 0x1FFF) << shift
            renamed |= _compress(out, (named >> shift) & 0x1FFF) << shift
        return (new[0], new[1], new[2], new[3]), leader, step, renamed

    def _double_dummy(self, state: _State, path: tuple[int, ...]) -> int:
        """The claiming side's tricks from ``state`` with best play by all four, from DDS."""
        known = self.dd_cache.get(state)
        if known is None:
            from tenace.solver import dds  # lazily: DDS is an optional extra

            solved = dds.solve_position(self.play.extend(Card.from_index(c) for c in path))
            mine = solved.turn.index in self.side
            known = solved.max_tricks if mine else solved.tricks_left - solved.max_tricks
            self.dd_cache[state] = known
        return known

    def _exact(self, reading: _Reading, state: _State, path: tuple[int, ...] = ()) -> int:
        """The exact value, by null-window tests ("at most t tricks?") that bisect the range."""
        hands, trick, _, _ = state
        low, high = 0, (sum(h.bit_count() for h in hands) + len(trick)) // 4
        while low < high:
            t = (low + high) // 2
            value = self._value(reading, state, t, t + 1, path)
            if value <= t:
                high = value
            else:
                low = value
        return low
