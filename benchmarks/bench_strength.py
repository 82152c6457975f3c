"""How well the robots bid and play, measured double dummy on fixed-seed deals (issue 11's benchmark).

Run: ``.venv/bin/python benchmarks/bench_strength.py [--deals 1000] [--seed 11] [--play 0] [--json OUT]
[--rules-only | --versus-rules]``

Bidding: four robots bid ``--deals`` random deals (board numbers 1, 2, ... give dealer and vulnerability by
Law 2). Each final contract is scored with the tricks it takes double dummy and compared with par:

* mean |IMP| against par (the par score of the deal, DDS's ``DealerParBin``);
* makeable games reached: of the sides that can make a game double dummy (3NT, 4 of a major, 5 of a minor
  by some player of the side), the share that declared a contract at game level or higher; the share that
  also made it double dummy is printed beside it. Slams the same way (twelve tricks, a contract at the six
  level or higher);
* games and slams bid that fail double dummy;
* boards where a side holding 26+ HCP, with a makeable game, did not declare game or higher, and of those
  the boards where it still scored at least what its best makeable game would have (a penalty double of
  the opponents' sacrifice or contract);
* boards passed out although a side holds 22+ HCP;
* explanations contradicted by the caller's own hand: each call's meaning on the robots' card (the
  structured facts its explanation states: HCP, lengths, balance, stoppers) is compared with the hand;
* time per call (CPU time of the process, median and 95th percentile);
* where the distance from par comes from: the boards grouped by what par is (a partscore, game or slam of
  the side it favours, or the other side's doubled sacrifice) and by what was played (that side's
  partscore, game or slam, the other side's contract, doubled or not, or nothing), with each group's share
  of the mean |IMP| against par.

Play (``--play K``): the first K deals are also played to the end by the four robots, and every card a robot
chooses among two or more legal cards is compared with the double-dummy solution of the position: the share
of DD-optimal cards for declarer and for the defenders, and the opening-lead DD-optimal rate (DDOLAR). Time
per card is reported as for calls.

Head to head (``--versus REV``): the robots of git revision REV (a commit, branch or tag of this repository)
bid the same deals at a second table in a subprocess: table 1 has this version North-South and REV
East-West, table 2 the reverse. Each board scores the two results double dummy as a team match; the mean
IMPs per board for this version are printed with their standard error. (The previous version's robots are
driven through :func:`tenace.robots.bidding.choose_call`, which every version has.)

Simulation against the rules (``--versus-rules``): the same two tables, this version's robots simulating
at their choice points against the same robots bidding by the rules alone (``--boards-json`` keeps both
auctions of every board). The robots simulate without a wall-clock budget here, a fixed number of deals
per choice point (``--bid-samples``, ``--margin``, ``--confidence`` change the robots' settings), so a run
gives the same auctions however busy the machine is; the time per call is also printed for the calls
made at a choice point alone.

Nothing here is a timed test: the numbers are printed for a human to compare (and written with ``--json``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tenace import DECK, Board, CardSet, Deal
from tenace.analysis import DDTable, Par
from tenace.calls import Call, Denomination, parse_call
from tenace.contract import Contract, Doubling
from tenace.laws import CallMade, CardPlayed, Table
from tenace.laws.events import ClaimRuled, Event
from tenace.laws.refs import DIRECTOR
from tenace.laws.table import Phase
from tenace.robots import Robot
from tenace.robots.bidding import meaning_of, table_context
from tenace.robots.signals import STANDARD, Carding, carding_of
from tenace.robots.simulation import Settings, options
from tenace.scoring.imps import imps
from tenace.scoring.points import score
from tenace.seats import SEATS, Seat, Side
from tenace.solver.dds import dd_tables, par, solve_position
from tenace.system.bidding import check
from tenace.system.bidding.hand import HandInfo
from tenace.system.bidding.systems import builtin

Bidder = Callable[[Board, Seat, tuple[Call, ...]], tuple[Call, str]]
"""Given the board, the seat to call and the calls so far: the call and its explanation."""

_GAME_LEVEL = {Denomination.NOTRUMP: 3, Denomination.SPADES: 4, Denomination.HEARTS: 4,
               Denomination.DIAMONDS: 5, Denomination.CLUBS: 5}


def random_deal(rng: random.Random) -> Deal:
    cards = list(DECK)
    rng.shuffle(cards)
    return Deal.from_hands({seat: CardSet(cards[13 * i:13 * i + 13]) for i, seat in enumerate(SEATS)})


def boards(count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    return [Board(n, random_deal(rng)) for n in range(1, count + 1)]


def contract_of(dealer: Seat, calls: Sequence[Call]) -> Contract | None:
    """The final contract of a finished auction (``None`` when passed out)."""
    from tenace.auction import Auction
    return Auction(dealer, tuple(calls)).contract()


# --- the robots of this version -------------------------------------------------------------------------

@dataclass
class Robots:
    """This version's robots, one per seat, called through the Laws engine as at a live table."""

    seed: int = 0
    simulate: bool = True
    settings: Settings = field(default_factory=lambda: Settings(budget=None))
    """How the robots simulate at a choice point: by default the robots' own settings without the
    wall-clock budget, so that a run gives the same auctions however busy the machine is."""
    times: list[float] = field(default_factory=list)
    choice_times: list[float] = field(default_factory=list)
    """CPU time of the calls made at a choice point (where simulation ran)."""
    _made: dict[tuple[int, Seat, tuple[Call, ...]], CallMade] = field(default_factory=dict)

    def robot(self, seat: Seat, board: Board) -> Robot:
        return Robot(seat, samples=20 if self.simulate else 0, seed=self.seed + board.number,
                     bidding=self.settings)

    def bid(self, board: Board) -> tuple[tuple[Call, ...], list[tuple[Seat, Call, str]]]:
        """The auction of ``board`` and each call's explanation."""
        table = Table.new(board)
        said: list[tuple[Seat, Call, str]] = []
        while table.phase is Phase.AUCTION:
            seat = table.turn
            assert isinstance(seat, Seat)
            event = self._act(board, seat, table)
            said.append((seat, event.call, event.explanation or ""))
            table = table.apply(event)
        return tuple(c for _, c, _ in said), said

    def bidder(self, board: Board, seat: Seat, calls: tuple[Call, ...]) -> Call:
        table = Table.new(board)
        for call in calls:
            turn = table.turn
            assert isinstance(turn, Seat)
            table = table.apply(CallMade(turn, call))
        return self._act(board, seat, table).call

    def _act(self, board: Board, seat: Seat, table: Table) -> CallMade:
        """The robot's call at ``table``, made by a fresh robot (so the same auction always gets the same
        call, whichever table it arises at) and remembered: a head to head's tables share their auctions up
        to the first call where they differ, and those calls are not simulated again (nor timed twice)."""
        calls = tuple(c.call.call for c in table.view(seat).calls)
        key = (board.number, seat, calls)
        known = self._made.get(key)
        if known is not None:
            return known
        robot = self.robot(seat, board)
        start = time.process_time()
        event = robot.act(table.view(seat))
        self._timed(board, seat, calls, time.process_time() - start)
        assert isinstance(event, CallMade), event
        self._made[key] = event
        return event

    def _timed(self, board: Board, seat: Seat, calls: tuple[Call, ...], seconds: float) -> None:
        self.times.append(seconds)
        if self.simulate:
            ctx = table_context(builtin(), board.dealer, calls, board.vulnerability)
            if len(options(ctx, HandInfo.of(board.deal[seat]))) > 1:
                self.choice_times.append(seconds)


# --- another revision's robots, in a subprocess ---------------------------------------------------------

_SERVE = r"""
import json, sys
from tenace import Board, Deal, Seat, parse_call
from tenace.robots.bidding import choose_call
for line in sys.stdin:
    q = json.loads(line)
    deal = Deal.from_pbn(q["deal"])
    seat = Seat.from_str(q["seat"])
    calls = tuple(parse_call(c) for c in q["calls"])
    board = Board(q["board"], deal)
    try:  # as this checkout's robots call it: with the board's vulnerability
        choice = choose_call(deal[seat], board.dealer, seat, calls, vulnerability=board.vulnerability)
    except TypeError:  # a revision from before choose_call took the vulnerability
        choice = choose_call(deal[seat], board.dealer, seat, calls)
    print(json.dumps({"call": str(choice.call)}), flush=True)
"""


class OtherRevision:
    """The robots of another git revision, answering one call at a time over a pipe."""

    def __init__(self, revision: str) -> None:
        root = Path(__file__).resolve().parent.parent
        self._dir = tempfile.TemporaryDirectory(prefix="tenace-rev-")
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", self._dir.name, revision],
                       check=True, capture_output=True)
        self._root = root
        env = {**os.environ, "PYTHONPATH": str(Path(self._dir.name) / "src")}
        self._proc = subprocess.Popen([sys.executable, "-c", _SERVE], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True, env=env)

    def bidder(self, board: Board, seat: Seat, calls: tuple[Call, ...]) -> Call:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        query = {"deal": board.deal.to_pbn(), "seat": seat.name[0], "board": board.number,
                 "calls": [str(c) for c in calls]}
        self._proc.stdin.write(json.dumps(query) + "\n")
        self._proc.stdin.flush()
        return parse_call(json.loads(self._proc.stdout.readline())["call"])

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        self._proc.wait()
        subprocess.run(["git", "-C", str(self._root), "worktree", "remove", "--force", self._dir.name],
                       capture_output=True)
        self._dir.cleanup()


def mixed_auction(board: Board, ns: Callable[..., Call], ew: Callable[..., Call]) -> tuple[Call, ...]:
    from tenace.auction import Auction
    calls: tuple[Call, ...] = ()
    while True:
        auction = Auction(board.dealer, calls)
        if auction.is_complete:
            return calls
        seat = auction.turn
        who = ns if seat.side is Side.NS else ew
        calls = (*calls, who(board, seat, calls))


# --- scoring against double dummy -----------------------------------------------------------------------

def table_score(board: Board, contract: Contract | None, dd: DDTable) -> int:
    """North-South's score for ``contract`` taking its double-dummy tricks."""
    if contract is None:
        return 0
    tricks = dd[contract.declarer, contract.denomination]
    points = score(contract, tricks, vulnerable=board.is_vulnerable(contract.declarer))
    return points if contract.declarer.side is Side.NS else -points


def best_level(dd: DDTable, side: Side) -> int:
    """The highest level ``side`` can make in its best denomination, double dummy (0: none)."""
    best = 0
    for seat in SEATS:
        if seat.side is side:
            for denomination in _GAME_LEVEL:
                best = max(best, dd[seat, denomination] - 6)
    return best


def makes_game(dd: DDTable, side: Side) -> bool:
    return any(dd[seat, d] - 6 >= level for seat in SEATS if seat.side is side
               for d, level in _GAME_LEVEL.items())


def game_score(board: Board, dd: DDTable, side: Side) -> int:
    """What ``side``'s best game that makes double dummy would score (undoubled, its double-dummy tricks)."""
    best = 0
    for seat in SEATS:
        if seat.side is side:
            for denomination, level in _GAME_LEVEL.items():
                tricks = dd[seat, denomination]
                if tricks - 6 >= level:
                    best = max(best, score(Contract(level, denomination, seat), tricks,
                                           vulnerable=board.is_vulnerable(seat)))
    return best


def level_name(contract: Contract) -> str:
    """"slam", "game" or "partscore" for the level of ``contract``."""
    if contract.level >= 6:
        return "slam"
    return "game" if contract.level >= _GAME_LEVEL[contract.denomination] else "partscore"


def par_gap_kind(contract: Contract | None, best: Par) -> tuple[str, str]:
    """What par is and what was played instead, seen from the side par favours: ("par: its game",
    "played: its partscore"), ("par: the other side's sacrifice", "played: their contract, undoubled")..."""
    if best.score_ns == 0:
        wanted = "par: nothing"
        favoured = None
    else:
        favoured = Side.NS if best.score_ns > 0 else Side.EW
        target = best.contracts[0][0]
        if target.declarer.side is not favoured:
            wanted = "par: the other side's sacrifice"
        else:
            wanted = "par: its " + level_name(target)
    if contract is None:
        played = "played: passed out"
    elif favoured is None or contract.declarer.side is favoured:
        played = "played: its " + level_name(contract)
    else:
        doubled = contract.doubling is not Doubling.UNDOUBLED
        played = "played: their contract, " + ("doubled" if doubled else "undoubled")
    return wanted, played


def standard_error(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for fewer than two)."""
    return statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0


def side_hcp(deal: Deal, side: Side) -> int:
    return sum(deal[seat].hcp for seat in SEATS if seat.side is side)


def contradictions(board: Board, calls: Sequence[Call], index: int, hand: CardSet) -> list[str]:
    """What the card says the call at ``index`` shows (its structured meaning under the robots' system)
    that the caller's own ``hand`` contradicts."""
    meaning = meaning_of(calls, index, dealer=board.dealer, vulnerability=board.vulnerability)
    return check.contradictions(meaning.facts, HandInfo.of(hand))


@dataclass
class Bidding:
    deals: int = 0
    imp_vs_par: list[int] = field(default_factory=list)
    games_makeable: int = 0
    games_reached: int = 0
    games_reached_made: int = 0
    slams_makeable: int = 0
    slams_reached: int = 0
    slams_reached_made: int = 0
    games_bid: int = 0
    games_failed: int = 0
    slams_bid: int = 0
    slams_failed: int = 0
    strong_below_game: int = 0
    strong_below_game_paid: int = 0
    """Of those, the boards where the side scored at least what its best makeable game would have (mostly
    a penalty double of the opponents' sacrifice or of their contract)."""
    passed_out_22: int = 0
    par_gap: Counter[tuple[str, str]] = field(default_factory=Counter)
    """|IMP| against par summed by what par is and what was played (:func:`par_gap_kind`)."""
    par_gap_boards: Counter[tuple[str, str]] = field(default_factory=Counter)
    calls: int = 0
    contradicted: list[str] = field(default_factory=list)

    def add(self, board: Board, calls: Sequence[Call], dd: DDTable,
            said: Sequence[tuple[Seat, Call, str]] = ()) -> None:
        self.deals += 1
        deal = board.deal
        contract = contract_of(board.dealer, calls)
        result = table_score(board, contract, dd)
        best = par(dd, board.vulnerability, board.dealer)
        self.imp_vs_par.append(imps(result - best.score_ns))
        kind = par_gap_kind(contract, best)
        self.par_gap[kind] += abs(self.imp_vs_par[-1])
        self.par_gap_boards[kind] += 1
        if contract is None and max(side_hcp(deal, s) for s in Side) >= 22:
            self.passed_out_22 += 1
        for side in Side:
            mine = contract is not None and contract.declarer.side is side
            level = contract.level if contract is not None and mine else 0
            game = mine and contract is not None and level >= _GAME_LEVEL[contract.denomination]
            made = mine and contract is not None and dd[contract.declarer, contract.denomination] - 6 >= level
            if makes_game(dd, side):
                self.games_makeable += 1
                self.games_reached += game
                self.games_reached_made += game and made
                if side_hcp(deal, side) >= 26 and not game:
                    self.strong_below_game += 1
                    ours = result if side is Side.NS else -result
                    self.strong_below_game_paid += ours >= game_score(board, dd, side)
            if best_level(dd, side) >= 6:
                self.slams_makeable += 1
                self.slams_reached += level >= 6
                self.slams_reached_made += level >= 6 and made
            if game and level < 6:
                self.games_bid += 1
                self.games_failed += not made
            if level >= 6:
                self.slams_bid += 1
                self.slams_failed += not made
        for index, (seat, call, text) in enumerate(said):
            self.calls += 1
            bad = contradictions(board, calls, index, deal[seat])
            if bad:
                self.contradicted.append(f"board {board.number} {seat.name[0]} {call} after "
                                         f"{' '.join(map(str, calls[:index])) or '-'}: {text!r}: {bad}")

    def summary(self) -> dict[str, Any]:
        def share(a: int, b: int) -> float:
            return round(100 * a / b, 1) if b else 0.0
        return {
            "deals": self.deals,
            "mean |IMP| vs par": round(statistics.mean(abs(x) for x in self.imp_vs_par), 2),
            "mean IMP vs par": round(statistics.mean(self.imp_vs_par), 2),
            "makeable games reached %": share(self.games_reached, self.games_makeable),
            "makeable games reached and made %": share(self.games_reached_made, self.games_makeable),
            "makeable slams reached %": share(self.slams_reached, self.slams_makeable),
            "makeable slams reached and made %": share(self.slams_reached_made, self.slams_makeable),
            "games bid that fail %": share(self.games_failed, self.games_bid),
            "slams bid that fail %": share(self.slams_failed, self.slams_bid),
            "26+ HCP below a makeable game, % of boards": share(self.strong_below_game, self.deals),
            "  of which scoring at least the game, % of boards": share(self.strong_below_game_paid,
                                                                      self.deals),
            "passed out with 22+ HCP": self.passed_out_22,
            "explanations contradicted by the hand %": share(len(self.contradicted), self.calls),
            "makeable games / slams": f"{self.games_makeable} / {self.slams_makeable}",
        }

    def par_gap_table(self) -> list[dict[str, Any]]:
        """Where the mean |IMP| against par comes from, the largest part first: each kind of board's
        count, its |IMP| per board of the whole run and its share of the total."""
        total = sum(self.par_gap.values()) or 1
        return [{"par": wanted, "played": played, "boards": self.par_gap_boards[wanted, played],
                 "|IMP| per board": round(imp / self.deals, 3), "share %": round(100 * imp / total, 1)}
                for (wanted, played), imp in self.par_gap.most_common() if imp]


# --- card play ------------------------------------------------------------------------------------------

@dataclass
class Card_:
    """One card a robot chose, judged against the double-dummy solution of the actual position."""

    board: int
    trick: int
    place: int
    """0 for a lead, 1-3 for the second to fourth card of the trick."""
    declarer: bool
    choices: int
    """Legal cards (1: forced)."""
    values: int
    """Distinct double-dummy values among them (1: every card is as good as any other)."""
    good: bool
    loss: int
    """Tricks the card costs double dummy (0 when DD-optimal)."""
    seconds: float


@dataclass
class Playing:
    """Four robots play deals to the end (the robots bid them first, with no time limit on the bidding
    simulation, so the same deals give the same auctions whatever the machine's load)."""

    cards: list[Card_] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)

    def play(self, board: Board, samples: int, seed: int, carding: Carding | None = STANDARD) -> None:
        table = Table.new(board)
        robots = {seat: Robot(seat, samples=samples, seed=seed + board.number, bidding=Settings(budget=None),
                              carding=carding) for seat in SEATS}
        while table.phase is not Phase.ENDED:
            event: Event | None = None
            if table.turn is DIRECTOR and table.claim is not None and table.play is not None:
                solved = solve_position(table.play)
                mine = solved.max_tricks if solved.turn.side is table.claim.seat.side else (
                    solved.tricks_left - solved.max_tricks)
                event = ClaimRuled(mine)
            for seat in SEATS:
                view = table.view(seat)
                start = time.process_time()
                action = robots[seat].act(view)
                spent = time.process_time() - start
                if action is None:
                    continue
                if isinstance(action, CardPlayed) and table.play is not None:
                    self.times.append(spent)
                    self._judge(board, table, action, spent)
                event = event or action
            assert event is not None
            table = table.apply(event)
        self.history.append({"board": board.number, "deal": board.deal.to_pbn(),
                             "calls": [str(c.call.call) for c in table.view(Seat.NORTH).calls],
                             "cards": [str(c) for c in table.play.cards] if table.play else [],
                             "declarer_tricks": table.declarer_tricks})

    def _judge(self, board: Board, table: Table, action: CardPlayed, spent: float) -> None:
        play, contract = table.play, table.contract
        assert play is not None and contract is not None
        solved = solve_position(play)
        values = dict(solved.cards)
        best = max(values.values())
        self.cards.append(Card_(board.number, len(play.winners) + 1, len(play.current_trick.cards),
                                action.seat.side is contract.declarer.side, len(values),
                                len(set(values.values())), values.get(action.card) == best,
                                best - values[action.card], spent))

    def summary(self) -> dict[str, Any]:
        def rate(xs: list[Card_]) -> float:
            return round(100 * sum(c.good for c in xs) / len(xs), 2) if xs else 0.0
        judged = [c for c in self.cards if c.choices > 1]   # one legal card: forced, not judged
        declarer = [c for c in judged if c.declarer]
        defence = [c for c in judged if not c.declarer]
        leads = [c for c in judged if c.trick == 1 and c.place == 0]
        out: dict[str, Any] = {
            "declarer DD-optimal %": rate(declarer), "declarer cards": len(declarer),
            "defence DD-optimal %": rate(defence), "defence cards": len(defence),
            "opening leads DD-optimal % (DDOLAR)": rate(leads), "opening leads": len(leads),
            "tricks lost double dummy per deal": round(sum(c.loss for c in judged)
                                                       / max(1, len(self.history)), 3),
        }
        for side, group in (("declarer", declarer), ("defence", defence)):
            real = [c for c in group if c.values > 1]
            out[f"{side} DD-optimal % when a card can cost"] = f"{rate(real)} ({len(real)} cards)"
        for trick in range(1, 14):
            group = [c for c in judged if c.trick == trick]
            dec = [c for c in group if c.declarer]
            dfn = [c for c in group if not c.declarer]
            if group:
                out[f"trick {trick:2}: declarer / defence %"] = (f"{rate(dec):6.2f} / {rate(dfn):6.2f}  "
                                                               f"({len(dec)} / {len(dfn)} cards)")
        for trick, what in ((1, "tricks 1-3"), (4, "tricks 4-13")):
            chosen = [c.seconds for c in self.cards if (c.trick <= 3) == (trick == 1)]
            out.update(timing(f"card, {what},", chosen))
        return {**out, **timing("card", self.times)}


def timing(what: str, times: list[float]) -> dict[str, float]:
    if not times:
        return {}
    ordered = sorted(times)
    return {f"{what} CPU median ms": round(1000 * statistics.median(ordered), 2),
            f"{what} CPU p95 ms": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 2),
            f"{what} CPU max ms": round(1000 * ordered[-1], 2)}


def cached_tables(deals: list[Board], seed: int) -> list[DDTable]:
    """The deals' double-dummy tables, kept between runs in the system's temporary folder (they take about
    0.3 s of CPU each)."""
    path = Path(tempfile.gettempdir()) / f"tenace-strength-{seed}.json"
    known: dict[str, list[list[int]]] = json.loads(path.read_text()) if path.exists() else {}
    missing = [b.deal for b in deals if b.deal.to_pbn() not in known]
    for deal, table in zip(missing, dd_tables(missing), strict=True):
        known[deal.to_pbn()] = [list(row) for row in table.tricks]
    if missing:
        path.write_text(json.dumps(known))
    return [DDTable.from_rows(known[b.deal.to_pbn()]) for b in deals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--play", type=int, default=0, help="also play the first K deals")
    parser.add_argument("--samples", type=int, default=20, help="card-play samples (default 20)")
    parser.add_argument("--versus", help="git revision whose robots bid against these, head to head")
    parser.add_argument("--rules-only", action="store_true", help="bid by the rules alone, no simulation")
    parser.add_argument("--versus-rules", action="store_true",
                        help="head to head: these robots simulating against the same robots bidding by the "
                             "rules alone")
    parser.add_argument("--bid-samples", type=int, help="deals simulated at a choice point")
    parser.add_argument("--margin", type=float, help="simulation's margin (default: the robots')")
    parser.add_argument("--confidence", type=float, help="simulation's confidence (default: the robots')")
    parser.add_argument("--budget", type=float,
                        help="simulation's wall-clock budget per call in seconds (default: none, so "
                             "that runs repeat exactly)")
    parser.add_argument("--boards-json", type=Path,
                        help="write each board's auction and IMPs against par here (with --versus-rules: "
                             "both tables' auctions and the swing), to pair two runs board by board")
    parser.add_argument("--show", type=int, default=0, help="print the first N contradicted explanations")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--cards", type=Path, help="write every card played and judged here (with --play)")
    parser.add_argument("--carding", default="standard",
                        help="the robots' signals in the play: standard, upside-down or none")
    args = parser.parse_args()

    deals = boards(args.deals, args.seed)
    tables = cached_tables(deals, args.seed)
    settings = Settings(budget=args.budget)
    for name in ("bid_samples", "margin", "confidence"):
        value = getattr(args, name)
        if value is not None:
            settings = replace(settings, **{"samples" if name == "bid_samples" else name: value})
    robots = Robots(args.seed, simulate=not args.rules_only, settings=settings)
    bidding = Bidding()
    # with --versus-rules, each board's two head-to-head tables right after its own auction: they share
    # its calls up to the first that differs (the robots remember them), and a run stopped early still
    # gives the boards done so far (the progress lines, and --boards-json rewritten every 25 boards)
    rules = Robots(args.seed, simulate=False) if args.versus_rules else None
    swings: list[int] = []
    rows: list[dict[str, Any]] = []
    for n, (board, dd) in enumerate(zip(deals, tables, strict=True), 1):
        calls, said = robots.bid(board)
        bidding.add(board, calls, dd, said)
        if rules is not None:
            one_calls = mixed_auction(board, robots.bidder, rules.bidder)
            two_calls = mixed_auction(board, rules.bidder, robots.bidder)
            one = table_score(board, contract_of(board.dealer, one_calls), dd)
            two = table_score(board, contract_of(board.dealer, two_calls), dd)
            swings.append(imps(one - two))
            rows.append({"board": board.number, "simulation NS": [str(c) for c in one_calls],
                         "simulation EW": [str(c) for c in two_calls], "imps": swings[-1],
                         "simulation all": [str(c) for c in calls],
                         "all IMP vs par": bidding.imp_vs_par[-1]})
        else:
            rows.append({"board": board.number, "calls": [str(c) for c in calls],
                         "IMP vs par": bidding.imp_vs_par[-1]})
        if n % 25 == 0:
            par_gap = statistics.mean(abs(x) for x in bidding.imp_vs_par)
            line = f"... {n} boards: mean |IMP| vs par {par_gap:.3f}"
            if swings:
                error = standard_error(swings)
                line += (f", head to head {sum(swings):+d} IMPs ({sum(swings) / n:+.3f} per board, "
                         f"s.e. {error:.3f})")
            if args.boards_json:
                args.boards_json.write_text(json.dumps(rows, indent=1))
            timed = {**timing("call", robots.times), **timing("choice point", robots.choice_times)}
            line += f", calls {len(robots.times)}, choice points {len(robots.choice_times)} {timed}"
            print(line, file=sys.stderr, flush=True)
    figures: dict[str, Any] = {"bidding": {**bidding.summary(), **timing("call", robots.times),
                                           **timing("call at a choice point", robots.choice_times)}}
    for key, value in figures["bidding"].items():
        print(f"{key:<48} {value}")
    for line in bidding.contradicted[:args.show]:
        print("  ", line)
    figures["distance from par"] = bidding.par_gap_table()
    print("where the distance from par comes from (the side par favours):")
    for row in figures["distance from par"]:
        print(f"  {row['par']:<34} {row['played']:<36} {row['boards']:>5} boards "
              f"{row['|IMP| per board']:>6.3f} |IMP| a board {row['share %']:>5.1f} %")

    if args.versus:
        other = OtherRevision(args.versus)
        try:
            swings = []
            for board, dd in zip(deals, tables, strict=True):
                one = table_score(board, contract_of(board.dealer, mixed_auction(board, robots.bidder,
                                                                                 other.bidder)), dd)
                two = table_score(board, contract_of(board.dealer, mixed_auction(board, other.bidder,
                                                                                 robots.bidder)), dd)
                swings.append(imps(one - two))
        finally:
            other.close()
        mean = statistics.mean(swings)
        error = standard_error(swings)
        figures["versus"] = {"revision": args.versus, "boards": len(swings), "IMPs per board": round(mean, 3),
                             "standard error": round(error, 3)}
        print(f"head to head against {args.versus}: {mean:+.3f} IMPs per board "
              f"(standard error {error:.3f}) over {len(swings)} boards")

    if args.versus_rules:
        mean = statistics.mean(swings)
        error = standard_error(swings)
        figures["versus rules"] = {"boards": len(swings), "IMPs per board": round(mean, 3),
                                   "standard error": round(error, 3),
                                   "boards that differ": sum(1 for row in rows
                                                             if row["simulation NS"] != row["simulation EW"])}
        print(f"head to head, simulation against the rules alone: {mean:+.3f} IMPs per board "
              f"(standard error {error:.3f}) over {len(swings)} boards")

    if args.boards_json:
        args.boards_json.write_text(json.dumps(rows, indent=1))

    if args.play:
        playing = Playing()
        for board in deals[:args.play]:
            carding = None if args.carding == "none" else carding_of(args.carding)
            playing.play(board, args.samples, args.seed, carding)
        figures["play"] = playing.summary()
        for key, value in figures["play"].items():
            print(f"{key:<48} {value}")
        if args.cards:
            args.cards.write_text(json.dumps({"boards": playing.history,
                                              "cards": [vars(c) for c in playing.cards]}))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
