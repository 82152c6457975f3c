"""Verifiable deals (tenace.dealing.verifiable): commit, deal from the key, reveal, verify."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from tenace import SEATS, Board, Card, Deal, NotationError, Seat
from tenace.dealing.index import DEAL_COUNT, deal_from_index
from tenace.dealing.verifiable import (
    Commitment,
    SessionKey,
    verifiable_boards,
    verifiable_deal,
    verifiable_index,
    verify,
)

from ._stats import binned, chi_squared, pattern_probabilities

KEY = SessionKey.from_hex("5f1e0c3a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f")
PUBLIC = "EuroMillions 2026-05-01: 4 9 17 33 45 + 2 11"


def reference_index(key: bytes, public: bytes, board: int) -> tuple[int, int]:
    """The documented construction (docs/dealing.md), written out again from the text: (index, counter)."""
    session = hmac.new(key, b"tenace-deal-v1\x00" + public, hashlib.sha256).digest()
    counter = 0
    while True:
        message = b"board" + board.to_bytes(4, "big") + counter.to_bytes(4, "big")
        value = int.from_bytes(hmac.new(session, message, hashlib.sha256).digest()[:12], "big")
        if value < DEAL_COUNT:
            return value, counter
        counter += 1


def test_commitment_is_the_sha256_of_the_key() -> None:
    assert KEY.commitment().hex() == hashlib.sha256(KEY.secret).hexdigest()
    assert KEY.commitment().matches(KEY)
    assert not KEY.commitment().matches(SessionKey.generate())


def test_deals_follow_the_documented_construction() -> None:
    for board in range(1, 33):
        index, _ = reference_index(KEY.secret, PUBLIC.encode(), board)
        assert verifiable_index(KEY, board, PUBLIC) == index
        assert verifiable_deal(KEY, board, PUBLIC) == deal_from_index(index)


def test_candidates_at_or_above_the_deal_count_are_rejected_not_reduced() -> None:
    # About a third of the 96-bit candidates are >= DEAL_COUNT; find boards where the first one was rejected.
    rejected = [b for b in range(1, 200) if reference_index(KEY.secret, b"", b)[1] > 0]
    assert rejected, "expected some boards to need a second HMAC block"
    for board in rejected[:5]:
        session = hmac.new(KEY.secret, b"tenace-deal-v1\x00", hashlib.sha256).digest()
        block = hmac.new(session, b"board" + board.to_bytes(4, "big") + bytes(4), hashlib.sha256).digest()
        first = int.from_bytes(block[:12], "big")
        assert first >= DEAL_COUNT
        assert verifiable_index(KEY, board) == reference_index(KEY.secret, b"", board)[0]
        assert verifiable_index(KEY, board) != first % DEAL_COUNT


def test_the_same_key_regenerates_the_same_set_and_each_board_stands_alone() -> None:
    boards = verifiable_boards(KEY, 36, public_data=PUBLIC)
    assert verifiable_boards(KEY, 36, public_data=PUBLIC) == boards
    assert verifiable_boards(KEY, 8, first=5, public_data=PUBLIC) == boards[4:12]
    assert [b.number for b in boards] == list(range(1, 37))
    assert all(b.follows_law_2 for b in boards)
    assert len({b.deal for b in boards}) == 36


def test_verify_accepts_the_set_dealt_from_the_committed_key() -> None:
    boards = verifiable_boards(KEY, 24, public_data=PUBLIC)
    result = verify(KEY.commitment(), KEY, PUBLIC, boards)
    assert result and result.ok and result.problems == ()
    assert result.boards_checked == 24
    assert "verified" in str(result)
    # Text forms, as a command line would pass them.
    assert verify(KEY.commitment().hex(), KEY.hex(), PUBLIC, boards)


def test_another_key_fails_with_the_commitment_and_every_board_named() -> None:
    boards = verifiable_boards(KEY, 4, public_data=PUBLIC)
    other = SessionKey.generate()
    result = verify(KEY.commitment(), other, PUBLIC, boards)
    assert not result
    assert "does not match the commitment" in result.problems[0]
    assert sum("the deal is not the one" in p for p in result.problems) == 4
    # Even a matching commitment for the other key does not help: the boards were dealt from KEY.
    result = verify(other.commitment(), other, PUBLIC, boards)
    assert not result and not any("commitment" in p for p in result.problems)


@pytest.mark.parametrize("altered", ["", PUBLIC + " ", PUBLIC.replace("45", "46"), PUBLIC.lower()])
def test_altered_public_data_fails_verification(altered: str) -> None:
    boards = verifiable_boards(KEY, 6, public_data=PUBLIC)
    result = verify(KEY.commitment(), KEY, altered, boards)
    assert not result
    board_problems = [p for p in result.problems if p.startswith("board ")]
    assert [p.split(":")[0] for p in board_problems] == [f"board {n}" for n in range(1, 7)]
    assert all("the deal is not the one that the key and public data give" in p for p in board_problems)
    assert "public data is exactly the text announced" in result.problems[-1]


def _swap(deal: Deal, a: Card, b: Card) -> Deal:
    hands = dict(deal)
    sa, sb = deal.holder(a), deal.holder(b)
    hands[sa] = hands[sa].remove(a).add(b)
    hands[sb] = hands[sb].remove(b).add(a)
    return Deal.from_hands(hands)


def test_one_tampered_board_is_named_with_the_hands_that_differ() -> None:
    boards = verifiable_boards(KEY, 8, public_data=PUBLIC)
    deal = boards[2].deal
    assert deal is not None
    north_card = next(iter(deal[Seat.NORTH]))
    east_card = next(iter(deal[Seat.EAST]))
    boards[2] = Board(3, _swap(deal, north_card, east_card))
    result = verify(KEY.commitment(), KEY, PUBLIC, boards)
    assert not result
    assert result.problems == ("board 3: the deal is not the one that the key and public data give "
                               "(hands that differ: North, East)",)
    assert "NOT verified" in str(result) and "board 3" in str(result)


def test_wrong_dealer_missing_deal_duplicates_and_empty_sets_are_reported() -> None:
    boards = verifiable_boards(KEY, 3)
    moved = Board(2, boards[1].deal, dealer=Seat.NORTH)
    result = verify(KEY.commitment(), KEY, "", [boards[0], moved, Board(3), boards[0]])
    assert result.problems == (
        "board 2: dealer is North, Law 2 gives East",
        "board 3 has no deal to check",
        "board 1 appears more than once",
    )
    assert verify(KEY.commitment(), KEY, "", []).problems == ("there are no boards to verify",)


def test_key_and_commitment_text_forms_round_trip_and_reject_bad_text() -> None:
    assert SessionKey.from_hex(KEY.hex()) == KEY
    assert SessionKey.from_hex("0x" + KEY.hex().upper()) == KEY
    c = KEY.commitment()
    assert Commitment.from_hex(str(c)) == c and eval(repr(c)) == c
    with pytest.raises(NotationError, match="hexadecimal"):
        SessionKey.from_hex("not hex at all")
    with pytest.raises(NotationError, match="64 hexadecimal digits"):
        Commitment.from_hex("abcd")
    with pytest.raises(ValueError, match="at least 16 bytes"):
        SessionKey.from_hex("00" * 15)


def test_the_key_does_not_leak_through_repr_or_str() -> None:
    assert KEY.hex() not in repr(KEY) and KEY.hex() not in str(KEY)
    assert KEY.commitment().hex()[:16] in repr(KEY)


def test_generated_keys_are_256_bits_and_distinct() -> None:
    keys = {SessionKey.generate().hex() for _ in range(50)}
    assert len(keys) == 50 and all(len(k) == 64 for k in keys)


def test_board_numbers_out_of_range_are_rejected() -> None:
    with pytest.raises(ValueError, match="board numbers"):
        verifiable_index(KEY, 0)
    with pytest.raises(ValueError, match="board numbers"):
        verifiable_index(KEY, 2**32)
    with pytest.raises(ValueError):
        verifiable_boards(KEY, -1)


def test_bytes_and_text_public_data_agree() -> None:
    assert verifiable_index(KEY, 7, PUBLIC) == verifiable_index(KEY, 7, PUBLIC.encode("utf-8"))
    assert verifiable_index(KEY, 7, "Zürich") == reference_index(KEY.secret, "Zürich".encode(), 7)[0]


def test_verifiable_hand_patterns_fit_the_exact_probabilities() -> None:
    # A fixed key makes this reproducible; the HMAC stream should look uniform over all deals.
    count = 12_000
    deals = [b.deal for b in verifiable_boards(SessionKey(bytes(range(32))), count, public_data="chi2")]
    probabilities = binned(pattern_probabilities(), count)
    for seat in SEATS:
        observed = [tuple(sorted(d[seat].shape, reverse=True)) for d in deals if d is not None]
        stat, df, p_value = chi_squared(observed, probabilities)
        assert p_value > 0.001, f"{seat}: chi2={stat:.1f} with {df} df, p={p_value:.2e}"
