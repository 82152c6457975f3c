"""The notation of seats, vulnerabilities and contracts, read into plain values (letters and numbers).

:class:`~tenace.seats.Seat`, :class:`~tenace.board.Vulnerability` and :class:`~tenace.contract.Contract`
read their text with these functions and wrap what comes back; ``tenace score`` uses them directly, with
:mod:`tenace.scoring.law77`, so that it answers without building the core's types (issue 16). The module
imports nothing but :mod:`tenace.errors`: no ``re``, ``enum`` or ``typing``.

The plain values are the core types' own values: a seat is ``"N"``, ``"E"``, ``"S"`` or ``"W"``; a side
``"NS"`` or ``"EW"``; a vulnerability ``"None"``, ``"NS"``, ``"EW"`` or ``"All"`` (the PBN spellings); a
denomination ``"C"``, ``"D"``, ``"H"``, ``"S"`` or ``"NT"``; a doubling its multiplier, 1, 2 or 4.
"""

from __future__ import annotations

from tenace.errors import NotationError

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs more than this whole module
if TYPE_CHECKING:
    from typing import Final

SEAT_NAMES: Final[dict[str, str]] = {"N": "North", "E": "East", "S": "South", "W": "West"}
"""Each seat's letter and its name (Law 3)."""

_SEAT_BY_TEXT: Final[dict[str, str]] = {
    **{letter: letter for letter in SEAT_NAMES},
    **{name.upper(): letter for letter, name in SEAT_NAMES.items()},
}


def seat_letter(text: str) -> str:
    """The seat ``"N"``, ``"North"`` (any case) names, as its letter.

    >>> seat_letter(" west"), seat_letter("s")
    ('W', 'S')

    :raises NotationError: if the text names no seat.
    """
    letter = _SEAT_BY_TEXT.get(text.strip().upper())
    if letter is None:
        raise NotationError(f"unknown seat {text!r} (expected N, E, S or W)")
    return letter


def side_of(seat: str) -> str:
    """The side a seat's letter belongs to (Law 4): ``"NS"`` or ``"EW"``."""
    return "NS" if seat in ("N", "S") else "EW"


_VULNERABILITY_BY_TEXT: Final[dict[str, str]] = {
    "NONE": "None", "LOVE": "None", "-": "None", "NEITHER": "None", "NIL": "None",
    "NS": "NS", "SN": "NS",
    "EW": "EW", "WE": "EW",
    "ALL": "All", "BOTH": "All",
}


def vulnerability_value(text: str) -> str:
    """The vulnerability in its PBN spelling, from the usual ones: ``None``/``Love``/``-``, ``NS``/``N-S``,
    ``EW``, ``All``/``Both`` (any case).

    >>> vulnerability_value("n-s"), vulnerability_value("Both"), vulnerability_value("-")
    ('NS', 'All', 'None')

    :raises NotationError: if the text is none of them.
    """
    key = text.strip().upper()
    found = _VULNERABILITY_BY_TEXT.get(
        key if key == "-" else key.replace("-", "").replace("/", "").replace(" ", ""))
    if found is None:
        raise NotationError(f"unknown vulnerability {text!r} (expected None, NS, EW or All)")
    return found


LAW2_VULNERABILITY: Final[tuple[str, ...]] = tuple(
    "None NS EW All NS EW All None EW All None NS All None NS EW".split())
"""Law 2: the vulnerability of boards 1 to 16; the pattern repeats every 16 boards."""


def board_vulnerability(number: int) -> str:
    """The vulnerability of board ``number`` (Law 2).

    >>> [board_vulnerability(n) for n in (1, 2, 16, 17)]
    ['None', 'NS', 'EW', 'None']

    :raises ValueError: if ``number`` is below 1.
    """
    if number < 1:
        raise ValueError(f"board numbers start at 1, got {number}")
    return LAW2_VULNERABILITY[(number - 1) % 16]


def side_is_vulnerable(vulnerability: str, side: str) -> bool:
    """Whether ``side`` (``"NS"`` or ``"EW"``) is vulnerable under ``vulnerability``."""
    return vulnerability == "All" or vulnerability == side


DOUBLING_TEXT: Final[dict[int, str]] = {1: "", 2: "X", 4: "XX"}
"""How a contract writes its doubling, by multiplier."""

_LEVELS: Final = ("1", "2", "3", "4", "5", "6", "7")
_SUIT_SYMBOLS: Final[dict[str, str]] = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_DOUBLINGS: Final = (("XX", 4), ("X", 2), ("**", 4), ("*", 2), ("R", 4))


def contract_parts(text: str, declarer: str | None = None) -> tuple[int, str, int, str]:
    """Read a contract, ``"4SX"`` with ``declarer`` (a seat's letter) or one that names its declarer:
    ``"4SXN"``, ``"3NT by W"``, ``"6H**S"``; give its level, denomination, doubling multiplier and declarer.

    The contract is a level (1 to 7), a denomination (C, D, H, S, N or NT, or a suit symbol), a doubling or
    none (X, XX, \\*, \\*\\* or R) and a declarer or none (N, E, S or W, perhaps after BY), in any case, with
    or without spaces between them.

    >>> contract_parts("4sx", "N"), contract_parts("3 NT by w"), contract_parts("6♥**S")
    ((4, 'S', 2, 'N'), (3, 'NT', 1, 'W'), (6, 'H', 4, 'S'))

    :raises NotationError: on bad text, when the text and ``declarer`` name different declarers, or when
        neither names one.
    """
    s = text.strip()
    # in capitals one character at a time, as a case-blind regular expression compares them: a character
    # whose capital is two letters ("ß" is "SS") matches nothing. Two NULs at the end, so that looking one
    # character ahead needs no bounds check.
    upper = s.upper() if s.isascii() else "".join(c.upper() if len(c.upper()) == 1 else "\0" for c in s)
    upper += "\0\0"
    if s[:1] not in _LEVELS:
        raise _not_a_contract(text)
    i = _spaces(s, 1)
    if upper[i] == "N":
        denomination, i = "NT", i + (2 if upper[i + 1] == "T" else 1)
    elif upper[i] in "CDHS":
        denomination, i = upper[i], i + 1
    elif s[i:i + 1] in _SUIT_SYMBOLS:
        denomination, i = _SUIT_SYMBOLS[s[i]], i + 1
    else:
        raise _not_a_contract(text)
    i = _spaces(s, i)
    multiplier = 1
    for mark, times in _DOUBLINGS:
        if upper[i:i + len(mark)] == mark:
            multiplier, i = times, i + len(mark)
            break
    i = _spaces(s, i)
    by = upper[i:i + 2] == "BY"
    if by:
        i = _spaces(s, i + 2)
    named = None
    if upper[i] in "NESW":
        named, i = s[i], i + 1
    elif by:
        raise _not_a_contract(text)
    if i != len(s):
        raise _not_a_contract(text)
    if named is not None:
        seat = seat_letter(named)
        if declarer is not None and declarer != seat:
            raise NotationError(f"contract {text!r} names declarer {named} but {declarer} was given")
        declarer = seat
    if declarer is None:
        raise NotationError(f"contract {text!r} needs a declarer")
    return int(s[0]), denomination, multiplier, declarer


def contract_text(level: int, denomination: str, multiplier: int) -> str:
    """A contract as written without its declarer: ``contract_text(4, "S", 2)`` is ``"4SX"``."""
    return f"{level}{denomination}{DOUBLING_TEXT[multiplier]}"


def _spaces(text: str, i: int) -> int:
    """The position of the first character at or after ``i`` that is not white space."""
    while text[i:i + 1].isspace():
        i += 1
    return i


def _not_a_contract(text: str) -> NotationError:
    return NotationError(f"not a contract: {text!r} (expected e.g. 3NT, 4SX, 6HXX by S)")
