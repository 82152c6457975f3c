"""A big USEBIO results file (issue 15): time and peak memory of reading it, and of ``tenace rescore``, the
new way (the XML read a piece at a time, each board's elements dropped once it is typed) side by side with
the old way (the whole element tree built first, from the bytes read whole).

The file repeats the boards (traveller lines) and hand records of the Compscore oracle file
``mp_pairs_mitchell.xml``, renumbered, until it reaches the size asked. The old way is the reader of a
revision given with ``--old`` (default ``HEAD``: run this before committing a change to compare with it),
taken with ``git show`` and loaded under another name. Each command runs in its own process, so its peak
resident memory (``ru_maxrss``) is its own; CPU time is shown beside the wall time.

Run on demand, not as a test:  nice .venv/bin/python benchmarks/bench_usebio_results.py [--mb 20] [--old REV]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORACLE = ROOT.parent / "shared" / "oracles" / "usebio-abf-compscore" / "mp_pairs_mitchell.xml"
PYTHON = sys.executable

_LOAD_OLD = (
    "import importlib.util, sys\n"
    "spec = importlib.util.spec_from_file_location('usebio_old', sys.argv[2])\n"
    "old = importlib.util.module_from_spec(spec); sys.modules['usebio_old'] = old\n"
    "spec.loader.exec_module(old)\n"
)
# "rescore, old" gives the rescore module the old reader and the old reader's own EventType and errors: with
# the new module's EventType, `event.event_type is EventType.MP_PAIRS` would be false for the old reader's
# events and the old run would take the cross-IMP path (a first run compared that, not like with like)
COMMANDS = {
    "read, old (whole tree)": [PYTHON, "-c", _LOAD_OLD + "data = open(sys.argv[1], 'rb').read()\n"
                               "e = old.parse_usebio(data, source=sys.argv[1])\n"
                               "print(sum(len(b.lines) for b in e.boards))", "{file}", "{old}"],
    "read, new (streamed)": [PYTHON, "-c", "import sys\nfrom tenace.formats.usebio import read_usebio\n"
                             "e = read_usebio(sys.argv[1])\nprint(sum(len(b.lines) for b in e.boards))",
                             "{file}", "{old}"],
    "rescore, old": [PYTHON, "-c", _LOAD_OLD + "import tenace.tournament.rescore.usebio as r\n"
                     "from tenace.tournament.rescore import rescore_text\n"
                     "r.parse_usebio = old.parse_usebio\n"
                     "for name in ('EventType', 'UnsupportedEventError', 'USEBIOError'):\n"
                     "    setattr(r, name, getattr(old, name))\n"
                     "print(rescore_text(open(sys.argv[1], 'rb').read(), source=sys.argv[1]).exit_code)",
                     "{file}", "{old}"],
    "rescore, new": [PYTHON, "-c", "import sys\nfrom tenace.tournament.rescore import rescore_file\n"
                     "print(rescore_file(sys.argv[1]).exit_code)", "{file}", "{old}"],
}


def make_big(path: Path, megabytes: float) -> tuple[int, int]:
    """The oracle file with its boards and hand records repeated, renumbered, to about ``megabytes``; the
    number of boards and of traveller lines."""
    text = ORACLE.read_text(encoding="utf-8")
    event_end = text.index("</EVENT>")
    handset_start = text.index("<HANDSET>")
    first_board = text.index("<BOARD")
    boards = re.findall(r"<BOARD[ >].*?</BOARD>", text[first_board:event_end], re.DOTALL)
    hands = re.findall(r"<BOARD[ >].*?</BOARD>", text[handset_start:], re.DOTALL)
    target = int(megabytes * 1e6)
    number = lines = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(text[:first_board])
        written = first_board
        while written < target * 0.8:
            board = boards[number % len(boards)]
            number += 1
            piece = _renumbered(board, number)
            lines += piece.count("<TRAVELLER_LINE>")
            out.write(piece + "\n")
            written += len(piece) + 1
        out.write(text[event_end:handset_start] + "<HANDSET>\n")
        for k in range(1, number + 1):
            hand = hands[(k - 1) % len(hands)]
            out.write(_renumbered(hand, k) + "\n")
        out.write("</HANDSET>\n</USEBIO>\n")
    return number, lines


def _renumbered(board: str, number: int) -> str:
    return re.sub(r"<BOARD_NUMBER>\d+</BOARD_NUMBER>", f"<BOARD_NUMBER>{number}</BOARD_NUMBER>", board)


def run(label: str, argv: list[str], src: Path | None = None) -> None:
    """Run ``argv`` in a process of its own (with ``src`` first on its path, if given) and print its CPU time,
    wall time and peak memory."""
    env = None if src is None else {**os.environ, "PYTHONPATH": str(src)}
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(argv, stdout=sink, stderr=sink, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    code = os.waitstatus_to_exitcode(status)
    print(f"  {label:<24} CPU {cpu:7.1f} s (wall {seconds:7.1f} s)   peak {usage.ru_maxrss / 1024:6.0f} MB   "
          f"exit {code}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=20.0, help="size of the generated file")
    parser.add_argument("--old", default="HEAD", help="the revision whose USEBIO reader is the old way")
    parser.add_argument("--commands", nargs="*", default=list(COMMANDS), help="which commands to run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        old = tmp / "usebio_old.py"
        revision = f"{args.old}:src/tenace/formats/usebio.py"
        old.write_bytes(subprocess.run(["git", "-C", str(ROOT), "show", revision],
                                       check=True, capture_output=True).stdout)
        big = tmp / "big.xml"
        boards, lines = make_big(big, args.mb)
        print(f"{big.stat().st_size / 1e6:.1f} MB of USEBIO, {boards:,} boards, {lines:,} traveller lines "
              f"(old reader: {args.old}):", flush=True)
        for name in args.commands:
            run(name, [a.format(file=big, old=old) for a in COMMANDS[name]])


if __name__ == "__main__":
    main()
