"""Shuffling and dealing (Law 6): deal numbers, secure random deals, verifiable deals, constrained deals.

* :mod:`~tenace.dealing.index`: every deal has a number from 0 to ``DEAL_COUNT - 1`` and back.
* :mod:`~tenace.dealing.secure`: uniformly random boards from :mod:`secrets`, for play (Law 6A, 6E4).
* :mod:`~tenace.dealing.verifiable`: deals computed from a committed secret key, checkable after play.
* :mod:`~tenace.dealing.constrained`: predealt cards and hand conditions, for practice and simulation only.

Standard library only.

>>> from tenace.dealing import deal_from_index, deal_to_index, random_deal
>>> deal = random_deal()
>>> deal_from_index(deal_to_index(deal)) == deal
True
"""

from tenace.dealing.constrained import (
    ConstraintError,
    DealConstraints,
    HandConditions,
    TooManyAttemptsError,
    constrained_deal,
)
from tenace.dealing.index import DEAL_COUNT, deal_from_index, deal_to_index
from tenace.dealing.secure import deal_boards, random_deal, random_index
from tenace.dealing.verifiable import (
    Commitment,
    SessionKey,
    Verification,
    verifiable_boards,
    verifiable_deal,
    verifiable_index,
    verify,
)

__all__ = [
    "DEAL_COUNT", "Commitment", "ConstraintError", "DealConstraints", "HandConditions", "SessionKey",
    "TooManyAttemptsError", "Verification", "constrained_deal", "deal_boards", "deal_from_index",
    "deal_to_index", "random_deal", "random_index", "verifiable_boards", "verifiable_deal",
    "verifiable_index", "verify",
]
