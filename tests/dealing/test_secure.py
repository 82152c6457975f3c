"""Random deals for play (tenace.dealing.secure) and the statistics of the dealing path."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tenace import SEATS, Board, Card, Deal, Seat, dealer_for, vulnerability_for
from tenace.dealing import secure
from tenace.dealing.index import DEAL_COUNT
from tenace.dealing.secure import deal_boards, random_deal, random_index

from ._stats import binned, chi2_sf, chi_squared, distinct_orders, hcp_probabilities, pattern_probabilities

SAMPLE = 20_000
THRESHOLD = 0.001


@pytest.mark.parametrize(
    ("df", "critical"),
    # Upper 0.1 % points of the chi-squared distribution from published tables (e.g. NIST/SEMATECH).
    [(1, 10.828), (2, 13.816), (3, 16.266), (5, 20.515), (10, 29.588), (12, 32.909), (15, 37.697),
     (20, 45.315)],
)
def test_chi_squared_tail_matches_published_critical_values(df: int, critical: float) -> None:
    assert chi2_sf(critical, df) == pytest.approx(0.001, abs=3e-6)


def test_exact_pattern_probabilities_are_the_textbook_ones() -> None:
    p = pattern_probabilities()
    assert sum(p.values()) == 1
    assert len(p) == 39  # there are 39 hand patterns
    assert float(p[(4, 4, 3, 2)]) == pytest.approx(0.2155, abs=5e-5)
    assert float(p[(5, 3, 3, 2)]) == pytest.approx(0.1552, abs=5e-5)
    assert float(p[(4, 3, 3, 3)]) == pytest.approx(0.1054, abs=5e-5)
    assert distinct_orders((4, 4, 3, 2)) == 12 and distinct_orders((4, 3, 3, 3)) == 4
    assert sum(hcp_probabilities().values()) == 1
    assert sum(k * v for k, v in hcp_probabilities().items()) == 10  # the average hand has 10 HCP


def _seeded_deals(seed: int, count: int) -> list[Deal]:
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(count)]


@pytest.fixture(scope="module")
def seeded_sample() -> list[Deal]:
    return _seeded_deals(20260501, SAMPLE)


def test_hand_pattern_frequencies_fit_the_exact_probabilities(seeded_sample: list[Deal]) -> None:
    probabilities = binned(pattern_probabilities(), SAMPLE)
    assert {(4, 4, 3, 2), (5, 3, 3, 2), (4, 3, 3, 3), (5, 4, 3, 1), (5, 4, 2, 2)} <= set(probabilities)
    for seat in SEATS:  # each seat's hands are independent across deals, so each is a valid test
        observed = [tuple(sorted(deal[seat].shape, reverse=True)) for deal in seeded_sample]
        stat, df, p_value = chi_squared(observed, probabilities)
        assert p_value > THRESHOLD, f"{seat}: chi2={stat:.1f} with {df} df, p={p_value:.2e}"


def test_high_card_point_frequencies_fit_the_exact_probabilities(seeded_sample: list[Deal]) -> None:
    probabilities = binned(hcp_probabilities(), SAMPLE)
    for seat in SEATS:
        stat, df, p_value = chi_squared([deal[seat].hcp for deal in seeded_sample], probabilities)
        assert p_value > THRESHOLD, f"{seat}: chi2={stat:.1f} with {df} df, p={p_value:.2e}"


def test_chi_squared_rejects_a_biased_dealer() -> None:
    # The statistic must be able to fail: hands that are never 4-3-3-3 are detected.
    shapes = [tuple(sorted(d[Seat.NORTH].shape, reverse=True)) for d in _seeded_deals(7, 6000)]
    sample = [shape for shape in shapes if shape != (4, 3, 3, 3)][:5000]
    _, _, p_value = chi_squared(sample, binned(pattern_probabilities(), len(sample)))
    assert p_value < 1e-6


def test_every_card_lands_in_every_seat_equally_often(seeded_sample: list[Deal]) -> None:
    quarter = {seat: Fraction(1, 4) for seat in SEATS}
    for card_index in (51, 38, 25, 12, 0, 30):  # spade ace, heart ace, diamond ace, club ace, club two, ...
        card = Card.from_index(card_index)
        holders = [deal.holder(card) for deal in seeded_sample[:4000]]
        _, _, p_value = chi_squared(holders, quarter)
        assert p_value > THRESHOLD


def test_deal_boards_numbers_the_boards_with_law_2_dealer_and_vulnerability() -> None:
    boards = deal_boards(32, first=3)
    assert [b.number for b in boards] == list(range(3, 35))
    for board in boards:
        assert isinstance(board, Board) and board.deal is not None
        assert board.dealer is dealer_for(board.number)
        assert board.vulnerability is vulnerability_for(board.number)
    assert len({b.deal for b in boards}) == 32  # a repeat would have probability below 1e-26


def test_secure_dealing_draws_the_deal_number_from_secrets_over_all_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []

    def fake_randbelow(n: int) -> int:
        calls.append(n)
        return n - 1

    monkeypatch.setattr(secure.secrets, "randbelow", fake_randbelow)
    boards = deal_boards(2)
    assert calls == [DEAL_COUNT, DEAL_COUNT]
    assert str(boards[0].deal) == "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."


def test_random_index_is_in_range_and_seeded_generators_reproduce() -> None:
    assert all(0 <= random_index() < DEAL_COUNT for _ in range(100))
    assert _seeded_deals(99, 5) == _seeded_deals(99, 5)
    assert _seeded_deals(99, 5) != _seeded_deals(100, 5)


@pytest.mark.parametrize(("count", "first"), [(-1, 1), (3, 0), (2.5, 1)])
def test_deal_boards_rejects_bad_counts_and_board_numbers(count: object, first: int) -> None:
    with pytest.raises(ValueError):
        deal_boards(count, first)  # type: ignore[arg-type]


def test_deal_boards_of_zero_is_empty() -> None:
    assert deal_boards(0) == []
