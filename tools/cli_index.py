"""Write src/tenace/cli/_index.py: each ``tenace`` subcommand, the module and function that register it and
the first paragraph of its help, so that the top-level help needs no subcommand's module.

Run ``python tools/cli_index.py`` after adding a subcommand or changing the first paragraph of its help;
``--check`` (run by the tests) fails when the index is out of date.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INDEX = ROOT / "src" / "tenace" / "cli" / "_index.py"


def generate() -> str:
    from tenace.cli import REGISTRARS, load

    lines = [
        '"""Each ``tenace`` subcommand: (module, registering function, first paragraph of its help).',
        "",
        "Written by ``python tools/cli_index.py``; do not edit.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "TYPE_CHECKING = False  # not typing's: tenace.cli._fast answers without importing typing",
        "if TYPE_CHECKING:",
        "    from typing import Final",
        "",
        "COMMANDS: Final[dict[str, tuple[str, str, str]]] = {",
    ]
    for module, function in REGISTRARS:
        for name, command in load(module, function).items():
            text = inspect.cleandoc(command.help or "").split("\n\n")[0]
            lines.append(f"    {name!r}: ({module!r}, {function!r}, (")
            lines.extend(f"        {part!r}" for part in _pieces(text))
            lines.append("    )),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _pieces(text: str, width: int = 90) -> list[str]:
    """``text`` cut after spaces into pieces of about ``width`` characters (together, ``text`` again)."""
    out: list[str] = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width) + 1 or width
        out.append(text[:cut])
        text = text[cut:]
    return [*out, text]


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "src"))
    text = generate()
    if "--check" in argv:
        if INDEX.read_text(encoding="utf-8") != text:
            sys.stderr.write(f"{INDEX.relative_to(ROOT)} is out of date: run python tools/cli_index.py\n")
            return 1
        return 0
    INDEX.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
