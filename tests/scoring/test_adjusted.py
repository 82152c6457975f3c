"""Law 12C adjusted scores: artificial awards and their values, the Law 12C2(c) session rule, weighted and
non-balancing assigned scores at IMPs, and Law 12C4 for knockouts."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenace.scoring.adjusted import (
    DEFAULT_SETTINGS,
    ArtificialAdjustedScore,
    ArtificialScoreSettings,
    AssignedAdjustedScore,
    Award,
    Fault,
    WeightedScore,
    artificial_imps,
    artificial_percentage,
    knockout_imps,
    team_board_imps,
    weighted_imps,
)

# The Law 78B scale, written out from the Law's table (lower bound of each band), so that these tests do not
# depend on tenace.scoring.imps.
LAW_78B_BANDS = [
    (0, 0), (20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8), (370, 9), (430, 10),
    (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17), (1750, 18), (2000, 19),
    (2250, 20), (2500, 21), (3000, 22), (3500, 23), (4000, 24),
]


def law_imps(difference: int) -> int:
    magnitude = abs(difference)
    value = max(imps for lower, imps in LAW_78B_BANDS if magnitude >= lower)
    return value if difference >= 0 else -value


# --- Law 12C2 artificial scores ----------------------------------------------------------------------------


def test_12c2a_award_follows_responsibility() -> None:
    assert Fault.NONE.award is Award.AVERAGE_PLUS
    assert Fault.PARTLY.award is Award.AVERAGE
    assert Fault.DIRECTLY.award is Award.AVERAGE_MINUS


def test_12c2a_pairs_values_are_60_50_40_percent() -> None:
    assert [artificial_percentage(a) for a in Award] == [60, 50, 40]


def test_12c2b_imp_values_are_plus_three_zero_minus_three() -> None:
    assert [artificial_imps(a) for a in Award] == [3, 0, -3]


def test_12c2b_12c2d_the_ra_may_vary_the_values() -> None:
    settings = ArtificialScoreSettings(
        average_plus=Fraction(65), average_minus=Fraction(35), average_plus_imps=Fraction(2),
        average_minus_imps=Fraction(-2),
    )
    assert artificial_percentage(Award.AVERAGE_PLUS, settings=settings) == 65
    assert artificial_percentage(Award.AVERAGE_MINUS, settings=settings) == 35
    assert artificial_imps(Award.AVERAGE_PLUS, settings=settings) == 2
    assert artificial_imps(Award.AVERAGE_MINUS, settings=settings) == -2


@pytest.mark.parametrize(
    "kwargs",
    [
        {"average_plus": Fraction(45)},  # below average
        {"average_minus": Fraction(55)},  # above average
        {"average_plus": Fraction(101)},
        {"average_minus": Fraction(-1)},
        {"average_plus_imps": Fraction(-1)},
    ],
)
def test_settings_must_be_ordered(kwargs: dict[str, Fraction]) -> None:
    with pytest.raises(ValueError, match="must satisfy"):
        ArtificialScoreSettings(**kwargs)  # type: ignore[arg-type]


def test_settings_refuse_floats() -> None:
    with pytest.raises(TypeError, match="Fraction"):
        ArtificialScoreSettings(average_plus=60.0)  # type: ignore[arg-type]


def test_settings_accept_ints_and_strings_exactly() -> None:
    settings = ArtificialScoreSettings(average_plus=62, average_minus="77/2")  # type: ignore[arg-type]
    assert settings.average_plus == Fraction(62) and settings.average_minus == Fraction(77, 2)


def test_12c2c_non_offender_above_sixty_keeps_the_session_score() -> None:
    session = Fraction(6350, 100)
    assert artificial_percentage(Award.AVERAGE_PLUS, session_percentage=session) == Fraction(127, 2)
    assert artificial_percentage(Award.AVERAGE_PLUS, session_percentage=55) == 60


def test_12c2c_offender_below_forty_keeps_the_session_score() -> None:
    session = Fraction(3333, 100)
    assert artificial_percentage(Award.AVERAGE_MINUS, session_percentage=session) == session
    assert artificial_percentage(Award.AVERAGE_MINUS, session_percentage=45) == 40


def test_12c2c_does_not_touch_the_other_direction() -> None:
    """A non-offender below 60 % still gets 60 %; an offender above 40 % still gets 40 % (the rule only ever
    helps the non-offender and only ever keeps the offender's lower score)."""
    assert artificial_percentage(Award.AVERAGE_PLUS, session_percentage=30) == 60
    assert artificial_percentage(Award.AVERAGE_MINUS, session_percentage=70) == 40


def test_12c2c_average_is_never_modified() -> None:
    assert artificial_percentage(Award.AVERAGE, session_percentage=80) == 50
    assert artificial_imps(Award.AVERAGE, session_imps=5) == 0


def test_12c2c_in_imps() -> None:
    assert artificial_imps(Award.AVERAGE_PLUS, session_imps=Fraction(9, 2)) == Fraction(9, 2)
    assert artificial_imps(Award.AVERAGE_MINUS, session_imps=-5) == -5
    assert artificial_imps(Award.AVERAGE_MINUS, session_imps=-1) == -3


def test_12c2c_can_be_switched_off() -> None:
    off = ArtificialScoreSettings(session_rule=False)
    assert artificial_percentage(Award.AVERAGE_PLUS, session_percentage=70, settings=off) == 60
    assert artificial_imps(Award.AVERAGE_MINUS, session_imps=-6, settings=off) == -3


def test_artificial_score_codes() -> None:
    assert ArtificialAdjustedScore.from_code("A6040") == ArtificialAdjustedScore(Award.AVERAGE_PLUS,
                                                                                 Award.AVERAGE_MINUS)
    assert ArtificialAdjustedScore.from_code("a5050") == ArtificialAdjustedScore(Award.AVERAGE, Award.AVERAGE)
    both = ArtificialAdjustedScore.from_code("A6060")
    assert both.percentages() == (60, 60) and not both.is_balancing
    odd = ArtificialAdjustedScore.from_code("A7030")
    assert (odd.ns, odd.ew) == (Fraction(70), Fraction(30)) and odd.is_balancing


def test_artificial_code_follows_the_settings() -> None:
    settings = ArtificialScoreSettings(average_plus=Fraction(65), average_minus=Fraction(35))
    assert ArtificialAdjustedScore.from_code("A6535", settings) == ArtificialAdjustedScore(
        Award.AVERAGE_PLUS, Award.AVERAGE_MINUS
    )
    assert ArtificialAdjustedScore.from_code("A6040", settings).ns == Fraction(60)


@pytest.mark.parametrize("code", ["A60", "6040", "A60-40", "AVG+", "A6O40", ""])
def test_bad_artificial_codes(code: str) -> None:
    with pytest.raises(ValueError, match="artificial score code"):
        ArtificialAdjustedScore.from_code(code)


def test_str_of_artificial_scores_is_the_code() -> None:
    assert str(ArtificialAdjustedScore(Award.AVERAGE_MINUS, Award.AVERAGE_PLUS)) == "A4060"
    assert str(ArtificialAdjustedScore(Award.AVERAGE_PLUS, Fraction(0))) == "A6000"
    assert str(ArtificialAdjustedScore(Fraction(121, 2), Fraction(79, 2))) == "A121/2/79/2"


def test_artificial_percentages_apply_the_session_rule_per_side() -> None:
    a = ArtificialAdjustedScore.from_fault(Fault.NONE, Fault.DIRECTLY)
    assert a.percentages(ns_session=70, ew_session=30) == (70, 30)
    assert a.percentages(ns_session=50, ew_session=50) == (60, 40)
    assert a.imps(ns_session=4, ew_session=-4) == (4, -4)


def test_explicit_percentage_has_no_imp_value() -> None:
    with pytest.raises(ValueError, match="IMP"):
        ArtificialAdjustedScore(Award.AVERAGE_PLUS, Fraction(0)).imps()


@pytest.mark.parametrize("bad", [Fraction(101), Fraction(-1)])
def test_explicit_percentages_are_0_to_100(bad: Fraction) -> None:
    with pytest.raises(ValueError, match="0 to 100"):
        ArtificialAdjustedScore(Award.AVERAGE, bad)


# --- Law 12C1 assigned and weighted scores -----------------------------------------------------------------


def test_weights_must_add_up_to_one() -> None:
    with pytest.raises(ValueError, match="add up to 1"):
        WeightedScore.of((620, "1/2"), (-100, "1/3"))


@pytest.mark.parametrize("weight", ["0", "-1/2"])
def test_weights_must_be_positive(weight: str) -> None:
    with pytest.raises(ValueError, match="positive"):
        WeightedScore.of((620, weight), (-100, "1"))


def test_weights_refuse_floats() -> None:
    with pytest.raises(TypeError):
        WeightedScore.of((620, 0.5), (-100, 0.5))  # type: ignore[arg-type]


def test_weighted_scores_need_int_scores_and_components() -> None:
    with pytest.raises(ValueError, match="int"):
        WeightedScore.of((620.0, "1"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one"):
        WeightedScore(())


def test_equal_scores_are_merged_and_order_does_not_matter() -> None:
    a = WeightedScore.of((620, "1/4"), (-100, "1/2"), (620, "1/4"))
    b = WeightedScore.of((-100, "1/2"), (620, "1/2"))
    assert a == b and hash(a) == hash(b)
    assert a.components == ((620, Fraction(1, 2)), (-100, Fraction(1, 2)))


def test_expected_score_and_negation() -> None:
    w = WeightedScore.of((620, "2/3"), (-100, "1/3"))
    assert w.expected_score == Fraction(2 * 620 - 100, 3)
    assert w.negated() == WeightedScore.of((-620, "2/3"), (100, "1/3"))
    assert eval(repr(w)) == w  # the repr is a constructor call


def test_assigned_scores_balancing_and_not() -> None:
    balancing = AssignedAdjustedScore.balancing(420)
    assert balancing.is_balancing and balancing.ns == WeightedScore.single(420)
    split = AssignedAdjustedScore.of(420, WeightedScore.of((-50, "1/2"), (420, "1/2")))
    assert not split.is_balancing
    with pytest.raises(TypeError):
        AssignedAdjustedScore(420, 420)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        AssignedAdjustedScore.of(420.0, 420)  # type: ignore[arg-type]


def test_12c1c_weighted_imps_weight_each_outcome_not_the_mean_score() -> None:
    """60 % of 4S making (620) and 40 % of one down (-100) against 170 at the other table: 0.6 * IMP(450) +
    0.4 * IMP(-270) = 0.6 * 10 + 0.4 * -7 = 3.2 IMPs; IMPing the mean score (332) would give IMP(162) = 4."""
    w = WeightedScore.of((620, "3/5"), (-100, "2/5"))
    assert weighted_imps(w, 170) == Fraction(16, 5)
    assert law_imps(int(w.expected_score) - 170) == 4  # the wrong way, for contrast


def test_weighted_imps_can_use_another_scale() -> None:
    assert weighted_imps(WeightedScore.of((100, "1/2"), (-100, "1/2")), 0, imp=lambda d: d // 10) == 0
    assert weighted_imps(300, 0, imp=lambda d: d // 100) == 3


def test_weighted_against_weighted_takes_every_pair_of_components() -> None:
    a = WeightedScore.of((620, "1/2"), (170, "1/2"))
    b = WeightedScore.of((620, "1/3"), (-100, "2/3"))
    expected = sum(
        (wa * wb * law_imps(sa - sb) for (sa, wa), (sb, wb) in itertools.product(a.components, b.components)),
        Fraction(0),
    )
    assert weighted_imps(a, b) == expected


def test_team_board_balancing_scores_cancel() -> None:
    assigned = AssignedAdjustedScore.balancing(WeightedScore.of((620, "1/2"), (-100, "1/2")))
    home, away = team_board_imps(assigned, 170)
    assert home == Fraction(1, 2) * 10 + Fraction(1, 2) * -7
    assert away == -home


def test_team_board_non_balancing_scores_are_taken_per_team() -> None:
    """Open room: home NS are non-offenders and receive 620; away EW are offenders and keep -100 (as NS
    scores, Law 12C1(e)). Closed room: 170 for the away NS. Home: IMP(620 - 170) = 10. Away: they sat NS in
    the closed room (170) and EW in the open room, where they keep NS -100: IMP(170 - -100) = 7."""
    open_room = AssignedAdjustedScore.of(620, -100)
    assert team_board_imps(open_room, 170) == (10, 7)
    assert knockout_imps(10, 7) == (Fraction(3, 2), Fraction(-3, 2))


def test_team_board_with_plain_scores_is_law_78b() -> None:
    assert team_board_imps(620, -100) == (12, -12)


def test_12c4_knockout_average_balances() -> None:
    home, away = knockout_imps(Fraction(3, 2), -10)
    assert home + away == 0 and home == Fraction(23, 4)


def test_default_settings_are_the_laws() -> None:
    assert DEFAULT_SETTINGS == ArtificialScoreSettings()
    assert DEFAULT_SETTINGS.session_rule


# --- properties --------------------------------------------------------------------------------------------

score_values = st.integers(min_value=-400, max_value=400).map(lambda x: x * 10)
weights = st.integers(min_value=1, max_value=6)


@st.composite
def weighted_scores(draw: st.DrawFn) -> WeightedScore:
    parts = draw(st.lists(st.tuples(score_values, weights), min_size=1, max_size=4))
    total = sum(w for _, w in parts)
    return WeightedScore(tuple((s, Fraction(w, total)) for s, w in parts))


@given(score_values, score_values)
def test_single_scores_imp_like_law_78b(a: int, b: int) -> None:
    assert weighted_imps(a, b) == law_imps(a - b)


@given(weighted_scores(), weighted_scores())
def test_weighted_imps_are_antisymmetric(a: WeightedScore, b: WeightedScore) -> None:
    assert weighted_imps(a, b) == -weighted_imps(b, a)


@given(weighted_scores(), score_values)
def test_weighted_imps_are_the_expectation_over_components(a: WeightedScore, other: int) -> None:
    assert weighted_imps(a, other) == sum((w * law_imps(s - other) for s, w in a.components), Fraction(0))
    lowest, highest = min(s for s, _ in a.components), max(s for s, _ in a.components)
    assert law_imps(lowest - other) <= weighted_imps(a, other) <= law_imps(highest - other)


@given(weighted_scores())
def test_weights_of_a_weighted_score_add_up_to_one(a: WeightedScore) -> None:
    assert sum(w for _, w in a.components) == 1
    assert [s for s, _ in a.components] == sorted({s for s, _ in a.components}, reverse=True)
