"""The double-dummy adapter: boundaries, errors, and properties checked against endplay's own public API and
against the rules of play (oracle comparisons are in tests/oracles/test_dd_oracles.py)."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from strategies import deals
from tenace import Card, Contract, Deal, Denomination, Play, Seat, Vulnerability
from tenace.analysis import DDTable, Par
from tenace.errors import ImpossibleActionError, SolverError
from tenace.scoring.points import score
from tenace.solver import dds
from tenace.solver.progress import rich_progress

GRAND = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
# A deal from DDS's list10 (its first deal): West makes 8 tricks in spades, North-South 7 in clubs.
SAMPLE = Deal.from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
few = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_import_tenace_solver_and_handrecords_never_load_endplay() -> None:
    out = _run("import sys, tenace, tenace.solver.dds, tenace.solver.progress, tenace.handrecords; "
               "print(sorted(m for m in sys.modules if m.split('.')[0] in ('endplay', 'fpdf')))")
    assert out == "[]"


def test_the_first_solver_call_loads_endplay() -> None:
    out = _run("import sys\nfrom tenace import Deal\nfrom tenace.solver.dds import dd_table\n"
               f"dd_table(Deal.from_pbn({GRAND.to_pbn()!r}))\nprint('endplay' in sys.modules)")
    assert out == "True"


def test_missing_endplay_raises_solver_error_naming_the_extra() -> None:
    out = _run(
        "import sys\nsys.modules['endplay'] = None  # as if not installed\n"
        "from tenace import Deal\nfrom tenace.errors import SolverError\nfrom tenace.solver import dds\n"
        "assert not dds.available()\n"
        f"try:\n    dds.dd_table(Deal.from_pbn({GRAND.to_pbn()!r}))\n"
        "except SolverError as e:\n    print(e)\n"
    )
    assert "endplay" in out and "pip install 'tenace[dds]'" in out


def test_dds_error_codes_become_solver_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    backend: Any = dds._dds()

    def failing(*args: object) -> None:
        raise backend.DDSError("Too many DD tables requested")

    monkeypatch.setattr(backend, "CalcAllTables", failing)
    with pytest.raises(SolverError, match="CalcAllTables failed: Too many DD tables requested"):
        dds.dd_table(GRAND)
    assert isinstance(SolverError("x"), RuntimeError)


def test_available_is_true_with_endplay_installed() -> None:
    assert dds.available()


def test_grand_slam_deal_table_and_par() -> None:
    table = dds.dd_table(GRAND)  # North holds the top cards of every suit: 13 tricks at notrump
    assert table[Seat.NORTH, Denomination.NOTRUMP] == 13 == table[Seat.SOUTH, Denomination.NOTRUMP]
    assert table[Seat.EAST, Denomination.NOTRUMP] == 0 == table[Seat.WEST, Denomination.NOTRUMP]
    result = dds.par(table, Vulnerability.BOTH, Seat.WEST)
    assert result.score_ns == 2220
    assert [(str(c), t) for c, t in result.contracts] == [("7NTN", 13), ("7NTS", 13)]


@given(deals())
@few
def test_tables_equal_endplays_public_calc_dd_table(deal: Deal) -> None:
    """Differential: our conversion against endplay's own Deal/calc_dd_table path (its PBN parser and
    its Denom/Player lookups)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    theirs = calc_dd_table(EDeal(deal.to_pbn()))
    ours = dds.dd_table(deal)
    names = {Seat.NORTH: Player.north, Seat.EAST: Player.east, Seat.SOUTH: Player.south,
             Seat.WEST: Player.west}
    denoms = {Denomination.CLUBS: Denom.clubs, Denomination.DIAMONDS: Denom.diamonds,
              Denomination.HEARTS: Denom.hearts, Denomination.SPADES: Denom.spades,
              Denomination.NOTRUMP: Denom.nt}
    for seat, denomination, tricks in ours.items():
        assert tricks == theirs[denoms[denomination], names[seat]]


@given(deals(), st.sampled_from(list(Seat)), st.sampled_from(list(Denomination)))
@few
def test_dd_tricks_and_opening_position_agree_with_the_table(deal: Deal, declarer: Seat,
                                                             denomination: Denomination) -> None:
    contract = Contract(3, denomination, declarer)
    table = dds.dd_table(deal)
    assert dds.dd_tricks(deal, contract) == table[declarer, denomination]
    solved = dds.solve_position(deal, contract)
    assert solved.turn is declarer.lho  # Law 41A: declarer's LHO leads
    assert solved.declarer_value == table[declarer, denomination]
    assert set(dict(solved.cards)) == set(deal[declarer.lho])  # any card may be led (Law 44A)


@given(deals(), st.sampled_from(list(Seat)), st.sampled_from(list(Denomination)), st.data())
@few
def test_values_chain_along_a_random_play(deal: Deal, declarer: Seat, denomination: Denomination,
                                          data: st.DataObject) -> None:
    """The value after a card equals the next position's value; best cards keep the value; every legal card
    (and only those, Law 44C) is valued."""
    play = Play.for_contract(deal, Contract(1, denomination, declarer))
    positions, cards = [], []
    for _ in range(data.draw(st.integers(6, 14))):
        card = data.draw(st.sampled_from(list(play.legal_cards())))
        positions.append(play)
        cards.append(card)
        play = play.push(card)
    positions.append(play)
    solved = dds.solve_positions(positions)
    for k, card in enumerate(cards):
        here = solved[k]
        assert set(dict(here.cards)) == set(positions[k].legal_cards())
        assert here.declarer_total(card) == solved[k + 1].declarer_value
        assert card in here.best() or here.declarer_total(card) != here.declarer_value
        for best in here.best():
            assert here.declarer_total(best) == here.declarer_value
        assert 0 <= here.max_tricks <= here.tricks_left


def test_solved_position_for_the_grand_slam_mid_trick() -> None:
    play = Play.for_contract(GRAND, Contract.from_str("7NTN"), [Card.from_str("ST"), Card.from_str("S3")])
    solved = dds.solve_position(play)
    assert solved.turn is Seat.WEST and solved.tricks_left == 13 and solved.declarer_won == 0
    assert dict(solved.cards) == {Card.from_str("S2"): 0}  # West must follow with the singleton (Law 44C)
    assert solved.declarer_value == 13
    with pytest.raises(KeyError):
        solved[Card.from_str("SA")]


def test_best_cards_against_the_grand_slam_are_all_spades() -> None:
    # East leads against 7NT by North; every lead loses all tricks, so every card is "best".
    assert dds.best_cards(GRAND, Contract.from_str("7NTN")) == GRAND[Seat.EAST]


def test_solving_needs_a_contract_with_a_deal_and_none_with_a_play() -> None:
    with pytest.raises(ValueError, match="needs the contract"):
        dds.solve_position(GRAND)
    with pytest.raises(ValueError, match="only with a Deal"):
        dds.solve_position(Play.for_contract(GRAND, Contract.from_str("7NTN")), Contract.from_str("7NTN"))


def test_a_complete_play_has_no_position_to_solve() -> None:
    play = Play.for_contract(GRAND, Contract.from_str("7NTN"))
    while not play.is_complete:
        play = play.push(next(iter(play.legal_cards())))
    with pytest.raises(ImpossibleActionError, match="complete"):
        dds.solve_position(play)


def test_dd_tables_rejects_non_deals_and_handles_empty_input() -> None:
    with pytest.raises(TypeError, match="item 1 is str"):
        dds.dd_tables([GRAND, "N:..."])  # type: ignore[list-item]
    calls: list[tuple[int, int]] = []
    assert dds.dd_tables([], progress=lambda d, t: calls.append((d, t))) == []
    assert calls == [(0, 0)]


def test_dd_tables_keeps_order_across_batches() -> None:
    """41 deals need two DDS calls (at most 40 tables per call); each table must stay with its deal."""
    rotated = Deal(GRAND.hands[1:] + GRAND.hands[:1])  # North's cards now with West
    deals_in = [GRAND, rotated] * 20 + [rotated]
    calls: list[tuple[int, int]] = []
    tables = dds.dd_tables(deals_in, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(0, 41), (40, 41), (41, 41)]
    for deal, table in zip(deals_in, tables, strict=True):
        strong = Seat.NORTH if deal is GRAND else Seat.WEST
        assert table[strong, Denomination.NOTRUMP] == 13 and table[strong.lho, Denomination.NOTRUMP] == 0


def test_par_contracts_score_the_par_score_by_law_77() -> None:
    table = dds.dd_table(SAMPLE)
    for vul in Vulnerability:
        for dealer in Seat:
            result = dds.par(table, vul, dealer)
            assert result.contracts
            for contract, tricks in result.contracts:
                assert table[contract.declarer, contract.denomination] == tricks
                points = score(contract, tricks, vulnerable=vul.is_vulnerable(contract.declarer))
                assert (points if contract.declarer.side.value == "NS" else -points) == result.score_ns


def test_par_when_nobody_can_make_anything_is_zero_with_no_contract() -> None:
    table = DDTable.from_rows([[6] * 5] * 4)
    assert dds.par(table, Vulnerability.NONE, Seat.NORTH) == Par(0, ())


def test_concurrent_callers_get_their_own_answers() -> None:
    contracts = [Contract.from_str(c) for c in ("1SW", "3NTN", "5CS", "2HE")]
    expected = [dds.dd_tricks(SAMPLE, c) for c in contracts]
    results: dict[int, list[int]] = {}

    def work(i: int) -> None:
        results[i] = [dds.dd_tricks(SAMPLE, c) for c in contracts]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[i] == expected for i in range(3))
    assert expected[0] == 8  # DDS's own TABLE line: West takes 8 tricks in spades


def test_rich_progress_shows_the_description_and_the_count() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100)
    with rich_progress("DD tables", console=console) as progress:
        progress(0, 41)
        progress(41, 41)
    text = buffer.getvalue()
    assert "DD tables" in text and "41/41" in text
