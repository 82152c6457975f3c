"""Layer 3b of the PBN reader: a raw game to a :class:`PBNGame` (the typed game and its
:class:`~tenace.record.DealRecord`), with the checks that involve several tags.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Final

from tenace.analysis import DDTable, Par
from tenace.board import Vulnerability, dealer_for
from tenace.contract import Contract
from tenace.deal import Deal, PartialDeal
from tenace.formats.pbn.auction_section import AuctionSection, first_caller, read_auction
from tenace.formats.pbn.dd import ParContract
from tenace.formats.pbn.grammar import Comment, RawGame, RawTag
from tenace.formats.pbn.play_section import PlaySection, read_play
from tenace.formats.pbn.problems import PBNProblem, Problems, Severity, TagContext
from tenace.formats.pbn.tables import PBNTable, read_table
from tenace.formats.pbn.tags import (
    DEFAULT_TAG_PARSERS,
    UNKNOWN,
    ContractValue,
    DeclarerValue,
    ResultValue,
    RubberHistory,
    SideValue,
    TagParser,
)
from tenace.record import DealRecord
from tenace.scoring.points import score
from tenace.seats import Seat

MANDATORY: Final = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                    "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
"""The Mandatory Tag Set in export order (§3.4)."""
SECTIONS: Final = frozenset({"Auction", "Play", "Note"})
RECORD_TAGS: Final = frozenset({"Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
                                "Declarer", "Contract", "Result"}) | SECTIONS
"""Tags whose meaning goes into :class:`DealRecord` fields rather than :attr:`DealRecord.extra`."""
_NAME_TAGS: Final = ("North", "East", "South", "West")  # DealRecord.players order


def is_table(name: str) -> bool:
    """Whether a tag is a table (§5.2): its name ends in ``Table``."""
    return name.endswith("Table")


@dataclass(frozen=True, slots=True)
class PBNGame:
    """One game of a PBN file: the record of the deal, every tag as written, the typed values and sections,
    and the problems found, each with its line number.

    >>> from tenace.formats.pbn import read_games
    >>> game = next(read_games('[Board "3"]\\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 '
    ...                        '6543.876.876.876 2.5432.5432.5432"]\\n[Contract "7NT"]\\n[Declarer "N"]\\n'
    ...                        '[Result "13"]\\n[Score "NS 1520"]'))
    >>> game.record.number, str(game.record.contract), game.record.score_ns(), game.score_ns
    (3, '7NTN', 1520, 1520)
    >>> game.errors, game.tag("Score")
    ((), 'NS 1520')
    """

    record: DealRecord
    tags: tuple[RawTag, ...]
    values: Mapping[str, object] = field(default_factory=dict, compare=False)
    """Typed values by tag name (see :data:`~tenace.formats.pbn.tags.DEFAULT_TAG_PARSERS`)."""
    auction: AuctionSection | None = None
    play: PlaySection | None = None
    tables: tuple[PBNTable, ...] = ()
    problems: tuple[PBNProblem, ...] = ()
    source: str = "<pbn>"
    lineno: int = 0
    comments: tuple[Comment, ...] = ()
    """Comments before the first tag."""

    @property
    def errors(self) -> tuple[PBNProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[PBNProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)

    def tag(self, name: str) -> str | None:
        """The value of a tag (inheritance resolved), or ``None`` if the game does not have it."""
        for t in self.tags:
            if t.name == name:
                return t.value
        return None

    def table(self, name: str) -> PBNTable | None:
        for t in self.tables:
            if t.name == name:
                return t
        return None

    @property
    def dd_table(self) -> DDTable | None:
        """The double-dummy table: from ``OptimumResultTable``, else ``DoubleDummyTricks``, else
        ``Ability``."""
        table = self.table("OptimumResultTable")
        if table is not None:
            try:
                return table.to_dd_table()
            except ValueError:
                pass
        for name in ("DoubleDummyTricks", "Ability"):
            value = self.values.get(name)
            if isinstance(value, DDTable):
                return value
        return None

    def _side_value(self, name: str) -> Decimal | None:
        value = self.values.get(name)
        if not isinstance(value, SideValue):
            return None
        return value.for_ns(self.record.contract.declarer if self.record.contract is not None else None)

    @property
    def score_ns(self) -> int | None:
        """North-South's score from the ``Score`` tag (§4.2.1)."""
        value = self._side_value("Score")
        return int(value) if value is not None else None

    @property
    def optimum_score_ns(self) -> int | None:
        """North-South's double-dummy optimum score (``OptimumScore``, §4.2.7)."""
        value = self._side_value("OptimumScore")
        return int(value) if value is not None else None

    @property
    def par(self) -> Par | None:
        """The par result from ``OptimumScore`` and ``ParContract`` (when given): one contract per seat that
        can declare it (``"NS 4S"`` gives 4S by North and by South), in bid order, then seat order, as
        :func:`tenace.solver.dds.par` gives them."""
        ns = self.optimum_score_ns
        if ns is None:
            return None
        contracts = self.values.get("ParContract", ())
        pars = [(Contract(p.level, p.denomination, seat, p.doubling), p.tricks)
                for p in (contracts if isinstance(contracts, tuple) else ()) if isinstance(p, ParContract)
                for seat in p.declarers]
        pars.sort(key=lambda ct: (ct[0].bid.index, ct[0].declarer.index))
        return Par(ns, tuple(pars))


def interpret(raw: RawGame, source: str = "<pbn>",
              parsers: Mapping[str, TagParser] = DEFAULT_TAG_PARSERS) -> PBNGame:
    """Give a raw game its meaning: typed values, sections, the record and the cross checks."""
    problems = Problems(source)
    problems.extend(raw.problems)
    values: dict[str, object] = {}
    tables: list[PBNTable] = []
    notes: dict[str, list[RawTag]] = {"Auction": [], "Play": []}
    owner: str | None = None
    ctx = TagContext()
    for tag in raw.tags:
        name = tag.name
        if name == "Note":
            if owner is None:
                problems.error(tag.lineno, "note-position",
                               "a Note tag belongs right after the auction or play section (§3.5.5)")
            else:
                notes[owner].append(tag)
            continue
        if name == "Auction" or name == "Play":
            owner = name
            continue
        owner = None
        if name.endswith("Table"):  # is_table
            table = read_table(tag, problems)
            if table is not None:
                tables.append(table)
                values[name] = table
            continue
        if tag.items and (name in parsers or name in MANDATORY):
            problems.error(tag.items[0].lineno, "text-outside-tag",
                           f"data {tag.items[0].text!r} after tag {name}, which has no section")
        parser = parsers.get(name)
        if parser is None:
            values[name] = tag.value
            continue
        try:
            values[name] = parser(tag.value, ctx)
        except ValueError as exc:
            problems.error(tag.lineno, name.lower(), f"{name}: {exc}")
        if ctx.warnings:
            for code, message in ctx.warnings:
                problems.warning(tag.lineno, code, f"{name}: {message}")
            ctx = TagContext()
    return _Interpreter(raw, values, tables, notes, problems).game(source)


class _Interpreter:
    def __init__(self, raw: RawGame, values: dict[str, object], tables: list[PBNTable],
                 notes: dict[str, list[RawTag]], problems: Problems) -> None:
        self.raw = raw
        self.values = values
        self.tables = tables
        self.notes = notes
        self.problems = problems

    def typed(self, name: str, kind: type[object]) -> object | None:
        value = self.values.get(name)
        return value if isinstance(value, kind) else None

    def line(self, name: str) -> int | None:
        tag = self.raw.get(name)
        return tag.lineno if tag is not None else None

    def game(self, source: str) -> PBNGame:
        raw, problems = self.raw, self.problems
        number = self.values.get("Board")
        number = number if isinstance(number, int) else None
        dealer = self.values.get("Dealer")
        dealer = dealer if isinstance(dealer, Seat) else None
        vul = self.values.get("Vulnerable")
        vul = vul if isinstance(vul, Vulnerability) else None
        deal = self.values.get("Deal")
        deal = deal if isinstance(deal, Deal | PartialDeal) else None
        declarer_value = self.typed("Declarer", DeclarerValue)
        assert declarer_value is None or isinstance(declarer_value, DeclarerValue)
        contract_value = self.typed("Contract", ContractValue)
        assert contract_value is None or isinstance(contract_value, ContractValue)
        result = self.typed("Result", ResultValue)
        assert result is None or isinstance(result, ResultValue)
        declarer = declarer_value.seat if declarer_value is not None else None

        auction: AuctionSection | None = None
        auction_tag = raw.get("Auction")
        if auction_tag is not None:
            auction_dealer = dealer
            if dealer is None:
                first = first_caller(auction_tag.value)
                if first is not None and raw.get("Dealer") is None:
                    # the Auction tag names the player who called first, the dealer (§3.5): taken from it
                    problems.warning(auction_tag.lineno, "auction-dealer",
                                     f"no Dealer tag: the dealer is {first.name.title()}, who called first "
                                     "by the Auction tag (§3.5)")
                    dealer = auction_dealer = first
                else:
                    if "Dealer" not in self.values or self.values.get("Dealer") is None:
                        problems.error(auction_tag.lineno, "auction-dealer",
                                       "an auction section needs the Dealer tag (§3.1)")
                    auction_dealer = dealer_for(number) if number is not None else None
            auction = read_auction(auction_tag, self.notes["Auction"], auction_dealer, problems)

        contract: Contract | None = None
        passed_out = contract_value is not None and contract_value.passed_out
        if contract_value is not None and contract_value.passed_out and declarer is not None:
            problems.warning(self.line("Declarer"), "declarer",
                             f"Declarer {declarer} for a passed-out board; PBN leaves it empty (§3.4.13)")
        if contract_value is not None and declarer is not None:
            contract = contract_value.contract(declarer)
        if auction is not None:
            self._check_auction(auction, contract_value, declarer_value)
            if contract_value is None and declarer is None:  # the auction says what the tags do not
                passed_out = auction.passed_out
                contract = auction.contract if auction.complete else None

        play: PlaySection | None = None
        play_tag = raw.get("Play")
        if play_tag is not None:
            if contract_value is None and declarer is None and auction is not None and \
                    auction.complete and auction.contract is not None:
                reached = auction.contract  # the auction says what the tags do not (§3.1)
                problems.warning(play_tag.lineno, "play-contract",
                                 "no Contract and Declarer tags; the play follows the auction's contract")
                contract_value = ContractValue(False, reached.level, reached.denomination, reached.doubling)
                declarer_value = DeclarerValue(reached.declarer)
            play = self._play(play_tag, deal, contract_value, declarer_value)

        tricks = result.tricks_for(contract.declarer if contract is not None else declarer) \
            if result is not None and not passed_out else None
        self._check_result(result, tricks, passed_out, contract, play)
        self._check_other(vul, contract, tricks)

        claim = None
        if play is not None and play.finished and tricks is not None and \
                len(play.cards) < 4 * play.total_tricks:
            claim = tricks
        names = tuple(self._name(n) for n in _NAME_TAGS)
        extra = tuple((t.name, t.value) for t in raw.tags if t.name not in RECORD_TAGS and not t.items
                      and not is_table(t.name) and not (t.name in MANDATORY and t.value == UNKNOWN))
        record = DealRecord(
            number=number, dealer=dealer, vulnerability=vul, deal=deal,
            players=(names[0], names[1], names[2], names[3]),
            calls=auction.calls if auction is not None else None,
            contract=contract, passed_out=passed_out, tricks=tricks,
            play=play.cards if play is not None else (), claim=claim, extra=extra,
        )
        return PBNGame(record, raw.tags, MappingProxyType(self.values), auction, play, tuple(self.tables),
                       problems.items, source, raw.lineno, raw.comments)

    def _name(self, tag: str) -> str | None:
        value = self.values.get(tag)
        return value if isinstance(value, str) and value not in ("", "?") else None

    def _check_auction(self, auction: AuctionSection, contract_value: ContractValue | None,
                       declarer_value: DeclarerValue | None) -> None:
        """The Contract and Declarer tags must agree with the auction when it has ended (Law 22)."""
        if not auction.complete:
            return  # stopped early ('*', '+' or nothing): the tags may say what the auction does not
        line = self.line("Contract") or auction.lineno
        reached = auction.contract
        if contract_value is not None:
            if contract_value.passed_out != (reached is None and auction.complete):
                if contract_value.passed_out or auction.complete:
                    self.problems.error(line, "contract-auction",
                                        f"Contract {str(contract_value)!r} but the auction reaches "
                                        f"{reached.text() if reached else 'all pass'}")
            elif reached is not None and contract_value.level is not None and (
                    contract_value.level, contract_value.denomination, contract_value.doubling) != (
                    reached.level, reached.denomination, reached.doubling):
                self.problems.error(line, "contract-auction", f"Contract {str(contract_value)!r} but the "
                                    f"auction reaches {reached.text()}")
        if declarer_value is not None and declarer_value.seat is not None and reached is not None:
            line = self.line("Declarer") or auction.lineno
            if declarer_value.irregular:
                if declarer_value.seat is not reached.declarer.partner:
                    self.problems.error(line, "declarer-auction",
                                        f"Declarer ^{declarer_value.seat} must be the partner of the "
                                        f"auction's declarer {reached.declarer} (§3.4.13)")
            elif declarer_value.seat is not reached.declarer:
                self.problems.error(line, "declarer-auction",
                                    f"Declarer {declarer_value.seat} but the auction makes "
                                    f"{reached.declarer} declarer (Law 22)")

    def _play(self, tag: RawTag, deal: Deal | PartialDeal | None, contract_value: ContractValue | None,
              declarer_value: DeclarerValue | None) -> PlaySection | None:
        problems = self.problems
        end_position = isinstance(deal, PartialDeal) and all(
            h is None or len(h) < 13 for h in deal.hands)
        if deal is None:
            problems.error(tag.lineno, "play-deal", "a play section needs the Deal tag (§3.1)")
        if contract_value is None or contract_value.denomination is None:
            if contract_value is None or not contract_value.passed_out:
                problems.error(tag.lineno, "play-contract", "a play section needs the Contract tag (§3.1)")
        elif contract_value.passed_out:
            problems.error(tag.lineno, "play-contract", "a play section for a passed-out board")
        if (declarer_value is None or declarer_value.seat is None) and not end_position:
            problems.error(tag.lineno, "play-declarer", "a play section needs the Declarer tag (§3.1)")
        trump_known = contract_value is not None and contract_value.denomination is not None
        trump = contract_value.denomination.suit if contract_value is not None and \
            contract_value.denomination is not None else None
        declarer = declarer_value.seat if declarer_value is not None else None
        return read_play(tag, self.notes["Play"], deal, trump, declarer, problems, trump_known=trump_known)

    def _check_result(self, result: ResultValue | None, tricks: int | None, passed_out: bool,
                      contract: Contract | None, play: PlaySection | None) -> None:
        line = self.line("Result")
        if result is None:
            return
        if passed_out:
            if result.plain == 0 or result.ns == 0 or result.ew == 0:
                self.problems.warning(line, "result", "a passed-out board has an empty Result (§3.4.15)")
            else:
                self.problems.error(line, "result", "a passed-out board has no result (§3.4.15)")
            return
        declarer_value = self.values.get("Declarer")
        if isinstance(declarer_value, DeclarerValue) and declarer_value.seat is None and contract is None:
            self.problems.error(line, "result", "a Result, but the Declarer tag says there is no declarer")
            return
        if tricks is None or play is None or play.declarer_tricks is None or contract is None:
            return
        won, left = play.declarer_tricks, play.total_tricks - play.known_tricks
        if left == 0:
            consistent = tricks == won
            expected = f"{won}, the tricks won in the play"
        else:
            consistent = won <= tricks <= won + left
            expected = f"{won} to {won + left} ({won} won, {left} not shown)"
        if result.irregular:
            if left == 0 and consistent:
                self.problems.error(line, "result", f"Result is marked ^ but equals the {won} tricks won")
        elif not consistent:
            self.problems.error(line, "result", f"Result {tricks} but the play gives {expected}")

    def _check_other(self, vul: Vulnerability | None, contract: Contract | None, tricks: int | None) -> None:
        history = self.values.get("ScoreRubberHistory")
        if isinstance(history, RubberHistory) and vul is not None and history.vulnerability() is not vul:
            self.problems.error(self.line("Vulnerable"), "vulnerable",
                                f"Vulnerable {vul} but ScoreRubberHistory makes it {history.vulnerability()}")
        points = self.values.get("Score")
        if isinstance(points, SideValue) and contract is not None and tricks is not None and vul is not None:
            ns = points.for_ns(contract.declarer)
            law = score(contract, tricks, vulnerable=vul.is_vulnerable(contract.declarer))
            law_ns = law if contract.declarer.side.value == "NS" else -law
            if ns is not None and ns != law_ns:
                self.problems.warning(self.line("Score"), "score-law77",
                                      f"Score {ns} for NS, but Law 77 gives {law_ns} for {contract} "
                                      f"with {tricks} tricks")
        tables: dict[str, DDTable] = {}
        ort = self.values.get("OptimumResultTable")
        if isinstance(ort, PBNTable):
            try:
                tables["OptimumResultTable"] = ort.to_dd_table()
            except ValueError as exc:
                self.problems.warning(ort.lineno, "dd-table", str(exc))
        for name in ("DoubleDummyTricks", "Ability"):
            value = self.values.get(name)
            if isinstance(value, DDTable):
                tables[name] = value
        names = list(tables)
        for other in names[1:]:
            if tables[other] != tables[names[0]]:
                self.problems.warning(self.line(other), "dd-mismatch",
                                      f"{other} and {names[0]} give different double-dummy tricks")

