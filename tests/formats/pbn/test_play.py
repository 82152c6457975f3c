"""The Play section (PBN 2.1 §3.6, §3.9, §3.10): seat columns, recomputed leaders (Law 44), marks."""

from __future__ import annotations

from tenace import Card, Contract, Deal, Play, Seat
from tenace.formats.pbn import PBNGame, read_games

SCHIPHOL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
SLAM = "N:AKJT986.QJ3.4.Q6 32.K7654.T93.AJ5 ..AKQJ87652.K943 Q754.AT982..T872"


def game(deal: str, contract: str, declarer: str, first: str, play: str, *tags: str) -> PBNGame:
    text = "\n".join([f'[Deal "{deal}"]', f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', *tags,
                      f'[Play "{first}"]', play])
    (g,) = read_games(text, source="p.pbn")
    return g


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in text.split())


def codes(g: PBNGame) -> list[tuple[int | None, str]]:
    return [(p.lineno, p.code) for p in g.problems]


def test_schiphol_rows_are_seat_columns_and_leaders_follow_the_winners() -> None:
    g = game(SCHIPHOL, "5HX", "S", "W", "SK H3 S4 S3\nC5 C2 C6 CK\nS2 H6 S5 S7\nC8 CA CT C4\nD2 DA DT D3\n"
             "D4 DK H5 H7\n-  -  -  H2\n*", '[Result "9"]')
    assert codes(g) == []
    # worked by hand: N ruffs trick 1, S wins the club, N ruffs a spade, cashes CA DA DK, S overruffs
    expected = cards("SK H3 S4 S3 C2 C6 CK C5 S7 S2 H6 S5 CA CT C4 C8 DA DT D3 D2 DK H5 H7 D4 H2")
    assert g.record.play == expected
    assert g.play is not None
    assert [str(s) for s in g.play.leaders] == ["W", "N", "S", "N", "N", "N", "S"]
    assert (g.play.known_tricks, g.play.declarer_tricks, g.play.finished) == (6, 6, True)
    assert g.record.claim == 9 and g.record.tricks == 9
    core = Play.for_contract(Deal.from_pbn(SCHIPHOL), Contract.from_str("5HXS"), expected)
    assert [t.leader for t in core.tricks] == list(g.play.leaders[:6]) and core.declarer_tricks == 6


def test_a_full_play_must_give_the_result() -> None:
    rows = "ST S3 S2 SA\nH9 H6 H2 HA\n"  # two tricks of a 7NT that takes all 13
    rest = " ".join(["-"] * 44)
    ok = game(TOP, "7NT", "N", "E", rows + rest, '[Result "13"]')
    assert codes(ok) == [] and ok.play is not None and ok.play.declarer_tricks == 2
    assert ok.play.rows[1][3].card == Card.from_str("HA")  # North's column
    wrong = game(TOP, "7NT", "N", "E", rows + "*", '[Result "1"]')
    assert [c for _, c in codes(wrong)] == ["result"]


def test_a_revoke_is_an_error_unless_marked_as_one_that_stood() -> None:
    """Law 44C: follow suit if able. §3.9 C: ^R marks a revoke that was not noticed in time (Law 64)."""
    revoke = game(TOP, "7NT", "N", "E", "ST S3 H2 SA\n*")  # West holds S2 but plays a heart
    assert codes(revoke) == [(5, "play-revoke")]
    assert "West plays H2 to trick 1 holding a spade" in revoke.problems[0].message
    marked = game(TOP, "7NT", "N", "E", "ST S3 ^R H2 SA\n*")
    assert codes(marked) == [] and marked.play is not None and marked.play.irregular
    bad_mark = game(TOP, "7NT", "N", "E", "ST ^R S3 S2 SA\n*")
    assert codes(bad_mark) == [(5, "play-irregularity")]
    on_lead = game(TOP, "7NT", "N", "E", "^R ST S3 S2 SA\n*")
    assert codes(on_lead) == [(5, "play-irregularity")]


def test_a_lead_out_of_turn_that_was_accepted() -> None:
    """§3.9 D (Law 53): South leads instead of East; the other three follow clockwise from South."""
    g = game(TOP, "7NT", "N", "E", "C9 ^L C8 C2 CA\n*")
    assert codes(g) == []
    assert g.record.play == cards("C8 C2 CA C9")
    assert g.play is not None and g.play.leaders == (Seat.SOUTH,)
    assert codes(game(TOP, "7NT", "N", "E", "^L C9 C8 C2 CA\n*")) == [(5, "play-irregularity")]


def test_cards_not_held_or_played_twice() -> None:
    g = game(TOP, "7NT", "N", "E", "ST S3 S2 SA\nS9 S4 HA SK\n*")  # West plays HA: North holds it
    assert (6, "play-card-not-held") in codes(g)
    twice = game(TOP, "7NT", "N", "E", "ST S3 S2 SA\nST S4 H2 SK\n*")
    assert (6, "play-twice") in codes(twice)


def test_the_opening_lead_is_declarers_left_hand_opponent() -> None:
    """Law 41A; in export format the Play tag names the opening leader (§3.6)."""
    g = game(TOP, "7NT", "N", "S", "S3 S2 SA ST\n*")
    assert (4, "play-leader") in codes(g)


def test_plus_marks_the_next_card_only_after_the_last_card_played() -> None:
    head = "D3 DA S5 D4\nHK D2 H2 HQ\nH7 D5 H8 HJ\n"
    ok = game(SLAM, "6S", "N", "E", head + "S3 C3 +  SA")   # North led SA; West is next
    assert codes(ok) == [] and ok.play is not None and ok.play.plus and not ok.play.finished
    assert ok.record.claim is None
    late = game(SLAM, "6S", "N", "E", head + "S3 +  S7 SA")  # West's S7 after South's '+'
    assert [c for _, c in codes(late)] == ["play-plus"]
    double = game(SLAM, "6S", "N", "E", head + "+  +  -  SA")
    assert [c for _, c in codes(double)] == ["play-plus"]


def test_an_end_position_needs_only_the_trump_suit() -> None:
    """§3.10: fewer than 13 cards a hand; the Contract tag names only the trump suit; no declarer."""
    text = ('[Deal "N:.6.AKQ987.A9732 A865.KQ5.T.QJT6 J97.J98742.3.K4 QT2.AT.J6542.85"]\n[Contract "H"]\n'
            '[Play "W"]\nC5 C2 C6 CK\nS2 H6 S5 S7\nC8 CA CT C4\nD2 DA DT D3\nD4 DK H5 H7')
    (g,) = read_games(text)
    assert g.problems == ()
    assert g.play is not None and g.play.total_tricks == 12 and g.play.known_tricks == 5
    assert [str(s) for s in g.play.leaders] == ["W", "S", "N", "N", "N"]


def test_play_needs_deal_contract_and_declarer() -> None:
    (g,) = read_games('[Declarer "S"]\n[Contract "5HX"]\n[Play "W"]\nSK H3 S4 S3')
    assert (3, "play-deal") in codes(g)
    (g,) = read_games(f'[Deal "{SCHIPHOL}"]\n[Declarer "S"]\n[Play "W"]\nSK H3 S4 S3')
    assert (3, "play-contract") in codes(g)
    (g,) = read_games(f'[Deal "{SCHIPHOL}"]\n[Contract "5HX"]\n[Play "W"]\nSK H3 S4 S3')
    assert (3, "play-declarer") in codes(g)


def test_without_contract_tags_the_play_follows_a_complete_auction() -> None:
    text = (f'[Dealer "N"]\n[Deal "{TOP}"]\n[Auction "N"]\n7NT Pass Pass Pass\n[Play "E"]\nST S3 S2 SA\n*')
    (g,) = read_games(text)
    assert [(p.code, p.severity.value) for p in g.problems] == [("play-contract", "warning")]
    assert g.record.contract == Contract.from_str("7NTN") and len(g.record.play) == 4


def test_annotations_on_cards() -> None:
    g = game(SCHIPHOL, "5HX", "S", "W", 'SK =1= ! H3 $14 S4 S3\n*\n[Note "1:highest of series"]')
    assert codes(g) == []
    assert g.play is not None and g.play.rows[0][0].token() == "SK =1= $7"
    assert g.play.notes == ((1, "highest of series"),)
    assert [c for _, c in codes(game(SCHIPHOL, "5HX", "S", "W", "SK $1 H3 S4 S3\n*"))] == ["play-nag"]


def test_a_deal_turned_by_one_seat_is_one_error_with_the_hint_not_one_per_card() -> None:
    """Issue 15: a Deal tag that starts at the wrong seat made one 'not held' error per card (16,432 for 318
    real games); now it is one error naming the turn, when every card lies the same number of seats along."""
    turned = "E" + TOP[1:]  # the same hands, given from East: each hand is one seat to the left
    g = game(turned, "7NT", "N", "E", "ST S6 S2 SA\nHT H8 H5 HA\nDT D8 D5 DA\n*")
    assert codes(g) == [(4, "play-rotated")]
    assert "on the left of" in g.problems[0].message
    right = game(TOP, "7NT", "N", "E", "ST S6 S2 SA\nHT H8 H5 HA\nDT D8 D5 DA\n*")
    assert codes(right) == []  # the same play on the right deal is clean
    one_wrong = game(TOP, "7NT", "N", "E", "ST S3 S2 SA\nS9 S4 HA SK\n*")
    assert [c for _, c in codes(one_wrong)] == ["play-card-not-held"]  # a single stray card: still per card
