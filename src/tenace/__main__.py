"""``python -m tenace``: the ``tenace`` command."""

from tenace.cli import main

main()
