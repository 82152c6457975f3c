"""The WebSocket protocol, version 1: JSON messages between a live table and its clients (docs/protocol.md).

Everything a client receives about the cards is built here from a :class:`~tenace.laws.table.TableView`, the
engine's view for that client, never from the full table; so a client can only ever be sent what the Laws let
it see. Client messages are parsed into :class:`Action` values and turned into engine events for the viewer
who sent them (:func:`to_event`), which is where "who may do what" is checked before the engine checks the
Laws.

>>> from tenace import Board, Deal, Seat
>>> from tenace.laws import Table
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> table = Table.new(Board(1, deal))
>>> msg = view_message(table, Seat.EAST)
>>> msg["v"], msg["type"], msg["seq"], list(msg["view"]["hands"]), msg["view"]["legal"]
(1, 'view', 0, ['E'], [])
>>> action = parse_action({"v": 1, "id": "a1", "type": "call", "call": "1NT"})
>>> action.type, action.ref, str(action.call)
('call', 'a1', '1NT')
>>> parse_action({"v": 1, "type": "card", "card": "SZ"})
Traceback (most recent call last):
...
tenace.server.protocol.ProtocolError: card: not a card: 'SZ' (expected e.g. SA, HT, D10, C2)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from tenace.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call, parse_call
from tenace.cards import Card, CardSet
from tenace.errors import NotationError
from tenace.laws.claims import Claim
from tenace.laws.events import (
    CallChanged,
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    DirectorCalled,
    Elected,
    Event,
    ExplanationCorrected,
    ExplanationGiven,
    QuestionAsked,
    UIReason,
    UIReserved,
)
from tenace.laws.log import value_to_json
from tenace.laws.messages import LocaleError, explain
from tenace.laws.refs import Director
from tenace.laws.table import Phase, Table, TableView
from tenace.scoring.adjusted import ArtificialAdjustedScore
from tenace.seats import Seat

__all__ = [
    "ACTION_TYPES", "DIRECTOR_REASONS", "MAX_DIRECTOR_TEXT", "PROTOCOL_VERSION", "UI_REASONS", "Action",
    "ProtocolError", "Viewer", "ack_message", "actor_json", "cards_in", "error_message", "legal_for",
    "parse_action", "to_event", "view_json", "view_message",
]

PROTOCOL_VERSION: Final = 1
"""The version of the messages this server sends and the only one it reads."""

Viewer = Seat | Director | None
"""Who a connection is: a seat's player, the Director, or a spectator (``None``)."""

ACTION_TYPES: Final = (
    "call", "card", "claim", "claim-answer", "director", "elect", "resync", "next-board", "change-call",
    "question", "explain", "reserve", "correct", "chat",
)
"""The ``type`` values a client may send."""

DIRECTOR_REASONS: Final = ("misinformation", "unauthorised-information", "claim", "other")
"""Why a player calls the Director when he says why (Law 9): the ``reason`` of a ``director`` message."""

MAX_DIRECTOR_TEXT: Final = 500
"""The longest free text a player may send with a Director call (the table refuses a longer one)."""

UI_REASONS: Final = {
    "hesitation": UIReason.HESITATION, "speed": UIReason.SPEED, "remark": UIReason.REMARK,
    "alert": UIReason.ALERT, "mannerism": UIReason.MANNERISM,
}
"""The ``reason`` of a ``reserve`` message: how information may have reached partner (Law 16B1(a))."""

_MAX_STATEMENT: Final = 2000
_MAX_REF: Final = 100
_CARD_RE: Final = re.compile(r"[SHDC][2-9TJQKA]")


class ProtocolError(ValueError):
    """A client message that is not a valid message of this protocol; ``code`` is the error code sent back
    (``"bad-message"``, ``"unsupported-version"``, ``"forbidden"``), ``ref`` the client's message id."""

    def __init__(self, message: str, *, code: str = "bad-message", ref: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref


@dataclass(frozen=True, slots=True)
class Action:
    """A parsed client message: ``type`` is one of :data:`ACTION_TYPES`; only the fields of that type are
    set."""

    type: str
    ref: str | None = None
    call: Call | None = None
    alert: bool = False
    explanation: str | None = None
    card: Card | None = None
    tricks: int | None = None
    statement: str = ""
    accept: bool | None = None
    option: int | None = None
    seq: int | None = None
    unintended: bool = True
    about: int | None = None
    call_index: int | None = None
    reason: str | None = None
    """``director``: one of :data:`DIRECTOR_REASONS` (``None``: the plain call, Law 9B1); ``reserve``: a key
    of :data:`UI_REASONS`."""
    text: str | None = None
    """``director``: the player's own words to the Director; ``chat``: the message (its length and the
    table's rules are checked by :class:`tenace.server.room.TableRoom`)."""
    whom: Seat | None = None
    """``director`` about unauthorised information, ``reserve``: the opponent who made it available."""


def _seat_field(data: Mapping[str, Any], key: str, ref: str | None, required: bool) -> Seat | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or value.upper() not in ("N", "E", "S", "W"):
        raise ProtocolError(f"{key}: expected a seat, N, E, S or W, got {value!r}", ref=ref)
    return Seat(value.upper())


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], ref: str | None) -> Any:
    if key not in data:
        raise ProtocolError(f"{key}: missing", ref=ref)
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,))):
        raise ProtocolError(f"{key}: expected {getattr(kind, '__name__', kind)}, got {value!r}", ref=ref)
    return value


def parse_action(data: object) -> Action:
    """A client message (decoded JSON) as an :class:`Action`.

    :raises ProtocolError: naming the bad field, for anything that is not a valid version-1 message.
    """
    if not isinstance(data, dict):
        raise ProtocolError(f"a message is a JSON object, got {type(data).__name__}")
    raw_ref = data.get("id")
    if raw_ref is not None and (not isinstance(raw_ref, str | int) or isinstance(raw_ref, bool)):
        raise ProtocolError(f"id: expected a string, got {raw_ref!r}")
    ref = None if raw_ref is None else str(raw_ref)[:_MAX_REF]
    version = data.get("v")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(
            f"v: this server speaks version {PROTOCOL_VERSION}, got {version!r}", code="unsupported-version",
            ref=ref,
        )
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise ProtocolError(f"type: unknown {kind!r} (expected one of {', '.join(ACTION_TYPES)})", ref=ref)
    match kind:
        case "call" | "change-call":
            text = _field(data, "call", str, ref)
            try:
                call = parse_call(text)
            except NotationError as exc:
                raise ProtocolError(f"call: {exc}", ref=ref) from None
            if kind == "change-call":
                unintended = data.get("unintended", True)
                if not isinstance(unintended, bool):
                    raise ProtocolError(f"unintended: expected true or false, got {unintended!r}", ref=ref)
                return Action("change-call", ref, call=call, unintended=unintended)
            alert = data.get("alert", False)
            if not isinstance(alert, bool):
                raise ProtocolError(f"alert: expected true or false, got {alert!r}", ref=ref)
            explanation = data.get("explanation")
            if explanation is not None and not isinstance(explanation, str):
                raise ProtocolError(f"explanation: expected a string or null, got {explanation!r}", ref=ref)
            if explanation is not None and len(explanation) > _MAX_STATEMENT:
                raise ProtocolError(f"explanation: longer than {_MAX_STATEMENT} characters", ref=ref)
            return Action("call", ref, call=call, alert=alert, explanation=explanation or None)
        case "card":
            text = _field(data, "card", str, ref)
            try:
                card = Card.from_str(text)
            except NotationError as exc:
                raise ProtocolError(f"card: {exc}", ref=ref) from None
            return Action("card", ref, card=card)
        case "claim":
            tricks = _field(data, "tricks", int, ref)
            if not 0 <= tricks <= 13:
                raise ProtocolError(f"tricks: expected 0 to 13, got {tricks}", ref=ref)
            statement = data.get("statement", "")
            if not isinstance(statement, str) or len(statement) > _MAX_STATEMENT:
                raise ProtocolError(f"statement: expected a string of at most {_MAX_STATEMENT} characters",
                                    ref=ref)
            return Action("claim", ref, tricks=tricks, statement=statement)
        case "claim-answer":
            return Action("claim-answer", ref, accept=_field(data, "accept", bool, ref))
        case "elect":
            option = _field(data, "option", int, ref)
            if option < 0:
                raise ProtocolError(f"option: expected an index from 0, got {option}", ref=ref)
            return Action("elect", ref, option=option)
        case "question":
            about = data.get("about")
            if about is not None and (not isinstance(about, int) or isinstance(about, bool) or about < 0):
                raise ProtocolError(f"about: expected the index of a call (from 0) or null, got {about!r}",
                                    ref=ref)
            return Action("question", ref, about=about)
        case "explain":
            index = _field(data, "call_index", int, ref)
            if index < 0:
                raise ProtocolError(f"call_index: expected an index from 0, got {index}", ref=ref)
            text = _field(data, "text", str, ref)
            if not text.strip() or len(text) > _MAX_STATEMENT:
                raise ProtocolError(
                    f"text: expected a non-empty string of at most {_MAX_STATEMENT} characters", ref=ref
                )
            return Action("explain", ref, call_index=index, explanation=text)
        case "director":  # Law 9: with or without a reason and the player's own words
            reason = data.get("reason")
            text = data.get("text")
            if reason is None:
                if text is not None:
                    raise ProtocolError("text: only with a reason", ref=ref)
                return Action("director", ref)
            if reason not in DIRECTOR_REASONS:
                raise ProtocolError(f"reason: one of {', '.join(DIRECTOR_REASONS)}, got {reason!r}", ref=ref)
            if text is not None and not isinstance(text, str):
                raise ProtocolError(f"text: expected a string or null, got {text!r}", ref=ref)
            if text is not None and len(text) > _MAX_STATEMENT:  # 500-2000: the table refuses it, translated
                raise ProtocolError(f"text: longer than {MAX_DIRECTOR_TEXT} characters", code="too-long",
                                    ref=ref)
            return Action("director", ref, reason=reason, text=(text or "").strip(),
                          whom=_seat_field(data, "about", ref, required=False))
        case "reserve":  # Law 16B2
            kind = data.get("reason", "hesitation")
            if kind not in UI_REASONS:
                raise ProtocolError(f"reason: one of {', '.join(UI_REASONS)}, got {kind!r}", ref=ref)
            return Action("reserve", ref, reason=kind, whom=_seat_field(data, "about", ref, required=True))
        case "correct":  # Law 20F4, 20F5
            index = _field(data, "call_index", int, ref)
            if index < 0:
                raise ProtocolError(f"call_index: expected an index from 0, got {index}", ref=ref)
            text = _field(data, "text", str, ref)
            if not text.strip() or len(text) > _MAX_STATEMENT:
                raise ProtocolError(
                    f"text: expected a non-empty string of at most {_MAX_STATEMENT} characters", ref=ref
                )
            return Action("correct", ref, call_index=index, explanation=text)
        case "chat":  # the table's chat (tenace.server.room): never an engine event
            text = _field(data, "text", str, ref)
            if len(text) > _MAX_STATEMENT:  # the room refuses anything over its own, smaller bound
                raise ProtocolError(f"text: longer than {_MAX_STATEMENT} characters", code="chat-too-long",
                                    ref=ref)
            return Action("chat", ref, text=text)
        case "resync":
            seq = data.get("seq")
            if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
                raise ProtocolError(f"seq: expected an integer, got {seq!r}", ref=ref)
            return Action("resync", ref, seq=seq)
    return Action(kind, ref)  # next-board


def _acting_seat(table: Table, viewer: Seat) -> Seat:
    """The seat whose card ``viewer`` plays now: his own, or dummy's when he is declarer (Law 45A)."""
    contract = table.contract
    turn = table.turn
    if contract is not None and viewer is contract.declarer and turn is contract.dummy:
        return contract.dummy
    return viewer


def to_event(action: Action, viewer: Viewer, table: Table) -> Event:
    """The engine event ``viewer`` means by ``action`` at ``table``.

    Only the rights of the viewer are checked here (a spectator acts for nobody; dummy plays no card, declarer
    plays dummy's; only the decision's actor elects); the engine checks the Laws when the event is applied.

    :raises ProtocolError: with code ``"forbidden"`` if the viewer may not take this action at all.
    """
    ref = action.ref
    if viewer is None:
        raise ProtocolError("a spectator cannot act at the table", code="forbidden", ref=ref)
    if action.type == "elect":
        pending = table.pending
        if pending is None:
            raise ProtocolError("no decision is pending", code="illegal", ref=ref)
        assert action.option is not None
        if action.option >= len(pending.options):
            raise ProtocolError(
                f"option: {action.option} is not one of the {len(pending.options)} options offered", ref=ref
            )
        return Elected(viewer, pending.options[action.option])
    if isinstance(viewer, Director):
        raise ProtocolError(f"the Director cannot make a {action.type} at the table", code="forbidden",
                            ref=ref)
    match action.type:
        case "call":
            assert action.call is not None
            return CallMade(viewer, action.call, action.alert, action.explanation)
        case "card":
            assert action.card is not None
            return CardPlayed(_acting_seat(table, viewer), action.card)
        case "claim":
            assert action.tricks is not None
            return ClaimMade(viewer, action.tricks, action.statement)
        case "claim-answer":
            assert action.accept is not None
            return ClaimAnswered(viewer, action.accept)
        case "director":
            return DirectorCalled(viewer)
        case "change-call":  # Law 25: the engine decides whether the change stands or the Director rules
            assert action.call is not None
            return CallChanged(viewer, action.call, action.unintended)
        case "question":  # Law 20F1
            return QuestionAsked(viewer, action.about)
        case "explain":  # Law 20F1, 20F2
            assert action.call_index is not None and action.explanation is not None
            return ExplanationGiven(viewer, action.call_index, action.explanation)
        case "correct":  # Law 20F4, 20F5: the engine judges whether it comes at the right time
            assert action.call_index is not None and action.explanation is not None
            return ExplanationCorrected(viewer, action.call_index, action.explanation)
        case "reserve":  # Law 16B2: about an opponent (the engine refuses partner)
            assert action.whom is not None and action.reason is not None
            return UIReserved(viewer, action.whom, UI_REASONS[action.reason])
    raise ProtocolError(f"{action.type} is not an action at the table", ref=ref)


# --- server -> client ------------------------------------------------------------------------------------


def actor_json(actor: Seat | Director | None) -> str | None:
    return None if actor is None else str(actor.value)


_CARD_TEXT: tuple[str, ...] = tuple(str(Card.from_index(i)) for i in range(52))
"""``str(card)`` of every card, by :attr:`Card.index <tenace.cards.Card.index>`: a view holds up to 52 cards,
sent with every event to every client."""


def _cards(cards: CardSet | tuple[Card, ...]) -> list[str]:
    text = _CARD_TEXT
    return [text[c.index] for c in cards]


def legal_for(table: Table, viewer: Viewer) -> list[str]:
    """The calls or cards ``viewer`` may lawfully make now: his when it is his turn, dummy's when he is
    declarer and dummy is on turn; empty otherwise (and while a decision is pending)."""
    if not isinstance(viewer, Seat) or table.pending is not None:
        return []
    phase = table.phase
    if phase is Phase.AUCTION and table.turn is viewer:
        auction = table.auction
        if auction.open is not None:
            return []
        if auction.must_pass(viewer) is not None:
            return [str(PASS)]
        candidates: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *ALL_BIDS)
        return [str(c) for c in candidates if auction.is_lawful(viewer, c)]
    if phase in (Phase.CLARIFICATION, Phase.PLAY):
        turn, contract = table.turn, table.contract
        dummy = contract.dummy if contract is not None else None
        if (turn is viewer and viewer is not dummy) or (
            contract is not None and viewer is contract.declarer and turn is dummy
        ):
            return _cards(table.legal_cards())
    return []


def _text(value: object, locale: str) -> str:
    try:
        return explain(value, locale)
    except (TypeError, LocaleError):
        return str(value)


def view_json(view: TableView, *, legal: list[str] | None = None, score_ns: int | None = None,
              locale: str = "en", result: dict[str, str] | None = None,
              explanations: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The viewer's :class:`TableView` as JSON (see docs/protocol.md); ``legal``, ``score_ns`` and ``result``
    (the Director's adjusted score) come from the table but hold nothing the viewer may not see (his own
    legal calls or cards, the score once the board has ended). ``explanations``: the explanations of some
    calls (by index in ``view.calls``) in the viewer's language, in place of those recorded (a robot's, Law
    20F); they too are hidden from the caller's partner."""
    pending = view.pending
    explained = explanations or {}
    text = _CARD_TEXT
    return {
        "viewer": actor_json(view.viewer),
        "board": view.board,
        "dealer": view.dealer.value,
        "vulnerability": view.vulnerability,
        "phase": view.phase.value,
        "hands": {seat.value: _cards(cards) for seat, cards in view.hands.items()},
        "calls": _calls_json(view, explained),
        "withdrawn": [
            {"seat": w.seat.value, "call": str(w.call), "law": str(w.law), "text": _text(w, locale)}
            for w in view.withdrawn
        ] + [
            {"seat": w.seat.value, "card": str(w.card), "law": str(w.law), "text": _text(w, locale)}
            for w in view.withdrawn_cards
        ],
        "tricks": [
            {"number": t.number, "leader": t.leader.value,
             "cards": [None if c is None else text[c.index] for c in t.cards],
             "winner": actor_json(t.winner)}
            for t in view.tricks
        ],
        "contract": None if view.contract is None else str(view.contract),
        "turn": actor_json(view.turn),
        "pending": None if pending is None else {
            "actor": actor_json(pending.actor),
            "law": str(pending.law),
            "text": _text(pending, locale),
            "options": [{"label": _text(o, locale), "law": str(o.law)} for o in pending.options],
        },
        "constraints": [{**value_to_json(c), "text": _text(c, locale)} for c in view.constraints],
        "penalty_cards": [
            {"seat": p.seat.value, "card": str(p.card), "major": p.major, "law": str(p.law)}
            for p in view.penalty_cards
        ],
        "exposed": [{"seat": e.seat.value, "card": str(e.card), "law": str(e.law)} for e in view.exposed],
        "faced": {seat.value: _cards(cards) for seat, cards in view.faced.items()},
        "score": score_ns,
        "result": result,
        "legal": legal or [],
        "claim": _claim_json(view.claim),
        "said": [value_to_json(s) for s in view.said],
        "duties": [value_to_json(d) for d in view.duties],
    }


def _claim_json(claim: Claim | None) -> dict[str, Any] | None:
    """The claim on the table: everyone at the table hears it, so every viewer gets the same (Law 68C)."""
    if claim is None:
        return None
    return {
        "seat": claim.seat.value, "tricks": claim.tricks, "statement": claim.statement,
        "agreed_by": [s.value for s in Seat if s in claim.agreed_by], "objected": claim.objected,
        "ruled": claim.ruled, "law": None if claim.law is None else str(claim.law),
    }


def _calls_json(view: TableView, explained: Mapping[int, str]) -> list[dict[str, Any]]:
    """The auction as the viewer sees it: online, alerts and explanations go to the caller's opponents (as
    behind screens), so his partner sees neither; hearing them would be unauthorised information to him (Law
    16B, 20F)."""
    viewer = view.viewer
    partner = viewer.partner if isinstance(viewer, Seat) else None
    out = []
    for i, c in enumerate(view.calls):
        seat, made = c.seat, c.call
        if seat is partner:
            out.append({"seat": seat.value, "call": str(made.call), "alert": False, "explanation": None})
        else:
            out.append({"seat": seat.value, "call": str(made.call), "alert": made.alert,
                        "explanation": explained.get(i, made.explanation)})
    return out


def view_message(table: Table, viewer: Viewer, *, locale: str = "en", extra: Mapping[str, Any] | None = None,
                 view: TableView | None = None,
                 explanations: Mapping[int, str] | None = None) -> dict[str, Any]:
    """``{"v": 1, "type": "view", "seq": ..., "view": ...}`` for ``viewer``: built from ``table.view(viewer)``
    only (plus the viewer's own legal actions and the final score). ``view``: that view, if the caller has
    already computed it for this very table; ``explanations``: calls' explanations in ``locale`` (see
    :func:`view_json`)."""
    if view is None:
        view = table.view(viewer)
    elif view.viewer != viewer or view.board != table.board.number:
        raise ValueError(f"the view given is {view.viewer!r}'s of board {view.board}, not {viewer!r}'s")
    message: dict[str, Any] = {
        "v": PROTOCOL_VERSION,
        "type": "view",
        "seq": len(table.record),
        "view": view_json(view, legal=legal_for(table, viewer), score_ns=table.score_ns(), locale=locale,
                          result=_adjusted_json(table), explanations=explanations),
    }
    if extra:
        message.update(extra)
    return message


def _adjusted_json(table: Table) -> dict[str, str] | None:
    """The Director's adjusted score of a board that has ended, if he gave one: an assigned score (Law 12C1)
    or an artificial one after a cancelled result (Laws 12C2, 13-15); ``None`` when the table's own score
    stands."""
    if table.phase is not Phase.ENDED:
        return None
    result = table.result_ns()
    if result is None or isinstance(result, int):
        return None
    law = "12C2" if isinstance(result, ArtificialAdjustedScore) else "12C1"
    return {"adjusted": str(result), "law": law}


def error_message(code: str, message: str, ref: str | None = None) -> dict[str, Any]:
    """``{"v": 1, "type": "error", "code": ..., "message": ..., "ref": ...}``."""
    return {"v": PROTOCOL_VERSION, "type": "error", "code": code, "message": message, "ref": ref}


def ack_message(ref: str | None, seq: int) -> dict[str, Any]:
    """``{"v": 1, "type": "ack", "ref": ..., "seq": ...}``: the action is stored as event ``seq``."""
    return {"v": PROTOCOL_VERSION, "type": "ack", "ref": ref, "seq": seq}


def cards_in(message: object) -> set[str]:
    """Every string in ``message`` (at any depth) that is a card (``"SA"``): what the hand-privacy harness
    compares with what the recipient may see."""
    found: set[str] = set()
    stack: list[object] = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _CARD_RE.fullmatch(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found

