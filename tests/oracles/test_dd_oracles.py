"""The double-dummy adapter against DDS's own test data (dds-bridge/dds ``hands/``).

Each deal there has a ``PBN dealer vul trump first "deal"`` line in DDS's encodings (seats 0..3 = N E S W,
vulnerability 0 none, 1 both, 2 NS, 3 EW; trump 0..4 = S H D C NT), then ``FUT`` (SolveBoard's answer for
the position before the opening lead), ``TABLE`` (strain S, H, D, C, NT × declarer N, E, S, W), ``PAR``
(both sides' par), ``PAR2`` (dealer par: score for North-South, then each contract as ``4S*-EW-1``),
``PLAY`` and ``TRACE`` (declarer's double-dummy tricks before the first card and after each card). All were
computed by DDS itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tenace import Card, Contract, Deal, Denomination, Doubling, Play, Seat, Side, Suit, Vulnerability
from tenace.analysis import DDTable
from tenace.scoring.points import score
from tenace.solver import dds

# DDS's encodings, written out here independently of the adapter's own tables.
DDS_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
DDS_VUL = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)
DDS_TRUMP = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)
TABLE_STRAINS = (Denomination.SPADES, Denomination.HEARTS, Denomination.DIAMONDS, Denomination.CLUBS,
                 Denomination.NOTRUMP)
PAR2_CONTRACT = re.compile(r"([1-7])([SHDCN])(\*?)-(NS|EW|N|E|S|W)([+-]\d+)?")


@dataclass(frozen=True)
class DDSCase:
    lineno: int
    dealer: Seat
    vulnerability: Vulnerability
    trump: Suit | None
    first: Seat
    deal: Deal
    fut: tuple[int, ...]
    table: DDTable
    par_ns: int
    par_ew: int
    par2_score: int
    par2_contracts: tuple[str, ...]
    play: tuple[Card, ...]
    trace: tuple[int, ...]


def _quoted(line: str) -> list[str]:
    return re.findall(r'"([^"]*)"', line)


def _numbers(line: str) -> tuple[int, ...]:
    return tuple(int(x) for x in line.split()[1:])


def read_dds_cases(path: Path) -> list[DDSCase]:
    lines = path.read_text().splitlines()
    cases = []
    for i, line in enumerate(lines):
        if not line.startswith("PBN "):
            continue
        dealer, vul, trump, first = (int(x) for x in line.split()[1:5])
        block = {ln.split()[0]: ln for ln in lines[i + 1:i + 7]}
        table_numbers = _numbers(block["TABLE"])
        rows = [[0] * 5 for _ in range(4)]
        for k, tricks in enumerate(table_numbers):
            strain, declarer = TABLE_STRAINS[k // 4], DDS_SEATS[k % 4]
            rows[declarer.index][strain.index] = tricks
        par = dict(item.split() for item in _quoted(block["PAR"])[:2])
        par2 = _quoted(block["PAR2"])
        play_text = _quoted(block["PLAY"])[0]
        cases.append(DDSCase(
            lineno=i + 1,
            dealer=DDS_SEATS[dealer],
            vulnerability=DDS_VUL[vul],
            trump=DDS_TRUMP[trump],
            first=DDS_SEATS[first],
            deal=Deal.from_pbn(_quoted(line)[0]),
            fut=_numbers(block["FUT"]),
            table=DDTable.from_rows(rows),
            par_ns=int(par["NS"]),
            par_ew=int(par["EW"]),
            par2_score=int(par2[0]),
            par2_contracts=tuple(par2[1:]),
            play=tuple(Card.from_str(play_text[k:k + 2]) for k in range(0, len(play_text), 2)),
            trace=_numbers(block["TRACE"])[1:],  # the first number is the count
        ))
    return cases


def expand_par2(text: str) -> set[tuple[Contract, int]]:
    """``"4S*-EW-1"`` → {(4SX by E, 9 tricks), (4SX by W, 9 tricks)}."""
    match = PAR2_CONTRACT.fullmatch(text)
    assert match, text
    level, strain, doubled, seats, result = match.groups()
    tricks = 6 + int(level) + int(result or 0)
    doubling = Doubling.DOUBLED if doubled else Doubling.UNDOUBLED
    return {
        (Contract(int(level), Denomination.from_str(strain), Seat.from_str(s), doubling), tricks)
        for s in seats
    }


@pytest.fixture(scope="module")
def list100(oracles: Path) -> list[DDSCase]:
    cases = read_dds_cases(oracles / "dds-hands" / "list100.txt")
    assert len(cases) == 100
    return cases


@pytest.fixture(scope="module")
def list100_tables(list100: list[DDSCase]) -> list[DDTable]:
    progress: list[tuple[int, int]] = []
    tables = dds.dd_tables([case.deal for case in list100], progress=lambda done, total: progress.append(
        (done, total)))
    # one report before the first batch and one after each batch of 40
    assert progress == [(0, 100), (40, 100), (80, 100), (100, 100)]
    return tables


@pytest.mark.slow
def test_dd_tables_of_list100_equal_the_dds_table_lines(list100: list[DDSCase],
                                                        list100_tables: list[DDTable]) -> None:
    wrong = [(case.lineno, got, case.table) for case, got in zip(list100, list100_tables, strict=True)
             if got != case.table]
    assert not wrong, wrong[:3]


def test_single_table_call_equals_the_batch_for_a_few_deals(list100: list[DDSCase]) -> None:
    for case in list100[:3]:
        assert dds.dd_table(case.deal) == case.table


def test_par_of_list100_equals_dds_par_score_and_dealer_par_contracts(list100: list[DDSCase],
                                                                      list100_tables: list[DDTable]) -> None:
    for case, table in zip(list100, list100_tables, strict=True):
        result = dds.par(table, case.vulnerability, case.dealer)
        assert result.score_ns == case.par_ns == -case.par_ew == case.par2_score, case.lineno
        expected = set().union(*(expand_par2(t) for t in case.par2_contracts))
        assert set(result.contracts) == expected, case.lineno
        assert len(result.contracts) == len(expected)


def test_par_from_the_oracle_tables_of_list1000_matches_dealer_par(oracles: Path) -> None:
    """Par needs only the DD table, so the 1000 published tables test the par conversion quickly."""
    cases = read_dds_cases(oracles / "dds-hands" / "list1000.txt")
    assert len(cases) == 1000
    multi = sacrifices = 0
    for case in cases:
        result = dds.par(case.table, case.vulnerability, case.dealer)
        assert result.score_ns == case.par2_score, case.lineno
        expected = set().union(*(expand_par2(t) for t in case.par2_contracts))
        assert set(result.contracts) == expected, case.lineno
        # each par contract takes the tricks the table gives and scores the par score (Law 77)
        for contract, tricks in result.contracts:
            assert case.table[contract.declarer, contract.denomination] == tricks, case.lineno
            points = score(contract, tricks, vulnerable=case.vulnerability.is_vulnerable(contract.declarer))
            assert (points if contract.declarer.side is Side.NS else -points) == result.score_ns, case.lineno
        multi += len(case.par2_contracts) > 1
        sacrifices += any(c.doubling is Doubling.DOUBLED for c, _ in result.contracts)
    assert multi > 100 and sacrifices > 100  # the list really exercises both


def test_par_passes_the_deal_through_the_solver_when_given_a_deal(list100: list[DDSCase]) -> None:
    case = list100[0]
    assert dds.par(case.deal, case.vulnerability, case.dealer) == dds.par(
        case.table, case.vulnerability, case.dealer)


def _fut_values(fut: tuple[int, ...]) -> dict[Card, int]:
    """FUT: count, then suits, ranks, equals (rank bit masks) and scores, DDS-encoded."""
    n = fut[0]
    suits, ranks, equals, scores = (fut[1 + k * n: 1 + (k + 1) * n] for k in range(4))
    values = {}
    for suit, rank, eq, tricks in zip(suits, ranks, equals, scores, strict=True):
        for r in range(2, 15):
            if r == rank or eq >> r & 1:
                values[Card(DDS_TRUMP[suit], r)] = tricks  # type: ignore[arg-type]
    return values


def test_opening_lead_values_equal_solve_board_fut_lines(list100: list[DDSCase]) -> None:
    plays = [Play(case.deal, case.trump, case.first) for case in list100[:30]]
    for case, solved in zip(list100, dds.solve_positions(plays), strict=False):
        assert dict(solved.cards) == _fut_values(case.fut), case.lineno
        assert solved.turn is case.first


@pytest.mark.parametrize("index", [0, 1, 3, 7])
def test_position_solver_reproduces_the_per_card_trace(list100: list[DDSCase], index: int) -> None:
    """After each card of the recorded play, declarer's DD total equals DDS's AnalysePlay trace.

    DDS stops its trace before the last trick when the play is complete (49 values for 52 cards)."""
    case = list100[index]
    play = Play(case.deal, case.trump, case.first)
    positions = []
    for card in case.play[:len(case.trace) - 1]:
        positions.append(play)
        play = play.push(card)
    solved = dds.solve_positions(positions)
    assert [s.declarer_value for s in solved] == list(case.trace[:-1])
    after = [s.declarer_total(card) for s, card in zip(solved, case.play, strict=False)]
    assert after == list(case.trace[1:])
    # one position at a time gives the same as the batch
    assert dds.solve_position(positions[5]) == solved[5]
