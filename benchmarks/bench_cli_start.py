"""How long the ``tenace`` command takes to start, side by side with Python itself (issue 16).

Run: ``.venv/bin/python benchmarks/bench_cli_start.py [--runs 20] [--old OLD/src]``

Each round runs ``python -c pass``, ``tenace --help``, ``tenace score 4SX -2 --by N --vul NS`` and
``tenace imps 470`` once, interleaved, so that the machine's load falls on all alike; it prints the median
wall time of each and its ratio to ``python -c pass``. ``--old DIR`` also runs each ``tenace`` command with
``PYTHONPATH=DIR`` (another tree's ``src``, e.g. from ``git archive``) in the same rounds, for a before/after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "tenace --help": [sys.executable, "-m", "tenace", "--help"],
    "tenace score 4SX -2 --by N --vul NS": [sys.executable, "-m", "tenace", "score", "4SX", "-2", "--by", "N",
                                            "--vul", "NS"],
    "tenace imps 470": [sys.executable, "-m", "tenace", "imps", "470"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--old", help="another tree's src directory, run side by side")
    args = parser.parse_args()
    runs: dict[str, tuple[list[str], dict[str, str] | None]] = {
        label: (command, None) for label, command in COMMANDS.items()}
    if args.old:
        old = {**os.environ, "PYTHONPATH": args.old}
        runs.update({f"{label} (old)": (command, old) for label, command in COMMANDS.items()
                     if label != "python -c pass"})
    times: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(args.runs):
        for label, (command, env) in runs.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            times[label].append(time.perf_counter() - start)
    base = statistics.median(times["python -c pass"])
    for label, values in times.items():
        median = statistics.median(values)
        print(f"{label:<46} {median * 1000:8.1f} ms  {median / base:5.1f}x")  # noqa: T201


if __name__ == "__main__":
    main()
