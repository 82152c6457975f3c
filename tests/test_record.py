"""DealRecord, the record of one deal at one table: its board (Law 2), auction (Laws 17-22), play (Law 44)
and score (Law 77), checked by hand and against real BBO records written by BBO Helper (oracle files)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tenace import (
    Auction,
    Card,
    Contract,
    Deal,
    IllegalCallError,
    IllegalPlayError,
    PartialDeal,
    Play,
    Seat,
    Side,
    Suit,
    Vulnerability,
    parse_call,
)
from tenace.record import AnnotatedCall, DealRecord

SAMPLE = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _calls(text: str) -> tuple[AnnotatedCall, ...]:
    return tuple(AnnotatedCall(parse_call(t)) for t in text.split())


# --- hand-made records; expected scores are read from the Law 77 table -----------------------------------


@pytest.mark.parametrize(
    ("number", "contract", "tricks", "declarer_score", "ns_score"),
    [
        (1, "4SN", 10, 420, 420),  # 120 trick points + 300 non-vulnerable game
        (2, "4SN", 10, 620, 620),  # board 2: North-South vulnerable, 500 game premium
        (2, "4SE", 10, 420, -420),  # ... but East-West are not
        (3, "3NTXW", 7, -500, 500),  # board 3: East-West vulnerable; doubled, two down: 200 + 300
        (1, "3NTXW", 7, -300, 300),  # not vulnerable, doubled, two down: 100 + 200
        (4, "7NTXXS", 13, 2980, 2980),  # 880 trick points + 500 game + 1500 grand slam + 100 for the redouble
        (16, "1CE", 6, -100, 100),  # board 16: East-West vulnerable, one down undoubled
    ],
)
def test_77_score_and_score_ns_use_law_2_vulnerability_from_the_board_number(
    number: int, contract: str, tricks: int, declarer_score: int, ns_score: int
) -> None:
    """Law 77 scores for declarer's side and for North-South, with the vulnerability Law 2 gives the board."""
    record = DealRecord(number=number, contract=Contract.from_str(contract), tricks=tricks)
    assert record.score() == declarer_score
    assert record.score_ns() == ns_score


def test_recorded_vulnerability_overrides_law_2() -> None:
    """Law 2: the conditions marked on a board apply, even when they differ from the usual pattern."""
    record = DealRecord(
        number=1, vulnerability=Vulnerability.BOTH, contract=Contract.from_str("4SN"), tricks=10
    )
    assert record.score() == 620
    no_number = DealRecord(vulnerability=Vulnerability.NONE, contract=Contract.from_str("4SN"), tricks=10)
    assert no_number.score() == 420


def test_score_is_unknown_without_contract_tricks_or_vulnerability() -> None:
    """A score needs the contract, the tricks and the vulnerability; without one of them it is None."""
    assert DealRecord(number=1, tricks=10).score() is None
    assert DealRecord(number=1, contract=Contract.from_str("4SN")).score() is None
    assert DealRecord(contract=Contract.from_str("4SN"), tricks=10).score() is None
    assert DealRecord(contract=Contract.from_str("4SN"), tricks=10).score_ns() is None


def test_22b_passed_out_record_scores_zero() -> None:
    """Law 22B and Law 77: a passed-out board scores zero to both sides."""
    record = DealRecord(number=5, passed_out=True, calls=_calls("P P P P"))
    assert record.score() == 0 and record.score_ns() == 0
    auction = record.auction()
    assert auction is not None and auction.is_passed_out and auction.dealer is Seat.NORTH


def test_record_auction_uses_the_recorded_dealer_or_law_2() -> None:
    """The auction starts with the recorded dealer, or the Law 2 dealer of the board number."""
    calls = _calls("1NT P 3NT P P P")
    from_number = DealRecord(number=2, calls=calls).auction()
    assert from_number == Auction.from_str("E", "1NT P 3NT P P P")
    assert from_number is not None and from_number.contract() == Contract.from_str("3NTE")
    recorded = DealRecord(number=2, dealer=Seat.WEST, calls=calls).auction()
    assert recorded is not None and recorded.dealer is Seat.WEST
    assert DealRecord(number=2).auction() is None
    with pytest.raises(ValueError):
        DealRecord(calls=calls).auction()  # neither dealer nor board number


def test_record_auction_rejects_an_unlawful_auction() -> None:
    """A recorded auction that breaks Laws 18-19 is reported with IllegalCallError."""
    with pytest.raises(IllegalCallError, match="1C"):
        DealRecord(number=1, calls=_calls("1NT 1C")).auction()


def test_record_replay_checks_the_play_and_counts_tricks() -> None:
    """replay() plays the recorded cards by Law 44 and gives the tricks won."""
    cards = tuple(Card.from_str(t) for t in "ST S6 S2 SA".split())
    record = DealRecord(number=1, deal=SAMPLE, contract=Contract.from_str("7NTN"), play=cards)
    play = record.replay()
    assert play is not None and play.tricks_won(Side.NS) == 1 and play.turn is Seat.NORTH
    assert DealRecord(number=1, deal=SAMPLE).replay() is None  # no contract
    partial = PartialDeal.from_pbn(SAMPLE.to_pbn())
    assert DealRecord(number=1, deal=partial, contract=Contract.from_str("7NTN")).replay() is None
    bad = DealRecord(number=1, deal=SAMPLE, contract=Contract.from_str("7NTN"), play=cards[:1] + (cards[3],))
    with pytest.raises(IllegalPlayError, match="South cannot play SA to trick 1"):
        bad.replay()


def test_record_board_needs_a_number() -> None:
    """The board comes from the number (and any recorded dealer, vulnerability and full deal)."""
    board = DealRecord(number=9, deal=SAMPLE).board()
    assert board.number == 9 and board.deal == SAMPLE and board.dealer is Seat.NORTH
    assert board.vulnerability is Vulnerability.EW
    marked = DealRecord(number=9, dealer=Seat.SOUTH, vulnerability=Vulnerability.NONE).board()
    assert marked.dealer is Seat.SOUTH and not marked.follows_law_2
    with pytest.raises(ValueError, match="no board number"):
        DealRecord().board()


def test_annotated_call_shows_an_alert() -> None:
    """Law 20: an alerted call keeps its alert and explanation beside the call itself."""
    call = AnnotatedCall(parse_call("2C"), alert=True, explanation="strong")
    assert str(call) == "2C!" and str(AnnotatedCall(parse_call("P"))) == "P"


# --- real records: BBO Helper PBN files of BBO tournaments (oracle) --------------------------------------


@dataclass
class _Game:
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)


def _read_games(path: Path) -> list[_Game]:
    """A deliberately small PBN reader for these files only: tag pairs and the tokens of the sections that
    follow them (notes ``=n=`` included). It is not the project's PBN reader, so that the core is checked
    on its own."""
    games: list[_Game] = []
    game: _Game | None = None
    section: str | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("%"):
            continue
        if not line:
            game, section = None, None
            continue
        match = re.fullmatch(r'\[(\w+) "(.*)"\]', line)
        if match:
            if game is None:
                game = _Game()
                games.append(game)
            section = match.group(1)
            game.tags[section] = match.group(2)
            game.sections[section] = []
            continue
        assert game is not None and section is not None, f"{path.name}: stray line {line!r}"
        game.sections[section].extend(line.split())
    return games


def _winner(leader: Seat, cards: list[Card], trump: Suit | None) -> Seat:
    """Law 44E-F, written independently of tenace.play."""
    trumped = [(i, c) for i, c in enumerate(cards) if c.suit is trump]
    pool = trumped or [(i, c) for i, c in enumerate(cards) if c.suit is cards[0].suit]
    return leader.rotate(max(pool, key=lambda ic: int(ic[1].rank))[0])


def _cards_in_time_order(game: _Game, trump: Suit | None) -> tuple[Card, ...]:
    """PBN Play sections are arranged by seat (columns from the opening leader), not by time: each trick is
    rearranged to start with the player who won the trick before."""
    first = Seat.from_str(game.tags["Play"])
    tokens = game.sections["Play"]
    leader = first
    order: list[Card] = []
    for row in range(len(tokens) // 4):
        by_seat = {first.rotate(k): Card.from_str(tokens[4 * row + k]) for k in range(4)}
        trick = [by_seat[leader.rotate(k)] for k in range(4)]
        order.extend(trick)
        leader = _winner(leader, trick, trump)
    return tuple(order)


def _record(game: _Game) -> DealRecord:
    tags = game.tags
    calls = tuple(AnnotatedCall(parse_call(t)) for t in game.sections["Auction"] if not t.startswith("="))
    passed_out = tags["Contract"] == "Pass"
    contract = None if passed_out else Contract.from_str(tags["Contract"], Seat.from_str(tags["Declarer"]))
    trump = contract.denomination.suit if contract is not None else None
    play = _cards_in_time_order(game, trump) if contract is not None and "Play" in tags else ()
    return DealRecord(
        number=int(tags["Board"]),
        dealer=Seat.from_str(tags["Dealer"]),
        vulnerability=Vulnerability.from_str(tags["Vulnerable"]),
        deal=Deal.from_pbn(tags["Deal"]),
        calls=calls,
        contract=contract,
        passed_out=passed_out,
        tricks=int(tags["Result"]),
        play=play,
    )


@pytest.fixture(scope="module")
def bbo_games(oracles: Path) -> list[tuple[str, _Game]]:
    folder = oracles / "pbn-bbohelper-ben"
    games = [
        (f"{p.name} board {g.tags['Board']}", g) for p in sorted(folder.glob("*.pbn")) for g in _read_games(p)
    ]
    assert len(games) >= 140  # the folder holds 148 boards
    return games


def test_real_boards_follow_law_2(bbo_games: list[tuple[str, _Game]]) -> None:
    """Law 2: every BBO board's printed dealer and vulnerability are the ones its number gives."""
    for where, game in bbo_games:
        board = DealRecord(number=int(game.tags["Board"])).board()
        assert board.dealer is Seat.from_str(game.tags["Dealer"]), where
        assert board.vulnerability is Vulnerability.from_str(game.tags["Vulnerable"]), where


def test_real_auctions_are_lawful_and_give_the_recorded_contract(bbo_games: list[tuple[str, _Game]]) -> None:
    """Laws 17-22 and the definition of declarer: every real auction is lawful and complete, and ends in the
    contract and declarer BBO recorded (or is passed out when BBO says "Pass")."""
    passed_out = 0
    for where, game in bbo_games:
        record = _record(game)
        auction = record.auction()
        assert auction is not None and auction.is_complete, where
        assert auction.contract() == record.contract, where
        passed_out += auction.is_passed_out
    assert passed_out == 2


def test_real_plays_are_legal_and_give_the_recorded_result(bbo_games: list[tuple[str, _Game]]) -> None:
    """Law 44: every recorded play replays legally card by card, and declarer's tricks equal BBO's Result."""
    replayed = 0
    for where, game in bbo_games:
        record = _record(game)
        if not record.play:
            continue
        play = record.replay()
        assert isinstance(play, Play) and play.is_complete, where
        assert play.declarer_tricks == record.tricks, where
        replayed += 1
    assert replayed >= 140


def test_real_scores_agree_with_bbo(bbo_games: list[tuple[str, _Game]]) -> None:
    """Law 77: the North-South score of every board equals the score BBO printed."""
    checked = 0
    for where, game in bbo_games:
        if "Score" not in game.tags:
            continue
        side, points = game.tags["Score"].split()
        expected = int(points) if side == "NS" else -int(points)
        assert _record(game).score_ns() == expected, where
        checked += 1
    assert checked >= 140
