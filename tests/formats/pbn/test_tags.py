"""Layer 3a: typed values of single tags (PBN 2.1 §3.4, §4) and the tag-parser registry."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tenace import Denomination, Doubling, NotationError, PartialDeal, Seat, Vulnerability
from tenace.formats.pbn import read_games
from tenace.formats.pbn.dd import dd_from_digits, parse_ability, parse_par_contracts
from tenace.formats.pbn.tags import (
    DEFAULT_TAG_PARSERS,
    ContractValue,
    DeclarerValue,
    ResultValue,
    SideValue,
    TagContext,
    parse_contract,
    parse_date,
    parse_deal,
    parse_declarer,
    parse_optimum_score,
    parse_percentage,
    parse_result,
    parse_rubber_history,
    parse_score,
    parse_scoring,
    parse_vulnerable,
)


def ctx() -> TagContext:
    return TagContext()


@pytest.mark.parametrize(("text", "vul"), [
    ("None", Vulnerability.NONE), ("Love", Vulnerability.NONE), ("-", Vulnerability.NONE),
    ("NS", Vulnerability.NS), ("ew", Vulnerability.EW), ("All", Vulnerability.BOTH),
    ("both", Vulnerability.BOTH),
])
def test_vulnerable_standard_values(text: str, vul: Vulnerability) -> None:
    c = ctx()
    assert parse_vulnerable(text, c) is vul and c.warnings == []


@pytest.mark.parametrize(("text", "vul"), [("None ", Vulnerability.NONE), ("N-S ", Vulnerability.NS),
                                           ("E-W", Vulnerability.EW)])
def test_vulnerable_spellings_of_other_programs_are_understood_with_a_warning(text: str,
                                                                              vul: Vulnerability) -> None:
    c = ctx()
    assert parse_vulnerable(text, c) is vul and [code for code, _ in c.warnings] == ["vulnerable"]


@pytest.mark.parametrize("text", ["E", "Black", "N"])
def test_vulnerable_rejects_what_is_not_a_vulnerability(text: str) -> None:
    with pytest.raises(NotationError):
        parse_vulnerable(text, ctx())


def test_result_forms_give_declarer_tricks() -> None:
    assert parse_result("9", ctx()) == ResultValue(plain=9)
    assert parse_result("NS 9", ctx()).tricks_for(Seat.NORTH) == 9  # type: ignore[union-attr]
    assert parse_result("NS 9", ctx()).tricks_for(Seat.EAST) == 4  # type: ignore[union-attr]
    assert parse_result("EW 4 NS 9", ctx()).tricks_for(Seat.WEST) == 4  # type: ignore[union-attr]
    irregular = parse_result("^5", ctx())
    assert irregular is not None and irregular.irregular and irregular.plain == 5
    assert parse_result("", ctx()) is None and parse_result("?", ctx()) is None


@pytest.mark.parametrize("text", ["C-2", "14", "NS 9 EW 2", "NS 9 NS 4", "9 10"])
def test_result_rejects_bad_values(text: str) -> None:
    with pytest.raises(NotationError):
        parse_result(text, ctx())


def test_contract_values() -> None:
    assert parse_contract("5HX", ctx()) == ContractValue(False, 5, Denomination.HEARTS, Doubling.DOUBLED)
    assert parse_contract("3nt", ctx()) == ContractValue(False, 3, Denomination.NOTRUMP)
    assert parse_contract("5Cx", ctx()) == ContractValue(False, 5, Denomination.CLUBS, Doubling.DOUBLED)
    assert parse_contract("7SXX", ctx()) == ContractValue(False, 7, Denomination.SPADES, Doubling.REDOUBLED)
    assert parse_contract("Pass", ctx()) == ContractValue(passed_out=True)
    assert parse_contract("H", ctx()) == ContractValue(False, None, Denomination.HEARTS)  # end position
    assert parse_contract("?", ctx()) is None and parse_contract("", ctx()) is None  # "" is not applicable


def test_contract_with_n_for_notrump_is_read_with_a_warning() -> None:
    c = ctx()
    assert parse_contract("3N", c) == ContractValue(False, 3, Denomination.NOTRUMP)
    assert [code for code, _ in c.warnings] == ["contract"]


@pytest.mark.parametrize("text", ["5Hearts", "5NoTrump", "8S", "0NT"])
def test_contract_rejects_bad_values(text: str) -> None:
    with pytest.raises(NotationError):
        parse_contract(text, ctx())


def test_declarer_values_including_the_swapped_declarer_and_passed_out() -> None:
    assert parse_declarer("S", ctx()) == DeclarerValue(Seat.SOUTH)
    assert parse_declarer("^n", ctx()) == DeclarerValue(Seat.NORTH, irregular=True)
    assert parse_declarer("", ctx()) == DeclarerValue(None)
    assert parse_declarer("?", ctx()) is None
    with pytest.raises(NotationError):
        parse_declarer("White", ctx())


def test_deal_with_unknown_hands_and_end_positions_is_a_partial_deal() -> None:
    partial = parse_deal("W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -", ctx())
    assert isinstance(partial, PartialDeal) and partial[Seat.NORTH] is None
    assert partial[Seat.WEST] is not None and len(partial[Seat.WEST]) == 13
    end = parse_deal("N:.6.AKQ987.A9732 A865.KQ5.T.QJT6 J97.J98742.3.K4 QT2.AT.J6542.85", ctx())
    assert isinstance(end, PartialDeal) and {len(h) for h in end.hands if h is not None} == {12}


def test_deal_with_three_hands_is_completed() -> None:
    deal = parse_deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -", ctx())
    assert deal is not None and str(deal) == ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 "
                                              "2.5432.5432.5432")


@pytest.mark.parametrize(("text", "why"), [
    ("W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4", "bad rank"),
    ("W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4", "two hands"),
    ("W:QT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4", "different numbers"),
    ("W:KQT2.AT.J6542.852 - - -", "more than 13"),
    ("W:- - - -", "no cards"),
    ("Q:KQT2.AT.J6542.85 - - -", "seat"),
])
def test_deal_problems_are_named(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        parse_deal(text, ctx())


def test_score_like_values() -> None:
    assert parse_score("NS +550", ctx()) == SideValue(ns=Decimal(550))
    assert parse_score("-1000", ctx()) == SideValue(plain=Decimal(-1000))
    assert parse_score("NS 140 EW -140", ctx()) == SideValue(Decimal(140), Decimal(-140))
    assert parse_percentage("EW 50. NS 50.0", ctx()) == SideValue(Decimal("50.0"), Decimal("50."))
    assert SideValue(plain=Decimal(420)).for_ns(Seat.EAST) == -420
    for bad in ("a", "10.a", "10.-10", "10. 10"):
        with pytest.raises(NotationError):
            parse_score(bad, ctx())
    with pytest.raises(NotationError):
        parse_percentage("-10", ctx())
    with pytest.raises(NotationError):
        parse_optimum_score("100", ctx())


def test_scoring_fields_and_dates_warn_but_keep_the_value() -> None:
    c = ctx()
    assert parse_scoring("MatchPoints;MP1", c) == ("MatchPoints", "MP1") and c.warnings == []
    assert parse_scoring("IMP;??", c) == ("IMP", "??") and [w for w, _ in c.warnings] == ["scoring"]
    d = ctx()
    assert parse_date("2013-11-23 11:23", d) == "2013-11-23 11:23" and [w for w, _ in d.warnings] == ["date"]
    assert parse_date("1998.??.??", ctx()) == "1998.??.??"


def test_rubber_history_defines_the_vulnerability() -> None:
    """§4.2.6: the games won so far in the rubber decide who is vulnerable."""
    none = parse_rubber_history("NS 0 0 / 0 EW 0 0 / 0", ctx())
    ns = parse_rubber_history("NS 0 0 / 100 0 EW 0 0 / 0 0", ctx())
    both = parse_rubber_history("NS 0 0 / 100 0 0 EW 0 0 / 0 100 0", ctx())
    assert [h.vulnerability() for h in (none, ns, both) if h is not None] == [
        Vulnerability.NONE, Vulnerability.NS, Vulnerability.BOTH]


def test_dd_digits_in_other_orders() -> None:
    """The same table written N-first (BridgeComposer) and W-first with NT last."""
    bc = dd_from_digits("1811118111819a8819a8")
    assert bc[Seat.NORTH, Denomination.SPADES] == 8 and bc[Seat.EAST, Denomination.DIAMONDS] == 10
    rows = {"W": "8a918", "N": "11181", "E": "8a918", "S": "11181"}  # C D H S NT per seat
    other = dd_from_digits("".join(rows[s] for s in "WNES"), seats="WNES",
                           denominations=("C", "D", "H", "S", "NT"))
    assert other == bc
    with pytest.raises(NotationError):
        dd_from_digits("1811118111819a8819ae")  # e = 14 tricks


def test_ability_and_par_contracts() -> None:
    ability = parse_ability("N:89797 E:44535 S:89797 W:44535", ctx())
    assert ability is not None and ability[Seat.NORTH, Denomination.NOTRUMP] == 8
    assert ability[Seat.WEST, Denomination.CLUBS] == 5
    pars = parse_par_contracts("N 2NX-1; N 3DX-1", ctx())
    assert [(p.declarers, p.level, p.denomination, p.doubling, p.tricks) for p in pars] == [
        ((Seat.NORTH,), 2, Denomination.NOTRUMP, Doubling.DOUBLED, 7),
        ((Seat.NORTH,), 3, Denomination.DIAMONDS, Doubling.DOUBLED, 8)]
    (ns,) = parse_par_contracts("NS 2C+2", ctx())
    assert ns.declarers == (Seat.NORTH, Seat.SOUTH) and ns.tricks == 10 and str(ns) == "NS 2C+2"


def test_registry_can_be_extended_for_private_tags() -> None:
    def parse_hcp(value: str, c: TagContext) -> int:
        return int(value)

    text = '[Board "1"]\n[MyHcp "17"]\n[Other "x"]'
    (plain,) = read_games(text)
    assert plain.values["MyHcp"] == "17"  # unknown tags stay strings
    (typed,) = read_games(text, tag_parsers={"MyHcp": parse_hcp})
    assert typed.values["MyHcp"] == 17 and typed.values["Other"] == "x"
    assert "MyHcp" not in DEFAULT_TAG_PARSERS
