"""System cards as JSON: round trips and errors that name the JSON path (Law 40A1(b): disclosure)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenace.cards import Suit
from tenace.system import (
    SCHEMA_VERSION,
    Agreement,
    Carding,
    Convention,
    Forcing,
    Length,
    Meaning,
    SystemCard,
    SystemCardError,
    dumps,
    load,
    loads,
    natural_card,
)
from tenace.system.codec import card_from_json, card_to_json, save

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "tenace" / "system" / "cards" / "natural.json"


@st.composite
def bounds(draw: st.DrawFn, top: int) -> tuple[int | None, int | None]:
    low = draw(st.none() | st.integers(0, top))
    high = draw(st.none() | st.integers(low or 0, top))
    return low, high


@st.composite
def meanings(draw: st.DrawFn) -> Meaning:
    hcp = draw(bounds(40))
    lengths = []
    for suit in draw(st.sets(st.sampled_from(list(Suit)))):
        low, high = draw(bounds(13))
        if low is not None or high is not None:
            lengths.append(Length(suit, low, high))
    words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)
    return Meaning(
        text=draw(words), hcp_min=hcp[0], hcp_max=hcp[1], lengths=tuple(lengths),
        balanced=draw(st.none() | st.booleans()), forcing=draw(st.none() | st.sampled_from(list(Forcing))),
        artificial=draw(st.none() | st.booleans()), convention=draw(st.none() | words),
        transfer=draw(st.none() | st.sampled_from(list(Suit))), alert=draw(st.booleans()),
        announce=draw(st.none() | words),
    )


PATTERNS = ["1C", "1NT", "2C", "1NT-2C", "1NT-2D-2H", "(1*) X", "(1NT) X", "(1M) 2NT", "1NT (*) 2C", "P",
            "1H (P) P (2S) X", "2C-2D", "(1m) 1NT", "1S (bid) 2S"]


@st.composite
def cards(draw: st.DrawFn) -> SystemCard:
    chosen = draw(st.lists(st.sampled_from(PATTERNS), unique=True, max_size=6))
    text = st.text(max_size=15)
    return SystemCard(
        name=draw(text), revision=draw(st.integers(1, 50)), players=tuple(draw(st.lists(text, max_size=2))),
        system=draw(text), approach=draw(text),
        agreements=tuple(Agreement.of(p, draw(meanings())) for p in chosen),
        conventions=tuple(Convention(draw(text), draw(text)) for _ in range(draw(st.integers(0, 2)))),
        carding=Carding(*(draw(text) for _ in range(6))), competitive_notes=draw(text), notes=draw(text),
    )


@settings(max_examples=60, deadline=None)
@given(cards())
def test_any_card_round_trips_through_json_text(card: SystemCard) -> None:
    """Law 40A1(b): the agreements a partnership makes available to its opponents survive being written and
    read back exactly."""
    assert loads(dumps(card)) == card


def test_the_sample_file_round_trips_byte_for_byte() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    assert dumps(loads(text)) == text
    assert load(SAMPLE) == natural_card()


def test_save_and_load_a_file(tmp_path: Path) -> None:
    path = tmp_path / "ours.json"
    save(natural_card(), path)
    assert load(path) == natural_card()


def test_document_carries_the_schema_version() -> None:
    data = card_to_json(natural_card())
    assert data["schema"] == "tenace-system-card" and data["schema_version"] == SCHEMA_VERSION == 1


def test_ranges_may_be_written_as_text() -> None:
    card = card_from_json({"schema_version": 1, "name": "x", "agreements": [
        {"auction": "1S", "meaning": {"text": "", "hcp": "11-21", "lengths": {"S": "5+", "h": "-4"}}}]})
    meaning = card.agreements[0].meaning
    assert (meaning.hcp_min, meaning.hcp_max) == (11, 21)
    expected = [(Suit.SPADES, 5, None), (Suit.HEARTS, None, 4)]
    assert [(x.suit, x.min, x.max) for x in meaning.lengths] == expected


def _base() -> dict:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def _error(data: object, source: str = "<json>") -> SystemCardError:
    with pytest.raises(SystemCardError) as info:
        card_from_json(data, source=source)
    assert isinstance(info.value, ValueError)
    return info.value


@pytest.mark.parametrize("edit, path, words", [
    (lambda d: d.pop("schema_version"), "$.schema_version", "missing"),
    (lambda d: d.update(schema_version=2), "$.schema_version", "not supported"),
    (lambda d: d.update(schema="something-else"), "$.schema", "not a system card"),
    (lambda d: d.update(name=3), "$.name", "the card's name"),
    (lambda d: d.update(colour="red"), "$.colour", "unknown key"),
    (lambda d: d.update(revision=0), "$", "revision"),
    (lambda d: d["agreements"][3].update(auction="1NT-2Q"), "$.agreements[3].auction", "'2Q'"),
    (lambda d: d["agreements"][3].pop("auction"), "$.agreements[3].auction", "missing"),
    (lambda d: d["agreements"][4]["meaning"].update(hcp=[17, 15]), "$.agreements[4].meaning", "minimum 17"),
    (lambda d: d["agreements"][4]["meaning"].update(hcp=[15, "x"]), "$.agreements[4].meaning.hcp[1]",
     "whole number"),
    (lambda d: d["agreements"][4]["meaning"].update(hcp="15to"), "$.agreements[4].meaning.hcp",
     "not a range"),
    (lambda d: d["agreements"][2]["meaning"].update(lengths={"Q": [5, None]}),
     "$.agreements[2].meaning.lengths.Q", "suit"),
    (lambda d: d["agreements"][2]["meaning"].update(lengths={"H": [5, 14]}),
     "$.agreements[2].meaning.lengths.H", "0 to 13"),
    (lambda d: d["agreements"][2]["meaning"].update(forcing="maybe"), "$.agreements[2].meaning.forcing",
     "game-forcing"),
    (lambda d: d["agreements"][2]["meaning"].update(balanced="yes"), "$.agreements[2].meaning.balanced",
     "true, false or null"),
    (lambda d: d["agreements"][2]["meaning"].update(colour=1), "$.agreements[2].meaning.colour",
     "unknown key"),
    (lambda d: d["agreements"].append(d["agreements"][0]), "$", "described twice"),
    (lambda d: d["conventions"][1].update(name=None), "$.conventions[1].name", "a name"),
    (lambda d: d["carding"].update(discards=5), "$.carding.discards", "a string"),
    (lambda d: d.update(players="Ann and Bob"), "$.players", "a list of names"),
])
def test_bad_input_names_the_json_path(edit, path: str, words: str) -> None:  # noqa: ANN001
    data = _base()
    edit(data)
    error = _error(data, source="ours.json")
    assert error.path == path
    assert words in error.message
    assert str(error).startswith(f"ours.json: {path}: ")


def test_text_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "schema_version": 1,\n  "name": "x",,\n}', encoding="utf-8")
    with pytest.raises(SystemCardError) as info:
        load(path)
    assert str(path) in str(info.value) and "line 3" in str(info.value)


def test_a_top_level_list_is_refused() -> None:
    assert _error([1, 2]).path == "$"
