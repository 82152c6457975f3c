"""Answers to the commonest ``tenace`` command lines without Typer or Rich (issue 16: a quick CLI).

``tenace``, ``tenace --help``, and ``tenace score`` / ``imps`` / ``vp`` with plain arguments are answered
here, from :mod:`tenace.cli._index` and the pure scoring code; importing Typer and Rich costs several times
as long as Python's own start. Anything this module does not recognise (a subcommand's help, an unknown or
repeated option, a value that does not parse, standard input) is left to the Typer application, so that
every message and exit code stays the one Typer gives: :func:`answer` returns ``None`` for those.
"""

from __future__ import annotations

import os
import sys

from tenace.cli._about import HELP
from tenace.cli._index import COMMANDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_NARROWEST = 60
"""Below this width, Rich shrinks the help's columns in ways not copied here: Typer draws the help."""


def answer(argv: list[str]) -> int | None:
    """Run ``tenace ARGV`` if it is one of the fast cases and return its exit code, else ``None``."""
    if sys.stdout is None:  # no standard output at all: Rich knows what to do
        return None
    try:
        return _answer(argv)
    except BrokenPipeError:  # the reader went away (``tenace ... | head``): exit 1, quietly, as Click does
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _answer(argv: list[str]) -> int | None:
    if not argv or argv == ["--help"]:
        return _top_help(trailing_blank=bool(argv), code=0 if argv else 2)
    handler = _HANDLERS.get(argv[0])
    if handler is None:
        return None
    try:
        return handler(argv[1:])
    except ValueError:
        return None  # Typer reads the command line again and reports the error in its own words


def program_name() -> str:
    """The name the usage line gives the command: ``tenace``, or ``python -m tenace`` (as Click finds it)."""
    path = sys.argv[0]
    package = getattr(sys.modules.get("__main__"), "__package__", None)
    if not package:
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = package if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def terminal_width() -> int:
    """The width Typer's Rich console would use: ``TERMINAL_WIDTH``, ``COLUMNS``, a terminal, else 80."""
    for variable in ("TERMINAL_WIDTH", "COLUMNS"):
        value = os.environ.get(variable, "")
        if value.isdigit():
            return int(value)
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns
        except OSError:
            continue
    return 80


def _count(text: str) -> bool:
    """Whether ``text`` is a number such as ``28`` (ASCII digits only, as ``int`` would read them)."""
    return text.isascii() and text.isdigit()


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number such as ``470``, ``+5`` or ``-100``."""
    return _count(text[1:] if text[:1] in ("+", "-") else text)


def plain(text: str) -> str:
    """``text`` without its Rich markup tags (``[bold]``, ``[/]``). ``[DECLARER]`` is not a tag: by Rich's
    rule a tag starts with a lower-case letter, ``#``, ``/`` or ``@`` and holds no ``[``."""
    out: list[str] = []
    i = 0
    while (start := text.find("[", i)) >= 0:
        end = text.find("]", start)
        inside = text[start + 1:end]
        if end < 0 or not inside or not (inside[0] in "#/@" or "a" <= inside[0] <= "z") or "[" in inside:
            out.append(text[i:start + 1])
            i = start + 1
            continue
        out.append(text[i:start])
        i = end + 1
    return "".join(out) + text[i:]


def wrap(text: str, size: int) -> list[str]:
    """``text`` in lines of at most ``size`` characters, broken at spaces, as Rich wraps the help. A word
    longer than a line raises ``ValueError`` (Rich cuts it, in a way not copied here)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if len(word) > size:
            raise ValueError(f"{word!r} is longer than {size} columns")
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= size:
            line += " " + word
        else:
            lines.append(line)
            line = word
    return [*lines, line]


def top_help(width: int, program: str) -> str:
    """The top-level help as Typer lays it out (without its colours), ``width`` columns wide."""

    def panel(title: str, rows: list[tuple[str, str]]) -> list[str]:
        lead = max(len(left) for left, _ in rows)
        size = width - 4 - lead
        lines = [f"╭─ {title} " + "─" * (width - len(title) - 5) + "╮"]
        for left, text in rows:
            for i, piece in enumerate(wrap(text, size)):
                lines.append("│ " + (left if i == 0 else "").ljust(lead) + piece.ljust(size) + " │")
        return [*lines, "╰" + "─" * (width - 2) + "╯"]

    blank = " " * width
    lines = [blank, f" Usage: {program} [OPTIONS] COMMAND [ARGS]...".ljust(width), blank]
    lines += [f" {piece}".ljust(width) for piece in wrap(HELP, width - 2)]
    lines.append(blank)
    lines += panel("Options", [("--help        <bool>  ", "Show this message and exit.")])
    lead = max(len(name) for name in COMMANDS) + 2
    lines += panel("Commands", [(name.ljust(lead), plain(text))
                                for name, (_, _, text) in COMMANDS.items()])
    return "\n".join(lines) + "\n"


def _top_help(*, trailing_blank: bool, code: int) -> int | None:
    width = terminal_width()
    if width < _NARROWEST or not (sys.stdout.encoding or "").lower().startswith("utf"):
        return None  # Rich draws the boxes in ASCII for an output that is not Unicode
    try:
        text = top_help(width, program_name())
    except ValueError:
        return None
    sys.stdout.write(text + ("\n" if trailing_blank else ""))
    return code


def _options(tokens: list[str], valued: tuple[str, ...], flags: tuple[str, ...]) -> tuple[
        list[str], dict[str, str]] | None:
    """Split ``tokens`` into arguments and options, or ``None`` for anything Typer must judge (an option
    given twice, one without its value, ``--name=value``, ``--``, ``--help``, any other option)."""
    arguments: list[str] = []
    options: dict[str, str] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in valued:
            if token in options or i + 1 == len(tokens) or tokens[i + 1].startswith("-"):
                return None
            options[token] = tokens[i + 1]
            i += 2
            continue
        if token in flags:
            if token in options:
                return None
            options[token] = ""
        elif token.startswith("-") and not _whole(token):
            return None
        else:
            arguments.append(token)
        i += 1
    return arguments, options


def _json(data: object) -> None:
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _score(tokens: list[str]) -> int | None:
    from tenace.cli._results import parse_line

    parsed = _options(tokens, ("--by", "--vul", "--board"), ("--json",))
    if parsed is None or not parsed[0]:
        return None  # no arguments: results come from standard input
    arguments, options = parsed
    board = options.get("--board")
    if board is not None and not _count(board):
        return None
    result = parse_line(arguments, by=options.get("--by"), vul=options.get("--vul"),
                        board=None if board is None else int(board))
    if "--json" in options:
        _json(result.as_dict())
    else:
        sys.stdout.write(result.describe() + "\n")
    return 0


def _imps(tokens: list[str]) -> int | None:
    from tenace.scoring.imp_scale import imps, team_imps

    parsed = _options(tokens, (), ("--json",))
    if parsed is None or not 1 <= len(parsed[0]) <= 2 or not all(_whole(v) for v in parsed[0]):
        return None
    numbers = [int(v) for v in parsed[0]]
    if len(numbers) == 1:
        difference, result = numbers[0], imps(numbers[0])
    else:
        difference, result = numbers[0] - numbers[1], team_imps(numbers[0], numbers[1])
    if "--json" in parsed[1]:
        _json({"difference": difference, "imps": result})
    else:
        sys.stdout.write(imps_line(difference, result) + "\n")
    return 0


def _vp(tokens: list[str]) -> int | None:
    from tenace.scoring.wbf_scale import check_boards, match_vps

    parsed = _options(tokens, ("--boards", "-b"), ("--json",))
    if parsed is None or len(parsed[0]) != 1 or not _whole(parsed[0][0]):
        return None  # --table, no margin, a margin that is not a number: Typer
    arguments, options = parsed
    if "--boards" in options and "-b" in options:
        return None
    boards_text = options.get("--boards", options.get("-b", "28"))
    if not _count(boards_text):
        return None
    margin, boards = int(arguments[0]), int(boards_text)
    check_boards(boards)  # raises ValueError for 0 boards: Typer reports it
    first, second = match_vps(margin, boards)
    if "--json" in options:
        _json({"margin": margin, "boards": boards, "vps": [str(first), str(second)]})
    else:
        sys.stdout.write(vp_line(margin, boards, first, second) + "\n")
    return 0


def imps_line(difference: int, result: int) -> str:
    """What ``tenace imps`` prints: ``+470 points = +10 IMPs``."""
    return f"{difference:+d} points = {result:+d} IMPs"


def vp_line(margin: int, boards: int, first: object, second: object) -> str:
    """What ``tenace vp`` prints for one margin: ``+23 IMPs over 28 boards = 14.48 - 5.52 VP``."""
    return f"{margin:+d} IMPs over {boards} boards = {first} - {second} VP"


_HANDLERS: dict[str, Callable[[list[str]], int | None]] = {"score": _score, "imps": _imps, "vp": _vp}
