"""``tenace rule`` shows what was said at the table (Laws 20F, 21, 47E2, 75): questions, explanations,
corrections, the Director's findings, the corrections still owed and, with ``--card``, every explanation that
differs from the system card with the card's meaning and the caller's hand."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from typer.testing import CliRunner

from tenace.cli import app
from tenace.laws import Table
from tenace.laws.events import ExplanationCorrected, ExplanationGiven, Mistake, MistakeFound, QuestionAsked
from tenace.laws.log import dumps

from ._helpers import E, N, S, W
from ._misinfo_helpers import DEAL, TWO_D, call, to_two_d

runner = CliRunner()
CARD = str(resources.files("tenace.system") / "cards" / "natural.json")


def _save(tmp_path: Path, t: Table) -> str:
    path = tmp_path / "table.json"
    path.write_text(dumps(t), encoding="utf-8")
    return str(path)


def _misexplained() -> Table:
    """West asks about 2D at his turn, East (out of turn) too; North explains it as natural, West passes."""
    t = to_two_d().apply(QuestionAsked(W, TWO_D)).apply(QuestionAsked(E, TWO_D))
    return call(t.apply(ExplanationGiven(N, TWO_D, "natural, to play")), "W:P")


def test_rule_json_lists_questions_explanations_and_the_mismatch_with_the_card(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rule", _save(tmp_path, _misexplained()), "--json", "--card", CARD])
    assert result.exit_code == 0, result.output
    info = json.loads(result.stdout)["information"]
    assert [(q["seat"], q["in_turn"]) for q in info["questions"]] == [("W", True), ("E", False)]
    explained = [(e["call"], e["by"], e["text"]) for e in info["explanations"]]
    assert explained == [("2D", "N", "natural, to play")]
    (mismatch,) = info["mismatches"]
    assert (mismatch["call"], mismatch["caller"], mismatch["explainer"]) == ("2D", "S", "N")
    assert "artificial" in mismatch["differences"] and mismatch["hand"] == DEAL[S].to_pbn()
    assert mismatch["hand_fits_card"] is True and mismatch["presumption"] == "Law 21B1(b)"
    assert [(d["seat"], d["law"]) for d in info["duties"]] == [("N", "Law 20F4(a)"), ("S", "Law 20F5(b)")]
    irregularities = json.loads(result.stdout)["irregularities"]
    expected = [("question asked not at the asker's own turn", "E")]
    assert [(i["kind"], i["offender"]) for i in irregularities] == expected


def test_rule_without_a_card_shows_no_mismatch_nor_duty_until_the_director_finds_one(tmp_path: Path) -> None:
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, _misexplained()), "--json"]).stdout)
    assert data["information"]["mismatches"] == [] and data["information"]["duties"] == []
    found = _misexplained().apply(MistakeFound(TWO_D, Mistake.EXPLANATION))
    data = json.loads(runner.invoke(app, ["rule", _save(tmp_path, found), "--json"]).stdout)
    assert [f["kind"] for f in data["information"]["findings"]] == ["mistaken explanation"]
    assert {d["seat"] for d in data["information"]["duties"]} == {"N", "S"}


def test_rule_text_shows_the_evidence_the_duties_and_the_remedy(tmp_path: Path) -> None:
    corrected = _misexplained().apply(ExplanationCorrected(N, TWO_D, "transfer to hearts"))
    text = runner.invoke(app, ["rule", _save(tmp_path, _misexplained()), "--card", CARD]).stdout
    assert "mismatch with the card: S 2D" in text and "explained by N as 'natural, to play'" in text
    assert "mistaken explanation (Law 75B); mistaken call (Law 75C)" in text
    assert "duty: S must correct" in text
    text = runner.invoke(app, ["rule", _save(tmp_path, corrected), "--card", CARD]).stdout
    assert "correction at event" in text and "duty:" not in text
    assert "after the correction (Law 21B1(a)): West may change his P" in text


def test_rule_reports_a_bad_card_file(tmp_path: Path) -> None:
    bad = tmp_path / "card.json"
    bad.write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["rule", _save(tmp_path, _misexplained()), "--card", str(bad)])
    assert result.exit_code == 1 and "card.json" in result.output


def test_rule_json_gives_when_each_question_and_explanation_happened(tmp_path: Path) -> None:
    import datetime as dt

    start = dt.datetime(2026, 11, 22, 8, 0, tzinfo=dt.UTC)
    t = to_two_d().apply(QuestionAsked(W, TWO_D), at=start)
    t = t.apply(ExplanationGiven(N, TWO_D, "transfer"), at=start + dt.timedelta(seconds=20))
    info = json.loads(runner.invoke(app, ["rule", _save(tmp_path, t), "--json"]).stdout)["information"]
    assert [q["at"] for q in info["questions"]] == ["2026-11-22T08:00:00Z"]
    assert [e["at"] for e in info["explanations"]] == ["2026-11-22T08:00:20Z"]
