"""How long the ``tenace`` command takes to start, side by side with Python itself (issue 16).

Run: ``.venv/bin/python benchmarks/bench_cli_start.py [--runs 20] [--old OLD/src] [--source]``

Each round runs ``python -c pass`` and each ``tenace`` command below once, interleaved, so that the machine's
load falls on all alike; it prints the median wall time of each and its ratio to ``python -c pass``, and the
median processor time (user and system) of each, which a busy machine inflates less. The
commands run as a user runs them: the installed ``tenace`` script next to this Python (``python -m tenace``
if there is none). ``--old DIR`` also runs each ``tenace`` command with ``PYTHONPATH=DIR`` (another tree's
``src``, e.g. from ``git archive``) in the same rounds, for a before/after.

Python reads each module's bytecode from a cache, as in an installed copy: a fresh folder (so that no tree
gets ``__pycache__`` folders) filled by one untimed round, even when ``PYTHONDONTWRITEBYTECODE`` is set.
``--source`` runs every command with ``PYTHONDONTWRITEBYTECODE=1`` and no cache folder instead, so that
Tenace's modules are compiled at each run (unless their tree has ``__pycache__`` folders of its own).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ARGUMENTS = {
    "tenace --help": ["--help"],
    "tenace score 4SX -2 --by N --vul NS": ["score", "4SX", "-2", "--by", "N", "--vul", "NS"],
    "tenace score 3NTS 10 --board 7 --json": ["score", "3NTS", "10", "--board", "7", "--json"],
    "tenace imps 470": ["imps", "470"],
    "tenace vp 23": ["vp", "23"],
}


def tenace_command() -> list[str]:
    """The installed ``tenace`` script beside this interpreter, else ``python -m tenace``."""
    script = os.path.join(os.path.dirname(sys.executable), "tenace")
    return [script] if os.path.exists(script) else [sys.executable, "-m", "tenace"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--old", help="another tree's src directory, run side by side")
    parser.add_argument("--source", action="store_true", help="compile Tenace's modules at each run")
    args = parser.parse_args()
    cache = tempfile.mkdtemp(prefix="bench_cli_start_")
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env.update({"PYTHONDONTWRITEBYTECODE": "1"} if args.source else {"PYTHONPYCACHEPREFIX": cache})
    runs: dict[str, tuple[list[str], dict[str, str]]] = {
        "python -c pass": ([sys.executable, "-c", "pass"], env)}
    runs.update({label: ([*tenace_command(), *argv], env) for label, argv in ARGUMENTS.items()})
    if args.old:
        runs.update({f"{label} (old)": ([*tenace_command(), *argv], {**env, "PYTHONPATH": args.old})
                     for label, argv in ARGUMENTS.items()})
    try:
        for command, run_env in runs.values():  # fills the bytecode cache (the standard library's too)
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=run_env)
        times: dict[str, list[float]] = {label: [] for label in runs}
        cpu: dict[str, list[float]] = {label: [] for label in runs}
        for _ in range(args.runs):
            for label, (command, run_env) in runs.items():
                before = _children_cpu()
                start = time.perf_counter()
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=run_env)
                times[label].append(time.perf_counter() - start)
                cpu[label].append(_children_cpu() - before)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    base = statistics.median(times["python -c pass"])
    cpu_base = statistics.median(cpu["python -c pass"])
    print(f"{'':<46} {'wall':>8}  {'ratio':>6}  {'cpu':>8}  {'ratio':>6}")  # noqa: T201
    for label, values in times.items():
        median, used = statistics.median(values), statistics.median(cpu[label])
        print(f"{label:<46} {median * 1000:5.1f} ms  {median / base:5.1f}x  "  # noqa: T201
              f"{used * 1000:5.1f} ms  {used / cpu_base:5.1f}x")


def _children_cpu() -> float:
    """Processor time (user and system) used so far by the finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
