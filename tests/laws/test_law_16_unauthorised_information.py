"""Law 16C: information from a withdrawn or cancelled call is authorised to the non-offending side and
unauthorised to the offending side (16C1, 16C2); Law 20F: the alerts and explanations given with the calls."""

from __future__ import annotations

from tenace import parse_call
from tenace.laws import CallMade, DirectorCalled, LawRef, Withdrawn
from tenace.laws.changes import Explained

from ._helpers import E, N, S, W, calls, table


def test_16c2_a_cancelled_call_out_of_rotation_is_unauthorised_to_both_offenders() -> None:
    """South's 1H at East's turn is cancelled when East calls (Law 28B): unauthorised to North and South,
    authorised to East and West."""
    t = calls(table(), "N:1C S:1H E:P")
    (withdrawn,) = t.withdrawn
    assert t.unauthorised(N) == (withdrawn,) and t.unauthorised(S) == (withdrawn,)
    assert t.unauthorised(E) == () and t.unauthorised(W) == ()


def test_16c1_the_non_offenders_own_cancelled_call_is_authorised_to_them_and_not_to_the_offenders() -> None:
    """South doubles his partner's bid (inadmissible, Law 36) and West calls over it; when attention is drawn
    both calls are cancelled (36A). West's cancelled pass is authorised to East-West but unauthorised to
    North-South (16C1, 16C2)."""
    t = calls(table(), "N:1C E:P S:X W:P").apply(DirectorCalled(N))
    assert [(w.seat, str(w.call), w.law) for w in t.withdrawn] == [
        (S, "X", LawRef(36, "A")),
        (W, "P", LawRef(36, "A")),
    ]
    assert t.unauthorised(N) == t.withdrawn and t.unauthorised(S) == t.withdrawn
    assert t.unauthorised(E) == () and t.unauthorised(W) == ()


def test_16c_withdrawn_defaults_to_the_callers_side_as_offenders() -> None:
    w = Withdrawn(S, parse_call("1H"), LawRef(28, "B"))
    assert w.offending_side is S.side and w.unauthorised_to(N) and not w.unauthorised_to(W)


def test_16c_withdrawn_may_name_the_other_side_as_offenders() -> None:
    w = Withdrawn(W, parse_call("P"), LawRef(25, "A6"), N.side)
    assert w.offending_side is N.side and w.unauthorised_to(S) and not w.unauthorised_to(E)


def test_16c_the_table_view_carries_the_withdrawn_calls() -> None:
    t = calls(table(), "N:1C S:1H E:P")
    assert t.view(E).withdrawn == t.withdrawn


def test_20f_explanations_lists_the_alerted_or_explained_calls_in_order() -> None:
    t = calls(table(), "N:1NT")
    t = t.apply(CallMade(E, parse_call("2C"), alert=True, explanation="both majors"))
    t = t.apply(CallMade(S, parse_call("X"), explanation="values"))
    t = calls(t, "W:P")
    assert t.explanations == (
        Explained(E, parse_call("2C"), True, "both majors"),
        Explained(S, parse_call("X"), False, "values"),
    )
