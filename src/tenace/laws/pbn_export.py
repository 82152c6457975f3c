"""The PBN projection of a table: what stood at the table, in PBN 2.1 export format.

PBN can only say what stood, not how it was rectified, so the projection writes:

* the standing auction, with ``^I`` before an insufficient bid that was accepted (Law 27A) and one ``^S``
  for each call skipped after a call out of rotation was accepted (Law 29A) (PBN 2.1 §3.9);
* the play, with ``^R`` on a revoke that stood (Laws 61-64) and ``^L`` on a lead out of turn that was
  accepted (Laws 53-55);
* the contract, declarer and result (tricks from the play, or the settled claim, Laws 69-70);
* a ``{comment}`` for each irregularity and each election, and the withdrawn calls (Law 16C), so that a
  reader sees what was rectified and by whom. The full story stays in the JSON log (:mod:`tenace.laws.log`).

>>> from tenace import Board, Deal, Seat, parse_call
>>> from tenace.laws import Accept, CallMade, DirectorCalled, Elected, LawRef, Table
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = Table.new(Board(1, deal))
>>> for seat, call in (("N", "1H"), ("E", "1D")):
...     t = t.apply(CallMade(Seat(seat), parse_call(call)))
>>> t = t.apply(DirectorCalled(Seat.SOUTH)).apply(Elected(Seat.SOUTH, Accept(LawRef(27, "A1"))))
>>> print(to_pbn(t).split("[Auction")[1])
 "N"]
1H ^I 1D *
{Irregularity: insufficient bid (1D) by East (Law 27), event 2}
{South elects Accept (Law 27A1), event 4}
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable

from tenace.board import Board, Vulnerability
from tenace.calls import Bid
from tenace.cards import DECK, Card
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError, UnlawfulActionError
from tenace.formats.pbn.auction_section import AuctionEntry
from tenace.formats.pbn.play_section import PlayEntry
from tenace.formats.pbn.writer import format_game
from tenace.laws._evolve import replace
from tenace.laws.decisions import Accept
from tenace.laws.events import (
    CallMade,
    CardPlayed,
    ClaimAnswered,
    ClaimMade,
    DirectorCalled,
    Elected,
    Event,
    ExtraneousInformation,
    ScoreAdjusted,
)
from tenace.laws.refs import DIRECTOR, LawRef, Regulations, actor_name
from tenace.laws.table import Phase, Table
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import Seat

__all__ = ["RecordReplayError", "rectification_comments", "table_from_record", "to_pbn", "to_record"]


def _standing_calls(table: Table) -> tuple[AnnotatedCall, ...]:
    """The standing calls with PBN irregularity marks: ``^I`` on an accepted insufficient bid, ``^S`` for each
    seat whose turn was skipped (the calls stand out of strict rotation after Law 29A)."""
    out: list[AnnotatedCall] = []
    expected = table.board.dealer
    last: Bid | None = None
    # Law 20F: an explanation given after the call (the first one, on which the opponents acted) goes with it
    explained = {e.call_index: e.text for e in reversed(table.information.explanations)}
    for i, standing in enumerate(table.calls):
        if not standing.call.explanation and i in explained:
            standing = replace(standing, call=replace(standing.call, explanation=explained[i]))
        marks: list[str] = ["^S"] * ((standing.seat.index - expected.index) % 4)
        call = standing.call.call
        if isinstance(call, Bid):
            if last is not None and not call > last:
                marks.append("^I")
            last = call
        annotation = " ".join(marks) if marks else standing.call.annotation
        out.append(replace(standing.call, annotation=annotation))
        expected = standing.seat.lho
    return tuple(out)


def to_record(table: Table) -> DealRecord:
    """The :class:`~tenace.record.DealRecord` of what stood at the table: board, standing calls (with PBN
    marks as annotations), contract, cards played and declarer's tricks once the board has ended."""
    board = table.board
    ended = table.phase is Phase.ENDED and table.mishaps.cancelled is None  # no result when cancelled (13-15)
    contract = table.contract
    play = table.play
    tricks = table.declarer_tricks if ended else None
    claim = None
    if ended and table.claim is not None and contract is not None and tricks is not None:
        claim = tricks
    return DealRecord(
        number=board.number,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        deal=board.deal,
        calls=_standing_calls(table),
        contract=contract,
        passed_out=ended and contract is None,
        tricks=tricks,
        play=play.cards if play is not None else (),
        claim=claim,
    )


def rectification_comments(table: Table) -> tuple[str, ...]:
    """One line for each irregularity, election and withdrawn call, in the order of the record."""
    lines: list[tuple[int, str]] = []
    for irregularity in table.irregularities:
        lines.append((irregularity.index, f"Irregularity: {irregularity}, event {irregularity.index + 1}"))
    for index, event in enumerate(table.record):
        if isinstance(event, Elected):
            option = event.option
            lines.append((index, f"{actor_name(event.actor)} elects {_option_text(option)} ({option.law}), "
                                 f"event {index + 1}"))
        elif isinstance(event, ExtraneousInformation):  # Law 16D1
            what = f": {event.what}" if event.what else ""
            lines.append((index, f"{event.seat.name.title()} received extraneous information{what} "
                                 f"(Law 16D1), event {index + 1}"))
        elif isinstance(event, ScoreAdjusted):  # Law 12C
            note = f": {event.note}" if event.note else ""
            lines.append((index, f"the Director adjusts the score: {event.score} ({event.law}){note}, "
                                 f"event {index + 1}"))
    info = table.information
    for c in info.corrections:  # Laws 20F4, 20F5, 75B
        lines.append((c.index, f"{c.by.name.title()} corrects the explanation of call {c.call_index + 1}: "
                               f"{c.text} ({c.timing.value}, {c.law}), event {c.index + 1}"))
    for f in info.findings:  # Law 75
        lines.append((f.index, f"the Director finds a {f.kind.value} at call {f.call_index + 1} (Law 75), "
                               f"event {f.index + 1}"))
    for found in table.mishaps.findings:  # Laws 7B, 13, 14, 15
        lines.append((found.index, f"the Director finds: {found}, event {found.index + 1}"))
    if table.mishaps.cancelled is not None:
        lines.append((len(table.record), f"Result cancelled ({table.mishaps.cancelled}): an adjusted score"))
    lines.sort(key=lambda item: item[0])
    text = [line for _, line in lines]
    for withdrawn in table.withdrawn:
        text.append(f"Withdrawn: {withdrawn.call} by {withdrawn.seat.name.title()} ({withdrawn.law})")
    for card in table.withdrawn_cards:
        text.append(f"Taken back: {card.card} by {card.seat.name.title()} ({card.law})")
    text += [f"In force: {_describe(constraint)}" for constraint in table.constraints]
    text += [f"Owed at the end of the play: {owed.law}, whether the non-offending side was damaged"
             for owed in table.adjustments_owed]
    return tuple(_safe(line) for line in text)


def _describe(value: object) -> str:
    """``str(value)`` where the type defines it; otherwise its name, fields and Law: ``LeadRestriction W
    offender=E (Law 26B)``."""
    if type(value).__str__ is not object.__str__ or not dataclasses.is_dataclass(value):
        return str(value)
    parts = [type(value).__name__]
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        if f.name == "law" or (f.default is not dataclasses.MISSING and item == f.default):
            continue  # a field at its default says nothing (LeadRestriction.withdrawn outside 2007)
        shown = item.value if isinstance(item, enum.Enum) else item
        if isinstance(shown, tuple):  # suits: 'withdrawn=D'
            shown = "".join(getattr(x, "value", str(x)) for x in shown)
        parts.append(str(shown) if f.name == "seat" else f"{f.name}={shown}")
    law = getattr(value, "law", None)
    return " ".join(parts) + (f" ({law})" if law is not None else "")


def _option_text(option: object) -> str:
    yes = getattr(option, "yes", None)
    name = type(option).__name__
    return f"{name} ({'yes' if yes else 'no'})" if isinstance(yes, bool) else name


def _safe(text: str) -> str:
    """PBN comments end at ``}``; keep them to one line."""
    return " ".join(text.replace("}", ")").replace("{", "(").split())


def _play_lines(table: Table) -> list[str]:
    play = table.play
    contract = table.contract
    if play is None or contract is None or not play.cards:
        return []
    first = play.leader
    revokes = set(play.revokes)
    holders = {card: seat for seat in Seat for card in table.deal[seat]}
    leads = dict(play.leads)
    lines = [f'[Play "{first.value}"]']
    for start in range(0, len(play.cards), 4):
        row = [PlayEntry(None, "-") for _ in range(4)]
        for k, card in enumerate(play.cards[start:start + 4]):
            seat = holders[card]
            row[(seat.index - first.index) % 4] = PlayEntry(
                card, revoke=start + k in revokes, lead_out_of_turn=k == 0 and start // 4 in leads
            )
        lines.append(" ".join(entry.token() for entry in row))
    if not play.is_complete:
        lines.append("*")
    return lines


def _auction_lines(table: Table, calls: tuple[AnnotatedCall, ...]) -> list[str]:
    """The auction section from the dealer, four calls a line; ``*`` while the auction goes on; alerts and
    explanations as numbered notes."""
    entries: list[AuctionEntry] = []
    notes: list[str] = []
    for annotated in calls:
        marks = (annotated.annotation or "").split()
        entries += [AuctionEntry(None, "^S") for mark in marks if mark == "^S"]
        note = None
        if annotated.alert or annotated.explanation:
            text = _safe(annotated.explanation or "alerted").replace('"', "'")
            if text not in notes:
                notes.append(text)
            note = notes.index(text) + 1
        entries.append(AuctionEntry(annotated.call, None, "^I" in marks, note))
    tokens = [entry.token() for entry in entries]
    if table.auction.turn is not None or table.auction.open is not None or table.auction.pending is not None:
        tokens.append("*")
    lines = [f'[Auction "{table.board.dealer.value}"]']
    lines += [" ".join(tokens[i:i + 4]) for i in range(0, len(tokens), 4)]
    lines += [f'[Note "{i}:{text}"]' for i, text in enumerate(notes, start=1)]
    return lines


def to_pbn(table: Table, *, newline: str = "\n") -> str:
    """One PBN game (export format) for the table: see the module documentation."""
    record = to_record(table)
    text = format_game(replace(record, calls=None, play=()), newline=newline)
    lines = text.split(newline)
    comments = [f"{{{c}}}" for c in rectification_comments(table)]
    auction = _auction_lines(table, record.calls or ())
    return newline.join([*lines, *auction, *comments, *_play_lines(table)])



# --- back: a record of a real table replayed through the engine -----------------------------------------


_LEAD_OR_PLAY = LawRef(53)


class RecordReplayError(ValueError):
    """A recorded auction or play that the engine cannot replay; the message says which call or card."""


def _accept_open(table: Table, by: Seat) -> Table:
    """A recorded irregular call stood: attention is drawn, the non-offender accepts it (Laws 27A1, 29A)."""
    irregularity = table.open_irregularity
    table = table.apply(DirectorCalled(by))
    pending = table.pending
    options = pending.options if pending is not None else ()
    accept = next((o for o in options if isinstance(o, Accept)), None)
    if pending is None or accept is None:
        raise RecordReplayError(f"the recorded {irregularity} cannot simply stand (no option to accept it)")
    return table.apply(Elected(pending.actor, accept))


_PLAYED: dict[Seat, tuple[CardPlayed, ...]] = {
    seat: tuple(CardPlayed(seat, card) for card in DECK) for seat in Seat
}
"""Every card played from every seat, by :attr:`Card.index <tenace.cards.Card.index>`: events are values, so
a replay shares these 208 instead of making one per card."""


def _played(deal: Deal, cards: Iterable[Card]) -> list[Event]:
    """Each of ``cards`` played from the seat of ``deal`` holding it."""
    north, east, south = deal[Seat.NORTH].bits, deal[Seat.EAST].bits, deal[Seat.SOUTH].bits
    n, e, s, w = (_PLAYED[seat] for seat in Seat)
    return [n[i] if north >> i & 1 else e[i] if east >> i & 1 else s[i] if south >> i & 1 else w[i]
            for i in (card.index for card in cards)]


def table_from_record(record: DealRecord, regulations: Regulations | None = None) -> Table:
    """The table a recorded auction and play lead to (a PBN or LIN record, say): each call by the seat whose
    turn it is (``^S`` marks skip seats, an ``^I`` or other irregular call is accepted by the opponent
    entitled to), each card from the hand that holds it, revokes as they stood, and a claim agreed by both
    opponents when the record stops early with a result (Laws 68-69).

    :raises RecordReplayError: naming the call or card the engine refuses, or a result the play cannot reach.
    :raises ValueError: if the record has no full deal or no board number.
    """
    if not isinstance(record.deal, Deal):
        raise ValueError("the record has no full deal; the engine needs the cards")
    if record.number is None and record.dealer is None:
        raise ValueError("the record has neither a board number nor a dealer")
    # Without a board number (a problem, say), the board is numbered 1 with the record's dealer and
    # vulnerability (none unless given).
    board = Board(record.number or 1, record.deal, record.dealer,
                  record.vulnerability or (None if record.number is not None else Vulnerability.NONE))
    table = Table.new(board, regulations)

    def apply(event: Event, what: str, *values: object) -> Table:
        """``table`` after ``event``; ``what`` (formatted with ``values`` only when needed) names it."""
        try:
            return table.apply(event)
        except (ImpossibleActionError, UnlawfulActionError) as exc:
            raise RecordReplayError(f"{what.format(*values)}: {exc}") from None

    seat = board.dealer
    calls: list[Event] = []
    for annotated in record.calls or ():
        annotation = annotated.annotation
        if annotation and "^S" in annotation:  # each ^S skips a seat
            seat = seat.rotate(annotation.split().count("^S"))
        calls.append(CallMade(seat, annotated.call, annotated.alert, annotated.explanation))
        seat = seat.lho
    n = 0
    while n < len(calls):
        table, run = table.routine_run(calls, n)  # routine calls, a run at once (as one by one below)
        if run > n:
            n = run
            continue
        call = calls[n]
        assert isinstance(call, CallMade)
        what = f"call {n + 1} ({call.call}"
        if table.phase is not Phase.AUCTION:
            raise RecordReplayError(f"{what}): the auction has already ended")
        table = apply(call, "{} by {})", what, call.seat.name.title())
        if table.open_irregularity is not None:
            try:
                table = _accept_open(table, call.seat.lho)
            except (ImpossibleActionError, UnlawfulActionError) as exc:
                raise RecordReplayError(f"{what}): {exc}") from None
        n += 1
    cards = _played(record.deal, record.play)
    n = 0
    while n < len(cards):
        if table.phase is Phase.ENDED:
            raise RecordReplayError(f"card {n + 1} ({record.play[n]}): the board has already ended")
        table, run = table.routine_run(cards, n)  # routine cards, a run at once (as one by one below)
        if run > n:
            n = run
            continue
        card = record.play[n]
        table = apply(cards[n], "card {} ({})", n + 1, card)
        pending = table.pending
        if pending is not None and pending.actor is DIRECTOR and pending.law == _LEAD_OR_PLAY:
            # Laws 53A, 53B: the record has the proper leader's card in the trick the lead out of turn began,
            # so it was played to that lead, which stood.
            table = apply(Elected(DIRECTOR, Accept(LawRef(53, "A"))), "card {} ({})", n + 1, card)
        n += 1
    if table.phase is Phase.ENDED or record.tricks is None or table.playing is None:
        return table
    playing = table.playing
    contract = playing.contract
    won = playing.play.declarer_tricks
    claimed = record.tricks - won
    if not 0 <= claimed <= playing.remaining_tricks:
        raise RecordReplayError(
            f"result {record.tricks}: declarer has {won} tricks with {playing.remaining_tricks} to play"
        )
    table = apply(ClaimMade(contract.declarer, claimed, "claim from the record"), "the recorded claim")
    for defender in (contract.declarer.lho, contract.declarer.rho):
        table = apply(ClaimAnswered(defender, True), "the recorded claim")
    return table
