"""The exception hierarchy.

Everything that is the caller's bad input is a :class:`ValueError`, so ``except ValueError`` still works.
Irregularities under the Laws are *not* exceptions: the Laws engine represents them as values.
"""

from __future__ import annotations


class BridgeError(Exception):
    """Base class of every error Tenace raises on purpose."""


class NotationError(BridgeError, ValueError):
    """Text is not valid notation (a card, call, contract, deal string, ...)."""


class PBNError(NotationError):
    """A PBN file is malformed; carries the source name and line number."""

    def __init__(self, message: str, *, source: str = "<pbn>", lineno: int | None = None) -> None:
        self.message = message
        self.source = source
        self.lineno = lineno
        where = f"{source}:{lineno}" if lineno is not None else source
        super().__init__(f"{where}: {message}")


class LINError(NotationError):
    """A BBO LIN record is malformed."""


class InvalidDealError(BridgeError, ValueError):
    """The four hands do not partition the pack (Law 1)."""


class ImpossibleActionError(BridgeError, ValueError):
    """The action cannot physically happen now: wrong actor, card not held, auction or play over."""


class IllegalCallError(ImpossibleActionError):
    """A call that is not lawful at this point of the auction (Laws 18-19): insufficient, or an
    inadmissible double or redouble. The Laws engine treats these as irregularities instead."""


class IllegalPlayError(ImpossibleActionError):
    """A card that may not be played: not in the hand, or failing to follow suit (Law 44C)."""


class MovementError(BridgeError, ValueError):
    """A movement is inconsistent."""


class SolverError(BridgeError, RuntimeError):
    """The double-dummy solver failed or is not installed."""


class UnlawfulActionError(ImpossibleActionError):
    """An infraction of Law refused because the table prevents it (the online policy); ``irregularity`` says
    which Law it would break."""

    def __init__(self, message: str, irregularity: object = None) -> None:
        super().__init__(message)
        self.irregularity = irregularity
