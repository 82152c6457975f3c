"""Exact hand-distribution probabilities and a chi-squared test, without scipy.

Everything here is computed from first principles (binomial coefficients), independently of tenace.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import permutations

HANDS = math.comb(52, 13)


def pattern_probabilities() -> dict[tuple[int, ...], Fraction]:
    """P(hand pattern), a pattern being the suit lengths sorted longest first, e.g. (4, 4, 3, 2)."""
    out: dict[tuple[int, ...], Fraction] = {}
    for a in range(14):
        for b in range(14 - a):
            for c in range(14 - a - b):
                d = 13 - a - b - c
                ways = math.comb(13, a) * math.comb(13, b) * math.comb(13, c) * math.comb(13, d)
                key = tuple(sorted((a, b, c, d), reverse=True))
                out[key] = out.get(key, Fraction(0)) + Fraction(ways, HANDS)
    return out


def hcp_probabilities() -> dict[int, Fraction]:
    """P(a hand has h high-card points): choose how many aces, kings, queens and jacks, then spot cards."""
    out: dict[int, Fraction] = {}
    for aces in range(5):
        for kings in range(5):
            for queens in range(5):
                for jacks in range(5):
                    honours = aces + kings + queens + jacks
                    if honours > 13:
                        continue
                    ways = math.comb(36, 13 - honours)  # spot cards
                    for n in (aces, kings, queens, jacks):
                        ways *= math.comb(4, n)
                    points = 4 * aces + 3 * kings + 2 * queens + jacks
                    out[points] = out.get(points, Fraction(0)) + Fraction(ways, HANDS)
    return out


def distinct_orders(pattern: tuple[int, ...]) -> int:
    return len(set(permutations(pattern)))


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-squared with ``df`` degrees of freedom (closed forms for integer df)."""
    if df < 1:
        raise ValueError(df)
    y = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= y / k
            total += term
        return math.exp(-y) * total
    total = math.erfc(math.sqrt(y))
    for k in range(1, (df - 1) // 2 + 1):
        total += math.exp(-y + (k - 0.5) * math.log(y) - math.lgamma(k + 0.5)) if y > 0 else 0.0
    return total


def binned(expected: Mapping[object, Fraction], n: int, minimum: float = 5.0) -> dict[object, Fraction]:
    """Keep categories whose expected count is at least ``minimum``; lump the rest into ``"other"``."""
    out: dict[object, Fraction] = {}
    other = Fraction(0)
    for key, p in expected.items():
        if p * n >= minimum:
            out[key] = p
        else:
            other += p
    if other:
        out["other"] = other
    return out


def chi_squared(
    observed: Iterable[object], probabilities: Mapping[object, Fraction]
) -> tuple[float, int, float]:
    """(statistic, degrees of freedom, p-value) of the observed categories against ``probabilities``;
    categories that are not keys of ``probabilities`` count as ``"other"``."""
    counts = Counter(key if key in probabilities else "other" for key in observed)
    unexpected = set(counts) - set(probabilities)
    assert not unexpected, f"observed categories with no probability: {unexpected}"
    n = sum(counts.values())
    stat = sum((counts.get(key, 0) - float(p) * n) ** 2 / (float(p) * n) for key, p in probabilities.items())
    df = len(probabilities) - 1
    return stat, df, chi2_sf(stat, df)
