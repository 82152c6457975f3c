"""Fuzz the PBN reader and writer (GUIDE §8.10).

Any input must give games with their problems (lenient), or a PBNError (strict); never another exception, and
never a hang. Whatever was read must be writable and readable again.

    python fuzz/fuzz_pbn.py                 # random PBN-like text, 20,000 cases
    python fuzz/fuzz_pbn.py 100000 7        # cases, seed
    python fuzz/fuzz_pbn.py -atheris ...    # coverage-guided, if the atheris package is installed
"""

from __future__ import annotations

import random
import sys

from tenace.errors import PBNError
from tenace.formats.pbn import read_games, write_games

FRAGMENTS = [
    "[", "]", '"', "{", "}", ";", "%", "\n", "\n\n", "\r\n", " ", "\t", "\\", "#", "##", "=1=", "=33=", "$3",
    "$300", "!", "?", "!!", "^I", "^S", "^R", "^L", "*", "+", "-", "AP", "Pass", "X", "XX", "1NT", "7S", "1N",
    "SA", "HT", "C2", "S10", "N", "E", "S", "W", "Board", "Dealer", "Vulnerable", "Deal", "Declarer",
    "Contract", "Result", "Auction", "Play", "Note", "Score", "ScoreTable", "OptimumResultTable",
    "DoubleDummyTricks", "Ability", "ParContract", "ScoreRubberHistory", "Rank\\2R;Score_NS", "NS 620", "^9",
    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]',
    '[Deal "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"]', '[Dealer "N"]', '[Contract "3NT"]', '[Contract "H"]',
    '[Declarer "^S"]', '[Auction "N"]', '[Play "W"]', '[Note "1:x"]', '[Result "NS 9 EW 4"]',
    '[DoubleDummyTricks "7879a7879a5564355643"]', '[Event "##x"]', '[Event "#"]', "\x0c", "é", "\x85",
]


def check(data: bytes | str) -> None:
    games = list(read_games(data, source="fuzz"))
    for game in games:
        repr(game.record)
        for problem in game.problems:
            str(problem)
    again = list(read_games(write_games(games)))
    assert len(again) == len(games)
    for a, b in zip(games, again, strict=True):
        assert a.record.deal == b.record.deal and a.record.calls == b.record.calls
        assert a.record.play == b.record.play
    try:
        list(read_games(data, strict=True))
    except PBNError:
        pass


def main(argv: list[str]) -> None:
    if argv and argv[0] == "-atheris":
        import atheris  # type: ignore[import-not-found]

        atheris.Setup([sys.argv[0], *argv[1:]], check)
        atheris.Fuzz()
        return
    cases = int(argv[0]) if argv else 20_000
    rng = random.Random(int(argv[1]) if len(argv) > 1 else 0)
    for i in range(cases):
        text = "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(0, 120)))
        try:
            check(text if i % 2 else text.encode("utf-8", errors="replace"))
        except Exception:
            sys.stderr.write(f"case {i} failed: {text!r}\n")
            raise
    sys.stdout.write(f"{cases} cases, no failure\n")


if __name__ == "__main__":
    main(sys.argv[1:])
