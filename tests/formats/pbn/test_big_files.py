"""Big and hostile PBN files are read one game at a time in bounded memory, and a game with a flood of
problems keeps the first ones in detail and counts the rest (issue 15).

The sizes here keep the tests to a few seconds; ``benchmarks/bench_pbn_big.py`` runs the 50 MB figures.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

from pytest import MonkeyPatch

from tenace.formats.pbn import grammar, read_games, reader
from tenace.formats.pbn.problems import OMITTED, PROBLEMS_KEPT

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _play() -> list[str]:
    """North, declarer in 7NT, wins every trick: East leads a spade, then North cashes his winners; each
    other player follows suit with his first card of the suit, else discards his first card. Rows are in seat
    order from East, as the Play tag says."""
    hands = {seat: [s + r for s, holding in zip("SHDC", hand.split("."), strict=True) for r in holding]
             for seat, hand in zip("NESW", DEAL[2:].split(), strict=True)}
    leads = [("E", "S7")] + [("N", s + r) for s, ranks in zip("SHDC", ("AKQJ", "AKQ", "AKQ", "AKQ"),
                                                               strict=True) for r in ranks]
    leads = [leads[0]] + [lead for lead in leads[1:] if lead[1] != "SA"]
    rows = []
    for leader, card in leads:
        played = {leader: card}
        hands[leader].remove(card)
        for seat in "NESW":
            if seat not in played:
                pick = next((c for c in hands[seat] if c[0] == card[0]), hands[seat][0])
                hands[seat].remove(pick)
                played[seat] = pick
        rows.append(" ".join(played[seat] for seat in "ESWN"))
    return rows


PLAY = _play()


def _game(number: int) -> str:
    return "\n".join([
        '[Event "Big"]', f'[Board "{number}"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]',
        '[Declarer "N"]', '[Contract "7NT"]', '[Result "13"]', '[Auction "N"]', "7NT Pass Pass Pass",
        '[Play "E"]', *PLAY, "*", ""])


def _peak(read: Callable[[], object]) -> tuple[object, int]:
    tracemalloc.start()
    try:
        result = read()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _count(path: Path) -> tuple[int, int]:
    games = errors = 0
    for game in read_games(path):
        games += 1
        errors += sum(p.count for p in game.errors)
    return games, errors


def test_the_generated_game_is_valid() -> None:
    (game,) = read_games(_game(1))
    assert game.problems == () and game.record.tricks == 13 and len(game.record.play) == 52


def test_reading_a_file_four_times_as_big_takes_no_more_memory(tmp_path: Path,
                                                               monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "_BLOCK", 2048)  # files are read in blocks of lines: both files span many
    small, big = tmp_path / "small.pbn", tmp_path / "big.pbn"
    small.write_text("\n".join(_game(n) for n in range(1, 41)), encoding="utf-8")
    big.write_text("\n".join(_game(n) for n in range(1, 161)), encoding="utf-8")
    counted_small, peak_small = _peak(lambda: _count(small))
    counted_big, peak_big = _peak(lambda: _count(big))
    assert counted_small == (40, 0) and counted_big == (160, 0)
    assert peak_big < 1.5 * peak_small + 200_000, (peak_small, peak_big)


def test_a_flood_of_passes_keeps_the_first_problems_and_counts_the_rest(monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(grammar, "SECTION_KEPT", 4000)  # the real limit (100,000) in the benchmark
    calls = 4 * (grammar.SECTION_KEPT // 4 + 1000)  # more than are kept in one section
    text = '[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n' + "Pass Pass Pass Pass\n" * (calls // 4)
    (game,), peak = _peak(lambda: list(read_games(text)))
    assert peak < 20_000_000
    codes = [p.code for p in game.problems]
    assert codes.count("section-too-long") == 1 and codes[-1] == OMITTED
    assert len(game.problems) == PROBLEMS_KEPT + 1
    # every pass after the fourth (the auction is passed out) is a call after the end; those beyond the
    # section's limit are not read, and their number is in the section-too-long error
    (too_long,) = [p for p in game.problems if p.code == "section-too-long"]
    assert f"the last {calls - grammar.SECTION_KEPT:,}" in too_long.message
    assert sum(p.count for p in game.errors) == (grammar.SECTION_KEPT - 4) + 1


def test_a_game_of_too_many_tags_is_cut_with_one_error_naming_the_count(monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(grammar, "TAGS_KEPT", 500)
    extra = grammar.TAGS_KEPT + 700
    text = '[Board "1"]\n' + "".join(f'[Private{i} "x"]\n' for i in range(extra)) + '\n[Board "2"]\n'
    games = list(read_games(text))
    assert [g.record.number for g in games] == [1, 2]
    (error,) = games[0].errors
    assert error.code == "game-too-long" and f"the last {extra + 1 - grammar.TAGS_KEPT:,}" in error.message
    assert error.lineno == grammar.TAGS_KEPT + 1 and len(games[0].tags) == grammar.TAGS_KEPT


def test_a_play_of_thousands_of_tricks_is_cut_at_the_section_limit(monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setattr(grammar, "SECTION_KEPT", 4000)
    rows = grammar.SECTION_KEPT // 4 + 500
    text = _game(1).replace("*\n", "") + "\n".join(["- - - -"] * rows) + "\n"
    (game,), peak = _peak(lambda: list(read_games(text)))
    codes = {p.code for p in game.errors}
    assert codes == {"play-too-long", "section-too-long"} and peak < 20_000_000
    assert game.record.play == next(iter(read_games(_game(1)))).record.play
