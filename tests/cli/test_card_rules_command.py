"""``tenace card`` with a bidding system's rules (tenace.system.bidding): ``check FILE.rules`` lists every
problem with its file and line (exit 1; 2 for a file that cannot be read); ``check FILE.rules RECORD`` reviews
a record against the system's card; ``robots`` writes a system as a card; ``bid`` gives the system's call with
a hand, its explanation and alert, and the other calls the rules allow. Bad input names what is wrong and
where, never with a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tenace import Deal, Seat
from tenace.calls import parse_call
from tenace.cli import app
from tenace.formats.json import dumps_records
from tenace.record import AnnotatedCall, DealRecord
from tenace.system import dumps, loads
from tenace.system.bidding.card import card_of
from tenace.system.bidding.rules import load_system
from tenace.system.samples import natural_card

runner = CliRunner()

MINI = """system Mini
summary A tiny system for tests: a strong notrump and Stayman.
conventions Strong notrump, Stayman
[-]
1NT  hcp 15-17, balanced       : notrump-opening  nf
P    hcp -14                   : pass-weak
[1NT P]
2C   hcp 8+, H==4              : stayman          forcing alert
"""
ONE_NT = "natural: balanced, or semi-balanced with a long minor; 15-17 HCP; balanced; not forcing"
STAYMAN = "Stayman: asks for a four-card major; 8+ HCP; 4♥; forcing"
# North 17 HCP 3-4-3-3 opens 1NT; South 10 HCP with four hearts bids Stayman.
DEAL = Deal.from_pbn("N:AK5.KQ43.J87.A54 973.T75.K952.Q72 QJ4.AJ92.Q3.J983 T862.86.AT64.KT6")
STAYMAN_HAND = "QJ4.AJ92.Q3.J983"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    return write(tmp_path, "mini.rules", MINI)


def run(*args: str) -> Result:
    return runner.invoke(app, ["card", *args])


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


# --- check FILE.rules -----------------------------------------------------------------------------------


def test_check_of_a_sound_system_says_so_and_exits_0(mini: Path) -> None:
    result = run("check", str(mini))
    assert result.exit_code == 0, result.output
    assert "No problem in Mini (" in result.stdout and "3 rules" in result.stdout
    data = json.loads(run("check", str(mini), "--json").stdout)
    assert (data["system"], data["rules"], data["problems"]) == ("Mini", 3, [])
    assert data["conventions"] == ["Strong notrump", "Stayman"]


@pytest.mark.parametrize(("added", "where", "message"), [
    ("2C   hcp 8+, S==4   : natural\n", "mini.rules:9",
     "[1NT P] 2C has two meanings: 'stayman' (mini.rules:8) and 'natural'"),
    ("2D   S>=5, S<=4     : natural\n", "mini.rules:9", "[1NT P] 2D: no hand can meet S>=5, S<=4"),
    ("2H   hcp 0-7        : frobnicate\n", "mini.rules:9", "[1NT P] 2H: unknown meaning 'frobnicate'"),
    ("2S   hcp 0-7        : transfer alert\n", "mini.rules:9",
     "[1NT P] 2S is 'transfer', a part of Jacoby transfers, which the system does not list under "
     "'conventions'"),
])
def test_check_lists_each_problem_with_its_file_line_auction_and_conflict(
    tmp_path: Path, added: str, where: str, message: str
) -> None:
    path = write(tmp_path, "mini.rules", MINI + added)
    result = run("check", str(path))
    assert result.exit_code == 1, result.output
    assert f"{where}: {message}" in result.stdout
    assert "1 problem(s) in Mini" in result.stdout
    data = json.loads(run("check", str(path), "--json").stdout)
    assert [(p["file"], p["line"], p["message"]) for p in data["problems"]] == [
        ("mini.rules", int(where.split(":")[1]), message)]
    no_traceback(result)


def test_an_unknown_convention_is_found_on_the_line_that_lists_it(tmp_path: Path) -> None:
    """The checker names the system's file only; the command finds the ``conventions`` line."""
    path = write(tmp_path, "mini.rules", MINI + "conventions Weak twos, Frobnitz  # and more\n")
    result = run("check", str(path))
    assert result.exit_code == 1
    assert "mini.rules:9: unknown convention 'Frobnitz' (known: " in result.stdout
    problem = json.loads(run("check", str(path), "--json").stdout)["problems"][0]
    assert (problem["file"], problem["line"]) == ("mini.rules", 9)


@pytest.mark.parametrize(("name", "text", "message"), [
    ("syntax.rules", MINI.replace("hcp 8+, H==4", "hcp 12-9, H==4"),
     "syntax.rules:8: the range '12-9' goes down: 12 is above 9"),
    ("colon.rules", MINI + "2D  hcp 0-7 transfer\n", "colon.rules:9: a rule needs ':' before its meaning"),
    ("flag.rules", MINI + "2D  hcp 0-7 : natural sometimes\n", "flag.rules:9: unknown flag 'sometimes'"),
    ("nameless.rules", MINI.replace("system Mini\n", ""),
     "nameless.rules: the file does not name its system"),
])
def test_a_file_that_cannot_be_read_exits_2_naming_its_file_and_line(tmp_path: Path, name: str, text: str,
                                                                     message: str) -> None:
    result = run("check", str(write(tmp_path, name, text)))
    assert result.exit_code == 2
    assert message in result.stderr
    no_traceback(result)


def test_a_missing_or_undecodable_file_exits_2(tmp_path: Path) -> None:
    missing = run("check", str(tmp_path / "nothere.rules"))
    assert missing.exit_code == 2 and "nothere.rules: cannot read the file" in missing.stderr
    binary = tmp_path / "binary.rules"
    binary.write_bytes(b"system \xff\xfe\n")
    result = run("check", str(binary))
    assert result.exit_code == 2 and "binary.rules: not UTF-8 text" in result.stderr
    no_traceback(result)


def test_a_json_card_alone_is_not_a_check(tmp_path: Path) -> None:
    card = write(tmp_path, "natural.json", dumps(natural_card()))
    result = run("check", str(card))
    assert result.exit_code == 2 and "give the record to check against this card" in result.stderr


# --- check FILE.rules RECORD ----------------------------------------------------------------------------


def record(first: str) -> DealRecord:
    calls = (("1NT", False, first), ("P", False, None), ("2C", True, STAYMAN), ("P", False, None),
             ("2H", False, None), ("P", False, None), ("4H", False, None), *[("P", False, None)] * 3)
    return DealRecord(number=1, dealer=Seat.NORTH, deal=DEAL,
                      calls=tuple(AnnotatedCall(parse_call(c), alert, text) for c, alert, text in calls))


def test_a_record_is_reviewed_against_the_systems_card(tmp_path: Path, mini: Path) -> None:
    good = write(tmp_path, "good.json", dumps_records([record(ONE_NT)]))
    result = run("check", str(mini), str(good))
    assert result.exit_code == 0, result.output
    assert "against Mini" in result.stdout and "No finding" in result.stdout
    wrong = write(tmp_path, "wrong.json", dumps_records([record("natural: 12-14 HCP, balanced")]))
    result = run("check", str(mini), str(wrong), "--json")
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    [mismatch] = data["boards"][0]["mismatches"]
    assert (mismatch["index"], mismatch["call"]) == (0, "1NT")
    assert mismatch["fields"] == [{"field": "hcp", "card": "15-17", "explained": "12-14"}]


# --- robots -------------------------------------------------------------------------------------------


def test_robots_writes_a_systems_card(tmp_path: Path, mini: Path) -> None:
    out = tmp_path / "mini.json"
    result = run("robots", "--system", str(mini), "--out", str(out))
    assert result.exit_code == 0, result.output
    card = loads(out.read_text(encoding="utf-8"))
    assert card == card_of(load_system(mini))
    assert f"wrote {out} ({len(card.agreements)} agreements)" in result.stdout
    one_nt = card.meaning("", parse_call("1NT"))
    assert one_nt is not None and (one_nt.hcp_min, one_nt.hcp_max) == (15, 17)
    stayman = card.meaning("1NT P", parse_call("2C"))
    assert stayman is not None and stayman.artificial and stayman.convention == "Stayman"
    shown = run("show", str(out))
    assert shown.exit_code == 0 and "Mini" in shown.stdout and "1NT (P) 2C: Stayman" in shown.stdout
    standard = run("robots", "--system", str(mini))  # to standard output
    assert standard.exit_code == 0 and loads(standard.stdout) == card


def test_robots_of_an_unknown_or_broken_system_exits_2(tmp_path: Path) -> None:
    unknown = run("robots", "--system", "acol")
    assert unknown.exit_code == 2
    assert "--system: no system 'acol': give one of the shipped systems (" in unknown.stderr
    broken = write(tmp_path, "broken.rules", MINI.replace("[1NT P]", "[1NT P"))
    result = run("robots", "--system", str(broken))
    assert result.exit_code == 2 and "broken.rules:7: a heading ends with ']'" in result.stderr
    no_traceback(result)


def test_a_system_with_problems_is_written_with_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, "conflict.rules", MINI + "2C   hcp 8+, S==4   : natural\n")
    result = run("robots", "--system", str(path))
    assert result.exit_code == 0, result.output
    assert "warning: Mini has 1 problem(s), the first: conflict.rules:9: [1NT P] 2C has two meanings" in \
        result.stderr


# --- bid ----------------------------------------------------------------------------------------------


def test_bid_gives_the_call_its_explanation_alert_and_rule(mini: Path) -> None:
    result = run("bid", STAYMAN_HAND, "--auction", "1NT P", "--system", str(mini))
    assert result.exit_code == 0, result.output
    first, rule = result.stdout.splitlines()[:2]
    assert first == f"S (Mini): 2C (alert): {STAYMAN}"
    assert rule.strip() == "rule mini.rules:8 [stayman]"
    data = json.loads(run("bid", STAYMAN_HAND, "--auction", "1NT P", "--system", str(mini), "--json").stdout)
    assert {k: data[k] for k in ("system", "seat", "call", "alert", "explanation", "rule", "auction")} == {
        "system": "Mini", "seat": "S", "call": "2C", "alert": True, "explanation": STAYMAN,
        "rule": {"where": "mini.rules:8", "meaning": "stayman"}, "auction": ["1NT", "P"]}


def test_bid_lists_the_other_calls_the_rules_allow(tmp_path: Path) -> None:
    path = write(tmp_path, "two.rules", MINI + "3NT  hcp 10-15                 : notrump-game     signoff\n")
    data = json.loads(run("bid", STAYMAN_HAND, "--auction", "1NT P", "--system", str(path), "--json").stdout)
    assert data["call"] == "2C"
    assert [(o["call"], o["rule"], o["judge"], o["option"]) for o in data["others"]] == [
        ("3NT", {"where": "two.rules:9", "meaning": "notrump-game"}, False, False)]
    text = run("bid", STAYMAN_HAND, "--auction", "1NT P", "--system", str(path)).stdout
    assert "also 3NT: to play: game in notrump; 10-15 HCP; sign-off (two.rules:9 notrump-game)" in text


def test_bid_with_no_rule_passes_and_seats_follow_the_dealer(mini: Path) -> None:
    data = json.loads(run("bid", "T862.86.AT64.KT6", "--dealer", "W", "--vul", "All", "--system", str(mini),
                          "--json").stdout)
    assert (data["seat"], data["dealer"], data["vulnerability"], data["call"]) == ("W", "W", "All", "P")
    assert data["rule"] == {"where": "mini.rules:6", "meaning": "pass-weak"}
    data = json.loads(run("bid", STAYMAN_HAND, "--auction", "P 1NT P", "--dealer", "W", "--system", str(mini),
                          "--json").stdout)
    assert (data["seat"], data["call"]) == ("S", "2C")


def test_bid_with_the_robots_system() -> None:
    result = run("bid", "AK5.KQ4.J876.A54", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["system"], data["seat"], data["call"], data["alert"]) == ("Tenace 2/1", "N", "1NT", False)
    assert "15-17 HCP" in data["explanation"]


@pytest.mark.parametrize(("args", "message"), [
    (["AK5.KQ4"], "HAND: a PBN hand has four suits separated by dots, got 'AK5.KQ4'"),
    (["AK5.KQ4.J876.A5"], "HAND: a hand has 13 cards, 'AK5.KQ4.J876.A5' has 12"),
    (["AK5.KQ4.J876.A54", "--auction", "1NT ZZ"], "--auction: call 2: not a call: 'ZZ'"),
    (["AK5.KQ4.J876.A54", "--auction", "1NT 1C"], "--auction: call 1C by East is not lawful after 1NT"),
    (["AK5.KQ4.J876.A54", "--auction", "P P P P"], "--auction: the auction 'P P P P' has ended"),
    (["AK5.KQ4.J876.A54", "--dealer", "Q"], "--dealer: unknown seat 'Q'"),
    (["AK5.KQ4.J876.A54", "--vul", "sometimes"], "--vul: unknown vulnerability 'sometimes'"),
])
def test_bid_names_the_argument_that_is_wrong(mini: Path, args: list[str], message: str) -> None:
    result = run("bid", *args, "--system", str(mini))
    assert result.exit_code == 2
    assert message in result.stderr
    no_traceback(result)


def test_bid_with_a_system_that_cannot_be_had_exits_2(tmp_path: Path) -> None:
    unknown = run("bid", "AK5.KQ4.J876.A54", "--system", "acol")
    assert unknown.exit_code == 2 and "no system 'acol'" in unknown.stderr
    syntax = write(tmp_path, "syntax.rules", MINI.replace("hcp 8+, H==4", "hcp 12-9, H==4"))
    result = run("bid", "AK5.KQ4.J876.A54", "--system", str(syntax))
    assert result.exit_code == 2 and "syntax.rules:8: the range '12-9' goes down" in result.stderr
    no_traceback(result)
