"""Adjusted scores (Law 12C): artificial and assigned, as data supplied by the Director.

The Director decides *which* adjusted score to award; that is a matter of judgement and this module never
guesses it. What it does is represent the award exactly and turn it into matchpoints, percentages or IMPs:

* :class:`ArtificialAdjustedScore` (Law 12C2): average-plus, average or average-minus for each side, or an
  explicit percentage. In pairs these are 60 %, 50 % and 40 % of the available matchpoints; at IMPs, +3, 0 and
  -3 IMPs. The Regulating Authority may vary them (Law 12C2(b), 12C2(d), 78D), so the values are
  :class:`ArtificialScoreSettings`.
* The session-percentage rule of Law 12C2(c) (:func:`artificial_percentage`, :func:`artificial_imps`): a
  non-offending contestant whose score on the other boards of the session beats average-plus keeps that
  score instead, and an offender whose score is below average-minus keeps that lower score.
* :class:`WeightedScore` and :class:`AssignedAdjustedScore` (Law 12C1): an assigned score, possibly weighted
  among several results (12C1(c)), possibly different for the two sides (non-balancing, 12C1(e)). Such a
  score is matchpointed or IMPed by weighting the matchpoint or IMP outcome of each component, never by
  averaging the component scores first (:func:`weighted_imps`, :func:`team_board_imps`,
  :func:`tenace.scoring.matchpoints.score_board`).
* :func:`knockout_imps` (Law 12C4): non-balancing scores in a knockout match are averaged.

Percentages and IMPs are exact :class:`~fractions.Fraction` values.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, TypeAlias

Number: TypeAlias = int | Fraction
WeightLike: TypeAlias = int | Fraction | str
"""A weight: a :class:`~fractions.Fraction`, an ``int`` or a string such as ``"2/3"`` (never a float)."""


class Award(enum.Enum):
    """The three artificial adjusted scores of Law 12C2(a), chosen by responsibility for the irregularity."""

    AVERAGE_PLUS = "A+"
    """For a contestant in no way at fault."""
    AVERAGE = "A="
    """For a contestant only partly at fault."""
    AVERAGE_MINUS = "A-"
    """For a contestant directly at fault."""

    def __str__(self) -> str:
        return self.value


class Fault(enum.Enum):
    """A contestant's responsibility for the irregularity that stopped normal play (Law 12C2(a))."""

    NONE = "in no way at fault"
    PARTLY = "partly at fault"
    DIRECTLY = "directly at fault"

    @property
    def award(self) -> Award:
        """The artificial score Law 12C2(a) gives for this responsibility.

        >>> Fault.DIRECTLY.award
        <Award.AVERAGE_MINUS: 'A-'>
        """
        return _AWARD_FOR_FAULT[self]


_AWARD_FOR_FAULT: Final = {
    Fault.NONE: Award.AVERAGE_PLUS, Fault.PARTLY: Award.AVERAGE, Fault.DIRECTLY: Award.AVERAGE_MINUS,
}


def _fraction(value: object, what: str) -> Fraction:
    """An exact value from an int, Fraction or decimal/ratio string; floats are refused (they are inexact)."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction | str):
        raise TypeError(f"{what} must be an int, Fraction or str such as '2/3', got {value!r}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError) as exc:
        raise ValueError(f"{what} is not a number: {value!r}") from exc


@dataclass(frozen=True, slots=True)
class ArtificialScoreSettings:
    """What the artificial adjusted scores are worth: a condition of contest set by the Regulating Authority
    (Laws 12C2(b), 12C2(d), 78D). The defaults are the Law's own values.

    >>> s = ArtificialScoreSettings()
    >>> s.percentage(Award.AVERAGE_PLUS), s.imps(Award.AVERAGE_MINUS)
    (Fraction(60, 1), Fraction(-3, 1))
    >>> ArtificialScoreSettings(average_plus=Fraction(65)).percentage(Award.AVERAGE_PLUS)
    Fraction(65, 1)
    """

    average_plus: Fraction = Fraction(60)
    """Average-plus in pairs, in per cent of the available matchpoints (at least 60 by Law 12C2(a))."""
    average: Fraction = Fraction(50)
    """Average in pairs, per cent."""
    average_minus: Fraction = Fraction(40)
    """Average-minus in pairs, per cent (at most 40 by Law 12C2(a))."""
    average_plus_imps: Fraction = Fraction(3)
    """Average-plus at IMPs (Law 12C2(b))."""
    average_imps: Fraction = Fraction(0)
    """Average at IMPs."""
    average_minus_imps: Fraction = Fraction(-3)
    """Average-minus at IMPs (Law 12C2(b))."""
    session_rule: bool = True
    """Apply Law 12C2(c): the session score replaces average-plus when higher (non-offender) and
    average-minus when lower (offender)."""

    def __post_init__(self) -> None:
        for name in ("average_plus", "average", "average_minus",
                     "average_plus_imps", "average_imps", "average_minus_imps"):
            object.__setattr__(self, name, _fraction(getattr(self, name), name))
        if not 0 <= self.average_minus <= self.average <= self.average_plus <= 100:
            raise ValueError(
                "artificial scores must satisfy 0 <= average-minus <= average <= average-plus <= 100 "
                f"per cent, got {self.average_minus}, {self.average}, {self.average_plus}"
            )
        if not self.average_minus_imps <= self.average_imps <= self.average_plus_imps:
            raise ValueError(
                "artificial IMP scores must satisfy average-minus <= average <= average-plus, got "
                f"{self.average_minus_imps}, {self.average_imps}, {self.average_plus_imps}"
            )

    def percentage(self, award: Award) -> Fraction:
        """The award in pairs, per cent, before the session rule of Law 12C2(c)."""
        if award is Award.AVERAGE_PLUS:
            return self.average_plus
        if award is Award.AVERAGE:
            return self.average
        return self.average_minus

    def imps(self, award: Award) -> Fraction:
        """The award at IMPs, before the session rule of Law 12C2(c)."""
        if award is Award.AVERAGE_PLUS:
            return self.average_plus_imps
        if award is Award.AVERAGE:
            return self.average_imps
        return self.average_minus_imps


DEFAULT_SETTINGS: Final = ArtificialScoreSettings()
"""The Law's own values: 60/50/40 per cent and +3/0/-3 IMPs, with the Law 12C2(c) session rule."""


def artificial_percentage(
    award: Award,
    *,
    session_percentage: Number | None = None,
    settings: ArtificialScoreSettings = DEFAULT_SETTINGS,
) -> Fraction:
    """The percentage of the available matchpoints an artificial adjusted score is worth (Law 12C2(a)),
    after the session rule of Law 12C2(c).

    ``session_percentage`` is the contestant's percentage on the *other* boards of the session (``None`` if
    unknown or if there are none). Average-plus goes to a non-offender, so a higher session score replaces it;
    average-minus goes to an offender, so a lower session score replaces it; average is never modified.

    >>> artificial_percentage(Award.AVERAGE_PLUS)
    Fraction(60, 1)
    >>> artificial_percentage(Award.AVERAGE_PLUS, session_percentage=Fraction(6350, 100))
    Fraction(127, 2)
    >>> artificial_percentage(Award.AVERAGE_MINUS, session_percentage=35)
    Fraction(35, 1)
    >>> artificial_percentage(Award.AVERAGE_MINUS, session_percentage=45)
    Fraction(40, 1)
    """
    base = settings.percentage(award)
    if not settings.session_rule or session_percentage is None:
        return base
    return _session_rule(award, base, _fraction(session_percentage, "session_percentage"))


def artificial_imps(
    award: Award, *, session_imps: Number | None = None, settings: ArtificialScoreSettings = DEFAULT_SETTINGS
) -> Fraction:
    """The IMPs an artificial adjusted score is worth at IMP play (Law 12C2(b)), after the session rule of Law
    12C2(c) expressed in IMPs.

    ``session_imps`` is the contestant's average IMPs per board on the other boards of the session.

    >>> [artificial_imps(award) for award in Award]
    [Fraction(3, 1), Fraction(0, 1), Fraction(-3, 1)]
    >>> artificial_imps(Award.AVERAGE_PLUS, session_imps=Fraction(9, 2))
    Fraction(9, 2)
    """
    base = settings.imps(award)
    if not settings.session_rule or session_imps is None:
        return base
    return _session_rule(award, base, _fraction(session_imps, "session_imps"))


def _session_rule(award: Award, base: Fraction, session: Fraction) -> Fraction:
    """Law 12C2(c): a non-offender's better session result replaces average-plus; an offender's worse one
    replaces average-minus."""
    if award is Award.AVERAGE_PLUS and session > base:
        return session
    if award is Award.AVERAGE_MINUS and session < base:
        return session
    return base


SideAward: TypeAlias = Award | Fraction
"""What one side receives: an :class:`Award`, or an explicit percentage (for RA variations, Law 12C2(d))."""

_CODE_RE: Final = re.compile(r"A(\d\d)(\d\d)")


def _side_percentage(
    award: SideAward, session: Number | None, settings: ArtificialScoreSettings
) -> Fraction:
    if isinstance(award, Award):
        return artificial_percentage(award, session_percentage=session, settings=settings)
    return award


def _side_imps(award: SideAward, session: Number | None, settings: ArtificialScoreSettings) -> Fraction:
    if isinstance(award, Award):
        return artificial_imps(award, session_imps=session, settings=settings)
    raise ValueError(f"an explicit percentage ({award}%) has no IMP equivalent; give an Award at IMP play")


@dataclass(frozen=True, slots=True)
class ArtificialAdjustedScore:
    """An artificial adjusted score (Law 12C2): what each side gets when no result could be obtained.

    The two sides are independent, so non-balancing awards are representable: both sides average-plus when
    neither was at fault, or an explicit percentage such as 0 for a side that is not a contestant. On a
    matchpoint traveller the line is taken out of the comparison
    (:func:`tenace.scoring.matchpoints.score_board`).

    >>> a = ArtificialAdjustedScore(Award.AVERAGE_PLUS, Award.AVERAGE_MINUS)
    >>> a.percentages(), a.imps(), str(a), a.is_balancing
    ((Fraction(60, 1), Fraction(40, 1)), (Fraction(3, 1), Fraction(-3, 1)), 'A6040', True)
    >>> ArtificialAdjustedScore.from_code("A6060").is_balancing
    False
    """

    ns: SideAward
    ew: SideAward

    def __post_init__(self) -> None:
        for name in ("ns", "ew"):
            value = getattr(self, name)
            if not isinstance(value, Award):
                pct = _fraction(value, f"{name} percentage")
                if not 0 <= pct <= 100:
                    raise ValueError(f"an artificial score is 0 to 100 per cent, got {name}={pct}")
                object.__setattr__(self, name, pct)

    @classmethod
    def from_fault(cls, ns: Fault, ew: Fault) -> ArtificialAdjustedScore:
        """The awards Law 12C2(a) gives for each side's responsibility.

        >>> ArtificialAdjustedScore.from_fault(Fault.NONE, Fault.DIRECTLY)
        ArtificialAdjustedScore(ns=<Award.AVERAGE_PLUS: 'A+'>, ew=<Award.AVERAGE_MINUS: 'A-'>)
        """
        return cls(ns.award, ew.award)

    @classmethod
    def from_code(
        cls, code: str, settings: ArtificialScoreSettings = DEFAULT_SETTINGS
    ) -> ArtificialAdjustedScore:
        """Parse a score code of the form ``A<ns %><ew %>`` as USEBIO files write it: ``A5050``, ``A6040``,
        ``A4060``, ``A6060``. Percentages equal to the settings' average-plus, average or average-minus become
        :class:`Award` values (so that Law 12C2(c) can apply); any other percentage stays explicit.

        >>> ArtificialAdjustedScore.from_code("A4060")
        ArtificialAdjustedScore(ns=<Award.AVERAGE_MINUS: 'A-'>, ew=<Award.AVERAGE_PLUS: 'A+'>)
        >>> ArtificialAdjustedScore.from_code("A7030").ns
        Fraction(70, 1)

        :raises ValueError: if the code is not of that form.
        """
        match = _CODE_RE.fullmatch(code.strip().upper())
        if match is None:
            raise ValueError(f"not an artificial score code: {code!r} (expected e.g. A6040)")
        by_value = {settings.percentage(award): award for award in reversed(Award)}

        def side(text: str) -> SideAward:
            pct = Fraction(int(text))
            return by_value.get(pct, pct)

        return cls(side(match.group(1)), side(match.group(2)))

    def percentages(
        self,
        settings: ArtificialScoreSettings = DEFAULT_SETTINGS,
        *,
        ns_session: Number | None = None,
        ew_session: Number | None = None,
    ) -> tuple[Fraction, Fraction]:
        """``(ns, ew)`` percentages of the available matchpoints, with Law 12C2(c) applied to each side's
        session percentage when given."""
        ns = _side_percentage(self.ns, ns_session, settings)
        return ns, _side_percentage(self.ew, ew_session, settings)

    def imps(
        self,
        settings: ArtificialScoreSettings = DEFAULT_SETTINGS,
        *,
        ns_session: Number | None = None,
        ew_session: Number | None = None,
    ) -> tuple[Fraction, Fraction]:
        """``(ns, ew)`` IMPs at IMP play (Law 12C2(b)), with Law 12C2(c) applied to each side's session IMPs
        per board when given.

        :raises ValueError: if a side has an explicit percentage instead of an :class:`Award`.
        """
        return _side_imps(self.ns, ns_session, settings), _side_imps(self.ew, ew_session, settings)

    @property
    def is_balancing(self) -> bool:
        """Whether the two sides' percentages add up to 100 with the Law's own values."""
        ns, ew = self.percentages(DEFAULT_SETTINGS)
        return ns + ew == 100

    def __str__(self) -> str:
        ns, ew = self.percentages(DEFAULT_SETTINGS)
        if ns.denominator == 1 and ew.denominator == 1:
            return f"A{int(ns):02d}{int(ew):02d}"
        return f"A{ns}/{ew}"


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A score weighted among several results (Law 12C1(c)): ``(score, weight)`` components whose weights are
    positive and add up to exactly 1. Scores are from North-South's point of view. The components are kept
    sorted from the highest score down, with equal scores merged, so equal awards compare equal.

    >>> w = WeightedScore.of((620, "2/3"), (-100, "1/3"))
    >>> w
    WeightedScore.of((620, '2/3'), (-100, '1/3'))
    >>> str(w), w.expected_score
    ('620 (2/3), -100 (1/3)', Fraction(380, 1))
    >>> WeightedScore.of((-100, "1/3"), (620, "2/3")) == w
    True

    :raises ValueError: if there are no components, a weight is not positive, or the weights do not add up
        to 1.
    """

    components: tuple[tuple[int, Fraction], ...]

    def __post_init__(self) -> None:
        merged: dict[int, Fraction] = {}
        for item in self.components:
            if not isinstance(item, tuple) or len(item) != 2:
                raise ValueError(f"a weighted-score component is (score, weight), got {item!r}")
            score, weight = item
            if isinstance(score, bool) or not isinstance(score, int):
                raise ValueError(f"a score must be an int, got {score!r}")
            w = _fraction(weight, "weight")
            if w <= 0:
                raise ValueError(f"weights must be positive, got {weight!r} for score {score}")
            merged[score] = merged.get(score, Fraction(0)) + w
        if not merged:
            raise ValueError("a weighted score needs at least one component")
        total = sum(merged.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"the weights of a weighted score must add up to 1, got {total} (Law 12C1(c))")
        object.__setattr__(self, "components", tuple(sorted(merged.items(), key=lambda kv: -kv[0])))

    @classmethod
    def of(cls, *components: tuple[int, WeightLike]) -> WeightedScore:
        """Build from ``(score, weight)`` pairs; weights may be ints, Fractions or strings like ``"1/3"``."""
        return cls(tuple((score, _fraction(weight, "weight")) for score, weight in components))

    @classmethod
    def single(cls, score: int) -> WeightedScore:
        """An assigned score that is one result with certainty.

        >>> WeightedScore.single(-50)
        WeightedScore.of((-50, '1'))
        """
        return cls(((score, Fraction(1)),))

    @property
    def expected_score(self) -> Fraction:
        """The weighted mean of the scores. Useful for total-point scoring (Law 78C), but *not* how a weighted
        score is matchpointed or IMPed (each component's outcome is weighted instead)."""
        return sum((score * weight for score, weight in self.components), Fraction(0))

    def negated(self) -> WeightedScore:
        """The same distribution from the other side's point of view."""
        return WeightedScore(tuple((-score, weight) for score, weight in self.components))

    def __str__(self) -> str:
        return ", ".join(f"{score} ({weight})" for score, weight in self.components)

    def __repr__(self) -> str:
        inner = ", ".join(f"({score}, {str(weight)!r})" for score, weight in self.components)
        return f"WeightedScore.of({inner})"


def _weighted(value: int | WeightedScore) -> WeightedScore:
    if isinstance(value, WeightedScore):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an int score or a WeightedScore, got {value!r}")
    return WeightedScore.single(value)


@dataclass(frozen=True, slots=True)
class AssignedAdjustedScore:
    """An assigned adjusted score (Law 12C1): it replaces the score obtained at the table and takes part in
    the comparison like a real result.

    ``ns`` is what North-South receive and ``ew`` what East-West receive, both as North-South scores. They are
    the same for a balancing adjustment and differ for a non-balancing one, where the offenders keep the
    consequence of their infraction and the non-offenders are redressed (Law 12C1(e)).

    >>> a = AssignedAdjustedScore.balancing(WeightedScore.of((420, "1/2"), (-50, "1/2")))
    >>> a.is_balancing, str(a)
    (True, 'assigned 420 (1/2), -50 (1/2)')
    >>> b = AssignedAdjustedScore(WeightedScore.single(420), WeightedScore.single(-50))
    >>> b.is_balancing, str(b)
    (False, 'assigned NS 420 (1), EW -50 (1)')
    """

    ns: WeightedScore
    ew: WeightedScore

    def __post_init__(self) -> None:
        for name in ("ns", "ew"):
            if not isinstance(getattr(self, name), WeightedScore):
                raise TypeError(
                    f"AssignedAdjustedScore.{name} must be a WeightedScore; use AssignedAdjustedScore.of"
                )

    @classmethod
    def balancing(cls, score: int | WeightedScore) -> AssignedAdjustedScore:
        """The same assigned score for both sides."""
        weighted = _weighted(score)
        return cls(weighted, weighted)

    @classmethod
    def of(cls, ns: int | WeightedScore, ew: int | WeightedScore) -> AssignedAdjustedScore:
        """A possibly non-balancing assigned score from ints or weighted scores (North-South's view)."""
        return cls(_weighted(ns), _weighted(ew))

    @property
    def is_balancing(self) -> bool:
        return self.ns == self.ew

    def __str__(self) -> str:
        if self.is_balancing:
            return f"assigned {self.ns}"
        return f"assigned NS {self.ns}, EW {self.ew}"


ImpFunction: TypeAlias = Callable[[int], int]


def _default_imp() -> ImpFunction:
    from tenace.scoring.imps import imps  # the Law 78B scale; imported lazily to keep the modules independent

    return imps


def weighted_imps(
    ours: int | WeightedScore, theirs: int | WeightedScore, *, imp: ImpFunction | None = None
) -> Fraction:
    """The IMPs a side gains when its score ``ours`` is compared with ``theirs`` (both from that side's point
    of view), where either may be weighted (Law 12C1(c)): the IMP outcome of every pair of components,
    weighted by the product of their weights.

    ``imp`` converts a point difference to IMPs; the default is the Law 78B scale of
    :func:`tenace.scoring.imps.imps`.

    >>> weighted_imps(WeightedScore.of((620, "1/2"), (-100, "1/2")), 170)
    Fraction(3, 2)
    >>> weighted_imps(620, 170), weighted_imps(-100, 170)
    (Fraction(10, 1), Fraction(-7, 1))
    """
    convert = imp if imp is not None else _default_imp()
    a, b = _weighted(ours), _weighted(theirs)
    total = Fraction(0)
    for score_a, weight_a in a.components:
        for score_b, weight_b in b.components:
            total += weight_a * weight_b * convert(score_a - score_b)
    return total


def team_board_imps(
    open_room: int | AssignedAdjustedScore,
    closed_room: int | AssignedAdjustedScore,
    *,
    imp: ImpFunction | None = None,
) -> tuple[Fraction, Fraction]:
    """``(home, away)`` IMPs on one board of a team match where either room's result may be an assigned
    (possibly weighted, possibly non-balancing) adjusted score. Scores are North-South's; the home team sits
    North-South in the open room and East-West in the closed room.

    Each team's result is taken from the score *it* was assigned: home's from the open room's ``ns`` and the
    closed room's ``ew``; away's from the closed room's ``ns`` and the open room's ``ew``. With balancing
    scores ``away == -home``. Artificial adjusted scores are not compared at all: use
    :meth:`ArtificialAdjustedScore.imps` for the board instead.

    >>> team_board_imps(620, -100)
    (Fraction(12, 1), Fraction(-12, 1))
    >>> split = AssignedAdjustedScore.of(WeightedScore.of((620, "1/2"), (-100, "1/2")), 620)
    >>> team_board_imps(split, 170)
    (Fraction(3, 2), Fraction(-10, 1))
    """
    def sides(value: int | AssignedAdjustedScore) -> tuple[WeightedScore, WeightedScore]:
        if isinstance(value, AssignedAdjustedScore):
            return value.ns, value.ew
        weighted = _weighted(value)
        return weighted, weighted

    open_ns, open_ew = sides(open_room)
    closed_ns, closed_ew = sides(closed_room)
    home = weighted_imps(open_ns, closed_ew, imp=imp)
    away = weighted_imps(closed_ns, open_ew, imp=imp)
    return home, away


def knockout_imps(home: Number, away: Number) -> tuple[Fraction, Fraction]:
    """Law 12C4: in knockout play, when non-balancing adjusted scores give the two teams results that do not
    cancel, each team's score on the board is worked out separately and their average is assigned to each.

    ``home`` and ``away`` are the IMPs each team would score on its own (from :func:`team_board_imps`); the
    result balances.

    >>> knockout_imps(Fraction(3, 2), -10)
    (Fraction(23, 4), Fraction(-23, 4))
    """
    h, a = _fraction(home, "home"), _fraction(away, "away")
    net = (h - a) / 2
    return net, -net
