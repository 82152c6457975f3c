"""Verifiable deals: commit to a secret key before play, reveal it afterwards, and let anyone check the set.

The idea is the one behind Big Deal and SquareDeal. The Tournament Organiser (or the Director, who may
deal in advance under Law 6E2-3) draws a random session key and publishes its SHA-256 hash, the
*commitment*, before play. The deals are computed from the key, so nobody who lacks the key can predict
them, and the commitment stops the organiser from changing the key later. Optional *public data*, fixed
only after the commitment (for example tomorrow's lottery numbers), is mixed in so that the organiser
cannot pick a key whose deals are known in advance either. After the session the key is revealed and
anyone can recompute every deal and compare (:func:`verify`).

The construction, version ``tenace-deal-v1`` (documented step by step in ``docs/dealing.md``):

1. ``key``: at least 16 random bytes (:meth:`SessionKey.generate` takes 32 from :mod:`secrets`).
2. ``commitment = SHA-256(key)``, published as 64 hexadecimal digits.
3. ``session = HMAC-SHA256(key, b"tenace-deal-v1" + b"\\x00" + public_data)`` with the public data
   UTF-8 encoded exactly as published (empty if there is none).
4. For board number ``b`` (1 .. 2**32 - 1) and ``j = 0, 1, 2, ...``:
   ``block_j = HMAC-SHA256(session, b"board" + b.to_bytes(4, "big") + j.to_bytes(4, "big"))``; the
   candidate is the integer of the first 12 bytes of ``block_j`` (big-endian, 96 bits). The first candidate
   below ``DEAL_COUNT`` is the deal number: rejection sampling, so every deal number is equally likely
   (about 1.5 blocks per board on average).
5. The deal is ``deal_from_index(number)``; dealer and vulnerability follow Law 2.

>>> key = SessionKey.from_hex("00112233445566778899aabbccddeeff")
>>> boards = verifiable_boards(key, 3, public_data="lottery 2026-05-01: 4 8 15 16 23 42")
>>> bool(verify(key.commitment(), key, "lottery 2026-05-01: 4 8 15 16 23 42", boards))
True
>>> result = verify(key.commitment(), key, "lottery 2026-05-02", boards)
>>> bool(result), result.problems[0].startswith("board 1: the deal is not the one that the key")
(False, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from tenace.board import Board, dealer_for, vulnerability_for
from tenace.deal import Deal
from tenace.dealing.index import DEAL_COUNT, deal_from_index
from tenace.errors import NotationError

VERSION: Final = b"tenace-deal-v1"
"""The domain-separation label of this construction; a future change of construction changes it."""
MIN_KEY_BYTES: Final = 16
"""A session key has at least 128 bits."""
KEY_BYTES: Final = 32
"""The size of keys made by :meth:`SessionKey.generate` (256 bits)."""
_CANDIDATE_BYTES: Final = 12
assert DEAL_COUNT.bit_length() == 8 * _CANDIDATE_BYTES  # 96-bit candidates: each is accepted with p ≈ 0.68
_MAX_BOARD: Final = 2**32 - 1


def _parse_hex(text: str, what: str) -> bytes:
    cleaned = "".join(text.split()).lower()
    if cleaned.startswith("0x"):
        cleaned = cleaned[2:]
    try:
        return bytes.fromhex(cleaned)
    except ValueError:
        raise NotationError(f"{what} must be hexadecimal digits, got {text!r}") from None


@dataclass(frozen=True, slots=True, repr=False)
class Commitment:
    """The published SHA-256 hash of a session key; its text form is 64 hexadecimal digits.

    >>> c = SessionKey.from_hex("00" * 16).commitment()
    >>> c.hex() == hashlib.sha256(bytes(16)).hexdigest() and Commitment.from_hex(str(c)) == c
    True
    """

    digest: bytes

    def __post_init__(self) -> None:
        if not isinstance(self.digest, bytes) or len(self.digest) != 32:
            raise ValueError("a commitment is a 32-byte SHA-256 digest")

    @classmethod
    def from_hex(cls, text: str) -> Commitment:
        """Parse 64 hexadecimal digits (spaces and a ``0x`` prefix are ignored).

        :raises NotationError: if the text is not 64 hexadecimal digits.
        """
        raw = _parse_hex(text, "a commitment")
        if len(raw) != 32:
            raise NotationError(
                f"a commitment is 64 hexadecimal digits (SHA-256), got {2 * len(raw)} in {text!r}"
            )
        return cls(raw)

    def hex(self) -> str:
        return self.digest.hex()

    def matches(self, key: SessionKey) -> bool:
        """Whether ``key`` is the key this commitment was made from (compared in constant time)."""
        return hmac.compare_digest(self.digest, hashlib.sha256(key.secret).digest())

    def __str__(self) -> str:
        return self.hex()

    def __repr__(self) -> str:
        return f"Commitment.from_hex({self.hex()!r})"


@dataclass(frozen=True, slots=True, repr=False)
class SessionKey:
    """The secret session key (at least 128 bits). Its ``repr`` shows only the commitment, so that the key
    does not leak into logs before it is meant to be revealed; :meth:`hex` gives the text form.

    >>> key = SessionKey.generate()
    >>> len(key.hex()), SessionKey.from_hex(key.hex()) == key
    (64, True)
    >>> SessionKey(b"too short")
    Traceback (most recent call last):
    ...
    ValueError: a session key needs at least 16 bytes (128 bits), got 9
    """

    secret: bytes

    def __post_init__(self) -> None:
        if not isinstance(self.secret, bytes):
            raise TypeError(f"a session key is bytes, got {type(self.secret).__name__}")
        if len(self.secret) < MIN_KEY_BYTES:
            raise ValueError(
                f"a session key needs at least {MIN_KEY_BYTES} bytes ({8 * MIN_KEY_BYTES} bits), "
                f"got {len(self.secret)}"
            )

    @classmethod
    def generate(cls, nbytes: int = KEY_BYTES) -> SessionKey:
        """A fresh key of ``nbytes`` random bytes from :mod:`secrets`."""
        return cls(secrets.token_bytes(nbytes))

    @classmethod
    def from_hex(cls, text: str) -> SessionKey:
        """Parse the hexadecimal text form (spaces and a ``0x`` prefix are ignored).

        :raises NotationError: if the text is not hexadecimal; :raises ValueError: if it is under 128 bits.
        """
        return cls(_parse_hex(text, "a session key"))

    def hex(self) -> str:
        return self.secret.hex()

    def commitment(self) -> Commitment:
        """The SHA-256 commitment to publish before play."""
        return Commitment(hashlib.sha256(self.secret).digest())

    def __repr__(self) -> str:
        return f"<SessionKey {8 * len(self.secret)} bits, commitment {self.commitment().hex()[:16]}…>"


def _public_bytes(public_data: str | bytes) -> bytes:
    if isinstance(public_data, bytes):
        return public_data
    if isinstance(public_data, str):
        return public_data.encode("utf-8")
    raise TypeError(f"public data is str or bytes, got {type(public_data).__name__}")


def _session_secret(key: SessionKey, public_data: str | bytes) -> bytes:
    return hmac.new(key.secret, VERSION + b"\x00" + _public_bytes(public_data), hashlib.sha256).digest()


def _index_from_session(session: bytes, number: int) -> int:
    if not isinstance(number, int) or not 1 <= number <= _MAX_BOARD:
        raise ValueError(f"board numbers must be integers from 1 to {_MAX_BOARD}, got {number!r}")
    prefix = b"board" + number.to_bytes(4, "big")
    counter = 0
    while True:
        block = hmac.new(session, prefix + counter.to_bytes(4, "big"), hashlib.sha256).digest()
        candidate = int.from_bytes(block[:_CANDIDATE_BYTES], "big")
        if candidate < DEAL_COUNT:
            return candidate
        counter += 1


def verifiable_index(key: SessionKey, number: int, public_data: str | bytes = "") -> int:
    """The deal number of board ``number`` under ``key`` and ``public_data`` (steps 3 and 4 above).

    >>> key = SessionKey.from_hex("00112233445566778899aabbccddeeff")
    >>> verifiable_index(key, 1) == verifiable_index(key, 1) != verifiable_index(key, 2)
    True
    """
    return _index_from_session(_session_secret(key, public_data), number)


def verifiable_deal(key: SessionKey, number: int, public_data: str | bytes = "") -> Deal:
    """The deal of board ``number``: ``deal_from_index(verifiable_index(key, number, public_data))``."""
    return deal_from_index(verifiable_index(key, number, public_data))


def verifiable_boards(
    key: SessionKey, count: int, first: int = 1, public_data: str | bytes = ""
) -> list[Board]:
    """The boards ``first .. first + count - 1`` of the session, with Law 2 dealer and vulnerability.

    Each board depends only on the key, the public data and its own number, so board 5 is the same whether
    the set has 8 boards or 36.

    :raises ValueError: if ``count`` is negative or a board number is out of range.
    """
    if not isinstance(count, int) or count < 0:
        raise ValueError(f"the number of boards must be a non-negative integer, got {count!r}")
    if not isinstance(first, int) or first < 1:
        raise ValueError(f"board numbers start at 1, got first={first!r}")
    session = _session_secret(key, public_data)
    return [Board(n, deal_from_index(_index_from_session(session, n))) for n in range(first, first + count)]


@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of :func:`verify`: true when nothing is wrong; otherwise :attr:`problems` says what."""

    problems: tuple[str, ...]
    """One sentence per failure, naming the board where there is one."""
    boards_checked: int
    """How many boards were compared."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def __bool__(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        if self.ok:
            return f"verified: the key matches the commitment and all {self.boards_checked} boards match"
        return "NOT verified:\n" + "\n".join(f"- {p}" for p in self.problems)


def _differences(actual: Deal, expected: Deal) -> str:
    seats = [seat.name.title() for seat, hand in actual if hand != expected[seat]]
    return ", ".join(seats)


def verify(
    commitment: Commitment | str,
    key: SessionKey | str,
    public_data: str | bytes,
    boards: Iterable[Board],
) -> Verification:
    """Check a played set of boards against the revealed key and the commitment published before play.

    The result is truthy only if the key's SHA-256 is the commitment and every board has exactly the deal,
    dealer and vulnerability that :func:`verifiable_boards` gives for its number. Otherwise
    ``result.problems`` lists every failure; ``str(result)`` is a readable report.

    :raises NotationError: if ``commitment`` or ``key`` is text that is not valid hexadecimal.
    """
    if isinstance(commitment, str):
        commitment = Commitment.from_hex(commitment)
    if isinstance(key, str):
        key = SessionKey.from_hex(key)
    problems: list[str] = []
    if not commitment.matches(key):
        problems.append(
            "the key does not match the commitment published before play: SHA-256 of the key is "
            f"{key.commitment().hex()}, the commitment is {commitment.hex()}"
        )
    session = _session_secret(key, public_data)
    seen: set[int] = set()
    checked = mismatched = 0
    for board in boards:
        number = board.number
        if number in seen:
            problems.append(f"board {number} appears more than once")
            continue
        seen.add(number)
        checked += 1
        if board.deal is None:
            problems.append(f"board {number} has no deal to check")
            mismatched += 1
            continue
        if number > _MAX_BOARD:
            problems.append(f"board {number}: board numbers above {_MAX_BOARD} cannot be verified")
            mismatched += 1
            continue
        expected = deal_from_index(_index_from_session(session, number))
        if board.deal != expected:
            mismatched += 1
            problems.append(
                f"board {number}: the deal is not the one that the key and public data give "
                f"(hands that differ: {_differences(board.deal, expected)})"
            )
        if board.dealer is not dealer_for(number):
            problems.append(f"board {number}: dealer is {board.dealer.name.title()}, Law 2 gives "
                            f"{dealer_for(number).name.title()}")
        if board.vulnerability is not vulnerability_for(number):
            problems.append(f"board {number}: vulnerability is {board.vulnerability}, Law 2 gives "
                            f"{vulnerability_for(number)}")
    if checked == 0:
        problems.append("there are no boards to verify")
    elif mismatched == checked and commitment.matches(key):
        problems.append(
            "no board matches: check that the public data is exactly the text announced (byte for byte, "
            "including spaces and line ends) and that these boards come from this session"
        )
    return Verification(tuple(problems), checked)
