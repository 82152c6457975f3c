"""Law 29C: when a call out of rotation is artificial, Laws 30-32 apply to the denominations it specified, not
to the one it named. The engine's case: a bid out of rotation at RHO's turn, cancelled, that the offender must
repeat once RHO passes (Law 31A1)."""

from __future__ import annotations

import pytest

from tenace import parse_call
from tenace.errors import ImpossibleActionError
from tenace.laws import CallMade, DirectorCalled, Elected, LawRef, MustRepeat, Reject, Table
from tenace.laws.events import CallChanged

from ._helpers import E, S, W, calls, standing, table

TRANSFER = "transfer: 5+ hearts"


def _south_bids_out_of_rotation(alert: bool) -> Table:
    """North opens 1NT; at East's turn South (East's LHO, so East is his RHO) bids 2D, alerted as a transfer
    to hearts or not; West does not accept it (Law 29B) and East passes: South must repeat (Law 31A1)."""
    t = calls(table(), "N:1NT")
    t = t.apply(CallMade(S, parse_call("2D"), alert=alert, explanation=TRANSFER if alert else None))
    t = t.apply(DirectorCalled(W)).apply(Elected(W, Reject(LawRef(29, "B"))))
    assert t.turn is E
    t = calls(t, "E:P")
    assert t.turn is S
    return t


def test_29c_an_artificial_call_is_repeated_by_a_call_specifying_the_same_suit() -> None:
    """The cancelled 2D specified hearts, not diamonds: a Texas 4D that also shows hearts repeats it; so does
    2D itself; a natural 3D (diamonds) does not."""
    t = _south_bids_out_of_rotation(alert=True)
    (repeat,) = [c for c in t.constraints if isinstance(c, MustRepeat)]
    assert repeat.seat is S and repeat.law == LawRef(31, "A1") and repeat.specifies is not None
    assert [s.name for s in repeat.specifies] == ["HEARTS"]
    texas = t.apply(CallMade(S, parse_call("4D"), alert=True, explanation="Texas transfer: 6+ hearts"))
    assert standing(texas) == "N:1NT E:P S:4D" and texas.turn is W
    assert not [c for c in texas.constraints if isinstance(c, MustRepeat)]
    same = t.apply(CallMade(S, parse_call("2D"), alert=True, explanation=TRANSFER))
    assert standing(same) == "N:1NT E:P S:2D"
    with pytest.raises(ImpossibleActionError, match="31A1"):
        t.apply(CallMade(S, parse_call("3D")))
    with pytest.raises(ImpossibleActionError, match="31A1"):
        t.apply(CallMade(S, parse_call("4D"), alert=True, explanation="Texas transfer: 6+ spades"))


def test_29c_a_natural_call_out_of_rotation_is_repeated_only_as_it_was() -> None:
    """Without an alert the 2D named and specified diamonds: only 2D repeats it (Law 31A1); a call that shows
    hearts does not."""
    t = _south_bids_out_of_rotation(alert=False)
    (repeat,) = [c for c in t.constraints if isinstance(c, MustRepeat)]
    assert repeat.specifies is None
    with pytest.raises(ImpossibleActionError, match="31A1"):
        t.apply(CallMade(S, parse_call("4D"), alert=True, explanation="Texas transfer: 6+ hearts"))
    assert standing(t.apply(CallMade(S, parse_call("2D")))) == "N:1NT E:P S:2D"


def test_29c_a_change_of_call_keeps_the_repeat_when_it_specifies_the_same_suit() -> None:
    """South met the obligation with a Texas 4D (hearts) and changes his call at once (Law 25A): a natural 4H
    specifies hearts too, so it still repeats the cancelled artificial 2D (Laws 29C, 31A1); a natural 3D
    (diamonds) does not, and is refused."""
    t = _south_bids_out_of_rotation(alert=True)
    texas = t.apply(CallMade(S, parse_call("4D"), alert=True, explanation="Texas transfer: 6+ hearts"))
    changed = texas.apply(CallChanged(S, parse_call("4H")))
    assert changed.pending is not None and changed.pending.law == LawRef(25, "A2")  # was it unintended?
    with pytest.raises(ImpossibleActionError, match="31A1"):
        texas.apply(CallChanged(S, parse_call("3D")))
