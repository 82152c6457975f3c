"""The pure parts of tenace.server.club: who sits where, a round's progress, the session's JSON kept in the
database, guests' seat codes and players given as text."""

from __future__ import annotations

import pytest

from tenace.dealing.secure import deal_boards
from tenace.seats import Seat
from tenace.server.club import ClubError, ClubSession, LiveSlot, SeatSpec, _players, guest_code, make_movement
from tenace.tournament.movements import howell

ROBOT = SeatSpec("robot")


def _session() -> ClubSession:
    movement = howell(2, boards_per_round=2)
    players = dict.fromkeys(movement.contestants, (ROBOT, ROBOT))
    players["4"] = (SeatSpec("user", "ann"), SeatSpec("guest", "Bob"))
    boards = {b.number: b for b in deal_boards(len(movement.boards))}
    return ClubSession("s1", "Monday", 7, movement, boards, players, director="dan")


def test_the_ns_pairs_first_player_sits_north_and_the_ew_pairs_first_east() -> None:
    session = _session()
    seating = session.movement.at(round=1, table=1)
    assert (seating.ns, seating.ew) == ("4", "1")
    seats = session.seats_at(seating)
    assert seats[Seat.NORTH] == SeatSpec("user", "ann") and seats[Seat.SOUTH] == SeatSpec("guest", "Bob")
    assert seats[Seat.EAST] == seats[Seat.WEST] == ROBOT


def test_a_round_is_done_only_when_every_table_has_played_every_board_of_it() -> None:
    session = _session()
    session.round = 1
    assert not session.round_done()
    for seating in session.seatings(1):
        session.slots[(1, seating.table)] = [
            LiveSlot(1, seating.table, b, seating.ns, seating.ew, f"t{seating.table}{b}")
            for b in seating.boards
        ]
    assert not session.round_done()
    for slots in session.slots.values():
        for slot in slots:
            slot.done = True
    session.slots[(1, 2)].pop()
    assert not session.round_done()  # table 2 has not started its second board
    session.slots[(1, 2)].append(LiveSlot(1, 2, 2, "2", "3", "t22", done=True))
    assert session.round_done()
    slot, seat = session.where("4", 1) or (None, None)
    assert slot is not None and slot.table == 1 and seat is Seat.SOUTH


def test_the_sessions_json_gives_the_same_session_back() -> None:
    session = _session()
    session.round, session.status = 1, "playing"
    session.slots[(1, 1)] = [LiveSlot(1, 1, 1, "4", "1", "abc", done=True, score_ns=420)]
    session.published = {"results.json": "{}"}
    again = ClubSession.from_json(session.to_json(), session.movement)
    assert again == session


def test_players_as_json_or_as_text_lines_and_their_errors() -> None:
    assert _players({"seats": {"3": ["user:ann", {"guest": "Bob"}]}}) == {
        "3": (SeatSpec("user", "ann"), SeatSpec("guest", "Bob"))}
    assert _players({"seating": "1: robot, guest:Cy\n\n2: user:di, robot"}) == {
        "1": (ROBOT, SeatSpec("guest", "Cy")), "2": (SeatSpec("user", "di"), ROBOT)}
    with pytest.raises(ClubError, match="seating, line 2"):
        _players({"seating": "1: robot, robot\n2 robot"})
    with pytest.raises(ClubError, match=r"seats\.5\[0\]"):
        _players({"seats": {"5": ["user:", "robot"]}})
    with pytest.raises(ClubError, match="movement"):
        make_movement("swiss", 3, 2, None)


def test_guest_codes_differ_by_session_pair_player_and_secret() -> None:
    secret = b"a secret of sixteen bytes"
    codes = {guest_code(secret, s, p, i) for s in ("s1", "s2") for p in ("1", "2") for i in (0, 1)}
    assert len(codes) == 8
    assert guest_code(secret, "s1", "1", 0) != guest_code(b"another secret, also long", "s1", "1", 0)
