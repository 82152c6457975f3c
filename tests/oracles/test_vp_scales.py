"""Victory points against published and real data (oracles/vp-scales and oracles/pbn-ruter-norway).

* Ruter (Norway) printed the VPs of 16 real 28-board team matches (2 x 14 boards) on the WBF 2013 continuous
  scale; every one must come out exactly, to the hundredth.
* Ron Klinger (IBPA Bulletin, May 2013) quoted points of the 14-board WBF continuous scale.
* The ACBL discrete Swiss scales are data: they load as :class:`DiscreteVPScale` and give back every band.
"""

from __future__ import annotations

import csv
import math
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

from tenace.scoring.vp import DiscreteVPScale, WBFContinuousScale

MATCH_BOARDS = 28  # Ruter's 2022KM_A league: two segments of 14 boards (vp-scales/MANIFEST.md)


def _read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def ruter_matches(oracles: Path) -> list[dict[str, str]]:
    return _read_csv(oracles / "vp-scales" / "ruter_2022KM_A_teams_28board_matches.csv")


def test_ruter_28_board_matches_reproduce_exactly(ruter_matches: list[dict[str, str]]) -> None:
    scale = WBFContinuousScale(MATCH_BOARDS)
    assert len(ruter_matches) == 16
    for match in ruter_matches:
        home = int(match["seg1_imps_home"]) + int(match["seg2_imps_home"])
        away = int(match["seg1_imps_away"]) + int(match["seg2_imps_away"])
        assert (home, away) == (int(match["total_imps_home"]), int(match["total_imps_away"]))
        assert home - away == int(match["margin_home"])
        expected = (Decimal(match["vp_home"]), Decimal(match["vp_away"]))
        assert scale.vps(home - away) == expected, match
        assert scale.vps(away - home) == expected[::-1], match


def test_ruter_23_imp_win_needs_the_concavity_correction(ruter_matches: list[dict[str, str]]) -> None:
    """Rounding the formula alone gives 14.47 for a 23-IMP win; Ruter printed 14.48 as corrected."""
    r = ((math.sqrt(5) - 1) / 2) ** 3
    blitz = 15 * math.sqrt(MATCH_BOARDS)
    plain = Decimal(round(1000 + 1000 * (1 - r ** (23 / blitz)) / (1 - r))).scaleb(-2)
    printed = next(Decimal(m["vp_home"]) for m in ruter_matches if m["margin_home"] == "23")
    assert plain == Decimal("14.47")
    assert printed == Decimal("14.48")
    assert WBFContinuousScale(MATCH_BOARDS).winner_vps(23) == printed


def _fields(line: str) -> list[str]:
    """The whitespace-separated fields of a PBN table row; a quoted field may hold spaces."""
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _FIELD.finditer(line)]


_FIELD = re.compile(r'"([^"]*)"|(\S+)')


def _ruter_teams_rows(path: Path) -> tuple[dict[str, Decimal], list[list[str]]]:
    """The TotalScoreTable (team id -> total VPs) and the match ScoreTable rows of Ruter's teams.pbn."""
    text = path.read_text(encoding="utf-8")  # despite the README, these exports are UTF-8
    tables: dict[str, list[list[str]]] = {}
    for match in re.finditer(r'^\[(\w+) "([^"]*)"\]\n((?:[^\[\n].*\n?)*)', text, re.MULTILINE):
        name, header, body = match.groups()
        if name.endswith("Table"):
            columns = [c.split("\\")[0] for c in header.split(";")]
            rows = [_fields(line) for line in body.split("\n") if line.strip()]
            tables[name] = [columns, *rows]
    total_columns, *total_rows = tables["TotalScoreTable"]
    team, total = total_columns.index("TeamId"), total_columns.index("TotalScoreVP")
    totals = {row[team]: Decimal(row[total]) for row in total_rows}
    return totals, tables["ScoreTable"]


def test_ruter_teams_pbn_match_vps_and_team_totals(oracles: Path) -> None:
    """Straight from teams.pbn: MatchDetails "segment,home,away|...|200,home total,away total" -> VP_Home and
    VP_Away, and each team's TotalScoreVP is the sum of the VPs this scale gives it."""
    totals, (columns, *rows) = _ruter_teams_rows(oracles / "pbn-ruter-norway" / "teams.pbn")
    col = {name: columns.index(name) for name in ("TeamId_Home", "TeamId_Away", "MatchDetails", "VP_Home",
                                                  "VP_Away")}
    scale = WBFContinuousScale(MATCH_BOARDS)
    earned: dict[str, Decimal] = defaultdict(Decimal)
    played = 0
    for row in rows:
        if row[col["MatchDetails"]] == "-":
            continue  # a round not played yet
        segments = [tuple(int(x) for x in part.split(",")) for part in row[col["MatchDetails"]].split("|")]
        *played_segments, (total_marker, home, away) = segments
        assert total_marker == 200
        assert home == sum(s[1] for s in played_segments) and away == sum(s[2] for s in played_segments)
        home_vp, away_vp = scale.vps(home - away)
        assert (home_vp, away_vp) == (Decimal(row[col["VP_Home"]]), Decimal(row[col["VP_Away"]])), row[:7]
        earned[row[col["TeamId_Home"]]] += home_vp
        earned[row[col["TeamId_Away"]]] += away_vp
        played += 1
    assert played == 16
    assert dict(earned) == totals


def test_klinger_14_board_points(oracles: Path) -> None:
    rows = _read_csv(oracles / "vp-scales" / "klinger_2013_wbf_continuous_points.csv")
    assert len(rows) == 5
    for row in rows:
        scale = WBFContinuousScale(int(row["boards"]))
        margin = int(row["imp_margin"])
        assert scale.vps(margin) == (Decimal(row["vp_winner"]), Decimal(row["vp_loser"])), row


def test_klinger_note_16_board_value_of_7_imps() -> None:
    """The transcription notes that Klinger's 7-IMP example (12.16) is the 14-board value and that the
    16-board scale gives 12.03."""
    assert WBFContinuousScale(16).winner_vps(7) == Decimal("12.03")
    assert WBFContinuousScale(14).winner_vps(7) == Decimal("12.16")


def test_acbl_discrete_scales_load_as_data_and_give_back_every_band(oracles: Path) -> None:
    path = oracles / "vp-scales" / "acbl_discrete_vp_scales_bridgehands.csv"
    text = path.read_text(encoding="utf-8")
    rows = _read_csv(path)
    kinds = sorted({(row["scale"], row["boards"]) for row in rows})
    assert kinds == [("20", "6-8"), ("20", "9-11"), ("30", "6-8"), ("30", "9-11")]
    for scale_name, boards in kinds:
        scale = DiscreteVPScale.from_csv(text, where={"scale": scale_name, "boards": boards},
                                         name=f"ACBL {scale_name} VP, {boards} boards", source=str(path))
        mine = [r for r in rows if (r["scale"], r["boards"]) == (scale_name, boards)]
        assert len(scale.bands) == len(mine)
        for row in mine:
            expected = (Decimal(row["vp_winner"]), Decimal(row["vp_loser"]))
            low = int(row["imp_low"])
            high = int(row["imp_high"]) if row["imp_high"] else low + 100
            for margin in (low, high):
                assert scale.vps(margin) == expected
                assert scale.vps(-margin) == expected[::-1]
            assert sum(expected) == Decimal(scale_name)
