"""BBO LIN reader and writer: encodings, derivations, several boards, errors and round trips."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import auctions, deals
from tenace import (
    Auction,
    Card,
    CardSet,
    Contract,
    Deal,
    IllegalCallError,
    LINError,
    PartialDeal,
    Play,
    Seat,
    Vulnerability,
    parse_call,
)
from tenace.formats.lin import lin_url, parse_lin, read_lin, tokenize, write_lin, write_lin_boards
from tenace.record import AnnotatedCall, DealRecord

# South holds the twos, West the tens to sevens, North the top honours; East the rest.
SOUTH = "S2H5432D5432C5432"
WEST = "ST987HJT9DJT9CJT9"
NORTH = "SAKQJHAKQDAKQCAKQ"
EAST_PBN = "6543.876.876.876"
GRAND = f"pn|Sam,Wes,Nora,Ed|st||md|3{SOUTH},{WEST},{NORTH},|rh||ah|Board 1|sv|o|"


def test_md_hands_are_south_west_north_east_and_the_fourth_is_the_rest_of_the_pack() -> None:
    rec = parse_lin(GRAND)
    assert isinstance(rec.deal, Deal)
    assert rec.deal[Seat.SOUTH] == CardSet.from_pbn("2.5432.5432.5432")
    assert rec.deal[Seat.WEST] == CardSet.from_pbn("T987.JT9.JT9.JT9")
    assert rec.deal[Seat.NORTH] == CardSet.from_pbn("AKQJ.AKQ.AKQ.AKQ")
    assert rec.deal[Seat.EAST] == CardSet.from_pbn(EAST_PBN)


@pytest.mark.parametrize(("digit", "dealer"), [("1", Seat.SOUTH), ("2", Seat.WEST), ("3", Seat.NORTH),
                                               ("4", Seat.EAST)])
def test_md_dealer_digit_counts_from_south(digit: str, dealer: Seat) -> None:
    assert parse_lin(f"md|{digit}{SOUTH},{WEST},{NORTH},|").dealer is dealer


def test_pn_names_are_south_west_north_east() -> None:
    assert parse_lin(GRAND).players == ("Nora", "Ed", "Sam", "Wes")


@pytest.mark.parametrize(("code", "vul"), [
    ("o", Vulnerability.NONE), ("0", Vulnerability.NONE), ("-", Vulnerability.NONE),
    ("n", Vulnerability.NS), ("N", Vulnerability.NS), ("e", Vulnerability.EW), ("E", Vulnerability.EW),
    ("b", Vulnerability.BOTH), ("B", Vulnerability.BOTH),
])
def test_sv_codes(code: str, vul: Vulnerability) -> None:
    assert parse_lin(f"sv|{code}|").vulnerability is vul


def test_ah_gives_the_board_number_and_unknown_keys_are_kept_in_order() -> None:
    rec = parse_lin("zz|hello|ah|Board 17|nt|a comment|")
    assert rec.number == 17
    assert rec.extra == (("zz", "hello"), ("nt", "a comment"))


def test_one_hand_only_gives_a_partial_deal() -> None:
    rec = parse_lin(f"md|1{SOUTH},,,|")
    assert isinstance(rec.deal, PartialDeal)
    assert rec.deal[Seat.SOUTH] == CardSet.from_pbn("2.5432.5432.5432")
    assert rec.deal[Seat.NORTH] is None


def test_alerts_and_explanations_belong_to_the_call_they_follow() -> None:
    rec = parse_lin(GRAND + "mb|2C!|an|strong|mb|p|mb|2D|an|waiting |mb|p|mb|7N|mb|p|mb|p|mb|p|")
    assert rec.calls is not None
    first, second, third = rec.calls[:3]
    assert (first.call, first.alert, first.explanation) == (parse_call("2C"), True, "strong")
    assert (second.call, second.alert, second.explanation) == (parse_call("P"), False, None)
    assert (third.call, third.alert, third.explanation) == (parse_call("2D"), False, "waiting ")


def test_contract_and_declarer_come_from_the_auction() -> None:
    # North deals; South bids spades first, North raises: South declares (first of the side to name it).
    rec = parse_lin(GRAND + "mb|1C|mb|p|mb|1S|mb|d|mb|4S|mb|d|mb|r|mb|p|mb|p|mb|p|")
    assert rec.contract == Contract.from_str("4SXXS")
    assert rec.passed_out is False


def test_four_passes_is_a_passed_out_board() -> None:
    rec = parse_lin(GRAND + "mb|p|mb|p|mb|p|mb|p|")
    assert rec.passed_out is True and rec.contract is None and rec.tricks is None


def test_tricks_come_from_a_complete_play() -> None:
    deal = Deal.from_pbn(f"N:AKQJ.AKQ.AKQ.AKQ {EAST_PBN} 2.5432.5432.5432 T987.JT9.JT9.JT9")
    contract = Contract.from_str("7NTN")
    # A legal complete play chosen independently of the reader: always the lowest legal card.
    play = Play.for_contract(deal, contract)
    while not play.is_complete:
        play = play.push(min(play.legal_cards()))
    text = GRAND + "mb|7N|mb|p|mb|p|mb|p|" + "".join(f"pc|{c}|" for c in play.cards)
    rec = parse_lin(text)
    assert rec.contract == contract
    assert rec.tricks == play.declarer_tricks == 13
    assert rec.claim is None


def test_a_claim_gives_the_tricks_and_an_unfinished_play_without_claim_gives_none() -> None:
    claimed = parse_lin(GRAND + "mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|S2|pc|S7|pc|SA|mc|13|")
    assert claimed.claim == 13 and claimed.tricks == 13
    assert [str(c) for c in claimed.play] == ["S6", "S2", "S7", "SA"]
    unfinished = parse_lin(GRAND + "mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|S2|")
    assert unfinished.claim is None and unfinished.tricks is None


def test_an_auction_cut_short_before_the_play_is_completed_with_passes() -> None:
    rec = parse_lin(GRAND + "mb|7N|mb|p|pc|S6|")
    assert rec.contract == Contract.from_str("7NTN")
    assert rec.calls is not None and len(rec.calls) == 2  # the record keeps what was written


def test_lenient_reader_keeps_an_unlawful_auction_without_a_contract() -> None:
    rec = parse_lin(GRAND + "mb|2C|mb|1S|mb|p|mb|p|mb|p|")
    assert rec.contract is None
    assert rec.calls is not None and len(rec.calls) == 5
    with pytest.raises(IllegalCallError):
        rec.auction()


def test_strict_reader_names_the_unlawful_call() -> None:
    with pytest.raises(LINError, match=r"token 8 \('mb'.*1S"):
        parse_lin(GRAND + "mb|2C|mb|1S|mb|p|mb|p|mb|p|", strict=True)


def test_strict_reader_names_the_card_that_fails_to_follow_suit() -> None:
    # East leads a spade; South, who holds the spade two, discards a heart.
    with pytest.raises(LINError, match=r"token 12 \('pc'.*follow suit"):
        parse_lin(GRAND + "mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|H2|", strict=True)


def test_tokens_ignore_line_breaks_between_pairs() -> None:
    tokens = tokenize("pn|a,b,c,d|\r\nmd|1|\n")
    assert [(t.key, t.value, t.index) for t in tokens] == [("pn", "a,b,c,d", 1), ("md", "1", 2)]


def test_handviewer_url_with_plain_or_encoded_lin() -> None:
    lin = GRAND + "mb|1N!|an|15+ to 17|mb|p|mb|p|mb|p|"
    plain = "https://www.bridgebase.com/tools/handviewer.html?lin=" + lin
    encoded = "https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=" + quote(lin, safe="")
    expected = parse_lin(lin)
    assert parse_lin(plain) == expected
    assert parse_lin(encoded) == expected
    assert expected.calls is not None and expected.calls[0].explanation == "15+ to 17"


def test_lin_url_reads_back() -> None:
    rec = parse_lin(GRAND + "mb|1N|mb|p|mb|p|mb|p|")
    assert parse_lin(lin_url(rec)) == rec


def test_several_boards_with_qx_and_eight_vugraph_names() -> None:
    text = ("vg|Final,Segment 1,I,1,16,Blue,0,Red,0|pn|S1,W1,N1,E1,S2,W2,N2,E2|pg||"
            f"qx|o1|md|3{SOUTH},{WEST},{NORTH},|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|S6|mc|13|pg||"
            f"qx|c1|md|3{SOUTH},{WEST},{NORTH},|sv|o|mb|6N|mb|p|mb|p|mb|p|mc|12|pg||")
    open_room, closed_room = read_lin(text)
    assert (open_room.number, closed_room.number) == (1, 1)
    assert open_room.players == ("N1", "E1", "S1", "W1")
    assert closed_room.players == ("N2", "E2", "S2", "W2")
    assert (str(open_room.contract), open_room.tricks) == ("7NTN", 13)
    assert (str(closed_room.contract), closed_room.tricks) == ("6NTN", 12)
    assert open_room.extra[0][0] == "vg" and ("qx", "c1") in closed_room.extra


def test_boards_on_separate_lines_each_with_pn() -> None:
    one = GRAND + "mb|7N|mb|p|mb|p|mb|p|mc|13|"
    two = GRAND.replace("Board 1", "Board 2").replace("Sam", "Sue") + "mb|p|mb|p|mb|p|mb|p|"
    first, second = read_lin(one + "\n" + two + "\n")
    assert (first.number, second.number) == (1, 2)
    assert second.players[Seat.SOUTH.index] == "Sue"
    assert second.passed_out and first.tricks == 13


def test_hand_records_without_calls_each_with_pn_and_md() -> None:
    text = (f"pn|A,B,C,D|md|1{SOUTH},{WEST},{NORTH},|ah|Board 1|"
            f"pn|E,F,G,H|md|2{WEST},{NORTH},{SOUTH},|ah|Board 2|")
    first, second = read_lin(text)
    assert first.players == ("C", "D", "A", "B") and second.players == ("G", "H", "E", "F")
    assert (first.dealer, second.dealer) == (Seat.SOUTH, Seat.WEST)


def test_names_after_the_deal_belong_to_that_board() -> None:
    (only,) = read_lin(f"md|1{SOUTH},{WEST},{NORTH},|pn|A,B,C,D|mb|p|mb|p|mb|p|mb|p|")
    assert only.players == ("C", "D", "A", "B") and only.passed_out


def test_writer_fills_in_dealer_and_vulnerability_from_the_board_number() -> None:
    text = write_lin(DealRecord(number=7))
    # Board 7: South deals (LIN digit 1), both sides vulnerable (Law 2).
    assert "md|1" in text and "sv|b|" in text and "ah|Board 7|" in text


def test_writer_emits_page_breaks_after_the_auction_and_each_trick() -> None:
    rec = parse_lin(GRAND + "mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|S2|pc|S7|pc|SA|pc|HA|mc|13|")
    text = write_lin(rec)
    assert text.endswith("mb|p|pg||pc|S6|pc|S2|pc|S7|pc|SA|pg||pc|HA|mc|13|")


def test_writer_writes_a_known_result_without_play_as_a_claim() -> None:
    deal = Deal.from_pbn(f"N:AKQJ.AKQ.AKQ.AKQ {EAST_PBN} 2.5432.5432.5432 T987.JT9.JT9.JT9")
    rec = DealRecord(number=1, deal=deal, contract=Contract.from_str("6NTN"), tricks=12,
                     calls=tuple(AnnotatedCall(parse_call(c)) for c in "6NT P P P".split()))
    back = parse_lin(write_lin(rec))
    assert back.tricks == 12 and back.claim == 12 and back.contract == rec.contract


def test_write_lin_boards_reads_back_as_the_same_boards() -> None:
    records = read_lin(GRAND + "mb|7N|mb|p|mb|p|mb|p|mc|13|\n" + GRAND.replace("Board 1", "Board 2"))
    assert read_lin(write_lin_boards(records)) == records


# --- malformed input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "pattern"), [
    (GRAND + "mb|1N|pc|S1|", r"token 8 \('pc' at character \d+\): unknown card 'S1'"),
    (GRAND + "mb|8S|", r"token 7 \('mb' at character \d+\): not a call: '8S'"),
    (f"pn|a,b,c,d|md|5{SOUTH},,,|", r"token 2 \('md' at character 12\): dealer digit '5'"),
    (f"md|1{SOUTH}X,,,|", r"token 1 \('md'.*unknown card character 'X'"),
    (f"md|1{SOUTH},{SOUTH},,|", r"token 1 \('md'.*in two hands"),
    ("md|1SAKQJT98765432H2,,,|", r"token 1 \('md'.*14 cards"),
    ("md|1AK,,,|", r"token 1 \('md'.*before a suit letter"),
    (f"md|1{SOUTH},{WEST},{NORTH},,{SOUTH}|", r"token 1 \('md'.*at most 4"),
    ("pn|a,b,c,d|sv|x|", r"token 2 \('sv'.*unknown vulnerability 'x'"),
    ("pn|a,b,c,d|mc|fourteen|", r"token 2 \('mc'.*claim"),
    ("pn|a,b,c,d|mc|14|", r"token 2 \('mc'.*claim"),
    ("pn|a,b,c,d|md|3SAKQ", r"token 2 \('md' at character 12\): truncated"),
    ("pn|a,b,c,d|md", r"token 2 at character 12: truncated"),
    ("pn|a,b,c,d||x|", r"token 2 at character 12: bad key ''"),
])
def test_malformed_lin_names_the_token_and_key(text: str, pattern: str) -> None:
    with pytest.raises(LINError, match=pattern):
        read_lin(text)


def test_errors_name_the_source() -> None:
    with pytest.raises(LINError, match=r"^hand\.lin: token 1"):
        read_lin("pc|ZZ|", source="hand.lin")


# --- round trips over random records --------------------------------------------------------------------

names = st.text(st.characters(codec="utf-8", exclude_characters=",|"), min_size=1, max_size=10).filter(
    lambda name: name == name.strip())  # the reader strips the spaces around names
explanations = st.text(st.characters(codec="utf-8", exclude_characters="|"), max_size=20)
extra_values = st.text(st.characters(codec="utf-8", exclude_characters="|"), max_size=10)


@st.composite
def lin_records(draw: st.DrawFn) -> DealRecord:
    """Records as the LIN reader builds them: contract and tricks derived from auction, play and claim."""
    deal: Deal = draw(deals())
    auction: Auction = draw(auctions())
    calls = tuple(
        AnnotatedCall(call, alert=draw(st.booleans()), explanation=draw(st.none() | explanations))
        for call in auction.calls
    )
    contract = auction.contract()
    play_cards: tuple[Card, ...] = ()
    claim = tricks = None
    if contract is not None:
        play = Play.for_contract(deal, contract)
        stop = draw(st.integers(0, 52))
        while len(play.cards) < stop:
            play = play.push(draw(st.sampled_from(list(play.legal_cards()))))
        play_cards = play.cards
        if play.is_complete:
            tricks = play.declarer_tricks
        if draw(st.booleans()) or (not play.is_complete and draw(st.booleans())):
            claim = tricks = draw(st.integers(0, 13))
    pre = draw(st.lists(st.tuples(st.just("st"), extra_values), max_size=1))
    post = draw(st.lists(st.tuples(st.sampled_from(["rh", "nt", "zz9"]), extra_values), max_size=3))
    n, e, s, w = (draw(st.none() | names) for _ in range(4))
    return DealRecord(
        number=draw(st.integers(1, 64)), dealer=auction.dealer,
        vulnerability=draw(st.sampled_from(Vulnerability)),
        deal=deal, players=(n, e, s, w), calls=calls or None, contract=contract, passed_out=contract is None,
        tricks=tricks, play=play_cards, claim=claim, extra=tuple(pre + post),
    )


@settings(max_examples=60, deadline=None)
@given(lin_records())
def test_lin_round_trip_of_random_records(record: DealRecord) -> None:
    assert parse_lin(write_lin(record)) == record


@settings(max_examples=20, deadline=None)
@given(st.lists(lin_records(), min_size=1, max_size=3))
def test_lin_round_trip_of_several_records(records: list[DealRecord]) -> None:
    assert read_lin(write_lin_boards(records)) == records


# --- fuzzing: any text gives boards or a LINError, never another exception ------------------------------

lin_keys = st.sampled_from(["pn", "md", "sv", "ah", "mb", "an", "pc", "mc", "pg", "qx", "st", "rh", "nt"])
lin_values = st.one_of(
    st.text(max_size=12).map(lambda v: v.replace("|", "")),
    st.sampled_from(["1", "3", "p", "d", "r", "1N", "7S!", "SA", "HT", "12", "o", "b", f"3{SOUTH},{WEST},,",
                     f"1{SOUTH},{WEST},{NORTH},", "Board 4", "o2", "c2", "a,b,c,d"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(lin_keys, lin_values), max_size=25), st.booleans())
def test_fuzz_token_streams_never_crash(pairs: list[tuple[str, str]], strict: bool) -> None:
    text = "".join(f"{k}|{v}|" for k, v in pairs)
    try:
        boards = read_lin(text, strict=strict)
    except LINError:
        return
    for board in boards:
        repr(board)
        assert read_lin(write_lin(board))  # whatever was read can be written and read again


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_fuzz_any_text_gives_boards_or_a_lin_error(text: str) -> None:
    try:
        read_lin(text)
    except LINError:
        pass


def test_comment_lines_beginning_with_percent_are_skipped() -> None:
    """Some LIN archives start with ``%`` comment lines: they are not LIN, and the boards after them are read;
    a ``%`` inside a value (a URL-encoded name) stays as it is."""
    text = ("% BBO vugraph archive, downloaded 2013\n% second comment\n"
            "pn|a%20b,c,d,e|md|3SAKQJT98765432HDC,S,S,|rh||ah|Board 1|mb|p|mb|p|mb|p|mb|p|pg||\n")
    tokens = [(t.key, t.value) for t in tokenize(text)]
    assert tokens[:2] == [("pn", "a%20b,c,d,e"), ("md", "3SAKQJT98765432HDC,S,S,")]
    (record,) = read_lin(text)
    assert record.number == 1


def test_trailing_player_names_after_the_last_board_make_no_phantom_board() -> None:
    text = "pn|a,b,c,d|md|3SAKQJT98765432HDC,S,S,|rh||ah|Board 1|mb|p|mb|p|mb|p|mb|p|pg||\npn|e,f,g,h|\n"
    (record,) = read_lin(text)
    assert record.number == 1


_ONE_BOARD = "pn|a,b,c,d|md|3SAKQJT98765432HDC,S,S,|rh||ah|Board 1|mb|p|mb|p|mb|p|mb|p|pg||\n"


@pytest.mark.parametrize(("tail", "says"), [
    ("Smith,Jones,Brown,Green\n", "'Smith,Jones,Brown,Gr' is not followed by '|'"),  # names with no LIN key
    ("pn|e,f,g,h|md|3SAKQ", "the value '3SAKQ' is not closed by '|'"),  # a file cut short
    ("p n|x|", "bad key 'p n'"),
])
def test_the_boards_before_text_that_is_not_lin_are_kept_and_the_error_returned(tail: str, says: str) -> None:
    """A lenient read keeps what it could read and says where it stopped (the strict tokenizer raises)."""
    from tenace.formats.lin import read_lin_lenient

    records, problems = read_lin_lenient(_ONE_BOARD + tail, source="f.lin")
    assert [r.number for r in records] == [1]
    (problem,) = problems
    assert str(problem).startswith("f.lin: token ") and says in str(problem)
    with pytest.raises(LINError, match="token"):
        tokenize(_ONE_BOARD + tail)


def test_a_lenient_read_of_sound_lin_finds_nothing() -> None:
    from tenace.formats.lin import read_lin_lenient

    assert read_lin_lenient(_ONE_BOARD) == (read_lin(_ONE_BOARD), [])
