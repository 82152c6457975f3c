"""Generate docs/laws-clauses.md: every clause of Laws 1-93 (2017) with its status in Tenace, the modules that
cite it and the tests that name it.

    python tools/laws_clauses.py           # rewrite the page
    python tools/laws_clauses.py --check   # exit 1 if the page is stale (a test runs this)

The clause list is read from the 2017 Laws beside the repository
(../shared/laws/laws-2017-english-extract.txt): only the numbering (law, section letter, number, lettered
item) is taken, never the text. Statuses are derived:

* a clause that a module of ``src/tenace`` cites (``# Law 27B1(a)``, ``Laws 16C3, 21B3``) and that a test
  names (``def test_27b1a_…`` or a ``Law 27B1(a)`` in the test's name, docstring or comments) is implemented;
* cited but named by no test, or named by a test but cited by no module: partly;
* a clause that the Laws leave to the Director's judgement is a Director's input when the engine cites it (it
  records the Director's decision as an event), not yet otherwise;
* table procedure (what players do with boards, cards and movements at the table) and clauses addressed to
  Regulating Authorities or Tournament Organisers are listed in ``CLASSIFIED`` with a reason: software cannot
  implement them, and saying so per clause is part of the matrix;
* everything else is not yet. A citation of a parent clause only (``Law 27B``) is shown, but does not count
  for its sub-clauses.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "tenace"
TESTS = ROOT / "tests"
LAWS = ROOT.parent / "shared" / "laws" / "laws-2017-english-extract.txt"
POLISH = LAWS.with_name("001_d84be0df46c65981.txt")  # the Polish-English edition the extract was taken from
PAGE = ROOT / "docs" / "laws-clauses.md"

# Kinds given by hand, with the reason: software has nothing to do (table procedure, the authorities' powers),
# or only the Director can decide (judgement) and the engine takes the decision as an input.
TABLE = "table procedure"
AUTHORITY = "not applicable"
DIRECTOR = "Director's input"
CLASSIFIED: dict[str, tuple[str, str]] = {}


def _classify(kind: str, reason: str, *clauses: str) -> None:
    for clause in clauses:
        CLASSIFIED[clause] = (kind, reason)


_classify(TABLE, "how players handle boards and cards; online the server deals and returns them",
          "7A", "7B1", "7B3", "7C", "7D")
_classify(TABLE, "the Director's instructions for the movement; Tenace's movements move players and boards",
          "8A1", "8A2", "8B1", "8B2", "8C")
_classify(TABLE, "who may draw attention and summon the Director; online every player has the call button",
          "9A1", "9A2", "9A3", "9A5", "9B1(a)", "9B1(b)", "9B1(c)", "9B1(d)", "9B2")
_classify(TABLE, "the Director's authority over rectification at the table",
          "10A", "10B", "10C2", "10C3", "10C4")
_classify(TABLE, "conduct: what a player may take into account", "16A2")
_classify(TABLE, "the spoken form of a call; online and in a record a call is exact",
          "19A2", "19B2", "19B3", "20A", "20E")
_classify(TABLE, "asking whose lead it is, and who answers a request to restate the auction; online the "
          "table shows the turn and the record restates the auction itself", "20C1", "20D")
_classify(DIRECTOR, "the Director's judgement of comparability, recorded as his Comparable election",
          "23A1", "23A2", "23A3")
_classify(AUTHORITY, "not a clause: Law 63 has sections A and B only; the extract's Polish heading of 64C "
          "(\"C. Rekompensata szkody\") is read as 63C", "63C")
_classify(DIRECTOR, "the Director's finding that a trick qualifies, recorded as his ClaimRuled award",
          "69B1", "69B2", "71A", "71B")
_classify(DIRECTOR, "whether the claimer was likely unaware of the trump; the Director judges and awards",
          "70C2")
_classify(TABLE, "the Director hears the objections in person; the record holds the doubt (ClaimAnswered)",
          "70B2")
_classify(TABLE, "what a player may use in his own reasoning (as 16A2); the engine marks withdrawn (16C) and "
          "extraneous (16B, 16D) information, and the Director rules on its use (16B)",
          "16A1(a)", "16A1(c)", "16A1(d)")
_classify(TABLE, "what an explanation must disclose: the explainer's duty; one the Director finds "
          "incomplete is a mistaken explanation (Law 75) with the remedies of Law 21", "40B5(a)")
_classify(DIRECTOR, "the Director's judgement of the damage to redress (12B1) or of too many possible "
          "outcomes (12C1(d)), recorded as his ScoreAdjusted", "12B1", "12C1(d)")
_classify(AUTHORITY, "a power of the Regulating Authority (scores for several boards without a result)",
          "12C2(d)")
_classify(AUTHORITY, "individual events: the engine's rectifications already bind the offending side "
          "whoever is its member at fault; a procedural penalty is the Director's (Law 90)", "12C3")
_classify(AUTHORITY, "a power of the Regulating Authority", "18F", "40B2(a)", "40B2(b)", "40B2(c)", "40B2(d)")
_classify(AUTHORITY, "a definition or principle; the clauses that apply it are implemented where they apply",
          "40A1(a)", "40A2", "40A3", "40A4", "40B1(a)", "40B1(b)", "40B1(c)", "40C2")
_classify(TABLE, "dummy's rights at the table; online dummy's cards are played by declarer",
          "42A1", "42A2", "42A3", "42B1", "42B2", "42B3")
_classify(TABLE, "dummy's limitations; online dummy cannot act during the play",
          "43A1(a)", "43A1(b)", "43A1(c)", "43A2(a)", "43A2(b)", "43A2(c)", "43A3")
_classify(TABLE, "how a card is held or faced; online a card is played by choosing it",
          "45A", "45B", "45C2(a)", "45C2(b)", "45G")
_classify(TABLE, "how quitted tricks are arranged and inspected; online the record keeps them",
          "65A", "65C", "65D", "66C", "66D")
_classify(DIRECTOR, "the Director's judgement of conduct (a procedural penalty, Law 90)",
          "20G1", "20G2", "43B1", "40B3(b)", "11B", "15A4")
_classify(DIRECTOR, "the Director's judgement", "40B3(a)", "40B4", "40B5(b)")
_classify(DIRECTOR, "the Director's judgement: facing the cards deemed a claim, recorded as declarer's claim",
          "48B2")
_classify(TABLE, "moving a player to another seat changes who sits where, not the record", "16D2(a)")
_classify(TABLE, "conduct, etiquette and tempo; the Director's judgement and Law 90",
          "72A", "72B1", "72B2", "72B3", "72C", "73A1", "73A2", "73B1", "73B2", "73C1", "73C2", "73D2",
          "73E1", "73E2", "74A1", "74A2", "74A3", "74B1", "74B2", "74B3", "74B4", "74B5", "74C1", "74C2",
          "74C3", "74C4", "74C5", "74C6", "74C7", "74C8", "76A1", "76A2", "76B1", "76B2", "76B3", "76B4",
          "76B5", "76C1", "76C2", "76D")
_classify(AUTHORITY, "addressed to the Regulating Authority or Tournament Organiser",
          "80A1(a)", "80A1(b)", "80A1(c)", "80A2", "80A3", "80B1", "80B2(a)", "80B2(b)", "80B2(c)", "80B2(d)",
          "80B2(e)", "80B2(f)", "80B2(g)", "80B2(h)", "80B2(i)", "80B2(j)", "80B2(k)", "80B2(l)")
_classify(TABLE, "the Director's office and duties", "81A", "81B1", "81B2", "81C1", "81C2", "81C3", "81C4",
          "81C5", "81C6", "81C7", "81C8", "81D")


@dataclass
class Clause:
    law: int
    section: str = ""
    number: int = 0
    item: str = ""
    children: list[Clause] = field(default_factory=list)

    @property
    def name(self) -> str:
        text = f"{self.law}{self.section}"
        if self.number:
            text += str(self.number)
        if self.item:
            text += f"({self.item})"
        return text


_LAW = re.compile(r"LAW (\d{1,2})\b")
_SECTION = re.compile(r"([A-H])\.\s+\S")
_NUMBER = re.compile(r"(\d{1,2})\.\s*(?:\(([a-z])\))?")
_ITEM = re.compile(r"\(([a-z])\)\s")


_ENGLISH = {"the", "of", "to", "is", "and", "or", "by", "in", "if", "for", "his", "he", "be", "may", "not",
            "any", "as", "an", "on", "with", "at", "from", "when", "that", "which"}
_POLISH = {"i", "w", "z", "na", "się", "nie", "jest", "lub", "do", "po", "od", "za", "że", "o", "przez",
           "gdy", "jeżeli", "który", "która", "oraz", "jego", "może", "albo"}
_WORD = re.compile(r"[^\W\d_]+")


def _vocabulary(text: str, stopwords: set[str]) -> set[str]:
    """The words of the lines that are plainly in one language (three of its stop words or more)."""
    found: set[str] = set()
    for line in text.splitlines():
        words = _WORD.findall(line.lower())
        if sum(word in stopwords for word in words) >= 3:
            found.update(words)
    return found


def english_lines(text: str, polish: str) -> list[str]:
    """The extract still holds Polish headings ("B. Rekontry"); a line whose words are more Polish (words of
    the Polish text that English never uses) than English is dropped."""
    english, other = _vocabulary(text, _ENGLISH), _vocabulary(polish, _POLISH) - _vocabulary(text, _ENGLISH)
    kept = []
    for line in text.splitlines():
        words = _WORD.findall(line.lower())
        if sum(word in other for word in words) <= sum(word in english for word in words):
            kept.append(line)
    return kept


def clauses(lines: list[str]) -> list[Clause]:
    """The clause tree of each Law, from its numbering. Lines that break the sequence (footnotes, what is left
    of the translation) are skipped: a section must be the next letter, a number the next number, an item the
    next letter (so roman (i), (ii) under an item are not items)."""
    laws: list[Clause] = []
    law = section = number = None
    for raw in lines:
        line = raw.strip().lstrip("-").strip()
        match = _LAW.match(raw)
        if match:
            n = int(match.group(1))
            if n == (laws[-1].law + 1 if laws else 1):
                law = Clause(n)
                laws.append(law)
                section = number = None
            continue
        if law is None:
            continue
        match = _SECTION.match(line)
        if match:
            expected = chr(ord(section.section) + 1) if section else "A"
            if match.group(1) == expected:
                section = Clause(law.law, expected)
                law.children.append(section)
                number = None
            continue
        parent = section or law
        match = _NUMBER.match(line)
        if match and int(match.group(1)) == (number.number + 1 if number else 1):
            number = Clause(law.law, parent.section, int(match.group(1)))
            parent.children.append(number)
            if match.group(2) == "a":
                number.children.append(Clause(law.law, parent.section, number.number, "a"))
            continue
        match = _ITEM.match(line)
        holder = number or parent
        if match:
            expected = chr(ord(holder.children[-1].item) + 1) if holder.children else "a"
            if match.group(1) == expected:
                holder.children.append(Clause(law.law, holder.section, holder.number, expected))
    return laws


def walk(clause: Clause) -> list[Clause]:
    found = [clause]
    for child in clause.children:
        found.extend(walk(child))
    return found


def leaves(clause: Clause) -> list[Clause]:
    return [c for c in walk(clause) if not c.children]


# A citation: "Law 27B1(a)", "Laws 16C3, 21B3 and 47E2(b)", "Laws 23C/27D", "(Law 59)". A clause written
# without "Law" before it (or before the list it is in) is not counted: bids such as 1C or 2D look like
# clauses.
_CLAUSE = r"\d{1,2}(?:[A-H](?:\d{1,2})?(?:\([a-z]\))?(?:\([ivx]+\))?)?(?![A-Za-z0-9])"
_RUN = re.compile(rf"\bLaws?\s+({_CLAUSE}(?:\s*(?:,|/|\band\b|\bor\b)\s*{_CLAUSE})*)")
_PARTS = re.compile(r"(\d{1,2})(?:([A-H])(\d{1,2})?(?:\(([a-z])\))?)?")
# In test names: test_27b1a_..., test_21b3_and_47e2b_...
_TEST_DEF = re.compile(r"^\s*(?:async\s+)?def (test_\w+)\(", re.MULTILINE)
_NAME_TOKEN = re.compile(r"(?:^test_|_and_)(\d{1,2})([a-h])(\d{0,2})([a-z]?)(?=_|$)")


def _token(law: str, section: str | None, number: str | None, item: str | None) -> str:
    return f"{int(law)}{(section or '').upper()}{number or ''}{f'({item})' if item else ''}"


_OLD_EDITION = re.compile(r"\s*\(2007\)")
"""After a run of clauses: they are the 2007 edition's (``Law 31A2(a) (2007)``), not the 2017 ones."""


def _cited_in(text: str, edition: int = 2017) -> set[str]:
    """The clauses of ``edition`` a text cites: each run of clauses after "Law" or "Laws", followed by
    "(2007)" for the 2007 edition's."""
    found = set()
    for run in _RUN.finditer(text):
        if (_OLD_EDITION.match(text, run.end()) is not None) != (edition == 2007):
            continue
        found.update(_token(*m.groups()) for m in _PARTS.finditer(run.group(1)))
    return found


def citations(edition: int = 2017) -> dict[str, set[str]]:
    """Clause -> the modules of src/tenace that cite it (as a clause of ``edition``)."""
    cited: dict[str, set[str]] = defaultdict(set)
    for path in sorted(SRC.rglob("*.py")):
        module = path.relative_to(SRC.parent).with_suffix("").as_posix().replace("/", ".")
        module = module.removesuffix(".__init__")
        for clause in _cited_in(path.read_text(encoding="utf-8"), edition):
            cited[clause].add(module)
    return cited


def tests_2007() -> dict[str, set[str]]:
    """2007 clause -> the tests that cite it as the 2007 edition's in their docstring or comments."""
    named: dict[str, set[str]] = defaultdict(set)
    for path in sorted(TESTS.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        starts = list(_TEST_DEF.finditer(text))
        for i, match in enumerate(starts):
            body = text[match.start(): starts[i + 1].start() if i + 1 < len(starts) else len(text)]
            for clause in _cited_in(body, 2007):
                named[clause].add(f"{path.relative_to(TESTS).as_posix()}::{match.group(1)}")
    return named


def _clause_key(name: str) -> tuple[int, str]:
    match = re.match(r"\d+", name)
    assert match
    return int(match.group()), name[match.end():]


def render_2007() -> list[str]:
    """The section on the 2007 edition: the 2007 clauses the engine follows where the editions differ (cited
    ``Law ... (2007)`` in the code), with the modules and the tests that cite them."""
    cited, named = citations(2007), tests_2007()
    lines = ["", "## The 2007 edition", "",
             "Where the 2007 and 2017 texts differ mechanically, a table whose regulations name the 2007 "
             "edition follows the 2007 clause (see [laws-engine.md](laws-engine.md#the-2007-edition)). "
             "These are the 2007 "
             "clauses the code cites as such, each with the tests that cite it.", "",
             "| clause | status | note | cited in | tests |", "|---|---|---|---|---|"]
    for name in sorted(set(cited) | set(named), key=_clause_key):
        modules, by = sorted(cited.get(name, ())), sorted(named.get(name, ()))
        status = "✅" if modules and by else "◐"
        files = sorted({t.split("::")[0].removeprefix("laws/") for t in by})
        tested = f"{len(by)} in " + ", ".join(f"`{f}`" for f in files) if by else ""
        shown = ", ".join(f"`{m.removeprefix('tenace.')}`" for m in modules)
        note = "" if modules and by else ("no test cites it" if modules else "tested, no module cites it")
        lines.append(f"| {name} (2007) | {status} | {note} | {shown} | {tested} |")
    return lines


def tests() -> dict[str, set[str]]:
    """Clause -> the tests (file::function) that name it in their name, docstring or comments."""
    named: dict[str, set[str]] = defaultdict(set)
    for path in sorted(TESTS.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        starts = list(_TEST_DEF.finditer(text))
        for i, match in enumerate(starts):
            body = text[match.start(): starts[i + 1].start() if i + 1 < len(starts) else len(text)]
            test = f"{path.relative_to(TESTS).as_posix()}::{match.group(1)}"
            found = {_token(*m.groups()) for m in _NAME_TOKEN.finditer(match.group(1))}
            found |= _cited_in(body, 2017)
            for clause in found:
                named[clause].add(test)
    return named


@dataclass(frozen=True)
class Row:
    clause: str
    status: str
    note: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]


def _ancestors(name: str) -> list[str]:
    match = re.fullmatch(r"(\d+)([A-H]?)(\d*)(?:\(([a-z])\))?", name)
    assert match
    law, section, number, item = match.groups()
    chain = [f"{law}{section}{number}" if item else "", f"{law}{section}" if number else "",
             law if section else ""]
    return [c for c in chain if c]


def rows(laws: list[Clause]) -> list[Row]:
    cited, named = citations(), tests()
    result = []
    for law in laws:
        for leaf in leaves(law):
            name = leaf.name
            modules, by = tuple(sorted(cited.get(name, ()))), tuple(sorted(named.get(name, ())))
            kind, reason = CLASSIFIED.get(name, ("", ""))
            parents = [a for a in _ancestors(name) if a in cited]
            note = reason
            if modules and by:  # what the engine does wins over a classification
                status = "⚖" if kind == DIRECTOR else "✅"
                note = "" if kind != DIRECTOR else note
            elif kind in (TABLE, AUTHORITY):
                status = "🪑" if kind == TABLE else "—"
            elif modules or by:
                status = "◐"
                note = note or ("no test names it" if modules else "tested, no module cites it")
            else:
                status = "❌"
                if parents:
                    note = note or f"only Law {parents[0]} is cited"
            result.append(Row(name, status, note, modules, by))
    return result


LEGEND = {"✅": "implemented (cited and tested)", "⚖": "Director's input (the engine records the decision)",
          "◐": "partly (cited or tested, not both)", "🪑": "table procedure", "—": "not applicable",
          "❌": "not yet"}


def render(laws: list[Clause]) -> str:
    table = rows(laws)
    lines = [
        "# Laws coverage by clause",
        "",
        "Generated by `tools/laws_clauses.py` from the 2017 Laws' numbering, the code's citations and the "
        "tests' names; do not edit by hand. [laws-coverage.md](laws-coverage.md) has one row per Law.",
        "",
    ]
    counts = {symbol: sum(r.status == symbol for r in table) for symbol in LEGEND}
    core = [r for r in table if 7 <= int(re.match(r"\d+", r.clause).group()) <= 71]  # type: ignore[union-attr]
    lines.append("| status | meaning | clauses | of them in Laws 7-71 |")
    lines.append("|---|---|---|---|")
    for symbol, meaning in LEGEND.items():
        lines.append(f"| {symbol} | {meaning} | {counts[symbol]} | {sum(r.status == symbol for r in core)} |")
    lines += ["", f"{len(table)} clauses in all.", "", "| clause | status | note | cited in | tests |",
              "|---|---|---|---|---|"]
    for row in table:
        modules = ", ".join(f"`{m.removeprefix('tenace.')}`" for m in row.modules)
        by = sorted({t.split('::')[0].removeprefix("laws/") for t in row.tests})
        tested = f"{len(row.tests)} in " + ", ".join(f"`{f}`" for f in by) if row.tests else ""
        lines.append(f"| {row.clause} | {row.status} | {row.note} | {modules} | {tested} |")
    lines += render_2007()
    return "\n".join(lines) + "\n"


def main() -> int:
    for path in (LAWS, POLISH):
        if not path.is_file():
            sys.stderr.write(f"{path}: the 2017 Laws are not beside the repository\n")
            return 2
    lines = english_lines(LAWS.read_text(encoding="utf-8"), POLISH.read_text(encoding="utf-8"))
    text = render(clauses(lines))
    if "--check" in sys.argv:
        if not PAGE.is_file() or PAGE.read_text(encoding="utf-8") != text:
            sys.stderr.write("docs/laws-clauses.md is out of date: run python tools/laws_clauses.py\n")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
