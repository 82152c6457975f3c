"""Every BBO LIN file in the oracle data: it reads, its auction is lawful and its play legal, the claim or the
play gives the Result that PbnTools wrote in the PBN beside it, and LIN and JSON round trips lose nothing.

The PBN files are read here with a few regular expressions (tags, Auction and Play sections), independently
of Tenace's PBN reader, so that the two readers never vouch for each other.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tenace import Contract, Deal, Seat, parse_call
from tenace.formats import json as tjson
from tenace.formats.lin import parse_lin, tokenize, write_lin
from tenace.record import DealRecord

_ORACLE_ROOT = Path(__file__).resolve().parents[2].parent / "shared" / "oracles"
"""Only used to list the files at collection time; the tests read them through the ``oracles`` fixture."""
LIN_FILES = sorted(str(p.relative_to(_ORACLE_ROOT)) for p in _ORACLE_ROOT.rglob("*.lin")) \
    if _ORACLE_ROOT.is_dir() else []


def _read_lin(oracles: Path, rel: str) -> DealRecord:
    return parse_lin((oracles / rel).read_text(encoding="utf-8"), source=rel, strict=True)


def _pbn_games(path: Path) -> list[str]:
    return [g for g in re.split(r"\n\s*\n", path.read_text(encoding="latin-1")) if "[" in g]


def _tags(game: str) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, flags=re.MULTILINE))


def _section(game: str, tag: str) -> list[str]:
    """The whitespace-separated items of a PBN section (the lines after the tag, up to the next tag)."""
    match = re.search(rf'^\[{tag} "[^"]*"\]\s*\n(.*?)(?=^\[|\Z)', game, flags=re.MULTILINE | re.DOTALL)
    return match.group(1).split() if match else []


def _pbn_game_for(oracles: Path, rel: str) -> str | None:
    """The game of the PBN file(s) in the LIN's folder or its parent whose DealId names this LIN file."""
    lin = oracles / rel
    name = lin.name
    for folder in (lin.parent, lin.parent.parent):
        for pbn in sorted(folder.glob("*.pbn")):
            for game in _pbn_games(pbn):
                if _tags(game).get("DealId") == name:
                    return game
    return None


def _plain(text: str) -> str:
    """Explanations as PbnTools copied them: older versions dropped BBO's ``!`` before suit letters."""
    return re.sub(r"!([SHDC])", r"\1", text)


# LIN files with the PBN that PbnTools wrote from them (the two in bbo/ have none; they are checked against
# BBO's own history pages below).
PAIRED = [rel for rel in LIN_FILES if _pbn_game_for(_ORACLE_ROOT, rel) is not None]
PAIRED_WITH_PLAY = [rel for rel in PAIRED if "[Play " in (_pbn_game_for(_ORACLE_ROOT, rel) or "")]


def test_the_oracle_lin_files_are_there(oracles: Path) -> None:
    assert len(LIN_FILES) >= 40
    assert all((oracles / rel).is_file() for rel in LIN_FILES)
    assert len(PAIRED) == len(LIN_FILES) - 2 and len(PAIRED_WITH_PLAY) >= 40


@pytest.mark.parametrize("rel", LIN_FILES)
def test_lin_imports_with_a_lawful_auction_and_a_legal_play(oracles: Path, rel: str) -> None:
    record = _read_lin(oracles, rel)
    assert isinstance(record.deal, Deal)
    assert record.number is not None and record.dealer is not None and record.vulnerability is not None
    auction = record.auction()  # raises IllegalCallError if unlawful (Laws 18-19)
    assert auction is not None and auction.is_complete
    assert record.contract == auction.contract()
    play = record.replay()  # raises IllegalPlayError if a card breaks Law 44
    assert play is not None and play.cards == record.play
    if play.is_complete:
        assert record.tricks == play.declarer_tricks


@pytest.mark.parametrize("rel", PAIRED)
def test_lin_agrees_with_the_pbn_written_from_it(oracles: Path, rel: str) -> None:
    game = _pbn_game_for(oracles, rel)
    assert game is not None
    tags = _tags(game)
    record = _read_lin(oracles, rel)
    assert record.deal == Deal.from_pbn(tags["Deal"])
    assert str(record.number) == tags["Board"]
    assert record.dealer is Seat.from_str(tags["Dealer"])
    # PbnTools names BBO's robots (``~~M36094``) "GiB".
    robots = tuple("GiB" if name and name.startswith("~~") else name for name in record.players)
    assert robots == tuple(tags[name] for name in ("North", "East", "South", "West"))
    # The auction, call by call, with the explanations PbnTools turned into notes.
    notes = dict(re.findall(r'^\[Note "(\d+):(.*)"\]', game, flags=re.MULTILINE))
    items = _section(game, "Auction")
    pbn_calls = [parse_call(item) for item in items if not item.startswith("=")]
    assert record.calls is not None
    assert [c.call for c in record.calls] == pbn_calls
    explained: list[str | None] = []
    for item in items:
        if item.startswith("="):
            explained[-1] = _plain(notes[item.strip("=")])
        else:
            explained.append(None)
    assert [None if c.explanation is None else _plain(c.explanation) for c in record.calls] == explained
    # Contract, declarer and result; the claim (mc) is the Result whenever there is one.
    if "Contract" not in tags:
        assert record.tricks is None  # an unfinished board: PbnTools wrote no result either
        return
    assert record.contract == Contract.from_str(tags["Contract"], Seat.from_str(tags["Declarer"]))
    assert record.tricks == int(tags["Result"])
    if record.claim is not None:
        assert record.claim == int(tags["Result"])


@pytest.mark.parametrize("rel", PAIRED_WITH_PLAY)
def test_lin_play_agrees_with_the_pbn_play_section(oracles: Path, rel: str) -> None:
    """PBN lists the play by seat columns from the opening leader (PBN 2.1 §3.6): recompute who played
    what from the LIN order and compare column by column."""
    game = _pbn_game_for(oracles, rel)
    assert game is not None and "[Play " in game
    record = _read_lin(oracles, rel)
    first = Seat.from_str(re.search(r'^\[Play "(\w)"\]', game, flags=re.MULTILINE).group(1))  # type: ignore[union-attr]
    items = _section(game, "Play")
    rows = [items[i:i + 4] for i in range(0, len(items), 4)]
    play = record.replay()
    assert play is not None
    assert first is play.leader
    tricks = [*play.tricks, play.current_trick] if play.current_trick.cards else list(play.tricks)
    for number, row in enumerate(rows):
        by_seat = dict(tricks[number]) if number < len(tricks) else {}
        for column, item in enumerate(row):
            seat = first.rotate(column)
            played = by_seat.get(seat)
            assert (item == "-") == (played is None), f"trick {number + 1}, {seat.name}"
            if played is not None:
                assert str(played) == item, f"trick {number + 1}, {seat.name}"


def _history_rows(page: str) -> dict[str, dict[str, str]]:
    """Rows of a BBO 'myhands' history page, by the LIN id in the Movie link."""
    rows = {}
    for row in re.findall(r'<tr class="mbc">(.*?)</tr>', page, flags=re.DOTALL):
        cells = dict(re.findall(r'<td class="(\w+)">(.*?)</td>', row, flags=re.DOTALL))
        lin_id = re.search(r"myhand=M-(\d+)-", row)
        if lin_id is not None:
            cells["score"] = re.findall(r'<td class="(?:neg)?score">(.*?)</td>', row)[0]  # points, then IMPs
            rows[lin_id.group(1)] = cells
    return rows


@pytest.mark.parametrize("folder", ["pbntools-real-tournaments/bbo",
                                    "pbntools-real-tournaments/test_bbo_history_with_lins"])
def test_lin_agrees_with_the_bbo_hand_history_page(oracles: Path, folder: str) -> None:
    """BBO's own page gives, per hand, the players, a result such as ``3♣N=`` or ``3NS+1`` and NS's score."""
    page = next((oracles / folder).glob("*.html")).read_text(encoding="utf-8")
    rows = _history_rows(page)
    assert rows
    for lin_id, cells in rows.items():
        record = parse_lin((oracles / folder / f"{lin_id}.lin").read_text(encoding="utf-8"))
        result = html.unescape(re.sub(r"<[^>]+>", "", cells["result"])).strip()
        match = re.fullmatch(r"([1-7])(N|♣|♦|♥|♠)([NESW])([=+-]\d*)", result)
        assert match is not None, result
        level, denom, declarer, over = match.groups()
        assert record.contract is not None
        assert record.contract.level == int(level)
        assert record.contract.denomination.symbol.startswith(denom)
        assert record.contract.declarer is Seat.from_str(declarer)
        assert record.tricks == 6 + int(level) + (0 if over == "=" else int(over))
        assert record.score_ns() == int(cells["score"])
        assert [record.players[s.index] for s in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)] == [
            cells["north"], cells["south"], cells["east"], cells["west"]]


@pytest.mark.parametrize("rel", LIN_FILES)
def test_lin_round_trip(oracles: Path, rel: str) -> None:
    text = (oracles / rel).read_text(encoding="utf-8")
    record = parse_lin(text)
    written = write_lin(record)
    assert parse_lin(written) == record
    # Apart from page breaks (pg), the writer gives back BBO's own token stream, token for token.
    def stream(t: str) -> list[tuple[str, str]]:
        return [(tok.key, tok.value) for tok in tokenize(t) if tok.key != "pg"]
    assert stream(written) == stream(text)


@pytest.mark.parametrize("rel", LIN_FILES)
def test_json_round_trip_of_lin_boards(oracles: Path, rel: str) -> None:
    record = _read_lin(oracles, rel)
    assert tjson.from_json(tjson.to_json(record)) == record
    assert tjson.loads(tjson.dumps(record)) == record


def test_json_document_of_all_lin_boards(oracles: Path) -> None:
    records = [_read_lin(oracles, rel) for rel in LIN_FILES]
    assert tjson.loads_records(tjson.dumps_records(records)) == records
