"""Result entry as a table scoring device (a Bridgemate or similar) does it: parse what the table keys in,
check it against the movement, and show the line the opponents confirm.

Everything here is pure: :func:`parse_entry` turns text into a :class:`~tenace.tournament.model.Result`,
:func:`check_result` raises :class:`ResultError` naming the table, round, board and the field that is
wrong, and :func:`summary` renders the confirmation line. Storing an entry and the opponents' acceptance of
it belong to the store.

>>> r = parse_entry("4H S +1", board=5, round=2, table=3, ns="3", ew="13")
>>> r.contract, r.tricks, r.ns_score()
(Contract.from_str('4HS'), 11, 650)
>>> summary(r)
'Board 5: 4♥ by S, making 11, NS +650'
>>> parse_entry("4H S 14", board=5, round=2, table=3, ns="3", ew="13")
Traceback (most recent call last):
...
tenace.tournament.entry.EntrySyntaxError: table 3, round 2, board 5: tricks must be 0-13, got 14
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from tenace.calls import Denomination
from tenace.cards import Card
from tenace.contract import Contract, Doubling
from tenace.deal import Deal
from tenace.errors import BridgeError, NotationError
from tenace.seats import Seat
from tenace.tournament.model import ContestantId, Movement, Result

__all__ = ["FIELDS", "EntrySyntaxError", "ResultError", "check_result", "parse_entry", "summary"]

FIELDS: Final = ("table", "round", "ns", "ew", "board", "contract", "declarer", "lead", "tricks")
"""The inputs a :class:`ResultError` can name."""


class ResultError(BridgeError, ValueError):
    """A result that cannot stand as entered. ``field`` says which input is wrong (one of :data:`FIELDS`);
    the message names the table, round and board.

    >>> err = ResultError("tricks must be 0-13, got 14", table=3, round=2, board=5, field="tricks")
    >>> str(err), err.field
    ('table 3, round 2, board 5: tricks must be 0-13, got 14', 'tricks')
    """

    def __init__(self, message: str, *, table: int | None = None, round: int | None = None,
                 board: int | None = None, field: str | None = None) -> None:
        self.message = message
        self.table = table
        self.round = round
        self.board = board
        self.field = field
        where = ", ".join(f"{name} {value}" for name, value in
                          (("table", table), ("round", round), ("board", board)) if value is not None)
        super().__init__(f"{where}: {message}" if where else message)


class EntrySyntaxError(ResultError, NotationError):
    """The text keyed in is not a result entry; also a :class:`~tenace.errors.NotationError`."""


def _error(result: Result, field: str, message: str) -> ResultError:
    return ResultError(message, table=result.table, round=result.round, board=result.board, field=field)


def check_result(result: Result, movement: Movement, deal: Deal | None = None) -> None:
    """Check one entered result against the movement (and, when given, the deal).

    * the table plays in that round, and the pairs are the ones the movement seats there, North-South
      and East-West as the seating says (an arrow-switched round has its own seating);
    * the board is one of that round's boards at that table;
    * a played board has a contract (with its declarer) and a number of tricks from 0 to 13; a passed-out
      board (no contract) and an adjusted score (Law 12) have no tricks; a passed-out board has no lead;
    * with ``deal``: the opening lead is a card of the hand on declarer's left (Law 41A).

    :raises ResultError: naming the table, round, board and the wrong field.

    >>> from tenace.tournament.model import Seating
    >>> mv = Movement("demo", (Seating(round=1, table=1, ns="1", ew="2", boards=(1, 2)),))
    >>> check_result(Result(board=1, round=1, table=1, ns="1", ew="2"), mv)  # passed out
    >>> try:
    ...     check_result(Result(board=3, round=1, table=1, ns="1", ew="2"), mv)
    ... except ResultError as err:
    ...     print(err.field, "|", err)
    board | table 1, round 1, board 3: board 3 is not played at table 1 in round 1 (boards 1-2)
    """
    try:
        seating = movement.at(result.round, result.table)
    except KeyError:
        tables = movement.tables
        if result.table not in tables:
            raise _error(result, "table", f"there is no table {result.table} in movement {movement.name!r}") \
                from None
        raise _error(result, "round", f"table {result.table} does not play in round {result.round}") from None
    if (result.ns, result.ew) != (seating.ns, seating.ew):
        if (result.ns, result.ew) == (seating.ew, seating.ns):
            raise _error(result, "ns", f"pair {seating.ns} sits North-South and pair {seating.ew} East-West "
                         "at this table in this round, not the other way round")
        if result.ns != seating.ns:
            raise _error(result, "ns", f"North-South is pair {seating.ns} at this table in this round, "
                         f"not {result.ns}")
        raise _error(result, "ew", f"East-West is pair {seating.ew} at this table in this round, "
                     f"not {result.ew}")
    if result.board not in seating.boards:
        raise _error(result, "board", f"board {result.board} is not played at table {result.table} in round "
                     f"{result.round} ({_board_list(seating.boards)})")
    _check_score(result, deal)


def _check_score(result: Result, deal: Deal | None) -> None:
    if result.adjusted is not None or result.contract is None:
        what = "an adjusted score" if result.adjusted is not None else "a passed-out board"
        if result.tricks is not None:
            raise _error(result, "tricks", f"{what} has no number of tricks, got {result.tricks}")
        if result.contract is None and result.lead is not None:
            raise _error(result, "lead", f"{what} has no opening lead, got {result.lead}")
        return
    contract = result.contract
    if not isinstance(contract.declarer, Seat):  # pragma: no cover - Contract checks it
        raise _error(result, "declarer", f"the contract {contract.text()} has no declarer")
    if result.tricks is None:
        raise _error(result, "tricks", f"no number of tricks for {contract}")
    if isinstance(result.tricks, bool) or not isinstance(result.tricks, int) or not 0 <= result.tricks <= 13:
        raise _error(result, "tricks", f"tricks must be 0-13, got {result.tricks!r}")
    if result.lead is not None and deal is not None:
        leader = contract.opening_leader  # Law 41A: declarer's left-hand opponent leads
        if result.lead not in deal[leader]:
            raise _error(result, "lead", f"the opening lead {result.lead} is not in {leader.name.title()}'s "
                         f"hand; {leader.name.title()} leads against {contract} (Law 41A)")


def _board_list(boards: tuple[int, ...]) -> str:
    ordered = sorted(boards)
    if ordered and ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 1:
        return f"boards {ordered[0]}-{ordered[-1]}"
    return "board " + ", ".join(map(str, ordered)) if len(ordered) == 1 else \
        "boards " + ", ".join(map(str, ordered))


_Fail = Callable[[str, str], "EntrySyntaxError"]

# --- parsing what the table keys in ---------------------------------------------------------------------

_PASSED: Final = frozenset({"pass", "p", "passed", "passed out", "all pass", "ap", "pass out", "passout",
                            "-"})
_HEAD: Final = re.compile(r"\s*([0-9])\s*(NT|N|[CDHS♣♦♥♠])\s*(XX|X|R|\*\*|\*)?", re.IGNORECASE)
_TOKEN: Final = re.compile(r"\s*(=|[+-]\s*[0-9]+|[0-9]+|[NESW](?![A-Z0-9])|BY\b|\S+?(?=[=+-]|\s|$))",
                           re.IGNORECASE)
_NUMBER: Final = re.compile(r"[+-]?\s*[0-9]+")
_CARD: Final = re.compile(r"(?:[SHDC♠♥♦♣](?:10|[2-9TJQKA]))", re.IGNORECASE)
_LEAD_WORDS: Final = frozenset({"lead", "ld", "l"})
_DOUBLING: Final = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "*": Doubling.DOUBLED,
                    "XX": Doubling.REDOUBLED, "**": Doubling.REDOUBLED, "R": Doubling.REDOUBLED}


def parse_entry(text: str, *, board: int, round: int, table: int, ns: ContestantId,
                ew: ContestantId) -> Result:
    """Parse a result as a table scoring device takes it.

    Accepted forms (case and spacing are free):

    * contract, declarer, then the tricks: ``"4HX S 10"`` (tricks taken), ``"4H S ="`` (made exactly),
      ``"4H S +1"`` (overtricks), ``"4H S -2"`` (undertricks); ``"by"`` may stand before the declarer;
    * the result written on the contract, declarer after or before it: ``"4S= N"``, ``"4SX-2 E"``,
      ``"4SN="``;
    * optionally the opening lead at the end, after ``lead`` or on its own: ``"3NT W 9 lead SQ"``,
      ``"4S N = HK"``;
    * a passed-out board: ``"PASS"``, ``"P"``, ``"passed out"``, ``"all pass"``.

    :raises EntrySyntaxError: (a :class:`ResultError` and a :class:`~tenace.errors.NotationError`) naming
        the field that cannot be read.

    >>> entry = dict(board=7, round=1, table=2, ns="2", ew="9")
    >>> str(parse_entry("3NT W 9 lead SQ", **entry).contract), parse_entry("3NT W 9 lead SQ", **entry).lead
    ('3NTW', Card.from_str('SQ'))
    >>> parse_entry("4SX-2 E", **entry).tricks, parse_entry("passed out", **entry).contract
    (8, None)
    >>> parse_entry("4H 10", **entry)
    Traceback (most recent call last):
    ...
    tenace.tournament.entry.EntrySyntaxError: table 2, round 1, board 7: no declarer in '4H 10' (N, E, S or W)
    """

    def fail(field: str, message: str) -> EntrySyntaxError:
        return EntrySyntaxError(message, table=table, round=round, board=board, field=field)

    def make(contract: Contract | None, tricks: int | None, lead: Card | None) -> Result:
        return Result(board=board, round=round, table=table, ns=ns, ew=ew, contract=contract, tricks=tricks,
                      lead=lead)

    clean = " ".join(text.strip().split())
    if clean.lower() in _PASSED:
        return make(None, None, None)
    if not clean:
        raise fail("contract", "empty entry (expected e.g. 4H S =, 3NT W 9 or PASS)")
    head = _HEAD.match(clean)
    if head is None:
        raise fail("contract", f"not a contract in {text!r} (expected e.g. 4H S =, 3NTX W -1 or PASS)")
    level_text, denom_text, dbl_text = head.groups()
    level = int(level_text)
    if not 1 <= level <= 7:
        raise fail("contract", f"a contract's level is 1-7, got {level} in {text!r}")
    denomination = Denomination.from_str(denom_text)
    doubling = _DOUBLING[(dbl_text or "").upper()]

    declarer: Seat | None = None
    tricks: int | None = None
    lead: Card | None = None
    tokens = [m.group(1) for m in _TOKEN.finditer(clean, head.end())]
    i = 0
    while i < len(tokens):
        token, upper = tokens[i], tokens[i].upper()
        if upper == "BY":
            i += 1
            if i == len(tokens) or tokens[i].upper() not in "NESW":
                raise fail("declarer", f"'by' must be followed by N, E, S or W in {text!r}")
            continue
        if upper in ("N", "E", "S", "W") and len(upper) == 1:
            if declarer is not None:
                raise fail("declarer", f"two declarers in {text!r}")
            declarer = Seat.from_str(upper)
        elif token == "=" or _NUMBER.fullmatch(token):
            if tricks is not None:
                raise fail("tricks", f"two results in {text!r}")
            tricks = _tricks(token, level, fail, text)
        elif token.lower() in _LEAD_WORDS or _CARD.fullmatch(token):
            if token.lower() in _LEAD_WORDS:
                i += 1
                if i == len(tokens):
                    raise fail("lead", f"'{token}' must be followed by a card in {text!r}")
                token = tokens[i]
            if lead is not None:
                raise fail("lead", f"two opening leads in {text!r}")
            try:
                lead = Card.from_str(token)
            except NotationError:
                raise fail("lead", f"the lead {token!r} is not a card (expected e.g. SQ, H10)") from None
        else:
            field = "declarer" if declarer is None else "tricks" if tricks is None else "lead"
            raise fail(field, f"cannot read {token!r} in {text!r} as the {field}")
        i += 1
    if declarer is None:
        raise fail("declarer", f"no declarer in {text!r} (N, E, S or W)")
    if tricks is None:
        raise fail("tricks", f"no result in {text!r} (tricks 0-13, =, +n or -n)")
    return make(Contract(level, denomination, declarer, doubling), tricks, lead)


def _tricks(token: str, level: int, fail: _Fail, text: str) -> int:
    needed = 6 + level
    compact = token.replace(" ", "")
    if compact == "=":
        return needed
    if compact[0] in "+-":
        n = int(compact[1:])
        if n == 0:
            raise fail("tricks", f"write '=' for a contract made exactly, not {compact!r}, in {text!r}")
        tricks = needed + n if compact[0] == "+" else needed - n
        if not 0 <= tricks <= 13:
            raise fail("tricks", f"{compact} on a {level}-level contract is {tricks} tricks; tricks must be "
                       "0-13")
        return tricks
    tricks = int(compact)
    if not 0 <= tricks <= 13:
        raise fail("tricks", f"tricks must be 0-13, got {tricks}")
    return tricks


# --- the confirmation line --------------------------------------------------------------------------------


def summary(result: Result) -> str:
    """The line a device shows for the opponents to confirm: contract and declarer, tricks, lead, and the
    score to the side that gains it (Law 77).

    >>> from tenace.contract import Contract
    >>> summary(Result(board=5, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("4HS"),
    ...                tricks=10))
    'Board 5: 4♥ by S, making 10, NS +620'
    >>> summary(Result(board=6, round=1, table=1, ns="1", ew="2", contract=Contract.from_str("3NTXW"),
    ...                tricks=7, lead=Card.from_str("SQ")))
    'Board 6: 3NTX by W, down 2, lead ♠Q, NS +500'
    >>> summary(Result(board=7, round=1, table=1, ns="1", ew="2"))
    'Board 7: passed out, 0'
    """
    head = f"Board {result.board}: "
    if result.adjusted is not None:
        return head + f"adjusted score {result.adjusted}"
    contract = result.contract
    if contract is None:
        return head + "passed out, 0"
    bid = f"{contract.level}{contract.denomination.symbol}{contract.doubling}"
    parts = [f"{bid} by {contract.declarer.value}"]
    if result.tricks is not None:
        down = contract.tricks_needed - result.tricks
        parts.append(f"making {result.tricks}" if down <= 0 else f"down {down}")
    if result.lead is not None:
        parts.append(f"lead {result.lead.unicode()}")
    if result.tricks is not None:
        points = result.ns_score()
        assert isinstance(points, int)
        parts.append(f"NS +{points}" if points > 0 else f"EW +{-points}" if points < 0 else "0")
    return head + ", ".join(parts)
