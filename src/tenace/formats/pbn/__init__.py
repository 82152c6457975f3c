"""PBN 2.1 (Portable Bridge Notation): a streaming, lenient reader and an export-format writer.

The reader is layered like sgfmill: :mod:`~tenace.formats.pbn.tokenize` (text to tokens),
:mod:`~tenace.formats.pbn.grammar` (tokens to raw games, tag inheritance resolved),
:mod:`~tenace.formats.pbn.tags` and the section modules (typed values), :mod:`~tenace.formats.pbn.game`
(the :class:`PBNGame` with its :class:`~tenace.record.DealRecord`). Like python-chess's PGN reader it
streams one game at a time and collects problems on each game, each with its file and line.

>>> from tenace.formats.pbn import read_games, write_games
>>> text = '''[Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
... [Declarer "N"]
... [Contract "7NT"]
... [Result "13"]
... [Auction "N"]
... 7NT Pass Pass Pass
... '''
>>> game = next(read_games(text))
>>> game.record.score_ns(), game.errors
(1520, ())
>>> again = next(read_games(write_games([game])))
>>> again.record == game.record
True
"""

from tenace.formats.pbn.game import MANDATORY, PBNGame
from tenace.formats.pbn.problems import PBNProblem, Severity
from tenace.formats.pbn.reader import read_file, read_games, read_records
from tenace.formats.pbn.tables import Cell, Column, PBNTable
from tenace.formats.pbn.writer import format_game, write_games

__all__ = [
    "MANDATORY", "Cell", "Column", "PBNGame", "PBNProblem", "PBNTable", "Severity", "format_game",
    "read_file", "read_games", "read_records", "write_games",
]
