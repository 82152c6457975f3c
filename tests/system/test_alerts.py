"""Alert regulations as data (Law 40B2(a)(iii), 20F) and failures to alert (Law 21B1(a), 20F5(a))."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tenace.calls import parse_call
from tenace.record import AnnotatedCall, DealRecord
from tenace.seats import Seat, Side
from tenace.system import (
    ALERTS_ONLY,
    ONLINE,
    Agreement,
    AlertRegulations,
    DutyKind,
    Meaning,
    card_duties,
    failed_alerts,
    natural_card,
    requires_alert,
)

DEFAULT = AlertRegulations()
NO_DELAYED = AlertRegulations(name="no delayed alerts", delayed_alerts_above_limit=False)
GERBER = Meaning("Gerber: asks for aces", artificial=True, convention="Gerber")
CARD = natural_card().with_agreement(Agreement.of("1NT-4C", GERBER)).with_agreement(
    Agreement.of("1NT-3C", Meaning("Natural but forcing: a slam try in clubs", artificial=False, alert=True)))

A, N, X = DutyKind.ALERT, DutyKind.ANNOUNCE, DutyKind.NONE

# (auction so far, call) -> expected duty kind under (default, alerts only, online, no delayed alerts),
# worked out by hand from the rules in tenace.system.alerts' documentation and the card's meanings.
CASES = [
    ("", "1NT", (N, X, N, N)),                 # natural 1NT opening: range announced where regulations say
    ("1NT P", "2C", (A, A, A, A)),             # Stayman: artificial, below 3NT
    ("1NT P", "2D", (N, A, N, N)),             # transfer: announced, or alerted as artificial
    ("", "1H", (X, X, X, X)),                  # natural opening
    ("", "2C", (A, A, A, A)),                  # strong, artificial
    ("", "2H", (X, X, X, X)),                  # weak two: natural
    ("1D", "X", (X, X, X, X)),                 # takeout double: the card calls it natural
    ("1C", "2C", (A, A, A, A)),                # Michaels
    ("1H", "1NT", (X, X, X, X)),               # natural overcall, not an opening: no announcement
    ("1NT P", "4C", (A, A, A, X)),             # Gerber above 3NT: delayed alert, online at once, or nothing
    ("1NT P", "3C", (A, A, A, A)),             # natural, but marked alertable by the partnership
    ("", "7NT", (X, X, X, X)),                 # no agreement: nothing to alert
]
REGS = (DEFAULT, ALERTS_ONLY, ONLINE, NO_DELAYED)


@pytest.mark.parametrize("before, call, expected", CASES)
def test_duties_of_the_sample_card_under_four_regulations(before: str, call: str,
                                                          expected: tuple[DutyKind, ...]) -> None:
    meaning = CARD.meaning(before, parse_call(call))
    auction = f"{before} {call}"
    for regs, kind in zip(REGS, expected, strict=True):
        assert requires_alert(meaning, auction, regs).kind is kind, regs.name


def test_announcements_carry_their_wording() -> None:
    assert requires_alert(CARD.meaning("", parse_call("1NT")), "1NT", DEFAULT).text == "15-17"
    assert requires_alert(CARD.meaning("1NT P", parse_call("2D")), "1NT P 2D", DEFAULT).text == "hearts"
    assert requires_alert(CARD.meaning("1NT P", parse_call("2H")), "1NT P 2H", DEFAULT).text == "spades"
    worded = Meaning("strong", hcp_min=15, hcp_max=17, announce="fifteen to seventeen")
    assert requires_alert(worded, "1NT", DEFAULT).text == "fifteen to seventeen"


def test_delayed_and_self_alerts() -> None:
    gerber = CARD.meaning("1NT P", parse_call("4C"))
    assert requires_alert(gerber, "1NT P 4C", DEFAULT).delayed
    online = requires_alert(gerber, "1NT P 4C", ONLINE)
    assert not online.delayed and online.by_caller
    assert not requires_alert(gerber, "1NT P 4C", DEFAULT).by_caller


def test_artificial_passes_and_doubles_follow_their_settings() -> None:
    strong_pass = Meaning("Strong pass: 16+", artificial=True)
    assert requires_alert(strong_pass, "P", DEFAULT).kind is A
    assert requires_alert(strong_pass, "P", replace(DEFAULT, alert_artificial_passes=False)).kind is X
    odd_double = Meaning("Shows clubs", artificial=True)
    assert requires_alert(odd_double, "1NT X", DEFAULT).kind is A
    assert requires_alert(odd_double, "1NT X", replace(DEFAULT, alert_artificial_doubles=False)).kind is X


def test_marked_calls_are_not_alerted_when_the_regulations_ignore_marks() -> None:
    marked = CARD.meaning("1NT P", parse_call("3C"))
    assert requires_alert(marked, "1NT P 3C", replace(DEFAULT, alert_marked_calls=False)).kind is X


def test_requires_alert_needs_the_call() -> None:
    with pytest.raises(ValueError, match="including the call"):
        requires_alert(Meaning(), "", DEFAULT)


def _record(dealer: str, calls: list[tuple[str, bool, str | None]]) -> DealRecord:
    return DealRecord(number=1, dealer=Seat.from_str(dealer),
                      calls=tuple(AnnotatedCall(parse_call(c), alert, text) for c, alert, text in calls))


def test_failed_alerts_in_a_record_of_one_partnership() -> None:
    # North opens 1NT without announcing it; South's transfer is announced; North's completion needs nothing;
    # East's overcall is the other side's.
    record = _record("N", [("1NT", False, None), ("P", False, None), ("2D", True, "hearts"),
                           ("2S", False, None), ("3H", False, None), ("P", False, None), ("P", False, None),
                           ("P", False, None)])
    found = failed_alerts(CARD, record, DEFAULT, side=Side.NS)
    assert [(f.index, f.seat, str(f.call), f.duty.kind) for f in found] == [(0, Seat.NORTH, "1NT", N)]
    assert failed_alerts(CARD, record, DEFAULT, side=Side.EW) == ()
    assert failed_alerts(CARD, record, ALERTS_ONLY, side=Side.NS) == (), "no announcement required there"


def test_an_explanation_given_counts_as_the_announcement_but_not_as_an_alert() -> None:
    record = _record("E", [("1NT", False, "15-17"), ("P", False, None), ("2C", False, "Stayman"),
                           ("P", False, None)])
    found = failed_alerts(CARD, record, DEFAULT, side=Side.EW)
    assert [(f.seat, str(f.call), f.duty.kind) for f in found] == [(Seat.WEST, "2C", A)]


def test_failed_alerts_with_both_sides_on_one_card() -> None:
    """Robots of one system at both sides: every call is checked."""
    record = _record("N", [("1H", False, None), ("2H", False, None), ("P", False, None), ("P", False, None),
                           ("P", False, None)])
    found = failed_alerts(CARD, record, DEFAULT)
    assert [(f.seat, str(f.call)) for f in found] == [(Seat.EAST, "2H")]  # Michaels, not alerted


def test_failed_alerts_needs_a_dealer_for_one_side() -> None:
    calls = [AnnotatedCall(parse_call("1NT"))]
    with pytest.raises(ValueError, match="dealer"):
        failed_alerts(CARD, calls, DEFAULT, side=Side.NS)
    assert len(failed_alerts(CARD, calls, DEFAULT, side=Side.NS, dealer=Seat.NORTH)) == 1
    assert failed_alerts(CARD, calls, DEFAULT, side=Side.NS, dealer=Seat.EAST) == ()


def test_delayed_alerts_are_not_reported_as_failures() -> None:
    record = _record("N", [("1NT", False, "15-17"), ("P", False, None), ("4C", False, None),
                           ("P", False, None)])
    assert failed_alerts(CARD, record, DEFAULT, side=Side.NS) == ()
    assert [str(f.call) for f in failed_alerts(CARD, record, ONLINE, side=Side.NS)] == ["4C"]


def test_every_agreement_of_the_card_has_its_duty_at_this_event() -> None:
    """The card shows, per pattern, what is alertable or announceable under the event's regulations."""
    duties = {a.pattern.text: d for a, d in card_duties(CARD, DEFAULT)}
    assert len(duties) == len(CARD.agreements)
    assert duties["1NT"].kind is N and duties["1NT-2C"].kind is A and duties["1H"].kind is X
    assert duties["(1M) 2NT"].kind is A  # a wildcard auction: the duty of the call itself
    assert duties["1NT-4C"].delayed
    online = {a.pattern.text: d for a, d in card_duties(CARD, ONLINE)}
    assert all(d.by_caller for d in online.values() if d.required)
