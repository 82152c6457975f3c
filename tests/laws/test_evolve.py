"""The engine's ``replace`` agrees with :func:`dataclasses.replace`: the same values, a fresh memo, the same
errors, and validation kept where a class validates in ``__post_init__``."""

from __future__ import annotations

import dataclasses

import pytest

from tenace import Board, Card, Deal
from tenace.laws import CardPlayed, Table
from tenace.laws._evolve import replace
from tenace.laws.events import ScoreShare
from tenace.laws.refs import LawRef

from ._helpers import DEAL, calls, table


def _tables() -> list[Table]:
    t = calls(table(), "N:3NT E:P S:P W:P")
    out = [table(), t]
    for text in ("ST", "S3", "S2", "SA"):
        assert t.play is not None
        t = t.apply(CardPlayed(t.play.turn, Card.from_str(text)))
        out.append(t)
    return out


@pytest.mark.parametrize("n", range(6))
def test_replace_equals_dataclasses_replace_on_every_state(n: int) -> None:
    t = _tables()[n]
    for obj, field in ((t, "record"), (t.auction, "calls"), (t.playing, "claim")):
        if obj is None:
            continue
        value = getattr(obj, field)
        ours, theirs = replace(obj, **{field: value}), dataclasses.replace(obj, **{field: value})
        assert ours == theirs and ours is not obj
        assert all(getattr(ours, f.name) is getattr(obj, f.name) for f in dataclasses.fields(obj) if f.init)


def test_a_replaced_table_has_its_own_memo() -> None:
    t = calls(table(), "N:1NT")
    _ = t.phase, t.turn  # memoized
    new = replace(t, record=t.record)
    assert new._memo == {} and new._memo is not t._memo
    assert new.turn is t.turn and new.phase is t.phase and new == t


def test_unknown_fields_and_validation_behave_as_dataclasses_replace() -> None:
    t = Table.new(Board(1, Deal.from_pbn(DEAL.to_pbn())))
    with pytest.raises(TypeError, match="no init field bogus"):
        replace(t, bogus=1)
    with pytest.raises(TypeError, match="no init field _memo"):
        replace(t, record=(), _memo={})
    with pytest.raises(ValueError, match="positive"):  # ScoreShare validates in __post_init__: still run
        replace(ScoreShare(620), numerator=0)
    assert replace(LawRef(27, "B1"), clause="D") == LawRef(27, "D")
