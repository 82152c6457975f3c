"""Layer 2: tokens to raw games, with tag-value inheritance (PBN 2.1 §3, §3.3, §4.8)."""

from __future__ import annotations

import pytest

from tenace.formats.pbn.grammar import RawGame, raw_games
from tenace.formats.pbn.tokenize import tokenize


def games(text: str) -> list[RawGame]:
    return list(raw_games(tokenize(enumerate(text.split("\n"), 1)), "t.pbn"))


def values(game: RawGame) -> list[tuple[str, str]]:
    return [(t.name, t.value) for t in game.tags]


@pytest.mark.parametrize("text", [
    '[Event "x"]',
    '[Event"x"]',
    '[   Event"x"   ]',
    ' [\n   Event\n         "x"\n                         ]',
])
def test_import_format_tag_pairs_may_be_spaced_and_split_over_lines(text: str) -> None:
    (game,) = games(text)
    assert values(game) == [("Event", "x")] and game.problems == ()


def test_two_tag_pairs_on_one_line() -> None:
    (game,) = games('[Event "my event"] [Date "1998.03.21"]')
    assert values(game) == [("Event", "my event"), ("Date", "1998.03.21")]


def test_games_are_separated_by_semi_empty_lines_and_comment_only_chunks_are_not_games() -> None:
    text = '% header\n[Board "1"]\n\n{ Isolated comment, not a game }\n  \n[Board "2"]\n'
    read = games(text)
    assert [values(g) for g in read] == [[("Board", "1")], [("Board", "2")]]
    assert [g.lineno for g in read] == [2, 6]


def test_section_elements_and_comments_attach_to_the_tag_before_them() -> None:
    (game,) = games('[Auction "N"] {after tag}\n1S {after 1S} Pass\n"quoted text" 2S')
    (tag,) = game.tags
    assert [(i.text, i.lineno, i.quoted) for i in tag.items] == [
        ("1S", 2, False), ("Pass", 2, False), ("quoted text", 3, True), ("2S", 3, False)]
    assert [(c.text, c.after) for c in tag.comments] == [("after tag", 0), ("after 1S", 1)]


def test_comments_before_the_first_tag_belong_to_the_game() -> None:
    (game,) = games("{ Initial game comment } ; rest\n[West \"Podgor\"]")
    assert [c.text for c in game.comments] == [" Initial game comment ", " rest"]


def test_hash_inherits_from_the_nearest_previous_game() -> None:
    read = games('[Event "A"]\n\n[Board "2"]\n\n[Event "#"]\n\n[Event "#"]\n[Site "#"]')
    assert [g.get("Event").value if g.get("Event") else None for g in read] == ["A", None, "A", "A"]
    assert read[3].get("Site").value == ""  # no previous value: empty (§4.8)  # type: ignore[union-attr]


def test_double_hash_applies_to_all_later_games_until_redefined() -> None:
    text = ('[Date "##1980.10.24"]\n[Board "1"]\n\n[Board "2"]\n\n[Date "1980.10.25"]\n[Board "3"]\n\n'
            '[Board "4"]')
    read = games(text)
    dates = [g.get("Date") for g in read]
    assert [d.value for d in dates if d is not None] == ["1980.10.24", "1980.10.24", "1980.10.25",
                                                         "1980.10.25"]
    assert dates[1] is not None and dates[1].raw is None and dates[1].inherited  # supplied, not written
    assert dates[0] is not None and dates[0].raw == "##1980.10.24"


@pytest.mark.parametrize("name", ["Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play",
                                  "Note"])
def test_inheritance_is_forbidden_for_the_tags_that_define_the_play(name: str) -> None:
    (_, game) = games(f'[{name} "N"]\n\n[{name} "#"]')
    assert [(p.code, p.lineno) for p in game.problems] == [("inherit-forbidden", 3)]
    assert values(game) == [(name, "")]


def test_a_repeated_tag_is_reported_and_ignored_but_notes_may_repeat() -> None:
    (game,) = games('[Site "A"]\n[Site "B"]\n[Note "1:x"]\n[Note "2:y"]')
    assert values(game) == [("Site", "A"), ("Note", "1:x"), ("Note", "2:y")]
    assert [(p.code, p.lineno) for p in game.problems] == [("tag-duplicate", 2)]


@pytest.mark.parametrize("opener", ["Board", "Event"])
def test_a_second_board_or_event_tag_without_an_empty_line_starts_a_new_game(opener: str) -> None:
    """Games are separated by an empty line (§3); a file that leaves it out is read game by game, with a
    warning at the tag that opens the next game, instead of losing the second game to duplicate tags."""
    first, second = games(f'[{opener} "1"]\n[Dealer "N"]\n[{opener} "2"]\n[Dealer "E"]\n')
    assert values(first) == [(opener, "1"), ("Dealer", "N")]
    assert values(second) == [(opener, "2"), ("Dealer", "E")]
    assert [(p.code, p.lineno, p.is_error) for p in second.problems] == [("game-separator", 3, False)]
    assert not first.problems


@pytest.mark.parametrize(("line", "code"), [
    ("[Event]", "tag-syntax"),
    ("[Event No_quotes]", "tag-syntax"),
    ('[event "x"]', "tag-name"),
    ('["x"]', "tag-syntax"),
    ('[Event "x"', "tag-syntax"),
])
def test_broken_tag_pairs_are_reported_and_the_other_tags_still_read(line: str, code: str) -> None:
    (game,) = games(f'[Board "1"]\n{line}\n[Dealer "N"]')
    assert (2, code) in [(p.lineno, p.code) for p in game.problems]
    names = [t.name for t in game.tags]
    assert names[0] == "Board" and names[-1] == "Dealer"


def test_text_outside_tag_pairs_is_reported_once_per_line() -> None:
    (game,) = games("bad characters here\n[Event \"x\"]")
    assert [(p.code, p.lineno) for p in game.problems] == [("text-outside-tag", 1)]
    assert game.problems[0].source == "t.pbn"
