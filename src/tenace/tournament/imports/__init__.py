"""Other programs' files as contestants and results for the tournament layer: PBN (one game per table, or
``ScoreTable`` sections), BBO LIN and USEBIO.

Each importer returns an :class:`Imported`: the :class:`~tenace.tournament.model.Participant` values, one
:class:`ImportedLine` per result (the :class:`~tenace.tournament.model.Result`, the file and line it came
from, and the score the file printed), and the problems found, each with its file and line. Lines that
cannot be read are reported and left out; the others are kept.

>>> got = import_pbn('[Board "1"]\\n[North "Ann"]\\n[South "Bob"]\\n[East "Cy"]\\n[West "Di"]\\n'
...                  '[Contract "3NT"]\\n[Declarer "S"]\\n[Result "10"]\\n[Score "NS 430"]\\n')
>>> line = got.lines[0]
>>> line.result.ns, line.result.ew, line.result.ns_score(), line.printed, line.lineno
('Ann - Bob', 'Cy - Di', 430, 430, 6)
"""

from tenace.tournament.imports.base import (
    UNKNOWN_ROUND,
    Imported,
    ImportedLine,
    ImportProblem,
    merge,
    pair_id,
    place,
)
from tenace.tournament.imports.lin import import_lin, import_lin_text
from tenace.tournament.imports.pbn import import_pbn
from tenace.tournament.imports.usebio import import_usebio

__all__ = [
    "UNKNOWN_ROUND", "ImportProblem", "Imported", "ImportedLine", "import_lin", "import_lin_text",
    "import_pbn", "import_usebio", "merge", "pair_id", "place",
]
