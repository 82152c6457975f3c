"""Board sets: set ``k`` of ``per_round`` boards is boards ``(k-1)*per_round+1 .. k*per_round``."""

from __future__ import annotations


def board_set(k: int, per_round: int, first: int = 1) -> tuple[int, ...]:
    """The boards of set ``k`` (1-based).

    >>> board_set(3, 4)
    (9, 10, 11, 12)
    """
    if per_round < 1:
        raise ValueError(f"boards per round must be at least 1, got {per_round}")
    start = first + (k - 1) * per_round
    return tuple(range(start, start + per_round))
