"""Generate docs/laws-coverage.md: for each of the 93 Laws, its status in Tenace and the modules that cite it.

Run ``python tools/laws_coverage.py`` after changing what the code implements; a test checks the page is current.
The subject labels are Tenace's own short names for each Law, not the Laws' wording.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "tenace"
PAGE = ROOT / "docs" / "laws-coverage.md"

SUBJECTS = {
    1: "the pack and the rank of cards and suits", 2: "boards: numbering, dealer, vulnerability",
    3: "tables and compass directions", 4: "partnerships", 5: "seating", 6: "shuffling and dealing",
    7: "handling boards and cards", 8: "rounds", 9: "what to do after an irregularity",
    10: "deciding the rectification", 11: "losing the right to rectification", 12: "adjusted scores",
    13: "wrong number of cards", 14: "a card missing", 15: "wrong board or hand",
    16: "authorised and unauthorised information", 17: "the auction period", 18: "bids",
    19: "doubles and redoubles", 20: "reviewing and explaining calls", 21: "misinformation",
    22: "end of the auction", 23: "comparable calls", 24: "cards exposed during the auction",
    25: "changes of call", 26: "lead restrictions after a withdrawn call", 27: "insufficient bids",
    28: "calls deemed in rotation", 29: "after a call out of rotation", 30: "pass out of rotation",
    31: "bid out of rotation", 32: "double or redouble out of rotation", 33: "simultaneous calls",
    34: "keeping the right to call", 35: "inadmissible calls", 36: "inadmissible doubles and redoubles",
    37: "breaking an obligation to pass", 38: "bids above seven", 39: "calls after the final pass",
    40: "partnership agreements", 41: "the opening lead and the start of play", 42: "what dummy may do",
    43: "what dummy may not do", 44: "sequence of play: following suit, winning tricks", 45: "played cards",
    46: "unclear designation of dummy's card", 47: "taking back a played card", 48: "declarer's exposed cards",
    49: "defenders' exposed cards", 50: "penalty cards", 51: "two or more penalty cards",
    52: "not playing a penalty card", 53: "accepted lead out of turn", 54: "opening lead out of turn",
    55: "declarer leading out of turn", 56: "defender leading out of turn", 57: "premature lead or play",
    58: "simultaneous leads or plays", 59: "unable to lead or play as required", 60: "play after an illegal play",
    61: "revokes: failure to follow suit, questions", 62: "correcting a revoke", 63: "when a revoke is established",
    64: "after an established revoke", 65: "arranging played cards", 66: "looking at tricks",
    67: "defective tricks", 68: "claims and concessions", 69: "agreed claims", 70: "contested claims",
    71: "cancelled concessions", 72: "general principles of conduct", 73: "communication and tempo",
    74: "conduct and etiquette", 75: "mistaken explanation or mistaken call", 76: "spectators",
    77: "the scoring table", 78: "scoring methods and conditions of contest", 79: "tricks won and corrections",
    80: "regulation and organisation", 81: "the Director", 82: "errors of procedure",
    83: "telling players they may appeal", 84: "rulings on agreed facts", 85: "rulings on disputed facts",
    86: "team play", 87: "fouled boards", 88: "indemnity points", 89: "individual events",
    90: "procedural penalties", 91: "penalties and suspension", 92: "the right to appeal",
    93: "appeal procedure",
}

# What Tenace implements, in its own words. Everything else shows as cited (if the code names it) or not yet.
STATUS: dict[int, tuple[str, str]] = {
    1: ("✅", "`Card`, `CardSet`, `Deal` (the four hands partition the pack)"),
    2: ("✅", "`Board`, `dealer_for`, `vulnerability_for`, for any board number, overridable"),
    3: ("✅", "`Seat`, rotation"),
    4: ("✅", "`Side`"),
    6: ("✅", "`tenace.dealing`: secure, verifiable (commit and reveal), indexed; no shape filters"),
    7: ("◐", "7B2 only: `CardsCounted` before the first call, a wrong count goes to Law 13 or 14; board placement "
           "and returning cards (7A, 7C, 7D) are table procedure"),
    13: ("⚖", "engine (`tenace.laws.wrong_board`): 13A1/13A2 correct and play (review at the end after 13A2), 13B1 "
            "correct or 13B2 adjust, 13C surplus card, 13D result cancelled; the Director's adjusted score as data"),
    14: ("✅", "engine: 14A card found or another pack, calls unchanged; 14B1 to Law 67, 14B2/14B3 `HandRestored` "
            "replays the record with the restored deal (14B4: deemed held, revokes follow); 14C"),
    15: ("⚖", "engine: 15A1-15A2 calls cancelled (16C), offender calls again or adjusted score; 15A3 `Differs`; "
            "15B1 cancelled, 15B2 stands (right board later), 15B3 artificial scores for `Result.adjusted`"),
    12: ("◐", "12C1(c) weighted and 12C2 artificial adjusted scores in scoring; in the engine the Director's "
             "`ScoreAdjusted` (assigned, weighted, non-balancing, or artificial) for every end-of-play judgement "
             "the record owes (`tenace.laws.adjustments`: 16C3, 21B3, 23C, 27D, 47E2(b), 50E4), in answer to "
             "the 45F, 64C and 67B3 reviews, or under 12A1/12A3; the Law 16B `UIRuling`; `Table.result_ns`"),
    16: ("⚖", "16B: `UIReserved` (16B2), the Director's evidence (`ui_evidence`: timed auction, alerts, "
             "explanations, all hands, tempo breaks), `PollRecorded`, `LogicalAlternatives` (16B1(b)), "
             "`Suggested` (16B1(a)), `UIRuling` after play (16B3); 16C: each withdrawn call names its offending "
             "side, 16C3 owed at the end of the play (`ScoreAdjusted`); 16D: `ExtraneousInformation` (16D1), play on and "
             "adjust at the end (16D2(c), 16D3) or an adjusted score at once that ends the board (16D2(d)); "
             "the board redealt before any call (16D2(b), `BoardRedealt`); moving players (16D2(a)) is the "
             "Director's at the table"),
    17: ("✅", "`Auction`: first call by dealer, rotation; 17D3 passes out of rotation do not end the auction"),
    18: ("✅", "`Bid` order, sufficiency"),
    19: ("✅", "`Auction.is_legal`: who may double or redouble"),
    20: ("◐", "engine: `QuestionAsked` (only at one's own turn, 20F1-F2; out of turn an irregularity), "
             "`ExplanationGiven` (partner; the caller online), `ExplanationCorrected` judged in time or not "
             "(20F4, 20F5), duties shown to their owner and the Director; `ReviewAsked` (20B, 20C2: at one's "
             "turn, not when bound to pass, at the first turn to play); 20A, 20D, 20E are table procedure"),
    21: ("⚖", "21B1-21B2: change after the Director's `Misinformation` finding, LHO may change; after a "
             "correction `misinformation.remedies` lists who may change (21B1(a)) or that it is too late (21B3: owed at the end of the play, the Director's `ScoreAdjusted`)"),
    22: ("✅", "`Auction.is_complete`, `contract()`, pass-out"),
    24: ("✅", "engine: `CardExposed` in the auction; partner's pass, cards back to a declarer, penalty cards "
             "for a defender"),
    26: ("◐", "engine: declarer's one-suit ban at the partner's first lead, kept while he holds the lead; the "
             "suits named are read from natural bids (a Director may know better); 2007: 26A require or "
             "forbid a suit the withdrawn call named, 26B forbid any suit"),
    25: ("⚖", "25A unintended change (Director judges intent), 25A6 LHO withdraws, 25B LHO accepts or not"),
    23: ("⚖", "comparable call: the Director's `Comparable` election after 27B1(b), 30B1(b), 31A2, 31B, 32A2, 32B; 23C: owed at the end of the play (`Table.adjustments_owed`), the Director's `ScoreAdjusted`; 2007: no comparable call (its Law 23 is 2017's 72C)"),
    27: ("✅", "engine: LHO accepts by calling or electing (27A1); 27B1(a) lowest sufficient bid; 27B1(b) comparable (Director); 27B2-27B4; 27C a replacement made before the Director ruled waits for LHO's choice; 27D: owed at the end of the play, the Director's `ScoreAdjusted`; 2007: 27B1(a) needs both bids natural, 27B1(b) same or more precise meaning"),
    28: ("✅", "engine: 28A call at the turn of an RHO who must pass; 28B call by the right player cancels the call out of rotation"),
    29: ("✅", "engine: 29A acceptance by LHO's call or election, 29B cancellation; 29C an alerted call out "
             "of rotation is repeated (31A1, 32A1) by any call specifying the same suits"),
    30: ("◐", "engine: 30A, 30B1 (comparable or not), 30B2 via Law 25; 30C an alerted pass out of rotation, or one passing an alerted call, goes to Law 31; 2007: 30A, 30B1, 30B2(a)/(b)"),
    31: ("✅", "engine: 31A1 repeat after RHO's pass, 31A2 comparable or partner passes, 31B, 31C via Law 25; 2007: 31A2(a) partner passes once, 31A2(b) and 31B to the end"),
    32: ("✅", "engine: 32A1 repeat, 32A2, 32B; an inadmissible double out of rotation is never accepted (36B4); 2007: 32A, 32B2 partner passes to the end"),
    35: ("✅", "engine: the kinds of inadmissible call, each sent to Laws 36, 37 or 39"),
    36: ("✅", "engine: 36A LHO calls first: the double stays unnoticed until attention is drawn before the "
             "opening lead, then it and every later call are cancelled (at once for a double out of "
             "rotation); 36B cancelled, partner passes throughout, 26B; 36C noticed only after the lead: kept "
             "in the auction, the contract as if it had not been made"),
    37: ("✅", "engine: 37A LHO calls first (stands), 37B cancelled, both of the offending side pass"),
    38: ("◐", "`BidAboveSeven` in turn: 38A-38D (cancelled with the calls over it, pass substituted, the side "
              "passes, 26B unless LHO called); not out of rotation, not in PBN/LIN records"),
    39: ("✅", "engine: calls after the final pass cancelled; 39B once the offender's LHO calls, 39C lead "
              "restrictions for a defender's bid"),
    33: ("✅", "`SimultaneousCalls`: the call by the player in turn first, the other deemed after it"),
    34: ("✅", "three passes with one out of rotation that cost a turn: cancelled, back to that player"),
    41: ("◐", "engine: `LeadFaceDown` keeps the clarification period until the card is faced; a face-down lead "
             "from the wrong defender goes back; a faced lead ends the auction period (41C); 41B `ReviewAsked` (not presumed dummy; until one's first card)"),
    43: ("◐", "engine, after the Director finds dummy broke a limitation of 43A2: `DummyWarned` (43B2(a): a "
             "defender chooses the hand declarer leads from), `AttentionDrawn(dummy_violated=True)` to declarer's "
             "revoke (43B2(b)) or first to a defender's (43B3: no rectification, owed at the end); 43A and 43B1 "
             "(a procedural penalty) are the Director's at the table"),
    44: ("✅", "`Play`, `Trick.winner`: following suit, trumps, next lead from the winner"),
    45: ("✅", "engine: `DummyDesignation` plays dummy's named card (45B); `CardDeemedPlayed` (45C1-C4(a)); "
             "`DesignationChanged` after a slip of the tongue, the Director's call (45C4(b)); dummy's card not "
             "named withdrawn in time, else it stands (45D); `FifthCard` on the completed trick: the Director "
             "deems it led or not (`DeemedLed`: a lead, in or out of turn, else 45E1 a major penalty card, 45E2 "
             "back to the hand; a second card to the trick in progress as before); `DummyIndicated` (45F): play "
             "continues, the Director's end-of-play review (`tenace.laws.reviews`: `NoAdjustment` or "
             "`AdjustedTricks`) is his judgement of suggestion and damage"),
    46: ("✅", "engine: high, low, win (the lowest card known to win), suit only, rank only (46B3(a), (b)), a "
             "card not in dummy or a void suit (declarer names any lawful card, 46B4), declarer's "
             "incontrovertible intention; 46B5: \"anything\", and high, low or win that 46B1 cannot turn into a "
             "card (dummy leading, void in the suit led, no card known to win): a defender names it (the one "
             "on dummy's left for \"either defender\")"),
    47: ("✅", "engine: withdrawals in rectification where those Laws are (47A, 47B, 47F1); after a change of "
             "designation (47C, 47D); `CardRetracted` after misinformation (47E1, 47E2(a), also a lead out of "
             "turn lying face up and the opening lead while dummy has faced no card: the Director's "
             "`before_dummy` finding, never online); 47E2(b): owed at the end of the play, the Director's `ScoreAdjusted`"),
    48: ("✅", "engine: declarer's and dummy's exposed cards are recorded with no rectification"),
    49: ("✅", "engine: a defender's exposed card becomes a penalty card"),
    50: ("✅", "engine: major and minor penalty cards, public in every view, limit the owner's cards; declarer's "
             "require/forbid/free options at the partner's lead; 50E4: owed at the end of the play, the Director's `ScoreAdjusted`"),
    51: ("✅", "engine: declarer designates among several penalty cards; options for one suit or several"),
    52: ("✅", "engine: a card played instead of a penalty card: accepted, forced on by declarer's play, or "
             "replaced (it becomes a major penalty card)"),
    53: ("✅", "engine: a lead out of turn stands once accepted by a statement or a card from the next hand; "
             "the proper lead by the opponent in turn voids it (53B); when he is also the next hand the "
             "Director finds whether his card was a play or a lead; retracted at trick 13; 53C: the lead stands, Law 57 follows"),
    54: ("✅", "engine: declarer accepts (54B), spreads and becomes dummy (54A, also when he exposes a card), "
             "must accept if he saw dummy's card (54C), or refuses: a major penalty card (54D); 54E"),
    55: ("✅", "engine: the defender next in turn accepts declarer's lead or has it retracted (55B1, 55B2); "
             "55C is Law 16's business"),
    56: ("✅", "engine: declarer accepts a defender's lead out of turn or has it retracted as a major penalty "
             "card"),
    57: ("✅", "engine: 57A penalty card and declarer's choice of partner's play (highest, lowest, a suit, not a "
             "suit); 57C1, 57C3, 57D; 57C2 after dummy's own act in the trick (`DummyIndicated`)"),
    58: ("✅", "engine: `SimultaneousPlays` (the card in turn first) and `SimultaneousCards` (one visible card "
             "played; else the player names one, a defender's others are penalty cards); 58B4 found late: a "
             "`DefectiveTrickFound` (Law 67); 58B3 the next player's card over them may be taken back"),
    59: ("✅", "engine: a rectification that cannot be met leaves any otherwise lawful card"),
    60: ("✅", "engine: 60A1-A3 acceptance by the next hand's play, obligations kept; 60B penalty card; 60C a "
             "defender of the offending side playing over the lead out of turn: a major penalty card, the "
             "opponents' options kept (declarer's side still waits for the Director)"),
    61: ("✅", "engine: a failure to follow suit is recorded as it stands; `AttentionDrawn` asks about it, and a "
             "question where there was no revoke changes nothing; dummy asks only declarer during play"),
    62: ("✅", "engine: an unestablished revoke is taken back and replaced; a defender's card becomes a major "
             "penalty card; non-offenders may change later cards, the partner only after them; 62C3, 62D1"),
    63: ("✅", "engine: established by the offending side's play to the next trick, its claim, or its agreement "
             "to a claim; then it stands"),
    64: ("⚖", "engine: 64A transfers after play, capped by the tricks won; every 64B exception (late notice via "
             "`Late`); 43B2(b); the Director reviews equity (64C): `NoAdjustment` or `AdjustedTricks`; 2007: 64B7 whenever both sides revoked"),
    65: ("✅", "engine: ownership of each trick follows from the cards (`tenace.laws.tricks.ownership`, 65B) and "
             "the record keeps their order (65C), so the count is agreed (65D) and a card pointed the wrong way "
             "never changes it; `WrongPointing` (65B3) is in time until the noticing side plays to the next "
             "trick, later a remark an opponent may reserve Law 16B rights about"),
    66: ("✅", "engine: views show the last trick until the viewer's side plays to the next (66A, 66B), no "
             "quitted trick during play (66C) unless the Director allows (`InspectionAllowed`), all after (66D)"),
    67: ("✅", "engine: an omission noticed in time leaves the trick waiting for the offender's lawful card "
             "(67A1; a card to the next trick is a fifth card, 45E); `DefectiveTrickFound` later: a deemed "
             "revoke transferring one trick (67B1), extra cards change nothing (67B2(a)) but count as held all "
             "along, so a later failure to play one is a revoke (67B2(b)), a card played but not "
             "among the quitted cards placed with no revoke (67B3, `misplaced`) and, played again too late to "
             "correct (`played_again`), the Director's adjusted result at the end (`tenace.laws.reviews`); "
             "console helpers in `tenace.laws.revokes`"),
    68: ("✅", "engine: claims and concessions stop play; 68B2 a defender's concession his partner objects to is "
             "void; 68C claimer's hand faced; 68D2 doubts by any player, play on by agreement (`PlayOnAgreed`)"),
    69: ("✅", "engine: both opponents assent; 69B withdrawal after the board, the Director rescores "
             "(`ClaimWithdrawn`, `ClaimRuled`)"),
    70: ("⚖", "the Director rules (`ClaimRuled`); `tenace.laws.adjudication` plays the stated line against "
             "double-dummy defence, doubtful points against and for the claimer, 70C trumps; he judges"),
    71: ("⚖", "engine: a concession stands; after the board the Director gives tricks back to the conceding "
             "side (`ClaimRuled`), whether they could be lost is his judgement"),
    75: ("⚖", "engine: the Director's `MistakeFound` (75B mistaken explanation, an infraction; 75C mistaken call, "
             "none; 75D2 no agreement) from `misinformation.evidence`: the system card's meaning, the explanation, "
             "the hand, the mismatch (21B1(b) presumption shown); correction duties 75B2, 75B3"),
    73: ("◐", "73D1 tempo: `tenace.laws.tempo` measures every call's and card's think time from `Table.times` "
             "against the player's own tempo on comparable decisions; breaks for the Director only; the rest "
             "of Law 73 is conduct"),
    77: ("✅", "`tenace.scoring.points.score`, checked against the published table"),
    78: ("✅", "matchpoints with Neuberg, IMPs, Butler, cross-IMPs, total points, VP scales"),
}

_CITE = re.compile(r"Laws? (\d{1,2})(?:[A-H]\d?(?:\([a-z]\))?)?(?:\s*(?:-|–|and|,)\s*(\d{1,2})\b)?")


def citations() -> dict[int, set[str]]:
    found: dict[int, set[str]] = {n: set() for n in SUBJECTS}
    for path in sorted(SRC.rglob("*.py")):
        module = path.relative_to(SRC.parent).with_suffix("").as_posix().replace("/", ".")
        module = module.removesuffix(".__init__")
        for match in _CITE.finditer(path.read_text(encoding="utf-8")):
            first = int(match.group(1))
            last = int(match.group(2)) if match.group(2) else first
            if not first <= last <= first + 20:
                last = first
            for n in range(first, last + 1):
                if n in found:
                    found[n].add(module)
    return found


_TEST_FILE = re.compile(r"test_law_(\d{1,2})(?:_(\d{1,2}))?(?:_|\.py)")
_TEST_NAME = re.compile(r"def test_(\d{1,2})[a-h]\w*\(")


def tests_by_law() -> dict[int, tuple[set[str], int]]:
    """For each Law: the test files named after it (``test_law_27_...``, ``test_law_28_32_...`` for a range) and
    the number of test functions whose name starts with its number and a clause (``test_27b2_...``)."""
    files: dict[int, set[str]] = {n: set() for n in SUBJECTS}
    counts: dict[int, int] = dict.fromkeys(SUBJECTS, 0)
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        match = _TEST_FILE.match(path.name)
        if match:
            first = int(match.group(1))
            last = int(match.group(2)) if match.group(2) else first
            for n in range(first, last + 1 if last >= first else first + 1):
                if n in files:
                    files[n].add(path.relative_to(ROOT).as_posix())
        for name in _TEST_NAME.finditer(path.read_text(encoding="utf-8")):
            n = int(name.group(1))
            if n in counts:
                counts[n] += 1
    return {n: (files[n], counts[n]) for n in SUBJECTS}


def render() -> str:
    cited = citations()
    tested = tests_by_law()
    lines = [
        "# Laws coverage",
        "",
        "Generated by `tools/laws_coverage.py` from the code's citations; do not edit by hand.",
        "Status: ✅ implemented, ◐ partly, ⚖ needs a Director's judgement (an input), · cited only, ❌ not yet.",
        "Subjects are Tenace's short names for each Law (2017 edition).",
        "Every clause and sub-clause, with its own status, modules and tests: [laws-clauses.md](laws-clauses.md);",
        "the 2007 edition's clauses a table follows when its regulations name that edition: "
        "[laws-clauses.md](laws-clauses.md#the-2007-edition).",
        "",
        "Tests: the test files named after the Law, and how many test functions name one of its clauses.",
        "",
        "| Law | subject | status | what | cited in | tests |",
        "|---|---|---|---|---|---|",
    ]
    for n, subject in SUBJECTS.items():
        status, what = STATUS.get(n, ("·" if cited[n] else "❌", ""))
        modules = ", ".join(f"`{m}`" for m in sorted(cited[n]))
        files, count = tested[n]
        tests = ", ".join(f"`{f.removeprefix('tests/')}`" for f in sorted(files))
        if count:
            tests = f"{tests} ({count} named by clause)" if tests else f"{count} named by clause"
        lines.append(f"| {n} | {subject} | {status} | {what} | {modules} | {tests} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        if PAGE.read_text(encoding="utf-8") != text:
            sys.stderr.write("docs/laws-coverage.md is out of date: run python tools/laws_coverage.py\n")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
