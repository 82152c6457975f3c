"""Writing export format (PBN 2.1 §2.1, §3.4-§3.6) and read → write → read round trips."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import auctions, deals
from tenace import PASS, Auction, Card, Contract, Deal, Play, Seat, Vulnerability, parse_call
from tenace.formats.pbn import MANDATORY, format_game, read_games, write_games
from tenace.record import AnnotatedCall, DealRecord

TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def tag_names(text: str) -> list[str]:
    return re.findall(r"^\[(\w+) ", text, flags=re.MULTILINE)


def test_mandatory_tags_first_in_the_standard_order_with_question_marks() -> None:
    (g,) = read_games(f'[Generator "me"]\n[Deal "{TOP}"]\n[Board "2"]\n[Zeta "z"]\n[Alpha "a"]')
    text = format_game(g, newline="\n")
    assert tag_names(text) == [*MANDATORY, "Generator", "Zeta", "Alpha"]
    assert '[Event "?"]' in text and '[Dealer "?"]' in text  # unknown values (§3.4)
    assert tag_names(format_game(g, fill_mandatory=False)) == ["Board", "Deal", "Generator", "Zeta", "Alpha"]


def test_export_format_file_layout() -> None:
    games = list(read_games(f'[Board "1"]\n[Deal "{TOP}"]\n\n[Board "2"]'))
    text = write_games(games)
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=UTF-8\r\n\r\n[Event")
    assert "\r\n\r\n[Event" in text.split('[Board "1"]')[1]  # an empty line before each game (§3)
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    assert "charset" not in write_games(games, encoding="latin-1")


def test_deal_is_written_from_the_dealer() -> None:
    (g,) = read_games(f'[Dealer "W"]\n[Deal "{TOP}"]')
    assert '[Deal "W:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ' in format_game(g)


def test_auction_is_rewritten_from_the_dealer_four_calls_a_line() -> None:
    (g,) = read_games('[Dealer "N"]\n[Auction "W"]\n- 1D 1S 3H =1= {why} 4S\n4NT X Pass Pass 5C X 5H X AP\n'
                      '[Note "1:non-forcing"]')
    text = format_game(g, newline="\n")
    section = text.split('[Auction "N"]\n')[1].split("\n")
    assert section[:4] == ["1D 1S 3H =1= {why} 4S", "4NT X Pass Pass", "5C X 5H X", "AP"]
    assert section[4] == '[Note "1:non-forcing"]'


def test_play_from_a_bare_record_is_in_seat_columns_from_the_opening_leader() -> None:
    deal = Deal.from_pbn(TOP)
    contract = Contract.from_str("7NTN")
    played = [Card.from_str(c) for c in "ST S3 S2 SA HA H9 H6 H2 DA".split()]
    rec = DealRecord(number=1, deal=deal, contract=contract, tricks=13, play=tuple(played))
    text = format_game(rec, newline="\n")
    section = text.split('[Play "E"]\n')[1].split("\n")
    # columns East, South, West, North; North wins tricks 1 and 2 and leads to tricks 2 and 3
    assert section[0] == "ST S3 S2 SA" and section[1] == "H9 H6 H2 HA"
    assert section[2] == "- - - DA" and section[3] == "*"
    again = next(read_games(text))
    assert again.record.play == rec.play and again.record.claim == 13


def test_unknown_sections_comments_and_inherited_values_survive() -> None:
    text = ('{ before } [Board "1"] { after board }\n[MySection "x"]\nrow one "a b"\nrow two\n'
            '[Hidden "##NES"]')
    (g,) = read_games(text)
    out = format_game(g, newline="\n")
    assert "{ before }" in out and "{ after board }" in out
    assert '[MySection "x"]\nrow one "a b"\nrow two' in out
    assert '[Hidden "NES"]' in out  # inherited values are written in full
    (again,) = read_games(out)
    assert [(i.text, i.quoted) for i in next(t for t in again.tags if t.name == "MySection").items] == [
        ("row", False), ("one", False), ("a b", True), ("row", False), ("two", False)]


def test_write_to_a_path_in_latin1(tmp_path: Path) -> None:
    rec = DealRecord(number=3, players=("Jørn", None, None, None))
    path = tmp_path / "out.pbn"
    write_games([rec], path, encoding="latin-1")
    assert b"J\xf8rn" in path.read_bytes()
    (g,) = read_games(path)
    assert g.record.players[0] == "Jørn" and g.record.dealer is Seat.SOUTH  # Law 2 for board 3


def test_irregular_marks_are_kept() -> None:
    text = ('[Dealer "N"]\n[Declarer "^S"]\n[Contract "5HX"]\n[Result "^5"]\n[Auction "W"]\n'
            "- ^S 1D ^I 1C\n4S ^I 3NT ^S ^S\nX 5H X AP")
    (g,) = read_games(text)
    out = format_game(g, newline="\n")
    assert '[Declarer "^S"]' in out and '[Result "^5"]' in out
    assert "^S 1D ^I 1C 4S\n^I 3NT ^S ^S X" in out
    (again,) = read_games(out)
    assert again.record == g.record and again.problems == g.problems


# --- round trips of random records ----------------------------------------------------------------------

def test_a_value_that_looks_inherited_is_written_so_that_it_reads_back() -> None:
    """A player named "#" or "##x" would read as the previous game's name or as "x" (PBN §4.8); the writer
    marks such a value so that it reads back as it was, and the next game keeps its own name."""
    first = DealRecord(number=1, players=("#", "##x", None, None))
    second = DealRecord(number=2, players=("Ann", None, None, None))
    games = list(read_games(write_games([first, second])))
    assert [g.errors for g in games] == [(), ()]
    assert games[0].record.players[:2] == ("#", "##x")
    assert games[1].record.players[:2] == ("Ann", None)


NAMES = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x17F, blacklist_characters="\x7f"),
                min_size=1, max_size=12).map(str.strip).filter(lambda s: s not in ("", "?"))
EXPLANATIONS = st.sampled_from(["transfer", 'says "hearts"', "4+ !S; 11-21 HCP", "C:\\path"])
EXTRA_NAMES = st.from_regex(r"X[A-Za-z0-9_]{0,8}", fullmatch=True)
EXTRA_VALUES = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0xFF,
                                              blacklist_characters="\x7f"), max_size=20).filter(
    lambda s: not s.startswith("#"))  # "#" and "##..." mean inheritance in PBN


@st.composite
def records(draw: st.DrawFn) -> DealRecord:
    deal = draw(deals())
    dealer = draw(st.sampled_from(list(Seat)))
    auction: Auction = draw(auctions(dealer=st.just(dealer)))
    calls = tuple(
        AnnotatedCall(c, True, e) if (e := draw(st.one_of(st.none(), EXPLANATIONS))) is not None
        else AnnotatedCall(c) for c in auction.calls)
    contract = auction.contract()
    play: tuple[Card, ...] = ()
    tricks = claim = None
    if contract is not None:
        p = Play.for_contract(deal, contract)
        stop = draw(st.integers(0, 52))
        while len(p.cards) < stop:
            p = p.push(draw(st.sampled_from(list(p.legal_cards()))))
        play = p.cards
        won, left = p.declarer_tricks, 13 - len(p.tricks)
        tricks = draw(st.integers(won, won + left))
        claim = tricks if 0 < len(play) < 52 else None  # no cards: nothing says how it ended
    extra = tuple(draw(st.lists(st.tuples(EXTRA_NAMES, EXTRA_VALUES), max_size=3, unique_by=lambda t: t[0])))
    players = tuple(draw(st.one_of(st.none(), NAMES)) for _ in range(4))
    return DealRecord(
        number=draw(st.integers(1, 64)), dealer=dealer,
        vulnerability=draw(st.sampled_from(list(Vulnerability))),
        deal=deal, players=(players[0], players[1], players[2], players[3]), calls=calls, contract=contract,
        passed_out=contract is None, tricks=tricks, play=play, claim=claim, extra=extra)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_random_records_survive_write_then_read(record: DealRecord) -> None:
    text = write_games([record])
    (game,) = read_games(text)
    assert game.errors == ()
    assert game.record == record


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_rewriting_a_read_game_is_stable(record: DealRecord) -> None:
    first = write_games([record])
    (game,) = read_games(first)
    assert write_games([game]) == first


def test_an_unfinished_auction_from_a_record_ends_with_a_star() -> None:
    calls = (AnnotatedCall(parse_call("1D")), AnnotatedCall(PASS))
    rec = DealRecord(number=1, dealer=Seat.NORTH, calls=calls)
    text = format_game(rec, newline="\n")
    assert '[Auction "N"]\n1D Pass *' in text
    (g,) = read_games(text)
    assert g.record.calls == rec.calls and g.problems == ()


def test_commentary_after_a_note_survives_a_round_trip() -> None:
    """Issue 15: a commentary after the last Note of the auction (or the play) was lost when the game was
    written again; now each note keeps the comments that followed it, and reading it back gives the same."""
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n[Declarer "N"]\n'
            '[Contract "7NT"]\n[Result "13"]\n[Auction "N"]\n7NT =1= Pass Pass Pass\n'
            '[Note "1:grand slam"]\n{After the note}\n[Play "E"]\nS7 S2 SA S6\n*\n[Note "1:a play note"]\n'
            '{At the very end}\n')
    (game,) = read_games(text)
    written = format_game(game)
    assert "{After the note}" in written and "{At the very end}" in written
    assert written.index('[Note "1:grand slam"]') < written.index("{After the note}") < written.index("[Play")
    assert written.index('[Note "1:a play note"]') < written.index("{At the very end}")
    (again,) = read_games(written)
    assert format_game(again) == written  # stable from the second writing on


def test_a_misplaced_note_is_kept_and_written_after_the_sections() -> None:
    """Issue 15: a Note tag before the auction (§3.5.5 wants notes after their section) is an error of the
    file but is no longer dropped when the game is written again: it follows the sections."""
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            '[Note "2:before the auction"]\n[Declarer "N"]\n[Contract "7NT"]\n[Result "13"]\n'
            '[Auction "N"]\n7NT =1= Pass Pass Pass\n[Note "1:grand slam"]\n')
    (game,) = read_games(text)
    assert "note-position" in {p.code for p in game.problems}
    written = format_game(game)
    assert written.index('[Note "1:grand slam"]') < written.index('[Note "2:before the auction"]')
    (again,) = read_games(written)
    assert "note-position" not in {p.code for p in again.problems}
    assert format_game(again) == written
