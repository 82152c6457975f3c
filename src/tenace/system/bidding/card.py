"""A bidding system's rules as a system card (Laws 40A1(b), 40B2(a)): the robots disclose their agreements
like any partnership, and their explanations can be checked against the card (Law 75).

:func:`card_of` lists, for every auction heading of the system's files, the calls its rules make and what
they mean. A heading's suit variables (``[1M P]``, ``[1x P 1y P]``) are expanded over the suits they may
take, keeping only lawful auctions (bids rising, Laws 18-19); alternatives (``P/X``) become one line each;
``*`` and ``bid`` stay wildcards on the card (:class:`~tenace.system.pattern.AuctionPattern`: our calls
plain, the opponents' in parentheses). Each line's :class:`~tenace.system.meaning.Meaning` comes from the
engine itself (:meth:`Context.meaning <tenace.system.bidding.engine.Context.meaning>` and
:func:`~tenace.system.bidding.explain.to_meaning`), so it is exactly what a robot says when it makes the call
(Law 20F).

A card does not tell the seat, the vulnerability, or what a wildcard stood for; the rules may (a passed
hand's 2C is Drury, an unpassed hand's is two over one). A line therefore covers every table state (none to
three passes before the opening: the opener's seat and who has passed; every vulnerability when a rule of
the auction looks at it) and every auction its wildcards stand for: its text gives each distinct
explanation, joined by "; or ", and the structured facts (HCP, lengths, balance, forcing, artificial,
transfer, convention) are kept only where all of them agree (:func:`merge_meanings`), and where the
explanation's own words, read as the checks of :mod:`tenace.system.explain` read free text, do not state
them otherwise (:func:`readable`). So no explanation a robot gives contradicts its line.

What cannot be listed by auction is described on the card instead: the generators the system ``uses``
(RKCB, principles), which make rules for whatever auction reaches them, are conventions of the card with a
description; the headings that start with ``...`` (any calls before), and those whose wildcards stand for
more than :data:`MAX_INSTANCES` auctions, are named in its notes.

Working out a whole card asks the engine for every auction of every heading in every table state: a minute
or two for the shipped systems. ``card_of(system, auctions=...)`` works out only the headings some auctions
reach, whose lines are the whole card's: what checking records needs.

>>> from tenace.calls import parse_call
>>> from tenace.system.bidding.systems import builtin
>>> asked = [[parse_call(c) for c in auction.split()] for auction in ("1NT P 2C", "1NT P 2D")]
>>> card = card_of(builtin("two-over-one"), auctions=asked)   # the lines for these auctions
>>> card.meaning("", parse_call("1NT")).hcp
'15-17'
>>> stayman = card.meaning("1NT P", parse_call("2C"))
>>> stayman.convention, stayman.artificial, stayman.forcing.value
('Stayman', True, 'forcing')
>>> card.meaning("1NT P", parse_call("2D")).transfer
<Suit.HEARTS: 'H'>
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Final, TypeVar

from tenace.calls import Call
from tenace.system.bidding.calls import PASS, bid_code, call_of, code, legal
from tenace.system.bidding.conditions import VARIABLES
from tenace.system.bidding.engine import CallMeaning, Context, context
from tenace.system.bidding.explain import to_meaning
from tenace.system.bidding.rules import (
    ALTERNATIVES,
    ANY,
    ANY_BID,
    EXACT,
    VARIABLE,
    BiddingSystem,
    Pattern,
    Rule,
)
from tenace.system.card import Agreement, Convention, SystemCard
from tenace.system.explain import compare_meanings, extract_facts
from tenace.system.meaning import CARD_SUITS, Length, Meaning
from tenace.system.pattern import AuctionPattern

__all__ = ["GENERATOR_NOTES", "MAX_INSTANCES", "card_of", "instances", "merge_meanings", "pattern_text",
           "readable", "skeletons"]

GENERATOR_NOTES: Final = {
    "rkcb": (
        "Roman Key Card Blackwood (generated)",
        "Once a suit is agreed, 4NT asks for keycards (the four aces and the trump king): 5C one or four, "
        "5D none or three, 5H two without the trump queen, 5S two with it; the asker signs off with two "
        "keycards missing, asks for the queen with the next step, and for kings with 5NT. Made by the engine "
        "for every auction that reaches it, so not listed auction by auction.",
    ),
    "controls": (
        "Control bids (generated)",
        "Once a major is agreed in a game-forcing auction (or partner's natural bid of it is raised with a "
        "control bid at the four level), a new suit below four of the major shows first- or second-round "
        "control (ace, king, singleton or void) and slam interest (28 support points together), the "
        "cheapest first: a suit skipped has no control. Partner shows his own cheapest control with more "
        "than his calls showed, else signs off in four of the major; RKCB follows once every side suit is "
        "controlled. Only when the opponents have passed throughout. Not listed auction by auction.",
    ),
    "principles": (
        "Bidding principles (generated)",
        "Where the written agreements stop: game with the values for it (26 HCP counting partner's shown "
        "minimum) in a major fit, in notrump with stoppers, or in a minor; slam with 33; invitations with "
        "23-24 when partner's maximum allows game; after a forcing call a natural continuation (support, a "
        "new suit, a rebid, notrump, a preference); in competition, competing in a fit to the level of the "
        "combined trumps (law of total tricks) and penalty doubles with the balance of strength and trumps; "
        "else pass. A generated call never takes a call the written agreements make in that auction. Not "
        "listed auction by auction.",
    ),
}
"""How the card describes each generator a system may name on its ``uses`` line: a convention's name and
its description."""

MAX_INSTANCES: Final = 100
"""The most auctions one heading's wildcards (``*``, ``bid``) may stand for, over every suit its variables
take, for the card to work out what its calls mean in each (every one in every table state: the engine's
time); a heading with more is named in the card's notes instead."""

_WILD: Final = {ANY: "*", ANY_BID: "bid"}

T = TypeVar("T")

Item = int | str
"""One call of a heading once its variables are bound: a call's code, or a wildcard (``"*"``, ``"bid"``)."""


def _assignments(letters: Sequence[str]) -> Iterator[dict[str, int]]:
    """The suits ``letters`` may stand for together (two letters never stand for one suit)."""
    for suits in itertools.product(*(VARIABLES[letter] for letter in letters)):
        if len(set(suits)) == len(suits):
            yield dict(zip(letters, suits, strict=True))


def skeletons(pattern: Pattern) -> Iterator[tuple[tuple[Item, ...], dict[str, int]]]:
    """The heading's auctions with its variables bound and its alternatives chosen, wildcards left in place,
    with the suits the variables took."""
    letters = sorted(pattern.variables())
    for bindings in _assignments(letters):
        choices: list[tuple[Item, ...]] = []
        for token in pattern.tokens:
            if token.kind == VARIABLE:
                choices.append((bid_code(token.level, bindings[token.letter]),))
            elif token.kind in (EXACT, ALTERNATIVES):
                choices.append(tuple(sorted(token.codes)))
            else:
                choices.append((_WILD[token.kind],))
        for items in itertools.product(*choices):
            yield items, bindings


def _rising(items: Sequence[Item]) -> bool:
    """Whether the bids of ``items`` rise, leaving room for a ``bid`` wildcard between two of them."""
    floor = 2
    for item in items:
        if item == "bid":
            floor += 1
        elif isinstance(item, int) and item >= 3:
            if item <= floor:
                return False
            floor = item
    return floor <= 37


def instances(items: Sequence[Item], limit: int = MAX_INSTANCES) -> list[tuple[int, ...]] | None:
    """Every lawful auction (codes from the opening bid) ``items`` stands for, or ``None`` when there are more
    than ``limit``.

    >>> instances((7, 0))           # 1NT P
    [(7, 0)]
    >>> len(instances((7, "*")))   # 1NT and any call: P, X, and the 30 bids above 1NT
    32
    """
    found: list[tuple[int, ...]] = [()]
    for i, item in enumerate(items):
        options: Sequence[int]
        if isinstance(item, int):
            options = (item,)
        else:
            options = range(38) if item == "*" else range(3, 38)
        grown: list[tuple[int, ...]] = []
        for prefix in found:
            for call in options:
                if i == 0 and call < 3:
                    continue  # a heading starts at the opening bid
                if legal(prefix, call):
                    grown.append((*prefix, call))
                    if len(grown) > limit:
                        return None
        found = grown
    return found


def pattern_text(items: Sequence[Item], call: int) -> str:
    """The card's pattern for ``call`` after ``items`` (from the opening bid): our calls plain, the opponents'
    in parentheses.

    >>> pattern_text((7, 0), 9)
    '1NT (P) 2D'
    >>> pattern_text((6,), 1), pattern_text((6, "*"), 11)
    ('(1S) X', '1S (*) 2S')
    """
    n = len(items)
    words = [str(call_of(item)) if isinstance(item, int) else item for item in items]
    parts = [w if (n - i) % 2 == 0 else f"({w})" for i, w in enumerate(words)]
    return " ".join([*parts, str(call_of(call))])


def _calls_of(rule: Rule, bindings: dict[str, int], ctx: Context) -> Iterator[int]:
    """The calls ``rule`` may make at ``ctx`` with the heading's ``bindings``."""
    template = rule.call
    if template.code >= 0:
        yield template.code
        return
    if template.letter == "t":
        if ctx.agreed is not None:
            yield bid_code(template.level, ctx.agreed)
        return
    bound = bindings.get(template.letter)
    if bound is not None:
        yield bid_code(template.level, bound)
        return
    taken = set(bindings.values())
    for suit in VARIABLES[template.letter]:
        if suit not in taken:
            yield bid_code(template.level, suit)


def _same(values: Sequence[T]) -> T | None:
    return values[0] if all(v == values[0] for v in values) else None


def merge_meanings(meanings: Sequence[Meaning]) -> Meaning:
    """One card line for several explanations of one call (in different table states, or for different calls
    a wildcard stands for): the distinct texts joined by "; or ", and each structured fact only where all
    agree, so that none of them contradicts the line.

    >>> a = Meaning("weak", hcp_min=5, hcp_max=10, artificial=None)
    >>> b = Meaning("strong", hcp_min=5, hcp_max=17)
    >>> m = merge_meanings([a, b, a])
    >>> m.text, m.hcp_min, m.hcp_max
    ('weak; or strong', 5, None)
    """
    if not meanings:
        raise ValueError("merge_meanings needs at least one meaning")
    distinct = list(dict.fromkeys(meanings))
    if len(distinct) == 1:
        return distinct[0]
    lengths = []
    for suit in CARD_SUITS:
        each = [m.length(suit) for m in distinct]
        first = each[0]
        if first is not None and all(item == first for item in each):
            lengths.append(Length(suit, first.min, first.max))
    return Meaning(
        text="; or ".join(dict.fromkeys(m.text for m in distinct if m.text)),
        hcp_min=_same([m.hcp_min for m in distinct]),
        hcp_max=_same([m.hcp_max for m in distinct]),
        lengths=tuple(lengths),
        balanced=_same([m.balanced for m in distinct]),
        forcing=_same([m.forcing for m in distinct]),
        artificial=_same([m.artificial for m in distinct]),
        convention=_same([m.convention for m in distinct]),
        transfer=_same([m.transfer for m in distinct]),
        alert=any(m.alert for m in distinct),
        announce=_same([m.announce for m in distinct]),
    )


def readable(meaning: Meaning, conventions: Sequence[str] = ()) -> Meaning:
    """``meaning`` without the structured facts that its own text, read as free text
    (:func:`tenace.system.explain.extract_facts`, which is how an explanation at the table is read), states
    otherwise: a meaning's text may give its own range ("22 or more HCP, or game in hand") beside the range
    its rules show (19+). The card then keeps the text and leaves that fact out, rather than contradict what
    the robots say.

    >>> readable(Meaning("strong: 22 or more HCP; 19+ HCP", hcp_min=19, forcing=None)).hcp
    ''
    >>> readable(Meaning("natural: 15-17 HCP", hcp_min=15, hcp_max=17)).hcp
    '15-17'
    """
    said = extract_facts(meaning.text, conventions)
    fields = {f.field for f in compare_meanings(meaning, said.meaning, loose_forcing=said.loose_forcing,
                                                conventions=said.conventions)}
    if not fields:
        return meaning
    changes: dict[str, object] = {}
    if "hcp" in fields:
        changes.update(hcp_min=None, hcp_max=None)
    for name in ("balanced", "forcing", "artificial", "transfer"):
        if name in fields:
            changes[name] = None
    lengths = tuple(item for item in meaning.lengths if f"length.{item.suit.value}" not in fields)
    return replace(meaning, lengths=lengths, **changes)  # type: ignore[arg-type]


@dataclass
class _Line:
    """What the card will say about one call after one pattern: the engine's meanings of it, each once."""

    items: tuple[Item, ...]
    call: int
    meanings: dict[CallMeaning, Meaning] = field(default_factory=dict)


_VULNERABILITY_KINDS: Final = frozenset({"vul", "nonvul", "fav", "unfav"})
_NO_VULNERABILITY: Final = (False, False)


def _kinds(condition: object) -> Iterator[str]:
    """The kinds of the table conditions in ``condition`` (inside negations and alternatives too)."""
    name = type(condition).__name__
    if name == "Not":
        yield from _kinds(getattr(condition, "inner", None))
    elif name == "Any":
        for alternative in getattr(condition, "alternatives", ()):
            for inner in alternative:
                yield from _kinds(inner)
    elif name == "Context":
        yield str(getattr(condition, "kind", ""))


def _written(meaning: CallMeaning) -> bool:
    """Whether a rule of the file (not only a generator) makes the call."""
    return any(rule.pattern is not None for rule in meaning.rules)


class _Builder:
    """Works out a card's lines heading by heading, remembering what several headings share: the meanings
    of a call in one auction, the rules that may apply after an auction, which rules look at the
    vulnerability."""

    def __init__(self, system: BiddingSystem, names: Sequence[str]) -> None:
        self.system = system
        self.names = names
        self.lines: dict[str, _Line] = {}
        self._meanings: dict[tuple[int, int], CallMeaning] = {}
        self._readable: dict[CallMeaning, Meaning] = {}
        self._vulnerable_rules: dict[int, bool] = {}
        self._vulnerable_after: dict[tuple[int, ...], bool] = {}
        self._contexts: list[Context] = []  # held, so that the ids of _meanings stay theirs

    def meaning(self, ctx: Context, call: int) -> CallMeaning:
        key = (id(ctx), call)
        found = self._meanings.get(key)
        if found is None:
            found = self._meanings[key] = ctx.meaning(call)
            self._contexts.append(ctx)
        return found

    def card_meaning(self, meaning: CallMeaning) -> Meaning:
        found = self._readable.get(meaning)
        if found is None:
            found = self._readable[meaning] = readable(to_meaning(meaning), self.names)
        return found

    def _looks_at_vulnerability(self, rule: Rule) -> bool:
        found = self._vulnerable_rules.get(id(rule))
        if found is None:
            found = self._vulnerable_rules[id(rule)] = any(
                kind in _VULNERABILITY_KINDS for condition in rule.conditions for kind in _kinds(condition))
        return found

    def vulnerability_matters(self, relative: tuple[int, ...]) -> bool:
        """Whether a written rule that may apply at some point of ``relative`` (or to a pass before the
        opening) looks at the vulnerability. Nothing else in the engine does, but a generator's rule might:
        :meth:`states` checks those once they are made."""
        for end in range(len(relative) + 1):
            prefix = relative[:end]
            found = self._vulnerable_after.get(prefix)
            if found is None:
                system = self.system
                found = any(self._looks_at_vulnerability(rule)
                            for rule in (*system.by_length.get(len(prefix), ()), *system.prefixed)
                            if rule.pattern is not None and rule.pattern.match(prefix) is not None)
                self._vulnerable_after[prefix] = found
            if found:
                return True
        return False

    def states(self, relative: tuple[int, ...]) -> list[Context]:
        """The contexts of ``relative`` (from the opening bid) in every table state that may give its calls
        other meanings: with none to three passes before the opening (the opener's seat, who has passed),
        and every vulnerability when a rule of the auction looks at it."""
        every = [(False, False), (True, False), (False, True), (True, True)]
        vulnerable = self.vulnerability_matters(relative)
        contexts = self._contexts_in(relative, every if vulnerable else [_NO_VULNERABILITY])
        if not vulnerable and any(self._generated_vulnerability(ctx) for ctx in contexts):
            contexts = self._contexts_in(relative, every)
        return contexts

    def _contexts_in(self, relative: tuple[int, ...], vulnerabilities: Sequence[tuple[bool, bool]]
                     ) -> list[Context]:
        return [context(self.system, 0, vulnerability, (PASS,) * passes + relative)
                for passes in range(4) for vulnerability in vulnerabilities]

    def _generated_vulnerability(self, ctx: Context) -> bool:
        """Whether a generator's rule at ``ctx`` or before it looks at the vulnerability."""
        for end in range(len(ctx.calls) + 1):
            earlier = context(self.system, ctx.dealer, ctx.vulnerability, ctx.calls[:end])
            if any(rule.pattern is None and self._looks_at_vulnerability(rule)
                   for rule, _, _ in earlier.entries):
                return True
        return False

    def heading(self, pattern: Pattern, rules: Sequence[Rule]) -> bool:
        """Add the lines of one heading; ``False`` (and nothing added) when its wildcards stand for too many
        auctions.

        A line is the pattern of one of the heading's auctions (variables bound) and a call its rules make
        there in some table state. Its meaning covers every table state and every auction the pattern stands
        for in which the call is lawful and means something (a rule of the file or of a generator makes it;
        a pass always, since a hand no rule fits passes): whatever a robot says about that call where the
        card's line applies is one of them."""
        expanded: list[tuple[tuple[Item, ...], dict[str, int], list[tuple[int, ...]]]] = []
        wild = 0
        for items, bindings in skeletons(pattern):
            if not _rising(items):
                continue
            concrete = instances(items)
            if concrete is None:
                return False
            if any(isinstance(item, str) for item in items):
                wild += len(concrete)
                if wild > MAX_INSTANCES:
                    return False
            expanded.append((items, bindings, concrete))
        for items, bindings, concrete in expanded:
            contexts: list[Context] = []
            made: dict[int, None] = {}
            for relative in concrete:
                for ctx in self.states(relative):
                    contexts.append(ctx)
                    for rule in rules:
                        if rule.uses_agreed and ctx.agreed is None:
                            continue
                        for call in _calls_of(rule, bindings, ctx):
                            if (call not in made and legal(ctx.calls, call)
                                    and _written(self.meaning(ctx, call))):
                                made[call] = None
            for call in made:
                text = pattern_text(items, call)
                line = self.lines.get(text)
                if line is None:
                    line = self.lines[text] = _Line(items, call)
                for ctx in contexts:
                    if not legal(ctx.calls, call):
                        continue
                    meaning = self.meaning(ctx, call)
                    if (meaning.rules or call == PASS) and meaning not in line.meanings:
                        line.meanings[meaning] = self.card_meaning(meaning)
        return True


def _heading_note(pattern: Pattern, rules: Sequence[Rule], why: str) -> str:
    calls = ", ".join(dict.fromkeys(rule.call.text for rule in rules))
    return f"[{pattern.text}] ({rules[0].where}): {calls}; {why}"


def _reached(pattern: Pattern, auctions: Sequence[tuple[int, ...]]) -> bool:
    """Whether some auction of ``auctions`` (codes from the opening bid) has a beginning ``pattern``
    matches."""
    return any(pattern.match(auction[:end]) is not None
               for auction in auctions for end in range(len(auction) + 1))


def card_of(system: BiddingSystem, *, name: str | None = None,
            auctions: Iterable[Sequence[Call]] | None = None) -> SystemCard:
    """The system card of ``system`` (see the module documentation): one agreement per call its written rules
    make after each auction of its headings, the listed conventions with their descriptions, and the
    generators and the ``...`` headings as conventions and notes.

    A whole card takes a while (every auction of every heading, in every table state). ``auctions`` (each
    from the dealer, passes included) limits it to the headings those auctions reach: its lines for calls
    made in those auctions are the whole card's, which is what checking records needs
    (``tenace card check FILE.rules RECORD``).
    """
    headings: dict[str, tuple[Pattern, list[Rule]]] = {}
    for rule in system.rules:
        assert rule.pattern is not None
        headings.setdefault(rule.pattern.text, (rule.pattern, []))[1].append(rule)
    conventions = [Convention(n, system.descriptions.get(n, "")) for n in system.conventions]
    conventions += [Convention(*GENERATOR_NOTES[g]) if g in GENERATOR_NOTES else Convention(g)
                    for g in system.generators]
    wanted = None if auctions is None else [_relative(auction) for auction in auctions]
    builder = _Builder(system, [c.name for c in conventions])
    notes: list[str] = []
    for pattern, rules in headings.values():
        if pattern.prefix:
            notes.append(_heading_note(pattern, rules, "at the end of any auction, so not listed"))
        elif wanted is not None and not _reached(pattern, wanted):
            continue
        elif not builder.heading(pattern, rules):
            notes.append(_heading_note(pattern, rules, f"its wildcards stand for more than {MAX_INSTANCES} "
                                                       "auctions, so not listed"))
    agreements = tuple(Agreement(AuctionPattern.parse(text), merge_meanings(list(line.meanings.values())))
                       for text, line in builder.lines.items())
    note = "Agreements not listed by auction (see the system's rules): " + " | ".join(notes) if notes else ""
    return SystemCard(name=name or system.name, system=system.name, approach=system.summary,
                      agreements=agreements, conventions=tuple(conventions), notes=note)


def _relative(auction: Sequence[Call]) -> tuple[int, ...]:
    """The codes of ``auction`` from its opening bid (the passes before it left out)."""
    codes = [code(call) for call in auction]
    start = next((i for i, c in enumerate(codes) if c != PASS), len(codes))
    return tuple(codes[start:])
