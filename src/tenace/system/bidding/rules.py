"""Bidding systems written as rules in text files: the robots' system cards (Law 40A).

A rule says *after this auction, with a hand like this, make this call; it means that*. A file lists rules
under auction headings, in order of priority (the first rule that fits the hand decides):

.. code-block:: text

    system    Tenace 2/1
    summary   Two over one game forcing, five-card majors, 15-17 1NT.
    conventions Stayman, Jacoby transfers
    uses      rkcb, principles           # generators built into Tenace (tenace.system.bidding.generators)
    include   common.rules               # another file's rules, in place
    define    opening = hcp 12-21 | hcp 10-11, rule20     # a condition with alternatives
    meaning   puppet = Puppet Stayman: asks for a five-card major [Puppet Stayman]
    convention Puppet Stayman = 3C over 2NT asks for a five-card major.

    section   Responses to 1NT
    [1NT P]
    2C   hcp 8+, H==4           : stayman     forcing alert
    2D   H>=5                   : transfer    alert transfer
    3NT  hcp 10-15              : to-play

**Auction headings** (``[...]``) give the calls from the opening bid (passes before it are left out) up to
the caller's turn, in rotation; ``[-]`` is an auction with no bid yet. Tokens: a call (``P``, ``X``,
``XX``, ``1C`` .. ``7NT``); a bid with a suit variable (``1x``, ``2M``, ``1m``: see
:data:`~tenace.system.bidding.conditions.VARIABLES`; a letter keeps its suit wherever it is used again, and
two letters never stand for the same suit); ``*`` any call; ``bid`` any bid; alternatives with ``/``
(``P/X``); and ``...`` first, for any calls before the rest.

**Rules**: the call (which may use the heading's variables, a new one chosen by the hand, longest suit
first, or ``t``, the agreed suit), then the conditions (:mod:`tenace.system.bidding.conditions`, separated
by commas), a colon, the meaning (a key of :data:`tenace.system.bidding.labels.LABELS` or one the file
defines with ``meaning KEY = TEXT [Convention]``; the text is the explanation) and flags: ``forcing`` (one
round), ``gf`` (game forcing), ``inv`` (invitational), ``nf`` (non-forcing), ``signoff``, ``alert``
(artificial or otherwise alertable), ``transfer`` (shows the next suit up), ``judge`` (the robot may weigh
this call against the others that fit by simulation), ``option`` (never the rules' own choice, only an
alternative to a ``judge`` call that simulation may prefer).

A file that includes another may restate one of its headings: the new rules then replace the included
file's rules for that heading, in place (a variant card changes what it must and keeps the rest). A heading
written ``[+...]`` adds its rules after those of a heading read before (a part file may add, say, an
opening to ``[+-]``). The
``system``, ``summary`` and ``uses`` lines belong in the system's own file only. An included file may list
the conventions its rules use; when the system's own file lists its conventions, its list is the card's.

Everything wrong in a file is a :class:`SystemFileError` naming the file, the line and the problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from tenace.system.bidding.calls import bid_code, parse_code
from tenace.system.bidding.conditions import (
    VARIABLES,
    Condition,
    ConditionError,
    is_table_condition,
    parse_alternatives,
    parse_conditions,
)
from tenace.system.bidding.labels import CONVENTIONS, LABELS, Label
from tenace.system.meaning import Forcing

__all__ = ["FLAGS", "BiddingSystem", "CallTemplate", "Pattern", "Rule", "SystemFileError",
           "is_table_condition",
           "parse_system"]

FLAGS: Final = {
    "forcing": "forcing for one round", "gf": "game forcing", "inv": "invitational", "nf": "non-forcing",
    "signoff": "sign-off", "alert": "artificial, or alertable", "transfer": "shows the next suit up",
    "judge": "the robot may prefer another call that fits, by simulation",
    "option": "never the system's own choice: a call the robot may prefer to a 'judge' call, by simulation",
}
_FORCING: Final = {"forcing": Forcing.FORCING, "gf": Forcing.GAME_FORCING, "inv": Forcing.INVITATIONAL,
                   "nf": Forcing.NON_FORCING, "signoff": Forcing.SIGN_OFF}
_BID_VAR: Final = re.compile(r"([1-7])([A-Za-z])")
_LABEL: Final = re.compile(r"[a-z0-9][a-z0-9-]*")


class SystemFileError(ValueError):
    """A bidding system file that cannot be used: ``where`` is ``file:line`` (or the file alone)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


# --- auction patterns --------------------------------------------------------------------------------------

# token kinds
EXACT, ALTERNATIVES, ANY, ANY_BID, VARIABLE = range(5)


@dataclass(frozen=True, slots=True)
class Token:
    kind: int
    codes: frozenset[int] = frozenset()
    level: int = 0
    letter: str = ""
    text: str = ""

    def __str__(self) -> str:
        return self.text

    def admits(self, call: int) -> bool:
        """Whether this token could match ``call`` whatever the variables stand for."""
        if self.kind in (EXACT, ALTERNATIVES):
            return call in self.codes
        if self.kind == ANY:
            return True
        if call < 3:
            return False
        if self.kind == ANY_BID:
            return True
        return (call - 3) // 5 + 1 == self.level and (call - 3) % 5 in VARIABLES[self.letter]


def _token(text: str) -> Token:
    if text == "*":
        return Token(ANY, text=text)
    if text == "bid":
        return Token(ANY_BID, text=text)
    if "/" in text:
        parts = text.split("/")
        if any(p in ("*", "bid", "") or _BID_VAR.fullmatch(p) and p[1] not in "CDHSN" for p in parts):
            raise ValueError(f"{text!r}: alternatives are plain calls, such as P/X")
        return Token(ALTERNATIVES, frozenset(parse_code(p) for p in parts), text=text)
    m = _BID_VAR.fullmatch(text)
    if m is not None and m.group(2) in VARIABLES:
        return Token(VARIABLE, level=int(m.group(1)), letter=m.group(2), text=text)
    return Token(EXACT, frozenset({parse_code(text)}), text=text)


@dataclass(frozen=True, slots=True)
class Pattern:
    """The calls of an auction from the opening bid, as a heading writes them."""

    text: str
    tokens: tuple[Token, ...]
    prefix: bool = False
    """Whether the pattern starts with ``...`` (any calls before)."""

    @staticmethod
    def parse(text: str) -> Pattern:
        words = text.split()
        prefix = bool(words) and words[0] == "..."
        if prefix:
            words = words[1:]
        if words == ["-"]:
            words = []
        tokens = tuple(_token(w) for w in words)
        if "t" in {t.letter for t in tokens}:
            raise ValueError("the agreed suit t is bound by the auction, not by a heading")
        return Pattern(" ".join(text.split()), tokens, prefix)

    def match(self, calls: Sequence[int]) -> dict[str, int] | None:
        """The suits the variables stand for when ``calls`` (from the opening bid) match, else ``None``."""
        tokens = self.tokens
        if self.prefix:
            if len(calls) < len(tokens):
                return None
            calls = calls[len(calls) - len(tokens):]
        elif len(calls) != len(tokens):
            return None
        bindings: dict[str, int] = {}
        for token, call in zip(tokens, calls, strict=True):
            kind = token.kind
            if kind == EXACT or kind == ALTERNATIVES:
                if call not in token.codes:
                    return None
            elif kind == ANY_BID:
                if call < 3:
                    return None
            elif kind == VARIABLE:
                if call < 3:
                    return None
                level, denomination = (call - 3) // 5 + 1, (call - 3) % 5
                if level != token.level or denomination == 4 or denomination not in VARIABLES[token.letter]:
                    return None
                bound = bindings.get(token.letter)
                if bound is None:
                    if denomination in bindings.values():
                        return None
                    bindings[token.letter] = denomination
                elif bound != denomination:
                    return None
        return bindings

    def variables(self) -> frozenset[str]:
        return frozenset(t.letter for t in self.tokens if t.kind == VARIABLE)


# --- the call a rule makes ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CallTemplate:
    """A rule's call: a fixed call, or a bid in a variable's suit (bound or chosen by the hand)."""

    text: str
    code: int = -1
    level: int = 0
    letter: str = ""

    @staticmethod
    def parse(text: str) -> CallTemplate:
        m = _BID_VAR.fullmatch(text)
        if m is not None and m.group(2) in VARIABLES:
            return CallTemplate(text, level=int(m.group(1)), letter=m.group(2))
        return CallTemplate(text, code=parse_code(text))

    def calls(self, bindings: dict[str, int], order: Sequence[int]) -> Iterator[tuple[int, dict[str, int]]]:
        """The calls this template stands for with ``bindings``, a new variable taking the suits in
        ``order`` (the hand's longest first)."""
        if self.code >= 0:
            yield self.code, bindings
            return
        bound = bindings.get(self.letter)
        if bound is not None:
            yield bid_code(self.level, bound), bindings
            return
        taken = set(bindings.values())
        allowed = VARIABLES[self.letter]
        for suit in order:
            if suit in allowed and suit not in taken:
                yield bid_code(self.level, suit), {**bindings, self.letter: suit}

    def produces(self, call: int, bindings: dict[str, int]) -> dict[str, int] | None:
        """The bindings under which this template makes ``call``, or ``None``."""
        if self.code >= 0:
            return bindings if call == self.code else None
        if call < 3:
            return None
        level, denomination = (call - 3) // 5 + 1, (call - 3) % 5
        if level != self.level or denomination == 4:
            return None
        bound = bindings.get(self.letter)
        if bound is not None:
            return bindings if bound == denomination else None
        if denomination not in VARIABLES[self.letter] or denomination in bindings.values():
            return None
        return {**bindings, self.letter: denomination}


# --- rules and systems -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, eq=False)
class Rule:
    """One agreement: after ``pattern``, with a hand meeting ``conditions``, make ``call``; it means
    ``label`` (with ``forcing``, ``alert``, ``transfer``)."""

    pattern: Pattern | None
    """``None`` for a rule a generator made for one auction."""
    call: CallTemplate
    conditions: tuple[Condition, ...]
    label: str
    forcing: Forcing | None = None
    alert: bool = False
    transfer: bool = False
    judge: bool = False
    option: bool = False
    """Never chosen by the rules alone: an alternative a robot's simulation may prefer at a choice point."""
    where: str = ""
    section: str = ""
    uses_agreed: bool = False
    """Whether the rule names the agreed suit ``t`` (it applies only once a suit is agreed)."""
    context: tuple[Condition, ...] = ()
    """The conditions that look at the table or the auction, not the hand (position, vulnerability, which
    suits the variables stand for): a rule whose table conditions fail says nothing about the call."""

    def __repr__(self) -> str:
        conditions = ", ".join(c.text for c in self.conditions)
        heading = self.pattern.text if self.pattern is not None else "(generated)"
        return f"<Rule [{heading}] {self.call.text} {conditions} : {self.label} {self.where}>"


@dataclass(frozen=True, slots=True, eq=False)
class BiddingSystem:
    """A bidding system: its name, summary, conventions, the generators it uses and its rules in order;
    ``meanings`` and ``descriptions`` are the built-in meanings and conventions
    (:mod:`tenace.system.bidding.labels`) with the file's own added."""

    name: str
    summary: str
    conventions: tuple[str, ...]
    generators: tuple[str, ...]
    rules: tuple[Rule, ...]
    source: str = ""
    meanings: dict[str, Label] = field(default_factory=lambda: dict(LABELS), repr=False)
    descriptions: dict[str, str] = field(default_factory=lambda: dict(CONVENTIONS), repr=False)
    by_length: dict[int, tuple[Rule, ...]] = field(default_factory=dict, repr=False)
    prefixed: tuple[Rule, ...] = field(default=(), repr=False)
    _by_opening: dict[tuple[int, int], tuple[Rule, ...]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        by_length: dict[int, list[Rule]] = {}
        prefixed: list[Rule] = []
        for rule in self.rules:
            assert rule.pattern is not None
            if rule.pattern.prefix:
                prefixed.append(rule)
            else:
                by_length.setdefault(len(rule.pattern.tokens), []).append(rule)
        object.__setattr__(self, "by_length", {n: tuple(r) for n, r in by_length.items()})
        object.__setattr__(self, "prefixed", tuple(prefixed))

    def rules_for(self, calls: Sequence[int]) -> tuple[Rule, ...]:
        """The rules whose heading may match ``calls`` (from the opening bid), in the file's order: those of
        the right length whose first token admits the opening bid, and the ``...`` ones."""
        key = (len(calls), calls[0] if calls else -1)
        found = self._by_opening.get(key)
        if found is None:
            same_length = self.by_length.get(len(calls), ())
            if calls:
                same_length = tuple(r for r in same_length if r.pattern is not None
                                    and r.pattern.tokens[0].admits(calls[0]))
            found = (*same_length, *self.prefixed)
            self._by_opening[key] = found
        return found

    def __hash__(self) -> int:
        return id(self)


# --- reading files -----------------------------------------------------------------------------------------

@dataclass
class _Block:
    pattern: Pattern
    rules: list[Rule]
    where: str
    path: Path


@dataclass
class _Reading:
    name: str = ""
    summary: list[str] = field(default_factory=list)
    conventions: list[str] = field(default_factory=list)
    generators: list[str] = field(default_factory=list)
    blocks: list[_Block] = field(default_factory=list)
    macros: dict[str, Condition] = field(default_factory=dict)
    included_conventions: list[str] = field(default_factory=list)
    meanings: dict[str, Label] = field(default_factory=lambda: dict(LABELS))
    descriptions: dict[str, str] = field(default_factory=lambda: dict(CONVENTIONS))
    included: dict[Path, set[Path]] = field(default_factory=dict)
    """For each file read, the files it included, directly or not."""


def _split_rule(line: str, where: str) -> tuple[str, str, str, list[str]]:
    if ":" not in line:
        raise SystemFileError(where, f"a rule needs ':' before its meaning: {line!r}")
    left, right = line.split(":", 1)
    words = left.split(None, 1)
    if not words:
        raise SystemFileError(where, "a rule starts with its call")
    call, conditions = words[0], words[1] if len(words) > 1 else ""
    meaning = right.split()
    if not meaning:
        raise SystemFileError(where, "a rule needs a meaning after ':'")
    return call, conditions, meaning[0], meaning[1:]


def _rule(line: str, where: str, block: _Block, section: str, macros: dict[str, Condition]) -> Rule:
    call_text, conditions_text, label, flags = _split_rule(line, where)
    try:
        call = CallTemplate.parse(call_text)
    except ValueError as exc:
        raise SystemFileError(where, f"cannot read the call {call_text!r}: {exc}") from None
    try:
        conditions = parse_conditions(conditions_text, macros)
    except ConditionError as exc:
        raise SystemFileError(where, str(exc)) from None
    if not _LABEL.fullmatch(label):
        raise SystemFileError(where, f"the meaning {label!r} is not a key (lower-case words joined by -)")
    forcing = None
    alert = transfer = judge = option = False
    for flag in flags:
        if flag not in FLAGS:
            raise SystemFileError(where, f"unknown flag {flag!r} (the flags are: {', '.join(FLAGS)})")
        if flag in _FORCING:
            if forcing is not None:
                raise SystemFileError(where, f"two forcing flags: {forcing.value} and {flag}")
            forcing = _FORCING[flag]
        alert |= flag == "alert"
        transfer |= flag == "transfer"
        judge |= flag == "judge"
        option |= flag == "option"
    bound = block.pattern.variables() | ({call.letter} if call.letter else set()) | {"t"}
    for condition in conditions:
        unbound = condition.variables() - bound
        if unbound:
            names = ", ".join(sorted(unbound))
            raise SystemFileError(where, f"the condition {condition.text!r} names {names}, which neither the "
                                         f"heading [{block.pattern.text}] nor the call binds")
    context = tuple(c for c in conditions if is_table_condition(c))
    uses_agreed = call.letter == "t" or any("t" in c.variables() for c in conditions)
    return Rule(block.pattern, call, conditions, label, forcing, alert, transfer, judge, option, where,
                section, uses_agreed, context)


_HEADER_ONLY: Final = ("system", "summary", "uses")


def _read(path: Path, text: str, reading: _Reading, seen: tuple[Path, ...]) -> None:
    block: _Block | None = None
    section = ""
    me = path.resolve()
    reading.included.setdefault(me, set())
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{path.name}:{number}"
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise SystemFileError(where, f"a heading ends with ']': {line!r}")
            extend = line.startswith("[+")
            try:
                pattern = Pattern.parse(line[2:-1] if extend else line[1:-1])
            except ValueError as exc:
                raise SystemFileError(where, f"cannot read the auction [{line[1:-1]}]: {exc}") from None
            block = _Block(pattern, [], where, me)
            old = next((b for b in reading.blocks if b.pattern.text == pattern.text), None)
            if extend:
                if old is None:
                    raise SystemFileError(where, f"[+{pattern.text}] adds to a heading, but none was read "
                                                 "before")
                block = old  # the rules that follow come after the heading's own
            elif old is not None and old.path in reading.included[me]:
                # a variant restates an included heading
                old.rules, old.where, old.path = block.rules, where, me
                block = old
            elif old is not None:
                raise SystemFileError(where, f"the auction [{pattern.text}] already has a heading at "
                                             f"{old.where}")
            else:
                reading.blocks.append(block)
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        if keyword in _HEADER_ONLY and seen:
            raise SystemFileError(where, f"'{keyword}' belongs in the system's own file, not in an included "
                                         "one")
        if keyword == "system":
            reading.name = rest
        elif keyword == "summary":
            reading.summary.append(rest)
        elif keyword == "conventions":
            names = [c.strip() for c in rest.split(",") if c.strip()]
            if seen:
                reading.included_conventions += names
            else:
                reading.conventions += names
        elif keyword == "uses":
            reading.generators += [g.strip() for g in rest.split(",") if g.strip()]
        elif keyword == "section":
            section = rest
        elif keyword == "meaning":
            key, equals, body = rest.partition("=")
            key, body = key.strip(), body.strip()
            if not equals or not _LABEL.fullmatch(key) or not body:
                raise SystemFileError(where, "write 'meaning KEY = TEXT' or "
                                             "'meaning KEY = TEXT [Convention]'")
            convention = None
            m = re.fullmatch(r"(.*?)\s*\[([^\]]+)\]", body)
            if m is not None:
                body, convention = m.group(1), m.group(2).strip()
            known = reading.meanings.get(key)
            if known is not None and (known.text, known.convention) != (body, convention):
                raise SystemFileError(where, f"the meaning {key!r} is already {known.text!r}")
            reading.meanings[key] = Label(body, convention)
        elif keyword == "convention":
            name, equals, body = rest.partition("=")
            name, body = name.strip(), body.strip()
            if not equals or not name or not body:
                raise SystemFileError(where, "write 'convention NAME = DESCRIPTION'")
            old_text = reading.descriptions.get(name)
            if old_text is not None and old_text != body:
                raise SystemFileError(where, f"the convention {name!r} is already described")
            reading.descriptions[name] = body
        elif keyword == "define":
            name, equals, body = rest.partition("=")
            name = name.strip()
            if not equals or not re.fullmatch(r"[a-z][a-z0-9-]*", name):
                raise SystemFileError(where, "write 'define NAME = CONDITIONS | CONDITIONS ...' with a "
                                             "lower-case "
                                             "name")
            try:
                reading.macros[name] = parse_alternatives(name, body, reading.macros)
            except ConditionError as exc:
                raise SystemFileError(where, str(exc)) from None
        elif keyword == "include":
            included = (path.parent / rest).resolve()
            if included in seen or included == path.resolve():
                raise SystemFileError(where, f"{rest} includes itself")
            try:
                content = included.read_text(encoding="utf-8")
            except OSError as exc:
                problem = exc.strerror
                raise SystemFileError(where, f"cannot read the included file {rest}: {problem}") from None
            _read(included, content, reading, (*seen, me))
            reading.included[me] |= {included} | reading.included[included]
        else:
            if block is None:
                raise SystemFileError(where, f"a rule before any auction heading: {line!r}")
            block.rules.append(_rule(line, where, block, section, reading.macros))


def parse_system(text: str, path: Path | str = "<text>") -> BiddingSystem:
    """Read a system from the text of a file (``path`` names it in errors and resolves ``include``).

    :raises SystemFileError: naming the file and the line of the first problem.
    """
    where = Path(path)
    reading = _Reading()
    _read(where, text, reading, ())
    if not reading.name:
        raise SystemFileError(where.name, "the file does not name its system (a 'system NAME' line)")
    rules = tuple(rule for block in reading.blocks for rule in block.rules)
    # the system's own file lists its conventions; when it lists none, the included files' lists stand
    conventions = reading.conventions or reading.included_conventions
    return BiddingSystem(reading.name, " ".join(reading.summary), tuple(dict.fromkeys(conventions)),
                         tuple(dict.fromkeys(reading.generators)), rules, str(path), reading.meanings,
                         reading.descriptions)


def load_system(path: Path | str) -> BiddingSystem:
    """Read a system file.

    :raises SystemFileError: if it cannot be read or is wrong.
    """
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except OSError as exc:
        raise SystemFileError(where.name, f"cannot read the file: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise SystemFileError(where.name, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return parse_system(text, where)


__all__ += ["load_system"]
