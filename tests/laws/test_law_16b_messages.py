"""Messages for Law 16B cases, rulings and tempo breaks, in every shipped locale."""

from __future__ import annotations

import pytest

from tenace import Seat, parse_call
from tenace.laws import CardPlayed, Table
from tenace.laws.events import LogicalAlternatives, UIReason, UIReserved, UIRuling
from tenace.laws.information import cases
from tenace.laws.messages import available_locales, explain, explain_table
from tenace.laws.tempo import Baseline, TempoBreak, TempoClass
from tenace.scoring.adjusted import AssignedAdjustedScore, WeightedScore

from ._helpers import N, W, calls, table

LAW_WORDS = {"en": "Law", "pl": "przepis", "sv": "lag", "lv": "likums", "el": "Νόμος"}


def _case_table() -> Table:
    return calls(table(), "N:1S E:2H S:2S W:3H N:P E:P S:3S").apply(UIReserved(W, N, UIReason.HESITATION))


def test_a_reservation_is_explained_with_who_may_have_received_the_information() -> None:
    (case,) = cases(_case_table())
    assert explain(case) == (
        "West reserves the right to call the Director: North may have given South unauthorised information by"
        " a hesitation (Law 16B2). The Director is to poll peers and find the logical alternatives."
    )


def test_the_stage_follows_the_directors_findings() -> None:
    t = _case_table().apply(LogicalAlternatives((parse_call("P"),)))
    (case,) = cases(t)
    assert explain(case).endswith("The Director is to decide whether the action chosen was suggested by the "
                                  "information.")


def test_rulings_are_explained_score_stands_balancing_and_not() -> None:
    assert explain(UIRuling()) == "The Director rules that the score obtained at the table stands (Law 16B3)."
    weighted = WeightedScore.of((-140, "2/3"), (-110, "1/3"))
    balancing = UIRuling.assigned(AssignedAdjustedScore.balancing(weighted))
    assert explain(balancing) == "The Director assigns an adjusted score: -110 (1/3), -140 (2/3) (Law 12C1)."
    split = UIRuling.assigned(AssignedAdjustedScore.of(-140, 110))
    assert explain(split) == (
        "The Director assigns an adjusted score: North-South -140, East-West 110 (Law 12C1)."
    )


def test_a_tempo_break_is_explained_for_the_director() -> None:
    klass = TempoClass("call", "competitive, level 3-4")
    brk = TempoBreak(4, N, "N", klass, 25.4, Baseline(4.0, 1.0, 9, "N"), 8.4, "P")
    assert explain(brk) == "Break in tempo: North took 25 seconds over P; usually 4 seconds (Law 73D1)."


@pytest.mark.parametrize("locale", available_locales())
def test_every_locale_has_the_law_16b_messages(locale: str) -> None:
    (case,) = cases(_case_table())
    english = explain(case)
    text = explain(case, locale=locale)
    assert f"{LAW_WORDS[locale]} 16B2" in text and (locale == "en") == (text == english)
    for value in (UIRuling(), UIRuling.assigned(AssignedAdjustedScore.of(-140, 110)), UIReason.SPEED):
        assert (locale == "en") == (explain(value, locale=locale) == explain(value))


def test_the_table_explanation_lists_open_cases_and_rulings() -> None:
    t = _case_table()
    lines = explain_table(t).splitlines()
    assert lines[-2] == "Unauthorised information:" and lines[-1].startswith("- West reserves the right")
    assert "Break in tempo" not in explain_table(t)  # the measurement is never in a player's explanation


def test_a_ruled_case_shows_its_ruling_instead_of_the_reservation() -> None:
    t = calls(_case_table(), "W:P N:P E:P")
    while isinstance(turn := t.turn, Seat):
        t = t.apply(CardPlayed(turn, min(t.legal_cards())))
    t = t.apply(LogicalAlternatives()).apply(UIRuling())
    assert explain_table(t).splitlines()[-2:] == [
        "Unauthorised information:",
        "- The Director rules that the score obtained at the table stands (Law 16B3).",
    ]
