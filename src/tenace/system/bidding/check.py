"""Checking a bidding system before anyone plays it: every meaning known, every convention listed, one meaning
per call in each auction, and no rule that no hand can meet.

>>> from tenace.system.bidding.rules import parse_system
>>> text = '''system Broken
... conventions Stayman, Frobnitz
... [1NT P]
... 2C  hcp 8+, H==4      : stayman  forcing alert
... 2C  hcp 8+, S==4      : natural
... 2D  S>=5, S<=4         : transfer  alert transfer
... '''
>>> for problem in check_system(parse_system(text, "broken.rules")):
...     print(problem)  # doctest: +ELLIPSIS
broken.rules: unknown convention 'Frobnitz' (known: ...)
broken.rules:5: [1NT P] 2C has two meanings: 'stayman' (broken.rules:4) and 'natural'
broken.rules:6: [1NT P] 2D is 'transfer', a part of Jacoby transfers, which the system does not list ...
broken.rules:6: [1NT P] 2D: no hand can meet S>=5, S<=4

A condition that cannot be read stops the reading itself, with the line:

>>> parse_system("system X\\n[1NT P]\\n2D hcp 12-9 : transfer\\n", "bad.rules")
Traceback (most recent call last):
...
tenace.system.bidding.rules.SystemFileError: bad.rules:3: the range '12-9' goes down: 12 is above 9
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from tenace.system.bidding.calls import bid_code
from tenace.system.bidding.conditions import NOTHING, VARIABLES, Facts, facts_of
from tenace.system.bidding.hand import HandInfo
from tenace.system.bidding.rules import EXACT, VARIABLE, BiddingSystem, Rule

__all__ = ["Problem", "check_system", "contradictions"]


@dataclass(frozen=True, slots=True)
class Problem:
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


class _Env:
    """A stand-in for an auction: variables bound to suits, a table state, partner having shown nothing."""

    def __init__(self, bindings: dict[str, int], state: tuple[bool, bool, int, bool, bool] = (
            False, False, 1, False, False)) -> None:
        self.bindings = bindings
        self.partner: Facts = NOTHING
        self.unbid: tuple[int, ...] = ()
        self.theirs: tuple[int, ...] = ()
        self.passed, self.partner_passed, self.seat, ours, theirs = state
        self.vulnerable = (ours, theirs)


_STATES = tuple(itertools.product((False, True), (False, True), (1, 2, 3, 4), (False, True), (False, True)))


def _letters(rule: Rule) -> list[str]:
    letters = {c for cond in rule.conditions for c in cond.variables()} | {rule.call.letter} - {""}
    if rule.pattern is not None:
        letters |= rule.pattern.variables()
    return sorted(letters)


def _assignments(letters: list[str], rule: Rule) -> list[dict[str, int]]:
    """The suits the variables may take together, where the heading's bids (and the rule's) then rise."""
    out = []
    for suits in itertools.product(*(VARIABLES[letter] for letter in letters)):
        if len(set(suits)) == len(suits):
            bindings = dict(zip(letters, suits, strict=True))
            if _lawful(rule, bindings):
                out.append(bindings)
    return out


def _lawful(rule: Rule, bindings: dict[str, int]) -> bool:
    bids = []
    tokens = rule.pattern.tokens if rule.pattern is not None else ()
    for token in tokens:
        if token.kind == VARIABLE:
            bids.append(bid_code(token.level, bindings[token.letter]))
        elif token.kind == EXACT:
            (value,) = token.codes
            if value >= 3:
                bids.append(value)
    call = rule.call
    if call.code >= 3:
        bids.append(call.code)
    elif call.letter:
        bids.append(bid_code(call.level, bindings[call.letter]))
    return all(a < b for a, b in itertools.pairwise(bids))


def _applies(rule: Rule, env: _Env) -> bool:
    return all(c.holds(None, env) for c in rule.context)  # type: ignore[arg-type]


def _possible(rule: Rule) -> bool:
    """Whether some table state, some suits for the variables and some hand meet the rule (by counting)."""
    for bindings in _assignments(_letters(rule), rule):
        for state in _STATES:
            env = _Env(bindings, state)
            if _applies(rule, env) and facts_of(rule.conditions, env).possible:
                return True
    return False


def _overlap(a: Rule, b: Rule) -> bool:
    """Whether two rules of one heading can both apply at one table with the same suits."""
    letters = sorted(set(_letters(a)) | set(_letters(b)))
    for bindings in _assignments(letters, a):
        if not _lawful(b, bindings):
            continue
        for state in _STATES:
            env = _Env(bindings, state)
            if _applies(a, env) and _applies(b, env):
                return True
    return False


def _overclaim(text: str, rule: Rule) -> str:
    """What a meaning's text states about HCP or balance that the rule's conditions allow to be false (the
    explanation would then lie, Law 20F); texts with alternatives ("or") are not read."""
    if not text or " or " in text:
        return ""
    from tenace.system.explain import extract_facts

    stated = extract_facts(text).meaning
    if stated.hcp_min is None and stated.hcp_max is None and not stated.balanced:
        return ""
    for bindings in _assignments(_letters(rule), rule)[:1]:
        shown = facts_of(rule.conditions, _Env(bindings))
        if stated.hcp_min is not None and shown.hcp_min < stated.hcp_min:
            return f"{stated.hcp_min}+ HCP"
        if stated.hcp_max is not None and shown.hcp_max > stated.hcp_max:
            return f"at most {stated.hcp_max} HCP"
        if stated.balanced and not shown.balanced:
            return "a balanced hand"
    return ""


def check_system(system: BiddingSystem) -> list[Problem]:
    """Every problem of ``system``, each naming the file and line."""
    problems: list[Problem] = []
    source = system.source.rsplit("/", 1)[-1] or system.name
    for name in system.conventions:
        if name not in system.descriptions:
            problems.append(Problem(source, f"unknown convention {name!r} (known: "
                                            f"{', '.join(system.descriptions)})"))
    from tenace.system.bidding.generation import GENERATORS
    for name in system.generators:
        if name not in GENERATORS:
            problems.append(Problem(source, f"unknown generator {name!r} in 'uses' (known: "
                                            f"{', '.join(GENERATORS)})"))
    listed = set(system.conventions)
    first: dict[tuple[str, str], list[Rule]] = {}
    for rule in system.rules:
        assert rule.pattern is not None
        label = system.meanings.get(rule.label)
        if label is None:
            problems.append(Problem(rule.where, f"[{rule.pattern.text}] {rule.call.text}: unknown meaning "
                                                f"{rule.label!r}"))
        elif label.convention is not None and label.convention not in listed:
            problems.append(Problem(rule.where, f"[{rule.pattern.text}] {rule.call.text} is {rule.label!r}, "
                                                f"a "
                                                f"part of {label.convention}, which the system does not list "
                                                f"under 'conventions'"))
        key = (rule.pattern.text, rule.call.text)
        for earlier in first.get(key, []):
            if earlier.label != rule.label and _overlap(earlier, rule):
                conflict = f"{earlier.label!r} ({earlier.where}) and {rule.label!r}"
                problems.append(Problem(rule.where, f"[{rule.pattern.text}] {rule.call.text} has two "
                                                    f"meanings: {conflict}"))
                break
        first.setdefault(key, []).append(rule)
        claim = _overclaim(label.text if label is not None else "", rule)
        if claim:
            problems.append(Problem(rule.where, f"[{rule.pattern.text}] {rule.call.text}: the meaning's text "
                                                f"claims {claim}, which the rule's conditions do not ensure"))
        if not _possible(rule):
            problems.append(Problem(rule.where, f"[{rule.pattern.text}] {rule.call.text}: no hand can meet "
                                                f"{', '.join(c.text for c in rule.conditions)}"))
    return problems


def contradictions(facts: Facts, hand: HandInfo) -> list[str]:
    """What in ``facts`` (what a call showed) the caller's own ``hand`` contradicts: HCP, total points, suit
    lengths, balance, and the notes that name a suit (stoppers, honours, controls) or a count.

    >>> from tenace.cards import CardSet
    >>> contradictions(Facts(hcp_min=15, hcp_max=17, balanced=True), HandInfo.of(CardSet.from_pbn(
    ...     "K832.KQ2.K32.J32")))
    ['hcp 15-17: 12']
    """
    out: list[str] = []
    if not facts.hcp_min <= hand.hcp <= facts.hcp_max:
        out.append(f"hcp {facts.hcp_min}-{facts.hcp_max}: {hand.hcp}")
    if facts.points_min is not None and max(hand.points, max(hand.support_points(s) for s in range(4))) < \
            facts.points_min:
        out.append(f"points {facts.points_min}+: {hand.points}")
    for suit, (low, high) in enumerate(facts.lengths):
        if not low <= hand.lengths[suit] <= high:
            out.append(f"length of {'CDHS'[suit]} {low}-{high}: {hand.lengths[suit]}")
    if facts.balanced is not None and hand.balanced != facts.balanced:
        out.append(f"balanced {facts.balanced}: {hand.shape}")
    for key, values in facts.notes:
        if key in ("work", "no-work"):  # (suit, count): HCP besides the K, Q and J of the suit
            if (hand.working_hcp(values[0]) >= values[1]) != (key == "work"):
                out.append(f"{key} {values}")
            continue
        test = _NOTE_TESTS.get(key)
        if test is not None and values and not all(test(hand, s) for s in values):
            out.append(f"{key} {values}")
    return out


def _control(hand: HandInfo, suit: int) -> bool:
    return hand.first_round_control(suit) or hand.second_round_control(suit)


_NOTE_TESTS: dict[str, Callable[[HandInfo, int], bool]] = {
    "stop": HandInfo.stopper,
    "good": HandInfo.good_suit,
    "control": _control,
}
