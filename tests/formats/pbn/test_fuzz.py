"""Fuzzing the reader (GUIDE §8.10): whatever the input, the lenient reader returns games with their problems
and never raises; the strict reader raises only :class:`PBNError`; whatever was read can be written, printed
and read again."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenace import PBNError
from tenace.formats.pbn import read_games, write_games

FRAGMENTS = st.sampled_from([
    "[", "]", '"', "{", "}", ";", "%", "\n", "\n\n", " ", "\t", "\\", "#", "##", "=1=", "$3", "!", "?", "^I",
    "^S", "^R", "^L", "*", "+", "-", "AP", "Pass", "X", "XX", "1NT", "7S", "SA", "HT", "C2", "N", "E", "S",
    "W", "Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Auction", "Play", "Note",
    "Score", "ScoreTable", "OptimumResultTable", "DoubleDummyTricks", "Rank\\2R;Score_NS", "NS 620",
    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]',
    '[Deal "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"]', '[Dealer "N"]', '[Contract "3NT"]',
    '[Declarer "S"]', '[Auction "N"]', '[Play "W"]', '[Note "1:x"]', '[Result "9"]', "1:", "\x0c", "é",
])
TEXTS = st.lists(FRAGMENTS, max_size=60).map("".join)


def _exercise(text: str) -> None:
    games = list(read_games(text, source="fuzz"))
    for game in games:
        repr(game.record)
        str(game.record.deal) if game.record.deal is not None else None
        for problem in game.problems:
            assert problem.source == "fuzz" and problem.lineno is not None
            str(problem)
    again = list(read_games(write_games(games)))
    assert len(again) == len(games)
    for a, b in zip(games, again, strict=True):
        assert a.record.deal == b.record.deal and a.record.calls == b.record.calls
        assert a.record.play == b.record.play


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_pbn_like_text_never_crashes_the_reader_or_the_writer(text: str) -> None:
    _exercise(text)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_crash_the_reader(data: bytes) -> None:
    games = list(read_games(data))
    write_games(games)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_strict_mode_raises_only_pbn_errors(text: str) -> None:
    try:
        list(read_games(text, strict=True))
    except PBNError as exc:
        assert exc.lineno is not None
