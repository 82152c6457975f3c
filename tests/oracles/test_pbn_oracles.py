"""Every PBN file in the oracle data, read with Tenace's PBN reader and checked against what the files say.

* every file imports; the standard's ``correct_*.pbn`` have no problem at all, and real files no error;
* the standard's ``errors_*.pbn`` are reported, each problem at the line the file's own comments point to;
* Law 77 (``tenace.scoring.points.score``) gives the score of every ``Score`` tag and ``ScoreTable`` row;
* every play replays under Law 44 (``tenace.play.Play``) to the recorded Result (claims allowed for), with
  the same trick leaders as the PBN reader recomputed; every auction is lawful and yields the recorded
  contract and declarer;
* read → write → read keeps deals, auctions, plays, contracts, results, unknown tags and tables;
* the double-dummy tables written in different encodings in one file agree.

The Deal tags are also read with a regular expression and ``Deal.from_pbn`` so that the reader's typed deal
is checked by something that does not share its code.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest

from tenace import PASS, Contract, Deal, PartialDeal, Seat, Side, score
from tenace.errors import IllegalPlayError
from tenace.formats.pbn import PBNGame, read_games, write_games
from tenace.formats.pbn.dd import dd_from_digits

_ORACLE_ROOT = Path(__file__).resolve().parents[2].parent / "shared" / "oracles"
"""Only used to list the files at collection time; the tests read them through the ``oracles`` fixture."""
PBN_FILES = sorted(str(p.relative_to(_ORACLE_ROOT)) for p in _ORACLE_ROOT.rglob("*.pbn")) \
    if _ORACLE_ROOT.is_dir() else []
SPEC = "pbn-spec/timheilman-tests/reference_impl_tests"
CORRECT = [f for f in PBN_FILES if "/correct_" in f or (f.startswith("pbn-spec/") and "/errors_" not in f)]
REAL = [f for f in PBN_FILES if not f.startswith("pbn-spec/")]


@functools.cache
def _games(path: Path) -> tuple[PBNGame, ...]:
    return tuple(read_games(path))


def games(oracles: Path, rel: str) -> tuple[PBNGame, ...]:
    return _games(oracles / rel)


def all_real_games(oracles: Path) -> list[tuple[str, PBNGame]]:
    return [(rel, g) for rel in REAL for g in games(oracles, rel)]


def test_the_oracle_folders_hold_the_expected_pbn_files() -> None:
    folders = Counter(f.split("/")[0] for f in PBN_FILES)
    assert set(folders) == {"pbn-spec", "pbn-ruter-norway", "pbn-bbohelper-ben",
                            "pbn-samples-richardschneider", "pbntools-real-tournaments", "dd-par-tables"}
    assert len(PBN_FILES) >= 54


# --- every file imports -----------------------------------------------------------------------------------

@pytest.mark.parametrize("rel", PBN_FILES)
def test_every_oracle_pbn_file_imports_with_located_problems(oracles: Path, rel: str) -> None:
    read = games(oracles, rel)
    assert read, f"{rel}: no games"
    for game in read:
        assert game.source == str(oracles / rel)
        for problem in game.problems:
            assert problem.lineno is not None and problem.lineno >= 1, problem
            assert str(problem).startswith(f"{oracles / rel}:{problem.lineno}: ")


@pytest.mark.parametrize("rel", CORRECT)
def test_correct_files_of_the_standard_have_no_errors_or_warnings(oracles: Path, rel: str) -> None:
    problems = [str(p) for g in games(oracles, rel) for p in g.problems]
    assert problems == []


@pytest.mark.parametrize("rel", REAL)
def test_real_files_have_no_errors(oracles: Path, rel: str) -> None:
    assert [str(p) for g in games(oracles, rel) for p in g.errors] == []


def test_game_counts_match_the_board_tags_in_the_files(oracles: Path) -> None:
    """Counted independently: the number of ``[Board`` / ``[Deal`` tags in files with one per game."""
    for rel in REAL:
        text = (oracles / rel).read_bytes().decode("utf-8", errors="replace")
        expected = len(re.findall(r"^\[Deal ", text, flags=re.MULTILINE))
        assert len(games(oracles, rel)) == expected, rel


def test_deal_tags_match_an_independent_reading(oracles: Path) -> None:
    checked = 0
    for rel in PBN_FILES:
        if "/errors_" in rel:
            continue
        text = (oracles / rel).read_bytes().decode("latin-1")
        values = re.findall(r'^\s*\[Deal "([^"]*)"\]', text, flags=re.MULTILINE)
        deals = [g.record.deal for g in games(oracles, rel) if g.tag("Deal") is not None]
        assert len(values) == len(deals), rel
        for value, deal in zip(values, deals, strict=True):
            if not value.strip():
                assert deal is None
                continue
            partial = PartialDeal.from_pbn(value)
            if isinstance(deal, Deal):
                assert deal == partial.complete(), (rel, value)
            else:
                assert deal == partial, (rel, value)
            checked += 1
    assert checked > 4000


def test_hand_records_with_empty_contract_tags_are_not_passed_out(oracles: Path) -> None:
    """§3.4: an empty mandatory tag means "not applicable"; only ``Contract "Pass"`` is a passed-out board."""
    ruter = games(oracles, "pbn-ruter-norway/pairs.pbn")
    assert all(g.tag("Contract") == "" for g in ruter)
    assert not any(g.record.passed_out for g in ruter) and all(g.record.score() is None for g in ruter)
    bbo = [g for r in REAL if r.startswith("pbn-bbohelper") for g in games(oracles, r)]
    assert [g.record.number for g in bbo if g.record.passed_out] == [
        g.record.number for g in bbo if g.tag("Contract") == "Pass"] and any(g.record.passed_out for g in bbo)


def test_ruter_utf8_names_and_iso_8859_1_names_decode(oracles: Path) -> None:
    ruter = games(oracles, "pbn-ruter-norway/pairs.pbn")[0]
    table = ruter.table("TotalScoreTable")
    assert table is not None
    assert "Jørn Johansen - Egil Hansen" in [c.value for c in table.column("Names")]
    latin = games(oracles, f"{SPEC}/correct_10.pbn")[3]  # game 4: names in ISO 8859-1
    south = latin.tag("South")
    assert south is not None and "\ufffd" not in south
    raw = (oracles / SPEC / "correct_10.pbn").read_bytes()
    expected = re.search(rb'\[South "([^"]*)"\]', raw.split(b"game 4")[1])
    assert expected is not None and south == expected.group(1).decode("latin-1")


# --- the standard's error files ---------------------------------------------------------------------------

def _found(oracles: Path, rel: str) -> set[tuple[int | None, str]]:
    return {(p.lineno, p.code) for g in games(oracles, rel) for p in g.problems}


# (line, code) pairs: each line is the one the file's "% <problem>" comment points to.
ERRORS_10 = [
    (11, "tag-syntax"),             # game 2: no tag value
    (15, "tag-syntax"),             # game 3: value without quotes
    (19, "character"),              # game 4: a tab in a string
    (23, "round"), (27, "round"),   # games 5-6: bad Round
    (31, "date"), (35, "date"),     # games 7-8: bad dates
    (39, "dealer"),                 # game 9: bad side
    (43, "vulnerable"),             # game 10
    (47, "deal"), (51, "deal"), (55, "deal"), (59, "deal"), (63, "deal"), (67, "deal"), (71, "deal"),
    (75, "deal"),  # games 11-18: bad rank, card twice, 14 or 12 cards, double space, no cards
    (79, "declarer"), (83, "contract"), (87, "contract"), (91, "result"),   # games 19-22
    (95, "text-outside-tag"),       # game 23: bad characters
    (98, "note-position"),          # bad section: a Note outside auction and play
    (102, "auction-dealer"),        # game 24: no dealer
    (108, "play-deal"), (114, "play-declarer"), (120, "play-contract"),    # games 25-27
    (127, "tag-duplicate"),         # game 28: Site twice
    (159, "auction-dealer"), (168, "auction-dealer"),  # games 28-29: the dealer must call first
    (177, "auction-call"),          # game 30: "1"
    (186, "auction-call"),          # game 31: "1N"
    (195, "auction-illegal"), (204, "auction-illegal"), (214, "auction-illegal"),  # games 32-34
    (223, "auction-suffix"), (226, "auction-suffix"), (229, "auction-nag"), (232, "auction-nag"),
    (235, "auction-nag"), (238, "auction-nag"), (241, "auction-nag"), (244, "auction-note"),
    (247, "auction-note"), (250, "auction-note"),                         # game 35
    (250, "note-missing"),          # no note for =1=
    (258, "declarer-auction"), (266, "declarer-auction"), (274, "declarer-auction"),  # games 36-38
    (283, "contract-auction"), (290, "contract-auction"), (298, "contract-auction"),  # games 39-41
    (306, "contract-auction"), (314, "contract-auction"),                # games 42-43: risk
    (328, "play-revoke"),           # game 44
    (340, "play-suffix"), (343, "play-suffix"), (346, "play-nag"), (349, "play-nag"),  # game 45
    (361, "play-nag"), (363, "play-nag"), (366, "play-note"), (368, "play-nag"),       # game 46
    (381, "play-note"), (384, "play-note"),                                # game 47
    (387, "play-card-not-held"), (390, "play-card-not-held"),
    (405, "play-card"), (408, "play-card"), (411, "play-card"),         # game 48
    (423, "play-irregularity"), (429, "play-irregularity"), (432, "play-irregularity"),
    (435, "play-irregularity"),     # game 49: bad revokes and double marks
    (450, "play-irregularity"), (462, "play-irregularity"), (474, "play-irregularity"),
    (486, "play-irregularity"),     # games 50-53: bad lead, bad revokes
    (495, "result"), (504, "result"),  # games 54-55: a result for a passed-out board
    (529, "note"), (531, "note"), (522, "note-unused"),                   # game 56
    (564, "note-missing"), (562, "note-unused"),                          # game 57
    (601, "auction-irregularity"),  # game 58: ^I on a sufficient bid
    (636, "result"),                # game 59: NS 9 EW 2
    (654, "auction-nag"), (663, "play-nag"), (670, "play-nag"),           # game 59: double and bad NAGs
    (690, "result"),                # game 60: Result 4 with six tricks won
    *((line, "inherit-forbidden") for line in (772, 773, 774, 775, 776, 777, 779)),  # game 62
    (784, "score"), (785, "scoreimp"), (786, "scorepercentage"), (787, "scorerubber"),  # game 63
    (791, "score"), (792, "scoreimp"), (793, "scorepercentage"), (794, "scorerubber"),  # game 64
    (798, "score"), (799, "scoreimp"), (800, "scorepercentage"), (801, "scorerubber"),  # game 65
    (805, "score"), (806, "scoreimp"), (807, "scorepercentage"), (808, "scorerubber"),  # game 66
    (812, "scorepercentage"),       # game 67
    (817, "line-too-long"), (820, "line-too-long"), (825, "line-too-long"),   # games 68-69
    (828, "character"),             # game 69: bad character
    (875, "note"), (877, "note"), (879, "note"), (881, "note"), (883, "note"),  # game 72
    (912, "play-card"), (914, "play-card"), (916, "play-card"),          # game 73: CS, DS, --
    (955, "string-unterminated"), (955, "line-too-long"), (957, "string-unterminated"),  # game 74
]


def test_errors_10_every_problem_the_file_describes_is_reported_at_its_line(oracles: Path) -> None:
    found = _found(oracles, f"{SPEC}/errors_10.pbn")
    missing = [pair for pair in ERRORS_10 if pair not in found]
    assert missing == []


def test_errors_10_unknown_tag_names_and_unusual_values_are_kept_not_errors(oracles: Path) -> None:
    """§4.9: a robust parser skips tags it does not know. Game 1's [Wrong] tag and game 70's Competition,
    Mode and WestType values (§4 gives only examples for those) are kept as they are."""
    read = games(oracles, f"{SPEC}/errors_10.pbn")
    wrong = [g for g in read if g.tag("Wrong") is not None]
    assert len(wrong) == 1 and wrong[0].errors == () and ("Wrong", "Unknown tag") in wrong[0].record.extra
    game70 = next(g for g in read if g.tag("WestType") == "Unknown tag")
    assert game70.tag("Competition") == "Unknown tag" and game70.tag("Mode") == "Unknown tag"


def test_errors_10_other_games_still_load_around_broken_ones(oracles: Path) -> None:
    read = games(oracles, f"{SPEC}/errors_10.pbn")
    assert len(read) == 75  # the 74 games of the file, game 23 split in two by its blank line
    last = read[-1]
    assert last.record.number == 4 and str(last.record.contract) == "3NTS"
    assert isinstance(last.record.deal, Deal) and len(last.record.play) == 52


ERRORS_20 = [
    (7, "scoring"), (10, "scoring"),                    # games 1-2: unknown scoring field, empty fields
    (14, "vulnerable"), (19, "vulnerable"), (22, "vulnerable"), (27, "vulnerable"),  # games 3-6
    (40, "play-plus"),                                  # game 7: double '+'
    (53, "play-plus"),                                  # game 8: card after '+'
    (66, "auction-plus"), (79, "auction-plus"), (92, "auction-plus"),  # games 9-11: call after '+'
    (97, "string-unterminated"),                        # game 12: Call\" escapes the closing quote
    (100, "string-unterminated"), (100, "table-column"),  # game 13
    (103, "table-column"),                              # game 14: Call\L
    (108, "table-comment"),                             # game 15
    (113, "section-character"),                         # game 16: %
    (117, "tag-syntax"), (121, "tag-syntax"),           # games 17-18: [ and ] in table data
    (125, "table-comment"),                             # game 19: { opens a comment among the data
    (143, "table-cells"),                               # game 21: a missing element
    (155, "table-order"), (171, "table-order"),         # games 22-23: -Percentage is not ascending
]


def test_errors_20_every_problem_is_reported_at_its_line(oracles: Path) -> None:
    found = _found(oracles, f"{SPEC}/errors_20.pbn")
    assert [pair for pair in ERRORS_20 if pair not in found] == []


def test_errors_20_table_inherited_with_hash_keeps_its_columns(oracles: Path) -> None:
    read = games(oracles, f"{SPEC}/errors_20.pbn")
    first, second = read[-2].table("TotalScoreTable"), read[-1].table("TotalScoreTable")
    assert first is not None and second is not None
    assert second.columns == first.columns and second.rows == first.rows


def test_errors_21_optimum_score_without_a_side(oracles: Path) -> None:
    found = _found(oracles, f"{SPEC}/errors_21.pbn")
    assert {(7, "optimumscore"), (11, "optimumscore")} <= found


# --- scores: Law 77 ---------------------------------------------------------------------------------------

def test_score_tags_agree_with_law_77(oracles: Path) -> None:
    checked = 0
    for rel, game in all_real_games(oracles) + [(r, g) for r in CORRECT for g in games(oracles, r)]:
        rec = game.record
        if game.score_ns is None:
            continue
        if rec.passed_out:
            assert game.score_ns == 0, (rel, game.lineno)
            continue
        if rec.contract is None or rec.tricks is None:
            continue
        vul = rec.vulnerability if rec.vulnerability is not None else rec.board().vulnerability
        points = score(rec.contract, rec.tricks, vulnerable=vul.is_vulnerable(rec.contract.declarer))
        ns = points if rec.contract.declarer.side is Side.NS else -points
        assert game.score_ns == ns, (rel, game.lineno, str(rec.contract), rec.tricks)
        assert rec.score_ns() == ns
        checked += 1
    assert checked >= 140


def test_score_table_rows_agree_with_law_77(oracles: Path) -> None:
    checked = artificial = passed = 0
    for rel, game in all_real_games(oracles):
        table = game.table("ScoreTable")
        if table is None or table.index("Contract") is None:
            continue
        vul = game.record.vulnerability
        assert vul is not None
        for row in table.records():
            contract, result = row["Contract"].text, row["Result"].value
            ns_cell, ew_cell = row["Score_NS"], row["Score_EW"]
            written = ns_cell.value if isinstance(ns_cell.value, int) else (
                -ew_cell.value if isinstance(ew_cell.value, int) else None)
            if contract == "-":
                assert {ns_cell.text, ew_cell.text} == {"A+", "A-"}  # Law 12 artificial scores
                artificial += 1
                continue
            if contract.upper() == "PASS":
                assert written == 0
                passed += 1
                continue
            assert isinstance(result, int), (rel, row)
            c = Contract.from_str(contract, Seat.from_str(row["Declarer"].text))
            points = score(c, result, vulnerable=vul.is_vulnerable(c.declarer))
            assert written == (points if c.declarer.side is Side.NS else -points), (rel, game.lineno, row)
            checked += 1
    assert checked >= 500 and artificial == 2 and passed == 5


# --- auctions and plays -----------------------------------------------------------------------------------

def _regular(game: PBNGame) -> bool:
    declarer = game.values.get("Declarer")
    irregular_declarer = getattr(declarer, "irregular", False)
    return not irregular_declarer and not (game.auction and game.auction.irregular) and \
        not (game.play and game.play.irregular)


def test_every_recorded_auction_is_lawful_and_yields_the_recorded_contract(oracles: Path) -> None:
    complete = padded = 0
    for rel in PBN_FILES:
        if "/errors_" in rel:
            continue
        for game in games(oracles, rel):
            rec = game.record
            section = game.auction
            if rec.calls is None or not _regular(game) or section is None or section.end is not None:
                continue
            auction = rec.auction()  # raises IllegalCallError if a call is unlawful
            assert auction is not None
            if not auction.is_complete:  # a few BBO exports drop the final passes
                assert all(c.call == PASS for c in rec.calls[-2:]), (rel, game.lineno)
                while not auction.is_complete:
                    auction = auction.push(PASS)
                padded += 1
            else:
                complete += 1
            reached = auction.contract()
            if rec.passed_out:
                assert reached is None
            elif rec.contract is not None:
                assert reached == rec.contract, (rel, game.lineno)
    assert complete >= 890 and padded <= 8


def test_every_play_replays_under_law_44_to_the_recorded_result(oracles: Path) -> None:
    full = claimed = 0
    for rel in PBN_FILES:
        if "/errors_" in rel:
            continue
        for game in games(oracles, rel):
            rec, section = game.record, game.play
            if section is None or not rec.play or not _regular(game) or not isinstance(rec.deal, Deal):
                continue
            assert rec.contract is not None
            try:
                play = rec.replay()
            except IllegalPlayError as exc:  # pragma: no cover - reported with the failing game
                raise AssertionError(f"{rel}:{game.lineno}: {exc}") from exc
            assert play is not None
            leaders = [t.leader for t in play.tricks]
            if play.current_trick.cards:
                leaders.append(play.current_trick.leader)
            assert list(section.leaders) == leaders, (rel, game.lineno)
            if rec.tricks is None:
                continue
            won, left = play.declarer_tricks, 13 - len(play.tricks)
            if left == 0:
                assert rec.tricks == won, (rel, game.lineno)
                full += 1
            else:
                assert won <= rec.tricks <= won + left, (rel, game.lineno)
                assert rec.claim == (None if section.plus else rec.tricks)  # '+': to be continued
                claimed += 1
    assert full >= 500 and claimed >= 300


# --- round trips ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rel", PBN_FILES)
def test_read_write_read_keeps_every_board(oracles: Path, rel: str) -> None:
    before = games(oracles, rel)
    after = list(read_games(write_games(before), source="rewritten"))
    assert len(after) == len(before)
    for a, b in zip(before, after, strict=True):
        ra, rb = a.record, b.record
        assert (ra.number, ra.dealer, ra.vulnerability, ra.deal, ra.players) == \
            (rb.number, rb.dealer, rb.vulnerability, rb.deal, rb.players), a.lineno
        assert (ra.calls, ra.contract, ra.passed_out, ra.tricks, ra.play, ra.claim) == \
            (rb.calls, rb.contract, rb.passed_out, rb.tricks, rb.play, rb.claim), a.lineno
        unknown = [(k, v) for k, v in ra.extra if k not in ("Event", "Site", "Date", "Scoring")]
        assert unknown == [(k, v) for k, v in rb.extra if k not in ("Event", "Site", "Date", "Scoring")]
        assert a.tables == b.tables
        assert (a.play.rows if a.play else None) == (b.play.rows if b.play else None)
        if a.auction is not None:
            assert b.auction is not None
            assert [e for e in a.auction.entries if e.mark != "-"] == list(b.auction.entries)
            assert a.auction.notes == b.auction.notes
        assert len(b.errors) <= len(a.errors)


def test_rewritten_files_are_export_format(oracles: Path) -> None:
    text = write_games(games(oracles, "pbn-bbohelper-ben/cold 6d.pbn"))
    lines = text.split("\r\n")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    tags = [re.match(r"\[(\w+) ", line) for line in lines]
    names = [m.group(1) for m in tags if m is not None]
    assert names[:15] == ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                          "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]
    assert "\t" not in text


# --- double dummy -----------------------------------------------------------------------------------------

def test_dd_tables_in_two_encodings_agree(oracles: Path) -> None:
    """BridgeComposer writes DoubleDummyTricks (hex digits) and an OptimumResultTable; BCDD writes Ability and
    an OptimumResultTable. Each pair must agree."""
    pairs = Counter()
    for rel, game in all_real_games(oracles) + [(r, g) for r in CORRECT for g in games(oracles, r)]:
        table = game.table("OptimumResultTable")
        if table is None:
            continue
        dd = table.to_dd_table()
        for name in ("DoubleDummyTricks", "Ability"):
            other = game.values.get(name)
            if other is not None:
                assert other == dd, (rel, game.lineno, name)
                pairs[name] += 1
        assert game.dd_table == dd
    assert pairs["DoubleDummyTricks"] >= 40 and pairs["Ability"] >= 890


def test_double_dummy_tricks_digits_follow_bridgecomposer_order(oracles: Path) -> None:
    """Decode one string by hand: N, S, E, W; NT, S, H, D, C (``7879a``: North NT 7, spades 8 ... clubs
    10)."""
    game = games(oracles, "dd-par-tables/bridgecomposer-par/vlmaier_test.pbn")[0]
    assert game.tag("DoubleDummyTricks") == "7879a7879a5564355643"
    table = game.table("OptimumResultTable")
    assert table is not None
    rows = {(r["Declarer"].text, r["Denomination"].text): r["Result"].value for r in table.records()}
    assert rows[("N", "C")] == 10 and rows[("E", "NT")] == 5 and rows[("W", "D")] == 4
    assert dd_from_digits("7879a7879a5564355643") == table.to_dd_table()


def test_par_contracts_take_the_tricks_the_dd_table_gives(oracles: Path) -> None:
    checked = 0
    for game in games(oracles, "dd-par-tables/bridgecomposer-par/vlmaier_test.pbn"):
        dd = game.dd_table
        assert dd is not None
        for par in game.values.get("ParContract", ()):
            for seat in par.declarers:
                assert dd[seat, par.denomination] == par.tricks, (game.lineno, str(par))
                checked += 1
        par_value = game.par
        assert par_value is not None and par_value.score_ns == game.optimum_score_ns
    assert checked >= 12


# --- edge-case files --------------------------------------------------------------------------------------

def test_comments_with_braces_blank_lines_and_percent(oracles: Path) -> None:
    base = "pbn-spec/timheilman-tests/"
    curlies = games(oracles, base + "test_record_with_lots_of_curlies.pbn")
    assert len(curlies) == 2  # the blank line after [CommentIsClosed] is outside any comment
    assert curlies[0].tag("CommentIsClosed") == ""
    assert [c.text for c in curlies[0].tags[-2].comments] == [" {", "  comment is open\n\n{ {{{ "]
    empty_line = games(oracles, base + "test_record_with_empty_line_in_comment.pbn")
    assert len(empty_line) == 1 and empty_line[0].table("OptimumResultTable") is not None
    assert "This line +/- 2 are comment lines" in empty_line[0].tags[10].comments[0].text
    escape = games(oracles, base + "test_record_with_escape_in_comment.pbn")
    assert len(escape) == 1 and escape[0].tags[0].comments[0].text == "\n%\n"


def test_crlf_and_lf_files_read_the_same(oracles: Path) -> None:
    base = "pbn-spec/timheilman-tests/"
    lf = games(oracles, base + "three_test_records.pbn")
    crlf = games(oracles, base + "three_test_records_crlf.pbn")
    assert [g.record for g in lf] == [g.record for g in crlf]
    assert len(lf) == 3 and [g.record.number for g in lf] == [1, 2, 3]


# --- records from another format ----------------------------------------------------------------------

def test_lin_records_written_as_pbn_read_back_the_same(oracles: Path) -> None:
    """A BBO LIN board (read by ``tenace.formats.lin``) written as PBN keeps deal, players, calls, contract,
    result, play and claim. PBN has no alert flag of its own: a note makes a call alerted (§3.5.4), so an
    explained call comes back alerted; LIN keys that are not PBN tag names (``st``, ``rh``) are not
    written."""
    from dataclasses import replace

    from tenace.formats.lin import parse_lin
    from tenace.record import AnnotatedCall

    files = sorted(oracles.rglob("*.lin"))
    assert len(files) >= 40
    for path in files:
        rec = parse_lin(path.read_text(encoding="utf-8"))
        (game,) = read_games(write_games([rec]))
        assert game.errors == (), path.name
        calls = None if rec.calls is None else tuple(
            AnnotatedCall(c.call, c.alert or c.explanation is not None, c.explanation, c.annotation)
            for c in rec.calls)
        extra = tuple((k, v) for k, v in rec.extra if re.fullmatch(r"[A-Z]\w*", k))
        assert game.record == replace(rec, calls=calls, extra=extra), path.name
