"""``tenace rescore`` on the kinds of results file and the conventions added for issue 15: BBO Helper's
``Score`` tags, Ruter's ``RankTie``, Neuberg factoring decided per event, direction-scaled Mitchell totals,
JFR and BBO pages. Oracle files are read in place from ../shared/oracles; the small synthetic files are
written here after the structure of the real ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tenace.contract import Contract
from tenace.scoring.points import score
from tenace.seats import Seat
from tenace.tournament.rescore import RescoreError, rescore_file, rescore_text

ORACLES = Path(__file__).resolve().parents[2].parent / "shared" / "oracles"
BBO_HELPER = sorted((ORACLES / "pbn-bbohelper-ben").glob("*.pbn"))


def _tag(block: str, name: str) -> str | None:
    match = re.search(rf'^\[{name} "([^"]*)"\]', block, re.MULTILINE)
    return match.group(1) if match else None


@pytest.mark.parametrize("path", BBO_HELPER, ids=lambda p: p.stem)
def test_bbo_helper_score_tags(path: Path) -> None:
    """Every ``Score "NS n"`` of a BBO Helper file is a line whose Law 77 score agrees; a file without any
    Score tag is refused with its name."""
    text = path.read_text("utf-8")
    blocks = [b for b in re.split(r"\n(?=\[Event )", text) if _tag(b, "Board")]
    scored = [b for b in blocks if _tag(b, "Score")]
    if not scored:
        with pytest.raises(RescoreError, match="no Score tag"):
            rescore_file(path)
        return
    report = rescore_file(path)
    assert report.program == "BBO Helper" and report.method == "scores"
    assert len(report.lines) == len(scored)
    for block, line in zip(scored, report.lines, strict=True):
        # independent Law 77 from the tags themselves
        number = int(_tag(block, "Board") or 0)
        contract_text, declarer = _tag(block, "Contract") or "", _tag(block, "Declarer") or ""
        vul_tag = _tag(block, "Vulnerable")
        vul = {"None": "NONE", "NS": "NS", "EW": "EW", "All": "ALL", "Both": "ALL"}[vul_tag or "None"]
        if contract_text.lower() == "pass":
            expected = 0
        else:
            contract = Contract.from_str(contract_text, Seat.from_str(declarer))
            points = score(
                contract,
                int(_tag(block, "Result") or 0),
                vulnerable=vul in ("ALL", contract.declarer.side.value),
            )
            expected = points if contract.declarer.side.value == "NS" else -points
        values = {c.quantity: c for c in line.checks}
        assert line.board == number
        assert values["score"].program == (_tag(block, "Score") or "").split()[-1]
        assert values["score"].tenace == str(expected) and values["score"].agrees
        assert values["ns_percentage"].tenace is None  # the field's traveller is not in the file
    assert report.exit_code == 0


def test_bbo_helper_altered_score_is_named() -> None:
    path = ORACLES / "pbn-bbohelper-ben" / "Ben & Friends Daily - 2024-06-02 Daylong.pbn"
    text = path.read_text("utf-8").replace('[Score "NS 50"]', '[Score "NS 60"]', 1)
    report = rescore_text(text, source="altered.pbn")
    assert report.exit_code == 1
    (difference,) = report.unexplained()
    assert (difference.board, difference.check.quantity, difference.check.program) == (1, "score", "60")
    assert difference.check.tenace == "50"


def test_score_tag_that_is_not_a_score() -> None:
    text = (
        '[Board "1"]\n[Vulnerable "None"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n[Score "NS abc"]\n'
    )
    # one unexplained line naming the file's line, not a refusal of the whole file (issue 15)
    report = rescore_text(text, source="bad.pbn")
    assert report.exit_code == 1
    (line,) = report.lines
    assert line.checks[0].program == "NS abc" and not line.agrees
    assert line.note is not None and line.note.startswith("bad.pbn:6: board 1: Score 'NS abc'")
    assert line.note in report.notes


def _pct_table(board: int, rows: list[tuple[str, str, str]]) -> str:
    """A board whose ScoreTable prints Law 78A percentages over its own real results (no factoring), or an
    ``A=`` line at 50 %: computed here directly from the scores."""
    real = [int(s) for _, _, s in rows if not s.startswith("A")]
    top = 2 * (len(real) - 1)
    out = [
        f'[Board "{board}"]',
        '[Vulnerable "None"]',
        '[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW;Percentage_NS;Percentage_EW"]',
    ]
    for ns, ew, text in rows:
        if text.startswith("A"):
            out.append(f'{ns} {ew} "A=" "A=" 50 50')
            continue
        mine = int(text)
        units = sum(2 if mine > other else 1 if mine == other else 0 for other in real) - 1
        pct = units * 100 // top
        out.append(
            f'{ns} {ew} "{mine}" - {pct} {100 - pct}'
            if mine >= 0
            else f'{ns} {ew} - "{-mine}" {pct} {100 - pct}'
        )
    return "\n".join(out) + "\n\n"


def test_factoring_is_decided_per_event_not_per_board() -> None:
    """A program that does not factor short boards does not factor the board with an artificial score
    either: Tenace decides once for the event (from board 2, short and without artificial scores) and applies
    that to board 3 too."""
    text = (
        _pct_table(1, [("1", "5", "420"), ("2", "6", "450"), ("3", "7", "-50"), ("4", "8", "420")])
        + _pct_table(2, [("1", "6", "110"), ("2", "7", "140"), ("3", "8", "-100")])
        + _pct_table(3, [("1", "7", "620"), ("2", "8", "170"), ("3", "5", "-100"), ("4", "6", "A")])
    )
    report = rescore_text(text, source="plain.pbn")
    settings = dict(report.settings)
    assert settings["factoring"] == "none" and "detected" in settings["factoring_decided"]
    assert [d for d in report.unexplained() if d.board is not None] == []


def test_ruter_rank_tie() -> None:
    """Ruter's RankTie is the last place a tie spans, ``-`` when not tied: computed here from the file's own
    Rank column and compared with Tenace's from its own totals."""
    path = ORACLES / "pbn-ruter-norway" / "teams-sub.pbn"
    text = path.read_text("latin-1")
    block = text.split("[TotalScoreTable", 1)[1].split("\n[", 1)[0].splitlines()[1:]
    rows = [line.split() for line in block if re.match(r"\s*\d+\s+(\d+|-)\s+\d+\s", line)]
    ranks = [int(r[0]) for r in rows]
    report = rescore_file(path)
    ties = {p.participant: c for p in report.participants for c in p.checks if c.quantity == "rank_tie"}
    assert len(ties) == len(rows)
    for row in rows:
        rank, tie, pid = int(row[0]), row[1], row[2]
        spans = ranks.count(rank)
        assert tie == (str(rank + spans - 1) if spans > 1 else "-")
        assert ties[pid].program == tie and ties[pid].agrees
    altered = text.replace(block[3], block[3].replace(" 4  5 106", " 4  - 106", 1), 1)
    assert altered != text
    report = rescore_text(altered.encode("latin-1"), source="altered.pbn")
    (difference,) = report.unexplained()
    assert (difference.where, difference.check.quantity, difference.check.tenace) == ("106", "rank_tie", "5")


def test_two_winner_mitchell_totals_scaled_within_each_direction() -> None:
    """A Mitchell whose EW pair 1 is withdrawn: every NS pair sits out the boards it would have played against
    1EW, every EW pair still plays them all. Each direction is its own contest, so a NS pair's total is scaled
    to the most boards a NS pair played (here: not scaled at all), not to the EW pairs' count. Checked by the
    relation total = percentage x boards x top / 100 with counts taken from the XML itself."""
    path = ORACLES / "usebio-abf-compscore" / "mp_pairs_mitchell_04.xml"
    original = path.read_text("utf-8")
    ew_pairs = sorted(set(re.findall(r"<EW_PAIR_NUMBER>([^<]+)<", original)))
    for count in range(1, len(ew_pairs)):
        text = original
        for ew in ew_pairs[:count]:
            line = rf"\s*<TRAVELLER_LINE>(?:(?!</TRAVELLER_LINE>).)*?<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
            text = re.sub(line + r".*?</TRAVELLER_LINE>", "", text, flags=re.DOTALL)
        boards = re.findall(r"<BOARD .*?</BOARD>", text, flags=re.DOTALL)
        played: dict[str, int] = {}
        for board in boards:
            for pair in re.findall(r"<(?:NS|EW)_PAIR_NUMBER>([^<]+)<", board):
                played[pair] = played.get(pair, 0) + 1
        most = {side: max(n for p, n in played.items() if p.endswith(side)) for side in ("NS", "EW")}
        if most["NS"] < most["EW"]:  # the directions played different numbers of boards
            break
    else:
        pytest.fail("no withdrawal makes the directions play different numbers of boards")
    field = max(board.count("<TRAVELLER_LINE>") for board in boards)
    top = 2 * (field - 1)
    report = rescore_text(text, source="withdrawn.xml")
    checked = 0
    for participant in report.participants:
        values = {c.quantity: c for c in participant.checks}
        if participant.participant not in played or "total" not in values:
            continue
        pct, total = values["percentage"].tenace, values["total"].tenace
        assert pct is not None and total is not None
        side = participant.participant[-2:]
        expected = float(pct) * most[side] * top / 100
        assert abs(float(total) - expected) <= 0.01 * most[side] * top / 100 + 0.006, participant.participant
        checked += 1
    assert checked == len(played)


BBO_MP_TRAVELLER = (
    ORACLES
    / "pbntools-real-tournaments"
    / "test_10_bbo_www_annamar_1538_php"
    / "hands.php@traveller=1538-1385205517-38345851.html"
)


@pytest.mark.parametrize("drop", range(16))
def test_bbo_page_that_omits_a_row(drop: int) -> None:
    """A BBO matchpoint traveller with one row taken out: its percentages are still those of the full field,
    so Tenace says one result is missing, and where it lies (checked against the removed row's own points),
    instead of calling every row unexplained."""
    text = BBO_MP_TRAVELLER.read_text("utf-8")
    rows = list(re.finditer(r'<tr class="tourney".*?</tr>', text, flags=re.DOTALL))
    assert len(rows) == 16
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td.*?</td>", rows[drop].group(0), re.S)]
    removed = int(cells[7])
    others = sorted(
        {
            int(re.sub(r"<[^>]+>", "", re.findall(r"<td.*?</td>", r.group(0), re.S)[7]).strip())
            for i, r in enumerate(rows)
            if i != drop
        }
    )
    altered = text[: rows[drop].start()] + text[rows[drop].end() :]
    report = rescore_text(altered, source="omitted.html")
    assert report.exit_code == 0 and len(report.lines) == 15
    (note,) = report.notes
    assert "omits one result" in note
    where = re.search(r"NS score (below|above|equal to|between) (-?\d+)(?: and (-?\d+))?", note)
    assert where is not None
    kind, a = where.group(1), int(where.group(2))
    if kind == "equal to":
        assert removed == a
    elif kind == "below":
        assert removed < a == others[0]
    elif kind == "above":
        assert removed > a == others[-1]
    else:
        b = int(where.group(3))
        assert a < removed < b and not any(a < o < b for o in others)


def test_bbo_page_with_a_wrong_percentage_is_not_a_missing_row() -> None:
    text = BBO_MP_TRAVELLER.read_text("utf-8").replace("53.33%", "55.33%", 1)
    report = rescore_text(text, source="altered.html")
    assert report.notes == () and report.exit_code == 1
    assert [d.check.program for d in report.unexplained()] == ["55.33"]


TOURNAMENTS = ORACLES / "pbntools-real-tournaments"
TVIEW_DIRS = [
    (TOURNAMENTS / "test_10_bbo_www_annamar_1538_php", "tview.php@t=1538-1385205517.html"),
    (
        TOURNAMENTS / "test_7_bbo_www_acbl_20130810" / "www.bridgebase.com" / "myhands",
        "tview.php@t=1607-1376154000.html",
    ),
]


def _cells(row: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", c).replace("&nbsp;", " ").strip()
        for c in re.findall(r"<td.*?</td>", row, flags=re.DOTALL)
    ]


@pytest.mark.parametrize(("folder", "name"), TVIEW_DIRS, ids=["annamar", "acbl"])
def test_bbo_tview_scores_are_the_average_of_the_travellers(folder: Path, name: str) -> None:
    """A BBO results page with its travellers beside it: every pair's score is the average of its board
    percentages. Expected values are computed here from the travellers' printed percentages."""
    per_player: dict[str, dict[str, float]] = {}  # player -> page -> percentage
    pages = sorted(folder.glob("hands.php@traveller=*.html"))
    for page in pages:
        for row in re.findall(r'<tr class="tourney".*?</tr>', page.read_text("utf-8"), flags=re.DOTALL):
            cells = _cells(row)
            ns_pct = float(cells[8].rstrip("%"))
            # an artificial score (A+=: average-plus to NS, average to EW) gives EW its own award
            awards = {"+": 60.0, "=": 50.0, "-": 40.0}
            ew_pct = awards[cells[6][2]] if cells[6].startswith("A") else 100 - ns_pct
            for player, value in (
                (cells[2], ns_pct),
                (cells[3], ns_pct),
                (cells[4], ew_pct),
                (cells[5], ew_pct),
            ):
                per_player.setdefault(player.lower(), {})[page.name] = value
    boards = len(pages)
    report = rescore_file(folder / name)
    assert report.exit_code == 0
    checked = 0
    for participant in report.participants:
        values = {c.quantity: c for c in participant.checks}
        players = [p.lower() for p in participant.participant.split(": ", 1)[1].split("+")]
        played = {page: v for player in players for page, v in per_player.get(player, {}).items()}
        if "percentage" in values and values["percentage"].tenace is not None:
            expected = sum(played.values()) / boards
            assert len(played) == boards
            # the printed board percentages are rounded to 0.01 each: their average is within 0.005 of exact
            assert abs(float(values["percentage"].program) - expected) < 0.0101
            checked += 1
        assert "place" in values
    assert checked >= 12


def test_bbo_tview_altered_score_and_alone(tmp_path: Path) -> None:
    folder, name = TVIEW_DIRS[0]
    for page in folder.glob("hands.php@*.html"):
        (tmp_path / page.name).write_bytes(page.read_bytes())
    text = (folder / name).read_text("utf-8")
    (tmp_path / name).write_text(text.replace(">59.36<", ">59.46<"), "utf-8")  # honour list and section
    report = rescore_file(tmp_path / name)
    assert [(d.where, d.check.quantity) for d in report.unexplained()] == [
        ("Section 1: faci+ekamyu", "percentage")
    ]
    # alone, the page's ranks are still checked against its scores; the scores are taken as given
    alone = rescore_text(
        text.replace("<td class='rank' >6</td>", "<td class='rank' >7</td>", 1), source="t.html"
    )
    assert [(d.where, d.check.quantity) for d in alone.unexplained()] == [("Section 1: faci+ekamyu", "place")]
    assert any("taken as given" in note for note in alone.notes)


# --- JFR pages whose rows are an Ajax fragment, JFR IMP travellers, JFR results lists -----------------------

IMP_SCALE = [
    (int(low), int(high) if high else 10**6, int(imps))
    for low, high, imps in (
        line.split(",")
        for line in (ORACLES / "scoring-tables" / "imp_scale_law78B_2017.csv").read_text().splitlines()[1:]
        if line.strip()
    )
]


def _imps(difference: int) -> int:
    """Law 78B from the oracle's CSV of the IMP scale."""
    size = abs(difference)
    imps = next((i for low, high, i in IMP_SCALE if low <= size <= high), IMP_SCALE[-1][2])
    return imps if difference >= 0 else -imps


_SUIT_IMG = {"S": "s", "H": "h", "D": "d", "C": "c", "NT": "nt"}


def _jfr_row(
    ns: int, ew: int, contract: str, declarer: str, result: str, score: int, last: tuple[str, str]
) -> str:
    """One traveller row as JFR writes it: contract with a suit image, score in the NS or EW column."""
    level, strain = contract[0], contract[1:]
    ns_cell, ew_cell = (str(score), "&nbsp;") if score >= 0 else ("&nbsp;", str(-score))
    return (
        f'<tr><td class="n">&nbsp;</td><td class="noc">{ns}</td><td class="noc">{ew}</td>'
        f'<td class="nol">{level}<img src="{strain}.gif" alt="{_SUIT_IMG[strain]}"></td>'
        f'<td class="noc">{declarer}</td><td class="noc">&nbsp;</td><td class="noc">{result}</td>'
        f'<td class="noc">{ns_cell}</td><td class="noc">{ew_cell}</td>'
        f'<td class="nor">{last[0]}</td><td class="nor">{last[1]}</td></tr>'
    )


# board 1 (no one vulnerable): NS, EW, contract, declarer, result, NS score
BOARD_1 = [
    (1, 2, "4S", "N", "=", 420),
    (3, 4, "4S", "N", "-1", -50),
    (5, 6, "3NT", "S", "+1", 430),
    (7, 8, "2H", "E", "=", -110),
]


def _mp_fragment(rows: list[tuple[int, int, str, str, str, int]]) -> str:
    scores = [r[5] for r in rows]
    top = 2 * (len(rows) - 1)
    body = []
    for ns, ew, contract, declarer, result, points in rows:
        units = sum(2 if points > o else 1 if points == o else 0 for o in scores) - 1
        pct = f"{units * 100 / top:.2f}"
        body.append(
            _jfr_row(ns, ew, contract, declarer, result, points, (pct, f"{100 - units * 100 / top:.2f}"))
        )
    head = (
        '<table border="0" cellspacing="0"><tr><td class="noc" colspan="2">numery</td>'
        '<td class="noc" colspan="2">%</td></tr>'
    )
    return head + "".join(body) + "</table>"


def _jfr_page(board: int, fragment: str) -> str:
    return (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
        f'<meta name="GENERATOR" content="JFR 2005"><title>ROZDANIE {board}</title></head>'
        f"<body class=\"all\" onload=\"initAjax('{fragment}','pro',0)\"><table><tr><td>"
        '<div id="pro"><table border="0"><tr><td class="noc">N-S</td></tr></table></div>'
        "</td></tr></table></body></html>"
    )


def test_jfr_traveller_rows_in_an_ajax_fragment(tmp_path: Path) -> None:
    """A JFR Pary page that loads its rows from ``ev001.txt``: read with the fragment beside it (and the
    fragment alone, its board from its name); without it, one clear error naming the fragment."""
    (tmp_path / "ev001.html").write_text(_jfr_page(1, "ev001.txt"), "utf-8")
    (tmp_path / "ev001.txt").write_text(_mp_fragment(BOARD_1), "utf-8")
    report = rescore_file(tmp_path / "ev001.html")
    assert report.exit_code == 0 and len(report.lines) == 4
    assert {c.quantity for line in report.lines for c in line.checks} == {
        "score",
        "ns_percentage",
        "ew_percentage",
    }
    assert rescore_file(tmp_path / "ev001.txt").exit_code == 0
    (tmp_path / "ev001.txt").write_text(_mp_fragment(BOARD_1).replace("66.67", "65.67", 1), "utf-8")
    (difference,) = rescore_file(tmp_path / "ev001.html").unexplained()
    assert (difference.board, difference.where, difference.check.program) == (1, "1 v 2", "65.67")
    (tmp_path / "ev001.txt").unlink()
    with pytest.raises(RescoreError, match=r"ev001\.txt"):
        rescore_file(tmp_path / "ev001.html")


def test_jfr_imp_traveller_against_its_datum() -> None:
    """A JFR IMP traveller: IMP columns are IMPs of each score against the printed datum (computed here with
    the Law 78B scale from the oracle CSV), not percentages; a TD row's IMPs are taken as given."""
    datum = 100
    body = "".join(
        _jfr_row(ns, ew, c, d, r, s, (str(_imps(s - datum)), str(-_imps(s - datum))))
        for ns, ew, c, d, r, s in BOARD_1
    )
    td = (
        '<tr><td class="n">&nbsp;</td><td class="noc">9</td><td class="noc">10</td><td class="nol">TD</td>'
        + '<td class="noc">&nbsp;</td>' * 5
        + '<td class="nor">0</td><td class="nor">0</td></tr>'
    )
    fragment = (
        '<table><tr><td class="noc">numery</td><td class="noc" colspan="2">IMP</td></tr>'
        + body
        + td
        + f'<tr><td colspan="9">średnia rozdania: </td><td>{datum}</td></tr></table>'
    )
    page = _jfr_page(1, "x.txt").replace('<div id="pro">', '<div id="pro">' + fragment)
    report = rescore_text(page, source="impy001.html")
    assert report.method == "butler" and report.exit_code == 0 and len(report.lines) == 5
    assert dict(report.settings)["datum"].startswith("100")
    values = {(line.ns, c.quantity): c for line in report.lines for c in line.checks}
    assert values[("1", "ns_imps")].tenace == str(_imps(420 - datum))
    assert values[("9", "ns_imps")].tenace is None
    altered = page.replace(f'<td class="nor">{_imps(-50 - datum)}</td>', '<td class="nor">-3</td>', 1)
    assert [d.where for d in rescore_text(altered, source="impy001.html").unexplained()] == ["3 v 4"]
    with pytest.raises(RescoreError, match="datum"):
        rescore_text(page.replace("średnia rozdania", "nothing"), source="impy001.html")


def test_jfr_results_list(tmp_path: Path) -> None:
    """``W-ev.html`` with the event's travellers beside it: each pair's result is the average of its board
    percentages as printed (computed here from the fragments written above), places with ties printed once."""
    boards = [
        BOARD_1,
        [
            (1, 2, "3NT", "N", "=", 400),
            (3, 4, "3NT", "N", "=", 400),
            (5, 6, "2S", "S", "+1", 140),
            (7, 8, "4H", "E", "-2", 100),
        ],
    ]
    per_pair: dict[int, list[float]] = {}
    for number, rows in enumerate(boards, start=1):
        fragment = _mp_fragment(rows)
        (tmp_path / f"ev00{number}.html").write_text(_jfr_page(number, f"ev00{number}.txt"), "utf-8")
        (tmp_path / f"ev00{number}.txt").write_text(fragment, "utf-8")
        for cells in re.findall(r"<tr>(.*?)</tr>", fragment)[1:]:
            values = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", cells)]
            per_pair.setdefault(int(values[1]), []).append(float(values[9]))
            per_pair.setdefault(int(values[2]), []).append(float(values[10]))
    results = {pair: round(sum(v) / len(v), 2) for pair, v in per_pair.items()}
    order = sorted(results, key=lambda p: -results[p])
    rows, previous = [], None
    for index, pair in enumerate(order, start=1):
        place = "" if results[pair] == previous else str(index)
        previous = results[pair]
        rows.append(
            f"<tr><td>&nbsp;</td><td>{place}</td><td>{pair}</td><td>Names</td>"
            f"<td>{results[pair]:.2f}</td></tr>"
        )
    page = (
        '<html><head><meta name="GENERATOR" content="JFR 2005"><title>WYNIKI</title></head><body><table>'
        "<tr><td>&nbsp;</td><td>m-ce</td><td>nr</td><td>&nbsp;</td><td>wynik %</td></tr>"
        + "".join(rows)
        + "</table></body></html>"
    )
    (tmp_path / "W-ev.html").write_text(page, "utf-8")
    report = rescore_file(tmp_path / "W-ev.html")
    assert report.exit_code == 0 and len(report.participants) == len(results)
    assert sum(1 for p in report.participants for c in p.checks if c.quantity == "percentage") == len(results)
    first = order[0]
    wrong = page.replace(f"<td>{results[first]:.2f}</td>", f"<td>{results[first] + 1:.2f}</td>", 1)
    (tmp_path / "W-ev.html").write_text(wrong, "utf-8")
    assert [(d.where, d.check.quantity) for d in rescore_file(tmp_path / "W-ev.html").unexplained()] == [
        (str(first), "percentage")
    ]


def test_jfr_frame_pages_say_where_the_results_are(tmp_path: Path) -> None:
    """Alone (without the event's pages beside them, which are then read: tests/formats/test_results_files.py)
    a frame page and a board list name the pages that hold the results."""
    folder = TOURNAMENTS / "test_1_pary" / "WB120802"
    board_list = (
        TOURNAMENTS / "test_10_bbo_www_annamar_1538_php" / "hands.php@tourney=1538-1385205517-&offset=0.html"
    )
    for page in (folder / "wb120802WYN.html", folder / "wb120802.html", board_list):
        (tmp_path / page.name).write_bytes(page.read_bytes())
    with pytest.raises(RescoreError, match="W-wb120802.html"):
        rescore_file(tmp_path / "wb120802WYN.html")
    with pytest.raises(RescoreError, match="frameset.*wb120802001.html"):
        rescore_file(tmp_path / "wb120802.html")
    with pytest.raises(RescoreError, match="only links to 5 traveller pages"):
        rescore_file(tmp_path / board_list.name)


@pytest.mark.parametrize(("score", "documented"), [("55.66", True), ("55.65", False)])
def test_bbo_tview_tie_printed_a_hundredth_apart(score: str, documented: bool) -> None:
    """BBO ranks unrounded scores: two pairs tied on 55.665 print 55.67 and 55.66 with one rank. Tenace's
    rank from the printed scores differs; that is documented only for scores 0.01 apart."""
    folder, name = TVIEW_DIRS[0]
    text = (folder / name).read_text("utf-8")
    text = text.replace(">55.52<", f">{score}<").replace(
        "<td class='rank' >9</td>", "<td class='rank' >8</td>"
    )
    report = rescore_text(text, source="tie.html")
    (difference,) = report.differences()
    assert difference.where == "Section 1: luoyuchun+834529648" and difference.check.quantity == "place"
    assert difference.check.documented is documented


# --- individual events in PBN ------------------------------------------------------------------------------


def _individual_pbn(alter: tuple[int, int, str, str] | None = None) -> tuple[str, dict[str, tuple[int, int]]]:
    """An individual event as Ruter writes one: 12 players at 3 tables, 4 boards, each row naming the four
    players and giving each seat its side's centred MPs and percentage; and each player's (units, top).
    Values computed here from the scores (Law 78A), not by Tenace."""
    from decimal import ROUND_HALF_EVEN, Decimal

    scores = {1: [420, -50, 450], 2: [-110, -110, 140], 3: [100, -620, -650], 4: [0, 90, -90]}
    contracts = {
        420: ("4S", "N", 10),
        -50: ("4S", "N", 9),
        450: ("4S", "N", 11),
        -110: ("2H", "E", 8),
        140: ("2S", "S", 9),
        100: ("4H", "W", 9),
        -620: ("4H", "W", 10),
        -650: ("4H", "W", 11),
        0: ("Pass", "-", 0),
        90: ("1NT", "N", 7),
        -90: ("1NT", "E", 7),
    }
    units_of: dict[str, tuple[int, int]] = {}
    text = ["%Creator: test", '[Event "Individual"]']
    header = (
        "PlayerId_North;PlayerId_East;PlayerId_South;PlayerId_West;Contract;Declarer;Result;Score_NS;"
        "Score_EW;MP_North;MP_East;MP_South;MP_West;Percentage_North;Percentage_East;Percentage_South;"
        "Percentage_West"
    )
    for board, results in scores.items():
        vul = {1: "None", 2: "NS", 3: "EW", 4: "All"}[board]
        text += [f'[Board "{board}"]', f'[Vulnerable "{vul}"]', f'[ScoreTable "{header}"]']
        for table, points in enumerate(results):
            seats = [str(1 + (4 * table + i + board) % 12) for i in range(4)]  # N, E, S, W
            units = sum(2 if points > o else 1 if points == o else 0 for o in results) - 1
            top = 2 * (len(results) - 1)
            ns_mp, ew_mp = f"{units - top / 2:.1f}", f"{top / 2 - units:.1f}"
            ns_pct, ew_pct = units * 100 // top, 100 - units * 100 // top
            contract, declarer, tricks = contracts[points]
            cells = [
                *seats,
                contract,
                declarer,
                str(tricks) if contract != "Pass" else "-",
                f'"{points}"' if points >= 0 else "-",
                f'"{-points}"' if points < 0 else "-",
                ns_mp,
                ew_mp,
                ns_mp,
                ew_mp,
                str(ns_pct),
                str(ew_pct),
                str(ns_pct),
                str(ew_pct),
            ]
            if alter is not None and alter[:2] == (board, table):
                cells[int(alter[2])] = alter[3]
            text.append(" ".join(cells))
            for seat, player in enumerate(seats):
                mine = units if seat % 2 == 0 else top - units
                old = units_of.get(player, (0, 0))
                units_of[player] = (old[0] + mine, old[1] + top)
    text.append('[TotalScoreTable "Rank;PlayerId;TotalScoreMP;TotalPercentage;NrBoards"]')
    pct = {p: Decimal(u * 100) / Decimal(t) for p, (u, t) in units_of.items()}
    order = sorted(pct, key=lambda p: -pct[p])
    for player in order:
        rank = 1 + sum(1 for q in order if pct[q] > pct[player])
        u, t = units_of[player]
        text.append(
            f"{rank} {player} {u - t / 2:.1f} {pct[player].quantize(Decimal('0.01'), ROUND_HALF_EVEN)} "
            f"{t // 4}"
        )
    return "\n".join(text) + "\n", units_of


def test_individual_event_in_pbn() -> None:
    text, units_of = _individual_pbn()
    report = rescore_text(text, source="individual.pbn")
    assert report.exit_code == 0, report.unexplained()
    assert len(report.lines) == 12 and len(report.participants) == len(units_of) == 12
    quantities = {c.quantity for line in report.lines for c in line.checks}
    assert {"north_mp", "west_percentage", "score"} <= quantities
    totals = {p.participant: {c.quantity for c in p.checks} for p in report.participants}
    assert all({"total", "percentage", "boards", "place"} <= q for q in totals.values())


def test_individual_event_altered_seat_is_named() -> None:
    text, _ = _individual_pbn(alter=(2, 1, "13", "75"))  # board 2, second table: North's percentage
    report = rescore_text(text, source="individual.pbn")
    differing = [(d.board, d.check.quantity, d.check.program) for d in report.unexplained() if d.board]
    assert differing == [(2, "north_percentage", "75")]


# --- team matches written one game per room ----------------------------------------------------------------

MATCH = {  # board: (open room: contract, declarer, tricks, NS score), (closed room: ...)
    1: (("4S", "N", 10, 420), ("2S", "N", 10, 170)),
    2: (("3NT", "S", 8, -100), ("3NT", "E", 9, -400)),
    3: (("1NT", "W", 7, -90), ("1NT", "W", 7, -90)),
}


def _team_match_pbn(swap_imp: int | None = None) -> str:
    """A two-room team match as BridgeComposer writes one: each board twice, ``Room`` Open and Closed, each
    room's ``Score`` and ``ScoreIMP`` (NS's IMPs in that room, from the Law 78B scale in the oracle CSV)."""
    out = ["%Creator: BridgeComposer", ""]
    for board, rooms in MATCH.items():
        vul = {1: "None", 2: "NS", 3: "EW"}[board]
        swing = _imps(rooms[0][3] - rooms[1][3])
        for room, (contract, declarer, tricks, points) in zip(("Open", "Closed"), rooms, strict=True):
            imps = swing if room == "Open" else -swing
            if swap_imp == board and room == "Open":
                imps += 1
            out += [
                f'[Board "{board}"]',
                f'[Room "{room}"]',
                f'[Vulnerable "{vul}"]',
                f'[Contract "{contract}"]',
                f'[Declarer "{declarer}"]',
                f'[Result "{tricks}"]',
                f'[Score "NS {points}"]',
                f'[ScoreIMP "NS {imps}"]',
                "",
            ]
    return "\n".join(out)


def test_team_match_by_rooms() -> None:
    report = rescore_text(_team_match_pbn(), source="match.pbn")
    assert report.exit_code == 0 and len(report.lines) == 6
    assert sum(1 for line in report.lines for c in line.checks if c.quantity == "ns_imps") == 6
    swings = [_imps(o[3] - c[3]) for o, c in MATCH.values()]
    home, away = sum(v for v in swings if v > 0), -sum(v for v in swings if v < 0)
    assert any(f"{home}, away team {away} IMPs" in note for note in report.notes)


def test_team_match_wrong_swing_is_named() -> None:
    report = rescore_text(_team_match_pbn(swap_imp=2), source="match.pbn")
    (difference,) = report.unexplained()
    assert (difference.board, difference.check.quantity) == (2, "ns_imps")


# --- hostile input -----------------------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_SEEDS = [
    _team_match_pbn().encode(),
    _individual_pbn()[0].encode(),
    ('<div id="pro">' + _mp_fragment(BOARD_1) + "</div>").encode(),
    _jfr_page(1, "x.txt").encode(),
    (TVIEW_DIRS[0][0] / TVIEW_DIRS[0][1]).read_bytes()[:6000],
    BBO_MP_TRAVELLER.read_bytes()[:8000],
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.sampled_from(_SEEDS),
    cut=st.integers(0, 8000),
    junk=st.binary(max_size=40),
    at=st.integers(0, 8000),
)
def test_hostile_bytes_only_raise_rescore_error(seed: bytes, cut: int, junk: bytes, at: int) -> None:
    """Every reader added here, fed a truncated file with random bytes spliced in, either reports or raises
    :class:`RescoreError` (one message naming the file): nothing else escapes."""
    data = seed[:cut]
    data = data[:at] + junk + data[at:]
    try:
        rescore_text(data, source="hostile")
    except RescoreError as exc:
        assert "hostile" in str(exc)
