"""Property: any result a movement allows comes back from the store equal to what was entered."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import contracts
from tenace.cards import DECK
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore
from tenace.store import Store
from tenace.tournament.model import Result

from .events import pairs_event, three_table_mitchell
from .test_codec import sides, weighted_scores

MOVEMENT = three_table_mitchell()
SLOTS = [(s, board) for s in MOVEMENT.seatings for board in s.boards]


@st.composite
def results(draw: st.DrawFn) -> Result:
    seating, board = draw(st.sampled_from(SLOTS))
    kind = draw(st.sampled_from(["played", "passed", "artificial", "assigned"]))
    common = {
        "board": board,
        "round": seating.round,
        "table": seating.table,
        "ns": seating.ns,
        "ew": seating.ew,
        "group": draw(st.none() | st.integers(1, 3)),
        "vulnerable": draw(st.none() | st.tuples(st.booleans(), st.booleans())),
    }
    if kind == "played":
        return Result(
            contract=draw(contracts()),
            tricks=draw(st.integers(0, 13)),
            lead=draw(st.none() | st.sampled_from(list(DECK))),
            **common,
        )  # type: ignore[arg-type]
    if kind == "passed":
        return Result(**common)  # type: ignore[arg-type]
    if kind == "artificial":
        adjusted = ArtificialAdjustedScore(draw(sides), draw(sides))
    else:
        adjusted = AssignedAdjustedScore(draw(weighted_scores()), draw(weighted_scores()))
    return Result(adjusted=adjusted, **common)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(results(), min_size=1, max_size=6, unique_by=lambda r: (r.round, r.table, r.board)))
def test_any_results_the_movement_allows_come_back_equal(entered: list[Result]) -> None:
    with Store.open("sqlite://") as store:
        event_id = store.create_event(pairs_event())
        for r in entered:
            store.enter(event_id, 1, r, by="device")
        back = store.results(event_id)
    assert sorted(back, key=repr) == sorted(entered, key=repr)
