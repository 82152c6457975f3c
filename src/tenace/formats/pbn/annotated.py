"""A game with a double-dummy analysis written into its tags (:func:`with_double_dummy`): the top of the PBN
package, since it writes a record and reads it back as a game.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from tenace.analysis import DDTable, Par
from tenace.formats.pbn.dd import (
    ANALYSIS_TAGS,
    dd_to_digits,
    optimum_result_table,
    optimum_score_text,
    par_contract_text,
)
from tenace.formats.pbn.game import PBNGame
from tenace.formats.pbn.grammar import Item, RawTag
from tenace.formats.pbn.problems import TagContext
from tenace.formats.pbn.reader import read_games
from tenace.formats.pbn.tags import DEFAULT_TAG_PARSERS
from tenace.formats.pbn.writer import format_game
from tenace.record import DealRecord

__all__ = ["with_double_dummy"]


def with_double_dummy(game: PBNGame | DealRecord, table: DDTable, par: Par | None = None) -> PBNGame:
    """A copy of ``game`` carrying a double-dummy analysis in the usual tags: ``OptimumScore`` (``"NS 110"``,
    §4.2.7), ``ParContract`` (BridgeComposer, ``"NS 2S; NS 3D"``, ``"N 2NX-1"``), ``DoubleDummyTricks``
    (BridgeComposer, 20 hex digits) and the ``OptimumResultTable`` (§5.7).

    Existing tags of these names are replaced, as a set: without ``par`` the old ``OptimumScore`` and
    ``ParContract`` are removed, since they belonged to the old analysis. An ``Ability`` tag (BCDD) that
    disagrees with ``table`` is removed too; everything else (other tags, sections, comments, the problems
    of other tags) is kept. A bare :class:`~tenace.record.DealRecord` is first made a game by writing and
    reading it (:func:`~tenace.formats.pbn.format_game`). Reading the result back (``game.dd_table``,
    ``game.par``) gives ``table`` and ``par``.

    >>> from tenace.deal import Deal
    >>> from tenace.record import DealRecord
    >>> from tenace.contract import Contract
    >>> rec = DealRecord(number=1, deal=Deal.from_pbn(
    ...     "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> table = DDTable.from_rows([[13] * 5, [0] * 5, [13] * 5, [0] * 5])
    >>> game = with_double_dummy(rec, table, Par(1520, ((Contract.from_str("7NTN"), 13),
    ...                                                 (Contract.from_str("7NTS"), 13))))
    >>> game.tag("OptimumScore"), game.tag("ParContract"), game.tag("DoubleDummyTricks")
    ('NS 1520', 'NS 7N=', 'dddddddddd0000000000')
    >>> game.dd_table == table, game.par.score_ns, len(game.par.contracts)
    (True, 1520, 2)
    """
    if not isinstance(game, PBNGame):
        game = next(read_games(format_game(game, newline="\n"), source="<record>"))
    drop = set(ANALYSIS_TAGS)
    ability = game.values.get("Ability")
    if isinstance(ability, DDTable) and ability != table:
        drop.add("Ability")
    removed_lines = {line for t in game.tags if t.name in drop
                     for line in (t.lineno, *(item.lineno for item in t.items))}

    result_table = optimum_result_table(table)
    texts: dict[str, str] = {"DoubleDummyTricks": dd_to_digits(table)}
    if par is not None:
        texts = {"OptimumScore": optimum_score_text(par), "ParContract": par_contract_text(par), **texts}
    new_tags = [RawTag(name, value, 0) for name, value in texts.items()]
    new_tags.append(RawTag(result_table.name, result_table.spec(), 0,
                           items=tuple(Item(cell.text, 0) for row in result_table.rows for cell in row)))

    values: dict[str, object] = {k: v for k, v in game.values.items() if k not in drop}
    for name, text in texts.items():
        values[name] = DEFAULT_TAG_PARSERS[name](text, TagContext())
    values[result_table.name] = result_table
    extra = tuple((k, v) for k, v in game.record.extra if k not in drop) + tuple(texts.items())
    return replace(
        game,
        record=replace(game.record, extra=extra),
        tags=tuple(t for t in game.tags if t.name not in drop) + tuple(new_tags),
        values=MappingProxyType(values),
        tables=tuple(t for t in game.tables if t.name not in drop) + (result_table,),
        problems=tuple(p for p in game.problems
                       if p.code not in ("dd-table", "dd-mismatch") and p.lineno not in removed_lines),
    )
