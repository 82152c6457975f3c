"""System cards as JSON, with a schema version (Law 40A1(b): the partnership's duty to disclose).

The document::

    {"schema": "tenace-system-card", "schema_version": 1,
     "name": "...", "revision": 1, "players": ["..."],
     "general": {"system": "...", "approach": "..."},
     "agreements": [{"auction": "1NT-2C", "meaning": {"text": "Stayman", "hcp": [8, null],
                     "lengths": {"S": [4, null]}, "balanced": true, "forcing": "forcing",
                     "artificial": true, "convention": "Stayman", "transfer": "H",
                     "alert": false, "announce": null}}],
     "conventions": [{"name": "Stayman", "description": "..."}],
     "carding": {"leads_vs_suits": "...", "leads_vs_notrump": "...", "signals_vs_suits": "...",
                 "signals_vs_notrump": "...", "discards": "...", "notes": "..."},
     "competitive_notes": "...", "notes": "..."}

Ranges may also be written as text (``"15-17"``, ``"5+"``); export always writes ``[min, max]``. Every key
of a meaning except ``text`` may be left out. Bad input raises :class:`SystemCardError` naming the JSON path
(``$.agreements[3].meaning.hcp``) and the source.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Final, TypeVar

from tenace.cards import Suit
from tenace.errors import NotationError
from tenace.system.card import Agreement, Carding, Convention, SystemCard
from tenace.system.meaning import CARD_SUITS, Forcing, Length, Meaning, parse_range
from tenace.system.pattern import AuctionPattern

SCHEMA: Final = "tenace-system-card"
SCHEMA_VERSION: Final = 1
T = TypeVar("T")


class SystemCardError(NotationError):
    """A system card document is malformed; ``path`` is the JSON path of the bad value."""

    def __init__(self, message: str, *, path: str = "$", source: str = "<json>") -> None:
        self.message = message
        self.path = path
        self.source = source
        super().__init__(f"{source}: {path}: {message}")


def meaning_to_json(meaning: Meaning) -> dict[str, Any]:
    out: dict[str, Any] = {"text": meaning.text}
    if meaning.hcp_min is not None or meaning.hcp_max is not None:
        out["hcp"] = [meaning.hcp_min, meaning.hcp_max]
    if meaning.lengths:
        out["lengths"] = {item.suit.value: [item.min, item.max] for item in meaning.lengths}
    if meaning.balanced is not None:
        out["balanced"] = meaning.balanced
    if meaning.forcing is not None:
        out["forcing"] = meaning.forcing.value
    if meaning.artificial is not None:
        out["artificial"] = meaning.artificial
    if meaning.convention is not None:
        out["convention"] = meaning.convention
    if meaning.transfer is not None:
        out["transfer"] = meaning.transfer.value
    if meaning.alert:
        out["alert"] = True
    if meaning.announce is not None:
        out["announce"] = meaning.announce
    return out


def card_to_json(card: SystemCard) -> dict[str, Any]:
    """The JSON document of ``card`` (a dict ready for :func:`json.dumps`)."""
    c = card.carding
    return {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "name": card.name,
        "revision": card.revision,
        "players": list(card.players),
        "general": {"system": card.system, "approach": card.approach},
        "agreements": [{"auction": a.pattern.text, "meaning": meaning_to_json(a.meaning)}
                       for a in card.agreements],
        "conventions": [{"name": v.name, "description": v.description} for v in card.conventions],
        "carding": {"leads_vs_suits": c.leads_vs_suits, "leads_vs_notrump": c.leads_vs_notrump,
                    "signals_vs_suits": c.signals_vs_suits, "signals_vs_notrump": c.signals_vs_notrump,
                    "discards": c.discards, "notes": c.notes},
        "competitive_notes": card.competitive_notes,
        "notes": card.notes,
    }


def dumps(card: SystemCard) -> str:
    """The card as JSON text (UTF-8, indented, keys in a stable order)."""
    return json.dumps(card_to_json(card), ensure_ascii=False, indent=2) + "\n"


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, message: str) -> SystemCardError:
        return SystemCardError(message, path=path, source=self.source)

    def obj(self, value: object, path: str, allowed: frozenset[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {type(value).__name__}")
        unknown = sorted(set(value) - allowed)
        if unknown:
            expected = ", ".join(sorted(allowed))
            raise self.fail(f"{path}.{unknown[0]}", f"unknown key (expected one of {expected})")
        return value

    def typed(self, value: object, path: str, kind: type[T], what: str) -> T:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(path, f"expected {what}, got {json.dumps(value)}")
        return value

    def text(self, data: dict[str, Any], key: str, path: str) -> str:
        return self.typed(data.get(key, ""), f"{path}.{key}", str, "a string")

    def optional(self, data: dict[str, Any], key: str, path: str, kind: type[T], what: str) -> T | None:
        value = data.get(key)
        return None if value is None else self.typed(value, f"{path}.{key}", kind, what)

    def range(self, value: object, path: str) -> tuple[int | None, int | None]:
        try:
            if isinstance(value, str):
                return parse_range(value)
            if isinstance(value, list) and len(value) == 2:
                low, high = value
                for i, v in enumerate((low, high)):
                    if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                        raise self.fail(f"{path}[{i}]",
                                        f"expected a whole number or null, got {json.dumps(v)}")
                return low, high
        except NotationError as exc:
            if isinstance(exc, SystemCardError):
                raise
            raise self.fail(path, str(exc)) from None
        raise self.fail(path, f"expected a range like [15, 17] or \"15-17\", got {json.dumps(value)}")

    def guard(self, path: str, build: Callable[[], T]) -> T:
        try:
            return build()
        except SystemCardError:
            raise
        except (NotationError, ValueError) as exc:
            raise self.fail(path, str(exc)) from None

    def meaning(self, value: object, path: str) -> Meaning:
        data = self.obj(value, path, frozenset({"text", "hcp", "lengths", "balanced", "forcing", "artificial",
                                                "convention", "transfer", "alert", "announce"}))
        hcp = self.range(data["hcp"], f"{path}.hcp") if data.get("hcp") is not None else (None, None)
        lengths: list[Length] = []
        raw_lengths = data.get("lengths") or {}
        if not isinstance(raw_lengths, dict):
            raise self.fail(f"{path}.lengths", "expected an object keyed by suit (S, H, D, C)")
        for key, item in raw_lengths.items():
            where = f"{path}.lengths.{key}"
            suit = self.guard(where, partial(Suit.from_str, key))
            low, high = self.range(item, where)
            lengths.append(self.guard(where, partial(Length, suit, low, high)))
        forcing_text = self.optional(data, "forcing", path, str, "a string")
        forcing = None
        if forcing_text is not None:
            choices = ", ".join(f.value for f in Forcing)
            forcing = self.guard(f"{path}.forcing", lambda: _forcing(forcing_text, choices))
        transfer_text = self.optional(data, "transfer", path, str, "a suit letter")
        transfer = None
        if transfer_text is not None:
            transfer = self.guard(f"{path}.transfer", lambda: Suit.from_str(transfer_text))
        order = {s: i for i, s in enumerate(CARD_SUITS)}
        lengths.sort(key=lambda item: order[item.suit])
        return self.guard(path, lambda: Meaning(
            text=self.text(data, "text", path),
            hcp_min=hcp[0], hcp_max=hcp[1],
            lengths=tuple(lengths),
            balanced=self.optional(data, "balanced", path, bool, "true, false or null"),
            forcing=forcing,
            artificial=self.optional(data, "artificial", path, bool, "true, false or null"),
            convention=self.optional(data, "convention", path, str, "a string"),
            transfer=transfer,
            alert=bool(self.optional(data, "alert", path, bool, "true or false")),
            announce=self.optional(data, "announce", path, str, "a string"),
        ))

    def card(self, value: object) -> SystemCard:
        keys = frozenset({"schema", "schema_version", "name", "revision", "players", "general", "agreements",
                          "conventions", "carding", "competitive_notes", "notes"})
        data = self.obj(value, "$", keys)
        if data.get("schema", SCHEMA) != SCHEMA:
            raise self.fail("$.schema", f"not a system card (expected {SCHEMA!r})")
        version = data.get("schema_version")
        if version is None:
            raise self.fail("$.schema_version", "missing")
        if version != SCHEMA_VERSION:
            raise self.fail("$.schema_version",
                            f"version {json.dumps(version)} is not supported "
                            f"(this Tenace reads {SCHEMA_VERSION})")
        name = self.typed(data.get("name"), "$.name", str, "the card's name")
        revision = self.typed(data.get("revision", 1), "$.revision", int, "a whole number")
        players_raw = self.typed(data.get("players", []), "$.players", list, "a list of names")
        players = tuple(self.typed(p, f"$.players[{i}]", str, "a name") for i, p in enumerate(players_raw))
        general = self.obj(data.get("general", {}), "$.general", frozenset({"system", "approach"}))
        agreements: list[Agreement] = []
        raw = self.typed(data.get("agreements", []), "$.agreements", list, "a list")
        for i, item in enumerate(raw):
            where = f"$.agreements[{i}]"
            entry = self.obj(item, where, frozenset({"auction", "meaning"}))
            if "auction" not in entry:
                raise self.fail(f"{where}.auction", "missing")
            text = self.typed(entry["auction"], f"{where}.auction", str, "an auction pattern like \"1NT-2C\"")
            pattern = self.guard(f"{where}.auction", partial(AuctionPattern.parse, text))
            agreements.append(Agreement(pattern, self.meaning(entry.get("meaning", {}), f"{where}.meaning")))
        conventions: list[Convention] = []
        raw_conv = self.typed(data.get("conventions", []), "$.conventions", list, "a list")
        for i, item in enumerate(raw_conv):
            where = f"$.conventions[{i}]"
            entry = self.obj(item, where, frozenset({"name", "description"}))
            conventions.append(Convention(self.typed(entry.get("name"), f"{where}.name", str, "a name"),
                                          self.text(entry, "description", where)))
        carding_keys = frozenset({"leads_vs_suits", "leads_vs_notrump", "signals_vs_suits",
                                  "signals_vs_notrump", "discards", "notes"})
        carding_data = self.obj(data.get("carding", {}), "$.carding", carding_keys)
        carding = Carding(**{k: self.text(carding_data, k, "$.carding") for k in sorted(carding_keys)})
        return self.guard("$", lambda: SystemCard(
            name=name, revision=revision, players=players,
            system=self.text(general, "system", "$.general"),
            approach=self.text(general, "approach", "$.general"),
            agreements=tuple(agreements), conventions=tuple(conventions), carding=carding,
            competitive_notes=self.text(data, "competitive_notes", "$"), notes=self.text(data, "notes", "$"),
        ))


def _forcing(text: str, choices: str) -> Forcing:
    try:
        return Forcing(text)
    except ValueError:
        raise ValueError(f"unknown forcing {text!r} (expected one of {choices})") from None


def card_from_json(data: object, *, source: str = "<json>") -> SystemCard:
    """A card from its parsed JSON document.

    >>> from tenace.calls import parse_call
    >>> card_from_json({"schema_version": 1, "name": "X", "agreements": [{"auction": "1NT", "meaning":
    ...     {"text": "strong", "hcp": "15-17"}}]}).meaning("", parse_call("1NT")).hcp
    '15-17'
    >>> try:
    ...     card_from_json({"schema_version": 1, "name": "X", "agreements": [{"auction": "1NT", "meaning":
    ...         {"hcp": [17, 15]}}]})
    ... except SystemCardError as exc:
    ...     print(exc.path, "|", exc.message)
    $.agreements[0].meaning | HCP: the minimum 17 is above the maximum 15

    :raises SystemCardError: naming the JSON path of the first bad value.
    """
    return _Reader(source).card(data)


def loads(text: str, *, source: str = "<json>") -> SystemCard:
    """A card from JSON text.

    :raises SystemCardError: for text that is not JSON (with its line) or not a card."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SystemCardError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                              source=source) from None
    except RecursionError:
        raise SystemCardError("not a system card: nested too deeply", source=source) from None
    return card_from_json(data, source=source)


def load(path: str | Path) -> SystemCard:
    """A card from a JSON file; errors name the file."""
    p = Path(path)
    return loads(p.read_text(encoding="utf-8"), source=str(p))


def save(card: SystemCard, path: str | Path) -> None:
    Path(path).write_text(dumps(card), encoding="utf-8")

