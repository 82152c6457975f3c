"""Law 77 scores against the published scoring table.

The reference scorer below is built only from the components of oracles/scoring-tables/law77_scoring_table.csv
(a transcription of the Law 77 table): it looks every amount up by (component, case, column) and never uses
tenace.scoring.points, so the two are independent implementations compared over every contract and result.
"""

from __future__ import annotations

import csv
import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategies import contracts
from tenace.calls import Denomination
from tenace.contract import Contract, Doubling
from tenace.scoring.points import score
from tenace.seats import Seat

Table = dict[tuple[str, str], dict[str, str]]
Reference = Callable[[int, Denomination, Doubling, bool, int], int]

_DOUBLING_COLUMN = {
    Doubling.UNDOUBLED: "undoubled", Doubling.DOUBLED: "doubled", Doubling.REDOUBLED: "redoubled",
}


def _load_table(oracles: Path) -> Table:
    with open(oracles / "scoring-tables" / "law77_scoring_table.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    table = {(row["component"], row["denomination_or_case"]): row for row in rows}
    assert len(table) == len(rows), "each (component, case) pair appears once in the table"
    return table


def _reference_scorer(table: Table) -> Reference:
    """A scorer assembled from the table's components: trick score, premiums, overtricks, undertricks."""

    def amount(component: str, case: str, column: str) -> int:
        return int(table[(component, case)][column])

    def vul_column(vulnerable: bool) -> str:
        return "vulnerable" if vulnerable else "not_vulnerable"

    def trick_score(level: int, denomination: Denomination, column: str) -> int:
        if denomination is Denomination.NOTRUMP:
            first = amount("trick_score_first_odd_trick", "notrump", column)
            later = amount("trick_score_each_additional_odd_trick", "notrump", column)
            return first + later * (level - 1)
        case = "clubs_or_diamonds" if denomination.is_minor else "hearts_or_spades"
        return amount("trick_score_per_odd_trick", case, column) * level

    def undoubled_overtrick(denomination: Denomination) -> int:
        # "undoubled overtricks score trick value": the value of an odd trick beyond the first
        if denomination is Denomination.NOTRUMP:
            return amount("trick_score_each_additional_odd_trick", "notrump", "undoubled")
        case = "clubs_or_diamonds" if denomination.is_minor else "hearts_or_spades"
        return amount("trick_score_per_odd_trick", case, "undoubled")

    def game_threshold() -> int:
        case = next(case for component, case in table if component == "game_definition")
        return int(case.removeprefix("trick_score>="))

    def reference(
        level: int, denomination: Denomination, doubling: Doubling, vulnerable: bool, tricks: int
    ) -> int:
        vul = vul_column(vulnerable)
        dbl = _DOUBLING_COLUMN[doubling]
        needed = 6 + level
        if tricks >= needed:
            points = trick_score(level, denomination, dbl)
            if points >= game_threshold():
                points += amount("game_premium", "made game", vul)
            else:
                points += amount("partscore_premium", "made partscore", vul)
            if level == 6:
                points += amount("small_slam_bonus", "12 tricks bid and made", vul)
            if level == 7:
                points += amount("grand_slam_bonus", "13 tricks bid and made", vul)
            over = tricks - needed
            if doubling is Doubling.UNDOUBLED:
                points += over * undoubled_overtrick(denomination)
            else:
                points += over * amount("overtrick_each", dbl, vul)
                points += amount("insult_premium", f"made {dbl} contract", vul)
            return points
        down = needed - tricks
        penalty = amount("undertrick_first", dbl, vul)
        penalty += (down - 1) * amount("undertrick_each_additional", dbl, vul)
        penalty += max(down - 3, 0) * amount("undertrick_bonus_4th_and_each_subsequent", dbl, vul)
        return -penalty

    return reference


@pytest.fixture(scope="module")
def reference(oracles: Path) -> Reference:
    return _reference_scorer(_load_table(oracles))


def test_law77_every_contract_result_and_vulnerability_matches_the_table(reference: Reference) -> None:
    """7 levels x 5 denominations x 3 doublings x 2 vulnerabilities x 14 trick counts = 2940 scores."""
    mismatches = []
    count = 0
    for level, denom, doubling, vulnerable, tricks in itertools.product(
        range(1, 8), Denomination, Doubling, (False, True), range(14)
    ):
        contract = Contract(level, denom, Seat.NORTH, doubling)
        expected = reference(level, denom, doubling, vulnerable, tricks)
        got = score(contract, tricks, vulnerable=vulnerable)
        count += 1
        if got != expected:
            mismatches.append((str(contract), vulnerable, tricks, got, expected))
    assert count == 2940
    assert mismatches == []


def test_law77_declarer_seat_does_not_change_the_score() -> None:
    for seat in Seat:
        assert score(Contract.from_str("4HX", seat), 10, vulnerable=True) == 790


def test_reference_scorer_reads_known_values_from_the_table(reference: Reference) -> None:
    """The reference itself, checked on well-known values (so a misread table column cannot hide)."""
    assert reference(3, Denomination.NOTRUMP, Doubling.UNDOUBLED, False, 9) == 400
    assert reference(1, Denomination.CLUBS, Doubling.UNDOUBLED, False, 7) == 70
    assert reference(4, Denomination.SPADES, Doubling.DOUBLED, False, 6) == -800
    assert reference(4, Denomination.SPADES, Doubling.REDOUBLED, False, 6) == -1600


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "expected"),
    [
        ("4HS", 11, True, 650),          # 4 hearts vulnerable, one overtrick
        ("3NTXS", 6, False, -500),       # 3NT doubled not vulnerable, three down
        ("2SXN", 8, True, 670),          # 2 spades doubled into game, vulnerable
        ("7NTXXN", 0, True, -7600),      # the largest possible loss
        ("7NTXXN", 13, True, 2980),      # the largest possible gain
        ("1NTN", 7, False, 90),
        ("6CE", 12, False, 920),
        ("5DXW", 8, False, -500),
    ],
)
def test_law77_spot_values(contract: str, tricks: int, vulnerable: bool, expected: int) -> None:
    assert score(Contract.from_str(contract), tricks, vulnerable=vulnerable) == expected


@given(contracts(), st.booleans(), st.integers(0, 12))
def test_law77_score_rises_strictly_with_each_extra_trick(
    contract: Contract, vulnerable: bool, tricks: int
) -> None:
    assert score(contract, tricks + 1, vulnerable=vulnerable) > score(contract, tricks, vulnerable=vulnerable)


@given(st.integers(0, 13), st.booleans())
def test_law77_passed_out_board_scores_zero(tricks: int, vulnerable: bool) -> None:
    assert score(None, tricks, vulnerable=vulnerable) == 0


@given(contracts(), st.one_of(st.integers(max_value=-1), st.integers(min_value=14)), st.booleans())
def test_law77_rejects_trick_counts_outside_0_to_13(
    contract: Contract, tricks: int, vulnerable: bool
) -> None:
    with pytest.raises(ValueError, match="tricks must be 0 to 13"):
        score(contract, tricks, vulnerable=vulnerable)


@pytest.mark.parametrize("tricks", [10.0, "10", None, True, False])
def test_law77_rejects_trick_counts_that_are_not_whole_numbers(tricks: object) -> None:
    with pytest.raises(ValueError, match="tricks must be 0 to 13"):
        score(Contract.from_str("4SN"), tricks, vulnerable=False)  # type: ignore[arg-type]


@given(contracts(), st.booleans())
def test_law77_making_exactly_scores_at_least_a_part_score(contract: Contract, vulnerable: bool) -> None:
    made = score(contract, contract.tricks_needed, vulnerable=vulnerable)
    assert made >= 50 + 20 * contract.level
    assert score(contract, contract.tricks_needed - 1, vulnerable=vulnerable) < 0
