"""Fuzz every CLI command that reads a file (issue 16): the cases of tests/cli/test_cli_fuzz.py, many more of
them and with a random seed each run. A case fails when the command raises, exits with another code than 0, 1
or 2, prints a traceback, says nothing when it fails, or changes its input file; the first failing case is
shrunk and printed, with the file it was given kept in the temporary folder.

    python fuzz/fuzz_cli.py                    # 500 cases per command
    python fuzz/fuzz_cli.py 5000 "pbn check"   # cases, and only the commands named
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.cli._hostile import SEEDS, mutate  # noqa: E402
from tests.cli.test_cli_fuzz import COMMANDS, _run  # noqa: E402


def fuzz(name: str, cases: int) -> None:
    make_args, suffixes = COMMANDS[name]
    folder = Path(tempfile.mkdtemp(prefix=f"fuzz-{name.replace(' ', '-')}-"))

    @settings(max_examples=cases, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def case(data: st.DataObject) -> None:
        suffix = data.draw(st.sampled_from(suffixes))
        path = folder / f"fuzz{suffix}"
        path.write_bytes(data.draw(mutate(SEEDS[suffix]())))
        _run(make_args(path, folder), path)

    case()
    sys.stdout.write(f"{name}: {cases} cases, no failure\n")


def main() -> int:
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    names = sys.argv[2:] or sorted(COMMANDS)
    unknown = [n for n in names if n not in COMMANDS]
    if unknown:
        sys.stderr.write(f"unknown command {unknown[0]!r}; known: {', '.join(sorted(COMMANDS))}\n")
        return 2
    for name in names:
        fuzz(name, cases)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
