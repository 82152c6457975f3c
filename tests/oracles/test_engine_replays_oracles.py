"""Every recorded auction and play in the oracle files replays through the Laws engine (policy LAWS) to the
contract, declarer and tricks the file records: all LIN files (BBO), and every PBN game with an Auction
section. A claim is replayed as a claim agreed by both opponents with the recorded result (Laws 68-69).

The expected contract and tricks are the file's own Contract/Declarer/Result tags (PBN) or the LIN reader's
contract and claim, never the engine's. Games that cannot replay are listed with the reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tenace.deal import Deal
from tenace.formats.lin import read_lin
from tenace.formats.pbn import PBNGame, read_games
from tenace.laws import Phase, Table
from tenace.laws.log import dumps, loads
from tenace.laws.pbn_export import RecordReplayError, table_from_record, to_pbn
from tenace.record import DealRecord

_ORACLE_ROOT = Path(__file__).resolve().parents[2].parent / "shared" / "oracles"
"""Only used to list the files at collection time; the tests read them through the ``oracles`` fixture."""
LIN_FILES = sorted(str(p.relative_to(_ORACLE_ROOT)) for p in _ORACLE_ROOT.rglob("*.lin")) \
    if _ORACLE_ROOT.is_dir() else []
PBN_FILES = sorted(
    str(p.relative_to(_ORACLE_ROOT)) for p in _ORACLE_ROOT.rglob("*.pbn") if b"[Auction" in p.read_bytes()
) if _ORACLE_ROOT.is_dir() else []

CANNOT_REPLAY = {
    # PBN 2.1's own example of every irregularity mark: the opening lead out of turn (^L) was made by the
    # wrong defender and "Declarer ^S" / "Result ^5" describe a declarer's partner who played the hand; the
    # Result is not the tricks of the recorded play, so the engine's count (6 with 7 to play) cannot reach it.
    ("pbn-spec/timheilman-tests/reference_impl_tests/correct_10.pbn", 2): "declarer has 6 tricks",
}


def _check(table: Table, record: DealRecord, where: str) -> None:
    assert table.phase in (Phase.ENDED, Phase.CLARIFICATION, Phase.PLAY), f"{where}: {table.phase}"
    assert table.contract == record.contract, where
    if record.passed_out:
        assert table.phase is Phase.ENDED and table.score_ns() == 0, where
    if record.tricks is not None:
        assert table.phase is Phase.ENDED, where
        assert table.declarer_tricks == record.tricks, where
        assert table.score_ns() == record.score_ns(), where


@pytest.mark.parametrize("rel", LIN_FILES)
def test_every_lin_board_replays_through_the_engine(oracles: Path, rel: str) -> None:
    records = read_lin((oracles / rel).read_text(encoding="utf-8"), source=rel)
    replayed = 0
    for k, record in enumerate(records):
        if not isinstance(record.deal, Deal) or record.calls is None:
            continue
        table = table_from_record(record)
        _check(table, record, f"{rel} board {k + 1}")
        replayed += 1
    assert replayed >= 1


def _replayable(game: PBNGame) -> bool:
    record = game.record
    auction = game.auction
    return (isinstance(record.deal, Deal) and record.calls is not None and not game.errors
            and auction is not None)


@pytest.mark.parametrize("rel", PBN_FILES)
def test_every_pbn_game_with_an_auction_replays_through_the_engine(oracles: Path, rel: str) -> None:
    games = list(read_games((oracles / rel).read_bytes(), source=rel))
    replayed = 0
    for k, game in enumerate(games):
        if not _replayable(game):
            continue
        record = game.record
        reason = CANNOT_REPLAY.get((rel, k))
        if reason is not None:
            with pytest.raises(RecordReplayError, match=reason):
                table_from_record(record)
            continue
        table = table_from_record(record)
        where = f"{rel} game {k + 1} (board {record.number})"
        assert game.auction is not None
        if game.auction.complete:
            _check(table, record, where)
        else:  # the file stops during the auction ('*' or '+'): the engine waits for the next call
            assert table.phase is Phase.AUCTION and len(table.calls) == len(record.calls or ()), where
        replayed += 1
    if not Path(rel).name.startswith("errors_"):  # the standard's error samples: every game has an error
        assert replayed + sum(1 for (r, _) in CANNOT_REPLAY if r == rel) >= 1


def test_replayed_oracle_boards_round_trip_through_the_log_and_the_pbn_projection(oracles: Path) -> None:
    """A sample of real boards: the JSON log reloads to the same table, and the PBN projection reads back
    (with Tenace's PBN reader) to the same auction, contract, play and result."""
    checked = 0
    for rel in PBN_FILES[:6]:
        for game in read_games((oracles / rel).read_bytes(), source=rel):
            if not _replayable(game) or checked >= 40 or not (game.auction and game.auction.complete):
                continue
            try:
                table = table_from_record(game.record)
            except RecordReplayError:
                continue
            assert loads(dumps(table)) == table
            back = next(iter(read_games(to_pbn(table))))
            assert not back.errors, (rel, back.errors)
            assert [c.call for c in back.record.calls or ()] == [c.call for c in game.record.calls or ()]
            assert back.record.contract == game.record.contract
            assert back.record.play == (table.play.cards if table.play is not None else ())
            if game.record.tricks is not None:
                assert back.record.tricks == game.record.tricks
            checked += 1
    assert checked >= 20
