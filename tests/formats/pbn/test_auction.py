"""The Auction section (PBN 2.1 §3.5, §3.9) checked against Laws 17-22, 27A and 29A."""

from __future__ import annotations

from tenace import PASS, Auction, Contract, Seat, parse_call
from tenace.formats.pbn import PBNGame, read_games

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def game(auction: str, *tags: str, dealer: str = "N", first: str | None = None) -> PBNGame:
    text = "\n".join([f'[Dealer "{dealer}"]', f'[Deal "{DEAL}"]', *tags, f'[Auction "{first or dealer}"]',
                      auction])
    (g,) = read_games(text, source="a.pbn")
    return g


def codes(g: PBNGame) -> list[tuple[int | None, str]]:
    return [(p.lineno, p.code) for p in g.problems]


def calls(g: PBNGame) -> list[str]:
    assert g.record.calls is not None
    return [str(c.call) for c in g.record.calls]


def test_the_schiphol_auction_with_notes_and_all_pass() -> None:
    g = game("1D      1S 3H =1= 4S\n4NT =2= X  Pass   Pass\n5C      X  5H     X\nAP\n"
             '[Note "1: non-forcing 6-9 points, 6-card"]\n[Note "2:two colors: clubs and diamonds"]',
             '[Declarer "S"]', '[Contract "5HX"]')
    assert g.problems == ()
    assert calls(g) == "1D 1S 3H 4S 4NT X P P 5C X 5H X P P P".split()
    expected = Auction.from_str("N", "1D 1S 3H 4S 4NT X P P 5C X 5H X P P P")
    assert g.record.auction() == expected
    assert g.record.contract == Contract.from_str("5HXS") == expected.contract()
    annotated = g.record.calls
    assert annotated is not None
    assert (annotated[2].alert, annotated[2].explanation) == (True, "non-forcing 6-9 points, 6-card")
    assert annotated[4].explanation == "two colors: clubs and diamonds" and not annotated[0].alert


def test_columns_before_the_dealer_hold_a_dash() -> None:
    g = game("- 1D 1S 3H\n4S 4NT X Pass\nPass 5C X 5H\nX AP", first="W")
    assert codes(g) == []
    assert g.auction is not None and g.auction.first is Seat.WEST
    assert calls(g)[:2] == ["1D", "1S"] and str(g.record.auction().contract()) == "5HXS"  # type: ignore[union-attr]


def test_the_dealer_must_make_the_first_call() -> None:
    g = game("1D", first="W")  # West calls, but North dealt
    assert (4, "auction-dealer") in codes(g)
    g2 = game("- - 1D", first="W")
    assert (4, "auction-dealer") in codes(g2)


def test_all_pass_from_the_start_is_four_passes() -> None:
    g = game("AP", dealer="S")
    assert calls(g) == ["P", "P", "P", "P"] and g.record.passed_out
    assert g.record.auction() is not None and g.record.auction().is_passed_out  # type: ignore[union-attr]


def test_suffixes_become_nags_and_notes_explain_calls() -> None:
    g = game('1S !? =1= 2H $13\nPass Pass Pass\n[Note "1:five spades"]')
    assert g.problems == ()
    annotated = g.record.calls
    assert annotated is not None
    assert (annotated[0].annotation, annotated[0].explanation) == ("$5", "five spades")
    assert annotated[1].annotation == "$13"
    assert g.auction is not None and g.auction.entries[0].token() == "1S =1= $5"


def test_an_insufficient_bid_is_an_error_unless_marked_accepted() -> None:
    """Law 27A: an insufficient bid that LHO accepts stands; PBN marks it ^I (§3.9 A)."""
    plain = game("1D 1C")
    assert [c for _, c in codes(plain)] == ["auction-illegal", "auction-incomplete"]
    assert plain.problems[0].lineno == 4 and "insufficient" in plain.problems[0].message
    accepted = game("1D ^I 1C Pass Pass Pass")
    assert codes(accepted) == []
    assert accepted.auction is not None and accepted.auction.irregular
    annotated = accepted.record.calls
    assert annotated is not None and annotated[1].annotation == "^I"
    assert accepted.auction.contract == Contract.from_str("1CE")


def test_a_sufficient_bid_marked_insufficient_is_an_error() -> None:
    assert (4, "auction-irregularity") in codes(game("1D ^I 1S"))


def test_a_skipped_call_after_a_call_out_of_rotation() -> None:
    """Law 29A / §3.9 B: North deals, East calls out of rotation and it is accepted; North's turn is lost."""
    g = game("^S 1D Pass Pass\nPass")
    assert [c for _, c in codes(g)] == []
    assert g.auction is not None and g.auction.entries[0].mark == "^S"
    assert calls(g) == ["1D", "P", "P", "P"]
    annotated = g.record.calls
    assert annotated is not None and annotated[0].annotation == "^S"
    assert g.auction.contract == Contract.from_str("1DE")


def test_inadmissible_doubles_and_redoubles_are_errors() -> None:
    """Law 19: a double only of an opponent's bid, a redouble only of an opponent's double."""
    assert (4, "auction-illegal") in codes(game("1D Pass X"))
    assert (4, "auction-illegal") in codes(game("1D X Pass XX"))
    assert (4, "auction-illegal") in codes(game("X"))


def test_calls_after_the_end_and_bad_tokens() -> None:
    assert (4, "auction-after-end") in codes(game("Pass Pass Pass Pass 1S"))
    assert (4, "auction-call") in codes(game("1 Pass"))
    assert (4, "auction-irregularity") in codes(game("^R 1S"))


def test_star_ends_an_incomplete_auction_and_tags_may_give_the_contract() -> None:
    g = game("1S Pass 2S *", '[Declarer "N"]', '[Contract "4S"]')
    assert codes(g) == [] and g.auction is not None and g.auction.end == "*"
    assert g.record.contract == Contract.from_str("4SN")
    assert calls(g) == ["1S", "P", "2S"]


def test_plus_marks_the_next_call_and_nothing_may_follow_it() -> None:
    g = game("1S Pass 2S +")
    assert codes(g) == [] and g.auction is not None and g.auction.end == "+"
    assert [c for _, c in codes(game("1S Pass + Pass"))] == ["auction-plus"]


def test_an_auction_that_just_stops_is_a_warning() -> None:
    g = game("1S Pass 2S")
    assert [(p.code, p.severity.value) for p in g.problems] == [("auction-incomplete", "warning")]


def test_contract_and_declarer_tags_must_match_a_complete_auction() -> None:
    """Law 22: the last bid is the contract; declarer first named its denomination for the side."""
    g = game("1S Pass 2S Pass\nPass X Pass Pass\nPass", '[Declarer "S"]', '[Contract "2S"]')
    assert sorted(c for _, c in codes(g)) == ["contract-auction", "declarer-auction"]
    assert g.auction is not None and g.auction.contract == Contract.from_str("2SXN")
    swapped = game("1C AP", '[Declarer "^S"]', '[Contract "1C"]')  # declarer and dummy swapped: partner
    assert codes(swapped) == [] and swapped.record.contract == Contract.from_str("1CS")


def test_without_a_dealer_tag_the_dealer_is_the_first_caller_of_the_auction_tag() -> None:
    """About 3,700 public games have an Auction tag but no Dealer: the Auction tag names the dealer (§3.5),
    so the game is read, with a warning, instead of refused."""
    (g,) = read_games('[Auction "W"]\n1S AP', source="x.pbn")
    (problem,) = [p for p in g.problems if p.code == "auction-dealer"]
    assert problem.lineno == 1 and problem.severity.value == "warning" and "West" in problem.message
    assert g.record.dealer is Seat.WEST and str(g.record.auction().contract()) == "1SW"  # type: ignore[union-attr]


def test_an_auction_with_a_dealer_tag_that_cannot_be_read_still_needs_a_dealer() -> None:
    (g,) = read_games('[Dealer "Q"]\n[Auction "W"]\n1S AP', source="x.pbn")
    assert (2, "auction-dealer") in codes(g)


def test_note_problems() -> None:
    g = game('1S =1= Pass =3= Pass Pass\n[Note "1:one"]\n[Note "0:zero"]\n[Note "1:again"]\n'
             '[Note "4:unused"]')
    assert sorted(codes(g)) == sorted([(6, "note"), (7, "note"), (4, "note-missing"), (3, "note-unused")])


def test_calls_in_record_equal_the_core_parser() -> None:
    g = game("1nt pass 3nt pass\npass pass")
    assert [c.call for c in g.record.calls or ()] == [parse_call(t) for t in "1NT P 3NT P P P".split()]
    assert g.record.calls is not None and g.record.calls[-1].call == PASS


def test_bens_star_after_a_call_is_an_alert_when_calls_follow() -> None:
    """BEN writes 2C* for an alerted 2C: with calls after it, the star cannot end the section (§3.5), so it
    is read as an alert, with a warning; a star at the end still ends an incomplete auction."""
    g = game("2C* Pass 2D Pass\n2NT AP")
    assert codes(g) == [(4, "auction-alert-mark")]
    assert calls(g)[:3] == ["2C", "P", "2D"] and g.record.calls is not None
    assert [c.alert for c in g.record.calls[:3]] == [True, False, False]
    ended = game("1C Pass *")
    assert "auction-alert-mark" not in [c for _, c in codes(ended)] and calls(ended) == ["1C", "P"]


def test_all_pass_written_out_is_read_as_ap() -> None:
    g = game("1NT all pass")
    assert codes(g) == [(4, "auction-call")] and calls(g) == ["1NT", "P", "P", "P"]
