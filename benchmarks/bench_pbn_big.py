"""Big PBN files (issue 15): time and peak memory of the reader and of the commands that read PBN, on a
generated file of about 50 MB, and on hostile files of 10^6 tags, passes and play lines; with --lin the same
for a LIN file of that size (iter_lin, pbn check), with --scored ``rescore`` on a PBN file of that size with a
Score tag in every game.

The 50 MB file repeats the real games of the oracle files (PbnTools' tournaments, with auctions and play),
renumbered, until it reaches the size asked. Each command runs in its own process, so its peak resident
memory (``ru_maxrss``) is its own; the reader alone is also timed at a quarter and at the full size, to show
that the time grows linearly.

CPU time is shown beside the wall time: on a shared machine the wall time says more about the neighbours.

Run on demand, not as a test:  nice .venv/bin/python benchmarks/bench_pbn_big.py [--mb 50] [--commands ...]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

ORACLES = Path(__file__).resolve().parents[2] / "shared" / "oracles"
REAL = ORACLES / "pbntools-real-tournaments"
PYTHON = sys.executable
COMMANDS = {
    "read_games": [PYTHON, "-c", "import sys\nfrom pathlib import Path\n"
                   "from tenace.formats.pbn import read_games\n"
                   "print(sum(1 for _ in read_games(Path(sys.argv[1]))))", "{file}"],
    "pbn check": [PYTHON, "-m", "tenace", "pbn", "check", "{file}"],
    "pbn convert (json)": [PYTHON, "-m", "tenace", "pbn", "convert", "{file}", "-o", "{out}.json"],
    "pbn convert (pbn)": [PYTHON, "-m", "tenace", "pbn", "convert", "{file}", "-o", "{out}.pbn"],
    "rule --board 7": [PYTHON, "-m", "tenace", "rule", "{file}", "--board", "7"],
    "rescore": [PYTHON, "-m", "tenace", "rescore", "{file}"],
}
LIN_COMMANDS = {
    "iter_lin": [PYTHON, "-c", "import sys\nfrom pathlib import Path\n"
                 "from tenace.formats.lin import iter_lin\n"
                 "print(sum(1 for _ in iter_lin(Path(sys.argv[1]), report=lambda p: None)))", "{file}"],
    "pbn check (lin)": [PYTHON, "-m", "tenace", "pbn", "check", "{file}"],
}
SCORED_COMMANDS = {"rescore (Score tags)": [PYTHON, "-m", "tenace", "rescore", "{file}"]}
T = TypeVar("T")


def _real_chunks() -> list[str]:
    """The text of every game of the real oracle PBN files, without the blank lines around it."""
    games: list[str] = []
    for source in sorted(REAL.rglob("*.pbn")):
        text = source.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
        games += [g.strip("\n") for g in re.split(r"\n\s*\n", text) if '[Deal "' in g]
    return games


def _repeat(path: Path, megabytes: float, items: Sequence[T], render: Callable[[T, int], str]) -> int:
    """Write ``render(item, n)`` for the items again and again (``n`` counting from 1) until the file holds
    ``megabytes``, a piece at a time; returns how many were written."""
    target = int(megabytes * 1_000_000)
    written = count = 0
    with path.open("w", encoding="utf-8") as out:
        while written < target:
            for item in items:
                count += 1
                piece = render(item, count)
                out.write(piece)
                written += len(piece.encode("utf-8"))
                if written >= target:
                    break
    return count


def _renumbered(game: str, number: int) -> str:
    return re.sub(r'\[Board "[^"]*"\]', f'[Board "{number}"]', game) + "\n\n"


def make_big_lin(path: Path, megabytes: float) -> int:
    """The real games again and again as LIN (one board a line, renumbered), up to ``megabytes``; written a
    board at a time."""
    from tenace.formats.lin import write_lin
    from tenace.formats.pbn import read_games

    records = [g.record for source in sorted(REAL.rglob("*.pbn")) for g in read_games(source)
               if g.record.deal is not None]
    return _repeat(path, megabytes, records, lambda record, n: write_lin(replace(record, number=n)) + "\n")


def make_big_scored(path: Path, megabytes: float) -> int:
    """The real games with a ``Score`` tag each (what BBO Helper writes: one table's result per game), for
    ``rescore``; the Law 77 score of each game, so every line agrees."""
    from tenace.formats.pbn import read_games

    games: list[str] = []
    for chunk in _real_chunks():
        game = next(read_games(chunk), None)
        points = game.record.score_ns() if game is not None else None
        if points is not None:
            games.append(chunk + f'\n[Score "NS {points}"]')
    return _repeat(path, megabytes, games, lambda game, n: _renumbered(game, (n - 1) % 32 + 1))


def make_big(path: Path, megabytes: float) -> int:
    """Write real games again and again, renumbered, up to ``megabytes``; returns the number of games."""
    return _repeat(path, megabytes, _real_chunks(), _renumbered)


def hostile(path: Path, kind: str, n: int) -> None:
    """One game of ``n`` tags, passes or play lines, written a line at a time (a child process's peak memory
    starts from its parent's size on Linux, so the parent stays small)."""
    with path.open("w", encoding="utf-8") as out:
        if kind == "tags":
            out.write('[Board "1"]\n')
            for i in range(n):
                out.write(f'[Private{i} "x"]\n')
        elif kind == "passes":
            out.write('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n')
            for _ in range(n // 4):
                out.write("Pass Pass Pass Pass\n")
        else:
            out.write('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 '
                      '2.5432.5432.5432"]\n[Declarer "N"]\n[Contract "7NT"]\n[Play "E"]\n')
            for _ in range(n):
                out.write("- - - -\n")


def run(label: str, argv: list[str], src: str | None = None) -> None:
    env = {**os.environ, "PYTHONPATH": src} if src else None
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(argv, stdout=sink, stderr=sink, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    code = os.waitstatus_to_exitcode(status)
    print(f"  {label:<22} CPU {cpu:7.1f} s (wall {seconds:7.1f} s)   peak {usage.ru_maxrss / 1024:6.0f} MB   "
          f"exit {code}", flush=True)


def _made(path: Path, kind: str, megabytes: float) -> int:
    """A generated file, written by a child process (the generators import Tenace: the parent stays small,
    as a child's peak memory may start from its parent's size)."""
    done = subprocess.run([PYTHON, __file__, "--make", kind, str(path), "--mb", str(megabytes)],
                          check=True, capture_output=True, text=True)
    return int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--make", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    parser.add_argument("--mb", type=float, default=50.0, help="size of the generated file")
    parser.add_argument("--commands", nargs="*", default=list(COMMANDS), help="which commands to run")
    parser.add_argument("--hostile", type=int, default=1_000_000, help="items in the hostile files (0: none)")
    parser.add_argument("--src", help="run the commands with this source folder first on the path (e.g. an "
                        "older revision's src, from git archive), to compare")
    parser.add_argument("--quarter", action="store_true",
                        help="also time the reader on a quarter of the size (linear time)")
    parser.add_argument("--lin", action="store_true", help="also a LIN file of the same size (iter_lin, pbn "
                        "check)")
    parser.add_argument("--scored", action="store_true", help="also a PBN file of the same size with a Score "
                        "tag in every game (rescore)")
    args = parser.parse_args()
    if args.make:
        kind, target = args.make
        print((make_big_lin if kind == "lin" else make_big_scored)(Path(target), args.mb))
        return
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for fraction in (0.25, 1.0) if args.quarter else (1.0,):
            big = tmp / f"big{fraction}.pbn"
            games = make_big(big, args.mb * fraction)
            print(f"{big.stat().st_size / 1e6:.1f} MB, {games:,} games:", flush=True)
            for name in args.commands if fraction == 1.0 else ["read_games"]:
                argv = [a.format(file=big, out=tmp / "out") for a in COMMANDS[name]]
                run(name, argv, args.src)
        if args.lin:
            big = tmp / "big.lin"
            boards = _made(big, "lin", args.mb)
            print(f"{big.stat().st_size / 1e6:.1f} MB of LIN, {boards:,} boards:", flush=True)
            for name, argv in LIN_COMMANDS.items():
                run(name, [a.format(file=big) for a in argv], args.src)
            big.unlink()
        if args.scored:
            big = tmp / "scored.pbn"
            games = _made(big, "scored", args.mb)
            print(f"{big.stat().st_size / 1e6:.1f} MB of PBN with Score tags, {games:,} games:", flush=True)
            for name, argv in SCORED_COMMANDS.items():
                run(name, [a.format(file=big) for a in argv], args.src)
            big.unlink()
        for kind in ("tags", "passes", "play lines") if args.hostile else ():
            path = tmp / f"{kind.replace(' ', '_')}.pbn"
            hostile(path, kind, args.hostile)
            print(f"{args.hostile:,} {kind} in one game ({path.stat().st_size / 1e6:.1f} MB):", flush=True)
            for name in ("read_games", "pbn check"):
                run(name, [a.format(file=path, out=tmp / "out") for a in COMMANDS[name]], args.src)


if __name__ == "__main__":
    main()
