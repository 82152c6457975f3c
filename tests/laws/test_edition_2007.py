"""The 2007 edition of the Laws as a regulation setting (Law 80A): the same record replayed under 2017 and
under 2007 gives each edition's rectification where the texts differ mechanically, and the 2007 clause is
cited. Each scenario is written from the two texts side by side (../shared/laws: the 2017 English text, the
2007 Swedish edition and an English presentation of 2007)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tenace import Board, Card, Seat, parse_call
from tenace.cards import Suit
from tenace.cli import app
from tenace.errors import ImpossibleActionError
from tenace.formats.json import JSONFormatError
from tenace.laws import (
    DIRECTOR,
    CallMade,
    CardPlayed,
    Comparable,
    DirectorCalled,
    Duration,
    Elected,
    LawRef,
    LeadRestriction,
    MustPass,
    Regulations,
    Reject,
    Table,
)
from tenace.laws.decisions import ForbidLead, FreeLead, Kind, MustLead, NoDoubleNow, RequireLead
from tenace.laws.editions import in_edition
from tenace.laws.log import dumps, loads
from tenace.laws.messages import explain, explain_table

from ._helpers import DEAL, E, N, S, W, standing

runner = CliRunner()
EDITIONS = (2017, 2007)


def fresh(edition: int) -> Table:
    return Table.new(Board(1, DEAL), Regulations(edition=edition))


def run(t: Table, script: str, *, alert: str | None = None) -> Table:
    """Calls written ``"N:1H E:1D"``; ``alert``: the explanation of an alerted call, marked ``!``
    (``E:1D!``)."""
    for item in script.split():
        seat, call = item.split(":")
        alerted = call.endswith("!")
        t = t.apply(CallMade(Seat.from_str(seat), parse_call(call.rstrip("!")), alert=alerted,
                             explanation=alert if alerted else None))
    return t


def both(script: str, **kw: str) -> dict[int, Table]:
    """The same record under each edition."""
    return {edition: run(fresh(edition), script, **kw) for edition in EDITIONS}


def reject_insufficient(t: Table) -> Table:
    """The Director is called and the offender's LHO does not accept the insufficient bid (Law 27B)."""
    assert t.open_irregularity is not None
    lho = t.open_irregularity.offender.lho
    return t.apply(DirectorCalled(lho)).apply(Elected(lho, Reject(LawRef(27, "B"))))


def reject_out_of_rotation(t: Table) -> Table:
    """The offender's LHO does not accept the call out of rotation: it is cancelled (Law 29B)."""
    assert t.open_irregularity is not None
    lho = t.open_irregularity.offender.lho
    return t.apply(DirectorCalled(lho)).apply(Elected(lho, Reject(LawRef(29, "B"))))


def musts(t: Table) -> list[tuple[Seat, Duration, str]]:
    return [(c.seat, c.duration, str(c.law)) for c in t.constraints if isinstance(c, MustPass)]


# --- Law 27: the insufficient bid ---------------------------------------------------------------------------


def test_2007_27b1a_a_natural_lowest_sufficient_bid_needs_no_ruling_in_either_edition() -> None:
    """Law 27B1(a), and Law 27B1(a) (2007) when both bids are natural: East's 1D over 1H, replaced by 2D, the
    lowest sufficient bid in diamonds: the auction goes on; the Director's end-of-play look is Law 27D,
    cited as each edition numbers it."""
    for edition in EDITIONS:
        t = run(reject_insufficient(run(fresh(edition), "N:1H E:1D")), "E:2D")
        assert standing(t) == "N:1H E:2D" and t.pending is None and t.constraints == ()
        label = " (2007)" if edition == 2007 else ""
        assert [str(o.law) for o in t.adjustments_owed] == ["Law 27D" + label]


def test_2007_27b1a_an_artificial_insufficient_bid_goes_to_the_director_under_2007() -> None:
    """An alerted 1D (a transfer) over 1H, replaced by 2D: 2017 needs only the lowest sufficient bid in the
    same denomination (Law 27B1(a)); 2007 needs both bids incontrovertibly natural (Law 27B1(a) (2007)), so
    the Director judges the meaning under Law 27B1(b) (2007)."""
    tables = {e: run(reject_insufficient(run(fresh(e), "N:1H E:1D!", alert="transfer to hearts")), "E:2D")
              for e in EDITIONS}
    assert tables[2017].pending is None and standing(tables[2017]) == "N:1H E:2D"
    pending = tables[2007].pending
    assert pending is not None and pending.actor is DIRECTOR
    assert str(pending.law) == "Law 27B1(b) (2007)"
    assert [(o.yes, str(o.law)) for o in pending.options] == [  # type: ignore[union-attr]
        (True, "Law 27B1(b) (2007)"), (False, "Law 27B2 (2007)")]


def test_2007_27b1b_the_directors_finding_is_the_same_or_a_more_precise_meaning() -> None:
    """East replaces 1D with a pass: the Director's question is 2017's comparable call (Law 23A) or 2007's
    same-or-more-precise meaning (Law 27B1(b) (2007)); ruled yes, 2017 owes Laws 23C and 27D at the end,
    2007 only Law 27D (2007) (2007 has no comparable call)."""
    for edition in EDITIONS:
        t = run(reject_insufficient(run(fresh(edition), "N:1H E:1D")), "E:P")
        assert t.pending is not None
        assert str(t.pending.law) == ("Law 23" if edition == 2017 else "Law 27B1(b) (2007)")
        words = "more precise" if edition == 2007 else "comparable"
        assert words in explain(t.pending.options[0])
        t = t.apply(Elected(DIRECTOR, t.pending.options[0]))
        owed = [str(o.law) for o in t.adjustments_owed]
        assert owed == (["Law 23C", "Law 27D"] if edition == 2017 else ["Law 27D (2007)"])


def lead_after_27b2(edition: int, script: str = "N:1H E:P S:2H W:2D") -> Table:
    """West's insufficient 2D over 2H, replaced by a pass the Director finds not comparable (2017) or not of
    the same meaning (2007): East must pass throughout (Law 27B2, Law 27B2 (2007)); North declares 2H and
    East,
    the offender's partner, is on lead."""
    t = run(reject_insufficient(run(fresh(edition), script)), "W:P")
    assert t.pending is not None
    t = t.apply(Elected(DIRECTOR, t.pending.options[1]))
    t = run(t, "N:P E:P")
    assert t.auction.turn is None and not t.withdrawn[1:]  # the auction is over; only West's 2D withdrawn
    return t


def test_2007_27b2_partner_passes_throughout_in_both_editions() -> None:
    for edition in EDITIONS:
        t = run(reject_insufficient(run(fresh(edition), "N:1H E:P S:2H W:2D")), "W:P")
        t = t.apply(Elected(DIRECTOR, t.pending.options[1]))  # type: ignore[union-attr]
        label = " (2007)" if edition == 2007 else ""
        assert musts(t) == [(E, Duration.REST_OF_AUCTION, "Law 27B2" + label)]


def test_2007_26a2_declarer_may_require_or_forbid_the_suit_the_withdrawn_call_named() -> None:
    """The withdrawn 2D named diamonds, which West never named in the lawful auction. Law 26B (2017):
    declarer may forbid any one suit West did not name (West named none: any of the four), not require one.
    Laws 26A2(a), 26A2(b) (2007): declarer may require East to lead a diamond, or forbid diamonds, and no
    other suit."""
    t17, t07 = lead_after_27b2(2017), lead_after_27b2(2007)
    for t in (t17, t07):
        assert t.contract is not None and t.contract.declarer is N and t.play is not None and t.play.turn is E
        assert t.pending is not None and t.pending.actor is N
    assert {type(o) for o in t17.pending.options} == {ForbidLead, FreeLead}  # type: ignore[union-attr]
    assert sorted(o.suits[0].value for o in t17.pending.options  # type: ignore[union-attr]
                  if isinstance(o, ForbidLead)) == ["C", "D", "H", "S"]
    assert str(t07.pending.law) == "Law 26A2 (2007)"  # type: ignore[union-attr]
    assert [(type(o).__name__, str(o.law)) for o in t07.pending.options] == [  # type: ignore[union-attr]
        ("RequireLead", "Law 26A2(a) (2007)"), ("ForbidLead", "Law 26A2(b) (2007)"),
        ("FreeLead", "Law 26A2 (2007)")]
    assert t07.pending.options[0] == RequireLead(Suit.DIAMONDS, LawRef(26, "A2(a)"))  # type: ignore[union-attr]
    required = t07.apply(Elected(N, t07.pending.options[0]))  # type: ignore[union-attr]
    assert [c for c in required.constraints if isinstance(c, MustLead)] == [
        MustLead(E, Suit.DIAMONDS, LawRef(26, "A2(a)", 2007))]
    assert {c.suit for c in required.legal_cards()} == {Suit.DIAMONDS}  # East holds diamonds: he leads one


def test_2007_26a1_no_restriction_when_the_offender_had_named_the_suit() -> None:
    """West bid diamonds lawfully (2D), then bids an insufficient 2D over 3H, replaced by a pass ruled not
    comparable (not of the same meaning). North declares 3H and East leads. Under 2007 the withdrawn call
    named only diamonds, which West had named: no lead restriction (Law 26A1 (2007)); under 2017 declarer may
    forbid any suit West did not name (Law 26B): clubs, hearts or spades."""
    script = "N:1H E:P S:1S W:2D N:2H E:P S:3H W:2D"
    t17, t07 = lead_after_27b2(2017, script), lead_after_27b2(2007, script)
    for t in (t17, t07):
        assert t.contract is not None and str(t.contract) == "3HN" and t.play is not None and t.play.turn is E
    assert t07.pending is None
    assert t17.pending is not None and str(t17.pending.law) == "Law 26B"
    forbidden = sorted(o.suits[0].value for o in t17.pending.options if isinstance(o, ForbidLead))
    assert forbidden == ["C", "H", "S"]


def test_2007_26b_any_other_withdrawn_call_lets_declarer_forbid_any_one_suit() -> None:
    """A double out of rotation by West at East's turn, not accepted: under 2007 Law 32A (2007) silences
    East and Law 26B (2007) lets declarer forbid any one of the four suits at East's first lead (West named
    diamonds in the lawful auction, which 2017's Law 26B would exclude)."""
    t = run(fresh(2007), "N:1H E:P S:2H W:3D N:3H W:X")
    t = reject_out_of_rotation(t)
    assert musts(t) == [(E, Duration.REST_OF_AUCTION, "Law 32A (2007)")]
    t = run(t, "E:P S:P W:P")  # West's own call at his turn is not the double: Law 26 (2007) applies
    restriction = next(c for c in t.constraints if isinstance(c, LeadRestriction))
    assert restriction.law.edition == 2007 and restriction.withdrawn == ()
    t = run(t, "N:P")
    assert t.contract is not None and t.play is not None and t.play.turn is E and t.pending is not None
    assert str(t.pending.law) == "Law 26B (2007)"
    forbidden = sorted(o.suits[0].value for o in t.pending.options if isinstance(o, ForbidLead))
    assert forbidden == ["C", "D", "H", "S"]


# --- Laws 30-32: calls out of rotation ----------------------------------------------------------------------


def test_2007_30a_a_pass_out_of_rotation_before_any_bid_silences_the_offender_once() -> None:
    """South passes at North's (dealer's) turn, before any bid. 2017: a pass at partner's turn leaves the
    offender's next call to be judged comparable (Law 30B1(b)); 2007: the offender must pass at his next turn
    (Law 30A (2007)), whatever turn it was."""
    t17, t07 = (reject_out_of_rotation(t) for t in both("S:P").values())
    assert musts(t07) == [(S, Duration.NEXT_TURN, "Law 30A (2007)")]
    assert musts(t17) == []
    t17 = run(t17, "N:1C E:P S:1H")
    assert t17.pending is not None and str(t17.pending.law) == "Law 23"  # comparable?
    t07 = run(t07, "N:1C E:P S:1H")  # 2007: South had to pass: his bid is inadmissible (Laws 35B, 37)
    irregularity = t07.open_irregularity
    assert irregularity is not None and irregularity.kind is Kind.CALL_WHILE_REQUIRED_TO_PASS


def test_2007_30b2_after_a_bid_a_pass_at_partners_turn_silences_him_and_bars_partners_double() -> None:
    """After North's 1H, West passes at East's turn (East is West's partner). 2007: West passes to the end
    (Law 30B2(a) (2007)) and East may bid or pass at this turn but not double (Law 30B2(b) (2007)); 2017:
    East calls freely and West's next call is judged comparable or not (Law 30B1)."""
    t17, t07 = (reject_out_of_rotation(t) for t in both("N:1H W:P").values())
    assert musts(t07) == [(W, Duration.REST_OF_AUCTION, "Law 30B2(a) (2007)")]
    assert [c for c in t07.constraints if isinstance(c, NoDoubleNow)] == [NoDoubleNow(E, LawRef(30, "B2(b)"))]
    assert "not double" in explain_table(t07)
    with pytest.raises(ImpossibleActionError, match=r"30B2\(b\) \(2007\)"):
        run(t07, "E:X")
    after = run(t07, "E:2C")  # a bid is allowed; the bar lapses with East's turn
    assert not any(isinstance(c, NoDoubleNow) for c in after.constraints)
    assert run(t17, "E:X").pending is None  # 2017: East may double
    assert musts(t17) == []


def test_2007_31a2_the_partner_passes_once_if_the_offender_repeats_the_denomination() -> None:
    """South bids 2C at East's turn (his RHO's) after North's 1H; not accepted; East bids 1S; South bids 2C.
    2017: the Director judges comparability (Law 23); 2007: the denomination is repeated, so North passes at
    his next turn only (Law 31A2(a) (2007)), no Director's judgement and no lead restriction."""
    t17, t07 = (run(reject_out_of_rotation(t), "E:1S S:2C") for t in both("N:1H S:2C").values())
    assert t17.pending is not None and str(t17.pending.law) == "Law 23"
    assert t07.pending is None
    assert musts(t07) == [(N, Duration.NEXT_TURN, "Law 31A2(a) (2007)")]
    assert not any(isinstance(c, LeadRestriction) for c in t07.constraints)


def test_2007_31a2b_another_denomination_silences_the_partner_to_the_end() -> None:
    """Same, but South bids 2D at his turn: Law 31A2(b) (2007): North passes to the end, with the Law 26
    (2007) lead restrictions for clubs, the suit of the cancelled bid. In 2017 a call not comparable
    silences North only at his next turn (Law 31A2(b))."""
    t17, t07 = (run(reject_out_of_rotation(t), "E:1S S:2D") for t in both("N:1H S:2C").values())
    assert musts(t07) == [(N, Duration.REST_OF_AUCTION, "Law 31A2(b) (2007)")]
    restriction = next(c for c in t07.constraints if isinstance(c, LeadRestriction))
    assert restriction.withdrawn == (Suit.CLUBS,)
    t17 = t17.apply(Elected(DIRECTOR, t17.pending.options[1]))  # type: ignore[union-attr]
    assert musts(t17) == [(N, Duration.NEXT_TURN, "Law 31A2(b)")]


def test_2007_31b_a_bid_at_partners_turn_silences_the_partner_to_the_end() -> None:
    """South bids 1C at North's (dealer's) turn. 2007: North passes to the end (Law 31B (2007)); 2017: North
    calls freely (Law 31B1) and South's own call is judged comparable or not (Law 31B2)."""
    t17, t07 = (reject_out_of_rotation(t) for t in both("S:1C").values())
    assert musts(t07) == [(N, Duration.REST_OF_AUCTION, "Law 31B (2007)")]
    assert musts(t17) == []
    t17 = run(t17, "N:P E:P S:1C")
    assert t17.pending is not None and str(t17.pending.law) == "Law 23"


def test_2007_32b2_after_rhos_call_the_partner_of_a_doubler_out_of_rotation_passes_to_the_end() -> None:
    """After North's 1H, West doubles at South's turn (West's RHO); not accepted; South bids 2H; West passes.
    Law 32B2 (2007): East passes to the end whatever West calls; Law 32A2 (2017): the Director judges West's
    call, and a call not comparable silences East once."""
    t17, t07 = (run(reject_out_of_rotation(t), "S:2H W:P") for t in both("N:1H E:P W:X").values())
    assert musts(t07) == [(E, Duration.REST_OF_AUCTION, "Law 32B2 (2007)")]
    assert t17.pending is not None and str(t17.pending.law) == "Law 23"


# --- Law 25: an intended change of call accepted -----------------------------------------------------------


def test_2007_25b1_the_withdrawn_call_brings_law_26_at_once() -> None:
    """North bids 1C, then changes it on purpose to 1D; East accepts the change (Law 25B1). 2017 asks the
    Director whether 1D is comparable to 1C (Law 26A or 26B); 2007 applies Law 26 (2007) to the withdrawn 1C
    at once: a call that named clubs (26A (2007))."""
    from tenace.laws import Accept, CallChanged, Unintended

    def changed(edition: int) -> Table:
        t = run(fresh(edition), "N:1C").apply(CallChanged(N, parse_call("1D")))
        t = t.apply(Elected(DIRECTOR, Unintended(False, LawRef(25, "B"))))
        t = t.apply(DirectorCalled(E))
        return t.apply(Elected(E, Accept(LawRef(25, "B1"))))

    t17, t07 = changed(2017), changed(2007)
    assert t17.pending is not None and [str(o.law) for o in t17.pending.options] == ["Law 26A", "Law 26B"]
    assert t07.pending is None
    restriction = next(c for c in t07.constraints if isinstance(c, LeadRestriction))
    assert restriction.seat is S and restriction.withdrawn == (Suit.CLUBS,)
    assert restriction.law.edition == 2007


# --- citations, the log and `tenace rule` -------------------------------------------------------------------


def test_2007_16d_shared_clauses_are_cited_as_the_2007_book_numbers_them() -> None:
    """A 2007 table cites the clause of its own edition: 2017's Law 16C (withdrawn calls) is Law 16D in 2007,
    2017's Law 72C is Law 23 (2007), a clause 2007 lacks names 2017."""
    assert str(in_edition(LawRef(16, "C"), 2007)) == "Law 16D (2007)"
    assert str(in_edition(LawRef(72, "C"), 2007)) == "Law 23 (2007)"
    assert str(in_edition(LawRef(36, "C"), 2007)) == "Law 36C (2017)"
    t = lead_after_27b2(2007)
    text = explain_table(t)
    assert "Law 16D (2007)" in text and "Law 16C" not in text


def test_2007_the_log_carries_the_edition_and_replays_by_it() -> None:
    t = lead_after_27b2(2007)
    text = dumps(t, indent=None)
    data = json.loads(text)
    assert data["regulations"] == {"edition": 2007}
    options = [e.get("option") for e in data["events"]]
    assert {"type": "Comparable", "yes": False, "law": "27B2 (2007)"} in options
    assert loads(text) == t and loads(text).regulations.edition == 2007
    # the same events under 2017 give 2017's Law 26B options at the lead
    data["regulations"] = {}
    t17 = loads(json.dumps(data))
    assert t17.pending is not None and str(t17.pending.law) == "Law 26B"


def test_2007_a_log_naming_an_edition_that_does_not_exist_is_refused_at_its_path() -> None:
    data = json.loads(dumps(fresh(2017), indent=None))
    data["regulations"] = {"edition": 1997}
    with pytest.raises(JSONFormatError, match=r"regulations.*1997"):
        loads(json.dumps(data))
    with pytest.raises(ValueError, match="1997"):
        Regulations(edition=1997)


def test_2007_rule_json_shows_the_edition_and_edition_option_replays_under_it(tmp_path: Path) -> None:
    log = tmp_path / "table.json"
    log.write_text(dumps(run(reject_insufficient(run(fresh(2017), "N:1H E:1D!", alert="transfer")), "E:2D")))
    as_2017 = json.loads(runner.invoke(app, ["rule", str(log), "--json"]).stdout)
    assert as_2017["edition"] == 2017 and as_2017["pending"] is None
    result = runner.invoke(app, ["rule", str(log), "--json", "--edition", "2007"])
    assert result.exit_code == 0, result.output
    as_2007 = json.loads(result.stdout)
    assert as_2007["edition"] == 2007 and as_2007["pending"]["law"] == "Law 27B1(b) (2007)"
    assert [o["option"]["law"] for o in as_2007["pending"]["options"]] == ["27B1(b) (2007)", "27B2 (2007)"]
    text = runner.invoke(app, ["rule", str(log), "--edition", "2007"]).stdout
    assert "Laws of 2007" in text and "Law 27B1(b) (2007)" in text
    bad = runner.invoke(app, ["rule", str(log), "--edition", "1997"])
    assert bad.exit_code == 2 and "1997" in bad.output


def test_2007_the_same_play_follows_in_both_editions() -> None:
    """Where the editions agree, a 2007 table plays as a 2017 one: the 2H contract above, after declarer lets
    the lead be, takes the same first trick."""
    cards = {}
    for edition in EDITIONS:
        t = lead_after_27b2(edition)
        free = next(o for o in t.pending.options if isinstance(o, FreeLead))  # type: ignore[union-attr]
        t = t.apply(Elected(N, free))
        t = t.apply(CardPlayed(E, Card.from_str("DJ")))
        cards[edition] = [str(c) for c in t.play.cards]  # type: ignore[union-attr]
    assert cards[2017] == cards[2007] == ["DJ"]


# --- Law 64: both sides revoked ---------------------------------------------------------------------------


def revokes_by_both_sides(edition: int) -> Table:
    """3NT by North on the revoke deal. Trick 2: East revokes (S8 on a club; he holds CA CK) and West wins
    it; trick 3: North revokes (C3 on West's diamond lead; he holds DA DK DQ), and East draws attention at
    once, so North corrects it (Law 62) with the DA. Attention is then drawn to East's established revoke and
    North claims the rest."""
    from tenace.laws.events import AttentionDrawn

    from ._revoke_deal import REVOKE_DEAL, cards, claim_agreed

    t = run(Table.new(Board(1, REVOKE_DEAL), Regulations(edition=edition)), "N:3NT E:P S:P W:P")
    t = cards(t, "HJ H5 H2 HA C2 S8 C6 C9 D2 C3")
    t = t.apply(AttentionDrawn(E, N, 3))
    t = t.apply(CardPlayed(N, Card.from_str("DA")))
    t = t.apply(AttentionDrawn(N, E, 2))
    return claim_agreed(cards(t, "D9 D5"), "N", 9)


def test_2007_64b7_no_transfer_once_both_sides_revoked_even_if_one_was_corrected() -> None:
    """2017: East's established revoke, on a trick his side won, transfers one trick (Law 64A2); North's
    corrected revoke is no longer a revoke Law 64 sees, so Law 64B7 (both established) does not apply. 2007:
    both sides have revoked on the board, so no trick is transferred (Law 64B7 (2007))."""
    from tenace.laws.revokes import assess

    results = {}
    for edition in EDITIONS:
        t = revokes_by_both_sides(edition)
        assert t.playing is not None
        exceptions = {a.revoke.offender: a.exception for a in assess(t.playing)}
        assert exceptions[N] == LawRef(62)  # the corrected revoke: Law 62, no transfer, in both editions
        results[edition] = (str(exceptions[E]) if exceptions[E] else None, t.playing.edition)
        if t.pending is not None:  # Law 64C: the Director keeps the result
            t = t.apply(Elected(DIRECTOR, t.pending.options[0]))
        results[edition] += (t.declarer_tricks,)
    assert results[2017][:2] == (None, 2017) and results[2007][:2] == ("Law 64B7 (2007)", 2007)
    assert results[2017][2] == results[2007][2] + 1  # the one trick 64A2 transfers in 2017 only


def test_2007_30b1_after_a_bid_a_pass_at_rhos_turn_silences_the_offender_once_in_both_editions() -> None:
    """After North's 1H, South passes at East's turn (his RHO's): the offender passes at his next turn, Law
    30A in 2017 and Law 30B1 (2007)."""
    t17, t07 = (reject_out_of_rotation(t) for t in both("N:1H S:P").values())
    assert musts(t17) == [(S, Duration.NEXT_TURN, "Law 30A")]
    assert musts(t07) == [(S, Duration.NEXT_TURN, "Law 30B1 (2007)")]


def test_2007_36b4_an_inadmissible_double_out_of_rotation_silences_the_partner_with_law_26() -> None:
    """East doubles at North's (dealer's) turn with nothing to double (inadmissible, never accepted, Law 32):
    cancelled, and East's partner West passes to the end (Law 36B4, Law 36B4
    (2007)); the lead restriction is 2017's Law 26B, or 2007's Law 26 for a call that named no suit (Law 26B
    (2007): any one suit)."""
    for edition in EDITIONS:
        t = run(fresh(edition), "E:X")
        t = t.apply(DirectorCalled(N))
        assert musts(t) == [(W, Duration.REST_OF_AUCTION, "Law 36B4")]
        restriction = next(c for c in t.constraints if isinstance(c, LeadRestriction))
        assert restriction.seat is W and restriction.withdrawn == ()
        assert restriction.law.edition == (2007 if edition == 2007 else None)


def test_2007_38d_a_bid_above_seven_names_its_suit_for_law_26() -> None:
    """North opens 7C, East bids 8C (Law 38), nobody calls over it: both East and West pass to the end
    (38C). The Law 38D lead restriction for West is 2017's 26B (any suit East did not name) or, in 2007,
    Law 26 (2007) for a call that named clubs: declarer may require or forbid clubs (Law 26A2 (2007))."""
    from tenace.laws.events import BidAboveSeven

    for edition in EDITIONS:
        t = run(fresh(edition), "N:7C").apply(BidAboveSeven(E, "8C")).apply(DirectorCalled(S))
        restriction = next(c for c in t.constraints if isinstance(c, LeadRestriction))
        label = " (2007)" if edition == 2007 else ""
        assert restriction.seat is W and str(restriction.law) == "Law 38D" + label
        assert restriction.withdrawn == ((Suit.CLUBS,) if edition == 2007 else ())


def test_2007_rule_replays_a_2007_log_by_2007_rules(tmp_path: Path) -> None:
    """A log whose regulations name 2007 is replayed by 2007 rules without any option: the alerted
    insufficient bid replaced by the next bid in its denomination goes to the Director (Law 27B1(b)
    (2007)); --edition 2017 replays the same record by 2017 rules (Law 27B1(a): nothing to decide)."""
    log = tmp_path / "table.json"
    log.write_text(dumps(run(reject_insufficient(run(fresh(2007), "N:1H E:1D!", alert="transfer")), "E:2D")))
    data = json.loads(runner.invoke(app, ["rule", str(log), "--json"]).stdout)
    assert data["edition"] == 2007 and data["pending"]["law"] == "Law 27B1(b) (2007)"
    assert "same as the insufficient bid" in data["pending"]["options"][0]["text"]
    as_2017 = json.loads(runner.invoke(app, ["rule", str(log), "--json", "--edition", "2017"]).stdout)
    assert as_2017["edition"] == 2017 and as_2017["pending"] is None


def test_2007_32b1_a_double_repeated_brings_no_lead_restriction() -> None:
    """After 1H by North, West doubles at South's turn (his RHO's); not accepted. South passes, so West must
    repeat the double (Law 32B1 (2007), 32A1 in 2017): no rectification. Under 2007 Law 26 (2007) asks for a
    different final call, so the cancelled double brings no lead restriction either; South bidding instead
    lets West call freely, East then passes to the end (Law 32B2 (2007)), and a call other than the double
    brings Law 26B (2007)."""
    t = reject_out_of_rotation(run(fresh(2007), "N:1H E:P W:X"))
    repeated = run(t, "S:P W:X")
    assert musts(repeated) == [] and not any(isinstance(c, LeadRestriction) for c in repeated.constraints)
    other = run(t, "S:2H W:P")
    assert musts(other) == [(E, Duration.REST_OF_AUCTION, "Law 32B2 (2007)")]
    restriction = next(c for c in other.constraints if isinstance(c, LeadRestriction))
    assert restriction.seat is E and restriction.withdrawn == () and restriction.law.edition == 2007
    doubled_again = run(t, "S:2H W:X")
    assert musts(doubled_again) == [(E, Duration.REST_OF_AUCTION, "Law 32B2 (2007)")]
    assert not any(isinstance(c, LeadRestriction) for c in doubled_again.constraints)


# --- Law 68: play after a doubted claim ----------------------------------------------------------------


def test_2007_68d_play_ceases_after_a_claim_and_no_one_may_agree_to_play_on() -> None:
    """North claims 12 after the first trick and East doubts. 2017 lets all four agree to play on (Law
    68D2(b)): the claim is void and play resumes. Law 68D (2007): play ceases; a doubted claim goes to the
    Director (Law 70 (2007)), so the agreement to play on is refused and the claim stays open for his
    ruling."""
    from tenace.laws import ClaimAnswered, ClaimMade, Phase, PlayOnAgreed

    for edition in EDITIONS:
        t = run(fresh(edition), "N:3NT E:P S:P W:P")
        for seat, card in ((E, "ST"), (S, "S3"), (W, "S2"), (N, "SA")):
            t = t.apply(CardPlayed(seat, Card.from_str(card)))
        t = t.apply(ClaimMade(N, 12, "all mine")).apply(ClaimAnswered(E, False))
        if edition == 2017:
            played_on = t.apply(PlayOnAgreed())
            assert played_on.claim is None and played_on.phase is Phase.PLAY
        else:
            with pytest.raises(ImpossibleActionError, match=r"68D, 70 \(2007\)"):
                t.apply(PlayOnAgreed())
            assert t.claim is not None and t.phase is Phase.CLAIM


# --- Law 15A (2017) / Law 17D (2007): a call made holding another board's cards --------------------------


def test_2007_17d2_the_lho_repeats_his_call_and_the_director_compares_the_new_call() -> None:
    """North opens 1C; East calls 1H holding another board's cards, South passes over it, then it is found.
    2017 (Law 15A1, 15A2(b)): East's call and South's pass are cancelled, East calls again, South calls
    freely. Law 17D2 (2007): East's call is cancelled and he calls again; South must repeat his pass, and the
    Director judges whether East's new call differs (if so, adjusted scores)."""
    from tenace.laws import WrongHandCall
    from tenace.laws.decisions import Differs
    from tenace.laws.wrong_board import ruling

    t17, t07 = (t.apply(WrongHandCall(E)) for t in both("N:1C E:1H S:P").values())
    assert [str(w.law) for w in t07.withdrawn] == ["Law 17D1 (2007)", "Law 17D1 (2007)"]
    assert [str(w.law) for w in t17.withdrawn] == ["Law 15A2(c)", "Law 15A2(c)"]
    assert standing(t17) == standing(t07) == "N:1C" and t17.turn is t07.turn is E
    assert run(run(t17, "E:1S"), "S:2C").pending is None  # 2017: South calls freely
    t07 = run(t07, "E:1S")
    assert t07.pending is not None and str(t07.pending.law) == "Law 17D2 (2007)"
    same = t07.apply(Elected(DIRECTOR, Differs(False, LawRef(17, "D2"))))
    with pytest.raises(ImpossibleActionError, match="must repeat"):
        run(same, "S:2C")
    assert standing(run(same, "S:P")) == "N:1C E:1S S:P"
    differs = t07.apply(Elected(DIRECTOR, Differs(True, LawRef(17, "D2"))))
    assert str(ruling(differs).cancelled) == "Law 17D2 (2007)" and differs.score_ns() is None


def test_2007_17d2_the_partner_called_after_it_the_director_adjusts_in_both_editions() -> None:
    for edition in EDITIONS:
        from tenace.laws import WrongHandCall
        from tenace.laws.wrong_board import ruling

        t = run(fresh(edition), "N:1C E:1H S:P W:2H").apply(WrongHandCall(E))
        assert str(ruling(t).cancelled) == ("Law 15A2(a)" if edition == 2017 else "Law 17D2 (2007)")


# --- a property: random auction irregularities under 2007 ---------------------------------------------------


def _old_clauses_only(t: Table) -> None:
    """Every obligation Laws 26-32 put on a 2007 table cites the 2007 clause (no comparable call, Law 23)."""
    for c in t.constraints:
        law = c.law
        if 26 <= law.law <= 32:
            assert law.edition == 2007, c
    pending = t.pending
    if pending is not None:
        assert pending.law.law != 23, pending  # 2007 has no comparable call
        for option in pending.options:
            assert not (isinstance(option, Comparable) and option.law.law == 23), option


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_2007_random_auction_irregularities_end_and_cite_2007(data: st.DataObject) -> None:
    """Random calls in and out of rotation (insufficient bids, doubles, alerted calls among them), the
    Director called at once and any of his options elected: a 2007 table never gets stuck, every obligation
    of Laws 26-32 cites its 2007 clause and no decision asks for a comparable call (Law 23 (2007) is not the
    comparable call), the auction ends, and the record replays and round-trips through the JSON log."""
    from tenace.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE
    from tenace.errors import UnlawfulActionError
    from tenace.laws import MustRepeat, Phase

    calls = (PASS, PASS, DOUBLE, REDOUBLE, *ALL_BIDS[:10])
    t = fresh(2007)

    def attempt(table: Table, event: object) -> Table:
        try:
            return table.apply(event)  # type: ignore[arg-type]
        except (ImpossibleActionError, UnlawfulActionError):
            return table

    for _ in range(data.draw(st.integers(0, 30))):
        if t.phase is not Phase.AUCTION:
            break
        if t.pending is not None:
            t = attempt(t, Elected(t.pending.actor, data.draw(st.sampled_from(t.pending.options))))
        elif t.open_irregularity is not None:
            t = attempt(t, DirectorCalled(t.open_irregularity.offender.lho))
        else:
            seat = data.draw(st.sampled_from(tuple(Seat)))
            alert = data.draw(st.integers(0, 4)) == 0
            t = attempt(t, CallMade(seat, data.draw(st.sampled_from(calls)), alert=alert,
                                    explanation="transfer: 5+ hearts" if alert else None))
        _old_clauses_only(t)
    def candidates(table: Table) -> list[object]:
        """What may move the auction on, most useful first: any of the pending options (one may be refused:
        a double that Law 30B2(b) (2007) bars cannot be the intended call of Law 25A1 either), the Director,
        the call the turn must repeat, a pass."""
        if table.pending is not None:
            return [Elected(table.pending.actor, option) for option in table.pending.options]
        if table.open_irregularity is not None:
            return [DirectorCalled(table.open_irregularity.offender.lho)]
        turn = table.auction.turn
        assert isinstance(turn, Seat)
        repeat = [CallMade(turn, c.call) for c in table.constraints
                  if isinstance(c, MustRepeat) and c.seat is turn]
        return [*repeat, CallMade(turn, PASS)]

    for _ in range(80):  # drive the auction to its end
        if t.phase is not Phase.AUCTION:
            break
        before = t
        for event in candidates(t):
            t = attempt(t, event)
            if t is not before:
                break
        assert t is not before, f"stuck: {t.pending} {t.open_irregularity} {t.constraints}"
        _old_clauses_only(t)
    assert t.phase is not Phase.AUCTION, (
        f"the auction did not end: calls {standing(t)}, constraints {t.constraints}, procedure "
        f"{t.auction.procedure}, last events {t.record[-8:]}")
    assert Table.replay(t.board, t.record, t.regulations) == t
    assert loads(dumps(t)) == t
